"""ttr_nb.static_html: figures and widgets as plain HTML, as the course site shows them
(TTR_NB_STATIC_HTML=1 in the kernel's environment)."""
from __future__ import annotations

import os
import subprocess
import sys

import ipywidgets as W
import plotly.graph_objects as go
import pytest

import ttr_nb
from ttr_nb.static_html import ENVIRONMENT, html_of, install
from ttr_nb.viz import board_figure


def test_a_board_is_plotlys_div_without_plotly_js_in_a_box_of_its_proportions():
    fig = board_figure(ttr_nb.load_game("usa", players=2, seed=1).new_state())
    text = html_of(fig)
    assert 'class="plotly-graph-div"' in text and "Plotly.newPlot(" in text
    assert "<script src=" not in text and len(text) < 400_000          # no plotly.js (4.6 MB) inside
    width, height = fig.layout.width, fig.layout.height
    assert f"max-width:{width}px;aspect-ratio:{width}/{height}" in text
    assert '"displayModeBar":false' in text.replace(" ", "")        # as the static figure shows itself


def test_a_widget_tree_shows_its_texts_choices_and_buttons_and_leaves_out_what_is_hidden():
    hidden = W.HTML("secret", layout=W.Layout(display="none"))
    menu = W.Dropdown(options=[("USA", "usa"), ("Europe", "europe")], value="europe", description="Edition")
    row = W.HBox([menu, W.ToggleButtons(options=["a", "b"], value="b"), W.Checkbox(value=True, description="x")])
    tree = W.VBox([W.HTML("<i>hello</i>"), row, hidden, W.Button(description="Claim <it>"),
                   go.FigureWidget(data=[go.Bar(y=[1, 2])])])
    text = html_of(tree)
    assert "<i>hello</i>" in text and "secret" not in text
    assert "<option selected>Europe</option>" in text and "<option>USA</option>" in text
    assert 'aria-pressed="true" style="font-weight:600">b</button>' in text
    assert "<input type=\"checkbox\" disabled checked> x" in text
    assert "<button class=\"ttr-static-button\" disabled>Claim &lt;it&gt;</button>" in text
    assert "plotly-graph-div" in text and "flex-direction:row" in text


def test_a_teaching_widget_is_drawn_from_its_tree():
    from ttr_nb.widgets import EditionExplorer
    text = html_of(EditionExplorer(language="da"))
    assert "ttr-explorer" in text and "plotly-graph-div" in text and "<select disabled>" in text


def test_two_teaching_widgets_side_by_side_are_drawn_each_with_its_board():
    from ttr_nb.widgets import GameTable, ScoringWalkthrough
    table = GameTable("usa", bot_delay=0)
    walk = ScoringWalkthrough.demo("usa")
    assert table.children == () and walk.children == ()          # not shown yet: no board made
    text = html_of(W.HBox([table, walk]))                        # (made here: put into a box)
    assert "ttr-game-table" in text and "ttr-scoring" in text and text.count("plotly-graph-div") == 2
    assert "flex-direction:row" in text


def test_what_is_neither_a_figure_nor_a_widget_is_refused():
    with pytest.raises(TypeError, match="int is neither a plotly figure nor a widget"):
        html_of(3)


def test_install_needs_ipython_and_the_switch_turns_it_on_at_import():
    assert install(shell=None) is False or "IPython" in sys.modules       # outside a shell: nothing to do
    code = ("import os; from IPython.testing.globalipapp import start_ipython; ip = start_ipython();\n"
            "import ttr_nb; from ttr_nb.viz import board_figure\n"
            "got = []; ip.display_pub.publish = lambda data, metadata=None, **k: got.append(data)\n"
            "from IPython.display import display; display(board_figure(ttr_nb.load_game('usa', players=2, seed=1)"
            ".new_state()))\n"
            "print(sorted(got[0]) if got else [], bool(got) and 'plotly-graph-div' in got[0].get('text/html', ''))")
    for value, expected in (("1", "['text/html', 'text/plain'] True"), ("", "False")):
        done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, **{ENVIRONMENT: value}),
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().endswith(expected), (value, done.stdout)      # unset: plotly's own display
