"""How often seeded games meet the holes in the rules (`ttr_nb.analysis.holes`): card hoarders
run the decks dry, leave the display short and stop the flush; the agents' games, which claim
as they go, meet none of them; the counts replay from their seed."""
from __future__ import annotations

import doctest

import pytest

import ttr_nb
from ttr_nb.analysis import holes
from ttr_nb.analysis.holes import GameHoles, Hoarder, count_holes, holes_in_game
from ttr_nb.analysis.tournament import game_seed
from ttr_nb.engine.actions import DrawBlind, DrawFaceUp


def test_the_doctests():
    assert doctest.testmod(holes).failed == 0


def test_card_hoarders_run_the_decks_dry_leave_the_display_short_and_stop_the_flush():
    counts = count_holes("usa", games=6, seed=3)
    assert counts.games == len(counts.records) == 6 and counts.players == 2
    assert counts.with_dry_decks == counts.with_short_display == 6
    assert counts.with_stopped_flush >= 5
    for r in counts.records:
        assert 0 < r.dry < r.turns and 0 < r.short_display <= r.turns and r.stopped_flush <= r.turns
        assert r.over_by_passes <= (r.passes > 0)
    assert counts.with_pass == sum(r.passes > 0 for r in counts.records)
    assert count_holes("usa", games=6, seed=3) == counts                     # the seed replays the games


def test_the_games_are_the_tournaments_games():
    counts = count_holes("usa", games=2, seed=4)
    assert [r.seed for r in counts.records] == [game_seed(4, 0), game_seed(4, 1)]
    assert holes_in_game("usa", ["hoarder", "hoarder"], game_seed(4, 1), 1) == counts.records[1]


def test_the_agents_games_meet_no_hole():
    counts = count_holes("usa", agents=["route-focus", "greedy"], games=4, seed=1)
    assert (counts.with_pass, counts.with_short_display, counts.with_stopped_flush, counts.with_dry_decks) == (0,) * 4
    assert all(isinstance(r, GameHoles) and r.turns > 20 for r in counts.records)


def test_a_hoarder_draws_when_it_can():
    state = ttr_nb.load_game("usa", players=2, seed=1).new_state().apply("keep 0,1,2").apply("keep 0,1")
    hoarder = Hoarder(5)
    picks = [hoarder(state) for _ in range(40)]
    assert sum(isinstance(a, (DrawBlind, DrawFaceUp)) for a in picks) >= 30
    assert all(state.why_illegal(a) is None for a in picks)


def test_an_unknown_agent_is_named_in_the_error():
    with pytest.raises(ValueError, match="No agent is called 'hoarders'"):
        count_holes("usa", agents=["hoarders", "random"], games=1)
