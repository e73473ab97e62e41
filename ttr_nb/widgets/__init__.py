"""ipywidgets teaching widgets (each displays in one line). Depends on engine, analysis, viz."""
from .base import Controller, StatusLine, WidgetBase
from .scoring import ScoringWalkthrough
from .table import GameTable
from .explorer import EditionExplorer
from .payment import PaymentChecker
from .tunnel import TunnelLab
from .app import GameApp
