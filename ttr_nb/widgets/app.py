"""`GameApp`: the game as an app (what `notebooks/app.ipynb` shows in Voilà).

    >>> app = GameApp()
    >>> app.screen
    'start'
    >>> table = app.start(edition="usa", seats=["human", "greedy", "greedy"], seed=3, bot_delay=0)
    >>> app.screen, table.game.players
    ('game', 3)
    >>> app.new_game()
    >>> app.screen, app.table is None
    ('start', True)

A start screen (the language, edition, the way to play on its board (the USA 1910 and
Europa 1912 boxes' variants, `ttr_nb.variants()`) and, on the Europe board, Warehouses & Depots,
number of seats, each seat human or one of the agents
with a line on how it plays, bot speed, hints on or off, an
optional game number), then the `GameTable` across the page with a "New game" and a "Rules"
button; when the game ends, the final scoring is stepped through with the
`ScoringWalkthrough`. Every control calls a public method (`choose_edition`, `choose_variant`,
`choose_warehouses`, `choose_seat_count`, `choose_seat`, `choose_speed`, `choose_hints`, `choose_language`, `start`, `new_game`, `toggle_rules`),
so tests drive the app as a user would. The rules shown are written from the edition's
rules record and its board, never typed per edition.
"""
from __future__ import annotations

import random

import ipywidgets as W
from traitlets import Instance, Int, Unicode

from ..analysis.agents import AGENTS, agent_summary, agent_title
from ..analysis.editions import ways_to_play
from ..engine import State, load_game
from ..engine.errors import Reason
from ..engine.i18n import LANGUAGES, N_, translations, using
from ..engine.narration import and_list, or_list
from ..engine.numerals import count
from ..engine.digits import digits_value
from ..engine.rules import edition_ids, edition_title, load_rules, variant_title
from .arguments import ArgumentError, check_flag, check_width, refuse, short as _short
from .base import WidgetBase
from .html import esc as _esc
from .refusals import refusal
from .scoring import ScoringWalkthrough
from .table import GameTable

__all__ = ["GameApp", "rules_summary"]

_, ngettext = translations("widgets")

#: what a seat can be: a person, or one of the agents (`ttr_nb.analysis.agents.AGENTS`)
SEAT_KINDS = GameTable.SEAT_KINDS
#: the seat chooser's words for a person and the simplest bots (any other bot: its agent's title)
SEAT_LABELS = {"human": N_("Human"), "greedy": N_("Greedy bot"), "random": N_("Random bot")}
SPEEDS = {"instant": 0.0, "fast": 0.3, "slow": 1.0}   # seconds between bot moves
SPEED_LABELS = {"instant": N_("instant"), "fast": N_("fast"), "slow": N_("slow")}
# the name of a bot seat in the game, after "Player 2": "Player 2 (greedy bot)" (any other bot:
# "Player 2 (Route Focus)")
_SEAT_NAMES = {"greedy": N_("Player {n} (greedy bot)"), "random": N_("Player {n} (random bot)")}


def seat_label(kind: str) -> str:
    """A seat kind as the seat chooser lists it: "Human", "Greedy bot", "Route Focus"."""
    return _(SEAT_LABELS[kind]) if kind in SEAT_LABELS else agent_title(kind)


def seat_summary(kind: str) -> str:
    """What a seat of that kind is, in one line: who moves, or how the bot plays."""
    if kind == "human":
        return _("A person plays this seat (players take turns at the same screen).")
    # Translators: {summary} says how a computer player plays ("Plays any legal move, chosen at random.")
    return _("A computer player. {summary}").format(summary=agent_summary(kind))


def seat_name(n: int, kind: str) -> str:
    """The name of seat `n` (from 1) of that kind in the game: "Player 1", "Player 2 (greedy bot)",
    "Player 3 (Route Focus)"."""
    if kind in _SEAT_NAMES:
        return _(_SEAT_NAMES[kind]).format(n=n)
    if kind in AGENTS:
        # Translators: {agent} is a computer player's name ("Route Focus")
        return _("Player {n} ({agent})").format(n=n, agent=agent_title(kind))
    return _("Player {n}").format(n=n)
_TIE_WORDS = {
    "most_tickets_completed": N_("the most completed tickets"),
    "fewest_stations_used": N_("the fewest stations built"),
    "longest_path_bonus": N_("the longest path bonus"),
    "longest_path_length": N_("the longest continuous path"),
}
# Translators: numbers written as words in the rules ("keeps at least two of them")
_NUMBER = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five")}


def _words(n: int) -> str:
    return _(_NUMBER[n]) if n in _NUMBER else str(n)


def _and(items) -> str:
    return and_list(list(items))


def _deck_words(deck: str, n: int) -> str:
    """'one long', 'three regular' (tickets of a deck, counted in words)."""
    if deck == "long":
        return ngettext("{n} long", "{n} long", n).format(n=_words(n))
    if deck == "regular":
        return ngettext("{n} regular", "{n} regular", n).format(n=_words(n))
    return f"{_words(n)} {deck}"


def _route_kinds(kinds) -> str:
    """'ordinary routes, tunnel routes and ferry routes'."""
    words = {"ordinary": _("ordinary routes"), "tunnel": _("tunnel routes"), "ferry": _("ferry routes")}
    return _and(words[k] for k in kinds)


def rules_summary(edition: str, players: int | None = None, variant: str | None = None,
                  **options) -> list[tuple[str, str]]:
    """A short summary of an edition's rules as (heading, sentence) pairs, written from the
    edition's rules record and its board (never typed per edition); with a variant (a way to play
    on its board) and options (``warehouses=True``), the rules they make."""
    rules = load_rules(edition, variant, **options)
    players = players or rules.min_players
    game = load_game(edition, players=max(rules.min_players, min(players, rules.max_players)), seed=0,
                     variant=variant, **options)
    board = game.board
    t = rules.tickets
    kinds = {r.kind for r in board.routes}
    out = [(_("Goal"), _("Claim railway routes between the cities of the map to connect the cities named on your "
                         "destination tickets. {low} to {high} players, {trains} trains each.").format(
        low=rules.min_players, high=rules.max_players, trains=rules.trains))]
    several = len(t.opening_deal) > 1
    deal = _and(_deck_words(d, n) if several else _words(n) for d, n in t.opening_deal)
    out.append((_("Start"), ngettext("Everyone gets {n} train card and {deal} destination tickets, and keeps at "
                                     "least {keep} of them.",
                                     "Everyone gets {n} train cards and {deal} destination tickets, and keeps at "
                                     "least {keep} of them.", rules.hand_size).format(
        n=count(rules.hand_size, neuter=True), deal=deal, keep=_words(t.opening_keep))))
    turn = [_("On your turn do one thing: take two train cards (from the {n} face-up cards or the deck),").format(
                n=_words(rules.display_size)),
            _("claim one route by paying as many cards of its colour as it is long (grey routes: any one colour),")]
    if rules.stations:
        turn.append(_("build a station in a city (up to {n} in a game),").format(n=_words(rules.stations)))
    turn.append(_("or draw {n} destination tickets and keep at least {keep}.").format(n=_words(t.draw),
                                                                                     keep=_words(t.draw_keep)))
    turn.append(_("A face-up locomotive counts as both cards, and only as the first one.")
                if rules.face_up_locomotive_costs_two else _("A face-up locomotive is taken like any other card."))
    out.append((_("A turn"), " ".join(turn)))
    wild = [k for k in ("ordinary", "tunnel", "ferry") if k in kinds and rules.locomotives_allowed(k)]
    not_wild = [k for k in ("ordinary", "tunnel", "ferry") if k in kinds and not rules.locomotives_allowed(k)]
    if wild and not_wild:
        sentence = _("Locomotives are wild on {wild}, but not on {not_wild}.").format(
            wild=_route_kinds(wild), not_wild=_route_kinds(not_wild))
    elif wild:
        sentence = _("Locomotives are wild on {wild}.").format(wild=_route_kinds(wild))
    else:
        sentence = _("Locomotives are never wild.")
    out.append((_("Locomotives"), sentence))
    if "tunnel" in kinds:
        out.append((_("Tunnels"), _("When you claim a tunnel, the top three cards of the deck are turned over: each "
                                    "one of your colour (or a locomotive) asks for one more card, or you give the "
                                    "tunnel up.")))
    if "ferry" in kinds:
        pairs = any(r.ferry_pair_substitute for r in board.routes)
        out.append((_("Ferries"), _("A ferry needs a locomotive, or two cards of one colour, for every locomotive "
                                    "symbol on it.") if pairs
                    else _("A ferry needs a locomotive for every locomotive symbol on it.")))
    bonus = sorted({r.draw_bonus for r in board.routes} - {0})
    if bonus:
        out.append((_("Draw bonus"), _("Some routes show {marks}: after claiming one, take that many cards from the "
                                       "top of the deck.").format(marks=or_list([f"+{b}" for b in bonus]))))
    if any(r.any_cards_substitute for r in board.routes):
        out.append((_("Substitutes"), _("On some routes any three (or four) cards may stand in for one card: the "
                                        "route's payment buttons list them.")))
    if rules.display_flush_at:
        out.append((_("Face-up cards"), _("When {n} face-up cards are locomotives, all five are replaced.").format(
            n=_words(rules.display_flush_at))))
    doubles = sum(1 for r in board.routes if r.twin is not None) // 2
    if doubles:
        out.append((_("Double routes"), _("Both routes of a double may be claimed (by different players) only with "
                                          "{n} or more players.").format(n=rules.double_routes_min_players)))
    if any(len(r.parallel) == 2 for r in board.routes):
        tracks = ", ".join(ngettext("{k} route with {n} players", "{k} routes with {n} players",
                                    rules.usable_tracks(3, n)).format(k=rules.usable_tracks(3, n), n=n)
                           for n in range(rules.min_players, rules.max_players + 1))
        out.append((_("Triple routes"), _("Where three routes join the same two cities, they may be claimed: "
                                          "{tracks}; nobody claims two of them.").format(tracks=tracks)))
    points = ", ".join(f"{i + 1}→{p}" for i, p in enumerate(rules.route_points) if p)
    if rules.warehouses:
        out.append((_("Warehouses & Depots"), _(
            "Each player has a warehouse and {n} depots, one placed on a city before the game starts. A card draw "
            "starts by putting the top card of the deck, unseen, into any warehouse. Claiming a route into a city "
            "with a depot lets you take all the cards of that depot owner's warehouse for one depot of your "
            "reserve. The most depots kept in reserve score {bonus} points.").format(
            n=rules.warehouses.depots, bonus=rules.warehouses.end_bonus)))
    out.append((_("Points"), _("A route scores when it is claimed (length→points: {points}).").format(points=points)))
    end = [_("A completed ticket adds its value, an unfinished one subtracts it.")]
    if rules.longest_path_bonus:
        if rules.longest_path_card:
            end.append(_("The longest continuous path earns the {name} card: {n} points.").format(
                name=rules.longest_path_card, n=rules.longest_path_bonus))
        else:
            end.append(_("The longest continuous path earns {n} points.").format(n=rules.longest_path_bonus))
    if rules.globetrotter_bonus:
        end.append(_("The most completed tickets earn {n} points.").format(n=rules.globetrotter_bonus))
    if rules.grand_tour_points:
        end.append(_("A ticket whose cities your own trains join by two paths that share no route is a Grand "
                     "Tour: it earns a bonus on top of its value, by how many Grand Tours you have ({table}).").format(
            table=", ".join(rules.grand_tour_rows())))
    if rules.bonus_cards_drawn:
        end.append(ngettext("{n} bonus card is drawn at the start for everyone to see: it gives its points to every "
                            "player tied for the most of what it counts.",
                            "{n} bonus cards are drawn at the start for everyone to see: each gives its points to "
                            "every player tied for the most of what it counts.",
                            rules.bonus_cards_drawn).format(n=_words(rules.bonus_cards_drawn).capitalize()))
    if rules.stations:
        end.append(_("Each station not built is worth {n} points; a station lets you use one route of another "
                     "player into its city for your tickets.").format(n=rules.unbuilt_station_points))
    ties = _and([_(_TIE_WORDS[b]) if b in _TIE_WORDS else b.replace("_", " ") for b in rules.tie_breakers])
    end.append(_("A tie is won by {ties}, in that order.").format(ties=ties))
    out.append((_("The end"), _("When a player ends a turn with {n} trains or fewer, everyone plays one last "
                                "turn.").format(n=_words(rules.final_round_trains)) + " " + " ".join(end)))
    return out


def _rules_html(edition: str, players: int | None = None, variant: str | None = None, **options) -> str:
    rules = load_rules(edition, variant, **options)
    title = edition_title(rules) + (f" · {variant_title(rules)}" if variant else "")
    rows = "".join(f"<p style='margin:4px 0'><b>{_esc(h)}.</b> {_esc(s)}</p>"
                   for h, s in rules_summary(edition, players, variant, **options))
    heading = _("The rules of {title}").format(title=title)
    return (f"<div style='font-size:15px;max-width:900px;line-height:1.4'>"
            f"<h3 style='margin:4px 0'>{_esc(heading)}</h3>{rows}</div>")


class GameApp(WidgetBase):
    """Set up and play games: ``GameApp()`` (displaying it shows the start screen).

    edition, seats, seed, bot_delay    the start screen's first values (seed None: a
                                       new game number each game)
    language                           "en" or "da" (default `ttr_nb.language()`), also a
                                       choice on the start screen (`choose_language`)
    hints                              the game table's *Hint* button for the human players
                                       (False: a teacher switches hints off; `choose_hints`)

    `.screen` ("start" or "game"), `.table` (the `GameTable` of the game being played, or
    None), `.walkthrough` (the `ScoringWalkthrough` once a game has ended), `.settings`.

    The app is an ipywidgets `VBox` (it goes into an `HBox` or a `Tab`, has a `.layout`) with
    these read-only traits to `observe`, each set once a click or a method call is done:

    Attributes
    ----------
    screen : str
        "start" or "game".
    position : State or None
        The position of the game being played (None on the start screen).
    actions_played : int
        How many actions that game has played (0 on the start screen).
    language : str
        The app's language (`choose_language` changes it).
    """

    screen = Unicode("start", read_only=True, help="The screen shown: 'start' or 'game'.").tag(sync=True)
    position = Instance(State, allow_none=True, read_only=True, help="The position of the game being played.")
    actions_played = Int(0, read_only=True, help="How many actions the game being played has played.").tag(sync=True)

    def __init__(self, edition: str = "usa", seats=("human", "greedy"), seed: int | None = None,
                 bot_delay: float = SPEEDS["fast"], board_width: int | None = None, *, language: str | None = None,
                 hints: bool = True):
        me = "GameApp"
        if not isinstance(seats, (list, tuple)):
            raise refuse(me, "seats", _("a list of players such as ['human', 'greedy']"), seats)
        number = digits_value(seed) if isinstance(seed, str) else seed
        if seed is not None and not (isinstance(number, int) and not isinstance(number, bool) and number >= 0):
            raise refuse(me, "seed", _("None (a new game number each game) or a whole number of 0 or more"), seed)
        board_width = check_width(me, board_width)
        hints = check_flag(me, "hints", hints)
        self.editions = edition_ids()
        reason = self._edition_reason(edition)
        if reason is not None:
            raise ArgumentError(me, "edition", reason.text)
        if self._speed_key(bot_delay) is None:
            raise refuse(me, "bot_delay", _("{speeds} or a number of seconds").format(speeds=", ".join(SPEEDS)),
                         bot_delay)
        super().__init__()
        self.table: GameTable | None = None
        self.walkthrough: ScoringWalkthrough | None = None
        self.board_width = board_width
        self._screen = "start"
        self._build_widgets()
        for argument, choose in (("edition", lambda: self.choose_edition(edition)),
                                 ("seats", lambda: self.choose_seat_count(len(seats))
                                  and all(self.choose_seat(i, kind) for i, kind in enumerate(seats))),
                                 ("bot_delay", lambda: self.choose_speed(bot_delay))):
            if not choose():
                raise ArgumentError(me, argument, self.status.text)
        self.seed_box.value = "" if seed is None else str(number)
        self.hints_choice.value = hints
        self._show()

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        def big(width="auto") -> W.Layout:
            return W.Layout(height="44px", width=width, margin="4px")

        label_style = {"description_width": "150px"}
        self.title = W.HTML("<h2 style='margin:6px 0'>Ticket to Ride</h2>")
        self.title.add_class("ttr-app-title")
        self.language_choice = W.ToggleButtons(options=[(name, code) for code, name in LANGUAGES.items()],
                                               value=self.language, style={**label_style, "button_width": "90px"})
        self.language_choice.add_class("ttr-app-language")
        self.language_choice.observe(self.guarded(lambda c: self.choose_language(c["new"])), names="value")
        self.edition_choice = W.Dropdown(options=[(edition_title(load_rules(e)), e) for e in self.editions],
                                         style=label_style, layout=W.Layout(width="480px"))
        self.edition_choice.add_class("ttr-app-edition")
        self.edition_choice.observe(self.guarded(lambda c: self.choose_edition(c["new"])), names="value")
        # the ways to play on the edition's board (its own rules, its variants), and Warehouses & Depots
        self.variant_choice = W.Dropdown(style=label_style, layout=W.Layout(width="480px"))
        self.variant_choice.add_class("ttr-app-variant")
        self.variant_choice.observe(self.guarded(lambda c: c["new"] is not None and self.choose_variant(c["new"])),
                                    names="value")
        self.variant_summary = W.HTML(layout=W.Layout(margin="0 0 0 8px", max_width="560px"))
        self.variant_summary.add_class("ttr-app-variant-summary")
        self._variant_row = W.HBox([self.variant_choice, self.variant_summary], layout=W.Layout(align_items="center"))
        self.warehouses_choice = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto", margin="4px 0"))
        self.warehouses_choice.add_class("ttr-app-warehouses")
        self._warehouses_label = W.HTML(layout=W.Layout(width="150px"))
        self._warehouses_row = W.HBox([self._warehouses_label, self.warehouses_choice],
                                      layout=W.Layout(align_items="center"))
        self.seat_count = W.Dropdown(style=label_style, layout=W.Layout(width="260px"))
        self.seat_count.add_class("ttr-app-seat-count")
        self.seat_count.observe(self.guarded(lambda c: c["new"] is not None and self.choose_seat_count(c["new"])),
                                names="value")
        max_seats = max(load_rules(e).max_players for e in self.editions)
        self.seat_choices, self.seat_summaries, self._seat_rows = [], [], []
        for i in range(max_seats):
            d = W.Dropdown(options=[(seat_label(kind), kind) for kind in SEAT_KINDS],
                           value="human" if i == 0 else "greedy", style=label_style, layout=W.Layout(width="420px"))
            d.add_class("ttr-app-seat")
            d.add_class(f"ttr-app-seat-{i}")
            summary = W.HTML(layout=W.Layout(margin="0 0 0 8px", max_width="560px"))
            summary.add_class("ttr-app-seat-summary")
            d.observe(lambda c, i=i: self._describe_seat(i), names="value")
            self.seat_choices.append(d)
            self.seat_summaries.append(summary)
            self._seat_rows.append(W.HBox([d, summary], layout=W.Layout(align_items="center")))
        self.seats_box = W.VBox(self._seat_rows)
        self.speed_choice = W.ToggleButtons(options=[(_(SPEED_LABELS[k]), k) for k in SPEEDS], value="fast",
                                            style={**label_style, "button_width": "120px"})
        self.speed_choice.add_class("ttr-app-speed")
        self.seed_box = W.Text(style=label_style, layout=W.Layout(width="480px"))
        self.seed_box.add_class("ttr-app-seed")
        self.hints_choice = W.Checkbox(value=True, indent=False, layout=W.Layout(width="auto", margin="4px 0"))
        self.hints_choice.add_class("ttr-app-hints")
        self.start_button = W.Button(button_style="success", layout=big("220px"))
        self.start_button.add_class("ttr-app-start")
        self.start_button.on_click(self.guarded(lambda _: self.start()))
        self.rules_button = W.Button(layout=big("120px"))
        self.rules_button.add_class("ttr-app-rules-button")
        self.rules_button.on_click(self.guarded(lambda _: self.toggle_rules()))
        self.new_button = W.Button(button_style="warning", layout=big("140px"))
        self.new_button.add_class("ttr-app-new-game")
        self.new_button.on_click(self.guarded(lambda _: self.new_game()))
        self.rules = W.HTML(layout=W.Layout(display="none", border="1px solid #ccc", padding="4px 12px",
                                            margin="4px 0"))
        self.rules.add_class("ttr-app-rules")
        hints_label = W.HTML(layout=W.Layout(width="150px"))
        self._hints_label = hints_label
        self.start_screen = W.VBox([self.language_choice, self.edition_choice, self._variant_row,
                                    self._warehouses_row, self.seat_count, self.seats_box, self.speed_choice,
                                    W.HBox([hints_label, self.hints_choice], layout=W.Layout(align_items="center")),
                                    self.seed_box, W.HBox([self.start_button])])
        self.start_screen.add_class("ttr-app-start-screen")
        self.game_title = W.HTML()
        self.game_title.add_class("ttr-app-game-title")
        self.toolbar = W.HBox([self.new_button, self.rules_button, self.game_title],
                              layout=W.Layout(align_items="center"))
        self.table_box = W.Box(layout=W.Layout(width="100%"))
        self.table_box.add_class("ttr-app-table")
        self.scoring_box = W.VBox(layout=W.Layout(width="100%"))
        self.scoring_box.add_class("ttr-app-scoring")
        self.children = [self.title, self.toolbar, self.status.widget, self.rules, self.start_screen,
                         self.table_box, self.scoring_box, self.errors]
        self.layout.width = "100%"
        self.add_class("ttr-app")
        self._label()

    def _label(self) -> None:
        """Write the start screen's and the toolbar's words in the app's language."""
        self.language_choice.description = _("Language")
        self.edition_choice.description = _("Edition")
        self.variant_choice.description = _("Way to play")
        self._set_ways(self.edition_choice.value)
        words = _("Warehouses & Depots")
        self._warehouses_label.value = f"<span style='padding-right:8px'>{_esc(words)}</span>"
        self.warehouses_choice.description = _("play with the warehouses and depots of the Europa 1912 box")
        self.seat_count.description = _("Players")
        for i, d in enumerate(self.seat_choices):
            d.description = _("Player {n}").format(n=i + 1)
            value = d.value
            d.options = [(seat_label(kind), kind) for kind in SEAT_KINDS]
            d.value = value
            self._describe_seat(i)
        speed = self.speed_choice.value
        self.speed_choice.options = [(_(SPEED_LABELS[k]), k) for k in SPEEDS]
        self.speed_choice.value = speed
        self.speed_choice.description = _("Bot speed")
        hints = _("Hints")
        self._hints_label.value = f"<span style='padding-right:8px'>{_esc(hints)}</span>"
        self.hints_choice.description = _("a Hint button for the human players (a teacher may switch it off)")
        self.seed_box.description = _("Game number")
        self.seed_box.placeholder = _("empty: a new game each time")
        self.start_button.description = _("Start the game")
        self.rules_button.description = _("Hide the rules") if self.rules.layout.display != "none" else _("Rules")
        self.rules_button.tooltip = _("the rules of this edition")
        self.new_button.description = _("New game")
        self.new_button.tooltip = _("leave this game and set up another")

    def _show(self) -> None:
        playing = self._screen == "game"
        self.start_screen.layout.display = "none" if playing else None
        self.new_button.layout.display = None if playing else "none"
        self.table_box.children = [self.table.build()] if playing else []
        if not playing:
            self.scoring_box.children = []
        edition = self.table.game.rules.id if playing else self.edition_choice.value
        if self.rules.layout.display != "none":
            self.rules.value = _rules_html(edition, self.table.game.players if playing else None,
                                           **self._game_options())
        number = _("game number {n}").format(n=self.settings["seed"]) if playing else ""
        if playing:
            rules = self.table.game.rules
            title = [edition_title(rules)] + ([variant_title(rules)] if rules.variant else []) + (
                [_("Warehouses & Depots")] if rules.warehouses else []) + [number]
            self.game_title.value = (f"<span style='font-size:18px;margin-left:12px'>"
                                     f"{_esc(' · '.join(title))}</span>")
        else:
            self.game_title.value = ""

    # ------------------------------------------------------------------ the start screen
    @property
    def settings(self) -> dict:
        """The start screen's choices: edition, seats (kinds), bot_delay, seed (None if the
        game number is empty; the text itself if it is not a whole number), hints (on or off)."""
        n = self.seat_count.value
        text = self.seed_box.value.strip()
        seed = digits_value(text)
        if seed is None:
            seed = text or None
        if self._screen == "game":
            seed = self._seed
        return {"edition": self.edition_choice.value, "seats": [d.value for d in self.seat_choices[:n]],
                "bot_delay": SPEEDS[self.speed_choice.value], "seed": seed, "hints": self.hints_choice.value,
                "variant": self.variant_choice.value or None, "warehouses": self._warehouses_on()}

    def _warehouses_on(self) -> bool:
        return bool(self.warehouses_choice.value) and self._warehouses_row.layout.display != "none"

    def _game_options(self) -> dict:
        """The way to play and the module chosen, as `load_game` takes them."""
        if self._screen == "game" and self.table is not None:
            rules = self.table.game.rules
            return {"variant": rules.variant or None, **({"warehouses": True} if rules.warehouses else {})}
        return {"variant": self.variant_choice.value or None, **({"warehouses": True} if self._warehouses_on() else {})}

    def _set_ways(self, edition: str) -> None:
        """The way-to-play choices of an edition's board (hidden when it has only its own rules),
        and the Warehouses & Depots switch where the edition offers it."""
        ways = ways_to_play(edition)
        # the way chosen is kept while the edition is (two boards' "mega" are not the same game)
        chosen = (self.variant_choice.value or "") if getattr(self, "_ways_edition", None) == edition else ""
        self._ways_edition = edition
        self._ways = {w.variant: w for w in ways}
        self._warehouses_row.layout.display = None if ways[0].warehouses else "none"
        self._variant_row.layout.display = None if len(ways) > 1 else "none"
        self.variant_choice.options = [(w.title[:1].upper() + w.title[1:], w.variant) for w in ways]
        self.variant_choice.value = chosen if chosen in self._ways else ""
        self._describe_way()

    def _describe_way(self) -> None:
        way = self._ways.get(self.variant_choice.value or "")
        text = way.summary() if way is not None else ""
        self.variant_summary.value = f"<span style='font-size:13px;color:#444'>{_esc(text)}</span>"
        self.variant_choice.tooltip = text

    def choose_variant(self, variant: str | None) -> bool:
        """Pick the way to play on the chosen edition's board: None or "" for its own rules, or a
        variant's id (`ttr_nb.variants(edition)`: "1910", "mega" ... for the USA board). The line
        beside the chooser says its deck, deal and bonus cards."""
        key = "" if variant is None else variant
        if not isinstance(key, str) or key not in self._ways:
            known = ", ".join(repr(v) for v in self._ways if v) or _("none")
            return self._refuse("widget.bad-argument", _("{title} has no way to play {variant}: its variants are "
                                                         "{known} (None: its own rules).").format(
                title=edition_title(load_rules(self.edition_choice.value)), variant=_short(variant), known=known))
        if self.variant_choice.value != key:
            self.variant_choice.value = key           # calls back here through the observer
            return True
        self._describe_way()
        if self.rules.layout.display != "none" and self._screen == "start":
            self.rules.value = _rules_html(self.edition_choice.value, **self._game_options())
        return True

    def choose_warehouses(self, on: bool) -> bool:
        """Add Warehouses & Depots (the Europa 1912 module) to the next game (True), or not; only
        for an edition that offers it (Europe)."""
        if not isinstance(on, bool):
            return self._refuse("widget.bad-argument", _("Warehouses & Depots is on (True) or off (False), not "
                                                         "{value}.").format(value=_short(on)))
        if on and self._warehouses_row.layout.display == "none":
            return self._refuse("widget.bad-argument", _("{title} is not played with Warehouses & Depots.").format(
                title=edition_title(load_rules(self.edition_choice.value))))
        self.warehouses_choice.value = on
        return True

    def _refuse(self, rule: str, text: str) -> bool:
        self.status.refuse(refusal(rule, text))
        return False

    def _edition_reason(self, edition) -> Reason | None:
        if isinstance(edition, str) and edition in self.editions:
            return None
        return refusal("widget.unknown-edition", _("There is no edition {edition}: the editions are {editions}.")
                      .format(edition=repr(edition), editions=", ".join(self.editions)))

    def _seats_reason(self, edition: str, n) -> Reason | None:
        rules = load_rules(edition)
        if isinstance(n, int) and not isinstance(n, bool) and rules.min_players <= n <= rules.max_players:
            return None
        return refusal("widget.players", _("{title} is played by {low} to {high} players, not {n}.").format(
            title=edition_title(rules), low=rules.min_players, high=rules.max_players, n=repr(n)))

    @staticmethod
    def _kind_reason(seat, kind) -> Reason | None:
        if isinstance(kind, str) and kind in SEAT_KINDS:
            return None
        return refusal("widget.bad-argument", _("Player {n} cannot be {kind}: a player is {kinds}.").format(
            n=seat + 1 if isinstance(seat, int) else seat, kind=repr(kind), kinds=", ".join(map(repr, SEAT_KINDS))))

    @staticmethod
    def _speed_key(speed) -> str | None:
        """The speed's name: a name, or the nearest to a number of seconds (None if neither)."""
        if isinstance(speed, str):
            return speed if speed in SPEEDS else None
        if isinstance(speed, (int, float)) and not isinstance(speed, bool) and 0 <= speed < float("inf"):
            return min(SPEEDS, key=lambda k: abs(SPEEDS[k] - float(speed)))
        return None

    def choose_edition(self, edition: str) -> bool:
        """Pick the edition; the number of players is kept within its limits."""
        reason = self._edition_reason(edition)
        if reason is not None:
            self.status.refuse(reason)
            return False
        rules = load_rules(edition)
        if self.edition_choice.value != edition:
            self.edition_choice.value = edition       # calls back here through the observer
            return True
        current = self.seat_count.value or 2
        self.seat_count.options = list(range(rules.min_players, rules.max_players + 1))
        self.seat_count.value = min(max(current, rules.min_players), rules.max_players)
        self.choose_seat_count(self.seat_count.value)
        self._set_ways(edition)
        if self.rules.layout.display != "none" and self._screen == "start":
            self.rules.value = _rules_html(edition, **self._game_options())
        return True

    def choose_seat_count(self, n: int) -> bool:
        """Pick how many players sit at the table (within the edition's limits)."""
        reason = self._seats_reason(self.edition_choice.value, n)
        if reason is not None:
            self.status.refuse(reason)
            return False
        self.seat_count.value = n
        for i, (d, row) in enumerate(zip(self.seat_choices, self._seat_rows)):
            d.layout.display = row.layout.display = None if i < n else "none"
        return True

    def _describe_seat(self, seat: int) -> None:
        """The line beside a seat's chooser (and its tooltip): what the chosen kind of player does."""
        d = self.seat_choices[seat]
        text = seat_summary(d.value)
        self.seat_summaries[seat].value = f"<span style='font-size:13px;color:#444'>{_esc(text)}</span>"
        d.tooltip = text

    def choose_seat(self, seat: int, kind: str) -> bool:
        """Make a seat (0 is the first) human ("human") or a bot: an agent's name ("greedy", "random",
        "route-focus", "planner" ...: `SEAT_KINDS`). The line beside the chooser says how it plays."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.seat_count.value):
            return self._refuse("widget.bad-argument", _("There is no player {seat} here: the players are 0 to "
                                                         "{last}, counting from 0.").format(
                seat=repr(seat), last=self.seat_count.value - 1))
        reason = self._kind_reason(seat, kind)
        if reason is not None:
            self.status.refuse(reason)
            return False
        self.seat_choices[seat].value = kind
        return True

    def choose_speed(self, speed) -> bool:
        """Pick the bots' speed: "instant", "fast", "slow", or seconds between moves (the nearest)."""
        key = self._speed_key(speed)
        if key is None:
            return self._refuse("widget.bad-argument", _("The bot speed is {speeds} or a number of seconds, not "
                                                         "{speed}.").format(speeds=", ".join(SPEEDS), speed=repr(speed)))
        self.speed_choice.value = key
        return True

    def choose_hints(self, on: bool) -> bool:
        """Give the human players a *Hint* button (True) or not (False: a teacher's choice), from
        the next game on."""
        if not isinstance(on, bool):
            return self._refuse("widget.bad-argument", _("Hints are on (True) or off (False), not {value}.").format(
                value=_short(on)))
        self.hints_choice.value = on
        return True

    def choose_language(self, code: str) -> bool:
        """Show the app in another language: "en" (English) or "da" (Dansk). A game being
        played keeps its language; the next one is in this one."""
        if not (isinstance(code, str) and code in LANGUAGES):
            return self._refuse("widget.bad-argument", _("The language is {languages}, not {code}.").format(
                languages=", ".join(f"{c} ({name})" for c, name in LANGUAGES.items()), code=repr(code)))
        self.set_trait("language", code)
        with using(code):
            if self.language_choice.value != code:
                self.language_choice.value = code
            self._label()
            self._show()
            if self._screen == "start":
                self.status.show(_("Choose the edition and the players, then start."))
        return True

    # ------------------------------------------------------------------ playing
    def start(self, edition: str | None = None, seats=None, seed: int | None = None,
              bot_delay: float | None = None) -> GameTable | None:
        """Start a game with the start screen's choices, or these (which then show on the start
        screen). Returns the table, or None with the reason in the status line (an unknown
        edition, a number of players it is not played by, no human player, an unreadable game
        number), changing nothing."""
        s = self.settings
        edition = s["edition"] if edition is None else edition
        reason = self._edition_reason(edition)
        if reason is None and seats is not None:
            if not isinstance(seats, (list, tuple)):
                reason = refusal("widget.bad-argument", _("The players are a list such as ['human', 'greedy'], "
                                                         "not {seats}.").format(seats=repr(seats)))
            else:
                reason = self._seats_reason(edition, len(seats)) or next(
                    (r for i, k in enumerate(seats) if (r := self._kind_reason(i, k)) is not None), None)
        elif reason is None:
            seats = s["seats"]
            reason = self._seats_reason(edition, len(seats))
        speed = self.speed_choice.value if bot_delay is None else self._speed_key(bot_delay)
        if reason is None and speed is None:
            reason = refusal("widget.bad-argument", _("The bot speed is {speeds} or a number of seconds, not "
                                                     "{speed}.").format(speeds=", ".join(SPEEDS), speed=repr(bot_delay)))
        if seed is None:
            seed = s["seed"]
        elif digits_value(seed) is not None:
            seed = digits_value(seed)
        if reason is None and seed is not None and not (isinstance(seed, int) and not isinstance(seed, bool)
                                                        and seed >= 0):
            reason = refusal("widget.game-number", _("The game number must be a whole number such as 42, not {seed}; "
                                                    "leave it empty for a new game.").format(seed=_short(seed)))
        if reason is None and "human" not in seats:
            reason = refusal("widget.no-human-seat", _("At least one player must be human: choose Human for one of "
                                                      "the players."))
        if reason is not None:
            self.status.refuse(reason)
            return None
        # the choices show on the start screen, for the next game
        self.choose_edition(edition)
        self.choose_seat_count(len(seats))
        for i, kind in enumerate(seats):
            self.choose_seat(i, kind)
        self.speed_choice.value = speed
        if seed is not None:
            self.seed_box.value = str(seed)
        self._seed = seed if seed is not None else random.SystemRandom().randrange(1, 10_000)
        names = [seat_name(i + 1, kind) for i, kind in enumerate(seats)]
        self.table = GameTable(edition, seats=list(seats), seed=self._seed, names=names,
                               bot_delay=SPEEDS[speed], board_width=self.board_width, language=self.language,
                               hints=self.hints_choice.value, **self._game_options())
        self.table.walk_button.layout.display = "none"     # the app steps through the scoring itself
        self.table.observe(self._table_moved, names="position")
        self.walkthrough = None
        self._screen = "game"
        self.status.show("")
        self._show()
        self._on_move(self.table.match)
        return self.table

    def new_game(self) -> None:
        """Leave the game being played and show the start screen again (its choices kept)."""
        if self.table is not None:
            self.table.unobserve(self._table_moved, names="position")
        self.table = None
        self.walkthrough = None
        self._screen = "start"
        self.status.show(_("Choose the edition and the players, then start."))
        self._show()

    def _table_moved(self, change) -> None:
        self._on_move(self.table.match)

    def _published(self) -> dict:
        table = self.table
        return {**super()._published(), "screen": self._screen, "position": None if table is None else table.state,
                "actions_played": 0 if table is None else len(table.match.history)}

    def _on_move(self, match) -> None:
        """At the end of a game, step through the final scoring (gone again after an undo)."""
        if match.state.is_over():
            if self.walkthrough is None or self.walkthrough.state is not match.state:
                self.walkthrough = ScoringWalkthrough(match.state, names=self.table.names,
                                                      board_width=self.board_width, language=self.table.language)
                heading = _("The final scoring, step by step")
                self.scoring_box.children = [
                    W.HTML(f"<h3 style='margin:8px 0 2px 0'>{_esc(heading)}</h3>"),
                    self.walkthrough.build()]
        elif self.walkthrough is not None:
            self.walkthrough = None
            self.scoring_box.children = []

    # ------------------------------------------------------------------ rules
    def toggle_rules(self) -> bool:
        """Show or hide the rules of the chosen edition. Returns whether they are shown."""
        shown = self.rules.layout.display == "none"
        self.rules.layout.display = "block" if shown else "none"
        self.rules_button.description = _("Hide the rules") if shown else _("Rules")
        self._show()
        return shown

    @property
    def rules_text(self) -> str:
        """The rules panel's text (filled while it is shown)."""
        return self.rules.value
