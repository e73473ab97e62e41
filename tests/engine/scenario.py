"""Small helpers shared by the rule scenario tests and the bad-input tests
(imported as `from tests.engine.scenario import ...`)."""
from __future__ import annotations

from collections import Counter

import pytest

import ttr_nb
from ttr_nb.engine.cards import CARD_NAMES, Cards
from ttr_nb.engine.errors import IllegalAction


def load(edition: str, players: int = 2, **options):
    """A game with a fixed seed (the seed only matters for shuffles a test does not pin down)."""
    return ttr_nb.load_game(edition, players=players, seed=11, **options)


def position(game, deck=(), rest="deck", **d):
    """`game.state_from_dict(d)` with an exact deck: the cards `deck` on top (top first), then
    every train card not placed anywhere else, in card order, at the bottom of the deck
    (``rest="deck"``), at the end of the discard pile (``rest="discard"``) or in the hand of
    player ``rest`` (an int). The display defaults to empty."""
    rules = game.rules
    left = Counter({c: rules.cards_per_colour for c in CARD_NAMES[:8]})
    left["loco"] = rules.locomotives
    placed = [c for h in d.get("hands", []) for c, n in h.items() for _ in range(n)]
    placed += list(d.get("display", [])) + list(d.get("discard", [])) + list(deck)
    for w in (d.get("depots") or {}).get("warehouses", []):       # Warehouses & Depots: cards stored
        placed += [c for c, n in w.items() for _ in range(n)]
    if d.get("tunnel"):
        placed += [c for c, n in Cards.parse(d["tunnel"]["payment"]).as_dict().items() for _ in range(n)]
        placed += list(d["tunnel"].get("revealed", []))
    left.subtract(placed)
    remainder = [c for c in CARD_NAMES for _ in range(left[c])]
    if rest == "deck":
        d["deck"] = list(deck) + remainder
    elif isinstance(rest, int):
        d["deck"] = list(deck)
        hands = [dict(h) for h in d.get("hands", [{}] * game.players)]
        for c in remainder:
            hands[rest][c] = hands[rest].get(c, 0) + 1
        d["hands"] = hands
    else:
        d["deck"] = list(deck)
        d["discard"] = list(d.get("discard", [])) + remainder
    d.setdefault("display", [])
    return game.state_from_dict(d)


def seed_with_locomotives_in_first_display(players: int = 2, at_least: int = 3):
    """A seed whose shuffle puts `at_least` locomotives among the first five face-up cards, and
    those five cards (`Game.new_state` shuffles 8 x 12 colours + 14 locomotives, deals 4 cards a
    player from the top, then turns up 5)."""
    import random
    for seed in range(5000):
        deck = [c for c in range(8) for _ in range(12)] + [8] * 14
        random.Random(seed).shuffle(deck)
        top = len(deck) - 1 - 4 * players
        first = [CARD_NAMES[deck[top - i]] for i in range(5)]
        if first.count("loco") >= at_least:
            return seed, first
    raise AssertionError("no such seed")  # pragma: no cover


def refused(state, action, rule: str, *words: str):
    """Assert `action` is illegal for `rule`, that the reason's text names every one of `words`,
    and that applying it raises and changes nothing. Returns the reason."""
    before = state.to_dict()
    reason = state.why_illegal(action)
    assert reason is not None, f"{action!r} should be refused ({rule})"
    assert reason.rule == rule, reason
    for w in words:
        assert w in reason.text, f"{w!r} not in {reason.text!r}"
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.reason == reason
    assert err.value.rule == rule and err.value.text == reason.text
    assert str(err.value) == reason.text
    assert state.to_dict() == before
    return reason


def hand(state, player: int) -> dict:
    return state.hand(player).as_dict()


def trains_left(game, left, free=(), routes=None) -> dict:
    """`routes` and `trains` for a position where player p has `left[p]` trains: trains left
    and trains on the board add up to the stock, so each player is given routes (the
    longest first) holding the rest. Routes in `free` (and their twins) stay free; the
    routes in `routes` are kept. Returns ``{"routes": ..., "trains": left}``."""
    board = game.board
    owned = dict(routes or {})
    taken = {board.find_route(k).index: p for k, p in owned.items()}
    keep = {board.find_route(k).index for k in free}
    keep |= {j for i in keep for j in board.routes[i].parallel}
    for p, want in enumerate(left):
        need = game.rules.trains - want - sum(board.routes[i].length for i, q in taken.items() if q == p)
        assert need >= 0, (p, want)
        pairs = set()
        candidates = []
        for r in sorted(board.routes, key=lambda r: (-r.length, r.index)):
            if r.index in taken or r.index in keep:
                continue
            if len(r.parallel) > 1:
                continue                     # a triple route's tracks: never needed to hold trains
            if r.twin is not None:
                if r.twin in taken and (taken[r.twin] == p or not game.doubles_open):
                    continue
                pair = frozenset((r.index, r.twin))
                if pair in pairs:
                    continue                 # never both routes of a double
                pairs.add(pair)
            candidates.append(r)
        # an exact subset sum (longest routes first): reach[t] is how total t was first reached
        reach = {0: None}
        for k, r in enumerate(candidates):
            for t in sorted(reach, reverse=True):
                if t + r.length <= need and t + r.length not in reach:
                    reach[t + r.length] = (k, t)
        assert need in reach, f"no routes left to hold player {p}'s trains"
        t = need
        while t:
            k, t = reach[t]
            taken[candidates[k].index] = p
            owned[candidates[k].key] = p
    return {"routes": owned, "trains": list(left)}
