"""`shuffle(rng, items)`: exactly `rng.shuffle(items)`, at less than half the cost.

Every game shuffles its train cards and ticket decks at setup, and the discard pile each
time the deck runs out; with `random.Random.shuffle` that is two Python calls per card
(`_randbelow`, then `getrandbits`), a few percent of a whole random game. `shuffle` is
the same Fisher-Yates walk with the same draws from the generator (one `getrandbits(k)`
per try, k the bit length of the range, a try again while the draw is out of range), so
a seed gives the same order as before and as the standard library gives.

That the two agree is checked once, at import, on a few seeds and lengths: should an
interpreter shuffle differently, `shuffle` is `rng.shuffle` itself (and the tests, which
compare the two over many seeds, say so).
"""
from __future__ import annotations

import random


#: per length, the walk's steps: (place i, range n = i + 1, bits k of n), from the last place down
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _fast_shuffle(rng: random.Random, items: list) -> None:
    """Shuffle `items` in place as `rng.shuffle(items)` does (a measured hot path of setup)."""
    steps = _STEPS.get(len(items))
    if steps is None:
        steps = _STEPS[len(items)] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(items) - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _agrees() -> bool:
    """The fast walk gives the standard library's order (and leaves the generator where it does)."""
    for seed in (0, 1, "7/3", 12345):
        for n in (0, 1, 2, 3, 5, 17, 64, 110):
            a, b = list(range(n)), list(range(n))
            ra, rb = random.Random(seed), random.Random(seed)
            ra.shuffle(a)
            _fast_shuffle(rb, b)
            if a != b or ra.random() != rb.random():
                return False
    return True


FAST = _agrees()


def shuffle(rng: random.Random, items: list) -> None:
    """`rng.shuffle(items)`: the same order for the same generator state, faster."""
    if FAST and type(rng) is random.Random:
        _fast_shuffle(rng, items)
    else:
        rng.shuffle(items)
