"""Station scoring tries every choice of borrowed routes; it joins the player's own routes
once and adds each choice's few routes to those components (`scoring._joined_with`). The
tickets must score exactly as with all the connections joined from scratch."""
import random

import pytest

import ttr_nb
from ttr_nb.engine import scoring


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
