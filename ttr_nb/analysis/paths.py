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
from typing import TYPE_CHECKING, Mapping, Sequence

from ..engine.i18n import translations
from . import caching as _caching
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
    lengths = _layout(state.game.board).lengths
    # free: nobody owns them and no double-route rule closes them; blocked: a free track of a
    # double they own a track of
    free = set().union(*state.free).difference(state.blocked[player])
    return {ri: 0 if owner == player else lengths[ri]
            for ri, owner in enumerate(state.owners) if owner == player or ri in free}


class _Layout:
    """A board's places and routes as numbers, for the searches: each place's number (in the
    order the routes first name them), and per route its two places, its pair of places
    (routes joining the same places share a pair) and its length."""

    __slots__ = ("board", "names", "index", "ends", "pairs", "pair_routes", "pair_ends", "place_routes", "lengths")

    def __init__(self, board):
        self.board = board
        index: dict[str, int] = {}
        pairs: dict = {}
        ends, pair_of = [], []
        for r in board.routes:
            a, b = index.setdefault(r.a, len(index)), index.setdefault(r.b, len(index))
            ends.append((a, b))
            pair_of.append(pairs.setdefault(frozenset((a, b)), len(pairs)))
        self.names = tuple(index)
        self.index = index
        self.ends = tuple(ends)
        self.pairs = tuple(pair_of)
        routes_of: list[list[int]] = [[] for _ in pairs]
        for ri, pair in enumerate(pair_of):
            routes_of[pair].append(ri)
        self.pair_routes = tuple(map(tuple, routes_of))
        self.pair_ends = tuple(ends[r[0]] for r in routes_of)
        at: list[list[int]] = [[] for _ in index]
        for ri, (a, b) in enumerate(ends):
            at[a].append(ri)
            if b != a:
                at[b].append(ri)
        self.place_routes = tuple(map(tuple, at))     # place -> the routes touching it, in board order
        self.lengths = tuple(r.length for r in board.routes)


_LAYOUTS: dict = {}


def _layout(board) -> _Layout:
    found = _LAYOUTS.get(board.name)
    if found is None or found.board is not board:
        found = _LAYOUTS[board.name] = _Layout(board)
    return found


def _pairs(board) -> tuple[int, ...]:
    """Each route's pair of places as a number (routes joining the same places share it)."""
    return _layout(board).pairs


_FAR = float("inf")


class CostGraph:
    """The routes of a cost map (route index -> cost) as a graph, to ask `cheapest` of it
    from several sources: the places joined, the cheaper of parallel routes (the one listed
    first on ties), the neighbours of each place in the order their first route is listed
    (`adjacent`: per place, (neighbour, cost, (the place, the route))).

    It answers exactly as networkx's Dijkstra on the `networkx.Graph` of these routes does
    (the same path among paths of equal cost: the tests compare them), in a fraction of
    the time; `cheapest_path` is its one-question form."""

    __slots__ = ("layout", "adjacent")

    def __init__(self, board, costs: Mapping[int, int], adjacent: tuple | None = None):
        self.layout = layout = _layout(board)
        if adjacent is not None:
            self.adjacent = adjacent
            return
        ends, pairs = layout.ends, layout.pairs
        adjacent: list[dict] = [{} for _ in layout.names]
        for ri in sorted(costs):
            a, b = ends[ri]
            cost = costs[ri]
            edge = adjacent[a].get(b)
            if edge is None:
                adjacent[a][b] = [b, cost, ri, pairs[ri]]
                adjacent[b][a] = [a, cost, ri, pairs[ri]]
            elif cost < edge[1]:
                edge[1], edge[2] = cost, ri
                back = adjacent[b][a]
                back[1], back[2] = cost, ri
        self.adjacent = tuple(tuple((u, cost, (v, ri)) for u, cost, ri, _ in nbrs.values())
                              for v, nbrs in enumerate(adjacent))

    def changed(self, costs: Mapping[int, int], routes) -> "CostGraph":
        """The `CostGraph` of `costs`, a map differing from this graph's in `routes` (route
        indices) alone: the neighbours of their places made again (as the whole graph would
        make them: a place's routes in board order), the others' shared."""
        layout = self.layout
        ends, place_routes = layout.ends, layout.place_routes
        adjacent = list(self.adjacent)
        for v in {end for ri in routes for end in ends[ri]}:
            nbrs: dict = {}
            for ri in place_routes[v]:
                cost = costs.get(ri)
                if cost is None:
                    continue
                a, b = ends[ri]
                u = b if a == v else a
                edge = nbrs.get(u)
                if edge is None or cost < edge[1]:
                    nbrs[u] = (u, cost, (v, ri))
            adjacent[v] = tuple(nbrs.values())
        return CostGraph(layout.board, costs, tuple(adjacent))

    def cheapest(self, source: str, targets: Sequence[str], values: Sequence[int] | None = None) -> TicketPath | None:
        """The cheapest way from `source` to one of `targets` (see `cheapest_path`), or None."""
        return self.search(source, targets, values)[0]

    def search(self, source: str, targets: Sequence[str], values: Sequence[int] | None = None
               ) -> tuple[TicketPath | None, "Reach"]:
        """`cheapest`, and the search that found it (a `Reach`, until every target was reached)."""
        reach = self.reach(source, targets)
        return reach.best(targets, values), reach

    def reach(self, source: str, targets: Sequence[str] | None = None) -> "Reach":
        """The cheapest ways from `source` to every place (or until every one of `targets` is
        reached: the ways to those are the same), as networkx's Dijkstra finds them.

        (Dijkstra's search with a queue of buckets, one per cost, each in the order its places
        were put in: costs are small whole numbers, and the places come out in the order of
        networkx's heap of (cost, order put in).)"""
        layout = self.layout
        adjacent = self.adjacent
        n = len(adjacent)
        dist: list = [None] * n
        came: list = [None] * n                     # place -> (the place before it, the route between)
        start = layout.index.get(source)
        if start is None or not adjacent[start]:
            return Reach(layout, start, dist, came)
        index = layout.index
        wanted = None if targets is None else {index[t] for t in targets if t in index}
        seen = [_FAR] * n
        seen[start] = 0
        buckets = [[start], [], [], [], [], [], [], [], []]     # (one a cost, some made ahead)
        d = 0
        while d < len(buckets):
            for v in buckets[d]:                    # (a route of cost 0 puts a place at its end)
                if dist[v] is not None:
                    continue
                dist[v] = d
                if wanted is not None and v in wanted:
                    wanted.discard(v)
                    if not wanted:                  # (the paths to places reached stay as they are)
                        return Reach(layout, start, dist, came)
                for u, cost, back in adjacent[v]:   # (back: this place and the route, `came`'s entry)
                    if dist[u] is None:
                        du = d + cost
                        if du < seen[u]:
                            seen[u] = du
                            try:
                                buckets[du].append(u)
                            except IndexError:      # (more buckets, eight at a time: an exception is dear)
                                buckets += [[] for _ in range(du + 8 - len(buckets))]
                                buckets[du].append(u)
                            came[u] = back
            d += 1
        return Reach(layout, start, dist, came)


class Reach:
    """The cheapest ways from one place found by one search (`CostGraph.reach`): the cost of
    each place reached (`cost`), the way to it (`path`); whether the search reached a place
    (`dist`) and whether its ways go along a pair of places (`goes_along`: the pair each place
    reached was last lowered through).

    The search looked along every pair of places with an end it reached (from that end, the
    first reached, towards the other, not yet reached), and along no other. A pair it looked
    along whose lowering of a place was later bettered, or that lowered no place, decided
    nothing: the place comes out of the queue where the better lowering put it, and the
    entries a pair left behind in dearer buckets are passed over (the place is done by then);
    were the pair dearer or gone, those entries would be missing or later, and nothing else
    would differ. So a search on another map goes the same way if no pair of places is added,
    none its ways go along is dearer there (or gone), and none it looked along is cheaper
    (`still_holds`): `BoardPaths` relies on it."""

    __slots__ = ("layout", "start", "dist", "came")

    def __init__(self, layout: _Layout, start, dist: list, came: list):
        self.layout, self.start, self.dist, self.came = layout, start, dist, came

    def goes_along(self, a: int, b: int) -> bool:
        """Does the way to a place reached go from place `a` to place `b` (numbers), or back?"""
        dist, came = self.dist, self.came
        return ((dist[b] is not None and came[b] is not None and came[b][0] == a)
                or (dist[a] is not None and came[a] is not None and came[a][0] == b))

    def through(self, v: int, cuts) -> bool:
        """Does the way found to place `v` (a number) go through one of the places `cuts` (or end
        at one)? (False for a place not reached.)"""
        if self.dist[v] is None:
            return False
        came, start = self.came, self.start
        while v != start:
            if v in cuts:
                return True
            v = came[v][0]
        return False

    def cuts_after(self, dearer, cheaper, cuts: frozenset) -> frozenset | None:
        """What of the search still stands on a map changed as `still_holds` says, when the ways
        through the places `cuts` no longer count: the places below which the ways no longer
        count then (more `cuts`), or None if no way stands for sure.

        A pair of places its ways go along made dearer (or gone) changes the ways to the places
        below it only (the place the pair leads to, and the places whose ways go on from there):
        every other place is as far as before, its way comes from the same place, and it comes
        out of the queue in the same order among them (the places below come out later than they
        did, or at the same cost from a place that came out later), so it is lowered the same
        way. A pair with an end below a cut changes only places below it."""
        dist, came, start = self.dist, self.came, self.start
        for v in cheaper:
            if dist[v] is not None:
                return None
        for a, b in dearer:
            if a == start or b == start:        # (a place left with no route reaches nothing, not even itself)
                return None
            if cuts and (self.through(a, cuts) or self.through(b, cuts)):
                continue
            if dist[b] is not None and came[b] is not None and came[b][0] == a:
                cuts = cuts | {b}
            elif dist[a] is not None and came[a] is not None and came[a][0] == b:
                cuts = cuts | {a}
        return cuts

    def still_holds(self, dearer, cheaper) -> bool:
        """Would the search go the same way on a map where the pairs of places `dearer` (pairs
        of place numbers) cost more (or are gone), those touching the places `cheaper` (place
        numbers) cost less, and nothing else changed?"""
        dist = self.dist
        for v in cheaper:
            if dist[v] is not None:
                return False
        for a, b in dearer:
            if self.goes_along(a, b):
                return False
        return True

    @property
    def source(self) -> str | None:
        return None if self.start is None else self.layout.names[self.start]

    def cost(self, place: str) -> int | None:
        """The cost of the cheapest way to `place`, or None if it was not reached."""
        i = self.layout.index.get(place)
        return None if i is None else self.dist[i]

    def routes_to(self, target: str) -> tuple[int, ...]:
        """The routes of the cheapest way to `target`, in travel order (empty if not reached)."""
        i = self.layout.index.get(target)
        if i is None or self.dist[i] is None:
            return ()
        came, start = self.came, self.start
        routes = []
        while i != start:
            i, ri = came[i]
            routes.append(ri)
        return tuple(reversed(routes))

    def path(self, target: str) -> TicketPath | None:
        """The cheapest way to `target`, or None if it was not reached."""
        i = self.layout.index.get(target)
        if i is None or self.dist[i] is None:
            return None
        names, came = self.layout.names, self.came
        nodes, routes = [i], []
        while nodes[-1] != self.start:
            before, ri = came[nodes[-1]]
            nodes.append(before)
            routes.append(ri)
        return TicketPath(self.dist[i], tuple(reversed(routes)), tuple(names[k] for k in reversed(nodes)), target)

    def best(self, targets: Sequence[str], values: Sequence[int] | None = None) -> TicketPath | None:
        """The cheapest way to one of `targets`: the lower cost, then the higher of `values`,
        then the target listed first (`cheapest_path`)."""
        target = self.best_target(targets, values)
        return None if target is None else self.path(target)

    def best_target(self, targets: Sequence[str], values: Sequence[int] | None = None) -> str | None:
        """The target of `best` (None if none was reached)."""
        index, dist = self.layout.index, self.dist
        if len(targets) == 1:
            i = index.get(targets[0])
            return None if i is None or dist[i] is None else targets[0]
        values = tuple(values) if values is not None else (0,) * len(targets)
        best = None
        for k, (target, value) in enumerate(zip(targets, values)):
            i = index.get(target)
            d = None if i is None else dist[i]
            if d is not None:
                key = (d, -value, k)
                if best is None or key < best[0]:
                    best = (key, target)
        return None if best is None else best[1]


def cheapest_path(board, costs: Mapping[int, int], source: str, targets: Sequence[str],
                  values: Sequence[int] | None = None) -> TicketPath | None:
    """The cheapest way from `source` to one of `targets` over the routes in `costs` (route
    index -> cost), or None if none is joined. Ties: the lower cost, then the higher of
    `values` (one per target), then the target listed first; between parallel routes the
    cheaper, then the one listed first; between paths of equal cost, the one networkx's
    Dijkstra finds (`CostGraph`)."""
    return CostGraph(board, costs).cheapest(source, targets, values)


#: graphs made from a whole cost map (a follower's first: mostly a game's start, the same in every
#: game on the board), with the searches asked of them, shared by every follower and thread: (board
#: name, the map's items) -> (graph, (source, targets) -> search). A search is never changed once
#: made (what a follower keeps about it is kept beside it).
_STARTS: dict = {}


def _start_graph(board, costs: Mapping[int, int]) -> tuple[CostGraph, dict | None]:
    """The `CostGraph` of `costs` and the searches made of it so far (None: not shared)."""
    if not _caching.CACHING:
        return CostGraph(board, costs), None
    key = (board.name, tuple(costs.items()))
    found = _STARTS.get(key)
    if found is None or found[0].layout.board is not board:
        if len(_STARTS) >= 64:
            _STARTS.clear()
        found = _STARTS[key] = (CostGraph(board, costs), {})
    return found


class BoardPaths:
    """Cheapest ticket paths over a player's cost map (`costs(state, player)`, by default
    `usable_costs`), following the board: the map is read again only when a route is claimed
    (it follows the owners), and a path is searched again only when the claim could change
    it. A claim takes routes out of the map or makes them cheaper (the player's own, at cost
    0); a search whose ways never go between the places of the routes made dearer or taken
    out, and that never looked between those of the routes made cheaper, goes the same way on
    the new map (`Reach.still_holds`); a ticket that could not be completed still cannot when
    no route was added. A search asked for the ways to some places only (`reaches`' `reads`)
    stands while its ways to those do (`Reach.cuts_after`). The graph is made again around the
    routes changed only (`CostGraph.changed`); a graph made from a whole map, and its searches,
    are shared with the followers that start from the same map (`_STARTS`: a game's start).
    `caching.uncached()` turns all of it off.
    Every answer is the one `cheapest_path` gives on the map of the moment (the tests compare
    them). An agent keeps one and asks it at every decision."""

    __slots__ = ("costs", "_key", "_costs", "_graph", "_shared", "_found", "_reaches")

    _NO_CUTS = frozenset()

    def __init__(self, costs=usable_costs):
        self.costs = costs
        self._key = None
        self._costs = None
        self._graph = None
        self._shared = None                    # the searches made of the graph, shared with other followers
        self._found: dict = {}                 # ticket -> (answer, the search that gave it)
        self._reaches: dict = {}               # (source, targets) -> (search, the places below which its ways no longer count)

    def _follow(self, state, player: int) -> None:
        if not _caching.CACHING:                # (every question searched again, on a map read again)
            self._key, self._costs, self._graph, self._found = None, self.costs(state, player), None, {}
            self._reaches, self._shared = {}, None
            return
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
            layout = _layout(board)
            get = costs.get
            routes = [ri for ri, c in old.items() if get(ri) != c]    # (taken out or of another cost)
            pairs = layout.pairs
            dearer, cheaper = [], []        # pairs of places dearer (their places), places touching cheaper ones
            for pair in {pairs[ri] for ri in routes}:
                was = min(old[ri] for ri in layout.pair_routes[pair] if ri in old)
                now = [costs[ri] for ri in layout.pair_routes[pair] if ri in costs]
                if now and min(now) < was:
                    cheaper += layout.pair_ends[pair]
                else:
                    dearer.append(layout.pair_ends[pair])
            for question, (answer, reach) in found.items():
                if answer is None or reach.still_holds(dearer, cheaper):
                    kept[question] = (answer, reach)
            reaches = {}
            for question, (reach, cuts) in self._reaches.items():
                cuts = reach.cuts_after(dearer, cheaper, cuts)
                if cuts is not None:
                    reaches[question] = (reach, cuts)
            graph = self._graph
            if graph is not None:               # (the neighbours of the places of the routes changed made again)
                graph = graph.changed(costs, routes)
            self._key, self._costs, self._graph, self._found = key, costs, graph, kept
            self._reaches, self._shared = reaches, None
            return
        self._key, self._costs, self._graph, self._found = key, costs, None, kept
        self._reaches, self._shared = {}, None

    def graph(self, state, player: int) -> CostGraph:
        """The `CostGraph` of `player`'s cost map in `state`."""
        self._follow(state, player)
        if self._graph is None:
            self._graph, self._shared = _start_graph(state.game.board, self._costs)
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

    def reach(self, state, source: str, player: int, targets: frozenset | None = None) -> Reach:
        """The cheapest ways from `source` for `player` to every place, or to every one of
        `targets` (`CostGraph.reach`); the same `Reach` as long as a new search would find it."""
        return self.reaches(state, (source,), player, targets)[0]

    def reaches(self, state, sources, player: int, targets: frozenset | None = None,
                reads: frozenset | None = None) -> list[Reach]:
        """`reach` from each of `sources`, in their order. With `reads` (places), only the ways to
        those are asked for: a search whose ways to them still stand answers, even when a claim
        changed the ways to other places (`Reach.cuts_after`)."""
        self._follow(state, player)
        found = self._reaches
        index = _layout(state.board).index
        out = []
        for source in sources:
            question = (source, targets)
            answer = found.get(question)
            if answer is not None and answer[1]:                # (some ways no longer count)
                reach, cuts = answer
                if reads is None or any(reach.through(index[c], cuts) for c in reads if c in index):
                    answer = None
            if answer is None:
                graph = self._graph
                if graph is None:
                    graph, shared = _start_graph(state.game.board, self._costs)
                    self._graph, self._shared = graph, shared
                shared = self._shared
                reach = None if shared is None else shared.get(question)
                if reach is None:
                    reach = graph.reach(source, targets)
                    if shared is not None:
                        shared[question] = reach
                answer = found[question] = (reach, self._NO_CUTS)
            out.append(answer[0])
        return out


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
