"""The refusals a widget makes itself, all in one place.

A widget refuses, never raises: a method called with something it cannot use shows why in
its status line and changes nothing. The rules' refusals keep the engine's rule ids
(`Reason.rule`, such as "route-taken"); the widget's own are in the ``widget.`` namespace
and listed here with a one-line title, and `refusal()` accepts no other id.
"""
from __future__ import annotations

import math
from numbers import Integral

from ..engine.errors import Reason
from ..engine.i18n import N_, translations

__all__ = ["WIDGET_REFUSALS", "refusal", "refusal_title", "whole_number"]

_, ngettext = translations("widgets")

#: widget refusal id -> what it refuses (in English; `refusal_title` gives it in the language chosen)
WIDGET_REFUSALS: dict[str, str] = {
    "widget.bad-argument": N_("an argument of the wrong kind (not a number, a name or a list the method reads)"),
    "widget.bot-to-move": N_("a human move while a bot is to move"),
    "widget.nothing-to-undo": N_("undo before any human move"),
    "widget.payment-syntax": N_("a payment that cannot be read as cards"),
    "widget.ticket-positions": N_("ticket positions that cannot be read as numbers"),
    "widget.unknown-ticket": N_("a ticket that is not on the board"),
    "widget.unknown-place": N_("a city or country that is not on the board"),
    "widget.unknown-card": N_("a card colour that does not exist"),
    "widget.card-count": N_("a number of cards that is not a whole number of at least 1 (0 or more in a hand)"),
    "widget.not-in-hand": N_("taking away cards the hand does not hold"),
    "widget.unknown-edition": N_("an edition, or an edition option, that does not exist"),
    "widget.players": N_("a number of players the edition is not played by"),
    "widget.position": N_("a hand or cards seen that no position of the game can hold"),
    "widget.first-step": N_("a step before the first one"),
    "widget.last-step": N_("a step after the last one"),
    "widget.unknown-step": N_("a step that does not exist"),
    "widget.not-a-tunnel": N_("a route that is not a tunnel, in the tunnel lab"),
    "widget.no-tunnels": N_("a tunnel question on a board without tunnels"),
    "widget.digs": N_("a number of digs out of range"),
    "widget.game-number": N_("a game number that is not a whole number of 0 or more"),
    "widget.no-human-seat": N_("a game with no human player"),
    "widget.hints-off": N_("a hint in a game whose hints are switched off"),
    "widget.hint-game-over": N_("a hint after the game is over"),
    "widget.hint-hand-hidden": N_("a hint while the hand of the seat to move is hidden"),
    "widget.hint-depots": N_("a hint for a Warehouses & Depots move (where to put a depot, which warehouse to use)"),
}


def refusal(rule: str, text: str) -> Reason:
    """A widget's own refusal (`rule` must be listed in `WIDGET_REFUSALS`)."""
    if rule not in WIDGET_REFUSALS:
        raise KeyError(f"{rule!r} is not a widget refusal id; the ids are {', '.join(WIDGET_REFUSALS)}")
    return Reason(rule, text)


def refusal_title(rule: str) -> str:
    """What the widget refusal `rule` refuses, in the language chosen."""
    return _(WIDGET_REFUSALS[rule])


def whole_number(value, low: int | None = None, high: int | None = None) -> int | None:
    """`value` as an int if it is a whole number (not a bool, not NaN or infinite, not
    fractional) within [low, high]; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, Integral):
        n = int(value)
    elif isinstance(value, float) and math.isfinite(value) and value.is_integer():
        n = int(value)
    else:
        return None
    if (low is not None and n < low) or (high is not None and n > high):
        return None
    return n
