"""Questions about a board or a game: ticket paths, tunnel odds, board facts, agents, hints and tournaments.
Depends on the engine only (and networkx)."""
from .agents import AGENTS, Agent, make_agent
from .board_stats import board_stats, routes_by_colour, routes_by_length, spaces_by_colour
from .bots import BOTS, GreedyBot, RandomBot
from .hints import Hint, hint
from .styles import DestinationHungry, LongRoute, OneStepThinking, RouteFocus
from .tournament import TournamentResult, tournament
from .paths import route_graph, shortest_ticket_path
from .tunnels import expected_extra, extra_card_odds, tunnel_odds
