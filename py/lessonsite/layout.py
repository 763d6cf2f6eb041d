"""Where the build's inputs live, the error an author sees, and the small helpers every step shares."""

from __future__ import annotations

import ast
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
"""The checkout: py/lessonsite/ is two levels below its top, where build.py, web/ and py/ sit."""


def read_pyodide_version(package_json: Path = ROOT / "package.json") -> str:
    """The exact Pyodide version pinned in package.json: the one place it is written."""
    deps = json.loads(package_json.read_text(encoding="utf-8")).get("dependencies", {})
    version = deps.get("pyodide", "")
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise BuildError(f"{package_json}: dependencies.pyodide must be an exact version, not {version!r}")
    return version


class BuildError(Exception):
    """A problem in the sources or the output, explained for the author who must fix it."""


@dataclass(frozen=True)
class Layout:
    """Where build inputs live. `Layout.at(ROOT)` is the repository; tests point it elsewhere."""

    root: Path
    web_courses: Path
    py_courses: Path
    runtime: Path
    templates: Path
    src: Path
    style: Path
    widgets: Path
    node_modules: Path
    package_json: Path

    @classmethod
    def at(cls, root: Path, **overrides: Path) -> "Layout":
        root = Path(root)
        paths = dict(
            root=root,
            web_courses=root / "web" / "courses",
            py_courses=root / "py" / "courses",
            runtime=root / "py" / "lessonrt",
            templates=root / "web" / "templates",
            src=root / "web" / "src",
            style=root / "web" / "style.css",
            widgets=root / "web" / "widgets",
            node_modules=root / "node_modules",
            package_json=root / "package.json",
        )
        paths.update(overrides)
        return cls(**paths)

    @classmethod
    def courses_only(cls, root: Path) -> "Layout":
        """A folder that holds only courses (`root/web/courses`), built with this repository's
        runtime, page shell and npm packages: the test fixtures' courses, and the bench's
        lesson with packages."""
        return cls.at(root, runtime=ROOT / "py" / "lessonrt", templates=ROOT / "web" / "templates",
                      src=ROOT / "web" / "src", style=ROOT / "web" / "style.css", widgets=ROOT / "web" / "widgets",
                      node_modules=ROOT / "node_modules", package_json=ROOT / "package.json")


def write_cached(path: Path, data: bytes) -> None:
    """Write a cache entry whole or not at all: builds side by side may share the cache, and
    one may read an entry while another writes it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def rel(path: Path, base: Path = ROOT) -> str:
    """`path` relative to `base` when it is inside it (shorter error messages), else absolute."""
    try:
        return str(Path(path).resolve().relative_to(base))
    except ValueError:
        return str(path)


def check_python(path: Path, code: str | None = None, first_line: int = 1) -> None:
    """Raise BuildError `file:line:col: SyntaxError: ...` if `path` is not valid Python; with
    `code`, if that code, written in `path` from its line `first_line` on, is not.

    The build runs CPython 3.11 while the page runs Pyodide's Python 3.14, so syntax newer
    than 3.11 is reported too; keep lesson code to what both accept.
    """
    try:
        ast.parse(path.read_text(encoding="utf-8") if code is None else code, filename=str(path))
    except SyntaxError as error:
        line = first_line + (error.lineno or 1) - 1
        raise BuildError(f"{rel(path)}:{line}:{error.offset or 0}: SyntaxError: {error.msg}; "
                         "fix the syntax at that line (the build reads it as CPython "
                         f"{sys.version_info[0]}.{sys.version_info[1]} does, the page runs Pyodide's "
                         "Python: write what both accept)") from None


def line_of(text: str, offset: int) -> int:
    """1-based line number of a character offset."""
    return text.count("\n", 0, offset) + 1
