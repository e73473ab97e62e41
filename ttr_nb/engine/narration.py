"""Actions and cards in plain words, for a log a class reads aloud.

    >>> import ttr_nb
    >>> s = ttr_nb.load_game("usa", seed=0).new_state()
    >>> s.describe(s.legal_actions()[0])
    ['Player 1 kept 2 of the 3 opening tickets']

Like a chess move's notation, the words come from the position before the action (and
the one after it, for what a tunnel revealed). They never name a card drawn blind or a
ticket kept, and never show an internal key: the second route of a double route is
"the second Madrid-Pamplona route, the red one". Counts agree with their nouns
("1 pink card", "2 pink cards").
"""
from __future__ import annotations

import re

from .actions import (AbandonTunnel, BuildStation, Claim, CollectWarehouse, DrawBlind, DrawFaceUp, DrawTickets, EndTurn,
                      KeepTickets, Pass, PayTunnel, PlaceDepot, StoreCard)
from .cards import LOCO, card_index, card_word, colour_name, counted_cards, route_colour_words
from .i18n import N_, contexts, translations
from .places import place_name
from .digits import digits_value
from .numerals import count

__all__ = ["plural", "and_list", "or_list", "cards_text", "card_text", "route_name", "ticket_name", "in_words",
           "describe_action", "player_name", "player_mention", "player_mention_pattern", "points_text", "trains_text",
           "tickets_text", "mid", "capital", "places_name"]

_, ngettext = translations("engine")

#: The ticket decks (`board.DECKS`) as a sentence names them.
DECK_WORDS = {"regular": N_("regular"), "long": N_("long")}
npgettext = contexts("engine")[1]

# Which of the routes joining the same two places, and which copy of a ticket: whole phrases,
# since languages place and inflect the ordinal differently.
_NTH_ROUTE = (
    lambda places: _("the first {places} route").format(places=places),
    lambda places: _("the second {places} route").format(places=places),
    lambda places: _("the third {places} route").format(places=places),
    lambda places: _("the fourth {places} route").format(places=places),
    lambda places: _("the fifth {places} route").format(places=places),
)
# The same, when the route's colour tells it apart from the others ("the second Madrid-Pamplona route, the red
# one"): the colour names it, and a language may leave the ordinal out
_NTH_ROUTE_COLOUR = (
    lambda places, colour: _("the first {places} route, {colour}").format(places=places, colour=colour),
    lambda places, colour: _("the second {places} route, {colour}").format(places=places, colour=colour),
    lambda places, colour: _("the third {places} route, {colour}").format(places=places, colour=colour),
    lambda places, colour: _("the fourth {places} route, {colour}").format(places=places, colour=colour),
    lambda places, colour: _("the fifth {places} route, {colour}").format(places=places, colour=colour),
)
_NTH_COPY = (
    lambda ticket: _("{ticket} (the first copy)").format(ticket=ticket),
    lambda ticket: _("{ticket} (the second copy)").format(ticket=ticket),
    lambda ticket: _("{ticket} (the third copy)").format(ticket=ticket),
    lambda ticket: _("{ticket} (the fourth copy)").format(ticket=ticket),
    lambda ticket: _("{ticket} (the fifth copy)").format(ticket=ticket),
)


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 ticket', '2 tickets' ('1 city', '2 cities' with ``many="cities"``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


# Translators: a player named inside a sentence ("... already belongs to player 2"); players count from 1
PLAYER_MENTION = N_("player {n}")
_MENTION_PATTERNS: dict = {}


def player_mention(player: int) -> str:
    """A seat named inside a sentence, numbered from 1: 'player 2' ('spiller 2') for seat 1."""
    return _(PLAYER_MENTION).format(n=player + 1)


def player_mention_pattern():
    """A regular expression finding `player_mention`'s words in a text of the language chosen,
    the player's number (from 1) its group 1: for putting the players' names in their place."""
    text = _(PLAYER_MENTION)
    found = _MENTION_PATTERNS.get(text)
    if found is None:
        head, _sep, tail = text.partition("{n}")
        found = _MENTION_PATTERNS[text] = re.compile(r"\b" + re.escape(head) + r"(\d+)" + re.escape(tail) + r"\b")
    return found


def player_name(player: int, names=None) -> str:
    """A seat as a student reads it: its name if given, else 'Player 1' for seat 0."""
    return names[player] if names else _("Player {n}").format(n=player + 1)


def points_text(n: int) -> str:
    """'1 point', '2 points'."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def trains_text(n: int, words: bool = False) -> str:
    """'1 train', '2 trains' (`words`: 'to tog' in Danish prose)."""
    return ngettext("{n} train", "{n} trains", n).format(n=count(n, neuter=True) if words else n)


def tickets_text(n: int) -> str:
    """'1 ticket', '2 tickets'."""
    return ngettext("{n} ticket", "{n} tickets", n).format(n=n)


def and_list(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return items[0] if items else ""
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def or_list(items) -> str:
    """'a', 'a or b', 'a, b or c'."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return items[0] if items else ""
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def card_text(card, n: int = 1, words: bool = False) -> str:
    """'1 pink card', '2 pink cards', '1 locomotive' (a card index or name); `words`: see `cards_text`."""
    return counted_cards(card if isinstance(card, int) else card_index(card), n,
                         count(n, neuter=True) if words else None)


def cards_text(cards, words: bool = False) -> str:
    """Nine counts in words: '3 pink cards and 1 locomotive', 'no cards'. With `words` (a log
    line, prose), a small count is written as a word in Danish: 'tre lyserøde kort og ét lokomotiv'."""
    parts = [card_text(c, n, words) for c, n in enumerate(cards) if n]
    return and_list(parts) if parts else _("no cards")


# Translators: two places a route or ticket joins ("Denver-Omaha"); Danish typography joins them with an en dash
PLACES = N_("{a}-{b}")
# a hyphen between places: after a word starting with a capital, before a capital (not the ones
# inside "La Chaux-de-Fonds")
_PLACE_JOINT = re.compile(r"(?<![\w'])([^\W\d_a-zæøåäöüé][\w']*)-(?=[^\W\d_a-zæøåäöüé])")


def places_name(a: str, b: str) -> str:
    """Two places joined as the language writes a route or ticket: 'Denver-Omaha' in English
    (as the game's keys write them), 'Denver–Omaha' with an en dash in Danish."""
    return _(PLACES).format(a=a, b=b)


def _joined(key: str) -> str:
    """A ticket's key ("Boston-Miami", "Lausanne-La Chaux-de-Fonds") with its places joined the
    language's way: the hyphen before each next place's capital is the joint."""
    joint = places_name("", "")
    return key if joint == "-" else _PLACE_JOINT.sub(lambda m: m.group(1) + joint, key)


def route_name(game, route) -> str:
    """A route as a student reads it: its two places ("Denver-Omaha"), and for one of several
    routes joining the same places which one ("the second Madrid-Pamplona route, the red one")."""
    board = game.board
    r = board.routes[game.route_index(route)]
    pair = frozenset((r.a, r.b))
    same = [q for q in board.routes if frozenset((q.a, q.b)) == pair]
    places = places_name(place_name(board, r.a), place_name(board, r.b))    # a junction without a name in words
    if len(same) == 1:
        return places
    k = [q.index for q in same].index(r.index)
    told_by_colour = sum(q.colour == r.colour for q in same) == 1
    if told_by_colour and k < len(_NTH_ROUTE_COLOUR):
        return _NTH_ROUTE_COLOUR[k](places, route_colour_words(r.colour))
    text = _NTH_ROUTE[k](places) if k < len(_NTH_ROUTE) else _("{places} route number {k}").format(
        places=places, k=k + 1)
    if told_by_colour:
        text = _("{route}, {colour}").format(route=text, colour=route_colour_words(r.colour))
    return text


def ticket_name(ticket_key: str) -> str:
    """A ticket as a student reads it: its places, and for a second copy of the same ticket
    which copy ("Italia-France/Deutschland/Österreich (the second copy)")."""
    base, _hash, n = ticket_key.partition("#")
    base = _joined(base)
    if not n:
        return base
    k = digits_value(n) or 0
    if 0 < k <= len(_NTH_COPY):
        return _NTH_COPY[k - 1](base)
    return _("{ticket} (copy number {n})").format(ticket=base, n=n)


def in_words(game, text: str) -> str:
    """`text` with every internal route label of a double route ("Denver-Kansas City#2",
    either order) replaced by the route's name in words ("the second Denver-Kansas City
    route, the orange one"), a sentence still starting with a capital."""
    if "#" not in text:
        return text
    board = game.board
    for r in board.routes:
        if "#" not in r.key and r.twin is None:
            continue
        base, _hash, n = r.key.partition("#")
        labels = {r.key, f"{r.b}-{r.a}#{n}"} if n else set()
        for label in sorted(labels, key=len, reverse=True):
            start = text.find(label)
            while start >= 0:
                end = start + len(label)
                name = route_name(game, r.index)
                if end < len(text) and text[end] == " " and "," in name:
                    name += ","
                if start == 0 or text[max(0, start - 2):start] in (". ", ": ") or text[start - 1] == "\n":
                    name = capital(name)
                text = text[:start] + name + text[end:]
                start = text.find(label, start + len(name))
    if "#" in text:
        for t in board.tickets:
            if "#" in t.key:
                text = text.replace(t.key, ticket_name(t.key))
    return text


def mid(name: str) -> str:
    """A route name inside a sentence: an appositive ("..., the red one") is closed by a comma."""
    return name + "," if "," in name else name


def capital(text: str) -> str:
    """`text` starting with a capital letter (a route name opening a sentence)."""
    return text[:1].upper() + text[1:]


def _claim_line(before, after, action, ri: int, fill: dict) -> str:
    """The log line of a claim (not a tunnel): with a draw bonus, how many cards came with it
    (fewer, and why, when deck and discard pile ran out)."""
    bonus = before.game.tables.draw_bonus[ri]
    if not bonus:
        return _("{who} claimed {route} with {cards} ({points})").format(**fill)
    p = before.current_player
    drawn = sum(after.hands[p]) - sum(before.hands[p]) + sum(action.payment)
    if drawn == bonus:
        return ngettext("{who} claimed {route} with {cards} ({points}) and drew {n} card blind: the route's draw bonus",
                        "{who} claimed {route} with {cards} ({points}) and drew {n} cards blind: the route's draw "
                        "bonus", drawn).format(n=drawn, **fill)
    if drawn == 0:
        return ngettext("{who} claimed {route} with {cards} ({points}); the route's draw bonus of {n} card drew "
                        "nothing: the deck and the discard pile are empty",
                        "{who} claimed {route} with {cards} ({points}); the route's draw bonus of {n} cards drew "
                        "nothing: the deck and the discard pile are empty", bonus).format(n=bonus, **fill)
    return ngettext("{who} claimed {route} with {cards} ({points}) and drew {n} card blind: the route's draw bonus is "
                    "{bonus}, but the deck and the discard pile held no more",
                    "{who} claimed {route} with {cards} ({points}) and drew {n} cards blind: the route's draw bonus "
                    "is {bonus}, but the deck and the discard pile held no more", drawn).format(
        n=drawn, bonus=bonus, **fill)


def _warehouse_line(before, after, action, who: str, names) -> str:
    """The log line of the Warehouse card (Warehouses & Depots): whose Warehouse, how many it holds
    now; never which card (nobody sees it)."""
    w = action.warehouse
    n = sum(after.depots.warehouses[w]) if after.depots is not None else 0
    if sum(before.depots.counts()) + 1 != sum(after.depots.counts()):
        # the card was the last of deck and discard pile: the Warehouses were emptied into a new deck
        return _("{who} put the last card of the deck into a warehouse; no card was left, so every warehouse was "
                 "emptied and shuffled into a new deck").format(who=who)
    if w == before.current_player:
        return ngettext("{who} put the top card of the deck into their own warehouse (it holds {n} card)",
                        "{who} put the top card of the deck into their own warehouse (it holds {n} cards)",
                        n).format(who=who, n=n)
    return ngettext("{who} put the top card of the deck into {owner}'s warehouse (it holds {n} card)",
                    "{who} put the top card of the deck into {owner}'s warehouse (it holds {n} cards)", n).format(
        who=who, owner=player_name(w, names), n=n)


def describe_action(before, action, after=None, names=None) -> list[str]:
    """What `action` did from position `before`, in plain words, without revealing hidden
    cards or tickets: one or more lines (a final-round or game-over notice is a line of its
    own). `after` is the position it led to (computed when not given); `names` the players'
    names (default "Player 1", "Player 2" ...: players are numbered from 1 in text)."""
    if after is None:
        after = before.apply(action)
    p = before.current_player
    who = player_name(p, names)
    game = before.game
    board = game.board
    lines = []
    if isinstance(action, DrawBlind):
        lines.append(_("{who} drew a card from the deck").format(who=who))
    elif isinstance(action, DrawFaceUp):
        card = card_index(action.card)
        if card == LOCO:
            if before.rules.face_up_locomotive_costs_two and before.phase == "turn":
                lines.append(_("{who} took a face-up locomotive (it counts as both cards)").format(who=who))
            else:
                lines.append(_("{who} took a face-up locomotive").format(who=who))
        else:
            lines.append(_("{who} took a face-up {card}").format(who=who, card=card_word(card)))
    elif isinstance(action, DrawTickets):
        n = len(after.offer)
        lines.append(ngettext("{who} drew {n} ticket", "{who} drew {n} tickets", n).format(who=who, n=n))
    elif isinstance(action, KeepTickets):
        k = len(action.keep)
        # Translators: the context "all": every ticket offered was kept ("kept all 3")
        if before.phase == "opening":
            offered = len(before.opening_offers[p])
            if k == offered:
                text = npgettext("all", "{who} kept {k} of the {n} opening ticket",
                                 "{who} kept {k} of the {n} opening tickets", offered)
            else:
                text = ngettext("{who} kept {k} of the {n} opening ticket", "{who} kept {k} of the {n} opening tickets",
                                offered)
        else:
            offered = len(before.offer)
            if k == offered:
                text = npgettext("all", "{who} kept {k} of the {n} ticket drawn",
                                 "{who} kept {k} of the {n} tickets drawn", offered)
            else:
                text = ngettext("{who} kept {k} of the {n} ticket drawn", "{who} kept {k} of the {n} tickets drawn",
                                offered)
        lines.append(text.format(who=who, k=k, n=offered))
    elif isinstance(action, Claim):
        ri = game.route_index(action.route)
        name = route_name(game, ri)
        pts = points_text(game.route_points[ri])
        pay = cards_text(action.payment, words=True)
        if board.routes[ri].tunnel:
            revealed = after.last_reveal.revealed if after.last_reveal else ()
            shown = ", ".join(colour_name(c) for c in revealed) or _("no card")
            pending = after.tunnel_choice()
            if pending is not None and pending.player == p:
                lines.append(ngettext(
                    "{who} tried the tunnel {route} with {cards}: the revealed cards ({shown}) ask for {n} more card",
                    "{who} tried the tunnel {route} with {cards}: the revealed cards ({shown}) ask for {n} more cards",
                    pending.extra).format(who=who, route=mid(name), cards=pay, shown=shown, n=pending.extra))
            else:
                lines.append(_("{who} claimed the tunnel {route} with {cards} ({points}); the revealed cards ({shown}) "
                               "asked for nothing more").format(who=who, route=mid(name), cards=pay, points=pts,
                                                                shown=shown))
        else:
            lines.append(_claim_line(before, after, action, ri, dict(who=who, route=mid(name), cards=pay, points=pts)))
    elif isinstance(action, PayTunnel):
        pending = before.tunnel_choice()
        lines.append(_("{who} paid {cards} more and claimed the tunnel {route} ({points})").format(
            who=who, cards=cards_text(action.extra, words=True), route=route_name(game, pending.route),
            points=points_text(game.route_points[pending.route])))
    elif isinstance(action, AbandonTunnel):
        pending = before.tunnel_choice()
        lines.append(_("{who} abandoned the tunnel {route} and took back {cards}").format(
            who=who, route=mid(route_name(game, pending.route)), cards=cards_text(pending.paid, words=True)))
    elif isinstance(action, BuildStation):
        lines.append(_("{who} built a station in {city} with {cards} (station {k} of {n})").format(
            who=who, city=action.city, cards=cards_text(action.payment, words=True), k=len(after.stations_of(p)),
            n=before.rules.stations))
    elif isinstance(action, Pass):
        lines.append(_("{who} passed (no legal action)").format(who=who))
    elif isinstance(action, StoreCard):
        lines.append(_warehouse_line(before, after, action, who, names))
    elif isinstance(action, PlaceDepot):
        left = after.depots.reserves[p]
        if before.phase == "depots":
            text = ngettext("{who} placed a depot in {city} to start ({n} depot left in reserve)",
                            "{who} placed a depot in {city} to start ({n} depots left in reserve)", left)
        else:
            text = ngettext("{who} placed a depot in {city} ({n} depot left in reserve)",
                            "{who} placed a depot in {city} ({n} depots left in reserve)", left)
        lines.append(text.format(who=who, city=action.city, n=left))
    elif isinstance(action, CollectWarehouse):
        k = sum(before.depots.warehouses[action.warehouse])
        owner = player_name(action.warehouse, names)
        text = (ngettext("{who} collected {k} card from their own warehouse for a depot from the reserve",
                         "{who} collected {k} cards from their own warehouse for a depot from the reserve", k)
                if action.warehouse == p else
                ngettext("{who} collected {k} card from {owner}'s warehouse for a depot from the reserve",
                         "{who} collected {k} cards from {owner}'s warehouse for a depot from the reserve", k))
        lines.append(text.format(who=who, k=k, owner=owner))
    elif isinstance(action, EndTurn):
        lines.append(_("{who} ended the turn").format(who=who))
    else:  # pragma: no cover - every action type is listed above
        lines.append(f"{who}: {action}")
    if after.countdown is not None and before.countdown is None and not after.is_over():
        lines.append(_("{who} has {trains} left: everyone, {who} included, plays one more turn").format(
            who=who, trains=trains_text(after.trains[p], words=True)))
    if after.is_over() and not before.is_over():
        lines.append(_("The game is over: final scoring"))
    return [capital(line) for line in lines]
