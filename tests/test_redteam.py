"""The blind red teams' solutions of every challenge, against what each promises, in CPython.

tests/redteam/<course>/<lesson>/accept/ and reject/ hold solutions written by people who
saw only the lesson's page, right ones and wrong ones (one realistic mistake each), each
proven right or wrong outside the grader (web/docs/testing.md, «What proves the grader»):
the project's evidence that the checks tell right from wrong. They
are not the lesson's: its folder ships its author's corpus, which the build grades; these
hundreds are graded here, by the build's own machinery (lessonsite.runtime.grade_corpus and
corpus_problems: child processes, the build's time limits, trampa_*.py each alone, the same
header promises), so a verdict means the same in both places.

Each folder is cut into chunks (CHUNK), one test each, so that pytest-xdist's
workers (`-n 2`) share them; a failure names every file of its chunk whose verdict differs
from its promise, at the file and the header line.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from lessonsite.layout import ROOT, Layout
from lessonsite.runtime import challenge_files, check_mistakes, corpus_problems, grade_corpus

RED = ROOT / "tests" / "redteam"
COURSES = ROOT / "web" / "courses"
KINDS = ("accept", "reject")

CHUNK = {"accept": 25, "reject": 100}
"""Files per test, about ten seconds of a core each: an accepted solution goes through every
case of every check, a rejected one stops at its first failing case, several times sooner. A
child CPython's start and the challenge's load (about a second) are paid once per chunk."""


def lessons() -> list[str]:
    """The keys ("course/lesson") of every lesson the red teams attacked."""
    return sorted(p.relative_to(RED).as_posix() for p in RED.glob("*/*") if p.is_dir())


def entries(key: str, kind: str) -> list[Path]:
    return sorted((RED / key / kind).glob("*.py"))


def chunks() -> list:
    """(key, kind, files) for every chunk; the files dealt out in turn, so that the slow ones
    (those that hang on purpose sort together) are spread over every chunk of the folder."""
    params = []
    for key in lessons():
        for kind in KINDS:
            files = entries(key, kind)
            count = math.ceil(len(files) / CHUNK[kind])
            for i in range(count):
                params.append(pytest.param(key, kind, files[i::count],
                                           id=f"{key.split('/')[1]}/{kind}/{i + 1}of{count}"))
    return params


def test_every_red_team_folder_is_a_lessons_challenge():
    # A folder misnamed (a lesson renamed, a typo) would otherwise be graded by nobody.
    assert {"llm-agents/el-bucle", "llm-agents/errores"} <= set(lessons())
    for key in lessons():
        assert challenge_files(COURSES / key), f"tests/redteam/{key}/: there is no lesson {key} with a challenge"
        assert sorted(p.name for p in (RED / key).iterdir()) == sorted(KINDS), key
        assert all(entries(key, kind) for kind in KINDS), key


def test_no_lesson_ships_a_red_teams_file():
    # Every build would grade it again, and an author would ship it with the lesson.
    strays = sorted(p.relative_to(ROOT).as_posix() for p in COURSES.glob("*/*/corpus/*/rojo_*.py"))
    assert strays == [], "move them to tests/redteam/<course>/<lesson>/ (web/docs/testing.md)"


@pytest.mark.parametrize("key, kind, files", chunks())
def test_every_red_team_entry_gets_the_verdict_it_promises(key: str, kind: str, files: list[Path]):
    layout = Layout.at(ROOT)
    folder = COURSES / key
    verdicts = grade_corpus(layout, key, folder, files)
    check_mistakes(layout, key, folder, verdicts)  # a mistake in the checks, said once, at its line
    problems = [problem for path in files for problem in corpus_problems(path, verdicts[str(path)])]
    assert problems == [], f"{len(problems)} of {len(files)} entries:\n  " + "\n  ".join(problems)
