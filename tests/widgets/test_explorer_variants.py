"""EditionExplorer shows the ways to play on a board (`ttr_nb.variants()`) and, for Europe,
Warehouses & Depots: the rules table then compares that way with the USA base game, and the
board facts count that way's tickets."""
from __future__ import annotations

import html

import pytest

import ttr_nb
from ttr_nb.analysis.editions import ways_to_play
from ttr_nb.engine.rules import load_rules, variant_title
from ttr_nb.widgets.explorer import EditionExplorer

from .words import W


@pytest.mark.parametrize("edition,variant", ttr_nb.variants())
def test_each_way_to_play_is_shown_with_its_rules_and_deck(edition, variant):
    ex = EditionExplorer(edition)
    assert ex.variant_select.layout.display != "none"
    assert [v for _label, v in ex.variant_select.options] == ["", *[v for e, v in ttr_nb.variants() if e == edition]]
    assert ex.set_variant(variant) and ex.variant == variant and ex.variant_select.value == variant
    game = ttr_nb.load_game(edition, variant=variant)
    assert ex.stats["tickets"] == len(game.board.tickets)
    rows = {k: v for k, _usa, v, _d in ex.rule_rows}
    assert rows == {k: str(v) for k, v in ttr_nb.analysis.editions.rule_rows(edition, variant=variant).items()}
    table = html.unescape(ex.rules_html.value)
    assert variant_title(load_rules(edition, variant)) in table
    way = next(w for w in ways_to_play(edition) if w.variant == variant)
    assert way.summary() in html.unescape(ex.way_text.value)
    # a route's price is still asked of this way's game; the player count keeps the way
    assert ex.set_players(ex.rules.max_players) and ex.variant == variant
    assert ex.set_variant(None) and ex.variant == ""


def test_the_usa_with_a_variant_is_compared_with_the_usa_base_game():
    ex = EditionExplorer("usa")
    assert ex.set_variant("1910")
    differs = {k for k, _a, _b, d in ex.rule_rows if d}
    assert {"Globetrotter bonus", "longest path bonus"} <= differs
    assert "<th>USA</th>" in ex.rules_html.value and ex.rules_html.value.count("<th>") == 3


def test_warehouses_and_depots_is_a_switch_for_europe_only():
    ex = EditionExplorer("usa")
    assert ex.warehouses_box.layout.display == "none"
    assert ex.set_warehouses(True) is False and ex.status.kind == "refused" and not ex.warehouses
    ex.set_edition("europe")
    assert ex.warehouses_box.layout.display != "none" and not ex.warehouses
    assert ex.set_variant("mega") and ex.set_warehouses(True)
    assert ex.warehouses and ex.variant == "mega" and ex.warehouses_box.value is True
    rows = {k: v for k, _usa, v, _d in ex.rule_rows}
    assert rows["Warehouses & Depots"] == str(load_rules("europe", "mega", warehouses=True).summary()[
        "Warehouses & Depots"])
    assert W("Warehouses & Depots") in html.unescape(ex.rules_html.value)
    ex.set_edition("nordic")                    # another edition: its own rules, no module
    assert ex.variant == "" and not ex.warehouses and ex.variant_select.layout.display == "none"


def test_a_bad_way_is_refused_and_changes_nothing():
    ex = EditionExplorer("europe", variant="bigcities")
    for bad in ("nope", 3, "1910"):
        assert ex.set_variant(bad) is False and ex.status.kind == "refused"
        assert ex.variant == "bigcities" and ex.variant_select.value == "bigcities"
    assert ex.set_warehouses("yes") is False and not ex.warehouses


def test_the_controls_speak_the_language_of_the_run():
    ex = EditionExplorer("europe")
    assert ex.variant_select.description == W("Way to play")
    assert ex.warehouses_box.description == W("Warehouses & Depots")
