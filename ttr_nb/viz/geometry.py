"""Pure geometry of a board picture: train-space polygons, route mid points and centre lines.

Everything is in board pixels (x right, **y down**, as in ``ttr_nb/maps/*.json``); an angle is
in degrees, clockwise on screen.  Nothing here imports plotly: the functions turn
engine objects into plain lists of numbers, and ``ttr_nb.viz.board`` turns those
into traces.

A polygon is a list of ``(x, y)`` corners, closed (the last corner repeats the
first).  Many polygons are drawn by one plotly trace as flat coordinate lists
separated by ``None`` (see :func:`flatten`).

>>> from ttr_nb.engine.board import load_board
>>> route = load_board("usa").find_route("Atlanta-Charleston")
>>> len(space_polygons(route))
2
>>> route_midpoint(route)
(1483.0, 748.0)
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable, Sequence

__all__ = [
    "CAR_LENGTH",
    "CAR_WIDTH",
    "Point",
    "Polygon",
    "BoardGeometry",
    "board_geometry",
    "car_polygon",
    "zigzag_outline",
    "locomotive_glyph",
    "ellipse",
    "space_polygons",
    "route_midpoint",
    "route_centreline",
    "route_end_point",
    "loco_symbol_spaces",
    "convex_overlap",
    "flatten",
    "count_polygons",
]

Point = tuple[float, float]
Polygon = list[Point]

#: Size of a drawn train space, in board pixels.  Consecutive spaces of a route are
#: ~65 px apart (47 px on tight curves) and the two sides of a double route ~22 px.
CAR_LENGTH = 54.0
CAR_WIDTH = 17.0


# --------------------------------------------------------------------------- shapes


def _frame(x: float, y: float, angle: float) -> tuple[float, float, float, float]:
    """Unit vectors along (u) and across (v) a space at ``angle`` degrees clockwise (y down)."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return c, s, -s, c


def _place(x: float, y: float, angle: float, local: Iterable[Point]) -> Polygon:
    """Move local (along, across) coordinates to board coordinates around (x, y)."""
    ux, uy, vx, vy = _frame(x, y, angle)
    return [(round(x + p * ux + q * vx, 2), round(y + p * uy + q * vy, 2)) for p, q in local]


def car_polygon(x: float, y: float, angle: float, length: float = CAR_LENGTH, width: float = CAR_WIDTH,
                bevel: float = 2.5) -> Polygon:
    """A train space: a rectangle ``length`` x ``width`` centred on (x, y), turned by ``angle``,
    with slightly cut corners (it reads as a car, not a bar).

    >>> car_polygon(0, 0, 0, 10, 4, bevel=0)
    [(-5.0, -2.0), (5.0, -2.0), (5.0, 2.0), (-5.0, 2.0), (-5.0, -2.0)]
    >>> [(round(px), round(py)) for px, py in car_polygon(0, 0, 90, 10, 4, bevel=0)[:2]]
    [(2, -5), (2, 5)]
    """
    h, w = length / 2, width / 2
    b = min(bevel, w / 2, h / 2)
    if b <= 0:
        local = [(-h, -w), (h, -w), (h, w), (-h, w)]
    else:
        local = [(-h + b, -w), (h - b, -w), (h, -w + b), (h, w - b), (h - b, w), (-h + b, w), (-h, w - b),
                 (-h, -w + b)]
    local.append(local[0])
    return _place(x, y, angle, local)


def zigzag_outline(x: float, y: float, angle: float, length: float = CAR_LENGTH, width: float = CAR_WIDTH,
                   teeth: int = 7, depth: float = 3.5) -> Polygon:
    """The jagged black border that marks a tunnel space: teeth along both long sides
    of a box a little larger than the car, straight short sides."""
    h, w = length / 2 + 2.0, width / 2 + 2.0
    local: list[Point] = []
    for side in (-1, 1):
        xs = [-h + 2 * h * k / (2 * teeth) for k in range(2 * teeth + 1)]
        if side == 1:
            xs = xs[::-1]
        for k, px in enumerate(xs):
            out = depth if k % 2 else 0.0
            local.append((px, side * (w + out)))
    local.append(local[0])
    return _place(x, y, angle, local)


def ellipse(x: float, y: float, angle: float, rx: float, ry: float, n: int = 14) -> Polygon:
    """A closed ellipse (``n`` corners) with half axes ``rx`` along and ``ry`` across the angle."""
    local = [(rx * math.cos(2 * math.pi * k / n), ry * math.sin(2 * math.pi * k / n)) for k in range(n)]
    local.append(local[0])
    return _place(x, y, angle, local)


# A locomotive in profile, facing +along, in units of the glyph's half length and half height
# (across: + is down): cab, boiler with chimney, cow catcher.
_LOCO_SHAPE: list[Point] = [
    (-1.0, 0.8), (-1.0, -1.0), (-0.3, -1.0), (-0.3, -0.25), (0.3, -0.25), (0.3, -0.9), (0.58, -0.9),
    (0.58, -0.25), (0.8, -0.25), (0.8, 0.35), (1.0, 0.8),
]


def locomotive_glyph(x: float, y: float, angle: float, half_length: float = 20.0,
                     half_height: float = 7.0) -> Polygon:
    """A locomotive silhouette (the symbol printed on ferry spaces) centred on (x, y).

    The glyph is drawn upright when the space runs left to right, and turned round so
    that it is never upside down on a space running right to left.
    """
    a = (angle + 180.0) % 360.0 - 180.0     # in [-180, 180)
    if a > 90:
        a -= 180.0
    elif a < -90:
        a += 180.0
    local = [(p * half_length, q * half_height) for p, q in _LOCO_SHAPE]
    local.append(local[0])
    return _place(x, y, a, local)


# --------------------------------------------------------------------------- routes


def space_polygons(route, length: float = CAR_LENGTH, width: float = CAR_WIDTH) -> list[Polygon]:
    """One car polygon per train space of ``route`` (in the order of ``route.spaces``)."""
    return [car_polygon(x, y, a, length, width) for x, y, a in route.spaces]


def route_midpoint(route) -> Point:
    """The middle of a route: the middle space, or half way between the two middle spaces."""
    sp = route.spaces
    n = len(sp)
    if n % 2:
        x, y, _ = sp[n // 2]
        return (float(x), float(y))
    (x1, y1, _), (x2, y2, _) = sp[n // 2 - 1], sp[n // 2]
    return ((x1 + x2) / 2, (y1 + y2) / 2)


def route_end_point(route, board, end: str) -> Point:
    """Where a route meets its place ``end``: the city, or (a country) the route's border point."""
    if end == route.a and route.a_border_point is not None:
        return tuple(route.a_border_point)
    if end == route.b and route.b_border_point is not None:
        return tuple(route.b_border_point)
    c = board.city[end]
    if c.is_country and c.border_points:       # a country without a recorded border point: the nearest one
        sx, sy, _ = route.spaces[0] if end == route.a else route.spaces[-1]
        return min(c.border_points, key=lambda p: math.dist(p, (sx, sy)))
    return (float(c.x), float(c.y))


def route_centreline(route, board, start: str | None = None) -> list[Point]:
    """The line a train follows along ``route``: from the ``start`` place (default ``route.a``)
    through the centres of the spaces to the other place."""
    start = route.a if start is None else start
    end = route.other(start)
    p0 = route_end_point(route, board, start)
    p1 = route_end_point(route, board, end)
    pts = [(float(x), float(y)) for x, y, _ in route.spaces]
    if math.dist(pts[0], p0) + math.dist(pts[-1], p1) > math.dist(pts[-1], p0) + math.dist(pts[0], p1):
        pts.reverse()
    return [p0, *pts, p1]


def loco_symbol_spaces(route) -> tuple[int, ...]:
    """Which spaces of a ferry carry its locomotive symbols.

    The board data gives only how many symbols a ferry has, not where they are printed;
    they are spread evenly over the route (all spaces when every space has one).

    >>> class R: length, ferry_locomotives = 4, 1
    >>> loco_symbol_spaces(R)
    (1,)
    >>> R.ferry_locomotives = 2; loco_symbol_spaces(R)
    (1, 3)
    """
    n, k = route.length, route.ferry_locomotives
    if k <= 0:
        return ()
    if k >= n:
        return tuple(range(n))
    return tuple(sorted({min(n - 1, int((j + 0.5) * n / k)) if k > 1 else (n - 1) // 2 for j in range(k)}))


def convex_overlap(p: Sequence[Point], q: Sequence[Point]) -> bool:
    """Whether two convex polygons overlap (separating axis test; touching is not overlapping)."""
    p, q = _corners(p), _corners(q)
    for poly in (p, q):
        n = len(poly)
        for k in range(n):
            (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % n]
            nx, ny = y1 - y2, x2 - x1
            a = [nx * px + ny * py for px, py in p]
            b = [nx * qx + ny * qy for qx, qy in q]
            if max(a) <= min(b) or max(b) <= min(a):
                return False
    return True


def _corners(poly: Sequence[Point]) -> list[Point]:
    return list(poly[:-1]) if len(poly) > 1 and poly[0] == poly[-1] else list(poly)


# --------------------------------------------------------------------------- flat lists


def flatten(polygons: Iterable[Sequence[Point]]) -> tuple[list, list]:
    """x and y lists of several polygons / polylines separated by ``None`` (one plotly trace)."""
    xs: list = []
    ys: list = []
    for poly in polygons:
        if xs:
            xs.append(None)
            ys.append(None)
        for x, y in poly:
            xs.append(x)
            ys.append(y)
    return xs, ys


def count_polygons(xs: Sequence) -> int:
    """How many None-separated pieces a flat coordinate list holds.

    >>> count_polygons([0, 1, None, 2, 3, None]), count_polygons([]), count_polygons([None])
    (2, 0, 0)
    """
    n = 0
    inside = False
    for v in xs or ():
        if v is None:
            inside = False
        elif not inside:
            inside = True
            n += 1
    return n


# --------------------------------------------------------------------------- per board

#: How far the water round a ferry reaches (board units) in the sea backdrop.
SEA_RADIUS = 38.0


class BoardGeometry:
    """Everything drawn for a board that does not depend on the position, computed once.

    Per route ``i``: ``spaces_xy[i]`` (the flat x, y lists of its car polygons, ending with a
    ``None`` separator so that routes concatenate cheaply), ``outline_xy[i]`` (the same
    polygons, for outline overlays), ``mid[i]`` and ``centre[i]`` (centre line from ``a`` to ``b``).
    """

    def __init__(self, board, length: float = CAR_LENGTH, width: float = CAR_WIDTH):
        self.board = board
        self.car_length = length
        self.car_width = width
        self.spaces_xy: list[tuple[list, list]] = []
        self.mid: list[Point] = []
        self.centre: list[list[Point]] = []
        for r in board.routes:
            xs: list = []
            ys: list = []
            for poly in space_polygons(r, length, width):
                for x, y in poly:
                    xs.append(x)
                    ys.append(y)
                xs.append(None)
                ys.append(None)
            self.spaces_xy.append((xs, ys))
            self.mid.append(route_midpoint(r))
            self.centre.append(route_centreline(r, board))
        self.tunnel_xy = flatten(zigzag_outline(x, y, a, length, width)
                                 for r in board.routes if r.tunnel for x, y, a in r.spaces)
        symbols = [(r.spaces[k]) for r in board.routes for k in loco_symbol_spaces(r)]
        self.symbol_count = len(symbols)
        self.symbol_xy = flatten(locomotive_glyph(x, y, a, length * 0.36, width * 0.4) for x, y, a in symbols)
        self.symbol_centres = [(float(x), float(y)) for x, y, _ in symbols]
        #: the centre of every space, per route (click targets, owner marks, colour letters)
        self.space_centres: list[list[Point]] = [[(float(x), float(y)) for x, y, _ in r.spaces]
                                                 for r in board.routes]
        self.total_spaces = sum(r.length for r in board.routes)

    @property
    def sea_xy(self) -> tuple[list, list]:
        """A light sea backdrop from the board's own data: soft discs of water round every space
        of a ferry, so that ferries read as sea crossings (the board has no coastlines; the
        parchment elsewhere is land).  Computed once."""
        if not hasattr(self, "_sea"):
            discs = []
            for r in self.board.routes:
                if r.ferry_locomotives:
                    pts = [(float(x), float(y)) for x, y, _ in r.spaces]
                    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):      # between spaces too: no gaps
                        pts.append(((x1 + x2) / 2, (y1 + y2) / 2))
                    discs += [ellipse(x, y, 0, SEA_RADIUS, SEA_RADIUS, 18) for x, y in pts]
            self._sea = flatten(discs)
        return self._sea

    def routes_xy(self, indices: Iterable[int]) -> tuple[list, list]:
        """The flat polygon lists of several routes' spaces, for one trace."""
        xs: list = []
        ys: list = []
        sx = self.spaces_xy
        for i in indices:
            a, b = sx[i]
            xs += a
            ys += b
        return xs, ys

    def path_xy(self, steps: Iterable[tuple[int, str]]) -> tuple[list, list]:
        """One polyline per route along a path: ``steps`` are (route index, place it starts from)."""
        board = self.board
        pieces = []
        for ri, start in steps:
            line = self.centre[ri]
            r = board.routes[ri]
            pieces.append(line if start == r.a else line[::-1])
        return flatten(pieces)


@lru_cache(maxsize=32)
def _cached_geometry(board, length: float, width: float) -> BoardGeometry:
    return BoardGeometry(board, length, width)


def board_geometry(board, length: float = CAR_LENGTH, width: float = CAR_WIDTH) -> BoardGeometry:
    """The (cached) :class:`BoardGeometry` of a board."""
    return _cached_geometry(board, float(length), float(width))
