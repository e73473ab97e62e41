"""The Danish sentences a pupil reads most, as a Danish teacher says them: each made by the
engine (or a widget) for a real refused action or a real log line, whole, in Danish; the
same action's English text unchanged; numbers in Danish with a decimal comma, small counts
in a log line as words; route and ticket names joined by an en dash in Danish."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine import i18n
from ttr_nb.engine.actions import FORMS, ActionSyntaxError, parse as parse_action
from ttr_nb.engine.bonuscards import card_name
from ttr_nb.engine.narration import route_name, ticket_name
from ttr_nb.engine.numerals import count, decimal, percent, separators, whole


def at(edition: str, players: int = 2, **d):
    game = ttr_nb.load_game(edition, players=players, seed=3)
    d.setdefault("phase", "turn")
    return game.state_from_dict(d)


def said(state, action, code: str) -> str:
    with i18n.using(code):
        reason = state.why_illegal(action)
        assert reason is not None, action
        with pytest.raises(ttr_nb.IllegalAction) as error:
            state.apply(action)
        assert str(error.value) == reason.text
        return reason.text


USA = dict(hands=[{"red": 4, "blue": 2, "green": 1, "pink": 1}, {}])


def _usa():
    return at("usa", **USA)


def test_mixed_colours_are_both_kinds_of_card_and_the_route_has_an_en_dash():
    s = _usa()
    action = "claim Denver-Oklahoma City red*2+blue*2"
    assert said(s, action, "en") == ("A route is paid with cards of one colour: red and blue were mixed for "
                                      "Denver-Oklahoma City.")
    assert said(s, action, "da") == ("En strækning betales med kort i én farve: du brugte både røde og blå kort "
                                      "til Denver–Oklahoma City.")


def test_too_few_cards_is_paying_with_so_many_cards():
    s = _usa()
    action = "claim Denver-Oklahoma City red*1"
    assert said(s, action, "en") == "Denver-Oklahoma City has 4 spaces and needs 4 cards; you offered 1 (1 red)."
    assert said(s, action, "da") == ("Denver–Oklahoma City har 4 felter og kræver 4 kort; du betalte kun med 1 "
                                      "(1 rødt kort).")
    more = "claim Denver-Oklahoma City red*4+blue*1"          # too many: the same English, not "only" in Danish
    assert said(s, more, "en") == ("Denver-Oklahoma City has 4 spaces and needs 4 cards; you offered 5 (4 red and "
                                   "1 blue).")
    assert said(s, more, "da") == ("Denver–Oklahoma City har 4 felter og kræver 4 kort; du betalte med hele 5 "
                                   "(4 røde og 1 blåt kort).")


def test_paying_with_cards_not_held_says_what_the_hand_has_only():
    s = at("usa", hands=[{"green": 1, "pink": 1}, {}])
    action = "claim Denver-Oklahoma City loco*4"
    assert said(s, action, "en") == "You pay 4 locomotives but hold 1 green and 1 pink."
    assert said(s, action, "da") == "Du vil betale med 4 lokomotiver, men har kun 1 grønt og 1 lyserødt kort."


def test_one_of_a_double_route_is_named_by_its_colour_of_the_routes():
    game = ttr_nb.load_game("usa")
    white = next(r for r in game.board.routes if {r.a, r.b} == {"Chicago", "Saint Louis"} and r.colour == "white")
    with i18n.using("en"):
        assert route_name(game, white.index) == "the second Chicago-Saint Louis route, the white one"
    with i18n.using("da"):
        assert route_name(game, white.index) == "den hvide af strækningerne Chicago–Saint Louis"
    s = at("usa", hands=[{"red": 2}, {}])
    assert said(s, f"claim {white.key} red*2", "da") == (
        "Den hvide af strækningerne Chicago–Saint Louis er hvid: den kan ikke betales med røde kort.")


def test_a_typed_move_refused_in_danish_explains_every_form_which_stays_english():
    with i18n.using("da"):
        with pytest.raises(ActionSyntaxError) as error:
            parse_action("byg Denver-Omaha")
    text = str(error.value)
    assert text.startswith("trækket 'byg Denver-Omaha' kan ikke læses: ukendt kommando.")
    assert "draw deck (træk det øverste kort i bunken)" in text
    assert "claim Denver-Omaha red*3+loco*1 (byg Denver–Omaha med 3 røde kort og 1 lokomotiv)" in text
    assert all(form in text for form in FORMS) and text.count(" (") >= len(FORMS)
    with pytest.raises(ActionSyntaxError) as error:
        parse_action("byg Denver-Omaha")
    assert str(error.value) == ("cannot read the action 'byg Denver-Omaha': unknown verb. Actions look like: "
                                + "; ".join(FORMS))


def test_a_log_line_in_danish_says_small_counts_in_words():
    game = ttr_nb.load_game("usa", players=2, seed=1)
    s = game.state_from_dict({"phase": "turn", "hands": [{"red": 4}, {}]})
    with i18n.using("da"):
        line = s.describe("claim Denver-Oklahoma City red*4")[0]
    with i18n.using("en"):
        english = s.describe("claim Denver-Oklahoma City red*4")[0]
    assert line == "Spiller 1 byggede Denver–Oklahoma City med fire røde kort (7 point)"
    assert english == "Player 1 claimed Denver-Oklahoma City with 4 red cards (7 points)"


def test_numbers_the_danish_way_and_english_unchanged():
    with i18n.using("da"):
        assert (decimal(2 / 3, 3), percent(0.447, 1), whole(3049), whole(12345), separators()) == \
               ("0,667", "44,7 %", "3049", "12.345", ",.")
        assert [count(n) for n in (1, 2, 4, 12, 13)] == ["én", "to", "fire", "tolv", "13"]
    with i18n.using("en"):
        assert (decimal(2 / 3, 3), percent(0.447, 1), whole(12345), count(4), separators()) == \
               ("0.667", "44.7%", "12345", "4", ".,")


def test_the_tunnel_lab_writes_a_decimal_comma_in_danish():
    from ttr_nb.widgets.tunnel import TunnelLab

    da = TunnelLab(edition="europe", seed=0, language="da")
    en = TunnelLab(edition="europe", seed=0, language="en")
    shown, english = da.seen_html.value, en.seen_html.value
    expected = float(da.expected)
    assert f"<b>{expected:.3f}</b>".replace(".", ",") in shown and f"<b>{expected:.3f}</b>" in english
    assert da.figure.layout.separators == ",." and en.figure.layout.separators == ".,"
    assert all("," in t and " %" in t for t in da.figure.data[0].text if t)
    assert all("." in t and t.endswith("%") and " " not in t for t in en.figure.data[0].text if t)


def test_tickets_join_their_places_with_an_en_dash_in_danish_every_name_whole():
    for edition in ttr_nb.editions():
        board = ttr_nb.load_game(edition).board
        for t in board.tickets:
            with i18n.using("da"):
                assert ticket_name(t.key).startswith(f"{t.source}–{'/'.join(t.targets)}"), t.key
            with i18n.using("en"):
                assert ticket_name(t.key).startswith(t.key.partition("#")[0]), t.key


def test_bonus_cards_and_the_rules_rows_the_hints_name_are_danish():
    from ttr_nb.analysis.editions import rule_rows
    from ttr_nb.exercises import exercise

    with i18n.using("da"):
        assert card_name("International tycoon") == "International magnat"
        board = ttr_nb.load_game("northernlights").board
        assert all(card_name(c.name) != c.name or c.name.endswith("Express") for c in board.bonus_cards)
        rows = {i18n.catalogue("engine").gettext(row) for row in rule_rows("switzerland")}   # as the table shows them
        hints = [exercise(e).hint_text for e in ("switzerland-compared-2", "usa-compared-2")]
    for hint in hints:
        row = hint.split('"')[1]
        assert row in rows, (row, sorted(rows))


def test_keeping_every_opening_ticket_is_keeping_them_all_in_danish():
    s = ttr_nb.load_game("usa", players=2, seed=1).new_state()
    with i18n.using("da"):
        assert s.describe("keep 0,1,2") == ["Spiller 1 beholdt alle sine 3 destinationsbilletter fra starten"]
        assert s.describe("keep 0,1") == ["Spiller 1 beholdt 2 af sine 3 destinationsbilletter fra starten"]
    assert s.describe("keep 0,1,2") == ["Player 1 kept 3 of the 3 opening tickets"]
