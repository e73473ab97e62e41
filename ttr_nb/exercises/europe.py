"""Exercises of the Europe notebooks (20: tunnels and ferries; 21: stations and scoring).

Every expected answer is computed here by asking the engine about a position the rules
can produce. The positions the notebooks draw for a question are module constants, so a
notebook shows the board without showing the answer.
"""
from __future__ import annotations

from ..analysis.tunnels import tunnel_odds
from ..engine import Cards, load_game
from . import N_, Exercise, same_number
from .compare import same_fraction

TUNNELS = "20_europe_tunnels_and_ferries"
STATIONS = "21_europe_stations_and_scoring"
DISPLAY = ["red", "blue", "green", "white", "black"]
#: The tickets each player kept at the opening (every position of a game in progress has them).
TICKETS = [["Paris-Wien", "Madrid-Zürich"], ["Berlin-Roma", "Brest-Venezia"]]


def _europe(players: int = 2):
    return load_game("europe", players=players, seed=11)


def _pending_extra(payment: str, revealed: list[str], hand: dict) -> int:
    """The extra cards a tunnel asks for, read from the engine's pending tunnel."""
    state = _europe().state_from_dict({
        "phase": "tunnel", "hands": [hand, {"orange": 2, "black": 2}], "display": DISPLAY, "tickets": TICKETS,
        "tunnel": {"route": "Venezia-Zürich", "payment": payment, "revealed": revealed},
    })
    return state.to_dict()["tunnel"]["extra"]


#: Exercise "europe-tunnels-3": the opening of a two-player game, player 1 to move.
ODDS_POSITION = {
    "phase": "turn", "current_player": 0, "turn": 4,
    "hands": [{"yellow": 2, "red": 1, "blue": 1}, {"white": 2, "pink": 1, "orange": 1}],
    "display": ["loco", "loco", "green", "green", "red"], "tickets": TICKETS,
}

#: Exercises "europe-stations-1" and "europe-express-1": a two-player game, scored as if it ended now.
STATION_FINAL = {
    "phase": "turn", "current_player": 0,
    "routes": {"Amsterdam-London": 0, "Amsterdam-Essen": 0, "Essen-Frankfurt": 0,
               "Berlin-Essen": 1, "Essen-Kobenhavn": 1, "Berlin-Wien": 1},
    "stations": [["Essen", 0]],
    "tickets": [["London-Berlin", "Frankfurt-Kobenhavn"], ["Budapest-Sofia", "Sofia-Smyrna"]],
}


def _odds_position():
    return _europe().state_from_dict(ODDS_POSITION)


def _station_position():
    return _europe().state_from_dict(STATION_FINAL)


def _odds_no_extra():
    state = _odds_position()
    return tunnel_odds(state, "München-Zürich", Cards.parse("yellow*2"))[0]


def _station_row(player: int):
    return _station_position().score_breakdown()[player]


def _removed_after_opening() -> int:
    state = _europe(players=3).new_state()
    for _ in range(3):
        state = state.apply("keep 0,1")
    return len(state.removed_tickets)


def _ferry_ways() -> int:
    state = _europe().state_from_dict({"hands": [{"red": 2, "blue": 1, "loco": 2}, {"white": 4}], "display": DISPLAY,
                                       "tickets": TICKETS})
    return len(state.payment_options("Essen-Kobenhavn"))


EXERCISES = [
    Exercise(
        "europe-tunnels-1",
        N_("Player 1 lays down 1 green card and 1 locomotive for the green tunnel Venezia–Zürich. "
        "The three cards turned over are green, locomotive, locomotive. "
        "How many extra cards must player 1 add to claim the tunnel?"),
        lambda: _pending_extra("green*1+loco*1", ["green", "loco", "loco"], {"green": 2, "loco": 2}),
        N_("Every revealed card of the colour paid (green) asks for one more, and so does every revealed locomotive."),
        wrong=1, notebook=TUNNELS),
    Exercise(
        "europe-tunnels-2",
        N_("Player 1 pays Venezia–Zürich with 2 locomotives. The cards turned over are green, locomotive, green. "
        "How many extra cards are due?"),
        lambda: _pending_extra("loco*2", ["green", "loco", "green"], {"green": 2, "loco": 1}),
        N_("After a payment of locomotives only, only the revealed locomotives count."),
        wrong=3, notebook=TUNNELS),
    Exercise(
        "europe-tunnels-3",
        N_("In the position drawn above, player 1 claims the yellow tunnel München–Zürich with 2 yellow cards. "
        "What is the chance that no extra card is asked for? Give a fraction (or a decimal)."),
        _odds_no_extra,
        N_("Count the unseen cards (110 minus player 1's hand and the 5 face-up cards), and among them the "
        "yellow cards and the locomotives; then the chance that all 3 revealed cards are something else."),
        wrong=0.5, compare=same_fraction, notebook=TUNNELS, setup=_odds_position),
    Exercise(
        "europe-ferries-1",
        N_("A hand of 2 red, 1 blue and 2 locomotives: in how many different ways can it pay for the ferry "
        "Essen–Kobenhavn (3 grey spaces, 1 locomotive symbol)? Count the different sets of cards."),
        _ferry_ways,
        N_("At least one card must be a locomotive; the others are all of one colour (or locomotives)."),
        wrong=5, notebook=TUNNELS),
    Exercise(
        "europe-scoring-1",
        N_("How many more points does Petrograd–Stockholm (8 spaces) score than two routes of 4 spaces?"),
        lambda: (lambda r: r.points_for(8) - 2 * r.points_for(4))(_europe().rules),
        N_("Read the route points table: the points of a route of 8, and twice the points of a route of 4."),
        wrong=0, notebook=STATIONS),
    Exercise(
        "europe-setup-1",
        N_("Three players start a game of Europe and each keeps exactly 2 of the 4 opening tickets. "
        "How many tickets are then out of the game (never to be drawn)?"),
        _removed_after_opening,
        N_("Count the opening tickets not kept, and the long tickets nobody was dealt: long tickets are "
        "never drawn later."),
        wrong=6, notebook=STATIONS),
    Exercise(
        "europe-stations-1",
        N_("In the game drawn above player 1 has a station in Essen. If the game ended now, what would player 1's "
        "final score be?"),
        lambda: _station_row(0).total,
        N_("A station lends exactly one route of another player, chosen to help its owner most; "
        "and each station not built scores 4 points."),
        wrong=28, notebook=STATIONS, setup=_station_position),
    Exercise(
        "europe-express-1",
        N_("In the same game, how many trains long is player 2's longest continuous path?"),
        lambda: _station_row(1).longest_path,
        N_("Follow player 2's routes without using any route twice; stations never lend a route to the path."),
        wrong=5, notebook=STATIONS, setup=_station_position),
]
