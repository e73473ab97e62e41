"""A hint for the seat to move: what the planner would do now, and why, in a sentence or two.

    >>> import ttr_nb
    >>> s = ttr_nb.load_game("usa", seed=0).new_state()
    >>> h = hint(s)
    >>> h.action in s.legal_actions()
    True

`hint(state)` asks the `Planner` for its choice from the observation of the seat to move
(`ttr_nb.engine.seat`): the other hands and tickets and the deck's order play no part, so a
hint never tells what the seat may not know. The reasons come from the board and the seat's
own tickets and cards, as the planner weighs them:

* a claim: the tickets whose shortest lines the route lies on (or the line the planner's plan
  builds between the tickets' cities), whether it is the only free route into one of their
  cities, what another player taking it would cost (a bottleneck), the end coming near, or,
  with the tickets done, the points it scores; a longest continuous path it makes the longest;
* a card: the colour the plan's routes still lack (and for which routes), or why the deck;
* tickets: drawing more while the trains and turns allow; which of an offer to keep, and the
  trains and turns their lines need;
* a tunnel's extra cards, a pass.

A `Hint` holds the action, its text (in the language chosen), the routes and cities to draw on
the board, and the ids of the reasons given (`Hint.reasons`), for tests and teachers.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import (AbandonTunnel, Action, BuildStation, Claim, DrawBlind, DrawFaceUp, DrawTickets,
                              KeepTickets, Pass, PayTunnel)
from ..engine.cards import CARD_INDEX, GREY_NAME, LOCO, card_index, card_word, cards_of_colour, counted_cards
from ..engine.i18n import translations
from ..engine.longest import longest_path_of_routes
from ..engine.narration import and_list, cards_text, mid, or_list, points_text, route_name, ticket_name, trains_text
from ..engine.places import place_name
from ..engine.seat import Observation, observe
from .paths import cheapest_path
from .planner import Planner
from .styles import usable

__all__ = ["Hint", "hint"]

_, ngettext = translations("engine")

#: trains more than its own a route's loss must cost to be called a bottleneck in a hint
BOTTLENECK_TRAINS = 2


@dataclass(frozen=True)
class Hint:
    """What the planner would do for `player` now (`action`, one of the legal actions) and why
    (`text`: one or two sentences); `routes` and `cities` are what the hint draws on the board;
    `reasons` names the reasons given ("tickets", "plan", "only-way", "bottleneck", "ending",
    "points", "longest", "colour", "deck", "draw-tickets", "keep", "leave", "tunnel", "pass", "fallback")."""
    player: int
    action: Action
    text: str
    routes: tuple[int, ...] = ()
    cities: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()


def hint(state, player: int | None = None, planner: Planner | None = None) -> Hint:
    """The planner's choice for the seat to move in `state` (a State, or that seat's
    `Observation`), explained. `player`, if given, must be the seat to move; `planner` is one
    to ask (it keeps what it worked out for the next hint), else a new one."""
    seen = state if isinstance(state, Observation) else None
    if seen is None:
        if state.is_over():
            raise ValueError(_("The game is over: there is nothing to hint."))
        seen = observe(state, state.current_player)
    if player is not None and player != seen.player:
        raise ValueError(_("Only the seat to move gets a hint: player {n} is to move, not player {k}.").format(
            n=seen.player + 1, k=player + 1))
    planner = Planner() if planner is None else planner
    action = planner.act(seen)
    return _Explainer(seen, planner).explain(action)


class _Explainer:
    """The reasons for one action of the planner, from the seat's observation."""

    def __init__(self, seen: Observation, planner: Planner):
        self.seen = seen
        self.planner = planner
        self.game = seen.game
        self.board = seen.board
        self.unfinished = tuple(planner.unfinished(seen))
        todo, self.need, _points = planner.plan(seen, self.unfinished, planner.places(self.unfinished))
        trains = seen.trains[seen.player]
        self.todo = tuple(r for r in todo if self.board.routes[r].length <= trains)

    def made(self, action, text: str, routes=(), cities=(), reasons=()) -> Hint:
        return Hint(self.seen.player, action, text, tuple(dict.fromkeys(routes)), tuple(dict.fromkeys(cities)),
                    tuple(reasons))

    def explain(self, action) -> Hint:
        if isinstance(action, Claim):
            return self.claim(action)
        if isinstance(action, DrawFaceUp):
            return self.face_up(action)
        if isinstance(action, DrawBlind):
            return self.blind(action)
        if isinstance(action, DrawTickets):
            return self.tickets(action)
        if isinstance(action, KeepTickets):
            return self.keep(action)
        if isinstance(action, PayTunnel):
            route = self.seen.tunnel_choice().route
            text = _("Pay {cards} more: the tunnel {route} is then yours and scores {points}.").format(
                cards=cards_text(action.extra), route=mid(route_name(self.game, route)),
                points=points_text(self.game.route_points[route]))
            return self.made(action, text, routes=(route,), reasons=("tunnel",))
        if isinstance(action, AbandonTunnel):
            choice = self.seen.tunnel_choice()
            text = ngettext("Abandon the tunnel {route}: you cannot pay the {n} more card it asks for; your cards go "
                            "back to your hand.",
                            "Abandon the tunnel {route}: you cannot pay the {n} more cards it asks for; your cards "
                            "go back to your hand.", choice.extra).format(
                route=route_name(self.game, choice.route), n=choice.extra)
            return self.made(action, text, routes=(choice.route,), reasons=("tunnel",))
        if isinstance(action, BuildStation):
            text = _("Build a station in {city}.").format(city=place_name(self.board, action.city))
            return self.made(action, text, cities=(action.city,), reasons=("fallback",))
        if isinstance(action, Pass):
            return self.made(action, _("Pass: nothing else is possible."), reasons=("pass",))
        raise ValueError(f"no hint for {action}")       # pragma: no cover - every action is listed above

    # -- facts
    def tracks(self, ri: int) -> set[int]:
        return {ri, *self.game.parallel[ri]}

    def tickets_through(self, ri: int) -> list:
        """The unfinished tickets whose line of fewest trains goes along route `ri` (or a track
        beside it). The planner's own lines go by fewer, longer routes (`Planner.route_costs`);
        a route on those only is given as part of the plan (`claim`)."""
        seen, p = self.seen, self.seen.player
        tracks = self.tracks(ri)
        costs = usable(seen, p)
        out = []
        for t in self.unfinished:
            path = cheapest_path(self.board, costs, t.source, t.targets, t.points)
            if path is not None and not tracks.isdisjoint(path.routes):
                out.append(t)
        return out

    def only_way_into(self, ri: int, places) -> str | None:
        """An end of route `ri` among `places` that no other free route for the seat reaches."""
        seen = self.seen
        mine = usable(seen, seen.player)
        tracks = self.tracks(ri)
        route = self.board.routes[ri]
        for city in (route.a, route.b):
            if city not in places or city in self.planner.own_places(seen):
                continue
            others = [q for q in self.board.routes_at(city) if q.index not in tracks and q.index in mine]
            if not others:
                return city
        return None

    def ticket_names(self, tickets) -> str:
        return and_list(ticket_name(t.key) for t in tickets)

    # -- claims
    def claim(self, action: Claim) -> Hint:
        seen, game = self.seen, self.game
        ri = game.route_index(action.route)
        route = self.board.routes[ri]
        name = route_name(game, ri)
        head = _("Claim {route} with {cards}").format(route=mid(name), cards=cards_text(action.payment))
        through = self.tickets_through(ri)
        in_plan = not self.tracks(ri).isdisjoint(self.todo)
        ending = self.planner.turns_left(seen) <= self.planner.ending_turns
        points = points_text(game.route_points[ri])
        cities = [route.a, route.b]
        reasons = []
        if through:
            reasons.append("tickets")
            why = ngettext("it lies on the shortest line of your ticket {tickets}",
                           "it lies on the shortest lines of your tickets {tickets}", len(through)).format(
                tickets=self.ticket_names(through))
        elif in_plan:
            reasons.append("plan")
            why = _("it is part of the line that joins the cities of your tickets {tickets}").format(
                tickets=self.ticket_names(self.unfinished))
        elif ending:
            reasons.append("ending")
            left = max(1, round(self.planner.turns_left(seen)))
            why = ngettext("the game ends soon (about {n} turn left), so claim the route of most points you can pay "
                           "now: it scores {points}",
                           "the game ends soon (about {n} turns left), so claim the route of most points you can "
                           "pay now: it scores {points}", left).format(n=left, points=points)
        elif not self.unfinished:
            reasons.append("points")
            why = _("your tickets are done, and it is the free route of most points you can pay: it scores "
                    "{points}").format(points=points)
        else:
            reasons.append("fallback")
            why = _("it is the longest route you can claim now, and it scores {points}").format(points=points)
        text = _("{action}: {why}.").format(action=head, why=why)
        if through or in_plan:
            places = self.planner.places(self.unfinished)
            city = self.only_way_into(ri, places)
            detour = self.planner.detour(seen, ri)
            if city is not None:
                reasons.append("only-way")
                text += " " + _("It is the only free route into {city}.").format(city=place_name(self.board, city))
            elif detour >= 50:
                reasons.append("bottleneck")
                text += " " + _("If another player took it, nothing else would join {a} and {b} for you.").format(
                    a=place_name(self.board, route.a), b=place_name(self.board, route.b))
            elif detour >= BOTTLENECK_TRAINS:
                reasons.append("bottleneck")
                text += " " + ngettext("If another player took it, your way round would need {n} train more.",
                                       "If another player took it, your way round would need {n} trains more.",
                                       detour).format(n=detour)
            elif ending:
                reasons.append("ending")
                text += " " + _("The game ends soon: claim what you can pay now.")
        if len(reasons) == 1:
            longest = self.longest_after(ri)
            if longest is not None:
                reasons.append("longest")
                text += " " + ngettext("It makes your longest continuous path {n} train long, longer than anyone "
                                       "else's: that earns {points} at the end.",
                                       "It makes your longest continuous path {n} trains long, longer than anyone "
                                       "else's: that earns {points} at the end.", longest).format(
                    n=longest, points=points_text(seen.rules.longest_path_bonus))
        return self.made(action, text, routes=(ri,), cities=cities, reasons=reasons)

    def longest_after(self, ri: int) -> int | None:
        """The length of the seat's longest continuous path with route `ri` claimed, if the claim
        makes it longer and longer than every other player's (in an edition with that bonus)."""
        seen = self.seen
        if not seen.rules.longest_path_bonus:
            return None
        edges = seen.game.tables.route_edges

        def longest(routes) -> int:
            return longest_path_of_routes([edges[r] for r in routes]).length if routes else 0
        mine = seen.routes_of(seen.player)
        after = longest((*mine, ri))
        if after <= longest(mine):
            return None
        others = [longest(seen.routes_of(p)) for p in range(seen.game.players) if p != seen.player]
        return after if after > max(others, default=0) else None

    # -- cards
    def lacking(self, k: int) -> tuple[int, list[int]]:
        """(how many cards of kind `k` the plan's coloured routes need beyond the hand, those routes)."""
        routes = [r for r in self.todo if self.board.routes[r].colour != GREY_NAME
                  and CARD_INDEX[self.board.routes[r].colour] == k]
        need = sum(self.board.routes[r].length for r in routes) - self.seen.hand[k]
        return need, routes

    def face_up(self, action: DrawFaceUp) -> Hint:
        k = card_index(action.card)
        card = card_word(k)
        head = _("Take a face-up {card}").format(card=card)
        if k == LOCO:
            text = _("{action}: a locomotive pays for a card of any colour.").format(action=head)
            return self.made(action, text, routes=self.todo, reasons=("colour",))
        if self.todo:
            need, routes = self.lacking(k)
            if need > 0:
                why = _("your plan still lacks {cards} for {routes}").format(
                    cards=counted_cards(k, need), routes=and_list(route_name(self.game, r) for r in routes))
                text = _("{action}: {why}.").format(action=head, why=why)
                return self.made(action, text, routes=routes, reasons=("colour",))
            grey = [r for r in self.todo if self.board.routes[r].colour == GREY_NAME]
            hand = self.seen.hand
            names = and_list(route_name(self.game, r) for r in grey)
            if hand[k] and hand[k] == max(hand[:LOCO]):
                text = ngettext("{action}: your plan's grey route ({routes}) takes cards of any one colour, and you "
                                "hold most {cards}.",
                                "{action}: your plan's grey routes ({routes}) take cards of any one colour, and you "
                                "hold most {cards}.", len(grey))
            else:
                text = ngettext("{action}: your plan's grey route ({routes}) takes cards of any one colour, so any "
                                "colour shown helps.",
                                "{action}: your plan's grey routes ({routes}) take cards of any one colour, so any "
                                "colour shown helps.", len(grey))
            text = text.format(action=head, routes=names, cards=cards_of_colour(k))
            return self.made(action, text, routes=grey, reasons=("colour",))
        target = self.planner.filler(self.seen)
        if target is not None:
            text = _("{action}: your tickets are done, and you collect {cards} for {route}, the free route of most "
                     "points ({points}).").format(action=head, cards=cards_of_colour(k),
                                                  route=route_name(self.game, target),
                                                  points=points_text(self.game.route_points[target]))
            return self.made(action, text, routes=(target,), reasons=("colour",))
        text = _("{action}: it is the card most useful to you now.").format(action=head)
        return self.made(action, text, reasons=("fallback",))

    def blind(self, action: DrawBlind) -> Hint:
        seen = self.seen
        head = _("Draw a card from the deck")
        if self.todo:
            wanted = [k for k in self.planner.wanted_colours(seen, self.todo)]
            if wanted:
                why = _("none of the face-up cards is one your plan needs ({cards})").format(
                    cards=or_list(cards_of_colour(k) for k in wanted))
            else:
                why = _("your plan's routes wait for your next turn, and a card from the deck may be any colour")
            text = _("{action}: {why}.").format(action=head, why=why)
            return self.made(action, text, routes=self.todo, reasons=("deck",))
        target = self.planner.filler(seen)
        if target is not None:
            k = self.planner.colour_wanted(seen, target)
            text = _("{action}: your tickets are done; you collect {cards} for {route}, and none is face up.").format(
                action=head, cards=cards_of_colour(k), route=route_name(self.game, target))
            return self.made(action, text, routes=(target,), reasons=("deck",))
        text = _("{action}: no face-up card is one you need now.").format(action=head)
        return self.made(action, text, reasons=("deck",))

    # -- tickets
    def tickets(self, action: DrawTickets) -> Hint:
        seen = self.seen
        trains = seen.trains[seen.player]
        left = max(1, round(self.planner.turns_left(seen)))
        text = ngettext("Draw new tickets: your tickets are done, and with {trains} and about {n} turn left there is "
                        "time to finish more.",
                        "Draw new tickets: your tickets are done, and with {trains} and about {n} turns left there is "
                        "time to finish more.", left).format(trains=trains_text(trains), n=left)
        return self.made(action, text, routes=seen.routes_of(seen.player), reasons=("draw-tickets",))

    def keep(self, action: KeepTickets) -> Hint:
        seen, planner = self.seen, self.planner
        tickets = self.board.tickets
        offer = seen.ticket_choice().offer
        kept = [tickets[offer[i]] for i in action.keep]
        left_out = [tickets[t] for i, t in enumerate(offer) if i not in action.keep]
        places = planner.places(self.unfinished + tuple(tickets[t] for t in offer))
        todo, need, _points = planner.plan(seen, self.unfinished + tuple(kept), places)
        trains = seen.trains[seen.player]
        value = sum(t.value for t in kept)
        line = ngettext("Keep {tickets} ({points}): its line needs {need} of your {trains} trains.",
                        "Keep {tickets} ({points}): their lines need {need} of your {trains} trains.",
                        len(kept)).format(tickets=self.ticket_names(kept), points=points_text(value), need=need,
                                          trains=trains)
        if self.unfinished:
            line = ngettext("Keep {tickets} ({points}): with your other tickets, the lines need {need} of your "
                            "{trains} trains.",
                            "Keep {tickets} ({points}): with your other tickets, the lines need {need} of your "
                            "{trains} trains.", len(kept)).format(
                tickets=self.ticket_names(kept), points=points_text(value), need=need, trains=trains)
        reasons = ["keep"]
        if left_out:
            reasons.append("leave")
            everything = self.unfinished + tuple(kept) + tuple(left_out)
            todo_all, need_all, _p = planner.plan(seen, everything, places)
            turns = planner.turns_needed(seen, todo_all, need_all)
            left = planner.turns_left(seen)
            reachable = all(planner.trains_paths.ticket(seen, t, seen.player) is not None for t in everything)
            extra = need_all - need
            names = self.ticket_names(left_out)
            if (reachable and need_all <= trains - planner.margin and turns <= planner.time_share * left
                    and extra > 0):
                line += " " + ngettext("{tickets} would add {points} for {n} more train; spent on long routes, "
                                       "those trains score more.",
                                       "{tickets} would add {points} for {n} more trains; spent on long routes, "
                                       "those trains score more.", extra).format(
                    tickets=names, points=points_text(sum(t.value for t in left_out)), n=extra)
            elif not reachable:
                line += " " + ngettext("{tickets} can no longer be finished: an unfinished ticket costs its points.",
                                       "{tickets} can no longer all be finished: an unfinished ticket costs its "
                                       "points.", len(left_out)).format(tickets=names)
            elif need_all > trains - planner.margin:
                line += " " + _("Keeping {tickets} too would need {need} trains, and you have {trains}: an unfinished "
                                "ticket costs its points.").format(tickets=names, need=need_all, trains=trains)
            else:
                line += " " + _("Keeping {tickets} too would need about {turns} of the about {left} turns left, too "
                                "close to the end: an unfinished ticket costs its points.").format(
                    tickets=names, turns=max(1, round(turns)), left=max(1, round(left)))
        cities = [c for t in kept for c in t.ends if c in self.board.city]
        return self.made(action, line, routes=todo, cities=cities, reasons=reasons)
