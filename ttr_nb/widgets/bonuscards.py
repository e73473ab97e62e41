"""Bonus cards (Northern Lights) in the widgets' words: what a card counts, the panel of the
cards in play (the game table), and one scoring step per card (the scoring walkthrough).

The counting and the scoring are the engine's (`ttr_nb.engine.bonuscards`, through
`State.score_breakdown()`: each `ScoreRow.bonus_cards` holds a `BonusScore` per card in
play); this module only says it in sentences and picks what the board shows beside it:
board facts (the Arctic cities, the capitals of the edition record, a country's cities)
and the players' own networks, never a rule of its own.
"""
from __future__ import annotations

from ..engine.i18n import translations
from ..engine.bonuscards import card_name
from ..engine.narration import and_list, points_text
from .html import esc, names_list, signed

_, ngettext = translations("widgets")

__all__ = ["counts_words", "cards_in_play", "cards_in_play_html", "bonus_card_step"]


def counts_words(card, rules) -> str:
    """What a bonus card counts, as a sentence part: 'claimed routes of length 1'."""
    m, value = card.measure, card.value
    if m == "locomotive_equivalents":
        return _("locomotives left in hand at the end, each 2 cards of one colour left counting as one more")
    if m == "completed_tickets_to_capital":
        return _("completed tickets with an end in a capital ({capitals})").format(capitals=and_list(rules.capitals))
    if m == "trains_left":
        return _("trains left at the end")
    if m == "routes_of_length":
        return _("claimed routes of length {n}").format(n=value)
    if m == "longest_path":
        return _("trains in one continuous path")
    if m == "completed_tickets_worth_at_most":
        return ngettext("completed tickets worth {n} point or less", "completed tickets worth {n} points or less",
                        value).format(n=value)
    if m == "countries_touched":
        return _("countries reached by their routes")
    if m == "completed_tickets_to_arctic":
        return _("completed tickets with an end in an Arctic city")
    if m == "routes_to_arctic":
        return _("claimed routes with an end in an Arctic city")
    if m == "ferries":
        return _("claimed ferries")
    if m == "routes_to_country":
        return _("claimed routes with an end in {country}").format(country=value)
    return card.counts              # a measure this module has no words for: the board file's


def cards_in_play(state) -> list:
    """The bonus cards in play (`BonusCard`s of the board), in the order the engine dealt them."""
    return [state.board.bonus_cards[k] for k in state.bonus_cards]


def cards_in_play_html(state) -> str:
    """The panel of the bonus cards in play, visible to every player: letter, name, points and
    what each counts. Empty for an edition without bonus cards."""
    cards = cards_in_play(state)
    if not cards:
        return ""
    rows = []
    for c in cards:
        counts = _("the most {what}").format(what=counts_words(c, state.rules))
        rows.append(f"<li class='ttr-bonus-card'><span class='ttr-bonus-letter'>{esc(c.letter)}</span> "
                    f"<b>{esc(card_name(c.name))}</b> <span class='ttr-bonus-points'>{esc(points_text(c.points))}</span>: "
                    f"{esc(counts)}</li>")
    rows = "".join(rows)
    heading = _("Bonus cards in play")
    ties = _("Every player tied for the most scores a card's points.")
    return (f"<div class='ttr-text ttr-bonus-cards'><div class='ttr-heading'>{esc(heading)}</div>"
            f"<ul class='ttr-bonus-list'>{rows}</ul><div class='ttr-muted'>{esc(ties)}</div></div>")


def _board_marks(state, card, winners: list[int]) -> tuple[dict, tuple]:
    """What the board shows beside a card's step: (overlays, highlight)."""
    board = state.board
    m = card.measure
    one = winners[0] if len(winners) == 1 else None
    overlays = dict(network=one, player=one) if one is not None else {}
    if m == "longest_path" and winners:
        overlays = dict(longest=winners[0], network=winners[0], player=winners[0])
    if m in ("completed_tickets_to_arctic", "routes_to_arctic"):
        return overlays, tuple(c.name for c in board.cities if c.arctic)
    if m == "completed_tickets_to_capital":
        return overlays, tuple(c for c in state.rules.capitals if c in board.city)
    if m == "routes_to_country":
        return overlays, tuple(c.name for c in board.cities if c.country == card.value)
    return overlays, ()


def bonus_card_step(state, rows, k: int, names) -> dict:
    """The walkthrough's step for the `k`-th bonus card in play: title, text (HTML), what each
    player scores (delta) and the board marks, from the engine's `ScoreRow.bonus_cards`."""
    card = cards_in_play(state)[k]
    results = [r.bonus_cards[k] for r in rows]
    top = results[0].top
    winners = [r.player for r, res in zip(rows, results) if res.points]
    counts = ", ".join(f"{esc(names[r.player])} {res.count}" for r, res in zip(rows, results))
    what = esc(counts_words(card, state.rules))
    head = _("{card} gives {points} to the most {what}. The counts: {counts}.").format(
        card=f"<b>{esc(card.letter)} · {esc(card_name(card.name))}</b>", points=f"<b>{esc(points_text(card.points))}</b>",
        what=what, counts=counts)
    gain = f"<b>{signed(card.points)}</b>"
    if not winners:
        verdict = _("Nobody has any, so nobody scores it.")
    elif len(winners) == len(rows) and top == 0:
        verdict = _("Everybody has 0: all are tied at the top, and in this reading of the rules everybody "
                    "scores {gain}.").format(gain=gain)
    elif len(winners) == 1:
        verdict = _("{who} has the most ({n}) and scores {gain}.").format(who=esc(names[winners[0]]), n=top, gain=gain)
    else:
        verdict = _("{who} are tied for the most ({n}): tied players all score it, {gain} each.").format(
            who=esc(names_list(names[w] for w in winners)), n=top, gain=gain)
    overlays, highlight = _board_marks(state, card, winners)
    title = _("Bonus card {letter}: {name}").format(letter=card.letter, name=card_name(card.name))
    if winners:
        title += f" {signed(card.points)}"
    return dict(title=title, text=f"{head} {verdict}", delta={r.player: res.points for r, res in zip(rows, results)},
                overlays=overlays, highlight=highlight)
