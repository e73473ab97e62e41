"""How the test run is shared between processes (`make test` runs pytest-xdist with two workers).

Tests that must run in one process, in order, are grouped (`--dist loadgroup` sends a group to one
worker, which runs it in collection order):
- the cells of a notebook checked by nbval share the notebook's kernel: one group per notebook;
- the browser tests share one JupyterLab, one Voilà and one Chromium: one group for all of them
  (two browsers and two servers at once on a two-core machine make each of them slower, and the
  browser tests wait on the page in real time).
Every other test goes wherever a worker is free."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
BROWSER = ROOT / "tests" / "browser"


def _group(path: Path) -> str | None:
    if path.suffix == ".ipynb":
        return f"notebook {path.relative_to(ROOT)}"
    if BROWSER in path.parents:
        return "browser"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        group = _group(Path(str(item.path)))
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
