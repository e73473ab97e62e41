"""Tests of ttr_nb.engine.board and of the packaged board files (ttr_nb/maps/*.json)."""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib.util
import inspect
import json
import pickle
import sys
from collections import Counter
from pathlib import Path

import pytest

from ttr_nb.engine import board as board_module
from ttr_nb.engine.board import (
    COLOURS,
    GREY_NAME,
    Board,
    City,
    MapError,
    Route,
    Ticket,
    board_from_dict,
    board_names,
    load_board,
)

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "ttr_nb" / "maps"
BOARDS = ("usa", "europe", "switzerland", "nordic", "india", "northernlights")

# Facts about the published boards (counted on the printed boards and checked against independent data sets).
EXPECTED = {
    #              cities countries routes doubles tunnels ferries locos grey spaces tickets
    "usa":         (36, 0, 100, 22, 0, 0, 0, 44, 309, 30),
    "europe":      (47, 0, 101, 11, 18, 13, 17, 37, 300, 46),
    "switzerland": (34, 4, 88, 12, 42, 0, 0, 14, 205, 46),
    "nordic":      (39, 0, 81, 14, 10, 24, 30, 11, 207, 46),
    "india":       (39, 0, 108, 28, 0, 8, 12, 30, 238, 58),
    "northernlights": (50, 0, 161, 48, 0, 53, 63, 53, 350, 55),
}
#: Triple routes (a group of three parallel tracks) per board.
TRIPLES = {"northernlights": 2}
TITLES = {"usa": "United States", "europe": "Europe", "switzerland": "Switzerland", "nordic": "Nordic Countries",
          "india": "India", "northernlights": "Northern Lights"}
OPTIONAL_DECKS = {
    "usa": {"usa_1910": 35, "usa_mega": 34},
    "europe": {"europe_1912_regular": 89, "europe_1912_long": 12},
    "switzerland": {},
    "nordic": {},
    "india": {},
    "northernlights": {},
}


@pytest.fixture(params=BOARDS)
def board(request) -> Board:
    return load_board(request.param)


# ---------------------------------------------------------------- board facts


@pytest.mark.parametrize("name", BOARDS)
def test_counts(name):
    cities, countries, routes, doubles, tunnels, ferries, locos, grey, spaces, tickets = EXPECTED[name]
    b = load_board(name)
    assert sum(c.kind == "city" for c in b.cities) == cities
    assert sum(c.kind == "country" for c in b.cities) == countries
    assert len(b.routes) == routes
    groups = Counter(r.double_group for r in b.routes if r.double_group)
    assert sum(n == 2 for n in groups.values()) == doubles
    assert sum(n == 3 for n in groups.values()) == TRIPLES.get(name, 0)
    assert len(groups) == doubles + TRIPLES.get(name, 0)
    assert sum(r.twin is not None for r in b.routes) == 2 * doubles
    assert sum(r.tunnel for r in b.routes) == tunnels
    assert sum(r.kind == "ferry" for r in b.routes) == ferries
    assert sum(r.ferry_locomotives for r in b.routes) == locos
    assert sum(r.colour == GREY_NAME for r in b.routes) == grey
    assert sum(r.length for r in b.routes) == spaces
    assert sum(len(r.spaces) for r in b.routes) == spaces
    assert len(b.tickets) == tickets
    assert {k: len(v) for k, v in b.optional_ticket_decks.items()} == OPTIONAL_DECKS[name]


def test_ticket_decks_split():
    europe = load_board("europe")
    assert Counter(t.deck for t in europe.tickets) == {"regular": 40, "long": 6}
    assert {t.deck for t in europe.optional_ticket_decks["europe_1912_long"]} == {"long"}
    assert {t.deck for t in europe.optional_ticket_decks["europe_1912_regular"]} == {"regular"}
    for name in ("usa", "switzerland", "nordic", "india"):
        assert {t.deck for t in load_board(name).tickets} == {"regular"}
    swiss = load_board("switzerland")
    assert len({(t.source, t.targets, t.points) for t in swiss.tickets}) == 42
    twice = Counter((t.source, t.targets) for t in swiss.tickets)
    assert sorted(s for (s, _), n in twice.items() if n == 2) == ["Deutschland", "France", "Italia", "Österreich"]


@pytest.mark.parametrize("name", BOARDS)
def test_names_titles_and_frame(name):
    b = load_board(name)
    assert b.name == name
    assert b.title == TITLES[name]
    assert "thoun/tickettoride" in b.source
    if name in ("nordic", "india"):
        assert (b.width, b.height) == (1125, 1744)  # portrait
    elif name == "northernlights":
        assert (b.width, b.height) == (1158, 1744)  # portrait
    else:
        assert (b.width, b.height) == (1744, 1125)
    for c in b.cities:
        assert 0 <= c.x <= b.width and 0 <= c.y <= b.height
    for r in b.routes:
        for x, y, _angle in r.spaces:
            assert 0 <= x <= b.width and 0 <= y <= b.height


def test_spellings_are_kept():
    assert "Kobenhavn" in load_board("europe").city
    assert "København" in load_board("nordic").city
    assert "Kobenhavn" not in load_board("nordic").city
    assert {"Zürich", "Genève", "Neuchâtel"} <= set(load_board("switzerland").city)
    assert {"Göteborg", "Tromsø", "Ålborg", "Århus"} <= set(load_board("nordic").city)
    # India keeps the printed board's own spellings; Waltair is printed "Waltain" (its board_label)
    india = load_board("india")
    assert {"Jarhat", "Mormugau", "Ratiam", "Waltair"} <= set(india.city)
    assert {"Jorhat", "Mormugao", "Ratlam", "Waltain"}.isdisjoint(india.city)
    assert india.city["Waltair"].label == "Waltain" and india.city["Waltair"].board_label == "Waltain"
    assert [c.name for c in india.cities if c.board_label] == ["Waltair"]
    assert all(c.label == c.name for c in india.cities if c.name != "Waltair")


def test_india_route_lengths_and_ferries():
    india = load_board("india")
    assert Counter(r.length for r in india.routes) == {1: 31, 2: 47, 3: 17, 4: 9, 6: 3, 8: 1}   # no 5, one 8
    ferries = {r.key: r.ferry_locomotives for r in india.routes if r.kind == "ferry"}
    assert ferries == {"Bombay-Calicut": 2, "Bombay-Karachi": 2, "Bombay-Karachi#2": 2, "Calcutta-Chittagong": 1,
                       "Calcutta-Chittagong#2": 1, "Calcutta-Madras": 2, "Calicut-Quilon": 1, "Calicut-Quilon#2": 1}
    assert all(india.find_route(k).colour == GREY_NAME for k in ferries)


def test_board_label_is_checked():
    data = json.loads((MAPS / "india.json").read_text(encoding="utf-8"))
    data["cities"][0]["board_label"] = " "
    data["routes"][0]["board_label"] = "x"
    with pytest.raises(MapError) as err:
        board_from_dict(data, "bad.json")
    assert "city 'Agra': board_label must be a non-empty string" in str(err.value)
    assert "route 1 (Agra-Bhopal): unknown key 'board_label'" in str(err.value)


def test_cities_then_countries():
    swiss = load_board("switzerland")
    kinds = [c.kind for c in swiss.cities]
    assert kinds == ["city"] * 34 + ["country"] * 4
    assert {c.name for c in swiss.countries} == {"France", "Deutschland", "Österreich", "Italia"}
    assert all(c.border_points for c in swiss.countries)
    assert all(c.border_points == () for c in swiss.cities if c.kind == "city")
    for name in ("usa", "europe", "nordic"):
        assert load_board(name).countries == ()


def test_route_colours_are_known(board):
    assert {r.colour for r in board.routes} <= set(COLOURS) | {GREY_NAME}
    assert COLOURS == ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
    assert GREY_NAME == "gray"


def test_route_keys_unique_and_indexed(board):
    keys = [r.key for r in board.routes]
    assert len(set(keys)) == len(keys)
    assert [r.index for r in board.routes] == list(range(len(board.routes)))
    assert board.route == {r.key: r for r in board.routes}
    for r in board.routes:
        assert r.key.split("#")[0] == f"{r.a}-{r.b}"
        assert board.find_route(r.key) is r
        suffix = r.key[len(f"{r.a}-{r.b}"):]
        assert board.find_route(f"{r.b}-{r.a}{suffix}") is r
        assert board.find_route(r.key.upper()) is r


def test_route_numbers_unique(board):
    numbers = [r.number for r in board.routes]
    assert len(set(numbers)) == len(numbers)


def test_twins_point_at_each_other(board):
    for r in board.routes:
        if r.double_group is None:
            assert r.twin is None and r.parallel == ()
            continue
        group = [o for o in board.routes if o.double_group == r.double_group]
        assert set(r.parallel) == {o.index for o in group} - {r.index}
        assert all({o.a, o.b} == {r.a, r.b} for o in group)
        if len(group) == 3:              # a triple route: no single twin
            assert r.twin is None
            continue
        assert r.parallel == (r.twin,)
        twin = board.routes[r.twin]
        assert twin.twin == r.index
        assert twin.index != r.index
        assert twin.double_group == r.double_group
        assert {twin.a, twin.b} == {r.a, r.b}


def test_same_places_get_numbered_keys(board):
    by_pair = {}
    for r in board.routes:
        by_pair.setdefault(frozenset((r.a, r.b)), []).append(r)
    for routes in by_pair.values():
        assert "#" not in routes[0].key
        for n, r in enumerate(routes[1:], start=2):
            assert r.key.endswith(f"#{n}")


def test_route_kinds_and_other(board):
    for r in board.routes:
        assert r.kind == ("tunnel" if r.tunnel else "ferry" if r.ferry_locomotives else "ordinary")
        assert 0 <= r.ferry_locomotives <= r.length
        assert r.any_cards_substitute in (0, 3, 4)
        assert len(r.spaces) == r.length
        assert r.other(r.a) == r.b and r.other(r.b) == r.a
    with pytest.raises(ValueError, match="not an end"):
        board.routes[0].other("Atlantis")


# ---------------------------------------------------------------- board specifics


def test_usa_double_and_lookup():
    usa = load_board("usa")
    first = usa.find_route("Kansas City-Denver")
    assert first.key == "Denver-Kansas City"
    second = usa.find_route("Kansas City-Denver#2")
    assert second.key == "Denver-Kansas City#2"
    assert (first.twin, second.twin) == (second.index, first.index)
    assert {first.colour, second.colour} == {"black", "orange"}
    assert usa.find_route("denver-kansas city") is first
    assert usa.find_route("Denver – Kansas City") is first
    assert usa.routes_between("Kansas City", "Denver") == (first, second)
    assert usa.routes_between("Denver", "Miami") == ()
    assert {r.other("Denver") for r in usa.routes_at("Denver")} == {
        "Helena", "Kansas City", "Oklahoma City", "Omaha", "Phoenix", "Salt Lake City", "Santa Fe"
    }
    assert len(usa.routes_at("Denver")) == 9  # Kansas City and Salt Lake City are doubles
    assert all(len(usa.routes_at(c.name)) > 0 for c in usa.cities)


def test_unknown_route_label_names_close_matches():
    usa = load_board("usa")
    with pytest.raises(KeyError) as err:
        usa.find_route("Denvr-Kansas City")
    assert "'Denver-Kansas City'" in str(err.value)
    with pytest.raises(KeyError) as err:
        usa.find_route("Denver-Miami")
    assert "not joined by a route" in str(err.value)
    with pytest.raises(KeyError) as err:
        usa.find_route("Denver-Kansas City#3")
    assert "'Denver-Kansas City#2'" in str(err.value)
    with pytest.raises(KeyError):
        usa.find_route("Foo-Bar")
    with pytest.raises(KeyError) as err:
        usa.routes_at("Denvr")
    assert "'Denver'" in str(err.value)
    with pytest.raises(KeyError):
        usa.routes_between("Denver", "Atlantis")


def test_switzerland_routes_into_countries():
    swiss = load_board("switzerland")
    countries = {c.name: c for c in swiss.countries}
    into = [r for r in swiss.routes if r.a in countries or r.b in countries]
    assert len(into) == 17
    for r in into:
        assert r.a_border_point is None  # the data puts the country at b
        assert r.b in countries
        assert r.b_border_point in countries[r.b].border_points
    for r in swiss.routes:
        if r not in into:
            assert r.a_border_point is None and r.b_border_point is None
    # two separate routes (not a double) join Kreuzlingen and Deutschland
    first, second = swiss.routes_between("Kreuzlingen", "Deutschland")
    assert (first.key, second.key) == ("Kreuzlingen-Deutschland", "Kreuzlingen-Deutschland#2")
    assert first.twin is None and second.twin is None
    assert first.b_border_point != second.b_border_point
    # a city name containing '-'
    assert swiss.find_route("Neuchâtel-La Chaux-de-Fonds").key == "La Chaux-de-Fonds-Neuchâtel"


def test_switzerland_country_tickets():
    swiss = load_board("switzerland")
    bern = swiss.find_ticket("Bern-France/Deutschland/Österreich/Italia")
    assert bern.targets == ("France", "Deutschland", "Österreich", "Italia")
    assert bern.points == (5, 6, 11, 8)
    assert (bern.value, bern.penalty) == (11, 5)
    assert bern.is_country and bern.country_ends == ("France", "Deutschland", "Österreich", "Italia")
    first = swiss.find_ticket("France-Deutschland/Österreich/Italia")
    second = swiss.find_ticket("France-Deutschland/Österreich/Italia#2")
    assert first is not second
    assert (first.targets, first.points) == (second.targets, second.points)
    assert sum(t.is_country for t in swiss.tickets) == 12
    assert sum(len(t.targets) > 1 for t in swiss.tickets) == 12
    zurich_vaduz = swiss.find_ticket("Zürich-Vaduz")
    assert not zurich_vaduz.is_country and zurich_vaduz.value == zurich_vaduz.penalty == 6


def test_nordic_specials():
    nordic = load_board("nordic")
    murmansk = nordic.find_route("Murmansk-Lieksa")
    assert murmansk.any_cards_substitute == 4 and murmansk.length == 9 and murmansk.kind == "ordinary"
    ferries = [r for r in nordic.routes if r.kind == "ferry"]
    assert all(r.any_cards_substitute == 3 for r in ferries)
    assert sum(r.any_cards_substitute == 3 for r in nordic.routes) == 24
    grey, yellow = nordic.routes_between("Helsinki", "Stockholm")
    assert (grey.colour, grey.ferry_locomotives) == ("gray", 2)
    assert (yellow.colour, yellow.ferry_locomotives) == ("yellow", 1)
    assert grey.twin == yellow.index
    for a, b, lengths in (("Kristiansand", "Stavanger", {2, 3}), ("Mo I Rana", "Trondheim", {5, 6})):
        r1, r2 = nordic.routes_between(a, b)
        assert r1.twin == r2.index and {r1.length, r2.length} == lengths
        assert {r1.kind, r2.kind} == {"tunnel", "ferry"}


def test_northernlights_specials():
    nl = load_board("northernlights")
    cities = [c for c in nl.cities]
    assert sum(c.arctic for c in cities) == 11
    assert {c.name for c in cities if c.arctic} >= {"Tromsø", "Murmansk", "Unnamed Russian city",
                                                      "Unnamed Swedish city (north)"}
    assert sorted(c.name for c in cities if c.capital) == ["Helsinki", "København", "Oslo", "Stockholm"]
    assert sum(c.name.startswith("Unnamed") for c in cities) == 3
    assert Counter(c.country for c in cities) == {"Sweden": 13, "Finland": 13, "Norway": 12, "Russia": 4,
                                                  "Denmark": 3, "Estonia": 2, "Poland": 1, "Lithuania": 1,
                                                  "Latvia": 1}
    assert Counter(r.draw_bonus for r in nl.routes) == {0: 143, 1: 8, 2: 8, 3: 2}
    assert all(r.kind == "ferry" and r.is_grey for r in nl.routes if r.draw_bonus)
    ferries = [r for r in nl.routes if r.kind == "ferry"]
    assert all(r.ferry_pair_substitute == 2 and r.any_cards_substitute == 0 for r in ferries)
    assert all(r.ferry_pair_substitute == 0 for r in nl.routes if r.kind != "ferry")
    for a, b in (("Karlstad", "Oslo"), ("Karlstad", "Stockholm")):
        tracks = nl.routes_between(a, b)
        assert len(tracks) == 3 and {r.length for r in tracks} == {1}
        assert all(r.twin is None and len(r.parallel) == 2 for r in tracks)
    assert [b.letter for b in nl.bonus_cards] == list("ABCDEFGHIJK")
    assert [b.points for b in nl.bonus_cards] == [5, 7, 7, 10, 10, 10, 12, 12, 12, 12, 7]
    assert nl.bonus_cards[10].measure == "routes_to_country" and nl.bonus_cards[10].value == "Norway"
    for name in ("usa", "europe", "switzerland", "nordic"):
        other = load_board(name)
        assert other.bonus_cards == () and all(r.draw_bonus == 0 and r.ferry_pair_substitute == 0
                                                for r in other.routes)
        assert all(c.country is None and not c.arctic and not c.capital for c in other.cities)


def test_europe_specials():
    europe = load_board("europe")
    assert all(r.any_cards_substitute == 0 for r in europe.routes)
    assert sum(t.deck == "long" for t in europe.tickets) == 6
    assert not any(r.tunnel and r.ferry_locomotives for r in europe.routes)


def test_tickets(board):
    keys = [t.key for t in board.tickets]
    assert len(set(keys)) == len(keys)
    assert [t.index for t in board.tickets] == list(range(len(board.tickets)))
    for t in board.tickets:
        assert board.find_ticket(t.key) is t
        assert len(t.targets) == len(t.points) >= 1
        assert all(p > 0 for p in t.points)
        assert t.source in board.city and all(x in board.city for x in t.targets)
        assert t.deck in ("regular", "long")
    for deck, tickets in board.optional_ticket_decks.items():
        assert len({t.key for t in tickets}) == len(tickets)
        for t in tickets:
            assert board.find_ticket(t.key, optional_deck=deck) is t


def test_find_ticket():
    usa = load_board("usa")
    boston = usa.find_ticket("Boston-Miami")
    assert (boston.source, boston.targets, boston.points, boston.deck) == ("Boston", ("Miami",), (12,), "regular")
    assert boston.key == "Boston-Miami" and not boston.is_country and boston.value == boston.penalty == 12
    assert usa.find_ticket("Miami-Boston") is boston
    assert usa.find_ticket("boston-miami") is boston
    with pytest.raises(KeyError) as err:
        usa.find_ticket("Boston-Miama")
    assert "'Boston-Miami'" in str(err.value)
    assert usa.find_ticket("Calgary-Nashville", optional_deck="usa_1910").points == (14,)
    with pytest.raises(KeyError):
        usa.find_ticket("Calgary-Nashville")  # not a base-game ticket
    with pytest.raises(KeyError, match="usa_1910"):
        usa.find_ticket("Boston-Miami", optional_deck="usa_1911")


# ---------------------------------------------------------------- loading


def test_board_names():
    assert board_names() == ["europe", "india", "nordic", "northernlights", "switzerland", "usa"]


def test_load_board_is_cached_and_immutable():
    usa = load_board("usa")
    assert load_board("usa") is usa
    assert load_board("USA") is usa
    with pytest.raises(dataclasses.FrozenInstanceError):
        usa.name = "x"
    with pytest.raises(dataclasses.FrozenInstanceError):
        usa.routes[0].length = 9
    assert isinstance(usa.routes, tuple) and isinstance(usa.cities, tuple) and isinstance(usa.tickets, tuple)
    assert copy.deepcopy(usa) is usa and copy.copy(usa) is usa
    again = pickle.loads(pickle.dumps(usa))
    assert again == usa and hash(again) == hash(usa)
    assert again.find_route("Kansas City-Denver").key == "Denver-Kansas City"
    assert "36 cities" in repr(usa)


def test_load_board_by_path(tmp_path):
    path = tmp_path / "copy.json"
    path.write_text((MAPS / "usa.json").read_text(encoding="utf-8"), encoding="utf-8")
    b = load_board(path)
    assert b == load_board("usa") and b is not load_board("usa")
    assert load_board(str(path)) == b


def test_unknown_board_name():
    with pytest.raises(ValueError, match="usa"):
        load_board("usaa")
    with pytest.raises(FileNotFoundError):
        load_board(Path("/nonexistent/board.json"))


def test_packaged_maps_found_by_importlib_resources():
    from importlib.resources import files

    folder = files("ttr_nb.maps")
    for name in BOARDS:
        resource = folder / f"{name}.json"
        assert resource.is_file()
        assert json.loads(resource.read_text(encoding="utf-8"))["board"] == name
    assert Path(str(board_module.maps_folder())) == Path(str(folder))


def test_the_boards_are_read_from_the_package_itself():
    # the board files live inside the package's folder (ttr_nb/maps), so the source tree is the
    # package as installed, and a checkout's ttr_nb/ on sys.path finds its boards too
    assert Path(str(board_module.maps_folder())) == MAPS
    assert MAPS == Path(board_module.__file__).resolve().parents[1] / "maps"
    assert (MAPS / "__init__.py").is_file()


def test_board_module_uses_the_standard_library_only():
    tree = ast.parse(Path(board_module.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert imported, "parsed no imports"
    assert not imported & {"plotly", "ipywidgets", "numpy", "networkx"}
    if sys.version_info >= (3, 10):
        assert imported <= set(sys.stdlib_module_names) | {"__future__"}


# ---------------------------------------------------------------- the files


#: Boards whose files carry the keys of their own facts (city country/arctic/capital, route draw
#: bonus and ferry pair substitute, bonus cards).
OWN_FACTS = ("northernlights",)


@pytest.mark.parametrize("name", BOARDS)
def test_files_are_in_the_schema(name):
    text = (MAPS / f"{name}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "ttr_nb-board/1"
    own = name in OWN_FACTS               # a board with facts of its own writes their keys too
    assert list(data) == [
        "format", "board", "title", "source", "frame", "cities", "countries", "routes", "tickets",
        "optional_ticket_decks", *(["bonus_cards"] if own else []),
    ]
    route_keys = [
        "id", "a", "b", "length", "colour", "tunnel", "ferry_locomotives", "any_cards_substitute",
        "double_group", "spaces", "a_border_point", "b_border_point",
        *(["draw_bonus", "ferry_pair_substitute"] if own else []),
    ]
    city_keys = ["name", "x", "y", *(["country", "arctic", "capital"] if own else [])]
    # (a city's board_label, India, only where the printed board spells the name otherwise)
    assert all([k for k in c if k != "board_label"] == city_keys for c in data["cities"])
    assert all(list(r) == route_keys for r in data["routes"])
    for t in data["tickets"] + [t for d in data["optional_ticket_decks"].values() for t in d]:
        assert isinstance(t["to"], list) and isinstance(t["points"], list)
        assert len(t["to"]) == len(t["points"])
    assert "\\u" not in text  # ensure_ascii=False
    assert bool(data["countries"]) == (name == "switzerland")


# ---------------------------------------------------------------- validation


def tiny() -> dict:
    """A small valid board: a triangle with a double route."""
    return {
        "format": "ttr_nb-board/1",
        "board": "tiny",
        "title": "Tiny",
        "source": "test",
        "frame": {"width": 100, "height": 100},
        "cities": [{"name": "A", "x": 10, "y": 10}, {"name": "B", "x": 90, "y": 10}, {"name": "C", "x": 50, "y": 90}],
        "countries": [],
        "routes": [
            {"id": 1, "a": "A", "b": "B", "length": 2, "colour": "red", "tunnel": False, "ferry_locomotives": 0,
             "any_cards_substitute": 0, "double_group": "A|B", "spaces": [[30, 10, 0], [60, 10, 0]],
             "a_border_point": None, "b_border_point": None},
            {"id": 2, "a": "A", "b": "B", "length": 2, "colour": "blue", "double_group": "A|B",
             "spaces": [[30, 15, 0], [60, 15, 0]]},
            {"id": 3, "a": "B", "b": "C", "length": 1, "colour": "gray", "tunnel": True, "spaces": [[70, 50, 60]]},
            {"id": 4, "a": "C", "b": "A", "length": 3, "colour": "gray", "ferry_locomotives": 1,
             "any_cards_substitute": 3, "spaces": [[20, 30, 60], [30, 50, 60], [40, 70, 60]]},
        ],
        "tickets": [
            {"from": "A", "to": ["C"], "points": [4], "deck": "regular"},
            {"from": "B", "to": ["C"], "points": [2]},
        ],
    }


def problems_of(data, source="<dict>") -> tuple[str, ...]:
    with pytest.raises(MapError) as err:
        board_from_dict(data, source)
    assert isinstance(err.value, ValueError)
    return err.value.problems


def test_tiny_board_loads():
    b = board_from_dict(tiny())
    assert [r.key for r in b.routes] == ["A-B", "A-B#2", "B-C", "C-A"]
    assert b.routes[0].twin == 1 and b.routes[1].twin == 0
    assert b.routes[2].kind == "tunnel" and b.routes[3].kind == "ferry"
    assert b.find_route("B-A#2") is b.routes[1]
    assert b.tickets[1].deck == "regular"  # default
    assert b.optional_ticket_decks == {}
    assert isinstance(b.cities[0], City) and isinstance(b.routes[0], Route) and isinstance(b.tickets[0], Ticket)


def test_many_problems_reported_at_once():
    data = tiny()
    data["routes"][0]["b"] = "Bee"  # unknown city; also breaks the double group's places
    data["routes"][1]["colour"] = "purple"
    data["routes"][2]["length"] = 2  # but one train space
    data["routes"][3]["ferry_locomotives"] = 4
    data["tickets"][0]["to"] = ["Cee"]
    data["tickets"][1]["points"] = [0]
    problems = problems_of(data)
    expected = [
        "route 1 (A-Bee): unknown city 'Bee'",
        "route 2 (A-B): unknown colour 'purple'",
        "route 3 (B-C): length 2 but 1 train space",
        "route 4 (C-A): 4 locomotive symbols on a route of length 3",
        "double group 'A|B' joins different places: route 1 (A-Bee) and route 2 (A-B)",
        "tickets[0] (A-Cee): unknown place 'Cee'",
        "tickets[1] (B-C): points must be positive integers, not 0",
    ]
    for e in expected:
        assert any(p.startswith(e) for p in problems), (e, problems)
    assert len(problems) == len(expected)


def test_error_message_format():
    data = tiny()
    data["routes"][2]["b"] = "Omahaa"
    data["cities"].append({"name": "Omaha", "x": 1, "y": 1})
    data["routes"][3]["length"] = -1
    with pytest.raises(MapError) as err:
        board_from_dict(data, "tiny.json")
    text = str(err.value)
    lines = text.splitlines()
    assert lines[0] == f"tiny.json: {len(err.value.problems)} problem(s):"
    assert lines[1:] == [f"- {p}" for p in err.value.problems]
    assert "route 3 (B-Omahaa): unknown city 'Omahaa' (close matches: 'Omaha')" in err.value.problems
    assert "route 4 (C-A): length must be a positive integer, not -1" in err.value.problems


@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda d: d["routes"][1].update(id=1), "route id 1 is used by 2 routes"),
        (lambda d: d["cities"].append({"name": "A", "x": 1, "y": 1}), "place name 'A' is used 2 times"),
        (lambda d: d["routes"][2].update(double_group="A|B"), "double group 'A|B' has 3 routes"),
        (lambda d: d["routes"][1].update(double_group=None), "double group 'A|B' has 1 route "),
        (lambda d: d["routes"][2].update(b="B"), "route 3 (B-B): joins 'B' to itself"),
        (lambda d: [d["routes"][i].update(double_group="A|B") for i in (2, 3)], "double group 'A|B' has 4 routes"),
        (lambda d: d["routes"][0].update(draw_bonus=-1), "route 1 (A-B): draw_bonus must be a whole number of train cards from 0 to 10"),
        (lambda d: d["routes"][3].update(ferry_pair_substitute=3), "route 4 (C-A): ferry_pair_substitute must be 0 or 2"),
        (lambda d: d["routes"][0].update(ferry_pair_substitute=2), "route 1 (A-B): ferry_pair_substitute 2"),
        (lambda d: d["routes"][3].update(ferry_pair_substitute=2), "route 4 (C-A): a ferry takes either"),
        (lambda d: d["cities"][0].update(arctic="yes"), "city 'A': arctic must be true or false"),
        (lambda d: d["cities"][0].update(country=""), "city 'A': country must be a non-empty string or null"),
        (lambda d: d["cities"][0].update(region="X"), "city 'A': unknown key 'region'"),
        (lambda d: d.update(bonus_cards=[{"letter": "A", "name": "n", "points": 5, "measure": "trains",
                                          "counts": "c"}]), "bonus card 'A': unknown measure 'trains'"),
        (lambda d: d.update(bonus_cards=[{"letter": "A", "name": "n", "points": 5, "measure": "routes_of_length",
                                          "counts": "c"}]), "bonus card 'A': measure 'routes_of_length' needs"),
        (lambda d: d.update(bonus_cards=[{"letter": "A", "name": "n", "points": 5, "measure": "ferries",
                                          "counts": "c"}] * 2), "bonus card letter 'A' is used 2 times"),
        (lambda d: d["routes"][2].update(length=0), "route 3 (B-C): length must be a positive integer, not 0"),
        (lambda d: d["routes"][3].update(ferry_locomotives=-1), "route 4 (C-A): ferry_locomotives must be a non-negative"),
        (lambda d: d["routes"][3].update(any_cards_substitute=2), "route 4 (C-A): any_cards_substitute must be 0, 3 or 4"),
        (lambda d: d["routes"][0].update(any_cards_substitute=3), "route 1 (A-B): any_cards_substitute 3"),
        (lambda d: d["routes"][2].update(ferry_locomotives=1), "route 3 (B-C): is both a tunnel and a ferry"),
        (lambda d: d["routes"][2].update(tunnel="yes"), "route 3 (B-C): tunnel must be true or false"),
        (lambda d: d["routes"][2].pop("colour"), "route 3 (B-C): missing required key 'colour'"),
        (lambda d: d["routes"][2].update(color="red"), "route 3 (B-C): unknown key 'color'"),
        (lambda d: d["routes"][2].update(spaces=[[1, 2]]), "route 3 (B-C): spaces must be a list of [x, y, angle]"),
        (lambda d: d["routes"][2].update(spaces=[[700, 50, 0]]), "route 3 (B-C): train space [700, 50, 0] lies outside"),
        (lambda d: d["routes"][2].update(b_border_point=[1, 2]), "route 3 (B-C): b_border_point [1, 2] is set but 'C' is not a country"),
        (lambda d: d["tickets"][0].update(to=["B", "C"]), "tickets[0] (A-B/C): 'to' has 2 places but 'points' has 1 value"),
        (lambda d: d["tickets"][0].update(to="C"), "tickets[0] (A-C): 'to' must be a non-empty list"),
        (lambda d: d["tickets"][0].update(deck="short"), "tickets[0] (A-C): unknown deck 'short'"),
        (lambda d: d["tickets"][0].update(to=["A"]), "tickets[0] (A-A): ticket from 'A' to itself"),
        (lambda d: d["tickets"][0].pop("points"), "tickets[0] (A-C): missing required key 'points'"),
        (lambda d: d.update(optional_ticket_decks={"x": [{"from": "A", "to": ["Z"], "points": [1]}]}),
         "optional_ticket_decks['x'][0] (A-Z): unknown place 'Z'"),
        (lambda d: d.update(format="ttr_nb-board/0"), "format is 'ttr_nb-board/0', expected 'ttr_nb-board/1'"),
        (lambda d: d.pop("format"), "missing required key 'format'"),
        (lambda d: d.pop("routes"), "missing required key 'routes'"),
        (lambda d: d.update(extra=1), "unknown key 'extra' at the top level"),
        (lambda d: d["frame"].update(width=0), "frame: width must be a positive number, not 0"),
        (lambda d: d["cities"][0].update(x="10"), "city 'A': x must be a number, not '10'"),
        (lambda d: d["cities"][0].update(x=1000), "city 'A': position (1000, 10) lies outside the frame 100x100"),
        (lambda d: d["cities"][0].update(kind="city"), "city 'A': unknown key 'kind'"),
        (lambda d: d["cities"][1].update(name="Be\u0301"), "not in precomposed Unicode"),
    ],
)
def test_single_problem(breakage, message):
    data = tiny()
    breakage(data)
    problems = problems_of(data)
    assert any(message in p for p in problems), (message, problems)


def test_countries_and_border_points_are_checked():
    data = tiny()
    data["countries"] = [{"name": "Land", "x": 50, "y": 50, "border_points": [[0, 50]]}]
    data["routes"].append({"id": 5, "a": "C", "b": "Land", "length": 1, "colour": "gray",
                           "spaces": [[10, 50, 0]], "b_border_point": [0, 50]})
    data["tickets"].append({"from": "A", "to": ["Land", "B"], "points": [7, 3]})
    b = board_from_dict(data)
    land = b.city["Land"]
    assert land.kind == "country" and land.border_points == ((0, 50),)
    assert b.cities[-1] is land
    ticket = b.tickets[-1]
    assert ticket.key == "A-Land/B" and ticket.is_country and ticket.country_ends == ("Land",)
    assert (ticket.value, ticket.penalty) == (7, 3)
    data["routes"][-1]["b_border_point"] = [0, 60]
    assert problems_of(data) == ("route 5 (C-Land): b_border_point [0, 60] is not one of Land's border points",)
    data["routes"][-1]["b_border_point"] = [0, 50]
    data["countries"][0]["border_points"] = "west"
    assert any("country 'Land': border_points must be a list" in p for p in problems_of(data))


def test_ambiguous_route_labels_are_rejected():
    data = tiny()
    data["cities"] += [{"name": "A-B", "x": 1, "y": 1}, {"name": "B-C", "x": 2, "y": 2}]
    data["routes"] += [
        {"id": 5, "a": "A-B", "b": "C", "length": 1, "colour": "red", "spaces": [[1, 1, 0]]},
        {"id": 6, "a": "A", "b": "B-C", "length": 1, "colour": "red", "spaces": [[1, 1, 0]]},
    ]
    assert any("route label 'A-B-C' would name routes 5, 6" in p for p in problems_of(data))


def test_not_a_dict():
    assert problems_of([1, 2]) == ("a board must be a JSON object, not list",)


def test_broken_files(tmp_path):
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"format": "ttr_nb-board/1", "routes": [}', encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_board(bad_json)
    assert str(err.value).startswith(f"{bad_json}: 1 problem(s):\n- not valid JSON")

    wrong = tmp_path / "wrong.json"
    data = tiny()
    data["format"] = "something-else"
    data["routes"][0]["a"] = "Aa"
    data["tickets"][1]["points"] = [2, 3]
    wrong.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_board(wrong)
    problems = err.value.problems
    assert str(err.value).startswith(f"{wrong}: {len(problems)} problem(s):")
    assert "format is 'something-else', expected 'ttr_nb-board/1'" in problems
    assert any(p.startswith("route 1 (Aa-B): unknown city 'Aa'") for p in problems)
    assert any("tickets[1] (B-C): 'to' has 1 place but 'points' has 2 values" in p for p in problems)

    real = json.loads((MAPS / "europe.json").read_text(encoding="utf-8"))
    real["routes"][0]["spaces"].pop()
    real["routes"][5]["a"] = "Kopenhagen"
    real["tickets"][0]["to"] = ["Petrogradd"]
    broken = tmp_path / "europe.json"
    broken.write_text(json.dumps(real, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_board(broken)
    assert len(err.value.problems) >= 3
    text = str(err.value)
    assert "route 1 (Bruxelles-Paris): length 2 but 1 train space" in text
    assert "unknown city 'Kopenhagen'" in text
    assert "tickets[0] (Brest-Petrogradd): unknown place 'Petrogradd' (close matches: 'Petrograd')" in text


def test_map_error_pickles():
    err = MapError("x.json", ["one", "two"])
    again = pickle.loads(pickle.dumps(err))
    assert again.problems == ("one", "two") and str(again) == str(err) == "x.json: 2 problem(s):\n- one\n- two"


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["routes"][0].update(a={"x": 1}), "a must be a place name"),
    (lambda d: d["routes"][0].update(a=["A"]), "a must be a place name"),
    (lambda d: d["routes"][0].update(a_border_point=[1, 2], a=["A"]), "a must be a place name"),
    (lambda d: d["routes"][0].update(spaces=None), "spaces must be a list"),
])
def test_wrong_types_in_a_route_are_problems_not_crashes(mutate, words):
    """Values of the wrong type where a double group or a border point looks at the ends
    are reported (they raised TypeError: unhashable type)."""
    data = tiny()
    mutate(data)
    assert any(words in p for p in problems_of(data)), problems_of(data)


def test_the_board_reader_is_small_readers():
    """board_from_dict is a BoardReader whose parts each read one part of the schema."""
    reader = board_module.BoardReader(tiny())
    assert isinstance(reader.read(), Board) and not reader.problems
    for name in ("read_top", "read_frame", "read_places", "read_routes", "read_deck", "read_optional_decks",
                 "route_keys", "build"):
        assert len(inspect.getsource(getattr(board_module.BoardReader, name)).splitlines()) < 60, name


def test_the_converter_checks_indias_rule_facts_against_the_edition_record():
    spec = importlib.util.spec_from_file_location("convert_reference_maps", REPO / "scripts" / "convert_reference_maps.py")
    converter = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(converter)
    ref = {"route_points": {"1": 1, "2": 2, "3": 4, "4": 7, "6": 15, "8": 21},
           "grand_tour_points": {"0": 0, "1": 5, "2": 10, "3": 20, "4": 30, "5": 40}}
    converter.check_rules(ref, "india")                     # the reference agrees with ttr_nb/editions_data/india.toml
    with pytest.raises(converter.ConversionError, match="route_points"):
        converter.check_rules(dict(ref, route_points={**ref["route_points"], "5": 10}), "india")
    with pytest.raises(converter.ConversionError, match="grand_tour_points"):
        converter.check_rules(dict(ref, grand_tour_points={**ref["grand_tour_points"], "5": 50}), "india")
