"""A position of a game: who holds what, whose turn it is, and what may happen next.

`State` is immutable: `apply` returns a new state and leaves the old one as it
was, so undo, replay and "what if" cost nothing. Everything random (shuffles)
is drawn from the game's seed, so a game replays identically.

Phases
    opening   every player in turn keeps opening tickets (`KeepTickets`)
    turn      a player starts a turn: draw a card, draw tickets, claim, build a station
    draw2     the second card of a draw
    tickets   the player chooses which drawn tickets to keep
    tunnel    the player pays a tunnel's extra cards or abandons it
    over      the game has ended

With Warehouses & Depots (`rules.warehouses`, the Europa 1912 module; see `depots_of`):
    depots    after the opening tickets, each player in reverse turn order places a Depot
    draw1     the first card of a draw, once the deck's top card is stored in a Warehouse
    after     the end of the player's own turn: collect the Warehouses a claim reached,
              place Depots (the free action), or end the turn
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations, compress
from operator import index as operator_index, sub
from typing import Iterator, Sequence

from dataclasses import replace as _replace

from .actions import (FORMS, AbandonTunnel, Action, ActionSyntaxError, BuildStation, Claim, CollectWarehouse,
                      DrawBlind, DrawFaceUp, DrawTickets, EndTurn, KeepTickets, Pass, PayTunnel, PlaceDepot, StoreCard,
                      forms_separator)
from .caches import BoundedCache
from .cards import (CARD_INDEX, CARD_NAMES, LOCO, NUM_COLOURS, NUM_KINDS, Cards, card_index, card_word,
                    cards_of_colour, colour_name)
from . import bonuscards, narration, queries
from .display import state_html
from .errors import IllegalAction, Reason, one_sentence, short_repr as _short
from .i18n import N_, contexts, translations
from .narration import DECK_WORDS, and_list, capital, mid, player_mention, route_name, trains_text
from .observer import view
from .payments import GREY, tunnel_extra, tunnel_extra_options
from .position import FIELDS, PHASES, Depots, PendingTunnel, TunnelReveal
from .rules import edition_title
from .scoring import score_breakdown, winners
from .shuffle import shuffle
from .tables import PLAIN_PAYMENTS

_new_state = object.__new__
_, ngettext = translations("engine")
npgettext = contexts("engine")[1]

# What an action was trying to do, for "You cannot ... now" (translated only in a refusal)
_TO_DRAW_CARD, _TO_DRAW_TICKETS, _TO_KEEP_TICKETS = N_("draw a card"), N_("draw tickets"), N_("keep tickets")
_TO_CLAIM, _TO_PAY_TUNNEL, _TO_ABANDON_TUNNEL = N_("claim a route"), N_("pay for a tunnel"), N_("abandon a tunnel")
_TO_BUILD_STATION, _TO_PASS = N_("build a station"), N_("pass")
_TO_STORE, _TO_PLACE_DEPOT = N_("store a card in a warehouse"), N_("place a depot")
_TO_COLLECT, _TO_END_TURN = N_("collect a warehouse"), N_("end your turn")
# What the phase asks of the player to move
_EXPECTED = {
    "opening": N_("{player} must first choose which opening tickets to keep"),
    "turn": N_("{player} is starting a turn"),
    "draw2": N_("{player} must take a second train card (from the deck or the display)"),
    "tickets": N_("{player} must choose which of the drawn tickets to keep"),
    "tunnel": N_("{player} must pay the tunnel's extra cards or abandon it"),
    "depots": N_("{player} must place a depot on a city before the game starts"),
    "draw1": N_("{player} must take the first train card of the draw (from the deck or the display)"),
    "after": N_("{player} may collect a warehouse or place depots, or end the turn"),
}


@lru_cache(maxsize=16)
def _full_deck(cards_per_colour: int, locomotives: int) -> tuple[int, ...]:
    """Every train card of an edition, in card order (shuffled at setup)."""
    return tuple(c for c in range(NUM_COLOURS) for _ in range(cards_per_colour)) + (LOCO,) * locomotives


def _without(items: tuple, index: int) -> tuple:
    return items[:index] + items[index + 1:]


def _drop(items: tuple, item) -> tuple:
    """`items` without its one occurrence of `item` (unchanged if absent)."""
    if item not in items:
        return items
    k = items.index(item)
    return items[:k] + items[k + 1:]


#: The fields of `FIELDS` few moves change, held together in one tuple, `State._rare`, each read
#: and written through a property: a move copies one reference for them, not seven (measured:
#: 1% of a random game's instructions).
RARE = ("stations", "removed_tickets", "opening_offers", "pending", "shuffles", "last_reveal", "bonus_cards",
        "depots")


#: the fields of `FIELDS` held in slots of their own (the deck and `RARE` are held otherwise)
_PLAIN_FIELDS = tuple(f for f in FIELDS if f != "deck" and f not in RARE)
_FIELD_NAMES = frozenset(FIELDS)


#: multisets of cards (nine counts) -> their cards in card order (bound in `caches`)
CARD_ROWS = BoundedCache(50_000)


def _card_row(cards) -> tuple:
    """A multiset of cards (nine counts) as the tuple of its cards, in card order (cached)."""
    row = CARD_ROWS.get(cards)
    if row is None:
        row = tuple(card for card, n in enumerate(cards) for _ in range(n))
        CARD_ROWS.put(tuple(cards), row)
    return row


class State:
    """A position of a game (immutable): `apply` returns the next one.

    The vocabulary (what `dir(state)` and tab completion show):

    * `legal_actions()`, `why_illegal(action)`, `apply(action)`: the moves (an Action or its text);
    * `current_player`, `phase` (one of `PHASES`), `is_over()`, `turn`: whose move, and what kind;
    * `hand(player)`, `unseen_cards(player)`, `payment_options(route)`: cards;
    * `owner(route)`, `route_status(route)`, `routes_of(player)`, `stations_of(player)`,
      `trains`, `display`, `stations`: the board and what is public;
    * `score_breakdown()`, `winners()`: scoring (`bonus_cards`: the bonus cards in play, if any);
    * `view(player)`: what one seat may see; `to_dict()`: the whole position as data;
    * `game`, `rules`, `board`, `num_players`: what the position belongs to.

    Its fields are listed once, with what each holds, in `position.FIELDS`; the ones
    that are not part of the vocabulary (other seats' hands, the deck's order, internal
    indexes) stay readable for the engine's own layers but are not offered by `dir`.

    Make one with `Game.new_state()` (the deal, `State.opening`) or
    `Game.state_from_dict(d)`; the constructor `State(game, **fields)` takes every field
    of `FIELDS` and nothing else.
    """

    # The deck is held as `_cards` (a tuple, shared by the positions that draw from it) and
    # `_top` (how many of its cards are still in the deck: the top card is `_cards[_top - 1]`),
    # so that drawing a card copies nothing; `deck` (a field of `FIELDS`) is a property that
    # reads and writes them. The fields of `RARE` are properties too, held in `_rare`.
    __slots__ = ("game", *(f for f in FIELDS if f != "deck" and f not in RARE), "_cards", "_top", "_rare",
                 "_legal", "_score")

    @property
    def deck(self) -> tuple[int, ...]:
        """The train cards face down, the top card last (hidden from every seat)."""
        cards, top = self._cards, self._top
        return cards if top == len(cards) else cards[:top]

    @deck.setter
    def deck(self, cards) -> None:
        self._cards = cards = tuple(cards)
        self._top = len(cards)

    def __init__(self, game: "Game", **fields):
        if fields.keys() != _FIELD_NAMES:
            missing = [f for f in FIELDS if f not in fields]
            unknown = [f for f in fields if f not in FIELDS]
            raise TypeError(f"State needs exactly the fields of position.FIELDS (missing {missing}, "
                            f"unknown {unknown})")
        self.game = game
        for name in _PLAIN_FIELDS:
            setattr(self, name, fields[name])
        self.deck = fields["deck"]
        self._rare = tuple(map(fields.__getitem__, RARE))      # (what each of RARE's properties writes)
        self._legal = None
        self._score = None

    @classmethod
    def opening(cls, game: "Game") -> "State":
        """The opening position: cards shuffled by the seed, hands and display dealt,
        opening tickets offered to every player (RULES §setup)."""
        rules = game.rules
        n = game.players
        rng = random.Random(game.seed)
        deck = list(_full_deck(rules.cards_per_colour, rules.locomotives))
        shuffle(rng, deck)
        decks = {}
        for deck_name, ids in game.tables.deck_tickets:
            ids = list(ids)
            shuffle(rng, ids)
            decks[deck_name] = ids
        offers = [[] for _ in range(n)]
        for i in range(n):
            p = (game.first_player + i) % n
            for deck_name, k in rules.tickets.opening_deal:
                for _i in range(k):
                    if decks[deck_name]:
                        offers[p].append(decks[deck_name].pop())
        hands = []
        for _p in range(n):                 # dealt from the top of the deck (its end), as `_draw` does
            hand = [0] * NUM_KINDS
            for _i in range(rules.hand_size):
                hand[deck.pop()] += 1
            hands.append(tuple(hand))
        draw_from = rules.tickets.draw_from
        s = cls(game, phase="opening", player=game.first_player, hands=tuple(hands), deck=tuple(deck),
                discard=(), display=(), owners=(-1,) * len(game.board.routes), free=game.tables.free_at_start,
                blocked=(frozenset(),) * n, trains=(rules.trains,) * n, points=(0,) * n, stations=(),
                tickets=((),) * n, ticket_deck=tuple(decks[draw_from]),
                removed_tickets=tuple(t for name, ids in decks.items() if name != draw_from for t in ids),
                offer=(), opening_offers=tuple(tuple(o) for o in offers), pending=None, countdown=None,
                passes=0, shuffles=0, turn=0, last_reveal=None, bonus_cards=bonuscards.deal(game),
                depots=_no_depots(game))
        s._refill_display()
        return s

    def with_display_dealt(self) -> "State":
        """This position with its display filled from the top of the deck by the rules (the
        flush rule included): how a position written without a display is completed."""
        new = self._copy()
        new._refill_display()
        return new

    def __dir__(self):
        return sorted(VOCABULARY)

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def num_players(self) -> int:
        return self.game.players

    @property
    def rules(self):
        return self.game.rules

    @property
    def board(self):
        return self.game.board

    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, player: int | None = None) -> Cards:
        return Cards(self.hands[self.player if player is None else player])

    def owner(self, route) -> int | None:
        """The player owning a route (index, key or Route), or None."""
        o = self.owners[self.game.route_index(route)]
        return None if o < 0 else o

    def route_status(self, route, player: int | None = None) -> str:
        """'free', 'owned', 'closed' (the other route of a double is taken and both may not be
        used; of a triple, as many tracks as the player count allows are taken) or 'blocked'
        (this player owns another track between the same cities)."""
        ri = self.game.route_index(route)
        owners = self.owners
        if owners[ri] >= 0:
            return "owned"
        others = self.game.tables.parallel[ri]
        if others:
            taken = [owners[o] for o in others if owners[o] >= 0]
            if taken:
                if len(taken) >= self.game.usable_tracks[ri]:
                    return "closed"
                if (self.player if player is None else player) in taken:
                    return "blocked"
        return "free"

    def payment_options(self, route, complete: bool = True):
        """The distinct ways the player to move can pay for `route` with their hand (all of
        them, as a lazy `Payments` sequence: `len`, indexing, iteration, `in`; ``complete=False``:
        the canonical subset `legal_actions` lists, a tuple). Only the
        cards are considered: whether the route may be claimed now is `why_illegal`'s."""
        return self.game.payment_options(route, self.hands[self.player], complete)

    def routes_of(self, player: int) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.owners) if o == player)

    def stations_of(self, player: int) -> tuple[str, ...]:
        return tuple(city for city, p in self.stations if p == player)

    def __repr__(self) -> str:
        bonus = "".join(self.game.board.bonus_cards[k].letter for k in self.bonus_cards)
        return (f"<State {self.game.rules.id} {self.game.players}p turn {self.turn} phase {self.phase} "
                f"player {self.player} trains {list(self.trains)} points {list(self.points)}"
                + (f" bonus cards {bonus}" if bonus else "") + ">")

    def _repr_html_(self) -> str:      # a notebook shows a summary; hidden information stays hidden
        return state_html(self)

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None

    # ------------------------------------------------------------------ cards
    def _draw(self, exhaust: bool = True) -> int | None:
        """Take the top card of the deck, reshuffling the discard when the deck is empty
        (mutates this fresh copy). With Warehouses & Depots, the exhausted-cards rule is checked
        when it took the last card (``exhaust=False``: the caller checks it once the card is placed)."""
        if not self._top:
            if not self.discard:
                return None
            self._reshuffle()
        self._top = top = self._top - 1
        card = self._cards[top]
        if not top and exhaust and not self.discard and self.game.rules.warehouses is not None:
            self._empty_warehouses()
        return card

    def _empty_warehouses(self) -> None:
        """Warehouses & Depots, exhausted cards: when no train card is left to draw or reshuffle
        and a player has no Depot left in reserve (``exhaust = "out_of_depots"``; whatever the
        Depots with ``"empty_pile"``), every Warehouse is emptied at once and its cards shuffled
        into a new deck. Checked the moment the last card leaves the deck and whenever a reserve
        runs out, so no card is ever wanted while the rule could give one."""
        d = self.depots
        if self._top or self.discard or d is None or not any(map(any, d.warehouses)):
            return
        if self.game.rules.warehouses.exhaust == "out_of_depots" and min(d.reserves) > 0:
            return
        pile = ()
        for w in d.warehouses:
            pile += _card_row(w)
        self.depots = _replace(d, warehouses=((0,) * NUM_KINDS,) * len(d.warehouses))
        self.discard = pile
        self._reshuffle()

    def _reshuffle(self) -> None:
        """Shuffle the discard pile and put it under the deck."""
        pile = list(self.discard)
        self.shuffles += 1
        shuffle(random.Random(f"{self.game.seed}/{self.shuffles}"), pile)
        self.deck = tuple(pile) + self.deck
        self.discard = ()

    def _refill_display(self) -> None:
        """Fill the display up to its size, then apply the flush rule.

        Flush stopping rule (the rulebooks do not say): the display is flushed while it
        shows `display_flush_at` or more locomotives AND the deck and discard together
        still hold at least as many non-locomotive cards as a display needs to show fewer
        than that many locomotives, AND the cards turned up since this refill began do not
        exceed the cards that were in deck + discard when it began. Every flush turns up
        5 cards from a finite budget, so flushing always ends."""
        rules = self.game.rules
        size = rules.display_size
        display = list(self.display)
        while len(display) < size:
            card = self._draw()
            if card is None:
                break
            display.append(card)
        at = rules.display_flush_at
        if at:
            budget = self._top + len(self.discard)
            need_plain = size - at + 1
            while display.count(LOCO) >= at:
                pool = self.deck + self.discard
                if len(pool) - pool.count(LOCO) < need_plain or budget < size:
                    break
                self.discard = self.discard + tuple(display)
                display = []
                while len(display) < size:
                    card = self._draw()
                    if card is None:
                        break
                    display.append(card)
                    budget -= 1
        self.display = tuple(display)

    # A hand (like any per-player or per-route entry) is replaced through a list: fewer copies
    # than slices put together around the new entry.
    def _give(self, player: int, card: int) -> None:
        hands = list(self.hands)
        hand = list(hands[player])
        hand[card] += 1
        hands[player] = tuple(hand)
        self.hands = tuple(hands)

    def _take_cards(self, player: int, cards) -> None:
        hands = list(self.hands)
        hands[player] = tuple(map(sub, hands[player], cards))
        self.hands = tuple(hands)

    def _return_cards(self, player: int, cards) -> None:
        hands = list(self.hands)
        hands[player] = tuple(h + c for h, c in zip(hands[player], cards))
        self.hands = tuple(hands)

    def _discard_cards(self, cards) -> None:
        """Put a multiset of cards (nine counts) on the discard pile."""
        self.discard += _card_row(cards)

    def _discard_revealed(self, revealed: tuple) -> None:
        """Put the cards a tunnel dig turned up (card indexes) on the discard pile, in card
        order, as `_discard_cards` puts a payment."""
        self.discard += tuple(sorted(revealed))

    def can_draw_any(self) -> bool:
        return bool(self._top or self.discard or self.display)

    # ------------------------------------------------------------------ turn flow
    def _end_turn(self) -> None:
        """The current player's turn is over: count down the final round, pass play on. (A ticket
        offer and a pending tunnel are over already: `_do_keep`, `_do_pay_tunnel` and
        `_do_abandon` clear them.)"""
        g = self.game
        rules = g.rules
        if rules.warehouses is not None and self._enter_after():
            return
        p = self.player
        self.turn += 1
        self.phase = "turn"
        display = self.display
        if len(display) < rules.display_size and (self._top or self.discard):
            # the display ran short while deck and discard were empty; cards paid since then
            # are reshuffled into a new deck and turned up (RULES §1: deck exhausted)
            self._refill_display()
        elif rules.display_flush_at and display.count(LOCO) >= rules.display_flush_at:
            # locomotives enough to flush face up (a position built so, or a flush that stopped
            # for want of other cards): the next turn starts with the flush rule applied, where
            # deck and discard now hold the cards for it (else the display stays as it is)
            self._refill_display()
        if self.countdown is not None:
            self.countdown -= 1
            if self.countdown <= 0:
                self.phase = "over"
                return
        elif self.trains[p] <= rules.final_round_trains:
            self.countdown = g.players
        if self.passes >= g.players:
            self.phase = "over"
            return
        self.player = (p + 1) % g.players

    # ------------------------------------------------------------------ legality
    def legal_actions(self) -> "LegalActions":
        """Every legal action (a lazy sequence: `len`, indexing, iteration and `in` work).
        Claims list every payment the hand can make; where substitutions (Nordic ferries,
        Murmansk-Lieksa) make that set explode, a documented canonical subset of payments
        (see `Price.options`); `apply` accepts every valid payment."""
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == "turn":
                legal = _new_state(LegalActions)     # (LegalActions(self) without the call's dispatch)
                legal._turn(self)
            elif phase == "draw2":
                legal = _second_draws(self)
            elif phase == "opening" or phase == "tickets":
                legal = _keeps(self)
            elif phase == "draw1":
                legal = _first_draws(self)
            else:
                legal = LegalActions(self)
            self._legal = legal
        return legal

    def why_illegal(self, action) -> Reason | None:
        """None if `action` is legal now, else the `Reason` (rule id and a plain sentence)."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError as e:
                return _syntax_reason(e)
        if self.phase == "over":
            return Reason("game-over", _("The game is over: no more actions can be taken."))
        check = _CHECKS.get(type(action))
        if check is None:
            return Reason("action-syntax", _("This is not an action: {value}.").format(value=_short(action)), FORMS)
        return check(self, action)

    def _phase_reason(self, wanted: tuple[str, ...], what: str) -> Reason | None:
        if self.phase in wanted:
            return None
        expected = _(_EXPECTED[self.phase]).format(player=player_mention(self.player))
        return Reason("wrong-phase", _("You cannot {what} now: {expected}.").format(what=_(what), expected=expected))

    def _check_blind(self, a: DrawBlind) -> Reason | None:
        r = self._phase_reason(("turn", "draw1", "draw2"), _TO_DRAW_CARD) or self._store_first()
        if r:
            return r
        if not (self._top or self.discard):
            return Reason("deck-empty", _("The deck and the discard pile are both empty: no card can be drawn blind."))
        return None

    def _store_first(self) -> Reason | None:
        """Warehouses & Depots: a draw starts with the deck's top card stored in a Warehouse."""
        if self.phase == "turn" and self.game.rules.warehouses is not None and (self._top or self.discard):
            return Reason("warehouse-card", _("With Warehouses & Depots a card draw starts by putting the top card of "
                                              "the deck into a warehouse: store it first (for example: store {p})."
                                              ).format(p=self.player))
        return None

    def _check_face_up(self, a: DrawFaceUp) -> Reason | None:
        r = self._phase_reason(("turn", "draw1", "draw2"), _TO_DRAW_CARD) or self._store_first()
        if r:
            return r
        card = CARD_INDEX.get(a.card) if isinstance(a.card, str) else None
        if card is None:
            try:
                card = card_index(a.card)
            except (ValueError, AttributeError):
                return Reason("unknown-card", _("Cannot draw {value}: it is an unknown card colour.").format(
                    value=_short(a.card)), CARD_NAMES)
        if card not in self.display:
            shown = ", ".join(colour_name(c) for c in self.display) or _("nothing")
            return Reason("not-in-display", _("There is no {card} face up (the display shows {shown}).").format(
                card=card_word(card), shown=shown))
        if card == LOCO and self.game.rules.face_up_locomotive_costs_two and self.phase == "draw2":
            return Reason("face-up-locomotive",
                          _("A face-up locomotive can only be taken as the first card of a draw "
                            "(it counts as both cards); you have already taken one card this turn."))
        return None

    def _check_draw_tickets(self, a: DrawTickets) -> Reason | None:
        r = self._phase_reason(("turn",), _TO_DRAW_TICKETS)
        if r:
            return r
        if not self.ticket_deck:
            return Reason("ticket-deck-empty", _("The destination ticket deck is empty: no tickets can be drawn."))
        return None

    def _check_keep(self, a: KeepTickets) -> Reason | None:
        r = self._phase_reason(("opening", "tickets"), _TO_KEEP_TICKETS)
        if r:
            return r
        opening = self.phase == "opening"
        offer = self.opening_offers[self.player] if opening else self.offer
        t = self.game.rules.tickets
        need = t.keep_minimum(len(offer), opening)
        keep = a.keep
        if not isinstance(keep, tuple) or not all(type(i) is int for i in keep):
            return Reason("ticket-choice", _("Kept tickets are given by their positions in the offer, like (0, 2), "
                                             "not {value}.").format(value=_short(keep)))
        if any(not 0 <= i < len(offer) for i in keep):
            return Reason("ticket-choice", _("Ticket positions run from 0 to {last}; {keep} names a ticket that was "
                                             "not offered.").format(last=len(offer) - 1, keep=_short_list(keep)))
        if len(set(keep)) != len(keep) or list(keep) != sorted(keep):
            return Reason("ticket-choice", _("List each kept ticket once, in increasing order (not {keep}).").format(
                keep=_short_list(keep)))
        if len(keep) < need:
            if opening:
                text = ngettext("You must keep at least {need} of the {n} ticket dealt at the start; {k} is too few.",
                                "You must keep at least {need} of the {n} tickets dealt at the start; {k} is too few.",
                                len(offer))
            else:
                text = ngettext("You must keep at least {need} of the {n} ticket drawn; {k} is too few.",
                                "You must keep at least {need} of the {n} tickets drawn; {k} is too few.", len(offer))
            return Reason("keep-minimum", text.format(need=need, n=len(offer), k=len(keep)))
        if opening and t.opening_keep_most:
            tickets = self.game.board.tickets
            for deck, most in t.opening_keep_most:
                kept = [tickets[offer[i]].key for i in keep if tickets[offer[i]].deck == deck]
                if len(kept) > most:
                    text = ngettext("You may keep at most {most} {deck} ticket of those dealt at the start; you chose "
                                    "{k}: {tickets}.",
                                    "You may keep at most {most} {deck} tickets of those dealt at the start; you chose "
                                    "{k}: {tickets}.", most)
                    return Reason("keep-most", text.format(most=most, deck=_(DECK_WORDS[deck]), k=len(kept),
                                                           tickets=and_list(kept)))
        return None

    def _check_claim(self, a: Claim) -> Reason | None:
        r = self._phase_reason(("turn",), _TO_CLAIM)
        if r:
            return r
        g = self.game
        try:
            ri = g.route_index(a.route)
        except KeyError as e:
            return Reason("unknown-route", one_sentence(e.args[0]))
        route = g.board.routes[ri]
        p = self.player
        status = self.route_status(ri, p)
        if status == "owned":
            return Reason("route-taken", _("{route} already belongs to {player}.").format(
                route=capital(mid(route_name(g, ri))), player=player_mention(self.owners[ri])))
        if status in ("closed", "blocked") and len(route.parallel) > 1:
            return _triple_reason(self, route, status)
        if status == "closed":
            return Reason("double-routes", _(
                "{route} is closed: the other route between {a} and {b} is taken, and with {players} players only one "
                "of a double route may be used (both need {minimum}+ players).").format(
                route=capital(mid(route_name(g, ri))), a=route.a, b=route.b, players=g.players,
                minimum=g.rules.double_routes_min_players))
        if status == "blocked":
            return Reason("double-routes", _("You own the other route between {a} and {b}: one player may never "
                                             "claim both routes of a double route.").format(a=route.a, b=route.b))
        if self.trains[p] < route.length:
            return Reason("not-enough-trains", _("{route} needs {trains}; you have {left} left.").format(
                route=capital(mid(route_name(g, ri))), trains=trains_text(route.length), left=self.trains[p]))
        return self._check_payment(a.payment, ri)

    def _check_payment(self, payment, ri: int) -> Reason | None:
        g = self.game
        route = g.board.routes[ri]
        price = g.tables.prices[ri]
        hand = self.hands[self.player]
        bad = _payment_reason(payment, "red*3+loco*1")
        if bad:
            return bad
        if price.split(payment) is None:
            return g.explain_payment(ri, payment)
        if any(x > h for x, h in zip(payment, hand)):
            return _not_in_hand(payment, hand)
        return None

    def _check_pay_tunnel(self, a: PayTunnel) -> Reason | None:
        r = self._phase_reason(("tunnel",), _TO_PAY_TUNNEL)
        if r:
            return r
        pending = self.pending
        route = self.game.board.routes[pending.route]
        hand = self.hands[self.player]
        pay = a.extra
        bad = _payment_reason(pay, "red*1")
        if bad:
            return bad
        extra = pending.extra
        colour = pending.colour
        if sum(pay) != extra:
            if sum(pay) < extra:
                # Translators: fewer extra cards than the tunnel asks for ("you paid with only 1")
                text = npgettext("fewer cards", "The tunnel {route} asks for {n} extra card; you offered {k}.",
                                 "The tunnel {route} asks for {n} extra cards; you offered {k}.", extra)
            else:
                text = ngettext("The tunnel {route} asks for {n} extra card; you offered {k}.",
                                "The tunnel {route} asks for {n} extra cards; you offered {k}.", extra)
            return Reason("tunnel-extra", text.format(route=mid(route_name(self.game, route.index)), n=extra,
                                                      k=sum(pay)))
        if any(x > h for x, h in zip(pay, hand)):
            return _not_in_hand(pay, hand)
        all_loco = pending.all_locomotives
        for card, n in enumerate(pay):
            if not n or card == LOCO:
                continue
            if all_loco or card != colour:
                route_text = mid(route_name(self.game, route.index))
                if all_loco or colour == GREY:
                    text = _("The extra cards for {route} must be locomotives, not {card}.").format(
                        route=route_text, card=colour_name(card))
                else:
                    text = _("The extra cards for {route} must be {cards} or locomotives, not {card}.").format(
                        route=route_text, cards=cards_of_colour(colour), card=colour_name(card))
                return Reason("tunnel-extra", text)
        return None

    def _check_abandon(self, a: AbandonTunnel) -> Reason | None:
        return self._phase_reason(("tunnel",), _TO_ABANDON_TUNNEL)

    def _check_station(self, a: BuildStation) -> Reason | None:
        r = self._phase_reason(("turn",), _TO_BUILD_STATION)
        if r:
            return r
        g = self.game
        if not g.rules.stations:
            return Reason("no-stations", _("{edition} has no train stations.").format(edition=edition_title(g.rules)))
        city = g.board.city.get(a.city) if isinstance(a.city, str) else None
        if city is None or city.kind != "city":
            return Reason("unknown-city", _("There is no city called {value} on the {board} board.").format(
                value=_short(a.city), board=g.board.display_title))
        built = self.stations_of(self.player)
        if len(built) >= g.rules.stations:
            return Reason("station-limit", ngettext("You have built your {n} station.",
                                                    "You have built all {n} of your stations.",
                                                    g.rules.stations).format(n=g.rules.stations))
        for c, p in self.stations:
            if c == a.city:
                return Reason("station-taken", _("{city} already has a station ({player}'s); each city holds one "
                                                 "station.").format(city=a.city, player=player_mention(p)))
        depots = self.depots
        if depots is not None and g.rules.warehouses.stations == "apart":
            q = depots.owner_at(a.city)
            if q is not None:
                return Reason("depot-station", _("{city} holds a depot ({player}'s): a station and a depot never "
                                                 "share a city.").format(city=a.city, player=player_mention(q)))
        need = len(built) + 1
        pay = a.payment
        hand = self.hands[self.player]
        bad = _payment_reason(pay, "red*2")
        if bad:
            return bad
        if any(x > h for x, h in zip(pay, hand)):
            return _not_in_hand(pay, hand)
        colours = [c for c in range(LOCO) if pay[c]]
        if sum(pay) != need or len(colours) > 1:
            return Reason("station-cost", ngettext(
                "Your station number {k} costs {n} card of one colour (locomotives are wild); {cards} is not that.",
                "Your station number {k} costs {n} cards of one colour (locomotives are wild); {cards} is not that.",
                need).format(k=need, n=need, cards=Cards(pay).describe()))
        return None

    # ------------------------------------------------------------------ Warehouses & Depots
    def _no_module(self) -> Reason | None:
        if self.game.rules.warehouses is None:
            return Reason("no-warehouses", _("This game is played without Warehouses & Depots (load it with the "
                                             "option warehouses=True)."))
        return None

    def _warehouse_reason(self, w) -> Reason | None:
        if type(w) is not int or not 0 <= w < self.game.players:
            return Reason("unknown-warehouse", _("A warehouse is named by its owner's number, counting from 0: 0 to "
                                                 "{last}, not {value}.").format(last=self.game.players - 1,
                                                                                value=_short(w)))
        return None

    def _check_store(self, a: StoreCard) -> Reason | None:
        r = self._no_module() or self._phase_reason(("turn",), _TO_STORE) or self._warehouse_reason(a.warehouse)
        if r:
            return r
        if not (self._top or self.discard):
            return Reason("deck-empty", _("The deck and the discard pile are both empty: no card goes to a warehouse; "
                                          "take your cards from the display."))
        return None

    def _check_place_depot(self, a: PlaceDepot) -> Reason | None:
        r = self._no_module() or self._phase_reason(("depots", "turn", "after"), _TO_PLACE_DEPOT)
        if r:
            return r
        g = self.game
        wh = g.rules.warehouses
        if self.phase == "after" and not wh.after_action:
            return Reason("depot-free-action", _("Depots are placed before your turn's action only (the option "
                                                 "depot_placement='before')."))
        city = g.board.city.get(a.city) if isinstance(a.city, str) else None
        if city is None or city.kind != "city":
            return Reason("unknown-city", _("There is no city called {value} on the {board} board.").format(
                value=_short(a.city), board=g.board.display_title))
        d = self.depots
        p = self.player
        if not d.reserves[p]:
            return Reason("depot-reserve", _("You have no depot left in your reserve."))
        q = d.owner_at(a.city)
        if q is not None:
            return Reason("depot-taken", _("{city} already has a depot ({player}'s); each city holds one depot.").format(
                city=a.city, player=player_mention(q)))
        if wh.stations == "apart":
            for c, q in self.stations:
                if c == a.city:
                    return Reason("depot-station", _("{city} has a station ({player}'s): a depot and a station never "
                                                     "share a city.").format(city=a.city, player=player_mention(q)))
        return None

    def _check_collect(self, a: CollectWarehouse) -> Reason | None:
        r = self._no_module() or self._warehouse_reason(a.warehouse)
        if r:
            return r
        d = self.depots
        w = a.warehouse
        if self.phase not in ("after", "turn"):
            return self._phase_reason(("after",), _TO_COLLECT)
        if self.phase == "after" and w in d.collectable and not any(d.warehouses[w]):
            return Reason("collect-warehouse", _("{player}'s warehouse is empty: there is nothing to collect.").format(
                player=capital(player_mention(w))))
        if self.phase != "after" or w not in d.collectable:
            return Reason("collect-warehouse", _("A warehouse is collected right after claiming a route into a city "
                                                 "holding its owner's depot; {player}'s warehouse cannot be collected "
                                                 "now.").format(player=player_mention(w)))
        if not d.reserves[self.player]:
            return Reason("depot-reserve", _("Collecting a warehouse costs a depot from your reserve, and you have none "
                                             "left."))
        return None

    def _check_end_turn(self, a: EndTurn) -> Reason | None:
        return self._no_module() or self._phase_reason(("after",), _TO_END_TURN)

    def _collectable_now(self) -> tuple[int, ...]:
        """The Warehouses the player to move may collect now (phase "after")."""
        d = self.depots
        if not d.collectable or not d.reserves[self.player]:
            return ()
        return tuple(w for w in d.collectable if any(d.warehouses[w]))

    def _depot_cities(self) -> tuple[str, ...]:
        """The cities a Depot may go on now: no Depot (and, Depots apart from stations, no station)."""
        d = self.depots
        taken = {c for c, _q in d.placed}
        if self.phase != "depots" and self.game.rules.warehouses.stations == "apart":
            taken.update(c for c, _q in self.stations)
        return tuple(c for c in self.game.tables.city_names if c not in taken)

    def _free_placement(self) -> tuple[str, ...]:
        """The cities the player to move may place a Depot on as the free action now (none without one
        in reserve)."""
        d = self.depots
        if d is None or not d.reserves[self.player]:
            return ()
        if self.phase == "after" and not self.game.rules.warehouses.after_action:
            return ()
        return self._depot_cities()

    def _enter_after(self) -> bool:
        """The hook of `_end_turn`: the player's main action is over; if they may still collect a
        Warehouse or place a Depot, the turn waits in phase "after" (True). Otherwise (or once the
        phase "after" is over) the claim's collections lapse and the turn ends (False)."""
        if self.phase != "after" and self.phase != "over":
            if self._collectable_now() or (self.game.rules.warehouses.after_action and self._free_placement()):
                self.phase = "after"
                return True
        if self.depots.collectable:
            self.depots = _replace(self.depots, collectable=())
        return False

    def _do_store(self, a: StoreCard) -> None:
        self.passes = 0
        card = self._draw(exhaust=False)
        d = self.depots
        warehouses = list(d.warehouses)
        w = list(warehouses[a.warehouse])
        w[card] += 1
        warehouses[a.warehouse] = tuple(w)
        self.depots = _replace(d, warehouses=tuple(warehouses))
        self._empty_warehouses()         # (the card stored may have been the last one)
        self.phase = "draw1"
        if not (self._top or self.discard or self.display):
            self._end_turn()             # nothing left to take: the draw ends with the Warehouse card

    def _do_place_depot(self, a: PlaceDepot) -> None:
        d = self.depots
        p = self.player
        reserves = list(d.reserves)
        reserves[p] -= 1
        self.depots = _replace(d, placed=d.placed + ((a.city, p),), reserves=tuple(reserves))
        if self.phase == "depots":       # the setup placement, in reverse turn order: the first player last
            first = self.game.first_player
            if p == first:
                self.phase = "turn"
            else:
                self.player = (p - 1) % self.game.players
            return
        self._empty_warehouses()         # (a reserve may just have run out)
        if self.phase == "after" and not (self._collectable_now() or self._free_placement()):
            self._end_turn()

    def _do_collect(self, a: CollectWarehouse) -> None:
        d = self.depots
        p = self.player
        w = a.warehouse
        self._return_cards(p, d.warehouses[w])
        warehouses = list(d.warehouses)
        warehouses[w] = (0,) * NUM_KINDS
        reserves = list(d.reserves)
        reserves[p] -= 1
        self.depots = _replace(d, warehouses=tuple(warehouses), reserves=tuple(reserves),
                               collectable=tuple(q for q in d.collectable if q != w))
        self._empty_warehouses()
        if not (self._collectable_now() or self._free_placement()):
            self._end_turn()

    def _do_end_turn(self, a: EndTurn) -> None:
        self._end_turn()

    def _reach_depots(self, ri: int) -> None:
        """After a claim (cards paid, trains placed, points scored): the Warehouses of the owners of
        the Depots at the route's two ends, each owner once, may be collected this turn."""
        d = self.depots
        route = self.game.board.routes[ri]
        owners = []
        for city in (route.a, route.b):
            q = d.owner_at(city)
            if q is not None and q not in owners:
                owners.append(q)
        if owners:
            self.depots = _replace(d, collectable=tuple(owners))

    def _check_pass(self, a: Pass) -> Reason | None:
        if self.phase not in ("turn",):
            return self._phase_reason(("turn",), _TO_PASS)
        acts = self.legal_actions()
        if not acts.only_pass:
            return Reason("pass", _("You may only pass when no other action is possible; you can still act "
                                    "(for example: {action}).").format(action=acts[0]))
        return None

    # ------------------------------------------------------------------ applying
    # `apply` (the state after an action) is made with `_copy` from `FIELDS`: see `_made_from_fields`.
    def _checked(self, action) -> Action:
        """`action` (an Action or its text) as an Action, if the rules allow it here; else
        `IllegalAction` with the reason (`ActionSyntaxError` for text that is no action)."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError as e:
                reason = _syntax_reason(e)
                raise ActionSyntaxError(reason.text, action, reason) from None
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        return action

    # The two draws are most of a game's actions, so one method takes both, and its steps are
    # written out in it (measured: the calls to `_draw`, `_give` and a method ending the pick
    # cost 1.2% of a random game's instructions): the card (the top card of the deck, as `_draw`
    # takes it, or a face-up one, its place filled from the top of the deck) goes to the hand
    # (as `_give` gives it); the turn ends after the second card, or after a face-up locomotive
    # where it counts as two; else the second card is asked for, if one can still be taken.
    def _do_draw(self, a: DrawBlind | DrawFaceUp) -> None:
        rules = self.game.rules
        if type(a) is DrawBlind:
            top = self._top
            if top:
                self._top = top = top - 1
                card = self._cards[top]
            else:
                card = self._draw()
            counts_two = False
        else:
            card = CARD_INDEX.get(a.card)
            if card is None:
                card = card_index(a.card)
            display = self.display
            slot = display.index(card)
            top = self._top
            if top and len(display) == rules.display_size:
                # the usual case: the top card of the deck takes the empty place (at the end)
                self._top = top = top - 1
                display = list(display)
                del display[slot]
                display.append(self._cards[top])
                self.display = display = tuple(display)
                flush_at = rules.display_flush_at
                if flush_at and display.count(LOCO) >= flush_at:
                    self._refill_display()       # the flush rule
            else:
                self.display = _without(display, slot)
                self._refill_display()
            counts_two = card == LOCO and rules.face_up_locomotive_costs_two
        p = self.player
        hands = list(self.hands)
        hand = list(hands[p])
        hand[card] += 1
        hands[p] = tuple(hand)
        self.hands = tuple(hands)
        self.passes = 0
        if not self._top and rules.warehouses is not None:
            self._empty_warehouses()         # (the inline draws above took the last card)
        if counts_two or self.phase == "draw2":
            self._end_turn()
            return
        self.phase = "draw2"
        # a second card must exist, or the draw ends with the one card taken
        if not (self._top or self.discard):
            expensive = rules.face_up_locomotive_costs_two
            if not any(c != LOCO or not expensive for c in self.display):
                self._end_turn()

    def _do_draw_tickets(self, a: DrawTickets) -> None:
        n = min(self.game.rules.tickets.draw, len(self.ticket_deck))
        self.offer = tuple(reversed(self.ticket_deck[-n:]))
        self.ticket_deck = self.ticket_deck[:-n]
        self.phase = "tickets"
        self.passes = 0

    def _do_keep(self, a: KeepTickets) -> None:
        p = self.player
        t = self.game.rules.tickets
        opening = self.phase == "opening"
        offer = self.opening_offers[p] if opening else self.offer
        keep = a.keep
        kept = tuple(map(offer.__getitem__, keep))
        tickets = self.tickets
        self.tickets = tickets[:p] + (tickets[p] + kept,) + tickets[p + 1:]
        if len(keep) < len(offer):
            returned = tuple(tk for i, tk in enumerate(offer) if i not in keep)
            if (t.opening_returns if opening else t.draw_returns) == "bottom":
                self.ticket_deck = returned[::-1] + self.ticket_deck
            else:
                self.removed_tickets = self.removed_tickets + returned
        if opening:
            self.opening_offers = self.opening_offers[:p] + ((),) + self.opening_offers[p + 1:]
            nxt = (p + 1) % self.game.players
            if self.opening_offers[nxt]:
                self.player = nxt
            elif self.depots is not None:
                # Warehouses & Depots: each player places a Depot, the last to play first (reverse order)
                self.player = (self.game.first_player - 1) % self.game.players
                self.phase = "depots"
            else:
                self.player = self.game.first_player
                self.phase = "turn"
            return
        self.offer = ()
        self._end_turn()

    def _do_claim(self, a: Claim) -> None:
        g = self.game
        tables = g.tables
        ri = tables.route_names.get(a.route) if type(a.route) is str else None
        if ri is None:
            ri = g.route_index(a.route)
        price = tables.prices[ri]
        p = self.player
        self.passes = 0
        if price.tunnel:
            colour = tables.payment_colour(ri, a.payment)
            self._take_cards(p, a.payment)
            if self._top < 3 and self.discard:
                self._reshuffle()
            revealed = []
            for _i in range(3):
                card = self._draw() if self._top else None
                if card is None:
                    break
                revealed.append(card)
            revealed = tuple(revealed)
            extra = tunnel_extra(colour, a.payment, revealed)
            self.last_reveal = TunnelReveal(ri, revealed, extra)
            if extra == 0:
                self._discard_revealed(revealed)
                self._discard_cards(a.payment)
                self._place(ri)
                self._end_turn()
            else:
                self.pending = PendingTunnel(ri, Cards(a.payment), colour, revealed, extra)
                self.phase = "tunnel"
            return
        payment = a.payment
        hands = list(self.hands)                                # (`_take_cards`, inline: every claim)
        hands[p] = tuple(map(sub, hands[p], payment))
        self.hands = tuple(hands)
        row = CARD_ROWS.get(payment)                            # (`_discard_cards`, inline)
        self.discard += _card_row(payment) if row is None else row
        self._place(ri)
        self._end_turn()

    def _place(self, ri: int) -> None:
        tables = self.game.tables
        p = self.player
        owners = list(self.owners)
        owners[ri] = p
        self.owners = tuple(owners)
        trains = list(self.trains)
        trains[p] -= tables.route_edges[ri][2]
        self.trains = tuple(trains)
        points = list(self.points)
        points[p] += tables.route_points[ri]
        self.points = tuple(points)
        free = list(self.free)
        sig = tables.route_sig[ri]
        free[sig] = _drop(free[sig], ri)
        siblings = tables.parallel[ri]
        if siblings:
            self._close_siblings(free, ri, siblings)
        self.free = tuple(free)
        bonus = tables.draw_bonus[ri]
        if bonus:
            self._draw_bonus(p, bonus)
        if self.game.rules.warehouses is not None:
            self._reach_depots(ri)

    def _close_siblings(self, free: list, ri: int, siblings: tuple) -> None:
        """The player to move has just claimed route `ri` of a group of parallel routes (a double,
        a triple): once as many of its tracks are taken as the player count allows
        (`Game.usable_tracks`), the free ones close to everyone (`free`, changed in place); until
        then they close to this player (`blocked`). `blocked` holds free routes only: `ri`, and
        the tracks closing to everyone, leave the sets of the players owning a track of the group."""
        owners = self.owners
        if len(siblings) == 1:                  # a double (most groups): no lists to build
            q = owners[siblings[0]]
            if q >= 0:                          # the other track was taken: the double is full now
                if ri in self.blocked[q]:
                    self._unblock((q,), (ri,))
                return
            open_ = siblings
            holders = ()
        else:
            open_ = [r for r in siblings if owners[r] < 0]
            holders = {owners[r] for r in siblings if owners[r] >= 0}
        if len(siblings) + 1 - len(open_) >= self.game.usable_tracks[ri]:
            route_sig = self.game.tables.route_sig
            for r in open_:
                free[route_sig[r]] = _drop(free[route_sig[r]], r)
            if holders:
                self._unblock(holders, (ri, *open_))
        else:
            if holders:
                self._unblock(holders, (ri,))
            if open_:
                p = self.player
                self.blocked = self.blocked[:p] + (self.blocked[p].union(open_),) + self.blocked[p + 1:]

    def _unblock(self, players, routes: tuple) -> None:
        """`routes` are no longer free: out of the `blocked` sets of `players`."""
        blocked = list(self.blocked)
        for q in players:
            if not blocked[q].isdisjoint(routes):
                blocked[q] = blocked[q].difference(routes)
        self.blocked = tuple(blocked)

    def _draw_bonus(self, player: int, n: int) -> None:
        """The draw bonus (Northern Lights): after claiming the route (its payment already on
        the discard pile) the player draws `n` train cards blind from the top of the deck,
        the discard pile reshuffled into a new deck when the deck runs out; fewer when deck
        and discard pile together hold fewer."""
        for _drawn in range(n):
            card = self._draw()
            if card is None:
                return
            self._give(player, card)

    def _do_pay_tunnel(self, a: PayTunnel) -> None:
        pending = self.pending
        p = self.player
        self._take_cards(p, a.extra)
        self._discard_revealed(pending.revealed)
        self._discard_cards(pending.paid)
        self._discard_cards(a.extra)
        self._place(pending.route)
        self.pending = None
        self._end_turn()

    def _do_abandon(self, a: AbandonTunnel) -> None:
        pending = self.pending
        self._return_cards(self.player, pending.paid)
        self._discard_revealed(pending.revealed)
        self.pending = None
        self._end_turn()

    def _do_station(self, a: BuildStation) -> None:
        p = self.player
        self.passes = 0
        self._take_cards(p, a.payment)
        self._discard_cards(a.payment)
        self.stations = self.stations + ((a.city, p),)
        self._end_turn()

    def _do_pass(self, a: Pass) -> None:
        self.passes += 1
        self._end_turn()

    # ------------------------------------------------------------------ scoring
    def score_breakdown(self):
        """Final scoring of this position, one `ScoreRow` per player (see `scoring`)."""
        if self._score is None:
            self._score = score_breakdown(self)
        return self._score

    def winners(self) -> tuple[int, ...]:
        """The player(s) who win this position after the tie-breakers; several on a shared win."""
        return winners(self, self.score_breakdown())

    # ------------------------------------------------------------------ views and data
    def view(self, player: int) -> dict:
        """What `player` may see: their own hand and tickets, everything public, and only
        the sizes of hidden things (other hands and tickets, the deck's order)."""
        return view(self, player)

    def to_dict(self) -> dict:
        """A JSON-compatible description of this position (the format of `serialize`, read
        back by `Game.state_from_dict`)."""
        return self.game.state_to_dict(self)

    def unseen_cards(self, player: int) -> Cards:
        """Cards `player` cannot see: the deck and the other players' hands."""
        total = [self.game.rules.cards_per_colour] * NUM_COLOURS + [self.game.rules.locomotives]
        seen = [0] * NUM_KINDS
        for card in self.display + self.discard:
            seen[card] += 1
        for i, n in enumerate(self.hands[player]):
            seen[i] += n
        if self.pending:
            for i, n in enumerate(self.pending.paid):
                seen[i] += n
        return Cards(t - s for t, s in zip(total, seen))

    # ------------------------------------------------------------------ questions before acting (see queries.py)
    def why_not_claim(self, route) -> Reason | None:
        """Why the player to move cannot claim `route` now, whatever they pay (None: some
        payment from their hand would be accepted)."""
        return queries.claim_refusal(self, route)

    def claim_payments(self, route) -> tuple[Cards, ...]:
        """The payments the player to move can make for `route`, fewest locomotives first."""
        return queries.claim_payments(self, route)

    def why_no_station(self, city) -> Reason | None:
        """Why the player to move cannot build a station in `city` now, whatever they pay."""
        return queries.station_refusal(self, city)

    def station_payments(self) -> tuple[Cards, ...]:
        """The payments for the next station of the player to move, fewest locomotives first."""
        return queries.station_payments(self)

    def ticket_choice(self):
        """The tickets the player to move must choose from and how many to keep (a
        `TicketChoice`), or None outside a ticket choice."""
        return queries.ticket_choice(self)

    def tunnel_choice(self):
        """The pending tunnel (a `TunnelChoice`: cards laid down, revealed, extra cards asked
        for, the ways to pay them), or None outside the tunnel phase."""
        return queries.tunnel_choice(self)

    def why_no_tunnel_payment(self) -> Reason | None:
        """Why the player to move cannot pay a tunnel's extra cards now (None: they can)."""
        return queries.tunnel_refusal(self)

    def describe(self, action, names=None, after=None) -> list[str]:
        """What `action` (an Action or its text) does from this position, in plain words (see
        `narration`)."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return narration.describe_action(self, action, after, names)


def _triple_reason(state: State, route, status: str) -> Reason:
    """Why a track of a triple route is closed or blocked, with the facts."""
    g = state.game
    tracks = len(route.parallel) + 1
    usable = g.usable_tracks[route.index]
    if status == "blocked":
        return Reason("triple-routes", _("You own another of the {tracks} tracks between {a} and {b}: one player "
                                         "never owns two tracks between the same cities.").format(
            tracks=tracks, a=route.a, b=route.b))
    return Reason("triple-routes", ngettext(
        "{route} is closed: with {players} players only {usable} of the {tracks} tracks between {a} and {b} may be "
        "used, and it is taken.",
        "{route} is closed: with {players} players only {usable} of the {tracks} tracks between {a} and {b} may be "
        "used, and they are taken.", usable).format(
        route=capital(mid(route_name(g, route.index))), players=g.players, usable=usable, tracks=tracks, a=route.a,
        b=route.b))


def _short_list(items: tuple) -> str:
    """A tuple as a refusal names it: a list, cut short ("[0, 1, 2, ...]" for a long one)."""
    return _short(list(items[:30]))         # (30 items are more than `_short` shows: no long repr made)


def _syntax_reason(error: ValueError) -> Reason:
    """The refusal of a text that does not read as an action (the forms that do go in `accepted`)."""
    text, _sep, forms = str(error).partition(forms_separator())
    return Reason("action-syntax", one_sentence(text), FORMS if forms else ())


def _payment_reason(payment, example: str) -> Reason | None:
    """None if `payment` is a multiset of cards (one count per card kind, each a whole
    number, none negative: `Cards`, or a plain tuple of the same), else why not."""
    if (not isinstance(payment, tuple) or len(payment) != NUM_KINDS
            or not all(type(n) is int and n >= 0 for n in payment)):
        return Reason("payment", _("A payment is a set of cards like {example} (for each of the {kinds} kinds of "
                                   "card, a count of 0 or more), not {value}.").format(
            example=example, kinds=NUM_KINDS, value=_short(payment)))
    return None


def _not_in_hand(payment, hand) -> Reason:
    return Reason("not-in-hand", _("You pay {cards} but hold {hand}.").format(cards=Cards(payment).describe(),
                                                                            hand=Cards(hand).describe()))


_APPLY_DOC = """The state after `action` (an Action or its text). Raises `IllegalAction` with the
        reason if the rules forbid it; this state is never changed.

        An action just taken from this state's own legal list is legal by construction (the
        tests check every listed action against `why_illegal`); others are checked (`_checked`)."""


def _made_from_fields(fields) -> dict:
    """`State._copy` (a new state with the same fields and empty caches) and `State.apply`
    (the copy, then the action's `_APPLY` step on it). They are made from `FIELDS`, as
    `dataclasses` makes its methods, so that they list no field by hand yet cost no more than
    code written out field by field: `apply` runs on every move, and has the copy written out
    in it rather than calling `_copy` (measured: the call costs 0.8% of a random game)."""
    copy = ["    new = _new_state(State)", "    new.game = self.game"]
    copy += [f"    new.{name} = self.{name}" for name in fields if name != "deck" and name not in RARE]
    copy += ["    new._cards = self._cards", "    new._top = self._top"]     # the deck (see `State.deck`)
    copy += ["    new._rare = self._rare"]                                  # (see `RARE`)
    copy += ["    new._legal = None", "    new._score = None"]
    source = ["def _copy(self):", *copy, "    return new",
              "def apply(self, action):",
              "    legal = self._legal",
              "    if legal is None or action is not legal.issued:",
              "        action = self._checked(action)",
              *copy,
              "    _APPLY[type(action)](new, action)",
              "    return new"]
    namespace = {"_new_state": object.__new__, "State": State, "_APPLY": _APPLY}
    exec("\n".join(source), namespace)
    made = {name: namespace[name] for name in ("_copy", "apply")}
    for name, method in made.items():
        method.__qualname__, method.__module__ = f"State.{name}", __name__
    made["apply"].__doc__ = _APPLY_DOC
    made["apply"].__annotations__ = {"action": "Action | str", "return": "State"}
    return made


_CHECKS = {
    DrawBlind: State._check_blind, DrawFaceUp: State._check_face_up, DrawTickets: State._check_draw_tickets,
    KeepTickets: State._check_keep, Claim: State._check_claim, PayTunnel: State._check_pay_tunnel,
    AbandonTunnel: State._check_abandon, BuildStation: State._check_station, Pass: State._check_pass,
    StoreCard: State._check_store, PlaceDepot: State._check_place_depot, CollectWarehouse: State._check_collect,
    EndTurn: State._check_end_turn,
}
_APPLY = {
    DrawBlind: State._do_draw, DrawFaceUp: State._do_draw, DrawTickets: State._do_draw_tickets,
    KeepTickets: State._do_keep, Claim: State._do_claim, PayTunnel: State._do_pay_tunnel,
    AbandonTunnel: State._do_abandon, BuildStation: State._do_station, Pass: State._do_pass,
    StoreCard: State._do_store, PlaceDepot: State._do_place_depot, CollectWarehouse: State._do_collect,
    EndTurn: State._do_end_turn,
}
for _name, _method in _made_from_fields(FIELDS).items():
    setattr(State, _name, _method)


def _rare_field(i: int, name: str) -> property:
    """The property of the field `RARE[i]`: read from `State._rare`, written by a new tuple."""
    def get(self):
        return self._rare[i]

    def put(self, value):
        rare = list(self._rare)
        rare[i] = value
        self._rare = tuple(rare)
    return property(get, put, doc=FIELDS[name])


for _i, _name in enumerate(RARE):
    setattr(State, _name, _rare_field(_i, _name))

#: What `dir(state)` offers: the methods and properties of the vocabulary, and the public fields.
VOCABULARY = frozenset(
    [name for name in vars(State)
     if not name.startswith("_") and name not in FIELDS and name not in ("opening", "with_display_dealt")]
    + ["game", "phase", "turn", "trains", "display", "stations", "discard", "bonus_cards", "depots"])


#: What `LegalActions.issued` holds before any action was handed out: no value an `apply` could be
#: given (None was one, and `apply(None)` then skipped the check and failed on the action's type).
NOT_ISSUED = object()


class LegalActions(Sequence):
    """The legal actions of a state, as a lazy sequence (like python-chess's legal moves).

    The simple actions (draws, tickets, keeps, tunnel payments) are listed at once.
    Claims are kept per route signature (routes with the same price) as routes x
    payments: the number of payments a hand can make for each signature is cached per
    hand, so counting every claim is one multiplication per signature, and
    `random.choice` builds only the action it picks. Stations are one more block of
    cities x payments. Indexing runs: simple actions, claims, stations.

    A position whose actions are all simple ones fixed by a few facts (the second card of a
    draw: the cards shown and whether the deck can be drawn; a ticket choice: how many
    tickets are offered and the fewest to keep) shares one `LegalActions` with every
    position of the same facts (`_second_draws`, `_keeps`): its actions are legal in each of
    them, so `issued` (which spares `State.apply` the check) stays true to each."""

    # slots: one LegalActions is made per position reached, so no per-instance dict to allocate
    __slots__ = ("game", "simple", "size", "n_simple", "routes", "payable", "paying", "hand", "stations",
                 "station_pays", "n_claims", "issued", "depot_cities")

    def __init__(self, state: State):
        # the game, not the state: a state holds its LegalActions, and a reference back would make
        # every discarded state wait for the cycle collector
        phase = state.phase
        if phase == "turn":
            self._turn(state)
            return
        self.game = state.game
        self.issued = NOT_ISSUED        # the last action handed out by indexing (see `State.apply`)
        if phase == "draw2":
            simple = _draws(state, True)
        elif phase in ("opening", "tickets"):
            simple = _keep_list(state)
        elif phase == "tunnel":
            simple = _tunnel_list(state)
        elif phase == "depots":
            simple = [PlaceDepot(c) for c in state._depot_cities()]
        elif phase == "after":
            simple = [CollectWarehouse(w) for w in state._collectable_now()]
            simple += [PlaceDepot(c) for c in state._free_placement()]
            simple.append(_END_TURN)
        else:
            simple = []
        self._simple_only(simple)

    @classmethod
    def of_simple(cls, simple: list) -> "LegalActions":
        """The actions of a position that has only simple ones (no claims, no stations): the
        shared kind (no game: nothing in it is looked up on a board)."""
        new = object.__new__(cls)
        new.game = None
        new.issued = NOT_ISSUED
        new._simple_only(simple)
        return new

    def _simple_only(self, simple: list) -> None:
        self.routes = self.payable = self.paying = self.stations = self.station_pays = ()
        self.hand = None
        self.n_claims = 0
        self.depot_cities = ()
        self.simple = simple
        self.size = self.n_simple = len(simple)

    def _turn(self, s: State) -> None:
        """The actions of a position that starts a turn (every field set here: `State.legal_actions`
        makes the object without `__init__`). The hot path of a game: `_draws` is inline."""
        self.game = g = s.game
        self.issued = NOT_ISSUED        # the last action handed out by indexing (see `State.apply`)
        p = s.player
        table = g.turn_draws[(2 if s._top or s.discard else 0) + (1 if s.ticket_deck else 0)]
        display = s.display
        last = LAST_SHOWN[0]                # (`_shown`, inline: the call costs 0.4% of a game)
        if last[0] is display:
            shown = last[1]
        else:
            shown = frozenset(display)
            shown = SHOWN.setdefault(shown, shown)
            LAST_SHOWN[0] = (display, shown)
        simple = table.get(shown)
        if simple is None:
            simple = _draws(s, False)
        warehouses = g.rules.warehouses is not None
        if warehouses and (s._top or s.discard):
            simple = _store_list(g.players, bool(s.ticket_deck))   # a draw starts with the Warehouse card
        self.simple = simple
        self.hand = hand = s.hands[p]
        tables = g.tables
        counts = tables.counts
        entry = counts.get(hand)
        if entry is None:                     # a hand not seen before: counted once (`PaymentCounter`)
            entry = counts.put(hand, tables.count_payments.payable(hand))
        payable, paying = entry
        trains = s.trains[p]
        if trains < tables.max_length:        # late in the game: only routes the trains can fill
            fits = tables.fits[trains]
            keep = [fits[i] for i in payable]
            payable = tuple(compress(payable, keep))
            paying = tuple(compress(paying, keep))
        routes = s.free
        blocked = s.blocked[p]
        if blocked:
            # the other tracks of the groups this player has a track of (free routes): taken out
            # of the few signatures the hand can pay for (not out of every signature's list)
            route_sig = tables.route_sig
            for r in blocked:
                sig = route_sig[r]
                if sig in payable:
                    if routes is s.free:
                        routes = list(routes)
                    routes[sig] = _drop(routes[sig], r)
        self.payable = payable
        self.paying = paying
        self.routes = routes
        self.n_simple = n_simple = len(simple)
        # the claim blocks: payments x free routes per signature
        n_claims = 0
        for sig, n in zip(payable, paying):       # (a loop: cheaper than map chains for a few signatures)
            n_claims += n * len(routes[sig])
        self.n_claims = n_claims
        size = n_simple + n_claims
        self.stations = self.station_pays = ()
        if g.rules.stations:
            cities, built = g.open_cities(s.stations)
            if warehouses and s.depots.placed and g.rules.warehouses.stations == "apart":
                held = {c for c, _q in s.depots.placed}
                cities = tuple(c for c in cities if c not in held)
            if built[p] < g.rules.stations:
                pays = tables.station_payments(hand, built[p] + 1)
                if pays:
                    self.stations = cities
                    self.station_pays = pays
                    size += len(self.stations) * len(pays)
        self.size = size
        if not size:
            self.simple = _ONLY_PASS
            self.size = self.n_simple = 1
        self.depot_cities = ()
        if warehouses:                         # the free action, after every other action
            self.depot_cities = cities = s._free_placement()
            self.size += len(cities)

    @property
    def only_pass(self) -> bool:
        """Nothing but passing is legal (no draw, ticket, claim or station)."""
        return self.simple is _ONLY_PASS

    def _pays(self, sig: int) -> tuple:
        return self.game.tables.sig_options(sig, self.hand)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        try:
            if 0 <= i < self.n_simple:        # the common case first: a draw, a keep
                action = self.issued = self.simple[i]
                return action
        except TypeError:
            if isinstance(i, slice):
                return [self[j] for j in range(*i.indices(self.size))]
            i = operator_index(i)             # (TypeError for what is not an index)
        return self._get(i)

    def _get(self, i: int):
        """`self[i]` for an index past the simple actions, or from the end."""
        if i < 0:
            i += self.size
            if 0 <= i < self.n_simple:
                action = self.issued = self.simple[i]
                return action
        if not self.n_simple <= i < self.size:
            raise IndexError("legal action index out of range")
        j = i - self.n_simple
        if j < self.n_claims:
            routes = self.routes
            for sig, n in zip(self.payable, self.paying):     # the claim block j falls in
                free = routes[sig]
                block = n * len(free)
                if j < block:
                    break
                j -= block
            t = self.game.tables
            j, q = divmod(j, n)
            r = free[j]
            claims = t.claims
            plain = t.sig_plain[sig]
            if plain is not None and plain[3] and plain[0] != GREY:
                # the common case of `Tables.nth_payment` inline: a coloured route, locomotives wild,
                # where the locomotives used fix the payment (and so the claim, made once)
                colour, length, f, _wild = plain
                k = length - self.hand[colour]
                k = (k if k > f else f) + q
                action = claims.get((r, k))
                if action is None:
                    action = claims.put((r, k), Claim(t.route_keys[r], PLAIN_PAYMENTS[colour][length - k][k]))
            else:
                pay = t.nth_payment(sig, self.hand, q)
                action = claims.get((r, pay))
                if action is None:
                    action = claims.put((r, pay), Claim(t.route_keys[r], pay))
        else:
            j -= self.n_claims
            n = len(self.station_pays)
            if j < len(self.stations) * n:
                action = BuildStation(self.stations[j // n], self.station_pays[j % n])
            else:
                action = PlaceDepot(self.depot_cities[j - len(self.stations) * n])
        self.issued = action
        return action

    def __iter__(self) -> Iterator[Action]:
        yield from self.simple
        if self.n_claims:
            keys = self.game.tables.route_keys
            for sig in self.payable:
                routes = self.routes[sig]
                if routes:
                    pays = self._pays(sig)
                    for r in routes:
                        for pay in pays:
                            yield Claim(keys[r], pay)
        for city in self.stations:
            for pay in self.station_pays:
                yield BuildStation(city, pay)
        for city in self.depot_cities:
            yield PlaceDepot(city)

    def claimable_routes(self) -> tuple[int, ...]:
        """The indexes of the routes some listed claim is for, in the order of the list: what an
        agent weighing routes asks, without making an action of every payment."""
        out = ()
        if self.n_claims:
            routes = self.routes
            for sig in self.payable:
                out += routes[sig]
        return out

    def payments_for(self, route: int) -> tuple[Cards, ...]:
        """The payments the list holds for a claim of route `route` (an index), in its order
        (empty if none)."""
        if not self.n_claims:
            return ()
        sig = self.game.tables.route_sig[route]
        if sig not in self.payable or route not in self.routes[sig]:
            return ()
        return self._pays(sig)

    def __contains__(self, action) -> bool:
        if isinstance(action, Claim):
            if not self.n_claims:
                return False
            g = self.game
            try:
                ri = g.route_index(action.route)
            except KeyError:
                return False
            sig = g.tables.route_sig[ri]
            return (g.tables.route_keys[ri] == action.route and sig in self.payable
                    and ri in self.routes[sig] and action.payment in self._pays(sig))
        if isinstance(action, BuildStation):
            return action.city in self.stations and action.payment in self.station_pays
        if isinstance(action, PlaceDepot) and action.city in self.depot_cities:
            return True
        return action in self.simple

    def __repr__(self) -> str:
        shown = ", ".join(str(a) for a in self[:8])
        return f"<LegalActions {self.size}: {shown}{', ...' if self.size > 8 else ''}>"


#: The display last asked for its set of card kinds, and that set: one position after another
#: shows the same display (a claim, a ticket draw, a blind draw leave it as it was), and the
#: draws it allows are looked up by the set (a one-entry cache, by identity: it holds the tuple).
LAST_SHOWN = [((), frozenset())]
#: One frozenset per set of card kinds (at most 2**9): the draw tables are keyed by these very
#: objects, so a lookup finds its key by identity instead of comparing two sets (measured: 0.3%
#: of a random game's instructions).
SHOWN: dict[frozenset, frozenset] = {}


def _shown(display: tuple) -> frozenset:
    """The card kinds a display shows (`LAST_SHOWN`)."""
    last = LAST_SHOWN[0]
    if last[0] is display:
        return last[1]
    shown = frozenset(display)
    shown = SHOWN.setdefault(shown, shown)
    LAST_SHOWN[0] = (display, shown)
    return shown


def _draws(s: State, second: bool) -> list:
    """The card draws (and, at the start of a turn, the ticket draw) of a position: shared
    lists, never changed, one per set of card kinds shown (`Game.draw_lists`)."""
    blind = bool(s._top or s.discard)
    tickets = not second and bool(s.ticket_deck)
    table = s.game.draw_lists[second, blind, tickets]
    shown = _shown(s.display)
    draws = table.get(shown)
    if draws is None:
        draws = table[shown] = _draw_list(shown, blind, second, tickets, s.game.rules.face_up_locomotive_costs_two)
    return draws


def _second_draws(s: State) -> LegalActions:
    """The shared `LegalActions` of the second card of a draw (fixed by the set of cards shown
    and whether the deck can be drawn: see `LegalActions`)."""
    table = s.game.second_draws[True if s._top or s.discard else False]
    display = s.display
    last = LAST_SHOWN[0]                    # (`_shown`, inline: half the draws come here)
    if last[0] is display:
        shown = last[1]
    else:
        shown = frozenset(display)
        shown = SHOWN.setdefault(shown, shown)
        LAST_SHOWN[0] = (display, shown)
    legal = table.get(shown)
    if legal is None:
        legal = table[shown] = LegalActions.of_simple(_draws(s, True))
    return legal


def _keep_list(s: State) -> list:
    """The ways to keep tickets from the offer of a position (shared lists)."""
    opening = s.phase == "opening"
    offer = s.opening_offers[s.player] if opening else s.offer
    key = _keep_key(s, opening, offer)
    keeps = KEEPS.get(key)
    if keeps is None:
        n, need, limits = key
        keeps = KEEPS.put(key, [KeepTickets(keep) for k in range(need, n + 1) for keep in combinations(range(n), k)
                                if all(sum(1 for i in keep if i in where) <= most for where, most in limits)])
    return keeps


def _keep_key(s: State, opening: bool, offer: tuple) -> tuple:
    """What the ways to keep an offer depend on: its size, the fewest to keep and, where the
    opening limits the tickets kept of a deck (`TicketRules.opening_keep_most`), the positions of
    that deck's tickets with their limit."""
    t = s.game.rules.tickets
    n = len(offer)
    limits = ()
    if opening and t.opening_keep_most:
        tickets = s.game.board.tickets
        limits = tuple((frozenset(i for i, tk in enumerate(offer) if tickets[tk].deck == deck), most)
                       for deck, most in t.opening_keep_most)
    return n, t.keep_minimum(n, opening), limits


def _keeps(s: State) -> LegalActions:
    """The shared `LegalActions` of a ticket choice (fixed by how many tickets are offered
    and the fewest to keep: see `LegalActions`)."""
    opening = s.phase == "opening"
    key = _keep_key(s, opening, s.opening_offers[s.player] if opening else s.offer)
    legal = KEEP_LEGAL.get(key)
    if legal is None:
        legal = KEEP_LEGAL.put(key, LegalActions.of_simple(_keep_list(s)))
    return legal


def _no_depots(game) -> Depots | None:
    """The Depots of a game's opening: each player's Warehouse empty and every Depot in reserve (None
    without Warehouses & Depots)."""
    wh = game.rules.warehouses
    if wh is None:
        return None
    n = game.players
    return Depots(placed=(), reserves=(wh.depots,) * n, warehouses=((0,) * NUM_KINDS,) * n)


#: (players, ticket deck not empty) -> the actions starting a turn's draw with Warehouses & Depots
STORES: dict = {}


def _store_list(players: int, tickets: bool) -> list:
    """The draws of a turn with Warehouses & Depots: a Warehouse for the deck's top card (the draw
    goes on in phase "draw1"), and the ticket draw (shared lists, never changed)."""
    found = STORES.get((players, tickets))
    if found is None:
        found = STORES[players, tickets] = [StoreCard(w) for w in range(players)] + ([_DRAW_TICKETS] if tickets
                                                                                    else [])
    return found


#: (deck can be drawn, cards shown, face-up locomotive costs two) -> the shared `LegalActions` of phase "draw1"
FIRST_DRAWS: dict = {}


def _first_draws(s: State) -> LegalActions:
    """The first card of a draw once the Warehouse card is stored (phase "draw1"): blind, or any
    face-up card (a face-up locomotive too: it is the first pick); no ticket draw."""
    blind = bool(s._top or s.discard)
    expensive = s.game.rules.face_up_locomotive_costs_two
    shown = _shown(s.display)
    key = (blind, shown, expensive)
    legal = FIRST_DRAWS.get(key)
    if legal is None:
        legal = FIRST_DRAWS[key] = LegalActions.of_simple(_draw_list(shown, blind, False, False, expensive))
    return legal


def _tunnel_list(s: State) -> list:
    pending = s.pending
    simple = [PayTunnel(pay) for pay in tunnel_extra_options(pending.colour, pending.all_locomotives,
                                                             pending.extra, s.hands[s.player])]
    simple.append(_ABANDON)
    return simple


def _draw_list(shown: frozenset, blind: bool, second: bool, tickets: bool, expensive: bool) -> list:
    """The draws a player may make: blind, each face-up card shown (not a locomotive as
    the second card where it counts as two), and the ticket draw."""
    draws = [_DRAW_BLIND] if blind else []
    for card in sorted(shown):
        if card == LOCO and expensive and second:
            continue
        draws.append(_FACE_UP[card])
    if tickets:
        draws.append(_DRAW_TICKETS)
    return draws


#: (tickets offered, the fewest to keep, limits per deck: `_keep_key`) -> the ways to keep them, and their shared
#: `LegalActions` (bound in `caches`)
KEEPS = BoundedCache(100)
KEEP_LEGAL = BoundedCache(100)
_DRAW_BLIND = DrawBlind()
_DRAW_TICKETS = DrawTickets()
_PASS = Pass()
_ONLY_PASS = [_PASS]      # the actions of a turn where nothing else is legal (shared, never changed)
_ABANDON = AbandonTunnel()
_END_TURN = EndTurn()
_FACE_UP = {card: DrawFaceUp(CARD_NAMES[card]) for card in range(len(CARD_NAMES))}
