"""The responsive layout of the widgets that show a board (kept together, in one place, so that
it can join the widgets' stylesheet).

The board takes the width of its cell (its figure has no fixed width, and
``ttr_nb.viz.fit_height`` keeps its height in proportion); a side panel sits beside it when
there is room and wraps below it when the cell is narrow (JupyterLab at 1280 px with the file
browser open): every row that holds a board wraps.  Values are ipywidgets ``Layout`` keywords.
"""
from __future__ import annotations

__all__ = ["RESPONSIVE"]

RESPONSIVE = {
    # the box round a board figure: a column, so the figure stretches to its width
    "board": dict(flex="1 1 640px", min_width="0", max_width="100%"),
    # a board and its panel
    "row": dict(flex_flow="row wrap", align_items="flex-start", width="100%"),
    # a panel beside a board
    "panel": dict(flex="1 1 400px", min_width="0", max_width="660px"),
}
