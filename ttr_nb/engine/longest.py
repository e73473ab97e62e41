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
    """Raised inside the search when a candidate reaches the global upper bound."""


def _solve_component(
    comp: list[int], ends: list[tuple[int, int]], lengths: list[int], floor: int
) -> tuple[int, list[int], int]:
    """Best trail of one connected component: (length, edge indices, start city).

    Returns length 0 if no trail longer than ``floor`` exists.
    """
    deg: dict[int, int] = {}
    inc: dict[int, list[int]] = {}
    for e in comp:
        for v in ends[e]:
            deg[v] = deg.get(v, 0) + 1
            inc.setdefault(v, []).append(e)
    total = sum(lengths[e] for e in comp)
    odd = sorted(v for v, d in deg.items() if d & 1)
    if len(odd) <= 2:
        start = odd[0] if odd else ends[comp[0]][0]
        return total, _euler(comp, ends, start), start

    # ---- series reduction: contract chains of degree-2 vertices
    branch = sorted(v for v, d in deg.items() if d != 2)
    vid = {v: i for i, v in enumerate(branch)}
    n = len(branch)
    chains: list[tuple[int, int, int, list[int]]] = []  # (u, x, length, original edges)
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

    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]  # (bit, other, length)
    mult: list[dict[int, int]] = [dict() for _ in range(n)]
    rem_deg = [0] * n  # non-loop chain ends still present
    rem_w2 = [0] * n  # twice... no: incident weight, loops counted twice
    for c, (u, x, length, _) in enumerate(chains):
        if u == x:  # loop: never removed, it only adds weight
            rem_w2[u] += 2 * length
            continue
        bit = 1 << c
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
    full_deg = list(rem_deg)
    nbmask = [0] * n
    for u in range(n):
        for x in mult[u]:
            nbmask[u] |= 1 << x

    st = {"removed": 0, "kept": 0, "exempt": 0}
    best = [floor, None]
    limit = [0]

    def component(v: int) -> tuple[int, list[int], int]:
        seen = 1 << v
        stack = [v]
        verts = []
        w2 = 0
        while stack:
            u = stack.pop()
            verts.append(u)
            w2 += rem_w2[u]
            new = nbmask[u] & ~seen
            seen |= new
            while new:
                low = new & -new
                stack.append(low.bit_length() - 1)
                new ^= low
        return seen, verts, w2 // 2

    def cut(bit: int, u: int, x: int, length: int) -> None:
        st["removed"] |= bit
        rem_deg[u] -= 1
        rem_deg[x] -= 1
        rem_w2[u] -= length
        rem_w2[x] -= length
        k = mult[u][x] - 1
        mult[u][x] = k
        mult[x][u] = k
        if k == 0:
            nbmask[u] &= ~(1 << x)
            nbmask[x] &= ~(1 << u)

    def uncut(bit: int, u: int, x: int, length: int) -> None:
        st["removed"] &= ~bit
        rem_deg[u] += 1
        rem_deg[x] += 1
        rem_w2[u] += length
        rem_w2[x] += length
        k = mult[u][x] + 1
        mult[u][x] = k
        mult[x][u] = k
        if k == 1:
            nbmask[u] |= 1 << x
            nbmask[x] |= 1 << u

    def explore(v: int, info) -> None:
        vmask, verts, w = info
        if w <= best[0]:
            return
        removed = st["removed"]
        kept = st["kept"]
        exempt = st["exempt"]
        oddv = [u for u in verts if rem_deg[u] & 1]
        if len(oddv) <= 2:
            best[0] = w
            best[1] = (removed, v)
            if w >= limit[0]:
                raise _Found
            return
        slots = 2 - bin(exempt & vmask).count("1")
        ms = []
        pick = None
        pick_key = None
        msum = 0
        for u in oddv:
            if (exempt >> u) & 1:
                continue
            mu = 0
            nopt = 0
            for bit, x, ln in adj[u]:
                if removed & bit:
                    continue
                if mu == 0:
                    mu = ln  # adj lists are sorted by length
                if not kept & bit:
                    nopt += 1
            elig = slots > 0 and rem_deg[u] == full_deg[u]
            nopt += elig
            if nopt == 0:
                return
            msum += mu
            ms.append(mu)
            key = (nopt, -mu)
            if pick_key is None or key < pick_key:
                pick_key = key
                pick = u
        if slots > 0:
            ms.sort()
            msum -= sum(ms[-slots:])
        ub = w - (msum + 1) // 2
        if limit[0] == 0:
            limit[0] = ub
        if ub <= best[0]:
            return
        u = pick
        opts = [(bit, x, ln) for bit, x, ln in adj[u] if not (removed | kept) & bit]
        # try edges towards odd, non-exempt partners first (they fix two parities)
        opts.sort(key=lambda t: (not (rem_deg[t[1]] & 1 and not (exempt >> t[1]) & 1), t[2]))
        elig = slots > 0 and rem_deg[u] == full_deg[u]
        newly_kept = 0
        for bit, x, ln in opts:
            cut(bit, u, x, ln)
            info_u = component(u)
            if (info_u[0] >> x) & 1:
                explore(u, info_u)
            else:
                explore(u, info_u)
                explore(x, component(x))
            uncut(bit, u, x, ln)
            newly_kept |= bit
            st["kept"] = kept | newly_kept
        st["kept"] = kept
        if elig:
            allbits = 0
            for bit, x, ln in adj[u]:
                allbits |= bit
            st["kept"] = kept | allbits
            st["exempt"] = exempt | (1 << u)
            explore(v, info)
            st["exempt"] = exempt
            st["kept"] = kept

    try:
        explore(0, component(0))
    except _Found:
        pass

    if best[1] is None:
        return 0, [], 0
    removed, v = best[1]
    # Rebuild the winning component (it has <= 2 odd vertices) from scratch --
    # the search may have been left mid-way by _Found -- and walk it.
    alive = [ch for c, ch in enumerate(chains) if not (removed >> c) & 1]
    reach = {v}
    grew = True
    while grew:
        grew = False
        for u, x, _, _ in alive:
            if (u in reach) != (x in reach):
                reach.add(u)
                reach.add(x)
                grew = True
    keep = [e for u, x, _, orig in alive if u in reach for e in orig]
    kdeg: dict[int, int] = {}
    for e in keep:
        for y in ends[e]:
            kdeg[y] = kdeg.get(y, 0) + 1
    kodd = sorted(y for y, d in kdeg.items() if d & 1)
    start = kodd[0] if kodd else branch[v]
    return best[0], _euler(keep, ends, start), start
