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

from .actions import AbandonTunnel, BuildStation, Claim, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets, Pass, PayTunnel
from .cards import CARD_NAMES, LOCO, card_index

__all__ = ["plural", "and_list", "or_list", "cards_text", "card_text", "route_name", "ticket_name", "in_words", "describe_action"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 ticket', '2 tickets' ('1 city', '2 cities' with ``many="cities"``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _joined(items, word: str) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return items[0] if items else ""
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def and_list(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return _joined(items, "and")


def or_list(items) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return _joined(items, "or")


def card_text(card, n: int = 1) -> str:
    """'1 pink card', '2 pink cards', '1 locomotive' (a card index or name)."""
    c = card if isinstance(card, int) else card_index(card)
    return plural(n, "locomotive") if c == LOCO else plural(n, f"{CARD_NAMES[c]} card")


def cards_text(cards) -> str:
    """Nine counts in words: '3 pink cards and 1 locomotive', 'no cards'."""
    parts = [card_text(c, n) for c, n in enumerate(cards) if n]
    return and_list(parts) if parts else "no cards"


def route_name(game, route) -> str:
    """A route as a student reads it: its two places ("Denver-Omaha"), and for one of several
    routes joining the same places which one ("the second Madrid-Pamplona route, the red one")."""
    board = game.board
    r = board.routes[game.route_index(route)]
    pair = frozenset((r.a, r.b))
    same = [q for q in board.routes if frozenset((q.a, q.b)) == pair]
    places = f"{r.a}-{r.b}"
    if len(same) == 1:
        return places
    k = [q.index for q in same].index(r.index)
    nth = _ORDINALS[k] if k < len(_ORDINALS) else f"number {k + 1}"
    text = f"the {nth} {places} route"
    if sum(q.colour == r.colour for q in same) == 1:
        text += f", the {r.colour} one"
    return text


def ticket_name(ticket_key: str) -> str:
    """A ticket as a student reads it: its places, and for a second copy of the same ticket
    which copy ("Italia-France/Deutschland/Österreich (the second copy)")."""
    base, _, n = ticket_key.partition("#")
    if not n:
        return ticket_key
    k = int(n) if n.isdecimal() else 0
    nth = _ORDINALS[k - 1] if 0 < k <= len(_ORDINALS) else f"number {n}"
    return f"{base} (the {nth} copy)"


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
        base, _, n = r.key.partition("#")
        labels = {r.key, f"{r.b}-{r.a}#{n}"} if n else set()
        for label in sorted(labels, key=len, reverse=True):
            start = text.find(label)
            while start >= 0:
                end = start + len(label)
                name = route_name(game, r.index)
                if end < len(text) and text[end] == " " and "," in name:
                    name += ","
                if start == 0 or text[max(0, start - 2):start] in (". ", ": ") or text[start - 1] == "\n":
                    name = _cap(name)
                text = text[:start] + name + text[end:]
                start = text.find(label, start + len(name))
    if "#" in text:
        for t in board.tickets:
            if "#" in t.key:
                text = text.replace(t.key, ticket_name(t.key))
    return text


def _mid(name: str) -> str:
    """A route name inside a sentence: an appositive ("..., the red one") is closed by a comma."""
    return name + "," if "," in name else name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_action(before, action, after=None, names=None) -> list[str]:
    """What `action` did from position `before`, in plain words, without revealing hidden
    cards or tickets: one or more lines (a final-round or game-over notice is a line of its
    own). `after` is the position it led to (computed when not given); `names` the players'
    names (default "Player 1", "Player 2" ...: players are numbered from 1 in text)."""
    if after is None:
        after = before.apply(action)
    p = before.current_player
    who = names[p] if names else f"Player {p + 1}"
    game = before.game
    board = game.board
    lines = []
    if isinstance(action, DrawBlind):
        lines.append(f"{who} drew a card from the deck")
    elif isinstance(action, DrawFaceUp):
        card = card_index(action.card)
        if card == LOCO:
            whole = before.rules.face_up_locomotive_costs_two and before.phase == "turn"
            lines.append(f"{who} took a face-up locomotive" + (" (it counts as both cards)" if whole else ""))
        else:
            lines.append(f"{who} took a face-up {CARD_NAMES[card]} card")
    elif isinstance(action, DrawTickets):
        lines.append(f"{who} drew {plural(len(after.offer), 'ticket')}")
    elif isinstance(action, KeepTickets):
        if before.phase == "opening":
            offered = len(before.opening_offers[p])
            lines.append(f"{who} kept {len(action.keep)} of the {offered} opening tickets")
        else:
            lines.append(f"{who} kept {len(action.keep)} of the {len(before.offer)} tickets drawn")
    elif isinstance(action, Claim):
        ri = game.route_index(action.route)
        name = route_name(game, ri)
        pts = plural(game.route_points[ri], "point")
        pay = cards_text(action.payment)
        if board.routes[ri].tunnel:
            revealed = after.last_reveal.revealed if after.last_reveal else ()
            shown = ", ".join("locomotive" if c == LOCO else CARD_NAMES[c] for c in revealed) or "no card"
            pending = after.tunnel_choice()
            if pending is not None and pending.player == p:
                lines.append(f"{who} tried the tunnel {_mid(name)} with {pay}: the revealed cards ({shown}) ask for "
                             f"{plural(pending.extra, 'more card')}")
            else:
                lines.append(f"{who} claimed the tunnel {_mid(name)} with {pay} ({pts}); the revealed "
                             f"cards ({shown}) asked for nothing more")
        else:
            lines.append(f"{who} claimed {_mid(name)} with {pay} ({pts})")
    elif isinstance(action, PayTunnel):
        pending = before.tunnel_choice()
        lines.append(f"{who} paid {cards_text(action.extra)} more and claimed the tunnel "
                     f"{route_name(game, pending.route)} ({plural(game.route_points[pending.route], 'point')})")
    elif isinstance(action, AbandonTunnel):
        pending = before.tunnel_choice()
        lines.append(f"{who} abandoned the tunnel {_mid(route_name(game, pending.route))} and took back "
                     f"{cards_text(pending.paid)}")
    elif isinstance(action, BuildStation):
        k = len(after.stations_of(p))
        lines.append(f"{who} built a station in {action.city} with {cards_text(action.payment)} "
                     f"(station {k} of {before.rules.stations})")
    elif isinstance(action, Pass):
        lines.append(f"{who} passed (no legal action)")
    else:  # pragma: no cover - every action type is listed above
        lines.append(f"{who}: {action}")
    if after.countdown is not None and before.countdown is None and not after.is_over():
        lines.append(f"{who} has {plural(after.trains[p], 'train')} left: everyone, {who} included, "
                     f"plays one more turn")
    if after.is_over() and not before.is_over():
        lines.append("The game is over: final scoring")
    return [_cap(line) for line in lines]
