"""Seeded random games play exactly as recorded: a change made for speed (or for any reason
but a rule) must leave every game's actions, final position and scores as they were.

The record (`data/seeded_games.json`, written by `seeded_games.py`) was made before the
engine's speed work of issue 13; it covers every edition and player count.
"""
import json
from pathlib import Path

import pytest

from .seeded_games import games, record_game

RECORD = json.loads((Path(__file__).parent / "data" / "seeded_games.json").read_text())


def test_the_record_covers_every_edition_and_player_count():
    assert sorted(RECORD) == sorted(f"{e}/{p}/{s}" for e, p, s in games())


@pytest.mark.parametrize("key", sorted(RECORD))
def test_a_seeded_game_plays_as_recorded(key):
    edition, players, seed = key.split("/")
    assert record_game(edition, int(players), int(seed)) == RECORD[key]
