"""Questions with one honest reading. Each test shows the second reading a question once had
(the answer it leads to differs from the expected one) and that the question now rules it
out in words, in English and in Danish."""
from __future__ import annotations

from ttr_nb.engine import load_game
from ttr_nb.engine.i18n import catalogue
from ttr_nb.exercises import exercise, position
from ttr_nb.exercises.nordic import TICKETS


def _texts(ex_id: str) -> tuple[str, str]:
    question = exercise(ex_id).question
    return question, catalogue("lessons", "da").gettext(question)


def test_murmansk_says_not_every_green_card_must_be_spent():
    """With the 6 green spent too, 9 red cards are needed; the answer, 8, leaves 2 green unspent."""
    nordic = load_game("nordic", players=2, seed=5)

    def payments(red: int):
        state = nordic.state_from_dict({"hands": [{"green": 6, "red": red}, {"white": 4}], "tickets": TICKETS,
                                        "display": ["blue", "white", "black", "yellow", "pink"]})
        return [p.as_dict() for p in state.payment_options("Lieksa-Murmansk")]

    expected = exercise("nordic-murmansk-1").solution()
    assert payments(expected) and all(p.get("green", 0) < 6 for p in payments(expected))
    all_green = min(red for red in range(13) if any(p.get("green", 0) == 6 for p in payments(red)))
    assert all_green == 9 != expected
    english, danish = _texts("nordic-murmansk-1")
    assert "Not every card of the hand has to be spent" in english and "ikke bruge alle kortene" in danish


def test_a_double_route_counts_as_two_routes_where_it_changes_the_answer():
    swiss = load_game("switzerland").board
    by_pair = {frozenset((r.a, r.b)): r.tunnel for r in swiss.routes}
    assert round(100 * sum(by_pair.values()) / len(by_pair)) != exercise("switzerland-compared-1").solution()
    state = position("usa-claiming-2")
    free = [r for r in state.board.routes if "Denver" in (r.a, r.b) and state.route_status(r.index, 0) == "free"]
    assert len({frozenset((r.a, r.b)) for r in free}) != exercise("usa-claiming-2").solution() == len(free)
    for ex_id in ("switzerland-compared-1", "usa-claiming-2", "switzerland-compared-2"):
        english, danish = _texts(ex_id)
        assert "double route" in english and ("on its own" in english or "is two routes" in english), ex_id
        assert "dobbeltstrækning" in danish, ex_id


def test_a_game_in_progress_is_scored_as_if_it_ended_now():
    """The points a player has scored so far are not the final score the question asks."""
    state = position("northernlights-bonus-2")
    assert state.points[1] != exercise("northernlights-bonus-2").solution()
    for ex_id in ("northernlights-bonus-1", "northernlights-bonus-2"):
        english, danish = _texts(ex_id)
        assert "ended now" in english and "sluttede nu" in danish, ex_id


def test_counting_ways_to_pay_counts_sets_of_cards():
    """A way to pay could be read as the cards laid on the route's spaces in an order (2 green
    and a locomotive on 3 spaces: three ways, by where the locomotive lies) or as the set of cards
    (one way); the engine counts sets, and the question says so."""
    for ex_id in ("usa-claiming-1", "europe-ferries-1", "nordic-ferries-1", "switzerland-locos-1",
                  "northernlights-ferries-1"):
        english, danish = _texts(ex_id)
        assert "Count the different sets of cards." in english and "Tæl de forskellige sæt kort." in danish, ex_id
    english, danish = _texts("usa-play-1")
    assert "route points" in english and "strækningspoint" in danish
