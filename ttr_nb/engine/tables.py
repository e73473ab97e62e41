"""What a game computes once from its rules and board: `Tables`, a declared, frozen record.

Every `Game` of the same edition, options and board shares one `Tables` (`tables_for`):
each route's price and points, the double-route twins, the route "signatures"
(routes with the same price share one, and legal claims are counted per signature),
the routes free at the start, and the machinery that counts the ways a hand can pay
(`PaymentCounter`). It also owns the caches of payments per hand (`caches` lists
every cache and its bound).
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import DECKS, Board
from .caches import BoundedCache
from .cards import COLOURS, GREY, GREY_NAME, LOCO, NUM_COLOURS, NUM_KINDS, Cards
from .payments import Price
from .rules import Rules


_HALF = NUM_COLOURS // 2      # `PaymentCounter` caches the colour blocks of colours below and from this


def _plain(price: Price) -> bool:
    """Nothing substitutes: the payments of such a price depend only on the cards of its
    colour (any colour for grey) and the locomotives."""
    return not (price.ferry_sub or price.colour_sub or price.ferry_pair)


def _by_colour_totals(price: Price) -> bool:
    """A coloured price whose only substitution is any N >= 2 cards for one of its ferry
    locomotives (Nordic ferries): its payment count depends only on the hand's cards of
    its colour, its locomotives and its total. A payment without substitution has `length`
    cards, one with s substituted locomotives `length + (N - 1) * s`, so no two of the
    canonical payments (`Price.options`) coincide; each reading s is possible or not by
    those three numbers alone (the cards of its colour and the locomotives it must keep,
    and enough cards left to make up the substitution sets)."""
    return (price.colour != GREY and price.ferry_sub >= 2 and not price.colour_sub and not price.ferry_pair
            and price.ferry_locomotives > 0)


def _sig_order(price: Price) -> tuple:
    """Signatures are numbered colour by colour, then grey, then the rest, so that the
    payment counts of a hand are a few cached blocks put end to end (`PaymentCounter`)."""
    group = (0 if price.colour != GREY else 1) if _plain(price) else 2
    return (group, price.colour, price.length, price.ferry_locomotives, price.tunnel, price.wild,
            price.ferry_sub, price.colour_sub, price.ferry_pair)


def _nonzero(counts: list[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(signature, count) pairs as a block: (the signatures, their counts), the zero counts left out."""
    return tuple(i for i, n in counts if n), tuple(n for _, n in counts if n)


class PaymentCounter:
    """For a hand, the signatures it can pay for and how many ways (`Price.count`), for
    every signature at once: `payable` gives ``(sigs, counts)`` with the zero counts left out
    (a method, not `__call__`: calling an instance costs a random game 0.5% more).

    The signatures come in `_sig_order`. A coloured plain price counts only the cards of
    its colour and the locomotives, and no plain route uses more cards of a kind than it
    has spaces: so each colour's block is a table lookup on (cards of that colour,
    locomotives), both capped at the longest route. A grey plain price is paid in one
    colour, any: its count is a sum over the colours (see `Price.count`), each colour's
    share (the payments with a card of it) fixed by that colour's cards and the locomotives,
    plus the all-locomotive payment, fixed by the locomotives. The shares of every grey
    signature are packed into one integer, a field of `grey_bits` bits per signature (wide
    enough for any count, so adding two packed integers adds field by field); the colour
    blocks and the packed grey shares come in two halves of the colours, each cached by its
    colours' counts and the locomotives, and the two halves' packed shares added are the
    hand's grey counts: the key of its cached grey block. The other signatures
    (substitutions, no wild locomotives) ask `Price.count`, the coloured ferries with a
    substitution once per (cards of the colour, locomotives, cards held)
    (`_by_colour_totals`). `dense` gives every count (the tests check it against
    `Price.count`)."""

    def __init__(self, sig_prices: tuple[Price, ...]):
        self.size = len(sig_prices)
        self.cap = cap = max((p.length for p in sig_prices), default=1)
        colour_sigs: dict[int, list[tuple[int, Price]]] = {}
        self.grey_sigs: tuple[tuple[int, Price], ...] = ()
        # the other signatures, each with whether its count is cached by (cards of its colour,
        # locomotives, cards held) rather than asked of `Price.count` (see `_by_colour_totals`)
        self.others: tuple[tuple[int, Price, bool], ...] = ()
        for i, p in enumerate(sig_prices):
            if not _plain(p):
                self.others += ((i, p, _by_colour_totals(p)),)
            elif p.colour == GREY:
                self.grey_sigs += ((i, p),)
            else:
                colour_sigs.setdefault(p.colour, []).append((i, p))
        # tables[c][h][l]: colour c's block with h cards of c and l locomotives
        self.tables = tuple(
            (c, tuple(tuple(self._block(sigs, (h,) * NUM_COLOURS + (l,)) for l in range(cap + 1)) for h in range(cap + 1)))
            for c, sigs in sorted(colour_sigs.items()))
        # the grey counts packed (see above): grey_share[h][l], a colour's share with h cards of
        # it and l locomotives; grey_base[l], the all-locomotive payments
        full = (cap,) * NUM_KINDS
        self.grey_bits = max([p.count(full) for _, p in self.grey_sigs], default=0).bit_length()
        self.grey_base = tuple(self._packed((0,) * NUM_COLOURS + (l,)) for l in range(cap + 1))
        self.grey_share = tuple(tuple(self._packed((h,) + (0,) * (NUM_COLOURS - 1) + (l,)) - self.grey_base[l]
                                      for l in range(cap + 1)) for h in range(cap + 1))
        self.grey = BoundedCache(100_000)     # grey blocks by the packed grey counts
        # the colour blocks and grey shares in two halves (colours 0-3, colours 4-7), each cached
        # by its colours' counts and the locomotives: far fewer of those than of whole hands (the
        # first half in one cache per number of locomotives, up to `cap`, by the four counts)
        self.halves = tuple(tuple((c, t) for c, t in self.tables if (c < _HALF) == first)
                            for first in (True, False))
        self.first_halves = tuple(BoundedCache(20_000) for _ in range(cap + 1))
        self.second_halves = BoundedCache(100_000)
        self.ferry_counts = BoundedCache(100_000)   # (signature, colour cards, locomotives, total) -> count

    @staticmethod
    def _block(sigs, hand) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return _nonzero([(i, p.count(hand)) for i, p in sigs])

    def _packed(self, hand: tuple) -> int:
        """The counts of the grey signatures for `hand`, packed in `grey_bits`-bit fields."""
        packed = 0
        for k, (_i, p) in enumerate(self.grey_sigs):
            packed |= p.count(hand) << (k * self.grey_bits)
        return packed

    def _grey_block(self, packed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The grey block (signatures, counts) of packed grey counts."""
        mask = (1 << self.grey_bits) - 1
        return _nonzero([(i, (packed >> (k * self.grey_bits)) & mask) for k, (i, _p) in enumerate(self.grey_sigs)])

    def _half(self, half: int, hand: tuple) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """The colour blocks of one half of the colours (`halves`), end to end, and the half's
        packed shares of the grey counts (the first half's with the all-locomotive payments)."""
        cap = self.cap
        loco = hand[LOCO]
        if loco > cap:
            loco = cap
        sigs = ()
        counts = ()
        for c, table in self.halves[half]:
            h = hand[c]
            s, n = table[h if h < cap else cap][loco]
            if s:
                sigs += s
                counts += n
        grey = self.grey_base[loco] if half == 0 else 0
        share = self.grey_share
        for c in (range(_HALF) if half == 0 else range(_HALF, NUM_COLOURS)):
            h = hand[c]
            grey += share[h if h < cap else cap][loco]
        return sigs, counts, grey

    def payable(self, hand: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the signatures `hand` can pay for, how many ways each)."""
        # (runs on every hand not seen before, a few dozen times a game: two cached halves of
        # the colour blocks and grey shares, the grey block, then the few other signatures)
        loco = hand[LOCO]
        first = self.first_halves[loco if loco < self.cap else self.cap]
        key = hand[:_HALF]
        a = first.get(key)
        if a is None:
            a = first.put(key, self._half(0, hand))
        second = self.second_halves
        key = hand[_HALF:]
        b = second.get(key)
        if b is None:
            b = second.put(key, self._half(1, hand))
        sigs = a[0] + b[0]
        counts = a[1] + b[1]
        if self.grey_sigs:
            key = a[2] + b[2]
            block = self.grey.get(key)
            if block is None:
                block = self.grey.put(key, self._grey_block(key))
            sigs += block[0]
            counts += block[1]
        if self.others:
            known = self.ferry_counts
            total = sum(hand)
            found_sigs = []
            found_counts = []
            for i, p, by_totals in self.others:
                if by_totals:
                    key = (i, hand[p.colour], hand[LOCO], total)
                    n = known.get(key)
                    if n is None:
                        n = known.put(key, p.count(hand))
                else:
                    n = p.count(hand)
                if n:
                    found_sigs.append(i)
                    found_counts.append(n)
            if found_sigs:
                sigs += tuple(found_sigs)
                counts += tuple(found_counts)
        return sigs, counts

    def dense(self, hand: tuple) -> tuple[int, ...]:
        """Every signature's count, zeros included."""
        out = [0] * self.size
        for i, n in zip(*self.payable(hand)):
            out[i] = n
        return tuple(out)


LONGEST_ROUTE = 12    # no board has a longer route (checked by the tests)
# PLAIN_PAYMENTS[c][n][k]: n cards of colour c and k locomotives, as `Cards`
PLAIN_PAYMENTS = tuple(tuple(tuple(Cards(tuple(n if i == c else k if i == LOCO else 0 for i in range(NUM_KINDS)))
                                    for k in range(LONGEST_ROUTE + 1)) for n in range(LONGEST_ROUTE + 1))
                        for c in range(NUM_COLOURS))


def price_of(route, rules: Rules) -> Price:
    """What `route` costs under `rules` (see `payments.Price`)."""
    return Price(
        length=route.length,
        colour=GREY if route.colour == GREY_NAME else COLOURS.index(route.colour),
        wild=rules.locomotives_allowed(route.kind),
        ferry_locomotives=route.ferry_locomotives,
        ferry_sub=route.any_cards_substitute if route.ferry_locomotives else 0,
        colour_sub=route.any_cards_substitute if not route.ferry_locomotives else 0,
        tunnel=route.tunnel,
        ferry_pair=route.ferry_pair_substitute if route.ferry_locomotives else 0,
    )


def _free_routes(route_sig: tuple, signatures: int, owners, closed=()) -> tuple:
    """Per signature, the routes nobody owns, less those in `closed`."""
    free = [[] for _ in range(signatures)]
    for i, o in enumerate(owners):
        if o < 0 and i not in closed:
            free[route_sig[i]].append(i)
    return tuple(tuple(f) for f in free)


@dataclass(frozen=True, eq=False)
class Tables:
    """The precomputed tables of a rules + board pair (indexes are `Board.routes` order).

    Attributes:
        route_keys: each route's key ("Denver-Omaha", "Denver-Omaha#2").
        route_edges: each route as (a, b, length), for path searches.
        prices: each route's `Price`.
        route_points: the points each route scores.
        twins: each route's other route of its double, or None.
        parallel: each route's sibling routes (the other tracks of its group of parallel
            routes, a tuple: empty for a single route, one route for a double, two for a triple).
        draw_bonus: the train cards each route's owner draws blind on claiming it (0: none).
        route_sig: each route's signature (an index into `sig_prices`).
        sig_prices: the distinct prices, in `_sig_order`.
        sig_length: each signature's length.
        sig_plain: per signature, (colour, length, ferry locomotives, wild) where nothing
            substitutes (`_plain`), else None: such payments are computed, not listed.
        max_length: the longest route.
        free_at_start: per signature, the routes free at the start of a game.
        fits: fits[t][sig] is 1 if a route of that signature needs at most t trains.
        city_names: the names of the cities (not countries), in board order.
        deck_tickets: each ticket deck of `board.DECKS` with its tickets (indexes, in board order).
        count_payments: the `PaymentCounter` of the signatures.
        counts, listed_payments, station_pays, route_names, open_cities, colours_read, claims, usable:
            the caches (see `caches`).
    """

    route_keys: tuple[str, ...]
    route_edges: tuple[tuple[str, str, int], ...]
    prices: tuple[Price, ...]
    route_points: tuple[int, ...]
    twins: tuple[int | None, ...]
    parallel: tuple[tuple[int, ...], ...]
    draw_bonus: tuple[int, ...]
    route_sig: tuple[int, ...]
    sig_prices: tuple[Price, ...]
    sig_length: tuple[int, ...]
    sig_plain: tuple[tuple | None, ...]
    max_length: int
    free_at_start: tuple[tuple[int, ...], ...]
    fits: tuple[tuple[int, ...], ...]
    city_names: tuple[str, ...]
    count_payments: PaymentCounter
    counts: BoundedCache            # hand -> (signatures it can pay, how many ways each)
    listed_payments: BoundedCache   # (signature, the part of the hand that matters) -> payments listed
    station_pays: BoundedCache      # (hand, cost) -> payments for a station
    route_names: BoundedCache       # a route name as typed -> its index
    open_cities: BoundedCache       # (players, stations built) -> open cities, stations per player
    colours_read: BoundedCache      # (signature, payment) -> the colour it is read as
    claims: BoundedCache            # (route, locomotives used or payment) -> the `Claim` legal actions hand out
    usable: dict                    # players -> each route's usable tracks (`Game.usable_tracks`)
    deck_tickets: tuple[tuple[str, tuple[int, ...]], ...] = ()     # (deck, its tickets) per `board.DECKS`

    @classmethod
    def build(cls, rules: Rules, board: Board) -> "Tables":
        routes = board.routes
        prices = tuple(price_of(r, rules) for r in routes)
        sig_prices = tuple(sorted(set(prices), key=_sig_order))
        sig_of = {p: i for i, p in enumerate(sig_prices)}
        route_sig = tuple(sig_of[p] for p in prices)
        sig_length = tuple(p.length for p in sig_prices)
        max_length = max(sig_length)
        route_names = BoundedCache(10_000)
        route_names.update({r.key: r.index for r in routes})   # the board's keys to start with
        return cls(
            route_keys=tuple(r.key for r in routes),
            route_edges=tuple((r.a, r.b, r.length) for r in routes),
            prices=prices,
            route_points=tuple(rules.points_for(r.length) for r in routes),
            twins=tuple(r.twin for r in routes),
            parallel=tuple(r.parallel for r in routes),
            draw_bonus=tuple(r.draw_bonus for r in routes),
            route_sig=route_sig,
            sig_prices=sig_prices,
            sig_length=sig_length,
            sig_plain=tuple((p.colour, p.length, p.ferry_locomotives, p.wild) if _plain(p) else None
                            for p in sig_prices),
            max_length=max_length,
            free_at_start=_free_routes(route_sig, len(sig_prices), (-1,) * len(routes)),
            fits=tuple(tuple(int(n <= t) for n in sig_length) for t in range(max_length)),
            city_names=tuple(c.name for c in board.cities if c.kind == "city"),
            count_payments=PaymentCounter(sig_prices),
            counts=BoundedCache(200_000),
            listed_payments=BoundedCache(200_000),
            station_pays=BoundedCache(50_000),
            route_names=route_names,
            open_cities=BoundedCache(10_000),
            colours_read=BoundedCache(50_000),
            claims=BoundedCache(100_000),
            usable={},
            deck_tickets=tuple((name, tuple(t.index for t in board.tickets if t.deck == name)) for name in DECKS),
        )

    def free_routes(self, owners, closed=()) -> tuple:
        """Per signature, the routes nobody owns, less the route indexes in `closed`."""
        return _free_routes(self.route_sig, len(self.sig_prices), owners, closed)

    def sig_options(self, sig: int, hand: tuple) -> tuple[Cards, ...]:
        """The payments `legal_actions` lists for a route signature and a hand (cached)."""
        key = (sig, self.sig_prices[sig].option_key(hand))
        pays = self.listed_payments.get(key)
        if pays is None:
            pays = self.listed_payments.put(key, self.sig_prices[sig].options(hand))
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
            return PLAIN_PAYMENTS[colour][L - k][k]
        if wild:                                # a grey route, locomotives wild: the next most common
            hi = L if loco >= L else loco
            for c in range(LOCO):
                lo = L - hand[c]
                if lo < f:
                    lo = f
                n = hi - lo + 1
                if n > 0:
                    if j < n:
                        k = lo + j
                        return PLAIN_PAYMENTS[c][L - k][k]
                    j -= n
                    if hi == L:                 # the all-locomotive payment is listed once, here
                        hi = L - 1
            raise IndexError(f"payment {j} is out of range")
        # locomotives not wild: one payment per colour that can pay, its ferry locomotives and the
        # rest in that colour (all locomotives once, if the route is all ferry symbols)
        all_loco_done = False
        for c in (range(LOCO) if colour == GREY else (colour,)):
            if hand[c] < L - f or loco < f:
                continue
            if f == L:
                if all_loco_done:
                    continue
                all_loco_done = True
            if j == 0:
                return PLAIN_PAYMENTS[c][L - f][f]
            j -= 1
        raise IndexError(f"payment {j} is out of range")

    def payment_colour(self, ri: int, payment) -> int:
        """The colour a valid payment for route `ri` is read as (`Price.split`; cached per
        signature and payment: every tunnel claim asks it)."""
        sig = self.route_sig[ri]
        key = (sig, payment)
        colour = self.colours_read.get(key)
        if colour is None:
            colour = self.colours_read.put(key, self.sig_prices[sig].split(payment)[0])
        return colour

    def station_payments(self, hand: tuple, cost: int) -> tuple[Cards, ...]:
        """The ways `hand` pays for a station costing `cost` cards of one colour (cached)."""
        key = (hand, cost)
        pays = self.station_pays.get(key)
        if pays is None:
            pays = self.station_pays.put(key, Price(cost, GREY, True).options(hand))
        return pays


#: The tables per (edition id, options, board): `tables_for`'s cache (64 entries at most).
TABLES = BoundedCache(64)


def tables_for(rules: Rules, board: Board) -> Tables:
    """The tables of `rules` and `board`, shared by every game alike (an edition's rules
    are fixed by its id and options, a packaged board by its name)."""
    key = (rules.id, rules.variant, tuple(sorted(rules.options.items())), id(board))
    found = TABLES.get(key)
    if found is None or found[0] is not board:
        found = TABLES.put(key, (board, Tables.build(rules, board)))
    return found[1]


#: The draw lists per set of face-up cards, by (a face-up locomotive costs two) and then
#: by (second card, blind draw possible, ticket draw possible): shared by every game.
#: Each holds at most one list per set of card kinds shown (2**9 sets).
DRAW_LISTS = {costs_two: {(second, blind, tickets): {} for second in (False, True) for blind in (False, True)
                          for tickets in (False, True)}
              for costs_two in (False, True)}
#: The shared `LegalActions` of the second card of a draw, by (a face-up locomotive costs two),
#: then by (blind draw possible), then by the set of card kinds shown (2**9 sets at most).
SECOND_DRAWS = {costs_two: {blind: {} for blind in (False, True)} for costs_two in (False, True)}
