"""Scenario tests for RULES.md §1 (core rules) and §2 (USA), one or a few per rule bullet.

Bullet -> test(s)

§1 Components
  110 train cards (8 x 12 + 14 locomotives) ........ test_train_cards_eight_colours_twelve_each_plus_fourteen_locomotives
  trains per edition, score marker at 0 ............ test_each_player_starts_with_the_edition_train_stock_and_score_zero
  one bonus card (longest path / Globetrotter) ...... test_one_bonus_card_longest_path_or_globetrotter_by_edition
§1 Setup
  deal 4, turn 5 face up, flush the opening display  test_setup_deals_four_cards_each_and_five_face_up,
                                                     test_opening_display_is_flushed_when_it_shows_three_locomotives
  opening tickets, keep the minimum, returns ........ test_opening_tickets_dealt_and_at_least_the_minimum_kept
                                                     (+ per edition: test_usa_opening_deal_three_keep_two_returned_to_bottom,
                                                      europe/switzerland/nordic files)
  first player index, clockwise ...................... test_first_player_index_and_play_goes_clockwise
§1 A turn is exactly one action ....................... test_a_turn_is_exactly_one_action
§1 Drawing train cards
  2 cards, display replaced before the second pick ... test_draw_two_cards_display_card_replaced_before_second_pick,
                                                     test_blind_draw_takes_the_top_of_the_deck
  face-up locomotive "expensive" ...................... test_face_up_locomotive_expensive_only_as_first_pick_and_ends_draw,
                                                     test_blind_locomotive_counts_as_one_normal_card,
                                                     test_replacement_locomotive_after_first_pick_cannot_be_second_card
  face-up locomotive "ordinary" ....................... test_face_up_locomotive_ordinary_taken_like_any_card_and_second_follows
  display flush at 3 locomotives (+ stopping rule) .... test_display_flush_three_locomotives_go_to_discard_five_new_turned_up,
                                                     test_display_flush_repeats_while_three_locomotives_show
  deck exhausted -> discard reshuffled; take only what
  exists; no draw when no card can be drawn .......... test_deck_exhausted_discard_is_shuffled_into_a_new_deck,
                                                     test_player_takes_only_the_cards_that_exist,
                                                     test_display_refilled_when_cards_return_to_an_exhausted_deck,
                                                     test_drawing_not_legal_when_no_card_can_be_drawn,
                                                     test_only_a_face_up_locomotive_left_can_still_be_drawn_first
  no hand limit ........................................ test_no_hand_limit
§1 Claiming a route
  pay length cards of the colour, grey any one colour,
  locomotives wild where allowed ...................... test_claim_pays_as_many_cards_as_spaces_in_the_route_colour,
                                                     test_grey_route_takes_any_one_colour_for_the_whole_payment,
                                                     test_locomotives_wild_where_the_edition_allows_them
  one train per space, enough trains needed ........... test_claim_places_one_train_per_space_and_needs_enough_trains
  score at once by the table .......................... test_route_scores_at_once_by_the_core_points_table
  need not connect, one route per turn ................ test_route_need_not_connect_and_one_route_per_turn
  double routes ......................................... test_double_route_closed_to_everyone_below_the_player_threshold,
                                                     test_double_route_never_both_to_one_player_at_the_threshold
§1 Drawing tickets ..................................... test_draw_tickets_three_keep_at_least_one_returned_to_bottom,
                                                     test_draw_tickets_takes_what_remains_when_fewer_than_three,
                                                     test_tickets_already_held_cannot_be_returned_and_no_limit_on_tickets,
                                                     test_draw_tickets_not_legal_when_ticket_deck_is_empty
§1 Game end (final round) .............................. test_final_round_every_player_including_the_trigger_gets_exactly_one_more_turn,
                                                     test_final_round_not_started_by_three_trains_nor_restarted
§1 Situations the rulebooks do not cover
  endless flush stopping rule ......................... test_endless_flush_stops_on_a_deck_of_almost_only_locomotives,
                                                     test_endless_flush_never_turns_up_more_cards_than_deck_and_discard_held
  no legal action: pass; a full round of passes ends .. test_pass_only_when_nothing_is_legal_and_game_ends_after_a_full_round_of_passes,
                                                     test_pass_refused_while_an_action_exists_and_any_action_resets_passes
  tunnel reveal with fewer than 3 cards .............. test_tunnel_reveal_with_short_deck_reshuffles_and_reveals_what_exists,
                                                     test_tunnel_reveal_with_no_cards_asks_no_extra
§1 Final scoring
  1. route points re-checked .......................... test_route_points_rechecked_running_score_equals_recomputed_sum
  2. tickets +/- (any path, own routes only) .......... test_completed_ticket_adds_value_uncompleted_subtracts_any_path_counts
  3. longest path (loops, each route once, all tied) . test_longest_path_may_loop_and_revisit_cities_but_uses_each_route_once,
                                                     test_longest_path_bonus_to_all_tied_players,
                                                     test_no_longest_path_bonus_without_routes
  4. highest total wins, tie chain, shared win ........ test_highest_total_wins_ties_more_tickets_then_longest_path_holder_else_shared
  route points table 1..6 -> 1,2,4,7,10,15 ........... test_route_scores_at_once_by_the_core_points_table
§2 USA
  2-5 players, 45 trains, 110 cards, 30 tickets ....... test_usa_two_to_five_players_45_trains_110_cards_30_tickets
  opening deal 3 keep >= 2, returns to the bottom ..... test_usa_opening_deal_three_keep_two_returned_to_bottom
  face-up locomotive expensive; flush at 3 ............ test_usa_face_up_locomotive_expensive_and_display_flush_at_three
                                                     (+ the §1 drawing tests, all played on the USA board)
  locomotives wild on every route ...................... test_locomotives_wild_where_the_edition_allows_them
  doubles both usable only with 4-5 players ........... test_usa_double_routes_both_usable_only_with_four_or_five_players
  longest path 10; ties tickets, holder, shared ....... test_usa_longest_path_bonus_ten_and_tie_breakers
§2 USA source disagreements
  opening tickets 3 (default) or 4 (option) ........... test_usa_option_opening_tickets_four_keep_two
  returned opening tickets bottom (default) / removed . test_usa_option_opening_returns_removed
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import ttr_nb
from tests.engine.scenario import hand, load, position, refused, seed_with_locomotives_in_first_display, trains_left
from ttr_nb.engine.actions import Pass

EDITIONS = ("usa", "europe", "switzerland", "nordic")


def all_cards(s) -> Counter:
    c = Counter(s.to_dict()["display"] + s.to_dict()["deck"] + s.to_dict()["discard"])
    for h in s.to_dict()["hands"]:
        c.update(h)
    return c


# ---------------------------------------------------------------------------------------- components
@pytest.mark.parametrize("edition", EDITIONS)
def test_train_cards_eight_colours_twelve_each_plus_fourteen_locomotives(edition):
    s = ttr_nb.load_game(edition, players=2, seed=5).new_state()
    counts = all_cards(s)
    assert counts == Counter({c: 12 for c in ("red", "orange", "yellow", "green", "blue", "pink", "white",
                                               "black")} | {"loco": 14})
    assert sum(counts.values()) == 110


@pytest.mark.parametrize("edition,trains", [("usa", 45), ("europe", 45), ("switzerland", 40), ("nordic", 40)])
def test_each_player_starts_with_the_edition_train_stock_and_score_zero(edition, trains):
    s = ttr_nb.load_game(edition, players=3, seed=5).new_state()
    assert s.trains == (trains,) * 3
    assert s.view(0)["route_points"] == [0, 0, 0]


@pytest.mark.parametrize("edition,longest,globetrotter",
                         [("usa", 10, 0), ("europe", 10, 0), ("switzerland", 10, 0), ("nordic", 0, 10)])
def test_one_bonus_card_longest_path_or_globetrotter_by_edition(edition, longest, globetrotter):
    g = load(edition)
    assert (g.rules.longest_path_bonus, g.rules.globetrotter_bonus) == (longest, globetrotter)
    # player 0 owns a 2-space route and completes nothing: only one kind of bonus is ever awarded
    route = next(r for r in g.board.routes if r.length == 2 and not r.tunnel and not r.ferry_locomotives)
    s = g.state_from_dict({"routes": {route.key: 0}})
    rows = s.score_breakdown()
    assert [r.longest_bonus for r in rows] == [longest, 0]
    assert [r.globetrotter for r in rows] == [0, 0]          # nobody completed a ticket


# ---------------------------------------------------------------------------------------- setup
@pytest.mark.parametrize("edition", EDITIONS)
def test_setup_deals_four_cards_each_and_five_face_up(edition):
    s = ttr_nb.load_game(edition, players=3, seed=2).new_state()
    assert [sum(h) for h in s.hands] == [4, 4, 4]
    assert len(s.display) == 5
    assert s.phase == "opening"


def test_opening_display_is_flushed_when_it_shows_three_locomotives():
    seed, first_display = seed_with_locomotives_in_first_display(players=2)
    s = ttr_nb.load_game("usa", players=2, seed=seed).new_state()
    assert s.to_dict()["display"].count("loco") < 3
    discard = s.to_dict()["discard"]
    assert len(discard) % 5 == 0 and len(discard) >= 5
    assert sorted(discard[:5]) == sorted(first_display)


def test_opening_tickets_dealt_and_at_least_the_minimum_kept():
    s = load("usa").new_state()
    offers = s.to_dict()["opening_offers"]
    assert [len(o) for o in offers] == [3, 3]
    r = refused(s, "keep 2", "keep-minimum", "at least 2", "3")
    assert "1 is too few" in r.text
    s = s.apply("keep 0,2")
    assert s.to_dict()["tickets"][0] == [offers[0][0], offers[0][2]]
    assert s.current_player == 1 and s.phase == "opening"


def test_first_player_index_and_play_goes_clockwise():
    g = ttr_nb.load_game("usa", players=3, seed=4, first_player=1)
    s = g.new_state()
    order = []
    for _ in range(3):
        order.append(s.current_player)
        s = s.apply("keep 0,1,2")
    assert order == [1, 2, 0]
    assert s.phase == "turn" and s.current_player == 1
    order = []
    for _ in range(4):
        order.append(s.current_player)
        s = s.apply("draw deck").apply("draw deck")
    assert order == [1, 2, 0, 1]
    assert ttr_nb.load_game("usa", players=3, seed=4).new_state().current_player == 0


# ---------------------------------------------------------------------------------------- one action
def test_a_turn_is_exactly_one_action():
    g = load("usa")
    s = position(g, deck=["blue", "green"], hands=[{"pink": 4}, {}],
                 display=["red", "red", "white", "black", "yellow"])
    # a claim is the whole turn
    t = s.apply("claim Denver-Omaha pink*4")
    assert t.current_player == 1 and t.phase == "turn"
    # half-way through a draw nothing else may be done
    d = s.apply("draw red")
    refused(d, "claim Denver-Omaha pink*4", "wrong-phase", "second train card")
    refused(d, "tickets", "wrong-phase", "second train card")
    # after drawing tickets only the choice is left, then the turn is over
    k = s.apply("tickets")
    refused(k, "draw deck", "wrong-phase", "choose which of the drawn tickets")
    refused(k, "claim Denver-Omaha pink*4", "wrong-phase")
    assert k.apply("keep 0").current_player == 1


# ---------------------------------------------------------------------------------------- drawing
def test_draw_two_cards_display_card_replaced_before_second_pick():
    g = load("usa")
    s = position(g, deck=["yellow", "orange", "pink"], display=["green", "red", "white", "black", "blue"])
    s = s.apply("draw green")
    assert hand(s, 0) == {"green": 1}
    assert sorted(s.to_dict()["display"]) == sorted(["red", "white", "black", "blue", "yellow"])
    assert s.phase == "draw2" and s.current_player == 0
    s = s.apply("draw yellow")                      # the replacement may be the second pick
    assert hand(s, 0) == {"green": 1, "yellow": 1}
    assert sorted(s.to_dict()["display"]) == sorted(["red", "white", "black", "blue", "orange"])
    assert s.to_dict()["deck"][0] == "pink"
    assert s.phase == "turn" and s.current_player == 1


def test_blind_draw_takes_the_top_of_the_deck():
    g = load("usa")
    s = position(g, deck=["black", "white", "pink"], display=["green", "red", "white", "black", "blue"])
    s = s.apply("draw deck").apply("draw deck")
    assert hand(s, 0) == {"black": 1, "white": 1}
    assert s.to_dict()["deck"][0] == "pink"
    assert s.to_dict()["display"] == ["green", "red", "white", "black", "blue"]
    assert s.current_player == 1


def test_face_up_locomotive_expensive_only_as_first_pick_and_ends_draw():
    g = load("usa")
    s = position(g, deck=["white", "pink"], display=["loco", "red", "green", "blue", "black"])
    t = s.apply("draw loco")
    assert hand(t, 0) == {"loco": 1}
    assert t.current_player == 1 and t.phase == "turn"          # the whole draw
    assert sorted(t.to_dict()["display"]) == sorted(["red", "green", "blue", "black", "white"])
    # not as the second pick
    u = s.apply("draw red")
    r = refused(u, "draw loco", "face-up-locomotive", "first card")
    assert "draw loco" not in [str(a) for a in u.legal_actions()]
    assert r is not None


def test_blind_locomotive_counts_as_one_normal_card():
    g = load("usa")
    s = position(g, deck=["loco", "red"], display=["green", "green", "white", "black", "blue"])
    s = s.apply("draw deck")
    assert hand(s, 0) == {"loco": 1} and s.phase == "draw2" and s.current_player == 0
    s = s.apply("draw deck")
    assert hand(s, 0) == {"loco": 1, "red": 1} and s.current_player == 1


def test_replacement_locomotive_after_first_pick_cannot_be_second_card():
    g = load("usa")
    s = position(g, deck=["loco", "pink"], display=["red", "green", "white", "black", "blue"])
    s = s.apply("draw red")
    assert "loco" in s.to_dict()["display"]
    refused(s, "draw loco", "face-up-locomotive", "already taken one card")
    s = s.apply("draw deck")
    assert hand(s, 0) == {"red": 1, "pink": 1}


@pytest.mark.parametrize("edition", ["switzerland", "nordic"])
def test_face_up_locomotive_ordinary_taken_like_any_card_and_second_follows(edition):
    g = load(edition)
    s = position(g, deck=["white", "black", "pink"], display=["loco", "loco", "red", "green", "blue"])
    s = s.apply("draw loco")
    assert s.phase == "draw2" and s.current_player == 0            # the draw goes on
    s = s.apply("draw loco")                                        # even a second locomotive
    assert hand(s, 0) == {"loco": 2}
    assert s.current_player == 1
    assert sorted(s.to_dict()["display"]) == sorted(["red", "green", "blue", "white", "black"])


def test_display_flush_three_locomotives_go_to_discard_five_new_turned_up():
    g = load("usa")
    s = position(g, deck=["loco", "white", "black", "yellow", "orange", "pink", "red"],
                 display=["loco", "loco", "red", "green", "blue"])
    s = s.apply("draw red")
    d = s.to_dict()
    assert hand(s, 0) == {"red": 1}
    assert sorted(d["discard"]) == sorted(["loco", "loco", "green", "blue", "loco"])
    assert d["display"] == ["white", "black", "yellow", "orange", "pink"]
    assert d["deck"][0] == "red"
    assert s.phase == "draw2"


def test_display_flush_repeats_while_three_locomotives_show():
    g = load("usa")
    s = position(g, deck=["loco", "loco", "loco", "loco", "white", "black",
                          "yellow", "orange", "pink", "white", "green"],
                 display=["loco", "loco", "red", "green", "blue"])
    s = s.apply("draw red")
    d = s.to_dict()
    assert sorted(d["discard"]) == sorted(["loco", "loco", "green", "blue", "loco",
                                           "loco", "loco", "loco", "white", "black"])
    assert d["display"] == ["yellow", "orange", "pink", "white", "green"]


def test_three_face_up_locomotives_of_a_built_position_are_flushed_when_the_next_turn_starts():
    # a position built with three locomotives face up is kept as given (the tunnel lab asks what
    # they change), and played on: the player to move draws blind, and the next turn starts with
    # the flush rule applied, the deck holding the cards for a display with fewer locomotives
    g = load("usa")
    s = position(g, deck=["white", "black", "yellow", "orange", "pink", "red", "green"],
                 display=["loco", "loco", "loco", "red", "blue"])
    assert s.display.count(8) == 3
    s = s.apply("draw deck").apply("draw deck")
    d = s.to_dict()
    assert s.current_player == 1 and s.phase == "turn"
    assert hand(s, 0) == {"white": 1, "black": 1}
    assert sorted(d["discard"]) == sorted(["loco", "loco", "loco", "red", "blue"])
    assert d["display"] == ["yellow", "orange", "pink", "red", "green"]
    # a ticket draw ends the turn the same way
    s = position(g, deck=["white", "black", "yellow", "orange", "pink"], display=["loco", "loco", "loco", "red", "blue"])
    s = s.apply("tickets").apply("keep 0")
    assert s.current_player == 1 and s.to_dict()["display"] == ["white", "black", "yellow", "orange", "pink"]


def test_three_face_up_locomotives_stay_when_deck_and_discard_cannot_do_better():
    # the README's ruling: a short deck can leave three locomotives face up; the next turn keeps them
    g = load("usa")
    s = position(g, deck=["loco", "red"], rest=1, display=["loco", "loco", "loco", "red", "blue"])
    s = s.apply("draw deck")
    assert s.current_player == 0 and s.phase == "draw2"
    s = s.apply("draw deck")
    assert s.current_player == 1 and s.display.count(8) == 3


def test_deck_exhausted_discard_is_shuffled_into_a_new_deck():
    g = load("usa")
    s = position(g, deck=["pink"], rest="discard", display=["red", "green", "white", "black", "blue"],
                 hands=[{"yellow": 2}, {"orange": 3}])
    old_discard = Counter(s.to_dict()["discard"])
    s = s.apply("draw deck")
    assert hand(s, 0) == {"yellow": 2, "pink": 1} and s.to_dict()["deck"] == []
    s = s.apply("draw deck")                          # the deck is empty: the discard becomes the deck
    d = s.to_dict()
    assert d["discard"] == [] and d["shuffles"] == 1
    drawn = Counter(hand(s, 0)) - Counter({"yellow": 2, "pink": 1})
    assert sum(drawn.values()) == 1
    assert Counter(d["deck"]) + drawn == old_discard
    assert d["deck"] != sorted(d["deck"], key=["red", "orange", "yellow", "green", "blue", "pink",
                                               "white", "black", "loco"].index)   # really shuffled


def test_player_takes_only_the_cards_that_exist():
    g = load("usa")
    s = position(g, deck=["pink"], rest=1, display=[])
    s = s.apply("draw deck")
    assert hand(s, 0) == {"pink": 1}
    assert s.current_player == 1 and s.phase == "turn"     # no second card exists: the draw ends
    # one face-up card and nothing else
    s = position(g, deck=[], rest=1, display=["green"])
    s = s.apply("draw green")
    assert hand(s, 0) == {"green": 1} and s.current_player == 1 and s.to_dict()["display"] == []


def test_display_refilled_when_cards_return_to_an_exhausted_deck():
    # deck and discard empty, one face-up card; a claim puts 4 cards on the discard pile: they are
    # shuffled into a new deck and the display is filled up again before the next player's turn
    g = load("usa")
    s = position(g, deck=[], rest=1, display=["red"], hands=[{"pink": 4}, {}])
    s = s.apply("claim Denver-Omaha pink*4")
    d = s.to_dict()
    assert d["display"] == ["red", "pink", "pink", "pink", "pink"]
    assert d["deck"] == [] and d["discard"] == [] and d["shuffles"] == 1


def test_drawing_not_legal_when_no_card_can_be_drawn():
    g = load("usa")
    s = position(g, deck=[], rest=1, display=[], hands=[{"pink": 4}, {}])
    refused(s, "draw deck", "deck-empty", "deck", "discard")
    refused(s, "draw red", "not-in-display", "red", "nothing")
    texts = [str(a) for a in s.legal_actions()]
    assert not [t for t in texts if t.startswith("draw")]
    assert "tickets" in texts and "claim Denver-Omaha pink*4" in texts


def test_only_a_face_up_locomotive_left_can_still_be_drawn_first():
    g = load("usa")
    s = position(g, deck=[], rest=1, display=["loco"])
    assert [str(a) for a in s.legal_actions() if str(a).startswith("draw")] == ["draw loco"]
    s = s.apply("draw loco")
    assert hand(s, 0) == {"loco": 1} and s.current_player == 1


def test_no_hand_limit():
    g = load("usa")
    big = {"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 11, "pink": 10}
    s = position(g, deck=["white", "black"], hands=[big, {}], display=["loco", "loco", "white", "black", "blue"])
    s = s.apply("draw deck").apply("draw deck")
    assert sum(hand(s, 0).values()) == 71


# ---------------------------------------------------------------------------------------- claiming
def test_claim_pays_as_many_cards_as_spaces_in_the_route_colour():
    g = load("usa")
    s = position(g, hands=[{"pink": 5, "red": 4}, {}])
    refused(s, "claim Denver-Omaha pink*3", "payment-count", "Denver-Omaha", "4", "3 pink")
    refused(s, "claim Denver-Omaha pink*5", "payment-count", "4", "5 pink")
    refused(s, "claim Denver-Omaha red*4", "route-colour", "Denver-Omaha", "pink", "red")
    refused(s, "claim Denver-Omaha pink*2+red*2", "one-colour", "red and pink", "Denver-Omaha")
    refused(s, "claim Calgary-Seattle blue*4", "not-in-hand", "4 blue")
    t = s.apply("claim Denver-Omaha pink*4")
    assert hand(t, 0) == {"pink": 1, "red": 4}
    assert t.to_dict()["discard"] == ["pink"] * 4
    assert t.owner("Denver-Omaha") == 0


def test_grey_route_takes_any_one_colour_for_the_whole_payment():
    g = load("usa")
    s = position(g, hands=[{"red": 4, "blue": 4}, {}])
    assert s.apply("claim Calgary-Seattle red*4").owner("Calgary-Seattle") == 0
    assert hand(s.apply("claim Calgary-Seattle blue*4"), 0) == {"red": 4}
    refused(s, "claim Calgary-Seattle red*2+blue*2", "one-colour", "red and blue", "Calgary-Seattle")


def test_locomotives_wild_where_the_edition_allows_them():
    # USA: locomotives are wild on every route (§2), as part of a payment or all of it
    g = load("usa")
    s = position(g, hands=[{"pink": 2, "loco": 4}, {}])
    t = s.apply("claim Denver-Omaha pink*2+loco*2")
    assert hand(t, 0) == {"loco": 2} and t.owner("Denver-Omaha") == 0
    t = s.apply("claim Calgary-Seattle loco*4")
    assert hand(t, 0) == {"pink": 2} and sorted(t.to_dict()["discard"]) == ["loco"] * 4
    assert "claim Calgary-Seattle loco*4" in [str(a) for a in s.legal_actions()]


def test_claim_places_one_train_per_space_and_needs_enough_trains():
    g = load("usa")
    s = position(g, hands=[{"pink": 4, "red": 3}, {}], trains=[45, 45])
    assert s.apply("claim Denver-Omaha pink*4").trains == (41, 45)
    s = position(g, hands=[{"pink": 4, "red": 3}, {}],
                 **trains_left(g, [3, 45], free=["Denver-Omaha", "Chicago-Duluth"]))
    refused(s, "claim Denver-Omaha pink*4", "not-enough-trains", "Denver-Omaha", "4 trains", "3 left")
    assert s.apply("claim Chicago-Duluth red*3").trains == (0, 45)


@pytest.mark.parametrize("route,pay,points", [
    ("Atlanta-Nashville", "red*1", 1), ("Atlanta-Charleston", "red*2", 2), ("Calgary-Vancouver", "red*3", 4),
    ("Calgary-Seattle", "red*4", 7), ("Atlanta-Miami", "blue*5", 10), ("Calgary-Winnipeg", "white*6", 15)])
def test_route_scores_at_once_by_the_core_points_table(route, pay, points):
    g = load("usa")
    s = position(g, hands=[{"red": 6, "blue": 6, "white": 6}, {}], routes={"Duluth-Helena": 0})
    assert s.view(0)["route_points"] == [15, 0]
    t = s.apply(f"claim {route} {pay}")
    assert t.view(0)["route_points"] == [15 + points, 0]
    assert t.score_breakdown()[0].route_points == 15 + points


def test_route_need_not_connect_and_one_route_per_turn():
    g = load("usa")
    s = position(g, hands=[{"red": 6}, {"blue": 1}])
    s = s.apply("claim Portland-Seattle red*1")
    assert s.current_player == 1                      # one route, and the turn is over
    refused(s, "claim Atlanta-Charleston red*2", "not-in-hand")   # player 1's turn now, not player 0's
    s = s.apply("claim Dallas-Houston blue*1")
    s = s.apply("claim Atlanta-Charleston red*2")    # far from Portland-Seattle: allowed
    assert set(s.routes_of(0)) == {g.route_index("Portland-Seattle"), g.route_index("Atlanta-Charleston")}
    assert s.score_breakdown()[0].route_points == 1 + 2


@pytest.mark.parametrize("players", [2, 3])
def test_double_route_closed_to_everyone_below_the_player_threshold(players):
    g = load("usa", players=players)
    hands = [{"black": 4, "orange": 4}, {"orange": 4}] + [{}] * (players - 2)
    s = position(g, hands=hands)
    s = s.apply("claim Denver-Kansas City black*4")
    assert s.route_status("Denver-Kansas City#2", 1) == "closed"
    r = refused(s, "claim Denver-Kansas City#2 orange*4", "double-routes", "Denver", "Kansas City",
                f"{players} players", "4+")
    assert "closed" in r.text
    assert not [a for a in s.legal_actions() if "Kansas City#2" in str(a)]


@pytest.mark.parametrize("players", [4, 5])
def test_double_route_never_both_to_one_player_at_the_threshold(players):
    g = load("usa", players=players)
    hands = [{"black": 4, "orange": 4}, {"orange": 4}] + [{}] * (players - 2)
    s = position(g, hands=hands)
    s = s.apply("claim Denver-Kansas City black*4")
    # the other players may take the other route; player 0 may not
    assert s.why_illegal("claim Denver-Kansas City#2 orange*4") is None
    for _ in range(players - 1):
        s = s.apply("draw deck").apply("draw deck")
    assert s.current_player == 0
    refused(s, "claim Denver-Kansas City#2 orange*4", "double-routes", "Denver", "Kansas City", "never")
    t = position(g, hands=hands, routes={"Denver-Kansas City": 0}, current_player=1)
    t = t.apply("claim Denver-Kansas City#2 orange*4")
    assert (t.owner("Denver-Kansas City"), t.owner("Denver-Kansas City#2")) == (0, 1)


# ---------------------------------------------------------------------------------------- tickets
def test_draw_tickets_three_keep_at_least_one_returned_to_bottom():
    g = load("usa")
    deck = ["Boston-Miami", "Calgary-Phoenix", "Denver-El Paso", "Duluth-Houston", "Kansas City-Houston"]
    s = position(g, ticket_deck=deck)
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == deck[:3] and s.to_dict()["ticket_deck"] == deck[3:]
    refused(s, "keep", "action-syntax")
    r = s.why_illegal("keep 0,0")
    assert r.rule == "ticket-choice"
    s = s.apply("keep 1")
    assert s.to_dict()["tickets"] == [["Calgary-Phoenix"], []]
    assert s.to_dict()["ticket_deck"] == ["Duluth-Houston", "Kansas City-Houston", "Boston-Miami",
                                          "Denver-El Paso"]
    assert s.current_player == 1


def test_draw_tickets_takes_what_remains_when_fewer_than_three():
    g = load("usa")
    s = position(g, ticket_deck=["Boston-Miami", "Denver-El Paso"])
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == ["Boston-Miami", "Denver-El Paso"] and s.to_dict()["ticket_deck"] == []
    assert [str(a) for a in s.legal_actions()] == ["keep 0", "keep 1", "keep 0,1"]
    s = s.apply("keep 1")
    assert s.to_dict()["ticket_deck"] == ["Boston-Miami"]


def test_tickets_already_held_cannot_be_returned_and_no_limit_on_tickets():
    g = load("usa")
    held = ["Boston-Miami", "Calgary-Phoenix", "Calgary-Salt Lake City", "Chicago-New Orleans",
            "Chicago-Santa Fe", "Dallas-New York", "Denver-Pittsburgh", "Duluth-El Paso", "Duluth-Houston",
            "Helena-Los Angeles", "Kansas City-Houston", "Los Angeles-Chicago"]
    s = position(g, tickets=[held, []], ticket_deck=["Denver-El Paso", "New York-Atlanta", "Toronto-Miami"])
    s = s.apply("tickets")
    refused(s, "keep 3", "ticket-choice", "0 to 2")          # positions name only the drawn tickets
    s = s.apply("keep 0,1,2")
    assert s.to_dict()["tickets"][0] == held + ["Denver-El Paso", "New York-Atlanta", "Toronto-Miami"]
    assert s.to_dict()["ticket_deck"] == []


def test_draw_tickets_not_legal_when_ticket_deck_is_empty():
    g = load("usa")
    s = position(g, ticket_deck=[], display=["red", "green", "white", "black", "blue"])
    refused(s, "tickets", "ticket-deck-empty", "empty")
    assert "tickets" not in [str(a) for a in s.legal_actions()]


# ---------------------------------------------------------------------------------------- game end
def _draw_turn(s):
    return s.apply("draw deck").apply("draw deck")


def test_final_round_every_player_including_the_trigger_gets_exactly_one_more_turn():
    g = load("usa", players=3)
    s = position(g, hands=[{"red": 3}, {}, {}], current_player=0,
                 **trains_left(g, [5, 30, 30], free=["Chicago-Duluth"]))
    s = s.apply("claim Chicago-Duluth red*3")             # ends the turn with 2 trains
    assert s.trains[0] == 2 and s.to_dict()["final_round"] == 3
    seen = []
    while not s.is_over():
        seen.append(s.current_player)
        s = _draw_turn(s)
    assert seen == [1, 2, 0]                              # everyone once more, player 0 included
    refused(s, "draw deck", "game-over")
    # zero trains left is the same
    s = position(g, hands=[{"red": 3}, {}, {}], current_player=2,
                 **trains_left(g, [3, 30, 30], free=["Chicago-Duluth"]))
    s = _draw_turn(s)
    s = s.apply("claim Chicago-Duluth red*3")
    seen = []
    while not s.is_over():
        seen.append(s.current_player)
        s = _draw_turn(s)
    assert seen == [1, 2, 0]


def test_final_round_not_started_by_three_trains_nor_restarted():
    g = load("usa", players=2)
    s = position(g, hands=[{"red": 3}, {"blue": 2}],
                 **trains_left(g, [6, 4], free=["Chicago-Duluth", "Kansas City-Saint Louis"]))
    s = s.apply("claim Chicago-Duluth red*3")             # 3 trains left: not yet
    assert s.to_dict()["final_round"] is None
    s = s.apply("claim Kansas City-Saint Louis blue*2")   # player 1 ends with 2 trains
    assert s.to_dict()["final_round"] == 2
    s = _draw_turn(s)                                     # player 0's last turn
    assert not s.is_over() and s.current_player == 1
    s = _draw_turn(s)                                     # player 1's last turn
    assert s.is_over()


# ---------------------------------------------------------------------------------------- uncovered situations
def test_endless_flush_stops_on_a_deck_of_almost_only_locomotives():
    # Stopping rule: flush only while deck + discard still hold at least 3 non-locomotives.
    g = load("usa")
    s = position(g, deck=["loco"] * 12, rest=1, display=["red", "loco", "loco", "white", "black"])
    s = s.apply("draw red")
    d = s.to_dict()
    assert sorted(d["display"]) == ["black", "loco", "loco", "loco", "white"]     # 3 locomotives stay
    assert d["discard"] == [] and d["deck"] == ["loco"] * 11
    # and with a few non-locomotives among them: flush until a display shows fewer than 3
    s = position(g, deck=["loco"] * 6 + ["yellow", "orange", "pink"] + ["loco"] * 6, rest=1,
                 display=["red", "loco", "loco", "white", "black"])
    s = s.apply("draw red")
    d = s.to_dict()
    assert sorted(d["display"]) == ["loco", "loco", "orange", "pink", "yellow"]
    assert sorted(d["discard"]) == sorted(["loco", "loco", "white", "black", "loco"] + ["loco"] * 5)
    assert d["deck"] == ["loco"] * 4


def test_endless_flush_never_turns_up_more_cards_than_deck_and_discard_held():
    # deck: only locomotives; discard: 3 plain cards. After two flushes the cards left (1 in the deck,
    # 13 in the discard) could only be reshuffled and turned up again: the flushing stops.
    g = load("usa")
    s = position(g, deck=["loco"] * 12, rest=1, discard=["yellow", "orange", "pink"],
                 display=["red", "loco", "loco", "white", "black"])
    s = s.apply("draw red")
    d = s.to_dict()
    assert d["display"] == ["loco"] * 5
    assert d["deck"] == ["loco"]
    assert sorted(d["discard"]) == sorted(["yellow", "orange", "pink", "loco", "loco", "white", "black", "loco"]
                                          + ["loco"] * 5)
    assert d["shuffles"] == 0
    assert s.phase == "draw2"
    # the game goes on: the second card can still be drawn blind, and the deck is exhausted
    s = s.apply("draw deck")
    assert hand(s, 0)["loco"] == 1 and s.current_player == 1


def _stuck_position(players=5):
    """USA, 5 players: every route of 1-3 spaces owned, every player has 3 trains, every train card
    in a hand, no tickets left: nobody can draw, claim or draw tickets."""
    g = load("usa", players=players)
    short = [r for r in g.board.routes if r.length <= 3]
    routes = {r.key: i % players for i, r in enumerate(short)}
    for r in short:
        assert r.twin is None or routes[r.key] != routes[g.board.routes[r.twin].key]
    used = [sum(r.length for r in short if routes[r.key] == p) for p in range(players)]
    assert max(used) <= 42
    names = ["red", "orange", "yellow", "green", "blue", "pink", "white", "black"]
    hands = [{c: 12 for c in names[:4]} | {"loco": 7}, {c: 12 for c in names[4:]} | {"loco": 7}] + \
        [{}] * (players - 2)
    return g, g.state_from_dict({**trains_left(g, [3] * players, routes=routes), "hands": hands, "display": [],
                                 "deck": [], "discard": [], "ticket_deck": []})


def test_pass_only_when_nothing_is_legal_and_game_ends_after_a_full_round_of_passes():
    g, s = _stuck_position()
    assert list(s.legal_actions()) == [Pass()]
    refused(s, "draw deck", "deck-empty")
    refused(s, "tickets", "ticket-deck-empty")
    refused(s, "claim Denver-Omaha red*4", "not-enough-trains")
    for p in range(4):
        assert s.current_player == p
        s = s.apply("pass")
        assert not s.is_over()
    s = s.apply("pass")                                  # the fifth pass: a full round
    assert s.is_over()
    rows = s.score_breakdown()
    assert [r.route_points for r in rows] == list(s.points)
    assert len(s.winners()) >= 1


def test_pass_refused_while_an_action_exists_and_any_action_resets_passes():
    g = load("usa", players=2)
    s = position(g, display=["red", "green", "white", "black", "blue"], passes=1)
    refused(s, "pass", "pass", "still act")
    s = _draw_turn(s)
    assert s.to_dict()["passes"] == 0


def test_tunnel_reveal_with_short_deck_reshuffles_and_reveals_what_exists():
    g = load("europe")
    s = position(g, deck=["red"], discard=["loco"], rest=1, hands=[{"red": 5}, {}],
                 display=["white", "white", "black", "black", "blue"])
    s = s.apply("claim Erzurum-Sochi red*3")             # a red tunnel of 3
    d = s.to_dict()
    assert s.phase == "tunnel"
    assert d["tunnel"]["revealed"] == ["red", "loco"] and d["tunnel"]["extra"] == 2
    assert d["deck"] == [] and d["discard"] == [] and d["shuffles"] == 1
    s = s.apply("pay red*2")
    assert s.owner("Erzurum-Sochi") == 0
    assert sorted(s.to_dict()["discard"]) == sorted(["red", "loco"] + ["red"] * 5)


def test_tunnel_reveal_with_no_cards_asks_no_extra():
    g = load("europe")
    s = position(g, deck=[], rest=1, hands=[{"red": 3}, {}], display=["white", "white", "black", "black", "blue"])
    s = s.apply("claim Erzurum-Sochi red*3")
    assert s.owner("Erzurum-Sochi") == 0 and s.current_player == 1
    assert s.to_dict()["discard"] == ["red"] * 3
    assert s.view(0)["last_tunnel_reveal"] == {"route": "Erzurum-Sochi", "revealed": [], "extra": 0}


# ---------------------------------------------------------------------------------------- final scoring
def test_route_points_rechecked_running_score_equals_recomputed_sum():
    g = ttr_nb.load_game("usa", players=3, seed=9)
    s = g.new_state()
    rng = random.Random(1)
    for _ in range(400):
        if s.is_over():
            break
        acts = list(s.legal_actions())
        claims = [a for a in acts if str(a).startswith("claim")]
        s = s.apply(rng.choice(claims or acts))
        rows = s.score_breakdown()
        assert [r.route_points for r in rows] == list(s.points) == s.view(0)["route_points"]
    assert sum(s.points) > 0


def test_completed_ticket_adds_value_uncompleted_subtracts_any_path_counts():
    g = load("usa")
    # Denver-El Paso (4) by the long way round (Denver-Phoenix-El Paso), not the shortest path;
    # Boston-Miami (12) not connected; Kansas City-Houston (5) only through player 1's route.
    s = position(g, tickets=[["Denver-El Paso", "Boston-Miami", "Kansas City-Houston"], []],
                 routes={"Denver-Phoenix": 0, "El Paso-Phoenix": 0, "Kansas City-Oklahoma City": 0,
                         "Dallas-Oklahoma City": 1, "Dallas-Houston": 0})
    row = s.score_breakdown()[0]
    assert [(t.ticket, t.completed, t.points) for t in row.tickets] == [
        ("Denver-El Paso", True, 4), ("Boston-Miami", False, -12), ("Kansas City-Houston", False, -5)]
    assert row.ticket_points == -13 and row.tickets_completed == 1
    assert row.total == row.route_points + row.ticket_points + row.longest_bonus


def test_longest_path_may_loop_and_revisit_cities_but_uses_each_route_once():
    g = load("usa")
    # a triangle Kansas City-Omaha-Denver plus a tail to Saint Louis: the trail
    # Saint Louis-Kansas City-Omaha-Denver-Kansas City revisits Kansas City: 2+1+4+4 = 11
    s = position(g, routes={"Kansas City-Omaha": 0, "Denver-Omaha": 0, "Denver-Kansas City": 0,
                            "Kansas City-Saint Louis": 0,
                            # player 1: a star of three 2-space routes at Atlanta... no route twice: 4
                            "Atlanta-Charleston": 1, "Atlanta-Raleigh": 1, "Little Rock-Nashville": 1,
                            "Atlanta-Nashville": 1})
    rows = s.score_breakdown()
    assert rows[0].longest_path == 11
    assert len(rows[0].longest_trail) == 4
    # Charleston-Atlanta-Raleigh (4) or Little Rock-Nashville-Atlanta-Charleston (3+1+2 = 6)
    assert rows[1].longest_path == 6
    assert (rows[0].longest_bonus, rows[1].longest_bonus) == (10, 0)


def test_longest_path_bonus_to_all_tied_players():
    g = load("usa", players=3)
    s = position(g, routes={"Denver-Omaha": 0, "Calgary-Seattle": 1, "Atlanta-Charleston": 2})
    rows = s.score_breakdown()
    assert [r.longest_path for r in rows] == [4, 4, 2]
    assert [r.longest_bonus for r in rows] == [10, 10, 0]


def test_no_longest_path_bonus_without_routes():
    rows = load("usa").new_state().score_breakdown()
    assert [r.longest_bonus for r in rows] == [0, 0]


def test_highest_total_wins_ties_more_tickets_then_longest_path_holder_else_shared():
    g = load("usa")
    # highest total wins outright
    s = position(g, routes={"Denver-Omaha": 0, "Atlanta-Charleston": 1})
    assert [r.total for r in s.score_breakdown()] == [17, 2] and s.winners() == (0,)
    # tied on 18, both hold the bonus (paths of 4); player 1 completed Denver-El Paso -> player 1
    s = position(g, routes={"Denver-Omaha": 0, "Dallas-Houston": 0, "Denver-Santa Fe": 1, "El Paso-Santa Fe": 1},
                 tickets=[[], ["Denver-El Paso"]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [18, 18]
    assert [r.tickets_completed for r in rows] == [0, 1]
    assert s.winners() == (1,)
    # tied on 25 and on tickets (none): player 0 alone holds the longest path bonus -> player 0
    s = position(g, routes={"Calgary-Winnipeg": 0, "Atlanta-Miami": 1, "Helena-Omaha": 1,
                            "Calgary-Vancouver": 1, "Dallas-Houston": 1})
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [25, 25]
    assert [r.longest_bonus for r in rows] == [10, 0]
    assert s.winners() == (0,)
    # tied on everything, both hold the bonus: a shared win
    s = position(g, routes={"Denver-Omaha": 0, "Calgary-Seattle": 1})
    assert [r.total for r in s.score_breakdown()] == [17, 17]
    assert s.winners() == (0, 1)


# ---------------------------------------------------------------------------------------- §2 USA
def test_usa_two_to_five_players_45_trains_110_cards_30_tickets():
    for n in (2, 3, 4, 5):
        s = ttr_nb.load_game("usa", players=n).new_state()
        assert s.trains == (45,) * n
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            ttr_nb.load_game("usa", players=n)
    g = load("usa")
    assert len(g.board.tickets) == 30 and g.rules.total_cards == 110


def test_usa_opening_deal_three_keep_two_returned_to_bottom():
    s = load("usa").new_state()
    d = s.to_dict()
    assert [len(o) for o in d["opening_offers"]] == [3, 3]
    assert len(d["ticket_deck"]) == 30 - 6
    refused(s, "keep 1", "keep-minimum", "at least 2")
    s = s.apply("keep 0,2")
    assert s.to_dict()["ticket_deck"][-1] == d["opening_offers"][0][1]          # at the bottom
    s = s.apply("keep 0,1,2")
    assert s.to_dict()["ticket_deck"][-1] == d["opening_offers"][0][1]
    assert len(s.to_dict()["ticket_deck"]) == 25
    assert s.to_dict()["removed_tickets"] == []


def test_usa_face_up_locomotive_expensive_and_display_flush_at_three():
    g = load("usa")
    assert (g.rules.face_up_locomotive_costs_two, g.rules.display_flush_at) == (True, 3)
    s = position(g, deck=["loco", "green", "blue", "white", "black", "pink"],
                 display=["loco", "loco", "red", "orange", "yellow"])
    s = s.apply("draw red")                              # turns up a third locomotive: flushed
    assert s.to_dict()["display"] == ["green", "blue", "white", "black", "pink"]
    refused(s, "draw loco", "not-in-display")


@pytest.mark.parametrize("players,both", [(2, False), (3, False), (4, True), (5, True)])
def test_usa_double_routes_both_usable_only_with_four_or_five_players(players, both):
    g = load("usa", players=players)
    s = position(g, hands=[{}, {"red": 2}] + [{}] * (players - 2), routes={"Boston-New York": 0},
                 current_player=1)
    r = s.why_illegal("claim Boston-New York#2 red*2")
    if both:
        assert r is None
        assert s.apply("claim Boston-New York#2 red*2").owner("Boston-New York#2") == 1
    else:
        refused(s, "claim Boston-New York#2 red*2", "double-routes", "Boston", "New York")


def test_usa_longest_path_bonus_ten_and_tie_breakers():
    g = load("usa")
    assert g.rules.longest_path_bonus == 10
    assert g.rules.tie_breakers == ("most_tickets_completed", "longest_path_bonus")
    # tickets come before the bonus: player 0 holds the bonus alone (6 spaces), player 1 completed a
    # ticket; both total 25 -> player 1
    s = position(g, routes={"Calgary-Winnipeg": 0, "Denver-Santa Fe": 1, "El Paso-Santa Fe": 1,
                            "Atlanta-Miami": 1, "Calgary-Seattle": 1},
                 tickets=[[], ["Denver-El Paso"]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [25, 25]
    assert [(r.longest_path, r.longest_bonus) for r in rows] == [(6, 10), (5, 0)]
    assert s.winners() == (1,)
    # 3 players: players 0 and 1 tied on points and tickets, neither holds the bonus (player 2 does,
    # with fewer points): still tied -> shared
    g3 = load("usa", players=3)
    s = position(g3, routes={"Denver-Omaha": 0, "Calgary-Seattle": 1, "Calgary-Winnipeg": 2},
                 tickets=[[], [], ["Boston-Miami", "Los Angeles-New York"]])
    rows = s.score_breakdown()
    assert [r.total for r in rows] == [7, 7, 15 + 10 - 12 - 21]
    assert s.winners() == (0, 1)


# ---------------------------------------------------------------------------------------- §2 source disagreements
def test_usa_option_opening_tickets_four_keep_two():
    g = ttr_nb.load_game("usa", players=2, seed=3, opening_tickets=4)
    s = g.new_state()
    d = s.to_dict()
    assert [len(o) for o in d["opening_offers"]] == [4, 4]
    assert len(d["ticket_deck"]) == 30 - 8
    refused(s, "keep 3", "keep-minimum", "at least 2", "4 tickets")
    s = s.apply("keep 1,3")
    offer = d["opening_offers"][0]
    assert s.to_dict()["tickets"][0] == [offer[1], offer[3]]
    assert s.to_dict()["ticket_deck"][-2:] == [offer[0], offer[2]]          # returned to the bottom
    assert len(s.to_dict()["ticket_deck"]) == 24
    # the default deals 3
    assert [len(o) for o in load("usa").new_state().to_dict()["opening_offers"]] == [3, 3]


def test_usa_option_opening_returns_removed():
    g = ttr_nb.load_game("usa", players=2, seed=3, opening_returns="removed")
    s = g.new_state()
    d = s.to_dict()
    s = s.apply("keep 0,1").apply("keep 1,2")
    assert s.to_dict()["removed_tickets"] == [d["opening_offers"][0][2], d["opening_offers"][1][0]]
    assert s.to_dict()["ticket_deck"] == d["ticket_deck"]                  # nothing came back
    # later draws still return to the bottom of the deck
    s = s.apply("tickets").apply("keep 0")
    assert s.to_dict()["ticket_deck"][-2:] == d["ticket_deck"][1:3]
    with pytest.raises(ValueError, match="opening_returns"):
        ttr_nb.load_game("usa", opening_returns="discard")
