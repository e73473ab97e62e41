"""Print the engine's import graph: each module of `ttr_nb.engine` and the engine modules it
imports, lowest layer first (`python scripts/import_graph.py`).

The modules are read with `ast` (nothing is imported), so the graph shows every import
statement, at the top of a module or inside a function. A module is listed after every
module it imports; an import cycle is reported and makes the script exit with status 1.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "ttr_nb" / "engine"


def engine_imports(path: Path) -> set[str]:
    """The engine modules `path` (a module of the engine) imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                if node.module:
                    names.add(node.module.split(".")[0])
                else:
                    names.update(alias.name for alias in node.names)
            elif node.level == 0 and (node.module or "").startswith("ttr_nb.engine."):
                names.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            names.update(a.name.split(".")[2] for a in node.names if a.name.startswith("ttr_nb.engine."))
    modules = {p.stem for p in ENGINE.glob("*.py")}
    return {n for n in names if n in modules} - {path.stem}


def graph() -> dict[str, set[str]]:
    """module -> the engine modules it imports (``__init__`` left out: it gathers the vocabulary)."""
    return {p.stem: engine_imports(p) for p in sorted(ENGINE.glob("*.py")) if p.stem != "__init__"}


def layers(g: dict[str, set[str]]) -> list[list[str]]:
    """The modules in layers: each imports only modules of the layers before it. Raises
    ValueError naming the modules of a cycle if there is one."""
    done: set[str] = set()
    out = []
    while len(done) < len(g):
        layer = sorted(m for m, deps in g.items() if m not in done and deps <= done)
        if not layer:
            left = {m: deps - done for m, deps in g.items() if m not in done}
            raise ValueError(f"import cycle among {', '.join(sorted(left))}")
        out.append(layer)
        done.update(layer)
    return out


def main() -> int:
    g = graph()
    try:
        order = layers(g)
    except ValueError as e:
        print(e)
        return 1
    width = max(map(len, g))
    for i, layer in enumerate(order):
        for m in layer:
            deps = ", ".join(sorted(g[m])) or "-"
            print(f"{i}  {m:<{width}}  <- {deps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
