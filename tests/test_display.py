"""How `Game`, `State` and final scorings show in a notebook (`_repr_html_`): a compact summary
that never shows hidden information (other seats' hands and tickets, the deck's order)."""
from __future__ import annotations

import random
import re

import pytest

import ttr_nb
from ttr_nb.engine.display import ScoreRows, score_rows_html, state_html


def _played(edition: str = "usa", players: int = 3, seed: int = 4, until=None):
    state = ttr_nb.load_game(edition, players=players, seed=seed).new_state()
    rng = random.Random(seed)
    while not state.is_over() and not (until and until(state)):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#9664;", "◀")


def test_a_state_shows_whose_turn_and_each_seats_public_counts():
    state = _played(until=lambda s: s.turn >= 12 and s.phase == "turn")
    text = _text(state._repr_html_())
    assert f"turn {state.turn}: Player {state.current_player + 1} to move" in text
    view = state.view(0)
    for p in range(state.num_players):
        routes = sum(1 for owner in view["routes"].values() if owner == p)
        mark = " ◀" if p == state.current_player else ""
        assert (f"Player {p + 1}{mark} {view['trains'][p]} {view['hand_sizes'][p]} {view['ticket_counts'][p]} "
                f"{routes} {view['route_points'][p]}") in text
    assert f"deck {len(state.deck)} cards" in text
    assert "hidden" in text
    assert len(state._repr_html_()) < 6000          # compact: not the whole position


def _with_hidden_things_changed(state):
    """The same public position with player 1's hand, every seat's tickets and the deck's order changed."""
    d = state.to_dict()
    deck, hand = list(d["deck"]), dict(d["hands"][1])
    given = next(c for c in hand if hand[c])
    taken = next(c for c in deck if c != given)
    hand[given] -= 1
    hand[taken] = hand.get(taken, 0) + 1
    deck.remove(taken)
    deck.append(given)
    random.Random(0).shuffle(deck)
    d["deck"], d["hands"] = deck, [d["hands"][0], hand] + d["hands"][2:]
    d["tickets"][1], d["ticket_deck"][0] = [d["ticket_deck"][0]] + d["tickets"][1][1:], d["tickets"][1][0]
    return state.game.state_from_dict(d)


def test_the_summary_does_not_depend_on_anything_hidden():
    state = _played(until=lambda s: s.turn >= 8 and s.phase == "turn")
    other = _with_hidden_things_changed(state)
    assert other.to_dict() != state.to_dict()
    assert other._repr_html_() == state._repr_html_()
    assert state_html(other, seat=0) == state_html(state, seat=0)      # player 0 sees no difference
    assert state_html(other, seat=1) != state_html(state, seat=1)      # player 1's own hand did change


def test_a_seat_sees_its_own_hand_and_tickets_only():
    state = _played(until=lambda s: s.turn >= 8 and s.phase == "turn")
    html = state_html(state, seat=2)
    text = _text(html)
    assert "Player 3's hand:" in text and "Player 3's tickets:" in text        # seat 2, numbered from 1
    for name, n in state.hand(2).as_dict().items():
        assert (f"{name}&times;{n}" if n > 1 else f">{name}<") in html
    for ticket in state.view(2)["tickets"]:
        assert str(ticket) in text
    for ticket in state.view(0)["tickets"] + state.view(1)["tickets"]:
        assert str(ticket) not in text


def test_a_finished_game_shows_the_final_scores_and_the_winner():
    state = _played("europe", players=3, seed=2)
    text = _text(state._repr_html_())
    assert "game over" in text and "Final scoring" in text
    for row in state.score_breakdown():
        star = " ★" if row.player in state.winners() else ""
        assert f"Player {row.player + 1}{star.replace('★', '&#9733;')}" in state._repr_html_()
        assert f" {row.total} " in text + " "


def test_score_breakdown_is_still_a_tuple_of_rows_that_shows_as_a_table():
    state = _played("europe", players=3, seed=2)
    rows = state.score_breakdown()
    assert isinstance(rows, tuple) and isinstance(rows, ScoreRows)
    assert rows == tuple(rows) and tuple(rows) == rows
    assert [row.total for row in rows] == [r.total for r in tuple(rows)]
    assert rows[0].player == 0 and len(rows) == 3
    text = _text(rows._repr_html_())
    for row in rows:
        assert f"Player {row.player + 1}" in text
        assert f"{row.ticket_points:+d}" in text and f"{row.tickets_completed} of {len(row.tickets)}" in text
    assert "stations" in text                                      # Europe has stations


def test_score_rows_mark_the_highest_total_and_leave_out_stations_without_them():
    state = _played("usa", players=2, seed=3)
    rows = state.score_breakdown()
    html = score_rows_html(rows)
    best = max(r.total for r in rows)
    for r in rows:
        assert (f"Player {r.player + 1} &#9733;" in html) == (r.total == best)
    assert "stations" not in _text(html)
    assert "No score rows" in score_rows_html(())


def test_a_game_shows_its_edition_board_players_and_seed():
    game = ttr_nb.load_game("usa", players=4, seed=9, opening_tickets=4)
    text = _text(game._repr_html_())
    assert "Ticket to Ride" in text and "4 players" in text and "seed 9" in text
    assert "opening_tickets=4" in text
    assert f"{len(game.board.routes)} routes" in text


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_every_edition_displays_in_every_phase_it_reaches(edition):
    state = ttr_nb.load_game(edition, players=2, seed=1).new_state()
    rng = random.Random(1)
    phases = set()
    while True:
        html = state._repr_html_()
        assert html.startswith("<div class='ttr-state'") and html.endswith("</div>")
        phases.add(state.phase)
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert {"opening", "turn", "over"} <= phases


@pytest.mark.parametrize("text", ["Tom & Jerry's <b>\"route\"</b>", "Zürich–Genève", "a&amp;b", ""])
def test_names_are_escaped_as_html_escape_does(text):
    import html

    from ttr_nb.engine.display import escape
    assert escape(text) == html.escape(text)


def test_the_card_chips_have_the_colours_of_the_card_figures():
    from ttr_nb.engine.display import CARD_CSS
    from ttr_nb.viz.cards import CARD_COLOURS
    assert CARD_CSS == {name: colour.lower() for name, colour in CARD_COLOURS.items()}


def test_a_state_carries_a_thumbnail_of_the_board_with_the_claimed_routes_dark():
    state = _played("nordic", players=2, seed=5, until=lambda s: s.turn >= 30)
    html = state._repr_html_()
    svg = re.search(r"<svg class='ttr-thumbnail' width='(\d+)' height='(\d+)'.*?</svg>", html)
    assert svg and int(svg[1]) <= 180 and int(svg[2]) == 140          # Nordic is portrait: as tall as allowed
    free, claimed = re.findall(r"<path d='([^']*)' style='[^']*stroke:(#bbb|#333)", svg[0])
    owned = len(state.view(0)["routes"])
    assert owned > 0
    assert claimed[0].count("M") == owned and claimed[1] == "#333"
    assert free[0].count("M") == len(state.board.routes) - owned
    assert f"{owned} routes claimed" in svg[0]


def test_score_rows_show_the_grand_tour_when_a_player_has_one():
    game = ttr_nb.load_game("india", players=2, seed=1)
    loop = {"Ambala-Lahore": 0, "Ambala-Delhi": 0, "Bhatinda-Delhi": 0, "Bhatinda-Lahore": 0}
    text = _text(score_rows_html(game.state_from_dict({"routes": loop, "tickets": [["Lahore-Delhi"], []]})
                                 .score_breakdown()))
    assert "Grand Tour" in text and "5 (1 ticket)" in text
    assert "Grand Tour" not in _text(score_rows_html(game.new_state().score_breakdown()))
    assert "Grand Tour bonus up to 40" in _text(game._repr_html_())
