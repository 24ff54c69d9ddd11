"""Pay Day's front door (issue 22, "A front door per game"): the modules outside `rules/` take
the game's words from `motherlode.rules.payday` only, each word list is written once, and the
package's modules import each other without a cycle, counting the imports made only for type
checking (the rule modules take `model.PayDayModel`, never the state facade)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import motherlode.rules.payday as front
from motherlode.rules.payday.phase import PHASE_MEANINGS, Phase

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "motherlode"
PACKAGE = SRC / "rules" / "payday"
NAME = "motherlode.rules.payday"


def _imports(path: Path, package: str) -> set[str]:
    """Every module `path` imports (type-only imports included), relative ones resolved."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_nothing_outside_rules_imports_a_module_of_the_game() -> None:
    outside = [p for folder in (SRC, ROOT / "benchmarks") for p in folder.rglob("*.py")
               if SRC / "rules" not in p.parents]
    inner = [f"{p.relative_to(ROOT)} imports {name}" for p in outside
             for name in _imports(p, "motherlode")
             if name.startswith(NAME + ".") and name.removeprefix(NAME + ".") not in front.__all__]
    assert inner == []


def test_the_package_has_no_import_cycle_counting_type_only_imports() -> None:
    modules = {f"{NAME}.{p.stem}": p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    graph = {name: {t for t in _imports(path, NAME) if t in modules and t != name}
             for name, path in modules.items()}
    done: set[str] = set()

    def cycle_from(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name):], name]
        if name in done:
            return None
        for target in sorted(graph[name]):
            if found := cycle_from(target, [*path, name]):
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        assert cycle_from(name, []) is None
    assert [name for name, targets in graph.items() if f"{NAME}.state" in targets] == [
        f"{NAME}.game"]


def _python_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SRC.rglob("*.py"))


def test_each_word_list_is_written_once() -> None:
    """The PAY DAY die's faces, the spaces' labels, the weekdays and the phases' meanings: each
    written in one module of `src/` (the front door exports it)."""
    text = _python_text()
    pairs = [*front.DIE_FACES.items(), *front.SPACE_LABELS.items()]  # Buyer, Bargain: both
    for name, label in pairs:
        written = len(re.findall(rf'"{name}": "{re.escape(label)}"', text))
        assert written == pairs.count((name, label)), name
    assert text.count('"Sunday", "Monday", "Tuesday"') == 1
    for meaning in PHASE_MEANINGS.values():
        assert len(meaning) < 20 or text.count(f'"{meaning[:40]}') == 1, meaning
    assert front.DESCRIPTION.phases == tuple(PHASE_MEANINGS[p] for p in Phase)
