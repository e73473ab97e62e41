"""TunnelLab: exact odds shown as the engine's analysis computes them (checked against a brute
force enumeration on small decks), digs played through the engine, observed frequencies
near the exact ones after many seeded digs."""
from __future__ import annotations

import re

from fractions import Fraction
from itertools import permutations

import pytest

import ttr_nb
from ttr_nb.analysis import tunnel_odds
from ttr_nb.engine import Claim
from ttr_nb.engine.cards import CARD_NAMES, LOCO, Cards
from ttr_nb.engine.narration import cards_text, or_list
from ttr_nb.widgets import TunnelLab

from .words import W, WN, W_part, english

EDITIONS = ttr_nb.editions()


def brute_force(colour: int, all_loco: bool, deck: list[int], discard: list[int]) -> list[Fraction]:
    """P(0..3 extra cards), enumerating every equally likely reveal: an ordered draw from the
    deck (a uniformly shuffled arrangement of the unseen cards), then, if the deck is short,
    from the shuffled discard pile."""
    counts = [Fraction(0)] * 4
    from_deck = min(3, len(deck))
    from_discard = min(3 - from_deck, len(discard))
    deck_draws = list(permutations(range(len(deck)), from_deck))
    discard_draws = list(permutations(range(len(discard)), from_discard))
    weight = Fraction(1, len(deck_draws) * len(discard_draws))
    for d in deck_draws:
        for q in discard_draws:
            revealed = [deck[i] for i in d] + [discard[i] for i in q]
            extra = sum(1 for c in revealed if c == LOCO or (not all_loco and c == colour))
            counts[extra] += weight
    return counts


def rest_of_deck(game, *used) -> list[str]:
    """Every train card of the edition not in `used` (lists of card names)."""
    left = [game.rules.cards_per_colour] * 8 + [game.rules.locomotives]
    for cards in used:
        for c in cards:
            left[CARD_NAMES.index(c)] -= 1
    assert min(left) >= 0
    return [CARD_NAMES[c] for c, n in enumerate(left) for _ in range(n)]


def small_deck_lab(deck: list[str], payment: str = "pink*2", seed: int = 5) -> TunnelLab:
    """Marseille–Zürich (pink, 2) with only `deck` unseen: everything else is in the discard."""
    lab = TunnelLab("europe", seed=seed, tunnel="Marseille-Zürich", payment=payment)
    display = ["red", "red", "blue", "white", "black"]
    pay = [c for c, n in Cards.parse(payment).as_dict().items() for _ in range(n)]
    assert lab.set_seen(display=display, discard=rest_of_deck(lab.game, display, deck, pay))
    assert sorted(lab.unseen.as_dict().items()) == sorted(Cards.of(**{c: deck.count(c) for c in set(deck)})
                                                          .as_dict().items())
    return lab


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_builds(edition):
    lab = TunnelLab(edition, seed=3)
    tunnels = [r for r in lab.game.board.routes if r.tunnel]
    assert len(lab.figure.data) == 2 and [t.meta for t in lab.figure.data] == ["exact", "observed"]
    if not tunnels:
        no_tunnels = W_part("The {board} board has no tunnels: choose {editions}.", 2)
        assert lab.tunnel is None and lab.status.kind == "refused" and no_tunnels in lab.status.text
        assert lab.dig() is None and lab.dig_many(5) is False and no_tunnels in lab.status.text
        assert lab.tunnel_select.disabled and lab.dig_button.disabled
        return
    assert lab.tunnel.tunnel and sorted(lab.tunnels) == sorted(r.key for r in tunnels)
    assert lab.payment in lab.payment_choices
    state = lab.position()
    assert state.hands[0] == tuple(lab.payment) and state.why_illegal(Claim(lab.tunnel.key, lab.payment)) is None
    assert lab.odds == list(tunnel_odds(state, lab.tunnel.key, lab.payment)) and sum(lab.odds) == 1
    assert list(lab.figure.data[0].y) == [float(p) for p in lab.odds]
    reveal = lab.dig()
    assert reveal["route"] == lab.tunnel.key and len(reveal["revealed"]) == 3
    assert lab.observed[reveal["extra"]] == 1 and lab.digs == 1


def test_the_expected_extra_cards_are_written_the_way_of_the_language():
    """0.670 in English, 0,670 in Danish (a decimal comma), as the panel shows them."""
    from ttr_nb.engine.i18n import using
    for code, mark in (("en", "."), ("da", ",")):
        with using(code):
            lab = TunnelLab("europe", seed=2024, tunnel="Marseille-Zürich", payment="pink*2")
            shown = f"{float(lab.expected):.3f}".replace(".", mark)
            assert f"<b>{shown}</b>" in lab.seen_html.value, (code, shown)
    assert shown == "0,670"


def test_the_charts_percentages_are_written_the_way_of_the_language():
    """The chart's axis and hover labels: '20%' in English, '20 %' in Danish, with a decimal comma
    in the bars' labels; the bars' heights stay shares."""
    from ttr_nb.engine.i18n import using
    for code, tick, pattern in (("en", "20%", r"\d+\.\d%"), ("da", "20 %", r"\d+,\d %")):
        with using(code):
            lab = TunnelLab("europe", seed=2024, tunnel="Marseille-Zürich", payment="pink*2")
            lab.dig_many(30)
        axis = lab.figure.layout.yaxis
        assert tick in axis.ticktext and axis.tickvals[-1] <= axis.range[1] + 1e-9, (code, axis.ticktext)
        for bar in lab.figure.data:
            assert "%{text}" in bar.hovertemplate and all(re.fullmatch(pattern, t) for t in bar.text), (code, bar.text)
            assert all(0 <= y <= 1 for y in bar.y)


def test_the_widget_shows_the_exact_odds_of_the_analysis():
    lab = TunnelLab("europe", seed=11, tunnel="Marseille-Zürich", payment="pink*2")
    state = lab.position()
    odds = tunnel_odds(state, "Marseille-Zürich", Cards.of(pink=2))
    assert lab.odds == odds
    unseen = state.unseen_cards(0)
    assert lab.unseen == unseen and sum(unseen) == 110 - 2 - 5
    assert lab.expected == Fraction(3 * (unseen[5] + unseen[LOCO]), sum(unseen))
    exact = lab.figure.data[0]
    assert list(exact.y) == [float(p) for p in odds]
    assert list(exact.text) == [f"{100 * float(p):.1f}".replace(".", ",") + " %" if not english()
                                else f"{100 * float(p):.1f}%" for p in odds]
    assert not english() or list(exact.text) == [f"{100 * float(p):.1f}%" for p in odds]
    for p in odds:
        assert f"{p.numerator}/{p.denominator}" in lab.table_html.value
    assert lab.figure.layout.title.text == W("{route} paid with {cards}", route="Marseille–Zürich",
                                             cards=cards_text(Cards.of(pink=2)))
    assert not english() or lab.figure.layout.title.text == "Marseille–Zürich paid with 2 pink cards"


@pytest.mark.parametrize("deck,payment", [
    (["pink", "loco", "red", "blue", "pink", "green"], "pink*2"),
    (["pink", "loco", "red", "blue", "pink", "green"], "loco*2"),     # only locomotives count
    (["loco", "loco", "green", "yellow"], "pink*1+loco*1"),
    (["pink", "green", "orange"], "pink*2"),
])
def test_exact_odds_on_a_small_deck_match_brute_force(deck, payment):
    lab = small_deck_lab(deck, payment)
    pay = Cards.parse(payment)
    ids = [CARD_NAMES.index(c) for c in deck]
    assert lab.odds == brute_force(5, pay[LOCO] == sum(pay), ids, [])
    assert list(lab.figure.data[0].y) == [float(p) for p in lab.odds]


def test_short_deck_reveals_from_the_shuffled_discard_and_matches_brute_force():
    lab = small_deck_lab(["pink", "red"])           # 2 cards in the deck: the third comes from the discard
    discard = [CARD_NAMES.index(c) for c in lab.seen["discard"]]
    assert len(discard) == 101
    exact = brute_force(5, False, [5, 0], discard)
    assert lab.odds == exact
    lab.dig_many(4000)
    for o, p in zip(lab.observed_frequencies, exact):
        assert abs(o - float(p)) < 0.03
    assert all(len(lab.dig()["revealed"]) == 3 for _ in range(3))


def test_digs_on_a_small_deck_come_near_the_exact_odds():
    lab = small_deck_lab(["pink", "loco", "red", "blue", "pink", "green"])
    assert lab.dig_many(3000)
    assert lab.digs == 3000 and sum(lab.observed) == 3000
    for o, p in zip(lab.observed_frequencies, lab.odds):
        assert abs(o - float(p)) < 0.03


def test_many_seeded_digs_come_near_the_exact_odds_and_repeat_exactly():
    a = TunnelLab("europe", seed=7, tunnel="Marseille-Zürich", payment="pink*2")
    b = TunnelLab("europe", seed=7, tunnel="Marseille-Zürich", payment="pink*2")
    a.dig_many(3000)
    b.dig_many(3000)
    assert a.observed == b.observed                             # deterministically seeded
    for o, p in zip(a.observed_frequencies, a.odds):
        assert abs(o - float(p)) < 0.025
    obs = a.figure.data[1]
    assert list(obs.y) == a.observed_frequencies
    assert obs.name == WN("observed ({n} dig)", "observed ({n} digs)", 3000)
    assert W_part("{n} dig more, {all} in all. Observed {freq}.", 1, "{n} digs more, {all} in all. Observed {freq}.",
                  2999) + "3000" + W_part("{n} dig more, {all} in all. Observed {freq}.", 2,
                                          "{n} digs more, {all} in all. Observed {freq}.", 2999) in a.status.text
    c = TunnelLab("europe", seed=8, tunnel="Marseille-Zürich", payment="pink*2")
    c.dig_many(3000)
    assert c.observed != a.observed


def test_a_dig_is_the_engines_reveal():
    lab = TunnelLab("europe", seed=2, tunnel="München-Zürich", payment="yellow*2")
    reveal = lab.dig()
    view = lab.match.state.view(0)
    assert view["last_tunnel_reveal"] == reveal
    assert lab.match.history == [Claim("München-Zürich", Cards.of(yellow=2))]
    if reveal["extra"]:
        assert lab.match.state.phase == "tunnel" and view["tunnel"]["extra"] == reveal["extra"]
        assert WN("{n} extra card ({kinds}) to pay, or take the cards back.",
                  "{n} extra cards ({kinds}) to pay, or take the cards back.", reveal["extra"],
                  kinds=or_list(lab._extra_kinds())) in lab.status.text
    else:
        assert lab.match.state.owner("München-Zürich") == 0
    assert lab.reveal_html.value.count("ttr-chip") == 3


def test_buttons_and_dropdowns_call_the_public_methods():
    lab = TunnelLab("europe", seed=4)
    lab.tunnel_select.value = "Marseille-Zürich"
    assert lab.tunnel.key == "Marseille-Zürich"
    lab.payment_select.value = "loco*2"
    assert lab.payment == Cards.of(loco=2)
    lab.dig_button.click()
    assert lab.digs == 1
    lab.dig100_button.click()
    assert lab.digs == 101
    lab.reset_button.click()
    assert lab.digs == 0 and list(lab.figure.data[1].y) == [0.0] * 4
    lab.edition_select.value = "nordic"
    assert lab.edition == "nordic" and lab.tunnel.tunnel


def test_refusals_show_the_engines_reason():
    lab = TunnelLab("europe", seed=1, tunnel="Marseille-Zürich", payment="pink*2")
    game = lab.game
    assert lab.set_payment("red*2") is False
    engine = lab.position().why_illegal(Claim("Marseille-Zürich", Cards.of(red=2)))
    assert lab.status.kind == "refused" and lab.status.text == engine.text and engine.rule == "route-colour"
    assert lab.payment == Cards.of(pink=2) and lab.payment_select.value == "pink*2"
    assert lab.set_payment("pink*3") is False and lab.status.rule == "payment-count"
    assert lab.set_payment("pink**") is False and lab.status.kind == "refused"
    assert lab.select_tunnel("Paris-Pamplona") is False
    assert W_part("{route} is not a tunnel: only tunnels reveal cards. The tunnels of {board} are in the list.", 1) in \
        lab.status.text
    assert lab.tunnel.key == "Marseille-Zürich"
    assert lab.select_tunnel("Paris-Atlantis") is False and "Paris-Atlantis" in lab.status.text
    assert lab.set_seen(display=["pink"] * 11) is False and lab.status.rule == "widget.position"
    assert not english() or "13 pink cards" in lab.status.text
    assert lab.seen["display"] != ["pink"] * 11
    assert lab.dig_many(0) is False and lab.dig_many(10 ** 9) is False
    assert game is lab.game


def test_what_the_player_sees_changes_the_odds():
    lab = TunnelLab("europe", seed=1, tunnel="Marseille-Zürich", payment="pink*2")
    lab.set_seen(display=["red", "red", "red", "red", "red"])
    before = lab.odds[0]
    lab.set_seen(display=["pink", "pink", "pink", "red", "red"])
    assert lab.unseen[5] == 12 - 2 - 3
    assert lab.odds[0] > before
    unseen = W_part("Unseen: {n} card. A revealed card asks for one more when it is one of the {what}: {bad} of them "
                    "({words}).", 0, "Unseen: {n} cards. A revealed card asks for one more when it is one of the "
                    "{what}: {bad} of them ({words}).", 103)
    assert f"{unseen}<b>103</b>" in lab.seen_html.value


def test_a_dig_is_one_message_to_the_browser_and_the_traces_stay_fixed():
    lab = TunnelLab("europe", seed=9, tunnel="Marseille-Zürich", payment="pink*2")
    sent = []
    for name in ("_send_restyle_msg", "_send_relayout_msg", "_send_update_msg", "_send_addTraces_msg"):
        original = getattr(lab.figure, name)
        setattr(lab.figure, name, (lambda n, o: lambda *a, **k: (sent.append(n), o(*a, **k)))(name, original))
    lab.dig()
    lab.dig_many(50)
    assert sent == ["_send_update_msg"] * 2
    lab.set_payment("loco*2")          # both traces restyled, and then the observed bars' name
    assert sent[2:] == ["_send_update_msg", "_send_restyle_msg"]
    assert len(lab.figure.data) == 2


def test_every_message_to_the_browser_names_a_value_for_each_trace_it_restyles():
    """An `Undefined` among a restyle's values (plotly's filler for a trace a batch did not
    change) reaches JupyterLab's and JupyterLite's views of the widget as no value: the exact
    bars' name was lost there and the legend said "trace 0"."""
    from plotly.basedatatypes import Undefined

    lab = TunnelLab("europe", seed=9, tunnel="Marseille-Zürich", payment="pink*2")
    exact = lab.figure.data[0].name
    styles = []
    for name in ("_send_restyle_msg", "_send_update_msg"):      # each takes restyle_data first
        original = getattr(lab.figure, name)

        def record(*args, _original=original, **kw):
            styles.append(kw.get("restyle_data", args[0] if args else None))
            return _original(*args, **kw)
        setattr(lab.figure, name, record)
    lab.dig()
    lab.dig_many(20)
    lab.set_payment("loco*2")
    lab.select_tunnel("Marseille-Zürich")
    lab.set_edition("switzerland")
    lab.reset()
    assert len(styles) >= 5
    undefined = [(style, key) for style in styles for key, value in (style or {}).items()
                 if value is Undefined or (isinstance(value, list) and any(v is Undefined for v in value))]
    assert not undefined, undefined
    assert exact and lab.figure.data[0].name == exact and "0" in lab.figure.data[1].name
