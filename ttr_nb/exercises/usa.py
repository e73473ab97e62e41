"""Exercises of the USA notebooks (00 and 10 to 14, and 60): the questions, the positions
they are about, and how each answer is computed by asking the engine.

Players are numbered from 1 in the questions (seat 0 is "player 1"), as in the notebooks.
"""
from __future__ import annotations

from ..engine import Claim, DrawBlind, DrawFaceUp, load_game
from ..engine.cards import Cards
from . import N_, Exercise, same_number, same_player, same_routes

EDITION = "usa"

#: Seven 6-space routes: a player owning them has 45 - 42 = 3 trains left.
SIX_SPACE_ROUTES = ("Calgary-Winnipeg", "Duluth-Helena", "Duluth-Toronto", "El Paso-Houston",
                    "El Paso-Los Angeles", "Helena-Seattle", "Miami-New Orleans")


def _game(players: int = 2, seed: int = 11, **options):
    return load_game(EDITION, players=players, seed=seed, **options)


def _opened(game):
    """A new game after every player kept the first two opening tickets."""
    state = game.new_state()
    while state.phase == "opening":
        state = state.apply("keep 0,1")
    return state


# --------------------------------------------------------------------------- 00 start here

def _cities() -> int:
    return sum(1 for c in _game().board.cities if c.kind == "city")


# --------------------------------------------------------------------------- 10 setup and actions

def _cards_unseen_after_setup() -> int:
    state = _opened(_game(players=3))
    assert all(len(state.view(p)["hand"]) for p in range(3))
    return len(state.deck) + len(state.discard)


def _ticket_deck_after_opening() -> int:
    return len(_opened(_game(players=4)).ticket_deck)


# --------------------------------------------------------------------------- 11 drawing cards

def two_locomotives_position():
    """Player 1 to draw; two locomotives lie face up."""
    return _game().state_from_dict({
        "hands": [{"red": 2, "blue": 1, "white": 1}, {"green": 2, "black": 2}],
        "display": ["loco", "loco", "red", "blue", "green"],
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"]],
    })


def _draws(state) -> list:
    return [a for a in state.legal_actions() if isinstance(a, (DrawFaceUp, DrawBlind))]


def _face_up_locomotives_in_one_turn() -> int:
    """The most face-up locomotives player 1 can take in one turn, trying every first pick and
    every second pick the engine allows."""
    start = two_locomotives_position()
    loco = DrawFaceUp("loco")
    best = 0
    for first in _draws(start):
        after = start.apply(first)
        second = _draws(after) if after.current_player == start.current_player else []
        best = max(best, (first == loco) + max((a == loco for a in second), default=0))
    return best


#: Exercise "usa-drawing-2": the deck's next cards (two locomotives, then five cards without one).
DOUBLE_REPLACEMENT_TOP = ["loco", "loco", "orange", "white", "black", "yellow", "pink"]


def flush_position():
    """One locomotive face up, two locomotives next in the deck, six cards in the discard pile."""
    from ..lessons import deck_from_top

    game = _game()
    return game.state_from_dict(deck_from_top(game, {
        "hands": [{"yellow": 2, "pink": 1, "black": 1}, {"green": 1, "white": 3}],
        "display": ["loco", "red", "blue", "green", "white"],
        "discard": ["orange", "orange", "pink", "black", "green", "red"],
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"]],
    }, top=DOUBLE_REPLACEMENT_TOP))


def _discard_after_two_replacements() -> int:
    after = flush_position().apply("draw red").apply("draw blue")
    assert after.current_player == 1 and "loco" not in after.view(0)["display"]      # flushed once
    return len(after.discard)


def reshuffle_position():
    from ..lessons import rest_in_hands

    game = _game()
    return game.state_from_dict(rest_in_hands(game, {
        "display": ["red", "blue", "green", "white", "black"],
        "deck": [],
        "discard": ["orange"] * 4 + ["pink"] * 4 + ["yellow"] * 4 + ["loco"] * 2,
        "routes": {"Pittsburgh-Saint Louis": 0, "Helena-Omaha": 1, "Duluth-Winnipeg": 1},
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"]],
    }))


def _deck_after_reshuffle() -> int:
    after = reshuffle_position().apply("draw deck")
    return len(after.deck)


# --------------------------------------------------------------------------- 12 claiming routes

def grey_position():
    return _game().state_from_dict({
        "hands": [{"blue": 2, "green": 3, "loco": 2}, {"red": 4}],
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"]],
    })


def _grey_payments() -> int:
    return len(grey_position().payment_options("Phoenix-Santa Fe"))


def double_route_position():
    return _game().state_from_dict({
        "current_player": 0,
        "routes": {"Denver-Kansas City#2": 1, "Helena-Omaha": 0},
        "hands": [{"black": 4}, {}],
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"]],
    })


def _open_routes_from_denver() -> int:
    state = double_route_position()
    return sum(1 for r in state.board.routes if "Denver" in (r.a, r.b) and state.route_status(r.index, 0) == "free")


#: the routes the question of usa-claiming-3 names (the tests check the question names each)
LAST_TRAINS_CANDIDATES = ("Las Vegas-Salt Lake City", "Helena-Salt Lake City", "El Paso-Phoenix",
                          "Nashville-Pittsburgh", "Denver-Santa Fe", "Chicago-Duluth")


def last_trains_position():
    return _game().state_from_dict({
        "routes": {key: 0 for key in SIX_SPACE_ROUTES},
        "hands": [{"yellow": 2, "loco": 1}, {"blue": 3}],
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"]],
    })


def _claimable_candidates() -> list[str]:
    state = last_trains_position()
    board = state.board
    claimable = {board.routes[a.route if isinstance(a.route, int) else board.find_route(a.route).index].key
                 for a in state.legal_actions() if isinstance(a, Claim)}
    return [key for key in LAST_TRAINS_CANDIDATES if key in claimable]


# --------------------------------------------------------------------------- 13 tickets and the end

def _opening_keeps_with_four() -> int:
    return len(_game(opening_tickets=4).new_state().legal_actions())


def returned_ticket_position():
    """Player 1 draws three tickets in their first turn, keeps two and returns one."""
    state = _opened(_game()).apply("tickets")
    return state.apply("keep 0,1")


def _tickets_above_returned() -> int:
    before = _opened(_game()).apply("tickets")
    returned = before.offer[2]
    after = before.apply("keep 0,1")
    deck = after.ticket_deck                   # bottom first: the last one is drawn next
    return len(deck) - 1 - deck.index(returned)


def final_round_position():
    return _game(players=3).state_from_dict({
        "routes": {key: 0 for key in SIX_SPACE_ROUTES},
        "hands": [{"red": 1, "blue": 2}, {"green": 2}, {"white": 2}],
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"],
                    ["Seattle-New York", "Toronto-Miami"]],
    })


def _turns_after_trigger() -> int:
    state = final_round_position().apply("claim Dallas-Houston red*1")
    assert state.trains[0] == 2
    start = state.turn
    while not state.is_over():
        state = state.apply("draw deck")
    return state.turn - start


# --------------------------------------------------------------------------- 14 scoring

def _six_against_three_twos() -> int:
    rules = _game().rules
    return rules.points_for(6) - 3 * rules.points_for(2)


TICKET_SWING_ROUTES = {"Boston-New York": 0, "New York-Washington": 0, "Raleigh-Washington": 0,
                       "Charleston-Raleigh": 0, "Helena-Seattle": 1, "Duluth-Helena": 1, "Duluth-Toronto": 1}


def ticket_swing_position():
    return _game().state_from_dict({
        "routes": TICKET_SWING_ROUTES,
        "hands": [{"pink": 4, "red": 1}, {"green": 2}],
        "tickets": [["Boston-Miami", "New York-Atlanta"], ["Duluth-El Paso", "Vancouver-Montréal"]],
    })


def _swing_total_change() -> int:
    before = ticket_swing_position()
    after = before.apply("claim Charleston-Miami pink*4")
    return after.score_breakdown()[0].total - before.score_breakdown()[0].total


def loop_position():
    return _game().state_from_dict({
        "routes": {"Chicago-Saint Louis": 0, "Chicago-Pittsburgh": 0, "New York-Pittsburgh": 0,
                   "New York-Washington": 0, "Pittsburgh-Washington": 0, "Denver-Omaha": 1, "Chicago-Omaha": 1},
        "tickets": [["Chicago-New Orleans", "New York-Atlanta"], ["Denver-El Paso", "Duluth-Houston"]],
    })


def _loop_length() -> int:
    return loop_position().score_breakdown()[0].longest_path


def tie_position():
    return _game().state_from_dict({
        "routes": {"Denver-Santa Fe": 0, "El Paso-Santa Fe": 0, "Chicago-Toronto": 0,
                   "Kansas City-Oklahoma City": 1, "Dallas-Oklahoma City": 1, "Dallas-Houston": 1,
                   "Denver-Helena": 1},
        "tickets": [["Denver-El Paso", "Helena-Los Angeles"], ["Kansas City-Houston", "Los Angeles-Miami"]],
    })


def _tie_winner() -> int:
    state = tie_position()
    totals = {row.total for row in state.score_breakdown()}
    assert len(totals) == 1                    # a real tie
    (winner,) = state.winners()
    return winner + 1


# --------------------------------------------------------------------------- 60 play a game

def table_position():
    return _game(seed=4).state_from_dict({
        "routes": {"Denver-Omaha": 1, "Chicago-Omaha": 1, "Kansas City-Saint Louis": 0},
        "hands": [{"red": 4, "loco": 1}, {"blue": 3, "black": 2}],
        "tickets": [["Denver-El Paso", "Chicago-Santa Fe"], ["Boston-Miami", "Dallas-New York"]],
    })


def _best_claim_points() -> int:
    state = table_position()
    game = state.game
    return max(game.route_points[game.route_index(a.route)] for a in state.legal_actions() if isinstance(a, Claim))


EXERCISES = [
    Exercise("usa-start-1", N_("How many cities are on the USA board?"), _cities,
             hint=N_("Hover over the board, or count the dots: `game.board.cities` lists them too."), wrong=100,
             notebook="00_start_here"),
    Exercise("usa-setup-1", N_("In a 3-player game, after the train cards are dealt and five are turned face up, "
             "how many train cards are neither in a hand nor face up?"), _cards_unseen_after_setup,
             hint=N_("110 cards in all; each player is dealt 4, and 5 lie face up."), wrong=98,
             notebook="10_usa_setup_and_actions"),
    Exercise("usa-setup-2", N_("In a 4-player game every player keeps 2 of the 3 opening tickets. How many tickets "
             "are in the ticket deck when the first turn begins?"), _ticket_deck_after_opening,
             hint=N_("30 tickets; count the ones dealt, then put the returned ones back under the deck."), wrong=18,
             notebook="10_usa_setup_and_actions"),
    Exercise("usa-drawing-1", N_("Two locomotives lie face up. What is the largest number of locomotives player 1 "
             "can take from the face-up cards in one turn?"), _face_up_locomotives_in_one_turn,
             hint=N_("A face-up locomotive may only be the first card, and then the draw is over; and what may "
             "the second card be?"), wrong=2,
             notebook="11_usa_drawing_cards", setup=two_locomotives_position),
    Exercise("usa-drawing-2", N_("One locomotive lies face up, the next two cards of the deck are locomotives, and "
             "the discard pile holds 6 cards. Player 1 takes the face-up red card, then the face-up blue card. "
             "How many cards are in the discard pile at the end of the turn?"), _discard_after_two_replacements,
             hint=N_("Each card taken is replaced at once from the deck; count the face-up locomotives after each "
             "replacement."), wrong=6,
             notebook="11_usa_drawing_cards", setup=flush_position),
    Exercise("usa-drawing-3", N_("The deck is empty and the discard pile holds 14 cards. Player 1 draws one card "
             "blind. How many cards are in the deck after that?"), _deck_after_reshuffle,
             hint=N_("The discard pile is shuffled into a new deck first; then one card is taken."), wrong=0,
             notebook="11_usa_drawing_cards", setup=reshuffle_position),
    Exercise("usa-claiming-1", N_("Player 1 holds 2 blue, 3 green and 2 locomotives. In how many different ways can "
             "player 1 pay for the grey route Phoenix–Santa Fe (3 spaces)? Count the different sets of cards."),
             _grey_payments,
             hint=N_("One colour for the whole route; locomotives may replace any of its cards."), wrong=2,
             notebook="12_usa_claiming_routes", setup=grey_position),
    Exercise("usa-claiming-2", N_("In this 2-player game player 2 owns one of the Denver–Kansas City routes. How many "
             "of the routes out of Denver could player 1 still claim, with the right cards? (Each route of a double "
             "route counts on its own.)"), _open_routes_from_denver,
             hint=N_("Player 1 owns none of them; with 2 players, a double route whose twin is taken is closed."),
             wrong=8, notebook="12_usa_claiming_routes", setup=double_route_position),
    Exercise("usa-claiming-3", N_("Player 1 has 3 trains left and holds 2 yellow cards and a locomotive. Which of "
             "these routes can player 1 claim: Las Vegas-Salt Lake City, Helena-Salt Lake City, El Paso-Phoenix, "
             "Nashville-Pittsburgh, Denver-Santa Fe, Chicago-Duluth? Answer with a list of route names."),
             _claimable_candidates,
             hint=N_("Check each route: its length against the trains left, its colour against the cards."),
             wrong=["El Paso-Phoenix", "Denver-Santa Fe", "Nashville-Pittsburgh"], compare=same_routes,
             notebook="12_usa_claiming_routes", setup=last_trains_position),
    Exercise("usa-tickets-1", N_("With the option opening_tickets=4 (four tickets dealt, keep at least two), in how "
             "many different ways can a player choose which tickets to keep?"), _opening_keeps_with_four,
             hint=N_("Count the ways to keep two, three and four of the four."), wrong=6,
             notebook="13_usa_tickets_and_the_end"),
    Exercise("usa-tickets-2", N_("In a 2-player game both players kept 2 of their 3 opening tickets. In the first "
             "turn player 1 draws 3 tickets, keeps 2 and returns 1. How many tickets lie above the returned one "
             "in the ticket deck?"), _tickets_above_returned,
             hint=N_("Returned tickets go to the bottom, the opening ones too; count the tickets still in the deck."),
             wrong=21, notebook="13_usa_tickets_and_the_end", setup=returned_ticket_position),
    Exercise("usa-tickets-3", N_("In a 3-player game player 1 claims a 1-space route and is left with 2 trains. How "
             "many more turns are played before the game ends?"), _turns_after_trigger,
             hint=N_("Every player gets one more turn, and that includes the player who started the final round."),
             wrong=2, notebook="13_usa_tickets_and_the_end", setup=final_round_position),
    Exercise("usa-scoring-1", N_("How many more points does one 6-space route score than three 2-space routes "
             "(the same 6 trains)?"), _six_against_three_twos,
             hint=N_("Read the route table: 2 spaces score 2 points, 6 spaces score 15."), wrong=0,
             notebook="14_usa_scoring"),
    Exercise("usa-scoring-2", N_("Player 1 holds the ticket Boston–Miami (12 points) and claims Charleston–Miami "
             "(4 spaces). By how many points does player 1's total change?"), _swing_total_change,
             hint=N_("The ticket goes from minus its value to plus its value, and the route scores its own points."),
             wrong=19, notebook="14_usa_scoring", setup=ticket_swing_position),
    Exercise("usa-scoring-3", N_("How many trains long is player 1's longest continuous path in this position?"),
             _loop_length, hint=N_("A path may pass through a city twice, but uses each route only once."), wrong=9,
             notebook="14_usa_scoring", setup=loop_position),
    Exercise("usa-scoring-4", N_("If the game ended now, the two players would have the same total. Who would win? "
             "(Answer 1 or 2.)"), _tie_winner,
             hint=N_("First compare completed tickets; if they are equal too, look at the longest path bonus."),
             wrong=1, compare=same_player, notebook="14_usa_scoring", setup=tie_position),
    Exercise("usa-play-1", N_("Player 1 holds 4 red cards and a locomotive. What is the most route points player 1 "
             "can score with one claim now?"), _best_claim_points,
             hint=N_("Five cards pay for a route of up to 5 spaces: red, or grey, or of any colour if it is short "
             "enough for the locomotive alone. Then read the route table."),
             wrong=15, notebook="60_play_a_game", setup=table_position),
]
