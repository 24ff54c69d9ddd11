"""The Saboteur rules package has no import cycle at run time and no import inside a function
(imports under `TYPE_CHECKING`, for annotations only, do not count)."""

from __future__ import annotations

import ast
from pathlib import Path

import motherlode.rules.saboteur as package

PACKAGE = "motherlode.rules.saboteur"
ROOT = Path(package.__file__).parent


def _runtime_imports(tree: ast.Module, module: str) -> set[str]:
    """The package's modules `module` imports when it runs (not under TYPE_CHECKING)."""
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module.rsplit(".", node.level)[0]
                    name = f"{base}.{node.module}" if node.module else base
                else:
                    name = node.module or ""
                if name == PACKAGE:
                    found.update(f"{PACKAGE}.{alias.name}" for alias in node.names)
                elif name.startswith(PACKAGE + "."):
                    found.add(name)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith(PACKAGE + "."))
            for child in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, child, None)
                if isinstance(node, ast.ClassDef | ast.If | ast.Try | ast.With) and inner:
                    visit([n for n in inner if isinstance(n, ast.stmt)])

    visit(tree.body)
    return found


def _modules() -> dict[str, ast.Module]:
    return {f"{PACKAGE}.{path.stem}": ast.parse(path.read_text())
            for path in sorted(ROOT.glob("*.py")) if path.stem != "__init__"}


def test_no_import_cycle() -> None:
    modules = _modules()
    graph = {name: _runtime_imports(tree, name) & modules.keys()
             for name, tree in modules.items()}
    done: set[str] = set()

    def walk(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            cycle = " -> ".join(p.rsplit(".", 1)[1] for p in (*path[path.index(name):], name))
            raise AssertionError(f"import cycle: {cycle}")
        if name in done:
            return
        for other in sorted(graph[name]):
            walk(other, (*path, name))
        done.add(name)

    for name in sorted(graph):
        walk(name, ())


def test_no_import_in_a_function_body() -> None:
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{name}: an import inside {getattr(node, 'name', 'lambda')}"
