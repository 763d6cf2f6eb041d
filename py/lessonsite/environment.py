"""The checkout's own Python environment: `.venv/` beside build.py.

Every command runs in it, created on first use, so that the packages a checkout installs
(itself, editable, and the pinned build and test packages) stay in that checkout: two
checkouts on one machine never import each other's code, and nothing is installed into the
system's Python. Standard library only: it runs before any pinned package is there."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

# Set to run build.py with the Python it was started with, environment or not (a
# distribution's packaging, say, that installs the pinned packages its own way).
SYSTEM = "LESSONRT_SYSTEM_PYTHON"


def environment_of(root: Path) -> Path:
    return root / ".venv"


def python_of(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def runs_in(env: Path, prefix: str = sys.prefix) -> bool:
    """Whether the running interpreter is `env`'s (by its prefix, links resolved)."""
    try:
        return Path(prefix).resolve() == env.resolve()
    except OSError:
        return False


def ensure_environment(env: Path) -> Path:
    """Create `env` with pip when it is missing; returns its Python. A failure says what the
    machine lacks."""
    python = python_of(env)
    if not python.exists():
        print(f"creating the checkout's Python environment in {env.name}/", file=sys.stderr, flush=True)
        try:
            venv.create(env, with_pip=True)
        except (OSError, subprocess.CalledProcessError) as error:
            raise SystemExit(
                f"error: cannot create {env} ({error}); on Debian install python3-venv "
                f"(`sudo apt-get install python3-venv`), or set {SYSTEM}=1 to use this Python as it is")
    return python


def reexec_in_environment(root: Path, script: Path, argv: list[str]) -> None:
    """Run `script` again in the checkout's environment unless it already runs there (or
    SYSTEM is set). Returns only when no re-run is needed."""
    env = environment_of(root)
    if os.environ.get(SYSTEM) or runs_in(env):
        return
    python = ensure_environment(env)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(python, [str(python), str(script), *argv])
