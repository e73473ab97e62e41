#!/usr/bin/env python3
"""Convert the reference map data into the project's board files.

    python scripts/convert_reference_maps.py                   # write ttr_nb/maps/*.json
    python scripts/convert_reference_maps.py --check           # only compare, exit 1 if different
    python scripts/convert_reference_maps.py --source DIR --dest DIR

The reference files (``usa.json``, ``europe.json``, ``switzerland.json``,
``nordic.json``, ``india.json``, ``northernlights.json``; see the README next to them) are converted to the
``ttr_nb-board/1`` schema documented in ``ttr_nb/maps/README.md``.  The facts are
copied unchanged; only the layout differs:

* ``map`` -> ``board``; a ``title`` is added; ``provenance`` becomes the ``source`` text;
* ``frame`` keeps ``width`` and ``height`` (the axes note is in ttr_nb/maps/README.md);
* cities of kind "country" move to ``countries`` (with their ``border_points``); a city's
  ``board_label`` (India: the printed board's spelling) is kept;
* rule facts in the reference (``route_points``, ``grand_tour_points``) are not board facts: they
  are checked against the edition record ``ttr_nb/editions_data/<board>.toml`` instead of being copied;
* routes: ``color`` -> ``colour``; every route gets every key
  (``any_cards_substitute`` 0, ``a_border_point``/``b_border_point`` null when absent);
* tickets: ``to`` and ``points`` always become lists;
* the facts of one board only (Northern Lights: a city's ``country``/``arctic``/``capital``, a
  route's ``draw_bonus``/``ferry_pair_substitute``, the ``bonus_cards`` with the engine's measure
  of each) are written on that board only; the reference's ``route_points`` must equal the
  edition's (``ttr_nb/editions_data/<board>.toml``), which holds them;
* the few routes whose spaces the reference lists out of order (``SPACE_ORDER_FIXES``) get
  them in travel order, so that a line drawn along a route does not kink.

Every converted board is checked: it must load with ``ttr_nb.engine.board``
and convert back to exactly the reference data.  Any reference key this script
does not know stops the conversion, so that no fact is dropped silently.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DEST = REPO / "ttr_nb" / "maps"

BOARDS = {
    "usa": "United States",
    "europe": "Europe",
    "switzerland": "Switzerland",
    "nordic": "Nordic Countries",
    "india": "India",
    "northernlights": "Northern Lights",
}
FORMAT = "ttr_nb-board/1"

REF_TOP = {"map", "provenance", "frame", "cities", "routes", "tickets", "optional_ticket_decks",
           "route_points", "grand_tour_points", "grand_tour_note", "bonus_cards", "bonus_cards_note",
           "triple_route_note"}
REF_CITY = {"name", "x", "y", "kind", "border_points", "board_label", "country", "arctic", "capital"}
#: Reference keys that are rules, not board facts: they live in the edition record
#: (``ttr_nb/editions_data/<board>.toml``), and the conversion checks that the two agree. (The notes restate
#: rules the edition and the schema hold.)
REF_RULES = {"route_points": "route_points", "grand_tour_points": "bonuses.grand_tour"}
#: City facts of some boards only (India's board label; Northern Lights' country, Arctic, capital):
#: written only where the reference has them.
CITY_FACTS = ("board_label", "country", "arctic", "capital")
REF_ROUTE = {
    "id", "a", "b", "length", "color", "tunnel", "ferry_locomotives", "double_group", "spaces",
    "any_cards_substitute", "a_border_point", "b_border_point", "draw_bonus", "ferry_pair_substitute",
}
#: Route facts of some boards only (Northern Lights): written on every route of a board whose
#: reference has them on any route (0 where a route lacks one), and on no route of the others.
ROUTE_FACTS = ("draw_bonus", "ferry_pair_substitute")
REF_BONUS_CARD = {"letter", "name", "points", "counts"}
#: What each bonus card counts, as the engine's measure (`ttr_nb.engine.bonuscards.MEASURES`)
#: and its value: the reference states it in words (its `counts` text, kept beside it).
BONUS_MEASURES: dict[tuple[str, str], tuple[str, object]] = {
    ("northernlights", "A"): ("locomotive_equivalents", None),
    ("northernlights", "B"): ("completed_tickets_to_capital", None),
    ("northernlights", "C"): ("trains_left", None),
    ("northernlights", "D"): ("routes_of_length", 1),
    ("northernlights", "E"): ("longest_path", None),
    ("northernlights", "F"): ("completed_tickets_worth_at_most", 5),
    ("northernlights", "G"): ("countries_touched", None),
    ("northernlights", "H"): ("completed_tickets_to_arctic", None),
    ("northernlights", "I"): ("routes_to_arctic", None),
    ("northernlights", "J"): ("ferries", None),
    ("northernlights", "K"): ("routes_to_country", "Norway"),
}
REF_TICKET = {"from", "to", "points", "deck"}

#: (board, route id) -> the reference's space indices in travel order from one end to the other.
#: Switzerland's Brig-Locarno lists its first two spaces swapped (the second is nearer Brig).
SPACE_ORDER_FIXES: dict[tuple[str, int], tuple[int, ...]] = {
    ("switzerland", 58): (1, 0, 2, 3, 4, 5),
}


class ConversionError(Exception):
    pass


def _known(keys, allowed: set, where: str) -> None:
    unknown = sorted(set(keys) - allowed)
    if unknown:
        raise ConversionError(f"{where}: unknown reference key(s) {unknown}; teach the converter about them")


def _as_list(v):
    return list(v) if isinstance(v, list) else [v]


def provenance_text(prov) -> str:
    if isinstance(prov, str):
        return prov
    parts = []
    if "extracted_from" in prov:
        parts.append(f"Extracted from {prov['extracted_from']}")
    if "cross_checked_against" in prov:
        parts.append(f"cross-checked against {prov['cross_checked_against']}")
    extra = {k: v for k, v in prov.items() if k not in ("extracted_from", "cross_checked_against")}
    parts += [f"{k}: {v}" for k, v in extra.items()]
    return "; ".join(parts) + "."


def convert_ticket(t: dict, where: str) -> dict:
    _known(t, REF_TICKET, where)
    to, points = _as_list(t["to"]), _as_list(t["points"])
    return {"from": t["from"], "to": to, "points": points, "deck": t["deck"]}


def _spaces_in_order(route: dict, name: str) -> list:
    spaces = route["spaces"]
    order = SPACE_ORDER_FIXES.get((name, route["id"]))
    if order is None:
        return spaces
    if sorted(order) != list(range(len(spaces))):
        raise ConversionError(f"{name} route {route['id']}: the space order fix {order} does not fit its "
                              f"{len(spaces)} spaces")
    return [spaces[k] for k in order]


def convert(ref: dict, name: str) -> dict:
    """One reference dict -> one board dict in the ttr_nb-board/1 schema."""
    _known(ref, REF_TOP, name)
    if ref["map"] != name:
        raise ConversionError(f"{name}: the file says it is map {ref['map']!r}")
    cities, countries = [], []
    for c in ref["cities"]:
        _known(c, REF_CITY, f"{name} city {c.get('name')!r}")
        if c["kind"] == "country":
            countries.append({"name": c["name"], "x": c["x"], "y": c["y"],
                              "border_points": [list(p) for p in c.get("border_points", [])]})
        elif c["kind"] == "city":
            if "border_points" in c:
                raise ConversionError(f"{name} city {c['name']!r}: border_points on a city")
            cities.append({"name": c["name"], "x": c["x"], "y": c["y"],
                           **{k: c[k] for k in CITY_FACTS if k in c}})
        else:
            raise ConversionError(f"{name} city {c['name']!r}: unknown kind {c['kind']!r}")
    route_facts = [k for k in ROUTE_FACTS if any(k in r for r in ref["routes"])]
    routes = []
    for r in ref["routes"]:
        _known(r, REF_ROUTE, f"{name} route {r.get('id')}")
        routes.append({
            "id": r["id"],
            "a": r["a"],
            "b": r["b"],
            "length": r["length"],
            "colour": r["color"],
            "tunnel": r["tunnel"],
            "ferry_locomotives": r["ferry_locomotives"],
            "any_cards_substitute": r.get("any_cards_substitute", 0),
            "double_group": r["double_group"],
            "spaces": [list(s) for s in _spaces_in_order(r, name)],
            "a_border_point": r.get("a_border_point"),
            "b_border_point": r.get("b_border_point"),
            **{k: r.get(k, 0) for k in route_facts},
        })
    board = {
        "format": FORMAT,
        "board": name,
        "title": BOARDS[name],
        "source": provenance_text(ref["provenance"]),
        "frame": {"width": ref["frame"]["width"], "height": ref["frame"]["height"]},
        "cities": cities,
        "countries": countries,
        "routes": routes,
        "tickets": [convert_ticket(t, f"{name} tickets[{i}]") for i, t in enumerate(ref["tickets"])],
        "optional_ticket_decks": {
            deck: [convert_ticket(t, f"{name} {deck}[{i}]") for i, t in enumerate(tickets)]
            for deck, tickets in ref.get("optional_ticket_decks", {}).items()
        },
    }
    if "bonus_cards" in ref:
        board["bonus_cards"] = [convert_bonus_card(b, name) for b in ref["bonus_cards"]]
    return board


def convert_bonus_card(b: dict, name: str) -> dict:
    where = f"{name} bonus card {b.get('letter')!r}"
    _known(b, REF_BONUS_CARD, where)
    if (name, b["letter"]) not in BONUS_MEASURES:
        raise ConversionError(f"{where}: no measure known for it; add it to BONUS_MEASURES")
    measure, value = BONUS_MEASURES[name, b["letter"]]
    return {"letter": b["letter"], "name": b["name"], "points": b["points"], "measure": measure, "value": value,
            "counts": b["counts"]}


def facts(ref: dict) -> dict:
    """The facts of a reference dict, normalised so that two encodings can be compared
    (spaces in travel order: ``SPACE_ORDER_FIXES`` applied)."""
    def ticket(t):
        return (t["from"], tuple(_as_list(t["to"])), tuple(_as_list(t["points"])), t["deck"])

    return {
        "map": ref["map"],
        "frame": (ref["frame"]["width"], ref["frame"]["height"]),
        "cities": [(c["name"], c["x"], c["y"], c["kind"], tuple(map(tuple, c.get("border_points", []))),
                    tuple(c.get(k) for k in CITY_FACTS)) for c in ref["cities"]],
        "routes": [(r["id"], r["a"], r["b"], r["length"], r["color"], r["tunnel"], r["ferry_locomotives"],
                    r.get("any_cards_substitute", 0), r["double_group"],
                    tuple(map(tuple, _spaces_in_order(r, ref["map"]))),
                    tuple(r["a_border_point"]) if r.get("a_border_point") else None,
                    tuple(r["b_border_point"]) if r.get("b_border_point") else None,
                    tuple(r.get(k, 0) for k in ROUTE_FACTS))
                   for r in ref["routes"]],
        "tickets": [ticket(t) for t in ref["tickets"]],
        "optional": {k: [ticket(t) for t in v] for k, v in ref.get("optional_ticket_decks", {}).items()},
        "bonus_cards": [(b["letter"], b["name"], b["points"], b["counts"]) for b in ref.get("bonus_cards", [])],
    }


def facts_of_board_dict(board: dict) -> dict:
    """The same facts read back from a converted board dict."""
    places = [(c["name"], c["x"], c["y"], "city", (), tuple(c.get(k) for k in CITY_FACTS))
              for c in board["cities"]]
    places += [(c["name"], c["x"], c["y"], "country", tuple(map(tuple, c["border_points"])),
                tuple(c.get(k) for k in CITY_FACTS)) for c in board["countries"]]

    def ticket(t):
        return (t["from"], tuple(t["to"]), tuple(t["points"]), t["deck"])

    return {
        "map": board["board"],
        "frame": (board["frame"]["width"], board["frame"]["height"]),
        "cities": places,
        "routes": [(r["id"], r["a"], r["b"], r["length"], r["colour"], r["tunnel"], r["ferry_locomotives"],
                    r["any_cards_substitute"], r["double_group"], tuple(map(tuple, r["spaces"])),
                    tuple(r["a_border_point"]) if r["a_border_point"] else None,
                    tuple(r["b_border_point"]) if r["b_border_point"] else None,
                    tuple(r.get(k, 0) for k in ROUTE_FACTS))
                   for r in board["routes"]],
        "tickets": [ticket(t) for t in board["tickets"]],
        "optional": {k: [ticket(t) for t in v] for k, v in board["optional_ticket_decks"].items()},
        "bonus_cards": [(b["letter"], b["name"], b["points"], b["counts"]) for b in board.get("bonus_cards", [])],
    }


def rules_in_edition(name: str) -> dict:
    """The edition record's values of the reference's rule keys (`REF_RULES`), as the
    reference writes them: points by route length, bonus by count ({"1": 1, ...})."""
    import tomllib
    raw = tomllib.loads((REPO / "ttr_nb" / "editions_data" / f"{name}.toml").read_text(encoding="utf-8"))
    out = {}
    for ref_key, path in REF_RULES.items():
        value = raw
        for k in path.split("."):
            value = value.get(k, {}) if isinstance(value, dict) else {}
        if not value:
            continue
        start = 1 if ref_key == "route_points" else 0      # route lengths start at 1, ticket counts at 0
        out[ref_key] = {str(i + start): p for i, p in enumerate(value) if p or ref_key != "route_points"}
    return out


def check_rules(ref: dict, name: str) -> None:
    """The reference's rule facts (route points, Grand Tour bonus) equal the edition record's."""
    given = {k: ref[k] for k in REF_RULES if k in ref}
    if not given:
        return
    have = rules_in_edition(name)
    for key, value in given.items():
        if have.get(key) != value:
            raise ConversionError(f"{name}: the reference's {key} {value} differ from ttr_nb/editions_data/{name}.toml "
                                  f"({REF_RULES[key]} = {have.get(key)})")


def verify(ref: dict, board: dict, name: str) -> None:
    """The converted board keeps every fact (place order aside: countries follow cities)."""
    want, got = facts(ref), facts_of_board_dict(board)
    want["cities"] = sorted(want["cities"], key=lambda c: c[3] == "country")  # stable: cities first
    for k in want:
        if want[k] != got[k]:
            raise ConversionError(f"{name}: {k} changed in conversion")
    sys.path.insert(0, str(REPO))
    try:
        from ttr_nb.engine.board import board_from_dict
    finally:
        sys.path.pop(0)
    board_from_dict(board, f"converted {name}")  # raises MapError listing any problem


def dumps(board: dict) -> str:
    """JSON text: one city, route or ticket per line, UTF-8 names (ensure_ascii=False)."""
    def one(v) -> str:
        return json.dumps(v, ensure_ascii=False)

    def items(values, indent: str) -> str:
        if not values:
            return "[]"
        return "[\n" + ",\n".join(indent + " " + one(v) for v in values) + "\n" + indent + "]"

    lines = []
    for key, value in board.items():
        if key in ("cities", "countries", "routes", "tickets", "bonus_cards"):
            text = items(value, " ")
        elif key == "optional_ticket_decks":
            if value:
                text = "{\n" + ",\n".join(
                    f"  {one(deck)}: {items(tickets, '  ')}" for deck, tickets in value.items()
                ) + "\n }"
            else:
                text = "{}"
        else:
            text = one(value)
        lines.append(f" {one(key)}: {text}")
    text = "{\n" + ",\n".join(lines) + "\n}\n"
    if json.loads(text) != board:  # the formatter must not change anything
        raise ConversionError("internal error: formatted JSON differs from the data")
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, required=True, help="folder of the reference files")
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST, help="folder to write the board files to")
    parser.add_argument("--check", action="store_true", help="only check that the board files are up to date")
    parser.add_argument("boards", nargs="*", default=list(BOARDS), help="boards to convert (default: all)")
    args = parser.parse_args(argv)

    stale = []
    for name in args.boards:
        if name not in BOARDS:
            parser.error(f"unknown board {name!r} (boards: {', '.join(BOARDS)})")
        ref = json.loads((args.source / f"{name}.json").read_text(encoding="utf-8"))
        board = convert(ref, name)
        verify(ref, board, name)
        check_rules(ref, name)
        text = dumps(board)
        target = args.dest / f"{name}.json"
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == text:
            print(f"{target}: up to date")
        elif args.check:
            print(f"{target}: differs from the conversion of {args.source / (name + '.json')}")
            stale.append(name)
        else:
            target.write_text(text, encoding="utf-8")
            print(f"{target}: written ({len(board['cities'])} cities, {len(board['countries'])} countries, "
                  f"{len(board['routes'])} routes, {len(board['tickets'])} tickets)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
