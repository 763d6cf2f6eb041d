"""build.py runs every command in the checkout's own environment (.venv/), so that two
checkouts on one machine never run each other's code (py/lessonsite/environment.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from lessonsite.environment import SYSTEM, environment_of, runs_in

ROOT = Path(__file__).resolve().parents[1]


def checkout_with_a_recording_python(tmp_path: Path) -> Path:
    """A copy of build.py and the build's package whose .venv/bin/python only says how it was
    called: whether build.py re-runs itself there, with which arguments."""
    root = tmp_path / "checkout"
    (root / "py").mkdir(parents=True)
    shutil.copy(ROOT / "build.py", root / "build.py")
    shutil.copytree(ROOT / "py" / "lessonsite", root / "py" / "lessonsite",
                    ignore=shutil.ignore_patterns("__pycache__"))
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/bin/sh\necho "ran in the checkout\'s environment: $*"\n')
    python.chmod(0o755)
    return root


def test_a_command_started_with_another_python_runs_again_in_the_checkouts_environment(tmp_path):
    root = checkout_with_a_recording_python(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != SYSTEM}
    proc = subprocess.run([sys.executable, str(root / "build.py"), "serve", "--port", "8123"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"ran in the checkout's environment: {root / 'build.py'} serve --port 8123"


def test_the_system_python_can_be_kept_on_purpose(tmp_path):
    root = checkout_with_a_recording_python(tmp_path)
    proc = subprocess.run([sys.executable, str(root / "build.py"), "--help"], capture_output=True,
                          text=True, env={**os.environ, SYSTEM: "1"}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "ran in the checkout's environment" not in proc.stdout
    assert "usage: build.py" in proc.stdout


def test_the_environment_is_the_checkouts_own(tmp_path):
    env = environment_of(tmp_path)
    assert env == tmp_path / ".venv"
    env.mkdir()
    assert runs_in(env, str(env))
    assert not runs_in(env, str(tmp_path / "elsewhere"))
    (tmp_path / "link").symlink_to(env)
    assert runs_in(env, str(tmp_path / "link"))
