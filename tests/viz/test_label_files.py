"""The committed placements of the city names (ttr_nb/viz/placements/<board>.json, made by
`make labels`): one for every board in ttr_nb/maps/, each equal to a fresh computation (this file
pays the placement's cost, once per board and text size), used by the figures without
computing anything, and never for a board or a scale they were not made for."""
from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

import ttr_nb
from ttr_nb.engine.board import board_names
from ttr_nb.viz import board_figure, label_files
from ttr_nb.viz.label_files import (COMMAND, FOLDER, board_labels, committed_labels, fingerprint,
                                    placement_problems, standard_sizes, stray_placements)
from ttr_nb.viz.labels import label_positions

BOARDS = board_names()          # every board file in ttr_nb/maps/, the ones added later too
SIZES = standard_sizes()


def test_every_board_in_maps_has_its_placement_file():
    # (a file may come before its board: a board on its way to ttr_nb/maps/ from another branch)
    problems = placement_problems(BOARDS, fresh=False)
    assert not problems, "\n".join(problems)


def test_a_board_without_its_placement_file_fails_with_the_command_to_run(tmp_path):
    for name in BOARDS:
        if name != "usa":
            shutil.copy(FOLDER / f"{name}.json", tmp_path)
    (tmp_path / "atlantis.json").write_text("{}", encoding="utf-8")
    problems = placement_problems(BOARDS, tmp_path, fresh=False) + stray_placements(BOARDS, tmp_path)
    assert len(problems) == 2, problems
    assert problems[0].startswith("ttr_nb/maps/usa.json has no committed placement of its city names")
    assert f"run `{COMMAND}`" in problems[0] and "usa.json is missing" in problems[0]
    assert "atlantis.json belongs to no board in ttr_nb/maps/" in problems[1]


@pytest.mark.parametrize("size, kw", SIZES, ids=[name for name, _ in SIZES])
@pytest.mark.parametrize("edition", BOARDS)
def test_each_committed_placement_equals_a_fresh_computation(edition, size, kw):
    board = ttr_nb.load_board(edition)
    stored = committed_labels(board, **kw)
    assert stored is not None, (f"no committed {size} placement for {edition} (or the board changed since): "
                                f"run `{COMMAND}`")
    fresh = label_positions(board, kw["length"], kw["size"], kw["scale"], kw["width"], kw["country_size"])
    moved = sorted(name for name in fresh if stored[name] != fresh[name])
    assert not moved, f"the committed {size} placement of {edition} is out of date for {moved}: run `{COMMAND}`"


def test_the_file_text_is_what_the_command_writes():
    board = ttr_nb.load_board("switzerland")
    data = json.loads((FOLDER / "switzerland.json").read_text(encoding="utf-8"))
    assert data["board"] == "switzerland" and data["fingerprint"] == fingerprint(board)
    assert [p["text size"] for p in data["placements"]] == [name for name, _ in SIZES] == ["default", "projector"]
    stored = {name: committed_labels(board, **kw) for name, kw in SIZES}
    text = label_files.placement_text({**data, "placements": [
        {**{k: v for k, v in p.items() if k != "labels"}, "labels": stored[p["text size"]]}
        for p in data["placements"]]})
    assert text == (FOLDER / "switzerland.json").read_text(encoding="utf-8")


def test_a_standard_figure_reads_its_names_and_computes_nothing(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a standard figure of a packaged board computed its placement")

    monkeypatch.setattr("ttr_nb.viz.label_files.label_positions", refuse)
    label_files._board_labels.cache_clear()      # nothing placed yet
    for edition in BOARDS:
        board = ttr_nb.load_board(edition)
        for _, kw in SIZES:
            labels = board_labels(board, kw["size"], kw["scale"], kw["country_size"])
            assert sorted(labels) == sorted(c.name for c in board.cities if not c.is_country)
    for kw in ({}, dict(text_size="projector"), dict(widget=True)):
        board_figure("usa", **kw)


def test_a_figure_drawn_smaller_keeps_the_committed_placement_inside_its_frame(monkeypatch):
    """Placed afresh for a small scale, names crowd away from their dots (and it costs seconds):
    a board drawn smaller keeps the committed placement, each name moved inside the frame."""
    from ttr_nb.viz.labels import label_box

    calls = []
    monkeypatch.setattr("ttr_nb.viz.label_files.label_positions", lambda *a, **k: calls.append(a) or {})
    label_files._board_labels.cache_clear()
    small = board_figure("usa", width=600)
    view = small._ttr_view
    assert calls == [] and view.label_scale == 0.46 and view.drawn_scale < 0.35
    names = next(t for t in small.data if t.meta == "city names")
    board, kept = view.board, view._city_labels()
    placed = board_labels(board, 13.0, 0.46, 15.0)
    moved = [c for c in kept if kept[c] != placed[c]]
    assert moved and set(moved) < set(placed)          # only the names near the frame move
    for label in kept.values():
        x0, y0, x1, y1 = label_box(label, view.drawn_scale)
        assert x0 >= -0.01 and y0 >= -0.01 and x1 <= board.width + 0.01 and y1 <= board.height + 0.01
    assert list(names.x) == [kept[c.name].x for c in board.cities if not c.is_country]


def test_a_changed_board_or_another_size_gets_no_committed_placement():
    board = ttr_nb.load_board("usa")
    (_, kw), _ = SIZES
    assert committed_labels(board, **kw) is not None
    assert committed_labels(board, **{**kw, "scale": 0.4}) is None
    assert committed_labels(board, **{**kw, "size": 14.0}) is None
    assert committed_labels(board, **{**kw, "length": 50.0}) is None
    moved = dataclasses.replace(board, cities=tuple(dataclasses.replace(c, x=c.x + 5) if c.name == "Denver" else c
                                                    for c in board.cities))
    assert fingerprint(moved) != fingerprint(board)
    assert committed_labels(moved, **kw) is None
    assert board_labels(moved, kw["size"], kw["scale"], kw["country_size"])["Denver"] \
        == label_positions(moved, size=kw["size"], scale=kw["scale"], country_size=kw["country_size"])["Denver"]


def test_the_module_examples_run():
    import doctest

    result = doctest.testmod(label_files)
    assert result.attempted > 0 and result.failed == 0
