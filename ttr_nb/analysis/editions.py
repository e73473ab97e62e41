"""The editions side by side: one row per rule, one column per edition.

The rows are the edition record's (`Rules.summary()`, read from ``ttr_nb/editions_data/*.toml``) plus
the rules a board carries route by route (``ttr_nb/maps/*.json``): what may stand in for a ferry's
locomotive symbol, and which routes give a draw bonus. Nothing here is written by hand per
edition: a new edition's column comes from its files.

    >>> rows = rule_rows("nordic")
    >>> rows["a ferry's locomotive symbol"]
    'a locomotive, or any 3 cards'
    >>> compared(["usa", "nordic"])["display flush"]
    {'usa': 'at 3 face-up locomotives', 'nordic': 'never'}
"""
from __future__ import annotations

from ..engine.board import load_board
from ..engine.i18n import N_, translations
from ..engine.narration import or_list
from dataclasses import dataclass

from ..engine.rules import deck_count, edition_ids, load_rules, summary_label, variant_ids, variant_title

_, ngettext = translations("engine")

__all__ = ["rule_rows", "compared", "differences", "row_label", "FERRY_ROW", "DRAW_BONUS_ROW", "WayToPlay",
           "ways_to_play", "BASE_GAME"]

#: The rows taken from the board (the others are `Rules.summary()`'s).
FERRY_ROW = "a ferry's locomotive symbol"
DRAW_BONUS_ROW = "draw bonus"
_LABELS = {FERRY_ROW: N_("a ferry's locomotive symbol"), DRAW_BONUS_ROW: N_("draw bonus")}
#: The board rows follow this row of the edition record.
_AFTER = "locomotives wild on"


def _ferry_payment(board) -> str:
    """What pays a ferry's locomotive symbol on this board, in words."""
    ferries = [r for r in board.routes if r.ferry_locomotives]
    if not ferries:
        return _("no ferries on this board")
    ways = []
    for n in sorted({r.any_cards_substitute for r in ferries if r.any_cards_substitute}):
        ways.append(_("any {n} cards").format(n=n))
    for n in sorted({r.ferry_pair_substitute for r in ferries} - {0}):
        ways.append(_("{n} cards of one colour").format(n=n))
    if not ways:
        return _("a locomotive")
    return _("a locomotive, or {ways}").format(ways=or_list(ways))


def _draw_bonus(board) -> str:
    """Which routes make the player draw cards blind after claiming them, in words."""
    bonus = sorted({r.draw_bonus for r in board.routes} - {0})
    if not bonus:
        return _("none")
    n = sum(1 for r in board.routes if r.draw_bonus)
    marks = or_list(f"+{b}" for b in bonus)
    return ngettext("{n} route marked {marks}: that many cards drawn blind after the claim",
                    "{n} routes marked {marks}: that many cards drawn blind after the claim", n).format(n=n, marks=marks)


def row_label(key: str) -> str:
    """The name of a row in the language chosen (the edition record's rows: `summary_label`)."""
    label = _LABELS.get(key)
    return _(label) if label else summary_label(key)


def rule_rows(edition: str, **options) -> dict[str, str]:
    """An edition's rules as plain rows: the edition record's, with the board's rows
    (`FERRY_ROW`, `DRAW_BONUS_ROW`) after "locomotives wild on"."""
    rules = load_rules(edition, **options)
    board = load_board(rules.board)
    out: dict[str, str] = {}
    for row, value in rules.summary().items():
        out[row] = str(value)
        if row == _AFTER:
            out[FERRY_ROW] = _ferry_payment(board)
            out[DRAW_BONUS_ROW] = _draw_bonus(board)
    return out


def compared(editions=None) -> dict[str, dict[str, str]]:
    """Every rule row, and its value in each edition (default: every edition, in teaching
    order): ``{row: {edition: value}}``, rows in the USA record's order."""
    editions = list(edition_ids() if editions is None else editions)
    rows = {e: rule_rows(e) for e in editions}
    names: dict[str, None] = {}
    for e in editions:
        names.update(dict.fromkeys(rows[e]))
    return {name: {e: rows[e].get(name, "—") for e in editions} for name in names}


def differences(edition: str, base: str = "usa") -> list[str]:
    """The rows in which `edition` differs from `base`, in table order."""
    table = compared([base, edition])
    return [row for row, values in table.items() if values[edition] != values[base]]


#: The name of an edition's own rules among its ways to play (beside its variants' titles).
BASE_GAME = N_("the base game")


@dataclass(frozen=True)
class WayToPlay:
    """A way to play on an edition's board: its own rules (`variant` "") or one of its variants
    (`ttr_nb.variants()`), with what tells them apart, read from the rules record and the deck
    (the deal in `Rules.summary()`'s words).

    Attributes:
        edition, variant: what `load_game(edition, variant=variant or None)` takes.
        title: the variant's title ("USA 1910: Mega Game"), or `BASE_GAME` for the edition's own.
        tickets: how many destination tickets are in the deck.
        opening, later: the opening deal and a later draw, with how many must be kept.
        longest_path, globetrotter: the bonus cards' points (0 when the way has no such card).
        warehouses: whether Warehouses & Depots may be added (the `warehouses` option).
    """
    edition: str
    variant: str
    title: str
    tickets: int
    opening_deal: int
    opening_keep: int
    draw: int
    draw_keep: int
    longest_path: int
    globetrotter: int
    opening: str
    later: str
    warehouses: bool

    def summary(self) -> str:
        """One line a student reads: "69 tickets; start: 5, keep ≥ 3; later draws: 4, keep ≥ 1;
        bonus cards: longest path 10, Globetrotter 15"."""
        bonuses = [_("longest path {n}").format(n=self.longest_path)] if self.longest_path else []
        if self.globetrotter:
            bonuses.append(_("Globetrotter {n}").format(n=self.globetrotter))
        cards = _("bonus cards: {cards}").format(cards=", ".join(bonuses)) if bonuses else _("no bonus card")
        return _("{tickets}; start: {opening}; later draws: {later}; {cards}").format(
            tickets=ngettext("{n} ticket", "{n} tickets", self.tickets).format(n=self.tickets),
            opening=self.opening, later=self.later, cards=cards)


def ways_to_play(edition: str) -> list[WayToPlay]:
    """The ways to play on an edition's board: its own rules first, then its variants in its
    file's order (USA: the USA 1910 box's four; Europe: the Europa 1912 box's three)."""
    from ..engine.ticketdecks import deck_board     # (the deck of each way: the board's tickets it takes)
    out = []
    board = None
    for variant in ["", *variant_ids(edition)]:
        rules = load_rules(edition, variant or None)
        board = board or load_board(rules.board)
        t = rules.tickets
        keep = _("{deal}, keep ≥ {keep}")
        out.append(WayToPlay(
            edition=edition, variant=variant, title=variant_title(rules) if variant else _(BASE_GAME),
            tickets=len(deck_board(board, rules.ticket_decks).tickets), opening_deal=t.opening_count,
            opening_keep=t.opening_keep, draw=t.draw, draw_keep=t.draw_keep, longest_path=rules.longest_path_bonus,
            globetrotter=rules.globetrotter_bonus, warehouses="warehouses" in rules.option_specs,
            opening=keep.format(deal=" + ".join(deck_count(d, n) for d, n in t.opening_deal) if len(t.opening_deal) > 1
                                else t.opening_count, keep=t.opening_keep),
            later=keep.format(deal=t.draw, keep=t.draw_keep)))
    return out

