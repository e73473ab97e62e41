"""Exact longest trail ("longest continuous path") of a player's routes.

    >>> from ttr_nb.engine.longest import longest_path
    >>> r = longest_path([("Seattle", "Portland", 1), ("Portland", "San Francisco", 5),
    ...                   ("San Francisco", "Salt Lake City", 5), ("Salt Lake City", "Portland", 6),
    ...                   ("Salt Lake City", "Denver", 3)])
    >>> r.length, r.trail
    (19, (2, 1, 3, 4))
    >>> r.cities
    ('Salt Lake City', 'San Francisco', 'Portland', 'Salt Lake City', 'Denver')

A *trail* uses every edge (route) at most once and may revisit cities.  The
problem is NP-hard, but player networks are small; an exact branch and bound
is fast if it searches the right space with strong bounds.  Pure standard
library.  Every fact below is cross-checked by exhaustive search in
``tests/engine/test_longest.py``.

1. Components are independent: the answer is the best component
   (`longest_path`).

2. Euler (`_euler`).  A connected edge set with at most two odd-degree vertices is
   walked completely by one trail (Hierholzer).  So the problem is to choose
   the edges H of the trail: H connected with <= 2 odd vertices, maximum
   weight; a component with <= 2 odd vertices is its own answer.

3. Endpoints.  Let T be a maximum trail of a connected G with odd vertices.
   If T were closed, an unused edge touching T would extend it (rotate T to
   start there), and if none is unused G has no odd vertex.  So T runs from
   s to t != s; an unused edge at s (or t) would extend T, so every edge at
   s and t is in T and deg_G(s), deg_G(t) are odd.  **A maximum trail joins
   two odd vertices of G and uses all of their edges.**

4. Series reduction (`_series_reduce`).  By 3 no maximum trail ends inside a chain of degree-2
   vertices, so it uses such a chain whole or not at all: chains become
   single weighted edges ("chains" below; a chain from a vertex back to
   itself is a loop, which a trail visiting that vertex always takes).

5. Bridge tree (`_bridges`, `_solve_component`).  A trail crosses a bridge at most once, so the blocks
   (2-edge-connected pieces) it visits form a path of the bridge tree.  Bottom
   up, each block gets, per child block, a pendant edge "bridge + best trail
   starting at the bridge's far end" (top 2 per attachment vertex for the
   free search of the block, top 1 for the search *anchored* at the
   attachment of its parent bridge).  The tree is rooted at the heaviest
   block, which then needs no anchored search.

6. Search space: the left-out chains (`_TrailSearch`: `branch`, with
   `leave_out`, `put_back`, `part_of`, `must_hold`).  Within a block, search over states
   (D, kept chains, declared ends) where D is the connected part that still
   may hold the trail.  A state is a *leaf* when D has <= 2 odd vertices (D
   is a trail, fact 2).  Otherwise take an odd vertex u that is not a
   declared end (the most constrained one: fewest branches, then the most
   weight at stake, then the cheapest pairing) and branch: u becomes an end
   (only if it has lost no chain, fact 3; all its chains are then kept), or
   the i-th of its free chains is left out and the ones before it are kept.
   If leaving a chain out disconnects D, each part is searched on its own,
   and only a part holding every kept chain, end and anchor can hold the
   optimum.  Completeness: follow one maximum trail H* with ends s, t from
   fact 3.  At a state consistent with it (kept chains and ends in H*, D
   contains H*) the branch vertex is either s or t (the "end" branch is
   consistent), or it is odd in D and even in H*, so an odd number of the
   chains of D - H* touch it and are free -- leave out the first of them.
   The first leaf on that path is D = H* itself.

7. Bounds (`_TrailSearch.bound`, `_TrailSearch.moat_bound`).  Bounds only have to hold along such a path, where the chains
   D - H* left out are free chains (kept ones lie in H*) whose odd vertices
   are the odd vertices of D except s and t: a "T-join".
   (a) Each terminal needs a left-out chain: its own length if it leads to
       another terminal, else at least one more unit; half the sum, minus the
       dearest possible ends (cheap, computed first).
   (b) Moat packing: grow a ball around each terminal, merge balls that
       meet on a free chain and stop a group while it holds an even number
       of terminals (Goemans-Williamson).  The total growth is a feasible
       dual of the T-join LP, hence a lower bound; exempting the two ends
       (and the anchor) costs at most their own radii.  On the benchmark
       networks this bound equals the optimum at the root.

8. Order (`_TrailSearch.children`, `_TrailSearch.deepen`).  Children are bounded before they are searched and searched best
   bound first; among equal bounds, leaving a chain out comes before
   declaring an end, and fewer odd vertices left comes first.  The search
   deepens on a target: pass k only expands states whose bound reaches the
   target, so the first leaf found is optimal; if a pass finds none, the
   next target is the best bound it cut off.

9. Trees (`_tree_trail`).  A component without a cycle (one edge fewer than vertices) holds
   one path between any two vertices; the longest is found by two sweeps
   (the vertex farthest from any vertex ends a longest path).

10. Small components (`_small_trail`).  A player's network at the end of a game is mostly
   a few small components with one or two cycles.  For those a plain
   depth-first search over trails from the odd vertices (fact 3) is several
   times faster than setting up the search of 5-8; it runs with a budget of
   steps and hands over to that search when the budget is spent.  A trail
   that enters a run of degree-2 vertices can only follow it (fact 4), so the
   search takes each run in one move, counting one step per edge.

11. Size (`MAX_EDGES`).  The search is exact, and its time grows
   exponentially with the edges of a component: a network of 150 edges takes
   up to about a second, 500 random edges more than a minute.  No board holds
   more than 161 routes (Northern Lights; its whole board takes 0.02 s), so
   `longest_path` takes at most `MAX_EDGES` = 200 edges and refuses more with a
   ValueError, rather than hang.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Hashable, Iterable

__all__ = ["LongestPath", "longest_path", "MAX_EDGES"]

#: The most edges `longest_path` takes (fact 11): more than any board has routes.
MAX_EDGES = 200


@dataclass(frozen=True)
class LongestPath:
    """A maximum-length trail.

    ``trail`` holds indices into the edge list given to :func:`longest_path`,
    in travel order; ``cities`` has ``len(trail) + 1`` entries (``()`` when
    there are no edges).
    """

    length: int = 0
    trail: tuple[int, ...] = ()
    cities: tuple[Hashable, ...] = ()


def longest_path(edges: Iterable[tuple[Hashable, Hashable, int]]) -> LongestPath:
    """Return a maximum-length trail of the multigraph ``edges``.

    ``edges`` is an iterable of ``(city_a, city_b, length)`` with hashable
    cities and positive integer lengths.  Parallel edges are distinct edges;
    self-loops are rejected with ``ValueError``, and so are more than
    `MAX_EDGES` (200) edges (fact 11: more than any board has).  The result is
    deterministic (it depends only on the order of ``edges``).
    """
    ends: list[tuple[int, int]] = []
    lengths: list[int] = []
    city_id: dict[Hashable, int] = {}
    cities: list[Hashable] = []
    for i, item in enumerate(edges):
        try:
            a, b, length = item
        except (TypeError, ValueError):
            raise ValueError(f"edge {i}: expected (city_a, city_b, length), got {item!r}") from None
        if type(length) is not int:
            if isinstance(length, bool) or not isinstance(length, numbers.Integral):
                raise TypeError(f"edge {i} ({a!r}-{b!r}): length must be an int, got {length!r}")
            length = int(length)
        if length <= 0:
            raise ValueError(f"edge {i} ({a!r}-{b!r}): length must be positive, got {length!r}")
        if a == b:
            raise ValueError(f"edge {i}: self-loops are not supported ({a!r}-{b!r})")
        ends.append((_number(a, city_id, cities), _number(b, city_id, cities)))
        lengths.append(length)
        if len(ends) > MAX_EDGES:
            raise ValueError(f"longest_path takes at most {MAX_EDGES} edges (no board has more than 161 routes); "
                             f"this network has more. The search is exact and its time grows exponentially "
                             f"with the edges, so it refuses rather than run for minutes")
    return _longest(ends, lengths, cities)


def _number(city, city_id: dict, cities: list) -> int:
    """The city's number, a new one (the next) for a city not seen before."""
    i = city_id.get(city)
    if i is None:
        i = city_id[city] = len(cities)
        cities.append(city)
    return i


def longest_path_of_routes(edges) -> LongestPath:
    """`longest_path` of a board's routes, given as (a, b, length) (`Tables.route_edges`): the
    same answer, without the checks of each edge that a board has passed when it was read
    (positive whole lengths, two different cities, fewer routes than `MAX_EDGES`)."""
    if len(edges) > MAX_EDGES:
        return longest_path(edges)               # (refused there)
    return longest_in_network(route_network(edges))


def route_network(edges) -> tuple[list[tuple[int, int]], list[int], list, list[int], list[list[int]], list[int]]:
    """A player's routes (a, b, length) as the search takes them: (ends, lengths, cities, part,
    comps, weights). Cities are numbered in order of first appearance (the numbering of
    `longest_path`, so the same trail): ``ends`` holds each edge's two numbers, ``cities`` the
    city of each number, ``comps`` the edges of each connected component (components in order
    of their first edge, as `_components`), ``weights`` their lengths, ``part`` each city's
    component. `scoring.best_borrowing` labels ticket cities with ``part``;
    `longest_in_network` searches the rest. (Final scoring, on board numbers, uses
    `numbered_components`.)"""
    ends: list[tuple[int, int]] = []
    lengths: list[int] = []
    cities: list = []
    city_id: dict = {}
    for a, b, length in edges:
        ends.append((_number(a, city_id, cities), _number(b, city_id, cities)))
        lengths.append(length)
    root, comp_at, comps, weights, _cyclic = numbered_components(ends, lengths, len(cities))
    part = []
    for v in range(len(cities)):
        while root[v] != v:
            v = root[v]
        part.append(comp_at[v])
    return ends, lengths, cities, part, comps, weights


def numbered_components(ends: list[tuple[int, int]], lengths: list[int], n: int):
    """The components of edges between cities already numbered (0 <= number < n; a board's
    numbering, any order): (root, comp_at, comps, weights, cyclic). ``root[v]`` leads towards v's
    representative (follow it until ``root[r] == r``); ``comp_at[r]`` is that
    representative's component, -1 for a city no edge touches; ``comps`` and ``weights`` as
    `route_network` (components in order of their first edge); ``cyclic`` the components with
    a cycle (an edge joining two cities already joined), the others being trees. The search
    does not depend on the numbers, only on the order of the edges, so `_longest` finds the
    same trail as with `route_network`'s numbering."""
    # Hand-tuned (it runs for every player at every game end): a union-find over lists indexed
    # by the numbers, no dict; the lower root wins, so a root is its component's lowest number.
    root = list(range(n))
    closing = []                       # edges that close a cycle
    for i, j in ends:
        while root[i] != i:
            i = root[i]
        while root[j] != j:
            j = root[j]
        if i < j:
            root[j] = i
        elif j < i:
            root[i] = j
        else:
            closing.append(i)
    comp_at = [-1] * n
    comps: list[list[int]] = []
    weights: list[int] = []
    for e, (a, _) in enumerate(ends):
        while root[a] != a:
            a = root[a]
        c = comp_at[a]
        if c < 0:
            comp_at[a] = len(comps)
            comps.append([e])
            weights.append(lengths[e])
        else:
            comps[c].append(e)
            weights[c] += lengths[e]
    cyclic = set()
    for r in closing:
        while root[r] != r:
            r = root[r]
        cyclic.add(comp_at[r])
    return root, comp_at, comps, weights, cyclic


def longest_in_network(network) -> LongestPath:
    """`longest_path` of a `route_network`."""
    ends, lengths, cities, _, comps, weights = network
    return _longest(ends, lengths, cities, comps, weights)


def longest_in_components(ends: list[tuple[int, int]], lengths: list[int], cities: list, components) -> LongestPath:
    """`longest_path` of edges between numbered cities (`cities`: the city of each number)
    whose components `numbered_components` found."""
    _, _, comps, weights, cyclic = components
    return _longest(ends, lengths, cities, comps, weights, cyclic)


def _longest(ends: list[tuple[int, int]], lengths: list[int], cities: list, comps=None,
             weights=None, cyclic=None) -> LongestPath:
    """The search of `longest_path` on numbered cities (`ends` of each edge, its length);
    `comps`: the components (`_components`) and `weights` their lengths, when known;
    `cyclic`: the components with a cycle, when known."""
    if not ends:
        return LongestPath()

    best_len, best_trail = 0, []
    if comps is None:
        comps = _components(len(cities), ends)
        weights = [sum([lengths[e] for e in comp]) for comp in comps]
    # heaviest component first (ties in component order: the sort is stable, also reversed);
    # once one is no longer than the best trail found, neither is any after it
    for c in sorted(range(len(comps)), key=weights.__getitem__, reverse=True):
        if weights[c] <= best_len:
            break
        comp = comps[c]
        found = _TOO_BIG
        if SHORTCUTS:
            if cyclic is not None:
                tree = c not in cyclic
            else:
                tree = len({v for e in comp for v in ends[e]}) == len(comp) + 1
            if tree:
                found = _tree_trail(comp, ends, lengths)                # fact 9: no cycle
                if found[0] <= best_len:
                    continue
            elif len(comp) <= SMALL_EDGES:
                found = _small_trail(comp, ends, lengths, best_len)     # fact 10: small
        if found is _TOO_BIG:
            found = _solve_component(comp, ends, lengths, best_len)
        if found is not None:
            best_len, best_trail = found
    return LongestPath(best_len, tuple(best_trail), tuple([cities[c] for c in _walk(best_trail, ends)]))


# --------------------------------------------------------------------------- helpers

# A "chain" is (u, x, length, seq): an edge of a (reduced) graph on local
# vertex ids, standing for the original edges ``seq`` walked from u to x.
Chain = tuple[int, int, int, tuple[int, ...]]


def _walk(trail: list[int], ends: list[tuple[int, int]]) -> list[int]:
    """Cities visited by a trail of original edges (empty list for no edges)."""
    if not trail:
        return []
    for start in ends[trail[0]]:
        seq = [start]
        for e in trail:
            a, b = ends[e]
            if seq[-1] == a:
                seq.append(b)
            elif seq[-1] == b:
                seq.append(a)
            else:
                break
        else:
            return seq
    raise AssertionError("internal error: not a trail")  # pragma: no cover


def _tree_trail(comp: list[int], ends: list[tuple[int, int]], lengths: list[int]) -> tuple[int, list[int]]:
    """Longest trail of a component without a cycle (fact 9): the path between two
    vertices farthest apart, found by two sweeps (the farthest vertex from any vertex
    is an end of a longest path; the first one reached among equals)."""
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for e in comp:
        a, b = ends[e]
        n = lengths[e]
        out = adj.get(a)
        if out is None:
            adj[a] = [(b, e, n)]
        else:
            out.append((b, e, n))
        out = adj.get(b)
        if out is None:
            adj[b] = [(a, e, n)]
        else:
            out.append((a, e, n))
    far = ends[comp[0]][0]
    for _ in range(2):                 # from any vertex to the farthest, from there to the farthest
        src = far
        dist = {src: 0}
        via: dict[int, tuple[int, int] | None] = {src: None}
        todo = [src]
        length = 0
        while todo:
            v = todo.pop()
            d = dist[v]
            for w, e, n in adj[v]:
                if w not in dist:
                    dist[w] = d + n
                    via[w] = (v, e)
                    todo.append(w)
                    if d + n > length:
                        far, length = w, d + n
    trail = []
    step = via[far]
    while step is not None:
        trail.append(step[1])
        step = via[step[0]]
    trail.reverse()
    return length, trail


_TOO_BIG = object()
SHORTCUTS = True             # facts 9 and 10 (the tests also run the search without them)
SMALL_EDGES = 20             # fact 10: components this small are searched directly ...
SMALL_SEARCH_STEPS = 400     # ... unless that takes more steps than this


class _Stop(Exception):
    """Ends `_small_trail`'s search: out of steps, or a trail holds every edge."""


def _small_trail(comp: list[int], ends: list[tuple[int, int]], lengths: list[int], floor: int,
                 budget: int = SMALL_SEARCH_STEPS):
    """Longest trail of a small component by plain depth-first search over trails
    (fact 10), or `_TOO_BIG` when the search would take more than `budget` steps.
    Trails start at odd vertices only (fact 3). None: nothing longer than `floor`.

    The search: from each start vertex (in order of first appearance in ``comp``) try each
    unused edge (in ``comp`` order), depth first; a trail that cannot go on is a candidate,
    the first longest one wins; a step is one edge added to a trail; the search stops once a
    trail holds every edge."""
    total = 0
    local: dict[int, int] = {}
    adj: list[list[tuple[int, int]]] = []     # per local vertex: (other end, edge)
    for e in comp:
        total += lengths[e]
        a, b = ends[e]
        la = local.get(a)
        if la is None:
            la = local[a] = len(adj)
            adj.append([])
        lb = local.get(b)
        if lb is None:
            lb = local[b] = len(adj)
            adj.append([])
        adj[la].append((lb, e))
        adj[lb].append((la, e))
    if total <= floor:
        return None
    starts = [v for v, out in enumerate(adj) if len(out) & 1] or [0]
    # Hand-tuned (most game ends run it, and nearly all its time is the recursion below).
    # A trail entering a run of degree-2 cities has one way on, so the search takes each
    # such run ("chain") in one move: the same trails in the same order, a chain of k edges
    # counting k steps (it cannot end inside a chain: a chain is used whole or not at all).
    # Chains are numbered and used ones held in a bitmask; the trail so far is a linked
    # tuple (chain's edges, rest) passed down, cheaper than a list appended and popped;
    # a chain to a city of one route ends the trail there, so it is weighed without a call;
    # the two ways to stop raise, so the loop tests neither.
    turns = [len(out) != 2 for out in adj]    # the cities a trail may turn or stop at
    turns[starts[0]] = True                   # (a start of degree 2 when there is no odd city)
    # per city: (where the chain leads, its bit, length, edges, the edges in travel order,
    # whether it ends at a city of one route)
    moves: list[list[tuple[int, int, int, int, tuple[int, ...], bool]]] = [[] for _ in adj]
    chain_of: dict[int, tuple] = {}           # first or last edge of a chain -> its move back
    bit = 1
    for u, out in enumerate(adj):
        if not turns[u]:
            continue
        for x, e in out:
            back = chain_of.get(e)
            if back is not None:              # a chain found from its other end
                moves[u].append(back)
                continue
            seq = [e]
            length = lengths[e]
            here, last = x, e
            while not turns[here]:            # on along the run of degree-2 cities
                (y1, e1), (y2, e2) = adj[here]
                here, last = (y2, e2) if e1 == last else (y1, e1)
                seq.append(last)
                length += lengths[last]
            k = len(seq)
            moves[u].append((here, bit, length, k, tuple(seq), len(adj[here]) == 1))
            seq.reverse()
            chain_of[last] = (u, bit, length, k, tuple(seq), len(out) == 1)
            bit <<= 1
    best_len, best = floor, None
    steps = 0

    def walk(v: int, used: int, length: int, trail) -> None:
        """Extend the trail (its chains `trail`, linked, last first) from v."""
        nonlocal best_len, best, steps
        stuck = True
        for w, bit, n, k, seq, dead_end in moves[v]:
            if not used & bit:
                stuck = False
                steps += k
                if steps > budget:
                    raise _Stop
                if dead_end:           # a city of one route: the trail stops there (no call)
                    if length + n > best_len:
                        best_len, best = length + n, (seq, trail)
                        if best_len == total:
                            raise _Stop
                else:
                    walk(w, used | bit, length + n, (seq, trail))
        if stuck and length > best_len:
            best_len, best = length, trail
            if length == total:
                raise _Stop

    try:
        for v in starts:
            walk(v, 0, 0, None)
    except _Stop:
        if steps > budget:
            return _TOO_BIG
    finally:
        walk = None     # the nested function refers to itself: without this, a cycle for the collector
    if best is None:
        return None
    runs = []
    while best is not None:
        seq, best = best
        runs.append(seq)
    return best_len, [e for seq in reversed(runs) for e in seq]


def connected_parts(adj: list[list[int]]) -> tuple[list[int], int]:
    """Number the connected parts of a graph given by adjacency lists, in order of their
    lowest vertex: (part of each vertex, number of parts)."""
    part = [-1] * len(adj)
    count = 0
    for v in range(len(adj)):
        if part[v] >= 0:
            continue
        part[v] = count
        todo = [v]
        while todo:
            for w in adj[todo.pop()]:
                if part[w] < 0:
                    part[w] = count
                    todo.append(w)
        count += 1
    return part, count


def _components(n: int, ends: list[tuple[int, int]]) -> list[list[int]]:
    """Edge indices of each connected component, components ordered by first edge.
    (Cities are numbered in order of first appearance, so labelling them in number
    order meets the components in order of their first edge.)"""
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in ends:
        adj[a].append(b)
        adj[b].append(a)
    comp_of, count = connected_parts(adj)
    comps: list[list[int]] = [[] for _ in range(count)]
    for e, (a, _) in enumerate(ends):
        comps[comp_of[a]].append(e)
    return comps


def _euler(k: int, chains: list[Chain], sel: list[int], start: int) -> list[int]:
    """Hierholzer: walk every chain in ``sel`` from ``start``; returns original edges.

    The chains must form a connected graph whose odd vertices are ``start``
    and one other vertex, or none.
    """
    inc: list[list[int]] = [[] for _ in range(k)]
    for c in sel:
        u, x = chains[c][0], chains[c][1]
        inc[u].append(c)
        if x != u:
            inc[x].append(c)
    for lst in inc:
        lst.reverse()  # pop() then takes chains in input order
    used: set[int] = set()
    stack: list[tuple[int, int, int]] = [(start, -1, -1)]
    walk: list[tuple[int, int]] = []
    while stack:
        v = stack[-1][0]
        lst = inc[v]
        while lst and lst[-1] in used:
            lst.pop()
        if lst:
            c = lst.pop()
            used.add(c)
            u, x = chains[c][0], chains[c][1]
            stack.append((x if v == u else u, c, v))
        else:
            _, c, frm = stack.pop()
            if c >= 0:
                walk.append((c, frm))
    walk.reverse()
    out: list[int] = []
    for c, frm in walk:
        seq = chains[c][3]
        out.extend(seq if frm == chains[c][0] else reversed(seq))
    return out


def _series_reduce(k: int, chains: list[Chain]) -> tuple[int, list[Chain]]:
    """Contract every vertex of degree 2 (fact 4); needs a vertex of other degree."""
    deg = [0] * k
    inc: list[list[int]] = [[] for _ in range(k)]
    for c, (u, x, _, _) in enumerate(chains):
        deg[u] += 1
        deg[x] += 1
        inc[u].append(c)
        inc[x].append(c)
    branch = [v for v in range(k) if deg[v] != 2]
    vid = {v: i for i, v in enumerate(branch)}
    out: list[Chain] = []
    consumed = [False] * len(chains)
    for u in branch:
        for c in inc[u]:
            if consumed[c]:
                continue
            consumed[c] = True
            cu, cx, length, seq = chains[c]
            seq = list(seq if cu == u else reversed(seq))
            cur = cx if cu == u else cu
            last = c
            while deg[cur] == 2:
                c2 = inc[cur][0] if inc[cur][0] != last else inc[cur][1]
                consumed[c2] = True
                cu, cx, l2, s2 = chains[c2]
                seq.extend(s2 if cu == cur else reversed(s2))
                length += l2
                cur = cx if cu == cur else cu
                last = c2
            out.append((vid[u], vid[cur], length, tuple(seq)))
    return len(branch), out


def _bridges(k: int, chains: list[Chain]) -> set[int]:
    """Indices of the chains that are bridges (Tarjan, iterative, multigraph-safe)."""
    adj: list[list[tuple[int, int]]] = [[] for _ in range(k)]
    for c, (u, x, _, _) in enumerate(chains):
        if u != x:
            adj[u].append((x, c))
            adj[x].append((u, c))
    disc = [-1] * k
    low = [0] * k
    t = 0
    out: set[int] = set()
    for s in range(k):
        if disc[s] >= 0:
            continue
        disc[s] = low[s] = t
        t += 1
        stack = [(s, -1, iter(adj[s]))]
        while stack:
            v, pc, it = stack[-1]
            for w, c in it:
                if c == pc:
                    continue
                if disc[w] < 0:
                    disc[w] = low[w] = t
                    t += 1
                    stack.append((w, c, iter(adj[w])))
                    break
                if disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                stack.pop()
                if stack:
                    p = stack[-1][0]
                    if low[v] < low[p]:
                        low[p] = low[v]
                    if low[v] > disc[p]:
                        out.add(pc)
    return out


def _solve_component(
    comp: list[int], ends: list[tuple[int, int]], lengths: list[int], floor: int
) -> tuple[int, list[int]] | None:
    """Best trail of one connected component, or None if none is longer than ``floor``."""
    vid: dict[int, int] = {}
    chains: list[Chain] = []
    for e in comp:
        a, b = ends[e]
        la = vid.setdefault(a, len(vid))
        lb = vid.setdefault(b, len(vid))
        chains.append((la, lb, lengths[e], (e,)))
    k = len(vid)
    deg = [0] * k
    for u, x, _, _ in chains:
        deg[u] += 1
        deg[x] += 1
    if sum(d & 1 for d in deg) <= 2:  # Euler (fact 2): no search at all
        return _best_trail(k, chains, None, floor)
    k, chains = _series_reduce(k, chains)
    bridges = _bridges(k, chains)
    if not bridges:
        return _best_trail(k, chains, None, floor)

    # ---- bridge tree (fact 5): blocks = 2-edge-connected components
    adj: list[list[int]] = [[] for _ in range(k)]
    for c, (u, x, _, _) in enumerate(chains):
        if u != x and c not in bridges:
            adj[u].append(x)
            adj[x].append(u)
    block, nblocks = connected_parts(adj)
    bverts: list[list[int]] = [[] for _ in range(nblocks)]
    for v in range(k):
        bverts[block[v]].append(v)
    bchains: list[list[int]] = [[] for _ in range(nblocks)]
    tadj: list[list[tuple[int, int, int, int]]] = [[] for _ in range(nblocks)]
    for c, (u, x, _, _) in enumerate(chains):
        if c in bridges:
            tadj[block[u]].append((c, u, x, block[x]))
            tadj[block[x]].append((c, x, u, block[u]))
        else:
            bchains[block[u]].append(c)
    # Root the bridge tree at the heaviest block: only the root block escapes
    # the (harder) anchored search.
    bweight = [0] * nblocks
    for c, (u, x, length, _) in enumerate(chains):
        if c not in bridges:
            bweight[block[u]] += length
    root = max(range(nblocks), key=lambda b: (bweight[b], -b))
    parent = [-1] * nblocks
    parent[root] = root
    attach = [-1] * nblocks  # vertex where the parent bridge enters the block
    order = [root]
    for b in order:
        for c, _, r, child in tadj[b]:
            if parent[child] < 0:
                parent[child] = b
                attach[child] = r
                order.append(child)

    down: list[tuple[int, list[int]]] = [(0, [])] * nblocks
    best: tuple[int, list[int]] | None = None
    for b in reversed(order):
        pend: dict[int, list[tuple[int, list[int]]]] = {}
        for c, q, r, child in tadj[b]:
            if parent[child] == b and child != b:
                dl, dseq = down[child]
                u, x, length, seq = chains[c]
                bseq = list(seq if u == q else reversed(seq))
                pend.setdefault(q, []).append((length + dl, bseq + dseq))
        for lst in pend.values():
            lst.sort(key=lambda t: -t[0])

        def local(top: int) -> tuple[int, list[Chain], dict[int, int]]:
            lid = {v: i for i, v in enumerate(bverts[b])}
            g = []
            for c in bchains[b]:
                u, x, length, seq = chains[c]
                g.append((lid[u], lid[x], length, seq))
            n = len(lid)
            for q in sorted(pend):
                for length, seq in pend[q][:top]:
                    g.append((lid[q], n, length, tuple(seq)))
                    n += 1
            return n, g, lid

        if b != root:
            n, g, lid = local(1)
            down[b] = _best_trail(n, g, lid[attach[b]], -1)
        n, g, lid = local(2)
        found = _best_trail(n, g, None, floor if best is None else best[0])
        if found is not None:
            best = found
    return best


def _best_trail(k: int, chains: list[Chain], anchor: int | None, floor: int) -> tuple[int, list[int]] | None:
    """Longest trail of a connected chain graph (starting at ``anchor`` if given).

    Returns (length, original edges) or None if no trail is longer than ``floor``.
    """
    total = sum(c[2] for c in chains)
    if total <= floor:
        return None
    if not chains:
        return 0, []
    deg = [0] * k
    for u, x, _, _ in chains:
        deg[u] += 1
        deg[x] += 1
    odd = [v for v in range(k) if deg[v] & 1]
    if anchor is None:
        if len(odd) <= 2:
            return total, _euler(k, chains, list(range(len(chains))), odd[0] if odd else chains[0][0])
    elif not odd or (len(odd) == 2 and anchor in odd):
        return total, _euler(k, chains, list(range(len(chains))), anchor)
    found = _search(k, chains, anchor, floor)
    if found is None:
        return None
    length, removed, v = found
    alive = [c for c in range(len(chains)) if not (removed >> c) & 1]
    reach = {v}
    grew = True
    while grew:
        grew = False
        for c in alive:
            u, x = chains[c][0], chains[c][1]
            if (u in reach) != (x in reach):
                reach.add(u)
                reach.add(x)
                grew = True
    sel = [c for c in alive if chains[c][0] in reach]
    deg = [0] * k
    for c in sel:
        deg[chains[c][0]] += 1
        deg[chains[c][1]] += 1
    odd = [u for u in range(k) if deg[u] & 1]
    if anchor is not None:
        start = anchor
    else:
        start = odd[0] if odd else v
    return length, _euler(k, chains, sel, start)


class _Found(Exception):
    """Raised when a deepening pass reaches a leaf: that trail is optimal."""


def _search(k: int, chains: list[Chain], anchor: int | None, floor: int) -> tuple[int, int, int] | None:
    """Branch and bound over the chains left out of the trail (facts 6-8; see `_TrailSearch`).

    Returns (length, removed chain mask, a vertex of the winning component)
    or None if no trail is longer than ``floor``.
    """
    return _TrailSearch(k, chains, anchor, floor).deepen()


_BIG = 1 << 60


class _TrailSearch:
    """The search of facts 6-8 on one connected chain graph of ``k`` vertices.

    A state (D, kept chains, declared ends) is held in bit masks: ``removed``
    (chains left out), ``kept`` (chains fixed in the trail), ``exempt``
    (vertices declared ends) and ``oddmask`` (odd vertices once the removed
    chains are gone); per vertex, what is still present (``rem_deg``,
    ``rem_w2``, ``mult``, ``nbmask``).  D itself is a vertex mask with its
    weight W.  The methods, by fact:

    6. `leave_out` / `put_back` (a chain leaves D, and returns), `part_of`
       (the part of D left holding a vertex when a chain is left out),
       `must_hold` (what the part holding the optimum contains), `branch`.
    7. `bound` ((a): every terminal pairs with its nearest partner; it also
       picks the branch vertex of fact 6) and `moat_bound` ((b)).
    8. `children` (each branch bounded, best bound first) and `deepen`.
    """

    __slots__ = ("k", "anchor", "anchor_bit", "max_slots", "adj", "mult", "rem_deg", "rem_w2", "full_deg",
                 "allbits", "cmask", "chain_list", "nbmask", "oddmask", "removed", "kept", "exempt",
                 "floor", "best_len", "best_state", "below")

    def __init__(self, k: int, chains: list[Chain], anchor: int | None, floor: int):
        adj: list[list[tuple[int, int, int]]] = [[] for _ in range(k)]  # (bit, other, length)
        mult: list[dict[int, int]] = [dict() for _ in range(k)]
        rem_deg = [0] * k  # non-loop chain ends still present
        rem_w2 = [0] * k  # incident weight still present (loops counted twice)
        allbits = [0] * k
        cmask = [0] * len(chains)
        for c, (u, x, length, _) in enumerate(chains):
            cmask[c] = (1 << u) | (1 << x)
            if u == x:  # loop: never removed, it only adds weight
                rem_w2[u] += 2 * length
                continue
            bit = 1 << c
            allbits[u] |= bit
            allbits[x] |= bit
            adj[u].append((bit, x, length))
            adj[x].append((bit, u, length))
            mult[u][x] = mult[u].get(x, 0) + 1
            mult[x][u] = mult[x].get(u, 0) + 1
            rem_deg[u] += 1
            rem_deg[x] += 1
            rem_w2[u] += length
            rem_w2[x] += length
        for lst in adj:
            lst.sort(key=lambda t: t[2])
        nbmask = [0] * k
        for u in range(k):
            for x in mult[u]:
                nbmask[u] |= 1 << x
        oddmask = 0  # vertices of odd degree in the remaining graph
        for u in range(k):
            if rem_deg[u] & 1:
                oddmask |= 1 << u
        self.k = k
        self.anchor = anchor
        self.anchor_bit = 0 if anchor is None else 1 << anchor
        self.max_slots = 2 if anchor is None else 1
        self.adj, self.mult, self.rem_deg, self.rem_w2 = adj, mult, rem_deg, rem_w2
        self.full_deg = list(rem_deg)
        self.allbits, self.cmask, self.nbmask = allbits, cmask, nbmask
        self.chain_list = sorted(((1 << c, u, x, ln) for c, (u, x, ln, _) in enumerate(chains) if u != x),
                                 key=lambda t: t[3])
        self.oddmask = oddmask
        self.removed = 0  # chains cut so far
        self.kept = 0  # chains fixed as part of the trail
        self.exempt = 0  # vertices fixed as free trail endpoints
        self.floor = self.best_len = self.below = floor  # below: best bound cut off in this pass
        self.best_state: tuple[int, int] | None = None

    # ------------------------------------------------------------------ fact 6: the search space
    def part_of(self, v: int, target: int):
        """The part of D holding v: None if ``target`` is in it, else (vertex mask, weight)."""
        nbmask, rem_w2 = self.nbmask, self.rem_w2
        seen = 1 << v
        stack = [v]
        push, pop = stack.append, stack.pop
        w2 = 0
        tbit = 1 << target
        while stack:
            u = pop()
            w2 += rem_w2[u]
            new = nbmask[u] & ~seen
            if new & tbit:
                return None
            seen |= new
            while new:
                low = new & -new
                push(low.bit_length() - 1)
                new ^= low
        return seen, w2 // 2

    def leave_out(self, u: int, x: int, length: int) -> None:
        """Take the chain u-x of this length out of D (its bit goes into ``removed``)."""
        self.oddmask ^= (1 << u) ^ (1 << x)
        rem_deg, rem_w2, mult = self.rem_deg, self.rem_w2, self.mult
        rem_deg[u] -= 1
        rem_deg[x] -= 1
        rem_w2[u] -= length
        rem_w2[x] -= length
        m = mult[u][x] - 1
        mult[u][x] = m
        mult[x][u] = m
        if m == 0:
            nbmask = self.nbmask
            nbmask[u] &= ~(1 << x)
            nbmask[x] &= ~(1 << u)

    def put_back(self, u: int, x: int, length: int) -> None:
        """Undo `leave_out`."""
        self.oddmask ^= (1 << u) ^ (1 << x)
        rem_deg, rem_w2, mult = self.rem_deg, self.rem_w2, self.mult
        rem_deg[u] += 1
        rem_deg[x] += 1
        rem_w2[u] += length
        rem_w2[x] += length
        m = mult[u][x] + 1
        mult[u][x] = m
        mult[x][u] = m
        if m == 1:
            nbmask = self.nbmask
            nbmask[u] |= 1 << x
            nbmask[x] |= 1 << u

    def must_hold(self) -> int:
        """Vertices the final trail must contain: anchor, free ends, kept chains."""
        marks = self.exempt | self.anchor_bit
        cmask = self.cmask
        kk = self.kept
        while kk:
            low = kk & -kk
            marks |= cmask[low.bit_length() - 1]
            kk ^= low
        return marks

    def branch(self, v: int, vmask: int, W: int, info) -> None:
        """Search the state D = ``vmask`` (weight W, holding v) bounded by ``info`` (`bound`):
        a leaf is the optimum (`_Found`); otherwise its branch vertex u becomes an end, or one
        of its free chains is left out (the ones before it kept), each part of a D that falls
        apart searched on its own where it can hold everything the trail must."""
        ub, u, pmask, slots = info
        if ub <= self.best_len:
            if ub > self.below:
                self.below = ub
            return
        if u < 0:
            self.best_len = W
            self.best_state = (self.removed, v)
            raise _Found
        allbits_u = self.allbits[u]
        kept0 = self.kept
        for nub, _, _, _, _, ln, bit, x, parts in self.children(u, vmask, W, pmask, slots):
            if -nub <= self.best_len:
                if -nub > self.below:
                    self.below = -nub
                break
            if x < 0:  # u becomes a free end of the trail, keeping all its chains
                k1 = self.kept
                self.kept = k1 | allbits_u
                self.exempt |= 1 << u
                self.branch(v, vmask, W, parts)
                self.exempt &= ~(1 << u)
                self.kept = k1
                continue
            self.removed |= bit
            self.leave_out(u, x, ln)
            if len(parts) == 1:
                _, cm, cw, ci = parts[0]
                if ci is not None:
                    self.branch(u, cm, cw, ci)
            else:
                marks = self.must_hold()
                pa, pb = parts
                if pb[3] is not None and (pa[3] is None or pb[3][0] > pa[3][0]):
                    pa, pb = pb, pa  # the more promising side first
                ina = marks & pa[1]
                inb = marks & pb[1]
                if not inb and pa[3] is not None:
                    self.branch(pa[0], pa[1], pa[2], pa[3])
                if not ina and pb[3] is not None:
                    self.branch(pb[0], pb[1], pb[2], pb[3])
            self.put_back(u, x, ln)
            self.removed &= ~bit
            self.kept |= bit
        self.kept = kept0

    # ------------------------------------------------------------------ fact 7: bounds
    def bound(self, vmask: int, W: int):
        """Bound a state: None (dead end), or (ub, branch vertex, partner mask, slots).

        A branch vertex of -1 means the component itself is a trail (leaf).
        Bound (a) pairs each terminal with its nearest partner; where it still
        leaves hope, `moat_bound` (b) tightens it.  The branch vertex is the
        most constrained terminal (fact 6): fewest branches, most weight, cheapest pairing.
        """
        anchor = self.anchor
        om = self.oddmask & vmask
        nodd = om.bit_count()
        if anchor is None:
            if nodd <= 2:
                return W, -1, 0, 0
        elif nodd - ((om >> anchor) & 1) <= 1:
            return W, -1, 0, 0
        exempt, anchor_bit = self.exempt, self.anchor_bit
        xmask = om & ~(exempt | anchor_bit)
        xs = []
        mm = xmask
        while mm:
            low = mm & -mm
            xs.append(low.bit_length() - 1)
            mm ^= low
        slots = self.max_slots - (exempt & vmask).bit_count()
        pmask = xmask | anchor_bit  # possible pairing partners
        blocked = self.removed | self.kept
        adj, allbits, rem_deg, full_deg, rem_w2 = self.adj, self.allbits, self.rem_deg, self.full_deg, self.rem_w2
        BIG = _BIG
        dsum = 0
        forced = 0
        elig_ds = []
        eligmask = 0
        pick = -1
        k1 = k2 = k3 = 0  # the key of `pick`
        free_bits = ~blocked
        for u in xs:
            d = BIG
            nopt = (allbits[u] & free_bits).bit_count()
            for bit, x, ln in adj[u]:  # shortest first
                if ln >= d:
                    break
                if blocked & bit:
                    continue
                if (pmask >> x) & 1:
                    d = ln
                elif ln + 1 < d:  # the pairing path must go on from x
                    d = ln + 1
            elig = slots > 0 and rem_deg[u] == full_deg[u]
            if elig:
                eligmask |= 1 << u
            if d == BIG:
                if not elig:
                    return None
                forced += 1
                if forced > slots:
                    return None
            else:
                dsum += d
                if elig:
                    elig_ds.append(d)
            # fewest branches, then most weight, then cheapest pairing (first such u on ties)
            a1 = nopt + elig
            a2 = -rem_w2[u]
            if pick < 0 or a1 < k1 or (a1 == k1 and (a2 < k2 or (a2 == k2 and d < k3))):
                k1, k2, k3 = a1, a2, d
                pick = u
        free = slots - forced
        if free > 0 and elig_ds:
            elig_ds.sort()
            dsum -= sum(elig_ds[-free:])
        ub = W - (dsum + 1) // 2
        if ub > self.best_len:
            lost = self.moat_bound(vmask, pmask, eligmask, slots, blocked)
            if lost < 0:
                return None
            if W - lost < ub:
                ub = W - lost
        return ub, pick, pmask, slots

    def moat_bound(self, vmask: int, tmask: int, eligmask: int, slots: int, blocked: int) -> int:
        """Lower bound on the weight the trail must leave out of the component.

        Moat packing (fact 7): every terminal (odd vertex that must become
        even, and the anchor) grows a ball at unit speed; balls merge when
        they meet along a free chain, and a merged group stops growing while
        it holds an even number of terminals.  The total growth is a feasible
        dual of the T-join LP, so it bounds the left-out weight from below;
        letting a terminal be a trail end instead (the anchor, and up to
        ``slots`` eligible free ends) costs at most that terminal's own
        radius.  While more groups grow than there are such ends, the bound
        only increases, so the growth stops there.  Returns -1 if no
        completion is possible at all.
        """
        k, anchor = self.k, self.anchor
        # free chains of the component: (u, x, length)
        edges = [(u, x, ln) for bit, u, x, ln in self.chain_list if not blocked & bit and (vmask >> u) & 1]
        lab = list(range(k))  # group label of each vertex
        rad = [0.0] * k  # radius of each vertex's ball
        act = [0] * k  # 1 while the vertex's group holds an odd number of terminals (it grows)
        members: dict[int, list[int]] = {}
        active = set()
        mm = tmask & vmask
        while mm:
            low = mm & -mm
            u = low.bit_length() - 1
            mm ^= low
            act[u] = 1
            active.add(u)
        flips = slots + (1 if anchor is not None else 0)
        total = 0.0
        while len(active) > flips:
            dt = -1.0
            tight = []
            live = []
            keep = live.append
            for e in edges:
                a, b, ln = e
                if lab[a] == lab[b]:  # a chain inside a group is done for good
                    continue
                keep(e)
                r = act[a] + act[b]
                if r:
                    t = (ln - rad[a] - rad[b]) / r
                    if dt < 0 or t < dt - 1e-9:
                        dt = t
                        tight = [e]
                    elif t <= dt + 1e-9:
                        tight.append(e)
            edges = live
            if dt < 0:  # stuck: no more than `flips` groups may stay odd
                return -1
            if dt > 0:
                for g in active:
                    mg = members.get(g)
                    if mg is None:
                        rad[g] += dt
                    else:
                        for y in mg:
                            rad[y] += dt
                total += dt * len(active)
            for a, b, _ in tight:
                la = lab[a]
                lb = lab[b]
                if la != lb:
                    ma = members.get(la) or [la]
                    mb = members.pop(lb, None) or [lb]
                    if len(ma) < len(mb):
                        la, lb, ma, mb = lb, la, mb, ma
                        members.pop(lb, None)
                    pa = act[la]
                    pb = act[lb]
                    odd = pa ^ pb
                    for y in mb:
                        lab[y] = la
                    ma.extend(mb)
                    members[la] = ma
                    if pa:
                        active.discard(la)
                    if pb:
                        active.discard(lb)
                    if odd:
                        active.add(la)
                    if odd != pa or odd != pb:
                        for y in ma:
                            act[y] = odd
        if total <= 0:
            return 0
        back = []
        m2 = eligmask & vmask
        while m2:
            low = m2 & -m2
            y = low.bit_length() - 1
            back.append(rad[y])
            m2 ^= low
        lost = total
        if slots > 0 and back:
            back.sort()
            lost -= sum(back[-slots:])
        if anchor is not None and (vmask >> anchor) & 1:
            lost -= rad[anchor]
        return math.ceil(lost - 1e-7)

    # ------------------------------------------------------------------ fact 8: order
    def children(self, u: int, vmask: int, W: int, pmask: int, slots: int) -> list[tuple]:
        """The branches at u, each bounded before it is searched, best bound first; among
        equal bounds leaving a chain out before declaring an end, fewer odd vertices first.

        Each is (-bound, 0, odd vertices left, -weight, not a partner, length, bit, other
        end, parts) for a chain left out, where parts are the one or two parts of D left
        ((vertex, vertex mask, weight, `bound`)); and (..., -1, bound) for u as an end."""
        removed = self.removed
        blocked = removed | self.kept
        leave_out, put_back, part_of, bound = self.leave_out, self.put_back, self.part_of, self.bound
        kids = []
        for bit, x, ln in self.adj[u]:
            if blocked & bit:
                continue
            self.removed = removed | bit
            leave_out(u, x, ln)
            r = part_of(u, x)
            if r is None:
                parts = [(u, vmask, W - ln, bound(vmask, W - ln))]
            else:
                amask, wa = r
                bmask = vmask & ~amask
                wb = W - ln - wa
                marks = self.must_hold()
                parts = [
                    (u, amask, wa, None if marks & bmask else bound(amask, wa)),
                    (x, bmask, wb, None if marks & amask else bound(bmask, wb)),
                ]
            nodd = (self.oddmask & vmask).bit_count()
            put_back(u, x, ln)
            self.removed = removed
            top = None
            for p in parts:
                if p[3] is not None and (top is None or p[3][0] > top):
                    top = p[3][0]
            if top is None:
                top = -1
            kids.append((-top, 0, nodd, -(W - ln), not (pmask >> x) & 1, ln, bit, x, parts))
        if slots > 0 and self.rem_deg[u] == self.full_deg[u]:
            kept0 = self.kept
            self.kept = kept0 | self.allbits[u]
            self.exempt |= 1 << u
            info2 = self.bound(vmask, W)
            self.exempt &= ~(1 << u)
            self.kept = kept0
            if info2 is not None:
                nodd = (self.oddmask & vmask).bit_count() - 1
                kids.append((-info2[0], 1, nodd, -W, False, 0, 0, -1, info2))
        # by the first six fields; ties keep the order of adj[u] (by length, then chain number),
        # which is the order of the bits in the seventh, so a plain sort gives the same order
        kids.sort()
        return kids

    def deepen(self) -> tuple[int, int, int] | None:
        """Iterative deepening on the target length (fact 8): explore only states
        whose bound reaches the target; the first trail found is optimal.  If
        none is found, the next target is the best bound that was cut off."""
        start = 0 if self.anchor is None else self.anchor
        vmask, W = self.part_of(start, self.k)
        info = self.bound(vmask, W)
        if info is None:
            return None
        target = info[0]
        floor = self.floor
        while target > floor:
            self.best_len = target - 1
            self.below = floor
            try:
                self.branch(start, vmask, W, info)
            except _Found:
                return self.best_len, self.best_state[0], self.best_state[1]
            target = self.below
        return None
