"""What one seat may see of a position (`State.view`): the observer of hidden information.

A seat sees everything public (the board, the display, the discard pile, the
trains, the running score, a pending tunnel), its own hand and tickets, the
tickets it is choosing among, and only the sizes of what is hidden from it
(the other hands and tickets, the decks). Like OpenSpiel's observers, this lives
apart from the serialisation: it is a rules question, not a file format.
"""
from __future__ import annotations

from .cards import CARD_NAMES, Cards

#: How each field of `position.FIELDS` reaches a seat: "public" (as it is), "own" (the
#: seat's own entry; the others as sizes), "to move" (only the player to move sees it),
#: "size" (only how many), "hidden" (not at all), "derived" (follows from the public
#: fields) or "not shown" (bookkeeping a seat does not need).
SEEN = {
    "phase": "public", "player": "public", "hands": "own", "deck": "size", "discard": "public",
    "display": "public", "owners": "public", "free": "derived", "blocked": "derived", "trains": "public",
    "points": "public", "stations": "public", "tickets": "own", "ticket_deck": "size",
    "removed_tickets": "hidden", "offer": "to move", "opening_offers": "own", "pending": "public",
    "countdown": "public", "passes": "not shown", "shuffles": "not shown", "turn": "not shown",
    "last_reveal": "public", "bonus_cards": "public", "depots": "size",
}
#: (Warehouses & Depots: the Depots and reserves are public; of the Warehouses' cards every seat,
#: the owner's included, sees only how many each holds.)


def _names(cards) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def reveal_dict(board, last_reveal) -> dict | None:
    """A `TunnelReveal` as data ({"route", "revealed", "extra"}), or None."""
    if not last_reveal:
        return None
    return {"route": board.routes[last_reveal.route].key, "revealed": _names(last_reveal.revealed),
            "extra": last_reveal.extra}


def view(s, player: int) -> dict:
    """What seat `player` may see of position `s` (see the module's docstring)."""
    g = s.game
    board = g.board
    if not 0 <= player < g.players:
        raise ValueError(f"player must be 0..{g.players - 1}, not {player}")
    tk = lambda ids: [board.tickets[t].key for t in ids]  # noqa: E731
    own_turn = s.player == player
    out = {
        "player": player,
        "phase": s.phase,
        "current_player": s.player,
        "hand": Cards(s.hands[player]).as_dict(),
        "tickets": tk(s.tickets[player]),
        "offer": tk(s.offer) if own_turn else [],
        "opening_offer": tk(s.opening_offers[player]),
        "hand_sizes": [sum(h) for h in s.hands],
        "ticket_counts": [len(t) for t in s.tickets],
        "display": _names(s.display),
        "discard": _names(s.discard),
        "deck_size": len(s.deck),
        "ticket_deck_size": len(s.ticket_deck),
        "routes": {board.routes[i].key: o for i, o in enumerate(s.owners) if o >= 0},
        "stations": [[c, p] for c, p in s.stations],
        "trains": list(s.trains),
        "route_points": list(s.points),
        "final_round": s.countdown,
        "tunnel": None,
        "bonus_cards": [board.bonus_cards[k].letter for k in s.bonus_cards],
    }
    if s.depots is not None:
        d = s.depots
        out["depots"] = {"placed": [[c, p] for c, p in d.placed], "reserves": list(d.reserves),
                         "warehouse_sizes": list(d.counts()), "collectable": list(d.collectable)}
    if s.pending:
        t = s.pending
        out["tunnel"] = {"route": board.routes[t.route].key, "player": s.player, "payment": str(Cards(t.paid)),
                         "revealed": _names(t.revealed), "extra": t.extra}
    if s.last_reveal:
        out["last_tunnel_reveal"] = reveal_dict(board, s.last_reveal)
    return out
