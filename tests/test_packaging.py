"""The wheel: what it holds (code, notebooks, boards, editions, Jupyter settings, message catalogues, py.typed, licence) and what it
depends on (what the code imports; JupyterLab, Voilà and numpy only as extras or not at all).

The wheel is built from this checkout with `python -m build --no-isolation` (setuptools and
build come with the test extra), so nothing is fetched."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import ttr_nb
from benchmarks.install_sizes import build_wheel

ROOT = Path(__file__).resolve().parents[1]


BUILD_LOG: list[str] = []       # what the build of the module's wheel printed


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    built = build_wheel(tmp_path_factory.mktemp("dist"), log=BUILD_LOG)
    with zipfile.ZipFile(built) as z:
        yield z


def test_the_build_warns_of_nothing_in_the_package_list(wheel):
    # setuptools warns of every folder it packs files from that `packages` does not list
    # ("Package would be ignored"), and of a package list that does not match the folders
    log, = BUILD_LOG
    assert "Successfully built" in log
    assert "would be ignored" not in log.lower(), log[log.lower().find("would be ignored") - 400:][:1500]
    # nor any other of the warnings setuptools prints in a box between lines of "!!"
    assert not [line for line in log.splitlines() if line.strip() == "!!"], log


def _dist_info(wheel: zipfile.ZipFile, name: str) -> str:
    path, = [n for n in wheel.namelist() if n.endswith(f".dist-info/{name}")]
    return wheel.read(path).decode()


def _metadata(wheel):
    return Parser().parsestr(_dist_info(wheel, "METADATA"))


def test_the_wheel_holds_every_module_and_data_file(wheel):
    names = set(wheel.namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "ttr_nb").rglob("*.py")}
    assert modules and modules <= names, sorted(modules - names)
    assert "ttr_nb/py.typed" in names
    for folder, package, pattern in (("notebooks", "notebooks", "*.ipynb"), ("notebooks", "notebooks", "*.md"),
                                     ("notebooks/da", "notebooks/da", "*.ipynb"), ("notebooks/da", "notebooks/da", "*.md"),
                                     ("ttr_nb/maps", "maps", "*.json"),
                                     ("ttr_nb/editions_data", "editions_data", "*.toml"),
                                     ("ttr_nb/viz/placements", "viz/placements", "*.json")):
        for path in (ROOT / folder).glob(pattern):
            assert f"ttr_nb/{package}/{path.name}" in names, f"{folder}/{path.name} is not in the wheel"
            assert wheel.read(f"ttr_nb/{package}/{path.name}") == path.read_bytes()
    assert any(n.startswith("ttr_nb/notebooks/") and n.endswith(".ipynb") for n in names)
    assert any(n.startswith("ttr_nb/notebooks/da/") and n.endswith(".ipynb") for n in names)
    assert {f"ttr_nb/viz/placements/{p.stem}.json" for p in (ROOT / "ttr_nb" / "maps").glob("*.json")} <= names


def test_the_wheel_holds_the_compiled_message_catalogues(wheel):
    names = set(wheel.namelist())
    compiled = sorted((ROOT / "ttr_nb" / "locale").glob("*/LC_MESSAGES/*.mo"))
    assert {p.stem for p in compiled} >= {"engine", "widgets", "lessons"}
    for path in compiled:
        packaged = path.relative_to(ROOT).as_posix()
        assert packaged in names, f"{packaged} is not in the wheel"
        assert wheel.read(packaged) == path.read_bytes()


def test_an_installed_wheel_speaks_danish(wheel, tmp_path):
    site = tmp_path / "site-packages"
    wheel.extractall(site)
    code = ("import ttr_nb; from ttr_nb.engine.narration import cards_text; ttr_nb.set_language('da'); "
            "print(cards_text([2, 0, 0, 0, 0, 0, 0, 0, 1]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site)},
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "2 røde kort og 1 lokomotiv"


def test_a_notebook_at_the_repository_root_imports_the_package_with_a_normal_install(wheel, tmp_path):
    # A kernel started at the repository's root has that folder first on sys.path, so its ttr_nb/
    # is imported instead of the installed one: that folder must hold the whole package, its
    # boards and edition records included. (-S: no site-packages, so that an editable install of
    # the environment running this test cannot supply what the folder lacks; the engine needs
    # the standard library only.)
    site = tmp_path / "site-packages"
    wheel.extractall(site)
    code = ("import ttr_nb; game = ttr_nb.load_game('usa'); state = game.new_state(); "
            "print(ttr_nb.__file__); print(ttr_nb.engine.board.board_names()); print(ttr_nb.editions())")
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    where, boards, editions = done.stdout.splitlines()
    assert where == str(ROOT / "ttr_nb" / "__init__.py")
    assert "usa" in boards and "usa" in editions
    # and from any other folder, the installed wheel alone
    elsewhere = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, env=env, capture_output=True,
                               text=True)
    assert elsewhere.returncode == 0, elsewhere.stderr
    assert elsewhere.stdout.splitlines() == [str(site / "ttr_nb" / "__init__.py"), boards, editions]


def test_the_wheel_holds_the_jupyter_settings_that_keep_the_pages_offline(wheel):
    names = set(wheel.namelist())
    files = [p for p in (ROOT / "jupyter").rglob("*") if p.is_file()]
    for path in files:
        packaged = f"ttr_nb/jupyter/{path.relative_to(ROOT / 'jupyter').as_posix()}"
        assert packaged in names, f"{path.relative_to(ROOT)} is not in the wheel"
        assert wheel.read(packaged) == path.read_bytes()
    for name in ("voila.json", "jupyter_server_config.json", "voila/templates/ttr-offline/index.html.j2",
                 "voila/templates/ttr-offline/conf.json"):
        assert f"ttr_nb/jupyter/{name}" in names


def test_an_installed_wheel_starts_its_servers_with_its_own_jupyter_settings(wheel, tmp_path):
    site = tmp_path / "site-packages"
    wheel.extractall(site)
    code = "from ttr_nb import cli; env = cli.server_environment(); print(env['JUPYTER_PATH']); " \
           "print(env['JUPYTER_CONFIG_PATH'])"
    env = {**os.environ, "PYTHONPATH": str(site), "JUPYTER_PATH": "/mine"}
    env.pop("JUPYTER_CONFIG_PATH", None)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          check=True)
    packaged = str((site / "ttr_nb" / "jupyter").resolve())
    assert done.stdout.splitlines() == [os.pathsep.join([packaged, "/mine"]), packaged]


def test_the_wheel_carries_the_licence_and_its_spdx_expression(wheel):
    meta = _metadata(wheel)
    assert meta["License-Expression"] == "MIT"
    assert meta["License"] is None                      # the deprecated free-text licence field
    assert _dist_info(wheel, "licenses/LICENSE") == (ROOT / "LICENSE").read_text()
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert meta["Version"] == ttr_nb.__version__
    assert "Typing :: Typed" in meta.get_all("Classifier")


def _requirement_name(spec: str) -> str:
    name = spec.split(";")[0]
    for stop in "<>=!~[ (":
        name = name.split(stop)[0]
    return name.strip().lower().replace("_", "-")


def test_the_wheel_depends_on_what_the_code_imports_and_nothing_heavier(wheel):
    requires = _metadata(wheel).get_all("Requires-Dist")
    always = {_requirement_name(r) for r in requires if "extra ==" not in r}
    assert always == {"ipywidgets", "plotly", "anywidget", "networkx", "tomli"}
    tomli, = [r for r in requires if _requirement_name(r) == "tomli"]
    assert "python_version < \"3.11\"" in tomli
    by_extra = {}
    for r in requires:
        if "extra ==" in r:
            extra = r.split("extra ==")[1].strip().strip("\"'")
            by_extra.setdefault(extra, set()).add(_requirement_name(r))
    assert by_extra["lab"] == {"jupyterlab"}
    assert by_extra["app"] == {"voila", "ipykernel"}            # Voilà alone brings no kernel
    assert by_extra["kernel"] == {"ipykernel", "nbformat"}       # plotly shows a plain figure only with nbformat
    assert "numpy" not in set().union(always, *by_extra.values())


def test_the_wheel_installs_the_ttr_nb_command(wheel):
    entry_points = _dist_info(wheel, "entry_points.txt")
    assert "[console_scripts]" in entry_points
    assert "ttr-nb = ttr_nb.cli:main" in entry_points


def test_an_installed_wheel_reads_the_committed_placements_of_the_city_names(wheel, tmp_path):
    site = tmp_path / "site-packages"
    wheel.extractall(site)
    code = ("import ttr_nb, ttr_nb.viz.label_files as f\n"
            "for b in ttr_nb.engine.board.board_names():\n"
            "    assert all(f.committed_labels(ttr_nb.load_board(b), **kw) for _, kw in f.standard_sizes()), b\n"
            "print(f.__file__)")
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(site / "ttr_nb" / "viz" / "label_files.py")
