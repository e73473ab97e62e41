"""plotly's `go.FigureWidget` class, imported without plotly's renderers (and so without nbformat).

plotly's widget module (`plotly.basewidget`) imports one function at its top,
`plotly.io._renderers.display_jupyter_version_warnings` (it warns, when a FigureWidget displays
itself, that Notebook < 7 or JupyterLab < 3 is too old).  Importing `plotly.io._renderers` imports
nbformat, nbformat imports jsonschema, and where JupyterLab or Voilà is installed in the same
environment (jsonschema's format extras) jsonschema imports `rfc3987_syntax`, which compiles its
IRI grammars at import: about 1 s of CPU in a fresh kernel before the first board, for a widget
that needs neither nbformat nor a renderer (the widget is drawn by its own front end).

So `figure_widget_class()` imports plotly's widget module with that one function deferred: while
`plotly.basewidget` is imported, `plotly.io._renderers` is a stand-in holding a
`display_jupyter_version_warnings` that imports the real module and calls the real function when
it is first called.  The stand-in is removed as soon as the import is done, so any other import
of `plotly.io._renderers` (plotly's `fig.show()`, `plotly.io.renderers`, a user's code) gets the
real module, with nbformat and jsonschema as they are.  Nothing of nbformat, jsonschema or plotly's
renderers is changed: they are only imported later, or never, in a kernel that does not need them.
plotly's own `go.FigureWidget` still gives its warnings when it displays itself (the real function,
at its first display, pays the import then).

Measured (benchmarks/import_timings.py, one environment holding JupyterLab and Voilà): from
`import ttr_nb` to the first board widget 1.4 s of CPU before, see the benchmark for after.
"""
from __future__ import annotations

import sys
import threading
import types

__all__ = ["figure_widget_class"]

_RENDERERS = "plotly.io._renderers"
_lock = threading.Lock()


def _deferred_version_warnings():
    """plotly's `display_jupyter_version_warnings`, imported when first called."""
    from plotly.io._renderers import display_jupyter_version_warnings
    display_jupyter_version_warnings()


def figure_widget_class() -> type:
    """`plotly.graph_objects.FigureWidget`, its module imported without `plotly.io._renderers`
    when that is not imported yet (see the module docstring)."""
    with _lock:
        if "plotly.basewidget" not in sys.modules and _RENDERERS not in sys.modules:
            stand_in = types.ModuleType(_RENDERERS, "stands in while plotly.basewidget is imported")
            stand_in.display_jupyter_version_warnings = _deferred_version_warnings
            sys.modules[_RENDERERS] = stand_in
            try:
                import plotly.basewidget  # noqa: F401 - the import is the point
            finally:
                if sys.modules.get(_RENDERERS) is stand_in:
                    del sys.modules[_RENDERERS]
                import plotly.io
                if vars(plotly.io).get("_renderers") is stand_in:     # never left on the package
                    del plotly.io._renderers
    import plotly.graph_objects as go
    return go.FigureWidget
