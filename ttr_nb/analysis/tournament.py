"""Tournaments: seeded games between agents, seats rotated, and what they show.

    >>> result = tournament("usa", ["route-focus", "long-route"], games=4, seed=1)
    >>> result.games_played
    4

`tournament(edition, agents, players=..., games=..., seed=..., executor=None, **options)`
plays `games` games of the edition (`options` are the edition's options, as for
`load_game`), one agent per seat. Game `i` has its own seed (from `seed` and `i`), and the
seats turn: in game `i` the agents sit `i` places further round the table, so each agent
plays each seat as often as the others (when `games` is a multiple of the players). Every
game's result depends on `seed` and `i` alone, so the same seed gives the same result
whoever plays the games: this process, or any `concurrent.futures.Executor` (a process
pool, or a Dask cluster's `Client.get_executor()`), which plays them in chunks.

A study that outgrows one machine runs on a Dask cluster (the `ttr-nb[dask]` extra: Dask and
`distributed`; the package installed on every worker):

    from distributed import Client
    with Client("tcp://SCHEDULER:8786") as client:       # or Client(LocalCluster())
        result = tournament("usa", ["planner", "route-focus"], games=10_000, seed=1,
                            executor=client.get_executor(), chunk=50)

The result (`TournamentResult`) shows itself as a table in a notebook (`_repr_html_`) and in
a terminal (`table()`): per agent its wins with a 95% Wilson interval, its mean score and
the parts of it (routes, tickets, longest path, the edition's bonuses), tickets completed,
the games it ended (its turn started the final round), its wins from each seat; and the
games' turns, the games ended by every player passing, the shared wins.
"""
from __future__ import annotations

import hashlib
import html
import math
import statistics
import sys
import time
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Callable, Sequence

from ..engine.i18n import N_, translations
from ..engine.numerals import decimal, percent, whole

_, ngettext = translations("engine")

__all__ = ["tournament", "TournamentResult", "GameRecord", "wilson_interval", "game_seed"]

#: the parts of a score, as `ScoreRow` names them, and their column titles (marked for translation:
#: `part_title` gives one in the language chosen)
PARTS = (("route_points", N_("routes")), ("ticket_points", N_("tickets")), ("longest_bonus", N_("longest path")),
         ("globetrotter", N_("globetrotter")), ("station_points", N_("stations")), ("grand_tour", N_("grand tour")),
         ("bonus_points", N_("bonus cards")))


def part_title(part: str) -> str:
    """A part's column title in the language chosen ("routes", "strækninger")."""
    return _(dict(PARTS)[part])


def wilson_interval(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a rate of `wins` in `n` trials (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def game_seed(seed: int, i: int) -> int:
    """The seed of game `i` of a tournament of seed `seed`."""
    return int.from_bytes(hashlib.sha256(f"tournament/{seed}/{i}".encode()).digest()[:6], "big")


@dataclass(frozen=True)
class GameRecord:
    """One game of a tournament.

    Attributes:
        index: the game's number in the tournament (from 0).
        seed: the game's seed.
        seating: per seat, the agent sitting there (its position in the tournament's agents).
        scores: per seat, the score's total and parts (`PARTS`), as a dict.
        tickets: per seat, (tickets completed, tickets kept).
        winners: the seats that won (several on a shared win).
        ended_by: the seat whose turn started the final round, or None (every player passed).
        turns: the turns played.
        owners: per route of the board (by index), the seat that claimed it, or -1 (unclaimed):
            which routes each player built (`ttr_nb.analysis.claims` counts them).
    """
    index: int
    seed: int
    seating: tuple[int, ...]
    scores: tuple[dict, ...]
    tickets: tuple[tuple[int, int], ...]
    winners: tuple[int, ...]
    ended_by: int | None
    turns: int
    owners: tuple[int, ...] = ()


@dataclass(frozen=True)
class _Spec:
    """What every game of a tournament shares (sent to an executor's workers)."""
    edition: str
    agents: tuple
    players: int
    seed: int
    options: tuple


def _make(agent, seed: int):
    from .agents import make_agent
    return make_agent(agent, seed) if isinstance(agent, str) else agent(seed)


def play_game(spec: _Spec, i: int) -> GameRecord:
    """Game `i` of the tournament `spec`."""
    from ..engine.game import load_game
    n = spec.players
    seed = game_seed(spec.seed, i)
    seating = tuple((s + i) % n for s in range(n))
    seats = [_make(spec.agents[seating[s]], seed * 10 + s) for s in range(n)]
    state = load_game(spec.edition, players=n, seed=seed, **dict(spec.options)).new_state()
    ended_by = None
    while not state.is_over():
        before = state
        state = state.apply(seats[state.current_player](state))
        if ended_by is None and before.countdown is None and state.countdown is not None:
            ended_by = before.current_player
    rows = state.score_breakdown()
    scores = tuple({"total": row.total, **{name: getattr(row, name) for name, _ in PARTS}} for row in rows)
    tickets = tuple((row.tickets_completed, len(row.tickets)) for row in rows)
    return GameRecord(i, seed, seating, scores, tickets, tuple(state.winners()), ended_by, state.turn,
                      tuple(state.owners))


def _play_games(spec: _Spec, indexes: Sequence[int]) -> list[GameRecord]:
    return [play_game(spec, i) for i in indexes]


class TextProgress:
    """Games played so far, on one line of a terminal (nothing when the stream is no terminal)."""

    def __init__(self, total: int, stream=None):
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.shown = getattr(self.stream, "isatty", lambda: False)()
        self.start = time.perf_counter()

    def __call__(self, done: int) -> None:
        if not self.shown:
            return
        width = 30
        full = width * done // max(1, self.total)
        spent = time.perf_counter() - self.start
        self.stream.write(f"\r[{'#' * full}{'.' * (width - full)}] {done}/{self.total} games, {spent:.0f} s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def tournament(edition: str, agents: Sequence, players: int | None = None, games: int = 100, seed: int = 0,
               executor: Executor | None = None, progress: Callable[[int], None] | bool | None = None,
               chunk: int | None = None, **options) -> "TournamentResult":
    """Play `games` seeded games of `edition` between `agents` (names of `AGENTS`, or agent
    classes called with a seed), one per seat, the seats rotated (see the module's docstring).

    `players` defaults to the number of agents and must equal it (to put one agent in several
    seats, name it several times). `executor`: any `concurrent.futures.Executor` plays the
    games in chunks of `chunk` games (the result is the same). `progress`: a callable told the
    games done so far, True or None for a line in a terminal, False for none. `options`: the
    edition's options (`load_game`)."""
    from ..engine.game import load_game
    from .agents import AGENTS
    agents = tuple(agents)
    players = len(agents) if players is None else players
    if len(agents) != players:
        raise ValueError(f"A tournament of {players} players needs {players} agents, one per seat, not "
                         f"{len(agents)} ({', '.join(map(str, agents))}): name an agent twice to seat it twice.")
    unknown = [a for a in agents if isinstance(a, str) and a not in AGENTS]
    if unknown:
        raise ValueError(f"No agent is called {unknown[0]!r}: the agents are {', '.join(AGENTS)}.")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"A tournament plays at least 1 game, not {games!r}.")
    load_game(edition, players=players, seed=seed, **options)       # (refuses a bad edition, count or option)
    spec = _Spec(edition, agents, players, seed, tuple(sorted(options.items())))
    if progress is None or progress is True:
        progress = TextProgress(games)
    elif progress is False:
        progress = None
    records: list[GameRecord] = []
    if executor is None:
        for i in range(games):
            records.append(play_game(spec, i))
            if progress:
                progress(i + 1)
    else:
        size = chunk or max(1, min(50, games // 16))
        futures = [executor.submit(_play_games, spec, range(k, min(games, k + size))) for k in range(0, games, size)]
        done = 0
        for future in futures:
            part = future.result()
            records.extend(part)
            done += len(part)
            if progress:
                progress(done)
    return TournamentResult(edition, agents, players, seed, spec.options, tuple(records))


@dataclass(frozen=True)
class AgentRow:
    """What one agent of a tournament did, summed over its games."""
    label: str
    games: int
    wins: int
    shared: int                 # wins shared with another player
    interval: tuple[float, float]
    score: float
    parts: dict                 # part -> mean points
    completed: float            # mean tickets completed
    kept: float                 # mean tickets kept
    ended: int                  # games whose final round its turn started
    seat_wins: tuple[tuple[int, int], ...]   # per seat: (wins, games)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class TournamentResult:
    """The games of a tournament and what they show (see the module's docstring)."""
    edition: str
    agents: tuple
    players: int
    seed: int
    options: tuple
    records: tuple[GameRecord, ...]

    @property
    def games_played(self) -> int:
        return len(self.records)

    def labels(self) -> list[str]:
        """The agents' names, numbered where one is seated several times."""
        names = [a if isinstance(a, str) else getattr(a, "name", a.__name__) for a in self.agents]
        return [f"{n} #{names[:k + 1].count(n)}" if names.count(n) > 1 else n for k, n in enumerate(names)]

    def rows(self) -> list[AgentRow]:
        """One `AgentRow` per agent, in the order they were named."""
        out = []
        parts = self.parts()
        for k, label in enumerate(self.labels()):
            entries = [(g, g.seating.index(k)) for g in self.records]
            wins = sum(seat in g.winners for g, seat in entries)
            shared = sum(seat in g.winners and len(g.winners) > 1 for g, seat in entries)
            n = len(entries)
            seat_wins = tuple((sum(seat in g.winners for g, seat in entries if seat == s),
                               sum(1 for _, seat in entries if seat == s)) for s in range(self.players))
            out.append(AgentRow(
                label, n, wins, shared, wilson_interval(wins, n),
                statistics.fmean(g.scores[seat]["total"] for g, seat in entries),
                {part: statistics.fmean(g.scores[seat][part] for g, seat in entries) for part in parts},
                statistics.fmean(g.tickets[seat][0] for g, seat in entries),
                statistics.fmean(g.tickets[seat][1] for g, seat in entries),
                sum(g.ended_by == seat for g, seat in entries), seat_wins))
        return out

    def parts(self) -> list[str]:
        """The parts of the score any player scored in these games (`PARTS`)."""
        return [name for name, _ in PARTS if any(s[name] for g in self.records for s in g.scores)]

    def seat_rates(self) -> list[float]:
        """Per seat, the share of games a player in it won (whatever the agent)."""
        n = len(self.records)
        return [sum(s in g.winners for g in self.records) / n for s in range(self.players)]

    def turns(self) -> tuple[float, int, int]:
        """The mean, fewest and most turns of the games."""
        t = [g.turns for g in self.records]
        return statistics.fmean(t), min(t), max(t)

    def passed_out(self) -> int:
        """Games that ended with every player passing (no final round)."""
        return sum(g.ended_by is None for g in self.records)

    # -- showing it (in the language chosen, numbers written its way)
    def shown_labels(self) -> list[str]:
        """The agents as the table and the charts name them: an agent of `AGENTS` by its title in
        the language chosen ("Route Focus", "Strækningsfokus"), numbered where one is seated
        several times; another agent by its name."""
        from .agents import AGENTS, agent_title
        names = [agent_title(a) if isinstance(a, str) and a in AGENTS
                 else a if isinstance(a, str) else getattr(a, "name", a.__name__) for a in self.agents]
        return [f"{n} #{names[:k + 1].count(n)}" if names.count(n) > 1 else n for k, n in enumerate(names)]

    def _title(self) -> str:
        from ..engine.rules import edition_title, load_rules
        opts = "".join(f", {k}={v!r}" for k, v in self.options)
        # Translators: the heading of a tournament's table: "Ticket to Ride: Europe, 3 players, 100 games,
        # seed 2: Route Focus v Long Route v random" ({options}: the edition's options, as code)
        return _("{edition}, {players} players, {games} games, seed {seed}{options}: {agents}").format(
            edition=edition_title(load_rules(self.edition)), players=self.players, games=whole(self.games_played),
            seed=self.seed, options=opts, agents=_(" v ").join(self.shown_labels()))

    def _cells(self) -> tuple[list[str], list[list[str]]]:
        parts = self.parts()
        head = ([_("agent"), _("games"), _("wins"), _("win rate (95%)"), _("mean score")]
                + [part_title(p) for p in parts]
                + [_("tickets done/kept"), _("ended the game")]
                + [_("wins from seat {n}").format(n=s + 1) for s in range(self.players)])
        body = []
        for r, label in zip(self.rows(), self.shown_labels()):
            low, high = r.interval
            body.append([label, whole(r.games), whole(r.wins),
                         f"{percent(r.rate)} ({percent(low)}–{percent(high)})", decimal(r.score, 1)]
                        + [decimal(r.parts[p], 1) for p in parts]
                        + [f"{decimal(r.completed, 1)}/{decimal(r.kept, 1)}", whole(r.ended)]
                        + [f"{whole(w)}/{whole(n)}" for w, n in r.seat_wins])
        return head, body

    def _footer(self) -> str:
        mean, low, high = self.turns()
        seats = ", ".join(_("seat {n} {share}").format(n=s + 1, share=percent(rate, 0))
                          for s, rate in enumerate(self.seat_rates()))
        shared = sum(len(g.winners) > 1 for g in self.records)
        return _("turns {mean} (from {low} to {high}); wins by seat, whoever sat there: {seats}; games ended by "
                 "every player passing: {passed}; shared wins: {shared}").format(
            mean=decimal(mean, 1), low=whole(low), high=whole(high), seats=seats, passed=whole(self.passed_out()),
            shared=whole(shared))

    def table(self) -> str:
        """The result as text, for a terminal."""
        head, body = self._cells()
        widths = [max(len(row[c]) for row in [head, *body]) for c in range(len(head))]
        line = lambda row: "  ".join(cell.ljust(w) if c == 0 else cell.rjust(w)  # noqa: E731
                                     for c, (cell, w) in enumerate(zip(row, widths)))
        return "\n".join([self._title(), line(head), line(["-" * w for w in widths]), *map(line, body),
                          self._footer()])

    __str__ = table

    def _repr_html_(self) -> str:
        head, body = self._cells()
        esc = html.escape
        rows = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in body)
        from ..engine.i18n import language
        return (f"<div class='ttr-tournament' lang='{language()}'><p><b>{esc(self._title())}</b></p><table>"
                f"<thead><tr>{''.join(f'<th>{esc(h)}</th>' for h in head)}</tr></thead><tbody>{rows}</tbody>"
                f"</table><p>{esc(self._footer())}</p></div>")
