"""The game table's Hint button in JupyterLab at 1280×800 with the file browser open: a click
shows the planner's hint under the buttons and draws its route on the board, and the hint's
sentences are on screen with the button, whole (not cut off), as a student reads them.

The fixture notebooks `game_table_hint.ipynb` (and `game_table_hint_da.ipynb`, in Danish) leave a
table after the opening with the human to move. A screenshot goes to build/screenshots/ (TTR_SCREENSHOTS)."""
from __future__ import annotations

import pytest

from .test_board_sizes import SHOTS, open_and_run, open_file_browser, wait_boards
from .test_one_screen import BOXES, PANEL, inside, scroll_to_top

TABLE = ".ttr-game-table"


@pytest.mark.parametrize("notebook, heading, shot", [("game_table_hint.ipynb", "Hint:", "hint-1280x800-file-browser.png"),
                                                    ("game_table_hint_da.ipynb", "Tip:",
                                                     "hint-da-1280x800-file-browser.png")], ids=["en", "da"])
def test_the_hint_is_on_screen_with_its_button_at_1280x800_with_the_file_browser_open(browser, lab_server, notebook,
                                                                                      heading, shot):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab_server, notebook)
        open_file_browser(page)
        wait_boards(page, [TABLE])
        scroll_to_top(page, TABLE)
        highlighted = """() => { const gd = document.querySelector('.ttr-game-table .js-plotly-plot');
            const t = gd && gd._fullData.find(t => t.meta === 'highlight routes');
            return t ? (t.x || []).filter(v => v !== null).length : -1; }"""
        assert page.evaluate(highlighted) == 0
        page.locator(f"{TABLE} .ttr-hint-button").first.click()
        text = page.locator(f"{TABLE} .ttr-hint-text").first
        text.wait_for(state="visible", timeout=30_000)
        page.wait_for_function(f"() => ({highlighted})() > 0", timeout=30_000)     # the hint drawn on the board
        page.wait_for_timeout(500)
        shown = text.inner_text()
        assert shown.startswith(heading) and len(shown) > 40, shown
        found = page.evaluate(BOXES, [PANEL, [f"{TABLE} .ttr-hint-button", f"{TABLE} .ttr-hint-text"]])
        panel, (button, hint) = found["panel"], found["boxes"]
        assert inside(button, panel), ("the Hint button is off screen", button, panel)
        assert inside(hint, panel), ("the hint is off screen", hint, panel, shown)
        # whole: the text box is not cut off by its widget (no overflow hidden below or beside it)
        clipped = page.evaluate("""(sel) => { const e = document.querySelector(sel);
            return e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1; }""",
                                f"{TABLE} .ttr-hint-text")
        assert not clipped, shown
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / shot))
    finally:
        context.close()
