"""A lesson's prose, lesson.md: CommonMark (markdown-it-py) with the lesson's blocks written as
directives, fenced blocks whose info string is a name in braces (MyST's syntax):

    ```{cell} celda1.py
    :name: Celda 1
    ```

or, for a short cell, with its code inside, after its options:

    ```{cell}
    :name: Celda 2
    print(2 + 2)
    ```

A directive has a name, an argument on the fence line, options on the lines that follow
(`:key: value`) and, after them, a body. Which of these each block takes is DIRECTIVES; what it
becomes in the page is up to the caller (render.render_fragment). Fenced code with a language
(```python) is highlighted at build time; raw HTML passes through as written.

Every mistake an author can make here is a BuildError naming lesson.md, the line, and what to
write instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup, escape

from .highlight import highlight_lines, known_language
from .layout import BuildError, rel


@dataclass(frozen=True)
class Spec:
    """What a directive takes: its argument ('required', 'none', or 'code': a file or, in its
    place, a body of code), options (the required ones among them) and whether it has a body
    of Markdown."""

    argument: str
    example: str
    options: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    body: bool = False


DIRECTIVES = {
    # A cell's code is a file of the folder or, as MyST's {code-cell} writes it, its body.
    "cell": Spec("code", "```{cell} celda1.py\n:name: Celda 1\n```", options=("name",), required=("name",)),
    "challenge": Spec("required", "```{challenge} desafio.py\n```"),
    "quiz": Spec("none", "```{quiz}\n```"),
    "widget": Spec("none", "```{widget}\n```"),
    "aside": Spec("none", "```{aside}\n:class: phone-note\n\nA note beside the text, in Markdown.\n```",
                  options=("class",), body=True),
    # Callouts, MyST's admonitions: a box in the text's flow headed by its kind (in the
    # course's language) or by its :title:.
    "note": Spec("none", "```{note}\nA note, in Markdown.\n```", options=("title",), body=True),
    "tip": Spec("none", "```{tip}\nA tip, in Markdown.\n```", options=("title",), body=True),
    "warning": Spec("none", "```{warning}\nA warning, in Markdown.\n```", options=("title",), body=True),
}

CALLOUTS = ("note", "tip", "warning")

INLINE_CELL = "```{cell}\n:name: Celda 2\nprint(2 + 2)\n```"


@dataclass
class Directive:
    """One directive as written: `line` is the 1-based line of its opening fence in lesson.md."""

    name: str
    argument: str
    options: dict[str, str]
    body: str
    line: int
    body_line: int = 0
    source: Path = field(default=Path("lesson.md"))

    def where(self) -> str:
        return f"{rel(self.source)}:{self.line}"


Handler = Callable[[Directive], Markup]
"""Turns a directive into its HTML; render() calls it in reading order."""


INFO = re.compile(r"\{([^{}\s]*)\}(?:\s+(.*))?")
OPTION = re.compile(r":([A-Za-z][\w-]*):(?:[ \t]+(.*))?")
CLASS_NAMES = re.compile(r"[a-z][a-z0-9-]*(?:\s+[a-z][a-z0-9-]*)*")



# Inline code this short (in characters) with a space in it never breaks across lines.
WHOLE = 24

def _parser() -> MarkdownIt:
    # CommonMark as specified; raw HTML kept (an author's <var> or a <p class="...">), no
    # typographic replacements, so the text reaches the page as written.
    return MarkdownIt("commonmark", {"html": True, "xhtmlOut": False})


def parse_directive(token: Token, source: Path, first_line: int) -> Directive:
    """The directive of a fence whose info string starts with `{`, checked against DIRECTIVES."""
    line = first_line + token.map[0]
    info = token.info.strip()
    match = INFO.fullmatch(info)
    if not match:
        raise BuildError(f"{rel(source)}:{line}: malformed directive ```{info}: write the name in braces, "
                         "then its argument, e.g. ```{cell} celda1.py")
    name, argument = match[1], (match[2] or "").strip()
    spec = DIRECTIVES.get(name)
    if spec is None:
        raise BuildError(f"{rel(source)}:{line}: unknown directive {{{name}}}; the lesson's blocks are "
                         + ", ".join(f"{{{known}}}" for known in DIRECTIVES))
    if spec.argument == "required" and not argument:
        raise BuildError(f"{rel(source)}:{line}: {{{name}}} needs a file of this folder after it, as in\n"
                         f"{spec.example}")
    if spec.argument == "none" and argument:
        raise BuildError(f"{rel(source)}:{line}: {{{name}}} takes nothing after its name (found "
                         f"{argument!r}); write\n{spec.example}")
    lines = token.content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    options: dict[str, str] = {}
    at = 0
    while at < len(lines) and lines[at].startswith(":"):
        option_line = line + 1 + at
        found = OPTION.fullmatch(lines[at].rstrip())
        if not found:
            raise BuildError(f"{rel(source)}:{option_line}: malformed option {lines[at].strip()!r} of "
                             f"{{{name}}}: write it as :key: value")
        key, value = found[1], (found[2] or "").strip()
        if key not in spec.options:
            allowed = ", ".join(f":{o}:" for o in spec.options) or "none"
            raise BuildError(f"{rel(source)}:{option_line}: {{{name}}} has no option :{key}: "
                             f"(its options: {allowed})")
        if key in options:
            raise BuildError(f"{rel(source)}:{option_line}: option :{key}: is given twice; keep one")
        options[key] = value
        at += 1
    if at < len(lines) and not lines[at].strip():
        at += 1  # the blank line that may part the options from the body
    body = "\n".join(lines[at:])
    if spec.argument == "code":
        # Blank lines before the code are not the code's: its line 1 is its first written line.
        while at < len(lines) and not lines[at].strip():
            at += 1
        body = "\n".join(lines[at:]).rstrip()
        if argument and body:
            raise BuildError(f"{rel(source)}:{line + 1 + at}: {{{name}}} {argument} has code inside it too; a "
                             f"cell's code is either its file's or written inside the block: take out "
                             f"{argument!r} or the code, as in\n{spec.example}\nor\n{INLINE_CELL}")
        if not argument and not body:
            raise BuildError(f"{rel(source)}:{line}: {{{name}}} has no code: name a file of this folder "
                             f"after it, or write the code inside the block, as in\n{spec.example}\n"
                             f"or\n{INLINE_CELL}")
        tabbed = next((i for i, text in enumerate(lines[at:]) if re.match(r" *\t", text)), None)
        if tabbed is not None:
            raise BuildError(f"{rel(source)}:{line + 1 + at + tabbed}: {{{name}}}: this line is indented with "
                             "a tab; indent the code with spaces (four per level), as the editor does")
    elif body.strip() and not spec.body:
        raise BuildError(f"{rel(source)}:{line + 1 + at}: {{{name}}} takes no text inside it"
                         + (" (its code is its file's)" if name == "challenge" else "")
                         + f"; write\n{spec.example}")
    for key in spec.required:
        if not options.get(key):
            raise BuildError(f"{rel(source)}:{line}: {{{name}}} needs :{key}:, as in\n{spec.example}")
    if spec.body and not body.strip():
        raise BuildError(f"{rel(source)}:{line}: {{{name}}} is empty; write its text inside it, as in\n"
                         f"{spec.example}")
    return Directive(name=name, argument=argument, options=options, body=body, line=line,
                     body_line=line + 1 + at, source=source)


def directives(text: str, source: Path, first_line: int = 1) -> Iterator[Directive]:
    """Every directive of `text` in reading order, those inside an aside's or a callout's body
    too: what the page will draw, read without drawing it (content.lesson_cells)."""
    for token in _parser().parse(text):
        if token.type == "fence" and token.info.strip().startswith("{"):
            directive = parse_directive(token, source, first_line)
            yield directive
            if DIRECTIVES[directive.name].body:
                yield from directives(directive.body, source, directive.body_line)


def code_block(token: Token, source: Path, first_line: int) -> str:
    """A fenced code block: highlighted when it names its language, plain when it names none."""
    language = token.info.strip().split(maxsplit=1)[0] if token.info.strip() else ""
    code = token.content.rstrip("\n")
    if language and not known_language(language):
        raise BuildError(f"{rel(source)}:{first_line + token.map[0]}: code block in unknown language "
                         f"{language!r}; name one Pygments knows (python, toml, json, text) or none")
    raw = code.split("\n")
    shown = highlight_lines(code, language) if language else [escape(line) for line in raw]
    shown += [Markup("")] * (len(raw) - len(shown))  # a last empty line the lexer dropped
    attribute = f' class="language-{escape(language)}"' if language else ""
    return f"<pre><code{attribute}>" + "".join(code_line(line, text) for line, text in zip(raw, shown)) + "</code></pre>\n"


HANG_MAX = 24
"""The deepest indentation a wrapped line hangs under (web/style.css has a class for each
even depth up to it); a deeper line's wrapped part goes on from there."""


def code_line(line: str, shown: str) -> str:
    """One line of a prose code block as a block of its own: the blocks' edges are its line
    breaks (a newline inside as well would double them when copied). On a narrow screen its wrapped
    part hangs two columns deeper than the line's own indentation, where the whole block
    used to go on from column 0 and read as code with its indentation broken."""
    depth = min(len(line) - len(line.lstrip(" ")), HANG_MAX) // 2 * 2
    return f'<span class="code-line hang-{depth}">{shown}</span>'



def _raw_html_line(token: Token, first_line: int, parent: Token | None) -> int:
    mapped = token.map or (parent.map if parent is not None else None)
    return first_line + (mapped[0] if mapped else 0)


def render(text: str, source: Path, handle: Handler, first_line: int = 1) -> Markup:
    """lesson.md as HTML: each directive replaced by what `handle` makes of it. `first_line` is
    the line of lesson.md where `text` starts (an aside's body starts inside the file)."""
    md = _parser()
    tokens = md.parse(text)
    for token in tokens:
        if token.type == "fence":
            if token.info.strip().startswith("{"):
                directive = parse_directive(token, source, first_line)
                if directive.name == "aside":
                    html = aside(directive, handle)
                elif directive.name in CALLOUTS:
                    html = handle(directive)
                else:
                    html = handle(directive)
            else:
                html = code_block(token, source, first_line)
            token.type, token.content = "html_block", str(html).rstrip("\n") + "\n"
        elif token.type == "html_block":
            check_raw_html(token.content, source, _raw_html_line(token, first_line, None))
            # A fold's title is a line of prose: `bucle` in it is code, as in the text.
            token.content = SUMMARY.sub(
                lambda m: f"<summary{m[1] or ''}>{md.renderInline(m[2]).strip()}</summary>", token.content)
        elif token.type == "inline":
            for child in token.children or []:
                if child.type == "html_inline":
                    check_raw_html(child.content, source, _raw_html_line(child, first_line, token))
                elif child.type == "code_inline" and " " in child.content and len(child.content) <= WHOLE:
                    # A short value with a space is read whole: on a phone `"t1 "` broke after
                    # its space, and the space that made it what it is went out of sight.
                    child.attrSet("class", "whole")
                elif child.type == "code_inline" and len(child.markup) >= 3 and INFO.match(child.content):
                    raise BuildError(f"{rel(source)}:{first_line + token.map[0]}: ```{child.content}``` is "
                                     "read as inline code: a directive's fences go on lines of their "
                                     "own, e.g.\n```{quiz}\n```")
    return Markup(md.renderer.render(tokens, md.options, {}))


def aside(directive: Directive, handle: Handler) -> Markup:
    """A note beside the text: its body is Markdown. role="note" rather than <aside>: inside
    <main> an <aside> would be a landmark of its own."""
    classes = directive.options.get("class", "")
    if classes and not CLASS_NAMES.fullmatch(classes):
        raise BuildError(f"{directive.where()}: :class: {classes!r}: write class names in lowercase "
                         "letters, digits and -, separated by spaces")
    inner = render(directive.body, directive.source, handle, first_line=directive.body_line)
    return Markup('<div class="{}" role="note">\n{}</div>').format(
        " ".join(["aside", *classes.split()]), inner)


SUMMARY = re.compile(r"<summary(\s[^>]*)?>(.*?)</summary>")
PLACEHOLDER = re.compile(r"<\s*/?\s*lesson-([a-z-]*)")


def check_raw_html(html: str, source: Path, line: int) -> None:
    """Raw HTML stays possible; the placeholders lesson.html once used are not."""
    found = PLACEHOLDER.search(html)
    if found:
        name = found[1]
        hint = DIRECTIVES[name].example if name in DIRECTIVES else ", ".join(f"{{{d}}}" for d in DIRECTIVES)
        raise BuildError(f"{rel(source)}:{line + html.count(chr(10), 0, found.start())}: <lesson-{name}> is "
                         f"not read in Markdown; write the block as a directive:\n{hint}")
