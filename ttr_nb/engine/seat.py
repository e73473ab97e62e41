"""What one seat knows, as a position an agent can ask the engine about: `Observation`.

`State.view(player)` says what a seat may see, as data. An agent also wants to ask the
engine questions (its legal actions, the ways its hand pays a route, whether a route is
still open to it), and those are asked of a position. `observe(state, player)` builds
one that the seat cannot tell from the real position and that holds nothing the seat may
not know:

* everything public (the board, the display, the discard pile, the trains and scores,
  a pending tunnel and the cards it turned up, the stations, the bonus cards), the
  seat's own hand, its tickets, its opening offer and (on its own turn) the tickets
  offered to it, all as they are;
* in place of what is hidden from it, cards and tickets it has not seen, dealt in one
  fixed order (card order, ticket order): the other hands (each of its real size), the
  deck (its size; what is left of the unseen cards), the other seats' tickets and
  offers, the ticket deck and the tickets out of the game (their sizes);
* a game with the same rules, board, players and first player but seed 0: the real
  seed would tell the order of the deck.

So the observed position is a function of what the seat may know and of nothing else
(the tests check it: positions that differ only in hidden things give the same observed
position), its view is the seat's view of the real position, and its legal actions are
the real position's (the tests check both along seeded games of every edition). An agent
that samples the hidden part (a determinized planner) deals it afresh from
`Observation.unseen_cards()` and `Observation.unseen_tickets()`.
"""
from __future__ import annotations

import weakref

from .cards import LOCO, NUM_COLOURS, NUM_KINDS, Cards
from .observer import SEEN, view
from .position import FIELDS
from .state import State

__all__ = ["Observation", "observe"]

class _Facts:
    """Per game: the same game with seed 0 (an observed position's game: the seed is hidden), the
    edition's train cards (nine counts), every ticket, and the tickets of the deck drawn from."""

    __slots__ = ("game", "cards", "tickets", "draw_deck")

    def __init__(self, game):
        rules = game.rules
        self.game = game if game.seed == 0 else type(game)(rules, game.board, game.players, seed=0,
                                                             first_player=game.first_player)
        self.cards = (rules.cards_per_colour,) * NUM_COLOURS + (rules.locomotives,)
        self.tickets = frozenset(range(len(game.board.tickets)))
        self.draw_deck = frozenset(next(ids for name, ids in game.tables.deck_tickets
                                        if name == rules.tickets.draw_from))


#: the `_Facts` of each game seen (they go with the game)
_FACTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _facts(game) -> _Facts:
    facts = _FACTS.get(game)
    if facts is None:
        facts = _FACTS[game] = _Facts(game)
    return facts


class Observation:
    """What seat `player` knows of a position (see the module's docstring).

    Attributes:
        player: the seat (counting from 0).
        position: a `State` holding what the seat knows, the hidden parts filled with cards
            and tickets the seat has not seen in a fixed order: ask it the engine's questions
            (`legal_actions()`, `route_status`, `payment_options`, `ticket_choice()` ...), read
            `hands[player]`, `tickets[player]`, `owners`, `trains`, `display`, `discard` from it.
            Other seats' hands and tickets there are placeholders of the right size.
    """

    __slots__ = ("player", "position")

    def __init__(self, player: int, position: State):
        self.player = player
        self.position = position

    # the questions agents ask most, answered by the observed position
    @property
    def phase(self) -> str:
        return self.position.phase

    @property
    def game(self):
        return self.position.game

    @property
    def board(self):
        return self.position.game.board

    @property
    def to_move(self) -> bool:
        """Is it this seat's move?"""
        return self.position.player == self.player

    def legal_actions(self):
        """The legal actions of the seat to move (the real position's, in its order)."""
        if not self.to_move:
            raise ValueError(f"seat {self.player} is not to move: player {self.position.player} is")
        return self.position.legal_actions()

    def view(self) -> dict:
        """The seat's view (`State.view`): the same as the real position's."""
        return view(self.position, self.player)

    def unseen_cards(self) -> Cards:
        """The train cards the seat cannot see (the deck and the other hands), as one multiset."""
        return Cards(_unseen_cards(self.position, self.player))

    def unseen_tickets(self) -> tuple[int, ...]:
        """The tickets the seat has not seen (in the ticket deck, the other seats' hands and
        offers, out of the game), in ticket order."""
        return _unseen_tickets(self.position, self.player)

    def __repr__(self) -> str:
        return f"<Observation of seat {self.player}: {self.position!r}>"


def _unseen_cards(s: State, player: int) -> list[int]:
    pile = s.display + s.discard
    if s.pending is not None:
        pile += s.pending.revealed
        paid = s.pending.paid
    else:
        paid = (0,) * NUM_KINDS
    hand = s.hands[player]
    return [total - pile.count(k) - hand[k] - paid[k] for k, total in enumerate(_facts(s.game).cards)]


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
    if sum(unseen) != sum(sizes) - sizes[player] + deck_size:
        raise AssertionError(f"{sum(unseen)} unseen cards for seat {player}, but the other hands and the deck "
                             f"hold {sum(sizes) - sizes[player] + deck_size}")
    fields["hands"] = tuple(state.hands[p] if p == player else _take(unseen, sizes[p]) for p in range(n))
    fields["deck"] = tuple(k for k in range(NUM_KINDS) for _ in range(unseen[k]))
    # the tickets: the ticket deck from the unseen tickets of its own deck, then the other seats'
    # tickets and offers, and the tickets out of the game, from the rest (in ticket order)
    pool = _unseen_tickets(state, player)
    draw_deck = facts.draw_deck
    in_deck = [t for t in pool if t in draw_deck][:len(state.ticket_deck)]
    taken = set(in_deck)
    rest = [t for t in pool if t not in taken]
    fields["ticket_deck"] = tuple(in_deck)
    fields["tickets"] = tuple(state.tickets[p] if p == player else _deal(rest, len(state.tickets[p]))
                              for p in range(n))
    fields["opening_offers"] = tuple(state.opening_offers[p] if p == player
                                     else _deal(rest, len(state.opening_offers[p])) for p in range(n))
    fields["offer"] = state.offer if state.player == player else _deal(rest, len(state.offer))
    fields["removed_tickets"] = _deal(rest, len(state.removed_tickets))
    if rest or len(fields) != len(FIELDS):
        raise AssertionError(f"the observation of seat {player} left out tickets ({rest}) or fields "
                             f"({sorted(set(FIELDS) - set(fields))})")
    return Observation(player, State(facts.game, **fields))


#: the fields a seat sees as they are: public, derived from public ones, or bookkeeping (`observer.SEEN`)
_AS_IT_IS = tuple(name for name in FIELDS if SEEN[name] in ("public", "derived", "not shown"))
