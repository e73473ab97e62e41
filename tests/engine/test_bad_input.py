"""Bad input gets a clear error that names the rule and the facts, and changes nothing.

Refusals of actions are `Reason`s (`.rule`, a stable id, and `.text`, one sentence);
`apply` raises `IllegalAction` carrying the same reason and leaves the state as it
was. Bad files, positions and settings raise `MapError`, `PositionError` or
`ValueError` with a message naming what is wrong.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import ttr_nb
from tests.engine.scenario import refused, trains_left
from ttr_nb import (ActionSyntaxError, BuildStation, Cards, Claim, IllegalAction, KeepTickets, MapError, Match,
                    PayTunnel, PositionError)

MAPS = Path(__file__).resolve().parents[2] / "ttr_nb" / "maps"


def at(edition: str, players: int = 2, **d):
    """A position of `edition` in the `turn` phase (cards not placed are dealt by the seed)."""
    game = ttr_nb.load_game(edition, players=players, seed=3)
    d.setdefault("phase", "turn")
    return game.state_from_dict(d)


@pytest.fixture
def usa():
    """USA, 2 players, after the opening: player 0 starts a turn."""
    return ttr_nb.load_game("usa", players=2, seed=1).new_state().apply("keep 0,1,2").apply("keep 0,1")


# ---------------------------------------------------------------------------- unknown names
def test_unknown_route(usa):
    r = refused(usa, "claim Denver-Nowhere red*4", "unknown-route", "Denver-Nowhere", "no route")
    assert "Denver-Omaha" in r.text                       # close matches are suggested
    refused(usa, Claim("Denvr-Omaha", Cards.of(pink=4)), "unknown-route", "Denvr-Omaha", "Denver-Omaha")
    r = refused(usa, "claim Denver-Boston red*4", "unknown-route", "Denver", "Boston", "not joined")


def test_route_names_are_resolved_in_either_order_and_any_case():
    s = at("usa", hands=[{"pink": 4}, {}])
    assert s.why_illegal("claim omaha-denver pink*4") is None
    assert s.apply("claim Omaha-Denver pink*4").owner("Denver-Omaha") == 0


def test_unknown_city_for_a_station():
    s = at("europe", hands=[{"red": 2}, {}])
    refused(s, "station Atlantis red*1", "unknown-city", "Atlantis", "Europe")
    refused(s, BuildStation("Atlantis", Cards.of(red=1)), "unknown-city", "Atlantis")
    assert s.why_illegal("station berlin red*1") is None            # case does not matter


def test_stations_only_where_the_edition_has_them(usa):
    refused(usa, "station Denver red*1", "no-stations", "no train stations", "USA")
    swiss = at("switzerland", hands=[{"red": 1}, {}])
    refused(swiss, "station France red*1", "no-stations", "Switzerland")


# ---------------------------------------------------------------------------- malformed text
@pytest.mark.parametrize("text, words", [
    ("", ["empty"]),
    ("   ", ["empty"]),
    ("blah", ["unknown verb", "'blah'"]),
    ("draw", ["say what to draw"]),
    ("draw purple2", ["unknown card colour", "purple2"]),
    ("keep", ["positions"]),
    ("keep x,1", ["positions", "keep 0,2"]),
    ("claim Denver-Omaha", ["route and a payment"]),
    ("claim Denver-Omaha red*x", ["red*x"]),
    ("claim Denver-Omaha mauve*4", ["unknown card colour", "mauve"]),
    ("station Berlin", ["city and a payment"]),
    ("pay", ["unknown verb"]),
    ("tickets please", ["unknown verb"]),
    ("pass now", ["unknown verb"]),
])
def test_malformed_action_text(usa, text, words):
    with pytest.raises(ActionSyntaxError) as err:
        ttr_nb.parse(text)
    assert isinstance(err.value, ValueError)
    message = str(err.value)
    for w in words:
        assert w in message, (w, message)
    assert "Actions look like" in message and "claim Denver-Omaha red*3+loco*1" in message
    r = refused(usa, text, "action-syntax", *words)
    # the Reason says the same as the error: one sentence, and the action forms apart
    assert r.text[0].lower() + r.text[1:-1] + ". Actions look like: " + "; ".join(r.accepted) == message
    with pytest.raises(ActionSyntaxError):
        Match(usa.game, usa).play(text)


def test_an_action_must_be_text_or_an_action(usa):
    with pytest.raises(ActionSyntaxError, match="must be a string"):
        ttr_nb.parse(42)
    refused(usa, 42, "action-syntax", "42", "not an action")
    refused(usa, Claim("Denver-Omaha", (4, 0)), "payment", "red*3+loco*1")


# ---------------------------------------------------------------------------- payments
def test_payment_not_in_hand():
    s = at("usa", hands=[{"pink": 2, "loco": 1}, {"pink": 4}])
    refused(s, "claim Denver-Omaha pink*4", "not-in-hand", "4 pink", "2 pink", "1 locomotive")
    refused(s, "claim Denver-Omaha pink*2+loco*2", "not-in-hand", "2 locomotives", "1 locomotive")
    e = at("europe", hands=[{"red": 1}, {}])
    refused(e, "station Berlin blue*1", "not-in-hand", "1 blue", "1 red")


def test_wrong_colour():
    s = at("usa", hands=[{"red": 4, "blue": 2, "green": 2}, {}])
    refused(s, "claim Denver-Omaha red*4", "route-colour", "Denver-Omaha", "pink", "red")
    # a grey route takes one colour for the whole payment
    refused(s, "claim Atlanta-Charleston blue*1+green*1", "one-colour", "blue", "green", "Atlanta-Charleston")
    # a station costs cards of one colour
    e = at("europe", hands=[{"red": 1, "blue": 1}, {}], stations=[["Paris", 0]])
    refused(e, "station Berlin red*1+blue*1", "station-cost", "2 cards of one colour", "1 red and 1 blue")


def test_wrong_count():
    s = at("usa", hands=[{"pink": 6}, {}])
    refused(s, "claim Denver-Omaha pink*3", "payment-count", "Denver-Omaha", "4 spaces", "needs 4 cards", "offered 3")
    refused(s, "claim Denver-Omaha pink*5", "payment-count", "offered 5")
    refused(s, "claim Denver-Omaha none", "payment-count", "offered 0")
    e = at("europe", hands=[{"red": 3}, {}])
    refused(e, "station Berlin red*2", "station-cost", "station number 1", "costs 1 card")


def test_locomotives_where_the_edition_forbids_them():
    swiss = at("switzerland", hands=[{"white": 2, "loco": 3}, {}])
    refused(swiss, "claim Olten-Zürich white*2+loco*1", "locomotives-not-allowed", "Switzerland", "tunnel",
            "Olten-Zürich", "ordinary")
    nordic = at("nordic", hands=[{"pink": 1, "loco": 1}, {}])
    refused(nordic, "claim Ålborg-Århus loco*1", "locomotives-not-allowed", "Nordic", "Ålborg-Århus")


def test_ferry_without_its_locomotives():
    e = at("europe", hands=[{"red": 3, "loco": 1}, {}])
    refused(e, "claim Amsterdam-London red*2", "ferry-locomotives", "Amsterdam-London", "2 locomotive", "it has 0")
    refused(e, "claim Amsterdam-London red*1+loco*1", "ferry-locomotives", "2 locomotives", "it has 1")


def test_nordic_substitution_payments_must_make_whole_sets():
    # any 3 cards for a ferry's locomotive: 2 spare cards are not a set of three
    s = at("nordic", hands=[{"red": 1, "blue": 2, "green": 2}, {}])
    assert s.why_illegal("claim Ålborg-Kristiansand red*1+blue*2+green*1") is None
    refused(s, "claim Ålborg-Kristiansand red*1+blue*2", "payment-count", "Ålborg-Kristiansand", "any 3 cards")


def test_tunnel_extra_cards():
    s = at("europe", hands=[{"blue": 3, "red": 2, "loco": 1}, {}], phase="tunnel",
           tunnel={"route": "München-Venezia", "payment": "blue*2", "revealed": ["blue", "loco", "green"]})
    assert s.to_dict()["tunnel"]["extra"] == 2
    refused(s, "pay blue*1", "tunnel-extra", "München-Venezia", "2 extra cards", "offered 1")
    refused(s, "pay red*2", "tunnel-extra", "blue cards or locomotives", "not red")
    refused(s, PayTunnel(Cards.of(blue=1, loco=2)), "tunnel-extra", "offered 3")
    refused(s, "pay loco*2", "not-in-hand", "2 locomotives", "1 locomotive")
    assert s.why_illegal("pay blue*1+loco*1") is None


# ---------------------------------------------------------------------------- routes
def test_route_taken_double_routes_and_trains():
    s = at("usa", hands=[{"yellow": 4, "orange": 4}, {}], routes={"Atlanta-New Orleans": 1})
    refused(s, "claim Atlanta-New Orleans yellow*4", "route-taken", "Atlanta-New Orleans", "player 2")
    refused(s, "claim Atlanta-New Orleans#2 orange*4", "double-routes", "closed", "2 players", "4+")
    s4 = at("usa", players=4, hands=[{"yellow": 4, "orange": 4}, {}, {}, {}], routes={"Atlanta-New Orleans": 0})
    refused(s4, "claim Atlanta-New Orleans#2 orange*4", "double-routes", "never claim both")
    low = at("usa", hands=[{"yellow": 4}, {}],
             **trains_left(ttr_nb.load_game("usa", players=2), [3, 45], free=["Atlanta-New Orleans"]))
    refused(low, "claim Atlanta-New Orleans yellow*4", "not-enough-trains", "needs 4 trains", "3 left")


# ---------------------------------------------------------------------------- tickets and draws
def test_ticket_choices():
    g = ttr_nb.load_game("usa", players=2, seed=1)
    s = g.new_state()
    refused(s, "keep 0", "keep-minimum", "at least 2", "3 tickets", "dealt at the start")
    refused(s, "keep 0,5", "ticket-choice", "0 to 2", "[0, 5]")
    refused(s, KeepTickets((1, 0)), "ticket-choice", "increasing order")
    refused(s, KeepTickets((1, 1)), "ticket-choice", "once")
    t = s.apply("keep 0,1").apply("keep 0,1,2").apply("tickets")
    refused(t, KeepTickets(()), "keep-minimum", "at least 1", "drawn")
    empty = at("usa", ticket_deck=[])
    refused(empty, "tickets", "ticket-deck-empty", "ticket deck is empty")


def with_deck(edition: str, top: list, **d):
    """A `turn` position whose deck starts with `top` (top first); every card not placed
    elsewhere follows in card order."""
    game = ttr_nb.load_game(edition, players=2, seed=3)
    rules = game.rules
    left = {c: rules.cards_per_colour for c in ttr_nb.engine.COLOURS}
    left["loco"] = rules.locomotives
    for c in top + d.get("display", []) + d.get("discard", []):
        left[c] -= 1
    for h in d.get("hands", []):
        for c, n in h.items():
            left[c] -= n
    d["deck"] = top + [c for c, n in left.items() for _ in range(n)]
    d.setdefault("phase", "turn")
    return game.state_from_dict(d)


def test_draws():
    s = with_deck("usa", ["loco"], display=["red", "red", "blue", "white", "green"])
    refused(s, "draw pink", "not-in-display", "no pink", "red, red, blue, white, green")
    refused(s, "draw mauve", "action-syntax", "mauve")
    second = s.apply("draw red")
    assert second.phase == "draw2" and "loco" in second.to_dict()["display"]
    refused(second, "draw loco", "face-up-locomotive", "first card", "already taken one card")
    # where a face-up locomotive is an ordinary card, the second pick may be one
    swiss = with_deck("switzerland", ["loco"], display=["red", "red", "blue", "white", "green"])
    assert swiss.apply("draw red").why_illegal("draw loco") is None
    nothing = at("usa", hands=[{c: 12 for c in ttr_nb.engine.COLOURS} | {"loco": 9}, {}],
                 display=["loco"] * 5, deck=[], discard=[])
    refused(nothing, "draw deck", "deck-empty", "deck and the discard pile are both empty")


def test_pass_only_when_nothing_else_is_possible(usa):
    refused(usa, "pass", "pass", "only pass when no other action", "for example")


# ---------------------------------------------------------------------------- phases and turns
def test_wrong_phase():
    g = ttr_nb.load_game("usa", players=2, seed=1)
    s = g.new_state()
    refused(s, "draw deck", "wrong-phase", "draw a card", "player 1", "opening tickets")
    refused(s, "claim Denver-Omaha pink*4", "wrong-phase", "claim a route", "opening tickets")
    s = s.apply("keep 0,1")
    assert s.current_player == 1
    refused(s, "tickets", "wrong-phase", "draw tickets", "player 2", "opening tickets")
    s = s.apply("keep 0,1")
    refused(s, "keep 0", "wrong-phase", "keep tickets", "player 1 is starting a turn")
    refused(s, "pay red*1", "wrong-phase", "pay for a tunnel", "starting a turn")
    refused(s, "abandon", "wrong-phase", "abandon a tunnel")
    mid = s.apply("draw deck")
    refused(mid, "tickets", "wrong-phase", "draw tickets", "player 1 must take a second train card")
    refused(mid, "claim Denver-Omaha pink*4", "wrong-phase", "second train card")
    offered = s.apply("tickets")
    refused(offered, "draw deck", "wrong-phase", "draw a card", "choose which of the drawn tickets")
    tunnel = at("europe", hands=[{"blue": 3}, {}], phase="tunnel",
                tunnel={"route": "München-Venezia", "payment": "blue*2", "revealed": ["blue", "red", "green"]})
    refused(tunnel, "draw deck", "wrong-phase", "pay the tunnel's extra cards or abandon it")
    refused(tunnel, "station Berlin blue*1", "wrong-phase", "build a station", "tunnel")


def test_the_player_to_move_is_the_only_one_who_acts():
    """There is no "player" argument: every action is the current player's, so acting out
    of turn means acting in the wrong phase (or, in the game's record, after it ended)."""
    m = Match(ttr_nb.load_game("usa", players=3, seed=4))
    for _ in range(3):
        m.play(m.state.legal_actions()[-1])
    m.play("draw deck")
    assert m.state.current_player == 0 and m.state.phase == "draw2"
    before = m.state.to_dict()
    with pytest.raises(IllegalAction) as err:
        m.play("tickets")                    # player 1 cannot start a turn while player 0 draws
    assert err.value.rule == "wrong-phase" and "player 1" in err.value.text
    assert m.state.to_dict() == before and len(m.history) == 4


def test_actions_after_the_game_ended():
    s = at("usa", phase="over")
    assert s.is_over() and len(s.legal_actions()) == 0 and list(s.legal_actions()) == []
    for action in ("draw deck", "pass", "keep 0", "claim Denver-Omaha pink*4", "tickets", "abandon"):
        refused(s, action, "game-over", "game is over")
    m = Match(s.game, s)
    with pytest.raises(IllegalAction) as err:
        m.play("draw deck")
    assert err.value.rule == "game-over"
    assert m.history == [] and len(m.states) == 1 and m.state.to_dict() == s.to_dict()


def test_a_finished_random_game_refuses_everything():
    g = ttr_nb.load_game("switzerland", players=2, seed=5)
    m = Match(g)
    import random
    rng = random.Random(5)
    while not m.state.is_over():
        m.play(rng.choice(m.state.legal_actions()))
    n = len(m.history)
    for action in ("draw deck", "pass", "tickets"):
        with pytest.raises(IllegalAction) as err:
            m.play(action)
        assert err.value.rule == "game-over"
    assert len(m.history) == n


# ---------------------------------------------------------------------------- files, positions, settings
def _board_file(tmp_path, change) -> Path:
    data = json.loads((MAPS / "usa.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_corrupt_board_file(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MapError) as err:
        ttr_nb.load_board(bad)
    assert "not valid JSON" in str(err.value) and "broken.json" in str(err.value)

    def break_it(d):
        d["routes"][0]["b"] = "Atlantis"
        d["routes"][1]["length"] = 9
        del d["title"]

    with pytest.raises(MapError) as err:
        ttr_nb.load_board(_board_file(tmp_path, break_it))
    problems = " | ".join(err.value.problems)
    assert len(err.value.problems) >= 3                      # every problem, at once
    assert "unknown city 'Atlantis'" in problems and "Atlanta" in problems
    assert "length 9" in problems and "5 train spaces" in problems
    assert "missing required key 'title'" in problems
    assert isinstance(err.value, ValueError)


def test_unknown_keys_in_a_board_file_are_errors(tmp_path):
    path = _board_file(tmp_path, lambda d: d["routes"][0].update(tunel=True))
    with pytest.raises(MapError, match="tunel"):
        ttr_nb.load_board(path)


def test_bad_positions():
    g = ttr_nb.load_game("usa", players=2, seed=1)
    cases = [
        ({"hands": [{"red": 13}, {}]}, ["13 red cards", "has 12"]),
        ({"hands": [{"red": 7}, {"red": 6}]}, ["13 red cards"]),
        ({"hands": [{"mauve": 1}, {}]}, ["hand of player 1", "mauve"]),
        ({"hands": [{"red": 1}]}, ["1 hands for 2 players"]),
        ({"routes": {"Denver-Nowhere": 0}}, ["Denver-Nowhere", "Denver-Omaha"]),
        ({"routes": {"Denver-Omaha": 2}}, ["Denver-Omaha is owned by 2"]),
        ({"routes": {"Atlanta-New Orleans": 0, "Atlanta-New Orleans#2": 0}}, ["player 1 owns both routes"]),
        ({"routes": {"Atlanta-New Orleans": 0, "Atlanta-New Orleans#2": 1}}, ["only one may be used"]),
        ({"trains": [50, 45]}, ["player 1 has 50 trains"]),
        ({"phase": "dance"}, ["phase must be one of", "'dance'"]),
        ({"phase": "tunnel"}, ["needs a tunnel"]),
        ({"phase": "tickets"}, ["needs an offer"]),
        ({"current_player": 5}, ["current_player must be 0..1", "5"]),
        ({"tickets": [["Boston-Atlantis"], []]}, ["Boston-Atlantis", "tickets of player 1"]),
        ({"tickets": [["Boston-Miami"], ["Boston-Miami"]]}, ["Boston-Miami appear more than once"]),
        ({"ticket_deck": [], "removed_tickets": []}, ["are nowhere"]),
        ({"deck": ["red"]}, ["missing", "every train card must be"]),
        ({"edition": "europe"}, ["for 'europe'", "game is 'usa'"]),
        ({"players": 3}, ["3 players", "game has 2"]),
        ({"stations": [["Denver", 0]]}, []),          # see test_bad_station_positions
    ]
    for d, words in cases[:-1]:
        with pytest.raises(PositionError) as err:
            g.state_from_dict(d)
        text = str(err.value)
        assert text.startswith("This position is not possible")
        for w in words:
            assert w in text, (d, w, text)
        assert isinstance(err.value, ValueError)


def test_bad_station_positions():
    g = ttr_nb.load_game("europe", players=2, seed=1)
    for d, words in [
        ({"stations": [["Atlantis", 0]]}, ["unknown city 'Atlantis'"]),
        ({"stations": [["Berlin", 0], ["Berlin", 1]]}, ["Berlin has two stations"]),
        ({"stations": [["Berlin", 0], ["Paris", 0], ["Roma", 0], ["Wien", 0]]}, ["player 1 has more than 3"]),
    ]:
        with pytest.raises(PositionError) as err:
            g.state_from_dict(d)
        for w in words:
            assert w in str(err.value), (w, str(err.value))


def test_a_position_round_trip_refuses_tampering():
    s = ttr_nb.load_game("usa", players=2, seed=1).new_state()
    d = copy.deepcopy(s.to_dict())
    d["hands"][0]["red"] = d["hands"][0].get("red", 0) + 1          # a card out of nowhere
    with pytest.raises(PositionError, match="red cards"):
        s.game.state_from_dict(d)


def test_unknown_edition_player_count_and_option():
    with pytest.raises(ValueError) as err:
        ttr_nb.load_game("mars", players=2)
    assert "unknown edition 'mars'" in str(err.value) and "usa, europe, switzerland, nordic" in str(err.value)
    for edition, players, words in [("usa", 6, ["2 to 5 players", "not 6"]), ("usa", 1, ["not 1"]),
                                    ("nordic", 4, ["Nordic", "2 to 3 players", "not 4"]),
                                    ("switzerland", 5, ["Switzerland", "not 5"])]:
        with pytest.raises(ValueError) as err:
            ttr_nb.load_game(edition, players=players)
        for w in words:
            assert w in str(err.value)
    with pytest.raises(ValueError) as err:
        ttr_nb.load_game("usa", players=2, display_flush=True)
    assert "no option 'display_flush'" in str(err.value) and "opening_tickets" in str(err.value)
    with pytest.raises(ValueError) as err:
        ttr_nb.load_game("usa", players=2, opening_tickets=7)
    assert "opening_tickets=7" in str(err.value) and "[3, 4]" in str(err.value)
    with pytest.raises(ValueError, match="first_player"):
        ttr_nb.load_game("usa", players=2, first_player=2)
    with pytest.raises(ValueError, match="unknown board 'atlantis'"):
        ttr_nb.load_board("atlantis")


def test_saved_match_of_another_format(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"format": "chess/1"}), encoding="utf-8")
    with pytest.raises(ValueError, match="not a saved match"):
        Match.load(path)


@pytest.mark.parametrize("count", [1.5, "2", True, -1, None])
def test_a_count_of_cards_is_a_whole_number(count):
    """Cards.of({"red": 1.5}) used to make 1 red card: a count that is not a whole number
    from 0 up is refused with the colour and the value."""
    with pytest.raises(ValueError, match=r"whole number.*'red' has") as refused:
        Cards.of({"red": count})
    assert repr(count) in str(refused.value)
    assert Cards.of({"red": 2}, loco=1) == Cards.parse("red*2+loco")
