"""Every agent of the package by name (`AGENTS`): how a tournament or a study names its players.

``AGENTS[name](seed)`` makes one; each is an `Agent` (`bots.Agent`): ``agent(state) -> action``
for the player to move, decided from that seat's observation alone.
"""
from __future__ import annotations

from .bots import Agent, GreedyBot, RandomBot
from .planner import Planner
from .styles import STYLES

__all__ = ["AGENTS", "Agent", "make_agent"]

#: agent name -> class (called with a seed)
AGENTS: dict[str, type[Agent]] = {"random": RandomBot, "greedy": GreedyBot, **STYLES, "planner": Planner}


def make_agent(name: str, seed: int = 0) -> Agent:
    """The agent called `name` (one of `AGENTS`), seeded."""
    try:
        kind = AGENTS[name]
    except KeyError:
        raise ValueError(f"No agent is called {name!r}: the agents are {', '.join(AGENTS)}.") from None
    return kind(seed)
