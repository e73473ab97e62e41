"""`make i18n` runs scripts/i18n.py with Babel from the test tools; the script refuses an unknown
step, and its steps on an up-to-date tree change no catalogue."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from .catalogues import ROOT, script


def test_make_i18n_runs_the_script_in_the_test_environment():
    if shutil.which("make") is None:
        pytest.fail("`make` is not installed: the project's commands need it")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}  # also under `make test`
    done = subprocess.run(["make", "--no-print-directory", "-n", "-B", "i18n"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any("pip install" in line and ".[test,lab,app]" in line for line in lines)
    assert lines[-1] == ".venv/bin/python scripts/i18n.py"


def test_an_unknown_step_is_refused_naming_the_steps():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "i18n.py"), "translate"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and "extract, update, compile" in done.stderr


def test_updating_an_up_to_date_catalogue_changes_none_of_its_messages(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(script.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.pot"))
    monkeypatch.setattr(script, "LOCALE_DIR", locale)
    before = {p.relative_to(locale): p.read_bytes() for p in locale.rglob("*.po")}
    script.main(["update", "compile"])
    for relative, data in before.items():
        fresh, committed = (locale / relative).read_bytes(), data
        assert _messages(fresh) == _messages(committed), f"`make i18n` would change {relative}"


def _messages(po: bytes):
    import io
    from babel.messages.pofile import read_po
    catalogue = read_po(io.BytesIO(po))
    return [(m.id, m.string, m.context, m.fuzzy, tuple(m.locations)) for m in catalogue if m.id]
