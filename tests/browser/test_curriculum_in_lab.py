"""Every edition notebook as a student opens it: JupyterLab at 1280×800 with the file
browser open, Run All, no cell errored, every board drew, and no board is taller than the
notebook's visible height.

The edition notebooks are found by name (`1x_`, `2x_`, `3x_`, `4x_`, `50_` comparing them, `7x_`
and on), so a new one is tested without an edit here; `TTR_CURRICULUM=70_india_grand_tour.ipynb` (names separated
by commas) runs only those. One server, one page: each notebook is opened from the file browser
(a double click, as a student does), run, checked, screenshotted (the page with its first
board in view), and its kernel shut down before the next one opens.
The screenshots go to $TTR_SCREENSHOTS (default: <tmp>/ttr_nb_screenshots); the test prints
where each one is.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import NOTEBOOKS, TOKEN

EDITION_NOTEBOOKS = sorted(nb.name for nb in NOTEBOOKS.glob("*.ipynb") if re.match(r"([1-5]|[7-9])\d_", nb.name))
CHOSEN = [n for n in os.environ.get("TTR_CURRICULUM", "").split(",") if n]
SHOTS = Path(os.environ.get("TTR_SCREENSHOTS", Path(tempfile.gettempdir()) / "ttr_nb_screenshots"))
PLOTLY = "application/vnd.plotly.v1+json"
#: The notebook on show (the other tabs stay open, hidden, with their kernels shut down).
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def _shut_down_kernels(lab_url: str) -> None:
    def call(method: str, path: str):
        req = urllib.request.Request(f"{lab_url}{path}?token={TOKEN}", method=method)
        with urllib.request.urlopen(req, timeout=10) as reply:
            return reply.read()
    for session in json.loads(call("GET", "/api/sessions")):
        call("DELETE", f"/api/sessions/{session['id']}")


def _open_file_browser(page) -> None:
    browser = page.locator("#filebrowser")
    if not browser.is_visible():
        page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
    browser.wait_for(state="visible", timeout=10_000)


def _boards(page) -> dict:
    """Every plotly figure of the notebook: how many there are, how many drew traces, and
    how many plotly outputs (static figures) the cells produced."""
    return page.evaluate(
        """(mime) => {
            const panel = document.querySelector(mime[1]);
            const plots = [...panel.querySelectorAll('.js-plotly-plot')];
            const drawn = plots.filter(p => p.querySelector('.scatterlayer .trace, .barlayer .trace'));
            const outputs = panel.querySelectorAll(`.jp-OutputArea-output[data-mime-type="${mime[0]}"]`);
            return {plots: plots.length, drawn: drawn.length, outputs: outputs.length};
        }""", [PLOTLY, PANEL])


def _open(page, lab_url: str, name: str, first: bool) -> None:
    if first:
        page.goto(f"{lab_url}/lab?reset&token={TOKEN}")
        page.wait_for_selector(".jp-DirListing-item", timeout=90_000)
    _open_file_browser(page)
    page.locator(".jp-DirListing-itemText", has_text=name).first.dblclick()
    page.wait_for_function(
        """(name) => { const t = document.querySelector('.lm-DockPanel .lm-TabBar-tab.lm-mod-current');
                       return t && t.textContent.trim() === name; }""", arg=name, timeout=60_000)
    page.wait_for_selector(f"{PANEL} .jp-Cell", timeout=90_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]"
        ".some(e => e.textContent.includes('| Idle'))", timeout=90_000)


def _wait_idle(page, timeout: float = 120_000) -> None:
    """Every code cell of the notebook on show has run (shows an execution count)."""
    page.wait_for_function(
        r"""(panel) => { const p = [...document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputPrompt')];
                        return p.length > 0 && p.every(e => /\[\d+\]/.test(e.textContent)); }""",
        arg=PANEL, timeout=timeout)


def test_the_edition_notebooks_are_found():
    assert {"10_usa_setup_and_actions.ipynb", "14_usa_scoring.ipynb", "50_editions_compared.ipynb",
            "70_india_grand_tour.ipynb"} <= set(EDITION_NOTEBOOKS)
    assert set(CHOSEN) <= set(EDITION_NOTEBOOKS), CHOSEN


def test_every_edition_notebook_runs_in_jupyterlab_and_draws_its_boards(browser, lab_server, record_property):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(60_000)
    report, problems = [], []
    started = time.perf_counter()
    try:
        for name in CHOSEN or EDITION_NOTEBOOKS:
            t0 = time.perf_counter()
            _open(page, lab_server, name, first=not report)
            page.locator(f"{PANEL} .jp-Notebook").first.click()
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            _wait_idle(page)
            errors = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
            if errors.count():
                problems.append(f"{name}: a cell wrote an error: {errors.first.inner_text()[:300]}")
            deadline = time.time() + 30
            boards = _boards(page)
            while (boards["drawn"] < boards["plots"] or boards["plots"] < boards["outputs"]) and time.time() < deadline:
                page.wait_for_timeout(200)
                boards = _boards(page)
            if not boards["plots"]:
                problems.append(f"{name}: no board at all")
            elif boards["drawn"] < boards["plots"] or boards["plots"] < boards["outputs"]:
                problems.append(f"{name}: {boards['drawn']} of {boards['plots']} plots drew "
                                f"({boards['outputs']} figure outputs)")
            tall, deadline = None, time.time() + 15   # (a widget's board is fitted once its box reports its size)
            while tall is None or (tall and time.time() < deadline):
                if tall is not None:
                    page.wait_for_timeout(300)
                tall = page.evaluate(
                """(panel) => { // every board (a figure with many traces) fits the visible height
                    const outer = document.querySelector(panel + ' .jp-WindowedPanel-outer').getBoundingClientRect();
                    const visible = Math.min(outer.bottom, window.innerHeight) - Math.max(outer.top, 0);
                    return [...document.querySelectorAll(panel + ' .js-plotly-plot')]
                        .filter(p => p.querySelectorAll('.scatterlayer .trace').length > 8)
                        .map(p => Math.round(p.getBoundingClientRect().height)).filter(h => h > visible)
                        .map(h => h + ' > ' + Math.round(visible)); }""", PANEL)
            if tall:
                problems.append(f"{name}: boards taller than the screen (px): {tall}")
            assert page.locator("#filebrowser").is_visible()
            shot = SHOTS / f"{Path(name).stem}.png"
            page.evaluate(
                """(panel) => { // the first board (a figure with many traces), else the first figure
                    const plots = [...document.querySelectorAll(panel + ' .js-plotly-plot')];
                    const board = plots.find(p => p.querySelectorAll('.scatterlayer .trace').length > 8) || plots[0];
                    if (board) board.scrollIntoView({block: 'start'}); }""", PANEL)
            page.wait_for_timeout(300)
            page.screenshot(path=str(shot))
            seconds = time.perf_counter() - t0
            report.append((name, boards["plots"], round(seconds, 1), shot))
            _shut_down_kernels(lab_server)
    finally:
        context.close()
    total = time.perf_counter() - started
    print(f"\n{len(report)} edition notebooks in {total:.0f} s; screenshots in {SHOTS}")
    for name, plots, seconds, shot in report:
        print(f"  {name}: {plots} figures drew, {seconds} s, first board: {shot}")
    record_property("edition_notebooks_s", round(total, 1))
    assert not problems, "\n".join(problems)
    assert len(report) == len(CHOSEN or EDITION_NOTEBOOKS)
