"""Bonus cards (Northern Lights): drawn at setup, shown to all, scored at the end.

The board file lists the edition's bonus cards (`board.BonusCard`: a letter, a name,
its points and the `measure` it counts). At setup `Rules.bonus_cards_drawn` of them are
drawn at random from the game's seed (`deal`); only those score. At the end each card
gives its points to every player tied for the highest count of what it measures
(`score`). A card whose highest count is 0 scores for nobody, unless the edition's
``bonus_zero_top_scores`` is set (Board Game Arena's reading: all are tied at 0, so all
score it).

What each measure counts (`MEASURES`; the board file names one per card):

* ``locomotive_equivalents``: locomotives left in hand, plus for each colour its cards
  left in hand // 2 (two cards of one colour stand for a locomotive);
* ``completed_tickets_to_capital``: completed tickets with an end in one of the edition's
  capitals (`Rules.capitals`);
* ``trains_left``: trains not played;
* ``routes_of_length`` (value: the length): claimed routes of that length;
* ``longest_path``: the longest continuous path, in trains (as `scoring` finds it);
* ``completed_tickets_worth_at_most`` (value: points): completed tickets worth that much or less;
* ``countries_touched``: the countries of the ends of the player's routes, each once;
* ``completed_tickets_to_arctic``: completed tickets with an end in an Arctic city;
* ``routes_to_arctic``: claimed routes with an end in an Arctic city;
* ``ferries``: claimed ferries (routes with locomotive symbols);
* ``routes_to_country`` (value: a country): claimed routes with an end in that country.

Standard library only.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .board import BONUS_MEASURES
from .cards import LOCO, NUM_COLOURS
from .i18n import translations

__all__ = ["BonusScore", "MEASURES", "deal", "count", "score", "card_name"]

_, ngettext = translations("engine")


@dataclass(frozen=True)
class BonusScore:
    """One bonus card's result for one player: what it counts, how many the player has, the
    highest count at the table, and the points it gives the player (0 unless among the top)."""

    letter: str
    name: str
    measure: str
    count: int
    top: int
    points: int
    card_points: int      # what the card gives each player tied for the most

    @property
    def label(self) -> str:
        """'D Small steps strategist' (the name in the language chosen)."""
        return f"{self.letter} {card_name(self.name)}"


def card_name(name: str) -> str:
    """A bonus card's name as the language chosen says it ("International tycoon"; the board
    file's English names are in the engine's catalogue, `make i18n` puts them there)."""
    return _(name)


def deal(game) -> tuple[int, ...]:
    """The bonus cards in play at setup: `Rules.bonus_cards_drawn` of the board's cards
    (indexes into `Board.bonus_cards`, in letter order), drawn from the game's seed (a
    random stream of its own, so the train cards and tickets shuffle as without them)."""
    n = game.rules.bonus_cards_drawn
    cards = game.board.bonus_cards
    if not n:
        return ()
    if n > len(cards):
        raise ValueError(f"{game.rules.title} draws {n} bonus cards, but the {game.board.title} board has "
                         f"{len(cards)}")
    return tuple(sorted(random.Random(f"{game.seed}/bonus cards").sample(range(len(cards)), n)))


def _ticket_ends(board, row):
    """The ends of each completed ticket of a score row, with its value."""
    for result in row.tickets:
        if result.completed:
            yield board.find_ticket(result.ticket).ends, result.points


def _route_ends(state, player):
    board = state.board
    for i in state.routes_of(player):
        yield board.routes[i]


def count(state, player: int, card, row) -> int:
    """What bonus `card` counts for `player` at the end of `state`; `row` is the player's
    `scoring.ScoreRow` (completed tickets, longest path) without the bonus cards."""
    board = state.board
    city = board.city
    m, value = card.measure, card.value
    if m == "locomotive_equivalents":
        hand = state.hands[player]
        return hand[LOCO] + sum(hand[c] // 2 for c in range(NUM_COLOURS))
    if m == "trains_left":
        return state.trains[player]
    if m == "longest_path":
        return row.longest_path
    if m == "completed_tickets_to_capital":
        capitals = set(state.rules.capitals)
        return sum(1 for ends, _ in _ticket_ends(board, row) if capitals & set(ends))
    if m == "completed_tickets_worth_at_most":
        return sum(1 for _, points in _ticket_ends(board, row) if points <= value)
    if m == "completed_tickets_to_arctic":
        return sum(1 for ends, _ in _ticket_ends(board, row) if any(city[e].arctic for e in ends))
    routes = list(_route_ends(state, player))
    if m == "routes_of_length":
        return sum(1 for r in routes if r.length == value)
    if m == "countries_touched":
        return len({city[e].country for r in routes for e in r.ends if city[e].country})
    if m == "routes_to_arctic":
        return sum(1 for r in routes if city[r.a].arctic or city[r.b].arctic)
    if m == "ferries":
        return sum(1 for r in routes if r.ferry_locomotives > 0)
    if m == "routes_to_country":
        return sum(1 for r in routes if value in (city[r.a].country, city[r.b].country))
    raise ValueError(f"unknown bonus card measure {m!r}")   # the board reader refuses it first


#: The measures a bonus card may count (the board reader checks each card names one).
MEASURES: tuple[str, ...] = tuple(BONUS_MEASURES)


def score(state, rows) -> list[tuple[BonusScore, ...]]:
    """Per player, the result of each bonus card in play (in the order of `state.bonus_cards`):
    every player tied for the highest count scores the card's points; a highest count of 0
    scores for nobody unless the edition's `bonus_zero_top_scores` says all tied at 0 score."""
    board = state.board
    per_player: list[list[BonusScore]] = [[] for _ in rows]
    zero_scores = state.rules.bonus_zero_top_scores
    for k in state.bonus_cards:
        card = board.bonus_cards[k]
        counts = [count(state, p, card, row) for p, row in enumerate(rows)]
        top = max(counts)
        for p, n in enumerate(counts):
            wins = n == top and (top > 0 or zero_scores)
            per_player[p].append(BonusScore(card.letter, card.name, card.measure, n, top,
                                            card.points if wins else 0, card.points))
    return [tuple(x) for x in per_player]
