"""Random corrupted inputs, with fixed seeds and bounded sizes: positions, saved matches, board
files and actions, each mutated the ways a careless hand or a broken file mutates them (a
value of the wrong type, a key deleted, a huge number, deep nesting, an unknown name, a float
or a bool where a count is due). Each is accepted, or refused with its documented error --
`PositionError`, `SaveFileError`, `MapError`, `IllegalAction` -- never another exception, and
a refused input changes nothing (neither the input nor the state it was given to).

(test_properties.py explores positions and actions with hypothesis; these add the saves and
the board files, and the corruptions that once escaped the loaders: issue 25.)
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb import IllegalAction, MapError, PositionError, SaveFileError
from ttr_nb.engine.board import board_from_dict

MAPS = Path(__file__).resolve().parents[2] / "ttr_nb" / "maps"


class Odd:
    def __repr__(self):
        return "<Odd>"


def nested(depth: int):
    deep: list = []
    for _k in range(depth):
        deep = [deep]
    return deep


#: values put in place of a part of an input
REPLACEMENTS = [None, True, False, 1.0, 2.5, -1, 0, 10 ** 30, 10 ** 5000, float("nan"), "", "x", "Nowhere-Land",
                [], {}, [None], {"x": 1}, "red*2", "loco", 3]


def paths(value, path=()):
    """Every place in a JSON-like value down to 20 levels: (path, value), the value itself first."""
    yield path, value
    if len(path) >= 20:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, path + (i,))


def at(value, path):
    for k in path:
        value = value[k]
    return value


def mutate(value, rng: random.Random):
    """A copy of `value` with one to three places corrupted."""
    value = copy.deepcopy(value)
    for _k in range(rng.randint(1, 3)):
        places = [p for p, _v in paths(value) if p]
        if not places:
            return value
        path = rng.choice(places)
        parent, key = at(value, path[:-1]), path[-1]
        old = parent[key]
        how = rng.randrange(6)
        if how == 0 and isinstance(parent, dict):
            del parent[key]
        elif how == 0 and isinstance(parent, list):
            parent.pop(key)
        elif how == 1:
            parent[key] = nested(rng.choice((3, 50, 300)))   # (5000: test_loader_gaps)
        elif how == 2 and isinstance(parent, dict):
            parent[rng.choice(("unknown", "Nowhere-Land", "7"))] = old
        elif how == 3 and isinstance(old, list):
            old.extend(f"Nowhere-{i}" for i in range(rng.choice((1, 10, 2000))))
        elif how == 4 and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = rng.choice((float(old), bool(old), old + 10 ** 9, -old - 1, str(old)))
        else:
            parent[key] = copy.deepcopy(rng.choice(REPLACEMENTS))
    return value


def frozen(value):
    """A copy of a value, to see that a call did not change it (a NaN in it is the same object in
    the copy, so equal to itself there)."""
    return copy.deepcopy(value)


def positions():
    out = []
    for edition, players, seed in (("usa", 2, 1), ("europe", 3, 2), ("switzerland", 2, 3), ("nordic", 2, 4),
                                   ("india", 3, 5), ("northernlights", 2, 6)):
        game = ttr_nb.load_game(edition, players=players, seed=seed)
        s = game.new_state()
        rng = random.Random(seed)
        for _k in range(rng.randint(20, 60)):          # a position some way into the game
            if s.is_over():
                break
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])
        out.append((game, s))
    return out


POSITIONS = positions()


@pytest.mark.parametrize("k", range(len(POSITIONS)), ids=[g.rules.id for g, _s in POSITIONS])
def test_corrupted_positions_are_read_or_refused_with_a_position_error(k):
    game, state = POSITIONS[k]
    valid = state.to_dict()
    rng = random.Random(100 + k)
    refused = 0
    for _i in range(40):
        d = mutate(valid, rng)
        before = frozen(d)
        try:
            s = game.state_from_dict(d)
        except PositionError as e:
            refused += 1
            assert len(str(e)) < 20_000
        else:
            assert s.game is game and isinstance(s.to_dict(), dict)
        assert d == before, "the reader changed its input"
    assert refused, "no mutation was refused: the mutations test nothing"


def test_corrupted_saves_are_loaded_or_refused_with_a_save_file_error(tmp_path):
    rng = random.Random(7)
    for game, state in POSITIONS[:3]:
        match = ttr_nb.Match(game)
        for _k in range(15):
            legal = match.state.legal_actions()
            match.play(legal[rng.randrange(len(legal))])
        valid = match.to_dict()
        refused = 0
        for i in range(30):
            d = mutate(valid, rng)
            before = frozen(d)
            try:
                loaded = ttr_nb.Match.from_dict(d)
            except SaveFileError as e:
                refused += 1
                assert len(str(e)) < 20_000
            else:
                assert isinstance(loaded.to_dict(), dict)
            assert d == before
            if i % 10 == 0:                             # the same through a file
                path = tmp_path / f"save{i}.json"
                try:
                    path.write_text(json.dumps(d))
                except (ValueError, TypeError):
                    continue                            # (not JSON: NaN, a number Python will not write)
                try:
                    ttr_nb.Match.load(path)
                except SaveFileError:
                    pass
        assert refused


@pytest.mark.parametrize("name", ["usa", "switzerland", "northernlights"])
def test_corrupted_board_files_are_read_or_refused_with_a_map_error(tmp_path, name):
    valid = json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))
    rng = random.Random(name)
    refused = 0
    for i in range(25):
        d = mutate(valid, rng)
        before = frozen(d)
        try:
            board_from_dict(d, "mutated.json")
        except MapError as e:
            refused += 1
            assert len(str(e)) < 20_000
        assert d == before
    # and as text: a few bytes cut, doubled or replaced
    text = (MAPS / f"{name}.json").read_text(encoding="utf-8")
    for i in range(10):
        a = rng.randrange(len(text))
        cut = text[:a] + rng.choice(("", "[" * 1000, "9" * 2000, "{", "\u0000", "]]")) + text[a + rng.randint(0, 9):]
        path = tmp_path / f"bad{i}.json"
        path.write_text(cut, encoding="utf-8")
        try:
            ttr_nb.load_board(path)
        except MapError:
            refused += 1
    assert refused


def test_corrupted_actions_are_judged_and_change_nothing():
    from ttr_nb.engine.actions import ActionSyntaxError
    rng = random.Random(11)
    words = ["claim", "draw", "deck", "keep", "pay", "abandon", "station", "tickets", "pass", "loco", "red*2",
             "Denver-Omaha", "Nowhere-Land", "9" * 5000, "²", "-1", "0", "#2", "+", "*", ""]
    for game, state in POSITIONS:
        legal = [str(state.legal_actions()[i]) for i in range(min(5, len(state.legal_actions())))]
        before = state.to_dict()
        for _k in range(60):
            parts = rng.choice(legal).split(" ") if legal and rng.random() < 0.6 else []
            for _j in range(rng.randint(1, 3)):
                if parts and rng.random() < 0.5:
                    parts[rng.randrange(len(parts))] = rng.choice(words)
                else:
                    parts.insert(rng.randint(0, len(parts)), rng.choice(words))
            text = " ".join(parts)
            reason = state.why_illegal(text)
            try:
                after = state.apply(text)
            except (IllegalAction, ActionSyntaxError) as e:
                assert reason is not None and e.rule == reason.rule
            else:
                assert reason is None and after is not state
            for odd in (None, 1.5, Odd(), [text], {text: 1}):
                assert state.why_illegal(odd) is not None
                with pytest.raises(IllegalAction):
                    state.apply(odd)
        assert state.to_dict() == before
