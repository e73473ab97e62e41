"""The board data as the pictures use it: every route's spaces run in travel order."""
from __future__ import annotations

import math

import pytest

import ttr_nb
from ttr_nb.viz.geometry import route_end_point

EDITIONS = ttr_nb.editions()


def out_of_order(board):
    """Routes whose spaces, listed from one end, do not get steadily farther from that end
    and nearer the other (the list may run either way)."""
    bad = []
    for r in board.routes:
        pa, pb = route_end_point(r, board, r.a), route_end_point(r, board, r.b)
        pts = [(x, y) for x, y, _ in r.spaces]
        if math.dist(pts[0], pa) + math.dist(pts[-1], pb) > math.dist(pts[-1], pa) + math.dist(pts[0], pb):
            pts.reverse()
        from_a = [math.dist(pa, p) for p in pts]
        from_b = [math.dist(pb, p) for p in pts]
        if any(x >= y for x, y in zip(from_a, from_a[1:])) or any(x <= y for x, y in zip(from_b, from_b[1:])):
            bad.append((r.key, [round(d) for d in from_a]))
    return bad


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_route_runs_monotonically_from_end_to_end(edition):
    assert out_of_order(ttr_nb.load_board(edition)) == []


def test_brig_locarno_starts_at_brig():
    board = ttr_nb.load_board("switzerland")
    route = board.find_route("Brig-Locarno")
    brig = board.city["Brig"]
    first, second = route.spaces[0][:2], route.spaces[1][:2]
    assert math.dist(first, (brig.x, brig.y)) < math.dist(second, (brig.x, brig.y))


def test_the_check_sees_a_swap():
    class Board:
        pass
    board = ttr_nb.load_board("switzerland")
    route = board.find_route("Brig-Locarno")

    class Swapped:
        a, b, a_border_point, b_border_point = route.a, route.b, None, None
        key = route.key
        spaces = (route.spaces[1], route.spaces[0], *route.spaces[2:])

    fake = Board()
    fake.routes, fake.city = [Swapped], board.city
    assert [k for k, _ in out_of_order(fake)] == ["Brig-Locarno"]
