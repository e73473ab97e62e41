"""What every teaching widget shares: a status line that shows refusals and errors,
callbacks that never fail silently, and a controller that owns a `Match`.

Shape (see DESIGN.md): a controller is the only code that calls the engine; its
views build one `go.FigureWidget` each and restyle it; every user action is also a
public Python method, so notebooks, tests and browser tests drive the same code.

Language: every widget takes ``language=`` ("en", "da"; default: the package's language,
`ttr_nb.language()`) and keeps it as `.language`. Its construction, every method and
property, and every callback run inside ``i18n.using(widget.language)``, so what it shows --
its own texts and the engine's sentences made in its callbacks -- is in that language.

A teaching widget *is* an ipywidget: a `VBox` whose children are its controls and its board,
so it goes into an `HBox`, a `VBox` or a `Tab` like any widget, has a `.layout`, and shows its
state as traits a user can `observe` or `link` (``language`` here, ``selected_route`` on a
`Controller`, ``position`` and ``actions_played`` on a game). The traits are refreshed after
every call from outside -- a method, a click, a change of a control -- so an observer sees the
state the call left, never a half-done one. Setting a writable trait (``selected_route``) does
what the matching method does, refusals shown in the status line as for a click.
"""
from __future__ import annotations

import functools
import html
import inspect
import traceback
from typing import Callable

import ipywidgets as W
from traitlets import Int, Unicode

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


#: the libraries a widget class inherits from: their methods are never wrapped
_FOREIGN = ("ipywidgets", "traitlets", "comm", "IPython")


def _foreign(fn: Callable) -> bool:
    return (getattr(fn, "__module__", None) or "").split(".")[0] in _FOREIGN


def _in_language(fn: Callable, publish: bool = True) -> Callable:
    """`fn` (a widget's method) run in the widget's language; `__init__` first settles that
    language from its ``language=`` keyword. When the outermost call of a method (``publish``;
    not a property) returns, the widget's traits are brought up to date (`WidgetBase._publish`)."""
    constructor = fn.__name__ == "__init__"

    @functools.wraps(fn)
    def run(self, *args, **kwargs):
        code = self._trait_values.get("language")
        outermost = constructor and code is None
        if outermost:
            code = widget_language(check_language(type(self).__name__, kwargs.get("language")))
            self.set_trait("language", code)
        calls = self._calls
        self._calls = calls + 1
        try:
            with using(code):
                result = fn(self, *args, **kwargs)
                if outermost:
                    self._constructed = True
                if publish and calls == 0 and self._constructed:
                    self._publish()
            return result
        finally:
            self._calls = calls
    run._in_language = True
    return run


def _as_it_is(fn: Callable) -> Callable:
    """Mark a method that runs as it is: neither in the widget's language nor publishing."""
    fn._in_language = True
    return fn


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


class WidgetBase(W.VBox):
    """A teaching widget: an ipywidgets `VBox` holding its controls and its board.

    It composes like any widget (``HBox([table, explorer])``, ``Tab([...])``), has a
    ``.layout`` (``table.layout.width = "50%"``) and its state is traits (``observe``,
    ``ipywidgets.link``). A widget with a board makes its children when it is first shown or
    put into a container (or `build()` is called), so one driven from Python alone costs no
    board figure.

    Attributes
    ----------
    language : str, read-only trait
        The language the widget speaks ("en", "da"), settled by its ``language=`` argument.
    widget : the widget itself
        Kept for compatibility: code written when a teaching widget held its ipywidgets tree
        in ``.widget`` keeps working (``VBox([table.widget])`` is ``VBox([table])``).
    """

    language = Unicode(None, allow_none=True, read_only=True,
                       help="The language of the widget's texts: 'en' or 'da'.").tag(sync=True)

    status: StatusLine
    _constructed = False            # the constructor has returned
    _calls = 0                      # the widget's methods running now (one inside another)
    _closing = False

    def __init_subclass__(cls, **kwargs) -> None:
        """Every method and property of a widget class (its own and its mixins', not those of
        ipywidgets or traitlets) runs in the widget's language."""
        super().__init_subclass__(**kwargs)
        for name in dir(cls):
            if name.startswith("__") and name != "__init__":
                continue
            attr = inspect.getattr_static(cls, name)
            if isinstance(attr, property) and attr.fget is not None and not hasattr(attr.fget, "_in_language") \
                    and not _foreign(attr.fget):
                setattr(cls, name, property(_in_language(attr.fget, publish=False), attr.fset, attr.fdel,
                                            attr.__doc__))
            elif inspect.isfunction(attr) and not hasattr(attr, "_in_language") and not _foreign(attr):
                setattr(cls, name, _in_language(attr))

    def __init__(self) -> None:
        super().__init__()
        self.status = StatusLine()
        self.errors = W.Output(layout=W.Layout(max_height="160px", overflow="auto"))
        self.errors.add_class("ttr-error-log")

    # ------------------------------------------------------------------ the children
    def build(self) -> "WidgetBase":
        """Make the widget's children now (a widget makes them itself when it is first shown or
        put into a container); returns the widget."""
        return self

    @property
    def widget(self) -> "WidgetBase":
        """The widget itself, its children made (kept for compatibility: a teaching widget used
        to hold its ipywidgets tree here)."""
        return self.build()

    def _repr_mimebundle_(self, **kwargs):
        self.build()
        return super()._repr_mimebundle_(**kwargs)

    @property
    @_as_it_is
    def model_id(self):
        """The id of the widget's model in the front end. Asked for when the widget is shown or
        put into a container: its children are made first."""
        if self._constructed and not self._closing:
            self.build()
        return super().model_id

    @_as_it_is
    def close(self) -> None:
        self._closing = True
        super().close()

    # ------------------------------------------------------------------ the traits
    def _published(self) -> dict:
        """The traits the widget keeps up to date, each with its value now (subclasses add theirs)."""
        return {}

    @_as_it_is
    def _publish(self) -> None:
        """Bring every published trait up to date. An observer may call the widget again (and
        change it): the traits are set until none differs from the widget's state."""
        for _round in range(10):
            changed = False
            for name, value in self._published().items():
                if self._trait_values.get(name) is not value and getattr(self, name) != value:
                    self.set_trait(name, value)
                    changed = True
            if not changed:
                return

    def guarded(self, fn: Callable) -> Callable:
        """Wrap a callback: a refusal shows its reason, any other exception shows in the
        status line and, with its traceback, in the visible error log. Never silent."""
        @functools.wraps(fn)
        def run(*args, **kwargs):
            try:
                with using(self._trait_values.get("language")):
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


class RouteController(Controller):
    """A controller whose board has a route to select (`select_route`, a click on the board).

    Attributes
    ----------
    selected_route : int or None, trait
        The index of the route selected now (``game.board.routes[i]``), None for none. Setting
        it selects that route as a click on it does (a refusal shows in the status line and
        the trait goes back to the selection); None clears the selection.

    A subclass says what the selection is (`_route_selected`) and has `select_route(route)` and
    `clear_selection()`.
    """

    selected_route = Int(None, allow_none=True,
                         help="The index of the route selected on the board (None: none). Setting it selects "
                              "the route as a click on it does.").tag(sync=True)

    def __init__(self, match: Match):
        super().__init__(match)
        self.observe(self._selected_route_set, names="selected_route")

    def _route_selected(self) -> int | None:
        """The index of the route selected now (None: none)."""
        return None

    def _published(self) -> dict:
        return {**super()._published(), "selected_route": self._route_selected()}

    def _selected_route_set(self, change) -> None:
        if change["new"] == self._route_selected():
            return                      # the widget's own selection, published
        if change["new"] is None:
            self.clear_selection()
        else:
            self.guarded(self.select_route)(change["new"])
