"""Every agent plays only legal actions, in seeded games of every edition and player count.

Each agent plays every seat of one game per edition and player count (the games of
`test_random_games.games_of`: their seeds, first players and edition options), every choice
checked against `legal_actions()`. In one of each edition's games (the player count turns
with the agent, so every count is checked by some agents) the invariants of
`tests/engine/invariants.py` are also checked after every action ("light": the cards,
trains and tickets conserved, every transition as its action says, the payment one the
edition allows, turn order, the final round, the game ending, the score at the start and
the end), as the random games are checked; in every game alike would cost more than the
agents' play.
"""
from __future__ import annotations

import pytest

import ttr_nb
from tests.engine.invariants import MAX_ACTIONS, play_random_game
from tests.engine.test_random_games import PLAYER_COUNTS, games_of
from ttr_nb.analysis.agents import AGENTS, make_agent


def seated(name: str, players: int, seed: int):
    """A policy for `play_random_game`: agent `name` in every seat, seeded per seat."""
    seats = [make_agent(name, seed * 10 + i) for i in range(players)]

    def policy(state, legal, rng):
        action = seats[state.current_player](state)
        assert action in legal, f"{name} chose {action}, not a legal action"
        return action
    policy.__name__ = name
    return policy


@pytest.mark.parametrize("name", list(AGENTS))
def test_an_agent_plays_legal_actions_in_every_edition_and_player_count(name):
    index = sorted(AGENTS).index(name)
    offset = 1 + index * 7
    played, checked = set(), set()
    for edition in PLAYER_COUNTS:
        games = games_of(edition, offset, len(PLAYER_COUNTS[edition]))
        for k, (edition, players, seed, options) in enumerate(games):
            check = "light" if k == index % len(games) else "none"
            state, actions = play_random_game(edition, players, seed, options, check=check,
                                              policy=seated(name, players, seed))
            assert state.is_over() and 0 < len(actions) < MAX_ACTIONS
            played.add((edition, players))
            if check != "none":
                checked.add(edition)
    assert played == {(e, n) for e, counts in PLAYER_COUNTS.items() for n in counts}
    assert checked == set(PLAYER_COUNTS)


def test_an_unknown_agent_is_refused_with_the_names_of_the_agents():
    with pytest.raises(ValueError, match="No agent is called 'clever'.*route-focus"):
        make_agent("clever")
    assert set(AGENTS) >= {"random", "greedy", "destination-hungry", "route-focus", "one-step", "long-route"}
    assert ttr_nb.analysis.agents.AGENTS is AGENTS
