"""Scenario tests for Northern Lights (the rules notes for the new editions, §4), one or more
per rule bullet, each built with `state_from_dict` (`tests.engine.scenario.position`).

Bullet -> test(s)

Players, pieces, cards
  2-5 players                                ... test_nl_two_to_five_players
  40 trains each                             ... test_nl_forty_trains_each
  8 colours x 12 and 18 locomotives = 114    ... test_nl_train_cards_eight_colours_of_twelve_and_eighteen_locomotives
  starting hand 4                            ... test_nl_starting_hand_four_cards
  no display flush: 3+ face-up locomotives stay
                                             ... test_nl_no_display_flush_three_face_up_locomotives_stay
  a face-up locomotive ends the draw (only as first pick)
                                             ... test_nl_face_up_locomotive_only_as_first_pick_and_it_ends_the_draw
  locomotives are wild on every route        ... test_nl_locomotives_are_wild_on_every_route
Tickets
  55 tickets, one deck                       ... test_nl_fifty_five_tickets_one_deck
  opening: deal 4, keep >= 2, the rest to the bottom
                                             ... test_nl_opening_deal_four_keep_two_rest_to_the_bottom
  during play: draw 3, keep >= 1, the rest to the bottom
                                             ... test_nl_later_draw_three_keep_one_rest_to_the_bottom
Routes
  route points 1-5 -> 1, 2, 4, 7, 10         ... test_nl_route_points_one_to_five
  ferries: each symbol a locomotive or two cards of one colour (any colour, not the spaces'
  colour necessarily, different colours for two symbols); the other spaces as a grey route
  (one colour, locomotives wild); pairs never replace an ordinary space; exact payment
      ... test_nl_ferry_symbol_paid_by_a_locomotive_or_by_two_cards_of_one_colour,
          test_nl_ferry_pair_need_not_match_the_colour_of_the_other_spaces,
          test_nl_ferry_two_symbols_may_take_pairs_of_different_colours,
          test_nl_ferry_other_spaces_one_colour_with_locomotives_wild,
          test_nl_ferry_pairs_never_replace_an_ordinary_space,
          test_nl_ferry_payment_must_be_exact,
          test_nl_ferry_pair_payments_are_their_own_group_in_the_payment_options
  draw bonus: after claiming a +1/+2/+3 route, draw that many cards blind from the deck
      ... test_nl_draw_bonus_draws_the_cards_blind_from_the_top_of_the_deck,
          test_nl_draw_bonus_reshuffles_the_discard_pile_when_the_deck_runs_out,
          test_nl_draw_bonus_draws_fewer_when_deck_and_discard_pile_run_out,
          test_nl_draw_bonus_is_told_in_the_narration
  double routes: both tracks only with 4-5 players; with 2-3, claiming one closes the other
      ... test_nl_double_route_closed_with_two_or_three_players,
          test_nl_double_route_both_tracks_with_four_or_five_players
  triple routes: usable tracks 2 players 1, 3 players 2, 4-5 players 3
      ... test_nl_triple_route_one_track_with_two_players,
          test_nl_triple_route_two_tracks_with_three_players,
          test_nl_triple_route_three_tracks_with_four_or_five_players
  one player never owns more than one track between the same two cities
      ... test_nl_one_player_never_owns_two_tracks_between_the_same_cities
Bonus cards
  11 bonus cards; 4 drawn at random at setup and shown; only those 4 score
      ... test_nl_four_of_the_eleven_bonus_cards_are_drawn_by_the_seed_and_shown,
          test_nl_only_the_bonus_cards_in_play_score
  each scores its points to every player tied for the highest count
      ... test_nl_bonus_card_scores_for_every_player_tied_for_the_most
  the table, card by card
      ... test_nl_bonus_card_a_call_of_the_wild ... test_nl_bonus_card_k_the_wild_west
End and scoring
  end trigger: base                          ... test_nl_end_trigger_base_final_round_from_two_trains
  no longest-path bonus, no Globetrotter     ... test_nl_no_longest_path_bonus_and_no_globetrotter
  tie-breakers: base, without longest path   ... test_nl_tie_breakers_base_most_completed_tickets
Silent or disagreeing
  everything but the player count and the bonus cards is one source: provisional
      ... test_nl_board_data_provisional_is_stated_in_the_edition_record
  capitals: Board Game Arena's 4 by default, a list in the data (option: Tallinn and Riga too)
      ... test_nl_capitals_are_data_four_by_default_six_by_option
  a bonus card whose highest count is 0 scores for nobody (option: for everybody)
      ... test_nl_bonus_card_with_top_count_zero_scores_for_nobody_option_everybody
  three unnamed markers are cities           ... test_nl_three_unnamed_markers_are_cities
"""
from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

import ttr_nb
from tests.engine.scenario import hand, load, position, refused
from ttr_nb.engine.board import board_from_dict
from ttr_nb.engine.cards import Cards
from ttr_nb.engine.game import Game

NL = "northernlights"


def nl(players: int = 2, **options):
    return load(NL, players=players, **options)


def bonus_row(state, letter: str) -> list:
    """Per player, the result of bonus card `letter` in the score breakdown."""
    return [next(c for c in row.bonus_cards if c.letter == letter) for row in state.score_breakdown()]


# ---------------------------------------------------------------------------- players, pieces, cards
def test_nl_two_to_five_players():
    for n in (2, 3, 4, 5):
        assert ttr_nb.load_game(NL, players=n).new_state().num_players == n
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            ttr_nb.load_game(NL, players=n)


def test_nl_forty_trains_each():
    for n in (2, 5):
        assert ttr_nb.load_game(NL, players=n).new_state().trains == (40,) * n
    s = position(nl(), routes={"Helsinki-Stockholm": 0})
    assert s.trains == (36, 40)


def test_nl_train_cards_eight_colours_of_twelve_and_eighteen_locomotives():
    g = nl(3)
    assert (g.rules.cards_per_colour, g.rules.locomotives, g.rules.total_cards) == (12, 18, 114)
    s = g.new_state()
    held = Counter()
    for h in s.hands:
        held.update(Cards(h).as_dict())
    held.update(Counter(s.to_dict()["deck"]) + Counter(s.to_dict()["display"]))
    assert held == {**dict.fromkeys(["red", "orange", "yellow", "green", "blue", "pink", "white", "black"], 12),
                    "loco": 18}


def test_nl_starting_hand_four_cards():
    s = nl(4).new_state()
    assert [sum(h) for h in s.hands] == [4, 4, 4, 4]


def test_nl_no_display_flush_three_face_up_locomotives_stay():
    g = nl()
    assert g.rules.display_flush_at == 0
    s = position(g, display=["loco", "loco", "loco", "red", "blue"], deck=["loco", "green"])
    s = s.apply("draw red")                       # the locomotive on top takes the red card's place
    assert sorted(s.to_dict()["display"]) == ["blue", "loco", "loco", "loco", "loco"]
    assert s.to_dict()["discard"] == []          # nothing flushed


def test_nl_face_up_locomotive_only_as_first_pick_and_it_ends_the_draw():
    g = nl()
    assert g.rules.face_up_locomotive_costs_two
    s = position(g, display=["loco", "red", "blue", "green", "white"], deck=["black", "pink", "yellow"])
    after = s.apply("draw loco")
    assert after.current_player == 1 and hand(after, 0) == {"loco": 1}
    second = s.apply("draw red")
    refused(second, "draw loco", "face-up-locomotive", "first card")


def test_nl_locomotives_are_wild_on_every_route():
    g = nl()
    assert g.rules.locomotives_on == frozenset({"ordinary", "tunnel", "ferry"})
    s = position(g, hands=[{"black": 1, "loco": 3}, {}])
    assert s.apply("claim Göteborg-Oslo black*1+loco*1").owner("Göteborg-Oslo") == 0      # ordinary, black
    assert s.apply("claim Bergen-Stavanger loco*2").owner("Bergen-Stavanger") == 0         # ferry, grey


# ---------------------------------------------------------------------------- tickets
def test_nl_fifty_five_tickets_one_deck():
    g = nl()
    assert len(g.board.tickets) == 55 and {t.deck for t in g.board.tickets} == {"regular"}
    assert g.rules.tickets.opening_deal == (("regular", 4),)


def test_nl_opening_deal_four_keep_two_rest_to_the_bottom():
    s = ttr_nb.load_game(NL, players=2, seed=3).new_state()
    d = s.to_dict()
    assert [len(o) for o in d["opening_offers"]] == [4, 4]
    assert len(d["ticket_deck"]) == 55 - 8
    refused(s, "keep 0", "keep-minimum", "at least 2", "4")
    s = s.apply("keep 0,1").apply("keep 1,2,3")
    t = s.to_dict()
    o0, o1 = d["opening_offers"]
    assert t["tickets"] == [o0[:2], o1[1:]]
    assert sorted(t["ticket_deck"][-3:]) == sorted([o0[2], o0[3], o1[0]])      # at the bottom
    assert t["removed_tickets"] == [] and s.phase == "turn"


def test_nl_later_draw_three_keep_one_rest_to_the_bottom():
    g = nl()
    s = position(g, ticket_deck=["Oslo-Stockholm", "Stockholm-Helsinki", "Oslo-København", "Stockholm-Riga"])
    s = s.apply("tickets")
    assert s.to_dict()["offer"] == ["Oslo-Stockholm", "Stockholm-Helsinki", "Oslo-København"]
    refused(s, ttr_nb.KeepTickets(()), "keep-minimum", "at least 1")
    s = s.apply("keep 1")
    d = s.to_dict()
    assert d["tickets"][0] == ["Stockholm-Helsinki"]
    assert d["ticket_deck"][0] == "Stockholm-Riga"
    assert sorted(d["ticket_deck"][1:]) == sorted(["Oslo-Stockholm", "Oslo-København"])      # at the bottom


# ---------------------------------------------------------------------------- routes
def test_nl_route_points_one_to_five():
    g = nl()
    assert [g.rules.points_for(n) for n in range(1, 6)] == [1, 2, 4, 7, 10]
    assert {r.length for r in g.board.routes} == {1, 2, 3, 4, 5}
    s = position(g, routes={"Karlstad-Oslo": 0, "Göteborg-Oslo": 0, "Helsinki-Stockholm": 1})
    assert s.points == (1 + 2, 7)


def test_nl_ferry_symbol_paid_by_a_locomotive_or_by_two_cards_of_one_colour():
    """Bergen-Stavanger: a grey ferry of 2 spaces, one of them a locomotive symbol."""
    g = nl()
    s = position(g, hands=[{"red": 3, "blue": 2, "loco": 2}, {}], deck=["green"] * 3, display=["pink"] * 5)
    route = g.board.find_route("Bergen-Stavanger")
    assert (route.length, route.ferry_locomotives, route.ferry_pair_substitute) == (2, 1, 2)
    for pay in ("red*1+loco*1", "red*3", "blue*2+loco*1", "red*1+blue*2"):
        after = s.apply(f"claim Bergen-Stavanger {pay}")
        assert after.owner("Bergen-Stavanger") == 0
        assert Counter(after.to_dict()["discard"]) == Counter(Cards.parse(pay).as_dict())
        assert hand(after, 0)["green"] == 1                      # and the draw bonus of 1


def test_nl_ferry_pair_need_not_match_the_colour_of_the_other_spaces():
    g = nl()
    s = position(g, hands=[{"red": 3, "blue": 2}, {}])
    # Helsinki-Stockholm: 4 spaces, 1 symbol: 3 red spaces and a blue pair for the symbol
    assert s.why_illegal("claim Helsinki-Stockholm red*3+blue*2") is None
    assert sum(s.apply("claim Helsinki-Stockholm red*3+blue*2").hands[0]) == 0


def test_nl_ferry_two_symbols_may_take_pairs_of_different_colours():
    g = nl()
    route = g.board.find_route("Honningsvåg-Tromsø")
    assert (route.length, route.ferry_locomotives) == (4, 2)
    s = position(g, hands=[{"red": 2, "blue": 4, "green": 2, "white": 2, "loco": 1}, {}])
    for pay in ("red*2+blue*2+green*2", "red*2+blue*4", "red*2+blue*2+loco*1", "white*2+loco*1+red*2"):
        assert s.why_illegal(f"claim Honningsvåg-Tromsø {pay}") is None, pay


def test_nl_ferry_other_spaces_one_colour_with_locomotives_wild():
    g = nl()
    s = position(g, hands=[{"red": 3, "blue": 3, "green": 2, "loco": 3}, {}])
    assert s.why_illegal("claim Helsinki-Stockholm red*2+loco*2") is None            # a locomotive is wild
    assert s.why_illegal("claim Helsinki-Stockholm red*2+loco*1+green*2") is None    # ... and a pair
    assert s.why_illegal("claim Helsinki-Stockholm blue*3+loco*1") is None           # any one colour
    refused(s, "claim Helsinki-Stockholm red*2+blue*1+loco*1", "ferry-pairs", "Helsinki-Stockholm",
            "1 locomotive symbol", "2 cards of one colour", "the other 3 spaces with cards of one colour")


def test_nl_ferry_pairs_never_replace_an_ordinary_space():
    g = nl()
    s = position(g, hands=[{"red": 3, "blue": 4, "green": 2, "black": 3, "loco": 1}, {}])
    # Helsinki-Stockholm: 3 ordinary spaces; a blue pair and a green pair may not stand for two of them
    refused(s, "claim Helsinki-Stockholm red*1+blue*2+green*2", "ferry-pairs", "does not split that way")
    refused(s, "claim Helsinki-Stockholm red*1+loco*1+blue*4", "payment-count", "4 to 5 cards", "6")
    # an ordinary route takes no pairs at all (Göteborg-Oslo: 2 black spaces)
    refused(s, "claim Göteborg-Oslo black*1+red*2", "payment-count", "2 cards", "3")


def test_nl_ferry_payment_must_be_exact():
    g = nl()
    s = position(g, hands=[{"red": 4, "loco": 3}, {}])
    # Bergen-Stavanger (2 spaces, 1 symbol): a locomotive too many, a pair too many
    refused(s, "claim Bergen-Stavanger red*1+loco*2", "ferry-pairs", "exactly")
    refused(s, "claim Bergen-Stavanger red*4", "payment-count", "2 to 3 cards", "4")
    refused(s, "claim Åndalsnes-Trondheim red*2+loco*1", "payment-count", "1 to 2 cards", "3")
    refused(s, "claim Åndalsnes-Trondheim red*1", "ferry-pairs", "1 locomotive symbol")


def test_nl_ferry_pair_payments_are_their_own_group_in_the_payment_options():
    g = nl()
    s = position(g, hands=[{"red": 3, "blue": 2, "loco": 1}, {}])
    options = s.payment_options("Bergen-Stavanger")
    groups = dict(options.groups())
    assert list(groups) == ["as printed: no cards replaced", "2 cards of one colour replace a locomotive symbol"]
    assert set(groups["as printed: no cards replaced"]) == {Cards.parse(p) for p in ("red*1+loco*1", "blue*1+loco*1")}
    assert set(groups["2 cards of one colour replace a locomotive symbol"]) == {
        Cards.parse(p) for p in ("red*3", "red*1+blue*2", "blue*2+loco*1", "red*2+loco*1", "blue*1+red*2")}
    assert len(options) == 7 == len(list(options))
    # every one is accepted, and legal_actions lists a canonical part of them
    assert all(s.why_illegal(ttr_nb.Claim("Bergen-Stavanger", p)) is None for p in options)
    listed = {a.payment for a in s.legal_actions() if isinstance(a, ttr_nb.Claim) and a.route == "Bergen-Stavanger"}
    assert listed <= set(options) and Cards.parse("red*1+loco*1") in listed and any(sum(p) == 3 for p in listed)


def test_nl_draw_bonus_draws_the_cards_blind_from_the_top_of_the_deck():
    g = nl()
    route = g.board.find_route("Honningsvåg-Tromsø")
    assert route.draw_bonus == 2
    s = position(g, hands=[{"red": 4, "loco": 2}, {}], deck=["green", "yellow", "white"], display=["pink"] * 5)
    deck_before = len(s.deck)
    after = s.apply("claim Honningsvåg-Tromsø red*2+loco*2")
    assert hand(after, 0) == {"red": 2, "green": 1, "yellow": 1}
    assert after.to_dict()["deck"][0] == "white" and len(after.deck) == deck_before - 2
    assert after.to_dict()["discard"] == ["red", "red", "loco", "loco"]
    assert after.current_player == 1           # the claim is the whole turn
    plain = position(g, hands=[{"red": 4, "loco": 2}, {}], deck=["green"]).apply("claim Helsinki-Stockholm red*3+loco*1")
    assert hand(plain, 0) == {"red": 1, "loco": 1}            # no draw bonus there


def test_nl_draw_bonus_reshuffles_the_discard_pile_when_the_deck_runs_out():
    g = nl()
    # one card left in the deck, the rest on the discard pile: the second bonus card comes from
    # the discard pile (the payment on it too), shuffled into a new deck as the base rules do
    s = position(g, hands=[{"red": 4, "loco": 2}, {}], deck=["green"], rest="discard")
    after = s.apply("claim Honningsvåg-Tromsø red*2+loco*2")
    assert sum(after.hands[0]) == 6 - 4 + 2 and hand(after, 0).get("green") == 1
    assert after.shuffles == s.shuffles + 1 and after.to_dict()["discard"] == []
    assert len(after.deck) + len(after.display) == 114 - sum(after.hands[0])


def _tiny_bonus_game():
    """A board of one ferry with a draw bonus of 3 on a single space, under the Northern Lights
    rules: its payment (one card) is all the discard pile can give back."""
    board = board_from_dict({
        "format": "ttr_nb-board/1", "board": "tiny", "title": "Tiny", "frame": {"width": 100, "height": 100},
        "cities": [{"name": "A", "x": 10, "y": 10}, {"name": "B", "x": 90, "y": 10}],
        "routes": [{"id": 1, "a": "A", "b": "B", "length": 1, "colour": "gray", "ferry_locomotives": 1,
                    "ferry_pair_substitute": 2, "draw_bonus": 3, "spaces": [[50, 10, 0]]}],
        "tickets": [{"from": "A", "to": ["B"], "points": [1]}]})
    rules = dataclasses.replace(ttr_nb.load_rules(NL), capitals=(), bonus_cards_drawn=0)
    return Game(rules, board, 2, seed=1)


def test_nl_draw_bonus_draws_fewer_when_deck_and_discard_pile_run_out():
    g = _tiny_bonus_game()
    # every card is in a hand: the deck and the discard pile are empty
    s = position(g, hands=[{"loco": 1}, {}], rest=1)
    assert not s.deck and not s.discard
    after = s.apply("claim A-B loco*1")
    # the payment went to the discard pile, which becomes the deck: 1 card of the 3 can be drawn
    assert hand(after, 0) == {"loco": 1} and not after.deck and not after.discard
    line = s.describe("claim A-B loco*1")[0]
    assert "drew 1 card blind: the route's draw bonus is 3, but the deck and the discard pile held no more" in line


def test_nl_draw_bonus_is_told_in_the_narration():
    g = nl()
    s = position(g, hands=[{"red": 4, "loco": 2}, {}], deck=["green", "yellow"])
    lines = s.describe("claim Honningsvåg-Tromsø red*2+loco*2")
    assert lines[0].endswith("and drew 2 cards blind: the route's draw bonus")
    assert "Player 1 claimed" in lines[0] and "yellow" not in lines[0] and "green" not in lines[0]
    assert s.describe("claim Helsinki-Stockholm red*3+loco*1")[0].endswith("(7 points)")


def test_nl_double_route_closed_with_two_or_three_players():
    for n in (2, 3):
        g = nl(n)
        hands = [{"black": 2, "blue": 2}] + [{"blue": 2}] * (n - 1)
        s = position(g, hands=hands, routes={"Göteborg-Oslo": 0}, current_player=1)
        assert s.route_status("Göteborg-Oslo#2") == "closed"
        refused(s, "claim Göteborg-Oslo#2 blue*2", "double-routes", f"with {n} players", "4+ players")


def test_nl_double_route_both_tracks_with_four_or_five_players():
    for n in (4, 5):
        g = nl(n)
        s = position(g, hands=[{"blue": 2}] * n, routes={"Göteborg-Oslo": 0}, current_player=1)
        after = s.apply("claim Göteborg-Oslo#2 blue*2")
        assert after.owner("Göteborg-Oslo#2") == 1 and after.owner("Göteborg-Oslo") == 0


def test_nl_triple_route_one_track_with_two_players():
    g = nl(2)
    tracks = [r.key for r in g.board.routes_between("Karlstad", "Oslo")]
    assert tracks == ["Karlstad-Oslo", "Karlstad-Oslo#2", "Karlstad-Oslo#3"]
    assert [g.usable_tracks[g.route_index(k)] for k in tracks] == [1, 1, 1]
    s = position(g, hands=[{}, {"green": 1, "orange": 1}], routes={"Karlstad-Oslo": 0}, current_player=1)
    for k in tracks[1:]:
        assert s.route_status(k) == "closed"
    refused(s, "claim Karlstad-Oslo#2 green*1", "triple-routes", "with 2 players only 1 of the 3 tracks",
            "Karlstad and Oslo")


def test_nl_triple_route_two_tracks_with_three_players():
    g = nl(3)
    s = position(g, hands=[{"orange": 1}, {"red": 1}, {"blue": 1}], routes={"Karlstad-Stockholm": 0},
                 current_player=1)
    s = s.apply("claim Karlstad-Stockholm#2 red*1")
    assert s.owner("Karlstad-Stockholm#2") == 1 and s.current_player == 2
    assert s.route_status("Karlstad-Stockholm#3") == "closed"
    refused(s, "claim Karlstad-Stockholm#3 blue*1", "triple-routes", "with 3 players only 2 of the 3 tracks")


def test_nl_triple_route_three_tracks_with_four_or_five_players():
    for n in (4, 5):
        g = nl(n)
        s = position(g, hands=[{"white": 1}, {"green": 1}, {"orange": 1}] + [{"orange": 1}] * (n - 3))
        s = s.apply("claim Karlstad-Oslo white*1").apply("claim Karlstad-Oslo#2 green*1")
        s = s.apply("claim Karlstad-Oslo#3 orange*1")
        assert [s.owner(k) for k in ("Karlstad-Oslo", "Karlstad-Oslo#2", "Karlstad-Oslo#3")] == [0, 1, 2]


def test_nl_one_player_never_owns_two_tracks_between_the_same_cities():
    g = nl(4)
    s = position(g, hands=[{"green": 1, "blue": 2}, {}, {}, {}], routes={"Karlstad-Oslo": 0, "Göteborg-Oslo": 0})
    assert s.route_status("Karlstad-Oslo#2") == "blocked"
    refused(s, "claim Karlstad-Oslo#2 green*1", "triple-routes", "You own another of the 3 tracks",
            "Karlstad and Oslo")
    refused(s, "claim Göteborg-Oslo#2 blue*2", "double-routes", "both routes of a double")
    with pytest.raises(ttr_nb.PositionError, match="owns two of the tracks between Karlstad and Oslo"):
        g.state_from_dict({"routes": {"Karlstad-Oslo": 0, "Karlstad-Oslo#3": 0}})
    with pytest.raises(ttr_nb.PositionError, match="only 1 may be used"):
        nl(2).state_from_dict({"routes": {"Karlstad-Oslo": 0, "Karlstad-Oslo#3": 1}})


# ---------------------------------------------------------------------------- bonus cards
def test_nl_four_of_the_eleven_bonus_cards_are_drawn_by_the_seed_and_shown():
    g = nl(3)
    assert len(g.board.bonus_cards) == 11 and g.rules.bonus_cards_drawn == 4
    draws = {}
    for seed in range(40):
        s = ttr_nb.load_game(NL, players=3, seed=seed).new_state()
        letters = s.to_dict()["bonus_cards"]
        assert len(letters) == 4 == len(set(letters)) and set(letters) <= set("ABCDEFGHIJK")
        assert all(s.view(p)["bonus_cards"] == letters for p in range(3))        # visible to all
        assert ttr_nb.load_game(NL, players=3, seed=seed).new_state().to_dict()["bonus_cards"] == letters
        draws[seed] = tuple(letters)
    assert len(set(draws.values())) > 20                                             # the seed draws them
    s = ttr_nb.load_game(NL, players=3, seed=0).new_state()
    again = s.game.state_from_dict(s.to_dict())
    assert again.bonus_cards == s.bonus_cards and again == s
    assert repr(s).endswith(f"bonus cards {''.join(s.to_dict()['bonus_cards'])}>")
    html = s._repr_html_()
    assert "Bonus cards in play" in html
    assert all(g.board.bonus_cards[k].name in html for k in s.bonus_cards)
    assert ttr_nb.load_game("usa").new_state().bonus_cards == ()


def test_nl_only_the_bonus_cards_in_play_score():
    g = nl()
    # player 2 would win the wild west (K: routes into Norway), but it is not in play
    s = position(g, routes={"Göteborg-Oslo": 1, "Lillehammer-Oslo": 1}, bonus_cards=["A", "B", "C", "D"])
    rows = s.score_breakdown()
    assert [c.letter for c in rows[0].bonus_cards] == ["A", "B", "C", "D"]
    assert all(c.letter != "K" for r in rows for c in r.bonus_cards)
    assert rows[1].total == rows[1].route_points + rows[1].ticket_points + rows[1].bonus_points
    html = rows._repr_html_()
    assert "Small steps strategist (10)" in html and "The wild west" not in html


def test_nl_bonus_card_scores_for_every_player_tied_for_the_most():
    g = nl(3)
    s = position(g, routes={"Karlstad-Oslo": 0, "Helsinki-Lahti": 1, "Kuressaare-Riga": 2, "Göteborg-Oslo": 2},
                 bonus_cards=["D"])
    d = bonus_row(s, "D")
    assert [c.count for c in d] == [1, 1, 1] and [c.points for c in d] == [10, 10, 10]
    s = position(g, routes={"Karlstad-Oslo": 0, "Helsinki-Lahti": 1, "Kuressaare-Riga": 1}, bonus_cards=["D"])
    assert [c.points for c in bonus_row(s, "D")] == [0, 10, 0]


def test_nl_bonus_card_a_call_of_the_wild():
    g = nl(3)
    s = position(g, hands=[{"loco": 2, "red": 3, "blue": 1}, {"red": 6}, {"loco": 1, "green": 1}],
                 bonus_cards=["A"])
    a = bonus_row(s, "A")
    assert [c.count for c in a] == [3, 3, 1] and [c.points for c in a] == [5, 5, 0]


def test_nl_bonus_card_b_capital_investment():
    g = nl()
    routes = {"Karlstad-Oslo": 0, "Karlstad-Stockholm": 0, "Tampere-Vaasa": 1, "Helsinki-Tampere": 1,
              "Helsinki-Tallinn": 1, "Kuressaare-Tallinn": 1, "Kuressaare-Riga": 1}
    s = position(g, routes=routes, tickets=[["Oslo-Stockholm"], ["Vaasa-Riga"]], bonus_cards=["B"])
    b = bonus_row(s, "B")
    assert [c.count for c in b] == [1, 0] and [c.points for c in b] == [7, 0]


def test_nl_bonus_card_c_cost_efficiency():
    g = nl()
    s = position(g, routes={"Helsinki-Stockholm": 0, "Karlstad-Oslo": 1}, bonus_cards=["C"])
    c = bonus_row(s, "C")
    assert [x.count for x in c] == [36, 39] and [x.points for x in c] == [0, 7]


def test_nl_bonus_card_d_small_steps_strategist():
    g = nl()
    s = position(g, routes={"Karlstad-Oslo": 0, "Helsinki-Lahti": 0, "Göteborg-Oslo": 0, "Tampere-Turku": 1},
                 bonus_cards=["D"])
    d = bonus_row(s, "D")
    assert [x.count for x in d] == [2, 1] and [x.points for x in d] == [10, 0]


def test_nl_bonus_card_e_nordic_express():
    g = nl()
    s = position(g, routes={"Karlstad-Oslo": 0, "Karlstad-Stockholm": 0, "Helsinki-Stockholm": 1},
                 bonus_cards=["E"])
    e = bonus_row(s, "E")
    assert [x.count for x in e] == [2, 4] and [x.points for x in e] == [0, 10]
    assert [r.longest_bonus for r in s.score_breakdown()] == [0, 0]


def test_nl_bonus_card_f_local_network():
    g = nl()
    routes = {"Karlstad-Oslo": 0, "Karlstad-Stockholm": 0, "Kuressaare-Stockholm": 1, "Kuressaare-Riga": 1}
    # player 1: Oslo-Stockholm (2 points); player 2: Stockholm-Riga (4) and Murmansk-Lieksa (6, not completed)
    s = position(g, routes=routes, tickets=[["Oslo-Stockholm"], ["Stockholm-Riga", "Murmansk-Lieksa"]],
                 bonus_cards=["F"])
    f = bonus_row(s, "F")
    assert [x.count for x in f] == [1, 1] and [x.points for x in f] == [10, 10]


def test_nl_bonus_card_g_international_tycoon():
    g = nl()
    s = position(g, routes={"Karlstad-Oslo": 0, "Kuressaare-Riga": 0, "Helsinki-Lahti": 1, "Tampere-Turku": 1},
                 bonus_cards=["G"])
    tycoon = bonus_row(s, "G")
    assert [x.count for x in tycoon] == [4, 1] and [x.points for x in tycoon] == [12, 0]


def test_nl_bonus_card_h_polar_express():
    g = nl()
    routes = {"Honningsvåg-Unnamed Swedish city (north)": 0, "Rovaniemi-Unnamed Swedish city (north)": 0,
              "Karlstad-Oslo": 1, "Karlstad-Stockholm": 1}
    s = position(g, routes=routes, tickets=[["Honningsvåg-Rovaniemi"], ["Oslo-Stockholm"]], bonus_cards=["H"])
    h = bonus_row(s, "H")
    assert [x.count for x in h] == [1, 0] and [x.points for x in h] == [12, 0]


def test_nl_bonus_card_i_snowplow_award():
    g = nl()
    s = position(g, routes={"Kiruna-Narvik": 0, "Boden-Kiruna": 0, "Boden-Tornio": 1, "Boden-Rovaniemi": 1},
                 bonus_cards=["I"])
    snow = bonus_row(s, "I")
    assert [x.count for x in snow] == [2, 1] and [x.points for x in snow] == [12, 0]


def test_nl_bonus_card_j_ferry_master():
    g = nl()
    s = position(g, routes={"Bergen-Stavanger": 0, "Helsinki-Tallinn": 0, "Karlstad-Oslo": 1, "Umeå-Vaasa": 1},
                 bonus_cards=["J"])
    j = bonus_row(s, "J")
    assert [x.count for x in j] == [2, 1] and [x.points for x in j] == [12, 0]


def test_nl_bonus_card_k_the_wild_west():
    g = nl()
    s = position(g, routes={"Kristiansand-Oslo": 0, "Göteborg-Oslo": 1, "Kiruna-Narvik": 1, "Helsinki-Lahti": 0},
                 bonus_cards=["K"])
    k = bonus_row(s, "K")
    assert [x.count for x in k] == [1, 2] and [x.points for x in k] == [0, 7]


# ---------------------------------------------------------------------------- end and scoring
def test_nl_end_trigger_base_final_round_from_two_trains():
    g = nl()
    assert g.rules.final_round_trains == 2
    from tests.engine.scenario import trains_left
    setup = trains_left(g, [3, 40], free=["Karlstad-Norrköping"])
    s = position(g, hands=[{"black": 1}, {}], **setup)
    s = s.apply("claim Karlstad-Norrköping black*1")
    assert s.trains[0] == 2 and s.countdown == 2 and s.phase == "turn"


def test_nl_no_longest_path_bonus_and_no_globetrotter():
    g = nl()
    assert (g.rules.longest_path_bonus, g.rules.globetrotter_bonus) == (0, 0)
    s = position(g, routes={"Helsinki-Stockholm": 0, "Karlstad-Oslo": 1, "Karlstad-Stockholm": 1},
                 tickets=[[], ["Oslo-Stockholm"]], bonus_cards=[])
    rows = s.score_breakdown()
    assert [r.longest_path for r in rows] == [4, 2]
    assert [r.longest_bonus for r in rows] == [0, 0] and [r.globetrotter for r in rows] == [0, 0]
    assert [r.total for r in rows] == [7, 1 + 1 + 2]


def test_nl_tie_breakers_base_most_completed_tickets():
    g = nl()
    assert g.rules.tie_breakers == ("most_tickets_completed",)     # no longest path bonus to break a tie with
    assert g.rules.summary()["tie-breakers"] == "most tickets completed"
    # both 4 points: player 1 a route of 3, player 2 two routes of 1 and a completed 2-point ticket
    s = position(g, routes={"Ålborg-Oslo": 0, "Karlstad-Oslo": 1, "Karlstad-Stockholm": 1},
                 tickets=[[], ["Oslo-Stockholm"]], bonus_cards=[])
    assert [r.total for r in s.score_breakdown()] == [4, 4]
    assert s.winners() == (1,)


def test_a_tie_breaker_on_a_bonus_the_edition_does_not_have_is_refused():
    from dataclasses import replace

    from ttr_nb.engine.rules import _check
    rules = ttr_nb.load_rules(NL)
    with pytest.raises(ValueError, match="longest_path_bonus names a bonus this edition does not have"):
        _check(replace(rules, tie_breakers=("most_tickets_completed", "longest_path_bonus")))
    for edition in ttr_nb.editions():      # every edition record is consistent
        _check(ttr_nb.load_rules(edition))


# ---------------------------------------------------------------------------- silent or disagreeing
def test_nl_board_data_provisional_is_stated_in_the_edition_record():
    rules = ttr_nb.load_rules(NL)
    assert rules.board_data == "provisional (one source only)"
    assert rules.summary()["board data"] == "provisional (one source only)"
    assert ttr_nb.load_rules("usa").summary()["board data"] == "checked against independent data sets"


def test_nl_capitals_are_data_four_by_default_six_by_option():
    g = nl()
    assert g.rules.capitals == ("Helsinki", "København", "Oslo", "Stockholm")
    assert {c.name for c in g.board.cities if c.capital} == set(g.rules.capitals)
    six = nl(capitals="six")
    assert set(six.rules.capitals) == set(g.rules.capitals) | {"Tallinn", "Riga"}
    routes = {"Tampere-Vaasa": 0, "Helsinki-Tampere": 0, "Helsinki-Tallinn": 0, "Kuressaare-Tallinn": 0,
              "Kuressaare-Riga": 0}
    for game, points in ((g, 0), (six, 7)):
        s = position(game, routes=routes, tickets=[["Vaasa-Riga"], []], bonus_cards=["B"])
        assert bonus_row(s, "B")[0].points == points


def test_nl_bonus_card_with_top_count_zero_scores_for_nobody_option_everybody():
    routes = {"Karlstad-Oslo": 0, "Göteborg-Oslo": 1}
    s = position(nl(), routes=routes, bonus_cards=["H", "J"])
    assert [c.points for c in bonus_row(s, "H")] == [0, 0]          # no Arctic ticket completed
    assert [c.points for c in bonus_row(s, "J")] == [0, 0]          # no ferry claimed
    s = position(nl(bonus_card_zero=True), routes=routes, bonus_cards=["H", "J"])
    assert [c.points for c in bonus_row(s, "H")] == [12, 12]
    assert [c.points for c in bonus_row(s, "J")] == [12, 12]


def test_nl_three_unnamed_markers_are_cities():
    b = nl().board
    unnamed = [c for c in b.cities if c.name.startswith("Unnamed")]
    assert sorted(c.name for c in unnamed) == ["Unnamed Russian city", "Unnamed Swedish city (north)",
                                               "Unnamed Swedish city (south)"]
    assert all(c.kind == "city" and b.routes_at(c.name) for c in unnamed)
    assert [c.arctic for c in sorted(unnamed, key=lambda c: c.name)] == [True, True, False]
