"""The packages lessons ask for: pinned in course.toml and lesson.toml, checked against the
course's lock file, fetched with pip, served by the site with a pyodide-lock.json.

A course or lesson writes `packages = ["python-dateutil==2.9.0.post0"]`. Beside course.toml,
`packages.lock` (written by `python build.py lock`, committed) lists every wheel the course's
lessons need, their dependencies and micropip included, each as `name==version
--hash=sha256:HEX`, the form `pip install --require-hashes -r` reads. The build:

1. finds each pin in its course's lock (a pin missing or of another version is an error at the
   pin's line);
2. fetches every wheel of the lock with pip, for Pyodide's Python and platform only, and keeps
   it only if its sha256 is the lock's (a mismatch is an error at the lock's line);
3. copies the wheels into `packages/` and writes `packages/pyodide-lock.json` with
   pyodide-build's `pyodide lockfile add-wheels`, so Pyodide's loader and micropip check every
   wheel's hash, and load them from the site, offline too.

pyodide-build needs Python 3.12 or newer, while the build may run on 3.11: it gets a virtual
environment of its own, made once from the pinned, hashed list in pyodide-build.txt beside
this file, with the first Python 3.12+ found (see tools_python).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable


from .layout import ROOT, BuildError, rel


LOCK_NAME = "packages.lock"
"""The lock file beside each course.toml whose lessons need packages."""

MICROPIP = ("micropip", "0.11.1")
"""The micropip every site with packages serves: the version Pyodide 314.0.7's own lock names,
from PyPI (the site serves no file of Pyodide's package set)."""

SITE_FOLDER = "packages"
"""Where the wheels and the site's pyodide-lock.json go, relative to the site root."""

TOOLS_REQUIREMENTS = Path(__file__).with_name("pyodide-build.txt")

CACHE = ROOT / ".cache"
"""Downloaded wheels (checked against the lock at every build) and pyodide-build's environment."""

PIN = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9][A-Za-z0-9.+!_-]*)")
LOCK_LINE = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)\s+--hash=sha256:([0-9a-f]{64})")


def canonical(name: str) -> str:
    """A package's name as PyPI and Pyodide compare it (PEP 503): `Python_Dateutil` -> `python-dateutil`."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Pin:
    """One `name==version` an author wrote, and where."""

    name: str
    version: str
    source: Path
    line: int

    @property
    def where(self) -> str:
        return f"{rel(self.source)}:{self.line}" if self.line else rel(self.source)

    def __str__(self) -> str:
        return f"{self.name}=={self.version}"


def parse_pins(value: Any, toml_path: Path) -> list[Pin]:
    """`packages = [...]` of a course.toml or lesson.toml, each an exact `name==version`."""
    if value is None:
        return []
    text = toml_path.read_text(encoding="utf-8")
    key_line = next((i for i, line in enumerate(text.splitlines(), 1) if re.match(r"\s*packages\s*=", line)), 0)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise BuildError(f"{rel(toml_path)}:{key_line}: `packages` must be a list of strings, "
                         'as in packages = ["python-dateutil==2.9.0.post0"]')
    pins, seen = [], set()
    for item in value:
        found = [i for i, line in enumerate(text.splitlines(), 1) if f'"{item}"' in line or f"'{item}'" in line]
        line = found[0] if found else key_line
        match = PIN.fullmatch(item.strip())
        if not match:
            raise BuildError(f"{rel(toml_path)}:{line}: package {item!r}: pin an exact version, as in "
                             '"python-dateutil==2.9.0.post0" (no ranges: the lock file holds one wheel per package)')
        if canonical(match[1]) in seen:
            raise BuildError(f"{rel(toml_path)}:{line}: {match[1]} is listed twice in `packages`")
        seen.add(canonical(match[1]))
        pins.append(Pin(match[1], match[2], toml_path, line))
    return pins


@dataclass(frozen=True)
class Locked:
    """One line of a packages.lock."""

    name: str
    version: str
    sha256: str
    source: Path
    line: int

    @property
    def where(self) -> str:
        return f"{rel(self.source)}:{self.line}"


def read_lock(path: Path) -> dict[str, Locked]:
    """A course's packages.lock as {canonical name: Locked}."""
    entries: dict[str, Locked] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        match = LOCK_LINE.fullmatch(text)
        if not match:
            raise BuildError(f"{rel(path)}:{number}: not a lock line; each reads `name==version "
                             "--hash=sha256:<64 hex digits>` (write the file with `python build.py lock`)")
        name = canonical(match[1])
        if name in entries:
            raise BuildError(f"{rel(path)}:{number}: {match[1]} is locked twice")
        entries[name] = Locked(match[1], match[2], match[3], path, number)
    return entries


# ---------------------------------------------------------------------------------------------
# Which wheels run in Pyodide


def pyodide_info(node_modules: Path) -> dict[str, str]:
    """The `info` of Pyodide's own lock: its Python, platform, arch and ABI version."""
    return json.loads((node_modules / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]


def pyodide_platforms(info: dict[str, str]) -> list[str]:
    """The platform tags of wheels built for this Pyodide: PEP 783's `pyemscripten_<abi>_wasm32`
    and the older `emscripten_<version>_wasm32`."""
    platforms = [f"{info['platform']}_{info.get('arch', 'wasm32')}"]
    if info.get("abi_version"):
        platforms.insert(0, f"pyemscripten_{info['abi_version']}_{info.get('arch', 'wasm32')}")
    return platforms


def runs_in_pyodide(file_name: str, info: dict[str, str]) -> bool:
    """Whether a wheel's tags let it run in this Pyodide: pure Python (`py3-none-any`), or built
    for Pyodide's platform and CPython version (or the stable ABI)."""
    stem = file_name.removesuffix(".whl").split("-")
    if len(stem) < 5:
        return False
    pythons, abis, platforms = (set(part.split(".")) for part in stem[-3:])
    major, minor = info["python"].split(".")[:2]
    if "any" in platforms:
        return "none" in abis and bool(pythons & {"py3", f"py{major}{minor}", f"cp{major}{minor}"})
    return bool(platforms & set(pyodide_platforms(info))) and bool(abis & {f"cp{major}{minor}", "abi3", "none"})


def pip_target(info: dict[str, str]) -> list[str]:
    """pip's options that select wheels for Pyodide's Python rather than the build's: only
    wheels, Pyodide's Python version (for Requires-Python too), pure or Pyodide's platform."""
    major, minor = info["python"].split(".")[:2]
    options = ["--only-binary=:all:", "--python-version", f"{major}.{minor}", "--implementation", "cp",
               "--abi", f"cp{major}{minor}", "--abi", "abi3", "--abi", "none", "--platform", "any"]
    for platform in pyodide_platforms(info):
        options += ["--platform", platform]
    return options


# ---------------------------------------------------------------------------------------------
# Fetching


def pip_download(requirements: list[str], target: Path, info: dict[str, str], *, deps: bool,
                 index: Path | None = None) -> subprocess.CompletedProcess:
    """Run pip download for Pyodide (pip_target) into `target`. `index`: a folder of wheels to
    use instead of PyPI (the tests')."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--no-input", *pip_target(info), "-d", str(target)]
    if not deps:
        command.append("--no-deps")
    if index is not None:
        command += ["--no-index", "--find-links", str(index)]
    return subprocess.run([*command, *requirements], capture_output=True, text=True)


def explain_pip_failure(requirement: str, stderr: str, where: str) -> BuildError:
    """pip's refusal to fetch one `name==version`, told as what the author must do."""
    name, _, version = requirement.partition("==")
    found = re.search(r"\(from versions: ([^)]*)\)", stderr)
    versions = [v.strip() for v in found[1].split(",")] if found and found[1].strip() != "none" else []
    if found and not versions:
        return BuildError(f"{where}: {requirement}: pip finds no wheel of {name} that runs in Pyodide: either "
                          "there is no such package on PyPI (check the name's spelling), or it only has "
                          "wheels compiled for other platforms (manylinux, macOS, Windows) or no wheel at all. "
                          "A lesson can use pure-Python packages and ones built for Pyodide.")
    if versions:
        return BuildError(f"{where}: {requirement}: {name} has no version {version} with a wheel that runs in "
                          f"Pyodide; those that have one: {', '.join(versions[-8:])}. Pin one of them and run "
                          "`python build.py lock`")
    detail = "\n".join(line for line in stderr.splitlines() if "WARNING" not in line).strip()
    return BuildError(f"{where}: {requirement}: pip could not fetch it ({detail or 'no message'}); "
                      "check the network to PyPI, then build again")


def fetch_locked(entries: list[Locked], info: dict[str, str], *, cache: Path = CACHE / "wheels",
                 index: Path | None = None) -> dict[str, Path]:
    """Each locked wheel as a file in `cache`, fetched with pip when not there yet, and checked:
    it runs in Pyodide and its sha256 is the lock's. Returns {canonical name: wheel path}."""
    # Builds may run side by side (the test suite's workers): one fills the cache at a time.
    cache.mkdir(parents=True, exist_ok=True)
    with _file_lock(cache / ".lock"):
        return _fetch_locked(entries, info, cache, index)


def _fetch_locked(entries: list[Locked], info: dict[str, str], cache: Path, index: Path | None) -> dict[str, Path]:
    found: dict[str, Path] = {}
    missing = []
    for entry in entries:
        folder = cache / f"{canonical(entry.name)}-{entry.version}"
        wheels = sorted(folder.glob("*.whl")) if folder.is_dir() else []
        if len(wheels) == 1 and sha256(wheels[0]) == entry.sha256:
            found[canonical(entry.name)] = wheels[0]
        else:
            missing.append(entry)
    if not missing:
        return found
    with tempfile.TemporaryDirectory(prefix="lessonrt-wheels-") as scratch:
        # One pip for all; only if it fails, one per wheel, to say which one.
        batch = pip_download([f"{e.name}=={e.version}" for e in missing], Path(scratch) / "all", info,
                             deps=False, index=index)
        for entry in missing:
            target = Path(scratch) / canonical(entry.name)
            if batch.returncode == 0:
                target.mkdir()
                for wheel in (Path(scratch) / "all").glob("*.whl"):
                    if canonical(wheel.name.split("-")[0]) == canonical(entry.name):
                        shutil.move(wheel, target / wheel.name)
            else:
                proc = pip_download([f"{entry.name}=={entry.version}"], target, info, deps=False, index=index)
                if proc.returncode != 0:
                    raise explain_pip_failure(f"{entry.name}=={entry.version}", proc.stderr, entry.where)
            wheels = sorted(target.glob("*.whl"))
            if len(wheels) != 1:
                raise BuildError(f"{entry.where}: {entry.name}=={entry.version}: pip gave "
                                 f"{len(wheels)} wheels instead of one; build again")
            wheel = wheels[0]
            if not runs_in_pyodide(wheel.name, info):
                raise BuildError(f"{entry.where}: {wheel.name} cannot run in Pyodide (it is built for another "
                                 "platform); pin a version with a pure-Python wheel or one built for Pyodide")
            digest = sha256(wheel)
            if digest != entry.sha256:
                raise BuildError(f"{entry.where}: {wheel.name} has sha256 {digest}, but the lock says "
                                 f"{entry.sha256}. The file is not the one that was locked: do not use it. "
                                 "If you changed the pin on purpose, write the lock again with "
                                 "`python build.py lock`")
            folder = cache / f"{canonical(entry.name)}-{entry.version}"
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir(parents=True)
            found[canonical(entry.name)] = Path(shutil.copy2(wheel, folder / wheel.name))
    return found


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------------------------------------
# pyodide-build


def _python_at_least_312(python: str | Path) -> bool:
    try:
        proc = subprocess.run([str(python), "-c", "import sys; print(sys.version_info >= (3, 12))"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return proc.returncode == 0 and proc.stdout.strip() == "True"


def tools_python() -> Path:
    """A Python 3.12 or newer for pyodide-build: $LESSONRT_TOOLS_PYTHON, the running Python,
    python3.13 or python3.12 on PATH, or one of pyenv's. Raises BuildError naming what to install."""
    candidates: list[str | Path] = []
    if os.environ.get("LESSONRT_TOOLS_PYTHON"):
        candidates.append(os.environ["LESSONRT_TOOLS_PYTHON"])
    candidates.append(sys.executable)
    candidates += [found for name in ("python3.13", "python3.12") if (found := shutil.which(name))]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if pyenv.is_dir():
        versions = [p for p in pyenv.iterdir() if re.fullmatch(r"3\.(1[2-9])\.\d+", p.name)]
        candidates += [p / "bin" / "python3" for p in sorted(versions, reverse=True)]
    for candidate in candidates:
        if _python_at_least_312(candidate):
            return Path(candidate)
    raise BuildError("a lesson needs packages, and writing the site's pyodide-lock.json needs pyodide-build, "
                     "which runs on Python 3.12 or newer; none was found (tried $LESSONRT_TOOLS_PYTHON, "
                     "python3.13, python3.12 and pyenv's versions). Install one, or point "
                     "LESSONRT_TOOLS_PYTHON at it")


def _file_lock(path: Path):
    # Imported here: build.py imports this module (through content.py) before it has
    # installed the build's packages, filelock among them.
    from filelock import FileLock

    return FileLock(path)


PROGRESS: ContextVar[Callable[[str], None] | None] = ContextVar("lessonsite_progress", default=None)
"""Where a build's progress lines go instead of stderr, in the thread that sets it: the
watcher of `serve --watch` says them, and tells the open pages."""


def _progress(message: str) -> None:
    sink = PROGRESS.get()
    if sink is not None:
        sink(message)
        return
    # stderr: a command whose stdout is its result (the bench's table, `grade --json`) may build a site.
    print(message, file=sys.stderr, flush=True)


def ensure_pyodide_build(cache: Path = CACHE, log: Callable[[str], None] = _progress) -> Path:
    """The `pyodide` command of pyodide-build's own virtual environment, made the first time
    from pyodide-build.txt (exact versions, --require-hashes). Returns its path."""
    digest = hashlib.sha256(TOOLS_REQUIREMENTS.read_bytes()).hexdigest()[:12]
    venv = cache / f"pyodide-build-{digest}"
    command = venv / "bin" / "pyodide"
    if command.exists() and (venv / ".complete").exists():
        return command
    # Another build may be making it right now (the test suite's workers): wait for it,
    # rather than delete the folder it is installing into.
    cache.mkdir(parents=True, exist_ok=True)
    with _file_lock(cache / f"pyodide-build-{digest}.lock"):
        if not (command.exists() and (venv / ".complete").exists()):
            _make_pyodide_build(venv, digest, log)
    return command


def _make_pyodide_build(venv: Path, digest: str, log: Callable[[str], None]) -> None:
    python = tools_python()
    # The only step of a build that can take minutes, and it happens once: said before it starts.
    log(f"setting up pyodide-build (pinned in {rel(TOOLS_REQUIREMENTS)}), which writes the site's "
        f"pyodide-lock.json, in {rel(venv)} with {python}: once, on the first build with packages; "
        "about a minute and a half")
    if venv.exists():
        shutil.rmtree(venv)
    for step in ([str(python), "-m", "venv", str(venv)],
                 [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                  "--no-deps", "--require-hashes", "-r", str(TOOLS_REQUIREMENTS)]):
        proc = subprocess.run(step, capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError(f"installing pyodide-build failed ({' '.join(step[:4])} ...):\n{proc.stderr.strip()}")
    (venv / ".complete").write_text(digest + "\n")


def add_wheels(wheels: list[Path], info: dict[str, str], target: Path, pyodide: Path) -> dict[str, Any]:
    """Write target/pyodide-lock.json for the wheels (already in `target`) with `pyodide lockfile
    add-wheels`, starting from Pyodide's own lock's `info` and no package: the site lists only
    the wheels it serves. Returns the lock as a dict."""
    empty = target / ".pyodide-lock-input.json"
    empty.write_text(json.dumps({"info": info, "packages": {}}), encoding="utf-8")
    try:
        proc = subprocess.run([str(pyodide), "lockfile", "add-wheels", "--input", empty.name,
                               "--output", "pyodide-lock.json", *(w.name for w in wheels)],
                              cwd=target, capture_output=True, text=True)
    finally:
        empty.unlink()
    if proc.returncode != 0:
        message = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        raise BuildError(f"pyodide lockfile add-wheels failed: {message}")
    return json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# The site's packages


@dataclass
class SitePackages:
    """What the build served: the lock's URL and, per lesson key "<course>/<lesson>", the names
    the worker loads (Pyodide's loader brings their dependencies from the lock)."""

    lock_url: str | None = None
    lessons: dict[str, list[str]] = field(default_factory=dict)
    wheels: list[str] = field(default_factory=list)


def build_packages(courses: list, out: Path, node_modules: Path, *, index: Path | None = None,
                   cache: Path = CACHE, log: Callable[[str], None] = _progress) -> SitePackages:
    """Check every course's pins against its lock, fetch the wheels, and write out/packages/.
    Nothing is written when no lesson needs a package."""
    site = SitePackages()
    needed = [course for course in courses if any(lesson.packages for lesson in course.lessons)]
    if not needed:
        return site
    info = pyodide_info(node_modules)
    chosen: dict[str, Locked] = {}
    for course in needed:
        lock_path = course.folder / LOCK_NAME
        pins = [pin for lesson in course.lessons for pin in lesson.packages]
        if not lock_path.is_file():
            raise BuildError(f"{pins[0].where}: {pins[0]} needs {rel(lock_path)}, which is missing: write it "
                             f"with `python build.py lock` and commit it")
        lock = read_lock(lock_path)
        for pin in [*pins, Pin(*MICROPIP, lock_path, 0)]:
            entry = lock.get(canonical(pin.name))
            if entry is None or entry.version != pin.version:
                has = f" (it locks {entry.name}=={entry.version})" if entry else ""
                raise BuildError(f"{pin.where}: {pin} is not in {rel(lock_path)}{has}; write the lock again with "
                                 "`python build.py lock` and commit it")
        for name, entry in lock.items():
            other = chosen.get(name)
            if other is not None and other.version != entry.version:
                raise BuildError(f"{entry.where}: {entry.name}=={entry.version}, but {other.where} locks "
                                 f"{other.version}: the site serves one version of each package")
            chosen[name] = entry
        for lesson in course.lessons:
            if lesson.packages:
                site.lessons[f"{course.slug}/{lesson.slug}"] = [canonical(pin.name) for pin in lesson.packages]
    wheels = fetch_locked(sorted(chosen.values(), key=lambda e: canonical(e.name)), info,
                          cache=cache / "wheels", index=index)
    target = out / SITE_FOLDER
    target.mkdir(parents=True, exist_ok=True)
    copied = [Path(shutil.copy2(path, target / path.name)) for path in wheels.values()]
    try:
        lock = add_wheels(copied, info, target, ensure_pyodide_build(cache, log))
    except BuildError as error:
        missing = re.search(r"Requirement (\S+) from (\S+) is not in this distribution", str(error))
        if not missing:
            raise
        locks = ", ".join(rel(course.folder / LOCK_NAME) for course in needed)
        raise BuildError(f"{locks}: a locked wheel requires {missing[2]}, which the lock does not list; write the "
                         "lock again with `python build.py lock` (it resolves the dependencies) and commit it") from None
    for name, package in lock["packages"].items():
        entry = chosen.get(canonical(name))
        if entry is None or package["sha256"] != entry.sha256:
            raise BuildError(f"{SITE_FOLDER}/pyodide-lock.json: {name}'s hash is not the lock's; build again")
    site.lock_url = f"{SITE_FOLDER}/pyodide-lock.json"
    site.wheels = sorted(f"{SITE_FOLDER}/{path.name}" for path in copied)
    return site


def versioned_lock(out: Path) -> str | None:
    """The site's pyodide-lock.json as the worker asks for it, "packages/pyodide-lock.json?v=<hash
    of its content>", or None when the site serves no package. A URL that names its content
    never needs asking for again: every interpreter of a page (a spare, the one that makes the
    memory snapshot and starts twice) takes it from the browser's cache, and the service
    worker keeps it like the wheels, instead of precaching it under its bare name."""
    lock = out / SITE_FOLDER / "pyodide-lock.json"
    if not lock.is_file():
        return None
    return f"{SITE_FOLDER}/{lock.name}?v={sha256(lock)[:16]}"


def write_lock(course_folder: Path, pins: list[Pin], node_modules: Path, *, index: Path | None = None) -> Path:
    """`python build.py lock`: resolve the pins and micropip with pip, for Pyodide, and write
    packages.lock with each wheel's version and sha256 (dependencies included)."""
    info = pyodide_info(node_modules)
    requirements = [str(pin) for pin in pins] + ["%s==%s" % MICROPIP]
    with tempfile.TemporaryDirectory(prefix="lessonrt-lock-") as scratch:
        proc = pip_download(requirements, Path(scratch), info, deps=True, index=index)
        if proc.returncode != 0:
            for pin in pins:
                single = pip_download([str(pin)], Path(scratch) / "one", info, deps=True, index=index)
                if single.returncode != 0:
                    raise explain_pip_failure(str(pin), single.stderr, pin.where)
            raise explain_pip_failure(requirements[-1], proc.stderr, rel(course_folder / "course.toml"))
        lines = []
        for wheel in sorted(Path(scratch).glob("*.whl"), key=lambda p: canonical(p.name.split("-")[0])):
            if not runs_in_pyodide(wheel.name, info):
                raise BuildError(f"{rel(course_folder)}: {wheel.name} cannot run in Pyodide; pin another version")
            name, version = wheel.name.split("-")[:2]
            lines.append(f"{canonical(name)}=={version} --hash=sha256:{sha256(wheel)}")
    path = course_folder / LOCK_NAME
    path.write_text("# The wheels this course's lessons load, with their dependencies and micropip.\n"
                    "# Written by `python build.py lock`; the build fetches each one and checks its hash.\n"
                    + "\n".join(lines) + "\n", encoding="utf-8")
    return path
