"""The standard library in two parts: a first archive with the modules the site's Python
imports, which the worker mounts as it starts, and Pyodide's whole python_stdlib.zip, which
is fetched only when a cell imports a module outside the first (stdlib_rest.py).

Which modules make the first archive is found by running the site's Python in the pinned
Pyodide under Node (stdlib-trace.mjs): the runtime as the worker loads it, every challenge,
one cell run, a grade of each challenge's starting code, and an import of every module named
in the lessons' and the courses' code. web/docs/performance-network.md says why.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import urllib.parse
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from .content import Course, lesson_cells
from .layout import BuildError, rel, write_cached
from .packages import _progress as progress
from .runtime import challenge_files

HERE = Path(__file__).resolve().parent
TRACE_SCRIPT = HERE / "stdlib-trace.mjs"
FINDER = HERE / "stdlib_rest.py"

WHOLE = "python_stdlib.zip"
"""Pyodide's whole standard library, in the Pyodide folder: the rest is read from it."""

TRACE_MINUTES = 2
"""About how long a trace takes on two cores: what a build that runs one says."""

FINDER_MODULE = "_lessonrt_stdlib"
"""The name stdlib_rest.py has in the first archive."""

_SITECUSTOMIZE = """\
# Made by the lesson site's build: Python imports this module while it starts, so the
# modules the first archive lacks can be imported as if it had them.
import {finder}
{finder}.install({names!r})
"""


def python_files(folder: Path) -> list[Path]:
    """The .py files under `folder`, sorted, without __pycache__."""
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts) if folder.is_dir() else []


def course_files(courses: list[Course], py_courses: Path) -> dict[str, str]:
    """{"<course>/<path>": text} of the courses' own files under py/courses/<course>/."""
    return {f"{course.slug}/{path.relative_to(py_courses / course.slug).as_posix()}": path.read_text(encoding="utf-8")
            for course in courses for path in python_files(py_courses / course.slug)}


def lesson_files(courses: list[Course]) -> dict[str, str]:
    """{path: text} of each lesson folder's .py files (cells, starting code, checks), and
    {lesson.md:line: code} of the cells written inside lesson.md."""
    files = {rel(path): path.read_text(encoding="utf-8") for course in courses for lesson in course.lessons
             for path in sorted({*lesson.folder.glob("*.py"), *challenge_files(lesson.folder)})}
    inline = {cell.where(): cell.code for course in courses for lesson in course.lessons
              for cell in lesson_cells(lesson) if cell.inline}
    return {**files, **inline}


def lesson_sources(courses: list[Course], py_courses: Path) -> dict[str, str]:
    """{label: text} of the Python a learner's interpreter runs for these courses: the lessons'
    files and the courses' own."""
    return {**lesson_files(courses), **course_files(courses, py_courses)}


def imported_names(source: str) -> set[str]:
    """Every absolute module name `source` imports (for `from a import b`, "a" and "a.b",
    since b may be a submodule). Source that does not parse imports nothing here: the build
    reports it elsewhere."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def trace_stdlib(pyodide: Path, runtime: Path, challenges: dict[str, Path], courses: list[Course],
                 py_courses: Path, cache: Path | None = None) -> dict[str, str]:
    """{path inside python_stdlib.zip: the source to ship} for each module the site's Python
    loads (see the module's docstring); the source is the library's, less its comments and,
    outside public modules, its docstrings. `pyodide` is a folder with the pinned Pyodide's
    files. Cached in `cache` by everything the trace reads."""
    runtime_files = {p.relative_to(runtime).as_posix(): p.read_text(encoding="utf-8") for p in python_files(runtime)}
    challenge_texts = {key: {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
                             for p in challenge_files(folder)} for key, folder in sorted(challenges.items())}
    courses_text = course_files(courses, py_courses)
    starts = [[key, (folder / "desafio.py").read_text(encoding="utf-8")]
              for key, folder in sorted(challenges.items()) if (folder / "desafio.py").is_file()]
    sources = [*lesson_files(courses).values(), *courses_text.values()]
    imports = sorted(set().union(*map(imported_names, sources)))
    spec = {"runtime": runtime_files, "challenges": challenge_texts, "courses": courses_text,
            "grade": starts, "imports": imports}
    digest = hashlib.sha256(json.dumps(spec, sort_keys=True).encode())
    whole = hashlib.sha256((pyodide / WHOLE).read_bytes()).digest()
    digest.update(whole)
    digest.update(hashlib.sha256((pyodide / "pyodide.asm.wasm").read_bytes()).digest())
    digest.update(TRACE_SCRIPT.read_bytes())
    kept = cache / f"{digest.hexdigest()[:32]}.json" if cache else None
    if kept is not None and kept.is_file():
        return json.loads(kept.read_text(encoding="utf-8"))
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed: the build runs Pyodide under Node.js to find which "
                         "standard-library modules the site imports (on Debian: apt-get install -y nodejs)")
    # A module's lean source depends on its source (this archive) and the script alone: kept
    # one file a module, so a trace for other lessons leans only the modules new to it.
    lean_digest = hashlib.sha256(whole + TRACE_SCRIPT.read_bytes()).hexdigest()[:32]
    leaned_dir = cache / f"lean-{lean_digest}" if cache else None
    leaned = ({urllib.parse.unquote(p.name): p for p in leaned_dir.glob("*.py")}
              if leaned_dir is not None and leaned_dir.is_dir() else {})
    if cache:
        # Minutes of silence otherwise: say what runs and that it is kept.
        progress("tracing which standard-library modules the site imports, in Pyodide under Node.js: "
                 "again only when the runtime's Python, a challenge or a course's imports change; "
                 f"about {TRACE_MINUTES} minutes")
    with tempfile.TemporaryDirectory() as scratch:
        spec_path = Path(scratch) / "spec.json"
        spec_path.write_text(json.dumps({**spec, "pyodide": str(pyodide), "leaned": sorted(leaned)}),
                             encoding="utf-8")
        proc = subprocess.run([node, str(TRACE_SCRIPT), str(spec_path)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError("tracing the standard library the site imports failed "
                         f"(node {rel(TRACE_SCRIPT)}):\n{proc.stderr.strip()[-2000:]}")
    try:
        traced = json.loads(proc.stdout.strip().splitlines()[-1])
        modules, lean = traced["modules"], traced["lean"]
        assert isinstance(modules, list) and isinstance(lean, dict)
        found = {path: lean[path] if path in lean else leaned[path].read_bytes().decode("utf-8")
                 for path in modules}
    except (ValueError, IndexError, KeyError, TypeError, AssertionError):
        raise BuildError(f"node {rel(TRACE_SCRIPT)} printed no list of modules:\n{proc.stdout[-2000:]}") from None
    if leaned_dir is not None:
        for path, text in lean.items():
            # Bytes, not text: a lone \r in a module's source stays one.
            write_cached(leaned_dir / urllib.parse.quote(path, safe=""), text.encode("utf-8"))
    if kept is not None:
        write_cached(kept, json.dumps(found).encode("utf-8"))
    return found


def module_name(path: str) -> str | None:
    """"a/b.py" -> "a.b", "a/__init__.py" -> "a"; None for a file that is no module."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or None


def write_first_archive(folder: Path, needed: Iterable[str] | Mapping[str, str]) -> str:
    """Write the first archive into the Pyodide folder `folder` (beside WHOLE, which must be
    there): the members of WHOLE listed in `needed` (as they are in WHOLE, or with the text a
    mapping gives for each: trace_stdlib's lean sources), their packages' __init__.py, the finder
    and a sitecustomize.py that installs it for every other module of WHOLE. Stored, not
    deflated, like the repacked WHOLE, so HTTP compression works on it as one text. Its name
    carries a hash of its content, since the Pyodide folder is cached for ever. Returns it."""
    with zipfile.ZipFile(folder / WHOLE) as whole:
        infos = {info.filename: info for info in whole.infolist()}
        keep = set()
        for path in needed:
            if path not in infos:
                raise BuildError(f"the standard-library trace names {path}, which {WHOLE} lacks")
            keep.add(path)
            parts = path.split("/")[:-1]
            for depth in range(1, len(parts) + 1):
                init = "/".join(parts[:depth]) + "/__init__.py"
                if init in infos:
                    keep.add(init)
        rest = sorted(name for path in infos if path not in keep and (name := module_name(path)))
        date = infos[sorted(keep)[0]].date_time if keep else (1980, 1, 1, 0, 0, 0)
        texts = needed if isinstance(needed, Mapping) else {}
        members = [(path, texts[path].encode("utf-8") if path in texts else whole.read(path), infos[path].date_time)
                   for path in sorted(keep)]
    members.append((FINDER_MODULE + ".py", FINDER.read_bytes(), date))
    members.append(("sitecustomize.py", _SITECUSTOMIZE.format(finder=FINDER_MODULE, names=tuple(rest)).encode(), date))
    temporary = folder / ".stdlib-first.tmp"
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED) as target:
        for path, data, date_time in members:
            target.writestr(zipfile.ZipInfo(path, date_time=date_time), data)
    name = f"stdlib-{hashlib.sha256(temporary.read_bytes()).hexdigest()[:12]}.zip"
    os.replace(temporary, folder / name)
    return name
