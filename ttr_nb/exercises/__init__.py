"""Exercises a student answers, checked without showing the answer.

A notebook asks a question and the student writes the answer in a cell::

    answer = ...            # your answer here
    check("usa-scoring-2", answer)

`check` says right, wrong with a hint, or "not answered yet" (for `...`); it never
shows the expected value. It takes every reasonable form of an answer (`compare`: a count as
8 or "8", an edition by its id or its name, a list in any order), and an answer of the wrong
form (a text where a number is due, a name that is no edition) is told the form expected
(`forms`). The expected values live here, in the package, each
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
from . import forms
from .compare import (PLAYER_WORDS, same_edition, same_editions, same_fraction, same_number, same_numbers,
                      same_percent, same_player, same_routes, same_set, same_text)

_, ngettext = translations("lessons")
__all__ = ["Exercise", "Verdict", "check", "exercises", "exercise", "position", "same_number", "same_set",
           "same_text", "same_routes", "same_player", "same_edition", "same_editions", "same_percent",
           "PLAYER_WORDS", "FORM_OF"]

#: the form of the answer each way of comparing expects (what a student is told of a wrong form)
FORM_OF = {same_number: forms.NUMBER, same_percent: forms.PERCENT, same_fraction: forms.FRACTION,
           same_player: forms.PLAYER, same_numbers: forms.PLAYERS, same_edition: forms.EDITION,
           same_editions: forms.EDITIONS, same_routes: forms.ROUTES, same_text: forms.TEXT, same_set: forms.TEXTS}


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

    @property
    def form(self) -> forms.Form | None:
        """The form of answer this exercise expects (`FORM_OF` its way of comparing), or None."""
        return FORM_OF.get(self.compare)

    def form_problem(self, answer: Any) -> str | None:
        """What is wrong with the form of `answer` (a text where a number is due, a name that is
        no edition), in the language chosen, or None: never the expected answer."""
        try:
            return self.form.complaint(answer, self) if self.form is not None else None
        except Exception:          # a malformed answer is told the form, never a crash
            return _("The answer should be {form}.").format(form=_(self.form.text))

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
    problem = found.form_problem(answer)
    if problem:
        return Verdict(found.id, False, _("Not quite. {problem} Hint: {hint}").format(problem=problem,
                                                                                      hint=found.hint_text))
    return Verdict(found.id, False, _("Not quite. Hint: {hint}").format(hint=found.hint_text))
