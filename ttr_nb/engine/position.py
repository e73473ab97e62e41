"""The named parts of a position: a tunnel waiting for its extra cards, and the last dig.

A tunnel is claimed in two steps (RULES §tunnels): the claim lays down a payment and
turns up three cards; if they ask for extra cards the position holds a
`PendingTunnel` until the same player pays (`PayTunnel`) or abandons
(`AbandonTunnel`). `TunnelReveal` records the latest dig, pending or resolved, so a
view can show what came up.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import LOCO, Cards


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
