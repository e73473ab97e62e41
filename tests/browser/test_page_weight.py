"""What the app's page and a second board weigh.

- The app, served as `ttr-nb app` and `make app` serve it (`ttr_nb.cli.app_command`), loads no file
  of the jupyterlab-plotly extension (4.8 MB; the app's boards are widgets that get plotly.js
  once from the kernel), and still draws its board.
- In JupyterLab, as on a Voilà page (tests/browser/test_plotly_once.py), the second board of a
  notebook costs <= 300 KB over the websocket: plotly.js came once, with the first.
"""
from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest

from ttr_nb import cli

from .conftest import TOKEN, _free_port, _serve, run_all_in_lab, wait_idle
from .test_plotly_once import SECOND_BOARD_MAX, board_models
from .websocket_bytes import Frames

EXTENSION = "jupyterlab-plotly"


@pytest.fixture(scope="module")
def app_server(workdir):
    """The app alone, started with the command `ttr-nb app` runs (our token instead of a generated one)."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    command = cli.app_command(workdir / "app.ipynb", [f"--port={port}", f"--Voila.token={TOKEN}"])
    assert cli.APP_EXTENSIONS in command
    with _serve(command, workdir / "app.log", f"{base}/?token={TOKEN}", base) as url:
        yield url


class Transfer:
    """Every HTTP response of a page: its URL and body size."""

    def __init__(self, page):
        self.responses: list[tuple[str, int]] = []
        page.on("requestfinished", lambda r: self.responses.append((r.url, r.sizes()["responseBodySize"])))

    @property
    def total(self) -> int:
        return sum(size for _, size in self.responses)

    def of(self, word: str) -> list[str]:
        return [url for url, _ in self.responses if word in urlsplit(url).path]


def test_the_app_loads_no_jupyterlab_plotly_extension_and_draws_its_board(page, app_server):
    transfer = Transfer(page)
    frames = Frames(page)
    page.goto(f"{app_server}/?token={TOKEN}")
    page.wait_for_selector(".ttr-app .ttr-app-start", timeout=120_000)
    page.locator(".ttr-app-seed input").fill("7")
    page.locator(".ttr-app-start").click()
    page.wait_for_selector(".ttr-game-table .js-plotly-plot .scatterlayer .trace", timeout=120_000)
    # the board is drawn: plotly.js drew its traces, the USA's 36 city names and its 100 routes' points
    drawn = page.evaluate("""() => { const gd = document.querySelector('.ttr-game-table .js-plotly-plot');
                                     const routes = gd._fullData.find(t => t.meta === 'routes');
                                     return [gd.querySelectorAll('.scatterlayer .trace').length,
                                             gd.querySelectorAll('.scatterlayer .textpoint').length,
                                             gd.querySelectorAll(`.scatterlayer [class*='trace${routes.uid}'] path.point`).length]; }""")
    assert drawn[0] >= 10 and drawn[1] >= 36 and drawn[2] == 100, drawn
    page.wait_for_timeout(1000)
    print(f"\nthe app (Voilà, {len(transfer.responses)} responses): HTTP {transfer.total / 1e6:.2f} MB, "
          f"websocket {frames.total / 1e6:.2f} MB")
    assert not transfer.of(EXTENSION), transfer.of(EXTENSION)
    assert transfer.of("labextensions"), "the page loaded no extension at all: is it Voilà's lab template?"
    # the extension alone weighs 4.8 MB: the page's HTTP stays well under what it was with it (10.2 MB)
    assert transfer.total < 7_000_000, transfer.total


def test_the_second_board_in_jupyterlab_costs_at_most_300_kb(page, lab_server):
    frames = Frames(page)
    t0 = time.perf_counter()
    run_all_in_lab(page, lab_server, "two_boards.ipynb")
    for edition in ("europe", "usa"):
        page.wait_for_selector(f".board-{edition} .js-plotly-plot .scatterlayer .trace", timeout=120_000)
    drawn = time.perf_counter() - t0
    wait_idle(page)
    page.wait_for_timeout(1000)                     # the views' first reports back to the kernel
    sizes, states = frames.by_model()
    boards = board_models(sizes, states)
    assert len(boards) == 2, (boards, sizes)
    per_board = [sizes[m] for m in boards]
    print(f"\nJupyterLab, two boards drawn in {drawn:.1f} s: websocket received {frames.total / 1e6:.2f} MB; "
          f"per board {', '.join(f'{b / 1e3:.0f} KB' for b in per_board)}")
    assert max(per_board) > 4_000_000                 # the first one brought plotly.js
    assert min(per_board) <= SECOND_BOARD_MAX, per_board
