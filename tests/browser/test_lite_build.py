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
        "loadPyodideOptions": {"lockFileURL": "./static/pyodide-lock/pyodide-lock.json",
                               "env": {"PLOTLY_RENDERER": "plotly_mimetype"}}}
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
    ({**GOOD, "loadPyodideOptions": {**GOOD["loadPyodideOptions"], "env": {}}}, WHEELS,
     "plotly's renderer is not its mime type"),
    (GOOD, {**WHEELS, "widgetsnbextension": "../../static/pyodide-lock/w.whl"}, "widgetsnbextension is in the lock"),
])
def test_a_site_reaching_another_host_is_refused(tmp_path, settings, packages, problem):
    _site(tmp_path, settings, packages)
    with pytest.raises(SystemExit, match=problem):
        build_lite.check_site(tmp_path)


# --- how the site is served and what its wheels hold (scripts/lite_host.py, scripts/lite_wheels.py)
import hashlib  # noqa: E402
import threading  # noqa: E402
import urllib.request  # noqa: E402
import zipfile  # noqa: E402

lite_host = __import__("sys").modules["lite_host"]
lite_wheels = __import__("sys").modules["lite_wheels"]


@pytest.mark.parametrize("path, rule", [
    ("build/4680.34db628.js", lite_host.IMMUTABLE),
    ("extensions/@jupyterlite/pyodide-kernel-extension/static/remoteEntry.abcac41d5ca77040.js", lite_host.IMMUTABLE),
    ("extensions/jupyterlab-plotly/static/0.03957c7088ad5ed0.js", lite_host.IMMUTABLE),
    ("build/jlab_core.a86436d.js", lite_host.IMMUTABLE),
    ("index.html", lite_host.REVALIDATE),
    ("jupyter-lite.json", lite_host.REVALIDATE),
    ("build/lab/bundle.js", lite_host.REVALIDATE),
    ("static/pyodide/pyodide.asm.wasm", lite_host.REVALIDATE),
    ("static/pyodide-lock/plotly-7.1.0-py3-none-any.whl", lite_host.REVALIDATE),
    ("files/00_start_here.ipynb", lite_host.REVALIDATE),
    ("build/fa-solid-900.svg", lite_host.REVALIDATE),
    ("build/decade.js", lite_host.REVALIDATE),            # hex letters only: a word, not a hash
])
def test_cache_rules(path, rule):
    assert lite_host.cache_control(path) == rule


@pytest.fixture
def tiny_site(tmp_path):
    (tmp_path / "build").mkdir()
    text = ("const x = 'the same line again and again';\n" * 400).encode()
    (tmp_path / "build" / "app.1234abcd.js").write_bytes(text)
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm" + bytes(5000))
    (tmp_path / "index.html").write_text("<p>hi</p>")
    lite_host.precompress(tmp_path)
    server = lite_host.SiteServer(("127.0.0.1", 0), tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}", server, text
    server.shutdown()
    server.server_close()


def _get(url, **headers):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def test_the_server_sends_the_compressed_copy_the_browser_accepts(tiny_site):
    import gzip
    url, server, text = tiny_site
    status, headers, body = _get(f"{url}/build/app.1234abcd.js", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == text
    assert headers["Cache-Control"] == lite_host.IMMUTABLE and headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"] == "text/javascript"
    status, headers, body = _get(f"{url}/build/app.1234abcd.js")
    assert "Content-Encoding" not in headers and body == text
    brotli_copy = (server.site / "build" / "app.1234abcd.js.br")
    if brotli_copy.exists():               # the build environment has brotli; the tests' may not
        status, headers, body = _get(f"{url}/build/app.1234abcd.js", **{"Accept-Encoding": "gzip, br"})
        assert headers["Content-Encoding"] == "br" and body == brotli_copy.read_bytes()
    status, headers, _ = _get(f"{url}/runtime.wasm", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Type"] == "application/wasm" and headers["Content-Encoding"] == "gzip"
    assert headers["Cache-Control"] == "no-cache"
    assert _get(f"{url}/build/app.1234abcd.js.gz")[0] == 404     # the copies are not pages of their own
    assert _get(f"{url}/")[2] == b"<p>hi</p>"


def test_an_unchanged_file_costs_a_304_and_every_byte_is_counted(tiny_site):
    url, server, _ = tiny_site
    server.reset()
    status, headers, body = _get(f"{url}/runtime.wasm", **{"Accept-Encoding": "gzip"})
    first = server.bytes_sent
    assert first > len(body) > 0                        # the body and the headers
    server.reset()
    status, headers2, body = _get(f"{url}/runtime.wasm", **{"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]})
    assert status == 304 and body == b"" and 0 < server.bytes_sent < 400
    # another encoding is another ETag: a cached gzip copy is not taken for the plain file
    assert _get(f"{url}/runtime.wasm", **{"If-None-Match": headers["ETag"]})[0] == 200


def _wheel(path, files: dict[str, bytes]):
    record = "".join(f"{name},sha256=x,{len(data)}\n" for name, data in files.items()) + "pkg-1.dist-info/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for name, data in {**files, "pkg-1.dist-info/RECORD": record.encode()}.items():
            z.writestr(name, data)


def test_a_pruned_wheel_lists_what_it_holds(tmp_path):
    wheel = tmp_path / "plotly-1-py3-none-any.whl"
    _wheel(wheel, {"plotly/__init__.py": b"", "plotly/package_data/plotly.min.js": b"x" * 999,
                   "plotly/package_data/widgetbundle.js": b"y", "plotly/labextension/a.js": b"z",
                   "plotly-1.data/data/share/b.js": b"z", "plotly/package_data/templates/plotly.json": b"{}"})
    lite_wheels.prune_wheel(wheel, lite_wheels.PRUNED["plotly"], set())
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        record = {line.split(",")[0] for line in z.read("pkg-1.dist-info/RECORD").decode().splitlines()}
    assert names == record == {"plotly/__init__.py", "plotly/package_data/widgetbundle.js",
                               "plotly/package_data/templates/plotly.json", "pkg-1.dist-info/RECORD"}


def test_jedi_keeps_the_stubs_of_the_sites_packages_only():
    drops = lite_wheels.PRUNED["jedi"]
    assert drops("jedi/third_party/typeshed/stubs/tensorflow/x.pyi", {"networkx"})
    assert not drops("jedi/third_party/typeshed/stubs/networkx/x.pyi", {"networkx"})
    assert not drops("jedi/third_party/typeshed/stdlib/builtins.pyi", set())
    assert lite_wheels.PRUNED["networkx"]("networkx/algorithms/tests/test_a.py", set())
    assert not lite_wheels.PRUNED["networkx"]("networkx/algorithms/tests.py", set())


def test_slim_lock_drops_the_front_end_packages_and_rehashes(tmp_path):
    folder = tmp_path / "static" / "pyodide-lock"
    folder.mkdir(parents=True)
    _wheel(folder / "networkx-3-py3-none-any.whl", {"networkx/__init__.py": b"", "networkx/tests/t.py": b"x"})
    _wheel(folder / "widgetsnbextension-4-py3-none-any.whl", {"widgetsnbextension/a.js": b"x"})
    _wheel(folder / "ipywidgets-8-py3-none-any.whl", {"ipywidgets/__init__.py": b""})
    entry = lambda name, deps: {"name": name, "depends": deps, "sha256": "old",  # noqa: E731
                                "file_name": f"../../static/pyodide-lock/{name}-{ {'networkx': 3, 'ipywidgets': 8}.get(name, 4)}-py3-none-any.whl"}
    lock = {"info": {}, "packages": {"networkx": entry("networkx", []), "ipywidgets": entry("ipywidgets", ["widgetsnbextension"]),
                                     "widgetsnbextension": entry("widgetsnbextension", [])}}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock))
    lite_wheels.slim_lock(tmp_path, log=lambda _: None)
    out = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    assert set(out) == {"networkx", "ipywidgets"} and out["ipywidgets"]["depends"] == []
    assert not (folder / "widgetsnbextension-4-py3-none-any.whl").exists()
    assert out["networkx"]["sha256"] == hashlib.sha256((folder / "networkx-3-py3-none-any.whl").read_bytes()).hexdigest()


def test_the_hosting_guide_gives_the_servers_rules():
    guide = (ROOT / "docs" / "hosting-jupyterlite.md").read_text()
    core = lite_host.HASHED.pattern.split(")", 1)[1]          # the hash and the extensions
    assert core in guide, "the nginx example's pattern for hashed names is not the server's"
    for rule in (lite_host.IMMUTABLE, f'"{lite_host.REVALIDATE}"', "gzip_static on", "application/wasm"):
        assert rule in guide, rule
