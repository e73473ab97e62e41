"""Small HTML pieces every widget shows: escaped text, counted words, card chips, colour swatches.

The look of each piece is a `ttr-*` CSS class of the widgets' stylesheet (`style.py`); only
data-driven colours (a player's colour, a bar's length) are written on the element.
"""
from __future__ import annotations

import html

from ..engine.cards import CARD_NAMES, colour_name, counted_cards
from ..engine.i18n import N_, translations
from ..engine.narration import and_list, plural
from ..viz.cards import CARD_COLOURS

_, ngettext = translations("widgets")

#: cards of one kind, uncounted: "the extra cards may be red cards or locomotives"
CARDS_OF = (N_("red cards"), N_("orange cards"), N_("yellow cards"), N_("green cards"), N_("blue cards"),
            N_("pink cards"), N_("white cards"), N_("black cards"), N_("locomotives"))

__all__ = ["CARDS_OF", "esc", "route_colour", "plural", "routes_text", "spaces_text", "players_text", "cards_count", "signed", "names_list", "text_colour", "card_label", "chip", "cards_chips",
           "mini_cards", "swatch"]


def esc(text) -> str:
    """`text` escaped for HTML."""
    return html.escape(str(text))


def route_colour(colour: str) -> str:
    """A route's printed colour as a word: 'grey' for a grey route, else the card colour's name."""
    return _("grey") if colour in ("gray", "grey") else colour_name(colour)


def routes_text(n: int) -> str:
    """'1 route', '2 routes'."""
    return ngettext("{n} route", "{n} routes", n).format(n=n)


def spaces_text(n: int) -> str:
    """'1 space', '2 spaces' (train spaces on the board)."""
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


def players_text(n: int) -> str:
    """'1 player', '2 players'."""
    return ngettext("{n} player", "{n} players", n).format(n=n)


def cards_count(n: int) -> str:
    """'1 card', '2 cards' (train cards of any colour)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def signed(n: int) -> str:
    """+12, −12 (a real minus sign), ±0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "±0")


def names_list(items) -> str:
    """'a', 'a and b', 'a, b and c'; 'nobody' for none."""
    items = list(items)
    return and_list(items) if items else _("nobody")


def _luminance(colour: str) -> float:
    """The relative luminance (WCAG 2) of a '#rrggbb' colour."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def text_colour(background: str) -> str:
    """White or near-black, whichever contrasts more with `background` ('#rrggbb')."""
    lum = _luminance(background)
    on_white = 1.05 / (lum + 0.05)
    on_black = (lum + 0.05) / (_luminance("#111111") + 0.05)
    return "#ffffff" if on_white > on_black else "#111111"


def card_label(name: str) -> str:
    """A card kind as a student reads it: 'red', 'locomotive' (in the language chosen)."""
    return colour_name(name)


def chip(name: str, n: int | None = None) -> str:
    """A train card as a coloured chip: 'red ×3' (class ``ttr-chip ttr-colour-red``)."""
    count = f" ×{n}" if n is not None else ""
    return f"<span class='ttr-chip ttr-colour-{name}'>{card_label(name)}{count}</span>"


def cards_chips(cards) -> str:
    """A multiset of cards (nine counts) as chips."""
    return "".join(chip(CARD_NAMES[i], n) for i, n in enumerate(cards) if n)


def mini_cards(cards) -> str:
    """A payment as small coloured squares with counts (compact, beside its words)."""
    out = [f"<span class='ttr-mini-card ttr-colour-{CARD_NAMES[i]}' title='{esc(counted_cards(i, n))}'>"
           f"{n}</span>" for i, n in enumerate(cards) if n]
    return "<span class='ttr-mini-cards'>" + "".join(out) + "</span>"


def swatch(colour: str) -> str:
    """A small square of `colour` (a player's colour, a route colour) before a name."""
    return f"<span class='ttr-swatch' style='background:{esc(colour)}'></span>"


def card_css() -> str:
    """One CSS rule per card kind: its colour and a readable text colour."""
    return "\n".join(f".ttr-colour-{name} {{ background: {colour}; color: {text_colour(colour)}; }}"
                     for name, colour in CARD_COLOURS.items())
