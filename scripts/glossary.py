"""The Danish vocabulary of the course: one Danish term for each concept of the game.

    python scripts/glossary.py        write notebooks/da/ordliste.md (the pupils' page) from the glossary

The glossary is ttr_nb/locale/da/glossary.csv, one row a rule, with the columns

    english     the concept, as the English texts name it
    danish      its one Danish term
    banned      a regular expression for a Danish synonym that must not be used (may be empty);
                ``{city}`` stands for any city of any board
    exceptions  a regular expression for the contexts where a match of `banned` is allowed
                (a match of `banned` inside a match of `exceptions` is not a finding)
    example     a Danish sentence with the banned synonym: `banned` must find it
    allowed     a Danish sentence with the right term: `banned` must find nothing in it
    msgids      English labels (msgids, separated by ``|``) whose Danish text must contain `label`
    label       the Danish label of those msgids
    note        what the term means, for the pupils' page

A concept may have several rows (several banned synonyms), all with the same Danish term.
tests/i18n/test_glossary.py checks every Danish text of the course against it.
"""
from __future__ import annotations

import csv
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "ttr_nb" / "locale" / "da" / "glossary.csv"
PAGE = ROOT / "notebooks" / "da" / "ordliste.md"


@dataclass(frozen=True)
class Rule:
    english: str
    danish: str
    banned: str
    exceptions: str
    example: str
    allowed: str
    msgids: tuple[str, ...]
    label: str
    note: str

    @property
    def pattern(self) -> re.Pattern | None:
        return compiled(self.banned) if self.banned else None

    def findings(self, text: str) -> list[re.Match]:
        """The matches of the banned synonym in `text` that no exception covers."""
        if not self.banned:
            return []
        allowed = [m.span() for m in compiled(self.exceptions).finditer(text)] if self.exceptions else []
        return [m for m in self.pattern.finditer(text)
                if not any(start <= m.start() and m.end() <= end for start, end in allowed)]


@cache
def cities() -> str:
    """Every city name of every board, as one regular expression (longest names first)."""
    sys.path.insert(0, str(ROOT))
    import ttr_nb
    names = {c.name for e in ttr_nb.editions() for c in ttr_nb.load_game(e).board.cities if c.name}
    return "(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + ")"


@cache
def compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern.replace("{city}", cities()) if "{city}" in pattern else pattern)


def rules(path: Path = GLOSSARY) -> list[Rule]:
    with path.open(encoding="utf-8", newline="") as f:
        return [Rule(row["english"], row["danish"], row["banned"], row["exceptions"], row["example"],
                     row["allowed"], tuple(m for m in row["msgids"].split("|") if m), row["label"], row["note"])
                for row in csv.DictReader(f)]


def findings(text: str, glossary: list[Rule] | None = None) -> list[tuple[Rule, str]]:
    """(rule, the words found) for every banned synonym in a Danish text."""
    return [(rule, m.group(0)) for rule in glossary or rules() for m in rule.findings(text)]


def render(glossary: list[Rule] | None = None) -> str:
    """The pupils' page: one row for each concept, with the synonyms not to use (from the examples)."""
    concepts: dict[tuple[str, str], list[Rule]] = {}
    for rule in glossary or rules():
        concepts.setdefault((rule.english, rule.danish), []).append(rule)
    lines = ["# Ordliste", "",
             "De danske notesbøger, widgets, motorens sætninger og lærervejledningen bruger ét ord for hver ting i "
             "spillet: ordet i kolonnen *på dansk*. Ordene i kolonnen *sig ikke* betyder det samme, men bliver ikke "
             "brugt, så du aldrig møder den samme ting under to navne.",
             "", "| på engelsk | på dansk | sig ikke | det betyder |", "|---|---|---|---|"]
    for (english, danish), group in concepts.items():
        avoid = []
        for rule in group:
            if rule.banned and rule.example:
                avoid += [f"»{m.group(0)}«" for m in rule.findings(rule.example)]
        notes = "; ".join(dict.fromkeys(r.note for r in group if r.note))
        labels = "; ".join(f"knappen {r.label}" for r in group if r.label and r.label != danish)
        lines.append(f"| {english} | **{danish}** | {', '.join(dict.fromkeys(avoid))} | "
                     f"{'; '.join(x for x in (notes, labels) if x)} |")
    lines += ["", "Et træk, du skriver som kode, er på engelsk og med bindestreg: `claim Denver-Omaha red*4`; "
              "i teksten står strækningen med tankestreg: Denver–Omaha.", ""]
    return "\n".join(lines)


def main() -> int:
    PAGE.write_text(render(), encoding="utf-8")
    print(f"Wrote {PAGE.relative_to(ROOT)} from {GLOSSARY.relative_to(ROOT)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
