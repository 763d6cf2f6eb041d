"""The docs: web/docs/*.md, rendered into the site at docs/<name>.html with the site's templates.

The same files read well on a forge, as they are: a link between pages is written to the
Markdown file (`[the format](lesson-format.md#checks)`), which a forge follows, and the build
rewrites it to the built page (`lesson-format.html#checks`). Headings get the ids a forge
gives them (GitHub's slugs), so a `#fragment` leads to the same place in both. Every other
file of web/docs/ (a screenshot) is copied beside the pages.

Links are checked here against the sources, so a broken one is reported at its line of the
.md file: a page or a file of web/docs/ that does not exist, a `#fragment` that is no
heading of its page, a relative link that leaves web/docs/ (it would lead nowhere on the
site: name a repository file as `code` instead). The built pages then go through
check_site like every page.
"""

from __future__ import annotations

import posixpath
import shutil
import unicodedata
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

from .layout import BuildError, Layout, rel
from .prose import code_block
from .render import csp_attribute, render_template


def docs_folder(layout: Layout) -> Path:
    """Where the docs live: web/docs/ beside the courses (a fixture site has none)."""
    return layout.root / "web" / "docs"


def slug(text: str) -> str:
    """A heading's id as GitHub makes it: lowercase, punctuation dropped (letters of any script,
    digits, `-` and `_` kept), each space a `-`."""
    text = unicodedata.normalize("NFC", text).strip().lower()
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def _parser() -> MarkdownIt:
    # CommonMark plus GFM tables, as forges render Markdown. No raw HTML: a docs page is text,
    # and `<var>` in running prose is shown as written.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _plain(inline: Token) -> str:
    """The text of a heading as a reader sees it (code spans' text included, markup dropped)."""
    return "".join(child.content for child in inline.children or [] if child.type in ("text", "code_inline"))


@dataclass
class Page:
    """One Markdown file of the docs, parsed."""

    source: Path
    tokens: list[Token]
    title: str
    anchors: dict[str, int] = field(default_factory=dict)  # heading id -> its line


def read_page(source: Path) -> Page:
    """Parse one .md file and give its headings their ids (`-1`, `-2` for a repeated one, as a
    forge does). Its title is its first `# heading`, which every page must have."""
    tokens = _parser().parse(source.read_text(encoding="utf-8"))
    title, anchors = "", {}
    for at, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        text = _plain(tokens[at + 1])
        base = slug(text)
        anchor, n = base, 0
        while anchor in anchors:
            n += 1
            anchor = f"{base}-{n}"
        anchors[anchor] = token.map[0] + 1
        token.attrSet("id", anchor)
        if token.tag == "h1" and not title:
            title = text
    if not title:
        raise BuildError(f"{rel(source)}:1: a docs page starts with its title as a `# heading`")
    return Page(source=source, tokens=tokens, title=title, anchors=anchors)


def _link_target(href: str) -> tuple[str, str] | None:
    """(path, fragment) of a relative link, None for one that leaves the page's folder tree on
    purpose (http:, mailto:) or stays on the page (`#x`, checked by check_site)."""
    parts = urllib.parse.urlsplit(href)
    if parts.scheme or href.startswith("//") or not parts.path:
        return None
    return urllib.parse.unquote(parts.path), parts.fragment


def check_link(href: str, page: Page, pages: dict[str, Page], folder: Path, line: int) -> str:
    """The link as the site needs it (`x.md#f` -> `x.html#f`); raises BuildError, at the
    source's line, for a link that leads nowhere."""
    target = _link_target(href)
    where = f"{rel(page.source)}:{line}"
    if target is None:
        fragment = urllib.parse.urlsplit(href).fragment
        if href.startswith("#") and fragment not in page.anchors:
            raise BuildError(f"{where}: link {href!r}: no heading of this page has the id {fragment!r} "
                             f"(its headings: {', '.join(page.anchors)})")
        return href
    path, fragment = target
    if path.startswith("/"):
        raise BuildError(f"{where}: link {href!r} is an absolute path; link to a file of web/docs/ by its name")
    joined = posixpath.normpath(path)
    if joined == ".." or joined.startswith("../"):
        raise BuildError(f"{where}: link {href!r} leaves web/docs/, so it leads nowhere on the site; "
                         "name a repository file as `code` instead, or link to a docs page (name.md)")
    if "/" in joined:
        raise BuildError(f"{where}: link {href!r}: web/docs/ is one flat folder; put the file beside the pages")
    if joined.endswith(".md"):
        other = pages.get(joined)
        if other is None:
            raise BuildError(f"{where}: link {href!r}: there is no page {joined} beside it "
                             f"(the docs pages: {', '.join(sorted(pages))})")
        if fragment and fragment not in other.anchors:
            raise BuildError(f"{where}: link {href!r}: no heading of {joined} has the id {fragment!r} "
                             f"(its headings: {', '.join(other.anchors)})")
        return joined[:-3] + ".html" + (f"#{fragment}" if fragment else "")
    if not (folder / joined).is_file():
        raise BuildError(f"{where}: link {href!r}: there is no file {joined} beside it in {rel(folder)}")
    return href


def render_page(page: Page, pages: dict[str, Page], folder: Path) -> Markup:
    """One page's body as HTML: links rewritten and checked, code coloured as in lessons."""
    md = _parser()
    for token in page.tokens:
        if token.type == "fence":
            token.type, token.content = "html_block", code_block(token, page.source, 1)
        elif token.type == "inline":
            line = token.map[0] + 1 if token.map else 1
            for child in token.children or []:
                if child.type == "link_open":
                    child.attrSet("href", check_link(str(child.attrGet("href")), page, pages, folder, line))
                elif child.type == "image":
                    check_link(str(child.attrGet("src")), page, pages, folder, line)
    return Markup(md.renderer.render(page.tokens, md.options, {}))


def build_docs(layout: Layout, out: Path, assets: dict[str, str]) -> dict[Path, Path]:
    """Render every web/docs/*.md into out/docs/<name>.html (index.md is the docs' front page)
    and copy the folder's other files beside them. Returns {built page: its .md source}, for
    check_site's messages; nothing when the layout has no docs."""
    folder = docs_folder(layout)
    if not folder.is_dir():
        return {}
    sources = sorted(folder.glob("*.md"))
    names = {source.name for source in sources}
    if names and "index.md" not in names:
        raise BuildError(f"{rel(folder)}: the docs need an index.md, the page /docs/ opens on")
    pages = {source.name: read_page(source) for source in sources}
    target = out / "docs"
    target.mkdir(parents=True, exist_ok=True)
    built: dict[Path, Path] = {}
    for name, page in pages.items():
        body = render_page(page, pages, folder)
        html = render_template(layout.templates, "doc.html", "en", title=page.title, content=body,
                               is_index=name == "index.md", site_root="../", csp=csp_attribute(),
                               style_css=assets["style.css"])
        built_page = target / (name[:-3] + ".html")
        built_page.write_text(html, encoding="utf-8")
        built[built_page] = page.source
    # The template's own stylesheet: what docs pages have and lessons do not (tables, screenshots).
    shutil.copyfile(layout.templates / "docs.css", target / "docs.css")
    for extra in sorted(folder.iterdir()):
        if extra.is_file() and extra.suffix != ".md":
            shutil.copyfile(extra, target / extra.name)
    return built

