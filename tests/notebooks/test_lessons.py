"""The helpers the notebooks use to show a student a table, name players from 1, and
write lesson positions (a chosen top of the deck; an empty deck with the rest in hand)."""
from __future__ import annotations

import doctest

import pytest

import ttr_nb
from ttr_nb import lessons
from ttr_nb.lessons import deck_from_top, player, players, rest_in_hands, routes_leaving, table


def test_the_doctests():
    assert doctest.testmod(lessons).failed == 0


def test_players_are_named_from_one():
    assert player(0) == "Player 1" and players(3) == ["Player 1", "Player 2", "Player 3"]


def test_a_table_shows_as_html_and_text_and_refuses_ragged_rows():
    t = table(["a", "b"], [[1, "<x>"]], caption="c")
    assert "<td style='padding:2px 10px'>&lt;x&gt;</td>" in t._repr_html_() and "<caption" in t._repr_html_()
    assert str(t).splitlines() == ["c", "a | b", "1 | <x>"] and t.column("b") == ["<x>"] and len(t) == 1
    with pytest.raises(ValueError, match="every row needs 2 values"):
        table(["a", "b"], [[1]])


def test_deck_from_top_puts_the_cards_on_top_and_every_other_card_below():
    game = ttr_nb.load_game("usa", players=2, seed=3)
    d = deck_from_top(game, {"hands": [{"red": 2}, {}], "display": ["loco", "loco", "red", "blue", "green"]},
                      top=["loco", "orange"])
    state = game.state_from_dict(d)
    assert state.to_dict()["deck"][:2] == ["loco", "orange"]
    assert len(state.deck) == 110 - 2 - 5
    assert d == deck_from_top(game, {"hands": [{"red": 2}, {}],
                                     "display": ["loco", "loco", "red", "blue", "green"]}, top=["loco", "orange"])
    with pytest.raises(ValueError, match="already lists its deck"):
        deck_from_top(game, d, top=[])
    with pytest.raises(ValueError, match="more loco cards than"):
        deck_from_top(game, {"hands": [{"loco": 14}, {}]}, top=["loco"])


def test_rest_in_hands_leaves_the_deck_and_discard_as_written():
    game = ttr_nb.load_game("usa", players=2, seed=3)
    state = game.state_from_dict(rest_in_hands(game, {"display": ["red"] * 5, "deck": [], "discard": ["blue"] * 3}))
    assert (len(state.deck), len(state.discard)) == (0, 3)
    assert state.hand(0).total + state.hand(1).total == 110 - 5 - 3
    assert abs(state.hand(0).total - state.hand(1).total) <= 1


def test_rest_in_hands_deals_into_the_seats_named():
    game = ttr_nb.load_game("usa", players=3, seed=3)
    state = game.state_from_dict(rest_in_hands(game, {"display": [], "deck": [], "discard": []}, seats=[1]))
    assert [state.hand(p).total for p in range(3)] == [0, 110, 0]


def test_routes_leaving_claims_the_short_routes_and_leaves_each_player_their_trains():
    game = ttr_nb.load_game("usa", players=2, seed=3)
    d = routes_leaving(game, [2, 2], every_route_up_to=2)
    state = game.state_from_dict(rest_in_hands(game, {**d, "display": [], "deck": [], "discard": [],
                                                      "ticket_deck": [], "final_round": 2}))
    assert list(state.trains) == [2, 2]
    board = game.board
    assert all(state.owners[r.index] >= 0 or state.owners[r.twin] >= 0 for r in board.routes if r.length <= 2)
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    assert routes_leaving(game, [45, 45]) == {"routes": {}, "trains": [45, 45]}
    with pytest.raises(ValueError, match="cannot leave player 1 with 44 trains"):
        routes_leaving(game, [44, 45], every_route_up_to=1)
