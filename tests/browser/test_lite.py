"""The JupyterLite site (`make lite`) runs the notebooks in the browser with no server and no
network: headless Chromium, every request to a host other than 127.0.0.1 blocked and counted.

The site is served as a good host serves it (scripts/lite_host.py: precompressed files, cache
headers, ETags) and the server counts every byte it sends. A pupil's two visits of the start
notebook with one Chromium profile: the first at most 25 MB on the wire, the second (from the
browser's cache) at most 1 MB, the kernel ready and the first board drawn within their targets
(see TIME_TARGETS for how a loaded machine is allowed for). The edition explorer notebook and the
Danish start notebook (its asserts check that the engine speaks Danish) run top to bottom too;
no cell may error, a board must draw, and a click on a route marker must reach Python and come
back. The lock holds only the packages the notebooks import and what they need.

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

from .conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, wait_still

spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
build_lite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_lite)
lite_wheels = sys.modules["lite_wheels"]          # imported by build_lite from scripts/

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
    """Every request of a browser context; those to other hosts are kept, and refused.

    With `route` (a fresh context) Playwright aborts them. Routing turns the browser's HTTP cache
    off, so a context whose cache is measured (`cold_and_warm_visits`) is started instead with
    Chromium's resolver refusing every host but 127.0.0.1 (`NO_OTHER_HOSTS`), and its requests
    to other hosts are kept from the request events."""

    def __init__(self, context, route: bool = True):
        self.requests = 0
        self.blocked: list[str] = []
        context.on("request", self._count)
        if route:
            context.route("**/*", self._route)

    @staticmethod
    def _other_host(url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1"

    def _count(self, request) -> None:
        self.requests += 1
        if self._other_host(request.url) and request.url not in self.blocked:
            self.blocked.append(request.url)

    def _route(self, route) -> None:
        if self._other_host(route.request.url):
            route.abort()
        else:
            route.continue_()


NO_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def _kernel_idle(page, timeout: float) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => /\\| Idle/.test(e.textContent))",
        timeout=timeout)


BOARD_DRAWN = ("(panel) => document.querySelector(panel + ' .js-plotly-plot .scatterlayer .trace') !== null")


def _run_all(page, timings: dict | None = None, t0: float = 0.0) -> None:
    """Run every cell; with `timings`, note when the first board (a plotly plot) is drawn."""
    page.locator(f"{PANEL} .jp-Notebook").click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    if timings is not None:
        page.wait_for_function(BOARD_DRAWN, arg=PANEL, timeout=240_000)
        timings["first_board_s"] = time.perf_counter() - t0
    page.wait_for_function(
        """(panel) => { const p = [...document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputPrompt')];
                        const failed = document.querySelector(panel + ' .jp-OutputArea-output'
                                                              + '[data-mime-type="application/vnd.jupyter.stderr"]');
                        return failed || (p.length > 0 && p.every(e => /\\[\\d+\\]/.test(e.textContent))); }""",
        arg=PANEL, timeout=300_000)


def _errors(page) -> list[str]:
    errors = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    return [errors.nth(i).inner_text()[:500] for i in range(errors.count())]


def open_and_run(page, url: str, notebook: str, timings: dict | None = None, server=None) -> float:
    """Open a notebook of the site, wait for its kernel, run every cell; the seconds to a
    ready kernel (and, with `timings`, the seconds to it and to the first board drawn there)."""
    t0 = time.perf_counter()
    page.goto(f"{url}/lab/index.html?path={notebook}")
    page.wait_for_selector(f"{PANEL} .jp-Notebook .jp-Cell", timeout=120_000)
    page.wait_for_function("(name) => document.querySelector('.lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current')"
                           "?.textContent.includes(name)", arg=notebook.rsplit("/", 1)[-1], timeout=60_000)
    _kernel_idle(page, 240_000)
    ready = time.perf_counter() - t0
    if timings is not None:
        timings["kernel_ready_s"] = ready
        if server is not None:
            timings["bytes_at_ready"] = server.bytes_sent
    print(f"\n{notebook}: kernel ready after {ready:.1f} s", flush=True)
    _run_all(page, timings, t0)
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


#: the targets of a school's line: bytes on the wire (asserted as they are) ...
FIRST_VISIT_BYTES = 25_000_000
SECOND_VISIT_BYTES = 1_000_000
#: ... and seconds from opening the start notebook, on this machine class (2 cores). These are
#: asserted as they are when the machine is otherwise idle (load average per core at most
#: IDLE_LOAD during the visit); on a machine loaded by other work (the test suite's other worker,
#: other users) a time is asserted against LOADED_FACTOR times its target, and the figures are
#: reported with the load, so that a real slow-down still fails but a busy neighbour does not.
TIME_TARGETS = {"kernel_ready_s": 8.0, "first_board_s": 12.0}
IDLE_LOAD, LOADED_FACTOR = 1.0, 2.5


def _load_per_core() -> float:
    return os.getloadavg()[0] / (os.cpu_count() or 1)


def visit_with_profile(browser, profile: Path, url: str, server) -> dict:
    """One visit of the start notebook in Chromium with the user profile `profile` (its disk
    cache kept between visits, as a pupil's browser keeps it): every cell run; the bytes the
    server sent (headers included), before the kernel was ready and in all, the seconds to a
    ready kernel and to the first board, the load, and the requests to other hosts."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, NO_OTHER_HOSTS],
        viewport={"width": 1400, "height": 1000})
    network = Network(context, route=False)
    server.reset()
    load = _load_per_core()
    timings: dict = {}
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(60_000)
        open_and_run(page, url, START, timings, server)
        time.sleep(1.0)                         # anything the page still fetches after the last cell
    finally:
        context.close()
    return {**timings, "bytes": server.bytes_sent, "largest": server.sent.most_common(8),
            "load_per_core": round(max(load, _load_per_core()), 2), "blocked": network.blocked}


def test_lite_first_and_second_visit(browser, site, lite_server, tmp_path, record_property):
    """A pupil's two visits of the start notebook with one browser profile: the first fetches at
    most 25 MB, the second (the browser's cache, revalidated) at most 1 MB; both run every cell
    and draw the board; the kernel is ready and the board drawn within their targets."""
    url = f"http://127.0.0.1:{lite_server.server_port}"
    profile = tmp_path / "chromium-profile"
    first = visit_with_profile(browser, profile, url, lite_server)
    second = visit_with_profile(browser, profile, url, lite_server)
    figures = {"first_visit_mb": round(first["bytes"] / 1e6, 2),
               "first_visit_mb_before_kernel_ready": round(first["bytes_at_ready"] / 1e6, 2), "second_visit_mb": round(second["bytes"] / 1e6, 3),
               **{f"first_visit_{k}": round(first[k], 1) for k in TIME_TARGETS},
               **{f"second_visit_{k}": round(second[k], 1) for k in TIME_TARGETS},
               "load_per_core": max(first["load_per_core"], second["load_per_core"]),
               "site_mb_without_compressed_copies": round(sum(
                   f.stat().st_size for f in site.rglob("*") if f.is_file() and f.suffix not in (".gz", ".br")) / 1e6, 1)}
    for key, value in figures.items():
        record_property(key, value)
    print(f"\nJupyterLite visits: {json.dumps(figures)}\n  largest on the first visit: "
          + ", ".join(f"{p} {n / 1e6:.2f} MB" for p, n in first["largest"]))
    assert not first["blocked"] and not second["blocked"], \
        f"the site asked for other hosts: {sorted(set(first['blocked'] + second['blocked']))}"
    assert first["bytes"] <= FIRST_VISIT_BYTES, \
        f"the first visit transferred {first['bytes'] / 1e6:.1f} MB (at most 25 MB): {first['largest']}"
    assert second["bytes"] <= SECOND_VISIT_BYTES, \
        f"the second visit transferred {second['bytes'] / 1e6:.2f} MB (at most 1 MB): {second['largest']}"
    for key, target in TIME_TARGETS.items():
        loaded = first["load_per_core"] > IDLE_LOAD
        limit = target * (LOADED_FACTOR if loaded else 1.0)
        assert first[key] <= limit, (
            f"first visit {key} = {first[key]:.1f} s, over {limit:.1f} s (target {target} s"
            + (f", x{LOADED_FACTOR} at load {first['load_per_core']} per core)" if loaded else ")"))


def test_lite_site_runs_the_notebooks_offline(browser, site, lite_server, record_property):
    url = f"http://127.0.0.1:{lite_server.server_port}"
    visits = Visits(browser)
    report = {START: "ran (test_lite_first_and_second_visit)"}
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
    figures = {"click_to_python_s": round(click, 2), "requests": visits.requests,
               "blocked_other_hosts": len(visits.blocked)}
    for key, value in figures.items():
        record_property(key, value)
    print(f"\nJupyterLite: {json.dumps(figures)}\n  " + "\n  ".join(f"{k}: {v}" for k, v in report.items()))
    assert not visits.blocked, f"the site asked for other hosts: {sorted(set(visits.blocked))}"


def test_the_site_holds_only_the_wheels_the_notebooks_import(site):
    """The lock holds exactly the packages providing what the notebooks import, the Pyodide
    kernel's own, and what their wheels require, less the two front-end-only packages dropped;
    the pruned wheels lack what was cut and keep what the board needs."""
    imported = lite_wheels.imported_modules(lite_wheels.notebook_sources(site / "files"))
    assert {"ttr_nb", "IPython", "plotly"} <= imported, imported
    lock = json.loads(lite_wheels.lock_path(site).read_text())
    held = {lite_wheels.canonical(p["name"]) for p in lock["packages"].values()}
    expected = lite_wheels.expected_packages(site, imported)
    assert held == expected, f"in the site but not needed: {sorted(held - expected)}; needed, not in it: " \
                             f"{sorted(expected - held)}"
    assert not held & set(lite_wheels.DROPPED)
    by_name = {lite_wheels.canonical(p["name"]): p for p in lock["packages"].values()}
    import hashlib
    import zipfile
    for name in lite_wheels.PRUNED:
        wheel = lite_wheels.wheel_file(site, by_name[name])
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == by_name[name]["sha256"], f"{wheel.name}: sha256"
        with zipfile.ZipFile(wheel) as z:
            files = set(z.namelist())
            record = next(n for n in files if n.endswith(".dist-info/RECORD"))
            listed = {line.split(",", 1)[0] for line in z.read(record).decode().splitlines() if line}
        assert listed == files, f"{wheel.name}: its RECORD does not list what it holds"
        assert not any(lite_wheels.PRUNED[name](f, held) for f in files), f"{wheel.name} still holds what was cut"
        if name == "plotly":
            assert "plotly/package_data/widgetbundle.js" in files       # the board widget's front end
            assert any(f.startswith("plotly/package_data/templates/") for f in files)
            assert "plotly/package_data/plotly.min.js" not in files
