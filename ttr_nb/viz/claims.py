"""Charts of what the players of a tournament claimed (`ttr_nb.analysis.claims`).

`length_share_figure(series, published=None)`: the share of routes of each length, one group of
bars per length and one bar per series (the board, the winners, the others), with 95% Wilson
intervals as error bars where a series has counts of claims; a published figure as black
diamonds. `heat_map_figure(game, route_rates, city_rates)`: the board with every route drawn over
by how often it was claimed (thicker and darker: more often; five classes, so it reads without
colour) and the cities reached least ringed and named.

The colours are the player colours of the board (`palette.PLAYER_COLOURS`, chosen to survive
colour blindness) and, for the heat map, a sequential scale from light yellow to dark blue
(cividis: ordered in lightness for every vision).
"""
from __future__ import annotations

from ..engine.i18n import translations
from ..engine.numerals import percent, separators
from .figure import Figure, percent_axis, static
from .palette import PLAYER_COLOURS

_, ngettext = translations("widgets")

__all__ = ["length_share_figure", "heat_map_figure", "HEAT_COLOURS", "heat_class"]

#: the heat map's five classes, least claimed first (cividis, light to dark)
HEAT_COLOURS = ("#c9b45a", "#8f8a78", "#62657a", "#34456f", "#00204c")
#: the lower bound of each class, as a share of the games
HEAT_BOUNDS = (0.0, 0.2, 0.4, 0.6, 0.8)
HEAT_WIDTHS = (2, 4, 6, 9, 12)
#: the least claimed class is dotted, so that it reads as "rarely" without its colour
HEAT_DASHES = ("dot", "solid", "solid", "solid", "solid")
#: the board under the heat map is faded, so that the classes stand out from the printed colours
FADED = 0.3
#: the board's traces kept at full strength under the heat map (where the cities are)
KEPT = ("cities", "city names", "label leaders")


def heat_class(rate: float) -> int:
    """The class (0-4) of a route claimed in `rate` of the games."""
    return max(k for k, low in enumerate(HEAT_BOUNDS) if rate >= low)


def length_share_figure(series: dict, board: tuple | None = None, published: dict | None = None,
                        title: str = "") -> Figure:
    """Bars of each series' share of routes by length, with 95% intervals. `series`: name -> counts of
    claimed routes by length (`{1: 240, 2: 502, ...}`), drawn in the player colours in order; `board`:
    (name, counts) of the board's routes, a fact drawn in grey with no interval; `published`: length ->
    share."""
    import plotly.graph_objects as go
    from ..analysis.claims import share_intervals, shares
    from .palette import ROUTE_COLOURS
    fig = go.Figure()
    if board is not None:
        name, counts = board
        part = shares(counts)
        lengths = list(part)
        fig.add_bar(x=lengths, y=[part[n] for n in lengths], name=name, marker_color=ROUTE_COLOURS["gray"],
                    marker_line=dict(color="#111111", width=1), customdata=[percent(part[n]) for n in lengths],
                    hovertemplate=f"{name}: %{{customdata}}<extra>%{{x}}</extra>")
    for k, (name, counts) in enumerate(series.items()):
        part = shares(counts)
        low_high = share_intervals(counts)
        lengths = list(part)
        fig.add_bar(x=lengths, y=[part[n] for n in lengths], name=name,
                    marker_color=PLAYER_COLOURS[k % len(PLAYER_COLOURS)],
                    marker_line=dict(color="#111111", width=1),
                    marker_pattern_shape=("", "/", ".", "x")[k % 4],
                    error_y=dict(type="data", symmetric=False,
                                 array=[low_high[n][1] - part[n] for n in lengths],
                                 arrayminus=[part[n] - low_high[n][0] for n in lengths]),
                    customdata=[percent(part[n]) for n in lengths],
                    hovertemplate=f"{name}: %{{customdata}}<extra>%{{x}}</extra>")
    if published:
        lengths = sorted(published)
        # Translators: the legend of the published study's figures in a chart
        name = _("published study")
        fig.add_scatter(x=lengths, y=[published[n] for n in lengths], mode="markers", name=name,
                        marker=dict(symbol="diamond", size=12, color="#111111", line=dict(color="white", width=1)),
                        customdata=[percent(published[n]) for n in lengths],
                        hovertemplate=f"{name}: %{{customdata}}<extra>%{{x}}</extra>")
    every = [*series.values(), *([board[1]] if board else [])]
    top = max([max(shares(c).values()) for c in every] + list((published or {}).values()))
    top = min(1.0, (int(top * 10) + 1) / 10)
    fig.update_layout(barmode="group", title=title, width=900, height=460, separators=separators(),
                      margin=dict(t=70, l=70, r=20, b=110), legend=dict(orientation="h", y=-0.22),
                      font=dict(size=15), plot_bgcolor="white")
    fig.update_xaxes(title_text=_("route length (trains)"), tickmode="linear", dtick=1, showline=True,
                     linecolor="#444")
    fig.update_yaxes(title_text=_("share of the routes"), range=[0, top], gridcolor="#dddddd",
                     **percent_axis(top))
    return static(fig)


def heat_map_figure(game, route_rates, city_rates: dict, ignored: int = 3, title: str = "") -> Figure:
    """The board of `game` with each route drawn over by the share of games it was claimed in
    (`route_rates`, by route index) and the `ignored` cities reached least (`city_rates`) ringed
    and named with their share."""
    from .board import board_figure
    from .geometry import board_geometry, flatten
    from ..engine.places import place_name
    fig = board_figure(game, static=True, title=title or None)
    for trace in fig.data:
        if trace.name not in KEPT:
            trace.opacity = FADED
    g = board_geometry(game.board)
    for k, colour in enumerate(HEAT_COLOURS):
        routes = [ri for ri, rate in enumerate(route_rates) if heat_class(rate) == k]
        xs, ys = flatten(g.centre[ri] for ri in routes) if routes else ([], [])
        high = HEAT_BOUNDS[k + 1] if k + 1 < len(HEAT_BOUNDS) else 1.0
        # Translators: a class of the heat map's legend: "claimed in 20 %–40 % of the games"
        name = _("claimed in {low}–{high} of the games").format(low=percent(HEAT_BOUNDS[k], 0),
                                                                  high=percent(high, 0))
        fig.add_scatter(x=xs, y=ys, mode="lines", name=name, hoverinfo="skip", showlegend=True,
                        line=dict(color=colour, width=HEAT_WIDTHS[k], dash=HEAT_DASHES[k]))
    least = sorted(city_rates, key=lambda c: (city_rates[c], c))[:ignored]
    board = game.board
    fig.add_scatter(x=[board.city[c].x for c in least], y=[board.city[c].y for c in least], mode="markers+text",
                    # Translators: the legend of the rings round the cities the players reach least often
                    name=_("reached least often"), hoverinfo="skip",
                    marker=dict(symbol="circle-open", size=30, color="#111111", line=dict(width=4)),
                    text=[f"<b>{place_name(board, c)} {percent(city_rates[c], 0)}</b>" for c in least],
                    textposition="bottom center", textfont=dict(size=15, color="#111111"))
    fig.update_layout(showlegend=True, legend=dict(orientation="h", y=-0.02, font=dict(size=13)))
    return fig
