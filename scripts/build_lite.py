"""Build the JupyterLite site: the notebooks running in the browser, with no server and
no network at run time.

    python scripts/build_lite.py            # builds build/lite/ (skips when nothing changed)
    python scripts/build_lite.py --force    # builds again
    python scripts/build_lite.py --serve 8000   # serves build/lite/ on 127.0.0.1:8000

What it does (each step is needed; without any one of them the site reaches out to the
internet at run time, or does not start):

1. A separate build environment (build/lite-venv) with jupyterlite-core and the Pyodide
   kernel, the lock tools (pyodide-lock, uv), and the front-end extensions the notebooks use
   (ipywidgets, plotly, anywidget). The lite kernel extension must not be installed in the
   project's own JupyterLab environment: it breaks a normal JupyterLab.
2. The ttr_nb wheel, built from this repository.
3. The Pyodide runtime from the npm package `pyodide` (`npm pack`), unpacked into the
   site's `static/pyodide`. That package holds the runtime and the standard library but no
   package wheels, so its lock file's package list is emptied (else the site would fetch
   the missing wheels from a CDN) and `info.version` is added (pyodide-lock rejects a lock
   without it).
4. The lock solved at build time (`PyodideLockAddon`): every pure-Python wheel the
   notebooks import is downloaded now and served by the site itself.
5. `disablePyPIFallback`: `%pip install` and imports never fall back to the package index.

Then the site is made light enough for a school's line (scripts/lite_wheels.py,
scripts/lite_host.py): the lock keeps only the packages the notebooks import and what they
need, the wheels lose the files no notebook reads, and every text file and the WebAssembly
runtime are written precompressed beside themselves (`.br`, `.gz`) for the host to send.
docs/hosting-jupyterlite.md (copied into the site as HOSTING.md) says how to host it.

The result is checked before it is accepted: no package in the lock and no setting in
`jupyter-lite.json` may point at another host. A hash of the inputs is kept in
build/lite/.inputs-hash so that an unchanged tree is not built again.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lite_host import SiteServer  # noqa: E402 - the script's own folder first
from lite_wheels import DROPPED, slim_lock  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
SITE = BUILD / "lite"
WORK = BUILD / "lite-work"
VENV = BUILD / "lite-venv"

PYODIDE_VERSION = "314.0.6"
BUILD_PACKAGES = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "pyodide-lock[wheel]==0.1.2",
    "uv",
    "jupyter_server",
    "jupyterlab_server",
    "brotli",          # the site's precompressed .br files
]
# Front-end extensions: installed in the build environment so their JavaScript is in the
# site, and locked at the same versions so the Python side matches.
EXTENSIONS = ["ipywidgets", "plotly", "anywidget"]
# What the kernel needs besides ttr_nb and its own dependencies.
KERNEL_SPECS = ["micropip", "ipython", "comm", "jedi"]
# Never in the browser: server-side or compiled packages nothing in the notebooks imports.
EXCLUDES = ["voila", "numpy", "jupyterlab-server", "tornado"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# plotly's figures shown as its mime type, which the site's plotly extension draws. Left to
# itself, plotly in a kernel also picks its "notebook" renderer, which at the first figure sends
# the whole plotly.min.js (4.6 MB) from the kernel into the page as HTML (and so would need it
# in the wheel).
PYODIDE_ENV = {"PLOTLY_RENDERER": "plotly_mimetype"}
HOSTING = "docs/hosting-jupyterlite.md"
INPUTS = ["pyproject.toml", "ttr_nb", "notebooks", "scripts/build_lite.py", "scripts/lite_wheels.py",
          "scripts/lite_host.py", HOSTING]


def log(text: str) -> None:
    print(f"[lite] {text}", flush=True)


def run(*command, **kwargs) -> None:
    log(" ".join(str(c) for c in command))
    subprocess.run([str(c) for c in command], check=True, **kwargs)


def bin_path(name: str) -> Path:
    return VENV / "bin" / name


def inputs_hash() -> str:
    """A hash of every file the site is made from (and of the pinned versions)."""
    h = hashlib.sha256()
    h.update(json.dumps([PYODIDE_VERSION, BUILD_PACKAGES, EXTENSIONS, KERNEL_SPECS, EXCLUDES, PYODIDE_ENV]).encode())
    for item in INPUTS:
        path = ROOT / item
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for f in files:
            if "__pycache__" in f.parts or ".ipynb_checkpoints" in f.parts:
                continue
            h.update(str(f.relative_to(ROOT)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def build_env() -> None:
    """The separate build environment (kept between builds; reinstalled when the list changes)."""
    stamp = VENV / ".installed"
    wanted = json.dumps(BUILD_PACKAGES + EXTENSIONS)
    if stamp.exists() and stamp.read_text() == wanted:
        return
    shutil.rmtree(VENV, ignore_errors=True)
    venv.create(VENV, with_pip=True)
    run(bin_path("python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", *BUILD_PACKAGES,
        *EXTENSIONS)
    stamp.write_text(wanted)


def installed_versions(names: list[str]) -> list[str]:
    """`name==version` for packages installed in the build environment."""
    code = ("import importlib.metadata as m, json, sys; "
            "print(json.dumps([f'{n}=={m.version(n)}' for n in sys.argv[1:]]))")
    out = subprocess.run([str(bin_path("python")), "-c", code, *names], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def build_wheel(dest: Path) -> Path:
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    run(bin_path("python"), "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps", "-w", dest, ROOT)
    wheels = sorted(dest.glob("ttr_nb-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one ttr_nb wheel in {dest}, found {[w.name for w in wheels]}")
    return wheels[0]


def fetch_pyodide() -> Path:
    """The npm package `pyodide` (runtime and standard library), kept in the work folder."""
    tgz = WORK / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if shutil.which("npm") is None:
            raise SystemExit("npm is needed to fetch the Pyodide runtime (the npm package `pyodide`): "
                             "install it (Debian: apt-get install npm)")
        WORK.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", cwd=WORK, stdout=subprocess.DEVNULL)
    if not tgz.exists():
        raise SystemExit(f"npm pack did not produce {tgz}")
    return tgz


def unpack_pyodide(tgz: Path, dest: Path) -> None:
    """Unpack the runtime; empty its lock's package list (the wheels are locked at build time,
    none is fetched at run time) and give the lock the `info.version` pyodide-lock requires."""
    dest.mkdir(parents=True)
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.startswith("package/"):
                continue
            name = member.name[len("package/"):]
            if name.endswith(".map") or "/" in name:
                continue
            (dest / name).write_bytes(tar.extractfile(member).read())
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["info"].setdefault("version", PYODIDE_VERSION)
    lock["packages"] = {}
    lock_path.write_text(json.dumps(lock, indent=1))


def lite_sources(wheel: Path, tgz: Path) -> Path:
    """The folder `jupyter lite build` reads: contents, pyodide, wheel and configuration."""
    src = WORK / "src"
    shutil.rmtree(src, ignore_errors=True)
    files = src / "files"
    files.mkdir(parents=True)
    # the notebooks and the translated ones (notebooks/da: a folder of the site, as in JupyterLab)
    for f in sorted((ROOT / "notebooks").rglob("*")):
        rel = f.relative_to(ROOT / "notebooks")
        if f.is_file() and not any(part.startswith(".") for part in rel.parts):
            (files / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, files / rel)
    unpack_pyodide(tgz, src / "static" / "pyodide")
    (src / "wheels").mkdir()
    shutil.copy2(wheel, src / "wheels" / wheel.name)
    specs = ["ttr-nb", *KERNEL_SPECS, *installed_versions(EXTENSIONS)]
    (src / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {"contents": ["files"], "no_sourcemaps": True},
        "PyodideLockAddon": {"enabled": True, "specs": specs, "wheels": [f"wheels/{wheel.name}"],
                             "excludes_extra": EXCLUDES},
    }, indent=2))
    (src / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "ttr_nb",
            "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True, "loadPyodideOptions": {
                "env": PYODIDE_ENV}}},
        },
    }, indent=2))
    # every cell of these short notebooks stays rendered (searchable, and its widgets alive)
    (src / "overrides.json").write_text(json.dumps({
        "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    }, indent=2))
    return src


def check_site(site: Path) -> None:
    """Refuse a site that would reach another host at run time."""
    config = json.loads((site / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    problems = []
    if settings.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not set")
    for key in ("pyodideUrl",):
        if "://" in str(settings.get(key, "")):
            problems.append(f"{key} points at another host: {settings[key]}")
    if settings.get("loadPyodideOptions", {}).get("env", {}).get("PLOTLY_RENDERER") != PYODIDE_ENV["PLOTLY_RENDERER"]:
        problems.append("plotly's renderer is not its mime type (its wheel has no plotly.min.js for another)")
    lock_url = settings.get("loadPyodideOptions", {}).get("lockFileURL", "")
    if not lock_url or "://" in lock_url:
        problems.append(f"the lock file is not the site's own: {lock_url!r}")
    else:
        lock = json.loads((site / lock_url).read_text())
        names = {p["name"].lower().replace("_", "-") for p in lock["packages"].values()}
        for p in lock["packages"].values():
            if "://" in p["file_name"]:
                problems.append(f"{p['name']} is fetched from {p['file_name']}")
        for need in ("ttr-nb", "ipywidgets", "plotly", "anywidget", "networkx"):
            if need not in names:
                problems.append(f"{need} is not in the lock")
        for bad in [*EXCLUDES, *DROPPED]:
            if bad in names:
                problems.append(f"{bad} is in the lock")
    if problems:
        raise SystemExit("the JupyterLite site is not self-contained:\n  " + "\n  ".join(problems))


def site_size(site: Path) -> int:
    return sum(f.stat().st_size for f in site.rglob("*") if f.is_file())


def site_server(port: int = 0, site: Path = SITE, verbose: bool = False, host: str = "127.0.0.1") -> SiteServer:
    """An HTTP server of the site (port 0: any free port), as a good static host serves it:
    compressed, with cache headers (scripts/lite_host.py); it counts the bytes it sends."""
    return SiteServer((host, port), site, verbose)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="build even if the inputs did not change")
    parser.add_argument("--serve", type=int, metavar="PORT", help="serve the built site on 127.0.0.1:PORT")
    args = parser.parse_args(argv)
    if args.serve is not None:
        if not (SITE / "index.html").exists():
            raise SystemExit(f"{SITE} is not built: run `make lite` first")
        server = site_server(args.serve, verbose=True)
        print(f"Serving {SITE.relative_to(ROOT)} on http://127.0.0.1:{server.server_port}/ (Ctrl-C stops it)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        return 0
    digest = inputs_hash()
    stamp = SITE / ".inputs-hash"
    if not args.force and stamp.exists() and stamp.read_text() == digest:
        log(f"{SITE.relative_to(ROOT)} is up to date ({site_size(SITE) / 1e6:.1f} MB)")
        return 0
    start = time.time()
    build_env()
    wheel = build_wheel(WORK / "wheels")
    src = lite_sources(wheel, fetch_pyodide())
    shutil.rmtree(SITE, ignore_errors=True)
    env = {**os.environ, "PATH": f"{VENV / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("JUPYTERLITE_PYODIDE_URL", None)
    env["UV_PYTHON_DOWNLOADS"] = "never"   # the lock solve needs no Python of its own (it would try a download)
    run(bin_path("jupyter"), "lite", "build", "--lite-dir", src, "--output-dir", SITE, cwd=src, env=env)
    slim_lock(SITE, log=log)
    check_site(SITE)
    shutil.copy2(ROOT / HOSTING, SITE / "HOSTING.md")
    run(bin_path("python"), Path(__file__).with_name("lite_host.py"), "--precompress", SITE)
    stamp.write_text(digest)
    log(f"built {SITE.relative_to(ROOT)} in {time.time() - start:.0f} s: {site_size(SITE) / 1e6:.1f} MB "
        f"(with its precompressed copies); how to host it: {SITE.relative_to(ROOT)}/HOSTING.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
