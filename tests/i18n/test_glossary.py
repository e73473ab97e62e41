"""One Danish vocabulary (ttr_nb/locale/da/glossary.csv, read by scripts/glossary.py): no Danish
text of the course uses a banned synonym. The texts: every msgstr of the Danish catalogues, the
Danish notebooks' markdown and the strings their code shows (titles, printed sentences, comments;
not route keys, typed moves or other code), and the Danish teachers' guide. Code spans in
markdown are code, not Danish, and are left out.

Each banned pattern is tested on its own example (it must find it) and on its allowed sentence
(it must find nothing), so a pattern that cannot match fails here."""
from __future__ import annotations

import ast
import importlib.util
import io
import json
import re
import sys
import tokenize
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("glossary_script", ROOT / "scripts" / "glossary.py")
glossary = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("glossary_script", glossary)        # dataclasses look their module up by name
_spec.loader.exec_module(glossary)

RULES = glossary.rules()
BANNED = [r for r in RULES if r.banned]
DA = ROOT / "notebooks" / "da"
CATALOGUES = sorted((ROOT / "ttr_nb" / "locale" / "da" / "LC_MESSAGES").glob("*.po"))
NOTEBOOKS = sorted(DA.glob("*.ipynb"))
#: a move typed as code ("claim Denver-Omaha red*4", "keep 0,1", "draw loco")
TYPED_MOVE = re.compile(r"^(?:claim|draw|keep|tickets|station|build|pass|tunnel|pay|abandon)\b")
_CODE_SPAN = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def rule_id(rule) -> str:
    return f"{rule.english}:{rule.banned[:30]}"


def messages(path: Path):
    """(msgid, msgstr) of every translated text of a catalogue, each plural form on its own."""
    with path.open("rb") as f:
        for m in read_po(f):
            if m.id:
                ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
                texts = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
                for text in texts:
                    yield ids[0], text


@pytest.fixture(scope="module")
def keys() -> set[str]:
    """Every route, ticket and city key of every board: code, as a notebook writes it."""
    import ttr_nb
    found = set()
    for e in ttr_nb.editions():
        board = ttr_nb.load_game(e).board
        found |= {r.key for r in board.routes} | {r.key.split("#")[0] for r in board.routes}
        found |= {t.key for t in board.tickets} | {c.name for c in board.cities}
    return found


def shown_strings(code: str, keys: set[str]) -> list[str]:
    """The strings a code cell shows a pupil: its string literals (and the text of its f-strings)
    and its comments, less what is code: route/ticket/city keys, typed moves, words without a space."""
    tree = ast.parse(code)
    in_fstrings = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_fstrings:
            found.append(node.value)
        elif isinstance(node, ast.JoinedStr):                    # an f-string's text, its fields as {}
            found.append("".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values))
    shown = [s for s in found if " " in s.strip() and s not in keys and not TYPED_MOVE.match(s)]
    comments = [t.string.lstrip("# ") for t in tokenize.generate_tokens(io.StringIO(code).readline)
                if t.type == tokenize.COMMENT]
    return shown + comments


def danish_texts(keys: set[str]) -> list[tuple[str, str]]:
    """(where, text) of every Danish text of the course."""
    texts = []
    for path in CATALOGUES:
        texts += [(f"{path.name}: {msgid[:60]!r}", text) for msgid, text in messages(path) if text]
    for nb in NOTEBOOKS:
        for k, cell in enumerate(json.loads(nb.read_text(encoding="utf-8"))["cells"]):
            source = "".join(cell["source"])
            where = f"{nb.name} cell {k}"
            if cell["cell_type"] == "markdown":
                texts.append((where, _CODE_SPAN.sub(" ", source)))
            else:
                texts += [(where, s) for s in shown_strings(source, keys)]
    guide = (DA / "TEACHERS.md").read_text(encoding="utf-8")
    texts += [(f"TEACHERS.md line {n}", _CODE_SPAN.sub(" ", line)) for n, line in enumerate(guide.splitlines(), 1)]
    return texts


@pytest.mark.parametrize("rule", BANNED, ids=[rule_id(r) for r in BANNED])
def test_each_banned_pattern_finds_its_example_and_not_its_allowed_sentence(rule):
    assert rule.example and rule.allowed, f"{rule.english}: a banned pattern needs an example and an allowed sentence"
    assert rule.findings(rule.example), f"{rule.banned!r} finds nothing in its own example {rule.example!r}"
    assert not rule.findings(rule.allowed), f"{rule.banned!r} finds {rule.findings(rule.allowed)} in {rule.allowed!r}"
    if rule.exceptions:       # an exception must excuse something the pattern alone would find
        assert rule.pattern.search(rule.allowed) or rule.pattern.search(rule.example), rule.exceptions


def test_the_exceptions_excuse_only_what_they_cover():
    board = next(r for r in RULES if r.exceptions.startswith(r"\b(?:[Ff]arven"))
    assert board.pattern.search("Farven på kortet er rød.") and not board.findings("Farven på kortet er rød.")
    assert board.findings("Farven på kortet er rød, og byen ligger på kortet.")
    dash = next(r for r in RULES if "{city}" in r.banned)
    assert [m.group(0) for m in dash.pattern.finditer("Oklahoma City-Denver og Saint Louis-Chicago")] == [
        "Oklahoma City-Denver", "Saint Louis-Chicago"]
    assert not dash.findings("skriv 'Boston-Miami' eller `claim Denver-Omaha red*4`")
    assert not dash.findings("Northern Lights-færgen og USA-spillepladen")       # no city on either side


def test_one_danish_term_for_each_concept_and_one_concept_for_each_term():
    english, danish = {}, {}
    for rule in RULES:
        assert english.setdefault(rule.english, rule.danish) == rule.danish, f"{rule.english} has two Danish terms"
        assert danish.setdefault(rule.danish, rule.english) == rule.english, f"{rule.danish} names two concepts"
    for word in ("spillepladen", "computerspiller", "melde pas", "gennemført", "Norden", "Spiller 1",
                 "Annuller", "Fortryd"):
        assert word in danish, f"the glossary has no {word!r}"


def test_labels_use_the_glossarys_word():
    catalogued = {}
    for path in CATALOGUES:
        for msgid, text in messages(path):
            catalogued.setdefault(msgid, []).append(text)
    labelled = [r for r in RULES if r.msgids]
    assert {"Cancel", "↶ Undo", "Pass"} <= {m for r in labelled for m in r.msgids}
    for rule in labelled:
        for msgid in rule.msgids:
            assert msgid in catalogued, f"the glossary names {msgid!r}, which no catalogue holds"
            for text in catalogued[msgid]:
                assert rule.label.casefold() in text.casefold(), f"{msgid!r} is {text!r}, not {rule.label!r}"
    assert catalogued["Cancel"] != catalogued["↶ Undo"]


def test_the_shown_strings_leave_code_out(keys):
    code = ('table.claim("Denver-Oklahoma City")\n'
            'reason = hand.why_illegal("claim Calcutta-Chittagong red*2")\n'
            'board(x, title=f"{n} strækninger: Spiller 1 bygger Denver-Omaha")   # robotten trækker\n'
            'check("usa-claiming-1", answer)\n')
    shown = shown_strings(code, keys)
    assert shown == ["{} strækninger: Spiller 1 bygger Denver-Omaha", "robotten trækker"]
    found = [(rule.english, words) for text in shown for rule, words in glossary.findings(text, RULES)]
    assert found == [("route name", "Denver-Omaha"), ("bot", "robotten")]


def test_no_danish_text_uses_a_banned_synonym(keys):
    texts = danish_texts(keys)
    assert len(texts) > 1500 and {where.split(":")[0].split(" ")[0] for where, _ in texts} >= {
        "engine.po", "widgets.po", "lessons.po", "TEACHERS.md", "00_start_here.ipynb"}
    found = [f"{where}: {words!r} (say {rule.danish!r})" for where, text in texts
             for rule, words in glossary.findings(text, BANNED)]
    assert not found, f"{len(found)} banned synonyms:\n" + "\n".join(found)


def test_the_pupils_glossary_page_is_the_glossary():
    page = glossary.PAGE.read_text(encoding="utf-8")
    assert page == glossary.render(RULES), "notebooks/da/ordliste.md is out of date: run python scripts/glossary.py"
    for rule in RULES:
        assert f"**{rule.danish}**" in page and f"| {rule.english} |" in page
    index = (ROOT / "course" / "index.md").read_text(encoding="utf-8")
    assert "notebooks/da/ordliste" in index
    start = "".join("".join(c["source"]) for c in json.loads((DA / "00_start_here.ipynb").read_text())["cells"])
    assert "](ordliste.md)" in start
