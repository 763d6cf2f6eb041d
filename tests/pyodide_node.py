"""Run Python in the pinned Pyodide (node_modules/pyodide) under Node.js, with the repository
at /repo and the runtime's catalogs, compiled as the build compiles them, at /catalogos/locale:
what the page's worker runs, without a browser."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NODE_RUNNER = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(raiz)s }, "/repo");
py.FS.mkdirTree("/catalogos");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(catalogos)s }, "/catalogos");
py.setStdout({ batched: () => {} });
const out = py.runPython(fs.readFileSync(%(script)s, "utf8"));
process.stdout.write(out);
"""


def run_in_pyodide(script: str, tmp_path: Path, timeout: float = 240) -> str:
    """The value of `script`'s last expression (a str), run by Pyodide in Node.js; its prints
    go nowhere. An error in Node or Python fails with the end of what it said."""
    from lessonsite.catalogs import compile_into

    pyodide = ROOT / "node_modules" / "pyodide"
    assert (pyodide / "pyodide.mjs").exists(), "npm ci installs the pinned Pyodide"
    (tmp_path / "script.py").write_text(script, encoding="utf-8")
    compile_into(ROOT / "py" / "lessonrt", tmp_path / "catalogos")
    runner = tmp_path / "runner.mjs"
    runner.write_text(NODE_RUNNER % {
        "catalogos": json.dumps(str(tmp_path / "catalogos")),
        "pyodide": json.dumps((pyodide / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(pyodide) + "/"), "raiz": json.dumps(str(ROOT)),
        "script": json.dumps(str(tmp_path / "script.py"))}, encoding="utf-8")
    done = subprocess.run(["node", str(runner)], capture_output=True, timeout=timeout)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]
    return done.stdout.decode("utf-8")
