"""Charts of a tournament (`ttr_nb.analysis.tournament.TournamentResult`): the same figures
as its table, drawn.

`tournament_figure(result)` holds three charts side by side: each agent's share of wins with
its 95% Wilson interval as error bars (and the even share, one in the number of players, as
a line); each agent's mean score, split into its parts (routes, tickets, longest path and the
edition's bonuses), stacked; and each agent's wins from each seat, as shares of its games
there.
"""
from __future__ import annotations

from ..engine.i18n import translations
from ..engine.numerals import percent, separators
from .figure import Figure, percent_axis, static
from .board import PLAYER_COLOURS

_, ngettext = translations("widgets")

__all__ = ["tournament_figure"]

#: the parts' colours, in the order of `tournament.PARTS`
PART_COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3")


def tournament_figure(result) -> Figure:
    """Win rates (95% intervals), mean score by part, and wins by seat, of `result`, in the language
    chosen (its words, and its decimal mark in the hover labels and axes)."""
    from plotly.subplots import make_subplots
    from ..analysis.tournament import PARTS, part_title
    rows = result.rows()
    labels = result.shown_labels()
    fig = make_subplots(rows=1, cols=3, horizontal_spacing=0.09,
                        subplot_titles=(_("wins (95% interval)"), _("mean score by part"), _("wins from each seat")))
    rates = [r.rate for r in rows]
    fig.add_bar(x=labels, y=rates, marker_color="#4c72b0", showlegend=False, name=_("wins"),
                error_y=dict(type="data", symmetric=False,
                             array=[r.interval[1] - r.rate for r in rows],
                             arrayminus=[r.rate - r.interval[0] for r in rows]),
                customdata=[percent(v) for v in rates], hovertemplate="%{x}: %{customdata}<extra></extra>",
                row=1, col=1)
    fig.add_hline(y=1 / result.players, line_dash="dot", line_color="grey", row=1, col=1)
    titles = {part: part_title(part) for part, _title in PARTS}
    parts = result.parts()
    for k, (part, _title) in enumerate(PARTS):
        if part in parts:
            fig.add_bar(x=labels, y=[r.parts[part] for r in rows], name=titles[part],
                        marker_color=PART_COLOURS[k], legendgroup="parts",
                        hovertemplate=f"{titles[part]}: %{{y:.1f}}<extra>%{{x}}</extra>", row=1, col=2)
    for seat in range(result.players):
        shares = [w / n if n else 0.0 for w, n in (r.seat_wins[seat] for r in rows)]
        name = _("seat {n}").format(n=seat + 1)
        fig.add_bar(x=labels, y=shares, name=name, legendgroup="seats",
                    marker_color=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)],
                    customdata=[percent(v) for v in shares],
                    hovertemplate=f"{name}: %{{customdata}}<extra>%{{x}}</extra>", row=1, col=3)
    fig.update_layout(barmode="stack", title=result._title(), width=1000, height=420, separators=separators(),
                      margin=dict(t=100, l=40, r=20, b=60), legend=dict(orientation="h", y=-0.2))
    # (the seats' bars side by side, the parts' stacked: one bar mode for the figure, offsets per trace)
    n = result.players
    for seat, trace in enumerate(t for t in fig.data if t.legendgroup == "seats"):
        trace.update(width=0.8 / n, offset=-0.4 + seat * 0.8 / n)
    fig.update_yaxes(range=[0, 1], **percent_axis(), row=1, col=1)
    fig.update_yaxes(range=[0, 1], **percent_axis(), row=1, col=3)
    return static(fig)
