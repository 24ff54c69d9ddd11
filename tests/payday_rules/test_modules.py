"""Pay Day's modules: no import cycle among them at run time and no import inside a function
body to dodge one (issue 11, "Where things live"); the package-wide check is tests/test_modules.py,
whose graph walk this reuses."""

from __future__ import annotations

from test_modules import _cycle, _graph, _modules, _runtime_imports

PACKAGE = "motherlode.rules.payday"


def test_no_import_cycle_in_payday() -> None:
    graph = {
        name: {t for t in targets if t.startswith(PACKAGE + ".")}
        for name, targets in _graph().items()
        if name.startswith(PACKAGE + ".")
    }
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_import_inside_a_function_in_payday() -> None:
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
    for name in ("def determinize", "def observe", "def truth", "def restore", "def snapshot"):
        assert name not in source


def test_the_renderer_loads_no_component_data() -> None:
    """cli/render_payday.py draws the view only: it neither loads the game nor its data."""
    source = (_modules()["motherlode.cli.render_payday"]).read_text(encoding="utf-8")
    for name in ("motherlode.load", "load_components", "import motherlode\n", "game import",
                 "describe_event", "EVENT_WRITERS"):
        assert name not in source, name
