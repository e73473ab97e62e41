"""A planner of our own: it prices tickets, bottlenecks and tempo as the rulebook's advice does.

`Planner` decides from its seat's observation, as every agent does, by a one-step lookahead
over a plan: the routes joining the places of its unfinished tickets (Destination Hungry's
plan, grown from the two places farthest apart), searched over a board where a route costs
its turn as well as its trains (`Planner.route_costs`), so a plan takes fewer, longer routes,
of more points a train. What it weighs:

* tickets (the opening offer and any later one): every way to keep them is priced by the
  plan it would need: the points of the tickets it can finish in time, minus the points of
  those it cannot, plus the plan's route points, plus what the trains left over earn on
  long routes; "in time" compares the turns the plan needs (a claim a route, half a turn a
  card still missing) with the turns the other players' trains leave (`turns_left`);
* bottlenecks: of the plan's routes it can claim now, the one whose loss would cost the most
  (the detour the rest of the board offers between its two places, in trains, more than the
  route's own), then the longest;
* cards: a face-up card of the colour the plan lacks most (its coloured routes' cards minus
  the hand's; a grey route asks for the colour held most); else a face-up locomotive (it
  costs the whole draw, but pays for any colour the plan lacks, where two blind cards
  seldom do); else a blind draw;
* tempo: with its tickets done and time left it draws tickets (and keeps those its network
  nearly reaches); else it claims the route of most points its trains can fill, and when the
  end is near (the others' trains almost gone) it claims what it can pay at once rather than
  collect for later;
* tunnels, ferries, stations and the other editions' rules as the published styles meet them
  (`styles.Style`).
"""
from __future__ import annotations

from ..engine.actions import DrawFaceUp, DrawTickets, KeepTickets
from ..engine.cards import CARD_INDEX, CARD_NAMES, GREY_NAME, LOCO, NUM_COLOURS
from .paths import BoardPaths, cheapest_path
from .styles import DestinationHungry, _keep_options, usable

__all__ = ["Planner"]

_TICKETS = DrawTickets()
_LOCO_DRAW = DrawFaceUp(CARD_NAMES[LOCO])


class Planner(DestinationHungry):
    """The planner (see the module's docstring for how it weighs its choices).

    Decisions:

    * tickets: the way to keep of the highest price (`price`);
    * on its turn, with a plan: claims the plan's route it can pay whose loss would cost the
      most (`detour`), then the longest; else collects the plan's cards (`wanted_colours`);
    * with its plan done: draws tickets while it has trains and turns for them
      (`wants_tickets`); else claims the free route of most points it can pay (with time left,
      of at least 3 trains or its trains left), else collects for the best one;
    * near the end (`turns_left` of 2 or fewer): claims whatever route of most points it can
      pay, its plan's first.
    """
    name = "planner"
    #: the route points a spare train earns at the end, on the long routes still free (between
    #: a 3-route's 1.33 and a 4-route's 1.75 per train, less what is left unspent)
    spare_train_points = 1.2
    #: trains kept beyond a plan's, for the routes that go to others first
    margin = 4
    #: the share of the turns left a plan may take
    time_share = 0.8
    #: trains and turns it wants left (beyond the margin) to draw more tickets
    ticket_trains = 15
    ticket_turns = 10
    #: turns left at which it claims whatever it can pay
    ending_turns = 2
    #: trains a player lays a turn, on average (for the turns left)
    trains_a_turn = 1.6
    # (switches for studies of the choices)
    loco_face_up = 0
    bottleneck_first = 1
    #: the cost of a free route in the plan's searches, by its length (a longer route costs as
    #: the last): a claim takes a turn, so a short route is dear for its trains, and a long one
    #: pays more points a train (1 a train for lengths 1-2, 2.5 for 6): lengths 2 to 4 cost
    #: the same, and a plan goes by fewer, longer routes than its fewest trains would
    route_costs = (0, 4, 6, 6, 6, 7, 7)

    def __init__(self, seed: int = 0, published: bool | None = None):
        super().__init__(seed, published)
        self.trains_paths = BoardPaths(self.plan_costs)

    def plan_costs(self, state, player: int) -> dict[int, int]:
        """Route index -> its cost in the plan's searches (`route_costs`; 0 for the seat's own)."""
        table = self.route_costs
        last = len(table) - 1
        return {ri: table[min(c, last)] if c else 0 for ri, c in usable(state, player).items()}

    # -- time
    def turns_left(self, seen) -> float:
        """About how many turns the seat has before the game ends: the others' trains (the
        fewest) over the trains a player lays a turn, the final round included."""
        others = [t for p, t in enumerate(seen.trains) if p != seen.player]
        fewest = min(others) if others else seen.trains[seen.player]
        final = seen.rules.final_round_trains
        return max(0.0, (fewest - final) / self.trains_a_turn) + 1

    def turns_needed(self, seen, todo, need) -> float:
        """Turns to finish a plan: one a claim, half a turn per card the hand lacks."""
        return len(todo) + max(0, need - sum(seen.hand)) / 2

    # -- tickets
    def price(self, seen, kept, unfinished, places, held_value) -> float:
        todo, need, route_points = self.plan(seen, unfinished + kept, places)
        trains = seen.trains[seen.player]
        value = held_value + sum(t.value for t in kept)
        reachable = all(self.trains_paths.ticket(seen, t, seen.player) is not None for t in unfinished + kept)
        in_time = (reachable and need <= trains - self.margin
                   and self.turns_needed(seen, todo, need) <= self.time_share * self.turns_left(seen))
        if not in_time:
            return -value + route_points - 2 * max(0, need - trains)
        return value + route_points + self.spare_train_points * (trains - need)

    def keep(self, seen, choice):
        tickets = seen.board.tickets
        unfinished = tuple(self.unfinished(seen))
        held = sum(t.value for t in unfinished)
        offered = tuple(tickets[t] for t in choice.offer)
        places = self.places(unfinished + offered)
        best = None
        for keep in _keep_options(choice):
            kept = tuple(offered[i] for i in keep)
            # (a ticket the network already completes is points for nothing)
            price = self.price(seen, tuple(t for t in kept if not self.completed(seen, t)),
                               unfinished, places, held) + sum(t.value for t in kept if self.completed(seen, t))
            if best is None or price > best[0]:
                best = (price, keep)
        return KeepTickets(best[1])

    def wants_tickets(self, seen, need) -> bool:
        trains = seen.trains[seen.player]
        return (need == 0 and trains - self.margin >= self.ticket_trains
                and self.turns_left(seen) >= self.ticket_turns
                and seen.ticket_deck_size > 0)

    # -- routes
    def detour(self, seen, ri: int) -> int:
        """Trains more than route `ri`'s own that the seat would lay between its two places if
        `ri` (and its parallel tracks) went to another player (50 when nothing else joins them)."""
        costs = dict(usable(seen, seen.player))
        for r in (ri, *seen.game.parallel[ri]):
            costs.pop(r, None)
        route = seen.board.routes[ri]
        other = cheapest_path(seen.board, costs, route.a, (route.b,))
        return 50 if other is None else other.cost - route.length

    def wanted_colours(self, seen, todo) -> list[int]:
        """Card kinds the plan's routes lack, most lacking first (a grey route asks for the colour
        the hand holds most beyond the coloured routes' needs)."""
        board = seen.board
        hand = seen.hand
        need = [0] * (NUM_COLOURS + 1)
        grey = []
        for r in todo:
            route = board.routes[r]
            if route.colour == GREY_NAME:
                grey.append(route.length)
            else:
                need[CARD_INDEX[route.colour]] += route.length
            need[LOCO] += route.ferry_locomotives
        spare = [hand[c] - need[c] for c in range(NUM_COLOURS)]
        for length in sorted(grey, reverse=True):
            c = max(range(NUM_COLOURS), key=lambda c: (spare[c], -c))
            need[c] += length
            spare[c] -= length
        lack = {k: need[k] - hand[k] for k in range(NUM_COLOURS + 1) if need[k] > hand[k]}
        return sorted(lack, key=lambda k: (-lack[k], k))

    def best_claim(self, seen, legal, routes):
        """The claim of the route of most points among `routes` it can claim now (None if none)."""
        claimable = set(legal.claimable_routes())
        points = seen.game.route_points
        parallel = seen.game.parallel
        can = [r for r in routes if r in claimable or any(q in claimable for q in parallel[r])]
        if not can:
            return None
        return self.claim(seen, legal, max(can, key=lambda r: (points[r], -r)))

    def turn(self, seen, legal):
        unfinished = tuple(self.unfinished(seen))
        todo, need, _ = self.plan(seen, unfinished, self.places(unfinished))
        board = seen.board
        trains = seen.trains[seen.player]
        todo = tuple(r for r in todo if board.routes[r].length <= trains)
        ending = self.turns_left(seen) <= self.ending_turns
        if seen.phase == "turn":
            claimable = set(legal.claimable_routes())
            parallel = seen.game.parallel
            mine = [r for r in todo if r in claimable or any(q in claimable for q in parallel[r])]
            if mine:
                r = max(mine, key=lambda r: (self.detour(seen, r) if self.bottleneck_first else 0,
                                             board.routes[r].length, -r))
                return self.claim(seen, legal, r, avoid=self.wanted_colours(seen, todo))
            if not todo and self.wants_tickets(seen, need) and _TICKETS in legal:
                return _TICKETS
            if ending or not todo:
                free = [r for r in claimable if seen.owners[r] < 0]
                if not ending:
                    free = [r for r in free if board.routes[r].length >= min(3, trains)]
                claim = self.best_claim(seen, legal, free)
                if claim is not None:
                    return claim
        if todo:
            wanted = self.wanted_colours(seen, todo)
        else:
            target = self.filler(seen)
            wanted = [] if target is None else [self.colour_wanted(seen, target)]
        for k in wanted:
            if k == LOCO:
                continue
            a = DrawFaceUp(CARD_NAMES[k])
            if a in legal:
                return a
        if self.loco_face_up and todo and wanted and _LOCO_DRAW in legal:       # (none of the colours it lacks is shown)
            return _LOCO_DRAW
        return self.draw(legal, ())

    def filler(self, seen):
        """With no plan: the free route of most points its trains can fill (None if none)."""
        board = seen.board
        owners, trains = seen.owners, seen.trains[seen.player]
        points = seen.game.route_points
        free = [r for r in usable(seen, seen.player) if owners[r] < 0 and board.routes[r].length <= trains]
        if not free:
            return None
        return max(free, key=lambda r: (points[r], -r))
