"""`GameTable`: play a whole game in the notebook, hot-seat and against simple bots.

    >>> table = GameTable("usa", seats=["human", "greedy"], seed=0, bot_delay=0)
    >>> table.keep([0, 1])                  # the opening tickets of player 1 (the bot then chooses its own)
    True
    >>> table.draw_deck()
    True
    >>> table.log[-1]
    'Player 1 (human) drew a card from the deck'

Every button and every click on the board calls a public method (`play`, `draw_deck`,
`draw_face_up`, `claim`, `draw_tickets`, `keep`, `pay_tunnel`, `abandon_tunnel`,
`build_station`, `pass_turn`, `undo`, `select_route`, `select_city`, `run_bots`; with
Warehouses & Depots also `store_card`, `place_depot`, `collect_warehouse`, `end_turn`),
so notebooks and tests drive the same code. Refusals show the engine's sentence in
the status line; `.log` lists what happened in plain words.

Public information: the board, the face-up cards, every player's counts and, in Northern
Lights, the bonus cards in play (`bonus_box`); with Warehouses & Depots, how many cards each
Warehouse holds and how many Depots each player has in reserve (the scores table; the Depots
on the board); the log says when a claim drew a route's draw bonus (how many cards, never
which) and how many cards a collected Warehouse gave (never which).

Hidden information: only the hand and tickets of the human seat to move are shown
(with a single human seat, always that seat's); a bot's or another seat's hand and
tickets never appear, only their sizes. The log never names a card drawn blind or a
ticket kept.
"""
from __future__ import annotations

import functools
import re
import time
from dataclasses import replace

import ipywidgets as W
from traitlets import Instance, Int

from ..analysis.agents import AGENTS, agent_title
from ..analysis.hints import Hint, hint as planner_hint
from ..analysis.planner import Planner
from ..engine import (AbandonTunnel, BuildStation, Claim, CollectWarehouse, DrawBlind, DrawFaceUp, DrawTickets,
                      EndTurn, KeepTickets, Match, Pass, PayTunnel, PlaceDepot, State, StoreCard, load_game,
                      load_rules)
from ..engine.cards import CARD_NAMES, LOCO, Cards, card_index
from ..engine.i18n import N_, translations
from ..engine.digits import digits_value
from ..engine.narration import cards_text, describe_action, player_mention_pattern, points_text, route_name, ticket_name
from ..engine.queries import station_cost
from ..engine.scoring import best_borrowing
from ..viz import BoardView
from ..viz.board import ticket_path
from ..viz.cards import CARD_COLOURS
from .arguments import (ArgumentError, check_edition, check_flag, check_names, check_seconds, check_seed, check_width,
                        refuse)
from .base import RouteController
from .boards import LazyBoard
from .bonuscards import cards_in_play_html
from .html import card_label, chip as _chip, esc as _esc, cards_count, spaces_text, swatch as _swatch, text_colour
from .refusals import whole_number
from .responsive import mark_root, split
from .scoring import ScoringWalkthrough, score_table_html
from .style import stylesheet

__all__ = ["GameTable", "describe_action"]

_, ngettext = translations("widgets")

#: a person's seat, as its default name says it: "Player 1 (human)" (a bot's: its agent's title,
#: "Player 2 (greedy)", "Player 3 (Route Focus)")
HUMAN_WORD = N_("human")


def _by_name(text: str, names) -> str:
    """`text` with the engine's "player 2" (players are numbered from 1 in text) replaced
    by that player's name, `names[1]`; a name already written is left as it is (a name that begins
    with the mention, as Danish "Spiller 2 (Planlæggeren)" begins with "Spiller 2", is not doubled)."""
    def name(m: re.Match) -> str:
        k = int(m.group(1))
        if not 1 <= k <= len(names):
            return m.group(0)
        full = str(names[k - 1])
        return m.group(0) if m.string.startswith(full, m.start()) else full
    return player_mention_pattern().sub(name, text)


def _kind_word(kind: str) -> str:
    if kind == "human":
        return _(HUMAN_WORD)
    return agent_title(kind) if kind in AGENTS else kind


def deck_tooltip(deck: int, discard: int) -> str:
    """The deck button's tooltip: what its two numbers are ("Deck (95+2)": 95 cards in the deck,
    2 on the discard pile, which is shuffled into a new deck when the deck runs out)."""
    cards = ngettext("{n} card is left in the deck", "{n} cards are left in the deck", deck).format(n=deck)
    if not discard:
        # Translators: {cards} is "95 cards are left in the deck"
        return _("Draw the top card of the deck: {cards}, and the discard pile is empty.").format(cards=cards)
    pile = ngettext("{n} card is on the discard pile", "{n} cards are on the discard pile", discard).format(n=discard)
    # Translators: {cards} is "95 cards are left in the deck", {pile} "2 cards are on the discard pile"
    return _("Draw the top card of the deck: {cards} and {pile}, which is shuffled into a new deck when the deck "
             "runs out.").format(cards=cards, pile=pile)


def _style_card_button(button: W.Button, name: str) -> None:
    """A button in a card's colour (ipywidgets button styles are traits, not CSS)."""
    button.style.button_color = CARD_COLOURS[name]
    button.style.text_color = text_colour(CARD_COLOURS[name])
    button.style.font_weight = "bold"
    button.add_class("ttr-card-button")


class GameTable(LazyBoard, RouteController):
    """Play a game of Ticket to Ride: ``GameTable(edition="usa", seats=["human", "greedy"], seed=0)``.

    seats       2 to 5 entries (within the edition's limits): "human" (hot-seat), an agent's
                name ("random", "greedy", "route-focus", "planner" ...: `SEAT_KINDS`, the
                agents of `ttr_nb.analysis.agents.AGENTS`), or any callable ``bot(state) -> action``
    seed        fixes the shuffles and the bots' choices
    names       the seats' names (default "Player 1 (human)", "Player 2 (greedy)" ...)
    bot_delay   seconds between bot moves, so a class can follow them (0 in tests)
    auto_bots   bots move by themselves after every human move (else call `run_bots()`)
    position    start from a position instead of a new game: a `State` of the same game
                settings, or a dict for `Game.state_from_dict` (lessons set up a situation)
    language    "en" or "da" (default: `ttr_nb.language()`): the table's texts and the engine's
    hints       a *Hint* button for a human seat to move: what the planner would do now and why,
                drawn on the board (`hint()`); False (a teacher's choice) leaves it out
    options     edition options, e.g. ``opening_tickets=4``

    `.state`, `.match`, `.log` (plain-words lines), `.status.text`, `.view` (the one
    `BoardView`, made when the table is first shown), `.figure`, `.last_update` (the traces
    the board updates since the last human move began changed).

    The table is an ipywidgets `VBox`: ``HBox([table, other])``, ``table.layout.width = "60%"``,
    and these traits to `observe` (each set once a move, a click or a method call is done):

    Attributes
    ----------
    position : State, read-only trait
        The position now (``table.state``): it changes with every action played or taken back.
    actions_played : int, read-only trait
        How many actions the match has played (bots' moves included; an undo lowers it).
    selected_route : int or None, trait
        The route selected on the board; setting it selects a route as a click on it does.
    language : str, read-only trait
        The table's language.
    """

    position = Instance(State, allow_none=True, read_only=True,
                        help="The position now (the State the table shows).")
    actions_played = Int(0, read_only=True, help="How many actions the match has played.").tag(sync=True)

    SEAT_KINDS = ("human", *AGENTS)
    _board_tools_below = False          # the board's one-click choices sit with the table's buttons

    def __init__(self, edition: str = "usa", seats=("human", "greedy"), seed: int = 0, *, names=None,
                 bot_delay: float = 0.4, auto_bots: bool = True, board_width: int | None = None, position=None,
                 colour_blind: bool = False, language: str | None = None, hints: bool = True, **options):
        me = "GameTable"
        edition = check_edition(me, edition)
        seed = check_seed(me, seed)
        bot_delay = check_seconds(me, "bot_delay", bot_delay)
        auto_bots = check_flag(me, "auto_bots", auto_bots)
        self.hints = check_flag(me, "hints", hints)
        self.colour_blind = check_flag(me, "colour_blind", colour_blind)
        board_width = check_width(me, board_width)
        bot_names = ", ".join(repr(k) for k in AGENTS)
        if not isinstance(seats, (list, tuple)):
            raise refuse(me, "seats", _("a list of seats, each 'human', {bots} or a bot (a callable state -> "
                                        "action)").format(bots=bot_names), seats)
        seats = list(seats)
        kinds, bots = [], {}
        for i, s in enumerate(seats):
            if callable(s) and not isinstance(s, str):
                kinds.append(getattr(s, "name", type(s).__name__))
                bots[i] = s
            elif isinstance(s, str) and s == "human":
                kinds.append("human")
            elif isinstance(s, str) and s in AGENTS:
                kinds.append(s)
                bots[i] = AGENTS[s](seed * 10 + i)
            else:
                raise ArgumentError(me, "seats", _("seat {i} is {seat}: a seat is 'human', {bots} or a bot (a callable "
                                                   "state -> action)").format(i=i, seat=repr(s), bots=bot_names))
        names = check_names(me, names, len(seats))
        if not (position is None or isinstance(position, (dict, State))):
            raise refuse(me, "position", _("None, a State of this game or a position dict (the form of "
                                           "State.to_dict)"), position)
        try:
            game = load_game(edition, players=len(seats), seed=seed, **options)
        except ValueError as e:
            rules = load_rules(edition)
            wrong = "seats" if not rules.min_players <= len(seats) <= rules.max_players else "options"
            raise ArgumentError(me, wrong, str(e)) from None
        if isinstance(position, dict):
            position = game.state_from_dict(position)
        elif position is not None:
            pg = position.game
            if (pg.rules.id, pg.players) != (game.rules.id, game.players):
                raise ArgumentError(me, "position", _("the position is a {n}-player {edition} game; this table is a "
                                                      "{m}-player {this} game").format(
                    n=pg.players, edition=pg.rules.id, m=game.players, this=game.rules.id))
            game = pg
        super().__init__(Match(game, position))
        self._entries: list[list[str]] = []    # plain-words lines, one entry per action of the match
        self.seat_kinds = kinds
        self.bots = bots
        self.names = list(names) if names else [_("Player {n} ({kind})").format(n=i + 1, kind=_kind_word(k))
                                                for i, k in enumerate(kinds)]
        if names:       # the status line calls the players by their names, the engine's sentences too
            engine_words = self.status.words
            self.status.words = lambda text: _by_name(engine_words(text) if engine_words else text, self.names)
        self.bot_delay = bot_delay
        self.auto_bots = auto_bots
        self._selected: tuple[str, object] | None = None    # ("route", index) or ("city", name)
        # Warehouses & Depots: the card draw asked for, waiting for the Warehouse card to be stored
        self._pending_draw: DrawBlind | DrawFaceUp | None = None
        self._offer_key = None
        self._quiet = 0
        self._walkthrough: ScoringWalkthrough | None = None
        self.last_update: tuple[str, ...] = ()
        self.show_hand = True
        self._hint: tuple[State, Hint] | None = None      # the hint shown, with the position it is for
        self._hint_planner = Planner()
        self._init_board(board_width)
        self._build_widgets()
        self.match.on_change(self._on_match_change)
        self.status.show(self._prompt())
        delay, self.bot_delay = self.bot_delay, 0      # nothing is on screen yet: bots move at once
        try:
            if self.auto_bots:
                self.run_bots()
        finally:
            self.bot_delay = delay
        self._refresh()

    @property
    def log(self) -> list[str]:
        """What happened, in plain words, oldest first."""
        return [line for entry in self._entries for line in entry]

    # ------------------------------------------------------------------ who is who
    def is_human(self, seat: int) -> bool:
        """Whether a seat (counting from 0) is played by a person (False for a bot or no such seat)."""
        n = whole_number(seat, 0, self.game.players - 1)
        return n is not None and n not in self.bots

    @property
    def viewer(self) -> int | None:
        """The seat whose hand and tickets are shown: the human to move; with one human seat,
        always that one; otherwise nobody (while a bot moves, in hot-seat)."""
        p = self.state.current_player
        if self.is_human(p) and not self.state.is_over():
            return p
        humans = [i for i in range(self.game.players) if self.is_human(i)]
        return humans[0] if len(humans) == 1 else None

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        def btn() -> W.Layout:          # one Layout per button: a shared one would hide them all at once
            return W.Layout(height="42px", width="auto", min_width="72px", margin="2px")

        self.turn = W.HTML()
        self.turn.add_class("ttr-turn")
        self.deck_button = W.Button(description=_("Deck"), layout=btn(), tooltip=_("draw the top card of the deck"))
        self.deck_button.add_class("ttr-deck")
        self.deck_button.style.font_weight = "bold"
        self.deck_button.on_click(self.guarded(lambda _: self.draw_deck()))
        self.face_up_buttons = []
        for k in range(self.game.rules.display_size):
            b = W.Button(layout=btn(), tooltip=_("take this face-up card"))
            b.add_class("ttr-face-up")
            b.add_class(f"ttr-face-up-{k}")
            b.on_click(self.guarded(functools.partial(self._face_up_clicked, k)))
            self.face_up_buttons.append(b)
        self.tickets_button = W.Button(description=_("Draw tickets"), layout=btn(),
                                       tooltip=_("draw destination tickets"))
        self.tickets_button.add_class("ttr-draw-tickets")
        self.tickets_button.on_click(self.guarded(lambda _: self.draw_tickets()))
        self.pass_button = W.Button(description=_("Pass"), layout=btn(), tooltip=_("only when nothing else is possible"))
        self.pass_button.add_class("ttr-pass")
        self.pass_button.on_click(self.guarded(lambda _: self.pass_turn()))
        self.undo_button = W.Button(description=_("↶ Undo"), layout=btn(), button_style="warning",
                                    tooltip=_("take back your last move (and the bots' moves after it)"))
        self.undo_button.add_class("ttr-undo")
        self.undo_button.on_click(self.guarded(lambda _: self.undo()))
        self.bots_button = W.Button(description=_("Run bots"), layout=btn(), tooltip=_("let the bots move"))
        self.bots_button.add_class("ttr-run-bots")
        self.bots_button.on_click(self.guarded(lambda _: self.run_bots()))
        self.hand_toggle = W.ToggleButton(value=True, description=_("show hand"), layout=btn(),
                                          tooltip=_("hide the hand while the next player takes the seat"))
        self.hand_toggle.add_class("ttr-hand-toggle")
        self.hand_toggle.observe(self.guarded(self._hand_toggled), names="value")
        self.hint_button = W.Button(description=_("Hint"), layout=btn(), button_style="info",
                                    tooltip=_("what the planner would do now, and why"))
        self.hint_button.add_class("ttr-hint-button")
        self.hint_button.on_click(self.guarded(lambda _: self.hint()))
        # the hint's sentences, under the buttons
        self.hint_box = W.HTML(layout=W.Layout(display="none"))
        self.hint_box.add_class("ttr-hint")
        cards_row = W.HBox([self.deck_button, *self.face_up_buttons], layout=W.Layout(flex_flow="row wrap"))
        cards_row.add_class("ttr-cards-row")
        more = [self.tickets_button, self.pass_button, self.undo_button, self.hand_toggle]
        if self.hints:
            more.append(self.hint_button)
        if not self.auto_bots:
            more.insert(3, self.bots_button)
        self._actions_row = actions_row = W.HBox(more, layout=W.Layout(flex_flow="row wrap", align_items="center"))
        # the choice panel: payment options, opening/drawn tickets, a tunnel
        self.choice_title = W.HTML()
        self.choice_title.add_class("ttr-choice-title")
        self.choice_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.choice_buttons.add_class("ttr-choice-buttons")
        self.choice = W.VBox([self.choice_title, self.choice_buttons], layout=W.Layout(display="none"))
        self.choice.add_class("ttr-choice")
        self.hand = W.HTML()
        self.hand.add_class("ttr-hand")
        self.my_tickets = W.HTML()
        self.my_tickets.add_class("ttr-tickets")
        self.scores = W.HTML()
        self.scores.add_class("ttr-scores")
        self.log_box = W.HTML(layout=W.Layout(max_height="190px", overflow="auto"))
        self.log_box.add_class("ttr-log")
        # Northern Lights: the bonus cards in play, visible to all (set once: they never change)
        self.bonus_box = W.HTML(cards_in_play_html(self.state))
        self.bonus_box.add_class("ttr-bonus-box")
        if not self.state.bonus_cards:
            self.bonus_box.layout.display = "none"
        self.end = W.VBox(layout=W.Layout(display="none"))
        self.end.add_class("ttr-end")
        self.end_table = W.HTML()
        self.walk_button = W.Button(description=_("Step through the scoring"), layout=W.Layout(height="46px",
                                                                                          width="260px"),
                                    button_style="info")
        self.walk_button.add_class("ttr-open-walkthrough")
        self.walk_button.on_click(self.guarded(lambda _: self.open_walkthrough()))
        self.walk_out = W.Output()
        self.end.children = [self.end_table, self.walk_button]
        # beside the board where the width allows, else the controls and the status line above it
        # and the scores and the log below it (responsive.split): a refusal shows next to its button
        private = W.HBox([self.hand, self.my_tickets], layout=W.Layout(flex_flow="row wrap"))
        private.add_class("ttr-private")
        self._panel_top = [self.status.widget, cards_row, actions_row, self.hint_box, self.choice, private]
        self._panel_bottom = [self.scores, self.bonus_box, self.log_box]

    def _build_tree(self) -> None:
        self._actions_row.children = (*self._actions_row.children, self.board_frame.tools)
        body = split(self.board_frame.box, top=self._panel_top, bottom=self._panel_bottom)
        self.children = [stylesheet(), self.turn, self.end, body, self.walk_out, self.errors]
        self.add_class("ttr-game-table")
        mark_root(self, self.game.board)

    def _board_made(self, view: BoardView) -> None:
        view.on_route_click(self.guarded(self.select_route))
        view.on_city_click(self.guarded(self.select_city))

    # ------------------------------------------------------------------ playing
    def _guard_seat(self) -> bool:
        """Refuse a human move while a bot is to move (bots move by themselves)."""
        p = self.state.current_player
        if not self.state.is_over() and not self.is_human(p):
            return self.refuse("widget.bot-to-move", _("It is {name}'s turn: bots move by themselves "
                                                       "(run_bots()).").format(name=self.names[p]))
        return True

    def _play(self, action) -> bool:
        """Play a human's action: refusals go to the status line; then the bots move."""
        if not self._guard_seat():
            return False
        self.last_update = ()
        if not self.act(action):
            return False
        self._after_move()
        return True

    def _after_move(self) -> None:
        self._selected = None
        self._pending_draw = None
        if self._overlays.ticket is not None and isinstance(self.match.history[-1], KeepTickets):
            self._set_overlays(replace(self._overlays, ticket=None))
        self.status.ok(self._last_line())
        if self.auto_bots and not self.state.is_over() and not self.is_human(self.state.current_player):
            self.run_bots()
        self._refresh()

    def _last_line(self) -> str:
        return ". ".join(self._entries[-1]) if self._entries else ""

    def play(self, action) -> bool:
        """Play any action for the human to move: an Action or its text ("draw deck",
        "claim Denver-Omaha pink*4", "keep 0,2" ...). Returns whether it was played."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError:
                self.status.refuse(self.state.why_illegal(action))     # the engine names the syntax problem
                return False
        return self._play(action)

    def draw_deck(self, warehouse=None) -> bool:
        """Take the top card of the deck. With Warehouses & Depots a turn's draw starts with the
        deck's top card put into a Warehouse: `warehouse` names whose (a player counting from 0);
        None asks for it in the choice panel first."""
        return self._draw(DrawBlind(), warehouse)

    def _draw(self, action, warehouse=None) -> bool:
        """A card draw; with Warehouses & Depots, first the Warehouse card (asked for when
        `warehouse` is None)."""
        reason = self.state.why_illegal(action)
        if reason is None or reason.rule != "warehouse-card" or not self._guard_seat():
            return self._play(action)
        if warehouse is None:
            self._pending_draw = action
            self._selected = None
            self.status.show(_("First put the top card of the deck, unseen, into a warehouse: choose whose."))
            self._show_choice()
            return False
        self._pending_draw = None
        return self.store_card(warehouse) and self._play(action)

    def store_card(self, warehouse) -> bool:
        """Warehouses & Depots: put the deck's top card, unseen, into the Warehouse of player
        `warehouse` (counting from 0; your own or another's): how a turn's card draw starts."""
        return self._play(StoreCard(warehouse))

    def place_depot(self, city) -> bool:
        """Warehouses & Depots: place a Depot on a city (the one placed before the game starts, or
        one more from your reserve before or after your turn's action)."""
        city = self._city_name(city)
        return city is not None and self._play(PlaceDepot(city))

    def collect_warehouse(self, warehouse) -> bool:
        """Warehouses & Depots: after claiming a route into a city holding a Depot, take every card
        of that Depot owner's Warehouse (player `warehouse`, counting from 0) for one Depot of
        your reserve."""
        return self._play(CollectWarehouse(warehouse))

    def end_turn(self) -> bool:
        """Warehouses & Depots: end the turn without collecting (more) or placing Depots."""
        return self._play(EndTurn())

    def draw_face_up(self, colour, warehouse=None) -> bool:
        """Take a face-up card of this colour ("red", "loco" ...); `warehouse` as for `draw_deck`."""
        if not isinstance(colour, str):
            return self.refuse("widget.unknown-card", _("{colour} is not a card colour: give one such as "
                                                        "red or loco.").format(colour=repr(colour)))
        try:
            colour = CARD_NAMES[card_index(colour)]
        except ValueError:
            pass            # the engine names the problem
        return self._draw(DrawFaceUp(colour), warehouse)

    def _face_up_clicked(self, k: int, _button=None) -> None:
        display = self.state.display
        if k < len(display):
            self.draw_face_up(CARD_NAMES[display[k]])

    def draw_tickets(self) -> bool:
        """Draw destination tickets; then `keep` the ones to keep."""
        return self._play(DrawTickets())

    def keep(self, positions) -> bool:
        """Keep the offered tickets at these positions (counting from 0), e.g. ``keep([0, 2])``."""
        if isinstance(positions, str):
            positions = positions.replace(",", " ").split()
        try:
            items = list(positions)
        except TypeError:
            items = None
        numbers = None if items is None else [whole_number(digits_value(x) if isinstance(x, str) else x)
                                               for x in items]
        if numbers is None or None in numbers:
            return self.refuse("widget.ticket-positions", _("Cannot read the ticket positions {positions}: give "
                                                            "numbers counting from 0, such as [0, 2] or \"0,2\".")
                               .format(positions=repr(positions)))
        return self._play(KeepTickets(tuple(sorted(numbers))))


    def _cards(self, payment) -> Cards | None:
        """A payment from Cards, text ("red*3+loco*1"), a dict or nine counts; None (and the
        reason in the status line) if it cannot be read."""
        try:
            return Cards.coerce(payment)
        except (ValueError, TypeError, OverflowError, AttributeError, KeyError) as e:
            self.refuse("widget.payment-syntax", _("Cannot read the payment {payment}: {problem}").format(
                payment=repr(payment), problem=e))
            return None

    def claim_options(self, route) -> tuple[Cards, ...]:
        """The payments the player to move can make for a route, fewest locomotives first."""
        if self.route_or_refuse(route) is None:
            return ()
        return self.state.claim_payments(route)

    def claim(self, route, payment=None) -> bool:
        """Claim a route (key "Denver-Omaha", either order, or index). ``payment``: cards such
        as "red*3+loco*1"; None takes the cheapest listed payment (fewest locomotives)."""
        ri = self.route_or_refuse(route)
        if ri is None:
            return False
        key = self.game.board.routes[ri].key
        if payment is None:
            options = self.state.claim_payments(route)
            if not options:
                self.status.refuse(self.state.why_not_claim(route))
                return False
            payment = options[0]
        payment = self._cards(payment)
        return payment is not None and self._play(Claim(key, payment))

    def pay_tunnel(self, payment=None) -> bool:
        """Pay the extra cards a tunnel asks for (None: the option with fewest locomotives)."""
        if payment is None:
            options = self.tunnel_options()
            if not options:
                self.status.refuse(self.state.why_no_tunnel_payment())
                return False
            payment = options[0]
        payment = self._cards(payment)
        return payment is not None and self._play(PayTunnel(payment))

    def tunnel_options(self) -> tuple[Cards, ...]:
        """The ways to pay a pending tunnel's extra cards, fewest locomotives first."""
        choice = self.state.tunnel_choice()
        return choice.options if choice is not None else ()

    def abandon_tunnel(self) -> bool:
        """Give up a pending tunnel: the cards go back to the hand; the turn ends."""
        return self._play(AbandonTunnel())

    def _city_name(self, city) -> str | None:
        """The board's spelling of a city (any letter case), or None with the reason shown."""
        if isinstance(city, str):
            for name in self.game.city_names:
                if name.casefold() == city.casefold():
                    return name
        self.refuse("widget.unknown-place", _("There is no city called {city} on the {board} board.").format(
            city=repr(city), board=self.game.board.display_title))
        return None

    def station_options(self) -> tuple[Cards, ...]:
        """The payments for the next station of the player to move, fewest locomotives first."""
        return self.state.station_payments()

    def build_station(self, city, payment=None) -> bool:
        """Build a station (Europe) in a city; None pays with the fewest locomotives."""
        city = self._city_name(city)
        if city is None:
            return False
        if payment is None:
            options = self.station_options()
            if not options:
                self.status.refuse(self.state.why_no_station(city))
                return False
            payment = options[0]
        payment = self._cards(payment)
        return payment is not None and self._play(BuildStation(city, payment))

    def pass_turn(self) -> bool:
        """Pass (only allowed when no other action is)."""
        return self._play(Pass())

    def undo(self) -> bool:
        """Take back the last human move, and the bots' moves after it."""
        h = self.match.history
        states = self.match.states
        if not any(self.is_human(states[k].current_player) for k in range(len(h))):
            return self.refuse("widget.nothing-to-undo", _("Nothing to undo: no human move has been played yet."))
        taken = []
        self._quiet += 1
        try:
            # the bots' moves since the last human move, then that move
            while h and not self.is_human(states[-2].current_player):
                taken.append(self._entries[-1][0] if self._entries else str(h[-1]))
                self.match.undo()
            if h:
                taken.append(self._entries[-1][0] if self._entries else str(h[-1]))
                self.match.undo()
        finally:
            self._quiet -= 1
        self._selected = None
        self._pending_draw = None
        self.last_update = ()
        self._refresh()
        bots = len(taken) - 1
        self.status.ok(ngettext("Took back: {move} (and {n} bot move)", "Took back: {move} (and {n} bot moves)",
                                bots).format(move=taken[-1], n=bots) if bots
                       else _("Took back: {move}").format(move=taken[-1]))
        return True

    def run_bots(self) -> int:
        """Let the bots move until a human is to move or the game ends. Returns the moves made."""
        moves = 0
        delay = self.bot_delay
        if not delay:
            self._quiet += 1
        try:
            while not self.state.is_over() and not self.is_human(self.state.current_player):
                p = self.state.current_player
                action = self.bots[p](self.state)
                if not self.act(action):       # a bot proposing an illegal move: stop, say why
                    self.status.show(_("{name} proposed an illegal move ({action}): {why}").format(
                        name=self.names[p], action=action, why=self.status.text), "error")
                    break
                moves += 1
                if delay:
                    self.status.ok(self._last_line())
                    time.sleep(delay)
                if moves > 10_000:  # pragma: no cover - a safety net
                    break
        finally:
            if not delay:
                self._quiet -= 1
        if moves:
            self._refresh()
            last = self._last_line()
            self.status.ok(f"{last}. {self._prompt()}" if not self.state.is_over() else f"{last}.")
        return moves

    # ------------------------------------------------------------------ selecting on the board
    def select_route(self, route) -> tuple[Cards, ...]:
        """What a click on a route does: outline it and offer its payments as buttons.
        Returns the payments offered (empty, with the engine's reason, if it cannot be claimed)."""
        ri = self.route_or_refuse(route)
        if ri is None:
            return ()
        r = self.game.board.routes[ri]
        self._selected = ("route", ri)
        self._set_highlight([ri])
        if not self._guard_seat():
            self._show_choice()
            return ()
        reason = self.state.why_not_claim(ri)
        if reason is not None:
            self.status.refuse(reason)
            self._show_choice()
            return ()
        options = self.state.claim_payments(ri)
        name = route_name(self.game, ri)
        fields = dict(route=name[:1].upper() + name[1:], spaces=spaces_text(r.length),
                      points=points_text(self.game.route_points[ri]))
        if r.draw_bonus:
            self.status.show(ngettext(
                "{route}: {spaces}, {points}. Claiming it draws {n} card blind (its draw bonus). Choose how to pay.",
                "{route}: {spaces}, {points}. Claiming it draws {n} cards blind (its draw bonus). Choose how to pay.",
                r.draw_bonus).format(n=r.draw_bonus, **fields))
        else:
            self.status.show(_("{route}: {spaces}, {points}. Choose how to pay.").format(**fields))
        self._show_choice()
        return options

    def select_city(self, city) -> tuple[Cards, ...]:
        """What a click on a city does: in editions with stations, offer a station there."""
        city = self._city_name(city)
        if city is None:
            return ()
        if self.state.phase in ("depots", "after"):        # Warehouses & Depots: a click places a Depot
            self._selected = None
            self.place_depot(city)
            return ()
        if not self.game.rules.stations:
            routes = self.game.board.routes_at(city)
            self.status.show(ngettext("{city}: {n} route. Click a route on the board to claim it.",
                                      "{city}: {n} routes. Click a route on the board to claim it.",
                                      len(routes)).format(city=city, n=len(routes)))
            return ()
        self._selected = ("city", city)
        self._set_highlight([city])
        if not self._guard_seat():
            self._show_choice()
            return ()
        reason = self.state.why_no_station(city)
        if reason is not None:
            if self._depot_here(city):
                self.status.show(_("{city}: you may place a depot here before your turn's action.").format(city=city))
            else:
                self.status.refuse(reason)
            self._show_choice()
            return ()
        options = self.station_options()
        cost = station_cost(self.state)
        self.status.show(ngettext("A station in {city} costs {n} card of one colour. Choose how to pay.",
                                  "A station in {city} costs {n} cards of one colour. Choose how to pay.",
                                  cost).format(city=city, n=cost))
        self._show_choice()
        return options

    def _depot_here(self, city: str) -> bool:
        """Warehouses & Depots: whether the player to move may place a Depot on `city` now."""
        return self.game.rules.warehouses is not None and self.state.why_illegal(PlaceDepot(city)) is None

    def show_ticket(self, ticket=None) -> None:
        """Draw a ticket's cheapest completion for the seat shown (None clears)."""
        if ticket is not None:
            try:
                ticket_path(self.state, ticket, self.viewer)       # reads the ticket as the board will
            except (KeyError, TypeError, ValueError) as e:
                why = e.args[0] if isinstance(e, KeyError) and e.args else str(e)
                self.refuse("widget.unknown-ticket", _("Cannot show the ticket {ticket}: {why}").format(
                    ticket=repr(ticket), why=why))
                return None
        self._set_overlays(replace(self._overlays, ticket=ticket, player=self.viewer))

    # ------------------------------------------------------------------ the walkthrough
    def open_walkthrough(self) -> ScoringWalkthrough:
        """Step through the final scoring of this position (shown below the table)."""
        if self._walkthrough is None:
            self._walkthrough = ScoringWalkthrough(self.state, names=self.names, language=self.language)
            self.walk_out.clear_output()
            with self.walk_out:
                from IPython.display import display
                display(self._walkthrough)
        return self._walkthrough

    # ------------------------------------------------------------------ refreshing
    def _on_match_change(self, match) -> None:
        h = match.history
        while len(self._entries) > len(h):
            self._entries.pop()
        while len(self._entries) < len(h):
            k = len(self._entries)
            self._entries.append(match.states[k].describe(h[k], self.names, after=match.states[k + 1]))
        if not self._quiet:
            self._refresh()

    def _hand_toggled(self, change) -> None:
        self.show_hand = bool(change["new"])
        if not self.show_hand and self._hint is not None:     # (a hint tells of the hand)
            self._clear_hint()
            if self._selected is None:
                self._set_highlight(None)
        self._refresh_private()

    def _prompt(self) -> str:
        s = self.state
        if s.is_over():
            return _("The game is over.")
        who = self.names[s.current_player]
        if s.phase == "opening":
            return _("{who}: choose which opening tickets to keep.").format(who=who)
        if s.phase == "turn" and self.game.rules.stations:
            return _("{who}: draw cards, claim a route (click it on the board), build a station (click a city) or draw "
                     "tickets.").format(who=who)
        if s.phase == "turn":
            return _("{who}: draw cards, claim a route (click it on the board) or draw tickets.").format(who=who)
        if s.phase == "draw2":
            return _("{who}: take a second card.").format(who=who)
        if s.phase == "draw1":
            return _("{who}: take your first card.").format(who=who)
        if s.phase == "depots":
            return _("{who}: place your first depot (click a city on the board).").format(who=who)
        if s.phase == "after":
            return _("{who}: collect a warehouse, place a depot (click a city) or end the turn.").format(who=who)
        if s.phase == "tickets":
            return _("{who}: choose which tickets to keep.").format(who=who)
        return _("{who}: pay the tunnel's extra cards or abandon it.").format(who=who)

    def _refresh(self) -> None:
        """Show the match's position: the board (only what changed), then the panels."""
        s = self.state
        changed = self._view.update(s) if self._view is not None else ()
        # the traces changed since the last human move began (its update, then the bots')
        self.last_update = tuple(dict.fromkeys(self.last_update + changed))
        if self._hint is not None and self._hint[0] is not s:
            self._clear_hint()
        if self._selected is None and self._highlight and self._hint is None:
            self._set_highlight(None)
        self._refresh_public()
        self._refresh_private()

    # ------------------------------------------------------------------ hints
    def hint(self) -> Hint | None:
        """What the *Hint* button does: what the planner would do now for the human seat to move,
        and why, in a sentence or two shown under the buttons, its route (or cards' routes) drawn
        on the board. The planner decides from that seat's view alone (`ttr_nb.analysis.hints`).
        Returns the `Hint`, or None with the reason in the status line (hints switched off, a
        bot to move, the game over, the hand hidden)."""
        s = self.state
        if not self.hints:
            self.refuse("widget.hints-off", _("Hints are switched off for this game."))
            return None
        if s.is_over():
            self.refuse("widget.hint-game-over", _("The game is over: there is nothing to hint."))
            return None
        if not self._guard_seat():
            return None
        if self.viewer != s.current_player or not self.show_hand:
            self.refuse("widget.hint-hand-hidden", _("A hint reads your hand: show the hand first."))
            return None
        depots = _("The hints speak of routes, cards and tickets: where to put a depot and which warehouse to "
                   "use, you choose yourself.")
        if s.phase in ("depots", "after"):          # Warehouses & Depots: no hint explains these moves
            self.refuse("widget.hint-depots", depots)
            return None
        try:
            found = planner_hint(s, planner=self._hint_planner)
        except ValueError:
            if self.game.rules.warehouses is None:
                raise
            self.refuse("widget.hint-depots", depots)    # the planner chose a Warehouses & Depots move
            return None
        self._hint = (s, found)
        heading = _("Hint")
        self.hint_box.value = (f"<div class='ttr-hint-text'><b>{_esc(heading)}:</b> "
                               f"{_esc(_by_name(found.text, self.names))}</div>")
        self.hint_box.layout.display = "block"
        self._selected = None
        self._show_choice()
        self._set_highlight([*found.routes, *found.cities])
        return found

    @property
    def hint_text(self) -> str:
        """The hint shown now ("" when none is)."""
        return self._hint[1].text if self._hint is not None else ""

    def _clear_hint(self) -> None:
        self._hint = None
        self.hint_box.value = ""
        self.hint_box.layout.display = "none"

    def _refresh_public(self) -> None:
        s = self.state
        g = self.game
        p = s.current_player
        kind = "bot" if not self.is_human(p) else "human"
        if s.is_over():
            banner = _esc(_("Game over"))
        else:
            who = f"<b>{_esc(self.names[p])}</b>"
            banner = _swatch(self.colours[p]) + (
                _("Turn {n} · {who} is thinking…") if kind == "bot" else _("Turn {n} · {who} to play")).format(
                n=s.turn + 1, who=who)
            if s.countdown is not None:
                left = ngettext("final round: {n} turn left", "final round: {n} turns left", s.countdown).format(
                    n=s.countdown)
                banner += f" · <span class='ttr-final-round'>{_esc(left)}</span>"
        self.turn.value = f"<div class='ttr-banner'>{banner}</div>"
        deck, discard = len(s.deck), len(s.discard)
        self.deck_button.description = _("Deck ({n})").format(n=f"{deck}{'+' + str(discard) if discard else ''}")
        self.deck_button.tooltip = deck_tooltip(deck, discard)
        for k, b in enumerate(self.face_up_buttons):
            if k < len(s.display):
                name = CARD_NAMES[s.display[k]]
                b.description = card_label(name)
                _style_card_button(b, name)
                b.layout.visibility = "visible"
            else:
                b.description = ""
                b.layout.visibility = "hidden"
        self.tickets_button.description = _("Draw tickets ({n})").format(n=len(s.ticket_deck))
        self.undo_button.disabled = not self.match.history
        # scores
        cols = ["", _("points"), _("trains"), _("cards"), _("tickets")] + ([_("stations")] if g.rules.stations else [])
        depots = s.depots
        if depots is not None:          # Warehouses & Depots: public counts (the cards stay face down)
            cols += [_("depots in reserve"), _("warehouse cards")]
        head = "".join(f"<th>{_esc(c)}</th>" for c in cols)
        rows = []
        for q in range(g.players):
            now = q == p and not s.is_over()
            cells = [f"<span class='ttr-name'>{'▶ ' if now else ''}{_swatch(self.colours[q])}"
                     f"{_esc(self.names[q])}</span>", str(s.points[q]),
                     str(s.trains[q]), str(sum(s.hands[q])), str(len(s.tickets[q]))]
            if g.rules.stations:
                cells.append(f"{len(s.stations_of(q))}/{g.rules.stations}")
            if depots is not None:
                cells += [str(depots.reserves[q]), str(depots.counts()[q])]
            tds = "".join(f"<td{' class=' + chr(39) + 'ttr-label' + chr(39) if i == 0 else ''}>{c}</td>"
                          for i, c in enumerate(cells))
            rows.append(f"<tr class='ttr-score-row{' ttr-to-move' if now else ''}'>{tds}</tr>")
        self.scores.value = (f"<table class='ttr-table ttr-scores-table'>"
                             f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
        # log, newest first
        lines = self.log[-40:][::-1]
        items = "".join(f"<div class='ttr-log-line{' ttr-latest' if i == 0 else ''}'>{_esc(line)}</div>"
                        for i, line in enumerate(lines))
        log, newest, empty = _("Log"), _("(newest first)"), _("nothing yet")
        self.log_box.value = (f"<div class='ttr-log-box'><b>{_esc(log)}</b> {_esc(newest)}"
                              f"{items or '<div>' + _esc(empty) + '</div>'}</div>")
        # the end
        if s.is_over():
            self.end_table.value = score_table_html(s, self.names, self.colours)       # in the table's language
            self.end.layout.display = "flex"
        else:
            self.end.layout.display = "none"

    def _refresh_private(self) -> None:
        s = self.state
        v = self.viewer
        shown = v is not None and self.show_hand
        if shown:
            hand = s.hands[v]
            chips = "".join(_chip(CARD_NAMES[c], n) for c, n in enumerate(hand) if n) or _esc(_("no cards"))
            count = cards_count(sum(hand))
            whose = _("{name}'s hand").format(name=_esc(self.names[v]))      # the catalogue's text is no HTML
            self.hand.value = f"<div class='ttr-panel-text'><b>{whose}</b> ({_esc(count)}) {chips}</div>"
            self.my_tickets.value = self._tickets_html(v)
        else:
            why = (_("Hand and tickets hidden (show hand is off).") if v is not None
                   else _("Hand and tickets hidden while another seat moves."))
            self.hand.value = f"<div class='ttr-panel-text ttr-muted'>{_esc(why)}</div>"
            self.my_tickets.value = ""
        self._show_choice()

    def _tickets_html(self, p: int) -> str:
        s = self.state
        board = s.board
        if not s.tickets[p]:
            none = _("Tickets: none yet")
            return f"<div class='ttr-panel-text'>{_esc(none)}</div>"
        results = best_borrowing(s, p)[1]
        items = []
        for res in results:
            done, not_yet = _("done"), _("not yet")
            mark = (f"<span class='ttr-done'>✓ {_esc(done)}</span>" if res.completed
                    else f"<span class='ttr-not-yet'>{_esc(not_yet)}</span>")
            t = board.find_ticket(res.ticket)
            items.append(f"<span class='ttr-ticket'>{_esc(ticket_name(res.ticket))} <b>{t.value}</b> · {mark}</span>")
        heading = _("Tickets")
        return f"<div class='ttr-panel-text'><b>{_esc(heading)}:</b> {' '.join(items)}</div>"

    # ------------------------------------------------------------------ the choice panel
    def _button(self, text: str, cls: str, callback, colour: str | None = None, style: str = "") -> W.Button:
        b = W.Button(description=text, layout=W.Layout(height="44px", width="auto", min_width="90px", margin="2px"),
                     button_style=style)
        b.add_class(cls)
        if colour:
            _style_card_button(b, colour)
        b.on_click(self.guarded(lambda _: callback()))
        return b

    def _show_choice(self) -> None:
        """Fill the choice panel for the human to move: tickets to keep, a tunnel to pay,
        or the payments of the selected route or city."""
        s = self.state
        p = s.current_player
        human = self.is_human(p) and not s.is_over() and self.viewer == p
        title, buttons, key = "", [], None
        tickets = s.ticket_choice()
        if human and tickets is not None:
            offer, need = tickets.offer, tickets.minimum
            key = ("tickets", p, s.phase, offer)
            if key != self._offer_key:
                self.ticket_boxes = []
                for i, tid in enumerate(offer):
                    tk = s.board.tickets[tid]
                    box = W.ToggleButton(value=False, description=f"☐ {ticket_name(tk.key)} ({tk.value})",
                                         layout=W.Layout(width="auto", height="42px", margin="2px"),
                                         tooltip=_("tick to keep it; it shows on the board"))
                    box.style.font_size = "15px"
                    box.add_class("ttr-ticket-choice")
                    box.observe(self.guarded(functools.partial(self._ticket_ticked, tk.key, box)), names="value")
                    self.ticket_boxes.append(box)
                keep = self._button(_("Keep these tickets"), "ttr-keep", self._keep_ticked, style="success")
                keep_text = ngettext("{name}: keep at least {k} of these {n} ticket",
                                     "{name}: keep at least {k} of these {n} tickets",
                                     len(offer)).format(name=self.names[p], k=need, n=len(offer))
                shows = _("(a ticked ticket shows on the board)")
                title = f"<b>{_esc(keep_text)}</b> {_esc(shows)}"
                self.choice_title.value = f"<div class='ttr-choice-text'>{title}</div>"
                self.choice_buttons.children = [*self.ticket_boxes, keep]
                self._offer_key = key
            self.choice.layout.display = "flex"
            return
        tunnel = s.tunnel_choice()
        if human and tunnel is not None:
            key = ("tunnel", s.turn, tunnel.route)
            if key != self._offer_key:
                chips = "".join(_chip(CARD_NAMES[c]) for c in tunnel.revealed) or _esc(_("no card"))
                options = tunnel.options
                more = ngettext("{n} more card", "{n} more cards", tunnel.extra).format(n=tunnel.extra)
                title = (_("{tunnel}: you laid down {cards}. Revealed: {chips} → {more} needed.").format(
                    tunnel="<b>" + _esc(_("Tunnel {route}").format(route=route_name(self.game, tunnel.route))) + "</b>",
                    cards=_esc(cards_text(tunnel.paid)), chips=chips, more=f"<b>{_esc(more)}</b>"))
                if not options:
                    title += " " + _esc(_("You cannot pay them: abandon."))
                buttons = [self._button(_("Pay {cards}").format(cards=cards_text(o)), "ttr-pay-tunnel",
                                        functools.partial(self.pay_tunnel, o), style="success") for o in options]
                buttons.append(self._button(_("Abandon"), "ttr-abandon", self.abandon_tunnel, style="danger"))
                self.choice_title.value = f"<div class='ttr-choice-text'>{title}</div>"
                self.choice_buttons.children = buttons
                self._offer_key = key
            self.choice.layout.display = "flex"
            return
        if human and self.game.rules.warehouses is not None and self._warehouse_choice(s, p):
            self.choice.layout.display = "flex"
            return
        sel = self._selected
        if human and sel is not None and s.phase == "turn":
            kind, what = sel
            key = (kind, what, s.turn, s.hands[p])
            if key != self._offer_key:
                if kind == "route":
                    r = s.board.routes[what]
                    options = s.claim_payments(what) if s.why_not_claim(what) is None else ()
                    pay_with = _("pay with")
                    title = (f"<b>{_esc(route_name(self.game, what))}</b> · {_esc(spaces_text(r.length))} · "
                             f"{_esc(points_text(self.game.route_points[what]))}: {_esc(pay_with)}")
                    buttons = [self._button(cards_text(o), "ttr-pay-option",
                                            functools.partial(self.claim, r.key, o),
                                            colour=CARD_NAMES[max(range(LOCO), key=lambda c: o[c])]
                                            if sum(o[:LOCO]) else "loco") for o in options]
                else:
                    options = self.station_options() if s.why_no_station(what) is None else ()
                    station, pay_with = _("Station in {city}").format(city=what), _("pay with")
                    title = f"<b>{_esc(station)}</b>: {_esc(pay_with)}" if options else f"<b>{_esc(what)}</b>"
                    buttons = [self._button(cards_text(o), "ttr-pay-option",
                                            functools.partial(self.build_station, what, o),
                                            colour=CARD_NAMES[max(range(LOCO), key=lambda c: o[c])]
                                            if sum(o[:LOCO]) else "loco") for o in options]
                    if self._depot_here(what):
                        buttons.append(self._button(_("Place a depot in {city}").format(city=what), "ttr-place-depot",
                                                    functools.partial(self.place_depot, what), style="info"))
                if not buttons:
                    self.choice.layout.display = "none"
                    self._offer_key = None
                    return
                buttons.append(self._button(_("Cancel"), "ttr-cancel", self.clear_selection))
                self.choice_title.value = f"<div class='ttr-choice-text'>{title}</div>"
                self.choice_buttons.children = buttons
                self._offer_key = key
            self.choice.layout.display = "flex"
            return
        self._offer_key = None
        self.choice.layout.display = "none"

    def _warehouse_choice(self, s: State, p: int) -> bool:
        """Warehouses & Depots: fill the choice panel with what the phase asks (whose Warehouse
        gets the deck's top card; the Depot to place before the game; what to do after the
        action). Returns whether the panel shows it."""
        counts = s.depots.counts()
        if s.phase == "turn" and self._pending_draw is not None:
            key = ("store", s.turn, counts)
            if key != self._offer_key:
                title = _("Before drawing: put the top card of the deck, unseen, into a warehouse. Whose?")
                buttons = [self._button(ngettext("{name}'s warehouse ({n} card)", "{name}'s warehouse ({n} cards)",
                                                 counts[q]).format(name=self.names[q], n=counts[q]),
                                        "ttr-store-card", functools.partial(self._store_pending, q))
                           for q in range(self.game.players)]
                buttons.append(self._button(_("Cancel"), "ttr-cancel", self.clear_selection))
                self.choice_title.value = f"<div class='ttr-choice-text'><b>{_esc(title)}</b></div>"
                self.choice_buttons.children = buttons
                self._offer_key = key
            return True
        if s.phase == "depots":
            key = ("depots", p)
            if key != self._offer_key:
                title = _("{name}: place your first depot: click a city on the board.").format(name=self.names[p])
                self.choice_title.value = f"<div class='ttr-choice-text'><b>{_esc(title)}</b></div>"
                self.choice_buttons.children = []
                self._offer_key = key
            return True
        if s.phase == "after":
            actions = list(s.legal_actions())
            collect = [a.warehouse for a in actions if isinstance(a, CollectWarehouse)]
            place = any(isinstance(a, PlaceDepot) for a in actions)
            key = ("after", s.turn, tuple(collect), place, s.depots.reserves[p])
            if key != self._offer_key:
                if collect and place:
                    title = _("Before your turn ends: collect a warehouse, place a depot (click a city) or end the turn.")
                elif collect:
                    title = _("Before your turn ends: collect a warehouse, or end the turn.")
                else:
                    title = _("Before your turn ends: place a depot (click a city), or end the turn.")
                buttons = [self._button(ngettext("Collect {name}'s warehouse ({n} card) for a depot",
                                                 "Collect {name}'s warehouse ({n} cards) for a depot",
                                                 counts[w]).format(name=self.names[w], n=counts[w]),
                                        "ttr-collect-warehouse", functools.partial(self.collect_warehouse, w),
                                        style="success") for w in collect]
                buttons.append(self._button(_("End the turn"), "ttr-end-turn", self.end_turn))
                self.choice_title.value = f"<div class='ttr-choice-text'><b>{_esc(title)}</b></div>"
                self.choice_buttons.children = buttons
                self._offer_key = key
            return True
        return False

    def _store_pending(self, warehouse: int) -> bool:
        """A Warehouse button: store the deck's top card there, then take the card draw asked for."""
        action, self._pending_draw = self._pending_draw, None
        if not self.store_card(warehouse):
            return False
        return action is None or self._play(action)

    def _ticket_ticked(self, key: str, box, change) -> None:
        box.description = ("☑ " if change["new"] else "☐ ") + box.description[2:]
        box.button_style = "info" if change["new"] else ""
        if change["new"]:
            self.show_ticket(key)

    def _keep_ticked(self) -> None:
        self.keep([i for i, b in enumerate(getattr(self, "ticket_boxes", [])) if b.value])

    def clear_selection(self) -> bool:
        """Select nothing on the board (what the choice panel's Cancel does)."""
        self._selected = None
        self._pending_draw = None
        self._set_highlight(None)
        self._clear_hint()
        self._show_choice()
        self.status.show(self._prompt())
        return True

    def _route_selected(self) -> int | None:
        return self._selected[1] if self._selected is not None and self._selected[0] == "route" else None

    def _published(self) -> dict:
        return {**super()._published(), "position": self.state, "actions_played": len(self.match.history)}
