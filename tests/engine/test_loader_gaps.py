"""The last loader gaps (issue 25): each bad input is refused with the package's own error,
naming the rule and the facts, and nothing changes."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb import PositionError


def usa(players: int = 2):
    return ttr_nb.load_game("usa", players=players, seed=1)


def longest_routes(game, at_least: int) -> dict:
    """Routes of `at_least` spaces in all for player 0 (no two of one double)."""
    routes, total, groups = {}, 0, set()
    for r in sorted(game.board.routes, key=lambda r: (-r.length, r.index)):
        if total >= at_least:
            break
        if r.double_group is not None and r.double_group in groups:
            continue
        groups.add(r.double_group)
        routes[r.key] = 0
        total += r.length
    return routes


# ------------------------------------------------------------------ 1
def test_position_without_trains_counts_them():
    g = usa()
    fine = longest_routes(g, 30)
    s = g.state_from_dict({"routes": fine})
    used = sum(g.board.routes[g.route_index(k)].length for k in fine)
    assert s.trains == (g.rules.trains - used, g.rules.trains)
    too_many = longest_routes(g, g.rules.trains + 1)
    with pytest.raises(PositionError) as e:
        g.state_from_dict({"routes": too_many})
    text = str(e.value)
    assert "player 1" in text and f"stock is {g.rules.trains}" in text
