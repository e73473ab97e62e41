"""plotly.js crosses the websocket once per page, however many boards the page shows.

Fixture: tests/browser/notebooks/two_boards.ipynb, two board figures (`ttr_nb.viz.figure_widget.
FigureWidget`) on a Voilà page.  Both draw; the first board's model carries plotly's widget bundle
(it asked for it), the second costs ≤ 300 KB (its data and layout); a click on a route of the
second board reaches Python, and a restyle from Python reaches it.
"""
from __future__ import annotations

import time

import ttr_nb
from ttr_nb.viz.figure_widget import plotly_bundle

from .conftest import voila_page, wait_still
from .websocket_bytes import Frames

SECOND_BOARD_MAX = 300_000


def board_models(sizes: dict, states: dict) -> list[str]:
    """The ids of the board figures' models, in the order the kernel made them."""
    return [m for m, s in states.items() if "_py2js_restyle" in s and m in sizes]


def test_two_boards_on_a_voila_page_fetch_plotly_once(page, voila_server):
    frames = Frames(page)
    t0 = time.perf_counter()
    page.goto(voila_page(voila_server, "two_boards.ipynb"))
    for edition in ("europe", "usa"):
        page.wait_for_selector(f".board-{edition} .js-plotly-plot .scatterlayer .trace", timeout=120_000)
    drawn = time.perf_counter() - t0
    page.wait_for_timeout(1000)                     # the views' first reports back to the kernel

    sizes, states = frames.by_model()
    boards = board_models(sizes, states)
    assert len(boards) == 2, (boards, sizes)
    bundle = len(plotly_bundle())
    per_board = [sizes[m] for m in boards]
    print(f"\nVoilà page, two boards drawn in {drawn:.1f} s: websocket received {frames.total / 1e6:.2f} MB; "
          f"per board {', '.join(f'{b / 1e3:.0f} KB' for b in per_board)}; plotly bundle {bundle / 1e6:.2f} MB")
    # one of them received the bundle, the other did not
    assert max(per_board) > bundle > 4_000_000
    assert min(per_board) <= SECOND_BOARD_MAX, per_board
    assert frames.total < bundle + 2 * SECOND_BOARD_MAX, frames.total

    # a click on a route of the second board reaches Python, which names the route
    root = ".board-usa"
    gd = f"{root} .js-plotly-plot"
    uid, route_index = page.evaluate(
        """(sel) => { const t = document.querySelector(sel)._fullData.find(t => t.meta === 'routes');
                      return [t.uid, t.customdata[5]]; }""", gd)
    point = page.locator(f"{gd} .scatterlayer [class*='trace{uid}'] path.point").nth(5)
    wait_still(point)
    point.hover(force=True)
    point.click(force=True)
    key = ttr_nb.load_board("usa").routes[int(route_index)].key
    page.wait_for_selector(f".clicked-usa >> text=clicked {key}", timeout=30_000)

    # a restyle and a relayout from Python reach the second board
    page.locator(".recolour").click()
    page.wait_for_function(
        """(sel) => { const gd = document.querySelector(sel);
                      const cities = gd._fullData.find(t => t.meta === 'cities');
                      return cities.marker.color === '#00aa00'
                             && gd.querySelector('.gtitle')?.textContent === 'Restyled from Python'; }""",
        arg=gd, timeout=30_000)
