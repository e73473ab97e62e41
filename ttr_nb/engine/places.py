"""What a student reads for a place on a board: its name, or, for a junction the board data
leaves without a name (``City.is_junction``), words that say so.

Northern Lights has three such junctions: dots where routes meet, with no name in the board's one
source.  The board data gives each an id ("Unnamed Swedish city (north)") so that routes and
actions can name it; what a student reads (a board, a hover text, a route's name in a sentence)
never shows that id.

    >>> from ttr_nb.engine.board import load_board
    >>> board = load_board("northernlights")
    >>> place_name(board, "Unnamed Swedish city (north)"), place_name(board, "Unnamed Russian city")
    ('a junction without a name in northern Sweden', 'a junction without a name in Russia')
    >>> place_name(board, "Kiruna")
    'Kiruna'
"""
from __future__ import annotations

from .i18n import N_, translations

__all__ = ["place_name", "junctions"]

_, ngettext = translations("engine")

#: The countries a junction lies in, marked for translation (a country the list lacks is shown as
#: the board data spells it).
COUNTRY_NAMES = {"Norway": N_("Norway"), "Sweden": N_("Sweden"), "Finland": N_("Finland"),
                 "Russia": N_("Russia"), "Denmark": N_("Denmark")}


def junctions(board) -> list:
    """The board's junctions without a name, in the board data's order."""
    return [c for c in board.cities if c.is_junction]


def place_name(board, city) -> str:
    """The name a student reads for ``city`` (a City or its name): the city's name, or, for an
    unnamed junction, "a junction without a name in northern Sweden": its country, and where the
    country has two, which one lies farther north (more than two are numbered from the north).
    No comma: a route's name in a sentence takes a comma as the end of an appositive."""
    if isinstance(city, str):
        city = board.city[city]
    if not city.is_junction:
        return city.name
    if city.country is None:
        return _("a junction without a name")
    country = _(COUNTRY_NAMES[city.country]) if city.country in COUNTRY_NAMES else city.country
    same = sorted((c for c in junctions(board) if c.country == city.country), key=lambda c: (c.y, c.x))
    if len(same) == 1:
        return _("a junction without a name in {country}").format(country=country)
    n = same.index(city) + 1
    if len(same) == 2 and n == 1:
        return _("a junction without a name in northern {country}").format(country=country)
    if len(same) == 2:
        return _("a junction without a name in southern {country}").format(country=country)
    return _("a junction without a name in {country} (number {n} from the north)").format(country=country, n=n)
