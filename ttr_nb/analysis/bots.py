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
from .paths import BoardPaths


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

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.paths = BoardPaths()

    def act(self, observation):
        phase = observation.phase
        if phase in ("opening", "tickets"):
            return self._keep(observation)
        if phase == "tunnel":
            pays = [a for a in observation.legal_actions() if isinstance(a, PayTunnel)]
            return pays[0] if pays else AbandonTunnel()
        if phase == "draw2":
            return self._draw(observation, second=True)
        return self._turn(observation)

    # -- tickets
    def _ticket_cost(self, seen, ticket_index):
        found = self.paths.ticket(seen, seen.board.tickets[ticket_index], seen.player)
        return 10 ** 6 if found is None else found.cost

    def _keep(self, seen):
        choice = seen.ticket_choice()
        offer, need = choice.offer, choice.minimum
        tickets = seen.board.tickets
        costs = sorted((self._ticket_cost(seen, tk) / max(1, tickets[tk].value), i)
                       for i, tk in enumerate(offer))
        # the cheap ones, or the cheapest `need`; where the opening limits a deck's tickets kept
        # (Mega Europe: one long ticket), a ticket past its deck's limit is left
        most = dict(seen.rules.tickets.opening_keep_most) if choice.opening else {}
        kept = dict.fromkeys(most, 0)
        keep = []
        for c, i in costs:
            deck = tickets[offer[i]].deck
            if (c <= 1.2 or len(keep) < need) and (deck not in most or kept[deck] < most[deck]):
                keep.append(i)
                if deck in most:
                    kept[deck] += 1
        return KeepTickets(tuple(sorted(keep)))

    def _targets(self, seen) -> list[int]:
        """Routes on the shortest paths of the player's unfinished tickets."""
        routes = []
        owners = seen.owners
        for tk in seen.tickets:
            found = self.paths.ticket(seen, seen.board.tickets[tk], seen.player)
            if found is not None and found.cost:
                routes.extend(r for r in found.routes if owners[r] < 0)
        return routes

    # -- turns
    def _turn(self, seen):
        targets = self._targets(seen)
        legal = seen.legal_actions()
        board = seen.board
        keys = seen.game.route_keys
        claims = dict.fromkeys(legal.claimable_routes())

        def claim(ri):               # the claim of route `ri` paying the fewest locomotives (the first listed)
            return Claim(keys[ri], min(legal.payments_for(ri), key=lambda pay: pay[LOCO]))
        wanted = [r for r in targets if r in claims]
        if wanted:
            return claim(max(wanted, key=lambda r: board.routes[r].length))
        trains = seen.trains[seen.player]
        if not targets and claims and trains <= 12:
            return claim(max(claims, key=lambda r: board.routes[r].length))
        if not targets and DrawTickets() in legal and trains > 12:
            return DrawTickets()
        draw = self._draw(seen, second=False, targets=targets)
        if draw is not None:
            return draw
        if claims:
            return claim(max(claims, key=lambda r: board.routes[r].length))
        return legal[self.rng.randrange(len(legal))]

    def _draw(self, seen, second: bool, targets=None):
        legal = seen.legal_actions()
        targets = self._targets(seen) if targets is None else targets
        need = Counter()
        for r in targets:
            route = seen.board.routes[r]
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
