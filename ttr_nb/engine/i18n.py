"""Danish alongside English: every text a student reads, through the standard library's gettext.

One language is chosen for the whole package (``set_language("da")``; English by default), or
for a block of code (``with using("da"): ...``, what a widget's ``language=`` does). Each layer
has its own message catalogue (a gettext *domain*), so each keeps its own ``.po`` file:

    engine    ttr_nb/engine, ttr_nb/analysis
    widgets   ttr_nb/viz, ttr_nb/widgets
    lessons   ttr_nb/exercises, ttr_nb/lessons.py

A module gets its domain's functions once, at import:

    _, ngettext = translations("engine")
    _("The game is over: final scoring")
    ngettext("{n} card", "{n} cards", n).format(n=n)

A text English says the same way in two cases that Danish tells apart gets a context
(``contexts("engine")``: ``pgettext("fewer cards", "...")``).

They look the language up each time they are called, so ``set_language`` works after import;
in English they return the text given, untouched. A module-level constant is marked with
``N_`` (which returns it unchanged) and translated where it is used, ``_(CONSTANT)``.

The catalogues are ``ttr_nb/locale/<language>/LC_MESSAGES/<domain>.po``, compiled to the
``.mo`` files next to them (``make i18n``: scripts/i18n.py extracts, updates and compiles).

    >>> _, ngettext = translations("engine")
    >>> with using("da"):
    ...     print(ngettext("{n} train", "{n} trains", 1).format(n=1), _("The game is over: final scoring"))
    1 tog Spillet er slut: slutoptælling
    >>> ngettext("{n} train", "{n} trains", 2).format(n=2)
    '2 trains'
"""
from __future__ import annotations

import gettext
from contextlib import contextmanager
from pathlib import Path

__all__ = ["LANGUAGES", "DOMAINS", "LOCALE_DIR", "set_language", "language", "using", "translations", "contexts",
           "N_"]

#: the languages texts are available in, by code, each named in its own language
LANGUAGES = {"en": "English", "da": "Dansk"}
DEFAULT_LANGUAGE = "en"      # the language the texts are written in, in the code
#: the message catalogues, and the parts of the package whose texts each holds
DOMAINS = {
    "engine": ("ttr_nb/engine", "ttr_nb/analysis"),
    "widgets": ("ttr_nb/viz", "ttr_nb/widgets"),
    "lessons": ("ttr_nb/exercises", "ttr_nb/lessons.py"),
}
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

_language = DEFAULT_LANGUAGE
_catalogues: dict[tuple[str, str], gettext.NullTranslations] = {}


def _checked(code) -> str:
    if not isinstance(code, str) or code.strip().lower() not in LANGUAGES:
        available = ", ".join(f"{c!r} ({name})" for c, name in LANGUAGES.items())
        raise ValueError(f"unknown language {code!r}: the texts are available in {available}")
    return code.strip().lower()


def set_language(code: str) -> None:
    """Show every text from now on in the language `code` ("en" or "da"); ValueError naming
    the languages available for any other code (and the language stays as it was)."""
    global _language
    _language = _checked(code)


def language() -> str:
    """The code of the language texts are shown in now ("en" unless `set_language` said otherwise)."""
    return _language


@contextmanager
def using(code: str | None):
    """Show texts in language `code` inside the ``with`` block, and in the language before it
    afterwards (``None``: keep the current language)."""
    global _language
    if code is None:
        yield _language
        return
    before, _language = _language, _checked(code)
    try:
        yield _language
    finally:
        _language = before


def catalogue(domain: str, code: str | None = None) -> gettext.NullTranslations:
    """The compiled catalogue of `domain` in language `code` (the current one if None); for
    English, or a catalogue not compiled yet, one that returns every text unchanged."""
    code = _language if code is None else _checked(code)
    key = (domain, code)
    found = _catalogues.get(key)
    if found is None:
        if domain not in DOMAINS:
            raise ValueError(f"unknown message domain {domain!r}: expected one of {', '.join(DOMAINS)}")
        found = gettext.NullTranslations()
        if code != DEFAULT_LANGUAGE:
            path = LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.mo"
            if path.is_file():
                with path.open("rb") as f:
                    found = gettext.GNUTranslations(f)
        _catalogues[key] = found
    return found


def translations(domain: str):
    """The two translation functions of `domain`: ``_(message)`` and
    ``ngettext(singular, plural, n)``, looking the language up each time they are called."""
    if domain not in DOMAINS:
        raise ValueError(f"unknown message domain {domain!r}: expected one of {', '.join(DOMAINS)}")

    def _(message: str) -> str:
        if _language == DEFAULT_LANGUAGE:
            return message
        return catalogue(domain).gettext(message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        if _language == DEFAULT_LANGUAGE:
            return singular if n == 1 else plural
        return catalogue(domain).ngettext(singular, plural, n)

    _.__qualname__ = _.__name__ = f"gettext[{domain}]"
    ngettext.__qualname__ = ngettext.__name__ = f"ngettext[{domain}]"
    return _, ngettext


def contexts(domain: str):
    """The translation functions of `domain` for a text said in English the same way in two
    cases that another language tells apart (a context names the case):
    ``pgettext(context, message)`` and ``npgettext(context, singular, plural, n)``. In English
    they return the text given, as `translations`' functions do.

    >>> pgettext, npgettext = contexts("engine")
    >>> npgettext("fewer cards", "{n} train", "{n} trains", 2).format(n=2)
    '2 trains'
    """
    if domain not in DOMAINS:
        raise ValueError(f"unknown message domain {domain!r}: expected one of {', '.join(DOMAINS)}")

    def pgettext(context: str, message: str) -> str:
        if _language == DEFAULT_LANGUAGE:
            return message
        return catalogue(domain).pgettext(context, message)

    def npgettext(context: str, singular: str, plural: str, n: int) -> str:
        if _language == DEFAULT_LANGUAGE:
            return singular if n == 1 else plural
        return catalogue(domain).npgettext(context, singular, plural, n)

    pgettext.__qualname__ = pgettext.__name__ = f"pgettext[{domain}]"
    npgettext.__qualname__ = npgettext.__name__ = f"npgettext[{domain}]"
    return pgettext, npgettext


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it (a module-level constant,
    translated with ``_`` where it is shown)."""
    return message
