"""`ScoringWalkthrough`: final scoring, one step at a time, on the board.

    >>> walk = ScoringWalkthrough.demo("usa", seed=1)      # greedy bots play a game to the end
    >>> walk.steps[0], walk.steps[-1]
    ('Player 1: route points', 'Final table')
    >>> walk.next()
    1

Each step says what scores and why, shows it on the board (the player's network,
a ticket's path with its + or −, the longest path numbered along its trail, the
routes stations borrow) and the running total of every player; in Northern Lights
each bonus card in play is a step of its own (`bonuscards.bonus_card_step`); the last
step is the score table with the winner(s) and the tie-breaker that decided.

The steps are computed from the engine's `State.score_breakdown()`; the running
totals after the last step equal the engine's totals (the tests check it).
"""
from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass, field

import ipywidgets as W
from traitlets import Int

from ..analysis.paths import cheapest_path, shortest_ticket_path
from ..engine import Match, State
from ..engine.bonuscards import card_name
from ..engine.i18n import N_, translations
from ..engine.narration import points_text, route_name, ticket_name, trains_text
from ..engine.scoring import ScoreRow
from ..viz import PLAYER_COLOURS, Overlays
from .arguments import ArgumentError, check_flag, check_names, check_width
from .base import Controller
from .boards import LazyBoard, board_size
from .bonuscards import bonus_card_step, cards_in_play
from .html import esc as _esc, names_list as _and, routes_text, signed as _signed, swatch as _swatch
from .refusals import whole_number
from .responsive import mark_root, split
from .style import stylesheet

__all__ = ["ScoringWalkthrough", "Step", "score_table_html", "tie_break", "finished_match", "board_size",
           "LazyBoard", "build_steps"]

_, ngettext = translations("widgets")

_TIE_WORDS = {
    "most_tickets_completed": N_("most completed tickets"),
    "fewest_stations_used": N_("fewest stations built"),
    "longest_path_bonus": N_("holder of the longest path bonus"),
    "longest_path_length": N_("longest continuous path"),
}


def _tie_words(rule: str) -> str:
    return _(_TIE_WORDS[rule]) if rule in _TIE_WORDS else rule.replace("_", " ")



def finished_match(edition: str = "usa", players: int = 2, seed: int = 0, bots=None, **options) -> Match:
    """A `Match` played to the end by bots (default: greedy ones), for lessons on scoring."""
    from ..analysis.bots import BOTS
    from ..engine import load_game

    game = load_game(edition, players=players, seed=seed, **options)
    kinds = list(bots) if bots is not None else ["greedy"] * players
    seats = [BOTS[k](seed * 10 + i) if isinstance(k, str) else k for i, k in enumerate(kinds)]
    match = Match(game)
    for _move in range(5000):
        if match.state.is_over():
            break
        match.play(seats[match.state.current_player](match.state))
    return match


# --------------------------------------------------------------------------- tie-breakers


def tie_break(state, rows=None, names=None) -> tuple[tuple[int, ...], str | None, list[str]]:
    """(winners, the tie-breaker that decided or None, sentences explaining each step).

    Follows the edition's `rules.tie_breakers` in order, exactly as the engine's
    `State.winners()` does (the tests check they agree). The sentences call the players by
    `names` (indexed by player) if given, else "player 1", "player 2" ... (numbered from 1)."""
    rows = rows or state.score_breakdown()

    def one(r, capital=False) -> str:
        if names:
            return str(names[r.player])
        return (_("Player {n}") if capital else _("player {n}")).format(n=r.player + 1)

    def group(rs, capital=False) -> str:
        if names:
            return _and(str(names[r.player]) for r in rs)
        numbers = _and(str(r.player + 1) for r in rs)
        return (_("Players {numbers}") if capital else _("players {numbers}")).format(numbers=numbers)

    best = max(r.total for r in rows)
    tied = [r for r in rows if r.total == best]
    lines = []
    if len(tied) == 1:
        lines.append(_("{who} has the highest total, {best}: no tie-breaker is needed.").format(
            who=one(tied[0], True), best=best))
        return (tied[0].player,), None, lines
    lines.append(_("{who} share the highest total, {best}.").format(who=group(tied, True), best=best))
    decided = None
    for rule in state.game.rules.tie_breakers:
        if len(tied) == 1:
            break
        before = tied
        words = _tie_words(rule)
        if rule == "most_tickets_completed":
            m = max(r.tickets_completed for r in tied)
            tied = [r for r in tied if r.tickets_completed == m]
            facts = ", ".join(_("{who} completed {n}").format(who=one(r), n=r.tickets_completed) for r in before)
        elif rule == "fewest_stations_used":
            m = min(r.stations_built for r in tied)
            tied = [r for r in tied if r.stations_built == m]
            facts = ", ".join(_("{who} built {n}").format(who=one(r), n=r.stations_built) for r in before)
        elif rule == "longest_path_bonus":
            holders = [r for r in tied if r.longest_bonus > 0]
            tied = holders or tied
            facts = ", ".join((_("{who} holds it") if r.longest_bonus else _("{who} does not hold it")).format(
                who=one(r)) for r in before)
        elif rule == "longest_path_length":
            m = max(r.longest_path for r in tied)
            tied = [r for r in tied if r.longest_path == m]
            facts = ", ".join(_("{who}: {trains}").format(who=one(r), trains=trains_text(r.longest_path))
                              for r in before)
        else:  # pragma: no cover - an edition with a tie-breaker this widget does not know
            facts = _("not explained here")
        if len(tied) < len(before):
            decided = rule
            verdict = (_("{who} wins").format(who=one(tied[0])) if len(tied) == 1
                       else _("{who} are still tied").format(who=group(tied)))
        else:
            verdict = _("it does not separate them")
        lines.append(_("Tie-breaker: {rule} ({facts}): {verdict}.").format(rule=words, facts=facts, verdict=verdict))
    if len(tied) > 1:
        lines.append(_("No tie-breaker separates {who}: they share the win.").format(who=group(tied)))
    return tuple(r.player for r in tied), decided, lines


# --------------------------------------------------------------------------- the score table


def score_table_html(state, names=None, colours=None, rows: tuple[ScoreRow, ...] | None = None) -> str:
    """The final score table of a position as HTML: one row per player, the winner(s)
    marked, and the sentence saying how the winner was decided."""
    rules = state.game.rules
    rows = rows or state.score_breakdown()
    names = list(names) if names else [_("Player {n}").format(n=r.player + 1) for r in rows]
    colours = list(colours) if colours else [PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i in range(len(rows))]
    winners, decided, lines = tie_break(state, rows, names)
    cols = [_("Player"), _("Routes"), _("Tickets (done)"), _("Longest path")]
    if rules.longest_path_bonus:
        cols.append(_("Longest bonus"))
    if rules.globetrotter_bonus:
        # Translators: a column heading; "&shy;" lets the word break there
        cols.append(_("Globe&shy;trotter"))
    if rules.grand_tour_points:
        cols.append(_("Grand Tour"))
    if rules.stations:
        cols.append(_("Stations (built)"))
    bonus = any(r.bonus_cards for r in rows)
    if bonus:
        cols.append(_("Bonus cards"))
    cols.append(_("Total"))
    label = " class='ttr-label'"
    head = "".join(f"<th{label if i == 0 else ''}>{c}</th>" for i, c in enumerate(cols))
    body = []
    for r in rows:
        win = r.player in winners
        cells = [f"<span class='ttr-name'>{_swatch(colours[r.player])}{_esc(names[r.player])}"
                 f"{' ★' if win else ''}</span>",
                 str(r.route_points),
                 f"{_signed(r.ticket_points)} <span class='ttr-muted'>({r.tickets_completed}/{len(r.tickets)})</span>",
                 str(r.longest_path)]
        if rules.longest_path_bonus:
            cells.append(_signed(r.longest_bonus) if r.longest_bonus else "—")
        if rules.globetrotter_bonus:
            cells.append(_signed(r.globetrotter) if r.globetrotter else "—")
        if rules.grand_tour_points:
            cells.append(f"{_signed(r.grand_tour)} <span class='ttr-muted'>({len(r.grand_tours)})</span>"
                         if r.grand_tour else "—")
        if rules.stations:
            cells.append(f"{_signed(r.station_points)} <span class='ttr-muted'>({r.stations_built})</span>")
        if bonus:
            won = [c.letter for c in r.bonus_cards if c.points]
            cells.append(f"{_signed(r.bonus_points) if won else '—'}"
                         + (f" <span class='ttr-muted'>({_esc(_and(won))})</span>" if won else ""))
        cells.append(f"<b>{str(r.total).replace('-', '−')}</b>")
        tds = "".join(f"<td{label if i == 0 else ''}>{c}</td>" for i, c in enumerate(cells))
        body.append(f"<tr class='ttr-score-row{' ttr-winner-row' if win else ''}'>{tds}</tr>")
    who = _and(names[w] for w in winners)
    if len(winners) > 1:
        verdict = _("{who} share the win.").format(who=who)
    elif decided:
        verdict = _("{who} wins, decided by the tie-breaker: {rule}.").format(who=who, rule=_tie_words(decided))
    else:
        verdict = _("{who} wins with the highest total.").format(who=who)
    return (f"<div class='ttr-score-table-box'><table class='ttr-table ttr-score-table'>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"<div class='ttr-winner'>★ {_esc(verdict)}</div>"
            + "".join(f"<div class='ttr-tie-line'>{_esc(s)}</div>" for s in lines[1:])
            + "</div>")


# --------------------------------------------------------------------------- steps


@dataclass(frozen=True)
class Step:
    """One step of the walkthrough."""
    title: str
    kind: str                       # routes, station, unbuilt-stations, ticket, grand-tour-ticket,
    #                                 grand-tour, longest, longest-bonus, globetrotter, bonus-card,
    #                                 tie-breakers, final
    player: int | None              # whose step (None: everybody's)
    text: str                       # the explanation, HTML
    totals: tuple[int, ...]         # every player's running total after this step
    delta: tuple[int, ...]          # what this step added to each player
    overlays: dict = field(default_factory=dict)      # Overlays keywords for the board
    highlight: tuple = ()                              # routes (indices) and cities to outline
    ticket: str | None = None                          # the ticket's key (ticket steps)

    @property
    def plain(self) -> str:
        """The explanation as plain text (the final table: its verdict)."""
        text = re.sub(r"</t[dh]>", " | ", self.text)
        text = text.replace("<br>", "\n").replace("</tr>", "\n").replace("</div>", "\n")
        lines = (line.strip().rstrip("|").strip() for line in html.unescape(re.sub(r"<[^>]+>", "", text)).splitlines())
        return "\n".join(line for line in lines if line)


def _routes_joining(state, player: int, borrowed_keys, source: str, target: str) -> list[int]:
    """The routes of the shortest path (in trains) from source to target over the player's
    routes and the routes their stations borrow (empty if they are not joined)."""
    board = state.board
    routes = list(state.routes_of(player)) + [board.route[k].index for k in borrowed_keys]
    found = cheapest_path(board, {ri: board.routes[ri].length for ri in routes}, source, (target,))
    return list(found.routes) if found is not None else []


def _missing_trains(state, ticket, player: int):
    try:
        return shortest_ticket_path(state, ticket, player)[0]
    except ValueError:
        return None


#: How the walkthrough draws a Grand Tour's two paths: the first outlined (the board's highlight),
#: the second as a dashed line with diamonds (the board's `path` overlay): told apart without colour.
GRAND_TOUR_STYLES = (N_("outlined in thick amber"), N_("a dashed black line with a white diamond on each car"))


def _grand_tour_steps(add, g, row, who: str) -> None:
    """One step per qualifying ticket, its two route-disjoint paths drawn in two styles
    (`GRAND_TOUR_STYLES`), then the bonus by the number of qualifying tickets."""
    board = g.board
    rules = g.rules
    p = row.player
    for tour in row.grand_tours:
        first, second = ([board.route[k].index for k in path] for path in tour.paths)

        def names(path):
            """The cities a path passes, from the ticket's first city."""
            at, cities = tour.source, [tour.source]
            for i in path:
                at = board.routes[i].other(at)
                cities.append(at)
            return " → ".join(cities)

        shared = sorted(({c for i in first for c in board.routes[i].ends}
                         & {c for i in second for c in board.routes[i].ends}) - {tour.source, tour.target})
        meet = (" " + _("The two paths meet at {cities}, which is allowed: only a route may not be used "
                        "twice.").format(cities=_esc(_and(shared))) if shared else "")
        text = _("{ticket} is a Grand Tour: {who}'s own routes join {a} to {b} in two ways that share no route. "
                 "First path ({style1}): {path1}. Second path ({style2}): {path2}.").format(
            ticket=f"<b>{_esc(ticket_name(tour.ticket))}</b>", who=_esc(who), a=_esc(tour.source),
            b=_esc(tour.target), style1=_(GRAND_TOUR_STYLES[0]), path1=_esc(names(first)),
            style2=_(GRAND_TOUR_STYLES[1]), path2=_esc(names(second))) + meet
        add(_("{who}: Grand Tour {ticket}").format(who=who, ticket=ticket_name(tour.ticket)), "grand-tour-ticket",
            p, text, {}, overlays=dict(network=p, player=p, path=tuple(second)),
            highlight=tuple(first) + (tour.source, tour.target), ticket=tour.ticket)
    k = len(row.grand_tours)
    last = len(rules.grand_tour_points) - 1
    table = ", ".join((_("{n} or more → {points}") if n == last else _("{n} → {points}")).format(n=n, points=pts)
                      for n, pts in enumerate(rules.grand_tour_points) if n)
    if k:
        text = ngettext("{who} has {n} Grand Tour ticket. The bonus by the number of such tickets ({table}) "
                        "gives {points}; each ticket also scored its own value.",
                        "{who} has {n} Grand Tour tickets. The bonus by the number of such tickets ({table}) "
                        "gives {points}; each ticket also scored its own value.", k).format(
            who=_esc(who), n=k, table=_esc(table), points=f"<b>{_signed(row.grand_tour)}</b>")
    else:
        text = _("No ticket of {who}'s is joined by two paths that share no route, so no Grand Tour bonus "
                 "({table}).").format(who=_esc(who), table=_esc(table))
    title = (_("{who}: Grand Tour {points}").format(who=who, points=_signed(row.grand_tour)) if k
             else _("{who}: no Grand Tour").format(who=who))
    add(title, "grand-tour", p, text, {p: row.grand_tour}, overlays=dict(network=p, player=p))
def _longest_without_bonus(state) -> str:
    """What the longest path is for in an edition without a longest path bonus: a tie-breaker,
    a bonus card that counts it (Northern Lights' Nordic Express), or nothing."""
    uses = [_("the bonus card {letter}, {name}, counts it").format(letter=c.letter, name=card_name(c.name))
            for c in cards_in_play(state) if c.measure == "longest_path"]
    if "longest_path_length" in state.game.rules.tie_breakers:
        uses.append(_("it breaks ties"))
    if not uses:
        return " " + _("This edition gives no bonus for it.")
    if uses == [_("it breaks ties")]:
        return " " + _("This edition gives no bonus for it; it only breaks ties.")
    return " " + _("This edition gives no bonus for it, but {uses}.").format(uses=_and(uses))


def _depot_step(add, state, rows, names) -> None:
    """Warehouses & Depots: the bonus of the most Depots still in reserve (all tied players score it)."""
    bonus = state.rules.warehouses.end_bonus
    holders = [r.player for r in rows if r.depot_bonus]
    counts = ", ".join(f"{names[r.player]} {r.depots_kept}" for r in rows)
    if holders:
        text = ngettext("The most Depots still in reserve ({counts}): {who} scores {bonus}.",
                        "The most Depots still in reserve ({counts}): {who} score {bonus} (tied players all score it).",
                        len(holders)).format(counts=_esc(counts), who=_esc(_and(names[h] for h in holders)),
                                             bonus=f"<b>+{bonus}</b>")
    else:
        text = _("Nobody has a Depot left in reserve ({counts}): nobody scores the bonus.").format(counts=_esc(counts))
    text += " " + _("Cards left in a warehouse count for nothing.")
    add(_("Depots in reserve"), "depots", None, text, {h: bonus for h in holders},
        overlays=dict(network=holders[0], player=holders[0]) if len(holders) == 1 else {})


def build_steps(state, names=None) -> list[Step]:
    """The walkthrough's steps for a position (see `ScoringWalkthrough`)."""
    g = state.game
    rules = g.rules
    board = g.board
    rows = state.score_breakdown()
    n = g.players
    names = list(names) if names else [_("Player {n}").format(n=p + 1) for p in range(n)]
    totals = [0] * n
    steps: list[Step] = []

    def add(title, kind, player, text, delta, **kw):
        d = [0] * n
        for p, v in delta.items():
            d[p] += v
            totals[p] += v
        steps.append(Step(title, kind, player, text, tuple(totals), tuple(d), **kw))

    for row in rows:
        p = row.player
        who = names[p]
        mine = state.routes_of(p)
        # route points
        by_len = Counter(board.routes[i].length for i in mine)
        parts = [_("{k} × length {length} ({points})").format(k=k, length=length,
                                                               points=points_text(g.rules.points_for(length)))
                 for length, k in sorted(by_len.items())]
        trains = sum(board.routes[i].length for i in mine)
        if mine:
            text = _("{who} claimed {routes} with {trains}: {parts}. Route points: {points} (scored during the game, "
                     "recounted now).").format(who=_esc(who), routes=routes_text(len(mine)),
                                               trains=trains_text(trains), parts=_esc(", ".join(parts)),
                                               points=f"<b>{row.route_points}</b>")
        else:
            text = _("{who} claimed no route: 0 route points.").format(who=_esc(who))
        add(_("{who}: route points").format(who=who), "routes", p, text, {p: row.route_points}, overlays=dict(network=p, player=p),
            highlight=())
        # stations: the route each one borrows
        if rules.stations:
            borrowed = dict(row.borrowed)
            for city in state.stations_of(p):
                key = borrowed.get(city)
                if key:
                    r = board.route[key]
                    owner = state.owners[r.index]
                    key = route_name(g, r.index)
                    title = _("{who}: station {city} borrows {route}").format(who=who, city=city, route=key)
                    text = _("{who}'s station in {city_b} lets them use one route of another player touching {city}: "
                             "{route} ({owner}'s). It is chosen to score the most ticket points. Stations are not "
                             "routes: they never count for the longest path.").format(
                        who=_esc(who), city_b=f"<b>{_esc(city)}</b>", city=_esc(city), route=f"<b>{_esc(key)}</b>",
                        owner=_esc(names[owner]))
                    add(title, "station", p, text, {}, overlays=dict(network=p, player=p),
                        highlight=(r.index, city))
                else:
                    title = _("{who}: station {city} borrows nothing").format(who=who, city=city)
                    text = _("{who}'s station in {city} borrows no route: no route of another player there would "
                             "complete one more ticket.").format(who=_esc(who), city=f"<b>{_esc(city)}</b>")
                    add(title, "station", p, text, {}, overlays=dict(network=p, player=p), highlight=(city,))
            unbuilt = rules.stations - row.stations_built
            title = ngettext("{who}: {n} station not built {points}", "{who}: {n} stations not built {points}",
                             unbuilt).format(who=who, n=unbuilt, points=_signed(row.station_points))
            text = _("Each station not built scores {each} points: {who} built {built} of {stations}, so {n} × {each} "
                     "= {points}.").format(each=rules.unbuilt_station_points, who=_esc(who), built=row.stations_built,
                                           stations=rules.stations, n=unbuilt,
                                           points=f"<b>{row.station_points}</b>")
            add(title, "unbuilt-stations", p, text, {p: row.station_points}, overlays=dict(network=p, player=p),
                highlight=tuple(state.stations_of(p)))
        # tickets
        borrowed_keys = [k for _, k in row.borrowed]
        for tid, res in zip(state.tickets[p], row.tickets):
            ticket = board.tickets[tid]
            title = _("{who}: ticket {ticket} {points}").format(who=who, ticket=ticket_name(res.ticket),
                                                                 points=_signed(res.points))
            if res.completed:
                path = _routes_joining(state, p, borrowed_keys, ticket.source, res.reached)
                used = [route_name(g, i) for i in path if state.owners[i] != p]
                via = _(", using the borrowed route {route}").format(route=_esc(_and(used))) if used else ""
                extra = ""
                if len(ticket.targets) > 1:
                    extra = " " + _("It reached {place}, the best of {places} they joined.").format(
                        place=_esc(res.reached), places=_esc(_and(ticket.targets)))
                text = _("{ticket} is completed: {who}'s routes join {source} to {target}{via} (outlined on the board), "
                         "so it scores {points}.").format(
                    ticket=f"<b>{_esc(ticket_name(res.ticket))}</b>", who=_esc(who), source=_esc(ticket.source),
                    target=_esc(res.reached), via=via, points=f"<b>{_signed(res.points)}</b>") + extra
                add(title, "ticket", p, text, {p: res.points}, overlays=dict(network=p, player=p),
                    highlight=tuple(path) + (ticket.source, res.reached), ticket=res.ticket)
            else:
                missing = _missing_trains(state, ticket, p)
                if missing is None:
                    how = _("It can no longer be completed: other players' routes cut every way; the two ends are "
                            "ringed on the board.")
                else:
                    how = ngettext("The cyan line shows the cheapest way it could have been finished: {n} more train.",
                                   "The cyan line shows the cheapest way it could have been finished: {n} more trains.",
                                   missing).format(n=missing)
                if len(ticket.targets) > 1:
                    lost = _("{ticket} is not completed, so {who} loses the lowest value on the ticket: {points}.")
                else:
                    lost = _("{ticket} is not completed, so {who} loses its value: {points}.")
                text = lost.format(ticket=f"<b>{_esc(ticket_name(res.ticket))}</b>", who=_esc(who),
                                   points=f"<b>{_signed(res.points)}</b>") + " " + _esc(how)
                add(title, "ticket", p, text, {p: res.points}, overlays=dict(network=p, ticket=res.ticket, player=p),
                    highlight=(ticket.source, *ticket.targets) if missing is None else (), ticket=res.ticket)
        # the Grand Tour
        if rules.grand_tour_points:
            _grand_tour_steps(add, g, row, who)
        # longest path
        if row.longest_path:
            text = _("{who}'s longest continuous path is {trains} long, over {routes} numbered along the trail. A "
                     "path may pass through a city twice but uses each route once.").format(
                who=_esc(who), trains=f"<b>{trains_text(row.longest_path)}</b>",
                routes=routes_text(len(row.longest_trail)))
        else:
            text = _("{who} has no route, so no path.").format(who=_esc(who))
        if not rules.longest_path_bonus:
            text += _longest_without_bonus(state)
        add(_("{who}: longest path {n}").format(who=who, n=row.longest_path), "longest", p, text, {},
            overlays=dict(network=p, longest=p, player=p))
    # bonuses
    if rules.longest_path_bonus:
        best = max(r.longest_path for r in rows)
        holders = [r.player for r in rows if r.longest_bonus]
        if holders:
            text = ngettext("The longest continuous path is {trains}: {who} scores {bonus}.",
                            "The longest continuous path is {trains}: {who} score {bonus} (tied players all score it).",
                            len(holders)).format(trains=trains_text(best),
                                                 who=_esc(_and(names[h] for h in holders)),
                                                 bonus=f"<b>+{rules.longest_path_bonus}</b>")
        else:
            text = _("Nobody has a route, so nobody scores the longest path bonus.")
        if rules.longest_path_card:
            text += " " + _("In this edition the bonus card is called the {name}.").format(
                name=_esc(rules.longest_path_card))
        add(_("Longest path bonus"), "longest-bonus", None, text, {h: rules.longest_path_bonus for h in holders},
            overlays=dict(longest=holders[0], network=holders[0], player=holders[0]) if holders else {})
    if rules.globetrotter_bonus:
        best = max(r.tickets_completed for r in rows)
        holders = [r.player for r in rows if r.globetrotter]
        counts = ", ".join(f"{names[r.player]} {r.tickets_completed}" for r in rows)
        if holders:
            text = ngettext("The Globetrotter goes to the most completed tickets ({counts}): {who} scores {bonus}.",
                            "The Globetrotter goes to the most completed tickets ({counts}): {who} score {bonus}.",
                            len(holders)).format(counts=_esc(counts), who=_esc(_and(names[h] for h in holders)),
                                                 bonus=f"<b>+{rules.globetrotter_bonus}</b>")
        else:
            text = _("Nobody completed a ticket ({counts}): nobody scores the Globetrotter.").format(
                counts=_esc(counts))
        add(_("Globetrotter"), "globetrotter", None, text, {h: rules.globetrotter_bonus for h in holders},
            overlays=dict(network=holders[0], player=holders[0]) if len(holders) == 1 else {})
    if state.depots is not None:                     # Warehouses & Depots: the end bonus
        _depot_step(add, state, rows, names)
    for k in range(len(state.bonus_cards)):          # Northern Lights: a step per bonus card in play
        step = bonus_card_step(state, rows, k, names)
        add(step["title"], "bonus-card", None, step["text"], step["delta"], overlays=step["overlays"],
            highlight=step["highlight"])
    winners, decided, lines = tie_break(state, rows, names)
    # Translators: joins the tie-breakers in their order: "most completed tickets, then longest continuous path"
    order = _(", then ").join(_tie_words(t) for t in rules.tie_breakers)
    text = (_esc(_("The highest total wins. On a tie: {order}.").format(order=order)) + "<br>"
            + "<br>".join(_esc(s) for s in lines))
    add(_("Tie-breakers"), "tie-breakers", None, text, {})
    add(_("Final table"), "final", None, score_table_html(state, names, rows=rows), {})
    return steps


# --------------------------------------------------------------------------- the widget


class ScoringWalkthrough(LazyBoard, Controller):
    """Step through the final scoring of a position (a finished game, or any position).

    ``ScoringWalkthrough(state_or_match, names=None)``; with a `Match` the walkthrough
    follows it (a new move re-scores). Public methods: `next()`, `previous()`,
    `goto(step)` (an index or a title), `first()`, `last()`; attributes `steps` (titles),
    `current_step` (index), `step` (the current `Step`), `totals` (running totals now),
    `rows` (the engine's `ScoreRow`s), `winners`, `table_html`, `view` (the `BoardView`).

    The walkthrough is an ipywidgets `VBox` (it goes into an `HBox` or a `Tab`, has a `.layout`)
    whose step is a trait: ``current_step`` (settable: setting it goes to that step, as `goto`
    does), so a slider can drive it, ``ipywidgets.link((slider, "value"), (walk, "current_step"))``,
    with ``slider.max = len(walk.steps) - 1``; and ``language``.
    """

    current_step = Int(0, help="The index of the step shown (setting it goes to that step).").tag(sync=True)

    def __init__(self, state_or_match, names=None, board_width: int | None = None, colour_blind: bool = False, *,
                 language: str | None = None):
        me = "ScoringWalkthrough"
        self.colour_blind = check_flag(me, "colour_blind", colour_blind)
        board_width = check_width(me, board_width)
        if isinstance(state_or_match, Match):
            match = state_or_match
        elif isinstance(state_or_match, State):
            match = Match(state_or_match.game, state_or_match)
        else:
            raise ArgumentError(me, "state_or_match", _("ScoringWalkthrough needs a State or a Match, not {kind}")
                                .format(kind=type(state_or_match).__name__))
        names = check_names(me, names, match.game.players)
        super().__init__(match)
        self.names = names or [_("Player {n}").format(n=p + 1) for p in range(self.game.players)]
        self._step = 0
        self.observe(self._current_step_set, names="current_step")
        self._syncing = False
        self._build_steps()
        self._init_board(board_width)
        self._build_widgets()
        self.match.on_change(self._on_match_change)
        self._render()

    # ------------------------------------------------------------------ construction
    @classmethod
    def demo(cls, edition: str = "usa", seed: int = 0, players: int = 2, **kw) -> "ScoringWalkthrough":
        """A walkthrough of a game greedy bots played to the end (seeded: always the same game)."""
        return cls(finished_match(edition, players=players, seed=seed).state, **kw)

    def _build_steps(self) -> None:
        self.all_steps = build_steps(self.state, self.names)
        self.rows = self.state.score_breakdown()
        self.winners, self.decided_by = tie_break(self.state, self.rows)[:2]
        self.table_html = score_table_html(self.state, self.names, rows=self.rows)

    def _build_widgets(self) -> None:
        def big() -> W.Layout:
            return W.Layout(height="42px", min_width="100px", width="auto")

        self.title = W.HTML()
        self.title.add_class("ttr-step-title")
        self.counter = W.HTML()
        self.counter.add_class("ttr-step-counter")
        self.first_button = W.Button(description=_("◀◀ First"), layout=big(), tooltip=_("the first step"))
        self.prev_button = W.Button(description=_("◀ Previous"), layout=big(), tooltip=_("the step before"))
        self.next_button = W.Button(description=_("Next ▶"), layout=big(), button_style="primary",
                                    tooltip=_("the next step"))
        self.last_button = W.Button(description=_("Last ▶▶"), layout=big(), tooltip=_("the final table"))
        for b, cls in ((self.first_button, "ttr-first"), (self.prev_button, "ttr-prev"),
                       (self.next_button, "ttr-next"), (self.last_button, "ttr-last")):
            b.add_class(cls)
            b.style.font_size = "15px"
        self.first_button.on_click(self.guarded(lambda _: self.first()))
        self.prev_button.on_click(self.guarded(lambda _: self.previous()))
        self.next_button.on_click(self.guarded(lambda _: self.next()))
        self.last_button.on_click(self.guarded(lambda _: self.last()))
        self.select = W.Dropdown(layout=W.Layout(width="300px", height="42px"))
        self.select.add_class("ttr-step-select")
        self._set_select_options()
        self.select.observe(self.guarded(self._on_select), names="value")
        self.text = W.HTML()
        self.text.add_class("ttr-step-text")
        self.running = W.HTML()
        self.running.add_class("ttr-running")
        # one row of buttons under the step's title and its number: the board keeps the height left
        nav = W.HBox([self.first_button, self.prev_button, self.next_button, self.last_button, self.select],
                     layout=W.Layout(align_items="center", flex_flow="row wrap"))
        self._heading = W.HBox([self.title, self.counter], layout=W.Layout(align_items="baseline",
                                                                           flex_flow="row wrap"))
        self._nav = nav

    def _build_tree(self) -> None:
        # the running totals next to the buttons that change them; the step's text beside the
        # board from 760 px (responsive.split), above it on a narrower screen
        body = split(self.board_frame.box, top=[self.text], text_beside=True)
        self.children = [stylesheet(), self._heading, self._nav, self.running, self.status.widget, body, self.errors]
        self.add_class("ttr-scoring")
        mark_root(self, self.game.board)

    def _set_select_options(self) -> None:
        self._syncing = True
        try:
            self.select.options = [(f"{i + 1}. {s.title}", i) for i, s in enumerate(self.all_steps)]
            self.select.value = min(self._step, len(self.all_steps) - 1)
        finally:
            self._syncing = False

    # ------------------------------------------------------------------ public
    @property
    def steps(self) -> list[str]:
        """The titles of the steps, in order."""
        return [s.title for s in self.all_steps]

    @property
    def step(self) -> Step:
        return self.all_steps[self._step]

    @property
    def totals(self) -> tuple[int, ...]:
        """Every player's running total after the current step."""
        return self.step.totals

    def next(self) -> int:
        """Go to the next step (at the last step: stay, and say so)."""
        if self._step + 1 >= len(self.all_steps):
            self.refuse("widget.last-step", _("This is the last step: the final table."))
            return self._step
        return self.goto(self._step + 1)

    def previous(self) -> int:
        if self._step == 0:
            self.refuse("widget.first-step", _("This is the first step."))
            return self._step
        return self.goto(self._step - 1)

    def first(self) -> int:
        return self.goto(0)

    def last(self) -> int:
        return self.goto(len(self.all_steps) - 1)

    def goto(self, step) -> int:
        """Go to a step: its index (negative counts from the end) or its title (or a part of
        it that names one step). Returns the index now shown."""
        n = len(self.all_steps)
        if isinstance(step, str):
            titles = self.steps
            found = [i for i, t in enumerate(titles) if t == step]
            if not found:
                # "Paris-Wien" finds the step a Danish walkthrough titles "Paris–Wien" (an en dash)
                plain = lambda text: text.casefold().replace("\u2013", "-").replace("\u2014", "-")
                found = [i for i, t in enumerate(titles) if plain(step) in plain(t)]
            if len(found) != 1:
                steps = f"{'; '.join(titles[:4])}; ... {titles[-1]}"
                if not found:
                    why = _("no step is called {step}: the steps are {steps}.")
                else:
                    why = _("{n} steps match {step}: the steps are {steps}.")
                self.refuse("widget.unknown-step", why.format(n=len(found), step=repr(step), steps=steps))
                return self._step
            index = found[0]
        else:
            index = whole_number(step, -n, n - 1)
            if index is None:
                self.refuse("widget.unknown-step", _("There is no step {step}: steps run from 0 to {last}.").format(
                    step=repr(step), last=n - 1))
                return self._step
            if index < 0:
                index += n
        self._step = index
        self._render()
        return index

    def _published(self) -> dict:
        return {**super()._published(), "current_step": self._step}

    def _current_step_set(self, change) -> None:
        if change["new"] != self._step:
            self.guarded(self.goto)(change["new"])

    def refresh(self) -> None:
        """Re-score the match's position (called by the match after each move)."""
        self._build_steps()
        self._step = min(self._step, len(self.all_steps) - 1)
        if self._view is not None:
            self._view.update(self.state)
        self._set_select_options()
        self._render()

    # ------------------------------------------------------------------ callbacks and drawing
    def _on_select(self, change) -> None:
        if not self._syncing and change["new"] is not None and change["new"] != self._step:
            self.goto(change["new"])

    def _on_match_change(self, match) -> None:
        self.guarded(self.refresh)()

    def _running_html(self, step: Step) -> str:
        cells = []
        for p, total in enumerate(step.totals):
            d = step.delta[p]
            active = step.player == p or d != 0
            border = f" style='border-color:{_esc(self.colours[p])}'" if active else ""
            delta = (f"<span class='ttr-delta {'ttr-gain' if d > 0 else 'ttr-loss'}'> {_signed(d)}</span>"
                     if d else "")
            cells.append(f"<div class='ttr-total{' ttr-active' if active else ''}'{border}>{_swatch(self.colours[p])}"
                         f"{_esc(self.names[p])}: <b>{total}</b>{delta}</div>")
        return "<div class='ttr-totals'>" + "".join(cells) + "</div>"

    def _render(self) -> None:
        step = self.step
        n = len(self.all_steps)
        self.title.value = f"<div class='ttr-title'>{_esc(step.title)}</div>"
        counter = _("step {k} of {n}").format(k=self._step + 1, n=n)
        self.counter.value = f"<span class='ttr-counter'>{_esc(counter)}</span>"
        self.prev_button.disabled = self.first_button.disabled = self._step == 0
        self.next_button.disabled = self.last_button.disabled = self._step == n - 1
        self._syncing = True
        try:
            self.select.value = self._step
        finally:
            self._syncing = False
        self.running.value = self._running_html(step)
        self.text.value = f"<div class='ttr-text ttr-step-body'>{step.text}</div>"
        self._set_highlight(step.highlight or None)
        self._set_overlays(Overlays(**step.overlays))
        self.status.show("")
