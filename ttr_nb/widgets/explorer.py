"""`EditionExplorer`: an edition's board, its rules beside the USA rules, and its board facts.

    >>> ex = EditionExplorer("usa", players=2)
    >>> ex.set_edition("nordic")
    True
    >>> edition_name(ex.rules), ex.players
    ('Nordic Countries', 2)
    >>> ex.set_players(5)                       # Nordic Countries is played by 2 to 3
    False
    >>> ex.status.text
    'Ticket to Ride: Nordic Countries is played by 2 to 3 players, not 5.'

Every control calls a public method (`set_edition`, `set_players`, `select_route`), so
notebooks, tests and browser tests drive the same code. The rules table is generated from
the edition records (`Rules.summary()`), the facts from `ttr_nb.analysis.board_stats`.

Also here: `BoardMirror`, the one `go.FigureWidget` that shows any board (used by the
payment checker too), and small HTML helpers shared by the widgets of this family.

Why one FigureWidget restyled, not one per edition: every FigureWidget ships the whole
plotly.js bundle (~5 MB) to the browser, and the boards drawn by `ttr_nb.viz.BoardView` for
the same number of seats have the same fixed list of traces. So each edition's board is
drawn once as a plain `go.Figure` (~0.1 s, cached), and switching edition copies into the
single FigureWidget only the trace and layout properties that differ, inside one
`batch_update()`: one message to the browser, ~25 ms in Python. Nothing is added or
removed, so no widget leaks, and Voilà or a page reload shows the same board.
"""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W
import plotly.graph_objects as go

from ..analysis.board_stats import board_stats, routes_by_colour, routes_by_length, spaces_by_colour
from ..engine import Match, load_game
from ..engine.cards import CARD_NAMES, COLOURS
from ..engine.errors import Reason
from ..engine.payments import describe_price
from ..engine.rules import load_rules
from ..viz import BoardView, fit_width, keep_state_fresh
from ..viz.board import ROUTE_COLOURS, WIDGET_CONFIG
from ..viz.cards import CARD_COLOURS
from .base import Controller
from .responsive import RESPONSIVE, BoxWidth

__all__ = ["EditionExplorer", "BoardMirror", "route_label", "route_facts", "board_size", "edition_name"]

_DARK = {"black", "blue", "green", "red", "pink"}

_FONT = 'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.35'


# --------------------------------------------------------------------------- small HTML helpers


def _esc(text) -> str:
    return html.escape(str(text))


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _chip(name: str, n: int | None = None, size: int = 15) -> str:
    """A train card as a coloured chip: 'red ×3'."""
    fg = "#ffffff" if name in _DARK else "#111111"
    label = "locomotive" if name == "loco" else name
    count = f" ×{n}" if n is not None else ""
    return (f"<span class='ttr-chip' style='display:inline-block;background:{CARD_COLOURS[name]};color:{fg};"
            f"border:1px solid #333;border-radius:5px;padding:1px 7px;margin:1px 3px 1px 0;font-size:{size}px;"
            f"font-weight:600;white-space:nowrap'>{label}{count}</span>")


def _cards_chips(cards, size: int = 14) -> str:
    return "".join(_chip(CARD_NAMES[i], n, size) for i, n in enumerate(cards) if n)


def _mini_cards(cards) -> str:
    """A payment as small coloured squares with counts (compact, beside its words)."""
    out = []
    for i, n in enumerate(cards):
        if n:
            name = CARD_NAMES[i]
            fg = "#ffffff" if name in _DARK else "#111111"
            out.append(f"<span title='{n} {name}' style='display:inline-block;min-width:19px;height:19px;"
                       f"line-height:19px;background:{CARD_COLOURS[name]};color:{fg};border:1px solid #444;"
                       f"border-radius:3px;text-align:center;font-size:12px;font-weight:700;margin-right:2px;"
                       f"vertical-align:middle'>{n}</span>")
    return "<span class='ttr-mini-cards' style='white-space:nowrap'>" + "".join(out) + "</span>"


def _swatch(colour: str, border: str = "#333") -> str:
    return (f"<span style='display:inline-block;width:14px;height:14px;border-radius:3px;background:{colour};"
            f"border:1px solid {border};vertical-align:-2px;margin-right:6px'></span>")


def route_label(route) -> str:
    """'Stockholm–Turku', 'Denver–Kansas City (route 2)'."""
    text = f"{route.a} – {route.b}".replace(" – ", "–")
    if "#" in route.key:
        text += f" (route {route.key.rsplit('#', 1)[1]})"
    return text


def _route_kind(route) -> str:
    if route.tunnel:
        return "tunnel"
    if route.ferry_locomotives:
        n = route.ferry_locomotives
        text = f"ferry with {_plural(n, 'locomotive symbol')}"
        if route.any_cards_substitute:
            text += f" (any {route.any_cards_substitute} cards may replace a locomotive)"
        return text
    if route.any_cards_substitute:
        return f"any {route.any_cards_substitute} cards may replace one card"
    return ""


def route_facts(game, route) -> str:
    """One sentence about a route: its spaces, kind, points and price (from the engine)."""
    ri = game.route_index(route)
    r = game.board.routes[ri]
    colour = "grey" if r.colour == "gray" else r.colour
    kind = _route_kind(r)
    pts = game.route_points[ri]
    return (f"{route_label(r)}: {_plural(r.length, colour + ' space')}{', ' + kind if kind else ''}, "
            f"{_plural(pts, 'point')}. It costs {describe_price(game.prices[ri])}.")


def edition_name(rules) -> str:
    """'USA', 'Europe', 'Nordic Countries': an edition's title without 'Ticket to Ride'."""
    title = rules.title
    if title.startswith("Ticket to Ride (") and title.endswith(")"):
        return title[len("Ticket to Ride ("):-1]
    for prefix in ("Ticket to Ride: ", "Ticket to Ride "):
        if title.startswith(prefix):
            return title[len(prefix):]
    return title


def board_size(board, landscape_width: int = 760, portrait_height: int = 720) -> dict:
    """A board figure's size for a layout with a panel beside it on a 1400-pixel page."""
    return dict(width=landscape_width) if board.width >= board.height else dict(height=portrait_height)


# --------------------------------------------------------------------------- the board mirror


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
    """One `go.FigureWidget` showing whichever board is chosen.

    Boards are drawn by `ttr_nb.viz.BoardView` as plain figures, one per key (an edition),
    created on first use and kept. `show(key)` and `sync()` copy into the one FigureWidget
    only the trace and layout properties that differ from what it shows, inside one
    `batch_update()` (one "update" message to the browser). Restyle a board through its view (`mirror.view.set_highlight(...)`,
    `set_overlays(...)`), then call `sync()`. If a board ever has a different list of
    traces, the FigureWidget is replaced and the old one closed (`rebuilds` counts that).

    `widget` is a box holding the figure; `on_route_click(callback)` calls
    `callback(route_index)` when a route marker is clicked (`click_route` does the same).
    """

    def __init__(self, size: Callable | None = None, **board_options):
        self.size = size or board_size
        self.board_options = dict(responsive=True, **board_options)   # e.g. colour_blind=True
        self.views: dict = {}
        self.key = None
        self.figure: go.FigureWidget | None = None
        # responsive: the figure follows the width of its box (see responsive.py)
        self.sizer = BoxWidth()
        self.sizer.observe(lambda change: self.fit(), names="width")
        self.widget = W.VBox([self.sizer], layout=W.Layout(**RESPONSIVE["board"]))
        self.widget.add_class("ttr-board")
        self.rebuilds = 0
        self.last_changed: tuple[str, ...] = ()
        self._shown: list[dict] = []
        self._shown_layout: dict = {}
        self._route_click: list[Callable] = []

    @property
    def view(self) -> BoardView:
        """The `BoardView` of the board shown now."""
        return self.views[self.key]

    def view_for(self, key, game) -> BoardView:
        if key not in self.views:
            self.views[key] = BoardView(game, **self.size(game.board), **self.board_options)
        return self.views[key]

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
        """Size the figure to the width of its box (as the browser last reported it)."""
        if self.figure is not None and self.sizer.width > 0:
            fit_width(self.figure, self.view.board, self.sizer.width)

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
        self.figure = go.FigureWidget(data=src.data, layout=src.layout)
        self.figure._config = dict(WIDGET_CONFIG)
        keep_state_fresh(self.figure)
        self._shown = [_trace_props(t) for t in src.data]
        self._shown_layout = _layout_props(src.layout)
        for t in self.figure.data:
            if t.meta in ("routes", "route spaces"):      # a click anywhere on a route
                t.on_click(self._clicked)
        self.widget.children = (self.sizer, self.figure)
        if old is not None:
            self.rebuilds += 1
            old.close()
        self.last_changed = tuple(t.meta for t in src.data)

    def trace(self, name: str):
        """The FigureWidget's trace with the fixed name `name` (e.g. "routes", "payable")."""
        return next(t for t in self.figure.data if t.meta == name)

    def on_route_click(self, callback: Callable[[int], object], remove: bool = False) -> None:
        if remove:
            if callback in self._route_click:
                self._route_click.remove(callback)
        else:
            self._route_click.append(callback)

    def click_route(self, route_index: int) -> None:
        for cb in list(self._route_click):
            cb(route_index)

    def _clicked(self, trace, points, state) -> None:
        for k in points.point_inds:
            self.click_route(int(trace.customdata[k]))


# --------------------------------------------------------------------------- the explorer


def _bar_rows(items, colour_of=None, width: int = 170) -> str:
    """Rows 'label  ███ n' as HTML (a bar chart without a second FigureWidget)."""
    items = list(items)
    top = max((n for _, n in items), default=1) or 1
    rows = []
    for label, n in items:
        colour = colour_of(label) if colour_of else "#5b7db1"
        swatch = _swatch(colour) if colour_of else ""
        rows.append(
            f"<tr><td style='padding:1px 8px 1px 0;white-space:nowrap'>{swatch}{_esc(label)}</td>"
            f"<td style='padding:1px 0'><div style='display:inline-block;height:13px;width:{max(2, round(width * n / top))}px;"
            f"background:{colour};border:1px solid #555;border-radius:2px;vertical-align:-1px'></div>"
            f"<span style='margin-left:6px'>{n}</span></td></tr>")
    return "<table style='border-collapse:collapse;font-size:13px;line-height:1.25'>" + "".join(rows) + "</table>"


def _colour_name(c: str) -> str:
    return "grey" if c == "gray" else c


class EditionExplorer(Controller):
    """Explore an edition: ``EditionExplorer(edition="usa", players=2)``.

    Shows the board, the edition's rules side by side with the USA rules (rows that differ
    are marked), what the player count changes (double routes), and board statistics:
    routes by length and colour, tunnels, ferries, double routes, train spaces.

    Public methods (every control calls one): `set_edition(edition)`, `set_players(n)`,
    `select_route(route)` (also a click on a route marker). Each returns whether it was
    done; a refusal shows the engine's sentence in `status`.

    Attributes: `edition`, `players`, `game`, `rules`, `match` (a `Match` of the edition for
    `players`), `stats` (dict from `board_stats`), `rule_rows` (rule, USA value, this
    edition's value, differs?), `selected` (route index or None), `mirror` (the one
    `BoardMirror`), `figure` (its FigureWidget), `view` (the BoardView shown).
    """

    def __init__(self, edition: str = "usa", players: int = 2, *, colour_blind: bool = False, **options):
        game = load_game(edition, players=players, **options)
        super().__init__(Match(game))
        self.options = dict(options)
        self.selected: int | None = None
        self._quiet = False
        self.mirror = BoardMirror(colour_blind=colour_blind)
        self.mirror.on_route_click(self.guarded(self.select_route))
        self._build_widgets()
        self._show_edition(first=True)
        self.status.show(f"{edition_name(self.rules)} for {_plural(self.players, 'player')}: hover a route or click its "
                         f"marker for its price.")

    # ------------------------------------------------------------------ properties
    @property
    def edition(self) -> str:
        return self.game.rules.id

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def rules(self):
        return self.game.rules

    @property
    def figure(self):
        return self.mirror.figure

    @property
    def view(self) -> BoardView:
        return self.mirror.view

    @property
    def stats(self) -> dict:
        return board_stats(self.game.board)

    @property
    def rule_rows(self) -> list[tuple[str, str, str, bool]]:
        """(rule, USA, this edition, differs) for every row of `Rules.summary()`."""
        usa = load_rules("usa").summary()
        this = self.rules.summary()
        return [(k, str(usa.get(k, "—")), str(v), str(usa.get(k, "—")) != str(v)) for k, v in this.items()]

    @property
    def doubles_usable(self) -> bool:
        """Whether both routes of a double route can be claimed with this many players."""
        return self.game.doubles_open

    # ------------------------------------------------------------------ public actions
    def set_edition(self, edition: str) -> bool:
        """Show another edition (the player count is kept if the edition allows it, else the
        nearest allowed count)."""
        try:
            rules = load_rules(edition)
        except ValueError as e:
            self.status.show(str(e), "refused", "unknown-edition")
            return False
        players = min(max(self.players, rules.min_players), rules.max_players)
        note = "" if players == self.players else (f" ({edition_name(rules)} is played by {rules.min_players} to "
                                                   f"{rules.max_players} players, so {players} now)")
        self.match = Match(load_game(edition, players=players))
        self.selected = None
        self._show_edition()
        self.status.ok(f"{edition_name(rules)} for {_plural(players, 'player')}{note}.")
        return True

    def set_players(self, players: int) -> bool:
        """Change the number of players (within the edition's limits)."""
        try:
            game = load_game(self.edition, players=players)
        except ValueError as e:
            self.status.show(str(e), "refused", "players")
            self._sync_controls()
            return False
        self.match = Match(game)
        self._show_players()
        self.status.ok(f"{edition_name(self.rules)} for {_plural(players, 'player')}: " + self._doubles_sentence())
        return True

    def select_route(self, route) -> bool:
        """Outline a route (key, index or Route) and say what it costs."""
        ri = self.route_or_refuse(route)
        if ri is None:
            return False
        self.selected = ri
        self._show_highlight()
        self.status.show(route_facts(self.game, ri))
        return True

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        from ..engine import editions
        self.edition_select = W.Dropdown(options=[(edition_name(load_rules(e)), e) for e in editions()],
                                         value=self.edition, description="Edition", layout=W.Layout(width="250px"))
        self.edition_select.add_class("ttr-edition")
        self.players_select = W.Dropdown(description="Players", layout=W.Layout(width="160px"))
        self.players_select.add_class("ttr-players")
        self.edition_select.observe(self.guarded(self._on_edition), names="value")
        self.players_select.observe(self.guarded(self._on_players), names="value")
        self.doubles = W.HTML(layout=W.Layout(max_width="760px"))
        self.doubles.add_class("ttr-doubles")
        self.rules_html = W.HTML(layout=W.Layout(width="auto"))   # (100% plus its margins would overflow)
        self.rules_html.add_class("ttr-rules")
        self.stats_html = W.HTML(layout=W.Layout(max_width="780px"))
        self.stats_html.add_class("ttr-stats")
        controls = W.HBox([self.edition_select, self.players_select],
                          layout=W.Layout(align_items="center", flex_flow="row wrap"))
        # the board facts go under a landscape board, beside a portrait one (under the rules),
        # so a 1000-pixel-high projector page shows everything
        self._left = left = W.VBox([self.mirror.widget, self.doubles, self.stats_html],
                                   layout=W.Layout(**RESPONSIVE["board"]))
        self._right = right = W.VBox([self.rules_html], layout=W.Layout(**RESPONSIVE["panel"], padding="0 0 0 14px"))
        self.widget = W.VBox([controls, self.status.widget, W.HBox([left, right],
                                                                   layout=W.Layout(**RESPONSIVE["row"])),
                              self.errors])
        self.widget.add_class("ttr-explorer")

    def _on_edition(self, change) -> None:
        if not self._quiet and change["new"] != self.edition:
            self.set_edition(change["new"])

    def _on_players(self, change) -> None:
        if not self._quiet and change["new"] is not None and change["new"] != self.players:
            self.set_players(change["new"])

    def _sync_controls(self) -> None:
        self._quiet = True
        try:
            r = self.rules
            self.edition_select.value = self.edition
            opts = list(range(r.min_players, r.max_players + 1))
            if list(self.players_select.options) != opts:
                self.players_select.options = opts
            self.players_select.value = self.players
        finally:
            self._quiet = False

    # ------------------------------------------------------------------ drawing
    def _show_edition(self, first: bool = False) -> None:
        key = (self.edition, tuple(sorted(self.options.items())))
        # the board picture does not depend on the player count: one figure per edition,
        # drawn for the edition's smallest table (so every edition has the same traces)
        figure_game = load_game(self.edition, players=self.rules.min_players, **self.options)
        view = self.mirror.view_for(key, figure_game)
        view.figure.layout.showlegend = False          # an empty board: no players to list
        self._highlight_doubles(view)
        self.mirror.show(key, figure_game)
        board = self.game.board
        self.doubles.layout.max_width = "100%"
        if board.width >= board.height:
            self._left.children, self._right.children = (self.mirror.widget, self.doubles, self.stats_html), \
                (self.rules_html,)
            self._right.layout.max_width = RESPONSIVE["panel"]["max_width"]
        else:
            self._left.children, self._right.children = (self.mirror.widget, self.doubles), \
                (self.rules_html, self.stats_html)
            self._right.layout.max_width = RESPONSIVE["panel"]["max_width"]
        self._sync_controls()
        self.rules_html.value = self._rules_table()
        self._show_players(sync=False)
        self.stats_html.value = self._stats_panel()

    def _show_players(self, sync: bool = True) -> None:
        self._sync_controls()
        self.doubles.value = (f"<div style='{_FONT};font-size:15px;margin:4px 0 0 4px'>"
                              f"{_esc(self._doubles_sentence())}</div>")
        self.stats_html.value = self._stats_panel()
        if sync:
            self._highlight_doubles(self.view)
            self.mirror.sync()

    def _show_highlight(self) -> None:
        self._highlight_doubles(self.view)
        self.mirror.sync()

    def _double_routes(self) -> list[int]:
        return [r.index for r in self.game.board.routes if r.double_group]

    def _highlight_doubles(self, view: BoardView) -> None:
        # the doubles get a dotted outline, the selected route the selection's own style
        view.set_marked([] if self.doubles_usable else self._double_routes())
        view.set_highlight([self.selected] if self.selected is not None else None)

    def _doubles_sentence(self) -> str:
        n = self.stats["double routes"]
        r = self.rules
        if not n:
            return f"The {self.game.board.title} board has no double routes."
        if self.doubles_usable:
            return (f"With {_plural(self.players, 'player')} both routes of each of the {n} double routes can be "
                    f"claimed (by different players).")
        return (f"Outlined: the {n} double routes. With {_plural(self.players, 'player')} only one route of each "
                f"pair can be claimed; both need {r.double_routes_min_players} or more players.")

    def _rules_table(self) -> str:
        rows = self.rule_rows
        usa = self.edition == "usa"
        name = edition_name(self.rules)
        differ = sum(1 for *_, d in rows if d)
        th = "padding:4px 6px;border-bottom:2px solid #333;text-align:left;vertical-align:bottom"
        head = f"<th style='{th}'>Rule</th><th style='{th}'>USA</th>"
        if not usa:
            head += f"<th style='{th}'>{_esc(name)}</th>"
        body = []
        for rule, a, b, d in rows:
            bg = "background:#fff1b8;" if d else ""
            td = f"padding:3px 6px;border-bottom:1px solid #ddd;vertical-align:top;{bg}"
            cells = f"<td style='{td}font-weight:600'>{_esc(rule)}</td><td style='{td}'>{_esc(a)}</td>"
            if not usa:
                cells += f"<td style='{td}{'font-weight:600' if d else ''}'>{_esc(b)}</td>"
            body.append(f"<tr class='ttr-rule{' ttr-differs' if d else ''}'>{cells}</tr>")
        if usa:
            caption = "The USA rules: the base game that the other editions change."
        else:
            caption = f"{_esc(name)} differs from the USA in <b>{differ}</b> of {len(rows)} rules (highlighted)."
        return (f"<div style='{_FONT};font-size:13.5px'><div style='font-size:17px;font-weight:600'>"
                f"Rules</div><div style='margin-bottom:4px'>{caption}</div>"
                f"<table style='border-collapse:collapse;width:100%'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>"
                f"<div style='color:#666;font-size:12.5px;margin-top:3px'>Generated from the edition records "
                f"(editions/*.toml), the data the engine plays by.</div></div>")

    def _stats_panel(self) -> str:
        b = self.game.board
        s = self.stats
        trains = self.rules.trains * self.players
        facts = [("cities", s["cities"])]
        if s["countries"]:
            facts.append(("countries", s["countries"]))
        facts += [("routes", s["routes"]), ("train spaces", s["train spaces"]),
                  ("double routes", s["double routes"]), ("tunnels", s["tunnels"]), ("ferries", s["ferries"]),
                  ("ferry locomotives", s["ferry locomotive symbols"]), ("grey routes", s["grey routes"]),
                  ("tickets", s["tickets"])]
        special = [r for r in b.routes if r.any_cards_substitute and not r.ferry_locomotives]
        fact_rows = "".join(f"<tr class='ttr-fact'><td style='padding:0 8px 0 0'>{_esc(k)}</td>"
                            f"<td style='text-align:right;font-weight:600'>{v}</td></tr>" for k, v in facts)
        share = min(100, round(100 * trains / s["train spaces"]))
        notes = [f"{_plural(self.players, 'player')} × {self.rules.trains} trains = {trains} trains for "
                 f"{s['train spaces']} spaces: at most {share}% of the board is ever filled."]
        for r in special:
            notes.append(f"{route_label(r)} ({r.length} spaces): any {r.any_cards_substitute} cards may replace "
                         f"one card of the colour chosen.")
        grey = lambda c: ROUTE_COLOURS["gray" if c == "grey" else c]  # noqa: E731
        by_len = _bar_rows(((f"{k} space{'s' if k > 1 else ''}", n) for k, n in routes_by_length(b).items()),
                           width=70)
        by_col = _bar_rows(((_colour_name(c), n) for c, n in routes_by_colour(b).items()), colour_of=grey, width=60)
        spaces = _bar_rows(((_colour_name(c), n) for c, n in spaces_by_colour(b).items()), colour_of=grey, width=60)
        col = "vertical-align:top;padding-right:16px"
        h = "font-weight:600;margin:0 0 2px"
        return (f"<div style='{_FONT};font-size:13.5px;margin-top:8px'>"
                f"<div style='font-size:17px;font-weight:600;margin-bottom:2px'>The {_esc(b.title)} board</div>"
                f"<table><tr><td style='{col}'><div style='{h}'>Facts</div><table>{fact_rows}</table></td>"
                f"<td style='{col}'><div style='{h}'>Routes by length</div>{by_len}</td>"
                f"<td style='{col}'><div style='{h}'>Routes by colour</div>{by_col}</td>"
                f"<td style='{col}'><div style='{h}'>Spaces by colour</div>{spaces}</td></tr></table>"
                + "".join(f"<div class='ttr-note' style='margin-top:3px'>{_esc(n)}</div>" for n in notes) + "</div>")
