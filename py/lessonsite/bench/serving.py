"""Serving the pages while counting what goes on the wire: the server of `python build.py
serve`, with a handler that counts the bytes of each response, and what another host (one
that compresses on the fly, or not at all) would have sent for the same requests."""

from __future__ import annotations

import gzip
import threading
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from ..server import SiteHandler, make_server


class Tally:
    """What one server sent, request by request (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: list[dict[str, Any]] = []

    def add(self, record: dict[str, Any]) -> None:
        with self._lock:
            self._records.append(record)

    def take(self) -> list[dict[str, Any]]:
        """The records since the last take, and start afresh."""
        with self._lock:
            records, self._records = self._records, []
        return records


class _CountingWriter:
    def __init__(self, inner) -> None:
        self.inner, self.sent = inner, 0

    def write(self, data) -> int:
        self.sent += len(data)
        return self.inner.write(data)

    def __getattr__(self, name: str):
        return getattr(self.inner, name)


class CountingHandler(SiteHandler):
    """SiteHandler, counting the bytes it writes to the socket per request."""

    def __init__(self, *args, tally: Tally, **kwargs) -> None:
        self.tally, self.sent_headers = tally, {}
        super().__init__(*args, **kwargs)

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def send_response(self, code, message=None) -> None:
        self.status = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        self.sent_headers[keyword.lower()] = value
        super().send_header(keyword, value)

    def finish(self) -> None:
        super().finish()
        path = getattr(self, "path", None)
        if path is None:
            return
        self.tally.add({"path": path.split("?")[0], "status": getattr(self, "status", 0),
                        "encoding": self.sent_headers.get("content-encoding"),
                        "body": int(self.sent_headers.get("content-length", 0) or 0),
                        "sent": self.wfile.sent, "file": self.translate_path(path)})


@dataclass
class Served:
    url: str
    tally: Tally
    server: Any

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def serve(directory: Path, isolation: bool = True) -> Served:
    """Serve `directory` with make_server, counting bytes per request."""
    server = make_server(directory, 0, isolation=isolation, quiet=True)
    tally = Tally()
    handler = server.RequestHandlerClass  # partial(SiteHandler, directory=..., isolation=..., ...)
    server.RequestHandlerClass = partial(CountingHandler, *handler.args, **handler.keywords, tally=tally)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return Served(f"http://{host}:{port}/", tally, server)


class Encoded:
    """Sizes of a file as a host that compresses on the fly would send it (memoised)."""

    def __init__(self) -> None:
        self.sizes: dict[tuple[str, float], dict[str, int]] = {}
        try:
            import brotli  # type: ignore
        except ImportError:
            brotli = None
        self.brotli = brotli

    def of(self, path: str) -> dict[str, int]:
        file = Path(path)
        if file.is_dir():
            file = file / "index.html"
        key = (str(file), file.stat().st_mtime)
        if key not in self.sizes:
            data = file.read_bytes()
            sizes = {"identity": len(data), "gzip": len(gzip.compress(data, 6, mtime=0))}
            if self.brotli is not None:
                sizes["br"] = len(self.brotli.compress(data, quality=5))
            self.sizes[key] = sizes
        return self.sizes[key]

    def total(self, requests: list[dict[str, Any]], encoding: str) -> int | None:
        """Bytes of `requests` had every 200 body been sent with `encoding` (headers as sent)."""
        total = 0
        for r in requests:
            headers = r["sent"] - r["body"]
            if r["status"] != 200 or not Path(r["file"]).exists():
                total += r["sent"]
                continue
            sizes = self.of(r["file"])
            if encoding not in sizes:
                return None
            total += headers + min(sizes[encoding], sizes["identity"])
        return total
