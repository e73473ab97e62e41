"""What a student reads: after a scripted session with every widget, no visible text shows an
internal key (a route or ticket label such as "Denver-Kansas City#2"), counts agree with
their nouns ("1 pink card", "2 pink cards"; "1 billet", "2 billetter"), and a Danish widget
shows no English text of the widgets catalogue."""
from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest

import ttr_nb
from ttr_nb.engine.i18n import language
from ttr_nb.widgets import EditionExplorer, GameTable, PaymentChecker, ScoringWalkthrough, TunnelLab
from ttr_nb.widgets.app import GameApp

from .words import E, W_part

NOUNS = ("card", "ticket", "point", "train", "route", "space", "turn", "way", "dig", "player", "station",
         "locomotive", "move", "city", "cities", "symbol", "group", "payment")
_NOUN = "|".join(n for n in NOUNS if n != "cities")
# a count, up to two words before the noun ("2 pink cards", "1 more card"), and no noun after it
_COUNTED = re.compile(rf"(?<![\d.,/−+-])(\d+) ((?:[a-z]+ ){{0,2}}?)({_NOUN})(s?)\b(?! (?:{_NOUN})s?\b)")
_KEY = re.compile(r"#\d")
#: Danish nouns whose plural differs from the singular ("kort", "tog", "point", "træk" do not change)
DANISH_NOUNS = {"billet": "billetter", "strækning": "strækninger", "felt": "felter", "tur": "ture", "måde": "måder",
                "gravning": "gravninger", "spiller": "spillere", "station": "stationer", "lokomotiv": "lokomotiver",
                "by": "byer", "lokomotivsymbol": "lokomotivsymboler", "gruppe": "grupper", "betaling": "betalinger",
                "dobbeltstrækning": "dobbeltstrækninger", "tunnel": "tunneller"}
_DA_NOUN = "|".join(sorted([*DANISH_NOUNS, *DANISH_NOUNS.values()], key=len, reverse=True))
_DA_COUNTED = re.compile(rf"(?<![\d.,/−+-])(\d+) ((?:[^\W\d]+ ){{0,2}}?)({_DA_NOUN})\b")


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


def wrong_words(texts, lang: str = "en") -> list[str]:
    problems = []
    for text in texts:
        for m in _KEY.finditer(text):
            problems.append(f"internal key in {text!r}")
        if lang == "da":
            for m in _DA_COUNTED.finditer(text):
                n, noun = int(m.group(1)), m.group(3)
                if (n == 1) != (noun in DANISH_NOUNS):
                    problems.append(f"{m.group(0)!r} in {text!r}")
            continue
        for m in _COUNTED.finditer(text):
            n, noun, s = int(m.group(1)), m.group(3), m.group(4)
            if (n == 1) == bool(s):
                problems.append(f"{m.group(0)!r} in {text!r}")
    return problems


def test_the_checker_finds_what_it_looks_for():
    assert wrong_words(["You hold 1 pink cards", "2 pink card and 1 locomotive", "Denver-Kansas City#2"])
    assert not wrong_words(["1 pink card and 2 locomotives", "0 route points", "station 1 of 3", "3 × length 2",
                            "kept 2 of the 3 opening tickets", "2 extra"])
    assert wrong_words(["Du har 1 billetter", "2 grøn strækning", "3 felt"], "da")
    assert not wrong_words(["1 billet og 2 billetter", "2 røde kort", "1 felt i farven grå", "spiller 2 af 3",
                            "4 felter", "2 til 5 spillere", "5 lokomotiver"], "da")


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
    second = E("the second {places} route", places="\0").split("\0")[0].strip().casefold()    # "the second"
    assert any(second in t.casefold() for t in read.texts)
    assert wrong_words(read.texts, language()) == []


@pytest.mark.parametrize("edition", ["usa", "europe", "switzerland", "nordic"])
def test_the_scoring_walkthrough_reads_in_words(edition):
    walk = ScoringWalkthrough.demo(edition, seed=1, players=3)
    read = Reader(walk)
    for k in range(len(walk.steps)):
        walk.goto(k)
        read()
    assert wrong_words(read.texts, language()) == []


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
    assert any(W_part("{route} (the second route, {colour})", 1) in t for t in texts)      # " (the second route, "
    assert wrong_words(texts, language()) == []


def _english_texts() -> set[str]:
    """The widgets catalogue's English texts that read as English (their Danish differs), each as
    the pieces a widget writes between its fields, long enough to be told apart."""
    from babel.messages.pofile import read_po
    from ttr_nb.engine.i18n import LOCALE_DIR
    with open(LOCALE_DIR / "da" / "LC_MESSAGES" / "widgets.po", "rb") as f:
        catalogue = read_po(f)
    pieces = set()
    for m in catalogue:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        for text in ids:
            if text in strings:
                continue
            for piece in re.split(r"\{[^{}]*\}", text):
                piece = piece.strip(" .,:;()·—→")
                if len(piece) >= 8 and " " in piece and not any(piece in s for s in strings):
                    pieces.add(piece)
    return pieces


def _engine_words() -> list[str]:
    """The engine's words a widget shows as they are (the rules records' rows and the routes'
    prices), longest first: they are the engine catalogue's, in the language it has."""
    from ttr_nb.engine.payments import describe_price
    from ttr_nb.engine.rules import edition_ids, load_rules
    words = set()
    for edition in edition_ids():
        words |= {str(w) for k, v in load_rules(edition).summary().items() for w in (k, v)}
        words |= {describe_price(price) for price in ttr_nb.load_game(edition).prices}
    return sorted(words, key=len, reverse=True)


def _without_engine_words(text: str, words) -> str:
    for w in words:
        text = text.replace(w, " ")
    return text


def test_a_danish_widget_shows_no_english_text_of_the_widgets_catalogue():
    """Every widget made with language="da" (in an English notebook) and driven a little: no piece
    of an English widgets text shows, only their Danish (the engine's sentences are checked by the
    engine's own tests)."""
    english = _english_texts()
    assert len(english) > 150                                 # the check has texts to look for
    texts = []
    table = GameTable("europe", ["human", "greedy"], seed=2, bot_delay=0, language="da")
    read = Reader(table)
    read()
    table.keep([0, 1, 2])
    read()
    table.select_route("Berlin-Danzig")
    read()
    table.select_city("Berlin")
    read()
    table.draw_deck() and table.draw_deck()
    read()
    texts += read.texts + [table.deck_button.tooltip, table.undo_button.tooltip]
    walk = ScoringWalkthrough.demo("europe", seed=1, players=3, language="da")
    read = Reader(walk)
    for k in range(len(walk.steps)):
        walk.goto(k)
        read()
    texts += read.texts
    for widget in (EditionExplorer("nordic", language="da"), PaymentChecker("nordic", hand="blue*2+loco*1",
                                                                         route="Stockholm-Turku", language="da"),
                   TunnelLab("europe", seed=1, language="da"), GameApp(language="da")):
        read = Reader(widget)
        read()
        texts += read.texts
    app = GameApp(language="da")
    app.toggle_rules()
    texts += Reader(app).texts or visible_texts(app)
    hover = [h for t in table.figure.data for h in (t.hovertext or ()) if isinstance(h, str)]
    texts += hover + [t.name or "" for t in table.figure.data if (t.showlegend or False)]
    assert hover and language() in ("en", "da")
    words = _engine_words()
    shown = [_without_engine_words(html.unescape(t), words) for t in texts]
    leaks = sorted({piece for piece in english for t in shown if piece in t})
    assert leaks == [], [(piece, next(t[max(0, t.find(piece) - 60):t.find(piece) + 60] for t in shown if piece in t))
                         for piece in leaks]
