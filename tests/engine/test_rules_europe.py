"""Scenario tests for RULES.md §3 (Europe), one or a few per rule bullet.

Bullet -> test(s)

  2-5 players; 45 trains; 3 stations; 110 cards; 46 tickets = 40 regular + 6 long
      ... test_europe_two_to_five_players_45_trains_3_stations_110_cards_46_tickets
  opening 1 long + 3 regular, keep >= 2 (any mix), the rest removed; later draws regular only,
  returned to the bottom
      ... test_europe_opening_one_long_three_regular_keep_two_any_mix_rest_removed,
          test_europe_later_ticket_draws_regular_only_returned_to_bottom
  face-up locomotive expensive, flush at 3, locomotives wild on every route
      ... test_europe_face_up_locomotive_expensive_and_display_flush_at_three,
          test_europe_locomotives_wild_on_every_kind_of_route
  route points add 8 -> 21
      ... test_europe_route_points_eight_spaces_score_21
  doubles: both usable only with 4-5 players
      ... test_europe_double_routes_both_usable_only_with_four_or_five_players
  ferries: one locomotive per symbol, other spaces as grey
      ... test_europe_ferry_needs_one_locomotive_per_symbol_rest_as_grey
  tunnels: reveal 3; each revealed card of the colour used and each locomotive asks one more;
  locomotives-only payment: only locomotives count; pay or take all back; revealed discarded
  either way; short deck: reshuffle first, reveal what exists
      ... test_europe_tunnel_reveal_asks_one_extra_per_matching_card_or_locomotive,
          test_europe_tunnel_abandoned_returns_the_cards_and_discards_the_revealed,
          test_europe_tunnel_two_revealed_locomotives_against_a_locomotives_only_payment,
          test_europe_tunnel_without_matching_reveal_is_claimed_at_once,
          test_europe_grey_tunnel_counts_the_colour_chosen,
          test_europe_tunnel_extra_payment_must_match (+ core: the short-deck tunnel tests)
  stations: any city without a station, cost 1 / 2 of a colour / 3 of a colour (locos wild)
      ... test_europe_station_costs_one_two_three_cards_of_one_colour_locomotives_wild,
          test_europe_one_station_per_city
  each station borrows exactly one route of another player touching the city, chosen to
  maximise its owner's score, the same route for all tickets
      ... test_europe_station_borrows_the_one_route_that_completes_two_tickets,
          test_europe_station_borrows_exactly_one_route,
          test_europe_station_borrowed_route_serves_all_tickets_chosen_to_maximise_score
  stations never count for the longest path; 4 points per unbuilt station
      ... test_europe_stations_never_count_for_the_longest_path,
          test_europe_four_points_per_unbuilt_station
  European Express 10 points, ties all score it
      ... test_europe_european_express_ten_points_to_all_tied
  ties: tickets, then fewer stations, then the European Express holder
      ... test_europe_ties_tickets_then_fewer_stations_then_express_holder
"""
from __future__ import annotations

import pytest

import ttr_nb
from tests.engine.scenario import hand, load, position, refused


def test_europe_two_to_five_players_45_trains_3_stations_110_cards_46_tickets():
    for n in (2, 5):
        s = ttr_nb.load_game("europe", players=n).new_state()
        assert s.trains == (45,) * n
    with pytest.raises(ValueError):
        ttr_nb.load_game("europe", players=6)
    g = load("europe")
    assert g.rules.stations == 3 and g.rules.total_cards == 110
    decks = [t.deck for t in g.board.tickets]
    assert (len(decks), decks.count("regular"), decks.count("long")) == (46, 40, 6)


def test_europe_opening_one_long_three_regular_keep_two_any_mix_rest_removed():
    g = ttr_nb.load_game("europe", players=2, seed=8)
    s = g.new_state()
    d = s.to_dict()
    long_keys = {t.key for t in g.board.tickets if t.deck == "long"}
    for offer in d["opening_offers"]:
        assert len(offer) == 4
        assert offer[0] in long_keys and not set(offer[1:]) & long_keys
    # the 4 long tickets not dealt are out of the game; the deck holds the 34 regular ones left
    assert len(d["ticket_deck"]) == 34 and not set(d["ticket_deck"]) & long_keys
    assert sorted(d["removed_tickets"]) == sorted(long_keys - {o[0] for o in d["opening_offers"]})
    refused(s, "keep 0", "keep-minimum", "at least 2", "4")
    s = s.apply("keep 1,2")                     # two regulars, the long one given up
    s = s.apply("keep 0,3")                     # the long one and a regular
    t = s.to_dict()
    o0, o1 = d["opening_offers"]
    assert t["tickets"] == [[o0[1], o0[2]], [o1[0], o1[3]]]
    assert set(t["removed_tickets"]) == set(d["removed_tickets"]) | {o0[0], o0[3], o1[1], o1[2]}
    assert t["ticket_deck"] == d["ticket_deck"]        # nothing returned to the deck
    assert s.phase == "turn"


def test_europe_later_ticket_draws_regular_only_returned_to_bottom():
    g = load("europe")
    s = position(g, ticket_deck=["Amsterdam-Pamplona", "Berlin-Roma", "Paris-Wien", "Zürich-Budapest"])
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == ["Amsterdam-Pamplona", "Berlin-Roma", "Paris-Wien"]
    s = s.apply("keep 2")
    assert s.to_dict()["ticket_deck"] == ["Zürich-Budapest", "Amsterdam-Pamplona", "Berlin-Roma"]
    fresh = g.new_state().to_dict()
    assert all(g.board.find_ticket(k).deck == "regular" for k in fresh["ticket_deck"])


def test_europe_face_up_locomotive_expensive_and_display_flush_at_three():
    g = load("europe")
    s = position(g, deck=["white", "loco", "green", "blue", "white", "black", "pink"],
                 display=["loco", "loco", "red", "orange", "yellow"])
    t = s.apply("draw loco")
    assert hand(t, 0) == {"loco": 1} and t.current_player == 1
    u = s.apply("draw red")                       # replacement white: 2 locomotives, no flush
    refused(u, "draw loco", "face-up-locomotive")
    u = u.apply("draw white")                     # replacement loco: 3 locomotives -> flushed
    assert sorted(u.to_dict()["discard"]) == sorted(["loco", "loco", "orange", "yellow", "loco"])
    assert u.to_dict()["display"] == ["green", "blue", "white", "black", "pink"]


def test_europe_locomotives_wild_on_every_kind_of_route():
    g = load("europe")
    s = position(g, hands=[{"loco": 8}, {}], deck=["white", "white", "white"])
    for route, n in (("Brest-Paris", 3), ("Dieppe-London", 2), ("Erzurum-Sochi", 3)):   # ordinary, ferry, tunnel
        t = s.apply(f"claim {route} loco*{n}")
        assert t.owner(route) == 0 and hand(t, 0) == {"loco": 8 - n}


def test_europe_route_points_eight_spaces_score_21():
    g = load("europe")
    assert g.rules.route_points == (1, 2, 4, 7, 10, 15, 0, 21)
    s = position(g, hands=[{"red": 8}, {}], deck=["blue", "green", "white"])
    s = s.apply("claim Petrograd-Stockholm red*8")        # an 8-space grey tunnel
    assert s.owner("Petrograd-Stockholm") == 0
    assert s.trains == (37, 45) and s.view(0)["route_points"] == [21, 0]
    assert s.score_breakdown()[0].route_points == 21


@pytest.mark.parametrize("players,both", [(2, False), (3, False), (4, True), (5, True)])
def test_europe_double_routes_both_usable_only_with_four_or_five_players(players, both):
    g = load("europe", players=players)
    s = position(g, hands=[{"yellow": 2}, {"red": 2}] + [{}] * (players - 2),
                 routes={"Bruxelles-Paris#2": 0}, current_player=1)
    if both:
        assert s.apply("claim Bruxelles-Paris red*2").owner("Bruxelles-Paris") == 1
    else:
        refused(s, "claim Bruxelles-Paris red*2", "double-routes", "Bruxelles", "Paris", f"{players} players")
    t = position(g, hands=[{"red": 2}, {}] + [{}] * (players - 2), routes={"Bruxelles-Paris#2": 0})
    refused(t, "claim Bruxelles-Paris red*2", "double-routes", "Bruxelles", "Paris")


def test_europe_ferry_needs_one_locomotive_per_symbol_rest_as_grey():
    g = load("europe")
    s = position(g, hands=[{"red": 6, "blue": 2, "loco": 3}, {}])
    refused(s, "claim Dieppe-London red*2", "ferry-locomotives", "Dieppe-London", "1 locomotive", "has 0")
    assert hand(s.apply("claim Dieppe-London red*1+loco*1"), 0) == {"red": 5, "blue": 2, "loco": 2}
    assert s.apply("claim Dieppe-London blue*1+loco*1").owner("Dieppe-London") == 0   # any one colour
    refused(s, "claim Amsterdam-London red*1+loco*1", "ferry-locomotives", "Amsterdam-London", "2 locomotives",
            "has 1")
    assert s.apply("claim Amsterdam-London loco*2").owner("Amsterdam-London") == 0
    assert s.apply("claim Palermo-Smyrna red*4+loco*2").owner("Palermo-Smyrna") == 0
    assert s.apply("claim Palermo-Smyrna red*3+loco*3").owner("Palermo-Smyrna") == 0   # wild beyond symbols
    refused(s, "claim Palermo-Smyrna red*2+blue*2+loco*2", "one-colour", "red and blue")
    refused(s, "claim Palermo-Smyrna red*6", "ferry-locomotives", "2 locomotives")


def _tunnel(deck, hand0):
    g = load("europe")
    return position(g, hands=[hand0, {}], deck=deck, display=["white", "white", "black", "black", "orange"])


def test_europe_tunnel_reveal_asks_one_extra_per_matching_card_or_locomotive():
    s = _tunnel(["red", "blue", "loco"], {"red": 5, "blue": 2, "loco": 2})
    s = s.apply("claim Erzurum-Sochi red*3")
    d = s.to_dict()
    assert s.phase == "tunnel" and s.current_player == 0
    assert d["tunnel"] == {"route": "Erzurum-Sochi", "payment": "red*3", "revealed": ["red", "blue", "loco"],
                           "extra": 2}
    assert hand(s, 0) == {"red": 2, "blue": 2, "loco": 2}
    assert s.owner("Erzurum-Sochi") is None
    assert sorted(str(a) for a in s.legal_actions()) == ["abandon", "pay loco*2", "pay red*1+loco*1",
                                                         "pay red*2"]
    t = s.apply("pay red*1+loco*1")
    assert t.owner("Erzurum-Sochi") == 0 and t.current_player == 1
    assert hand(t, 0) == {"red": 1, "blue": 2, "loco": 1}
    assert sorted(t.to_dict()["discard"]) == sorted(["red", "blue", "loco"] + ["red"] * 3 + ["red", "loco"])
    assert t.trains == (42, 45) and t.view(0)["route_points"] == [4, 0]


def test_europe_tunnel_extra_payment_must_match():
    s = _tunnel(["red", "blue", "loco"], {"red": 5, "blue": 2, "loco": 2}).apply("claim Erzurum-Sochi red*3")
    refused(s, "pay red*1", "tunnel-extra", "Erzurum-Sochi", "2 extra cards", "offered 1")
    refused(s, "pay blue*2", "tunnel-extra", "red cards or locomotives", "blue")
    refused(s, "pay red*3", "tunnel-extra", "2 extra")
    refused(s, "draw deck", "wrong-phase", "tunnel")
    refused(s, "claim Brest-Paris red*3", "wrong-phase", "tunnel")


def test_europe_tunnel_abandoned_returns_the_cards_and_discards_the_revealed():
    s = _tunnel(["red", "blue", "loco", "pink"], {"red": 3, "blue": 2})
    s = s.apply("claim Erzurum-Sochi red*3")
    assert [str(a) for a in s.legal_actions()] == ["abandon"]          # 2 extra, none in hand
    t = s.apply("abandon")
    assert hand(t, 0) == {"red": 3, "blue": 2}                         # the payment comes back
    assert sorted(t.to_dict()["discard"]) == ["blue", "loco", "red"]   # the 3 revealed are discarded
    assert t.owner("Erzurum-Sochi") is None and t.trains == (45, 45)
    assert t.current_player == 1 and t.phase == "turn"                 # the turn is spent
    assert t.to_dict()["deck"][0] == "pink"


def test_europe_tunnel_two_revealed_locomotives_against_a_locomotives_only_payment():
    s = _tunnel(["loco", "red", "loco"], {"loco": 5, "red": 3})
    s = s.apply("claim Erzurum-Sochi loco*3")
    assert s.to_dict()["tunnel"]["extra"] == 2          # the red card does not count
    assert [str(a) for a in s.legal_actions()] == ["pay loco*2", "abandon"]
    refused(s, "pay red*2", "tunnel-extra", "locomotives", "red")
    refused(s, "pay red*1+loco*1", "tunnel-extra", "locomotives")
    t = s.apply("pay loco*2")
    assert t.owner("Erzurum-Sochi") == 0 and hand(t, 0) == {"red": 3}
    # with too few locomotives left only abandoning is possible
    s = _tunnel(["loco", "red", "loco"], {"loco": 4, "red": 3}).apply("claim Erzurum-Sochi loco*3")
    assert [str(a) for a in s.legal_actions()] == ["abandon"]
    assert hand(s.apply("abandon"), 0) == {"loco": 4, "red": 3}


def test_europe_tunnel_without_matching_reveal_is_claimed_at_once():
    s = _tunnel(["blue", "green", "white", "pink"], {"red": 3})
    t = s.apply("claim Erzurum-Sochi red*3")
    assert t.owner("Erzurum-Sochi") == 0 and t.current_player == 1 and t.phase == "turn"
    assert sorted(t.to_dict()["discard"]) == sorted(["blue", "green", "white", "red", "red", "red"])
    assert t.to_dict()["deck"][0] == "pink"


def test_europe_grey_tunnel_counts_the_colour_chosen():
    s = _tunnel(["blue", "red", "loco"], {"blue": 5})
    s = s.apply("claim Paris-Zürich blue*3")
    assert s.to_dict()["tunnel"]["extra"] == 2          # blue and the locomotive; red does not count
    assert [str(a) for a in s.legal_actions()] == ["pay blue*2", "abandon"]
    assert s.apply("pay blue*2").owner("Paris-Zürich") == 0


def test_europe_station_costs_one_two_three_cards_of_one_colour_locomotives_wild():
    g = load("europe")
    s = position(g, hands=[{"red": 4, "blue": 3, "green": 1, "loco": 2}, {"white": 3}],
                 display=["pink", "pink", "pink", "orange", "orange"])
    refused(s, "station Berlin red*2", "station-cost", "station number 1", "1 card", "2 red")
    s = s.apply("station Berlin green*1")
    assert hand(s, 0) == {"red": 4, "blue": 3, "loco": 2}
    assert s.to_dict()["stations"] == [["Berlin", 0]] and s.to_dict()["discard"] == ["green"]
    assert s.current_player == 1                                   # building is the whole turn
    refused(s, "station Berlin white*1", "station-taken", "Berlin", "player 1")
    s = s.apply("station Wien white*1")
    refused(s, "station Roma red*1+blue*1", "station-cost", "station number 2", "2 cards", "1 red and 1 blue")
    refused(s, "station Roma red*1", "station-cost", "2 cards")
    s = s.apply("station Roma red*1+loco*1")
    s = s.apply("draw pink").apply("draw pink")
    refused(s, "station Madrid red*2", "station-cost", "station number 3", "3 cards")
    s = s.apply("station Madrid red*3")
    assert s.stations_of(0) == ("Berlin", "Roma", "Madrid")
    s = s.apply("draw pink").apply("draw orange")
    refused(s, "station Lisboa loco*1", "station-limit", "3")
    assert not [a for a in s.legal_actions() if str(a).startswith("station")]


def test_europe_one_station_per_city():
    g = load("europe")
    s = position(g, hands=[{"red": 3}, {"blue": 3}], stations=[["Paris", 1]])
    refused(s, "station Paris red*1", "station-taken", "Paris", "player 2")
    assert "station Paris red*1" not in [str(a) for a in s.legal_actions()]
    assert "station Berlin red*1" in [str(a) for a in s.legal_actions()]
    with pytest.raises(ttr_nb.engine.serialize.PositionError, match="two stations"):
        g.state_from_dict({"stations": [["Paris", 1], ["Paris", 0]]})


def test_europe_station_borrows_the_one_route_that_completes_two_tickets():
    g = load("europe")
    s = position(g, tickets=[["Paris-Wien", "Paris-Zagrab"], []], stations=[["Paris", 0]],
                 routes={"Frankfurt-München": 0, "München-Wien": 0, "Wien-Zagrab": 0,
                         "Frankfurt-Paris": 1, "Dieppe-Paris": 1, "Marseille-Paris": 1})
    row = s.score_breakdown()[0]
    assert row.borrowed == (("Paris", "Frankfurt-Paris"),)
    assert [(t.ticket, t.points) for t in row.tickets] == [("Paris-Wien", 8), ("Paris-Zagrab", 7)]
    assert row.tickets_completed == 2
    assert row.station_points == 8
    assert row.total == 8 + 15 + 8 + row.longest_bonus


def test_europe_station_borrows_exactly_one_route():
    g = load("europe")
    routes = {"Brest-Paris": 1, "Marseille-Paris": 1}
    one = position(g, tickets=[["Brest-Marseille"], []], stations=[["Paris", 0]], routes=routes)
    row = one.score_breakdown()[0]
    assert row.tickets[0].completed is False and row.ticket_points == -7
    two = position(g, tickets=[["Brest-Marseille"], []], stations=[["Paris", 0], ["Brest", 0]], routes=routes)
    row = two.score_breakdown()[0]
    assert row.ticket_points == 7
    assert sorted(row.borrowed) == [("Brest", "Brest-Paris"), ("Paris", "Marseille-Paris")]


def test_europe_station_borrowed_route_serves_all_tickets_chosen_to_maximise_score():
    g = load("europe")
    # Paris-Wien (8) needs Frankfurt-Paris, Edinburgh-Paris (7) needs Dieppe-Paris: one station at
    # Paris borrows one of them for both tickets; Frankfurt-Paris gives +8 -7, Dieppe-Paris -8 +7
    s = position(g, tickets=[["Paris-Wien", "Edinburgh-Paris"], []], stations=[["Paris", 0]],
                 routes={"Frankfurt-München": 0, "München-Wien": 0, "Edinburgh-London": 0, "Dieppe-London": 0,
                         "Frankfurt-Paris": 1, "Dieppe-Paris": 1})
    row = s.score_breakdown()[0]
    assert row.borrowed == (("Paris", "Frankfurt-Paris"),)
    assert [(t.ticket, t.points) for t in row.tickets] == [("Paris-Wien", 8), ("Edinburgh-Paris", -7)]
    # a station never borrows its owner's own routes (nor a city without other players' routes)
    own = position(g, tickets=[["Paris-Wien"], []], stations=[["Paris", 0]],
                   routes={"Frankfurt-München": 0, "München-Wien": 0, "Dieppe-Paris": 0})
    assert own.score_breakdown()[0].borrowed == () and own.score_breakdown()[0].ticket_points == -8


def test_europe_stations_never_count_for_the_longest_path():
    g = load("europe")
    s = position(g, tickets=[["Paris-Wien"], []], stations=[["Paris", 0]],
                 routes={"Frankfurt-München": 0, "München-Wien": 0, "Frankfurt-Paris": 1, "Marseille-Paris": 1,
                         "Brest-Paris": 1})
    rows = s.score_breakdown()
    assert rows[0].borrowed == (("Paris", "Frankfurt-Paris"),) and rows[0].ticket_points == 8
    assert rows[0].longest_path == 5                      # not 8 with the borrowed Frankfurt-Paris
    assert rows[1].longest_path == 7                      # Frankfurt-Paris-Marseille
    assert [r.longest_bonus for r in rows] == [0, 10]


def test_europe_four_points_per_unbuilt_station():
    g = load("europe")
    for built, points in ((0, 12), (1, 8), (2, 4), (3, 0)):
        cities = ["Berlin", "Wien", "Roma"][:built]
        s = position(g, stations=[[c, 0] for c in cities])
        rows = s.score_breakdown()
        assert (rows[0].stations_built, rows[0].station_points, rows[0].total) == (built, points, points)
        assert rows[1].station_points == 12


def test_europe_european_express_ten_points_to_all_tied():
    g = load("europe", players=3)
    s = position(g, routes={"Edinburgh-London": 0, "Warszawa-Wien": 1, "Cadiz-Madrid": 2})
    rows = s.score_breakdown()
    assert [r.longest_path for r in rows] == [4, 4, 3]
    assert [r.longest_bonus for r in rows] == [10, 10, 0]


def test_europe_ties_tickets_then_fewer_stations_then_express_holder():
    g = load("europe")
    assert g.rules.tie_breakers == ("most_tickets_completed", "fewest_stations_used", "longest_path_bonus")
    # tickets first: player 1 completed one ticket (and built a station, and holds the bonus): 19 each
    s = position(g, routes={"Edinburgh-London": 0, "Essen-Frankfurt": 1, "Essen-Kobenhavn": 1},
                 tickets=[[], ["Frankfurt-Kobenhavn", "Riga-Bucuresti"]], stations=[["Wien", 1]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [7 + 12, 6 + 5 - 10 + 8 + 10]
    assert rows[0].total == rows[1].total and [r.tickets_completed for r in rows] == [0, 1]
    assert s.winners() == (1,)
    # then fewer stations: 29 each, no tickets, both hold the bonus; player 0 built none
    s = position(g, routes={"Edinburgh-London": 0, "Warszawa-Wien": 1, "Cadiz-Madrid": 1},
                 stations=[["Roma", 1]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [29, 29] and [r.stations_built for r in rows] == [0, 1]
    assert s.winners() == (0,)
    # then the European Express holder: 29 each, no tickets, no stations; player 1 holds it
    s = position(g, routes={"Warszawa-Wilno": 0, "Sarajevo-Zagrab": 0, "Kyiv-Smolensk": 0, "Cadiz-Madrid": 0,
                            "Amsterdam-Bruxelles": 0, "Edinburgh-London": 1})
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [29, 29] and [r.longest_bonus for r in rows] == [0, 10]
    assert s.winners() == (1,)
    # otherwise shared
    s = position(g, routes={"Edinburgh-London": 0, "Warszawa-Wien": 1})
    assert [r.total for r in s.score_breakdown()] == [29, 29]
    assert s.winners() == (0, 1)
