"""Positions as plain data: `State.to_dict` and `Game.state_from_dict`.

The format (``"format": "ttr_nb-state/1"``) is JSON-compatible and meant to be
written by hand when a lesson needs a particular position::

    {
      "phase": "turn",                 # opening | turn | draw2 | tickets | tunnel | over
      "current_player": 0,
      "hands": [{"red": 3, "loco": 1}, {"blue": 2}],
      "display": ["green", "loco", "red", "white", "black"],
      "deck": ["red", "blue", ...],    # top card first
      "discard": ["pink"],
      "routes": {"Denver-Omaha": 1},   # route key -> owner (owned routes only)
      "stations": [["Berlin", 0]],     # Europe: [city, owner] in the order built
      "trains": [40, 45],
      "tickets": [["Boston-Miami"], []],          # tickets each player keeps
      "ticket_deck": ["Denver-El Paso", ...],     # top first
      "removed_tickets": [...],                    # out of the game
      "offer": [],                                  # tickets drawn, waiting for "keep"
      "opening_offers": [[], []],                   # opening tickets not yet chosen
      "tunnel": null,   # or {"route": key, "payment": "red*2", "revealed": ["red", "loco"], "extra": 2}
      "last_tunnel_reveal": null,  # the latest dig: {"route": key, "revealed": [...], "extra": 1}
      "final_round": null,    # turns left in the final round, once it has started
      "bonus_cards": [],      # Northern Lights: the letters of the bonus cards in play
      "depots": null,         # Warehouses & Depots: {"placed": [["Paris", 0]], "reserves": [4, 4],
                              #   "warehouses": [{"red": 1}, {}], "collectable": []}
      "passes": 0, "shuffles": 0, "turn": 12,
      "edition": "usa", "players": 2, "seed": 7, "first_player": 0, "options": {}
      # and "variant": "1910" for a variant (`load_game(..., variant=...)`), left out otherwise
    }

Everything may be left out. Missing parts are filled in so the position is
complete: hands, discard, routes, stations, tickets and offers default to
empty; ``trains`` to the edition's stock minus the routes owned; the deck to
the remaining train cards shuffled by the game's seed, and the display dealt
(or topped up) from its top by the rules (the flush rule included); ``ticket_deck`` to the
remaining tickets of the draw deck, shuffled; and ``removed_tickets`` to every
ticket not placed elsewhere; ``bonus_cards`` to the cards the game's seed draws at
setup (a lesson may name any of the board's cards, each once). The total number of
each card and each ticket is checked: a position that has 13 red cards is
refused with a message saying so. Route points are derived from the owners,
never stored.

A position that cannot arise, or that would break a rule later, is refused with
one `PositionError` listing every problem found (`errors.Problems`): unknown keys,
values of the wrong type (a float, a string, None or a boolean where a count is
due), counts out of range, trains that do not add up to the routes owned, a route
owned twice under two spellings, a pending tunnel outside the tunnel phase or on
an owned route, more than 3 cards revealed, more face-up cards than the display
holds, a station of a player who does not exist, a second-card draw with nothing left to draw.
``edition``, ``variant``, ``players`` and ``options`` must be the game's; ``seed`` and
``first_player`` are read back (the position is built in a game like this one
with that seed and first player).

Each part is read by a small reader of `PositionReader`; all of them add their
problems to one collector, so one error names them all.
"""
from __future__ import annotations
from __future__ import annotations

import math
import random

from . import bonuscards
from .cards import CARD_NAMES, LOCO, NUM_COLOURS, NUM_KINDS, Cards, card_index, counted_cards, counted_short
from .errors import MOST_QUOTED, PositionError, Problems, listed, short_repr as _show
from .i18n import N_, translations
from .narration import DECK_WORDS, capital, route_name
from .observer import reveal_dict
from .payments import tunnel_extra
from .position import DEPOT_PHASES, FIELDS, PHASES, Depots, PendingTunnel, TunnelReveal
from .readable import unreadable
from .rules import edition_title
from .shuffle import shuffle
from .state import State

_, ngettext = translations("engine")

FORMAT = "ttr_nb-state/1"
#: More turns than any game can take (each turn moves a card, a ticket or a train, or is a
#: pass, and a full round of passes ends the game).
MAX_TURNS = 100_000
#: `shuffles` numbers the shuffles and seeds the next one (a lesson may start from any seed).
MAX_SHUFFLES = 2**63 - 1

#: Where each field of `position.FIELDS` goes in the format: a key of the dict, or None
#: where the field is derived from others when read back (free routes, blocked twins,
#: route points).
KEYS: dict[str, str | None] = {
    "phase": "phase", "player": "current_player", "hands": "hands", "deck": "deck", "discard": "discard",
    "display": "display", "owners": "routes", "free": None, "blocked": None, "trains": "trains",
    "points": None, "stations": "stations", "tickets": "tickets", "ticket_deck": "ticket_deck",
    "removed_tickets": "removed_tickets", "offer": "offer", "opening_offers": "opening_offers",
    "pending": "tunnel", "countdown": "final_round", "passes": "passes", "shuffles": "shuffles",
    "turn": "turn", "last_reveal": "last_tunnel_reveal", "bonus_cards": "bonus_cards", "depots": "depots",
}
#: The game's settings, written beside the position.
SETTINGS = ("format", "edition", "variant", "options", "players", "seed", "first_player")
#: Every key the format knows.
ALLOWED = frozenset(SETTINGS) | {k for k in KEYS.values() if k}


def _names(cards) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def state_to_dict(s: State) -> dict:
    g = s.game
    board = g.board
    tk = lambda ids: [board.tickets[t].key for t in ids]  # noqa: E731
    out = {
        "format": FORMAT,
        "edition": g.rules.id,
        "options": dict(g.rules.options),
        "players": g.players,
        "seed": g.seed,
        "first_player": g.first_player,
        "phase": s.phase,
        "current_player": s.player,
        "turn": s.turn,
        "hands": [Cards(h).as_dict() for h in s.hands],
        "display": _names(s.display),
        "deck": _names(reversed(s.deck)),
        "discard": _names(s.discard),
        "routes": {board.routes[i].key: o for i, o in enumerate(s.owners) if o >= 0},
        "stations": [[c, p] for c, p in s.stations],
        "trains": list(s.trains),
        "tickets": [tk(t) for t in s.tickets],
        "ticket_deck": tk(reversed(s.ticket_deck)),
        "removed_tickets": tk(s.removed_tickets),
        "offer": tk(s.offer),
        "opening_offers": [tk(o) for o in s.opening_offers],
        "tunnel": None,
        "final_round": s.countdown,
        "passes": s.passes,
        "shuffles": s.shuffles,
        "bonus_cards": [board.bonus_cards[k].letter for k in s.bonus_cards],
    }
    if s.depots is not None:           # Warehouses & Depots only (a position of another game has no such key)
        out["depots"] = depots_dict(s.depots)
    if g.rules.variant:                 # written only for a variant (`load_game(..., variant=...)`)
        out["variant"] = g.rules.variant
    if s.pending:
        t = s.pending
        out["tunnel"] = {"route": board.routes[t.route].key, "payment": str(Cards(t.paid)),
                         "revealed": _names(t.revealed), "extra": t.extra}
    out["last_tunnel_reveal"] = reveal_dict(board, s.last_reveal)
    return out


def depots_dict(depots) -> dict | None:
    """The Warehouses & Depots of a position as data (None without the module)."""
    if depots is None:
        return None
    return {"placed": [[c, p] for c, p in depots.placed], "reserves": list(depots.reserves),
            "warehouses": [Cards(w).as_dict() for w in depots.warehouses], "collectable": list(depots.collectable)}


def state_from_dict(game, d) -> State:
    """The position `d` describes, in `game` (see the module's docstring); PositionError
    listing every problem if it cannot be a position of that game."""
    why = unreadable(d)
    if why is not None:
        raise PositionError(_("this position cannot be read: {why}").format(why=why))
    return PositionReader(game, d).read()




def _is_int(value) -> bool:
    return type(value) is int


class PositionReader:
    """Reads one position description. Each `read_*` method reads one part, adds what is
    wrong to `problems` and returns what it could read (a safe default otherwise), so
    one `PositionError` lists every problem."""

    def __init__(self, game, d):
        self.game = game
        self.rules = game.rules
        self.board = game.board
        self.n = game.players
        self.problems = Problems()
        self.unknown_names = 0
        if not isinstance(d, dict):
            self.problems.add("", _("a position is a dict (the format of State.to_dict), not {value}").format(
                value=_show(d)))
            d = {}
        self.d = d

    # ------------------------------------------------------------------ small typed readers
    def add(self, where: str, text: str) -> None:
        self.problems.add(where, text)

    def integer(self, where: str, value, lo: int, hi: int, what: str = N_("a whole number")):
        """`value` if it is an int in lo..hi (not a bool, a float or text), else None (`what`: a
        text marked with N_)."""
        if not _is_int(value):
            self.add(where, _("must be {what} from {lo} to {hi}, not {value}").format(
                what=_(what), lo=lo, hi=hi, value=_show(value)))
            return None
        if not lo <= value <= hi:
            self.add(where, _("must be {what} from {lo} to {hi}, not {value}").format(
                what=_(what), lo=lo, hi=hi, value=value))
            return None
        return value

    def player_index(self, where: str, value):
        return self.integer(where, value, 0, self.n - 1, N_("a player"))

    def sequence(self, where: str, value, length: int | None = None) -> list | None:
        """`value` as a list if it is a list or tuple (of `length` items, if given), else None."""
        if not isinstance(value, (list, tuple)):
            self.add(where, _("must be a list, not {value}").format(value=_show(value)))
            return None
        if length is not None and len(value) != length:
            return None
        return list(value)

    def card(self, where: str, name):
        if not isinstance(name, str):
            self.add(where, _("a card is named by text (one of {names}), not {value}").format(
                names=", ".join(CARD_NAMES), value=_show(name)))
            return None
        try:
            return card_index(name)
        except ValueError as e:
            self.add(where, str(e))
            return None

    def card_list(self, key: str) -> list[int]:
        items = self.sequence(key, self.d.get(key, ()))
        if items is None:
            return []
        cards = [self.card(key, c) for c in items]
        return [c for c in cards if c is not None]

    def cards_dict(self, where: str, value) -> tuple[int, ...]:
        """Nine counts from {"red": 3, "loco": 1} (whole, non-negative counts)."""
        counts = [0] * NUM_KINDS
        if not isinstance(value, dict):
            self.add(where, _("must be a dict of cards like {example}, not {value}").format(
                example="{'red': 3}", value=_show(value)))
            return tuple(counts)
        for name, k in value.items():
            c = self.card(where, name)
            if c is None:
                continue
            if not _is_int(k) or k < 0:
                self.add(where, _("{name} must be a whole number of cards (0 or more), not {value}").format(
                    name=_show(name), value=_show(k)))
                continue
            counts[c] += k
        return tuple(counts)

    def route(self, where: str, key):
        try:
            if isinstance(key, str) and self.unknown_names >= MOST_QUOTED:
                return self.board.find_route(key, suggest=False).index
            return self.game.route_index(key) if isinstance(key, str) else self.board.find_route(key).index
        except KeyError as e:
            self.unknown(where, e.args[0])
            return None

    def unknown(self, where: str, text: str) -> None:
        """An unknown name: close matches are looked for for the first few only (`MOST_QUOTED`),
        so that a position naming 100,000 unknown tickets is read in linear time."""
        self.unknown_names += 1
        self.add(where, text)

    def ticket_ids(self, where: str, keys) -> list[int]:
        items = self.sequence(where, keys)
        out = []
        for k in items or ():
            if not isinstance(k, str):
                self.add(where, _("a ticket is named by its key, like 'Boston-Miami', not {value}").format(
                    value=_show(k)))
                continue
            try:
                out.append(self.board.find_ticket(k, suggest=self.unknown_names < MOST_QUOTED).index)
            except KeyError as e:
                self.unknown(where, e.args[0])
        return out

    def per_player(self, key: str, default):
        """The list under `key` with one item per player (or the default's)."""
        value = self.d.get(key, default)
        items = self.sequence(key, value)
        if items is None:
            return list(default)
        if len(items) != self.n:
            if key == "hands":
                text = ngettext("{n} hands for {players} players", "{n} hands for {players} players", len(items))
            else:
                text = ngettext("{n} lists for {players} players", "{n} lists for {players} players", len(items))
            self.add(key, text.format(n=len(items), players=self.n))
            return list(default)
        return items

    # ------------------------------------------------------------------ the parts
    def read_keys(self) -> None:
        unknown = sorted(map(str, set(self.d) - ALLOWED))
        if unknown:
            self.add("keys", _("unknown key(s) {keys}; a position has {allowed}").format(
                keys=", ".join(map(repr, unknown)), allowed=", ".join(sorted(ALLOWED))))

    def read_settings(self):
        """The game's settings: edition, players and options must be this game's; seed and
        first player are read back (the game to build the position in)."""
        d, rules, game = self.d, self.rules, self.game
        if d.get("format", FORMAT) != FORMAT:
            self.add("format", _("format must be {format}, not {value}").format(format=repr(FORMAT),
                                                                               value=_show(d.get("format"))))
        if d.get("edition", rules.id) != rules.id:
            self.add("edition", _("this position is for {edition}, but the game is {game}").format(
                edition=_show(d["edition"]), game=repr(rules.id)))
        if d.get("variant", rules.variant) != rules.variant:
            self.add("variant", _("this position is for the variant {variant}, but the game has {game}: load the game "
                                  "with that variant").format(variant=_show(d["variant"]),
                                                              game=repr(rules.variant) if rules.variant else _("none")))
        if d.get("players", self.n) != self.n or not _is_int(d.get("players", self.n)):
            self.add("players", _("this position has {players} players, but the game has {n}").format(
                players=_show(d["players"]), n=self.n))
        options = d.get("options", rules.options)
        if not isinstance(options, dict):
            self.add("options", _("must be a dict of edition options, not {value}").format(value=_show(options)))
        elif options != rules.options:
            self.add("options", _("this position is played with the options {options}, but the game has {game}: "
                                  "load the game with those options").format(options=_show(options),
                                                                              game=_show(dict(rules.options))))
        seed = d.get("seed", game.seed)
        if not _is_int(seed):
            self.add("seed", _("must be a whole number, not {value}").format(value=_show(seed)))
            seed = game.seed
        first = d.get("first_player", game.first_player)
        first = self.player_index("first_player", first)
        if first is None:
            first = game.first_player
        if (seed, first) != (game.seed, game.first_player):
            game = type(game)(rules, self.board, self.n, seed, first)
        return game

    def read_phase(self) -> tuple[str, int]:
        phase = self.d.get("phase", "turn")
        if phase not in PHASES:
            self.add("phase", _("phase must be one of {phases}, not {value}").format(
                phases=", ".join(map(repr, PHASES)), value=_show(phase)))
            phase = "turn"
        player = self.d.get("current_player", self.game.first_player)
        if not _is_int(player) or not 0 <= player < self.n:
            self.add("current_player", _("current_player must be 0..{last}, not {value}").format(
                last=self.n - 1, value=_show(player)))
            player = 0
        return phase, player

    def read_hands(self) -> list[tuple[int, ...]]:
        hands_in = self.per_player("hands", [{}] * self.n)
        return [self.cards_dict(_("hand of player {n}").format(n=i + 1), h) for i, h in enumerate(hands_in)]

    def read_routes(self) -> list[int]:
        board, n = self.board, self.n
        owners = [-1] * len(board.routes)
        routes = self.d.get("routes", {})
        if not isinstance(routes, dict):
            self.add("routes", _("must be a dict of route key -> owner, not {value}").format(value=_show(routes)))
            routes = {}
        named: dict[int, str] = {}
        for key, o in routes.items():
            ri = self.route("routes", key)
            if ri is None:
                continue
            if ri in named:
                self.add("routes", _("{first} and {second} are the same route ({route}), owned twice").format(
                    first=named[ri], second=key, route=route_name(self.game, ri)))
                continue
            named[ri] = key
            if not _is_int(o) or not 0 <= o < n:
                self.add("routes", _("{route} is owned by {value}, not a player 0..{last}").format(
                    route=key, value=_show(o), last=n - 1))
                continue
            owners[ri] = o
        for i, o in enumerate(owners):
            t = self.game.twins[i]
            if o >= 0 and t is not None and owners[t] >= 0:
                r = board.routes[i]
                if owners[t] == o:
                    if i < t:
                        self.add("routes", _("player {n} owns both routes between {a} and {b} (one player may never "
                                             "own both)").format(n=o + 1, a=r.a, b=r.b))
                elif not self.game.doubles_open and i < t:
                    self.add("routes", _("both routes between {a} and {b} are owned, but with {n} players only one "
                                         "may be used").format(a=r.a, b=r.b, n=n))
            others = self.game.parallel[i]
            if len(others) > 1 and i < min(others):          # a triple route, judged at its first track
                r = board.routes[i]
                held = [owners[j] for j in (i, *others) if owners[j] >= 0]
                twice = sorted({q for q in held if held.count(q) > 1})
                if twice:
                    self.add("routes", _("player {n} owns two of the tracks between {a} and {b} (one player never "
                                         "owns two tracks between the same cities)").format(n=twice[0] + 1, a=r.a,
                                                                                           b=r.b))
                usable = self.game.usable_tracks[i]
                if len(held) > usable:
                    self.add("routes", _("{k} of the tracks between {a} and {b} are owned, but with {n} players only "
                                         "{usable} may be used").format(k=len(held), a=r.a, b=r.b, n=n,
                                                                        usable=usable))
        return owners

    def city_pieces(self, field: str, items, not_a_pair: str, owner: str, twice: str) -> list[tuple[str, int]]:
        """[city, player] pairs of pieces a city holds one of (stations, depots), each checked: a
        pair, a city of the board, a player of the game, a city named once; the texts are the
        piece's own (`not_a_pair` takes {value}, `owner` and `twice` take {city})."""
        pieces: list[tuple[str, int]] = []
        for item in items or ():
            if not isinstance(item, (list, tuple)) or len(item) != 2:
                self.add(field, not_a_pair.format(value=_show(item)))
                continue
            city, p = item
            if not isinstance(city, str) or city not in self.game.city_names:
                self.add(field, _("unknown city {value}").format(value=_show(city)))
            elif self.player_index(owner.format(city=city), p) is None:
                continue
            elif any(c == city for c, _q in pieces):
                self.add(field, twice.format(city=city))
            else:
                pieces.append((city, p))
        return pieces

    def read_stations(self) -> list[tuple[str, int]]:
        rules = self.rules
        stations = self.city_pieces("stations", self.sequence("stations", self.d.get("stations", [])),
                                    _("a station is a [city, player] pair, not {value}"),
                                    _("stations: the owner of the station in {city}"),
                                    _("{city} has two stations"))
        if stations and not rules.stations:
            self.add("stations", _("{edition} has no train stations").format(edition=edition_title(rules)))
        for p in range(self.n):
            if sum(1 for _c, q in stations if q == p) > rules.stations:
                self.add("stations", ngettext("player {n} has more than {most} station",
                                              "player {n} has more than {most} stations",
                                              rules.stations).format(n=p + 1, most=rules.stations))
        return stations

    def read_trains(self, owners: list[int]) -> list[int]:
        rules, board = self.rules, self.board
        used = [sum(board.routes[i].length for i, o in enumerate(owners) if o == p) for p in range(self.n)]
        default = [rules.trains - u for u in used]
        for p, u in enumerate(used):
            if u > rules.trains:
                self.add("routes", _("player {n}'s routes take {used} trains, but the stock is {stock} (a player "
                                     "never places more trains than the stock)").format(n=p + 1, used=u,
                                                                                       stock=rules.trains))
        if any(u > rules.trains for u in used):
            return [max(0, t) for t in default]
        if "trains" not in self.d:
            return default
        trains = self.per_player("trains", default)
        out = []
        for p, t in enumerate(trains):
            if not _is_int(t):
                self.add("trains", _("player {n}'s trains must be a whole number, not {value}").format(
                    n=p + 1, value=_show(t)))
                out.append(default[p])
            elif t != default[p]:
                self.add("trains", _("player {n} has {left} trains left and {used} on the board; the stock is "
                                     "{stock} (trains left and on the board add up to the stock)").format(
                    n=p + 1, left=t, used=used[p], stock=rules.trains))
                out.append(default[p])
            else:
                out.append(t)
        return out

    def read_revealed(self, where: str, value) -> tuple[int, ...]:
        items = self.sequence(where, value)
        if items is None:
            return ()
        if len(items) > 3:
            self.add(where, _("up to 3 cards are revealed, not {n}").format(n=len(items)))
        cards = [self.card(where, c) for c in items]
        return tuple(c for c in cards if c is not None)

    def read_tunnel(self, phase: str, owners: list[int]) -> PendingTunnel | None:
        tunnel = self.d.get("tunnel")
        if tunnel is None:
            if phase == "tunnel":
                self.add("tunnel", _("phase 'tunnel' needs a tunnel {fields}").format(
                    fields="{route, payment, revealed}"))
            return None
        if not isinstance(tunnel, dict):
            self.add("tunnel", _("must be a dict {fields} or None, not {value}").format(
                fields="{route, payment, revealed}", value=_show(tunnel)))
            return None
        unknown = sorted(map(str, set(tunnel) - {"route", "payment", "revealed", "extra"}))
        if unknown:
            self.add("tunnel", _("unknown key(s) {keys}").format(keys=", ".join(map(repr, unknown))))
        if phase != "tunnel":
            self.add("tunnel", _("a tunnel waits for its extra cards only in phase 'tunnel', not {phase}").format(
                phase=repr(phase)))
        ri = self.route("tunnel", tunnel.get("route"))
        payment = tunnel.get("payment")
        try:
            paid = Cards.parse(payment) if isinstance(payment, str) else None
        except ValueError as e:
            self.add("tunnel", str(e))
            return None
        if paid is None:
            self.add("tunnel", _("the payment is text like 'red*2+loco*1', not {value}").format(value=_show(payment)))
        revealed = self.read_revealed(_("tunnel: revealed"), tunnel.get("revealed", []))
        if ri is None or paid is None:
            return None
        route = self.board.routes[ri]
        if owners[ri] >= 0:
            self.add("tunnel", _("{route} already belongs to player {n}").format(
                route=capital(route_name(self.game, ri)), n=owners[ri] + 1))
        split = self.game.prices[ri].split(paid)
        if split is None or not route.tunnel:
            self.add("tunnel", _("{payment} is not a tunnel payment for {route}").format(payment=payment,
                                                                                        route=tunnel["route"]))
            return None
        extra = tunnel_extra(split[0], paid, revealed)
        given = tunnel.get("extra", extra)
        if not _is_int(given):              # (1.0 and True equal 1, but a count is a whole number)
            self.integer(_("tunnel: extra"), given, 1, 3, N_("a number of cards"))
        elif given != extra:
            self.add("tunnel", _("the revealed cards ask for {n} extra card(s), not {value}").format(
                n=extra, value=_show(tunnel["extra"])))
        if extra == 0:
            self.add("tunnel", _("the revealed cards ask for nothing more: the tunnel would have been claimed"))
        return PendingTunnel(ri, paid, split[0], revealed, extra)

    def read_last_reveal(self, pending: PendingTunnel | None) -> TunnelReveal | None:
        reveal = self.d.get("last_tunnel_reveal")
        if not reveal:
            return pending.reveal if pending else None
        if not isinstance(reveal, dict):
            self.add("last_tunnel_reveal", _("must be a dict {fields} or None, not {value}").format(
                fields="{route, revealed, extra}", value=_show(reveal)))
            return None
        ri = self.route("last_tunnel_reveal", reveal.get("route"))
        revealed = self.read_revealed("last_tunnel_reveal", reveal.get("revealed", []))
        extra = reveal.get("extra", 0)
        if ri is None:
            return None
        if not self.board.routes[ri].tunnel:
            self.add("last_tunnel_reveal", _("{route} is not a tunnel").format(
                route=capital(route_name(self.game, ri))))
        elif len(revealed) > 3 or not _is_int(extra) or not 0 <= extra <= len(revealed):
            self.add("last_tunnel_reveal", _("up to 3 cards are revealed and the extra cards asked for are at most "
                                             "that many, not {n} revealed and {extra} extra").format(
                n=len(revealed), extra=_show(extra)))
        else:
            return TunnelReveal(ri, revealed, extra)
        return None

    def read_depots(self, phase: str, stations) -> Depots | None:
        """Warehouses & Depots: the Depots on the board, the reserves, the Warehouses' cards and the
        collections open (default: no Depot placed, every one in reserve, Warehouses empty)."""
        wh = self.rules.warehouses
        given = self.d.get("depots")
        if wh is None:
            if given is not None:
                self.add("depots", _("this game is played without Warehouses & Depots (load it with the option "
                                     "warehouses=True)"))
            if phase in DEPOT_PHASES:
                self.add("phase", _("phase {phase} belongs to Warehouses & Depots, which this game is played "
                                    "without").format(phase=repr(phase)))
            return None
        n = self.n
        if given is None:
            given = {}
        if not isinstance(given, dict):
            self.add("depots", _("must be a dict {fields} or None, not {value}").format(
                fields="{placed, reserves, warehouses, collectable}", value=_show(given)))
            given = {}
        unknown = sorted(map(str, set(given) - {"placed", "reserves", "warehouses", "collectable"}))
        if unknown:
            self.add("depots", _("unknown key(s) {keys}").format(keys=", ".join(map(repr, unknown))))
        placed = self.city_pieces("depots", self.sequence("depots: placed", given.get("placed", [])),
                                  _("a depot is a [city, player] pair, not {value}"),
                                  _("depots: the owner of the depot in {city}"),
                                  _("{city} has two depots (a city holds one)"))
        if wh.stations == "apart":
            for city in sorted({c for c, _p in placed} & {c for c, _p in stations}):
                self.add("depots", _("{city} holds a depot and a station (they never share a city)").format(
                    city=city))
        on_board = [sum(1 for _c, q in placed if q == p) for p in range(n)]
        reserves = [max(0, wh.depots - k) for k in on_board]
        if "reserves" in given:
            items = self.sequence("depots: reserves", given["reserves"])
            if items is not None and len(items) != n:
                self.add("depots", ngettext("{n} reserves for {players} players", "{n} reserves for {players} players",
                                            len(items)).format(n=len(items), players=n))
            elif items is not None:
                for p, k in enumerate(items):
                    k = self.integer(_("depots: reserve of player {n}").format(n=p + 1), k, 0, wh.depots,
                                     N_("a number of depots"))
                    if k is None:
                        continue
                    if k + on_board[p] > wh.depots:
                        self.add("depots", _("player {n} has {k} depots in reserve and {m} on the board, but {most} in "
                                             "all").format(n=p + 1, k=k, m=on_board[p], most=wh.depots))
                    reserves[p] = k
        warehouses = [(0,) * NUM_KINDS] * n
        if "warehouses" in given:
            items = self.per_player_items("depots: warehouses", given["warehouses"])
            warehouses = [self.cards_dict(_("warehouse of player {n}").format(n=p + 1), w) for p, w in
                          enumerate(items)] if items is not None else warehouses
        collectable = []
        for w in self.sequence("depots: collectable", given.get("collectable", [])) or ():
            if self.player_index("depots: collectable", w) is not None and w not in collectable:
                collectable.append(w)
        if collectable and phase != "after":
            self.add("depots", _("warehouses wait to be collected only in phase 'after', not {phase}").format(
                phase=repr(phase)))
        if phase == "depots" and not any(k == wh.depots for k in reserves):
            self.add("phase", _("phase 'depots' needs a player who has not placed a depot yet"))
        return Depots(tuple(placed), tuple(reserves), tuple(warehouses), tuple(collectable))

    def per_player_items(self, where: str, value) -> list | None:
        items = self.sequence(where, value)
        if items is not None and len(items) != self.n:
            self.add(where, ngettext("{n} lists for {players} players", "{n} lists for {players} players",
                                     len(items)).format(n=len(items), players=self.n))
            return None
        return items

    def read_cards(self, hands, pending, rng: random.Random, depots=None) -> tuple[list[int], list[int], list[int]]:
        """The display, the discard pile and the deck (top first): the card totals are
        checked, and the cards not placed are dealt into the deck and display."""
        rules = self.rules
        display = self.card_list("display")
        discard = self.card_list("discard")
        deck = self.card_list("deck")
        pending_cards = []
        if pending:
            pending_cards = [c for c, k in enumerate(pending.paid) for _ in range(k)] + list(pending.revealed)
        total = [rules.cards_per_colour] * NUM_COLOURS + [rules.locomotives]
        used = [0] * NUM_KINDS
        for h in hands:
            for c, k in enumerate(h):
                used[c] += k
        for c in display + discard + deck + pending_cards:
            used[c] += 1
        for w in (depots.warehouses if depots else ()):
            for c, k in enumerate(w):
                used[c] += k
        over = False
        for c in range(NUM_KINDS):
            if used[c] > total[c]:
                over = True
                self.add("cards", _("this position has {cards}; {edition} has {n}").format(
                    cards=counted_cards(c, used[c]), edition=edition_title(rules), n=total[c]))
        if "deck" not in self.d:
            deck = [c for c in range(NUM_KINDS) for _ in range(max(0, total[c] - used[c]))]
            shuffle(rng, deck)
        elif not over and used != total:
            missing = ", ".join(counted_short(c, total[c] - used[c]) for c in range(NUM_KINDS) if used[c] < total[c])
            self.add("cards", _("{cards} card(s) are missing; every train card must be in a hand, the display, the "
                                "deck, the discard pile, a pending tunnel or a warehouse").format(cards=missing))
        return display, discard, deck

    def check_display(self, display) -> None:
        """No more face-up cards than the display holds. (A given display of locomotives the
        edition would flush is kept: the tunnel lab asks "what if three locomotives are face
        up?" and the next turn starts with the flush rule, `State._end_turn`; a display left out
        is dealt by the rules, flush included.)"""
        size = self.rules.display_size
        if len(display) > size:
            self.add("display", _("{n} face-up cards, but the display holds {size}").format(n=len(display), size=size))

    def read_tickets(self, rng: random.Random):
        board, rules, n, d = self.board, self.rules, self.n, self.d
        held = [self.ticket_ids(_("tickets of player {n}").format(n=p + 1), t)
                for p, t in enumerate(self.per_player("tickets", [[]] * n))]
        offer = self.ticket_ids("offer", d.get("offer", []))
        openings = [self.ticket_ids("opening_offers", o) for o in self.per_player("opening_offers", [[]] * n)]
        placed = [t for h in held for t in h] + offer + [t for o in openings for t in o]
        if "ticket_deck" in d:
            tdeck = self.ticket_ids("ticket_deck", d["ticket_deck"])
        else:
            removed_keys = d.get("removed_tickets", [])
            removed_keys = set(k for k in removed_keys if isinstance(k, str)) if isinstance(removed_keys, (list, tuple)) else set()
            tdeck = [t.index for t in board.tickets if t.deck == rules.tickets.draw_from and t.index not in placed
                     and t.key not in removed_keys]
            shuffle(rng, tdeck)
        if rules.tickets.opening_returns != "bottom":
            self.check_drawn_deck("ticket_deck", tdeck)
            self.check_drawn_deck("offer", offer if self.d.get("phase") == "tickets" else ())
        placed += tdeck
        if "removed_tickets" in d:
            removed = self.ticket_ids("removed_tickets", d["removed_tickets"])
        else:
            removed = [t.index for t in board.tickets if t.index not in placed]
        everything = placed + removed
        seen: set[int] = set()
        dup = {board.tickets[t].key for t in everything if t in seen or seen.add(t)}
        if dup:
            self.add("tickets", _("{tickets} appear more than once").format(tickets=", ".join(sorted(dup))))
        missing = {t.key for t in board.tickets} - {board.tickets[t].key for t in everything}
        if missing:
            self.add("tickets", _("{tickets} are nowhere (put them in removed_tickets?)").format(
                tickets=", ".join(sorted(missing))))
        return held, offer, openings, tdeck, removed

    def check_drawn_deck(self, where: str, tickets) -> None:
        """Tickets drawn during the game come from the one deck `draw_from`: a ticket of another
        deck (Europe's long ones) is dealt at the opening only, and one not kept leaves the game."""
        draw_from = self.rules.tickets.draw_from
        other = [self.board.tickets[t] for t in tickets if self.board.tickets[t].deck != draw_from]
        if other:
            self.add(where, _("{tickets}: {deck} tickets are dealt at the opening only, never drawn later (the "
                              "tickets drawn during the game come from the {draw_from} deck)").format(
                tickets=listed(sorted(t.key for t in other)), deck=_(DECK_WORDS[other[0].deck]),
                draw_from=_(DECK_WORDS[draw_from])))

    def read_counters(self, phase: str) -> tuple:
        d, n = self.d, self.n
        over = phase == "over"
        countdown = d.get("final_round")
        if countdown is not None:
            countdown = self.integer("final_round", countdown, 0 if over else 1, n, N_("a number of turns"))
        passes = self.integer("passes", d.get("passes", 0), 0, n if over else n - 1, N_("a number of passes"))
        shuffles = self.integer("shuffles", d.get("shuffles", 0), 0, MAX_SHUFFLES, N_("a count"))
        turn = self.integer("turn", d.get("turn", 0), 0, MAX_TURNS, N_("a turn number"))
        return countdown, passes or 0, shuffles or 0, turn or 0

    def check_phase(self, phase, player, hands, display, discard, deck, offer, openings) -> None:
        if phase == "tickets" and not offer:
            self.add("offer", _("phase 'tickets' needs an offer of drawn tickets"))
        if phase != "tickets" and offer:
            self.add("offer", _("drawn tickets wait for a choice only in phase 'tickets', not {phase}").format(
                phase=repr(phase)))
        if phase == "opening" and not openings[player]:
            self.add("opening_offers", _("phase 'opening' needs opening_offers for player {n}").format(n=player + 1))
        if phase not in ("opening",) and any(openings):
            self.add("opening_offers", _("opening tickets are chosen in phase 'opening', not {phase}").format(
                phase=repr(phase)))
        if phase == "draw2":
            costs_two = self.rules.face_up_locomotive_costs_two
            if not (deck or discard or any(c != LOCO or not costs_two for c in display)):
                self.add("phase", _("phase 'draw2' needs a second card to draw, and there is none"))

    def read_bonus_cards(self) -> tuple[int, ...]:
        """The bonus cards in play, by letter (default: the game's draw at setup)."""
        if "bonus_cards" not in self.d:
            return bonuscards.deal(self.game)
        items = self.sequence("bonus_cards", self.d["bonus_cards"])
        if items is None:
            return ()
        cards = self.board.bonus_cards
        letters = {c.letter: k for k, c in enumerate(cards)}
        out = []
        for letter in items:
            if not isinstance(letter, str) or letter not in letters:
                if letters:
                    text = _("{card} is not a bonus card of the {board} board (its cards: {known})")
                else:
                    text = _("{card} is not a bonus card of the {board} board (it has none)")
                self.add("bonus_cards", text.format(card=_show(letter), board=self.board.display_title,
                                                    known=", ".join(letters)))
            elif letters[letter] in out:
                self.add("bonus_cards", _("bonus card {card} is in play twice").format(card=letter))
            else:
                out.append(letters[letter])
        return tuple(sorted(out))

    # ------------------------------------------------------------------ the whole
    def read(self) -> State:
        self.read_keys()
        game = self.game = self.read_settings()
        rng = random.Random(f"{game.seed}/position")
        phase, player = self.read_phase()
        hands = self.read_hands()
        owners = self.read_routes()
        stations = self.read_stations()
        trains = self.read_trains(owners)
        pending = self.read_tunnel(phase, owners)
        last_reveal = self.read_last_reveal(pending)
        depots = self.read_depots(phase, stations)
        display, discard, deck = self.read_cards(hands, pending, rng, depots)
        if "display" in self.d:
            self.check_display(display)
        held, offer, openings, tdeck, removed = self.read_tickets(rng)
        countdown, passes, shuffles, turn = self.read_counters(phase)
        bonus = self.read_bonus_cards()
        self.check_phase(phase, player, hands, display, discard, deck, offer, openings)
        self.problems.raise_if_any(PositionError)
        return self.build(phase, player, hands, owners, stations, trains, pending, last_reveal, display, discard,
                          deck, held, offer, openings, tdeck, removed, countdown, passes, shuffles, turn, bonus, depots)

    def build(self, phase, player, hands, owners, stations, trains, pending, last_reveal, display, discard, deck,
              held, offer, openings, tdeck, removed, countdown, passes, shuffles, turn, bonus=(),
              depots=None) -> State:
        game, n = self.game, self.n
        blocked = game.blocked_tracks(owners)
        state = State(
            game, phase=phase, player=player, hands=tuple(hands), deck=tuple(reversed(deck)),
            discard=tuple(discard), display=tuple(display), owners=tuple(owners), free=game.free_routes(owners),
            blocked=tuple(frozenset(b) for b in blocked), trains=tuple(trains),
            points=tuple(sum(game.route_points[i] for i, o in enumerate(owners) if o == p) for p in range(n)),
            stations=tuple(stations), tickets=tuple(tuple(h) for h in held), ticket_deck=tuple(reversed(tdeck)),
            removed_tickets=tuple(removed), offer=tuple(offer), opening_offers=tuple(tuple(o) for o in openings),
            pending=pending, countdown=countdown, passes=passes, shuffles=shuffles, turn=turn,
            last_reveal=last_reveal, bonus_cards=bonus, depots=depots)
        # a display left out, or short while the deck is left out too, is dealt from the deck
        # as the rules deal it; a short display with a given deck stays (a lesson's exact
        # setup: it is filled at the end of the turn, RULES §1 deck exhausted)
        if "display" not in self.d or ("deck" not in self.d and len(display) < self.rules.display_size):
            return state.with_display_dealt()
        return state


assert set(KEYS) == set(FIELDS), "every field of a State has its place in the format"
