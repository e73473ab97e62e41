"""The India exercises (notebook 70) answered a second way: the Grand Tour tickets by networkx's
edge connectivity, the points from the printed tables; and their positions are what the
questions say."""
from __future__ import annotations

from ttr_nb.analysis.grandtour import qualifies
from ttr_nb.exercises import check, exercise, position


def _answer(ex_id):
    return exercise(ex_id).solution()


def test_grand_tour_tickets_counted_by_networkx():
    state = position("india-grandtour-1")
    board = state.board
    edges = [(board.routes[i].a, board.routes[i].b) for i in state.routes_of(0)]
    tickets = [board.tickets[t] for t in state.tickets[0]]
    assert [t.key for t in tickets] == ["Jodhpur-Khandwa", "Katni-Khandwa", "Lahore-Delhi", "Agra-Jarhat"]
    joined_twice = [t.key for t in tickets if qualifies(edges, t.source, t.targets[0])]
    assert len(joined_twice) == 2 and "Lahore-Delhi" not in joined_twice     # Lahore hangs by one route
    assert check("india-grandtour-1", len(joined_twice)).correct
    assert not check("india-grandtour-1", 3).correct                         # the completed tickets


def test_grand_tour_points_from_the_printed_table():
    state = position("india-grandtour-2")
    board = state.board
    values = [board.tickets[t].value for t in state.tickets[0]]
    table = {1: 5, 2: 10, 3: 20, 4: 30, 5: 40}
    assert check("india-grandtour-2", sum(values) + table[len(values)]).correct
    assert not check("india-grandtour-2", table[len(values)]).correct          # the bonus alone
    assert not check("india-grandtour-2", sum(values) + 5 + 10 + 20).correct   # the rows added up


def test_route_points_and_tickets_from_the_rules():
    assert check("india-routes-1", 21 + 15).correct and not check("india-routes-1", 8 + 6).correct
    assert check("india-tickets-1", 58 - 4 * 4 + 4 * 2).correct and not check("india-tickets-1", 58 - 16).correct
    assert _answer("india-tickets-1") == 50
