"""The static figures of ttr_nb: a `go.Figure` that shows itself in any notebook front end.

plotly's own display (`pio.show`) refuses to run without nbformat, which it imports only to
check its version. JupyterLite's Python has no nbformat (its jsonschema needs a compiled
package that no pure wheel provides), so a plain `go.Figure` at the end of a cell fails there.
`Figure` shows the very mime bundle `pio.show` would send (`_repr_mimebundle_`, the default
renderers' output), through IPython's display, with no nbformat check: the same picture in
JupyterLab, Voilà, nbval and JupyterLite.

A static figure shows no plotly toolbar (a picture has nothing to zoom, and the toolbar would
cover the end of its title), and a title too long for the figure's width is broken into lines
(`wrap_title`), with room made for them above the plot.

`built` makes a figure from trace and layout dicts the package wrote itself in one pass, without
plotly's per-property validation (which, for a board of some forty traces and its layout, built
an object per property and costed a fresh kernel's first board ~30 ms of CPU), and with a
template of its own (`BOARD_TEMPLATE`) instead of plotly's default one, whose first use builds
every kind of trace plotly knows (~35 ms).  Validation is back on in the figure it returns: a
later edit, by the package or the user, is checked as in any plotly figure; tests/viz check
that plotly's validation accepts every board the package builds and changes nothing in it.
"""
from __future__ import annotations

import plotly.graph_objects as go


PLOTLY_MIME = "application/vnd.plotly.v1+json"
#: plotly's default title size (px) and top margin, where a layout gives none
_TITLE_SIZE, _TOP_MARGIN = 17.0, 100


def wrap_title(layout: dict) -> dict:
    """A plotly layout (a dict) whose title fits the figure's width (700 px where none is set):
    a longer title is broken into lines at spaces, and an explicit top margin grows by the lines
    added, and so does the height, but for a board's (which keeps the height it was given to fit
    the screen).  A title with a ``<br>`` of its own is kept."""
    title = layout.get("title")
    text = title.get("text") if isinstance(title, dict) else title
    if not text or "<br>" in text:
        return layout
    from .labels import text_width          # the names' width estimate (a slight overestimate)
    size = float((title.get("font") or {}).get("size") or _TITLE_SIZE) if isinstance(title, dict) else _TITLE_SIZE
    room = (layout.get("width") or 700) - 24
    lines, line = [], ""
    for word in text.split(" "):
        if line and text_width(f"{line} {word}", size) > room:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    if len(lines) == 1:
        return layout
    out = dict(layout, title=dict(title, text="<br>".join(lines)) if isinstance(title, dict) else "<br>".join(lines))
    extra = round((len(lines) - 1) * size * 1.25)
    margin = dict(layout.get("margin") or {})
    if "t" in margin:
        margin["t"] = margin["t"] + extra
        out["margin"] = margin
        # a board keeps its height (it fits the screen: the board is drawn a little smaller);
        # another figure grows, and its plot keeps its size
        board = isinstance(layout.get("meta"), dict) and "board" in layout["meta"]
        if layout.get("height") and not board:
            out["height"] = layout["height"] + extra
    return out


#: The layout part of plotly's default template ("plotly") a board uses: its fonts, colours,
#: hover labels and shapes, without the parts for the kinds of plot a board does not have
#: (polar, ternary, 3-D, geographic, colour scales) or for the axes a board hides.  A board's
#: look does not follow a user's `plotly.io.templates.default` (it was drawn for a white
#: page).  tests/viz/test_board_build.py checks it against plotly's own template.
BOARD_TEMPLATE = {"layout": {
    "autotypenumbers": "strict",
    "colorway": ["#636efa", "#EF553B", "#00cc96", "#ab63fa", "#FFA15A", "#19d3f3", "#FF6692", "#B6E880",
                 "#FF97FF", "#FECB52"],
    "font": {"color": "#2a3f5f"},
    "hovermode": "closest",
    "hoverlabel": {"align": "left"},
    "paper_bgcolor": "white",
    "plot_bgcolor": "#E5ECF6",
    "shapedefaults": {"line": {"color": "#2a3f5f"}},
    "annotationdefaults": {"arrowcolor": "#2a3f5f", "arrowhead": 0, "arrowwidth": 1},
    "title": {"x": 0.05},
}}


def _set(props: dict) -> dict:
    """``props`` without the properties given as None, at any depth (plotly reads None as "not
    set"; a None inside a list of numbers, a gap in a line, is kept)."""
    def value(v):
        if isinstance(v, dict):
            return _set(v)
        if isinstance(v, (list, tuple)) and v and isinstance(v[0], dict):
            return [value(x) for x in v]
        return v
    return {k: value(v) for k, v in props.items() if v is not None}


def built(cls: type, data: list[dict], layout: dict):
    """A plotly figure of ``cls`` (a `go.Figure` or `go.FigureWidget` subclass) from traces and a
    layout the package built as dicts, taken as they are (see the module docstring); the layout
    gets `BOARD_TEMPLATE` unless it names a template.  The figure validates every later edit."""
    layout = _set(layout)
    if "template" not in layout:
        layout["template"] = BOARD_TEMPLATE
    fig = cls(data=[_set(trace) for trace in data], layout=layout, _validate=False)
    # taken as they are, the traces and layout hold plain values and no plotly objects; the
    # objects plotly makes of them on first access validate what they are given
    for part in (fig, fig._layout_obj, *fig._data_objs):
        part._validate = True
    return fig


def _as_shown(spec: dict) -> dict:
    """plotly's JSON of a figure as a `Figure` shows it: the title wrapped, no toolbar."""
    return dict(spec, layout=wrap_title(spec.get("layout") or {}),
                config=dict(spec.get("config") or {}, displayModeBar=False))


class Figure(go.Figure):
    """A `go.Figure` that needs no nbformat to show itself in a notebook: no toolbar, and a
    title broken into lines where it is too long for the figure's width."""

    def _repr_mimebundle_(self, include=None, exclude=None, validate=True, **kwargs):
        bundle = super()._repr_mimebundle_(include, exclude, validate, **kwargs)
        spec = bundle.get(PLOTLY_MIME)
        if isinstance(spec, dict):
            bundle[PLOTLY_MIME] = _as_shown(spec)
        return bundle

    def spec(self) -> dict:
        """The figure as plotly's JSON, as it is shown: data, the layout with its title wrapped, and
        the config without a toolbar."""
        fig = self.to_plotly_json()
        return _as_shown({"data": fig["data"], "layout": fig.get("layout")})

    def _ipython_display_(self) -> None:
        from IPython.display import display   # only in a kernel, where IPython is there
        display(self._repr_mimebundle_(), raw=True)


def percent_axis(top: float = 1.0) -> dict:
    """An axis of shares (0 to `top`, at most 1) labelled as percentages the language's way:
    '20%' in English, '20 %' in Danish (plotly's own ``tickformat=".0%"`` writes no space), ten
    points apart, or five below a top of 40%. The values stay shares; only the labels change."""
    from ..engine.numerals import percent
    step = 0.05 if top < 0.4 else 0.1
    values = [round(k * step, 2) for k in range(int(min(top, 1.0) / step + 1e-9) + 1)]
    return dict(tickmode="array", tickvals=values, ticktext=[percent(v, 0) for v in values])


def static(fig: go.Figure) -> Figure:
    """Any plotly figure (from `make_subplots`, say) as a :class:`Figure`."""
    return fig if isinstance(fig, Figure) else Figure(fig)
