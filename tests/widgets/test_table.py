"""GameTable: a whole game in the notebook, driven by its public methods and simulated clicks.

Plain pytest, no browser: assertions on the engine state, the status line, the log and
the board figure's traces.
"""
from __future__ import annotations

import html
import re
import statistics
import time
from collections import Counter

import pytest

import ttr_nb
from ttr_nb.analysis import GreedyBot
from ttr_nb.analysis.agents import AGENTS, DESCRIPTIONS
from ttr_nb.engine import (AbandonTunnel, BuildStation, Claim, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets,
                           Pass, PayTunnel)
from ttr_nb.engine.cards import CARD_NAMES, Cards, card_word, colour_name
from ttr_nb.engine.narration import capital, cards_text, points_text, route_name, ticket_name as named
from ttr_nb.viz import PLAYER_COLOURS
from ttr_nb.engine.i18n import using
from ttr_nb.widgets.table import GameTable, deck_tooltip
from ttr_nb.widgets.testing import simulate_click

from ..steps import steps
from .words import EN, ENP, WN, W, E, english

EDITIONS = ttr_nb.editions()


# --------------------------------------------------------------------------- helpers


def seat(n: int, kind: str) -> str:
    """A seat's default name in the language of the run: "Player 1 (human)", "Player 2 (Route Focus)"
    (an agent's title is the engine catalogue's, as the agents' registry holds it)."""
    word = W(kind) if kind == "human" else E(DESCRIPTIONS[kind][0])
    return W("Player {n} ({kind})", n=n, kind=word)


def hand_of(name: str) -> str:
    return W("{name}'s hand", name=name)


def prompt(who: str, what: str) -> str:
    return W("{who}: " + what, who=who)


def kept_opening(who: str, k: int, n: int) -> str:
    if k == n:
        return ENP("all", "{who} kept {k} of the {n} opening ticket", "{who} kept {k} of the {n} opening tickets", n,
                   who=who, k=k)
    return EN("{who} kept {k} of the {n} opening ticket", "{who} kept {k} of the {n} opening tickets", n, who=who, k=k)


def drew_deck(who: str) -> str:
    return E("{who} drew a card from the deck", who=who)


def claimed(who: str, route: str, cards: str, points: int) -> str:
    return E("{who} claimed {route} with {cards} ({points})", who=who, route=named(route),
             cards=cards_text(Cards.parse(cards), words=True), points=points_text(points))


def engine_says(shown: str, english_text: str, reason) -> bool:
    """The status line shows the engine's sentence: in English exactly `english_text` (as this
    test always checked), in any language the engine's own answer for the same question."""
    return shown == reason.text and (not english() or shown == english_text)


def position(edition, players=2, deck=(), display=("white", "white", "black", "black", "orange"), **d):
    """A complete position (dict for `state_from_dict`): the given hands, display and top of
    the deck; every other train card at the bottom of the deck, in card order."""
    game = ttr_nb.load_game(edition, players=players)
    rules = game.rules
    left = Counter({c: rules.cards_per_colour for c in CARD_NAMES[:8]})
    left["loco"] = rules.locomotives
    placed = [c for h in d.get("hands", []) for c, n in h.items() for _ in range(n)]
    placed += list(display) + list(deck) + list(d.get("discard", []))
    for c in placed:
        left[c] -= 1
    assert all(n >= 0 for n in left.values()), left
    rest = [c for c in CARD_NAMES for _ in range(left[c])]
    return dict(d, phase=d.get("phase", "turn"), display=list(display), deck=list(deck) + rest)


def table_at(edition, pos, seats=("human", "human"), **kw):
    kw.setdefault("bot_delay", 0)
    return GameTable(edition, list(seats), seed=1, position=pos, **kw)


def trace(table, name):
    return table.view.trace(name)


def all_widgets(w):
    """A widget and every widget inside it."""
    yield w
    for child in getattr(w, "children", ()):
        yield from all_widgets(child)


def choice_buttons(table, cls):
    return [b for b in table.choice_buttons.children if cls in b._dom_classes]


def play_with_methods(table, action) -> bool:
    """Play an action through the table's public method for it (as a student's click would)."""
    if isinstance(action, DrawBlind):
        return table.draw_deck()
    if isinstance(action, DrawFaceUp):
        return table.draw_face_up(action.card)
    if isinstance(action, Claim):
        return table.claim(action.route, action.payment)
    if isinstance(action, DrawTickets):
        return table.draw_tickets()
    if isinstance(action, KeepTickets):
        return table.keep(list(action.keep))
    if isinstance(action, PayTunnel):
        return table.pay_tunnel(action.extra)
    if isinstance(action, AbandonTunnel):
        return table.abandon_tunnel()
    if isinstance(action, BuildStation):
        return table.build_station(action.city, action.payment)
    if isinstance(action, Pass):
        return table.pass_turn()
    raise AssertionError(action)


# --------------------------------------------------------------------------- construction


@pytest.mark.parametrize("edition", EDITIONS)
def test_constructed_for_each_edition(edition):
    table = GameTable(edition, ["human", "greedy"], seed=3, bot_delay=0)
    s = table.state
    assert s.phase == "opening" and s.current_player == 0
    assert table.status.text == prompt(seat(1, "human"), "choose which opening tickets to keep.")
    # the opening offer: one toggle per ticket and a keep button
    boxes = [b for b in table.choice_buttons.children if "ttr-ticket-choice" in b._dom_classes]
    assert len(boxes) == len(s.opening_offers[0])
    assert table.choice.layout.display == "flex"
    assert choice_buttons(table, "ttr-keep")
    # one FigureWidget with the fixed traces, the face-up buttons show the display
    assert type(table.figure).__name__ == "FigureWidget"
    assert len(table.figure.data) == len(table.view.trace_names)
    assert [b.description for b in table.face_up_buttons[:len(s.display)]] == [colour_name(c) for c in s.display]
    assert not english() or [b.description for b in table.face_up_buttons[:len(s.display)]] == \
        ["locomotive" if c == 8 else CARD_NAMES[c] for c in s.display]
    assert hand_of(seat(1, "human")) in table.hand.value
    assert table.log == []


def test_seats_are_checked():
    with pytest.raises(ValueError, match=W("seat {i} is {seat}: a seat is 'human', {bots} or a bot (a callable state "
                                           "-> action)", i=1, seat="'clever'", bots="").split(":")[0]):
        GameTable("usa", ["human", "clever"])
    with pytest.raises(ValueError) as engine:
        ttr_nb.load_game("switzerland", players=4)
    with pytest.raises(ValueError, match=re.escape(str(engine.value))):
        GameTable("switzerland", ["human"] * 4)
    assert not english() or "played by 2 to 3 players" in str(engine.value)
    table = GameTable("usa", ["human", "random", "greedy", "human", "random"], seed=2, bot_delay=0)
    assert table.game.players == 5
    assert table.names == [seat(1, "human"), seat(2, "random"), seat(3, "greedy"), seat(4, "human"),
                           seat(5, "random")]
    assert not english() or table.names == ["Player 1 (human)", "Player 2 (random)", "Player 3 (greedy)",
                                            "Player 4 (human)", "Player 5 (random)"]
    assert seat(5, "random") in table.scores.value


def test_a_callable_bot_and_names():
    calls = []

    def first_legal(state):
        calls.append(state.current_player)
        return state.legal_actions()[0]

    table = GameTable("usa", ["human", first_legal], seed=0, bot_delay=0, names=["Ada", "Bob"])
    table.keep([0, 1])
    assert calls == [1]
    assert table.log == [kept_opening("Ada", 2, 3), kept_opening("Bob", 2, 3)]
    assert not english() or table.log == ["Ada kept 2 of the 3 opening tickets", "Bob kept 2 of the 3 opening tickets"]


def test_names_that_begin_with_the_engines_mention_are_not_written_twice():
    """The app names a seat "Player 2 (Planner)" (Danish "Spiller 2 (Planlæggeren)", which begins with the
    engine's "Spiller 2"): the status line after the bot's move says the name once, and a refusal naming
    the seat still puts the name in the engine's words."""
    names = [W("Player {n}", n=1), W("Player {n} ({agent})", n=2, agent=E("Planner"))]
    table = GameTable("usa", ["human", "greedy"], seed=1, bot_delay=0, names=names)
    assert table.keep([0, 1])
    said = table.status.text
    assert said.count(names[1]) == 1 and said.count(E("Planner")) == 1, said
    table.status.show(E("player {n}", n=2))
    assert table.status.text == names[1]
    table.status.show(names[1])
    assert table.status.text == names[1]


def test_the_legend_and_the_status_number_players_from_1():
    """Players are numbered from 1 in everything a person reads (the API stays 0-based)."""
    table = GameTable("usa", ["human", "human", "human"], seed=1, bot_delay=0)
    legend = [t.name for t in table.figure.data if t.meta in ("player 0", "player 1", "player 2")]
    assert [name.split(" (")[0] for name in legend] == [W("player {n}", n=k) for k in (1, 2, 3)]
    assert table.status.text == prompt(seat(1, "human"), "choose which opening tickets to keep.")
    table.keep([0, 1])
    assert table.state.current_player == 1
    assert table.status.text == kept_opening(seat(1, "human"), 2, 3)
    assert W("Turn {n} · {who} to play", n=1, who=f"<b>{seat(2, 'human')}</b>") in table.turn.value
    assert not table.draw_deck()
    assert engine_says(table.status.text, "You cannot draw a card now: player 2 must first choose which opening "
                                          "tickets to keep.", table.state.why_illegal(DrawBlind()))
    texts = [table.status.text, table.turn.value, *table.log, table.hand.value, table.scores.value, *legend]
    assert not any(W("player {n}", n=0) in t.lower() for t in texts), texts
    named = GameTable("usa", ["human", "human"], seed=1, bot_delay=0, names=["Ada", "Bob"])
    assert named.status.text == prompt("Ada", "choose which opening tickets to keep.")
    named.keep([0, 1])
    assert named.status.text == kept_opening("Ada", 2, 3)
    assert W("Turn {n} · {who} to play", n=1, who="<b>Bob</b>") in named.turn.value
    assert hand_of("Bob") in named.hand.value
    assert not named.draw_deck()
    assert "Bob" in named.status.text and W("player {n}", n=2) not in named.status.text
    assert not english() or named.status.text == ("You cannot draw a card now: Bob must first choose which opening "
                                                  "tickets to keep.")
    assert named.status.rule == "wrong-phase"


# --------------------------------------------------------------------------- opening and tickets


def test_opening_refusal_then_keep_by_clicks():
    table = GameTable("usa", ["human", "greedy"], seed=0, bot_delay=0)
    assert not table.keep([0])
    assert table.status.kind == "refused"
    assert engine_says(table.status.text, "You must keep at least 2 of the 3 tickets dealt at the start; 1 is too "
                                          "few.", table.state.why_illegal(KeepTickets((0,))))
    assert table.state.phase == "opening"
    boxes = [b for b in table.choice_buttons.children if "ttr-ticket-choice" in b._dom_classes]
    keep = choice_buttons(table, "ttr-keep")[0]
    boxes[0].value = True                       # a click on the first ticket
    assert boxes[0].description.startswith("☑")
    assert table.view.overlays.ticket is not None          # the ticket shows on the board
    assert len(trace(table, "ticket ends").x) >= 2
    keep.click()
    assert table.status.text == table.state.why_illegal(KeepTickets((0,))).text
    assert not english() or table.status.text.startswith("You must keep at least 2")
    boxes[2].value = True
    keep.click()
    offered = table.match.states[0].opening_offers[0]
    assert table.state.tickets[0] == (offered[0], offered[2])
    assert table.log[:2] == [kept_opening(seat(1, "human"), 2, 3), kept_opening(seat(2, "greedy"), 3, 3)]
    assert not english() or table.log[:2] == ["Player 1 (human) kept 2 of the 3 opening tickets",
                                              "Player 2 (greedy) kept 3 of the 3 opening tickets"]
    assert table.state.phase == "turn" and table.state.current_player == 0
    assert table.view.overlays.ticket is None             # cleared once the tickets are kept
    assert table.choice.layout.display == "none"


def test_draw_tickets_and_keep():
    table = table_at("usa", position("usa", tickets=[["Boston-Miami"], ["Denver-El Paso"]]))
    assert table.draw_tickets()
    assert table.log == [EN("{who} drew {n} ticket", "{who} drew {n} tickets", 3, who=seat(1, "human"))]
    assert not english() or table.log == ["Player 1 (human) drew 3 tickets"]
    assert table.state.phase == "tickets"
    assert not table.keep([])
    assert engine_says(table.status.text, "You must keep at least 1 of the 3 tickets drawn; 0 is too few.",
                       table.state.why_illegal(KeepTickets(())))
    assert not table.draw_deck()
    assert table.status.text == table.state.why_illegal(DrawBlind()).text
    assert not english() or table.status.text.startswith("You cannot draw a card now: player 1 must choose which "
                                                         "of the drawn")
    assert table.keep("0,2")
    assert len(table.state.tickets[0]) == 3
    assert table.log[-1] == EN("{who} kept {k} of the {n} ticket drawn", "{who} kept {k} of the {n} tickets drawn", 3,
                               who=seat(1, "human"), k=2)
    assert not english() or table.log[-1] == "Player 1 (human) kept 2 of the 3 tickets drawn"
    # hot-seat: the next human's tickets are shown now, never the previous one's
    assert hand_of(seat(2, "human")) in table.hand.value
    assert named("Denver-El Paso") in table.my_tickets.value and named("Boston-Miami") not in table.my_tickets.value


# --------------------------------------------------------------------------- cards and claims


def test_draw_cards_face_up_and_deck():
    pos = position("usa", hands=[{"red": 1}, {}], display=["loco", "red", "blue", "green", "pink"],
                   deck=["black", "white", "yellow"])
    table = table_at("usa", pos)
    assert table.face_up_buttons[1].description == colour_name("red")
    assert not english() or table.face_up_buttons[1].description == "red"
    assert table.face_up_buttons[1].style.button_color == "#d7262b"
    table.face_up_buttons[1].click()                    # a click on the face-up red card
    assert table.state.hands[0][0] == 2
    assert table.log == [E("{who} took a face-up {card}", who=seat(1, "human"), card=card_word(0))]
    assert not english() or table.log == ["Player 1 (human) took a face-up red card"]
    # the red card was replaced from the deck; a face-up locomotive cannot be the second card
    assert CARD_NAMES[table.state.display[-1]] == "black"
    assert not table.draw_face_up("loco")
    assert table.status.kind == "refused"
    assert table.status.text == table.state.why_illegal(DrawFaceUp("loco")).text
    assert not english() or "A face-up locomotive can only be taken as the first card" in table.status.text
    assert not table.draw_face_up("purple-ish")
    assert table.status.text == table.state.why_illegal(DrawFaceUp("purple-ish")).text
    assert not english() or "unknown card colour" in table.status.text
    table.deck_button.click()
    assert table.log[-1] == drew_deck(seat(1, "human"))   # the card is not named
    assert not english() or table.log[-1] == "Player 1 (human) drew a card from the deck"
    assert table.state.current_player == 1
    assert sum(table.state.hands[0]) == 3


def test_claim_colours_the_route_and_touches_only_its_traces():
    pos = position("usa", hands=[{"pink": 4, "loco": 2}, {"red": 2}])
    table = table_at("usa", pos)
    n_traces = len(table.figure.data)
    before = {t.meta: t.to_plotly_json() for t in table.figure.data}
    t0 = time.perf_counter()
    assert table.claim("Omaha-Denver")                   # either order; cheapest payment: no locomotive
    elapsed = time.perf_counter() - t0
    s = table.state
    assert s.owner("Denver-Omaha") == 0 and s.points[0] == 7 and s.trains[0] == 41
    assert s.hands[0][5] == 0 and s.hands[0][8] == 2
    assert table.log == [claimed(seat(1, "human"), "Denver-Omaha", "pink*4", 7)]
    assert not english() or table.log == ["Player 1 (human) claimed Denver-Omaha with 4 pink cards (7 points)"]
    assert table.status.kind == "ok"
    assert table.status.text == claimed(seat(1, "human"), "Denver-Omaha", "pink*4", 7)
    # the figure: the route's spaces moved from the pink trace to player 0's, in player 0's colour
    assert "Denver-Omaha" in table.view.owner_of_polygons("player 0")
    assert "Denver-Omaha" not in table.view.owner_of_polygons("spaces pink")
    assert trace(table, "player 0").fillcolor == PLAYER_COLOURS[0]
    assert set(table.last_update) <= {"spaces pink", "player 0", "owner marks", "routes", "route spaces"}
    assert {"spaces pink", "player 0"} <= set(table.last_update)
    after = {t.meta: t.to_plotly_json() for t in table.figure.data}
    assert {k for k in before if before[k] != after[k]} == set(table.last_update)
    assert len(table.figure.data) == n_traces
    assert elapsed < 0.5
    # the hover text of the route names its owner
    ri = table.game.route_index("Denver-Omaha")
    assert W("owner: {player}", player=W("player {n}", n=1)) in trace(table, "routes").hovertext[ri]
    assert not english() or "owner: player 1" in trace(table, "routes").hovertext[ri]


def test_claim_refusals_show_the_engine_sentence():
    pos = position("usa", hands=[{"pink": 4}, {"pink": 4}], routes={"Denver-Omaha": 1})
    table = table_at("usa", pos)
    assert not table.claim("Denver-Omaha")
    assert table.status.kind == "refused"
    assert engine_says(table.status.text, "Denver-Omaha already belongs to player 2.",
                       table.state.why_illegal(Claim("Denver-Omaha", ttr_nb.Cards.parse("pink*4"))))
    assert not table.claim("Kansas City-Omaha", "pink*3")
    engine = table.state.why_illegal(Claim("Kansas City-Omaha", ttr_nb.Cards.parse("pink*3")))
    assert table.status.rule == engine.rule and table.status.text == engine.text
    # one of a double route, named in words (never by its key)
    assert table.status.text.startswith(capital(route_name(table.game, "Kansas City-Omaha")))
    assert not english() or table.status.text.startswith("The first Kansas City-Omaha route has 1 space")
    assert not table.claim("Denver-Nowhere")
    assert table.status.rule == "unknown-route"
    assert not table.claim("Denver-Helena")     # green 4: the hand holds no green
    assert table.status.rule == "not-in-hand"       # the price and the hand, not a payment never made
    assert table.status.text == table.state.why_not_claim("Denver-Helena").text
    assert not english() or table.status.text == ("Your hand (4 pink cards) cannot pay for Denver-Helena: it costs 4 "
                                                  "green cards; locomotives are wild here.")
    assert not table.claim("Denver-Helena", "pink*x")
    assert table.status.rule == "widget.payment-syntax"
    assert table.log == [] and table.state.owner("Denver-Helena") is None


def test_route_click_offers_payments_and_a_payment_click_claims():
    pos = position("usa", hands=[{"pink": 4, "loco": 2}, {}])
    table = table_at("usa", pos)
    ri = table.game.route_index("Denver-Omaha")
    simulate_click(table.figure, "routes", ri)             # a click on the route's marker
    assert table.status.text.startswith(W("{route}: {spaces}, {points}. Choose how to pay.", route=named("Denver-Omaha"),
                                          spaces=WN("{n} space", "{n} spaces", 4),
                                          points=EN("{n} point", "{n} points", 7)))
    assert not english() or table.status.text.startswith("Denver-Omaha: 4 spaces, 7 points. Choose how to pay.")
    assert table.view.highlight[0] == (ri,)
    assert len(trace(table, "highlight routes").x) > 0
    pays = choice_buttons(table, "ttr-pay-option")
    assert [b.description for b in pays] == [cards_text(Cards.parse(c))
                                             for c in ("pink*4", "pink*3+loco*1", "pink*2+loco*2")]
    assert not english() or [b.description for b in pays] == ["4 pink cards", "3 pink cards and 1 locomotive",
                                                              "2 pink cards and 2 locomotives"]
    assert table.choice.layout.display == "flex"
    pays[1].click()
    assert table.state.owner("Denver-Omaha") == 0
    assert table.state.hands[0][5] == 1 and table.state.hands[0][8] == 1
    assert table.log[-1] == claimed(seat(1, "human"), "Denver-Omaha", "pink*3+loco*1", 7)
    assert table.choice.layout.display == "none"
    assert table.view.highlight == ((), ())
    # a click on a taken route says why it cannot be claimed
    table.view.click_route("Denver-Omaha")
    assert table.status.kind == "refused"
    assert table.status.text == table.state.why_not_claim("Denver-Omaha").text
    assert not english() or "already belongs to player 1" in table.status.text


def test_cancel_a_selection():
    table = table_at("usa", position("usa", hands=[{"pink": 4}, {}]))
    assert table.select_route("Denver-Omaha")
    choice_buttons(table, "ttr-cancel")[0].click()
    assert table.choice.layout.display == "none" and table.view.highlight == ((), ())
    assert table.state.owner("Denver-Omaha") is None


# --------------------------------------------------------------------------- bots, undo, hidden information


def test_bots_move_after_a_human_and_undo_takes_their_moves_back():
    table = GameTable("usa", ["human", "greedy", "random"], seed=5, bot_delay=0)
    table.keep([0, 1])
    assert table.state.phase == "turn" and table.state.current_player == 0
    start = table.state
    log_before = table.log
    assert table.draw_deck() and table.draw_deck()
    assert table.state.current_player == 0                 # both bots have moved
    assert len(table.log) >= len(log_before) + 4
    assert any(line.startswith(seat(2, "greedy")) for line in table.log[len(log_before):])
    assert table.undo()
    assert table.state.phase == "draw2" and table.state.current_player == 0
    took = WN("Took back: {move} (and {n} bot move)", "Took back: {move} (and {n} bot moves)", 99,
              move=drew_deck(seat(1, "human"))).split("99")[0]
    assert table.status.text.startswith(took)
    assert not english() or table.status.text.startswith("Took back: Player 1 (human) drew a card from the deck (and ")
    assert table.log == log_before + [drew_deck(seat(1, "human"))]
    assert table.undo()
    assert table.state == start and table.log == log_before
    assert table.undo_button.disabled is False
    table.undo_button.click()                                # back into the opening
    assert table.state.phase == "opening" and table.log == []
    assert not table.undo()
    assert table.status.text == W("Nothing to undo: no human move has been played yet.")


def test_bots_alone_play_a_whole_game():
    table = GameTable("usa", ["greedy", "random"], seed=4, bot_delay=0)
    assert table.state.is_over()
    assert table.end.layout.display == "flex"
    assert "ttr-score-table" in table.end_table.value
    assert table.log[-1] == E("The game is over: final scoring")
    assert not table.undo()


def test_a_human_cannot_move_for_a_bot():
    table = GameTable("usa", ["greedy", "human"], seed=0, bot_delay=0, auto_bots=False)
    assert table.state.current_player == 0
    assert not table.draw_deck()
    assert table.status.text == W("It is {name}'s turn: bots move by themselves (run_bots()).", name=seat(1, "greedy"))
    assert table.bots_button in all_widgets(table.widget)
    table.bots_button.click()
    assert table.state.current_player == 1 and table.state.phase == "opening"
    assert table.log == [kept_opening(seat(1, "greedy"), 3, 3)]


def test_hidden_information():
    pos = position("usa", hands=[{"red": 3}, {"blue": 5}], tickets=[["Boston-Miami"], ["Denver-El Paso"]])
    # one human seat: only that seat's hand and tickets, ever
    table = table_at("usa", pos, seats=("human", "greedy"))
    red, blue = colour_name("red"), colour_name("blue")
    assert f"{red} ×3" in table.hand.value and blue not in table.hand.value
    assert named("Boston-Miami") in table.my_tickets.value and named("Denver-El Paso") not in table.my_tickets.value
    table.draw_deck(); table.draw_deck()
    assert table.state.current_player == 0
    assert hand_of(seat(1, "human")) in table.hand.value and W("Player {n}", n=2) not in table.hand.value
    assert named("Denver-El Paso") not in table.my_tickets.value + table.log_box.value + table.status.text
    # hot-seat: the hand of the seat to move; the toggle hides it while the seat changes hands
    hot = table_at("usa", pos)
    assert f"{red} ×3" in hot.hand.value
    hot.draw_deck(); hot.draw_deck()
    assert hand_of(seat(2, "human")) in hot.hand.value and named("Denver-El Paso") in hot.my_tickets.value
    assert named("Boston-Miami") not in hot.my_tickets.value
    hot.hand_toggle.value = False
    assert W("Hand and tickets hidden (show hand is off).") in html.unescape(hot.hand.value)
    assert blue not in hot.hand.value and hot.my_tickets.value == ""
    hot.hand_toggle.value = True
    assert blue in hot.hand.value
    # a bot's moves in the log never name the cards it drew blind or the tickets it kept
    game = GameTable("usa", ["human", "greedy"], seed=8, bot_delay=0)
    game.keep([0, 1, 2])
    for _ in range(12):
        game.draw_deck()
    drew = drew_deck("\0").split("\0")[1]                   # " drew a card from the deck"
    kept = kept_opening("\0", 1, 3).split("\0")[1].split()[0]    # "kept"
    for line in game.log:
        if drew.split(" from")[0] in line:
            assert line.endswith(drew)
        if f" {kept} " in line:
            assert "-" not in line


# --------------------------------------------------------------------------- tunnels and stations


def _tunnel_table(deck):
    pos = position("europe", hands=[{"red": 5, "loco": 1}, {}], deck=deck)
    return table_at("europe", pos)


def test_tunnel_shows_the_revealed_cards_and_pays():
    table = _tunnel_table(["red", "loco", "blue"])          # Erzurum-Sochi: a red tunnel of 3
    assert table.claim("Erzurum-Sochi")
    s = table.state
    assert s.phase == "tunnel" and s.pending.extra == 2
    shown = ", ".join(colour_name(c) for c in ("red", "loco", "blue"))
    assert table.log == [EN("{who} tried the tunnel {route} with {cards}: the revealed cards ({shown}) ask for {n} "
                            "more card", "{who} tried the tunnel {route} with {cards}: the revealed cards ({shown}) "
                            "ask for {n} more cards", 2, who=seat(1, "human"), route=named("Erzurum-Sochi"),
                            cards=cards_text(Cards.parse("red*3"), words=True), shown=shown)]
    assert not english() or table.log == ["Player 1 (human) tried the tunnel Erzurum-Sochi with 3 red cards: the "
                                          "revealed cards (red, locomotive, blue) ask for 2 more cards"]
    assert table.choice.layout.display == "flex"
    assert W("Tunnel {route}", route=named("Erzurum-Sochi")) in table.choice_title.value
    for card in ("red", "loco", "blue"):
        assert f">{colour_name(card)}</span>" in table.choice_title.value
    pays = choice_buttons(table, "ttr-pay-tunnel")
    assert [b.description for b in pays] == [W("Pay {cards}", cards=cards_text(Cards.parse(c)))
                                             for c in ("red*2", "red*1+loco*1")]
    assert not english() or [b.description for b in pays] == ["Pay 2 red cards", "Pay 1 red card and 1 locomotive"]
    assert choice_buttons(table, "ttr-abandon")
    assert not table.draw_deck()
    assert table.status.text == table.state.why_illegal(DrawBlind()).text
    assert not english() or table.status.text.startswith("You cannot draw a card now: player 1 must pay the tunnel's "
                                                         "extra cards")
    assert table.pay_tunnel()                               # fewest locomotives: 2 red
    assert table.state.owner("Erzurum-Sochi") == 0
    assert table.state.hands[0][0] == 0 and table.state.hands[0][8] == 1
    assert table.log[-1] == E("{who} paid {cards} more and claimed the tunnel {route} ({points})",
                              who=seat(1, "human"), cards=cards_text(Cards.parse("red*2"), words=True), route=named("Erzurum-Sochi"),
                              points=points_text(4))
    assert not english() or table.log[-1] == ("Player 1 (human) paid 2 red cards more and claimed the tunnel "
                                              "Erzurum-Sochi (4 points)")
    assert "Erzurum-Sochi" in table.view.owner_of_polygons("player 0")


def test_tunnel_abandon_by_click_and_refused_payment():
    table = _tunnel_table(["red", "red", "red"])
    table.claim("Erzurum-Sochi")
    assert table.state.pending.extra == 3
    assert not table.pay_tunnel("blue*3")
    assert table.status.kind == "refused"
    assert table.status.text == table.state.why_illegal(PayTunnel(Cards.parse("blue*3"))).text
    assert not english() or "You pay 3 blue" in table.status.text
    choice_buttons(table, "ttr-abandon")[0].click()
    assert table.state.owner("Erzurum-Sochi") is None and table.state.hands[0][0] == 5
    assert table.log[-1] == E("{who} abandoned the tunnel {route} and took back {cards}", who=seat(1, "human"),
                              route=named("Erzurum-Sochi"), cards=cards_text(Cards.parse("red*3"), words=True))
    assert not english() or table.log[-1] == ("Player 1 (human) abandoned the tunnel Erzurum-Sochi and took back 3 "
                                              "red cards")
    assert table.state.current_player == 1


def test_tunnel_with_nothing_extra():
    table = _tunnel_table(["blue", "green", "white"])
    assert table.claim("Erzurum-Sochi")
    assert table.state.owner("Erzurum-Sochi") == 0
    assert table.log == [E("{who} claimed the tunnel {route} with {cards} ({points}); the revealed cards ({shown}) "
                           "asked for nothing more", who=seat(1, "human"), route=named("Erzurum-Sochi"),
                           cards=cards_text(Cards.parse("red*3"), words=True), points=points_text(4),
                           shown=", ".join(colour_name(c) for c in ("blue", "green", "white")))]
    assert not english() or table.log == ["Player 1 (human) claimed the tunnel Erzurum-Sochi with 3 red cards (4 "
                                          "points); the revealed cards (blue, green, white) asked for nothing more"]


def test_stations_by_city_click():
    pos = position("europe", hands=[{"red": 2, "loco": 1}, {}])
    table = table_at("europe", pos)
    simulate_click(table.figure, "cities", [c.name for c in table.game.board.cities
                                             if not c.is_country].index("Berlin"))
    assert table.status.text == WN("A station in {city} costs {n} card of one colour. Choose how to pay.",
                                   "A station in {city} costs {n} cards of one colour. Choose how to pay.", 1,
                                   city="Berlin")
    pays = choice_buttons(table, "ttr-pay-option")
    assert [b.description for b in pays] == [cards_text(Cards.parse(c)) for c in ("red*1", "loco*1")]
    assert not english() or [b.description for b in pays] == ["1 red card", "1 locomotive"]
    pays[0].click()
    assert table.state.stations == (("Berlin", 0),)
    assert table.log == [E("{who} built a station in {city} with {cards} (station {k} of {n})", who=seat(1, "human"),
                           city="Berlin", cards=cards_text(Cards.parse("red*1"), words=True), k=1, n=3)]
    assert not english() or table.log == ["Player 1 (human) built a station in Berlin with 1 red card (station 1 of 3)"]
    assert list(trace(table, "stations").customdata) == ["Berlin"]
    assert "1/3" in table.scores.value
    table.draw_deck(); table.draw_deck()                     # player 1
    assert not table.build_station("berlin")
    assert engine_says(table.status.text, "Berlin already has a station (player 1's); each city holds one station.",
                       table.state.why_no_station("Berlin"))


def test_no_stations_in_the_usa():
    table = table_at("usa", position("usa", hands=[{"red": 2}, {}]))
    assert not table.build_station("Denver", "red*1")
    assert table.status.rule == "no-stations" and table.status.text == table.state.why_no_station("Denver").text
    assert not english() or table.status.text.endswith("has no train stations.")
    table.select_city("Denver")
    assert table.status.text.startswith("Denver: ") and table.choice.layout.display == "none"


def test_pass_is_refused_while_something_is_possible():
    table = table_at("usa", position("usa"))
    assert not table.pass_turn()
    assert table.status.text == table.state.why_illegal(Pass()).text
    assert not english() or table.status.text.startswith("You may only pass when no other action is possible")


def test_an_unexpected_error_in_a_callback_is_shown():
    table = table_at("usa", position("usa"))
    table.guarded(lambda: 1 / 0)()
    assert table.status.kind == "error" and "ZeroDivisionError" in table.status.text


# --------------------------------------------------------------------------- whole games


def test_the_seat_kinds_are_a_person_and_every_agent_of_the_registry():
    assert GameTable.SEAT_KINDS == ("human", *AGENTS)
    assert {"random", "greedy", "route-focus", "planner", "long-route-published"} <= set(GameTable.SEAT_KINDS)
    with pytest.raises(ValueError, match="'route-focus'.*'planner'"):
        GameTable("usa", ["human", "clever"])


@pytest.mark.parametrize("kind", list(AGENTS))
def test_every_agent_plays_a_seeded_game_to_the_end_at_the_table(kind):
    """Each agent takes a seat by its name and plays a whole seeded game against a human seat
    (played with a greedy bot's choices through `play`); every move of the bot is legal; its
    default name is its title."""
    table = GameTable("usa", ["human", kind], seed=4, bot_delay=0)
    assert table.names == [seat(1, "human"), seat(2, kind)]
    assert not english() or kind != "route-focus" or table.names[1] == "Player 2 (Route Focus)"
    brain = GreedyBot(5)
    for _ in range(1000):
        if table.state.is_over():
            break
        assert table.state.current_player == 0
        assert table.play(brain(table.state)), table.status.text
    assert table.state.is_over() and table.state.score_breakdown()
    bot_moves = [(before, action) for before, action in zip(table.match.states, table.match.history)
                 if before.current_player == 1]
    assert len(bot_moves) > 20
    assert all(action in before.legal_actions() for before, action in bot_moves)
    assert table.log[-1] == E("The game is over: final scoring")


def test_an_agent_moves_through_the_tables_bot_delay(monkeypatch):
    """With a delay, each move of an agent's seat is shown and then waited on (the delay path
    every bot takes)."""
    import ttr_nb.widgets.table as table_module
    waits = []
    monkeypatch.setattr(table_module.time, "sleep", waits.append)
    table = GameTable("usa", ["human", "planner"], seed=4, bot_delay=0.25)
    assert waits == []                      # (before the table is on screen the bots move at once)
    moves = len(table.match.history)
    assert table.play(GreedyBot(5)(table.state))
    bot_moves = len(table.match.history) - moves - 1
    assert bot_moves >= 1 and waits == [0.25] * bot_moves


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_game_through_the_public_methods(edition):
    """A human seat played by a greedy bot's choices, through the table's public methods,
    against a greedy bot; the board and the panels follow; the end shows the scores."""
    table = GameTable(edition, ["human", "greedy"], seed=7, bot_delay=0)
    n_traces = len(table.figure.data)
    brain = GreedyBot(99)
    claim_updates = []
    for _ in range(2000):
        s = table.state
        if s.is_over():
            break
        assert s.current_player == 0
        action = brain(s)
        owners = s.owners
        assert play_with_methods(table, action), (action, table.status.text)
        if isinstance(action, (Claim, PayTunnel)) and table.match.states[-1].owners != owners:
            claim_updates.append(table.last_update)
    s = table.state
    assert s.is_over()
    assert len(table.figure.data) == n_traces
    # every claim touched only space traces, player traces, and the route markers' hover text
    allowed = {f"spaces {c}" for c in ("gray", "red", "orange", "yellow", "green", "blue", "pink", "white",
                                       "black")} | {"closed", "player 0", "player 1", "owner marks", "routes",
                                                    "route spaces", "stations", "cities"}
    assert claim_updates and all(set(u) <= allowed for u in claim_updates)
    # the figure shows every claimed route in its owner's trace
    for p in (0, 1):
        assert sorted(table.view.owner_of_polygons(f"player {p}")) == sorted(
            table.game.board.routes[i].key for i in s.routes_of(p))
    assert table.end.layout.display == "flex"
    rows = s.score_breakdown()
    for r in rows:
        assert f"<b>{str(r.total).replace('-', '−')}</b>" in table.end_table.value
    assert table.log[-1] == E("The game is over: final scoring")
    assert E("The game is over: final scoring") in table.status.text
    # the walkthrough opens on the finished position
    walk = table.open_walkthrough()
    assert walk.steps[-1] == W("Final table") and walk.state is s
    assert walk.winners == s.winners()
    assert table.open_walkthrough() is walk


def test_board_update_work():
    """The board update after a claim is cheap (Python side): at most 800,000 instructions
    at the median (about 534,000 today), counted, not timed, so a loaded machine cannot fail it;
    its time is in `make bench` (benchmarks/viz_timings.py, "update widget")."""
    table = GameTable("usa", ["greedy", "greedy"], seed=3, bot_delay=0, auto_bots=False)
    match = table.match
    while not match.state.is_over():
        match.play(table.bots[match.state.current_player](match.state))
    states = match.states
    view = table.view
    view.update(states[0])
    work = [steps(view.update, states[k])[0] for k in range(1, len(states))]
    claims = [n for k, n in enumerate(work, 1) if states[k].owners != states[k - 1].owners]
    assert len(claims) > 10 and statistics.median(claims) <= 800_000, statistics.median(claims)


def test_a_short_display_hides_only_its_empty_slots():
    game = ttr_nb.load_game("usa", players=2)
    rules = game.rules
    everything = {c: rules.cards_per_colour for c in CARD_NAMES[:8]}
    everything["loco"] = rules.locomotives
    hand0 = dict(everything, red=everything["red"] - 2, blue=everything["blue"] - 1)
    pos = dict(phase="turn", hands=[hand0, {}], display=["red", "red", "blue"], deck=[], discard=[])
    table = table_at("usa", pos)
    assert [b.layout.visibility for b in table.face_up_buttons] == ["visible"] * 3 + ["hidden"] * 2
    assert table.deck_button.layout.visibility != "hidden" and table.undo_button.layout.visibility != "hidden"
    assert table.deck_button.layout is not table.face_up_buttons[0].layout
    assert not table.draw_deck()
    assert engine_says(table.status.text, "The deck and the discard pile are both empty: no card can be drawn blind.",
                       table.state.why_illegal(DrawBlind()))


def test_the_deck_buttons_tooltip_says_what_its_numbers_are_in_english_and_danish():
    table = GameTable("usa", seats=["human", "human"], seed=0, bot_delay=0, language="en")
    table.keep([0, 1])
    table.keep([0, 1])
    s = table.state
    assert not s.discard and table.deck_button.description == f"Deck ({len(s.deck)})"
    assert table.deck_button.tooltip == (f"Draw the top card of the deck: {len(s.deck)} cards are left in the deck, "
                                         "and the discard pile is empty.")
    while not [a for a in table.state.legal_actions() if isinstance(a, Claim)]:
        table.draw_deck()
        table.draw_deck()
    table.claim(next(a for a in table.state.legal_actions() if isinstance(a, Claim)).route)
    s = table.state
    deck, discard = len(s.deck), len(s.discard)
    assert discard and table.deck_button.description == f"Deck ({deck}+{discard})"
    assert table.deck_button.tooltip == (
        f"Draw the top card of the deck: {deck} cards are left in the deck and {discard} "
        f"card{'s are' if discard > 1 else ' is'} on the discard pile, which is shuffled into a new deck when "
        "the deck runs out.")
    danish = GameTable("usa", seats=["human", "human"], seed=0, bot_delay=0, language="da")
    assert danish.deck_button.tooltip == (f"Træk det øverste kort i bunken: der er {len(danish.state.deck)} kort "
                                          "tilbage i bunken, og afkastbunken er tom.")
    with using("da"):
        assert deck_tooltip(95, 2) == ("Træk det øverste kort i bunken: der er 95 kort tilbage i bunken, og 2 kort "
                                       "ligger i afkastbunken; det blandes til en ny bunke, når bunken slipper op.")


def test_the_modules_doctest_plays_as_it_reads():
    import doctest

    from ttr_nb.widgets import table
    with using("en"):                           # the docstring reads in English
        assert doctest.testmod(table).failed == 0
