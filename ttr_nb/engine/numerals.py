"""Numbers as a student reads them, in the language chosen: decimals, percentages, counts.

English writes a decimal point and Danish a decimal comma; Danish puts a space before the
per cent sign and a full stop between thousands. In running Danish prose a small count is
written as a word ("fire røde kort"); English keeps its digits, as the English texts always
showed them. Standard library only: the language is the one `ttr_nb.engine.i18n` holds.

>>> from fractions import Fraction
>>> decimal(0.6704, 3), percent(Fraction(447, 1000)), percent(0.25, 0), whole(12345)
('0.670', '44.7%', '25%', '12345')
>>> from ttr_nb.engine.i18n import using
>>> with using("da"):
...     decimal(0.6704, 3), percent(0.125, 1), whole(12345), count(4), count(1), count(1, neuter=True), count(13)
('0,670', '12,5 %', '12.345', 'fire', 'én', 'ét', '13')
"""
from __future__ import annotations

from . import i18n

__all__ = ["decimal", "percent", "whole", "count", "separators", "WORDS"]

#: Danish words for the counts written out in prose (one: common and neuter gender)
WORDS = {"da": ("nul", ("én", "ét"), "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti", "elleve",
                "tolv")}


def _danish() -> bool:
    return i18n.language() == "da"


def decimal(x: float, places: int = 2) -> str:
    """`x` (a float, an int or a Fraction) with `places` decimals: '0.670' in English, '0,670' in Danish."""
    text = f"{float(x):.{places}f}"
    return text.replace(".", ",") if _danish() else text


def percent(x: float, places: int = 1) -> str:
    """The share `x` (0.447, or a Fraction) as a percentage with `places` decimals: '44.7%' in English,
    '44,7 %' in Danish."""
    text = f"{100 * float(x):.{places}f}"
    return f"{text.replace('.', ',')} %" if _danish() else f"{text}%"


def whole(n: int) -> str:
    """A whole number: as Python writes it in English ('12345'), with a full stop between
    thousands in Danish from five digits on ('12.345'; '1021' stays, as Danish style writes it)."""
    text = str(n)
    if _danish() and abs(n) >= 10_000:
        text = f"{n:,}".replace(",", ".")
    return text


def count(n: int, neuter: bool = False) -> str:
    """A count inside a sentence of prose: in Danish a word up to twelve ('fire'; one is 'én',
    or 'ét' before a neuter noun such as "kort" and "tog"), else digits; in English always digits."""
    words = WORDS.get(i18n.language())
    if words is None or not 0 <= n < len(words):
        return whole(n)
    word = words[n]
    return word[1 if neuter else 0] if isinstance(word, tuple) else word


def separators() -> str:
    """The decimal mark and the thousands separator, in that order, as a chart's axis and hover
    labels take them (plotly's ``layout.separators``): '.,' in English, ',.' in Danish."""
    return ",." if _danish() else ".,"
