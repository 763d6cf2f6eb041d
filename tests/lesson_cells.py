"""A lesson's cells run in CPython as the page runs them: through lessonrt.runner, each
after the cells before it (in page order) with their output hidden."""

from __future__ import annotations

from pathlib import Path

from lessonrt.runner import local_open_url, run_cell
from lessonsite.content import lesson_cells, load_lesson

ROOT = Path(__file__).resolve().parent.parent


def cell_output(lesson: Path, key: str) -> str:
    """What cell `key` of the lesson folder `lesson` prints (a file cell's key is its file's
    stem, an inline cell's comes from its name: lessonsite.content.lesson_cells)."""
    cells = lesson_cells(load_lesson(lesson, lesson.parent.name))
    keys = [cell.key for cell in cells]
    before = [(cell.key, cell.code) for cell in cells[: keys.index(key)]]
    parts: list[str] = []
    result = run_cell(cells[keys.index(key)].code, name=key, before=before, open_url=local_open_url(ROOT / "py"),
                      write=lambda _, text: parts.append(text))
    assert result["ok"], result["error"]
    return "".join(parts)
