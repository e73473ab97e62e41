"""The JupyterLite site (`make lite`) runs the notebooks in the browser with no server and no
network: headless Chromium, every request to a host other than 127.0.0.1 blocked and counted.

The start notebook, the edition explorer notebook and the Danish start notebook (its asserts
check that the engine speaks Danish) run top to bottom; no cell may error, a board must
draw, and a click on a route marker must reach Python and come back. The test
reports the site's size, the bytes of a first visit and the time to a ready kernel.

The site is built from the repository by scripts/build_lite.py, which needs the package
index and the npm registry (build time only). An up-to-date site (same input hash) is reused;
otherwise the test builds it, or, when a registry cannot be reached, is skipped with a reason
naming it. Set TTR_LITE_NOTEBOOKS=all to run every notebook of the site."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .conftest import ROOT, wait_still

spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
build_lite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_lite)

START = "00_start_here.ipynb"
WITH_BOARD = "50_editions_compared.ipynb"   # its EditionExplorer has a board to click
DANISH = "da/00_start_here.ipynb"           # the translated notebooks are a folder of the site
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"      # the notebook in front (earlier ones stay open)


def _unreachable() -> str | None:
    """Why the site cannot be built here (a registry that does not answer), or None."""
    checks = [([sys.executable, "-m", "pip", "index", "versions", "jupyterlite-core"], "the Python package index")]
    if not (build_lite.WORK / f"pyodide-{build_lite.PYODIDE_VERSION}.tgz").exists():
        checks.append((["npm", "view", f"pyodide@{build_lite.PYODIDE_VERSION}", "version"], "the npm registry"))
    for command, what in checks:
        try:
            subprocess.run(command, check=True, capture_output=True, timeout=90)
        except (OSError, subprocess.SubprocessError) as e:
            return f"{what} is unreachable ({' '.join(command[-3:])}: {type(e).__name__})"
    return None


@pytest.fixture(scope="module")
def site() -> Path:
    stamp = build_lite.SITE / ".inputs-hash"
    if not (stamp.exists() and stamp.read_text() == build_lite.inputs_hash()):
        why = _unreachable()
        if why:
            pytest.skip(f"JupyterLite site not built, so not tested: {why}; `make lite` needs it at build time")
        t0 = time.time()
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py")], check=True, timeout=900)
        print(f"\nbuilt the JupyterLite site in {time.time() - t0:.0f} s")
    return build_lite.SITE


@pytest.fixture(scope="module")
def lite_server(site):
    server = build_lite.site_server(0, site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


class Network:
    """Every request of a browser context; those to other hosts are blocked and kept."""

    def __init__(self, context):
        self.requests = 0
        self.blocked: list[str] = []
        context.on("request", self._count)
        context.route("**/*", self._route)

    def _count(self, request) -> None:
        self.requests += 1

    def _route(self, route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
            self.blocked.append(url)
            route.abort()
        else:
            route.continue_()


def _kernel_idle(page, timeout: float) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => /\\| Idle/.test(e.textContent))",
        timeout=timeout)


def _run_all(page) -> None:
    page.locator(f"{PANEL} .jp-Notebook").click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(
        """(panel) => { const p = [...document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputPrompt')];
                        const failed = document.querySelector(panel + ' .jp-OutputArea-output'
                                                              + '[data-mime-type="application/vnd.jupyter.stderr"]');
                        return failed || (p.length > 0 && p.every(e => /\\[\\d+\\]/.test(e.textContent))); }""",
        arg=PANEL, timeout=300_000)


def _errors(page) -> list[str]:
    errors = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    return [errors.nth(i).inner_text()[:500] for i in range(errors.count())]


def open_and_run(page, url: str, notebook: str) -> float:
    """Open a notebook of the site, wait for its kernel, run every cell; the seconds to a
    ready kernel."""
    t0 = time.perf_counter()
    page.goto(f"{url}/lab/index.html?path={notebook}")
    page.wait_for_selector(f"{PANEL} .jp-Notebook .jp-Cell", timeout=120_000)
    page.wait_for_function("(name) => document.querySelector('.lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current')"
                           "?.textContent.includes(name)", arg=notebook.rsplit("/", 1)[-1], timeout=60_000)
    _kernel_idle(page, 240_000)
    ready = time.perf_counter() - t0
    print(f"\n{notebook}: kernel ready after {ready:.1f} s", flush=True)
    _run_all(page)
    errors = _errors(page)
    assert not errors, f"{notebook}: a cell errored in JupyterLite:\n" + "\n---\n".join(errors)
    print(f"{notebook}: every cell ran after {time.perf_counter() - t0:.1f} s", flush=True)
    return ready


def _notebooks(site: Path) -> list[str]:
    if os.environ.get("TTR_LITE_NOTEBOOKS") == "all":
        return sorted(p.relative_to(site / "files").as_posix() for p in (site / "files").rglob("*.ipynb"))
    return [START, WITH_BOARD, DANISH]


class Visits:
    """Each notebook is opened by a new visitor (a fresh browser context: no cache, no saved
    workspace, so no kernel of an earlier notebook is restored and left running)."""

    def __init__(self, browser):
        self.browser = browser
        self.blocked: list[str] = []
        self.requests = 0

    @contextmanager
    def page(self):
        context = self.browser.new_context(viewport={"width": 1400, "height": 1000})
        network = Network(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        try:
            yield page
        finally:
            context.close()
            self.blocked += network.blocked
            self.requests += network.requests


def click_the_board(page) -> float:
    """Click a marker of the explorer's board; the seconds until Python's answer shows."""
    explorer = page.locator(f"{PANEL} .ttr-explorer").last
    page.wait_for_function("(panel) => document.querySelectorAll(panel + ' .ttr-explorer .js-plotly-plot "
                           ".scatterlayer .trace path.point').length > 0", arg=PANEL, timeout=60_000)
    traces = explorer.locator(".js-plotly-plot .scatterlayer .trace")
    assert traces.count() > 0, "no board drew"
    markers = max((traces.nth(k) for k in range(traces.count())), key=lambda t: t.locator("path.point").count())
    status = explorer.locator(".ttr-status")
    before = status.inner_text()
    point = markers.locator("path.point").nth(3)
    point.scroll_into_view_if_needed()
    wait_still(point)
    t0 = time.perf_counter()
    point.click(force=True)
    page.wait_for_function("([sel, old]) => { const e = document.querySelectorAll(sel); "
                           "return e.length && e[e.length - 1].textContent !== old; }",
                           arg=[f"{PANEL} .ttr-explorer .ttr-status", before], timeout=30_000)
    seconds = time.perf_counter() - t0
    assert status.inner_text().strip() not in ("", before), "the click did not reach Python"
    return seconds


def test_lite_site_runs_the_notebooks_offline(browser, site, lite_server, record_property):
    url = f"http://127.0.0.1:{lite_server.server_port}"
    visits = Visits(browser)
    # the first visit: the start notebook until every cell has run
    with visits.page() as page:
        ready = open_and_run(page, url, START)
    first_visit = lite_server.bytes_sent
    report = {START: "ran"}
    # a notebook with a board: it draws, and a click on a route marker reaches Python
    with visits.page() as page:
        open_and_run(page, url, WITH_BOARD)
        click = click_the_board(page)
    report[WITH_BOARD] = "ran; board drew; click reached Python"
    for notebook in _notebooks(site):
        if notebook not in report:
            with visits.page() as page:
                open_and_run(page, url, notebook)
            report[notebook] = "ran"
    size = build_lite.site_size(site)
    figures = {"site_mb": round(size / 1e6, 1), "first_visit_mb": round(first_visit / 1e6, 1),
               "kernel_ready_s": round(ready, 1), "click_to_python_s": round(click, 2),
               "requests": visits.requests, "blocked_other_hosts": len(visits.blocked)}
    for key, value in figures.items():
        record_property(key, value)
    print(f"\nJupyterLite: {json.dumps(figures)}\n  " + "\n  ".join(f"{k}: {v}" for k, v in report.items()))
    assert not visits.blocked, f"the site asked for other hosts: {sorted(set(visits.blocked))}"
