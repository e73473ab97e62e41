"""The layers only look down: engine <- analysis <- exercises <- viz <- widgets <- notebooks.

`exercises` (the questions of the notebooks and their answers, computed by the engine)
sits above analysis and below viz: it never imports plotly, viz or widgets.

Two checks: importing the package (and its engine) pulls in no plotly, ipywidgets or
IPython; and, statically (parsing every module with `ast`, so nothing is imported),
no module imports from a layer above its own. Layers that are empty today are
checked all the same, so the test keeps working as they fill up.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import ttr_nb

PACKAGE = Path(ttr_nb.__file__).resolve().parent
LAYERS = ("engine", "analysis", "exercises", "viz", "widgets")          # bottom to top
HEAVY = ("plotly", "ipywidgets", "IPython", "anywidget", "matplotlib", "networkx.drawing")


def _modules_loaded_by(code: str) -> list[str]:
    """The modules a fresh interpreter has loaded after running `code`, which prints them."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", ["ttr_nb", "ttr_nb.engine"])
def test_importing_the_engine_loads_no_display_library(module):
    code = (f"import sys, json, {module}\n"
            f"import ttr_nb\n"
            "g = ttr_nb.load_game('europe', players=3, seed=1); s = g.new_state(); s.legal_actions()[0]\n"
            "s.score_breakdown(); s.to_dict(); ttr_nb.Match(g)\n"
            "print(json.dumps(sorted(sys.modules)))")
    loaded = _modules_loaded_by(code)
    for name in ("plotly", "ipywidgets", "IPython"):
        assert not any(m == name or m.startswith(name + ".") for m in loaded), f"{module} imports {name}"


def test_answering_every_exercise_loads_no_display_library():
    code = ("import sys, json\n"
            "from ttr_nb.exercises import exercises\n"
            "[ex.solution() for ex in exercises()]\n"
            "print(json.dumps(sorted(sys.modules)))")
    loaded = _modules_loaded_by(code)
    for name in ("plotly", "ipywidgets", "IPython", "ttr_nb.viz", "ttr_nb.widgets"):
        assert not any(m == name or m.startswith(name + ".") for m in loaded), f"the exercises import {name}"


def _modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, root: Path = PACKAGE) -> list[tuple[int, str]]:
    """Every module an import statement in `path` (a file of the package at `root`)
    names, resolved to absolute names (relative imports included), with line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = _module_name(path, root)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
            # "from ttr_nb import viz" / "from .. import widgets" import the layer itself
            out += [(node.lineno, f"{mod}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            out.append((node.lineno, str(node.args[0].value)))
    return out


def _layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] == "ttr_nb" and len(parts) > 1 and parts[1] in LAYERS:
        return parts[1]
    return None


def test_imported_modules_resolves_relative_imports():
    # a self-check of the parser on the forms the real modules use
    engine_state = PACKAGE / "engine" / "state.py"
    names = {m for _, m in imported_modules(engine_state)}
    assert "ttr_nb.engine.actions" in names
    init = PACKAGE / "__init__.py"
    assert "ttr_nb.engine" in {m for _, m in imported_modules(init)}


@pytest.mark.parametrize("layer", LAYERS)
def test_no_layer_imports_a_layer_above_it(layer):
    above = LAYERS[LAYERS.index(layer) + 1:]
    bad = []
    for path in _modules(layer):
        for line, module in imported_modules(path):
            if _layer_of(module) in above:
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    assert not bad, f"ttr_nb.{layer} may only import layers below it:\n" + "\n".join(bad)


@pytest.mark.parametrize("layer", ["engine", "exercises"])
def test_the_engine_and_the_exercises_use_no_display_library(layer):
    bad = []
    for path in _modules(layer):
        for line, module in imported_modules(path):
            if module.split(".")[0] in ("plotly", "ipywidgets", "IPython", "anywidget") or module in HEAVY:
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    assert not bad, "\n".join(bad)


def test_the_layer_check_sees_a_violation(tmp_path):
    """The static check would catch `from ..viz import figure` in the engine, and
    `import ttr_nb.widgets` / `from ttr_nb import widgets` in viz."""
    fake = tmp_path / "ttr_nb" / "engine" / "bad.py"
    fake.parent.mkdir(parents=True)
    fake.write_text("from ..viz import figure\nimport ttr_nb.widgets.board\nfrom ttr_nb import analysis\n")
    layers = [_layer_of(m) for _, m in imported_modules(fake, tmp_path / "ttr_nb")]
    assert {"viz", "widgets", "analysis"} <= set(layers)


# ---------------------------------------------------------------------------- inside the engine
def _import_graph_script():
    import importlib.util
    path = PACKAGE.parent / "scripts" / "import_graph.py"
    spec = importlib.util.spec_from_file_location("import_graph", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_import_cycle_inside_the_engine():
    """The engine's modules form layers (`scripts/import_graph.py` prints them): no module
    imports, even from inside a function, a module that imports it back."""
    script = _import_graph_script()
    graph = script.graph()
    assert {"state", "game", "serialize", "observer", "tables"} <= set(graph)
    assert "serialize" not in graph["state"] and "game" not in graph["state"]
    assert "state" in graph["serialize"] and "serialize" in graph["game"]
    order = script.layers(graph)                       # ValueError on a cycle
    assert sorted(m for layer in order for m in layer) == sorted(graph)
    with pytest.raises(ValueError, match="import cycle among a, b"):
        script.layers({"a": {"b"}, "b": {"a"}, "c": set()})


def test_the_engine_imports_at_the_top_of_its_modules():
    """No import inside a function (the way a cycle hides) in the engine."""
    bad = []
    for path in _modules("engine"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        bad.append(f"{path.relative_to(PACKAGE.parent)}:{inner.lineno}")
    assert not bad, "imports inside functions: " + ", ".join(bad)


def test_the_import_graph_script_prints_the_layers():
    done = subprocess.run([sys.executable, str(PACKAGE.parent / "scripts" / "import_graph.py")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    rows = {line.split()[1]: int(line.split()[0]) for line in lines}
    # the cards sit at the bottom, on the translations (their names are read in the language chosen)
    # and the reading of digits alone (the names are padded to the longest module name: compare the words)
    assert rows["i18n"] == rows["digits"] == 0 and rows["cards"] == 1
    assert ["1", "cards", "<-", "digits,", "i18n"] in [l.split() for l in lines]
    assert rows["state"] < rows["serialize"] < rows["game"] < rows["match"]


# ---------------------------------------------------------------------------- every module
def _modules_of(root: Path) -> dict[str, Path]:
    return {_module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def package_imports(path: Path, root: Path = PACKAGE, modules=None) -> set[str]:
    """The modules of the package at `root` that `path` imports, at the top or inside a function.
    `from pkg import name` names the module pkg.name when there is one (importing it does not run
    more of pkg than a module of pkg already has), and pkg itself otherwise."""
    modules = _modules_of(root) if modules is None else modules
    own = _module_name(path, root)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - (node.level - 1)] + ([node.module] if node.module else []))
            submodules = {f"{base}.{alias.name}" for alias in node.names} & modules.keys()
            found |= submodules if len(submodules) == len(node.names) else submodules | {base}
    return {m for m in found if m in modules} - {own}


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of the graph (module -> the modules it imports) as [a, b, ..., a], or [] if none."""
    state: dict[str, str] = {}
    trail: list[str] = []

    def visit(module):
        state[module] = "open"
        trail.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == "open":
                return trail[trail.index(other):] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        state[module] = "done"
        trail.pop()
        return []

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return []


def test_no_module_of_the_package_imports_a_module_that_imports_it_back():
    """Module by module, across the whole package (every layer, and inside each): no import
    cycle, not even through an import inside a function."""
    modules = _modules_of(PACKAGE)
    graph = {name: package_imports(path, PACKAGE, modules) for name, path in modules.items()}
    assert "ttr_nb.viz.geometry" in graph["ttr_nb.viz.labels"]          # the graph sees the imports
    assert "ttr_nb.viz.label_files" in graph["ttr_nb.viz.board"]
    cycle = import_cycle(graph)
    assert not cycle, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_check_sees_a_cycle_through_an_import_inside_a_function(tmp_path):
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("from .sub import a\n")
    (root / "sub" / "__init__.py").write_text("")
    (root / "sub" / "a.py").write_text("from . import b\n")
    (root / "sub" / "b.py").write_text("import math\n\ndef f():\n    from .c import g\n")
    (root / "sub" / "c.py").write_text("from .. import sub\nfrom ..sub.a import x\n")
    modules = _modules_of(root)
    graph = {name: package_imports(path, root, modules) for name, path in modules.items()}
    assert graph["pkg.sub.a"] == {"pkg.sub.b"}            # `from . import b` is the module, not the package
    assert graph["pkg.sub.c"] == {"pkg.sub", "pkg.sub.a"}
    assert import_cycle(graph) == ["pkg.sub.a", "pkg.sub.b", "pkg.sub.c", "pkg.sub.a"]
    (root / "sub" / "b.py").write_text("import math\n")
    assert import_cycle({name: package_imports(path, root, modules) for name, path in modules.items()}) == []
