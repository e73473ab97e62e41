"""One answer to "the cheapest way to finish this ticket": the bots (`shortest_ticket_path`), the
board's ticket overlay (`ttr_nb.viz.ticket_path`) and the scoring walkthrough all use
`ttr_nb.analysis.paths.cheapest_path`, with the same tie-breaks."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.analysis.paths import cheapest_path, shortest_ticket_path, usable_costs
from ttr_nb.viz import ticket_path
from ttr_nb.widgets.scoring import finished_match


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_the_overlay_and_the_bots_find_the_same_path(edition):
    state = finished_match(edition, players=2, seed=3).states[40]      # a position in mid-game
    board = state.board
    for player in (0, 1):
        for t in board.tickets:
            steps, trains, target = ticket_path(state, t.key, player)
            try:
                cost, routes = shortest_ticket_path(state, t, player)
            except ValueError:
                assert (steps, trains, target) == ([], None, None)
                continue
            assert (trains, tuple(ri for ri, _ in steps)) == (cost, routes), t.key
            assert target in t.targets


def test_own_routes_cost_nothing_and_lost_routes_are_left_out():
    g = ttr_nb.load_game("usa")
    s = g.state_from_dict({"hands": [{"pink": 4}, {"red": 4}], "routes": {"Denver-Omaha": 0,
                                                                        "Kansas City-Omaha": 1}})
    costs = usable_costs(s, 0)
    assert costs[g.route_index("Denver-Omaha")] == 0
    assert g.route_index("Kansas City-Omaha") not in costs
    assert costs[g.route_index("Denver-Helena")] == 4


def test_ties_go_to_the_higher_value_then_the_target_listed_first_then_the_cheaper_parallel_route():
    board = ttr_nb.load_game("usa").board
    ri = {r.key: r.index for r in board.routes}
    costs = {ri["Denver-Omaha"]: 4, ri["Denver-Kansas City"]: 4, ri["Denver-Kansas City#2"]: 4}
    # Omaha and Kansas City are both 4 trains away: the higher value wins, else the first listed
    assert cheapest_path(board, costs, "Denver", ("Omaha", "Kansas City"), (5, 9)).target == "Kansas City"
    assert cheapest_path(board, costs, "Denver", ("Omaha", "Kansas City")).target == "Omaha"
    # of two parallel routes of equal cost, the one listed first on the board
    found = cheapest_path(board, costs, "Denver", ("Kansas City",))
    assert found.routes == (ri["Denver-Kansas City"],) and found.steps == ((ri["Denver-Kansas City"], "Denver"),)
    costs[ri["Denver-Kansas City#2"]] = 0
    assert cheapest_path(board, costs, "Denver", ("Kansas City",)).routes == (ri["Denver-Kansas City#2"],)
    assert cheapest_path(board, costs, "Denver", ("Boston",)) is None
