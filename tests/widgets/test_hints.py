"""The game table's *Hint* button and the app's switch for it: what the planner would do now for
the human seat to move and why, shown under the buttons and drawn on the board; off when a
teacher says so. Each test runs in English and in Danish (conftest)."""
from __future__ import annotations

import html
import re

import ttr_nb
from ttr_nb.analysis.hints import hint as planner_hint
from ttr_nb.engine.i18n import using
from ttr_nb.widgets.app import GameApp
from ttr_nb.widgets.table import GameTable

from .words import W, english


def _shown(table) -> str:
    """The hint box's text, as a reader sees it."""
    return html.unescape(re.sub(r"<[^>]+>", "", table.hint_box.value))


def _vancouver(**kwargs) -> GameTable:
    game = ttr_nb.load_game("usa", players=2, seed=11)
    pos = game.state_from_dict({"phase": "turn", "hands": [{"red": 1, "blue": 2}, {"green": 3}],
                                "tickets": [["Vancouver-Santa Fe"], ["Boston-Miami"]],
                                "routes": {"Calgary-Vancouver": 1}})
    return GameTable("usa", seats=["human", "planner"], seed=11, bot_delay=0, position=pos, **kwargs)


def test_the_hint_button_shows_the_planners_move_and_why_and_draws_it_on_the_board():
    table = _vancouver()
    assert table.hint_button.description == W("Hint")
    assert table.hint_button in table._actions_row.children
    assert table.hint_box.layout.display == "none" and table.hint_text == ""
    table.hint_button.click()
    expected = planner_hint(table.state)
    assert table.hint_text == expected.text
    assert _shown(table) == f"{W('Hint')}: {expected.text}"
    assert table.hint_box.layout.display == "block"
    ri = table.game.route_index("Seattle-Vancouver")
    assert table.view.highlight == ((ri,), ("Seattle", "Vancouver"))
    assert len(table.view.trace("highlight routes").x) > 0
    if english():
        assert table.hint_text == ("Claim the first Seattle-Vancouver route with 1 blue card: it lies on the shortest "
                                   "line of your ticket Vancouver-Santa Fe. It is the only free route into Vancouver.")
    else:
        assert table.hint_text == ("Byg den første af strækningerne Seattle–Vancouver med 1 blåt kort: den ligger på "
                                   "den korteste rute for din billet Vancouver–Santa Fe. Det er den eneste ledige "
                                   "strækning ind til Vancouver.")


def test_playing_the_hint_clears_it_and_its_drawing():
    table = _vancouver()
    found = table.hint()
    assert found.action in table.state.legal_actions()
    assert table.play(found.action)
    assert table.state.owner("Seattle-Vancouver") == 0
    assert table.hint_text == "" and table.hint_box.layout.display == "none"
    assert table.view.highlight == ((), ())


def test_a_hint_in_every_phase_of_a_game_is_the_move_played():
    table = GameTable("usa", seats=["human", "greedy"], seed=5, bot_delay=0)
    for _ in range(12):
        found = table.hint()
        assert found is not None and found.text == table.hint_text
        assert table.play(found.action)
    assert len(table.match.history) >= 12


def test_hints_switched_off_show_no_button_and_refuse():
    table = _vancouver(hints=False)
    assert table.hint_button not in table._actions_row.children
    assert table.hint() is None
    assert table.status.kind == "refused" and table.status.text == W("Hints are switched off for this game.")
    assert table.hint_text == "" and table.view.highlight == ((), ())


def test_no_hint_while_the_hand_is_hidden_and_hiding_it_clears_the_hint():
    table = _vancouver()
    table.hint()
    table.hand_toggle.value = False
    assert table.hint_text == "" and table.view.highlight == ((), ())
    assert table.hint() is None
    assert table.status.text == W("A hint reads your hand: show the hand first.")


def test_no_hint_while_a_bot_is_to_move():
    table = GameTable("usa", seats=["human", "greedy"], seed=1, bot_delay=0, auto_bots=False)
    table.keep([0, 1])
    assert table.hint() is None and table.status.rule == "widget.bot-to-move"


def test_the_table_says_its_hint_in_its_own_language():
    for code, label in (("en", "Hint"), ("da", "Tip")):
        table = _vancouver(language=code)
        assert table.hint_button.description == label
        table.hint()
        with using(code):
            assert table.hint_text == planner_hint(table.state).text


def test_the_app_has_a_switch_for_hints():
    app = GameApp(seats=["human", "planner"], seed=3, bot_delay=0)
    assert app.settings["hints"] is True and app.hints_choice.value is True
    assert app.hints_choice.description == W("a Hint button for the human players (a teacher may switch it off)")
    table = app.start()
    assert table.hints and table.hint() is not None
    app.new_game()
    assert app.choose_hints(False) and app.settings["hints"] is False
    table = app.start()
    assert not table.hints and table.hint_button not in table._actions_row.children
    assert app.choose_hints("no") is False and app.status.kind == "refused"
    off = GameApp(hints=False)
    assert off.hints_choice.value is False and off.start(seats=["human", "greedy"], bot_delay=0).hints is False
