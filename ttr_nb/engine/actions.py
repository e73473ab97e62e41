"""Actions: small typed values with a one-line text form and a parser.

    >>> parse("claim Denver-Kansas City#2 red*3+loco*1")
    Claim(route='Denver-Kansas City#2', payment=Cards('red*3+loco*1'))
    >>> str(parse("draw deck"))
    'draw deck'

`parse(str(a)) == a` for every action. Route and city names are kept as text;
the game resolves them (see `Game.parse_action`, which also accepts the two
cities in either order).
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_NAMES, Cards, card_index


class ActionSyntaxError(ValueError):
    """The text is not an action. The message shows the forms that are."""


@dataclass(frozen=True, slots=True)
class DrawBlind:
    """Take the top card of the deck (one of the two cards of a draw)."""

    def __str__(self):
        return "draw deck"


@dataclass(frozen=True, slots=True)
class DrawFaceUp:
    """Take a face-up card of this colour ('loco' for a locomotive)."""
    card: str

    def __str__(self):
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class DrawTickets:
    """Draw destination tickets, then choose which to keep."""

    def __str__(self):
        return "tickets"


@dataclass(frozen=True, slots=True)
class KeepTickets:
    """Keep these tickets (positions in the offer, counting from 0)."""
    keep: tuple[int, ...]

    def __str__(self):
        return "keep " + ",".join(map(str, self.keep))


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim a route with an explicit payment."""
    route: str
    payment: Cards

    def __str__(self):
        return f"claim {self.route} {self.payment}"


@dataclass(frozen=True, slots=True)
class PayTunnel:
    """Pay the extra cards a tunnel asks for, and claim it."""
    extra: Cards

    def __str__(self):
        return f"pay {self.extra}"


@dataclass(frozen=True, slots=True)
class AbandonTunnel:
    """Give up the tunnel: take the payment back; the turn ends."""

    def __str__(self):
        return "abandon"


@dataclass(frozen=True, slots=True)
class BuildStation:
    """Build a station on a city (Europe)."""
    city: str
    payment: Cards

    def __str__(self):
        return f"station {self.city} {self.payment}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing: only legal when no other action is."""

    def __str__(self):
        return "pass"


Action = DrawBlind | DrawFaceUp | DrawTickets | KeepTickets | Claim | PayTunnel | AbandonTunnel | BuildStation | Pass

FORMS = ("draw deck", "draw red", "draw loco", "tickets", "keep 0,2", "claim Denver-Omaha red*3+loco*1",
         "pay red*1", "abandon", "station Berlin red*2", "pass")


def _fail(text: str, why: str):
    raise ActionSyntaxError(f"cannot read the action {text!r}: {why}. Actions look like: " + "; ".join(FORMS))


def _cards(text: str, whole: str) -> Cards:
    try:
        return Cards.parse(text)
    except ValueError as e:
        _fail(whole, str(e))


def parse(text: str) -> Action:
    """Read an action from its text form."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action's text form must be a string, not {type(text).__name__}")
    s = " ".join(text.split())
    verb, _, rest = s.partition(" ")
    verb = verb.lower()
    if verb == "draw":
        if not rest:
            _fail(text, "say what to draw: 'deck' or a face-up colour")
        if rest.lower() in ("deck", "blind"):
            return DrawBlind()
        try:
            return DrawFaceUp(CARD_NAMES[card_index(rest)])
        except ValueError as e:
            _fail(text, str(e))
    if verb == "tickets" and not rest:
        return DrawTickets()
    if verb == "keep":
        parts = [p for p in rest.replace(",", " ").split() if p]
        if not parts or not all(p.isdigit() for p in parts):
            _fail(text, "keep takes the positions of the offered tickets, like 'keep 0,2'")
        return KeepTickets(tuple(int(p) for p in parts))
    if verb in ("claim", "station"):
        # the payment is the longest tail that reads as cards ("red*3+loco*1", "red*3 + loco")
        words = rest.split(" ")
        split = None
        for k in range(1, len(words)):
            try:
                payment = Cards.parse(" ".join(words[k:]))
            except ValueError:
                continue
            split = k
            break
        if split is None:
            label, _, pay = rest.rpartition(" ")
            if not label or not pay:
                _fail(text, f"{verb} takes a {'route' if verb == 'claim' else 'city'} and a payment")
            payment = _cards(pay, text)
        label = " ".join(words[:split]) if split is not None else label
        return Claim(label, payment) if verb == "claim" else BuildStation(label, payment)
    if verb == "pay" and rest:
        return PayTunnel(_cards(rest, text))
    if verb == "abandon" and not rest:
        return AbandonTunnel()
    if verb == "pass" and not rest:
        return Pass()
    _fail(text, "unknown verb" if verb else "it is empty")
