"""How the code marks its texts: each module takes the translation functions of its own layer's
domain, and every marked text is a literal string (a text built at run time cannot be extracted,
so it would never be translated), or a constant marked with N_ where it is defined (a name, an
item of a table: never an f-string, a sum or a text formatted before it is translated)."""
from __future__ import annotations

import ast

import pytest

from ttr_nb.engine.i18n import DOMAINS

from .catalogues import ROOT

MARKERS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3}     # (contexts: literal too)
MARKED_CONSTANT = (ast.Name, ast.Subscript, ast.Attribute)


def _marks_a_text(node, marker) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return marker != "N_" and isinstance(node, MARKED_CONSTANT)


def _modules(domain):
    for part in DOMAINS[domain]:
        path = ROOT / part
        yield from ([path] if path.is_file() else sorted(path.rglob("*.py")))


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_marked_text_is_a_literal_of_the_modules_own_domain(domain):
    problems = []
    for path in _modules(domain):
        where = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("translations",
                                                                                                "contexts"):
                named = [a.value for a in node.args if isinstance(a, ast.Constant)]
                if named != [domain]:
                    called = ast.unparse(node.args[0]) if node.args else ""
                    problems.append(f"{where}:{node.lineno}: {node.func.id}({called}) in the {domain!r} domain's code")
            if isinstance(node, ast.JoinedStr):
                inside = [n for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                          and n.func.id in MARKERS and any(isinstance(a, ast.Constant) for a in n.args)]
                problems += [f"{where}:{n.lineno}: {ast.unparse(n)} inside an f-string (the extractor skips it)"
                             for n in inside]
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                texts = node.args[:MARKERS[node.func.id]]
                if len(texts) < MARKERS[node.func.id] or not all(_marks_a_text(a, node.func.id) for a in texts):
                    problems.append(f"{where}:{node.lineno}: {ast.unparse(node)} marks no literal text")
    assert not problems, "\n".join(problems)


def _binds_underscore(function) -> list[int]:
    """Lines where `function` itself (not a comprehension or a function inside it) binds the name `_`."""
    found = []
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
                             ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            found.append(node.lineno)
        if isinstance(node, ast.ExceptHandler) and node.name == "_":
            found.append(node.lineno)
        todo.extend(ast.iter_child_nodes(node))
    return found


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_no_function_hides_the_translation_function_behind_a_throwaway_name(domain):
    """`a, _, b = text.partition("#")` inside a function of a module that translates makes `_`
    a local string there: the function's `_("...")` would then fail, or a later edit's would."""
    problems = []
    for path in _modules(domain):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "translations"
                   for n in ast.walk(tree)):
            continue
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                problems += [f"{where}:{line}: `_` bound in {node.name}()" for line in _binds_underscore(node)]
    assert not problems, "\n".join(problems)
