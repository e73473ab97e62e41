"""The Danish notebooks (notebooks/da/) are Danish, and teach what their English twins teach.

Each one switches the package to Danish in its first code cell; its prose is its own Danish
(no paragraph is the English one, the Danish guide's words are used, Danish words outnumber
English ones); it builds the same positions (the same routes, tickets and cities), checks the
same exercises in the same order, and proves at least as many claims with `assert`. The
English start notebook and the README send a Danish class to them."""
from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

import ttr_nb
from tests.notebooks.test_curriculum import DANISH, NOTEBOOKS, START, cells, checked_ids, names, source

ROOT = NOTEBOOKS.parent
DA = NOTEBOOKS / "da"
#: the Danish guide's words for the game (rules-sources: the Danish guide to the USA map), and
#: the notebook that must use each
GUIDE_WORDS = {
    "togkort": ["00_start_here", "10_usa_setup_and_actions", "11_usa_drawing_cards"],
    "lokomotiv": ["10_usa_setup_and_actions", "11_usa_drawing_cards", "12_usa_claiming_routes"],
    "destinationsbillet": ["00_start_here", "10_usa_setup_and_actions", "13_usa_tickets_and_the_end"],
    "strækning": ["00_start_here", "10_usa_setup_and_actions", "12_usa_claiming_routes", "14_usa_scoring"],
    "dobbeltstrækning": ["12_usa_claiming_routes"],
    "længste sammenhængende rute": ["14_usa_scoring"],
    "sidste omgang": ["13_usa_tickets_and_the_end"],
    "udløseren": ["13_usa_tickets_and_the_end"],
    "afkastbunken": ["11_usa_drawing_cards", "20_europe_tunnels_and_ferries", "60_play_a_game"],
    "tunnel": ["20_europe_tunnels_and_ferries", "30_switzerland_rules", "40_nordic_ferries_and_payments"],
    "færgestrækning": ["20_europe_tunnels_and_ferries", "40_nordic_ferries_and_payments"],
    "station": ["21_europe_stations_and_scoring"],
    "landebillet": ["31_switzerland_country_tickets"],
    "globetrotter": ["41_nordic_rules_and_globetrotter"],
    "spillepladen": ["00_start_here", "50_editions_compared", "60_play_a_game", "70_india_grand_tour",
                     "80_northern_lights"],
    "computerspiller": ["60_play_a_game"],
    "færge": ["50_editions_compared", "70_india_grand_tour", "80_northern_lights"],
    "lokomotivsymbol": ["50_editions_compared", "80_northern_lights"],
    "grand tour": ["70_india_grand_tour"],
    "gennemført": ["70_india_grand_tour", "80_northern_lights"],
    "bonuskort": ["80_northern_lights"],
    "trækbonus": ["50_editions_compared", "80_northern_lights"],
    "tredobbelt": ["50_editions_compared", "80_northern_lights"],
    "knudepunkt": ["80_northern_lights"],
}
DANISH_WORDS = {"og", "at", "en", "et", "på", "er", "det", "der", "til", "med", "som", "kan", "du", "ikke",
                "har", "af", "så", "den", "de", "hvor", "mange", "hver", "skal", "får"}
ENGLISH_WORDS = {"the", "and", "is", "of", "to", "you", "with", "that", "which", "your", "are", "this",
                 "on", "can", "how", "many", "every", "must", "gets"}


def prose(nb: Path) -> str:
    """A notebook's markdown with code spans, links' targets and bold markers taken out."""
    text = "\n".join(source(c) for c in cells(nb, "markdown"))
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def paragraphs(nb: Path) -> list[str]:
    """The sentences and table rows of a notebook's markdown (one per line), with some words in them."""
    lines = (" ".join(line.split()) for c in cells(nb, "markdown") for line in source(c).splitlines())
    return [line for line in lines if len(re.findall(r"[^\W\d_]{3,}", line)) >= 4]


def words(text: str) -> Counter:
    return Counter(w.casefold() for w in re.findall(r"[^\W\d_]+", text))


def code(nb: Path) -> str:
    return "\n".join(source(c) for c in cells(nb, "code"))


def board_names(nb: Path) -> set[str]:
    """Every route, ticket and city of a board that a notebook's code names (of every edition's
    board: a Danish notebook of Europe names Europe's)."""
    known = set()
    for edition in ttr_nb.editions():
        board = ttr_nb.load_game(edition).board
        known |= ({r.key for r in board.routes} | {r.key.split("#")[0] for r in board.routes}
                  | {t.key for t in board.tickets} | {c.name for c in board.cities})
    found = set()
    for node in ast.walk(ast.parse(code(nb))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in known:
            found.add(node.value)
    return found


def asserts(nb: Path) -> int:
    return sum(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(code(nb))))


def english(nb: Path) -> Path:
    return NOTEBOOKS / nb.name


@pytest.mark.parametrize("nb", DANISH, ids=names(DANISH))
def test_the_first_code_cell_switches_the_package_to_danish(nb: Path):
    first = source(cells(nb, "code")[0])
    assert re.search(r'^ttr_nb\.set_language\("da"\)', first, re.M), f"{nb.name}: {first[:120]!r}"
    assert "set_language" not in code(english(nb))


@pytest.mark.parametrize("nb", DANISH, ids=names(DANISH))
def test_no_paragraph_of_a_danish_notebook_is_its_english_twins(nb: Path):
    theirs = set(paragraphs(english(nb)))
    same = [p for p in paragraphs(nb) if p in theirs]
    assert not same, f"{nb.name} has English paragraphs: {same[:3]}"


@pytest.mark.parametrize("nb", DANISH, ids=names(DANISH))
def test_danish_words_outnumber_english_ones_by_far(nb: Path):
    counted = words(prose(nb))
    da = sum(counted[w] for w in DANISH_WORDS)
    en = sum(counted[w] for w in ENGLISH_WORDS)
    assert da >= 100 and da > 10 * en, f"{nb.name}: {da} Danish and {en} English common words"
    theirs = words(prose(english(nb)))
    assert sum(theirs[w] for w in DANISH_WORDS if len(w) > 2) < sum(theirs[w] for w in ENGLISH_WORDS)  # the check can tell


def test_the_danish_notebooks_use_the_guides_words():
    for word, notebooks in GUIDE_WORDS.items():
        for stem in notebooks:
            assert word in prose(DA / f"{stem}.ipynb").casefold(), f"{stem} never says {word!r}"


#: the first Danish notebooks, written before the check below: each splits one or two of its twin's
#: markdown cells in two (the other checks hold them to the rest)
SPLIT_CELLS = {"00_start_here", "13_usa_tickets_and_the_end", "14_usa_scoring"}
CELL_FOR_CELL = [nb for nb in DANISH if nb.stem not in SPLIT_CELLS]


@pytest.mark.parametrize("nb", CELL_FOR_CELL, ids=names(CELL_FOR_CELL))
def test_a_danish_notebook_follows_its_english_twin_cell_for_cell(nb: Path):
    """The same cells in the same order: a markdown cell for each markdown cell, a code cell for
    each code cell, each with as many asserts and exercise checks as its twin's."""
    ours, theirs = cells(nb), cells(english(nb))
    assert [c["cell_type"] for c in ours] == [c["cell_type"] for c in theirs], f"{nb.name}: the cells differ"
    for k, (a, b) in enumerate(zip(ours, theirs)):
        if a["cell_type"] == "code":
            count = lambda c: sum(isinstance(n, ast.Assert) for n in ast.walk(ast.parse(source(c))))
            assert count(a) >= count(b), f"{nb.name}, cell {k}: {count(a)} asserts, its twin has {count(b)}"
            assert checked_ids(source(a)) == checked_ids(source(b)), f"{nb.name}, cell {k}"


@pytest.mark.parametrize("nb", DANISH, ids=names(DANISH))
def test_a_danish_notebook_asks_what_its_english_twin_asks(nb: Path):
    ours, theirs = code(nb), code(english(nb))
    assert checked_ids(ours) == checked_ids(theirs)
    position_ids = lambda text: re.findall(r'position\("([\w-]+)"\)', text)
    assert position_ids(ours) == position_ids(theirs)
    assert board_names(nb) == board_names(english(nb)), "the same routes, tickets and cities"
    assert asserts(nb) >= asserts(english(nb)), f"{nb.name}: {asserts(nb)} asserts, the English one has more"


def test_the_english_start_notebook_and_the_readme_point_to_the_danish_notebooks():
    text = "\n".join(source(c) for c in cells(START, "markdown"))
    assert "](da/00_start_here.ipynb)" in text and "da/TEACHERS.md" in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    teachers = readme.split("## For teachers", 1)[1].split("\n## ", 1)[0]
    assert "notebooks/da/TEACHERS.md" in teachers and "notebooks/da/00_start_here.ipynb" in teachers


def test_the_danish_teachers_guide_is_danish_and_names_every_danish_notebook():
    guide = (DA / "TEACHERS.md").read_text(encoding="utf-8")
    assert guide.startswith("# Lærervejledning")
    for nb in DANISH:
        assert f"| {nb.name[:2]} " in guide, f"the guide's table has no row for {nb.name}"
    assert "`00_start_here.ipynb`" in guide and 'set_language("da")' in guide
    counted = words(re.sub(r"`[^`]*`", " ", guide))
    assert sum(counted[w] for w in DANISH_WORDS) > 10 * sum(counted[w] for w in ENGLISH_WORDS)
    for word in ("togkort", "lokomotiv", "destinationsbillet", "strækning", "dobbeltstrækning",
                 "længste sammenhængende rute"):
        assert word in guide
    plain = lambda line: " ".join(re.sub(r"`[^`]*`", " ", line).split())      # code is the same in both
    theirs = {plain(line) for line in (NOTEBOOKS / "TEACHERS.md").read_text(encoding="utf-8").splitlines()}
    same = [line for line in guide.splitlines() if len(plain(line).split()) >= 4 and plain(line) in theirs]
    assert not same, f"English lines in the Danish guide: {same[:3]}"


def test_make_test_runs_the_danish_notebooks_in_the_course_sites_build():
    """`make test` builds the course site, whose build runs every notebook and fails on a failing
    cell (course/conf.py): the Danish notebooks are pages of it, as the English ones are
    (tests/test_site.py checks each has its page)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "scripts/build_site.py" in recipe
    conf = (ROOT / "course" / "conf.py").read_text(encoding="utf-8")
    assert 'nb_execution_mode = "force"' in conf and "nb_execution_raise_on_error = True" in conf
    assert "notebooks/da/[0-9]*" in (ROOT / "course" / "index.md").read_text(encoding="utf-8")
    assert DANISH and all(nb.parent == NOTEBOOKS / "da" for nb in DANISH)


def test_the_danish_start_page_links_the_whole_course_in_danish_and_the_glossary():
    """Every notebook of the course, linked by its English file name inside notebooks/da/ (the
    Danish twins have the English names), and the glossary page."""
    text = "\n".join(source(c) for c in cells(DA / "00_start_here.ipynb", "markdown"))
    linked = set(re.findall(r"\]\(([\w.-]+\.(?:ipynb|md))\)", text))
    course = {nb.name for nb in NOTEBOOKS.glob("[0-9]*.ipynb")}
    assert len(course) >= 16 and course <= linked, f"not linked: {sorted(course - linked)}"
    assert "ordliste.md" in linked and not re.search(r"\]\(\.\./\d", text), "no link to an English lesson"


def test_the_danish_lesson_plans_send_pupils_to_danish_notebooks():
    guide = (DA / "TEACHERS.md").read_text(encoding="utf-8")
    plans = guide.split("## Forslag til forløb", 1)[1].split("\n## ", 1)[0]
    assert "60_play_a_game.ipynb" in plans and "(i denne mappe)" in plans
    assert "på engelsk" not in plans and "../" not in plans
    for nb in DANISH:
        assert f"| {nb.name[:2]} " in guide
    assert "ordliste.md" in guide
