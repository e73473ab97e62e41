"""What the JupyterLite site's wheels hold: the packages the notebooks import and what those
need, and of each only the files the browser reads.

The lock (`static/pyodide-lock/pyodide-lock.json`) is solved at build time from the notebooks'
package (`ttr-nb`) and the kernel's own packages; then

- two packages that nothing in the kernel imports are dropped (`DROPPED`): ipywidgets requires
  them, but they are only the widgets' JavaScript for Jupyter's front ends, which the site
  already has as its JupyterLab extension;
- three wheels lose the files no notebook reads (`PRUNED`): plotly its JupyterLab extension (a
  second copy, in the wheel, of what the site serves), `plotly.min.js` (plotly's offline HTML
  export) and its sample data sets, keeping `package_data/widgetbundle.js` (the board widget's
  front end, which the kernel sends to the page: ttr_nb/viz/figure_widget.py) and its templates;
  networkx its test suites; jedi (the kernel's completion, installed by the Pyodide kernel at
  every start) the type stubs of packages the site does not have.

A pruned wheel gets a RECORD of what it still holds, and the lock the wheel's new sha256 (Pyodide
checks it). `expected_packages` says which packages the lock must hold: the tests compare.
"""
from __future__ import annotations

import ast
import email.parser
import hashlib
import io
import json
import re
import sys
import zipfile
from pathlib import Path

#: dropped from the lock, with the reason
DROPPED = {
    "widgetsnbextension": "the classic Notebook's widget JavaScript; ipywidgets never imports it",
    "jupyterlab-widgets": "JupyterLab's widget extension as a Python package; ipywidgets never imports it",
}
#: what the Pyodide kernel loads by itself at start (jupyterlite-pyodide-kernel's worker:
#: micropip and piplite for `%pip`, then ipykernel, comm, pyodide-kernel, jedi and ipython)
KERNEL_PACKAGES = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
#: Python's environment in the browser, for the markers of the wheels' requirements
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "implementation_name": "cpython",
                   "platform_python_implementation": "CPython", "extra": ""}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _plotly_drops(path: str, site_names: set[str]) -> bool:
    return (path.startswith("plotly/labextension/") or re.match(r"plotly-[^/]+\.data/", path) is not None
            or path == "plotly/package_data/plotly.min.js" or path.startswith("plotly/package_data/datasets/"))


def _networkx_drops(path: str, site_names: set[str]) -> bool:
    return "tests" in path.split("/")[:-1]


def _jedi_drops(path: str, site_names: set[str]) -> bool:
    if path.startswith("jedi/third_party/django-stubs/"):
        return True
    stub = re.match(r"jedi/third_party/typeshed/stubs/([^/]+)/", path)
    return stub is not None and canonical(stub.group(1)) not in site_names


#: package -> which of its wheel's files the site leaves out (the path inside the wheel, and
#: the canonical names of the packages the site holds)
PRUNED = {"plotly": _plotly_drops, "networkx": _networkx_drops, "jedi": _jedi_drops}


def prune_wheel(wheel: Path, drops, site_names: set[str]) -> tuple[int, int]:
    """Rewrite `wheel` without the files `drops` names, with a RECORD of the rest; its size before
    and after."""
    before = wheel.stat().st_size
    out = io.BytesIO()
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        names = [i.filename for i in src.infolist() if not i.is_dir()]
        kept = [n for n in names if not drops(n, site_names)]
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        for name in kept:
            data = src.read(name)
            if name == record:
                keep = set(kept)
                lines = [line for line in data.decode().splitlines() if line.split(",", 1)[0] in keep]
                data = ("\n".join(lines) + "\n").encode()
            dst.writestr(src.getinfo(name), data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    wheel.write_bytes(out.getvalue())
    return before, wheel.stat().st_size


def lock_path(site: Path) -> Path:
    return site / "static" / "pyodide-lock" / "pyodide-lock.json"


def wheel_file(site: Path, package: dict) -> Path:
    """The file of a lock entry (its `file_name` is relative to the lock's folder)."""
    return (lock_path(site).parent / package["file_name"]).resolve()


def slim_lock(site: Path, log=print) -> None:
    """Drop `DROPPED` from the site's lock and prune the `PRUNED` wheels (see the module docstring)."""
    path = lock_path(site)
    lock = json.loads(path.read_text())
    packages = lock["packages"]
    for key in [k for k, p in packages.items() if canonical(p["name"]) in DROPPED]:
        wheel_file(site, packages[key]).unlink()
        log(f"dropped {packages[key]['name']}: {DROPPED[canonical(packages[key]['name'])]}")
        del packages[key]
    for p in packages.values():
        p["depends"] = [d for d in p["depends"] if canonical(d) not in DROPPED]
    names = {canonical(p["name"]) for p in packages.values()}
    for p in packages.values():
        drops = PRUNED.get(canonical(p["name"]))
        if drops:
            wheel = wheel_file(site, p)
            before, after = prune_wheel(wheel, drops, names)
            p["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
            log(f"pruned {wheel.name}: {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB")
    path.write_text(json.dumps(lock, indent=1, sort_keys=True))


def imported_modules(sources: list[str]) -> set[str]:
    """The top-level modules imported (absolute imports) in Python sources, not the standard library's."""
    found = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {m for m in found if m not in sys.stdlib_module_names and m != "__future__"}


def notebook_sources(folder: Path) -> list[str]:
    """The code cells of every notebook under `folder` (IPython's magics and shell lines left out)."""
    sources = []
    for nb in sorted(folder.rglob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            if cell["cell_type"] == "code":
                text = "".join(cell["source"])
                sources.append("\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("%", "!"))))
    return sources


def _requirements(wheel: Path, python: str) -> list[str]:
    """The canonical names of the packages a wheel requires in Pyodide's Python."""
    from packaging.markers import default_environment      # the tests' tool, not the build's
    from packaging.requirements import Requirement
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        message = email.parser.Parser().parsestr(z.read(meta).decode())
    env = {**default_environment(), **PYODIDE_MARKERS, "python_version": ".".join(python.split(".")[:2]),
           "python_full_version": python}
    out = []
    for line in message.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            out.append(canonical(req.name))
    return out


def expected_packages(site: Path, imported: set[str]) -> set[str]:
    """The packages the site's lock must hold: those providing the `imported` top-level modules
    and the kernel's own (`KERNEL_PACKAGES`), with everything their wheels require in Pyodide's
    Python, less `DROPPED`. A module no package of the lock provides is an error."""
    lock = json.loads(lock_path(site).read_text())
    by_name = {canonical(p["name"]): p for p in lock["packages"].values()}
    provider = {module: name for name, p in by_name.items() for module in p.get("imports", [])}
    missing = sorted(m for m in imported if m not in provider)
    if missing:
        raise LookupError(f"no package of the site provides {missing}")
    todo = [*{provider[m] for m in imported}, *map(canonical, KERNEL_PACKAGES)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name in DROPPED:
            continue
        seen.add(name)
        if name not in by_name:
            raise LookupError(f"{name} is required but not in the site's lock")
        todo += _requirements(wheel_file(site, by_name[name]), lock["info"]["python"])
    return seen
