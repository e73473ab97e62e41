"""Exercises of the Nordic Countries notebooks (40: ferries and payments; 41: rules and the
Globetrotter). Every expected answer is computed here by asking the engine."""
from __future__ import annotations

from ..engine import load_game
from . import N_, Exercise, same_number
from .compare import same_numbers

PAYMENTS = "40_nordic_ferries_and_payments"
RULES = "41_nordic_rules_and_globetrotter"
DISPLAY = ["red", "blue", "green", "white", "black"]
#: The tickets each player kept at the opening (every position of a game in progress has them).
TICKETS = [["Oslo-Stockholm", "Helsinki-Lieksa"], ["Bergen-Trondheim", "Tampere-Tallinn"]]

#: Exercises "nordic-globetrotter-1" and "-2": a three-player game, scored as if it ended now.
GLOBETROTTER_FINAL = {
    "phase": "turn", "current_player": 0,
    "routes": {"Göteborg-Oslo": 0, "Göteborg-København": 0, "Oslo-Örebro": 0, "Örebro-Stockholm": 0,
               "Stockholm-Sundsvall": 1, "Sundsvall-Umeå": 1, "Helsinki-Tampere": 1, "Helsinki-Tallinn": 1,
               "Lahti-Tampere": 2, "Tampere-Vaasa": 2, "Sundsvall-Vaasa": 2},
    "tickets": [["Oslo-København", "Oslo-Stockholm"], ["Stockholm-Umeå", "Tampere-Tallinn"],
                ["Sundsvall-Lahti", "Tampere-Boden"]],
}


def _nordic(players: int = 2, **options):
    return load_game("nordic", players=players, seed=5, **options)


def _ferry_ways() -> int:
    state = _nordic().state_from_dict({"hands": [{"blue": 3, "red": 3}, {"white": 4}], "display": DISPLAY,
                                       "tickets": TICKETS})
    return len(state.payment_options("Stockholm-Turku"))


def _fewest_red_for_murmansk() -> int:
    game = _nordic()
    for red in range(13):
        state = game.state_from_dict({"hands": [{"green": 6, "red": red}, {"white": 4}], "display": DISPLAY,
                                      "tickets": TICKETS})
        if state.payment_options("Lieksa-Murmansk"):
            return red
    raise AssertionError("no hand of 6 green and up to 12 red pays for Murmansk-Lieksa")


def _trio_position():
    return _nordic(players=3).state_from_dict(GLOBETROTTER_FINAL)


def _globetrotters() -> list[int]:
    rows = _trio_position().score_breakdown()
    return [r.player + 1 for r in rows if r.globetrotter]


EXERCISES = [
    Exercise(
        "nordic-ferries-1",
        N_("A hand of 3 blue and 3 red cards, no locomotive. In how many ways can it pay for the blue ferry "
        "Stockholm–Turku (3 spaces, 1 locomotive symbol)? Count the different sets of cards."),
        _ferry_ways,
        N_("Two blue cards pay the blue spaces; any 3 other cards of the hand may stand in for the locomotive."),
        wrong=1, notebook=PAYMENTS),
    Exercise(
        "nordic-murmansk-1",
        N_("Player 1 holds 6 green cards and can collect red ones. What is the smallest number of red cards "
        "player 1 must hold, beside the 6 green, to be able to pay for Murmansk–Lieksa (9 grey spaces)? Not every "
        "card of the hand has to be spent."),
        _fewest_red_for_murmansk,
        N_("Any 4 cards replace one card of the chosen colour, and the chosen colour need not be green."),
        wrong=12, notebook=PAYMENTS),
    Exercise(
        "nordic-globetrotter-1",
        N_("In the three-player game drawn above, if the game ended now, which player or players would receive "
        "the Globetrotter? "
        "Give a list of player numbers, e.g. [1] or [2, 3]."),
        _globetrotters,
        N_("Count each player's completed tickets; every player with the most completed tickets scores it."),
        wrong=[1], compare=same_numbers, notebook=RULES, setup=_trio_position),
    Exercise(
        "nordic-globetrotter-2",
        N_("In the same game, what would player 3's final score be?"),
        lambda: _trio_position().score_breakdown()[2].total,
        N_("Route points, plus or minus each ticket, plus the Globetrotter if player 3 has it; no longest path "
        "bonus in the Nordic Countries."),
        wrong=17, notebook=RULES, setup=_trio_position),
]
