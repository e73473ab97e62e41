"""Widgets refuse, never raise: every public method of every widget, driven with arguments it
cannot use, raises nothing, shows a refusal in the status line and changes nothing.

The table below names, for each widget, every public method and the bad calls it gets; a
test checks that the table covers every public method, so a new method needs its row.
"""
from __future__ import annotations

import inspect

import ipywidgets

import pytest

from ttr_nb.engine.i18n import language
from ttr_nb.widgets import EditionExplorer, GameTable, PaymentChecker, ScoringWalkthrough, TunnelLab
from ttr_nb.widgets.app import GameApp
from ttr_nb.widgets.refusals import WIDGET_REFUSALS, refusal

#: values no method can use as a route, a card, a count, a step, a ticket or an edition
BAD = [None, float("nan"), float("inf"), -5, 10 ** 12, True, "blah", "", [1], {"x": 1}, object(), b"red", 2.5,
       ("Denver",), "Denver-Nowhere", "0,x"]


def _without(*valid):
    return [b for b in BAD if not any(b is v or (type(b) is type(v) and b == v) for v in valid)]


def one(values, **kw):
    """Calls with one positional argument."""
    return [((v,), kw) for v in values]


def keyword(name, values, *args):
    return [(args, {name: v}) for v in values]


def second(first, values):
    return [((first, v), {}) for v in values]


# --------------------------------------------------------------------------- the widgets and their state


def _table_state(t: GameTable):
    return (len(t.match.history), t.state.to_dict(), t._selected, t._overlays, t._highlight)


def _explorer_state(e: EditionExplorer):
    return (e.edition, e.players, e.selected, e.options)


def _checker_state(c: PaymentChecker):
    return (tuple(c.hand), c.route.key if c.route else None, c.edition, dict(c.edition_options))


def _lab_state(lab: TunnelLab):
    return (lab.edition, lab.tunnel.key if lab.tunnel else None, tuple(lab.payment or ()), tuple(lab.observed),
            lab._display, lab._discard, dict(lab.edition_options))


def _app_state(app: GameApp):
    return (repr(app.settings), app.table is not None)


def _walk_state(w: ScoringWalkthrough):
    return (w.current_step, len(w.all_steps))


def _opening_table():
    return GameTable("usa", seats=["human", "greedy"], seed=0, bot_delay=0)


def _turn_table():
    t = GameTable("europe", seats=["human", "greedy"], seed=0, bot_delay=0)
    assert t.keep([0, 1, 2]) and t.state.phase == "turn"
    return t


#: label -> (class, how to make one, what must not change)
WIDGETS = {
    "GameTable (opening)": (GameTable, _opening_table, _table_state),
    "GameTable (turn)": (GameTable, _turn_table, _table_state),
    "EditionExplorer": (EditionExplorer, lambda: EditionExplorer("usa"), _explorer_state),
    "PaymentChecker": (PaymentChecker, lambda: PaymentChecker("usa", hand="red*3+loco*1", route="Denver-Omaha"),
                       _checker_state),
    "TunnelLab": (TunnelLab, lambda: TunnelLab("europe", seed=1), _lab_state),
    "ScoringWalkthrough": (ScoringWalkthrough, lambda: ScoringWalkthrough.demo("usa", seed=1), _walk_state),
    "GameApp": (GameApp, GameApp, _app_state),
}

BAD_OPTIONS = [{"display_flush": [1]}, {"opening_tickets": float("nan")}, {"no_such_option": 1}]

#: widget class -> method -> bad calls ([] for a method without arguments)
CALLS = {
    GameTable: {
        "play": one(BAD), "act": one(BAD), "draw_face_up": one(BAD),
        "claim": one(BAD) + second("Denver-Omaha", _without(None)) + second("Paris-Pamplona", _without(None)),
        "keep": one(BAD), "pay_tunnel": one(BAD), "build_station": one(BAD) + second("Berlin", _without(None)),
        "select_route": one(BAD), "select_city": one(BAD), "show_ticket": one(_without(None)),
        "claim_options": one(BAD), "route_or_refuse": one(BAD),
        "draw_deck": [], "draw_tickets": [], "abandon_tunnel": [], "pass_turn": [], "tunnel_options": [],
        "station_options": [], "open_walkthrough": [], "undo": [], "run_bots": [], "clear_selection": [], "build": [],
        "hint": [],
        # Warehouses & Depots (these tables play without the module: the engine refuses each call)
        "store_card": one(BAD), "place_depot": one(BAD) + one(["Berlin"]), "collect_warehouse": one(BAD),
        "end_turn": [],
    },
    EditionExplorer: {
        "set_edition": one(BAD), "set_players": one(BAD), "select_route": one(BAD), "route_or_refuse": one(BAD),
        "act": one(BAD), "clear_selection": [], "build": [],
        "set_variant": one(_without(None, "")) + one(["mega-europe"]),
        "set_warehouses": one(BAD) + one([True]),        # the explorer opens on the USA board: no warehouses
    },
    PaymentChecker: {
        "set_hand": one(_without(None, "")) + keyword("red", BAD) + keyword("mauve", [1]),
        "add_card": one(BAD) + second("red", BAD), "remove_card": one(BAD) + second("red", BAD),
        "select_route": one(BAD), "set_edition": one(BAD) + [(("usa",), o) for o in BAD_OPTIONS],
        "position": one(_without(None, "")), "route_or_refuse": one(BAD), "act": one(BAD),
        "clear_hand": [], "representative_payment": [], "clear_selection": [], "build": [],
    },
    TunnelLab: {
        "set_edition": one(BAD) + [(("europe",), o) for o in BAD_OPTIONS],
        "select_tunnel": one(BAD) + one(["Paris-Pamplona"]), "set_payment": one(BAD),
        "set_seen": keyword("display", _without(None)) + keyword("discard", _without(None)),
        "dig_many": one(BAD), "position": keyword("deck", _without(None)) + keyword("shuffles", _without(10 ** 12)),
        "route_or_refuse": one(BAD), "act": one(BAD), "dig": [], "reset": [], "build": [],
        "select_route": one(BAD) + one(["Paris-Pamplona"]), "clear_selection": [((), {})],   # the lab keeps one tunnel
    },
    GameApp: {
        "choose_edition": one(BAD), "choose_seat_count": one(BAD), "choose_speed": one(_without(2.5, 10 ** 12)),   # a number is a delay in seconds
        "choose_seat": one(BAD, kind="human") + second(0, BAD),
        "start": one(_without(None)) + keyword("seats", _without(None)) + keyword("seed", _without(None, -5, 10 ** 12))
        + keyword("bot_delay", _without(None, 2.5, 10 ** 12)),
        "choose_language": one(BAD), "new_game": [], "toggle_rules": [], "build": [],
        "choose_hints": one(_without(True)),
        "choose_variant": one(_without(None, "")) + one(["mega-europe", "1912"]),
        "choose_warehouses": one(BAD) + one([True]),      # the app opens on the USA board: no warehouses
    },
    ScoringWalkthrough: {
        "goto": one(_without(-5)), "route_or_refuse": one(BAD), "act": one(BAD),
        "next": [], "previous": [], "first": [], "last": [], "refresh": [], "build": [],
    },
}

#: questions answered True/False: a bad argument is answered False, with nothing to refuse
PREDICATES = {GameTable: {"is_human": one(BAD)}}

#: methods for widget authors (not for a notebook reader): they take code, not input
FOR_AUTHORS = {"guarded", "refuse"}


def _public_methods(cls) -> set[str]:
    """The widget's own public methods (not those it has as an ipywidget)."""
    widget_methods = set(dir(ipywidgets.VBox))
    return {name for name in set(dir(cls)) - widget_methods - FOR_AUTHORS
            if not name.startswith("_") and inspect.isfunction(getattr(cls, name))}


@pytest.mark.parametrize("cls", list(CALLS), ids=lambda c: c.__name__)
def test_the_table_names_every_public_method(cls):
    assert _public_methods(cls) == set(CALLS[cls]) | set(PREDICATES.get(cls, {})), \
        "add the new method's bad calls to CALLS"


@pytest.mark.parametrize("args,kwargs", PREDICATES[GameTable]["is_human"])
def test_is_human_answers_false_for_a_seat_that_does_not_exist(args, kwargs):
    table = _widget("GameTable (opening)")
    before = _table_state(table)
    assert table.is_human(*args, **kwargs) is False
    assert _table_state(table) == before


def _cases():
    for label, (cls, _, _) in WIDGETS.items():
        for method, calls in CALLS[cls].items():
            for k, (args, kwargs) in enumerate(calls):
                yield pytest.param(label, method, args, kwargs, id=f"{label}.{method}#{k}")


_made: dict = {}


def _widget(label):
    key = (label, language())          # one of each per language: a widget keeps the language it was made in
    if key not in _made:
        _made[key] = WIDGETS[label][1]()
    return _made[key]


@pytest.mark.parametrize("label,method,args,kwargs", list(_cases()))
def test_a_bad_call_is_refused_and_changes_nothing(label, method, args, kwargs):
    widget = _widget(label)
    snapshot = WIDGETS[label][2]
    before = snapshot(widget)
    widget.status.show("")
    getattr(widget, method)(*args, **kwargs)           # never raises
    assert widget.status.kind == "refused", (method, args, kwargs, widget.status.kind, widget.status.text)
    assert widget.status.text and widget.status.rule
    assert snapshot(widget) == before


def test_widget_refusal_ids_are_in_one_namespace():
    assert all(rule.startswith("widget.") for rule in WIDGET_REFUSALS)
    assert refusal("widget.bad-argument", "x.").rule == "widget.bad-argument"
    with pytest.raises(KeyError):
        refusal("bad-argument", "no namespace")


def test_show_ticket_refuses_before_storing_a_bad_ticket():
    table = _opening_table()
    table.show_ticket("Atlantis-Nowhere")
    assert table.status.kind == "refused" and table.status.rule == "widget.unknown-ticket"
    assert table._overlays.ticket is None
    assert table.keep([0, 1])                           # the next move is played and reported as played
    assert table.status.kind == "ok"


def test_every_widget_refusal_id_in_the_package_is_listed():
    # every "widget.<id>" the widgets can show is one of WIDGET_REFUSALS, with its title
    import re
    from pathlib import Path
    import ttr_nb
    package = Path(ttr_nb.__file__).parent
    used = {m for path in package.rglob("*.py") for m in re.findall(r"[\"'](widget\.[a-z-]+)[\"']", path.read_text())}
    assert {"widget.game-number", "widget.no-human-seat", "widget.bad-argument"} <= used
    assert used - set(WIDGET_REFUSALS) == set()


@pytest.mark.parametrize("label", list(WIDGETS))
def test_random_runs_of_bad_calls_are_each_refused_and_change_nothing(label):
    # seeded runs of the bad calls above, one after the other on one widget, in a random order
    # (a refusal must leave nothing behind that the next call would trip on)
    import random
    rng = random.Random(label)
    widget = _widget(label)
    snapshot = WIDGETS[label][2]
    calls = [(m, a, k) for m, cs in CALLS[WIDGETS[label][0]].items() for a, k in cs]
    for _i in range(40):
        method, args, kwargs = rng.choice(calls)
        before = snapshot(widget)
        widget.status.show("")
        getattr(widget, method)(*args, **kwargs)
        assert widget.status.kind == "refused", (method, args, kwargs, widget.status.text)
        assert snapshot(widget) == before, (method, args, kwargs)
