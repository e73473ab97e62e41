"""Which routes the published Route Focus claims when it plays itself (issue 28, experiments 3 and 10).

    python scripts/route_claims.py [--games N] [--workers N] [--seed S] [--out PATH]

Route Focus as the study's own program plays it ("route-focus-published") plays `--games` seeded
games against itself (10,000 by default, as the published study "AI as Evaluator", de Mesentier
Silva et al. 2017, played) on the USA board with 2 players and with 4. For each setting it counts
the routes the winners claimed, the routes the other players claimed, by length; how many games
claimed each route; and in how many games a claimed route reached each city. The counts are
stored as JSON (`--out`, default ttr_nb/analysis/studies/route_claims.json) with the command, the
seed, the package version, and the same counts over the first `PREFIX` games, which
tests/analysis/test_studies.py plays again and compares bit for bit. The games run in a process
pool of `--workers` processes; the result is the same in process (the tournament's seeds decide it).
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
from ttr_nb.analysis import claims  # noqa: E402
from ttr_nb.analysis.tournament import TournamentResult, tournament  # noqa: E402

AGENT = "route-focus-published"
SETTINGS = (("usa", 2), ("usa", 4))
#: the games a test plays again
PREFIX = 40
OUT = ROOT / "ttr_nb" / "analysis" / "studies" / "route_claims.json"


def counted(result) -> dict:
    """What the study stores of a tournament's games."""
    board = ttr_nb.load_game(result.edition, players=result.players).board
    n = len(result.records)
    lengths = lambda who: {str(k): v for k, v in claims.length_counts(result, who).items()}
    return {"games": n,
            "winners": lengths("winners"), "losers": lengths("losers"),
            "routes": {r.key: round(rate * n) for r, rate in zip(board.routes, claims.route_claim_rates(result))},
            "cities": {c: round(rate * n) for c, rate in claims.city_visit_rates(result).items()},
            "winning_seat": [sum(s in g.winners for g in result.records) for s in range(result.players)]}


def setting(edition: str, players: int, games: int, seed: int, executor=None) -> dict:
    """One setting's counts over all its games and over the first `PREFIX`."""
    result = tournament(edition, [AGENT] * players, games=games, seed=seed, executor=executor, progress=False)
    first = TournamentResult(result.edition, result.agents, result.players, result.seed, result.options,
                             result.records[:PREFIX])
    return {"edition": edition, "players": players, "agent": AGENT, **counted(result), "prefix": counted(first)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    start = time.time()
    rows = []
    with ProcessPoolExecutor(args.workers) as pool:
        for edition, players in SETTINGS:
            t = time.time()
            rows.append(setting(edition, players, args.games, args.seed, pool if args.workers > 1 else None))
            print(f"{edition} {players}p: {args.games} games [{time.time() - t:.0f} s]", file=sys.stderr, flush=True)
    study = {"command": f"python scripts/route_claims.py --games {args.games} --seed {args.seed}",
             "seed": args.seed, "games": args.games, "prefix_games": PREFIX, "version": ttr_nb.__version__,
             "seconds": round(time.time() - start), "settings": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(study, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for row in rows:
        print(row["edition"], row["players"], "winners", row["winners"], "losers", row["losers"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
