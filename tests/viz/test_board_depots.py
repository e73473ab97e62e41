"""Warehouses & Depots on the board: each Depot's city shows a square in its owner's colour with
the owner's mark and how many cards the owner's Warehouse holds (public; which cards, hidden)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine.i18n import using
from ttr_nb.viz import PLAYER_COLOURS, board_figure, update_board
from ttr_nb.viz.palette import PLAYER_MARKS

from .test_board_figure import trace, traces_json

DEPOTS = {"placed": [["Paris", 0], ["Wien", 1], ["Berlin", 0]], "reserves": [3, 4, 4],
          "warehouses": [{"red": 2, "loco": 1}, {}, {"blue": 12}]}


def europe(players=3, **options):
    return ttr_nb.load_game("europe", players=players, warehouses=True, **options)


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours."""
    def y(c):
        r, g, b_ = (_linear(int(c.lstrip("#")[k:k + 2], 16) / 255) for k in (0, 2, 4))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((y(a), y(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_each_depot_shows_its_owners_mark_and_warehouse_count_on_its_city():
    g = europe()
    fig = board_figure(g.state_from_dict({"depots": DEPOTS}))
    d = trace(fig, "depots")
    assert list(d.customdata) == ["Paris", "Wien", "Berlin"]
    # the count is the owner's Warehouse (3 cards for player 1, at both of their Depots)
    marks = [m for _s, m in PLAYER_MARKS]
    assert list(d.text) == [f"{marks[0]}3", f"{marks[1]}0", f"{marks[0]}3"]
    assert list(d.marker.color) == [PLAYER_COLOURS[0], PLAYER_COLOURS[1], PLAYER_COLOURS[0]]
    assert d.marker.symbol == "square" and d.mode == "markers+text"
    for k, city in enumerate(d.customdata):
        c = g.board.city[city]
        assert (d.x[k], d.y[k]) == (c.x, c.y)
    assert "depot of player 1 (violet): their warehouse holds 3 cards" in d.hovertext[0]
    assert "depot of player 2 (sky blue): their warehouse holds 0 cards" in d.hovertext[1]
    cities = trace(fig, "cities")
    texts = dict(zip(cities.customdata, cities.hovertext))
    assert "depot of player 1 (violet)" in texts["Paris"] and "depot" not in texts["Madrid"]


def test_the_depot_count_reads_on_every_seat_colour():
    """Colour-blind safe: the owner's mark says whose Depot it is, and the mark and count are
    black or white, whichever contrasts with the square (WCAG ratio 4.5 at least)."""
    g = europe(players=5)
    placed = [[c, p] for p, c in enumerate(("Paris", "Wien", "Roma", "Madrid", "Moskva"))]
    d = trace(board_figure(g.state_from_dict({"depots": {"placed": placed}})), "depots")
    assert len(set(t[0] for t in d.text)) == 5          # five owners, five marks
    for fill, ink in zip(d.marker.color, d.textfont.color):
        assert contrast(fill, ink) >= 4.5, (fill, ink)


def test_a_game_without_the_module_draws_no_depot():
    for g in (ttr_nb.load_game("europe", players=3), ttr_nb.load_game("usa")):
        d = trace(board_figure(g.new_state()), "depots")
        assert list(d.x) == [] and list(d.text) == []


def test_a_depot_sharing_a_city_with_a_station_sits_beside_it():
    g = europe(depots_and_stations="together")
    s = g.state_from_dict({"depots": {"placed": [["Berlin", 1], ["Paris", 0]]}, "stations": [["Berlin", 0]]})
    d = trace(board_figure(s), "depots")
    berlin, paris = g.board.city["Berlin"], g.board.city["Paris"]
    assert d.x[0] > berlin.x + 10 and d.y[0] == berlin.y          # beside the station on Berlin
    assert (d.x[1], d.y[1]) == (paris.x, paris.y)


def test_update_restyles_the_depots_when_a_warehouse_fills():
    g = europe()
    s0 = g.state_from_dict({"depots": DEPOTS})
    fig = board_figure(s0)
    assert "depots" not in update_board(fig, g.state_from_dict({"depots": DEPOTS}))
    more = dict(DEPOTS, warehouses=[{"red": 2, "loco": 1}, {"green": 1}, {"blue": 12}])
    s1 = g.state_from_dict({"depots": more})
    changed = update_board(fig, s1)
    assert {"depots", "cities"} <= set(changed)
    assert trace(fig, "depots").text[1].endswith("1")
    assert traces_json(fig) == traces_json(board_figure(s1))


def test_a_depot_is_clicked_as_its_city():
    g = europe()
    fig = board_figure(g.state_from_dict({"depots": DEPOTS}), widget=True)
    view = fig._ttr_view
    clicked = []
    view.on_city_click(clicked.append)
    d = trace(fig, "depots")

    class Points:
        point_inds = [1]
    view._city_clicked(d, Points(), None)
    assert clicked == ["Wien"]


@pytest.mark.parametrize("text_size", ["default", "projector"])
def test_the_depot_square_holds_a_two_digit_count(text_size):
    d = trace(board_figure(europe().state_from_dict({"depots": DEPOTS}), text_size=text_size), "depots")
    # a mark and two digits, at about 0.6 of the font size each (bold): inside the square
    assert d.marker.size >= 3 * 0.6 * d.textfont.size + 4


def test_depots_speak_danish():
    with using("da"):
        fig = board_figure(europe().state_from_dict({"depots": DEPOTS}))
    d = trace(fig, "depots")
    assert "depot" in d.hovertext[0] and "lager" in d.hovertext[0] and "warehouse" not in d.hovertext[0] and "Spiller 1" in d.hovertext[0]
    assert "3 kort" in d.hovertext[0]
