"""Every board widget in JupyterLab at the sizes a classroom uses, clicks on the board, and
screenshots of the four boards.

At 1280×800 with the file browser open and at 1920×1080, each widget's box (and everything
in it) must stay inside its notebook cell, with no horizontal scrollbar; at 1920 the boards
grow into the width they have.  On the payment checker's board a click on a route's end
space (not its middle) chooses that route, and on the explorer's board a click on each track
of a double route chooses that track: the status line says what Python says for that route;
the pointer on a space outlines the whole route.
Then each edition's board after a game is shot in normal and colour-blind mode at 1280×800,
into the folder printed (build/screenshots/ unless TTR_SCREENSHOTS says otherwise).

Fixture notebooks: tests/browser/notebooks/ (small, made for these tests).
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb.widgets import EditionExplorer, PaymentChecker

from .conftest import ROOT, run_all_in_lab, wait_idle, wait_still

SHOTS = Path(os.environ.get("TTR_SCREENSHOTS", ROOT / "build" / "screenshots"))
WIDGETS = [".ttr-explorer", ".ttr-payment", ".ttr-tunnel-lab", ".ttr-scoring", ".ttr-game-table"]
BOARDS = [".ttr-explorer", ".ttr-payment", ".ttr-scoring", ".ttr-game-table"]
END_ROUTE = "Dallas-El Paso"
DOUBLE = "Kansas City-Saint Louis"


@pytest.fixture
def lab_page(browser, lab_server):          # (the lab serves a copy of tests/browser/notebooks too)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def open_and_run(page, lab_url: str, notebook: str) -> None:
    run_all_in_lab(page, lab_url, notebook)
    wait_idle(page)


def open_file_browser(page) -> None:
    if not page.locator("#filebrowser").is_visible():
        page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
    page.locator("#filebrowser").wait_for(state="visible")
    assert page.locator("#filebrowser").bounding_box()["width"] > 150


def wait_boards(page, selectors, timeout: float = 90_000) -> None:
    page.wait_for_function(
        """(sels) => sels.every(s => { const w = document.querySelector(s);
                                      return w && w.querySelector('.js-plotly-plot .scatterlayer .trace'); })""",
        arg=selectors, timeout=timeout)


MEASURE = """(sel) => {
    const w = document.querySelector(sel);
    const out = w.closest('.jp-OutputArea-output');
    const o = out.getBoundingClientRect(), r = w.getBoundingClientRect();
    // anything drawn wider than the cell: elements sticking out, or a box that scrolls sideways
    const sticking = [], scrolling = [];
    for (const e of [w, ...w.querySelectorAll('*')]) {
        // plotly's invisible drag handles sit just outside the plot area: not drawn
        if (e.closest('.hoverlayer, .modebar-container, .draglayer, .ttr-error-log')) continue;
        const b = e.getBoundingClientRect();
        // (3 px of slack: ipywidgets' 2 px margins round a width of 100% stick out that much, unseen)
        if (b.width > 0 && b.height > 0 && (b.right > o.right + 3 || b.left < o.left - 3))
            sticking.push((e.className && e.className.baseVal !== undefined ? e.className.baseVal : e.className)
                          + ' ' + e.tagName + ' ' + Math.round(b.left) + '..' + Math.round(b.right));
        const st = getComputedStyle(e);
        if (e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(st.overflowX))
            scrolling.push(e.tagName + '.' + e.className + ' ' + e.scrollWidth + '>' + e.clientWidth + ' ' + [...e.children].map(c => c.className.toString().slice(-24) + ':' + Math.round(c.getBoundingClientRect().width)).join(','));
    }
    for (let e = out; e && e !== document.body; e = e.parentElement)
        if (e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
            scrolling.push('cell ancestor ' + e.tagName + '.' + e.className);
    // the board: its figure inside its box (the box hides what sticks out), and the row it is in
    const box = w.querySelector('.ttr-board'), svg = box && box.querySelector('.js-plotly-plot .main-svg');
    let clipped = null, rowRight = null;
    if (svg) {
        const b = box.getBoundingClientRect(), s = svg.getBoundingClientRect();
        if (s.right > b.right + 3 || s.left < b.left - 3) clipped = [b.left, b.right, s.left, s.right];
        const row = box.parentElement.closest('.widget-hbox') || box.parentElement;
        rowRight = Math.max(...[...row.children].map(c => c.getBoundingClientRect().right));
    }
    return {cell: [o.left, o.right], widget: [r.left, r.right], board: svg ? svg.getBoundingClientRect().width : null,
            clipped, used: rowRight === null ? null : (rowRight - o.left) / (o.right - o.left),
            sticking: sticking.slice(0, 5), scrolling: scrolling.slice(0, 5)};
}"""


FITTED = """(sels) => sels.every(sel => {
    // as wide as its box, or (narrower) as high as the screen leaves it (what its sizer reported)
    const box = document.querySelector(sel + ' .ttr-board'), svg = box.querySelector('.js-plotly-plot .main-svg');
    const sizer = box.querySelector('.ttr-sizer');
    const b = box.getBoundingClientRect(), s = svg.getBoundingClientRect();
    return Math.abs(b.width - s.width) < 4 || (s.width < b.width && Math.abs(s.height - Math.max(320, +sizer.dataset.ttrHeight)) < 4);
})"""


def measure_all(page, label: str) -> dict:
    # each box reports its new width to Python, which sizes the figure (fit_width): wait for it
    page.wait_for_function(FITTED, arg=BOARDS, timeout=20_000)
    page.wait_for_timeout(300)
    found = {}
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"page-{label.split()[0]}.png"))
    for sel in WIDGETS:
        m = page.evaluate(MEASURE, sel)
        print(f"{label} {sel}: cell {m['cell'][1] - m['cell'][0]:.0f} px, widget {m['widget'][0]:.0f}..."
              f"{m['widget'][1]:.0f}, board {m['board']}, row uses {m['used'] or 0:.0%} of the cell")
        assert not m["sticking"], (label, sel, "drawn outside the cell", m["sticking"])
        assert not m["scrolling"], (label, sel, "scrolls sideways", m["scrolling"])
        assert not m["clipped"], (label, sel, "the board is cut off by its box", m["clipped"])
        found[sel] = m
    return found


def shot(page, locator, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    locator.screenshot(path=str(path))
    return path


def space_point(page, root: str, route_key: str, which: int):
    """The plotly point of space `which` (0 first, -1 last) of a route, in the `route spaces` trace."""
    board = ttr_nb.load_board("usa")
    route = board.find_route(route_key)
    start = sum(r.length for r in board.routes[:route.index])
    k = start + (which % route.length)
    uid = page.evaluate(
        """([root]) => { const gd = document.querySelector(root + ' .js-plotly-plot');
                         return gd._fullData.find(t => t.meta === 'route spaces').uid; }""", [root])
    return page.locator(f"{root} .js-plotly-plot .scatterlayer [class*='trace{uid}'] path.point").nth(k)


def click_and_read(page, root: str, point, expected: str, timeout: float = 30.0) -> str:
    status = page.locator(f"{root} .ttr-status").first
    wait_still(point)
    point.hover(force=True)
    point.click(force=True)
    deadline = time.perf_counter() + timeout
    while expected not in status.inner_text():
        if time.perf_counter() > deadline:
            raise AssertionError(f"status line shows {status.inner_text()!r}, expected {expected!r}")
        page.wait_for_timeout(50)
    return status.inner_text()


def test_widgets_fit_at_1280_and_use_the_width_at_1920_and_clicks_choose_the_track(lab_page, lab_server):
    page = lab_page
    t0 = time.perf_counter()
    open_and_run(page, lab_server, "board_sizes.ipynb")
    open_file_browser(page)
    wait_boards(page, BOARDS)
    small = measure_all(page, "1280x800 + file browser")

    # clicks: the last space of a route on the payment checker's board
    checker = PaymentChecker("usa", hand="red*4+loco*2+blue*2")
    checker.select_route(END_ROUTE)
    text = click_and_read(page, ".ttr-payment", space_point(page, ".ttr-payment", END_ROUTE, -1),
                          checker.status.text)
    assert "Dallas–El Paso" in text
    # each track of a double route on the explorer's board, clicked on its first space
    explorer = EditionExplorer("usa", players=2)
    seen = []
    for key in (DOUBLE, DOUBLE + "#2"):
        explorer.select_route(key)
        seen.append(click_and_read(page, ".ttr-explorer", space_point(page, ".ttr-explorer", key, 0),
                                   explorer.status.text))
    board = ttr_nb.load_board("usa")
    colours = [board.find_route(k).colour for k in (DOUBLE, DOUBLE + "#2")]
    assert seen[0] != seen[1] and all(c in s for c, s in zip(colours, seen)), seen
    # the pointer on one space outlines every space of that route (in the page, no redraw)
    space_point(page, ".ttr-payment", END_ROUTE, 1).hover(force=True)
    page.wait_for_function("(n) => document.querySelectorAll('.ttr-payment [data-ttr-hover]').length === n",
                           arg=board.find_route(END_ROUTE).length, timeout=10_000)

    page.set_viewport_size({"width": 1920, "height": 1080})
    large = measure_all(page, "1920x1080 + file browser")
    for sel in BOARDS:      # the board grows, or its panel comes up beside it: the row fills the cell
        assert large[sel]["used"] > 0.9, (sel, "the board and its panel leave the width unused", large[sel])
        assert large[sel]["board"] >= small[sel]["board"] - 4, (sel, large[sel], small[sel])
    print(f"sizes and clicks: {time.perf_counter() - t0:.1f} s")


def test_screenshots_of_every_board_in_both_modes(lab_page, lab_server):
    page = lab_page
    t0 = time.perf_counter()
    open_and_run(page, lab_server, "boards_after_a_game.ipynb")
    open_file_browser(page)
    wait_boards(page, [".ttr-shot-normal", ".ttr-shot-colour-blind"])
    paths = []
    for edition in ttr_nb.editions():
        select = page.locator(".ttr-shot-edition select")
        if select.input_value() != edition:
            select.select_option(edition)
        title = ttr_nb.load_board(edition).title
        page.wait_for_function(
            """(t) => ['.ttr-shot-normal', '.ttr-shot-colour-blind'].every(s =>
                   (document.querySelector(s + ' .gtitle') || {}).textContent === t)""", arg=title)
        page.wait_for_timeout(800)
        for mode in ("normal", "colour-blind"):
            board = page.locator(f".ttr-shot-{mode}")
            board.scroll_into_view_if_needed()
            m = page.evaluate(MEASURE, f".ttr-shot-{mode}")
            assert not m["sticking"] and not m["scrolling"], (edition, mode, m)
            paths.append(shot(page, board, f"{edition}-{mode}-1280x800.png"))
    print(f"\nscreenshots (1280x800, file browser open) in {SHOTS}:")
    for p in paths:
        print(f"  {p}")
        assert p.stat().st_size > 20_000
    print(f"screenshots: {time.perf_counter() - t0:.1f} s")
