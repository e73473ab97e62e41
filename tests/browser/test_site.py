"""The course site (build/site, which `make test` builds first) in Chromium, served by a plain
static server on 127.0.0.1: a lesson draws its boards with no kernel, the search finds a lesson,
and no page asks another host for anything (every request is recorded). The screenshots go to
build/screenshots/site-*.png, at 1280×800 and at a phone's 390×844."""
from __future__ import annotations

import functools
import http.server
import threading
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest

from .conftest import ROOT

SITE = ROOT / "build" / "site"
SHOTS = ROOT / "build" / "screenshots"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
PAGES = {"lesson": "notebooks/12_usa_claiming_routes.html", "teachers": "notebooks/TEACHERS.html",
         "danish": "notebooks/da/12_usa_claiming_routes.html"}
TRACES = ".js-plotly-plot .scatterlayer .trace"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextmanager
def served():
    if not (SITE / "index.html").is_file():
        pytest.fail("No course site in build/site: `make site` builds it (`make test` does first)")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def recorded(browser, size):
    """A page of its own viewport; every request it makes is kept, and any to another host is refused."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(60_000)
    requests: list[str] = []

    def route(r):
        requests.append(r.request.url)
        host = urlsplit(r.request.url).hostname
        r.continue_() if host == "127.0.0.1" or r.request.url.startswith("data:") else r.abort()

    page.route("**/*", route)
    try:
        yield page, requests
    finally:
        context.close()


def test_the_site_draws_its_boards_finds_its_lessons_and_asks_no_other_host(browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served() as base:
        for size_name, size in SIZES.items():
            with recorded(browser, size) as (page, requests):
                for name, path in PAGES.items():
                    page.goto(base + path)
                    page.wait_for_load_state("load")
                    if name != "teachers":
                        figure = page.locator(".js-plotly-plot").first
                        figure.locator(".scatterlayer .trace").first.wait_for(state="attached")
                        assert page.locator(TRACES).count() > 20        # the boards' routes, drawn
                        assert page.locator(".ttr-launch-lite").count() == 1
                        if name == "lesson":            # the top: the launch links, the sidebar
                            page.screenshot(path=str(SHOTS / f"site-{name}-top-{size_name}.png"))
                        figure.scroll_into_view_if_needed()
                        page.wait_for_timeout(300)
                    page.screenshot(path=str(SHOTS / f"site-{name}-{size_name}.png"))
                page.goto(base + "search.html?q=tunnel")
                found = page.locator("#search-results a[href*='20_europe_tunnels_and_ferries']").first
                found.wait_for(state="attached")
                other = [url for url in requests if urlsplit(url).hostname not in ("127.0.0.1", None)]
                assert not other, other
                assert sum(url.endswith("/_static/plotly.min.js") for url in requests) >= 1
                assert requests, "no request recorded"
