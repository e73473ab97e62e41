"""The tournament's charts show the table's figures: win rates with their intervals, the
score's parts, the wins from each seat."""
from __future__ import annotations

import pytest

from ttr_nb.analysis.tournament import part_title, tournament
from ttr_nb.viz import Figure, tournament_figure


def test_the_charts_show_the_rates_intervals_parts_and_seats_of_the_table():
    result = tournament("europe", ["route-focus", "long-route", "random"], games=3, seed=2, progress=False)
    fig = tournament_figure(result)
    assert isinstance(fig, Figure)
    rows = result.rows()
    wins, *rest = fig.data
    assert list(wins.x) == result.shown_labels() and list(wins.y) == [r.rate for r in rows]
    for r, up, down in zip(rows, wins.error_y.array, wins.error_y.arrayminus):
        assert (r.rate - down, r.rate + up) == pytest.approx(r.interval)
    parts = [t for t in rest if t.legendgroup == "parts"]
    assert [t.name for t in parts] == [part_title(p) for p in result.parts()]
    for r, k in zip(rows, range(len(rows))):        # the stacked parts add up to the mean score
        assert sum(t.y[k] for t in parts) == pytest.approx(r.score)
    seats = [t for t in rest if t.legendgroup == "seats"]
    assert [t.name for t in seats] == ["seat 1", "seat 2", "seat 3"]
    for s, t in enumerate(seats):
        assert list(t.y) == [w / n for w, n in (r.seat_wins[s] for r in rows)]
    assert "Europe, 3 players, 3 games" in fig.layout.title.text
