"""Tunnel odds are exact: checked against brute-force enumeration of every ordered reveal."""
from fractions import Fraction
from itertools import permutations

import pytest

import ttr_nb
from ttr_nb.analysis.tunnels import expected_extra, extra_card_odds, tunnel_odds
from ttr_nb.engine.cards import LOCO, Cards
from ttr_nb.engine.payments import GREY


def brute_force(colour, all_loco, unseen_cards, deck_size, discard_cards):
    """Every equally likely way the reveal can happen, enumerated card by card: the deck
    is a uniformly random arrangement of the unseen cards (its first `deck_size` cards are
    the deck), and a short deck is topped up from the shuffled discard."""
    counts = [Fraction(0)] * 4
    deck_orders = list(permutations(range(len(unseen_cards))))
    discard_orders = list(permutations(range(len(discard_cards)))) or [()]
    weight = Fraction(1, len(deck_orders) * len(discard_orders))
    for d in deck_orders:
        for q in discard_orders:
            deck = [unseen_cards[i] for i in d][:deck_size]
            revealed = deck[:3]
            if len(revealed) < 3:
                revealed += [discard_cards[i] for i in q][:3 - len(revealed)]
            extra = sum(1 for c in revealed if c == LOCO or (not all_loco and c == colour))
            counts[extra] += weight
    return counts


@pytest.mark.parametrize("unseen,deck_size,discard,colour,all_loco", [
    ([0, 0, 1, 2, LOCO, 3], 6, [], 0, False),
    ([0, 0, 1, 2, LOCO, 3], 6, [], 0, True),
    ([0, LOCO, LOCO, 4, 5], 5, [], 4, False),
    ([0, 1, LOCO, 2, 3, 0], 2, [0, LOCO, 5], 0, False),       # short deck: discard shuffled in
    ([0, 1, LOCO], 1, [LOCO, 2], 0, False),
    ([0, 1], 2, [], 0, False),                                 # fewer than 3 cards exist
])
def test_exact_odds_match_brute_force_on_a_small_deck(unseen, deck_size, discard, colour, all_loco):
    unseen_counts = Cards.from_list(unseen)
    discard_counts = Cards.from_list(discard)
    exact = extra_card_odds(colour, all_loco, unseen_counts, deck_size=deck_size,
                            discard=discard_counts if discard else None)
    exact = exact + [Fraction(0)] * (4 - len(exact))
    assert exact == brute_force(colour, all_loco, unseen, deck_size, discard)
    assert sum(exact) == 1


def test_full_deck_odds_for_a_coloured_tunnel():
    # 110 cards, nothing seen: 26 of them (12 red + 14 locomotives) ask for an extra card
    odds = extra_card_odds(0, False, (12,) * 8 + (14,))
    assert odds[0] == Fraction(84 * 83 * 82, 110 * 109 * 108)
    assert expected_extra(odds) == Fraction(3 * 26, 110)


def test_all_locomotive_payment_counts_only_locomotives():
    odds = extra_card_odds(0, True, (12,) * 8 + (14,))
    assert expected_extra(odds) == Fraction(3 * 14, 110)


def test_tunnel_odds_from_a_position_use_what_the_player_cannot_see():
    game = ttr_nb.load_game("europe", players=2, seed=3)
    state = game.state_from_dict({
        "hands": [{"red": 4}, {"blue": 2}],
        "display": ["red", "red", "green", "green", "white"],
        "discard": ["red", "loco"],
    })
    tunnel = next(r for r in game.board.routes if r.tunnel and r.colour in ("red", "gray"))
    pay = Cards.of(red=tunnel.length)
    odds = tunnel_odds(state, tunnel.key, pay)
    unseen = state.unseen_cards(0)
    assert sum(unseen) == 110 - 4 - 5 - 2
    assert unseen[0] == 12 - 4 - 2 - 1 and unseen[LOCO] == 13
    assert expected_extra(odds) == Fraction(3 * (unseen[0] + unseen[LOCO]), sum(unseen))


def test_grey_colour_all_locomotives_only_counts_locomotives():
    assert extra_card_odds(GREY, False, (1, 1, 1, 1, 1, 1, 1, 1, 2)) == \
        extra_card_odds(3, True, (1, 1, 1, 1, 1, 1, 1, 1, 2))
