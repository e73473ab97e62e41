"""Tests of ttr_nb.viz: the board figure, its overlays, the cheap updater, and card figures.

Plain pytest, no browser. Timings are in benchmarks/viz_timings.py, not here.
"""
from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
import sys

import networkx as nx
import pytest

import ttr_nb
from ttr_nb.viz import (PLAYER_COLOURS, ROUTE_COLOURS, Overlays, board_figure, board_view,
                        board_widget, display_figure, hand_figure, ticket_path, update_board, update_cards)
from ttr_nb.engine.places import place_name
from ttr_nb.viz.geometry import (board_geometry, car_polygon, count_polygons, flatten, locomotive_glyph,
                                 loco_symbol_spaces, route_centreline, route_midpoint, space_polygons)

EDITIONS = ttr_nb.editions()
SPACES = {"usa": 309, "europe": 300, "switzerland": 205, "nordic": 207, "india": 238, "northernlights": 350}
LOCO_SYMBOLS = {"usa": 0, "europe": 17, "switzerland": 0, "nordic": 30, "india": 12, "northernlights": 63}
SPACE_TRACES_PREFIX = ("spaces ", "closed", "player ")


# --------------------------------------------------------------------------- helpers


def trace(fig, name):
    """The trace with the fixed name ``name`` (stored in ``meta``)."""
    found = [t for t in fig.data if t.meta == name]
    assert len(found) == 1, f"no single trace {name!r}: {[t.meta for t in fig.data]}"
    return found[0]


def polygons(tr):
    """The polygons of a None-separated trace, as lists of (x, y)."""
    out, cur = [], []
    for x, y in zip(tr.x or (), tr.y or ()):
        if x is None:
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append((x, y))
    if cur:
        out.append(cur)
    return out


def centre(poly):
    pts = poly[:-1] if poly[0] == poly[-1] else poly
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def routes_drawn_by(fig, name, board):
    """The route keys whose spaces the trace draws (each space matched by its centre)."""
    where = {}
    for r in board.routes:
        for x, y, _ in r.spaces:
            where[(round(x), round(y))] = r.key
    keys = []
    for poly in polygons(trace(fig, name)):
        cx, cy = centre(poly)
        keys.append(where[(round(cx), round(cy))])
    return keys


def route_hover(fig, board, key):
    tr = trace(fig, "routes")
    return tr.hovertext[board.find_route(key).index]


def traces_json(fig):
    return [json.dumps(t.to_plotly_json(), sort_keys=True, default=str) for t in fig.data]


def game(edition, players=2, **kw):
    return ttr_nb.load_game(edition, players=players, **kw)


# --------------------------------------------------------------------------- every edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_builds_a_board_figure(edition):
    g = game(edition)
    board = g.board
    fig = board_figure(g)
    assert fig.__class__.__name__ == "Figure"
    # every train space is one polygon, in exactly one of the space traces
    space_traces = [t for t in fig.data if t.meta.startswith(SPACE_TRACES_PREFIX)]
    assert sum(count_polygons(t.x) for t in space_traces) == SPACES[edition] == sum(r.length for r in board.routes)
    # a polygon is a closed rotated car: 8 cut corners + the first corner again
    some = polygons(trace(fig, "spaces gray"))[0]
    assert len(some) == 9 and some[0] == some[-1]
    # one clickable marker per route, in the middle of the route, customdata = route index
    routes = trace(fig, "routes")
    assert routes.mode == "markers"
    assert list(routes.customdata) == list(range(len(board.routes)))
    assert len(routes.x) == len(board.routes) == len(routes.hovertext)
    for r in board.routes:
        assert (routes.x[r.index], routes.y[r.index]) == route_midpoint(r)
    # polygon and line traces never take hover or clicks
    hoverable = {"routes", "route spaces", "cities", "countries", "ticket ends", "stations", "depots"}
    for t in fig.data:
        if t.meta not in hoverable:
            assert t.hoverinfo == "skip", t.meta
    # tunnels: one jagged outline per tunnel space; ferries: one locomotive per symbol
    assert count_polygons(trace(fig, "tunnels").x) == sum(r.length for r in board.routes if r.tunnel)
    assert count_polygons(trace(fig, "ferry symbols").x) == LOCO_SYMBOLS[edition] == sum(
        r.ferry_locomotives for r in board.routes)
    # cities: a dot and a name each; countries (Switzerland) at their border points
    cities = trace(fig, "cities")
    places = [c for c in board.cities if not c.is_country]
    # a junction without a name (Northern Lights) is said in words, and has no name beside its dot
    assert list(cities.text) == [place_name(board, c) for c in places] and cities.mode == "markers"
    assert list(cities.customdata) == [c.name for c in places]
    names = trace(fig, "city names")           # the names, placed clear of the cars
    assert list(names.customdata) == [c.name for c in places] and names.mode == "text"
    assert [t.replace("<br>", " ").replace("- ", "-") for t in names.text] == [
        "" if c.is_junction else c.label for c in places]   # as printed
    countries = board.countries
    assert count_countries(fig) == sum(len(c.border_points) for c in countries)
    assert list(trace(fig, "country names").text) == [c.name.upper() for c in countries]
    if edition == "switzerland":
        assert set(trace(fig, "countries").customdata) == {"France", "Deutschland", "Österreich", "Italia"}


def count_countries(fig):
    return len(trace(fig, "countries").x or ())


@pytest.mark.parametrize("edition", EDITIONS)
def test_axes_look_like_the_board(edition):
    g = game(edition)
    board = g.board
    fig = board_figure(g)
    lay = fig.layout
    assert tuple(lay.xaxis.range) == (0, board.width)
    assert tuple(lay.yaxis.range) == (board.height, 0)          # reversed: y runs down
    assert lay.yaxis.scaleanchor == "x" and lay.yaxis.scaleratio == 1
    assert lay.xaxis.visible is False and lay.yaxis.visible is False
    # no base maps: plain cartesian scatter traces only, nothing to fetch
    assert {t.type for t in fig.data} == {"scatter"}
    js = fig.layout.to_plotly_json()
    for key in ("geo", "mapbox", "map"):
        assert key not in js
    assert "http" not in json.dumps(js)
    # the plot area has the board's aspect ratio (portrait Nordic, landscape others)
    m = lay.margin
    plot_w, plot_h = lay.width - m.l - m.r, lay.height - m.t - m.b
    assert abs(plot_w / plot_h - board.width / board.height) < 0.01
    assert (lay.width > lay.height) == (board.width > board.height)
    # a frame the size of the board, under everything
    (frame,) = lay.shapes
    assert (frame.x0, frame.y0, frame.x1, frame.y1) == (0, 0, board.width, board.height)


@pytest.mark.parametrize("edition", EDITIONS)
def test_trace_set_is_fixed(edition):
    g = game(edition, players=3)
    plain = board_figure(g)
    loaded = board_figure(g, overlays=dict(network=0, longest=0, payable="red*3", player=1),
                          highlight=[0, g.board.cities[0].name])
    assert [t.meta for t in plain.data] == [t.meta for t in loaded.data] == list(board_view(plain).trace_names)
    assert len(plain.data) == 34 + 3          # 34 fixed traces (the path overlay and the depots included) + 3 players


def test_route_colours_and_players():
    g = game("usa", players=5)
    fig = board_figure(g)
    for colour, fill in ROUTE_COLOURS.items():      # open spaces: the printed colour, a little see-through
        r, g_, b = (int(fill[k:k + 2], 16) for k in (1, 3, 5))
        assert trace(fig, f"spaces {colour}").fillcolor == f"rgba({r}, {g_}, {b}, 0.8)"
    assert ROUTE_COLOURS["pink"] != ROUTE_COLOURS["red"]
    for p in range(5):
        assert trace(fig, f"player {p}").fillcolor == PLAYER_COLOURS[p]
    names = [trace(fig, f"player {p}").name for p in range(5)]
    assert names == ["player 1 (violet) ●", "player 2 (sky blue) ■", "player 3 (dusty rose) ◆", "player 4 (mint) ▲",
                     "player 5 (teal) ★"]        # the legend shows each owner's mark
    fig = board_figure(g, player_colours=["orange", "#123456"])
    assert trace(fig, "player 0").fillcolor == "orange"
    assert trace(fig, "player 1").fillcolor == "#123456"
    assert trace(fig, "player 2").fillcolor == PLAYER_COLOURS[2]
    assert trace(fig, "player 0").name == "player 1 (orange) ●"
    assert trace(fig, "player 1").name == "player 2 (colour 2) ■"


# --------------------------------------------------------------------------- positions


def test_claimed_route_in_owner_colour_and_hover():
    g = game("usa")
    board = g.board
    state = g.state_from_dict({"routes": {"Denver-Omaha": 1}})
    fig = board_figure(state)
    assert routes_drawn_by(fig, "player 1", board) == ["Denver-Omaha"] * 4
    assert "Denver-Omaha" not in routes_drawn_by(fig, "spaces pink", board)
    assert routes_drawn_by(fig, "player 0", board) == []
    text = route_hover(fig, board, "Denver-Omaha")
    assert "Denver – Omaha" in text and "owner: player 2 (sky blue)" in text
    assert "4 pink spaces" in text and f"{g.route_points[board.find_route('Denver-Omaha').index]} points" in text
    free = route_hover(fig, board, "Atlanta-Charleston")
    assert free.endswith("free") and "2 grey spaces" in free


def test_closed_double_route_hover_says_closed():
    g = game("usa", players=2)
    board = g.board
    state = g.state_from_dict({"routes": {"Kansas City-Saint Louis": 0}})
    twin = board.routes[board.find_route("Kansas City-Saint Louis").twin]
    assert state.route_status(twin.index) == "closed"
    fig = board_figure(state)
    assert "closed (double route, 2–3 players)" in route_hover(fig, board, twin.key)
    assert routes_drawn_by(fig, "closed", board) == [twin.key] * twin.length
    # with 4 players both sides stay open, but not for the owner of the other side
    g4 = game("usa", players=4)
    fig4 = board_figure(g4.state_from_dict({"routes": {"Kansas City-Saint Louis": 0}}))
    text = route_hover(fig4, board, twin.key)
    assert "closed" not in text and "free (not for player 1 (violet)" in text
    assert routes_drawn_by(fig4, "closed", board) == []


def test_route_kinds_in_hover():
    g = game("nordic")
    board = g.board
    fig = board_figure(g)
    ferry = next(r for r in board.routes if r.ferry_locomotives == 2)
    assert "ferry with 2 locomotives" in route_hover(fig, board, ferry.key)
    assert "any 3 cards may replace a locomotive" in route_hover(fig, board, ferry.key)
    tunnel = next(r for r in board.routes if r.tunnel)
    assert "tunnel" in route_hover(fig, board, tunnel.key)
    assert "any 4 cards" in route_hover(fig, board, "Murmansk-Lieksa")


def test_stations_in_owner_colour():
    g = game("europe", players=3)
    state = g.state_from_dict({"stations": [["Berlin", 1], ["Madrid", 0]]})
    fig = board_figure(state)
    st = trace(fig, "stations")
    assert list(st.customdata) == ["Berlin", "Madrid"]
    assert list(st.marker.color) == [PLAYER_COLOURS[1], PLAYER_COLOURS[0]]
    assert st.marker.symbol == "triangle-up"
    berlin = g.board.city["Berlin"]
    assert abs(st.x[0] - berlin.x) < 1 and abs(st.y[0] - berlin.y) < 5
    cities = trace(fig, "cities")
    k = list(cities.customdata).index("Berlin")
    assert "station of player 2 (sky blue)" in cities.hovertext[k]


def test_a_city_the_board_spells_differently_says_both_names_on_hover():
    cities = trace(board_figure("india"), "cities")
    texts = dict(zip(cities.customdata, cities.hovertext))
    assert texts["Waltair"].startswith("<b>Waltair</b>") and "printed on the board as Waltain" in texts["Waltair"]
    assert "printed on the board" not in texts["Bezwada"]


def test_a_game_or_an_edition_name_is_the_empty_board():
    a = board_figure(game("usa"))
    b = board_figure("usa")
    assert traces_json(a) == traces_json(b)
    assert all(count_polygons(trace(a, f"player {p}").x) == 0 for p in range(2))
    with pytest.raises(TypeError):
        board_figure(42)


# --------------------------------------------------------------------------- overlays


def test_longest_path_numbered_along_the_trail():
    g = game("usa")
    board = g.board
    keys = ["Los Angeles-San Francisco", "Portland-San Francisco", "Portland-Seattle", "Helena-Seattle",
            "Denver-Helena", "Denver-Omaha"]
    state = g.state_from_dict({"routes": {k: 0 for k in keys} | {"Atlanta-Miami": 0}})
    row = state.score_breakdown()[0]
    fig = board_figure(state, overlays={"longest": 0})
    numbers = trace(fig, "longest numbers")
    n = len(row.longest_trail)
    assert n == len(keys)
    assert list(numbers.text) == [str(k) for k in range(1, n + 1)]
    assert [board.routes[i].key for i in numbers.customdata] == list(row.longest_trail)
    for k, ri in enumerate(numbers.customdata):
        assert (numbers.x[k], numbers.y[k]) == route_midpoint(board.routes[ri])
    # the line runs continuously along the trail, from one end city to the other
    pieces = polygons(trace(fig, "longest path"))
    assert len(pieces) == n
    for a, b in zip(pieces, pieces[1:]):
        assert a[-1] == b[0]
    ends = {(c.x, c.y) for c in (board.city["Los Angeles"], board.city["Omaha"])}
    assert {pieces[0][0], pieces[-1][-1]} == ends
    # another player's longest path: nothing owned, nothing drawn
    fig1 = board_figure(state, overlays={"longest": 1})
    assert count_polygons(trace(fig1, "longest path").x) == 0 and not trace(fig1, "longest numbers").text


def test_ticket_path_joins_the_ticket_cities():
    g = game("usa", players=4)
    board = g.board
    state = g.state_from_dict({"routes": {"Denver-Omaha": 0, "Kansas City-Oklahoma City": 1,
                                          "Kansas City-Oklahoma City#2": 0}})
    fig = board_figure(state, overlays={"ticket": "Denver-El Paso", "player": 0})
    pieces = polygons(trace(fig, "ticket path"))
    denver, el_paso = board.city["Denver"], board.city["El Paso"]
    assert pieces[0][0] == (denver.x, denver.y) and pieces[-1][-1] == (el_paso.x, el_paso.y)
    for a, b in zip(pieces, pieces[1:]):
        assert a[-1] == b[0]
    ends = trace(fig, "ticket ends")
    assert list(ends.customdata) == ["Denver", "El Paso"]
    steps, trains, target = ticket_path(state, "Denver-El Paso", player=0)
    assert target == "El Paso" and len(steps) == len(pieces)
    # the same cost as networkx over free-or-own routes (own routes cost nothing)
    gr = nx.Graph()
    for r in board.routes:
        status = state.route_status(r.index, 0)
        cost = 0 if state.owners[r.index] == 0 else (r.length if status == "free" else None)
        if cost is not None and (not gr.has_edge(r.a, r.b) or gr.edges[r.a, r.b]["weight"] > cost):
            gr.add_edge(r.a, r.b, weight=cost)
    assert trains == nx.shortest_path_length(gr, "Denver", "El Paso", weight="weight")
    # an own route is used for free
    steps, trains, _ = ticket_path(state, ("Omaha", "Denver"), player=0)
    assert [board.routes[ri].key for ri, _ in steps] == ["Denver-Omaha"] and trains == 0
    # own routes are used, routes of other players are avoided
    used = [board.routes[ri].key for ri, _ in ticket_path(state, "Kansas City-Oklahoma City", player=0)[0]]
    assert used == ["Kansas City-Oklahoma City#2"]
    used = {board.routes[ri].key for ri, _ in ticket_path(state, "Kansas City-Oklahoma City", player=1)[0]}
    assert used == {"Kansas City-Oklahoma City"}
    steps, trains, _ = ticket_path(state, "Denver-Omaha", player=1)
    assert "Denver-Omaha" not in {board.routes[ri].key for ri, _ in steps} and trains > 4


def test_ticket_path_to_a_country_ends_at_a_border_point():
    g = game("switzerland")
    board = g.board
    ticket = next(t for t in board.tickets if len(t.targets) > 1)
    steps, trains, target = ticket_path(g, ticket)
    assert target in ticket.targets and trains > 0
    fig = board_figure(g, overlays={"ticket": ticket})
    last = polygons(trace(fig, "ticket path"))[-1][-1]
    assert last in board.city[target].border_points


def test_ticket_that_cannot_be_completed():
    g = game("usa")
    state = g.state_from_dict({"routes": {"Miami-Atlanta": 1, "Miami-New Orleans": 1, "Charleston-Miami": 1}})
    assert ticket_path(state, "Boston-Miami", player=0) == ([], None, None)
    fig = board_figure(state, overlays={"ticket": "Boston-Miami", "player": 0})
    assert count_polygons(trace(fig, "ticket path").x) == 0
    assert "cannot be completed" in trace(fig, "ticket ends").hovertext[0]


def test_network_overlay():
    g = game("usa", players=3)
    state = g.state_from_dict({"routes": {"Denver-Omaha": 2, "Duluth-Omaha": 2, "Atlanta-Miami": 0}})
    fig = board_figure(state, overlays=Overlays(network=2))
    net = trace(fig, "network")
    assert count_polygons(net.x) == 2 and net.line.color == PLAYER_COLOURS[2]


def test_payable_overlay_matches_payment_options():
    g = game("europe", players=3)
    board = g.board
    state = g.state_from_dict({"routes": {"Paris-Bruxelles": 0}, "hands": [{"red": 3, "yellow": 2, "loco": 1}, {}, {}]})
    hand = state.hands[0]
    expect = [r.index for r in board.routes
              if state.route_status(r.index, 0) == "free" and g.payment_options(r.index, hand)]
    assert expect
    fig = board_figure(state, overlays={"payable": True, "player": 0})
    assert list(trace(fig, "payable").customdata) == expect
    assert count_polygons(trace(fig, "payable").x) == sum(board.routes[i].length for i in expect)
    # the yellow Bruxelles-Paris twin is closed (3 players): not payable, though the hand fits
    twin = board.routes[board.find_route("Paris-Bruxelles").twin]
    assert twin.colour == "yellow" and g.payment_options(twin.index, hand) and twin.index not in expect
    # a hand given as text
    fig2 = board_figure(state, overlays={"payable": "red*3+yellow*2+loco*1", "player": 0})
    assert list(trace(fig2, "payable").customdata) == expect
    with pytest.raises(ValueError):
        board_figure(g, overlays={"payable": True})


def test_highlight_routes_and_cities():
    g = game("usa")
    fig = board_figure(g, highlight=["Denver-Omaha", "Miami", 0])
    assert count_polygons(trace(fig, "highlight routes").x) == 4 + 2
    miami = g.board.city["Miami"]
    hc = trace(fig, "highlight cities")
    assert (hc.x[0], hc.y[0]) == (miami.x, miami.y)
    view = board_view(fig)
    assert view.set_highlight(None) == ("highlight routes", "highlight cities")
    assert count_polygons(trace(fig, "highlight routes").x) == 0


def test_unknown_overlay_is_refused():
    with pytest.raises(ValueError, match="unknown overlay"):
        board_figure("usa", overlays={"tickets": "Boston-Miami"})
    with pytest.raises(TypeError):
        board_figure("usa", colour="red")
    with pytest.raises(KeyError):
        board_figure("usa", overlays={"ticket": "Boston-Nowhere"})


# --------------------------------------------------------------------------- updates


def test_update_board_changes_only_the_expected_traces():
    g = game("usa")
    board = g.board
    before_state = g.state_from_dict({"routes": {"Atlanta-Miami": 0}})
    fig = board_figure(before_state)
    before = traces_json(fig)
    count = len(fig.data)
    after_state = g.state_from_dict({"routes": {"Atlanta-Miami": 0, "Denver-Omaha": 1}})
    changed = update_board(fig, after_state)
    assert changed == ("spaces pink", "player 1", "owner marks", "routes", "route spaces")
    after = traces_json(fig)
    assert len(fig.data) == count
    for name, b, a in zip(board_view(fig).trace_names, before, after):
        assert (b != a) == (name in changed), name
    assert routes_drawn_by(fig, "player 1", board) == ["Denver-Omaha"] * 4
    assert "owner: player 2" in route_hover(fig, board, "Denver-Omaha")
    # the same position again: nothing to do
    assert update_board(fig, after_state) == ()
    # a double route with 2 players also closes the other side
    changed = update_board(fig, g.state_from_dict({"routes": {"Atlanta-Miami": 0, "Denver-Omaha": 1,
                                                              "Kansas City-Saint Louis": 0}}))
    twin = board.routes[board.find_route("Kansas City-Saint Louis").twin]
    assert set(changed) == {"spaces blue", f"spaces {twin.colour}", "closed", "player 0", "owner marks", "routes",
                            "route spaces"}
    assert "closed (double route" in route_hover(fig, board, twin.key)
    # an undo moves the spaces back
    update_board(fig, before_state)
    assert traces_json(fig) == traces_json(board_figure(before_state))


def test_update_refreshes_overlays_and_stations():
    g = game("europe", players=3)
    s0 = g.state_from_dict({"routes": {"Paris-Bruxelles": 0}})
    fig = board_figure(s0, overlays={"longest": 0, "network": 0})
    s1 = g.state_from_dict({"routes": {"Paris-Bruxelles": 0, "Bruxelles-Amsterdam": 0},
                            "stations": [["Berlin", 2]]})
    changed = update_board(fig, s1)
    assert {"network", "longest path", "longest numbers", "stations", "cities", "player 0", "routes"} <= set(changed)
    assert list(trace(fig, "longest numbers").text) == ["1", "2"]
    assert traces_json(fig) == traces_json(board_figure(s1, overlays={"longest": 0, "network": 0}))


def test_set_overlays_restyles_in_place():
    g = game("usa")
    state = g.state_from_dict({"routes": {"Denver-Omaha": 0}})
    fig = board_figure(state)
    view = board_view(fig)
    count = len(fig.data)
    changed = view.set_overlays(ticket="Boston-Miami")
    assert set(changed) == {"ticket path", "ticket ends"} and len(fig.data) == count
    changed = view.set_overlays({"longest": 0})
    assert set(changed) == {"ticket path", "ticket ends", "longest path", "longest numbers"}
    assert list(trace(fig, "longest numbers").text) == ["1"]
    assert traces_json(fig) == traces_json(board_figure(state, overlays={"longest": 0}))


@pytest.mark.parametrize("edition", EDITIONS)
def test_updates_along_a_random_game_equal_a_fresh_figure(edition):
    g = game(edition, players=3 if edition in ("switzerland", "nordic") else 4, seed=3)
    rng = random.Random(5)
    state = g.new_state()
    overlays = {"longest": 1, "network": 0, "ticket": g.board.tickets[0].key, "payable": True}
    fig = board_figure(state, overlays=overlays)
    count = len(fig.data)
    claims = 0
    for step in range(400):
        if state.is_over():
            break
        acts = state.legal_actions()
        claim = [a for a in acts if type(a).__name__ in ("Claim", "BuildStation")] if len(acts) < 3000 else []
        action = rng.choice(claim) if claim and rng.random() < 0.7 else rng.choice(acts)
        new = state.apply(action)
        changed = update_board(fig, new)
        if new.owners != state.owners:
            claims += 1
            assert "routes" in changed and any(n.startswith("player ") for n in changed)
        else:
            assert not any(n.startswith(("spaces ", "player ", "closed")) for n in changed)
        state = new
        assert len(fig.data) == count
        if step % 97 == 0:
            assert traces_json(fig) == traces_json(board_figure(state, overlays=overlays))
    assert claims > 5
    assert traces_json(fig) == traces_json(board_figure(state, overlays=overlays))


def test_update_refuses_another_board():
    fig = board_figure(game("usa"))
    with pytest.raises(ValueError, match="same board"):
        update_board(fig, game("europe").new_state())
    with pytest.raises(ValueError, match="same board"):
        update_board(fig, game("usa", players=3).new_state())
    with pytest.raises(ValueError, match="not made by"):
        update_board(hand_figure("red*1"), game("usa").new_state())


# --------------------------------------------------------------------------- widget, static, clicks


def test_widget_has_the_same_traces_and_updates():
    pytest.importorskip("anywidget", reason="go.FigureWidget needs anywidget")
    g = game("nordic", players=3)
    w = board_widget(g)
    assert w.__class__.__name__ == "FigureWidget"
    assert [t.meta for t in w.data] == [t.meta for t in board_figure(g).data]
    state = g.state_from_dict({"routes": {"Bergen-Oslo": 2}})
    changed = update_board(w, state)
    assert "player 2" in changed and "routes" in changed
    assert routes_drawn_by(w, "player 2", g.board) == ["Bergen-Oslo"] * 4


def test_route_clicks_reach_the_callback():
    pytest.importorskip("anywidget", reason="go.FigureWidget needs anywidget")
    from plotly.callbacks import InputDeviceState, Points

    g = game("usa")
    w = board_widget(g)
    view = board_view(w)
    got, cities = [], []
    view.on_route_click(got.append)
    view.on_city_click(cities.append)
    view.click_route("Omaha-Denver")                      # the public way
    ri = g.board.find_route("Denver-Omaha").index
    routes = trace(w, "routes")
    k = list(w.data).index(routes)
    routes._dispatch_on_click(Points(point_inds=[ri], xs=[routes.x[ri]], ys=[routes.y[ri]], trace_name="routes",
                                     trace_index=k), InputDeviceState(ctrl=False, alt=False, shift=False,
                                                                      meta=False, button=0, buttons=1))
    assert got == [ri, ri]
    view.click_city("Miami")
    assert cities == ["Miami"]
    view.on_route_click(got.append, remove=True)
    view.click_route(0)
    assert got == [ri, ri]


def test_static_picture_has_no_hover():
    g = game("europe")
    fig = board_figure(g, static=True)
    assert fig.layout.hovermode is False and fig.layout.dragmode is False
    assert trace(fig, "routes").visible is False
    assert trace(fig, "cities").hoverinfo == "skip"
    assert len(fig.data) == len(board_figure(g).data)


def test_write_png_offline(tmp_path):
    # kaleido comes with the test extra and Chromium with `make test`: both must be there
    import kaleido  # noqa: F401
    assert any(shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome", "chrome")), \
        "static export needs Chromium on PATH (make test installs Debian's chromium)"
    g = game("nordic")
    path = tmp_path / "nordic.png"
    board_figure(g.state_from_dict({"routes": {"Bergen-Oslo": 1}}), static=True).write_image(path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    fig_layout = board_figure(g, static=True).layout
    assert (width, height) == (fig_layout.width, fig_layout.height) and height > width
    assert len(data) > 50_000


def test_viz_imports_neither_ipywidgets_nor_a_map_service():
    code = ("import sys, ttr_nb; from ttr_nb.viz import board_figure, hand_figure; "
            "board_figure(ttr_nb.load_game('usa')); hand_figure('red*1'); "
            "print(sorted(m for m in ('ipywidgets', 'IPython', 'anywidget', 'requests', 'urllib3') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    engine = subprocess.run([sys.executable, "-c", "import sys, ttr_nb; ttr_nb.load_game('usa').new_state(); "
                             "print([m for m in sys.modules if m.startswith(('ttr_nb.viz', 'plotly'))])"],
                            capture_output=True, text=True, check=True).stdout
    assert engine.strip() == "[]"


# --------------------------------------------------------------------------- geometry


def test_car_polygon_is_a_rotated_rectangle():
    poly = car_polygon(100, 200, 30, 54, 17, bevel=0)
    assert poly[0] == poly[-1] and len(poly) == 5
    cx, cy = centre(poly)
    assert math.isclose(cx, 100, abs_tol=0.01) and math.isclose(cy, 200, abs_tol=0.01)
    (x0, y0), (x1, y1), (x2, y2) = poly[:3]
    assert math.isclose(math.dist((x0, y0), (x1, y1)), 54, abs_tol=0.02)
    assert math.isclose(math.dist((x1, y1), (x2, y2)), 17, abs_tol=0.02)
    # clockwise on screen with y down: the long side points right-and-down
    assert math.isclose(math.degrees(math.atan2(y1 - y0, x1 - x0)), 30, abs_tol=0.05)


def test_loco_symbols_and_glyphs():
    class R:
        length, ferry_locomotives = 3, 3
    assert loco_symbol_spaces(R) == (0, 1, 2)
    R.ferry_locomotives = 0
    assert loco_symbol_spaces(R) == ()
    for r in ttr_nb.load_board("nordic").routes:
        spaces = loco_symbol_spaces(r)
        assert len(spaces) == r.ferry_locomotives and all(0 <= k < r.length for k in spaces)
    # never upside down: the cab's top is above the wheels whichever way the space runs
    for angle in (0, 170, 180, -170, 200, 360, 85, -85):
        glyph = locomotive_glyph(0, 0, angle)
        top = min(glyph, key=lambda p: p[1])
        assert top[1] < 0, angle


def test_centreline_and_geometry_cache():
    board = ttr_nb.load_board("usa")
    r = board.find_route("Atlanta-Miami")
    line = route_centreline(r, board)
    assert line[0] == (board.city["Atlanta"].x, board.city["Atlanta"].y)
    assert line[-1] == (board.city["Miami"].x, board.city["Miami"].y)
    assert len(line) == r.length + 2
    assert route_centreline(r, board, "Miami")[0] == line[-1]
    assert board_geometry(board) is board_geometry(board)
    assert len(space_polygons(r)) == r.length
    assert flatten([[(0, 0), (1, 1)], [(2, 2)]]) == ([0, 1, None, 2], [0, 1, None, 2])


# --------------------------------------------------------------------------- cards


def test_hand_and_display_figures():
    fig = hand_figure("red*3+loco*2")
    labels = trace(fig, "labels")
    assert list(labels.text) == ["×3", "×0", "×0", "×0", "×0", "×0", "×0", "×0", "×2"]
    # every card reads without its colour: its colour's letter, as on the board (the locomotive has its picture)
    assert list(trace(fig, "letters").text) == ["R", "O", "Y", "G", "B", "P", "W", "K", ""]
    assert count_polygons(trace(fig, "card red").x) == 1 and count_polygons(trace(fig, "empty").x) == 7
    assert count_polygons(trace(fig, "loco symbols").x) == 1
    count = len(fig.data)
    assert update_cards(fig, "red*3+loco*2") == ()
    changed = update_cards(fig, {"blue": 1})
    assert set(changed) == {"card red", "card blue", "card loco", "empty", "loco symbols", "letters", "labels",
                            "cards"}
    assert len(fig.data) == count
    shown = display_figure(["red", "loco", "blue", "blue", "white"])
    assert list(trace(shown, "cards").customdata) == ["red", "loco", "blue", "blue", "white"]
    assert list(trace(shown, "letters").text) == ["R", "", "B", "B", "W"]
    assert count_polygons(trace(shown, "card blue").x) == 2
    assert update_cards(shown, ["red", "loco", "blue", "green", "white"]) == ("card green", "card blue", "letters", "cards")
    with pytest.raises(ValueError):
        update_cards(shown, ["red"])


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_a_default_board_fits_a_notebook_beside_the_file_browser(edition):
    """At 1280x800 with the file browser open a notebook's output area is ~840 px wide: a
    board drawn with no size given must not be cut off at the right (notebook 31's was)."""
    fig = board_figure(edition, static=True)
    assert fig.layout.width <= 840
