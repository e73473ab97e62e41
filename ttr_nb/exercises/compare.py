"""The ways to compare a student's answer with the expected one, one per form of answer (the
package exports them; `ttr_nb.exercises.forms` says each form to a student).

Each accepts the forms a student may reasonably write: a count as ``8`` or ``"8"``, a share as
``48`` or ``"48%"``, a chance as ``"3/8"``, ``0.375``, ``"0,375"`` or ``"37.5%"``, an edition by its
id or its name in English or Danish, in any letter case, with or without spaces and hyphens
(``"Northern Lights"``, ``"northern-lights"``, ``"northernlights"``), and a list in any order, also
written as one text (``"usa, india"``, ``"1 and 2"``).
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache
from numbers import Integral
from typing import Any

from ..engine import editions, load_game, load_rules
from ..engine.digits import digits_value
from ..engine.i18n import LANGUAGES, catalogue

__all__ = ["same_number", "same_text", "same_set", "same_routes", "same_player", "same_fraction", "same_numbers",
           "same_percent", "same_edition", "same_editions", "as_fraction", "percent_of", "player_number",
           "route_ends", "items_of", "edition_of", "PLAYER_WORDS"]

#: what separates the items of a list written as one text: commas, semicolons, "and", "og"
_SEPARATOR = re.compile(r"\s*(?:[,;]|\band\b|\bog\b)\s*", re.I)
#: the words a student may write before a player's number ("Player 2", "Spiller 2")
PLAYER_WORDS = ("player", "spiller")


def items_of(answer: Any) -> list | None:
    """The items of an answer given as a list: a list, tuple or set as it is, a text cut at its
    commas, semicolons and "and"s ("usa, india and europe"); None for anything else."""
    if isinstance(answer, str):
        return [part for part in _SEPARATOR.split(answer.strip()) if part]
    if isinstance(answer, (list, tuple, set, frozenset)):
        return list(answer)
    return None


def _norm(text: Any) -> str:
    return " ".join(str(text).replace("–", "-").replace("—", "-").split()).casefold()


def same_number(answer: Any, expected: Any) -> bool:
    """Equal as numbers: 7, 7.0 and "7" all answer 7, "-5" and "−5" answer -5 (booleans do not,
    nor digits other than 0-9)."""
    try:
        return as_fraction(answer) == as_fraction(expected)
    except (TypeError, ValueError, ZeroDivisionError):
        return False


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


def route_ends(text: Any) -> frozenset:
    """The two cities a route's name joins, as compared ("El Paso – Phoenix" and
    "phoenix-el paso" both give {"el paso", "phoenix"})."""
    parts = [p.strip() for p in str(text).replace("–", "-").replace("—", "-").split("-")]
    return frozenset(_norm(p) for p in parts if p)


def same_routes(answer: Any, expected: Any) -> bool:
    """The same routes in any order, each named by its two cities in either order
    ("El Paso-Phoenix" answers "Phoenix–El Paso"), in a list or in one text
    ("El Paso-Phoenix, Denver-Santa Fe")."""
    items = items_of(answer)
    if items is None:
        return False
    try:
        return sorted(map(sorted, map(route_ends, items))) == sorted(map(sorted, map(route_ends, expected)))
    except TypeError:
        return False


def same_player(answer: Any, expected: Any) -> bool:
    """A player, numbered from 1 as a student reads them: 2, "2", "Player 2", "player 2"
    or, in Danish, "Spiller 2"."""
    return player_number(answer) is not None and player_number(answer) == int(expected)


#: a number as a student types it, in the digits 0-9 only: "7", "-5", "0.375", "0,375", "3/8"
_NUMBER_TEXT = re.compile(r"\s*(-?\d+)(?:[.,](\d+))?(?:/(\d+))?\s*", re.ASCII)


def as_fraction(value: Any) -> Fraction:
    """The number `value` writes, exactly: ``7``, ``0.375``, ``Fraction(3, 8)``, or a text in the
    digits 0-9 only such as ``"-5"``, ``"0.375"``, ``"0,375"`` (a Danish decimal) or ``"3/8"``
    (TypeError or ValueError for anything else, a yes/no included)."""
    if isinstance(value, bool):
        raise TypeError("a yes/no is not a number")
    if isinstance(value, str):
        match = _NUMBER_TEXT.fullmatch(value.replace("−", "-"))
        if not match:
            raise ValueError(f"not a number: {value[:40]!r}")
        whole, decimals, below = match.groups()
        number = Fraction(int(whole)) if decimals is None else Fraction(f"{whole}.{decimals}")
        return number / int(below) if below is not None else number
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"not a number: {value}")
        return Fraction(value)
    if isinstance(value, (Integral, Fraction)):
        return Fraction(value)
    raise TypeError(f"not a number: {type(value).__name__}")


def percent_of(value: Any) -> Fraction | None:
    """The number of a text written as a percentage ("37.5%", "48 %"), or None."""
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            return as_fraction(value.strip()[:-1])
        except (TypeError, ValueError, ZeroDivisionError):
            return None
    return None


def same_fraction(answer: Any, expected: Any) -> bool:
    """The same probability: the exact fraction (``Fraction(3, 8)``, ``"3/8"``), or a decimal
    within 0.0005 of it (``0.375``, ``"0.375"``, ``"0,375"``), or a percentage written with its
    sign within 0.05 of it (``"37.5%"``; the bare number ``37.5`` is not accepted)."""
    percent = percent_of(answer)
    if percent is not None:
        return abs(percent / 100 - Fraction(expected)) <= Fraction(1, 2000)
    try:
        given = as_fraction(answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    if isinstance(answer, float) or (isinstance(answer, str) and "/" not in answer):
        return abs(given - Fraction(expected)) <= Fraction(1, 2000)
    return given == Fraction(expected)


def same_percent(answer: Any, expected: Any) -> bool:
    """The same whole percentage: ``48``, ``"48"``, ``"48%"``, or a number within half a point
    of it (``47.7``); a share such as ``0.48`` is not a percentage."""
    given = percent_of(answer)
    if given is None:
        if isinstance(answer, bool):
            return False
        try:
            given = as_fraction(answer)
        except (TypeError, ValueError, ZeroDivisionError):
            return False
    return abs(given - Fraction(expected)) <= Fraction(1, 2)


def player_number(item: Any) -> int | None:
    """The number of a player as a student writes it: 2, "2", "Player 2", "spiller 2" (None otherwise)."""
    if isinstance(item, Integral) and not isinstance(item, bool):
        return int(item)
    if isinstance(item, float) and item.is_integer():
        return int(item)
    if not isinstance(item, str):
        return None
    text = item.strip().casefold()
    for word in PLAYER_WORDS:
        if text.startswith(word):
            text = text[len(word):].strip()
            break
    return digits_value(text)


def same_numbers(answer: Any, expected: Any) -> bool:
    """The same collection of whole numbers in any order (``[1, 3]``, ``{3, 1}``, ``"1, 3"``,
    ``["Player 1", "Player 3"]``, or one number when one is expected)."""
    if isinstance(answer, Integral) and not isinstance(answer, bool):
        answer = [answer]
    items = items_of(answer)
    if items is None:
        return False
    numbers = [player_number(item) for item in items]
    if None in numbers:
        return False
    try:
        return sorted(numbers) == sorted(int(e) for e in expected)
    except (TypeError, ValueError):
        return False


# ----------------------------------------------------------------------------- editions

def _name_key(text: str) -> str:
    """A name as compared: its letters and digits only, in any case ("Northern Lights",
    "northern-lights" and "NORTHERNLIGHTS" meet)."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


#: words a student may write before an edition's name ("Ticket to Ride: Europe", "the USA")
_NAME_PREFIXES = ("tickettoride", "the")


@lru_cache(maxsize=1)
def _edition_names() -> dict[str, str]:
    """Every edition's id, title and board title, in every language, as compared (`_name_key`),
    to its id."""
    found = {}
    for edition in editions():
        names = (edition, load_rules(edition).title, load_game(edition).board.title)
        for code in LANGUAGES:
            for name in names:
                key = _name_key(catalogue("engine", code).gettext(name))
                for prefix in _NAME_PREFIXES:
                    key = key[len(prefix):] if key.startswith(prefix) and len(key) > len(prefix) else key
                found.setdefault(key, edition)
    return found


def edition_of(answer: Any) -> str | None:
    """The id of the edition `answer` names ("Northern Lights" -> "northernlights", "Schweiz" ->
    "switzerland"), or None when it names none."""
    if not isinstance(answer, str):
        return None
    key = _name_key(answer)
    names = _edition_names()
    for prefix in ("", *_NAME_PREFIXES):
        if key.startswith(prefix) and key[len(prefix):] in names:
            return names[key[len(prefix):]]
    return None


def same_edition(answer: Any, expected: Any) -> bool:
    """The same edition, named by its id or its name in English or Danish, in any letter case,
    with or without spaces and hyphens ("Northern Lights" answers "northernlights")."""
    return edition_of(answer) is not None and edition_of(answer) == edition_of(expected)


def same_editions(answer: Any, expected: Any) -> bool:
    """The same editions in any order, each named as `same_edition` takes it, in a list or in
    one text ("usa, India and Northern Lights")."""
    items = items_of(answer)
    if not items:
        return False
    given = [edition_of(item) for item in items]
    return None not in given and set(given) == {edition_of(e) for e in expected}
