"""Players: the base of every agent, a random one and a greedy one that pursues its tickets.

An agent is called with the position to move in, ``agent(state) -> action``, as the game
table calls a bot; it decides from what the seat to move may know: the seat's
`Observation` (`ttr_nb.engine.seat`), never the position itself. Its own hand and tickets,
the board, the display, the discard pile, the counts of the others' cards and tickets are
in it; the other hands and tickets and the deck's order are not. `agent.act(observation)`
is the same decision, for a caller that already holds the observation.

Every agent chooses among the position's `legal_actions()`.
"""
from __future__ import annotations

import random
from collections import Counter

from ..engine.actions import AbandonTunnel, Claim, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets, PayTunnel
from ..engine.cards import CARD_NAMES, COLOURS, LOCO
from ..engine.seat import Observation, observe
from .paths import shortest_ticket_path


class Agent:
    """The base of the agents: ``agent(state)`` decides for the player to move, from that seat's
    observation; subclasses write `act(observation) -> action`. `seed` seeds the agent's own
    random choices (`rng`), so a seeded game replays."""
    name = "agent"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def __call__(self, state):
        if isinstance(state, Observation):
            return self.act(state)
        return self.act(observe(state, state.current_player))

    def act(self, observation: Observation):
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Agent):
    """Chooses uniformly among the legal actions."""
    name = "random"

    def act(self, observation):
        actions = observation.legal_actions()
        return actions[self.rng.randrange(len(actions))]


class GreedyBot(Agent):
    """Keeps the tickets it can reach most cheaply, claims routes on their shortest paths
    (longest first), collects the colours those routes need, and draws more tickets once
    its tickets are done and trains remain."""
    name = "greedy"

    def act(self, observation):
        state = observation.position
        phase = state.phase
        if phase in ("opening", "tickets"):
            return self._keep(state)
        if phase == "tunnel":
            pays = [a for a in state.legal_actions() if isinstance(a, PayTunnel)]
            return pays[0] if pays else AbandonTunnel()
        if phase == "draw2":
            return self._draw(state, second=True)
        return self._turn(state)

    # -- tickets
    def _ticket_cost(self, state, ticket_index, player):
        try:
            return shortest_ticket_path(state, state.board.tickets[ticket_index], player)[0]
        except ValueError:
            return 10 ** 6

    def _keep(self, state):
        p = state.current_player
        choice = state.ticket_choice()
        offer, need = choice.offer, choice.minimum
        costs = sorted((self._ticket_cost(state, tk, p) / max(1, state.board.tickets[tk].value), i)
                       for i, tk in enumerate(offer))
        keep = [i for c, i in costs if c <= 1.2][:len(offer)]
        if len(keep) < need:
            keep = [i for _, i in costs[:need]]
        return KeepTickets(tuple(sorted(keep)))

    def _targets(self, state) -> list[int]:
        """Routes on the shortest paths of the player's unfinished tickets."""
        p = state.current_player
        routes = []
        for tk in state.tickets[p]:
            try:
                cost, path = shortest_ticket_path(state, state.board.tickets[tk], p)
            except ValueError:
                continue
            if cost:
                routes.extend(r for r in path if state.owners[r] < 0)
        return routes

    # -- turns
    def _turn(self, state):
        targets = self._targets(state)
        legal = state.legal_actions()
        g = state.game
        claims = {}
        for a in legal:
            if isinstance(a, Claim):
                ri = g.route_index(a.route)
                best = claims.get(ri)
                if best is None or a.payment[LOCO] < best.payment[LOCO]:
                    claims[ri] = a
        wanted = [r for r in targets if r in claims]
        if wanted:
            return claims[max(wanted, key=lambda r: g.board.routes[r].length)]
        p = state.current_player
        if not targets and claims and state.trains[p] <= 12:
            return claims[max(claims, key=lambda r: g.board.routes[r].length)]
        if not targets and DrawTickets() in legal and state.trains[p] > 12:
            return DrawTickets()
        draw = self._draw(state, second=False, targets=targets)
        if draw is not None:
            return draw
        if claims:
            return claims[max(claims, key=lambda r: g.board.routes[r].length)]
        return legal[self.rng.randrange(len(legal))]

    def _draw(self, state, second: bool, targets=None):
        legal = state.legal_actions()
        targets = self._targets(state) if targets is None else targets
        need = Counter()
        for r in targets:
            route = state.board.routes[r]
            if route.colour != "gray":
                need[COLOURS.index(route.colour)] += route.length
        for colour, _ in need.most_common():
            a = DrawFaceUp(CARD_NAMES[colour])
            if a in legal:
                return a
        if DrawBlind() in legal:
            return DrawBlind()
        draws = [a for a in legal if isinstance(a, DrawFaceUp)]
        if draws:
            return draws[0]
        return None if not second else legal[0]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
