"""Every lesson says things in its own words, not in its seed's.

A lesson may start from a seed text: its facts, names and numbers carry over, its sentences
do not. A seed is kept as its fingerprint, tests/seeds/<course>/<lesson>.grams: one short
hash per run of RUN consecutive words of it (the seed's own sentences stay out of the
repository). `python -m tests.test_wording SEED.txt > tests/seeds/<course>/<lesson>.grams`
makes one. Every lesson under web/courses is compared with every seed, so a new lesson is
covered as soon as its folder exists, and a lesson that borrowed from another lesson's seed
is caught as well.

A lesson's text is its prose and quiz (lesson.html or lesson.md, every string of lesson.toml)
and the comments of its Python files. Words are compared with case, accents and punctuation
set aside. A run of RUN or more consecutive words that the seed also has fails, unless the
run lies inside a string of the lesson's or the course's Python: a message the page prints,
such as the user's request, is quoted as it is, not written again. The text of a link is a
name (a paper's title): it is left out, and no run is counted across it.

A Spanish course also keeps one form for each thing it has settled (RULED_OUT), in the
text its lessons own: «solo» and not «sólo», «Celda 1» and not «celda 1», and so on.
"""

import ast
import hashlib
import io
import re
import sys
import tokenize
import tomllib
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COURSES = ROOT / "web" / "courses"
COURSE_PY = ROOT / "py" / "courses"
SEEDS = ROOT / "tests" / "seeds"
RUN = 10

# A lesson is a folder of a course (one with a course.toml), whatever files it holds.
LESSONS = sorted(folder for course in COURSES.glob("*/course.toml")
                 for folder in course.parent.iterdir() if folder.is_dir())
SEED_FILES = sorted(SEEDS.rglob("*.grams"))


def words(text: str) -> list[str]:
    """Lower-case words without accents; everything else (punctuation, markup) separates them."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return re.findall(r"\w+", "".join(c for c in folded if not unicodedata.combining(c)))


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = [[]]
        self.in_link = 0

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.in_link += 1
            self.parts.append([])

    def handle_endtag(self, tag):
        if tag == "a" and self.in_link:
            self.in_link -= 1

    def handle_data(self, data):
        if not self.in_link:
            self.parts[-1].append(data)


def html_texts(source: str) -> list[str]:
    """The text of an HTML fragment, cut into pieces where a link's text is left out."""
    parser = _Text()
    parser.feed(source)
    parser.close()
    return [" ".join(part) for part in parser.parts]


FENCE = re.compile(r" {0,3}(`{3,}|~{3,})\s*(\{?)")
OPTION = re.compile(r":[\w-]+:")


def md_texts(source: str) -> list[str]:
    """The text of lesson.md, cut where a link's text is left out. A block's own syntax is not
    text: the fence lines and a directive's :options: go, its body (an aside's prose) stays."""
    kept, fence, options = [], None, False
    for line in source.split("\n"):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence, options = opening[1], bool(opening[2])
            continue
        if fence is not None and line.strip() and set(line.strip()) == {fence[0]} and len(line.strip()) >= len(fence):
            fence = None
            continue
        if options and OPTION.match(line):
            continue
        options = False
        kept.append(line)
    return re.split(r"\[[^\]]*\]\([^)]*\)", "\n".join(kept))


def toml_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from toml_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from toml_strings(item)


def py_comments(source: str):
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.string


def py_strings(source: str):
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def segments(lesson: Path):
    """(where, text) for each piece of the lesson's own text."""
    for path in sorted(p for p in lesson.iterdir() if p.is_file()):
        name = path.relative_to(ROOT).as_posix()
        source = path.read_text(encoding="utf-8")
        if path.suffix in (".html", ".md"):
            for text in (html_texts if path.suffix == ".html" else md_texts)(source):
                yield name, text
        elif path.suffix == ".toml":
            for text in toml_strings(tomllib.loads(source)):
                yield name, text
        elif path.suffix == ".py":
            for comment in py_comments(source):
                yield name, comment


def quoted(lesson: Path) -> list[list[str]]:
    """The words of every string in the lesson's and its course's Python: data the page shows."""
    files = [*lesson.glob("*.py"), *(COURSE_PY / lesson.parent.name).glob("*.py")]
    return [words(s) for path in files for s in py_strings(path.read_text(encoding="utf-8"))]


def contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def gram(window: list[str]) -> str:
    return hashlib.sha256(" ".join(window).encode("utf-8")).hexdigest()[:16]


def fingerprint(seed: list[str], run: int = RUN) -> set[str]:
    """The hash of every window of `run` words of a seed."""
    return {gram(seed[i:i + run]) for i in range(len(seed) - run + 1)}


def shared_runs(text: list[str], grams: set[str], run: int = RUN) -> list[list[str]]:
    """Every longest stretch of text whose each window of `run` words the seed also has
    (`grams`: the seed's fingerprint)."""
    hits = [i for i in range(len(text) - run + 1) if gram(text[i:i + run]) in grams]
    spans = []
    for i in hits:
        if spans and i <= spans[-1][1]:
            spans[-1][1] = i + run
        else:
            spans.append([i, i + run])
    return [text[a:b] for a, b in spans]


def test_there_are_lessons_and_seeds():
    assert LESSONS, f"no lesson folder under {COURSES}"
    assert SEED_FILES, f"no seed under {SEEDS}"


def test_a_copied_sentence_is_found_and_a_reworded_one_is_not():
    seed = fingerprint(words("El tren sale a las ocho, y nadie en la estación lo sabe todavía. "
                             "La taquilla abre más tarde."))
    copied = words("Ojo: el TREN sale a las ocho; y nadie en la estación lo sabe... ¡Nadie!")
    assert shared_runs(copied, seed) == [words("el tren sale a las ocho y nadie en la estacion lo sabe")]
    assert shared_runs(words("A las ocho sale el tren, y en la estación nadie lo sabe."), seed) == []
    assert contains(words("el usuario pide: «Añade a lista.txt»"), words("añade a lista txt"))
    assert html_texts('<p>Lee <a href="x">el <b>paper</b></a> ya.</p>') == ["Lee ", " ya."]
    assert md_texts("Lee [el paper](https://x.org/a) ya.") == ["Lee ", " ya."]
    assert words(" ".join(md_texts("Antes.\n\n```{cell} celda1.py\n:name: Celda 1\n```\n\n"
                                   "```{aside}\n:class: phone-note\n\nUna nota.\n```\n"))) == ["antes", "una", "nota"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.relative_to(COURSES).as_posix())
def test_the_lesson_shares_no_run_of_words_with_a_seed(lesson):
    pieces = [(where, words(text)) for where, text in segments(lesson)]
    assert sum(len(w) for _, w in pieces) > 200, f"{lesson}: found almost no text to compare"
    data = quoted(lesson)
    found = []
    for seed_file in SEED_FILES:
        seed = set(seed_file.read_text(encoding="utf-8").split())
        for where, text in pieces:
            for run in shared_runs(text, seed):
                if not any(contains(q, run) for q in data):
                    found.append(f"{where} ({len(run)} words as in {seed_file.relative_to(ROOT)}): "
                                 f"{' '.join(run)}")
    assert not found, f"say these in the lesson's own words ({RUN} or more words in a row):\n" + \
        "\n".join(found)



# One form for each thing across a Spanish course, in the text its lessons own (prose, quiz,
# hints, glossary, the comments of the cells and the starting code): a pattern that matches is
# the form the course has ruled out, with the one it uses instead.
RULED_OUT = [
    (re.compile(r"\b[sS]ólo\b"), "«solo», sin tilde (Ortografía de la RAE, 2010)"),
    (re.compile(r"\bceldas? \d"), "«Celda 1», «las Celdas 1 y 2»"),
    (re.compile(r"\bM`? entero\b"), "«M entera»: M es la lista"),
    (re.compile(r"\bpaper\b"), "«artículo»"),
    (re.compile(r"\bllam\w* al modelo\b"), "«invocar al modelo»: «llamada» es un bloque tool_use"),
]
SPANISH = sorted(course.parent for course in COURSES.glob("*/course.toml")
                 if tomllib.loads(course.read_text(encoding="utf-8")).get("lang") == "es")


def owned_text(course: Path):
    """(where, text) for what a Spanish course writes for its learners, checks.py aside."""
    for path in sorted(course.rglob("*")):
        name = path.relative_to(ROOT).as_posix()
        if path.name == "lesson.md":
            yield from ((name, text) for text in md_texts(path.read_text(encoding="utf-8")))
        elif path.name in ("lesson.toml", "glossary.toml"):
            yield from ((name, text) for text in toml_strings(tomllib.loads(path.read_text(encoding="utf-8"))))
        elif path.suffix == ".py" and (path.name.startswith("celda") or path.name == "desafio.py"):
            yield from ((name, text) for text in py_comments(path.read_text(encoding="utf-8")))


def test_a_ruled_out_form_is_found():
    said = "Lo dice sólo la celda 2, con M entero; el paper llama al modelo."
    assert [why for pattern, why in RULED_OUT if pattern.search(said)] == [why for _, why in RULED_OUT]
    assert not any(p.search("Lo dice solo la Celda 2, con `M` entera; el artículo invoca al modelo.")
                   for p, _ in RULED_OUT)


@pytest.mark.parametrize("course", SPANISH, ids=lambda p: p.name)
def test_a_spanish_course_keeps_one_form_for_each_thing(course):
    found = [f"{where}: «{m[0]}» → {why}" for where, text in owned_text(course)
             for pattern, why in RULED_OUT for m in pattern.finditer(text)]
    assert not found, "\n".join(found)


if __name__ == "__main__":
    # The fingerprint of a seed text, to keep beside the others: one hash per line.
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    print("\n".join(sorted(fingerprint(words(text)))))


# A right option's feedback is shown after «Ver la respuesta» too, to a learner who chose wrong:
# it says why the option is right, and does not open with praise.
PRAISE = re.compile(r"^[¡\s]*(eso es|así es|correcto|exacto|bien)\s*[.:,;!]", re.IGNORECASE)


def test_praise_is_found_and_an_explanation_is_not():
    assert all(PRAISE.search(s) for s in ("Eso es. Lo escribe", "¡Exacto!", "Bien: añade", "Así es: va", "Correcto, porque"))
    assert not any(PRAISE.search(s) for s in ("Eso es lo que hace la otra versión.", "Bien mirado, no.", "Añade dos."))


@pytest.mark.parametrize("course", SPANISH, ids=lambda p: p.name)
def test_a_right_option_explains_without_praise(course):
    found = [f"{toml.relative_to(ROOT)}: {question['id']}: «{option['feedback']}»"
             for toml in sorted(course.glob("*/lesson.toml"))
             for question in tomllib.loads(toml.read_text(encoding="utf-8")).get("quiz", [])
             for option in question.get("options", [])
             if option.get("correct") and PRAISE.search(option.get("feedback", ""))]
    assert not found, "\n".join(found)
