"""Exercises of the strategy lab (notebooks 90-93): the expected answers come from the rules,
the board, seeded tournaments (the same games for whoever plays them) and the stored study
(`ttr_nb.analysis.studies`)."""
from __future__ import annotations

from functools import lru_cache

from ..analysis import claims
from ..analysis.bottlenecks import narrow_cities, track_graph
from ..analysis.studies import study
from ..analysis.tournament import tournament
from ..engine import load_game, load_rules
from . import N_, Exercise
from .compare import same_percent, same_set

LONG_ROUTES = "90_long_routes_pay"
HEAT_MAP = "91_the_board_as_a_heat_map"


def _best_with_seven() -> int:
    """The most route points 7 trains can score, over every way of splitting them into routes."""
    rules = load_rules("usa")
    best = [0] * 8
    for trains in range(1, 8):
        best[trains] = max(rules.points_for(n) + best[trains - n] for n in range(1, min(6, trains) + 1))
    return best[7]


@lru_cache(maxsize=None)
def _winners_six_percent() -> int:
    games = tournament("usa", ["route-focus-published"] * 2, games=100, seed=5, progress=False)
    counts = claims.length_counts(games, "winners")
    return round(100 * counts[6] / sum(counts.values()))


def _stored(players: int) -> dict:
    return next(s for s in study("route_claims")["settings"] if (s["edition"], s["players"]) == ("usa", players))


def _rarely_claimed_two() -> int:
    s = _stored(2)
    return sum(5 * count < s["games"] for count in s["routes"].values())


def _most_claimed_percent() -> int:
    s = _stored(2)
    return round(100 * max(s["routes"].values()) / s["games"])


EXERCISES = [
    Exercise(
        "usa-longroutes-1",
        N_("A player has 7 trains left and spends them all on routes. How many route points can they score at "
           "most?"),
        _best_with_seven,
        N_("Try every way of splitting 7 trains into routes (6 and 1, 5 and 2, 4 and 3, ...) and add their points "
           "from the route table."),
        wrong=15, notebook=LONG_ROUTES),
    Exercise(
        "usa-longroutes-2",
        N_("How many of the USA board's routes are of length 3 or more? (A double route is two routes.)"),
        lambda: sum(c for n, c in claims.board_length_counts(load_game("usa").board).items() if n >= 3),
        N_("Add up the board's routes of lengths 3, 4, 5 and 6: `claims.board_length_counts(board)`."),
        wrong=45, notebook=LONG_ROUTES),
    Exercise(
        "usa-longroutes-3",
        N_("Play 100 games of Route Focus as in the study against itself on the USA board, with seed 5 (the cell "
           "above the exercise shows how). What share of the winners' routes are of length 6? Give a whole "
           "percentage."),
        _winners_six_percent,
        N_("Count the winners' routes by length with `claims.length_counts(games, \"winners\")`, then divide "
           "the routes of length 6 by all of them, times 100."),
        wrong=9, compare=same_percent, notebook=LONG_ROUTES),
    Exercise(
        "usa-heatmap-1",
        N_("In the stored study's 2-player games, how many routes of the board were claimed in fewer than 1 game "
           "in 5?"),
        _rarely_claimed_two,
        N_("The study's 2-player setting has a count of games for every route, under \"routes\": count those "
           "below a fifth of its games, as the last heat map's cell does for 4 players."),
        wrong=9, notebook=HEAT_MAP),
    Exercise(
        "usa-heatmap-2",
        N_("How many routes of the USA board end in Washington? (A double route is two routes.)"),
        lambda: len(load_game("usa").board.routes_at("Washington")),
        N_("Hover Washington on the board, or count with `board.routes_at(\"Washington\")`."),
        wrong=3, notebook=HEAT_MAP),
    Exercise(
        "usa-heatmap-3",
        N_("In the stored study's 2-player games, in what share of the games was the most claimed route claimed? "
           "Give a whole percentage."),
        _most_claimed_percent,
        N_("Take the largest count under \"routes\" of the 2-player setting and divide it by the games, "
           "times 100."),
        wrong=100, compare=same_percent, notebook=HEAT_MAP),
]

BOTTLENECKS = "92_claim_the_bottlenecks"

EXERCISES += [
    Exercise(
        "india-bottlenecks-1",
        N_("With 3 players, which cities of the India board are reached by at most two usable tracks? Give a list "
           "of their names."),
        lambda: sorted(narrow_cities(load_game("india", players=3))),
        N_("With 3 players a double route of India is one track. Count the tracks at each city, or ask "
           "`bottlenecks.narrow_cities`."),
        wrong=["Jarhat"], compare=same_set, notebook=BOTTLENECKS),
    Exercise(
        "india-bottlenecks-2",
        N_("With 2 players, how many tracks of the India board can be used in all?"),
        lambda: track_graph(load_game("india", players=2)).number_of_edges(),
        N_("Every route is one track, and so is every double route with 2 players: "
           "`bottlenecks.track_graph(game)` has one edge per usable track."),
        wrong=len(load_game("india").board.routes), notebook=BOTTLENECKS),
]

HOLES = "93_holes_in_the_rules"


def locomotive_deck_position():
    """Hole (a) of notebook 93: the deck holds only locomotives, the discard pile 2 yellow cards."""
    from ..lessons import rest_in_hands

    game = load_game("usa", players=2, seed=11)
    return game.state_from_dict(rest_in_hands(game, {"display": ["red", "loco", "loco", "blue", "green"],
                                                     "deck": ["loco"] * 8, "discard": ["yellow", "yellow"]}))


def _locomotives_face_up_after_red_and_blind() -> int:
    after = locomotive_deck_position().apply("draw red").apply("draw deck")
    assert after.current_player == 1 and after.phase == "turn"
    return after.display.count(8)


def dry_position():
    """Hole (b) of notebook 93: no train card in deck, discard pile or display; Player 2 holds them all
    and is to play."""
    from ..lessons import rest_in_hands

    game = load_game("usa", players=2, seed=11)
    return game.state_from_dict(rest_in_hands(game, {"display": [], "deck": [], "discard": [],
                                                     "current_player": 1}, seats=[1]))


def _face_up_after_yellow_and_three_locomotives() -> int:
    after = dry_position().apply("claim Nashville-Pittsburgh yellow*1+loco*3")
    assert after.current_player == 0 and after.phase == "turn"
    return len(after.display)


@lru_cache(maxsize=None)
def _short_display_percent() -> int:
    from ..analysis.holes import count_holes

    counts = count_holes("usa", games=50, seed=2)
    return round(100 * sum(r.short_display for r in counts.records) / sum(r.turns for r in counts.records))


EXERCISES += [
    Exercise(
        "usa-holes-1",
        N_("The deck holds only locomotives and the discard pile 2 yellow cards; two locomotives lie face up. "
           "Player 1 takes the face-up red card, then draws a card blind. How many locomotives lie face up when "
           "Player 2's turn begins?"),
        _locomotives_face_up_after_red_and_blind,
        N_("The red card is replaced from the deck. Then ask the stopping rule: do deck and discard pile still "
           "hold the cards for a display with fewer than three locomotives?"),
        wrong=0, notebook=HOLES, setup=locomotive_deck_position),
    Exercise(
        "usa-holes-2",
        N_("No train card is left in the deck, in the discard pile or face up; Player 2 holds them all. Player 2 "
           "claims Nashville–Pittsburgh (yellow, 4 spaces) with 1 yellow card and 3 locomotives. How many cards "
           "lie face up when Player 1's turn begins?"),
        _face_up_after_yellow_and_three_locomotives,
        N_("The cards paid go to the discard pile, and at the end of the turn the display is filled from them. "
           "Can it be flushed, with deck and discard pile empty again?"),
        wrong=5, notebook=HOLES, setup=dry_position),
    Exercise(
        "usa-holes-3",
        N_("Play 50 games of card hoarders on the USA board with seed 2 (the cell above the exercise shows how). "
           "What share of all their turns began with the display short of cards? Give a whole percentage."),
        _short_display_percent,
        N_("Each game's record counts its turns (`turns`) and the turns that began with a short display "
           "(`short_display`): add each up over the games, then divide, times 100."),
        wrong=100, compare=same_percent, notebook=HOLES),
]
