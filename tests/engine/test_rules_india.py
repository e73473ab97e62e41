"""Scenario tests for rules-new-editions.md §1 (India, Map Collection 2), one or a few per rule bullet.

Bullet -> test(s)

Players, pieces, cards
  2-4 players                                ... test_india_two_to_four_players
  45 trains each                             ... test_india_45_trains_each
  train cards: the base 110                  ... test_india_train_cards_the_base_110
  starting hand 4 cards                      ... test_india_starting_hand_four_cards
  display, face-up locomotive, flush: base   ... test_india_display_face_up_locomotive_and_flush_are_base
  locomotives wild on every route            ... test_india_locomotives_wild_on_every_route
Tickets
  58 tickets, one deck                       ... test_india_58_tickets_one_deck
  opening: dealt 4, keep >= 2, the others to the bottom
      ... test_india_opening_four_keep_at_least_two_others_to_the_bottom
  during play: draw 3 (fewer if fewer remain), keep >= 1, the rest to the bottom
      ... test_india_ticket_draw_three_fewer_if_fewer_remain_keep_one_rest_to_the_bottom
Routes
  route points 1,2,3,4,6,8 -> 1,2,4,7,15,21; no route of length 5
      ... test_india_route_points_no_length_five_and_eight_spaces_score_21
  ferries: one locomotive per symbol, the rest as a grey route
      ... test_india_ferry_one_locomotive_per_symbol_rest_as_grey
  double routes: both only with 4 players; with 2-3 one closes the other; never both for one player
      ... test_india_double_routes_both_only_with_four_players_never_both_for_one
End and scoring
  end trigger: base (<= 2 trains)            ... test_india_end_trigger_two_trains_or_fewer
  Indian Express: 10 to the longest path, every tied player scores it
      ... test_india_indian_express_ten_points_to_every_tied_player
  Grand Tour: the owner's own trains join the ticket's cities by two continuous paths that may meet
  at cities or cross but share no route
      ... test_india_grand_tour_a_simple_loop_qualifies,
          test_india_grand_tour_paths_may_meet_at_a_city_figure_eight,
          test_india_grand_tour_no_route_in_both_paths,
          test_india_grand_tour_only_the_owners_own_routes
  Grand Tour bonus 1->5, 2->10, 3->20, 4->30, 5+->40; a qualifying ticket also scores its value
      ... test_india_grand_tour_bonus_by_number_of_qualifying_tickets,
          test_india_grand_tour_ticket_also_scores_its_own_value
  tie-breakers: base (most completed tickets, then the Indian Express holder)
      ... test_india_tie_breakers_most_tickets_then_indian_express_holder
Silent or disagreeing
  city spellings: the board's own, BGA's Waltair printed "Waltain" (board_label)
      ... test_india_city_spellings_printed_board_label
  older BGA file's minimumPlayerForDoubleRoutes = 4 vs the default table: same rule
      ... test_india_double_routes_both_only_with_four_players_never_both_for_one
"""
from __future__ import annotations

import pytest

import ttr_nb
from tests.engine.scenario import hand, load, position, refused, trains_left


# ------------------------------------------------------------------------- players, pieces, cards
def test_india_two_to_four_players():
    for n in (2, 3, 4):
        assert ttr_nb.load_game("india", players=n).new_state().num_players == n
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            ttr_nb.load_game("india", players=n)


def test_india_45_trains_each():
    for n in (2, 4):
        assert ttr_nb.load_game("india", players=n).new_state().trains == (45,) * n


def test_india_train_cards_the_base_110():
    g = load("india")
    assert (g.rules.cards_per_colour, g.rules.locomotives, g.rules.total_cards) == (12, 14, 110)
    d = g.new_state().to_dict()
    held = sum(sum(h.values()) for h in d["hands"]) + len(d["deck"]) + len(d["display"]) + len(d["discard"])
    assert held == 110


def test_india_starting_hand_four_cards():
    s = load("india", players=4).new_state()
    assert [sum(s.hand(p).as_dict().values()) for p in range(4)] == [4, 4, 4, 4]
    assert len(s.to_dict()["display"]) == 5


def test_india_display_face_up_locomotive_and_flush_are_base():
    g = load("india")
    assert (g.rules.face_up_locomotive_costs_two, g.rules.display_flush_at) == (True, 3)
    s = position(g, deck=["white", "loco", "green", "blue", "white", "black", "pink"],
                 display=["loco", "loco", "red", "orange", "yellow"])
    t = s.apply("draw loco")                      # a face-up locomotive is the whole draw
    assert hand(t, 0) == {"loco": 1} and t.current_player == 1
    u = s.apply("draw red")                       # replacement white: 2 locomotives, no flush
    refused(u, "draw loco", "face-up-locomotive")
    u = u.apply("draw white")                     # replacement loco: 3 locomotives -> flushed
    assert sorted(u.to_dict()["discard"]) == sorted(["loco", "loco", "orange", "yellow", "loco"])
    assert u.to_dict()["display"] == ["green", "blue", "white", "black", "pink"]


def test_india_locomotives_wild_on_every_route():
    g = load("india")
    assert g.rules.locomotives_on == {"ordinary", "tunnel", "ferry"}
    s = position(g, hands=[{"loco": 8}, {}])
    for route, n in (("Agra-Delhi", 2), ("Agra-Lucknow", 2), ("Calcutta-Chittagong", 2), ("Calcutta-Madras", 8)):
        t = s.apply(f"claim {route} loco*{n}")     # coloured, grey, ferry, the 8-space ferry
        assert t.owner(route) == 0 and hand(t, 0) == ({"loco": 8 - n} if n < 8 else {})


# ---------------------------------------------------------------------------------------- tickets
def test_india_58_tickets_one_deck():
    g = load("india")
    assert len(g.board.tickets) == 58 and {t.deck for t in g.board.tickets} == {"regular"}
    assert g.board.optional_ticket_decks == {}
    d = g.new_state().to_dict()
    assert len(d["ticket_deck"]) + sum(len(o) for o in d["opening_offers"]) == 58


def test_india_opening_four_keep_at_least_two_others_to_the_bottom():
    s = ttr_nb.load_game("india", players=3, seed=4).new_state()
    d = s.to_dict()
    assert [len(o) for o in d["opening_offers"]] == [4, 4, 4]
    assert len(d["ticket_deck"]) == 58 - 12
    refused(s, "keep 1", "keep-minimum", "at least 2", "4")
    s = s.apply("keep 0,3")                       # keeps 2: the other two go to the bottom
    s = s.apply("keep 0,1,2")                     # keeps 3
    s = s.apply("keep 0,1,2,3")                   # keeps all 4
    t = s.to_dict()
    o0, o1, o2 = d["opening_offers"]
    assert t["tickets"] == [[o0[0], o0[3]], o1[:3], o2]
    assert t["ticket_deck"] == d["ticket_deck"] + [o0[1], o0[2], o1[3]]   # at the bottom, in order
    assert t["removed_tickets"] == [] and s.phase == "turn"


def test_india_ticket_draw_three_fewer_if_fewer_remain_keep_one_rest_to_the_bottom():
    g = load("india")
    deck = ["Agra-Jarhat", "Ahmadabad-Calicut", "Ambala-Mormugau", "Ambala-Ratiam"]
    s = position(g, ticket_deck=deck)
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == deck[:3]
    refused(s, "keep", "action-syntax")
    s = s.apply("keep 1")
    assert s.to_dict()["tickets"] == [["Ahmadabad-Calicut"], []]
    assert s.to_dict()["ticket_deck"] == ["Ambala-Ratiam", "Agra-Jarhat", "Ambala-Mormugau"]
    s = position(g, ticket_deck=deck[:2])          # fewer remain: the offer is what is left
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == deck[:2] and s.to_dict()["ticket_deck"] == []
    assert [str(a) for a in s.legal_actions()] == ["keep 0", "keep 1", "keep 0,1"]


# ---------------------------------------------------------------------------------------- routes
def test_india_route_points_no_length_five_and_eight_spaces_score_21():
    g = load("india")
    assert g.rules.route_points == (1, 2, 4, 7, 0, 15, 0, 21)
    assert {n: g.rules.points_for(n) for n in (1, 2, 3, 4, 6, 8)} == {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}
    for missing in (5, 7):
        with pytest.raises(ValueError, match=f"length {missing}"):
            g.rules.points_for(missing)
    assert 5 not in {r.length for r in g.board.routes}
    s = position(g, hands=[{"red": 6, "loco": 2}, {}])
    s = s.apply("claim Calcutta-Madras red*6+loco*2")          # the one 8-space route (a ferry)
    assert s.trains == (37, 45) and s.view(0)["route_points"] == [21, 0]
    assert s.score_breakdown()[0].route_points == 21


def test_india_ferry_one_locomotive_per_symbol_rest_as_grey():
    g = load("india")
    s = position(g, hands=[{"red": 6, "blue": 3, "loco": 3}, {}])
    refused(s, "claim Calcutta-Chittagong red*2", "ferry-locomotives", "Calcutta-Chittagong", "1 locomotive",
            "has 0")
    assert hand(s.apply("claim Calcutta-Chittagong red*1+loco*1"), 0) == {"red": 5, "blue": 3, "loco": 2}
    assert s.apply("claim Calcutta-Chittagong blue*1+loco*1").owner("Calcutta-Chittagong") == 0  # any colour
    refused(s, "claim Bombay-Calicut red*5+loco*1", "ferry-locomotives", "Bombay-Calicut", "2 locomotives",
            "has 1")
    assert s.apply("claim Bombay-Calicut red*4+loco*2").owner("Bombay-Calicut") == 0
    assert s.apply("claim Bombay-Calicut red*3+loco*3").owner("Bombay-Calicut") == 0   # wild beyond the symbols
    refused(s, "claim Bombay-Calicut red*2+blue*2+loco*2", "one-colour", "red and blue")


@pytest.mark.parametrize("players,both", [(2, False), (3, False), (4, True)])
def test_india_double_routes_both_only_with_four_players_never_both_for_one(players, both):
    g = load("india", players=players)
    assert g.rules.double_routes_min_players == 4
    assert sum(r.twin is not None for r in g.board.routes) == 2 * 28
    s = position(g, hands=[{"yellow": 2}, {"blue": 2}] + [{}] * (players - 2),
                 routes={"Dhubri-Patna#2": 0}, current_player=1)
    if both:
        assert s.apply("claim Dhubri-Patna blue*2").owner("Dhubri-Patna") == 1
    else:
        refused(s, "claim Dhubri-Patna blue*2", "double-routes", "Dhubri", "Patna", f"{players} players")
    t = position(g, hands=[{"blue": 2}, {}] + [{}] * (players - 2), routes={"Dhubri-Patna#2": 0})
    refused(t, "claim Dhubri-Patna blue*2", "double-routes", "Dhubri", "Patna")


# ---------------------------------------------------------------------------------- end and scoring
def test_india_end_trigger_two_trains_or_fewer():
    g = load("india", players=3)
    assert g.rules.final_round_trains == 2
    s = position(g, hands=[{"pink": 3}, {}, {}], **trains_left(g, [5, 30, 30], free=["Indur-Manmad"]))
    s = s.apply("claim Indur-Manmad pink*3")         # ends the turn with 2 trains
    assert s.trains[0] == 2 and s.to_dict()["final_round"] == 3
    seen = []
    while not s.is_over():
        seen.append(s.current_player)
        s = s.apply("draw deck").apply("draw deck")
    assert seen == [1, 2, 0]                          # everyone once more, the trigger included
    t = position(g, hands=[{"pink": 3}, {}, {}], **trains_left(g, [6, 30, 30], free=["Indur-Manmad"]))
    assert t.apply("claim Indur-Manmad pink*3").to_dict()["final_round"] is None   # 3 left: not yet


def test_india_indian_express_ten_points_to_every_tied_player():
    g = load("india", players=3)
    assert (g.rules.longest_path_bonus, g.rules.longest_path_name) == (10, "Indian Express")
    assert g.rules.longest_path_card == "Indian Express" and load("usa", players=3).rules.longest_path_card is None
    s = position(g, routes={"Ambala-Lahore": 0, "Bilaspur-Calcutta": 1, "Agra-Delhi": 2})
    rows = s.score_breakdown()
    assert [r.longest_path for r in rows] == [4, 4, 2]
    assert [r.longest_bonus for r in rows] == [10, 10, 0]
    assert [r.total for r in rows] == [17, 17, 2]


LOOP = {"Ambala-Lahore": 0, "Ambala-Delhi": 0, "Bhatinda-Delhi": 0, "Bhatinda-Lahore": 0}   # 4+2+3+2 trains


def test_india_grand_tour_a_simple_loop_qualifies():
    g = load("india")
    s = position(g, routes=LOOP, tickets=[["Lahore-Delhi"], []])
    row = s.score_breakdown()[0]
    assert row.tickets[0].completed and row.ticket_points == 5
    (tour,) = row.grand_tours
    assert tour.ticket == "Lahore-Delhi" and (tour.source, tour.target) == ("Lahore", "Delhi")
    assert sorted(tour.paths) == [("Ambala-Lahore", "Ambala-Delhi"), ("Bhatinda-Lahore", "Bhatinda-Delhi")]
    assert row.grand_tour == 5
    assert row.total == 7 + 2 + 4 + 2 + 5 + 5 + 10      # routes, ticket, Grand Tour, Indian Express


def test_india_grand_tour_paths_may_meet_at_a_city_figure_eight():
    g = load("india")
    # two loops through Bhatinda: Lahore-Jacobabad-Rohri-Bhatinda-Lahore and Bhatinda-Ambala-Delhi-Bhatinda
    eight = {"Bhatinda-Lahore": 0, "Jacobabad-Lahore": 0, "Jacobabad-Rohri": 0, "Bhatinda-Rohri": 0,
             "Ambala-Bhatinda": 0, "Ambala-Delhi": 0, "Bhatinda-Delhi": 0}
    s = position(g, routes=eight, tickets=[["Lahore-Delhi"], []])
    (tour,) = s.score_breakdown()[0].grand_tours
    first, second = tour.paths
    assert not set(first) & set(second)                  # no route in both ...
    cities = [{c for k in p for c in g.board.route[k].ends} for p in tour.paths]
    assert cities[0] & cities[1] == {"Lahore", "Bhatinda", "Delhi"}   # ... but they meet at Bhatinda
    # a dumbbell (the loops joined by one route instead of one city) does not qualify across it
    dumbbell = {"Bhatinda-Lahore": 0, "Jacobabad-Lahore": 0, "Jacobabad-Rohri": 0, "Bhatinda-Rohri": 0,
                "Bhatinda-Delhi": 0, "Agra-Delhi": 0, "Agra-Lucknow": 0, "Delhi-Lucknow": 0}
    row = position(g, routes=dumbbell, tickets=[["Lahore-Delhi", "Rohri-Agra"], []]).score_breakdown()[0]
    assert [t.completed for t in row.tickets] == [True, True]
    assert row.grand_tours == () and row.grand_tour == 0


def test_india_grand_tour_no_route_in_both_paths():
    g = load("india")
    # a path Lahore-Ambala-Delhi with a loop hanging at Delhi: every way to Delhi uses Ambala-Lahore
    pendant = {"Ambala-Lahore": 0, "Ambala-Delhi": 0, "Agra-Delhi": 0, "Agra-Lucknow": 0, "Delhi-Lucknow": 0}
    row = position(g, routes=pendant, tickets=[["Lahore-Delhi"], []]).score_breakdown()[0]
    assert row.tickets[0].completed and row.ticket_points == 5
    assert row.grand_tours == () and row.grand_tour == 0
    # the loop closed at Lahore (Bhatinda's two routes) gives the second path
    closed = dict(pendant, **{"Bhatinda-Lahore": 0, "Bhatinda-Delhi": 0})
    assert [t.ticket for t in position(g, routes=closed, tickets=[["Lahore-Delhi"], []])
            .score_breakdown()[0].grand_tours] == ["Lahore-Delhi"]


def test_india_grand_tour_only_the_owners_own_routes():
    g = load("india", players=4)
    # the loop's fourth route belongs to another player: the ticket is completed, once
    mixed = dict(LOOP, **{"Bhatinda-Delhi": 1})
    rows = position(g, routes=mixed, tickets=[["Lahore-Delhi"], [], [], []]).score_breakdown()
    assert rows[0].tickets[0].completed and rows[0].grand_tours == () and rows[0].grand_tour == 0
    # with 4 players both tracks of a double are in play; the other player's track never helps
    twins = {"Ambala-Lahore": 0, "Ambala-Delhi": 0, "Ambala-Delhi#2": 1}
    rows = position(g, routes=twins, tickets=[["Lahore-Delhi"], [], [], []]).score_breakdown()
    assert rows[0].tickets[0].completed and rows[0].grand_tours == ()


CYCLE = ("Delhi-Jaipur", "Jaipur-Jodhpur", "Jodhpur-Karachi", "Bombay-Karachi", "Bombay-Poona", "Manmad-Poona",
         "Khandwa-Manmad", "Khandwa-Raipur", "Bilaspur-Raipur", "Bilaspur-Katni", "Katni-Lucknow", "Delhi-Lucknow")
ON_CYCLE = ["Jaipur-Raipur", "Jodhpur-Lucknow", "Jodhpur-Khandwa", "Karachi-Delhi", "Karachi-Poona", "Katni-Khandwa",
            "Lucknow-Bombay", "Raipur-Manmad", "Jaipur-Poona"]


@pytest.mark.parametrize("count,bonus", [(0, 0), (1, 5), (2, 10), (3, 20), (4, 30), (5, 40), (6, 40), (9, 40)])
def test_india_grand_tour_bonus_by_number_of_qualifying_tickets(count, bonus):
    g = load("india")
    assert g.rules.grand_tour_points == (0, 5, 10, 20, 30, 40)
    assert g.rules.grand_tour_bonus(count) == bonus
    # one loop of 12 routes through 12 cities: every ticket between two of them qualifies
    s = position(g, routes={k: 0 for k in CYCLE}, tickets=[ON_CYCLE[:count] + ["Agra-Jarhat"], []])
    row = s.score_breakdown()[0]
    assert len(row.grand_tours) == count and row.grand_tour == bonus
    assert "Agra-Jarhat" not in {t.ticket for t in row.grand_tours}      # not completed: never a Grand Tour
    rows = s.score_breakdown()
    assert rows[0].total == (rows[0].route_points + rows[0].ticket_points + rows[0].longest_bonus + bonus)


def test_india_grand_tour_ticket_also_scores_its_own_value():
    g = load("india")
    with_loop = position(g, routes=LOOP, tickets=[["Lahore-Delhi"], []]).score_breakdown()[0]
    without = position(g, routes=LOOP, tickets=[[], []]).score_breakdown()[0]
    assert with_loop.ticket_points == 5 and with_loop.grand_tour == 5
    assert with_loop.total - without.total == 5 + 5


def test_india_tie_breakers_most_tickets_then_indian_express_holder():
    g = load("india")
    assert g.rules.tie_breakers == ("most_tickets_completed", "longest_path_bonus")
    # tied on 21, both hold the Indian Express (paths of 5); player 1 completed Lahore-Delhi -> player 1
    s = position(g, routes={"Ambala-Lahore": 0, "Lahore-Peshawar": 0, "Agra-Delhi": 0, "Bareilly-Lucknow": 0,
                            "Bhatinda-Lahore": 1, "Bhatinda-Delhi": 1},
                 tickets=[[], ["Lahore-Delhi"]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [21, 21] and [r.longest_bonus for r in rows] == [10, 10]
    assert [r.tickets_completed for r in rows] == [0, 1]
    assert s.winners() == (1,)
    # tied on 17 and on tickets (none): player 0 alone holds the Indian Express -> player 0
    s = position(g, routes={"Ambala-Lahore": 0, "Bhatinda-Delhi": 1, "Jodhpur-Karachi": 1, "Indur-Manmad": 1,
                            "Madras-Waltair": 1, "Bareilly-Lucknow": 1})
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [17, 17] and [r.longest_bonus for r in rows] == [10, 0]
    assert s.winners() == (0,)
    # tied on everything, both hold it: a shared win
    s = position(g, routes={"Ambala-Lahore": 0, "Bilaspur-Calcutta": 1})
    assert [r.total for r in s.score_breakdown()] == [17, 17] and s.winners() == (0, 1)


# ---------------------------------------------------------------------------------- silent or disagreeing
def test_india_city_spellings_printed_board_label():
    b = load("india").board
    assert {"Jarhat", "Mormugau", "Ratiam", "Waltair"} <= set(b.city)
    assert b.city["Waltair"].board_label == "Waltain" and b.city["Waltair"].label == "Waltain"
    assert [c.name for c in b.cities if c.label != c.name] == ["Waltair"]


def test_india_grand_tour_table_in_the_edition_record_is_checked():
    from dataclasses import replace

    from ttr_nb.engine.rules import _check
    rules = ttr_nb.load_rules("india")
    _check(rules)
    for bad in ((5, 10, 20), (0, 10, 5), (0, -5)):
        with pytest.raises(ValueError, match="bonuses.grand_tour must start at 0"):
            _check(replace(rules, grand_tour_points=bad))
    assert replace(rules, grand_tour_points=()).grand_tour_bonus(3) == 0       # no table: no Grand Tour
