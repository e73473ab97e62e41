"""The JupyterLite build's own safeguards, without a browser or a network: the Pyodide lock is
emptied and given its version, and a site that would reach another host is refused."""
from __future__ import annotations

import importlib.util
import io
import json
import tarfile

import pytest

from .conftest import ROOT

spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
build_lite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_lite)
PLUGIN = build_lite.KERNEL_PLUGIN


def _tgz(path, files: dict[str, bytes]) -> None:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def test_unpacked_pyodide_lock_lists_no_package_and_has_a_version(tmp_path):
    lock = {"info": {"python": "3.14.2", "arch": "wasm32"},
            "packages": {"numpy": {"name": "numpy", "file_name": "numpy-2.whl"}}}
    _tgz(tmp_path / "p.tgz", {"pyodide.mjs": b"export {}", "pyodide-lock.json": json.dumps(lock).encode(),
                              "pyodide.mjs.map": b"{}"})
    build_lite.unpack_pyodide(tmp_path / "p.tgz", tmp_path / "out")
    written = json.loads((tmp_path / "out" / "pyodide-lock.json").read_text())
    assert written["packages"] == {}
    assert written["info"]["version"] == build_lite.PYODIDE_VERSION
    assert written["info"]["python"] == "3.14.2"
    assert (tmp_path / "out" / "pyodide.mjs").exists() and not (tmp_path / "out" / "pyodide.mjs.map").exists()


def _site(tmp_path, settings: dict, packages: dict) -> None:
    (tmp_path / "static" / "pyodide-lock").mkdir(parents=True)
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(
        {"jupyter-config-data": {"litePluginSettings": {PLUGIN: settings}}}))
    (tmp_path / "static" / "pyodide-lock" / "pyodide-lock.json").write_text(json.dumps(
        {"info": {}, "packages": {k: {"name": k, "file_name": v} for k, v in packages.items()}}))


GOOD = {"disablePyPIFallback": True, "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "loadPyodideOptions": {"lockFileURL": "./static/pyodide-lock/pyodide-lock.json"}}
WHEELS = {name: f"../../static/pyodide-lock/{name}-1-py3-none-any.whl"
          for name in ("ttr-nb", "ipywidgets", "plotly", "anywidget", "networkx")}


def test_a_self_contained_site_passes(tmp_path):
    _site(tmp_path, GOOD, WHEELS)
    build_lite.check_site(tmp_path)


@pytest.mark.parametrize("settings, packages, problem", [
    ({**GOOD, "disablePyPIFallback": False}, WHEELS, "disablePyPIFallback is not set"),
    ({**GOOD, "pyodideUrl": "https://example.org/pyodide.mjs"}, WHEELS, "pyodideUrl points at another host"),
    (GOOD, {**WHEELS, "plotly": "https://example.org/plotly-7-py3-none-any.whl"}, "plotly is fetched from https"),
    (GOOD, {k: v for k, v in WHEELS.items() if k != "ttr-nb"}, "ttr-nb is not in the lock"),
    (GOOD, {**WHEELS, "numpy": "../../static/pyodide-lock/numpy.whl"}, "numpy is in the lock"),
    ({**GOOD, "loadPyodideOptions": {}}, WHEELS, "the lock file is not the site's own"),
])
def test_a_site_reaching_another_host_is_refused(tmp_path, settings, packages, problem):
    _site(tmp_path, settings, packages)
    with pytest.raises(SystemExit, match=problem):
        build_lite.check_site(tmp_path)
