"""Facts about a board: routes by length and colour, tunnels, ferries, doubles, spaces."""
from __future__ import annotations

from collections import Counter


def board_stats(board) -> dict:
    routes = board.routes
    groups = Counter(r.double_group for r in routes if r.double_group)
    return {
        "cities": sum(1 for c in board.cities if c.kind == "city"),
        "countries": sum(1 for c in board.cities if c.kind == "country"),
        "routes": len(routes),
        "train spaces": sum(r.length for r in routes),
        "double routes": sum(1 for n in groups.values() if n == 2),
        "triple routes": sum(1 for n in groups.values() if n == 3),
        "tunnels": sum(1 for r in routes if r.tunnel),
        "ferries": sum(1 for r in routes if r.ferry_locomotives),
        "ferry locomotive symbols": sum(r.ferry_locomotives for r in routes),
        "grey routes": sum(1 for r in routes if r.colour == "gray"),
        "tickets": len(board.tickets),
    }


def routes_by_length(board) -> dict[int, int]:
    return dict(sorted(Counter(r.length for r in board.routes).items()))


def routes_by_colour(board) -> dict[str, int]:
    return dict(Counter(r.colour for r in board.routes).most_common())


def spaces_by_colour(board) -> dict[str, int]:
    """Train spaces per route colour: how many cards of each colour the board asks for."""
    count: Counter = Counter()
    for r in board.routes:
        count[r.colour] += r.length
    return dict(count.most_common())
