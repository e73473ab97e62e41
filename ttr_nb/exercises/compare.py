"""More ways to compare a student's answer with the expected one (beside those in the package:
`same_number`, `same_set`, `same_text`)."""
from __future__ import annotations

from fractions import Fraction
from numbers import Integral
from typing import Any

from ..engine.digits import digits_value

__all__ = ["same_fraction", "same_numbers"]


def _as_fraction(value: Any) -> Fraction:
    if isinstance(value, bool):
        raise TypeError("a yes/no is not a number")
    if isinstance(value, float):
        return Fraction(value)
    return Fraction(str(value).strip()) if isinstance(value, str) else Fraction(value)


def same_fraction(answer: Any, expected: Any) -> bool:
    """The same probability: the exact fraction (``Fraction(3, 8)``, ``"3/8"``), or a decimal
    within 0.0005 of it (``0.375``; ``37.5`` as a percentage is not accepted)."""
    try:
        given = _as_fraction(answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    if isinstance(answer, float):
        return abs(given - Fraction(expected)) <= Fraction(1, 2000)
    return given == Fraction(expected)


def same_numbers(answer: Any, expected: Any) -> bool:
    """The same collection of whole numbers in any order (``[1, 3]``, ``{3, 1}``, or one number
    when one is expected)."""
    if isinstance(answer, (int, str)) and not isinstance(answer, bool):
        answer = [answer]
    if isinstance(answer, (bytes, dict)) or not hasattr(answer, "__iter__"):
        return False
    numbers = [int(a) if isinstance(a, Integral) and not isinstance(a, bool) else digits_value(a) for a in answer]
    if None in numbers:
        return False
    try:
        return sorted(numbers) == sorted(int(e) for e in expected)
    except (TypeError, ValueError):
        return False
