"""The payment checker in a real browser (Voilà + Chromium): a click on a route marker of the
plotly board and a click on a "+" button reach Python and come back to the page.

A fixture notebook (tests/browser/notebooks/payment_checker.ipynb) runs in Voilà: the USA
board with a hand of six locomotives and Atlanta–Charleston chosen; then the test clicks the marker of Dallas–El Paso (4 red), checks the options
panel and the status line, adds a red card and removes a locomotive with the buttons, and
reports the click-to-update times."""
from __future__ import annotations

import time

import ttr_nb
import ttr_nb.viz.cards

from .conftest import voila_page, wait_still

NOTEBOOK = "payment_checker.ipynb"
ROUTE = "Dallas-El Paso"
LABEL = "Dallas–El Paso"


def _wait_text(page, selector: str, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "([sel, text]) => { const e = document.querySelector(sel); return e && e.textContent.includes(text); }",
        arg=[selector, text], timeout=timeout)


def test_payment_checker_clicks_in_voila(page, voila_server, record_property):
    page.goto(voila_page(voila_server, NOTEBOOK), timeout=180_000)
    checker = page.locator(".ttr-payment")
    checker.wait_for(timeout=180_000)
    game = ttr_nb.load_game("usa")
    n_routes = len(game.board.routes)
    # wait for the board: plotly draws a `.trace` group per non-empty trace; the route markers
    # are the one with a point per route
    page.wait_for_function(
        """(n) => [...document.querySelectorAll('.ttr-payment .js-plotly-plot .scatterlayer .trace')]
                  .some(t => t.querySelectorAll('path.point').length === n)""",
        arg=n_routes, timeout=60_000)
    traces = checker.locator(".js-plotly-plot .scatterlayer .trace")
    markers = [traces.nth(k) for k in range(traces.count())
               if traces.nth(k).locator("path.point").count() == n_routes]
    assert len(markers) == 1, "no single trace with one marker per route"
    markers = markers[0]

    # the fixture shows the USA board, six locomotives, Atlanta–Charleston chosen
    assert "Atlanta–Charleston" in checker.locator(".ttr-route-title").inner_text()
    assert checker.locator(".ttr-card-loco").inner_text().startswith("6")

    # click the route marker of Dallas–El Paso
    point = markers.locator("path.point").nth(game.route_index(ROUTE))
    wait_still(point)
    point.hover(force=True)
    t0 = time.perf_counter()
    point.click(force=True)
    _wait_text(page, ".ttr-payment .ttr-route-title", LABEL)
    route_latency = time.perf_counter() - t0
    # (the status line is another widget: its update may reach the page just after the title's)
    _wait_text(page, ".ttr-payment .ttr-status", f"{LABEL}: 1 way to pay with this hand.")
    options = checker.locator(".ttr-options").inner_text()
    assert "4 locomotives" in options and "1 way to pay" in options

    # the "+" of the red card: the hand and the options change
    t0 = time.perf_counter()
    checker.locator("button.ttr-add-red").click()
    _wait_text(page, ".ttr-payment .ttr-status", "2 ways to pay")
    add_latency = time.perf_counter() - t0
    assert checker.locator(".ttr-card-red").inner_text().startswith("1")
    assert "1 red card and 3 locomotives" in checker.locator(".ttr-options").inner_text()
    assert "6 locomotives" in checker.locator(".ttr-hand-text").inner_text()

    # the "−" of the locomotive card
    checker.locator("button.ttr-remove-loco").click()
    _wait_text(page, ".ttr-payment .ttr-hand-text", "5 locomotives")
    assert checker.locator(".ttr-card-loco").inner_text().startswith("5")

    # the widgets' stylesheet styles the classes in Voilà (no inline styles are written)
    red = ttr_nb.viz.cards.CARD_COLOURS["red"]
    rgb = "rgb({}, {}, {})".format(*(int(red[i:i + 2], 16) for i in (1, 3, 5)))
    # (read until they hold: a status line just rewritten by the click may not be styled yet)
    for selector, prop, value in ((".ttr-card-red .ttr-count", "backgroundColor", rgb),
                                  (".ttr-status-line", "fontSize", "15px")):
        page.wait_for_function(
            "([sel, prop, value]) => [...document.querySelectorAll('.ttr-payment ' + sel)]"
            ".some(e => getComputedStyle(e)[prop] === value)", arg=[selector, prop, value], timeout=10_000)
    assert page.locator(".ttr-stylesheet").count() >= 1

    # no error anywhere on the page
    assert checker.locator(".ttr-status").inner_text().startswith("✓")
    assert page.locator(".ttr-error-log").first.inner_text().strip() == ""
    record_property("route_click_to_update_s", round(route_latency, 3))
    record_property("button_click_to_update_s", round(add_latency, 3))
    print(f"\nclick-to-update: route marker {route_latency:.3f} s, + button {add_latency:.3f} s")
    assert route_latency < 5 and add_latency < 5


def test_explorer_switches_edition_in_the_browser(page, voila_server, record_property):
    """The edition dropdown restyles the one board figure: the Nordic board appears (its
    81 route markers, its title) and the rules table compares Nordic Countries with the USA."""
    page.goto(voila_page(voila_server, "explorer.ipynb"), timeout=180_000)
    explorer = page.locator(".ttr-explorer")
    explorer.wait_for(timeout=180_000)
    usa, nordic = (len(ttr_nb.load_game(e).board.routes) for e in ("usa", "nordic"))
    swiss = len(ttr_nb.load_game("switzerland").board.routes)
    markers = """([n]) => [...document.querySelectorAll('.ttr-explorer .js-plotly-plot .scatterlayer .trace')]
                          .some(t => t.querySelectorAll('path.point').length === n)"""
    page.wait_for_function(markers, arg=[swiss], timeout=60_000)       # the fixture opens on Switzerland
    assert explorer.locator(".js-plotly-plot").count() == 1
    t0 = time.perf_counter()
    explorer.locator(".ttr-edition select").select_option(index=ttr_nb.editions().index("nordic"))
    page.wait_for_function(markers, arg=[nordic], timeout=30_000)
    _wait_text(page, ".ttr-explorer .ttr-rules", "Nordic Countries differs from the USA")
    latency = time.perf_counter() - t0
    assert explorer.locator(".js-plotly-plot .gtitle").text_content() == "Nordic Countries"
    assert explorer.locator(".js-plotly-plot").count() == 1          # the same figure, restyled
    assert "Nordic Countries for 3 players" in explorer.locator(".ttr-status").inner_text()
    explorer.locator(".ttr-edition select").select_option(index=ttr_nb.editions().index("usa"))
    page.wait_for_function(markers, arg=[usa], timeout=30_000)
    assert explorer.locator(".ttr-rules").inner_text().startswith("Rules")
    record_property("edition_switch_s", round(latency, 3))
    print(f"\nedition switch (dropdown to new board and rules): {latency:.3f} s")


def test_tunnel_lab_digs_in_the_browser(page, voila_server, record_property):
    """The dig buttons reach the engine and the observed bars and table fill in."""
    page.goto(voila_page(voila_server, "tunnel_lab.ipynb"), timeout=180_000)
    lab = page.locator(".ttr-tunnel-lab")
    lab.wait_for(timeout=180_000)
    page.wait_for_selector(".ttr-tunnel-lab .js-plotly-plot .barlayer .trace", timeout=60_000)
    assert "München–Zürich paid with 2 yellow" in lab.locator(".js-plotly-plot .gtitle").text_content()
    t0 = time.perf_counter()
    lab.locator("button.ttr-dig-many").click()
    _wait_text(page, ".ttr-tunnel-lab .ttr-status", "100 in all")
    latency = time.perf_counter() - t0
    rows = lab.locator(".ttr-odds-table .ttr-odds-row")
    assert sum(int(rows.nth(k).locator("td").nth(3).inner_text()) for k in range(4)) == 100
    page.wait_for_function(
        "() => document.querySelector('.ttr-tunnel-lab .legend').textContent.includes('observed (100 digs)')",
        timeout=30_000)
    lab.locator("button.ttr-dig").click()
    _wait_text(page, ".ttr-tunnel-lab .ttr-status", "Dig 101: revealed")
    assert lab.locator(".ttr-reveal .ttr-chip").count() == 3
    record_property("dig_100_s", round(latency, 3))
    print(f"\ndig 100 times, click to table: {latency:.3f} s")
