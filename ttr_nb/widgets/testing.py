"""Simulating a browser click on a plotly FigureWidget trace, without a browser.

plotly fires `on_click` callbacks from the front end; headless we dispatch the same
event through the trace's (private) `_dispatch_on_click`. This is the one place that
touches that private method; widgets also offer public methods doing the same thing.
"""
from __future__ import annotations

from plotly.callbacks import InputDeviceState, Points


def simulate_click(figure, trace, point_index: int) -> None:
    """Click point `point_index` of `trace` (an index, a trace name, or the trace itself)."""
    if isinstance(trace, int):
        trace = figure.data[trace]
    elif isinstance(trace, str):
        trace = next(t for t in figure.data if t.name == trace)
    index = list(figure.data).index(trace)
    points = Points(point_inds=[point_index], xs=[trace.x[point_index]], ys=[trace.y[point_index]],
                    trace_name=trace.name, trace_index=index)
    state = InputDeviceState(ctrl=False, alt=False, shift=False, meta=False, button=0, buttons=1)
    trace._dispatch_on_click(points, state)
