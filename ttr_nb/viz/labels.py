"""Where the city names of a board picture go: clear of every car, every route's line, every
city dot and each other, inside the frame, and nearest their own dot.

Everything is in board units (x right, y down); a name drawn at ``size`` px on a board shown
at ``scale`` pixels per board unit is ``text_width / scale`` units wide.  Names are placed
for the smallest scale a board is shown at: on a larger board a name is relatively smaller
and shrinks towards its anchor point, so what is clear at the small scale stays clear.

The placement (:func:`label_positions`) first tries the usual places: around the dot in 16
directions at the :data:`LABEL_GAPS`, on one line and then on two.  A place is kept only if
its box touches no car (a tunnel with its jagged border), no route's centre line, no dot, no
country mark and stays inside the frame, and every other dot is clearly farther from it than
the city's own.  Where fewer are kept, the whole neighbourhood is searched (horizontal strips,
each strip's blocked intervals merged): the nearest clear boxes, a far one joined to the dot
by a thin leader line drawn clear of every car, then the same at :data:`SMALL_FONT`.  Where
still fewer are found, the same at :data:`SMALLEST_FONT`; as a last resort, a leader bent
once, or one across a car (:func:`label_problems` reports it).
Each candidate has a score (nearer, usual direction, one line, no leader, full size: lower);
a depth-first search picks one per city with no two overlapping (names and leaders), the
most constrained cities first, and a repair pass moves names to better places, shifting the
names in the way when that costs less.  The result is deterministic.

:func:`label_problems` checks placed names independently of the search: what the tests and
the benchmark measure.

>>> import ttr_nb
>>> board = ttr_nb.load_board("usa")
>>> labels = label_positions(board, size=18, scale=0.75)      # the projector size
>>> label_problems(board, labels, scale=0.75)
[]
>>> labels["Las Vegas"].text, labels["Las Vegas"].leader is None
('Las<br>Vegas', True)
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple, Sequence

from .geometry import CAR_LENGTH, CAR_WIDTH, Point, Polygon, car_polygon, convex_overlap, route_centreline

__all__ = [
    "LABEL_SCALE",
    "within_frame",
    "LABEL_GAPS",
    "SMALL_FONT",
    "SMALLEST_FONT",
    "Label",
    "text_width",
    "text_height",
    "two_lines",
    "printed_name",
    "text_box",
    "label_candidates",
    "label_positions",
    "label_problems",
    "box_polygon",
]

#: Pixels per board unit of the smallest board the pictures show: a 1744-unit wide board in a
#: static figure of the default width (820 px less its margins), which is also about the width
#: of a widget's board in JupyterLab at 1280 px with the file browser open.
LABEL_SCALE = 0.46

#: How far (px from the dot's centre to the nearest edge of its name) a name may sit, nearest first.
LABEL_GAPS = (9.0, 13.0, 18.0, 24.0)
#: The font of a name with too few places at full size, relative to the normal one.
SMALL_FONT = 0.85
#: The font of a name with too few places at :data:`SMALL_FONT` (before a leader across a car).
SMALLEST_FONT = 0.8

#: px: how far a name keeps from a car's edge, a route's line, and another name
_CLEARANCE = 1.5
_DOT = 7.5                  # px: a city dot's radius (marker 11 px and a 2 px white ring), rounded up
_COUNTRY_MARK = 9.5         # px: half the side of a country's border square
_TUNNEL_EXTRA = (4.0, 11.0)  # board units: a tunnel's jagged border reaches this much past the car
#: Without a leader, every other dot is at least this much farther from the name than its own
#: dot (times, plus px): a name between two dots reads as the nearer one's.
_OWN_DOT_RATIO, _OWN_DOT_PX = 1.2, 4.0
_LEADER_ROOM = 14.0         # px: a name at the end of a leader keeps this far from other dots


class Label(NamedTuple):
    """A placed name: the point the text is anchored at, the plotly textposition, the text (the
    name, or the name on two lines joined by ``<br>``), the font size in px, and the leader
    line from the dot to the name (two points, or three with a bend) or None."""

    x: float
    y: float
    position: str
    text: str
    size: float
    leader: tuple[Point, ...] | None = None


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
# right, above, below, left, the diagonals, then the rest (directions in steps of 22.5 degrees,
# clockwise on screen from "right")
_ANGLE_ORDER = (0, 12, 4, 8, 14, 2, 10, 6, 15, 13, 1, 3, 11, 9, 5, 7)

# advance widths of DejaVu Sans / Verdana (wider than Arial or Helvetica: a safe estimate), in em
_NARROW = dict.fromkeys("iljI.,:;'|!", 0.30)
_NARROW.update(dict.fromkeys("frt-() ", 0.40))
_WIDE = dict.fromkeys("mwMW", 0.92)
_WIDE.update(dict.fromkeys("ABCDGHKNOQRUVXÅÄÖØÆ", 0.74))


@lru_cache(maxsize=4096)
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


def printed_name(city) -> str:
    """The name of ``city`` as its board prints it (``City.label``: India prints Waltair as
    "Waltain"), which is what the picture shows; the engine's name where the board gives none."""
    return city.label


def two_lines(name: str) -> str | None:
    """``name`` broken into two lines at the space or hyphen nearest its middle, or None.

    >>> two_lines("Oklahoma City"), two_lines("Bern")
    ('Oklahoma<br>City', None)
    """
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


def label_box(label: Label, scale: float = LABEL_SCALE) -> tuple[float, float, float, float]:
    """The box of a placed name (see :func:`text_box`)."""
    return text_box(label.x, label.y, label.text, label.position, label.size, scale)


def _inward(v: float, shift: float) -> float:
    """``v`` moved by ``shift``, rounded to a tenth in the direction of the move (so the name
    ends inside the frame)."""
    if not shift:
        return v
    moved = (v + shift) * 10
    return (math.ceil(moved) if shift > 0 else math.floor(moved)) / 10


def within_frame(labels: dict[str, Label], width: float, height: float, scale: float) -> dict[str, Label]:
    """The names placed for a larger scale, drawn at ``scale`` px per unit (a board fitted to a
    small screen): each name that would stick out of the board's frame (``width`` × ``height``
    units) is moved in just enough to stay inside it (and keeps its leader).  The text grows
    against the board when the board is drawn smaller, and the frame would cut it."""
    out = {}
    for name, label in labels.items():
        x0, y0, x1, y1 = label_box(label, scale)
        dx = -x0 if x0 < 0 else (width - x1 if x1 > width else 0.0)
        dy = -y0 if y0 < 0 else (height - y1 if y1 > height else 0.0)
        out[name] = label._replace(x=_inward(label.x, dx), y=_inward(label.y, dy)) if dx or dy else label
    return out


def box_polygon(box: tuple[float, float, float, float]) -> Polygon:
    """The closed polygon of an axis-parallel box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def _anchor_position(angle: float) -> str:
    """The textposition that keeps a name on the side of ``angle`` (degrees, y down)."""
    octant = round(angle / 45.0) % 8
    return ("middle right", "bottom right", "bottom center", "bottom left", "middle left", "top left",
            "top center", "top right")[octant]


def _nearest(box, x: float, y: float) -> Point:
    return (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))


def _box_distance(box, x: float, y: float) -> float:
    return math.dist(_nearest(box, x, y), (x, y))


def _leader_line(x: float, y: float, box, scale: float) -> tuple[Point, Point]:
    """From the edge of the dot at (x, y) to the nearest point of the name's box."""
    nx, ny = _nearest(box, x, y)
    d = math.dist((nx, ny), (x, y))
    k = _DOT / scale / d
    return ((round(x + (nx - x) * k, 1), round(y + (ny - y) * k, 1)), (round(nx, 1), round(ny, 1)))


def label_candidates(x: float, y: float, name: str, size: float = 13.0, scale: float = LABEL_SCALE) -> list[Label]:
    """The usual places of the name of a city at (x, y), best first: :data:`LABEL_GAPS` px from
    the dot in 16 directions, on one line and then (names of several words) on two."""
    return [c for _, c in _ring_candidates(x, y, name, size, scale)]


def _ring_candidates(x, y, name, size, scale) -> list[tuple[float, Label]]:
    out = []
    for lines, text in enumerate(t for t in (name, two_lines(name)) if t):
        for gap in LABEL_GAPS:
            for rank, k in enumerate(_ANGLE_ORDER):
                out.append((gap + 1.5 * rank + 8 * lines, _candidate(x, y, text, k * 22.5, gap, size, scale, False)))
    out.sort(key=lambda o: o[0])
    return out


def _from_box(city, box, text: str, size: float, full: float, scale: float, obstacles) -> tuple[float, Label] | None:
    """A box the scan found clear, as a scored Label anchored at its corner or edge middle
    nearest the dot; or None.  A name clearly nearest its own dot needs no leader line within
    the usual gaps; farther away it gets one where a leader can be drawn clear of every car.
    A name nearer another dot is taken only with a leader."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    best = None
    for pos, (dx, dy) in _DIRECTIONS.items():
        ax = cx if dx == 0 else (x0 if dx > 0 else x1)
        ay = cy if dy == 0 else (y0 if dy > 0 else y1)
        d = math.dist((ax, ay), (city.x, city.y))
        if best is None or d < best[0] - 1e-9:
            best = (d, pos, ax, ay)
    _, pos, ax, ay = best
    label = Label(round(ax, 1), round(ay, 1), pos, text, size, None)
    gap = _box_distance(box, city.x, city.y) * scale
    smaller = (size < full) + (size < round(full * SMALL_FONT, 1))        # 0, 1 or 2 font sizes down
    score = gap + 8 * ("<br>" in text) + 300 * smaller
    if obstacles is None:
        return score, label
    own = obstacles.nearest_own_dot(box, city)
    if own and gap <= LABEL_GAPS[-1] + 2:
        return score, label
    leader = obstacles.leader_to(box, city) if obstacles.far_from_other_dots(box, city) else None
    if leader is not None:
        return score + 60 + gap, label._replace(leader=leader)
    if own:
        return score + 100 + 2 * gap, label
    return None


def _candidate(x, y, text, angle, gap, size, scale, leader) -> Label:
    w = (text_width(text, size) + 4) / scale
    h = text_height(text, size) / scale
    g = gap / scale
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    pos = _anchor_position(angle)
    dx, dy = _DIRECTIONS[pos]
    # the box's centre goes far enough along (ux, uy) that its nearest edge is g away
    reach = min(w / 2 / abs(ux) if abs(ux) > 1e-9 else math.inf, h / 2 / abs(uy) if abs(uy) > 1e-9 else math.inf)
    cx, cy = x + ux * (g + reach), y + uy * (g + reach)
    ax, ay = round(cx - dx * w / 2, 1), round(cy - dy * h / 2, 1)     # the text lies on the (dx, dy) side
    line = _leader_line(x, y, text_box(ax, ay, text, pos, size, scale), scale) if leader else None
    return Label(ax, ay, pos, text, size, line)


# --------------------------------------------------------------------------- intersection tests


def _segment_hits_box(p: Point, q: Point, box) -> bool:
    """Whether the segment pq passes through the inside of an axis-parallel box (Liang-Barsky)."""
    x0, y0, x1, y1 = box
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    t0, t1 = 0.0, 1.0
    for num, den in ((px - x0, -dx), (x1 - px, dx), (py - y0, -dy), (y1 - py, dy)):
        if den == 0:
            if num <= 0:
                return False
        else:
            t = num / den
            if den < 0:
                if t > t1:
                    return False
                t0 = max(t0, t)
            else:
                if t < t0:
                    return False
                t1 = min(t1, t)
    return t1 - t0 > 1e-9


def _segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def _segment_hits_polygon(p: Point, q: Point, poly: Sequence[Point]) -> bool:
    """Whether a segment passes through the inside of a convex polygon (separating axes: the
    segment's normal and the polygon's edge normals)."""
    pts = list(poly[:-1]) if poly[0] == poly[-1] else list(poly)
    edges = [(pts[k], pts[(k + 1) % len(pts)]) for k in range(len(pts))] + [(p, q)]
    for (x1, y1), (x2, y2) in edges:
        nx, ny = y1 - y2, x2 - x1
        if abs(nx) + abs(ny) < 1e-12:
            continue
        a = [nx * x + ny * y for x, y in pts]
        b = (nx * p[0] + ny * p[1], nx * q[0] + ny * q[1])
        if max(a) <= min(b) or max(b) <= min(a):
            return False
    return True


def _segments(line: Sequence[Point]) -> list[tuple[Point, Point]]:
    return list(zip(line, line[1:]))


def _boxes_overlap(a, b, margin: float = 0.0) -> bool:
    return (a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin)


def _axes(poly: Sequence[Point]) -> list[tuple[float, float, float, float]]:
    """The edge normals of a convex polygon (parallel ones once) with the polygon's extent along
    each: (nx, ny, lo, hi).  With the box's own axes (its bounds) they decide box overlaps."""
    pts = list(poly[:-1]) if len(poly) > 1 and poly[0] == poly[-1] else list(poly)
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
        if max(a, b) + max(c, d) <= lo or hi <= min(a, b) + min(c, d):
            return False
    return True


# --------------------------------------------------------------------------- what a name must avoid


def _car_outlines(board, length: float, width: float, extra: float = 0.0) -> list[tuple[str, Polygon]]:
    """Every car as drawn (a tunnel space with its jagged border), grown by ``extra`` units."""
    out = []
    for r in board.routes:
        el, ew = _TUNNEL_EXTRA if r.tunnel else (0.0, 0.0)
        for x, y, a in r.spaces:
            out.append((r.key, car_polygon(x, y, a, length + el + 2 * extra, width + ew + 2 * extra, bevel=0)))
    return out


def _centre_segments(board) -> list[tuple[str, Point, Point]]:
    out = []
    for r in board.routes:
        line = route_centreline(r, board)
        out += [(r.key, p, q) for p, q in zip(line, line[1:])]
    return out


def _country_boxes(board, scale: float, country_size: float) -> list[tuple[str, tuple]]:
    """A country's border squares and its name (drawn in bold capitals: a little wider)."""
    out = []
    h = _COUNTRY_MARK / scale
    for c in board.countries:
        for bx, by in c.border_points:
            out.append((f"the border square of {c.name}", (bx - h, by - h, bx + h, by + h)))
        text = c.name.upper()
        w = (text_width(text, country_size) * 1.1 + 4) / scale
        ht = text_height(text, country_size) / scale
        out.append((f"the name of {c.name}", (c.x - w / 2, c.y - ht / 2, c.x + w / 2, c.y + ht / 2)))
    return out


def _x_span(poly: Sequence[Point], y0: float, y1: float) -> tuple[float, float] | None:
    """The x extent of the part of a convex polygon (or a segment) between y0 and y1."""
    pts = list(poly)
    xs = [x for x, y in pts if y0 <= y <= y1]
    n = len(pts)
    for k in range(n - 1 if n == 2 else n):
        (xa, ya), (xb, yb) = pts[k], pts[(k + 1) % n]
        for yc in (y0, y1):
            if (ya - yc) * (yb - yc) < 0:
                xs.append(xa + (xb - xa) * (yc - ya) / (yb - ya))
    return (min(xs), max(xs)) if xs else None


class _Grid:
    """Items listed by the cells of a square grid their bounds touch: what is near a box."""

    def __init__(self, cell: float = 80.0):
        self.cell = cell
        self.cells: dict[tuple[int, int], list[int]] = {}

    def _keys(self, b):
        c = self.cell
        return [(gx, gy) for gx in range(int(b[0] // c), int(b[2] // c) + 1)
                for gy in range(int(b[1] // c), int(b[3] // c) + 1)]

    def add(self, k: int, b) -> None:
        for key in self._keys(b):
            self.cells.setdefault(key, []).append(k)

    def near(self, b) -> set[int]:
        out: set[int] = set()
        for key in self._keys(b):
            out.update(self.cells.get(key, ()))
        return out


def _bounds(points) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


class _Obstacles:
    """What a name (and its leader) must keep clear of, indexed for quick questions."""

    def __init__(self, board, scale: float, length: float, width: float, country_size: float):
        self.board = board
        self.scale = scale
        self.margin = _CLEARANCE / scale
        self.cars = [poly for _, poly in _car_outlines(board, length, width, self.margin)]
        # for leaders: each car's centre, direction and half sizes (a little larger than drawn)
        self.car_frames = []
        for r in board.routes:
            el, ew = _TUNNEL_EXTRA if r.tunnel else (0.0, 0.0)
            for x, y, angle in r.spaces:
                t = math.radians(angle)
                self.car_frames.append((x, y, math.cos(t), math.sin(t), (length + el) / 2 + 0.5 / scale,
                                        (width + ew) / 2 + 0.5 / scale))
        self.car_bounds = [_bounds(p) for p in self.cars]
        self.car_axes = [_axes(p) for p in self.cars]
        self.car_grid = _Grid()
        for k, b in enumerate(self.car_bounds):
            self.car_grid.add(k, b)
        self.lines = [(p, q) for _, p, q in _centre_segments(board)]
        self.line_grid = _Grid()
        for k, (p, q) in enumerate(self.lines):
            self.line_grid.add(k, _bounds((p, q)))
        self.places = [c for c in board.cities if not c.is_country]
        self.dot_grid = _Grid()
        for k, c in enumerate(self.places):
            self.dot_grid.add(k, (c.x, c.y, c.x, c.y))
        self.country = [b for _, b in _country_boxes(board, scale, country_size)]
        self._bend_cache: dict[str, list] = {}

    def box_clear(self, box, city, own_dot_rule: bool = True) -> bool:
        """Whether a name's box touches no car, route line, dot, country mark or the frame, and
        (``own_dot_rule``) every other dot is clearly farther from it than its own."""
        m = self.margin
        b = self.board
        if box[0] < m or box[1] < m or box[2] > b.width - m or box[3] > b.height - m:
            return False
        for k in self.car_grid.near(box):
            if _box_hits(box, self.car_bounds[k], self.car_axes[k]):
                return False
        grown = (box[0] - m, box[1] - m, box[2] + m, box[3] + m)
        for k in self.line_grid.near(grown):
            if _segment_hits_box(*self.lines[k], grown):
                return False
        for q in self.country:
            if _boxes_overlap(box, q, m):
                return False
        r = _DOT / self.scale + m
        own = _box_distance(box, city.x, city.y)
        if own < r:
            return False
        reach = max(r, _OWN_DOT_RATIO * own + _OWN_DOT_PX / self.scale) if own_dot_rule else r
        for k in self.dot_grid.near((box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach)):
            c = self.places[k]
            if c is not city and _box_distance(box, c.x, c.y) < reach:
                return False
        return True

    def leader_clear(self, line, city) -> bool:
        """Whether a leader line crosses no car, other dot or country mark (it may pass between
        two cars of a route: nothing is drawn there)."""
        return all(self._segment_clear(p, q, city) for p, q in _segments(line))

    def cars_crossed(self, line) -> int:
        """How many cars a leader line crosses."""
        n = 0
        for p, q in _segments(line):
            for k in self.car_grid.near(_bounds((p, q))):
                n += self._crosses_car(k, p, q)
        return n

    def _crosses_car(self, k: int, p: Point, q: Point) -> bool:
        cx, cy, ux, uy, h, w = self.car_frames[k]
        # the segment in the car's own frame (along, across), against the car's box
        a = ((p[0] - cx) * ux + (p[1] - cy) * uy, (p[1] - cy) * ux - (p[0] - cx) * uy)
        b = ((q[0] - cx) * ux + (q[1] - cy) * uy, (q[1] - cy) * ux - (q[0] - cx) * uy)
        return _segment_hits_box(a, b, (-h, -w, h, w))

    def _segment_clear(self, p, q, city) -> bool:
        line = (p, q)
        box = _bounds(line)
        for k in self.car_grid.near(box):
            if self._crosses_car(k, p, q):
                return False
        r = (_DOT + _CLEARANCE) / self.scale
        for k in self.dot_grid.near((box[0] - r, box[1] - r, box[2] + r, box[3] + r)):
            c = self.places[k]
            if c is not city and _segment_hits_box(p, q, (c.x - r, c.y - r, c.x + r, c.y + r)):
                return False
        return not any(_segment_hits_box(p, q, b) for b in self.country)

    def scan(self, city, text: str, size: float, reach: float, step: float) -> list[tuple]:
        """Every box of ``text`` at ``size`` px clear of the cars, lines, dots, country marks and
        frame (as :meth:`box_clear` without the nearest-dot rule) within ``reach`` units of the
        city: the board is cut into horizontal strips ``step`` apart, each strip's blocked x
        intervals merged, and in every free gap wide enough the box nearest the dot (and the
        gap's two ends) kept."""
        s, m, b = self.scale, self.margin, self.board
        w = (text_width(text, size) + 4) / s
        h = text_height(text, size) / s
        region = (city.x - reach - w, city.y - reach - h, city.x + reach + w, city.y + reach + h)
        cars = [self.cars[k] for k in self.car_grid.near(region)]
        car_y = [(min(p[1] for p in c), max(p[1] for p in c)) for c in cars]
        lines = [self.lines[k] for k in self.line_grid.near(region)]
        r = _DOT / s + m
        blocks = [(c.x - r, c.y - r, c.x + r, c.y + r) for k in self.dot_grid.near(region)
                  for c in (self.places[k],)] + [(q[0] - m, q[1] - m, q[2] + m, q[3] + m) for q in self.country]
        out = []
        y0 = max(m, city.y - reach - h)
        while y0 + h <= min(b.height - m, city.y + reach):
            y1 = y0 + h
            spans = []
            for c, (lo, hi) in zip(cars, car_y):
                if lo < y1 and hi > y0:
                    span = _x_span(c, y0, y1)
                    if span:
                        spans.append(span)
            for p, q in lines:
                if min(p[1], q[1]) < y1 + m and max(p[1], q[1]) > y0 - m:
                    span = _x_span([p, q], y0 - m, y1 + m)
                    if span:
                        spans.append((span[0] - m, span[1] + m))
            for q in blocks:
                if q[1] < y1 and q[3] > y0:
                    spans.append((q[0], q[2]))
            spans.sort()
            x = max(m, city.x - reach - w)
            end = min(b.width - m, city.x + reach + w)
            gaps = []
            for lo, hi in spans:
                if lo > x:
                    gaps.append((x, min(lo, end)))
                x = max(x, hi)
                if x >= end:
                    break
            if x < end:
                gaps.append((x, end))
            for g0, g1 in gaps:
                if g1 - g0 >= w:
                    best = min(max(city.x - w / 2, g0), g1 - w)
                    for x0 in sorted({round(best, 1), round(g0, 1), round(g1 - w, 1)}):
                        out.append((x0, y0, x0 + w, y1))
            y0 += step
        return out

    def confusion(self, box, city, leader: bool = False) -> float:
        """By how many px another dot is nearer the box than the nearest-dot rule allows (0: none);
        with ``leader``, the px to the nearest other dot (negative: a larger distance is better)."""
        own = _box_distance(box, city.x, city.y)
        if leader:
            return -min(_box_distance(box, c.x, c.y) for c in self.places if c is not city) * self.scale
        reach = _OWN_DOT_RATIO * own + _OWN_DOT_PX / self.scale
        worst = 0.0
        for k in self.dot_grid.near((box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach)):
            c = self.places[k]
            if c is not city:
                worst = max(worst, reach - _box_distance(box, c.x, c.y))
        return worst * self.scale

    def nearest_own_dot(self, box, city) -> bool:
        """Whether every other dot is clearly farther from the box than the city's own."""
        own = _box_distance(box, city.x, city.y)
        reach = _OWN_DOT_RATIO * own + _OWN_DOT_PX / self.scale
        for k in self.dot_grid.near((box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach)):
            c = self.places[k]
            if c is not city and _box_distance(box, c.x, c.y) < reach:
                return False
        return True

    def far_from_other_dots(self, box, city) -> bool:
        """A name at the end of a leader: no other dot within _LEADER_ROOM px, nor nearer than
        its own dot."""
        own = _box_distance(box, city.x, city.y)
        reach = max(_LEADER_ROOM / self.scale, 0.6 * own)
        for k in self.dot_grid.near((box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach)):
            c = self.places[k]
            if c is not city and _box_distance(box, c.x, c.y) < reach:
                return False
        return True

    def leader_to(self, box, city, bend: bool = False) -> tuple[Point, ...] | None:
        """The shortest leader line from the city's dot to the box's nearest point, corners or
        edge middles that crosses no car or other dot; with ``bend``, failing a straight one,
        one bent once at a point 14-28 px from the dot; or None."""
        x0, y0, x1, y1 = box
        inner = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
        ends = [_nearest(box, city.x, city.y), ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1), (x0, (y0 + y1) / 2),
                (x1, (y0 + y1) / 2), (x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        ends.sort(key=lambda p: (math.dist(p, (city.x, city.y)), p))
        for end in ends:
            line = (self._from_dot(city, end), (round(end[0], 1), round(end[1], 1)))
            if self.leader_clear(line, city) and not _segment_hits_box(*line, inner):
                return line
        if not bend:
            return None
        best = None
        for first in self._bends(city):
            w = first[1]
            for end in ends[:5]:
                end = (round(end[0], 1), round(end[1], 1))
                line = (*first, end)
                length = math.dist(w, (city.x, city.y)) + math.dist(w, end)
                if ((best is None or length < best[0]) and self.leader_clear((w, end), city)
                        and not _segment_hits_box(w, end, inner)):
                    best = (length, line)
        return None if best is None else best[1]

    def _bends(self, city) -> list[tuple[Point, Point]]:
        """The first pieces of bent leaders: from the dot to a point 14-28 px away, clear."""
        if city.name not in self._bend_cache:
            s = self.scale
            out = []
            for r in (14.0, 21.0, 28.0):
                for k in range(16):
                    a = math.radians(22.5 * k)
                    w = (round(city.x + math.cos(a) * r / s, 1), round(city.y + math.sin(a) * r / s, 1))
                    first = (self._from_dot(city, w), w)
                    if self.leader_clear(first, city):
                        out.append(first)
            self._bend_cache[city.name] = out
        return self._bend_cache[city.name]

    def _from_dot(self, city, towards: Point) -> Point:
        d = math.dist(towards, (city.x, city.y))
        k = _DOT / self.scale / d
        return (round(city.x + (towards[0] - city.x) * k, 1), round(city.y + (towards[1] - city.y) * k, 1))

    def clear(self, label: Label, box, city) -> bool:
        if label.leader is None:
            return self.box_clear(box, city)
        # a name at the end of a leader may sit nearer another dot, though not right beside it
        return self.box_clear(box, city, own_dot_rule=False) and self.leader_clear(label.leader, city)


# --------------------------------------------------------------------------- the placement

#: How many clear candidates per city the search considers (the best ones).
_KEEP = 40
#: With fewer clear usual places than this, the neighbourhood is searched: every box within
#: _REACH px of the dot, on strips _STEP px apart (then in the smaller font, if still too few).
_ENOUGH, _REACH, _STEP = 12, 110.0, 4.0
#: With fewer places than _FEW, the _FALLBACK nearest boxes of each font are added, with a
#: leader (bent once if need be) though near another dot, or without one (label_problems tells).
_FEW, _FALLBACK = 6, 40
#: How many of the boxes found the placement examines, nearest first, per font.
_EXAMINE = 150
#: The search gives up a full solution after visiting this many choices (then the best
#: partial one is completed with the least overlapping names).
_BUDGET = 60000


def label_positions(board, length: float = CAR_LENGTH, size: float = 13.0, scale: float = LABEL_SCALE,
                    width: float = CAR_WIDTH, country_size: float = 15.0) -> dict[str, Label]:
    """For each city (countries have their own names), where its name goes: a :class:`Label`
    (keyed by the city's name; its text is the name as printed, :func:`printed_name`).

    See the module docstring.  Names are placed for a board shown at ``scale`` pixels per unit
    or larger, at font ``size`` px (countries' names at ``country_size``)."""
    obstacles = _Obstacles(board, scale, length, width, country_size)
    places = obstacles.places
    small, smallest = round(size * SMALL_FONT, 1), round(size * SMALLEST_FONT, 1)
    options: dict[str, list[tuple[float, Label, tuple]]] = {}
    for c in places:
        opts = []
        printed = printed_name(c)
        for score, cand in _ring_candidates(c.x, c.y, printed, size, scale):
            box = text_box(cand.x, cand.y, cand.text, cand.position, cand.size, scale)
            if obstacles.clear(cand, box, c):
                opts.append((score, cand, box))
        texts = [t for t in (printed, two_lines(printed)) if t]
        scanned = []
        few = False                 # too few places at the two usual fonts: the fallbacks too
        for font in (size, small, smallest):
            few = len(opts) < _FEW
            if len(opts) >= (_FEW if font == smallest else _ENOUGH):
                break
            boxes = [(_box_distance(box, c.x, c.y) + 8 / scale * lines, box, text) for lines, text in enumerate(texts)
                     for box in obstacles.scan(c, text, font, _REACH / scale, _STEP / scale)]
            scanned.append((font, boxes))
            found = 0
            for _, box, text in sorted(boxes)[:_EXAMINE]:     # nearest first, until enough are found
                scored = _from_box(c, box, text, font, size, scale, obstacles)
                if scored is not None:
                    opts.append((*scored, box))
                    found += 1
                    if found >= _KEEP:
                        break
        if not opts and not any(boxes for _, boxes in scanned):      # nothing clear near: look farther
            scanned.append((small, [(_box_distance(box, c.x, c.y), box, text) for text in texts
                                    for box in obstacles.scan(c, text, small, 2 * _REACH / scale, _STEP / scale)]))
        if few:                 # a clear box with a leader, though near another dot; or the least near one
            for font, font_boxes in scanned:
                for _, box, text in sorted(font_boxes)[:_FALLBACK]:
                    score, cand = _from_box(c, box, text, font, size, scale, None)
                    leader = obstacles.leader_to(box, c, bend=True)
                    if leader is not None:
                        opts.append((score + 1e4 - 10 * obstacles.confusion(box, c, leader=True),
                                     cand._replace(leader=leader), box))
                    elif obstacles.nearest_own_dot(box, c):
                        opts.append((score + 2e4, cand, box))
                    else:       # a leader across cars reads better than a name beside another dot
                        line = (obstacles._from_dot(c, _nearest(box, c.x, c.y)), _nearest(box, c.x, c.y))
                        crossed = obstacles.cars_crossed(line)
                        opts.append((score + 1.5e4 + 50 * crossed, cand._replace(leader=line), box))
        if not opts:            # nothing is clear: the usual place all the same (label_problems tells)
            score, cand = _ring_candidates(c.x, c.y, printed, size, scale)[0]
            opts = [(score + 1e6, cand, text_box(cand.x, cand.y, cand.text, cand.position, cand.size, scale))]
        seen = set()
        unique = []
        for o in sorted(opts, key=lambda o: (o[0], o[1])):
            key = tuple(round(v) for v in o[2])
            if key not in seen:
                seen.add(key)
                unique.append(o)
        options[c.name] = unique[:_KEEP]
    chosen = _search([c.name for c in places], options, _CLEARANCE / scale)
    return {c.name: options[c.name][chosen[c.name]][1] for c in places}


def _conflict(a: tuple, b: tuple, margin: float) -> bool:
    """Whether two cities' candidates (score, label, box) collide: boxes, or a leader through a name."""
    la, ba = a[1], a[2]
    lb, bb = b[1], b[2]
    if _boxes_overlap(ba, bb, margin):
        return True
    if la.leader is not None and any(_segment_hits_box(p, q, bb) for p, q in _segments(la.leader)):
        return True
    if lb.leader is not None and any(_segment_hits_box(p, q, ba) for p, q in _segments(lb.leader)):
        return True
    return (la.leader is not None and lb.leader is not None
            and any(_segments_cross(p, q, u, v) for p, q in _segments(la.leader) for u, v in _segments(lb.leader)))


def _search(names: list[str], options: dict, margin: float) -> dict[str, int]:
    """One candidate per city, no two in conflict: a depth-first search taking the city with the
    fewest candidates left first and its candidates best first, then a pass that moves each
    name to its best candidate still free.  Without a full solution within :data:`_BUDGET`
    steps, each city takes the candidate overlapping the fewest names already placed."""
    # which cities' candidates can meet at all
    reach = {n: _bounds([(b[0], b[1]) for _, _, b in options[n]] + [(b[2], b[3]) for _, _, b in options[n]]
                        + [p for _, label, _ in options[n] if label.leader for p in label.leader])
             for n in names}
    near = {n: [m for m in names if m != n and _boxes_overlap(reach[n], reach[m], 2 * margin)] for n in names}
    cache: dict[tuple, bool] = {}

    def clash(n, i, m, j) -> bool:
        key = (n, i, m, j) if n < m else (m, j, n, i)
        if key not in cache:
            cache[key] = _conflict(options[n][i], options[m][j], margin)
        return cache[key]

    domains = {n: list(range(len(options[n]))) for n in names}
    chosen: dict[str, int] = {}
    steps = 0

    def dfs(domains) -> bool:
        nonlocal steps
        free = [n for n in names if n not in chosen]
        if not free:
            return True
        n = min(free, key=lambda n: (len(domains[n]), names.index(n)))
        for i in domains[n]:
            steps += 1
            if steps > _BUDGET:
                return False
            pruned = dict(domains)
            ok = True
            for m in near[n]:
                if m in chosen:
                    continue
                left = [j for j in domains[m] if not clash(n, i, m, j)]
                if not left:
                    ok = False
                    break
                pruned[m] = left
            if not ok:
                continue
            chosen[n] = i
            if dfs(pruned):
                return True
            del chosen[n]
            if steps > _BUDGET:
                return False
        return False

    if not dfs(domains):
        chosen.clear()
        order = sorted(names, key=lambda n: (len(options[n]), n))
        for n in order:
            chosen[n] = min(range(len(options[n])), key=lambda i: (
                sum(clash(n, i, m, chosen[m]) for m in near[n] if m in chosen), options[n][i][0]))

        def clashes(n, i):
            return sum(clash(n, i, m, chosen[m]) for m in near[n])

        for _ in range(20):     # then each name in a clash moves where it clashes least
            moved = False
            for n in names:
                now = clashes(n, chosen[n])
                if now:
                    i = min(range(len(options[n])), key=lambda i: (clashes(n, i), options[n][i][0]))
                    if clashes(n, i) < now:
                        chosen[n] = i
                        moved = True
            if not moved:
                break
    for _ in range(2):          # each name to a better place, moving the names in its way if that costs less
        for n in sorted(names, key=lambda n: (-options[n][chosen[n]][0], n)):
            for i in range(chosen[n]):
                moves = _make_room(n, i, chosen, options, near, clash)
                gain = options[n][chosen[n]][0] - options[n][i][0]
                if moves is not None and sum(options[m][j][0] - options[m][chosen[m]][0]
                                             for m, j in moves.items()) < gain:
                    chosen.update(moves)
                    chosen[n] = i
                    break
    return chosen


def _make_room(n, i, chosen, options, near, clash) -> dict[str, int] | None:
    """New places for the names in the way of ``n`` taking its candidate ``i`` (each to its
    best candidate clear of all the others), or None when one of them has none."""
    moves: dict[str, int] = {}
    for m in near[n]:
        if not clash(n, i, m, chosen[m]):
            continue
        for j in range(len(options[m])):
            if clash(n, i, m, j):
                continue
            if all(not clash(m, j, k, moves.get(k, chosen[k])) for k in near[m] if k != n):
                moves[m] = j
                break
        else:
            return None
    return moves


# --------------------------------------------------------------------------- the check


def label_problems(board, labels: dict[str, Label], scale: float = LABEL_SCALE, length: float = CAR_LENGTH,
                   width: float = CAR_WIDTH, country_size: float = 15.0) -> list[tuple[str, str]]:
    """(city, what is wrong) for every placed name that covers a car (as drawn: a tunnel with its
    jagged border), is crossed by a route's centre line, covers a city dot, a country's mark or
    another name (or its leader), leaves the frame, or, without a leader, is not clearly
    nearer its own dot than any other (see the module docstring).  Checked plainly, one
    thing against another, independently of the placement's search."""
    places = [c for c in board.cities if not c.is_country]
    cars = _car_outlines(board, length, width)
    lines = _centre_segments(board)
    marks = _country_boxes(board, scale, country_size)
    boxes = {c.name: label_box(labels[c.name], scale) for c in places}
    r = _DOT / scale
    out = []
    for c in places:
        label, box = labels[c.name], boxes[c.name]
        poly = box_polygon(box)
        if box[0] < 0 or box[1] < 0 or box[2] > board.width or box[3] > board.height:
            out.append((c.name, "the frame"))
        for key, car in cars:
            if convex_overlap(poly, car):
                out.append((c.name, f"a car of {key}"))
        for key in sorted({key for key, p, q in lines if _segment_hits_box(p, q, box)}):
            out.append((c.name, f"the line of {key}"))
        for what, mark in marks:
            if _boxes_overlap(box, mark):
                out.append((c.name, what))
        own = _box_distance(box, c.x, c.y)
        if own < r:
            out.append((c.name, "its own dot"))
        for d in places:
            if d is c:
                continue
            dist = _box_distance(box, d.x, d.y)
            if dist < r:
                out.append((c.name, f"the dot of {d.name}"))
            elif label.leader is None and dist < _OWN_DOT_RATIO * own + _OWN_DOT_PX / scale:
                out.append((c.name, f"as near the dot of {d.name} as its own"))
            if c.name < d.name and _boxes_overlap(box, boxes[d.name]):
                out.append((c.name, f"the name of {d.name}"))
            if labels[d.name].leader is not None and any(_segment_hits_box(p, q, box)
                                                         for p, q in _segments(labels[d.name].leader)):
                out.append((c.name, f"the leader of {d.name}"))
        if label.leader is not None:
            for key, car in cars:
                if any(_segment_hits_polygon(p, q, car) for p, q in _segments(label.leader)):
                    out.append((c.name, f"its leader across a car of {key}"))
    return out

