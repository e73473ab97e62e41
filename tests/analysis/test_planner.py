"""The planner's own questions (its play is checked with every agent's: legal actions in every
edition, the fairness test; its strength is measured by `scripts/planner_study.py`)."""
from __future__ import annotations

import ttr_nb
from ttr_nb.analysis.planner import Planner


def test_a_routes_detour_is_the_way_around_it_when_it_and_its_twin_are_lost():
    g = ttr_nb.load_game("usa", players=2, seed=1)
    seen = ttr_nb.observe(g.new_state(), 0)
    length = {r.key: r.length for r in g.board.routes}
    # Vancouver-Seattle (1 train, a double): the way around is through Calgary
    around = length["Calgary-Vancouver"] + length["Calgary-Seattle"]
    assert Planner(0).detour(seen, g.route_index("Seattle-Vancouver")) == around - 1
    # Denver-Omaha (4 trains): around it through Kansas City
    around = length["Denver-Kansas City"] + length["Kansas City-Omaha"]
    assert Planner(0).detour(seen, g.route_index("Denver-Omaha")) == around - length["Denver-Omaha"]


def test_the_time_left_follows_the_fewest_trains_of_the_others():
    g = ttr_nb.load_game("usa", players=3, seed=1)
    state = g.new_state()
    planner = Planner(0)
    full = planner.turns_left(ttr_nb.observe(state, 0))
    assert full == (45 - g.rules.final_round_trains) / planner.trains_a_turn + 1
