"""The checks a widget makes of the arguments it is built with.

A widget's methods refuse (a reason in the status line, nothing changed: `refusals`); its
constructor cannot, as there is no widget yet to show the reason: it raises `ArgumentError`,
which names the widget, the argument and what the argument accepts. Each check here returns
the value it accepts (as the widget uses it) or raises; a widget checks every argument before
it builds anything, so a bad one is refused at once.
"""
from __future__ import annotations

import math

from ..engine.cards import Cards
from ..engine.errors import Reason, short_repr as short
from ..engine.i18n import LANGUAGES, translations
from ..engine.queries import find_route
from ..engine.rules import edition_ids

__all__ = ["ArgumentError", "check_cards", "check_edition", "check_route", "check_flag", "check_language", "check_names", "check_seconds",
           "check_seed", "check_whole", "check_width", "refuse", "short"]

_, ngettext = translations("widgets")

#: The widths a board may be given, in pixels (None: the board fits its cell).
WIDTHS = (200, 5000)


class ArgumentError(ValueError, TypeError):
    """A widget built with an argument it cannot use. `widget` and `argument` name them,
    `text` says what the argument accepts and what it was given; `reason` is the refusal
    (rule "widget.bad-argument"). A ValueError, and a TypeError for the arguments of the
    wrong kind (one class: callers catch either)."""

    def __init__(self, widget: str, argument: str, text: str):
        self.widget = widget
        self.argument = argument
        self.text = text
        self.reason = Reason("widget.bad-argument", text)
        super().__init__(_("{widget}, argument {argument}: {text}").format(widget=widget, argument=argument,
                                                                          text=text))

    def __str__(self) -> str:
        return self.args[0]

    def __reduce__(self):
        return type(self), (self.widget, self.argument, self.text)


def refuse(widget: str, argument: str, accepts: str, value, problem: str = "") -> ArgumentError:
    """The error for `value`, which is not what `argument` accepts (`accepts`, in the language;
    `problem`: what is wrong with it, when that says more)."""
    if problem:
        return ArgumentError(widget, argument, _("it must be {accepts}, not {value} ({problem}).").format(
            accepts=accepts, value=short(value), problem=str(problem).rstrip(".")))
    return ArgumentError(widget, argument, _("it must be {accepts}, not {value}.").format(
        accepts=accepts, value=short(value)))


def check_cards(widget: str, argument: str, value) -> Cards:
    """Cards given as `Cards`, text ("red*3+loco*1"), a dict of whole counts ({"red": 3}), or None."""
    accepts = _("None, cards such as 'red*3+loco*1' or a dict of whole counts such as {'red': 3}")
    if isinstance(value, dict) and not all(isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool)
                                           for k, n in value.items()):
        raise refuse(widget, argument, accepts, value)
    if value is not None and not isinstance(value, (Cards, str, dict)):
        raise refuse(widget, argument, accepts, value)
    try:
        return Cards.coerce(value)
    except ValueError as e:
        raise refuse(widget, argument, accepts, value, str(e)) from None


def check_route(widget: str, game, value, argument: str = "route") -> int | None:
    """None, or the index of a route of `game` given by key, index or `Route`."""
    if value is None:
        return None
    ri, reason = find_route(game, value)
    if reason is not None:
        raise ArgumentError(widget, argument, reason.text)
    return ri


def check_edition(widget: str, value, argument: str = "edition") -> str:
    ids = edition_ids()
    if isinstance(value, str) and value in ids:
        return value
    raise refuse(widget, argument, _("the id of an edition ({ids})").format(ids=", ".join(ids)), value)


def check_flag(widget: str, argument: str, value) -> bool:
    if isinstance(value, bool):
        return value
    raise refuse(widget, argument, _("True or False"), value)


def check_whole(widget: str, argument: str, value, low: int, high: int | None = None) -> int:
    """`value` if it is an int (not a bool) from `low` to `high`."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high):
        return value
    if high is None:
        accepts = _("a whole number of {low} or more").format(low=low)
    else:
        accepts = _("a whole number from {low} to {high}").format(low=low, high=high)
    raise refuse(widget, argument, accepts, value)


def check_seed(widget: str, value, argument: str = "seed") -> int:
    return check_whole(widget, argument, value, 0)


#: The longest wait between two bot moves a widget is given, in seconds.
MOST_SECONDS = 60


def check_seconds(widget: str, argument: str, value) -> float:
    if (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and 0 <= value <= MOST_SECONDS):
        return value
    raise refuse(widget, argument, _("a number of seconds from 0 to {most}").format(most=MOST_SECONDS), value)


def check_width(widget: str, value, argument: str = "board_width") -> int | None:
    if value is None:
        return None
    low, high = WIDTHS
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise refuse(widget, argument, _("None (the board fits its cell) or a width in pixels from {low} to "
                                     "{high}").format(low=low, high=high), value)


def check_names(widget: str, value, players: int, argument: str = "names") -> list[str] | None:
    """None (the widget names the players), or one name (a text) per player."""
    if value is None:
        return None
    if (isinstance(value, (list, tuple)) and len(value) == players
            and all(isinstance(n, str) and n.strip() for n in value)):
        return list(value)
    accepts = ngettext("None or a list of {n} name (a text, not empty), one per player",
                       "None or a list of {n} names (texts, not empty), one per player", players).format(n=players)
    raise refuse(widget, argument, accepts, value)


def check_language(widget: str, value, argument: str = "language") -> str | None:
    if value is None or (isinstance(value, str) and value in LANGUAGES):
        return value
    accepts = _("None (the package's language) or {codes}").format(
        codes=", ".join(f"{c!r} ({name})" for c, name in LANGUAGES.items()))
    raise refuse(widget, argument, accepts, value)

