"""Exercises of the India notebook (70: the rules that differ, the Grand Tour, the Indian Express).

Every expected answer is computed here by asking the engine: the Grand Tour tickets and
bonus from `score_breakdown()`, the route points from the edition's points table, the
tickets left from a dealt opening.
"""
from __future__ import annotations

from ..engine import load_game
from . import N_, Exercise

NOTEBOOK = "70_india_grand_tour"

#: A loop of twelve routes through Delhi, Jaipur, Jodhpur, Karachi, Bombay, Poona, Manmad,
#: Khandwa, Raipur, Bilaspur, Katni and Lucknow.
LOOP = ("Delhi-Jaipur", "Jaipur-Jodhpur", "Jodhpur-Karachi", "Bombay-Karachi", "Bombay-Poona", "Manmad-Poona",
        "Khandwa-Manmad", "Khandwa-Raipur", "Bilaspur-Raipur", "Bilaspur-Katni", "Katni-Lucknow", "Delhi-Lucknow")

#: Exercise "india-grandtour-1": the loop, and Lahore hanging from Delhi by way of Bhatinda.
TOURS_POSITION = {
    "phase": "turn", "current_player": 0,
    "routes": {**{k: 0 for k in LOOP}, "Bhatinda-Delhi": 0, "Bhatinda-Lahore": 0},
    "tickets": [["Jodhpur-Khandwa", "Katni-Khandwa", "Lahore-Delhi", "Agra-Jarhat"], ["Bhopal-Calcutta"]],
}

#: Exercise "india-grandtour-2": the loop alone, three tickets between its cities.
BONUS_POSITION = {
    "phase": "turn", "current_player": 0,
    "routes": {k: 0 for k in LOOP},
    "tickets": [["Jodhpur-Khandwa", "Katni-Khandwa", "Raipur-Manmad"], ["Bhopal-Calcutta"]],
}


def _india(players: int = 2):
    return load_game("india", players=players, seed=7)


def tours_position():
    return _india().state_from_dict(TOURS_POSITION)


def bonus_position():
    return _india().state_from_dict(BONUS_POSITION)


def _grand_tour_tickets() -> int:
    return len(tours_position().score_breakdown()[0].grand_tours)


def _grand_tour_points() -> int:
    """Player 1's points from the Grand Tour tickets: their own values plus the bonus."""
    row = bonus_position().score_breakdown()[0]
    tours = {t.ticket for t in row.grand_tours}
    return sum(t.points for t in row.tickets if t.ticket in tours) + row.grand_tour


def _two_ferries_points() -> int:
    game = _india()
    board = game.board
    return sum(game.rules.points_for(board.find_route(k).length) for k in ("Calcutta-Madras", "Bombay-Calicut"))


def _tickets_left() -> int:
    state = _india(players=4).new_state()
    for _ in range(4):
        state = state.apply("keep 0,1")
    return len(state.ticket_deck)


EXERCISES = [
    Exercise(
        "india-routes-1",
        N_("Player 1 claims the two long ferries: Calcutta–Madras (8 spaces) and Bombay–Calicut (6 spaces). "
        "How many route points do the two score together?"),
        _two_ferries_points,
        N_("Look up each length in India's route points table (there is no route of length 5 on this board)."),
        wrong=14, notebook=NOTEBOOK),
    Exercise(
        "india-tickets-1",
        N_("Four players start a game of India; each is dealt 4 tickets and keeps 2. "
        "How many tickets are in the ticket deck when the first turn begins?"),
        _tickets_left,
        N_("The tickets a player does not keep at the start go back under the deck: they can be drawn later."),
        wrong=42, notebook=NOTEBOOK),
    Exercise(
        "india-grandtour-1",
        N_("Player 1 owns the routes drawn above and holds Jodhpur–Khandwa, Katni–Khandwa, Lahore–Delhi and "
        "Agra–Jarhat. How many of these tickets are Grand Tours?"),
        _grand_tour_tickets,
        N_("A Grand Tour ticket is completed twice over: two paths between its cities with no route in common. "
        "A city reached by one route only has one way in."),
        wrong=3, notebook=NOTEBOOK, setup=tours_position),
    Exercise(
        "india-grandtour-2",
        N_("Player 1 owns the loop drawn above and holds Jodhpur–Khandwa, Katni–Khandwa and Raipur–Manmad. "
        "How many points do these three tickets bring in all: their own values and the Grand Tour bonus?"),
        _grand_tour_points,
        N_("Each completed ticket scores its own value; the Grand Tour bonus comes on top, and it grows with the "
        "number of Grand Tour tickets (read the table, it does not add up the smaller rows)."),
        wrong=20, notebook=NOTEBOOK, setup=bonus_position),
]
