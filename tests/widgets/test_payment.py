"""PaymentChecker: driven through its public methods, button clicks and simulated route clicks.

Assertions on the engine's answers (payments and reasons), the status text and the
FigureWidget's traces."""
from __future__ import annotations

import random
import time

import pytest

import ttr_nb
from ttr_nb.engine import Claim
from ttr_nb.engine.cards import CARD_NAMES, LOCO, Cards
from ttr_nb.engine.serialize import PositionError
from ttr_nb.widgets import PaymentChecker
from ttr_nb.widgets.payment import MAX_LISTED, substitution_payments
from ttr_nb.widgets.testing import simulate_click
from ttr_nb.engine.cards import colour_name
from ttr_nb.engine.narration import card_text, cards_text
from ttr_nb.engine.queries import payment_refusal

from .words import W, WN, W_part, english

EDITIONS = ttr_nb.editions()


def trace(fig, name):
    found = [t for t in fig.data if t.meta == name]
    assert len(found) == 1, name
    return found[0]


_CHECKERS: dict = {}


def W_card(colour: str) -> str:
    from ttr_nb.engine.cards import card_index, card_word
    return card_word(card_index(colour))


@pytest.fixture
def checker(lang):
    """One checker per language, shared by the tests of this module."""
    if lang not in _CHECKERS:
        _CHECKERS[lang] = PaymentChecker("usa")
    return _CHECKERS[lang]


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_builds_and_lists_the_engines_payments(edition):
    pc = PaymentChecker(edition, hand={"red": 3, "blue": 2, "loco": 2})
    game = pc.game
    assert pc.edition == edition and pc.hand == Cards.of(red=3, blue=2, loco=2)
    assert pc.state.hands[0] == tuple(pc.hand) and pc.state.current_player == 0 and pc.state.phase == "turn"
    assert pc.route is None and pc.options == []
    assert pc.status.text == W("Click a route on the board (any of its spaces), or pick one above, to see every way to pay for it.")
    # the click targets lie above everything but the longest path's numbers (which take no clicks)
    assert [t.meta for t in pc.figure.data][-3:] == ["routes", "route spaces", "longest numbers"]
    # every route: the widget's list is the engine's complete list (or the engine's reason)
    for route in game.board.routes:
        assert pc.select_route(route.key)
        expected = list(game.payment_options(route.index, tuple(pc.hand), complete=True))
        assert pc.options == expected, route.key
        if expected:
            assert pc.reason is None and pc.status.kind == "ok"
            assert sum(len(p) for _, p in pc.groups) == len(expected)
        else:
            assert pc.reason is not None and pc.status.kind == "refused"
            assert pc.reason.text in pc.status.text
            assert pc.state.why_illegal(Claim(route.key, pc.representative_payment())).rule == pc.reason.rule


def test_usa_scenario_with_buttons_and_clicks(checker):
    pc = checker
    pc.clear_hand()
    for _ in range(3):
        pc.add_buttons["red"].click()                # the + button calls add_card
    pc.add_buttons["loco"].click()
    assert pc.hand == Cards.of(red=3, loco=1)
    assert pc.card_boxes["red"].value.count("data-count='3'") == 1
    ri = pc.game.route_index("Denver-Oklahoma City")
    simulate_click(pc.figure, "routes", ri)          # a click on the route's marker
    assert pc.route.key == "Denver-Oklahoma City" and pc.route_select.value == ri
    assert not english() or [p.describe() for p in pc.options] == ["3 red and 1 locomotive"]
    assert pc.options == [Cards.of(red=3, loco=1)]
    assert pc.status.kind == "ok" and pc.status.text == WN("{route}: {n} way to pay with this hand.",
                                                           "{route}: {n} ways to pay with this hand.", 1,
                                                           route="Denver–Oklahoma City")
    assert cards_text(Cards.of(red=3, loco=1)) in pc.options_html.value
    assert pc.mirror.last_changed == ("highlight routes",)
    assert len(trace(pc.figure, "highlight routes").x) > 0
    pc.remove_buttons["loco"].click()
    assert pc.hand == Cards.of(red=3)
    assert pc.options == [] and pc.reason.rule == "not-in-hand"
    engine = pc.state.why_not_claim("Denver-Oklahoma City")         # the price and the hand, no invented payment
    assert not english() or engine.text == ("Your hand (3 red cards) cannot pay for Denver-Oklahoma City: it costs 4 "
                                            "red cards; locomotives are wild here.")
    assert pc.reason == engine
    assert pc.status.kind == "refused"
    assert pc.status.text == W("Took away {cards}.", cards=card_text(LOCO, 1)) + f" {engine.text}"
    assert engine.text in pc.options_html.value
    assert pc.mirror.last_changed == ("payable",)      # a hand change restyles the payable outline only


def test_payable_outline_is_the_routes_the_hand_can_pay(checker):
    pc = checker
    pc.set_hand(red=3, loco=1)
    payable = trace(pc.figure, "payable").customdata
    expected = [r.index for r in pc.game.board.routes
                if pc.game.payment_options(r.index, tuple(pc.hand), complete=False)]
    assert list(payable) == expected
    assert pc.game.route_index("Denver-Oklahoma City") in payable


def test_grey_route_payments_are_grouped_by_colour(checker):
    pc = checker
    pc.set_hand(red=3, blue=2, loco=2)
    pc.select_route("Calgary-Vancouver")
    assert not english() or [p.describe() for p in pc.options] == [
        "3 red", "2 red and 1 locomotive", "1 red and 2 locomotives",
        "2 blue and 1 locomotive", "1 blue and 2 locomotives"]
    assert [str(p) for p in pc.options] == ["red*3", "red*2+loco*1", "red*1+loco*2", "blue*2+loco*1",
                                            "blue*1+loco*2"]
    assert [(label, len(p)) for label, p in pc.groups] == [(W("in {colour}", colour=colour_name("red")), 3),
                                                           (W("in {colour}", colour=colour_name("blue")), 2)]
    assert pc.options_html.value.count("class='ttr-option'") == 5


def test_refusals_show_a_reason(checker):
    pc = checker
    pc.set_hand(red=2)
    assert pc.remove_card("blue") is False
    assert pc.status.kind == "refused"
    assert pc.status.text == W("The hand holds {cards}: there is no {card} to take away.",
                               cards=card_text(4, 0), card=W_card("blue"))
    assert not english() or "no blue card to take away" in pc.status.text
    assert pc.hand == Cards.of(red=2)
    assert pc.add_card("purpleish") is False
    with pytest.raises(ValueError) as unknown:
        ttr_nb.engine.cards.card_index("purpleish")
    assert pc.status.text == str(unknown.value)
    assert not english() or "unknown card colour" in pc.status.text
    with pytest.raises(PositionError) as engine:
        pc.game.state_from_dict({"hands": [{"red": 13}, {}]})
    assert pc.add_card("red", 11) is False
    assert pc.status.rule == "widget.position"       # the engine's problems with the position, in its words
    assert not english() or ("13 red cards" in pc.status.text and "13 red cards" in str(engine.value))
    assert pc.hand == Cards.of(red=2)
    assert pc.select_route("Denver-Atlantis") is False
    assert pc.status.kind == "refused" and "Denver-Atlantis" in pc.status.text


def test_europe_ferry_needs_its_locomotives():
    pc = PaymentChecker("europe", hand="red*2", route="Amsterdam-London")
    assert pc.options == [] and pc.reason.rule == "ferry-locomotives"
    assert pc.reason.text == payment_refusal(pc.state, pc.route.index).text
    assert not english() or "2 locomotive symbols" in pc.reason.text
    pc.set_hand(loco=2)
    assert pc.options == [Cards.of(loco=2)]
    pc.set_hand(red=1, loco=3)
    pc.select_route("Essen-Kobenhavn")                 # 3 grey, 1 locomotive
    assert set(map(str, pc.options)) == {"red*1+loco*2", "loco*3"}


def test_nordic_three_for_one_ferry():
    pc = PaymentChecker("nordic", hand={"blue": 2, "red": 2, "green": 1, "loco": 1})
    simulate_click(pc.figure, "routes", pc.game.route_index("Stockholm-Turku"))
    assert len(pc.options) == 5
    assert [(label, len(p)) for label, p in pc.groups] == [
        (W("as printed: no cards replaced"), 1),
        (WN("{n} cards replace a locomotive", "{n} cards replace {k} locomotives", 1, n=3, k=1), 4)]
    assert pc.options[0] == Cards.of(blue=2, loco=1)
    assert pc.status.text == WN("{route}: {n} way to pay with this hand.", "{route}: {n} ways to pay with this hand.",
                                5, route="Stockholm–Turku")
    pc.remove_card("loco")
    assert pc.options == [Cards.of(blue=2, red=2, green=1)]
    pc.remove_card("green")
    assert pc.options == [] and pc.reason.rule == "not-in-hand"
    assert not english() or "Any 3 cards may replace a missing locomotive: 2 blue + 3 more cards of any colour = 5 " \
                            "cards; the hand has 4." in pc.reason.text


def test_nordic_locomotives_are_not_wild_on_ordinary_routes():
    pc = PaymentChecker("nordic", hand="loco*3", route="Örebro-Stockholm")
    assert pc.options == [] and pc.reason.rule == "locomotives-not-allowed"
    assert not english() or pc.reason.text.startswith("In Ticket to Ride: Nordic Countries locomotives may only be "
                                                      "used on")


def test_murmansk_lieksa_four_for_one():
    pc = PaymentChecker("nordic", hand={"green": 7, "red": 4, "blue": 4}, route="Lieksa-Murmansk")
    assert pc.options == [Cards.of(green=7, red=4, blue=4)]     # the rulebook's example: 7 green + 8 others
    assert pc.groups[0][0] == WN("{n} cards replace {k} coloured card", "{n} cards replace {k} coloured cards", 2, n=8,
                                 k=2)
    pc.remove_card("red")
    assert pc.options == []
    assert not english() or "With 7 green cards, the other 2 spaces take 4 cards each: 15 cards in all; the hand " \
                            "has 14." in pc.reason.text


def test_big_hands_on_substitution_routes_are_listed_fast_and_capped():
    pc = PaymentChecker("nordic", route="Lieksa-Murmansk")
    t = time.perf_counter()
    pc.set_hand(red=12, green=12, blue=12, yellow=12, loco=14)
    assert time.perf_counter() - t < 3
    assert len(pc.options) == MAX_LISTED and pc.complete is False
    assert pc.status.text.endswith(WN("{route}: at least {n} way to pay with this hand.",
                                      "{route}: at least {n} ways to pay with this hand.", MAX_LISTED,
                                      route="Lieksa–Murmansk"))
    assert W_part("… and {n} more like this", 0, "… and {n} more like these") in pc.options_html.value                    # each group shows its first few
    price = pc.price
    assert all(price.is_valid(p) and p.fits_in(pc.hand) for p in pc.options[::97])


def test_switzerland_locomotives_only_on_tunnels():
    pc = PaymentChecker("switzerland", hand="loco*2", route="Kreuzlingen-Winterthur")
    assert pc.reason.rule == "locomotives-not-allowed"
    pc.select_route("Basel-Delémont")
    assert pc.options == [Cards.of(loco=2)]


def test_switching_edition_keeps_the_hand_and_the_figure(checker):
    pc = checker
    fig = pc.figure
    pc.set_hand(blue=2, loco=1)
    pc.select_route("Denver-Oklahoma City")
    assert pc.set_edition("nordic")
    assert pc.figure is fig and pc.mirror.rebuilds == 0 and "layout" in pc.mirror.last_changed
    assert pc.hand == Cards.of(blue=2, loco=1) and pc.route is None and pc.options == []
    assert pc.edition_select.value == "nordic" and pc.route_select.value is None
    assert len(pc.route_select.options) == len(pc.game.board.routes) + 1
    assert pc.select_route("Stockholm-Turku") and len(pc.options) == 1
    pc.edition_select.value = "usa"                              # the dropdown calls set_edition
    assert pc.edition == "usa" and pc.figure is fig
    assert pc.set_edition("atlantis") is False and pc.status.kind == "refused"


def test_route_dropdown_selects_the_route(checker):
    pc = checker
    pc.set_hand(red=4)
    ri = pc.game.route_index("Dallas-El Paso")
    pc.route_select.value = ri
    assert pc.route.index == ri and pc.options == [Cards.of(red=4)]
    assert "Dallas" in pc.options_html.value


def test_a_click_or_a_card_is_one_message_to_the_browser():
    pc = PaymentChecker("nordic", hand="blue*2+loco*1")
    sent = []
    for name in ("_send_restyle_msg", "_send_relayout_msg", "_send_update_msg", "_send_addTraces_msg"):
        original = getattr(pc.figure, name)
        setattr(pc.figure, name, (lambda n, o: lambda *a, **k: (sent.append(n), o(*a, **k)))(name, original))
    simulate_click(pc.figure, "routes", pc.game.route_index("Stockholm-Turku"))
    assert sent == ["_send_update_msg"] and pc.mirror.last_changed == ("highlight routes",)
    sent.clear()
    pc.add_buttons["red"].click()
    assert sent == ["_send_update_msg"] and pc.mirror.last_changed == ("payable",)
    sent.clear()
    pc.add_buttons["red"].click()          # one more red card pays for no new route: nothing to send
    assert sent == [] and pc.mirror.last_changed == ()
