"""The rules engine: no plotly, no ipywidgets, no IPython."""
from .actions import (AbandonTunnel, Action, ActionSyntaxError, BuildStation, Claim, CollectWarehouse, DrawBlind,
                      DrawFaceUp, DrawTickets, EndTurn, KeepTickets, Pass, PayTunnel, PlaceDepot, StoreCard, parse)
from .board import Board, MapError, load_board
from .cards import CARD_NAMES, COLOURS, LOCO, Cards
from .errors import IllegalAction, Reason
from .game import Game, editions, load_game, variants
from .longest import LongestPath, longest_path
from .match import Match, SaveFileError
from .rules import Rules, load_rules
from .scoring import ScoreRow, TicketResult
from .seat import Observation, observe
from .serialize import PositionError
from .state import LegalActions, State
