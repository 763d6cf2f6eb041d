"""`build.py check`: the checks a built site must pass before anyone serves it."""

from __future__ import annotations

import json
import posixpath
import re
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

from .layout import rel, line_of


URL_ATTRIBUTES = {"href", "src", "poster", "data", "action", "formaction"}


class _PageScanner(HTMLParser):
    """Collects what check_site needs from one HTML file, with line numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[tuple[int, str, str, str]] = []  # (line, tag, attribute, value)
        self.ids: dict[str, int] = {}
        self.duplicate_ids: list[tuple[int, str]] = []
        self.meta: dict[str, str] = {}
        self.inline: list[tuple[int, str]] = []
        self.json_blocks: list[tuple[int, str]] = []
        self._script: tuple[int, str] | None = None
        self._script_text: list[str] = []
        self.lang = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        values = {k: (v or "") for k, v in attrs}
        if tag == "html":
            self.lang = values.get("lang")
        for key, value in values.items():
            if key in URL_ATTRIBUTES:
                self.urls.append((line, tag, key, value))
            elif key == "srcset":
                for candidate in value.split(","):
                    if candidate.strip():
                        self.urls.append((line, tag, key, candidate.split()[0]))
            elif key.startswith("on"):
                self.inline.append((line, f"inline event handler {key}= (use addEventListener in a module)"))
            if key == "id":
                if value in self.ids:
                    self.duplicate_ids.append((line, value))
                self.ids.setdefault(value, line)
        if tag == "meta" and "name" in values:
            self.meta[values["name"]] = values.get("content", "")
        if tag == "script":
            self._script = (line, values.get("type", "") if "src" not in values else "external")
            self._script_text = []

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            line, kind = self._script
            text = "".join(self._script_text)
            if kind == "application/json":
                self.json_blocks.append((line, text))
            elif kind != "external" and text.strip():
                self.inline.append((line, "inline <script> (the CSP allows only script files from the site)"))
            self._script = None


def _resolve(dist: Path, page: Path, url: str) -> Path | None:
    """The file in dist a relative URL from `page` points to (directories mean index.html);
    None when it points outside dist."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
    if not path:
        return page
    base = page.parent.relative_to(dist).as_posix()
    joined = posixpath.normpath(posixpath.join(base, path))
    if joined == ".." or joined.startswith("../"):
        return None
    target = dist / joined
    if path.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target


def _url_problem(dist: Path, page: Path, tag: str, url: str, ids: dict[str, int]) -> str | None:
    """What is wrong with one URL found in a page or stylesheet, or None."""
    url = url.strip()
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in ("mailto", "tel", "data"):
        return None
    if parts.scheme == "javascript":
        return f"{url!r}: javascript: URLs are not allowed (the CSP forbids them)"
    if parts.scheme or url.startswith("//"):
        if tag == "a" and parts.scheme in ("http", "https"):
            return None  # a link the reader may follow; nothing is loaded from it
        return f"{url!r} loads from another origin; vendor the file into the site instead"
    if url.startswith("/"):
        return f"{url!r} is an absolute path; use a relative URL so the site works under any sub-path"
    if not parts.path:
        if parts.fragment and parts.fragment not in ids:
            return f"{url!r}: no element with id {parts.fragment!r} on this page"
        return None
    target = _resolve(dist, page, url)
    if target is None:
        return f"{url!r} points outside the site"
    if not target.is_file():
        return f"{url!r} points to nothing (no {rel(target, dist.parent)})"
    return None


def check_site(dist: Path, sources: dict[Path, Path] | None = None) -> list[str]:
    """Validate a built site; return one English message per problem (empty when fine).

    Checks every HTML page (links and resources resolve inside dist/, nothing loads from
    another origin, no absolute paths, no inline scripts or handlers, unique ids, a lang,
    parseable lesson data, site-root and pyodide-path metas that lead to Pyodide), every
    stylesheet's url(...)s, and the runtime manifest. `sources` maps a built page to the
    source it came from (lesson.md), so a bad link is also reported at its source line.
    """
    problems: list[str] = []
    sources = sources or {}
    if not (dist / "index.html").is_file():
        problems.append(f"{rel(dist)}: no index.html")

    def report(page: Path, line: int, message: str, *needles: str) -> None:
        """`needles`: how the culprit may be written in the source, first match wins."""
        where = f"{rel(page)}:{line}"
        source = sources.get(page)
        if source is not None:
            text = source.read_text(encoding="utf-8")
            offset = next((at for needle in needles if (at := text.find(needle)) >= 0), -1)
            if offset >= 0:
                where = f"{rel(source)}:{line_of(text, offset)} (built into {rel(page)}:{line})"
        problems.append(f"{where}: {message}")

    for page in sorted(dist.rglob("*.html")):
        scanner = _PageScanner()
        scanner.feed(page.read_text(encoding="utf-8"))
        scanner.close()
        if not scanner.lang:
            report(page, 1, "<html> has no lang attribute")
        for line, tag, attribute, url in scanner.urls:
            problem = _url_problem(dist, page, tag, url, scanner.ids)
            if problem:
                # As raw HTML, as a Markdown link [text](url) or as an autolink <url>.
                report(page, line, f"<{tag} {attribute}>: {problem}", f'{attribute}="{url}"', f"]({url}",
                       f"<{url}>")
        for line, message in scanner.inline:
            report(page, line, message)
        for line, value in scanner.duplicate_ids:
            report(page, line, f"id {value!r} is used more than once", f'id="{value}"')
        for line, text in scanner.json_blocks:
            try:
                json.loads(text)
            except json.JSONDecodeError as error:
                report(page, line, f"JSON block does not parse: {error}")
        if "site-root" in scanner.meta:
            root = _resolve(dist, page, scanner.meta["site-root"] or "./")
            if root != dist / "index.html":
                report(page, 1, f"meta site-root {scanner.meta['site-root']!r} does not lead to the site root")
            elif "pyodide-path" in scanner.meta:
                loader = dist / scanner.meta["pyodide-path"] / "pyodide.mjs"
                if not loader.is_file():
                    report(page, 1, f"meta pyodide-path {scanner.meta['pyodide-path']!r}: no {rel(loader, dist.parent)}")
            if "worker-script" in scanner.meta and not (dist / scanner.meta["worker-script"]).is_file():
                report(page, 1, f"meta worker-script {scanner.meta['worker-script']!r}: no such file under the site root")

    for sheet in sorted(dist.rglob("*.css")):
        text = sheet.read_text(encoding="utf-8")
        for match in re.finditer(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)", text):
            problem = _url_problem(dist, sheet, "css", match[1], {})
            if problem:
                problems.append(f"{rel(sheet)}:{line_of(text, match.start())}: url(): {problem}")

    for manifest in sorted(dist.rglob("runtime/*/manifest.json")):
        listed = json.loads(manifest.read_text(encoding="utf-8"))
        for name in listed["files"] if isinstance(listed, dict) else listed:
            if not (manifest.parent / name).is_file():
                problems.append(f"{rel(manifest)}: lists {name!r}, which is not there")
    return problems
