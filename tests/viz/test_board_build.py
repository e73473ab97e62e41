"""A board's figure is built from the package's own dicts without plotly's per-property
validation, with a template of its own (ttr_nb/viz/figure.py, `built`): plotly's validation
accepts every board as built and changes nothing in it, the template is plotly's default one
where a board can show it, and every later edit of the figure is validated as in plotly."""
from __future__ import annotations

import json
from pathlib import Path

import plotly
import plotly.graph_objects as go
import pytest
from plotly.utils import PlotlyJSONEncoder

import ttr_nb
from ttr_nb.viz import board_figure
from ttr_nb.viz.figure import BOARD_TEMPLATE
from ttr_nb.viz.figure_widget import FigureWidget

EDITIONS = sorted(p.stem for p in (Path(ttr_nb.__file__).parent / "maps").glob("*.json"))
KINDS = [dict(), dict(widget=True), dict(widget=True, responsive=True),
         dict(static=True, colour_blind=True, text_size="projector")]


def _json(fig_dict) -> str:
    return json.dumps(fig_dict, cls=PlotlyJSONEncoder, sort_keys=True)


@pytest.mark.parametrize("edition", EDITIONS)
def test_plotly_validation_accepts_every_board_as_built_and_changes_nothing(edition):
    game = ttr_nb.load_game(edition)
    for kind in KINDS:
        fig = board_figure(game, **kind)
        built = fig.to_plotly_json()
        validated = go.Figure(built).to_plotly_json()       # every property through plotly's validators
        assert _json(validated) == _json(built), (edition, kind)
        assert built["layout"]["template"] == BOARD_TEMPLATE


def test_the_board_template_is_plotly_default_template_where_a_board_shows_it():
    default = json.loads((Path(plotly.__file__).parent / "package_data" / "templates" / "plotly.json").read_text())
    ours = BOARD_TEMPLATE["layout"]
    assert set(ours) <= set(default["layout"])
    assert {k: default["layout"][k] for k in ours} == ours
    # what is left out is for kinds of plot a board has not, and for the axes it hides
    assert set(default["layout"]) - set(ours) == {"polar", "ternary", "scene", "geo", "coloraxis", "colorscale",
                                                  "xaxis", "yaxis"}
    assert board_figure("usa").layout.xaxis.visible is False and board_figure("usa").layout.yaxis.visible is False


@pytest.mark.parametrize("widget", [False, True])
def test_every_later_edit_of_a_board_is_validated(widget):
    fig = board_figure("usa", widget=widget)
    routes = next(t for t in fig.data if t.meta == "routes")
    with pytest.raises(ValueError, match="size"):
        routes.marker.size = "big"
    with pytest.raises(ValueError):
        routes.update(nonsense=1)
    with pytest.raises(ValueError, match="size"):
        fig.layout.legend.font.size = "large"
    with pytest.raises(ValueError):
        fig.update_layout(nonsense=1)
    with pytest.raises(ValueError):
        fig.add_trace(go.Scatter(x=[1], y=[2]), row="first")
    # and what is valid goes in
    routes.marker.size = 12
    fig.layout.legend.font.size = 15
    assert routes.marker.size == 12 and fig.layout.legend.font.size == 15


def test_a_figure_widget_repr_is_one_line_not_its_json():
    fig = board_figure("usa", widget=True)
    assert isinstance(fig, FigureWidget)
    text = repr(fig)
    assert "\n" not in text and len(text) < 120 and f"{len(fig.data)} traces" in text, text
    assert str(go.Figure(fig)).count("\n") > 500           # plotly's own repr: the whole figure
