"""The widgets with India: the explorer's rules rows and doubles, the payment checker on the
ferries (the 8-space one included), the game table for 4 players, and the scoring
walkthrough at the end of a table's game. Plain pytest, driven by the public methods."""
from __future__ import annotations

import html

import ttr_nb
from ttr_nb.engine.cards import Cards
from ttr_nb.engine.i18n import using
from ttr_nb.widgets import EditionExplorer, GameTable, PaymentChecker


def test_explorer_shows_what_india_changes():
    with using("en"):         # the assertions read English texts (the Danish run: the same widgets)
        ex = EditionExplorer("usa")
        assert ex.set_edition("india") and ex.edition == "india"
        differ = {rule: (usa, india) for rule, usa, india, d in ex.rule_rows if d}
        assert differ["route points"] == ("1→1, 2→2, 3→4, 4→7, 5→10, 6→15", "1→1, 2→2, 3→4, 4→7, 6→15, 8→21")
        assert differ["opening tickets"][1].startswith("4 regular, keep ≥ 2, the rest to the bottom")
        assert differ["Grand Tour bonus"] == ("none", "1 ticket→5, 2 tickets→10, 3 tickets→20, 4 tickets→30, "
                                                      "5+ tickets→40")
        assert differ["longest path bonus"] == ("10", "10 (Indian Express)")
        assert differ["players"] == ("2–5", "2–4")
        assert "both routes of a double" not in differ and "display flush" not in differ
        # doubles: closed below 4 players, open at 4 (India is played by 2 to 4)
        assert ex.set_players(3) and not ex.doubles_usable
        assert ex.set_players(4) and ex.doubles_usable
        assert not ex.set_players(5) and "2 to 4 players" in ex.status.text
        assert ex.select_route("Calcutta-Madras")
        assert "Calcutta" in html.unescape(ex.status.text) and "Madras" in html.unescape(ex.status.text)


def test_payment_checker_on_india_ferries():
    with using("en"):         # the assertions read English texts (the Danish run: the same widgets)
        pc = PaymentChecker("india", hand={"red": 6, "blue": 2, "loco": 3})
        game = pc.game
        assert pc.select_route("Calcutta-Madras")                       # 8 spaces, 2 locomotive symbols
        assert pc.options == list(game.payment_options(game.board.find_route("Calcutta-Madras").index,
                                                       tuple(pc.hand), complete=True))
        assert pc.options and all(Cards(p).as_dict().get("loco", 0) >= 2 for p in pc.options)
        assert all(sum(Cards(p).as_dict().values()) == 8 for p in pc.options)
        assert pc.set_hand({"red": 2, "blue": 2})
        assert pc.select_route("Calcutta-Chittagong")
        assert pc.options == [] and pc.reason.rule == "ferry-locomotives"
        assert "1 locomotive" in pc.status.text


def test_game_table_for_four_players_with_the_grand_tour_at_the_end():
    with using("en"):         # the assertions read English texts (the Danish run: the same widgets)
        table = GameTable("india", ["human", "greedy", "greedy", "greedy"], seed=5, bot_delay=0)
        s = table.state
        assert s.num_players == 4 and [len(o) for o in s.opening_offers] == [4, 4, 4, 4]
        assert not table.keep([0])                                        # at least 2 of the 4
        assert "at least 2" in table.status.text
        assert table.keep([0, 3])
        assert len(table.state.tickets[0]) == 2
        assert table.game.doubles_open                                    # 4 players: both tracks in play
        for _ in range(400):                                              # the human seat draws cards, the bots play
            if table.state.is_over():
                break
            if table.state.phase == "tickets":
                assert table.keep([0])
            elif not table.draw_deck():
                legal = table.state.legal_actions()
                assert table.play(legal[0])
        assert table.state.is_over()
        walk = table.open_walkthrough()
        rows = table.state.score_breakdown()
        assert [s.kind for s in walk.all_steps].count("grand-tour") == 4
        assert walk.all_steps[-1].totals == tuple(r.total for r in rows)
        assert "Grand Tour" in walk.table_html
