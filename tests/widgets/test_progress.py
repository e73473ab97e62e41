"""A tournament's progress bar in a notebook (`ttr_nb.widgets.progress.GamesProgress`): a tournament
moves it to its last game, it says the games in the language chosen, and it refuses no games."""
from __future__ import annotations

import doctest

import pytest

from ttr_nb.analysis.tournament import tournament
from ttr_nb.engine.i18n import using
from ttr_nb.widgets import progress
from ttr_nb.widgets.progress import GamesProgress


def test_the_doctests():
    with using("en"):                     # the doctest's label is English
        assert doctest.testmod(progress).failed == 0


def test_a_tournament_moves_the_bar_to_its_last_game():
    bar = GamesProgress(3)
    tournament("usa", ["route-focus", "long-route"], games=3, seed=4, progress=bar)
    assert bar.bar.value == bar.bar.max == 3
    assert bar.label.value.startswith(bar._text(3) + ", ") and bar.label.value.endswith(" s")


def test_the_bar_speaks_danish_and_refuses_no_games():
    with using("da"):
        bar = GamesProgress(300)
        bar(1500 // 10)
        assert bar.label.value == "150/300 spil"
    with pytest.raises(ValueError, match="at least 1 game"):
        GamesProgress(0)
