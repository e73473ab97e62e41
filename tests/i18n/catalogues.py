"""The message catalogues as the tests read them: scripts/i18n.py's functions (extract, read,
compile), every (domain, language) pair, and the placeholders of a text."""
from __future__ import annotations

import importlib.util
import re
import string
from pathlib import Path

from ttr_nb.engine.i18n import DOMAINS

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
script = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(script)

LANGUAGES = script.translated_languages()
PAIRS = [(domain, code) for domain in DOMAINS for code in LANGUAGES]
PAIR_IDS = [f"{domain}-{code}" for domain, code in PAIRS]

_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]")


def placeholders(text: str) -> list[str]:
    """The placeholders of a text, sorted: '{name}' fields (str.format) and '%(name)s' / '%s'
    conversions; a '{{' or '%%' is a plain character, not a placeholder."""
    found = []
    try:
        for _, field, spec, conversion in string.Formatter().parse(text):
            if field is not None:
                found.append("{" + field + (f"!{conversion}" if conversion else "")
                             + (f":{spec}" if spec else "") + "}")
    except ValueError as error:           # a lone brace
        found.append(f"<unreadable: {error}>")
    for m in _PERCENT.finditer(text):
        if m.group(0) != "%%":
            found.append(m.group(0))
    return sorted(found)


def strings(message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)


def ids(message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def entries(catalogue):
    """Every message of a catalogue but its header."""
    return [m for m in catalogue if m.id]
