"""Scenario tests for the project's rules notes on variants of existing boards (rules-variants.md):
§1 USA 1910 and §2 Europa 1912's ticket games, one or a few per rule bullet, and both readings
of each disagreement. (§3, Warehouses & Depots, is a module of its own; §4, how the reference
decks map onto each variant, is checked ticket by ticket in test_variants.py.)

Bullet -> test(s)

§1 USA 1910
  nothing changes on the board, the trains (45), the 110 cards, the route scoring
      ... test_usa_1910_board_trains_cards_and_route_scoring_unchanged
  the box: 69 tickets (30 reprints, 35 new, 4 Mystery Train); longest-path card and Globetrotter
      ... test_usa_1910_box_holds_69_tickets_and_two_bonus_cards
  the reprints' four lower values
      ... test_usa_1910_reprints_score_their_four_lower_values
  four ways to play
      ... test_usa_1910_offers_four_ways_to_play
  Classic: the base game with the 30 reprints, longest path only
      ... test_classic_is_the_base_game_with_the_reprints_longest_path_only
  BGA's "Disabled" is the base game with the base deck (disagreement: Classic's values)
      ... test_classic_bga_reading_is_the_base_usa_edition_with_base_values
  the 4 Mystery Train tickets are not part of Classic (disagreement: option adds them)
      ... test_classic_leaves_out_the_mystery_train_tickets_option_adds_them
  1910: the 35 1910 tickets only, the Globetrotter replaces the longest-path card
      ... test_1910_globetrotter_replaces_the_longest_path_card
  the Mystery Train tickets are not in the 1910 deck
      ... test_1910_deck_has_no_mystery_train_ticket
  1910: deal 3 keep >= 2, later 3 keep >= 1, returns to the bottom
      ... test_1910_opening_three_keep_two_returned_to_the_bottom,
          test_1910_later_draws_three_keep_one_returned_to_the_bottom
  Mega Game: all 69, both bonus cards
      ... test_mega_game_scores_both_bonus_cards
  Mega Game: opening deal 5, keep >= 3
      ... test_mega_game_opening_five_keep_three
  Mega Game: later draws 4, keep >= 1 (disagreement: BGA and one implementation only; default 4)
      ... test_mega_game_later_draws_four_keep_one_returned_to_the_bottom
  Mega Game: returns to the bottom
      ... (the two tests above)
  Big Cities: the seven Big Cities, 35 tickets with at least one (disagreement: 25 -> 35)
      ... test_big_cities_every_ticket_has_a_big_city_35_of_them
  Big Cities: opening 4 keep >= 2, later 4 keep >= 1, returns always to the bottom
      ... test_big_cities_opening_four_keep_two_returned_to_the_bottom,
          test_big_cities_later_draws_four_keep_one_returned_to_the_bottom
  Big Cities: no bonus card at all
      ... test_big_cities_scores_no_bonus_card
  Globetrotter: 15 to the most tickets completed, a count, not their value
      ... test_globetrotter_counts_tickets_not_their_value
  Globetrotter: tied players all score it
      ... test_globetrotter_tied_players_all_score_it
  Globetrotter at 0 completed (disagreement): nobody, as Nordic's; option: everybody (BGA)
      ... test_globetrotter_nobody_at_zero_option_everybody,
          test_globetrotter_is_the_scoring_rule_nordic_shares
  longest path where used: 10, ties all score
      ... test_longest_path_where_used_ten_and_ties_all_score
  end trigger, route points, double routes: base USA
      ... test_usa_1910_end_trigger_and_double_routes_are_the_base_games
  tie-breakers (disagreement: not stated): completed tickets, then longest-path length
      ... test_usa_1910_ties_completed_tickets_then_longest_path_length
  Los Angeles-Oklahoma City is worth 9
      ... test_los_angeles_oklahoma_city_is_worth_nine

§2 Europa 1912
  the box: 101 tickets, 55 new (6 long, 19 regular, 30 Big Cities) and 46 originals
      ... test_europa_1912_box_holds_101_tickets
  the data agree with that split (15 originals with a Big City, the 36 pairs)
      ... (test_variants.py: test_big_cities_of_europe_is_45_big_cities_tickets_and_no_long_deck)
  the nine Big Cities of Europe
      ... test_big_cities_of_europe_every_ticket_has_a_big_city
  nothing on the board changes: stations, tunnels, ferries, European Express
      ... test_europa_1912_stations_tunnels_ferries_unchanged
  Europe Expanded: base + the 19 new regular tickets; long deck the 6 originals
  (disagreement: the 6 new long tickets left out)
      ... test_europe_expanded_adds_19_regular_tickets_long_deck_unchanged
  Europe Expanded: dealing, keeping, returns, bonuses as base Europe
      ... test_europe_expanded_deals_as_base_europe
  Big Cities of Europe: only Big Cities tickets, no long tickets
      ... test_big_cities_of_europe_every_ticket_has_a_big_city
  Big Cities of Europe: deal 5 keep >= 2 removed; later 4 keep >= 1 to the bottom
      ... test_big_cities_of_europe_opening_five_keep_two_removed,
          test_big_cities_of_europe_later_draws_four_keep_one_to_the_bottom
  Big Cities of Europe: European Express (disagreement): none by default, option as BGA
      ... test_big_cities_of_europe_no_european_express_option_awards_it
  tie-breakers: base Europe; without the Express, the longest-path length last
      ... test_big_cities_of_europe_ties_end_on_the_longest_path_length
  Mega Europe: all 101, 89 in one deck, 12 long in the other
      ... test_mega_europe_two_decks_of_89_and_12
  Mega Europe: deal 2 long + 5 regular, keep >= 3, at most 1 long, the rest removed
      ... test_mega_europe_opening_two_long_five_regular_keep_three_at_most_one_long
  Mega Europe: later draws 3 regular, keep >= 1, to the bottom; long tickets never drawn later
      ... test_mega_europe_later_draws_three_regular_long_never_drawn
"""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine.actions import DrawTickets, KeepTickets
from tests.engine.scenario import load, position, refused

USA_VARIANTS = ("classic", "1910", "mega", "bigcities")
EUROPE_VARIANTS = ("expanded", "bigcities", "mega")
MYSTERY_TRAIN = ("Boston-Washington", "Montréal-Chicago", "Vancouver-Portland", "Winnipeg-Omaha")


def keys(game, ids) -> list[str]:
    return [game.board.tickets[t].key for t in ids]


def opened(game, keep=None):
    """The first turn after every player kept tickets: all of them, or `keep(offer)` positions."""
    s = game.new_state()
    while s.phase == "opening":
        offer = s.opening_offers[s.player]
        s = s.apply(KeepTickets(tuple(range(len(offer))) if keep is None else keep(game, offer)))
    return s


# two players' networks on the USA board: player 0 joins Chicago, Pittsburgh, New York and Nashville
# (longest path 7), player 1 Los Angeles, Phoenix, Santa Fe and Oklahoma City (longest path 9)
EAST = {"Chicago-Pittsburgh": 0, "New York-Pittsburgh": 0, "Nashville-Pittsburgh": 0}
WEST = {"Los Angeles-Phoenix": 1, "Phoenix-Santa Fe": 1, "Oklahoma City-Santa Fe": 1}


# ----------------------------------------------------------------------------- §1 USA 1910
def test_usa_1910_board_trains_cards_and_route_scoring_unchanged():
    base = ttr_nb.load_game("usa")
    for variant in USA_VARIANTS:
        g = ttr_nb.load_game("usa", players=5, variant=variant)
        assert g.board.routes == base.board.routes and g.board.cities == base.board.cities
        assert g.new_state().trains == (45,) * 5
        assert (g.rules.cards_per_colour, g.rules.locomotives, g.rules.total_cards) == (12, 14, 110)
        assert g.route_points == base.route_points


def test_usa_1910_box_holds_69_tickets_and_two_bonus_cards():
    mega = ttr_nb.load_game("usa", variant="mega")
    assert len(mega.board.tickets) == 69
    assert sum(t.key in MYSTERY_TRAIN for t in mega.board.tickets) == 4
    base = {frozenset(t.ends) for t in ttr_nb.load_game("usa").board.tickets}
    assert sum(frozenset(t.ends) in base for t in mega.board.tickets) == 30
    assert (mega.rules.longest_path_bonus, mega.rules.globetrotter_bonus) == (10, 15)


def test_usa_1910_reprints_score_their_four_lower_values():
    tickets = [["Los Angeles-Miami", "Los Angeles-New York"], ["Seattle-New York", "Sault St. Marie-Oklahoma City"]]
    base = position(ttr_nb.load_game("usa", seed=11), tickets=tickets).score_breakdown()
    classic = position(load("usa", variant="classic"), tickets=tickets).score_breakdown()
    assert [r.ticket_points for r in base] == [-41, -31]
    assert [r.ticket_points for r in classic] == [-39, -28]


def test_usa_1910_offers_four_ways_to_play():
    assert [v for _, v in ttr_nb.variants("usa")] == list(USA_VARIANTS)
    titles = [ttr_nb.load_rules("usa", v).variant_title for v in USA_VARIANTS]
    assert titles == ["USA 1910: Classic", "USA 1910: 1910", "USA 1910: Mega Game", "USA 1910: Big Cities"]


def test_classic_is_the_base_game_with_the_reprints_longest_path_only():
    classic, base = ttr_nb.load_rules("usa", "classic"), ttr_nb.load_rules("usa")
    assert classic.tickets == base.tickets and classic.tie_breakers == base.tie_breakers
    assert (classic.longest_path_bonus, classic.globetrotter_bonus) == (10, 0)
    s = position(load("usa", variant="classic"), routes={**EAST, **WEST}, tickets=[["Chicago-Santa Fe"], []])
    rows = s.score_breakdown()
    assert [r.longest_bonus for r in rows] == [0, 10] and [r.globetrotter for r in rows] == [0, 0]
    assert [r.total for r in rows] == [13 - 9, 12 + 10]


def test_classic_bga_reading_is_the_base_usa_edition_with_base_values():
    g = ttr_nb.load_game("usa")
    assert g.rules.variant == "" and g.board.find_ticket("Seattle-New York").value == 22
    assert load("usa", variant="classic").board.find_ticket("Seattle-New York").value == 20


def test_classic_leaves_out_the_mystery_train_tickets_option_adds_them():
    default = load("usa", variant="classic").board
    assert len(default.tickets) == 30
    for key in MYSTERY_TRAIN:
        with pytest.raises(KeyError):
            default.find_ticket(key)
    added = load("usa", variant="classic", mystery_train_tickets=True).board
    assert len(added.tickets) == 34
    assert [added.find_ticket(k).value for k in MYSTERY_TRAIN] == [4, 7, 2, 6]


def test_1910_globetrotter_replaces_the_longest_path_card():
    g = load("usa", variant="1910")
    assert len(g.board.tickets) == 35
    s = position(g, routes={**EAST, **WEST},
                 tickets=[["Chicago-New York", "Nashville-New York"], ["Los Angeles-Oklahoma City"]])
    rows = s.score_breakdown()
    assert [r.longest_path for r in rows] == [7, 9] and [r.longest_bonus for r in rows] == [0, 0]
    assert [r.globetrotter for r in rows] == [15, 0]
    assert [r.total for r in rows] == [13 + 11 + 15, 12 + 9]


def test_1910_deck_has_no_mystery_train_ticket():
    board = load("usa", variant="1910").board
    for key in MYSTERY_TRAIN:
        with pytest.raises(KeyError):
            board.find_ticket(key)


def check_opening(game, deal: int, keep: int, returns: str):
    s = game.new_state()
    assert [len(o) for o in s.opening_offers] == [deal] * game.players
    offer = s.opening_offers[s.player]
    refused(s, KeepTickets(tuple(range(keep - 1))), "keep-minimum", f"at least {keep}", f"{deal} tickets")
    deck = s.ticket_deck
    s = s.apply(KeepTickets(tuple(range(keep))))
    returned = offer[keep:]
    if returns == "bottom":
        assert s.ticket_deck == tuple(reversed(returned)) + deck and s.removed_tickets == ()
    else:
        assert s.ticket_deck == deck and set(returned) <= set(s.removed_tickets)
    assert s.tickets[0] == offer[:keep]


def check_later_draw(game, draw: int, keep: int, s=None, deck: str = "regular"):
    """The first player draws tickets (from `s`, else the first turn after every player kept all)."""
    s = opened(game) if s is None else s
    before = s.ticket_deck
    s = s.apply(DrawTickets())
    assert s.offer == tuple(reversed(before[-draw:])) and len(s.offer) == draw
    assert {game.board.tickets[t].deck for t in s.offer} == {deck}
    refused(s, KeepTickets(()), "keep-minimum", f"at least {keep}", f"{draw} tickets")
    offer = s.offer
    s = s.apply(KeepTickets((0,)))
    assert s.tickets[0][-1] == offer[0]
    assert s.ticket_deck == tuple(reversed(offer[1:])) + before[:-draw]


def test_1910_opening_three_keep_two_returned_to_the_bottom():
    check_opening(load("usa", variant="1910"), 3, 2, "bottom")


def test_1910_later_draws_three_keep_one_returned_to_the_bottom():
    check_later_draw(load("usa", variant="1910"), 3, 1)


def test_mega_game_scores_both_bonus_cards():
    g = load("usa", variant="mega")
    s = position(g, routes={**EAST, **WEST},
                 tickets=[["Chicago-New York", "Nashville-New York"], ["Los Angeles-Oklahoma City"]])
    rows = s.score_breakdown()
    assert [r.longest_bonus for r in rows] == [0, 10] and [r.globetrotter for r in rows] == [15, 0]
    assert [r.total for r in rows] == [13 + 11 + 15, 12 + 9 + 10]


def test_mega_game_opening_five_keep_three():
    check_opening(load("usa", players=3, variant="mega"), 5, 3, "bottom")


def test_mega_game_later_draws_four_keep_one_returned_to_the_bottom():
    check_later_draw(load("usa", variant="mega"), 4, 1)


def test_big_cities_every_ticket_has_a_big_city_35_of_them():
    big = {"Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"}
    tickets = load("usa", variant="bigcities").board.tickets
    assert len(tickets) == 35 and all(big & set(t.ends) for t in tickets)
    mega = load("usa", variant="mega").board.tickets
    assert {t.key for t in mega if big & set(t.ends)} == {t.key for t in tickets}


def test_big_cities_opening_four_keep_two_returned_to_the_bottom():
    check_opening(load("usa", players=4, variant="bigcities"), 4, 2, "bottom")


def test_big_cities_later_draws_four_keep_one_returned_to_the_bottom():
    check_later_draw(load("usa", variant="bigcities"), 4, 1)


def test_big_cities_scores_no_bonus_card():
    g = load("usa", variant="bigcities")
    s = position(g, routes={**EAST, **WEST},
                 tickets=[["Chicago-New York", "Nashville-New York"], ["Los Angeles-Oklahoma City"]])
    rows = s.score_breakdown()
    assert [r.longest_path for r in rows] == [7, 9]
    assert [r.longest_bonus for r in rows] == [0, 0] and [r.globetrotter for r in rows] == [0, 0]
    assert [r.total for r in rows] == [13 + 11, 12 + 9]


def test_globetrotter_counts_tickets_not_their_value():
    # player 0 completes two tickets worth 5 and 6; player 1 one worth 9 and holds 22 more points of
    # tickets: more value held and the best single ticket, but fewer tickets completed
    g = load("usa", variant="1910")
    s = position(g, routes={**EAST, **WEST},
                 tickets=[["Chicago-New York", "Nashville-New York"], ["Los Angeles-Oklahoma City", "Miami-New York",
                                                                       "Calgary-Los Angeles"]])
    rows = s.score_breakdown()
    assert [r.tickets_completed for r in rows] == [2, 1]
    assert [r.globetrotter for r in rows] == [15, 0]


def test_globetrotter_tied_players_all_score_it():
    g = load("usa", players=3, variant="1910")
    s = position(g, routes={"Chicago-Pittsburgh": 0, "New York-Pittsburgh": 0, **WEST},
                 tickets=[["Chicago-New York"], ["Los Angeles-Oklahoma City"], ["Miami-New York"]])
    rows = s.score_breakdown()
    assert [r.tickets_completed for r in rows] == [1, 1, 0]
    assert [r.globetrotter for r in rows] == [15, 15, 0]


@pytest.mark.parametrize("variant", ["1910", "mega"])
def test_globetrotter_nobody_at_zero_option_everybody(variant):
    tickets = [["Chicago-New York"], ["Los Angeles-Oklahoma City"]]
    rows = position(load("usa", variant=variant), routes=EAST, tickets=tickets[::-1]).score_breakdown()
    assert [r.tickets_completed for r in rows] == [0, 0] and [r.globetrotter for r in rows] == [0, 0]
    rows = position(load("usa", variant=variant, globetrotter_at_zero=True), routes=EAST,
                    tickets=tickets[::-1]).score_breakdown()
    assert [r.globetrotter for r in rows] == [15, 15]
    # when somebody completed a ticket the option changes nothing
    rows = position(load("usa", variant=variant, globetrotter_at_zero=True), routes=EAST,
                    tickets=tickets).score_breakdown()
    assert [r.globetrotter for r in rows] == [15, 0]


def test_globetrotter_is_the_scoring_rule_nordic_shares():
    from ttr_nb.engine.scoring import globetrotter
    nordic, usa = ttr_nb.load_rules("nordic"), ttr_nb.load_rules("usa", "1910")
    assert globetrotter(nordic, [2, 3, 3]) == (0, 10, 10) and globetrotter(usa, [2, 3, 3]) == (0, 15, 15)
    assert globetrotter(nordic, [0, 0]) == globetrotter(usa, [0, 0]) == (0, 0)
    assert globetrotter(ttr_nb.load_rules("usa", "1910", globetrotter_at_zero=True), [0, 0]) == (15, 15)
    assert globetrotter(ttr_nb.load_rules("usa"), [1, 4]) == (0, 0)


def test_longest_path_where_used_ten_and_ties_all_score():
    for variant in ("classic", "mega"):
        g = load("usa", variant=variant)
        rows = position(g, routes={**EAST, **WEST}).score_breakdown()
        assert [r.longest_path for r in rows] == [7, 9] and [r.longest_bonus for r in rows] == [0, 10]
        # Dallas-Oklahoma City-Santa Fe-El Paso: 7, as long as player 0's
        tie = {"Dallas-Oklahoma City": 1, "Oklahoma City-Santa Fe": 1, "El Paso-Santa Fe": 1}
        rows = position(g, routes={**EAST, **tie}).score_breakdown()
        assert [r.longest_path for r in rows] == [7, 7] and [r.longest_bonus for r in rows] == [10, 10]


def test_usa_1910_end_trigger_and_double_routes_are_the_base_games():
    base = ttr_nb.load_rules("usa")
    for variant in USA_VARIANTS:
        g = load("usa", variant=variant)
        assert g.rules.final_round_trains == base.final_round_trains == 2
        assert g.rules.double_routes_min_players == 4 and not g.doubles_open
        s = position(g, routes={"Chicago-Pittsburgh": 0}, current_player=1, hands=[{}, {"black": 3}])
        refused(s, g.parse_action("claim Chicago-Pittsburgh#2 black*3"), "double-routes", "Chicago", "Pittsburgh")
        assert load("usa", players=4, variant=variant).doubles_open


@pytest.mark.parametrize("variant", ["1910", "bigcities"])
def test_usa_1910_ties_completed_tickets_then_longest_path_length(variant):
    g = load("usa", variant=variant)
    assert g.rules.tie_breakers == ("most_tickets_completed", "longest_path_length")
    # 1910: 6 + 5 + 15 = 26 each (Big Cities: 11 each), one ticket each; longest paths 5 and 9
    s = position(g, routes={"Chicago-Pittsburgh": 0, "New York-Pittsburgh": 0, **WEST},
                 tickets=[["Chicago-New York"], ["Los Angeles-Oklahoma City", "Miami-New York"]])
    rows = s.score_breakdown()
    assert rows[0].total == rows[1].total and [r.tickets_completed for r in rows] == [1, 1]
    assert [r.longest_path for r in rows] == [5, 9] and s.winners() == (1,)
    # completed tickets first: player 0 completed one, player 1 none and the longer path, totals equal
    more = ({"Denver-Phoenix": 1, "Las Vegas-Los Angeles": 1, "El Paso-Santa Fe": 1} if variant == "1910"
            else {"Los Angeles-Phoenix": 1, "Phoenix-Santa Fe": 1, "Las Vegas-Los Angeles": 1, "Portland-Seattle": 1})
    routes = {"Chicago-Pittsburgh": 0, "New York-Pittsburgh": 0, **(WEST if variant == "1910" else {}), **more}
    s = position(g, routes=routes, tickets=[["Chicago-New York"], []])
    rows = s.score_breakdown()
    assert rows[0].total == rows[1].total and [r.tickets_completed for r in rows] == [1, 0]
    assert rows[1].longest_path > rows[0].longest_path and s.winners() == (0,)
    for variant_with_card in ("classic", "mega"):
        assert ttr_nb.load_rules("usa", variant_with_card).tie_breakers == ("most_tickets_completed",
                                                                            "longest_path_bonus")


def test_los_angeles_oklahoma_city_is_worth_nine():
    for variant in ("1910", "mega", "bigcities"):
        assert load("usa", variant=variant).board.find_ticket("Oklahoma City-Los Angeles").value == 9


# ----------------------------------------------------------------------------- §2 Europa 1912
EUROPE_BIG = {"Angora", "Athina", "Berlin", "London", "Madrid", "Moskva", "Paris", "Roma", "Wien"}


def test_europa_1912_box_holds_101_tickets():
    tickets = load("europe", variant="mega").board.tickets
    base = {frozenset(t.ends) for t in ttr_nb.load_game("europe").board.tickets}
    new = [t for t in tickets if frozenset(t.ends) not in base]
    assert len(tickets) == 101 and len(tickets) - len(new) == 46
    assert sum(t.deck == "long" for t in new) == 6
    new_big = [t for t in new if t.deck == "regular" and len(EUROPE_BIG & set(t.ends)) == 2]
    assert len(new_big) == 30 and len(new) - 6 - 30 == 19
    assert not any(EUROPE_BIG & set(t.ends) for t in new if t.deck == "regular" and t not in new_big)


def test_big_cities_of_europe_every_ticket_has_a_big_city():
    tickets = load("europe", variant="bigcities").board.tickets
    assert len(tickets) == 45 and all(EUROPE_BIG & set(t.ends) for t in tickets)
    assert all(t.deck == "regular" for t in tickets)


def test_europa_1912_stations_tunnels_ferries_unchanged():
    base = ttr_nb.load_game("europe")
    for variant in EUROPE_VARIANTS:
        g = load("europe", variant=variant)
        assert (g.rules.stations, g.rules.unbuilt_station_points) == (3, 4)
        assert g.board.routes == base.board.routes and g.prices == base.prices
        assert g.rules.locomotives_on == base.rules.locomotives_on
        assert g.rules.face_up_locomotive_costs_two and g.rules.display_flush_at == 3
    for variant in ("expanded", "mega"):
        r = ttr_nb.load_rules("europe", variant)
        assert (r.longest_path_bonus, r.longest_path_card) == (10, "European Express")
        assert r.tie_breakers == base.rules.tie_breakers


def test_europe_expanded_adds_19_regular_tickets_long_deck_unchanged():
    g = load("europe", variant="expanded")
    base = ttr_nb.load_game("europe").board.tickets
    assert sum(t.deck == "regular" for t in g.board.tickets) == 59
    assert {t.key for t in g.board.tickets if t.deck == "long"} == {t.key for t in base if t.deck == "long"}
    for key in ("Amsterdam-Rostov", "London-Sochi"):          # new long tickets: not used
        with pytest.raises(KeyError):
            g.board.find_ticket(key)


def test_europe_expanded_deals_as_base_europe():
    g = load("europe", players=3, variant="expanded")
    assert g.rules.tickets == ttr_nb.load_rules("europe").tickets
    s = g.new_state()
    for offer in s.opening_offers:
        assert [g.board.tickets[t].deck for t in offer] == ["long", "regular", "regular", "regular"]
    check_opening(g, 4, 2, "removed")
    check_later_draw(g, 3, 1)


def test_big_cities_of_europe_opening_five_keep_two_removed():
    check_opening(load("europe", players=5, variant="bigcities"), 5, 2, "removed")


def test_big_cities_of_europe_later_draws_four_keep_one_to_the_bottom():
    check_later_draw(load("europe", variant="bigcities"), 4, 1)


def test_big_cities_of_europe_no_european_express_option_awards_it():
    routes = {"Berlin-Essen": 0, "Essen-Frankfurt": 0, "Warszawa-Wilno": 1}
    rows = position(load("europe", variant="bigcities"), routes=routes).score_breakdown()
    assert [r.longest_path for r in rows] == [4, 3] and [r.longest_bonus for r in rows] == [0, 0]
    assert [r.station_points for r in rows] == [12, 12] and [r.total for r in rows] == [16, 16]
    rows = position(load("europe", variant="bigcities", european_express=True), routes=routes).score_breakdown()
    assert [r.longest_bonus for r in rows] == [10, 0] and [r.total for r in rows] == [26, 16]


@pytest.mark.parametrize("express", [False, True])
def test_big_cities_of_europe_ties_end_on_the_longest_path_length(express):
    g = load("europe", variant="bigcities", european_express=express)
    assert g.rules.tie_breakers == ("most_tickets_completed", "fewest_stations_used", "longest_path_length")
    # equal totals (no tickets, no stations): the longer path wins
    s = position(g, routes={"Berlin-Essen": 0, "Essen-Frankfurt": 0, "Warszawa-Wilno": 1, "Smolensk-Wilno": 1})
    rows = s.score_breakdown()
    assert [r.longest_path for r in rows] == [4, 6]
    assert (rows[1].total - rows[0].total) == (4 + 10 * express)
    s = position(g, routes={"Berlin-Essen": 0, "Essen-Frankfurt": 0, "Warszawa-Wilno": 1}, stations=[])
    rows = s.score_breakdown()
    if not express:
        assert rows[0].total == rows[1].total and s.winners() == (0,)


def test_mega_europe_two_decks_of_89_and_12():
    g = load("europe", variant="mega")
    decks = [t.deck for t in g.board.tickets]
    assert decks.count("regular") == 89 and decks.count("long") == 12


def test_mega_europe_opening_two_long_five_regular_keep_three_at_most_one_long():
    g = load("europe", players=4, variant="mega")
    s = g.new_state()
    for offer in s.opening_offers:
        assert [g.board.tickets[t].deck for t in offer] == ["long"] * 2 + ["regular"] * 5
    refused(s, KeepTickets((0, 2)), "keep-minimum", "at least 3", "7 tickets")
    refused(s, KeepTickets((0, 1, 2)), "keep-most", "at most 1 long", *keys(g, s.opening_offers[s.player][:2]))
    legal = [a for a in s.legal_actions() if isinstance(a, KeepTickets)]
    assert KeepTickets((0, 1, 2)) not in legal and KeepTickets((0, 2, 3)) in legal
    assert all(not {0, 1} <= set(a.keep) and len(a.keep) >= 3 for a in legal) and len(legal) == 68
    offer = s.opening_offers[s.player]
    after = s.apply(KeepTickets((1, 2, 3)))
    assert after.tickets[0] == (offer[1], offer[2], offer[3])
    assert {offer[0], *offer[4:]} <= set(after.removed_tickets) and after.ticket_deck == s.ticket_deck
    # later ticket draws are not limited: only the opening is
    assert ttr_nb.load_rules("europe", "mega").tickets.opening_keep_most == (("long", 1),)


def test_mega_europe_later_draws_three_regular_long_never_drawn():
    g = load("europe", players=2, variant="mega")
    s = opened(g, keep=lambda game, offer: (0, 2, 3, 4, 5, 6))
    assert all(g.board.tickets[t].deck == "regular" for t in s.ticket_deck)
    undealt_long = [t for t in s.removed_tickets if g.board.tickets[t].deck == "long"]
    assert len(undealt_long) == 12 - 2
    check_later_draw(g, 3, 1, s)
