"""Exercises of notebook 50 (the editions compared; ids name the edition a question starts from). The expected answers are read from the
edition records and the boards, as the notebook's tables are."""
from __future__ import annotations

from ..analysis.board_stats import board_stats, routes_by_length
from ..engine import editions, load_game, load_rules
from . import N_, Exercise
from .compare import same_edition, same_editions, same_percent

COMPARED = "50_editions_compared"


def _most_length_two() -> str:
    twos = {e: routes_by_length(load_game(e).board).get(2, 0) for e in editions()}
    return max(twos, key=twos.get)


def _routes_open_to_two_swiss() -> int:
    """The routes of the Swiss board two players can claim in all: of a double route, as many
    routes as the engine lets two players use."""
    game = load_game("switzerland", players=2)
    groups = {frozenset((r.index, *r.parallel)) for r in game.board.routes}
    return sum(min(len(group), game.usable_tracks[min(group)]) for group in groups)


def _tunnel_percent() -> int:
    stats = board_stats(load_game("switzerland").board)
    return round(100 * stats["tunnels"] / stats["routes"])


EXERCISES = [
    Exercise(
        "usa-compared-1",
        N_("Which edition's board has the most routes of length 2? Give its id or its name, e.g. \"usa\"."),
        _most_length_two,
        N_("Count the routes of length 2 on each board: `ttr_nb.analysis.routes_by_length(game.board)`."),
        wrong="northernlights", compare=same_edition, notebook=COMPARED),
    Exercise(
        "switzerland-compared-1",
        N_("What share of the Swiss board's routes are tunnels? Count each route of a double route on its own, "
           "as the board statistics do, and give a whole percentage."),
        _tunnel_percent,
        N_("Divide the number of tunnels by the number of routes (the board statistics table), times 100."),
        wrong=42, compare=same_percent, notebook=COMPARED),
    Exercise(
        "usa-compared-2",
        N_("In which editions do the opening tickets a player does not keep go to the bottom of the ticket deck, "
           "as in the USA, so that they can be drawn later? Give a list of ids or names."),
        lambda: [e for e in editions() if load_rules(e).tickets.opening_returns == "bottom"],
        N_("Read the row \"opening tickets\" of the rules table."),
        wrong=["usa", "europe"], compare=same_editions, notebook=COMPARED),
    Exercise(
        "switzerland-compared-2",
        N_("In a 2-player Swiss game, how many of the board's routes can be claimed in all, if the players had "
           "trains enough for every one? (A double route is two routes, as in the board statistics.)"),
        _routes_open_to_two_swiss,
        N_("Read the row \"both routes of a double\" of the rules table for Switzerland; then the board "
           "statistics: the routes, and the double routes."),
        wrong=88, notebook=COMPARED),
]
