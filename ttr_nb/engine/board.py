"""Boards: the cities, routes and destination tickets of a Ticket to Ride map.

A board is read from a ``ttr_nb/maps/<board>.json`` file (schema ``ttr_nb-board/1``,
documented in ``ttr_nb/maps/README.md``) and turned into immutable objects:

>>> board = load_board("usa")
>>> board.find_route("Kansas City-Denver").key
'Denver-Kansas City'
>>> board.find_ticket("Boston-Miami").points
(12,)

Loading validates the whole file and reports every problem at once in one
:class:`MapError`.  This module uses the standard library only.
"""

from __future__ import annotations

import difflib
import functools
import math
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any, Iterable

# Card and route colours (`cards.COLOURS`, "pink" is what some rulebooks call purple), and
# the colour of grey routes (`cards.GREY_NAME`: claimable with cards of any one colour).
from .cards import COLOURS, GREY_NAME
from .errors import Problems, problem_lines
from .i18n import translations
from .readable import UnreadableJSON, read_json, unreadable

_, ngettext = translations("engine")

__all__ = [
    "COLOURS",
    "GREY_NAME",
    "FORMAT",
    "DECKS",
    "MapError",
    "City",
    "Route",
    "BonusCard",
    "Ticket",
    "Board",
    "load_board",
    "board_from_dict",
    "board_names",
    "maps_folder",
]

#: The value of the "format" key of a board file.
FORMAT = "ttr_nb-board/1"
#: Ticket decks of the base games ("long" = Europe's long routes).
DECKS: tuple[str, ...] = ("regular", "long")
#: Allowed values of Route.any_cards_substitute.
ANY_CARDS_SUBSTITUTES: tuple[int, ...] = (0, 3, 4)
#: Allowed values of Route.ferry_pair_substitute (2: two cards of one colour replace a locomotive symbol).
FERRY_PAIR_SUBSTITUTES: tuple[int, ...] = (0, 2)
#: How many routes a group of parallel tracks (`double_group`) may have: a double, a triple.
GROUP_SIZES: tuple[int, ...] = (2, 3)
#: What a bonus card may count (`BonusCard.measure`; `bonuscards` counts each), and whether
#: it takes a value (the length, the points, the country).
BONUS_MEASURES: dict[str, type | None] = {
    "locomotive_equivalents": None,
    "completed_tickets_to_capital": None,
    "trains_left": None,
    "routes_of_length": int,
    "longest_path": None,
    "completed_tickets_worth_at_most": int,
    "countries_touched": None,
    "completed_tickets_to_arctic": None,
    "routes_to_arctic": None,
    "ferries": None,
    "routes_to_country": str,
}


class MapError(ValueError):
    """A board file or dict is not a valid board; ``problems`` lists every problem found."""

    def __init__(self, source: str, problems: Iterable[str]):
        self.source = str(source)
        self.problems: tuple[str, ...] = tuple(problems)
        lines = problem_lines(self.problems)
        super().__init__(f"{self.source}: {len(self.problems)} problem(s):\n{lines}")

    def __str__(self) -> str:  # ValueError would show the tuple of args otherwise
        return self.args[0]

    def __reduce__(self):  # keep pickling (e.g. multiprocessing) working
        return (type(self), (self.source, self.problems))


# --------------------------------------------------------------------------- data


#: How the board data begins the id of a place the printed board leaves unnamed
#: (see ``City.is_junction``).
JUNCTION_PREFIX = "Unnamed "


@dataclass(frozen=True)
class City:
    """A city, or (Switzerland) a neighbouring country, which acts as one place."""

    name: str
    x: float
    y: float
    kind: str = "city"  # "city" or "country"
    #: Countries only: the points on the board edge where routes enter the country.
    border_points: tuple[tuple[float, float], ...] = ()
    #: The spelling printed on the board where it differs from `name` (India: Waltair is
    #: printed "Waltain"), else "".
    board_label: str = ""

    @property
    def label(self) -> str:
        """The name as the printed board spells it."""
        return self.board_label or self.name
    #: The country the city lies in (Northern Lights), or None where the board does not say.
    country: str | None = None
    #: North of the Arctic Circle printed on the board (Northern Lights).
    arctic: bool = False
    #: A capital as the board's data marks it (Northern Lights; the edition's list decides scoring).
    capital: bool = False

    @property
    def is_country(self) -> bool:
        return self.kind == "country"

    @property
    def is_junction(self) -> bool:
        """A place where routes meet that the board data leaves without a name (Northern
        Lights has three).  The board data calls each "Unnamed ..." so that routes and actions
        can refer to it; that name is an id, not something to show a student."""
        return self.kind == "city" and self.name.startswith(JUNCTION_PREFIX)


@dataclass(frozen=True)
class Route:
    """One route (a row of train spaces) between two places."""

    index: int  # position in Board.routes: the engine's id of the route
    number: int  # the "id" in the file
    key: str  # unique label: "A-B", "A-B#2" for the 2nd route joining the same places
    a: str
    b: str
    length: int
    colour: str  # one of COLOURS or GREY_NAME
    tunnel: bool
    ferry_locomotives: int  # number of locomotive symbols; 0 = not a ferry
    any_cards_substitute: int  # 0; 3 = any 3 cards replace a locomotive; 4 = any 4 cards replace a coloured card
    double_group: str | None
    spaces: tuple[tuple[float, float, float], ...] = field(repr=False)  # (x, y, angle) per train space
    a_border_point: tuple[float, float] | None = None
    b_border_point: tuple[float, float] | None = None
    twin: int | None = None  # index of the other route of its double group (None for a triple)
    #: Train cards drawn blind from the deck after claiming the route (Northern Lights; 0 = none).
    draw_bonus: int = 0
    #: 2: two cards of one colour may replace one locomotive symbol of this ferry (Northern Lights).
    ferry_pair_substitute: int = 0
    #: Indexes of the other routes of its group of parallel tracks (a double: 1, a triple: 2).
    parallel: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        """``"tunnel"``, ``"ferry"`` or ``"ordinary"``."""
        if self.tunnel:
            return "tunnel"
        if self.ferry_locomotives > 0:
            return "ferry"
        return "ordinary"

    @property
    def is_grey(self) -> bool:
        return self.colour == GREY_NAME

    @property
    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other(self, city: str) -> str:
        """The other end of the route."""
        if city == self.a:
            return self.b
        if city == self.b:
            return self.a
        raise ValueError(f"{city!r} is not an end of route {self.key!r}")


@dataclass(frozen=True)
class BonusCard:
    """A bonus card (Northern Lights): scored at the end by the players with the highest
    count of what it measures (`ttr_nb.engine.bonuscards`)."""

    letter: str
    name: str
    points: int
    measure: str  # one of BONUS_MEASURES
    value: Any  # the measure's value (a length, points, a country), or None
    counts: str  # what it counts, in words


@dataclass(frozen=True)
class Ticket:
    """A destination ticket.

    Ordinary tickets have one target.  Swiss country tickets have several
    targets with one value each: scored at the highest completed value, or
    minus the lowest value when none is completed.
    """

    index: int  # position in its deck (Board.tickets or one optional deck)
    key: str  # "Boston-Miami", "Bern-France/Deutschland/Österreich/Italia", "...#2" for duplicates
    source: str
    targets: tuple[str, ...]
    points: tuple[int, ...]
    deck: str  # "regular" | "long"
    #: The ends of the ticket (source or targets) that are countries.
    country_ends: tuple[str, ...] = ()

    @property
    def is_country(self) -> bool:
        """True when any end of the ticket is a country."""
        return bool(self.country_ends)

    @property
    def value(self) -> int:
        """Points scored when (the best target of) the ticket is completed."""
        return max(self.points)

    @property
    def penalty(self) -> int:
        """Points lost when the ticket is not completed (a positive number)."""
        return min(self.points)

    @property
    def ends(self) -> tuple[str, ...]:
        return (self.source, *self.targets)


_DERIVED = dict(init=False, repr=False, compare=False)


@dataclass(frozen=True)
class Board:
    """An immutable board.  Build it with :func:`load_board` or :func:`board_from_dict`."""

    name: str
    title: str
    width: float
    height: float
    cities: tuple[City, ...]  # cities, then countries
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]  # base-game tickets only
    optional_ticket_decks: dict[str, tuple[Ticket, ...]]
    source: str  # provenance of the data
    bonus_cards: tuple[BonusCard, ...] = ()  # Northern Lights: the bonus cards of the edition
    # derived look-ups, built in __post_init__
    city: dict[str, City] = field(**_DERIVED)  # name -> City
    route: dict[str, Route] = field(**_DERIVED)  # key -> Route
    _route_alias: dict[str, Route] = field(**_DERIVED)
    _route_folded: dict[str, Route] = field(**_DERIVED)
    _routes_at: dict[str, tuple[Route, ...]] = field(**_DERIVED)
    _routes_between: dict[frozenset, tuple[Route, ...]] = field(**_DERIVED)
    _ticket_lookup: dict[str | None, tuple[dict, dict]] = field(**_DERIVED)

    def __post_init__(self) -> None:
        put = functools.partial(object.__setattr__, self)
        put("cities", tuple(self.cities))
        put("routes", tuple(self.routes))
        put("tickets", tuple(self.tickets))
        put("bonus_cards", tuple(self.bonus_cards))
        put("optional_ticket_decks", {k: tuple(v) for k, v in dict(self.optional_ticket_decks).items()})
        put("city", {c.name: c for c in self.cities})
        put("route", {r.key: r for r in self.routes})

        alias: dict[str, Route] = {}
        at: dict[str, list[Route]] = defaultdict(list)
        between: dict[frozenset, list[Route]] = defaultdict(list)
        for r in self.routes:
            between[frozenset((r.a, r.b))].append(r)
            at[r.a].append(r)
            if r.b != r.a:
                at[r.b].append(r)
        for r in self.routes:
            alias.setdefault(r.key, r)
        for r in self.routes:
            reverse = _reversed_route_label(r)
            if reverse is not None:
                alias.setdefault(reverse, r)
        folded: dict[str, Route] = {}
        for label, r in alias.items():
            folded.setdefault(_fold(label), r)
        put("_route_alias", alias)
        put("_route_folded", folded)
        put("_routes_at", {name: tuple(rs) for name, rs in at.items()})
        put("_routes_between", {pair: tuple(rs) for pair, rs in between.items()})

        lookups: dict[str | None, tuple[dict, dict]] = {}
        for deck_name, deck in [(None, self.tickets), *self.optional_ticket_decks.items()]:
            exact = {t.key: t for t in deck}
            names = dict(exact)
            for t in deck:
                if len(t.targets) == 1:
                    suffix = t.key[len(t.source) + 1 + len(t.targets[0]):]
                    names.setdefault(f"{t.targets[0]}-{t.source}{suffix}", t)
            folded_t: dict[str, Ticket] = {}
            for label, t in names.items():
                folded_t.setdefault(_fold(label), t)
            lookups[deck_name] = (names, folded_t)
        put("_ticket_lookup", lookups)

    # Boards are immutable and shared (load_board caches them): copying returns the board itself.
    def __copy__(self) -> "Board":
        return self

    def __deepcopy__(self, memo: dict) -> "Board":
        return self

    def __hash__(self) -> int:
        return hash((self.name, self.title, self.cities, self.routes, self.tickets))

    def __repr__(self) -> str:
        countries = sum(c.kind == "country" for c in self.cities)
        places = f"{len(self.cities) - countries} cities" + (f" + {countries} countries" if countries else "")
        return (
            f"<Board {self.name!r} ({self.title}): {places}, {len(self.routes)} routes, "
            f"{len(self.tickets)} tickets>"
        )

    # ------------------------------------------------------------------ look-ups

    @property
    def countries(self) -> tuple[City, ...]:
        return tuple(c for c in self.cities if c.kind == "country")

    @property
    def display_title(self) -> str:
        """The board's title as a student reads it, in the language chosen ("Europa")."""
        return _(self.title)

    def find_route(self, label: str, suggest: bool = True) -> Route:
        """The route called ``label``: its key ("Denver-Kansas City#2"), the
        reversed label ("Kansas City-Denver#2"), or either in any letter case.

        Raises KeyError naming close matches when there is no such route (without them if
        not `suggest`: a reader of many names looks for close matches to the first few only).
        Linear in the length of the label; a label longer than `MAX_LABEL` characters is
        refused unread.
        """
        if isinstance(label, Route):
            label = label.key
        if not isinstance(label, str):
            raise KeyError(_("a route label must be a string like 'A-B', not {value}").format(value=repr(label)))
        if len(label) > MAX_LABEL:
            raise KeyError(_("board {board} has no route {label}: a route label has at most {most} characters, this "
                             "one has {n}").format(board=repr(self.name), label=repr(label[:40] + "..."),
                                                   most=MAX_LABEL, n=len(label)))
        found = self._route_alias.get(label) or self._route_folded.get(_fold(label))
        if found is not None:
            return found
        if not suggest:
            raise KeyError(_("board {board} has no route {label}").format(board=repr(self.name), label=repr(label)))
        raise KeyError(self._unknown_route_message(label))

    def _unknown_route_message(self, label: str) -> str:
        text = _("board {board} has no route {label}").format(board=repr(self.name), label=repr(label))
        norm = _normalise_label(label)
        # Does the label name two known places that are simply not adjacent? Only a dash
        # after a place name's length can split it so (checked by length, without slicing).
        folded_places = {_fold(n): n for n in self.city}
        longest = max(map(len, folded_places), default=0) * 2 + 2
        next_hash = -1
        for m in re.finditer("-", norm):
            if m.start() > longest:
                break
            if next_hash < m.end():
                next_hash = norm.find("#", m.end())
                if next_hash < 0:
                    next_hash = len(norm)
            if next_hash - m.end() > longest:
                continue
            left, right = norm[: m.start()], norm[m.end():next_hash]
            a, b = folded_places.get(_fold(left)), folded_places.get(_fold(right))
            if a and b:
                if a == b:
                    return _("{problem}: a route cannot join {a} to itself").format(problem=text, a=a)
                if not self.routes_between(a, b):
                    neighbours = sorted({r.other(a) for r in self.routes_at(a)})
                    return _("{problem}: {a} and {b} are not joined by a route ({a} is joined to {places})").format(
                        problem=text, a=a, b=b, places=", ".join(neighbours))
                keys = [r.key for r in self.routes_between(a, b)]
                return _("{problem}: the routes between {a} and {b} are {keys}").format(
                    problem=text, a=a, b=b, keys=", ".join(map(repr, keys)))
        close = _close_matches(label, list(self._route_alias))
        if close:
            # show the canonical key of each match (and the alias if that is what matched)
            shown: list[str] = []
            for c in close:
                key = self._route_alias[c].key
                if key not in shown:
                    shown.append(key)
            return _("{problem}; close matches: {keys}").format(problem=text, keys=", ".join(map(repr, shown)))
        return _("{problem} and nothing close to it; route keys look like {example}").format(
            problem=text, example=repr(next(iter(self.route), "A-B")))

    def routes_between(self, a: str, b: str) -> tuple[Route, ...]:
        """All routes joining places ``a`` and ``b`` (in board order; empty if none)."""
        self._check_place(a)
        self._check_place(b)
        return self._routes_between.get(frozenset((a, b)), ())

    def routes_at(self, city: str) -> tuple[Route, ...]:
        """All routes with an end at ``city`` (in board order)."""
        self._check_place(city)
        return self._routes_at.get(city, ())

    def find_ticket(self, key: str, optional_deck: str | None = None, suggest: bool = True) -> Ticket:
        """The base-game ticket called ``key`` ("Boston-Miami", "Miami-Boston",
        "Bern-France/Deutschland/Österreich/Italia", "...#2"), any letter case.
        With ``optional_deck`` (e.g. "usa_1910"), look in that optional deck instead.
        KeyError for an unknown ticket, naming close matches if `suggest`.
        """
        if optional_deck is not None and optional_deck not in self.optional_ticket_decks:
            decks = ", ".join(map(repr, self.optional_ticket_decks)) or _("none")
            raise KeyError(_("board {board} has no optional ticket deck {deck} (decks: {decks})").format(
                board=repr(self.name), deck=repr(optional_deck), decks=decks))
        names, folded = self._ticket_lookup[optional_deck]
        if isinstance(key, str):
            found = names.get(key) or folded.get(_fold(key))
            if found is not None:
                return found
        if optional_deck is None:
            text = _("board {board} has no ticket {ticket} in its tickets").format(board=repr(self.name),
                                                                                ticket=repr(key))
        else:
            text = _("board {board} has no ticket {ticket} in its optional deck {deck}").format(
                board=repr(self.name), ticket=repr(key), deck=repr(optional_deck))
        close = _close_matches(str(key), list(names)) if suggest else ()
        if close:
            shown = list(dict.fromkeys(names[c].key for c in close))
            text = _("{problem}; close matches: {keys}").format(problem=text, keys=", ".join(map(repr, shown)))
        raise KeyError(text)

    def _check_place(self, name: str) -> None:
        if name not in self.city:
            close = _close_matches(str(name), list(self.city))
            text = _("board {board} has no city or country {name}").format(board=repr(self.name), name=repr(name))
            if close:
                text = _("{problem}; close matches: {keys}").format(problem=text, keys=", ".join(map(repr, close)))
            raise KeyError(text)


def _reversed_route_label(r: Route) -> str | None:
    """ "B-A#2" for the route with key "A-B#2" (None for a key not of that form)."""
    label = f"{r.a}-{r.b}"
    if not r.key.startswith(label):
        return None
    return f"{r.b}-{r.a}{r.key[len(label):]}"


def _fold(label: str) -> str:
    return _normalise_label(label).casefold()


#: The most train cards a route's `draw_bonus` gives (Northern Lights: +1 to +3).
MAX_DRAW_BONUS = 10
#: The longest route label `Board.find_route` reads (every board's labels are far shorter).
MAX_LABEL = 200
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"})


def _normalise_label(label: str) -> str:
    """"Denver – Kansas City", "Denver - Kansas City" -> "Denver-Kansas City": every dash
    becomes '-' without the spaces around it (linear: no pattern that backtracks)."""
    label = unicodedata.normalize("NFC", label).strip().translate(_DASHES)
    if "-" not in label:
        return label
    return "-".join(part.strip() for part in label.split("-"))


def _close_matches(word: str, candidates: list[str], n: int = 5) -> list[str]:
    by_fold: dict[str, str] = {}
    for c in candidates:
        by_fold.setdefault(_fold(c), c)
    matches = difflib.get_close_matches(_fold(word), list(by_fold), n=n, cutoff=0.6)
    return [by_fold[m] for m in matches]


# ------------------------------------------------------------------ validation

_TOP_REQUIRED = ("format", "board", "title", "frame", "cities", "routes", "tickets")
_TOP_OPTIONAL = ("source", "countries", "optional_ticket_decks", "bonus_cards")
_CITY_KEYS = ("name", "x", "y")
_CITY_OPTIONAL: dict[str, Any] = {"board_label": "", "country": None, "arctic": False, "capital": False}
_BONUS_REQUIRED = ("letter", "name", "points", "measure", "counts")
_BONUS_OPTIONAL = ("value",)
_COUNTRY_KEYS = ("name", "x", "y", "border_points")
_ROUTE_REQUIRED = ("id", "a", "b", "length", "colour", "spaces")
_ROUTE_DEFAULTS: dict[str, Any] = {
    "tunnel": False,
    "ferry_locomotives": 0,
    "any_cards_substitute": 0,
    "double_group": None,
    "a_border_point": None,
    "b_border_point": None,
    "draw_bonus": 0,
    "ferry_pair_substitute": 0,
}
_TICKET_REQUIRED = ("from", "to", "points")
_TICKET_DEFAULTS: dict[str, Any] = {"deck": "regular"}


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _point(v: Any, size: int) -> bool:
    return isinstance(v, (list, tuple)) and len(v) == size and all(_is_number(c) for c in v)


def _fmt_point(p: Any) -> str:
    return "[" + ", ".join(str(c) for c in p) + "]" if isinstance(p, (list, tuple)) else repr(p)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _route_label(r: dict) -> str:
    a = r.get("a") if isinstance(r.get("a"), str) else "?"
    b = r.get("b") if isinstance(r.get("b"), str) else "?"
    return f"{a}-{b}"


def board_from_dict(data: dict, source: str = "<dict>") -> Board:
    """Build a :class:`Board` from a dict in the ``ttr_nb-board/1`` schema.

    Validates everything first and raises one :class:`MapError` listing every
    problem found (`BoardReader`).
    """
    why = unreadable(data)
    if why is not None:
        raise MapError(source, [why])
    return BoardReader(data, source).read()


class BoardReader:
    """Reads one board dict. Each `read_*` method reads one part of the schema, adds what
    is wrong to `problems` (one `errors.Problems` for the whole board) and returns the
    well-formed entries; `read` raises one `MapError` listing every problem, or builds
    the `Board` from the entries."""

    def __init__(self, data: dict, source: str = "<dict>"):
        self.data = data
        self.source = source
        self.problems = Problems()
        self.width = self.height = None
        self.place_kind: dict[str, str] = {}
        self.border_points: dict[str, list[tuple]] = {}

    def add(self, text: str) -> None:
        self.problems.add("", text)

    def outside(self, x: Any, y: Any) -> bool:
        w, h = self.width, self.height
        return w is not None and _is_number(x) and _is_number(y) and not (0 <= x <= w and 0 <= y <= h)

    def unknown_place(self, where: str, name: str, what: str) -> None:
        close = _close_matches(name, list(self.place_kind), n=3)
        hint = f" (close matches: {', '.join(map(repr, close))})" if close else ""
        self.add(f"{where}: unknown {what} {name!r}{hint}")

    # ------------------------------------------------------------------ the parts
    def read_top(self) -> None:
        data, add = self.data, self.add
        for k in _TOP_REQUIRED:
            if k not in data:
                add(f"missing required key {k!r}")
        for k in data:
            if k not in _TOP_REQUIRED and k not in _TOP_OPTIONAL:
                add(f"unknown key {k!r} at the top level (allowed: {', '.join(_TOP_REQUIRED + _TOP_OPTIONAL)})")
        if "format" in data and data["format"] != FORMAT:
            add(f"format is {data['format']!r}, expected {FORMAT!r}")
        name = data.get("board")
        if "board" in data and not (isinstance(name, str) and name.strip()):
            add(f"'board' must be a non-empty string, not {name!r}")
        title = data.get("title")
        if "title" in data and not (isinstance(title, str) and title.strip()):
            add(f"'title' must be a non-empty string (the board's name as a student reads it), not {title!r}")
        src = data.get("source", "")
        if not isinstance(src, str):
            add(f"'source' must be a string, not {src!r}")

    def read_frame(self) -> None:
        frame = self.data.get("frame")
        if "frame" not in self.data:
            return
        if not isinstance(frame, dict):
            self.add(f"'frame' must be an object with 'width' and 'height', not {frame!r}")
            return
        for k in frame:
            if k not in ("width", "height"):
                self.add(f"frame: unknown key {k!r} (allowed: width, height)")
        for k in ("width", "height"):
            v = frame.get(k)
            if k not in frame:
                self.add(f"frame: missing required key {k!r}")
            elif not (_is_number(v) and v > 0):
                self.add(f"frame: {k} must be a positive number, not {v!r}")
        if _is_number(frame.get("width")) and _is_number(frame.get("height")):
            self.width, self.height = frame["width"], frame["height"]

    def read_places(self) -> list[tuple[str, dict]]:
        """The well-formed cities and countries, as (kind, entry); names must be unique."""
        places: list[tuple[str, dict]] = []
        for list_key, kind, keys in (("cities", "city", _CITY_KEYS), ("countries", "country", _COUNTRY_KEYS)):
            entries = self.data.get(list_key, [])
            if not isinstance(entries, list):
                self.add(f"'{list_key}' must be a list, not {type(entries).__name__}")
                continue
            for i, c in enumerate(entries):
                if self.read_place(f"{list_key}[{i}]", kind, keys, c):
                    places.append((kind, c))
        for n, count in Counter(c["name"] for _, c in places).items():
            if count > 1:
                self.add(f"place name {n!r} is used {count} times (names of cities and countries must be unique)")
        self.place_kind = {c["name"]: kind for kind, c in places}
        #: the countries the cities lie in (`City.country`: what a bonus card's country names)
        self.countries = {c["country"] for _kind, c in places if isinstance(c.get("country"), str)}
        self.border_points = {c["name"]: [tuple(p) for p in c["border_points"]] for kind, c in places
                              if kind == "country"}
        return places

    def check_keys(self, where: str, d: dict, required: tuple, optional: tuple = ()) -> bool:
        """A problem for every missing required key and every unknown key of `d`; True when
        none is missing."""
        allowed = (*required, *optional)
        missing = [k for k in required if k not in d]
        for k in missing:
            self.add(f"{where}: missing required key {k!r}")
        for k in d:
            if k not in allowed:
                self.add(f"{where}: unknown key {k!r} (allowed: {', '.join(allowed)})")
        return not missing

    def read_place(self, where: str, kind: str, keys: tuple, c) -> bool:
        add = self.add
        if not isinstance(c, dict):
            add(f"{where}: must be an object, not {c!r}")
            return False
        cname = c.get("name")
        if isinstance(cname, str):
            where = f"{kind} {cname!r}"
        ok = self.check_keys(where, c, keys, tuple(_CITY_OPTIONAL) if kind == "city" else ())
        label = c.get("board_label", "x")
        if not (isinstance(label, str) and label.strip() and label == label.strip()):
            add(f"{where}: board_label must be a non-empty string without outer spaces, not {label!r}")
            ok = False
        country = c.get("country")
        if country is not None and not (isinstance(country, str) and country.strip()):
            add(f"{where}: country must be a non-empty string or null, not {country!r}")
            ok = False
        for flag in ("arctic", "capital"):
            if flag in c and not isinstance(c[flag], bool):
                add(f"{where}: {flag} must be true or false, not {c[flag]!r}")
                ok = False
        if "name" in c and not (isinstance(cname, str) and cname.strip()):
            add(f"{where}: name must be a non-empty string, not {cname!r}")
            ok = False
        elif isinstance(cname, str):
            if cname != cname.strip():
                add(f"{where}: name has leading or trailing spaces")
            if unicodedata.normalize("NFC", cname) != cname:
                add(f"{where}: name is not in precomposed Unicode (NFC)")
            if "#" in cname:
                add(f"{where}: name contains '#', which marks duplicate route and ticket keys")
        for k in ("x", "y"):
            if k in c and not _is_number(c[k]):
                add(f"{where}: {k} must be a number, not {c[k]!r}")
                ok = False
        if ok and self.outside(c["x"], c["y"]):
            add(f"{where}: position ({c['x']}, {c['y']}) lies outside the frame {self.width}x{self.height}")
        if kind == "country" and "border_points" in c:
            bp = c["border_points"]
            if not isinstance(bp, list) or not all(_point(p, 2) for p in bp):
                add(f"{where}: border_points must be a list of [x, y] points, not {bp!r}")
                ok = False
        return ok

    def read_routes(self) -> list[dict]:
        """The well-formed routes (with their defaults filled in), in file order."""
        routes_in = self.data.get("routes", [])
        if not isinstance(routes_in, list):
            self.add(f"'routes' must be a list, not {type(routes_in).__name__}")
            return []
        id_count = Counter(r.get("id") for r in routes_in if isinstance(r, dict) and _is_int(r.get("id")))
        for n, count in sorted(id_count.items()):
            if count > 1:
                self.add(f"route id {n} is used by {count} routes (route ids must be unique)")
        good = [r for r in (self.read_route(i, r) for i, r in enumerate(routes_in)) if r is not None]
        self.check_double_groups(routes_in)
        return good

    def read_route(self, i: int, r) -> dict | None:
        if not isinstance(r, dict):
            self.add(f"routes[{i}]: must be an object, not {r!r}")
            return None
        rid = r.get("id")
        where = f"route {rid} ({_route_label(r)})" if _is_int(rid) else f"routes[{i}] ({_route_label(r)})"
        ok = True
        for k in _ROUTE_REQUIRED:
            if k not in r:
                self.add(f"{where}: missing required key {k!r}")
                ok = False
        for k in r:
            if k not in _ROUTE_REQUIRED and k not in _ROUTE_DEFAULTS:
                hint = " (the schema spells it 'colour')" if k == "color" else ""
                self.add(f"{where}: unknown key {k!r}{hint}")
        r = {**_ROUTE_DEFAULTS, **r}
        if "id" in r and not _is_int(rid):
            self.add(f"{where}: id must be an integer, not {rid!r}")
            ok = False
        checks = (self.route_ends(where, r), self.route_price(where, r), self.route_spaces(where, r),
                  self.route_border_points(where, r))
        return r if ok and all(checks) else None

    def route_ends(self, where: str, r: dict) -> bool:
        ok = True
        for end in ("a", "b"):
            if end not in r:
                continue
            v = r[end]
            if not isinstance(v, str):
                self.add(f"{where}: {end} must be a place name, not {v!r}")
                ok = False
            elif v not in self.place_kind:
                self.unknown_place(where, v, "city")
                ok = False
        if isinstance(r.get("a"), str) and r.get("a") == r.get("b"):
            self.add(f"{where}: joins {r['a']!r} to itself")
            ok = False
        return ok

    def route_price(self, where: str, r: dict) -> bool:
        """Length, colour, tunnel, ferry symbols, substitutions and the double group."""
        add = self.add
        ok = True
        length = r.get("length")
        length_ok = _is_int(length) and length > 0
        if "length" in r and not length_ok:
            add(f"{where}: length must be a positive integer, not {length!r}")
            ok = False
        colour = r.get("colour")
        if "colour" in r and colour not in COLOURS + (GREY_NAME,):
            add(f"{where}: unknown colour {colour!r} (colours: {', '.join(COLOURS + (GREY_NAME,))})")
            ok = False
        if not isinstance(r["tunnel"], bool):
            add(f"{where}: tunnel must be true or false, not {r['tunnel']!r}")
            ok = False
        ferry = r["ferry_locomotives"]
        if not (_is_int(ferry) and ferry >= 0):
            add(f"{where}: ferry_locomotives must be a non-negative integer, not {ferry!r}")
            ok = False
        elif length_ok and ferry > length:
            add(f"{where}: {_plural(ferry, 'locomotive symbol')} on a route of length {length}")
            ok = False
        if r["tunnel"] is True and _is_int(ferry) and ferry > 0:
            add(f"{where}: is both a tunnel and a ferry ({_plural(ferry, 'locomotive symbol')})")
            ok = False
        subst = r["any_cards_substitute"]
        if not (_is_int(subst) and subst in ANY_CARDS_SUBSTITUTES):
            add(f"{where}: any_cards_substitute must be 0, 3 or 4, not {subst!r}")
            ok = False
        elif subst == 3 and _is_int(ferry) and ferry == 0:
            add(f"{where}: any_cards_substitute 3 (any 3 cards replace a locomotive) on a route that is not a ferry")
            ok = False
        bonus = r["draw_bonus"]
        if not (_is_int(bonus) and 0 <= bonus <= MAX_DRAW_BONUS):
            add(f"{where}: draw_bonus must be a whole number of train cards from 0 to {MAX_DRAW_BONUS} (drawn on "
                f"claiming the route), not {bonus!r}")
            ok = False
        pair = r["ferry_pair_substitute"]
        if not (_is_int(pair) and pair in FERRY_PAIR_SUBSTITUTES):
            add(f"{where}: ferry_pair_substitute must be 0 or 2, not {pair!r}")
            ok = False
        elif pair and _is_int(ferry) and ferry == 0:
            add(f"{where}: ferry_pair_substitute {pair} (two cards of one colour replace a locomotive symbol) "
                "on a route that is not a ferry")
            ok = False
        elif pair and subst:
            add(f"{where}: a ferry takes either any_cards_substitute or ferry_pair_substitute, not both")
            ok = False
        group = r["double_group"]
        if group is not None and not (isinstance(group, str) and group):
            add(f"{where}: double_group must be null or a non-empty string, not {group!r}")
            ok = False
        return ok

    def route_spaces(self, where: str, r: dict) -> bool:
        if "spaces" not in r:
            return True                  # reported as a missing key
        spaces = r["spaces"]
        if not isinstance(spaces, list) or not all(_point(s, 3) for s in spaces):
            self.add(f"{where}: spaces must be a list of [x, y, angle] triples")
            return False
        ok = True
        length = r.get("length")
        if _is_int(length) and length > 0 and len(spaces) != length:
            self.add(f"{where}: length {length} but {_plural(len(spaces), 'train space')}")
            ok = False
        off = [sp for sp in spaces if self.outside(sp[0], sp[1])]
        if off:
            self.add(f"{where}: train space {_fmt_point(off[0])} lies outside the frame {self.width}x{self.height}")
        return ok

    def route_border_points(self, where: str, r: dict) -> bool:
        ok = True
        for end in ("a", "b"):
            key = f"{end}_border_point"
            bp = r[key]
            if bp is None:
                continue
            if not _point(bp, 2):
                self.add(f"{where}: {key} must be null or an [x, y] point, not {bp!r}")
                ok = False
                continue
            place = r.get(end)
            if not isinstance(place, str):
                continue                  # reported by `route_ends`
            if place in self.place_kind and self.place_kind[place] != "country":
                self.add(f"{where}: {key} {_fmt_point(bp)} is set but {place!r} is not a country")
                ok = False
            elif place in self.border_points and tuple(bp) not in self.border_points[place]:
                self.add(f"{where}: {key} {_fmt_point(bp)} is not one of {place}'s border points")
                ok = False
        return ok

    def check_double_groups(self, routes_in: list) -> None:
        """Checked on every route that names its group, well formed or not."""
        groups: dict[str, list[dict]] = defaultdict(list)
        for r in routes_in:
            if isinstance(r, dict) and isinstance(r.get("double_group"), str) and r["double_group"]:
                groups[r["double_group"]].append(r)

        def rlabel(r: dict) -> str:
            return f"route {r.get('id')} ({_route_label(r)})"

        for g, members in groups.items():
            if len(members) not in GROUP_SIZES:
                listed = ", ".join(rlabel(r) for r in members)
                self.add(f"double group {g!r} has {_plural(len(members), 'route')} ({listed}) "
                         "(a double group must be two routes between the same two places, or three for a "
                         "triple route)")
            else:
                ends = [(r.get("a"), r.get("b")) for r in members]
                # (ends that are not names are reported by the route's own reader)
                if all(isinstance(e, str) for pair in ends for e in pair):
                    other = next((r for r, e in zip(members, ends) if set(e) != set(ends[0])), None)
                    if other is not None and len(members) == 2:
                        self.add(f"double group {g!r} joins different places: {rlabel(members[0])} and "
                                 f"{rlabel(other)}")
                    elif other is not None:
                        listed = ", ".join(rlabel(r) for r in members)
                        self.add(f"double group {g!r} has {len(members)} routes ({listed}) that join different "
                                 "places (a triple route is three routes between the same two places)")

    def read_bonus_cards(self) -> list[dict]:
        """The well-formed bonus cards (Northern Lights); letters must be unique."""
        cards_in = self.data.get("bonus_cards", [])
        if not isinstance(cards_in, list):
            self.add(f"'bonus_cards' must be a list, not {type(cards_in).__name__}")
            return []
        good = []
        for i, b in enumerate(cards_in):
            where = f"bonus_cards[{i}]"
            if not isinstance(b, dict):
                self.add(f"{where}: must be an object, not {b!r}")
                continue
            if isinstance(b.get("letter"), str):
                where = f"bonus card {b['letter']!r}"
            ok = self.check_keys(where, b, _BONUS_REQUIRED, _BONUS_OPTIONAL)
            b = {"value": None, **b}
            for k in ("letter", "name", "counts"):
                if k in b and not (isinstance(b[k], str) and b[k].strip()):
                    self.add(f"{where}: {k} must be a non-empty string, not {b[k]!r}")
                    ok = False
            if "points" in b and not (_is_int(b["points"]) and b["points"] > 0):
                self.add(f"{where}: points must be a positive integer, not {b['points']!r}")
                ok = False
            measure = b.get("measure")
            if "measure" in b and measure not in BONUS_MEASURES:
                self.add(f"{where}: unknown measure {measure!r} (measures: {', '.join(BONUS_MEASURES)})")
                ok = False
            elif measure in BONUS_MEASURES:
                want = BONUS_MEASURES[measure]
                v = b["value"]
                if want is None and v is not None:
                    self.add(f"{where}: measure {measure!r} takes no value, not {v!r}")
                    ok = False
                elif want is int and not (_is_int(v) and v > 0):
                    self.add(f"{where}: measure {measure!r} needs a positive integer value, not {v!r}")
                    ok = False
                elif want is str and not (isinstance(v, str) and v):
                    self.add(f"{where}: measure {measure!r} needs a country as its value, not {v!r}")
                    ok = False
                elif want is str and v not in self.countries:
                    known = ", ".join(map(repr, sorted(self.countries))) or "none"
                    self.add(f"{where}: measure {measure!r} counts routes to a country of the board's cities "
                             f"(their 'country'), and no city is in {v!r} (countries: {known})")
                    ok = False
            if ok:
                good.append(b)
        for letter, n in Counter(b["letter"] for b in good).items():
            if n > 1:
                self.add(f"bonus card letter {letter!r} is used {n} times (letters must be unique)")
        return good

    def read_deck(self, tickets_in: Any, where_deck: str) -> list[dict]:
        if not isinstance(tickets_in, list):
            self.add(f"{where_deck} must be a list, not {type(tickets_in).__name__}")
            return []
        good = [self.read_ticket(f"{where_deck}[{i}]", t) for i, t in enumerate(tickets_in)]
        return [t for t in good if t is not None]

    def read_ticket(self, where: str, t) -> dict | None:
        add = self.add
        if not isinstance(t, dict):
            add(f"{where}: must be an object, not {t!r}")
            return None
        to = t.get("to")
        label = (t.get("from") if isinstance(t.get("from"), str) else "?") + "-" + (
            "/".join(x if isinstance(x, str) else "?" for x in to) if isinstance(to, list)
            else (to if isinstance(to, str) else "?")
        )
        where = f"{where} ({label})"
        ok = self.check_keys(where, t, _TICKET_REQUIRED, tuple(_TICKET_DEFAULTS))
        t = {**_TICKET_DEFAULTS, **t}
        ok = self.ticket_ends(where, t) and ok
        ok = self.ticket_points(where, t) and ok
        if t["deck"] not in DECKS:
            add(f"{where}: unknown deck {t['deck']!r} (decks: {', '.join(DECKS)})")
            ok = False
        return t if ok else None

    def ticket_ends(self, where: str, t: dict) -> bool:
        ok = True
        to = t.get("to")
        ends: list[Any] = []
        if "from" in t:
            ends.append(t["from"])
        if "to" in t:
            if not isinstance(to, list) or not to:
                self.add(f"{where}: 'to' must be a non-empty list of place names, not {to!r}")
                ok = False
            else:
                ends.extend(to)
                dup = [n for n, c in Counter(x for x in to if isinstance(x, str)).items() if c > 1]
                if dup:
                    self.add(f"{where}: {dup[0]!r} appears more than once in 'to'")
                    ok = False
        for e in ends:
            if not isinstance(e, str):
                self.add(f"{where}: {e!r} is not a place name")
                ok = False
            elif e not in self.place_kind:
                self.unknown_place(where, e, "place")
                ok = False
        if isinstance(to, list) and t.get("from") in to:
            self.add(f"{where}: ticket from {t['from']!r} to itself")
            ok = False
        return ok

    def ticket_points(self, where: str, t: dict) -> bool:
        if "points" not in t:
            return True
        points, to = t.get("points"), t.get("to")
        if not isinstance(points, list) or not points:
            self.add(f"{where}: 'points' must be a non-empty list of positive integers, not {points!r}")
            return False
        ok = True
        bad = [p for p in points if not (_is_int(p) and p > 0)]
        if bad:
            self.add(f"{where}: points must be positive integers, not {bad[0]!r}")
            ok = False
        if isinstance(to, list) and len(to) != len(points):
            self.add(f"{where}: 'to' has {_plural(len(to), 'place')} but 'points' has "
                     f"{_plural(len(points), 'value')} (they must be parallel lists)")
            ok = False
        return ok

    def read_optional_decks(self) -> dict[str, list[dict]]:
        optional_in = self.data.get("optional_ticket_decks", {})
        if not isinstance(optional_in, dict):
            self.add(f"'optional_ticket_decks' must be an object of deck name -> tickets, not "
                     f"{type(optional_in).__name__}")
            return {}
        good: dict[str, list[dict]] = {}
        for deck_name, deck in optional_in.items():
            if not deck_name:
                self.add("optional_ticket_decks: a deck has an empty name")
            good[deck_name] = self.read_deck(deck, f"optional_ticket_decks[{deck_name!r}]")
        return good

    def route_keys(self, good_routes: list[dict]) -> list[str]:
        """Route keys: "A-B", "A-B#2" ... per pair of places, in file order; no label may name two routes."""
        pair_seen: Counter = Counter()
        keys: list[str] = []
        labels: dict[str, set] = defaultdict(set)
        for r in good_routes:
            pair = frozenset((r["a"], r["b"]))
            pair_seen[pair] += 1
            suffix = f"#{pair_seen[pair]}" if pair_seen[pair] > 1 else ""
            keys.append(f"{r['a']}-{r['b']}{suffix}")
            labels[keys[-1]].add(r["id"])
            labels[f"{r['b']}-{r['a']}{suffix}"].add(r["id"])
        for label, ids in labels.items():
            if len(ids) > 1:
                self.add(f"route label {label!r} would name routes {', '.join(map(str, sorted(ids)))} "
                         "(place names containing '-' make route labels ambiguous)")
        return keys

    # ------------------------------------------------------------------ the whole
    def read(self) -> Board:
        if not isinstance(self.data, dict):
            raise MapError(self.source, [f"a board must be a JSON object, not {type(self.data).__name__}"])
        self.read_top()
        self.read_frame()
        places = self.read_places()
        routes = self.read_routes()
        tickets = self.read_deck(self.data.get("tickets", []), "tickets")
        optional = self.read_optional_decks()
        bonus = self.read_bonus_cards()
        keys = self.route_keys(routes)
        self.problems.raise_if_any(MapError, self.source)
        return self.build(places, routes, keys, tickets, optional, bonus)

    def build(self, places, good_routes, keys, good_tickets, good_optional, good_bonus=()) -> Board:
        """The board (everything is known to be well formed)."""
        data = self.data
        cities = tuple(
            City(c["name"], c["x"], c["y"], kind, tuple(tuple(p) for p in c.get("border_points", ())),
                 **{k: c.get(k, default) for k, default in _CITY_OPTIONAL.items()})
            for kind in ("city", "country")
            for k, c in places
            if k == kind
        )
        countries = {c.name for c in cities if c.kind == "country"}
        group_members: dict[str, list[int]] = defaultdict(list)
        for i, r in enumerate(good_routes):
            if r["double_group"] is not None:
                group_members[r["double_group"]].append(i)
        routes = []
        for i, r in enumerate(good_routes):
            twin, parallel = None, ()
            if r["double_group"] is not None:
                parallel = tuple(j for j in group_members[r["double_group"]] if j != i)
                if len(parallel) == 1:
                    twin = parallel[0]
            routes.append(Route(
                index=i, number=r["id"], key=keys[i], a=r["a"], b=r["b"], length=r["length"], colour=r["colour"],
                tunnel=r["tunnel"], ferry_locomotives=r["ferry_locomotives"],
                any_cards_substitute=r["any_cards_substitute"], double_group=r["double_group"],
                spaces=tuple(tuple(sp) for sp in r["spaces"]),
                a_border_point=tuple(r["a_border_point"]) if r["a_border_point"] is not None else None,
                b_border_point=tuple(r["b_border_point"]) if r["b_border_point"] is not None else None,
                twin=twin, draw_bonus=r["draw_bonus"], ferry_pair_substitute=r["ferry_pair_substitute"],
                parallel=parallel,
            ))

        def build_deck(deck: list[dict]) -> tuple[Ticket, ...]:
            seen: Counter = Counter()
            out = []
            for i, t in enumerate(deck):
                base = f"{t['from']}-{'/'.join(t['to'])}"
                seen[base] += 1
                key = base + (f"#{seen[base]}" if seen[base] > 1 else "")
                ends = (t["from"], *t["to"])
                out.append(Ticket(index=i, key=key, source=t["from"], targets=tuple(t["to"]),
                                  points=tuple(t["points"]), deck=t["deck"],
                                  country_ends=tuple(e for e in ends if e in countries)))
            return tuple(out)

        return Board(
            name=data["board"], title=data["title"], width=self.width, height=self.height, cities=cities,
            routes=tuple(routes), tickets=build_deck(good_tickets),
            optional_ticket_decks={k: build_deck(v) for k, v in good_optional.items()},
            source=data.get("source", ""),
            bonus_cards=tuple(BonusCard(b["letter"], b["name"], b["points"], b["measure"], b["value"], b["counts"])
                              for b in good_bonus),
        )


# ------------------------------------------------------------------ loading


def maps_folder():
    """The folder of the packaged board files, the package `ttr_nb.maps` (an importlib.resources Traversable)."""
    return files("ttr_nb.maps")


def board_names() -> list[str]:
    """Names of the packaged boards, sorted ("europe", "nordic", "switzerland", "usa")."""
    return list(_board_names())


@functools.lru_cache(maxsize=None)
def _board_names() -> tuple[str, ...]:
    return tuple(sorted(p.name[: -len(".json")] for p in maps_folder().iterdir() if p.name.endswith(".json")))


def _parse(text: str, source: str) -> Board:
    try:
        data = read_json(text)
    except UnreadableJSON as e:
        raise MapError(source, [str(e)]) from None
    return board_from_dict(data, source)


_PACKAGED: dict[str, Board] = {}


def _load_packaged(name: str) -> Board:
    """A packaged board, read once (boards are immutable)."""
    if name not in _PACKAGED:
        resource = maps_folder().joinpath(f"{name}.json")
        _PACKAGED[name] = _parse(resource.read_text(encoding="utf-8"), f"ttr_nb/maps/{name}.json")
    return _PACKAGED[name]


def load_board(name_or_path: "str | Path") -> Board:
    """Load a board: a packaged board by name ("usa", "europe", "switzerland",
    "nordic"; cached, the same Board object each time) or a board file by path
    (read afresh each call).
    """
    if isinstance(name_or_path, Board):
        return name_or_path
    text = str(name_or_path)
    is_path = isinstance(name_or_path, Path) or text.endswith(".json") or "/" in text or "\\" in text
    if not is_path:
        name = text.strip().lower()
        if name in _PACKAGED:
            return _PACKAGED[name]
        names = board_names()
        if name not in names:
            close = difflib.get_close_matches(name, names, n=2, cutoff=0.5)
            problem = _("unknown board {board} (boards: {boards})").format(board=repr(text), boards=", ".join(names))
            if close:
                problem = _("{problem}; did you mean {names}?").format(problem=problem,
                                                                       names=_(" or ").join(map(repr, close)))
            raise ValueError(problem)
        return _load_packaged(name)
    path = Path(name_or_path)
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise MapError(str(path), [f"not UTF-8 text: {e.reason} at byte {e.start}"]) from None
    return _parse(raw, str(path))
