"""GameTable: a whole game in the notebook, driven by its public methods and simulated clicks.

Plain pytest, no browser: assertions on the engine state, the status line, the log and
the board figure's traces.
"""
from __future__ import annotations

import statistics
import time
from collections import Counter

import pytest

import ttr_nb
from ttr_nb.analysis import GreedyBot
from ttr_nb.engine import (AbandonTunnel, BuildStation, Claim, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets,
                           Pass, PayTunnel)
from ttr_nb.engine.cards import CARD_NAMES
from ttr_nb.viz import PLAYER_COLOURS
from ttr_nb.widgets.table import GameTable
from ttr_nb.widgets.testing import simulate_click

EDITIONS = ttr_nb.editions()


# --------------------------------------------------------------------------- helpers


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
    assert table.status.text == "Player 1 (human): choose which opening tickets to keep."
    # the opening offer: one toggle per ticket and a keep button
    boxes = [b for b in table.choice_buttons.children if "ttr-ticket-choice" in b._dom_classes]
    assert len(boxes) == len(s.opening_offers[0])
    assert table.choice.layout.display == "flex"
    assert choice_buttons(table, "ttr-keep")
    # one FigureWidget with the fixed traces, the face-up buttons show the display
    assert type(table.figure).__name__ == "FigureWidget"
    assert len(table.figure.data) == len(table.view.trace_names)
    assert [b.description for b in table.face_up_buttons[:len(s.display)]] == \
        ["locomotive" if c == 8 else CARD_NAMES[c] for c in s.display]
    assert "Player 1 (human)'s hand" in table.hand.value
    assert table.log == []


def test_seats_are_checked():
    with pytest.raises(ValueError, match="seat 1 is 'clever'"):
        GameTable("usa", ["human", "clever"])
    with pytest.raises(ValueError, match="played by 2 to 3 players"):
        GameTable("switzerland", ["human"] * 4)
    table = GameTable("usa", ["human", "random", "greedy", "human", "random"], seed=2, bot_delay=0)
    assert table.game.players == 5
    assert table.names == ["Player 1 (human)", "Player 2 (random)", "Player 3 (greedy)", "Player 4 (human)",
                           "Player 5 (random)"]
    assert "Player 5 (random)" in table.scores.value


def test_a_callable_bot_and_names():
    calls = []

    def first_legal(state):
        calls.append(state.current_player)
        return state.legal_actions()[0]

    table = GameTable("usa", ["human", first_legal], seed=0, bot_delay=0, names=["Ada", "Bob"])
    table.keep([0, 1])
    assert calls == [1]
    assert table.log == ["Ada kept 2 of the 3 opening tickets", "Bob kept 2 of the 3 opening tickets"]


def test_the_legend_and_the_status_number_players_from_1():
    """Players are numbered from 1 in everything a person reads (the API stays 0-based)."""
    table = GameTable("usa", ["human", "human", "human"], seed=1, bot_delay=0)
    legend = [t.name for t in table.figure.data if t.meta in ("player 0", "player 1", "player 2")]
    assert [name.split(" (")[0] for name in legend] == ["player 1", "player 2", "player 3"]
    assert table.status.text == "Player 1 (human): choose which opening tickets to keep."
    table.keep([0, 1])
    assert table.state.current_player == 1
    assert table.status.text == "Player 1 (human) kept 2 of the 3 opening tickets"
    assert "<b>Player 2 (human)</b> to play" in table.turn.value
    assert not table.draw_deck()
    assert table.status.text == ("You cannot draw a card now: player 2 must first choose which opening tickets "
                                 "to keep.")
    texts = [table.status.text, table.turn.value, *table.log, table.hand.value, table.scores.value, *legend]
    assert not any("player 0" in t.lower() for t in texts), texts
    named = GameTable("usa", ["human", "human"], seed=1, bot_delay=0, names=["Ada", "Bob"])
    assert named.status.text == "Ada: choose which opening tickets to keep."
    named.keep([0, 1])
    assert named.status.text == "Ada kept 2 of the 3 opening tickets"
    assert "<b>Bob</b> to play" in named.turn.value and "Bob's hand" in named.hand.value
    assert not named.draw_deck()
    assert named.status.text == "You cannot draw a card now: Bob must first choose which opening tickets to keep."
    assert named.status.rule == "wrong-phase"


# --------------------------------------------------------------------------- opening and tickets


def test_opening_refusal_then_keep_by_clicks():
    table = GameTable("usa", ["human", "greedy"], seed=0, bot_delay=0)
    assert not table.keep([0])
    assert table.status.kind == "refused"
    assert table.status.text == "You must keep at least 2 of the 3 tickets dealt at the start; 1 is too few."
    assert table.state.phase == "opening"
    boxes = [b for b in table.choice_buttons.children if "ttr-ticket-choice" in b._dom_classes]
    keep = choice_buttons(table, "ttr-keep")[0]
    boxes[0].value = True                       # a click on the first ticket
    assert boxes[0].description.startswith("☑")
    assert table.view.overlays.ticket is not None          # the ticket shows on the board
    assert len(trace(table, "ticket ends").x) >= 2
    keep.click()
    assert table.status.text.startswith("You must keep at least 2")
    boxes[2].value = True
    keep.click()
    offered = table.match.states[0].opening_offers[0]
    assert table.state.tickets[0] == (offered[0], offered[2])
    assert table.log[:2] == ["Player 1 (human) kept 2 of the 3 opening tickets",
                             "Player 2 (greedy) kept 3 of the 3 opening tickets"]
    assert table.state.phase == "turn" and table.state.current_player == 0
    assert table.view.overlays.ticket is None             # cleared once the tickets are kept
    assert table.choice.layout.display == "none"


def test_draw_tickets_and_keep():
    table = table_at("usa", position("usa", tickets=[["Boston-Miami"], ["Denver-El Paso"]]))
    assert table.draw_tickets()
    assert table.log == ["Player 1 (human) drew 3 tickets"]
    assert table.state.phase == "tickets"
    assert not table.keep([])
    assert table.status.text == "You must keep at least 1 of the 3 tickets drawn; 0 is too few."
    assert not table.draw_deck()
    assert table.status.text.startswith("You cannot draw a card now: player 1 must choose which of the drawn")
    assert table.keep("0,2")
    assert len(table.state.tickets[0]) == 3
    assert table.log[-1] == "Player 1 (human) kept 2 of the 3 tickets drawn"
    # hot-seat: the next human's tickets are shown now, never the previous one's
    assert "Player 2 (human)'s hand" in table.hand.value
    assert "Denver-El Paso" in table.my_tickets.value and "Boston-Miami" not in table.my_tickets.value


# --------------------------------------------------------------------------- cards and claims


def test_draw_cards_face_up_and_deck():
    pos = position("usa", hands=[{"red": 1}, {}], display=["loco", "red", "blue", "green", "pink"],
                   deck=["black", "white", "yellow"])
    table = table_at("usa", pos)
    assert table.face_up_buttons[1].description == "red"
    assert table.face_up_buttons[1].style.button_color == "#d7262b"
    table.face_up_buttons[1].click()                    # a click on the face-up red card
    assert table.state.hands[0][0] == 2
    assert table.log == ["Player 1 (human) took a face-up red card"]
    # the red card was replaced from the deck; a face-up locomotive cannot be the second card
    assert CARD_NAMES[table.state.display[-1]] == "black"
    assert not table.draw_face_up("loco")
    assert table.status.kind == "refused"
    assert "A face-up locomotive can only be taken as the first card" in table.status.text
    assert not table.draw_face_up("purple-ish")
    assert "unknown card colour" in table.status.text
    table.deck_button.click()
    assert table.log[-1] == "Player 1 (human) drew a card from the deck"   # the card is not named
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
    assert table.log == ["Player 1 (human) claimed Denver-Omaha with 4 pink cards (7 points)"]
    assert table.status.kind == "ok"
    assert table.status.text == "Player 1 (human) claimed Denver-Omaha with 4 pink cards (7 points)"
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
    assert "owner: player 1" in trace(table, "routes").hovertext[ri]


def test_claim_refusals_show_the_engine_sentence():
    pos = position("usa", hands=[{"pink": 4}, {"pink": 4}], routes={"Denver-Omaha": 1})
    table = table_at("usa", pos)
    assert not table.claim("Denver-Omaha")
    assert table.status.kind == "refused" and table.status.text == "Denver-Omaha already belongs to player 2."
    assert not table.claim("Kansas City-Omaha", "pink*3")
    engine = table.state.why_illegal(Claim("Kansas City-Omaha", ttr_nb.Cards.parse("pink*3")))
    assert table.status.rule == engine.rule and table.status.text == engine.text
    # one of a double route, named in words (never by its key)
    assert table.status.text.startswith("The first Kansas City-Omaha route has 1 space")
    assert not table.claim("Denver-Nowhere")
    assert table.status.rule == "unknown-route"
    assert not table.claim("Denver-Helena")     # green 4: the hand holds no green
    assert table.status.rule == "not-in-hand"       # the price and the hand, not a payment never made
    assert table.status.text == ("Your hand (4 pink cards) cannot pay for Denver-Helena: it costs 4 green cards; "
                                 "locomotives are wild here.")
    assert not table.claim("Denver-Helena", "pink*x")
    assert table.status.rule == "widget.payment-syntax"
    assert table.log == [] and table.state.owner("Denver-Helena") is None


def test_route_click_offers_payments_and_a_payment_click_claims():
    pos = position("usa", hands=[{"pink": 4, "loco": 2}, {}])
    table = table_at("usa", pos)
    ri = table.game.route_index("Denver-Omaha")
    simulate_click(table.figure, "routes", ri)             # a click on the route's marker
    assert table.status.text.startswith("Denver-Omaha: 4 spaces, 7 points. Choose how to pay.")
    assert table.view.highlight[0] == (ri,)
    assert len(trace(table, "highlight routes").x) > 0
    pays = choice_buttons(table, "ttr-pay-option")
    assert [b.description for b in pays] == ["4 pink cards", "3 pink cards and 1 locomotive", "2 pink cards and 2 locomotives"]
    assert table.choice.layout.display == "flex"
    pays[1].click()
    assert table.state.owner("Denver-Omaha") == 0
    assert table.state.hands[0][5] == 1 and table.state.hands[0][8] == 1
    assert table.log[-1] == "Player 1 (human) claimed Denver-Omaha with 3 pink cards and 1 locomotive (7 points)"
    assert table.choice.layout.display == "none"
    assert table.view.highlight == ((), ())
    # a click on a taken route says why it cannot be claimed
    table.view.click_route("Denver-Omaha")
    assert table.status.kind == "refused" and "already belongs to player 1" in table.status.text


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
    assert any(line.startswith("Player 2 (greedy)") for line in table.log[len(log_before):])
    assert table.undo()
    assert table.state.phase == "draw2" and table.state.current_player == 0
    assert table.status.text.startswith("Took back: Player 1 (human) drew a card from the deck (and ")
    assert table.log == log_before + ["Player 1 (human) drew a card from the deck"]
    assert table.undo()
    assert table.state == start and table.log == log_before
    assert table.undo_button.disabled is False
    table.undo_button.click()                                # back into the opening
    assert table.state.phase == "opening" and table.log == []
    assert not table.undo()
    assert table.status.text == "Nothing to undo: no human move has been played yet."


def test_bots_alone_play_a_whole_game():
    table = GameTable("usa", ["greedy", "random"], seed=4, bot_delay=0)
    assert table.state.is_over()
    assert table.end.layout.display == "flex"
    assert "ttr-score-table" in table.end_table.value
    assert table.log[-1] == "The game is over: final scoring"
    assert not table.undo()


def test_a_human_cannot_move_for_a_bot():
    table = GameTable("usa", ["greedy", "human"], seed=0, bot_delay=0, auto_bots=False)
    assert table.state.current_player == 0
    assert not table.draw_deck()
    assert table.status.text == "It is Player 1 (greedy)'s turn: bots move by themselves (run_bots())."
    assert table.bots_button in all_widgets(table.widget)
    table.bots_button.click()
    assert table.state.current_player == 1 and table.state.phase == "opening"
    assert table.log == ["Player 1 (greedy) kept 3 of the 3 opening tickets"]


def test_hidden_information():
    pos = position("usa", hands=[{"red": 3}, {"blue": 5}], tickets=[["Boston-Miami"], ["Denver-El Paso"]])
    # one human seat: only that seat's hand and tickets, ever
    table = table_at("usa", pos, seats=("human", "greedy"))
    assert "red ×3" in table.hand.value and "blue" not in table.hand.value
    assert "Boston-Miami" in table.my_tickets.value and "Denver-El Paso" not in table.my_tickets.value
    table.draw_deck(); table.draw_deck()
    assert table.state.current_player == 0
    assert "Player 1 (human)'s hand" in table.hand.value and "Player 2" not in table.hand.value
    assert "Denver-El Paso" not in table.my_tickets.value + table.log_box.value + table.status.text
    # hot-seat: the hand of the seat to move; the toggle hides it while the seat changes hands
    hot = table_at("usa", pos)
    assert "red ×3" in hot.hand.value
    hot.draw_deck(); hot.draw_deck()
    assert "Player 2 (human)'s hand" in hot.hand.value and "Denver-El Paso" in hot.my_tickets.value
    assert "Boston-Miami" not in hot.my_tickets.value
    hot.hand_toggle.value = False
    assert "hidden" in hot.hand.value and "blue" not in hot.hand.value and hot.my_tickets.value == ""
    hot.hand_toggle.value = True
    assert "blue" in hot.hand.value
    # a bot's moves in the log never name the cards it drew blind or the tickets it kept
    game = GameTable("usa", ["human", "greedy"], seed=8, bot_delay=0)
    game.keep([0, 1, 2])
    for _ in range(12):
        game.draw_deck()
    for line in game.log:
        if "drew a card" in line:
            assert line.endswith("drew a card from the deck")
        if " kept " in line:
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
    assert table.log == ["Player 1 (human) tried the tunnel Erzurum-Sochi with 3 red cards: the revealed cards "
                         "(red, locomotive, blue) ask for 2 more cards"]
    assert table.choice.layout.display == "flex"
    assert "Tunnel Erzurum-Sochi" in table.choice_title.value
    for card in ("red", "locomotive", "blue"):
        assert f">{card}</span>" in table.choice_title.value
    pays = choice_buttons(table, "ttr-pay-tunnel")
    assert [b.description for b in pays] == ["Pay 2 red cards", "Pay 1 red card and 1 locomotive"]
    assert choice_buttons(table, "ttr-abandon")
    assert not table.draw_deck()
    assert table.status.text.startswith("You cannot draw a card now: player 1 must pay the tunnel's extra cards")
    assert table.pay_tunnel()                               # fewest locomotives: 2 red
    assert table.state.owner("Erzurum-Sochi") == 0
    assert table.state.hands[0][0] == 0 and table.state.hands[0][8] == 1
    assert table.log[-1] == "Player 1 (human) paid 2 red cards more and claimed the tunnel Erzurum-Sochi (4 points)"
    assert "Erzurum-Sochi" in table.view.owner_of_polygons("player 0")


def test_tunnel_abandon_by_click_and_refused_payment():
    table = _tunnel_table(["red", "red", "red"])
    table.claim("Erzurum-Sochi")
    assert table.state.pending.extra == 3
    assert not table.pay_tunnel("blue*3")
    assert table.status.kind == "refused" and "You pay 3 blue" in table.status.text
    choice_buttons(table, "ttr-abandon")[0].click()
    assert table.state.owner("Erzurum-Sochi") is None and table.state.hands[0][0] == 5
    assert table.log[-1] == "Player 1 (human) abandoned the tunnel Erzurum-Sochi and took back 3 red cards"
    assert table.state.current_player == 1


def test_tunnel_with_nothing_extra():
    table = _tunnel_table(["blue", "green", "white"])
    assert table.claim("Erzurum-Sochi")
    assert table.state.owner("Erzurum-Sochi") == 0
    assert table.log == ["Player 1 (human) claimed the tunnel Erzurum-Sochi with 3 red cards (4 points); the revealed "
                         "cards (blue, green, white) asked for nothing more"]


def test_stations_by_city_click():
    pos = position("europe", hands=[{"red": 2, "loco": 1}, {}])
    table = table_at("europe", pos)
    simulate_click(table.figure, "cities", [c.name for c in table.game.board.cities
                                             if not c.is_country].index("Berlin"))
    assert table.status.text == "A station in Berlin costs 1 card of one colour. Choose how to pay."
    pays = choice_buttons(table, "ttr-pay-option")
    assert [b.description for b in pays] == ["1 red card", "1 locomotive"]
    pays[0].click()
    assert table.state.stations == (("Berlin", 0),)
    assert table.log == ["Player 1 (human) built a station in Berlin with 1 red card (station 1 of 3)"]
    assert list(trace(table, "stations").customdata) == ["Berlin"]
    assert "1/3" in table.scores.value
    table.draw_deck(); table.draw_deck()                     # player 1
    assert not table.build_station("berlin")
    assert table.status.text == "Berlin already has a station (player 1's); each city holds one station."


def test_no_stations_in_the_usa():
    table = table_at("usa", position("usa", hands=[{"red": 2}, {}]))
    assert not table.build_station("Denver", "red*1")
    assert table.status.rule == "no-stations" and table.status.text.endswith("has no train stations.")
    table.select_city("Denver")
    assert table.status.text.startswith("Denver: ") and table.choice.layout.display == "none"


def test_pass_is_refused_while_something_is_possible():
    table = table_at("usa", position("usa"))
    assert not table.pass_turn()
    assert table.status.text.startswith("You may only pass when no other action is possible")


def test_an_unexpected_error_in_a_callback_is_shown():
    table = table_at("usa", position("usa"))
    table.guarded(lambda: 1 / 0)()
    assert table.status.kind == "error" and "ZeroDivisionError" in table.status.text


# --------------------------------------------------------------------------- whole games


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
    assert table.log[-1] == "The game is over: final scoring"
    assert "The game is over: final scoring" in table.status.text
    # the walkthrough opens on the finished position
    walk = table.open_walkthrough()
    assert walk.steps[-1] == "Final table" and walk.state is s
    assert walk.winners == s.winners()
    assert table.open_walkthrough() is walk


def test_board_update_speed():
    """The board update after a claim is cheap (Python side): median <= 20 ms."""
    table = GameTable("usa", ["greedy", "greedy"], seed=3, bot_delay=0, auto_bots=False)
    match = table.match
    while not match.state.is_over():
        match.play(table.bots[match.state.current_player](match.state))
    states = match.states
    view = table.view
    view.update(states[0])
    times = []
    for k in range(1, len(states)):
        t0 = time.perf_counter()
        view.update(states[k])
        times.append(time.perf_counter() - t0)
    claims = [t for k, t in enumerate(times, 1) if states[k].owners != states[k - 1].owners]
    assert statistics.median(claims) <= 0.020, statistics.median(claims)



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
    assert table.status.text == "The deck and the discard pile are both empty: no card can be drawn blind."
