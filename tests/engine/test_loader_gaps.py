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


# ------------------------------------------------------------------ 3
def nested(depth: int) -> list:
    deep: list = []
    for _k in range(depth):
        deep = [deep]
    return deep


@pytest.mark.parametrize("position", [
    {"tickets": [nested(5000), []]},
    {"trains": [10 ** 5000, 45]},
    {"hands": [{"red": 10 ** 5000}, {}]},
    {"seed": nested(5000)},
], ids=["deep-tickets", "huge-trains", "huge-count", "deep-seed"])
def test_position_too_deep_or_too_large_is_a_position_error(position):
    g = usa()
    with pytest.raises(PositionError, match="nested too deeply|more than 1000 digits"):
        g.state_from_dict(position)


def test_a_position_holding_itself_is_a_position_error():
    g = usa()
    loop: list = []
    loop.append(loop)
    with pytest.raises(PositionError, match="nested too deeply"):
        g.state_from_dict({"tickets": [loop, []]})


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"title": ' + "9" * 5000 + "}", "more than 1000 digits"),
    ('{"title": ' + "9" * 2000 + "}", "more than 1000 digits"),
], ids=["deep", "beyond-pythons-limit", "beyond-the-board-limit"])
def test_board_file_too_deep_or_too_large_is_a_map_error(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(ttr_nb.MapError, match=words):
        ttr_nb.load_board(path)


def test_match_dict_too_deep_is_a_save_file_error():
    with pytest.raises(ttr_nb.SaveFileError, match="nested too deeply"):
        ttr_nb.Match.from_dict({"format": "ttr_nb-match/1", "start": nested(5000)})
