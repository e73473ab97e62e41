"""Head-to-head tables of the published playing styles and the planner (issue 27).

    python scripts/head_to_head.py [--games N] [--workers N] [--seed S] [--out PATH] [--only AGENT]

Every pair of Destination Hungry, Route Focus, One Step Thinking, Long Route and the planner
plays `--games` seeded games (2,000 by default, seats rotated) in three settings: USA with 2
players, USA with 4 players (each style in two seats, alternating: A B A B) and Europe with 2
players. For each pair it gives both sides' wins with the 95% Wilson interval and the mean
score. A game a style wins in any of its seats counts once; a shared win counts for both, so
at 4 players the two rates of a pair can sum above 100%. The tables are printed as Markdown and
stored as JSON (`--out`, default ttr_nb/analysis/studies/head_to_head.json) with the command,
the seed and the package version that made them. The games run in a process pool of
`--workers` processes; the result is the same in process (the tournament's seeds decide it).
`--only AGENT` plays again the pairs of that agent alone (after a change to it) and keeps the
other rows of the stored study, which must be of the same games and seed: every other pair
would play the same games again.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ttr_nb  # noqa: E402
from ttr_nb.analysis.tournament import tournament, wilson_interval  # noqa: E402

STYLES = ("destination-hungry", "route-focus", "one-step", "long-route", "planner")
SETTINGS = (("usa", 2), ("usa", 4), ("europe", 2))
OUT = ROOT / "ttr_nb" / "analysis" / "studies" / "head_to_head.json"


def pair_row(edition: str, players: int, a: str, b: str, games: int, seed: int, executor) -> dict:
    """One pair's games: both sides' wins, intervals and mean scores."""
    seats = [a, b] * (players // 2)
    result = tournament(edition, seats, players=players, games=games, seed=seed, executor=executor, progress=False)
    wins = {a: 0, b: 0}
    scores = {a: [], b: []}
    for g in result.records:
        names = [seats[k] for k in g.seating]          # the agent in each seat of this game
        for name in (a, b):
            wins[name] += any(names[s] == name for s in g.winners)
            scores[name] += [g.scores[s]["total"] for s in range(players) if names[s] == name]
    n = len(result.records)
    side = lambda name: {"agent": name, "wins": wins[name], "rate": wins[name] / n,
                         "interval": list(wilson_interval(wins[name], n)),
                         "mean_score": sum(scores[name]) / len(scores[name])}
    return {"edition": edition, "players": players, "games": n, "a": side(a), "b": side(b)}


def markdown(rows: list[dict]) -> str:
    out = []
    for edition, players in SETTINGS:
        out += [f"\n{edition.upper() if edition == 'usa' else edition.title()}, {players} players "
                f"(wins of A, 95% interval; mean scores)\n",
                "| A | B | games | A wins | A's rate (95%) | B's rate (95%) | mean score A v B |",
                "|---|---|---|---|---|---|---|"]
        for r in rows:
            if (r["edition"], r["players"]) != (edition, players):
                continue
            a, b = r["a"], r["b"]
            rate = lambda s: f"{s['rate']:.1%} ({s['interval'][0]:.1%}–{s['interval'][1]:.1%})"
            out.append(f"| {a['agent']} | {b['agent']} | {r['games']} | {a['wins']} | {rate(a)} | {rate(b)} | "
                       f"{a['mean_score']:.1f} v {b['mean_score']:.1f} |")
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--only", choices=STYLES)
    args = parser.parse_args(argv)
    kept = {}
    if args.only:
        stored = json.loads(args.out.read_text(encoding="utf-8"))
        if (stored["games_per_pair"], stored["seed"]) != (args.games, args.seed):
            parser.error(f"--only keeps the stored rows of {args.out}, of {stored['games_per_pair']} games a pair "
                         f"and seed {stored['seed']}, not {args.games} and {args.seed}: play every pair instead")
        kept = {(r["edition"], r["players"], r["a"]["agent"], r["b"]["agent"]): r for r in stored["rows"]}
    rows = []
    start = time.time()
    with ProcessPoolExecutor(args.workers) as pool:
        for edition, players in SETTINGS:
            for a, b in itertools.combinations(STYLES, 2):
                if args.only and args.only not in (a, b):
                    rows.append(kept[(edition, players, a, b)])
                    continue
                t = time.time()
                rows.append(pair_row(edition, players, a, b, args.games, args.seed, pool if args.workers > 1 else None))
                print(f"{edition} {players}p {a} v {b}: {rows[-1]['a']['wins']}-{rows[-1]['b']['wins']} "
                      f"of {rows[-1]['games']} [{time.time() - t:.0f} s]", file=sys.stderr, flush=True)
    study = {"command": f"python scripts/head_to_head.py --games {args.games} --seed {args.seed}",
             "seed": args.seed, "games_per_pair": args.games, "version": ttr_nb.__version__,
             "seconds": round(time.time() - start), "rows": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(study, indent=1) + "\n", encoding="utf-8")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
