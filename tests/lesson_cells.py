"""A lesson's cells run in CPython as the page runs them: through lessonrt.runner, each
after the cells before it (in key order) with their output hidden."""

from __future__ import annotations

from pathlib import Path

from lessonrt.runner import local_open_url, run_cell

ROOT = Path(__file__).resolve().parent.parent


def cell_output(lesson: Path, key: str) -> str:
    """What cell `key` (its file `<key>.py` in the lesson folder `lesson`) prints."""
    keys = sorted(p.stem for p in lesson.glob("celda*.py"))
    code = {k: (lesson / f"{k}.py").read_text(encoding="utf-8") for k in keys}
    before = [(k, code[k]) for k in keys[: keys.index(key)]]
    parts: list[str] = []
    result = run_cell(code[key], name=key, before=before, open_url=local_open_url(ROOT / "py"),
                      write=lambda _, text: parts.append(text))
    assert result["ok"], result["error"]
    return "".join(parts)
