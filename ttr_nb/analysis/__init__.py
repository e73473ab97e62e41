"""Questions about a board or a game: ticket paths, tunnel odds, board facts, bots.
Depends on the engine only (and networkx)."""
from .board_stats import board_stats, routes_by_colour, routes_by_length, spaces_by_colour
from .bots import BOTS, GreedyBot, RandomBot
from .paths import route_graph, shortest_ticket_path
from .tunnels import expected_extra, extra_card_odds, tunnel_odds
