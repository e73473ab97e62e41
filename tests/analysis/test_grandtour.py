"""The engine's Grand Tour answer (`ttr_nb.engine.grandtour`, its own unit-capacity flow) against
networkx (`ttr_nb.analysis.grandtour`: edge connectivity and edge-disjoint paths), on seeded random
player networks and on hand-built ones."""
from __future__ import annotations

import random

import pytest

from ttr_nb.analysis.grandtour import edge_connectivity, networkx_disjoint_paths, qualifies
from ttr_nb.engine.grandtour import disjoint_paths, joined_twice

RANDOM_NETWORKS = 3000
BOARD_NETWORKS = 80


def check_paths(edges, a, b, paths) -> None:
    """Two paths from a to b over `edges`, sharing no edge, neither visiting a place twice."""
    assert len(paths) == 2 and not set(paths[0]) & set(paths[1])
    for path in paths:
        here, seen = a, [a]
        for e in path:
            u, v = edges[e]
            assert here in (u, v), (edges, path)
            here = v if here == u else u
            seen.append(here)
        assert here == b and len(seen) == len(set(seen)), (edges, path)


def random_network(rng: random.Random):
    places = rng.randint(2, 9)
    edges = [(rng.randrange(places), rng.randrange(places)) for _ in range(rng.randint(0, 16))]
    a, b = rng.sample(range(places), 2)
    return edges, a, b


def test_engine_equals_networkx_on_random_player_networks():
    rng = random.Random(14)
    answers = {True: 0, False: 0}
    for _ in range(RANDOM_NETWORKS):
        edges, a, b = random_network(rng)
        paths = disjoint_paths(edges, a, b)
        assert (paths is not None) == qualifies(edges, a, b), (edges, a, b)
        answers[paths is not None] += 1
        if paths is not None:
            check_paths(edges, a, b, paths)
            check_paths(edges, a, b, networkx_disjoint_paths(edges, a, b)[:2])
    assert min(answers.values()) > RANDOM_NETWORKS // 5     # both answers are common among the cases


def test_engine_equals_networkx_on_random_networks_with_parallel_routes_and_loops():
    """Denser networks, many parallel routes (a double route's two tracks; with 4 players they
    may have different owners, but the multigraph must be handled) and loops at one place."""
    rng = random.Random(15)
    for _ in range(500):
        places = rng.randint(2, 5)
        edges = [(rng.randrange(places), rng.randrange(places)) for _ in range(rng.randint(2, 12))]
        a, b = rng.sample(range(places), 2)
        paths = disjoint_paths(edges, a, b)
        assert (paths is not None) == (edge_connectivity(edges, a, b) >= 2), (edges, a, b)
        if paths:
            check_paths(edges, a, b, paths)


# hand-built networks (places are letters; ticket from A)
LOOP = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
FIGURE_EIGHT = [("A", "B"), ("B", "X"), ("X", "A"), ("X", "C"), ("C", "D"), ("D", "X")]   # two loops through X
DUMBBELL = [("A", "B"), ("B", "X"), ("X", "A"), ("X", "Y"), ("Y", "C"), ("C", "D"), ("D", "Y")]
PATH_AND_PENDANT_LOOP = [("A", "B"), ("B", "X"), ("X", "C"), ("C", "D"), ("D", "X")]
PARALLEL = [("A", "B"), ("A", "B")]
CHAIN_OF_PARALLELS = [("A", "B"), ("B", "A"), ("B", "C"), ("C", "B")]


@pytest.mark.parametrize("name,edges,b,expected", [
    ("a simple loop qualifies", LOOP, "C", True),
    ("a simple loop, neighbouring cities", LOOP, "B", True),
    ("figure-eight, both cities on one loop", FIGURE_EIGHT, "B", True),
    ("figure-eight, cities on different loops: the paths meet at X", FIGURE_EIGHT, "C", True),
    ("figure-eight, to the shared city", FIGURE_EIGHT, "X", True),
    ("two loops joined by one route: across it", DUMBBELL, "C", False),
    ("two loops joined by one route: within a loop", DUMBBELL, "X", True),
    ("a path plus a pendant loop does not", PATH_AND_PENDANT_LOOP, "C", False),
    ("a path plus a pendant loop, to the loop's city", PATH_AND_PENDANT_LOOP, "X", False),
    ("a bare path", [("A", "B"), ("B", "C")], "C", False),
    ("two parallel routes", PARALLEL, "B", True),
    ("a chain of parallel routes", CHAIN_OF_PARALLELS, "C", True),
    ("a loop at one place joins nothing", [("A", "B"), ("B", "B")], "B", False),
    ("no route at all", [], "B", False),
])
def test_hand_built_networks(name, edges, b, expected):
    assert joined_twice(edges, "A", b) is expected, name
    assert qualifies(edges, "A", b) is expected, name
    paths = disjoint_paths(edges, "A", b)
    if expected:
        check_paths(edges, "A", b, paths)
    else:
        assert paths is None


def test_pendant_loop_within_itself_qualifies():
    assert joined_twice(PATH_AND_PENDANT_LOOP, "X", "C") and qualifies(PATH_AND_PENDANT_LOOP, "X", "C")


def test_loops_of_the_flow_are_cut_out():
    # the second augmenting path may first run around a detour: the paths returned never revisit a place
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("A", "E"), ("E", "F"), ("F", "D"), ("B", "E"), ("E", "B"),
             ("C", "F")]
    check_paths(edges, "A", "D", disjoint_paths(edges, "A", "D"))


def test_more_than_two_paths_and_bad_input():
    k4 = [(u, v) for u in "ABCD" for v in "ABCD" if u < v]
    assert len(disjoint_paths(k4, "A", "B", k=3)) == 3 and edge_connectivity(k4, "A", "B") == 3
    assert disjoint_paths(k4, "A", "B", k=4) is None
    with pytest.raises(ValueError, match="two different places"):
        disjoint_paths(k4, "A", "A")


def test_engine_equals_networkx_on_random_networks_of_the_india_board():
    """Random sets of India's routes as one player's network, every ticket of the deck held:
    the scoring's Grand Tour tickets are exactly those networkx finds 2-edge-connected."""
    import ttr_nb
    from ttr_nb.engine.grandtour import grand_tours
    from ttr_nb.engine.scoring import ticket_results

    board = ttr_nb.load_game("india").board
    rng = random.Random(70)
    found = 0
    for _ in range(BOARD_NETWORKS):
        mine = rng.sample(range(len(board.routes)), rng.randint(10, 45))
        edges = [(board.routes[i].a, board.routes[i].b) for i in mine]
        results = ticket_results(board, range(len(board.tickets)), edges)
        tours = grand_tours(board, mine, results)
        want = [r.ticket for r in results
                if r.completed and qualifies(edges, board.find_ticket(r.ticket).source, r.reached)]
        assert [t.ticket for t in tours] == want
        for t in tours:
            check_paths(edges, t.source, t.target,
                        [tuple(mine.index(board.route[k].index) for k in p) for p in t.paths])
        found += len(tours)
    assert found > BOARD_NETWORKS            # the cases are not all "no"
