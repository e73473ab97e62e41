"""A step-by-step widget shown under prose starts where the prose starts: after Run All, a
ScoringWalkthrough a cell shows (its last line is the walkthrough's name) is not moved on by a
later cell (`next`, `previous`, `first`, `last`, `goto`), or it would sit at "step 19 of 19" under
"Press Next". A later cell that checks the steps uses a second walkthrough of the same position.

Moves inside the cell that shows the walkthrough are allowed (the cell may check the steps and go
back before the walkthrough is shown). Every notebook, English and Danish; read, not run."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").rglob("*.ipynb"))
MOVES = {"next", "previous", "first", "last", "goto"}


def later_moves(cells: list[str]) -> list[str]:
    """Each call that moves a walkthrough an earlier cell showed, as "cell N: walk.last()"."""
    shown: dict[str, int] = {}          # a walkthrough's name -> the cell that showed it
    walkthroughs: set[str] = set()      # the names bound to a ScoringWalkthrough so far
    found = []
    for i, source in enumerate(cells):
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MOVES
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in shown):
                found.append(f"code cell {i}: {node.func.value.id}.{node.func.attr}() moves the walkthrough "
                             f"shown in code cell {shown[node.func.value.id]}")
        for node in ast.walk(tree):      # names bound to a ScoringWalkthrough in this cell
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and "ScoringWalkthrough" in ast.unparse(node.value.func)):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        shown.pop(target.id, None)
                        walkthroughs.add(target.id)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr) and isinstance(last.value, ast.Name) and last.value.id in walkthroughs:
            shown[last.value.id] = i
    return found


def code_cells(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_no_later_cell_moves_a_walkthrough_already_shown(path):
    assert later_moves(code_cells(path)) == []


def test_the_search_finds_a_walkthrough_moved_by_a_later_cell():
    cells = ["walk = ScoringWalkthrough.demo('usa', seed=1)\nwalk", "walk.last()\nassert walk.totals"]
    assert later_moves(cells) == ["code cell 1: walk.last() moves the walkthrough shown in code cell 0"]
    second = cells[:1] + ["replay = ScoringWalkthrough(walk.state)\nreplay.last()"]
    assert later_moves(second) == []
    same_cell = ["walk = ScoringWalkthrough(final)\nwalk.last()\nwalk.first()\nwalk"]
    assert later_moves(same_cell) == []
