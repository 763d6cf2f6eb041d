"""The runtime's modules import one another one way: no module of py/lessonrt/ reaches itself
through its imports, and the grading engine does not know its command line.

The graph is read from the source with `ast`, every import statement counted wherever it
sits (one inside a function is a dependency all the same, only a later one). A package's own
__init__ is not counted as imported by its submodules: Python runs it first, but that order
is the package's, not a dependency one module chose.
"""

from __future__ import annotations

import ast
from pathlib import Path

from lessonsite.layout import ROOT

RUNTIME = ROOT / "py" / "lessonrt"


def module_names(package: Path) -> dict[str, Path]:
    """{dotted name: file} of every module under `package` (its folder's name is the top name)."""
    names = {}
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def import_graph(package: Path) -> dict[str, set[str]]:
    """{module: modules of `package` it imports}, from every import statement in its source."""
    names = module_names(package)
    graph: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package, up level - 1
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    here = here[:len(here) - (node.level - 1)]
                    base = ".".join([*here, base] if base else here)
                # `from a import b` imports the module a.b when there is one, else a name of a.
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in names else base
                           for alias in node.names]
            for target in targets:
                # `import a.b.c` of a name that is no module: the nearest module it names.
                while target and target not in names:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import circle found by a depth-first walk, as [a, b, ..., a]."""
    found, state, stack = [], {}, []

    def visit(node: str) -> None:
        state[node] = "open"
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == "open":
                found.append(stack[stack.index(target):] + [target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for target in graph[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def test_no_module_of_the_runtime_imports_itself_through_others():
    graph = import_graph(RUNTIME)
    # The graph is the real one: the command line grades with the engine and the registry.
    assert {"lessonrt.grading.engine", "lessonrt.grading.registry"} <= graph["lessonrt.grading.cli"]
    assert cycles(graph) == []


def test_the_engine_does_not_know_its_command_line():
    graph = import_graph(RUNTIME)
    cli = "lessonrt.grading.cli"
    for name in graph:
        if name != cli:
            assert cli not in reachable(graph, name), f"{name} reaches {cli}"


def test_a_circle_is_found_wherever_its_imports_sit(tmp_path):
    # The check itself: a circle closed by an import inside a function, and one through
    # a relative import, are both reported.
    package = tmp_path / "paquete"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from paquete import b\n")
    (package / "b.py").write_text("def f():\n    import paquete.a\n")
    (package / "sub" / "__init__.py").write_text("from . import c\n")
    (package / "sub" / "c.py").write_text("from .. import sub\nfrom paquete.sub.c import nada\n")
    graph = import_graph(package)
    assert graph["paquete.b"] == {"paquete.a"}
    assert graph["paquete.sub.c"] == {"paquete.sub"}
    assert cycles(graph) == [["paquete.a", "paquete.b", "paquete.a"],
                             ["paquete.sub", "paquete.sub.c", "paquete.sub"]]
