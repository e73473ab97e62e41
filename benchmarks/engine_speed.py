"""Random play speed: whole games per second, setup and final scoring included.

Each player chooses uniformly among `state.legal_actions()`.
"""
from __future__ import annotations

import random
import time

import ttr_nb


def play_random_game(edition: str, players: int, seed: int) -> ttr_nb.State:
    game = ttr_nb.load_game(edition, players=players, seed=seed)
    state = game.new_state()
    rng = random.Random(seed)
    while not state.is_over():
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    state.score_breakdown()
    state.winners()
    return state


def games_per_second(edition: str, players: int, games: int = 400, seed0: int = 0) -> tuple[float, float]:
    """(games per second, actions per game) over `games` seeded games."""
    actions = 0
    start = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        state = play_random_game(edition, players, seed)
        actions += state.turn
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def main(games: int = 400, rounds: int = 3) -> None:
    print(f"Random play: {rounds} rounds of {games} games (new seeds each round) after 20 warm-up games;")
    print("setup, every action and final scoring included. The median round, then the slowest and fastest:")
    for edition in ttr_nb.editions():
        rules = ttr_nb.load_rules(edition)
        counts = sorted({rules.min_players, 2 if edition == "usa" else rules.max_players, rules.max_players}
                        | ({4} if edition == "usa" else set()))
        for players in counts:
            games_per_second(edition, players, games=20, seed0=10_000)      # warm the caches
            runs = [games_per_second(edition, players, games=games, seed0=r * games) for r in range(rounds)]
            rates = sorted(gps for gps, _ in runs)
            turns = sum(t for _, t in runs) / rounds
            print(f"  {edition:<12} {players} players: {rates[rounds // 2]:7.1f} games/s "
                  f"({rates[0]:.0f}-{rates[-1]:.0f})  {turns:.0f} turns a game")


if __name__ == "__main__":
    main()
