"""The docs (web/docs/*.md) and the README: built into the site at docs/, every link leads
somewhere, and every sample a reader would copy works: the tutorial's lesson builds and grades
as the tutorial says, and every `python build.py ...` command names a command and options that
build.py takes."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from lessonsite.builder import build_site
from lessonsite.docs import build_docs, read_page
from lessonsite.layout import ROOT, BuildError, Layout
from lessonsite.runtime import grade
from lessonsite.sitecheck import check_site

DOCS = ROOT / "web" / "docs"
README = ROOT / "README.md"
TUTORIAL = DOCS / "writing-a-lesson.md"
PAGES = sorted(DOCS.glob("*.md"))


def tokens_of(path: Path):
    return MarkdownIt("commonmark").enable("table").parse(path.read_text(encoding="utf-8"))


def fences(path: Path) -> list[tuple[str, str]]:
    """(info, content) of every fenced code block, in order."""
    return [(t.info.strip(), t.content) for t in tokens_of(path) if t.type == "fence"]


def links(path: Path) -> list[str]:
    """Every link and image target of a Markdown file."""
    found = []
    for token in tokens_of(path):
        for child in token.children or []:
            if child.type == "link_open":
                found.append(str(child.attrGet("href")))
            elif child.type == "image":
                found.append(str(child.attrGet("src")))
    return found


class Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.h1: list[str] = []
        self._in_h1 = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "a" and "href" in values:
            self.hrefs.append(values["href"])
        if "id" in values:
            self.ids.add(values["id"])
        self._in_h1 = tag == "h1"

    def handle_endtag(self, tag):
        if tag == "h1":
            self._in_h1 = False

    def handle_data(self, data):
        if self._in_h1:
            self.h1.append(data)


def parsed(page: Path) -> Anchors:
    scanner = Anchors()
    scanner.feed(page.read_text(encoding="utf-8"))
    return scanner


# ------------------------------------------------------------------------ built into the site


def test_the_docs_are_pages_of_the_site_under_docs_and_the_index_leads_to_each(built_site):
    assert {p.name for p in PAGES} >= {"index.md", "writing-a-lesson.md", "lesson-format.md",
                                      "how-the-page-works.md", "testing.md", "performance.md"}
    for source in PAGES:
        page = built_site / "docs" / (source.stem + ".html")
        title = source.read_text(encoding="utf-8").splitlines()[0].removeprefix("# ")
        assert "".join(parsed(page).h1) == title, page
    index = parsed(built_site / "docs" / "index.html")
    assert {p.stem + ".html" for p in PAGES if p.name != "index.md"} <= {h.split("#")[0] for h in index.hrefs}
    assert (built_site / "docs" / "leccion.png").read_bytes() == (DOCS / "leccion.png").read_bytes()
    assert check_site(built_site) == []


def test_a_link_between_pages_leads_to_the_heading_it_names(built_site):
    for page in sorted((built_site / "docs").glob("*.html")):
        for href in parsed(page).hrefs:
            parts = urllib.parse.urlsplit(href)
            if parts.scheme or not parts.path.endswith(".html"):
                continue
            target = page.parent / parts.path
            assert target.is_file(), (page.name, href)
            if parts.fragment:
                assert parts.fragment in parsed(target).ids, (page.name, href)


def test_the_docs_are_not_precached_for_learners(built_site):
    # The docs are for authors: a learner's service worker downloads none of them.
    sw = (built_site / "sw.js").read_text(encoding="utf-8")
    assert "courses/llm-agents/el-bucle/" in sw and "docs/" not in sw


def docs_layout(tmp_path: Path, files: dict[str, str]) -> Layout:
    for name, text in files.items():
        path = tmp_path / "web" / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Layout.at(tmp_path, templates=ROOT / "web" / "templates")


def test_a_link_to_a_page_is_rewritten_to_the_built_page_and_its_heading_id_is_the_forges(tmp_path):
    layout = docs_layout(tmp_path, {
        "index.md": "# Docs\n\nRead [the format](format.md#the-prose-lessonmd) and [this](#docs).\n",
        "format.md": "# Format\n\n## The prose: `lesson.md`\n\n## Año, ¿qué?\n\n## Año, ¿qué?\n",
    })
    built = build_docs(layout, tmp_path / "dist", {"style.css": "style.css"})
    assert sorted(p.name for p in built) == ["format.html", "index.html"]
    index = parsed(tmp_path / "dist" / "docs" / "index.html")
    assert "format.html#the-prose-lessonmd" in index.hrefs and "#docs" in index.hrefs
    assert parsed(tmp_path / "dist" / "docs" / "format.html").ids >= {"the-prose-lessonmd", "año-qué", "año-qué-1"}


@pytest.mark.parametrize("text, message", [
    ("# Docs\n\nSee\n[nothing](nada.md).\n", r"web/docs/index\.md:3: link 'nada\.md': there is no page nada\.md beside it \(the docs pages: index\.md\)"),
    ("# Docs\n\n[a](index.md#nowhere)\n", r"index\.md:3: link 'index\.md#nowhere': no heading of index\.md has the id 'nowhere'"),
    ("# Docs\n\n[a](#nowhere)\n", r"index\.md:3: link '#nowhere': no heading of this page"),
    ("# Docs\n\n[the README](../../README.md)\n", r"index\.md:3: link '\.\./\.\./README\.md' leaves web/docs/"),
    ("# Docs\n\n![shot](shot.png)\n", r"index\.md:3: link 'shot\.png': there is no file shot\.png beside it"),
    ("Docs\n\ntext\n", r"index\.md:1: a docs page starts with its title"),
])
def test_a_link_that_leads_nowhere_stops_the_build_at_its_line(tmp_path, text, message):
    layout = docs_layout(tmp_path, {"index.md": text})
    with pytest.raises(BuildError, match=message):
        build_docs(layout, tmp_path / "dist", {"style.css": "style.css"})


# ------------------------------------------------------------------------------ the README


def test_the_readme_is_short_and_every_link_of_it_and_of_the_docs_resolves():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 260
    for source in [README, *PAGES]:
        for href in links(source):
            parts = urllib.parse.urlsplit(href)
            if parts.scheme in ("http", "https"):
                assert parts.netloc in ("127.0.0.1:8000", "pyodide.org", "commonmark.org", "diataxis.fr"), href
                continue
            target = (source.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else source
            assert target.is_file(), f"{source.name}: {href}"
            if parts.fragment:
                assert target.suffix == ".md", f"{source.name}: {href}"
                assert parts.fragment in read_page(target).anchors, f"{source.name}: {href}"


def test_the_readme_names_every_pinned_package():
    readme = README.read_text(encoding="utf-8")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    npm = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    names = [re.split(r"[=<>\[ ]", pin)[0] for pin in pins] + list(npm.get("dependencies", {})) \
        + list(npm.get("devDependencies", {}))
    table = readme[readme.index("### What each package is for"):]
    missing = [name for name in names
               if f"`{name}`" not in table and f"`{name.split('/')[0]}/*`" not in table]
    assert missing == [], "add a line for each to the README's package table"
    for pinned in ("pyodide-build", "micropip", "playwright", "pytest"):
        assert f"`{pinned}`" in table


def test_the_quickstart_is_what_ci_runs():
    readme = README.read_text(encoding="utf-8")
    quickstart = readme[readme.index("## Quickstart"):]
    sh = next(content for info, content in fences(README) if info == "sh" and content in quickstart)
    commands = [line.split("#")[0].strip() for line in sh.splitlines() if line.strip()]
    assert commands == ["python build.py serve", "python build.py test"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == "python build.py test"


def test_the_readme_has_one_bench_table_with_its_commit_and_load():
    readme = README.read_text(encoding="utf-8")
    bench = readme[readme.index("## Speed and weight"):]
    if "\n## " in bench[4:]:
        bench = bench[:bench.index("\n## ", 4)]
    tables = re.findall(r"^\| *measurement", bench, flags=re.M)
    assert len(tables) == 1
    assert re.search(r"commit `[0-9a-f]{7}`", bench) and "load average" in bench
    for row in ("First run, first visit", "First run, second visit", "Rerun of Celda 1", "Comprobar",
                "Bytes on the wire", "Memory, idle after the first run"):
        assert f"| {row}" in bench, row


# -------------------------------------------------------------------------------- commands


def commands_in(path: Path) -> list[str]:
    """Every `python build.py ...` a reader would type: in sh blocks and in code spans."""
    text = path.read_text(encoding="utf-8")
    found = []
    for info, content in fences(path):
        if info == "sh":
            found += [line.split("  #")[0].strip() for line in content.splitlines() if line.strip()]
    found += re.findall(r"`(python (?:build\.py|-m )[^`]*)`", text)
    return [c for c in found if c.startswith(("python build.py", "python -m "))]


def help_of(*args: str) -> str:
    proc = subprocess.run([sys.executable, str(ROOT / "build.py"), *args, "--help"], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, (args, proc.stderr)
    return proc.stdout


def test_every_command_the_readme_and_the_docs_show_is_one_build_py_takes():
    commands = sorted({c for path in [README, *PAGES] for c in commands_in(path)})
    assert "python build.py serve" in commands and "python build.py test --quick" in commands
    top = help_of()
    helps: dict[str, str] = {}
    conftest = (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
    for command in commands:
        words = shlex.split(command.replace("[", "").replace("]", "").replace("...", ""))
        if words[:2] == ["python", "-m"]:
            module = words[2]
            if module == "pytest":
                paths = [w for w in words[3:] if w.startswith("tests/")]
                assert paths and all((ROOT / p.split("::")[0]).exists() for p in paths), command
            else:
                # The checkout's own packages live in py/ (installed from there).
                assert any((base / (module.replace(".", "/") + ".py")).is_file()
                           for base in (ROOT, ROOT / "py")), command
            continue
        sub = words[2] if len(words) > 2 and not words[2].startswith("-") else None
        if sub is None:
            continue
        assert re.search(r"\{[^}]*\b%s\b" % re.escape(sub), top), f"{command}: build.py has no command {sub!r}"
        options = [w.split("=")[0] for w in words[3:] if w.startswith("--")]
        if sub == "test":  # its options go to pytest; --quick is the suite's own
            assert all(f'"{o}"' in conftest for o in options), command
            continue
        helps.setdefault(sub, help_of(sub))
        for option in options:
            assert option in helps[sub], f"{command}: `build.py {sub}` takes no {option}"


def test_the_inventory_of_browser_tests_names_only_test_modules_that_exist():
    testing = (DOCS / "testing.md").read_text(encoding="utf-8")
    inventory = testing[testing.index("## What the browser tests prove"):testing.index("## How the browser")]
    named = set(re.findall(r"`(test_[a-z_0-9]+)`", inventory))
    assert len(named) >= 15
    existing = {p.stem for p in (ROOT / "tests").glob("*/test_*.py")}
    assert named <= existing, named - existing


# ------------------------------------------------------------------------ the tutorial builds


def tutorial_files() -> dict[str, str]:
    """{path: text} of every file the tutorial asks the reader to write: a code block that
    follows a paragraph ending in `path`:"""
    files, last = {}, ""
    for token in tokens_of(TUTORIAL):
        if token.type == "inline":
            last = token.content
        elif token.type == "fence":
            found = re.search(r"`([\w./-]+\.(?:py|toml|md))`:\s*$", last)
            if found:
                assert found[1] not in files, found[1]
                files[found[1]] = token.content
            last = ""
    return files


def test_the_tutorial_shows_every_file_of_its_lesson():
    files = tutorial_files()
    lesson = "web/courses/primeros-pasos/media/"
    assert set(files) == {"web/courses/primeros-pasos/course.toml", "py/courses/primeros-pasos/media.py",
                          "solucion.py", *(lesson + name for name in (
                              "lesson.toml", "lesson.md", "celda1.py", "desafio.py", "checks.py",
                              "corpus/accept/bucle.py", "corpus/reject/division_entera.py",
                              "corpus/reject/ordena.py"))}


@pytest.fixture
def tutorial_site(tmp_path, node_modules) -> Layout:
    """An empty site with the tutorial's files written in it and the repository's runtime."""
    root = tmp_path / "src"
    for name, text in tutorial_files().items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    shutil.copytree(ROOT / "py" / "lessonrt", root / "py" / "lessonrt", ignore=shutil.ignore_patterns("__pycache__"))
    return Layout.at(root, templates=ROOT / "web" / "templates", src=ROOT / "web" / "src",
                     style=ROOT / "web" / "style.css", widgets=ROOT / "web" / "widgets",
                     node_modules=ROOT / "node_modules", package_json=ROOT / "package.json")


def test_the_tutorials_lesson_builds_grades_as_the_tutorial_says_and_its_contract_passes(tutorial_site, capfd):
    # The build also grades the tutorial's corpus: each file must get the verdict it promises.
    out = build_site(tutorial_site, tutorial_site.root / "dist").out
    page = (out / "courses" / "primeros-pasos" / "media" / "index.html").read_text(encoding="utf-8")
    assert "<h1>La media</h1>" in page and '<p class="cell-name" id="celda1-name">Celda 1</p>' in page
    assert "¿Qué hace <code>sum(numeros) / len(numeros)</code> si <code>numeros</code> es <code>[]</code>?" in page
    assert "La media" in (out / "courses" / "primeros-pasos" / "index.html").read_text(encoding="utf-8")

    tutorial = TUTORIAL.read_text(encoding="utf-8")
    cell = subprocess.run([sys.executable, "celda1.py"], capture_output=True, text=True,
                          cwd=tutorial_site.web_courses / "primeros-pasos" / "media")
    assert f"prints `{cell.stdout.strip()}`" in tutorial

    key = "primeros-pasos/media"
    capfd.readouterr()
    assert grade(tutorial_site.py_courses / "primeros-pasos" / "media.py", tutorial_site, key) == 0
    assert capfd.readouterr().out.rstrip().endswith("2 de 2 pruebas superadas")

    assert grade(tutorial_site.web_courses / "primeros-pasos" / "media" / "desafio.py", tutorial_site, key) == 1
    starting = capfd.readouterr().out.rstrip().splitlines()[-1]
    assert f"`{starting}` for the starting code" in tutorial

    assert grade(tutorial_site.root / "solucion.py", tutorial_site, key) == 1
    shown = next(content for info, content in fences(TUTORIAL) if info == "text")
    assert capfd.readouterr().out == shown
    assert "It exits with 1." in tutorial


# ------------------------------------------------------------------- every other code sample


def test_every_python_toml_and_lesson_md_sample_of_the_docs_reads_as_the_build_reads_it():
    import ast

    from markupsafe import Markup

    from lessonsite.prose import render

    seen = {"python": 0, "toml": 0, "markdown": 0}
    for page in PAGES:
        for info, content in fences(page):
            if info == "python":
                ast.parse(content, filename=page.name)
            elif info == "toml":
                tomllib.loads(content)
            elif info == "markdown":  # a lesson.md: its blocks are the build's directives
                drawn = []
                render(content, page, lambda block: drawn.append(block.name) or Markup(""))
                assert drawn, page.name
            else:
                continue
            seen[info] += 1
    assert all(seen.values()), seen
