"""The last loader gaps (issue 25): each bad input is refused with the package's own error,
naming the rule and the facts, and nothing changes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb import PositionError
from ttr_nb.engine.board import board_from_dict


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


# ------------------------------------------------------------------ 4
def test_apply_none_after_legal_actions_is_an_illegal_action():
    g = usa()
    s = g.new_state()
    s.legal_actions()
    with pytest.raises(ttr_nb.IllegalAction) as e:
        s.apply(None)
    assert e.value.rule == "action-syntax" and "None" in e.value.text
    match = ttr_nb.Match(g)
    match.state.legal_actions()
    with pytest.raises(ttr_nb.IllegalAction):
        match.play(None)
    assert match.history == [] and match.state is not None


# ------------------------------------------------------------------ 5
# a tunnel of Europe: Marseille-Zürich, 2 pink spaces; one pink revealed asks for 1 extra card
TUNNEL = {"route": "Marseille-Zürich", "payment": "pink*2", "revealed": ["pink", "red", "blue"]}


@pytest.mark.parametrize("extra", [1.0, True, "1", None], ids=["float", "bool", "text", "none"])
def test_tunnel_extra_is_a_whole_number_not_a_float_or_bool(extra):
    g = ttr_nb.load_game("europe", players=2, seed=1)
    assert g.state_from_dict({"phase": "tunnel", "tunnel": {**TUNNEL, "extra": 1}}).pending.extra == 1
    with pytest.raises(PositionError) as e:
        g.state_from_dict({"phase": "tunnel", "tunnel": {**TUNNEL, "extra": extra}})
    assert f"tunnel: extra: must be a number of cards from 1 to 3, not {extra!r}" in str(e.value)


# ------------------------------------------------------------------ 6
def test_long_ticket_in_the_regular_ticket_deck_is_refused():
    g = ttr_nb.load_game("europe", players=2, seed=1)
    d = g.new_state().to_dict()
    long_key = next(t.key for t in g.board.tickets if t.deck == "long" and t.key in d["removed_tickets"])
    d["ticket_deck"] = [long_key, *d["ticket_deck"]]
    d["removed_tickets"] = [k for k in d["removed_tickets"] if k != long_key]
    with pytest.raises(PositionError) as e:
        g.state_from_dict(d)
    text = str(e.value)
    assert f"ticket_deck: {long_key}: long tickets are dealt at the opening only" in text
    # the same ticket in a later offer (tickets drawn during the game) is refused too
    d = g.new_state().to_dict()
    d.update(phase="tickets", opening_offers=[[], []], offer=[long_key], tickets=d["opening_offers"])
    d["removed_tickets"] = [k for k in d["removed_tickets"] if k != long_key]
    with pytest.raises(PositionError, match=f"offer: {long_key}: long tickets are dealt at the opening only"):
        g.state_from_dict(d)


def test_long_tickets_dealt_at_the_opening_are_still_accepted():
    g = ttr_nb.load_game("europe", players=2, seed=1)
    s = g.new_state()
    assert g.state_from_dict(s.to_dict()).to_dict() == s.to_dict()
    assert any(g.board.tickets[t].deck == "long" for offer in s.opening_offers for t in offer)


# ------------------------------------------------------------------ 8
def test_keeping_a_million_tickets_is_refused_in_a_short_message():
    s = usa().new_state()
    for keep in (tuple(range(10 ** 6)), tuple(range(10 ** 6, 0, -1)), (0, 0) * 500_000):
        reason = s.why_illegal(ttr_nb.KeepTickets(keep))
        assert reason.rule == "ticket-choice" and len(reason.text) < 300, reason.text


@pytest.mark.parametrize("field", ["ticket_deck", "removed_tickets", "routes"])
def test_a_hundred_thousand_unknown_names_give_a_short_error(field):
    g = usa()
    d = g.new_state().to_dict()
    names = [f"Nowhere-{i}" for i in range(100_000)]
    d[field] = dict.fromkeys(names, 0) if field == "routes" else names
    with pytest.raises(PositionError) as e:
        g.state_from_dict(d)
    text = str(e.value)
    assert len(text) < 4000, len(text)
    assert "Nowhere-0" in text and "more" in text
    assert len(e.value.problems) >= 100_000


def test_a_long_list_of_problems_is_cut_with_a_count():
    from ttr_nb.engine.errors import MOST_SHOWN
    error = PositionError([f"problem {i}" for i in range(MOST_SHOWN + 7)])
    text = str(error)
    assert text.count("\n- ") == MOST_SHOWN + 1 and text.endswith("... and 7 more")
    assert f"problem {MOST_SHOWN - 1}" in text and f"problem {MOST_SHOWN}" not in text
    assert str(ttr_nb.MapError("x.json", [f"p{i}" for i in range(100)])).endswith("... and 90 more")


# ------------------------------------------------------------------ 9
MAPS = Path(__file__).resolve().parents[2] / "ttr_nb" / "maps"


def board_data(name: str) -> dict:
    return json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))


def refused_board(data: dict, *words: str) -> None:
    with pytest.raises(ttr_nb.MapError) as e:
        board_from_dict(data, "bad.json")
    for w in words:
        assert w in str(e.value), (w, str(e.value))


@pytest.mark.parametrize("title", ["", "   "])
def test_board_title_must_not_be_empty(title):
    data = board_data("usa")
    data["title"] = title
    refused_board(data, "'title' must be a non-empty string", repr(title))


@pytest.mark.parametrize("bonus", [10 ** 9, 11, -1, 1.0, True])
def test_route_draw_bonus_is_a_small_whole_number(bonus):
    data = board_data("northernlights")
    data["routes"][0]["draw_bonus"] = bonus
    refused_board(data, "draw_bonus must be a whole number of train cards from 0 to 10", repr(bonus))
    data["routes"][0]["draw_bonus"] = 10
    assert board_from_dict(data, "ok.json").routes[0].draw_bonus == 10


def test_bonus_card_names_a_country_of_the_board():
    data = board_data("northernlights")
    card = next(b for b in data["bonus_cards"] if b["measure"] == "routes_to_country")
    card["value"] = "Atlantis"
    refused_board(data, f"bonus card {card['letter']!r}", "'routes_to_country'", "no city is in 'Atlantis'",
                  "'Norway'")
