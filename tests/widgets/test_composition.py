"""A teaching widget is an ipywidget: it goes into an HBox, a VBox or a Tab, has a layout, and its
state is traits that `observe` and `ipywidgets.link` follow (the position, the selected route, the
step, the language)."""
from __future__ import annotations

import ipywidgets as W
import pytest
import traitlets

from ttr_nb.widgets import EditionExplorer, GameApp, GameTable, PaymentChecker, ScoringWalkthrough, TunnelLab

MAKERS = {
    "GameTable": lambda: GameTable("usa", bot_delay=0),
    "GameApp": lambda: GameApp(bot_delay=0),
    "EditionExplorer": lambda: EditionExplorer("usa"),
    "PaymentChecker": lambda: PaymentChecker("usa", hand="red*3"),
    "TunnelLab": lambda: TunnelLab("europe"),
    "ScoringWalkthrough": lambda: ScoringWalkthrough.demo("usa"),
}


def _changes(widget, name):
    seen = []
    widget.observe(lambda change: seen.append(change["new"]), names=name)
    return seen


@pytest.mark.parametrize("name", list(MAKERS))
def test_every_teaching_widget_is_a_widget_with_a_layout_and_its_language_as_a_trait(name, lang):
    widget = MAKERS[name]()
    assert isinstance(widget, W.Widget) and isinstance(widget, W.VBox)
    widget.layout.width = "50%"
    assert widget.layout.width == "50%"
    assert widget.language == lang and "language" in widget.trait_names()
    assert widget.widget is widget                       # the old `.widget` is the widget itself


@pytest.mark.parametrize("name", list(MAKERS))
def test_every_teaching_widget_goes_into_a_vbox_a_tab_and_an_hbox_beside_another(name):
    widget = MAKERS[name]()
    assert W.VBox([widget]).children == (widget,)
    assert W.Tab([widget, W.HTML("x")]).children[0] is widget
    other = PaymentChecker("usa")
    assert W.HBox([widget, other]).children == (widget, other)
    assert widget.children and other.children           # shown in a box: each made its children


def test_a_table_made_children_only_once_shown_or_put_into_a_box():
    table = GameTable("usa", bot_delay=0)
    assert table.children == () and table._view is None    # driven from Python alone: no board made
    W.HBox([table])
    assert table.children and table._view is not None and "ttr-game-table" in table._dom_classes


def test_observing_the_position_fires_once_per_move_with_the_state_it_left(lang):
    table = GameTable("usa", seats=["human", "greedy"], bot_delay=0)
    positions, counts = _changes(table, "position"), _changes(table, "actions_played")
    assert table.keep([0, 1])                      # the human keeps two tickets, then the bot its own
    assert positions == [table.state] and counts == [2] == [table.actions_played]
    assert table.draw_deck()
    assert positions[-1] is table.state and counts[-1] == 3
    assert table.undo()
    assert counts[-1] == 2 and positions[-1] is table.state


def test_a_refused_move_changes_no_trait():
    table = GameTable("usa", bot_delay=0)
    positions = _changes(table, "position")
    assert not table.draw_deck()                   # the opening: tickets first
    assert positions == [] and table.status.kind == "refused"


def test_observing_the_selected_route_fires_on_a_click_and_setting_it_selects_as_a_click_does():
    table = GameTable("usa", bot_delay=0)
    table.keep([0, 1])
    selected = _changes(table, "selected_route")
    table.build().view.click_route(5)              # what a click on the board does
    assert selected == [5] and table.selected_route == 5
    table.selected_route = 7
    assert table._selected == ("route", 7) and table.selected_route == 7
    table.selected_route = None
    assert table._selected is None and selected[-1] is None


def test_setting_a_route_that_does_not_exist_is_refused_and_the_selection_stays():
    explorer = EditionExplorer("usa")
    explorer.selected_route = 3
    explorer.selected_route = 9999
    assert explorer.status.kind == "refused" and "9999" in explorer.status.text
    assert explorer.selected_route == 3 == explorer.selected


def test_the_payment_checker_and_the_tunnel_lab_publish_their_route():
    checker = PaymentChecker("usa", hand="red*3")
    checker.selected_route = 2
    assert checker.route.index == 2
    checker.select_route("Atlanta-Nashville")
    assert checker.selected_route == checker.route.index
    checker.selected_route = None
    assert checker.route is None
    lab = TunnelLab("europe")
    lab.select_tunnel("Marseille-Zürich")
    assert lab.game.board.routes[lab.selected_route].key == lab.tunnel.key
    lab.selected_route = None                      # the lab always has a tunnel: refused
    assert lab.status.kind == "refused" and lab.selected_route == lab.tunnel.index


def test_a_slider_linked_to_the_walkthrough_moves_its_step_both_ways():
    walk = ScoringWalkthrough.demo("usa")
    slider = W.IntSlider(min=0, max=len(walk.steps) - 1)
    W.link((slider, "value"), (walk, "current_step"))
    slider.value = 3
    assert walk.current_step == 3 and walk.select.value == 3
    walk.next()
    assert slider.value == 4


def test_the_app_publishes_its_screen_and_the_position_of_its_game():
    app = GameApp(bot_delay=0)
    screens, counts = _changes(app, "screen"), _changes(app, "actions_played")
    table = app.start(seats=["human", "greedy"], seed=3)
    assert screens == ["game"] and app.position is table.state
    table.keep([0, 1])
    assert counts[-1] == 2 and app.position is table.state
    app.choose_language("da")
    assert app.language == "da"
    app.new_game()
    assert screens[-1] == "start" and app.position is None


def test_the_language_is_read_only_where_the_widget_cannot_change_it():
    explorer = EditionExplorer("usa", language="da")
    with pytest.raises(traitlets.TraitError, match="read-only"):
        explorer.language = "en"
    assert explorer.language == "da"
