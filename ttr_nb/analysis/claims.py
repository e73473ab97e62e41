"""Which routes the players of a tournament claimed: by length, by route and by city.

Every game of a tournament (`ttr_nb.analysis.tournament`) records who owns each route at the
end (`GameRecord.owners`). From those:

* `length_counts(result, who)`: the routes claimed by the winners (``who="winners"``), by the
  others (``"losers"``) or by everybody (``"all"``), counted by length;
* `board_length_counts(board, pairs=False)`: the board's own routes by length; ``pairs=True``
  counts a double route once (the published study's "board" shares count city pairs);
* `points_per_train(rules)`: what a train earns on a route of each length;
* `route_claim_rates(result)`: per route, the share of games in which somebody claimed it;
  `city_visit_rates(result)`: per city, the share of games in which a claimed route reached it.

    >>> import ttr_nb
    >>> points_per_train(ttr_nb.load_rules("usa"))[6]
    2.5
    >>> board_length_counts(ttr_nb.load_game("usa").board)[1]
    9
"""
from __future__ import annotations

from collections import Counter

from .tournament import wilson_interval

__all__ = ["length_counts", "board_length_counts", "shares", "share_intervals", "points_per_train",
           "route_claim_rates", "city_visit_rates", "claimed_by"]

WHO = ("winners", "losers", "all")


def _game(result):
    from ..engine.game import load_game
    return load_game(result.edition, players=result.players, **dict(result.options))


def claimed_by(record, who: str = "winners") -> list[int]:
    """The routes (indexes) of one game claimed by its winners, by the other players, or by all."""
    if who not in WHO:
        raise ValueError(f"who is one of {', '.join(WHO)}, not {who!r}")
    seats = set(record.winners)
    return [ri for ri, o in enumerate(record.owners)
            if o >= 0 and (who == "all" or (o in seats) == (who == "winners"))]


def length_counts(result, who: str = "winners") -> dict[int, int]:
    """Routes of every game claimed by `who` (``"winners"``, ``"losers"``, ``"all"``), counted by
    length (a route claimed in two games counts twice)."""
    board = _game(result).board
    lengths = set(r.length for r in board.routes)
    count = Counter({n: 0 for n in lengths})
    for record in result.records:
        count.update(board.routes[ri].length for ri in claimed_by(record, who))
    return dict(sorted(count.items()))


def board_length_counts(board, pairs: bool = False) -> dict[int, int]:
    """The board's routes by length; ``pairs=True``: the tracks of a double route counted once."""
    seen, count = set(), Counter()
    for r in board.routes:
        if pairs and r.double_group:
            if r.double_group in seen:
                continue
            seen.add(r.double_group)
        count[r.length] += 1
    return dict(sorted(count.items()))


def shares(counts: dict[int, int]) -> dict[int, float]:
    """Each length's share of the whole count."""
    total = sum(counts.values())
    return {n: (c / total if total else 0.0) for n, c in counts.items()}


def share_intervals(counts: dict[int, int]) -> dict[int, tuple[float, float]]:
    """Each length's share with its 95% Wilson interval (each route counted as one trial)."""
    total = sum(counts.values())
    return {n: wilson_interval(c, total) for n, c in counts.items()}


def points_per_train(rules) -> dict[int, float]:
    """Points per train of a route of each length the rules score."""
    return {n: p / n for n, p in enumerate(rules.route_points, start=1) if p > 0}


def route_claim_rates(result) -> list[float]:
    """Per route of the board (by index), the share of the games in which somebody claimed it."""
    n = len(result.records)
    board = _game(result).board
    count = [0] * len(board.routes)
    for record in result.records:
        for ri, o in enumerate(record.owners):
            count[ri] += o >= 0
    return [c / n for c in count]


def city_visit_rates(result) -> dict[str, float]:
    """Per city of the board, the share of the games in which a claimed route reached it."""
    n = len(result.records)
    board = _game(result).board
    count = Counter({c.name: 0 for c in board.cities})
    for record in result.records:
        reached = set()
        for ri, o in enumerate(record.owners):
            if o >= 0:
                reached |= {board.routes[ri].a, board.routes[ri].b}
        count.update(reached)
    return {name: count[name] / n for name in count}
