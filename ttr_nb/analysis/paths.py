"""Shortest ticket paths and a player's network, on top of networkx.

One question, answered once: the cheapest way to join a ticket's source to one of its
targets over some routes, each with a cost (`cheapest_path`). The bots, the board's ticket
overlay (`ttr_nb.viz.ticket_path`) and the scoring walkthrough all ask it, with their own
costs:

    usable_costs(state, player)   the player's own routes cost 0, the routes still free for
                                  them their length (trains still needed)

Ties are broken the same way for everyone: fewest trains; then, for a ticket with several
targets, the higher value, then the target listed first; between parallel routes, the
cheaper, then the one listed first on the board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from ..engine.i18n import translations
from ..engine.narration import ticket_name

if TYPE_CHECKING:  # networkx is imported when a path is asked for: importing it costs ~185 ms
    import networkx as nx

__all__ = ["TicketPath", "cheapest_path", "usable_costs", "route_graph", "shortest_ticket_path", "network"]

_, ngettext = translations("engine")


@dataclass(frozen=True)
class TicketPath:
    """The cheapest way found from a source to a target."""
    cost: int                      # the sum of the routes' costs (trains still needed)
    routes: tuple[int, ...]        # route indices, in travel order
    cities: tuple[str, ...]        # the places passed, source first, target last
    target: str

    @property
    def steps(self) -> tuple[tuple[int, str], ...]:
        """(route index, the place it is entered from), in travel order."""
        return tuple(zip(self.routes, self.cities))


def usable_costs(state, player: int) -> dict[int, int]:
    """Route index -> trains `player` still needs to use it: 0 for their own routes, the
    length for a route still free for them; routes they can no longer use are left out."""
    out = {}
    for r in state.game.board.routes:
        owner = state.owners[r.index]
        if owner == player:
            out[r.index] = 0
        elif owner < 0 and state.route_status(r.index, player) == "free":
            out[r.index] = r.length
    return out


def cheapest_path(board, costs: Mapping[int, int], source: str, targets: Sequence[str],
                  values: Sequence[int] | None = None) -> TicketPath | None:
    """The cheapest way from `source` to one of `targets` over the routes in `costs` (route
    index -> cost), or None if none is joined. Ties: the lower cost, then the higher of
    `values` (one per target), then the target listed first; between parallel routes the
    cheaper, then the one listed first."""
    import networkx as nx

    g = nx.Graph()
    for ri in sorted(costs):
        r = board.routes[ri]
        old = g.get_edge_data(r.a, r.b)
        if old is None or costs[ri] < old["weight"]:
            g.add_edge(r.a, r.b, weight=costs[ri], route=ri)
    if source not in g:
        return None
    dist, paths = nx.single_source_dijkstra(g, source, weight="weight")
    values = tuple(values) if values is not None else (0,) * len(targets)
    best = None
    for k, (target, value) in enumerate(zip(targets, values)):
        if target in dist:
            key = (dist[target], -value, k)
            if best is None or key < best[0]:
                best = (key, target)
    if best is None:
        return None
    target = best[1]
    nodes = paths[target]
    routes = tuple(g.edges[u, v]["route"] for u, v in zip(nodes, nodes[1:]))
    return TicketPath(dist[target], routes, tuple(nodes), target)


def route_graph(state, player: int | None = None, usable_only: bool = True) -> nx.MultiGraph:
    """The board as a multigraph (one edge per route, weight = length, key = route index).
    With `usable_only`, only routes `player` could still use: their own and the free ones."""
    import networkx as nx

    g = nx.MultiGraph()
    board = state.game.board
    usable = usable_costs(state, player) if usable_only and player is not None else None
    for r in board.routes:
        if usable is None or r.index in usable:
            g.add_edge(r.a, r.b, key=r.index, weight=r.length)
    return g


def shortest_ticket_path(state, ticket, player: int | None = None) -> tuple[int, tuple[int, ...]]:
    """(trains needed, route indices) of the cheapest way to complete `ticket` (a key or a
    Ticket). Routes the player already owns cost nothing. For country tickets the
    cheapest target is taken. Raises ValueError if no connection is possible any more."""
    import networkx as nx
    board = state.game.board
    t = board.find_ticket(ticket) if isinstance(ticket, str) else ticket
    if player is None:
        costs = {r.index: r.length for r in board.routes}
    else:
        costs = usable_costs(state, player)
    found = cheapest_path(board, costs, t.source, tuple(t.targets), tuple(t.points))
    if found is None:
        raise ValueError(_("{ticket} can no longer be completed").format(ticket=ticket_name(t.key)))
    return found.cost, found.routes


def network(state, player: int) -> tuple[int, ...]:
    """The routes a player owns."""
    return state.routes_of(player)
