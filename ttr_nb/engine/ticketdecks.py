"""The tickets a variant plays with, taken from a board's decks.

A board file holds its base game's tickets and, for the expansion boxes, optional decks
(`usa_1910`, `usa_mega`, `europe_1912_regular`, `europe_1912_long`). A variant (USA 1910's
Mega Game, Europa 1912's Big Cities of Europe ...) names its tickets as data, in its edition
file's ``ticket_decks``: a list of parts, each a deck of the board (``"base"`` for its own
tickets) with, optionally, only some tickets (``only``), some left out (``leave_out``) or only
the tickets with an end in one of some cities (``with_an_end_in``, the Big Cities)::

    ticket_decks = [{ from = "usa_1910" }, { from = "usa_mega" }]

`deck_board(board, sources)` is the board with those tickets as its tickets (numbered in
that order, each ticket keeping its deck, "regular" or "long"): every other part of the
engine reads `Board.tickets` and never needs to know a variant was chosen.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .caches import BoundedCache

#: The name of a board's own tickets in a `TicketSource`.
BASE = "base"
_KEYS = ("from", "only", "leave_out", "with_an_end_in")


@dataclass(frozen=True)
class TicketSource:
    """One part of a variant's tickets: the deck `deck` of the board (`BASE`: its own
    tickets), only the tickets named in `only` (when given), without those in `leave_out`,
    and only those with an end in one of `with_an_end_in` (when given)."""

    deck: str
    only: tuple[str, ...] = ()
    leave_out: tuple[str, ...] = ()
    with_an_end_in: tuple[str, ...] = ()


def ticket_sources(parts, edition=None) -> tuple[TicketSource, ...]:
    """The `TicketSource`s of an edition file's ``ticket_decks`` (a list of tables)."""
    where = f"edition {edition}: ticket_decks"
    if not isinstance(parts, list) or not parts:
        raise ValueError(f"{where} must be a non-empty list of {{ from = deck, ... }} tables, not {parts!r}")
    out = []
    for i, part in enumerate(parts):
        if not isinstance(part, dict) or not isinstance(part.get("from"), str):
            raise ValueError(f"{where}[{i}] must be a table naming its deck (from = \"usa_1910\"), not {part!r}")
        unknown = sorted(set(part) - set(_KEYS))
        if unknown:
            raise ValueError(f"{where}[{i}]: unknown key(s) {unknown} (known: {', '.join(_KEYS)})")
        lists = {}
        for key in _KEYS[1:]:
            value = part.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"{where}[{i}].{key} must be a list of names, not {value!r}")
            lists[key] = tuple(value)
        out.append(TicketSource(part["from"], **lists))
    return tuple(out)


#: Per board (by identity) and sources: (board, the board with those tickets)
BOARDS = BoundedCache(64)


def deck_board(board, sources: tuple[TicketSource, ...]):
    """`board` with the tickets of `sources` as its tickets (the board itself for ()).
    ValueError naming the part and the facts for a deck, ticket or city the board lacks, and
    for a ticket taken twice."""
    if not sources:
        return board
    key = (id(board), sources)
    found = BOARDS.get(key)
    if found is None or found[0] is not board:
        found = BOARDS.put(key, (board, replace(board, tickets=_tickets(board, sources))))
    return found[1]


def _tickets(board, sources) -> tuple:
    problems = []
    chosen = []
    for i, src in enumerate(sources):
        where = f"ticket_decks[{i}] (from {src.deck!r})"
        if src.deck == BASE:
            deck, name = board.tickets, None
        elif src.deck in board.optional_ticket_decks:
            deck, name = board.optional_ticket_decks[src.deck], src.deck
        else:
            known = ", ".join(map(repr, (BASE, *board.optional_ticket_decks)))
            problems.append(f"{where}: board {board.name!r} has no such deck (its decks: {known})")
            continue
        named = {}
        for field in ("only", "leave_out"):
            keys = set()
            for ticket_key in getattr(src, field):
                try:
                    keys.add(board.find_ticket(ticket_key, name).key)
                except KeyError as e:
                    problems.append(f"{where}.{field}: {e.args[0]}")
            named[field] = keys
        strangers = [c for c in src.with_an_end_in if c not in board.city]
        if strangers:
            problems.append(f"{where}.with_an_end_in: not cities of board {board.name!r}: {', '.join(strangers)}")
        ends = set(src.with_an_end_in)
        for t in deck:
            if src.only and t.key not in named["only"]:
                continue
            if t.key in named["leave_out"] or (ends and not ends.intersection(t.ends)):
                continue
            chosen.append(t)
    keys = [t.key for t in chosen]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        problems.append(f"tickets taken twice: {', '.join(twice)}")
    if not chosen and not problems:
        problems.append("no ticket is left")
    if problems:
        raise ValueError(f"the tickets of board {board.name!r}: " + "; ".join(problems))
    return tuple(replace(t, index=i) for i, t in enumerate(chosen))
