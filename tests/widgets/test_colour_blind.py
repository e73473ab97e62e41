"""Every widget takes `colour_blind=True` and its board then writes a letter on every open space."""
from __future__ import annotations

import pytest

pytest.importorskip("anywidget", reason="the widgets' boards are FigureWidgets")

from ttr_nb.widgets import EditionExplorer, GameTable, PaymentChecker, ScoringWalkthrough, TunnelLab  # noqa: E402
from ttr_nb.widgets.testing import simulate_click  # noqa: E402


def letters(figure):
    return next(t for t in figure.data if t.meta == "colour letters").text or ()


def test_every_widget_passes_colour_blind_to_its_board():
    boards = [EditionExplorer("usa", colour_blind=True).figure, PaymentChecker("usa", colour_blind=True).figure,
              GameTable("usa", ["human", "greedy"], colour_blind=True).figure,
              ScoringWalkthrough.demo("usa", colour_blind=True).figure]
    for fig in boards:
        assert set(letters(fig)) >= {"R", "B", "K", "W"}
    assert not letters(EditionExplorer("usa").figure)
    assert TunnelLab("europe", colour_blind=True).colour_blind is True


def test_a_click_on_a_routes_end_space_selects_that_route():
    pc = PaymentChecker("usa")
    fig = pc.figure
    spaces = next(t for t in fig.data if t.meta == "route spaces")
    route = pc.game.board.find_route("Dallas-El Paso")
    ends = [k for k, ri in enumerate(spaces.customdata) if ri == route.index]
    simulate_click(fig, list(fig.data).index(spaces), ends[-1])
    assert pc.route.index == route.index
