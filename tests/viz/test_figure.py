"""Static figures show themselves without nbformat, as in JupyterLite (whose Python has none):
the same mime bundle plotly's own display sends, published through IPython."""
import subprocess
import sys

CODE = """
import sys
sys.modules["nbformat"] = None          # no nbformat, as in JupyterLite
from IPython.core.interactiveshell import InteractiveShell
from IPython.display import display
from IPython.utils.capture import capture_output
import plotly.graph_objects as go
import plotly.io as pio
pio.renderers.default = "plotly_mimetype"
InteractiveShell.instance()
from ttr_nb.viz import board_figure, display_figure, static
shown = []
for fig in (board_figure("usa", static=True), display_figure(["red", "loco"]), static(go.Figure())):
    with capture_output() as out:
        display(fig)
    shown.append(sorted(out.outputs[0].data))
try:
    go.Figure()._ipython_display_()     # plotly's own display needs nbformat
    print("PLAIN SHOWN")
except ValueError as e:
    print("PLAIN REFUSED", "nbformat" in str(e))
print(shown)
"""


def test_static_figures_show_without_nbformat():
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0] == "PLAIN REFUSED True", done.stdout      # the case this guards against
    assert lines[1].count("application/vnd.plotly.v1+json") == 3, done.stdout


def test_a_static_figure_shows_no_toolbar_and_wraps_a_long_title():
    import plotly.io as pio

    from ttr_nb.viz import display_figure
    from ttr_nb.viz.figure import PLOTLY_MIME, wrap_title
    title = "Orange has taken the red card: the display refills from the deck"
    fig = display_figure(["red", "loco", "blue", "blue", "white"], title=title)
    before = pio.renderers.default
    pio.renderers.default = "plotly_mimetype"
    try:
        spec = fig._repr_mimebundle_()[PLOTLY_MIME]
    finally:
        pio.renderers.default = before
    assert spec["config"]["displayModeBar"] is False
    shown = spec["layout"]["title"]["text"]
    assert shown.replace("<br>", " ") == title and shown.count("<br>") == 1
    # the lines added get room above the plot: the margin and the height grow alike
    grown = spec["layout"]["margin"]["t"] - fig.layout.margin.t
    assert grown > 0 and spec["layout"]["height"] - fig.layout.height == grown
    assert fig.layout.title.text == title                      # the figure itself is unchanged
    short = {"title": {"text": "Five cards"}, "width": 400, "margin": {"t": 30}}
    assert wrap_title(short) == short
