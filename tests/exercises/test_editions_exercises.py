"""The exercises of the Europe, Switzerland, Nordic, India and editions-compared notebooks: each accepts
its own solution, rejects its plausible wrong answer with the hint, never shows the expected
value, and is asked in the notebook it names (with an `answer = ...` placeholder)."""
from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from ttr_nb.exercises import check, exercises
from ttr_nb.exercises.compare import same_fraction, same_numbers

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PREFIXES = ("europe-", "switzerland-", "nordic-", "india-", "usa-compared-")
OURS = [ex for prefix in PREFIXES for ex in exercises(prefix)]


def test_ids_name_an_edition_a_topic_and_a_number():
    import ttr_nb
    for ex in OURS:
        edition, _, _ = re.fullmatch(r"([a-z]+)-([a-z]+)-(\d+)", ex.id).groups()
        assert edition in ttr_nb.editions(), ex.id


def test_every_edition_has_exercises():
    for prefix in PREFIXES:
        assert len(exercises(prefix)) >= 2, prefix
    assert len(exercises("europe-")) >= 8 and len(exercises("switzerland-")) >= 5 and len(exercises("nordic-")) >= 4
    assert {ex.id for ex in exercises("india-")} >= {"india-routes-1", "india-tickets-1", "india-grandtour-1",
                                                      "india-grandtour-2"}


@pytest.mark.parametrize("ex", OURS, ids=lambda ex: ex.id)
def test_solution_accepted_and_wrong_rejected_with_hint(ex):
    expected = ex.solution()
    right = check(ex.id, expected)
    assert right.correct and right.message == "Right!"
    wrong = check(ex.id, ex.wrong)
    assert not wrong.correct and wrong.answered
    assert ex.hint in wrong.message
    shown = list(expected) if isinstance(expected, (list, tuple, set)) else [expected]
    for value in shown:           # the expected value never appears, not even inside the hint
        assert not re.search(rf"(?<![\w.]){re.escape(str(value))}(?![\w]|\.\d)", wrong.message), ex.id
    assert not ex.accepts(ex.wrong)


@pytest.mark.parametrize("ex", OURS, ids=lambda ex: ex.id)
def test_no_trivial_answer(ex):
    expected = ex.solution()
    assert expected not in (0, None, "", [], ()), f"{ex.id}: the answer is trivially {expected!r}"
    assert check(ex.id, ...).answered is False


@pytest.mark.parametrize("ex", OURS, ids=lambda ex: ex.id)
def test_asked_in_its_notebook_without_its_answer(ex):
    path = NOTEBOOKS / f"{ex.notebook}.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    asking = [c for c in cells if c["cell_type"] == "code" and f'check("{ex.id}"' in "".join(c["source"])]
    assert len(asking) == 1, f"{ex.id} is not asked exactly once in {ex.notebook}"
    source = "".join(asking[0]["source"])
    assert "answer = ..." in source
    assert ".solution" not in source and "ttr_nb.exercises." not in source


def test_same_fraction():
    assert same_fraction(Fraction(3, 8), Fraction(3, 8)) and same_fraction("3/8", Fraction(3, 8))
    assert same_fraction(0.375, Fraction(3, 8)) and same_fraction(0.3752, Fraction(3, 8))
    assert not same_fraction(0.38, Fraction(3, 8)) and not same_fraction("3/7", Fraction(3, 8))
    assert not same_fraction(True, 1) and not same_fraction("three", Fraction(3, 8))


def test_same_numbers():
    assert same_numbers([2, 1], [1, 2]) and same_numbers({1, 2}, [2, 1]) and same_numbers(3, [3])
    assert same_numbers("1,2", [1, 2]) and same_numbers("2 and 1", [1, 2]) and same_numbers(["Player 2", 1], [1, 2])
    assert not same_numbers([1], [1, 2]) and not same_numbers("1,3", [1, 2]) and not same_numbers(None, [1])
    assert not same_numbers({"1": 1}, [1]) and not same_numbers("one", [1]) and not same_numbers([True], [1])
