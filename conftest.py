"""How the test run is shared between processes (`make test` runs pytest-xdist with two workers).

Tests that must run in one process, in order, are kept together: xdist hands each scope below to
one worker, which runs it in collection order.
- A notebook checked by nbval is one scope: its cells share the notebook's kernel.
- Every other test file is one scope: its module fixtures are made once.
- The browser tests are one scope for all their files: they share one JupyterLab, one Voilà and
  one Chromium; two browsers and two servers at once on a two-core machine make each slower, and
  the browser tests wait on the page in real time.
(A scheduler of our own, because xdist's `--dist loadgroup` marks are lost under pytest 9, whose
items keep their id elsewhere.)"""
from __future__ import annotations

BROWSER = "tests/browser/"


def scope_of(nodeid: str) -> str:
    """The scope of a test: its file, or all the browser tests together."""
    path = nodeid.split("::", 1)[0]
    return BROWSER if path.startswith(BROWSER) else path


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class ByScope(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    return ByScope(config, log)
