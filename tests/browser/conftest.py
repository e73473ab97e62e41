"""End-to-end tests in a real browser: JupyterLab and Voilà served on localhost, driven by
Playwright with the system's Chromium (`/usr/bin/chromium`; the Makefile installs it).

These tests need no internet: the servers run on 127.0.0.1 and Chromium is started
with its background networking off."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from ttr_nb import cli

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
#: Small notebooks the widget tests open, so that they do not depend on the curriculum.
FIXTURES = Path(__file__).resolve().parent / "notebooks"
# the fixtures run in the browser tests; nbval need not run them a second time
collect_ignore_glob = ["notebooks/*.ipynb"]
CHROMIUM = os.environ.get("TTR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]
TOKEN = "ttr-nb-e2e"
# The servers start in the environment `ttr-nb lab` and `ttr-nb app` give theirs: the repository's
# jupyter/ folder (a Voilà template and settings that load nothing from other hosts) first on
# JUPYTER_PATH and JUPYTER_CONFIG_PATH, as `make lab` and `make app` have it.
JUPYTER_DIR = ROOT / "jupyter"
SERVER_ENV = cli.server_environment()
assert SERVER_ENV["JUPYTER_PATH"].split(os.pathsep)[0] == str(JUPYTER_DIR)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except Exception:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer in {timeout} s")


@pytest.fixture(scope="session")
def workdir(tmp_path_factory) -> Path:
    """A copy of the notebooks and of the test fixtures, so the servers never write into
    the repository."""
    target = tmp_path_factory.mktemp("notebooks")
    for nb in [*NOTEBOOKS.glob("*.ipynb"), *FIXTURES.glob("*.ipynb")]:
        shutil.copy(nb, target / nb.name)
    return target


def _bin(name: str) -> str:
    return str(Path(sys.executable).parent / name)


@contextmanager
def _serve(command: list[str], log_path: Path, ready: str, base: str):
    """Run a server until the block ends; yield its base URL once `ready` answers."""
    with open(log_path, "w") as log:
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=SERVER_ENV)
        try:
            _wait_http(ready, proc)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture(scope="session")
def lab_server(workdir):
    port = _free_port()
    # render every cell (no windowing), so the page holds every output the test reads
    settings = workdir.parent / "lab-user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    base = f"http://127.0.0.1:{port}"
    with _serve([_bin("jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                 "--allow-root", f"--LabApp.user_settings_dir={settings.parent.parent}",
                 f"--LabApp.workspaces_dir={workdir.parent / 'lab-workspaces'}",  # never the user's workspaces
                 f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={workdir}",
                 "--LabApp.extension_manager=readonly", "--ServerApp.open_browser=False"],
                workdir / "lab.log", f"{base}/api/status?token={TOKEN}", base) as url:
        yield url


@pytest.fixture(scope="session")
def voila_server(workdir):
    """Voilà as `make app` and `ttr-nb app` start it (on 127.0.0.1, with the package's voila.json: a
    token, and requests naming another host refused), with the token TOKEN instead of a generated
    one: a page opens with `?token=TOKEN` (`voila_page`), as the URL the launchers print does."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with _serve([_bin("voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", f"--Voila.token={TOKEN}",
                 str(workdir)],
                workdir / "voila.log", f"{base}/?token={TOKEN}", base) as url:
        yield url


def voila_page(voila_url: str, notebook: str) -> str:
    """The URL of a notebook rendered by the test Voilà, with its token (the browser keeps a cookie after it)."""
    return f"{voila_url}/voila/render/{notebook}?token={TOKEN}"


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: `make test` installs it (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = context.new_page()
    p.set_default_timeout(60_000)
    yield p
    context.close()


def run_all_in_lab(page, lab_url: str, notebook: str) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, and run every cell."""
    # a workspace of its own, reset: no tabs (and no kernels) restored from an earlier test
    page.goto(f"{lab_url}/lab/workspaces/ttr-{Path(notebook).stem}/tree/{notebook}?reset&token={TOKEN}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function(  # the status bar reads "Python 3 (ipykernel) | Idle" once the kernel is up
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => e.textContent.includes('| Idle'))",
        timeout=90_000)
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def wait_idle(page, timeout: float = 120_000) -> None:
    """Wait until every code cell shows an execution count (none waiting or running)."""
    page.wait_for_function(
        """() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
                   return p.length > 0 && p.every(e => /\\[\\d+\\]/.test(e.textContent)); }""",
        timeout=timeout)


def wait_still(locator, timeout: float = 30.0, quiet: float = 0.6) -> None:
    """Wait until an element has kept its place and size for `quiet` seconds.

    A board fits itself to its box once the page has laid out, which moves every point on it: a
    click at the coordinates the point had before that lands on another route, or on nothing."""
    deadline = time.perf_counter() + timeout
    last, since = None, time.perf_counter()
    while True:
        box = locator.bounding_box()
        now = time.perf_counter()
        if box != last:
            last, since = box, now
        elif box is not None and now - since >= quiet:
            return
        if now > deadline:
            raise AssertionError(f"the element kept moving for {timeout} s (last box {last})")
        time.sleep(0.1)

