"""The agents' caches change nothing: a cached agent chooses what the same agent working every
answer out again (`caching.uncached`) chooses, at every position of seeded games of every
edition; and the caches are in use (the cached agents search far less)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.analysis import paths
from ttr_nb.analysis.agents import AGENTS, make_agent
from ttr_nb.analysis.caching import uncached

#: every agent that keeps answers (the random one keeps none)
CACHED = [name for name in AGENTS if name != "random"]


def play_both_ways(name: str, edition: str, players: int, seed: int, searches: dict) -> int:
    """One game of `name` in every seat, each choice made by a cached agent and, uncached, by
    another of the same seed; returns the positions compared."""
    cached = [make_agent(name, seed * 10 + i) for i in range(players)]
    fresh = [make_agent(name, seed * 10 + i) for i in range(players)]
    state = ttr_nb.load_game(edition, players=players, seed=seed).new_state()
    compared = 0
    while not state.is_over():
        p = state.current_player
        searches["mode"] = "cached"
        action = cached[p](state)
        searches["mode"] = "uncached"
        with uncached():
            again = fresh[p](state)
        assert action == again, (name, edition, seed, state.turn, action, again)
        assert action in state.legal_actions()
        state = state.apply(action)
        compared += 1
    return compared


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_a_cached_agent_chooses_as_it_would_working_everything_out_again(edition, monkeypatch):
    searches = {"mode": None, "cached": 0, "uncached": 0}
    reach = paths.CostGraph.reach

    def counted(self, source, targets=None):
        searches[searches["mode"]] += 1
        return reach(self, source, targets)
    monkeypatch.setattr(paths.CostGraph, "reach", counted)
    rules = ttr_nb.load_rules(edition)
    counts = range(rules.min_players, rules.max_players + 1)
    compared = 0
    for k, name in enumerate(CACHED):
        players = counts[k % len(counts)]
        compared += play_both_ways(name, edition, players, seed=31 + k, searches=searches)
    assert compared >= 300 * len(CACHED) // 2
    # (the caches are used: the same choices from far fewer searches)
    assert searches["cached"] * 2 < searches["uncached"], searches
