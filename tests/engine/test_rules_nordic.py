"""Scenario tests for RULES.md §5 (Nordic Countries), one or a few per rule bullet.

Bullet -> test(s)

  2-3 players; 40 trains; 110 cards (12 per colour + 14 locomotives); 46 tickets
      ... test_nordic_two_to_three_players_40_trains_110_cards_46_tickets
  opening 5 keep >= 2, returned removed; later 3 (or what remains) keep >= 1, rest removed
      ... test_nordic_opening_five_keep_two_returned_removed,
          test_nordic_later_draws_three_or_what_remains_keep_one_rest_removed
  face-up locomotive ordinary; no display flush (option display_flush=True flushes)
      ... test_nordic_three_face_up_locomotives_stay_no_flush,
          test_nordic_opening_display_keeps_three_locomotives_option_flushes_it,
          test_nordic_option_display_flush_true_flushes_three_locomotives
          (+ core: test_face_up_locomotive_ordinary_taken_like_any_card_and_second_follows)
  locomotives not on ordinary routes; only ferries, tunnels and (in a set of four) Murmansk-Lieksa
      ... test_nordic_locomotive_refused_on_an_ordinary_route
  ferries: one locomotive per symbol; extra locomotives replace coloured cards; any 3 cards replace
  one required locomotive
      ... test_nordic_ferry_needs_one_locomotive_per_symbol,
          test_nordic_ferry_extra_locomotives_replace_coloured_cards,
          test_nordic_ferry_three_any_cards_replace_one_locomotive,
          test_nordic_ferry_paid_with_three_red_plus_three_any_for_its_locomotive
  tunnels as in Europe; locomotives are jokers; no 3-for-1 or 4-for-1 on tunnels
      ... test_nordic_tunnel_locomotives_are_jokers_and_reveal_as_in_europe,
          test_nordic_tunnel_has_no_three_or_four_for_one_substitution
  Murmansk-Lieksa: 4 arbitrary cards replace 1 card of the chosen colour, still 9 trains
      ... test_murmansk_lieksa_seven_green_plus_eight_others,
          test_murmansk_lieksa_locomotives_only_inside_a_set_of_four
  doubles: 2 players closes the other side, 3 players both; sides that differ still count
      ... test_nordic_double_route_closed_with_two_players_even_when_sides_differ,
          test_nordic_double_route_both_usable_with_three_never_both_to_one_player
  route points 1,2,3,4,5,6,9 -> 1,2,4,7,10,15,27
      ... test_nordic_route_points_table_nine_spaces_27
  no longest path bonus; Globetrotter 10 to the most completed tickets (all tied)
      ... test_two_nordic_players_tied_on_tickets_both_score_the_globetrotter,
          test_nordic_no_longest_path_bonus_and_no_globetrotter_without_tickets
  ties: completed tickets, then longest path (computed although it scores nothing)
      ... test_nordic_ties_completed_tickets_then_longest_path_length
"""
from __future__ import annotations

from collections import Counter

import pytest

import ttr_nb
from tests.engine.scenario import hand, load, position, refused, seed_with_locomotives_in_first_display, trains_left


def test_nordic_two_to_three_players_40_trains_110_cards_46_tickets():
    for n in (2, 3):
        assert ttr_nb.load_game("nordic", players=n).new_state().trains == (40,) * n
    with pytest.raises(ValueError, match="2 to 3 players"):
        ttr_nb.load_game("nordic", players=4)
    g = load("nordic")
    assert len(g.board.tickets) == 46
    assert (g.rules.cards_per_colour, g.rules.locomotives, g.rules.total_cards) == (12, 14, 110)


def test_nordic_opening_five_keep_two_returned_removed():
    g = ttr_nb.load_game("nordic", players=3, seed=5)
    s = g.new_state()
    d = s.to_dict()
    assert [len(o) for o in d["opening_offers"]] == [5, 5, 5]
    assert len(d["ticket_deck"]) == 31
    refused(s, "keep 3", "keep-minimum", "at least 2", "5")
    s = s.apply("keep 0,1").apply("keep 2,3,4").apply("keep 0,1,2,3,4")
    o0, o1, _ = d["opening_offers"]
    t = s.to_dict()
    assert t["removed_tickets"] == [o0[2], o0[3], o0[4], o1[0], o1[1]]
    assert t["ticket_deck"] == d["ticket_deck"]
    assert s.phase == "turn" and s.current_player == 0


def test_nordic_later_draws_three_or_what_remains_keep_one_rest_removed():
    g = load("nordic")
    s = position(g, ticket_deck=["Oslo-Stockholm", "Oslo-København", "Oslo-Stavanger", "Tampere-Tallinn",
                                 "Oslo-Helsinki"])
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == ["Oslo-Stockholm", "Oslo-København", "Oslo-Stavanger"]
    refused(s, "keep", "action-syntax")
    s = s.apply("keep 0")
    d = s.to_dict()
    assert d["tickets"][0] == ["Oslo-Stockholm"]
    assert d["ticket_deck"] == ["Tampere-Tallinn", "Oslo-Helsinki"]
    assert {"Oslo-København", "Oslo-Stavanger"} <= set(d["removed_tickets"])
    s = s.apply("tickets")                              # player 1: only two remain
    assert s.to_dict()["offer"] == ["Tampere-Tallinn", "Oslo-Helsinki"]
    s = s.apply("keep 1")
    assert s.to_dict()["ticket_deck"] == [] and "Tampere-Tallinn" in s.to_dict()["removed_tickets"]
    refused(s, "tickets", "ticket-deck-empty")


def test_nordic_three_face_up_locomotives_stay_no_flush():
    g = load("nordic")
    assert g.rules.display_flush_at == 0
    s = position(g, deck=["loco", "loco", "white"], display=["loco", "loco", "red", "green", "blue"])
    s = s.apply("draw red")
    assert sorted(s.to_dict()["display"]) == ["blue", "green", "loco", "loco", "loco"]
    assert s.to_dict()["discard"] == []
    s = s.apply("draw green")
    assert sorted(s.to_dict()["display"]) == ["blue", "loco", "loco", "loco", "loco"]
    assert s.to_dict()["discard"] == []


def test_nordic_opening_display_keeps_three_locomotives_option_flushes_it():
    seed, first_display = seed_with_locomotives_in_first_display(players=2)
    s = ttr_nb.load_game("nordic", players=2, seed=seed).new_state()
    assert s.to_dict()["display"] == first_display and s.to_dict()["discard"] == []
    s = ttr_nb.load_game("nordic", players=2, seed=seed, display_flush=True).new_state()
    assert s.to_dict()["display"].count("loco") < 3
    assert sorted(s.to_dict()["discard"][:5]) == sorted(first_display)


def test_nordic_option_display_flush_true_flushes_three_locomotives():
    g = ttr_nb.load_game("nordic", players=2, seed=1, display_flush=True)
    assert g.rules.display_flush_at == 3 and g.rules.options == {"display_flush": True}
    s = position(g, deck=["loco", "white", "black", "yellow", "orange", "pink"],
                 display=["loco", "loco", "red", "green", "blue"])
    s = s.apply("draw red")
    assert sorted(s.to_dict()["discard"]) == sorted(["loco", "loco", "green", "blue", "loco"])
    assert s.to_dict()["display"] == ["white", "black", "yellow", "orange", "pink"]
    # the face-up locomotive stays ordinary with the option
    s = position(g, deck=["white", "black"], display=["loco", "red", "green", "blue", "pink"])
    assert s.apply("draw loco").phase == "draw2"


def test_nordic_locomotive_refused_on_an_ordinary_route():
    g = load("nordic")
    s = position(g, hands=[{"green": 2, "black": 3, "loco": 3}, {}])
    r = refused(s, "claim Oslo-Örebro green*1+loco*1", "locomotives-not-allowed", "Oslo-Örebro", "ordinary")
    assert "tunnel" in r.text and "ferry" in r.text
    refused(s, "claim Göteborg-Norrköping loco*3", "locomotives-not-allowed", "Göteborg-Norrköping")
    assert not [a for a in s.legal_actions() if "loco" in str(a) and "Örebro" in str(a)]
    assert s.apply("claim Oslo-Örebro green*2").owner("Oslo-Örebro") == 0


def test_nordic_ferry_needs_one_locomotive_per_symbol():
    g = load("nordic")
    s = position(g, hands=[{"blue": 4, "green": 4, "loco": 2}, {}])
    r = refused(s, "claim Stockholm-Turku blue*3", "ferry-locomotives", "Stockholm-Turku", "1 locomotive symbol",
                "any 3 cards")
    assert "3 blue" in r.text
    t = s.apply("claim Stockholm-Turku blue*2+loco*1")
    assert hand(t, 0) == {"blue": 2, "green": 4, "loco": 1}
    assert sorted(t.to_dict()["discard"]) == ["blue", "blue", "loco"]
    refused(s, "claim Stockholm-Tallinn green*3+loco*1", "ferry-locomotives", "Stockholm-Tallinn",
            "2 locomotive symbols")
    assert s.apply("claim Stockholm-Tallinn green*2+loco*2").owner("Stockholm-Tallinn") == 0


def test_nordic_ferry_extra_locomotives_replace_coloured_cards():
    g = load("nordic")
    s = position(g, hands=[{"blue": 1, "loco": 3}, {}])
    assert s.apply("claim Stockholm-Turku blue*1+loco*2").owner("Stockholm-Turku") == 0
    assert hand(s.apply("claim Stockholm-Turku loco*3"), 0) == {"blue": 1}


def test_nordic_ferry_three_any_cards_replace_one_locomotive():
    g = load("nordic")
    s = position(g, hands=[{"blue": 2, "red": 3, "green": 1, "loco": 1}, {}])
    # the README's example: blue*2 for the coloured spaces, red, red, green for the locomotive
    t = s.apply("claim Stockholm-Turku blue*2+red*2+green*1")
    assert t.owner("Stockholm-Turku") == 0 and t.trains == (37, 40) and t.view(0)["route_points"] == [4, 0]
    assert hand(t, 0) == {"red": 1, "loco": 1}
    assert Counter(t.to_dict()["discard"]) == Counter({"blue": 2, "red": 2, "green": 1})
    # a locomotive may be one of the three
    assert s.apply("claim Stockholm-Turku blue*2+red*2+loco*1").owner("Stockholm-Turku") == 0
    # two or four cards do not make a locomotive
    refused(s, "claim Stockholm-Turku blue*2+red*2", "payment-count", "Stockholm-Turku", "3 or 5 cards")
    refused(s, "claim Stockholm-Turku blue*2+red*3+green*1", "payment-count", "Stockholm-Turku", "6")
    # both locomotives of a two-symbol ferry replaced: 2 green + 6 others
    u = position(g, hands=[{"green": 2, "red": 3, "blue": 3}, {}])
    assert u.apply("claim Stockholm-Tallinn green*2+red*3+blue*3").owner("Stockholm-Tallinn") == 0


def test_nordic_ferry_paid_with_three_red_plus_three_any_for_its_locomotive():
    g = load("nordic")
    # Mo I Rana-Trondheim#2: 6 red spaces, 2 locomotive symbols -> red*4 + loco + 3 any for the other
    s = position(g, hands=[{"red": 7, "white": 2, "loco": 1}, {}])
    t = s.apply("claim Mo I Rana-Trondheim#2 red*4+loco*1+red*1+white*2")
    assert t.owner("Mo I Rana-Trondheim#2") == 0 and t.trains == (34, 40) and t.view(0)["route_points"] == [15, 0]
    assert hand(t, 0) == {"red": 2}
    # Ålborg-Kristiansand: 1 red space + 1 locomotive symbol: 3 red replace the locomotive (4 red in all)
    assert s.apply("claim Ålborg-Kristiansand red*4").owner("Ålborg-Kristiansand") == 0
    # Helsinki-Stockholm#2 (yellow, 4 spaces, 1 symbol): 3 yellow + 3 any
    u = position(g, hands=[{"yellow": 3, "red": 3}, {}])
    t = u.apply("claim Helsinki-Stockholm#2 yellow*3+red*3")
    assert t.owner("Helsinki-Stockholm#2") == 0 and hand(t, 0) == {}
    # the refusal names the route in words, never by its key ("#2")
    r = refused(u, "claim Helsinki-Stockholm#2 yellow*2+red*3", "payment-count",
                "The second Helsinki-Stockholm route, the yellow one,", "4 or 6 cards")
    assert "#2" not in r.text


def test_nordic_tunnel_locomotives_are_jokers_and_reveal_as_in_europe():
    g = load("nordic")
    s = position(g, hands=[{"pink": 2, "loco": 3}, {}], deck=["pink", "loco", "red"])
    s = s.apply("claim Lillehammer-Oslo pink*1+loco*1")
    assert s.to_dict()["tunnel"] == {"route": "Lillehammer-Oslo", "payment": "pink*1+loco*1",
                                     "revealed": ["pink", "loco", "red"], "extra": 2}
    assert sorted(str(a) for a in s.legal_actions()) == ["abandon", "pay loco*2", "pay pink*1+loco*1"]
    t = s.apply("pay loco*2")
    assert t.owner("Lillehammer-Oslo") == 0 and hand(t, 0) == {"pink": 1}
    t = s.apply("abandon")
    assert hand(t, 0) == {"pink": 2, "loco": 3} and sorted(t.to_dict()["discard"]) == ["loco", "pink", "red"]
    # all locomotives: only revealed locomotives count
    s = position(g, hands=[{"loco": 3}, {}], deck=["pink", "pink", "red"])
    t = s.apply("claim Lillehammer-Oslo loco*2")
    assert t.owner("Lillehammer-Oslo") == 0 and t.current_player == 1


def test_nordic_tunnel_has_no_three_or_four_for_one_substitution():
    g = load("nordic")
    s = position(g, hands=[{"pink": 1, "blue": 3, "red": 4, "green": 3}, {}])
    # 3 any cards do not replace a card on a tunnel (Lillehammer-Oslo: 2 pink spaces)
    refused(s, "claim Lillehammer-Oslo pink*1+red*3", "payment-count", "Lillehammer-Oslo", "2 cards", "offered 4")
    # nor do 4 any cards (Bergen-Oslo: 4 blue spaces)
    refused(s, "claim Bergen-Oslo blue*3+red*4", "payment-count", "Bergen-Oslo", "4 cards", "offered 7")
    refused(s, "claim Bergen-Oslo blue*3+green*1", "one-colour", "Bergen-Oslo", "green and blue")
    assert not [a for a in s.legal_actions() if getattr(a, "route", None) in ("Lillehammer-Oslo", "Bergen-Oslo")]


def test_murmansk_lieksa_seven_green_plus_eight_others():
    g = load("nordic")
    s = position(g, hands=[{"green": 7, "red": 3, "blue": 3, "loco": 2}, {}],
                 **trains_left(g, [12, 40], free=["Lieksa-Murmansk"]))
    t = s.apply("claim Lieksa-Murmansk green*7+red*3+blue*3+loco*2")
    assert t.owner("Lieksa-Murmansk") == 0
    assert t.trains == (3, 40)                          # still 9 trains placed
    before = s.points[0]                                # the routes holding player 0's other 28 trains
    assert t.view(0)["route_points"] == [before + 27, 0] and t.score_breakdown()[0].route_points == before + 27
    assert hand(t, 0) == {}
    assert Counter(t.to_dict()["discard"]) == Counter({"green": 7, "red": 3, "blue": 3, "loco": 2})
    # 9 of one colour is the plain payment; 14 or 16 cards are not whole sets of four
    assert position(g, hands=[{"green": 9}, {}]).apply("claim Lieksa-Murmansk green*9").trains == (31, 40)
    refused(s, "claim Lieksa-Murmansk green*7+red*3+blue*3+loco*1", "payment-count", "Lieksa-Murmansk", "any 4 cards")
    u = position(g, hands=[{"green": 7, "red": 5, "blue": 4}, {}])
    refused(u, "claim Lieksa-Murmansk green*7+red*5+blue*4", "payment-count", "Lieksa-Murmansk", "16")
    # and the route still needs 9 trains
    v = position(g, hands=[{"green": 7, "red": 3, "blue": 3, "loco": 2}, {}],
                 **trains_left(g, [8, 40], free=["Lieksa-Murmansk"]))
    refused(v, "claim Lieksa-Murmansk green*7+red*3+blue*3+loco*2", "not-enough-trains", "9 trains", "8 left")


def test_murmansk_lieksa_locomotives_only_inside_a_set_of_four():
    g = load("nordic")
    s = position(g, hands=[{"green": 8, "red": 3, "loco": 4}, {}])
    refused(s, "claim Lieksa-Murmansk green*8+loco*1", "payment", "Lieksa-Murmansk")
    assert s.apply("claim Lieksa-Murmansk green*8+loco*4").owner("Lieksa-Murmansk") == 0
    assert s.apply("claim Lieksa-Murmansk green*8+red*3+loco*1").owner("Lieksa-Murmansk") == 0


def test_nordic_double_route_closed_with_two_players_even_when_sides_differ():
    g = load("nordic")
    # Kristiansand-Stavanger: a 2-space green tunnel / a 3-space orange ferry
    s = position(g, hands=[{"green": 2}, {"orange": 2, "loco": 1}], deck=["white", "white", "white"])
    s = s.apply("claim Kristiansand-Stavanger green*2")
    assert s.owner("Kristiansand-Stavanger") == 0
    refused(s, "claim Kristiansand-Stavanger#2 orange*2+loco*1", "double-routes", "Kristiansand", "Stavanger",
            "2 players")
    # Mo I Rana-Trondheim: a 5-space green tunnel / a 6-space red ferry
    t = position(g, hands=[{}, {"green": 5}], routes={"Mo I Rana-Trondheim#2": 0}, current_player=1)
    refused(t, "claim Mo I Rana-Trondheim green*5", "double-routes", "Mo I Rana", "Trondheim")
    # Helsinki-Stockholm: grey ferry with 2 symbols / yellow ferry with 1
    u = position(g, hands=[{}, {"yellow": 3, "loco": 1}], routes={"Helsinki-Stockholm": 0}, current_player=1)
    refused(u, "claim Helsinki-Stockholm#2 yellow*3+loco*1", "double-routes", "Helsinki", "Stockholm")


def test_nordic_double_route_both_usable_with_three_never_both_to_one_player():
    g = load("nordic", players=3)
    hands = [{"green": 2, "orange": 2, "loco": 1}, {"orange": 2, "loco": 1}, {}]
    s = position(g, hands=hands, deck=["white", "white", "white", "white", "white", "white"])
    s = s.apply("claim Kristiansand-Stavanger green*2")
    refused(position(g, hands=hands, routes={"Kristiansand-Stavanger": 0}),
            "claim Kristiansand-Stavanger#2 orange*2+loco*1", "double-routes", "never")
    s = s.apply("claim Kristiansand-Stavanger#2 orange*2+loco*1")
    assert (s.owner("Kristiansand-Stavanger"), s.owner("Kristiansand-Stavanger#2")) == (0, 1)
    assert s.score_breakdown()[1].route_points == 4 and s.score_breakdown()[0].route_points == 2


def test_nordic_route_points_table_nine_spaces_27():
    g = load("nordic")
    assert g.rules.route_points == (1, 2, 4, 7, 10, 15, 0, 0, 27)
    lengths = {}
    for r in g.board.routes:
        lengths.setdefault(r.length, r)
    assert sorted(lengths) == [1, 2, 3, 4, 5, 6, 9]
    s = position(g, routes={r.key: 0 for r in lengths.values()})
    assert s.score_breakdown()[0].route_points == 1 + 2 + 4 + 7 + 10 + 15 + 27


def test_two_nordic_players_tied_on_tickets_both_score_the_globetrotter():
    g = load("nordic", players=3)
    s = position(g, routes={"Helsinki-Tampere": 0, "Helsinki-Tallinn": 0,
                            "Oslo-Örebro": 1, "Örebro-Stockholm": 1, "Boden-Tornio": 2},
                 tickets=[["Tampere-Tallinn"], ["Oslo-Stockholm", "Oslo-Helsinki"], ["Oslo-København"]])
    rows = s.score_breakdown()
    assert [r.tickets_completed for r in rows] == [1, 1, 0]
    assert [r.globetrotter for r in rows] == [10, 10, 0]
    assert [r.total for r in rows] == [3 + 3 + 10, 4 + 4 - 8 + 10, 1 - 4]


def test_nordic_no_longest_path_bonus_and_no_globetrotter_without_tickets():
    g = load("nordic")
    s = position(g, routes={"Mo I Rana-Trondheim#2": 0})
    rows = s.score_breakdown()
    assert rows[0].longest_path == 6 and rows[0].longest_bonus == 0
    assert [r.globetrotter for r in rows] == [0, 0]
    assert rows[0].total == 15


def test_nordic_ties_completed_tickets_then_longest_path_length():
    g = load("nordic")
    assert g.rules.tie_breakers == ("most_tickets_completed", "longest_path_length")
    # 18 each, one ticket each; player 1's longest path is 4, player 0's 3 -> player 1
    s = position(g, routes={"Helsinki-Tampere": 0, "Helsinki-Tallinn": 0, "Boden-Tornio": 0, "Kajaani-Lieksa": 0,
                            "Oslo-Örebro": 1, "Örebro-Stockholm": 1},
                 tickets=[["Tampere-Tallinn"], ["Oslo-Stockholm"]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [18, 18] and [r.tickets_completed for r in rows] == [1, 1]
    assert [r.longest_path for r in rows] == [3, 4]
    assert s.winners() == (1,)
    # completed tickets come first: 16 each; player 0 completed a ticket, player 1 has the longer path
    s = position(g, routes={"Helsinki-Tampere": 0, "Helsinki-Tallinn": 0,
                            "Kirkenes-Rovaniemi": 1, "Göteborg-Norrköping": 1, "Oslo-Örebro": 1},
                 tickets=[["Tampere-Tallinn"], []])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [16, 16] and [r.longest_path for r in rows] == [3, 5]
    assert s.winners() == (0,)
    # equal in everything: shared
    s = position(g, routes={"Oslo-Örebro": 0, "Göteborg-Oslo": 1})
    assert [r.total for r in s.score_breakdown()] == [2, 2] and s.winners() == (0, 1)
