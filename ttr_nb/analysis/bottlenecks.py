"""Bottlenecks of a board, from its graph: the routes whose loss cuts the board in two.

A board is a graph of cities joined by tracks. How many tracks of a double (or triple) route a
game lets its players use depends on the number of players (`Game.usable_tracks`: with 2 or 3
players in the USA "each double route works as a single one"), so the bottlenecks are counted
per edition *and* player count:

* `track_graph(game)`: a networkx multigraph with one edge per usable track (its key: the route's
  index);
* `cut_routes(game)`: the city pairs joined by a single usable track whose loss cuts the board in
  two (the graph's bridges), each with the cities cut off (the smaller side);
* `corridors(game)`: the pairs of city pairs, each joined by a single usable track, whose loss
  together cuts the board in two (a narrow corridor: two claims close it), with the cities cut off;
* `narrow_cities(game, tracks=2)`: the cities reached by at most `tracks` usable tracks.

    >>> import ttr_nb
    >>> sorted(narrow_cities(ttr_nb.load_game("usa", players=2)))
    ['Boston', 'Las Vegas', 'Vancouver']
    >>> sorted(narrow_cities(ttr_nb.load_game("usa", players=4)))
    ['Las Vegas']
"""
from __future__ import annotations

import itertools

import networkx as nx

__all__ = ["track_graph", "cut_routes", "corridors", "narrow_cities", "pair_name"]


def track_graph(game) -> nx.MultiGraph:
    """One edge per track the players of `game` may use: a double route is one edge below the
    edition's `double_routes_min_players`, two from it on."""
    graph = nx.MultiGraph()
    graph.add_nodes_from(c.name for c in game.board.cities)
    seen = set()
    for route in game.board.routes:
        group = frozenset((route.index, *route.parallel))
        if group in seen:
            continue
        seen.add(group)
        for ri in sorted(group)[:min(len(group), game.usable_tracks[min(group)])]:
            graph.add_edge(route.a, route.b, key=ri)
    return graph


def pair_name(pair) -> str:
    """A city pair as the prose writes it: "Edinburgh–London"."""
    return "–".join(pair)


def _single_pairs(graph) -> list[tuple[str, str]]:
    return sorted({tuple(sorted((a, b))) for a, b in graph.edges() if graph.number_of_edges(a, b) == 1})


def _cut_off(graph) -> list[str]:
    """The cities of the smaller part of a graph that is no longer connected (none: connected)."""
    parts = sorted(nx.connected_components(graph), key=lambda part: (len(part), sorted(part)))
    return sorted(parts[0]) if len(parts) > 1 else []


def cut_routes(game) -> dict[tuple[str, str], list[str]]:
    """Each city pair whose single usable track is a bridge of the board, with the cities its loss
    cuts off."""
    graph = track_graph(game)
    simple = nx.Graph(graph)
    out = {}
    for a, b in nx.bridges(simple):
        if graph.number_of_edges(a, b) == 1:
            rest = simple.copy()
            rest.remove_edge(a, b)
            out[tuple(sorted((a, b)))] = _cut_off(rest)
    return dict(sorted(out.items()))


def corridors(game) -> dict[tuple[tuple[str, str], tuple[str, str]], list[str]]:
    """Each two city pairs of one usable track each, neither a bridge, whose loss together cuts
    the board in two, with the cities cut off."""
    graph = track_graph(game)
    simple = nx.Graph(graph)
    bridges = set(cut_routes(game))
    singles = [p for p in _single_pairs(graph) if p not in bridges]
    single = set(singles)
    out = {}
    for p in singles:            # q cuts the board once p is gone: a bridge of the rest
        simple.remove_edge(*p)
        for a, b in nx.bridges(simple):
            q = tuple(sorted((a, b)))
            if q in single and p < q:
                simple.remove_edge(*q)
                out[(p, q)] = _cut_off(simple)
                simple.add_edge(*q)
        simple.add_edge(*p)
    return dict(sorted(out.items()))


def narrow_cities(game, tracks: int = 2) -> dict[str, int]:
    """The cities reached by at most `tracks` usable tracks, with their number of tracks."""
    graph = track_graph(game)
    return {c: graph.degree(c) for c in sorted(graph) if graph.degree(c) <= tracks}
