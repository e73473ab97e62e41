"""ttr_nb: Ticket to Ride rules, exact, for teaching.

>>> import ttr_nb
>>> game = ttr_nb.load_game("usa", players=2, seed=1)
>>> state = game.new_state()
>>> state.phase
'opening'

Texts in Danish (or back in English, the default):

>>> ttr_nb.set_language("da"); ttr_nb.language()
'da'
>>> ttr_nb.set_language("en")
"""
from .engine import (AbandonTunnel, Action, ActionSyntaxError, Board, BuildStation, Cards, Claim, CollectWarehouse,
                     DrawBlind, DrawFaceUp, DrawTickets, EndTurn, Game, IllegalAction, KeepTickets, LegalActions,
                     LongestPath, MapError, Match, Observation, Pass, PayTunnel, PlaceDepot, PositionError, Reason,
                     Rules, SaveFileError, StoreCard,
                     ScoreRow, State, TicketResult, editions, load_board, load_game, load_rules, longest_path, observe,
                     parse, variants)
from .engine.i18n import language, set_language
from . import static_html as _static_html

if _static_html.enabled():          # the course site's kernels: figures and widgets shown as HTML
    _static_html.install()



def _version() -> str:
    """The installed distribution's version; in a source tree that is not installed, pyproject's."""
    from importlib import metadata
    try:
        return metadata.version("ttr-nb")
    except metadata.PackageNotFoundError:
        import re
        from pathlib import Path
        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        text = pyproject.read_text(encoding="utf-8") if pyproject.is_file() else ""
        found = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
        return found.group(1) if found else "unknown"


def __getattr__(name: str):
    # read on first use: importlib.metadata costs ~17 ms, not worth paying at every import
    if name == "__version__":
        globals()["__version__"] = version = _version()
        return version
    raise AttributeError(f"module 'ttr_nb' has no attribute {name!r}")
