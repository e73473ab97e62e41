"""Shortest ticket paths and a player's network, on top of networkx."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # networkx is imported when a path is asked for: importing it costs ~185 ms
    import networkx as nx


def route_graph(state, player: int | None = None, usable_only: bool = True) -> nx.MultiGraph:
    """The board as a multigraph (one edge per route, weight = length, key = route index).
    With `usable_only`, only routes `player` could still use: their own and the free ones."""
    import networkx as nx
    g = nx.MultiGraph()
    board = state.game.board
    for r in board.routes:
        if usable_only and player is not None:
            owner = state.owners[r.index]
            if owner >= 0 and owner != player:
                continue
            if owner < 0 and state.route_status(r.index, player) != "free":
                continue
        g.add_edge(r.a, r.b, key=r.index, weight=r.length)
    return g


def _path_routes(g: nx.MultiGraph, cities: list) -> list[int]:
    out = []
    for a, b in zip(cities, cities[1:]):
        key = min(g[a][b], key=lambda k: g[a][b][k]["weight"])
        out.append(key)
    return out


def shortest_ticket_path(state, ticket, player: int | None = None) -> tuple[int, tuple[int, ...]]:
    """(trains needed, route indices) of the cheapest way to complete `ticket` (a key or a
    Ticket). Routes the player already owns cost nothing. For country tickets the
    cheapest target is taken. Raises ValueError if no connection is possible any more."""
    import networkx as nx
    board = state.game.board
    t = board.find_ticket(ticket) if isinstance(ticket, str) else ticket
    g = route_graph(state, player)
    if player is not None:
        for a, b, k, data in g.edges(keys=True, data=True):
            if state.owners[k] == player:
                data["weight"] = 0
    best = None
    for target in t.targets:
        try:
            length, cities = nx.single_source_dijkstra(g, t.source, target, weight="weight")
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            continue
        if best is None or length < best[0]:
            best = (length, tuple(_path_routes(g, cities)))
    if best is None:
        raise ValueError(f"{t.key} can no longer be completed")
    return best


def network(state, player: int) -> tuple[int, ...]:
    """The routes a player owns."""
    return state.routes_of(player)
