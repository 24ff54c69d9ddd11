"""Pay Dirt's front door and module graph (issue 22): nothing outside `rules/` imports a module
of the game, the package's imports have no cycle even counting those made only for type
checking, and the balance report counts the game's own event classes."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import motherlode.rules.paydirt as front
from motherlode.rules.paydirt import log
from motherlode.rules.paydirt.parts import GAINS

ROOT = Path(__file__).parents[2]
PACKAGE = ROOT / "src" / "motherlode" / "rules" / "paydirt"
NAME = "motherlode.rules.paydirt"


def package_of(path: Path) -> str:
    """The dotted package a source file is in (`motherlode.cli` for src/motherlode/cli/x.py)."""
    parts = path.relative_to(ROOT).parent.parts
    return ".".join(parts[1:] if parts[:1] == ("src",) else parts)


def imported(path: Path) -> set[str]:
    """Every module `path` imports, type-only imports included (`from .x import y` read as
    both `package.x` and `package.x.y`)."""
    package = package_of(path)
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            base = f"{package}.{node.module}" if node.module else package
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def package_graph() -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports."""
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    return {
        p.stem: {name.removeprefix(f"{NAME}.") for name in imported(p)} & modules - {p.stem}
        for p in PACKAGE.glob("*.py") if p.stem != "__init__"
    }


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of `graph` (empty when there is none)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str]:
        if module in path:
            return [*path[path.index(module):], module]
        if module in done:
            return []
        path.append(module)
        for other in sorted(graph[module]):
            found = visit(other)
            if found:
                return found
        path.pop()
        done.add(module)
        return []

    for module in sorted(graph):
        found = visit(module)
        if found:
            return found
    return []


def test_nothing_outside_rules_imports_a_module_of_the_game() -> None:
    outside = [p for folder in ("src", "benchmarks") for p in (ROOT / folder).rglob("*.py")
               if "rules" not in p.relative_to(ROOT).parts]
    modules = {f"{NAME}.{m}" for m in package_graph()}
    offenders = sorted(f"{p.relative_to(ROOT)}: {name}"
                       for p in outside for name in imported(p) & modules)
    assert offenders == []


def test_the_package_has_no_import_cycle_counting_type_only_imports() -> None:
    graph = package_graph()
    assert "state" in graph["game"]  # the graph is read (a sanity check of the reader)
    assert cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert cycle(graph) == []


def test_no_rule_module_imports_the_state_facade() -> None:
    """Rule modules work on the model (model.py); only the game makes states."""
    graph = package_graph()
    assert sorted(m for m, deps in graph.items() if "state" in deps) == ["game"]


def test_the_front_door_exports_what_it_lists() -> None:
    assert all(hasattr(front, name) for name in front.__all__)
    assert front.DESCRIPTION.game is front.PayDirt
    assert len(front.DESCRIPTION.phases) == len(front.Phase) == len(front.PHASES)
    assert set(front.MACHINE_LABELS) == set(front.MACHINES)


def test_the_parts_a_seat_holds_are_read_from_the_games_card_events() -> None:
    """Each kind `DESCRIPTION.parts` counts is an event of the game, with the field it reads."""
    assert front.DESCRIPTION.parts is not None
    events = {cls.kind: cls for cls in (log.Bought, log.TookLeftover, log.UpgradeBought,
                                        log.EventResolved)}
    assert set(GAINS) == set(events)
    for kind, (field, _) in GAINS.items():
        assert field in {f.name for f in dataclasses.fields(events[kind])}
