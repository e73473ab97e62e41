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

Every control calls a public method (`set_edition`, `set_variant` (a way to play on the board:
the USA 1910 and Europa 1912 boxes' variants), `set_warehouses`, `set_players`, `select_route`), so
notebooks, tests and browser tests drive the same code. The rules table is generated from
the edition records (`Rules.summary()`, with the rules a board carries: `ttr_nb.analysis.editions`), the facts from `ttr_nb.analysis.board_stats`.

The board is the one `BoardMirror` (see `boards.py`): switching edition restyles one
FigureWidget instead of making another.
"""
from __future__ import annotations

import ipywidgets as W

from ..analysis.board_stats import board_stats, routes_by_colour, routes_by_length, spaces_by_colour
from ..analysis.editions import row_label, rule_rows, ways_to_play
from ..engine import Match, load_game
from ..engine.i18n import N_, translations
from ..engine.narration import points_text
from ..engine.payments import describe_price
from ..engine.rules import edition_title, load_rules, variant_title
from ..viz import BoardView
from ..viz.board import ROUTE_COLOURS
from ..engine.places import place_name
from .arguments import ArgumentError, check_edition, check_flag, check_whole
from .base import RouteController
from .boards import BoardMirror, board_size
from .html import esc as _esc
from .html import players_text, route_colour, spaces_text
from .html import swatch as _swatch
from .refusals import whole_number
from .responsive import RESPONSIVE
from .style import stylesheet

__all__ = ["EditionExplorer", "BoardMirror", "route_label", "route_facts", "board_size", "edition_name"]

_, ngettext = translations("widgets")

# Translators: one of the routes joining the same two places: "Denver–Kansas City (the second route, orange)"
_NTH = (N_("{route} (the first route, {colour})"), N_("{route} (the second route, {colour})"),
        N_("{route} (the third route, {colour})"), N_("{route} (the fourth route, {colour})"),
        N_("{route} (the fifth route, {colour})"))


def route_label(route, board=None) -> str:
    """'Stockholm–Turku'; one of a double (or triple) route says which: 'Denver–Kansas City
    (the second route, orange)'.  Given the ``board``, a junction without a name is said in words
    (``viz.places.place_name``), never by its id."""
    if board is None:
        text = f"{route.a}–{route.b}"
    else:
        text = f"{place_name(board, route.a)}–{place_name(board, route.b)}"
    if "#" in route.key or route.twin is not None or route.parallel:
        k = int(route.key.rsplit("#", 1)[1]) if "#" in route.key else 1
        colour = route_colour(route.colour)
        if k <= len(_NTH):
            return _(_NTH[k - 1]).format(route=text, colour=colour)
        return _("{route} (route number {k}, {colour})").format(route=text, k=k, colour=colour)
    return text


def _route_kind(route) -> str:
    if route.tunnel:
        return _("tunnel")
    if route.ferry_locomotives:
        n = route.ferry_locomotives
        text = ngettext("ferry with {n} locomotive symbol", "ferry with {n} locomotive symbols", n).format(n=n)
        if route.any_cards_substitute:
            text += " " + _("(any {n} cards may replace a locomotive)").format(n=route.any_cards_substitute)
        return text
    if route.any_cards_substitute:
        return _("any {n} cards may replace one card").format(n=route.any_cards_substitute)
    return ""


def route_facts(game, route) -> str:
    """One sentence about a route: its spaces, kind, points and price (from the engine)."""
    ri = game.route_index(route)
    r = game.board.routes[ri]
    kind = _route_kind(r)
    spaces = ngettext("{n} {colour} space", "{n} {colour} spaces", r.length).format(n=r.length,
                                                                                   colour=route_colour(r.colour))
    text = _("{route}: {spaces}, {points}. It costs {price}.").format(
        route=route_label(r, game.board), spaces=f"{spaces}, {kind}" if kind else spaces,
        points=points_text(game.route_points[ri]), price=describe_price(game.prices[ri]))
    if r.draw_bonus:
        text += " " + ngettext("Claiming it draws {n} card blind from the deck (its draw bonus).",
                               "Claiming it draws {n} cards blind from the deck (its draw bonus).",
                               r.draw_bonus).format(n=r.draw_bonus)
    return text


def edition_name(rules) -> str:
    """'USA', 'Europe', 'Nordic Countries': an edition's title without 'Ticket to Ride'."""
    title = edition_title(rules)
    if title.startswith("Ticket to Ride (") and title.endswith(")"):
        return title[len("Ticket to Ride ("):-1]
    for prefix in ("Ticket to Ride: ", "Ticket to Ride "):
        if title.startswith(prefix):
            return title[len(prefix):]
    return title


def _bar_rows(items, colour_of=None, width: int = 170) -> str:
    """Rows 'label  ███ n' as HTML (a bar chart without a second FigureWidget)."""
    items = list(items)
    top = max((n for _, n in items), default=1) or 1
    rows = []
    for label, n in items:
        colour = colour_of(label) if colour_of else "#5b7db1"
        swatch = _swatch(colour) if colour_of else ""
        rows.append(
            f"<tr><td class='ttr-bar-label'>{swatch}{_esc(label)}</td>"
            f"<td><div class='ttr-bar' style='width:{max(2, round(width * n / top))}px;background:{_esc(colour)}'>"
            f"</div><span class='ttr-bar-count'>{n}</span></td></tr>")
    return "<table class='ttr-bars'>" + "".join(rows) + "</table>"


def _colour_name(c: str) -> str:
    return route_colour(c)


class EditionExplorer(RouteController):
    """Explore an edition: ``EditionExplorer(edition="usa", players=2)``.

    Shows the board, the edition's rules side by side with the USA rules (rows that differ
    are marked), what the player count changes (double routes), and board statistics:
    routes by length and colour, tunnels, ferries, double routes, train spaces.

    Public methods (every control calls one): `set_edition(edition)`, `set_players(n)`,
    `select_route(route)` (also a click on a route). Each returns whether it was
    done; a refusal shows the engine's sentence in `status`.

    Attributes: `edition`, `players`, `game`, `rules`, `match` (a `Match` of the edition for
    `players`), `stats` (dict from `board_stats`), `rule_rows` (rule, USA value, this
    edition's value, differs?), `selected` (route index or None), `mirror` (the one
    `BoardMirror`), `figure` (its FigureWidget), `view` (the BoardView shown).

    The explorer is an ipywidgets `VBox` (it goes into an `HBox` or a `Tab`, has a `.layout`)
    with the traits ``selected_route`` (the route outlined, None for none; setting it outlines
    a route as a click does) and ``language``, which `observe` and `ipywidgets.link` follow.
    """

    def __init__(self, edition: str = "usa", players: int = 2, *, colour_blind: bool = False,
                 language: str | None = None, **options):
        me = "EditionExplorer"
        edition = check_edition(me, edition)
        rules = load_rules(edition)
        players = check_whole(me, "players", players, rules.min_players, rules.max_players)
        colour_blind = check_flag(me, "colour_blind", colour_blind)
        try:
            game = load_game(edition, players=players, **options)
        except ValueError as e:
            raise ArgumentError(me, "options", str(e)) from None
        super().__init__(Match(game))
        self.options = dict(options)
        self.selected: int | None = None
        self._quiet = False
        self.mirror = BoardMirror(guard=self.guarded, colour_blind=colour_blind)
        self.mirror.on_route_click(self.guarded(self.select_route))
        self._build_widgets()
        self._show_edition(first=True)
        self.status.show(_("{edition} for {players}: point at a route, or click it, for its price.").format(
            edition=edition_name(self.rules), players=players_text(self.players)))

    # ------------------------------------------------------------------ properties
    @property
    def edition(self) -> str:
        return self.game.rules.id

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def variant(self) -> str:
        """The way to play shown ("" for the edition's own rules; `ttr_nb.variants()`)."""
        return self.game.rules.variant

    @property
    def warehouses(self) -> bool:
        """Whether the rules shown add Warehouses & Depots (the Europa 1912 module)."""
        return self.game.rules.warehouses is not None

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
        """(rule, USA, this edition, differs) for every row of `ttr_nb.analysis.editions.rule_rows`:
        the edition record's `Rules.summary()` and the rules the board carries (ferry payments,
        the draw bonus)."""
        usa = rule_rows("usa")
        this = rule_rows(self.edition, **self.options)
        return [(k, usa.get(k, "—"), v, usa.get(k, "—") != v) for k, v in this.items()]

    @property
    def doubles_usable(self) -> bool:
        """Whether both routes of a double route can be claimed with this many players."""
        return self.game.doubles_open

    # ------------------------------------------------------------------ public actions
    def set_edition(self, edition: str) -> bool:
        """Show another edition (the player count is kept if the edition allows it, else the
        nearest allowed count)."""
        if not isinstance(edition, str):
            return self.refuse("widget.unknown-edition", _("{edition} is not an edition: give its name, such as "
                                                           "usa or europe.").format(edition=repr(edition)))
        try:
            rules = load_rules(edition)
        except (ValueError, OSError) as e:
            return self.refuse("widget.unknown-edition", str(e))
        players = min(max(self.players, rules.min_players), rules.max_players)
        note = "" if players == self.players else " " + _("({edition} is played by {low} to {high} players, so "
                                                           "{n} now)").format(edition=edition_name(rules),
                                                                              low=rules.min_players,
                                                                              high=rules.max_players, n=players)
        self.match = Match(load_game(edition, players=players))
        self.options = {}                   # options belong to the edition they were given for
        self.selected = None
        self._show_edition()
        self.status.ok(_("{edition} for {players}{note}.").format(edition=edition_name(rules),
                                                                  players=players_text(players), note=note))
        return True

    def set_variant(self, variant: str | None) -> bool:
        """Show another way to play on this board: None or "" for the edition's own rules, or a
        variant's id (`ttr_nb.variants(edition)`: "1910", "mega" ... on the USA board); the rules
        table then compares it with the USA base game."""
        key = "" if variant is None else variant
        known = [w.variant for w in ways_to_play(self.edition)]
        if not isinstance(key, str) or key not in known:
            self._sync_controls()
            return self.refuse("widget.bad-argument", _("{title} has no way to play {variant}: its variants are "
                                                        "{known} (None: its own rules).").format(
                title=edition_title(self.rules), variant=repr(variant),
                known=", ".join(repr(v) for v in known if v) or _("none")))
        options = {k: v for k, v in self.options.items() if k != "variant"}
        if key:
            options["variant"] = key
        self._reload(options)
        way = next(w for w in ways_to_play(self.edition) if w.variant == key)
        self.status.ok(_("{way}: {summary}.").format(way=way.title[:1].upper() + way.title[1:], summary=way.summary()))
        return True

    def set_warehouses(self, on: bool) -> bool:
        """Add Warehouses & Depots (the Europa 1912 module) to the rules shown (True), or not;
        only for an edition that offers it (Europe)."""
        if not isinstance(on, bool):
            self._sync_controls()
            return self.refuse("widget.bad-argument", _("Warehouses & Depots is on (True) or off (False), not "
                                                        "{value}.").format(value=repr(on)))
        if on and not ways_to_play(self.edition)[0].warehouses:
            self._sync_controls()
            return self.refuse("widget.bad-argument", _("{title} is not played with Warehouses & Depots.").format(
                title=edition_title(self.rules)))
        options = {k: v for k, v in self.options.items() if k != "warehouses"}
        if on:
            options["warehouses"] = True
        self._reload(options)
        self.status.ok(self._rules_caption_text())
        return True

    def _reload(self, options: dict) -> None:
        """Show this edition with other options (a variant, the module), the player count kept."""
        self.match = Match(load_game(self.edition, players=self.players, **options))
        self.options = options
        self.selected = None
        self._show_edition()

    def set_players(self, players: int) -> bool:
        """Change the number of players (within the edition's limits)."""
        n = whole_number(players)
        try:
            if n is None:
                raise ValueError(_("{players} is not a number of players.").format(players=repr(players)))
            game = load_game(self.edition, players=n, **self.options)
        except ValueError as e:
            self._sync_controls()
            return self.refuse("widget.players", str(e))
        players = n
        self.match = Match(game)
        self._show_players()
        self.status.ok(_("{edition} for {players}: {doubles}").format(
            edition=edition_name(self.rules), players=players_text(players), doubles=self._doubles_sentence()))
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

    def clear_selection(self) -> bool:
        """Outline no route."""
        self.selected = None
        self._show_highlight()
        return True

    def _route_selected(self) -> int | None:
        return self.selected

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        from ..engine import editions
        self.edition_select = W.Dropdown(options=[(edition_name(load_rules(e)), e) for e in editions()],
                                         value=self.edition, description=_("Edition"), layout=W.Layout(width="250px"))
        self.edition_select.add_class("ttr-edition")
        self.players_select = W.Dropdown(description=_("Players"), layout=W.Layout(width="160px"))
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
        # the ways to play on the board (hidden where the edition has only its own), and the
        # Warehouses & Depots module (where the edition offers it)
        self.variant_select = W.Dropdown(description=_("Way to play"), layout=W.Layout(width="340px"))
        self.variant_select.add_class("ttr-variant")
        self.variant_select.observe(self.guarded(self._on_variant), names="value")
        self.warehouses_box = W.Checkbox(value=False, description=_("Warehouses & Depots"), indent=False,
                                         layout=W.Layout(width="auto", margin="0 0 0 12px"))
        self.warehouses_box.add_class("ttr-warehouses")
        self.warehouses_box.observe(self.guarded(self._on_warehouses), names="value")
        self.way_text = W.HTML(layout=W.Layout(max_width="760px"))
        self.way_text.add_class("ttr-way")
        controls.children = (*controls.children, self.variant_select, self.warehouses_box)
        # the board facts go under a landscape board, beside a portrait one (under the rules),
        # so a 1000-pixel-high projector page shows everything
        self._left = left = W.VBox([self.mirror.widget, self.doubles, self.stats_html],
                                   layout=W.Layout(**RESPONSIVE["board"]))
        self._right = right = W.VBox([self.rules_html], layout=W.Layout(**RESPONSIVE["panel"], padding="0 0 0 14px"))
        self.children = [stylesheet(), controls, self.way_text, self.status.widget,
                         W.HBox([left, right], layout=W.Layout(**RESPONSIVE["row"])), self.errors]
        self.add_class("ttr-explorer")
        self.add_class("ttr-root")             # the board fits the visible height below the controls

    def _on_edition(self, change) -> None:
        if not self._quiet and change["new"] != self.edition:
            self.set_edition(change["new"])

    def _on_players(self, change) -> None:
        if not self._quiet and change["new"] is not None and change["new"] != self.players:
            self.set_players(change["new"])

    def _on_variant(self, change) -> None:
        if not self._quiet and change["new"] is not None and change["new"] != self.variant:
            self.set_variant(change["new"])

    def _on_warehouses(self, change) -> None:
        if not self._quiet and change["new"] != self.warehouses:
            self.set_warehouses(change["new"])

    def _sync_controls(self) -> None:
        self._quiet = True
        try:
            r = self.rules
            self.edition_select.value = self.edition
            ways = ways_to_play(self.edition)
            options = [(w.title[:1].upper() + w.title[1:], w.variant) for w in ways]
            if list(self.variant_select.options) != options:
                self.variant_select.options = options
            self.variant_select.value = self.variant
            self.variant_select.layout.display = None if len(ways) > 1 else "none"
            self.warehouses_box.layout.display = None if ways[0].warehouses else "none"
            self.warehouses_box.value = self.warehouses
            way = next(w for w in ways if w.variant == self.variant)
            self.way_text.value = (f"<div class='ttr-text'>{_esc(way.title[:1].upper() + way.title[1:])}: "
                                   f"{_esc(way.summary())}</div>" if len(ways) > 1 else "")
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
        self.doubles.value = f"<div class='ttr-text ttr-doubles-text'>{_esc(self._doubles_sentence())}</div>"
        self.stats_html.value = self._stats_panel()
        if sync:
            self._highlight_doubles(self.view)
            self.mirror.sync()

    def _show_highlight(self) -> None:
        self._highlight_doubles(self.view)
        self.mirror.sync()

    def _double_routes(self) -> list[int]:
        return [r.index for r in self.game.board.routes if len(r.parallel) == 1]

    def _highlight_doubles(self, view: BoardView) -> None:
        # the doubles get a dotted outline, the selected route the selection's own style
        view.set_marked([] if self.doubles_usable else self._double_routes())
        view.set_highlight([self.selected] if self.selected is not None else None)

    def _doubles_sentence(self) -> str:
        n = self.stats["double routes"]
        r = self.rules
        sentences = []
        if not n:
            sentences.append(_("The {board} board has no double routes.").format(board=self.game.board.display_title))
        elif self.doubles_usable:
            sentences.append(ngettext(
                "With {players} both routes of the {n} double route can be claimed (by different players).",
                "With {players} both routes of each of the {n} double routes can be claimed (by different players).",
                n).format(players=players_text(self.players), n=n))
        else:
            sentences.append(ngettext(
                "Outlined: the {n} double route. With {players} only one route of each pair can be claimed; "
                "both need {low} or more players.",
                "Outlined: the {n} double routes. With {players} only one route of each pair can be claimed; "
                "both need {low} or more players.", n).format(n=n, players=players_text(self.players),
                                                               low=r.double_routes_min_players))
        triples = self.stats["triple routes"]
        if triples:
            usable = r.usable_tracks(3, self.players)
            sentences.append(ngettext(
                "Of each of the {n} triple routes {k} track of 3 can be claimed with {players}; nobody claims two "
                "tracks between the same cities.",
                "Of each of the {n} triple routes {k} tracks of 3 can be claimed with {players}; nobody claims two "
                "tracks between the same cities.", usable).format(n=triples, k=usable,
                                                                  players=players_text(self.players)))
        return " ".join(sentences)

    def _rules_table(self) -> str:
        rows = self.rule_rows
        usa = self.edition == "usa" and not self.options      # the USA base game itself
        name = self._shown_name()
        differ = sum(1 for *_, d in rows if d)
        rule_heading = _("Rule")
        head = f"<th>{_esc(rule_heading)}</th><th>USA</th>"
        if not usa:
            head += f"<th>{_esc(name)}</th>"
        body = []
        for rule, a, b, d in rows:
            cells = f"<td class='ttr-row-name'>{_esc(row_label(rule))}</td><td>{_esc(a)}</td>"
            if not usa:
                cells += f"<td class='ttr-edition-value'>{_esc(b)}</td>"
            body.append(f"<tr class='ttr-rule{' ttr-differs' if d else ''}'>{cells}</tr>")
        if usa:
            caption = _esc(_("The USA rules: the base game that the other editions change."))
        else:
            caption = _("{edition} differs from the USA in {k} of {n} rules (highlighted).").format(
                edition=_esc(name), k=f"<b>{differ}</b>", n=len(rows))
        heading = _("Rules")
        footnote = _("Generated from the edition records (ttr_nb/editions_data/*.toml) and the boards "
                     "(ttr_nb/maps/*.json), the data the engine plays by.")
        return (f"<div class='ttr-text ttr-small'><div class='ttr-heading'>{_esc(heading)}</div>"
                f"<div class='ttr-caption'>{caption}</div>"
                f"<table class='ttr-table ttr-rules-table'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>"
                f"<div class='ttr-footnote'>{_esc(footnote)}</div></div>")

    def _shown_name(self) -> str:
        """The edition shown, with its way to play and the module: "Ticket to Ride: Europe ·
        Europa 1912: Mega Europe · Warehouses & Depots"."""
        r = self.rules
        return " · ".join([edition_name(r)] + ([variant_title(r)] if r.variant else [])
                          + ([_("Warehouses & Depots")] if r.warehouses else []))

    def _rules_caption_text(self) -> str:
        differ = sum(1 for *_, d in self.rule_rows if d)
        return _("{edition} differs from the USA in {k} of {n} rules (highlighted).").format(
            edition=self._shown_name(), k=differ, n=len(self.rule_rows))

    def _stats_panel(self) -> str:
        b = self.game.board
        s = self.stats
        trains = self.rules.trains * self.players
        facts = [(_("cities"), s["cities"])]
        if s["countries"]:
            facts.append((_("countries"), s["countries"]))
        facts += [(_("routes"), s["routes"]), (_("train spaces"), s["train spaces"]),
                  (_("double routes"), s["double routes"])]
        if s["triple routes"]:
            facts.append((_("triple routes"), s["triple routes"]))
        facts += [(_("tunnels"), s["tunnels"]), (_("ferries"), s["ferries"]),
                  (_("ferry locomotives"), s["ferry locomotive symbols"]), (_("grey routes"), s["grey routes"]),
                  (_("tickets"), s["tickets"])]
        special = [r for r in b.routes if r.any_cards_substitute and not r.ferry_locomotives]
        fact_rows = "".join(f"<tr class='ttr-fact'><td>{_esc(k)}</td><td class='ttr-number'>{v}</td></tr>"
                            for k, v in facts)
        share = min(100, round(100 * trains / s["train spaces"]))
        notes = [_("{players} × {each} trains = {trains} trains for {spaces} spaces: at most {share}% of the board is "
                   "ever filled.").format(players=players_text(self.players), each=self.rules.trains, trains=trains,
                                          spaces=s["train spaces"], share=share)]
        for r in special:
            notes.append(_("{route} ({spaces}): any {n} cards may replace one card of the colour chosen.").format(
                route=route_label(r, b), spaces=spaces_text(r.length), n=r.any_cards_substitute))
        colours = {route_colour(c): c for c in ROUTE_COLOURS}
        grey = lambda c: ROUTE_COLOURS[colours[c]]  # noqa: E731
        by_len = _bar_rows(((spaces_text(k), n) for k, n in routes_by_length(b).items()), width=70)
        by_col = _bar_rows(((_colour_name(c), n) for c, n in routes_by_colour(b).items()), colour_of=grey, width=60)
        spaces = _bar_rows(((_colour_name(c), n) for c, n in spaces_by_colour(b).items()), colour_of=grey, width=60)
        heading = _("The {board} board").format(board=b.display_title)
        sub = [_("Facts"), _("Routes by length"), _("Routes by colour"), _("Spaces by colour")]
        return (f"<div class='ttr-text ttr-small ttr-board-facts'>"
                f"<div class='ttr-heading'>{_esc(heading)}</div>"
                f"<table class='ttr-columns'><tr><td><div class='ttr-subheading'>{_esc(sub[0])}</div>"
                f"<table class='ttr-facts'>{fact_rows}</table></td>"
                f"<td><div class='ttr-subheading'>{_esc(sub[1])}</div>{by_len}</td>"
                f"<td><div class='ttr-subheading'>{_esc(sub[2])}</div>{by_col}</td>"
                f"<td><div class='ttr-subheading'>{_esc(sub[3])}</div>{spaces}</td></tr></table>"
                + "".join(f"<div class='ttr-note'>{_esc(n)}</div>" for n in notes) + "</div>")
