"""Players are numbered from 1 in every sentence a person reads; the API stays 0-based.

Seeded random games of every edition: at many positions, near-miss actions (a draw, a
ticket choice or a tunnel payment in the wrong phase, a claim of a route somebody owns, a
station in a city that has one) are judged, and every refusal that names a player names
them from 1: the player to move (index `current_player`) is "player {current_player + 1}",
an owner is "player {owner + 1}", and "player 0" never appears (no reader has a player 0).
The plain-words description of each action played names its player from 1 too.
"""
from __future__ import annotations

import random
import re

import ttr_nb

EDITIONS = ttr_nb.editions()
PLAYER_0 = re.compile(r"\bplayer 0\b", re.IGNORECASE)


def _near_misses(state) -> list[tuple[str, int | None]]:
    """(action text, the owner it runs into or None)."""
    board = state.game.board
    out = [(a, None) for a in ("draw deck", "tickets", "keep 0", "abandon", "pay red*1")]
    for ri, owner in enumerate(state.owners):
        if owner >= 0:
            route = board.routes[ri]
            out.append((f"claim {route.key} loco*{route.length}", owner))
    out += [(f"station {city} loco*1", owner) for city, owner in state.stations]
    return out


def _check(state, counts: dict) -> None:
    current = state.current_player
    for text, owner in _near_misses(state):
        reason = state.why_illegal(text)
        if reason is None:
            continue
        assert not PLAYER_0.search(reason.text), (text, reason)
        if reason.rule == "wrong-phase":
            assert f"player {current + 1} " in reason.text, (current, text, reason)
        elif reason.rule == "route-taken":
            assert reason.text.endswith(f"already belongs to player {owner + 1}."), (owner, text, reason)
        elif reason.rule == "station-taken":
            assert f"(player {owner + 1}'s)" in reason.text, (owner, text, reason)
        else:
            continue
        counts[reason.rule] = counts.get(reason.rule, 0) + 1


def test_refusals_and_descriptions_number_players_from_1_in_random_games():
    rng = random.Random(11)
    for edition in EDITIONS:
        counts: dict = {}
        rules = ttr_nb.load_game(edition).rules
        for players in sorted({2, min(3, rules.max_players)}):
            state = ttr_nb.load_game(edition, players=players, seed=rng.randrange(10**6)).new_state()
            step = 0
            while not state.is_over() and step < 400:
                if step % 3 == 0:
                    _check(state, counts)
                action = rng.choice(state.legal_actions())
                after = state.apply(action)
                lines = state.describe(action, after=after)
                assert lines[0].startswith(f"Player {state.current_player + 1} "), lines
                assert not any(PLAYER_0.search(line) for line in lines), lines
                state, step = after, step + 1
        assert counts.get("wrong-phase", 0) > 0 and counts.get("route-taken", 0) > 0, (edition, counts)
        if rules.stations:
            assert counts.get("station-taken", 0) > 0, (edition, counts)
