"""A rule of the browser tests that no single run can show broken: every `wait_for_function`
waits on a function, never on an expression (web/docs/testing.md, "Wait on a function").

Playwright re-reads an expression with `eval` at each poll after the first, and the lesson
page's policy refuses `eval`: such a wait fails only on the runs where its condition was not
already true at the first check. So the rule is read from the source with `ast`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from lessonsite.layout import ROOT

# The tests' own code and the benchmark's; not the learner code under tests/ (corpora, hostile
# programs), which drives no browser.
SOURCES = [path for folder in ("tests", "tests/browser", "tests/webkit", "py/lessonsite/bench")
           for path in sorted((ROOT / folder).glob("*.py"))]
# What Playwright takes for a function: an arrow function (with or without parentheses
# around its parameters) or a function expression, async or not.
FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)")


def literal_text(node: ast.expr) -> str | None:
    """The start of a string literal or f-string as written (an f-string's fields left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value for part in node.values if isinstance(part, ast.Constant))
    return None


def expression_waits(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            text = literal_text(node.args[0])
            if text is not None and not FUNCTION.match(text):
                found.append(f"{path.name}:{node.lineno}: {text.strip()[:60]}")
    return found


def test_the_rule_tells_a_function_from_an_expression(tmp_path: Path):
    sample = tmp_path / "sample.py"
    sample.write_text('page.wait_for_function("() => ready")\npage.wait_for_function("k => k")\n'
                      'page.wait_for_function(f"s => ({X})(s) > 0")\npage.wait_for_function("function () {}")\n'
                      'page.wait_for_function("globalThis.ready === true")\npage.wait_for_function(READY)\n',
                      encoding="utf-8")
    assert [line.split(": ", 1)[1] for line in expression_waits(sample)] == ["globalThis.ready === true"]


def test_every_wait_for_function_waits_on_a_function():
    assert [found for path in SOURCES for found in expression_waits(path)] == []
