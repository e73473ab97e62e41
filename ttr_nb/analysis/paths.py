"""Shortest ticket paths and a player's network.

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
from heapq import heappop, heappush
from typing import TYPE_CHECKING, Mapping, Sequence

from ..engine.i18n import translations
from ..engine.narration import ticket_name

if TYPE_CHECKING:  # networkx is imported when a path is asked for: importing it costs ~185 ms
    import networkx as nx

__all__ = ["TicketPath", "CostGraph", "BoardPaths", "cheapest_path", "usable_costs", "route_graph", "shortest_ticket_path", "network"]

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
    routes = state.game.board.routes
    out = {ri: 0 for ri, owner in enumerate(state.owners) if owner == player}
    blocked = state.blocked[player]
    for sig in state.free:              # nobody owns them and no double-route rule closes them
        for ri in sig:
            if ri not in blocked:       # (a free track of a double they own a track of)
                out[ri] = routes[ri].length
    return dict(sorted(out.items()))


#: per board, each route's pair of places as a number (routes joining the same places share it)
_PAIRS: dict = {}


def _pairs(board) -> tuple[int, ...]:
    found = _PAIRS.get(board.name)
    if found is None or found[0] is not board:
        ids: dict = {}
        found = _PAIRS[board.name] = (board, tuple(ids.setdefault(frozenset(r.ends), len(ids)) for r in board.routes))
    return found[1]


class CostGraph:
    """The routes of a cost map (route index -> cost) as a graph, to ask `cheapest` of it
    from several sources: the places joined, the cheaper of parallel routes (the one listed
    first on ties), the neighbours of each place in the order their first route is listed.

    It answers exactly as networkx's Dijkstra on the `networkx.Graph` of these routes does
    (the same path among paths of equal cost: the tests compare them), in a fraction of
    the time; `cheapest_path` is its one-question form."""

    __slots__ = ("adjacent",)

    def __init__(self, board, costs: Mapping[int, int]):
        adjacent: dict[str, dict[str, list]] = {}
        routes = board.routes
        pairs = _pairs(board)
        for ri in sorted(costs):
            r = routes[ri]
            cost = costs[ri]
            at_a = adjacent.get(r.a)
            if at_a is None:
                at_a = adjacent[r.a] = {}
            edge = at_a.get(r.b)
            if edge is None:
                edge = at_a[r.b] = [r.b, cost, ri, pairs[ri]]
                at_b = adjacent.get(r.b)
                if at_b is None:
                    at_b = adjacent[r.b] = {}
                at_b[r.a] = [r.a, cost, ri, pairs[ri]]
            elif cost < edge[1]:
                edge[1], edge[2] = cost, ri
                back = adjacent[r.b][r.a]
                back[1], back[2] = cost, ri
        self.adjacent = {city: tuple(map(tuple, nbrs.values())) for city, nbrs in adjacent.items()}

    def cheapest(self, source: str, targets: Sequence[str], values: Sequence[int] | None = None) -> TicketPath | None:
        """The cheapest way from `source` to one of `targets` (see `cheapest_path`), or None."""
        return self.search(source, targets, values)[0]

    def search(self, source: str, targets: Sequence[str], values: Sequence[int] | None = None
               ) -> tuple[TicketPath | None, set[int]]:
        """`cheapest`, and the pairs of places (`_pairs`) the search looked along (from a place it
        had reached, towards one it had not yet): on a map where only the routes between other
        pairs of places differ (none added), the search goes the same way and finds the same path,
        whatever the costs of the others (`BoardPaths` relies on it)."""
        reach = self.reach(source, targets)
        return reach.best(targets, values), reach.looked

    def reach(self, source: str, targets: Sequence[str] | None = None) -> "Reach":
        """The cheapest ways from `source` to every place (or until every one of `targets` is
        reached: the ways to those are the same), as networkx's Dijkstra finds them."""
        adjacent = self.adjacent
        looked: set[int] = set()
        dist: dict[str, int] = {}
        came: dict[str, tuple[str, int]] = {}       # place -> (the place before it, the route between)
        if source not in adjacent:
            return Reach(source, dist, came, looked)
        wanted = set(targets) if targets is not None else None
        seen = {source: 0}
        fringe = [(0, 0, source)]
        pushed = 1
        while fringe:
            d, _, v = heappop(fringe)
            if v in dist:
                continue
            dist[v] = d
            if wanted is not None and v in wanted:
                wanted.discard(v)
                if not wanted:          # (the paths to places reached stay as they are)
                    break
            for u, cost, ri, pair in adjacent[v]:
                if u not in dist:
                    looked.add(pair)
                    du = d + cost
                    if u not in seen or du < seen[u]:
                        seen[u] = du
                        heappush(fringe, (du, pushed, u))
                        pushed += 1
                        came[u] = (v, ri)
        return Reach(source, dist, came, looked)


@dataclass(frozen=True)
class Reach:
    """The cheapest ways from `source` found by one search (`CostGraph.reach`): the cost of
    each place reached (`dist`), the way back from each (`came`), and the pairs of places
    the search looked along (`looked`, see `CostGraph.search`)."""
    source: str
    dist: dict
    came: dict
    looked: set

    def path(self, target: str) -> TicketPath | None:
        """The cheapest way to `target`, or None if it was not reached."""
        if target not in self.dist:
            return None
        cities, routes = [target], []
        while cities[-1] != self.source:
            before, ri = self.came[cities[-1]]
            cities.append(before)
            routes.append(ri)
        return TicketPath(self.dist[target], tuple(reversed(routes)), tuple(reversed(cities)), target)

    def best(self, targets: Sequence[str], values: Sequence[int] | None = None) -> TicketPath | None:
        """The cheapest way to one of `targets`: the lower cost, then the higher of `values`,
        then the target listed first (`cheapest_path`)."""
        values = tuple(values) if values is not None else (0,) * len(targets)
        best = None
        for k, (target, value) in enumerate(zip(targets, values)):
            if target in self.dist:
                key = (self.dist[target], -value, k)
                if best is None or key < best[0]:
                    best = (key, target)
        return None if best is None else self.path(best[1])


def cheapest_path(board, costs: Mapping[int, int], source: str, targets: Sequence[str],
                  values: Sequence[int] | None = None) -> TicketPath | None:
    """The cheapest way from `source` to one of `targets` over the routes in `costs` (route
    index -> cost), or None if none is joined. Ties: the lower cost, then the higher of
    `values` (one per target), then the target listed first; between parallel routes the
    cheaper, then the one listed first; between paths of equal cost, the one networkx's
    Dijkstra finds (`CostGraph`)."""
    return CostGraph(board, costs).cheapest(source, targets, values)


class BoardPaths:
    """Cheapest ticket paths over a player's cost map (`costs(state, player)`, by default
    `usable_costs`), following the board: the map is read again only when a route is claimed
    (it follows the owners), and a ticket's path is searched again only when the claim could
    change it: a claim takes routes out of the map (or makes them the player's own, at cost 0),
    and a search that never looked between the places of the routes changed goes the same way
    on the new map (`CostGraph.search`); a ticket that could not be completed still cannot,
    routes only ever leave the map of usable routes. Every answer
    is the one `cheapest_path` gives on the map of the moment (the tests compare them).
    An agent keeps one and asks it at every decision."""

    __slots__ = ("costs", "_key", "_costs", "_graph", "_found")

    def __init__(self, costs=usable_costs):
        self.costs = costs
        self._key = None
        self._costs = None
        self._graph = None
        self._found: dict = {}

    def _follow(self, state, player: int) -> None:
        key = self._key
        owners = state.owners
        if key is not None and key[1] is owners and key[2] == player and key[0] is state.board:
            return
        board = state.board
        key = (board, owners, player)
        if key == self._key:
            return
        costs = self.costs(state, player)
        old, found = self._costs, self._found
        kept = {}
        if old is not None and self._key[0] is board and self._key[2] == player and costs.keys() <= old.keys():
            pairs = _pairs(board)
            changed = {pairs[ri] for ri, c in old.items() if costs.get(ri) != c}
            for ticket, (path, looked) in found.items():
                if path is None or looked.isdisjoint(changed):
                    kept[ticket] = (path, looked)
        self._key, self._costs, self._graph, self._found = key, costs, None, kept

    def graph(self, state, player: int) -> CostGraph:
        """The `CostGraph` of `player`'s cost map in `state`."""
        self._follow(state, player)
        if self._graph is None:
            self._graph = CostGraph(state.game.board, self._costs)
        return self._graph

    def ticket(self, state, ticket, player: int) -> TicketPath | None:
        """The cheapest way to complete `ticket` (a Ticket) for `player`, or None if it can no longer
        be completed over the map (as `cheapest_path`, with the ticket's targets and points)."""
        self._follow(state, player)
        found = self._found.get(ticket.key)
        if found is None:
            found = self._found[ticket.key] = self.graph(state, player).search(
                ticket.source, ticket.targets, ticket.points)
        return found[0]

    def reach(self, state, source: str, player: int) -> Reach:
        """The cheapest ways from `source` to every place for `player` (`CostGraph.reach`)."""
        self._follow(state, player)
        key = ("reach", source)
        found = self._found.get(key)
        if found is None:
            reach = self.graph(state, player).reach(source)
            found = self._found[key] = (reach, reach.looked)
        return found[0]


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
