"""The Northern Lights exercises (notebook 80) answered a second way, from the rules' words
rather than the engine's listing: the pair payments counted by hand, the draw bonus by
arithmetic, the bonus cards by counting countries and points; and their positions are what
the questions say."""
from __future__ import annotations

import ttr_nb
from ttr_nb.exercises import check, exercise, exercises, position


def test_there_are_four_and_each_is_asked_in_notebook_80():
    ids = [ex.id for ex in exercises("northernlights-")]
    assert ids == ["northernlights-bonus-1", "northernlights-bonus-2", "northernlights-drawbonus-1",
                   "northernlights-ferries-1"]
    assert {exercise(i).notebook for i in ids} == {"80_northern_lights"}


def test_the_stavanger_payments_counted_from_the_rule():
    """Bergen-Stavanger: 2 grey spaces, 1 a locomotive symbol. The symbol takes the locomotive or
    2 cards of one colour; the other space 1 card of any colour or a locomotive; exact payment."""
    route = ttr_nb.load_game("northernlights").route("Bergen-Stavanger")
    assert (route.length, route.ferry_locomotives, route.ferry_pair_substitute, route.colour) == (2, 1, 2, "gray")
    hand = {"red": 2, "green": 2, "loco": 1}
    ways = set()
    for symbol in [{"loco": 1}, {"red": 2}, {"green": 2}]:
        for space in ("red", "green", "loco"):
            pay = dict(symbol)
            pay[space] = pay.get(space, 0) + 1
            if all(pay[c] <= hand.get(c, 0) for c in pay):
                ways.add(tuple(sorted(pay.items())))
    assert len(ways) == 6
    assert check("northernlights-ferries-1", len(ways)).correct
    assert not check("northernlights-ferries-1", 2).correct          # only the payments with the locomotive


def test_the_draw_bonus_is_the_cards_kept_plus_the_bonus():
    route = ttr_nb.load_game("northernlights").route("Mo I Rana-Trondheim")
    assert (route.length, route.ferry_locomotives, route.draw_bonus) == (5, 2, 3)
    held, paid = 3 + 2 + 2 + 2, 3 + 2 + 2          # 3 red for the spaces, a green pair and a blue pair for the symbols
    assert paid == route.length + route.ferry_locomotives
    assert check("northernlights-drawbonus-1", held - paid + route.draw_bonus).correct
    assert not check("northernlights-drawbonus-1", held - paid).correct      # the bonus forgotten


def _countries(state, player):
    city = state.board.city
    return {city[end].country for i in state.routes_of(player) for end in state.board.routes[i].ends}


def test_international_tycoon_counted_country_by_country():
    state = position("northernlights-bonus-1")
    assert [state.board.bonus_cards[k].letter for k in state.bonus_cards] == ["C", "G", "I", "K"]
    counts = [len(_countries(state, p)) for p in range(3)]
    assert _countries(state, 0) == {"Norway", "Sweden", "Denmark"}
    assert _countries(state, 1) == {"Finland", "Estonia", "Sweden"}
    assert _countries(state, 2) == {"Sweden", "Norway", "Finland"}
    top = [p + 1 for p, n in enumerate(counts) if n == max(counts)]
    assert top == [1, 2, 3]                                            # all tied: all score it
    assert check("northernlights-bonus-1", top).correct and check("northernlights-bonus-1", [3, 2, 1]).correct
    assert not check("northernlights-bonus-1", [1]).correct


def test_player_twos_score_added_up_by_hand():
    state = position("northernlights-bonus-2")
    board, rules = state.board, state.rules
    route_points = sum(rules.points_for(board.routes[i].length) for i in state.routes_of(1))
    assert route_points == 1 + 1 + 1 + 1 + 2                          # four of length 1, Stockholm-Turku of 2
    tickets = {board.tickets[t].key: board.tickets[t].value for t in state.tickets[1]}
    assert tickets == {"Stockholm-Helsinki": 3, "Oslo-Tallinn": 6}     # the first joined, the second not
    trains_left = [state.trains[p] for p in range(3)]
    assert trains_left.index(max(trains_left)) == 1                   # C, Cost efficiency: 7
    total = route_points + 3 - 6 + 7 + 12                             # and G, International tycoon (all tied): 12
    assert check("northernlights-bonus-2", total).correct
    assert not check("northernlights-bonus-2", route_points + 3 - 6).correct     # the bonus cards forgotten

