"""Every widget opens for every edition `ttr_nb.editions()` lists (a new edition joins by being
listed): the widget tree and its board are built, one click-as-a-method works, nothing is
captured as an error, and no raw internal key (``#2``) or Python tuple reaches the text a
student reads."""
from __future__ import annotations

import re

import pytest

import ttr_nb
from ttr_nb.analysis.editions import rule_rows
from ttr_nb.engine.cards import Cards
from ttr_nb.widgets import EditionExplorer, GameApp, GameTable, PaymentChecker, ScoringWalkthrough, TunnelLab

from .words import W, W_part

EDITIONS = ttr_nb.editions()
RAW = re.compile(r"#\d|\(\d+, \d+|\[\d+, \d+|Cards\(|Route\(")


def _student_text(*htmls: str) -> str:
    text = " ".join(htmls)
    return re.sub(r"<[^>]+>", " ", re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", text, flags=re.S))


def _no_errors(widget) -> None:
    assert not widget.errors.outputs, widget.errors.outputs


def _has_tunnels(edition: str) -> bool:
    return any(r.tunnel for r in ttr_nb.load_game(edition).board.routes)


def _max_players(edition: str) -> int:
    return ttr_nb.load_rules(edition).max_players


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_explorer_opens_and_compares_with_the_usa(edition):
    ex = EditionExplorer(edition, players=2)
    assert ex.widget is not None and ex.figure is not None
    rows = ex.rule_rows
    assert rows and [r[0] for r in rows] == list(rule_rows(edition))
    assert ex.set_players(_max_players(edition)) and ex.players == _max_players(edition)
    route = ex.game.board.routes[0]
    assert ex.select_route(route.key) and ex.selected == route.index
    assert not RAW.search(_student_text(ex.status.text, ex._rules_table(), ex._stats_panel()))
    _no_errors(ex)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_payment_checker_opens_and_pays_for_every_route_kind(edition):
    pc = PaymentChecker(edition, hand={"red": 3, "blue": 2, "green": 2, "loco": 2})
    assert pc.widget is not None and pc.figure is not None
    board = pc.game.board
    kinds = {}
    for r in board.routes:
        kinds.setdefault((r.tunnel, bool(r.ferry_locomotives), r.colour == "gray"), r)
    for route in kinds.values():
        assert pc.select_route(route.key)
        assert pc.options == list(pc.game.payment_options(route.index, tuple(pc.hand), complete=True)) or not pc.complete
        assert sum(len(p) for _, p in pc.groups) == len(pc.options)
        assert not RAW.search(_student_text(pc.status.text, pc.options_html.value)), pc.options_html.value
    _no_errors(pc)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_tunnel_lab_opens_and_refuses_clearly_where_there_is_no_tunnel(edition):
    lab = TunnelLab(edition)
    assert lab.widget is not None
    if _has_tunnels(edition):
        assert lab.tunnels and lab.tunnel is not None and sum(lab.odds) == 1
        assert lab.dig() is not None and lab.digs == 1
    else:
        assert lab.tunnels == [] and lab.tunnel is None
        assert lab.status.kind == "refused"
        assert W_part("The {board} board has no tunnels: choose {editions}.", 1) in lab.status.text
    assert not RAW.search(_student_text(lab.status.text))
    _no_errors(lab)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_scoring_walkthrough_opens_on_a_finished_game(edition):
    walk = ScoringWalkthrough.demo(edition, seed=1)
    assert walk.widget is not None and walk.figure is not None
    assert walk.steps[-1] == W("Final table") and walk.state.is_over()
    walk.last()
    assert list(walk.totals) == [r.total for r in walk.rows]
    for k in range(len(walk.steps)):
        walk.goto(k)
        assert not RAW.search(_student_text(walk.step.title, walk.step.text)), (walk.step.title, walk.step.text)
    _no_errors(walk)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_game_table_opens_and_plays_a_move(edition):
    table = GameTable(edition, seats=["human", "greedy"], seed=3, bot_delay=0)
    assert table.widget is not None and table.figure is not None
    opening = table.state.opening_offers[0]
    assert table.keep(list(range(ttr_nb.load_rules(edition).tickets.opening_keep)))
    assert table.state.phase == "turn" or table.state.current_player == 0
    assert table.draw_deck() and table.log
    assert not RAW.search(_student_text(*table.log, table.status.text)), table.log
    assert len(opening) == ttr_nb.load_rules(edition).tickets.opening_count
    _no_errors(table)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_app_starts_a_game_of_every_edition(edition):
    app = GameApp(edition, seats=["human", "greedy"], seed=0, bot_delay=0)
    assert app.start() and app.table is not None and app.table.game.rules.id == edition
    assert app.widget is not None
    _no_errors(app)
