"""Final scoring: route points, tickets (with stations), bonuses (longest path, Globetrotter, the Grand
Tour of `grandtour.py`), the winner.

Every number is recomputed from the position, so the running score shown during
play can be checked against it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product

from . import bonuscards
from .display import ScoreRows
from .grandtour import GrandTour, grand_tours
from .longest import connected_parts, longest_path_of_routes


@dataclass(frozen=True)
class TicketResult:
    ticket: str           # the ticket's key, e.g. "Boston-Miami"
    completed: bool
    points: int           # + value when completed, - value (lowest value for country tickets) when not
    reached: str | None   # the destination reached (country tickets: the best one), else None


@dataclass(frozen=True)
class ScoreRow:
    player: int
    route_points: int
    tickets: tuple[TicketResult, ...]
    ticket_points: int
    tickets_completed: int
    longest_path: int                 # length in trains of the player's longest continuous path
    longest_trail: tuple[str, ...]    # its routes, in travel order
    longest_bonus: int
    globetrotter: int
    stations_built: int
    station_points: int               # points for stations not built
    borrowed: tuple[tuple[str, str], ...]   # (city, route key) each station borrows
    total: int
    grand_tour: int = 0                       # Grand Tour bonus (editions with `rules.grand_tour_points`)
    grand_tours: tuple[GrandTour, ...] = ()   # the qualifying tickets, with their two paths
    #: Northern Lights: each bonus card in play, its own row of the breakdown (`bonuscards.BonusScore`)
    bonus_cards: tuple = ()
    bonus_points: int = 0             # their points, in the total

    def as_dict(self) -> dict:
        return {"player": self.player, "routes": self.route_points, "tickets": self.ticket_points,
                "tickets completed": self.tickets_completed, "longest path": self.longest_path,
                "longest bonus": self.longest_bonus, "globetrotter": self.globetrotter,
                "stations": self.station_points, "grand tour": self.grand_tour, "bonus cards": self.bonus_points,
                "total": self.total}


def _places_joined(edges) -> dict:
    """For a set of (a, b) connections, each place's component (a number; places joined
    by the connections get the same one)."""
    ids: dict = {}
    adj: list[list[int]] = []
    for a, b in edges:
        for place in (a, b):
            if place not in ids:
                ids[place] = len(adj)
                adj.append([])
        adj[ids[a]].append(ids[b])
        adj[ids[b]].append(ids[a])
    part, _ = connected_parts(adj)
    return {place: part[i] for place, i in ids.items()}


def ticket_results(board, ticket_ids, edges) -> tuple[TicketResult, ...]:
    """Score tickets against a set of (a, b) connections."""
    return _scored(board, ticket_ids, _places_joined(edges).get)


def _scored(board, ticket_ids, label) -> tuple[TicketResult, ...]:
    """Score tickets given `label`: a place's component, None for a place nothing touches."""
    out = []
    for t in ticket_ids:
        ticket = board.tickets[t]
        best = None
        home = label(ticket.source)
        if home is not None:
            for target, pts in zip(ticket.targets, ticket.points):
                if label(target) == home and (best is None or pts > best[1]):
                    best = (target, pts)
        if best:
            out.append(TicketResult(ticket.key, True, best[1], best[0]))
        else:
            out.append(TicketResult(ticket.key, False, -min(ticket.points), None))
    return tuple(out)


def _joined_with(base: dict, extra):
    """The components of the player's own connections (`base`, from `_places_joined`) with
    a few more connections `extra` added: a place's label, None for a place neither
    touches. The same partition as `_places_joined` of both together (other numbers)."""
    parent: dict = {}

    def find(x):
        while x in parent:
            x = parent[x]
        return x

    touched = set()
    for a, b in extra:
        touched.add(a)
        touched.add(b)
        ra = find(base.get(a, a))     # a place outside `base` stands for itself (a str, never a number)
        rb = find(base.get(b, b))
        if ra != rb:
            parent[ra] = rb

    def label(place):
        x = base.get(place)
        if x is None:
            if place not in touched:
                return None
            x = place
        return find(x)
    return label


def best_borrowing(state, player: int, mine=None):
    """The routes `player`'s stations borrow: for each station one route of another player
    touching its city (or none), chosen to maximise the player's ticket points. All
    choices are tried (at most a few hundred: <= 3 stations, a handful of routes each),
    so the choice is optimal. Ties keep the first choice found, borrowing as little as
    possible. `mine`: the player's routes (`state.routes_of(player)`), when known."""
    board = state.board
    ends = state.game.tables.route_edges
    own = [ends[i][:2] for i in (state.routes_of(player) if mine is None else mine)]
    tickets = state.tickets[player]
    stations = state.stations_of(player) if state.stations else ()
    if not stations:                    # nothing to borrow: the player's own routes score
        return (), ticket_results(board, tickets, own)
    choices = []
    for city in stations:
        options = [None] + [r.index for r in board.routes_at(city)
                            if state.owners[r.index] >= 0 and state.owners[r.index] != player]
        choices.append([(city, r) for r in options])
    best = None
    base = _places_joined(own)          # the player's own connections, joined once for every choice
    for combo in product(*choices):
        extra = [(board.routes[r].a, board.routes[r].b) for _, r in combo if r is not None]
        results = _scored(board, tickets, _joined_with(base, extra) if extra else base.get)
        value = sum(r.points for r in results)
        used = sum(1 for _, r in combo if r is not None)
        if best is None or value > best[0] or (value == best[0] and used < best[1]):
            best = (value, used, combo, results)
    if best is None:
        return (), ticket_results(board, tickets, own)
    borrowed = tuple((city, board.routes[r].key) for city, r in best[2] if r is not None)
    return borrowed, best[3]


def score_breakdown(state) -> ScoreRows:
    g = state.game
    rules = g.rules
    board = g.board
    tables = g.tables
    points, edges = tables.route_points, tables.route_edges
    routes_of = [[] for _ in range(g.players)]        # every player's routes, in one pass
    for i, o in enumerate(state.owners):
        if o >= 0:
            routes_of[o].append(i)
    rows = []
    for p in range(g.players):
        mine = routes_of[p]
        route_points = sum([points[i] for i in mine])
        borrowed, results = best_borrowing(state, p, mine)
        lp = longest_path_of_routes([edges[i] for i in mine])
        built = len(state.stations_of(p)) if state.stations else 0
        rows.append(dict(
            player=p, route_points=route_points, tickets=results,
            ticket_points=sum(r.points for r in results),
            tickets_completed=sum(1 for r in results if r.completed),
            longest_path=lp.length, longest_trail=tuple(board.routes[mine[e]].key for e in lp.trail),
            longest_bonus=0, globetrotter=0, stations_built=built,
            station_points=(rules.stations - built) * rules.unbuilt_station_points if rules.stations else 0,
            borrowed=borrowed,
        ))
    if rules.longest_path_bonus:
        best = max(r["longest_path"] for r in rows)
        for r in rows:
            if best > 0 and r["longest_path"] == best:
                r["longest_bonus"] = rules.longest_path_bonus
    if rules.globetrotter_bonus:
        best = max(r["tickets_completed"] for r in rows)
        for r in rows:
            if best > 0 and r["tickets_completed"] == best:
                r["globetrotter"] = rules.globetrotter_bonus
    if rules.grand_tour_points:
        for r in rows:
            r["grand_tours"] = grand_tours(board, routes_of[r["player"]], r["tickets"])
            r["grand_tour"] = rules.grand_tour_bonus(len(r["grand_tours"]))
    out = []
    for r in rows:
        total = (r["route_points"] + r["ticket_points"] + r["longest_bonus"] + r["globetrotter"]
                 + r["station_points"] + r.get("grand_tour", 0))
        out.append(ScoreRow(total=total, **r))
    if state.bonus_cards:              # the bonus-card hook: each card a row of its own, in the total
        results = bonuscards.score(state, out)
        out = [replace(row, bonus_cards=cards, bonus_points=sum(c.points for c in cards),
                       total=row.total + sum(c.points for c in cards)) for row, cards in zip(out, results)]
    return ScoreRows(out)


def winners(state, rows=None) -> tuple[int, ...]:
    """Highest total wins; ties go through the edition's tie-breakers in order; players
    still tied share the win."""
    rows = rows or score_breakdown(state)
    best = max(r.total for r in rows)
    tied = [r for r in rows if r.total == best]
    for rule in state.game.rules.tie_breakers:
        if len(tied) == 1:
            break
        if rule == "most_tickets_completed":
            m = max(r.tickets_completed for r in tied)
            tied = [r for r in tied if r.tickets_completed == m]
        elif rule == "fewest_stations_used":
            m = min(r.stations_built for r in tied)
            tied = [r for r in tied if r.stations_built == m]
        elif rule == "longest_path_bonus":
            holders = [r for r in tied if r.longest_bonus > 0]
            tied = holders or tied
        elif rule == "longest_path_length":
            m = max(r.longest_path for r in tied)
            tied = [r for r in tied if r.longest_path == m]
    return tuple(r.player for r in tied)
