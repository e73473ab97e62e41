"""The teachers' guides (notebooks/TEACHERS.md and notebooks/da/TEACHERS.md) read cleanly:
no sentence told twice, one unbroken timing table with a row for every notebook, no promise
that a stored notebook shows its boards, and the one-click board choices named as the widgets
label them (in the guide's language), with `colour_blind=True`."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ttr_nb.engine.i18n import translations, using

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
GUIDES = {"en": NOTEBOOKS / "TEACHERS.md", "da": NOTEBOOKS / "da" / "TEACHERS.md"}
_, _n = translations("widgets")


def lines(language: str) -> list[str]:
    return GUIDES[language].read_text(encoding="utf-8").splitlines()


def tables(text_lines: list[str]) -> list[list[str]]:
    """The guide's tables, each as its run of consecutive `|` lines."""
    found, run = [], []
    for line in text_lines + [""]:
        if line.startswith("|"):
            run.append(line)
        elif run:
            found.append(run)
            run = []
    return found


@pytest.mark.parametrize("language", GUIDES)
def test_no_line_of_the_guide_is_told_twice(language):
    prose = [" ".join(line.split()) for line in lines(language) if not line.startswith("|")]
    halves = [line for line in prose if len(line.split()) >= 6]
    repeated = {line for line in halves if halves.count(line) > 1}
    assert not repeated, f"{GUIDES[language]}: repeated lines {sorted(repeated)[:2]}"
    for a, b in zip(halves, halves[1:]):     # a sentence begun again on the next line
        assert " ".join(a.split()[:4]) != " ".join(b.split()[:4]), f"{GUIDES[language]}: {a!r} / {b!r}"


@pytest.mark.parametrize("language", GUIDES)
def test_the_timing_table_is_one_table_with_a_row_per_notebook(language):
    folder = GUIDES[language].parent
    numbers = sorted(nb.name[:2] for nb in folder.glob("[0-9][0-9]_*.ipynb"))
    timing = [t for t in tables(lines(language)) if any(row.startswith("| 00 ") for row in t)]
    assert len(timing) == 1, f"{GUIDES[language]}: the timing table is broken into {len(timing)} pieces"
    rows = [row.split("|")[1].strip()[:2] for row in timing[0][2:]]
    assert rows == numbers, f"{GUIDES[language]}: rows {rows}, notebooks {numbers}"
    assert all(row.count("|") == timing[0][0].count("|") for row in timing[0])


@pytest.mark.parametrize("language", GUIDES)
def test_the_guide_promises_no_boards_in_a_stored_notebook(language):
    text = GUIDES[language].read_text(encoding="utf-8")
    assert "nbviewer" not in text.lower()


@pytest.mark.parametrize("language", GUIDES)
def test_the_guide_names_the_board_choices_and_colour_blind_mode(language):
    text = " ".join(GUIDES[language].read_text(encoding="utf-8").split())
    with using(language):
        labels = [_("Large names"), _("Colour letters"), _("Enlarge board")]
    for label in labels:
        assert f"**{label}**" in text, f"{GUIDES[language]} does not name the button {label!r}"
    assert "colour_blind=True" in text
