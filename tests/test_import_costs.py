"""A fresh kernel draws its first board without paying for what it does not use.

Measured causes of a slow first board (see benchmarks/import_timings.py): networkx imported
at `import ttr_nb.widgets` (~185 ms), and nbformat, which plotly's widget module imports when it
is installed, compiling jsonschema's IRI grammars (~0.9 s) where JupyterLab's packages brought
rfc3987_syntax along (jsonschema's format-nongpl extra). So: the widgets import networkx only
when a route graph is asked for (a ticket path needs none), and the notebooks' kernel runs in an environment of its own, with
nbformat (plotly needs it to show a plain figure) but without the servers' packages (`make`
sets it up as the `python3` kernel).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.import_timings import kernel_python

KERNEL_SPEC = Path(sys.prefix) / "share" / "jupyter" / "kernels" / "python3" / "kernel.json"


def _loaded(code: str, python: str = sys.executable) -> set[str]:
    done = subprocess.run([python, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_importing_the_widgets_and_opening_a_table_loads_no_networkx():
    assert "networkx" not in _loaded("import ttr_nb.widgets")
    loaded = _loaded("from ttr_nb.widgets import GameTable\nGameTable('usa')._repr_mimebundle_()")
    assert "networkx" not in loaded and "ttr_nb.widgets.table" in loaded


def test_a_ticket_path_needs_no_networkx_and_the_route_graph_loads_it_when_asked_for():
    loaded = _loaded("import ttr_nb\nfrom ttr_nb.analysis import shortest_ticket_path\n"
                     "s = ttr_nb.load_game('usa', players=2).new_state()\n"
                     "assert shortest_ticket_path(s, 'Boston-Miami')[0] == 12")
    assert "networkx" not in loaded
    loaded = _loaded("import ttr_nb\nfrom ttr_nb.analysis import route_graph\n"
                     "route_graph(ttr_nb.load_game('usa', players=2).new_state())")
    assert "networkx" in loaded


def test_the_notebooks_kernel_runs_in_its_own_environment_without_the_servers_packages():
    assert KERNEL_SPEC.exists(), f"no python3 kernel in {sys.prefix}: `make venv` installs it"
    python = kernel_python()
    assert Path(python).absolute().parents[1].resolve() != Path(sys.prefix).resolve(), (
        f"{KERNEL_SPEC} starts this environment's Python, which holds JupyterLab's packages: `make venv` "
        "points it at .venv/kernel")
    loaded = _loaded("from ttr_nb.widgets import GameTable\nGameTable('usa')._repr_mimebundle_()", python)
    assert {"ttr_nb.widgets.table", "plotly.basewidget", "anywidget"} <= loaded
    assert "rfc3987_syntax" not in loaded and "lark" not in loaded
    missing = subprocess.run([python, "-c", "import jupyterlab"], capture_output=True, timeout=60)
    assert missing.returncode != 0
    assert json.loads(KERNEL_SPEC.read_text())["language"] == "python"


# The servers' environment itself (JupyterLab, Voilà and jsonschema's format extras installed, as
# after `pip install "ttr-nb[lab,app]"`): the first board widget imports no nbformat, jsonschema or
# IRI grammar (ttr_nb/viz/plotly_widget.py), and the user's code still has all of them, unchanged.
FIRST_BOARD = "import ttr_nb\nfrom ttr_nb.widgets import GameTable\nGameTable('usa')._repr_mimebundle_()"
UNUSED_BY_A_WIDGET = {"nbformat", "jsonschema", "rfc3987_syntax", "lark", "plotly.io._renderers"}
# What the first board built before ttr_nb/viz/figure.py's `built` (~70 ms of CPU, and ~60 ms more for
# the repr below): plotly's default template, whose first use builds every kind of trace plotly has
# (its trace defaults, bars, polar plots...), and, validating each property of the board, an object
# per part of the layout and traces (the legend, the frame's shape, the hover labels, lines).
DEFAULT_TEMPLATE = {"plotly.graph_objs.layout.template._data", "plotly.graph_objs._bar",
                    "plotly.graph_objs.layout._polar", "plotly.graph_objs.scatter._fillpattern"}
VALIDATED_AT_BUILD = {"plotly.graph_objs.layout._legend", "plotly.graph_objs.layout._shape",
                      "plotly.graph_objs.scatter._hoverlabel", "plotly.graph_objs.scatter._line"}


def test_the_first_board_in_the_servers_environment_imports_no_nbformat_nor_jsonschema():
    import importlib.util
    assert importlib.util.find_spec("jupyterlab") and importlib.util.find_spec("rfc3987_syntax"), (
        "this environment should hold JupyterLab and jsonschema's format extras (make venv)")
    loaded = _loaded(FIRST_BOARD)
    assert {"ttr_nb.widgets.table", "plotly.basewidget", "anywidget"} <= loaded
    assert not loaded & UNUSED_BY_A_WIDGET, sorted(loaded & UNUSED_BY_A_WIDGET)


def test_the_first_board_builds_no_default_template_validates_nothing_twice_and_prints_no_figure():
    # plotly's repr of a figure (its whole JSON, pretty-printed) is what ipywidgets asked for, for the
    # text/plain of every widget displayed, and of every widget inside it; here it would raise
    code = ("import plotly.basedatatypes as b\n"
            "def no(self): raise AssertionError('the figure was printed')\n"
            "b.BaseFigure.__repr__ = no\n" + FIRST_BOARD)
    loaded = _loaded(code)
    assert {"ttr_nb.widgets.table", "plotly.basewidget", "plotly.graph_objs._scatter"} <= loaded
    assert not loaded & DEFAULT_TEMPLATE, sorted(loaded & DEFAULT_TEMPLATE)
    assert not loaded & VALIDATED_AT_BUILD, sorted(loaded & VALIDATED_AT_BUILD)
    # a figure of the user's own still gets plotly's default template and validation
    loaded = _loaded(FIRST_BOARD + "\nimport plotly.graph_objects as go\n"
                     "fig = go.Figure(go.Scatter(x=[1], y=[2], line=dict(width=2)), layout=dict(legend=dict(x=0)))\n"
                     "assert fig.layout.template.layout.font.color == '#2a3f5f'\n"
                     "try:\n    go.Figure(layout=dict(legend=dict(x='left')))\n"
                     "except ValueError:\n    pass\nelse:\n    raise AssertionError('no validation')")
    assert "plotly.graph_objs.layout._legend" in loaded         # its legend validated


def test_after_the_first_board_plotly_nbformat_and_jsonschema_work_as_ever():
    code = FIRST_BOARD + """
import sys, plotly.io as pio, plotly.io._renderers as r, plotly.basewidget as bw
assert type(r).__name__ == "module" and hasattr(r, "renderers") and pio.renderers is r.renderers
assert pio._renderers is r and sys.modules["plotly.io._renderers"] is r
assert r.nbformat is not None and "plotly_mimetype" in pio.renderers
# plotly's own widget still warns through the real function, imported when it is called
bw.display_jupyter_version_warnings()
import jsonschema, nbformat
assert "iri" in jsonschema.FormatChecker.checkers, "jsonschema lost its IRI format"
checker = jsonschema.Draft7Validator.FORMAT_CHECKER
assert not checker.conforms("http://exa mple.org/<>", "iri") and checker.conforms("http://example.org/é", "iri")
try:
    nbformat.validate({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "nope"}]})
except nbformat.ValidationError:
    pass
else:
    raise AssertionError("nbformat no longer validates")
import plotly.graph_objects as go
go.Figure()._repr_mimebundle_()
"""
    loaded = _loaded(code)
    assert UNUSED_BY_A_WIDGET <= loaded
