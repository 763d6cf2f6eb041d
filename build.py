"""Build, check, serve, grade and test the static lesson site.

    python build.py                  build dist/ (runs `npm ci` first when node_modules is stale)
    python build.py serve [--port N] [--no-isolation] [--watch]
                                     build, then serve dist/ on 127.0.0.1; with --watch, rebuild
                                     what changed when a file under web/ or py/ is saved and
                                     reload the open page (a build error shows in it)
    python build.py new COURSE/LESSON [--lang en]
                                     create a lesson folder from the template (a quiz question,
                                     a cell, a challenge with its checks and corpus) and list it
                                     in the course's course.toml
    python build.py check            validate an existing dist/
    python build.py lock [COURSE...] write each course's packages.lock (the wheels its lessons pin)
    python build.py grade FILE [--challenge COURSE/LESSON]
                                     grade a challenge solution in CPython (lessonrt.grading)
    python build.py grade --domain COURSE/LESSON
                                     print what the grader draws for each dimension of its domain
    python build.py test [PYTEST ARGS...]
                                     install what the tests need, build, run the whole suite
    python build.py bench [--quick] [--rounds N]
                                     time the lesson page against bare Pyodide in Chromium
                                     (py/lessonsite/bench/; prints a table, writes bench-results/)

This file only parses the command line; the work is done by the package `py/lessonsite/`, one
job per module (see its __init__.py). Every build error names the file (and the line, where
there is one) and says what to do. Building needs CPython 3.11+, Node, npm and the packages
pinned in pyproject.toml's dependencies (Markdown, templates, highlighting), which every
command that builds installs when they are missing (`pip install -e .`). Every command runs in
the checkout's own virtual environment, `.venv/`, which the first one creates
(py/lessonsite/environment.py). With the optional `brotli` package the build also writes .br copies next to its .gz ones.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# The build's package lives in py/, beside the runtime it builds.
sys.path.insert(0, str(Path(__file__).resolve().parent / "py"))

# Every command runs in the checkout's own environment, .venv/, made on first use.
from lessonsite.environment import reexec_in_environment  # noqa: E402

if __name__ == "__main__":
    reexec_in_environment(Path(__file__).resolve().parent, Path(__file__).resolve(), sys.argv[1:])
    # A new environment has none of the build's packages, and the modules below import them.
    # (Kept on purpose, the system's Python has them its own way.)
    from lessonsite.environment import SYSTEM
    from lessonsite.testing import ensure_installed, pinned_build_requirements

    if not os.environ.get(SYSTEM) and not ensure_installed(pinned_build_requirements()):
        sys.exit(1)

from lessonsite.assets import ensure_node_modules  # noqa: E402
from lessonsite.layout import ROOT, BuildError, Layout, rel  # noqa: E402
from lessonsite.runtime import grade, show_domain  # noqa: E402
from lessonsite.server import make_server  # noqa: E402
from lessonsite.sitecheck import check_site  # noqa: E402
from lessonsite.testing import ensure_installed, pinned_build_requirements, run_tests  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\nThis file")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-isolation", action="store_true",
                       help="leave out COOP/COEP/CORP, like a plain static host")
    serve.add_argument("--watch", action="store_true",
                       help="rebuild on save and reload the open page (py/lessonsite/watch.py)")
    new_cmd = commands.add_parser("new", help="create a lesson folder from the template")
    new_cmd.add_argument("lesson", metavar="COURSE/LESSON")
    new_cmd.add_argument("--lang", help="a new course's language (en, es; default es); "
                                        "a lesson of an existing course is in the course's")
    commands.add_parser("check", help="validate an existing dist/")
    grade_cmd = commands.add_parser("grade", help="grade a challenge solution file")
    grade_cmd.add_argument("file", type=Path, nargs="?")
    grade_cmd.add_argument("--challenge", metavar="COURSE/LESSON",
                           help="the lesson whose challenge to grade (default: the lesson whose folder holds FILE)")
    grade_cmd.add_argument("--domain", metavar="COURSE/LESSON",
                           help="print a sample of what the grader draws for each dimension of the "
                                "lesson's domain, instead of grading a file")
    lock_cmd = commands.add_parser("lock", help="write packages.lock beside each course.toml whose lessons "
                                                "pin packages (pip resolves them for Pyodide)")
    lock_cmd.add_argument("course", nargs="*", help="only these courses (folder names)")
    commands.add_parser("test", help="install test requirements, build, run pytest "
                                     "(arguments after `test` go to pytest; --quick: the CPython "
                                     "tests and one browser smoke test per feature, in Chromium)")
    commands.add_parser("bench", help="time the lesson page against bare Pyodide "
                                      "(see python build.py bench --help)", add_help=False)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"]:  # pytest's own options must not be parsed here
        args, pytest_args = parser.parse_args(["test"]), argv[1:]
    elif argv[:1] == ["bench"]:  # the benchmark parses its own options
        # Imported here: the other commands need none of the benchmark's code.
        from lessonsite import bench

        return bench.main(argv[1:])
    else:
        args, pytest_args = parser.parse_args(argv), []

    try:
        if args.command == "grade" and args.domain:
            return show_domain(args.domain)
        if args.command == "grade":
            if args.file is None:
                parser.error("grade needs a FILE to grade, or --domain COURSE/LESSON")
            return grade(args.file, challenge=args.challenge)
        if args.command == "test":
            return run_tests(pytest_args)
        if args.command == "new":
            from lessonsite.scaffold import new_lesson

            for path in new_lesson(Layout.at(ROOT), args.lesson, lang=args.lang):
                print(f"wrote {rel(path)}")
            print("build it with `python build.py`, or see it as you edit with `python build.py serve --watch`")
            return 0
        if args.command == "lock":
            from lessonsite.content import load_courses
            from lessonsite.packages import write_lock

            layout = Layout.at(ROOT)
            ensure_node_modules(ROOT)
            for course in load_courses(layout.web_courses):
                pins = list({str(pin): pin for lesson in course.lessons for pin in lesson.packages}.values())
                if pins and (not args.course or course.slug in args.course):
                    print(f"wrote {rel(write_lock(course.folder, pins, layout.node_modules))}")
            return 0
        dist = ROOT / "dist"
        if args.command == "check":
            problems = check_site(dist)
            for problem in problems:
                print(f"error: {problem}", file=sys.stderr)
            return 1 if problems else 0
        if not ensure_installed(pinned_build_requirements()):
            return 1
        # Imported here: it needs those packages, installed just above when missing.
        from lessonsite.builder import build_site

        ensure_node_modules(ROOT)
        watching = args.command == "serve" and args.watch
        failure = None
        try:
            if watching:  # a dist/ that does not build yet is served as it was
                from lessonsite.watch import build_beside

                result = build_beside(Layout.at(ROOT), dist)
            else:
                result = build_site(Layout.at(ROOT), dist)
        except BuildError as error:
            if not watching:
                raise
            # While watching, a broken source is what the author is about to fix.
            print(f"error: {error}", file=sys.stderr)
            result, failure = None, str(error)
        if result is not None:
            print(f"built {rel(dist)}: {len(result.pages)} pages, Pyodide {result.pyodide_version}")
        if args.command == "serve":
            events = None
            if watching:
                from lessonsite.watch import start_watching

                events = start_watching(Layout.at(ROOT), dist, result, failure)
            try:
                server = make_server(dist, args.port, isolation=not args.no_isolation, watch=events)
            except OSError as error:
                raise BuildError(f"cannot serve on 127.0.0.1:{args.port} ({error.strerror}); "
                                 "choose another port with --port N") from None
            host, port = server.server_address[:2]
            state = "not cross-origin isolated" if args.no_isolation else "cross-origin isolated"
            print(f"serving {rel(dist)} at http://{host}:{port}/ ({state})"
                  f"{'; watching web/ and py/' if watching else ''}; Ctrl+C stops", flush=True)
            try:
                server.serve_forever()
            except KeyboardInterrupt:
                pass
            finally:
                server.server_close()
                if events is not None:
                    events.watcher.stop()
        return 0
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
