"""What a seeded random game does, in short: the record `test_seeded_games` compares.

A game is played as the speed benchmark plays it (each action chosen uniformly among
`legal_actions()` by `random.Random(seed)`), so the record pins the order of the legal
actions as well as the rules. It keeps, per game: how many actions were taken, a digest of
their texts in order, the final position's digest, and each player's score and the winners.

    python -m tests.engine.seeded_games > tests/engine/data/seeded_games.json

writes the record anew (only when a rule is meant to change what games do).
"""
from __future__ import annotations

import hashlib
import json
import random

import ttr_nb

SEEDS = range(4)


def record_game(edition: str, players: int, seed: int) -> dict:
    game = ttr_nb.load_game(edition, players=players, seed=seed)
    state = game.new_state()
    rng = random.Random(seed)
    actions = hashlib.sha256()
    count = 0
    while not state.is_over():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.update(f"{len(legal)} {action}\n".encode())
        state = state.apply(action)
        count += 1
    position = hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode())
    return {"actions": count, "actions digest": actions.hexdigest()[:16],
            "position digest": position.hexdigest()[:16],
            "scores": [row.as_dict() for row in state.score_breakdown()],
            "winners": list(state.winners())}


def games() -> list[tuple[str, int, int]]:
    out = []
    for edition in ttr_nb.editions():
        rules = ttr_nb.load_rules(edition)
        for players in range(rules.min_players, rules.max_players + 1):
            out += [(edition, players, seed) for seed in SEEDS]
    return out


def record() -> dict:
    return {f"{e}/{p}/{s}": record_game(e, p, s) for e, p, s in games()}


if __name__ == "__main__":
    print(json.dumps(record(), indent=1, sort_keys=True))
