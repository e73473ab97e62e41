"""Exercises of the Northern Lights notebook (80: ferries paid with pairs, the draw bonus,
triple routes and the bonus cards). Every expected answer is computed here by asking the
engine."""
from __future__ import annotations

from ..engine import load_game
from . import N_, Exercise
from .compare import same_numbers

NOTEBOOK = "80_northern_lights"
#: The tickets each player kept at the opening (every position of a game in progress has them).
TICKETS = [["Oslo-Stockholm", "Stockholm-Helsinki"], ["Stockholm-København", "Oslo-København"]]


def _north(players: int = 2, **options):
    return load_game("northernlights", players=players, seed=5, **options)


def _position(hand: dict, **more):
    """Player 1 to move with `hand` (player 2 holds 4 white cards)."""
    return _north().state_from_dict({"hands": [hand, {"white": 4}], "tickets": TICKETS, **more})


def _stavanger_ways() -> int:
    return len(_position({"red": 2, "green": 2, "loco": 1}).payment_options("Bergen-Stavanger"))


def _cards_after_mo_i_rana() -> int:
    before = _position({"red": 3, "green": 2, "blue": 2, "yellow": 2})
    after = before.apply("claim Mo I Rana-Trondheim red*3+green*2+blue*2")
    return sum(after.hands[0])


#: Exercises "northernlights-bonus-1" and "-2": three networks scored as if the game ended now,
#: with the bonus cards C, G, I and K in play (notebook 80 scores the same networks with A, D, H, J).
BONUS_FINAL = {
    "current_player": 0,
    "bonus_cards": ["C", "G", "I", "K"],
    "routes": {"Karlstad-Oslo": 0, "Karlstad-Stockholm": 0, "Kristiansand-Oslo": 0, "Göteborg-Oslo": 0,
               "Göteborg-København": 0, "Ålborg-Göteborg": 0,
               "Helsinki-Tampere": 1, "Lahti-Tampere": 1, "Helsinki-Turku": 1, "Helsinki-Tallinn": 1, "Stockholm-Turku": 1,
               "Kiruna-Narvik": 2, "Narvik-Tromsø": 2, "Boden-Kiruna": 2, "Boden-Rovaniemi": 2, "Honningsvåg-Tromsø": 2,
               "Mo I Rana-Narvik": 2},
    "hands": [{"loco": 2, "red": 3}, {"blue": 2, "green": 2}, {"white": 1, "black": 1}],
    "tickets": [["Oslo-Stockholm", "Oslo-København", "Stockholm-København"], ["Stockholm-Helsinki", "Oslo-Tallinn"],
                ["Honningsvåg-Rovaniemi", "Tromsø-Murmansk"]],
}


def _bonus_position():
    return _north(players=3).state_from_dict(BONUS_FINAL)


def _card_winners(letter: str) -> list[int]:
    state = _bonus_position()
    k = [state.board.bonus_cards[i].letter for i in state.bonus_cards].index(letter)
    return [r.player + 1 for r in state.score_breakdown() if r.bonus_cards[k].points]


EXERCISES = [
    Exercise(
        "northernlights-ferries-1",
        N_("A hand of 2 red cards, 2 green cards and 1 locomotive. In how many ways can it pay for the ferry "
        "Bergen–Stavanger (2 grey spaces, 1 of them a locomotive symbol)? Count the different sets of cards."),
        _stavanger_ways,
        N_("The symbol takes the locomotive or 2 cards of one colour; the other space takes one card, of any "
        "colour or a locomotive. Count the different sets of cards, not the orders."),
        wrong=2, notebook=NOTEBOOK),
    Exercise(
        "northernlights-drawbonus-1",
        N_("Player 1 holds 9 cards (3 red, 2 green, 2 blue, 2 yellow) and claims Mo I Rana–Trondheim (5 grey spaces, "
        "2 locomotive symbols, draw bonus +3) with 3 red, 2 green and 2 blue cards. How many cards does "
        "player 1 hold after the claim?"),
        _cards_after_mo_i_rana,
        N_("Take away every card paid, then add the cards of the draw bonus."),
        wrong=2, notebook=NOTEBOOK),
    Exercise(
        "northernlights-bonus-1",
        N_("If the game drawn above ended now, which player or players would score bonus card G, International "
        "tycoon (12 points to the most countries reached by their routes)? Give a list of player numbers, e.g. [1] "
        "or [2, 3]."),
        lambda: _card_winners("G"),
        N_("List the countries at the ends of each player's routes, each country once; every player tied for the "
        "most scores the card."),
        wrong=[1], compare=same_numbers, notebook=NOTEBOOK, setup=_bonus_position),
    Exercise(
        "northernlights-bonus-2",
        N_("If the same game ended now, what would player 2's final score be?"),
        lambda: _bonus_position().score_breakdown()[1].total,
        N_("Route points, plus or minus each ticket, plus every bonus card player 2 has the most of (or shares the "
        "most of); no longest path bonus in Northern Lights."),
        wrong=3, notebook=NOTEBOOK, setup=_bonus_position),
]

__all__ = ["EXERCISES", "TICKETS", "BONUS_FINAL"]
