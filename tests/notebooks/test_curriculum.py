"""The notebooks as a curriculum: no committed outputs, every notebook on the start
notebook's map, a "you will learn" list at the top, players numbered from 1 in the prose,
and exercise cells that ask (`check("id", answer)` with `answer = ...`) without ever
holding the expected answer. `make test` also runs every notebook (the course site's build).

The Danish notebooks (notebooks/da/) are held to the same: their own start map, "I denne
notesbog lærer du" at the top, "Spiller 1" from 1 (tests/notebooks/test_danish.py checks that
they are Danish and ask what their English twins ask)."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from ttr_nb.exercises import exercise, exercises

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
CURRICULUM = [nb for nb in ALL if nb.name != "app.ipynb"]
START = NOTEBOOKS / "00_start_here.ipynb"
DANISH = sorted((NOTEBOOKS / "da").glob("*.ipynb"))
DANISH_START = NOTEBOOKS / "da" / "00_start_here.ipynb"
#: what a notebook's first cell says before its list of learning goals, by language
WILL_LEARN = {"en": "will learn", "da": "lærer du"}
#: every notebook a student reads, English and Danish
STUDENT = CURRICULUM + DANISH
#: the same, as (path, language)
EVERY = [(nb, "en") for nb in CURRICULUM] + [(nb, "da") for nb in DANISH]


def names(notebooks) -> list[str]:
    """Test ids: a notebook's path under notebooks/ ("14_usa_scoring.ipynb", "da/14_usa_scoring.ipynb")."""
    return [nb.relative_to(NOTEBOOKS).as_posix() for nb in notebooks]


def cells(nb: Path, kind: str | None = None) -> list[dict]:
    found = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return [c for c in found if kind is None or c["cell_type"] == kind]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def checked_ids(code: str) -> list[str]:
    """The exercise ids a cell passes to `check(...)`."""
    return [node.args[0].value for node in ast.walk(ast.parse(code))
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "check"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


def literals(code: str) -> list:
    """Every literal value written in a cell (numbers, strings, and lists/tuples/sets of
    literals), except the exercise ids given to `check` and `position`."""
    tree = ast.parse(code)
    ids = {id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
           and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("check", "position")}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in ids and node.value is not Ellipsis:
            out.append(node.value)
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            try:
                out.append(ast.literal_eval(node))
            except ValueError:
                pass
    return out


def test_the_curriculum_is_there():
    names = {nb.stem for nb in CURRICULUM}
    assert {"00_start_here", "10_usa_setup_and_actions", "11_usa_drawing_cards", "12_usa_claiming_routes",
            "13_usa_tickets_and_the_end", "14_usa_scoring", "60_play_a_game"} <= names


def test_the_danish_curriculum_is_there():
    assert {nb.stem for nb in DANISH} >= {"00_start_here", "10_usa_setup_and_actions", "11_usa_drawing_cards",
                                          "12_usa_claiming_routes", "13_usa_tickets_and_the_end", "14_usa_scoring",
                                          "20_europe_tunnels_and_ferries", "21_europe_stations_and_scoring",
                                          "30_switzerland_rules", "31_switzerland_country_tickets",
                                          "40_nordic_ferries_and_payments", "41_nordic_rules_and_globetrotter",
                                          "50_editions_compared", "60_play_a_game", "70_india_grand_tour",
                                          "80_northern_lights"}
    assert all((NOTEBOOKS / nb.name).exists() for nb in DANISH)       # each has its English twin
    assert (NOTEBOOKS / "da" / "TEACHERS.md").exists()


@pytest.mark.parametrize("nb", ALL + DANISH, ids=names(ALL + DANISH))
def test_no_notebook_has_committed_outputs(nb: Path):
    dirty = [k for k, c in enumerate(cells(nb, "code")) if c.get("outputs") or c.get("execution_count")]
    assert not dirty, f"{nb.name}: code cells {dirty} have outputs; strip them before committing"


def test_every_curriculum_notebook_is_on_the_start_map():
    text = "\n".join(source(c) for c in cells(START, "markdown"))
    linked = set(re.findall(r"\]\(([\w.-]+\.ipynb)\)", text))
    missing = [nb.name for nb in CURRICULUM if nb.name not in linked]
    assert not missing, f"00_start_here.ipynb's map does not link {missing}"


def test_every_danish_notebook_is_on_the_danish_start_map():
    """The Danish start notebook links every Danish notebook, in notebooks/da/ itself."""
    text = "\n".join(source(c) for c in cells(DANISH_START, "markdown"))
    linked = set(re.findall(r"\]\(([\w.-]+\.ipynb)\)", text))
    missing = [nb.name for nb in DANISH if nb.name not in linked]
    assert not missing, f"da/00_start_here.ipynb's map does not link {missing}"


@pytest.mark.parametrize("nb", DANISH, ids=[nb.name for nb in DANISH])
def test_a_danish_notebook_links_danish_notebooks_inside_notebooks_da(nb: Path):
    """A link from a Danish notebook goes to a file that exists; where a Danish notebook
    exists, the link goes to it and not to its English twin."""
    text = "\n".join(source(c) for c in cells(nb, "markdown"))
    for target in re.findall(r"\]\(([^)#\s]+\.(?:ipynb|md))\)", text):
        path = (nb.parent / target).resolve()
        assert path.exists(), f"{nb.name} links {target}, which does not exist"
        if path.parent == NOTEBOOKS:
            assert not (nb.parent / path.name).exists(), f"{nb.name} links the English {target}; link {path.name}"


@pytest.mark.parametrize("nb,language", EVERY, ids=names(nb for nb, _ in EVERY))
def test_a_notebook_opens_with_what_the_reader_will_learn(nb: Path, language: str):
    first = source(cells(nb)[0])
    assert first.startswith("# "), f"{nb.name} does not open with a title"
    head, _, rest = first.partition(WILL_LEARN[language])
    assert rest, f"{nb.name}: the first cell does not say what the reader will learn"
    lines = [line.strip() for line in rest.splitlines()[1:]]
    while lines and not lines[0]:
        lines.pop(0)
    bullets = 0
    while bullets < len(lines) and re.match(r"[-*] \S", lines[bullets]):
        bullets += 1
    assert 3 <= bullets <= 5, f"{nb.name}: {bullets} learning goals in a list (3 to 5 expected)"


@pytest.mark.parametrize("nb", STUDENT, ids=names(STUDENT))
def test_players_are_numbered_from_one_in_the_prose(nb: Path):
    for c in cells(nb, "markdown"):
        assert not re.search(r"\b(?:[Pp]layers?|[Ss]piller(?:e|en|ne)?) 0\b", source(c)), f"{nb.name}: {source(c)[:80]!r}"


@pytest.mark.parametrize("nb", STUDENT, ids=names(STUDENT))
def test_every_checked_exercise_exists(nb: Path):
    known = {ex.id for ex in exercises()}
    for c in cells(nb, "code"):
        for ex_id in checked_ids(source(c)):
            assert ex_id in known, f"{nb.name} checks {ex_id!r}, which is not an exercise"


@pytest.mark.parametrize("nb", STUDENT, ids=names(STUDENT))
def test_an_exercise_cell_holds_a_placeholder_and_never_the_answer(nb: Path):
    for c in cells(nb, "code"):
        code = source(c)
        for ex_id in checked_ids(code):
            assert re.search(r"^\s*answer\w*\s*=\s*\.\.\.", code, re.M), f"{nb.name}: {ex_id} has no `answer = ...`"
            ex = exercise(ex_id)
            solution = ex.solution()
            for value in literals(code):
                assert not ex.accepts(value), f"{nb.name}: the cell of {ex_id} holds its answer {value!r}"
                assert value != solution, f"{nb.name}: the cell of {ex_id} holds its answer {value!r}"


def test_the_answer_search_would_see_an_answer():
    """The literal search above finds an answer written in a cell, even inside a list."""
    ex = exercise("usa-claiming-3")
    written = f'answer = {ex.solution()!r}\ncheck("usa-claiming-3", answer)'
    assert any(ex.accepts(v) for v in literals(written))
    assert checked_ids(written) == ["usa-claiming-3"]
    assert not any(exercise("usa-start-1").accepts(v) for v in literals('answer = ...\ncheck("usa-start-1", answer)'))
