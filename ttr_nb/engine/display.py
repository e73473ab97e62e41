"""How a `Game`, a `State` and a final scoring show in a notebook: compact HTML summaries.

Jupyter calls an object's `_repr_html_` to display it; `Game`, `State` and the tuple
`score_breakdown()` returns call the builders here. They show only what every seat may see
(built on `State.view`): the size of each hand and of each seat's tickets, never their
contents, and the size of the deck, never its order. Pass `seat=` to `state_html` for one
seat's own hand and tickets, as that player would see them.

    >>> import ttr_nb
    >>> state = ttr_nb.load_game("usa", players=2, seed=1).new_state()
    >>> "Player 1 choosing opening tickets" in state._repr_html_()
    True

Standard library only, like the rest of the engine.
"""
from __future__ import annotations

from .i18n import N_, translations
from .bonuscards import card_name
from .narration import route_name
from .rules import edition_title

__all__ = ["ScoreRows", "board_thumbnail", "game_html", "score_rows_html", "state_html"]

_, ngettext = translations("engine")

# the train cards' colours of the board and card figures (`ttr_nb.viz.cards.CARD_COLOURS`; a test keeps them equal)
CARD_CSS = {"red": "#d7262b", "orange": "#f58a1f", "yellow": "#f7d51d", "green": "#3a9e3f", "blue": "#1f6ccf",
            "pink": "#d45fb5", "white": "#fbfbf7", "black": "#262626", "loco": "#ece6d2"}
_DARK = {"red", "green", "blue", "black"}

# Translators: what the player to move is doing, after their name: "Player 1 choosing opening tickets"
_PHASE = {"opening": N_("{player} choosing opening tickets"), "turn": N_("{player} to move"),
          "draw2": N_("{player} drawing a second card"), "tickets": N_("{player} choosing tickets to keep"),
          "tunnel": N_("{player} paying for a tunnel")}
# Translators: the card names on the coloured chips of a summary (short: "loco")
_CHIP = {"red": N_("red"), "orange": N_("orange"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
         "pink": N_("pink"), "white": N_("white"), "black": N_("black"), "loco": N_("loco")}

_BOX = "font-family:sans-serif;font-size:13px;line-height:1.4;max-width:760px"
_TABLE = "border-collapse:collapse;margin:4px 0;font-size:inherit;white-space:nowrap"
_CELL = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:right"
_HEAD = "padding:2px 8px;border-bottom:2px solid #999;text-align:right"


def escape(text) -> str:
    """`html.escape`, without importing `html` (its entity table costs ~10-25 ms at every import)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def _player(p: int) -> str:
    return _("Player {n}").format(n=p + 1)


def _chip(name: str, n: int = 1) -> str:
    fg = "#fff" if name in _DARK else "#111"
    count = f"&times;{n}" if n != 1 else ""
    return (f"<span style='display:inline-block;background:{CARD_CSS.get(name, '#ccc')};color:{fg};"
            f"border:1px solid #555;border-radius:4px;padding:0 5px;margin:1px 2px;font-size:12px'>"
            f"{escape(_(_CHIP[name]) if name in _CHIP else name)}{count}</span>")


def _table(header: list[str], rows: list[list[str]], bold_last: bool = False) -> str:
    first = _HEAD.replace("right", "left")
    head = "".join(f"<th style='{first if i == 0 else _HEAD}'>{h}</th>" for i, h in enumerate(header))
    body = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            style = _CELL.replace("right", "left") if i == 0 else _CELL
            if bold_last and i == len(row) - 1:
                style += ";font-weight:bold"
            cells.append(f"<td style='{style}'>{cell}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table style='{_TABLE}'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def game_html(game) -> str:
    """A `Game`: the edition, the board, the players and the seed, and the rules' main numbers."""
    rules, board = game.rules, game.board
    options = ", ".join(f"{escape(str(k))}={escape(repr(v))}" for k, v in rules.options.items())
    routes, tickets = len(board.routes), len(board.tickets)
    facts = [_("{routes}, {tickets}").format(routes=ngettext("{n} route", "{n} routes", routes).format(n=routes),
                                             tickets=ngettext("{n} ticket", "{n} tickets", tickets).format(n=tickets)),
             ngettext("{n} train each", "{n} trains each", rules.trains).format(n=rules.trains),
             ngettext("{n} station each", "{n} stations each", rules.stations).format(n=rules.stations)
             if rules.stations else _("no stations"),
             _("longest path bonus {n}").format(n=rules.longest_path_bonus) if rules.longest_path_bonus else "",
             _("Globetrotter bonus {n}").format(n=rules.globetrotter_bonus) if rules.globetrotter_bonus else "",
             _("Grand Tour bonus up to {n}").format(n=max(rules.grand_tour_points)) if rules.grand_tour_points else ""]
    players = ngettext("{n} player", "{n} players", game.players).format(n=game.players)
    text = _("{edition} on the {board} board: {players}, seed {seed}").format(
        edition=f"<b>{escape(edition_title(rules))}</b>", board=escape(board.display_title), players=players,
        seed=escape(str(game.seed)))
    if options:
        text = _("{game}, options {options}").format(game=text, options=options)
    return (f"<div class='ttr-game' style='{_BOX}'>{text}"
            + f"<br><span style='color:#555'>{'; '.join(f for f in facts if f)}.</span></div>")


def board_thumbnail(board, claimed=(), width: int = 180, height: int = 140) -> str:
    """A small SVG of the board, at most `width` x `height` pixels: every route a thin grey
    line, the `claimed` ones (route keys) thick and dark. Nothing hidden: who owns what is on
    the table for everyone."""
    scale = min(width / board.width, height / board.height)
    w, h = round(board.width * scale), round(board.height * scale)
    claimed = set(claimed)
    strokes: dict[bool, list[str]] = {False: [], True: []}
    for route in board.routes:
        a, b = board.city[route.a], board.city[route.b]
        strokes[route.key in claimed].append(
            f"M{a.x * scale:.0f} {a.y * scale:.0f}L{b.x * scale:.0f} {b.y * scale:.0f}")
    paths = "".join(f"<path d='{''.join(moves)}' style='fill:none;stroke:{colour};stroke-width:{size}'/>"
                    for moves, colour, size in ((strokes[False], "#bbb", 1), (strokes[True], "#333", 2.5)) if moves)
    return (f"<svg class='ttr-thumbnail' width='{w}' height='{h}' viewBox='0 0 {w} {h}' role='img' "
            f"style='float:right;margin:0 0 4px 8px;background:#fafafa;border:1px solid #ddd'>"
            f"<title>{escape(_claimed(board, len(claimed)))}</title>{paths}</svg>")


def _claimed(board, n: int) -> str:
    return ngettext("{board}: {n} route claimed", "{board}: {n} routes claimed", n).format(
        board=board.display_title, n=n)


def state_html(state, seat: int | None = None) -> str:
    """A `State`: whose turn, each seat's trains, cards and tickets held, routes and points, the
    face-up cards, and the final scores once the game is over. Hidden things show as counts
    only, unless `seat` is given: then that seat's own hand and tickets are listed too."""
    game = state.game
    seen = state.view(state.current_player if seat is None else seat)
    over = seen["phase"] == "over"
    mover = seen["current_player"]
    if over:
        doing = _("game over")
    else:
        phase = _PHASE.get(seen["phase"])
        doing = _(phase).format(player=_player(mover)) if phase else f"{_player(mover)} {seen['phase']}"
    players = ngettext("{n} player", "{n} players", game.players).format(n=game.players)
    title = _("{edition}, {players}, turn {turn}: {doing}").format(
        edition=f"<b>{escape(edition_title(game.rules))}</b>", players=players, turn=state.turn,
        doing=f"<b>{escape(doing)}</b>")
    if seen.get("final_round") is not None and not over:
        title += " <span style='color:#b00'>" + _("(final round)") + "</span>"
    routes = [0] * game.players
    for owner in seen["routes"].values():
        routes[owner] += 1
    stations = [0] * game.players
    for _city, owner in seen["stations"]:
        stations[owner] += 1
    header = [_("seat"), _("trains"), _("cards held"), _("tickets"), _("routes")]
    if game.rules.stations:
        header.append(_("stations left"))
    header.append(_("route points"))
    rows = []
    for p in range(game.players):
        row = [escape(_player(p)) + (" &#9664;" if p == mover and not over else ""), str(seen["trains"][p]),
               str(seen["hand_sizes"][p]), str(seen["ticket_counts"][p]), str(routes[p])]
        if game.rules.stations:
            row.append(str(game.rules.stations - stations[p]))
        row.append(str(seen["route_points"][p]))
        rows.append(row)
    parts = [title, _table(header, rows, bold_last=True)]
    face_up = "".join(_chip(name) for name in seen["display"]) or _("none")
    deck, discard, ticket_deck = seen["deck_size"], len(seen["discard"]), seen["ticket_deck_size"]
    parts.append(_("Face up: {cards} &middot; deck {deck}, discard {discard}, {tickets} left").format(
        cards=face_up, deck=ngettext("{n} card", "{n} cards", deck).format(n=deck),
        discard=ngettext("{n} card", "{n} cards", discard).format(n=discard),
        tickets=ngettext("{n} ticket", "{n} tickets", ticket_deck).format(n=ticket_deck)))
    if seen.get("bonus_cards"):
        cards = {c.letter: c for c in game.board.bonus_cards}
        shown = "; ".join(ngettext("{letter} {name} ({n} point to the most {counts})",
                                   "{letter} {name} ({n} points to the most {counts})", cards[k].points).format(
            letter=escape(k), name=escape(card_name(cards[k].name)), n=cards[k].points, counts=escape(cards[k].counts))
            for k in seen["bonus_cards"])
        parts.append(_("Bonus cards in play: {cards}").format(cards=shown))
    if seen.get("tunnel"):
        t = seen["tunnel"]
        parts.append(escape(ngettext("Tunnel {route}: {n} extra card to pay", "Tunnel {route}: {n} extra cards to pay",
                                     t["extra"]).format(route=route_name(game, t["route"]), n=t["extra"])))
    if seat is not None:
        hand = "".join(_chip(name, n) for name, n in seen["hand"].items() if n) or _("no cards")
        tickets = ", ".join(escape(str(t)) for t in seen["tickets"]) or _("none")
        parts.append(_("{player}'s hand: {hand}<br>{player}'s tickets: {tickets}").format(
            player=escape(_player(seat)), hand=hand, tickets=tickets))
    else:
        hidden = _("Hands, tickets and the deck's order are hidden.")
        parts.append(f"<span style='color:#777'>{hidden}</span>")
    if over:
        parts.append(_("Final scoring:") + score_rows_html(state.score_breakdown(), state.winners()))
    thumbnail = board_thumbnail(game.board, seen["routes"])
    return (f"<div class='ttr-state' style='{_BOX};overflow:auto'>{thumbnail}"
            + "".join(f"<div>{p}</div>" for p in parts) + "</div>")


def score_rows_html(rows, winners=None) -> str:
    """Final scoring, one row per player: routes, tickets, bonuses, stations and the total.
    `winners` (player numbers) are marked; by default the highest totals are."""
    if not rows:
        return f"<div class='ttr-scores' style='{_BOX}'>" + _("No score rows.") + "</div>"
    if winners is None:
        best = max(r.total for r in rows)
        winners = [r.player for r in rows if r.total == best]
    stations = any(r.stations_built or r.station_points for r in rows)
    tours = any(r.grand_tours for r in rows)
    header = [_("player"), _("routes"), _("tickets"), _("completed"), _("longest path"), _("bonus"), _("Globetrotter")]
    header += [_("Grand Tour")] if tours else []
    header += [_("stations")] if stations else []
    header += [f"{escape(c.label)} ({c.card_points})" for c in rows[0].bonus_cards]
    header.append(_("total"))
    table = []
    for r in rows:
        line = [escape(_player(r.player)) + (" &#9733;" if r.player in winners else ""), str(r.route_points),
                f"{r.ticket_points:+d}", _("{k} of {n}").format(k=r.tickets_completed, n=len(r.tickets)),
                ngettext("{n} train", "{n} trains", r.longest_path).format(n=r.longest_path), str(r.longest_bonus),
                str(r.globetrotter)]
        k = len(r.grand_tours)
        line += [str(r.grand_tour) + " (" + ngettext("{n} ticket", "{n} tickets", k).format(n=k) + ")"] if tours else []
        line += [str(r.station_points)] if stations else []
        line += [f"{c.points} ({c.count})" for c in r.bonus_cards]
        line.append(str(r.total))
        table.append(line)
    return f"<div class='ttr-scores' style='{_BOX}'>{_table(header, table, bold_last=True)}</div>"


class ScoreRows(tuple):
    """What `State.score_breakdown()` returns: a tuple of `ScoreRow`, one per player, that a
    notebook shows as a table. Everything else about it is a plain tuple (equality, indexing,
    `[row.total for row in rows]`)."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return score_rows_html(self)
