"""GameTable with Warehouses & Depots (Europa 1912, `warehouses=True`): the Depot placed before
the game by a click on a city, the Warehouse card asked for before a draw, the collection after
a claim into a Depot's city, the end of the turn; the public counts in the scores table, the
Depots on the board, and the log's lines (the engine's narration); at the end, the bonus for the
most Depots kept, a step of the scoring walkthrough and a column of the final scores."""
from __future__ import annotations

import html

import re

import ttr_nb
from ttr_nb.engine import PlaceDepot, StoreCard
from ttr_nb.engine.cards import CARD_NAMES
from ttr_nb.engine.i18n import translations
from ttr_nb.widgets.scoring import ScoringWalkthrough
from ttr_nb.widgets.table import GameTable

from .words import EN, E, W, WN, W_part


def table(**kw) -> GameTable:
    kw.setdefault("seats", ["human", "greedy"])
    return GameTable("europe", seed=kw.pop("seed", 0), bot_delay=0, warehouses=True, **kw)


def buttons(t: GameTable, cls: str):
    return [b for b in t.choice_buttons.children if cls in b._dom_classes]


def to_depots(t: GameTable) -> None:
    """Keep the human's opening tickets: the bot keeps its own and, playing last, places its Depot
    first (reverse turn order); then the human places theirs."""
    assert t.keep([0, 1, 2])
    assert t.state.phase == "depots" and t.state.current_player == 0


def test_the_first_depot_is_placed_by_a_click_on_a_city():
    t = table()
    to_depots(t)
    assert t.choice.layout.display == "flex"
    assert html.unescape(W("{name}: place your first depot: click a city on the board.", name=t.names[0])) in \
        html.unescape(t.choice_title.value)
    taken = t.state.depots.placed[0][0]              # the bot's Depot
    assert t.select_city(taken) == () and t.state.phase == "depots"      # one Depot a city: refused
    city = "Paris" if taken != "Paris" else "Wien"
    t.select_city(city)
    assert (city, 0) in t.state.depots.placed
    assert EN("{who} placed a depot in {city} to start ({n} depot left in reserve)",
              "{who} placed a depot in {city} to start ({n} depots left in reserve)", 4,
              who=t.names[0], city=city) in t.log
    t.build()
    depots = t.view.trace("depots")
    assert city in depots.customdata and taken in depots.customdata


def test_a_draw_asks_whose_warehouse_gets_the_top_card_first():
    t = table()
    to_depots(t)
    t.place_depot("Paris")
    assert t.state.phase == "turn" and t.state.current_player == 0
    before = t.state.depots.counts()
    assert t.draw_deck() is False and t.state.depots.counts() == before          # nothing played yet
    choices = buttons(t, "ttr-store-card")
    assert [b.description for b in choices] == [
        WN("{name}'s warehouse ({n} card)", "{name}'s warehouse ({n} cards)", before[q], name=t.names[q])
        for q in range(2)]
    hand = sum(t.state.hands[0])
    choices[1].click()                               # into the bot's Warehouse, then the card from the deck
    counts = t.state.depots.counts()
    assert counts[1] == before[1] + 1
    assert t.state.phase == "draw2" and sum(t.state.hands[0]) == hand + 1
    assert EN("{who} put the top card of the deck into {owner}'s warehouse (it holds {n} card)",
              "{who} put the top card of the deck into {owner}'s warehouse (it holds {n} cards)", counts[1],
              who=t.names[0], owner=t.names[1]) in t.log
    # the scores table shows the public counts: Depots in reserve, cards in each Warehouse
    scores = html.unescape(t.scores.value)
    assert W("depots in reserve") in scores and W("warehouse cards") in scores


def test_a_draw_names_the_warehouse_and_cancel_stores_nothing():
    t = table()
    to_depots(t)
    t.place_depot("Paris")
    assert t.draw_deck() is False
    t.clear_selection()
    assert t.choice.layout.display == "none" and t.state.phase == "turn"
    assert t.draw_deck(warehouse=0) is True
    assert t.state.depots.counts()[0] == 1 and t.state.phase == "draw2"
    # the second card: no Warehouse card (one a draw)
    colour = next(CARD_NAMES[c] for c in t.state.display if CARD_NAMES[c] != "loco")
    assert t.draw_face_up(colour) is True and t.state.depots.counts()[0] == 1


def test_a_wrong_warehouse_is_refused_with_the_engines_reason():
    t = table()
    to_depots(t)
    t.place_depot("Paris")
    s = t.state
    assert t.store_card(5) is False and t.state is s
    assert t.status.text == t.state.why_illegal(StoreCard(5)).text


def claim_into_a_depot(t: GameTable) -> int:
    """Claim a route into Paris, where the bot's Depot stands over a Warehouse of 3 cards; returns
    the route's index."""
    ri = next(r.index for r in t.game.board.routes_at("Paris") if not r.tunnel and not r.ferry_locomotives)
    assert t.claim(ri, f"loco*{t.game.board.routes[ri].length}")
    return ri


def test_after_a_claim_into_a_depot_city_the_warehouse_is_collected_for_a_depot():
    position = {"hands": [{"loco": 8}, {"red": 2}],
                "depots": {"placed": [["Paris", 1], ["Wien", 0]], "warehouses": [{}, {"blue": 2, "green": 1}]}}
    t = table(position=position)
    claim_into_a_depot(t)
    assert t.state.phase == "after" and t.state.current_player == 0
    collect = buttons(t, "ttr-collect-warehouse")
    assert [b.description for b in collect] == [
        WN("Collect {name}'s warehouse ({n} card) for a depot", "Collect {name}'s warehouse ({n} cards) for a depot",
           3, name=t.names[1])]
    assert buttons(t, "ttr-end-turn")
    hand = sum(t.state.hands[0])
    collect[0].click()
    assert sum(t.state.hands[0]) == hand + 3 and t.state.depots.counts()[1] == 0
    assert t.state.depots.reserves[0] == 3
    assert EN("{who} collected {k} card from {owner}'s warehouse for a depot from the reserve",
              "{who} collected {k} cards from {owner}'s warehouse for a depot from the reserve", 3,
              who=t.names[0], owner=t.names[1], k=3) in t.log
    # then: place a Depot (a click on a city) or end the turn
    if t.state.phase == "after":
        assert not buttons(t, "ttr-collect-warehouse") and buttons(t, "ttr-end-turn")
        t.select_city("Roma")
        assert ("Roma", 0) in t.state.depots.placed
        if t.state.phase == "after":
            buttons(t, "ttr-end-turn")[0].click()
    assert E("{who} ended the turn", who=t.names[0]) in t.log or t.state.current_player == 0
    assert t.state.current_player == 0 and t.state.phase == "turn"          # the bot has played its turn


def test_a_city_click_on_a_turn_offers_a_depot_beside_the_station():
    t = table(position={"hands": [{"red": 3}, {}], "depots": {"placed": [["Wien", 0], ["Roma", 1]]}})
    t.select_city("Berlin")
    place = buttons(t, "ttr-place-depot")
    assert [b.description for b in place] == [W("Place a depot in {city}", city="Berlin")]
    assert buttons(t, "ttr-pay-option")            # a station can still be built there
    place[0].click()
    assert ("Berlin", 0) in t.state.depots.placed and t.state.phase == "turn"
    assert t.state.why_illegal(PlaceDepot("Berlin")) is not None


def test_bots_play_a_whole_game_with_warehouses_and_the_log_tells_it():
    t = table(seats=["greedy", "greedy"], seed=3)
    assert t.state.is_over()
    # one log line for every card put into a Warehouse (the engine's sentence, in the run's language)
    template = translations("engine")[1]("{who} put the top card of the deck into {owner}'s warehouse "
                                         "(it holds {n} card)", "{who} put the top card of the deck into {owner}'s "
                                         "warehouse (it holds {n} cards)", 2)
    middle = re.split(r"\{[^{}]*\}", template)[1]
    own = translations("engine")[1]("{who} put the top card of the deck into their own warehouse (it holds {n} card)",
                                    "{who} put the top card of the deck into their own warehouse (it holds {n} "
                                    "cards)", 2)
    own_middle = re.split(r"\{[^{}]*\}", own)[1]
    stored = sum(1 for a in t.match.history if isinstance(a, StoreCard))
    assert stored > 10
    assert sum(1 for line in t.log if middle in line or own_middle in line) == stored
    # one log line for every Depot placed, naming its city
    placed_middle = re.split(r"\{[^{}]*\}", translations("engine")[1](
        "{who} placed a depot in {city} ({n} depot left in reserve)",
        "{who} placed a depot in {city} ({n} depots left in reserve)", 2))[1]
    depots = [a.city for a in t.match.history if isinstance(a, PlaceDepot)]
    lines = [line for line in t.log if placed_middle in line]
    assert len(lines) == len(depots) == len(t.state.depots.placed)
    assert all(city in line for city, line in zip(depots, lines))


def test_a_hint_for_a_depot_move_says_the_hints_do_not_cover_it():
    t = table()
    to_depots(t)
    assert t.hint() is None and t.status.kind == "refused" and t.status.rule == "widget.hint-depots"
    assert t.status.text == W("The hints speak of routes, cards and tickets: where to put a depot and which "
                              "warehouse to use, you choose yourself.")
    t.place_depot("Paris")
    assert t.state.phase == "turn" and t.hint() is not None         # a turn's hint: the planner's move


# --------------------------------------------------------------------------- the end bonus, scored


def over(reserves, placed, warehouses=None, players=3):
    """A finished Warehouses & Depots game written by hand: one route for Player 1, the Depots on the
    board, the reserves and the Warehouses' cards."""
    game = ttr_nb.load_game("europe", players=players, warehouses=True)
    return game.state_from_dict({"phase": "over", "routes": {"Paris-Zürich": 0},
                                 "depots": {"placed": placed, "reserves": reserves,
                                            "warehouses": warehouses or [{}] * players}})


PLACED = [["Paris", 0], ["Roma", 1], ["Wien", 2], ["Berlin", 2]]


def test_the_scoring_walkthrough_scores_the_most_depots_kept_as_a_step_of_its_own():
    state = over([3, 2, 1], PLACED, [{"red": 2}, {}, {"blue": 1}])
    walk = ScoringWalkthrough(state)
    names = [W("Player {n}", n=k) for k in (1, 2, 3)]
    # the step, after the longest path bonus, before the tie-breakers
    assert walk.steps[-3:] == [W("Warehouses & Depots bonus"), W("Tie-breakers"), W("Final table")]
    walk.goto(W("Warehouses & Depots bonus"))
    step = walk.step
    assert step.kind == "depots" and step.delta == (10, 0, 0)
    counts = ", ".join(WN("{who}: {n} depot", "{who}: {n} depots", k, who=names[p]) for p, k in enumerate((3, 2, 1)))
    assert step.plain.startswith(html.unescape(WN(
        "The Warehouses & Depots bonus goes to the most depots kept in reserve ({counts}): {who} scores {bonus}.",
        "The Warehouses & Depots bonus goes to the most depots kept in reserve ({counts}): {who} score {bonus} "
        "(tied players all score it).", 1, counts=counts, who=names[0], bonus="+10")))
    assert WN("The {n} card left in a warehouse counts for nothing.",
              "The {n} cards left in the warehouses count for nothing.", 3) in step.plain
    assert W("Depots on the board (outlined) and depots given back for a warehouse's cards do not count.") \
        in html.unescape(step.text)
    assert set(step.highlight) == {"Paris", "Roma", "Wien", "Berlin"}        # the Depots on the board
    assert "(" not in step.title and "_" not in step.plain                    # words, not keys or tuples
    # the running totals end at the engine's, the bonus in them
    rows = state.score_breakdown()
    assert walk.all_steps[-1].totals == tuple(r.total for r in rows)
    assert [r.depot_bonus for r in rows] == [10, 0, 0]
    assert walk.all_steps[-2].totals[0] - walk.all_steps[-4].totals[0] == 10


def test_tied_reserves_all_score_the_depot_bonus_and_the_final_table_has_its_column():
    state = over([3, 3, 1], PLACED)
    walk = ScoringWalkthrough(state)
    walk.goto(W("Warehouses & Depots bonus"))
    assert walk.step.delta == (10, 10, 0)
    assert W_part("The Warehouses & Depots bonus goes to the most depots kept in reserve ({counts}): {who} scores "
                  "{bonus}.", 2, "The Warehouses & Depots bonus goes to the most depots kept in reserve ({counts}): "
                  "{who} score {bonus} (tied players all score it).", 2) in html.unescape(walk.step.text)
    table = html.unescape(walk.table_html)
    assert W("Depots (kept)") in table
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", walk.table_html)]
    assert "+10 (3)" in cells and "— (1)" in cells
    assert walk.all_steps[-1].totals == tuple(r.total for r in state.score_breakdown())


def test_nobody_scores_the_depot_bonus_with_every_reserve_empty():
    state = over([0, 0], [["Paris", 0], ["Roma", 1]], [{"red": 1}, {}], players=2)
    walk = ScoringWalkthrough(state)
    walk.goto(W("Warehouses & Depots bonus"))
    assert walk.step.delta == (0, 0)
    assert W_part("Nobody kept a depot in reserve ({counts}): nobody scores the Warehouses & Depots bonus.", 1) \
        in html.unescape(walk.step.text)
    assert WN("The {n} card left in a warehouse counts for nothing.",
              "The {n} cards left in the warehouses count for nothing.", 1) in walk.step.plain


def test_game_tables_final_scores_show_the_depot_bonus():
    state = over([3, 2, 1], PLACED)
    t = GameTable("europe", seats=["human"] * 3, position=state, bot_delay=0, warehouses=True)
    assert t.end.layout.display == "flex"
    assert W("Depots (kept)") in html.unescape(t.end_table.value)
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", t.end_table.value)]
    assert "+10 (3)" in cells and "— (2)" in cells and "— (1)" in cells
    walk = t.open_walkthrough()
    assert W("Warehouses & Depots bonus") in walk.steps
    # a game bots played to the end: the column and the step are there too
    t = table(seats=["greedy", "greedy"], seed=3)
    assert t.state.is_over() and W("Depots (kept)") in html.unescape(t.end_table.value)
    assert W("Warehouses & Depots bonus") in t.open_walkthrough().steps
