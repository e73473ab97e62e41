"""The planner's head-to-head study (issue 27): its wins against every published style.

    python scripts/planner_study.py [--quick] [--workers N] [--seed S]

USA, 2 players, seats alternated: the planner against Route Focus over 400 games and against
every other style (as described and as the authors' code plays it) and `greedy` over 200
games each; USA, 4 players: the planner against three Route Focus over 400 games. Each row
gives the planner's wins with the 95% Wilson interval, and says whether the issue's target
is met (wins >= 55% with the interval's lower end above 50%, 2 players; wins >= 40%, 4
players). `--quick` plays a tenth of the games (a look, not the study). The rows are stored
as JSON (`--out`, default ttr_nb/analysis/studies/planner_study.json; not with `--quick`)
with the command, the seed and the package version that made them. The games run in a
process pool of `--workers` processes (the result is the same in process).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ttr_nb  # noqa: E402
from ttr_nb.analysis.tournament import tournament  # noqa: E402

OUT = ROOT / "ttr_nb" / "analysis" / "studies" / "planner_study.json"

#: (opponents, games, players, the planner's target share of wins)
MATCHES = ([(("route-focus",), 400, 2, 0.55)]
           + [((o,), 200, 2, 0.55) for o in ("route-focus-published", "destination-hungry", "one-step",
                                             "one-step-published", "long-route", "long-route-published", "greedy")]
           + [(("route-focus",) * 3, 400, 4, 0.40)])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows = []
    begin = time.time()
    print(f"The planner against the published styles, USA, seed {args.seed}:")
    print(f"  {'against':<34} {'players':>7} {'games':>6} {'wins':>5}  {'win rate (95%)':<22} {'mean score':>16}  target")
    with ProcessPoolExecutor(args.workers) as pool:
        for opponents, games, players, target in MATCHES:
            games = max(players, games // 10) if args.quick else games
            cpu, start = time.process_time(), time.time()
            result = tournament("usa", ["planner", *opponents], players=players, games=games, seed=args.seed,
                                executor=pool if args.workers > 1 else None, progress=False)
            planner, *others = result.rows()
            low, high = planner.interval
            met = planner.rate >= target and (players > 2 or low > 0.5)
            rows.append({"opponents": list(opponents), "players": players, "games": result.games_played,
                         "wins": planner.wins, "rate": planner.rate, "interval": [low, high],
                         "mean_score": planner.score, "parts": planner.parts,
                         "opponents_mean_score": max(o.score for o in others),
                         "target": target, "met": met})
            rate = f"{planner.rate:.1%} ({low:.1%}-{high:.1%})"
            scores = f"{planner.score:.1f} v {max(o.score for o in others):.1f}"
            print(f"  {', '.join(opponents):<34} {players:>7} {games:>6} {planner.wins:>5}  {rate:<22} {scores:>16}  "
                  f"{'met' if met else 'not met'} (>= {target:.0%}{', low end > 50%' if players == 2 else ''})"
                  f"   [{time.time() - start:.0f} s]", flush=True)
    if not args.quick:
        study = {"command": f"python scripts/planner_study.py --seed {args.seed}", "seed": args.seed,
                 "version": ttr_nb.__version__, "seconds": round(time.time() - begin), "rows": rows}
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(study, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
