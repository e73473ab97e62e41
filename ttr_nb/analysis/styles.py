"""The four published playing styles of Ticket to Ride agents.

de Mesentier Silva, Lee, Togelius and Nealen, "AI-based Playtesting of Contemporary Board
Games" (FDG 2017) and "AI as Evaluator" (2017) define four agents, each embodying a style:
Destination Hungry, Route Focus, One Step Thinking and Long Route. Each is written here from
the paper's definitions; where the authors' published code decides otherwise (and the
published figures come from the code), the style has a second form, ``published=True``,
with the code's choices (each named in the class's docstring).

Every style decides from its seat's observation, chooses among the legal actions, and
follows the board through `BoardPaths` (a path is searched again only when a claim changed
it). What the paper never met, the styles meet the same way (`Style`):

* tunnels: a tunnel is claimed like any route of its plan; when the revealed cards ask for
  more, the style pays them with the fewest locomotives it can, else abandons the tunnel;
* ferries (and Northern Lights' ferries paid with pairs of cards): a route like any other;
  the payment is one the rules list, with the fewest locomotives;
* stations (Europe): never built (each unbuilt station scores its points at the end);
* country tickets (Switzerland): a ticket's path leads to its nearest country (the cheapest
  target), and its points are its highest value;
* bonus cards (Northern Lights) and draw bonuses: not pursued;
* locomotives allowed only on some routes (Switzerland, Nordic): the legal payments say so;
  a style wanting locomotive cards takes them as it takes a colour.
"""
from __future__ import annotations

import threading
from itertools import combinations

from ..engine.actions import AbandonTunnel, Claim, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets, Pass, PayTunnel
from ..engine.cards import CARD_INDEX, CARD_NAMES, COLOURS, GREY_NAME, LOCO, NUM_COLOURS
from . import caching as _caching
from .bots import Agent
from .paths import BoardPaths, usable_costs

__all__ = ["Style", "DestinationHungry", "RouteFocus", "OneStepThinking", "LongRoute"]

_LOCO_DRAW = DrawFaceUp(CARD_NAMES[LOCO])
_FACE_UP = tuple(DrawFaceUp(name) for name in CARD_NAMES)     # card kind -> the draw of it face up
_BLIND = DrawBlind()
_TICKETS = DrawTickets()


#: per thread, per board and player, the last position's usable routes asked for: (owners, board,
#: costs); every style asks for them at every claim, through several cost maps. Each thread keeps
#: its own (threads playing other games neither read nor push out each other's), and a map once
#: made is never changed (the styles' path caches keep it to compare with the next one).
_USABLE = threading.local()


def usable(state, player: int) -> dict[int, int]:
    """`usable_costs` of a position, remembered per thread, board and player for the last owners
    asked about (they decide it)."""
    if not _caching.CACHING:
        return usable_costs(state, player)
    owners, board = state.owners, state.board
    try:
        last = _USABLE.last
    except AttributeError:
        last = _USABLE.last = {}
    key = (id(board), player)           # (a board is looked up by its identity: hashing one reads it all)
    found = last.get(key)
    if found is None or found[0] is not owners or found[1] is not board:
        found = last[key] = (owners, board, usable_costs(state, player))
    return found[2]


def hop_costs(state, player: int) -> dict[int, int]:
    """Every route `player` can still use (their own included) at cost 1: a path of fewest routes."""
    return dict.fromkeys(usable(state, player), 1)


def _long_only(costs, state, player: int) -> dict[int, int]:
    """The player's own routes and the free routes of at least 3 trains (of at least the trains
    left, when fewer than 3 are left), from a cost map."""
    shortest = min(3, state.trains[player])
    owners = state.owners
    routes = state.game.board.routes
    return {ri: c for ri, c in costs(state, player).items() if owners[ri] == player or routes[ri].length >= shortest}


def long_costs(state, player: int) -> dict[int, int]:
    """`usable_costs` through long routes only (`_long_only`)."""
    return _long_only(usable, state, player)


def long_hop_costs(state, player: int) -> dict[int, int]:
    """`hop_costs` through long routes only (`_long_only`)."""
    return _long_only(hop_costs, state, player)


class Style(Agent):
    """What the four styles share: the shape of a decision, the ways they pay, tunnels, and
    what a style does when the move it wants is not possible.

    A subclass writes `keep(seen, choice)` (the tickets to keep) and `turn(seen, legal)` (a turn
    or the second card of a draw: the action it wants, or None); a wanted action that is not
    legal gives way to `fallback`."""

    published = False

    def __init__(self, seed: int = 0, published: bool | None = None):
        super().__init__(seed)
        if published is not None:
            self.published = published
        self.trains_paths = BoardPaths(usable)
        self._own = (None, None, None, (), None)    # (owners, board, player, own routes, their places' parts)
        self._memo = (None, None, None, None, {})   # (owners, player, tickets, board, name -> answer)
        self._unfinished = (None, None, ())         # (`own_places`' answer, tickets, the unfinished ones)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, published={self.published})"

    # -- the decision
    def act(self, seen):
        phase = seen.phase
        legal = seen.legal_actions()
        if phase in ("opening", "tickets"):
            keep = self.keep(seen, seen.ticket_choice())
            return keep if keep in legal else legal[0]
        if phase == "tunnel":
            return self.pay_tunnel(legal)
        if len(legal) == 1:                     # (a pass, or the one card left to draw)
            return legal[0]
        wanted = self.turn(seen, legal)
        if wanted is not None and (wanted in legal):
            return wanted
        return self.fallback(seen, legal)

    def keep(self, seen, choice) -> KeepTickets:
        return KeepTickets(tuple(range(len(choice.offer))))

    def turn(self, seen, legal):
        raise NotImplementedError

    # -- answers the styles share
    def pay_tunnel(self, legal):
        """A tunnel's extra cards, with the fewest locomotives; else abandon it."""
        pays = [a for a in legal if isinstance(a, PayTunnel)]
        if pays:
            return min(pays, key=lambda a: a.extra[LOCO])
        return AbandonTunnel()

    def claim(self, seen, legal, ri: int, avoid=()):
        """A claim of route `ri` (or of a parallel track between the same places, when that one
        is listed and `ri` is not), paying the fewest locomotives, then in a colour not in `avoid`
        (colours needed elsewhere, most needed first) or needed least, then the colour held most;
        None if the route cannot be claimed now."""
        hand = seen.hand
        rank = {c: -i for i, c in enumerate(avoid)}
        for r in (ri, *seen.game.parallel[ri]):
            pays = legal.payments_for(r)
            if pays:
                def key(pay):
                    colour = _main_colour(pay)
                    return pay[LOCO], rank.get(colour, -len(avoid)), -hand[colour]
                return Claim(seen.game.route_keys[r], min(pays, key=key))
        return None

    def draw(self, legal, colours, loco_first: bool = False):
        """The first of `colours` (card indexes) shown face up; else (with `loco_first`) a face-up
        locomotive; else a blind draw (None if no such draw is legal)."""
        for c in colours:
            a = _FACE_UP[c]
            if a in legal:
                return a
        if loco_first and _LOCO_DRAW in legal:
            return _LOCO_DRAW
        if _BLIND in legal:
            return _BLIND
        return None

    def fallback(self, seen, legal):
        """When the wanted move is not possible: the longest route it can claim, else a blind
        draw, else a face-up card, else drawing tickets, else what is listed first."""
        routes = legal.claimable_routes()
        if routes:
            board = seen.board
            return self.claim(seen, legal, max(routes, key=lambda r: board.routes[r].length))
        for a in (_BLIND,):
            if a in legal:
                return a
        for a in legal:
            if isinstance(a, DrawFaceUp):
                return a
        if _TICKETS in legal:
            return _TICKETS
        return legal[0]

    # -- facts about the seat
    def remember(self, seen, name: str, make):
        """`make()`, remembered under `name` while the position's owners, the seat and its
        tickets stay those of the last question (what it answers must follow from them alone)."""
        if not _caching.CACHING:
            return make()
        memo = self._memo
        owners, tickets = seen.owners, seen.tickets
        if memo[0] is not owners or memo[1] != seen.player or memo[2] != tickets or memo[3] is not seen.board:
            memo = self._memo = (owners, seen.player, tickets, seen.board, {})
        found = memo[4].get(name, memo)
        if found is memo:
            found = memo[4][name] = make()
        return found

    def own_places(self, seen) -> dict[str, int]:
        """Each place of the seat's own network -> the number of its connected part (worked out
        again only when the seat's own routes change: another seat's claim leaves it as it was)."""
        owners, board, player = seen.owners, seen.board, seen.player
        last, last_board, last_player, routes, found = self._own
        if last_board is board and last_player == player and _caching.CACHING:
            if last is owners:
                return found
            # (the same routes if as many are the seat's and every one it had still is)
            if owners.count(player) == len(routes) and all(owners[ri] == player for ri in routes):
                self._own = (owners, board, player, routes, found)
                return found
        part: dict[str, int] = {}
        routes = tuple(ri for ri, o in enumerate(owners) if o == player)
        mine = [board.routes[ri] for ri in routes]
        links: dict[str, list[str]] = {}
        for r in mine:
            links.setdefault(r.a, []).append(r.b)
            links.setdefault(r.b, []).append(r.a)
        for start in links:
            if start in part:
                continue
            part[start] = start_id = len(part)
            todo = [start]
            while todo:
                for nxt in links[todo.pop()]:
                    if nxt not in part:
                        part[nxt] = start_id
                        todo.append(nxt)
        self._own = (owners, board, player, routes, part)
        return part

    def completed(self, seen, ticket) -> bool:
        """Does the seat's network join the ticket's source to one of its targets?"""
        part = self.own_places(seen)
        home = part.get(ticket.source)
        return home is not None and any(part.get(t) == home for t in ticket.targets)

    def unfinished(self, seen) -> list:
        """The seat's tickets not completed yet (Tickets), in the order kept (worked out again
        when its network or its tickets change)."""
        part, held = self.own_places(seen), seen.tickets
        last = self._unfinished
        if last[0] is part and last[1] == held and _caching.CACHING:
            return list(last[2])
        tickets = seen.board.tickets
        out = []
        for key in held:                        # (`completed`, with the network found once)
            t = tickets[key]
            home = part.get(t.source)
            if home is None or not any(part.get(c) == home for c in t.targets):
                out.append(t)
        self._unfinished = (part, held, tuple(out))
        return out

    def fits(self, seen, ri: int) -> bool:
        """Route `ri` is free for the seat and its trains can fill it."""
        return (seen.owners[ri] < 0 and seen.route_status(ri) == "free"
                and seen.board.routes[ri].length <= seen.trains[seen.player])

    def colour_wanted(self, seen, ri: int) -> int:
        """The card colour to collect for route `ri`: its colour; for a grey route the colour held
        most (the first of equals)."""
        route = seen.board.routes[ri]
        if route.colour != GREY_NAME:
            return CARD_INDEX[route.colour]
        hand = seen.hand
        return max(range(NUM_COLOURS), key=lambda c: (hand[c], -c))


def _main_colour(pay) -> int:
    """The colour a payment is mostly made of (the locomotive for one of locomotives only)."""
    best = max(range(NUM_COLOURS), key=lambda c: (pay[c], -c))
    return best if pay[best] else LOCO


class RouteFocus(Style):
    """Route Focus: builds the routes of its tickets, best first.

    Decisions:

    * tickets: keeps every opening ticket; never draws more;
    * ranking: the free routes on its unfinished tickets' cheapest paths that its trains can
      fill, each by its route points + 2 x the points of the ticket (its highest value) whose
      path it is on (the highest, when on several); with its tickets done (or out of reach),
      every free route its trains can fill, by route points, most first;
    * claims the best-ranked route it can pay (or a parallel track of it); else takes a face-up
      card of the best-ranked route's colour (a grey route: the colour it holds most); else
      draws blind.

    ``published=True`` (the authors' code, from which the published figures come): the paths
    count routes, not trains; a route must be shorter than its trains left; a route on several
    tickets' paths takes the first ticket's points; with its tickets done it takes the
    *lowest*-scoring route first (the code reads a min-priority queue keyed on +points).
    """
    name = "route-focus"

    def __init__(self, seed: int = 0, published: bool | None = None):
        super().__init__(seed, published)
        self.plan_paths = BoardPaths(hop_costs) if self.published else self.trains_paths

    def ranked(self, seen) -> list[int]:
        """The routes it wants, best first."""
        board = seen.board
        points = seen.game.route_points
        trains = seen.trains[seen.player]
        owners = seen.owners
        fits = (lambda r: board.routes[r].length < trains) if self.published else (
            lambda r: board.routes[r].length <= trains)
        score: dict[int, int] = {}
        for t in self.unfinished(seen):
            path = self.plan_paths.ticket(seen, t, seen.player)
            if path is None:
                continue
            for r in path.routes:
                if owners[r] < 0 and fits(r):
                    s = points[r] + 2 * t.value
                    if r not in score or (not self.published and s > score[r]):
                        score[r] = s
        if score:
            return sorted(score, key=lambda r: -score[r])
        free = [r for r in usable(seen, seen.player) if owners[r] < 0 and fits(r)]
        sign = 1 if self.published else -1
        return sorted(free, key=lambda r: sign * points[r])

    def turn(self, seen, legal):
        ranked = self.ranked(seen)
        if seen.phase == "turn":
            for r in ranked:
                claim = self.claim(seen, legal, r)
                if claim is not None:
                    return claim
        colours = [self.colour_wanted(seen, ranked[0])] if ranked else []
        return self.draw(legal, colours)


def _keep_options(choice) -> list[tuple[int, ...]]:
    """Every way to keep tickets of the offer (positions), fewest first, in the order of the list."""
    n = len(choice.offer)
    return [keep for k in range(choice.minimum, n + 1) for keep in combinations(range(n), k)]


class DestinationHungry(Style):
    """Destination Hungry: collects tickets while its plan leaves trains to spare.

    Decisions:

    * the plan: the routes joining the places of its unfinished tickets (a completed ticket
      needs none), grown from the two places farthest apart (in trains still needed): every
      other place joins, by its cheapest path, the nearest place already in the plan; then the
      two ends are joined;
    * tickets: of the ways to keep tickets (opening or later), the one whose plan gives the
      most points per train, (ticket points + the plan's route points) / the plan's trains, if
      the plan fits in its trains minus 5; else the one whose plan needs the fewest trains, if
      it fits in its trains; else the one of fewest ticket points;
    * draws tickets while its plan leaves more than 8 trains spare;
    * claims a route of its plan (the longest it can pay); with its plan done, the longest
      route it can claim;
    * takes a face-up card of the colour its plan needs most (counting the plan's coloured
      routes; locomotives for ferries' symbols); else the colour shown most, if the plan
      needs it, or if the plan needs grey routes and it is shown twice; else draws blind.
    """
    name = "destination-hungry"

    def __init__(self, seed: int = 0, published: bool | None = None):
        super().__init__(seed, published)
        self._plans: dict = {}          # (player, tickets) -> (plan, the searches it follows from)

    # -- the plan
    def plan(self, seen, tickets: tuple, places: frozenset) -> tuple[tuple[int, ...], int, int]:
        """(routes still to claim, trains they need, their route points) of the plan joining the
        places of `tickets` (Tickets) over the routes the seat can use; `places` holds every end
        of them (and maybe more)."""
        p = seen.player
        reaches = self.remember(seen, ("searches", places), lambda: self.searches(seen, places))
        key = (p, tuple(t.key for t in tickets))
        found = self._plans.get(key) if _caching.CACHING else None
        # the plan follows from the searches alone: while every one stands, so does the plan
        if found is not None and all(reaches[c] is r for c, r in found[1].items()):
            return found[0]
        plan, used = self._make_plan(seen, tickets, reaches)
        if not _caching.CACHING:
            return plan
        if len(self._plans) > 500:
            self._plans.clear()
        self._plans[key] = (plan, used)
        return plan

    def searches(self, seen, places) -> dict:
        """Each of `places` -> the search (a `Reach`) its distances to the others are read from
        (its ways to `places`, all the plan reads of it)."""
        p = seen.player
        # places joined by the seat's own routes are 0 trains apart: every one of them is as far from
        # any place as the others, and one search serves them all (from the first of them by name)
        part = self.own_places(seen)
        first: dict = {}
        for c in sorted(places):
            if c in part:
                first.setdefault(part[c], c)
        source = {c: first[part[c]] if c in part else c for c in places}
        sources = tuple(dict.fromkeys(source.values()))
        searches = dict(zip(sources, self.trains_paths.reaches(seen, sources, p, reads=places)))
        return {c: searches[s] for c, s in source.items()}

    @staticmethod
    def places(tickets) -> frozenset:
        """Every end of `tickets` (sources and targets)."""
        return frozenset(c for t in tickets for c in t.ends)

    def _make_plan(self, seen, tickets, reaches):
        ends = []
        for t in tickets:
            target = reaches[t.source].best_target(t.targets, t.points)
            if target is not None:
                ends += [c for c in (t.source, target) if c not in ends]
        # (a search from another place of the seat's network: its way to a place is the way from
        # that network, the routes the plan still needs the same)
        used = {c: reaches[c] for c in ends}
        if len(ends) < 2:
            return ((), 0, 0), used
        index = used[ends[0]].layout.index
        at = {c: index[c] for c in ends}                 # (every end was reached: it has a number)
        far, start, end = -1, None, None
        for i, x in enumerate(ends):
            dist = reaches[x].dist
            for y in ends[i + 1:]:
                d = dist[at[y]]
                if d is not None and d > far:
                    far, start, end = d, x, y
        if start is None:
            return ((), 0, 0), used
        routes: list[int] = []
        sides = ([start], [end])
        for c in ends:
            if c == start or c == end:
                continue
            dist = reaches[c].dist
            best = None
            for side in sides:
                for member in side:
                    d = dist[at[member]]
                    if d is not None and (best is None or d < best[0]):
                        best = (d, side, member)
            if best is None:
                continue
            best[1].append(c)
            routes += reaches[c].routes_to(best[2])
        best = None
        for x in sides[0]:
            dist = reaches[x].dist
            for y in sides[1]:
                d = dist[at[y]]
                if d is not None and (best is None or d < best[0]):
                    best = (d, x, y)
        if best is not None:
            routes += reaches[best[1]].routes_to(best[2])
        owners = seen.owners
        todo = tuple(dict.fromkeys(r for r in routes if owners[r] < 0))
        board = seen.board
        points = seen.game.route_points
        return (todo, sum(board.routes[r].length for r in todo), sum(points[r] for r in todo)), used

    # -- decisions
    def keep(self, seen, choice):
        tickets = seen.board.tickets
        held = sum(tickets[t].value for t in seen.tickets)
        unfinished = tuple(self.unfinished(seen))
        places = self.places(unfinished + tuple(tickets[t] for t in choice.offer))
        trains = seen.trains[seen.player]
        best = fewest = cheapest = None
        for keep in _keep_options(choice):
            kept = tuple(tickets[choice.offer[i]] for i in keep)
            value = held + sum(t.value for t in kept)
            _, need, route_points = self.plan(seen, unfinished + kept, places)
            if cheapest is None or value < cheapest[0]:
                cheapest = (value, keep)
            if need <= trains - 5:
                fitness = (value + route_points) / max(1, need)
                if best is None or fitness > best[0]:
                    best = (fitness, keep)
            elif need <= trains and (fewest is None or need < fewest[0]):
                fewest = (need, keep)
        return KeepTickets((best or fewest or cheapest)[1])

    def needs(self, seen, todo) -> list[int]:
        """Card kinds by how many cards of them the plan's routes still need, most first (those
        needed only)."""
        board = seen.board
        need = [0] * (NUM_COLOURS + 1)
        for r in todo:
            route = board.routes[r]
            if route.colour != GREY_NAME:
                need[CARD_INDEX[route.colour]] += route.length
            need[LOCO] += route.ferry_locomotives
        return sorted((k for k in range(NUM_COLOURS + 1) if need[k]), key=lambda k: (-need[k], k))

    def working(self, seen):
        """(the plan's routes still to claim, their trains, the card kinds they need: `needs`) for
        the seat's unfinished tickets."""
        def make():
            unfinished = tuple(self.unfinished(seen))
            todo, need, _ = self.plan(seen, unfinished, self.places(unfinished))
            return todo, need, self.needs(seen, todo)
        return self.remember(seen, "working", make)

    def turn(self, seen, legal):
        todo, need, wanted = self.working(seen)
        trains = seen.trains[seen.player]
        if seen.phase == "turn":
            if need < trains - 8 and _TICKETS in legal:
                return _TICKETS
            board = seen.board
            claimable = set(legal.claimable_routes())
            parallel = seen.game.parallel
            mine = [r for r in todo if r in claimable or (parallel[r] and not claimable.isdisjoint(parallel[r]))]
            if mine:
                r = max(mine, key=lambda r: board.routes[r].length)
                return self.claim(seen, legal, r, avoid=wanted)
            if not todo and claimable:
                return self.claim(seen, legal, max(claimable, key=lambda r: (board.routes[r].length, -r)))
        for k in wanted:
            a = _FACE_UP[k]
            if a in legal:
                return a
        shown = [c for c in seen.display if c != LOCO]
        if shown:
            most = max(set(shown), key=lambda c: (shown.count(c), -c))
            grey = any(seen.board.routes[r].colour == GREY_NAME for r in todo)
            if most in wanted or (grey and shown.count(most) >= 2):
                a = _FACE_UP[most]
                if a in legal:
                    return a
        return self.draw(legal, ())


def _payability(seen, ri: int, grey_sure: int) -> int:
    """How ready the hand is to pay route `ri` (the published agents' rank): `grey_sure` (grey
    route) or 10 when one colour covers it, 9 when locomotives complete it, else lower the more
    cards are missing."""
    route = seen.board.routes[ri]
    hand = seen.hand
    most = max(hand[:NUM_COLOURS])
    if route.colour == GREY_NAME:
        if most >= route.length:
            return grey_sure
        if most + hand[LOCO] >= route.length:
            return 9
        return 10 - route.length + most
    have = hand[CARD_INDEX[route.colour]]
    if have >= route.length:
        return 10
    if have + hand[LOCO] >= route.length:
        return 9
    return 9 - route.length + most


class OneStepThinking(Style):
    """One Step Thinking: works on one ticket at a time, one route at a time.

    Decisions:

    * tickets: keeps every opening ticket; of a later offer, the way to keep whose tickets give
      the most points per train still needed on their cheapest paths, if those trains fit in
      its trains left; else the way of fewest ticket points (a ticket out of reach counts as
      needing 50 trains);
    * its objective: its most valuable unfinished ticket that can still be completed, and on
      that ticket's cheapest path the first route it does not own yet;
    * with no such ticket: draws tickets while every player has 8 trains or more; else its
      objective is the longest free route its trains can fill (of equal ones, the one its hand
      is closest to paying);
    * claims its objective route (or a parallel track of it) when it can; else takes a face-up
      card of the route's colour (a grey route: the colour it holds most); else a face-up
      locomotive; else draws blind.

    ``published=True`` (the authors' code): the paths count routes, not trains; its evaluation of
    a later offer always fails into the code's exception path, so it keeps the way of fewest
    ticket points; for a grey objective route it takes no face-up colour (its comparison never
    matches), only a face-up locomotive, else draws blind.
    """
    name = "one-step"
    #: the style draws tickets when it has no objective (Long Route never does)
    draws_tickets = True
    #: the rank of a grey route a single colour covers, when choosing the longest route
    grey_sure = 10

    def __init__(self, seed: int = 0, published: bool | None = None):
        super().__init__(seed, published)
        costs = self.plan_costs()
        self.plan_paths = self.trains_paths if costs is usable else BoardPaths(costs)

    def plan_costs(self):
        return hop_costs if self.published else usable

    def keep(self, seen, choice):
        if choice.opening:
            return KeepTickets(tuple(range(len(choice.offer))))
        return self.keep_later(seen, choice)

    def keep_later(self, seen, choice):
        tickets = seen.board.tickets
        options = _keep_options(choice)
        points = {keep: sum(tickets[choice.offer[i]].value for i in keep) for keep in options}
        cheapest = min(options, key=lambda keep: points[keep])
        if self.published:
            return KeepTickets(cheapest)
        trains = seen.trains[seen.player]
        best = None
        for keep in options:
            value = need = 0
            for i in keep:
                t = tickets[choice.offer[i]]
                path = self.plan_paths.ticket(seen, t, seen.player)
                if path is None:
                    value, need = value - t.value, need + 50
                else:
                    value, need = value + t.value, need + self.trains_left(seen, path.routes)
            if need <= trains:
                ratio = value / max(1, need)
                if best is None or ratio > best[0]:
                    best = (ratio, keep)
        return KeepTickets(best[1] if best is not None else cheapest)

    def trains_left(self, seen, routes) -> int:
        board = seen.board
        return sum(board.routes[r].length for r in routes if seen.owners[r] < 0)

    def objective(self, seen):
        """The route it works on (an index), "tickets" to draw tickets, or None."""
        tickets = []
        for t in self.unfinished(seen):
            path = self.plan_paths.ticket(seen, t, seen.player)
            if path is not None:
                tickets.append((t, path))
        if tickets:
            _, path = max(tickets, key=lambda tp: tp[0].value)     # (the first of equals)
            for r in path.routes:
                if seen.owners[r] != seen.player:
                    return r
        if self.draws_tickets and min(seen.trains) >= 8 and seen.ticket_deck_size:
            return "tickets"
        board = seen.board
        owners, trains = seen.owners, seen.trains[seen.player]
        free = [r for r in usable(seen, seen.player) if owners[r] < 0 and board.routes[r].length <= trains]
        if not free:
            return None
        longest = max(board.routes[r].length for r in free)
        return max((r for r in free if board.routes[r].length == longest),
                   key=lambda r: _payability(seen, r, self.grey_sure))

    def turn(self, seen, legal):
        target = self.objective(seen)
        if target == "tickets":
            return _TICKETS if seen.phase == "turn" else self.draw(legal, ())
        if target is None:
            return None
        if seen.phase == "turn":
            claim = self.claim(seen, legal, target)
            if claim is not None:
                return claim
        route = seen.board.routes[target]
        if self.published and route.colour == GREY_NAME:
            return self.draw(legal, (), loco_first=True)
        return self.draw(legal, (self.colour_wanted(seen, target),), loco_first=True)


class LongRoute(OneStepThinking):
    """Long Route: plans through long routes and claims the longest it can.

    Decisions (as One Step Thinking's, but):

    * tickets: keeps the opening tickets as One Step Thinking weighs a later offer (the most
      points per train still needed, the paths through long routes only), and never draws
      tickets after the opening;
    * its paths go through its own routes and free routes of at least 3 trains only (of at
      least the trains left, when fewer than 3 are left);
    * with no ticket to work on, its objective is the longest free route its trains can fill
      (of equal ones, the one its hand is closest to paying: a grey route one colour covers
      first).

    ``published=True`` (the authors' code): the paths count routes, not trains; its evaluation of
    the opening offer always fails into the code's exception path, so it keeps the opening
    tickets of fewest points; for a grey objective route it takes no face-up colour, only a
    face-up locomotive, else draws blind.
    """
    name = "long-route"
    draws_tickets = False
    grey_sure = 15

    def plan_costs(self):
        return long_hop_costs if self.published else long_costs

    def keep(self, seen, choice):
        return self.keep_later(seen, choice)


class RouteFocusPublished(RouteFocus):
    __doc__ = RouteFocus.__doc__
    name = "route-focus-published"
    published = True


class OneStepThinkingPublished(OneStepThinking):
    __doc__ = OneStepThinking.__doc__
    name = "one-step-published"
    published = True


class LongRoutePublished(LongRoute):
    __doc__ = LongRoute.__doc__
    name = "long-route-published"
    published = True


#: the styles by name, as described and as published
STYLES = {kind.name: kind for kind in (DestinationHungry, RouteFocus, RouteFocusPublished, OneStepThinking,
                                       OneStepThinkingPublished, LongRoute, LongRoutePublished)}
