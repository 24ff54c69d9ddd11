"""The package's module graph: imports point down the layers, with no cycle and no import
hidden inside a function body to dodge one (docs/architecture.md, "Layers")."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "motherlode"

# Layer of each top-level part: a module may import only its own layer or lower ones.
LAYERS = {
    "engine": 0,
    "rules": 1,
    "testing": 2,
    "bots": 2,
    "sim": 3,
    "adapters": 3,
    "client": 3,
    "server": 4,
    "cli": 5,
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(name: str, path: Path) -> Iterator[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for each import run when `name` runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[str, int, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    yield from walk(other, in_function)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, child.lineno, in_function
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                yield base, child.lineno, in_function
                for alias in child.names:
                    yield f"{base}.{alias.name}", child.lineno, in_function
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from walk(child, inner)

    yield from walk(tree, False)


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = {t for t, _, _ in _runtime_imports(name, path) if t in modules and t != name}
        graph[name] = targets
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph`, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycle() -> None:
    graph = _graph()
    # A package's __init__ importing its own modules is not a cycle through them.
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_import_inside_a_function() -> None:
    hidden = [
        f"{name}:{line} imports {target}"
        for name, path in _modules().items()
        for target, line, inside in _runtime_imports(name, path)
        if inside and target.startswith("motherlode")
    ]
    assert hidden == []


@pytest.mark.parametrize("name", sorted(_modules()))
def test_imports_point_down_the_layers(name: str) -> None:
    parts = name.split(".")
    if len(parts) < 2 or parts[1] not in LAYERS:
        return
    layer = LAYERS[parts[1]]
    modules = _modules()
    upward = []
    for target, line, _ in _runtime_imports(name, modules[name]):
        target_parts = target.split(".")
        if len(target_parts) > 1 and target_parts[0] == "motherlode":
            other = target_parts[1]
            if other in LAYERS and other != parts[1] and LAYERS[other] >= layer:
                upward.append(f"line {line}: {target}")
    assert upward == [], f"{name} imports at its own layer or above"


GAMES = ("digitup", "paydirt", "payday", "saboteur")


@pytest.mark.parametrize("game", GAMES)
def test_a_game_view_module_keeps_the_information_set_only(game: str) -> None:
    """determinize, the observation encoding and the truth live in their own modules
    (hidden.py, observe.py, truth.py)."""
    source = _modules()[f"motherlode.rules.{game}.view"].read_text(encoding="utf-8")
    for name in ("def determinize", "def observe", "def truth", "def restore", "def snapshot"):
        assert name not in source, name
    for module in ("hidden", "observe", "truth", "log", "decision", "schema"):
        assert f"motherlode.rules.{game}.{module}" in _modules()


@pytest.mark.parametrize("game", GAMES)
def test_a_renderer_draws_the_view_only(game: str) -> None:
    """cli/render_<game>.py neither loads the game nor its component data, and writes no
    sentence of its own for an event (the events' text() does)."""
    source = _modules()[f"motherlode.cli.render_{game}"].read_text(encoding="utf-8")
    for name in ("motherlode.load", "load_components", "import motherlode\n", "game import",
                 "describe_event", "EVENT_WRITERS"):
        assert name not in source, name
