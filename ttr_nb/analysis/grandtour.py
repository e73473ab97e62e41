"""The Grand Tour question answered by networkx, to check the engine's own answer.

The engine (`ttr_nb.engine.grandtour`) finds two route-disjoint paths with its own
unit-capacity flow.  Here the same question goes to networkx: the local edge
connectivity of the two cities in the player's network, and networkx's own
edge-disjoint paths.  networkx's flow graphs keep one edge per pair of places, so each
route becomes two edges through a node of its own (route ``i`` is the node
``("route", i)``): parallel routes stay two routes, and two paths share a route exactly
when they share that node's edges.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Sequence

if TYPE_CHECKING:  # networkx is imported when asked: importing it costs ~185 ms
    import networkx as nx

__all__ = ["route_network", "edge_connectivity", "networkx_disjoint_paths", "qualifies"]


def route_network(edges: Sequence[tuple[Hashable, Hashable]]) -> "nx.Graph":
    """A simple graph with a node for each place and a node ``("route", i)`` between the two
    ends of edge ``i`` (an edge from a place to itself is left out: it joins nothing)."""
    import networkx as nx

    g = nx.Graph()
    for i, (u, v) in enumerate(edges):
        if u != v:
            g.add_edge(u, ("route", i))
            g.add_edge(("route", i), v)
    return g


def edge_connectivity(edges, a, b) -> int:
    """How many routes must be removed to part `a` from `b` (0 when either has no route)."""
    import networkx as nx

    g = route_network(edges)
    if a not in g or b not in g:
        return 0
    return nx.edge_connectivity(g, a, b)


def networkx_disjoint_paths(edges, a, b) -> list[tuple[int, ...]]:
    """networkx's edge-disjoint paths from `a` to `b`, each as route indices in travel order."""
    import networkx as nx

    g = route_network(edges)
    if a not in g or b not in g:
        return []
    try:
        paths = list(nx.edge_disjoint_paths(g, a, b))
    except nx.NetworkXNoPath:
        return []
    return [tuple(node[1] for node in path if isinstance(node, tuple) and node[:1] == ("route",))
            for path in paths]


def qualifies(edges, a, b) -> bool:
    """networkx's answer to the Grand Tour question: edge connectivity of `a` and `b` at least 2."""
    return edge_connectivity(edges, a, b) >= 2
