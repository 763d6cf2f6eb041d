"""The standard library in two parts (py/lessonsite/stdlib.py and stdlib_rest.py): the build's
trace, the first archive it writes, and the finder that imports the rest. The browser side
(start-up from the first archive, the rest fetched on an import, offline) is in
tests/browser/test_offline.py."""

from __future__ import annotations

import ast
import re
import sys
import zipfile

import pytest

from lessonsite import stdlib
from lessonsite.content import load_courses
from lessonsite.layout import BuildError, Layout
from lessonsite.runtime import lesson_challenges, read_manifest
from lessonsite.stdlib_rest import OFFLINE, RestOfTheLibrary, install

from tests.conftest import ROOT

# Modules the browser tests import from a cell as lying outside the first archive.
BEYOND = ("decimal", "fractions", "sqlite3", "this")


def first_archive(site):
    return site / "pyodide" / "314.0.7" / read_manifest(site)["stdlib"]


def rest_names(archive) -> tuple[str, ...]:
    """The names the first archive's sitecustomize.py hands to the finder."""
    with zipfile.ZipFile(archive) as z:
        tree = ast.parse(z.read("sitecustomize.py"))
    call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call))
    return ast.literal_eval(call.args[0])


def test_the_first_archive_holds_what_the_runtime_and_every_lesson_imports(built_site):
    archive = first_archive(built_site)
    with zipfile.ZipFile(archive) as z:
        members = set(z.namelist())
    modules = {stdlib.module_name(path) for path in members} - {None}
    # Python's own start-up, the runtime's runner and grader, Pyodide's bootstrap.
    for name in ("encodings", "encodings.utf_8", "traceback", "random", "json", "codeop", "pyodide.webloop"):
        assert name in modules, name
    # Every standard-library module the lessons' and courses' code names.
    layout = Layout.at(ROOT)
    courses = load_courses(layout.web_courses)
    named = set().union(*map(stdlib.imported_names, stdlib.lesson_sources(courses, layout.py_courses).values()))
    with zipfile.ZipFile(built_site / "pyodide" / "314.0.7" / stdlib.WHOLE) as z:
        library = {stdlib.module_name(path) for path in z.namelist()} - {None}
    lessons = named & library
    assert lessons, named  # the lessons do import some of it (dataclasses, json, textwrap...)
    assert lessons <= modules, lessons - modules
    for name in BEYOND:
        assert name not in modules, name
    # Far smaller than the whole library.
    assert archive.stat().st_size < (built_site / "pyodide" / "314.0.7" / stdlib.WHOLE).stat().st_size / 3


def test_the_first_archive_and_the_rest_make_the_whole_library_once(built_site):
    archive = first_archive(built_site)
    with zipfile.ZipFile(archive) as z:
        first = {stdlib.module_name(p) for p in z.namelist()} - {None, "sitecustomize", stdlib.FINDER_MODULE}
    rest = set(rest_names(archive))
    with zipfile.ZipFile(built_site / "pyodide" / "314.0.7" / stdlib.WHOLE) as z:
        whole = {stdlib.module_name(p) for p in z.namelist()} - {None}
    assert first | rest == whole
    assert first & rest == set()
    assert set(BEYOND) <= rest


def test_the_first_archive_is_named_by_its_content(tmp_path):
    whole = tmp_path / stdlib.WHOLE
    with zipfile.ZipFile(whole, "w") as z:
        for name in ("a.py", "b.py", "pkg/__init__.py", "pkg/sub.py", "pkg/README.txt"):
            z.writestr(name, f"# {name}\n")
    one = stdlib.write_first_archive(tmp_path, ["a.py", "pkg/sub.py"])
    with zipfile.ZipFile(tmp_path / one) as z:
        # A module's package comes with it; the finder and its installer are added.
        assert sorted(z.namelist()) == ["_lessonrt_stdlib.py", "a.py", "pkg/__init__.py", "pkg/sub.py",
                                        "sitecustomize.py"]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in z.infolist())
    assert rest_names(tmp_path / one) == ("b",)
    assert stdlib.write_first_archive(tmp_path, ["a.py", "pkg/sub.py"]) == one
    other = stdlib.write_first_archive(tmp_path, ["b.py"])
    assert other != one and rest_names(tmp_path / other) == ("a", "pkg", "pkg.sub")
    with pytest.raises(BuildError, match=r"names nope\.py, which python_stdlib\.zip lacks"):
        stdlib.write_first_archive(tmp_path, ["nope.py"])


def test_imported_names_reads_every_absolute_import():
    source = ("import os.path, json as j\nfrom collections import abc, OrderedDict\nfrom . import hermano\n"
              "def f():\n    import decimal\nfrom x import *\n")
    assert stdlib.imported_names(source) == {"os.path", "json", "collections", "collections.abc",
                                             "collections.OrderedDict", "decimal", "x"}
    assert stdlib.imported_names("import (\n") == set()


def test_the_trace_is_cached_by_what_it_reads(tmp_path, monkeypatch, capfd):
    layout = Layout.at(ROOT)
    courses = load_courses(layout.web_courses)
    args = (layout.node_modules / "pyodide", layout.runtime, lesson_challenges(courses), courses, layout.py_courses)
    found = stdlib.trace_stdlib(*args, cache=tmp_path)
    # The trace takes minutes on a first build: it says so in one line before it starts.
    said = capfd.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith("tracing which standard-library modules the site imports"), said
    assert re.search(r"; about \d+ minutes?$", said[0]), said
    assert "traceback.py" in found and "decimal.py" not in found
    assert found["json/decoder.py"].startswith('""\n')  # the lean source, not the library's
    # Lessons that import something more are traced again, and only the module new to the
    # trace is leaned: the others' lean sources come from the cache (one marked here).
    [leaned] = tmp_path.glob("lean-*")
    kept = leaned / "traceback.py"
    kept.write_text(kept.read_text(encoding="utf-8") + "# from the cache\n", encoding="utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(stdlib, "imported_names", lambda source: {"decimal"})
        more = stdlib.trace_stdlib(*args, cache=tmp_path)
    assert more["traceback.py"].endswith("# from the cache\n")
    assert more["decimal.py"] == (leaned / "decimal.py").read_text(encoding="utf-8")
    assert "# " not in more["decimal.py"].split("\n", 2)[2]  # leaned: no comment past line 2
    assert set(found) < set(more)
    # A second build reads the cache: no Node at all.
    monkeypatch.setattr(stdlib.shutil, "which", lambda name: None)
    assert stdlib.trace_stdlib(*args, cache=tmp_path) == found
    assert capfd.readouterr().err.count("tracing which") == 1  # the second trace, not the cached one
    # Without a cache, a missing Node is the author's to fix, and says how.
    with pytest.raises(BuildError, match="node is not installed"):
        stdlib.trace_stdlib(*args, cache=None)


def docstrings_emptied(tree: ast.AST) -> str:
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            node.value.value = ""
    return ast.dump(tree)


def test_the_first_archive_ships_the_library_without_comments_and_keeps_public_docstrings(built_site):
    # Fewer bytes on a phone's line, the same code on the same lines: comments go from every
    # module, docstrings from submodules and private ones, and help() still reads a public
    # module's own.
    with zipfile.ZipFile(first_archive(built_site)) as first, \
            zipfile.ZipFile(built_site / "pyodide" / "314.0.7" / stdlib.WHOLE) as whole:
        for path, docstrings_kept in (("json/decoder.py", False), ("json/__init__.py", True),
                                      ("random.py", True), ("re/_parser.py", False)):
            shipped, original = first.read(path).decode(), whole.read(path).decode()
            assert len(shipped) < len(original), path
            assert shipped.count("\n") == original.count("\n"), path  # tracebacks name the library's lines
            assert not [line for line in shipped.splitlines()[2:] if line.lstrip().startswith("#")], path
            assert docstrings_emptied(ast.parse(shipped)) == docstrings_emptied(ast.parse(original)), path
            assert (ast.get_docstring(ast.parse(shipped)) == ast.get_docstring(ast.parse(original))) is docstrings_kept, path
        assert first.getinfo("json/__init__.py").file_size < whole.getinfo("json/__init__.py").file_size


@pytest.fixture
def library(tmp_path):
    """A small "whole library" and a finder for it, on sys.meta_path for the test."""
    source = tmp_path / "source.zip"
    with zipfile.ZipFile(source, "w") as z:
        z.writestr("zz_uno.py", "VALOR = 1\n")
        z.writestr("zz_paquete/__init__.py", "")
        z.writestr("zz_paquete/hijo.py", "from . import nieto\nVALOR = nieto.VALOR + 1\n")
        z.writestr("zz_paquete/nieto.py", "VALOR = 41\n")
    calls = []
    answer = {"bytes": source.read_bytes()}

    def fetch():
        calls.append(1)
        return answer["bytes"]

    finder = RestOfTheLibrary(["zz_uno", "zz_paquete", "zz_paquete.hijo", "zz_paquete.nieto"], fetch=fetch,
                              whole=str(tmp_path / "lib" / "whole.zip"))
    sys.meta_path.append(finder)
    try:
        yield finder, calls, answer
    finally:
        sys.meta_path.remove(finder)
        for name in [n for n in sys.modules if n.startswith("zz_")]:
            del sys.modules[name]


def test_the_finder_fetches_the_library_once_and_imports_from_it(library):
    finder, calls, _ = library
    import zz_uno
    from zz_paquete import hijo

    assert (zz_uno.VALOR, hijo.VALOR) == (1, 42)
    assert hijo.__file__.endswith("whole.zip/zz_paquete/hijo.py")
    assert calls == [1]
    # Names it was not given are none of its business.
    with pytest.raises(ModuleNotFoundError, match="No module named 'zz_otro'"):
        import zz_otro  # noqa: F401


def test_without_the_library_an_import_says_why_in_spanish_and_works_later(library):
    finder, calls, answer = library
    saved, answer["bytes"] = answer["bytes"], None
    with pytest.raises(ModuleNotFoundError) as raised:
        import zz_uno  # noqa: F401
    assert str(raised.value) == OFFLINE % "zz_uno"
    assert raised.value.name == "zz_uno"
    assert "la primera vez que se importa, y ahora no hay conexión" in str(raised.value)
    # With the connection back, the next import fetches it.
    answer["bytes"] = saved
    import zz_uno

    assert zz_uno.VALOR == 1 and calls == [1, 1]


def test_install_puts_one_finder_last():
    before = list(sys.meta_path)
    try:
        install(["zz_nada"])
        install(["zz_nada"])
        added = [f for f in sys.meta_path if isinstance(f, RestOfTheLibrary)]
        assert len(added) == 1 and sys.meta_path[-1] is added[0]
    finally:
        sys.meta_path[:] = before
