"""Invariants every position of every edition must satisfy, for reuse by any test.

`check_invariants(state)` checks one position; given the position before and the
action applied (`check_invariants(after, before, action)`) it also checks the
transition: the action was legal, the cards, trains and tickets moved exactly as
the action says, tunnel reveals ended in the discard, the payment was one the
edition allows (an independent re-implementation of the payment rules, so the
engine's own `Price.split` is not trusted), the turn passed to the right player.

Everything is read through the public API (`to_dict`, `view`, `points`,
`score_breakdown`, `legal_actions`), so the checks survive changes to the
engine's internal representation. A failure raises `AssertionError` naming the
broken invariant and the facts.

`check_candidates(state)` is the expensive check: it builds a superset of the
actions (all draws, ticket choices, pass, and for every route every payment of
one colour plus k locomotives, plus random multisets from the hand; stations
likewise), judges each with an independent oracle and compares with
`why_illegal` and `legal_actions()`, and tries a few illegal ones to see that a
refused `apply` changes nothing.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from ttr_nb import (AbandonTunnel, CollectWarehouse, EndTurn, PlaceDepot, StoreCard, BuildStation, Claim, DrawBlind, DrawFaceUp, DrawTickets, IllegalAction,
                    KeepTickets, Pass, PayTunnel)
from ttr_nb.engine.cards import CARD_NAMES, COLOURS, LOCO, Cards

LOCO_NAME = CARD_NAMES[LOCO]


# ---------------------------------------------------------------------------- helpers
def _fail(what: str, state, detail: str = "") -> None:
    raise AssertionError(f"invariant broken: {what}\n  {detail}\n  at {state!r}")


def _hand_counter(h: dict) -> Counter:
    return Counter({k: v for k, v in h.items() if v})


def _cards_counter(cards) -> Counter:
    """A Cards value -> Counter of card names."""
    return Counter({CARD_NAMES[i]: n for i, n in enumerate(cards) if n})


def _as_cards(counter) -> tuple:
    return tuple(counter.get(name, 0) for name in CARD_NAMES)


def tail_after(before: list, after: list, shuffled: bool) -> list | None:
    """The cards added on top of the discard pile: `after` minus the old pile `before`
    (when no reshuffle happened the old pile must be a prefix); None if it is not."""
    if shuffled:
        return list(after)
    if after[:len(before)] != before:
        return None
    return after[len(before):]


# ---------------------------------------------------------------------------- reference rules
_FITS: dict = {}


def payment_fits(route, rules, pay) -> bool:
    """Does the multiset `pay` (nine counts) pay for `route` under `rules`? Written from
    RULES.md independently of `ttr_nb.engine.payments`."""
    key = (id(rules), route.key, route.length, tuple(pay))
    found = _FITS.get(key)
    if found is None:
        if len(_FITS) > 500_000:
            _FITS.clear()
        found = _FITS[key] = (rules, _payment_fits(route, rules, pay))
    return found[1]


def _payment_fits(route, rules, pay) -> bool:
    L, f, sub = route.length, route.ferry_locomotives, route.any_cards_substitute
    wild = route.kind in rules.locomotives_on
    n = sum(pay)
    loco = pay[LOCO]
    colours = range(8) if route.colour == "gray" else (COLOURS.index(route.colour),)
    if f and route.ferry_pair_substitute:     # Northern Lights ferry: a pair of one colour per symbol
        return _pair_payment_fits(L, f, wild, colours, pay)
    if f and sub:                   # Nordic ferry: any `sub` cards may replace one required locomotive
        for s in range(f + 1):
            if n != L + (sub - 1) * s:
                continue
            need_loco = f - s
            if loco < need_loco:
                continue
            spare_loco = loco - need_loco if wild else 0
            # cards beyond the core (need_loco locos + L-f of colour c) fill the sets of `sub`
            if any(pay[c] + spare_loco >= L - f for c in colours):
                return True
        return False
    if sub:                         # Murmansk-Lieksa: any `sub` cards may replace one coloured card
        for s in range(L + 1):
            if n != L + (sub - 1) * s:
                continue
            if any(pay[c] + (loco if wild else 0) >= L - s for c in colours):
                return True
        return False
    if n != L or loco < f:
        return False
    used = [c for c in range(8) if pay[c]]
    if len(used) > 1 or (used and used[0] not in colours):
        return False
    if not wild and loco != f:      # locomotives only on the ferry's symbols
        return False
    return True


def _pair_payment_fits(L: int, f: int, wild: bool, colours, pay) -> bool:
    """Try every reading: the colour c of the other spaces and how many of them it pays (the
    rest locomotives, where wild), and how many symbols pairs pay; what is left of each colour
    must be whole pairs, as many as the symbols they pay, and the locomotives the rest."""
    for c in colours:
        for y in range(L - f + 1):                 # cards of colour c on the other spaces
            if y < L - f and not wild:
                continue
            if pay[c] < y:
                continue
            rest = [pay[k] - (y if k == c else 0) for k in range(8)]
            if any(x % 2 for x in rest):
                continue
            pairs = sum(rest) // 2
            if pairs <= f and pay[LOCO] == (f - pairs) + (L - f - y):
                return True
    return False


def uses_substitution(route, pay) -> bool:
    return bool(route.any_cards_substitute or route.ferry_pair_substitute) and sum(pay) > route.length


def route_open_to(d: dict, board, route, player: int, players: int, rules) -> str:
    """'free', 'owned', 'closed' or 'blocked', from the position's data."""
    owners = d["routes"]
    if route.key in owners:
        return "owned"
    if route.twin is not None:
        twin = board.routes[route.twin]
        if twin.key in owners:
            if players < rules.double_routes_min_players:
                return "closed"
            if owners[twin.key] == player:
                return "blocked"
    if len(route.parallel) == 2:                   # a triple route: tracks usable by player count
        held = [owners[board.routes[o].key] for o in route.parallel if board.routes[o].key in owners]
        if len(held) >= dict(rules.triple_route_tracks)[players]:
            return "closed"
        if player in held:
            return "blocked"
    return "free"


def fits_hand(pay, hand: dict) -> bool:
    return all(n <= hand.get(CARD_NAMES[i], 0) for i, n in enumerate(pay))


def reference_legal(state, d: dict, action) -> bool:
    """Is `action` legal in `state` (with `d = state.to_dict()`)? Independent of the engine's
    checks, except `Pass`, which is legal exactly when nothing else is (asked of the engine)."""
    rules = state.rules
    board = state.board
    phase = d["phase"]
    p = d["current_player"]
    hand = d["hands"][p]
    if phase == "over":
        return False
    wh = rules.warehouses
    if wh is not None:
        known = _depot_legal(state, d, action)
        if known is not None:
            return known
    if isinstance(action, DrawBlind):
        return phase in ("turn", "draw1", "draw2") and bool(d["deck"] or d["discard"])
    if isinstance(action, DrawFaceUp):
        if phase not in ("turn", "draw1", "draw2") or action.card not in d["display"]:
            return False
        return not (action.card == LOCO_NAME and rules.face_up_locomotive_costs_two and phase == "draw2")
    if isinstance(action, DrawTickets):
        return phase == "turn" and bool(d["ticket_deck"])
    if isinstance(action, KeepTickets):
        if phase == "opening":
            offer, need = d["opening_offers"][p], rules.tickets.opening_keep
        elif phase == "tickets":
            offer, need = d["offer"], rules.tickets.draw_keep
        else:
            return False
        k = action.keep
        if not (all(0 <= i < len(offer) for i in k) and list(k) == sorted(set(k))
                and len(k) >= min(need, len(offer))):
            return False
        most = dict(rules.tickets.opening_keep_most) if phase == "opening" else {}
        kept_decks = [board.find_ticket(offer[i]).deck for i in k]
        return all(kept_decks.count(deck) <= n for deck, n in most.items())
    if isinstance(action, Claim):
        if phase != "turn":
            return False
        route = board.route.get(action.route)
        if route is None:
            try:
                route = board.find_route(action.route)
            except KeyError:
                return False
        if route_open_to(d, board, route, p, state.num_players, rules) != "free":
            return False
        if d["trains"][p] < route.length:
            return False
        return fits_hand(action.payment, hand) and payment_fits(route, rules, action.payment)
    if isinstance(action, BuildStation):
        if phase != "turn" or not rules.stations:
            return False
        city = board.city.get(action.city)
        if city is None or city.kind != "city":
            return False
        if any(c == action.city for c, _ in d["stations"]):
            return False
        if wh is not None and wh.stations == "apart" and any(c == action.city for c, _ in d["depots"]["placed"]):
            return False
        built = sum(1 for _, q in d["stations"] if q == p)
        if built >= rules.stations:
            return False
        pay = action.payment
        return (sum(pay) == built + 1 and len([c for c in range(8) if pay[c]]) <= 1 and fits_hand(pay, hand))
    if isinstance(action, PayTunnel):
        if phase != "tunnel":
            return False
        t = d["tunnel"]
        paid = Cards.parse(t["payment"])
        pay = action.extra
        if sum(pay) != t["extra"] or not fits_hand(pay, hand):
            return False
        used = [c for c in range(8) if pay[c]]
        if not used:
            return True
        if paid[LOCO] == sum(paid):            # paid with locomotives only: extra locomotives only
            return False
        colour = [c for c in range(8) if paid[c]][0]
        return used == [colour]
    if isinstance(action, AbandonTunnel):
        return phase == "tunnel"
    if isinstance(action, Pass):
        return phase == "turn" and state.legal_actions().only_pass
    raise TypeError(action)


def _depot_legal(state, d: dict, action) -> bool | None:
    """Warehouses & Depots (rules-variants §3), independently of the engine: whether `action` is
    legal, or None for an action the module leaves to the base rules."""
    wh = state.rules.warehouses
    phase = d["phase"]
    p = d["current_player"]
    dep = d["depots"]
    cards_left = bool(d["deck"] or d["discard"])
    if isinstance(action, (DrawBlind, DrawFaceUp)) and phase == "turn" and cards_left:
        return False                                    # the Warehouse card comes first
    if isinstance(action, StoreCard):
        return phase == "turn" and cards_left and 0 <= action.warehouse < state.num_players
    if isinstance(action, PlaceDepot):
        if phase not in ("depots", "turn", "after") or (phase == "after" and not wh.after_action):
            return False
        city = state.board.city.get(action.city)
        if city is None or city.kind != "city" or dep["reserves"][p] < 1:
            return False
        if any(c == action.city for c, _ in dep["placed"]):
            return False
        return not (phase != "depots" and wh.stations == "apart" and any(c == action.city for c, _ in d["stations"]))
    if isinstance(action, CollectWarehouse):
        return (phase == "after" and action.warehouse in dep["collectable"] and dep["reserves"][p] >= 1
                and bool(dep["warehouses"][action.warehouse]))
    if isinstance(action, EndTurn):
        return phase == "after"
    return None


def _check_depots(state, d: dict) -> None:
    """Warehouses & Depots, in every position: one Depot a city, on a city; each player's Depots on
    the board and in reserve at most the module's count; no Depot beside a station (Depots apart);
    collections open only in phase "after"."""
    wh = state.rules.warehouses
    dep = d.get("depots")
    if wh is None:
        if dep is not None or d["phase"] in ("depots", "draw1", "after"):
            _fail("Warehouses & Depots in a game without the module", state, str(dep))
        return
    cities = [c for c, _ in dep["placed"]]
    if len(set(cities)) != len(cities):
        _fail("two depots on one city", state, str(cities))
    for c in cities:
        if c not in state.board.city or state.board.city[c].kind != "city":
            _fail("a depot on something that is not a city", state, c)
    for p in range(state.num_players):
        on_board = sum(1 for _, q in dep["placed"] if q == p)
        if dep["reserves"][p] < 0 or on_board + dep["reserves"][p] > wh.depots:
            _fail("depots are not conserved", state, f"player {p}: {on_board} placed, {dep['reserves'][p]} kept")
        if d["phase"] not in ("opening", "depots") and on_board < 1:
            _fail("a player without the depot placed at setup", state, f"player {p}")
    if wh.stations == "apart" and set(cities) & {c for c, _ in d["stations"]}:
        _fail("a depot and a station share a city", state, str(cities))
    if dep["collectable"] and d["phase"] != "after":
        _fail("a collection open outside phase 'after'", state, str(dep["collectable"]))
    if (wh.exhaust == "empty_pile" or min(dep["reserves"]) == 0) and not (d["deck"] or d["discard"]) and any(
            dep["warehouses"]):
        if d["phase"] not in ("opening", "depots"):
            _fail("no card left to draw, yet the warehouses were not emptied", state, str(dep["warehouses"]))


def _warehouse_cards(d: dict) -> Counter:
    out = Counter()
    for w in (d.get("depots") or {}).get("warehouses", ()):
        out.update(w)
    return out


def _check_depot_transition(before, bd: dict, action, after, ad: dict) -> bool:
    """The transitions of Warehouses & Depots' own actions (True: `action` was one of them and is
    checked). The other actions: Warehouses change only by a draw's card or the exhausted-cards rule."""
    p = bd["current_player"]
    n = after.num_players
    b, a = bd["depots"], ad["depots"]
    shuffled = ad["shuffles"] != bd["shuffles"]
    hb, ha = _hand_counter(bd["hands"][p]), _hand_counter(ad["hands"][p])
    if not isinstance(action, (StoreCard, PlaceDepot, CollectWarehouse, EndTurn)):
        if b["warehouses"] != a["warehouses"] and not (shuffled and not any(a["warehouses"])):
            _fail("a warehouse changed without a card draw or the exhausted-cards rule", after, str(action))
        if b["placed"] != a["placed"] or (b["reserves"] != a["reserves"]):
            _fail("depots moved without a depot action", after, str(action))
        return False
    if isinstance(action, StoreCard):
        if ha != hb:
            _fail("the warehouse card goes to a warehouse, not a hand", after, str(action))
        stored = sum(_warehouse_cards(ad).values()) - sum(_warehouse_cards(bd).values())
        if stored == 1:
            added = _hand_counter(a["warehouses"][action.warehouse]) - _hand_counter(b["warehouses"][action.warehouse])
            top = bd["deck"][0] if bd["deck"] else None
            if sum(added.values()) != 1 or (top is not None and added != Counter([top])):
                _fail("the warehouse card is the top card of the deck", after, f"{dict(added)} vs {top}")
        elif any(a["warehouses"]) or not shuffled:
            _fail("the exhausted-cards rule empties every warehouse", after, str(a["warehouses"]))
        if ad["display"] != bd["display"]:
            _fail("storing the warehouse card changed the display", after, str(action))
        if ad["phase"] not in ("draw1", "after") and not _turn_ended(bd, ad):
            _fail("after the warehouse card comes the first card of the draw", after, ad["phase"])
        return True
    if isinstance(action, PlaceDepot):
        if a["placed"] != b["placed"] + [[action.city, p]] or a["reserves"][p] != b["reserves"][p] - 1:
            _fail("the depot is placed from the reserve", after, str(a))
        if ha != hb:
            _fail("placing a depot moved cards", after, str(action))
        if bd["phase"] == "depots":
            first = after.game.first_player
            expected = ("turn", first) if p == first else ("depots", (p - 1) % n)
            if (ad["phase"], ad["current_player"]) != expected:
                _fail("depots are placed in reverse turn order", after, f"{ad['phase']} {ad['current_player']}")
        elif bd["phase"] == "turn" and (ad["phase"], ad["current_player"], ad["turn"]) != ("turn", p, bd["turn"]):
            _fail("a depot placed before the action is a free action", after, str(action))
        return True
    if isinstance(action, CollectWarehouse):
        w = action.warehouse
        if ha - hb != _hand_counter(b["warehouses"][w]) or hb - ha:
            _fail("collecting takes every card of the warehouse", after, f"{dict(hb)} -> {dict(ha)}")
        if a["warehouses"][w] != {} or a["reserves"][p] != b["reserves"][p] - 1 or a["placed"] != b["placed"]:
            _fail("collecting empties the warehouse for one reserve depot", after, str(a))
        return True
    if not _turn_ended(bd, ad) and ad["phase"] != "over":
        _fail("ending the turn ends it", after, str(ad["phase"]))
    return True


#: The train cards of the editions that do not have the base 110.
TOTAL_CARDS = {"northernlights": 114}


# ---------------------------------------------------------------------------- the invariants
def check_invariants(state, before=None, action=None, *, score: bool = True, before_dict: dict | None = None) -> dict:
    """Check every invariant of `state`; with `before` and `action` (the position before and
    the action applied to reach `state`) also check the transition. `score=False` skips
    `score_breakdown()` (the one slow check: it recomputes tickets and longest paths).
    Returns `state.to_dict()` so a caller can pass it on as the next `before_dict`."""
    d = state.to_dict()
    rules = state.rules
    board = state.board
    n = state.num_players
    if d["phase"] not in ("opening", "turn", "draw2", "tickets", "tunnel", "over", "depots", "draw1", "after"):
        _fail("unknown phase", state, d["phase"])
    if not 0 <= d["current_player"] < n or state.current_player != d["current_player"]:
        _fail("current player", state, f"{state.current_player} / {d['current_player']}")

    # 110 train cards: hands + deck + discard + display + a pending tunnel
    tunnel = d["tunnel"]
    cards = Counter(d["deck"] + d["discard"] + d["display"] + (tunnel["revealed"] if tunnel else []))
    for h in d["hands"]:
        if any(v < 0 for v in h.values()):
            _fail("negative hand", state, str(h))
        cards.update(h)
    if tunnel:
        cards.update(Cards.parse(tunnel["payment"]).as_dict())
    cards.update(_warehouse_cards(d))           # Warehouses & Depots: the cards stored face down
    expected = dict.fromkeys(COLOURS, rules.cards_per_colour)
    expected[LOCO_NAME] = rules.locomotives
    if cards != expected or rules.total_cards != TOTAL_CARDS.get(rules.id, 110):
        _fail("train cards are not conserved", state,
              f"counted {dict(cards)}, expected {dict(expected)}")
    if len(d["display"]) > rules.display_size:
        _fail("display too large", state, str(d["display"]))
    if len(d["display"]) < rules.display_size and (d["deck"] or d["discard"]):
        _fail("the display is not full though cards remain to fill it", state,
              f"display {d['display']}, deck {len(d['deck'])}, discard {len(d['discard'])}")
    if d["phase"] != "tunnel" and tunnel:
        _fail("a tunnel is pending outside the tunnel phase", state, str(tunnel))
    if d["phase"] == "tunnel" and not tunnel:
        _fail("tunnel phase without a pending tunnel", state)

    # trains: stock = trains left + lengths of owned routes, never negative
    owners = d["routes"]
    used = [0] * n
    for key, o in owners.items():
        if not 0 <= o < n:
            _fail("route owner out of range", state, f"{key}: {o}")
        used[o] += board.route[key].length
    for p in range(n):
        if d["trains"][p] < 0 or d["trains"][p] + used[p] != rules.trains:
            _fail("trains are not conserved", state,
                  f"player {p}: {d['trains'][p]} left + {used[p]} on the board != {rules.trains}")

    # tickets: held + offers + deck + removed = every ticket of the board, each once
    tickets = [t for h in d["tickets"] for t in h] + d["offer"] + [t for o in d["opening_offers"] for t in o]
    tickets += d["ticket_deck"] + d["removed_tickets"]
    everything = [t.key for t in board.tickets]
    if len(tickets) != len(everything) or Counter(tickets) != Counter(everything):
        extra = Counter(tickets) - Counter(everything)
        missing = Counter(everything) - Counter(tickets)
        _fail("tickets are not conserved", state, f"extra/duplicated {dict(extra)}, missing {dict(missing)}")
    if d["phase"] != "tickets" and d["offer"]:
        _fail("an offer of tickets outside the tickets phase", state, str(d["offer"]))
    if d["phase"] != "opening" and any(d["opening_offers"]):
        _fail("opening offers left after the opening", state, str(d["opening_offers"]))

    # routes: owned at most once (a dict), the double-route rule
    for key, o in owners.items():
        route = board.route[key]
        if route.twin is not None:
            twin = board.routes[route.twin].key
            if twin in owners:
                if owners[twin] == o:
                    _fail("one player owns both routes of a double", state, f"{key} and {twin}: player {o}")
                if n < rules.double_routes_min_players:
                    _fail(f"both routes of a double are owned with {n} players", state, f"{key} and {twin}")
        if len(route.parallel) == 2:               # a triple route
            tracks = [key] + [board.routes[t].key for t in route.parallel]
            held = [owners[t] for t in tracks if t in owners]
            if len(set(held)) != len(held):
                _fail("one player owns two tracks of a triple route", state, f"{tracks}: {held}")
            if len(held) > dict(rules.triple_route_tracks)[n]:
                _fail(f"more tracks of a triple route are owned than {n} players may use", state, f"{tracks}")

    # the engine's indexes of what is open: `free` (per signature) holds the routes neither owned
    # nor closed, in board order; `blocked` per player the free routes closed to that player
    status = [[route_open_to(d, board, route, p, n, rules) for route in board.routes] for p in range(n)]
    open_routes = [i for i in range(len(board.routes)) if status[0][i] in ("free", "blocked")]
    if sorted(r for routes in state.free for r in routes) != open_routes:
        _fail("the free routes differ from the owners", state, f"{state.free} vs {open_routes}")
    if any(list(routes) != sorted(routes) for routes in state.free):
        _fail("the free routes of a signature are out of board order", state, str(state.free))
    for p in range(n):
        closed_to_p = {i for i, s in enumerate(status[p]) if s == "blocked"}
        if set(state.blocked[p]) != closed_to_p:
            _fail("the routes blocked to a player differ from the owners", state,
                  f"player {p}: {sorted(state.blocked[p])} vs {sorted(closed_to_p)}")

    # running score = route points recomputed from the owners
    points = [0] * n
    for key, o in owners.items():
        points[o] += rules.route_points[board.route[key].length - 1]
    if list(state.points) != points:
        _fail("running score differs from the route points", state, f"{list(state.points)} != {points}")

    # stations: at most rules.stations each, one per city, on cities
    seen_cities = set()
    per = Counter()
    for city, p in d["stations"]:
        if city in seen_cities:
            _fail("two stations on one city", state, city)
        seen_cities.add(city)
        if city not in board.city or board.city[city].kind != "city":
            _fail("station on something that is not a city", state, city)
        per[p] += 1
    if any(k > rules.stations for k in per.values()):
        _fail("too many stations", state, str(d["stations"]))

    if d["final_round"] is not None and not 0 <= d["final_round"] <= n:
        _fail("final round counter", state, str(d["final_round"]))

    _check_depots(state, d)
    if score:
        check_score(state, d)
    if before is not None:
        _check_transition(before, before_dict or before.to_dict(), action, state, d)
    return d


def check_score(state, d: dict | None = None) -> None:
    """`score_breakdown()` totals are the sum of their parts, and its route points are the
    running score."""
    d = d or state.to_dict()
    rows = state.score_breakdown()
    rules = state.rules
    if len(rows) != state.num_players:
        _fail("one score row per player", state, str(len(rows)))
    for p, r in enumerate(rows):
        parts = r.route_points + r.ticket_points + r.longest_bonus + r.globetrotter + r.station_points + r.grand_tour
        parts += r.bonus_points + r.depot_bonus
        if r.bonus_points != sum(c.points for c in r.bonus_cards):
            _fail("bonus card points are the sum of the cards", state, f"{r}")
        if [c.letter for c in r.bonus_cards] != d["bonus_cards"]:
            _fail("every bonus card in play is scored, once", state, f"{r.bonus_cards} vs {d['bonus_cards']}")
        if r.total != parts:
            _fail("score_breakdown total is not the sum of its parts", state, f"{r}")
        if r.route_points != state.points[p]:
            _fail("score_breakdown route points differ from the running score", state,
                  f"{r.route_points} != {state.points[p]}")
        if r.ticket_points != sum(t.points for t in r.tickets):
            _fail("ticket points are not the sum of the tickets", state, str(r))
        if r.tickets_completed != sum(1 for t in r.tickets if t.completed):
            _fail("completed ticket count", state, str(r))
        if [t.ticket for t in r.tickets] != d["tickets"][p]:
            _fail("every held ticket is scored", state, str(r))
        if r.longest_bonus not in (0, rules.longest_path_bonus) or r.globetrotter not in (0, rules.globetrotter_bonus):
            _fail("bonus values", state, str(r))
        if rules.stations and r.station_points != (rules.stations - r.stations_built) * rules.unbuilt_station_points:
            _fail("unbuilt station points", state, str(r))
    if rules.warehouses is not None:         # the most Depots kept in reserve: the end bonus, to all tied
        kept = d["depots"]["reserves"]
        for r in rows:
            wins = max(kept) > 0 and kept[r.player] == max(kept)
            if r.depots_kept != kept[r.player] or r.depot_bonus != (rules.warehouses.end_bonus if wins else 0):
                _fail("the depot bonus goes to every player tied for the most depots kept", state, f"{kept}: {r}")
    elif any(r.depot_bonus or r.depots_kept for r in rows):
        _fail("a depot bonus without Warehouses & Depots", state, str(rows))
    if rules.longest_path_bonus:
        best = max(r.longest_path for r in rows)
        for r in rows:
            if (r.longest_bonus > 0) != (best > 0 and r.longest_path == best):
                _fail("longest path bonus goes to the longest paths", state, str([x.longest_path for x in rows]))
    for k, letter in enumerate(d["bonus_cards"]):
        card = next(c for c in state.board.bonus_cards if c.letter == letter)
        counts = [bonus_count(state, d, p, card, rows[p]) for p in range(len(rows))]
        top = max(counts)
        for p, r in enumerate(rows):
            got = r.bonus_cards[k]
            if got.count != counts[p] or got.top != top:
                _fail(f"bonus card {letter} counts", state, f"{[x.bonus_cards[k].count for x in rows]} != {counts}")
            wins = counts[p] == top and (top > 0 or rules.bonus_zero_top_scores)
            if got.points != (card.points if wins else 0):
                _fail(f"bonus card {letter} goes to every player tied for the most", state, f"{counts}: {got}")


def bonus_count(state, d: dict, p: int, card, row) -> int:
    """What a bonus card counts for player p, from the position's data (written from the
    rules notes' table, independently of `ttr_nb.engine.bonuscards`)."""
    board = state.board
    city = board.city
    mine = [board.route[k] for k, o in d["routes"].items() if o == p]
    done = [board.find_ticket(t.ticket) for t in row.tickets if t.completed]
    hand = d["hands"][p]
    m = card.measure
    if m == "locomotive_equivalents":
        return hand.get(LOCO_NAME, 0) + sum(hand.get(c, 0) // 2 for c in COLOURS)
    if m == "completed_tickets_to_capital":
        return sum(1 for t in done if set(t.ends) & set(state.rules.capitals))
    if m == "trains_left":
        return d["trains"][p]
    if m == "routes_of_length":
        return sum(1 for r in mine if r.length == card.value)
    if m == "longest_path":
        return row.longest_path
    if m == "completed_tickets_worth_at_most":
        return sum(1 for t in done if t.value <= card.value)
    if m == "countries_touched":
        return len({city[e].country for r in mine for e in (r.a, r.b)})
    if m == "completed_tickets_to_arctic":
        return sum(1 for t in done if any(city[e].arctic for e in t.ends))
    if m == "routes_to_arctic":
        return sum(1 for r in mine if city[r.a].arctic or city[r.b].arctic)
    if m == "ferries":
        return sum(1 for r in mine if r.ferry_locomotives)
    if m == "routes_to_country":
        return sum(1 for r in mine if card.value in (city[r.a].country, city[r.b].country))
    raise AssertionError(f"unknown measure {m}")


def brute_longest(edges) -> int:
    """The longest trail (each edge at most once, cities may repeat) by trying every trail."""
    adj: dict = {}
    for i, (a, b, length) in enumerate(edges):
        adj.setdefault(a, []).append((i, b, length))
        adj.setdefault(b, []).append((i, a, length))
    best = 0

    def walk(v, used: int, total: int) -> None:
        nonlocal best
        if total > best:
            best = total
        for i, w, length in adj[v]:
            if not used >> i & 1:
                walk(w, used | 1 << i, total + length)

    for v in adj:
        walk(v, 0, 0)
    return best


def _connected(edges, start) -> set:
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen = {start}
    todo = [start]
    while todo:
        for w in adj.get(todo.pop(), ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def check_tickets(state, d: dict, p: int, row) -> None:
    """Each ticket's result, recomputed by a graph search over the player's routes plus the
    routes their stations borrow; the borrowing is a legal one (one route of another player
    at each station's city) and no worse than borrowing nothing."""
    board = state.board
    own = [(board.route[k].a, board.route[k].b) for k, o in d["routes"].items() if o == p]
    mine = [c for c, q in d["stations"] if q == p]
    cities = [c for c, _ in row.borrowed]
    if len(set(cities)) != len(cities) or not set(cities) <= set(mine):
        _fail("each station borrows at most one route", state, f"player {p}: {row.borrowed} with stations {mine}")
    extra = []
    for city, key in row.borrowed:
        route = board.route[key]
        if city not in (route.a, route.b) or d["routes"].get(key) in (None, p):
            _fail("a station borrows a route of another player at its city", state, f"{city}: {key}")
        extra.append((route.a, route.b))

    def results(edges):
        out = []
        for key in d["tickets"][p]:
            t = board.find_ticket(key)
            reach = _connected(edges, t.source)
            got = [pts for target, pts in zip(t.targets, t.points) if target in reach]
            out.append(max(got) if got else -min(t.points))
        return out

    expected = results(own + extra)
    if [t.points for t in row.tickets] != expected or [t.completed for t in row.tickets] != [x > 0 for x in expected]:
        _fail("ticket results", state, f"player {p}: {[(t.ticket, t.points) for t in row.tickets]} != {expected}")
    if mine and sum(expected) < sum(results(own)):
        _fail("stations borrow to the player's advantage", state, f"player {p}: {row.borrowed}")


def check_grand_tours(state, p: int, row, mine) -> None:
    """The Grand Tour: the bonus follows the edition's table; every qualifying ticket is a
    completed one whose two paths are the player's own routes, share none and each join the
    ticket's cities; and the qualifying tickets are exactly those networkx finds 2-edge-connected."""
    rules = state.rules
    if not rules.grand_tour_points:
        if row.grand_tour or row.grand_tours:
            _fail("a Grand Tour in an edition without one", state, str(row))
        return
    from ttr_nb.analysis.grandtour import qualifies
    board = state.board
    if row.grand_tour != rules.grand_tour_bonus(len(row.grand_tours)):
        _fail("the Grand Tour bonus follows the edition's table", state, str(row))
    own = {t.key for t in mine}
    completed = {t.ticket: t for t in row.tickets if t.completed}
    for tour in row.grand_tours:
        if tour.ticket not in completed or completed[tour.ticket].reached != tour.target:
            _fail("a Grand Tour ticket is a completed ticket", state, str(tour))
        first, second = tour.paths
        if set(first) & set(second) or not set(first) | set(second) <= own:
            _fail("the two paths are the player's own routes and share none", state, str(tour))
        for path in tour.paths:
            if not _walks([board.route[k] for k in path], tour.source) or \
                    _end_of([board.route[k] for k in path], tour.source) != tour.target:
                _fail("each Grand Tour path joins the ticket's cities", state, str(tour))
    edges = [(t.a, t.b) for t in mine]
    want = [k for k, t in completed.items() if qualifies(edges, board.find_ticket(k).source, t.reached)]
    if sorted(want) != sorted(t.ticket for t in row.grand_tours):
        _fail("the Grand Tour tickets are those networkx finds joined twice", state,
              f"player {p}: {[t.ticket for t in row.grand_tours]} != {want}")


def _end_of(trail, at):
    for t in trail:
        at = t.other(at)
    return at


def _walks(trail, at) -> bool:
    for t in trail:
        if at not in (t.a, t.b):
            return False
        at = t.other(at)
    return True


def check_final(state, max_brute_edges: int = 22) -> None:
    """End-of-game checks: the longest paths against an exhaustive search (for networks of
    up to `max_brute_edges` routes), each reported trail is a real trail of the player's
    own routes, the bonuses go to the leaders, and the winners follow the tie-breakers."""
    rows = state.score_breakdown()
    rules = state.rules
    board = state.board
    d = state.to_dict()
    for p, r in enumerate(rows):
        mine = [board.route[k] for k, o in d["routes"].items() if o == p]
        trail = [board.route[k] for k in r.longest_trail]
        if len(set(r.longest_trail)) != len(trail) or any(d["routes"].get(t.key) != p for t in trail):
            _fail("the longest trail uses the player's own routes, each once", state, str(r.longest_trail))
        if sum(t.length for t in trail) != r.longest_path:
            _fail("the longest trail's length", state, f"{r.longest_trail}: {r.longest_path}")
        if trail and not any(_walks(trail, start) for start in (trail[0].a, trail[0].b)):
            _fail("the longest trail is continuous", state, str(r.longest_trail))
        if len(mine) <= max_brute_edges:
            best = brute_longest([(t.a, t.b, t.length) for t in mine])
            if best != r.longest_path:
                _fail("the longest path is the longest trail", state, f"player {p}: {r.longest_path}, "
                                                                       f"exhaustive search {best}")
        check_tickets(state, d, p, r)
        check_grand_tours(state, p, r, mine)
    if rules.globetrotter_bonus:
        most = max(r.tickets_completed for r in rows)
        for r in rows:
            if (r.globetrotter > 0) != ((most > 0 or rules.globetrotter_at_zero) and r.tickets_completed == most):
                _fail("the Globetrotter goes to the most completed tickets", state, str([x.tickets_completed for x in rows]))
    best_total = max(r.total for r in rows)
    tied = [r for r in rows if r.total == best_total]
    for rule in rules.tie_breakers:
        if rule == "most_tickets_completed":
            tied = [r for r in tied if r.tickets_completed == max(x.tickets_completed for x in tied)]
        elif rule == "fewest_stations_used":
            tied = [r for r in tied if r.stations_built == min(x.stations_built for x in tied)]
        elif rule == "longest_path_bonus":
            tied = [r for r in tied if r.longest_bonus] or tied
        elif rule == "longest_path_length":
            tied = [r for r in tied if r.longest_path == max(x.longest_path for x in tied)]
        else:
            _fail("unknown tie-breaker", state, rule)
    if sorted(state.winners()) != sorted(r.player for r in tied):
        _fail("the winners after the tie-breakers", state, f"{state.winners()} != {[r.player for r in tied]}")


def _turn_ended(bd: dict, ad: dict) -> bool:
    return ad["turn"] == bd["turn"] + 1


def _action_over(bd: dict, ad: dict) -> bool:
    """The turn's action is over: the turn ended, or (Warehouses & Depots) it waits in phase "after"."""
    return _turn_ended(bd, ad) or (ad["phase"] == "after" and bd["phase"] != "after")


def _check_transition(before, bd: dict, action, after, ad: dict) -> None:
    rules = after.rules
    board = after.board
    n = after.num_players
    p = bd["current_player"]
    if bd["phase"] == "over":
        _fail("a state after the end of the game", after, str(action))
    if not reference_legal(before, bd, action):
        _fail("an action the rules forbid was applied", after, f"{action} in {bd['phase']}")
    # whose turn
    if ad["turn"] not in (bd["turn"], bd["turn"] + 1):
        _fail("turn counter", after, f"{bd['turn']} -> {ad['turn']}")
    if _turn_ended(bd, ad):
        if ad["phase"] not in ("turn", "over"):
            _fail("a turn ended into a mid-turn phase", after, ad["phase"])
        if ad["phase"] != "over" and ad["current_player"] != (p + 1) % n:
            _fail("play passes clockwise", after, f"{p} -> {ad['current_player']}")
    elif bd["phase"] not in ("opening", "depots") and ad["current_player"] != p:
        _fail("the player changed mid-turn", after, f"{p} -> {ad['current_player']} after {action}")
    if ad["phase"] == "over" and not _turn_ended(bd, ad):
        _fail("the game ended mid-turn", after, str(action))

    if rules.warehouses is not None and _check_depot_transition(before, bd, action, after, ad):
        for q in range(n):
            if q != p and bd["hands"][q] != ad["hands"][q]:
                _fail("another player's hand changed", after, f"player {q} after {action}")
        return
    hb = _hand_counter(bd["hands"][p])
    ha = _hand_counter(ad["hands"][p])
    for q in range(n):
        if q != p and bd["hands"][q] != ad["hands"][q]:
            _fail("another player's hand changed", after, f"player {q} after {action}")
    if isinstance(action, (Claim, PayTunnel)) or bd["phase"] == "tunnel":
        pass
    elif bd["routes"] != ad["routes"] or bd["trains"] != ad["trains"]:
        _fail("routes changed without a claim", after, str(action))
    shuffled = ad["shuffles"] != bd["shuffles"]
    tail = tail_after(bd["discard"], ad["discard"], shuffled)
    if tail is None:
        _fail("the discard pile was reordered", after, f"{bd['discard']} -> {ad['discard']}")

    if isinstance(action, (DrawBlind, DrawFaceUp)):
        gained = ha - hb
        if sum(gained.values()) != 1 or hb - ha:
            _fail("a draw gives exactly one card", after, f"{dict(hb)} -> {dict(ha)}")
        card = next(iter(gained))
        if isinstance(action, DrawFaceUp):
            if card != action.card:
                _fail("the face-up card taken", after, f"{card} != {action.card}")
        elif bd["deck"] and card != bd["deck"][0]:
            _fail("a blind draw takes the top of the deck", after, f"{card} != {bd['deck'][0]}")
        # the display is refilled at once; a flush sends whole displays with 3+ locomotives to the discard
        if isinstance(action, DrawFaceUp) and len(ad["display"]) < rules.display_size and (ad["deck"] or ad["discard"]):
            _fail("the display was not refilled", after, str(ad["display"]))
        # (unless it ends a turn with locomotives enough to flush face up: the next turn starts
        # with the flush rule, where deck and discard now hold the cards for it)
        flush_at = rules.display_flush_at
        flushing = flush_at and bd["display"].count(LOCO_NAME) >= flush_at and _turn_ended(bd, ad)
        if isinstance(action, DrawBlind) and ad["display"] != bd["display"] and not flushing:
            _fail("a blind draw changed the display", after, f"{bd['display']} -> {ad['display']}")
        if not shuffled:
            if len(tail) % rules.display_size if rules.display_size else tail:
                _fail("the discard grew by something other than flushed displays", after, str(tail))
            if tail and not rules.display_flush_at:
                _fail("the display was flushed in an edition without flushes", after, str(tail))
            for i in range(0, len(tail), rules.display_size):
                if tail[i:i + rules.display_size].count(LOCO_NAME) < rules.display_flush_at:
                    _fail("a display was flushed without enough locomotives", after, str(tail))
            at = rules.display_flush_at
            if isinstance(action, DrawFaceUp) and at and ad["display"].count(LOCO_NAME) >= at:
                # the flush stopping rule (README): flushing stops with 3+ locomotives showing only
                # when deck + discard lack the non-locomotives for a better display, or when the
                # cards turned up by flushes used up what deck + discard held when it began
                pool = ad["deck"] + ad["discard"]
                budget = len(bd["deck"]) + len(bd["discard"]) - 1 - len(tail)
                if len(pool) - pool.count(LOCO_NAME) >= rules.display_size - at + 1 and budget >= rules.display_size:
                    _fail("the display should have been flushed", after,
                          f"{ad['display']} with {len(pool)} cards in deck and discard")
        # the draw ends after two cards, or after a face-up locomotive where that costs the draw
        loco_first = (isinstance(action, DrawFaceUp) and action.card == LOCO_NAME
                      and rules.face_up_locomotive_costs_two)
        if bd["phase"] == "draw2" or loco_first:
            if not _action_over(bd, ad):
                _fail("the draw should have ended", after, str(action))
        elif _action_over(bd, ad):
            second_possible = ad["deck"] or ad["discard"] or any(
                c != LOCO_NAME or not rules.face_up_locomotive_costs_two for c in ad["display"])
            if second_possible:
                _fail("the draw ended after one card though a second one could be drawn", after, str(action))
        elif ad["phase"] != "draw2":
            _fail("after the first card of a draw comes the second", after, ad["phase"])
        return
    refilled = ad["display"] != bd["display"]
    if refilled:
        # only the end of a turn refills a display that ran short (when deck and discard were
        # empty): cards paid since then are reshuffled into a new deck and turned up; and it
        # flushes a display left with locomotives enough to flush (the README's ruling)
        flush_at = rules.display_flush_at
        if not (_turn_ended(bd, ad) and (len(bd["display"]) < rules.display_size
                                         or (flush_at and bd["display"].count(LOCO_NAME) >= flush_at))):
            _fail("the display changed without a draw", after, f"{bd['display']} -> {ad['display']}")
        if not rules.display_flush_at and ad["display"][:len(bd["display"])] != bd["display"]:
            _fail("refilling the display replaced face-up cards", after, f"{bd['display']} -> {ad['display']}")
        tail = None         # the refill may reshuffle and flush: only the totals are checked

    if isinstance(action, Claim):
        route = board.route[action.route]
        pay = action.payment
        if not payment_fits(route, rules, pay):
            _fail("a payment the edition does not allow was accepted", after, f"{action}")
        if pay[LOCO] and route.kind not in rules.locomotives_on and not route.any_cards_substitute:
            if pay[LOCO] > route.ferry_locomotives:
                _fail("locomotives spent where the edition forbids them", after, f"{action} ({route.kind})")
        bonus = route.draw_bonus
        if bonus:
            # the draw bonus: the payment leaves the hand, then up to `bonus` cards come blind from
            # the top of the deck (the discard, payment included, reshuffled when it runs out)
            drawn = ha - (hb - _cards_counter(pay))
            if (hb - _cards_counter(pay)) - ha or sum(drawn.values()) != min(bonus, len(bd["deck"]) + len(bd["discard"]) + sum(pay)):
                _fail("a claim with a draw bonus takes the payment and draws the bonus blind", after,
                      f"{dict(hb)} -> {dict(ha)}: {action}, bonus {bonus}")
            if not shuffled and (Counter(bd["deck"][:bonus]) != drawn or ad["deck"] != bd["deck"][bonus:]):
                _fail("the draw bonus takes the top of the deck", after, f"{bd['deck'][:bonus]} vs {dict(drawn)}")
            if not shuffled and tail is not None and Counter(tail) != _cards_counter(pay):
                _fail("the payment ends in the discard", after, f"{tail} vs {pay}")
            _check_placed(bd, ad, route, p, after)
            if not _action_over(bd, ad):
                _fail("a claim ends the turn", after, str(action))
            return
        if hb - ha != _cards_counter(pay) or ha - hb:
            _fail("a claim takes exactly the payment from the hand", after, f"{dict(hb)} -> {dict(ha)}: {action}")
        if route.tunnel:
            reveal = after.view(p).get("last_tunnel_reveal")
            if not reveal or reveal["route"] != route.key:
                _fail("a tunnel claim reveals cards", after, str(reveal))
            revealed = reveal["revealed"]
            exhausted = rules.warehouses is not None and sum(_warehouse_cards(ad).values()) < sum(
                _warehouse_cards(bd).values())     # the Warehouses emptied into the deck during the reveal
            there = len(bd["deck"]) + len(bd["discard"]) + (sum(_warehouse_cards(bd).values()) if exhausted else 0)
            if len(revealed) != min(3, there):
                _fail("a tunnel reveals 3 cards (or all there are)", after,
                      f"{revealed}, deck {len(bd['deck'])}, discard {len(bd['discard'])}")
            all_loco = pay[LOCO] == sum(pay)
            colour = None if all_loco else CARD_NAMES[[c for c in range(8) if pay[c]][0]]
            extra = sum(1 for c in revealed if c == LOCO_NAME or c == colour)
            if reveal["extra"] != extra:
                _fail("tunnel extra cards", after, f"{revealed} with {pay}: {reveal['extra']} != {extra}")
            if ad["phase"] == "tunnel":
                t = ad["tunnel"]
                if extra == 0 or t["route"] != route.key or Cards.parse(t["payment"]) != pay or t["revealed"] != revealed:
                    _fail("the pending tunnel", after, str(t))
                if tail or refilled:
                    _fail("a pending tunnel discarded cards", after, str(tail))
                return
            if extra:
                _fail("a tunnel with extra cards due was claimed at once", after, str(action))
            if tail is not None and Counter(tail) != Counter(revealed) + _cards_counter(pay):
                _fail("the revealed cards and the payment end in the discard", after, f"{tail} vs {revealed}, {pay}")
        elif tail is not None and Counter(tail) != _cards_counter(pay):
            _fail("the payment ends in the discard", after, f"{tail} vs {pay}")
        _check_placed(bd, ad, route, p, after)
        if not _action_over(bd, ad):
            _fail("a claim ends the turn", after, str(action))
        return

    if shuffled and not refilled:
        _fail("a reshuffle during an action that draws no card", after, str(action))
    if isinstance(action, (PayTunnel, AbandonTunnel)):
        t = bd["tunnel"]
        route = board.route[t["route"]]
        paid = Cards.parse(t["payment"])
        if isinstance(action, PayTunnel):
            if hb - ha != _cards_counter(action.extra) or ha - hb:
                _fail("paying a tunnel takes the extra cards", after, f"{dict(hb)} -> {dict(ha)}")
            if tail is not None and Counter(tail) != Counter(t["revealed"]) + _cards_counter(paid) + _cards_counter(action.extra):
                _fail("the revealed cards and the payment end in the discard", after, f"{tail}")
            _check_placed(bd, ad, route, p, after)
        else:
            if ha - hb != _cards_counter(paid) or hb - ha:
                _fail("abandoning a tunnel returns the payment", after, f"{dict(hb)} -> {dict(ha)}")
            if tail is not None and Counter(tail) != Counter(t["revealed"]):
                _fail("the revealed cards end in the discard", after, f"{tail} vs {t['revealed']}")
            if bd["routes"] != ad["routes"] or bd["trains"] != ad["trains"]:
                _fail("an abandoned tunnel changed the routes", after, str(action))
        if not _action_over(bd, ad):
            _fail("a tunnel decision ends the turn", after, str(action))
        return

    if isinstance(action, BuildStation):
        if hb - ha != _cards_counter(action.payment) or ha - hb or (
                tail is not None and Counter(tail) != _cards_counter(action.payment)):
            _fail("a station costs its payment, into the discard", after, str(action))
        if ad["stations"] != bd["stations"] + [[action.city, p]]:
            _fail("the station is built", after, str(ad["stations"]))
        return
    if tail or refilled or hb != ha:
        _fail("cards moved", after, f"{action}: {tail}, {dict(hb)} -> {dict(ha)}")
    if isinstance(action, DrawTickets):
        k = min(rules.tickets.draw, len(bd["ticket_deck"]))
        if ad["offer"] != bd["ticket_deck"][:k] or ad["ticket_deck"] != bd["ticket_deck"][k:]:
            _fail("drawing tickets takes the top of the ticket deck", after, str(ad["offer"]))
        if ad["phase"] != "tickets":
            _fail("after drawing tickets comes choosing", after, ad["phase"])
    elif isinstance(action, KeepTickets):
        offer = bd["opening_offers"][p] if bd["phase"] == "opening" else bd["offer"]
        kept = [offer[i] for i in action.keep]
        back = [t for i, t in enumerate(offer) if i not in action.keep]
        if ad["tickets"][p] != bd["tickets"][p] + kept:
            _fail("the kept tickets go to the player", after, f"{ad['tickets'][p]}")
        where = rules.tickets.opening_returns if bd["phase"] == "opening" else rules.tickets.draw_returns
        if where == "bottom":
            old = len(bd["ticket_deck"])
            if (ad["ticket_deck"][:old] != bd["ticket_deck"] or sorted(ad["ticket_deck"][old:]) != sorted(back)
                    or ad["removed_tickets"] != bd["removed_tickets"]):
                _fail("returned tickets go to the bottom of the deck", after, f"{back}")
        else:
            old = len(bd["removed_tickets"])
            if (ad["removed_tickets"][:old] != bd["removed_tickets"] or sorted(ad["removed_tickets"][old:]) != sorted(back)
                    or ad["ticket_deck"] != bd["ticket_deck"]):
                _fail("returned tickets leave the game", after, f"{back}")
    elif isinstance(action, Pass):
        if not _action_over(bd, ad):
            _fail("a pass ends the turn", after)


def _check_placed(bd: dict, ad: dict, route, p: int, after) -> None:
    rules = after.rules
    if ad["routes"].get(route.key) != p or {k: v for k, v in ad["routes"].items() if k != route.key} != bd["routes"]:
        _fail("the claimed route goes to the player, and nothing else changes", after, route.key)
    if ad["trains"][p] != bd["trains"][p] - route.length:
        _fail("a claim uses one train per space", after, f"{bd['trains'][p]} -> {ad['trains'][p]}")


# ---------------------------------------------------------------------------- the expensive check
_PLAIN: dict = {}


def _plain_claims(board) -> list:
    """Per route, {(c, k): the claim paying colour c (each of the 8) plus k locomotives}."""
    key = id(board)
    if key not in _PLAIN:
        out = []
        for route in board.routes:
            L = route.length
            claims = {}
            for c in range(8):
                for k in range(L + 1):
                    pay = [0] * 9
                    pay[c] = L - k
                    pay[LOCO] = k
                    claims[c, k] = Claim(route.key, Cards(pay))
            out.append((route, claims))
        _PLAIN[key] = (board, out)
    return _PLAIN[key][1]


def _one_colour_payments(size: int) -> list:
    out = []
    for c in range(8):
        for k in range(size + 1):
            pay = [0] * 9
            pay[c] = size - k
            pay[LOCO] = k
            out.append(Cards(pay))
    return list(dict.fromkeys(out))


def candidate_actions(state, d: dict, rng: random.Random, misfits: int = 25) -> list:
    """A superset of the legal actions, and many illegal ones: every draw, every choice
    of tickets (and some malformed ones), pass, abandon, tunnel payments of each colour
    with k locomotives and of the wrong size; for every route, every payment of one colour
    c plus k locomotives (k = 0..length) that fits in the hand (a legal claim must) and
    `misfits` random ones that do not, plus random multisets of the hand of the route's
    size (and, on routes with substitutions, of each size a substitution makes); stations
    likewise. Outside the `turn` phase only a few claims and stations are tried (every
    one is refused for the phase)."""
    rules = state.rules
    board = state.board
    p = d["current_player"]
    hand = _as_cards(d["hands"][p])
    hand_list = [c for c, k in d["hands"][p].items() for _ in range(k)]
    turn = d["phase"] == "turn"
    out: list = [DrawBlind(), DrawTickets(), Pass(), AbandonTunnel()]
    out += [DrawFaceUp(c) for c in CARD_NAMES]
    offer = d["opening_offers"][p] if d["phase"] == "opening" else d["offer"]
    size = max(len(offer), 3)
    for k in range(0, size + 1):
        out += [KeepTickets(c) for c in combinations(range(size + 1), k)]
    out += [KeepTickets((1, 0)), KeepTickets((0, 0))]
    if rules.warehouses is not None:           # Warehouses & Depots: every Warehouse, every city, a few misfits
        out += [StoreCard(w) for w in range(-1, state.num_players + 1)]
        out += [CollectWarehouse(w) for w in range(-1, state.num_players + 1)] + [EndTurn()]
        out += [PlaceDepot(c) for c in state.game.tables.city_names] + [PlaceDepot("Atlantis")]

    def random_payments(total: int, count: int) -> list:
        if len(hand_list) < total:
            return []
        return [Cards.from_list(rng.sample(hand_list, total)) for _ in range(count)]

    def fits(pay) -> bool:
        return all(a <= b for a, b in zip(pay, hand))

    wrong = []
    plain = _plain_claims(board)
    loco = hand[LOCO]
    for route, claims in (plain if turn else rng.sample(plain, 3)):
        L = route.length
        # the claims of colour c + k locomotives that fit in the hand (every other one is refused
        # as not in the hand: a sample of those is checked below)
        for c in range(8):
            for k in range(max(0, L - hand[c]), min(L, loco) + 1):
                out.append(claims[c, k])
        for _ in range(misfits // 10):
            c, k = rng.randrange(8), rng.randrange(L + 1)
            if L - k > hand[c] or k > loco:
                wrong.append(claims[c, k])
        if route.any_cards_substitute:
            sub = route.any_cards_substitute
            top = route.ferry_locomotives if route.ferry_locomotives else L
            for s in range(1, top + 1):
                out += [Claim(route.key, pay) for pay in random_payments(L + (sub - 1) * s, 3)]
        if route.ferry_pair_substitute:       # Northern Lights: s symbols paid by pairs, L + s cards
            for s in range(1, route.ferry_locomotives + 1):
                out += [Claim(route.key, pay) for pay in random_payments(L + s, 3)]
    for route, _ in rng.sample(plain, min(len(plain), 12 if turn else 2)):
        out += [Claim(route.key, pay) for pay in random_payments(route.length, 2)]
    built = sum(1 for _, q in d["stations"] if q == p)
    need = built + 1
    names = [c.name for c in board.cities]
    if not (rules.stations and turn):
        names = rng.sample(names, 2) + ["Atlantis"]
    pays = _one_colour_payments(need)
    fitting = [pay for pay in pays if fits(pay)]
    unfit = [pay for pay in pays if not fits(pay)]
    for city in names:
        out += [BuildStation(city, pay) for pay in fitting]
        if unfit:
            wrong.append(BuildStation(city, rng.choice(unfit)))
    for city in rng.sample(names, min(len(names), 6)):
        out += [BuildStation(city, pay) for pay in random_payments(need, 1) + random_payments(need + 1, 1)]
    if d["phase"] == "tunnel":
        extra = d["tunnel"]["extra"]
        for e in range(extra + 2):
            out += [PayTunnel(pay) for pay in _one_colour_payments(e)]
        out += [PayTunnel(pay) for pay in random_payments(extra, 3)]
    out += rng.sample(wrong, min(misfits, len(wrong)))
    return list(dict.fromkeys(out))


def check_candidates(state, rng: random.Random, illegal_tries: int = 4) -> None:
    """`legal_actions()` agrees with `why_illegal()` and with the reference rules on a
    superset of candidate actions (see `candidate_actions`); refused actions change nothing."""
    d = state.to_dict()
    legal = state.legal_actions()
    listed = list(legal)
    if len(listed) != len(legal) or len(set(listed)) != len(listed):
        _fail("legal_actions lists each action once and its len is right", state, f"{len(listed)} / {len(legal)}")
    if d["phase"] != "over" and not listed:
        _fail("a position with no legal action", state)
    if Pass() in listed and len(listed) != 1:
        _fail("pass is legal only when nothing else is", state, str(listed[:5]))
    for i in (0, len(listed) // 2, len(listed) - 1):
        if listed and legal[i] != listed[i]:
            _fail("indexing legal_actions agrees with iterating it", state, f"{i}: {legal[i]} != {listed[i]}")
    for a in listed:
        r = state.why_illegal(a)
        if r is not None:
            _fail("a listed action is refused", state, f"{a}: {r}")
        if not reference_legal(state, d, a):
            _fail("a listed action breaks the rules", state, str(a))
        if a not in legal:
            _fail("`in` finds a listed action", state, str(a))
    listed_set = set(listed)
    illegal = []
    substituted_ok = []
    candidates = candidate_actions(state, d, rng)
    some_legal = False
    for a in candidates:
        if a in listed_set:
            some_legal = some_legal or not isinstance(a, Pass)
            continue                # checked above: refused by nothing, legal by the reference
        r = state.why_illegal(a)
        ref = reference_legal(state, d, a)
        if (r is None) != ref:
            _fail("why_illegal disagrees with the rules", state, f"{a}: engine says {r}, reference says "
                                                                  f"{'legal' if ref else 'illegal'}")
        if r is None:
            some_legal = some_legal or not isinstance(a, Pass)
            if isinstance(a, Claim) and uses_substitution(state.board.route[a.route], a.payment):
                substituted_ok.append(a)
            elif a not in listed_set or a not in legal:
                _fail("a legal action is missing from legal_actions()", state, str(a))
        else:
            if not r.rule or not r.text:
                _fail("a refusal names a rule and says why", state, f"{a}: {r!r}")
            illegal.append((a, r))
    if d["phase"] == "turn" and Pass() not in listed_set and not some_legal:
        # something other than passing is possible: the reference rules must find it too
        # (among the candidates, or as a substitution payment the candidates did not try)
        if not all(isinstance(a, Claim) and uses_substitution(state.board.route[a.route], a.payment)
                   for a in listed):
            _fail("pass is refused though nothing else is legal", state, str(listed[:5]))
    for a in rng.sample(substituted_ok, min(3, len(substituted_ok))):
        try:
            state.apply(a)
        except IllegalAction as e:  # pragma: no cover - reported
            _fail("apply refuses a valid substitution payment", state, f"{a}: {e}")
        if state.board.route[a.route].ferry_pair_substitute and a.payment not in state.payment_options(a.route):
            _fail("the complete payment options hold every valid pair payment", state, str(a))
    for a, r in rng.sample(illegal, min(illegal_tries, len(illegal))):
        with pytest.raises(IllegalAction) as err:
            state.apply(a)
        if err.value.reason != r:
            _fail("apply refuses with the reason why_illegal gives", state, f"{a}: {err.value.reason} != {r}")
        if state.to_dict() != d:
            _fail("a refused action changed the state", state, str(a))


# ---------------------------------------------------------------------------- random games
MAX_ACTIONS = 2000          # every random game must end well before this


def hoarder(state, legal, rng: random.Random):
    """A policy for the edge cases: draws train cards whenever it can (95%), claims only
    when it must, so the deck and discard run dry, the display runs short and, at the
    end, everybody passes."""
    if rng.random() < 0.95:
        draws = [a for a in legal.simple if isinstance(a, (DrawBlind, DrawFaceUp))] \
            if hasattr(legal, "simple") else [a for a in legal if isinstance(a, (DrawBlind, DrawFaceUp))]
        if draws:
            return draws[rng.randrange(len(draws))]
    return legal[rng.randrange(len(legal))]


def play_random_game(edition: str, players: int, seed: int, options: dict | None = None, *,
                     check: str = "cheap", max_actions: int = MAX_ACTIONS, on_state=None, policy=None):
    """Play one seeded random game (each player picks uniformly among `legal_actions()`,
    or as `policy(state, legal, rng)` says), checking the invariants after every action;
    returns (final state, actions).

    check="none": only play; "light": `check_invariants` after every action, with
    `score_breakdown` checked at the start and the end; "cheap": the same, with
    `score_breakdown` also re-checked whenever routes, tickets or stations change (it is
    a function of those, so this is the same as after every action); "full": also
    `check_candidates` before every action and the score after every action.
    `on_state(state)` sees every position."""
    if check not in ("none", "light", "cheap", "full"):
        raise ValueError(f"check must be none, light, cheap or full, not {check!r}")
    import ttr_nb
    options = options or {}
    game = ttr_nb.load_game(edition, players=players, seed=seed, **options)
    state = game.new_state()
    rng = random.Random(f"{edition}/{players}/{seed}/{sorted(options.items())}")
    crng = random.Random(f"candidates/{seed}")
    actions: list = []
    d = check_invariants(state) if check != "none" else None
    at = game.rules.display_flush_at
    if at and state.to_dict()["display"].count("loco") >= at:
        raise AssertionError(f"load_game({edition!r}, players={players}, seed={seed}): the opening display "
                             f"{state.to_dict()['display']} should have been flushed")
    trigger_turn = None
    passes = 0

    def where() -> str:
        opts = "".join(f", {k}={v!r}" for k, v in options.items())
        tail = "; ".join(map(str, actions[-6:]))
        who = f", policy {policy.__name__}" if policy else ""
        return (f"load_game({edition!r}, players={players}, seed={seed}{opts}){who} after {len(actions)} actions "
                f"(last: {tail})")

    try:
        while not state.is_over():
            if on_state is not None:
                on_state(state)
            if len(actions) >= max_actions:
                raise AssertionError(f"the game did not end within {max_actions} actions")
            if check == "full":
                check_candidates(state, crng)
            legal = state.legal_actions()
            if len(legal) == 0:
                raise AssertionError("no legal action in a running game")
            action = policy(state, legal, rng) if policy else legal[rng.randrange(len(legal))]
            after = state.apply(action)
            actions.append(action)
            if check != "none":
                changed = isinstance(action, (Claim, PayTunnel, KeepTickets, BuildStation)) and check == "cheap"
                score = check == "full" or changed or after.is_over()
                ad = check_invariants(after, state, action, score=score, before_dict=d)
                # the final round: a turn ending with <= final_round_trains trains gives everyone one more turn
                if ad["turn"] == d["turn"] + 1:
                    p = d["current_player"]
                    passes = passes + 1 if isinstance(action, Pass) else 0
                    if d["final_round"] is None:
                        if (ad["final_round"] is not None) != (ad["trains"][p] <= game.rules.final_round_trains):
                            raise AssertionError(f"final round trigger: player {p} ends a turn with "
                                                 f"{ad['trains'][p]} trains, final_round {ad['final_round']}")
                        if ad["final_round"] is not None:
                            trigger_turn = ad["turn"]
                            if ad["final_round"] != players:
                                raise AssertionError(f"final round of {ad['final_round']} turns")
                    elif ad["final_round"] != d["final_round"] - 1 and not (after.is_over() and ad["final_round"] == 0):
                        raise AssertionError(f"final round countdown {d['final_round']} -> {ad['final_round']}")
                    if after.is_over():
                        by_round = trigger_turn is not None and ad["turn"] == trigger_turn + players
                        if not by_round and passes < players:
                            raise AssertionError(f"the game ended at turn {ad['turn']} (final round started "
                                                 f"at {trigger_turn}, {passes} passes in a row)")
                    elif trigger_turn is not None and ad["turn"] >= trigger_turn + players:
                        raise AssertionError("the final round did not end the game")
                d = ad
            state = after
        if on_state is not None:
            on_state(state)
        if check != "none":
            check_final(state)
        winners = state.winners()
        rows = state.score_breakdown()
        best = max(r.total for r in rows)
        if not winners or any(rows[w].total != best for w in winners) or len(set(winners)) != len(winners):
            raise AssertionError(f"winners {winners} with totals {[r.total for r in rows]}")
    except Exception as e:
        raise AssertionError(f"{where()}:\n{type(e).__name__}: {e}") from e
    return state, actions
