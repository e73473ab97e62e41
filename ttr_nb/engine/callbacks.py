"""One small callback list, for every `on_<event>(callback, remove=False)` method.

    >>> changed = Callbacks()
    >>> seen = []
    >>> changed.register(seen.append)
    >>> changed("a move")
    >>> changed.register(seen.append, remove=True)
    >>> changed("another move")
    >>> seen
    ['a move']

The convention of ipywidgets and ipyleaflet: registering a callback twice keeps it once,
removing one that is not registered does nothing, and the callbacks run in the order
they were registered (on a copy of the list, so a callback may remove itself).
"""
from __future__ import annotations

from typing import Callable

__all__ = ["Callbacks"]


class Callbacks:
    """The callbacks of one event."""

    __slots__ = ("_callbacks",)

    def __init__(self) -> None:
        self._callbacks: list[Callable] = []

    def register(self, callback: Callable, remove: bool = False) -> None:
        """Add `callback` (once), or with ``remove=True`` take it away (if it is there)."""
        if not callable(callback):
            raise TypeError(f"a callback must be callable, not {callback!r}")
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def __call__(self, *args) -> None:
        """Call every callback with `args`."""
        for callback in list(self._callbacks):
            callback(*args)

    def __len__(self) -> int:
        return len(self._callbacks)

    def __contains__(self, callback) -> bool:
        return callback in self._callbacks

    def __repr__(self) -> str:
        return f"<Callbacks: {len(self._callbacks)}>"
