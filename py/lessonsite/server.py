"""`build.py serve`: a static server for dist/ that sends what a good host sends.

With `--watch` (an Events, see watch.py) it is also the live preview's: it streams the
builds' outcomes at <prefix>__watch/events, adds preview.js to every page it sends, answers
sw.js with a service worker that caches nothing, and never answers 304, so a reload always
shows what the last build wrote. None of it is in dist/.
"""

from __future__ import annotations

import email.utils
import http.server
import os
import sys
import urllib.parse
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .compress import ENCODINGS, accepted_encodings
from .policy import MIME_TYPES, ISOLATION_HEADERS, content_security_policy, never_changes

if TYPE_CHECKING:
    from .watch import Events

PREVIEW = Path(__file__).resolve().parent
"""preview.js and preview-sw.js: the live preview's scripts, served only while watching."""

EVENTS_PATH, CLIENT_PATH = "__watch/events", "__watch/preview.js"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from `directory`, mounted at `prefix`, with explicit MIME types and,
    unless `isolation` is False, the cross-origin isolation headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, isolation: bool = True, prefix: str = "/", quiet: bool = False,
                 watch: Events | None = None, **kwargs):
        self.isolation, self.prefix, self.quiet, self.watch = isolation, prefix, quiet, watch
        super().__init__(*args, **kwargs)

    def do_GET(self):
        if self.watch is not None and self.send_preview():
            return
        super().do_GET()

    def send_preview(self) -> bool:
        """The live preview's answers (see the module's docstring); False for any other
        request, which is served as without --watch, but never as 304."""
        path = urllib.parse.urlsplit(self.path).path
        if path == self.prefix + EVENTS_PATH:
            self.send_events()
            return True
        if path == self.prefix + CLIENT_PATH:
            self.send_text((PREVIEW / "preview.js").read_bytes(), MIME_TYPES[".js"])
            return True
        if path == self.prefix + "sw.js":
            self.send_text((PREVIEW / "preview-sw.js").read_bytes(), MIME_TYPES[".js"])
            return True
        for header in ("If-Modified-Since", "If-None-Match"):
            del self.headers[header]
        page = Path(self.translate_path(self.path))
        if page.is_dir() and path.endswith("/"):
            page = page / "index.html"
        if path.startswith(self.prefix) and page.suffix == ".html" and page.is_file():
            html = page.read_text(encoding="utf-8")
            script = f'<script type="module" src="{self.prefix}{CLIENT_PATH}"></script>\n'
            self.send_text(html.replace("</head>", script + "</head>", 1).encode("utf-8"), MIME_TYPES[".html"])
            return True
        return False

    def send_text(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_events(self) -> None:
        """The builds' outcomes as server-sent events: the current one first, then each new
        one as it comes, with a comment every 15 s so that proxies keep the stream open."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        state = self.watch.current()
        try:
            while True:
                self.wfile.write(self.watch.encode(state) if state else b": still here\n\n")
                self.wfile.flush()
                seen = state["version"] if state else seen
                state = self.watch.wait(seen, 15)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send_head(self):
        if not urllib.parse.urlsplit(self.path).path.startswith(self.prefix):
            self.send_error(404, "Outside the folder this server publishes")
            return None
        self.vary = False
        return self.send_precompressed() or super().send_head()

    def send_precompressed(self):
        """Send the headers of the file's .br or .gz copy (see precompress) when it exists and
        the request accepts that encoding, and return the copy opened; else None, and the file
        is sent as it is (with Vary when it has copies)."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return None  # SimpleHTTPRequestHandler redirects to the slashed URL
            path = path / "index.html"
        copies = {e: path.with_name(path.name + s) for e, s in ENCODINGS.items()}
        copies = {e: copy for e, copy in copies.items() if copy.is_file()}
        if not copies or not path.is_file():
            return None
        self.vary = True
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        encoding = next((e for e in copies if e in accepted), None)
        if encoding is None:
            return None
        modified = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(modified) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        file = open(copies[encoding], "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return file

    def translate_path(self, path: str) -> str:
        if path.startswith(self.prefix):
            path = "/" + path[len(self.prefix):]
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", content_security_policy())
        if self.isolation:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        # What never changes may be kept for ever (policy.NEVER_CHANGES); everything else
        # may change with the next build, so the browser must revalidate it.
        path = urllib.parse.urlsplit(self.path).path
        immutable = path.startswith(self.prefix) and never_changes(path[len(self.prefix):])
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        if getattr(self, "vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # While watching, the terminal is the author's build log: a request that went well
        # would bury its messages; one that failed (a 404 the page asked for) still shows.
        if self.watch is not None and str(code).isdigit() and int(code) < 400:
            return
        super().log_request(code, size)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that leaves a page, or a test that aborts a download, closes the
        # connection mid-response: nothing went wrong on this side, so no traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, *, isolation: bool = True, prefix: str = "/",
                host: str = "127.0.0.1", quiet: bool = False, watch: Events | None = None) -> SiteServer:
    """A threaded HTTP server for `directory` at http://host:port<prefix>. Port 0 picks a free
    port (read it from server.server_address). Call serve_forever(); shutdown() stops it.
    `watch`: the live preview's events (watch.Events), for `serve --watch`."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = partial(SiteHandler, directory=str(directory), isolation=isolation, prefix=prefix, quiet=quiet,
                      watch=watch)
    return SiteServer((host, port), handler)
