"""One answer to "the cheapest way to finish this ticket": the bots (`shortest_ticket_path`), the
board's ticket overlay (`ttr_nb.viz.ticket_path`) and the scoring walkthrough all use
`ttr_nb.analysis.paths.cheapest_path`, with the same tie-breaks."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.analysis.paths import CostGraph, cheapest_path, shortest_ticket_path, usable_costs
from ttr_nb.viz import ticket_path
from ttr_nb.widgets.scoring import finished_match


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_the_overlay_and_the_bots_find_the_same_path(edition):
    state = finished_match(edition, players=2, seed=3).states[40]      # a position in mid-game
    board = state.board
    for player in (0, 1):
        for t in board.tickets:
            steps, trains, target = ticket_path(state, t.key, player)
            try:
                cost, routes = shortest_ticket_path(state, t, player)
            except ValueError:
                assert (steps, trains, target) == ([], None, None)
                continue
            assert (trains, tuple(ri for ri, _ in steps)) == (cost, routes), t.key
            assert target in t.targets


def test_own_routes_cost_nothing_and_lost_routes_are_left_out():
    g = ttr_nb.load_game("usa")
    s = g.state_from_dict({"hands": [{"pink": 4}, {"red": 4}], "routes": {"Denver-Omaha": 0,
                                                                        "Kansas City-Omaha": 1}})
    costs = usable_costs(s, 0)
    assert costs[g.route_index("Denver-Omaha")] == 0
    assert g.route_index("Kansas City-Omaha") not in costs
    assert costs[g.route_index("Denver-Helena")] == 4


def test_ties_go_to_the_higher_value_then_the_target_listed_first_then_the_cheaper_parallel_route():
    board = ttr_nb.load_game("usa").board
    ri = {r.key: r.index for r in board.routes}
    costs = {ri["Denver-Omaha"]: 4, ri["Denver-Kansas City"]: 4, ri["Denver-Kansas City#2"]: 4}
    # Omaha and Kansas City are both 4 trains away: the higher value wins, else the first listed
    assert cheapest_path(board, costs, "Denver", ("Omaha", "Kansas City"), (5, 9)).target == "Kansas City"
    assert cheapest_path(board, costs, "Denver", ("Omaha", "Kansas City")).target == "Omaha"
    # of two parallel routes of equal cost, the one listed first on the board
    found = cheapest_path(board, costs, "Denver", ("Kansas City",))
    assert found.routes == (ri["Denver-Kansas City"],) and found.steps == ((ri["Denver-Kansas City"], "Denver"),)
    costs[ri["Denver-Kansas City#2"]] = 0
    assert cheapest_path(board, costs, "Denver", ("Kansas City",)).routes == (ri["Denver-Kansas City#2"],)
    assert cheapest_path(board, costs, "Denver", ("Boston",)) is None


def _networkx_cheapest(board, costs, source, targets, values=None):
    """`cheapest_path` as it was written on networkx's Dijkstra: the reference `CostGraph` matches."""
    import networkx as nx
    g = nx.Graph()
    for ri in sorted(costs):
        r = board.routes[ri]
        old = g.get_edge_data(r.a, r.b)
        if old is None or costs[ri] < old["weight"]:
            g.add_edge(r.a, r.b, weight=costs[ri], route=ri)
    if source not in g:
        return None
    dist, paths = nx.single_source_dijkstra(g, source, weight="weight")
    values = tuple(values) if values is not None else (0,) * len(targets)
    best = None
    for k, (target, value) in enumerate(zip(targets, values)):
        if target in dist and (best is None or (dist[target], -value, k) < best[0]):
            best = ((dist[target], -value, k), target)
    if best is None:
        return None
    nodes = paths[best[1]]
    return dist[best[1]], tuple(g.edges[u, v]["route"] for u, v in zip(nodes, nodes[1:])), tuple(nodes)


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_the_cheapest_path_is_the_one_networkx_finds(edition):
    """Random cost maps (routes left out, owned ones at 0, equal costs everywhere: many ties)."""
    import random
    board = ttr_nb.load_game(edition).board
    rng = random.Random(edition)
    cities = sorted({c for r in board.routes for c in r.ends})
    compared = 0
    for _ in range(60):
        costs = {r.index: rng.choice((0, 1, r.length, r.length, 2)) for r in board.routes if rng.random() < 0.8}
        for _ in range(4):
            source = rng.choice(cities)
            targets = tuple(rng.sample(cities, rng.choice((1, 1, 3))))
            values = tuple(rng.randrange(1, 5) for _ in targets)
            found = cheapest_path(board, costs, source, targets, values)
            expected = _networkx_cheapest(board, costs, source, targets, values)
            assert (found and (found.cost, found.routes, found.cities)) == expected, (source, targets)
            compared += found is not None
    assert compared > 120


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_board_paths_answer_as_a_new_search_would_along_a_game(edition):
    """`BoardPaths` keeps a ticket's path across claims that cannot change it: its answers are
    `cheapest_path`'s on the map of the moment, at every position of greedy games."""
    from ttr_nb.analysis.bots import GreedyBot
    from ttr_nb.analysis.paths import BoardPaths
    game = ttr_nb.load_game(edition, players=3 if edition != "switzerland" else 2, seed=4)
    state = game.new_state()
    seats = [GreedyBot(i) for i in range(game.players)]
    followers = [BoardPaths() for _ in range(game.players)]
    kept = 0
    owners = None
    while not state.is_over():
        if state.owners != owners:              # (the answers change with the owners alone)
            owners = state.owners
            for p, paths in enumerate(followers):
                before = len(paths._found)
                for t in game.board.tickets[::6]:
                    found = paths.ticket(state, t, p)
                    fresh = cheapest_path(game.board, usable_costs(state, p), t.source, t.targets, t.points)
                    assert found == fresh, (t.key, p, state)
                # (the graph, its neighbours made again only around the routes claimed, is a new one's)
                assert paths.graph(state, p).adjacent == CostGraph(game.board, usable_costs(state, p)).adjacent
                kept += before
        state = state.apply(seats[state.current_player](state))
    assert kept > 0


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_searches_asked_for_some_places_answer_as_new_ones_would_along_a_game(edition):
    """`BoardPaths.reaches` with `reads` keeps a search while its ways to those places stand,
    even when a claim changed the ways to other places: the costs and ways to the places read are
    a new search's at every position of greedy games (with the fewest and the most players: the
    most leave both tracks of a double open), and some searches were kept with ways cut."""
    from ttr_nb.analysis.bots import GreedyBot
    from ttr_nb.analysis.paths import BoardPaths
    rules = ttr_nb.load_rules(edition)
    cut = 0
    for players in sorted({rules.min_players, rules.max_players}):
        game = ttr_nb.load_game(edition, players=players, seed=5)
        names = sorted({c for r in game.board.routes for c in (r.a, r.b)})
        sources, reads = names[::5], frozenset(names[2::4])
        state = game.new_state()
        seats = [GreedyBot(i) for i in range(players)]
        followers = [BoardPaths() for _ in range(players)]
        owners = None
        while not state.is_over():
            if state.owners != owners:
                owners = state.owners
                for p, paths in enumerate(followers):
                    found = paths.reaches(state, sources, p, reads=reads)
                    cut += sum(1 for reach, cuts in paths._reaches.values() if cuts)
                    graph = CostGraph(game.board, usable_costs(state, p))
                    for source, reach in zip(sources, found):
                        fresh = graph.reach(source)
                        for place in reads:
                            assert reach.cost(place) == fresh.cost(place), (source, place, p, state)
                            assert reach.routes_to(place) == fresh.routes_to(place), (source, place, p, state)
            state = state.apply(seats[state.current_player](state))
    assert cut > 0


def test_followers_starting_from_the_same_map_share_its_graph_and_searches():
    """Two games on a board start from the same cost map: their followers share the graph made of
    it and the searches asked of it (a search is never changed once made); turned off with the
    caches, and gone from a follower as soon as a claim changes its map."""
    from ttr_nb.analysis.bots import GreedyBot
    from ttr_nb.analysis.caching import uncached
    from ttr_nb.analysis.paths import BoardPaths
    states = [ttr_nb.load_game("usa", players=players, seed=seed).new_state() for players, seed in ((2, 1), (4, 2))]
    first, second = BoardPaths(), BoardPaths()
    [a] = first.reaches(states[0], ("Denver",), 0, reads=frozenset({"Miami"}))
    [b] = second.reaches(states[1], ("Denver",), 3, reads=frozenset({"Miami"}))
    assert a is b and first.graph(states[0], 0) is second.graph(states[1], 3)
    with uncached():
        [c] = BoardPaths().reaches(states[0], ("Denver",), 0)
    assert c is not a and c.routes_to("Miami") == a.routes_to("Miami")
    state = states[0]
    while state.owners == states[0].owners:
        state = state.apply(GreedyBot(0)(state))
    [d] = first.reaches(state, ("Denver",), 0, reads=frozenset({"Seattle", "Miami", "Boston"}))
    fresh = CostGraph(state.game.board, usable_costs(state, 0)).reach("Denver")
    assert all(d.routes_to(c) == fresh.routes_to(c) for c in ("Seattle", "Miami", "Boston"))
    assert first.graph(state, 0) is not second.graph(states[1], 3)
