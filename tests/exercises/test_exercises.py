"""Every exercise a notebook asks is answered here through `check`: its own solution is
accepted, a plausible wrong answer is rejected with a hint, and the expected value is never
shown. The notebooks only hold `answer = ...` placeholders (tests/notebooks checks that)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb.exercises import (Exercise, check, exercise, exercises, position, same_number, same_player,
                              same_routes, same_set, same_text)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = exercises()
IDS = [ex.id for ex in ALL]


def test_there_are_exercises_and_their_ids_are_unique_and_well_formed():
    assert len(ALL) >= 15
    assert len(set(IDS)) == len(IDS)
    for ex in ALL:
        edition, topic, number = re.fullmatch(r"([a-z]+)-([a-z]+)-(\d+)", ex.id).groups()
        assert edition in ttr_nb.editions(), ex.id


@pytest.mark.parametrize("ex", ALL, ids=IDS)
def test_the_solution_is_accepted(ex: Exercise):
    verdict = check(ex.id, ex.solution())
    assert verdict.correct and verdict.answered, verdict.message


@pytest.mark.parametrize("ex", ALL, ids=IDS)
def test_a_wrong_answer_is_rejected_with_a_hint_and_never_the_answer(ex: Exercise):
    verdict = check(ex.id, ex.wrong)
    assert not verdict.correct and verdict.answered
    assert "Hint:" in verdict.message and ex.hint in verdict.message
    solution = ex.solution()
    shown = [solution] if not isinstance(solution, (list, tuple, set, frozenset)) else list(solution)
    for value in shown:
        assert not re.search(rf"(?<![\w.]){re.escape(str(value))}(?![\w]|\.\d)", verdict.message), (
            f"{ex.id}: the message shows the expected value {value!r}")


@pytest.mark.parametrize("ex", ALL, ids=IDS)
def test_no_answer_is_trivially_zero_or_empty(ex: Exercise):
    solution = ex.solution()
    assert solution not in (0, None, "", (), [], set(), False), f"{ex.id}: the answer is {solution!r}"


@pytest.mark.parametrize("ex", [ex for ex in ALL if ex.setup], ids=[ex.id for ex in ALL if ex.setup])
def test_a_position_exercise_builds_a_position_of_its_edition(ex: Exercise):
    state = position(ex.id)
    assert state.rules.id == ex.id.split("-")[0]
    assert state.score_breakdown()                 # a real, scorable position
    assert position(ex.id) == state                # the same position every time


@pytest.mark.parametrize("ex", [ex for ex in ALL if ex.notebook], ids=[ex.id for ex in ALL if ex.notebook])
def test_the_notebook_of_an_exercise_asks_it(ex: Exercise):
    nb = NOTEBOOKS / f"{ex.notebook}.ipynb"
    assert nb.exists(), f"{ex.id} names the notebook {ex.notebook}, which does not exist"
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert f'check("{ex.id}"' in code, f"{nb.name} never checks {ex.id}"


def test_unanswered_and_unknown_exercises_are_not_marked_wrong_or_right():
    ex = ALL[0]
    waiting = check(ex.id, ...)
    assert not waiting.correct and not waiting.answered and "three dots" in waiting.message
    unknown = check("usa-nothing-9", 3)
    assert not unknown.correct and not unknown.answered and "no exercise" in unknown.message
    with pytest.raises(KeyError, match="no exercise called 'usa-scoring-99'.*usa-scoring-1"):
        exercise("usa-scoring-99")
    with pytest.raises(ValueError, match="not about a position"):
        position(next(e.id for e in ALL if e.setup is None))


def test_a_malformed_answer_is_wrong_not_a_crash():
    ex = exercise("usa-claiming-3")           # a list answer
    for answer in (3, None, "El Paso-Phoenix", [object()], {"a": 1}):
        assert not check(ex.id, answer).correct


def test_the_comparisons():
    assert same_number(7, 7) and same_number("7", 7) and same_number(7.0, 7) and not same_number(True, 1)
    assert not same_number("seven", 7) and not same_number(None, 7)
    assert same_text("El Paso – Phoenix", "el paso - phoenix") and not same_text(3, "3")
    assert same_set(["b", "A"], ["a", "B"]) and not same_set("ab", ["a", "b"])
    assert same_routes(["Phoenix–El Paso", "Denver-Santa Fe"], ["Santa Fe-Denver", "El Paso-Phoenix"])
    assert not same_routes(["El Paso-Phoenix"], ["El Paso-Phoenix", "Denver-Santa Fe"])
    assert same_routes("El Paso-Phoenix", ["El Paso-Phoenix"])                  # one route, written as a text
    assert same_routes("Phoenix-El Paso, Denver-Santa Fe", ["Santa Fe-Denver", "El Paso-Phoenix"])
    assert not same_routes(3, ["El Paso-Phoenix"]) and not same_routes({"El Paso-Phoenix": 1}, ["El Paso-Phoenix"])
    assert same_player(2, 2) and same_player("Player 2", 2) and same_player(" player 2", 2)
    assert not same_player(1, 2) and not same_player(True, 1)
