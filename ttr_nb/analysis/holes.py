"""The holes in the rules: how often seeded games meet the situations the rulebooks do not
cover, and which the engine rules on (README, "Rules decisions"; the published study that
found them: de Mesentier Silva et al. 2017, "AI as Evaluator").

- a **stopped flush**: three locomotives (the edition's `display_flush_at`) stay face up,
  because deck and discard no longer hold the cards for a display with fewer;
- a **short display**: fewer face-up cards than the display holds, deck and discard empty;
- **dry decks**: no train card left in deck or discard;
- a **pass**: a player with no legal action passes; a full round of passes ends the game.

    >>> counts = count_holes("usa", games=4, seed=1)
    >>> counts.games
    4
    >>> counts.with_pass <= counts.games
    True

`count_holes(edition, agents=..., games=..., seed=...)` plays the games with the same seeds as
`tournament` (game `i` has seed `game_seed(seed, i)`, the seats turn) and counts in how many
each situation arose. Its default players are card hoarders (`Hoarder`): they draw train
cards whenever they can, so the decks run dry, as in the study's failure states; any agent
of `agents.AGENTS` may play instead.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine.actions import DrawBlind, DrawFaceUp, Pass
from ..engine.cards import LOCO
from .bots import Agent
from .tournament import game_seed

__all__ = ["Hoarder", "GameHoles", "HoleCounts", "holes_in_game", "count_holes"]


class Hoarder(Agent):
    """Draws train cards whenever it can (19 times in 20), else plays any legal action at
    random: the decks run dry, the display runs short and, at the end, everybody passes."""
    name = "hoarder"

    def act(self, observation):
        actions = list(observation.legal_actions())
        if self.rng.random() < 0.95:
            draws = [a for a in actions if isinstance(a, (DrawBlind, DrawFaceUp))]
            if draws:
                return draws[self.rng.randrange(len(draws))]
        return actions[self.rng.randrange(len(actions))]


@dataclass(frozen=True)
class GameHoles:
    """What one game met. `passes`: the passes played; `over_by_passes`: a full round of
    passes ended the game; `short_display`: the turns that started with a display short of
    cards; `stopped_flush`: the turns that started with `display_flush_at` locomotives face up;
    `dry`: the turns that started with no card in deck or discard; `turns`: the turns played."""
    seed: int
    passes: int
    over_by_passes: bool
    short_display: int
    stopped_flush: int
    dry: int
    turns: int


@dataclass(frozen=True)
class HoleCounts:
    """In how many of `games` games each situation arose (at least once)."""
    edition: str
    players: int
    games: int
    with_pass: int
    over_by_passes: int
    with_short_display: int
    with_stopped_flush: int
    with_dry_decks: int
    records: tuple[GameHoles, ...]


def _make(agent, seed: int) -> Agent:
    if agent == "hoarder":
        return Hoarder(seed)
    from .tournament import _make as make
    return make(agent, seed)


def holes_in_game(edition: str, agents: Sequence, seed: int, index: int = 0, **options) -> GameHoles:
    """Play one game of `edition` (seed `seed`, one agent per seat, turned `index` places
    round the table as `tournament` turns them) and count the holes it met."""
    from ..engine.game import load_game
    n = len(agents)
    seats = [_make(agents[(s + index) % n], seed * 10 + s) for s in range(n)]
    state = load_game(edition, players=n, seed=seed, **options).new_state()
    rules = state.game.rules
    size, at = rules.display_size, rules.display_flush_at
    passes = short = stopped = dry = 0
    last_turn = None
    while not state.is_over():
        if state.phase == "turn" and state.turn != last_turn:        # the start of a turn
            last_turn = state.turn
            display = state.display
            short += len(display) < size
            stopped += bool(at) and display.count(LOCO) >= at
            dry += not state.deck and not state.discard
        action = seats[state.current_player](state)
        passes += isinstance(action, Pass)
        state = state.apply(action)
    return GameHoles(seed, passes, state.passes >= n, short, stopped, dry, state.turn)


def count_holes(edition: str, agents: Sequence | None = None, players: int = 2, games: int = 100, seed: int = 0,
                **options) -> HoleCounts:
    """`games` seeded games of `edition` between `agents` (default: `players` card hoarders),
    and in how many of them a player passed, a full round of passes ended the game, a turn
    began with the display short, with a stopped flush, or with deck and discard empty."""
    agents = list(agents) if agents is not None else ["hoarder"] * players
    records = tuple(holes_in_game(edition, agents, game_seed(seed, i), i, **options) for i in range(games))
    return HoleCounts(edition, len(agents), games,
                      sum(r.passes > 0 for r in records), sum(r.over_by_passes for r in records),
                      sum(r.short_display > 0 for r in records), sum(r.stopped_flush > 0 for r in records),
                      sum(r.dry > 0 for r in records), records)
