"""A game: an edition's rules, its board, the players and the seed.

`Game` is fixed for a whole game and creates every `State`. What can be computed
once (each route's price and points, the double-route twins, the counting of
payments) is in `tables`, shared by every game of the same edition and board.
"""
from __future__ import annotations

from .actions import BuildStation, Claim, DrawFaceUp, PlaceDepot, parse
from .board import Board, Route, load_board
from .cards import CARD_NAMES, GREY, LOCO, Cards, card_index, cards_of_colour, colour_name, colour_plural
from .display import game_html
from .errors import Reason, short_repr
from .i18n import N_, contexts, translations
from .narration import and_list, capital, mid, route_name
from .payments import describe_price
from .rules import Rules, edition_ids, edition_title, load_rules, variant_ids
from .serialize import state_from_dict, state_to_dict
from .state import State
from .ticketdecks import deck_board
from .tables import DRAW_LISTS, SECOND_DRAWS, Tables, tables_for


_, ngettext = translations("engine")
npgettext = contexts("engine")[1]

# Translators: the kinds of route locomotives may pay for: "may only be used on tunnel and ferry routes"
_KINDS = {"ordinary": N_("ordinary"), "tunnel": N_("tunnel"), "ferry": N_("ferry")}
_A_KIND = {"ordinary": N_("an ordinary route"), "tunnel": N_("a tunnel route"), "ferry": N_("a ferry route")}


def editions() -> list[str]:
    """The ids of the editions this package can play."""
    return edition_ids()


def variants(edition: str | None = None) -> list[tuple[str, str]]:
    """The variants this package can play, as (edition, variant) pairs: the ways to play of an
    expansion box on an edition's board (``("usa", "1910")``, ``("europe", "mega")``), for
    ``load_game(edition, variant=...)``; of every edition in teaching order, or of `edition` only."""
    return [(e, v) for e in ([edition] if edition is not None else edition_ids()) for v in variant_ids(e)]


def load_game(edition: str, players: int = 2, seed: int = 0, first_player: int = 0, variant: str | None = None,
              **options) -> "Game":
    """A new game of `edition` for `players` players. `seed` fixes every shuffle.
    `variant` chooses a way to play on the edition's board (`variants`: ``variant="1910"`` for
    the USA 1910 box's 1910 game). Edition options (e.g. ``opening_tickets=4`` for the USA,
    ``display_flush=True`` for Nordic Countries) change the rules where the sources disagree."""
    rules = load_rules(edition, variant, **options)
    return Game(rules, deck_board(load_board(rules.board), rules.ticket_decks), players, seed, first_player)


class Game:
    """A game: an edition's rules, its board, the number of players and the seed; fixed
    for the whole game, it creates every `State`.

    The vocabulary:

    * `new_state()`: the opening position; `state_from_dict(d)`: any position, from data;
    * `rules` (`Rules`: the edition's knobs), `board` (`Board`: cities, routes, tickets),
      `players`, `seed`, `first_player`, `doubles_open` (both routes of a double may be used),
      `usable_tracks` (per route, how many tracks of its double or triple route may be used);
    * `route(r)`, `route_index(r)`: a route by index, key (either order) or `Route`;
    * `parse_action(text)`, `canonical(action)`: actions naming the board's routes and cities;
    * `payment_options(route, hand)`, `station_payments(hand, cost)`: the ways a hand pays;
    * `prices`, `route_points`, `twins`, `parallel`, `route_keys`, `city_names`: per-route facts, from
      `tables` (a `tables.Tables`, computed once per edition and board).

    Make one with `ttr_nb.load_game(edition, players, seed)`.
    """

    def __init__(self, rules: Rules, board: Board, players: int, seed: int = 0, first_player: int = 0):
        if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
            raise ValueError(_("{edition} is played by {least} to {most} players, not {n}.").format(
                edition=edition_title(rules), least=rules.min_players, most=rules.max_players, n=players))
        if not 0 <= first_player < players:
            raise ValueError(_("first_player must be a player index from 0 to {last}, not {value}.").format(
                last=players - 1, value=first_player))
        self.rules = rules
        self.board = board
        self.players = players
        self.seed = seed
        self.first_player = first_player
        self.doubles_open = players >= rules.double_routes_min_players
        strangers = [c for c in rules.capitals if c not in board.city]
        if strangers:
            raise ValueError(f"{rules.title} counts capitals that are not on the {board.title} board: "
                             f"{', '.join(strangers)}")
        #: the route and signature tables, shared by every game alike (`tables.Tables`)
        self.tables: Tables = tables_for(rules, board)
        #: per route, how many tracks of its group (1 alone, 2 a double, 3 a triple) may be used
        #: with this many players (`Rules.usable_tracks`)
        usable = self.tables.usable.get(players)
        if usable is None:
            usable = self.tables.usable[players] = tuple(rules.usable_tracks(len(p) + 1, players)
                                                         for p in self.tables.parallel)
        self.usable_tracks: tuple[int, ...] = usable
        #: the draws a display allows, by (second card, blind draw, ticket draw) (`tables.DRAW_LISTS`)
        self.draw_lists: dict[tuple, dict] = DRAW_LISTS[rules.face_up_locomotive_costs_two]
        #: the same tables for the first card of a turn, at 2 x (blind draw) + (ticket draw)
        self.turn_draws: tuple[dict, ...] = tuple(self.draw_lists[False, blind, tickets]
                                                  for blind in (False, True) for tickets in (False, True))
        #: the shared legal actions of a draw's second card, by (blind draw) (`tables.SECOND_DRAWS`)
        self.second_draws: dict[bool, dict] = SECOND_DRAWS[rules.face_up_locomotive_costs_two]

    # the per-route facts other layers read (one name each; the tables hold them)
    prices = property(lambda self: self.tables.prices, doc="Each route's `payments.Price`.")
    route_points = property(lambda self: self.tables.route_points, doc="The points each route scores.")
    twins = property(lambda self: self.tables.twins, doc="Each route's other route of its double, or None.")
    parallel = property(lambda self: self.tables.parallel,
                        doc="Each route's other tracks between the same cities (a double or triple route), or ().")
    route_keys = property(lambda self: self.tables.route_keys, doc="Each route's key.")
    city_names = property(lambda self: self.tables.city_names, doc="The cities' names, in board order.")

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.rules.options.items())
        variant = f", variant={self.rules.variant!r}" if self.rules.variant else ""
        return f"load_game({self.rules.id!r}, players={self.players}, seed={self.seed}{variant}{opts})"

    def _repr_html_(self) -> str:      # a notebook shows a summary (see `display`)
        return game_html(self)

    # ------------------------------------------------------------------ lookups
    def route_index(self, route) -> int:
        """The index of a route given as index, key ('Denver-Omaha', either order, any case)
        or `Route` of this board. KeyError (naming close matches) for anything else."""
        if isinstance(route, str):
            names = self.tables.route_names
            i = names.get(route)
            if i is None:
                i = names.put(route, self.board.find_route(route).index)     # KeyError with close matches
            return i
        routes = self.board.routes
        if isinstance(route, int) and not isinstance(route, bool):
            if not 0 <= route < len(routes):
                raise KeyError(_("There is no route number {number} on the {board} board (they are numbered 0 to "
                                 "{last})").format(number=route, board=self.board.display_title, last=len(routes) - 1))
            return route
        if isinstance(route, Route) and 0 <= route.index < len(routes) and routes[route.index] == route:
            return route.index
        raise KeyError(_("A route is named by its key, like {example}, not {value}").format(
            example=repr(routes[0].key), value=short_repr(route)))

    def route(self, route):
        return self.board.routes[self.route_index(route)]

    def parse_action(self, text: str):
        """Read an action, resolving route names (either order, any case) to the board's keys."""
        return self.canonical(parse(text))

    def canonical(self, action):
        """The same action naming its route by the board's key (a route given by index,
        in reversed order or another case), its city by the board's spelling and its card
        by its name ("RED", "purple" -> "red", "pink")."""
        if isinstance(action, Claim) and not (isinstance(action.route, str) and action.route in self.board.route):
            try:
                key = self.route_keys[self.route_index(action.route)]
            except KeyError:
                return action            # why_illegal names the unknown route
            return Claim(key, action.payment)
        if isinstance(action, DrawFaceUp) and isinstance(action.card, str) and action.card not in CARD_NAMES:
            try:
                return DrawFaceUp(CARD_NAMES[card_index(action.card)])
            except ValueError:
                return action            # why_illegal names the unknown card
        if isinstance(action, BuildStation) and isinstance(action.city, str) and action.city not in self.board.city:
            for name in self.city_names:
                if name.casefold() == action.city.casefold():
                    return BuildStation(name, action.payment)
        if isinstance(action, PlaceDepot) and isinstance(action.city, str) and action.city not in self.board.city:
            for name in self.city_names:
                if name.casefold() == action.city.casefold():
                    return PlaceDepot(name)
        return action

    # ------------------------------------------------------------------ payments
    def sig_options(self, sig: int, hand: tuple) -> tuple[Cards, ...]:
        """The payments `legal_actions` lists for a route signature and a hand (`Tables.sig_options`)."""
        return self.tables.sig_options(sig, hand)

    def nth_payment(self, sig: int, hand: tuple, j: int) -> Cards:
        """`self.sig_options(sig, hand)[j]`, computed without listing (`Tables.nth_payment`)."""
        return self.tables.nth_payment(sig, hand, j)

    def payment_options(self, route, hand, complete: bool = True):
        """Every distinct way `hand` can pay for `route`, as a lazy `Payments` sequence
        (``complete=False``: the canonical subset that `legal_actions` lists, a tuple)."""
        ri = self.route_index(route)
        if complete:
            return self.prices[ri].options(tuple(hand), True)
        return self.tables.sig_options(self.tables.route_sig[ri], tuple(hand))     # (cached there)

    def station_payments(self, hand: tuple, cost: int) -> tuple[Cards, ...]:
        """The ways `hand` pays for a station costing `cost` cards of one colour."""
        return self.tables.station_payments(tuple(hand), cost)

    def open_cities(self, stations: tuple) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The cities without a station, and how many stations each player has built,
        given the stations built ((city, player) pairs; cached)."""
        cache = self.tables.open_cities
        key = (self.players, stations)
        found = cache.get(key)
        if found is None:
            taken = {c for c, _ in stations}
            found = cache.put(key, (
                tuple(c for c in self.tables.city_names if c not in taken),
                tuple(sum(1 for _, q in stations if q == p) for p in range(self.players))))
        return found

    def explain_payment(self, ri: int, payment) -> Reason:
        """Why `payment` cannot pay for route `ri` (it is known not to fit)."""
        route = self.board.routes[ri]
        price = self.prices[ri]
        pay = Cards(payment)
        n, loco = sum(pay), pay[LOCO]
        colours = [c for c in range(LOCO) if pay[c]]
        subs = price.ferry_sub or price.colour_sub
        name = route_name(self, ri)
        here, first = mid(name), capital(mid(name))
        if price.ferry_pair:
            return self._explain_pair_payment(ri, price, pay)
        if loco and not price.wild and not price.ferry_locomotives and not price.colour_sub:
            kinds = and_list(_(_KINDS[k]) for k in sorted(self.rules.locomotives_on)) or _("no")
            return Reason("locomotives-not-allowed",
                          _("In {edition} locomotives may only be used on {kinds} routes; {route} is {kind}.").format(
                              edition=edition_title(self.rules), kinds=kinds, route=here, kind=_(_A_KIND[route.kind])))
        if not subs and n != price.length:
            if n < price.length:
                # Translators: fewer cards than the route needs ("you paid with only 1")
                text = npgettext("fewer cards", "{route} has {n} space and needs {n} card; you offered {k} ({cards}).",
                                 "{route} has {n} spaces and needs {n} cards; you offered {k} ({cards}).", price.length)
            else:
                text = ngettext("{route} has {n} space and needs {n} card; you offered {k} ({cards}).",
                                "{route} has {n} spaces and needs {n} cards; you offered {k} ({cards}).", price.length)
            return Reason("payment-count", text.format(route=first, n=price.length, k=n, cards=pay.describe()))
        if price.ferry_locomotives and loco < price.ferry_locomotives and not price.ferry_sub:
            return Reason("ferry-locomotives", ngettext(
                "{route} is a ferry with {n} locomotive symbol: the payment needs at least {n} locomotive; "
                "it has {k}.",
                "{route} is a ferry with {n} locomotive symbols: the payment needs at least {n} locomotives; "
                "it has {k}.",
                price.ferry_locomotives).format(route=first, n=price.ferry_locomotives, k=loco))
        if not subs and len(colours) > 1:
            names = and_list(colour_plural(c) for c in colours)
            return Reason("one-colour", _("A route is paid with cards of one colour: {colours} were mixed for "
                                          "{route}.").format(colours=names, route=name))
        if not subs and price.colour != GREY and colours and colours[0] != price.colour:
            return Reason("route-colour", _("{route} is {colour}: {cards} cannot pay for it.").format(
                route=first, colour=colour_name(price.colour), cards=cards_of_colour(colours[0])))
        if subs:
            k = price.ferry_sub or price.colour_sub
            sizes = sorted({price.length + s1 * (price.ferry_sub - 1) + s2 * (price.colour_sub - 1)
                            for s1 in range(price.ferry_locomotives + 1 if price.ferry_sub else 1)
                            for s2 in range(price.length - price.ferry_locomotives + 1 if price.colour_sub else 1)})
            if n not in sizes:
                if price.ferry_sub:
                    text = _("{route} can be paid with {sizes} or {last} cards (any {k} cards replace one locomotive); "
                             "you offered {n} ({cards}).")
                else:
                    text = _("{route} can be paid with {sizes} or {last} cards (any {k} cards replace one coloured "
                             "card); you offered {n} ({cards}).")
                return Reason("payment-count", text.format(route=first, sizes=", ".join(map(str, sizes[:-1])),
                                                           last=sizes[-1], k=k, n=n, cards=pay.describe()))
            if price.ferry_sub and loco < price.ferry_locomotives:
                f = price.ferry_locomotives
                return Reason("ferry-locomotives", ngettext(
                    "{route} is a ferry with {n} locomotive symbol: pay {n} locomotive, or any {k} cards in place of "
                    "each missing one, besides one colour for the other spaces; {cards} does not split that way.",
                    "{route} is a ferry with {n} locomotive symbols: pay {n} locomotives, or any {k} cards in place of "
                    "each missing one, besides one colour for the other spaces; {cards} does not split that way.",
                    f).format(route=first, n=f, k=k, cards=pay.describe()))
        return Reason("payment", _("{cards} does not pay for {route} ({price}).").format(
            cards=capital(pay.describe()), route=name, price=describe_price(price)))

    def _explain_pair_payment(self, ri: int, price, pay: Cards) -> Reason:
        """Why `pay` does not pay for a ferry whose locomotive symbols pairs may pay (it is
        known not to fit): the number of cards, or how the ferry is paid."""
        L, f, k = price.length, price.ferry_locomotives, price.ferry_pair
        n = sum(pay)
        first = capital(mid(route_name(self, ri)))
        symbols = ngettext("{n} locomotive symbol", "{n} locomotive symbols", f).format(n=f)
        if not L <= n <= L + f:
            return Reason("payment-count", ngettext(
                "{route} has {n} space, {symbols} among them: it is paid with {low} to {high} cards (each pair of one "
                "colour paying for a locomotive symbol adds one card); you offered {k} ({cards}).",
                "{route} has {n} spaces, {symbols} among them: it is paid with {low} to {high} cards (each pair of one "
                "colour paying for a locomotive symbol adds one card); you offered {k} ({cards}).", L).format(
                route=first, n=L, symbols=symbols, low=L, high=L + f, k=n, cards=pay.describe()))
        spaces = L - f
        if not spaces:
            text = _("{route} is a ferry with {symbols}: pay each symbol with a locomotive or {k} cards of one colour, "
                     "exactly; {cards} does not split that way.")
        elif price.colour == GREY:
            text = ngettext("{route} is a ferry with {symbols}: pay each symbol with a locomotive or {k} cards of one "
                            "colour, and the other {n} space with cards of one colour (locomotives wild), exactly; "
                            "{cards} does not split that way.",
                            "{route} is a ferry with {symbols}: pay each symbol with a locomotive or {k} cards of one "
                            "colour, and the other {n} spaces with cards of one colour (locomotives wild), exactly; "
                            "{cards} does not split that way.", spaces)
        else:
            text = ngettext("{route} is a ferry with {symbols}: pay each symbol with a locomotive or {k} cards of one "
                            "colour, and the other {n} space in {colour} (locomotives wild), exactly; {cards} does not "
                            "split that way.",
                            "{route} is a ferry with {symbols}: pay each symbol with a locomotive or {k} cards of one "
                            "colour, and the other {n} spaces in {colour} (locomotives wild), exactly; {cards} does not "
                            "split that way.", spaces)
        colour = colour_name(price.colour) if price.colour != GREY else ""
        return Reason("ferry-pairs", text.format(route=first, symbols=symbols, k=k, n=spaces, colour=colour,
                                                 cards=pay.describe()))

    # ------------------------------------------------------------------ states
    def new_state(self) -> State:
        """The opening position: cards shuffled by the seed, hands and display dealt,
        opening tickets offered to every player (`State.opening`)."""
        return State.opening(self)

    def free_routes(self, owners) -> tuple:
        """Per route signature, the routes nobody owns and no double- or triple-route rule
        closes to everyone (`closed_tracks`)."""
        return self.tables.free_routes(owners, self.closed_tracks(owners))

    def closed_tracks(self, owners) -> set:
        """The free routes closed to everyone: those of a group whose usable tracks are all taken."""
        closed = set()
        usable = self.usable_tracks
        for i, others in enumerate(self.tables.parallel):
            if others and owners[i] < 0 and sum(owners[o] >= 0 for o in others) >= usable[i]:
                closed.add(i)
        return closed

    def blocked_tracks(self, owners) -> list[set]:
        """Per player, the free routes still open to others but closed to them: the other
        tracks of a group where they own one."""
        blocked = [set() for _ in range(self.players)]
        closed = self.closed_tracks(owners)
        for i, others in enumerate(self.tables.parallel):
            if owners[i] >= 0:
                for o in others:
                    if owners[o] < 0 and o not in closed:
                        blocked[owners[i]].add(o)
        return blocked

    def state_from_dict(self, data: dict) -> State:
        """Build a position from its description (the format of `State.to_dict`, documented
        in `ttr_nb.engine.serialize`). Missing parts are filled in: see there."""
        return state_from_dict(self, data)

    def state_to_dict(self, state: State) -> dict:
        """A position of this game as data (`State.to_dict`; the format of `serialize`)."""
        return state_to_dict(state)
