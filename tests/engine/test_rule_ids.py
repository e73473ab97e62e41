"""Every refusal names a registered rule id, in one sentence; payments and malformed
actions are refused, never raised on.

* the engine's source is scanned for `Reason(...)`: each names a literal id of
  `rulebook.RULE_IDS`, and each registered id is used;
* random games of every edition judge, at every step, near-miss and malformed
  actions: every refusal's id is registered, its text is one sentence (capitalised,
  ending with a full stop, forms apart in `accepted`), and `why_illegal` never raises;
* payments given as plain tuples are checked at the boundary (`Claim`,
  `BuildStation`, `PayTunnel`): negative, fractional, boolean, too few or too many
  counts are refused with the rule "payment" and change nothing.
"""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb import (AbandonTunnel, BuildStation, Claim, DrawBlind, DrawFaceUp, DrawTickets, IllegalAction,
                    KeepTickets, Pass, PayTunnel, Reason)
from ttr_nb.engine.cards import CARD_NAMES, NUM_KINDS, Cards
from ttr_nb.engine.rulebook import RULE_IDS, rule_title

ENGINE = Path(ttr_nb.__file__).resolve().parent / "engine"
# "St. Louis", "Ste. Marie": an abbreviation's full stop does not end a sentence
SENTENCE_END = re.compile(r"(?<!\bSt)(?<!\bSte)[.!?] +[A-Z]")


def reasons_in_source() -> list[tuple[str, int, ast.expr]]:
    out = []
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Reason":
                first = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "rule"), None)
                out.append((path.name, node.lineno, first))
    return out


def check_reason_form(reason: Reason) -> None:
    assert reason.rule in RULE_IDS, f"unregistered rule id {reason.rule!r}: {reason}"
    text = reason.text
    assert isinstance(text, str) and text, reason
    assert not text[0].islower(), f"not capitalised: {text!r}"
    assert text.endswith("."), f"no full stop: {text!r}"
    assert "\n" not in text, f"more than one line: {text!r}"
    assert not SENTENCE_END.search(text[:-1]), f"more than one sentence: {text!r}"
    assert isinstance(reason.accepted, tuple) and all(isinstance(a, str) for a in reason.accepted), reason


def test_every_reason_in_the_engine_names_a_registered_literal_id():
    found = reasons_in_source()
    assert len(found) > 30, "the scan finds the engine's refusals"
    bad = [f"{name}:{line}" for name, line, first in found
           if not (isinstance(first, ast.Constant) and first.value in RULE_IDS)]
    assert not bad, "Reason(...) without a registered literal rule id at " + ", ".join(bad)
    used = {first.value for _, _, first in found}
    assert set(RULE_IDS) == used, f"registered but never used: {sorted(set(RULE_IDS) - used)}"


def test_the_registry_gives_a_title_and_a_section_for_each_id():
    for rule, entry in RULE_IDS.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule), rule
        assert entry.title and entry.title[0].isupper() and not entry.title.endswith("."), entry
        assert entry.section.startswith("§"), entry
        assert rule_title(rule) == entry.title
    with pytest.raises(KeyError, match="unknown rule id"):
        rule_title("no-such-rule")


MALFORMED = [
    DrawFaceUp(5), DrawFaceUp(None), DrawFaceUp("mauve"), DrawFaceUp(["red"]),
    Claim(None, Cards.of(red=1)), Claim(["Denver-Omaha"], Cards.of(red=4)), Claim(3.5, Cards()), Claim(True, Cards()),
    Claim(10**9, Cards()), Claim("Denver-Omaha", None), Claim("Denver-Omaha", "red*4"), Claim("Nowhere-Else", Cards()),
    KeepTickets(None), KeepTickets(("0",)), KeepTickets((0.0,)), KeepTickets((True,)), KeepTickets([0, 1]),
    BuildStation(None, Cards.of(red=1)), BuildStation(["Berlin"], Cards.of(red=1)), BuildStation("Berlin", (1,)),
    PayTunnel(None), PayTunnel("red*1"), PayTunnel((0,) * 8 + (-1,)), PayTunnel((0.5,) + (0,) * 8),
    None, 42, 3.5, object(), Cards(), (), "", "claim", "gibberish", "keep ²", "draw purple2",
]


def candidates(state, rng: random.Random) -> list:
    """Near misses and malformed actions for this position (a handful of each kind)."""
    g = state.game
    routes = g.board.routes
    hand = state.hands[state.current_player]
    out = [DrawBlind(), DrawTickets(), Pass(), AbandonTunnel()] + [DrawFaceUp(c) for c in CARD_NAMES]
    out += rng.sample(MALFORMED, 6)
    for _ in range(6):
        r = rng.choice(routes)
        pay = [0] * NUM_KINDS
        for _ in range(r.length):
            pay[rng.randrange(NUM_KINDS)] += 1
        out.append(Claim(r.key, Cards(pay)))
        out.append(Claim(r.key, tuple(hand)))
        out.append(Claim(r.key, tuple(rng.choice((-1, 0, 1, 2)) for _ in range(NUM_KINDS))))
    cities = g.city_names
    for _ in range(3):
        k = rng.randrange(4)
        out.append(BuildStation(rng.choice(cities), Cards.of({rng.choice(CARD_NAMES): k}) if k else Cards()))
        out.append(KeepTickets(tuple(sorted(rng.sample(range(6), rng.randrange(4))))))
        out.append(KeepTickets((rng.randrange(-2, 8),) * rng.randrange(1, 3)))
        out.append(PayTunnel(Cards.of({rng.choice(CARD_NAMES): rng.randrange(4)})))
    return out


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_refusals_in_random_games_use_registered_ids_in_one_sentence(edition):
    rules = ttr_nb.load_rules(edition)
    seen: set[str] = set()
    for seed in range(3):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        state = ttr_nb.load_game(edition, players=players, seed=seed).new_state()
        rng = random.Random(seed)
        steps = 0
        while not state.is_over() and steps < 400:
            steps += 1
            for action in candidates(state, rng):
                reason = state.why_illegal(action)          # never raises
                if reason is not None:
                    check_reason_form(reason)
                    seen.add(reason.rule)
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    assert {"payment", "not-in-display", "wrong-phase", "unknown-route", "action-syntax"} <= seen, seen


def test_malformed_actions_are_refused_never_raised():
    for edition in ttr_nb.editions():
        game = ttr_nb.load_game(edition, players=2, seed=3)
        state = game.new_state()
        for _ in range(12):                                   # into the first turns
            before = state.to_dict()
            for action in MALFORMED:
                reason = state.why_illegal(action)
                assert reason is not None, (edition, action)
                check_reason_form(reason)
                with pytest.raises(IllegalAction) as err:
                    state.apply(action)
                assert err.value.reason == reason
            assert state.to_dict() == before
            state = state.apply(state.legal_actions()[0])


def usa_turn(**d):
    game = ttr_nb.load_game("usa", players=2, seed=1)
    return game.state_from_dict({"phase": "turn", **d})


@pytest.mark.parametrize("payment", [
    (1, -1, 0, 0, 0, 4, 0, 0, 0),           # a negative count (the hand would grow)
    (0, 0, 0, 0, 0, 3.5, 0, 0, 0.5),        # fractions
    (0, 0, 0, 0, 0, 4.0, 0, 0, 0),          # a float, even a whole one
    (0, 0, 0, 0, 0, True, True, True, True),   # booleans are not counts
    (0, 0, 0, 0, 0, 4, 0, 0),               # eight counts
    (0, 0, 0, 0, 0, 4, 0, 0, 0, 0),         # ten
    (0, 0, 0, 0, 0, "4", 0, 0, 0),
    [0, 0, 0, 0, 0, 4, 0, 0, 0],            # a list is not a multiset of cards
])
def test_a_claim_payment_is_checked_at_the_boundary(payment):
    s = usa_turn(hands=[{"pink": 5, "red": 1, "loco": 2}, {}])
    before = s.to_dict()
    action = Claim("Denver-Omaha", payment)
    reason = s.why_illegal(action)
    assert reason is not None and reason.rule == "payment", reason
    check_reason_form(reason)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.to_dict() == before
    # the same payment as Cards or a plain tuple of whole counts is accepted
    assert s.why_illegal(Claim("Denver-Omaha", (0, 0, 0, 0, 0, 4, 0, 0, 0))) is None
    assert s.why_illegal(Claim("Denver-Omaha", Cards.of(pink=4))) is None


@pytest.mark.parametrize("payment", [(1, -1, 0, 0, 0, 0, 0, 0, 0), (0.5, 0.5, 0, 0, 0, 0, 0, 0, 0),
                                     (1, 0, 0, 0, 0, 0, 0, 0), (False,) * 9])
def test_station_and_tunnel_payments_are_checked_at_the_boundary(payment):
    game = ttr_nb.load_game("europe", players=2, seed=1)
    s = game.state_from_dict({"phase": "turn", "hands": [{"red": 2, "blue": 1}, {}]})
    before = s.to_dict()
    reason = s.why_illegal(BuildStation("Berlin", payment))
    assert reason is not None and reason.rule == "payment", reason
    with pytest.raises(IllegalAction):
        s.apply(BuildStation("Berlin", payment))
    assert s.to_dict() == before
    assert s.why_illegal(BuildStation("Berlin", (1, 0, 0, 0, 0, 0, 0, 0, 0))) is None
    # a pending tunnel: Paris-Zürich is a 3-space grey tunnel
    t = game.state_from_dict({"phase": "tunnel", "hands": [{"red": 2, "loco": 1}, {}],
                              "tunnel": {"route": "Paris-Zürich", "payment": "blue*3",
                                         "revealed": ["blue", "green", "pink"]}})
    before = t.to_dict()
    reason = t.why_illegal(PayTunnel(payment))
    assert reason is not None and reason.rule == "payment", reason
    with pytest.raises(IllegalAction):
        t.apply(PayTunnel(payment))
    assert t.to_dict() == before
    assert t.why_illegal(PayTunnel((0,) * 8 + (1,))) is None
