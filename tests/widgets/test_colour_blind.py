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


def trace_of(figure, name):
    return next(t for t in figure.data if t.meta == name)


def widgets_with_a_board():
    return [GameTable("usa", ["human", "greedy"], bot_delay=0), ScoringWalkthrough.demo("usa"),
            EditionExplorer("nordic"), PaymentChecker("india")]


def frame_of(widget):
    return widget.mirror.frame if hasattr(widget, "mirror") else widget.board_frame


def test_every_board_has_its_three_one_click_choices_in_the_widget():
    for w in widgets_with_a_board():
        frame = frame_of(w)
        tree = [w.widget]
        seen = []
        while tree:                                   # the three toggles are in the widget's tree
            node = tree.pop()
            seen.append(node)
            tree.extend(getattr(node, "children", ()))
        ids = {id(node) for node in seen}
        assert all(id(t) in ids for t in (frame.large_names, frame.colour_letters, frame.enlarge)), type(w).__name__


def test_colour_letters_are_one_click_away_on_every_board():
    for w in widgets_with_a_board():
        frame = frame_of(w)
        assert not letters(w.figure)
        frame.colour_letters.value = True             # what a click on "Colour letters" does
        assert {"R", "G", "B"} <= set(letters(w.figure)), type(w).__name__
        frame.set_colour_letters(False)
        assert not letters(w.figure)


def test_large_names_are_one_click_away_and_never_under_16_px():
    for w in widgets_with_a_board():
        frame = frame_of(w)
        before = max(trace_of(w.figure, "city names").textfont.size)
        frame.large_names.value = True
        sizes = trace_of(w.figure, "city names").textfont.size
        assert min(sizes) >= 16 > before, (type(w).__name__, before, min(sizes))
        frame.set_large_names(False)
        assert max(trace_of(w.figure, "city names").textfont.size) == before


def test_a_board_fits_the_height_it_is_given_and_can_be_enlarged():
    table = GameTable("usa", ["human", "greedy"], bot_delay=0)
    frame = table.board_frame
    frame.sizer.width, frame.sizer.height = 850, 420      # what a browser at 1280x800 reports
    assert table.figure.layout.height <= 420 and table.figure.layout.width < 850
    frame.enlarge.value = True                             # as wide as the box, taller than the screen
    assert table.figure.layout.width == 850 and table.figure.layout.height > 420
    frame.set_enlarged(False)
    assert table.figure.layout.height <= 420
    frame.sizer.height = 432                               # a status line one line longer: no resize
    assert table.figure.layout.height <= 420
    frame.sizer.height = 600                               # a choice panel closed: the board grows
    assert 420 < table.figure.layout.height <= 600
