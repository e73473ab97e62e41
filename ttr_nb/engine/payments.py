"""What a route costs: checking a payment, listing the ways a hand can pay.

A route's price is a `Price`, built from the route and the edition's rules:

* ``length`` spaces, paid in one colour (the route's, or any one colour for grey);
* locomotives stand in for coloured cards only where the rules allow them on this
  kind of route (``wild``);
* a ferry needs ``ferry_locomotives`` locomotives; where ``ferry_sub`` is set
  (Nordic: 3) any that many cards may replace one required locomotive;
* where ``colour_sub`` is set (Nordic Murmansk–Lieksa: 4) any that many cards may
  replace one coloured card; the route still takes ``length`` trains;
* where ``ferry_pair`` is set (Northern Lights ferries: 2) each locomotive symbol is paid
  by a locomotive or by two cards of one colour (any colour, not necessarily the colour of
  the other spaces; two symbols may take pairs of different colours). Pairs never replace
  an ordinary space: those are paid as the route's colour (grey: one colour), locomotives
  wild.

A payment is valid when it splits *exactly* into those parts. `split` reads a
payment; `options` gives the distinct payments: all of them (``complete=True``:
a `Payments` sequence, lazy, since a big hand has millions of ways to pay for
Murmansk–Lieksa) or a documented canonical subset (a tuple).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .caches import BoundedCache
from .cards import CARD_NAMES, COLOURS, GREY, LOCO, Cards, counted_cards
from .i18n import translations

_, ngettext = translations("engine")


@dataclass(frozen=True)
class Price:
    length: int
    colour: int              # 0..7, or GREY (-1)
    wild: bool               # locomotives may replace coloured cards
    ferry_locomotives: int = 0
    ferry_sub: int = 0       # any N cards replace one required locomotive (0: not allowed)
    colour_sub: int = 0      # any N cards replace one coloured card (0: not allowed)
    tunnel: bool = False
    ferry_pair: int = 0      # 2: two cards of one colour replace one locomotive symbol (0: not allowed)

    @property
    def colour_name(self) -> str:
        return "grey" if self.colour == GREY else COLOURS[self.colour]

    def colours(self, payment=None):
        """Colours this route may be paid in."""
        return range(8) if self.colour == GREY else (self.colour,)

    def readings(self):
        """Every way to read this price: (colour c, substituted locomotives s1, substituted
        coloured cards s2, locomotives still printed, coloured cards still printed, cards
        the substitution sets take)."""
        L, f = self.length, self.ferry_locomotives
        s1_max = f if self.ferry_sub else 0
        s2_max = (L - f) if self.colour_sub else 0
        for c in self.colours():
            for s1 in range(s1_max + 1):
                for s2 in range(s2_max + 1):
                    yield c, s1, s2, f - s1, L - f - s2, s1 * self.ferry_sub + s2 * self.colour_sub

    # ------------------------------------------------------------------ checking
    def split(self, p) -> tuple[int, int, int] | None:
        """A way to read payment `p` as this price: (colour, substituted locomotives,
        substituted coloured cards), or None. The colour is GREY for an all-locomotive
        payment of a grey route. With pairs (`ferry_pair`), the substituted locomotives
        are the symbols paid by pairs."""
        n = sum(p)
        if self.ferry_pair and n > self.length:
            return _pair_split(self, p)
        loco = p[LOCO]
        for c, s1, s2, need_loco, need_col, spare in self.readings():
            if n != need_loco + need_col + spare:
                continue
            pc = p[c]
            if loco < need_loco:
                continue
            if self.wild:
                # coloured spaces take colour c first, then locomotives
                if pc + (loco - need_loco) < need_col:
                    continue
            elif pc < need_col:
                continue
            if spare == 0:
                # no substitution: every card is colour c or a locomotive, and
                # locomotives beyond the ferry's must be allowed as wild cards
                if pc + loco != n or (not self.wild and loco != need_loco):
                    continue
                if self.colour == GREY and pc == 0 and need_col > 0:
                    return GREY, s1, s2        # all locomotives on a grey route
            return c, s1, s2
        return None

    def is_valid(self, p) -> bool:
        return self.split(p) is not None

    # ------------------------------------------------------------------ listing
    def option_key(self, hand) -> tuple:
        """The part of a hand its payments for this price depend on (a cache key): a plain
        route never uses more than `length` cards of a kind."""
        if self.ferry_sub or self.colour_sub or self.ferry_pair:
            return tuple(hand)
        L = self.length
        if self.colour == GREY:
            return tuple(h if h < L else L for h in hand)
        return (min(hand[self.colour], L), min(hand[LOCO], L))

    def count(self, hand) -> int:
        """len(self.options(hand)), computed without listing them where that is easy."""
        if self.ferry_sub or self.colour_sub or self.ferry_pair:
            return count_options(self, tuple(hand))
        L, f = self.length, self.ferry_locomotives
        loco = hand[LOCO]
        if loco < f:
            return 0
        if self.wild and self.colour != GREY:   # the common case, in one expression
            lo = L - hand[self.colour]
            if lo < f:
                lo = f
            top = L - 1 if loco >= L else loco
            return (top - lo + 1 if top >= lo else 0) + (loco >= L)
        if not self.wild:
            if L == f:
                return 1
            return sum(1 for c in self.colours() if hand[c] >= L - f)
        n = 0
        top = min(L - 1, loco)          # payments with at least one coloured card
        for c in self.colours():
            lo = max(f, L - hand[c])
            if top >= lo:
                n += top - lo + 1
        return n + (loco >= L)          # the all-locomotive payment, once

    def options(self, hand, complete: bool = False) -> "tuple[Cards, ...] | Payments":
        """Distinct payments `hand` can make. ``complete=True``: every one of them, as a lazy
        `Payments` sequence. ``complete=False``: without substitutions that is every payment
        too (a tuple); with substitutions, the canonical subset: every payment without
        substitution, plus for each colour and number of substituted spaces one payment
        whose substitution sets are taken from the other colours in card order, then the
        chosen colour, then locomotives (pairs: whole pairs, from the other colours in
        card order, then the chosen colour)."""
        if complete:
            return Payments(self, hand)
        return _options(self, tuple(hand))


def _plain(price: Price, hand) -> list[tuple]:
    """Payments without substitution: colour c plus k locomotives."""
    L, f = price.length, price.ferry_locomotives
    out = []
    all_loco_done = False
    for c in price.colours():
        if price.wild:
            k_lo, k_hi = max(f, L - hand[c]), min(L, hand[LOCO])
        else:
            k_lo = k_hi = f
            if hand[c] < L - f or hand[LOCO] < f:
                continue
        for k in range(k_lo, k_hi + 1):
            if k == L:
                if all_loco_done:
                    continue
                all_loco_done = True
            p = [0] * 9
            p[c] += L - k
            p[LOCO] += k
            out.append(tuple(p))
    return out


#: per colour c, the order the substitution sets of a reading in colour c take cards in
#: (`_canonical_subs`): the other colours in card order, then c, then locomotives
_SUB_ORDER = tuple(tuple(x for x in range(8) if x != c) + (c, LOCO) for c in range(8))


def _canonical_subs(price: Price, hand) -> list[tuple]:
    """Per reading with a substitution, its canonical payment: the cards of its colour first
    (locomotives for the rest where wild), the locomotives it keeps, and the substitution
    sets taken from what is left in `_SUB_ORDER` (none where too few cards are left)."""
    if price.ferry_pair:
        return _canonical_pairs(price, hand)
    out = []
    wild = price.wild
    locos = hand[LOCO]
    total = sum(hand)
    for c, s1, s2, need_loco, need_col, size in price.readings():
        if not size:
            continue
        held = hand[c]
        col = need_col if need_col < held else held
        extra_loco = need_col - col
        if extra_loco and not wild:
            continue
        loco = need_loco + extra_loco
        if loco > locos or total - col - loco < size:
            continue
        pay = [0] * 9
        pay[c] = col
        pay[LOCO] = loco
        n = size
        for card in _SUB_ORDER[c]:
            left = hand[card] - pay[card] if card == c or card == LOCO else hand[card]
            if left:
                t = n if n < left else left
                pay[card] += t
                n -= t
                if not n:
                    break
        out.append(tuple(pay))
    return out


def substitution_payments(price: Price, hand):
    """Every distinct payment of `price` from `hand` that uses a substitution (any N cards
    for one locomotive, or for one coloured card), one at a time, by number of cards and
    then in card order (`Payments` lists them after the payments without substitution).
    The set can be huge for a big hand on Murmansk-Lieksa, so callers may stop early
    (`itertools.islice`); nothing is kept in memory on the way."""
    for block in Payments(price, hand).blocks:
        yield from block


class Payments(Sequence):
    """Every distinct payment a hand can make for a price, as a lazy sequence.

    ``len(payments)`` is exact and computed without listing; ``payments[i]`` (and slices)
    build only the payments asked for; ``p in payments`` checks the payment itself;
    iterating makes one payment at a time. The order: the payments without substitution
    (as ``price.options(hand)`` lists them), then those with substitutions by number of
    cards, then in card order.

    The payments with substitutions come in blocks, one per number of cards (`_SubBlock`);
    a block counts its payments with a small table, so a 44-card hand's 1.79 million
    payments for Murmansk–Lieksa are counted in milliseconds and never listed."""

    __slots__ = ("price", "hand", "plain", "blocks", "_len")

    def __init__(self, price: Price, hand):
        self.price = price
        self.hand = hand = tuple(hand)
        self.plain: tuple[Cards, ...] = tuple(Cards(p) for p in _plain(price, hand))
        if price.ferry_pair:
            blocks = (_PairBlock(price, hand, s) for s in range(1, price.ferry_locomotives + 1))
        else:
            totals = sorted({need_loco + need_col + size for _, _, _, need_loco, need_col, size in price.readings()
                             if size})
            blocks = (_SubBlock(price, hand, t) for t in totals if t > price.length)
        self.blocks: tuple = tuple(b for b in blocks if len(b))
        self._len = len(self.plain) + sum(map(len, self.blocks))

    def groups(self) -> list[tuple[str, "Sequence[Cards]"]]:
        """The payments in their groups, each a lazy sequence with a name: first the payments
        as printed, then one group per substitution block ("2 cards of one colour replace a
        locomotive symbol", "2 pairs ... replace 2 locomotive symbols", "4 cards replace
        ...")."""
        out: list[tuple[str, Sequence]] = []
        if self.plain:
            out.append(("as printed: no cards replaced", self.plain))
        for block in self.blocks:
            out.append((block.name(self.price), block))
        return out

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._len)))
        if not isinstance(i, int):
            raise TypeError(f"payment indices must be integers or slices, not {type(i).__name__}")
        j = i + self._len if i < 0 else i
        if not 0 <= j < self._len:
            raise IndexError(f"payment {i} is out of range: there are {self._len}")
        if j < len(self.plain):
            return self.plain[j]
        j -= len(self.plain)
        for block in self.blocks:
            if j < len(block):
                return block[j]
            j -= len(block)
        raise AssertionError("unreachable: the blocks add up to the length")

    def __iter__(self):
        yield from self.plain
        for block in self.blocks:
            yield from block

    def __contains__(self, payment) -> bool:
        try:
            p = tuple(payment)
        except TypeError:
            return False
        if len(p) != 9 or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n for n in p):
            return False
        return all(a <= b for a, b in zip(p, self.hand)) and self.price.is_valid(p)

    def __eq__(self, other):
        """Equal to the same payments of the same price and hand, or to a tuple or list of
        the same payments in the same order."""
        if isinstance(other, Payments):
            return self.price == other.price and self.hand == other.hand
        if isinstance(other, (tuple, list)):
            return len(other) == self._len and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"<Payments: {self._len} ways to pay {describe_price(self.price)}>"


class _SubBlock:
    """The payments with substitutions of one size `total` drawn from `hand`, lazily.

    With `total` fixed, each substitution reading of the price asks: locomotives >= a, and
    (where locomotives are wild) colour c + locomotives >= a + b, else colour c >= b. So
    x cards of colour c make a payment valid exactly when it holds at least ``need[c][x]``
    locomotives (`_NEVER` if none suffice). The locomotives are what is left of `total`
    after the colours, so a payment is a choice of colour counts x_0..x_7 whose smallest
    ``need[c][x_c]`` is at most the locomotives left. `_count(i, s, m)` counts the ways to
    choose x_i..x_7 with s cards chosen so far and m the smallest need so far (memoised:
    at most 9 x total x locomotives entries); indexing and iteration walk the same table."""

    __slots__ = ("hand", "total", "need", "_memo", "_len")

    def name(self, price: Price) -> str:
        return f"{self.total} cards in all: some cards of any colour replace others"

    def __init__(self, price: Price, hand: tuple, total: int):
        self.hand, self.total = hand, total
        never = _NEVER
        need = [[never] * (hand[c] + 1) for c in range(8)]
        for c, _locos, _cols, a, b, size in price.readings():
            if not size or a + b + size != total:
                continue
            for x in range(hand[c] + 1):
                if price.wild:
                    least = max(a, a + b - x)
                elif x >= b:
                    least = a
                else:
                    continue
                if least < need[c][x]:
                    need[c][x] = least
        self.need = need
        self._memo: dict[tuple[int, int, int], int] = {}
        self._len = self._count(0, 0, never)

    def _count(self, i: int, s: int, m: int) -> int:
        if i == 8:
            loco = self.total - s
            return 1 if m <= loco <= self.hand[LOCO] else 0
        key = (i, s, m)
        n = self._memo.get(key)
        if n is None:
            need, room = self.need[i], self.total - s
            n = 0
            for x in range(min(self.hand[i], room) + 1):
                n += self._count(i + 1, s + x, m if m <= need[x] else need[x])
            self._memo[key] = n
        return n

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, j: int) -> Cards:
        counts, s, m = [], 0, _NEVER
        for i in range(8):
            need = self.need[i]
            for x in range(min(self.hand[i], self.total - s) + 1):
                m2 = m if m <= need[x] else need[x]
                n = self._count(i + 1, s + x, m2)
                if j < n:
                    break
                j -= n
            counts.append(x)
            s, m = s + x, m2
        return Cards(counts + [self.total - s])

    def __iter__(self):
        def walk(i, s, m, prefix):
            if i == 8:
                yield Cards(prefix + [self.total - s])
                return
            need = self.need[i]
            for x in range(min(self.hand[i], self.total - s) + 1):
                m2 = m if m <= need[x] else need[x]
                if self._count(i + 1, s + x, m2):
                    yield from walk(i + 1, s + x, m2, prefix + [x])
        return walk(0, 0, _NEVER, [])


_NEVER = 10**9       # a need no hand meets


def _pair_split(price: Price, p) -> tuple[int, int, int] | None:
    """Read payment `p` (more cards than the route has spaces) as the route's spaces plus
    pairs for some locomotive symbols: (colour of the spaces, pairs, 0), or None.

    With s pairs the payment has length + s cards; of its l locomotives, f - s pay the other
    symbols and the rest pay spaces, so y = length - s - l spaces take the colour c. That
    colour then holds y cards plus whole pairs (its count minus y is even and not negative),
    and every other colour holds whole pairs only."""
    L, f = price.length, price.ferry_locomotives
    s = sum(p) - L
    loco = p[LOCO]
    y = L - s - loco
    if not 1 <= s <= f or y < 0 or y > L - f or (not price.wild and y != L - f):
        return None
    odd = [c for c in range(8) if p[c] % 2]
    if y % 2:
        if len(odd) != 1:
            return None
        c = odd[0]
        return (c, s, 0) if p[c] >= y and c in price.colours() else None
    if odd:
        return None
    if y == 0:
        return (GREY if price.colour == GREY else price.colour, s, 0)
    c = next((c for c in price.colours() if p[c] >= y), None)
    return None if c is None else (c, s, 0)


class _PairBlock:
    """The payments of a ferry with `pairs` of its locomotive symbols paid by pairs of
    same-colour cards (`Price.ferry_pair`), lazily: `length` + `pairs` cards each.

    A payment with l locomotives leaves y = length - pairs - l spaces to colour cards (see
    `_pair_split`), so for each l the colour counts x_0..x_7 add up to y + 2 * pairs and
    satisfy: y odd: exactly one colour is odd, at least y and a colour the spaces may take;
    y even: every colour is even and (y > 0) one the spaces may take holds at least y.
    `_count(l, i, rem, ok)` counts the ways to choose x_i..x_7 with `rem` cards still to
    place and `ok` whether the condition's colour is found (memoised per l: at most
    8 x cards x 2 entries each); indexing and iteration walk the same table, fewest
    locomotives first, then in card order."""

    __slots__ = ("price", "hand", "pairs", "locos", "_memo", "_sizes", "_len")

    def __init__(self, price: Price, hand: tuple, pairs: int):
        self.price, self.hand, self.pairs = price, hand, pairs
        L, f = price.length, price.ferry_locomotives
        self._memo: dict[tuple, int] = {}
        locos = []
        for loco in range(min(hand[LOCO], L - pairs) + 1):
            y = L - pairs - loco
            if y > L - f or (not price.wild and y != L - f):
                continue
            locos.append(loco)
        sizes = [self._count(loco, 0, L + pairs - loco, self._start(loco)) for loco in locos]
        self.locos = tuple(l for l, n in zip(locos, sizes) if n)
        self._sizes = tuple(n for n in sizes if n)
        self._len = sum(self._sizes)

    def name(self, price: Price) -> str:
        s, k = self.pairs, price.ferry_pair
        if s == 1:
            return f"{k} cards of one colour replace a locomotive symbol"
        return f"{s} pairs of cards (each {k} of one colour) replace {s} locomotive symbols"

    def _start(self, loco: int) -> bool:
        return (self.price.length - self.pairs - loco) == 0      # y == 0: nothing to find

    def _step(self, y: int, i: int, x: int, ok: bool):
        """The condition after colour i takes x cards (None: not allowed)."""
        if x % 2:
            if y % 2 == 0 or ok or x < y or i not in self.price.colours():
                return None
            return True
        if y % 2 == 0 and y > 0 and not ok and x >= y and i in self.price.colours():
            return True
        return ok

    def _count(self, loco: int, i: int, rem: int, ok: bool) -> int:
        if i == 8:
            return 1 if rem == 0 and ok else 0
        key = (loco, i, rem, ok)
        n = self._memo.get(key)
        if n is None:
            y = self.price.length - self.pairs - loco
            n = 0
            for x in range(min(self.hand[i], rem) + 1):
                nxt = self._step(y, i, x, ok)
                if nxt is not None:
                    n += self._count(loco, i + 1, rem - x, nxt)
            self._memo[key] = n
        return n

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, j: int) -> Cards:
        if not 0 <= j < self._len:
            raise IndexError(f"payment {j} is out of range: there are {self._len}")
        for loco, size in zip(self.locos, self._sizes):
            if j < size:
                break
            j -= size
        y = self.price.length - self.pairs - loco
        rem, ok, counts = self.price.length + self.pairs - loco, self._start(loco), []
        for i in range(8):
            for x in range(min(self.hand[i], rem) + 1):
                nxt = self._step(y, i, x, ok)
                if nxt is None:
                    continue
                n = self._count(loco, i + 1, rem - x, nxt)
                if j < n:
                    break
                j -= n
            counts.append(x)
            rem, ok = rem - x, nxt
        return Cards(counts + [loco])

    def __iter__(self):
        def walk(loco, y, i, rem, ok, prefix):
            if i == 8:
                yield Cards(prefix + [loco])
                return
            for x in range(min(self.hand[i], rem) + 1):
                nxt = self._step(y, i, x, ok)
                if nxt is not None and self._count(loco, i + 1, rem - x, nxt):
                    yield from walk(loco, y, i + 1, rem - x, nxt, prefix + [x])
        for loco in self.locos:
            y = self.price.length - self.pairs - loco
            yield from walk(loco, y, 0, self.price.length + self.pairs - loco, self._start(loco), [])


def _canonical_pairs(price: Price, hand) -> list[tuple]:
    """One payment per colour of the spaces and number of pairs: the spaces take that colour
    as far as the hand has it (then locomotives, where wild), the pairs come whole from the
    other colours in card order, then from the chosen colour, and locomotives pay the other
    symbols."""
    L, f = price.length, price.ferry_locomotives
    out = []
    for c in price.colours():
        for s in range(1, f + 1):
            core = [0] * 9
            core[c] = min(L - f, hand[c])
            fill = L - f - core[c]
            if fill and not price.wild:
                continue
            core[LOCO] = (f - s) + fill
            if core[LOCO] > hand[LOCO]:
                continue
            need = s
            for d in [x for x in range(8) if x != c] + [c]:
                take = min(need, (hand[d] - core[d]) // 2)
                core[d] += 2 * take
                need -= take
                if not need:
                    break
            if not need:
                out.append(tuple(core))
    return out


def _options(price: Price, hand: tuple) -> tuple[Cards, ...]:
    """The canonical payments (`Price.options` with ``complete=False``). Not cached here: the
    engine's callers cache them by what they depend on (`Tables.sig_options` by signature and
    capped hand, `Tables.station_payments` by hand and cost), so a cache here, keyed by the
    `Price` object, would only hold long-lived objects for the garbage collector to walk."""
    found = dict.fromkeys(_plain(price, hand))
    if price.ferry_sub or price.colour_sub or price.ferry_pair:
        for p in sorted(_canonical_subs(price, hand), key=lambda p: (sum(p), p)):
            found.setdefault(p)
    out = []
    for p in found:
        cards = PAYMENT_CARDS.get(p)
        if cards is None:
            cards = PAYMENT_CARDS.put(p, Cards(p))
        out.append(cards)
    return tuple(out)


#: nine counts -> the one `Cards` object the listed payments share for them (bound in `caches`):
#: the engine's caches of listed payments hold tens of thousands of payments, a few thousand
#: distinct ones, and each `Cards` (a tuple subclass) is an object the garbage collector walks
PAYMENT_CARDS = BoundedCache(50_000)


def count_options(price: Price, hand: tuple) -> int:
    """len(_options(price, hand, False)), without building the payments (not cached here:
    `tables.PaymentCounter` caches the counts by hand, see `_options`)."""
    found = set(_plain(price, hand))
    found.update(_canonical_subs(price, hand))
    return len(found)


def describe_price(price: Price) -> str:
    """'4 red cards', '3 cards of one colour, 1 of them a locomotive' ... (in the language chosen)."""
    L = price.length
    if price.colour == GREY:
        text = ngettext("{n} card of any one colour", "{n} cards of any one colour", L).format(n=L)
    else:
        text = counted_cards(price.colour, L)
    if price.ferry_locomotives:
        f = price.ferry_locomotives
        text = ngettext("{price}, at least {n} of them locomotive", "{price}, at least {n} of them locomotives",
                        f).format(price=text, n=f)
        if price.ferry_sub:
            text = _("{price} (any {k} cards may replace a locomotive)").format(price=text, k=price.ferry_sub)
        if price.ferry_pair:
            text = _("{price} ({k} cards of one colour may replace a locomotive)").format(price=text, k=price.ferry_pair)
    if price.colour_sub:
        text = _("{price}; any {k} cards may replace one coloured card").format(price=text, k=price.colour_sub)
    if price.wild:
        return _("{price}; locomotives are wild here").format(price=text)
    return _("{price}; locomotives cannot be used as wild cards here").format(price=text)


def tunnel_extra(colour: int, payment, revealed) -> int:
    """How many extra cards a tunnel asks for: revealed cards of the colour paid and
    revealed locomotives; after an all-locomotive payment only revealed locomotives."""
    all_loco = payment[LOCO] == sum(payment)
    return sum(1 for card in revealed if card == LOCO or (not all_loco and card == colour))


def tunnel_extra_options(colour: int, all_loco: bool, extra: int, hand) -> tuple[Cards, ...]:
    """Every way to pay `extra` more cards for a tunnel."""
    if extra == 0:
        return (Cards(),)
    out = []
    if all_loco or colour == GREY:
        if hand[LOCO] >= extra:
            out.append(Cards.of(loco=extra))
        return tuple(out)
    for k in range(max(0, extra - hand[colour]), min(extra, hand[LOCO]) + 1):
        p = [0] * 9
        p[colour] = extra - k
        p[LOCO] = k
        out.append(Cards(p))
    return tuple(out)


__all__ = ["Price", "Payments", "GREY", "substitution_payments", "tunnel_extra", "tunnel_extra_options", "describe_price", "count_options", "CARD_NAMES"]
