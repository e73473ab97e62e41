"""Tournaments: seeded games, seats rotated, the same result whoever plays them, and a table."""
from __future__ import annotations

import io
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from ttr_nb import cli
from ttr_nb.analysis.bots import RandomBot
from ttr_nb.analysis.tournament import TextProgress, game_seed, play_game, tournament, wilson_interval


def test_the_wilson_interval_matches_worked_values():
    low, high = wilson_interval(57, 200)
    assert (round(low, 4), round(high, 4)) == (0.2270, 0.3512)      # (worked by hand: 0.22695, 0.35115)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson_interval(5, 10)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-12
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_seats_rotate_and_every_game_has_its_own_seed():
    result = tournament("usa", ["route-focus", "long-route"], games=4, seed=5, progress=False)
    assert [g.seating for g in result.records] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [g.seed for g in result.records] == [game_seed(5, i) for i in range(4)]
    assert len({g.seed for g in result.records}) == 4
    for g in result.records:                   # the record is the game's: winners have the top score
        top = max(s["total"] for s in g.scores)
        assert g.winners and all(g.scores[w]["total"] == top for w in g.winners)
        assert g.ended_by in (0, 1) and g.turns > 20
        assert all(s["total"] == sum(v for k, v in s.items() if k != "total") for s in g.scores)
    rows = result.rows()
    assert [r.label for r in rows] == ["route-focus", "long-route"]
    assert sum(r.wins for r in rows) - sum(r.shared for r in rows) / 2 == 4
    assert [n for r in rows for _, n in r.seat_wins] == [2, 2, 2, 2]
    assert sum(r.ended for r in rows) + result.passed_out() == 4


def test_the_same_seed_gives_the_same_result_in_process_and_in_a_process_pool():
    """The pool's processes are started afresh ("spawn"), each with its own hash seed: nothing an
    agent decides may follow the order of a set of strings."""
    agents = ["greedy", "one-step-published", "destination-hungry"]
    here = tournament("switzerland", agents, games=6, seed=11, progress=False)
    others = ["route-focus", "long-route-published", "one-step", "route-focus-published"]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = tournament("switzerland", agents, games=6, seed=11, executor=pool, chunk=2, progress=False)
        four = tournament("europe", others, games=4, seed=3, executor=pool, chunk=1, progress=False)
    assert four == tournament("europe", others, games=4, seed=3, progress=False)
    with ThreadPoolExecutor(2) as pool:
        threads = tournament("switzerland", agents, games=6, seed=11, executor=pool, chunk=4, progress=False)
    assert here == there == threads
    assert here.table() == there.table()
    assert tournament("switzerland", agents, games=6, seed=12, progress=False) != here


def test_the_result_shows_itself_as_a_table_in_a_notebook_and_a_terminal():
    result = tournament("europe", ["route-focus", "route-focus", "random"], games=3, seed=2, progress=False)
    text = result.table()
    assert "Route Focus #1" in text and "Route Focus #2" in text and "random" in text
    assert "win rate (95%)" in text and "stations" in text and "wins from seat 3" in text
    assert text.splitlines()[0].startswith("Ticket to Ride: Europe, 3 players, 3 games, seed 2")
    page = result._repr_html_()
    assert page.count("<tr>") == 1 + 3 and "<th>win rate (95%)</th>" in page and "turns" in page
    for r in result.rows():
        assert f"{r.rate:.1%}" in text and r.label.replace("route-focus", "Route Focus") in page


def test_an_agent_class_can_play_and_a_bad_tournament_is_refused_naming_the_facts():
    result = tournament("usa", [RandomBot, "greedy"], games=2, seed=1, progress=False)
    assert result.labels() == ["random", "greedy"]
    with pytest.raises(ValueError, match="needs 3 agents, one per seat, not 2"):
        tournament("usa", ["greedy", "random"], players=3, games=2)
    with pytest.raises(ValueError, match="No agent is called 'clever'"):
        tournament("usa", ["greedy", "clever"], games=2)
    with pytest.raises(ValueError, match="at least 1 game"):
        tournament("usa", ["greedy", "random"], games=0)
    with pytest.raises(ValueError):
        tournament("switzerland", ["greedy"] * 4, games=1)       # Switzerland is for 2-3 players


def test_edition_options_reach_the_games():
    plain = play_game_of("usa", {})
    four = play_game_of("usa", {"opening_tickets": 4})
    assert plain != four


def play_game_of(edition, options):
    result = tournament(edition, ["greedy", "greedy"], games=1, seed=3, progress=False, **options)
    return result.records[0]


def test_progress_is_a_line_in_a_terminal_and_nothing_elsewhere():
    class Terminal(io.StringIO):
        def isatty(self):
            return True
    shown = Terminal()
    progress = TextProgress(4, shown)
    for done in range(1, 5):
        progress(done)
    assert "4/4 games" in shown.getvalue() and shown.getvalue().endswith("\n")
    quiet = io.StringIO()
    TextProgress(4, quiet)(4)
    assert quiet.getvalue() == ""
    told = []
    tournament("usa", ["random", "random"], games=3, progress=told.append)
    assert told == [1, 2, 3]


def test_the_command_prints_the_table(capsys):
    out = io.StringIO()
    code = cli.main(["tournament", "--edition", "usa", "--players", "2", "--agents", "route-focus,long-route",
                     "--games", "4", "--workers", "1"], out=out)
    assert code == 0
    expected = tournament("usa", ["route-focus", "long-route"], games=4, progress=False).table()
    assert out.getvalue().strip() == expected
    assert cli.main(["tournament", "--agents", "route-focus,clever", "--games", "2"], out=io.StringIO()) == 2
    assert "No agent is called 'clever'" in capsys.readouterr().err
