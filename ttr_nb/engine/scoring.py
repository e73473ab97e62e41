"""Final scoring: route points, tickets (with stations), bonuses (longest path, Globetrotter, the Grand
Tour of `grandtour.py`), the winner.

Every number is recomputed from the position, so the running score shown during
play can be checked against it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product

from . import bonuscards
from .caches import BoundedCache
from .display import ScoreRows
from .grandtour import GrandTour, grand_tours
from .longest import connected_parts, longest_in_components, numbered_components, route_network


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
    #: Warehouses & Depots: the Depots left in the player's reserve (None without the module), and
    #: the end bonus they won
    depots_kept: int | None = None
    depot_bonus: int = 0

    def as_dict(self) -> dict:
        row = {"player": self.player, "routes": self.route_points, "tickets": self.ticket_points,
                "tickets completed": self.tickets_completed, "longest path": self.longest_path,
                "longest bonus": self.longest_bonus, "globetrotter": self.globetrotter,
                "stations": self.station_points, "grand tour": self.grand_tour, "bonus cards": self.bonus_points,
                "total": self.total}
        if self.depots_kept is not None:        # Warehouses & Depots: its own column, before the total
            row = {**{k: v for k, v in row.items() if k != "total"}, "depots": self.depot_bonus, "total": self.total}
        return row


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


#: Per board (by identity), per ticket: (source, options, failed), where options are the
#: ticket's (target, result when completed there), best first (ties in the ticket's order),
#: and failed its result when not completed. The results are immutable, so every game of
#: the board shares them instead of building a `TicketResult` per ticket per game.
TICKET_FACTS = BoundedCache(64)


def _ticket_facts(board) -> tuple:
    found = TICKET_FACTS.get(id(board))
    if found is None or found[0] is not board:
        facts = []
        for ticket in board.tickets:
            order = sorted(range(len(ticket.targets)), key=lambda j: -ticket.points[j])   # (stable)
            options = tuple((ticket.targets[j], TicketResult(ticket.key, True, ticket.points[j], ticket.targets[j]))
                            for j in order)
            facts.append((ticket.source, options, TicketResult(ticket.key, False, -min(ticket.points), None)))
        found = TICKET_FACTS.put(id(board), (board, tuple(facts)))
    return found[1]


#: Per board (by identity), the numbers `score_breakdown` works with: (names, route ends,
#: route lengths, tickets), every city and country numbered (routes' ends first): each
#: route's two numbers and length, each ticket's (source, ((target, result), ...), failed)
#: as `_ticket_facts` with numbers for the places.
NUMBERED_FACTS = BoundedCache(64)


def _numbered_facts(board) -> tuple:
    found = NUMBERED_FACTS.get(id(board))
    if found is None or found[0] is not board:
        number: dict = {}
        for r in board.routes:
            number.setdefault(r.a, len(number))
            number.setdefault(r.b, len(number))
        for ticket in board.tickets:
            for place in ticket.ends:
                number.setdefault(place, len(number))
        tickets = tuple((number[source], tuple((number[target], result) for target, result in options), failed)
                        for source, options, failed in _ticket_facts(board))
        found = NUMBERED_FACTS.put(id(board), (board, (
            list(number), tuple((number[r.a], number[r.b]) for r in board.routes),
            tuple(r.length for r in board.routes), tickets)))
    return found[1]


def _scored(board, ticket_ids, label) -> tuple[TicketResult, ...]:
    """Score tickets given `label`: a place's component, None for a place nothing touches.
    A ticket scores its best target joined to its source (the first such in the ticket's
    order among equal values), or loses its lowest value."""
    facts = _ticket_facts(board)
    out = []
    for t in ticket_ids:
        source, options, failed = facts[t]
        home = label(source)
        if home is not None:
            for target, result in options:
                if label(target) == home:
                    out.append(result)
                    break
            else:
                out.append(failed)
        else:
            out.append(failed)
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
    possible. `mine`: the player's routes (`state.routes_of(player)`), when known.
    Returns (borrowed, ticket results): each borrowed route as (city, route key)."""
    ends = state.game.tables.route_edges
    network = route_network([ends[i] for i in (state.routes_of(player) if mine is None else mine)])
    return _best_borrowing(state, player, dict(zip(network[2], network[3])))


def _best_borrowing(state, player: int, base: dict):
    """`best_borrowing`, given the components of the player's own routes (`base`: place ->
    component number, as `_places_joined`)."""
    board = state.board
    tickets = state.tickets[player]
    stations = state.stations_of(player) if state.stations else ()
    get = base.get
    results = _scored(board, tickets, get)
    if not stations:                    # nothing to borrow: the player's own routes score
        return (), results
    # Every choice is still tried, in the order of `itertools.product` over the stations'
    # options (no borrowing first), but a choice is valued on the few tickets it can change,
    # with small numbers for the components and places the borrowable routes touch. A place
    # outside the player's network stands for itself (a str, never a component number).
    owners = state.owners
    touched: dict = {}                  # component or place -> small number
    choices = []
    for city in stations:
        options = [(None, None)]
        for r in board.routes_at(city):
            if owners[r.index] >= 0 and owners[r.index] != player:
                la, lb = get(r.a, r.a), get(r.b, r.b)
                options.append((r.index, (touched.setdefault(la, len(touched)),
                                          touched.setdefault(lb, len(touched)))))
        choices.append(options)
    # A ticket can score more only through a target of higher value whose component, and
    # its source's, a borrowed route touches (joining other components leaves it as it is).
    facts = _ticket_facts(board)
    open_tickets = []                   # (source's number, ((target's number, points), ...), points now)
    for t, now in zip(tickets, results):
        source, options, _ = facts[t]
        home = touched.get(get(source, source))
        if home is None:
            continue
        better = tuple((touched[get(target, target)], result.points) for target, result in options
                       if result.points > now.points and get(target, target) in touched)
        if better:
            open_tickets.append((home, better, now.points))
    if not open_tickets:                # no choice changes a ticket: borrowing nothing is best
        return (), results
    best = None
    for combo in product(*choices):
        parent: dict[int, int] = {}     # union-find over the small numbers
        used = 0
        for r, pair in combo:
            if r is not None:
                used += 1
                a, b = pair
                while a in parent:
                    a = parent[a]
                while b in parent:
                    b = parent[b]
                if a != b:
                    parent[a] = b
        value = 0
        for home, better, now in open_tickets:
            while home in parent:
                home = parent[home]
            for target, points in better:
                while target in parent:
                    target = parent[target]
                if target == home:
                    value += points
                    break
            else:
                value += now
        if best is None or value > best[0] or (value == best[0] and used < best[1]):
            best = (value, used, combo)
    combo = best[2]
    extra = [(board.routes[r].a, board.routes[r].b) for r, _ in combo if r is not None]
    if not extra:
        return (), results
    borrowed = tuple((city, board.routes[r].key) for city, (r, _) in zip(stations, combo) if r is not None)
    return borrowed, _scored(board, tickets, _joined_with(base, extra))


def globetrotter(rules, completed) -> tuple[int, ...]:
    """The Globetrotter bonus of each player, given how many tickets each completed: the
    edition's `globetrotter_bonus` (Nordic Countries 10, USA 1910's 1910 and Mega Game 15) to
    every player tied for the most tickets completed (a count, not their value); when the
    most is 0, to nobody, or to everybody where `globetrotter_at_zero` says so. 0 for all
    in an edition without it."""
    points = rules.globetrotter_bonus
    best = max(completed, default=0)
    if not points or (best == 0 and not rules.globetrotter_at_zero):
        return (0,) * len(completed)
    return tuple(points if n == best else 0 for n in completed)


def score_breakdown(state) -> ScoreRows:
    g = state.game
    rules = g.rules
    board = g.board
    tables = g.tables
    points, keys = tables.route_points, tables.route_keys
    routes_of = [[] for _ in range(g.players)]        # every player's routes, in one pass
    for i, o in enumerate(state.owners):
        if o >= 0:
            routes_of[o].append(i)
    names, route_ends, route_lengths, ticket_facts = _numbered_facts(board)
    n = len(names)
    parts = []
    for p in range(g.players):
        mine = routes_of[p]
        # one union-find of the player's routes (board numbers) serves the tickets and the longest path
        ends = [route_ends[i] for i in mine]
        lengths = [route_lengths[i] for i in mine]
        network = numbered_components(ends, lengths, n)
        root, comp_at = network[0], network[1]
        built = len(state.stations_of(p)) if state.stations else 0
        if built:
            base = {}
            for e in ends:
                for v in e:
                    r = v
                    while root[r] != r:
                        r = root[r]
                    base[names[v]] = comp_at[r]
            borrowed, results = _best_borrowing(state, p, base)
        else:
            # `_scored` inlined on numbers (hand-tuned: ~10 tickets a player in random games):
            # a ticket is done when a target has the source's representative (and some route
            # touches it)
            borrowed, results = (), []
            for t in state.tickets[p]:
                source, options, failed = ticket_facts[t]
                while root[source] != source:
                    source = root[source]
                if comp_at[source] >= 0:
                    for target, result in options:
                        while root[target] != target:
                            target = root[target]
                        if target == source:
                            results.append(result)
                            break
                    else:
                        results.append(failed)
                else:
                    results.append(failed)
            results = tuple(results)
        lp = longest_in_components(ends, lengths, names, network)
        completed = 0
        for r in results:
            if r.completed:
                completed += 1
        parts.append((p, sum([points[i] for i in mine]), results, sum([r.points for r in results]), completed,
                      lp.length, tuple([keys[mine[e]] for e in lp.trail]), built, borrowed))
    longest_best = max(x[5] for x in parts) if rules.longest_path_bonus else 0
    globetrotters = globetrotter(rules, [x[4] for x in parts])
    out = []
    for p, route_points, results, ticket_points, completed, length, trail, built, borrowed in parts:
        longest_bonus = rules.longest_path_bonus if longest_best > 0 and length == longest_best else 0
        globetrotter_points = globetrotters[p]
        station_points = (rules.stations - built) * rules.unbuilt_station_points if rules.stations else 0
        if rules.grand_tour_points:
            tours = grand_tours(board, routes_of[p], results)
            grand_tour = rules.grand_tour_bonus(len(tours))
        else:
            tours, grand_tour = (), 0
        out.append(ScoreRow(
            player=p, route_points=route_points, tickets=results, ticket_points=ticket_points,
            tickets_completed=completed, longest_path=length, longest_trail=trail,
            longest_bonus=longest_bonus, globetrotter=globetrotter_points, stations_built=built,
            station_points=station_points, borrowed=borrowed,
            total=route_points + ticket_points + longest_bonus + globetrotter_points + station_points + grand_tour,
            grand_tour=grand_tour, grand_tours=tours))
    if state.bonus_cards:              # the bonus-card hook: each card a row of its own, in the total
        results = bonuscards.score(state, out)
        out = [replace(row, bonus_cards=cards, bonus_points=sum(c.points for c in cards),
                       total=row.total + sum(c.points for c in cards)) for row, cards in zip(out, results)]
    if state.depots is not None:       # the Warehouses & Depots hook: the end bonus, in the total
        out = depot_bonus(state, out)
    return ScoreRows(out)


def depot_bonus(state, rows: list) -> list:
    """Warehouses & Depots, end of game: the player(s) with the most Depots still in reserve score
    the bonus, all tied players alike; nobody scores it when no reserve holds a Depot (as the
    Globetrotter, nobody wins a count of 0). Cards left in Warehouses count for nothing."""
    reserves = state.depots.reserves
    best = max(reserves)
    points = state.rules.warehouses.end_bonus
    return [replace(row, depots_kept=reserves[row.player],
                    depot_bonus=points if best > 0 and reserves[row.player] == best else 0,
                    total=row.total + (points if best > 0 and reserves[row.player] == best else 0)) for row in rows]


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
