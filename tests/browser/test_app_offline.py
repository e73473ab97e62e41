"""The app, Voilà and JupyterLab request nothing but the local server.

Every request of the page (documents, scripts, styles, fonts, XHR, websockets) is
recorded; requests to another host are blocked and make the test fail, naming them.
Three pages: the app in Voilà (as `make app` serves it, opened with its token, and one move played by clicking),
the same app rendered by JupyterLab's server (`/voila/render/...`, the route Binder
uses), and JupyterLab opening a notebook."""
from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

import pytest

from .conftest import TOKEN, voila_page

LOCAL = {"127.0.0.1", "localhost"}


class Requests:
    """Records every request of a page; blocks (and keeps) those to other hosts."""

    def __init__(self, page):
        self.urls: list[str] = []
        self.blocked: list[str] = []
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("websocket", lambda ws: self.urls.append(ws.url))
        page.context.route("**/*", self._route)

    def _route(self, route):
        url = route.request.url
        if self.host(url) in LOCAL or self.host(url) is None:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    @staticmethod
    def host(url: str) -> str | None:
        parts = urlsplit(url)
        return parts.hostname if parts.scheme in ("http", "https", "ws", "wss") else None

    def hosts(self) -> Counter:
        return Counter(self.host(u) or urlsplit(u).scheme for u in self.urls)

    def check(self, what: str) -> None:
        others = sorted({u for u in self.urls + self.blocked if self.host(u) not in LOCAL | {None}})
        print(f"\n{what}: {len(self.urls)} requests, hosts {dict(self.hosts())}")
        assert not others, f"{what} requested other hosts: {others}"
        assert self.urls, f"{what}: no request recorded"


# what a page loads by itself: scripts, style sheets, images, frames, media, module imports
# (links a reader may click, such as plotly's logo, are not requests)
LOADED = re.compile(r"""<(?:script|link|img|iframe|source|video|audio|embed)\b[^>]*?\b(?:src|href)=["']([^"']+)"""
                    r"""|import\(\s*["']([^"']+)""", re.IGNORECASE)


def foreign_links(html: str) -> list[str]:
    """What a page's HTML would load from another host, even what this page did not load
    (nbconvert's Mermaid loader imports only when a diagram is shown)."""
    urls = [a or b for a, b in LOADED.findall(html)]
    return [u for u in urls if Requests.host(u) not in LOCAL | {None}]


def wait_for_app(page) -> None:
    page.wait_for_selector(".ttr-app .ttr-app-start", timeout=120_000)


def test_app_in_voila_requests_only_the_local_server_and_plays_a_move(page, voila_server):
    requests = Requests(page)
    page.goto(voila_page(voila_server, "app.ipynb"))
    wait_for_app(page)
    assert not foreign_links(page.content())
    body = page.locator("body").inner_text()
    assert "GameApp(" not in body and "ttr_nb" not in body      # no code, no raw output
    page.locator(".ttr-app-seed input").fill("7")
    page.locator(".ttr-app-speed button", has_text="instant").click()
    page.locator(".ttr-app-start").click()
    page.wait_for_selector(".ttr-game-table .ttr-ticket-choice", timeout=60_000)
    # the opening move, by clicking: tick two tickets, keep them
    choices = page.locator(".ttr-ticket-choice")
    choices.nth(0).click()
    choices.nth(1).click()
    page.locator(".ttr-keep").click()
    page.wait_for_function(
        "() => document.querySelector('.ttr-log')?.textContent.includes('Player 1 kept 2 of the 3 opening tickets')",
        timeout=30_000)
    # a turn: two cards from the deck; the bots answer
    page.locator(".ttr-deck").click()
    page.wait_for_function("() => document.querySelector('.ttr-log')?.textContent.includes('Player 1 drew a card')",
                           timeout=30_000)
    page.locator(".ttr-app-rules-button").click()
    page.wait_for_selector(".ttr-app-rules >> text=The rules of Ticket to Ride (USA)", timeout=30_000)
    page.wait_for_selector(".js-plotly-plot .scatterlayer .trace", timeout=60_000)
    requests.check("the app in Voilà")


def test_voila_render_inside_jupyterlab_requests_only_the_local_server(page, lab_server):
    requests = Requests(page)
    page.goto(f"{lab_server}/voila/render/app.ipynb?token={TOKEN}")
    wait_for_app(page)
    assert not foreign_links(page.content())
    page.locator(".ttr-app-rules-button").click()
    page.wait_for_selector(".ttr-app-rules >> text=The rules of", timeout=30_000)
    requests.check("Voilà inside the JupyterLab server")


def test_jupyterlab_opening_a_notebook_requests_only_the_local_server(page, lab_server):
    requests = Requests(page)
    page.goto(f"{lab_server}/lab/workspaces/ttr-offline/tree/00_start_here.ipynb?reset&token={TOKEN}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => e.textContent.includes('| Idle'))",
        timeout=90_000)
    page.wait_for_timeout(2000)       # whatever loads late (fonts, settings, news checks)
    requests.check("JupyterLab")
