"""Exercises of notebook 51, the USA 1910 and Europa 1912 boxes: the 1910 way's Globetrotter,
Mega Europe's opening, and Warehouses & Depots. Every expected answer is computed here by
asking the engine."""
from __future__ import annotations

from ..engine import load_game
from . import N_, Exercise
from .compare import same_numbers

BOXES = "51_the_1910_and_1912_boxes"

#: Exercise "usa-ways-1": a game of the 1910 way (USA 1910 box), scored as if it ended now.
GLOBETROTTER_FINAL = {
    "phase": "over", "current_player": 0,
    "routes": {"Chicago-Pittsburgh": 0, "New York-Pittsburgh": 0, "New York-Washington": 0,
               "Raleigh-Washington": 0, "Atlanta-Raleigh": 0, "Atlanta-Nashville": 0,
               "Denver-Salt Lake City": 1, "Denver-Kansas City": 1, "Kansas City-Saint Louis": 1,
               "Helena-Salt Lake City": 1, "Duluth-Helena": 1},
    "tickets": [["Chicago-New York", "Washington-Atlanta", "Nashville-New York"],
                ["Denver-Saint Louis", "Salt Lake City-Kansas City", "Omaha-New Orleans"]],
}

#: Exercises "europe-depots-1" and "-2": a three-player game of Europe with Warehouses & Depots,
#: player 1 to move, holding two red cards for Bruxelles-Paris (player 2's Depot is in Paris,
#: player 3's in Bruxelles).
DEPOTS_POSITION = {
    "phase": "turn", "current_player": 0,
    "hands": [{"red": 2, "yellow": 1}, {"green": 2, "white": 1}, {"black": 2}],
    "display": ["orange", "blue", "pink", "white", "black"],
    "tickets": [["Paris-Wien", "Madrid-Zürich"], ["Berlin-Roma", "Brest-Venezia"],
                ["London-Berlin", "Amsterdam-Pamplona"]],
    "routes": {"Berlin-Wien": 1, "Essen-Kobenhavn": 2},
    "trains": [45, 42, 42],
    "depots": {"placed": [["Roma", 0], ["Paris", 1], ["Wien", 1], ["Bruxelles", 2], ["Berlin", 2]],
               "reserves": [3, 3, 2],
               "warehouses": [{"blue": 1}, {"green": 2, "loco": 1}, {"white": 2}]},
}


def _globetrotter_position():
    return load_game("usa", variant="1910", players=2, seed=3).state_from_dict(GLOBETROTTER_FINAL)


def _mega_europe_removed() -> int:
    """Three players of Mega Europe each keep 1 long and 2 regular tickets of their opening deal:
    how many tickets are then out of the game."""
    game = load_game("europe", variant="mega", players=3, seed=2)
    state = game.new_state()
    while state.phase == "opening":
        offer = [game.board.tickets[k] for k in state.ticket_choice().offer]
        long_ones = [i for i, t in enumerate(offer) if t.deck == "long"]
        regular = [i for i, t in enumerate(offer) if t.deck != "long"]
        state = state.apply("keep " + ",".join(str(i) for i in sorted(long_ones[:1] + regular[:2])))
    return len(state.removed_tickets)


def _depots_position():
    return load_game("europe", players=3, seed=4, warehouses=True).state_from_dict(DEPOTS_POSITION)


def _cards_after_claim_and_collections() -> int:
    state = _depots_position().apply("claim Bruxelles-Paris red*2")
    while any(a for a in state.legal_actions() if str(a).startswith("collect")):
        state = state.apply(next(a for a in state.legal_actions() if str(a).startswith("collect")))
    return sum(state.hand(0))


def _depot_bonus_holders() -> list[int]:
    state = _depots_position()
    over = state.game.state_from_dict({**state.to_dict(), "phase": "over"})
    return [r.player + 1 for r in over.score_breakdown() if r.depot_bonus]


EXERCISES = [
    Exercise(
        "usa-ways-1",
        N_("In the game of the 1910 way drawn above, if the game ended now, what would player 1's final score be?"),
        lambda: _globetrotter_position().score_breakdown()[0].total,
        N_("Route points, plus each completed ticket, minus each unfinished one, plus the Globetrotter if "
           "player 1 completed the most tickets; the 1910 way has no longest path bonus."),
        wrong=28, notebook=BOXES, setup=_globetrotter_position),
    Exercise(
        "europe-ways-1",
        N_("Three players start a game of Mega Europe and each keeps exactly 3 of the opening tickets: 1 long "
           "and 2 regular. How many tickets are then out of the game (never to be drawn)?"),
        _mega_europe_removed,
        N_("Count the opening tickets each player did not keep, and the long tickets nobody was dealt: long "
           "tickets are never drawn later."),
        wrong=12, notebook=BOXES),
    Exercise(
        "europe-depots-1",
        N_("In the game with Warehouses & Depots drawn above, player 1 claims Bruxelles–Paris with the two red "
           "cards and then collects every warehouse the claim allows. How many train cards does player 1 "
           "hold at the end of the turn?"),
        _cards_after_claim_and_collections,
        N_("A route into a city with a depot lets its claimer empty that depot owner's warehouse, for one depot "
           "of the claimer's reserve; both ends of Bruxelles–Paris hold a depot. The numbers on the depots say "
           "how many cards each warehouse holds."),
        wrong=3, notebook=BOXES, setup=_depots_position),
    Exercise(
        "europe-depots-2",
        N_("In the same game, before that claim: if the game ended now, which player or players would score "
           "the 10 points for the most depots in reserve? Give a list of player numbers, e.g. [1] or [2, 3]."),
        _depot_bonus_holders,
        N_("Compare the depots each player still has in reserve (the table above); every player with the "
           "most scores the bonus."),
        wrong=[1], compare=same_numbers, notebook=BOXES, setup=_depots_position),
]
