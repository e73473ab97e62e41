"""The stored studies (`make study`) hold what their scripts say: the head-to-head tables have
every pair of styles in every setting, over the games the command names, with rates and
intervals that follow from their counts."""
from __future__ import annotations

import itertools
import json
import sys
from importlib import resources
from pathlib import Path

import pytest

from ttr_nb.analysis.tournament import wilson_interval

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import head_to_head  # noqa: E402


@pytest.fixture(scope="module")
def study():
    return json.loads(resources.files("ttr_nb.analysis.studies").joinpath("head_to_head.json").read_text("utf-8"))


def test_the_head_to_head_study_has_every_pair_in_every_setting(study):
    pairs = {(r["edition"], r["players"], r["a"]["agent"], r["b"]["agent"]) for r in study["rows"]}
    expected = {(e, p, a, b) for e, p in head_to_head.SETTINGS for a, b in itertools.combinations(head_to_head.STYLES, 2)}
    assert pairs == expected and len(study["rows"]) == len(expected)
    assert study["games_per_pair"] >= 2000
    assert study["command"] == f"python scripts/head_to_head.py --games {study['games_per_pair']} --seed {study['seed']}"


def test_the_head_to_head_rates_follow_from_their_counts(study):
    for r in study["rows"]:
        assert r["games"] == study["games_per_pair"]
        for side in (r["a"], r["b"]):
            assert 0 <= side["wins"] <= r["games"]
            assert side["rate"] == pytest.approx(side["wins"] / r["games"])
            assert side["interval"] == pytest.approx(list(wilson_interval(side["wins"], r["games"])))
        # every seat is one of the two sides, so each game is won by one of them or shared by both
        assert r["a"]["wins"] + r["b"]["wins"] >= r["games"]


def test_a_pair_row_is_a_tournaments_count():
    """The script's counting on a few games: each game is won by at least one side, and each
    side's mean score is the mean over its seats."""
    row = head_to_head.pair_row("usa", 4, "route-focus", "long-route", games=4, seed=3, executor=None)
    assert row["games"] == 4 and row["a"]["wins"] + row["b"]["wins"] >= 4
    assert all(s["mean_score"] > 0 for s in (row["a"], row["b"]))
