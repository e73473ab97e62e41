"""The message catalogues: extract the texts from the code, update the translations, compile them.

    python scripts/i18n.py             extract, update and compile every domain (what `make i18n` runs)
    python scripts/i18n.py extract     write ttr_nb/locale/<domain>.pot from the code
    python scripts/i18n.py update      merge the .pot into each language's .po (new texts empty, gone ones dropped)
    python scripts/i18n.py compile     write each .po's .mo next to it (fuzzy translations left out)

One domain per layer (`ttr_nb.engine.i18n.DOMAINS`), one ``.po`` per domain and language:
``ttr_nb/locale/da/LC_MESSAGES/engine.po`` holds the engine's and the analysis' texts, and the
titles of the editions and boards (`DATA_TEXTS`). A text is
marked in the code with ``_("...")``, ``ngettext("...", "...", n)`` or ``N_("...")`` (or, with a context
telling two cases apart, ``pgettext("case", "...")`` and ``npgettext("case", "...", "...", n)``); a comment
starting with ``Translators:`` on the line before it goes to the translator with the text.

The .po files name the file each text comes from without line numbers, so moving code around
does not change them. The tests (tests/i18n) check what this script makes, with its functions.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from ttr_nb.engine.i18n import DEFAULT_LANGUAGE, DOMAINS, LANGUAGES, LOCALE_DIR  # noqa: E402

PROJECT = "ttr-nb"
COMMENT_TAGS = ("Translators:",)
KEYWORDS = {k: DEFAULT_KEYWORDS[k] for k in ("_", "ngettext", "N_", "pgettext", "npgettext")}
WIDTH = 100


def _new(domain: str, code: str | None = None) -> Catalog:
    return Catalog(locale=code, project=PROJECT, domain=domain, fuzzy=False, copyright_holder="the ttr-nb authors",
                   language_team=LANGUAGES[code] if code else None,
                   header_comment=f"# Texts of ttr-nb{f' in {LANGUAGES[code]} ({code})' if code else ''}, "
                                  f"domain {domain!r} ({', '.join(DOMAINS[domain])}).\n"
                                  "# `make i18n` (scripts/i18n.py) adds the texts new in the code and drops the "
                                  "ones gone from it.\n#")


def translated_languages() -> list[str]:
    return [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]


def po_path(domain: str, code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"


def mo_path(domain: str, code: str) -> Path:
    return po_path(domain, code).with_suffix(".mo")


def pot_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def _found(domain: str):
    """(file, lineno, message, comments, context) of every marked text of `domain`'s code."""
    for part in DOMAINS[domain]:
        path = ROOT / part
        if path.is_file():
            for lineno, message, comments, context in extract_from_file(
                    "python", path, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
                yield part, lineno, message, comments, context
        elif path.is_dir():
            for filename, lineno, message, comments, context in extract_from_dir(
                    path, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                    strip_comment_tags=True):
                yield f"{part}/{filename}", lineno, message, comments, context


# Texts of the data files a student reads, translated where the code shows them (``_(rules.title)``):
# each edition's title and each board's, its variants' titles, and the names of a board's bonus cards.
DATA_TEXTS = {"engine": (("ttr_nb/editions_data/*.toml", "an edition's title"),
                        ("ttr_nb/maps/*.json", "a board's title"))}


def _data_found(domain: str):
    """(file, lineno, message, comments, context) of the titles in `domain`'s data files."""
    import json
    try:
        import tomllib
    except ModuleNotFoundError:          # Python 3.10
        import tomli as tomllib
    for pattern, what in DATA_TEXTS.get(domain, ()):
        for path in sorted(ROOT.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
            title = data.get("title")
            if isinstance(title, str) and title:
                line = next((i for i, row in enumerate(text.splitlines(), 1) if "title" in row), 1)
                yield path.relative_to(ROOT).as_posix(), line, title, [what], None
            for variant in (data.get("variants") or {}).values() if path.suffix == ".toml" else ():
                name = variant.get("title") if isinstance(variant, dict) else None
                if isinstance(name, str) and name:
                    line = next((i for i, row in enumerate(text.splitlines(), 1) if f'"{name}"' in row), 1)
                    yield path.relative_to(ROOT).as_posix(), line, name, ["a variant's title"], None
            for card in data.get("bonus_cards") or () if path.suffix == ".json" else ():
                name = card.get("name") if isinstance(card, dict) else None
                if isinstance(name, str) and name:
                    line = next((i for i, row in enumerate(text.splitlines(), 1) if f'"{name}"' in row), 1)
                    yield path.relative_to(ROOT).as_posix(), line, name, ["a bonus card's name"], None


def extract(domain: str) -> Catalog:
    """The template of `domain`: every text marked in its code, and the titles of its data
    files, with the files they come from."""
    template = _new(domain)
    found = [*_found(domain), *_data_found(domain)]
    for filename, lineno, message, comments, context in sorted(found, key=lambda f: (f[0], f[1])):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code)


def updated(domain: str, code: str, template: Catalog | None = None) -> Catalog:
    """`code`'s catalogue of `domain` with `template`'s texts: translations kept, new texts
    untranslated, texts gone from the code dropped (not kept as obsolete entries)."""
    template = extract(domain) if template is None else template
    path = po_path(domain, code)
    if path.is_file():
        catalogue = read(path, code)
        created = catalogue.creation_date
    else:
        catalogue = _new(domain, code)
        created = catalogue.creation_date
    catalogue.update(template, update_header_comment=False)
    catalogue.creation_date = created        # the file changes only when its texts do
    catalogue.obsolete.clear()
    catalogue.fuzzy = False
    return catalogue


def po_bytes(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalogue, width=WIDTH, sort_output=True, ignore_obsolete=True, include_lineno=False,
             omit_header=False)
    return out.getvalue()


def compiled(catalogue: Catalog) -> bytes:
    """The .mo of a catalogue: its translated, not fuzzy, messages."""
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def run_extract() -> None:
    for domain in DOMAINS:
        template = extract(domain)
        if write_if_changed(pot_path(domain), po_bytes(template)):
            print(f"wrote {pot_path(domain).relative_to(ROOT)} ({len(template)} texts)")


def run_update() -> None:
    for domain in DOMAINS:
        template = extract(domain)
        for code in translated_languages():
            catalogue = updated(domain, code, template)
            missing = sum(1 for m in catalogue if m.id and not _done(m))
            if write_if_changed(po_path(domain, code), po_bytes(catalogue)):
                print(f"wrote {po_path(domain, code).relative_to(ROOT)}")
            if missing:
                print(f"{po_path(domain, code).relative_to(ROOT)}: {missing} of {len(catalogue)} texts to translate")


def _done(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return not message.fuzzy and all(strings)


def run_compile() -> None:
    for domain in DOMAINS:
        for code in translated_languages():
            if po_path(domain, code).is_file():
                if write_if_changed(mo_path(domain, code), compiled(read(po_path(domain, code), code))):
                    print(f"wrote {mo_path(domain, code).relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    steps = {"extract": run_extract, "update": run_update, "compile": run_compile}
    wanted = argv or list(steps)
    unknown = [a for a in wanted if a not in steps]
    if unknown:
        print(f"unknown step {unknown[0]!r}: expected {', '.join(steps)} (none: all three)", file=sys.stderr)
        return 2
    for step in wanted:
        steps[step]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
