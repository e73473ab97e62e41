"""No cell above an exercise gives its answer away, in a form a student could copy, in any
notebook, English or Danish.

For each `check("id", answer)` cell of a notebook, the expected answer (`exercise(id).solution()`)
is looked for in the source of every cell above it, code and markdown (the exercise's own
question included). The cells are cut into *pieces*: each statement of a code cell, each
sentence of a markdown cell. From each piece the search takes what a student could copy as an
answer of the exercise's kind, and asks the exercise's own checker whether it would be accepted
(so every form `check` accepts counts: an edition's name as well as its id, a list in any order,
"8" as well as 8):

- a list (editions, routes, players): a list, tuple or set written in code, the keys of a dict
  written in code, or an enumeration in the text ("the USA, Europe, India and Northern Lights",
  items separated by commas, "and", "or", "og", "eller");
- a name (an edition): every run of one to three words;
- a number: every number written in digits.

A candidate the checker accepts gives the answer away when its piece is about what the
exercise asks; small numbers are everywhere, so the rule is strict for them:

- a list or a name: the piece holds at least two words of the exercise's subject (the words of
  four letters or more of its question, in English and in Danish, less the words every
  notebook uses, and the names of the edition its id names);
- a number: it stands in an `assert` or a `print` of code, or in a sentence of prose, right
  next to what the question counts — the words after "how many" ("3 extra cards", "36 route
  points"), "the most ...", "number of ...", a final score or total ("score: 18"), or the name of
  the edition the question is about (`"switzerland": 3`, "3 in Switzerland"): at most one word
  between, the number before the words or right after them. A player's number ("Player 2"),
  a count of players ("3 players", unless the question counts players or asks who wins), the
  number of a notebook, exercise or cell, and a number in a run of numbers ("0, 1, 2 or 3",
  "1 to 6", a row of a table) are never taken for an answer.

The search is in `tests/notebooks/leaks.py`; `test_the_search_finds_what_notebook_50_gave_away`
shows it finding the answers notebook 50 once gave away (its cells 5, 20 and 21 as they were, and
cell 4 once it named every edition), and `test_the_answer_of_every_exercise_would_be_found_if_a_cell_wrote_it`
shows it would find every exercise's answer written above it.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from ttr_nb.engine import editions, load_rules
from ttr_nb.exercises import Exercise, exercise, exercises, same_editions, same_set

from tests.notebooks.leaks import _enumerations, counted, leaks, numbers_next_to
from tests.notebooks.test_curriculum import NOTEBOOKS, STUDENT, cells, checked_ids, names, source


def asked(nb: Path) -> list[tuple[int, str]]:
    """(index of the cell, exercise id) of every exercise a notebook checks."""
    return [(k, ex_id) for k, cell in enumerate(cells(nb)) if cell["cell_type"] == "code"
            for ex_id in checked_ids(source(cell))]


WITH_EXERCISES = [nb for nb in STUDENT if asked(nb)]


@pytest.mark.parametrize("nb", WITH_EXERCISES, ids=names(WITH_EXERCISES))
def test_no_cell_above_an_exercise_gives_its_answer_away(nb: Path):
    found = cells(nb)
    given_away = [f"{ex_id}: {line}" for k, ex_id in asked(nb) for line in leaks(found[:k], exercise(ex_id))]
    assert not given_away, f"{nb.relative_to(NOTEBOOKS)} gives answers away:\n" + "\n".join(given_away)


def test_every_notebook_with_exercises_is_searched():
    searched = {ex_id for nb in WITH_EXERCISES for _, ex_id in asked(nb)}
    assert searched == {ex.id for ex in exercises() if ex.notebook}
    assert {nb.name for nb in WITH_EXERCISES if nb.parent.name == "da"} >= {"11_usa_drawing_cards.ipynb"}


# ----------------------------------------------------------------------------- the rule at work

def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "source": text.splitlines(keepends=True)}


def _code(text: str) -> dict:
    return {"cell_type": "code", "source": text.splitlines(keepends=True)}


#: Notebook 50's cells 4, 5, 20 and 21 as they were (the lines that matter), when its exercise 3
#: asked which editions a face-up locomotive costs the whole draw and its exercise 4 from how
#: many players both routes of a Swiss double route can be claimed.
NOTEBOOK_50_AS_IT_WAS = [
    _markdown("Read it row by row:\n\n"
              "- the **face-up locomotive** costs the whole draw in the USA, Europe and Northern Lights;\n"
              "- the Nordic Countries and Northern Lights never **flush** the display;\n"),
    _code('assert [e for e in EDITIONS if rules[e].stations] == ["europe"]\n'
          'assert [e for e in EDITIONS if rules[e].face_up_locomotive_costs_two] == '
          '["usa", "europe", "india", "northernlights"]\n'
          'assert [e for e in EDITIONS if not rules[e].display_flush_at] == ["nordic", "northernlights"]\n'),
    _markdown("## What the number of players changes\n\n"
              "Below a threshold only one route of each double can be used at all.\n"
              "The threshold is 4 players in the USA, Europe and Northern Lights, 3 in Switzerland and the "
              "Nordic Countries:\n"),
    _code('doubles = {e: rules[e].double_routes_min_players for e in EDITIONS}\n'
          'assert doubles == {"usa": 4, "europe": 4, "switzerland": 3, "nordic": 3, "india": 4, '
          '"northernlights": 4}\n'),
]
#: the two exercises as they were asked then
FACE_UP_AS_IT_WAS = Exercise(
    "usa-compared-2",
    "In which editions does a face-up locomotive cost the whole draw, as in the USA? Give a list of ids.",
    lambda: [e for e in editions() if load_rules(e).face_up_locomotive_costs_two],
    "Read the row \"face-up locomotive\" of the rules table.", wrong=["usa"], compare=same_set)
DOUBLES_AS_IT_WAS = Exercise(
    "switzerland-compared-2", "From how many players on can both routes of a Swiss double route be claimed?",
    lambda: load_rules("switzerland").double_routes_min_players,
    "Read the row \"both routes of a double\" of the rules table, in the Switzerland column.", wrong=4)


def test_the_search_finds_what_notebook_50_gave_away():
    face_up = leaks(NOTEBOOK_50_AS_IT_WAS, FACE_UP_AS_IT_WAS)
    assert [line.split(" (")[0] for line in face_up] == ["cell 1"], face_up      # the asserted list
    doubles = leaks(NOTEBOOK_50_AS_IT_WAS, DOUBLES_AS_IT_WAS)
    # "3 in Switzerland" in the prose, `"switzerland": 3` in the assert
    assert [line.split(" (")[0] for line in doubles] == ["cell 2", "cell 3"], doubles
    # the same cells give nothing of today's exercises 3 and 4 away
    assert leaks(NOTEBOOK_50_AS_IT_WAS, exercise("usa-compared-2")) == []
    assert leaks(NOTEBOOK_50_AS_IT_WAS, exercise("switzerland-compared-2")) == []


def test_edition_names_in_prose_give_a_list_of_editions_away_as_the_checker_takes_names():
    """Cell 4 named the editions of exercise 3 in words (leaving India out): with India in, and
    the checker taking names as it does today, the sentence is the answer."""
    by_name = replace(FACE_UP_AS_IT_WAS, compare=same_editions)
    full = "- the **face-up locomotive** costs the whole draw in the USA, Europe, India and Northern Lights;"
    assert leaks([_markdown(full)], by_name)
    assert not leaks([_markdown(full)], FACE_UP_AS_IT_WAS)                 # ids only: names were refused
    assert not leaks(NOTEBOOK_50_AS_IT_WAS[:1], by_name)                   # India left out


def test_a_list_in_prose_is_found_in_any_order_and_a_shorter_one_is_not():
    prose = [_markdown("A face-up locomotive costs the whole draw in northernlights, india, usa and europe.")]
    assert leaks(prose, FACE_UP_AS_IT_WAS)
    assert not leaks([_markdown("A face-up locomotive costs the whole draw in usa, europe and india.")],
                     FACE_UP_AS_IT_WAS)
    assert ["USA", "Europe", "Northern Lights"] in list(
        _enumerations("costs the whole draw in the USA, Europe and Northern Lights; never", 3))


def test_a_number_counts_only_next_to_what_the_question_counts():
    extra = [["extra", "card"]]
    assert list(numbers_next_to("Player 1 must pay 3 extra cards.", extra)) == [3]
    assert list(numbers_next_to("extra cards: 3", extra)) == [3]
    assert list(numbers_next_to("Player 3 holds 2 pink cards and 1 extra locomotive.", extra)) == []
    assert list(numbers_next_to("The bars show the chances of 0, 1, 2 or 3 extra cards.", extra)) == []
    assert list(numbers_next_to("Player 3 pays 2 extra cards, as notebook 3 says.", extra)) == [2]
    assert list(numbers_next_to('assert doubles == {"usa": 4, "switzerland": 3}', [["switzerland"]])) == [3]
    assert list(numbers_next_to("Sandsynligheden er 0,475.", [["sandsynlighed"]])) == [0.475]


def test_what_a_question_counts_is_read_from_its_words():
    assert counted(exercise("europe-tunnels-1"))[0] == ["extra", "card"]
    assert counted(exercise("usa-scoring-1"))[0] == ["more", "point"]
    assert counted(exercise("switzerland-compared-2"))[0] == ["route"]
    assert ["switzerland"] in counted(exercise("switzerland-compared-2"))
    assert counted(exercise("usa-scoring-4"))[0] == ["win"]


@pytest.mark.parametrize("ex", [ex for ex in exercises() if ex.notebook], ids=lambda ex: ex.id)
def test_the_answer_of_every_exercise_would_be_found_if_a_cell_wrote_it(ex: Exercise):
    """Written in the way the rule describes, every exercise's answer is found: in code as an
    assert about the question, and in prose as a number next to what the question counts or as
    the question's words with the answer."""
    expected = ex.solution()
    question = re.sub(r"[.?!:]", ",", ex.question)           # one sentence
    if isinstance(expected, (list, tuple, str)):
        written = ", ".join(map(str, expected)) if isinstance(expected, (list, tuple)) else expected
        assert leaks([_markdown(f"{question} {written}.")], ex), ex.id
        assert leaks([_code(f"assert answer == {expected!r}  # {question}")], ex), ex.id
    else:
        assert leaks([_markdown(f"{question} it is {expected} {' '.join(counted(ex)[0])}.")], ex), ex.id
