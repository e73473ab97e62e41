"""The responsive layout of the widgets that show a board (kept together, in one place, so that
it can join the widgets' stylesheet).

One screen: at the sizes a classroom uses (1280×800 with JupyterLab's file browser open, a
projector), a widget's board, its controls and its status line share the first screen, so a
refusal is never shown off screen.

- **The board fits the visible height.**  A `BoxSize` (a zero-height element above the figure)
  reports the width of the board's box and the height the board may take: the visible height
  of the page (the notebook's scrolling panel, or the window) less what the widget shows above
  the board and the board's tools below it.  The figure is sized to the smaller of the two with
  `ttr_nb.viz.fit_width` (a landscape board by its width, a portrait one by the height).  plotly's
  FigureWidget cannot do this itself: in JupyterLab 4 it is drawn once at 700 px and never told
  of a resize.
- **One click away, under every board** (`BoardFrame`): *Large names* (city names at the
  projector size, at least 16 px), *Colour letters* (each open space carries its printed
  colour's letter, for a colour-blind reader) and *Enlarge board* (the board as wide as its box,
  taller than the screen).
- **Side by side where the width allows** (`split`): the board and a panel (the controls and the
  status line on top, the rest under them) sit side by side when the widget is wide enough for
  both (a landscape board: 1100 px; a portrait board, which is narrow when it fits the height:
  780 px); otherwise the panel's top part comes *above* the board, so the status line stays next
  to the controls, and its bottom part below.  This is a CSS grid switched by a container query
  on the widget's own width (`ttr-root`), so it follows the cell, not the window.
"""
from __future__ import annotations

from typing import Callable

import anywidget
import ipywidgets as W
import traitlets

from ..engine.i18n import translations
from ..viz import fit_width
from ..viz.board import MAX_BOARD_HEIGHT

_, ngettext = translations("widgets")

__all__ = ["RESPONSIVE", "LAYOUT_CSS", "BoxSize", "BoardFrame", "split", "mark_root", "SIDE_BY_SIDE",
           "MIN_BOARD_HEIGHT", "ENLARGED_HEIGHT"]

# ipywidgets Layout keywords
RESPONSIVE = {
    # the box round a board figure: a column, so that what is in it stretches to its width
    "board": dict(flex="1 1 640px", min_width="0", max_width="100%", overflow="hidden"),
    # a board and its panel
    "row": dict(flex_flow="row wrap", align_items="flex-start", width="100%"),
    # a panel beside a board
    "panel": dict(flex="1 1 400px", min_width="0", max_width="100%"),
}

#: The widths (px) of a widget from which its board and panel sit side by side, by the board's shape.
SIDE_BY_SIDE = {"landscape": 1100, "portrait": 780}
#: The panel's width beside the board (px).
PANEL_WIDTH = 440
#: A board fitted to a short screen is never made lower than this (px).
MIN_BOARD_HEIGHT = 320
#: An enlarged board: as wide as its box, up to this height (px).
ENLARGED_HEIGHT = 1800
#: The board keeps its size while the height left for it changes by less than this (px): a
#: status line wrapping onto a second line would otherwise resize the board (and move the route
#: under the pointer) at every click.
STEADY = 30


#: A text that explains the board (the scoring walkthrough's steps) sits beside it from this width
#: (px) whatever the board's shape: stacked, the text would push the board off the screen.
TEXT_BESIDE_FROM = 760

def _beside(panel: str) -> str:
    return (f"grid-template-columns: minmax(0, 1fr) {panel}; grid-template-rows: auto 1fr; "
            "grid-template-areas: 'board top' 'board bottom';")


#: The panel's width beside the board, by the board's shape (a portrait board fitted to the
#: height is narrow: its panel takes more of the width)
PANEL = {"landscape": f"min({PANEL_WIDTH}px, 45%)", "portrait": "min(560px, 56%)", "text": f"min({PANEL_WIDTH}px, 45%)"}


def _side_by_side(selector: str, width: int, panel: str) -> str:
    return f"@container ttr (min-width: {width}px) {{ {selector} {{ {_beside(panel)} }} }}"


LAYOUT_CSS = "\n".join([
    # (a container is as wide as its box, whatever its content: in a flex row, such as the app's, it says so)
    ".ttr-root { container: ttr / inline-size; width: 100%; box-sizing: border-box; }",
    # stacked: the panel's top part (controls, status line) above the board, its bottom part below
    ".ttr-split { display: grid !important; grid-template-columns: minmax(0, 1fr); "
    "grid-template-areas: 'top' 'board' 'bottom'; align-items: start; column-gap: 14px; width: 100%; }",
    ".ttr-split > .ttr-board { grid-area: board; }",
    ".ttr-split > .ttr-top { grid-area: top; min-width: 0; }",
    ".ttr-split > .ttr-bottom { grid-area: bottom; min-width: 0; }",
    *(_side_by_side(f".ttr-{shape} .ttr-split", width, PANEL[shape]) for shape, width in SIDE_BY_SIDE.items()),
    _side_by_side(".ttr-split.ttr-text-beside", TEXT_BESIDE_FROM, PANEL["text"]),
    # the one-click choices under a board
    ".ttr-board-tools { justify-content: flex-end; flex-wrap: wrap; }",
    ".ttr-board-tools .widget-toggle-button { height: 30px; font-size: 13px; margin: 2px 0 2px 6px; width: auto; }",
])

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

function visibleHeight(el) {
  // the height of the part of the page that scrolls the widget: a scrolled output area, or
  // JupyterLab's notebook panel, or (Voila, a page of its own) the window
  for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
    const oy = getComputedStyle(e).overflowY;
    if ((oy === "auto" || oy === "scroll" || oy === "overlay") && e.scrollHeight > e.clientHeight + 1)
      return Math.min(window.innerHeight, e.clientHeight);
  }
  const lab = el.closest(".jp-WindowedPanel-outer");      // a notebook too short to scroll yet
  return lab ? Math.min(window.innerHeight, lab.clientHeight) : window.innerHeight;
}

export default {
  render({ model, el }) {
    el.style.width = "100%";
    el.style.height = "0";
    el.classList.add("ttr-sizer");
    const style = document.createElement("style");
    style.textContent = `.ttr-board path.point[data-ttr-hover] { ${OUTLINE} !important; }`;
    el.appendChild(style);
    let timer = null;
    const reported = [];                  // the last two sizes reported, with when
    const report = () => {
      const box = el.closest(".ttr-board");
      const root = (box && box.closest(".ttr-root")) || box || el;
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w <= 0) return;
      // what shares the screen with the board: the widget above it, its tools below it
      const above = el.getBoundingClientRect().top - root.getBoundingClientRect().top;
      const tools = box ? box.querySelector(".ttr-board-tools") : null;
      const below = tools ? tools.getBoundingClientRect().height : 0;
      const h = Math.floor(visibleHeight(root) - above - below - 12);
      el.dataset.ttrWidth = w;            // what was reported, for the browser tests
      el.dataset.ttrHeight = h;
      const newWidth = Math.abs(w - model.get("width")) > 2, newHeight = Math.abs(h - model.get("height")) > 6;
      if (!newWidth && !newHeight) return;
      // A board that fits itself can make its box flip between two sizes (at one size a line above
      // it wraps, at the other it does not): a size reported, its answer, and back to the first
      // within a second is that loop, not the reader, and is not reported again.
      const now = Date.now(), [before, last] = [reported[reported.length - 2], reported[reported.length - 1]];
      if (before && last && now - last.at < 1000 && Math.abs(w - before.w) <= 2 && Math.abs(h - before.h) <= 6) {
        el.dataset.ttrDamped = String(Number(el.dataset.ttrDamped || 0) + 1);
        return;
      }
      reported.push({ w, h, at: now });
      if (reported.length > 2) reported.shift();
      if (newWidth) model.set("width", w);
      if (newHeight) model.set("height", h);
      model.save_changes();
    };
    const later = () => { clearTimeout(timer); timer = setTimeout(report, 120); };
    const observer = new ResizeObserver(later);
    observer.observe(el);
    window.addEventListener("resize", later);
    // the widget round the board: what is above the board changes (a choice panel opens)
    const watchRoot = setInterval(() => {
      const root = el.closest(".ttr-root");
      if (root) { observer.observe(root); clearInterval(watchRoot); later(); }
    }, 300);
    report();
    const board = () => { const box = el.closest(".ttr-board"); return box && box.querySelector(".js-plotly-plot"); };
    const poll = setInterval(() => { const gd = board(); if (gd) hookHover(gd); }, 500);
    return () => {
      observer.disconnect(); clearTimeout(timer); clearInterval(poll); clearInterval(watchRoot);
      window.removeEventListener("resize", later);
    };
  }
};
"""


class BoxSize(anywidget.AnyWidget):
    """An invisible element above a board figure: it reports the width (px) of the box it is in,
    as `width`, and the height the board may take so that the widget's part above the board,
    the board and its tools fit the visible page, as `height`; and it outlines the route under
    the pointer (every space of it), in the page.  Both are 0 until a browser shows it."""

    _esm = _ESM
    width = traitlets.Int(0).tag(sync=True)
    height = traitlets.Int(0).tag(sync=True)


class BoardFrame:
    """The box round a board figure (`box`): the figure follows the box's width and the visible
    height (`fit`), with three one-click choices under it, each also a method:

    - `large_names` (`set_large_names`): city names, numbers and legend at the projector size;
    - `colour_letters` (`set_colour_letters`): each open space carries its printed colour's letter;
    - `enlarge` (`set_enlarged`): the board as wide as its box, taller than the screen.

    ``restyle(option, value)`` is the owner's: it shows the choice on its board (option
    ``"text_size"`` with ``"default"`` / ``"projector"``, ``"colour_letters"`` with a bool, or
    ``"drawn_scale"`` with the px per board unit the board is drawn at after a fit).
    ``guard`` wraps the callbacks (the owner's `guarded`, so that no error is silent).
    ``tools_below=False``: the owner places `tools` itself (the game table, among its buttons).
    """

    def __init__(self, board_of: Callable, restyle: Callable[[str, object], None], *, guard: Callable = None,
                 colour_letters: bool = False, large_names: bool = False, tools_below: bool = True):
        guard = guard or (lambda fn: fn)
        self.board_of = board_of
        self.restyle = restyle
        self.figure = None
        self._limit: int | None = None       # the height limit the board was last fitted to
        self.sizer = BoxSize()
        self.sizer.observe(lambda change: self.fit(), names=["width", "height"])

        def toggle(value: bool, text: str, tip: str, cls: str) -> W.ToggleButton:
            t = W.ToggleButton(value=value, description=text, tooltip=tip, layout=W.Layout(width="auto"))
            t.add_class(cls)
            return t

        self.large_names = toggle(large_names, _("Large names"), _("city names large enough for the back of the "
                                                                    "room"), "ttr-large-names")
        self.colour_letters = toggle(colour_letters, _("Colour letters"),
                                     _("a letter on every open space names its colour (R red, O orange, Y yellow, "
                                       "G green, B blue, P pink, W white, K black)"), "ttr-colour-letters")
        self.enlarge = toggle(False, _("Enlarge board"), _("the board as wide as the page: taller than the screen"),
                              "ttr-enlarge")
        self.large_names.observe(guard(lambda c: self._restyle("text_size", "projector" if c["new"] else "default")),
                                 names="value")
        self.colour_letters.observe(guard(lambda c: self._restyle("colour_letters", bool(c["new"]))), names="value")
        self.enlarge.observe(guard(lambda c: self.fit()), names="value")
        self.tools = W.HBox([self.large_names, self.colour_letters, self.enlarge])
        self.tools.add_class("ttr-board-tools")
        self.tools_below = tools_below
        self.box = W.VBox([self.sizer, *self._below()], layout=W.Layout(**RESPONSIVE["board"]))
        self.box.add_class("ttr-board")

    @property
    def text_size(self) -> str:
        return "projector" if self.large_names.value else "default"

    def set_figure(self, figure) -> None:
        """Show this figure in the box (a new one replaces the old)."""
        self.figure = figure
        self.box.children = (self.sizer, figure, *self._below())
        self.fit()

    def _below(self) -> tuple:
        return (self.tools,) if self.tools_below else ()

    def _restyle(self, option: str, value) -> None:
        self.restyle(option, value)
        self.fit()

    def max_height(self) -> int:
        """The tallest the board may be drawn now: the visible height the browser reported (at
        least `MIN_BOARD_HEIGHT`), or `ENLARGED_HEIGHT` when enlarged or not yet measured."""
        if self.enlarge.value:
            return ENLARGED_HEIGHT
        if self.sizer.height <= 0:
            return MAX_BOARD_HEIGHT
        return max(MIN_BOARD_HEIGHT, self.sizer.height)

    def fit(self) -> bool:
        """Size the figure to the box's width and the visible height (as the browser last
        reported them). Returns whether its size changed."""
        if self.figure is None or self.sizer.width <= 0:
            return False
        board = self.board_of()
        limit = self.max_height()
        if self._limit is not None and abs(limit - self._limit) < STEADY:
            limit = self._limit              # a status line one line longer does not resize the board
        self._limit = limit
        changed = fit_width(self.figure, board, self.sizer.width, max_height=limit)
        layout = self.figure.layout
        self.restyle("drawn_scale", (layout.width - layout.margin.l - layout.margin.r) / board.width)
        return changed

    def set_large_names(self, on: bool = True) -> None:
        """City names at the projector size (on) or the normal one (off)."""
        self.large_names.value = bool(on)

    def set_colour_letters(self, on: bool = True) -> None:
        """A letter naming its colour on every open space (on), or none (off)."""
        self.colour_letters.value = bool(on)

    def set_enlarged(self, on: bool = True) -> None:
        """The board as wide as its box (on), or fitted to the visible height (off)."""
        self.enlarge.value = bool(on)


def shape_of(board) -> str:
    return "landscape" if board.width >= board.height else "portrait"


def mark_root(widget: W.Widget, board) -> W.Widget:
    """Mark a widget's outermost box as the container its layout follows (`ttr-root`), with the
    shape of the board it shows now (`ttr-landscape` or `ttr-portrait`)."""
    widget.add_class("ttr-root")
    shape = shape_of(board)
    for other in SIDE_BY_SIDE:
        if other != shape:
            widget.remove_class(f"ttr-{other}")
    widget.add_class(f"ttr-{shape}")
    return widget


def split(board: W.Widget, top=(), bottom=(), text_beside: bool = False) -> W.GridBox:
    """A board and its panel: `top` (the controls and the status line) and `bottom` (the rest)
    beside the board when the widget is wide enough, else `top` above it and `bottom` below.
    ``text_beside``: the panel is a text about the board, beside it from `TEXT_BESIDE_FROM` px."""
    upper = W.VBox(list(top), layout=W.Layout(min_width="0"))
    upper.add_class("ttr-top")
    lower = W.VBox(list(bottom), layout=W.Layout(min_width="0"))
    lower.add_class("ttr-bottom")
    grid = W.GridBox([board, upper, lower], layout=W.Layout(width="100%"))
    grid.add_class("ttr-split")
    if text_beside:
        grid.add_class("ttr-text-beside")
    return grid
