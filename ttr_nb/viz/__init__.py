"""plotly figures of boards and cards: pure functions from engine objects to figures.

Never imports ipywidgets (the widget layer builds on this one), and needs no internet:
the board is drawn on plain x/y axes in board coordinates, no base map.

>>> import ttr_nb
>>> from ttr_nb.viz import board_figure
>>> fig = board_figure(ttr_nb.load_game("europe"))
>>> fig.layout.yaxis.range          # y runs down, like the board picture
(1125, 0)
"""
from .board import (PLAYER_COLOURS, ROUTE_COLOUR_ORDER, ROUTE_COLOURS, TEXT_SIZES, BoardView, Overlays, board_figure,
                    board_view, board_widget, fit_width, keep_state_fresh, ticket_path, update_board)
from .palette import PLAYER_MARKS, PLAYER_NAMES, ROUTE_LETTERS
from .cards import CARD_COLOURS, display_figure, hand_figure, update_cards
from .figure import Figure, static
from .geometry import BoardGeometry, board_geometry
from .tournament import tournament_figure

__all__ = [
    "PLAYER_COLOURS", "PLAYER_NAMES", "PLAYER_MARKS", "ROUTE_LETTERS", "TEXT_SIZES", "fit_width",
    "ROUTE_COLOURS", "ROUTE_COLOUR_ORDER", "BoardView", "Overlays", "board_figure",
    "board_widget", "board_view", "keep_state_fresh", "update_board", "ticket_path", "BoardGeometry", "board_geometry",
    "Figure", "static", "tournament_figure", "CARD_COLOURS", "hand_figure", "display_figure", "update_cards",
]
