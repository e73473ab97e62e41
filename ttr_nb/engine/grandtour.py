"""The Grand Tour (India): a ticket whose two cities its owner joins by two paths sharing no route.

The rule (rules-new-editions.md §1): a completed ticket qualifies when the owner's own
routes join its two cities by at least two different continuous paths; the paths may
meet at cities or cross, but no route may be used by both.  In graph words: the two
cities are 2-edge-connected in the player's network, a multigraph whose edges are the
player's routes (Menger's theorem: two edge-disjoint paths exist exactly when no single
route separates the cities).

`disjoint_paths` finds them as a unit-capacity maximum flow: each route carries one
train of flow in either direction; two augmenting paths (breadth-first, in the residual
network) give a flow of 2, and the flow splits into two trails from one city to the
other.  Loops the flow may contain are cut away, so each path visits a city at most once.
The analysis layer cross-checks the answer with networkx (`ttr_nb.analysis.grandtour`).

Standard library only.
"""
from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass
from typing import Hashable, Sequence

Edge = tuple[Hashable, Hashable]


def disjoint_paths(edges: Sequence[Edge], source, target, k: int = 2) -> tuple[tuple[int, ...], ...] | None:
    """`k` paths from `source` to `target` sharing no edge, each a tuple of indices into
    `edges` in travel order, or None when there are not `k` such paths.

    `edges` is a list of (place, place) pairs: a multigraph, so two edges may join the same
    places.  An edge from a place to itself is never on a path.
    """
    if source == target:
        raise ValueError(f"a path needs two different places, not {source!r} twice")
    adj: dict = defaultdict(list)          # place -> [(edge index, the other end)]
    for i, (u, v) in enumerate(edges):
        if u != v:
            adj[u].append((i, v))
            adj[v].append((i, u))
    flow: dict[int, int] = {}              # edge -> +1 (flows a -> b), -1 (b -> a); absent: none
    for _ in range(k):
        parent = {source: None}
        queue = deque([source])
        while queue and target not in parent:
            x = queue.popleft()
            for i, y in adj[x]:
                if y in parent:
                    continue
                d = 1 if edges[i][0] == x else -1
                if flow.get(i, 0) == d:    # already full in this direction
                    continue
                parent[y] = (x, i, d)
                queue.append(y)
        if target not in parent:
            return None
        y = target
        while parent[y] is not None:
            x, i, d = parent[y]
            f = flow.get(i, 0) + d         # 0 when it cancels flow the other way
            if f:
                flow[i] = f
            else:
                del flow[i]
            y = x
    out: dict = defaultdict(list)          # place -> [(edge, head)] along the flow
    for i, f in flow.items():
        u, v = edges[i]
        tail, head = (u, v) if f > 0 else (v, u)
        out[tail].append((i, head))
    return tuple(_without_loops(source, _trail(out, source, target)) for _ in range(k))


def _trail(out: dict, source, target) -> list[tuple[int, Hashable]]:
    """Follow unused flow edges from `source` until `target` (flow conservation guarantees
    an edge out of every other place entered)."""
    steps = []
    here = source
    while here != target:
        i, head = out[here].pop()
        steps.append((i, head))
        here = head
    return steps


def _without_loops(source, steps: list[tuple[int, Hashable]]) -> tuple[int, ...]:
    """The trail's edges with every detour that comes back to a place already passed cut out."""
    places = [source]                      # places[j]: where the first j edges of `path` lead
    path: list[int] = []
    for i, head in steps:
        if head in places:
            k = places.index(head)
            del places[k + 1:]
            del path[k:]
        else:
            places.append(head)
            path.append(i)
    return tuple(path)


def joined_twice(edges: Sequence[Edge], a, b) -> bool:
    """Are `a` and `b` joined by two paths of `edges` that share no edge?"""
    return disjoint_paths(edges, a, b) is not None


@dataclass(frozen=True)
class GrandTour:
    """One ticket's Grand Tour: the two paths (route keys in travel order from `source`)."""

    ticket: str
    source: str
    target: str
    paths: tuple[tuple[str, ...], tuple[str, ...]]


def grand_tours(board, route_indices: Sequence[int], ticket_results) -> tuple[GrandTour, ...]:
    """The qualifying tickets among the completed `ticket_results` of a player who owns the
    routes `route_indices`, with their two route-disjoint paths."""
    routes = [board.routes[i] for i in route_indices]
    edges = [(r.a, r.b) for r in routes]
    out = []
    for result in ticket_results:
        if not result.completed:
            continue
        source = board.find_ticket(result.ticket).source
        paths = disjoint_paths(edges, source, result.reached)
        if paths is not None:
            out.append(GrandTour(result.ticket, source, result.reached,
                                 tuple(tuple(routes[e].key for e in p) for p in paths)))
    return tuple(out)
