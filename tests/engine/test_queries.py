"""Scenario tests for the questions asked before acting (`ttr_nb.engine.queries`) and the
plain-words narration of actions (`ttr_nb.engine.narration`)."""
from __future__ import annotations

import pytest

import ttr_nb
from tests.engine.scenario import load, position
from ttr_nb.engine import Claim
from ttr_nb.engine.cards import CARD_NAMES, Cards
from ttr_nb.engine.narration import cards_text, route_name
from ttr_nb.engine.queries import keep_minimum, station_cost


# --------------------------------------------------------------------------- claims


def test_why_not_claim_is_none_when_the_hand_can_pay_and_lists_the_payments():
    s = position(load("usa"), hands=[{"pink": 4, "loco": 2}, {}])
    assert s.why_not_claim("Omaha-Denver") is None
    assert [str(p) for p in s.claim_payments("Denver-Omaha")] == ["pink*4", "pink*3+loco*1", "pink*2+loco*2"]
    # every payment listed is accepted
    assert all(s.why_illegal(Claim("Denver-Omaha", p)) is None for p in s.claim_payments("Denver-Omaha"))


def test_why_not_claim_names_the_price_and_the_hand_never_an_invented_payment():
    s = position(load("usa"), hands=[{"red": 1, "loco": 1}, {}])
    before = s.to_dict()
    r = s.why_not_claim("Denver-Helena")              # 4 green
    assert r.rule == "not-in-hand"
    assert r.text == ("Your hand (1 red card and 1 locomotive) cannot pay for Denver-Helena: it costs "
                      "4 green cards; locomotives are wild here.")
    assert "You pay" not in r.text
    assert s.claim_payments("Denver-Helena") == ()
    assert s.to_dict() == before


def test_why_not_claim_gives_the_route_reason_before_the_hand():
    g = load("usa")
    s = position(g, hands=[{}, {"pink": 4}], routes={"Denver-Omaha": 1})
    assert s.why_not_claim("Denver-Omaha").rule == "route-taken"           # even with an empty hand
    s = position(g, hands=[{"black": 4, "orange": 4}, {"orange": 4}])
    s = s.apply("claim Denver-Kansas City black*4")
    r = s.why_not_claim("Denver-Kansas City#2")
    assert r.rule == "double-routes" and "closed" in r.text
    six = [r.key for r in g.board.routes if r.length == 6 and r.twin is None][:7]     # 42 trains on the board
    t = position(g, hands=[{"red": 6}, {}], trains=[3, 45], routes={k: 0 for k in six})
    assert t.why_not_claim("El Paso-Oklahoma City").rule == "not-enough-trains"
    assert t.why_not_claim("El Paso-Oklahoma City") == t.why_illegal("claim El Paso-Oklahoma City yellow*5")


def test_why_not_claim_in_the_wrong_phase_and_for_unknown_routes():
    s = load("usa").new_state()                        # the opening: tickets first
    assert s.why_not_claim("Denver-Omaha").rule == "wrong-phase"
    t = position(load("usa"), hands=[{"pink": 4}, {}])
    assert t.why_not_claim("Denver-Nowhere").rule == "unknown-route"
    for bad in (None, 3.5, float("nan"), ["Denver"], 10_000):
        r = t.why_not_claim(bad)
        assert r is not None and r.rule == "unknown-route", bad
        assert t.claim_payments(bad) == ()


def test_why_not_claim_on_a_ferry_and_with_substitutions():
    s = position(load("europe"), hands=[{"red": 4}, {}])
    r = s.why_not_claim("Palermo-Smyrna")              # 6 grey, 2 locomotive symbols
    assert r.rule == "not-in-hand" and "at least 2 of them locomotives" in r.text
    n = position(load("nordic"), hands=[{"red": 3}, {}])
    r = n.why_not_claim("Murmansk-Lieksa")
    assert r.rule == "not-in-hand" and "Lieksa-Murmansk" in r.text and "any 4 cards" in r.text


# --------------------------------------------------------------------------- stations


def test_why_no_station_and_station_payments():
    g = load("europe")
    s = position(g, hands=[{"red": 2, "loco": 1}, {}])
    assert s.why_no_station("Berlin") is None
    assert [str(p) for p in s.station_payments()] == ["red*1", "loco*1"]
    assert station_cost(s) == 1
    assert station_cost(position(g, hands=[{}, {}], stations=[["Berlin", 0], ["Paris", 0]])) == 3
    assert station_cost(position(g, hands=[{}, {}], stations=[["Berlin", 0], ["Paris", 0], ["Roma", 0]])) is None
    t = position(g, hands=[{}, {}])
    r = t.why_no_station("Berlin")
    assert r.rule == "not-in-hand" and r.text == ("Your hand (no cards) cannot pay for your station number 1: "
                                                   "it costs 1 card of one colour (locomotives are wild).")
    u = position(g, hands=[{"red": 2}, {}], stations=[["Berlin", 1]])
    assert u.why_no_station("Berlin").rule == "station-taken"
    assert u.why_no_station("Atlantis").rule == "unknown-city"
    assert u.why_no_station(None).rule == "unknown-city"
    usa = position(load("usa"), hands=[{"red": 2}, {}])
    assert usa.why_no_station("Denver").rule == "no-stations" and usa.station_payments() == ()


# --------------------------------------------------------------------------- tickets


def test_ticket_choice_at_the_opening_and_after_a_draw():
    g = load("usa")
    s = g.new_state()
    c = s.ticket_choice()
    assert c.player == 0 and c.opening and len(c.offer) == 3 and c.minimum == 2
    assert c.offer == tuple(s.opening_offers[0])
    t = position(g, hands=[{}, {}]).apply("tickets")
    c = t.ticket_choice()
    assert not c.opening and c.minimum == 1 and c.offer == tuple(t.offer)
    assert position(g, hands=[{}, {}]).ticket_choice() is None


def test_keep_minimum_never_exceeds_the_offer_and_agrees_with_the_legal_keeps():
    rules = load("usa").rules
    assert keep_minimum(rules, 3, True) == 2 and keep_minimum(rules, 1, True) == 1
    assert keep_minimum(rules, 3, False) == 1 and keep_minimum(rules, 0, False) == 0
    s = load("usa", opening_tickets=4).new_state()
    c = s.ticket_choice()
    assert min(len(a.keep) for a in s.legal_actions()) == c.minimum


# --------------------------------------------------------------------------- tunnels


def _tunnel(deck, hand0):
    return position(load("europe"), hands=[hand0, {}], deck=deck,
                    display=["white", "white", "black", "black", "orange"])


def test_tunnel_choice_lists_what_was_laid_down_revealed_asked_and_the_ways_to_pay():
    s = _tunnel(["red", "blue", "loco"], {"red": 5, "blue": 2, "loco": 2}).apply("claim Erzurum-Sochi red*3")
    c = s.tunnel_choice()
    assert c.route == s.game.route_index("Erzurum-Sochi") and c.player == 0
    assert str(c.paid) == "red*3" and c.extra == 2 and [CARD_NAMES[x] for x in c.revealed] == \
        ["red", "blue", "loco"]
    assert [str(p) for p in c.options] == ["red*2", "red*1+loco*1", "loco*2"]
    assert c.payable and s.why_no_tunnel_payment() is None
    assert all(s.why_illegal(f"pay {p}") is None for p in c.options)


def test_tunnel_that_cannot_be_paid_says_what_it_asks_for():
    s = _tunnel(["red", "red", "red"], {"red": 3}).apply("claim Erzurum-Sochi red*3")
    c = s.tunnel_choice()
    assert c.extra == 3 and c.options == () and not c.payable
    r = s.why_no_tunnel_payment()
    assert r.rule == "tunnel-extra"
    assert r.text == ("Your hand (no cards) cannot pay the 3 extra cards the tunnel Erzurum-Sochi asks for "
                      "(3 red cards, 2 red cards and 1 locomotive, 1 red card and 2 locomotives or "
                      "3 locomotives): abandon it.")
    assert position(load("europe"), hands=[{}, {}]).tunnel_choice() is None
    assert position(load("europe"), hands=[{}, {}]).why_no_tunnel_payment().rule == "wrong-phase"


# --------------------------------------------------------------------------- narration


def test_cards_and_routes_in_words():
    assert cards_text(Cards.parse("pink*1")) == "1 pink card"
    assert cards_text(Cards.parse("pink*2+loco*1")) == "2 pink cards and 1 locomotive"
    assert cards_text(Cards()) == "no cards"
    g = load("usa", players=4)
    assert route_name(g, "Denver-Omaha") == "Denver-Omaha"
    first, second = route_name(g, "Denver-Kansas City"), route_name(g, "Denver-Kansas City#2")
    assert first.startswith("the first Denver-Kansas City route, the ") and "#" not in first + second
    assert second.startswith("the second Denver-Kansas City route, the ")


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_no_route_name_shows_an_internal_key(edition):
    g = load(edition)
    for r in g.board.routes:
        assert "#" not in route_name(g, r.index), r.key


def test_describe_names_a_double_route_in_words_and_agrees_in_number():
    g = load("usa", players=4)
    s = position(g, hands=[{"orange": 4, "loco": 1}, {}, {}, {}])
    claim = g.parse_action("claim Denver-Kansas City#2 orange*4")
    assert s.why_illegal(claim) is None
    assert s.describe(claim) == ["Player 1 claimed the second Denver-Kansas City route, the orange one, with 4 orange cards "
                     "(7 points)"]
    t = position(g, hands=[{"orange": 1}, {}, {}, {}], display=["orange", "red", "red", "red", "red"])
    assert t.describe(g.parse_action("draw orange"), names=["Ann", "B", "C", "D"]) == \
        ["Ann took a face-up orange card"]


def test_tunnel_extra_kinds():
    from ttr_nb.engine.cards import LOCO
    from ttr_nb.engine.payments import GREY
    from ttr_nb.engine.queries import tunnel_extra_kinds
    assert tunnel_extra_kinds(0, False) == (0, LOCO)            # red claim: red cards or locomotives
    assert tunnel_extra_kinds(0, True) == (LOCO,)               # locomotives only: locomotives only
    assert tunnel_extra_kinds(GREY, False) == (LOCO,)


def test_payment_refusal_names_the_payment_rule_the_hand_runs_into():
    from ttr_nb.engine.queries import nearest_payment, payment_refusal
    s = position(load("europe"), hands=[{"red": 4}, {}])
    r = payment_refusal(s, "Palermo-Smyrna")           # a ferry with 2 locomotive symbols
    assert r.rule == "ferry-locomotives" and "2 locomotives" in r.text
    price = s.game.prices[s.game.route_index("Palermo-Smyrna")]
    assert str(nearest_payment(price, s.hands[0])) == "red*6"
    n = position(load("nordic"), hands=[{"red": 2, "loco": 2}, {}])
    assert payment_refusal(n, "Boden-Umeå").rule == "locomotives-not-allowed"      # 3 red, ordinary
    t = position(load("usa"), hands=[{"red": 3}, {}])
    r = payment_refusal(t, "Denver-Oklahoma City")       # 4 red: the hand lacks one card
    assert r == t.why_not_claim("Denver-Oklahoma City")
    assert payment_refusal(position(load("usa"), hands=[{"red": 4}, {}]), "Denver-Oklahoma City") is None


def test_the_module_examples_run():
    import doctest

    import ttr_nb.engine.callbacks
    import ttr_nb.engine.narration
    for module in (ttr_nb.engine.narration, ttr_nb.engine.callbacks):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
