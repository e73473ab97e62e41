"""Whether the agents remember what they worked out (`CACHING`), and a way to play without.

The agents follow the board: a shortest path changes only when a route is claimed, a plan
only when its searches or the seat's tickets do, so each agent keeps its answers until
then (`paths.BoardPaths`, the styles' memos per position, `styles.usable`, per thread), and
the searches of a game's start are shared by every game on the board (`paths._STARTS`).
Every such answer is the one a new computation would give; `uncached()` turns them all off,
so a test can play the same position both ways and compare the choices.
"""
from __future__ import annotations

from contextlib import contextmanager

__all__ = ["CACHING", "uncached"]

#: whether the agents keep their answers (read at every question: `uncached` turns it off)
CACHING = True


@contextmanager
def uncached():
    """Within it, every agent works each answer out again (its caches neither read nor filled)."""
    global CACHING
    before, CACHING = CACHING, False
    try:
        yield
    finally:
        CACHING = before
