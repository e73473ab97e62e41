"""State, Game and Match say what they offer: docstrings listing the vocabulary, and tab
completion (`dir`) on a State showing that vocabulary, not the internal indexes nor the
other seats' hidden cards."""
from __future__ import annotations

import ttr_nb
from ttr_nb import Game, Match, State

README_STATE = ("legal_actions", "payment_options", "why_illegal", "apply", "current_player", "phase", "is_over",
                "score_breakdown", "winners", "view", "to_dict")


def test_state_game_and_match_have_docstrings_listing_the_vocabulary():
    for cls, words in ((State, README_STATE), (Game, ("new_state", "state_from_dict", "rules", "board", "players")),
                       (Match, ("play", "undo", "history", "save", "Match.load", "state"))):
        doc = cls.__doc__
        assert doc and len(doc.splitlines()) > 3, cls
        for w in words:
            assert f"`{w}" in doc, (cls.__name__, w)


def test_tab_completion_on_a_state_shows_the_vocabulary():
    state = ttr_nb.load_game("europe", players=3, seed=1).new_state()
    names = dir(state)
    assert set(README_STATE) <= set(names)
    assert {"hand", "owner", "route_status", "routes_of", "stations_of", "unseen_cards", "trains", "display",
            "stations", "turn", "game", "rules", "board", "num_players"} <= set(names)
    hidden = {"hands", "deck", "tickets", "ticket_deck", "opening_offers", "offer", "removed_tickets",
              "owners", "free", "blocked", "points", "countdown", "passes", "shuffles", "pending", "player"}
    assert not hidden & set(names), hidden & set(names)
    assert not [n for n in names if n.startswith("_")]
    for name in names:                       # every name offered is there
        getattr(state, name)
