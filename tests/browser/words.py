"""What the page says, in a lesson's own language: the per-lesson tests run every course's
lessons, and a course in English is read in English (its catalog is the page's own)."""

from __future__ import annotations

import os
import re
import tomllib
from functools import cache
from pathlib import Path

from lessonsite.i18n import gettext_for, ngettext_for

COURSES = Path(__file__).resolve().parents[2] / "web" / "courses"


class Words:
    def __init__(self, lang: str):
        _ = self._ = gettext_for(lang)
        self.ngettext = ngettext_for(lang)
        self.run = _("Run")
        self.input = _("Input")
        self.done = _("Run finished.")
        self.failed = _("The run ended with an error: it is in the output.")
        # What the status says while input() waits, by the words its two forms share.
        self.waiting = re.escape(os.path.commonprefix([_(m) for m in (
            "The cell is waiting for what you type: type it in Input and press Enter.",
            "The cell is waiting for what you type in Input.")])) + ".*"
        self.quiz = _("Check your intuition")
        self.check_answer = _("Check answer")
        self.your_answer = _("Your answer")
        self.right = _("Right.")
        self.wrong = _("Wrong.")
        self.challenge = _("Challenge")
        self.check = _("Check")
        self.challenge_code = _("Challenge code")
        # The banner's first words, before its colon.
        self.solved = _("Challenge solved: your code does everything the challenge asks. Your code is kept in this "
                        "browser.").split(":")[0]

    def passed(self, passed: int | str, total: int) -> str:
        """«3 de 5 pruebas superadas» / "3 of 5 checks passed"."""
        template = self.ngettext("{passed} of {n} check passed", "{passed} of {n} checks passed", total)
        return template.replace("{passed}", str(passed)).replace("{n}", str(total))

    def same(self, summary: str) -> str:
        """A grade's summary when it reports what the one before it did (an unsolved one)."""
        return self._("{summary}: the same as the last check.").replace("{summary}", summary)

    def verdict(self, total: int | None = None, solved: bool | None = None) -> re.Pattern:
        """Any grade's summary, the same as the last one's or not; with `total`, one of that
        many checks; `solved=False`: not all."""
        again = "(?:%s)?" % re.escape(self.same("@S")).split("@S")[1]
        if total is None:
            parts = [re.escape(self.passed("@P", n)).replace("@P", r"\d+").replace(str(n), r"\d+") for n in (1, 2)]
            return re.compile("^(%s)%s$" % ("|".join(parts), again))
        any_passed = re.escape(self.passed("@P", total)).replace("@P", r"\d+")
        if solved is False:
            return re.compile(rf"^(?!{re.escape(self.passed(total, total))}$){any_passed}{again}$")
        return re.compile(f"^{any_passed}{again}$")


SPANISH = Words("es")


@cache
def words_for(key: str) -> Words:
    """The words of the course of lesson `key` ("course/lesson")."""
    course = key.split("/")[0]
    return Words(tomllib.loads((COURSES / course / "course.toml").read_text(encoding="utf-8"))["lang"])
