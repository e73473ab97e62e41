"""Exercises a student answers, checked without showing the answer.

A notebook asks a question and the student writes the answer in a cell::

    answer = ...            # your answer here
    check("usa-scoring-2", answer)

`check` says right, wrong with a hint, or "not answered yet" (for `...`); it never
shows the expected value. The expected values live here, in the package, each
computed by asking the engine where it can (a teacher can read them; a student
reading the notebook never meets them).

Each edition's exercises are in a module of this package (`usa.py`, `europe.py`,
...) that lists them in a module-level ``EXERCISES`` list; modules are found
automatically, so a new module needs no registration. Exercise ids are
``"<edition>-<topic>-<n>"``.

An exercise about a position has a `setup` that builds it; `position(id)` returns
that `State`, so the notebook draws exactly the position the answer is computed from.
`exercise(id)` returns the `Exercise` itself (a teacher's way to its `solution()`).

The tests answer every exercise with `Exercise.solution()` and assert it is
accepted, and that `Exercise.wrong` is rejected with a hint. This package sits
above the engine and analysis and below viz: it never imports plotly or widgets.

What a student reads here (`check`'s verdicts, every question and hint) is in the
language chosen with `ttr_nb.set_language` ("en" or "da"), from the gettext domain
``lessons``: a question and a hint are written in English, marked with ``N_``, and
translated when they are shown (`Exercise.question_text`, `Exercise.hint_text`).
"""
from __future__ import annotations

import html
import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.i18n import N_, translations

_, ngettext = translations("lessons")
__all__ = ["Exercise", "Verdict", "check", "exercises", "exercise", "position", "same_number", "same_set",
           "same_text", "same_routes", "same_player"]


def same_number(answer: Any, expected: Any) -> bool:
    """Equal as numbers: 7, 7.0 and "7" all answer 7 (booleans do not)."""
    if isinstance(answer, bool):
        return False
    try:
        return float(str(answer).strip()) == float(expected)
    except (TypeError, ValueError):
        return False


def _norm(text: Any) -> str:
    return " ".join(str(text).replace("–", "-").replace("—", "-").split()).casefold()


def same_text(answer: Any, expected: Any) -> bool:
    """Equal as words, ignoring case, spacing and the kind of dash."""
    return isinstance(answer, str) and _norm(answer) == _norm(expected)


def same_set(answer: Any, expected: Any) -> bool:
    """The same collection of things in any order (texts compared as by `same_text`)."""
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        return False
    try:
        return sorted(map(_norm, answer)) == sorted(map(_norm, expected))
    except TypeError:
        return False


def _route_ends(text: Any) -> frozenset:
    parts = [p.strip() for p in str(text).replace("–", "-").replace("—", "-").split("-")]
    return frozenset(_norm(p) for p in parts if p)


def same_routes(answer: Any, expected: Any) -> bool:
    """The same routes in any order, each named by its two cities in either order
    ("El Paso-Phoenix" answers "Phoenix–El Paso")."""
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        return False
    try:
        return sorted(map(sorted, map(_route_ends, answer))) == sorted(map(sorted, map(_route_ends, expected)))
    except TypeError:
        return False


#: the words a student may write before a player's number ("Player 2", "Spiller 2")
PLAYER_WORDS = ("player", "spiller")


def same_player(answer: Any, expected: Any) -> bool:
    """A player, numbered from 1 as a student reads them: 2, "2", "Player 2", "player 2"
    or, in Danish, "Spiller 2"."""
    text = _norm(answer)
    for word in PLAYER_WORDS:
        if text.startswith(word):
            text = text[len(word):].strip()
            break
    return same_number(text, expected)


@dataclass(frozen=True)
class Exercise:
    """One question. `solution` computes the expected answer (usually by asking the
    engine); `compare(answer, expected)` decides; `hint` is what a student sees after
    a wrong answer; `wrong` is a plausible wrong answer, used by the tests.
    `setup`, when given, builds the position the question is about (a `State`), so the
    notebook draws exactly the position the answer is computed from.
    `question` and `hint` are the English texts (marked with ``N_``); `question_text` and
    `hint_text` are what a student reads, in the language chosen."""

    id: str
    question: str
    solution: Callable[[], Any]
    hint: str
    wrong: Any
    compare: Callable[[Any, Any], bool] = same_number
    notebook: str = ""
    setup: Callable[[], Any] | None = None

    @property
    def question_text(self) -> str:
        """The question, in the language chosen with `ttr_nb.set_language`."""
        return _(self.question)

    @property
    def hint_text(self) -> str:
        """The hint, in the language chosen with `ttr_nb.set_language`."""
        return _(self.hint)

    def accepts(self, answer: Any) -> bool:
        try:
            return bool(self.compare(answer, self.solution()))
        except Exception:          # a malformed answer is a wrong answer, never a crash
            return False


@dataclass(frozen=True)
class Verdict:
    """What `check` says: `correct`, and a sentence for the student."""

    exercise: str
    correct: bool
    message: str
    answered: bool = field(default=True)

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Verdict({self.exercise!r}: {self.message})"

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.correct else ("#6e7781" if not self.answered else "#b35900")
        mark = "✔" if self.correct else ("…" if not self.answered else "✘")
        return (f'<div class="ttr-verdict" style="color:{colour};font-weight:600">{mark} '
                f"{html.escape(self.message)}</div>")


_REGISTRY: dict[str, Exercise] = {}


def _load() -> dict[str, Exercise]:
    if not _REGISTRY:
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            for ex in getattr(module, "EXERCISES", ()):
                if ex.id in _REGISTRY:
                    raise ValueError(f"two exercises share the id {ex.id!r}")
                _REGISTRY[ex.id] = ex
    return _REGISTRY


def exercises(prefix: str = "") -> list[Exercise]:
    """Every exercise whose id starts with `prefix`, in id order."""
    return [ex for key, ex in sorted(_load().items()) if key.startswith(prefix)]


def exercise(exercise_id: str) -> Exercise:
    """The exercise with this id (a `KeyError` names the ids that exist with the same prefix)."""
    found = _load().get(exercise_id)
    if found is None:
        prefix = str(exercise_id).rpartition("-")[0]
        near = [key for key in sorted(_load()) if prefix and key.startswith(prefix)]
        if near:
            raise KeyError(_("there is no exercise called {id} (exercises of that topic: {ids})").format(
                id=repr(exercise_id), ids=", ".join(near)))
        raise KeyError(_("there is no exercise called {id}").format(id=repr(exercise_id)))
    return found


def position(exercise_id: str):
    """The position (a `State`) an exercise asks about, to draw it or to explore it."""
    found = exercise(exercise_id)
    if found.setup is None:
        raise ValueError(_("exercise {id} is not about a position").format(id=repr(exercise_id)))
    return found.setup()


def check(exercise_id: str, answer: Any) -> Verdict:
    """Right, or wrong with a hint; never the expected value."""
    found = _load().get(exercise_id)
    if found is None:
        return Verdict(str(exercise_id), False, _("There is no exercise called {id}.").format(id=repr(exercise_id)),
                       answered=False)
    if answer is Ellipsis:
        return Verdict(found.id, False, _("Not answered yet: write your answer in place of the three dots."),
                       answered=False)
    if found.accepts(answer):
        return Verdict(found.id, True, _("Right!"))
    return Verdict(found.id, False, _("Not quite. Hint: {hint}").format(hint=found.hint_text))
