"""A notebook of engine calls runs in JupyterLab in a real browser and shows its results
(the fixture `notebooks/engine_basics.ipynb`: legal actions, a refusal, a claim)."""
from .conftest import run_all_in_lab, wait_idle


def test_engine_text_shows_in_jupyterlab(page, lab_server):
    run_all_in_lab(page, lab_server, "engine_basics.ipynb")
    wait_idle(page)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    text = page.locator(".jp-Notebook").inner_text()
    assert "keep 0,1" in text
    assert "You must keep at least 2 of the 3 tickets" in text
    assert "already belongs to player 2" in text            # owner 1: players are numbered from 1 in text
