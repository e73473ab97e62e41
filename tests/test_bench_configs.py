"""`make bench` measures every way to play: each edition, each variant of `ttr_nb.variants()` and
each module an edition offers (Europe's Warehouses & Depots), in the engine's random play and, in
the agents' benchmark, the engine's random play and the greedy agent at least."""
from __future__ import annotations

import contextlib
import io

import ttr_nb
from benchmarks import agent_speed, engine_speed

WAYS = ([*ttr_nb.editions()] + [f"{e}:{v}" for e, v in ttr_nb.variants()] + ["europe+warehouses"])


def test_every_way_to_play_is_a_row_of_the_engine_benchmark():
    assert engine_speed.ways() == WAYS
    assert {key.split("/")[0] for key in engine_speed.configs()} == set(WAYS)
    for way in WAYS:                    # a name reads back to the game it names
        edition, variant, options = engine_speed.way_of(way)
        assert engine_speed.way_key(edition, variant, options) == way
    assert engine_speed.way_of("europe+warehouses") == ("europe", None, {"warehouses": True})
    state = engine_speed.play_random_game("europe", 2, 1, None, warehouses=True)
    assert state.is_over() and state.depots is not None
    state = engine_speed.play_random_game("usa", 2, 1, "1910")
    assert state.is_over() and state.rules.variant == "1910" and state.rules.globetrotter_bonus == 15


def test_every_way_to_play_has_random_play_and_greedy_in_the_agent_benchmark():
    configs = agent_speed.configs()
    for way in WAYS:
        assert {None, "greedy"} <= {agent for agent, w, _ in configs if w == way}, way
    assert agent_speed.play("greedy", "europe:mega", 2, 1).is_over()


def test_the_reports_print_a_row_for_every_way():
    runs = {key: [(100.0, 90.0, 150.0)] * 2 for key in engine_speed.configs()}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        engine_speed.report(runs, "Python 3.11", "3.11.0")
    rows = [line.split()[0] for line in out.getvalue().splitlines()[2:]]
    assert set(rows) == set(WAYS)
    runs = {c: [50.0, 60.0] for c in agent_speed.configs(["greedy"])}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        agent_speed.report(runs)
    text = out.getvalue()
    for way in WAYS[len(ttr_nb.editions()):]:
        assert f"  {way} 2p " in text, way
