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


def test_threads_playing_other_games_keep_their_own_usable_routes():
    """`styles.usable` remembers the last position's usable routes: two threads asking, in
    lockstep, about positions of two other games (on the same board and on another) each get
    their own position's routes, and neither pushes the other's out (asked again, a thread gets
    the very map it got before)."""
    import threading

    from ttr_nb.analysis.paths import usable_costs
    from ttr_nb.analysis.styles import usable

    def positions(edition, seed, count=40):
        state = ttr_nb.load_game(edition, players=2, seed=seed).new_state()
        bot = make_agent("greedy", seed)
        out = []
        while not state.is_over() and len(out) < count:
            state = state.apply(bot(state))
            out.append(state)
        return out

    games = {"usa a": positions("usa", 1), "usa b": positions("usa", 2), "europe": positions("europe", 3)}
    for pair in (("usa a", "usa b"), ("usa a", "europe")):
        count = min(len(games[name]) for name in pair)
        barrier = threading.Barrier(2, timeout=60)
        wrong: dict = {name: [] for name in pair}

        def ask(name):
            for state in games[name][:count]:
                for p in range(2):
                    barrier.wait()
                    first = usable(state, p)
                    barrier.wait()              # (the other thread asks about its own game here)
                    again = usable(state, p)
                    if first != usable_costs(state, p) or again is not first:
                        wrong[name].append((state.turn, p))

        threads = [threading.Thread(target=ask, args=(name,)) for name in pair]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not any(t.is_alive() for t in threads)
        assert wrong == {name: [] for name in pair}, wrong
