"""`GamesProgress`: a progress bar for a tournament played in a notebook.

    >>> bar = GamesProgress(300)
    >>> bar(150)
    >>> bar.bar.value, bar.label.value
    (150, '150/300 games')

A tournament (`ttr_nb.analysis.tournament.tournament`) tells its `progress` callable the games
played so far; in a terminal it draws a line of its own, in a notebook it draws nothing unless
given this bar: ``tournament("usa", [...], games=300, progress=GamesProgress(300))``. Show the
bar (the cell's last line, or `display`) before the games start, so it moves as they are played.
"""
from __future__ import annotations

import time

import ipywidgets as W

from ..engine.i18n import translations
from ..engine.numerals import whole

_, ngettext = translations("widgets")

__all__ = ["GamesProgress"]


class GamesProgress(W.HBox):
    """A bar and a line of text: games played out of `total`, and the seconds taken so far."""

    def __init__(self, total: int):
        if not isinstance(total, int) or total < 1:
            raise ValueError(f"A progress bar counts at least 1 game, not {total!r}.")
        self.total = total
        self.bar = W.IntProgress(value=0, min=0, max=total, layout=W.Layout(width="320px"))
        self.label = W.Label(self._text(0))
        self.start = time.perf_counter()
        super().__init__([self.bar, self.label])

    def _text(self, done: int) -> str:
        # Translators: a tournament's progress: "150/300 games"
        return ngettext("{done}/{total} game", "{done}/{total} games", self.total).format(
            done=whole(done), total=whole(self.total))

    def __call__(self, done: int) -> None:
        self.bar.value = min(done, self.total)
        text = self._text(done)
        if done >= self.total:
            # Translators: after a tournament's progress: "300/300 games, 4 s"
            text = _("{games}, {seconds} s").format(games=text, seconds=whole(round(time.perf_counter() - self.start)))
        self.label.value = text
