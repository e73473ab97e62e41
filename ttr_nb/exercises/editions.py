"""Exercises of notebook 50 (the editions compared; ids name the edition a question starts from). The expected answers are read from the
edition records and the boards, as the notebook's tables are."""
from __future__ import annotations

from ..analysis.board_stats import board_stats, routes_by_length
from ..engine import editions, load_game, load_rules
from . import N_, Exercise, same_number, same_set, same_text

COMPARED = "50_editions_compared"


def _most_length_one() -> str:
    ones = {e: routes_by_length(load_game(e).board).get(1, 0) for e in editions()}
    return max(ones, key=ones.get)


def _tunnel_percent() -> int:
    stats = board_stats(load_game("switzerland").board)
    return round(100 * stats["tunnels"] / stats["routes"])


EXERCISES = [
    Exercise(
        "usa-compared-1",
        N_("Which edition's board has the most routes of length 1? Give its id, e.g. \"usa\"."),
        _most_length_one,
        N_("Count the routes of length 1 on each board: `ttr_nb.analysis.routes_by_length(game.board)`."),
        wrong="nordic", compare=same_text, notebook=COMPARED),
    Exercise(
        "switzerland-compared-1",
        N_("What share of the Swiss board's routes are tunnels? Give a whole percentage."),
        _tunnel_percent,
        N_("Divide the number of tunnels by the number of routes (the board statistics table), times 100."),
        wrong=42, notebook=COMPARED),
    Exercise(
        "usa-compared-2",
        N_("In which editions does a face-up locomotive cost the whole draw, as in the USA? Give a list of ids."),
        lambda: [e for e in editions() if load_rules(e).face_up_locomotive_costs_two],
        N_("Read the row \"face-up locomotive\" of the rules table."),
        wrong=["usa"], compare=same_set, notebook=COMPARED),
    Exercise(
        "switzerland-compared-2",
        N_("From how many players on can both routes of a Swiss double route be claimed?"),
        lambda: load_rules("switzerland").double_routes_min_players,
        N_("Read the row \"both routes of a double\" of the rules table, in the Switzerland column."),
        wrong=4, notebook=COMPARED),
]
