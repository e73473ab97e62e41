"""Actions: small typed values with a one-line text form and a parser.

    >>> parse("claim Denver-Kansas City#2 red*3+loco*1")
    Claim(route='Denver-Kansas City#2', payment=Cards('red*3+loco*1'))
    >>> str(parse("draw deck"))
    'draw deck'

`parse(str(a)) == a` for every action. Route and city names are kept as text;
the game resolves them (see `Game.parse_action`, which also accepts the two
cities in either order).

Errors: text that is not an action raises `ActionSyntaxError`. It is an
`IllegalAction` (and so a `ValueError`) whose reason has the rule id
``action-syntax``, so `State.apply`, `Match.play` and `parse` raise the same
error for the same text, and code that catches `IllegalAction` catches it too.
A text longer than `MAX_TEXT` characters (far longer than any action of any
edition) is refused without being read.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_NAMES, Cards, card_index
from .errors import IllegalAction, Reason, one_sentence
from .i18n import N_, translations
from .digits import digits_value

_, ngettext = translations("engine")

#: The longest action text worth reading. The longest action any edition allows (its longest
#: route key and a payment of every card of the deck) is a few hundred characters at most.
MAX_TEXT = 1000


class ActionSyntaxError(IllegalAction):
    """The text is not an action. The message shows the forms that are (`FORMS`).

    An `IllegalAction` with the rule id ``action-syntax`` (so also a `ValueError`): its
    reason is the message's first sentence, with the action forms in `Reason.accepted`;
    `action` is the text that could not be read. `parse` says the forms in the message
    too; `State.apply` raises it with the reason's sentence as its message, like every
    `IllegalAction`."""

    def __init__(self, message: str, text=None, reason: Reason | None = None):
        if reason is None:
            sentence, _sep, forms = message.partition(forms_separator())
            reason = Reason("action-syntax", one_sentence(sentence), FORMS if forms else ())
        super().__init__(reason, text)
        self.args = (message,)

    def __reduce__(self):
        return type(self), (self.args[0], self.action, self.reason)


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
        return "keep " + (",".join(map(str, self.keep)) or "none")


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


@dataclass(frozen=True, slots=True)
class StoreCard:
    """Warehouses & Depots: start a card draw by putting the deck's top card, unseen, into the
    Warehouse of player `warehouse` (counting from 0, as positions do: 'store 0')."""
    warehouse: int

    def __str__(self):
        return f"store {self.warehouse}"


@dataclass(frozen=True, slots=True)
class PlaceDepot:
    """Warehouses & Depots: place a Depot on a city (the setup placement, or the free action)."""
    city: str

    def __str__(self):
        return f"depot {self.city}"


@dataclass(frozen=True, slots=True)
class CollectWarehouse:
    """Warehouses & Depots: after claiming a route into a Depot's city, take every card of that
    Depot owner's Warehouse (player `warehouse`, counting from 0) for one reserve Depot."""
    warehouse: int

    def __str__(self):
        return f"collect {self.warehouse}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Warehouses & Depots: end the turn without (more) collecting or placing Depots."""

    def __str__(self):
        return "end turn"


Action = (DrawBlind | DrawFaceUp | DrawTickets | KeepTickets | Claim | PayTunnel | AbandonTunnel | BuildStation | Pass
          | StoreCard | PlaceDepot | CollectWarehouse | EndTurn)

FORMS = ("draw deck", "draw red", "draw loco", "tickets", "keep 0,2", "claim Denver-Omaha red*3+loco*1",
         "pay red*1", "abandon", "station Berlin red*2", "pass", "store 1", "depot Paris", "collect 1", "end turn")
# What each form does, said to a student of another language than the forms' own (English)
FORM_MEANINGS = (N_("draw the top card of the deck"), N_("take a face-up red card"), N_("take a face-up locomotive"),
                 N_("draw destination tickets"), N_("keep the offered tickets 0 and 2 (counting from 0)"),
                 N_("claim Denver-Omaha with 3 red cards and 1 locomotive"),
                 N_("pay a tunnel's extra card: 1 red"), N_("give the tunnel up and take the cards back"),
                 N_("build a station in Berlin with 2 red cards"), N_("pass: only when nothing else is possible"),
                 N_("Warehouses & Depots: put the deck's top card into player 2's warehouse (players counting from 0)"),
                 N_("Warehouses & Depots: place a depot in Paris"),
                 N_("Warehouses & Depots: take the cards of player 2's warehouse (players counting from 0)"),
                 N_("Warehouses & Depots: end the turn"))


def explained_forms() -> str:
    """The action forms, as typed (they are code, in English), each followed by what it does in
    the language chosen when that is not English: "draw deck; draw red; ..." in English,
    "draw deck (træk det øverste kort i bunken); ..." in Danish."""
    parts = []
    for form, meaning in zip(FORMS, FORM_MEANINGS):
        said = _(meaning)
        parts.append(form if said == meaning else f"{form} ({said})")
    return "; ".join(parts)


# Translators: before the list of action forms, which stay as written ("draw deck; claim Denver-Omaha red*3 ...")
FORMS_INTRO = N_("Actions look like:")


def forms_separator() -> str:
    """What stands between a syntax error's sentence and the action forms in its message."""
    return f" {_(FORMS_INTRO)} "


def _fail(text: str, why: str):
    shown = text if len(text) <= 80 else text[:60] + "..."
    raise ActionSyntaxError(_("cannot read the action {text}: {why}.").format(text=repr(shown), why=why)
                            + forms_separator() + explained_forms(), text)


def _cards(text: str, whole: str) -> Cards:
    try:
        return Cards.parse(text)
    except ValueError as e:
        _fail(whole, str(e))


def _reads_as_part(part: str) -> bool:
    """Whether `part` (a piece of a payment between two '+') reads as cards of one kind."""
    part = part.strip()
    if part in ("", "none", "-") or part.count(" ") > 2:   # 'red * 3' is the longest form
        return False
    try:
        Cards.parse(part)
    except ValueError:
        return False
    return True


def _payment_start(words: list[str]) -> int | None:
    """The smallest k >= 1 such that ``" ".join(words[k:])`` reads as cards (`Cards.parse`), or None.

    Linear in the length of the text: a tail reads as cards when each of its '+'-separated parts
    does. Going from the last word to the first, the parts after the tail's first part are
    complete and checked once; a part that reads has at most three words, so the first part is
    only tried while it is that short; once a complete part fails, no longer tail can read."""
    best = None
    first: list[str] = []          # the words of the tail's first part (up to 4: more cannot read)
    for k in range(len(words) - 1, 0, -1):
        w = words[k]
        if "+" in w:
            pieces = w.split("+")
            joined = pieces[-1] if k == len(words) - 1 else (
                " ".join([pieces[-1]] + first) if len(first) < 4 else None)
            if joined is None or not _reads_as_part(joined) or not all(map(_reads_as_part, pieces[1:-1])):
                return best
            first = [pieces[0]] if pieces[0] else []
            ok = _reads_as_part(pieces[0])
        else:
            first = [w] + first[:3]
            ok = (_reads_as_part(" ".join(first)) if len(first) < 4 else False) or (
                k == len(words) - 1 and w in ("none", "-"))
        if ok:
            best = k
    return best


def parse(text: str) -> Action:
    """Read an action from its text form. Raises `ActionSyntaxError` if it is not one."""
    if not isinstance(text, str):
        raise ActionSyntaxError(_("an action's text form must be a string, not {type}").format(
            type=type(text).__name__), text)
    if len(text) > MAX_TEXT:
        _fail(text, _("it has {n} characters and no action has more than {most}").format(n=len(text), most=MAX_TEXT))
    s = " ".join(text.split())
    verb, _sep, rest = s.partition(" ")
    verb = verb.lower()
    if verb == "draw":
        if not rest:
            _fail(text, _("say what to draw: 'deck' or a face-up colour"))
        if rest.lower() in ("deck", "blind"):
            return DrawBlind()
        try:
            return DrawFaceUp(CARD_NAMES[card_index(rest)])
        except ValueError as e:
            _fail(text, str(e))
    if verb == "tickets" and not rest:
        return DrawTickets()
    if verb == "keep":
        if rest.lower() == "none":
            return KeepTickets(())
        positions = [digits_value(p) for p in rest.replace(",", " ").split()]
        if not positions or None in positions:
            _fail(text, _("keep takes the positions of the offered tickets, like 'keep 0,2'"))
        return KeepTickets(tuple(positions))
    if verb in ("claim", "station"):
        # the payment is the longest tail that reads as cards ("red*3+loco*1", "red*3 + loco")
        words = rest.split(" ")
        k = _payment_start(words)
        if k is None:
            label, _sep, pay = rest.rpartition(" ")
            if not label or not pay:
                _fail(text, _("claim takes a route and a payment") if verb == "claim" else
                      _("station takes a city and a payment"))
            payment = _cards(pay, text)
        else:
            label, payment = " ".join(words[:k]), _cards(" ".join(words[k:]), text)
        return Claim(label, payment) if verb == "claim" else BuildStation(label, payment)
    if verb == "pay" and rest:
        return PayTunnel(_cards(rest, text))
    if verb == "abandon" and not rest:
        return AbandonTunnel()
    if verb == "pass" and not rest:
        return Pass()
    if verb in ("store", "collect"):
        n = digits_value(rest) if rest and " " not in rest else None
        if n is None:
            _fail(text, _("{verb} takes a player's number, counting from 0, like '{verb} 1'").format(verb=verb))
        return StoreCard(n) if verb == "store" else CollectWarehouse(n)
    if verb == "depot":
        if not rest:
            _fail(text, _("depot takes a city, like 'depot Paris'"))
        return PlaceDepot(rest)
    if verb == "end" and rest.lower() == "turn":
        return EndTurn()
    _fail(text, _("unknown verb") if verb else _("it is empty"))
