"""Teaching widgets compose like ipywidgets, in JupyterLab at 1280×800 with the file browser open.

Fixture: tests/browser/notebooks/composition.ipynb. An edition explorer and a payment checker side
by side in one `HBox` (each ``layout.width = "50%"``): both are drawn, beside each other, inside
the cell; a click on a route of the checker's board reaches Python, the checker answers in its
status line, and a line observing its ``selected_route`` trait names the route. Then a slider
linked (``ipywidgets.link``) to a scoring walkthrough's ``current_step``: moving the slider with
the keyboard moves the walkthrough. Screenshots: build/screenshots/composition-*.png.
"""
from __future__ import annotations

import time

from ttr_nb.widgets import PaymentChecker

from .test_board_sizes import SHOTS, lab_page, open_and_run, open_file_browser, space_point, wait_boards  # noqa: F401 - a fixture
from .conftest import wait_still

NOTEBOOK = "composition.ipynb"
ROUTE = "Dallas-El Paso"

BOXES = """(sels) => sels.map(s => { const b = document.querySelector(s).getBoundingClientRect();
                                     return [b.left, b.top, b.right, b.bottom]; })"""


def _wait_text(page, selector: str, text: str, timeout: float = 30.0) -> str:
    deadline = time.perf_counter() + timeout
    while text not in (shown := page.locator(selector).first.inner_text()):
        if time.perf_counter() > deadline:
            raise AssertionError(f"{selector} shows {shown!r}, expected {text!r}")
        page.wait_for_timeout(50)
    return shown


def test_two_widgets_side_by_side_in_an_hbox_click_and_observe_in_jupyterlab(lab_page, lab_server):
    page = lab_page
    open_and_run(page, lab_server, NOTEBOOK)
    open_file_browser(page)
    wait_boards(page, [".ttr-explorer", ".ttr-payment", ".ttr-scoring"])
    explorer, checker, cell = page.evaluate(BOXES, [".ttr-explorer", ".ttr-payment",
                                                    ".jp-OutputArea-output:has(.ttr-payment)"])
    # side by side: the same top, the explorer left of the checker, both inside the cell's output
    assert abs(explorer[1] - checker[1]) < 2 and explorer[2] <= checker[0] + 1, (explorer, checker)
    assert cell[0] - 1 <= explorer[0] and checker[2] <= cell[2] + 1, (explorer, checker, cell)
    assert checker[2] - checker[0] > 300 and explorer[2] - explorer[0] > 300, (explorer, checker)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".ttr-payment").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "composition-hbox-1280x800.png"))

    # a click on a route of the checker's board (on a board half as wide, the route under the
    # pointer may be a neighbour): the observer names the route, the status line answers for it
    point = space_point(page, ".ttr-payment", ROUTE, 0)
    wait_still(point)
    point.hover(force=True)
    point.click(force=True)
    picked = _wait_text(page, ".ttr-fixture-picked", "selected route: ")
    page.wait_for_function("() => /selected route: \\d+/.test(document.querySelector('.ttr-fixture-picked').textContent)")
    index = int(page.locator(".ttr-fixture-picked").inner_text().rsplit(" ", 1)[1])
    expected = PaymentChecker("usa", hand="red*4+loco*2+blue*2")
    assert expected.select_route(index), picked
    _wait_text(page, ".ttr-payment .ttr-status", expected.status.text)
    page.screenshot(path=str(SHOTS / "composition-hbox-clicked-1280x800.png"))


def test_a_slider_linked_to_the_walkthrough_moves_its_step_in_jupyterlab(lab_page, lab_server):
    page = lab_page
    open_and_run(page, lab_server, NOTEBOOK)
    open_file_browser(page)
    wait_boards(page, [".ttr-scoring"])
    counter = ".ttr-scoring .ttr-step-counter"
    before = page.locator(counter).inner_text()
    handle = page.locator(".ttr-fixture-slider .noUi-handle")
    handle.scroll_into_view_if_needed()
    handle.focus()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    text = _wait_text(page, counter, "step 3 of")            # the slider's value 2 is the third step
    assert text != before, (before, text)
    assert page.locator(".ttr-fixture-slider .widget-readout").inner_text().strip() == "2"
    page.locator(".ttr-scoring .ttr-next").click()            # and back: the walkthrough's button moves the slider
    _wait_text(page, ".ttr-fixture-slider .widget-readout", "3")
    _wait_text(page, counter, "step 4 of")
    page.screenshot(path=str(SHOTS / "composition-slider-1280x800.png"))
