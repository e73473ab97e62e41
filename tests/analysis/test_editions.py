"""The editions-compared table: every edition a column, the edition record's rows plus the
board's own rules (what pays a ferry's locomotive symbol, the draw bonus), read from the files."""
from __future__ import annotations

import ttr_nb
from ttr_nb.analysis.editions import DRAW_BONUS_ROW, FERRY_ROW, compared, differences, rule_rows


def test_every_edition_is_a_column_and_every_summary_row_is_a_row():
    table = compared()
    for row, values in table.items():
        assert list(values) == ttr_nb.editions(), row
    for e in ttr_nb.editions():
        summary = ttr_nb.load_rules(e).summary()
        assert set(summary) <= set(table)
        assert all(table[row][e] == str(v) for row, v in summary.items())


def test_the_board_rows_follow_the_locomotive_row():
    rows = list(rule_rows("usa"))
    k = rows.index("locomotives wild on")
    assert rows[k + 1:k + 3] == [FERRY_ROW, DRAW_BONUS_ROW]


def test_what_pays_a_ferry_symbol_comes_from_the_board():
    table = compared(["usa", "europe", "nordic"])[FERRY_ROW]
    assert table == {"usa": "no ferries on this board", "europe": "a locomotive",
                     "nordic": "a locomotive, or any 3 cards"}


def test_the_new_rules_of_northern_lights_are_rows():
    rows = rule_rows("northernlights")
    board = ttr_nb.load_game("northernlights").board
    marked = [r for r in board.routes if r.draw_bonus]
    assert rows[FERRY_ROW] == "a locomotive, or 2 cards of one colour"
    assert rows[DRAW_BONUS_ROW] == f"{len(marked)} routes marked +1, +2 or +3: that many cards drawn blind after the claim"
    assert {r.draw_bonus for r in marked} == {1, 2, 3}
    assert rows["triple routes"].startswith("2 players: 1 track, 3 players: 2 tracks")
    assert rows["bonus cards"].startswith("4 drawn at setup")
    assert rows["board data"].startswith("provisional")
    assert rows["route points"] == "1→1, 2→2, 3→4, 4→7, 5→10"
    assert rows["display flush"] == "never"
    for row in (FERRY_ROW, DRAW_BONUS_ROW, "triple routes", "bonus cards", "board data"):
        assert row in differences("northernlights"), row


def test_differences_are_the_rows_whose_values_differ():
    assert differences("usa") == []
    europe = differences("europe")
    table = compared(["usa", "europe"])
    assert europe == [row for row, v in table.items() if v["usa"] != v["europe"]]
    assert "stations" in europe and FERRY_ROW in europe and DRAW_BONUS_ROW not in europe
