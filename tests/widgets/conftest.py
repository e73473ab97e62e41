"""Every widget test runs once in each language the texts are available in (English, Danish):
the package's language is set for the test (a widget made without ``language=`` speaks it) and
set back after it. Tests compare what a widget shows with the catalogue's text in that
language (`tests.widgets.words`), never with English typed in the test alone."""
from __future__ import annotations

import pytest

from ttr_nb.engine.i18n import LANGUAGES, language, set_language


@pytest.fixture(params=list(LANGUAGES), autouse=True)
def lang(request):
    """The language of this run of the test ("en", "da")."""
    before = language()
    set_language(request.param)
    try:
        yield request.param
    finally:
        set_language(before)
