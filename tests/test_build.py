"""The build's functions (py/lessonsite/), on the fixture course (tmp_path copies) and on small hand-made sites."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from lessonsite.assets import PYODIDE_FILES, copy_pyodide
from lessonsite.builder import build_site
from lessonsite import stdlib
from lessonsite.content import lesson_cells, load_course, load_courses, load_lesson
from lessonsite.layout import ROOT, BuildError, Layout, read_pyodide_version, rel
from lessonsite.render import lesson_json, render_fragment, render_index
from lessonsite.runtime import corpus_shortfalls, copy_runtime, grade, read_manifest
from lessonsite.server import make_server
from lessonsite.sitecheck import check_site
from lessonsite.testing import missing_requirements, pinned_build_requirements, pinned_test_requirements
from tests.conftest import FIXTURE_CHECKS


def lesson_data(page: Path) -> dict:
    match = re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>',
                      page.read_text(encoding="utf-8"), re.S)
    assert match, f"{page} has no lesson data"
    return json.loads(match[1])


def render(layout: Layout, course: str = "demo", lesson: str = "primera") -> tuple[str, dict]:
    loaded = load_lesson(layout.web_courses / course / lesson, course)
    return render_fragment(loaded, layout)


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ----------------------------------------------------------------- whole builds


def test_fixture_site_builds_and_passes_its_check(fixture_layout, tmp_path, node_modules):
    result = build_site(fixture_layout, tmp_path / "dist")
    out = result.out
    page = out / "courses" / "demo" / "primera" / "index.html"
    assert page in result.pages and (out / "index.html") in result.pages
    assert check_site(out) == []

    html = page.read_text(encoding="utf-8")
    assert '<meta name="site-root" content="../../../">' in html
    assert f'<meta name="pyodide-path" content="pyodide/{result.pyodide_version}/">' in html
    # Cell code is highlighted and escaped in the page, and exact in the data.
    code = re.search(r'<pre class="cell-code"[^>]*><code>(.*?)</code></pre>', html, re.S)[1]
    assert '<span class="tok-k">if</span> <span class="tok-mi">1</span> &lt; <span class="tok-mi">2</span>' in code
    assert re.sub(r"<[^>]+>", "", code).startswith('exec(open_url("/courses/demo/apoyo.py").read())')  # quotes as written
    assert "&lt;b&gt;no es negrita&lt;/b&gt;" in code and "<b>" not in code
    data = lesson_data(page)
    source = (fixture_layout.web_courses / "demo" / "primera" / "celda1.py").read_text(encoding="utf-8")
    assert data["course"] == "demo" and data["lesson"] == "primera"
    # The code without the file's final newline, which an editor draws as an empty last line.
    assert source.endswith("\n") and data["cells"]["celda1"] == {"name": "Celda 1", "code": source.rstrip()}
    # A cell written inside lesson.md: its code is the block's body, after its options and the
    # blank line; its id comes from its name. The page runs cells in page order.
    assert data["cells"]["celda2"] == {"name": "Celda 2", "code": 'total = doble(21)\nprint("doble(21) =", total)\n'
                                                                  'print(total / (total - 42))'}
    assert list(data["cells"]) == ["celda1", "celda2"]
    # Its name shows above its code (the text speaks of «la Celda 2») and names its region.
    assert '<section class="cell" aria-labelledby="celda2-name" data-cell="celda2">\n<p class="cell-name" id="celda2-name">Celda 2</p>' in html
    # What a first run downloads is said once, under the first cell (and in the challenge).
    assert html.count('<p class="cell-note download-note">') == 2
    assert data["challenge"] == {"hints": 2, "solution": {"function": "doble", "after": 2},
                                 "code": "def doble(x):\n    ..."}
    assert [q["kind"] for q in data["quiz"]] == ["single", "multi", "number"]
    assert data["widget"] is None

    assert (out / "courses" / "demo" / "apoyo.py").read_bytes() == \
        (fixture_layout.py_courses / "demo" / "apoyo.py").read_bytes()
    manifest = read_manifest(out)
    assert manifest["files"] == ["__init__.py"]
    assert re.fullmatch(r"[0-9a-f]{20}", manifest["snapshot"])  # names the worker's memory snapshot
    bundles = sorted(p.name for p in (out / "assets").iterdir() if p.suffix in (".js", ".css"))
    # Names that change with the content. The editor is main.js's on-demand part: its
    # four entries (editor-state, editor-view, editor-language, editor) and the chunks they
    # share; the view of the course's solution (solution-view) is another, and so is what
    # draws a cell's pictures and tables (rich).
    named = [re.sub(r"-[A-Z0-9]{8}\.", "-HASH.", name) for name in bundles]
    assert [n for n in named if n != "chunk-HASH.js"] == \
        ["courses-HASH.js", "editor-HASH.js", "editor-language-HASH.js", "editor-state-HASH.js", "editor-view-HASH.js",
         "main-HASH.js", "rich-HASH.js", "solution-view-HASH.js",
         "style-HASH.css", "worker-HASH.js"]
    main = next((out / "assets").glob("main-*.js")).read_text(encoding="utf-8")
    for entry in ("editor", "editor-language", "editor-state", "editor-view", "solution-view", "rich"):
        chunk = next((out / "assets").glob(f"{entry}-[A-Z0-9]*.js")).name
        assert f'import("./{chunk}")' in main, entry
    assert "cm-content" not in main  # no CodeMirror in the page's own bundle
    assert (out / "assets" / "favicon.svg").is_file()
    assert (out / "sw.js").is_file()

    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<a href="courses/demo/primera/">Primera lección</a>' in index
    assert "<code>código</code>" in index


def test_the_service_worker_precaches_the_site_but_not_pyodide(built_site):
    """dist/sw.js carries the list of files it precaches: every page, bundle, course and
    runtime file, each with a revision unless its name has a hash; never Pyodide (cached
    as it passes), source maps or compressed copies."""
    text = (built_site / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"(\[\{url:.*?\}\])", text)[1].replace("url:", '"url":').replace("revision:", '"revision":')
                        .replace("integrity:", '"integrity":'))
    urls = {entry["url"]: entry["revision"] for entry in listed}
    for page in ("./", "courses/llm-agents/el-bucle/", "courses/llm-agents/entorno.py",
                 "runtime/lessonrt/manifest.json", "runtime/lessonrt/runner.py"):
        assert re.fullmatch(r"[0-9a-f]{16}", urls.pop(page)), page
    bundles = sorted(url for url in urls if re.search(r"-[A-Z0-9]{8}\.(js|css)$", url))
    # main, the editor's parts and chunks (offline, the editor must still come), the
    # solution's view, worker, courses (the front and course pages), style, the widget's two
    assert all(urls[url] is None for url in bundles)
    assert {re.sub(r"-[A-Z0-9]{8}\.", "-HASH.", url) for url in bundles} == {
        f"assets/{name}-HASH.{ext}" for name, ext in (
            ("main", "js"), ("editor", "js"), ("editor-state", "js"), ("editor-view", "js"), ("editor-language", "js"),
            ("chunk", "js"), ("solution-view", "js"), ("rich", "js"),
            ("worker", "js"), ("courses", "js"), ("style", "css"), ("widget-traza", "js"), ("widget-traza", "css"))}
    assert not [url for url in urls if url.startswith("pyodide/") or url.endswith((".map", ".gz", ".br"))]
    built = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*")
             if p.is_file() and not p.name.endswith((".map", ".gz", ".br")) and not p.parts[len(built_site.parts)] == "pyodide"}
    # Nothing left out but the docs, which are for authors; pages under their folder's URL, as
    # links name them.
    built = {url for url in built if not url.startswith("docs/")}
    assert {re.sub(r"(^|/)index\.html$", r"\1", url) or "./" for url in built - {"sw.js"}} == {e["url"] for e in listed}
    # Each entry's SRI integrity is its file's SHA-256, which the service worker checks its
    # copies against and repairs them with.
    for entry in listed:
        path = built_site / (entry["url"].removeprefix("./") + ("index.html" if entry["url"].endswith("/") else ""))
        digest = base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
        assert entry["integrity"] == "sha256-" + digest, entry["url"]


def test_repository_site_builds(built_site):
    assert check_site(built_site) == []
    version = read_pyodide_version()
    served = [p.name for p in (built_site / "pyodide" / version).iterdir() if p.suffix not in (".gz", ".br")]
    manifest = read_manifest(built_site)
    # Pyodide's files, and the first archive of the standard library (test_stdlib.py).
    assert sorted(served) == sorted([*PYODIDE_FILES, manifest["stdlib"]])
    assert re.fullmatch(r"stdlib-[0-9a-f]{12}\.zip", manifest["stdlib"])
    # The build's name, which each lesson page carries and its worker checks (worker.js).
    assert re.fullmatch(r"[0-9a-f]{16}", manifest["version"])
    lesson = (built_site / "courses" / "llm-agents" / "el-bucle" / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="site-version" content="{manifest["version"]}">' in lesson


def test_build_replaces_an_old_output_folder(fixture_layout, tmp_path, node_modules):
    out = tmp_path / "dist"
    (out / "stale").mkdir(parents=True)
    (out / "stale" / "old.html").write_text("<a href='/nowhere'>x</a>")
    build_site(fixture_layout, out)
    assert not (out / "stale").exists()


# ----------------------------------------------------------------- author errors


def test_a_cell_that_does_not_parse_fails_with_file_and_line(fixture_layout, fixture_lesson):
    (fixture_lesson / "celda1.py").write_text("x = 1\ny = 2\nif x == y\n    print(x)\n")
    with pytest.raises(BuildError, match=r"celda1\.py:3:\d+: SyntaxError: "):
        render(fixture_layout)


def test_a_cell_inside_lesson_md_that_does_not_parse_fails_at_its_line_of_lesson_md(fixture_layout, fixture_lesson):
    # Two blank lines before the code: its line 1 is still its first written line (the file's
    # 19), so its line 2 is the file's 20.
    replace_in(fixture_lesson / "lesson.md", ":name: Celda 2\n", ":name: Celda 2\n\n")
    replace_in(fixture_lesson / "lesson.md", 'print("doble(21) =", total)', 'print("doble(21) =" total)')
    line = line_with(fixture_lesson / "lesson.md", 'print("doble(21) =" total)')
    assert line == 20
    with pytest.raises(BuildError, match=rf"primera/lesson\.md:{line}:\d+: SyntaxError: .*; fix the syntax at that line"):
        render(fixture_layout)


def test_a_cell_inside_lesson_md_opening_a_missing_course_file_fails_at_its_line(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "lesson.md", "total = doble(21)\n",
               'total = doble(21)\nexec(open_url("/courses/demo/falta.py").read())\n')
    line = line_with(fixture_lesson / "lesson.md", "falta.py")
    with pytest.raises(BuildError, match=rf"primera/lesson\.md:{line}: open_url\('/courses/demo/falta\.py'\) names "
                                         "a course file that does not exist"):
        render(fixture_layout)


def test_every_cell_is_read_in_one_place_inline_cells_and_cells_inside_an_aside_too(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "lesson.md", "total = doble(21)\n", "import json\ntotal = doble(21)\n")
    replace_in(fixture_lesson / "lesson.md", "```{challenge}", "````{aside}\nUna nota.\n\n```{cell}\n:name: Mi ejemplo 3\n"
                                                               "print(3)\n```\n````\n\n```{challenge}")
    lesson = load_lesson(fixture_lesson, "demo")
    cells = lesson_cells(lesson)
    assert [(c.key, c.name, c.inline, c.line, c.first_line) for c in cells] == [
        ("celda1", "Celda 1", False, 3, 1), ("celda2", "Celda 2", True, 15, 18), ("mi-ejemplo3", "Mi ejemplo 3", True, 27, 29)]
    # The standard library's trace reads the inline cells' imports with the files' own.
    courses = load_courses(fixture_layout.web_courses)
    inline = {where.rsplit("/", 1)[-1]: code for where, code in stdlib.lesson_files(courses).items() if ".md:" in where}
    assert inline == {"lesson.md:18": cells[1].code, "lesson.md:29": "print(3)"}
    assert "json" in stdlib.imported_names(inline["lesson.md:18"])
    _, data = render(fixture_layout)
    assert list(data["cells"]) == ["celda1", "celda2", "mi-ejemplo3"]


def test_a_block_naming_a_missing_file_fails_with_its_line(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "lesson.md", "```{cell} celda1.py", "```{cell} celda9.py")
    with pytest.raises(BuildError) as error:
        render(fixture_layout)
    assert re.search(r"lesson\.md:3: \{cell\} celda9\.py names a file that does not exist", str(error.value))


def test_a_cell_opening_a_missing_course_file_fails_with_its_line(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "celda1.py", '"/courses/demo/apoyo.py"', '"/courses/demo/falta.py"')
    with pytest.raises(BuildError) as error:
        render(fixture_layout)
    assert re.search(r"celda1\.py:1: open_url\('/courses/demo/falta\.py'\) names a course file that does not "
                     r"exist \(.*py/courses/demo/falta\.py\)", str(error.value))


def test_an_unknown_block_fails_with_its_line_and_the_known_ones(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "lesson.md", "```{quiz}", "```{quizz}")
    line = line_with(fixture_lesson / "lesson.md", "{quizz}")
    with pytest.raises(BuildError, match=rf"lesson\.md:{line}: unknown directive {{quizz}}; the lesson's blocks "
                                         r"are \{cell\}, \{challenge\}, \{quiz\}, \{widget\}, \{aside\}, \{note\}, \{tip\}, \{warning\}"):
        render(fixture_layout)


# The fixture's lesson.md: line 3 opens the cell, line 4 is its :name:, line 9 opens the quiz.
@pytest.mark.parametrize("old, new, line, expected", [
    ("```{cell} celda1.py", "```{cell celda1.py", 3, r"malformed directive ```\{cell celda1\.py: write the name in braces"),
    (":name: Celda 1", ":nombre: Celda 1", 4, r"\{cell\} has no option :nombre: \(its options: :name:\)"),
    (":name: Celda 1", ":name Celda 1", 4, r"malformed option ':name Celda 1' of \{cell\}: write it as :key: value"),
    (":name: Celda 1", "name: Celda 1", 4,
     r"\{cell\} celda1\.py has code inside it too; a cell's code is either its file's or written inside the "
     r"block: take out 'celda1\.py' or the code, as in\n```\{cell\} celda1\.py\n:name: Celda 1\n```\nor\n```\{cell\}\n"),
    (":name: Celda 1\n", "", 3, r"\{cell\} needs :name:, as in"),
    ("```{cell} celda1.py", "```{cell}", 3, r"\{cell\} has no code: name a file of this folder after it, or write "
                                          r"the code inside the block"),
    # Celda 2 is written inside the file: its block opens at line 15, its code starts at line 18.
    ("```{cell}\n:name: Celda 2", "```{cell} celda2.py\n:name: Celda 2", 18, r"\{cell\} celda2\.py has code inside it too"),
    (":name: Celda 2", ":name: Celda 1", 15,
     r"cell 'celda1' is also the cell at line 3 \(an inline cell's id comes from its :name:\); give each \{cell\}"),
    ("total = doble(21)\n", "total = doble(21)\nif total:\n\tprint(total)\n", 20,
     r"\{cell\}: this line is indented with a tab; indent the code with spaces"),
    ("```{cell} celda1.py", "```{cell} ../celda1.py", 3, r"\{cell\} \.\./celda1\.py: name a Python file of this folder"),
    ("```{quiz}", "```{quiz} todas", 9, r"\{quiz\} takes nothing after its name \(found 'todas'\)"),
    ("```{quiz}\n```", "```{quiz}\n```\n\n```{quiz}\n```", 12, r"a second \{quiz\}; a lesson has one"),
    ("```{quiz}\n```", "<lesson-quiz></lesson-quiz>", 9,
     r"<lesson-quiz> is not read in Markdown; write the block as a directive:\n```\{quiz\}"),
    ("```{quiz}\n```", "```{quiz}```", 9, r"```\{quiz\}``` is read as inline code: a directive's fences go on lines"),
    ("```{quiz}\n```", "```pyhton\nx = 1\n```\n\n```{quiz}\n```", 9,
     r"code block in unknown language 'pyhton'; name one Pygments knows"),
    ("```{quiz}\n```", "```{aside}\n:class: Nota\nTexto.\n```\n\n```{quiz}\n```", 9, r":class: 'Nota': write class names"),
    ("```{quiz}\n```", "```{aside}\n```\n\n```{quiz}\n```", 9, r"\{aside\} is empty; write its text inside it"),
    ("```{quiz}\n```", "````{aside}\nTexto.\n\n```{cel} x.py\n```\n````\n\n```{quiz}\n```", 12,
     r"unknown directive \{cel\}"),  # inside an aside, at its line in the file
])
def test_a_markdown_mistake_fails_at_its_line_with_what_to_write(fixture_layout, fixture_lesson, old, new, line,
                                                                  expected):
    replace_in(fixture_lesson / "lesson.md", old, new)
    with pytest.raises(BuildError, match=rf"primera/lesson\.md:{line}: {expected}"):
        render(fixture_layout)


def test_a_lesson_html_left_beside_lesson_md_fails(fixture_lesson):
    (fixture_lesson / "lesson.html").write_text("<p>Hola</p>\n")
    with pytest.raises(BuildError, match=r"lesson\.html: the build no longer reads lesson\.html; write the prose in "
                                         r"lesson\.md .* and delete lesson\.html"):
        load_lesson(fixture_lesson, "demo")


def test_markdown_raw_html_code_and_asides_reach_the_page(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "lesson.md", "```{quiz}", "\n".join([
        '<p class="aparte">En el turno <var>k</var>, 2<var>k</var> mensajes.</p>', "",
        "```python", "def f(x):", "    return x < 2  # <b>", "```", "",
        "```", "M ← [sistema] <b>", "```", "",
        "```{aside}", ":class: phone-note", "", "Una nota con `código` y *énfasis*.", "```", "",
        "```{warning}", "Cuidado con `M`.", "```", "",
        "```{tip}", ":title: Un truco", "", "Prueba **antes**.", "```", "",
        "<details>", "<summary>Detalles: lo que hace `bucle`</summary>", "", "Con *tope*.", "", "</details>", "",
        "```{quiz}"]))
    body, _ = render(fixture_layout)
    assert '<p class="aparte">En el turno <var>k</var>, 2<var>k</var> mensajes.</p>' in body
    # A line a block of its own, its wrapped part hanging under its indentation (hang-N).
    assert ('<pre><code class="language-python"><span class="code-line hang-0"><span class="tok-k">def</span> '
            '<span class="tok-nf">f</span>(x):</span><span class="code-line hang-4">'
            '    <span class="tok-k">return</span> x &lt; <span class="tok-mi">2</span>  '
            '<span class="tok-c1"># &lt;b&gt;</span></span></code></pre>') in body
    assert '<pre><code><span class="code-line hang-0">M ← [sistema] &lt;b&gt;</span></code></pre>' in body
    assert ('<div class="aside phone-note" role="note">\n<p>Una nota con <code>código</code> y <em>énfasis</em>.</p>\n'
            '</div>') in body
    # Callouts: headed by their kind in the course's language, or by their own title.
    assert ('<div class="callout callout-warning" role="note">\n<p class="callout-title">Atención</p>\n'
            '<p>Cuidado con <code>M</code>.</p>\n</div>') in body
    assert ('<div class="callout callout-tip" role="note">\n<p class="callout-title">Un truco</p>\n'
            '<p>Prueba <strong>antes</strong>.</p>\n</div>') in body
    # A fold's title is prose: its Markdown is read, not shown as backticks.
    assert "<summary>Detalles: lo que hace <code>bucle</code></summary>" in body
    assert "<p>Con <em>tope</em>.</p>" in body
    assert "style=" not in body  # the CSP allows no inline styles: colours come from classes


def test_the_quiz_region_is_named_by_the_heading_above_it(fixture_layout, fixture_lesson):
    # Without a heading of its section, the template's name; with one, the heading the
    # learner sees above the questions is what a screen reader's list of regions says.
    body, _ = render(fixture_layout)
    assert '<section class="quiz" aria-label="Comprueba tu intuición">' in body
    replace_in(fixture_lesson / "lesson.md", "```{quiz}", "## Antes de seguir\n\nTres preguntas.\n\n```{quiz}")
    body, _ = render(fixture_layout)
    assert '<h2 id="quiz-heading">Antes de seguir</h2>' in body
    assert '<section class="quiz" aria-labelledby="quiz-heading">' in body and "aria-label=\"Comprueba" not in body


def test_a_quiz_question_with_no_right_answer_fails_with_its_line(fixture_layout, fixture_lesson):
    toml = fixture_lesson / "lesson.toml"
    replace_in(toml, 'text = "4"\n  correct = true', 'text = "4"\n  correct = false')
    replace_in(toml, 'text = "2"\n  correct = true\n\n', 'text = "2"\n  correct = false\n\n')
    with pytest.raises(BuildError) as error:
        load_lesson(fixture_lesson, "demo")
    line = toml.read_text().splitlines().index("[[quiz]]", 20) + 1  # the second [[quiz]]
    assert f"lesson.toml:{line}: quiz question 2: has no right answer" in str(error.value)


def test_a_number_question_needs_an_answer(fixture_lesson):
    replace_in(fixture_lesson / "lesson.toml", "answer = 2.5\n", "")
    with pytest.raises(BuildError, match=r"quiz question 3: has no right answer"):
        load_lesson(fixture_lesson, "demo")


def test_a_single_choice_question_with_two_right_answers_fails(fixture_lesson):
    replace_in(fixture_lesson / "lesson.toml", 'text = "1"\n  correct = false', 'text = "1"\n  correct = true')
    with pytest.raises(BuildError, match=r"quiz question 1: is single choice but has 2 right answers"):
        load_lesson(fixture_lesson, "demo")


def test_a_misspelt_option_key_is_named_at_its_own_line(fixture_lesson):
    toml = fixture_lesson / "lesson.toml"
    replace_in(toml, "  feedback = \"Eso es.\"", "  feedbak = \"Eso es.\"")
    line = line_with(toml, "feedbak =")  # the option's line, not the question's [[quiz]]
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line}: quiz question 1: option 2: unknown key\(s\) feedbak; "
                                         r"allowed: correct, feedback, id, nudge, text$"):
        load_lesson(fixture_lesson, "demo")


def test_a_nudge_that_writes_a_number_answer_is_refused_at_its_line(fixture_lesson):
    toml = fixture_lesson / "lesson.toml"
    replace_in(toml, "answer = 2.5\n", "answer = 2.5\nnudge = \"Divide entre dos: sale 2,5.\"\n")
    line = line_with(toml, "nudge =")
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line}: quiz question 3: its nudge gives the answer away "
                                         r"\(it writes the answer, 2,5\)"):
        load_lesson(fixture_lesson, "demo")


def test_a_hint_for_words_whose_example_is_the_answer_is_refused_at_its_line(fixture_lesson):
    toml = fixture_lesson / "lesson.toml"
    replace_in(toml, "answer = 2.5\n", "answer = 2.5\nhint_not_number = \"Con cifras, por ejemplo 2,5.\"\n")
    line = line_with(toml, "hint_not_number =")
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line}: quiz question 3: its hint_not_number gives the "
                                         r"answer away \(it writes the answer, 2,5\)"):
        load_lesson(fixture_lesson, "demo")


def test_a_nudge_that_quotes_a_right_option_is_refused_at_its_line(fixture_lesson):
    toml = fixture_lesson / "lesson.toml"
    replace_in(toml, 'text = "3"\n  correct = false', 'text = "3"\n  correct = false\n  nudge = "Prueba con 4."')
    line = line_with(toml, 'nudge = "Prueba')
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line}: quiz question 2: option 2: its nudge gives the answer "
                                         r"away \(it quotes the right option '4'\)"):
        load_lesson(fixture_lesson, "demo")


def test_options_keep_their_ids_and_the_question_its_revision_when_reordered(fixture_lesson):
    toml = fixture_lesson / "lesson.toml"
    before = {q["id"]: q for q in load_lesson(fixture_lesson, "demo").quiz}
    assert [o["id"] for o in before["pares"]["options"]] == ["2", "3", "4"]
    text = toml.read_text(encoding="utf-8")
    first = '  [[quiz.options]]\n  text = "2"\n  correct = true\n\n'
    last = '  [[quiz.options]]\n  text = "4"\n  correct = true\n'
    replace_in(toml, first + '  [[quiz.options]]\n  text = "3"\n  correct = false\n\n' + last,
               last + '\n  [[quiz.options]]\n  text = "3"\n  correct = false\n\n' + first.rstrip("\n") + "\n")
    after = {q["id"]: q for q in load_lesson(fixture_lesson, "demo").quiz}
    assert [o["id"] for o in after["pares"]["options"]] == ["4", "3", "2"]
    assert after["pares"]["rev"] == before["pares"]["rev"]
    replace_in(toml, 'text = "3"', 'text = "6"')  # another option: another question
    assert load_lesson(fixture_lesson, "demo").quiz[1]["rev"] != before["pares"]["rev"]


def test_an_option_whose_correct_is_not_a_boolean_is_named_at_its_line(fixture_lesson):
    toml = fixture_lesson / "lesson.toml"
    replace_in(toml, 'text = "3"\n  correct = false', 'text = "3"\n  correct = "no"')
    line = line_with(toml, 'correct = "no"')
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line}: quiz question 2: option '3': `correct` must be"):
        load_lesson(fixture_lesson, "demo")


def test_a_missing_course_file_fails(fixture_layout):
    (fixture_layout.web_courses / "demo" / "course.toml").unlink()
    with pytest.raises(BuildError, match=r"demo/course\.toml: missing"):
        load_courses(fixture_layout.web_courses)


def test_a_lesson_the_course_does_not_list_fails(fixture_layout):
    (fixture_layout.web_courses / "demo" / "segunda").mkdir()
    with pytest.raises(BuildError, match=r"segunda are not listed in `lessons`"):
        load_courses(fixture_layout.web_courses)


def glossary(fixture_layout, text: str) -> Path:
    path = fixture_layout.web_courses / "demo" / "glossary.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_glossary_term_links_its_first_emphasised_use_to_the_glossary_page(fixture_layout, fixture_lesson):
    from lessonsite.render import render_glossary_page
    replace_in(fixture_lesson / "lesson.md", "Más texto,", "Más texto sobre el *Doble* y otra vez el *doble*,")
    glossary(fixture_layout, '[[term]]\nterm = "doble"\nlesson = "primera"\ndefinition = "El número `n + n`."\n')
    course = load_courses(fixture_layout.web_courses)[0]
    html, _ = render_fragment(course.lessons[0], fixture_layout)
    # The lesson that introduces the term marks the place, and the glossary leads back to it.
    assert html.count('<a class="term" id="term-doble" href="../glosario/#doble"><em>Doble</em></a>') == 1
    assert html.count("<em>doble</em>") == 1  # only the first use
    page = render_glossary_page(course, fixture_layout, {"style.css": "style.css"})
    assert '<dt id="doble">doble</dt>' in page and "<code>n + n</code>" in page
    assert '<a href="../primera/#term-doble">' in page


@pytest.mark.parametrize("text, message", [
    ('[[term]]\nterm = "triple"\nlesson = "primera"\ndefinition = "x"\n', r"never writes \*triple\*"),
    ('[[term]]\nterm = "x"\nlesson = "otra"\ndefinition = "x"\n', r"lesson 'otra' is not one of course\.toml's"),
    ('[[term]]\nterm = "x"\nlesson = "primera"\n', r"needs definition"),
    ('[[term]]\nterm = "x"\nlesson = "primera"\ndefinition = "x"\nsee = "y"\n', r"unknown key\(s\) see"),
])
def test_a_glossary_mistake_names_the_file_and_the_term(fixture_layout, text, message):
    glossary(fixture_layout, text)
    with pytest.raises(BuildError, match=r"demo/glossary\.toml: term 1.*" + message):
        load_courses(fixture_layout.web_courses)


def test_every_term_of_the_course_glossary_is_emphasised_where_its_lesson_introduces_it():
    from lessonsite.glossary import emphasised
    course = next(c for c in load_courses(ROOT / "web" / "courses") if c.slug == "llm-agents")
    assert len(course.glossary) >= 20
    lessons = {lesson.slug: lesson for lesson in course.lessons}
    for term in course.glossary:
        assert emphasised(lessons[term.lesson].prose, term.form), term.term
    assert {t.lesson for t in course.glossary} == set(lessons)  # every lesson introduces some


def use_widget(lesson: Path, kind: str = "contador") -> None:
    replace_in(lesson / "lesson.toml", 'summary =', f'widget = "{kind}"\nsummary =')
    replace_in(lesson / "lesson.md", "```{quiz}", "```{widget}\n```\n\n```{quiz}")


def test_an_unknown_widget_kind_fails_at_lesson_toml_and_says_where_its_folder_goes(fixture_layout, fixture_lesson,
                                                                                      tmp_path, node_modules):
    use_widget(fixture_lesson, "traza")
    expected = (r"lesson\.toml: widget = 'traza' is unknown \(known: contador\); name a known kind, or create "
                r"the folder .*web/widgets/traza/ with widget\.html and widget\.js")
    with pytest.raises(BuildError, match=expected):
        render(fixture_layout)
    with pytest.raises(BuildError, match=expected):
        build_site(fixture_layout, tmp_path / "dist")
    assert not (tmp_path / "dist").exists()  # found before anything is written


@pytest.mark.parametrize("breakage, expected", [
    (lambda k: (k / "widget.js").unlink(), r"contador/widget\.js: missing \(its script\); a widget kind's folder holds"),
    (lambda k: (k / "widget.html").unlink(), r"contador/widget\.html: missing \(its skeleton\)"),
    (lambda k: replace_in(k / "widget.html", 'data-widget="contador"', 'data-widget="otro"'),
     r'contador/widget\.html: the skeleton\'s element must carry data-widget="contador"'),
    (lambda k: replace_in(k / "widget.js", 'defineWidget("contador"', 'defineWidget("otro"'),
     r'contador/widget\.js: never calls defineWidget\("contador", mount\)'),
    (lambda k: replace_in(k / "data.py", "def widget_data(", "def datos("),
     r"contador/data\.py: defines no widget_data\(lesson_dir, courses_dir\)"),
    (lambda k: replace_in(k / "data.py", "def widget_data(lesson_dir, courses_dir):", "def widget_data(:"),
     r"contador/data\.py:6:\d+: SyntaxError"),
    (lambda k: k.rename(k.with_name("Contador")), r"widgets/Contador/: a widget kind's folder is named after the kind"),
    (lambda k: replace_in(k / "widget.html", "{{ data.desde }}", "{{ data.desde }"),
     r"contador/widget\.html:3: template syntax: "),
    (lambda k: replace_in(k / "widget.html", "{{ data.desde }}", "{{ datos.desde }}"),
     r"contador/widget\.html: 'datos' is undefined; the build gives the skeleton only `data`, what data\.py's "
     r"widget_data returned \(None without a data\.py\)"),
    (lambda k: replace_in(k / "widget.html", "{{ data.desde }}", "{{ data.hasta }}"),
     r"contador/widget\.html: 'dict object' has no attribute 'hasta'; the build gives the skeleton only `data`"),
])
def test_a_broken_widget_folder_fails_with_its_file_and_what_it_needs(fixture_layout, fixture_lesson, breakage,
                                                                      expected):
    use_widget(fixture_lesson)
    breakage(fixture_layout.widgets / "contador")
    with pytest.raises(BuildError, match=expected):
        render(fixture_layout)


def test_a_widget_hook_that_raises_names_the_line(fixture_layout, fixture_lesson):
    use_widget(fixture_lesson)
    replace_in(fixture_layout.widgets / "contador" / "data.py", "    cells = ", "    1 / 0\n    cells = ")
    line = line_with(fixture_lesson / "lesson.md", "{widget}")
    with pytest.raises(BuildError, match=rf"lesson\.md:{line}: the 'contador' widget hook failed at "
                                         r".*contador/data\.py:7: ZeroDivisionError"):
        render(fixture_layout)


def test_a_widget_block_without_a_widget_key_fails(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "lesson.md", "```{quiz}", "```{widget}\n```\n\n```{quiz}")
    line = line_with(fixture_lesson / "lesson.md", "{widget}")
    with pytest.raises(BuildError, match=rf"lesson\.md:{line}: {{widget}} but .* sets no widget"):
        render(fixture_layout)


def test_a_widget_kind_puts_its_skeleton_and_its_hook_data_in_the_page(fixture_layout, fixture_lesson):
    use_widget(fixture_lesson)
    body, data = render(fixture_layout)
    # The skeleton is drawn from the hook's data, escaped as the pages' templates are.
    assert ('<section class="contador" aria-label="Contador" data-widget="contador">\n'
            '<button type="button">Suma</button>\n<output>1</output>\n</section>') in body
    assert data["widget"] == {"desde": 1, "celdas": ["celda1.py"], "cursos": ["demo"]}
    replace_in(fixture_layout.widgets / "contador" / "widget.html", "{{ data.desde }}", "{{ data.cursos[0] ~ '<b>' }}")
    assert "<output>demo&lt;b&gt;</output>" in render(fixture_layout)[0]


def test_a_page_loads_only_the_widgets_it_uses_and_no_hook_reaches_the_site(fixture_layout, fixture_lesson,
                                                                            tmp_path, node_modules):
    out = build_site(fixture_layout, tmp_path / "without").out
    assert not list((out / "assets").glob("widget-*"))  # a kind no lesson uses is not bundled
    use_widget(fixture_lesson)
    out = build_site(fixture_layout, tmp_path / "with").out
    assert check_site(out) == []
    page = (out / "courses" / "demo" / "primera" / "index.html").read_text(encoding="utf-8")
    script, = (p.name for p in (out / "assets").glob("widget-contador-*.js"))
    style, = (p.name for p in (out / "assets").glob("widget-contador-*.css"))
    assert f'<script type="module" src="../../../assets/{script}"></script>' in page
    assert f'<link rel="stylesheet" href="../../../assets/{style}">' in page
    # Before main.js (which marks the page ready) and before style.css (the site's rules win).
    assert page.index(script) < page.index('assets/main-') and page.index(style) < page.index('assets/style-')
    assert "data-widget=" in (out / "assets" / script).read_text(encoding="utf-8")  # web/src/widgets.js, bundled in
    assert script not in (out / "index.html").read_text(encoding="utf-8")
    assert lesson_data(out / "courses" / "demo" / "primera" / "index.html")["widget"]["desde"] == 1
    assert not [p for p in out.rglob("*") if p.name.startswith("data.py")]


def test_the_sites_widget_hook_stays_out_of_the_site_and_of_the_snapshot_key(built_site):
    assert not [p for p in built_site.rglob("*") if p.name.startswith(("data.py", "traza.py"))]
    manifest = read_manifest(built_site)
    assert not [name for name in manifest["files"] if "traza" in name]
    assert list((built_site / "assets").glob("widget-traza-*.js"))


def test_the_quiz_is_rendered_as_real_form_controls(fixture_layout):
    body, _ = render(fixture_layout)
    quiz = body[body.index('<section class="quiz"'):]
    assert quiz.count("<fieldset") == 3 and quiz.count("<legend>") == 3
    assert '<legend><span class="quiz-index">1.</span> ¿Cuánto vale <code>1 + 1</code>?</legend>' in quiz
    assert quiz.count('type="radio" name="quiz-suma"') == 2
    assert quiz.count('type="checkbox" name="quiz-pares"') == 3
    assert '<input type="text" name="quiz-mitad" inputmode="decimal"' in quiz
    assert "Se acepta un margen de ±0,1." in quiz
    assert re.search(r'<p class="quiz-note" id="nota-[^"]+">Marca todas las opciones correctas.</p>', quiz)


def test_lesson_data_cannot_close_its_script_element():
    text = lesson_json({"code": "print('</script><script>alert(1)</script>')"})
    assert "</script>" not in text and json.loads(text)["code"].startswith("print('</script>")


def test_a_lesson_toml_that_does_not_parse_fails_with_its_line(fixture_lesson):
    replace_in(fixture_lesson / "lesson.toml", 'minutes = 5', 'minutes = 5\nsummary "sin igual"')
    with pytest.raises(BuildError, match=r"lesson\.toml:4: not valid TOML .*; fix the syntax at that line"):
        load_lesson(fixture_lesson, "demo")


def test_author_errors_say_what_to_do(fixture_layout, fixture_lesson):
    replace_in(fixture_lesson / "lesson.md", "```{cell} celda1.py", "```{cell} celda9.py")
    with pytest.raises(BuildError, match=r"create it or correct the name$"):
        render(fixture_layout)
    (fixture_lesson / "lesson.md").write_text("```{cell} celda1.py\n:name: Celda 1\n```\n")
    with pytest.raises(BuildError, match=r"no \{quiz\}; put a ```\{quiz\}``` block .* where the quiz goes$"):
        render(fixture_layout)
    (fixture_lesson / "celda1.py").write_text("if True\n    pass\n")
    with pytest.raises(BuildError, match=r"celda1\.py:1:\d+: SyntaxError: .*; fix the syntax at that line"):
        render(fixture_layout)
    (fixture_layout.web_courses / "demo" / "sobra").mkdir()
    with pytest.raises(BuildError, match=r"sobra are not listed in `lessons`; add them to `lessons`"):
        load_courses(fixture_layout.web_courses)


# ----------------------------------------------------------------- the runtime the page loads


def line_with(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_the_real_runtime_loads(fixture_layout, checks):
    body, _ = render(fixture_layout)
    assert "<lesson-" not in body


def test_a_lesson_with_a_challenge_and_no_checks_fails_with_what_to_add(fixture_layout, real_runtime):
    with pytest.raises(BuildError, match=r"primera/lesson\.md:\d+: \{challenge\} but .* has no "
                                               r"checks: add checks\.py.*\(see web/docs/lesson-format\.md\)$"):
        render(fixture_layout)


def test_a_check_that_raises_while_loading_fails_with_its_line_and_what_to_do(fixture_layout, checks):
    replace_in(checks, '@check("cero",', '@check("Cero",')
    line = line_with(checks, '@check("Cero",')
    with pytest.raises(BuildError) as error:
        render(fixture_layout)
    message = str(error.value)
    # The decorator's line, not the line inside check() that raised.
    assert re.search(rf"checks\.py:{line}: ValueError: check id 'Cero': use lowercase words "
                     r"joined by '-' \(raised while loading the challenge of lesson demo/primera", message), message
    assert "Fix it and build again" in message


def test_a_check_module_that_raises_at_import_fails_with_its_line(fixture_layout, checks):
    replace_in(checks, "\nFILES = (\"apoyo.py\",)\n", "\nFILES = (\"apoyo.py\",)\nLIMITE = 1 / 0\n")
    line = line_with(checks, "LIMITE = 1 / 0")
    with pytest.raises(BuildError, match=rf"checks\.py:{line}: ZeroDivisionError: division by zero"):
        render(fixture_layout)


def test_checks_under_their_old_name_are_refused_with_the_new_one(fixture_layout, checks):
    checks.rename(checks.with_name("comprobaciones.py"))
    with pytest.raises(BuildError, match=r"primera/comprobaciones\.py: a lesson's checks are named checks\.py "
                                         r"now; rename comprobaciones\.py to checks\.py$"):
        render(fixture_layout)


def test_a_probe_class_under_its_old_name_is_refused_at_its_line(fixture_layout, checks):
    replace_in(checks, "\nFILES = (\"apoyo.py\",)\n", "\nFILES = (\"apoyo.py\",)\n\n\n"
               "class Prueba(Probe):\n    pass\n")
    replace_in(checks, "from lessonrt.grading import check\n", "from lessonrt.grading import Probe, check\n")
    line = line_with(checks, "class Prueba(Probe):")
    with pytest.raises(BuildError, match=rf"checks\.py:{line}: Prueba is the old name of Probe; rename it to Probe"):
        render(fixture_layout)


def test_a_check_module_that_raises_at_import_stops_the_build_with_one_message(fixture_layout, checks, tmp_path,
                                                                               node_modules):
    replace_in(checks, "\nFILES = (\"apoyo.py\",)\n", "\nFILES = (\"apoyo.py\",)\nLIMITE = 1 / 0\n")
    line = line_with(checks, "LIMITE = 1 / 0")
    with pytest.raises(BuildError) as error:
        build_site(fixture_layout, tmp_path / "dist")
    message = str(error.value)
    assert re.match(rf"\S*primera/checks\.py:{line}: ZeroDivisionError: division by zero \(raised while loading the "
                    r"challenge of lesson demo/primera, .*\)\. Fix it and build again", message), message
    assert "Traceback" not in message


def test_checks_that_register_nothing_fail(fixture_layout, checks):
    checks.write_text('SIGNATURE = "doble(n)"\nFILES = ()\n', encoding="utf-8")
    with pytest.raises(BuildError, match=r"checks\.py: it registers no check: .*@check"):
        render(fixture_layout)


def test_a_challenge_without_firma_says_where_and_what_to_write(fixture_layout, checks):
    replace_in(checks, 'SIGNATURE = "doble(n)"', 'SIGNATURE = 7')
    line = line_with(checks, "SIGNATURE = 7")
    with pytest.raises(BuildError, match=rf"checks\.py:{line}: SIGNATURE = 7 is not a signature; write "
                                         r'SIGNATURE = "name\(parameter, \.\.\.\)"'):
        render(fixture_layout)
    replace_in(checks, "SIGNATURE = 7\n", "")
    with pytest.raises(BuildError) as error:
        render(fixture_layout)
    # At the file's first line, with an example that is no lesson's in particular.
    assert re.search(r"checks\.py:1: has no SIGNATURE; write SIGNATURE = \"name\(parameter, \.\.\.\)\"",
                     str(error.value)), error.value
    assert "bucle(" not in str(error.value)


def test_a_missing_runtime_file_fails_where_it_is_imported(fixture_layout, real_runtime, checks):
    (real_runtime / "grading" / "textos.py").unlink()
    # prueba.py is the first module the package loads that imports textos.
    line = line_with(real_runtime / "grading" / "prueba.py", "from lessonrt.grading import textos")
    with pytest.raises(BuildError, match=rf"prueba\.py:{line}: ImportError: .*textos"):
        render(fixture_layout)


def test_a_broken_check_is_found_even_when_a_good_copy_is_imported(fixture_layout, checks):
    """The build process may have imported lessonrt already (the tests do): the files on
    disk are what the page loads, so they are what is checked."""
    import lessonrt.grading  # noqa: F401  the repository's good copy, now in sys.modules

    replace_in(checks, '@check("tres",', '@check("tres ",')
    with pytest.raises(BuildError, match=r"check id 'tres ': use lowercase words"):
        render(fixture_layout)


def test_a_build_with_a_broken_check_writes_no_lesson_page(fixture_layout, checks, tmp_path, node_modules):
    replace_in(checks, '@check("cero",', '@check("tres",')
    out = tmp_path / "dist"
    with pytest.raises(BuildError, match=r"checks\.py:\d+: check id 'tres' is already the id of the check at "
                                         r"line \d+; give each check its own id"):
        build_site(fixture_layout, out)
    assert not list(out.rglob("*.html"))


def test_a_fixture_lesson_brings_its_own_challenge_and_grade_grades_it(fixture_layout, checks, tmp_path,
                                                                        capfd):
    good, bad = tmp_path / "bien.py", tmp_path / "mal.py"
    good.write_text("def doble(n):\n    return 2 * n\n")
    bad.write_text("def doble(n):\n    return n * n\n")
    assert grade(good, fixture_layout, challenge="demo/primera") == 0
    assert "3 de 3 pruebas superadas" in capfd.readouterr().out
    assert grade(bad, fixture_layout, challenge="demo/primera") == 1
    out = capfd.readouterr().out
    assert "✗ El doble de 3 — doble(3) devolvió 9" in out and "✓ El doble de 0" in out
    # The engine's own check: the first edge where n * n parts from 2 * n.
    assert "✗ Cualquier entero — Pasa el primer caso generado y falla en el segundo" in out
    assert "    doble(1)\n    Tu función: devuelve 1\n    El contrato: devuelve 2" in out
    assert "1 de 3 pruebas superadas" in out


# ----------------------------------------------------------------- pyodide, runtime


def fake_pyodide(node_modules: Path, version: str, missing: str | None = None) -> None:
    package = node_modules / "pyodide"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "pyodide", "version": version}))
    for name in (*PYODIDE_FILES, "pyodide.js", "console.html", "pyodide.d.ts"):
        if name != missing:
            (package / name).write_text(f"contents of {name}")


def test_pyodide_is_copied_by_its_explicit_file_list(tmp_path):
    fake_pyodide(tmp_path / "node_modules", "314.0.7")
    copied = copy_pyodide(tmp_path / "node_modules", tmp_path / "out", "314.0.7")
    folder = tmp_path / "out" / "pyodide" / "314.0.7"
    assert sorted(p.name for p in folder.iterdir()) == sorted(PYODIDE_FILES)
    assert copied == [folder / name for name in PYODIDE_FILES]
    assert (folder / "pyodide.asm.wasm").read_text() == "contents of pyodide.asm.wasm"


def test_pyodide_copy_fails_on_a_missing_file_or_another_version(tmp_path):
    fake_pyodide(tmp_path / "a", "314.0.7", missing="python_stdlib.zip")
    with pytest.raises(BuildError, match=r"python_stdlib\.zip is missing"):
        copy_pyodide(tmp_path / "a", tmp_path / "out", "314.0.7")
    fake_pyodide(tmp_path / "b", "0.27.0")
    with pytest.raises(BuildError, match=r"is Pyodide 0\.27\.0, but package\.json pins 314\.0\.7"):
        copy_pyodide(tmp_path / "b", tmp_path / "out", "314.0.7")


def test_the_pinned_pyodide_version_is_read_from_package_json(repo_root):
    version = read_pyodide_version(repo_root / "package.json")
    assert version == "314.0.7"
    lock = json.loads((repo_root / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == version
    assert all("integrity" in meta for name, meta in lock["packages"].items() if name)


def test_a_runtime_file_that_does_not_parse_fails(fixture_layout, tmp_path):
    (fixture_layout.runtime / "broken.py").write_text("def f(:\n")
    with pytest.raises(BuildError, match=r"broken\.py:1:\d+: SyntaxError"):
        copy_runtime(fixture_layout.runtime, tmp_path / "out")


def test_grade_without_a_grader_is_a_usage_error(fixture_layout, tmp_path, capsys):
    solution = tmp_path / "solucion.py"
    solution.write_text("print('hola')\n")
    assert grade(solution, fixture_layout) == 2
    assert "grading/cli.py does not exist" in capsys.readouterr().err


# ----------------------------------------------------------------- check step


def make_site(tmp_path: Path, pages: dict[str, str]) -> Path:
    dist = tmp_path / "dist"
    for name, text in pages.items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_text(text, encoding="utf-8")
    return dist


PAGE = '<!doctype html>\n<html lang="es">\n<head><link rel="stylesheet" href="{css}"></head>\n<body>\n{body}\n</body></html>\n'


def test_check_accepts_a_good_site(tmp_path):
    dist = make_site(tmp_path, {
        "index.html": PAGE.format(css="style.css", body='<a href="a/">A</a> <a href="https://example.org/">fuera</a>'),
        "a/index.html": PAGE.format(css="../style.css", body='<a href="../">inicio</a> <a href="#x" id="x">x</a>'),
        "style.css": "body { background: url('fondo.svg'); }",
        "fondo.svg": "<svg/>",
    })
    assert check_site(dist) == []


def test_check_reports_a_link_to_nothing_with_file_and_line(tmp_path):
    dist = make_site(tmp_path, {"index.html": PAGE.format(css="style.css", body='<p>\n<a href="otra/">B</a></p>'),
                                "style.css": ""})
    problems = check_site(dist)
    assert len(problems) == 1
    assert re.search(r"index\.html:6: <a href>: 'otra/' points to nothing", problems[0])


def test_check_reports_a_bad_link_at_its_source_line(fixture_layout, fixture_lesson, tmp_path, node_modules):
    replace_in(fixture_lesson / "lesson.md", "(../apoyo.py)", "(../falta.py)")
    with pytest.raises(BuildError) as error:
        build_site(fixture_layout, tmp_path / "dist")
    assert re.search(r"primera/lesson\.md:1 \(built into .*index\.html:\d+\): <a href>: '\.\./falta\.py' points to nothing",
                     str(error.value))


@pytest.mark.parametrize("body, message", [
    ('<script src="https://cdn.example.org/x.js"></script>', "loads from another origin"),
    ('<img src="//cdn.example.org/x.png" alt="">', "loads from another origin"),
    ('<a href="/courses/">x</a>', "is an absolute path"),
    ("<script>alert(1)</script>", "inline <script>"),
    ('<button onclick="go()">x</button>', "inline event handler onclick="),
    ('<a href="javascript:go()">x</a>', "javascript: URLs are not allowed"),
    ('<p id="a"></p><p id="a"></p>', "id 'a' is used more than once"),
    ('<a href="#nada">x</a>', "no element with id 'nada'"),
    ('<script type="application/json" id="d">{"a": </script>', "JSON block does not parse"),
])
def test_check_rejects(tmp_path, body, message):
    dist = make_site(tmp_path, {"index.html": PAGE.format(css="style.css", body=body), "style.css": ""})
    problems = check_site(dist)
    assert len(problems) == 1 and message in problems[0], problems


def test_check_rejects_a_stylesheet_loading_from_another_origin(tmp_path):
    dist = make_site(tmp_path, {"index.html": PAGE.format(css="style.css", body=""),
                                "style.css": "\n@font-face { src: url(https://fonts.example.org/f.woff2); }"})
    assert [p for p in check_site(dist) if re.search(r"style\.css:2: url\(\): .* another origin", p)]


def test_check_follows_the_site_root_and_pyodide_metas(tmp_path):
    head = '<meta name="site-root" content="../../"><meta name="pyodide-path" content="pyodide/1.2.3/">'
    dist = make_site(tmp_path, {"index.html": PAGE.format(css="style.css", body=""), "style.css": "",
                                "c/l/index.html": PAGE.format(css="../../style.css", body=head)})
    assert check_site(dist) == ["%s:1: meta pyodide-path 'pyodide/1.2.3/': no dist/pyodide/1.2.3/pyodide.mjs"
                                      % rel(dist / "c/l/index.html")]
    (dist / "pyodide/1.2.3").mkdir(parents=True)
    (dist / "pyodide/1.2.3/pyodide.mjs").write_text("")
    assert check_site(dist) == []


# ----------------------------------------------------------------- serve


@pytest.fixture
def serve(tmp_path):
    """Start make_server on a free port; yields a function that returns its base URL."""
    servers = []

    def start(**options) -> str:
        server = make_server(site, **options, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        host, port = server.server_address[:2]
        return f"http://{host}:{port}{options.get('prefix', '/')}"

    site = make_site(tmp_path, {"index.html": PAGE.format(css="style.css", body=""), "style.css": "",
                                "a.wasm": "", "a.mjs": "", "a.js": "", "a.json": "{}", "a.zip": "",
                                "pyodide/1/pyodide.mjs": "", "sub/index.html": "sub",
                                "assets/main-AB12CD34.js": "", "assets/main.js": "",
                                "packages/six-1.17.0-py2.py3-none-any.whl": "", "packages/pyodide-lock.json": "{}"})
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def fetch(url: str):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


def test_serve_sends_mime_types_and_isolation_headers(serve):
    base = serve()
    expected = {"a.wasm": "application/wasm", "a.mjs": "text/javascript", "a.js": "text/javascript",
                "a.json": "application/json", "a.zip": "application/zip", "index.html": "text/html"}
    for name, mime in expected.items():
        status, headers = fetch(base + name)
        assert status == 200 and headers.get_content_type() == mime, name
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        assert headers["Cross-Origin-Resource-Policy"] == "same-origin"
    assert "immutable" in fetch(base + "pyodide/1/pyodide.mjs")[1]["Cache-Control"]
    assert fetch(base + "index.html")[1]["Cache-Control"] == "no-cache"
    assert "immutable" in fetch(base + "assets/main-AB12CD34.js")[1]["Cache-Control"]  # a hashed name
    assert fetch(base + "assets/main.js")[1]["Cache-Control"] == "no-cache"
    # A wheel's name carries its version and the build checks its hash: every interpreter of
    # a page takes it from the browser's cache. The lock changes with the build.
    assert "immutable" in fetch(base + "packages/six-1.17.0-py2.py3-none-any.whl")[1]["Cache-Control"]
    assert fetch(base + "packages/pyodide-lock.json")[1]["Cache-Control"] == "no-cache"


def test_serve_without_isolation_sends_no_isolation_headers(serve):
    status, headers = fetch(serve(isolation=False) + "a.wasm")
    assert status == 200 and headers.get_content_type() == "application/wasm"
    assert not any(name.startswith("Cross-Origin") for name in headers)


def test_serve_under_a_sub_path(serve):
    base = serve(isolation=False, prefix="/sub/dir/")
    assert fetch(base + "a.wasm")[0] == 200
    assert fetch(base + "sub/")[0] == 200
    assert fetch(base.replace("/sub/dir/", "/") + "a.wasm")[0] == 404


# ----------------------------------------------------------------- storage.js, test command


def test_storage_never_throws_and_says_whether_it_persists(repo_root):
    """web/src/storage.js in Node, with storage that works, throws on access, and fills up."""
    script = """
import { createStorage } from "./web/src/storage.js";
const map = new Map();
const good = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)),
               removeItem: (k) => map.delete(k) };
let full = false;
const filling = { ...good, setItem: (k, v) => { if (full) throw new Error("QuotaExceededError"); good.setItem(k, v); } };
const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); },
                 removeItem() { throw new Error("denied"); } };
const a = createStorage("c", "l", good);
const out = { good: [a.persistent, a.set("quiz", { q: 1 }), map.get("lessonrt:c/l:quiz")] };
out.reread = createStorage("c", "l", good).get("quiz");
const b = createStorage("c", "l", broken);
out.broken = [b.persistent, b.set("x", 1), b.get("x"), b.get("y", "def")];
b.remove("x");
const c = createStorage("c", "l", filling);
full = true;
out.full = [c.persistent, c.set("x", [1]), c.persistent, c.get("x")];
out.none = createStorage("c", "l", null).persistent;
console.log(JSON.stringify(out));
"""
    proc = subprocess.run(["node", "--input-type=module", "-e", script], cwd=repo_root,
                          capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout) == {
        "good": [True, True, '{"q":1}'],
        "reread": {"q": 1},
        "broken": [False, False, 1, "def"],
        "full": [True, False, False, [1]],
        "none": False,
    }


def test_the_test_command_requires_the_pinned_packages(repo_root):
    pins = pinned_test_requirements(repo_root / "pyproject.toml")
    assert {"pytest", "playwright", "pytest-playwright", "pytest-timeout"} <= {p.split("==")[0] for p in pins}
    assert all("==" in p for p in pins), pins
    assert "playwright==1.64.1" in pins and "pytest-playwright==0.10.0" in pins
    build = pinned_build_requirements(repo_root / "pyproject.toml")
    assert {"markdown-it-py", "Jinja2", "Pygments"} <= {p.split("==")[0] for p in build} and set(build) <= set(pins)
    assert missing_requirements(pins) == []
    assert missing_requirements(["pytest==0.0.1", "no-such-package-here==1.0"]) == \
        ["pytest==0.0.1", "no-such-package-here==1.0"]


def test_the_snapshot_key_follows_the_runtime_and_the_interpreter(tmp_path):
    runtime = tmp_path / "lessonrt"
    runtime.mkdir()
    (runtime / "runner.py").write_text("X = 1\n")
    wasm = tmp_path / "pyodide.asm.wasm"
    wasm.write_bytes(b"\0asm one")

    def key() -> str:
        out = tmp_path / "out"
        copy_runtime(runtime, out, interpreter=[wasm])
        return read_manifest(out)["snapshot"]

    first = key()
    assert key() == first  # a rebuild of the same files keeps the saved snapshot
    wasm.write_bytes(b"\0asm two")
    second = key()
    (runtime / "runner.py").write_text("X = 2\n")
    assert len({first, second, key()}) == 3  # a new Pyodide or runtime never loads an old one


def test_the_lesson_format_shows_the_fixture_lessons_checks_as_its_worked_example(repo_root):
    # The docs' example for authors is this file's fixture, so it is built and graded above.
    reference = (repo_root / "web" / "docs" / "lesson-format.md").read_text(encoding="utf-8")
    assert "```python\n" + FIXTURE_CHECKS + "```" in reference


def test_a_fixture_lesson_brings_its_challenge_and_widget_from_its_folder_alone(fixture_layout, fixture_lesson,
                                                                               checks, tmp_path, node_modules):
    use_widget(fixture_lesson)
    out = build_site(fixture_layout, tmp_path / "dist").out
    assert check_site(out) == []
    manifest = read_manifest(out)
    assert manifest["challenges"] == {"demo/primera": {"path": "courses/demo/primera/",
                                                      "files": ["checks.py"]}}
    shipped = out / "courses" / "demo" / "primera" / "checks.py"
    assert shipped.read_text(encoding="utf-8") == FIXTURE_CHECKS  # beside its lesson
    assert "grading/engine.py" in manifest["files"]
    assert list((out / "assets").glob("widget-contador-*.js"))
    assert not list((out / "courses" / "demo" / "primera").glob("corpus"))  # the corpus is for tests


def corpus_file(lesson: Path, kind: str, name: str, text: str) -> Path:
    path = lesson / "corpus" / kind / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_corpus_that_keeps_its_promises_builds(fixture_layout, checks, tmp_path, node_modules):
    lesson = checks.parent
    corpus_file(lesson, "accept", "bien.py", "def doble(n):\n    return n + n\n")
    corpus_file(lesson, "reject", "cuadrado.py", "# El cuadrado.\n# fails: tres\n# says: devolvió 9\n"
                                                 "def doble(n):\n    return n * n\n")
    assert check_site(build_site(fixture_layout, tmp_path / "dist").out) == []


def test_a_corpus_is_graded_once_for_its_files_wherever_the_course_lives(fixture_layout, checks, tmp_path,
                                                                          monkeypatch, capfd):
    import dataclasses

    from lessonsite import runtime

    graded: list[str] = []
    grade_in_child = runtime._grade_in_child
    monkeypatch.setattr(runtime, "_grade_in_child", lambda layout, key, folder, paths, limit: (
        graded.extend(p.name for p in paths), grade_in_child(layout, key, folder, paths, limit))[1])
    cache = tmp_path / "cache"

    def check(layout: Layout) -> list[str]:
        graded.clear()
        runtime.check_corpora(layout, {"demo/primera": layout.web_courses / "demo" / "primera"}, cache=cache)
        return sorted(graded)

    corpus = sorted(p.name for p in (checks.parent / "corpus").glob("*/*.py"))
    # A copy of the course elsewhere, graded first with the runtime outside its root (as
    # Layout.courses_only has it: the course files still come from the copy's py/courses/).
    copy = tmp_path / "otra"
    shutil.copytree(fixture_layout.root, copy)
    moved = Layout.at(copy, **{f: getattr(fixture_layout, f) for f in ("templates", "src", "style", "node_modules",
                                                                       "package_json")})
    elsewhere = shutil.copytree(fixture_layout.runtime, tmp_path / "aparte" / "lessonrt")
    capfd.readouterr()
    assert check(dataclasses.replace(moved, runtime=elsewhere)) == corpus
    # Grading takes minutes on a first build: one line says what runs before it starts.
    said = capfd.readouterr().err.splitlines()
    assert said == [f"grading the corpus of 1 lesson ({len(corpus)} files) against its checks: again only when "
                    "the runtime's Python, a check or a corpus file changes; under a minute and a half"], said
    assert check(moved) == []
    assert capfd.readouterr().err == ""
    # The same files in the first place: no grading either.
    assert check(fixture_layout) == []
    # A changed file is graded again, and a broken promise is found though the rest was kept.
    corpus_file(moved.web_courses / "demo" / "primera", "reject", "cuadrado.py",
                "# El cuadrado.\n# fails: tres\n# says: devolvió 10\ndef doble(n):\n    return n * n\n")
    with pytest.raises(BuildError, match=r"cuadrado\.py:2: the message of 'tres' does not say 'devolvió 10'"):
        check(moved)
    assert "cuadrado.py" in graded


def test_the_fixture_lessons_corpus_is_big_enough_and_each_wrong_solution_fails_its_own_way(fixture_layout, checks):
    from lessonsite.runtime import CORPUS_MINIMUM, corpus_header

    corpus = checks.parent / "corpus"
    for kind, minimum in CORPUS_MINIMUM.items():
        assert len(list((corpus / kind).glob("*.py"))) >= minimum
    # Two wrong solutions that promise the same failing checks with the same words would
    # be one mistake counted twice.
    promises = [corpus_header(path)[:2] for path in sorted((corpus / "reject").glob("*.py"))]
    assert len({repr(promise) for promise in promises}) == len(promises)


@pytest.mark.parametrize("kind, left, expected", [
    ("accept", 3, r"primera/corpus/accept/: 3 solutions \(\*\.py\), and the challenge of demo/primera needs at least 4: "
                  r"add 1 more, solutions that pass every check"),
    ("reject", 0, r"primera/corpus/reject/: 0 solutions \(\*\.py\), and the challenge of demo/primera needs at least 12: "
                  r"add 12 more, wrong solutions"),
])
def test_a_challenge_whose_corpus_is_too_small_is_refused_naming_the_folder(fixture_layout, checks, tmp_path,
                                                                            node_modules, kind, left, expected):
    for path in sorted((checks.parent / "corpus" / kind).glob("*.py"))[left:]:
        path.unlink()
    # The corpus test (tests/test_corpus.py) refuses it for every lesson of the repository.
    short = corpus_shortfalls({"demo/primera": checks.parent})
    assert len(short) == 1 and re.search(expected, short[0]), short


@pytest.mark.parametrize("kind, name, text, expected", [
    ("accept", "mal.py", "def doble(n):\n    return n * n\n",
     r"corpus/accept/mal\.py: an accepted solution must pass every check, but it fails tres \(doble\(3\) devolvió 9\)"),
    ("reject", "pasa.py", "# Parece mal.\n# fails: cero\ndef doble(n):\n    return 2 * n\n",
     r"corpus/reject/pasa\.py:1: the checks accept this solution.*\n.*corpus/reject/pasa\.py:2: the check 'cero' passes"),
    ("reject", "dice.py", "# El cuadrado.\n# fails: tres\n# says: devolvió 10\ndef doble(n):\n    return n * n\n",
     r"corpus/reject/dice\.py:2: the message of 'tres' does not say 'devolvió 10'; the header promises:\n"
     r" +# fails: tres\n +# says: devolvió 10\n +and the grader's whole message is:\n +doble\(3\) devolvió 9"),
    # A message of several lines, shown whole: the words the header wants are on none of them.
    ("reject", "contrato.py", "# El cuadrado.\n# fails: todos\n# says: doble(1)\n# says: devuelve 3\n"
                              "def doble(n):\n    return n * n\n",
     r"corpus/reject/contrato\.py:2: the message of 'todos' does not say 'devuelve 3'; the header promises:\n"
     r" +# fails: todos\n +# says: doble\(1\)\n +# says: devuelve 3\n +and the grader's whole message is:\n"
     r" +Pasa el primer caso .*\n +doble\(1\)\n +Tu función: devuelve 1\n +El contrato: devuelve 2$"),
    ("reject", "sin.py", "def doble(n):\n    return 0\n",
     r"corpus/reject/sin\.py:1: a rejected solution starts with comment lines naming what fails"),
    ("reject", "otra.py", "# Otra.\n# fails: nueve\ndef doble(n):\n    return 0\n",
     r"corpus/reject/otra\.py:2: there is no check 'nueve'; known: tres, cero"),
])
def test_a_corpus_file_whose_verdict_is_wrong_fails_the_build_at_its_line(fixture_layout, checks, tmp_path,
                                                                          node_modules, kind, name, text, expected):
    corpus_file(checks.parent, kind, name, text)
    with pytest.raises(BuildError, match=r"the corpus of demo/primera does not get the verdicts its files promise:\n"
                                         r"(.*\n)*.*" + expected):
        build_site(fixture_layout, tmp_path / "dist")


def test_a_corpus_verdict_must_agree_with_itself_and_stop_only_where_its_header_says(tmp_path):
    # Two promises the build holds every corpus file to, beside the ones above: a rejected
    # file that names its failing checks must reach them (the grading did not stop before),
    # and an accepted file's panels show the same on both sides.
    from lessonsite.runtime import corpus_problems

    rejected = corpus_file(tmp_path / "primera", "reject", "roto.py", "# Roto.\n# fails: tres\n# says: 9\ndef doble(n):\n")
    stopped = {"solved": False, "error": "SyntaxError: expected an indented block",
               "checks": {"tres": [False, "no se ha comprobado: 9", True], "cero": [False, "no se ha comprobado", True]}}
    assert [re.sub(r"^.*roto\.py", "roto.py", p) for p in corpus_problems(rejected, stopped)] == [
        "roto.py:1: the grading stopped before its checks (SyntaxError: expected an indented block), but the "
        "header names the checks that fail; say '# fails: all' with '# error: <words>'"]
    accepted = corpus_file(tmp_path / "primera", "accept", "bien.py", "def doble(n):\n    return 2 * n\n")
    torn = {"solved": True, "error": None, "checks": {"tres": [True, "bien", False], "cero": [True, "bien", True]}}
    assert [re.sub(r"^.*bien\.py", "bien.py", p) for p in corpus_problems(accepted, torn)] == [
        "bien.py: the check 'tres' passes, but what it shows the solution did differs from what it expected; "
        "the check's panel and its verdict disagree"]
    assert corpus_problems(accepted, {**torn, "checks": {"tres": [True, "bien", True]}}) == []


def test_the_first_build_with_packages_says_in_one_line_what_it_sets_up_and_for_how_long(tmp_path, monkeypatch):
    """Setting up pyodide-build takes a minute or two, once: the author is told before it starts."""
    from types import SimpleNamespace

    from lessonsite import packages

    def run(step, **_):
        if step[1:3] == ["-m", "venv"]:
            (Path(step[3]) / "bin").mkdir(parents=True)
            (Path(step[3]) / "bin" / "pyodide").write_text("")
        return subprocess.CompletedProcess(step, 0, "", "")

    monkeypatch.setattr(packages, "tools_python", lambda: Path("/usr/bin/python3.12"))
    monkeypatch.setattr(packages, "subprocess", SimpleNamespace(run=run))
    said: list[str] = []
    command = packages.ensure_pyodide_build(tmp_path, log=said.append)
    assert len(said) == 1 and "\n" not in said[0], said
    assert re.search(r"^setting up pyodide-build .*pyodide-lock\.json.*: once, on the first build with packages; "
                     r"about a minute and a half$", said[0]), said[0]
    assert packages.ensure_pyodide_build(tmp_path, log=said.append) == command
    assert len(said) == 1  # the next builds say nothing


def test_the_worker_and_the_service_worker_ask_for_the_lock_under_its_versioned_url(tmp_path, node_modules):
    """The site's pyodide-lock.json is asked for under a URL that names its content: the
    manifest tells the worker the version, the service worker keeps that URL (and does not
    precache the bare one), and a new lock means a new URL."""
    from lessonsite.assets import bundle_service_worker
    from lessonsite.packages import versioned_lock

    out = tmp_path / "out"
    (out / "packages").mkdir(parents=True)
    lock = out / "packages" / "pyodide-lock.json"
    lock.write_text('{"packages": {}}', encoding="utf-8")
    runtime = tmp_path / "lessonrt"
    runtime.mkdir()
    (runtime / "runner.py").write_text("X = 1\n")

    def built() -> tuple[str, str]:
        copy_runtime(runtime, out)
        manifest = read_manifest(out)
        sw = bundle_service_worker(Layout.at(ROOT), out, "314.0.7", packages=["packages/six-1.whl"]).read_text()
        return manifest["lock"], sw

    version, sw = built()
    assert versioned_lock(out) == f"packages/pyodide-lock.json?v={version}"
    assert f'"packages/pyodide-lock.json?v={version}"' in sw and '"packages/six-1.whl"' in sw
    assert '"packages/pyodide-lock.json"' not in sw
    lock.write_text('{"packages": {"six": {}}}', encoding="utf-8")
    assert built()[0] != version


def test_the_download_notes_say_the_manifests_figure(built_site):
    # One figure for what a first run downloads: the build's manifest's, which the progress
    # line also counts to, rounded to whole MB, in every note of every lesson.
    manifest = read_manifest(built_site)
    figure = round(sum(manifest["sizes"].values()) / 1e6)
    assert figure > 5
    lessons = sorted(md.parent.relative_to(ROOT / "web" / "courses") for md in (ROOT / "web" / "courses").glob("*/*/lesson.md"))
    assert lessons
    for page in (built_site / "courses" / lesson / "index.html" for lesson in lessons):
        notes = re.findall(r'<p class="cell-note download-note">(.*?)</p>', page.read_text(encoding="utf-8"))
        assert 1 <= len(notes) <= 2, page  # under the first cell, and in the challenge if there is one
        for note in notes:  # «(unos 12 MB)», "(about 12 MB)": the course's language says it
            assert re.search(rf"\(\w+ {figure} MB\)", note), (page, note)


# ----------------------------------------------------------------- mistakes in the checks, said at their line


def test_a_reference_that_raises_is_named_at_its_line_once(fixture_layout, checks, tmp_path, node_modules):
    apoyo = fixture_layout.py_courses / "demo" / "apoyo.py"
    replace_in(apoyo, "return 2 * n", "return [][n]")
    with pytest.raises(BuildError) as error:
        build_site(fixture_layout, tmp_path / "dist")
    message = str(error.value)
    assert re.fullmatch(rf".*demo/apoyo\.py:{line_with(apoyo, 'return [][n]')}: the reference doble raised IndexError: "
                        r"list index out of range in the case 'doble\(0\)' \(check 'todos' of demo/primera\), and 4 "
                        r"accepted solutions \(bucle\.py, .*\) do not\. .*fix it at that line.*", message), message
    assert "corpus/reject/" not in message and "\n" not in message


def test_a_wrong_reference_is_suspected_when_every_accepted_solution_fails_alike(fixture_layout, checks, tmp_path,
                                                                                  node_modules):
    apoyo = fixture_layout.py_courses / "demo" / "apoyo.py"
    replace_in(apoyo, "return 2 * n", "return 3 * n")
    with pytest.raises(BuildError) as error:
        build_site(fixture_layout, tmp_path / "dist")
    message = str(error.value)
    first = message.splitlines()[0]
    assert re.fullmatch(r".*primera/corpus/accept/: all 4 accepted solutions fail .*'todos'.*: check the reference, "
                        rf".*demo/apoyo\.py:{line_with(apoyo, 'def doble')}, or the check itself\. What .*", first), first
    assert "the corpus of demo/primera does not get the verdicts its files promise" in message


def test_a_check_that_raises_while_grading_is_named_at_its_line(fixture_layout, checks, tmp_path, node_modules):
    replace_in(checks, "% caso.calls[0]", "% caso.calls[5]")
    with pytest.raises(BuildError) as error:
        build_site(fixture_layout, tmp_path / "dist")
    message = str(error.value)
    assert re.match(rf".*primera/checks\.py:{line_with(checks, 'caso.calls[5]')}: IndexError: list index "
                    r"out of range \(in <lambda>\): the checks of demo/primera raised this while grading .*corpus/.*\.py\. "
                    r"It is a mistake in the checks, not in that solution: fix that line", message), message
    assert "something went wrong in the grader" in message and "\n" not in message


def test_a_typo_in_the_signature_is_said_first_and_once_with_what_each_place_defines(fixture_layout, checks,
                                                                                       tmp_path, capfd):
    replace_in(checks, 'SIGNATURE = "doble(n)"', 'SIGNATURE = "dobel(n)"')
    toml = fixture_layout.web_courses / "demo" / "primera" / "lesson.toml"
    capfd.readouterr()
    with pytest.raises(BuildError) as error:
        build_site(fixture_layout, tmp_path / "dist")
    message = str(error.value)
    assert re.fullmatch(
        rf".*primera/checks\.py:{line_with(checks, 'SIGNATURE =')}: SIGNATURE = 'dobel\(n\)' asks the learner for "
        r"dobel, but the starting code .*primera/desafio\.py defines doble; the reference "
        rf"\(.*primera/lesson\.toml:{line_with(toml, 'solution =')}: solution = 'apoyo\.py:doble'\) defines doble; "
        r"\d+ of the \d+ corpus solutions define doble\. Rename dobel to doble in .*primera/checks\.py:\d+ "
        r"\(SIGNATURE = 'doble\(n\)'\)", message), message
    # First: before the minutes of tracing and grading, whose lines would come before it.
    assert "grading the corpus" not in capfd.readouterr().err

    # The odd one out is the one to rename, wherever it is: here the reference.
    replace_in(checks, 'SIGNATURE = "dobel(n)"', 'SIGNATURE = "doble(n)"')
    apoyo = fixture_layout.py_courses / "demo" / "apoyo.py"
    replace_in(apoyo, "def doble(", "def dobel(")
    replace_in(toml, "apoyo.py:doble", "apoyo.py:dobel")
    with pytest.raises(BuildError, match=rf"checks\.py:\d+: SIGNATURE = 'doble\(n\)' asks the learner for doble, but "
                                         r".*\. Rename dobel to doble in .*demo/apoyo\.py:\d+ and in "
                                         rf".*primera/lesson\.toml:{line_with(toml, 'solution =')}$"):
        build_site(fixture_layout, tmp_path / "dist")


def test_a_lesson_with_no_corpus_is_refused_naming_the_folders(fixture_layout, checks, tmp_path, node_modules):
    shutil.rmtree(checks.parent / "corpus")
    with pytest.raises(BuildError) as error:
        build_site(fixture_layout, tmp_path / "dist")
    assert re.search(r"primera/corpus/accept/: 0 solutions \(\*\.py\), and the challenge of demo/primera needs at "
                     r"least 1: add 1 more.*\n.*primera/corpus/reject/: 0 solutions .* at least 1: add 1 more",
                     str(error.value)), error.value


@pytest.mark.parametrize("old, new, key, expected", [
    ("answer = 2.5", 'answer = "2.5"', "answer =",
     r"quiz question 3: answer = '2.5' is a string, and a number question's answer is a number: write it without "
     r"quotes, like answer = 2\.5"),
    ('id = "suma"', "id = 1", "id = 1",
     r"quiz question \d: id = 1 is a int, and an id is a string: write it in quotes, starting with a letter, "
     r"like id = \"p1\""),
])
def test_a_quiz_value_of_the_wrong_type_says_which_type_to_write(fixture_lesson, old, new, key, expected):
    toml = fixture_lesson / "lesson.toml"
    replace_in(toml, old, new)
    with pytest.raises(BuildError, match=rf"lesson\.toml:{line_with(toml, key)}: {expected}$"):
        load_lesson(fixture_lesson, "demo")


def test_an_unknown_course_toml_key_is_refused_with_the_known_ones(fixture_layout):
    toml = fixture_layout.web_courses / "demo" / "course.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'lesons = ["primera"]\n', encoding="utf-8")
    with pytest.raises(BuildError, match=rf"course\.toml:{line_with(toml, 'lesons')}: unknown key\(s\) lesons; "
                                         r"known keys: lang, lessons, packages, title"):
        load_courses(fixture_layout.web_courses)


def test_a_course_without_a_known_language_is_refused_with_the_available_ones(fixture_layout):
    toml = fixture_layout.web_courses / "demo" / "course.toml"
    replace_in(toml, 'lang = "es"', 'lang = "klingon"')
    with pytest.raises(BuildError, match=r'course\.toml: lang = \'klingon\' has no message catalog; available: "en", "es"'):
        load_course(toml.parent)
    replace_in(toml, 'lang = "klingon"\n', "")
    with pytest.raises(BuildError, match=r'course\.toml: needs `lang = "\.\.\."`'):
        load_course(toml.parent)


def test_site_toml_chooses_the_front_page_s_language_and_its_courses_order(fixture_layout):
    courses_dir = fixture_layout.web_courses
    shutil.copytree(courses_dir / "demo", courses_dir / "otro")
    assets = {"style.css": "style.css", "courses.js": "courses.js"}
    # Without site.toml: the language most courses share (here the only one) and folder order.
    front = render_index(load_courses(courses_dir), fixture_layout, assets)
    assert '<html lang="es">' in front and "<h1>Lecciones</h1>" in front
    site = courses_dir / "site.toml"
    site.write_text('lang = "en"\ncourses = ["otro", "demo"]\n', encoding="utf-8")
    courses = load_courses(courses_dir)
    assert [course.slug for course in courses] == ["otro", "demo"]
    front = render_index(courses, fixture_layout, assets)
    assert '<html lang="en">' in front and "<h1>Lessons</h1>" in front
    # As many courses in English as in Spanish, and no site.toml to say which the front page
    # speaks: the folders' names would decide, so the build asks.
    site.unlink()
    toml = courses_dir / "otro" / "course.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('lang = "es"', 'lang = "en"'), encoding="utf-8")
    with pytest.raises(BuildError, match=r"as many courses in each of es, en \(es: demo; en: otro\).*write "
                                         r"web/courses/site\.toml with lang = \"es\""):
        render_index(load_courses(courses_dir), fixture_layout, assets)
    site.write_text('lang = "tlh"\n', encoding="utf-8")
    with pytest.raises(BuildError, match=r"site\.toml: lang = 'tlh' has no message catalog; available: \"en\", \"es\""):
        load_courses(courses_dir)
    site.write_text('courses = ["demo"]\n', encoding="utf-8")
    with pytest.raises(BuildError, match=r"site\.toml: `courses` must list every course folder once; not listed: otro"):
        load_courses(courses_dir)
    site.write_text('title = "Mis cursos"\n', encoding="utf-8")
    with pytest.raises(BuildError, match=r"site\.toml: unknown key\(s\) title; known keys: courses, lang"):
        load_courses(courses_dir)


def test_grade_finds_the_challenge_from_the_files_folder_or_asks_for_one(fixture_layout, checks, capsys):
    lesson = fixture_layout.web_courses / "demo" / "primera"
    good = lesson / "corpus" / "accept" / "bien.py"
    good.parent.mkdir(parents=True, exist_ok=True)
    good.write_text("def doble(n):\n    return 2 * n\n", encoding="utf-8")
    assert grade(good, fixture_layout) == 0
    elsewhere = fixture_layout.root / "intento.py"
    elsewhere.write_text("def doble(n):\n    return 2 * n\n", encoding="utf-8")
    assert grade(elsewhere, fixture_layout) == 2
    said = capsys.readouterr().err
    assert "which challenge?" in said and "intento.py is not in a lesson's folder" in said
    assert "--challenge COURSE/LESSON (demo/primera)" in said
    assert grade(elsewhere, fixture_layout, challenge="demo/primerra") == 2
    assert "there is no lesson" in capsys.readouterr().err
