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


def static(fig: go.Figure) -> Figure:
    """Any plotly figure (from `make_subplots`, say) as a :class:`Figure`."""
    return fig if isinstance(fig, Figure) else Figure(fig)
