"""The bottlenecks of a board from its graph (`ttr_nb.analysis.bottlenecks`): one edge per usable
track (a double route is one track below the edition's player count for doubles), its bridges,
its two-track corridors and its narrow cities, and that fewer players never make fewer."""
from __future__ import annotations

import doctest

import networkx as nx
import pytest

import ttr_nb
from ttr_nb.analysis import bottlenecks


def test_the_doctests():
    assert doctest.testmod(bottlenecks).failed == 0


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_a_track_graph_has_one_edge_per_usable_track(edition):
    rules = ttr_nb.load_rules(edition)
    game = ttr_nb.load_game(edition, players=rules.max_players)
    few = ttr_nb.load_game(edition, players=rules.min_players)
    assert bottlenecks.track_graph(game).number_of_edges() == sum(min(len(r.parallel) + 1, game.usable_tracks[r.index])
                                                                  / (len(r.parallel) + 1) for r in game.board.routes)
    assert bottlenecks.track_graph(few).number_of_edges() <= bottlenecks.track_graph(game).number_of_edges()
    assert nx.is_connected(bottlenecks.track_graph(few))


def test_europe_with_two_players_hangs_edinburgh_on_one_route_and_london_on_two():
    europe = ttr_nb.load_game("europe", players=2)
    assert bottlenecks.cut_routes(europe) == {("Edinburgh", "London"): ["Edinburgh"]}
    lanes = bottlenecks.corridors(europe)
    assert lanes[(("Amsterdam", "London"), ("Dieppe", "London"))] == ["Edinburgh", "London"]
    # each corridor really cuts the board, and no cut route is part of one
    graph = nx.Graph(bottlenecks.track_graph(europe))
    for (p, q), cut in lanes.items():
        rest = graph.copy()
        rest.remove_edges_from([p, q])
        assert not nx.is_connected(rest) and min(nx.connected_components(rest), key=len) == set(cut)
        assert ("Edinburgh", "London") not in (p, q)
    assert not bottlenecks.cut_routes(ttr_nb.load_game("europe", players=4))


def test_narrow_cities_count_usable_tracks():
    assert bottlenecks.narrow_cities(ttr_nb.load_game("usa", players=2)) == {"Boston": 2, "Las Vegas": 2,
                                                                              "Vancouver": 2}
    assert bottlenecks.narrow_cities(ttr_nb.load_game("europe", players=2), tracks=1) == {"Edinburgh": 1}
