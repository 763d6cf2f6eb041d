"""Code coloured at build time with Pygments: spans with classes, so the page shows highlighted
code before any script runs, and the CSP (no inline styles) holds.

A token gets a span whose class is Pygments' short name for its type with the prefix `tok-`
(`tok-k` a keyword, `tok-s2` a string, `tok-c1` a comment); web/style.css colours them. Names,
punctuation, operators and spaces stay plain text: the page would draw them in the text's
colour anyway, and a span for each would double the bytes of every cell.
"""

from __future__ import annotations

import html

from markupsafe import Markup
from pygments import lex
from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES, Name, Operator, Punctuation, Text, Token, Whitespace
from pygments.util import ClassNotFound

CLASS_PREFIX = "tok-"


def _css_class(kind) -> str | None:
    """The class of a token type, None for one drawn as plain text. Operator.Word (and, or,
    not, in, is) is coloured: it reads as a keyword."""
    if kind in Operator and kind not in Operator.Word:
        return None
    if kind is Name or kind is Name.Other or any(kind in plain for plain in (Text, Whitespace, Punctuation, Token.Error)):
        return None
    while kind not in STANDARD_TYPES:
        kind = kind.parent
    short = STANDARD_TYPES[kind]
    return CLASS_PREFIX + short if short else None


def known_language(name: str) -> bool:
    """Whether Pygments has a lexer for `name` (python, toml, json, text, ...)."""
    try:
        get_lexer_by_name(name)
    except ClassNotFound:
        return False
    return True


def highlight(code: str, language: str = "python") -> Markup:
    """`code` as escaped HTML with a <span class="tok-..."> around each coloured token, its
    text exactly the file's: Pygments' clean-ups (blank lines stripped at either end, a final
    newline added) are off."""
    lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False)
    parts: list[tuple[str | None, str]] = []
    for kind, value in lex(code, lexer):
        css = _css_class(kind)
        if parts and parts[-1][0] == css:
            parts[-1] = (css, parts[-1][1] + value)
        else:
            parts.append((css, value))
    # Quotes stay as written (only <, > and & are escaped): the code reads as the file does.
    out = "".join(html.escape(value, quote=False) if css is None
                  else f'<span class="{css}">{html.escape(value, quote=False)}</span>'
                  for css, value in parts)
    # Some lexers end the last line themselves even with ensurenl off.
    if out.endswith("\n") and not code.endswith("\n"):
        out = out[:-1]
    return Markup(out)


def highlight_lines(code: str, language: str = "python") -> list[Markup]:
    """`code` highlighted as `highlight` does, one Markup per line: a token that spans lines
    (a docstring) is closed at each line's end and reopened on the next, so each line stands
    alone (the page marks and aligns lines one by one)."""
    lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False)
    lines: list[list[str]] = [[]]
    for kind, value in lex(code, lexer):
        css = _css_class(kind)
        for i, piece in enumerate(value.split("\n")):
            if i:
                lines.append([])
            if piece:
                text = html.escape(piece, quote=False)
                lines[-1].append(text if css is None else f'<span class="{css}">{text}</span>')
    if len(lines) > 1 and not lines[-1] and code.endswith("\n"):
        lines.pop()
    return [Markup("".join(parts)) for parts in lines]
