"""Every agent of the package by name (`AGENTS`): how a tournament, a study or a game table
names its players, and how a student reads them (`agent_title`, `agent_summary`).

``AGENTS[name](seed)`` makes one; each is an `Agent` (`bots.Agent`): ``agent(state) -> action``
for the player to move, decided from that seat's observation alone.

    >>> agent_title("route-focus"), agent_summary("random")
    ('Route Focus', 'Plays any legal move, chosen at random.')
"""
from __future__ import annotations

from ..engine.i18n import N_, translations
from .bots import Agent, GreedyBot, RandomBot
from .planner import Planner
from .styles import STYLES

__all__ = ["AGENTS", "DESCRIPTIONS", "Agent", "make_agent", "agent_title", "agent_summary"]

_, ngettext = translations("engine")

#: agent name -> class (called with a seed)
AGENTS: dict[str, type[Agent]] = {"random": RandomBot, "greedy": GreedyBot, **STYLES, "planner": Planner}

#: agent name -> (its name for a student, how it plays in one line); "as in the study": the
#: published style as the authors' program plays it (their published results come from it)
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "random": (N_("random"), N_("Plays any legal move, chosen at random.")),
    "greedy": (N_("greedy"), N_("Keeps the tickets it reaches most cheaply, claims their routes longest first and "
                                "collects the colours they need.")),
    "destination-hungry": (N_("Destination Hungry"),
                           N_("Draws tickets while its plan leaves trains to spare, then builds the routes of its "
                              "plan.")),
    "route-focus": (N_("Route Focus"),
                    N_("Keeps its first tickets, never draws more, and claims the best-paying routes on their "
                       "paths.")),
    "route-focus-published": (N_("Route Focus, as in the study"),
                              N_("Route Focus as the study's own program plays it: its paths count routes, not "
                                 "trains.")),
    "one-step": (N_("One Step Thinking"),
                 N_("Works on its most valuable ticket, one route at a time; with all done, draws more "
                    "tickets.")),
    "one-step-published": (N_("One Step Thinking, as in the study"),
                           N_("One Step Thinking as the study's own program plays it: its paths count routes, "
                              "not trains.")),
    "long-route": (N_("Long Route"),
                   N_("Never draws more tickets, builds with long routes only and claims the longest route it "
                      "can.")),
    "long-route-published": (N_("Long Route, as in the study"),
                             N_("Long Route as the study's own program plays it: its paths count routes, not "
                                "trains.")),
    "planner": (N_("Planner"),
                N_("The strongest: prices every ticket by the plan it needs, claims the bottlenecks first and "
                   "hurries near the end.")),
}


def _known(name: str) -> str:
    if name not in AGENTS:
        raise ValueError(f"No agent is called {name!r}: the agents are {', '.join(AGENTS)}.")
    return name


def make_agent(name: str, seed: int = 0) -> Agent:
    """The agent called `name` (one of `AGENTS`), seeded."""
    return AGENTS[_known(name)](seed)


def agent_title(name: str) -> str:
    """The agent's name for a student, in the language chosen ("Route Focus", "greedy")."""
    return _(DESCRIPTIONS[_known(name)][0])


def agent_summary(name: str) -> str:
    """How the agent plays, in one line, in the language chosen."""
    return _(DESCRIPTIONS[_known(name)][1])
