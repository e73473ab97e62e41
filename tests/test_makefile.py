"""The Makefile installs what each target needs, runs the notebooks' kernel in its own
environment, and `make lab` opens no workspace left from an earlier run. Read with
`make -n -B` (print every command, run none)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def commands(target: str, *variables: str) -> list[str]:
    if shutil.which("make") is None:
        pytest.fail("`make` is not installed: the project's commands need it")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}  # also under `make test`
    done = subprocess.run(["make", "--no-print-directory", "-n", "-B", target, *variables], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.replace("\\\n", " ").splitlines()


def installs(target: str) -> list[str]:
    """The package specs `pip install -e` gets into .venv for `target`."""
    return [line.split("-e ", 1)[1].strip().strip("'") for line in commands(target)
            if line.startswith(".venv/bin/python -m pip install") and "-e " in line]


@pytest.mark.parametrize("target, spec", [("bench", ".[lab,app]"), ("lab", ".[lab]"), ("app", ".[app]"),
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


@pytest.mark.parametrize("target", ["lab", "app", "test", "bench", "venv"])
def test_each_target_writes_the_package_bytecode_after_installing_it(target):
    """An in-place install has no bytecode until an import writes it, and none ever where
    PYTHONDONTWRITEBYTECODE is set: each target writes it before it starts anything."""
    lines = commands(target)
    compiled = [i for i, line in enumerate(lines) if line == ".venv/bin/python -m compileall -q ttr_nb benchmarks"]
    installed = [i for i, line in enumerate(lines) if " -m pip install" in line]
    assert compiled and installed and installed[-1] < compiled[0]


def test_the_bytecode_is_written_where_python_is_told_to_write_none(tmp_path):
    """`compileall` writes a package's bytecode even under PYTHONDONTWRITEBYTECODE=1 (as the
    Makefile runs it), and an import reads it from there instead of compiling the source."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("VALUE = 1\n")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    python = sys.executable

    def loaded_from() -> str:
        done = subprocess.run([python, "-v", "-c", "import pkg"], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=60)
        return next(line for line in done.stderr.splitlines() if line.startswith("# code object from") and "pkg" in line)

    assert loaded_from().endswith("__init__.py")                  # nothing written by the import itself
    subprocess.run([python, "-m", "compileall", "-q", "pkg"], cwd=tmp_path, env=env, check=True, timeout=60)
    assert "__pycache__" in loaded_from()


def _server_line(target: str, *variables: str) -> str:
    lines = commands(target, *variables)
    line, = [line for line in lines if "/bin/voila " in line or "/bin/jupyter lab" in line]
    return line


def test_make_lab_and_make_app_take_ports_of_their_own_so_both_can_run():
    lab, app = _server_line("lab").split(), _server_line("app").split()
    assert "--port=8888" in lab and "--port=8866" in app
    assert "--port=9000" in _server_line("lab", "LAB_PORT=9000").split()
    assert "--port=9001" in _server_line("app", "APP_PORT=9001").split()


def test_make_lab_and_make_app_listen_on_127_0_0_1_with_the_packaged_settings():
    """The token and the host check of the app are in jupyter/voila.json (tests/test_servers.py runs them)."""
    lab, app = _server_line("lab").split(), _server_line("app").split()
    assert "--ServerApp.ip=127.0.0.1" in lab and "--Voila.ip=127.0.0.1" in app
    for line in (lab, app):
        assert f"JUPYTER_CONFIG_PATH={ROOT / 'jupyter'}" in line
        assert not any("allow_remote_access" in a or "auto_token" in a for a in line)
    assert "--no-browser" in app            # the URL to open is the one Voilà prints, with its token
    said = next(line for line in commands("app") if line.startswith("echo "))
    assert "token" in said and "8866" in said


def test_make_app_network_serves_a_class_on_purpose_with_the_settings_of_ttr_nb_app_network():
    from ttr_nb.cli import NETWORK_APP
    line = _server_line("app", "NETWORK=1").split()
    assert "--Voila.ip=127.0.0.1" not in line
    at = line.index(NETWORK_APP[0])
    assert tuple(line[at:at + len(NETWORK_APP)]) == NETWORK_APP
    said = next(line for line in commands("app", "NETWORK=1") if line.startswith("echo "))
    assert "students open http://THIS-COMPUTER:8866/" in said and "no token" in said


@pytest.mark.parametrize("value", ["0", "yes", "no"])
def test_make_app_refuses_a_network_value_it_could_misread(value):
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(["make", "--no-print-directory", "-n", "-B", "app", f"NETWORK={value}"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "write NETWORK=1" in done.stderr
    assert "voila" not in done.stdout


def test_make_links_prints_the_links_of_the_remote_with_the_system_python_alone():
    line, = commands("links")
    assert line.split()[1:] == ["scripts/links.py"] and "python" in line.split()[0] and ".venv" not in line
