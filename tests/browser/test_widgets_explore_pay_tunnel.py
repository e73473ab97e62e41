"""The payment checker in a real browser (Voilà + Chromium): a click on a route marker of the
plotly board and a click on a "+" button reach Python and come back to the page.

The notebook runs top to bottom in Voilà (it ends on the USA board with a hand of six
locomotives); then the test clicks the marker of Dallas–El Paso (4 red), checks the options
panel and the status line, adds a red card and removes a locomotive with the buttons, and
reports the click-to-update times."""
from __future__ import annotations

import time

import ttr_nb

NOTEBOOK = "11_paying_for_routes.ipynb"
ROUTE = "Dallas-El Paso"
LABEL = "Dallas–El Paso"


def _wait_text(page, selector: str, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "([sel, text]) => { const e = document.querySelector(sel); return e && e.textContent.includes(text); }",
        arg=[selector, text], timeout=timeout)


def test_payment_checker_clicks_in_voila(page, voila_server, record_property):
    page.goto(f"{voila_server}/voila/render/{NOTEBOOK}", timeout=180_000)
    checker = page.locator(".ttr-payment")
    checker.wait_for(timeout=180_000)
    game = ttr_nb.load_game("usa")
    n_routes = len(game.board.routes)
    # wait for the board: every trace of the figure drawn, the route markers among them
    traces = checker.locator(".js-plotly-plot .scatterlayer .trace")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.ttr-payment .js-plotly-plot .scatterlayer .trace').length >= n",
        arg=27, timeout=60_000)
    markers = None
    for k in range(traces.count()):
        if traces.nth(k).locator("path.point").count() == n_routes:
            markers = traces.nth(k)
    assert markers is not None, "no trace with one marker per route"

    # the notebook's last cells leave the USA board, six locomotives, Atlanta–Charleston chosen
    assert "Atlanta–Charleston" in checker.locator(".ttr-route-title").inner_text()
    assert checker.locator(".ttr-card-loco").inner_text().startswith("6")

    # click the route marker of Dallas–El Paso
    point = markers.locator("path.point").nth(game.route_index(ROUTE))
    point.hover(force=True)
    t0 = time.perf_counter()
    point.click(force=True)
    _wait_text(page, ".ttr-payment .ttr-route-title", LABEL)
    route_latency = time.perf_counter() - t0
    status = checker.locator(".ttr-status").inner_text()
    assert f"{LABEL}: 1 way to pay with this hand." in status
    options = checker.locator(".ttr-options").inner_text()
    assert "4 locomotives" in options and "1 way to pay" in options

    # the "+" of the red card: the hand and the options change
    t0 = time.perf_counter()
    checker.locator("button.ttr-add-red").click()
    _wait_text(page, ".ttr-payment .ttr-status", "2 ways to pay")
    add_latency = time.perf_counter() - t0
    assert checker.locator(".ttr-card-red").inner_text().startswith("1")
    assert "1 red and 3 locomotives" in checker.locator(".ttr-options").inner_text()
    assert "6 locomotives" in checker.locator(".ttr-hand-text").inner_text()

    # the "−" of the locomotive card
    checker.locator("button.ttr-remove-loco").click()
    _wait_text(page, ".ttr-payment .ttr-hand-text", "5 locomotives")
    assert checker.locator(".ttr-card-loco").inner_text().startswith("5")

    # no error anywhere on the page
    assert checker.locator(".ttr-status").inner_text().startswith("✓")
    assert page.locator(".ttr-error-log").first.inner_text().strip() == ""
    record_property("route_click_to_update_s", round(route_latency, 3))
    record_property("button_click_to_update_s", round(add_latency, 3))
    print(f"\nclick-to-update: route marker {route_latency:.3f} s, + button {add_latency:.3f} s")
    assert route_latency < 5 and add_latency < 5
