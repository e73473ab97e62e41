"""The game table and the scoring walkthrough in a real browser (Voilà, as a class sees them).

The fixture notebook `game_table.ipynb` is opened in Voilà: its `GameTable` is left with the human to move.
We click a face-up card and the deck button, then a route's marker on the board, one of
the payment buttons that appear, and Undo, and check that the log and the status line
change in the page. The fixture `scoring_walkthrough.ipynb`: the walkthrough's buttons change the step title.
Click-to-update latencies are measured and printed (run with ``-s`` to see them).
"""
from __future__ import annotations

import re
import statistics
import time

import ttr_nb
from ttr_nb.engine.narration import route_name
from ttr_nb.widgets.scoring import build_steps, finished_match

from .conftest import voila_page, wait_still

LATENCIES: dict[str, list[float]] = {}


def _timed(name: str, page, action, changed, timeout: float = 30.0) -> float:
    """Do `action` (a click), then wait until `changed()` is true; record the time it took."""
    t0 = time.perf_counter()
    action()
    deadline = t0 + timeout
    while not changed():
        if time.perf_counter() > deadline:
            raise AssertionError(f"{name}: the page did not change within {timeout} s")
        page.wait_for_timeout(20)
    dt = time.perf_counter() - t0
    LATENCIES.setdefault(name, []).append(dt)
    return dt


def _trace(page, root: str, meta: str):
    """The SVG group of the board trace called `meta` (empty traces are not drawn, so the
    group is found through plotly's uid of that trace)."""
    uid = page.evaluate(
        """([root, meta]) => { const gd = document.querySelector(root + ' .js-plotly-plot');
                               return gd._fullData.find(t => t.meta === meta).uid; }""", [root, meta])
    return page.locator(f"{root} .js-plotly-plot .scatterlayer [class*='trace{uid}']")


def test_game_table_in_voila(page, voila_server):
    page.goto(voila_page(voila_server, "game_table.ipynb"))
    table = page.locator(".ttr-game-table").first
    table.locator(".js-plotly-plot .scatterlayer .trace").first.wait_for(timeout=180_000)
    status = table.locator(".ttr-status")
    log = table.locator(".ttr-log")
    # the notebook left this table just after an Undo: the human is to move
    took_back = re.search(r"Took back: Player 1 \(human\) claimed (.+?) with ", status.inner_text())
    assert took_back, status.inner_text()
    words = took_back.group(1).rstrip(",")     # the route as the student reads it (a double route in words)
    usa = ttr_nb.load_game("usa")
    route = next(r.key for r in usa.board.routes if route_name(usa, r.index) == words)
    assert "Player 1 (human)" in table.locator(".ttr-turn").inner_text()
    assert "Player 1 (human)'s hand" in table.locator(".ttr-hand").inner_text()

    # a face-up card (not a locomotive, which would end the turn), then the deck
    names = [table.locator(f".ttr-face-up-{k}").inner_text().strip() for k in range(5)]
    k = next(i for i, n in enumerate(names) if n != "locomotive")
    before = log.inner_text()
    _timed("face-up card -> log", page, lambda: table.locator(f".ttr-face-up-{k}").click(),
           lambda: log.inner_text() != before)
    assert f"Player 1 (human) took a face-up {names[k]} card" in log.inner_text()
    before = log.inner_text()
    _timed("deck + bot turn -> log", page, lambda: table.locator(".ttr-deck").click(),
           lambda: "Player 1 (human) to play" in table.locator(".ttr-turn").inner_text()
           and log.inner_text() != before)
    assert "Player 1 (human) drew a card from the deck" in log.inner_text()

    # a click on the route's marker offers its payments; a payment button claims it
    ri = ttr_nb.load_game("usa").route_index(route)
    marker = _trace(page, ".ttr-game-table", "routes").locator("path.point").nth(ri)
    before_status = status.inner_text()
    wait_still(marker)
    _timed("route marker -> payments", page, lambda: marker.click(force=True),
           lambda: status.inner_text() != before_status)
    assert status.inner_text().startswith(f"{words[:1].upper()}{words[1:]}: "), status.inner_text()
    pay = table.locator(".ttr-pay-option").first
    pay.wait_for()
    owner_fill = _trace(page, ".ttr-game-table", "player 0").locator("path").first
    fill_before = owner_fill.get_attribute("d") if owner_fill.count() else ""
    before = log.inner_text()
    _timed("payment -> claim + bot turn -> log", page, lambda: pay.click(),
           lambda: f"Player 1 (human) claimed {words}" in log.inner_text())
    assert f"Player 1 (human) claimed {words}" in log.inner_text() and "#" not in log.inner_text()
    # the claimed route's spaces are drawn in player 0's trace
    owner_fill = _trace(page, ".ttr-game-table", "player 0").locator("path").first
    deadline = time.time() + 10
    while (owner_fill.get_attribute("d") or "") == fill_before and time.time() < deadline:
        page.wait_for_timeout(50)
    assert (owner_fill.get_attribute("d") or "") not in ("", fill_before)

    # Undo takes the claim (and the bot's reply) back
    _timed("undo -> log", page, lambda: table.locator(".ttr-undo").click(),
           lambda: f"Player 1 (human) claimed {words}" not in log.inner_text())
    assert status.inner_text().startswith(f"✓ Took back: Player 1 (human) claimed {words}")
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    page.screenshot(path="/tmp/ttr_game_table_voila.png")


def test_scoring_walkthrough_in_voila(page, voila_server):
    page.goto(voila_page(voila_server, "scoring_walkthrough.ipynb"))
    walk = page.locator(".ttr-scoring").first
    walk.locator(".js-plotly-plot .scatterlayer .trace").first.wait_for(timeout=180_000)
    title = walk.locator(".ttr-step-title")
    steps = [s.title for s in build_steps(finished_match("usa", seed=1).state)]
    # the notebook left the walkthrough on the final table
    assert title.inner_text().strip() == "Final table"
    assert "wins" in walk.locator(".ttr-step-text").inner_text()
    _timed("first -> title", page, lambda: walk.locator(".ttr-first").click(),
           lambda: title.inner_text().strip() == steps[0])
    counter = walk.locator(".ttr-step-counter")
    for i in range(1, 4):      # the title and the counter are two widgets: each gets its own message
        _timed("next -> title", page, lambda: walk.locator(".ttr-next").click(),
               lambda i=i: title.inner_text().strip() == steps[i] and f"step {i + 1} of {len(steps)}" in counter.inner_text())
    # a ticket step outlines its path on the board
    assert "ticket" in steps[3]
    rings = _trace(page, ".ttr-scoring", "highlight cities").locator("path.point")
    deadline = time.time() + 10
    while rings.count() != 2 and time.time() < deadline:
        page.wait_for_timeout(50)
    assert rings.count() == 2
    _timed("previous -> title", page, lambda: walk.locator(".ttr-prev").click(),
           lambda: title.inner_text().strip() == steps[2])
    page.screenshot(path="/tmp/ttr_walkthrough_voila.png")


def test_report_latency():
    """Print the click-to-update latencies measured above (pytest -s shows them)."""
    if not LATENCIES:
        return
    for name, values in LATENCIES.items():
        print(f"{name}: median {statistics.median(values) * 1000:.0f} ms over {len(values)} "
              f"(max {max(values) * 1000:.0f} ms)")
    assert all(statistics.median(v) < 10 for v in LATENCIES.values())


FIT = """() => [...document.querySelectorAll('.ttr-scoring .ttr-score-table')].map(t => {
    const box = t.closest('.ttr-score-table-box'), head = [...t.querySelectorAll('th')];
    return {columns: head.length, table: t.scrollWidth, box: box.clientWidth,
            right: Math.max(...head.map(h => h.getBoundingClientRect().right)),
            edge: box.getBoundingClientRect().right}; })"""


def _final_tables_fit(page, voila_server, notebook: str, root: str, timeout: int):
    """At 1280 and 1600 px wide, the two final tables under `root` (six and seven columns) show
    every column inside their box; yields the page at each width for checks of its own."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_page(voila_server, notebook))
    page.wait_for_function(f"() => document.querySelectorAll('{root} .ttr-score-table').length == 2", timeout=timeout)
    for width in (1280, 1600):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(1500)
        tables = page.evaluate(FIT)
        assert sorted(t["columns"] for t in tables) == [6, 7]
        for t in tables:
            assert t["table"] <= t["box"] + 1 and t["right"] <= t["edge"] + 1, (width, t)
        yield width


def test_the_final_tables_fit_the_panel_beside_the_board(page, voila_server):
    """Every column of a final table in view, none behind the scroll bar of its box: the USA's six
    and Europe's seven (stations), at 1280 and 1600 px wide, where the panel sits beside the board."""
    for _width in _final_tables_fit(page, voila_server, "scoring_tables.ipynb", ".ttr-scoring", 180_000):
        assert page.locator(".ttr-scoring .ttr-split .ttr-score-table").count() == 2


def test_the_apps_final_tables_fit_the_panel_beside_the_board(page, voila_server):
    """The same in the app, whose seats have longer names ("Player 2 (greedy bot)"): the USA's six
    columns (three players) and Europe's seven (five players), at 1280 and 1600 px wide."""
    for _width in _final_tables_fit(page, voila_server, "app_final_tables.ipynb", ".ttr-app .ttr-scoring", 240_000):
        assert all("greedy bot" in row for row in page.locator(".ttr-app .ttr-score-table").all_inner_texts())
