"""`Game.state_from_dict` refuses every position that cannot arise, or that would break
a rule later, with one `PositionError` listing every problem; and it reads back, or
refuses, every setting `State.to_dict` writes (seed, options, first player)."""
from __future__ import annotations

import math

import pytest

import ttr_nb
from ttr_nb import PositionError
from ttr_nb.engine.position import FIELDS
from ttr_nb.engine.serialize import ALLOWED, KEYS, SETTINGS
from ttr_nb.engine import observer
from ttr_nb.engine.cards import COLOURS

# a tunnel of Europe: Marseille-Zürich, 2 pink spaces
TUNNEL = {"route": "Marseille-Zürich", "payment": "pink*2", "revealed": ["pink", "red", "blue"]}


def refused(game, d, *words):
    with pytest.raises(PositionError) as err:
        game.state_from_dict(d)
    text = str(err.value)
    assert text.startswith("This position is not possible")
    for w in words:
        assert w in text, (w, text)
    assert len(err.value.problems) == text.count("\n- ")
    return err.value


@pytest.fixture(scope="module")
def usa():
    return ttr_nb.load_game("usa", players=2, seed=1)


@pytest.fixture(scope="module")
def europe():
    return ttr_nb.load_game("europe", players=2, seed=1)


def test_every_field_has_its_place_in_the_format_and_the_view():
    assert set(KEYS) == set(FIELDS) == set(observer.SEEN)
    assert set(SETTINGS) <= ALLOWED
    assert {"hands", "deck", "tickets", "ticket_deck"} <= {f for f, how in observer.SEEN.items()
                                                           if how in ("own", "size", "hidden")}


def test_a_pending_tunnel_outside_the_tunnel_phase_or_on_an_owned_route(europe):
    refused(europe, {"phase": "turn", "tunnel": TUNNEL}, "only in phase 'tunnel'", "'turn'")
    refused(europe, {"phase": "tunnel", "tunnel": TUNNEL, "routes": {"Marseille-Zürich": 1}},
            "Marseille-Zürich already belongs to player 2")
    refused(europe, {"phase": "tunnel", "tunnel": {**TUNNEL, "revealed": ["red", "blue"]}}, "nothing more")
    refused(europe, {"phase": "tunnel", "tunnel": {**TUNNEL, "extra": 3}}, "ask for 1 extra card(s), not 3")
    refused(europe, {"phase": "tunnel", "tunnel": {**TUNNEL, "player": 0}}, "unknown key(s) 'player'")
    s = europe.state_from_dict({"phase": "tunnel", "tunnel": TUNNEL})
    assert s.pending.extra == 1 and s.pending.route == europe.route_index("Marseille-Zürich")


def test_more_than_three_revealed_cards(europe):
    refused(europe, {"phase": "tunnel", "tunnel": {**TUNNEL, "revealed": ["pink", "red", "blue", "red"]}},
            "up to 3 cards are revealed, not 4")


def test_a_route_owned_twice_under_two_spellings(usa):
    refused(usa, {"routes": {"Denver-Omaha": 0, "Omaha-Denver": 1}}, "owned twice", "Denver-Omaha")
    refused(usa, {"routes": {"Denver-Omaha": 0, "denver-omaha": 0}}, "owned twice")


def test_trains_add_up_to_the_routes_owned(usa):
    refused(usa, {"trains": [40, 45]}, "player 1 has 40 trains left and 0 on the board", "the stock is 45")
    refused(usa, {"routes": {"Denver-Omaha": 0}, "trains": [45, 45]}, "player 1 has 45 trains left and 4")
    s = usa.state_from_dict({"routes": {"Denver-Omaha": 0}, "trains": [41, 45]})
    assert s.trains == (41, 45)


def test_the_display_holds_five_cards_and_a_dealt_display_is_flushed(usa):
    refused(usa, {"display": ["red"] * 6}, "6 face-up cards, but the display holds 5")
    # a given display is kept as it is (the tunnel lab asks what three face-up locomotives change)
    assert usa.state_from_dict({"display": ["loco", "loco", "loco", "red", "blue"]}).display.count(8) == 3
    # a display left out is dealt by the rules: never 3 locomotives where the edition flushes
    for seed in range(40):
        s = ttr_nb.load_game("usa", players=2, seed=seed).state_from_dict({})
        assert s.display.count(8) < 3


def test_a_station_for_a_player_who_does_not_exist(europe):
    refused(europe, {"stations": [["Berlin", 5]]}, "the owner of the station in Berlin", "a player from 0 to 1")
    refused(europe, {"stations": [["Berlin", True]]}, "not True")
    refused(europe, {"stations": [["Berlin"]]}, "a [city, player] pair")
    refused(ttr_nb.load_game("usa", players=2), {"stations": [["Denver", 0]]}, "has no train stations")


def test_unknown_keys(usa):
    refused(usa, {"hadns": [{"red": 1}, {}]}, "unknown key(s) 'hadns'")


@pytest.mark.parametrize("d, words", [
    ({"hands": [{"red": 1.5}, {}]}, ["hand of player 1", "1.5"]),
    ({"hands": [{"red": math.inf}, {}]}, ["hand of player 1", "inf"]),
    ({"hands": [{"red": True}, {}]}, ["hand of player 1", "True"]),
    ({"hands": [{"red": "3"}, {}]}, ["'3'"]),
    ({"hands": [{"red": None}, {}]}, ["None"]),
    ({"hands": [{"red": -1}, {}]}, ["-1"]),
    ({"hands": [{3: 1}, {}]}, ["a card is named by text"]),
    ({"hands": None}, ["hands: must be a list"]),
    ({"hands": ["red", {}]}, ["must be a dict of cards"]),
    ({"current_player": True}, ["current_player must be 0..1", "True"]),
    ({"current_player": 0.0}, ["current_player must be 0..1"]),
    ({"trains": ["45", 45]}, ["a whole number", "'45'"]),
    ({"trains": [math.inf, 45]}, ["inf"]),
    ({"routes": {"Denver-Omaha": True}}, ["owned by True"]),
    ({"routes": {"Denver-Omaha": 0.0}}, ["owned by 0.0"]),
    ({"routes": ["Denver-Omaha"]}, ["routes: must be a dict"]),
    ({"routes": {None: 0}}, ["routes"]),
    ({"display": None}, ["display: must be a list"]),
    ({"display": [None]}, ["a card is named by text"]),
    ({"deck": "red"}, ["deck: must be a list"]),
    ({"tickets": "Boston-Miami"}, ["tickets: must be a list"]),
    ({"tickets": [[3], []]}, ["a ticket is named by its key"]),
    ({"offer": [None], "phase": "tickets"}, ["a ticket is named by its key"]),
    ({"tunnel": "Denver-Omaha"}, ["tunnel: must be a dict"]),
    ({"last_tunnel_reveal": ["x"]}, ["last_tunnel_reveal: must be a dict"]),
    ({"passes": 1.0}, ["passes: must be a number of passes", "1.0"]),
    ({"turn": None}, ["turn: must be a turn number", "None"]),
    ({"turn": math.nan}, ["turn"]),
    ({"final_round": math.inf}, ["final_round", "inf"]),
    ({"final_round": "1"}, ["final_round"]),
    ({"shuffles": -1}, ["shuffles"]),
    ({"seed": 1.5}, ["seed: must be a whole number"]),
    ({"first_player": 7}, ["first_player"]),
    ({"options": []}, ["options: must be a dict"]),
    ({"phase": None}, ["phase must be one of"]),
])
def test_wrong_types_are_refused(usa, d, words):
    refused(usa, d, *words)


@pytest.mark.parametrize("d, words", [
    ({"final_round": 3}, ["final_round: must be a number of turns from 1 to 2, not 3"]),
    ({"final_round": 0}, ["final_round"]),
    ({"final_round": 0, "phase": "over"}, None),
    ({"passes": 2}, ["passes: must be a number of passes from 0 to 1, not 2"]),
    ({"passes": 2, "phase": "over"}, None),
    ({"passes": -1}, ["passes"]),
    ({"turn": -1}, ["turn: must be a turn number from 0"]),
    ({"turn": 10**9}, ["turn"]),
])
def test_counters_out_of_range(usa, d, words):
    if words is None:
        usa.state_from_dict(d)
    else:
        refused(usa, d, *words)


def test_a_second_card_draw_with_nothing_to_draw(usa):
    names = COLOURS
    hands = [{c: 12 for c in names[:4]} | {"loco": 9}, {c: 12 for c in names[4:]}]
    refused(usa, {"phase": "draw2", "hands": hands, "display": ["loco"] * 5, "deck": [], "discard": []},
            "phase 'draw2' needs a second card to draw")
    nordic = ttr_nb.load_game("nordic", players=2, seed=1)   # a face-up locomotive is an ordinary card there
    s = nordic.state_from_dict({"phase": "draw2", "hands": hands, "display": ["loco"] * 5, "deck": [],
                                "discard": []})
    assert [str(a) for a in s.legal_actions()] == ["draw loco"]


def test_offers_only_in_their_phases(usa):
    refused(usa, {"phase": "turn", "offer": ["Boston-Miami"]}, "only in phase 'tickets'")
    refused(usa, {"phase": "turn", "opening_offers": [["Boston-Miami"], []]}, "chosen in phase 'opening'")


def test_seed_and_first_player_are_read_back_options_refused():
    game = ttr_nb.load_game("nordic", players=2, seed=12)
    other = ttr_nb.load_game("nordic", players=2, seed=99, first_player=1)
    s = other.new_state()
    back = game.state_from_dict(s.to_dict())
    assert (back.game.seed, back.game.first_player) == (99, 1)
    assert back.to_dict() == s.to_dict()
    # the rest of the game replays the same
    a, b = s, back
    for _ in range(30):
        action = a.legal_actions()[0]
        a, b = a.apply(action), b.apply(action)
    assert a.to_dict() == b.to_dict()
    flushing = ttr_nb.load_game("nordic", players=2, seed=12, display_flush=True).new_state().to_dict()
    refused(game, flushing, "options {'display_flush': True}", "load the game with those options")
    refused(game, {**s.to_dict(), "edition": "usa"}, "for 'usa'")
    refused(game, {**s.to_dict(), "players": 3}, "3 players")


def test_every_problem_in_one_error(usa):
    err = refused(usa, {"hadns": 1, "trains": [40, 45], "routes": {"Denver-Nowhere": 0}, "turn": -1,
                        "phase": "dance"}, "hadns", "40 trains", "Denver-Nowhere", "turn", "dance")
    assert len(err.problems) == 5


@pytest.mark.parametrize("d", [None, [], "turn", 3])
def test_a_position_is_a_dict(usa, d):
    refused(usa, d, "a position is a dict")
