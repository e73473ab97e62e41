"""One screen: in JupyterLab at 1280×800 with the file browser open (and at 1920×1080), a widget's
answer is on screen with the control that asked for it, and every board fits the visible height.

For each widget of the fixture (tests/browser/notebooks/one_screen.ipynb): the widget is
scrolled to the top of the notebook's panel, as a student reads it, and clicked as a student
would -- a refused click (keep no ticket; a route while the opening tickets are chosen, the
lowest space of the board), a card added to a hand, the walkthrough's Next button -- and then
the clicked control and the status line (the walkthrough: its running totals) must both lie
inside the panel's visible part, measured by their bounding boxes.  Every board figure must be
no taller than that visible part.  Screenshots go to build/screenshots/ (TTR_SCREENSHOTS).
"""
from __future__ import annotations

import time

import pytest

from .test_board_sizes import SHOTS, open_and_run, open_file_browser, wait_boards

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"
WIDGETS = [".ttr-fixture-usa", ".ttr-fixture-nordic", ".ttr-payment", ".ttr-scoring"]

# the bounding boxes of the elements `sels` and of the visible part of the notebook's panel
BOXES = """([panel, sels]) => {
    const p = document.querySelector(panel).getBoundingClientRect();
    const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
    return {panel: [p.left, Math.max(p.top, 0), p.right, Math.min(p.bottom, window.innerHeight)],
            boxes: sels.map(s => { const e = typeof s === 'string' ? document.querySelector(s) : null;
                                   return e ? box(e) : null; })};
}"""


def scroll_to_top(page, root: str) -> None:
    page.evaluate("(root) => document.querySelector(root).scrollIntoView({block: 'start'})", root)
    page.wait_for_timeout(400)


def lowest_space(page, root: str) -> int:
    """The index of the lowest point on screen of the board's `route spaces` trace."""
    return page.evaluate(
        """(root) => { const gd = document.querySelector(root + ' .js-plotly-plot');
            const uid = gd._fullData.find(t => t.meta === 'route spaces').uid;
            const pts = [...gd.querySelectorAll(`.scatterlayer [class*='trace${uid}'] path.point`)];
            let best = 0;
            pts.forEach((p, k) => { if (p.getBoundingClientRect().bottom > pts[best].getBoundingClientRect().bottom) best = k; });
            pts[best].setAttribute('data-ttr-lowest', '');
            return best; }""", root)


def inside(box, panel) -> bool:
    return box is not None and box[0] >= panel[0] - 1 and box[1] >= panel[1] - 1 and \
        box[2] <= panel[2] + 1 and box[3] <= panel[3] + 1


def click_and_check(page, root: str, control: str, answer: str, expect: str, label: str) -> str:
    """Click `control` and wait for `answer` (the status line) to show `expect`; both must be on screen."""
    before = page.locator(answer).first.inner_text()
    page.locator(control).first.click(force=True)
    deadline = time.perf_counter() + 30
    while True:
        text = page.locator(answer).first.inner_text()
        if expect in text and (text != before or expect not in before):
            break
        if time.perf_counter() > deadline:
            raise AssertionError(f"{label}: {answer} shows {text!r}, expected {expect!r}")
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)
    found = page.evaluate(BOXES, [PANEL, [control, answer]])
    panel, (clicked, shown) = found["panel"], found["boxes"]
    assert inside(clicked, panel), (label, "the control clicked is off screen", clicked, panel)
    assert inside(shown, panel), (label, "the answer is off screen", shown, panel, text)
    return text


def boards_fit(page, label: str) -> list:
    """Every board figure is no taller than the visible part of the notebook's panel."""
    found = page.evaluate(
        """(panel) => { const p = document.querySelector(panel).getBoundingClientRect();
            const visible = Math.min(p.bottom, window.innerHeight) - Math.max(p.top, 0);
            return {visible, boards: [...document.querySelectorAll('.ttr-board .js-plotly-plot .main-svg')]
                    .map(s => Math.round(s.getBoundingClientRect().height))}; }""", PANEL)
    assert found["boards"], label
    for h in found["boards"]:
        assert h <= found["visible"], (label, "a board is taller than the screen", found)
    return found["boards"]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_the_answer_is_on_screen_with_the_control_and_every_board_fits_the_height(browser, lab_server, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(60_000)
    label = f"{size[0]}x{size[1]} + file browser"
    try:
        open_and_run(page, lab_server, "one_screen.ipynb")
        open_file_browser(page)
        wait_boards(page, WIDGETS)
        page.wait_for_function(  # each board fitted to what its box reported (width, or the height left)
            """() => [...document.querySelectorAll('.ttr-board')].every(box => {
                const sizer = box.querySelector('.ttr-sizer'), svg = box.querySelector('.js-plotly-plot .main-svg');
                if (!sizer || !svg) return false;
                const s = svg.getBoundingClientRect(), h = Math.max(320, +sizer.dataset.ttrHeight);
                return Math.abs(s.width - +sizer.dataset.ttrWidth) < 4 || Math.abs(s.height - h) < 4; })""",
            timeout=30_000)
        heights = boards_fit(page, label)
        tag = f"{size[0]}x{size[1]}"
        SHOTS.mkdir(parents=True, exist_ok=True)
        for root, name in ((".ttr-fixture-usa", "usa"), (".ttr-fixture-nordic", "nordic")):
            scroll_to_top(page, root)
            page.screenshot(path=str(SHOTS / f"one-screen-{name}-table-{tag}.png"))
            # keep no ticket: refused, next to the button
            click_and_check(page, root, f"{root} .ttr-keep", f"{root} .ttr-status", "✗", f"{label} {name} keep none")
            page.screenshot(path=str(SHOTS / f"one-screen-{name}-refused-{tag}.png"))
            # the lowest space of the board, while the opening tickets are chosen: refused too
            scroll_to_top(page, root)
            k = lowest_space(page, root)
            text = click_and_check(page, root, f"{root} [data-ttr-lowest]", f"{root} .ttr-status", "✗",
                                   f"{label} {name} route {k}")
            assert "ticket" in text, text
        scroll_to_top(page, ".ttr-payment")
        click_and_check(page, ".ttr-payment", ".ttr-payment .ttr-add-red", ".ttr-payment .ttr-status", "Added",
                        f"{label} payment checker")
        page.screenshot(path=str(SHOTS / f"one-screen-payment-{tag}.png"))
        scroll_to_top(page, ".ttr-scoring")
        click_and_check(page, ".ttr-scoring", ".ttr-scoring .ttr-next", ".ttr-scoring .ttr-running", "",
                        f"{label} walkthrough")
        page.wait_for_function("() => document.querySelector('.ttr-scoring .ttr-step-counter').textContent.includes('2')")
        found = page.evaluate(BOXES, [PANEL, [".ttr-scoring .ttr-next", ".ttr-scoring .ttr-running",
                                              ".ttr-scoring .ttr-board .main-svg"]])
        assert all(inside(b, found["panel"]) for b in found["boxes"]), (label, "walkthrough", found)
        page.screenshot(path=str(SHOTS / f"one-screen-walkthrough-{tag}.png"))
        print(f"\n{label}: boards {heights} px high; screenshots in {SHOTS}")
    finally:
        context.close()
