"""Action text: `str(parse(s)) == s` for every action form, one error for text that is not
an action (`ActionSyntaxError`, an `IllegalAction`), and reading time linear in the text."""
from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb import (AbandonTunnel, ActionSyntaxError, BuildStation, Cards, Claim, DrawBlind, DrawFaceUp,
                    DrawTickets, IllegalAction, KeepTickets, Match, Pass, PayTunnel, parse)
from ttr_nb.engine.actions import MAX_TEXT, _payment_start
from ttr_nb.engine.board import MAX_LABEL, _normalise_label, load_board
from ttr_nb.engine.cards import CARD_NAMES

from ..steps import steps

BOARDS = {name: load_board(name) for name in ("usa", "europe", "switzerland", "nordic")}
LABELS = sorted({r.key for b in BOARDS.values() for r in b.routes})
CITIES = sorted({c.name for b in BOARDS.values() for c in b.cities})

cards = st.lists(st.integers(0, 40), min_size=9, max_size=9).map(Cards)
# labels as a board could spell them: words of letters, digits and the signs route keys use
words = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Nd"), whitelist_characters="-#.'()/"),
                min_size=1, max_size=8)
labels = st.one_of(st.sampled_from(LABELS), st.sampled_from(CITIES),
                   st.lists(words, min_size=1, max_size=4).map(" ".join))
actions = st.one_of(
    st.just(DrawBlind()), st.sampled_from(CARD_NAMES).map(DrawFaceUp), st.just(DrawTickets()),
    st.lists(st.integers(0, 12), max_size=5).map(lambda k: KeepTickets(tuple(k))),
    st.builds(Claim, labels, cards), st.builds(PayTunnel, cards), st.just(AbandonTunnel()),
    st.builds(BuildStation, labels, cards), st.just(Pass()))


@settings(max_examples=2000, deadline=None)
@given(actions)
def test_every_action_reads_back_from_its_text(action):
    text = str(action)
    assert parse(text) == action
    assert str(parse(text)) == text


def test_keeping_no_ticket_has_a_text_form():
    assert str(KeepTickets(())) == "keep none" and parse("keep none") == KeepTickets(())


def _payment_start_by_trying_every_tail(words):
    """The former reading: try each tail, longest first (quadratic)."""
    for k in range(1, len(words)):
        try:
            Cards.parse(" ".join(words[k:]))
        except ValueError:
            continue
        return k
    return None


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(["red", "loco", "3", "*", "*3", "red*3", "+", "+loco", "red+", "3+red",
                                 "none", "-", "Denver", "x", "loco*1+red*2", "2 red", "+3", "purple",
                                 "red*2+", "*x", "blue*1+red", "Kansas"]), max_size=8))
def test_the_payment_is_the_longest_tail_that_reads_as_cards(ws):
    assert _payment_start(ws) == _payment_start_by_trying_every_tail(ws)


def test_reading_a_claim_is_linear_in_its_length():
    def work(n):                                   # instructions run, not seconds: the same on any machine
        count, found = steps(_payment_start, ["Kansas"] * n + ["red*3+loco*1"])
        assert found == n
        return count
    small, big = work(2_000), work(20_000)
    assert 9 * small < big < 11 * small            # 10 times longer: 10 times the work (not 100)


@pytest.mark.parametrize("text", ["claim " + "Kansas " * 200_000 + "red*3", "x" * (MAX_TEXT + 1),
                                  "keep " + "1" * 5000, "claim A " + "red*1+" * 1000 + "red*1"])
def test_texts_longer_than_any_action_are_refused_unread(text):
    def refusal(t):
        try:
            parse(t)
        except ActionSyntaxError as e:
            return e
    with pytest.raises(ActionSyntaxError, match=f"no action has more than {MAX_TEXT}") as err:
        parse(text)
    assert len(str(err.value)) < 600                                # the message does not repeat the text
    # unread: the same work for the text as for a text ten times as long
    work, error = steps(refusal, text)
    assert steps(refusal, text * 10)[0] == work and error.reason == err.value.reason


def test_every_action_of_every_edition_is_shorter_than_the_cap():
    longest_label = max(len(r.key) for b in BOARDS.values() for r in b.routes)
    longest_city = max(len(c) for c in CITIES)
    deck = max(max(ttr_nb.load_rules(e).cards_per_colour, ttr_nb.load_rules(e).locomotives)
               for e in ttr_nb.editions())
    whole_deck = str(Cards((deck,) * 9))                           # every card of every kind, paid
    assert len(f"claim {longest_label} {whole_deck}") < MAX_TEXT / 3
    assert len(f"station {longest_city} {whole_deck}") < MAX_TEXT / 3
    assert longest_label < MAX_LABEL / 4


@pytest.mark.parametrize("text", ["keep ²", "keep 1,²", "keep ١", "gibberish", "claim Denver-Omaha red*²",
                                  "claim Denver-Omaha red*٣", "draw ²", ""])
def test_text_that_is_not_an_action_raises_action_syntax_error_everywhere(text):
    with pytest.raises(ActionSyntaxError) as err:
        parse(text)
    assert isinstance(err.value, IllegalAction) and isinstance(err.value, ValueError)
    assert err.value.rule == "action-syntax" and err.value.reason.rule == "action-syntax"
    state = ttr_nb.load_game("usa", seed=1).new_state()
    with pytest.raises(ActionSyntaxError) as applied:
        state.apply(text)
    assert applied.value.reason == err.value.reason and str(applied.value) == err.value.reason.text
    assert state.why_illegal(text) == err.value.reason
    with pytest.raises(ActionSyntaxError):
        Match(state.game, state).play(text)


@pytest.mark.parametrize("text", ["red*²", "red*٣", "٣ red", "red*3+loco*²"])
def test_card_counts_are_written_in_the_digits_0_to_9(text):
    """`str.isdigit` also takes "²" and "٣": a count in other digits is refused with the card
    sentence, not read (٣ as 3) nor refused with Python's own words (`int("²")`)."""
    with pytest.raises(ValueError) as err:
        Cards.parse(text)
    assert str(err.value).startswith("cannot read") and "red*3+loco*1" in str(err.value)
    assert "invalid literal" not in str(err.value)


# ---------------------------------------------------------------------------- route labels
def test_route_label_normalisation_is_linear():
    for text in ("A -" * 300_000, " " * 1_000_000 + "x", "A" + " \u2013 " * 300_000):
        start = time.perf_counter()
        _normalise_label(text)
        assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("label", ["A-" * 500_000, "Denver" + " -" * 400_000, "Berlin-Wien#" + "-" * 10**6,
                                   " - " * 300_000])
def test_explaining_an_unknown_long_route_label_is_linear(label):
    board = BOARDS["europe"]
    start = time.perf_counter()
    board._unknown_route_message(label)
    with pytest.raises(KeyError, match=f"at most {MAX_LABEL} characters"):
        board.find_route(label)
    assert time.perf_counter() - start < 2.0


def test_route_labels_are_still_found_in_every_spelling():
    usa = BOARDS["usa"]
    for label in ("Kansas City-Denver", "kansas city – denver", " Denver - Kansas City ", "Denver\u2212Kansas City#2"):
        assert usa.find_route(label).key.startswith("Denver-Kansas City")
    with pytest.raises(KeyError, match="Denver and Boston are not joined"):
        usa.find_route("Denver - Boston")
