"""The name of the function a challenge asks for, which four places must agree on: the checks'
SIGNATURE (what the grader looks for in the learner's code), the starting code the lesson's
{challenge} block shows, the course's reference (lesson.toml's [challenge] solution) and the
solutions of the corpus. One typo in any of them makes every solution fail, and the corpus
then reports that file by file: the build checks the names first and says, once, at
SIGNATURE's line, what each place defines and what to rename where.

The name most of the places define is taken as the one meant; on a tie, the starting code's,
then the reference's, since those are what the learner reads.
"""

from __future__ import annotations

import ast
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .challenge_help import key_line
from .layout import BuildError, rel
from .runtime import corpus_header

CHALLENGE_BLOCK = re.compile(r"^\s*(`{3,}|~{3,})\{challenge\}\s+(?P<file>\S+\.py)\s*$", re.MULTILINE)
"""lesson.md's {challenge} block, which names the starting code's file."""


@dataclass
class Place:
    """One place that names the function: what it defines, and where to rename it."""

    what: str
    """How the message calls it: "the starting code desafio.py"."""
    functions: list[str]
    """The functions it defines at its top level, in order: its say in the name."""
    binds: set[str]
    """Every name it binds at its top level (a function may be bound by an assignment)."""
    at: str
    """Where a rename goes: a file and line, or two."""


def top_level(path: Path) -> tuple[dict[str, int], set[str]] | None:
    """({function: line} of the file's top-level defs, every name it binds at its top level),
    or None when it is not valid Python (another step says so, at its line)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return None
    functions: dict[str, int] = {}
    binds: set[str] = set()
    pending = list(tree.body)
    while pending:  # the module's own statements, into if/try/with, never into a body of a def
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            binds.add(node.name)
            if node in tree.body and not isinstance(node, ast.ClassDef):
                functions[node.name] = node.lineno
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            binds.add(node.id)
        elif isinstance(node, ast.alias):
            binds.add((node.asname or node.name).split(".")[0])
        pending.extend(ast.iter_child_nodes(node))
    functions = dict(sorted(functions.items(), key=lambda item: item[1]))
    return functions, binds


def signature_of(checks: Path) -> tuple[str, str, int] | None:
    """(SIGNATURE's text, the function it names, its line) in the checks' file, or None when
    it has none the registry would accept (the registry says what to write)."""
    try:
        tree = ast.parse(checks.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return None
    for node in tree.body:
        if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "SIGNATURE" for t in node.targets)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            name = re.match(r"\s*([A-Za-z_]\w*)\s*\(", node.value.value)
            return (node.value.value, name[1], node.lineno) if name else None
    return None


def lesson_places(folder: Path, course_files: Path) -> list[Place]:
    """The starting code and the reference of the lesson in `folder`, each that can be read
    (the build's other steps report a missing or broken one)."""
    found = []
    prose = folder / "lesson.md"
    block = CHALLENGE_BLOCK.search(prose.read_text(encoding="utf-8")) if prose.is_file() else None
    start = folder / block["file"] if block else None
    read = top_level(start) if start is not None and start.is_file() else None
    if read and read[0]:
        functions, binds = read
        first = next(iter(functions))
        found.append(Place(f"the starting code {rel(start)}", list(functions), binds, f"{rel(start)}:{functions[first]}"))
    toml_path = folder / "lesson.toml"
    try:
        text = toml_path.read_text(encoding="utf-8")
        spec = tomllib.loads(text).get("challenge", {}).get("solution")
    except (OSError, tomllib.TOMLDecodeError, AttributeError):
        spec = None
    match = re.fullmatch(r"([\w.-]+\.py):([A-Za-z_]\w*)", spec) if isinstance(spec, str) else None
    read = top_level(course_files / match[1]) if match else None
    if read and match[2] in read[0]:
        line = key_line(text, "challenge", "solution")
        source = rel(course_files / match[1])
        found.append(Place(f"the reference ({rel(toml_path)}:{line}: solution = {spec!r})", [match[2]], {match[2]},
                           f"{source}:{read[0][match[2]]} and in {rel(toml_path)}:{line}"))
    return found


def corpus_places(folder: Path, asked: str) -> list[Place]:
    """The corpus's solutions that define a function. A file that defines none, or a rejected
    one whose header expects the grading to stop before the checks (`# error:`, as for a
    module that defines the function under another name on purpose), proves something else
    and has no say. A file that says `asked` anywhere is taken to define it unread: a red
    team's corpus holds hundreds of files, and parsing each would slow every build."""
    found = []
    word = re.compile(rf"\b{re.escape(asked)}\b")
    for kind in ("accept", "reject"):
        for path in sorted((folder / "corpus" / kind).glob("*.py")):
            if word.search(path.read_text(encoding="utf-8", errors="replace")):
                found.append(Place(f"corpus/{kind}/{path.name}", [asked], {asked}, rel(path)))
                continue
            if kind == "reject" and corpus_header(path)[1]:
                continue
            read = top_level(path)
            if read and read[0]:
                found.append(Place(f"corpus/{kind}/{path.name}", list(read[0]), read[1], rel(path)))
    return found


def check_challenge_names(challenges: dict[str, Path], py_courses: Path) -> None:
    """For each challenge ({"course/lesson": folder}), a BuildError at its SIGNATURE's line when
    the name it gives the learner's function is not the one its starting code, its reference
    and its corpus define, or when one of those defines another: what each defines, and the
    renames that make them agree."""
    for key, folder in sorted(challenges.items()):
        checks = next((f for f in (folder / "checks" / "__init__.py", folder / "checks.py") if f.is_file()), None)
        signature = signature_of(checks) if checks else None
        if signature is None:
            continue
        text, asked, line = signature
        lesson, corpus = lesson_places(folder, py_courses / key.split("/")[0]), corpus_places(folder, asked)
        if all(asked in place.binds for place in [*lesson, *corpus]):
            continue
        # Each lesson place is one vote for each function it defines, the corpus one vote
        # shared among its files, SIGNATURE one; ties go to what the learner reads.
        votes: dict[str, float] = {asked: 1.0}
        for place in lesson:
            for name in place.functions:
                votes[name] = votes.get(name, 0) + 1
        for place in corpus:
            for name in place.functions:
                votes[name] = votes.get(name, 0) + 1 / len(corpus)
        meant = max(votes, key=lambda name: (votes[name], *(name in p.functions for p in lesson), name == asked))
        where = f"{rel(checks)}:{line}"
        said = [f"{place.what} defines {', '.join(place.functions)}" for place in lesson]
        if corpus:
            agree = sum(meant in place.binds for place in corpus)
            said.append(f"{agree} of the {len(corpus)} corpus solutions define {meant}")
        fixes = []
        if asked != meant:
            fixes.append(f"rename {asked} to {meant} in {where} (SIGNATURE = {text.replace(asked, meant, 1)!r})")
        for place in lesson:
            if meant not in place.binds:
                fixes.append(f"rename {place.functions[0]} to {meant} in {place.at}")
        wrong = [place for place in corpus if meant not in place.binds]
        if wrong:
            files = ", ".join(p.what for p in wrong[:4]) + (", ..." if len(wrong) > 4 else "")
            fixes.append(f"rename the function to {meant} in {len(wrong)} corpus file{'s' * (len(wrong) != 1)} "
                         f"({files})")
        raise BuildError(f"{where}: SIGNATURE = {text!r} asks the learner for {asked}, but {'; '.join(said)}. "
                         f"{'; '.join(fixes)[0].upper()}{'; '.join(fixes)[1:]}")
