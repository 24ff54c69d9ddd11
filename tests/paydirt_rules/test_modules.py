"""Pay Dirt's modules: no import cycle among them at run time and no import inside a function
body to dodge one (issue 11, "Where things live"); the package-wide check is tests/test_modules.py,
whose graph walk this reuses."""

from __future__ import annotations

from test_modules import _cycle, _graph, _modules, _runtime_imports

PACKAGE = "motherlode.rules.paydirt"


def test_no_import_cycle_in_paydirt() -> None:
    graph = {
        name: {t for t in targets if t.startswith(PACKAGE + ".")}
        for name, targets in _graph().items()
        if name.startswith(PACKAGE + ".")
    }
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_import_inside_a_function_in_paydirt() -> None:
    hidden = [
        f"{name}:{line} imports {target}"
        for name, path in _modules().items()
        if name.startswith(PACKAGE)
        for target, line, inside in _runtime_imports(name, path)
        if inside
    ]
    assert hidden == []


def test_view_module_keeps_the_information_set_only() -> None:
    """determinize, the observation encoding and the truth live in their own modules."""
    source = (_modules()[f"{PACKAGE}.view"]).read_text(encoding="utf-8")
    for name in ("def determinize", "def observe", "def truth", "def restore"):
        assert name not in source
