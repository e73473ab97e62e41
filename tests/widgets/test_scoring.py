"""ScoringWalkthrough: final scoring step by step, driven by its public methods and button clicks.

Plain pytest, no browser: assertions on the steps, the running totals (they must end at
the engine's totals), the status line and the board figure's overlay traces.
"""
from __future__ import annotations

import html
import random
import re

import networkx as nx
import pytest

import ttr_nb
from ttr_nb.engine.scoring import best_borrowing
from ttr_nb.engine.narration import and_list, ticket_name, trains_text
from ttr_nb.widgets.scoring import ScoringWalkthrough, finished_match, score_table_html, tie_break

from .words import W, WN, W_part, english

EDITIONS = ttr_nb.editions()
_MATCHES: dict = {}


def P(n: int) -> str:
    """Player n's default name in the language of the run: "Player 1"."""
    return W("Player {n}", n=n)


def route_points(who: str) -> str:
    return W("{who}: route points", who=who)


def ticket_step(who: str, ticket: str, points: int) -> str:
    sign = f"+{points}" if points > 0 else f"−{-points}"
    return W("{who}: ticket {ticket} {points}", who=who, ticket=ticket_name(ticket), points=sign)


def longest_step(who: str, n: int) -> str:
    return W("{who}: longest path {n}", who=who, n=n)


def finished(edition, players=2, seed=1):
    """A game greedy bots played to the end (cached: several tests read the same games)."""
    key = (edition, players, seed)
    if key not in _MATCHES:
        _MATCHES[key] = finished_match(edition, players=players, seed=seed)
    return _MATCHES[key].state


def over(edition, **d):
    """A scored position written by hand (`state_from_dict`), in the phase 'over'."""
    return ttr_nb.load_game(edition, players=2).state_from_dict(dict(d, phase="over"))


def index_of(walk, prefix):
    found = [i for i, t in enumerate(walk.steps) if t.startswith(prefix)]
    assert found, (prefix, walk.steps)
    return found[0]


# --------------------------------------------------------------------------- every edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_constructed_for_each_edition(edition):
    state = finished(edition)
    assert state.is_over()
    walk = ScoringWalkthrough(state)
    rows = state.score_breakdown()
    assert walk.steps[0] == route_points(P(1))
    assert walk.steps[-2:] == [W("Tie-breakers"), W("Final table")]
    assert walk.current_step == 0 and walk.step.title == route_points(P(1))
    assert not english() or walk.steps[0] == "Player 1: route points"
    assert walk.totals == (rows[0].route_points, 0)
    # the running totals add up the steps and end at the engine's totals
    totals = [0, 0]
    for step in walk.all_steps:
        totals = [t + d for t, d in zip(totals, step.delta)]
        assert tuple(totals) == step.totals
    assert walk.all_steps[-1].totals == tuple(r.total for r in rows)
    # one step per ticket, with its sign
    for r in rows:
        for t in r.tickets:
            assert ticket_step(P(r.player + 1), t.ticket, t.points) in walk.steps
        assert longest_step(P(r.player + 1), r.longest_path) in walk.steps
    assert (W("Longest path bonus") in walk.steps) == bool(state.rules.longest_path_bonus)
    assert (W("Globetrotter") in walk.steps) == bool(state.rules.globetrotter_bonus)
    # one FigureWidget, its traces fixed, whatever the step shows
    assert type(walk.figure).__name__ == "FigureWidget"
    n = len(walk.figure.data)
    for i in range(len(walk.steps)):
        assert walk.goto(i) == i
        assert len(walk.figure.data) == n
        assert walk.steps[i] in html.unescape(walk.title.value)
    assert walk.winners == state.winners()
    assert "ttr-score-table" in walk.text.value            # the last step shows the table


def test_usa_steps_in_order():
    state = finished("usa")
    walk = ScoringWalkthrough(state)
    rows = state.score_breakdown()
    expected = []
    for r in rows:
        expected.append(route_points(P(r.player + 1)))
        expected += [ticket_step(P(r.player + 1), t.ticket, t.points) for t in r.tickets]
        expected.append(longest_step(P(r.player + 1), r.longest_path))
    expected += [W("Longest path bonus"), W("Tie-breakers"), W("Final table")]
    assert walk.steps == expected


# --------------------------------------------------------------------------- navigation


def test_next_previous_goto_and_refusals():
    walk = ScoringWalkthrough(finished("usa"))
    n = len(walk.steps)
    assert walk.prev_button.disabled and not walk.next_button.disabled
    assert walk.previous() == 0
    assert walk.status.kind == "refused" and walk.status.text == W("This is the first step.")
    assert walk.next() == 1 and walk.current_step == 1
    assert walk.status.text == ""
    assert walk.goto(-1) == n - 1 and walk.step.title == W("Final table")
    assert walk.next_button.disabled
    assert walk.next() == n - 1 and walk.status.text == W("This is the last step: the final table.")
    assert walk.goto(W("Tie-breakers")) == n - 2
    assert walk.goto(W("Longest path bonus").lower()) == n - 3      # a unique part of a title works too
    assert walk.goto(99) == n - 3
    assert walk.status.text == W("There is no step {step}: steps run from 0 to {last}.", step=99, last=n - 1)
    ticket = W("{who}: ticket {ticket} {points}", who="", ticket="", points="").strip(": ")   # "ticket"
    assert walk.goto(ticket) == n - 3
    assert W_part("{n} steps match {step}: the steps are {steps}.", 1) + repr(ticket) in walk.status.text
    assert walk.first() == 0 and walk.last() == n - 1


def test_goto_finds_a_ticket_step_by_its_key_in_either_language():
    """A pupil types the ticket's key with a hyphen; a Danish step title writes it with an en dash."""
    state = over("europe", routes={"Frankfurt-Paris": 0, "Frankfurt-München": 0, "München-Wien": 0},
                 tickets=[["Paris-Wien"], ["Budapest-Sofia"]])
    for code in ("en", "da"):
        walk = ScoringWalkthrough(state, language=code)
        i = walk.goto("Paris-Wien")
        assert walk.status.kind != "refused" and walk.step.kind == "ticket", (code, walk.status.text)
        assert walk.goto("paris\u2013wien") == i                  # an en dash and any case find it too


def test_buttons_and_the_step_list_drive_it():
    walk = ScoringWalkthrough(finished("usa"))
    walk.next_button.click()
    walk.next_button.click()
    assert walk.current_step == 2 and walk.steps[2] in walk.title.value
    walk.prev_button.click()
    assert walk.current_step == 1
    assert walk.select.value == 1
    walk.select.value = 5                               # picking a step in the list
    assert walk.current_step == 5 and walk.steps[5] in walk.title.value
    walk.last_button.click()
    assert walk.step.kind == "final"
    walk.first_button.click()
    assert walk.current_step == 0 and walk.select.value == 0
    assert W("step {k} of {n}", k=1, n=len(walk.steps)) in walk.counter.value


# --------------------------------------------------------------------------- what the board shows


def test_completed_ticket_path_is_outlined_over_the_players_routes():
    state = finished("usa")
    walk = ScoringWalkthrough(state)
    board = state.board
    checked = 0
    for i, step in enumerate(walk.all_steps):
        if step.kind != "ticket" or step.delta[step.player] < 0:
            continue
        walk.goto(i)
        routes, cities = walk.view.highlight
        ticket = board.find_ticket(step.ticket)
        assert ticket.source in cities
        assert all(state.owners[r] == step.player for r in routes)       # no stations in the USA
        g = nx.Graph([(board.routes[r].a, board.routes[r].b) for r in routes])
        assert any(nx.has_path(g, ticket.source, t) for t in ticket.targets if t in g)
        assert len(walk.view.trace("highlight routes").x) > 0
        assert len(walk.view.trace("highlight cities").x) == 2
        assert walk.view.overlays.network == step.player
        assert W_part("{ticket} is completed: {who}'s routes join {source} to {target}{via} (outlined on the board), so "
                      "it scores {points}.", 1) in walk.text.value
        checked += 1
    assert checked >= 3


def test_uncompleted_ticket_shows_the_cheapest_missing_path():
    state = over("usa", routes={"Denver-Omaha": 0}, tickets=[["Denver-El Paso"], []])
    walk = ScoringWalkthrough(state)
    assert walk.goto(ticket_step(P(1), "Denver-El Paso", -4)) == 1
    assert walk.view.overlays.ticket == "Denver-El Paso"
    assert len(walk.view.trace("ticket path").x) > 0
    assert set(walk.view.trace("ticket ends").customdata) == {"Denver", "El Paso"}
    assert W_part("{ticket} is not completed, so {who} loses its value: {points}.", 1) in walk.text.value
    assert WN("The cyan line shows the cheapest way it could have been finished: {n} more train.",
              "The cyan line shows the cheapest way it could have been finished: {n} more trains.", 4) in \
        html.unescape(walk.text.value)
    assert not english() or ("is not completed" in walk.text.value and "4 more trains" in walk.text.value)
    # the next step clears the ticket overlay
    walk.next()
    assert walk.view.overlays.ticket is None and len(walk.view.trace("ticket path").x or ()) == 0


def test_a_ticket_that_can_no_longer_be_completed_rings_its_ends():
    # every route into Miami is taken by player 1
    miami = [r.key for r in ttr_nb.load_game("usa").board.routes_at("Miami")]
    state = over("usa", routes={k: 1 for k in miami}, tickets=[["Boston-Miami"], []])
    walk = ScoringWalkthrough(state)
    walk.goto(ticket_name("Boston-Miami"))
    assert html.escape(W("It can no longer be completed: other players' routes cut every way; the two ends are ringed "
                         "on the board.")) in walk.text.value
    assert set(walk.view.highlight[1]) == {"Boston", "Miami"}


def test_longest_path_is_numbered_along_its_trail():
    state = finished("usa")
    walk = ScoringWalkthrough(state)
    for p, row in enumerate(state.score_breakdown()):
        walk.goto(longest_step(P(p + 1), row.longest_path))
        numbers = walk.view.trace("longest numbers")
        assert list(numbers.text) == [str(k + 1) for k in range(len(row.longest_trail))]
        assert [state.board.routes[ri].key for ri in numbers.customdata] == list(row.longest_trail)
        assert trains_text(row.longest_path) in walk.text.value


def test_stations_borrow_a_route_for_a_ticket():
    state = over("europe", routes={"Frankfurt-Paris": 0, "Frankfurt-München": 0, "München-Wien": 1},
                 stations=[["München", 0]], tickets=[["Paris-Wien"], ["Budapest-Sofia"]])
    assert best_borrowing(state, 0)[0] == (("München", "München-Wien"),)
    walk = ScoringWalkthrough(state)
    i = walk.goto(W("{who}: station {city} borrows {route}", who=P(1), city="München", route=ticket_name("München-Wien")))
    assert walk.step.kind == "station"
    ri = state.game.route_index("München-Wien")
    assert walk.view.highlight == ((ri,), ("München",))
    assert W_part("{who}'s station in {city_b} lets them use one route of another player touching {city}: {route} "
                  "({owner}'s). It is chosen to score the most ticket points. Stations are not routes: they never "
                  "count for the longest path.", 5) in html.unescape(walk.text.value)
    assert walk.steps[i + 1] == WN("{who}: {n} station not built {points}", "{who}: {n} stations not built {points}",
                                   2, who=P(1), points="+8")
    walk.goto(ticket_step(P(1), "Paris-Wien", 8))
    assert W(", using the borrowed route {route}", route=ticket_name("München-Wien")) in walk.text.value
    assert ri in walk.view.highlight[0]
    assert walk.totals == (6 + 8 + 8, 0)
    assert WN("{who}: {n} station not built {points}", "{who}: {n} stations not built {points}", 3, who=P(2),
              points="+12") in walk.steps
    assert walk.all_steps[-1].totals == tuple(r.total for r in state.score_breakdown())


def test_globetrotter_in_the_nordic_countries():
    state = finished("nordic")
    walk = ScoringWalkthrough(state)
    walk.goto(W("Globetrotter"))
    rows = state.score_breakdown()
    holders = [r.player for r in rows if r.globetrotter]
    assert holders and all(walk.step.delta[p] == 10 for p in holders)
    assert W_part("The Globetrotter goes to the most completed tickets ({counts}): {who} scores {bonus}.", 0,
                  "The Globetrotter goes to the most completed tickets ({counts}): {who} score {bonus}.",
                  len(holders)).strip(" (") in walk.text.value
    assert W("This edition gives no bonus for it; it only breaks ties.") in \
        walk.all_steps[index_of(walk, W("{who}: longest path {n}", who=P(1), n="").strip())].text


INDIA_EIGHT = {"Bhatinda-Lahore": 0, "Jacobabad-Lahore": 0, "Jacobabad-Rohri": 0, "Bhatinda-Rohri": 0,
               "Ambala-Bhatinda": 0, "Ambala-Delhi": 0, "Bhatinda-Delhi": 0}   # two loops through Bhatinda


def test_grand_tour_step_draws_the_two_route_disjoint_paths_in_two_styles():
    state = over("india", routes=INDIA_EIGHT, tickets=[["Lahore-Delhi", "Rohri-Agra"], []])
    walk = ScoringWalkthrough(state)
    board = state.board
    row = state.score_breakdown()[0]
    (tour,) = row.grand_tours
    i = walk.goto([k for k, st in enumerate(walk.all_steps) if st.kind == "grand-tour-ticket"][0])
    step = walk.step
    assert step.kind == "grand-tour-ticket" and step.delta == (0, 0)
    first, second = ([board.route[k].index for k in p] for p in tour.paths)
    routes, cities = walk.view.highlight
    assert list(routes) == first and set(cities) == {"Lahore", "Delhi"}       # the first path: outlined
    assert list(walk.view.overlays.path) == second                            # the second: dashed
    assert not set(first) & set(second)
    solid, dashed = walk.view.trace("highlight routes"), walk.view.trace("path")
    spaces = sum(board.routes[i].length for i in second)
    assert len(solid.x) > 0 and len([x for x in dashed.x if x is not None]) == spaces   # a diamond on each car
    assert solid.line.dash in (None, "solid") and dashed.line.dash == "dash"  # told apart without colour
    assert dashed.mode == "lines+markers" and dashed.marker.symbol == "diamond"
    text = html.unescape(walk.text.value)
    assert W("The two paths meet at {cities}, which is allowed: only a route may not be used twice.",
             cities="Bhatinda") in text
    assert " → ".join(["Lahore", "Bhatinda", "Delhi"]) in text                # a path told by its cities
    assert W("outlined in thick amber") in text and W("a dashed black line with a white diamond on each car") in text
    if ttr_nb.language() == "en":
        assert "share no route" in text and "meet at Bhatinda" in text
    # the bonus step adds the table's value; a later step clears the dashed path
    walk.next()
    assert walk.step.kind == "grand-tour" and walk.step.title.endswith("Grand Tour +5") and walk.step.delta == (5, 0)
    assert walk.view.overlays.path == () and len(walk.view.trace("path").x) == 0
    assert [st.ticket for st in walk.all_steps if st.kind == "grand-tour-ticket"] == ["Lahore-Delhi"]   # Rohri-Agra: not completed
    assert walk.all_steps[-1].totals == tuple(r.total for r in state.score_breakdown())
    assert walk.steps[[k for k, st in enumerate(walk.all_steps) if st.kind == "grand-tour"][1]].endswith(W("{who}: no Grand Tour", who="").removeprefix(": "))
    table = re.sub(r"<[^>]+>", " ", html.unescape(score_table_html(state)))
    assert "Grand Tour" in table and "+5  (1)" in table
    assert "Indian Express" in [st for st in walk.all_steps if st.kind == "longest-bonus"][0].text


def test_grand_tour_step_on_a_finished_india_game():
    # bots' games seldom close loops; every qualifying ticket gets its step, drawn
    state = finished("india", players=2, seed=3)
    walk = ScoringWalkthrough(state)
    rows = state.score_breakdown()
    for r in rows:
        tours = [s for s in walk.all_steps if s.kind == "grand-tour-ticket" and s.player == r.player]
        assert [s.ticket for s in tours] == [t.ticket for t in r.grand_tours]
        bonus = [s for s in walk.all_steps if s.kind == "grand-tour" and s.player == r.player]
        assert len(bonus) == 1 and bonus[0].delta[r.player] == r.grand_tour
    assert walk.all_steps[-1].totals == tuple(r.total for r in rows)
    assert not [st for st in ScoringWalkthrough(over("usa", routes={"Denver-Omaha": 0})).all_steps
                if st.kind.startswith("grand-tour")]


# --------------------------------------------------------------------------- ties and the final table


def test_a_tie_decided_by_completed_tickets():
    state = over("usa", routes={"Denver-Santa Fe": 0, "El Paso-Santa Fe": 0, "Helena-Seattle": 1},
                 tickets=[["Denver-El Paso"], ["Portland-Nashville"]])
    rows = state.score_breakdown()
    assert rows[0].total == rows[1].total == 8
    winners, decided, lines = tie_break(state)
    assert winners == state.winners() == (0,) and decided == "most_tickets_completed"
    both = and_list(["1", "2"])
    facts = ", ".join(W("{who} completed {n}", who=W("player {n}", n=k), n=d) for k, d in ((1, 1), (2, 0)))
    assert lines == [W("{who} share the highest total, {best}.", who=W("Players {numbers}", numbers=both), best=8),
                     W("Tie-breaker: {rule} ({facts}): {verdict}.", rule=W("most completed tickets"), facts=facts,
                       verdict=W("{who} wins", who=W("player {n}", n=1)))]
    assert not english() or lines == ["Players 1 and 2 share the highest total, 8.",
                                      "Tie-breaker: most completed tickets (player 1 completed 1, player 2 completed "
                                      "0): player 1 wins."]
    walk = ScoringWalkthrough(state)
    walk.goto(W("Tie-breakers"))
    text = html.unescape(walk.text.value)
    assert W("{who} share the highest total, {best}.", who=and_list([P(1), P(2)]), best=8) in text
    facts = ", ".join(W("{who} completed {n}", who=P(k), n=d) for k, d in ((1, 1), (2, 0)))
    assert f"{facts}): {W('{who} wins', who=P(1))}." in text
    walk.last()
    assert W("{who} wins, decided by the tie-breaker: {rule}.", who=P(1), rule=W("most completed tickets")) in \
        html.unescape(walk.text.value)
    assert walk.decided_by == "most_tickets_completed"
    # with names, every sentence calls the players by their names, the winner included
    named = ScoringWalkthrough(state, names=["Ada", "Bob"])
    named.goto(W("Tie-breakers"))
    text = html.unescape(named.text.value)
    assert W("{who} share the highest total, {best}.", who=and_list(["Ada", "Bob"]), best=8) in text
    facts = ", ".join(W("{who} completed {n}", who=who, n=d) for who, d in (("Ada", 1), ("Bob", 0)))
    assert f"({facts}): {W('{who} wins', who='Ada')}." in text
    player = W("player {n}", n=0)[:-2]
    assert player not in text.lower().replace(W("Players {numbers}", numbers="")[:-1].lower(), "")
    table = html.unescape(score_table_html(state, ["Ada", "Bob"]))
    assert W("{who} wins, decided by the tie-breaker: {rule}.", who="Ada", rule=W("most completed tickets")) in table
    assert W("{who} wins", who="Ada") in table and W("{who} wins", who="Bob") not in table


def test_a_shared_win():
    game = ttr_nb.load_game("usa", players=2)
    by_value = {}
    for t in game.board.tickets:
        by_value.setdefault(t.value, []).append(t.key)
    a, b = next(keys for keys in by_value.values() if len(keys) >= 2)[:2]
    state = over("usa", tickets=[[a], [b]])
    winners, decided, lines = tie_break(state)
    assert winners == state.winners() == (0, 1) and decided is None
    table = score_table_html(state)
    assert W("{who} share the win.", who=and_list([P(1), P(2)])) in html.unescape(table) and table.count("★") == 3


def test_tie_break_agrees_with_the_engine_on_many_positions():
    rng = random.Random(0)
    checked = 0
    for edition in EDITIONS:
        match = finished_match(edition, players=3, seed=2) if edition != "switzerland" else \
            finished_match(edition, players=3, seed=4)
        for state in rng.sample(match.states, 25):
            assert tie_break(state)[0] == state.winners()
            checked += 1
    assert checked == 25 * len(EDITIONS)


def test_no_tie_says_no_tie_breaker_is_needed():
    state = finished("usa")
    walk = ScoringWalkthrough(state)
    walk.goto(W("Tie-breakers"))
    w = state.winners()
    if len(w) == 1:
        best = max(r.total for r in state.score_breakdown())
        assert W("{who} has the highest total, {best}: no tie-breaker is needed.", who=P(w[0] + 1), best=best) in \
            html.unescape(walk.text.value)
    walk.last()
    rows = state.score_breakdown()
    for r in rows:
        assert f"<b>{str(r.total).replace('-', '−')}</b>" in walk.text.value
    assert "★" in walk.text.value


# --------------------------------------------------------------------------- following a match, inputs


def test_follows_a_match():
    match = ttr_nb.Match(ttr_nb.load_game("usa", players=2, seed=3))
    match.play("keep 0,1")
    match.play("keep 0,1")
    walk = ScoringWalkthrough(match)
    before = walk.all_steps[-1].totals
    n = len(walk.figure.data)
    while True:                                  # play until a route is claimed
        claims = [a for a in match.state.legal_actions() if isinstance(a, ttr_nb.Claim)]
        if claims:
            match.play(claims[0])
            break
        match.play("draw deck")
    assert walk.state is match.state
    assert walk.all_steps[-1].totals == tuple(r.total for r in match.state.score_breakdown()) != before
    assert len(walk.figure.data) == n
    claimed = match.history[-1].route
    assert claimed in walk.view.owner_of_polygons(f"player {match.states[-2].current_player}")


def test_demo_is_seeded_and_inputs_are_checked():
    a = ScoringWalkthrough.demo("switzerland", seed=5)
    b = ScoringWalkthrough.demo("switzerland", seed=5)
    assert a.steps == b.steps and a.state.is_over()
    with pytest.raises(TypeError, match=W_part("ScoringWalkthrough needs a State or a Match, not {kind}", 0)):
        ScoringWalkthrough("usa")
    names = ScoringWalkthrough(finished("usa"), names=["Ada", "Bob"])
    assert names.steps[0] == route_points("Ada") and "Bob" in names.running.value


def test_depots_in_reserve_have_a_step_of_their_own_in_a_warehouses_game():
    """Warehouses & Depots: the end bonus for the most Depots in reserve is a step, and the
    walkthrough's totals end at the engine's (which count it)."""
    game = ttr_nb.load_game("europe", players=2, warehouses=True)
    state = game.state_from_dict({"phase": "over", "routes": {"Bruxelles-Paris": 0, "Berlin-Essen": 1},
                                  "depots": {"placed": [["Paris", 1], ["Roma", 0], ["Berlin", 0]],
                                             "reserves": [3, 4], "warehouses": [{"red": 2}, {}]}})
    rows = state.score_breakdown()
    assert [r.depot_bonus for r in rows] == [0, 10]
    walk = ScoringWalkthrough(state)
    walk.goto(W("Depots in reserve"))
    assert walk.step.delta == (0, 10)
    assert W_part("The most Depots still in reserve ({counts}): {who} scores {bonus}.", 0,
                  "The most Depots still in reserve ({counts}): {who} score {bonus} (tied players all score it).",
                  1) in walk.text.value
    assert walk.all_steps[-1].totals == tuple(r.total for r in rows)
    # nobody with a Depot in reserve: the step says so and adds nothing
    empty = game.state_from_dict({**state.to_dict(), "depots": {
        "placed": [["Paris", 1], ["Roma", 0], ["Berlin", 0], ["Wien", 0], ["Kyiv", 0], ["Sofia", 0],
                   ["Riga", 1], ["Madrid", 1], ["Lisboa", 1], ["Cadiz", 1]], "reserves": [0, 0],
        "warehouses": [{"red": 2}, {}]}})
    walk = ScoringWalkthrough(empty)
    walk.goto(W("Depots in reserve"))
    assert walk.step.delta == (0, 0)
    assert W_part("Nobody has a Depot left in reserve ({counts}): nobody scores the bonus.", 0) in walk.text.value
    # without the module there is no such step
    assert W("Depots in reserve") not in ScoringWalkthrough(over("europe")).steps
