"""EditionExplorer: driven through its public methods and simulated clicks, no browser.

Assertions on the engine state, the status text and the FigureWidget's trace properties."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.analysis.editions import rule_rows
from ttr_nb.analysis import board_stats
from ttr_nb.engine.rules import load_rules, summary_label
from ttr_nb.viz import BoardView
from ttr_nb.widgets import EditionExplorer
from ttr_nb.widgets.explorer import edition_name, route_label
from ttr_nb.widgets.html import players_text, spaces_text
from ttr_nb.widgets.testing import simulate_click
from ttr_nb.engine.payments import describe_price

from .words import EN, W, WN, W_part, english

EDITIONS = ttr_nb.editions()


def trace(fig, name):
    found = [t for t in fig.data if t.meta == name]
    assert len(found) == 1, name
    return found[0]


def polygons(tr) -> int:
    """How many polygons a None-separated trace draws."""
    xs = list(tr.x or ())
    return sum(1 for i, x in enumerate(xs) if x is not None and (i == 0 or xs[i - 1] is None))


_EXPLORERS: dict = {}


@pytest.fixture
def explorer(lang):
    """One explorer per language, shared by the tests of this module."""
    if lang not in _EXPLORERS:
        _EXPLORERS[lang] = EditionExplorer("usa", players=2)
    return _EXPLORERS[lang]


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_builds_with_its_board_rules_and_stats(edition):
    rules = load_rules(edition)
    ex = EditionExplorer(edition, players=rules.min_players)
    assert ex.edition == edition and ex.players == rules.min_players
    assert ex.match.state.game.rules.id == edition
    assert ex.stats == board_stats(ex.game.board)
    # the rules rows are generated from the edition records, in Rules.summary() order, with the
    # board's own rules (ferry payments, the draw bonus) after "locomotives wild on"
    summary = {k: str(v) for k, v in rules.summary().items()}
    rows = [r[0] for r in ex.rule_rows]
    assert [r for r in rows if r in summary] == list(summary)
    assert rows == list(rule_rows(edition))
    assert all(row[2] == summary[row[0]] for row in ex.rule_rows if row[0] in summary)
    assert ex.rules_html.value.count("class='ttr-rule") == len(rule_rows(edition))
    # the figure shows this board: same traces as the viz layer draws
    ref = BoardView(ttr_nb.load_game(edition, players=rules.min_players))
    assert [t.meta for t in ex.figure.data] == [t.meta for t in ref.figure.data]
    assert tuple(trace(ex.figure, "routes").customdata) == tuple(range(len(ex.game.board.routes)))
    assert ex.edition_select.value == edition
    assert list(ex.players_select.options) == list(range(rules.min_players, rules.max_players + 1))
    assert edition_name(rules) in ex.status.text and ex.status.kind == "info"


def test_usa_has_no_differing_rows_and_nordic_differs_where_the_records_do():
    ex = EditionExplorer("usa")
    assert not any(d for *_, d in ex.rule_rows)
    assert ex.set_edition("nordic")
    differ = {rule: (usa, nordic) for rule, usa, nordic, d in ex.rule_rows if d}
    usa, nordic = load_rules("usa").summary(), load_rules("nordic").summary()
    assert differ["locomotives wild on"] == (str(usa["locomotives wild on"]), str(nordic["locomotives wild on"]))
    assert not english() or differ["locomotives wild on"] == ("ordinary, tunnel, ferry routes", "tunnel, ferry routes")
    assert not english() or differ["display flush"][1] == "never"
    assert summary_label("locomotives wild on") in ex.rules_html.value          # the row's name, in words
    assert "stations" not in differ           # neither has stations
    assert W("{edition} differs from the USA in {k} of {n} rules (highlighted).", edition=edition_name(ex.rules),
             k=f"<b>{len(differ)}</b>", n=len(ex.rule_rows)) in ex.rules_html.value


def test_switching_edition_restyles_one_figure_widget(explorer):
    fig = explorer.figure
    n_traces = len(fig.data)
    for edition in ["nordic", "switzerland", "europe", "usa", "nordic"]:
        assert explorer.set_edition(edition)
        assert explorer.figure is fig and len(fig.data) == n_traces        # one FigureWidget, reused
        assert explorer.mirror.rebuilds == 0
        assert "layout" in explorer.mirror.last_changed
        ref = BoardView(ttr_nb.load_game(edition, players=2), **explorer.mirror.size(explorer.game.board),
                        **explorer.mirror.board_options).figure
        for name in ("spaces red", "spaces gray", "tunnels", "ferry symbols", "cities", "routes"):
            mine, theirs = trace(fig, name), trace(ref, name)
            assert mine.x == theirs.x and mine.y == theirs.y, (edition, name)
        assert trace(fig, "routes").hovertext == trace(ref, "routes").hovertext
        assert (fig.layout.width, fig.layout.height) == (ref.layout.width, ref.layout.height)
        assert fig.layout.title.text == ref.layout.title.text
        assert fig.layout.yaxis.range == ref.layout.yaxis.range
    assert explorer.set_edition("usa")


def test_widget_state_for_a_new_view_is_the_current_board(explorer):
    """A view created after restyles (Voilà, a page reload) gets the current traces."""
    explorer.set_edition("switzerland")
    state = explorer.figure.get_state()
    names = [t.get("meta") for t in state["_widget_data"]]
    countries = state["_widget_data"][names.index("countries")]
    assert len(countries["x"]) > 0                      # only the Swiss board has countries
    explorer.set_edition("usa")
    state = explorer.figure.get_state()
    assert len(state["_widget_data"][names.index("countries")]["x"]) == 0


def test_player_count_outlines_the_double_routes_only_when_they_act_as_singles(explorer):
    explorer.set_edition("usa")
    explorer.set_players(2)
    doubles = [r for r in explorer.game.board.routes if r.double_group]
    hl = trace(explorer.figure, "marked routes")        # dotted: the selection keeps its own style
    assert not explorer.doubles_usable
    assert polygons(hl) == sum(r.length for r in doubles)
    assert W_part("Outlined: the {n} double route. With {players} only one route of each pair can be claimed; both "
                  "need {low} or more players.", 2, "Outlined: the {n} double routes. With {players} only one route of "
                  "each pair can be claimed; both need {low} or more players.") in explorer.doubles.value
    assert explorer.set_players(4)
    assert explorer.game.players == 4 and explorer.match.state.num_players == 4
    assert explorer.doubles_usable
    assert explorer.mirror.last_changed == ("marked routes",)          # only what changed
    assert polygons(trace(explorer.figure, "marked routes")) == 0
    assert explorer.status.kind == "ok" and players_text(4) in explorer.status.text
    explorer.set_players(2)


def test_refused_player_count_shows_the_engines_sentence(explorer):
    explorer.set_edition("nordic")
    before = explorer.players
    with pytest.raises(ValueError) as engine:
        ttr_nb.load_game("nordic", players=5)
    assert explorer.set_players(5) is False
    assert explorer.status.kind == "refused" and explorer.status.text == str(engine.value)
    assert explorer.players == before and explorer.players_select.value == before
    assert "ttr-status" in explorer.status.widget._dom_classes
    explorer.set_edition("usa")


def test_switching_to_a_smaller_table_keeps_a_legal_player_count(explorer):
    explorer.set_edition("usa")
    explorer.set_players(5)
    explorer.set_edition("switzerland")
    assert explorer.players == 3
    assert W("({edition} is played by {low} to {high} players, so {n} now)", edition=edition_name(load_rules("switzerland")), low=2, high=3,
             n=3) in explorer.status.text
    explorer.set_edition("usa")
    assert explorer.players == 3
    explorer.set_players(2)


def test_the_dropdowns_call_the_public_methods(explorer):
    explorer.edition_select.value = "europe"
    assert explorer.edition == "europe" and explorer.stats["tunnels"] == 18
    explorer.players_select.value = 5
    assert explorer.players == 5 and explorer.doubles_usable
    explorer.edition_select.value = "usa"
    explorer.players_select.value = 2
    assert (explorer.edition, explorer.players) == ("usa", 2)


def test_a_click_on_a_route_marker_selects_it(explorer):
    explorer.set_edition("nordic")
    ri = explorer.game.route_index("Lieksa-Murmansk")
    simulate_click(explorer.figure, "routes", ri)
    assert explorer.selected == ri
    assert explorer.status.text.startswith(route_label(explorer.game.board.routes[ri]))
    assert describe_price(explorer.game.prices[ri]) in explorer.status.text
    assert not english() or "any 4 cards may replace one coloured card" in explorer.status.text
    assert explorer.mirror.last_changed == ("highlight routes",)
    assert polygons(trace(explorer.figure, "highlight routes")) >= 9   # the route's 9 spaces (+ doubles)
    assert explorer.select_route("Oslo-Nowhere") is False
    assert explorer.status.kind == "refused" and "Oslo-Nowhere" in explorer.status.text
    explorer.set_edition("usa")
    assert explorer.selected is None


def test_stats_panel_shows_the_board_facts(explorer):
    explorer.set_edition("europe")
    html = explorer.stats_html.value
    for label in ("tunnels", "ferries", "double routes", "train spaces"):
        assert W(label) in html
    assert spaces_text(8) in html                       # Europe's longest route
    assert f"{players_text(explorer.players)} × 45 " in html
    explorer.set_edition("nordic")
    assert W("{route} ({spaces}): any {n} cards may replace one card of the colour chosen.", route="Lieksa–Murmansk",
             spaces=spaces_text(9), n=4) in explorer.stats_html.value
    explorer.set_edition("usa")


def test_unknown_edition_is_refused(explorer):
    assert explorer.set_edition("mars") is False
    with pytest.raises(ValueError) as engine:
        load_rules("mars")
    assert explorer.status.kind == "refused" and explorer.status.text == str(engine.value)
    assert not english() or "unknown edition 'mars'" in explorer.status.text
    assert explorer.edition == "usa"


def test_errors_in_callbacks_are_shown_not_swallowed(explorer, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("board exploded")
    monkeypatch.setattr(explorer.view, "set_highlight", boom)
    simulate_click(explorer.figure, "routes", 3)          # the click's callback is guarded
    assert explorer.status.kind == "error" and "board exploded" in explorer.status.text


def count_messages(fig):
    """Record the plotly messages a FigureWidget sends to the browser."""
    sent = []
    for name in ("_send_restyle_msg", "_send_relayout_msg", "_send_update_msg", "_send_addTraces_msg",
                 "_send_deleteTraces_msg", "_send_moveTraces_msg"):
        original = getattr(fig, name)
        setattr(fig, name, (lambda n, o: lambda *a, **k: (sent.append(n), o(*a, **k)))(name, original))
    return sent


def test_each_update_is_one_message_to_the_browser():
    ex = EditionExplorer("usa")
    sent = count_messages(ex.figure)
    for edition in ["nordic", "switzerland", "usa"]:
        ex.set_edition(edition)
        assert sent == ["_send_update_msg"], edition          # one batch, no trace added
        sent.clear()
    ex.set_players(4)
    ex.select_route("Denver-Omaha")
    assert sent == ["_send_update_msg", "_send_update_msg"]
    sent.clear()
    ex.set_players(5)                                         # nothing on the board changes
    assert sent == []


def test_another_edition_drops_the_options_of_the_first():
    ex = EditionExplorer("usa", players=2, opening_tickets=4)
    assert dict((r[0], r[2]) for r in ex.rule_rows)["opening tickets"].startswith(EN("{n} regular", "{n} regular", 4))
    assert ex.set_edition("nordic") and ex.options == {}
    assert dict((r[0], r[2]) for r in ex.rule_rows)["opening tickets"].startswith(EN("{n} regular", "{n} regular", 5))
    assert ex.rules_html.value.count("class='ttr-rule") == len(rule_rows("nordic"))
