"""A game: an edition's rules, its board, the players and the seed.

`Game` is fixed for a whole game and creates every `State`. It also holds what
can be computed once: each route's price and points, the double-route twins,
and caches of the ways a hand can pay.
"""
from __future__ import annotations

from typing import Iterable

from .actions import BuildStation, Claim, parse
from .board import Board, load_board
from .cards import CARD_NAMES, COLOURS, LOCO, Cards
from .errors import Reason
from .payments import GREY, Price, describe_price
from .rules import Rules, edition_ids, load_rules
from .serialize import state_from_dict, state_to_dict
from .state import State


def _plain(price: Price) -> bool:
    """Nothing substitutes: the payments of such a price depend only on the cards of its
    colour (any colour for grey) and the locomotives."""
    return not (price.ferry_sub or price.colour_sub)


def _sig_order(price: Price) -> tuple:
    """Signatures are numbered colour by colour, then grey, then the rest, so that the
    payment counts of a hand are a few cached blocks put end to end (`PaymentCounter`)."""
    group = (0 if price.colour != GREY else 1) if _plain(price) else 2
    return (group, price.colour, price.length, price.ferry_locomotives, price.tunnel, price.wild,
            price.ferry_sub, price.colour_sub)


class PaymentCounter:
    """For a hand, the signatures it can pay for and how many ways (`Price.count`), for
    every signature at once: ``(sigs, counts)`` with the zero counts left out.

    The signatures come in `_sig_order`. A coloured plain price counts only the cards of
    its colour and the locomotives, and no plain route uses more cards of a kind than it
    has spaces: so each colour's block is a table lookup on (cards of that colour,
    locomotives), both capped at the longest route. Grey blocks depend on the colours'
    counts in any order, so they are cached by the sorted counts. The other signatures
    (substitutions, no wild locomotives) ask `Price.count`. `dense` gives every count
    (the tests check it against `Price.count`)."""

    def __init__(self, sig_prices: tuple[Price, ...]):
        self.size = len(sig_prices)
        self.cap = cap = max((p.length for p in sig_prices), default=1)
        colour_sigs: dict[int, list[tuple[int, Price]]] = {}
        self.grey: tuple[tuple[int, Price], ...] = ()
        self.others: tuple[tuple[int, Price], ...] = ()
        for i, p in enumerate(sig_prices):
            if not _plain(p):
                self.others += ((i, p),)
            elif p.colour == GREY:
                self.grey += ((i, p),)
            else:
                colour_sigs.setdefault(p.colour, []).append((i, p))
        # tables[c][h][l]: colour c's block with h cards of c and l locomotives
        self.tables = tuple(
            (c, tuple(tuple(self._block(sigs, (h,) * 8 + (l,)) for l in range(cap + 1)) for h in range(cap + 1)))
            for c, sigs in sorted(colour_sigs.items()))
        self._grey_cache: dict[tuple, tuple] = {}

    @staticmethod
    def _block(sigs, hand) -> tuple[tuple[int, ...], tuple[int, ...]]:
        counts = [(i, p.count(hand)) for i, p in sigs]
        return tuple(i for i, n in counts if n), tuple(n for _, n in counts if n)

    def __call__(self, hand: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
        cap = self.cap
        loco = hand[LOCO]
        if loco > cap:
            loco = cap
        sigs = counts = ()
        for c, table in self.tables:
            h = hand[c]
            s, n = table[h if h < cap else cap][loco]
            if s:
                sigs += s
                counts += n
        if self.grey:
            key = tuple(sorted(hand[:LOCO])) + (hand[LOCO],)
            block = self._grey_cache.get(key)
            if block is None:
                if len(self._grey_cache) > 100_000:
                    self._grey_cache.clear()
                block = self._grey_cache[key] = self._block(self.grey, key)
            sigs += block[0]
            counts += block[1]
        if self.others:
            s, n = self._block(self.others, hand)
            sigs += s
            counts += n
        return sigs, counts

    def dense(self, hand: tuple) -> tuple[int, ...]:
        """Every signature's count, zeros included."""
        out = [0] * self.size
        for i, n in zip(*self(hand)):
            out[i] = n
        return tuple(out)


_LONGEST = 12    # no board has a longer route (checked by the tests)
# _PLAIN_PAYMENTS[c][n][k]: n cards of colour c and k locomotives, as `Cards`
_PLAIN_PAYMENTS = tuple(tuple(tuple(Cards(tuple(n if i == c else k if i == LOCO else 0 for i in range(9)))
                                    for k in range(_LONGEST + 1)) for n in range(_LONGEST + 1)) for c in range(8))


def editions() -> list[str]:
    """The ids of the editions this package can play."""
    return edition_ids()


def load_game(edition: str, players: int = 2, seed: int = 0, first_player: int = 0, **options) -> "Game":
    """A new game of `edition` for `players` players. `seed` fixes every shuffle.
    Edition options (e.g. ``opening_tickets=4`` for the USA, ``display_flush=True`` for
    Nordic Countries) change the rules where the sources disagree."""
    rules = load_rules(edition, **options)
    return Game(rules, load_board(rules.board), players, seed, first_player)


def price_of(route, rules: Rules) -> Price:
    return Price(
        length=route.length,
        colour=GREY if route.colour == "gray" else COLOURS.index(route.colour),
        wild=rules.locomotives_allowed(route.kind),
        ferry_locomotives=route.ferry_locomotives,
        ferry_sub=route.any_cards_substitute if route.ferry_locomotives else 0,
        colour_sub=route.any_cards_substitute if not route.ferry_locomotives else 0,
        tunnel=route.tunnel,
    )


_TABLES: dict[tuple, tuple] = {}
# the draw lists per set of face-up cards, by (face-up locomotive counts two) and then by
# (second card, blind draw possible, ticket draw possible): shared by games alike
_DRAW_LISTS = {expensive: {(second, blind, tickets): {} for second in (False, True) for blind in (False, True)
                           for tickets in (False, True)}
               for expensive in (False, True)}


def _free_routes(route_sig: tuple, signatures: int, owners, closed=()) -> tuple:
    """Per signature, the routes nobody owns, less those in `closed`."""
    free = [[] for _ in range(signatures)]
    for i, o in enumerate(owners):
        if o < 0 and i not in closed:
            free[route_sig[i]].append(i)
    return tuple(tuple(f) for f in free)


def _tables(rules: Rules, board: Board) -> dict:
    """What a game computes once from its rules and board (shared by games alike; an
    edition's rules are fixed by its id and options, a packaged board by its name)."""
    key = (rules.id, tuple(sorted(rules.options.items())), id(board))
    tables = _TABLES.get(key)
    if tables is None or tables[0] is not board:
        tables = _TABLES[key] = (board, _compute_tables(rules, board))
    return tables[1]


def _compute_tables(rules: Rules, board: Board) -> dict:
    routes = board.routes
    prices = tuple(price_of(r, rules) for r in routes)
    # routes with the same price share one "signature": legal claims are counted per signature
    sig_prices = tuple(sorted(set(prices), key=_sig_order))
    sig_of = {p: i for i, p in enumerate(sig_prices)}
    route_sig = tuple(sig_of[p] for p in prices)
    sig_length = tuple(p.length for p in sig_prices)
    max_length = max(sig_length)
    free_at_start = _free_routes(route_sig, len(sig_prices), (-1,) * len(routes))
    return dict(
        route_keys=tuple(r.key for r in routes),
        route_edges=tuple((r.a, r.b, r.length) for r in routes),     # for path searches
        prices=prices,
        route_points=tuple(rules.points_for(r.length) for r in routes),
        twins=tuple(r.twin for r in routes),
        route_sig=route_sig,
        sig_prices=sig_prices,
        sig_length=sig_length,
        sig_plain=tuple((p.colour, p.length, p.ferry_locomotives, p.wild) if _plain(p) else None
                        for p in sig_prices),
        max_length=max_length,
        # per signature, the routes free at the start of a game
        free_at_start=free_at_start,
        # fits[t][sig]: 1 if a route of that signature needs at most t trains, else 0
        fits=tuple(tuple(int(n <= t) for n in sig_length) for t in range(max_length)),
        city_names=tuple(c.name for c in board.cities if c.kind == "city"),
        count_payments=PaymentCounter(sig_prices),
        # route indices by name as typed (the board's keys to start with)
        route_ids={r.key: r.index for r in routes},
        # caches: payment counts and payments per hand
        _counts={}, _sig_options={},
    )


class Game:
    def __init__(self, rules: Rules, board: Board, players: int, seed: int = 0, first_player: int = 0):
        if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"{rules.title} is played by {rules.min_players} to {rules.max_players} players, "
                             f"not {players}.")
        if not 0 <= first_player < players:
            raise ValueError(f"first_player must be a player index from 0 to {players - 1}, not {first_player}.")
        self.rules = rules
        self.board = board
        self.players = players
        self.seed = seed
        self.first_player = first_player
        self.doubles_open = players >= rules.double_routes_min_players
        # route and signature tables (see `_compute_tables`), shared by every game alike
        self.__dict__.update(_tables(rules, board))
        self._station_pays: dict[tuple, tuple] = {}
        self._open_cities: dict[tuple, tuple] = {}
        self.has_stations = rules.stations > 0
        self.expensive_locomotive = rules.face_up_locomotive_costs_two
        self.draw_lists: dict[tuple, dict] = _DRAW_LISTS[self.expensive_locomotive]
        self.display_size = rules.display_size
        self.display_flush_at = rules.display_flush_at
        self.final_round_trains = rules.final_round_trains

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.rules.options.items())
        return f"load_game({self.rules.id!r}, players={self.players}, seed={self.seed}{opts})"

    # ------------------------------------------------------------------ lookups
    def route_index(self, route) -> int:
        """The index of a route given as index, key ('Denver-Omaha', either order) or Route."""
        if isinstance(route, int):
            if not 0 <= route < len(self.board.routes):
                raise KeyError(f"There is no route number {route} on the {self.board.title} board.")
            return route
        if not isinstance(route, str):
            return route.index
        i = self.route_ids.get(route)
        if i is None:
            i = self.board.find_route(route).index     # KeyError with close matches
            self.route_ids[route] = i
        return i

    def route(self, route):
        return self.board.routes[self.route_index(route)]

    def parse_action(self, text: str):
        """Read an action, resolving route names (either order, any case) to the board's keys."""
        return self.canonical(parse(text))

    def canonical(self, action):
        """The same action naming its route by the board's key (a route given by index,
        in reversed order or another case) and its city by the board's spelling."""
        if isinstance(action, Claim) and action.route not in self.board.route:
            try:
                key = self.route_keys[self.route_index(action.route)]
            except KeyError:
                return action            # why_illegal names the unknown route
            return Claim(key, action.payment)
        if isinstance(action, BuildStation) and action.city not in self.board.city:
            for name in self.city_names:
                if name.casefold() == action.city.casefold():
                    return BuildStation(name, action.payment)
        return action

    # ------------------------------------------------------------------ payments
    def claim_counts(self, hand: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For a hand, the route signatures it can pay for and how many payments it can
        make for each (cached: random play meets the same small hands again and again)."""
        entry = self._counts.get(hand)
        if entry is None:
            entry = self.count_payments(hand)
            if len(self._counts) > 200_000:
                self._counts.clear()
            self._counts[hand] = entry
        return entry

    def sig_options(self, sig: int, hand: tuple) -> tuple[Cards, ...]:
        """The payments `legal_actions` lists for a route signature and a hand (cached)."""
        key = (sig, self.sig_prices[sig].option_key(hand))
        pays = self._sig_options.get(key)
        if pays is None:
            pays = self.sig_prices[sig].options(hand)
            if len(self._sig_options) > 200_000:
                self._sig_options.clear()
            self._sig_options[key] = pays
        return pays

    def nth_payment(self, sig: int, hand: tuple, j: int) -> Cards:
        """`self.sig_options(sig, hand)[j]`, computed without listing where the price is
        plain (see `_plain`): colour by colour, from the fewest locomotives the payment
        needs to the most it may use, the all-locomotive payment once (in the first
        colour's block)."""
        plain = self.sig_plain[sig]
        if plain is None:
            return self.sig_options(sig, hand)[j]
        colour, L, f, wild = plain
        loco = hand[LOCO]
        if wild and colour != GREY:             # the common case
            k = max(f, L - hand[colour]) + j
            return _PLAIN_PAYMENTS[colour][L - k][k]
        all_loco_done = False
        for c in (range(LOCO) if colour == GREY else (colour,)):
            if wild:
                lo = L - hand[c]
                if lo < f:
                    lo = f
                hi = L if loco >= L else loco
            elif hand[c] >= L - f and loco >= f:
                lo = hi = f
            else:
                continue
            if all_loco_done and hi == L:
                hi = L - 1
            n = hi - lo + 1
            if n > 0:
                if j < n:
                    k = lo + j
                    return _PLAIN_PAYMENTS[c][L - k][k]
                j -= n
                if hi == L:
                    all_loco_done = True
        raise IndexError(f"payment {j} is out of range")

    def payment_options(self, route, hand, complete: bool = True) -> tuple[Cards, ...]:
        """Every distinct way `hand` can pay for `route` (``complete=False``: the canonical
        subset that `legal_actions` lists)."""
        return self.prices[self.route_index(route)].options(tuple(hand), complete)

    def station_payments(self, hand: tuple, cost: int) -> tuple[Cards, ...]:
        key = (hand, cost)
        pays = self._station_pays.get(key)
        if pays is None:
            price = Price(cost, GREY, True)
            pays = price.options(hand)
            self._station_pays[key] = pays
        return pays

    def open_cities(self, stations: tuple) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The cities without a station, and how many stations each player has built,
        given the stations built ((city, player) pairs; cached)."""
        found = self._open_cities.get(stations)
        if found is None:
            taken = {c for c, _ in stations}
            found = self._open_cities[stations] = (
                tuple(c for c in self.city_names if c not in taken),
                tuple(sum(1 for _, q in stations if q == p) for p in range(self.players)))
        return found

    def explain_payment(self, ri: int, payment) -> Reason:
        """Why `payment` cannot pay for route `ri` (it is known not to fit)."""
        route = self.board.routes[ri]
        price = self.prices[ri]
        pay = Cards(payment)
        n, loco = sum(pay), pay[LOCO]
        colours = [c for c in range(LOCO) if pay[c]]
        subs = price.ferry_sub or price.colour_sub
        where = f"{route.key} ({describe_price(price)})"
        if loco and not price.wild and not price.ferry_locomotives and not price.colour_sub:
            kinds = " and ".join(sorted(self.rules.locomotives_on)) or "no"
            return Reason("locomotives-not-allowed",
                          f"In {self.rules.title} locomotives may only be used on {kinds} routes; "
                          f"{route.key} is {'a ' + route.kind if route.kind != 'ordinary' else 'an ordinary'} route.")
        if not subs and n != price.length:
            return Reason("payment-count", f"{route.key} has {price.length} spaces and needs {price.length} cards; "
                                           f"you offered {n} ({pay.describe()}).")
        if price.ferry_locomotives and loco < price.ferry_locomotives and not price.ferry_sub:
            return Reason("ferry-locomotives", f"{route.key} is a ferry with {price.ferry_locomotives} locomotive "
                                               f"symbol{'s' * (price.ferry_locomotives > 1)}: the payment needs at "
                                               f"least {price.ferry_locomotives} locomotive"
                                               f"{'s' * (price.ferry_locomotives > 1)}; it has {loco}.")
        if not subs and len(colours) > 1:
            names = " and ".join(CARD_NAMES[c] for c in colours)
            return Reason("one-colour", f"A route is paid with cards of one colour: {names} were mixed "
                                        f"for {route.key}.")
        if not subs and price.colour != GREY and colours and colours[0] != price.colour:
            return Reason("route-colour", f"{route.key} is {COLOURS[price.colour]}: {CARD_NAMES[colours[0]]} cards "
                                          f"cannot pay for it.")
        if subs:
            k = price.ferry_sub or price.colour_sub
            sizes = sorted({price.length + s1 * (price.ferry_sub - 1) + s2 * (price.colour_sub - 1)
                            for s1 in range(price.ferry_locomotives + 1 if price.ferry_sub else 1)
                            for s2 in range(price.length - price.ferry_locomotives + 1 if price.colour_sub else 1)})
            if n not in sizes:
                return Reason("payment-count", f"{route.key} can be paid with {', '.join(map(str, sizes[:-1]))} or "
                                               f"{sizes[-1]} cards (any {k} cards replace one "
                                               f"{'locomotive' if price.ferry_sub else 'coloured card'}); "
                                               f"you offered {n} ({pay.describe()}).")
            if price.ferry_sub and loco < price.ferry_locomotives:
                f = price.ferry_locomotives
                return Reason("ferry-locomotives",
                              f"{route.key} is a ferry with {f} locomotive symbol{'s' * (f > 1)}: pay {f} "
                              f"locomotive{'s' * (f > 1)}, or any {k} cards in place of each missing one, besides "
                              f"one colour for the other spaces; {pay.describe()} does not split that way.")
        return Reason("payment", f"{pay.describe().capitalize()} does not pay for {where}.")

    # ------------------------------------------------------------------ states
    def new_state(self) -> State:
        """The opening position: cards shuffled by the seed, hands and display dealt,
        opening tickets offered to every player (`State.opening`)."""
        return State.opening(self)

    def _free_by_sig(self, owners, blocked_twins: Iterable[int] = ()) -> tuple:
        """Per signature, the routes nobody owns and no double-route rule closes to everyone."""
        closed = set(blocked_twins)
        if not self.doubles_open:
            closed |= {t for i, t in enumerate(self.twins) if t is not None and owners[i] >= 0}
        return _free_routes(self.route_sig, len(self.sig_prices), owners, closed)

    def state_from_dict(self, data: dict) -> State:
        """Build a position from its description (the format of `State.to_dict`, documented
        in `ttr_nb.engine.serialize`). Missing parts are filled in: see there."""
        return state_from_dict(self, data)

    def state_to_dict(self, state: State) -> dict:
        """A position of this game as data (`State.to_dict`; the format of `serialize`)."""
        return state_to_dict(state)
