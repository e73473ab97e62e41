"""The placed city names of the packaged boards, computed once and shipped as data.

Placing a board's names (:func:`ttr_nb.viz.labels.label_positions`) takes about a second of
CPU; a notebook kernel would pay it for the first board it draws.  So for every board in
ttr_nb/maps/ and each text size (``TEXT_SIZES`` at its ``LABEL_SCALES``, ``ttr_nb.viz.text_sizes``)
the placement is computed by ``scripts/place_labels.py`` (:data:`COMMAND`) and committed as
``placements/<board>.json`` beside this module, shipped in the wheel and read in a few ms.

A file's placement is used only for a board with the geometry it was computed from (its
:func:`fingerprint`: what the placement reads of cities and routes), at the same text size,
scale and car size; anything else (a board file of one's own, a fixed-size figure drawn
smaller) is computed, once per process (:func:`board_labels` gives either).
tests/viz/test_label_files.py checks that every committed placement equals a fresh one.

>>> import ttr_nb
>>> board = ttr_nb.load_board("usa")
>>> labels = committed_labels(board, size=13.0, scale=0.46, country_size=15.0)
>>> sorted(labels)[:2], labels["Calgary"].position
(['Atlanta', 'Boston'], 'top left')
>>> committed_labels(board, size=13.0, scale=0.40, country_size=15.0) is None    # not a standard size
True
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from .geometry import CAR_LENGTH, CAR_WIDTH
from .labels import LABEL_SCALE, Label, label_positions, printed_name
from .text_sizes import LABEL_SCALES, TEXT_SIZES

__all__ = ["COMMAND", "FOLDER", "fingerprint", "standard_sizes", "committed_labels", "board_labels",
           "placement_data", "placement_text", "write_placements", "placement_problems", "stray_placements"]

#: What makes (or remakes) the committed placements.
COMMAND = "make labels"
#: Where they are, in the source tree (in an installed package: ``placements`` beside this module).
FOLDER = Path(__file__).resolve().parent / "placements"
_FORMAT = "ttr_nb-labels/1"


def fingerprint(board) -> str:
    """A digest of what the placement reads of a board: its frame, each place's name, spelling,
    position, kind and border points, each route's key, ends, border points, tunnel flag and
    spaces.  A board changed in any of these gets a new fingerprint."""
    places = [(c.name, printed_name(c), c.x, c.y, c.kind, [list(p) for p in c.border_points])
              for c in board.cities]
    routes = [(r.key, r.a, r.b, r.a_border_point and list(r.a_border_point),
               r.b_border_point and list(r.b_border_point), bool(r.tunnel), [list(s) for s in r.spaces])
              for r in board.routes]
    text = json.dumps([board.width, board.height, places, routes], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def standard_sizes() -> list[tuple[str, dict]]:
    """(text size name, placement arguments) of every committed placement: each text size of
    the board figures at the scale it places names for, with the standard cars."""
    return [(name, dict(size=float(sizes["city"]), scale=float(LABEL_SCALES[name]),
                        country_size=float(sizes["country"]), length=CAR_LENGTH, width=CAR_WIDTH))
            for name, sizes in TEXT_SIZES.items()]


def _key(size, scale, country_size, length, width) -> tuple:
    return (float(size), round(float(scale), 3), float(country_size), float(length), float(width))


def _packaged(name: str):
    try:
        return files("ttr_nb.viz").joinpath("placements", f"{name}.json")
    except (ImportError, TypeError):        # pragma: no cover - ttr_nb.viz is always a package
        return FOLDER / f"{name}.json"


@lru_cache(maxsize=None)
def _read(name: str) -> dict | None:
    """The committed file of the board called ``name``, parsed (None without one)."""
    path = _packaged(name)
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    data = json.loads(text)
    out = {}
    for p in data["placements"]:
        key = _key(p["size"], p["scale"], p["country size"], p["car length"], p["car width"])
        out[key] = p["labels"]
    return {"fingerprint": data["fingerprint"], "placements": out}


def _label(record) -> Label:
    x, y, position, text, size, leader = record
    return Label(x, y, position, text, size, None if leader is None else tuple(tuple(p) for p in leader))


def committed_labels(board, size: float, scale: float, country_size: float, length: float = CAR_LENGTH,
                     width: float = CAR_WIDTH) -> dict[str, Label] | None:
    """The committed placement of ``board``'s names for these arguments (those of
    :func:`~ttr_nb.viz.labels.label_positions`), or None when there is none: no file for a board
    of that name, a board changed since (another fingerprint), or another size or scale."""
    data = _read(board.name)
    if data is None:
        return None
    records = data["placements"].get(_key(size, scale, country_size, length, width))
    if records is None or data["fingerprint"] != fingerprint(board):
        return None
    places = [c.name for c in board.cities if not c.is_country]
    if sorted(records) != sorted(places):
        return None
    return {name: _label(records[name]) for name in places}


def board_labels(board, size: float = 13.0, scale: float | None = None, country_size: float = 15.0,
                 length: float = CAR_LENGTH, width: float = CAR_WIDTH) -> dict[str, Label]:
    """Where ``board``'s city names drawn at ``size`` px go on a board shown at ``scale`` px per
    unit or more (default: the smallest, ``labels.LABEL_SCALE``), with cars of ``length`` and
    ``width``: the committed placement of a packaged board at a standard text size, or else the
    one :func:`~ttr_nb.viz.labels.label_positions` computes, once per process."""
    return _board_labels(board, *_key(size, LABEL_SCALE if scale is None else scale, country_size, length, width))


@lru_cache(maxsize=64)
def _board_labels(board, size: float, scale: float, country_size: float, length: float, width: float) -> dict:
    labels = committed_labels(board, size, scale, country_size, length, width)
    if labels is None:
        labels = label_positions(board, length, size, scale, width, country_size)
    return labels


def placement_data(board) -> dict:
    """The content of ``board``'s placement file, computed afresh (the slow part)."""
    out = []
    for name, kw in standard_sizes():
        labels = label_positions(board, kw["length"], kw["size"], kw["scale"], kw["width"], kw["country_size"])
        out.append({"text size": name, "size": kw["size"], "scale": kw["scale"], "country size": kw["country_size"],
                    "car length": kw["length"], "car width": kw["width"], "labels": labels})
    return {"format": _FORMAT, "board": board.name, "fingerprint": fingerprint(board),
            "made by": f"scripts/place_labels.py ({COMMAND})", "placements": out}


def placement_text(data: dict) -> str:
    """The text of a placement file: JSON, one city per line (diffs stay readable)."""
    def dump(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{"]
    for key in ("format", "board", "fingerprint", "made by"):
        lines.append(f"  {dump(key)}: {dump(data[key])},")
    lines.append('  "placements": [')
    for k, p in enumerate(data["placements"]):
        head = ", ".join(f"{dump(key)}: {dump(p[key])}" for key in p if key != "labels")
        lines.append(f"    {{{head}, \"labels\": {{")
        items = list(p["labels"].items())
        for j, (name, label) in enumerate(items):
            record = [label.x, label.y, label.position, label.text, label.size,
                      None if label.leader is None else [list(q) for q in label.leader]]
            lines.append(f"      {dump(name)}: {dump(record)}{',' if j < len(items) - 1 else ''}")
        lines.append(f"    }}}}{',' if k < len(data['placements']) - 1 else ''}")
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def write_placements(board, folder: Path = FOLDER) -> Path:
    """Compute ``board``'s placements and write its file in ``folder``; returns the path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{board.name}.json"
    path.write_text(placement_text(placement_data(board)), encoding="utf-8")
    _read.cache_clear()
    return path


def placement_problems(names, folder: Path = FOLDER, fresh: bool = True) -> list[str]:
    """What is wrong with the committed placements of the boards called ``names``: a file
    missing, or (``fresh``: each placement computed again, the slow part) a file that
    differs from a fresh computation.  Each message names :data:`COMMAND`."""
    from ttr_nb.engine.board import load_board

    out = []
    for name in names:
        path = folder / f"{name}.json"
        if not path.exists():
            out.append(f"ttr_nb/maps/{name}.json has no committed placement of its city names "
                       f"({_shown(path)} is missing): run `{COMMAND}` and commit the file")
            continue
        if not fresh:
            continue
        board = load_board(name)
        text = path.read_text(encoding="utf-8")
        if text != placement_text(placement_data(board)):
            why = ("the board changed since it was made" if json.loads(text).get("fingerprint") != fingerprint(board)
                   else "the placement gives other places now")
            out.append(f"{_shown(path)} is out of date ({why}): run `{COMMAND}` and commit the file")
    return out


def stray_placements(names, folder: Path = FOLDER) -> list[str]:
    """The placement files in ``folder`` of no board called one of ``names`` (a board still to
    come to ttr_nb/maps/, or one removed)."""
    return [f"{_shown(path)} belongs to no board in ttr_nb/maps/ (remove it if its board is gone)"
            for path in sorted(folder.glob("*.json")) if path.stem not in set(names)]


def _shown(path: Path) -> str:
    root = Path(__file__).resolve().parents[2]
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)
