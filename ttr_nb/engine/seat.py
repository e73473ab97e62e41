"""What one seat knows: `Observation`, what an agent decides from.

`State.view(player)` says what a seat may see, as data. An agent also asks the engine
questions (its legal actions, the ways its hand pays a route, whether a route is still open
to it). `observe(state, player)` is the seat's `Observation`: it answers the questions a
seat may ask, each about something public or the seat's own, and nothing else (no other
hand or ticket, no deck order, not the game's seed, which would tell the deck's order).

For any other question, `Observation.position` (`observed_position`) is a position the
seat cannot tell from the real one and that holds nothing the seat may not know:

* everything public (the board, the display, the discard pile, the trains and scores,
  a pending tunnel and the cards it turned up, the stations, the bonus cards), the
  seat's own hand, its tickets, its opening offer and (on its own move) the tickets
  offered to it, all as they are;
* in place of what is hidden from it, cards and tickets it has not seen, dealt in one
  fixed order (card order, ticket order): the other hands (each of its real size), the
  deck (its size; what is left of the unseen cards), the Warehouses of Warehouses & Depots
  (their sizes: no seat sees their cards), the other seats' tickets and
  offers, the ticket deck and the tickets out of the game (their sizes);
* a game with the same rules, board, players and first player but seed 0.

So the observed position is a function of what the seat may know and of nothing else, its
view is the seat's view of the real position, its legal actions are the real position's,
and the observation's answers are the observed position's (the tests check all of it
along seeded games of every edition, and that no agent's choice changes with what its seat
cannot see). An agent that samples the hidden part (a determinized planner) deals it
afresh from `Observation.unseen_cards()` and `Observation.unseen_tickets()`.
"""
from __future__ import annotations

import weakref
from dataclasses import replace
from operator import sub

from .caches import BoundedCache
from .cards import NUM_COLOURS, NUM_KINDS, Cards
from .observer import SEEN, view
from .position import FIELDS
from .state import State

__all__ = ["Observation", "observe", "observed_position"]

class _Facts:
    """Per game: the same game with seed 0 (an observed position's game: the seed is hidden), the
    edition's train cards (nine counts), every ticket, and the tickets of the deck drawn from."""

    __slots__ = ("game", "cards", "tickets", "draw_deck", "pile", "dealt")

    def __init__(self, game):
        rules = game.rules
        self.game = game if game.seed == 0 else type(game)(rules, game.board, game.players, seed=0,
                                                             first_player=game.first_player)
        self.cards = (rules.cards_per_colour,) * NUM_COLOURS + (rules.locomotives,)
        self.tickets = frozenset(range(len(game.board.tickets)))
        self.draw_deck = frozenset(next(ids for name, ids in game.tables.deck_tickets
                                        if name == rules.tickets.draw_from))
        #: the last display and discard pile counted, and their counts (most moves change neither)
        self.pile = ((), (), (0,) * NUM_KINDS)
        #: the tickets dealt for what a seat knows of the tickets (`_ticket_fields`), by that knowledge
        self.dealt = BoundedCache(1000)


#: the `_Facts` of each game seen (they go with the game)
_FACTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


#: the game last asked about, and its facts (one game is asked about again and again)
_LAST = [None, None]


def _facts(game) -> _Facts:
    last = _LAST
    if last[0] is game:
        return last[1]
    facts = _FACTS.get(game)
    if facts is None:
        facts = _FACTS[game] = _Facts(game)
    last[0], last[1] = game, facts
    return facts


class Observation:
    """What seat `player` knows of a position (see the module's docstring).

    It answers from the real position, through the questions listed here only, each about
    something public or the seat's own; `position` is the observed position itself (built
    when first asked for), for any other question of the engine.

    * the seat's own: `player`, `hand` (nine counts), `tickets`, `offer` (on its own move),
      `opening_offer`; `legal_actions()`, `ticket_choice()`, `tunnel_choice()`,
      `payment_options(route)` (for the seat to move);
    * public: `phase`, `current_player`, `to_move`, `turn`, `display`, `discard`, `owners`,
      `free`, `blocked`, `trains`, `points`, `stations`, `pending`, `countdown`, `bonus_cards`,
      `route_status(route, player)`, `routes_of(player)`;
    * sizes: `hand_sizes`, `ticket_counts`, `deck_size`, `ticket_deck_size`;
    * `game`, `board`, `rules` (a game of seed 0: the real seed would tell the deck's order);
    * `view()`, `unseen_cards()`, `unseen_tickets()`, `position`.
    """

    __slots__ = ("player", "_state", "_position")

    def __init__(self, state: State, player: int):
        if not 0 <= player < state.game.players:
            raise ValueError(f"player must be 0..{state.game.players - 1}, not {player}")
        self.player = player
        self._state = state
        self._position = None

    @property
    def position(self) -> State:
        """The observed position: what the seat knows, the hidden parts filled with cards and
        tickets it has not seen, in a fixed order (the module's docstring)."""
        if self._position is None:
            self._position = observed_position(self._state, self.player)
        return self._position

    # -- the seat's own
    @property
    def hand(self) -> tuple[int, ...]:
        return self._state.hands[self.player]

    @property
    def tickets(self) -> tuple[int, ...]:
        return self._state.tickets[self.player]

    @property
    def offer(self) -> tuple[int, ...]:
        """The tickets drawn for the seat to choose among (empty unless it is choosing)."""
        return self._state.offer if self.to_move else ()

    @property
    def opening_offer(self) -> tuple[int, ...]:
        return self._state.opening_offers[self.player]

    def _mover(self) -> State:
        if self._state.player != self.player:
            raise ValueError(f"seat {self.player} is not to move: player {self._state.player} is")
        return self._state

    def legal_actions(self):
        """The legal actions of the seat to move (those of the observed position, in its order)."""
        return self._mover().legal_actions()

    def ticket_choice(self):
        return self._mover().ticket_choice()

    def tunnel_choice(self):
        return self._mover().tunnel_choice()

    def payment_options(self, route, complete: bool = True):
        return self._mover().payment_options(route, complete)

    # -- public
    phase = property(lambda self: self._state.phase)
    current_player = property(lambda self: self._state.player)
    to_move = property(lambda self: self._state.player == self.player, doc="Is it this seat's move?")
    turn = property(lambda self: self._state.turn)
    display = property(lambda self: self._state.display)
    discard = property(lambda self: self._state.discard)
    owners = property(lambda self: self._state.owners)
    free = property(lambda self: self._state.free)
    blocked = property(lambda self: self._state.blocked)
    trains = property(lambda self: self._state.trains)
    points = property(lambda self: self._state.points)
    stations = property(lambda self: self._state.stations)
    pending = property(lambda self: self._state.pending)
    countdown = property(lambda self: self._state.countdown)
    bonus_cards = property(lambda self: self._state.bonus_cards)

    def route_status(self, route, player: int | None = None) -> str:
        return self._state.route_status(route, self.player if player is None else player)

    def routes_of(self, player: int) -> tuple[int, ...]:
        return self._state.routes_of(player)

    # -- sizes
    hand_sizes = property(lambda self: tuple(map(sum, self._state.hands)))
    ticket_counts = property(lambda self: tuple(map(len, self._state.tickets)))
    deck_size = property(lambda self: len(self._state.deck))
    ticket_deck_size = property(lambda self: len(self._state.ticket_deck))

    # -- what the position belongs to
    @property
    def game(self):
        return _facts(self._state.game).game

    board = property(lambda self: self._state.game.board)
    rules = property(lambda self: self._state.game.rules)

    def view(self) -> dict:
        """The seat's view (`State.view`)."""
        return view(self._state, self.player)

    def unseen_cards(self) -> Cards:
        """The train cards the seat cannot see (the deck and the other hands), as one multiset."""
        return Cards(_unseen_cards(self._state, self.player))

    def unseen_tickets(self) -> tuple[int, ...]:
        """The tickets the seat has not seen (in the ticket deck, the other seats' hands and
        offers, out of the game), in ticket order."""
        return _unseen_tickets(self._state, self.player)

    def __repr__(self) -> str:
        s = self._state
        return (f"<Observation of seat {self.player}: {s.game.rules.id} turn {s.turn} phase {s.phase} "
                f"player {s.player} trains {list(s.trains)} points {list(s.points)}>")


def _unseen_cards(s: State, player: int) -> list[int]:
    facts = _facts(s.game)
    display, discard, counts = facts.pile
    if display is not s.display or discard is not s.discard:
        pile = s.display + s.discard
        counts = tuple(map(pile.count, range(NUM_KINDS)))
        facts.pile = (s.display, s.discard, counts)
    left = list(map(sub, facts.cards, counts))
    hand = s.hands[player]
    for k in range(NUM_KINDS):
        left[k] -= hand[k]
    if s.pending is not None:
        for k, n in enumerate(s.pending.paid):
            left[k] -= n
        for card in s.pending.revealed:
            left[card] -= 1
    return left


def _unseen_tickets(s: State, player: int) -> tuple[int, ...]:
    seen = set(s.tickets[player])
    seen.update(s.opening_offers[player])
    if s.player == player:
        seen.update(s.offer)
    return tuple(sorted(_facts(s.game).tickets.difference(seen)))


def _take(counts: list, n: int) -> tuple:
    """The first `n` cards, in card order, of the multiset `counts` (nine counts, taken from in place)."""
    hand = [0] * NUM_KINDS
    for k in range(NUM_KINDS):
        if not n:
            break
        m = counts[k] if counts[k] < n else n
        hand[k] = m
        counts[k] -= m
        n -= m
    return tuple(hand)


def _deal(pool: list, n: int) -> tuple:
    dealt = tuple(pool[:n])
    del pool[:n]
    return dealt


def observe(state: State, player: int) -> Observation:
    """What seat `player` knows of `state`, as an `Observation` (see the module's docstring)."""
    return Observation(state, player)


def observed_position(state: State, player: int) -> State:
    """The position seat `player` cannot tell from `state` (see the module's docstring)."""
    g = state.game
    n = g.players
    if not 0 <= player < n:
        raise ValueError(f"player must be 0..{n - 1}, not {player}")
    facts = _facts(g)
    # what the seat sees as it is (public, derived from the public fields, or bookkeeping); the rest below
    fields = {name: getattr(state, name) for name in _AS_IT_IS}
    # the cards: the other hands, then the deck (its top card last), from the unseen cards in card order
    unseen = _unseen_cards(state, player)
    sizes = [sum(h) for h in state.hands]
    deck_size = len(state.deck)
    depots = state.depots
    stored = depots.counts() if depots is not None else ()
    if sum(unseen) != sum(sizes) - sizes[player] + deck_size + sum(stored):
        raise AssertionError(f"{sum(unseen)} unseen cards for seat {player}, but the other hands, the deck and the "
                             f"warehouses hold {sum(sizes) - sizes[player] + deck_size + sum(stored)}")
    hands = list(state.hands)
    for p in range(n):
        if p != player:
            hands[p] = _take(unseen, sizes[p])
    fields["hands"] = tuple(hands)
    if depots is not None:      # Warehouses & Depots: no seat sees a Warehouse's cards, only how many
        fields["depots"] = replace(depots, warehouses=tuple(_take(unseen, k) for k in stored))
    else:
        fields["depots"] = None
    deck = ()
    for k in range(NUM_KINDS):
        if unseen[k]:
            deck += (k,) * unseen[k]
    fields["deck"] = deck
    fields.update(_ticket_fields(state, player, facts))
    if len(fields) != len(FIELDS):
        raise AssertionError(f"the observation of seat {player} left out fields {sorted(set(FIELDS) - set(fields))}")
    return State(facts.game, **fields)


def _ticket_fields(state: State, player: int, facts: _Facts) -> dict:
    """The ticket fields of what `player` knows of `state`: the ticket deck from the unseen tickets
    of its own deck, then the other seats' tickets and offers, and the tickets out of the game,
    from the rest (in ticket order). They follow from the seat's own tickets and offers and the
    sizes of the others, so they are remembered by those."""
    own_offer = state.offer if state.player == player else ()
    key = (player, state.tickets[player], state.opening_offers[player], own_offer, len(state.ticket_deck),
           tuple(map(len, state.tickets)), tuple(map(len, state.opening_offers)), len(state.offer),
           len(state.removed_tickets))
    found = facts.dealt.get(key)
    if found is not None:
        return found
    pool = _unseen_tickets(state, player)
    draw_deck = facts.draw_deck
    in_deck = [t for t in pool if t in draw_deck][:len(state.ticket_deck)]
    taken = set(in_deck)
    rest = [t for t in pool if t not in taken]
    tickets = list(state.tickets)
    openings = list(state.opening_offers)
    for p in range(len(tickets)):
        if p != player:
            tickets[p] = _deal(rest, len(tickets[p]))
            openings[p] = _deal(rest, len(openings[p]))
    found = {"ticket_deck": tuple(in_deck), "tickets": tuple(tickets), "opening_offers": tuple(openings),
             "offer": state.offer if state.player == player else _deal(rest, len(state.offer)),
             "removed_tickets": _deal(rest, len(state.removed_tickets))}
    if rest:
        raise AssertionError(f"the observation of seat {player} left out tickets {rest}")
    return facts.dealt.put(key, found)


#: the fields a seat sees as they are: public, derived from public ones, or bookkeeping (`observer.SEEN`)
_AS_IT_IS = tuple(name for name in FIELDS if SEEN[name] in ("public", "derived", "not shown"))
