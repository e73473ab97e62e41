"""ipywidgets teaching widgets (each displays in one line). Depends on engine, analysis, viz."""
from .base import Controller, StatusLine, WidgetBase
