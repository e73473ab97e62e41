"""Player colours against each other and against the route colours, in normal vision and
under deuteranopia, protanopia and tritanopia (CIEDE2000; see colour_difference.py).

Thresholds: any two of the first five seats at least 10 apart, every one of them at least 12
from every route colour, in each of the four visions.  The smallest distances are printed
(``pytest -s``)."""
from __future__ import annotations

import itertools

import pytest

from ttr_nb.viz import PLAYER_COLOURS, PLAYER_MARKS, PLAYER_NAMES, ROUTE_COLOURS, ROUTE_LETTERS

from .colour_difference import VISIONS, ciede2000, difference

SEATS = PLAYER_COLOURS[:5]
SEAT_VS_SEAT = 10.0
SEAT_VS_ROUTE = 12.0


def smallest(vision):
    seats = min((difference(a, b, vision), i, j) for (i, a), (j, b) in itertools.combinations(enumerate(SEATS), 2))
    routes = min((difference(a, c, vision), i, name) for i, a in enumerate(SEATS) for name, c in ROUTE_COLOURS.items())
    return seats, routes


@pytest.mark.parametrize("pair, expected", [
    (((50, 2.6772, -79.7751), (50, 0, -82.7485)), 2.0425),
    (((50, 0, 0), (50, -1, 2)), 2.3669),
    (((50, 2.5, 0), (73, 25, -18)), 27.1492),
    (((50, 2.5, 0), (61, -5, 29)), 22.8977),
    (((50, 2.5, 0), (56, -27, -3)), 31.9030),
    (((50, 2.5, 0), (58, 24, 15)), 19.4535),
])
def test_ciede2000_matches_the_published_test_pairs(pair, expected):
    assert round(ciede2000(*pair), 4) == expected


def test_the_old_palette_fails_the_check():
    # red and green seats (the palette before) are 7.1 apart under deuteranopia
    assert difference("#e8112d", "#17a34a", "deuteranopia") < SEAT_VS_SEAT


@pytest.mark.parametrize("vision", VISIONS)
def test_seats_differ_from_each_other_and_from_route_colours(vision):
    (seats, i, j), (routes, k, name) = smallest(vision)
    print(f"\n{vision:>13}: seats {seats:.1f} (seat {i} {PLAYER_NAMES[i]} vs seat {j} {PLAYER_NAMES[j]}), "
          f"seat vs route {routes:.1f} (seat {k} {PLAYER_NAMES[k]} vs {name})")
    assert seats >= SEAT_VS_SEAT, (vision, PLAYER_NAMES[i], PLAYER_NAMES[j], seats)
    assert routes >= SEAT_VS_ROUTE, (vision, PLAYER_NAMES[k], name, routes)


#: The least CIEDE2000 difference between the cars of a seat of a four-player game and a black
#: route, in every vision: the maroon seat before was 16.6 from black under protanopia.
SEAT_VS_BLACK = 19.0


@pytest.mark.parametrize("vision", VISIONS)
def test_no_seat_of_four_reads_as_a_black_route(vision):
    gaps = [difference(c, ROUTE_COLOURS["black"], vision) for c in PLAYER_COLOURS[:4]]
    assert min(gaps) >= SEAT_VS_BLACK, (vision, [round(g, 1) for g in gaps])
    assert difference("#771100", ROUTE_COLOURS["black"], "protanopia") < SEAT_VS_BLACK


def test_marks_and_letters_read_without_colour():
    assert len(set(PLAYER_COLOURS)) == len(PLAYER_COLOURS) == len(PLAYER_NAMES)
    assert len({symbol for symbol, _ in PLAYER_MARKS}) == len(PLAYER_MARKS) >= 5
    assert not set(PLAYER_COLOURS) & set(ROUTE_COLOURS.values())
    letters = [v for v in ROUTE_LETTERS.values() if v]
    assert len(letters) == len(set(letters)) == len(ROUTE_COLOURS) - 1 and ROUTE_LETTERS["gray"] == ""
