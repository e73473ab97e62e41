"""Station scoring tries every choice of borrowed routes; it joins the player's own routes
once and adds each choice's few routes to those components (`scoring._joined_with`). The
tickets must score exactly as with all the connections joined from scratch."""
import random
import sys
from itertools import product
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb.engine import scoring

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `benchmarks` lives at the repository root
    sys.path.insert(0, str(ROOT))


@pytest.mark.parametrize("edition", ["europe", "switzerland"])
def test_adding_borrowed_routes_scores_like_joining_everything(edition):
    board = ttr_nb.load_game(edition).board
    edges = [(r.a, r.b) for r in board.routes]
    tickets = tuple(range(len(board.tickets)))
    rng = random.Random(edition)
    for _ in range(400):
        own = rng.sample(edges, rng.randint(0, 35))
        extra = rng.sample(edges, rng.randint(1, 3))
        joined = scoring._joined_with(scoring._places_joined(own), extra)
        assert scoring._scored(board, tickets, joined) == scoring.ticket_results(board, tickets, own + extra)


def borrowing_by_trying_everything(state, player):
    """The rule of `scoring.best_borrowing` as plainly as it reads: every choice of one route
    (or none) per station, the tickets scored against the player's routes and the borrowed
    ones joined from scratch; the most points win, then the fewest routes, then the first."""
    board = state.board
    own = [(board.routes[i].a, board.routes[i].b) for i in state.routes_of(player)]
    stations = state.stations_of(player)
    choices = [[None] + [r.index for r in board.routes_at(city)
                         if state.owners[r.index] >= 0 and state.owners[r.index] != player]
               for city in stations]
    best = None
    for combo in product(*choices):
        extra = [(board.routes[r].a, board.routes[r].b) for r in combo if r is not None]
        results = scoring.ticket_results(board, state.tickets[player], own + extra)
        value = sum(r.points for r in results)
        if best is None or value > best[0] or (value == best[0] and len(extra) < best[1]):
            best = (value, len(extra), combo, results)
    borrowed = tuple((city, board.routes[r].key) for city, r in zip(stations, best[2]) if r is not None)
    return borrowed, best[3]


@pytest.mark.parametrize("players", [2, 5])
def test_best_borrowing_is_the_best_of_every_choice(players):
    """`best_borrowing` values each choice only on the tickets it can change: the same routes
    borrowed and the same ticket results as trying every choice in full, at the end of random
    games (where stations borrow, and where they could but need not)."""
    from benchmarks.engine_speed import play_random_game
    borrowing = 0
    for seed in range(40 // players):
        state = play_random_game("europe", players, seed)
        rows = state.score_breakdown()
        for p in range(players):
            expected = borrowing_by_trying_everything(state, p)
            assert scoring.best_borrowing(state, p) == expected
            assert (rows[p].borrowed, rows[p].tickets) == expected
            borrowing += bool(expected[0])
    assert borrowing >= players    # the games do borrow
