"""Choose the adversarial grid of the longest-path benchmark again.

Run ``python3 -m benchmarks.grid_adversary`` from the repository root (about
a minute on two cores).  It solves the 5 x 6 unit grid with every 4-subset of
its 31 interior edges dropped (31 465 networks), then times the slowest
answer-37 networks again one by one (best of 25) and prints the slowest.
``GRID_DROP`` in ``benchmarks/longest_networks.py`` must name one of them:
within 10% of the slowest, since their times differ by less than the noise.
The script exits with status 1 if it does not.

Run it whenever the search in ``ttr_nb/engine/longest.py`` changes: a change
that speeds up the current grid may only have moved the hard case elsewhere.
It also prints the slowest network of every answer, for information (the
benchmark target is set on answer 37).
"""
from __future__ import annotations

import itertools
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks.longest_networks import GRID_DROP, grid_network, time_network

ROWS, COLS = 5, 6
ANSWER = 37
RETIME = 60  # candidates timed again one by one
REPEAT = 25
TOLERANCE = 0.10  # the benchmark grid may be this much faster than the slowest


def interior_edges() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The 31 grid edges that are not on the outer boundary."""
    out = []
    for r in range(ROWS):
        for c in range(COLS):
            for nr, nc in ((r, c + 1), (r + 1, c)):
                if nr >= ROWS or nc >= COLS:
                    continue
                on_border = (r == nr and r in (0, ROWS - 1)) or (c == nc and c in (0, COLS - 1))
                if not on_border:
                    out.append(((r, c), (nr, nc)))
    return out


def _key(drop) -> frozenset:
    """A drop as a set of undirected edges (the order of edges and ends does not matter)."""
    return frozenset(frozenset(pair) for pair in drop)


def _solve(drops: list) -> list[tuple[int, float, tuple]]:
    """(answer, ms of one run, drop) per drop."""
    out = []
    for drop in drops:
        answer, wall_ms, _ = time_network(grid_network(ROWS, COLS, drop), repeat=1)
        out.append((answer, wall_ms, drop))
    return out


def main() -> None:
    inner = interior_edges()
    assert len(inner) == 31
    drops = list(itertools.combinations(inner, 4))
    workers = os.cpu_count() or 1
    t0 = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        solved = [x for part in pool.map(_solve, [drops[i::4 * workers] for i in range(4 * workers)]) for x in part]
    print(f"{len(solved)} networks solved in {time.perf_counter() - t0:.0f} s")
    by_answer: dict[int, list] = {}
    for item in solved:
        by_answer.setdefault(item[0], []).append(item)
    for answer in sorted(by_answer):
        items = by_answer[answer]
        slowest = max(items, key=lambda x: x[1])
        print(f"  answer {answer}: {len(items):5d} networks, slowest {slowest[1]:6.2f} ms {slowest[2]}")
    current = _key(GRID_DROP)
    candidates = [drop for _, _, drop in sorted(by_answer[ANSWER], key=lambda x: -x[1])[:RETIME]]
    if current not in {_key(d) for d in candidates}:
        candidates.append(GRID_DROP)
    timed = sorted(((time_network(grid_network(ROWS, COLS, d), REPEAT)[1], d) for d in candidates), reverse=True)
    print(f"slowest answer-{ANSWER} networks, best of {REPEAT}:")
    for ms, drop in timed[:5]:
        print(f"  {ms:6.2f} ms  {drop}")
    rank, mine = next((i + 1, ms) for i, (ms, d) in enumerate(timed) if _key(d) == current)
    print(f"GRID_DROP: {mine:.2f} ms, number {rank} of {len(timed)}")
    # Timings of the top networks differ by less than their noise, so the
    # benchmark grid only has to be within TOLERANCE of the slowest.
    if mine < (1 - TOLERANCE) * timed[0][0]:
        print(f"GRID_DROP is not among the slowest: choose {timed[0][1]}")
        sys.exit(1)


if __name__ == "__main__":
    main()
