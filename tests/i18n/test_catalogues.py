"""Every message catalogue (each domain, each language but English) against the code and itself:
every text marked in the code is translated, not fuzzy, with the same placeholders; plural
forms as the language has them; nothing left from texts gone from the code; the committed
.mo is the compiled .po. Generic over domains and languages: a new catalogue is checked too.
"""
from __future__ import annotations

import gettext
import io

import pytest
from babel.messages.catalog import Catalog

from .catalogues import PAIR_IDS, PAIRS, entries, ids, placeholders, script, strings

# the count placeholders a singular (or a case told by a context) may leave out, saying the count in words
COUNTS = {"{n}", "{k}", "{need}"}

pytestmark = pytest.mark.parametrize("domain, code", PAIRS, ids=PAIR_IDS)


def _po(domain, code):
    path = script.po_path(domain, code)
    assert path.is_file(), f"{path} is missing: `make i18n` writes it"
    return script.read(path, code)


def test_every_text_of_the_code_has_a_translation(domain, code):
    template = script.extract(domain)
    po = _po(domain, code)
    missing, fuzzy, empty = [], [], []
    for message in entries(template):
        found = po.get(message.id, context=message.context)
        where = f"{ids(message)[0]!r} ({message.locations[0][0]})"
        if found is None:
            missing.append(where)
        elif found.fuzzy:
            fuzzy.append(where)
        elif not all(s.strip() for s in strings(found)):
            empty.append(where)
    assert not missing, f"{len(missing)} texts of the code are not in {script.po_path(domain, code).name} " \
                        f"(run `make i18n`, then translate them): {missing[:10]}"
    assert not fuzzy, f"{len(fuzzy)} translations are marked fuzzy (check them and drop the flag): {fuzzy[:10]}"
    assert not empty, f"{len(empty)} texts have no translation: {empty[:10]}"


def test_no_entry_is_left_from_a_text_gone_from_the_code(domain, code):
    template = script.extract(domain)
    po = _po(domain, code)
    assert not po.obsolete, f"obsolete entries (#~) in {script.po_path(domain, code)}: {list(po.obsolete)[:10]}"
    stale = [ids(m)[0] for m in entries(po) if template.get(m.id, context=m.context) is None]
    assert not stale, f"texts no longer in the code (run `make i18n`): {stale[:10]}"
    changed = [ids(m)[0] for m in entries(po) if (t := template.get(m.id, context=m.context)) is not None
               and ids(t) != ids(m)]
    assert not changed, f"texts whose plural form changed in the code (run `make i18n`): {changed[:10]}"


def test_placeholders_are_the_same_in_both_languages(domain, code):
    wrong = []
    for message in entries(_po(domain, code)):
        english = ids(message)
        for k, translated in enumerate(strings(message)):
            if not translated:
                continue
            source = english[min(k, len(english) - 1)]      # msgstr[0]: the singular, the others: the plural
            said, wanted = placeholders(translated), placeholders(source)
            words = (k == 0 and len(english) > 1) or message.context is not None
            if words and set(said) <= set(wanted) and set(wanted) - set(said) <= COUNTS:
                continue        # a singular, or a case of its own, may say its count in words: "behold den ene billet"
            if said != wanted:
                wrong.append((source, translated, placeholders(source), placeholders(translated)))
    assert not wrong, f"placeholders differ (English, {code}, theirs, ours): {wrong[:5]}"


def test_plural_forms_are_the_languages(domain, code):
    po = _po(domain, code)
    expected = Catalog(locale=code)
    assert (po.num_plurals, po.plural_expr) == (expected.num_plurals, expected.plural_expr)
    if code == "da":
        assert po.plural_forms == "nplurals=2; plural=(n != 1);"
    wrong = [ids(m)[0] for m in entries(po) if m.pluralizable and len(strings(m)) != po.num_plurals]
    assert not wrong, f"plural texts without {po.num_plurals} forms: {wrong[:10]}"


def _messages(mo: bytes) -> dict:
    """A compiled catalogue's messages; the header without the Babel version that wrote it."""
    catalogue = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)
    header = catalogue.pop("", "")
    catalogue[""] = "\n".join(line for line in header.splitlines() if not line.startswith("Generated-By:"))
    return catalogue


def test_the_committed_mo_is_the_compiled_po(domain, code):
    path = script.mo_path(domain, code)
    assert path.is_file(), f"{path} is missing: `make i18n` compiles it"
    fresh = script.compiled(_po(domain, code))
    assert _messages(path.read_bytes()) == _messages(fresh), f"{path} is older than its .po: run `make i18n`"
