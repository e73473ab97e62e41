"""Train cards as small plotly figures: a hand (one card per colour with its count) and the
face-up display (the cards in order).  Fixed traces, so widgets restyle them in place.

>>> from ttr_nb.viz import hand_figure, display_figure, update_cards
>>> fig = hand_figure("red*3+loco*1")
>>> [t.meta for t in fig.data][-3:]
['letters', 'labels', 'cards']
>>> fig.data[-2].text[:1], fig.data[-2].text[-1]
(('×3',), '×1')
>>> fig.data[-3].text[:2]                  # each card carries its colour's letter
('R', 'O')
>>> update_cards(fig, "red*2")
('card loco', 'empty', 'loco symbols', 'letters', 'labels', 'cards')
>>> display_figure(["red", "loco", "blue", "blue", "white"]).data[-1].customdata
('red', 'loco', 'blue', 'blue', 'white')
"""
from __future__ import annotations

from typing import Sequence

import plotly.graph_objects as go

from ..engine.cards import CARD_NAMES, LOCO, Cards, card_index, colour_name
from .figure import Figure, wrap_title
from .board import ROUTE_COLOURS
from .geometry import car_polygon, flatten, locomotive_glyph
from .palette import ROUTE_LETTERS

__all__ = ["CARD_COLOURS", "hand_figure", "display_figure", "update_cards"]

#: Fill colour of each train card (the locomotive is a light card with a locomotive on it).
CARD_COLOURS: dict[str, str] = {**{c: ROUTE_COLOURS[c] for c in CARD_NAMES[:LOCO]}, "loco": "#ece6d2"}

_W, _H, _GAP = 56.0, 84.0, 12.0   # card size and gap, in figure units
_EMPTY = "rgba(235, 235, 235, 0.6)"


def _slots(cards, mode: str) -> list[tuple[int, int | None]]:
    """(card kind, count or None) per slot: a hand shows all nine kinds; a display its cards."""
    if mode == "hand":
        counts = _counts(cards)
        return [(k, counts[k]) for k in range(len(CARD_NAMES))]
    return [(c if isinstance(c, int) else card_index(c), None) for c in cards]


def _counts(cards) -> tuple[int, ...]:
    if isinstance(cards, str):
        return tuple(Cards.parse(cards)) if cards.strip() else (0,) * len(CARD_NAMES)
    if isinstance(cards, dict):
        return tuple(Cards.of(cards))
    counts = tuple(int(c) for c in cards)
    if len(counts) != len(CARD_NAMES):
        raise ValueError(f"a hand needs {len(CARD_NAMES)} counts ({', '.join(CARD_NAMES)}), got {len(counts)}")
    return counts


def _card(k: int) -> list[tuple[float, float]]:
    x = k * (_W + _GAP) + _W / 2
    return car_polygon(x, _H / 2, 90.0, _H, _W, bevel=7.0)


def _label_colour(kind: int, n: int | None) -> str:
    """Count labels: white on dark cards; on an empty slot, the colour of the missing card."""
    name = CARD_NAMES[kind]
    if n == 0:
        return {"white": "#9e9e9e", "loco": "#6d6d6d", "yellow": "#d4b000"}.get(name, CARD_COLOURS[name])
    return "#ffffff" if name in ("black", "blue", "green", "red") else "#111111"


def _trace_data(slots) -> dict[str, dict]:
    """The x/y (and texts) of every trace for these slots."""
    out: dict[str, dict] = {}
    for kind, name in enumerate(CARD_NAMES):
        polys = [_card(i) for i, (k, n) in enumerate(slots) if k == kind and n != 0]
        xs, ys = flatten(polys)
        out[f"card {name}"] = dict(x=xs, y=ys)
    xs, ys = flatten(_card(i) for i, (k, n) in enumerate(slots) if n == 0)
    out["empty"] = dict(x=xs, y=ys)
    locos = [i for i, (k, n) in enumerate(slots) if k == LOCO and n != 0]
    xs, ys = flatten(locomotive_glyph(i * (_W + _GAP) + _W / 2, _H * 0.4, 0.0, _W * 0.3, _W * 0.17) for i in locos)
    out["loco symbols"] = dict(x=xs, y=ys)
    cx = [i * (_W + _GAP) + _W / 2 for i in range(len(slots))]
    # the colour's letter at the top of each card, as the board's colour letters: a card reads
    # without its colour (printed cards have a picture per colour; the locomotive has its own)
    out["letters"] = dict(x=cx, y=[_H * 0.2] * len(slots),
                          text=[ROUTE_LETTERS.get(CARD_NAMES[k], "") for k, _ in slots],
                          textfont_color=[_label_colour(k, n) for k, n in slots])
    labels = [f"×{n}" if n is not None else "" for _, n in slots]
    out["labels"] = dict(x=cx, y=[_H * 0.72] * len(slots), text=labels,
                         textfont_color=[_label_colour(k, n) for k, n in slots])
    out["cards"] = dict(x=cx, y=[_H / 2] * len(slots), customdata=[CARD_NAMES[k] for k, _ in slots],
                        hovertext=[colour_name(k) + (f": {n}" if n is not None else "") for k, n in slots])
    return out


def _figure(slots, mode: str, title: str | None, widget: bool) -> go.Figure:
    data = _trace_data(slots)
    traces = []
    for name in CARD_NAMES:
        traces.append(dict(type="scatter", mode="lines", fill="toself", fillcolor=CARD_COLOURS[name],
                           line=dict(color="#333333", width=1.2), hoverinfo="skip", **data[f"card {name}"]))
        traces[-1]["meta"] = f"card {name}"
    traces.append(dict(type="scatter", mode="lines", fill="toself", fillcolor=_EMPTY, meta="empty",
                       line=dict(color="#bbbbbb", width=1, dash="dot"), hoverinfo="skip", **data["empty"]))
    traces.append(dict(type="scatter", mode="lines", fill="toself", fillcolor="#111111", meta="loco symbols",
                       line=dict(color="#111111", width=0.5), hoverinfo="skip", **data["loco symbols"]))
    traces.append(dict(type="scatter", mode="text", meta="letters", hoverinfo="skip",
                       textfont=dict(size=14, weight="bold"), **data["letters"]))
    traces.append(dict(type="scatter", mode="text", meta="labels", hoverinfo="skip",
                       textfont=dict(size=15, weight="bold"), **data["labels"]))
    traces.append(dict(type="scatter", mode="markers", meta="cards", marker=dict(size=40, opacity=0),
                       hovertemplate="%{hovertext}<extra></extra>", **data["cards"]))
    for t in traces:
        t["showlegend"] = False
        t["name"] = t["meta"]
    n = max(len(slots), 1)
    width_units = n * (_W + _GAP) - _GAP
    px = 0.75   # screen pixels per figure unit
    layout = dict(
        width=round(width_units * px) + 16, height=round(_H * px) + (40 if title else 16),
        margin=dict(l=8, r=8, t=32 if title else 8, b=8), title=dict(text=title or "", x=0.01, font_size=13),
        xaxis=dict(visible=False, range=[-2, width_units + 2], fixedrange=True),
        yaxis=dict(visible=False, range=[_H + 2, -2], fixedrange=True, scaleanchor="x", scaleratio=1),
        plot_bgcolor="#ffffff", paper_bgcolor="#ffffff", hovermode="closest", dragmode=False,
        meta=dict(mode=mode, slots=len(slots)))
    if widget:                          # (a static Figure wraps its title when it is shown)
        layout = wrap_title(layout)
    if widget:
        from .figure_widget import FigureWidget       # (plotly's widget module: imported when needed)
        fig = FigureWidget(data=traces, layout=layout)
    else:
        fig = Figure(data=traces, layout=layout)
    fig._ttr_cards = (mode, _trace_data(slots))
    return fig


def hand_figure(cards, *, title: str | None = None, widget: bool = False) -> go.Figure:
    """A hand of train cards (``Cards``, nine counts, ``{"red": 3}`` or ``"red*3+loco*1"``):
    one card per colour in the usual order with its count; colours not held are faded."""
    return _figure(_slots(cards, "hand"), "hand", title, widget)


def display_figure(cards: Sequence, *, title: str | None = None, widget: bool = False) -> go.Figure:
    """The face-up cards, in order (card names like ``"red"``, ``"loco"`` or card numbers).
    The ``cards`` trace's ``customdata`` names each card, for click handlers."""
    return _figure(_slots(cards, "display"), "display", title, widget)


def update_cards(fig, cards) -> tuple[str, ...]:
    """Show other cards on a figure from :func:`hand_figure` / :func:`display_figure` (a display
    keeps its number of slots): only the traces that changed are restyled.  Returns their names."""
    mode, old = fig._ttr_cards
    slots = _slots(cards, mode)
    if mode == "display" and len(slots) != fig.layout.meta["slots"]:
        raise ValueError(f"this display figure has {fig.layout.meta['slots']} slots, not {len(slots)}: "
                         "build a new figure")
    new = _trace_data(slots)
    index = {t.meta: i for i, t in enumerate(fig.data)}
    changed = []
    with fig.batch_update():
        for name, props in new.items():
            if props != old.get(name):
                fig.data[index[name]].update(props)
                changed.append(name)
    fig._ttr_cards = (mode, new)
    return tuple(sorted(changed, key=index.__getitem__))

