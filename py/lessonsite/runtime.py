"""The runtime's Python (py/lessonrt/): copied to the site with its manifest, loaded once in a
fresh CPython as the worker loads it, and used by `build.py grade`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .content import Course
from .packages import _progress, versioned_lock
from .layout import ROOT, BuildError, Layout, rel, check_python


def read_manifest(out: Path) -> dict:
    """The manifest.json copy_runtime wrote into the built site `out`."""
    return json.loads((out / "runtime" / "lessonrt" / "manifest.json").read_text(encoding="utf-8"))


def download_mb(out: Path) -> int:
    """What a first run downloads, in whole MB, from the manifest copy_runtime wrote: Pyodide's
    module and standard library as the worker receives them, the total its progress line
    counts to. The notes under cells and challenges say this figure."""
    return round(sum(read_manifest(out)["sizes"].values()) / 1e6)


def challenge_files(folder: Path) -> list[Path]:
    """The files of the challenge in a lesson's folder (its checks/ package or checks.py),
    or [] when the lesson has none."""
    for old in (folder / "comprobaciones", folder / "comprobaciones.py"):
        # The checks' old name: left so, it would be a lesson whose challenge nobody grades.
        if old.exists():
            new = "checks" + old.suffix
            raise BuildError(f"{rel(old)}: a lesson's checks are named {new} now; rename "
                             f"{old.name} to {new}")
    package = folder / "checks"
    if (package / "__init__.py").is_file():
        return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    single = folder / "checks.py"
    return [single] if single.is_file() else []


def copy_runtime(runtime: Path, out: Path, interpreter: list[Path] = (),
                 challenges: dict[str, Path] | None = None, stdlib: str | None = None) -> list[str]:
    """Copy py/lessonrt/ (its subpackages too, and its catalogs compiled: locale/<lang>/LC_MESSAGES/
    lessonrt.mo) to out/runtime/lessonrt/, each lesson's
    challenge beside the lesson (out/courses/<course>/<lesson>/checks...), and write
    manifest.json, `{"files": [paths under runtime/lessonrt/], "challenges": {"<course>/<lesson>":
    {"path": "courses/<course>/<lesson>/", "files": [...]}}, "snapshot": key, "sizes": {file: bytes}}`
    (and "lock": the version of the site's pyodide-lock.json, see packages.versioned_lock, when
    the site serves packages: write it after the packages; and "stdlib": the name of the
    standard library's first archive in Pyodide's folder, see stdlib.py, when there is one,
    which then stands for python_stdlib.zip in "sizes"), which the
    worker reads to know what to fetch and import before its memory snapshot, and how big
    Pyodide's downloads are. `key` names
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
    # The message catalogs, compiled from their .po: what lessonrt.i18n reads, in every
    # course language (the page says which; the worker writes them as bytes).
    from .catalogs import compile_into

    for name in compile_into(runtime, target):
        names.append(name)
        copied.append(target / name)
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
    # What Pyodide downloads, in bytes as the worker receives them (decoded): the start-up's
    # progress says how much of it has arrived even when the server compresses it.
    # With a first archive of the standard library (`stdlib`, in Pyodide's folder), Pyodide
    # mounts that, and the whole python_stdlib.zip is only fetched for a module it lacks.
    sizes = {path.name: path.stat().st_size for path in interpreter if path.suffix in (".wasm", ".zip")
             and not (stdlib and path.name == "python_stdlib.zip")}
    manifest = {"files": names, "challenges": listed, "snapshot": digest.hexdigest()[:20], "sizes": sizes}
    if stdlib:
        manifest["stdlib"] = stdlib
    lock = versioned_lock(out)
    if lock is not None:
        manifest["lock"] = lock.rpartition("?v=")[2]
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return names


def stamp_version(out: Path) -> str:
    """Name this build by everything a lesson page asks for once it is open (its modules,
    the worker, the runtime's Python, the course files and challenges, the packages: every
    file written so far but Pyodide's folder, whose name is its version, and source maps),
    write the name into the manifest as "version" and return it. The page carries it too
    (meta site-version); the worker compares the two when it starts, so that a page left
    open across a deploy never runs with another build's worker or Python (worker.js)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        name = path.relative_to(out).as_posix()
        if name.startswith("pyodide/") or path.suffix == ".map":
            continue
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    version = digest.hexdigest()[:16]
    manifest = read_manifest(out)
    manifest["version"] = version
    (out / "runtime" / "lessonrt" / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return version


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
    that raises while loading (a check whose @check is wrong, a failing import) is a
    BuildError at the line of that file that raised; a challenge the registry refuses (no
    checks, no SIGNATURE, an id used twice) says what to fix.

    A child process, so that a module already imported by the build (or by a test) cannot
    hide the file on disk, and a module that fails halfway leaves nothing behind here."""
    names = [n for n in WORKER_MODULES
             if (layout.runtime / f"{n}.py").is_file() or (layout.runtime / n / "__init__.py").is_file()]
    if not names:
        return
    # Challenges are loaded through the grading package: a runtime without it has none to load.
    challenges = challenges if "grading" in names and challenges else {}
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
    # The statement of the author's module that raised: for a bad @check(...) that
    # is the decorator's line, not the line inside check() that raised.
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


HEADER = re.compile(r"#\s*(fails|says|error):\s*(.+?)\s*$")


def corpus_header(path: Path) -> tuple[dict[str, list[str]], list[str], dict[str, int]]:
    """What a reject file's header promises: {check id ("all": every check): [words its
    message contains]}, [words the grading's error contains], and {check id: header line}."""
    fails: dict[str, list[str]] = {}
    error: list[str] = []
    lines: dict[str, int] = {}
    current = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("#"):
            break
        match = HEADER.match(line)
        if not match:
            continue
        kind, value = match.groups()
        if kind == "fails":
            current = value
            fails[current] = []
            lines[current] = number
        elif kind == "says":
            if current is None:
                raise BuildError(f"{rel(path)}:{number}: '# says:' before any '# fails:'; name the check first")
            fails[current].append(value)
        else:
            error.append(value)
            lines.setdefault("error", number)
    return fails, error, lines


_GRADE_CORPUS = r"""
import json, os, sys, traceback
sys.path.insert(0, sys.argv[1])
# A mistake in the checks (a describe or a rule that raises) raises here, with its traceback,
# instead of becoming the learner's message that something went wrong in the grader.
os.environ["LESSONRT_GRADER_STRICT"] = "1"
from lessonrt.grading import cli, registry
from lessonrt.i18n import set_language
key, folder, limit, files = sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
set_language(sys.argv[6])  # the course's: the words its headers promise are its learners'

out = {}
try:
    registry.carga(key, folder)
except registry.DesafioMal as error:
    sys.stdout.write("\n" + json.dumps({"": {"challenge": str(error)}}))
    raise SystemExit(0)
for path in json.loads(sys.stdin.read()):
    try:
        r = cli.grade(open(path, encoding="utf-8").read(), challenge=key, time_limit=limit,
                      open_url=lambda url: cli.open_url_local(url, raiz=files))
    except Exception as error:
        frames = [[f.filename, f.lineno, f.name] for f in traceback.extract_tb(error.__traceback__)]
        out[path] = {"grader": {"error": "%s: %s" % (type(error).__name__, error), "frames": frames}}
        break
    out[path] = {"solved": r["solved"], "error": r["error"],
                 "checks": {c["id"]: [c["passed"], c["message"], c.get("did") == c.get("expected")]
                            for c in r["checks"]},
                 "raised": {c["id"]: c["contract_raised"] for c in r["checks"] if c.get("contract_raised")}}
sys.stdout.write("\n" + json.dumps(out))
"""

def corpus_limit(path: Path) -> float:
    """Seconds per check to grade a corpus file with: 6 s, three times the page's own, except
    for a file that hangs on purpose (named cuelga_*, or whose header expects «no ha
    terminado»), which would otherwise make every build wait out its limit check after
    check. A corpus file proves a verdict, not a speed: the limit is wall-clock time, and a
    check explores hundreds of cases, so on a machine busy with other work (a load of ten on
    two cores) a correct solution can spend more than 2 s of it."""
    fails, error, _ = corpus_header(path) if path.parent.name == "reject" else ({}, [], {})
    words = [w.lower() for ws in fails.values() for w in ws] + [w.lower() for w in error]
    return 0.4 if path.name.startswith("cuelga_") or any(hang in w for w in words for hang in ("no ha terminado", "did not finish")) else 6.0


def course_lang(folder: Path) -> str:
    """The `lang` of the course a lesson's folder belongs to (its course.toml, which the build
    has already checked)."""
    import tomllib

    toml_path = folder.parent / "course.toml"
    if not toml_path.is_file():
        return "en"
    return tomllib.loads(toml_path.read_text(encoding="utf-8")).get("lang", "en")


def _grade_in_child(layout: Layout, key: str, folder: Path, paths: list[Path], limit: float) -> dict:
    # The course files come from the layout's py/courses/, which need not sit beside the
    # runtime (Layout.courses_only).
    proc = subprocess.run([sys.executable, "-I", "-c", _GRADE_CORPUS, str(layout.runtime.parent), key,
                           str(folder), str(limit), str(layout.py_courses.parent), course_lang(folder)],
                          input=json.dumps([str(p) for p in paths]), capture_output=True, text=True,
                          # a whole corpus in one child: room for a busy machine
                          timeout=max(600, 3 * len(paths)), cwd=layout.runtime.parent)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise BuildError(f"{rel(folder / 'corpus')}: grading the corpus ended the process (exit code "
                         f"{proc.returncode}): {proc.stderr.strip()[-1500:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def corpus_problems(path: Path, verdict: dict) -> list[str]:
    """What is wrong with a corpus file's verdict, said at the file (and header line)."""
    where = rel(path)
    if path.parent.name == "accept":
        failed = [f"{id} ({message.splitlines()[0][:160]})" for id, (passed, message, _) in verdict["checks"].items()
                  if not passed]
        if verdict["error"]:
            failed.insert(0, f"error: {verdict['error'].splitlines()[0][:160]}")
        if failed:
            return [f"{where}: an accepted solution must pass every check, but it fails {', '.join(failed)}; "
                    "fix the checks, or move the file to corpus/reject/ with a header"]
        # A pass whose panel shows the learner's side unlike the expected one would tell the
        # learner two things at once: the check's panel and its verdict must agree.
        return [f"{where}: the check {id!r} passes, but what it shows the solution did differs from what "
                "it expected; the check's panel and its verdict disagree"
                for id, (_, _, same) in verdict["checks"].items() if not same]
    fails, error_words, lines = corpus_header(path)
    if not fails:
        return [f"{where}:1: a rejected solution starts with comment lines naming what fails: "
                "'# fails: <check id or all>' and '# says: <words of its message>'"]
    problems = []
    if verdict["solved"]:
        problems.append(f"{where}:1: the checks accept this solution, but it is in corpus/reject/; "
                        "add a check that rejects it, or move it to corpus/accept/")
    for id, words in fails.items():
        if id != "all" and id not in verdict["checks"]:
            problems.append(f"{where}:{lines[id]}: there is no check {id!r}; known: {', '.join(verdict['checks'])}")
            continue
        for check_id, (passed, message, _) in (verdict["checks"].items() if id == "all"
                                               else [(id, verdict["checks"][id])]):
            if passed:
                problems.append(f"{where}:{lines[id]}: the check {check_id!r} passes, but the header says it fails")
                continue
            missing = [w for w in words if w.lower() not in message.lower()]
            if missing:
                problems.append(f"{where}:{lines[id]}: the message of {check_id!r} does not say "
                                f"{', '.join(repr(w) for w in missing)}; "
                                + promised_and_said([f"# fails: {id}", *(f"# says: {w}" for w in words)], message))
    if "all" not in fails and verdict["error"]:
        problems.append(f"{where}:1: the grading stopped before its checks ({verdict['error'].splitlines()[0][:160]}), "
                        "but the header names the checks that fail; say '# fails: all' with '# error: <words>'")
    missing = [w for w in error_words if w.lower() not in (verdict["error"] or "").lower()]
    if missing:
        problems.append(f"{where}:{lines['error']}: the grading's error does not say "
                        f"{', '.join(repr(w) for w in missing)}; "
                        + promised_and_said([f"# error: {w}" for w in error_words],
                                            verdict["error"] or "(none: the grading reached its checks)"))
    return problems


def promised_and_said(promise: list[str], message: str) -> str:
    """A broken promise of a corpus header, laid out to compare: the header's lines that
    promise, then the grader's whole message, each indented under the problem's line. The
    message's first line alone would hide the words its later lines hold, or lack."""
    indent = "\n        "
    return (f"the header promises:{indent}{indent.join(promise)}\n      and the grader's whole message is:"
            f"{indent}{indent.join(message.splitlines() or [''])}")


CORPUS_MINIMUM = {"accept": 4, "reject": 12}
"""How many solutions a published challenge's corpus holds at the least, per folder: a
challenge is trusted only as far as its corpus shows it tells right from wrong. The suite
asks it of every lesson of the repository (tests/test_corpus.py); the build asks for
BUILD_MINIMUM, so a lesson being written builds from its first right and wrong solution."""

BUILD_MINIMUM = {"accept": 1, "reject": 1}


def corpus_shortfalls(challenges: dict[str, Path], minimums: dict[str, int] = CORPUS_MINIMUM) -> list[str]:
    """For each challenge whose corpus/accept/ or corpus/reject/ holds fewer solutions than
    `minimums`, what to add, naming the folder."""
    problems = []
    for key, folder in sorted(challenges.items()):
        for kind, minimum in minimums.items():
            where = folder / "corpus" / kind
            count = len(list(where.glob("*.py")))
            if count < minimum:
                what = ("solutions that pass every check, each written another way" if kind == "accept" else
                        "wrong solutions, each wrong in its own way, with a header naming the check that fails")
                problems.append(f"{rel(where)}/: {count} solution{'s' * (count != 1)} (*.py), and the challenge of "
                                f"{key} needs at least {minimum}: add {minimum - count} more, {what} "
                                "(see web/docs/lesson-format.md)")
    return problems


def _course_file(layout: Layout, url: str) -> Path:
    """py/courses/<course>/<file> of the URL /courses/<course>/<file>."""
    return layout.py_courses.joinpath(*url.split("/")[2:])


def check_mistakes(layout: Layout, key: str, folder: Path, verdicts: dict) -> None:
    """A mistake in the checks or in the contract shows in every corpus file at once: said
    once, at its own file and line, before (and instead of) each file's broken promise."""
    if "" in verdicts:
        raise BuildError(verdicts[""]["challenge"])
    for path, verdict in verdicts.items():
        if "grader" in verdict:
            error = verdict["grader"]
            frames = [(Path(f), line, fn) for f, line, fn in error["frames"]]
            ours = [f for f in frames if f[0].is_file() and (f[0].resolve().is_relative_to(folder.resolve())
                                                             or f[0].resolve().is_relative_to(layout.py_courses.resolve()))]
            at = ours[-1] if ours else (frames[-1] if frames else None)
            where = f"{rel(at[0])}:{at[1]}: " if at else ""
            inside = f" (in {at[2]})" if at and at[2] != "<module>" else ""
            raise BuildError(f"{where}{error['error']}{inside}: the checks of {key} raised this while grading "
                             f"{rel(Path(path))}. It is a mistake in the checks, not in that solution: fix that "
                             "line (a learner would only see that something went wrong in the grader)")
    accepted = {path: v for path, v in verdicts.items() if Path(path).parent.name == "accept"}
    raised = [(path, check, note) for path, v in accepted.items()
              for check, note in v.get("raised", {}).items() if not v["checks"][check][0]]
    if raised:
        _, check, note = raised[0]
        where = (f"{rel(_course_file(layout, note['file']))}:{note['line']}: " if note.get("file") else "")
        files = sorted({Path(path).name for path, _, _ in raised})
        raise BuildError(
            f"{where}the reference {note['function']} raised {note['error']} in the case {note['case']!r} "
            f"(check {check!r} of {key}), and {len(files)} accepted solution{'s' * (len(files) != 1)} "
            f"({', '.join(files[:4])}{', ...' if len(files) > 4 else ''}) do not. The reference is the contract "
            "every solution is compared with: fix it at that line (or, if raising there is what the "
            "challenge asks, correct the accepted solutions)")


def grade_corpus(layout: Layout, key: str, folder: Path, paths: list[Path]) -> dict:
    """{str(path): verdict} of solution files graded against the challenge of the lesson in
    `folder`, in child CPythons: one for each time limit (corpus_limit), and one for each
    trampa_*.py, which tampers with the interpreter. The files may live anywhere (the red
    teams' live in tests/redteam/), as long as each sits in a folder named accept/ or reject/."""
    verdicts: dict = {}
    for limit in sorted({corpus_limit(p) for p in paths}):
        plain = [p for p in paths if not p.name.startswith("trampa_") and corpus_limit(p) == limit]
        if plain:
            verdicts.update(_grade_in_child(layout, key, folder, plain, limit))
    for path in paths:
        if path.name.startswith("trampa_"):
            verdicts.update(_grade_in_child(layout, key, folder, [path], corpus_limit(path)))
    return verdicts


def check_corpora(layout: Layout, challenges: dict[str, Path], cache: Path | None = None) -> None:
    """Grade every lesson's corpus (corpus/accept/, corpus/reject/ beside its checks) in a
    child CPython and compare each verdict with what the file promises (its size is the
    corpus test's business: corpus_shortfalls): a BuildError names
    every file whose verdict is wrong. Files named trampa_*.py tamper with the interpreter
    and are graded each in a child of its own. A verdict depends only on the runtime's
    Python, the course files and the lesson's checks and corpus, so a stamp in `cache`
    named after them skips a corpus already graded."""
    import hashlib

    # A challenge without a right and a wrong solution would pass whatever its checks let through.

    def stamp_of(key: str, folder: Path) -> Path | None:
        corpus = sorted((folder / "corpus").glob("*/*.py"))
        # Each file named from the folder it belongs to, never from the layout's root: the
        # runtime may live outside it (Layout.courses_only), and copies of one course in
        # different places share their stamps.
        inputs = [*(("runtime", layout.runtime, p) for p in sorted(layout.runtime.rglob("*.py"))
                    if "__pycache__" not in p.parts),
                  # The catalogs: the words a header promises are its course language's.
                  *(("runtime", layout.runtime, p) for p in sorted(layout.runtime.glob("locale/*/LC_MESSAGES/*.po"))),
                  *(("course", layout.py_courses, p) for p in sorted((layout.py_courses / key.split("/")[0]).glob("*.py"))),
                  *(("lesson", folder, p) for p in [*challenge_files(folder), *corpus])]
        # This file holds the promises' rules: a change to them grades every corpus again.
        digest = hashlib.sha256(Path(__file__).read_bytes() + key.encode() + course_lang(folder).encode())
        for base, under, path in inputs:
            digest.update(f"{base}/{path.relative_to(under).as_posix()}".encode() + b"\0" + path.read_bytes())
        return cache / f"corpus-{digest.hexdigest()[:24]}" if cache else None

    def one(key: str, folder: Path, stamp: Path | None) -> None:
        short = corpus_shortfalls({key: folder}, BUILD_MINIMUM)
        if short:
            raise BuildError("\n".join(short))
        corpus = sorted((folder / "corpus").glob("*/*.py"))
        verdicts = grade_corpus(layout, key, folder, corpus)
        check_mistakes(layout, key, folder, verdicts)
        problems = [problem for path in corpus for problem in corpus_problems(path, verdicts[str(path)])]
        if problems:
            blame = reference_suspected(layout, folder, [p for p in corpus if p.parent.name == "accept"], verdicts)
            raise BuildError((blame + "\n" if blame else "")
                             + f"the corpus of {key} does not get the verdicts its files promise:\n  "
                             + "\n  ".join(problems))
        if stamp is not None:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(key + "\n", encoding="utf-8")

    # Each lesson's corpus in a child process of its own, side by side: an accepted solution
    # goes through every case of every check, and the machine has cores to spare.
    from concurrent.futures import ThreadPoolExecutor

    stamps = {key: stamp_of(key, folder) for key, folder in sorted(challenges.items())}
    todo = [key for key, stamp in stamps.items() if stamp is None or not stamp.exists()]
    if not todo:
        return
    if cache is not None:
        # Minutes of silence otherwise, on a first build or after the runtime's Python changed.
        files = sum(len(list((challenges[key] / "corpus").glob("*/*.py"))) for key in todo)
        lessons = f"1 lesson ({files} files) against its" if len(todo) == 1 else \
            f"{len(todo)} lessons ({files} files) against their"
        _progress(f"grading the corpus of {lessons} checks: again only when the runtime's Python, "
                  f"a check or a corpus file changes; {_about(files * SECONDS_PER_CORPUS_FILE)}")
    with ThreadPoolExecutor(max_workers=max(1, min(len(todo), os.cpu_count() or 1))) as pool:
        for done in [pool.submit(one, key, challenges[key], stamps[key]) for key in todo]:
            done.result()


def reference_suspected(layout: Layout, folder: Path, accepted: list[Path], verdicts: dict) -> str | None:
    """When every accepted solution fails one same check, the one thing they share is what they
    are compared with: the message that says so, with the reference's place (lesson.toml's
    `solution`) and the whole of what the check said of the first, or None."""
    failing = [{id for id, (passed, _, _) in verdicts[str(p)]["checks"].items() if not passed} for p in accepted]
    if len(accepted) < 2 or not all(failing) or not set.intersection(*failing):
        return None
    ids = sorted(set.intersection(*failing))
    from .challenge_names import lesson_places

    reference = next((place for place in lesson_places(folder, layout.py_courses / folder.parent.name)
                      if place.what.startswith("the reference")), None)
    where = (f"the reference, {reference.at.split(' and in ')[0]}" if reference is not None
             else f"the course's function the checks compare with, in {rel(layout.py_courses / folder.parent.name)}/")
    said = verdicts[str(accepted[0])]["checks"][ids[0]][1]
    return (f"{rel(folder / 'corpus' / 'accept')}/: all {len(accepted)} accepted solutions fail "
            f"{', '.join(repr(i) for i in ids)}. Right solutions written in different ways that all disagree "
            f"alike point at what they are compared with: check {where}, or the check itself. What "
            f"{ids[0]!r} says of {accepted[0].name}:\n    " + "\n    ".join(said.splitlines()))


SECONDS_PER_CORPUS_FILE = 0.3
"""What grading one corpus file takes, about, measured on two cores: a new build's estimate."""


def _about(seconds: float) -> str:
    if seconds < 90:
        return "under a minute and a half"
    return f"about {round(seconds / 60)} minutes"


def challenge_of(path: Path, layout: Layout) -> str | None:
    """"COURSE/LESSON" of the lesson folder `path` is in (a corpus file, a draft beside the
    lesson), or None."""
    try:
        parts = path.resolve().relative_to(layout.web_courses.resolve()).parts
    except ValueError:
        return None
    return f"{parts[0]}/{parts[1]}" if len(parts) >= 3 else None


def grade(path: Path, layout: Layout | None = None, challenge: str | None = None) -> int:
    """Grade a challenge solution file with lessonrt.grading.cli.grade_file against the
    challenge of lesson `challenge` ("COURSE/LESSON"; by default the lesson whose folder holds
    the file); returns the exit code (0 all checks pass, 1 some fail, 2 could not grade)."""
    layout = layout or Layout.at(ROOT)
    if not (layout.runtime / "grading" / "cli.py").is_file():
        print(f"error: `grade` needs the grader, but {rel(layout.runtime / 'grading' / 'cli.py')} "
              "does not exist", file=sys.stderr)
        return 2
    parent = str(layout.runtime.parent)
    if parent not in sys.path:
        sys.path.insert(0, parent)
    from lessonrt.grading import cli

    key = challenge or challenge_of(Path(path), layout)
    if key is None:
        keys = sorted(f"{f.parent.parent.name}/{f.parent.name}" for f in layout.web_courses.glob("*/*/lesson.md")
                      if challenge_files(f.parent))
        print(f"error: which challenge? {rel(Path(path))} is not in a lesson's folder; name one with "
              f"--challenge COURSE/LESSON ({', '.join(keys) or 'this site has none'})", file=sys.stderr)
        return 2
    if not _load_challenge(key, layout, "--challenge"):
        return 2
    return int(cli.grade_file(path, challenge=key, cursos=str(layout.py_courses.parent)))


def _load_challenge(key: str, layout: Layout, option: str) -> bool:
    """Load lesson `key`'s checks into the grader's registry, or say on stderr why not (the
    command line's `option` named it)."""
    from lessonrt.grading import registry

    folder = layout.web_courses.joinpath(*key.split("/"))
    if not (folder / "lesson.md").is_file():
        print(f"error: {option} {key}: there is no lesson {rel(folder)}/", file=sys.stderr)
        return False
    try:
        registry.carga(key, str(folder))
    except registry.DesafioMal as problem:
        print(f"error: {problem}", file=sys.stderr)
        return False
    return True


def show_domain(challenge: str, layout: Layout | None = None) -> int:
    """Print what the grader draws for each dimension of lesson `challenge`'s domain
    (`python build.py grade --domain COURSE/LESSON`); returns the exit code."""
    layout = layout or Layout.at(ROOT)
    parent = str(layout.runtime.parent)
    if parent not in sys.path:
        sys.path.insert(0, parent)
    from lessonrt.grading import cli

    if not _load_challenge(challenge, layout, "--domain"):
        return 2
    return cli.show_domain(challenge)


def lesson_challenges(courses: list[Course]) -> dict[str, Path]:
    """{"<course>/<lesson>": lesson folder} of every lesson that brings a challenge."""
    return {f"{c.slug}/{lesson.slug}": lesson.folder for c in courses for lesson in c.lessons
            if challenge_files(lesson.folder)}
