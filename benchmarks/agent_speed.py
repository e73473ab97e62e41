"""Agent speed: whole self-play games per second of CPU, every agent on every edition.

    python -m benchmarks.agent_speed [games per round] [rounds] [agent ...]

Every seat is played by the same agent (its own seed per seat), on every edition with its
fewest players (and USA with 4); setup, every decision and final scoring included. The
engine's own random play (`engine_speed.play_random_game`: no agent, no observation) is
measured in the same rounds, as the figure the agents are compared with. The other ways to
play (`engine_speed.ways`: the variants, "usa:1910", and Europe with Warehouses & Depots,
"europe+warehouses") have a table of their own, with their fewest players: the engine's random
play and `WAYS_AGENTS` (or the agents named). Rounds of every agent and way are interleaved
(see `engine_speed.measure`); the median round is reported, with the slowest and fastest.

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
#: the agents measured on the other ways to play (besides the engine's random play)
WAYS_AGENTS = ("greedy",)


def play(agent: str, way: str, players: int, seed: int):
    """One self-play game of `agent` (None: the engine's random play), to its final scoring, in
    a way to play (`engine_speed.way_key`: "usa", "usa:1910", "europe+warehouses")."""
    import ttr_nb
    from benchmarks.engine_speed import play_random_game, way_of
    from ttr_nb.analysis.agents import make_agent
    edition, variant, options = way_of(way)
    if agent is None:
        return play_random_game(edition, players, seed, variant, **options)
    state = ttr_nb.load_game(edition, players=players, seed=seed, variant=variant, **options).new_state()
    seats = [make_agent(agent, seed * 10 + i) for i in range(players)]
    while not state.is_over():
        state = state.apply(seats[state.current_player](state))
    state.score_breakdown()
    state.winners()
    return state


def games_per_second(agent, way: str, players: int, games: int, seed0: int) -> float:
    cpu = time.process_time()
    for seed in range(seed0, seed0 + games):
        play(agent, way, players, seed)
    return games / (time.process_time() - cpu)


def configs(agents=None) -> list[tuple]:
    """(agent, way, players): every agent (or those named) on every edition, the engine's random
    play and `WAYS_AGENTS` (or the agents named) on every other way to play."""
    import ttr_nb
    from benchmarks.engine_speed import way_of, ways
    from ttr_nb.analysis.agents import AGENTS
    names = [None, *(agents or AGENTS)]
    out = []
    for edition in ttr_nb.editions():
        rules = ttr_nb.load_rules(edition)
        for players in sorted({rules.min_players} | ({4} if edition == "usa" else set())):
            out += [(name, edition, players) for name in names]
    others = [None, *(agents or WAYS_AGENTS)]
    for way in ways():
        edition, variant, options = way_of(way)
        if way != edition:
            rules = ttr_nb.load_rules(edition, variant, **options)
            out += [(name, way, rules.min_players) for name in others]
    return out


def measure(games: int = GAMES, rounds: int = ROUNDS, agents=None) -> dict:
    """{(agent, way, players): [CPU games/s per round]}, the rounds interleaved."""
    todo = configs(agents)
    for agent, way, players in todo:
        games_per_second(agent, way, players, WARM_UP, seed0=10_000)
    out = {c: [] for c in todo}
    for r in range(rounds):
        for c in todo:
            out[c].append(games_per_second(*c, games=games, seed0=r * games))
    return out


def report(runs: dict) -> None:
    import ttr_nb
    own = set(ttr_nb.editions())
    editions = {c: r for c, r in runs.items() if c[1] in own}
    if editions:
        _editions_table(editions)
    others = {c: r for c, r in runs.items() if c[1] not in own}
    if others:
        _ways_table(others)


def _cell(rounds) -> str:
    return f"{statistics.median(rounds):.0f} ({min(rounds):.0f}-{max(rounds):.0f})" if rounds else "-"


def _ways_table(runs: dict) -> None:
    """The other ways to play: a row per way and player count, a column per agent (they are many
    ways and few agents)."""
    ways = list(dict.fromkeys((w, n) for _, w, n in runs))
    agents = list(dict.fromkeys(a for a, _, _ in runs))
    width = max(len(w) for w, _ in ways) + 4
    print("The other ways to play (a variant \"edition:way\", a module \"edition+module\"), the same figures:")
    print(f"  {'':<{width}}" + "".join((a or "engine (random)").rjust(18) for a in agents))
    for way, n in ways:
        print(f"  {f'{way} {n}p':<{width}}" + "".join(_cell(runs.get((a, way, n))).rjust(18) for a in agents))


def _editions_table(runs: dict) -> None:
    """The editions: a row per agent, a column per edition and player count, the USA target."""
    editions = list(dict.fromkeys((e, n) for _, e, n in runs))
    agents = list(dict.fromkeys(a for a, _, _ in runs))
    width = max(len(a or "") for a in agents) + 2
    print("CPU games/s of self-play, the median round (every seat the same agent):")
    print(f"  {'':<{width}}" + "".join(f"{e[:11]} {n}p".rjust(16) for e, n in editions) + "   USA 2p target")
    for agent in agents:
        cells = [_cell(runs.get((agent, e, n))).rjust(16) for e, n in editions]
        usa = runs.get((agent, "usa", 2))
        if agent is None or agent == "random" or not usa:
            verdict = ""
        else:
            median = statistics.median(usa)
            verdict = f"   {'ok' if median >= TARGET else 'under'} {TARGET} (aim {AIM})"
        print(f"  {agent or 'engine (random)':<{width}}" + "".join(cells) + verdict)


def main(games: int = GAMES, rounds: int = ROUNDS, agents=None) -> None:
    from benchmarks.engine_speed import QUIET_CHECK, machine_check
    print(f"Agent speed: {rounds} rounds of {games} games per agent and way to play, after {WARM_UP} warm-up games.")
    before = machine_check()
    report(measure(games, rounds, agents))
    print(f"Machine check, CPU s of 3 million additions: {before:.3f} before, {machine_check():.3f} after "
          f"(about {QUIET_CHECK} on a quiet machine of this class, which the targets are for).")


if __name__ == "__main__":
    args = sys.argv[1:]
    numbers = [int(a) for a in args if a.isdigit()]
    main(*numbers[:2], agents=[a for a in args if not a.isdigit()] or None)
