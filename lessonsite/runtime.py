"""The runtime's Python (py/lessonrt/): copied to the site with its manifest, loaded once in a
fresh CPython as the worker loads it, and used by `build.py grade`.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from .layout import ROOT, BuildError, Layout, rel, check_python


def copy_runtime(runtime: Path, out: Path, interpreter: list[Path] = ()) -> list[str]:
    """Copy py/lessonrt/*.py to out/runtime/lessonrt/ and write manifest.json,
    `{"files": [sorted file names], "snapshot": key}`, which the worker reads to know what to
    fetch. `key` names the interpreter state the worker keeps as a memory snapshot: it changes
    whenever the runtime's Python or one of the `interpreter` files (Pyodide's) changes, so a
    snapshot of an older build is never loaded."""
    if not runtime.is_dir():
        raise BuildError(f"{rel(runtime)} is missing: it holds the runtime Python the worker loads")
    target = out / "runtime" / "lessonrt"
    target.mkdir(parents=True, exist_ok=True)
    names = []
    for source in sorted(runtime.glob("*.py")):
        check_python(source)
        shutil.copyfile(source, target / source.name)
        names.append(source.name)
    if not names:
        raise BuildError(f"{rel(runtime)} holds no .py file")
    digest = hashlib.sha256()
    for path in [*interpreter, *(target / name for name in names)]:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    manifest = {"files": names, "snapshot": digest.hexdigest()[:20]}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return names


def import_runtime_module(name: str, layout: Layout, why: str):
    """Import lessonrt.<name> with layout.runtime's parent on sys.path. A module file that
    is not there is a BuildError (checked on disk, so a copy imported earlier cannot hide it)."""
    import importlib

    if not (layout.runtime / f"{name}.py").is_file():
        raise BuildError(f"{why}, but {rel(layout.runtime / (name + '.py'))} does not exist")
    parent = str(layout.runtime.parent)
    if parent not in sys.path:
        sys.path.insert(0, parent)
    return importlib.import_module(f"lessonrt.{name}")


WORKER_MODULES = ("runner", "grader", "_grader_bucle")
"""The lessonrt modules web/src/worker.js imports while Python starts, in its order. One
that raises while loading leaves the page with no Python at all: no cell runs, and
Comprobar grades nothing. The build loads each one that exists first."""


_LOAD_PROBE = r"""
import importlib, json, sys, traceback
sys.path.insert(0, sys.argv[1])

def report(name, error, frames):
    print(json.dumps({"module": name, "error": error, "frames": frames}))
    raise SystemExit(0)

for name in sys.argv[2:]:
    try:
        module = importlib.import_module("lessonrt." + name)
    except BaseException as error:
        frames = [[f.filename, f.lineno, f.name] for f in traceback.extract_tb(error.__traceback__)]
        if isinstance(error, SyntaxError) and error.filename:
            frames.append([error.filename, error.lineno or 0, "<module>"])
        report(name, f"{type(error).__name__}: {error}", frames)
    if name == "_grader_bucle":
        checks = getattr(module, "COMPROBACIONES", None)
        if not (isinstance(checks, tuple) and checks and all(
                isinstance(c, tuple) and len(c) == 3 and isinstance(c[0], str) and isinstance(c[1], str)
                and callable(c[2]) for c in checks)):
            report(name, "it registers no check: COMPROBACIONES must hold (id, title, function) for each "
                         "check, which @comprobacion(id, title) on each check function gives", [])
print("null")
"""


_loaded_runtimes: dict[tuple, None] = {}


def check_runtime_loads(layout: Layout) -> None:
    """Load the WORKER_MODULES of layout.runtime in a fresh CPython, as the worker does in
    Pyodide. A module that raises while loading (a check whose @comprobacion is wrong, a
    failing import) is a BuildError at the line of that file that raised.

    A child process, so that a module already imported by the build (or by a test) cannot
    hide the file on disk, and a module that fails halfway leaves nothing behind here."""
    names = [n for n in WORKER_MODULES if (layout.runtime / f"{n}.py").is_file()]
    if not names:
        return
    files = sorted(layout.runtime.glob("*.py"))
    key = (str(layout.runtime), tuple((f.name, f.stat().st_mtime_ns, f.stat().st_size) for f in files))
    if key in _loaded_runtimes:
        return
    for path in files:
        check_python(path)
    try:
        proc = subprocess.run([sys.executable, "-I", "-c", _LOAD_PROBE, str(layout.runtime.parent), *names],
                              cwd=layout.runtime.parent, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{rel(layout.runtime)}: loading {', '.join(names)} took more than 120 s; "
                         "a module must not run long work while it is imported") from None
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise BuildError(f"{rel(layout.runtime)}: loading {', '.join(names)} ended the process "
                         f"(exit code {proc.returncode}): {proc.stderr.strip()[-2000:]}")
    problem = json.loads(lines[-1])
    if problem is None:
        _loaded_runtimes[key] = None
        return
    runtime = layout.runtime.resolve()
    mine = [(Path(f), line, fn) for f, line, fn in problem["frames"]
            if Path(f).is_file() and Path(f).resolve().is_relative_to(runtime)]
    # The statement of the author's module that raised: for a bad @comprobacion(...) that
    # is the decorator's line, not the line inside comprobacion() that raised.
    at = next((f for f in reversed(mine) if f[2] == "<module>"), mine[-1] if mine else None)
    where = f"{rel(at[0])}:{at[1]}" if at else rel(layout.runtime / f"{problem['module']}.py")
    raise BuildError(f"{where}: {problem['error']} (raised while loading lessonrt.{problem['module']}, which "
                     "the page loads when Python starts). Fix it and build again: while it fails, no cell "
                     "runs and Comprobar grades nothing.")


def grade(path: Path, layout: Layout | None = None) -> int:
    """Grade a challenge solution file with lessonrt.grader.grade_file; returns the exit code
    (0 all checks pass, 1 some fail, 2 could not grade)."""
    layout = layout or Layout.at(ROOT)
    try:
        grader = import_runtime_module("grader", layout, "`grade` needs the grader")
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not hasattr(grader, "grade_file"):
        print(f"error: {rel(layout.runtime / 'grader.py')} has no grade_file(path)", file=sys.stderr)
        return 2
    return int(grader.grade_file(path))
