"""Train cards and payments: the card names, and a multiset of cards with a text form.

Cards are numbered 0..8 in `CARD_NAMES` order; 8 is the locomotive. A `Cards`
value is a tuple of nine counts, one per card name, so it is hashable, cheap to
compare, and prints as ``red*3+loco*1``.
"""
from __future__ import annotations

from typing import Iterable, Mapping

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


def card_index(name: str) -> int:
    """The number of a card name ('red', 'loco', 'purple' ...); ValueError if unknown."""
    key = name.strip().lower()
    if key in CARD_INDEX:
        return CARD_INDEX[key]
    if key in CARD_ALIASES:
        return CARD_ALIASES[key]
    raise ValueError(f"unknown card colour {name!r}: expected one of {', '.join(CARD_NAMES)}")


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
                name, _, n = part.partition("*")
            elif " " in part:
                n, _, name = part.partition(" ")
                n, name = n.strip(), name.strip()
                if not n.isdigit():
                    n, name = name, n
            else:
                name, n = part, "1"
            if not n.strip().isdigit():
                raise ValueError(f"cannot read {part!r} in {text!r}: write cards like red*3+loco*1")
            counts[card_index(name)] += int(n)
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
        """Plain words: '3 red and 1 locomotive'."""
        parts = [f"{n} {'locomotive' + ('s' if n > 1 else '') if i == LOCO else CARD_NAMES[i]}"
                 for i, n in enumerate(self) if n]
        if not parts:
            return "no cards"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


NO_CARDS = Cards()


def card_word(card: int, n: int = 1) -> str:
    if card == LOCO:
        return "locomotive" if n == 1 else "locomotives"
    return CARD_NAMES[card]
