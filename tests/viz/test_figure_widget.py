"""The board widgets' FigureWidget carries no plotly.js: the page asks the kernel for it once.

What a notebook saved with widget state stores is the widget manager's state (every model's
state, `Widget.get_manager_state()`, JupyterLab's "Save Widget State Automatically"): five
boards must add ≤ 2 MB in all (plotly's own FigureWidget puts its ~5 MB bundle in each).
The browser side is tests/browser/test_plotly_once.py."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget", reason="FigureWidget needs anywidget")

import ipywidgets as W  # noqa: E402
import plotly.graph_objects as go  # noqa: E402

from ttr_nb.viz import board_widget  # noqa: E402
from ttr_nb.viz.figure_widget import ANSWER, ASK, FigureWidget, plotly_bundle  # noqa: E402

EDITIONS = ("usa", "europe", "nordic", "india", "switzerland")


def saved_size(widgets) -> int:
    """The bytes the widget state of `widgets` adds to a saved notebook (its JSON)."""
    return len(json.dumps(W.Widget.get_manager_state(widgets=list(widgets))))


@pytest.fixture(scope="module")
def boards():
    figs = [board_widget(e) for e in EDITIONS]
    yield figs
    for f in figs:
        f.close()


def test_five_boards_saved_with_widget_state_take_at_most_2_mb(boards):
    assert all(isinstance(f, FigureWidget) for f in boards)
    size = saved_size(boards)
    print(f"\nfive boards' widget state: {size / 1e6:.2f} MB")
    assert size <= 2_000_000, size


def test_plotlys_own_figure_widget_would_store_the_bundle(boards):
    plain = go.FigureWidget(data=boards[0].data, layout=boards[0].layout)
    try:
        assert saved_size([plain]) > len(plotly_bundle()) > 4_000_000
    finally:
        plain.close()


def test_the_front_end_is_a_small_loader_and_the_kernel_sends_the_bundle_when_asked(boards):
    fig = boards[0]
    import plotly
    assert len(fig._esm) < 10_000 and "export default" in fig._esm
    assert json.dumps(plotly.__version__) in fig._esm          # one bundle per page and plotly version
    sent = []
    fig.send = lambda content, buffers=None: sent.append((content, buffers))
    try:
        fig._handle_custom_msg({"type": "something else"}, [])
        assert sent == []
        fig._handle_custom_msg({"type": ASK}, [])
        assert len(sent) == 1
        content, buffers = sent[0]
        assert content == {"type": ANSWER} and buffers == [plotly_bundle()]
        assert plotly_bundle().rstrip().endswith(b"*/") and b"FigureModel" in plotly_bundle()
    finally:
        del fig.send


def test_without_a_kernel_the_figure_says_so_in_the_widgets_language():
    from ttr_nb.engine.i18n import language, set_language
    before = language()
    try:
        set_language("da")
        fig = FigureWidget()
        assert fig._waiting_text == "Figuren tegnes, når notesbogen kører."
        assert '"_waiting_text"' in fig._esm
        fig.close()
    finally:
        set_language(before)
