"""Payments: the listing agrees with the checker, on random prices and hands.

`Price.split` decides whether a multiset pays; `Price.options` lists payments (all of
them without substitutions; with `complete=True` also every substitution payment);
`Price.count` counts them without listing. Each is checked here against a brute force
that tries every sub-multiset of the hand."""
import random

import pytest

import ttr_nb
from ttr_nb.engine.cards import CARD_NAMES
from ttr_nb.engine.payments import GREY, Payments, Price, substitution_payments


def submultisets(hand, size):
    def rec(i, left):
        if i == len(hand):
            if left == 0:
                yield ()
            return
        for k in range(min(left, hand[i]) + 1):
            for rest in rec(i + 1, left - k):
                yield (k,) + rest
    return rec(0, size)


def brute_force(price, hand):
    """Every valid payment of any size drawn from the hand."""
    return {p for size in range(1, sum(hand) + 1) for p in submultisets(hand, size) if price.is_valid(p)}


def random_hand(rng, cards):
    hand = [0] * 9
    for _ in range(cards):
        hand[rng.randrange(9)] += 1
    return tuple(hand)


def random_price(rng):
    length = rng.randint(1, 6)
    ferry = rng.choice([0, 0, 1, 2]) if length > 1 else 0
    return Price(length, rng.choice([GREY] + list(range(8))), rng.random() < 0.6, ferry,
                 ferry_sub=rng.choice([0, 3]) if ferry else 0,
                 colour_sub=rng.choice([0, 0, 4]) if not ferry else 0, tunnel=rng.random() < 0.2)


def test_complete_options_equal_brute_force_on_random_prices_and_hands():
    rng = random.Random(7)
    for _ in range(400):
        price = random_price(rng)
        hand = random_hand(rng, rng.randint(0, 10))
        assert set(price.options(hand, complete=True)) == brute_force(price, hand), (price, hand)


def test_count_equals_the_canonical_listing():
    rng = random.Random(8)
    for _ in range(3000):
        price = random_price(rng)
        hand = random_hand(rng, rng.randint(0, 14))
        listed = price.options(hand)
        assert price.count(hand) == len(listed) == len(set(listed))
        assert all(price.is_valid(p) for p in listed)


@pytest.mark.parametrize("route", ["Lieksa-Murmansk", "Stockholm-Turku", "Helsinki-Stockholm",
                                   "Åndalsnes-Bergen", "Vaasa-Umeå"])
def test_nordic_substitution_payments_equal_brute_force(route):
    game = ttr_nb.load_game("nordic")
    price = game.prices[game.route_index(route)]
    rng = random.Random(route)
    for _ in range(40):
        hand = random_hand(rng, rng.randrange(3, 14))
        built = list(substitution_payments(price, hand))
        assert len(built) == len(set(built))
        expected = {p for p in brute_force(price, hand) if sum(p) > price.length}
        assert set(built) == expected


def test_substitution_payments_can_be_cut_short_on_a_huge_hand():
    game = ttr_nb.load_game("nordic")
    price = game.prices[game.route_index("Lieksa-Murmansk")]
    hand = (12,) * 8 + (14,)
    first = []
    for p in substitution_payments(price, hand):
        first.append(p)
        if len(first) == 1000:
            break
    assert len(first) == 1000 and all(price.is_valid(p) for p in first)


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_payment_counter_equals_price_count_for_every_signature(edition):
    """`legal_actions` counts claims with `PaymentCounter` (table lookups per colour);
    it must agree with `Price.count` on every signature of the board, for any hand."""
    game = ttr_nb.load_game(edition)
    rng = random.Random(edition)
    hands = [random_hand(rng, rng.randint(0, 16)) for _ in range(1500)]
    hands += [(0,) * 9, (9,) * 9, (0,) * 8 + (14,), (12,) + (0,) * 8]
    for hand in hands:
        assert game.tables.count_payments.dense(hand) == tuple(p.count(hand) for p in game.tables.sig_prices), hand
        sigs, counts = game.tables.count_payments(hand)
        assert list(sigs) == sorted(sigs) and all(counts)


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_nth_payment_follows_the_listing(edition):
    """Indexing `legal_actions` builds the j-th payment of a signature directly; it must
    be the j-th of the listed payments (so indexing and iteration agree)."""
    game = ttr_nb.load_game(edition)
    assert max(game.tables.sig_length) <= 12          # the table of plain payments goes up to 12
    rng = random.Random(edition)
    for _ in range(300):
        hand = random_hand(rng, rng.randint(0, 16))
        for sig, price in enumerate(game.tables.sig_prices):
            listed = game.sig_options(sig, hand)
            assert [game.nth_payment(sig, hand, j) for j in range(len(listed))] == list(listed), (price, hand)


# ---------------------------------------------------------------------------- every payment, lazily
def test_every_payment_is_a_lazy_sequence_agreeing_with_the_brute_force():
    """`Price.options(hand, complete=True)` is a `Payments` sequence: its length, its items
    by index, its iteration and `in` all agree with the brute force, in the documented
    order (without substitution first, then by number of cards and card order)."""
    rng = random.Random(9)
    for _ in range(600):
        price = random_price(rng)
        hand = random_hand(rng, rng.randint(0, 12))
        pays = price.options(hand, complete=True)
        assert isinstance(pays, Payments)
        expected = brute_force(price, hand)
        listed = list(pays)
        assert len(pays) == len(listed) == len(set(listed)) == len(expected), (price, hand)
        assert set(listed) == expected
        assert [pays[j] for j in range(len(pays))] == listed
        assert pays == listed and pays == tuple(listed) and pays == price.options(hand, complete=True)
        assert pays != listed + [(0,) * 9] and pays != "red*1"
        assert [pays[j] for j in range(-len(pays), 0)] == listed and pays[1:4] == tuple(listed[1:4])
        plain = [p for p in listed if sum(p) == price.length]
        subs = listed[len(plain):]
        assert listed[:len(plain)] == list(price.options(hand)[:len(plain)]) == plain
        assert subs == sorted(subs, key=lambda p: (sum(p), p))
        assert all(p in pays for p in listed)
        for p in submultisets(hand, rng.randint(0, min(sum(hand), 8))):
            assert (p in pays) == (p in expected)
        assert "red*1" not in pays and (1, 2) not in pays and None not in pays and (-1,) * 9 not in pays
        with pytest.raises(IndexError, match="out of range"):
            pays[len(pays)]
        assert set(substitution_payments(price, hand)) == {p for p in expected if sum(p) > price.length}


def test_murmansk_lieksa_with_a_44_card_hand_is_counted_not_listed():
    import time
    import tracemalloc
    game = ttr_nb.load_game("nordic", players=2)
    ri = game.route_index("Murmansk-Lieksa")
    hand = (5,) * 8 + (4,)
    tracemalloc.start()
    try:
        start = time.perf_counter()
        state = game.state_from_dict({"phase": "turn", "hands": [dict(zip(CARD_NAMES, hand)), {}]})
        pays = state.payment_options(ri)
        n = len(pays)
        middle, last = pays[n // 2], pays[-1]
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert n == 1_786_607
    assert seconds < 1.0 and peak < 20_000_000               # was 54 s and 618 MB
    assert middle in pays and last in pays and game.prices[ri].is_valid(middle)
    assert sum(middle) > 9 and middle.fits_in(hand)
    assert state.why_illegal(f"claim Murmansk-Lieksa {middle}") is None
