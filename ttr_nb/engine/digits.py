"""Whole numbers written as text, in the digits 0-9 only.

`str.isdigit` and `str.isdecimal` also take "²" and "٣", and `int` reads "٣", "1_000" and
" +3"; a number typed by a student or written in a file is read here instead, so every
reader takes the same texts.

>>> digits_value("42"), digits_value(" 7 "), digits_value("²"), digits_value("٣"), digits_value("1_000")
(42, 7, None, None, None)
"""
from __future__ import annotations


def is_digits(text) -> bool:
    """True for text of the digits 0-9 only (at least one)."""
    return isinstance(text, str) and text.isascii() and text.isdigit()


def digits_value(text) -> int | None:
    """The whole number `text` writes in the digits 0-9 (spaces around it allowed), or None
    (also for a number of more digits than Python reads from text)."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not is_digits(text):
        return None
    try:
        return int(text)
    except ValueError:          # more digits than sys.get_int_max_str_digits()
        return None
