"""What a position holds: the list of a `State`'s fields, and its named parts.

`FIELDS` is the one list of what a `State` stores; `State.__slots__`, its copy,
its constructor, the serialisation (`serialize`) and the seat view (`observer`)
follow it (the tests check that each of them covers every field).

The named parts: a tunnel waiting for its extra cards, the last dig, and the
Warehouses & Depots of the Europa 1912 module (`Depots`).

A tunnel is claimed in two steps (RULES §tunnels): the claim lays down a payment and
turns up three cards; if they ask for extra cards the position holds a
`PendingTunnel` until the same player pays (`PayTunnel`) or abandons
(`AbandonTunnel`). `TunnelReveal` records the latest dig, pending or resolved, so a
view can show what came up.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import LOCO, Cards

#: The kinds of move a position waits for (`State.phase`).
PHASES = ("opening", "turn", "draw2", "tickets", "tunnel", "over")
#: The phases of the Warehouses & Depots module (`rules.warehouses`): "depots" (the setup
#: placement, in reverse turn order), "draw1" (the first card of a draw, once the Warehouse
#: card is stored) and "after" (the end of a player's turn: collecting Warehouses after a claim,
#: placing Depots as the free action). A game without the module never reaches them.
DEPOT_PHASES = ("depots", "draw1", "after")
PHASES = PHASES + DEPOT_PHASES

#: A State's fields, each with what it holds. Cards are card indexes (`cards.CARD_NAMES`),
#: tickets and routes indexes into the board's `tickets` and `routes`; players count from 0.
FIELDS: dict[str, str] = {
    "phase": "the kind of move expected, one of PHASES",
    "player": "the player to move",
    "hands": "per player, the nine card counts of the hand (hidden from the other seats)",
    "deck": "the train cards face down, the top card last (hidden)",
    "discard": "the discard pile, in the order played",
    "display": "the face-up cards",
    "owners": "per route, its owner, or -1",
    "free": "per route signature, the routes nobody owns and no double-route rule closes (from owners)",
    "blocked": "per player, the free tracks of the doubles and triples they own a track of, closed to them (from owners)",
    "trains": "per player, the trains left",
    "points": "per player, the route points scored so far (from owners)",
    "stations": "the stations built, (city, player) pairs in the order built",
    "tickets": "per player, the tickets kept (hidden from the other seats)",
    "ticket_deck": "the destination tickets face down, the top one last (hidden)",
    "removed_tickets": "the tickets out of the game",
    "offer": "the tickets drawn, waiting for the player to keep some",
    "opening_offers": "per player, the opening tickets not yet chosen",
    "pending": "the tunnel waiting for its extra cards (a PendingTunnel), or None",
    "countdown": "the turns left in the final round, or None before it starts",
    "passes": "the passes in a row",
    "shuffles": "how often the discard pile has been shuffled into the deck (seeds the next shuffle)",
    "turn": "the turns played",
    "last_reveal": "the latest tunnel dig (a TunnelReveal), or None",
    "bonus_cards": "the bonus cards in play (indexes into the board's bonus_cards), drawn at setup; public",
    "depots": "Warehouses & Depots (a Depots), or None when the game is played without the module",
}


@dataclass(frozen=True, slots=True)
class PendingTunnel:
    """A tunnel claim waiting for its extra cards.

    Attributes:
        route: the route's index in `Board.routes`.
        paid: the cards laid down for the route (they leave the hand at once).
        colour: the colour the payment was read as (a card index, or `cards.GREY` for an
            all-locomotive payment of a grey route).
        revealed: the cards turned up from the deck (at most three, card indexes).
        extra: how many more cards the tunnel asks for.
    """
    route: int
    paid: Cards
    colour: int
    revealed: tuple[int, ...]
    extra: int

    @property
    def all_locomotives(self) -> bool:
        """The route was paid with locomotives only: then only locomotives pay the extra."""
        return self.paid[LOCO] == sum(self.paid)

    @property
    def reveal(self) -> "TunnelReveal":
        return TunnelReveal(self.route, self.revealed, self.extra)


@dataclass(frozen=True, slots=True)
class TunnelReveal:
    """The latest tunnel dig: the route's index, the cards turned up, the extra cards asked for."""
    route: int
    revealed: tuple[int, ...]
    extra: int


@dataclass(frozen=True, slots=True)
class Depots:
    """The Warehouses & Depots of a game played with the Europa 1912 module (`rules.warehouses`).

    Attributes:
        placed: the Depots on the board, (city, owner) pairs in the order placed; they never move.
        reserves: per player, the Depots still next to their Warehouse (the end bonus counts them).
        warehouses: per player, the nine card counts of their Warehouse (face down: how many is
            public, which cards is hidden from every seat, the owner's included).
        collectable: the owners of the Depots at the ends of the route just claimed whose
            Warehouses the player to move may still empty this turn (phase "after"), in order.
    """
    placed: tuple[tuple[str, int], ...]
    reserves: tuple[int, ...]
    warehouses: tuple[tuple[int, ...], ...]
    collectable: tuple[int, ...] = ()

    def owner_at(self, city: str) -> int | None:
        """The owner of the Depot on `city`, or None."""
        for c, p in self.placed:
            if c == city:
                return p
        return None

    def placed_by(self, player: int) -> tuple[str, ...]:
        return tuple(c for c, p in self.placed if p == player)

    def counts(self) -> tuple[int, ...]:
        """How many cards each Warehouse holds (public)."""
        return tuple(sum(w) for w in self.warehouses)
