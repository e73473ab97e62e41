"""The static figures of ttr_nb: a `go.Figure` that shows itself in any notebook front end.

plotly's own display (`pio.show`) refuses to run without nbformat, which it imports only to
check its version. JupyterLite's Python has no nbformat (its jsonschema needs a compiled
package that no pure wheel provides), so a plain `go.Figure` at the end of a cell fails there.
`Figure` shows the very mime bundle `pio.show` would send (`_repr_mimebundle_`, the default
renderers' output), through IPython's display, with no nbformat check: the same picture in
JupyterLab, Voilà, nbval and JupyterLite.
"""
from __future__ import annotations

import plotly.graph_objects as go


class Figure(go.Figure):
    """A `go.Figure` that needs no nbformat to show itself in a notebook."""

    def _ipython_display_(self) -> None:
        from IPython.display import display   # only in a kernel, where IPython is there
        display(self._repr_mimebundle_(), raw=True)


def static(fig: go.Figure) -> Figure:
    """Any plotly figure (from `make_subplots`, say) as a :class:`Figure`."""
    return fig if isinstance(fig, Figure) else Figure(fig)
