"""`build.py serve --watch`: rebuild what changed when a file under web/ or py/ is saved, and
tell the open pages, through the dev server's event stream (server.py), to reload or to show
the build's error.

Files are found changed by polling their modification times (POLL): no dependency, and the
same on every platform and file system. A save of a lesson's own page files (lesson.md,
lesson.toml, its cells) re-renders that lesson's page, its course's page and the front page
with the bundles the last full build made; anything else (a template, the page's scripts, the
runtime, a challenge or its corpus, course.toml) builds the whole site again, as `python
build.py` does.

A whole build goes into a fresh folder beside the site (build_beside) and is swapped in only
once it is whole: meanwhile, and after a build that fails, the server keeps serving the last
good site. The build's progress lines (tracing the standard library, grading a corpus: a
minute and more) are the watcher's, on the terminal and in a note on the open pages.

The open pages learn of it from preview.js, which the dev server adds to every page it sends
while watching; the built site never holds it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import threading
import time
import traceback
from pathlib import Path
from typing import Callable

from .assets import bundle_service_worker
from .builder import BuildResult, build_site
from .content import load_courses
from .layout import BuildError, Layout, rel
from .packages import PROGRESS
from .render import render_course_page, render_index, render_lesson_page
from .sitecheck import check_site
from .widgets import discover, kind_for, widget_asset

POLL = 0.2
"""Seconds between two looks at the files' modification times."""

QUIET = 3.0
"""Seconds without a save after re-rendered pages before sw.js is bundled again."""

SKIPPED = {"__pycache__", "node_modules", ".git"}
"""Folders whose files are never the author's."""

PAGE_FILES = {"lesson.md", "lesson.toml"}
"""A lesson's files that change its page alone (so do its .py files, but for its challenge)."""


NOISE = ("~", ".swp", ".swx", ".tmp", ".pyc")
"""Endings of editors' swap, backup and temporary files: never a reason to rebuild (nor are
hidden files, or names that start with #)."""


def watched_folders(layout: Layout) -> list[Path]:
    """web/ and py/ of the layout's root, and the shell's folders when they live elsewhere."""
    candidates = [layout.root / "web", layout.root / "py", layout.web_courses, layout.py_courses,
                  layout.runtime, layout.templates, layout.src, layout.widgets, layout.style.parent]
    folders: list[Path] = []
    for folder in sorted({c.resolve() for c in candidates if c.is_dir()}, key=lambda p: len(p.parts)):
        if not any(folder.is_relative_to(f) for f in folders):
            folders.append(folder)
    return folders


def scan(folders: list[Path]) -> dict[str, int]:
    """{file: modification time in ns} of every file under `folders` but the noise. os.scandir:
    one system call a file, as this runs several times a second."""
    seen: dict[str, int] = {}

    def walk(folder: str) -> None:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for entry in entries:
            name = entry.name
            if name in SKIPPED or name.startswith((".", "#")) or name.endswith(NOISE):
                continue
            try:
                if entry.is_dir():
                    walk(entry.path)
                else:
                    seen[entry.path] = entry.stat().st_mtime_ns
            except OSError:  # removed between the listing and the stat
                continue

    for folder in folders:
        walk(str(folder))
    return seen


def pages_alone(changed: set[Path], layout: Layout) -> set[tuple[str, str]] | None:
    """{(course, lesson)} whose pages are all that `changed` changes, or None when they need
    a whole build."""
    courses = layout.web_courses.resolve()
    lessons = set()
    for path in changed:
        try:
            parts = path.resolve().relative_to(courses).parts
        except ValueError:
            return None
        if len(parts) != 3:
            return None
        course, lesson, name = parts
        if not (name in PAGE_FILES or (name.endswith(".py") and name != "checks.py")):
            return None
        lessons.add((course, lesson))
    return lessons


def rerender(layout: Layout, out: Path, result: BuildResult, lessons: set[tuple[str, str]]) -> BuildResult | None:
    """Re-render the pages of `lessons`, their courses' pages and the front page into `out`
    with the bundles of `result` (the last whole build). None, with nothing written, when the
    change reaches further: a lesson added, removed or moved, other packages, a widget kind
    the last build did not bundle. The service worker's list of files is then stale:
    refresh_service_worker brings it up to date."""
    courses = load_courses(layout.web_courses)
    shape = [(c.slug, [lesson.slug for lesson in c.lessons]) for c in courses]
    if shape != [(c.slug, [lesson.slug for lesson in c.lessons]) for c in result.courses]:
        return None
    before = {(c.slug, lesson.slug): lesson for c in result.courses for lesson in c.lessons}
    kinds = discover(layout.widgets)
    for course in courses:
        for lesson in course.lessons:
            if (course.slug, lesson.slug) not in lessons:
                continue
            if [str(p) for p in lesson.packages] != [str(p) for p in before[course.slug, lesson.slug].packages]:
                return None
            kind = kind_for(lesson, kinds, layout.widgets)
            if kind is not None and widget_asset(kind.name, "js") not in result.assets:
                return None
    written, sources = [], {}
    for course in courses:
        if not any(c == course.slug for c, _ in lessons):
            continue
        for lesson in course.lessons:
            if (course.slug, lesson.slug) in lessons:
                page = out / "courses" / course.slug / lesson.slug / "index.html"
                sources[page] = lesson.prose_path
                written.append((page, render_lesson_page(lesson, course, layout, result.pyodide_version,
                                                         result.assets, kinds, download=result.download,
                                                         version=result.version)))
        written.append((out / "courses" / course.slug / "index.html",
                        render_course_page(course, layout, result.assets)))
    written.append((out / "index.html", render_index(courses, layout, result.assets)))
    # Every page rendered before any is written: an error leaves the last good site whole.
    for page, text in written:
        page.write_text(text, encoding="utf-8")
        for suffix in (".gz", ".br"):  # a compressed copy of the old page would be served
            page.with_name(page.name + suffix).unlink(missing_ok=True)
    problems = check_site(out, sources)
    if problems:
        raise BuildError("the built site has problems:\n  " + "\n  ".join(problems))
    return BuildResult(out=out, pyodide_version=result.pyodide_version, pages=result.pages,
                       courses=courses, assets=result.assets, download=result.download)


def refresh_service_worker(layout: Layout, out: Path, result: BuildResult) -> None:
    """Bundle out/sw.js again, its list of files (with their revisions) made from what `out`
    holds now: the site stays what a whole build would have made, for a later serve
    without --watch."""
    wheels = sorted(p.relative_to(out).as_posix() for p in (out / "packages").glob("*.whl"))
    bundle_service_worker(layout, out, result.pyodide_version, packages=wheels)


def build_beside(layout: Layout, out: Path) -> BuildResult:
    """build_site into a fresh folder beside `out`, then swap it in for `out`: a server of
    `out` serves the last good site until the new one is whole, and goes on serving it when
    the build fails. The swap is two renames on one file system, microseconds apart."""
    fresh, old = out.with_name(f".{out.name}-next"), out.with_name(f".{out.name}-old")
    for folder in (fresh, old):  # left by a build that was stopped halfway
        shutil.rmtree(folder, ignore_errors=True)
    try:
        result = build_site(layout, fresh)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    if out.exists():
        out.rename(old)
    fresh.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    return dataclasses.replace(result, out=out, pages=[out / page.relative_to(fresh) for page in result.pages])


WHERE = re.compile(r"^(?P<file>[^\s:]+\.[\w]+)(?::(?P<line>\d+))?(?::\d+)?:")


def where(message: str) -> tuple[str | None, int | None]:
    """The file (and line) a build error starts with ("web/x/lesson.toml:7: ..."), if any."""
    match = WHERE.match(message.strip())
    if not match:
        return None, None
    return match["file"], int(match["line"]) if match["line"] else None


class Events:
    """What the open pages are told: the outcome of the last build, numbered. A page reloads
    when a later number comes with a good build, and shows the error of a bad one."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._state = {"version": 0, "ok": True}
        self.watcher: Watcher | None = None

    def publish(self, error: str | None = None) -> None:
        with self._changed:
            file, line = where(error) if error else (None, None)
            self._state = {"version": self._state["version"] + 1, "ok": error is None,
                           "message": error, "file": file, "line": line}
            self._changed.notify_all()

    def building(self, step: str) -> None:
        """A whole build is under way, now at `step` (a progress line): the pages say so, and
        keep showing the last outcome, until publish says how it ended."""
        with self._changed:
            self._state = {**self._state, "version": self._state["version"] + 1, "building": step}
            self._changed.notify_all()

    def current(self) -> dict:
        with self._changed:
            return dict(self._state)

    def wait(self, seen: int, timeout: float) -> dict | None:
        """The state once its number is not `seen`, or None after `timeout` seconds."""
        with self._changed:
            if self._changed.wait_for(lambda: self._state["version"] != seen, timeout):
                return dict(self._state)
            return None

    @staticmethod
    def encode(state: dict) -> bytes:
        """One server-sent event."""
        return f"event: state\ndata: {json.dumps(state)}\n\n".encode("utf-8")


class Watcher(threading.Thread):
    """Polls the layout's files and rebuilds `out` when they change; each outcome goes to
    `events` and, as a line, to `log`."""

    def __init__(self, layout: Layout, out: Path, events: Events, result: BuildResult | None,
                 log: Callable[[str], None] = print) -> None:
        super().__init__(name="watch", daemon=True)
        self.layout, self.out, self.events, self.result, self.log = layout, out, events, result, log
        self.folders = watched_folders(layout)
        self.stale_since: float | None = None  # when pages were re-rendered and sw.js was not
        self._halt = threading.Event()

    def stop(self) -> None:
        """Stop watching; a sw.js left stale by the last pages is bundled now."""
        self._halt.set()
        if self.is_alive():
            self.join()
        if self.stale_since is not None:
            self.refresh()

    def run(self) -> None:
        before = scan(self.folders)
        while not self._halt.wait(POLL):
            after = scan(self.folders)
            if after == before:
                if self.stale_since is not None and time.monotonic() - self.stale_since > QUIET:
                    self.refresh()
                continue
            # An editor may write a file in more than one step: wait until the files settle.
            while not self._halt.wait(0.05):
                again = scan(self.folders)
                if again == after:
                    break
                after = again
            changed = {Path(p) for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
            before = after
            self.rebuild(changed)

    def rebuild(self, changed: set[Path]) -> None:
        start = time.perf_counter()
        names = ", ".join(sorted(rel(p, self.layout.root) for p in changed)[:3]) + (", ..." if len(changed) > 3 else "")
        build_code = Path(__file__).resolve().parent
        if any(p.resolve().is_relative_to(build_code) for p in changed):
            self.log("note: the build's own code changed; restart `serve --watch` to use it")
        whole = True
        try:
            lessons = pages_alone(changed, self.layout) if self.result is not None else None
            whole = not lessons
            result = rerender(self.layout, self.out, self.result, lessons) if lessons else None
            what = f"{len(lessons)} lesson page(s)" if result is not None else "the site"
            if result is None:
                whole = True
                self.progress(f"{names} changed: rebuilding the site")
                token = PROGRESS.set(self.progress)
                try:
                    result = build_beside(self.layout, self.out)
                finally:
                    PROGRESS.reset(token)
        except Exception as error:
            if whole:  # the site served is the last good one, but what is saved does not build
                self.result = None
            if isinstance(error, BuildError):
                self.log(f"error: {error}")
                self.events.publish(str(error))
            else:  # a bug of the build's own: say it all, keep watching
                self.log("error: the build itself failed:\n" + "".join(traceback.format_exception(error)).strip())
                self.events.publish(f"the build itself failed: {type(error).__name__}: {error}")
            return
        self.result = result
        self.log(f"{names} changed: rebuilt {what} in {time.perf_counter() - start:.2f} s")
        self.events.publish()
        # Once the pages have reloaded (see run): the preview serves a service worker of its
        # own, and bundling this one (esbuild, with Workbox) takes longer than the pages.
        self.stale_since = None if what == "the site" else time.monotonic()

    def progress(self, line: str) -> None:
        """A step of a whole build: on the terminal and in the open pages' note."""
        self.events.building(line)
        self.log(line)

    def refresh(self) -> None:
        self.stale_since = None
        try:
            refresh_service_worker(self.layout, self.out, self.result)
        except BuildError as error:
            self.log(f"error: {error}")
            self.events.publish(str(error))


def say(line: str) -> None:
    """A watcher's line on the terminal: errors on stderr."""
    import sys

    print(line, file=sys.stderr if line.startswith("error") else sys.stdout, flush=True)


def start_watching(layout: Layout, out: Path, result: BuildResult | None, failure: str | None = None,
                   log: Callable[[str], None] = say) -> Events:
    """Start a Watcher of `layout` for the site in `out`, built as `result` (None when the
    first build failed with `failure`); returns the Events for the server (make_server's
    `watch`). The watcher is a daemon thread: it ends with the process."""
    events = Events()
    if failure is not None:
        events.publish(failure)
    watcher = Watcher(layout, out, events, result, log=log)
    watcher.start()
    events.watcher = watcher
    return events
