import pytest

import ttr_nb
from ttr_nb.analysis import GreedyBot, RandomBot, board_stats, routes_by_length, shortest_ticket_path


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_bots_finish_games_with_legal_actions(edition):
    play_to_the_end(ttr_nb.load_game(edition, players=2, seed=11).new_state(), [GreedyBot(1), RandomBot(2)])


def play_to_the_end(state, bots) -> None:
    """Play `state` with `bots` (one a seat), each action checked legal, until the game is over."""
    for _ in range(3000):
        if state.is_over():
            break
        action = bots[state.current_player](state)
        assert state.why_illegal(action) is None, (str(action), state.why_illegal(action))
        state = state.apply(action)
    assert state.is_over()


WAYS = [(e, {"variant": v}) for e, v in ttr_nb.variants()] + [("europe", {"warehouses": True})]


@pytest.mark.parametrize("edition, options", WAYS, ids=[f"{e}-{'-'.join(map(str, o.values()))}" for e, o in WAYS])
def test_greedy_bots_finish_every_way_to_play_with_legal_actions(edition, options):
    """The ways to play on the USA and Europe boards, and Europe with Warehouses & Depots: the
    greedy bot keeps within the opening's limits (Mega Europe: one long ticket at most)."""
    for seed in range(3):
        play_to_the_end(ttr_nb.load_game(edition, players=3, seed=seed, **options).new_state(),
                        [GreedyBot(seed * 10 + i) for i in range(3)])


def test_greedy_bot_keeps_one_long_ticket_at_most_in_mega_europe():
    game = ttr_nb.load_game("europe", players=5, seed=1, variant="mega")
    state = game.new_state()
    for p in range(5):
        keep = GreedyBot(p)(state)
        tickets = [game.board.tickets[state.opening_offers[p][i]] for i in keep.keep]
        assert len(tickets) >= 3 and sum(1 for t in tickets if t.deck == "long") <= 1
        state = state.apply(keep)


def test_greedy_bot_completes_more_tickets_than_random_on_average():
    greedy = random_ = 0
    for seed in range(6):
        game = ttr_nb.load_game("usa", players=2, seed=seed)
        state = game.new_state()
        bots = [GreedyBot(seed), RandomBot(seed)]
        while not state.is_over():
            state = state.apply(bots[state.current_player](state))
        rows = state.score_breakdown()
        greedy += rows[0].tickets_completed
        random_ += rows[1].tickets_completed
    assert greedy > random_


def test_shortest_ticket_path_boston_miami_is_twelve_trains():
    state = ttr_nb.load_game("usa", players=2).new_state()
    trains, routes = shortest_ticket_path(state, "Boston-Miami")
    assert trains == 12
    board = state.board
    ends = [board.routes[r] for r in routes]
    assert sum(r.length for r in ends) == 12
    assert {"Boston", "Miami"} <= {c for r in ends for c in (r.a, r.b)}


def test_owned_routes_cost_nothing_and_rivals_routes_are_avoided():
    game = ttr_nb.load_game("usa", players=2)
    board = game.board
    cost, path = shortest_ticket_path(game.new_state(), "Duluth-El Paso")
    first = board.routes[path[0]]
    mine = game.state_from_dict({"routes": {first.key: 0}})
    assert shortest_ticket_path(mine, "Duluth-El Paso", player=0)[0] == cost - first.length
    theirs = game.state_from_dict({"routes": {first.key: 1}})
    cost_blocked, path_blocked = shortest_ticket_path(theirs, "Duluth-El Paso", player=0)
    assert first.index not in path_blocked
    assert cost_blocked >= cost


def test_board_stats_match_the_reference_counts():
    board = ttr_nb.load_game("nordic", players=2).board
    stats = board_stats(board)
    assert stats["train spaces"] == 207 and stats["ferry locomotive symbols"] == 30
    assert sum(routes_by_length(board).values()) == 81
