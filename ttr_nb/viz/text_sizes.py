"""The text sizes of the board figures, and the scale at which each places the city names.

A module of its own, read by the figures (`ttr_nb.viz.board`) and by the committed placements
of the names (`ttr_nb.viz.label_files`, one for each text size)."""
from __future__ import annotations

__all__ = ["TEXT_SIZES", "LABEL_SCALES"]

#: Text sizes in px: ``"default"`` reads at 1280 px wide, ``"projector"`` from the back of a room.
TEXT_SIZES: dict[str, dict[str, float]] = {
    "default": dict(city=13.0, number=12.0, legend=13.0, title=18.0, country=15.0, letter=9.0, hover=13.0),
    "projector": dict(city=20.0, number=16.0, legend=17.0, title=24.0, country=20.0, letter=12.0, hover=17.0),
}
#: The pixels per board unit each text size places city names for (see labels.LABEL_SCALE):
#: the smallest board drawn at 1280 px (a static figure of board.DEFAULT_WIDTH), and a board on a
#: 1920-pixel projector (1446 px wide, as JupyterLab shows it with the file browser open).  At
#: the projector size a name is 20 px, and never under 16 px where it is drawn smaller to fit.
#: A board drawn smaller keeps its placement, each name kept inside the frame.
LABEL_SCALES = {"default": 0.46, "projector": 0.82}
