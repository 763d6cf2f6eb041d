"""The whole build: every step, in order, from the sources to a checked, compressed dist/."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from .assets import copy_pyodide, copy_course_files, bundle_assets, bundle_service_worker, bundle_widgets
from .challenge_names import check_challenge_names
from .compress import repack_stdlib, precompress
from .content import Course, load_courses
from .docs import build_docs
from .layout import BuildError, Layout, read_pyodide_version
from .packages import build_packages
from .glossary import glossary_path, slug as glossary_slug
from .render import render_course_page, render_glossary_page, render_index, render_lesson_page
from .runtime import check_corpora, check_runtime_loads, copy_runtime, download_mb, lesson_challenges, stamp_version
from .sitecheck import check_site
from .stdlib import trace_stdlib, write_first_archive
from .widgets import discover, kind_for


@dataclass
class BuildResult:
    """What build_site produced, for callers and tests."""

    out: Path
    pyodide_version: str
    pages: list[Path]
    courses: list[Course]
    assets: dict[str, str] = field(default_factory=dict)
    """Each bundle's hashed file name (bundle_assets): what a page re-rendered alone links."""
    download: int | None = None
    """The MB a first run downloads (runtime.download_mb): what a page re-rendered alone says."""
    version: str | None = None
    """The build's name (runtime.stamp_version): what a page re-rendered alone carries."""


def build_site(layout: Layout, out: Path) -> BuildResult:
    """Build the whole static site from `layout` into `out` (emptied first), then check it.

    Expects node_modules to be installed (see ensure_node_modules). Raises BuildError.
    """
    version = read_pyodide_version(layout.package_json)
    courses = load_courses(layout.web_courses)
    kinds = discover(layout.widgets)
    # Before anything is written: an unknown kind fails here, and only the kinds some
    # lesson uses are bundled.
    used = {kind.name: kind for course in courses for lesson in course.lessons
            if (kind := kind_for(lesson, kinds, layout.widgets)) is not None}
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pyodide_files = copy_pyodide(layout.node_modules, out, version)
    repack_stdlib(out / "pyodide" / version / "python_stdlib.zip")
    # The standard library the site's Python imports, mounted at start-up; the rest is
    # fetched from python_stdlib.zip on a cell's first import of it (stdlib.py).
    challenges = lesson_challenges(courses)
    # First, before the trace and the corpora run the checks: a checks file that fails to
    # load is said once, at its line, not as a child process's traceback.
    check_runtime_loads(layout, challenges)
    # A typo in the function's name makes every corpus file fail: said once, before the
    # minutes of tracing and grading.
    check_challenge_names(challenges, layout.py_courses)
    # Beside the Pyodide it runs, like the precompressed copies: named by everything it
    # reads, so every site built with these node_modules shares it.
    needed = trace_stdlib(out / "pyodide" / version, layout.runtime, challenges, courses,
                          layout.py_courses, cache=layout.node_modules / ".cache" / "lessonrt-stdlib-trace")
    stdlib = write_first_archive(out / "pyodide" / version, needed)
    assets = bundle_assets(layout, out)
    assets.update(bundle_widgets(layout, out, sorted(used.values(), key=lambda kind: kind.name)))
    shutil.copyfile(layout.templates / "favicon.svg", out / "assets" / "favicon.svg")
    copy_course_files(layout.py_courses, out)
    packages = build_packages(courses, out, layout.node_modules)
    copy_runtime(layout.runtime, out, interpreter=[*pyodide_files, out / "pyodide" / version / stdlib],
                 challenges=challenges, stdlib=stdlib)
    # Every corpus file gets the verdict it promises, or no site is made (graded once per change).
    check_corpora(layout, challenges, cache=layout.node_modules / ".cache" / "lessonrt-corpora")
    download = download_mb(out)
    site_version = stamp_version(out)
    pages, sources = [], {}
    for course in courses:
        for lesson in course.lessons:
            page = out / "courses" / course.slug / lesson.slug / "index.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(render_lesson_page(lesson, course, layout, version, assets, kinds,
                                               download=download, version=site_version), encoding="utf-8")
            pages.append(page)
            sources[page] = lesson.prose_path
        page = out / "courses" / course.slug / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(render_course_page(course, layout, assets), encoding="utf-8")
        pages.append(page)
        if course.glossary:
            page = out / "courses" / course.slug / glossary_slug(course.lang) / "index.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(render_glossary_page(course, layout, assets), encoding="utf-8")
            pages.append(page)
            sources[page] = glossary_path(course.folder)
    (out / "index.html").write_text(render_index(courses, layout, assets), encoding="utf-8")
    pages.insert(0, out / "index.html")
    bundle_service_worker(layout, out, version, packages=packages.wheels, stdlib=stdlib)
    # The docs are for authors: written after sw.js lists what it precaches, so a learner's
    # service worker never downloads them.
    docs = build_docs(layout, out, assets)
    pages.extend(docs)
    sources.update(docs)
    problems = check_site(out, sources)
    if problems:
        raise BuildError("the built site has problems:\n  " + "\n  ".join(problems))
    precompress(out, cache=layout.node_modules / ".cache" / "lessonrt-precompress")
    return BuildResult(out=out, pyodide_version=version, pages=pages, courses=courses, assets=assets,
                       download=download, version=site_version)
