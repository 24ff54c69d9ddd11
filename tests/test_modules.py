"""The package's module graph: imports point down the layers, with no cycle (counting the
imports made only for type checking) and no import hidden inside a function body to dodge one,
and nothing outside a game's package reaches past its front door (docs/architecture.md,
"Layers")."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from motherlode.engine import built_in_games

#: Games whose package still has an import cycle or is imported past its front door: their
#: cases below are expected to fail (strict: a case that passes fails, so the set shrinks as
#: each game is fixed). The lead empties it when merging issue 22's game branches.
NOT_YET: set[str] = set()

GAMES = built_in_games()

RULES = "motherlode.rules"

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


def _not_yet(game: str) -> Any:
    """The game as a test case, expected to fail while it is in `NOT_YET`."""
    if game not in NOT_YET:
        return game
    reason = "issue 22: its engineer's branch fixes it"
    return pytest.param(game, marks=pytest.mark.xfail(strict=True, reason=reason))


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
    return _imports(name, path, type_only=False)


def _imports(name: str, path: Path, type_only: bool = True) -> Iterator[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for each import of `name`, with those under
    `if TYPE_CHECKING:` unless not `type_only`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[str, int, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child) and not type_only:
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
    """Each module -> the modules it imports, counting those imported for type checking only
    (a package's __init__ importing its own modules is not a cycle through them)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = {t for t, _, _ in _imports(name, path) if t in modules and t != name}
        graph[name] = {t for t in targets if not name.startswith(t + ".")}
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


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The modules of each import cycle of `graph` (its strongly connected components of more
    than one module; Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = {stack.pop()}
            while node not in component:
                component.add(stack.pop())
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _in_game(module: str, game: str) -> bool:
    return module == f"{RULES}.{game}" or module.startswith(f"{RULES}.{game}.")


def _shown(graph: dict[str, set[str]], modules: set[str]) -> str:
    """One cycle through `modules`, as `a -> b -> a`."""
    return " -> ".join(_cycle({name: graph[name] & modules for name in modules}) or [])


@pytest.mark.parametrize("game", [_not_yet(game) for game in GAMES])
def test_no_import_cycle_in_a_game(game: str) -> None:
    graph = _graph()
    cycles = [c for c in _cycles(graph) if any(_in_game(m, game) for m in c)]
    assert cycles == [], "\n".join(_shown(graph, c) for c in cycles)


def test_no_import_cycle_outside_the_games() -> None:
    graph = _graph()
    cycles = [c for c in _cycles(graph) if not any(_in_game(m, g) for m in c for g in GAMES)]
    assert cycles == [], "\n".join(_shown(graph, c) for c in cycles)


@pytest.mark.parametrize("game", [_not_yet(game) for game in GAMES])
def test_only_the_front_door_of_a_game_is_imported_from_outside(game: str) -> None:
    """Bots, faces, the simulator and the adapters take a game's words from its front door
    (`motherlode.rules.<game>`), never from its modules (`motherlode.rules.<game>.<x>`)."""
    modules = _modules()
    past_the_door = [
        f"{name}:{line} imports {target}"
        for name, path in modules.items()
        if not _in_game(name, game)
        for target, line, _ in _imports(name, path)
        if target in modules and target.startswith(f"{RULES}.{game}.")
    ]
    assert past_the_door == []


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
