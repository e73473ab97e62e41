"""What a student reads: after a scripted session with every widget, no visible text shows an
internal key (a route or ticket label such as "Denver-Kansas City#2"), and counts agree with
their nouns ("1 pink card", "2 pink cards")."""
from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest

from ttr_nb.widgets import EditionExplorer, GameTable, PaymentChecker, ScoringWalkthrough, TunnelLab

NOUNS = ("card", "ticket", "point", "train", "route", "space", "turn", "way", "dig", "player", "station",
         "locomotive", "move", "city", "cities", "symbol", "group", "payment")
_NOUN = "|".join(n for n in NOUNS if n != "cities")
# a count, up to two words before the noun ("2 pink cards", "1 more card"), and no noun after it
_COUNTED = re.compile(rf"(?<![\d.,/−+-])(\d+) ((?:[a-z]+ ){{0,2}}?)({_NOUN})(s?)\b(?! (?:{_NOUN})s?\b)")
_KEY = re.compile(r"#\d")


def visible_texts(widget) -> list[str]:
    """Every text a reader sees in a widget tree: HTML (without tags and the stylesheet),
    button and toggle labels, dropdown choices, tooltips and chart titles."""
    out = []

    def walk(w):
        if isinstance(w, (W.HTML, W.HTMLMath, W.Label)):
            value = re.sub(r"<style>.*?</style>", "", w.value, flags=re.S)
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", value)))
        if isinstance(w, (W.Button, W.ToggleButton)):
            out.extend([w.description, w.tooltip or ""])
        if isinstance(w, W.Dropdown):
            out.extend(list(w._options_labels) + [w.description])
        if type(w).__name__ == "FigureWidget":
            title = w.layout.title.text
            out.append(title or "")
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget.widget)
    return [t for t in out if t]


def wrong_words(texts) -> list[str]:
    problems = []
    for text in texts:
        for m in _KEY.finditer(text):
            problems.append(f"internal key in {text!r}")
        for m in _COUNTED.finditer(text):
            n, noun, s = int(m.group(1)), m.group(3), m.group(4)
            if (n == 1) == bool(s):
                problems.append(f"{m.group(0)!r} in {text!r}")
    return problems


def test_the_checker_finds_what_it_looks_for():
    assert wrong_words(["You hold 1 pink cards", "2 pink card and 1 locomotive", "Denver-Kansas City#2"])
    assert not wrong_words(["1 pink card and 2 locomotives", "0 route points", "station 1 of 3", "3 × length 2",
                            "kept 2 of the 3 opening tickets", "2 extra"])


class Reader:
    """Collects what a widget shows after each step of a session."""

    def __init__(self, widget):
        self.widget, self.texts = widget, []

    def __call__(self, *_):
        self.texts += visible_texts(self.widget) + [self.widget.status.text]


def _doubles(game):
    return [r.key for r in game.board.routes if "#" in r.key]


@pytest.mark.parametrize("edition,seats", [("usa", 4), ("europe", 3), ("switzerland", 3), ("nordic", 3)])
def test_a_game_at_the_table_reads_in_words(edition, seats):
    table = GameTable(edition, ["human"] + ["greedy"] * (seats - 1), seed=2, bot_delay=0)
    read = Reader(table)
    read()
    table.keep(list(range(len(table.state.ticket_choice().offer))))
    read()
    doubles = _doubles(table.game)
    for k in range(40):
        if table.state.is_over():
            break
        table.select_route(doubles[k % len(doubles)])          # a double route's track, clicked
        read()
        if table.game.rules.stations and k % 5 == 1:
            city = table.game.city_names[k]
            table.select_city(city)
            read()
            table.build_station(city)
            read()
            if table.state.is_over():
                break
        claims = [a for a in table.state.legal_actions() if type(a).__name__ == "Claim"]
        mine = [a for a in claims if "#" in a.route] or claims
        if mine and k % 2 == 0:
            table.play(mine[0])
        elif table.state.phase == "tunnel":
            table.pay_tunnel() or table.abandon_tunnel()
        else:
            table.draw_deck() and table.draw_deck()
        if table.state.phase == "tunnel":
            read()
            table.pay_tunnel() or table.abandon_tunnel()
        read()
    table.claim(doubles[0])                                     # taken or closed by now, or claimable
    read()
    assert any("the second" in t for t in read.texts)
    assert wrong_words(read.texts) == []


@pytest.mark.parametrize("edition", ["usa", "europe", "switzerland", "nordic"])
def test_the_scoring_walkthrough_reads_in_words(edition):
    walk = ScoringWalkthrough.demo(edition, seed=1, players=3)
    read = Reader(walk)
    for k in range(len(walk.steps)):
        walk.goto(k)
        read()
    assert wrong_words(read.texts) == []


def test_the_explorer_checker_and_lab_read_in_words():
    texts = []
    ex = EditionExplorer("usa")
    read = Reader(ex)
    for edition in ("usa", "europe", "switzerland", "nordic"):
        ex.set_edition(edition)
        for key in _doubles(ex.game)[:4]:
            ex.select_route(key)
            read()
    texts += read.texts
    pc = PaymentChecker("usa", hand="orange*1+loco*1")
    read = Reader(pc)
    for edition in ("usa", "nordic"):
        pc.set_edition(edition)
        for key in _doubles(pc.game)[:4]:
            pc.select_route(key)
            read()
            pc.add_card("loco")
            read()
    texts += read.texts
    lab = TunnelLab("europe", seed=1)
    read = Reader(lab)
    for edition in ("europe", "switzerland", "nordic"):
        lab.set_edition(edition)
        for key in lab.tunnels[:3]:
            lab.select_tunnel(key)
            lab.dig()
            read()
    texts += read.texts
    assert any("the second" in t for t in texts)
    assert wrong_words(texts) == []
