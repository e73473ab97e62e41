"""Tunnel odds: how likely a tunnel asks for 0, 1, 2 or 3 extra cards.

From the claiming player's seat the three revealed cards are drawn from the
cards that player cannot see (the deck and the other hands: the deck is a
uniformly shuffled part of them). When the deck holds fewer than three cards the
discard pile, whose cards everybody saw, is shuffled in under it first, so the
remaining reveals come from the known discard. Both draws are without
replacement, so the exact answer is a (convolution of) hypergeometric
distribution(s), computed here with exact fractions.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from ..engine.cards import LOCO, Cards
from ..engine.i18n import translations
from ..engine.narration import capital, route_name
from ..engine.payments import GREY

_, ngettext = translations("engine")


def matching(colour: int, all_locomotives: bool, cards) -> int:
    """How many of `cards` (a 9-count multiset) would ask for an extra card."""
    if all_locomotives or colour == GREY:
        return cards[LOCO]
    return cards[colour] + cards[LOCO]


def _hypergeometric(total: int, good: int, draws: int) -> list[Fraction]:
    """P(k good cards among `draws` drawn without replacement), k = 0..draws."""
    if draws == 0:
        return [Fraction(1)]
    denom = comb(total, draws)
    return [Fraction(comb(good, k) * comb(total - good, draws - k), denom) for k in range(draws + 1)]


def extra_card_odds(colour: int, all_locomotives: bool, unseen, deck_size: int | None = None,
                    discard=None, reveal: int = 3) -> list[Fraction]:
    """Exact P(extra = 0, 1, 2, 3) for a tunnel paid in `colour` (or all locomotives).

    `unseen`: the cards the player cannot see (9 counts); `deck_size`: how many of
    them are in the deck (None: all); `discard`: the discard pile's 9 counts, shuffled
    in when the deck is short."""
    unseen = tuple(unseen)
    n_unseen = sum(unseen)
    deck_size = n_unseen if deck_size is None else deck_size
    from_deck = min(reveal, deck_size)
    probs = [Fraction(0)] * (reveal + 1)
    first = _hypergeometric(n_unseen, matching(colour, all_locomotives, unseen), from_deck) \
        if n_unseen else [Fraction(1)]
    rest = reveal - from_deck
    if rest and discard is not None and sum(discard):
        pile = tuple(discard)
        second = _hypergeometric(sum(pile), matching(colour, all_locomotives, pile), min(rest, sum(pile)))
    else:
        second = [Fraction(1)]
    for i, p in enumerate(first):
        for j, q in enumerate(second):
            probs[i + j] += p * q
    return probs


def tunnel_odds(state, route, payment) -> list[Fraction]:
    """The exact odds for the current player of `state` claiming tunnel `route` with
    `payment`: P(0..3 extra cards)."""
    g = state.game
    ri = g.route_index(route)
    price = g.prices[ri]
    if not price.tunnel:
        raise ValueError(_("{route} is not a tunnel").format(route=capital(route_name(g, ri))))
    split = price.split(Cards(payment))
    if split is None:
        raise ValueError(_("{cards} does not pay for {route}").format(cards=Cards(payment), route=route_name(g, ri)))
    player = state.current_player
    unseen = list(state.unseen_cards(player))
    # the payment is on the table, no longer in the unseen pool (it is in the player's hand)
    return extra_card_odds(split[0], payment[LOCO] == sum(payment), unseen, deck_size=len(state.deck),
                           discard=Cards.from_list(state.discard))


def expected_extra(odds) -> Fraction:
    return sum(k * p for k, p in enumerate(odds))
