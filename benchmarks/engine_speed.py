"""Random play speed: whole games per second, setup and final scoring included.

    python -m benchmarks.engine_speed [games per round] [rounds]

Each player chooses uniformly among `state.legal_actions()`. Every edition of
`ttr_nb.editions()` is played with its fewest and most players (and 4 players for USA), and so
is every way to play of `ways()`: each variant of `ttr_nb.variants()` (a row "usa:1910": the USA
1910 box's 1910 game) and each module an edition offers as an option (a row "europe+warehouses":
Europe with Europa 1912's Warehouses & Depots).
For each, several rounds of games (new seeds each round, the same seeds for every
interpreter; the rounds of all of them interleaved, see `measure`), after warm-up games;
a round's rate is reported both in CPU time (`time.process_time`, what the targets are
about: on a shared machine the wall time also counts the other processes) and in wall
time (`time.perf_counter`), the median round with the slowest and fastest.

The same table follows for Python 3.13 when it is installed (found as `python3.13`
on the PATH or under pyenv): the engine is standard library only, so it runs from this
source tree without being installed there.
"""
from __future__ import annotations

import glob
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = 80        # per round
ROUNDS = 5
WARM_UP = 20
#: CPU games/s targets (issue 13) on this machine class, Python 3.11; Python 3.13 within 10% of them
TARGETS = {("usa", 2): 1200, ("usa", 4): 650}
#: CPU games/s at 04acfd3 on this machine class, per Python version: the medians of 5 rounds of
#: 60 games, interleaved with rounds of the sped-up engine in the same minutes (the machine was
#: shared: CPU rates there move by +-20% with the load, so the ratio printed beside a figure
#: measured at another time is a guide; compare interleaved rounds for a before/after).
#: Every edition and player count without a target of its own aims at 1.6 times its figure.
BASELINES = {
    "3.11": {("usa", 2): 622, ("usa", 4): 337, ("usa", 5): 278, ("europe", 2): 373, ("europe", 5): 113,
             ("switzerland", 2): 427, ("switzerland", 3): 287, ("nordic", 2): 103, ("nordic", 3): 75},
    "3.13": {("usa", 2): 612, ("usa", 4): 298, ("usa", 5): 261, ("europe", 2): 386, ("europe", 5): 103,
             ("switzerland", 2): 388, ("switzerland", 3): 258, ("nordic", 2): 121, ("nordic", 3): 89},
}

#: the modules an edition may add as an option (`Rules.option_specs`), each a way to play of its own
MODULES = ("warehouses",)


def ways() -> list[str]:
    """Every way to play measured, as `way_key` names it: each edition's own rules ("usa"), each
    variant ("usa:1910"), each module an edition offers ("europe+warehouses")."""
    import ttr_nb
    out = list(ttr_nb.editions())
    out += [way_key(edition, variant) for edition, variant in ttr_nb.variants()]
    out += [way_key(edition, None, {module: True}) for edition in ttr_nb.editions() for module in MODULES
            if module in ttr_nb.load_rules(edition).option_specs]
    return out


def way_key(edition: str, variant: str | None = None, options: dict | None = None) -> str:
    """"usa", "usa:1910" (a variant), "europe+warehouses" (an option switched on): a way's name in
    the tables; `way_of` reads it back."""
    return (edition + (f":{variant}" if variant else "")
            + "".join(f"+{k}" if v is True else f"+{k}={v}" for k, v in (options or {}).items()))


def way_of(key: str) -> tuple[str, str | None, dict]:
    """(edition, variant, options) of a way's name (`way_key`)."""
    head, *switches = key.split("+")
    edition, _, variant = head.partition(":")
    options = {}
    for switch in switches:
        name, _, value = switch.partition("=")
        options[name] = value if value else True
    return edition, variant or None, options


def play_random_game(edition: str, players: int, seed: int, variant: str | None = None, **options):
    import ttr_nb
    game = ttr_nb.load_game(edition, players=players, seed=seed, variant=variant, **options)
    state = game.new_state()
    rng = random.Random(seed)
    while not state.is_over():
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    state.score_breakdown()
    state.winners()
    return state


def games_per_second(edition: str, players: int, games: int = GAMES, seed0: int = 0,
                     variant: str | None = None, **options) -> tuple[float, float, float]:
    """(CPU games per second, wall games per second, actions per game) over `games` seeded games
    (of `variant` of the edition and with its `options`, where given)."""
    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(seed0, seed0 + games):
        actions += play_random_game(edition, players, seed, variant, **options).turn
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return games / cpu, games / wall, actions / games


def player_counts(edition: str, variant: str | None = None, **options) -> list[int]:
    import ttr_nb
    rules = ttr_nb.load_rules(edition, variant, **options)
    own = not variant and not options
    return sorted({rules.min_players, rules.max_players} | ({4} if edition == "usa" and own else set()))


def configs() -> list[str]:
    """The rows of the table, "way/players" ("usa/2", "usa:1910/3", "europe+warehouses/5"): every
    way to play (`ways`) with its fewest and most players (and the USA base game with 4)."""
    out = []
    for way in ways():
        edition, variant, options = way_of(way)
        out += [f"{way}/{players}" for players in player_counts(edition, variant, **options)]
    return out


def _played(key: str, games: int, seed0: int) -> tuple[float, float, float]:
    way, players = key.split("/")
    edition, variant, options = way_of(way)
    return games_per_second(edition, int(players), games=games, seed0=seed0, variant=variant, **options)


def measure(games: int = GAMES, rounds: int = ROUNDS) -> dict:
    """{"way/players": [(cpu, wall, turns) per round]} in this interpreter.

    The rounds are interleaved: every way to play and player count plays its first round, then
    every one its second, and so on. A slow spell of a shared machine (another process on
    the core for some seconds) then slows one round of each, which the median leaves out,
    instead of every round of the one that happened to be running."""
    todo = configs()
    for key in todo:
        _played(key, WARM_UP, 10_000)          # warm the caches
    out = {key: [] for key in todo}
    for r in range(rounds):
        for key in todo:
            out[key].append(_played(key, games, r * games))
    return out



def _spread(values) -> str:
    values = sorted(values)
    return f"{statistics.median(values):6.0f} ({values[0]:.0f}-{values[-1]:.0f})"


def report(runs: dict, python: str, version: str) -> None:
    print(f"{python}: games/s, the median round (slowest-fastest)")
    print(f"  {'':<21} {'CPU':>17} {'wall':>17}  turns  target (CPU)")
    minor = ".".join(version.split(".")[:2])
    baseline = BASELINES.get(minor, {})
    scale = 0.9 if minor == "3.13" else 1.0          # 3.13: within 10% of the 3.11 targets
    for key, rounds in runs.items():
        edition, players = key.split("/")
        players = int(players)
        cpu = [r[0] for r in rounds]
        median = statistics.median(cpu)
        target = TARGETS.get((edition, players))
        base = baseline.get((edition, players))
        if target:
            target *= scale
            verdict = f"{'ok' if median >= target else 'under'} {target:.0f}"
        elif base:
            verdict = f"{'ok' if median >= 1.6 * base else 'under'} 1.6 x {base} = {1.6 * base:.0f}"
        else:
            verdict = "-"
        if base:
            verdict += f"  (x{median / base:.2f} the 04acfd3 figure)"
        turns = statistics.mean(r[2] for r in rounds)
        print(f"  {edition:<18} {players}p {_spread(cpu):>17} {_spread([r[1] for r in rounds]):>17}"
              f"  {turns:5.0f}  {verdict}")


def python313() -> tuple[str, str] | None:
    """Another interpreter of Python 3.13 that runs (its path and version), or None."""
    if sys.version_info[:2] == (3, 13):
        return None
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    candidates = sorted(glob.glob(os.path.join(pyenv, "versions", "3.13*", "bin", "python3.13")))
    candidates += [found for found in [shutil.which("python3.13")] if found]     # (a pyenv shim may not run)
    for python in candidates:
        try:
            done = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                                  capture_output=True, text=True, timeout=60)
        except OSError:
            continue
        if done.returncode == 0 and done.stdout.startswith("3.13"):
            return python, done.stdout.strip()
    return None


def _from_source_tree() -> None:
    """Make `ttr_nb` importable from this source tree in an interpreter it is not installed in
    (its boards and edition records are inside it, ttr_nb/maps and ttr_nb/editions_data)."""
    sys.path.insert(0, str(ROOT))


def run_elsewhere(python: str, games: int, rounds: int) -> dict | None:
    done = subprocess.run([python, "-m", "benchmarks.engine_speed", "--json", str(games), str(rounds)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    if done.returncode:
        print(f"{python}: the engine benchmark failed:\n{done.stderr.strip()}")
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


#: CPU seconds of `machine_check` on a quiet machine of this class (Python 3.11)
QUIET_CHECK = 0.14


def machine_check() -> float:
    """CPU seconds of 3 million additions in a Python loop at module level: how fast the machine
    runs Python just now. On a shared machine other load slows even CPU time, by up to half, and
    most where the code reads and writes memory: the loop's names are looked up in a dict, as
    the engine's work is lookups (a loop of local variables barely notices the load)."""
    cpu = time.process_time()
    exec("total = 0\nfor i in range(3_000_000):\n    total += i", {})
    return time.process_time() - cpu


def main(games: int = GAMES, rounds: int = ROUNDS) -> None:
    import platform
    print(f"Random play: {rounds} rounds of {games} games (new seeds each round) after {WARM_UP} warm-up games;")
    print("setup, every action and final scoring included; the rounds of every way to play interleaved.")
    before = machine_check()
    report(measure(games, rounds), f"Python {platform.python_version()}", platform.python_version())
    print(f"Machine check, CPU s of 3 million additions: {before:.3f} before these games, {machine_check():.3f} after;")
    print(f"  about {QUIET_CHECK} on a quiet machine of this class, which the targets are for (more: other load).")
    other = python313()
    if other is None:
        print("(no Python 3.13 found besides this one: no 3.13 figures)")
        return
    python, version = other
    runs = run_elsewhere(python, games, rounds)
    if runs is not None:
        report(runs, f"Python {version} ({python}, from the source tree)", version)

if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--json"]:
        _from_source_tree()
        print(json.dumps(measure(*map(int, args[1:]))))
    else:
        main(*map(int, args))
