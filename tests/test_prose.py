"""Each lesson reads as it did when its prose was lesson.html: the same words, punctuation
included, under the same headings, with the same links, whatever Markdown now draws them.

tests/fixtures/prose/<course>/<lesson>.json holds what a reader read in the page built from
lesson.html (the prose's last HTML version, commit 0919d5b), made with tests/prose_text.py; in
el-bucle's, the widget's text has since grown by its first step, which the build now draws,
and in every lesson each code box by the line under it that tells its keys, each quiz
question by its number and each challenge by its Probar and Detener. A
lesson written since, or changed on purpose, gets its file made again with
`python -m tests.prose_text COURSE/LESSON > tests/fixtures/prose/COURSE/LESSON.json`.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from tests.prose_text import rendered, sections

FIXTURES = Path(__file__).parent / "fixtures" / "prose"
LESSONS = sorted(p.relative_to(FIXTURES).with_suffix("").as_posix() for p in FIXTURES.rglob("*.json"))


def test_every_lesson_of_the_repository_has_its_text_kept():
    courses = Path(__file__).resolve().parent.parent / "web" / "courses"
    lessons = sorted(p.parent.relative_to(courses).as_posix() for p in courses.glob("*/*/lesson.md"))
    assert lessons
    missing = [lesson for lesson in lessons if lesson not in LESSONS]
    assert not missing, ("a lesson without its text kept; once it reads as it should, keep it with "
                         + "; ".join(f"python -m tests.prose_text {lesson} > tests/fixtures/prose/{lesson}.json"
                                     for lesson in missing))
    gone = [lesson for lesson in LESSONS if lesson not in lessons]
    assert not gone, f"kept text of lessons that no longer exist: remove tests/fixtures/prose/{gone[0]}.json"


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_lesson_reads_as_before(lesson):
    before = json.loads((FIXTURES / f"{lesson}.json").read_text(encoding="utf-8"))
    now = sections(rendered(*lesson.split("/")))
    assert [s["heading"] for s in now] == [s["heading"] for s in before]
    for old, new in zip(before, now):
        if old["words"] != new["words"]:
            diff = difflib.unified_diff(old["words"].split(), new["words"].split(), "before", "now", lineterm="", n=3)
            pytest.fail(f"section {old['heading'] or '(before the first heading)'!r} reads differently:\n"
                        + "\n".join(diff))
        assert new["links"] == old["links"], old["heading"]
