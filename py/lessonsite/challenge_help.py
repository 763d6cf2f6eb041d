"""Help for a learner who is stuck on a challenge, as lesson.toml's [challenge] table declares it:
hints revealed one at a time, and the course's solution (a function of a course file, drawn
with Pygments) shown beside the learner's code after a pass or after enough failed attempts.

    [challenge]
    hints = ["a nudge", "...", "nearly the answer"]
    solution = "bucle.py:bucle"        # py/courses/<course>/bucle.py, its top-level def bucle
    solution_note = "What to notice in the course's version."
    solution_after = 3                 # failed Comprobar before it is offered (default 3)

Every lesson with a {challenge} block needs `hints`, `solution` and `solution_note`; each
error names lesson.toml and the line to fix. web/docs/help-for-learners.md is the reference.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from .highlight import highlight_lines
from .layout import BuildError, rel

CHALLENGE_KEYS = ("hints", "solution", "solution_note", "solution_after")

DEFAULT_SOLUTION_AFTER = 3
"""Failed attempts before the solution is offered when lesson.toml does not say."""


@dataclass
class ChallengeHelp:
    """A challenge's help, validated: what the page's data and template carry."""

    hints: list[str]
    solution_file: str
    solution_function: str
    solution_code: str
    solution_note: str
    solution_after: int

    def page_data(self) -> dict[str, Any]:
        """The numbers and names the page's script needs; the texts travel in the template."""
        return {"hints": len(self.hints), "solution": {"function": self.solution_function,
                                                       "after": self.solution_after}}

    def solution_lines(self) -> list[Markup]:
        return highlight_lines(self.solution_code)


def key_line(text: str, table: str, key: str | None = None) -> int:
    """Line (1-based) of `[table]`'s header, or of `key = ...` inside that table; 0 when absent."""
    in_table, header = False, 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            in_table = re.fullmatch(rf"\[\s*{re.escape(table)}\s*\](\s*#.*)?", stripped) is not None
            if in_table:
                header = number
            continue
        if in_table and key is not None and re.match(rf"{re.escape(key)}\s*=", stripped):
            return number
    return header if key is None else 0


def load_challenge_help(table: Any, toml_path: Path, py_course: Path) -> ChallengeHelp:
    """Validate lesson.toml's [challenge] table (see the module's docstring) and read the
    solution's source from `py_course` (py/courses/<course>/). BuildError on anything
    missing or malformed, naming lesson.toml and its line."""
    text = toml_path.read_text(encoding="utf-8")

    def fail(key: str | None, message: str) -> BuildError:
        line = key_line(text, "challenge", key) or key_line(text, "challenge")
        return BuildError(f"{rel(toml_path)}{f':{line}' if line else ''}: [challenge]: {message}")

    if table is None:
        raise fail(None, "missing: a lesson with a {challenge} needs a [challenge] table with `hints`, "
                         "`solution` and `solution_note` (see web/docs/help-for-learners.md)")
    if not isinstance(table, dict):
        raise fail(None, "`challenge` must be a table ([challenge])")
    unknown = sorted(set(table) - set(CHALLENGE_KEYS))
    if unknown:
        raise fail(unknown[0], f"unknown key(s) {', '.join(unknown)}; allowed: {', '.join(CHALLENGE_KEYS)}")

    hints = table.get("hints")
    if hints is None:
        raise fail(None, "needs `hints = [\"...\", ...]`: the hints a stuck learner reveals one at a time, "
                         "from a nudge to nearly the answer")
    if not isinstance(hints, list) or not hints:
        raise fail("hints", "`hints` must be a non-empty array of strings")
    for i, hint in enumerate(hints, 1):
        if not isinstance(hint, str) or not hint.strip():
            raise fail("hints", f"hint {i} must be a non-empty string")
    if len(set(h.strip() for h in hints)) != len(hints):
        raise fail("hints", "two hints say the same; each press should show something new")

    spec = table.get("solution")
    if spec is None:
        raise fail(None, "needs `solution = \"file.py:function\"`: the course file and the function in it "
                         "that solves the challenge")
    match = re.fullmatch(r"([\w.-]+\.py):([A-Za-z_]\w*)", spec) if isinstance(spec, str) else None
    if match is None:
        raise fail("solution", f"solution = {spec!r}: write it \"file.py:function\", a file of "
                               f"{rel(py_course)}/ and a function defined at its top level")
    file_name, function = match[1], match[2]
    source_path = py_course / file_name
    if not source_path.is_file():
        raise fail("solution", f"solution names {file_name}, but {rel(source_path)} does not exist")
    code = function_source(source_path, function)
    if code is None:
        raise fail("solution", f"{rel(source_path)} has no top-level `def {function}`; name a function "
                               "it defines")

    note = table.get("solution_note")
    if not isinstance(note, str) or not note.strip():
        raise fail("solution_note" if "solution_note" in table else None,
                   "needs `solution_note = \"...\"`: a sentence or two on what to notice in the course's solution")

    after = table.get("solution_after", DEFAULT_SOLUTION_AFTER)
    if isinstance(after, bool) or not isinstance(after, int) or after < 1:
        raise fail("solution_after", f"solution_after = {after!r}: the number of failed attempts before the "
                                     "solution is offered, a whole number >= 1")
    return ChallengeHelp(hints=[h.strip() for h in hints], solution_file=file_name,
                         solution_function=function, solution_code=code,
                         solution_note=note.strip(), solution_after=after)


def function_source(path: Path, name: str) -> str | None:
    """The source of `def name` at the top level of the Python file, decorators included, as
    the file writes it; None when the file defines no such function."""
    source = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(source, filename=str(path))
    except SyntaxError as error:
        raise BuildError(f"{rel(path)}:{error.lineno}: not valid Python ({error.msg})") from None
    lines = source.splitlines()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            return "\n".join(lines[first - 1:node.end_lineno])
    return None
