"""A game table made with ``language="da"`` in JupyterLab at 1280×800 (the fixture
`notebooks/game_table_da.ipynb`): its buttons, status line and log read in Danish, as the
widgets catalogue has them, and no English button label shows. A screenshot is saved
(`game_table_da.png` in the test's temporary folder, the buttons in view) to look at."""
from __future__ import annotations

from ttr_nb.engine.i18n import using
from ttr_nb.widgets.table import GameTable

from .conftest import run_all_in_lab, wait_idle


def _labels(code: str) -> dict[str, str]:
    """The table's button labels in a language, as the widget writes them (the catalogue's)."""
    with using(code):
        table = GameTable("usa", seats=["human", "greedy"], seed=3, bot_delay=0, language=code)
        table.keep([0, 1])
        return {"tickets": table.tickets_button.description.split(" (")[0],
                "pass": table.pass_button.description, "undo": table.undo_button.description,
                "hand": table.hand_toggle.description, "deck": table.deck_button.description.split(" (")[0],
                "status": table.status.text, "log": table.log[-1]}


def test_a_danish_game_table_in_jupyterlab(page, lab_server, tmp_path):
    run_all_in_lab(page, lab_server, "game_table_da.ipynb")
    # (run at the suite's page size: at 800 px high the click that focuses the notebook lands on
    # JupyterLab's "add a cell" footer, and the new empty cell never runs)
    wait_idle(page)
    page.set_viewport_size({"width": 1280, "height": 800})       # a classroom laptop
    table = page.locator(".ttr-game-table").first
    table.locator(".js-plotly-plot .scatterlayer .trace").first.wait_for(timeout=180_000)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    da, en = _labels("da"), _labels("en")
    assert da["tickets"] == "Træk billetter" and da["deck"] == "Bunken"      # the Danish guide's words
    buttons = [b.strip() for b in table.locator("button").all_inner_texts()]
    shown = " ".join(buttons)
    for key in ("tickets", "pass", "undo", "deck"):
        assert da[key] in shown, (key, buttons)
        assert en[key] != da[key] and not any(b.startswith(en[key]) for b in buttons), (key, buttons)
    assert table.locator(".ttr-hand-toggle").inner_text().strip() == da["hand"]
    status = table.locator(".ttr-status").inner_text().strip()
    assert status.endswith(da["status"]), status
    assert da["log"] in table.locator(".ttr-log").inner_text()
    shot = tmp_path / "game_table_da.png"
    table.scroll_into_view_if_needed()          # the buttons and the status line, above the board at 1280 px
    page.screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    assert shot.stat().st_size > 10_000
