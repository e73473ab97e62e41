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
      "passes": 0, "shuffles": 0, "turn": 12
    }

Everything may be left out. Missing parts are filled in so the position is
complete: hands, discard, routes, stations, tickets and offers default to
empty; ``trains`` to the edition's stock minus the routes owned; the display
and the deck to the remaining train cards shuffled by the game's seed (display
first); ``ticket_deck`` to the remaining tickets of the draw deck, shuffled; and
``removed_tickets`` to every ticket not placed elsewhere. The total number of
each card and each ticket is checked: a position that has 13 red cards is
refused with a message saying so. Route points are derived from the owners,
never stored.
"""
from __future__ import annotations

import random

from .cards import CARD_NAMES, LOCO, Cards, card_index
from .observer import reveal_dict
from .payments import tunnel_extra
from .position import PHASES, PendingTunnel, TunnelReveal
from .state import State

FORMAT = "ttr_nb-state/1"


def _names(cards) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def state_to_dict(s) -> dict:
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
    }
    if s.pending:
        t = s.pending
        out["tunnel"] = {"route": board.routes[t.route].key, "payment": str(Cards(t.paid)),
                         "revealed": _names(t.revealed), "extra": t.extra}
    out["last_tunnel_reveal"] = reveal_dict(board, s.last_reveal)
    return out


class PositionError(ValueError):
    """A position description that cannot be a real position; the message says why."""


def state_from_dict(game, d: dict):
    rules = game.rules
    board = game.board
    n = game.players
    problems: list[str] = []

    def cards_list(key, default=()):
        try:
            return [card_index(c) for c in d.get(key, default)]
        except ValueError as e:
            problems.append(f"{key}: {e}")
            return []

    def ticket_ids(keys, where):
        out = []
        for k in keys:
            try:
                out.append(board.find_ticket(k).index)
            except KeyError as e:
                problems.append(f"{where}: {e.args[0]}")
        return out

    if d.get("format", FORMAT) != FORMAT:
        problems.append(f"format must be {FORMAT!r}, not {d.get('format')!r}")
    if d.get("edition", rules.id) != rules.id:
        problems.append(f"this position is for {d['edition']!r}, but the game is {rules.id!r}")
    if d.get("players", n) != n:
        problems.append(f"this position has {d['players']} players, but the game has {n}")
    phase = d.get("phase", "turn")
    if phase not in PHASES:
        problems.append(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    player = d.get("current_player", game.first_player)
    if not isinstance(player, int) or not 0 <= player < n:
        problems.append(f"current_player must be 0..{n - 1}, not {player!r}")
        player = 0

    hands_in = d.get("hands", [{}] * n)
    if len(hands_in) != n:
        problems.append(f"hands: {len(hands_in)} hands for {n} players")
        hands_in = [{}] * n
    hands = []
    for i, h in enumerate(hands_in):
        try:
            hands.append(tuple(Cards.of(h)))
        except ValueError as e:
            problems.append(f"hand of player {i}: {e}")
            hands.append((0,) * 9)

    owners = [-1] * len(board.routes)
    for key, o in d.get("routes", {}).items():
        try:
            ri = board.find_route(key).index
        except KeyError as e:
            problems.append(f"routes: {e.args[0]}")
            continue
        if not isinstance(o, int) or not 0 <= o < n:
            problems.append(f"routes: {key} is owned by {o!r}, not a player 0..{n - 1}")
            continue
        owners[ri] = o
    for i, o in enumerate(owners):
        t = game.twins[i]
        if o >= 0 and t is not None and owners[t] >= 0:
            if owners[t] == o:
                problems.append(f"routes: player {o} owns both routes between {board.routes[i].a} and "
                                f"{board.routes[i].b} (one player may never own both)")
            elif not game.doubles_open and i < t:
                problems.append(f"routes: both routes between {board.routes[i].a} and {board.routes[i].b} are "
                                f"owned, but with {n} players only one may be used")

    stations = []
    for item in d.get("stations", []):
        city, p = item
        if city not in game.city_names:
            problems.append(f"stations: unknown city {city!r}")
        elif any(c == city for c, _ in stations):
            problems.append(f"stations: {city} has two stations")
        else:
            stations.append((city, p))
    for p in range(n):
        if sum(1 for _, q in stations if q == p) > rules.stations:
            problems.append(f"stations: player {p} has more than {rules.stations} stations")

    trains = d.get("trains")
    if trains is None:
        trains = [rules.trains - sum(board.routes[i].length for i, o in enumerate(owners) if o == p)
                  for p in range(n)]
    for p in range(n):
        used = sum(board.routes[i].length for i, o in enumerate(owners) if o == p)
        if trains[p] < 0 or trains[p] + used > rules.trains:
            problems.append(f"trains: player {p} has {trains[p]} trains left and {used} on the board; "
                            f"the stock is {rules.trains}")

    pending = None
    pending_cards = []
    tunnel = d.get("tunnel")
    if tunnel:
        try:
            ri = board.find_route(tunnel["route"]).index
            paid = Cards.parse(tunnel["payment"])
            revealed = tuple(card_index(c) for c in tunnel.get("revealed", []))
            split = game.prices[ri].split(paid)
            if split is None or not board.routes[ri].tunnel:
                problems.append(f"tunnel: {tunnel['payment']} is not a tunnel payment for {tunnel['route']}")
            else:
                extra = tunnel_extra(split[0], paid, revealed)
                pending = PendingTunnel(ri, paid, split[0], revealed, extra)
                pending_cards = [c for c, k in enumerate(paid) for _ in range(k)] + list(revealed)
        except (KeyError, ValueError) as e:
            problems.append(f"tunnel: {e}")

    last_reveal = pending.reveal if pending else None
    reveal = d.get("last_tunnel_reveal")
    if reveal:
        try:
            ri = board.find_route(reveal["route"]).index
            revealed = tuple(card_index(c) for c in reveal.get("revealed", []))
            extra = reveal.get("extra", 0)
            if not board.routes[ri].tunnel:
                problems.append(f"last_tunnel_reveal: {board.routes[ri].key} is not a tunnel")
            elif len(revealed) > 3 or not isinstance(extra, int) or not 0 <= extra <= len(revealed):
                problems.append(f"last_tunnel_reveal: up to 3 cards are revealed and the extra cards asked "
                                f"for are at most that many, not {len(revealed)} revealed and {extra!r} extra")
            else:
                last_reveal = TunnelReveal(ri, revealed, extra)
        except (KeyError, ValueError) as e:
            problems.append(f"last_tunnel_reveal: {e}")

    display = cards_list("display")
    discard = cards_list("discard")
    deck_given = "deck" in d
    deck = cards_list("deck")
    # check the card totals, then deal the remaining cards into the deck and display
    total = [rules.cards_per_colour] * 8 + [rules.locomotives]
    used = [0] * 9
    for h in hands:
        for c, k in enumerate(h):
            used[c] += k
    for c in display + discard + deck + pending_cards:
        used[c] += 1
    for c in range(9):
        if used[c] > total[c]:
            problems.append(f"cards: this position has {used[c]} {CARD_NAMES[c]} cards; "
                            f"{rules.title} has {total[c]}")
    rng = random.Random(f"{game.seed}/position")
    if not deck_given:
        rest = [c for c in range(9) for _ in range(max(0, total[c] - used[c]))]
        rng.shuffle(rest)
        deck = rest
    elif not problems and used != total:
        missing = ", ".join(f"{total[c] - used[c]} {CARD_NAMES[c]}" for c in range(9) if used[c] < total[c])
        problems.append(f"cards: {missing} card(s) are missing; every train card must be in a hand, "
                        f"the display, the deck, the discard pile or a pending tunnel")
    if "display" not in d:
        display = deck[:rules.display_size]
        deck = deck[rules.display_size:]

    # tickets
    held = [ticket_ids(t, f"tickets of player {p}") for p, t in enumerate(d.get("tickets", [[]] * n))]
    if len(held) != n:
        problems.append(f"tickets: {len(held)} lists for {n} players")
        held = [[] for _ in range(n)]
    offer = ticket_ids(d.get("offer", []), "offer")
    openings = [ticket_ids(o, "opening_offers") for o in d.get("opening_offers", [[]] * n)]
    if len(openings) != n:
        problems.append(f"opening_offers: {len(openings)} lists for {n} players")
        openings = [[] for _ in range(n)]
    placed = [t for h in held for t in h] + offer + [t for o in openings for t in o]
    if "ticket_deck" in d:
        tdeck = ticket_ids(d["ticket_deck"], "ticket_deck")
    else:
        tdeck = [t.index for t in board.tickets if t.deck == rules.tickets.draw_from and t.index not in placed
                 and board.tickets[t.index].key not in d.get("removed_tickets", [])]
        rng.shuffle(tdeck)
    placed += tdeck
    if "removed_tickets" in d:
        removed = ticket_ids(d["removed_tickets"], "removed_tickets")
    else:
        removed = [t.index for t in board.tickets if t.index not in placed]
    everything = placed + removed
    dup = {board.tickets[t].key for t in everything if everything.count(t) > 1}
    if dup:
        problems.append(f"tickets: {', '.join(sorted(dup))} appear more than once")
    missing = {board.tickets[t.index].key for t in board.tickets} - {board.tickets[t].key for t in everything}
    if missing:
        problems.append(f"tickets: {', '.join(sorted(missing))} are nowhere (put them in removed_tickets?)")
    if phase == "tickets" and not offer:
        problems.append("phase 'tickets' needs an offer of drawn tickets")
    if phase == "opening" and not openings[player]:
        problems.append(f"phase 'opening' needs opening_offers for player {player}")
    if phase == "tunnel" and pending is None:
        problems.append("phase 'tunnel' needs a tunnel {route, payment, revealed}")
    if problems:
        raise PositionError("This position is not possible:\n- " + "\n- ".join(problems))

    blocked = [set() for _ in range(n)]
    if game.doubles_open:
        for i, o in enumerate(owners):
            t = game.twins[i]
            if o >= 0 and t is not None and owners[t] < 0:
                blocked[o].add(t)
    return State(
        game, phase=phase, player=player, hands=tuple(hands), deck=tuple(reversed(deck)), discard=tuple(discard),
        display=tuple(display), owners=tuple(owners), free=game.free_routes(owners),
        blocked=tuple(frozenset(b) for b in blocked), trains=tuple(trains),
        points=tuple(sum(game.route_points[i] for i, o in enumerate(owners) if o == p) for p in range(n)),
        stations=tuple(stations), tickets=tuple(tuple(h) for h in held), ticket_deck=tuple(reversed(tdeck)),
        removed_tickets=tuple(removed), offer=tuple(offer), opening_offers=tuple(tuple(o) for o in openings),
        pending=pending, countdown=d.get("final_round"), passes=d.get("passes", 0), shuffles=d.get("shuffles", 0),
        turn=d.get("turn", 0), last_reveal=last_reveal)
