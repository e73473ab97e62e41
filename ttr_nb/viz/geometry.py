"""Pure geometry of a board picture: train-space polygons, route mid points and centre lines.

Everything is in board pixels (x right, **y down**, as in ``maps/*.json``); an angle is
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
    "LABEL_SCALE",
    "LABEL_GAPS",
    "label_positions",
    "label_candidates",
    "text_box",
    "two_lines",
    "Label",
    "label_conflicts",
    "text_width",
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


# --------------------------------------------------------------------------- labels

#: Pixels per board unit of the smallest board the layouts show (a 1744-unit wide board
#: drawn ~880 px wide: JupyterLab at 1280 px with the file browser open).  Names are placed
#: for this scale; on a larger board they are relatively smaller, anchored at the same points.
LABEL_SCALE = 0.5

#: How far (px from the dot's centre to the nearest edge of its name) a name may sit, nearest first.
LABEL_GAPS = (6.0, 11.0, 17.0, 24.0, 32.0, 42.0)

#: A placed name: the point the text is anchored at, the plotly textposition, and the text
#: (the name, or the name on two lines joined by ``<br>``).
Label = tuple[float, float, str, str]

# plotly textpositions of a text-only trace, with the side (dx, dy) of the anchor point the
# text lies on (y down)
_DIRECTIONS: dict[str, tuple[int, int]] = {
    "top center": (0, -1),
    "bottom center": (0, 1),
    "middle right": (1, 0),
    "middle left": (-1, 0),
    "top right": (1, -1),
    "top left": (-1, -1),
    "bottom right": (1, 1),
    "bottom left": (-1, 1),
}
# above, below, right, left, the diagonals, then the rest (directions in steps of 22.5 degrees)
_ANGLE_ORDER = (12, 4, 0, 8, 14, 10, 2, 6, 13, 11, 15, 9, 3, 5, 1, 7)

# advance widths of DejaVu Sans / Verdana (wider than Arial or Helvetica: a safe estimate), in em
_NARROW = dict.fromkeys("iljI.,:;'|!", 0.30)
_NARROW.update(dict.fromkeys("frt-() ", 0.40))
_WIDE = dict.fromkeys("mwMW", 0.92)
_WIDE.update(dict.fromkeys("ABCDGHKNOQRUVXÅÄÖØÆ", 0.74))


def text_width(text: str, size: float) -> float:
    """The width in pixels of ``text`` (lines split at ``<br>``) at font ``size`` px (a slight
    overestimate)."""
    widest = 0.0
    for line in text.split("<br>"):
        em = 0.0
        for ch in line:
            em += _NARROW.get(ch) or _WIDE.get(ch) or (0.66 if ch.isupper() else 0.61)
        widest = max(widest, em)
    return widest * size


def text_height(text: str, size: float) -> float:
    """The height in pixels of ``text`` (lines split at ``<br>``) at font ``size`` px."""
    return size * (1.25 + 1.1 * text.count("<br>"))


def two_lines(name: str) -> str | None:
    """``name`` broken into two lines at the space or hyphen nearest its middle, or None."""
    cuts = [k for k, ch in enumerate(name) if ch in " -"]
    if not cuts:
        return None
    k = min(cuts, key=lambda k: abs(2 * k - len(name)))
    head, tail = (name[:k], name[k + 1:]) if name[k] == " " else (name[:k + 1], name[k + 1:])
    return f"{head}<br>{tail}"


def text_box(ax: float, ay: float, text: str, position: str, size: float = 13.0,
             scale: float = LABEL_SCALE) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1), in board units, of ``text`` drawn at ``size`` px by a plotly
    text trace at the point (ax, ay) with ``textposition=position``, on a board shown at
    ``scale`` pixels per board unit."""
    dx, dy = _DIRECTIONS[position]
    w = (text_width(text, size) + 4) / scale
    h = text_height(text, size) / scale
    x0 = ax - w / 2 if dx == 0 else (ax if dx > 0 else ax - w)
    y0 = ay - h / 2 if dy == 0 else (ay if dy > 0 else ay - h)
    return (x0, y0, x0 + w, y0 + h)


def _anchor_position(angle: float) -> str:
    """The textposition that keeps a name on the side of ``angle`` (degrees, y down)."""
    octant = round(angle / 45.0) % 8
    return ("middle right", "bottom right", "bottom center", "bottom left", "middle left", "top left",
            "top center", "top right")[octant]


def label_candidates(x: float, y: float, name: str, size: float = 13.0, scale: float = LABEL_SCALE) -> list[Label]:
    """Where the name of a city at (x, y) may go, nearest and most usual first: anchor points
    with their textposition, :data:`LABEL_GAPS` px from the dot in 16 directions, on one line
    and then (names of several words) on two."""
    out = []
    texts = [t for t in (name, two_lines(name)) if t]
    for gap in LABEL_GAPS:
        for text in texts:
            out += _ring(x, y, text, gap, size, scale)
    return out


def _ring(x, y, text, gap, size, scale) -> list[Label]:
    out = []
    w = (text_width(text, size) + 4) / scale
    h = text_height(text, size) / scale
    g = gap / scale
    for k in _ANGLE_ORDER:
        a = math.radians(k * 22.5)
        ux, uy = math.cos(a), math.sin(a)
        pos = _anchor_position(k * 22.5)
        dx, dy = _DIRECTIONS[pos]
        # the box's centre goes far enough along (ux, uy) that its nearest edge is g away
        reach = min(w / 2 / abs(ux) if abs(ux) > 1e-9 else math.inf,
                    h / 2 / abs(uy) if abs(uy) > 1e-9 else math.inf)
        cx, cy = x + ux * (g + reach), y + uy * (g + reach)
        out.append((round(cx + dx * w / 2, 1), round(cy + dy * h / 2, 1), pos, text))
    return out


def _corners(poly: Sequence[Point]) -> list[Point]:
    return list(poly[:-1]) if len(poly) > 1 and poly[0] == poly[-1] else list(poly)


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


def _axes(poly: Sequence[Point]) -> list[tuple[float, float, float, float]]:
    """The edge normals of a convex polygon (parallel ones once) with the polygon's extent along
    each: (nx, ny, lo, hi).  With the box's own axes (its bounds) they decide box overlaps."""
    pts = _corners(poly)
    out: list[tuple[float, float, float, float]] = []
    for k in range(len(pts)):
        (x1, y1), (x2, y2) = pts[k], pts[(k + 1) % len(pts)]
        nx, ny = y1 - y2, x2 - x1
        norm = math.hypot(nx, ny)
        if norm < 1e-9:
            continue
        nx, ny = nx / norm, ny / norm
        if any(abs(nx * ax + ny * ay) > 0.9999 for ax, ay, _, _ in out):
            continue
        proj = [nx * px + ny * py for px, py in pts]
        out.append((nx, ny, min(proj), max(proj)))
    return out


def _box_hits(box, bounds, axes) -> bool:
    """Whether an axis-parallel box overlaps a convex polygon given by its bounds and _axes."""
    if not (bounds[0] < box[2] and bounds[2] > box[0] and bounds[1] < box[3] and bounds[3] > box[1]):
        return False
    x0, y0, x1, y1 = box
    for nx, ny, lo, hi in axes:
        a, b = nx * x0, nx * x1
        c, d = ny * y0, ny * y1
        pmin = min(a, b) + min(c, d)
        pmax = max(a, b) + max(c, d)
        if pmax <= lo or hi <= pmin:
            return False
    return True


def box_polygon(box: tuple[float, float, float, float]) -> Polygon:
    """The closed polygon of an axis-parallel box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def _box_overlap_area(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def label_obstacles(board, length: float = CAR_LENGTH, width: float = CAR_WIDTH, scale: float = LABEL_SCALE,
                    dot: float = 8.0) -> list[Polygon]:
    """What a city name must not cover: every car, every city dot (``dot`` px from its centre)
    and every country's border marker."""
    out = [car_polygon(x, y, a, length, width, bevel=0) for r in board.routes for x, y, a in r.spaces]
    rd = dot / scale
    for c in board.cities:
        if c.is_country:
            for bx, by in c.border_points:
                out.append(box_polygon((bx - 10 / scale, by - 10 / scale, bx + 10 / scale, by + 10 / scale)))
        else:
            out.append(box_polygon((c.x - rd, c.y - rd, c.x + rd, c.y + rd)))
    return out


def label_positions(board, length: float = CAR_LENGTH, size: float = 13.0, scale: float = LABEL_SCALE,
                    width: float = CAR_WIDTH) -> dict[str, Label]:
    """For each city, where its name goes: ``(x, y, textposition)`` for a text trace.

    The name sits in one of 16 directions around the dot, at one of :data:`LABEL_GAPS`: the
    first place (nearest, then the usual directions) whose box covers no car, no city dot,
    no other name and stays inside the frame; where none is free, the one covering least.
    Most constrained cities go first; two more passes move names into places freed meanwhile.
    """
    places = [c for c in board.cities if not c.is_country]
    obstacles = label_obstacles(board, length, width, scale)
    n_cars = sum(r.length for r in board.routes)
    bounds = [(min(p[0] for p in o), min(p[1] for p in o), max(p[0] for p in o), max(p[1] for p in o))
              for o in obstacles]
    axes = [_axes(o) for o in obstacles]
    weight = [1e3 if k < n_cars else 3e3 for k in range(len(obstacles))]     # another city's dot: worse
    margin = 3 / scale
    cell = 100.0                    # a grid of cells, each listing the obstacles that touch it
    grid: dict[tuple[int, int], list[int]] = {}
    for k, b in enumerate(bounds):
        for gx in range(int(b[0] // cell), int(b[2] // cell) + 1):
            for gy in range(int(b[1] // cell), int(b[3] // cell) + 1):
                grid.setdefault((gx, gy), []).append(k)
    options = {}
    for c in places:
        own = {k for k in range(n_cars, len(obstacles))
               if abs((bounds[k][0] + bounds[k][2]) / 2 - c.x) < 1e-6 and abs((bounds[k][1] + bounds[k][3]) / 2 - c.y) < 1e-6}
        opts = []
        for rank, place in enumerate(label_candidates(c.x, c.y, c.name, size, scale)):
            box = text_box(*place[:2], place[3], place[2], size, scale)
            cost = float(rank)
            if box[0] < margin or box[1] < margin or box[2] > board.width - margin or box[3] > board.height - margin:
                cost += 1e6
            else:
                near = {k for gx in range(int(box[0] // cell), int(box[2] // cell) + 1)
                        for gy in range(int(box[1] // cell), int(box[3] // cell) + 1) for k in grid.get((gx, gy), ())}
                for k in near - own:
                    if _box_hits(box, bounds[k], axes[k]):
                        cost += weight[k]
            opts.append((cost, place, box))
        options[c.name] = sorted(opts, key=lambda o: o[0])

    def best(name, boxes):
        top = None
        for cost, place, box in options[name]:
            if top is not None and cost >= top[0]:
                break               # sorted by cost: nothing later can be cheaper
            extra = sum(_box_overlap_area(box, q) for n, q in boxes.items() if n != name) * 10
            if top is None or cost + extra < top[0]:
                top = (cost + extra, place, box)
        return top

    boxes: dict[str, tuple] = {}
    out: dict[str, Label] = {}
    free = {c.name: sum(1 for o in options[c.name] if o[0] < 1e3) for c in places}
    for c in sorted(places, key=lambda c: (free[c.name], c.name)):
        _, out[c.name], boxes[c.name] = best(c.name, boxes)
    for _ in range(2):
        for c in places:
            _, out[c.name], boxes[c.name] = best(c.name, boxes)
    return {c.name: out[c.name] for c in places}


def label_conflicts(board, labels: dict[str, Label], size: float = 13.0, scale: float = LABEL_SCALE,
                    length: float = CAR_LENGTH, width: float = CAR_WIDTH) -> list[tuple[str, str]]:
    """(city, what its name covers) for every name that covers a car, another city's dot or
    name, or leaves the frame: what the label placement tries to make empty."""
    places = [c for c in board.cities if not c.is_country]
    cars = [(r.key, car_polygon(x, y, a, length, width, bevel=0)) for r in board.routes for x, y, a in r.spaces]
    boxes = {c.name: text_box(labels[c.name][0], labels[c.name][1], labels[c.name][3], labels[c.name][2], size,
                              scale) for c in places}
    rd = 8.0 / scale
    out = []
    for c in places:
        box = boxes[c.name]
        poly = box_polygon(box)
        if box[0] < 0 or box[1] < 0 or box[2] > board.width or box[3] > board.height:
            out.append((c.name, "the frame"))
        for key, car in cars:
            if convex_overlap(poly, car):
                out.append((c.name, f"a car of {key}"))
        for d in places:
            if d is not c:
                if convex_overlap(poly, box_polygon((d.x - rd, d.y - rd, d.x + rd, d.y + rd))):
                    out.append((c.name, f"the dot of {d.name}"))
                if _box_overlap_area(box, boxes[d.name]) > 0 and c.name < d.name:
                    out.append((c.name, f"the name of {d.name}"))
    return out


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
        self._labels: dict[tuple[float, float], dict[str, Label]] = {}
        #: the centre of every space, per route (click targets, owner marks, colour letters)
        self.space_centres: list[list[Point]] = [[(float(x), float(y)) for x, y, _ in r.spaces]
                                                 for r in board.routes]
        self.total_spaces = sum(r.length for r in board.routes)

    def labels(self, size: float = 13.0, scale: float = LABEL_SCALE) -> dict[str, Label]:
        """Where city names drawn at ``size`` px go (:func:`label_positions`, computed once)."""
        key = (float(size), float(scale))
        if key not in self._labels:
            self._labels[key] = label_positions(self.board, self.car_length, size, scale, self.car_width)
        return self._labels[key]

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
