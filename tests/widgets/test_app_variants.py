"""GameApp's start screen offers the ways to play on a board (the USA 1910 box's four, the
Europa 1912 box's three: `ttr_nb.variants()`) by their titles, each with a line of its deck, deal
and bonus cards written from the variant's data, and Warehouses & Depots for Europe."""
from __future__ import annotations

import html

import pytest

import ttr_nb
from ttr_nb.analysis.editions import BASE_GAME, ways_to_play
from ttr_nb.engine.rules import load_rules, variant_title
from ttr_nb.widgets.app import GameApp, rules_summary

from .words import E, W


def test_the_way_to_play_lists_the_editions_variants_by_their_titles():
    app = GameApp()
    for edition in ttr_nb.editions():
        assert app.choose_edition(edition)
        variants = [v for e, v in ttr_nb.variants() if e == edition]
        shown = app._variant_row.layout.display != "none"
        assert shown == bool(variants)
        if variants:
            labels = dict((v, k) for k, v in app.variant_choice.options)
            assert list(labels) == ["", *variants]
            assert labels[""].lower() == E(BASE_GAME).lower()
            for v in variants:          # a title a student reads, never the internal key alone
                assert labels[v] == variant_title(load_rules(edition, v)) and labels[v] != v


@pytest.mark.parametrize("edition,variant", ttr_nb.variants())
def test_each_way_says_its_deck_deal_and_bonus_cards_from_its_data(edition, variant):
    app = GameApp()
    app.choose_edition(edition)
    assert app.choose_variant(variant)
    game = ttr_nb.load_game(edition, variant=variant)
    r = game.rules
    line = html.unescape(app.variant_summary.value)
    assert f"{len(game.board.tickets)} " in line
    assert E("{deal}, keep ≥ {keep}", deal=r.tickets.draw, keep=r.tickets.draw_keep) in line
    if len(r.tickets.opening_deal) == 1:
        assert E("{deal}, keep ≥ {keep}", deal=r.tickets.opening_count, keep=r.tickets.opening_keep) in line
    for points, text in ((r.longest_path_bonus, "longest path {n}"), (r.globetrotter_bonus, "Globetrotter {n}")):
        if points:
            assert E(text, n=points) in line
        else:
            assert E(text).split("{")[0] not in line
    if not r.longest_path_bonus and not r.globetrotter_bonus:
        assert E("no bonus card") in line
    way = next(w for w in ways_to_play(edition) if w.variant == variant)
    assert way.summary() in line and way.tickets == len(game.board.tickets)

def test_a_game_starts_with_the_way_chosen_and_warehouses():
    app = GameApp()
    assert app.choose_edition("usa") and app.choose_variant("mega")
    assert app.settings["variant"] == "mega" and app.settings["warehouses"] is False
    assert app.choose_warehouses(True) is False             # not on the USA board
    assert app.status.kind == "refused"
    table = app.start(seats=["human", "greedy"], seed=4, bot_delay=0)
    assert table.game.rules.variant == "mega" and table.game.rules.warehouses is None
    assert len(table.state.ticket_choice().offer) == 5          # Mega Game: five tickets dealt, keep three
    assert variant_title(table.game.rules) in html.unescape(app.game_title.value)
    app.new_game()
    assert app.choose_edition("europe") and app.settings["variant"] is None      # another board: its own rules
    assert app._warehouses_row.layout.display != "none"
    assert app.choose_variant("bigcities") and app.choose_warehouses(True)
    table = app.start(seats=["human", "greedy"], seed=4, bot_delay=0)
    assert table.game.rules.variant == "bigcities" and table.game.rules.warehouses is not None
    assert W("Warehouses & Depots") in html.unescape(app.game_title.value)
    assert table.keep([0, 1]) and table.state.phase == "depots"          # the Depots are placed before the game


def test_the_rules_panel_follows_the_way_and_the_module():
    app = GameApp()
    app.choose_edition("europe")
    app.toggle_rules()
    plain = app.rules_text
    app.choose_warehouses(True)
    app.choose_variant("mega")
    text = html.unescape(app.rules_text)
    assert W("Warehouses & Depots") in text and text != plain
    assert variant_title(load_rules("europe", "mega")) in text
    rows = dict(rules_summary("usa", variant="1910"))
    assert "15" in rows[W("The end")]                     # the Globetrotter


def test_the_start_screen_speaks_danish_too(lang):
    app = GameApp(language=lang)
    assert app.variant_choice.description == W("Way to play")
    app.choose_edition("europe")
    assert app.warehouses_choice.description == W("play with the warehouses and depots of the Europa 1912 box")
