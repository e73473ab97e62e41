"""The search for an exercise's answer in the cells above it, which
`tests/notebooks/test_exercise_leaks.py` runs over every notebook (its docstring states the rule).

The search cuts every cell into *pieces* a student reads at once (a statement of code, a
sentence of prose), takes from each piece the *candidates* a student could copy as an answer
(a number written in digits, a run of one to three words, a list written in code, an
enumeration in prose such as "the USA, Europe and India"), and asks the exercise's own checker
(`Exercise.compare`) about each. A candidate the checker accepts gives the answer away when
the piece is about what the exercise asks (`about_it`).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any, Iterator

from ttr_nb.engine import editions, load_game
from ttr_nb.engine.i18n import catalogue
from ttr_nb.exercises import Exercise

#: how many distinct words of an exercise's subject a piece must hold to be about it
SUBJECT_HITS = 2
#: words too common in the notebooks to tell one subject from another (English and Danish)
COMMON = set("""
    about after also answer answers before being both card cards could does each every from game give
    given have here into just list many more most much must only other same than that their them then
    there these they this those what when where which while will with would your first whole still
    player players turn turns number numbers write written order route routes
    alle andre også efter eller finder flere første giver hvad hvem hvilke hvilken hvis hvor hvordan
    hver hvert inden kort kortene mange med mens mere mest nogen noget over samme sidste skal
    spil spillet spiller spillere spilleren spillerne svar svaret tal tallet under uden være
    dine dit din jeres nummer numre rute ruter ruten ruterne
""".split())
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
NUMBER = re.compile(r"(?<![\w.,/])[-−+]?\d+(?:[.,]\d+)?(?:/\d+)?(?![\w/]|[.,]\d)")
#: an exercise id written in a cell ("usa-scoring-2"): its number is no answer
EXERCISE_ID = re.compile(r"\b[a-z]+-[a-z]+-\d+\b")
#: what separates the items of an enumeration in prose
SEPARATOR = re.compile(r"\s*(?:,|;|\band\b|\bor\b|\bog\b|\beller\b|&)\s*", re.I)
#: the words a number comes with when it is a player's number, a count of players, or the
#: number of a notebook, an exercise or a cell ("Player 2", "3 players", "notebook 31")
NAMING_BEFORE = re.compile(r"(?:player|spiller|notebook|notesbog\w*|exercise|opgave|cell|celle)\W{0,2}$", re.I)
PLAYERS_AFTER = re.compile(r"^\s*-?\s*(?:player|spiller)", re.I)
#: a number in a run of numbers ("0, 1, 2 or 3", "1 to 6", "2–3", "(2, 4, 45)")
RUN_BEFORE = re.compile(r"\d\s*(?:,|;|\||–|-|→|\bor|\bto|\band|\bog|\beller|\btil)?\s*$")
RUN_AFTER = re.compile(r"^\s*(?:,|;|\||–|-|→|or\b|to\b|and\b|og\b|eller\b|til\b)?\s*[-−+]?\d")
#: how a question names what its number counts, in English and in Danish: "how many extra cards",
#: "the smallest number of red cards", "the most points", "what would player 1's final score be",
#: "what share ...", "who would win"; "hvor mange ekstra kort", "det mindste antal røde kort", ...
COUNTED = (re.compile(r"\bhow many (?:(?:different|of|the|these|\w+'s)\s+)*(\w+)(?:\s+(\w+))?", re.I),
           re.compile(r"\bnumber of (\w+)(?:\s+(\w+))?", re.I),
           re.compile(r"\bthe (?:most|fewest|least) (\w+)", re.I),
           re.compile(r"(?:\bfinal |'s )(score|total)\b|\b(share|chance)\b", re.I),
           re.compile(r"\bwho (?:would |will )?(win)\b", re.I),
           re.compile(r"\bhvor mange (?:(?:forskellige|af|de|disse|\w+ens|\w+s)\s+)*(\w+)(?:\s+(\w+))?", re.I),
           re.compile(r"\b(?:mindste|største|højeste|laveste) antal (\w+)(?:\s+(\w+))?", re.I),
           re.compile(r"\b(slutpoint|chancen)\b|\bsamlede (score)\b", re.I),
           re.compile(r"\bhvem (?:ville |vil )?(vinde)\b", re.I))
#: words that end the name of what is counted ("how many cards *does* ...", "hvor mange kort *har* ...")
NOT_COUNTED = {"do", "does", "are", "is", "must", "can", "could", "would", "will", "go", "lie", "have", "has",
               "that", "which", "out", "in", "on", "above", "long",
               "har", "er", "kan", "skal", "kommer", "ligger", "bliver", "ville", "vil", "der", "som", "giver",
               "ændrer", "lang", "mere", "i", "på", "ud", "over"}
#: the words that may stand between what is counted and its number ("the chance is 0.47", "er 18"),
#: but not the words that join two things ("3 tickets and 2")
JOINING = {"and", "or", "with", "of", "og", "eller", "med", "af"}


def _stem(word: str) -> str:
    """A word without its plural or definite ending, so that "routes" and "route",
    "countries" and "country", "strækninger" and "strækning" meet."""
    word = word.casefold()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for ending in ("erne", "ene", "er", "en"):
        if len(word) - len(ending) >= 4 and word.endswith(ending):
            word = word[: -len(ending)]
            return word[:-1] if word[-1] == word[-2] and word[-1] not in "aeiouyæøå" else word  # "billett"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _spaced(text: str) -> str:
    """`text` with identifiers cut into words at `_` and at a change of case."""
    return re.sub(r"(?<=[a-zæøå])(?=[A-ZÆØÅ])", " ", text).replace("_", " ")


def words(text: str) -> set[str]:
    """The stems of the words of `text` of four letters or more, but the common ones
    ("face_up_locomotive_costs_two" holds "face", "locomotive", "cost")."""
    return {_stem(w) for w in WORD.findall(_spaced(text)) if len(w) >= 4 and w.casefold() not in COMMON}


def edition_names(ex: Exercise) -> list[str]:
    """The names of the edition an exercise's id names: its id, and its board's title in English
    and in Danish (none for an id that names no edition)."""
    edition = ex.id.split("-")[0]
    if edition not in editions():
        return []
    title = load_game(edition).board.title
    return [edition, title, catalogue("engine", "da").gettext(title)]


def subject(ex: Exercise) -> set[str]:
    """What an exercise is about: the words of its question (in English and in Danish) and the
    names of the edition its id names."""
    names = edition_names(ex)
    return words(" ".join([ex.question, catalogue("lessons", "da").gettext(ex.question), *names])) | set(names[:1])


def counted(ex: Exercise) -> list[list[str]]:
    """What a number answer counts, as its question names it in English and in Danish
    (["extra", "card"], ["ekstra", "kort"], ["score"]), and the names of the edition the
    question is about (["switzerland"], ["nordic", "country"])."""
    found = []
    question = ex.question + "\n" + catalogue("lessons", "da").gettext(ex.question)
    for pattern in COUNTED:
        for match in pattern.finditer(question):
            phrase = []
            for word in filter(None, match.groups()):
                if word.casefold() in NOT_COUNTED:
                    break
                phrase.append(_stem(word))
            if phrase:
                found.append(phrase)
    return found + [[_stem(w) for w in WORD.findall(name)] for name in edition_names(ex)]


@dataclass(frozen=True)
class Piece:
    """A piece of a cell a student reads at once: a code statement or a sentence of prose."""

    cell: int
    kind: str
    text: str

    def shows(self) -> bool:
        """Prose, or an `assert` or `print` in code: a piece that tells a student a value."""
        return self.kind == "markdown" or bool(re.match(r"\s*(assert\b|print\()", self.text))


def pieces(cell_index: int, cell: dict) -> Iterator[Piece]:
    """The statements of a code cell (a line each where it does not parse), the sentences of
    a markdown cell."""
    text = "".join(cell["source"])
    if cell["cell_type"] == "code":
        lines = text.splitlines()
        try:
            tree = ast.parse(text)
        except SyntaxError:
            yield from (Piece(cell_index, "code", line) for line in lines)
            return
        for node in tree.body:
            yield Piece(cell_index, "code", "\n".join(lines[node.lineno - 1:node.end_lineno]))
    else:
        for line in text.splitlines():
            for sentence in re.split(r"(?<=[.!?:])\s+(?=[A-ZÆØÅ*`(\d])", line):
                if sentence.strip():
                    yield Piece(cell_index, "markdown", sentence)


def _values(token: str) -> Iterator[Any]:
    """The numbers a token written in digits may be read as ("0,475" in Danish is 0.475)."""
    token = token.replace("−", "-").lstrip("+")
    if "/" in token:
        yield token
    elif "." in token:
        yield float(token)
    elif "," in token:
        yield float(token.replace(",", "."))
    else:
        yield int(token)


def _phrase(words: list[str]) -> str:
    """A pattern for words given by their stems ("extra", "card" finds "extra cards")."""
    return r"\s+".join(re.escape(w) + r"\w*" for w in words)


def numbers_next_to(text: str, phrases: list[list[str]]) -> Iterator[Any]:
    """The numbers of `text` that stand next to one of `phrases`, at most one word between:
    before it ("3 extra cards", "36 route points", "3 in Switzerland") or after it ("score: 18",
    "the chance is 0.47", `"switzerland": 3`). Never a player's number nor a count of players
    (unless players are counted, or the question asks who wins), the number of a notebook,
    exercise or cell, nor a number in a run of numbers ("0, 1, 2 or 3", "1 to 6")."""
    text = EXERCISE_ID.sub(" ", text)
    counts_players = any(p[-1] in ("player", "spiller", "win", "vinde") for p in phrases)
    named = "(?:" + "|".join(_phrase(p) for p in phrases) + ")"
    named_after = re.compile(r"^\s+(?:[^\W\d]+\s+)?" + named + r"\b", re.I)
    between = r"(?:\s+(?!(?:" + "|".join(JOINING) + r")\b)[^\W\d]+)?"
    named_before = re.compile(r"\b" + named + between + r"[\s\"'\]:=]{0,4}$", re.I)
    for match in NUMBER.finditer(text):
        head, tail = text[:match.start()], text[match.end():]
        if not counts_players and (NAMING_BEFORE.search(head) or PLAYERS_AFTER.match(tail)):
            continue
        if RUN_BEFORE.search(head) or RUN_AFTER.match(tail):
            continue
        if named_after.match(tail) or named_before.search(head):
            yield from _values(match.group())


def _word_runs(text: str, longest: int = 3) -> Iterator[str]:
    found = WORD.findall(text)
    for n in range(1, longest + 1):
        for k in range(len(found) - n + 1):
            yield " ".join(found[k:k + n])


def _code_literals(text: str) -> Iterator[Any]:
    """The lists, tuples and sets written in code, and the keys of dicts written in it."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            try:
                yield ast.literal_eval(node)
            except ValueError:
                pass
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if keys:
                yield keys


def _enumerations(text: str, size: int, trim: int = 3) -> Iterator[list[str]]:
    """Runs of `size` consecutive items of an enumeration in text, the first item cut to its
    last words and the last to its first words ("costs the whole draw in the USA", "Europe",
    "India and Northern Lights ..." gives ["USA", "Europe", "India", "Northern Lights"])."""
    for clause in re.split(r"[.:!?()\[\]{}\n]", text.replace("'", " ").replace('"', " ")):
        items = [item.strip(" *`") for item in SEPARATOR.split(clause) if item.strip(" *`")]
        for k in range(len(items) - size + 1):
            run = items[k:k + size]
            heads, tails = run[0].split(), run[-1].split()
            for a in range(1, min(trim, len(heads)) + 1):
                for b in range(1, min(trim, len(tails)) + 1):
                    yield [" ".join(heads[-a:])] if size == 1 else [" ".join(heads[-a:]), *run[1:-1],
                                                                     " ".join(tails[:b])]


def candidates(piece: Piece, ex: Exercise, expected: Any) -> Iterator[Any]:
    """What a student could copy from `piece` as an answer of the kind `expected` is."""
    if isinstance(expected, (list, tuple, set, frozenset)):
        if piece.kind == "code":
            yield from _code_literals(piece.text)
        yield from _enumerations(piece.text, len(expected))
    elif isinstance(expected, str):
        yield from _word_runs(piece.text)
    elif piece.shows():
        yield from numbers_next_to(piece.text, counted(ex))


def about_it(piece: Piece, ex: Exercise, expected: Any) -> bool:
    """A number is about the exercise when it stands next to what the exercise counts (the
    search for numbers, `numbers_next_to`, sees to that); any other answer when its piece holds
    at least `SUBJECT_HITS` words of the exercise's subject."""
    if isinstance(expected, (str, list, tuple, set, frozenset)):
        return len(words(piece.text) & subject(ex)) >= SUBJECT_HITS
    return True


def _accepts(ex: Exercise, value: Any, expected: Any) -> bool:
    try:
        return bool(ex.compare(value, expected))
    except Exception:
        return False


def leaks(cells: list[dict], ex: Exercise, expected: Any | None = None) -> list[str]:
    """Where `cells` (the cells above the exercise) give the answer of `ex` away: one line per
    piece, naming its cell and the value a student could copy."""
    expected = ex.solution() if expected is None else expected
    found = []
    for k, cell in enumerate(cells):
        for piece in pieces(k, cell):
            if not about_it(piece, ex, expected):
                continue
            for value in candidates(piece, ex, expected):
                if _accepts(ex, value, expected):
                    found.append(f"cell {k} ({piece.kind}) gives {value!r} away: {piece.text.strip()[:160]!r}")
                    break
    return found
