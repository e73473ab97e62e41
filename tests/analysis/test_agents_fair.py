"""Agents play fair: an agent decides from what its seat may know (`ttr_nb.engine.seat`).

Positions are taken along seeded games of every edition (agents of every kind playing);
in each, what the seat to move cannot see is changed: the deck's order, the other hands
(cards swapped with the deck), the other seats' tickets and opening offers (swapped with
the ticket deck), the game's seed. The seat's observation stays the same, and so does
every agent's choice, both for a fresh agent and for one that has played the game so far.
The observed position itself shows the seat's own view and the real legal actions.
"""
from __future__ import annotations

import copy
import random

import pytest

import ttr_nb
import ttr_nb.analysis.bots
from ttr_nb.analysis.agents import AGENTS
from ttr_nb.engine.position import FIELDS
from ttr_nb.engine.seat import observe
from ttr_nb.engine.state import State

EDITIONS = ttr_nb.editions()


def _fields(s: State) -> dict:
    return {name: getattr(s, name) for name in FIELDS}


def hidden_changed(s: State, rng: random.Random, seed: int) -> State:
    """`s` with what its player to move cannot see changed, and a game of another seed."""
    me = s.player
    f = _fields(s)
    deck = list(f["deck"])
    hands = [list(h) for h in f["hands"]]
    # cards between the other hands and the deck (each hand keeps its size), then the deck shuffled
    for p in range(len(hands)):
        if p == me:
            continue
        for _ in range(3):
            held = [k for k, n in enumerate(hands[p]) if n]
            if not held or not deck:
                break
            k = rng.choice(held)
            j = rng.randrange(len(deck))
            hands[p][k] -= 1
            hands[p][deck[j]] += 1
            deck[j] = k
    rng.shuffle(deck)
    f["hands"] = tuple(tuple(h) for h in hands)
    f["deck"] = tuple(deck)
    # the other seats' tickets and opening offers swapped with tickets of the ticket deck
    ticket_deck = list(f["ticket_deck"])
    rng.shuffle(ticket_deck)

    def swapped(held: tuple) -> tuple:
        out = list(held)
        for i in range(len(out)):
            if ticket_deck and rng.random() < 0.7:
                out[i], ticket_deck[-1] = ticket_deck[-1], out[i]
                rng.shuffle(ticket_deck)
        return tuple(out)

    f["tickets"] = tuple(t if p == me else swapped(t) for p, t in enumerate(f["tickets"]))
    f["opening_offers"] = tuple(o if p == me else swapped(o) for p, o in enumerate(f["opening_offers"]))
    f["ticket_deck"] = tuple(ticket_deck)
    g = s.game
    other = ttr_nb.Game(g.rules, g.board, g.players, seed=seed, first_player=g.first_player)
    return State(other, **f)


def positions(edition: str, players: int, seed: int, every: int):
    """(position, the agents of the seats as they stand) every `every` actions of a seeded game
    of agents of every kind, and every ticket choice and tunnel."""
    names = sorted(AGENTS)
    seats = [AGENTS[names[(seed + i) % len(names)]](seed * 10 + i) for i in range(players)]
    state = ttr_nb.load_game(edition, players=players, seed=seed).new_state()
    k = 0
    while not state.is_over():
        if k % every == 0 or state.phase in ("opening", "tickets", "tunnel"):
            yield state, seats
        state = state.apply(seats[state.current_player](state))
        k += 1


class Peeker(ttr_nb.analysis.bots.Agent):
    """An agent that cheats: it reads the next player's hand in the position it is handed."""
    name = "peeker"

    def __call__(self, state):
        legal = state.legal_actions()
        hand = state.hands[(state.player + 1) % state.game.players]
        return legal[sum(k * n for k, n in enumerate(hand)) % len(legal)]


def test_the_check_catches_an_agent_that_peeks():
    caught = 0
    rng = random.Random(1)
    for state, _ in positions("usa", 2, seed=1, every=5):
        other = hidden_changed(state, rng, seed=99)
        caught += Peeker(0)(state) != Peeker(0)(other)
    assert caught >= 3


def _cases():
    out = []
    for edition in EDITIONS:
        rules = ttr_nb.load_rules(edition)
        for players in sorted({rules.min_players, rules.max_players}):
            out.append(pytest.param(edition, players, id=f"{edition}-{players}"))
    return out


@pytest.mark.parametrize("edition, players", _cases())
def test_a_choice_does_not_change_with_what_the_seat_cannot_see(edition, players):
    rng = random.Random(f"{edition}/{players}")
    checked = set()
    changed = total = 0
    for seed in range(2):
        for state, seats in positions(edition, players, seed, every=18):
            me = state.player
            other = hidden_changed(state, rng, seed=1000 + seed)
            assert other.view(me) == state.view(me)
            total += 1
            changed += other.to_dict() != state.to_dict()
            seen, seen_other = observe(state, me), observe(other, me)
            assert seen.position.to_dict() == seen_other.position.to_dict()
            assert seen.position.game.seed == 0
            for name, kind in AGENTS.items():
                fresh = (kind(7)(state), kind(7)(other))
                assert fresh[0] == fresh[1], (name, state, fresh)
                if type(seats[me]) is kind:          # and an agent that has played the game so far
                    played = (copy.deepcopy(seats[me])(state), copy.deepcopy(seats[me])(other))
                    assert played[0] == played[1], (name, state, played)
                checked.add((name, state.phase))
    assert changed >= 0.8 * total           # (a position late in a game may have nothing hidden left to change)
    assert {name for name, _ in checked} == set(AGENTS)
    assert {"opening", "turn", "draw2"} <= {phase for _, phase in checked}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_observed_position_shows_the_seat_its_view_and_the_legal_actions(edition):
    rules = ttr_nb.load_rules(edition)
    for players in (rules.min_players, rules.max_players):
        for state, _ in positions(edition, players, seed=3, every=4):
            for p in range(players):
                seen = observe(state, p)
                assert seen.view() == state.view(p)
                assert sum(seen.unseen_cards()) == len(state.deck) + sum(
                    sum(h) for q, h in enumerate(state.hands) if q != p)
                pos = seen.position                 # the observation answers as its observed position
                assert (seen.hand, seen.tickets, seen.offer, seen.opening_offer) == (
                    pos.hands[p], pos.tickets[p], pos.offer if pos.player == p else (), pos.opening_offers[p])
                for name in ("phase", "turn", "display", "discard", "owners", "free", "blocked", "trains",
                             "points", "stations", "pending", "countdown", "bonus_cards"):
                    assert getattr(seen, name) == getattr(pos, name), name
                assert seen.current_player == pos.player and seen.game is pos.game
                assert seen.hand_sizes == tuple(map(sum, pos.hands)) and seen.deck_size == len(pos.deck)
                assert seen.ticket_counts == tuple(map(len, pos.tickets))
                assert seen.ticket_deck_size == len(pos.ticket_deck)
                assert seen.unseen_cards() == observe(pos, p).unseen_cards()
                assert seen.unseen_tickets() == observe(pos, p).unseen_tickets()
            seen = observe(state, state.player)
            listed = [str(a) for a in state.legal_actions()]
            assert [str(a) for a in seen.legal_actions()] == listed
            assert [str(a) for a in seen.position.legal_actions()] == listed
            if state.phase == "turn":
                legal = seen.legal_actions()
                by_route = [str(ttr_nb.Claim(state.game.route_keys[r], pay))
                            for r in legal.claimable_routes() for pay in legal.payments_for(r)]
                assert by_route == [a for a in listed if a.startswith("claim ")]


def test_an_observation_names_the_seat_and_refuses_another_seats_move():
    state = ttr_nb.load_game("usa", players=3, seed=1).new_state()
    with pytest.raises(ValueError, match="player must be 0..2"):
        observe(state, 3)
    with pytest.raises(ValueError, match="seat 1 is not to move"):
        observe(state, 1).legal_actions()
    assert observe(state, 0).to_move and "seat 0" in repr(observe(state, 0))
