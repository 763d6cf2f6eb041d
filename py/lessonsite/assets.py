"""The front-end side of the build: npm packages, Pyodide's files, the course files, and the
bundles esbuild makes (the page's modules, its stylesheet, the service worker).
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

from .layout import ROOT, BuildError, Layout, rel, check_python
from .packages import versioned_lock
from .policy import HASHED_ASSET
from .widgets import WidgetKind, widget_asset


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
                             f"PYODIDE_FILES in py/lessonsite/assets.py must match what pyodide {version} ships")
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


def bundle_assets(layout: Layout, out: Path, entries: tuple[str, ...] = ("main.js", "worker.js", "courses.js")) -> dict[str, str]:
    """Bundle the page into out/assets/ with esbuild: each web/src entry as a minified ES
    module with a linked source map (worker.js is the module worker; main.js is split, and
    CodeMirror with the editor is its chunk assets/editor-<hash>.js, which main.js imports
    when a learner reaches for an editor), and web/style.css with the feature stylesheets it @imports inlined.

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
    esm = ["--format=esm", "--target=es2022", f"--outbase={layout.src}"]
    # The page's entry is split: what its dynamic import()s reach (the editor, CodeMirror)
    # becomes a chunk of its own, fetched when a learner reaches for an editor, so the page
    # never evaluates it before it can run. The other entries stay one file each: a chunk
    # shared with the worker would add a request before Python can start.
    split = [name for name in entries if name == "main.js"]
    for sources, options in (
        ([layout.src / name for name in split], [*esm, "--splitting", "--chunk-names=[name]-[hash]"]),
        ([layout.src / name for name in entries if name not in split], esm),
        ([layout.style], []),
    ):
        if not sources:
            continue
        run_esbuild(layout, [*(str(p) for p in sources), "--bundle", "--minify", "--sourcemap",
                             *options, f"--outdir={assets}", "--entry-names=[name]-[hash]",
                             f"--metafile={metafile}"], rel(sources[0]))
        for output, info in json.loads(metafile.read_text(encoding="utf-8"))["outputs"].items():
            if info.get("entryPoint"):
                names[Path(info["entryPoint"]).name] = Path(output).name
    metafile.unlink()
    return names


def bundle_widgets(layout: Layout, out: Path, kinds: list[WidgetKind]) -> dict[str, str]:
    """Bundle each widget kind's script (an ES module, like main.js) and its styles into
    out/assets/, each a bundle of its own, so that a page loads only the kinds it uses:
    assets/widget-<kind>-<hash>.js and .css. A script imports the page's own modules as
    "lessonrt/<module>.js" (web/src/<module>.js), wherever its folder is. Returns {"widgets/<kind>.js": file name, ...}
    (keys from widgets.widget_asset), to be merged with bundle_assets' names."""
    if not kinds:
        return {}
    assets = out / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    metafile = assets / ".meta.json"
    names: dict[str, str] = {}
    for extension, sources, options in (
        ("js", [k.script for k in kinds], ["--format=esm", "--target=es2022"]),
        ("css", [k.style for k in kinds if k.style is not None], []),
    ):
        if not sources:
            continue
        # Every kind's files are named widget.js and widget.css: "name=path" gives each
        # entry the output name widget-<kind>.
        run_esbuild(layout, [*(f"widget-{p.parent.name}={p}" for p in sources), "--bundle", "--minify",
                             "--sourcemap", *options, f"--alias:lessonrt={layout.src}", f"--outdir={assets}",
                             "--entry-names=[name]-[hash]",
                             f"--metafile={metafile}"],
                    ", ".join(rel(p) for p in sources))
        for output, info in json.loads(metafile.read_text(encoding="utf-8"))["outputs"].items():
            if info.get("entryPoint"):
                names[widget_asset(Path(info["entryPoint"]).parent.name, extension)] = Path(output).name
    metafile.unlink()
    return names


def bundle_service_worker(layout: Layout, out: Path, pyodide_version: str, packages: list[str] = (),
                          stdlib: str | None = None) -> Path:
    """Bundle web/src/sw.js (with Workbox) into out/sw.js, a classic script, which must sit
    at the site root for its scope to cover the site. The list of files it precaches, each
    with a revision (a hash of its content, or None when the name carries one), is made
    from what the build wrote to `out`: everything but Pyodide (cached as it passes, see
    sw.js), source maps and the compressed copies. A page is listed under the URL its
    links use, its folder's ("courses/x/y/", "./" for the home page): the service worker
    then finds it in the HTTP cache, where its navigation left it, and only revalidates.
    `packages` are the lessons' wheels ("packages/x.whl"): like Pyodide, they are not
    precached (a learner would download every lesson's), but kept once a lesson has loaded
    them; so is the site's packages/pyodide-lock.json, under the URL that names its content
    (packages.versioned_lock), which is the one the worker asks for."""
    lock = versioned_lock(out)
    kept = [*packages, *([lock] if lock else [])]
    entries = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        url = path.relative_to(out).as_posix()
        if url.startswith("pyodide/") or path.suffix in {".map", ".gz", ".br", ".whl"}:
            continue
        if lock and url == lock.partition("?")[0]:
            continue
        hashed = HASHED_ASSET.match(url)
        if path.name == "index.html":
            url = url.removesuffix("index.html") or "./"
        digest = hashlib.sha256(path.read_bytes()).digest()
        # `integrity` (SRI) lets the service worker tell a file of this build from any
        # other bytes: a damaged copy in its cache, or the next build's file under the
        # same URL. It then repairs its cache only with this build's files.
        entries.append({"url": url, "revision": None if hashed else digest.hex()[:16],
                        "integrity": "sha256-" + base64.b64encode(digest).decode("ascii")})
    # `stdlib`, the first archive of the standard library (stdlib.py), is in Pyodide's folder
    # and kept with its files; python_stdlib.zip, the whole library, is kept even when no
    # cell has needed it yet, so that every module can be imported offline (sw.js).
    pyodide = {"version": pyodide_version, "path": f"pyodide/{pyodide_version}/",
               "files": [*PYODIDE_FILES, *([stdlib] if stdlib else [])], "whole": "python_stdlib.zip"}
    target = out / "sw.js"
    run_esbuild(layout, [str(layout.src / "sw.js"), "--bundle", "--minify", "--format=iife", "--target=es2022",
                         f"--outfile={target}", "--define:process.env.NODE_ENV=\"production\"",
                         f"--define:LESSONRT_PRECACHE={json.dumps(entries)}",
                         f"--define:LESSONRT_PYODIDE={json.dumps(pyodide)}",
                         f"--define:LESSONRT_PACKAGES={json.dumps(kept)}"], rel(layout.src / "sw.js"))
    return target
