"""Ownership, colour-blind mode, click targets, hover and layer order of the board figure."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.viz import PLAYER_MARKS, ROUTE_LETTERS, board_figure, board_view, update_board
from ttr_nb.viz.board import _HIGHLIGHT


def trace(fig, name):
    return next(t for t in fig.data if t.meta == name)


def test_every_claimed_space_carries_its_owners_mark():
    g = ttr_nb.load_game("usa", players=3)
    state = g.state_from_dict({"routes": {"Denver-Omaha": 0, "Atlanta-Miami": 2}})
    fig = board_figure(state)
    marks = trace(fig, "owner marks")
    board = g.board
    centres = [tuple(map(float, s[:2])) for k in ("Denver-Omaha", "Atlanta-Miami") for s in board.find_route(k).spaces]
    assert sorted(zip(marks.x, marks.y)) == sorted(centres)
    symbols = dict(zip(zip(marks.x, marks.y), marks.marker.symbol))
    assert {symbols[tuple(map(float, s[:2]))] for s in board.find_route("Denver-Omaha").spaces} == {PLAYER_MARKS[0][0]}
    assert {symbols[tuple(map(float, s[:2]))] for s in board.find_route("Atlanta-Miami").spaces} == {PLAYER_MARKS[2][0]}
    # claimed spaces are solid, open ones a little see-through
    assert trace(fig, "player 0").fillcolor.startswith("#")
    assert trace(fig, "spaces pink").fillcolor.endswith("0.8)")
    update_board(fig, g.new_state())
    assert not trace(fig, "owner marks").x


def test_colour_blind_mode_letters_every_open_coloured_space():
    g = ttr_nb.load_game("europe", players=3)
    plain = board_figure(g)
    assert not trace(plain, "colour letters").text
    fig = board_figure(g, colour_blind=True)
    letters = trace(fig, "colour letters")
    coloured = [r for r in g.board.routes if r.colour != "gray"]
    before = len(letters.text)
    assert before == sum(r.length for r in coloured)
    assert sorted(set(letters.text)) == sorted(v for v in ROUTE_LETTERS.values() if v)
    # a claim takes the letters off the claimed route's spaces
    route = next(r for r in coloured if r.twin is None)
    update_board(fig, g.state_from_dict({"routes": {route.key: 1}}))
    assert len(trace(fig, "colour letters").text) == before - route.length
    assert [t.meta for t in fig.data] == [t.meta for t in plain.data]     # the same fixed traces


def test_every_space_is_a_click_target_naming_its_route_and_track():
    g = ttr_nb.load_game("usa", players=4)
    fig = board_figure(g)
    spaces = trace(fig, "route spaces")
    board = g.board
    assert len(spaces.x) == sum(r.length for r in board.routes)
    for k, ri in enumerate(spaces.customdata):
        assert (spaces.x[k], spaces.y[k]) in [tuple(map(float, s[:2])) for s in board.routes[ri].spaces]
        assert spaces.hovertext[k] == trace(fig, "routes").hovertext[ri]
    one, two = board.find_route("Kansas City-Saint Louis"), board.find_route("Kansas City-Saint Louis#2")
    first = [(x, y) for x, y, ri in zip(spaces.x, spaces.y, spaces.customdata) if ri == one.index]
    second = [(x, y) for x, y, ri in zip(spaces.x, spaces.y, spaces.customdata) if ri == two.index]
    assert first and second and not set(first) & set(second)
    assert "grey" in trace(fig, "routes").hovertext[board.find_route("Atlanta-Charleston").index]  # colour named


def test_overlay_numbers_on_top_and_selection_style_used_for_nothing_else():
    g = ttr_nb.load_game("usa")
    fig = board_figure(g.state_from_dict({"routes": {"Denver-Omaha": 0}}), overlays={"longest": 0},
                       highlight=["Denver-Omaha", "Miami"])
    assert fig.data[-1].meta == "longest numbers" and list(fig.data[-1].text) == ["1"]
    users = [t.meta for t in fig.data
             if _HIGHLIGHT in (str(t.line.color), str(t.marker.color), str(t.fillcolor))]
    assert users == ["highlight routes", "highlight cities"]


def test_projector_text_is_larger():
    small, big = board_figure("nordic"), board_figure("nordic", text_size="projector")
    def sizes(t):       # city names: one size per name (a crowded one may be a little smaller)
        return t.textfont.size if isinstance(t.textfont.size, tuple) else (t.textfont.size,)

    for name in ("city names", "longest numbers"):
        assert min(sizes(trace(big, name))) > max(sizes(trace(small, name)))
    assert big.layout.legend.font.size > small.layout.legend.font.size
    with pytest.raises(ValueError, match="text_size"):
        board_figure("nordic", text_size="huge")


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_hover_texts_name_a_double_routes_track_in_words(edition):
    g = ttr_nb.load_game(edition)
    texts = trace(board_figure(g), "routes").hovertext
    assert not [t for t in texts if "#" in t]
    for r in g.board.routes:
        if r.twin is not None:
            assert ("the second of two routes" if "#" in r.key else "the first of two routes") in texts[r.index]
            colour = "grey" if r.colour == "gray" else r.colour
            assert f"{colour} space" in texts[r.index]


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_water_round_every_ferry_and_only_there(edition):
    from ttr_nb.viz.geometry import count_polygons

    g = ttr_nb.load_game(edition)
    sea = trace(board_figure(g), "sea")
    ferries = [r for r in g.board.routes if r.ferry_locomotives]
    assert count_polygons(sea.x) == sum(2 * r.length - 1 for r in ferries)   # spaces and the gaps between
    assert (count_polygons(sea.x) > 0) == (edition in ("europe", "nordic", "india", "northernlights"))
    assert sea.hoverinfo == "skip" and fig_index(g, "sea") < fig_index(g, "spaces gray")    # under the cars


def fig_index(g, name):
    return [t.meta for t in board_figure(g).data].index(name)
