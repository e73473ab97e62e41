"""City names: placed clear of the cars, the city dots, each other and the frame, for all four
boards, at the default text size (a board drawn at the 1280-pixel scale) and the projector
size (a board on a 1920-pixel projector).  Boxes are measured with a generous font width."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.viz import TEXT_SIZES, board_figure
from ttr_nb.viz.board import LABEL_SCALES
from ttr_nb.viz.geometry import board_geometry, car_polygon, convex_overlap, label_conflicts, text_box

EDITIONS = ttr_nb.editions()

#: Names that no place within 42 px of their dot keeps clear of every car (the boards are
#: crowded there); they are drawn with a white halo over the car.  Any other conflict fails.
CROWDED = {
    ("default", "usa"): {"Charleston", "Nashville", "New York", "Oklahoma City", "Pittsburgh", "Portland",
                         "Saint Louis", "Toronto", "Washington"},
    ("default", "europe"): {"Bucuresti", "Constantinople", "Erzurum", "Frankfurt", "Sarajevo", "Sevastopol",
                            "Sochi", "Zagrab"},
    ("default", "switzerland"): {"Baden"},
    ("default", "nordic"): {"Göteborg", "Lillehammer", "Örebro"},
    ("projector", "usa"): {"Atlanta", "Charleston", "Nashville", "Oklahoma City", "Pittsburgh", "Santa Fe",
                           "Washington"},
    ("projector", "europe"): {"Constantinople", "Erzurum", "Frankfurt", "Sarajevo", "Sevastopol", "Smyrna",
                              "Venezia"},
    ("projector", "nordic"): {"Imatra", "Lillehammer"},
}


@pytest.mark.parametrize("size", list(TEXT_SIZES))
@pytest.mark.parametrize("edition", EDITIONS)
def test_names_cover_no_car_and_stay_inside_the_frame(edition, size):
    board = ttr_nb.load_board(edition)
    font, scale = TEXT_SIZES[size]["city"], LABEL_SCALES[size]
    labels = board_geometry(board).labels(font, scale)
    conflicts = label_conflicts(board, labels, font, scale)
    assert not [c for c in conflicts if c[1] == "the frame" or c[1].startswith(("the name", "the dot"))], conflicts
    cities = {c for c, _ in conflicts}
    assert cities <= CROWDED.get((size, edition), set()), sorted(conflicts)


def test_the_figure_draws_the_placed_names():
    g = ttr_nb.load_game("usa")
    fig = board_figure(g, text_size="projector")
    names = next(t for t in fig.data if t.meta == "city names")
    labels = board_geometry(g.board).labels(TEXT_SIZES["projector"]["city"], LABEL_SCALES["projector"])
    places = [c for c in g.board.cities if not c.is_country]
    for k, c in enumerate(places):
        assert (names.x[k], names.y[k], names.textposition[k], names.text[k]) == labels[c.name]
    assert names.textfont.size == TEXT_SIZES["projector"]["city"]
    assert board_figure(g).data[[t.meta for t in fig.data].index("city names")].textfont.size == 13


def test_the_check_sees_a_name_on_a_car():
    board = ttr_nb.load_board("usa")
    route = board.find_route("Denver-Omaha")
    x, y, _ = route.spaces[1]
    name = "Denver"
    labels = dict(board_geometry(board).labels())
    labels[name] = (x, y, "middle right", name)
    assert (name, "a car of Denver-Omaha") in label_conflicts(board, labels)
    box = text_box(x, y, name, "middle right")
    assert convex_overlap([(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])],
                          car_polygon(*route.spaces[1]))
    labels[name] = (2, 2, "top left", name)
    assert (name, "the frame") in label_conflicts(board, labels)
