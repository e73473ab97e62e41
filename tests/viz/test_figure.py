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
