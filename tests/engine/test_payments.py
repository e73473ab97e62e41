"""Payments: the listing agrees with the checker, on random prices and hands.

`Price.split` decides whether a multiset pays; `Price.options` lists payments (all of
them without substitutions; with `complete=True` also every substitution payment);
`Price.count` counts them without listing. Each is checked here against a brute force
that tries every sub-multiset of the hand."""
import random

import pytest

import ttr_nb
from ttr_nb.engine.payments import GREY, Price, substitution_payments


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
