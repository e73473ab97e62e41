"""The widgets' board figures: made when first shown (`LazyBoard`), or one figure that shows
whichever board is chosen (`BoardMirror`).

Why one FigureWidget restyled, not one per edition: each FigureWidget costs its data and
layout (~150-200 KB) on the page (plotly.js comes once per page, `ttr_nb.viz.figure_widget`),
and the boards drawn by `ttr_nb.viz.BoardView` for the same number of seats have the same
fixed list of traces. So each edition's board is
drawn once as a plain `go.Figure` (~0.1 s, cached), and switching edition copies into the
single FigureWidget only the trace and layout properties that differ, inside one
`batch_update()`: one message to the browser, ~25 ms in Python. Nothing is added or
removed, so no widget leaks, and Voilà or a page reload shows the same board.
"""
from __future__ import annotations

from typing import Callable


from ..engine.callbacks import Callbacks
from ..viz import PLAYER_COLOURS, BoardView, Overlays, keep_state_fresh
from ..viz.board import WIDGET_CONFIG
from .responsive import BoardFrame

__all__ = ["LazyBoard", "BoardMirror", "board_size"]


def board_size(board, landscape_width: int = 800, portrait_height: int = 800) -> dict:
    """A board figure's size for a layout with a panel beside it on a 1400-pixel-wide projector page."""
    return dict(width=landscape_width) if board.width >= board.height else dict(height=portrait_height)


def _mirror_size(board) -> dict:
    return board_size(board, landscape_width=760, portrait_height=720)


class LazyBoard:
    """Mixin of a teaching widget: its one board `FigureWidget`, made on first use.

    A board figure costs its data and layout on the page (~150-200 KB; plotly.js comes once
    per page, `ttr_nb.viz.figure_widget`). So the figure is only made when the widget is shown (or
    `.view` / `.figure` is used), with the widget's children (`build`, when the widget is shown
    or put into a container): a table or walkthrough driven from Python and never displayed
    costs no figure at all. The highlight and overlays asked for before that are
    kept and drawn when the figure is made."""

    _view: BoardView | None = None
    _built = False                      # the children are made
    _frame: BoardFrame | None = None
    _board_tools_below = True           # False: the widget places the board's tools among its own buttons
    colour_blind: bool = False          # colour-blind mode of the board (a constructor argument)

    def _init_board(self, board_width: int | None) -> None:
        board = self.game.board
        self._board_size = board_size(board) if board_width is None else dict(width=board_width)
        self._responsive = board_width is None          # no width given: the board takes the cell's
        self._highlight = None
        self._overlays = Overlays()
        self.colours = tuple(PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i in range(self.game.players))

    @property
    def view(self) -> BoardView:
        """The `BoardView` of the widget's board (made on first use)."""
        if self._view is None:
            view = BoardView(self.state, widget=True, title="", highlight=self._highlight,
                             overlays=self._overlays, player_colours=self.colours, **self._board_size,
                             colour_blind=self.colour_blind, responsive=self._responsive)
            self._view = view
            self._board_made(view)
        return self._view

    @property
    def figure(self):
        """The board's `FigureWidget` (`ttr_nb.viz.figure_widget`)."""
        return self.view.figure

    @property
    def board_frame(self) -> BoardFrame:
        """The box round the board, with its one-click choices (large names, colour letters,
        enlarge): `board_frame.set_colour_letters(True)` does what a click on *Colour letters* does."""
        if self._frame is None:
            frame = BoardFrame(lambda: self.game.board, self._restyle_board, guard=self.guarded,
                               colour_letters=self.colour_blind, tools_below=self._board_tools_below)
            frame.set_figure(self.figure)
            if not self._responsive:         # a board of a fixed width keeps it
                frame.sizer.layout.display = "none"
                frame.enlarge.layout.display = "none"
            self._frame = frame
        return self._frame

    def _restyle_board(self, option: str, value) -> None:
        if option == "text_size":
            self.view.set_text_size(value)
        elif option == "drawn_scale":
            self.view.set_drawn_scale(value)
        else:
            self.colour_blind = value
            self.view.set_colour_letters(value)

    def build(self):
        """Make the widget's children, the board among them, if they are not made yet (this
        happens by itself when the widget is first shown or put into a container); returns the widget."""
        if not self._built:
            self._built = True
            self._build_tree()
        return self

    def _board_made(self, view: BoardView) -> None:
        """Hook: the figure was just made (register click callbacks here)."""

    def _build_tree(self) -> None:  # pragma: no cover - every widget defines it
        """Set the widget's children (the board's frame among them) and its classes."""
        raise NotImplementedError

    def _set_highlight(self, highlight) -> None:
        self._highlight = highlight or None
        if self._view is not None:
            self._view.set_highlight(self._highlight)

    def _set_overlays(self, overlays: Overlays) -> None:
        self._overlays = overlays
        if self._view is not None:
            self._view.set_overlays(overlays)


def _flat(d: dict, prefix: str = "") -> dict:
    """{'marker': {'color': 'red'}} -> {'marker.color': 'red'} (restyle paths); `meta` and
    lists are kept whole."""
    out = {}
    for k, v in d.items():
        if isinstance(v, dict) and v and k not in ("meta", "template"):
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[prefix + k] = v
    return out


def _trace_props(trace) -> dict:
    d = _flat(trace.to_plotly_json())
    d.pop("type", None)
    d.pop("uid", None)
    return d


def _layout_props(layout) -> dict:
    d = _flat(layout.to_plotly_json())
    d.pop("template", None)
    return d


class BoardMirror:
    """One `FigureWidget` showing whichever board is chosen.

    Boards are drawn by `ttr_nb.viz.BoardView` as plain figures, one per key (an edition),
    created on first use and kept. `show(key)` and `sync()` copy into the one FigureWidget
    only the trace and layout properties that differ from what it shows, inside one
    `batch_update()` (one "update" message to the browser). Restyle a board through its view (`mirror.view.set_highlight(...)`,
    `set_overlays(...)`), then call `sync()`. If a board ever has a different list of
    traces, the FigureWidget is replaced and the old one closed (`rebuilds` counts that).

    `widget` is a box holding the figure; `on_route_click(callback)` calls
    `callback(route_index)` when a route is clicked (`click_route` does the same).
    """

    def __init__(self, size: Callable | None = None, guard: Callable | None = None, **board_options):
        self.size = size or _mirror_size
        self.board_options = dict(responsive=True, **board_options)   # e.g. colour_blind=True
        self.views: dict = {}
        self.key = None
        self.figure = None                  # a ttr_nb.viz.figure_widget.FigureWidget, once shown
        # responsive: the figure follows the width of its box and the visible height (responsive.py)
        self.frame = BoardFrame(lambda: self.view.board, self._restyle, guard=guard,
                                colour_letters=bool(board_options.get("colour_blind")))
        self.widget = self.frame.box
        self.rebuilds = 0
        self.last_changed: tuple[str, ...] = ()
        self._shown: list[dict] = []
        self._shown_layout: dict = {}
        self._route_click = Callbacks()

    @property
    def view(self) -> BoardView:
        """The `BoardView` of the board shown now."""
        return self.views[self.key]

    def view_for(self, key, game) -> BoardView:
        if key not in self.views:
            self.views[key] = BoardView(game, **self.size(game.board), **self.board_options,
                                        text_size=self.frame.text_size)
        return self.views[key]

    def _restyle(self, option: str, value) -> None:
        """A one-click choice of the frame, on every board drawn (and those drawn later)."""
        if option == "drawn_scale":         # the board shown now (another one is fitted when shown)
            if self.view.set_drawn_scale(value) and self.figure is not None:
                self.sync()
            return
        for view in self.views.values():
            if option == "text_size":
                view.set_text_size(value)
            else:
                view.set_colour_letters(value)
        if option == "colour_letters":
            self.board_options["colour_blind"] = value
        if self.figure is not None:
            self.sync()

    def show(self, key, game) -> tuple[str, ...]:
        """Show the board of `game` (cached under `key`). Returns the traces restyled."""
        view = self.view_for(key, game)
        self.key = key
        names = [t.meta for t in view.figure.data]
        if self.figure is None or names != [t.meta for t in self.figure.data]:
            self._build(view)
            self.fit()
            return tuple(names)
        changed = self.sync()
        self.fit()
        return changed

    def fit(self) -> None:
        """Size the figure to its box's width and the visible height (as the browser last reported them)."""
        self.frame.fit()

    def sync(self) -> tuple[str, ...]:
        """Copy what changed in the current view's figure to the FigureWidget."""
        src = self.view.figure
        fig = self.figure
        new = [_trace_props(t) for t in src.data]
        new_layout = _layout_props(src.layout)
        changed = []
        # property assignments inside batch_update() go to the browser as ONE plotly "update"
        # message (fig.plotly_restyle would send, and redraw, once per call)
        with fig.batch_update():
            for i, (old, props) in enumerate(zip(self._shown, new)):
                diff = {k: v for k, v in props.items() if k not in old or old[k] != v}
                diff.update({k: None for k in old if k not in props})
                if diff:
                    tr = fig.data[i]
                    for k, v in diff.items():
                        tr[k] = v
                    changed.append(src.data[i].meta)
            ldiff = {k: v for k, v in new_layout.items() if self._shown_layout.get(k) != v}
            ldiff.update({k: None for k in self._shown_layout if k not in new_layout})
            for k, v in ldiff.items():
                fig.layout[k] = v
            if ldiff:
                changed.append("layout")
        self._shown, self._shown_layout = new, new_layout
        self.last_changed = tuple(changed)
        return self.last_changed

    def _build(self, view: BoardView) -> None:
        old = self.figure
        src = view.figure
        from ..viz.figure_widget import FigureWidget      # (plotly's widget module: imported when needed)
        self.figure = FigureWidget(data=src.data, layout=src.layout)
        self.figure._config = dict(WIDGET_CONFIG)
        keep_state_fresh(self.figure)
        self._shown = [_trace_props(t) for t in src.data]
        self._shown_layout = _layout_props(src.layout)
        for t in self.figure.data:
            if t.meta in ("routes", "route spaces"):      # a click anywhere on a route
                t.on_click(self._clicked)
        self.frame.set_figure(self.figure)
        if old is not None:
            self.rebuilds += 1
            old.close()
        self.last_changed = tuple(t.meta for t in src.data)

    def trace(self, name: str):
        """The FigureWidget's trace with the fixed name `name` (e.g. "routes", "payable")."""
        return next(t for t in self.figure.data if t.meta == name)

    def on_route_click(self, callback: Callable[[int], object], remove: bool = False) -> None:
        """Call ``callback(route_index)`` when a route is clicked (``remove=True``: stop)."""
        self._route_click.register(callback, remove)

    def click_route(self, route_index: int) -> None:
        """Do what a click on a route does."""
        self._route_click(route_index)

    def _clicked(self, trace, points, state) -> None:
        for k in points.point_inds:
            self.click_route(int(trace.customdata[k]))
