"""Edition records: every rule knob of an edition, read from `ttr_nb/editions_data/<id>.toml` (package `ttr_nb.editions_data`).

The engine reads these fields and never tests an edition's name, so a new
edition is a new TOML file (plus, for a genuinely new mechanism, a small named
hook in the engine).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from .cards import NUM_COLOURS
from .i18n import N_, translations
from .ticketdecks import ticket_sources

_, ngettext = translations("engine")

# Translators: the kinds of route in "locomotives wild on: tunnel, ferry routes" (an edition's rules)
_ROUTE_KINDS_WORDS = {"ordinary": N_("ordinary"), "tunnel": N_("tunnel"), "ferry": N_("ferry")}
# Translators: the tie-breakers, in "tie-breakers: most tickets completed, then longest path bonus"
_TIE_BREAKER_WORDS = {"most_tickets_completed": N_("most tickets completed"),
                      "fewest_stations_used": N_("fewest stations used"),
                      "longest_path_bonus": N_("longest path bonus"), "longest_path_length": N_("longest path length")}
# the rows of `Rules.summary()`, as a student reads them
_SUMMARY_LABELS = {
    "players": N_("players"), "trains": N_("trains"), "stations": N_("stations"), "train cards": N_("train cards"),
    "face-up locomotive": N_("face-up locomotive"), "display flush": N_("display flush"),
    "locomotives wild on": N_("locomotives wild on"), "both routes of a double": N_("both routes of a double"),
    "opening tickets": N_("opening tickets"), "later ticket draws": N_("later ticket draws"),
    "route points": N_("route points"), "longest path bonus": N_("longest path bonus"),
    "Globetrotter bonus": N_("Globetrotter bonus"), "Grand Tour bonus": N_("Grand Tour bonus"),
    "unbuilt station": N_("unbuilt station"),
    "tie-breakers": N_("tie-breakers"), "final round": N_("final round"),
    "triple routes": N_("triple routes"), "bonus cards": N_("bonus cards"), "board data": N_("board data"),
    "Warehouses & Depots": N_("Warehouses & Depots"),
}
#: The texts of `Rules.board_data` (an edition record's words, translated where shown).
_BOARD_DATA = (N_("checked against independent data sets"), N_("provisional (one source only)"))

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROUTE_KINDS = ("ordinary", "tunnel", "ferry")
TIE_BREAKERS = ("most_tickets_completed", "fewest_stations_used", "longest_path_bonus", "longest_path_length")
#: `Rules.longest_path_name` of an edition whose longest-path bonus card has no name of its own
PLAIN_LONGEST = "longest path bonus"


@dataclass(frozen=True)
class TicketRules:
    opening_deal: tuple[tuple[str, int], ...]   # (deck, count) pairs, e.g. (("long", 1), ("regular", 3))
    opening_keep: int
    opening_returns: str                        # "bottom" or "removed"
    draw: int
    draw_keep: int
    draw_returns: str
    draw_from: str
    #: (deck, most) pairs: at most `most` tickets of that deck may be kept from the opening deal
    #: (Mega Europe: at most 1 long ticket); () = no such limit
    opening_keep_most: tuple[tuple[str, int], ...] = ()

    @property
    def opening_count(self) -> int:
        return sum(n for _, n in self.opening_deal)

    def keep_minimum(self, offered: int, opening: bool) -> int:
        """How many of `offered` tickets must be kept: the minimum for the opening deal or
        for a draw, never more than were offered (the one home of this rule)."""
        return min(self.opening_keep if opening else self.draw_keep, offered)


#: How the free action of Warehouses & Depots may be taken, when the Warehouses are emptied,
#: and whether Depots and stations share a city (`WarehouseRules`).
DEPOT_PLACEMENTS = ("before_or_after", "before")
WAREHOUSE_EXHAUSTS = ("out_of_depots", "empty_pile")
DEPOT_STATIONS = ("apart", "together")


@dataclass(frozen=True)
class WarehouseRules:
    """Warehouses & Depots (Europa 1912): the module's knobs, read from an edition's ``[warehouses]``."""
    depots: int            # Depots per player (one placed at setup, the rest in reserve)
    end_bonus: int         # points to every player tied for the most Depots in reserve
    placement: str         # "before_or_after": the free action before or after the turn's action; "before"
    exhaust: str           # "out_of_depots": Warehouses emptied when no card is left and a reserve is empty;
    #                        "empty_pile": whenever no card is left, whatever the Depots
    stations: str          # "apart": a Depot and a station never share a city; "together": Depots ignore stations

    @property
    def after_action(self) -> bool:
        """Depots may also be placed after the turn's action."""
        return self.placement == "before_or_after"


@dataclass(frozen=True)
class Rules:
    """One edition's rules. See the TOML files for what each field means."""

    id: str
    title: str
    board: str
    min_players: int
    max_players: int
    trains: int
    stations: int
    unbuilt_station_points: int
    hand_size: int
    display_size: int
    face_up_locomotive_costs_two: bool   # a face-up locomotive is the whole draw (first pick only)
    display_flush_at: int                # 0: never flushed
    locomotives_on: frozenset            # subset of ROUTE_KINDS
    double_routes_min_players: int
    final_round_trains: int
    route_points: tuple[int, ...]        # index = length - 1; 0 marks a length the board lacks
    cards_per_colour: int
    locomotives: int
    tickets: TicketRules
    longest_path_bonus: int
    globetrotter_bonus: int
    tie_breakers: tuple[str, ...]
    #: How far the board data is checked ("provisional (one source only)" for Northern Lights).
    board_data: str = "checked against independent data sets"
    #: Triple routes: (players, usable tracks) pairs; empty where the board has none.
    triple_route_tracks: tuple[tuple[int, int], ...] = ()
    #: Bonus cards (Northern Lights): how many are drawn at setup (0: none), whether a card whose
    #: highest count is 0 scores for everybody, and the capitals card B counts.
    bonus_cards_drawn: int = 0
    bonus_zero_top_scores: bool = False
    capitals: tuple[str, ...] = ()
    #: Name of the longest-path bonus card ("European Express", "Indian Express"), else `PLAIN_LONGEST`.
    longest_path_name: str = PLAIN_LONGEST
    #: Grand Tour bonus by number of qualifying tickets (index = count; the last entry is for that
    #: many or more); () = no Grand Tour. See `engine/grandtour.py`.
    grand_tour_points: tuple[int, ...] = ()
    #: Warehouses & Depots (the Europa 1912 module), or None when it is not played.
    warehouses: WarehouseRules | None = None
    #: The way to play chosen on this edition's board ("" = the edition itself; "1910", "mega" ...
    #: for the USA 1910 box): an overlay of the edition's own fields (`[variants.<id>]` of its file).
    variant: str = ""
    #: The variant's title ("USA 1910: Mega Game"), "" without a variant.
    variant_title: str = ""
    #: The tickets in play, as parts taken from the board's decks (`ticketdecks.TicketSource`);
    #: () = the board's own tickets.
    ticket_decks: tuple = ()
    #: Globetrotter when the most tickets completed is 0: False, nobody scores it; True, every
    #: player (all tied at 0) does.
    globetrotter_at_zero: bool = False
    options: dict = field(default_factory=dict, compare=False, hash=False)   # option name -> chosen value
    option_specs: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def longest_path_card(self) -> str | None:
        """The name of the longest-path bonus card, where the edition names one (else None)."""
        return None if self.longest_path_name == PLAIN_LONGEST else self.longest_path_name

    @property
    def total_cards(self) -> int:
        return NUM_COLOURS * self.cards_per_colour + self.locomotives

    def points_for(self, length: int) -> int:
        if 1 <= length <= len(self.route_points) and self.route_points[length - 1] > 0:
            return self.route_points[length - 1]
        raise ValueError(f"{self.title} has no score for a route of length {length}")

    def grand_tour_bonus(self, qualifying: int) -> int:
        """The Grand Tour bonus for `qualifying` tickets (0 when the edition has none)."""
        table = self.grand_tour_points
        if not table or qualifying <= 0:
            return 0
        return table[min(qualifying, len(table) - 1)]

    def locomotives_allowed(self, kind: str) -> bool:
        return kind in self.locomotives_on

    def usable_tracks(self, group_size: int, players: int) -> int:
        """How many tracks of a group of `group_size` parallel tracks between the same two
        cities may be used with `players` players: 1 of a single route; both of a double
        from `double_routes_min_players`, else 1; of a triple, `triple_route_tracks`."""
        if group_size <= 1:
            return 1
        if group_size == 2:
            return 2 if players >= self.double_routes_min_players else 1
        tracks = dict(self.triple_route_tracks)
        if players not in tracks:
            raise ValueError(f"{self.title} does not say how many tracks of a triple route {players} players "
                             f"may use (triple_route_tracks: {tracks or 'none'})")
        return tracks[players]

    def grand_tour_rows(self) -> list[str]:
        """The Grand Tour table as texts: "1 ticket→5", ..., "5+ tickets→40"."""
        last = len(self.grand_tour_points) - 1
        return [(ngettext("{n}+ ticket→{points}", "{n}+ tickets→{points}", n) if n == last
                 else ngettext("{n} ticket→{points}", "{n} tickets→{points}", n)).format(n=n, points=p)
                for n, p in enumerate(self.grand_tour_points) if n]

    def summary(self) -> dict[str, Any]:
        """The rules as plain rows (for notebooks and the edition explorer): the keys stay as they
        are in every language (`summary_label` names a row in the language chosen), the values are
        in the language chosen."""
        t = self.tickets
        none = _("none")
        kinds = [_(_ROUTE_KINDS_WORDS[k]) for k in ROUTE_KINDS if k in self.locomotives_on]

        def returns(where: str) -> str:
            return _("to the bottom of the deck") if where == "bottom" else _("leave the game")

        return {
            "players": f"{self.min_players}–{self.max_players}",
            "trains": self.trains,
            "stations": self.stations or none,
            "train cards": _("{total} ({each} of each colour, {locomotives} locomotives)").format(
                total=self.total_cards, each=self.cards_per_colour, locomotives=self.locomotives),
            "face-up locomotive": (_("costs the whole draw (first pick only)") if self.face_up_locomotive_costs_two
                                   else _("taken like any card")),
            "display flush": (_("at {n} face-up locomotives").format(n=self.display_flush_at) if self.display_flush_at
                              else _("never")),
            "locomotives wild on": _("{kinds} routes").format(kinds=", ".join(kinds)),
            "both routes of a double": _("from {n} players").format(n=self.double_routes_min_players),
            "opening tickets": _("{deal}, keep ≥ {keep}, the rest {returned}").format(
                deal=" + ".join(deck_count(d, n) for d, n in t.opening_deal), keep=t.opening_keep,
                returned=returns(t.opening_returns)),
            "later ticket draws": _("{deal}, keep ≥ {keep}, the rest {returned}").format(
                deal=t.draw, keep=t.draw_keep, returned=returns(t.draw_returns)),
            "route points": ", ".join(f"{i + 1}→{p}" for i, p in enumerate(self.route_points) if p),
            "longest path bonus": (_("{n} ({name})").format(n=self.longest_path_bonus, name=self.longest_path_card)
                                   if self.longest_path_bonus and self.longest_path_card
                                   else self.longest_path_bonus or none),
            "Globetrotter bonus": self.globetrotter_bonus or none,
            "Grand Tour bonus": ", ".join(self.grand_tour_rows()) or none,
            "unbuilt station": _("{n} points each").format(n=self.unbuilt_station_points) if self.stations else "—",
            "tie-breakers": _(", then ").join(map(_tie_breaker, self.tie_breakers)),
            "final round": _("when a player ends a turn with ≤ {n} trains").format(n=self.final_round_trains),
            "triple routes": (", ".join(ngettext("{p} players: {n} track", "{p} players: {n} tracks", n).format(p=p, n=n)
                                        for p, n in self.triple_route_tracks) if self.triple_route_tracks else none),
            "bonus cards": (_("{n} drawn at setup, scored by every player tied for the most").format(
                n=self.bonus_cards_drawn) if self.bonus_cards_drawn else none),
            "board data": _(self.board_data),
            "Warehouses & Depots": (_("{n} Depots each (1 placed at setup), {bonus} points for the most kept").format(
                n=self.warehouses.depots, bonus=self.warehouses.end_bonus) if self.warehouses else none),
        }


def deck_count(deck: str, n: int) -> str:
    """'1 long', '3 regular': `n` tickets of a deck, in the language chosen."""
    if deck == "long":
        # Translators: a count of tickets from the deck of long tickets ("1 long + 3 regular")
        return ngettext("{n} long", "{n} long", n).format(n=n)
    if deck == "regular":
        # Translators: a count of tickets from the deck of regular tickets ("1 long + 3 regular")
        return ngettext("{n} regular", "{n} regular", n).format(n=n)
    return f"{n} {deck}"


def _tie_breaker(name: str) -> str:
    label = _TIE_BREAKER_WORDS.get(name)
    return _(label) if label else name.replace("_", " ")


def summary_label(key: str) -> str:
    """The name of a row of `Rules.summary()` in the language chosen ("train cards": "togkort")."""
    label = _SUMMARY_LABELS.get(key)
    return _(label) if label else key


def edition_title(rules) -> str:
    """An edition's title as a student reads it, in the language chosen ("Ticket to Ride: Europa")."""
    return _(rules.title)


def variant_title(rules) -> str:
    """The title of the variant `rules` play, in the language chosen ("USA 1910: Mega Game"); "" for none."""
    return _(rules.variant_title) if rules.variant_title else ""


def edition_ids() -> list[str]:
    """The editions this package can play, in teaching order."""
    order = ["usa", "europe", "switzerland", "nordic", "india", "northernlights"]
    found = sorted(p.name[:-5] for p in resources.files("ttr_nb.editions_data").iterdir() if p.name.endswith(".toml"))
    return [e for e in order if e in found] + [e for e in found if e not in order]


def _raw_edition(edition: str) -> dict:
    """The TOML table of an edition, found by its id ("usa", any letter case): an id, never a
    path, so ``"../editions/usa"`` or ``"../../elsewhere/evil"`` is refused like any unknown name."""
    ids = edition_ids()
    key = edition.strip().lower() if isinstance(edition, str) else None
    if key not in ids:
        raise ValueError(_("unknown edition {edition}: an edition is named by its id, one of {ids}").format(
            edition=repr(edition), ids=", ".join(ids)))
    return _read_edition(key)


@lru_cache(maxsize=None)
def _read_edition(edition: str) -> dict:
    text = resources.files("ttr_nb.editions_data").joinpath(f"{edition}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _set_path(data: dict, path: str, value) -> None:
    """Set the field at `path` ("tickets.draw"; a number steps into a list: "ticket_decks.0.leave_out")."""
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    for k in keys[:-1]:
        data = data[k]
    data[keys[-1]] = value


def load_rules(edition: str, variant: str | None = None, **options) -> Rules:
    """The `Rules` of an edition, by its id, with a variant (a way to play on its board, e.g.
    ``variant="1910"`` for the USA; `variant_ids`) and options applied (e.g. ``opening_tickets=4``).
    ValueError listing the editions for anything else (a path, a name that is not a string), and
    listing the edition's variants for a variant it does not have."""
    if not isinstance(edition, str):
        _raw_edition(edition)          # refuses it
    if variant is not None and not isinstance(variant, str):
        raise ValueError(_("a variant is named by its id, a string, not {value}").format(value=repr(variant)))
    variant = (variant or "").strip().lower()
    return _load_rules(edition.strip().lower(), variant, tuple(sorted(options.items())))   # reads `_raw_edition`


def variant_ids(edition: str) -> list[str]:
    """The ids of the variants of `edition` (ways to play on its board, in its file's order)."""
    return list(_raw_edition(edition).get("variants", {}))


#: The keys of a `[variants.<id>]` table that are not fields of the edition it overlays.
_VARIANT_KEYS = ("title", "options")


def _apply_variant(raw: dict, variant: str) -> None:
    """Overlay `raw` (an edition's table) with its variant `variant`: each key of a section
    (``tickets.draw``, ``bonuses.globetrotter``) replaces the edition's, a top-level key
    (``ticket_decks``) replaces it whole; the variant's options join the edition's."""
    variants = raw.pop("variants", {})
    if not variant:
        return
    if variant not in variants:
        known = ", ".join(variants) or _("none")
        raise ValueError(_("{edition} has no variant {variant} (its variants: {known})").format(
            edition=_(raw["title"]), variant=repr(variant), known=known))
    overlay = variants[variant]
    for key, value in overlay.items():
        if key in _VARIANT_KEYS:
            continue
        if isinstance(value, dict) and isinstance(raw.get(key), dict):
            raw[key].update(copy.deepcopy(value))
        else:
            raw[key] = copy.deepcopy(value)
    raw["variant"] = variant
    raw["variant_title"] = overlay["title"]
    raw.setdefault("options", {}).update(copy.deepcopy(overlay.get("options", {})))


@lru_cache(maxsize=64)
def _load_rules(edition: str, variant: str, option_items: tuple) -> Rules:
    options = dict(option_items)
    raw = copy.deepcopy(_raw_edition(edition))
    _apply_variant(raw, variant)
    specs = raw.get("options", {})
    chosen = {}
    for name, value in options.items():
        if name not in specs:
            known = ", ".join(specs) or _("none")
            raise ValueError(_("{edition} has no option {name} (its options: {known})").format(
                edition=_(raw["title"]), name=repr(name), known=known))
        spec = specs[name]
        if value not in spec["values"]:
            raise ValueError(_("option {name}={value} is not one of {values}").format(
                name=name, value=repr(value), values=spec["values"]))
        setting = spec["sets"][spec["values"].index(value)] if "sets" in spec else value
        _set_path(raw, spec["field"], setting)
        chosen[name] = value
    _migrate(raw)
    t = raw["tickets"]
    rules = Rules(
        id=raw["id"], title=raw["title"], board=raw["board"],
        min_players=raw["min_players"], max_players=raw["max_players"],
        trains=raw["trains"], stations=raw["stations"], unbuilt_station_points=raw["unbuilt_station_points"],
        hand_size=raw["hand_size"], display_size=raw["display_size"],
        face_up_locomotive_costs_two=raw["face_up_locomotive_costs_two"], display_flush_at=raw["display_flush_at"],
        locomotives_on=frozenset(raw["locomotives_on"]),
        double_routes_min_players=raw["double_routes_min_players"],
        final_round_trains=raw["final_round_trains"], route_points=tuple(raw["route_points"]),
        cards_per_colour=raw["deck"]["cards_per_colour"], locomotives=raw["deck"]["locomotives"],
        tickets=TicketRules(
            opening_deal=tuple(t["opening_deal"].items()), opening_keep=t["opening_keep"],
            opening_returns=t["opening_returns"], draw=t["draw"], draw_keep=t["draw_keep"],
            draw_returns=t["draw_returns"], draw_from=t["draw_from"],
            opening_keep_most=tuple(t.get("opening_keep_most", {}).items())),
        longest_path_bonus=raw["bonuses"]["longest_path"], globetrotter_bonus=raw["bonuses"]["globetrotter"],
        tie_breakers=tuple(raw["scoring"]["tie_breakers"]),
        **_optional_fields(raw),
        longest_path_name=raw["bonuses"].get("longest_path_name", PLAIN_LONGEST),
        grand_tour_points=tuple(raw["bonuses"].get("grand_tour", ())),
        options=chosen, option_specs=specs,
    )
    _check(rules)
    return rules


def _optional_fields(raw: dict) -> dict:
    """The fields only some editions give (the defaults of `Rules` for the others)."""
    out: dict[str, Any] = {}
    if "variant" in raw:
        out["variant"], out["variant_title"] = raw["variant"], raw["variant_title"]
    if "ticket_decks" in raw:
        out["ticket_decks"] = ticket_sources(raw["ticket_decks"], raw.get("id"))
    if "globetrotter_at_zero" in raw["bonuses"]:
        out["globetrotter_at_zero"] = raw["bonuses"]["globetrotter_at_zero"]
    if "board_data" in raw:
        out["board_data"] = raw["board_data"]
    if "triple_route_tracks" in raw:
        out["triple_route_tracks"] = tuple(sorted((int(k), v) for k, v in raw["triple_route_tracks"].items()))
    bonus = raw.get("bonus_cards")
    if bonus is not None:
        unknown = sorted(set(bonus) - {"drawn", "zero_top_scores", "capitals"})
        if unknown:
            raise ValueError(f"edition {raw.get('id')}: unknown [bonus_cards] key(s) {unknown}")
        out["bonus_cards_drawn"] = bonus["drawn"]
        out["bonus_zero_top_scores"] = bonus.get("zero_top_scores", False)
        out["capitals"] = tuple(bonus.get("capitals", ()))
    wh = raw.get("warehouses")
    if wh is not None:
        unknown = sorted(set(wh) - {"enabled", "depots", "end_bonus", "placement", "exhaust", "stations"})
        if unknown:
            raise ValueError(f"edition {raw.get('id')}: unknown [warehouses] key(s) {unknown}")
        if wh.get("enabled", False):
            out["warehouses"] = WarehouseRules(depots=wh["depots"], end_bonus=wh["end_bonus"],
                                               placement=wh["placement"], exhaust=wh["exhaust"],
                                               stations=wh["stations"])
    return out


#: Keys of older edition files, and how the loader reads them today.
MIGRATED_KEYS = {
    # face_up_locomotive = "expensive" | "ordinary"  ->  face_up_locomotive_costs_two = true | false
    "face_up_locomotive": ("face_up_locomotive_costs_two", {"expensive": True, "ordinary": False}),
}


def _migrate(raw: dict) -> None:
    """Read an older edition file's keys under today's names (`MIGRATED_KEYS`)."""
    for old, (new, values) in MIGRATED_KEYS.items():
        if old in raw:
            value = raw.pop(old)
            if new in raw:
                raise ValueError(f"edition {raw.get('id')}: give {new} only, not also the older {old}")
            if value not in values:
                raise ValueError(f"edition {raw.get('id')}: {old} must be one of {', '.join(map(repr, values))}, "
                                 f"not {value!r} (today's key is {new})")
            raw[new] = values[value]


def _check(r: Rules) -> None:
    problems = []
    if not isinstance(r.face_up_locomotive_costs_two, bool):
        problems.append(f"face_up_locomotive_costs_two must be true or false, not {r.face_up_locomotive_costs_two!r}")
    if not r.locomotives_on <= set(ROUTE_KINDS):
        problems.append(f"locomotives_on has unknown route kinds {sorted(r.locomotives_on - set(ROUTE_KINDS))}")
    for b in r.tie_breakers:
        if b not in TIE_BREAKERS:
            problems.append(f"unknown tie-breaker {b!r}")
    if "longest_path_bonus" in r.tie_breakers and not r.longest_path_bonus:
        problems.append("the tie-breaker longest_path_bonus names a bonus this edition does not have "
                        "(bonuses.longest_path = 0)")
    for where in (r.tickets.opening_returns, r.tickets.draw_returns):
        if where not in ("bottom", "removed"):
            problems.append(f"returned tickets go to 'bottom' or are 'removed', not {where!r}")
    gt = r.grand_tour_points
    if gt and (gt[0] != 0 or any(not isinstance(p, int) or p < 0 for p in gt) or list(gt) != sorted(gt)):
        problems.append(f"bonuses.grand_tour must start at 0 (no ticket, no bonus) and never fall, not {list(gt)}")
    if not 1 <= r.min_players <= r.max_players:
        problems.append("player counts must satisfy 1 <= min_players <= max_players")
    for players, tracks in r.triple_route_tracks:
        if not (isinstance(tracks, int) and 1 <= tracks <= 3):
            problems.append(f"triple_route_tracks: {players} players may use 1 to 3 tracks, not {tracks!r}")
    if not (isinstance(r.bonus_cards_drawn, int) and r.bonus_cards_drawn >= 0):
        problems.append(f"bonus_cards.drawn must be a whole number >= 0, not {r.bonus_cards_drawn!r}")
    if not isinstance(r.bonus_zero_top_scores, bool):
        problems.append(f"bonus_cards.zero_top_scores must be true or false, not {r.bonus_zero_top_scores!r}")
    wh = r.warehouses
    if wh is not None:
        if not (isinstance(wh.depots, int) and wh.depots >= 1):
            problems.append(f"warehouses.depots must be a whole number >= 1 (one is placed at setup), not {wh.depots!r}")
        for name, value, allowed in (("placement", wh.placement, DEPOT_PLACEMENTS),
                                     ("exhaust", wh.exhaust, WAREHOUSE_EXHAUSTS),
                                     ("stations", wh.stations, DEPOT_STATIONS)):
            if value not in allowed:
                problems.append(f"warehouses.{name} must be one of {', '.join(allowed)}, not {value!r}")
    for deck, most in r.tickets.opening_keep_most:
        if not (isinstance(most, int) and 0 <= most):
            problems.append(f"tickets.opening_keep_most: at most a whole number >= 0 of the {deck} deck, not {most!r}")
    if not isinstance(r.globetrotter_at_zero, bool):
        problems.append(f"bonuses.globetrotter_at_zero must be true or false, not {r.globetrotter_at_zero!r}")
    if problems:
        raise ValueError(f"edition {r.id}{'/' + r.variant if r.variant else ''}: " + "; ".join(problems))
