"""A board drawn with its own template (ttr_nb/viz/figure.py, `BOARD_TEMPLATE`: the part of plotly's
default template a board shows) is, pixel for pixel, the board drawn with plotly's whole default
template: plotly.js draws both in Chromium, from files (no server)."""
from __future__ import annotations

import json
from pathlib import Path

import plotly
import plotly.graph_objects as go
import pytest
from plotly.utils import PlotlyJSONEncoder

from ttr_nb.viz import board_figure

PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


def _page(spec: dict, folder: Path, name: str) -> str:
    html = folder / f"{name}.html"
    html.write_text("<html><body style='margin:0'><div id='g'></div>"
                    f"<script src='{PLOTLY_JS.as_uri()}'></script><script>const s = "
                    + json.dumps(spec, cls=PlotlyJSONEncoder) +
                    "; Plotly.newPlot('g', s.data, s.layout, {staticPlot: true})"
                    ".then(() => { document.title = 'drawn'; });</script></body></html>", encoding="utf-8")
    return html.as_uri()


@pytest.mark.parametrize("edition, kw", [("usa", dict(colour_blind=True)), ("europe", dict(text_size="projector"))])
def test_a_board_with_its_own_template_looks_as_with_plotlys_default_one(page, tmp_path, edition, kw):
    ours = board_figure(edition, **kw).to_plotly_json()
    assert "template" in ours["layout"]
    layout = {k: v for k, v in ours["layout"].items() if k != "template"}
    default = go.Figure(data=ours["data"], layout=layout).to_plotly_json()       # plotly's default template
    assert default["layout"]["template"]["layout"]["polar"]                        # (the whole of it)
    page.set_viewport_size({"width": 1400, "height": 1000})
    shots = []
    for name, spec in (("ours", ours), ("default", default)):
        page.goto(_page(spec, tmp_path, name))
        page.wait_for_function("() => document.title === 'drawn'")
        shots.append(page.locator("#g").screenshot(path=str(tmp_path / f"{name}.png")))
    assert len(shots[0]) > 20_000 and shots[0] == shots[1]
