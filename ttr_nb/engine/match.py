"""`Match`: the one mutable wrapper, for notebooks and widgets.

A match keeps the list of states of one game, so `undo` is a pop and `history`
is the list of actions played. `save` writes the game's settings and the
actions' text; `load` replays them (the seed makes every shuffle identical).

A save file (format ``ttr_nb-match/1``) is a JSON object:

    {"format": "ttr_nb-match/1", "edition": "usa", "players": 2, "seed": 7,
     "first_player": 0, "options": {}, "start": {...a position...},
     "actions": ["keep 0,1,2", "keep 0,1", "draw deck", ...]}

``edition`` is an edition id (never a path); ``start`` is `State.to_dict`'s position;
``first_player``, ``options`` and ``variant`` (a variant id, for `load_game(..., variant=...)`) may be
left out. Saving is atomic: the file is
written beside its destination, flushed to disk, then put in place, so an
interrupted save leaves the previous file as it was. A file that is not a saved
match raises `SaveFileError` naming the file and what is wrong (for an action
that cannot be replayed: its number, counting from 1, and its text).
"""
from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from .callbacks import Callbacks
from .errors import IllegalAction
from .narration import player_mention
from .game import Game, load_game
from .i18n import N_, translations
from .readable import UnreadableJSON, read_json, unreadable

_, ngettext = translations("engine")

FORMAT = "ttr_nb-match/1"
_REQUIRED = {"format": N_("a string"), "edition": N_("an edition id"), "players": N_("an integer"),
             "seed": N_("an integer"), "start": N_("a position (an object)"), "actions": N_("a list of action texts")}
_OPTIONAL = {"first_player": N_("an integer"), "options": N_("an object of edition options"),
             "variant": N_("a variant id")}
# what a corrupt position may still raise inside the position reader (it should raise PositionError)
_READ_ERRORS = (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError, RecursionError)


class SaveFileError(ValueError):
    """A file (or dict) that is not a saved match: `source` names it, `problem` says what is wrong."""

    def __init__(self, source: str, problem: str):
        super().__init__(_("{source} is not a saved match that can be loaded: {problem}").format(source=source,
                                                                                                 problem=problem))
        self.source = source
        self.problem = problem

    def __reduce__(self):
        return type(self), (self.source, self.problem)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_fields(d, source: str) -> None:
    """Refuse a save dict of the wrong shape, naming every problem."""
    if not isinstance(d, dict):
        raise SaveFileError(source, _("it holds {type}, not an object").format(type=type(d).__name__))
    if d.get("format") != FORMAT:
        raise SaveFileError(source, _("not a saved match (format {found}, expected {format})").format(
            found=repr(str(d.get("format"))[:40]), format=repr(FORMAT)))
    problems = [_("{key} is missing ({what})").format(key=repr(k), what=_(what)) for k, what in _REQUIRED.items()
                if k not in d]
    problems += [_("unknown key {key}").format(key=repr(k[:40] if isinstance(k, str) else k))
                 for k in d if k not in _REQUIRED and k not in _OPTIONAL]
    checks = {"edition": lambda v: isinstance(v, str), "variant": lambda v: isinstance(v, str), "players": _is_int, "seed": _is_int,
              "first_player": _is_int, "start": lambda v: isinstance(v, dict),
              "options": lambda v: isinstance(v, dict) and all(
                  isinstance(k, str) and (v[k] is None or isinstance(v[k], (str, int, float))) for k in v),
              "actions": lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v)}
    for key, ok in checks.items():
        if key in d and not ok(d[key]):
            what = _REQUIRED.get(key) or _OPTIONAL[key]
            problems.append(_("{key} must be {what}, not {value}").format(key=repr(key), what=_(what),
                                                                           value=_short(d[key])))
    clash = sorted(set(d.get("options") or ()) & {"edition", "variant", "players", "seed", "first_player"}) \
        if isinstance(d.get("options"), dict) else []
    problems += [_("'options' cannot set {key} (a setting of its own)").format(key=repr(k)) for k in clash]
    if problems:
        raise SaveFileError(source, "; ".join(problems))


def _short(value) -> str:
    """A value as a message may show it: at most 40 characters."""
    if isinstance(value, (list, dict)):
        return type(value).__name__
    if isinstance(value, int) and value.bit_length() > 128:
        return _("a huge integer")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Match:
    """The one mutable wrapper around a game: the states played so far and the actions
    between them. ``Match(game)`` starts at ``game.new_state()`` (or at `state`).

    The vocabulary: `play(action)` (an Action or its text; raises `IllegalAction` and
    changes nothing if the rules forbid it), `undo()`, `state` (the latest `State`),
    `states`, `history` (the actions played), `game`, `save(path)` (atomic) /
    `Match.load(path)` (`SaveFileError` for a file that is not a saved match) and
    `to_dict()` / `Match.from_dict(d)` (the settings and the actions' text; loading
    replays them), and `on_change(callback)` for widgets.
    """

    def __init__(self, game: Game, state=None):
        self.game = game
        self.states = [state if state is not None else game.new_state()]
        self.history: list = []
        self._changed = Callbacks()

    @property
    def state(self):
        return self.states[-1]

    def play(self, action):
        """Apply an action (or its text) for the player to move; raises `IllegalAction`
        with the reason and changes nothing if the rules forbid it (`ActionSyntaxError`,
        an `IllegalAction`, for text that is not an action)."""
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
        """Call `callback(match)` after every play and undo (``remove=True``: stop calling it)."""
        self._changed.register(callback, remove)

    def _notify(self) -> None:
        self._changed(self)

    def to_dict(self) -> dict:
        g = self.game
        out = {"format": FORMAT, "edition": g.rules.id, "players": g.players, "seed": g.seed,
               "first_player": g.first_player, "options": dict(g.rules.options),
               "start": self.states[0].to_dict(), "actions": [str(a) for a in self.history]}
        if g.rules.variant:              # written only for a variant, as in a position
            out["variant"] = g.rules.variant
        return out

    def save(self, path) -> None:
        """Write the match to `path` (JSON, see the module docstring), atomically: into a new
        file in the same folder, flushed and synced to disk, which then replaces `path`. If
        anything fails on the way the previous file at `path` is left as it was."""
        path = Path(path)
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            with open(tmp, "x", encoding="utf-8") as f:
                json.dump(self.to_dict(), f, ensure_ascii=False, indent=1)
                f.flush()
                os.fsync(f.fileno())
            try:
                os.chmod(tmp, os.stat(path).st_mode & 0o777)      # keep the old file's permissions
            except FileNotFoundError:
                pass
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        _sync_folder(path.parent)

    @classmethod
    def from_dict(cls, d: dict, source: str | None = None) -> "Match":
        """The match a save dict describes, replayed action by action. Raises `SaveFileError`
        (naming `source`) for a dict that is not a saved match, or whose settings, start
        position or actions cannot be played."""
        source = _("the match dict") if source is None else source
        why = unreadable(d)
        if why is not None:
            raise SaveFileError(source, why)
        _check_fields(d, source)
        try:
            game = load_game(d["edition"], players=d["players"], seed=d["seed"],
                             first_player=d.get("first_player", 0), variant=d.get("variant"), **d.get("options", {}))
        except ValueError as e:
            raise SaveFileError(source, _("its game cannot be set up: {problem}").format(problem=e)) from None
        try:
            start = game.state_from_dict(d["start"])
        except _READ_ERRORS as e:
            raise SaveFileError(source, _("its start position cannot be read: {problem}").format(problem=e)) from None
        if start.game is not game:   # the position names another seed or first player than the settings
            raise SaveFileError(source, _(
                "its start position is of the game with seed {seed} where {player} moves first, but its settings "
                "say seed {settings_seed} where {settings_player} moves first").format(
                seed=start.game.seed, player=player_mention(start.game.first_player), settings_seed=game.seed,
                settings_player=player_mention(game.first_player)))
        m = cls(game, start)
        actions = d["actions"]
        for number, text in enumerate(actions, 1):
            try:
                m.play(text)
            except IllegalAction as e:
                raise SaveFileError(source, _("action {k} of {n}, {action}, cannot be replayed: {why}").format(
                    k=number, n=len(actions), action=_short(text), why=e.reason.text)) from None
            except _READ_ERRORS as e:
                raise SaveFileError(source, _("action {k} of {n}, {action}, cannot be replayed from its start "
                                              "position: {why}").format(k=number, n=len(actions), action=_short(text),
                                                                        why=repr(e))) from None
        return m

    @classmethod
    def load(cls, path) -> "Match":
        """The match saved at `path`. Raises `SaveFileError` (a ValueError naming the file and
        what is wrong) for a file that is not a saved match; OSError if it cannot be read."""
        source = str(path)
        raw = Path(path).read_bytes()
        try:
            d = read_json(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise SaveFileError(source, _("not UTF-8 text ({why} at byte {at})").format(why=e.reason, at=e.start)) \
                from None
        except UnreadableJSON as e:
            raise SaveFileError(source, str(e)) from None
        return cls.from_dict(d, source)

    def __repr__(self) -> str:
        return f"<Match {self.game!r}: {len(self.history)} actions, {self.state!r}>"


def _sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
