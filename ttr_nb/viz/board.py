"""The board as a plotly figure, drawn the way players know it, and a cheap updater for widgets.

>>> import ttr_nb
>>> from ttr_nb.viz import board_figure, update_board
>>> game = ttr_nb.load_game("usa", players=2)
>>> state = game.state_from_dict({"routes": {"Denver-Omaha": 1}})
>>> fig = board_figure(state)
>>> view = fig._ttr_view                      # the BoardView behind the figure
>>> view.owner_of_polygons("player 1")
['Denver-Omaha']
>>> update_board(fig, game.state_from_dict({"routes": {"Denver-Omaha": 1, "Boston-Montréal": 0}}))
('spaces gray', 'closed', 'player 0', 'owner marks', 'routes', 'route spaces')

Trace layout (fixed for a given game: updates restyle, never add or remove traces)::

    sea                             light water round every ferry: sea crossings read as such
    countries, country names        Swiss countries: border points and names
    network                         overlay: a player's routes, a glow under the cars
    highlight routes                the selected routes: a thick amber glow under the cars (an owned
                                    route keeps its owner's colour), used for nothing else
    spaces <colour> (9 traces)      unclaimed, open train spaces, one trace per route colour
    closed                          spaces of double routes closed to everyone (2-3 players)
    player <k> (one per seat)       claimed spaces in the owner's colour
    tunnels                         the jagged border of every tunnel space
    ferry symbols                   the locomotive symbols on ferry spaces
    colour letters                  colour-blind mode: the printed colour's letter on open spaces
    owner marks                     the owner's shape on every claimed space
    ticket path, ticket ends        overlay: the shortest way to complete a ticket
    longest path                    overlay: a player's longest path
    payable                         overlay: routes a hand can pay for now (a dark green dashed
                                    outline: its dashes read without colour)
    marked routes                   a group of routes pointed out (a dotted brown outline)
    path                            overlay: a path apart from the selection (a dashed black line with
                                    a white diamond on every space, readable on any car colour;
                                    India's Grand Tour: the second of two paths)
    label leaders                   thin lines to city names placed far from their dot
    cities, city names              city dots; their names, placed clear of cars and the frame
    highlight cities                rings round selected cities
    stations                        Europe: stations in the owner's colour
    depots                          Warehouses & Depots: a square in the owner's colour on each Depot's
                                    city, with the owner's mark and how many cards the owner's
                                    Warehouse holds (ownership and count read without colour)
    routes                          a hoverable, clickable point at each route's middle
    route spaces                    a hoverable, clickable point on every space: the whole route
                                    is the click target, and on a double route the track under
                                    the pointer is the one chosen (the widgets outline the route
                                    under the pointer in the page: ttr_nb/widgets/responsive.py)
    longest numbers                 overlay: the longest path numbered 1..n, above everything

Polygon, line and text traces have ``hoverinfo="skip"`` so that they never steal a click
from the ``routes``, ``route spaces`` and ``cities`` points.
"""
from __future__ import annotations

import math
from copy import deepcopy

from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Mapping, Sequence

import plotly.graph_objects as go

from ..engine import Game, State, load_game
from ..engine.board import Route, Ticket
from ..engine.callbacks import Callbacks
from ..engine.cards import GREY_NAME
from ..engine.cards import CARD_NAMES, Cards, colour_name
from ..engine.i18n import translations
from .figure import Figure, built
from .text_sizes import LABEL_SCALES, TEXT_SIZES
from .geometry import CAR_LENGTH, CAR_WIDTH, BoardGeometry, board_geometry, flatten
from .label_files import board_labels
from .labels import text_box, within_frame
from ..engine.places import place_name
from .palette import (PLAYER_COLOURS, PLAYER_MARKS, PLAYER_NAMES, ROUTE_COLOUR_ORDER, ROUTE_COLOURS,
                      ROUTE_LETTERS, mark_colour, text_colour)

__all__ = [
    "ROUTE_COLOURS",
    "PLAYER_COLOURS",
    "ROUTE_COLOUR_ORDER",
    "Overlays",
    "BoardView",
    "board_figure",
    "board_widget",
    "update_board",
    "board_view",
    "ticket_path",
    "fit_width",
    "TEXT_SIZES",
]

_PLAYER_COLOUR_NAMES = PLAYER_NAMES

_OUTLINE = "#3a3a3a"
_BOARD_FILL = "#f2ecd9"       # parchment, like the printed boards
_BOARD_EDGE = "#c9bfa3"
_SEA = "#cfe3ee"              # the water round ferries
_TEXT = "#1d1d1d"
_JUNCTION = "#757575"          # a junction without a name: a small neutral dot, no city
_JUNCTION_DOT = 8
_TICKET = "#00b7d6"
_LONGEST = "#ff5a00"
_PAYABLE = "#00843d"          # dark green: dark against the parchment and light cars
_HIGHLIGHT = "#ffb000"       # the selected routes and cities: used for nothing else
_MARKED = "#6d4c41"                  # a group of routes a widget points out (dotted)
_PATH = "#111111"                    # a second path beside the highlighted one: dashed, white diamonds
_CLOSED_FILL = "rgba(215, 212, 204, 0.75)"
# A static board is this wide unless told otherwise: a notebook's output area beside the file
# browser at 1280x800 is ~840 px, so a wider figure would be cut off at the right.
DEFAULT_WIDTH = 820
# A static portrait board is this high unless told otherwise: the visible height of a notebook
# in JupyterLab at 1280x800 (the whole board on one screen).
DEFAULT_PORTRAIT_HEIGHT = 660
_MARGIN = dict(l=8, r=8, t=44, b=8)     # the top margin grows with the text size: title, then legend


# the fixed trace names, in drawing order (players are inserted after "closed")
_BEFORE_PLAYERS = ("sea", "countries", "country names", "network", "highlight routes",
                   *(f"spaces {c}" for c in ROUTE_COLOUR_ORDER), "closed")
_AFTER_PLAYERS = ("tunnels", "ferry symbols", "colour letters", "owner marks", "ticket path", "ticket ends",
                  "longest path", "payable", "marked routes", "path", "label leaders", "cities",
                  "city names", "highlight cities", "stations", "depots", "routes", "route spaces", "longest numbers")
#: What a text size changes in each trace (`BoardView.set_text_size`), as restyle paths.
_SIZED_TRACES = {
    "country names": ("textfont.size",),
    "colour letters": ("textfont.size",),
    "owner marks": ("marker.size",),
    "label leaders": ("x", "y"),
    "city names": ("x", "y", "text", "textposition", "textfont.size"),
    "routes": ("hoverlabel.font.size",),
    "route spaces": ("hoverlabel.font.size",),
    "longest numbers": ("marker.size", "textfont.size"),
    "depots": ("marker.size", "textfont.size"),
}


def _flat(props: dict, prefix: str = "") -> dict:
    """A trace's properties as restyle paths: ``{"textfont": {"size": 9}}`` and
    ``{"textfont_size": 9}`` both give ``{"textfont.size": 9}`` (no trace property's own name
    holds an underscore: plotly reads one as a dot)."""
    out = {}
    for k, v in props.items():
        path = prefix + k.replace("_", ".")
        if isinstance(v, dict):
            out.update(_flat(v, path + "."))
        else:
            out[path] = v
    return out


# --------------------------------------------------------------------------- overlays


@dataclass(frozen=True)
class Overlays:
    """What to draw over the board (all optional; the traces exist either way).

    ticket    a ticket (key like ``"Boston-Miami"``, a ``Ticket``, or a pair of places):
              its shortest completion over routes free for, or owned by, ``player``
              (owned routes cost nothing)
    network   a player index: that player's routes, as a glow under the cars
    longest   a player index: that player's longest continuous path, numbered 1..n
    payable   a hand (``Cards``, 9 counts, ``{"red": 3}``, ``"red*3+loco*1"``) or ``True`` for
              ``player``'s hand: routes that hand can pay for now and that are free for ``player``
    player    whose point of view ``ticket`` and ``payable`` take (default: the player to move)
    path      routes (indices or keys): a path drawn apart from the highlight, a dashed line
              with a diamond on every space (the scoring walkthrough's second Grand Tour path)
    """

    ticket: Any = None
    network: int | None = None
    longest: int | None = None
    payable: Any = None
    player: int | None = None
    path: tuple = ()

    @classmethod
    def of(cls, value) -> "Overlays":
        if value is None:
            return cls()
        if isinstance(value, Overlays):
            return value
        if isinstance(value, Mapping):
            names = {f.name for f in fields(cls)}
            bad = [k for k in value if k not in names]
            if bad:
                raise ValueError(f"unknown overlay {bad[0]!r} (overlays: {', '.join(sorted(names))})")
            return cls(**value)
        raise TypeError(f"overlays must be an Overlays, a dict or None, not {type(value).__name__}")


def _hand(value) -> tuple[int, ...]:
    if isinstance(value, Cards):
        return tuple(value)
    if isinstance(value, str):
        return tuple(Cards.parse(value))
    if isinstance(value, Mapping):
        return tuple(Cards.of(value))
    hand = tuple(int(v) for v in value)
    if len(hand) != len(CARD_NAMES):
        raise ValueError(f"a hand needs {len(CARD_NAMES)} counts ({', '.join(CARD_NAMES)}), got {len(hand)}")
    return hand


# --------------------------------------------------------------------------- position access


class _Position:
    """The parts of a position the figure shows (a Game alone is the empty board)."""

    __slots__ = ("game", "state", "owners", "stations", "depots", "player")

    def __init__(self, game, state=None):
        self.game = game
        self.state = state
        n = len(game.board.routes)
        self.owners = tuple(state.owners) if state is not None else (-1,) * n
        self.stations = tuple(state.stations) if state is not None else ()
        self.depots = state.depots if state is not None else None       # Warehouses & Depots (or None)
        self.player = state.current_player if state is not None else game.first_player

    def status(self, ri: int, player: int | None = None) -> str:
        if self.state is not None:
            return self.state.route_status(ri, player)
        return "free"


def _split(state_or_game):
    """(game, state or None) from a State, a Game or an edition name."""
    if isinstance(state_or_game, State):
        return state_or_game.game, state_or_game
    if isinstance(state_or_game, Game):
        return state_or_game, None
    if isinstance(state_or_game, str):
        return load_game(state_or_game), None
    raise TypeError(f"expected a State, a Game or an edition name, not {type(state_or_game).__name__}")


# --------------------------------------------------------------------------- graph questions


def _usable_routes(pos: _Position, player: int) -> dict[int, int]:
    """Routes ``player`` could use to join places: route index -> trains still needed
    (0 for own routes, the length for free routes)."""
    routes = pos.game.board.routes
    out = {}
    for i, r in enumerate(routes):
        o = pos.owners[i]
        if o == player:
            out[i] = 0
        elif o < 0 and pos.status(i, player) == "free":
            out[i] = r.length
    return out


def _resolve_ticket(board, ticket):
    """(source, targets, values, label) of a ticket given as key, Ticket or pair of places."""
    if isinstance(ticket, Ticket):
        return ticket.source, tuple(ticket.targets), tuple(ticket.points), ticket.key
    if isinstance(ticket, (tuple, list)) and len(ticket) == 2 and all(isinstance(t, str) for t in ticket):
        a, b = ticket
        for p in (a, b):
            if p not in board.city:
                board.routes_at(p)          # raises KeyError with close matches
        return a, (b,), (0,), f"{a}-{b}"
    if isinstance(ticket, str):
        try:
            t = board.find_ticket(ticket)
            return t.source, tuple(t.targets), tuple(t.points), t.key
        except KeyError as first:
            for deck in board.optional_ticket_decks:
                try:
                    t = board.find_ticket(ticket, deck)
                    return t.source, tuple(t.targets), tuple(t.points), t.key
                except KeyError:
                    pass
            parts = ticket.split("-")
            for k in range(1, len(parts)):
                a, b = "-".join(parts[:k]).strip(), "-".join(parts[k:]).strip()
                if a in board.city and b in board.city:
                    return a, (b,), (0,), f"{a}-{b}"
            raise first
    raise TypeError(f"a ticket is a key like 'Boston-Miami', a Ticket or a pair of places, not {ticket!r}")


def ticket_path(state_or_game, ticket, player: int | None = None):
    """The cheapest way for ``player`` to complete ``ticket`` from this position.

    Uses networkx's Dijkstra over the routes free for the player (cost: their length)
    and the player's own routes (cost 0).  For a ticket with several targets (Swiss
    country tickets) the cheapest target wins (ties: the higher value).

    Returns ``(steps, trains, target)``: ``steps`` is a list of ``(route index, place the
    route is entered from)`` from the source to the target, ``trains`` the trains still
    needed; ``([], None, None)`` when the ticket cannot be completed any more.
    """
    game, state = _split(state_or_game)
    pos = _Position(game, state)
    return _ticket_path(pos, ticket, pos.player if player is None else player)


def _ticket_path(pos: _Position, ticket, player: int):
    from ..analysis.paths import cheapest_path

    source, targets, values, _label = _resolve_ticket(pos.game.board, ticket)
    found = cheapest_path(pos.game.board, _usable_routes(pos, player), source, targets, values)
    if found is None:
        return [], None, None
    return list(found.steps), found.cost, found.target


def _longest_steps(pos: _Position, player: int) -> list[tuple[int, str]]:
    """The player's longest path as (route index, place it is entered from), in travel order
    (``State.score_breakdown()[player].longest_trail``)."""
    if pos.state is None:
        return []
    board = pos.game.board
    trail = [board.route[k].index for k in pos.state.score_breakdown()[player].longest_trail]
    if not trail:
        return []
    first = board.routes[trail[0]]
    for start in (first.a, first.b):
        here, steps = start, []
        for ri in trail:
            r = board.routes[ri]
            if here not in (r.a, r.b):
                break
            steps.append((ri, here))
            here = r.other(here)
        else:
            return steps
    return [(ri, board.routes[ri].a) for ri in trail]  # not a trail: should not happen


# --------------------------------------------------------------------------- the view


def _depot_size(sizes: dict) -> float:
    """The side of a Depot's square (px): room for the owner's mark and a two-digit count."""
    return round(sizes["number"] * 2.2)


def _scatter(**props) -> dict:
    """A scatter trace as a dict: go.Figure validates it once (a go.Scatter would be
    validated, then copied and validated again)."""
    props["type"] = "scatter"
    return props


_, ngettext = translations("widgets")


def _open_fill(colour: str) -> str:
    """An open space: its printed colour, a little see-through (claimed spaces are solid)."""
    h = ROUTE_COLOURS[colour].lstrip("#")
    r, g, b = (int(h[k:k + 2], 16) for k in (0, 2, 4))
    return f"rgba({r}, {g}, {b}, 0.8)"


def _colour_name(colour: str, seat: int) -> str:
    c = colour.strip().lower()
    if c in PLAYER_COLOURS:
        return _(_PLAYER_COLOUR_NAMES[PLAYER_COLOURS.index(c)])
    if c.startswith("#") or c.startswith("rgb"):
        return _("colour {n}").format(n=seat + 1)
    return c


class BoardView:
    """A board figure and what is needed to restyle it cheaply.

    ``view.figure`` is a ``go.Figure`` (or, with ``widget=True``, a :class:`~ttr_nb.viz.figure_widget.FigureWidget`,
    plotly's FigureWidget fetching plotly.js once per page) whose
    traces are fixed at construction (see the module docstring); :meth:`update` moves
    claimed spaces between traces and rewrites the hover text of the changed routes only,
    inside ``figure.batch_update()``.
    """

    def __init__(self, state_or_game, *, player_colours: Sequence[str] | None = None, highlight=None,
                 overlays=None, static: bool = False, widget: bool = False, width: int | None = None,
                 height: int | None = None, title: str | None = None, car_length: float = CAR_LENGTH,
                 car_width: float = CAR_WIDTH, colour_blind: bool = False, text_size: str = "default",
                 responsive: bool = False):
        game, state = _split(state_or_game)
        if text_size not in TEXT_SIZES:
            raise ValueError(f"text_size is one of {', '.join(map(repr, TEXT_SIZES))}, not {text_size!r}")
        self.game = game
        self.board = board = game.board
        self.static = static
        self.widget = bool(widget)          # a FigureWidget (clicks fire), or a picture
        self.colour_blind = bool(colour_blind)
        self.responsive = bool(responsive)
        self.text_size = text_size
        self.sizes = TEXT_SIZES[text_size]
        self.geometry: BoardGeometry = board_geometry(board, car_length, car_width)
        self.label_scale = self._label_scale(width, height)
        # the scale the board is drawn at (a responsive board: set when the widget fits it)
        self.drawn_scale: float | None = None if responsive else round(self._drawn_scale(width, height), 3)
        colours = list(player_colours) if player_colours is not None else []
        for seat in range(len(colours), game.players):
            colours.append(PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])
        self.player_colours: tuple[str, ...] = tuple(colours)
        self.player_names = tuple(_("player {n} ({colour})").format(n=k + 1,
                                                                    colour=_colour_name(self.player_colours[k], k))
                                  for k in range(game.players))
        self.player_marks = tuple(PLAYER_MARKS[k % len(PLAYER_MARKS)] for k in range(game.players))
        self.trace_names = (*_BEFORE_PLAYERS, *(f"player {k}" for k in range(game.players)), *_AFTER_PLAYERS)
        self.index = {name: i for i, name in enumerate(self.trace_names)}
        self._route_click = Callbacks()
        self._city_click = Callbacks()

        pos = _Position(game, state)
        self._pos = pos
        self._category = [self._category_of(pos, i) for i in range(len(board.routes))]
        self._hover = [self._route_text(pos, i) for i in range(len(board.routes))]
        self.overlays = Overlays.of(overlays)
        self.highlight = self._resolve_highlight(highlight)
        self.marked: tuple[int, ...] = ()
        overlay_data = self._overlay_data(pos, self.overlays)
        self._overlay_cache = overlay_data
        traces = self._traces(pos, overlay_data)
        layout = self._layout(width, height, title)
        if widget:
            from .figure_widget import FigureWidget       # (plotly's widget module: imported when needed)
            self.figure = built(FigureWidget, traces, layout)
            keep_state_fresh(self.figure)
            self.figure._config = dict(WIDGET_CONFIG)
        else:
            self.figure = built(Figure, traces, layout)
        self.figure._ttr_view = self
        self._hooked = False

    # ------------------------------------------------------------------ categories and texts
    def _category_of(self, pos: _Position, ri: int) -> str:
        o = pos.owners[ri]
        if o >= 0:
            return f"player {o}"
        if pos.status(ri) == "closed":
            return "closed"
        return f"spaces {self.board.routes[ri].colour}"

    def _route_text(self, pos: _Position, ri: int) -> str:
        game = self.game
        r = self.board.routes[ri]
        colour = _("grey") if r.colour == GREY_NAME else colour_name(r.colour)
        name = f"{place_name(self.board, r.a)} – {place_name(self.board, r.b)}"
        if r.twin is not None:          # in words, never the internal key's "#2"
            n = int(r.key.rsplit("#", 1)[1]) if "#" in r.key else 1
            if n == 1:
                name = _("{route}, the first of two routes").format(route=name)
            elif n == 2:
                name = _("{route}, the second of two routes").format(route=name)
            else:
                name = _("{route}, route number {n}").format(route=name, n=n)
        kind = ""
        if r.tunnel:
            kind = "<br>" + _("tunnel: up to 3 more cards may be needed")
        elif r.ferry_locomotives:
            n = r.ferry_locomotives
            kind = "<br>" + ngettext("ferry with {n} locomotive", "ferry with {n} locomotives", n).format(n=n)
            if r.any_cards_substitute == 3:
                kind += " " + _("(any 3 cards may replace a locomotive)")
        elif r.any_cards_substitute == 4:
            kind = "<br>" + _("any 4 cards may replace one card")
        if r.double_group is not None:
            kind += "<br>" + _("one side of a double route")
        pts = game.route_points[ri]
        spaces = ngettext("{n} {colour} space", "{n} {colour} spaces", r.length).format(n=r.length, colour=colour)
        points = ngettext("{n} point", "{n} points", pts).format(n=pts)
        text = f"<b>{name}</b><br>{spaces} · {points}{kind}<br>"
        o = pos.owners[ri]
        if o >= 0:
            text += _("owner: {player}").format(player=self.player_names[o])
        elif pos.status(ri) == "closed":
            lo, hi = game.rules.min_players, game.rules.double_routes_min_players - 1
            players = f"{lo}–{hi}" if hi > lo else f"{hi}"
            text += _("closed (double route, {n} players)").format(n=players)
        else:
            twin = r.twin
            if twin is not None and pos.owners[twin] >= 0:
                text += _("free (not for {player}: they own the other side)").format(
                    player=self.player_names[pos.owners[twin]])
            else:
                text += _("free")
        return text

    def _city_text(self, pos: _Position, city) -> str:
        board = self.board
        routes = board.routes_at(city.name)
        text = f"<b>{place_name(board, city)}</b>"
        if city.is_junction:
            text += "<br>" + _("routes meet here; the board data gives it no name")
        if city.is_country:
            text += " " + _("(country)")
        if city.board_label:                # the name actions use, and the board's own spelling
            text += "<br>" + _("printed on the board as {label}").format(label=city.board_label)
        text += "<br>" + ngettext("{n} route", "{n} routes", len(routes)).format(n=len(routes))
        for name, p in pos.stations:
            if name == city.name:
                text += "<br>" + _("station of {player}").format(player=self.player_names[p])
        d = pos.depots
        owner = d.owner_at(city.name) if d is not None else None
        if owner is not None:
            text += "<br>" + self._depot_words(d, owner)
        return text

    def _depot_words(self, d, owner: int) -> str:
        """'depot of player 1 (violet): their warehouse holds 3 cards' (how many is public)."""
        n = d.counts()[owner]
        return ngettext("depot of {player}: their warehouse holds {n} card",
                        "depot of {player}: their warehouse holds {n} cards", n).format(
            player=self.player_names[owner], n=n)

    # ------------------------------------------------------------------ overlays
    def _resolve_highlight(self, highlight) -> tuple[tuple[int, ...], tuple[str, ...]]:
        if highlight is None:
            return (), ()
        items = [highlight] if isinstance(highlight, (str, int, Route)) else list(highlight)
        routes: list[int] = []
        cities: list[str] = []
        for item in items:
            if isinstance(item, str) and item in self.board.city:
                cities.append(item)
            else:
                routes.append(self.game.route_index(item))
        return tuple(routes), tuple(cities)

    def _overlay_data(self, pos: _Position, ov: Overlays) -> dict[str, Any]:
        """The x/y (and texts) of every overlay trace for this position."""
        g = self.geometry
        board = self.board
        player = pos.player if ov.player is None else ov.player
        out: dict[str, Any] = {}
        # network
        if ov.network is not None:
            mine = [i for i, o in enumerate(pos.owners) if o == ov.network]
            out["network"] = dict(zip(("x", "y"), flatten(g.centre[i] for i in mine)),
                                  line_color=self._player_colour(ov.network))
        else:
            out["network"] = dict(x=[], y=[])
        # ticket
        if ov.ticket is not None:
            source, targets, _values, label = _resolve_ticket(board, ov.ticket)
            steps, trains, target = _ticket_path(pos, ov.ticket, player)
            xs, ys = g.path_xy(steps)
            if trains is None:
                name = _("ticket {ticket}: cannot be completed by player {n}").format(ticket=label, n=player + 1)
            else:
                name = ngettext("ticket {ticket}: {n} more train", "ticket {ticket}: {n} more trains", trains).format(
                    ticket=label, n=trains)
            ends = [source, *targets]
            ex = [board.city[c].x for c in ends]
            ey = [board.city[c].y for c in ends]
            out["ticket path"] = dict(x=xs, y=ys)
            out["ticket ends"] = dict(x=ex, y=ey, customdata=ends, hovertext=[f"{c}<br>{name}" for c in ends])
            out["_ticket_routes"] = [ri for ri, _ in steps]
        else:
            out["ticket path"] = dict(x=[], y=[])
            out["ticket ends"] = dict(x=[], y=[], customdata=[], hovertext=[])
            out["_ticket_routes"] = []
        # longest path
        if ov.longest is not None:
            steps = _longest_steps(pos, ov.longest)
            xs, ys = g.path_xy(steps)
            mids = [g.mid[ri] for ri, _ in steps]
            length = sum(board.routes[ri].length for ri, _ in steps)
            out["longest path"] = dict(x=xs, y=ys)
            out["_longest_length"] = length
            out["longest numbers"] = dict(x=[p[0] for p in mids], y=[p[1] for p in mids],
                                          text=[str(k + 1) for k in range(len(steps))],
                                          customdata=[ri for ri, _ in steps])
        else:
            out["longest path"] = dict(x=[], y=[])
            out["longest numbers"] = dict(x=[], y=[], text=[], customdata=[])
        # payable
        if ov.payable is not None and ov.payable is not False:
            if ov.payable is True:
                if pos.state is None:
                    raise ValueError("payable=True needs a State (whose hand?); pass a hand instead")
                hand = tuple(pos.state.hands[player])
            else:
                hand = _hand(ov.payable)
            ok = [i for i in range(len(board.routes))
                  if pos.owners[i] < 0 and pos.status(i, player) == "free"
                  and self.game.payment_options(i, hand, complete=False)]
            out["payable"] = dict(zip(("x", "y"), g.routes_xy(ok)), customdata=ok)
        else:
            out["payable"] = dict(x=[], y=[], customdata=[])
        # highlight
        routes, cities = self.highlight
        out["highlight routes"] = dict(zip(("x", "y"), g.routes_xy(routes)))
        out["marked routes"] = dict(zip(("x", "y"), g.routes_xy(self.marked)))
        path = [self.game.route_index(r) for r in ov.path or ()]
        out["path"] = dict(zip(("x", "y"), flatten(g.space_centres[ri] for ri in path)))
        out["highlight cities"] = dict(x=[board.city[c].x for c in cities], y=[board.city[c].y for c in cities])
        return out

    def _player_colour(self, p: int) -> str:
        return self.player_colours[p % len(self.player_colours)]

    def _marks_data(self, pos: _Position) -> dict:
        """A mark (the owner's shape) on every claimed space."""
        xs, ys, symbols, colours = [], [], [], []
        centres = self.geometry.space_centres
        for ri, o in enumerate(pos.owners):
            if o >= 0:
                symbol = self.player_marks[o][0]
                colour = mark_colour(self._player_colour(o))
                for x, y in centres[ri]:
                    xs.append(x)
                    ys.append(y)
                    symbols.append(symbol)
                    colours.append(colour)
        return dict(x=xs, y=ys, marker_symbol=symbols, marker_color=colours)

    def _letters_data(self, pos: _Position) -> dict:
        """Colour-blind mode: the printed colour's letter on every open space."""
        if not self.colour_blind:
            return dict(x=[], y=[], text=[], textfont_color=[])
        xs, ys, text, colours = [], [], [], []
        centres = self.geometry.space_centres
        for ri, r in enumerate(self.board.routes):
            letter = ROUTE_LETTERS.get(r.colour, "")
            if not letter or self._category[ri] != f"spaces {r.colour}":
                continue
            colour = text_colour(ROUTE_COLOURS[r.colour])
            for x, y in centres[ri]:
                xs.append(x)
                ys.append(y)
                text.append(letter)
                colours.append(colour)
        return dict(x=xs, y=ys, text=text, textfont_color=colours)

    def _space_hover(self) -> list[str]:
        """The hover text of every space target (its route's text)."""
        return [self._hover[ri] for ri, centres in enumerate(self.geometry.space_centres) for _ in centres]

    # ------------------------------------------------------------------ traces
    def _members(self, name: str) -> list[int]:
        return [i for i, c in enumerate(self._category) if c == name]

    def _traces(self, pos: _Position, ov: dict) -> list:
        g = self.geometry
        board = self.board
        sz = self.sizes
        skip = dict(hoverinfo="skip", showlegend=False)
        traces: list = []
        add = traces.append
        sea = g.sea_xy
        add(_scatter(name="sea", x=sea[0], y=sea[1], mode="lines", fill="toself", fillcolor=_SEA,
                       line=dict(width=0), **skip))
        countries = board.countries
        bx = [p[0] for c in countries for p in c.border_points]
        by = [p[1] for c in countries for p in c.border_points]
        add(_scatter(name="countries", x=bx, y=by, mode="markers+text",
                       text=[c.name[0] for c in countries for _ in c.border_points], textposition="middle center",
                       textfont=dict(size=10, color="#ffffff", weight="bold"),
                       marker=dict(symbol="square", size=17, color="#8d6e63", line=dict(color="#4e342e", width=1)),
                       customdata=[c.name for c in countries for _ in c.border_points],
                       hovertext=[f"<b>{c.name}</b><br>" + _("a border point: routes enter {country} here").format(
                                  country=c.name) for c in countries for _point in c.border_points],
                       hoverinfo="skip" if self.static else "text", showlegend=False))
        add(_scatter(name="country names", x=[c.x for c in countries], y=[c.y for c in countries],
                       mode="text", text=[c.name.upper() for c in countries],
                       textfont=dict(size=sz["country"], color="rgba(93, 64, 55, 0.8)", weight="bold"), **skip))
        add(_scatter(name="network", mode="lines", line=dict(width=15), opacity=0.45, **ov["network"],
                       **skip))
        add(_scatter(name="highlight routes", mode="lines", line=dict(color=_HIGHLIGHT, width=11),
                     **skip, **ov["highlight routes"]))
        for colour in ROUTE_COLOUR_ORDER:
            name = f"spaces {colour}"
            xs, ys = g.routes_xy(self._members(name))
            add(_scatter(name=name, x=xs, y=ys, mode="lines", fill="toself", fillcolor=_open_fill(colour),
                           line=dict(color=_OUTLINE, width=1), **skip))
        xs, ys = g.routes_xy(self._members("closed"))
        add(_scatter(name="closed", x=xs, y=ys, mode="lines", fill="toself", fillcolor=_CLOSED_FILL,
                       line=dict(color="#9e9e9e", width=1, dash="dot"), **skip))
        for p in range(self.game.players):
            name = f"player {p}"
            xs, ys = g.routes_xy(self._members(name))
            add(_scatter(name=f"{self.player_names[p]} {self.player_marks[p][1]}", x=xs, y=ys, mode="lines",
                           fill="toself",
                           fillcolor=self._player_colour(p), line=dict(color="#000000", width=2.4),
                           hoverinfo="skip", showlegend=True, legendgroup=name))
        add(_scatter(name="tunnels", x=g.tunnel_xy[0], y=g.tunnel_xy[1], mode="lines",
                       line=dict(color="#111111", width=1.4), **skip))
        add(_scatter(name="ferry symbols", x=g.symbol_xy[0], y=g.symbol_xy[1], mode="lines", fill="toself",
                       fillcolor="#ffffff", line=dict(color="#111111", width=1), **skip))
        add(_scatter(name="colour letters", mode="text", textfont_size=sz["letter"], textfont_weight="bold",
                       textposition="middle center", **self._letters_data(pos), **skip))
        add(_scatter(name="owner marks", mode="markers", marker_size=sz["letter"], marker_line_width=0,
                       **self._marks_data(pos), **skip))
        add(_scatter(name="ticket path", mode="lines", line=dict(color=_TICKET, width=5), opacity=0.9,
                       hoverinfo="skip", showlegend=False, **ov["ticket path"]))
        add(_scatter(name="ticket ends", mode="markers", hoverinfo="text",
                       marker=dict(symbol="circle-open", size=24, color=_TICKET, line=dict(width=4)),
                       showlegend=False, **ov["ticket ends"]))
        add(_scatter(name="longest path", mode="lines", line=dict(color=_LONGEST, width=4, dash="dot"),
                       hoverinfo="skip", showlegend=False, **ov["longest path"]))
        add(_scatter(name="payable", mode="lines", line=dict(color=_PAYABLE, width=4, dash="dash"), **skip,
                       **ov["payable"]))
        add(_scatter(name="marked routes", mode="lines", line=dict(color=_MARKED, width=2.5, dash="dot"),
                       **skip, **ov["marked routes"]))
        add(_scatter(name="path", mode="lines+markers", line=dict(color=_PATH, width=3, dash="dash"),
                       marker=dict(symbol="diamond", size=12, color="#ffffff", line=dict(color=_PATH, width=2)),
                       **skip, **ov["path"]))
        cities = board.cities
        places = [c for c in cities if not c.is_country]
        labels = self._city_labels()
        # a junction without a name is a small grey dot with no name beside it
        lx, ly = flatten(labels[c.name].leader for c in places if labels[c.name].leader and not c.is_junction)
        add(_scatter(name="label leaders", mode="lines", x=lx, y=ly, line=dict(color="#555555", width=1), **skip))
        add(_scatter(name="cities", x=[c.x for c in places], y=[c.y for c in places], mode="markers",
                       text=[place_name(board, c) for c in places],
                       marker=dict(size=[_JUNCTION_DOT if c.is_junction else 11 for c in places],
                                   color=[_JUNCTION if c.is_junction else "#c62828" for c in places],
                                   line=dict(color="#ffffff", width=2)),
                       customdata=[c.name for c in places], hovertext=[self._city_text(pos, c) for c in places],
                       hoverinfo="skip" if self.static else "text", showlegend=False))
        add(_scatter(name="city names", mode="text", x=[labels[c.name][0] for c in places],
                       y=[labels[c.name][1] for c in places],
                       text=["" if c.is_junction else labels[c.name][3] for c in places],
                       textposition=[labels[c.name][2] for c in places], customdata=[c.name for c in places],
                       textfont=dict(size=[labels[c.name].size for c in places], color=_TEXT,
                                     shadow="0px 0px 3px #ffffff"), **skip))
        add(_scatter(name="highlight cities", mode="markers", hoverinfo="skip", showlegend=False,
                       marker=dict(symbol="circle-open", size=22, color=_HIGHLIGHT, line=dict(width=4)),
                       **ov["highlight cities"]))
        add(_scatter(name="stations", mode="markers", showlegend=False, **self._station_data(pos),
                       marker_symbol="triangle-up", marker_size=17, marker_line=dict(color="#000000", width=1.5),
                       hoverinfo="skip" if self.static else "text"))
        add(_scatter(name="depots", mode="markers+text", showlegend=False, textposition="middle center",
                     marker=dict(symbol="square", size=_depot_size(sz), line=dict(color="#000000", width=2)),
                     textfont=dict(size=sz["number"], weight="bold"), **self._depot_data(pos),
                     hoverinfo="skip" if self.static else "text"))
        hoverlabel = dict(bgcolor="#ffffff", font=dict(color="#111111", size=sz["hover"]))
        add(_scatter(name="routes", x=[m[0] for m in g.mid], y=[m[1] for m in g.mid], mode="markers",
                       customdata=list(range(len(board.routes))), hovertext=list(self._hover),
                       hovertemplate="%{hovertext}<extra></extra>",
                       marker=dict(size=14, color="rgba(255,255,255,0)"),
                       visible=not self.static, showlegend=False, hoverlabel=hoverlabel))
        sx = [p[0] for cs in g.space_centres for p in cs]
        sy = [p[1] for cs in g.space_centres for p in cs]
        add(_scatter(name="route spaces", x=sx, y=sy, mode="markers",
                       customdata=[ri for ri, cs in enumerate(g.space_centres) for _ in cs],
                       hovertext=self._space_hover(), hovertemplate="%{hovertext}<extra></extra>",
                       marker=dict(size=16, color="rgba(255,255,255,0)"),
                       visible=not self.static, showlegend=False, hoverlabel=hoverlabel))
        add(_scatter(name="longest numbers", mode="markers+text", hoverinfo="skip", showlegend=False,
                       marker=dict(size=sz["number"] + 9, color="#ffffff", line=dict(color=_LONGEST, width=2.5)),
                       textfont=dict(size=sz["number"], color="#000000", weight="bold"),
                       textposition="middle center", **ov["longest numbers"]))
        for name, t in zip(self.trace_names, traces):
            # the fixed name of every trace; its legend numbers players from 1 (the trace
            # "player 0" shows as "player 1 (violet)")
            t["meta"] = name
            t.setdefault("name", name)
        assert len(traces) == len(self.trace_names)
        assert all(t["name"] == t["meta"] for t in traces if not t["meta"].startswith("player "))
        return traces

    def _station_data(self, pos: _Position) -> dict:
        board = self.board
        st = pos.stations
        return dict(x=[board.city[c].x for c, _ in st], y=[board.city[c].y - 3 for c, _ in st],
                    marker_color=[self._player_colour(p) for _, p in st],
                    customdata=[c for c, _ in st],
                    hovertext=[_("station of {player} at {city}").format(player=self.player_names[p], city=c)
                               for c, p in st])

    def _depot_data(self, pos: _Position) -> dict:
        """Warehouses & Depots: a square on each Depot's city in its owner's colour, holding the
        owner's mark and how many cards the owner's Warehouse holds (beside a station in the same
        city, when the rules let them share one)."""
        board = self.board
        d = pos.depots
        placed = d.placed if d is not None else ()
        counts = d.counts() if d is not None else ()
        with_station = {c for c, _p in pos.stations}
        shift = _depot_size(self.sizes) / max(self.drawn_scale or self.label_scale, 0.1)
        return dict(x=[board.city[c].x + (shift if c in with_station else 0) for c, _p in placed],
                    y=[board.city[c].y for c, _p in placed],
                    text=[f"{self.player_marks[p][1]}{counts[p]}" for _c, p in placed],
                    marker_color=[self._player_colour(p) for _c, p in placed],
                    textfont_color=[text_colour(self._player_colour(p)) for _c, p in placed],
                    customdata=[c for c, _p in placed],
                    hovertext=[f"<b>{place_name(board, board.city[c])}</b><br>" + self._depot_words(d, p)
                               for c, p in placed])

    def _size(self, width, height) -> tuple[int, int, dict]:
        """The figure's width, height and margins (a board keeps its proportions)."""
        b = self.board
        m = dict(_MARGIN, t=round(self.sizes["title"] * 1.6 + self.sizes["legend"] * 1.9))
        if width is None and height is None:
            if self.text_size == "projector":     # a board on a 1920-pixel projector
                width = math.ceil(LABEL_SCALES["projector"] * b.width) + m["l"] + m["r"]
            elif b.width >= b.height:
                width = DEFAULT_WIDTH
            else:
                height = DEFAULT_PORTRAIT_HEIGHT
        if width is None:
            width = round((height - m["t"] - m["b"]) * b.width / b.height + m["l"] + m["r"])
        if height is None:
            height = round((width - m["l"] - m["r"]) * b.height / b.width + m["t"] + m["b"])
        return width, height, m

    def _label_scale(self, width, height) -> float:
        """The scale city names are placed for: the text size's.  A board drawn smaller (a
        static figure of a smaller size, or a widget's board fitted to a small screen) keeps
        that placement, each name moved inside the frame where it would stick out
        (`drawn_scale`): placed afresh for a small scale, names crowd away from their dots."""
        return LABEL_SCALES[self.text_size]

    def _drawn_scale(self, width, height) -> float:
        """The px per board unit a figure of this size draws the board at."""
        w, h, m = self._size(width, height)
        b = self.board
        return min((w - m["l"] - m["r"]) / b.width, (h - m["t"] - m["b"]) / b.height)

    def _layout(self, width, height, title) -> dict:
        """The figure's layout, as plotly's JSON (`built` takes it as it is)."""
        b = self.board
        width, height, m = self._size(width, height)
        axis = dict(visible=False, showgrid=False, zeroline=False, showticklabels=False)
        title = b.display_title if title is None else title
        return dict(
            # responsive: no fixed width (the widgets size it to their box with fit_width)
            width=None if self.responsive else width, height=height, autosize=self.responsive or None, margin=m,
            title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=self.sizes["title"])),
            paper_bgcolor="#ffffff", plot_bgcolor="#ffffff",
            # Explicit ranges show exactly the board's frame; y runs down (range [height, 0]).
            # (autorange="reversed" pads the frame, and plotly.js draws nothing when
            # autorangeoptions bound a reversed axis.)
            xaxis=dict(axis, range=[0, b.width], autorange=False, constrain="domain"),
            yaxis=dict(axis, range=[b.height, 0], autorange=False, scaleanchor="x", scaleratio=1,
                       constrain="domain"),
            shapes=[dict(type="rect", xref="x", yref="y", x0=0, y0=0, x1=b.width, y1=b.height, layer="below",
                         fillcolor=_BOARD_FILL, line=dict(color=_BOARD_EDGE, width=1))],
            showlegend=True,
            # the legend on its own line under the title, so that a narrow board never covers it
            legend=dict(orientation="h", x=0, xanchor="left", y=1.0, yanchor="bottom", font=dict(size=self.sizes["legend"]),
                        bgcolor="rgba(255,255,255,0)", itemclick=False, itemdoubleclick=False),
            hovermode=False if self.static else "closest",
            dragmode=False if self.static else "zoom",
            uirevision=b.name,
            meta=dict(board=b.name, traces=list(self.trace_names)),
        )

    # ------------------------------------------------------------------ public
    def trace(self, name: str):
        """The trace called ``name`` (see the module docstring), e.g. ``view.trace("routes")``."""
        return self.figure.data[self.index[name]]

    def owner_of_polygons(self, name: str) -> list[str]:
        """The keys of the routes whose spaces the trace ``name`` ("player 0", "spaces red",
        "closed") draws now."""
        return [self.board.routes[i].key for i in self._members(name)]

    def update(self, state) -> tuple[str, ...]:
        """Show ``state`` (a later position of the same game): restyle only the traces whose
        content changed, inside one ``batch_update``.  Returns the names of the traces changed."""
        game, st = _split(state)
        if (game.board is not self.board or game.players != self.game.players
                or game.route_points != self.game.route_points or game.doubles_open != self.game.doubles_open):
            raise ValueError("update needs a position of the same board and number of players; "
                             "build a new figure for another game")
        self.game = game
        pos = _Position(game, st)
        old = self._pos
        self._pos = pos
        n = len(self.board.routes)
        changed_owner = [i for i in range(n) if pos.owners[i] != old.owners[i]] if pos.owners != old.owners else []
        touched: set[str] = set()
        new_cat = self._category
        if changed_owner:
            new_cat = list(self._category)
            twins = self.game.twins
            check = set(changed_owner) | {twins[i] for i in changed_owner if twins[i] is not None}
            for i in check:
                c = self._category_of(pos, i)
                if c != new_cat[i]:
                    touched.add(new_cat[i])
                    touched.add(c)
                    new_cat[i] = c
        hover = self._hover
        hover_changed = False
        if changed_owner:
            hover = list(self._hover)
            twins = self.game.twins
            for i in set(changed_owner) | {twins[i] for i in changed_owner if twins[i] is not None}:
                t = self._route_text(pos, i)
                if t != hover[i]:
                    hover[i] = t
                    hover_changed = True
        stations_changed = pos.stations != old.stations
        depots_changed = pos.depots != old.depots
        overlays = self._overlay_data(pos, self.overlays) if self._overlays_active() else None
        self._category = new_cat
        names: list[str] = []
        fig = self.figure
        data = fig.data
        with fig.batch_update():
            for name in self.trace_names:
                if name in touched:
                    xs, ys = self.geometry.routes_xy(self._members(name))
                    tr = data[self.index[name]]
                    tr.x = xs
                    tr.y = ys
                    names.append(name)
            if stations_changed:
                self._restyle("stations", self._station_data(pos))
                names.append("stations")
            if depots_changed or (stations_changed and pos.depots is not None):
                self._restyle("depots", self._depot_data(pos))
                names.append("depots")
            if stations_changed or depots_changed:
                places = [c for c in self.board.cities if not c.is_country]
                data[self.index["cities"]].hovertext = [self._city_text(pos, c) for c in places]
                names.append("cities")
            if overlays is not None:
                names += self._apply_overlays(overlays)
            if touched:
                self._restyle("owner marks", self._marks_data(pos))
                names.append("owner marks")
                if self.colour_blind:
                    self._restyle("colour letters", self._letters_data(pos))
                    names.append("colour letters")
            if hover_changed:
                self._hover = hover
                data[self.index["routes"]].hovertext = hover
                data[self.index["route spaces"]].hovertext = self._space_hover()
                names += ["routes", "route spaces"]
        return tuple(sorted(names, key=self.index.__getitem__))

    def set_overlays(self, overlays=None, **changes) -> tuple[str, ...]:
        """Replace the overlays (an ``Overlays``, a dict, or keyword changes to the current
        ones: ``view.set_overlays(ticket="Boston-Miami")``).  Returns the traces changed."""
        ov = Overlays.of(overlays) if overlays is not None else self.overlays
        if changes:
            ov = replace(ov, **changes)
        self.overlays = ov
        data = self._overlay_data(self._pos, ov)
        with self.figure.batch_update():
            return tuple(self._apply_overlays(data))

    def set_highlight(self, highlight=None) -> tuple[str, ...]:
        """Outline routes (indices, keys) and ring cities (names); ``None`` clears."""
        self.highlight = self._resolve_highlight(highlight)
        data = self._overlay_data(self._pos, self.overlays)
        with self.figure.batch_update():
            return tuple(self._apply_overlays(data))

    def set_marked(self, routes=None) -> tuple[str, ...]:
        """Mark a group of routes (indices, keys) with a dotted outline, e.g. "the double
        routes": a style apart from the selection's, so a selected route still stands out."""
        self.marked = tuple(self.game.route_index(r) for r in (routes or ()))
        data = self._overlay_data(self._pos, self.overlays)
        with self.figure.batch_update():
            return tuple(self._apply_overlays(data))

    def _city_labels(self) -> dict:
        """Where the city names go: the placement for the text size, each name kept inside the
        frame when the board is drawn smaller than the placement's scale."""
        sz = self.sizes
        g = self.geometry
        labels = board_labels(self.board, sz["city"], self.label_scale, sz["country"], g.car_length, g.car_width)
        if self.drawn_scale is not None and self.drawn_scale < self.label_scale:
            labels = within_frame(labels, self.board.width, self.board.height, self.drawn_scale)
        return labels

    def set_drawn_scale(self, scale: float | None) -> tuple[str, ...]:
        """A responsive board is drawn at ``scale`` px per board unit now (the widgets fit it to
        the screen): names near the frame move in where it would cut them.  Returns the traces
        restyled."""
        scale = None if scale is None else round(float(scale), 3)
        old = self._city_labels()
        self.drawn_scale = scale
        new = self._city_labels()
        if new == old:
            return ()
        names = [c.name for c in self.board.cities if not c.is_country]
        with self.figure.batch_update():
            self._restyle("city names", dict(x=[new[c].x for c in names], y=[new[c].y for c in names]))
        return ("city names",)

    def set_colour_letters(self, on: bool = True) -> tuple[str, ...]:
        """Colour-blind mode on or off: the printed colour's letter on every open space."""
        self.colour_blind = bool(on)
        with self.figure.batch_update():
            self._restyle("colour letters", self._letters_data(self._pos))
        return ("colour letters",)

    def set_text_size(self, text_size: str) -> tuple[str, ...]:
        """Draw the city names, numbers, legend and hover texts at another size (a name of
        `TEXT_SIZES`: ``"default"``, ``"projector"``), the names placed for it.  Returns the
        traces restyled (the layout's title, legend and top margin change too)."""
        if text_size not in TEXT_SIZES:
            raise ValueError(f"text_size is one of {', '.join(map(repr, TEXT_SIZES))}, not {text_size!r}")
        if text_size == self.text_size:
            return ()
        fig = self.figure
        self.text_size, self.sizes = text_size, TEXT_SIZES[text_size]
        self.label_scale = self._label_scale(fig.layout.width, fig.layout.height)
        layout = self._layout(fig.layout.width, None if fig.layout.width else fig.layout.height, fig.layout.title.text)
        if not self.responsive:
            self.drawn_scale = round(self._drawn_scale(layout["width"], layout["height"]), 3)
        new = dict(zip(self.trace_names, self._traces(self._pos, self._overlay_cache)))
        with fig.batch_update():
            for name, paths in _SIZED_TRACES.items():
                props = _flat(new[name])
                self.figure.data[self.index[name]].update({p: props[p] for p in paths if p in props})
            fig.layout.title.font.size = layout["title"]["font"]["size"]
            fig.layout.legend.font.size = layout["legend"]["font"]["size"]
            fig.layout.margin.t = layout["margin"]["t"]
            if not self.responsive:
                fig.layout.height = layout["height"]
        return tuple(_SIZED_TRACES)

    def _overlays_active(self) -> bool:
        ov = self.overlays
        return bool(ov.path) or any(v is not None and v is not False
                                    for v in (ov.ticket, ov.network, ov.longest, ov.payable))

    def _apply_overlays(self, data: dict) -> list[str]:
        names = []
        for name, props in data.items():
            if name.startswith("_"):
                continue
            if self._overlay_cache.get(name) != props:
                self._restyle(name, props)
                names.append(name)
        self._overlay_cache = data
        return names

    def _restyle(self, name: str, props: dict) -> None:
        self.figure.data[self.index[name]].update(props)

    # ------------------------------------------------------------------ clicks
    def on_route_click(self, callback: Callable[[int], Any], remove: bool = False) -> None:
        """Call ``callback(route_index)`` when a route's marker is clicked (FigureWidget only
        fires clicks; :meth:`click_route` does the same from Python)."""
        self._register(self._route_click, callback, remove)

    def on_city_click(self, callback: Callable[[str], Any], remove: bool = False) -> None:
        """Call ``callback(city_name)`` when a city dot is clicked."""
        self._register(self._city_click, callback, remove)

    def click_route(self, route) -> None:
        """Do what a click on ``route`` (index, key or Route) does."""
        self._route_click(self.game.route_index(route))

    def click_city(self, city: str) -> None:
        """Do what a click on ``city`` does."""
        self.board.routes_at(city)  # KeyError for an unknown place
        self._city_click(city)

    def _register(self, callbacks: Callbacks, callback, remove: bool) -> None:
        callbacks.register(callback, remove)
        if not remove and not self._hooked and self.widget:
            self._hooked = True
            self.trace("routes").on_click(self._route_clicked)
            self.trace("route spaces").on_click(self._route_clicked)
            self.trace("cities").on_click(self._city_clicked)
            self.trace("depots").on_click(self._city_clicked)       # a Depot covers its city's dot

    def _route_clicked(self, trace, points, state) -> None:
        for k in points.point_inds:
            self.click_route(int(trace.customdata[k]))

    def _city_clicked(self, trace, points, state) -> None:
        for k in points.point_inds:
            self.click_city(trace.customdata[k])


# --------------------------------------------------------------------------- functions



def keep_state_fresh(fig) -> None:
    """Make a `go.FigureWidget` hand its *current* traces and layout to every new view.

    plotly sends restyles as one-off messages and leaves the synced `_widget_data` /
    `_widget_layout` traits as first built (it refreshes them only when the figure itself
    is displayed, not inside a box of widgets). A view created later -- Voilà rendering the
    page after the notebook ran, a JupyterLab reload, a second display -- would show the
    figure as it was built. Here the two traits are refreshed, without sending a message,
    whenever a front end asks for the whole state (`get_state()` with no key)."""
    original = fig.get_state

    def get_state(key=None, drop_defaults=False):
        if key is None:
            fig._trait_values["_widget_data"] = deepcopy(fig._data)
            fig._trait_values["_widget_layout"] = deepcopy(fig._layout_obj._props)
        return original(key=key, drop_defaults=drop_defaults)

    fig.get_state = get_state


#: plotly config of board widgets: no mode bar over the title and legend (drag still zooms,
#: a double click zooms back out)
WIDGET_CONFIG = {"displayModeBar": False}

#: The tallest a responsive board grows (px): the whole board stays on a 1080-pixel screen.
MAX_BOARD_HEIGHT = 900


def fit_width(fig, board, width: float, max_height: int = MAX_BOARD_HEIGHT) -> bool:
    """Size a board figure to ``width`` px (the width of the box it is shown in), its height in
    the board's proportions, up to ``max_height`` (a portrait board then gets narrower).
    Returns whether the size changed.  The widgets call it whenever their box is resized."""
    m = fig.layout.margin
    height = round((width - m.l - m.r) * board.height / board.width + m.t + m.b)
    if height > max_height:
        height = max_height
        width = round((height - m.t - m.b) * board.width / board.height + m.l + m.r)
    width, height = max(200, int(width)), max(200, int(height))
    if (fig.layout.width, fig.layout.height) == (width, height):
        return False
    with fig.batch_update():
        fig.layout.width, fig.layout.height = width, height
    return True


def board_figure(state_or_game, *, player_colours: Sequence[str] | None = None, highlight=None, overlays=None,
                 static: bool = False, widget: bool = False, width: int | None = None, height: int | None = None,
                 title: str | None = None, colour_blind: bool = False, text_size: str = "default",
                 responsive: bool = False, **overlay_kw) -> go.Figure:
    """The board of a game or position as a plotly figure.

    ``state_or_game``  a ``State`` (claimed routes, stations), a ``Game`` or an edition name
    ``player_colours`` CSS colours by seat (default red, blue, green, yellow, black)
    ``highlight``      routes (index, key) and/or city names to outline
    ``overlays``       an :class:`Overlays` or a dict (``ticket``, ``network``, ``longest``,
                       ``payable``, ``player``); the same names also work as keywords
    ``static``         a plain picture: no hover, no route markers, no zoom
    ``widget``         return a ``go.FigureWidget`` (needs anywidget): a
                       :class:`~ttr_nb.viz.figure_widget.FigureWidget`, whose page fetches
                       plotly.js once however many figures it shows
    ``colour_blind``   colour-blind mode: a letter on every open space names its printed colour
                       (R red, O orange, Y yellow, G green, B blue, P pink, W white, K black;
                       grey spaces have none)
    ``text_size``      ``"default"`` (reads at 1280 px) or ``"projector"`` (city names, numbers
                       and legend large enough for the back of a room; with no size given, the
                       figure is drawn at a 1920-pixel projector's scale, 1324 px wide when the
                       board is landscape)
    ``responsive``     no fixed width: the figure takes the width it is given (the widgets
                       measure their box and call :func:`fit_width`)

    The :class:`BoardView` behind the figure is ``fig._ttr_view`` (:func:`board_view`);
    :func:`update_board` shows a later position cheaply.
    """
    if overlay_kw:
        ov = Overlays.of(overlays)
        names = {f.name for f in fields(Overlays)}
        bad = [k for k in overlay_kw if k not in names]
        if bad:
            raise TypeError(f"board_figure() got an unexpected keyword argument {bad[0]!r}")
        overlays = replace(ov, **overlay_kw)
    view = BoardView(state_or_game, player_colours=player_colours, highlight=highlight, overlays=overlays,
                     static=static, widget=widget, width=width, height=height, title=title,
                     colour_blind=colour_blind, text_size=text_size, responsive=responsive)
    return view.figure


def board_widget(state_or_game, **kw) -> go.FigureWidget:
    """:func:`board_figure` as a ``go.FigureWidget`` (for ipywidgets apps)."""
    return board_figure(state_or_game, widget=True, **kw)


def board_view(fig) -> BoardView:
    """The :class:`BoardView` of a figure made by :func:`board_figure`."""
    view = getattr(fig, "_ttr_view", None)
    if view is None:
        raise ValueError("this figure was not made by ttr_nb.viz.board_figure")
    return view


def update_board(fig, state) -> tuple[str, ...]:
    """Show ``state`` on a figure made by :func:`board_figure` (same game): only the traces
    whose content changed are restyled, inside ``fig.batch_update()``.  Returns their names."""
    return board_view(fig).update(state)
