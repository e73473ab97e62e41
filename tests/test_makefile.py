"""The Makefile installs what each target needs, runs the notebooks' kernel in its own
environment, and `make lab` opens no workspace left from an earlier run. Read with
`make -n -B` (print every command, run none)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def commands(target: str) -> list[str]:
    if shutil.which("make") is None:
        pytest.fail("`make` is not installed: the project's commands need it")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}  # also under `make test`
    done = subprocess.run(["make", "--no-print-directory", "-n", "-B", target], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.replace("\\\n", " ").splitlines()


def installs(target: str) -> list[str]:
    """The package specs `pip install -e` gets into .venv for `target`."""
    return [line.split("-e ", 1)[1].strip().strip("'") for line in commands(target)
            if line.startswith(".venv/bin/python -m pip install") and "-e " in line]


@pytest.mark.parametrize("target, spec", [("bench", "."), ("lab", ".[lab]"), ("app", ".[app]"),
                                          ("test", ".[test,lab,app]"), ("venv", ".[test,lab,app]")])
def test_each_target_installs_its_extras(target, spec):
    assert installs(target) == [spec]


@pytest.mark.parametrize("target", ["lab", "app", "test", "bench", "venv"])
def test_the_kernel_gets_an_environment_of_its_own_with_only_the_kernel_extra(target):
    lines = commands(target)
    assert any(line.startswith(".venv/kernel/bin/python -m pip install") and "-e '.[kernel]'" in line
               for line in lines)
    spec = [line for line in lines if "ipykernel install --prefix .venv --name python3" in line]
    assert spec and spec[0].startswith(".venv/kernel/bin/python -m ipykernel")


def test_make_lab_starts_from_a_fresh_workspace():
    lines = commands("lab")
    start = next(i for i, line in enumerate(lines) if "jupyter lab" in line)
    assert "--LabApp.workspaces_dir=.venv/lab-workspaces" in lines[start]
    assert "rm -rf .venv/lab-workspaces" in lines[:start]


def test_make_labels_places_the_city_names_of_every_board():
    assert installs("labels") == ["."]
    assert commands("labels")[-1] == ".venv/bin/python scripts/place_labels.py"
