"""What a notebook shows a student besides the board: small tables and player names.

A student reads sentences, small tables and the board, never raw tuples; and players
are numbered from 1 in everything a student reads (the engine counts seats from 0).

>>> player(0)
'Player 1'
>>> print(table(["length", "points"], [[1, 1], [6, 15]]))
length | points
1      | 1
6      | 15

A `Table` shows as an HTML table in a notebook (``_repr_html_``) and as aligned text
elsewhere. Nothing here imports a display library.

Its texts are in the language chosen with `ttr_nb.set_language` (gettext domain
``lessons``): after ``set_language("da")``, ``player(0)`` is ``'Spiller 1'``.
"""
from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

from .engine.i18n import translations
from .engine.numerals import decimal, percent
from .engine.rules import edition_title

_, ngettext = translations("lessons")

__all__ = ["Table", "table", "player", "players", "cards_text", "decimal", "percent", "edition_title",
           "deck_from_top", "rest_in_hands", "routes_leaving"]


def player(seat: int) -> str:
    """The name a student reads for a seat: seat 0 is "Player 1" ("Spiller 1" in Danish), the
    engine's own name for it."""
    from .engine.narration import player_name

    return player_name(seat)


def players(n: int) -> list[str]:
    """The names of `n` seats, from "Player 1" on (for a widget's ``names=``)."""
    return [player(p) for p in range(n)]


def cards_text(cards) -> str:
    """A hand or payment in words: ``"3 red and 1 locomotive"`` (nothing: ``"no cards"``)."""
    from .engine.cards import Cards

    return Cards.coerce(cards).describe()


class Table:
    """A small table: a header and rows of plain values (shown as HTML in a notebook)."""

    def __init__(self, header: Sequence[Any], rows: Iterable[Sequence[Any]], caption: str | None = None):
        self.header = [str(h) for h in header]
        self.rows = [[str(v) for v in row] for row in rows]
        self.caption = caption
        bad = [row for row in self.rows if len(row) != len(self.header)]
        if bad:
            raise ValueError(ngettext("every row needs {n} value (one per column); {row} has {k}",
                                      "every row needs {n} values (one per column); {row} has {k}",
                                      len(self.header)).format(n=len(self.header), row=bad[0], k=len(bad[0])))

    def __len__(self) -> int:
        return len(self.rows)

    def column(self, name: str) -> list[str]:
        """The values of one column, as text."""
        return [row[self.header.index(name)] for row in self.rows]

    def __str__(self) -> str:
        widths = [max(len(r[i]) for r in [self.header, *self.rows]) for i in range(len(self.header))]
        lines = [" | ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in [self.header, *self.rows]]
        return "\n".join(([self.caption] if self.caption else []) + lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th style='text-align:left;padding:2px 10px'>{esc(h)}</th>" for h in self.header)
        body = "".join("<tr>" + "".join(f"<td style='padding:2px 10px'>{esc(v)}</td>" for v in row) + "</tr>"
                       for row in self.rows)
        caption = f"<caption style='text-align:left'>{esc(self.caption)}</caption>" if self.caption else ""
        return f"<table class='ttr-lesson-table'>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def table(header: Sequence[Any], rows: Iterable[Sequence[Any]], caption: str | None = None) -> Table:
    """A small table for a student to read: ``table(["length", "points"], [[1, 1], [2, 2]])``."""
    return Table(header, rows, caption)


# --------------------------------------------------------------------------- positions for lessons


def _rest(game, position: dict, extra=()) -> list[str]:
    """Every train card of the game not placed by `position` (hands, display, discard,
    deck) nor in `extra`, as names in a fixed order."""
    from .engine.cards import CARD_NAMES, Cards

    rules = game.rules
    left = {name: rules.cards_per_colour for name in CARD_NAMES[:-1]}
    left[CARD_NAMES[-1]] = rules.locomotives
    placed = [name for hand in position.get("hands", ()) for name, k in Cards.coerce(hand).as_dict().items()
              for _ in range(k)]
    placed += [*position.get("display", ()), *position.get("discard", ()), *position.get("deck", ()), *extra]
    for name in placed:
        left[name] -= 1
    short = [name for name, k in left.items() if k < 0]
    if short:
        raise ValueError(_("this position uses more {card} cards than {edition} has").format(
            card=short[0], edition=rules.title))
    return [name for name, k in left.items() for _ in range(k)]


def deck_from_top(game, position: dict, top) -> dict:
    """`position` with its deck written out: the cards `top` (top card first), then every
    card not placed elsewhere, shuffled by the game's seed. A lesson uses it to say which
    card is turned up next, without listing a hundred cards."""
    import random

    if "deck" in position:
        raise ValueError(_("the position already lists its deck"))
    rest = _rest(game, position, extra=top)
    random.Random(f"{game.seed}/lesson-deck").shuffle(rest)
    return {**position, "deck": [*top, *rest]}


def rest_in_hands(game, position: dict, seats: Sequence[int] | None = None) -> dict:
    """`position` with every card not placed elsewhere dealt into the players' hands, one
    each in turn (or into the hands of `seats` alone), so its deck and discard pile are exactly
    as written (an empty deck, for example: no hand limit means players can hold that many cards)."""
    from .engine.cards import Cards

    position = {**position, "deck": list(position.get("deck", ()))}
    hands = [dict(Cards.coerce(h).as_dict()) for h in position.get("hands", [{}] * game.players)]
    seats = list(range(len(hands))) if seats is None else list(seats)
    for k, name in enumerate(_rest(game, position)):
        hand = hands[seats[k % len(seats)]]
        hand[name] = hand.get(name, 0) + 1
    return {**position, "hands": hands}


def routes_leaving(game, trains: Sequence[int], every_route_up_to: int = 0) -> dict:
    """``{"routes": ..., "trains": trains}`` for a position where player p has `trains[p]`
    trains left: first every route of at most `every_route_up_to` spaces is claimed (one track of
    a double route; players in turn, the one furthest from their count first), then each
    player claims longer routes, the longest first, until the trains on the board and the
    trains left add up to the stock. A lesson uses it for an end-game position."""
    board, stock = game.board, game.rules.trains
    single = [r for r in board.routes if r.twin is None or r.index < r.twin]
    owners: dict[str, int] = {}
    used = [0] * game.players
    for r in sorted((r for r in single if r.length <= every_route_up_to), key=lambda r: (-r.length, r.index)):
        p = max(range(game.players), key=lambda q: stock - trains[q] - used[q])
        owners[r.key] = p
        used[p] += r.length
    for p in range(game.players):
        need = stock - trains[p] - used[p]
        for r in sorted(single, key=lambda r: (-r.length, r.index)):
            rest = need - r.length
            if r.key not in owners and r.length > every_route_up_to and (rest == 0 or rest > every_route_up_to):
                owners[r.key] = p
                need = rest
        if need:
            raise ValueError(_("the routes of {edition} cannot leave player {player} with {trains} trains").format(
                edition=game.rules.title, player=p + 1, trains=trains[p]))
    return {"routes": owners, "trains": list(trains)}
