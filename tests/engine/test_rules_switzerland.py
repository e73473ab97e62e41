"""Scenario tests for RULES.md §4 (Switzerland), one or a few per rule bullet.

Bullet -> test(s)

  2-3 players; 40 trains; 110 cards; 46 tickets, some naming countries
      ... test_switzerland_two_to_three_players_40_trains_110_cards_46_tickets_with_countries
  opening 5 keep >= 2, returned removed; later draws 3 keep >= 1, rest removed
      ... test_switzerland_opening_five_keep_two_returned_removed,
          test_switzerland_later_draws_three_keep_one_rest_removed
  face-up locomotive ordinary; display flush at 3 still applies
      ... test_switzerland_face_up_locomotive_ordinary_and_display_flush_at_three
          (+ core: test_face_up_locomotive_ordinary_taken_like_any_card_and_second_follows)
  locomotives only on tunnels (complement or replace the colour), never elsewhere
      ... test_swiss_locomotive_refused_on_a_non_tunnel_route,
          test_swiss_locomotives_complement_or_replace_the_colour_on_tunnels
  tunnels as in Europe
      ... test_switzerland_tunnels_as_in_europe
  double routes: both with 3 players, only one with 2
      ... test_switzerland_double_routes_both_usable_with_three_players_one_with_two
  tickets to countries: city-to-country, country-to-country, highest completed value,
  lowest value lost when none
      ... test_city_to_country_ticket_scores_highest_completed_country,
          test_country_to_country_ticket_scores_its_highest_completed_value,
          test_country_ticket_loses_its_lowest_value_when_none_completed
  longest path 10; ties: tickets, then longest path holder
      ... test_switzerland_longest_path_bonus_ten_ties_tickets_then_holder
"""
from __future__ import annotations

import pytest

import ttr_nb
from tests.engine.scenario import hand, load, position, refused


def test_switzerland_two_to_three_players_40_trains_110_cards_46_tickets_with_countries():
    for n in (2, 3):
        assert ttr_nb.load_game("switzerland", players=n).new_state().trains == (40,) * n
    for n in (1, 4):
        with pytest.raises(ValueError, match="2 to 3 players"):
            ttr_nb.load_game("switzerland", players=n)
    g = load("switzerland")
    assert len(g.board.tickets) == 46 and g.rules.total_cards == 110
    countries = {"France", "Deutschland", "Österreich", "Italia"}
    assert {c.name for c in g.board.cities if c.kind == "country"} == countries
    assert sum(1 for t in g.board.tickets if set(t.targets) & countries) == 12


def test_switzerland_opening_five_keep_two_returned_removed():
    g = ttr_nb.load_game("switzerland", players=2, seed=5)
    s = g.new_state()
    d = s.to_dict()
    assert [len(o) for o in d["opening_offers"]] == [5, 5]
    assert len(d["ticket_deck"]) == 36 and d["removed_tickets"] == []
    refused(s, "keep 4", "keep-minimum", "at least 2", "5")
    s = s.apply("keep 0,4").apply("keep 0,1,2,3,4")
    o0 = d["opening_offers"][0]
    t = s.to_dict()
    assert t["tickets"][0] == [o0[0], o0[4]]
    assert t["removed_tickets"] == [o0[1], o0[2], o0[3]]
    assert t["ticket_deck"] == d["ticket_deck"]


def test_switzerland_later_draws_three_keep_one_rest_removed():
    g = load("switzerland")
    s = position(g, ticket_deck=["Basel-Bern", "Bern-Chur", "Genève-Sion", "Zürich-Vaduz"])
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == ["Basel-Bern", "Bern-Chur", "Genève-Sion"]
    refused(s, "keep", "action-syntax")
    s = s.apply("keep 1")
    d = s.to_dict()
    assert d["tickets"][0] == ["Bern-Chur"] and d["ticket_deck"] == ["Zürich-Vaduz"]
    assert {"Basel-Bern", "Genève-Sion"} <= set(d["removed_tickets"])
    # with one ticket left, it is all that is drawn
    s = position(g, ticket_deck=["Zürich-Vaduz"])
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == ["Zürich-Vaduz"]
    assert [str(a) for a in s.legal_actions()] == ["keep 0"]


def test_switzerland_face_up_locomotive_ordinary_and_display_flush_at_three():
    g = load("switzerland")
    assert (g.rules.face_up_locomotive_costs_two, g.rules.display_flush_at) == (False, 3)
    s = position(g, deck=["loco", "green", "blue", "white", "black", "pink", "yellow"],
                 display=["loco", "loco", "red", "orange", "yellow"])
    s = s.apply("draw loco")                      # the replacement is a locomotive: 2 show, no flush
    assert sorted(s.to_dict()["display"]) == ["loco", "loco", "orange", "red", "yellow"]
    assert s.phase == "draw2"
    s = s.apply("draw red")                       # replacement green: 2 locomotives
    assert s.current_player == 1 and hand(s, 0) == {"loco": 1, "red": 1}
    t = position(g, deck=["loco", "green", "blue", "white", "black", "pink"],
                 display=["loco", "loco", "red", "orange", "yellow"])
    t = t.apply("draw red")                       # replacement loco: 3 locomotives -> flushed
    assert sorted(t.to_dict()["discard"]) == sorted(["loco", "loco", "orange", "yellow", "loco"])
    assert t.to_dict()["display"] == ["green", "blue", "white", "black", "pink"]


def test_swiss_locomotive_refused_on_a_non_tunnel_route():
    g = load("switzerland")
    s = position(g, hands=[{"red": 4, "loco": 4}, {}])
    r = refused(s, "claim Zug-Zürich loco*1", "locomotives-not-allowed", "Zug-Zürich", "tunnel", "ordinary")
    assert "Switzerland" in r.text
    refused(s, "claim Bern-Luzern red*3+loco*1", "locomotives-not-allowed", "Bern-Luzern")
    assert not [a for a in s.legal_actions() if "loco" in str(a) and "Bern-Luzern" in str(a)]
    assert s.apply("claim Bern-Luzern red*4").owner("Bern-Luzern") == 0


def test_swiss_locomotives_complement_or_replace_the_colour_on_tunnels():
    g = load("switzerland")
    s = position(g, hands=[{"red": 4, "loco": 6}, {}], deck=["blue", "green", "white"])
    assert s.apply("claim Brig-Locarno loco*6").owner("Brig-Locarno") == 0          # replace
    assert s.apply("claim Brig-Locarno red*4+loco*2").owner("Brig-Locarno") == 0    # complement
    assert hand(s.apply("claim Basel-Olten loco*2"), 0) == {"red": 4, "loco": 4}
    refused(s, "claim Basel-Olten red*2", "route-colour", "Basel-Olten", "orange", "red")


def test_switzerland_tunnels_as_in_europe():
    g = load("switzerland")
    s = position(g, hands=[{"orange": 3, "loco": 1}, {}], deck=["orange", "red", "loco"])
    s = s.apply("claim Basel-Olten orange*2")
    assert s.to_dict()["tunnel"]["revealed"] == ["orange", "red", "loco"]
    assert s.to_dict()["tunnel"]["extra"] == 2
    assert sorted(str(a) for a in s.legal_actions()) == ["abandon", "pay orange*1+loco*1"]
    t = s.apply("abandon")
    assert hand(t, 0) == {"orange": 3, "loco": 1} and sorted(t.to_dict()["discard"]) == ["loco", "orange", "red"]
    t = s.apply("pay orange*1+loco*1")
    assert t.owner("Basel-Olten") == 0 and hand(t, 0) == {}
    # a locomotives-only payment: only revealed locomotives count
    s = position(g, hands=[{"loco": 3}, {}], deck=["orange", "orange", "loco"])
    s = s.apply("claim Basel-Olten loco*2")
    assert s.to_dict()["tunnel"]["extra"] == 1
    assert s.apply("pay loco*1").owner("Basel-Olten") == 0


@pytest.mark.parametrize("players,both", [(2, False), (3, True)])
def test_switzerland_double_routes_both_usable_with_three_players_one_with_two(players, both):
    g = load("switzerland", players=players)
    s = position(g, hands=[{"pink": 1}, {"blue": 1}] + [{}] * (players - 2), routes={"Winterthur-Zürich#2": 0},
                 current_player=1)
    if both:
        assert s.apply("claim Winterthur-Zürich blue*1").owner("Winterthur-Zürich") == 1
    else:
        refused(s, "claim Winterthur-Zürich blue*1", "double-routes", "Winterthur", "Zürich", "2 players")
    t = position(g, hands=[{"blue": 1}, {}] + [{}] * (players - 2), routes={"Winterthur-Zürich#2": 0})
    refused(t, "claim Winterthur-Zürich blue*1", "double-routes", "Winterthur", "Zürich")


BERN_FRANCE = {"Bern-Neuchâtel": 0, "La Chaux-de-Fonds-Neuchâtel": 0, "La Chaux-de-Fonds-France": 0}
BERN_DEUTSCHLAND = {"Bern-Solothurn": 0, "Olten-Solothurn": 0, "Basel-Olten": 0, "Basel-Deutschland": 0}


def _ticket(s, player=0):
    (t,) = s.score_breakdown()[player].tickets
    return t.completed, t.points, t.reached


def test_city_to_country_ticket_scores_highest_completed_country():
    g = load("switzerland")
    ticket = [["Bern-France/Deutschland/Österreich/Italia"], []]          # 5, 6, 11, 8
    assert _ticket(position(g, tickets=ticket, routes=BERN_FRANCE)) == (True, 5, "France")
    assert _ticket(position(g, tickets=ticket, routes=BERN_DEUTSCHLAND)) == (True, 6, "Deutschland")
    assert _ticket(position(g, tickets=ticket, routes=BERN_FRANCE | BERN_DEUTSCHLAND)) == (True, 6, "Deutschland")


def test_country_to_country_ticket_scores_its_highest_completed_value():
    g = load("switzerland")
    both = BERN_FRANCE | BERN_DEUTSCHLAND                                     # France ... Bern ... Deutschland
    s = position(g, tickets=[["Deutschland-France/Österreich/Italia"], []], routes=both)   # 5, 5, 13
    assert _ticket(s) == (True, 5, "France")
    s = position(g, tickets=[["France-Deutschland/Österreich/Italia"], []], routes=both)   # 5, 14, 11
    assert _ticket(s) == (True, 5, "Deutschland")
    # France to Österreich as well: the higher value (14) counts
    more = both | {"Olten-Zürich": 0, "St. Gallen-Zürich": 0, "St. Gallen-Österreich": 0}
    s = position(g, tickets=[["France-Deutschland/Österreich/Italia"], []], routes=more)
    assert _ticket(s) == (True, 14, "Österreich")
    assert s.score_breakdown()[0].tickets_completed == 1


def test_country_ticket_loses_its_lowest_value_when_none_completed():
    g = load("switzerland")
    s = position(g, tickets=[["Lugano-France/Deutschland/Österreich/Italia"], []])        # 14, 12, 13, 2
    assert _ticket(s) == (False, -2, None)
    # Deutschland joined to Österreich does not complete a ticket that starts in France
    s = position(g, tickets=[["France-Deutschland/Österreich/Italia"], []],                # 5, 14, 11
                 routes={"St. Gallen-Deutschland": 0, "St. Gallen-Österreich": 0})
    assert _ticket(s) == (False, -5, None)
    assert s.score_breakdown()[0].ticket_points == -5


def test_switzerland_longest_path_bonus_ten_ties_tickets_then_holder():
    g = load("switzerland")
    assert g.rules.longest_path_bonus == 10
    assert g.rules.tie_breakers == ("most_tickets_completed", "longest_path_bonus")
    # player 0: Genève-Yverdon (6 spaces: 15) + the bonus = 25
    p0 = {"Genève-Yverdon": 0}
    # player 1: 2+1 (Kreuzlingen-Winterthur-Zürich) + 7 + 7 + 4 + 1 = 22 in routes, longest 4
    p1 = {"Kreuzlingen-Winterthur": 1, "Winterthur-Zürich": 1, "Bern-Luzern": 1, "Brig-Wassen": 1,
          "Fribourg-Lausanne": 1, "Genève-France": 1}
    # with Kreuzlingen-Zürich completed (+3): 25 each, player 1 has more tickets -> player 1
    s = position(g, routes=p0 | p1, tickets=[[], ["Kreuzlingen-Zürich"]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [25, 25]
    assert [(r.longest_path, r.longest_bonus) for r in rows] == [(6, 10), (4, 0)]
    assert s.winners() == (1,)
    # no tickets, three more 1-space routes for player 1: 25 each -> the longest path holder, player 0
    s = position(g, routes=p0 | p1 | {"Baden-Zürich": 1, "Olten-Solothurn": 1, "Delémont-Solothurn": 1})
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [25, 25] and [r.longest_bonus for r in rows] == [10, 0]
    assert s.winners() == (0,)
    # both hold the bonus: shared
    s = position(g, routes=p0 | {"Brig-Locarno": 1})
    assert [r.total for r in s.score_breakdown()] == [25, 25]
    assert s.winners() == (0, 1)
