"""The responsive layout of the widgets that show a board (kept together, in one place, so that
it can join the widgets' stylesheet).

The board takes the width of its box: a `BoxWidth` (a zero-height element beside the figure)
reports the box's width whenever it changes (and outlines the route under the pointer), and the figure is sized to it with
`ttr_nb.viz.fit_width` (its height in the board's proportions).  plotly's FigureWidget cannot
do this itself: in JupyterLab 4 it is drawn once at 700 px and never told of a resize.  A side
panel sits beside the board when there is room and wraps below it when the cell is narrow
(JupyterLab at 1280 px with the file browser open): every row that holds a board wraps.
"""
from __future__ import annotations

from typing import Callable

import anywidget
import ipywidgets as W
import traitlets

from ..viz import fit_width

__all__ = ["RESPONSIVE", "BoxWidth", "board_box"]

# ipywidgets Layout keywords
RESPONSIVE = {
    # the box round a board figure: a column, so that what is in it stretches to its width
    "board": dict(flex="1 1 640px", min_width="0", max_width="100%", overflow="hidden"),
    # a board and its panel
    "row": dict(flex_flow="row wrap", align_items="flex-start", width="100%"),
    # a panel beside a board
    "panel": dict(flex="1 1 400px", min_width="0", max_width="100%"),
}

_ESM = """
const OUTLINE = "stroke:#111;stroke-width:2.5px;stroke-opacity:0.8;fill:#111;fill-opacity:0.28";

function hookHover(gd) {
  // outline every space of the route under the pointer, in the page: restyling the figure from
  // Python would redraw it, and a redraw between a button's press and release loses the click
  if (gd._ttrHover || !gd.on || !gd._fullData) return;
  gd._ttrHover = true;
  let shown = [];
  const clear = () => { shown.forEach(p => p.removeAttribute("data-ttr-hover")); shown = []; };
  gd.on("plotly_hover", (ev) => {
    clear();
    const pt = ev.points && ev.points[0];
    if (!pt || !["routes", "route spaces"].includes(pt.data.meta)) return;
    const trace = gd._fullData.find(t => t.meta === "route spaces");
    const group = trace && gd.querySelector(".scatterlayer .trace" + trace.uid);
    if (!group) return;
    const points = group.querySelectorAll("path.point");
    trace.customdata.forEach((ri, k) => {
      if (ri === pt.customdata && points[k]) { points[k].setAttribute("data-ttr-hover", ""); shown.push(points[k]); }
    });
  });
  gd.on("plotly_unhover", clear);
}

export default {
  render({ model, el }) {
    el.style.width = "100%";
    el.style.height = "0";
    const style = document.createElement("style");
    style.textContent = `.ttr-board path.point[data-ttr-hover] { ${OUTLINE} !important; }`;
    el.appendChild(style);
    let last = 0, timer = null;
    const report = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0 && Math.abs(w - last) > 2) { last = w; model.set("width", w); model.save_changes(); }
    };
    const observer = new ResizeObserver(() => { clearTimeout(timer); timer = setTimeout(report, 120); });
    observer.observe(el);
    report();
    const board = () => { const box = el.closest(".ttr-board"); return box && box.querySelector(".js-plotly-plot"); };
    const poll = setInterval(() => { const gd = board(); if (gd) hookHover(gd); }, 500);
    return () => { observer.disconnect(); clearTimeout(timer); clearInterval(poll); };
  }
};
"""


class BoxWidth(anywidget.AnyWidget):
    """An invisible element beside a board figure: it reports the width (px) of the box it is
    in, as `width`, and outlines the route under the pointer (every space of it), in the page."""

    _esm = _ESM
    width = traitlets.Int(0).tag(sync=True)


def board_box(figure, board_of: Callable, children=()) -> W.VBox:
    """A box holding a board `figure` (and `children` under it) whose figure follows the
    box's width; `board_of()` gives the board shown now (a mirror switches boards)."""
    sizer = BoxWidth()

    def resized(change) -> None:
        if change["new"] > 0:
            fit_width(figure, board_of(), change["new"])

    sizer.observe(resized, names="width")
    box = W.VBox([sizer, figure, *children], layout=W.Layout(**RESPONSIVE["board"]))
    box.add_class("ttr-board")
    box._ttr_sizer = sizer
    return box
