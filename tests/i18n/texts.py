"""The texts a student reads in a game, and a check of each against the catalogue.

`game_texts` plays a few seeded random games and collects every log line (`State.describe`)
and the refusals of near-miss actions (`why_illegal`, `IllegalAction` from `apply`, the
engine's questions: why not this claim, this station, this tunnel payment). `Templates`
reads a catalogue: a text is *in* a language when the whole of it is one of that language's
texts with its placeholders filled, and it *leaks* English when it, or a text filled into a
placeholder (or an item of a list filled in), is an English text whose translation differs.
"""
from __future__ import annotations

import random
import re

import ttr_nb
from ttr_nb.engine import queries
from ttr_nb.engine.errors import IllegalAction

from tests.engine.invariants import candidate_actions

from .catalogues import entries, ids, script, strings

_FIELD = re.compile(r"\{(\w+)\}")
# placeholders that always hold a number
NUMBERS = {"n", "k", "last", "need", "held", "number", "minimum", "left", "turn"}
_LIST = re.compile(r", | \+ | = ")


def _pattern(text: str) -> re.Pattern:
    """`text` as a regular expression: each placeholder any text (a group), the rest as written;
    a text without a full stop of its own may get one (`errors.one_sentence` adds it)."""
    parts, at = [], 0
    for m in _FIELD.finditer(text):
        parts.append(re.escape(text[at:m.start()]))
        parts.append(r"(-?\d+)" if m.group(1) in NUMBERS else "(.+?)")
        at = m.end()
    parts.append(re.escape(text[at:]))
    body = "".join(parts)
    return re.compile(body + ("" if text.endswith(".") else r"\.?"), re.S)


def _written(pattern: re.Pattern) -> int:
    return -len(pattern.pattern.replace("(.+?)", "").replace(r"(-?\d+)", ""))


class Templates:
    """The texts of one domain's catalogue, as patterns: `translated` (each form of each
    translation) and `english` (each English text whose translation differs)."""

    def __init__(self, domain: str = "engine", code: str = "da"):
        po = script.read(script.po_path(domain, code), code)
        self.translated, self.english, self.source = [], [], []
        joiners = set()
        for m in entries(po):
            english = ids(m)
            for k, text in enumerate(strings(m)):
                source = english[min(k, len(english) - 1)]
                if _FIELD.sub("", text).strip(" ,.:;()+=-"):      # not a mere joint ("{route}, {colour}")
                    self.translated.append(_pattern(text))
                if text != source and _FIELD.sub("", source).strip(" ,.:;()+=-"):
                    self.english.append((source, _pattern(source)))
            for source in english:
                if _FIELD.sub("", source).strip(" ,.:;()+=-"):
                    self.source.append(_pattern(source))
            if ids(m)[0] in ("{items} and {last}", "{items} or {last}"):
                joiners.update(re.escape(t.replace("{items}", "").replace("{last}", "")) for t in strings(m))
        # the most specific first (the most written text), so a filled-in text is read as the
        # sentence it is, not as "Spiller {n}" with the rest of the sentence for a number
        self.translated.sort(key=_written)
        self.source.sort(key=_written)
        self._lists = re.compile("|".join([_LIST.pattern, *sorted(joiners, key=len, reverse=True)]))

    @staticmethod
    def _match(patterns, text: str):
        for candidate in (text, text[:1].lower() + text[1:]):
            for p in patterns:
                m = p.fullmatch(candidate)
                if m:
                    return m
        return None

    def in_translation(self, text: str) -> bool:
        return self._match(self.translated, text) is not None

    def in_english(self, text: str) -> bool:
        return self._match(self.source, text) is not None

    def leak(self, text: str, depth: int = 0) -> str | None:
        """The English text found in `text` (the whole, a filled-in placeholder, a list item), or None."""
        for candidate in (text, text[:1].lower() + text[1:]):
            for source, p in self.english:
                if p.fullmatch(candidate):
                    return f"{text!r} is the English {source!r}"
        if depth > 4:
            return None
        pieces = [text]
        m = self._match(self.translated, text)
        if m:
            pieces = [g for g in m.groups() if g and g != text]
        pieces = [q.strip(" ()") for g in pieces for q in self._lists.split(g) if q.strip(" ()")]
        for piece in pieces:
            if piece != text:
                found = self.leak(piece, depth + 1)
                if found:
                    return f"{found} (in {text!r})"
        return None


def game_texts(edition: str, seed: int, players: int = 2, max_actions: int = 400, refusals_per_step: int = 4,
               **options):
    """(kind, text) of every log line and of near-miss refusals in a seeded random game (with the
    edition's `options`)."""
    game = ttr_nb.load_game(edition, players=players, seed=seed, **options)
    state = game.new_state()
    rng = random.Random(f"texts/{edition}/{seed}")
    board = game.board
    for _step in range(max_actions):
        if state.is_over():
            break
        d = state.to_dict()
        tried = candidate_actions(state, d, rng, misfits=10)
        rng.shuffle(tried)
        refused = 0
        for action in tried:
            reason = state.why_illegal(action)
            if reason is None:
                continue
            yield "refusal", reason.text
            if refused == 0:
                try:
                    state.apply(action)
                except IllegalAction as error:
                    yield "refusal", str(error)
            refused += 1
            if refused >= refusals_per_step:
                break
        route = board.routes[rng.randrange(len(board.routes))]
        for reason in (queries.claim_refusal(state, route.key), queries.payment_refusal(state, route.key),
                       queries.station_refusal(state, rng.choice(board.cities).name), queries.tunnel_refusal(state)):
            if reason is not None:
                yield "refusal", reason.text
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        after = state.apply(action)
        for line in state.describe(action, after=after):
            yield "log", line
        state = after
