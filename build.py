"""Build, check, serve, grade and test the static lesson site.

    python build.py                  build dist/ (runs `npm ci` first when node_modules is stale)
    python build.py serve [--port N] [--no-isolation]
                                     build, then serve dist/ on 127.0.0.1
    python build.py check            validate an existing dist/
    python build.py grade FILE [--challenge COURSE/LESSON]
                                     grade a challenge solution in CPython (lessonrt.grading)
    python build.py test [PYTEST ARGS...]
                                     install what the tests need, build, run the whole suite
    python build.py bench [--quick] [--rounds N]
                                     time the lesson page against bare Pyodide in Chromium
                                     (bench.py; prints a table, writes bench-results/)

The work is done by the documented functions below; `main()` only parses arguments.
Every build error names the file (and the line, where there is one) and says what to do.
Only the standard library is used: building needs CPython 3.11+, Node and npm. With the
optional `brotli` package the build also writes .br copies next to its .gz ones.
"""

from __future__ import annotations

import argparse
import ast
import email.utils
import gzip
import hashlib
import html
import http.server
import json
import os
import posixpath
import re
import shutil
import string
import subprocess
import sys
import tomllib
import urllib.parse
import zipfile
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent


def read_pyodide_version(package_json: Path = ROOT / "package.json") -> str:
    """The exact Pyodide version pinned in package.json: the one place it is written."""
    deps = json.loads(package_json.read_text(encoding="utf-8")).get("dependencies", {})
    version = deps.get("pyodide", "")
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise BuildError(f"{package_json}: dependencies.pyodide must be an exact version, not {version!r}")
    return version


PYODIDE_FILES = (
    "pyodide.mjs",  # the loader the worker imports
    "pyodide.asm.mjs",  # Emscripten glue, imported by the loader
    "pyodide.asm.wasm",  # the interpreter
    "python_stdlib.zip",  # the standard library, mounted at start-up
    "pyodide-lock.json",  # package index; read at start-up even when no package is loaded
)
"""The Pyodide core files the page needs. Nothing else in node_modules/pyodide is copied
(pyodide.js is the classic-script loader, which module workers do not use)."""

NPM_STAMP = ".lessonrt-npm-stamp"
"""File in node_modules/ holding the sha256 of the package-lock.json it was installed from."""

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
"""Content types `serve` sends. Pyodide needs application/wasm for streaming compilation and
browsers refuse module scripts that are not served as JavaScript."""

ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""Headers that make the page cross-origin isolated, so SharedArrayBuffer (used to interrupt
running Python) is available. `serve --no-isolation` leaves them out, like a plain static host."""

CONTENT_SECURITY_POLICY = {
    "default-src": "'none'",
    # Module scripts from the site only. 'wasm-unsafe-eval' lets the worker compile
    # Pyodide's WebAssembly; it does not allow eval() or new Function().
    "script-src": "'self' 'wasm-unsafe-eval'",
    "style-src": "'self'",
    "img-src": "'self'",
    "font-src": "'self'",
    # Pyodide's files, the runtime's Python and open_url("/courses/...").
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "base-uri": "'none'",
    "form-action": "'none'",
}
"""The pages' Content Security Policy: nothing inline, nothing evaluated, nothing from another
origin. Every page carries it in a <meta http-equiv>, so it holds on any static host; `serve`
also sends it as a header, which is what governs the worker (a worker takes its policy from
its own script's response, never from the page's <meta>). frame-ancestors, report-uri and
sandbox are left out because a <meta> policy ignores them."""


def content_security_policy() -> str:
    """CONTENT_SECURITY_POLICY as one header value / <meta> content."""
    return "; ".join(f"{name} {value}" for name, value in CONTENT_SECURITY_POLICY.items())


CELL_NOTE = (
    "La primera ejecución descarga el intérprete de Python (unos 15 MB). "
    "Después queda en la caché del navegador y se reutiliza en todas las lecciones."
)
CHALLENGE_NOTE = (
    "La primera comprobación descarga el intérprete de Python (unos 15 MB); "
    "después queda en la caché del navegador."
)
QUIZ_LABEL = "Comprueba tu intuición"
CHALLENGE_LABEL = "Desafío"
WIDGET_LABEL = "Traza del bucle"


class BuildError(Exception):
    """A problem in the sources or the output, explained for the author who must fix it."""


# --------------------------------------------------------------------------- layout


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
            node_modules=root / "node_modules",
            package_json=root / "package.json",
        )
        paths.update(overrides)
        return cls(**paths)


def rel(path: Path, base: Path = ROOT) -> str:
    """`path` relative to `base` when it is inside it (shorter error messages), else absolute."""
    try:
        return str(Path(path).resolve().relative_to(base))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------- npm


def lockfile_digest(root: Path) -> str:
    """sha256 of package-lock.json: node_modules is fresh when its stamp holds this value."""
    return hashlib.sha256((root / "package-lock.json").read_bytes()).hexdigest()


def node_modules_fresh(root: Path) -> bool:
    """True when node_modules was installed by `ensure_node_modules` from the current lockfile."""
    stamp = root / "node_modules" / NPM_STAMP
    return stamp.is_file() and stamp.read_text().strip() == lockfile_digest(root)


def ensure_node_modules(root: Path = ROOT, log: Callable[[str], None] = print) -> bool:
    """Run `npm ci` when node_modules is missing or was installed from another lockfile.

    Install scripts are not run: the one package that has one (esbuild) ships its binary in
    an optional dependency and works without it. Returns True when npm ran.
    """
    if node_modules_fresh(root):
        return False
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed: install Node.js 18 or newer with npm "
                         "(on Debian: apt-get install -y nodejs npm), then run the build again")
    log("node_modules is missing or stale: running npm ci")
    proc = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=root)
    if proc.returncode != 0:
        raise BuildError(f"npm ci failed with exit code {proc.returncode} (see its output above)")
    (root / "node_modules" / NPM_STAMP).write_text(lockfile_digest(root) + "\n")
    return True


# --------------------------------------------------------------------------- copying


def copy_pyodide(node_modules: Path, out: Path, version: str) -> list[Path]:
    """Copy PYODIDE_FILES from node_modules/pyodide into out/pyodide/<version>/.

    One versioned folder shared by every lesson lets the browser cache serve the 13 MB core
    to all of them. Fails if the installed package is not the pinned version.
    """
    source = node_modules / "pyodide"
    meta = source / "package.json"
    if not meta.is_file():
        raise BuildError(f"{rel(source)} is missing: run `npm ci` (python build.py does it for you)")
    installed = json.loads(meta.read_text(encoding="utf-8")).get("version")
    if installed != version:
        raise BuildError(f"{rel(source)} is Pyodide {installed}, but package.json pins {version}: run `npm ci`")
    target = out / "pyodide" / version
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in PYODIDE_FILES:
        if not (source / name).is_file():
            raise BuildError(f"{rel(source / name)} is missing from the Pyodide package: "
                             f"PYODIDE_FILES in build.py must match what pyodide {version} ships")
        shutil.copy2(source / name, target / name)
        copied.append(target / name)
    return copied


def copy_course_files(py_courses: Path, out: Path) -> list[Path]:
    """Copy py/courses/<course>/*.py verbatim to out/courses/<course>/ after checking they parse."""
    copied = []
    for course in sorted(p for p in py_courses.iterdir() if p.is_dir()) if py_courses.is_dir() else []:
        for source in sorted(course.glob("*.py")):
            check_python(source)
            target = out / "courses" / course.name / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            copied.append(target)
    return copied


def challenge_files(folder: Path) -> list[Path]:
    """The files of the challenge in a lesson's folder (its comprobaciones/ package or
    comprobaciones.py), or [] when the lesson has none."""
    package = folder / "comprobaciones"
    if (package / "__init__.py").is_file():
        return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    single = folder / "comprobaciones.py"
    return [single] if single.is_file() else []


def copy_runtime(runtime: Path, out: Path, interpreter: list[Path] = (),
                 challenges: dict[str, Path] | None = None) -> list[str]:
    """Copy py/lessonrt/ (its subpackages too) to out/runtime/lessonrt/, each lesson's
    challenge beside the lesson (out/courses/<course>/<lesson>/comprobaciones...), and write
    manifest.json, `{"files": [paths under runtime/lessonrt/], "challenges": {"<course>/<lesson>":
    {"path": "courses/<course>/<lesson>/", "files": [...]}}, "snapshot": key}`, which the
    worker reads to know what to fetch and import before its memory snapshot. `key` names
    the interpreter state the worker keeps as a memory snapshot: it changes whenever the
    runtime's Python, a challenge or one of the `interpreter` files (Pyodide's) changes, so a
    snapshot of an older build is never loaded."""
    if not runtime.is_dir():
        raise BuildError(f"{rel(runtime)} is missing: it holds the runtime Python the worker loads")
    target = out / "runtime" / "lessonrt"
    target.mkdir(parents=True, exist_ok=True)
    names, copied = [], []
    for source in sorted(p for p in runtime.rglob("*.py") if "__pycache__" not in p.parts):
        check_python(source)
        name = source.relative_to(runtime).as_posix()
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target / name)
        names.append(name)
        copied.append(target / name)
    if not names:
        raise BuildError(f"{rel(runtime)} holds no .py file")
    listed = {}
    for key, folder in sorted((challenges or {}).items()):
        path = f"courses/{key}/"
        parts = []
        for source in challenge_files(folder):
            check_python(source)
            name = source.relative_to(folder).as_posix()
            (out / path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, out / path / name)
            parts.append(name)
            copied.append(out / path / name)
        listed[key] = {"path": path, "files": parts}
    digest = hashlib.sha256()
    for path in [*interpreter, *copied]:
        name = path.relative_to(out).as_posix() if path.is_relative_to(out) else path.name
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    manifest = {"files": names, "challenges": listed, "snapshot": digest.hexdigest()[:20]}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return names


def check_python(path: Path) -> None:
    """Raise BuildError `file:line:col: SyntaxError: ...` if `path` is not valid Python.

    The build runs CPython 3.11 while the page runs Pyodide's Python 3.14, so syntax newer
    than 3.11 is reported too; keep lesson code to what both accept.
    """
    try:
        ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as error:
        raise BuildError(f"{rel(path)}:{error.lineno}:{error.offset or 0}: SyntaxError: {error.msg}; "
                         "fix the syntax at that line (the build reads it as CPython "
                         f"{sys.version_info[0]}.{sys.version_info[1]} does, the page runs Pyodide's "
                         "Python: write what both accept)") from None


def run_esbuild(layout: Layout, args: list[str], what: str) -> None:
    """Run the pinned esbuild from node_modules; its errors become a BuildError."""
    esbuild = layout.node_modules / ".bin" / "esbuild"
    if not esbuild.exists():
        raise BuildError(f"{rel(esbuild)} is missing: run `npm ci` (python build.py does it for you)")
    proc = subprocess.run([str(esbuild), *args, "--log-level=warning"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"esbuild failed on {what}:\n{proc.stderr.strip()}")
    if proc.stderr.strip():
        print(proc.stderr.strip(), file=sys.stderr)


def bundle_assets(layout: Layout, out: Path, entries: tuple[str, ...] = ("main.js", "worker.js")) -> dict[str, str]:
    """Bundle the page into out/assets/ with esbuild: each web/src entry as a minified ES
    module with a linked source map (main.js carries CodeMirror; worker.js is the module
    worker), and web/style.css with the feature stylesheets it @imports inlined.

    Each file's name carries a hash of its content (main-3FJX2KQ7.js), so hosts and the
    service worker may cache it for ever: a new build has new names. Returns
    {"main.js": "main-3FJX2KQ7.js", ...}: what the pages must reference.
    Pyodide is not bundled: the worker imports it at run time from pyodide/<version>/.
    """
    missing = [rel(layout.src / name) for name in entries if not (layout.src / name).is_file()]
    if not layout.style.is_file():
        missing.append(rel(layout.style))
    if missing:
        raise BuildError(f"missing {', '.join(missing)} (entry points of the page bundle)")
    assets = out / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    metafile = assets / ".meta.json"
    names: dict[str, str] = {}
    for sources, options in (
        ([layout.src / name for name in entries], ["--format=esm", "--target=es2022", f"--outbase={layout.src}"]),
        ([layout.style], []),
    ):
        run_esbuild(layout, [*(str(p) for p in sources), "--bundle", "--minify", "--sourcemap",
                             *options, f"--outdir={assets}", "--entry-names=[name]-[hash]",
                             f"--metafile={metafile}"], rel(sources[0]))
        for output, info in json.loads(metafile.read_text(encoding="utf-8"))["outputs"].items():
            if info.get("entryPoint"):
                names[Path(info["entryPoint"]).name] = Path(output).name
    metafile.unlink()
    return names


def bundle_service_worker(layout: Layout, out: Path, pyodide_version: str) -> Path:
    """Bundle web/src/sw.js (with Workbox) into out/sw.js, a classic script, which must sit
    at the site root for its scope to cover the site. The list of files it precaches, each
    with a revision (a hash of its content, or None when the name carries one), is made
    from what the build wrote to `out`: everything but Pyodide (cached as it passes, see
    sw.js), source maps and the compressed copies. A page is listed under the URL its
    links use, its folder's ("courses/x/y/", "./" for the home page): the service worker
    then finds it in the HTTP cache, where its navigation left it, and only revalidates."""
    entries = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        url = path.relative_to(out).as_posix()
        if url.startswith("pyodide/") or path.suffix in {".map", ".gz", ".br"}:
            continue
        hashed = HASHED_ASSET.match(url)
        if path.name == "index.html":
            url = url.removesuffix("index.html") or "./"
        entries.append({"url": url, "revision": None if hashed else hashlib.sha256(path.read_bytes()).hexdigest()[:16]})
    pyodide = {"version": pyodide_version, "path": f"pyodide/{pyodide_version}/", "files": list(PYODIDE_FILES)}
    target = out / "sw.js"
    run_esbuild(layout, [str(layout.src / "sw.js"), "--bundle", "--minify", "--format=iife", "--target=es2022",
                         f"--outfile={target}", "--define:process.env.NODE_ENV=\"production\"",
                         f"--define:LESSONRT_PRECACHE={json.dumps(entries)}",
                         f"--define:LESSONRT_PYODIDE={json.dumps(pyodide)}"], rel(layout.src / "sw.js"))
    return target


# --------------------------------------------------------------------------- lessons


@dataclass
class Lesson:
    """One lesson folder, loaded and validated: web/courses/<course>/<slug>/."""

    course: str
    slug: str
    folder: Path
    title: str
    minutes: int
    meta: dict[str, Any]
    quiz: list[dict[str, Any]]
    fragment: str


@dataclass
class Course:
    """One course folder: course.toml (title, lesson order) and its lessons in that order."""

    slug: str
    folder: Path
    title: str
    lessons: list[Lesson] = field(default_factory=list)


def load_toml(path: Path, what: str) -> dict[str, Any]:
    """Parse a TOML file; a missing file or bad syntax becomes a BuildError naming it."""
    if not path.is_file():
        raise BuildError(f"{rel(path)}: missing ({what})")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        # 3.11's TOMLDecodeError has no lineno attribute: its message ends "(at line N, column M)".
        found = re.search(r"\(at line (\d+), column \d+\)$", str(error))
        where = f"{rel(path)}:{found[1]}" if found else rel(path)
        raise BuildError(f"{where}: not valid TOML ({error}); fix the syntax at that line") from None


def toml_table_line(text: str, name: str, index: int) -> int:
    """Line (1-based) of the index-th `[[name]]` header in TOML text; 0 when not found."""
    headers = [i for i, line in enumerate(text.splitlines(), 1)
               if re.match(rf"\s*\[\[\s*{re.escape(name)}\s*\]\]", line)]
    return headers[index] if index < len(headers) else 0


QUIZ_KINDS = ("single", "multi", "number")
QUIZ_KEYS = {"id", "kind", "prompt", "options", "answer", "tolerance", "explanation", "note", "hint_not_number"}
OPTION_KEYS = {"text", "correct", "feedback"}
LESSON_KEYS = {"title", "minutes", "summary", "widget", "challenge", "quiz"}


def validate_quiz(questions: Any, toml_path: Path) -> list[dict[str, Any]]:
    """Check lesson.toml's [[quiz]] entries and return them as the page data carries them.

    Each question has `prompt` and `kind`: "single" (exactly one option `correct = true`),
    "multi" (at least one; graded all or nothing) or "number" (`answer = <number>`, optional
    `tolerance`, optional `hint_not_number`). Choice questions list `[[quiz.options]]` with
    `text`, `correct` and optional `feedback`. `id` (stable: it is a storage key; default
    p1, p2, ...), `explanation` and `note` (shown under the question) are optional.
    """
    if questions is None:
        return []
    text = toml_path.read_text(encoding="utf-8")

    def fail(i: int, message: str) -> BuildError:
        line = toml_table_line(text, "quiz", i)
        where = f"{rel(toml_path)}:{line}" if line else rel(toml_path)
        return BuildError(f"{where}: quiz question {i + 1}: {message}")

    if not isinstance(questions, list):
        raise BuildError(f"{rel(toml_path)}: `quiz` must be an array of tables ([[quiz]])")
    result, seen = [], set()
    for i, q in enumerate(questions):
        unknown = set(q) - QUIZ_KEYS
        if unknown:
            raise fail(i, f"unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(QUIZ_KEYS))}")
        if not isinstance(q.get("prompt"), str) or not q["prompt"].strip():
            raise fail(i, "needs `prompt`, the text of the question")
        kind = q.get("kind")
        if kind not in QUIZ_KINDS:
            raise fail(i, f"kind = {kind!r}; use one of {', '.join(QUIZ_KINDS)}")
        qid = str(q.get("id", f"p{i + 1}"))
        if not re.fullmatch(r"[A-Za-z][\w-]*", qid) or qid in seen:
            raise fail(i, f"id {qid!r} must be unique and made of letters, digits, - and _")
        seen.add(qid)
        for key in ("explanation", "note", "hint_not_number"):
            if key in q and not isinstance(q[key], str):
                raise fail(i, f"`{key}` must be a string")
        item: dict[str, Any] = {**q, "id": qid}
        if kind == "number":
            answer = q.get("answer")
            if isinstance(answer, bool) or not isinstance(answer, (int, float)):
                raise fail(i, "has no right answer: a number question needs `answer = <number>`")
            tolerance = q.get("tolerance", 0)
            if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or tolerance < 0:
                raise fail(i, "`tolerance` must be a number >= 0")
            if "options" in q:
                raise fail(i, "a number question takes `answer`, not `options`")
            item["tolerance"] = tolerance
        else:
            options = q.get("options")
            if not isinstance(options, list) or len(options) < 2:
                raise fail(i, "needs at least two [[quiz.options]] with `text` and `correct`")
            for option in options:
                if not isinstance(option, dict) or not isinstance(option.get("text"), str):
                    raise fail(i, "each option is a table with `text` (and `correct`, `feedback`)")
                if set(option) - OPTION_KEYS:
                    raise fail(i, f"unknown option key(s) {', '.join(sorted(set(option) - OPTION_KEYS))}; "
                                  f"allowed: {', '.join(sorted(OPTION_KEYS))}")
                if not isinstance(option.get("correct", False), bool):
                    raise fail(i, f"option {option['text']!r}: `correct` must be true or false")
            right = sum(1 for option in options if option.get("correct") is True)
            if right == 0:
                raise fail(i, "has no right answer: mark at least one option with `correct = true`")
            if kind == "single" and right > 1:
                raise fail(i, f"is single choice but has {right} right answers: use kind = \"multi\"")
            if "answer" in q or "tolerance" in q:
                raise fail(i, "a choice question marks options `correct = true`; `answer` is for kind = \"number\"")
            item["options"] = [{**o, "correct": o.get("correct") is True} for o in options]
        result.append(item)
    return result


def load_lesson(folder: Path, course: str) -> Lesson:
    """Load and validate web/courses/<course>/<slug>/: lesson.toml and lesson.html.

    lesson.toml: `title`, `minutes`, optional `summary` (shown on the index), `widget` (a name
    in WIDGETS), `[challenge]` table (passed to the page as is) and `[[quiz]]` (validate_quiz).
    """
    toml_path = folder / "lesson.toml"
    meta = load_toml(toml_path, "every lesson folder needs lesson.toml with title and minutes")
    unknown = set(meta) - LESSON_KEYS
    if unknown:
        raise BuildError(f"{rel(toml_path)}: unknown key(s) {', '.join(sorted(unknown))}; "
                         f"allowed: {', '.join(sorted(LESSON_KEYS))}")
    title, minutes = meta.get("title"), meta.get("minutes")
    if not isinstance(title, str) or not title.strip():
        raise BuildError(f"{rel(toml_path)}: needs `title = \"...\"`")
    if not isinstance(meta.get("summary", ""), str):
        raise BuildError(f"{rel(toml_path)}: `summary` must be a string")
    if not isinstance(meta.get("challenge", {}), dict):
        raise BuildError(f"{rel(toml_path)}: `challenge` must be a table ([challenge])")
    if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes <= 0:
        raise BuildError(f"{rel(toml_path)}: needs `minutes = <whole number>` (reading time)")
    widget = meta.get("widget")
    if widget is not None and widget not in WIDGETS:
        raise BuildError(f"{rel(toml_path)}: widget = {widget!r} is unknown; known: {', '.join(sorted(WIDGETS))}")
    quiz = validate_quiz(meta.get("quiz"), toml_path)
    html_path = folder / "lesson.html"
    if not html_path.is_file():
        raise BuildError(f"{rel(html_path)}: missing (the lesson's prose, with placeholders)")
    return Lesson(course=course, slug=folder.name, folder=folder, title=title.strip(), minutes=minutes,
                  meta=meta, quiz=quiz, fragment=html_path.read_text(encoding="utf-8"))


def load_course(folder: Path) -> Course:
    """Load web/courses/<course>/course.toml (`title`, `lessons` = ordered folder names)
    and each lesson it lists. Lesson folders it does not list are an error too."""
    toml_path = folder / "course.toml"
    meta = load_toml(toml_path, "every course folder needs course.toml with title and lessons")
    title, lessons = meta.get("title"), meta.get("lessons")
    if not isinstance(title, str) or not title.strip():
        raise BuildError(f"{rel(toml_path)}: needs `title = \"...\"`")
    if not isinstance(lessons, list) or not lessons or not all(isinstance(s, str) for s in lessons):
        raise BuildError(f"{rel(toml_path)}: needs `lessons = [\"folder\", ...]`, the lessons in order")
    if len(set(lessons)) != len(lessons):
        raise BuildError(f"{rel(toml_path)}: a lesson is listed twice in `lessons`; list each folder once")
    course = Course(slug=folder.name, folder=folder, title=title.strip())
    for slug in lessons:
        if not (folder / slug).is_dir():
            raise BuildError(f"{rel(toml_path)}: lists lesson {slug!r}, but {rel(folder / slug)}/ does not exist; "
                             "create that folder or take the name out of `lessons`")
        course.lessons.append(load_lesson(folder / slug, folder.name))
    unlisted = sorted(p.name for p in folder.iterdir() if p.is_dir() and p.name not in lessons)
    if unlisted:
        raise BuildError(f"{rel(toml_path)}: lesson folder(s) {', '.join(unlisted)} are not listed in `lessons`; "
                         "add them to `lessons` in reading order, or remove the folders")
    return course


def load_courses(web_courses: Path) -> list[Course]:
    """Every course folder under web/courses/, sorted by folder name."""
    if not web_courses.is_dir():
        raise BuildError(f"{rel(web_courses)}: missing (it holds one folder per course)")
    courses = [load_course(p) for p in sorted(web_courses.iterdir()) if p.is_dir()]
    if not courses:
        raise BuildError(f"{rel(web_courses)}: no course folder")
    return courses


# --------------------------------------------------------------------------- rendering


def esc(text: str) -> str:
    """Escape text for HTML element content and double-quoted attributes."""
    return html.escape(text, quote=True)


def inline_text(text: str) -> str:
    """Escape author text from TOML, turning `backticks` into <code> spans."""
    parts = re.split(r"`([^`]+)`", text)
    return "".join(f"<code>{esc(p)}</code>" if i % 2 else esc(p) for i, p in enumerate(parts))


def code_block(code: str) -> str:
    """The editor's server-rendered fallback: a <pre><code> that JS replaces with CodeMirror."""
    return (f'<div class="cell-editor"><pre class="cell-code"><code>'
            f'{html.escape(code.rstrip(chr(10)), quote=False)}</code></pre></div>')


def render_cell(cell_id: str, name: str, code: str) -> str:
    """Markup of one code cell (the contract in notes/common.md)."""
    return "\n".join([
        f'<section class="cell" aria-label="{esc(name)}" data-cell="{esc(cell_id)}">',
        code_block(code),
        '<div class="cell-actions">',
        '<button type="button" data-action="run">Ejecutar</button>',
        '<button type="button" data-action="stop" hidden>Detener</button>',
        '<button type="button" data-action="reset">Restaurar</button>',
        '</div>',
        '<p class="cell-status" role="status"></p>',
        f'<p class="cell-note">{esc(CELL_NOTE)}</p>',
        '<pre class="cell-output" role="log" aria-label="Salida"></pre>',
        '</section>',
    ])


def render_challenge(code: str) -> str:
    """Markup of the challenge: editor, Comprobar / Restaurar, summary and the checks list."""
    return "\n".join([
        f'<section class="challenge" aria-label="{CHALLENGE_LABEL}" data-challenge>',
        code_block(code),
        '<div class="cell-actions">',
        '<button type="button" data-action="check">Comprobar</button>',
        '<button type="button" data-action="reset">Restaurar</button>',
        '</div>',
        '<p class="challenge-summary" role="status"></p>',
        f'<p class="cell-note">{esc(CHALLENGE_NOTE)}</p>',
        '<ol class="challenge-checks"></ol>',
        '</section>',
    ])


def render_quiz(quiz: list[dict[str, Any]]) -> str:
    """The quiz as a real form: one fieldset per question, its legend the prompt.

    Radios for single choice, checkboxes for multi (all or nothing), a text input for
    numbers (inputmode decimal, so "13" or "2,5" both arrive as typed). quiz.js grades from
    the lesson data and writes the verdict into each question's status element.
    """
    out = [f'<section class="quiz" aria-label="{QUIZ_LABEL}">', '<form class="quiz-form" novalidate>']
    for q in quiz:
        name = f"quiz-{q['id']}"
        out.append(f'<fieldset class="quiz-question" data-question="{esc(q["id"])}" data-kind="{q["kind"]}">')
        out.append(f'<legend>{inline_text(q["prompt"])}</legend>')
        if q.get("note"):
            out.append(f'<p class="quiz-note">{inline_text(q["note"])}</p>')
        if q["kind"] == "number":
            out.append(f'<label class="quiz-number"><span>Tu respuesta</span> <input type="text" name="{name}" '
                       f'inputmode="decimal" autocomplete="off" spellcheck="false"></label>')
            if q["tolerance"] > 0:
                margin = f"{q['tolerance']:g}".replace(".", ",")
                out.append(f'<p class="quiz-tolerance">Se acepta un margen de ±{margin}.</p>')
        else:
            kind = "radio" if q["kind"] == "single" else "checkbox"
            out.append('<div class="quiz-options">')
            for i, option in enumerate(q["options"]):
                out.append(f'<label class="quiz-option"><input type="{kind}" name="{name}" value="{i}"> '
                           f'<span>{inline_text(option["text"])}</span></label>')
            out.append('</div>')
        out.append('<button type="button" class="quiz-check">Comprobar respuesta</button>')
        out.append('<div class="quiz-feedback" role="status"></div>')
        out.append('</fieldset>')
    out += ['</form>', '</section>']
    return "\n".join(out)


def render_traza_widget() -> str:
    """Skeleton of the loop-trace widget; widget.js fills the view from the lesson data."""
    return "\n".join([
        f'<section class="widget" aria-label="{WIDGET_LABEL}" data-widget="traza">',
        '<div class="widget-controls">',
        '<label class="widget-tope">Tope <input type="number" aria-label="Tope" min="1" max="10" value="10"></label>',
        '<button type="button" data-action="back">Retrocede</button>',
        '<button type="button" data-action="forward">Avanza</button>',
        '<button type="button" data-action="restart">Reinicia</button>',
        '<button type="button" data-action="model-view" aria-pressed="false">Lo que ve el modelo</button>',
        '</div>',
        '<div class="widget-view" aria-live="polite"></div>',
        '</section>',
    ])


def traza_data(lesson: Lesson, layout: Layout) -> Any:
    """The widget's trace for every tope, computed in CPython by the lesson's own code
    through `lessonrt.traza.trace_for_lesson(lesson_dir, courses_dir)`, where courses_dir
    is py/courses (so "/courses/llm-agents/x.py" maps to courses_dir / "llm-agents/x.py")."""
    module = import_runtime_module("traza", layout, f"{rel(lesson.folder / 'lesson.toml')} has widget = \"traza\"")
    if not hasattr(module, "trace_for_lesson"):
        raise BuildError(f"{rel(layout.runtime / 'traza.py')}: has no trace_for_lesson(lesson_dir, courses_dir)")
    return module.trace_for_lesson(lesson.folder, layout.py_courses)


@dataclass(frozen=True)
class Widget:
    """A widget kind: its server-rendered skeleton and the hook computing its data at build time."""

    render: Callable[[], str]
    data: Callable[[Lesson, Layout], Any]


WIDGETS: dict[str, Widget] = {"traza": Widget(render=render_traza_widget, data=traza_data)}
"""Widget hooks by the name lesson.toml gives in `widget = "..."`. Add a kind here."""


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


def deepest_frame_under(error: BaseException, folders: tuple[Path, ...]) -> str:
    """`file:line` of the innermost frame of `error`'s traceback in a file under one of
    `folders` (the author's files, not the build's), or "" when there is none."""
    import traceback

    roots = [f.resolve() for f in folders]
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename)
        if path.is_file() and any(path.resolve().is_relative_to(r) for r in roots):
            return f"{rel(path)}:{frame.lineno}"
    return ""


WORKER_MODULES = ("runner", "grading")
"""The lessonrt modules web/src/worker.js imports while Python starts, in its order, before
it loads every lesson's challenge through lessonrt.grading.registry. One that raises while
loading leaves the page with no Python at all: no cell runs, and Comprobar grades nothing.
The build loads each one that exists first, then each challenge."""

_LOAD_PROBE = r"""
import importlib, json, sys, traceback
sys.path.insert(0, sys.argv[1])

def report(name, error, frames):
    print(json.dumps({"module": name, "error": error, "frames": frames}))
    raise SystemExit(0)

def frames_of(error):
    frames = [[f.filename, f.lineno, f.name] for f in traceback.extract_tb(error.__traceback__)]
    if isinstance(error, SyntaxError) and error.filename:
        frames.append([error.filename, error.lineno or 0, "<module>"])
    return frames

for name in json.loads(sys.argv[2]):
    try:
        importlib.import_module("lessonrt." + name)
    except BaseException as error:
        report("lessonrt." + name, f"{type(error).__name__}: {error}", frames_of(error))
for key, folder in json.loads(sys.argv[3]):
    from lessonrt.grading import registry
    try:
        registry.carga(key, folder)
    except registry.DesafioMal as error:
        report(key, str(error), [])
    except BaseException as error:
        report(key, f"{type(error).__name__}: {error}", frames_of(error))
print("null")
"""

_loaded_runtimes: dict[tuple, None] = {}


def check_runtime_loads(layout: Layout, challenges: dict[str, Path] | None = None) -> None:
    """Load the WORKER_MODULES of layout.runtime in a fresh CPython, as the worker does in
    Pyodide, then every lesson's challenge (`challenges`, see lesson_challenges). A module
    that raises while loading (a check whose @comprobacion is wrong, a failing import) is a
    BuildError at the line of that file that raised; a challenge the registry refuses (no
    checks, no FIRMA, an id used twice) says what to fix.

    A child process, so that a module already imported by the build (or by a test) cannot
    hide the file on disk, and a module that fails halfway leaves nothing behind here."""
    names = [n for n in WORKER_MODULES
             if (layout.runtime / f"{n}.py").is_file() or (layout.runtime / n / "__init__.py").is_file()]
    if not names:
        return
    if "grading" not in names:
        challenges = {}
    challenges = challenges or {}
    files = sorted(p for p in layout.runtime.rglob("*.py") if "__pycache__" not in p.parts)
    files += [f for folder in challenges.values() for f in challenge_files(folder)]
    key = (str(layout.runtime), tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files))
    if key in _loaded_runtimes:
        return
    for path in files:
        check_python(path)
    pairs = [[k, str(folder)] for k, folder in sorted(challenges.items())]
    try:
        proc = subprocess.run([sys.executable, "-I", "-c", _LOAD_PROBE, str(layout.runtime.parent),
                               json.dumps(names), json.dumps(pairs)],
                              cwd=layout.runtime.parent, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{rel(layout.runtime)}: loading {', '.join(names)} and the challenges took more "
                         "than 120 s; a module must not run long work while it is imported") from None
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise BuildError(f"{rel(layout.runtime)}: loading {', '.join(names)} ended the process "
                         f"(exit code {proc.returncode}): {proc.stderr.strip()[-2000:]}")
    problem = json.loads(lines[-1])
    if problem is None:
        _loaded_runtimes[key] = None
        return
    folders = [layout.runtime.resolve(), *(f.resolve() for f in challenges.values())]
    mine = [(Path(f), line, fn) for f, line, fn in problem["frames"]
            if Path(f).is_file() and any(Path(f).resolve().is_relative_to(d) for d in folders)]
    # The statement of the author's module that raised: for a bad @comprobacion(...) that
    # is the decorator's line, not the line inside comprobacion() that raised.
    at = next((f for f in reversed(mine) if f[2] == "<module>"), mine[-1] if mine else None)
    challenge = problem["module"] in challenges
    if at:
        where = f"{rel(at[0])}:{at[1]}: "
    elif challenge:
        where = ""  # the registry's message names the file
    else:
        where = f"{rel(layout.runtime)}: "
    what = (f"the challenge of lesson {problem['module']}" if challenge else problem["module"])
    raise BuildError(f"{where}{problem['error']} (raised while loading {what}, which the page loads "
                     "when Python starts). Fix it and build again: while it fails, no cell runs and "
                     "Comprobar grades nothing.")


def check_course_urls(path: Path, py_courses: Path) -> None:
    """Every `open_url("/courses/<course>/<file>")` with a literal URL in lesson code must name
    a file of py/courses (what the site serves at courses/); otherwise a BuildError at its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open_url"
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            url = node.args[0].value
            match = re.fullmatch(r"/courses/([\w.-]+)/([\w.-]+)", url)
            if not match:
                raise BuildError(f"{rel(path)}:{node.lineno}: open_url({url!r}): course files are "
                                 "written /courses/<course>/<file>")
            if not (py_courses / match[1] / match[2]).is_file():
                raise BuildError(f"{rel(path)}:{node.lineno}: open_url({url!r}) names a course file that "
                                 f"does not exist ({rel(py_courses / match[1] / match[2])}); add that file "
                                 "or correct the URL")


PLACEHOLDER = re.compile(r"<lesson-([a-z-]+)\b([^>]*)>\s*</lesson-\1\s*>", re.S)
ATTRIBUTE = re.compile(r'([a-z-]+)\s*=\s*"([^"]*)"')


def line_of(text: str, offset: int) -> int:
    """1-based line number of a character offset."""
    return text.count("\n", 0, offset) + 1


def render_fragment(lesson: Lesson, layout: Layout) -> tuple[str, dict[str, Any]]:
    """Replace the placeholders of lesson.html and collect the page's lesson data.

    Placeholders: <lesson-cell file="x.py" name="Celda 1">, <lesson-challenge file="x.py">,
    <lesson-quiz>, <lesson-widget>, each with its closing tag. Returns (html, lesson data).
    """
    source = lesson.folder / "lesson.html"
    text = lesson.fragment
    data: dict[str, Any] = {"course": lesson.course, "lesson": lesson.slug, "title": lesson.title,
                            "cells": {}, "challenge": None, "quiz": lesson.quiz, "trace": None}
    counts: dict[str, int] = {}

    def where(match: re.Match) -> str:
        return f"{rel(source)}:{line_of(text, match.start())}"

    def read_code(match: re.Match, attrs: dict[str, str]) -> tuple[str, str]:
        name = attrs.get("file", "")
        if not name.endswith(".py") or "/" in name:
            raise BuildError(f"{where(match)}: <lesson-{match[1]}> needs file=\"name.py\" (a file in this folder)")
        path = lesson.folder / name
        if not path.is_file():
            raise BuildError(f"{where(match)}: <lesson-{match[1]} file=\"{name}\"> names a file that does not exist "
                             f"({rel(path)}); create it or correct the name")
        check_python(path)
        check_course_urls(path, layout.py_courses)
        check_runtime_loads(layout, lesson_challenges([Course(lesson.course, lesson.folder.parent, "", [lesson])]))
        return path.stem, path.read_text(encoding="utf-8")

    def replace(match: re.Match) -> str:
        kind, attrs = match[1], dict(ATTRIBUTE.findall(match[2]))
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "cell":
            cell_id, code = read_code(match, attrs)
            name = attrs.get("name", "").strip()
            if not name:
                raise BuildError(f"{where(match)}: <lesson-cell> needs name=\"Celda N\" (its accessible name)")
            if cell_id in data["cells"]:
                raise BuildError(f"{where(match)}: cell {cell_id!r} appears twice; give each <lesson-cell> "
                                 "a file of its own")
            data["cells"][cell_id] = {"name": name, "code": code}
            return render_cell(cell_id, name, code)
        if kind == "challenge":
            if not challenge_files(lesson.folder) and (layout.runtime / "grading").is_dir():
                raise BuildError(f"{where(match)}: <lesson-challenge> but {rel(lesson.folder)} has no checks: "
                                 "add comprobaciones.py (or a comprobaciones/ package) with FIRMA, FICHEROS and "
                                 "@comprobacion checks (see the README's \"Writing a lesson\")")
            _, code = read_code(match, attrs)
            data["challenge"] = {**lesson.meta.get("challenge", {}), "code": code}
            return render_challenge(code)
        if kind == "quiz":
            if not lesson.quiz:
                raise BuildError(f"{where(match)}: <lesson-quiz> but {rel(lesson.folder / 'lesson.toml')} has no "
                                 "[[quiz]]; add the questions there or remove the placeholder")
            return render_quiz(lesson.quiz)
        if kind == "widget":
            widget = lesson.meta.get("widget")
            if widget is None:
                raise BuildError(f"{where(match)}: <lesson-widget> but {rel(lesson.folder / 'lesson.toml')} "
                                 f"sets no widget = \"...\" (known: {', '.join(sorted(WIDGETS))})")
            try:
                trace = WIDGETS[widget].data(lesson, layout)
                data["trace"] = json.loads(json.dumps(trace))
            except BuildError:
                raise
            except Exception as error:  # the hook runs lesson code: name the lesson in the error
                at = deepest_frame_under(error, (lesson.folder, layout.py_courses, layout.runtime))
                raise BuildError(f"{where(match)}: the {widget!r} widget hook failed"
                                 f"{f' at {at}' if at else ''}: {type(error).__name__}: {error}; "
                                 "it runs the lesson's own code at build time: fix that code so it "
                                 "runs in CPython") from error
            return WIDGETS[widget].render()
        raise BuildError(f"{where(match)}: unknown placeholder <lesson-{kind}>; "
                         "use lesson-cell, lesson-challenge, lesson-quiz or lesson-widget")

    body = PLACEHOLDER.sub(replace, text)
    for kind in ("challenge", "quiz", "widget"):
        if counts.get(kind, 0) > 1:
            raise BuildError(f"{rel(source)}: <lesson-{kind}> appears {counts[kind]} times; one per lesson")
    leftover = re.search(r"<lesson-", body)
    if leftover:
        raise BuildError(f"{rel(source)}:{line_of(body, leftover.start())}: malformed placeholder: "
                         "write it as <lesson-kind attr=\"...\"></lesson-kind>")
    if lesson.quiz and not counts.get("quiz"):
        raise BuildError(f"{rel(source)}: lesson.toml has [[quiz]] but the page has no <lesson-quiz></lesson-quiz>; "
                         "put one where the quiz goes")
    if lesson.meta.get("widget") and not counts.get("widget"):
        raise BuildError(f"{rel(source)}: lesson.toml sets widget but the page has no "
                         "<lesson-widget></lesson-widget>; put one where the widget goes")
    return body, data


def lesson_json(data: dict[str, Any]) -> str:
    """JSON for <script type="application/json">: '<' is escaped so no '</script>' can end it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def load_template(templates: Path, name: str) -> string.Template:
    """A page template from web/templates/ (string.Template: $name placeholders)."""
    path = templates / name
    if not path.is_file():
        raise BuildError(f"{rel(path)}: missing page template")
    return string.Template(path.read_text(encoding="utf-8"))


def fill(template: string.Template, name: str, **values: str) -> str:
    """Fill a template; a placeholder the build does not provide is named in the error."""
    try:
        return template.substitute(values)
    except (KeyError, ValueError) as error:
        raise BuildError(f"web/templates/{name}: unknown or malformed placeholder {error}") from None


def render_lesson_page(lesson: Lesson, course: Course, layout: Layout, pyodide_version: str,
                       assets: dict[str, str]) -> str:
    """The whole lesson page: template + rendered fragment + lesson data in <head>.
    `assets` maps each bundle to its hashed name (see bundle_assets)."""
    body, data = render_fragment(lesson, layout)
    return fill(load_template(layout.templates, "lesson.html"), "lesson.html",
                title=esc(lesson.title), course_title=esc(course.title), minutes=str(lesson.minutes),
                description=esc(lesson.meta.get("summary", lesson.title)),
                site_root="../../../", pyodide_path=f"pyodide/{pyodide_version}/", csp=html.escape(content_security_policy(), quote=False),
                main_js=assets["main.js"], worker_js=assets["worker.js"], style_css=assets["style.css"],
                lesson_data=lesson_json(data), content=body)


def render_index(courses: list[Course], layout: Layout, assets: dict[str, str]) -> str:
    """The site's front page: each course with its lessons in course.toml order."""
    parts = []
    for course in courses:
        items = "\n".join(
            f'<li><a href="courses/{esc(course.slug)}/{esc(lesson.slug)}/">{esc(lesson.title)}</a> '
            f'<span class="lesson-minutes">{lesson.minutes} min de lectura</span>'
            + (f'<p class="lesson-summary">{inline_text(lesson.meta["summary"])}</p>' if lesson.meta.get("summary") else "")
            + '</li>'
            for lesson in course.lessons)
        parts.append(f'<section class="course" aria-labelledby="curso-{esc(course.slug)}">\n'
                     f'<h2 id="curso-{esc(course.slug)}">{esc(course.title)}</h2>\n'
                     f'<ol class="lesson-list">\n{items}\n</ol>\n</section>')
    return fill(load_template(layout.templates, "index.html"), "index.html",
                site_root="./", csp=html.escape(content_security_policy(), quote=False),
                style_css=assets["style.css"], content="\n".join(parts))


# --------------------------------------------------------------------------- check


URL_ATTRIBUTES = {"href", "src", "poster", "data", "action", "formaction"}


class _PageScanner(HTMLParser):
    """Collects what check_site needs from one HTML file, with line numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[tuple[int, str, str, str]] = []  # (line, tag, attribute, value)
        self.ids: dict[str, int] = {}
        self.duplicate_ids: list[tuple[int, str]] = []
        self.meta: dict[str, str] = {}
        self.inline: list[tuple[int, str]] = []
        self.json_blocks: list[tuple[int, str]] = []
        self._script: tuple[int, str] | None = None
        self._script_text: list[str] = []
        self.lang = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        values = {k: (v or "") for k, v in attrs}
        if tag == "html":
            self.lang = values.get("lang")
        for key, value in values.items():
            if key in URL_ATTRIBUTES:
                self.urls.append((line, tag, key, value))
            elif key == "srcset":
                for candidate in value.split(","):
                    if candidate.strip():
                        self.urls.append((line, tag, key, candidate.split()[0]))
            elif key.startswith("on"):
                self.inline.append((line, f"inline event handler {key}= (use addEventListener in a module)"))
            if key == "id":
                if value in self.ids:
                    self.duplicate_ids.append((line, value))
                self.ids.setdefault(value, line)
        if tag == "meta" and "name" in values:
            self.meta[values["name"]] = values.get("content", "")
        if tag == "script":
            self._script = (line, values.get("type", "") if "src" not in values else "external")
            self._script_text = []

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            line, kind = self._script
            text = "".join(self._script_text)
            if kind == "application/json":
                self.json_blocks.append((line, text))
            elif kind != "external" and text.strip():
                self.inline.append((line, "inline <script> (the CSP allows only script files from the site)"))
            self._script = None


def _resolve(dist: Path, page: Path, url: str) -> Path | None:
    """The file in dist a relative URL from `page` points to (directories mean index.html);
    None when it points outside dist."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
    if not path:
        return page
    base = page.parent.relative_to(dist).as_posix()
    joined = posixpath.normpath(posixpath.join(base, path))
    if joined == ".." or joined.startswith("../"):
        return None
    target = dist / joined
    if path.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target


def _url_problem(dist: Path, page: Path, tag: str, url: str, ids: dict[str, int]) -> str | None:
    """What is wrong with one URL found in a page or stylesheet, or None."""
    url = url.strip()
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in ("mailto", "tel", "data"):
        return None
    if parts.scheme == "javascript":
        return f"{url!r}: javascript: URLs are not allowed (the CSP forbids them)"
    if parts.scheme or url.startswith("//"):
        if tag == "a" and parts.scheme in ("http", "https"):
            return None  # a link the reader may follow; nothing is loaded from it
        return f"{url!r} loads from another origin; vendor the file into the site instead"
    if url.startswith("/"):
        return f"{url!r} is an absolute path; use a relative URL so the site works under any sub-path"
    if not parts.path:
        if parts.fragment and parts.fragment not in ids:
            return f"{url!r}: no element with id {parts.fragment!r} on this page"
        return None
    target = _resolve(dist, page, url)
    if target is None:
        return f"{url!r} points outside the site"
    if not target.is_file():
        return f"{url!r} points to nothing (no {rel(target, dist.parent)})"
    return None


def check_site(dist: Path, sources: dict[Path, Path] | None = None) -> list[str]:
    """Validate a built site; return one English message per problem (empty when fine).

    Checks every HTML page (links and resources resolve inside dist/, nothing loads from
    another origin, no absolute paths, no inline scripts or handlers, unique ids, a lang,
    parseable lesson data, site-root and pyodide-path metas that lead to Pyodide), every
    stylesheet's url(...)s, and the runtime manifest. `sources` maps a built page to the
    fragment it came from, so a bad link is also reported at its source line.
    """
    problems: list[str] = []
    sources = sources or {}
    if not (dist / "index.html").is_file():
        problems.append(f"{rel(dist)}: no index.html")

    def report(page: Path, line: int, message: str, needle: str | None = None) -> None:
        where = f"{rel(page)}:{line}"
        source = sources.get(page)
        if source is not None and needle:
            text = source.read_text(encoding="utf-8")
            offset = text.find(needle)
            if offset >= 0:
                where = f"{rel(source)}:{line_of(text, offset)} (built into {rel(page)}:{line})"
        problems.append(f"{where}: {message}")

    for page in sorted(dist.rglob("*.html")):
        scanner = _PageScanner()
        scanner.feed(page.read_text(encoding="utf-8"))
        scanner.close()
        if not scanner.lang:
            report(page, 1, "<html> has no lang attribute")
        for line, tag, attribute, url in scanner.urls:
            problem = _url_problem(dist, page, tag, url, scanner.ids)
            if problem:
                report(page, line, f"<{tag} {attribute}>: {problem}", f'{attribute}="{url}"')
        for line, message in scanner.inline:
            report(page, line, message)
        for line, value in scanner.duplicate_ids:
            report(page, line, f"id {value!r} is used more than once", f'id="{value}"')
        for line, text in scanner.json_blocks:
            try:
                json.loads(text)
            except json.JSONDecodeError as error:
                report(page, line, f"JSON block does not parse: {error}")
        if "site-root" in scanner.meta:
            root = _resolve(dist, page, scanner.meta["site-root"] or "./")
            if root != dist / "index.html":
                report(page, 1, f"meta site-root {scanner.meta['site-root']!r} does not lead to the site root")
            elif "pyodide-path" in scanner.meta:
                loader = dist / scanner.meta["pyodide-path"] / "pyodide.mjs"
                if not loader.is_file():
                    report(page, 1, f"meta pyodide-path {scanner.meta['pyodide-path']!r}: no {rel(loader, dist.parent)}")
            if "worker-script" in scanner.meta and not (dist / scanner.meta["worker-script"]).is_file():
                report(page, 1, f"meta worker-script {scanner.meta['worker-script']!r}: no such file under the site root")

    for sheet in sorted(dist.rglob("*.css")):
        text = sheet.read_text(encoding="utf-8")
        for match in re.finditer(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)", text):
            problem = _url_problem(dist, sheet, "css", match[1], {})
            if problem:
                problems.append(f"{rel(sheet)}:{line_of(text, match.start())}: url(): {problem}")

    for manifest in sorted(dist.rglob("runtime/*/manifest.json")):
        listed = json.loads(manifest.read_text(encoding="utf-8"))
        for name in listed["files"] if isinstance(listed, dict) else listed:
            if not (manifest.parent / name).is_file():
                problems.append(f"{rel(manifest)}: lists {name!r}, which is not there")
    return problems


# --------------------------------------------------------------------------- build


@dataclass
class BuildResult:
    """What build_site produced, for callers and tests."""

    out: Path
    pyodide_version: str
    pages: list[Path]
    courses: list[Course]


def lesson_challenges(courses: list[Course]) -> dict[str, Path]:
    """{"<course>/<lesson>": lesson folder} of every lesson that brings a challenge."""
    return {f"{c.slug}/{lesson.slug}": lesson.folder for c in courses for lesson in c.lessons
            if challenge_files(lesson.folder)}


def build_site(layout: Layout, out: Path) -> BuildResult:
    """Build the whole static site from `layout` into `out` (emptied first), then check it.

    Expects node_modules to be installed (see ensure_node_modules). Raises BuildError.
    """
    version = read_pyodide_version(layout.package_json)
    courses = load_courses(layout.web_courses)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pyodide_files = copy_pyodide(layout.node_modules, out, version)
    repack_stdlib(out / "pyodide" / version / "python_stdlib.zip")
    assets = bundle_assets(layout, out)
    shutil.copyfile(layout.templates / "favicon.svg", out / "assets" / "favicon.svg")
    copy_course_files(layout.py_courses, out)
    copy_runtime(layout.runtime, out, interpreter=pyodide_files, challenges=lesson_challenges(courses))
    pages, sources = [], {}
    for course in courses:
        for lesson in course.lessons:
            page = out / "courses" / course.slug / lesson.slug / "index.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(render_lesson_page(lesson, course, layout, version, assets), encoding="utf-8")
            pages.append(page)
            sources[page] = lesson.folder / "lesson.html"
    (out / "index.html").write_text(render_index(courses, layout, assets), encoding="utf-8")
    pages.insert(0, out / "index.html")
    bundle_service_worker(layout, out, version)
    problems = check_site(out, sources)
    if problems:
        raise BuildError("the built site has problems:\n  " + "\n  ".join(problems))
    precompress(out, cache=layout.node_modules / ".cache" / "lessonrt-precompress")
    return BuildResult(out=out, pyodide_version=version, pages=pages, courses=courses)


# --------------------------------------------------------------------------- precompression


PRECOMPRESSED_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".py", ".svg", ".txt",
                                    ".wasm", ".zip"})
"""Files build_site stores compressed copies of, next to them (name.gz and, when the `brotli`
package is installed, name.br), for `serve` and for static hosts that send precompressed
files. Source maps are left out: only developer tools fetch them."""

ENCODINGS = {"br": ".br", "gzip": ".gz"}
"""Content-Encoding -> suffix of the precompressed copy, in order of preference."""


def brotli_module():
    """The `brotli` package when it is installed (pip install brotli), else None: building
    works without it and then writes .gz copies only."""
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        return None
    return brotli


def repack_stdlib(path: Path) -> None:
    """Rewrite Pyodide's python_stdlib.zip in place with stored (uncompressed) members.

    Pyodide ships each member deflated on its own, so HTTP compression cannot shrink the file
    (2.5 MB). Stored, the 9.7 MB of Python source compresses as one text: about 1.6 MB with
    brotli, 2.2 MB with gzip. Pyodide mounts the zip either way. The output depends only on
    the input (same names, order, dates and attributes), so its compressed copies are cached.
    """
    source = zipfile.ZipFile(path)
    with source:
        if all(info.compress_type == zipfile.ZIP_STORED for info in source.infolist()):
            return
        temporary = path.with_name(path.name + ".tmp")
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED) as target:
            for info in source.infolist():
                member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                member.external_attr, member.create_system = info.external_attr, info.create_system
                target.writestr(member, source.read(info), compress_type=zipfile.ZIP_STORED)
    os.replace(temporary, path)


def _compress(data: bytes, encoding: str, cache: Path | None) -> bytes:
    """`data` compressed at the highest level, cached by content hash in `cache`: brotli -11
    takes about a minute for Pyodide's 9.6 MB of wasm, and every build would pay it."""
    settings = {"gzip": "-9", "br": "-q11w24"}[encoding]  # part of the key: change both together
    key = cache / f"{hashlib.sha256(data).hexdigest()}{settings}{ENCODINGS[encoding]}" if cache else None
    if key is not None and key.is_file():
        return key.read_bytes()
    if encoding == "gzip":
        compressed = gzip.compress(data, compresslevel=9, mtime=0)
    else:
        compressed = brotli_module().compress(data, quality=11, lgwin=24)
    if key is not None:
        key.parent.mkdir(parents=True, exist_ok=True)
        temporary = key.with_name(f"{key.name}.{os.getpid()}.tmp")
        temporary.write_bytes(compressed)
        os.replace(temporary, key)  # atomic: concurrent builds may share the cache
    return compressed


def precompress(out: Path, cache: Path | None = None) -> list[Path]:
    """Write name.gz (and name.br when brotli is installed) next to every file of `out` whose
    suffix is in PRECOMPRESSED_SUFFIXES, when the copy is smaller. `cache` keeps brotli
    output between builds. Returns the copies written."""
    encodings = [e for e in ENCODINGS if e != "br" or brotli_module() is not None]
    written = []
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in PRECOMPRESSED_SUFFIXES):
        data = path.read_bytes()
        for encoding in encodings:
            compressed = _compress(data, encoding, cache)
            if len(compressed) < len(data):
                copy = path.with_name(path.name + ENCODINGS[encoding])
                copy.write_bytes(compressed)
                written.append(copy)
    return written


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 excludes one)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        quality = re.search(r"q\s*=\s*([0-9.]+)", params)
        if name.strip() and not (quality and float(quality[1] or 0) == 0):
            accepted.add(name.strip().lower())
    return accepted


# --------------------------------------------------------------------------- serve


HASHED_ASSET = re.compile(r"assets/[\w.-]+-[A-Z0-9]{8}\.(js|css)(\.map)?$")
"""A bundle whose name carries a hash of its content (see bundle_assets)."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from `directory`, mounted at `prefix`, with explicit MIME types and,
    unless `isolation` is False, the cross-origin isolation headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, isolation: bool = True, prefix: str = "/", quiet: bool = False, **kwargs):
        self.isolation, self.prefix, self.quiet = isolation, prefix, quiet
        super().__init__(*args, **kwargs)

    def send_head(self):
        if not urllib.parse.urlsplit(self.path).path.startswith(self.prefix):
            self.send_error(404, "Outside the folder this server publishes")
            return None
        self.vary = False
        return self.send_precompressed() or super().send_head()

    def send_precompressed(self):
        """Send the headers of the file's .br or .gz copy (see precompress) when it exists and
        the request accepts that encoding, and return the copy opened; else None, and the file
        is sent as it is (with Vary when it has copies)."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return None  # SimpleHTTPRequestHandler redirects to the slashed URL
            path = path / "index.html"
        copies = {e: path.with_name(path.name + s) for e, s in ENCODINGS.items()}
        copies = {e: copy for e, copy in copies.items() if copy.is_file()}
        if not copies or not path.is_file():
            return None
        self.vary = True
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        encoding = next((e for e in copies if e in accepted), None)
        if encoding is None:
            return None
        modified = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(modified) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        file = open(copies[encoding], "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return file

    def translate_path(self, path: str) -> str:
        if path.startswith(self.prefix):
            path = "/" + path[len(self.prefix):]
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", content_security_policy())
        if self.isolation:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        # Pyodide lives under a versioned folder and the bundles' names carry a hash of
        # their content: neither ever changes. Everything else may change with the next
        # build, so the browser must revalidate it.
        path = urllib.parse.urlsplit(self.path).path
        immutable = path.startswith(self.prefix + "pyodide/") or bool(HASHED_ASSET.match(path[len(self.prefix):]))
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        if getattr(self, "vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, *, isolation: bool = True, prefix: str = "/",
                host: str = "127.0.0.1", quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A threaded HTTP server for `directory` at http://host:port<prefix>. Port 0 picks a free
    port (read it from server.server_address). Call serve_forever(); shutdown() stops it."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = partial(SiteHandler, directory=str(directory), isolation=isolation, prefix=prefix, quiet=quiet)
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


# --------------------------------------------------------------------------- grade and test


def grade(path: Path, layout: Layout | None = None, challenge: str | None = None) -> int:
    """Grade a challenge solution file with lessonrt.grading.cli.grade_file against the
    challenge of lesson `challenge` ("COURSE/LESSON", «El bucle»'s by default); returns the
    exit code (0 all checks pass, 1 some fail, 2 could not grade)."""
    layout = layout or Layout.at(ROOT)
    if not (layout.runtime / "grading" / "cli.py").is_file():
        print(f"error: `grade` needs the grader, but {rel(layout.runtime / 'grading' / 'cli.py')} "
              "does not exist", file=sys.stderr)
        return 2
    parent = str(layout.runtime.parent)
    if parent not in sys.path:
        sys.path.insert(0, parent)
    from lessonrt.grading import cli, registry

    key = challenge or cli.DESAFIO
    folder = layout.web_courses.joinpath(*key.split("/"))
    try:
        registry.carga(key, str(folder))
    except registry.DesafioMal as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    return int(cli.grade_file(path, challenge=key))


def pinned_test_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The pinned `test` extra of pyproject.toml, e.g. ["pytest==8.4.2", ...]."""
    meta = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    return meta["project"]["optional-dependencies"]["test"]


def missing_requirements(requirements: list[str]) -> list[str]:
    """The `name==version` pins that are not installed at exactly that version."""
    from importlib import metadata

    missing = []
    for requirement in requirements:
        name, _, version = requirement.partition("==")
        try:
            if metadata.version(name) != version:
                missing.append(requirement)
        except metadata.PackageNotFoundError:
            missing.append(requirement)
    return missing


# Debian packages the browser tests drive, by a file each installs; Playwright's own browser
# downloads can't be used. WebKitGTK (tests/webkit/) runs through WebKitWebDriver, which pulls
# in libwebkit2gtk-4.1-0 with its MiniBrowser, and needs an X display: Xvfb.
BROWSER_PACKAGES = {"/usr/bin/chromium": "chromium", "/usr/lib/firefox-esr/firefox-esr": "firefox-esr",
                    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver", "/usr/bin/Xvfb": "xvfb"}

# The engines `test` runs the Playwright suite in, unless the command line names some.
PLAYWRIGHT_BROWSERS = ["--browser", "chromium", "--browser", "firefox"]


def ensure_browsers(log: Callable[[str], None] = print) -> bool:
    """Install the Debian browsers (and the display WebKit needs) when they are missing and we
    may (root with apt-get); otherwise say which command would. Returns whether they are all
    there."""
    missing = [pkg for path, pkg in BROWSER_PACKAGES.items() if not Path(path).exists()]
    if not missing:
        return True
    command = ["apt-get", "install", "-y", "--no-install-recommends", *missing, "fonts-dejavu"]
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        log(f"installing browsers: {' '.join(missing)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if subprocess.call(["apt-get", "update"], env=env) == 0 and subprocess.call(command, env=env) == 0:
            return True
    log(f"error: the browser tests need {', '.join(missing)}: run `sudo {' '.join(command)}` "
        "(after `sudo apt-get update`)")
    return False


def run_tests(pytest_args: list[str]) -> int:
    """The one test command: install pinned test packages and Debian's browsers if needed, npm
    ci if needed, build dist/, run pytest: the Playwright tests in Chromium and Firefox unless
    `pytest_args` names a `--browser` (with `--quick`, Chromium alone), and tests/webkit/ in
    WebKitGTK. pytest's 'no tests
    collected' (exit 5) counts as a failure."""
    missing = missing_requirements(pinned_test_requirements())
    if missing:
        print(f"installing test requirements: {', '.join(missing)}", flush=True)
        code = subprocess.call([sys.executable, "-m", "pip", "install", "-e", f"{ROOT}[test]"])
        if code != 0:
            print("error: pip install failed; inside a virtual environment run: pip install -e '.[test]'",
                  file=sys.stderr)
            return code
    if not ensure_browsers():
        return 1
    ensure_node_modules(ROOT)
    build_site(Layout.at(ROOT), ROOT / "dist")
    if not any(arg == "--browser" or arg.startswith("--browser=") for arg in pytest_args):
        # --quick (tests/conftest.py) is the everyday loop: its smoke tests run in Chromium.
        browsers = ["--browser", "chromium"] if "--quick" in pytest_args else PLAYWRIGHT_BROWSERS
        pytest_args = [*browsers, *pytest_args]
    code = subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT)
    if code == 5:
        print("error: pytest collected no tests", file=sys.stderr)
        return 1
    return code


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\nThe work")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-isolation", action="store_true",
                       help="leave out COOP/COEP/CORP, like a plain static host")
    commands.add_parser("check", help="validate an existing dist/")
    grade_cmd = commands.add_parser("grade", help="grade a challenge solution file")
    grade_cmd.add_argument("file", type=Path)
    grade_cmd.add_argument("--challenge", metavar="COURSE/LESSON",
                           help="the lesson whose challenge to grade (default: llm-agents/el-bucle)")
    commands.add_parser("test", help="install test requirements, build, run pytest "
                                     "(arguments after `test` go to pytest; --quick: the CPython "
                                     "tests and one browser smoke test per feature, in Chromium)")
    commands.add_parser("bench", help="time the lesson page against bare Pyodide "
                                      "(see python build.py bench --help)", add_help=False)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"]:  # pytest's own options must not be parsed here
        args, pytest_args = parser.parse_args(["test"]), argv[1:]
    elif argv[:1] == ["bench"]:  # bench.py parses its own options
        import bench

        return bench.main(argv[1:])
    else:
        args, pytest_args = parser.parse_args(argv), []

    try:
        if args.command == "grade":
            return grade(args.file, challenge=args.challenge)
        if args.command == "test":
            return run_tests(pytest_args)
        dist = ROOT / "dist"
        if args.command == "check":
            problems = check_site(dist)
            for problem in problems:
                print(f"error: {problem}", file=sys.stderr)
            return 1 if problems else 0
        ensure_node_modules(ROOT)
        result = build_site(Layout.at(ROOT), dist)
        print(f"built {rel(dist)}: {len(result.pages)} pages, Pyodide {result.pyodide_version}")
        if args.command == "serve":
            try:
                server = make_server(dist, args.port, isolation=not args.no_isolation)
            except OSError as error:
                raise BuildError(f"cannot serve on 127.0.0.1:{args.port} ({error.strerror}); "
                                 "choose another port with --port N") from None
            host, port = server.server_address[:2]
            state = "not cross-origin isolated" if args.no_isolation else "cross-origin isolated"
            print(f"serving {rel(dist)} at http://{host}:{port}/ ({state}); Ctrl+C stops", flush=True)
            try:
                server.serve_forever()
            except KeyboardInterrupt:
                pass
            finally:
                server.server_close()
        return 0
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
