"""What every teaching widget shares: a status line that shows refusals and errors,
callbacks that never fail silently, and a controller that owns a `Match`.

Shape (see DESIGN.md): a controller is the only code that calls the engine; its
views build one `go.FigureWidget` each and restyle it; every user action is also a
public Python method, so notebooks, tests and browser tests drive the same code.
"""
from __future__ import annotations

import functools
import html
import traceback
from typing import Callable

import ipywidgets as W

from ..engine import IllegalAction, Match


class StatusLine:
    """One visible line: what just happened, or why it was refused."""

    def __init__(self, text: str = ""):
        self.widget = W.HTML()
        self.widget.add_class("ttr-status")
        self.kind = "info"
        self.text = ""
        self.rule: str | None = None
        self.show(text)

    def show(self, text: str, kind: str = "info", rule: str | None = None) -> None:
        colour = {"info": "#234", "ok": "#1a6b1a", "refused": "#a33", "error": "#a00"}[kind]
        self.kind, self.text, self.rule = kind, text, rule
        icon = {"info": "", "ok": "✓ ", "refused": "✗ ", "error": "⚠ "}[kind]
        self.widget.value = (f"<div style='color:{colour};font-size:15px;min-height:1.4em'>"
                             f"{icon}{html.escape(text)}</div>")

    def ok(self, text: str) -> None:
        self.show(text, "ok")

    def refuse(self, reason) -> None:
        """Show the engine's reason (a `Reason`, or anything with .text and .rule)."""
        self.show(reason.text, "refused", getattr(reason, "rule", None))

    def error(self, exc: BaseException) -> None:
        self.show(f"{type(exc).__name__}: {exc}", "error")


class WidgetBase:
    """A teaching widget: `.widget` is the ipywidgets tree; displaying the object displays it."""

    widget: W.Widget
    status: StatusLine

    def __init__(self) -> None:
        self.status = StatusLine()
        self.errors = W.Output(layout=W.Layout(max_height="160px", overflow="auto"))
        self.errors.add_class("ttr-error-log")

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def guarded(self, fn: Callable) -> Callable:
        """Wrap a callback: a refusal shows its reason, any other exception shows in the
        status line and, with its traceback, in the visible error log. Never silent."""
        @functools.wraps(fn)
        def run(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except IllegalAction as e:
                self.status.refuse(e.reason)
            except Exception as e:  # noqa: BLE001 - shown to the user, never swallowed
                self.status.error(e)
                with self.errors:
                    traceback.print_exc()
            return None
        return run


class Controller(WidgetBase):
    """A widget that owns a `Match` and plays actions through it."""

    def __init__(self, match: Match):
        super().__init__()
        self.match = match

    @property
    def game(self):
        return self.match.game

    @property
    def state(self):
        return self.match.state

    def route_or_refuse(self, route) -> int | None:
        """The index of a route (key in either order, index or Route), or None with the
        engine's "unknown route" sentence (naming close matches) in the status line."""
        try:
            return self.game.route_index(route)
        except KeyError as e:
            self.status.show(e.args[0], "refused", "unknown-route")
            return None

    def act(self, action) -> bool:
        """Play an action (or its text). A refusal is shown, not raised; returns whether it
        was played."""
        try:
            self.match.play(action)
        except IllegalAction as e:
            self.status.refuse(e.reason)
            return False
        self.status.ok(f"player {self.match.states[-2].current_player}: {self.match.history[-1]}")
        return True
