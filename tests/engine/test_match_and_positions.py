"""`Match` (play, undo, history, save/load), positions as data (`to_dict` ->
JSON -> `state_from_dict`), the action text round trip, and `view`'s hidden
information, on states sampled from random games of every edition."""
from __future__ import annotations

import json
import random
from collections import defaultdict
from functools import lru_cache

import pytest

import ttr_nb
from ttr_nb import Match, parse
from ttr_nb.engine.cards import CARD_NAMES
from ttr_nb.engine.serialize import PositionError

from tests.engine.invariants import check_invariants

PLAYERS = {"usa": (2, 4), "europe": (3, 5), "switzerland": (2, 3), "nordic": (2, 3), "india": (2, 4),
           "northernlights": (3, 5)}
PHASES = ("opening", "turn", "draw2", "tickets", "tunnel", "over")
HAS_TUNNELS = {"europe", "switzerland", "nordic"}


def random_match(edition: str, players: int, seed: int, stop: int | None = None, **options) -> Match:
    m = Match(ttr_nb.load_game(edition, players=players, seed=seed, **options))
    rng = random.Random(seed)
    while not m.state.is_over() and (stop is None or len(m.history) < stop):
        legal = m.state.legal_actions()
        m.play(legal[rng.randrange(len(legal))])
    return m


@lru_cache(maxsize=None)
def sampled_states(edition: str) -> dict:
    """Up to 6 states per phase, from random games of `edition` (both player counts)."""
    by_phase = defaultdict(list)
    rng = random.Random(edition)
    for seed in range(12):
        players = PLAYERS[edition][seed % 2]
        m = random_match(edition, players, seed, **({"opening_tickets": 4} if edition == "usa" and seed == 5 else {}))
        for state in m.states:
            bucket = by_phase[state.phase]
            if state.phase == "tunnel" and len(state.legal_actions()) > 1:
                # prefer tunnels the player can pay for (the sample then has both choices)
                unpaid = [i for i, t in enumerate(bucket) if len(t.legal_actions()) == 1]
                if unpaid and len(bucket) >= 6:
                    bucket[unpaid[0]] = state
                    continue
            if len(bucket) < 6:
                bucket.append(state)
            elif rng.random() < 0.02:
                bucket[rng.randrange(6)] = state
    return dict(by_phase)


def all_sampled(edition: str) -> list:
    return [s for states in sampled_states(edition).values() for s in states]


# ---------------------------------------------------------------------------- Match
def test_match_play_undo_history():
    game = ttr_nb.load_game("usa", players=2, seed=8)
    m = Match(game)
    seen = []
    m.on_change(lambda match: seen.append(len(match.history)))
    start = m.state.to_dict()
    assert m.undo() is None and m.history == [] and seen == []
    m.play("keep 0,1")
    m.play(m.state.legal_actions()[0])
    m.play("draw deck")
    assert [str(a) for a in m.history] == ["keep 0,1", str(m.history[1]), "draw deck"]
    assert len(m.states) == 4 and m.state is m.states[-1]
    after_two = m.states[2].to_dict()
    assert str(m.undo()) == "draw deck"
    assert m.state.to_dict() == after_two and len(m.history) == 2
    assert m.undo() is not None and m.undo() is not None
    assert m.state.to_dict() == start and m.history == []
    assert seen == [1, 2, 3, 2, 1, 0]
    # the states are immutable values: the same actions give the same states again
    m.play("keep 0,1")
    assert m.state.to_dict() == game.new_state().apply("keep 0,1").to_dict()


def test_match_refusal_changes_nothing():
    m = Match(ttr_nb.load_game("europe", players=3, seed=2))
    before = (m.state.to_dict(), list(m.history), len(m.states))
    with pytest.raises(ttr_nb.IllegalAction):
        m.play("claim Berlin-Frankfurt red*3")
    assert (m.state.to_dict(), list(m.history), len(m.states)) == before


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_match_save_load_replays_identically(tmp_path, edition):
    for players, stop in ((PLAYERS[edition][0], None), (PLAYERS[edition][1], 77)):
        m = random_match(edition, players, seed=31, stop=stop)
        path = tmp_path / f"{edition}-{players}.json"
        m.save(path)
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert saved["edition"] == edition and saved["players"] == players
        assert saved["actions"] == [str(a) for a in m.history]
        loaded = Match.load(path)
        assert loaded.history == m.history
        assert [s.to_dict() for s in loaded.states] == [s.to_dict() for s in m.states]
        assert loaded.state.is_over() == m.state.is_over()
        # a loaded match goes on exactly like the original
        if not m.state.is_over():
            for _ in range(10):
                if m.state.is_over():
                    break
                a = m.state.legal_actions()[-1]
                assert loaded.play(a).to_dict() == m.play(a).to_dict()


def test_match_save_load_with_options_and_a_set_up_position(tmp_path):
    game = ttr_nb.load_game("nordic", players=2, seed=4, display_flush=True)
    start = game.state_from_dict({"phase": "turn", "hands": [{"blue": 3, "loco": 2}, {"red": 2}],
                                  "routes": {"Stockholm-Turku": 1}})
    m = Match(game, start)
    m.play("draw deck")
    m.play("draw deck")
    m.save(tmp_path / "m.json")
    loaded = Match.load(tmp_path / "m.json")
    assert loaded.game.rules.options == {"display_flush": True}
    assert loaded.states[0].to_dict() == start.to_dict()
    assert loaded.state.to_dict() == m.state.to_dict()


# ---------------------------------------------------------------------------- positions as data
def test_the_samples_cover_every_phase():
    for edition in ttr_nb.editions():
        phases = set(sampled_states(edition))
        wanted = set(PHASES) - ({"tunnel"} if edition not in HAS_TUNNELS else set())
        assert wanted <= phases, (edition, wanted - phases)


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_position_round_trip_through_json(edition):
    rng = random.Random(1)
    for state in all_sampled(edition):
        d = state.to_dict()
        text = json.dumps(d, ensure_ascii=False)
        back = state.game.state_from_dict(json.loads(text))
        assert back.to_dict() == d
        assert back == state
        check_invariants(back, score=False)
        # the restored position is the same position: same legal actions, same future
        assert list(back.legal_actions()) == list(state.legal_actions())
        assert back.score_breakdown() == state.score_breakdown()
        a, b = state, back
        for _ in range(8):
            if a.is_over():
                break
            legal = a.legal_actions()
            action = legal[rng.randrange(len(legal))]
            a, b = a.apply(action), b.apply(action)
            assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_a_fresh_game_restored_from_its_data(edition):
    game = ttr_nb.load_game(edition, players=PLAYERS[edition][0], seed=12)
    state = game.new_state()
    other = ttr_nb.load_game(edition, players=PLAYERS[edition][0], seed=99)
    # a position carries its own seed; rebuilt in a game of the same settings it is the same
    assert game.state_from_dict(state.to_dict()).to_dict() == state.to_dict()
    assert other.state_from_dict(state.to_dict()).to_dict()["hands"] == state.to_dict()["hands"]


def test_a_position_written_by_hand_is_completed():
    game = ttr_nb.load_game("europe", players=2, seed=5)
    s = game.state_from_dict({"hands": [{"red": 3}, {}], "routes": {"Berlin-Frankfurt": 0}})
    check_invariants(s)
    d = s.to_dict()
    assert d["trains"] == [42, 45] and list(s.points) == [4, 0]
    assert len(d["display"]) == 5 and d["phase"] == "turn"
    assert game.state_from_dict(d).to_dict() == d


# ---------------------------------------------------------------------------- action text
@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_action_text_round_trip(edition):
    rng = random.Random(2)
    kinds = set()
    for state in all_sampled(edition):
        legal = state.legal_actions()
        picks = [legal[rng.randrange(len(legal))] for _ in range(min(len(legal), 12))] if len(legal) else []
        picks += list(legal)[:30]
        for a in picks:
            text = str(a)
            assert parse(text) == a, text
            assert state.game.parse_action(text) == a, text
            assert str(parse(text)) == text
            assert " ".join(text.split()) == text and "\n" not in text
            kinds.add(type(a).__name__)
    expected = {"DrawBlind", "DrawFaceUp", "DrawTickets", "KeepTickets", "Claim"}
    if edition in HAS_TUNNELS:
        expected |= {"PayTunnel", "AbandonTunnel"}
    if edition == "europe":
        expected.add("BuildStation")
    assert expected <= kinds, expected - kinds


def test_action_text_accepts_other_spellings():
    game = ttr_nb.load_game("usa", players=2, seed=1)
    assert game.parse_action("claim kansas city-denver#2 red*3+loco*1") == \
        game.parse_action("claim Denver-Kansas City#2 red*3+loco*1")
    assert parse("  draw   Purple ") == parse("draw pink")
    assert parse("claim Denver-Omaha pink*3+loco") == parse("claim Denver-Omaha pink*3+loco*1")
    assert parse("keep 2 0") == ttr_nb.KeepTickets((2, 0))      # parsed as written; the state refuses it


# ---------------------------------------------------------------------------- what a seat may see
def _hide_from(d: dict, seat: int, rng: random.Random, long_tickets: frozenset = frozenset()) -> dict:
    """The same position with everything `seat` may not see changed: the other hands'
    cards swapped with deck cards, the deck reshuffled, other players' tickets (kept and
    offered at the opening) swapped with the ticket deck's, the ticket deck reshuffled."""
    d = json.loads(json.dumps(d))
    for p, hand in enumerate(d["hands"]):
        if p == seat:
            continue
        cards = [c for c, n in hand.items() for _ in range(n)]
        pool = cards + d["deck"]
        rng.shuffle(pool)
        mine, d["deck"] = pool[:len(cards)], pool[len(cards):]
        d["hands"][p] = {c: mine.count(c) for c in CARD_NAMES if mine.count(c)}
    rng.shuffle(d["deck"])
    # (tickets of the deck drawn from only: a long ticket, dealt at the opening alone, stays where it is)
    others = [p for p in range(len(d["tickets"])) if p != seat]
    pool = [t for p in others for t in d["tickets"][p] + d["opening_offers"][p] if t not in long_tickets]
    pool += d["ticket_deck"]
    rng.shuffle(pool)
    k = 0
    for p in others:
        for field in ("tickets", "opening_offers"):
            kept = [t for t in d[field][p] if t in long_tickets]
            n = len(d[field][p]) - len(kept)
            d[field][p], k = kept + pool[k:k + n], k + n
    d["ticket_deck"] = pool[k:]
    return d


@pytest.mark.parametrize("edition", ttr_nb.editions())
def test_view_hides_hands_tickets_and_deck_order(edition):
    rng = random.Random(3)
    for state in all_sampled(edition):
        d = state.to_dict()
        game = state.game
        base = game.state_from_dict(d)
        for seat in range(game.players):
            v = base.view(seat)
            json.dumps(v)                                   # plain data
            assert v["hand"] == d["hands"][seat] and v["tickets"] == d["tickets"][seat]
            assert v["hand_sizes"] == [sum(h.values()) for h in d["hands"]]
            assert v["ticket_counts"] == [len(t) for t in d["tickets"]]
            assert v["deck_size"] == len(d["deck"]) and v["ticket_deck_size"] == len(d["ticket_deck"])
            assert v["display"] == d["display"] and v["discard"] == d["discard"] and v["routes"] == d["routes"]
            assert not {"hands", "deck", "ticket_deck", "removed_tickets", "opening_offers"} & set(v)
            if d["current_player"] != seat:
                assert v["offer"] == []
            assert v["opening_offer"] == d["opening_offers"][seat]
            # changing only what this seat cannot see changes nothing it sees
            long_tickets = frozenset(t.key for t in game.board.tickets if t.deck != game.rules.tickets.draw_from)
            hidden = game.state_from_dict(_hide_from(d, seat, rng, long_tickets))
            assert hidden.view(seat) == v, (edition, seat, d["phase"])


@pytest.mark.parametrize("edition", sorted(HAS_TUNNELS))
def test_view_shows_tunnel_reveals_to_everyone(edition):
    states = sampled_states(edition).get("tunnel", [])
    assert states
    for state in states:
        t = state.to_dict()["tunnel"]
        for seat in range(state.game.players):
            v = state.view(seat)
            assert v["tunnel"]["revealed"] == t["revealed"] and v["tunnel"]["extra"] == t["extra"]
            assert v["tunnel"]["route"] == t["route"] and v["tunnel"]["payment"] == t["payment"]
            assert v["last_tunnel_reveal"]["revealed"] == t["revealed"]


def test_view_shows_the_last_reveal_after_a_tunnel_resolves():
    game = ttr_nb.load_game("europe", players=2, seed=1)
    s = game.state_from_dict({"phase": "turn", **_fill_rest(game, ["red", "green", "white"], {"blue": 2}, ["pink"] * 5)})
    after = s.apply("claim München-Venezia blue*2")
    assert after.owner("München-Venezia") == 0                 # nothing to pay: claimed at once
    for seat in (0, 1):
        reveal = after.view(seat)["last_tunnel_reveal"]
        assert reveal == {"route": "München-Venezia", "revealed": ["red", "green", "white"], "extra": 0}
    assert after.to_dict()["discard"][-5:] == ["red", "green", "white", "blue", "blue"]


def _fill_rest(game, top: list, hand: dict, display: list) -> dict:
    """deck = `top` (top first) then every card not placed, so the totals are right."""
    rules = game.rules
    left = {c: rules.cards_per_colour for c in CARD_NAMES[:8]}
    left["loco"] = rules.locomotives
    for c in top + display:
        left[c] -= 1
    for c, n in hand.items():
        left[c] -= n
    return {"deck": top + [c for c in CARD_NAMES for _ in range(left[c])], "discard": [],
            "hands": [hand, {}], "display": display}


def test_the_last_tunnel_reveal_survives_a_round_trip():
    """`to_dict` keeps the latest dig, so a saved game still shows it in `view`."""
    game = ttr_nb.load_game("europe", players=2, seed=1)
    s = game.state_from_dict({"phase": "turn", **_fill_rest(game, ["red", "green", "white"], {"blue": 2}, ["pink"] * 5)})
    after = s.apply("claim München-Venezia blue*2")
    again = game.state_from_dict(after.to_dict())
    assert again.view(1)["last_tunnel_reveal"] == after.view(1)["last_tunnel_reveal"] is not None
    assert again.to_dict() == after.to_dict()


@pytest.mark.parametrize("reveal, words", [
    ({"route": "Berlin-Wien", "revealed": ["red"], "extra": 0}, "is not a tunnel"),
    ({"route": "München-Venezia", "revealed": ["red"] * 4, "extra": 1}, "up to 3 cards"),
    ({"route": "München-Venezia", "revealed": ["red"], "extra": 2}, "up to 3 cards"),
    ({"route": "München-Venezia", "revealed": ["mauve"], "extra": 0}, "mauve"),
])
def test_a_wrong_last_tunnel_reveal_is_refused(reveal, words):
    game = ttr_nb.load_game("europe", players=2, seed=1)
    with pytest.raises(PositionError, match=words):
        game.state_from_dict({"last_tunnel_reveal": reveal})
