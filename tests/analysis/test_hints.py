"""Hints (`ttr_nb.analysis.hints`): the planner's choice for the seat to move, explained.

A hint is the planner's own choice, always one of the legal actions, decided from the seat's
observation: it does not change when only what the seat cannot see changes. Its reasons are
facts of the board and the seat's tickets (checked here again from the board, not from the
hint's own code), in sentences naming real routes, cities and tickets, in English and Danish.
"""
from __future__ import annotations

import random
import re

import pytest

import ttr_nb
from ttr_nb.analysis.hints import Hint, hint
from ttr_nb.analysis.paths import cheapest_path, usable_costs
from ttr_nb.analysis.planner import Planner
from ttr_nb.engine.actions import Claim, DrawFaceUp, KeepTickets
from ttr_nb.engine.cards import GREY_NAME, LOCO, card_index
from ttr_nb.engine.i18n import using
from ttr_nb.engine.narration import route_name, ticket_name
from ttr_nb.engine.places import place_name
from ttr_nb.engine.seat import observe

from tests.analysis.test_agents_fair import hidden_changed, positions
from tests.i18n.texts import Templates

EDITIONS = ttr_nb.editions()
REASONS = {"tickets", "plan", "only-way", "bottleneck", "ending", "points", "longest", "colour", "deck", "draw-tickets", "keep",
           "leave", "tunnel", "pass", "fallback"}


def _positions(edition: str, players: int = 3, seed: int = 1, every: int = 9):
    for state, _seats in positions(edition, players, seed, every):
        yield state


def _tracks(game, ri: int) -> set[int]:
    return {ri, *game.parallel[ri]}


def check_hint(state, h: Hint) -> None:
    """What a hint says holds on the board (asked of the board and paths again)."""
    game, board = state.game, state.board
    me = state.current_player
    assert h.player == me
    assert h.action in state.legal_actions()
    assert h.text and h.text.endswith(".") and h.text[0].isupper(), h.text
    assert not re.search(r"[{}#]|\(\d+, |Cards\(|\bNone\b", h.text), h.text     # no raw keys, tuples or fields
    assert set(h.reasons) <= REASONS and h.reasons, h.reasons
    assert all(0 <= r < len(board.routes) for r in h.routes)
    assert all(c in board.city for c in h.cities)
    if isinstance(h.action, Claim):
        ri = game.route_index(h.action.route)
        assert h.routes == (ri,)
        assert route_name(game, ri) in h.text
        costs = usable_costs(state, me)
        if "tickets" in h.reasons:
            named = [board.tickets[t] for t in state.tickets[me] if ticket_name(board.tickets[t].key) in h.text]
            assert named
            for t in named:
                path = cheapest_path(board, costs, t.source, t.targets, t.points)
                assert path is not None and not _tracks(game, ri).isdisjoint(path.routes), (t.key, h.text)
        if "only-way" in h.reasons:
            route = board.routes[ri]
            city = next(c for c in (route.a, route.b) if place_name(board, c) in h.text.rsplit(".", 2)[-2])
            others = [q.index for q in board.routes_at(city) if q.index not in _tracks(game, ri) and q.index in costs]
            assert others == [], (city, h.text)
    if isinstance(h.action, DrawFaceUp) and "colour" in h.reasons and h.routes:
        k = card_index(h.action.card)
        colours = {board.routes[r].colour for r in h.routes}
        assert k == LOCO or colours <= {GREY_NAME, ttr_nb.engine.cards.CARD_NAMES[k]}, (h.text, colours)
        for r in h.routes:
            assert route_name(game, r) in h.text or k == LOCO
    if isinstance(h.action, KeepTickets):
        offer = state.ticket_choice().offer
        for i in h.action.keep:
            assert ticket_name(board.tickets[offer[i]].key) in h.text


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_hint_is_the_planners_legal_choice_and_its_reasons_hold_on_the_board(edition):
    seen_reasons = set()
    planner = Planner()
    for state in _positions(edition):
        h = hint(state, planner=planner)
        assert h.action == Planner().act(observe(state, state.current_player))
        check_hint(state, h)
        seen_reasons.update(h.reasons)
    # a game's hints give reasons of several kinds: tickets to keep, claims, cards
    assert {"keep"} <= seen_reasons and seen_reasons & {"tickets", "plan", "points"} and seen_reasons & {
        "colour", "deck"}, seen_reasons


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_hint_does_not_change_when_only_hidden_information_changes(edition):
    rng = random.Random(edition)
    total = 0
    kept = Planner()            # (one planner asked along the game, as the game table asks it)
    for state in _positions(edition, players=2, seed=2, every=11):
        other = hidden_changed(state, rng, seed=77)
        me = state.current_player
        assert other.view(me) == state.view(me)
        assert hint(other) == hint(state) == hint(state, planner=kept) == hint(other, planner=kept)
        total += 1
    assert total >= 5


def test_only_free_route_into_a_city_on_the_tickets_line():
    game = ttr_nb.load_game("usa", players=2, seed=11)
    s = game.state_from_dict({"phase": "turn", "hands": [{"red": 1, "blue": 2}, {"green": 3}],
                              "tickets": [["Vancouver-Santa Fe"], ["Boston-Miami"]],
                              "routes": {"Calgary-Vancouver": 1}})
    h = hint(s)
    assert h.reasons == ("tickets", "only-way")
    assert h.text == ("Claim the first Seattle-Vancouver route with 1 blue card: it lies on the shortest line of your "
                      "ticket Vancouver-Santa Fe. It is the only free route into Vancouver.")
    assert h.cities == ("Seattle", "Vancouver") and h.routes == (game.route_index("Seattle-Vancouver"),)
    with using("da"):
        assert hint(s).text == ("Byg den første af strækningerne Seattle–Vancouver med 1 blåt kort: den ligger på den "
                                "korteste rute for din billet Vancouver–Santa Fe. Det er den eneste ledige strækning "
                                "ind til Vancouver.")
    check_hint(s, h)


def test_a_card_the_plan_lacks_names_the_routes_that_need_it():
    game = ttr_nb.load_game("usa", players=2, seed=11)
    s = game.state_from_dict({"phase": "turn", "hands": [{}, {"green": 3}],
                              "tickets": [["Denver-Pittsburgh"], ["Boston-Miami"]],
                              "display": ["pink", "white", "red", "orange", "black"]})
    h = hint(s)
    check_hint(s, h)
    pink = game.route_index("Denver-Omaha")          # the plan goes Denver-Omaha-Chicago-Pittsburgh: fewer, longer routes
    assert game.board.routes[pink].colour == "pink"
    assert h.action == DrawFaceUp("pink") and h.reasons == ("colour",) and h.routes == (pink,)
    assert h.text == "Take a face-up pink card: your plan still lacks 4 pink cards for Denver-Omaha."
    with using("da"):
        assert hint(s).text == "Tag et åbent lyserødt kort: din plan mangler stadig 4 lyserøde kort til Denver–Omaha."


def test_a_grey_route_takes_any_colour():
    game = ttr_nb.load_game("usa", players=2, seed=11)
    s = game.state_from_dict({"phase": "turn", "hands": [{}, {"green": 3}],
                              "tickets": [["Chicago-New Orleans"], ["Boston-Miami"]],
                              "display": ["pink", "white", "red", "orange", "black"]})
    h = hint(s)
    check_hint(s, h)
    assert h.routes == (game.route_index("Little Rock-Saint Louis"),)
    assert h.text == ("Take a face-up red card: your plan's grey route (Little Rock-Saint Louis) takes cards of any one "
                      "colour, so any colour shown helps.")


def test_a_claim_that_makes_the_longest_path_says_so():
    game = ttr_nb.load_game("usa", players=2, seed=11)
    mine = ["Seattle-Helena", "Denver-Kansas City", "Denver-Santa Fe", "El Paso-Santa Fe"]
    theirs = ["Boston-New York", "Los Angeles-San Francisco", "Houston-New Orleans", "Atlanta-Miami", "Chicago-Toronto",
              "Duluth-Winnipeg", "Montréal-Toronto", "Calgary-Winnipeg"]
    s = game.state_from_dict({"phase": "turn", "hands": [{"black": 6}, {"green": 3}], "trains": [31, 16],
                              "tickets": [["Denver-El Paso"], ["Boston-Miami"]],
                              "routes": {**dict.fromkeys(mine, 0), **dict.fromkeys(theirs, 1)}})
    h = hint(s)
    check_hint(s, h)
    assert h.reasons == ("points", "longest")
    assert h.text == ("Claim El Paso-Los Angeles with 6 black cards: your tickets are done, and it is the free route "
                      "of most points you can pay: it scores 15 points. It makes your longest continuous path 14 "
                      "trains long, longer than anyone else's: that earns 10 points at the end.")
    with using("da"):
        assert hint(s).text == ("Byg El Paso–Los Angeles med 6 sorte kort: dine billetter er gennemført, og den er "
                                "den ledige strækning med flest point, du kan betale: den giver 15 point. Den gør din "
                                "længste sammenhængende rute 14 tog lang, længere end nogen andens: det giver 10 point "
                                "til sidst.")


def test_the_hint_is_for_the_seat_to_move_only():
    s = ttr_nb.load_game("usa", players=2, seed=0).new_state()
    with pytest.raises(ValueError, match="player 1 is to move, not player 2"):
        hint(s, player=1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_hints_in_danish_are_danish(edition):
    templates = Templates("engine")
    for state in _positions(edition, players=2, seed=3, every=13):
        english = hint(state)
        with using("da"):
            danish = hint(state)
        assert danish.action == english.action and danish.routes == english.routes
        assert danish.text != english.text
        assert templates.leak(danish.text) is None, danish.text
