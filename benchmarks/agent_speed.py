"""Agent speed: whole self-play games per second of CPU, every agent on every edition.

    python -m benchmarks.agent_speed [games per round] [rounds] [agent ...]

Every seat is played by the same agent (its own seed per seat), on every edition with its
fewest players (and USA with 4); setup, every decision and final scoring included. The
engine's own random play (`engine_speed.play_random_game`: no agent, no observation) is
measured in the same rounds, as the figure the agents are compared with. Rounds of every
agent and edition are interleaved (see `engine_speed.measure`); the median round is
reported, with the slowest and fastest.

Targets (issue 27, this machine class): every published style and `greedy` at least 100
CPU games/s in 2-player USA self-play, aiming at 300.
"""
from __future__ import annotations

import statistics
import sys
import time

TARGET = 100        # CPU games/s, USA 2 players, every style and greedy
AIM = 300
GAMES = 10          # per round
ROUNDS = 3
WARM_UP = 2


def play(agent: str, edition: str, players: int, seed: int):
    """One self-play game of `agent` (None: the engine's random play), to its final scoring."""
    import ttr_nb
    from ttr_nb.analysis.agents import make_agent
    if agent is None:
        from benchmarks.engine_speed import play_random_game
        return play_random_game(edition, players, seed)
    state = ttr_nb.load_game(edition, players=players, seed=seed).new_state()
    seats = [make_agent(agent, seed * 10 + i) for i in range(players)]
    while not state.is_over():
        state = state.apply(seats[state.current_player](state))
    state.score_breakdown()
    state.winners()
    return state


def games_per_second(agent, edition: str, players: int, games: int, seed0: int) -> float:
    cpu = time.process_time()
    for seed in range(seed0, seed0 + games):
        play(agent, edition, players, seed)
    return games / (time.process_time() - cpu)


def configs(agents=None) -> list[tuple]:
    import ttr_nb
    from ttr_nb.analysis.agents import AGENTS
    names = [None, *(agents or AGENTS)]
    out = []
    for edition in ttr_nb.editions():
        rules = ttr_nb.load_rules(edition)
        for players in sorted({rules.min_players} | ({4} if edition == "usa" else set())):
            out += [(name, edition, players) for name in names]
    return out


def measure(games: int = GAMES, rounds: int = ROUNDS, agents=None) -> dict:
    """{(agent, edition, players): [CPU games/s per round]}, the rounds interleaved."""
    todo = configs(agents)
    for agent, edition, players in todo:
        games_per_second(agent, edition, players, WARM_UP, seed0=10_000)
    out = {c: [] for c in todo}
    for r in range(rounds):
        for c in todo:
            out[c].append(games_per_second(*c, games=games, seed0=r * games))
    return out


def report(runs: dict) -> None:
    editions = list(dict.fromkeys((e, n) for _, e, n in runs))
    agents = list(dict.fromkeys(a for a, _, _ in runs))
    width = max(len(a or "") for a in agents) + 2
    print("CPU games/s of self-play, the median round (every seat the same agent):")
    print(f"  {'':<{width}}" + "".join(f"{e[:11]} {n}p".rjust(16) for e, n in editions) + "   USA 2p target")
    for agent in agents:
        cells = []
        for e, n in editions:
            rounds = runs.get((agent, e, n))
            cells.append(f"{statistics.median(rounds):.0f} ({min(rounds):.0f}-{max(rounds):.0f})".rjust(16)
                         if rounds else "-".rjust(16))
        usa = runs.get((agent, "usa", 2))
        if agent is None or agent == "random" or not usa:
            verdict = ""
        else:
            median = statistics.median(usa)
            verdict = f"   {'ok' if median >= TARGET else 'under'} {TARGET} (aim {AIM})"
        print(f"  {agent or 'engine (random)':<{width}}" + "".join(cells) + verdict)


def main(games: int = GAMES, rounds: int = ROUNDS, agents=None) -> None:
    from benchmarks.engine_speed import QUIET_CHECK, machine_check
    print(f"Agent speed: {rounds} rounds of {games} games per agent and edition, after {WARM_UP} warm-up games.")
    before = machine_check()
    report(measure(games, rounds, agents))
    print(f"Machine check, CPU s of 3 million additions: {before:.3f} before, {machine_check():.3f} after "
          f"(about {QUIET_CHECK} on a quiet machine of this class, which the targets are for).")


if __name__ == "__main__":
    args = sys.argv[1:]
    numbers = [int(a) for a in args if a.isdigit()]
    main(*numbers[:2], agents=[a for a in args if not a.isdigit()] or None)
