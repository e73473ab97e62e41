"""Bounded caches: each cache of the engine has one owner and a stated bound.

Random play meets the same small hands and displays again and again, so the
engine remembers a few answers (how many ways a hand pays, the draws a display
allows ...). Every such cache is a `BoundedCache`: a dict that empties itself
before it would hold more than `bound` entries, the simplest policy that keeps
memory bounded whatever the input (reads stay a plain dict lookup).

The caches, their owners and bounds:

=========================  ==============================  ===========
cache                      owner                           bound
=========================  ==============================  ===========
payment counts per hand    `Tables.counts`                 200,000
listed payments            `Tables.listed_payments`        200,000
station payments           `Tables.station_pays`           50,000
route names as typed       `Tables.route_names`            10,000
first-half colour blocks   `PaymentCounter.first_halves`   20,000 each (colours 0-3; one per locomotive count)
second-half colour blocks  `PaymentCounter.second_halves`  100,000 (colours 4-7 and the locomotives)
grey-route count blocks    `PaymentCounter.grey`           100,000
ferry counts by totals     `PaymentCounter.ferry_counts`   100,000
open cities per stations   `Tables.open_cities`            10,000
colour a payment is read   `Tables.colours_read`           50,000
claims handed out          `Tables.claims`                 100,000
usable tracks per players  `Tables.usable`                 one per player count
draw lists per display     `tables.DRAW_LISTS`             2 x 8 x 512 (a dict each: the sets of card kinds)
second-draw legal actions  `tables.SECOND_DRAWS`           2 x 2 x 512 (a dict each: the sets of card kinds)
tables per edition         `tables.TABLES`                 64
card rows of a payment     `state.CARD_ROWS`               50,000
payments as Cards objects  `payments.PAYMENT_CARDS`        50,000
ways to keep tickets       `state.KEEPS`                   100
shuffle steps per length   `shuffle._STEPS`                one per length shuffled (a deck's or a pile's)
ticket-choice legal acts   `state.KEEP_LEGAL`              100
last display's card kinds  `state.LAST_SHOWN`              1 (by identity: the display tuple it holds)
sets of card kinds shown   `state.SHOWN`                   2**9 (a dict: one frozenset per set of the nine kinds)
ticket results per board   `scoring.TICKET_FACTS`          64
scoring numbers per board  `scoring.NUMBERED_FACTS`        64
a variant's board          `ticketdecks.BOARDS`            64
=========================  ==============================  ===========

Elsewhere, with `functools.lru_cache`: the rules of an edition and options
(`rules._load_rules`: 64), the train cards of an edition (`state._full_deck`: 16),
an edition file per id and a packaged board per name (one each: the package holds a few).

What a cache holds lives as long as the cache, and the garbage collector walks every
long-lived container now and then: a cache is kept only where it is hit, keyed by plain
tuples of numbers where it can be (the collector stops tracking those). The payments of
a price and hand (`Price.options`, `Price.count`) are not cached by price: their callers
cache them above (`Tables.sig_options`, `Tables.station_payments`, `PaymentCounter`).
"""
from __future__ import annotations


class BoundedCache(dict):
    """A dict of at most `bound` entries: `put` empties it first when it is full."""

    __slots__ = ("bound",)

    def __init__(self, bound: int):
        super().__init__()
        self.bound = bound

    def put(self, key, value):
        """Remember `value` for `key` (emptying the cache first if it is full); returns `value`."""
        if len(self) >= self.bound:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"<BoundedCache {len(self)} of {self.bound}>"
