"""Property tests (hypothesis): bad positions and malformed actions are refused with the
documented errors, never another exception.

* `state_from_dict` of a real position mutated (a key dropped or added, a value
  replaced by a value of another type or out of range, an item of a list or dict
  changed) and of random JSON-like dicts: a `PositionError`, or a state whose
  invariants (`invariants.check_invariants`) hold, and keep holding for a few random
  moves;
* `why_illegal` of a legal action with one field mutated: None (then `apply` gives a
  state whose invariants hold) or a `Reason` with a registered rule id and one
  sentence; the state never changes.
"""
from __future__ import annotations

import copy
import dataclasses
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb import IllegalAction, PositionError
from ttr_nb.engine.serialize import ALLOWED
from tests.engine.invariants import check_invariants
from tests.engine.test_rule_ids import check_reason_form

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EDITIONS = ttr_nb.editions()


def _positions(edition: str) -> list[dict]:
    """Real positions of a seeded random game: the opening, then every few actions."""
    rules = ttr_nb.load_rules(edition)
    game = ttr_nb.load_game(edition, players=rules.max_players, seed=5)
    state = game.new_state()
    rng = random.Random(edition)
    out = [state.to_dict()]
    for k in range(400):
        if state.is_over():
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        if k % 25 == 0 or state.phase in ("tunnel", "draw2", "tickets") and rng.random() < 0.2:
            out.append(state.to_dict())
    out.append(state.to_dict())
    return out


POSITIONS = {e: _positions(e) for e in EDITIONS}

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-3, max_value=60), st.integers(min_value=-10**20, max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["red", "loco", "mauve", "Denver-Omaha", "Boston-Miami", "turn", "tunnel", "Berlin", ""]),
    st.lists(st.integers(min_value=-1, max_value=5), max_size=4), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _mutate(d: dict, data) -> dict:
    d = copy.deepcopy(d)
    kind = data.draw(st.sampled_from(["drop", "add", "replace", "nested", "nested", "nested"]))
    keys = sorted(d)
    if kind == "drop":
        d.pop(data.draw(st.sampled_from(keys)))
    elif kind == "add":
        d[data.draw(st.sampled_from(sorted(ALLOWED) + ["hadns", "x"]))] = data.draw(JUNK)
    elif kind == "replace":
        d[data.draw(st.sampled_from(keys))] = data.draw(JUNK)
    else:
        key = data.draw(st.sampled_from(keys))
        value = d[key]
        if isinstance(value, list) and value:
            i = data.draw(st.integers(0, len(value) - 1))
            item = value[i]
            if isinstance(item, dict) and item and data.draw(st.booleans()):
                k = data.draw(st.sampled_from(sorted(item)))
                item[k] = data.draw(JUNK)
            elif isinstance(item, list) and item and data.draw(st.booleans()):
                item[data.draw(st.integers(0, len(item) - 1))] = data.draw(JUNK)
            elif data.draw(st.booleans()):
                value[i] = data.draw(JUNK)
            else:
                del value[i]
        elif isinstance(value, dict) and value:
            k = data.draw(st.sampled_from(sorted(value, key=str)))
            if data.draw(st.booleans()):
                value[k] = data.draw(JUNK)
            else:
                value[data.draw(JUNK.filter(lambda v: isinstance(v, (str, int, float, type(None)))))] = value.pop(k)
        else:
            d[key] = data.draw(JUNK)
    return d


def _loads_or_refuses(game, d, rng: random.Random) -> None:
    try:
        state = game.state_from_dict(d)
    except PositionError as e:
        assert e.problems and str(e).startswith("This position is not possible")
        return
    before = check_invariants(state)
    for _ in range(4):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert len(legal) > 0
        action = legal[rng.randrange(len(legal))]
        after = state.apply(action)
        before = check_invariants(after, state, action, before_dict=before)
        state = after


@SETTINGS
@given(data=st.data())
def test_mutated_positions_are_refused_or_keep_the_invariants(data):
    edition = data.draw(st.sampled_from(EDITIONS))
    base = data.draw(st.sampled_from(POSITIONS[edition]))
    d = _mutate(base, data)
    if data.draw(st.booleans()):
        d = _mutate(d, data)
    game = ttr_nb.load_game(edition, players=ttr_nb.load_rules(edition).max_players, seed=5)
    _loads_or_refuses(game, d, random.Random(data.draw(st.integers(0, 10**6))))


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.floats(), st.text(max_size=8)),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


@SETTINGS
@given(edition=st.sampled_from(EDITIONS),
       d=st.dictionaries(st.sampled_from(sorted(ALLOWED) + ["hadns"]), JSON, max_size=6),
       seed=st.integers(0, 10**6))
def test_random_dicts_are_refused_or_keep_the_invariants(edition, d, seed):
    game = ttr_nb.load_game(edition, players=2, seed=1)
    for key in ("edition", "players", "format"):       # the settings, right or wrong, but plausible
        d.pop(key, None)
    _loads_or_refuses(game, d, random.Random(seed))


def _mutated_action(action, data):
    fields = [f.name for f in dataclasses.fields(action)]
    if not fields:
        return data.draw(st.sampled_from([action, None, 0, "draw deck", "gibberish", (), object()]))
    name = data.draw(st.sampled_from(fields))
    value = getattr(action, name)
    if isinstance(value, tuple) and value and data.draw(st.booleans()):
        items = list(value)
        i = data.draw(st.integers(0, len(items) - 1))
        items[i] = data.draw(st.one_of(st.integers(-3, 20), st.floats(allow_nan=True), st.booleans(), st.none()))
        if data.draw(st.booleans()):
            items.append(data.draw(st.integers(-1, 3)))
        new = tuple(items)
    elif isinstance(value, str) and value and data.draw(st.booleans()):
        new = data.draw(st.sampled_from([value.upper(), value[::-1], value + "#2", value[:-1], value + " ", "-".join(
            reversed(value.split("-")))]))
    else:
        new = data.draw(JUNK)
    return dataclasses.replace(action, **{name: new}) if dataclasses.is_dataclass(action) else action


@SETTINGS
@given(data=st.data())
def test_mutated_actions_are_judged_never_raised_on(data):
    edition = data.draw(st.sampled_from(EDITIONS))
    d = data.draw(st.sampled_from(POSITIONS[edition]))
    game = ttr_nb.load_game(edition, players=ttr_nb.load_rules(edition).max_players, seed=5)
    state = game.state_from_dict(d)
    if state.is_over():
        return
    legal = state.legal_actions()
    action = _mutated_action(legal[data.draw(st.integers(0, len(legal) - 1))], data)
    before = state.to_dict()
    reason = state.why_illegal(action)
    if reason is None:
        after = state.apply(action)
        # the independent oracle reads actions as the board spells them
        spelled = game.parse_action(action) if isinstance(action, str) else game.canonical(action)
        check_invariants(after, state, spelled, score=False)
    else:
        check_reason_form(reason)
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.reason == reason
    assert state.to_dict() == before


def test_the_mutations_reach_both_outcomes():
    """The mutated positions are not all refused (the test would prove nothing) nor all accepted."""
    outcomes = set()
    for edition in EDITIONS:
        game = ttr_nb.load_game(edition, players=ttr_nb.load_rules(edition).max_players, seed=5)
        for d in POSITIONS[edition][:6]:
            for key, value in (("turn", d["turn"] + 1), ("turn", -1), ("passes", math.inf)):
                try:
                    game.state_from_dict({**d, key: value})
                    outcomes.add("loaded")
                except PositionError:
                    outcomes.add("refused")
    assert outcomes == {"loaded", "refused"}
