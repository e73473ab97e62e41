"""What the players of a tournament claimed (`ttr_nb.analysis.claims`): the winners' and the
others' routes split every claimed route, the board counted by routes or by city pairs, points
per train from the rules, and claim and visit rates that are shares of the games."""
from __future__ import annotations

import doctest

import pytest

import ttr_nb
from ttr_nb.analysis import claims
from ttr_nb.analysis.tournament import tournament


@pytest.fixture(scope="module")
def games():
    return tournament("usa", ["route-focus", "long-route"], games=6, seed=2, progress=False)


def test_the_doctests():
    assert doctest.testmod(claims).failed == 0


def test_every_game_records_who_owns_each_route(games):
    board = ttr_nb.load_game("usa").board
    for g in games.records:
        assert len(g.owners) == len(board.routes) and set(g.owners) <= {-1, 0, 1}
        assert set(claims.claimed_by(g, "winners")) | set(claims.claimed_by(g, "losers")) == set(
            claims.claimed_by(g, "all"))
        assert not set(claims.claimed_by(g, "winners")) & set(claims.claimed_by(g, "losers"))


def test_the_winners_and_the_others_counts_make_up_every_claim(games):
    every = claims.length_counts(games, "all")
    w, l = claims.length_counts(games, "winners"), claims.length_counts(games, "losers")
    assert every == {n: w[n] + l[n] for n in every} and sum(every.values()) > 0
    assert sum(claims.route_claim_rates(games)) * len(games.records) == pytest.approx(sum(every.values()))
    assert all(0 <= r <= 1 for r in claims.city_visit_rates(games).values())
    with pytest.raises(ValueError, match="who is one of winners, losers, all"):
        claims.length_counts(games, "everybody")


def test_the_board_counted_by_routes_and_by_city_pairs():
    board = ttr_nb.load_game("usa").board
    assert claims.board_length_counts(board) == {1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9}
    pairs = claims.board_length_counts(board, pairs=True)
    assert sum(pairs.values()) == 78 and pairs[1] == 5
    assert claims.points_per_train(ttr_nb.load_rules("usa")) == pytest.approx(
        {1: 1, 2: 1, 3: 4 / 3, 4: 7 / 4, 5: 2, 6: 15 / 6})
