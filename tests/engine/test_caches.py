"""Every cache of the engine is listed in `caches` with its owner and bound."""
import importlib
import pkgutil

import ttr_nb
import ttr_nb.engine
from ttr_nb.engine import caches
from ttr_nb.engine.caches import BoundedCache


def _named_caches():
    """`Owner.attribute` or `module.NAME` for every `BoundedCache` of a game's tables, its
    payment counter and the engine's modules."""
    game = ttr_nb.load_game("usa")
    found = set()
    for owner, obj in (("Tables", game.tables), ("PaymentCounter", game.tables.count_payments)):
        for name in dir(obj):
            value = getattr(obj, name)
            caches_held = value if isinstance(value, tuple) else (value,)
            if any(isinstance(v, BoundedCache) for v in caches_held):
                found.add(f"{owner}.{name}")
    for info in pkgutil.iter_modules(ttr_nb.engine.__path__):
        module = importlib.import_module(f"ttr_nb.engine.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, BoundedCache):
                found.add(f"{info.name}.{name}")
    return found


def test_every_bounded_cache_is_in_the_table_of_caches():
    found = _named_caches()
    assert {"Tables.counts", "PaymentCounter.first_halves", "state.CARD_ROWS"} <= found
    missing = sorted(name for name in found if f"`{name}`" not in caches.__doc__)
    assert not missing, f"caches not listed in ttr_nb.engine.caches: {missing}"


def test_the_caches_hold_few_objects_for_the_garbage_collector():
    """What the caches keep lives on, and the collector walks every long-lived container now
    and then (in a long session, a pause that grows with them): after some games of the two
    editions whose payments are listed (substitutions, stations), each further game leaves
    only a few dozen tracked objects behind (it was 198 and 106 when the payments of a price
    were cached by the `Price` object, a `Cards` object per payment listed)."""
    import gc

    from benchmarks.engine_speed import play_random_game
    for edition, players, most in (("nordic", 2, 100), ("europe", 5, 50)):
        for seed in range(1000, 1020):
            play_random_game(edition, players, seed)
        gc.collect()
        before = len(gc.get_objects())
        for seed in range(60):
            play_random_game(edition, players, seed)
        gc.collect()
        per_game = (len(gc.get_objects()) - before) / 60
        assert per_game < most, f"{edition} {players}p: {per_game:.0f} tracked objects kept per game"
