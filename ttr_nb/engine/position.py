"""What a position holds: the list of a `State`'s fields, and its named parts.

`FIELDS` is the one list of what a `State` stores; `State.__slots__`, its copy,
its constructor, the serialisation (`serialize`) and the seat view (`observer`)
follow it (the tests check that each of them covers every field).

The named parts: a tunnel waiting for its extra cards, and the last dig.

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
