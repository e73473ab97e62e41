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

from ..steps import steps


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
    cap = game.tables.count_payments.cap               # the biggest counts (the widest packed grey fields)
    hands += [(0,) * 9, (9,) * 9, (0,) * 8 + (14,), (12,) + (0,) * 8, (cap,) * 9, (cap + 3,) * 9]
    for hand in hands:
        assert game.tables.count_payments.dense(hand) == tuple(p.count(hand) for p in game.tables.sig_prices), hand
        sigs, counts = game.tables.count_payments.payable(hand)
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
    import tracemalloc
    game = ttr_nb.load_game("nordic", players=2)
    ri = game.route_index("Murmansk-Lieksa")
    hand = (5,) * 8 + (4,)

    def count():
        state = game.state_from_dict({"phase": "turn", "hands": [dict(zip(CARD_NAMES, hand)), {}]})
        pays = state.payment_options(ri)
        n = len(pays)
        return state, pays, n, pays[n // 2], pays[-1]
    tracemalloc.start()
    try:
        work, (state, pays, n, middle, last) = steps(count)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert n == 1_786_607
    # counted, not listed: fewer Python steps than payments (about 450,000; it was 54 s and 618 MB)
    assert work < n and peak < 20_000_000
    assert middle in pays and last in pays and game.prices[ri].is_valid(middle)
    assert sum(middle) > 9 and middle.fits_in(hand)
    assert state.why_illegal(f"claim Murmansk-Lieksa {middle}") is None


# ---------------------------------------------------------------------------- pairs (Northern Lights ferries)
def pair_payments_by_construction(price, hand):
    """Every payment of a pair ferry, built from the rule's wording: for each colour c of the
    other spaces and each number y of them paid in c (the rest locomotives, where wild), and
    each way to pay s of the symbols with pairs (any colours, as a multiset), the rest of the
    symbols with locomotives; kept when the hand holds it. Independent of `payments`."""
    L, f = price.length, price.ferry_locomotives
    colours = range(8) if price.colour == GREY else (price.colour,)
    out = set()

    def pair_sets(s, first=0):
        if s == 0:
            yield ()
            return
        for c in range(first, 8):
            for rest in pair_sets(s - 1, c):
                yield (c,) + rest

    for c in colours:
        for y in range(L - f + 1):
            if y < L - f and not price.wild:
                continue
            for s in range(f + 1):
                for pairs in pair_sets(s):
                    pay = [0] * 9
                    pay[c] += y
                    for k in pairs:
                        pay[k] += 2
                    pay[8] = (f - s) + (L - f - y)
                    if all(p <= h for p, h in zip(pay, hand)):
                        out.add(tuple(pay))
    return out


def random_pair_price(rng):
    length = rng.randint(1, 5)
    return Price(length, rng.choice([GREY, GREY, rng.randrange(8)]), rng.random() < 0.8,
                 rng.randint(1, length), ferry_pair=2)


def test_pair_payments_equal_the_rule_built_by_construction_and_the_brute_force():
    rng = random.Random(14)
    for _ in range(300):
        price = random_pair_price(rng)
        hand = random_hand(rng, rng.randint(0, 11))
        listed = list(price.options(hand, complete=True))
        assert len(listed) == len(set(listed)) == len(price.options(hand, complete=True))
        assert set(listed) == pair_payments_by_construction(price, hand) == brute_force(price, hand), (price, hand)


def test_pair_payments_come_in_groups_by_number_of_pairs():
    rng = random.Random(15)
    for _ in range(200):
        price = random_pair_price(rng)
        hand = random_hand(rng, rng.randint(0, 12))
        pays = price.options(hand, complete=True)
        groups = pays.groups()
        assert [p for _, group in groups for p in group] == list(pays)
        for name, group in groups:
            assert len(group) == len(list(group)) and [group[i] for i in range(len(group))] == list(group)
            pairs = {sum(p) - price.length for p in group}
            assert len(pairs) == 1
            s = pairs.pop()
            if s == 0:
                assert name == "as printed: no cards replaced"
            else:
                assert ("a locomotive symbol" if s == 1 else f"{s} locomotive symbols") in name
                assert all(price.split(p)[1] == s for p in group)


def test_pair_canonical_listing_is_counted_and_a_valid_subset():
    rng = random.Random(16)
    for _ in range(1000):
        price = random_pair_price(rng)
        hand = random_hand(rng, rng.randint(0, 14))
        canonical = price.options(hand)
        assert len(canonical) == price.count(hand) == len(set(canonical))
        assert set(canonical) <= set(price.options(hand, complete=True))
        if price.options(hand, complete=True):
            assert canonical, (price, hand)       # a hand that can pay is offered a payment


def test_a_full_hand_on_a_pair_ferry_is_counted_not_listed():
    import tracemalloc
    game = ttr_nb.load_game("northernlights", players=2)
    biggest = max((r for r in game.board.routes if r.ferry_pair_substitute),
                  key=lambda r: (r.ferry_locomotives, r.length))
    hand = (12,) * 8 + (18,)                       # every train card of the game
    big = Price(12, GREY, True, 6, ferry_pair=2)   # and a ferry longer than any board has
    def count():
        pays = game.payment_options(biggest.index, hand)
        huge = big.options(hand, complete=True)
        n, m = len(pays), len(huge)
        return pays, huge, n, m, pays[-1], huge[m // 2]
    tracemalloc.start()
    try:
        work, (pays, huge, n, m, last, middle) = steps(count)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert n == sum(len(g) for _, g in pays.groups()) and m > 100_000
    # a bound on the work, not on the machine's speed: about 1,050,000 Python steps (64,000 for the
    # board's route, the rest for the longer ferry's 112,703 payments), in under 20 MB
    assert work < 2_000_000 and peak < 20_000_000
    assert game.prices[biggest.index].is_valid(last) and big.is_valid(middle)
    assert middle in huge and sum(middle) > 12


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_ferry_counts_depend_only_on_colour_locomotives_and_total(edition):
    """`PaymentCounter` caches a coloured ferry's count (any N cards for a locomotive) by the
    hand's cards of that colour, locomotives and total: hands alike in those three must
    have the same `Price.count`."""
    from ttr_nb.engine.tables import _by_colour_totals
    game = ttr_nb.load_game(edition)
    prices = [p for p in game.tables.sig_prices if _by_colour_totals(p)]
    rng = random.Random(edition)
    hands = [random_hand(rng, rng.randint(0, 18)) for _ in range(3000)]
    for price in prices:
        seen = {}
        for hand in hands:
            key = (hand[price.colour], hand[8], sum(hand))
            assert seen.setdefault(key, price.count(hand)) == price.count(hand), (price, hand)
    assert prices or edition != "nordic"
