"""Scenario tests for Warehouses & Depots, the Europa 1912 module (rules-variants.md §3), played on
the Europe edition with the option ``warehouses=True``. One test (or a few) per bullet, named after
it; where a corner case has a suggested default and another reading, both are tested (the other
reading through its option).

Bullet -> test(s)

  (the module is an option, off by default)
      ... test_warehouses_and_depots_is_an_option_off_by_default
  Pieces and setup
  - 1 Warehouse and 5 Depots each
      ... test_each_player_has_one_warehouse_and_five_depots
  - after the cards are dealt and the opening tickets kept, each player places his 5th Depot, reverse
    turn order, the first player last; 4 stay in reserve
      ... test_depots_placed_after_the_opening_tickets_in_reverse_turn_order
  - at most one Depot per city; a placed Depot never moves nor leaves the board
      ... test_one_depot_per_city_and_a_placed_depot_never_leaves_the_board
  Drawing train cards
  - every draw first puts the deck's top card, unseen, in any Warehouse; then two cards as usual
      ... test_card_draw_first_puts_the_top_card_into_any_warehouse_then_two_cards
  - Warehouse cards face down, their number public
      ... test_warehouse_cards_face_down_their_number_public
  - only the draw feeds Warehouses
      ... test_only_the_draw_action_feeds_warehouses
  Claiming a route
  - a claim into a Depot's city (anyone's, his own included) may take that owner's Warehouse for one
    reserve Depot
      ... test_claim_into_a_depot_city_collects_that_owners_warehouse_for_a_reserve_depot,
          test_claim_into_own_depot_city_collects_own_warehouse
  - both ends hold Depots: both Warehouses, one reserve Depot each
      ... test_route_between_two_depot_cities_empties_both_warehouses
  - only reserve Depots pay; an empty reserve cannot collect
      ... test_only_reserve_depots_pay_an_empty_reserve_cannot_collect
  - collecting is optional
      ... test_collecting_is_optional
  Placing Depots (free action)
  - besides his action, one or more reserve Depots on empty cities
      ... test_free_action_places_one_or_more_depots_besides_the_action
  End of game
  - most Depots in reserve: 10 points, all tied score it
      ... test_most_depots_in_reserve_score_ten_all_tied_score_it
  - cards left in Warehouses count for nothing
      ... test_cards_left_in_warehouses_count_for_nothing
  Exhausted cards
  - no card left to draw or reshuffle and a player out of Depots: every Warehouse emptied and shuffled
    into a new draw pile
      ... test_exhausted_cards_empty_every_warehouse_into_a_new_deck
  Corner cases
  - free action before or after the action, never in the middle, never on another's turn; option:
    before only
      ... test_free_action_before_or_after_the_action_never_in_the_middle,
          test_free_action_before_only_option
  - place a Depot then claim into that city: empties his own Warehouse for two Depots
      ... test_place_a_depot_then_claim_into_it_to_empty_own_warehouse_costs_two_depots
  - collection after the claim; collected cards cannot pay for it; an abandoned tunnel collects nothing
      ... test_collection_comes_after_the_claim_and_its_cards_cannot_pay_for_it,
          test_abandoned_tunnel_collects_nothing, test_tunnel_claimed_collects_after_the_extra_cards
  - an empty Warehouse is not offered
      ... test_empty_warehouse_collection_is_not_offered
  - both ends Depots of one owner: one Warehouse, emptied once
      ... test_both_ends_same_owner_one_warehouse_emptied_once
  - deck empty for the Warehouse card: reshuffle first; no card at all: no Warehouse card, draw face up
      ... test_deck_empty_for_the_warehouse_card_reshuffles_the_discard_first,
          test_no_card_to_store_the_player_draws_face_up_cards
  - the exhausted-cards trigger is literal (a player out of Depots); option: whatever the Depots
      ... test_exhausted_trigger_needs_a_player_out_of_depots,
          test_exhausted_option_empty_pile_whatever_the_depots
  - the Warehouse card is not one of the two, and comes before a face-up locomotive
      ... test_warehouse_card_is_not_one_of_the_two_and_comes_before_a_face_up_locomotive
  - only the top card of the deck goes to a Warehouse, never a face-up card
      ... test_only_the_top_card_of_the_deck_goes_to_a_warehouse
  - nobody, the owner included, sees Warehouse cards until collected
      ... test_nobody_sees_warehouse_cards_until_collected
  - Depot and station in one city: default never; option: Depots ignore stations
      ... test_depot_and_station_never_share_a_city, test_depots_ignore_stations_option
  - setup placement: any city without a Depot
      ... test_setup_placement_any_city_without_a_depot
  - Depots are not routes nor stations: no ticket, no longest path
      ... test_depots_never_complete_a_ticket_nor_count_for_the_longest_path
  - a player without a Depot on the board: his Warehouse still fed, emptied only by the exhausted rule
      ... test_player_without_depot_on_board_warehouse_fed_and_only_exhaustion_empties_it
  - budget: at most 4 collections; every Depot placed or returned lowers the end bonus count
      ... test_budget_at_most_four_collections_each_depot_lowers_the_bonus_count
  - turn order fixed before placement (reverse order, whoever is first)
      ... test_depot_placement_starts_with_the_last_player_whoever_plays_first
  (positions as data, and refusals that change nothing)
      ... test_position_with_depots_round_trips_and_bad_ones_are_refused, test_action_texts_round_trip
"""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine.actions import CollectWarehouse, EndTurn, PlaceDepot, StoreCard
from ttr_nb.engine.errors import PositionError
from ttr_nb.engine.seat import observed_position
from ttr_nb.engine.cards import CARD_NAMES
from tests.engine.scenario import load, position, refused


def hand(**counts):
    """Nine card counts from colour=count keywords (a hand, a Warehouse)."""
    return tuple(counts.get(name, 0) for name in CARD_NAMES)


def wd(players: int = 2, **options):
    return load("europe", players, warehouses=True, **options)


def depots(placed=(), reserves=None, warehouses=None, collectable=()):
    d = {"placed": [list(x) for x in placed]}
    if reserves is not None:
        d["reserves"] = list(reserves)
    if warehouses is not None:
        d["warehouses"] = list(warehouses)
    if collectable:
        d["collectable"] = list(collectable)
    return d


def at_turn(game, deck=(), **d):
    d.setdefault("phase", "turn")
    d.setdefault("display", ["red", "blue", "green", "white", "black"])
    return position(game, deck=deck, **d)


def ended(s):
    """The position after the player to move ends the turn in phase "after" (the free action not taken)."""
    return s.apply("end turn") if s.phase == "after" else s


# ---------------------------------------------------------------- the option
def test_warehouses_and_depots_is_an_option_off_by_default():
    plain = ttr_nb.load_game("europe", players=2).new_state()
    assert plain.depots is None and plain.rules.warehouses is None
    assert "warehouses" not in plain.to_dict() or plain.to_dict()["depots"] is None
    refused(at_turn(load("europe")), "store 0", "no-warehouses", "warehouses=True")
    refused(at_turn(load("europe")), "depot Paris", "no-warehouses")
    on = wd().rules.warehouses
    assert on.depots == 5 and on.end_bonus == 10
    assert on.placement == "before_or_after" and on.exhaust == "out_of_depots" and on.stations == "apart"
    assert "Warehouses & Depots" in wd().rules.summary()


# ---------------------------------------------------------------- pieces and setup
def test_each_player_has_one_warehouse_and_five_depots():
    for n in (2, 3, 4, 5):
        s = ttr_nb.load_game("europe", players=n, seed=3, warehouses=True).new_state()
        assert s.depots.reserves == (5,) * n
        assert s.depots.warehouses == ((0,) * 9,) * n and s.depots.placed == ()


def _through_opening(s):
    while s.phase == "opening":
        s = s.apply(s.legal_actions()[0])
    return s


def test_depots_placed_after_the_opening_tickets_in_reverse_turn_order():
    s = _through_opening(ttr_nb.load_game("europe", players=4, seed=5, warehouses=True).new_state())
    assert s.phase == "depots" and s.player == 3          # the player who plays last places first
    order = []
    for city in ("Paris", "Berlin", "Wien", "Roma"):
        order.append(s.player)
        refused(s, "draw deck", "wrong-phase")
        s = s.apply(f"depot {city}")
    assert order == [3, 2, 1, 0]
    assert s.phase == "turn" and s.player == 0
    assert s.depots.reserves == (4, 4, 4, 4)
    assert s.depots.placed == (("Paris", 3), ("Berlin", 2), ("Wien", 1), ("Roma", 0))


def test_one_depot_per_city_and_a_placed_depot_never_leaves_the_board():
    g = wd()
    s = at_turn(g, depots=depots([("Paris", 1)], reserves=(4, 4)))
    refused(s, "depot Paris", "depot-taken", "Paris", "player 2")
    assert not any(isinstance(a, PlaceDepot) and a.city == "Paris" for a in s.legal_actions())
    # a collection returns a reserve Depot to the box; the Depot on the board stays
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 1)], reserves=(4, 4),
                                                         warehouses=[{}, {"blue": 2}]))
    s = s.apply("claim Bruxelles-Paris red*2").apply("collect 1")
    assert s.depots.placed == (("Paris", 1),) and s.depots.reserves == (3, 4)


# ---------------------------------------------------------------- drawing train cards
def test_card_draw_first_puts_the_top_card_into_any_warehouse_then_two_cards():
    g = wd(3)
    s = at_turn(g, deck=["pink", "orange", "yellow"], depots=depots(reserves=(4, 4, 4)))
    refused(s, "draw deck", "warehouse-card", "store 0")
    refused(s, "draw red", "warehouse-card")
    assert {a for a in s.legal_actions() if isinstance(a, StoreCard)} == {StoreCard(0), StoreCard(1), StoreCard(2)}
    s = s.apply("store 2")                            # another player's Warehouse
    assert s.phase == "draw1" and s.player == 0
    assert s.depots.warehouses[2] == hand(pink=1)
    s = s.apply("draw deck")
    assert s.phase == "draw2"
    s = s.apply("draw red")
    assert s.hand(0) == hand(orange=1, red=1) and s.phase == "after"
    assert ended(s).player == 1


def test_warehouse_cards_face_down_their_number_public():
    g = wd()
    s = at_turn(g, depots=depots(reserves=(4, 4), warehouses=[{"red": 2}, {"loco": 1}]))
    for seat in (0, 1):
        v = s.view(seat)
        assert v["depots"]["warehouse_sizes"] == [2, 1]
        assert "warehouses" not in v["depots"]


def test_only_the_draw_action_feeds_warehouses():
    g = wd()
    s = at_turn(g, hands=[{"red": 4, "blue": 1}, {}], depots=depots(reserves=(5, 5)))
    for action in ("claim Bruxelles-Paris red*2", "tickets", "station Berlin blue*1"):
        after = s.apply(action)
        assert after.depots.warehouses == s.depots.warehouses, action


# ---------------------------------------------------------------- claiming a route
def test_claim_into_a_depot_city_collects_that_owners_warehouse_for_a_reserve_depot():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 1)], reserves=(4, 4),
                                                         warehouses=[{}, {"blue": 2, "loco": 1}]))
    s = s.apply("claim Bruxelles-Paris red*2")
    assert s.phase == "after" and s.player == 0
    assert CollectWarehouse(1) in s.legal_actions()
    after = s.apply("collect 1")
    assert after.hand(0) == hand(blue=2, loco=1)
    assert after.depots.warehouses[1] == (0,) * 9 and after.depots.reserves == (3, 4)


def test_claim_into_own_depot_city_collects_own_warehouse():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 0)], reserves=(4, 4),
                                                         warehouses=[{"white": 3}, {}]))
    s = s.apply("claim Bruxelles-Paris red*2").apply("collect 0")
    assert s.hand(0) == hand(white=3) and s.depots.reserves == (3, 4)


def test_route_between_two_depot_cities_empties_both_warehouses():
    g = wd(3)
    s = at_turn(g, hands=[{"red": 2}, {}, {}], depots=depots([("Paris", 1), ("Bruxelles", 2)], reserves=(4, 4, 4),
                                                             warehouses=[{}, {"blue": 1}, {"green": 2}]))
    s = s.apply("claim Bruxelles-Paris red*2")
    s = s.apply("collect 2")
    assert s.phase == "after"
    s = s.apply("collect 1")
    assert s.hand(0) == hand(blue=1, green=2) and s.depots.reserves == (2, 4, 4)


def test_only_reserve_depots_pay_an_empty_reserve_cannot_collect():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}],
                depots=depots([("Paris", 1), ("Roma", 0), ("Wien", 0), ("Kyiv", 0), ("Sofia", 0), ("Riga", 0)],
                              reserves=(0, 4), warehouses=[{}, {"blue": 2}]))
    s = s.apply("claim Bruxelles-Paris red*2")
    assert s.phase == "turn" and s.player == 1         # nothing to collect with: the turn is over
    # a position that waits with an empty reserve is refused the collection, naming the reserve
    waiting = at_turn(g, phase="after", hands=[{}, {}], routes={"Bruxelles-Paris": 0}, trains=[43, 45],
                      depots=depots([("Paris", 1), ("Roma", 0), ("Wien", 0), ("Kyiv", 0), ("Sofia", 0), ("Riga", 0)],
                                    reserves=(0, 4), warehouses=[{}, {"blue": 2}], collectable=[1]))
    refused(waiting, "collect 1", "depot-reserve", "reserve")


def test_collecting_is_optional():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 1)], reserves=(4, 4),
                                                         warehouses=[{}, {"blue": 2}]))
    s = s.apply("claim Bruxelles-Paris red*2")
    assert EndTurn() in s.legal_actions()
    s = s.apply("end turn")
    assert s.player == 1 and s.phase == "turn"
    assert s.depots.warehouses[1] == hand(blue=2) and s.depots.reserves == (4, 4)
    assert s.depots.collectable == ()


# ---------------------------------------------------------------- placing Depots
def test_free_action_places_one_or_more_depots_besides_the_action():
    g = wd()
    s = at_turn(g, deck=["pink", "orange", "yellow"], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    s = s.apply("depot Berlin").apply("depot Wien")
    assert s.phase == "turn" and s.player == 0 and s.depots.reserves == (2, 4)
    s = s.apply("store 1").apply("draw deck").apply("draw deck")
    assert s.phase == "after" and s.player == 0        # still his turn: more Depots, or the end of it
    s = s.apply("depot Madrid")
    assert s.depots.reserves == (1, 4)
    s = s.apply("end turn")
    assert s.player == 1


# ---------------------------------------------------------------- end of game
def test_most_depots_in_reserve_score_ten_all_tied_score_it():
    g = wd(3)
    s = at_turn(g, phase="over", depots=depots([("Paris", 0), ("Roma", 1), ("Wien", 2), ("Riga", 2)],
                                               reserves=(3, 3, 2)))
    rows = s.score_breakdown()
    assert [r.depot_bonus for r in rows] == [10, 10, 0]
    assert [r.depots_kept for r in rows] == [3, 3, 2]
    assert all(r.total == r.route_points + r.ticket_points + r.longest_bonus + r.station_points + r.depot_bonus
               for r in rows)
    # nobody holds a Depot in reserve: nobody scores the bonus (a count of 0 wins nothing, as the Globetrotter)
    empty = at_turn(g, phase="over", depots=depots([("Paris", 0), ("Roma", 1), ("Wien", 2)], reserves=(0, 0, 0)))
    assert [r.depot_bonus for r in empty.score_breakdown()] == [0, 0, 0]


def test_cards_left_in_warehouses_count_for_nothing():
    g = wd()
    full = at_turn(g, phase="over", depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4),
                                                  warehouses=[{"red": 5}, {}]))
    bare = at_turn(g, phase="over", depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    assert [r.total for r in full.score_breakdown()] == [r.total for r in bare.score_breakdown()]


# ---------------------------------------------------------------- exhausted cards
def _no_reserve(player, n=2):
    cities = ["Roma", "Wien", "Kyiv", "Sofia", "Riga"]
    placed = [(c, player) for c in cities]
    reserves = [4] * n
    reserves[player] = 0
    return placed, reserves


def test_exhausted_cards_empty_every_warehouse_into_a_new_deck():
    g = wd()
    placed, reserves = _no_reserve(1)
    # the last card of the deck goes to a Warehouse: no card left to draw or reshuffle, player 2 has no
    # Depot left -> every Warehouse is emptied into a new deck, and the draw goes on from it
    s = at_turn(g, deck=["pink"], rest=0, display=[], depots=depots(placed, reserves,
                                                                    warehouses=[{"red": 1}, {"blue": 2}]))
    assert len(s.deck) == 1 and not s.discard
    s = s.apply("store 0")
    assert s.depots.warehouses == ((0,) * 9, (0,) * 9)
    assert sorted(s.deck) == [0, 4, 4, 5]      # red, blue, blue and the pink just stored (card indexes)
    s = s.apply("draw deck")
    assert s.phase == "draw2"


# ---------------------------------------------------------------- corner cases
def test_free_action_before_or_after_the_action_never_in_the_middle():
    g = wd()
    s = at_turn(g, deck=["pink", "orange", "yellow"], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    mid = s.apply("store 0")
    refused(mid, "depot Berlin", "wrong-phase")                    # not between the Warehouse card and the picks
    refused(mid.apply("draw deck"), "depot Berlin", "wrong-phase")  # nor between the two picks
    t = at_turn(g, hands=[{"red": 3}, {}], deck=["red", "blue", "black"],
                depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    refused(t.apply("claim Paris-Zürich red*3"), "depot Berlin", "wrong-phase")   # nor during a tunnel reveal
    after = s.apply("store 0").apply("draw deck").apply("draw deck")
    assert after.phase == "after" and PlaceDepot("Berlin") in after.legal_actions()
    other = after.apply("end turn")
    assert other.player == 1 and other.phase == "turn"
    # never on another player's turn: every action is the player to move's own
    assert other.apply("depot Berlin").depots.placed[-1] == ("Berlin", 1)


def test_free_action_before_only_option():
    g = wd(depot_placement="before")
    s = at_turn(g, deck=["pink", "orange", "yellow"], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    assert s.apply("depot Berlin").phase == "turn"
    done = s.apply("store 0").apply("draw deck").apply("draw deck")
    assert done.player == 1 and done.phase == "turn"     # no phase "after" to place in
    waiting = at_turn(g, phase="after", hands=[{}, {}], routes={"Bruxelles-Paris": 0}, trains=[43, 45],
                      depots=depots([("Paris", 1), ("Roma", 0)], reserves=(4, 4),
                                    warehouses=[{}, {"blue": 1}], collectable=[1]))
    refused(waiting, "depot Berlin", "depot-free-action", "before")
    assert waiting.apply("collect 1").player == 1


def test_place_a_depot_then_claim_into_it_to_empty_own_warehouse_costs_two_depots():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Roma", 0), ("Wien", 1)], reserves=(4, 4),
                                                         warehouses=[{"black": 3}, {}]))
    s = s.apply("depot Paris").apply("claim Bruxelles-Paris red*2").apply("collect 0")
    assert s.hand(0) == hand(black=3) and s.depots.reserves == (2, 4)


def test_collection_comes_after_the_claim_and_its_cards_cannot_pay_for_it():
    g = wd()
    s = at_turn(g, hands=[{"red": 1}, {}], depots=depots([("Paris", 1)], reserves=(4, 4),
                                                         warehouses=[{}, {"red": 1}]))
    refused(s, "claim Bruxelles-Paris red*2", "not-in-hand")
    refused(s, "collect 1", "collect-warehouse", "right after claiming")
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 1)], reserves=(4, 4),
                                                         warehouses=[{}, {"red": 1}]))
    s = s.apply("claim Bruxelles-Paris red*2")
    assert s.owner("Bruxelles-Paris") == 0 and s.points[0] == 2 and s.trains[0] == 43   # claimed first
    assert s.hand(0) == hand()
    assert s.apply("collect 1").hand(0) == hand(red=1)


def test_abandoned_tunnel_collects_nothing():
    g = wd()
    s = at_turn(g, hands=[{"red": 3}, {}], deck=["red", "blue", "black"],
                depots=depots([("Paris", 1)], reserves=(4, 4), warehouses=[{}, {"white": 2}]))
    s = s.apply("claim Paris-Zürich red*3")
    assert s.phase == "tunnel"
    s = s.apply("abandon")
    assert s.depots.collectable == () and s.depots.warehouses[1] == hand(white=2)
    assert not any(isinstance(a, CollectWarehouse) for a in s.legal_actions())
    assert ended(s).player == 1


def test_tunnel_claimed_collects_after_the_extra_cards():
    g = wd()
    s = at_turn(g, hands=[{"red": 4}, {}], deck=["red", "blue", "black"],
                depots=depots([("Paris", 1)], reserves=(4, 4), warehouses=[{}, {"white": 2}]))
    s = s.apply("claim Paris-Zürich red*3").apply("pay red*1")
    assert s.phase == "after" and s.owner("Paris-Zürich") == 0
    assert s.apply("collect 1").hand(0) == hand(white=2)


def test_empty_warehouse_collection_is_not_offered():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 1), ("Roma", 0)], reserves=(4, 4)))
    s2 = s.apply("claim Bruxelles-Paris red*2")
    assert not any(isinstance(a, CollectWarehouse) for a in s2.legal_actions())
    waiting = at_turn(g, phase="after", hands=[{}, {}], routes={"Bruxelles-Paris": 0}, trains=[43, 45],
                      depots=depots([("Paris", 1), ("Roma", 0)], reserves=(4, 4), collectable=[1]))
    refused(waiting, "collect 1", "collect-warehouse", "empty")


def test_both_ends_same_owner_one_warehouse_emptied_once():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 1), ("Bruxelles", 1)], reserves=(3, 3),
                                                         warehouses=[{}, {"blue": 2}]))
    s = s.apply("claim Bruxelles-Paris red*2")
    assert [a for a in s.legal_actions() if isinstance(a, CollectWarehouse)] == [CollectWarehouse(1)]
    s = s.apply("collect 1")
    assert s.depots.reserves == (2, 3)
    assert not any(isinstance(a, CollectWarehouse) for a in s.legal_actions())


def test_deck_empty_for_the_warehouse_card_reshuffles_the_discard_first():
    g = wd()
    s = at_turn(g, deck=[], rest="discard", depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    assert not s.deck and s.discard
    s = s.apply("store 1")
    assert sum(s.depots.warehouses[1]) == 1 and s.shuffles == 1


def test_no_card_to_store_the_player_draws_face_up_cards():
    g = wd()
    s = at_turn(g, deck=[], rest=0, display=["red", "blue", "green", "white", "black"],
                depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    refused(s, "store 0", "deck-empty", "display")
    s = ended(s.apply("draw red").apply("draw blue"))
    assert s.player == 1 and s.depots.warehouses == ((0,) * 9, (0,) * 9)


def test_exhausted_trigger_needs_a_player_out_of_depots():
    g = wd()
    s = at_turn(g, deck=["pink"], rest=0, display=[], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4),
                                                                    warehouses=[{"red": 1}, {}]))
    s = s.apply("store 1")
    assert s.depots.warehouses == (hand(red=1), hand(pink=1))     # every player still has Depots: nothing moves
    assert not s.deck and not s.discard
    assert s.phase == "after"                                      # no card left to pick: the draw ended
    # the last reserve Depot placed: the exhaustion applies at once
    placed, reserves = _no_reserve(0)
    reserves[0] = 1
    t = at_turn(g, deck=[], rest=0, display=[], depots=depots(placed[:4], reserves, warehouses=[{"red": 1}, {}]))
    t = t.apply("depot Madrid")
    assert t.depots.warehouses == ((0,) * 9, (0,) * 9) and t.deck == (0,)


def test_exhausted_option_empty_pile_whatever_the_depots():
    g = wd(warehouses_exhaust="empty_pile")
    s = at_turn(g, deck=["pink"], rest=0, display=[], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4),
                                                                    warehouses=[{"red": 1}, {}]))
    s = s.apply("store 1")
    assert s.depots.warehouses == ((0,) * 9, (0,) * 9)
    assert sorted(s.deck) == [0, 5]


def test_warehouse_card_is_not_one_of_the_two_and_comes_before_a_face_up_locomotive():
    g = wd()
    s = at_turn(g, deck=["pink", "orange"], display=["loco", "blue", "green", "white", "black"],
                depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    s = s.apply("store 0").apply("draw loco")
    assert s.depots.warehouses[0] == hand(pink=1) and s.hand(0) == hand(loco=1)
    assert s.phase == "after" or s.player == 1              # the locomotive ended the draw
    s2 = at_turn(g, deck=["pink", "orange", "yellow"], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    s2 = s2.apply("store 0").apply("draw deck").apply("draw deck")
    assert sum(s2.hand(0)) == 2 and sum(s2.depots.warehouses[0]) == 1


def test_only_the_top_card_of_the_deck_goes_to_a_warehouse():
    g = wd()
    s = at_turn(g, deck=["pink"], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4)))
    after = s.apply("store 1")
    assert after.display == s.display and after.depots.warehouses[1] == hand(pink=1)
    refused(s, "store red", "action-syntax")


def test_nobody_sees_warehouse_cards_until_collected():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], depots=depots([("Paris", 1)], reserves=(4, 4),
                                                         warehouses=[{"loco": 1}, {"blue": 2}]))
    for seat in (0, 1):
        seen = observed_position(s, seat)
        assert seen.depots.counts() == (1, 2)
        # the seat's picture of the Warehouses is dealt from the cards it has not seen, not the real ones
        assert s.unseen_cards(seat)[8] >= 1 and s.unseen_cards(seat)[4] >= 2
    s = s.apply("claim Bruxelles-Paris red*2").apply("collect 1")
    assert s.view(0)["hand"] == {"blue": 2}


def test_depot_and_station_never_share_a_city():
    g = wd()
    s = at_turn(g, hands=[{"red": 2}, {}], stations=[["Berlin", 1]],
                depots=depots([("Paris", 1)], reserves=(5, 4)))
    refused(s, "depot Berlin", "depot-station", "Berlin")
    refused(s, "station Paris red*1", "depot-station", "Paris")
    assert PlaceDepot("Berlin") not in s.legal_actions()
    assert not any(getattr(a, "city", None) == "Paris" for a in s.legal_actions())


def test_depots_ignore_stations_option():
    g = wd(depots_and_stations="together")
    s = at_turn(g, hands=[{"red": 2}, {}], stations=[["Berlin", 1]],
                depots=depots([("Paris", 1)], reserves=(5, 4)))
    assert s.apply("depot Berlin").depots.placed[-1] == ("Berlin", 0)
    assert s.apply("station Paris red*1").stations[-1] == ("Paris", 0)


def test_setup_placement_any_city_without_a_depot():
    g = wd()
    s = _through_opening(g.new_state())
    cities = {a.city for a in s.legal_actions()}
    assert cities == set(g.tables.city_names)
    s = s.apply("depot Paris")
    assert "Paris" not in {a.city for a in s.legal_actions()}
    refused(s, "depot Paris", "depot-taken")
    refused(s, "depot Atlantis", "unknown-city", "Atlantis")


def test_depots_never_complete_a_ticket_nor_count_for_the_longest_path():
    g = wd()
    s = at_turn(g, phase="over", routes={"Bruxelles-Paris": 0}, trains=[43, 45], tickets=[["Paris-Zagrab"], []],
                depots=depots([("Zagrab", 0), ("Paris", 1)], reserves=(4, 4)))
    row = s.score_breakdown()[0]
    assert row.tickets[0].completed is False and row.longest_path == 2


def test_player_without_depot_on_board_warehouse_fed_and_only_exhaustion_empties_it():
    g = wd()
    # player 2's only Depots on the board were never placed (a position written so): his Warehouse is fed ...
    s = at_turn(g, deck=["pink", "orange", "yellow"], depots=depots([("Paris", 0)], reserves=(4, 4)))
    s = s.apply("store 1")
    assert s.depots.warehouses[1] == hand(pink=1)
    # ... and no claim reaches it: no city holds his Depot
    assert all(q != 1 for _c, q in s.depots.placed)


def test_budget_at_most_four_collections_each_depot_lowers_the_bonus_count():
    g = wd()
    s = _through_opening(g.new_state()).apply("depot Paris").apply("depot Roma")
    assert s.depots.reserves == (4, 4)            # one on the board from the start: four left to spend
    before = s.apply("depot Wien")
    assert before.depots.reserves[0] == 3
    assert at_turn(g, phase="over", depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 3))
                   ).score_breakdown()[0].depot_bonus == 10


def test_depot_placement_starts_with_the_last_player_whoever_plays_first():
    g = ttr_nb.load_game("europe", players=3, seed=2, first_player=1, warehouses=True)
    s = _through_opening(g.new_state())
    order = []
    for city in ("Paris", "Berlin", "Wien"):
        order.append(s.player)
        s = s.apply(f"depot {city}")
    assert order == [0, 2, 1] and s.player == 1 and s.phase == "turn"


# ---------------------------------------------------------------- data and texts
def test_position_with_depots_round_trips_and_bad_ones_are_refused():
    g = wd()
    s = at_turn(g, deck=["pink"], depots=depots([("Paris", 0), ("Roma", 1)], reserves=(4, 4),
                                                warehouses=[{"red": 1}, {}]))
    d = s.to_dict()
    assert d["depots"]["warehouses"] == [{"red": 1}, {}]
    assert g.state_from_dict(d) == s
    for bad, words in (
            ({"placed": [["Paris", 0], ["Paris", 1]]}, "two depots"),
            ({"placed": [["Atlantis", 0]]}, "Atlantis"),
            ({"reserves": [5, 9]}, "reserve"),
            ({"collectable": [1]}, "after")):
        with pytest.raises(PositionError, match=words):
            g.state_from_dict(dict(d, depots=bad, deck=None) if False else {**d, "depots": {**d["depots"], **bad}})
    with pytest.raises(PositionError, match="without Warehouses"):
        load("europe").state_from_dict({"depots": {"placed": []}})


def test_action_texts_round_trip():
    for text in ("store 1", "depot Paris", "collect 0", "end turn"):
        assert str(ttr_nb.parse(text)) == text
    with pytest.raises(ValueError):
        ttr_nb.parse("store")
