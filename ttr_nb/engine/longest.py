"""Exact longest trail ("longest continuous path") of a player's routes.

    >>> from ttr_nb.engine.longest import longest_path
    >>> r = longest_path([("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)])
    >>> r.length, r.trail, r.cities
    (10, (3, 1, 0, 2), ('D', 'C', 'B', 'A', 'C'))

A *trail* uses every edge (route) at most once and may revisit cities.  The
problem is NP-hard in general, but player networks are small, so an exact
branch-and-bound over trails is fast when it is fed by the right facts.
Everything below is standard library only.

Facts the search relies on (each one is cross-checked against an exhaustive
search in ``tests/engine/test_longest.py``):

1. Components are independent; the answer is the best component.

2. Euler: a connected edge set with at most two odd-degree vertices is
   traversed completely by one trail (Hierholzer).  So a component with 0 or 2
   odd vertices is answered without any search.

3. Endpoints.  Let T be a maximum trail of a connected component G that has
   odd vertices.  If T were closed and missed an edge, some missed edge would
   touch T (G is connected) and T, rotated to start there, could be extended;
   if T were closed and used every edge, G would be Eulerian.  So T is open,
   from s to t != s.  If an edge at s were unused, prepending it would extend
   T; so every edge at s (and likewise at t) is in T, hence
   deg_G(s) = deg_T(s) is odd.  **Both endpoints of a maximum trail are odd
   vertices of G, and all of their edges are used.**  Only odd vertices are
   tried as starts, and the search only records trails that cannot be
   extended.  If starts are tried in a fixed order, a trail from a later
   start never needs to *end* at an earlier start (its reverse was covered).

4. Series reduction.  A vertex of degree 2 is never an endpoint of a maximum
   trail (fact 3), so a maximum trail that enters it leaves by the other
   edge: chains of degree-2 vertices are contracted into single weighted
   "super-edges".  A chain that returns to its own branch vertex becomes a
   loop; a trail that visits that vertex can always take the loop at its
   first visit, so loops are taken greedily (no branching).

5. Upper bound (the pruning rule).  Suppose the trail so far ends at v and K
   is the connected component of v in the graph of *unused* edges.  The rest
   of the trail is a trail H in K starting at v and ending at some t, so every
   odd vertex of K other than v and t is odd in the removed set K - H, i.e.
   has at least one incident edge *not* in H.  One removed edge serves at most
   two such vertices, so

       weight(K - H) >= ceil( (sum of m(u) over odd u of K, u != v, u != t) / 2 )

   where m(u) is the length of u's cheapest edge.  Maximising over the
   admissible t (not an earlier start, fact 3) gives an upper bound
   ``length so far + weight(K) - that`` for every completion.  At the root
   this is the classic Euler/odd-vertex bound; on unit-length grids and
   ladders it is exact, so the search stops as soon as a trail reaches it.

6. Transpositions.  The future of the search depends only on the current
   vertex and the set of used edges, so a (vertex, used-set) pair is expanded
   at most once (the best known length only grows, so a second expansion
   could not find anything new).
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Hashable, Iterable

__all__ = ["LongestPath", "longest_path"]


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
    self-loops are rejected with ``ValueError``.  The result is deterministic
    (it depends only on the order of ``edges``).
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
        if isinstance(length, bool) or not isinstance(length, numbers.Integral):
            raise TypeError(f"edge {i} ({a!r}-{b!r}): length must be an int, got {length!r}")
        if length <= 0:
            raise ValueError(f"edge {i} ({a!r}-{b!r}): length must be positive, got {length!r}")
        if a == b:
            raise ValueError(f"edge {i}: self-loops are not supported ({a!r}-{b!r})")
        ids = []
        for c in (a, b):
            j = city_id.get(c)
            if j is None:
                j = city_id[c] = len(cities)
                cities.append(c)
            ids.append(j)
        ends.append((ids[0], ids[1]))
        lengths.append(int(length))
    if not ends:
        return LongestPath()

    best_len, best_trail, best_start = 0, [], 0
    for comp in _components(len(cities), ends):
        if sum(lengths[e] for e in comp) <= best_len:
            continue
        length, trail, start = _solve_component(comp, ends, lengths, best_len)
        if length > best_len:
            best_len, best_trail, best_start = length, trail, start
    seq = [best_start]
    for e in best_trail:
        a, b = ends[e]
        seq.append(b if seq[-1] == a else a)
    return LongestPath(best_len, tuple(best_trail), tuple(cities[c] for c in seq))


# --------------------------------------------------------------------------- helpers


def _components(n: int, ends: list[tuple[int, int]]) -> list[list[int]]:
    """Edge indices of each connected component, components ordered by first edge."""
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in ends:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    comps: dict[int, list[int]] = {}
    for e, (a, _) in enumerate(ends):
        comps.setdefault(find(a), []).append(e)
    return list(comps.values())


def _euler(comp: list[int], ends: list[tuple[int, int]], start: int) -> list[int]:
    """Hierholzer: an Euler trail/circuit of the edges ``comp`` from ``start``."""
    inc: dict[int, list[int]] = {}
    for e in comp:
        a, b = ends[e]
        inc.setdefault(a, []).append(e)
        inc.setdefault(b, []).append(e)
    for lst in inc.values():
        lst.reverse()  # pop() then takes edges in input order
    used = set()
    stack: list[tuple[int, int]] = [(start, -1)]
    out: list[int] = []
    while stack:
        v, via = stack[-1]
        lst = inc[v]
        while lst and lst[-1] in used:
            lst.pop()
        if lst:
            e = lst.pop()
            used.add(e)
            a, b = ends[e]
            stack.append((b if v == a else a, e))
        else:
            stack.pop()
            if via >= 0:
                out.append(via)
    out.reverse()
    return out


class _Found(Exception):
    """Raised inside the search when a trail reaches the global upper bound."""


def _solve_component(
    comp: list[int], ends: list[tuple[int, int]], lengths: list[int], floor: int
) -> tuple[int, list[int], int]:
    """Best trail of one connected component: (length, edge indices, start city).

    Returns length 0 if no trail longer than ``floor`` exists.
    """
    deg: dict[int, int] = {}
    for e in comp:
        a, b = ends[e]
        deg[a] = deg.get(a, 0) + 1
        deg[b] = deg.get(b, 0) + 1
    total = sum(lengths[e] for e in comp)
    odd = sorted(v for v, d in deg.items() if d & 1)
    if len(odd) <= 2:
        start = odd[0] if odd else ends[comp[0]][0]
        return total, _euler(comp, ends, start), start

    # ---- series reduction (fact 4): contract chains of degree-2 vertices
    inc: dict[int, list[int]] = {}
    for e in comp:
        a, b = ends[e]
        inc.setdefault(a, []).append(e)
        inc.setdefault(b, []).append(e)
    branch = sorted(v for v, d in deg.items() if d != 2)
    vid = {v: i for i, v in enumerate(branch)}
    n = len(branch)
    chains: list[tuple[int, int, int, list[int]]] = []  # (u, x, length, original edges from u)
    consumed: set[int] = set()
    for u in branch:
        for e in inc[u]:
            if e in consumed:
                continue
            path = [e]
            consumed.add(e)
            length = lengths[e]
            a, b = ends[e]
            cur = b if a == u else a
            while deg[cur] == 2:
                e2 = inc[cur][0] if inc[cur][0] != path[-1] else inc[cur][1]
                path.append(e2)
                consumed.add(e2)
                length += lengths[e2]
                a, b = ends[e2]
                cur = b if a == cur else a
            chains.append((vid[u], vid[cur], length, path))

    m = len(chains)
    full = (1 << m) - 1
    adj: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]  # (chain, other, bit, length)
    loop_mask = [0] * n
    loop_w = [0] * n
    loops: list[list[int]] = [[] for _ in range(n)]
    mult = [dict() for _ in range(n)]  # mult[u][w] = remaining chains u-w
    rem_deg = [0] * n  # remaining non-loop chain ends
    rem_w = [0] * n  # remaining incident weight (loops counted twice)
    cheapest = [0] * n  # static cheapest non-loop incident chain
    for c, (u, x, length, _) in enumerate(chains):
        bit = 1 << c
        if u == x:
            loop_mask[u] |= bit
            loop_w[u] += length
            loops[u].append(c)
            rem_w[u] += 2 * length
            continue
        adj[u].append((c, x, bit, length))
        adj[x].append((c, u, bit, length))
        mult[u][x] = mult[u].get(x, 0) + 1
        mult[x][u] = mult[x].get(u, 0) + 1
        rem_deg[u] += 1
        rem_deg[x] += 1
        rem_w[u] += length
        rem_w[x] += length
        for y in (u, x):
            if cheapest[y] == 0 or length < cheapest[y]:
                cheapest[y] = length
    nbmask = [0] * n
    for u in range(n):
        for x in mult[u]:
            nbmask[u] |= 1 << x

    # odd-vertex bookkeeping for the bound
    # excl_mask: vertices not allowed as the final endpoint (earlier starts)
    state = {"used": 0, "excl": 0}

    def bound_from(v: int) -> int:
        """weight(K) - ceil(parity lower bound) for the component K of v."""
        seen = 1 << v
        stack = [v]
        tot = 0
        s = 0
        best_ex = 0
        excl = state["excl"]
        while stack:
            u = stack.pop()
            tot += rem_w[u]
            if rem_deg[u] & 1 and u != v:
                cu = cheapest[u]
                s += cu
                if cu > best_ex and not (excl >> u) & 1:
                    best_ex = cu
            new = nbmask[u] & ~seen
            seen |= new
            while new:
                low = new & -new
                stack.append(low.bit_length() - 1)
                new ^= low
        return tot // 2 - (s - best_ex + 1) // 2

    def take(c: int, u: int, x: int, length: int) -> None:
        rem_deg[u] -= 1
        rem_deg[x] -= 1
        rem_w[u] -= length
        rem_w[x] -= length
        k = mult[u][x] - 1
        mult[u][x] = k
        mult[x][u] = k
        if k == 0:
            nbmask[u] &= ~(1 << x)
            nbmask[x] &= ~(1 << u)

    def untake(c: int, u: int, x: int, length: int) -> None:
        rem_deg[u] += 1
        rem_deg[x] += 1
        rem_w[u] += length
        rem_w[x] += length
        k = mult[u][x] + 1
        mult[u][x] = k
        mult[x][u] = k
        if k == 1:
            nbmask[u] |= 1 << x
            nbmask[x] |= 1 << u

    best = [floor, None, None]  # length, list of (chain, from-vertex), start
    path: list[tuple[int, int]] = []
    visited: set[tuple[int, int]] = set()
    limit = [0]

    def dfs(v: int, used: int, length: int) -> None:
        key = (v, used)
        if key in visited:
            return
        visited.add(key)
        kids = []
        any_free = False
        for c, x, bit, ln in adj[v]:
            if used & bit:
                continue
            any_free = True
            take(c, v, x, ln)
            lw = 0
            if loop_mask[x] & ~used:
                lw = loop_w[x]
                rem_w[x] -= 2 * lw
            b = length + ln + lw + bound_from(x)
            if lw:
                rem_w[x] += 2 * lw
            untake(c, v, x, ln)
            if b > best[0]:
                kids.append((-b, rem_deg[x], c, x, bit, ln))
        if not any_free:
            if length > best[0] and not (state["excl"] >> v) & 1:
                best[0] = length
                best[1] = list(path)
                best[2] = state["start"]
                if length >= limit[0]:
                    raise _Found
            return
        kids.sort()
        for nb, _, c, x, bit, ln in kids:
            if -nb <= best[0]:
                break
            take(c, v, x, ln)
            path.append((c, v))
            nused = used | bit
            nlen = length + ln
            lm = loop_mask[x] & ~nused
            if lm:
                rem_w[x] -= 2 * loop_w[x]
                nused |= lm
                nlen += loop_w[x]
                for lc in loops[x]:
                    path.append((lc, x))
            dfs(x, nused, nlen)
            if lm:
                rem_w[x] += 2 * loop_w[x]
                del path[len(path) - len(loops[x]):]
            path.pop()
            untake(c, v, x, ln)

    starts = [vid[v] for v in odd]
    ub = {s: bound_from(s) for s in starts}
    order = sorted(starts, key=lambda s: (-ub[s], s))
    try:
        for i, s in enumerate(order):
            state["excl"] |= 1 << s
            # Best any trail from this or a later start can reach (fact 3: it
            # cannot end at an earlier start); reaching it ends the search.
            limit[0] = max(bound_from(t) for t in order[i:])
            if limit[0] <= best[0]:
                break
            if bound_from(s) <= best[0]:
                continue
            state["start"] = s
            used = loop_mask[s]
            if used:
                rem_w[s] -= 2 * loop_w[s]
                path.extend((lc, s) for lc in loops[s])
            dfs(s, used, loop_w[s])
            if used:
                rem_w[s] += 2 * loop_w[s]
                path.clear()
    except _Found:
        pass

    if best[1] is None:
        return 0, [], 0
    trail: list[int] = []
    for c, frm in best[1]:
        u, x, _, orig = chains[c]
        trail.extend(orig if frm == u else reversed(orig))
    return best[0], trail, branch[best[2]]
