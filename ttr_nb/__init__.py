"""ttr_nb: Ticket to Ride rules, exact, for teaching.

>>> import ttr_nb
>>> game = ttr_nb.load_game("usa", players=2, seed=1)
>>> state = game.new_state()
>>> state.phase
'opening'
"""
from .engine import (AbandonTunnel, Action, ActionSyntaxError, Board, BuildStation, Cards, Claim, DrawBlind,
                     DrawFaceUp, DrawTickets, Game, IllegalAction, KeepTickets, LegalActions, LongestPath,
                     MapError, Match, Pass, PayTunnel, PositionError, Reason, Rules, SaveFileError, ScoreRow,
                     State, TicketResult, editions, load_board, load_game, load_rules, longest_path, parse)

__version__ = "0.1.0"
