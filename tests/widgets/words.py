"""What the widget tests expect a widget to show, in the language of the run: the widgets' and
the engine's catalogue texts (the same lookup the code makes), so an assertion holds in English
and in Danish alike, and in English it is the very text the test always expected."""
from __future__ import annotations

from ttr_nb.engine.i18n import contexts, language, translations

_w, _wn = translations("widgets")
_e, _en = translations("engine")
_enp = contexts("engine")[1]


def W(text: str, **fields) -> str:
    """A widgets-catalogue text in the language of the run, its fields filled in."""
    return _w(text).format(**fields) if fields else _w(text)


def WN(singular: str, plural: str, count: int, **fields) -> str:
    """A widgets-catalogue text for `count` things (which fills the field ``{n}`` unless given)."""
    return _wn(singular, plural, count).format(**{"n": count, **fields})


def E(text: str, **fields) -> str:
    """An engine-catalogue text in the language of the run, its fields filled in."""
    return _e(text).format(**fields) if fields else _e(text)


def EN(singular: str, plural: str, count: int, **fields) -> str:
    """An engine-catalogue text for `count` things (which fills the field ``{n}`` unless given)."""
    return _en(singular, plural, count).format(**{"n": count, **fields})


def ENP(context: str, singular: str, plural: str, count: int, **fields) -> str:
    """`EN` for a text the engine says in a case of its own (``context``, such as "all")."""
    return _enp(context, singular, plural, count).format(**{"n": count, **fields})


def english() -> bool:
    """Whether this run is in English (for an exact English sentence of the engine that its
    catalogue has no text for yet: in Danish the test compares with the engine's own answer)."""
    return language() == "en"


def W_part(text: str, k: int, plural: str | None = None, n: int = 2) -> str:
    """The `k`-th literal piece of a widgets-catalogue text between its fields, in the language
    of the run: ``W_part("{ticket} is completed: {who}'s routes", 1)`` is " is completed: "."""
    import re
    template = _wn(text, plural, n) if plural else _w(text)
    return re.split(r"\{[^{}]*\}", template)[k]

