"""What every teaching widget shares: a status line that shows refusals and errors,
callbacks that never fail silently, and a controller that owns a `Match`.

Shape (see DESIGN.md): a controller is the only code that calls the engine; its
views build one `go.FigureWidget` each and restyle it; every user action is also a
public Python method, so notebooks, tests and browser tests drive the same code.

Language: every widget takes ``language=`` ("en", "da"; default: the package's language,
`ttr_nb.language()`) and keeps it as `.language`. Its construction, every method and
property, and every callback run inside ``i18n.using(widget.language)``, so what it shows --
its own texts and the engine's sentences made in its callbacks -- is in that language.
"""
from __future__ import annotations

import functools
import html
import inspect
import traceback
from typing import Callable

import ipywidgets as W

from ..engine import IllegalAction, Match
from ..engine.i18n import language as current_language, translations, using
from ..engine.narration import in_words
from ..engine.queries import find_route
from .arguments import check_language
from .refusals import refusal

_, ngettext = translations("widgets")


def widget_language(code: str | None = None) -> str:
    """The language a widget made with ``language=code`` speaks: `code` ("en", "da"), or the
    package's language for None; a ValueError naming the languages for any other code."""
    if code is None:
        return current_language()
    with using(code) as checked:        # checks the code, names the languages if it is unknown
        return checked


def _in_language(fn: Callable) -> Callable:
    """`fn` (a widget's method) run in the widget's language; `__init__` first settles that
    language from its ``language=`` keyword."""
    constructor = fn.__name__ == "__init__"

    @functools.wraps(fn)
    def run(self, *args, **kwargs):
        code = self.__dict__.get("language")
        if constructor and code is None:
            code = self.language = widget_language(check_language(type(self).__name__, kwargs.get("language")))
        with using(code):
            return fn(self, *args, **kwargs)
    run._in_language = True
    return run


class StatusLine:
    """One visible line: what just happened, or why it was refused."""

    def __init__(self, text: str = "", words: Callable[[str], str] | None = None):
        self.widget = W.HTML()
        self.widget.add_class("ttr-status")
        self.kind = "info"
        self.text = ""
        self.rule: str | None = None
        self.words = words          # puts internal keys in words (a controller's game knows them)
        self.show(text)

    def show(self, text: str, kind: str = "info", rule: str | None = None) -> None:
        if self.words is not None:
            text = self.words(text)
        icon = {"info": "", "ok": "✓ ", "refused": "✗ ", "error": "⚠ "}[kind]
        self.kind, self.text, self.rule = kind, text, rule
        self.widget.value = (f"<div class='ttr-status-line ttr-status-{kind}'>"
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
    language: str

    def __init_subclass__(cls, **kwargs) -> None:
        """Every method and property of a widget class (its own and its mixins') runs in the
        widget's language."""
        super().__init_subclass__(**kwargs)
        for name in dir(cls):
            if name.startswith("__") and name != "__init__":
                continue
            attr = inspect.getattr_static(cls, name)
            if isinstance(attr, property) and attr.fget is not None and not hasattr(attr.fget, "_in_language"):
                setattr(cls, name, property(_in_language(attr.fget), attr.fset, attr.fdel, attr.__doc__))
            elif inspect.isfunction(attr) and not hasattr(attr, "_in_language"):
                setattr(cls, name, _in_language(attr))

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
                with using(self.__dict__.get("language")):
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
        self.status.words = lambda text: in_words(self.game, text)

    @property
    def game(self):
        return self.match.game

    @property
    def state(self):
        return self.match.state

    def refuse(self, rule: str, text: str) -> bool:
        """Show a widget refusal (`rule` from `refusals.WIDGET_REFUSALS`); returns False."""
        self.status.refuse(refusal(rule, text))
        return False

    def route_or_refuse(self, route) -> int | None:
        """The index of a route (key in either order, index or Route), or None with the
        engine's "unknown route" sentence (naming close matches) in the status line."""
        ri, reason = find_route(self.game, route)
        if reason is not None:
            self.status.refuse(reason)
        return ri

    def act(self, action) -> bool:
        """Play an action (or its text). A refusal is shown, not raised; returns whether it
        was played."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError:
                pass                    # the engine's reason names the syntax problem
        try:
            reason = self.state.why_illegal(action)
        except Exception:  # noqa: BLE001 - anything that is not an action is refused below
            reason = refusal("widget.bad-argument", _("{action} is not an action.").format(action=repr(action)))
        if reason is not None:
            self.status.refuse(reason)
            return False
        try:
            self.match.play(action)
        except IllegalAction as e:
            self.status.refuse(e.reason)
            return False
        before, action = self.match.states[-2], self.match.history[-1]
        self.status.ok(". ".join(before.describe(action, after=self.match.state)))
        return True
