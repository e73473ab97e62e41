"""Train cards and payments: the card names, and a multiset of cards with a text form.

Cards are numbered 0..8 in `CARD_NAMES` order; 8 is the locomotive. A `Cards`
value is a tuple of nine counts, one per card name, so it is hashable, cheap to
compare, and prints as ``red*3+loco*1``.
"""
from __future__ import annotations

import numbers
from typing import Iterable, Mapping

from .i18n import N_, translations
from .digits import digits_value, is_digits

_, ngettext = translations("engine")

COLOURS = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
NUM_COLOURS = len(COLOURS)
LOCO = NUM_COLOURS            # the locomotive's card index, after the colours
CARD_NAMES = COLOURS + ("loco",)
GREY_NAME = "gray"            # the colour of a grey route, as the maps spell it
GREY = -1                     # the colour of a grey route's price: any one colour (`payments.Price`)
NUM_KINDS = len(CARD_NAMES)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
# Other spellings people type: the rulebooks call pink "purple", locomotives "wild".
CARD_ALIASES = {"purple": 5, "locomotive": LOCO, "locomotives": LOCO, "wild": LOCO}


# The names a student reads, in the language chosen (`i18n`): a colour on its own ("red",
# "locomotive"), a route's colour after its name ("the red one"), and counted cards ("2 red cards").
# Translators: a train card's colour on its own, as in a list of cards turned over ("red, locomotive")
COLOUR_WORDS = (N_("red"), N_("orange"), N_("yellow"), N_("green"), N_("blue"), N_("pink"), N_("white"),
                N_("black"), N_("locomotive"))
# Translators: a grey route's colour (any one colour pays for it)
GREY_WORD = N_("gray")
# Translators: which of two routes joining the same places, by its colour: "the second X-Y route, the red one"
ONE_OF_COLOUR = {"red": N_("the red one"), "orange": N_("the orange one"), "yellow": N_("the yellow one"),
                 "green": N_("the green one"), "blue": N_("the blue one"), "pink": N_("the pink one"),
                 "white": N_("the white one"), "black": N_("the black one"), GREY_NAME: N_("the gray one")}
# Translators: one card, as in "took a face-up red card"
CARD_WORDS = (N_("red card"), N_("orange card"), N_("yellow card"), N_("green card"), N_("blue card"),
              N_("pink card"), N_("white card"), N_("black card"), N_("locomotive"))
# Translators: cards of a colour, as in "Denver-Omaha is blue: red cards cannot pay for it"
CARDS_OF_COLOUR = (N_("red cards"), N_("orange cards"), N_("yellow cards"), N_("green cards"), N_("blue cards"),
                   N_("pink cards"), N_("white cards"), N_("black cards"), N_("locomotives"))
_COUNTED = (
    lambda n: ngettext("{n} red card", "{n} red cards", n),
    lambda n: ngettext("{n} orange card", "{n} orange cards", n),
    lambda n: ngettext("{n} yellow card", "{n} yellow cards", n),
    lambda n: ngettext("{n} green card", "{n} green cards", n),
    lambda n: ngettext("{n} blue card", "{n} blue cards", n),
    lambda n: ngettext("{n} pink card", "{n} pink cards", n),
    lambda n: ngettext("{n} white card", "{n} white cards", n),
    lambda n: ngettext("{n} black card", "{n} black cards", n),
    lambda n: ngettext("{n} locomotive", "{n} locomotives", n),
)
# Translators: a count of cards of one colour, the word "card(s)" left out: "3 red and 1 locomotive"
# Translators: cards told in short, the last of them of a colour ("3 red", "1 green and 1 pink"): add the noun
# "cards" if your language needs it there
SHORT_CARDS = N_("{cards}")
_SHORT = (
    lambda n: ngettext("{n} red", "{n} red", n),
    lambda n: ngettext("{n} orange", "{n} orange", n),
    lambda n: ngettext("{n} yellow", "{n} yellow", n),
    lambda n: ngettext("{n} green", "{n} green", n),
    lambda n: ngettext("{n} blue", "{n} blue", n),
    lambda n: ngettext("{n} pink", "{n} pink", n),
    lambda n: ngettext("{n} white", "{n} white", n),
    lambda n: ngettext("{n} black", "{n} black", n),
    lambda n: ngettext("{n} locomotive", "{n} locomotives", n),
)


def colour_name(colour) -> str:
    """A card's or a route's colour as a word, in the language chosen: 'red' ('rød'), 'locomotive',
    'gray' (a card index, a card name or a route's colour)."""
    if colour == GREY_NAME or colour == GREY:
        return _(GREY_WORD)
    return _(COLOUR_WORDS[colour if isinstance(colour, int) else card_index(colour)])


def card_word(card: int) -> str:
    """One card of a kind, in words: 'red card' ('rødt kort'), 'locomotive'."""
    return _(CARD_WORDS[card])


def cards_of_colour(card: int) -> str:
    """Cards of a kind, uncounted: 'red cards' ('røde kort'), 'locomotives'."""
    return _(CARDS_OF_COLOUR[card])


def counted_cards(card: int, n: int, shown: str | None = None) -> str:
    """`n` cards of a kind, in words: '1 red card', '2 red cards', '1 locomotive'; the count
    written as `shown` when given (a word in Danish prose: 'fire røde kort', see `narration.cards_text`)."""
    return _COUNTED[card](n).format(n=n if shown is None else shown)


def colour_plural(card: int) -> str:
    """A colour as said of several cards ('red'; 'røde' in Danish), for "both red and blue cards"."""
    return _SHORT[card](2).replace("{n}", "").strip()


def counted_short(card: int, n: int) -> str:
    """`n` cards of a kind, the word "card" left out: '3 red', '1 locomotive'."""
    return _SHORT[card](n).format(n=n)


def route_colour_words(colour: str) -> str:
    """A route told apart by its colour: 'the red one' ('den røde')."""
    return _(ONE_OF_COLOUR[colour])


def card_index(name: str) -> int:
    """The number of a card name ('red', 'loco', 'purple' ...); ValueError if unknown."""
    key = name.strip().lower()
    if key in CARD_INDEX:
        return CARD_INDEX[key]
    if key in CARD_ALIASES:
        return CARD_ALIASES[key]
    raise ValueError(_("unknown card colour {name}: expected one of {names}").format(name=repr(name),
                                                                                   names=", ".join(CARD_NAMES)))


def _is_count(text: str) -> bool:
    """A count of cards is written in the digits 0-9 (`str.isdigit` also takes "²" and "٣")."""
    return is_digits(text)


class Cards(tuple):
    """A multiset of train cards: nine counts in `CARD_NAMES` order.

    >>> Cards.parse("red*3+loco")
    Cards('red*3+loco*1')
    >>> str(Cards.of(red=2, loco=1))
    'red*2+loco*1'
    """

    __slots__ = ()

    def __new__(cls, counts: Iterable[int] = (0,) * NUM_KINDS):
        counts = tuple(counts)
        if len(counts) != NUM_KINDS or any(c < 0 for c in counts):
            raise ValueError(f"a card multiset needs {NUM_KINDS} non-negative counts, got {counts}")
        return tuple.__new__(cls, counts)

    @classmethod
    def of(cls, mapping: Mapping[str, int] | None = None, **named: int) -> "Cards":
        counts = [0] * NUM_KINDS
        for name, n in {**(mapping or {}), **named}.items():
            if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
                # int(1.5) would quietly make it 1 card: a count is a whole number of cards or nothing
                raise ValueError(_("a count of cards is a whole number from 0 up: {name} has {n}").format(
                    name=repr(name), n=repr(n)))
            counts[card_index(name)] += int(n)
        return cls(counts)

    @classmethod
    def from_list(cls, cards: Iterable[int | str]) -> "Cards":
        counts = [0] * NUM_KINDS
        for c in cards:
            counts[c if isinstance(c, int) else card_index(c)] += 1
        return cls(counts)

    @classmethod
    def parse(cls, text: str) -> "Cards":
        """Read ``red*3+loco*1`` (``red*3 + loco``, ``3 red + 1 loco`` are accepted too)."""
        text = text.strip()
        if text in ("", "none", "-"):
            return cls()
        counts = [0] * NUM_KINDS
        for part in text.split("+"):
            part = part.strip()
            if "*" in part:
                name, _star, n = part.partition("*")
            elif " " in part:
                n, _space, name = part.partition(" ")
                n, name = n.strip(), name.strip()
                if not _is_count(n):
                    n, name = name, n
            else:
                name, n = part, "1"
            k = digits_value(n)
            if k is None:
                raise ValueError(_("cannot read {part} in {text}: write cards like red*3+loco*1").format(
                    part=repr(part), text=repr(text)))
            counts[card_index(name)] += k
        return cls(counts)

    @classmethod
    def coerce(cls, value) -> "Cards":
        """Cards from Cards, text ("red*3+loco*1"), a dict ({"red": 3}), nine counts, or None
        (no cards). ValueError/TypeError if it cannot be read."""
        if value is None:
            return cls()
        if isinstance(value, Cards):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, dict):
            return cls.of(value)
        return cls(value)

    @property
    def total(self) -> int:
        return sum(self)

    def as_dict(self) -> dict[str, int]:
        return {CARD_NAMES[i]: n for i, n in enumerate(self) if n}

    def __add__(self, other):  # multiset sum (not tuple concatenation)
        return Cards(a + b for a, b in zip(self, other))

    def __sub__(self, other):
        return Cards(a - b for a, b in zip(self, other))

    def fits_in(self, other) -> bool:
        """True when every card of this multiset is in `other` (a sub-multiset)."""
        return all(a <= b for a, b in zip(self, other))

    def __str__(self) -> str:
        return "+".join(f"{CARD_NAMES[i]}*{n}" for i, n in enumerate(self) if n) or "none"

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    def describe(self) -> str:
        """Plain words: '3 red and 1 locomotive' (in Danish the noun closes a list ending on a
        colour: '1 grønt og 1 lyserødt kort')."""
        parts = [counted_short(i, n) for i, n in enumerate(self) if n]
        if not parts:
            return _("no cards")
        text = parts[0] if len(parts) == 1 else _("{items} and {last}").format(items=", ".join(parts[:-1]),
                                                                              last=parts[-1])
        last = max(i for i, n in enumerate(self) if n)
        return text if last == LOCO else _(SHORT_CARDS).format(cards=text)


NO_CARDS = Cards()

