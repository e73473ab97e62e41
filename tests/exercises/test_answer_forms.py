"""`check` takes every reasonable form of an answer, and tells a student the form expected
when an answer does not have it, in English and in Danish, without giving the answer away:
an edition by its id or its name (any case, spaces or hyphens), a count as 8 or "8", a list in
any order or written as one text, a share as 48 or "48%", a chance as "3/8", 0.375, "0,375" or
"37.5%"; a text where a number is due, a name that is no edition, a route the board does not
have are each told what is expected."""
from __future__ import annotations

import ast
import re
from numbers import Integral

import pytest

from ttr_nb.engine import editions, load_game, load_rules
from ttr_nb.engine.i18n import catalogue, using
from ttr_nb.exercises import FORM_OF, check, exercise, exercises, same_edition, same_editions, same_percent
from ttr_nb.exercises.compare import edition_of, same_fraction

ALL = exercises()
IDS = [ex.id for ex in ALL]
NUMBER_EXERCISES = [ex for ex in ALL if isinstance(ex.solution(), Integral)]


@pytest.mark.parametrize("ex", ALL, ids=IDS)
def test_every_exercise_knows_the_form_of_its_answer_and_its_own_answers_have_it(ex):
    assert ex.compare in FORM_OF and ex.form is FORM_OF[ex.compare]
    assert ex.form_problem(ex.solution()) is None, ex.id
    assert ex.form_problem(ex.wrong) is None, f"{ex.id}: its wrong answer should be wrong, not of the wrong form"


@pytest.mark.parametrize("ex", NUMBER_EXERCISES, ids=[ex.id for ex in NUMBER_EXERCISES])
def test_a_count_is_right_as_a_number_or_as_text(ex):
    solution = ex.solution()
    for answer in (solution, str(solution), f" {solution} ", float(solution)):
        assert check(ex.id, answer).correct, (ex.id, answer)


@pytest.mark.parametrize("ex", NUMBER_EXERCISES, ids=[ex.id for ex in NUMBER_EXERCISES])
def test_a_word_where_a_number_is_due_is_told_the_form_in_english_and_danish(ex):
    for code, expected in (("en", "Not quite. The answer should be"), ("da", "Ikke helt. Svaret skal være")):
        with using(code):
            verdict = check(ex.id, "eight")
            hint = ex.hint_text
        assert not verdict.correct and verdict.answered
        assert verdict.message.startswith(expected) and verdict.message.endswith(hint), verdict.message


def test_an_edition_is_right_by_its_id_or_its_name_in_any_case_with_spaces_or_hyphens():
    danish = catalogue("engine", "da")
    for edition in editions():
        title = load_game(edition).board.title
        names = {edition, edition.upper(), title, title.upper(), title.replace(" ", "-"), title.replace(" ", ""),
                 danish.gettext(title), load_rules(edition).title, danish.gettext(load_rules(edition).title)}
        for name in names:
            assert edition_of(name) == edition and same_edition(name, edition), (edition, name)
        assert not any(same_edition(name, other) for name in names for other in editions() if other != edition)
    assert edition_of("Northern Lights") == "northernlights" and edition_of("the USA") == "usa"
    assert edition_of("Schweiz") == "switzerland" and edition_of("Norden") == "nordic"
    for nothing in ("Northen Lights", "", "us", 3, None, ["usa"], "usa, india"):
        assert edition_of(nothing) is None


def test_editions_are_right_in_any_order_by_id_or_name_in_a_list_or_one_text():
    expected = ["usa", "india", "northernlights"]
    for answer in (["Northern Lights", "USA", "india"], {"INDIA", "usa", "northern-lights"},
                   ("usa", "Indien", "northernlights"), "usa, India and Northern Lights", "northernlights; usa; india"):
        assert same_editions(answer, expected), answer
    for answer in (["usa", "india"], ["usa", "india", "northernlights", "europe"], "usa india northernlights",
                   ["usa", "india", "Northen Lights"], 3, None):
        assert not same_editions(answer, expected), answer


def test_a_name_that_is_no_edition_is_told_the_editions_in_english_and_danish():
    for ex_id, answer in (("usa-compared-1", "Northen Lights"), ("usa-compared-2", ["usa", "Narnia", "India"])):
        verdict = check(ex_id, answer)
        assert not verdict.correct and verdict.answered
        bad = answer if isinstance(answer, str) else "Narnia"
        assert f'"{bad}" is not an edition: the editions are usa (United States), europe (Europe)' in verdict.message
        assert all(e in verdict.message for e in editions())        # every edition, so none stands out
        assert exercise(ex_id).hint in verdict.message
        with using("da"):
            danish = check(ex_id, answer)
        assert f'"{bad}" er ikke en udgave: udgaverne er usa (USA), europe (Europa)' in danish.message
    assert "are not editions" in check("usa-compared-2", ["Narnia", "Oz"]).message


def test_an_answer_of_another_form_is_told_the_form_expected():
    said = {ex_id: check(ex_id, answer).message for ex_id, answer in (
        ("usa-compared-1", 3), ("usa-compared-1", "usa, india"), ("usa-compared-2", 7),
        ("switzerland-compared-1", "forty"), ("usa-scoring-4", "two"), ("nordic-globetrotter-1", "one"),
        ("usa-claiming-3", "x"), ("europe-tunnels-3", "half"))}
    assert "should be one edition, by its id or its name" in said["usa-compared-1"]
    assert "should be a list of editions" in said["usa-compared-2"]
    assert "should be a whole percentage" in said["switzerland-compared-1"]
    assert "should be a player's number" in said["usa-scoring-4"]
    assert "should be a list of player numbers" in said["nordic-globetrotter-1"]
    assert "should be a list of routes, each named by its two cities" in said["usa-claiming-3"]
    assert "should be a chance" in said["europe-tunnels-3"]
    assert check("usa-compared-1", "usa, india").message.count("one edition") == 1


def test_a_route_the_board_does_not_have_is_told_so():
    verdict = check("usa-claiming-3", ["El Paso-Phoenix", "El Paso-Denver"])
    assert 'The board has no route "El Paso-Denver": name a route by its two cities' in verdict.message
    assert "El Paso-Phoenix" not in verdict.message.replace(exercise("usa-claiming-3").hint, "")
    with using("da"):
        assert "Spillepladen har ingen strækning" in check("usa-claiming-3", ["Denver-Mars"]).message
    assert check("usa-claiming-3", "Denver-Santa Fe, El Paso-Phoenix").correct        # one text, any order


def test_a_share_and_a_chance_in_their_reasonable_forms():
    assert all(same_percent(a, 48) for a in (48, "48", "48%", "48 %", 47.7, 48.4))
    assert not any(same_percent(a, 48) for a in (0.48, "0.48", 47.4, "forty-eight", True, None))
    assert "not yet a percentage" in check("switzerland-compared-1", 0.48).message
    chance = exercise("europe-tunnels-3").solution()
    assert all(same_fraction(a, chance) for a in (chance, str(chance), float(chance), f"{float(chance):.4f}",
                                                  f"{float(chance):.4f}".replace(".", ","),
                                                  f"{100 * float(chance):.2f}%"))
    assert not same_fraction(100 * float(chance), chance)
    assert "A chance is a number from 0 to 1" in check("europe-tunnels-3", 100 * float(chance)).message


def _copyable(message: str) -> list:
    """What a student could copy from a message as an answer: its numbers, its quoted texts
    and its lists."""
    found = [m.group() for m in re.finditer(r"-?\d+(?:[.,]\d+)?(?:/\d+)?%?", message)]
    found += re.findall(r'"([^"]*)"', message)
    for text in re.findall(r"\[[^\]]*\]", message):
        try:
            found.append(ast.literal_eval(text))
        except (ValueError, SyntaxError):
            pass
    return found


@pytest.mark.parametrize("ex", ALL, ids=IDS)
def test_an_answer_of_the_wrong_form_never_shows_the_expected_value(ex):
    """Nothing a student could copy from what `check` says to an answer of the wrong form is
    accepted: the examples of a form are never the answer (the list of every edition, which a
    name that is no edition is told, names them all and so singles none out)."""
    for answer in ("", "x y z", [object()], {"a": 1}, None, True, -0.5, 1000, 0.3, ["Narnia"], "Oz-Narnia", "Narnia"):
        for code in ("en", "da"):
            with using(code):
                verdict = check(ex.id, answer)
                hint = ex.hint_text
            assert not verdict.correct and verdict.answered
            told = re.sub(r"(the editions are|udgaverne er) [^.]*\.", "", verdict.message.replace(hint, ""))
            given = [value for value in _copyable(told) if ex.accepts(value)]
            assert not given, (ex.id, answer, verdict.message)


def test_a_number_is_read_in_the_digits_0_to_9_only_and_a_strange_one_is_wrong_not_a_crash():
    """As every reader of a typed number in the package (issue 25): "٣", "²", "+3", "1_000" are
    no numbers; a minus sign may be the typed one or the printed one (U+2212)."""
    from fractions import Fraction

    from ttr_nb.exercises import same_number
    for text in ("٣", "²", " +3", "1_000", "9" * 5000, "3 cards"):
        assert not same_number(text, 3) and not same_percent(text, 3) and not same_fraction(text, 3), text
    assert same_number("-5", -5) and same_number("−5", -5) and check("switzerland-countries-2", "−5").correct
    for strange in (float("nan"), float("inf"), "1/0", 10 ** 400, Fraction(1, 3), object()):
        for ex in ALL:
            assert not check(ex.id, strange).correct
