"""The engine's shuffle is the standard library's, draw for draw (seeded games replay as before)."""
import random

import pytest

from ttr_nb.engine import shuffle as shuffle_module
from ttr_nb.engine.shuffle import shuffle


def test_the_fast_shuffle_is_in_use_on_this_interpreter():
    assert shuffle_module.FAST, "this interpreter's random.shuffle draws differently: the engine falls back to it"


@pytest.mark.parametrize("seed", [0, 1, 2, 99, "usa/1", "4711/2", 2**40 + 3])
def test_shuffle_gives_random_shuffles_order_and_leaves_the_generator_in_step(seed):
    for n in list(range(0, 40)) + [64, 65, 110, 127, 128, 129, 240]:
        ours, theirs = list(range(n)), list(range(n))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.getstate() == b.getstate()


def test_shuffle_of_a_subclass_of_random_is_its_own_shuffle():
    class Loaded(random.Random):
        def shuffle(self, x):
            x.reverse()
    items = [1, 2, 3]
    shuffle(Loaded(0), items)
    assert items == [3, 2, 1]


def test_a_seeded_game_deals_what_the_standard_shuffle_deals():
    import ttr_nb
    from ttr_nb.engine.cards import LOCO, NUM_COLOURS
    game = ttr_nb.load_game("usa", players=3, seed=17)
    state = game.new_state()
    rules = game.rules
    rng = random.Random(17)
    deck = [c for c in range(NUM_COLOURS) for _ in range(rules.cards_per_colour)] + [LOCO] * rules.locomotives
    rng.shuffle(deck)
    dealt = sum(state.hands[p][c] for p in range(3) for c in range(9)) + len(state.display)
    assert state.deck == tuple(deck[:len(deck) - dealt])
