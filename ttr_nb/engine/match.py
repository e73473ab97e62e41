"""`Match`: the one mutable wrapper, for notebooks and widgets.

A match keeps the list of states of one game, so `undo` is a pop and `history`
is the list of actions played. `save` writes the game's settings and the
actions' text; `load` replays them (the seed makes every shuffle identical).
"""
from __future__ import annotations

import json
from pathlib import Path

from .game import Game, load_game

FORMAT = "ttr_nb-match/1"


class Match:
    """The one mutable wrapper around a game: the states played so far and the actions
    between them.

    The vocabulary: `play(action)` (an Action or its text; raises `IllegalAction` and
    changes nothing if the rules forbid it), `undo()`, `state` (the latest `State`),
    `states`, `history` (the actions played), `game`, `save(path)` / `Match.load(path)`
    and `to_dict()` / `Match.from_dict(d)` (the settings and the actions' text; loading
    replays them), and `on_change(callback)` for widgets.
    """

    def __init__(self, game: Game, state=None):
        self.game = game
        self.states = [state if state is not None else game.new_state()]
        self.history: list = []
        self._listeners: list = []

    @property
    def state(self):
        return self.states[-1]

    def play(self, action):
        """Apply an action (or its text) for the player to move; raises `IllegalAction`
        with the reason and changes nothing if the rules forbid it."""
        action = self.game.parse_action(action) if isinstance(action, str) else self.game.canonical(action)
        new = self.state.apply(action)
        self.states.append(new)
        self.history.append(action)
        self._notify()
        return new

    def undo(self):
        """Take back the last action. Returns it (None if there is nothing to undo)."""
        if not self.history:
            return None
        self.states.pop()
        action = self.history.pop()
        self._notify()
        return action

    def on_change(self, callback, remove: bool = False) -> None:
        """Call `callback(match)` after every play and undo."""
        if remove:
            self._listeners.remove(callback)
        else:
            self._listeners.append(callback)

    def _notify(self) -> None:
        for cb in list(self._listeners):
            cb(self)

    def to_dict(self) -> dict:
        g = self.game
        return {"format": FORMAT, "edition": g.rules.id, "players": g.players, "seed": g.seed,
                "first_player": g.first_player, "options": dict(g.rules.options),
                "start": self.states[0].to_dict(), "actions": [str(a) for a in self.history]}

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), ensure_ascii=False, indent=1), encoding="utf-8")

    @classmethod
    def from_dict(cls, d: dict) -> "Match":
        if d.get("format") != FORMAT:
            raise ValueError(f"not a saved match (format {d.get('format')!r}, expected {FORMAT!r})")
        game = load_game(d["edition"], players=d["players"], seed=d["seed"],
                         first_player=d.get("first_player", 0), **d.get("options", {}))
        m = cls(game, game.state_from_dict(d["start"]))
        for text in d["actions"]:
            m.play(text)
        return m

    @classmethod
    def load(cls, path) -> "Match":
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))

    def __repr__(self) -> str:
        return f"<Match {self.game!r}: {len(self.history)} actions, {self.state!r}>"
