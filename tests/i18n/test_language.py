"""Choosing the language: one call for the whole package, a block for a widget; texts looked
up when they are made, so a module imported before the choice still speaks the language chosen."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine import i18n

from .catalogues import script


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_english_is_the_default_and_the_top_level_names_are_the_engines():
    assert i18n.language() == "en" and ttr_nb.language() == "en"
    assert ttr_nb.set_language is i18n.set_language and ttr_nb.language is i18n.language
    ttr_nb.set_language("da")
    assert i18n.language() == "da"


def test_an_unknown_language_is_refused_naming_the_languages_and_changes_nothing():
    i18n.set_language("da")
    for code in ("de", "", None, "english"):
        with pytest.raises(ValueError) as refused:
            i18n.set_language(code)
        assert "'en' (English)" in str(refused.value) and "'da' (Dansk)" in str(refused.value)
        assert repr(code) in str(refused.value)
        assert i18n.language() == "da"
    with pytest.raises(ValueError, match="'da'"):
        with i18n.using("sv"):
            pass
    assert i18n.language() == "da"


def test_using_a_language_inside_a_block_restores_the_one_before_even_after_an_error():
    with i18n.using("da") as code:
        assert code == "da" and i18n.language() == "da"
        with i18n.using(None):
            assert i18n.language() == "da"
        with i18n.using("en"):
            assert i18n.language() == "en"
        assert i18n.language() == "da"
    assert i18n.language() == "en"
    with pytest.raises(KeyError):
        with i18n.using("da"):
            raise KeyError("x")
    assert i18n.language() == "en"


def _some_translated(domain="engine"):
    po = script.read(script.po_path(domain, "da"), "da")
    singular = next((m for m in po if m.id and not m.pluralizable and m.string and m.string != m.id), None)
    plural = next((m for m in po if m.id and m.pluralizable and all(m.string)), None)
    return singular, plural


def test_the_functions_look_the_language_up_when_called():
    _, ngettext = i18n.translations("engine")        # taken in English, as a module does at import
    singular, plural = _some_translated()
    assert singular is not None and plural is not None, "the engine catalogue translates no text yet"
    assert _(singular.id) == singular.id
    assert ngettext(*plural.id, 1) == plural.id[0] and ngettext(*plural.id, 2) == plural.id[1]
    i18n.set_language("da")
    assert _(singular.id) == singular.string
    assert ngettext(*plural.id, 1) == plural.string[0] and ngettext(*plural.id, 2) == plural.string[1]
    assert _("A text no catalogue holds") == "A text no catalogue holds"
    with i18n.using("en"):
        assert _(singular.id) == singular.id


def test_n_marks_a_text_without_translating_it_and_an_unknown_domain_is_refused():
    i18n.set_language("da")
    singular, _plural = _some_translated()
    assert i18n.N_(singular.id) == singular.id
    with pytest.raises(ValueError, match="engine, widgets, lessons"):
        i18n.translations("board")


def test_every_domain_has_a_compiled_catalogue_in_every_language():
    for domain in i18n.DOMAINS:
        for code in script.translated_languages():
            assert script.mo_path(domain, code).is_file()
            assert i18n.catalogue(domain, code).info().get("language") == code


def test_the_module_doctests():
    import doctest
    assert doctest.testmod(i18n).failed == 0
    assert doctest.testmod(ttr_nb).failed == 0


def test_rule_titles_in_danish_and_rule_ids_unchanged():
    from ttr_nb.engine.rulebook import RULE_IDS, rule_title
    english = {rule: rule_title(rule) for rule in RULE_IDS}
    with i18n.using("da"):
        danish = {rule: rule_title(rule) for rule in RULE_IDS}
        state = ttr_nb.load_game("usa", players=2, seed=1).new_state()
        reason = state.why_illegal("draw deck")
    assert set(danish) == set(english) and all(danish[r] != english[r] for r in RULE_IDS)
    assert danish["double-routes"].startswith("Ingen må selv eje begge sider af en dobbeltstrækning")
    assert reason.rule == "wrong-phase" and reason.text.startswith("Du kan ikke trække et kort nu")


def test_playing_translates_nothing_only_the_texts_shown_are_translated(monkeypatch):
    """The hot path (legal actions, apply) makes no text, so it never looks a translation up,
    in any language: texts are translated only when one is made (a refusal, a log line)."""
    import random
    looked_up = []
    real = i18n.catalogue
    monkeypatch.setattr(i18n, "catalogue", lambda *a: looked_up.append(a) or real(*a))
    i18n.set_language("da")
    for edition in ttr_nb.editions():
        state = ttr_nb.load_game(edition, players=3, seed=5).new_state()
        rng = random.Random(5)
        for _step in range(300):
            if state.is_over():
                break
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            state.score_breakdown() if state.is_over() else None
    assert looked_up == []
    state.why_illegal("claim Nowhere-Somewhere red*1")
    assert looked_up, "a refusal is translated when it is made"
