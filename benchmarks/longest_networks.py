"""Benchmark networks for :func:`ttr_nb.engine.longest.longest_path`.

Run ``python3 -m benchmarks.longest_networks`` from the repository root; it
prints one line per network: name, number of edges, total length, answer and
the best-of-N time in milliseconds, both wall (``time.perf_counter``) and CPU
(``time.process_time``).  ``python3 -m benchmarks.longest_networks 25`` takes
the best of 25 runs (default 7).

The builders are plain functions so that tests can reuse the same networks:

* :func:`grid_network` -- a 5 x 6 grid of unit edges (49 edges) with 4 interior
  edges dropped (45 edges).  The answer is 37; see the notes at ``GRID_DROP``.
* :func:`ladder_network` -- 15 rungs (2 rails of 15 vertices): 43 unit edges,
  answer 31; see the proof in the docstring.
* :func:`usa_networks` -- dense subsets of the real USA board, plus the whole
  board (100 routes) as a stress case.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

Edge = tuple[str, str, int]

_ROOT = Path(__file__).resolve().parents[1]
_USA_FILES = (
    _ROOT / "ttr_nb" / "maps" / "usa.json",  # the packaged board (ttr_nb.maps)
)

# The grid drops these four edges (cities are (row, column)):
#   (1,3)-(2,3)  (2,0)-(2,1)  (2,3)-(3,3)  (3,0)-(3,1)
#
# How they were chosen (adversarially, deterministically): every 4-subset of
# the 31 edges not on the outer boundary was solved (31 465 networks; the
# answers run from 33 to 41, and 9 953 have answer exactly 37).  The 60
# answer-37 networks that took the engine the most time were timed again one
# by one (best of 25) and the slowest was kept; the next few are within the
# timing noise of it.  ``python3 -m benchmarks.grid_adversary`` redoes this
# and fails if this grid is no longer among the slowest: run it whenever the
# search changes, since a faster search on one grid may only have moved the
# hard case to another.
#
# * odd-vertex count: 16 odd vertices, so a trail misses at least
#   (16 - 2) / 2 = 7 unit edges: length <= 38;
# * the T-join (moat) bound of the engine gives <= 37 at the root, so here
#   the work is to *find* a trail of 37: the search expands states whose
#   bound is 37 until one of them is a trail;
# * the answer 37 is checked independently in the tests by a mixed-integer
#   program (edge variables, parity and flow-connectivity constraints).
GRID_DROP = (((1, 3), (2, 3)), ((2, 0), (2, 1)), ((2, 3), (3, 3)), ((3, 0), (3, 1)))


def grid_network(rows: int = 5, cols: int = 6, drop=GRID_DROP) -> list[Edge]:
    """Unit-length grid ``rows`` x ``cols`` minus the edges in ``drop``.

    Cities are named ``"r{row}c{col}"``.  Default: 45 edges, answer 37.
    """
    dropped = {frozenset(pair) for pair in drop}
    edges: list[Edge] = []
    for r in range(rows):
        for c in range(cols):
            for nr, nc in ((r, c + 1), (r + 1, c)):
                if nr < rows and nc < cols and frozenset(((r, c), (nr, nc))) not in dropped:
                    edges.append((f"r{r}c{c}", f"r{nr}c{nc}", 1))
    return edges


def ladder_network(rungs: int = 15) -> list[Edge]:
    """Two rails of ``rungs`` vertices joined by ``rungs`` rungs, unit lengths.

    Default: 28 rail edges + 15 rungs = 43 edges, answer 31.  Proof: all
    vertices but the 4 corners have degree 3, so 26 are odd; as for the grid,
    a trail misses at least (26 - 2) / 2 = 12 edges, so it has length <= 31,
    and a trail of length 31 exists (zig-zag: use every rail edge and every
    other rung -- the tests check the engine's trail).
    """
    edges: list[Edge] = []
    for i in range(rungs - 1):
        edges.append((f"a{i}", f"a{i + 1}", 1))
        edges.append((f"b{i}", f"b{i + 1}", 1))
    for i in range(rungs):
        edges.append((f"a{i}", f"b{i}", 1))
    return edges


def usa_routes() -> list[dict]:
    """The 100 routes of the USA board (``id``, ``a``, ``b``, ``length``, ``double_group``)."""
    for path in _USA_FILES:
        if path.exists():
            with path.open(encoding="utf-8") as fh:
                return json.load(fh)["routes"]
    raise FileNotFoundError("usa.json not found in " + ", ".join(map(str, _USA_FILES)))


def _usa_cities() -> dict[str, tuple[int, int]]:
    for path in _USA_FILES:
        if path.exists():
            with path.open(encoding="utf-8") as fh:
                return {c["name"]: (c["x"], c["y"]) for c in json.load(fh)["cities"]}
    raise FileNotFoundError("usa.json not found")


def _singles(routes: list[dict]) -> list[dict]:
    """One route per double group (the lower id): what one player can own."""
    seen: set[str] = set()
    out = []
    for r in routes:
        g = r.get("double_group")
        if g is not None:
            if g in seen:
                continue
            seen.add(g)
        out.append(r)
    return out


def _greedy_loops(routes: list[dict], budget: int | None, count: int | None = None) -> list[dict]:
    """Grow a connected network from the shortest route, always preferring a
    route that closes a loop (both cities already reached), then the shortest,
    then the lowest id; stop at ``budget`` trains or ``count`` routes."""
    chosen: list[dict] = []
    trains = 0
    net: set[str] = set()
    pool = list(routes)
    while count is None or len(chosen) < count:
        best = None
        for r in pool:
            if budget is not None and trains + r["length"] > budget:
                continue
            if net and r["a"] not in net and r["b"] not in net:
                continue
            key = (not (r["a"] in net and r["b"] in net), r["length"], r["id"])
            if best is None or key < best[0]:
                best = (key, r)
        if best is None:
            break
        r = best[1]
        pool.remove(r)
        chosen.append(r)
        trains += r["length"]
        net.update((r["a"], r["b"]))
    return chosen


def _edges(routes: list[dict]) -> list[Edge]:
    return [(r["a"], r["b"], r["length"]) for r in routes]


def usa_networks() -> dict[str, list[Edge]]:
    """Named USA networks (edge lists), all built deterministically from the board.

    * ``usa_greedy_45``: greedy loop-heavy player network, <= 45 trains (the
      USA board has too few length-1 and length-2 routes for ~30 routes in 45
      trains, so this has 21 routes).
    * ``usa_greedy_30_routes``: the same greedy rule without the train cap, 30 routes.
    * ``usa_greedy_35_routes``: ditto, 35 routes.
    * ``usa_east``: every route (one per double) between cities roughly east of
      the Mississippi (x >= 1100 on the board picture): 30 routes.
    * ``usa_middle``: every route (one per double) whose both cities lie in
      the band 600 <= x <= 1500: 37 routes.
    * ``usa_one_per_double``: the 78 routes one player could own at most.
    * ``usa_full``: all 100 routes, double routes as parallel edges (stress case).
    """
    routes = usa_routes()
    singles = _singles(routes)
    xy = _usa_cities()

    def band(lo: int, hi: int) -> list[dict]:
        return [r for r in singles if lo <= xy[r["a"]][0] <= hi and lo <= xy[r["b"]][0] <= hi]

    return {
        "usa_greedy_45": _edges(_greedy_loops(singles, 45)),
        "usa_greedy_30_routes": _edges(_greedy_loops(singles, None, 30)),
        "usa_greedy_35_routes": _edges(_greedy_loops(singles, None, 35)),
        "usa_east": _edges(band(1100, 10_000)),
        "usa_middle": _edges(band(600, 1500)),
        "usa_one_per_double": _edges(singles),
        "usa_full": _edges(routes),
    }


def all_networks() -> dict[str, list[Edge]]:
    nets = {"grid_5x6_minus_4": grid_network(), "ladder_15": ladder_network()}
    nets.update(usa_networks())
    return nets


def time_network(edges: list[Edge], repeat: int = 7) -> tuple[int, float, float]:
    """(answer, best-of-``repeat`` wall ms, best-of-``repeat`` CPU ms).

    Wall time is ``time.perf_counter``; CPU time (``time.process_time``) is
    printed too because on a busy machine the wall time of a run longer than
    a scheduler slice mostly measures the other processes.
    """
    from ttr_nb.engine.longest import longest_path

    wall = cpu = float("inf")
    answer = -1
    for _ in range(repeat):
        t0 = time.perf_counter()
        c0 = time.process_time()
        answer = longest_path(edges).length
        cpu = min(cpu, time.process_time() - c0)
        wall = min(wall, time.perf_counter() - t0)
    return answer, wall * 1000.0, cpu * 1000.0


def main(argv: list[str] | None = None) -> None:
    """Print name, edges, total length, answer and best-of-N times per network."""
    argv = sys.argv[1:] if argv is None else argv
    repeat = int(argv[0]) if argv else 7
    print(f"{'network':22s} {'edges':>5s} {'total':>5s} {'answer':>6s} {'wall ms':>8s} {'cpu ms':>8s}  (best of {repeat})")
    for name, edges in all_networks().items():
        answer, wall, cpu = time_network(edges, repeat)
        print(f"{name:22s} {len(edges):5d} {sum(e[2] for e in edges):5d} {answer:6d} {wall:8.2f} {cpu:8.2f}")


if __name__ == "__main__":
    main()
