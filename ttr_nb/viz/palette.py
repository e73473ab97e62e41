"""The colours of the board pictures: printed route colours, player colours, their names,
and the marks that make both readable without colour.

Route colours are close to the printed boards.  Player colours are chosen to differ from
every route colour and from each other also for people with red-green (deuteranopia,
protanopia) or blue-yellow (tritanopia) colour blindness: the first five seats are at least
10 apart in CIEDE2000 from each other and at least 12 from every route colour, in normal
vision and under each of the three simulations (``tests/viz/test_palette.py`` measures it).
Each seat also has a mark shape drawn on every car it owns, so ownership reads without colour,
and colour-blind mode writes a letter on every open space naming its printed colour.

>>> PLAYER_NAMES[:3]
('violet', 'sky blue', 'dusty rose')
>>> ROUTE_LETTERS["black"], ROUTE_LETTERS["gray"]
('K', '')
"""
from __future__ import annotations

from ..engine.i18n import N_

__all__ = ["ROUTE_COLOURS", "ROUTE_COLOUR_ORDER", "ROUTE_LETTERS", "PLAYER_COLOURS", "PLAYER_NAMES",
           "PLAYER_MARKS", "mark_colour", "text_colour"]

#: Fill colours of the train spaces, close to the printed boards (pink is a clear pink-purple).
ROUTE_COLOURS: dict[str, str] = {
    "gray": "#a3a6ab",
    "red": "#d7262b",
    "orange": "#f58a1f",
    "yellow": "#f7d51d",
    "green": "#3a9e3f",
    "blue": "#1f6ccf",
    "pink": "#d45fb5",
    "white": "#fbfbf7",
    "black": "#262626",
}
#: The order of the unclaimed-space traces.
ROUTE_COLOUR_ORDER: tuple[str, ...] = ("gray", "red", "orange", "yellow", "green", "blue", "pink", "white",
                                       "black")
#: Colour-blind mode: the letter on each open space (grey routes take any colour: no letter).
ROUTE_LETTERS: dict[str, str] = {"gray": "", "red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B",
                                 "pink": "P", "white": "W", "black": "K"}

#: Player colours by seat.  None is a route colour, and none is close to one in any of the
#: four visions; seats 6 and 7 (for longer lists of colours) are less far apart.  The third seat
#: is a light dusty rose, not the maroon it was: under protanopia maroon cars read as black routes.
PLAYER_COLOURS: tuple[str, ...] = ("#4422aa", "#77ccff", "#886666", "#bbddaa", "#225566", "#ccaaee", "#447722")
#: The names of the player colours, said in legends and hover texts (in English: translated where shown).
PLAYER_NAMES: tuple[str, ...] = (N_("violet"), N_("sky blue"), N_("dusty rose"), N_("mint"), N_("teal"), N_("lavender"),
                                 N_("olive"))
#: The mark drawn on every car a seat owns (a plotly marker symbol) and its name.
PLAYER_MARKS: tuple[tuple[str, str], ...] = (("circle", "●"), ("square", "■"), ("diamond", "◆"),
                                             ("triangle-up", "▲"), ("star", "★"), ("cross", "✚"), ("x", "✖"))


def _luminance(colour: str) -> float | None:
    c = colour.strip().lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6:
        return None
    try:
        r, g, b = (int(c[k:k + 2], 16) / 255 for k in (0, 2, 4))
    except ValueError:
        return None
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour; others: black)."""
    y = _luminance(fill)
    return "#111111" if y is None or y > 0.2 else "#ffffff"


def mark_colour(fill: str) -> str:
    """The colour of an owner's mark on a car filled with ``fill``."""
    return text_colour(fill)
