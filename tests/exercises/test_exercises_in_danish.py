"""The exercises in Danish: after `set_language("da")` every verdict of `check` is Danish
(right, wrong with the Danish hint, not answered), every question and hint has a Danish
translation in the `lessons` catalogue, no Danish hint or message shows the expected value,
and the English texts are back as soon as the language is English again."""
from __future__ import annotations

import re

import pytest

from ttr_nb.engine.i18n import catalogue, using
from ttr_nb.exercises import check, exercise, exercises, same_player
from ttr_nb.exercises.usa import LAST_TRAINS_CANDIDATES
from ttr_nb.lessons import player, players

ALL = exercises()
IDS = [ex.id for ex in ALL]


def danish(text: str) -> str:
    """The Danish of `text` in the `lessons` catalogue (the text itself if it has none)."""
    return catalogue("lessons", "da").gettext(text)


@pytest.mark.parametrize("ex", ALL, ids=IDS)
def test_every_question_and_hint_has_its_own_danish_text(ex):
    for text in (ex.question, ex.hint):
        assert danish(text) != text, f"{ex.id}: no Danish text for {text!r}"
    with using("da"):
        assert (ex.question_text, ex.hint_text) == (danish(ex.question), danish(ex.hint))
    assert (ex.question_text, ex.hint_text) == (ex.question, ex.hint)        # English again


@pytest.mark.parametrize("ex", ALL, ids=IDS)
def test_in_danish_the_solution_is_right_and_a_wrong_answer_gets_the_danish_hint(ex):
    with using("da"):
        right = check(ex.id, ex.solution())
        wrong = check(ex.id, ex.wrong)
    assert right.correct and right.message == "Rigtigt!"
    assert not wrong.correct and wrong.answered
    assert wrong.message == f"Ikke helt. Tip: {danish(ex.hint)}"
    assert ex.hint not in wrong.message and "Hint" not in wrong.message
    solution = ex.solution()
    shown = list(solution) if isinstance(solution, (list, tuple, set, frozenset)) else [solution]
    for value in shown:           # the expected value never appears, not even inside the Danish hint
        assert not re.search(rf"(?<![\w.,]){re.escape(str(value))}(?![\w]|[.,]\d)", wrong.message), (
            f"{ex.id}: the Danish message shows the expected value {value!r}")


def test_a_danish_hint_or_question_keeps_the_numbers_and_code_of_the_english_one():
    """A translation may reword, but never change a number a student works with, nor a
    piece of code (`...`) they may type."""
    for ex in ALL:
        for text in (ex.question, ex.hint):
            assert sorted(re.findall(r"\d+", danish(text))) == sorted(re.findall(r"\d+", text)), (ex.id, text)
            assert re.findall(r"`[^`]+`", danish(text)) == re.findall(r"`[^`]+`", text), (ex.id, text)


def test_not_answered_and_unknown_in_danish():
    with using("da"):
        waiting = check("usa-start-1", ...)
        unknown = check("usa-nothing-9", 3)
        with pytest.raises(KeyError, match="ingen opgave, der hedder 'usa-scoring-99'.*usa-scoring-1"):
            exercise("usa-scoring-99")
    assert not waiting.correct and not waiting.answered and "tre prikker" in waiting.message
    assert not unknown.correct and not unknown.answered and "ingen opgave" in unknown.message
    assert "three dots" in check("usa-start-1", ...).message                  # English again outside


def test_the_question_of_the_last_trains_exercise_names_every_candidate_route():
    ex = exercise("usa-claiming-3")
    assert all(route in ex.question for route in LAST_TRAINS_CANDIDATES), ex.question
    text = danish(ex.question)           # Danish prose writes a route with an en dash (the glossary's rule)
    assert all(route.replace("-", "–") in text for route in LAST_TRAINS_CANDIDATES), text


def test_players_are_spiller_1_and_on_in_danish_and_a_student_may_answer_so():
    with using("da"):
        assert player(0) == "Spiller 1" and players(3) == ["Spiller 1", "Spiller 2", "Spiller 3"]
    assert player(0) == "Player 1"
    assert same_player("Spiller 2", 2) and same_player(" spiller 2", 2) and not same_player("Spiller 1", 2)
    with using("da"):
        tie = exercise("usa-scoring-4")
        assert check(tie.id, f"Spiller {tie.solution()}").correct
