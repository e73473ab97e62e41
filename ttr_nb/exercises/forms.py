"""The form an exercise's answer takes (a number, a percentage, a chance, an edition, a list of
routes ...), and what a student is told when an answer does not have it.

A wrong answer of the right form gets the exercise's hint. An answer of the wrong form (a text
where a number is due, a name that is no edition, a route the board does not have) is told the
form expected as well, in words that never give the answer away: "the answer should be a
number, such as 7 (or "7")", ""Northen Lights" is not an edition: the editions are ...".

Each `Form` has a `text` (English, marked with ``N_``, translated when shown) and a `problem`
function from the answer and the exercise to a sentence (or None when the form is right).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..engine import editions, load_game
from ..engine.i18n import N_, translations
from .compare import as_fraction, edition_of, items_of, percent_of, player_number, route_ends

_, ngettext = translations("lessons")
__all__ = ["Form", "NUMBER", "PERCENT", "FRACTION", "PLAYER", "PLAYERS", "EDITION", "EDITIONS", "ROUTES", "TEXT",
           "TEXTS"]


@dataclass(frozen=True)
class Form:
    """The form of an answer: `text` says it to a student ("a number, such as 12"; its examples
    are never an exercise's answer, the tests see to that); `fits` tells an answer of the form;
    `problem`, when given, says more precisely what is wrong with an answer (a name that is no
    edition), knowing the exercise."""

    text: str
    fits: Callable[[Any], bool]
    problem: Callable[[Any, Any], str | None] | None = None

    def complaint(self, answer: Any, exercise: Any) -> str | None:
        """What is wrong with the form of `answer`, in the language chosen, or None."""
        if self.problem is not None:
            said = self.problem(answer, exercise)
            if said:
                return said
        if self.fits(answer):
            return None
        return _("The answer should be {form}.").format(form=_(self.text))


def _is_number(answer: Any) -> bool:
    if isinstance(answer, bool):
        return False
    try:
        as_fraction(answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    return True


def _percent_problem(answer: Any, _exercise) -> str | None:
    if percent_of(answer) is None and _is_number(answer) and 0 < abs(as_fraction(answer)) < 1:
        return _("A share between 0 and 1 is not yet a percentage: a share of 0.25 is 25 (or \"25%\").")
    return None


def _fraction_problem(answer: Any, _exercise) -> str | None:
    if percent_of(answer) is None and _is_number(answer) and abs(as_fraction(answer)) > 1:
        return _("A chance is a number from 0 to 1: write a chance of 37.5% as 0.375, \"3/8\" or \"37.5%\".")
    return None


def _editions_list() -> str:
    """Every edition, by its id and its board's name: "usa (United States), europe (Europe), ..."."""
    return ", ".join(f"{e} ({load_game(e).board.display_title})" for e in editions())


def _unknown_editions(answer: Any, _exercise) -> str | None:
    items = [answer] if isinstance(answer, str) and not _many(answer) else items_of(answer)
    if not items or not all(isinstance(item, str) for item in items):
        return None
    unknown = [item for item in items if edition_of(item) is None]
    if not unknown:
        return None
    return ngettext("{names} is not an edition: the editions are {editions}.",
                    "{names} are not editions: the editions are {editions}.", len(unknown)).format(
        names=", ".join(f'"{item}"' for item in unknown), editions=_editions_list())


def _many(text: str) -> bool:
    items = items_of(text)
    return items is not None and len(items) > 1


def _edition_fits(answer: Any) -> bool:
    return isinstance(answer, str) and not _many(answer)


def _editions_fit(answer: Any) -> bool:
    items = items_of(answer)
    return bool(items) and all(isinstance(item, str) for item in items)


def _players_fit(answer: Any) -> bool:
    items = [answer] if isinstance(answer, int) and not isinstance(answer, bool) else items_of(answer)
    return bool(items) and None not in map(player_number, items)


def _routes_fit(answer: Any) -> bool:
    items = items_of(answer)
    return bool(items) and all(isinstance(item, str) and len(route_ends(item)) == 2 for item in items)


def _unknown_routes(answer: Any, exercise) -> str | None:
    """Which routes of the answer the exercise's board does not have (between two cities it does
    have, or between cities it does not)."""
    edition = getattr(exercise, "id", "").split("-")[0]
    if edition not in editions() or not _routes_fit(answer):
        return None
    board = load_game(edition).board
    pairs = {route_ends(f"{r.a}-{r.b}") for r in board.routes}
    unknown = [item for item in items_of(answer) if route_ends(item) not in pairs]
    if not unknown:
        return None
    return ngettext("The board has no route {routes}: name a route by its two cities, as on the board.",
                    "The board has no routes {routes}: name a route by its two cities, as on the board.",
                    len(unknown)).format(routes=", ".join(f'"{item}"' for item in unknown))


NUMBER = Form(N_("a number, such as 12 (or \"12\")"), _is_number)
PERCENT = Form(N_("a whole percentage, such as 25 (or \"25%\")"),
               lambda answer: _is_number(answer) or percent_of(answer) is not None, _percent_problem)
FRACTION = Form(N_("a chance: a fraction such as \"3/8\", or a decimal such as 0.375"),
                lambda answer: _is_number(answer) or percent_of(answer) is not None, _fraction_problem)
PLAYER = Form(N_("a player's number: a number, or \"Player\" and the number"),
              lambda answer: player_number(answer) is not None)
PLAYERS = Form(N_("a list of player numbers, such as [1] or [2, 3]"), _players_fit)
EDITION = Form(N_("one edition, by its id or its name, such as \"usa\" or \"Europe\""), _edition_fits,
               _unknown_editions)
EDITIONS = Form(N_("a list of editions, each by its id or its name, such as [\"usa\", \"Europe\"]"), _editions_fit,
                _unknown_editions)
ROUTES = Form(N_("a list of routes, each named by its two cities, such as [\"Denver-Omaha\"]"), _routes_fit,
              _unknown_routes)
TEXT = Form(N_("a text, in quotes"), lambda answer: isinstance(answer, str))
TEXTS = Form(N_("a list of texts, such as [\"a\", \"b\"]"), _editions_fit)
