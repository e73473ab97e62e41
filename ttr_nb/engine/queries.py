"""Questions about a position that a player asks before choosing an action.

`State.why_illegal(action)` judges one complete action. A player (or a widget showing
the choices) often asks something wider first, and these functions answer it from the
rules, so that no caller has to invent a payment to ask, or restate a rule:

    find_route(game, route)        the route's index, or why `route` names none (never raises)
    claim_refusal(state, route)    why the player to move cannot claim a route, whatever
                                   they pay (None: some payment from their hand would do)
    claim_payments(state, route)   the payments their hand can make, fewest locomotives first
    payment_refusal(state, route)  why their hand cannot pay, named by the payment rule it
                                   runs into (for a lesson on payments)
    station_refusal(state, city)   why they cannot build a station there, whatever they pay
    station_cost(state)            how many cards their next station costs
    station_payments(state)        the payments for their next station
    ticket_choice(state)           the tickets offered now and how many must be kept
    keep_minimum(rules, n, opening)  the keep-minimum rule, in one place
    tunnel_choice(state)           the pending tunnel: the cards laid down, the cards
                                   revealed, the extra cards asked for and the ways to pay
    tunnel_refusal(state)          why the extra cards cannot be paid (None: they can)
    tunnel_extra_kinds(colour, all_locomotives)  the kinds of card that may pay them

Each answer is a `Reason` (rule id and one sentence) or plain data. The State methods
`why_not_claim`, `why_no_station`, `ticket_choice`, `tunnel_choice` and `why_no_tunnel_payment`
delegate here.
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import BuildStation, Claim, PayTunnel
from .cards import GREY, LOCO, NUM_KINDS, Cards, counted_cards, counted_short
from .errors import Reason
from .i18n import translations
from .narration import cards_text, mid, or_list, route_name
from .payments import describe_price, tunnel_extra_options

_, ngettext = translations("engine")

__all__ = ["find_route", "TicketChoice", "TunnelChoice", "claim_refusal", "claim_payments", "station_refusal",
           "station_cost", "station_payments", "ticket_choice", "keep_minimum", "tunnel_choice", "tunnel_refusal", "tunnel_extra_kinds",
           "fewest_locomotives_first", "nearest_payment", "substitution_shortfall", "payment_refusal"]


def fewest_locomotives_first(payments) -> tuple[Cards, ...]:
    """Payments in the order a player usually prefers: fewest locomotives, then the most
    cards of one colour (ties keep the engine's order)."""
    return tuple(sorted((Cards(p) for p in payments), key=lambda c: (c[LOCO], -max(c[:LOCO]))))


def find_route(game, route) -> tuple[int | None, Reason | None]:
    """(the index of `route`, None), or (None, the reason it names no route): never raises,
    whatever `route` is (a key in either order, an index, a `Route`, or anything else)."""
    not_a_route = Reason("unknown-route", _("No route is called {value}: give its label, such as Denver-Omaha, or "
                                            "its index.").format(value=repr(route)))
    if isinstance(route, bool):
        return None, not_a_route
    try:
        ri = game.route_index(route)
    except KeyError as e:
        return None, Reason("unknown-route", _sentence(str(e.args[0])))
    except (TypeError, ValueError, AttributeError, IndexError, OverflowError):
        return None, not_a_route
    if not isinstance(ri, int) or isinstance(ri, bool) or not 0 <= ri < len(game.board.routes):
        return None, not_a_route
    if not isinstance(route, (int, str)) and game.board.routes[ri] != route:
        return None, not_a_route        # a Route of another board
    return ri, None


def _sentence(text: str) -> str:
    """`text` as a sentence: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _cannot_pay(state, ri: int) -> Reason:
    """The hand of the player to move cannot pay for route `ri`: what it costs, what it holds."""
    g = state.game
    return Reason("not-in-hand", _("Your hand ({hand}) cannot pay for {route}: it costs {price}.").format(
        hand=cards_text(state.hands[state.player]), route=route_name(g, ri), price=describe_price(g.prices[ri])))


# --------------------------------------------------------------------------- claims


def claim_payments(state, route) -> tuple[Cards, ...]:
    """The payments the player to move can make for `route` with their hand (the canonical
    list `legal_actions` uses), fewest locomotives first; () for a route that is not one."""
    ri, bad = find_route(state.game, route)
    if bad is not None:
        return ()
    return fewest_locomotives_first(state.game.payment_options(ri, state.hands[state.player], complete=False))


def claim_refusal(state, route) -> Reason | None:
    """Why the player to move cannot claim `route` now, whatever they pay; None if some
    payment from their hand would be accepted.

    The reasons are the engine's own (wrong phase, unknown route, taken, closed or blocked
    double route, too few trains); when only the hand stands in the way, the sentence says
    what the route costs and what the hand holds (never a payment nobody offered)."""
    ri, bad = find_route(state.game, route)
    if bad is not None:
        return bad
    g = state.game
    key = g.board.routes[ri].key
    options = claim_payments(state, ri)
    if options:
        return state.why_illegal(Claim(key, options[0]))
    # a payment the price accepts, to ask the route's questions (phase, owner, trains):
    # with it the only payment question left is whether the hand holds it
    price = g.prices[ri]
    whole = (price.length * max(1, price.ferry_sub, price.colour_sub),) * NUM_KINDS
    reason = state.why_illegal(Claim(key, price.options(whole)[0]))
    if reason is None or reason.rule == "not-in-hand":
        return _cannot_pay(state, ri)
    return reason


def nearest_payment(price, hand) -> Cards:
    """The payment a price asks for, made as far as possible from `hand`: the route's colour
    (grey: the colour held most), locomotives where the route needs or allows them, then the
    missing cards in the colour. Judging it names the payment rule the hand runs into."""
    L, f = price.length, price.ferry_locomotives
    c = max(range(LOCO), key=lambda k: (hand[k], -k)) if price.colour == GREY else price.colour
    loco_left = hand[LOCO]
    # a ferry's locomotives: those held; where any cards may replace them (Nordic) the
    # printed locomotives, so the rule names what the hand lacks
    ferry_locos = f if price.ferry_sub else min(f, loco_left)
    loco_left = max(0, loco_left - ferry_locos)
    need_col = L - f
    use_c = min(hand[c], need_col)
    # locomotives held fill the gap (where they are not wild the rule says so)
    fill = min(loco_left, need_col - use_c) if not price.colour_sub else 0
    p = [0] * NUM_KINDS
    p[c] = L - ferry_locos - fill
    p[LOCO] = ferry_locos + fill
    return Cards(p)


def substitution_shortfall(price, hand) -> str:
    """For a route where any cards may replace some (Nordic ferries, Murmansk-Lieksa): how
    many cards its cheapest reading asks for and how many the hand has ("" otherwise)."""
    if price.colour_sub:
        best = None
        for c in price.colours():
            have = min(hand[c], price.length)
            need = have + (price.length - have) * price.colour_sub
            if best is None or need < best[0]:
                best = (need, c, have)
        need, c, have = best
        return ngettext("With {cards}, the other {n} space takes {k} cards: {need} cards in all; the hand has "
                        "{held}.",
                        "With {cards}, the other {n} spaces take {k} cards each: {need} cards in all; the hand has "
                        "{held}.", price.length - have).format(cards=counted_cards(c, have), n=price.length - have,
                                                               k=price.colour_sub, need=need, held=sum(hand))
    if price.ferry_sub and hand[LOCO] < price.ferry_locomotives:
        f, k = price.ferry_locomotives, price.ferry_sub
        missing = f - hand[LOCO]
        near = nearest_payment(price, hand)
        colour = next((i for i in range(LOCO) if near[i]), None)
        n = price.length - f
        parts = [counted_short(colour, n) if colour is not None else
                 ngettext("{n} coloured", "{n} coloured", n).format(n=n)]
        if hand[LOCO]:
            parts.append(counted_cards(LOCO, hand[LOCO]))
        parts.append(ngettext("{n} more card of any colour", "{n} more cards of any colour", k * missing).format(
            n=k * missing))
        need = price.length - f + hand[LOCO] + k * missing
        return _("Any {k} cards may replace a missing locomotive: {parts} = {need} cards; the hand has {held}.").format(
            k=k, parts=" + ".join(parts), need=need, held=sum(hand))
    return ""


def payment_refusal(state, route) -> Reason | None:
    """Why the hand of the player to move cannot pay for `route`, named by the payment rule
    it runs into (locomotives not allowed, a ferry's locomotives, one colour ...); None if
    the hand can pay. Only the cards are judged; `substitution_shortfall` adds what a
    route with substitutions still lacks."""
    ri, bad = find_route(state.game, route)
    if bad is not None:
        return bad
    if claim_payments(state, ri):
        return None
    g = state.game
    price, hand = g.prices[ri], state.hands[state.player]
    reason = state.why_illegal(Claim(g.board.routes[ri].key, nearest_payment(price, hand)))
    if reason is None or reason.rule in ("not-in-hand", "wrong-phase", "route-taken", "double-routes",
                                         "not-enough-trains"):
        return _cannot_pay(state, ri)    # what it costs and what the hand holds, not a payment nobody made
    return reason


# --------------------------------------------------------------------------- stations


def station_cost(state) -> int | None:
    """How many cards (of one colour; locomotives are wild) the next station of the player
    to move costs: one more than the stations they have built; None when they have no
    station left to build (or the edition has none)."""
    g = state.game
    built = len(state.stations_of(state.player))
    return built + 1 if built < g.rules.stations else None


def station_payments(state) -> tuple[Cards, ...]:
    """The payments for the next station of the player to move, fewest locomotives first
    (() in an edition without stations or when all are built)."""
    cost = station_cost(state)
    if cost is None:
        return ()
    return fewest_locomotives_first(state.game.station_payments(state.hands[state.player], cost))


def station_refusal(state, city) -> Reason | None:
    """Why the player to move cannot build a station in `city` now, whatever they pay; None
    if some payment from their hand would be accepted."""
    g = state.game
    if not isinstance(city, str):
        return Reason("unknown-city", _("No city is called {value}: give its name, such as Berlin.").format(
            value=repr(city)))
    options = station_payments(state)
    if options:
        return state.why_illegal(BuildStation(city, options[0]))
    need = len(state.stations_of(state.player)) + 1
    reason = state.why_illegal(BuildStation(city, Cards.of(loco=need)))
    if reason is None or reason.rule == "not-in-hand":
        return Reason("not-in-hand", ngettext(
            "Your hand ({hand}) cannot pay for your station number {k}: it costs {n} card of one colour "
            "(locomotives are wild).",
            "Your hand ({hand}) cannot pay for your station number {k}: it costs {n} cards of one colour "
            "(locomotives are wild).", need).format(hand=cards_text(state.hands[state.player]), k=need, n=need))
    return reason


# --------------------------------------------------------------------------- tickets


def keep_minimum(rules, offered: int, opening: bool) -> int:
    """How many of `offered` tickets must be kept: the edition's minimum for the opening
    deal or for a draw, and never more than were offered."""
    return rules.tickets.keep_minimum(offered, opening)


@dataclass(frozen=True)
class TicketChoice:
    """The tickets a player must choose from now."""
    player: int
    offer: tuple[int, ...]     # the tickets offered (indices into the board's tickets), by position
    minimum: int               # how many must be kept at least
    opening: bool              # the opening deal (else tickets drawn during the game)

    def __len__(self) -> int:
        return len(self.offer)


def ticket_choice(state) -> TicketChoice | None:
    """The tickets the player to move must choose from, or None outside a ticket choice."""
    if state.phase not in ("opening", "tickets"):
        return None
    opening = state.phase == "opening"
    offer = tuple(state.opening_offers[state.player] if opening else state.offer)
    return TicketChoice(state.player, offer, keep_minimum(state.game.rules, len(offer), opening), opening)


# --------------------------------------------------------------------------- tunnels


@dataclass(frozen=True)
class TunnelChoice:
    """A tunnel waiting for its extra cards."""
    player: int
    route: int                      # the route's index
    paid: Cards                     # the cards laid down with the claim
    colour: int                     # the colour the claim was paid in (GREY: locomotives only)
    revealed: tuple[int, ...]       # the cards turned over from the deck
    extra: int                      # how many more cards the tunnel asks for
    options: tuple[Cards, ...]      # the ways the hand can pay them, fewest locomotives first

    @property
    def payable(self) -> bool:
        return bool(self.options)


def _pending(state):
    """(route, paid, colour, revealed, extra) of the pending tunnel: the one place that reads it."""
    p = state.pending
    return p.route, Cards(p.paid), p.colour, tuple(p.revealed), p.extra


def tunnel_choice(state) -> TunnelChoice | None:
    """The pending tunnel of the player to move, or None outside the tunnel phase."""
    if state.phase != "tunnel" or not state.pending:
        return None
    ri, paid, colour, revealed, extra = _pending(state)
    pays = [a.extra for a in state.legal_actions() if isinstance(a, PayTunnel)]
    return TunnelChoice(state.player, ri, paid, colour, revealed, extra,
                        tuple(sorted(pays, key=lambda c: c[LOCO])))


def tunnel_extra_kinds(colour: int, all_locomotives: bool) -> tuple[int, ...]:
    """The kinds of card that may pay a tunnel's extra cards, for a claim paid in `colour`
    (GREY: locomotives only) or with locomotives only: the colour and locomotives, or
    locomotives alone (the kinds `tunnel_extra_options` uses)."""
    kinds = {c for option in tunnel_extra_options(colour, all_locomotives, 1, (1,) * NUM_KINDS)
             for c, n in enumerate(option) if n}
    return tuple(sorted(kinds))


def tunnel_refusal(state) -> Reason | None:
    """Why the player to move cannot pay a tunnel's extra cards now; None if they can."""
    choice = tunnel_choice(state)
    if choice is None:
        return state.why_illegal(PayTunnel(Cards()))
    if choice.options:
        return None
    all_loco = choice.paid[LOCO] == sum(choice.paid)
    forms = tunnel_extra_options(choice.colour, all_loco, choice.extra, (choice.extra,) * NUM_KINDS)
    return Reason("tunnel-extra", ngettext(
        "Your hand ({hand}) cannot pay the {n} extra card the tunnel {route} asks for ({forms}): abandon it.",
        "Your hand ({hand}) cannot pay the {n} extra cards the tunnel {route} asks for ({forms}): abandon it.",
        choice.extra).format(hand=cards_text(state.hands[state.player]), n=choice.extra,
                             route=mid(route_name(state.game, choice.route)),
                             forms=or_list(cards_text(f) for f in forms)))
