"""Decision time: CPU milliseconds per decision of each agent, median and 95th percentile.

    python -m benchmarks.decision_time [games] [agent ...]

Each agent plays seeded games of USA (2 and 4 players) against Route Focus in the other seats,
the seats rotated; every decision it makes (from the position handed to it to the action it
returns, its observation included) is timed in CPU time. Target (issue 27, this machine class):
the planner at most 200 ms a decision, median and 95th percentile, to be played against in the
app.
"""
from __future__ import annotations

import statistics
import sys
import time

TARGET_MS = 200
GAMES = 6
PLAYERS = (2, 4)


def decision_times(agent: str, players: int, games: int = GAMES, opponent: str = "route-focus") -> list[float]:
    """CPU ms of every decision `agent` made in `games` USA games of `players` players."""
    import ttr_nb
    from ttr_nb.analysis.agents import make_agent
    out = []
    for seed in range(games):
        seat = seed % players
        state = ttr_nb.load_game("usa", players=players, seed=seed).new_state()
        seats = [make_agent(agent if p == seat else opponent, seed * 10 + p) for p in range(players)]
        while not state.is_over():
            p = state.current_player
            if p == seat:
                cpu = time.process_time()
                action = seats[p](state)
                out.append((time.process_time() - cpu) * 1000)
            else:
                action = seats[p](state)
            state = state.apply(action)
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(games: int = GAMES, agents=None) -> None:
    from ttr_nb.analysis.agents import AGENTS
    agents = agents or [a for a in AGENTS if a != "random"]
    print(f"Decision time, CPU ms a decision ({games} USA games each, against Route Focus): "
          f"median / 95th percentile / slowest")
    width = max(map(len, agents)) + 2
    print(f"  {'':<{width}}" + "".join(f"USA {n}p".rjust(22) for n in PLAYERS))
    for agent in agents:
        decision_times(agent, 2, 1)                    # (warm up: the board's tables)
        cells, verdict = [], ""
        for players in PLAYERS:
            times = decision_times(agent, players, games)
            median, p95 = statistics.median(times), percentile(times, 0.95)
            cells.append(f"{median:.2f} / {p95:.2f} / {max(times):.1f}".rjust(22))
            if agent == "planner":
                ok = median <= TARGET_MS and p95 <= TARGET_MS
                verdict += f"   {players}p {'ok' if ok else 'over'} {TARGET_MS} ms"
        print(f"  {agent:<{width}}" + "".join(cells) + verdict)


if __name__ == "__main__":
    args = sys.argv[1:]
    numbers = [int(a) for a in args if a.isdigit()]
    main(*numbers[:1], agents=[a for a in args if not a.isdigit()] or None)
