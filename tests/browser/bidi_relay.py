"""Firefox for Playwright, behind a relay that takes 40 ms out of most of its commands.

Playwright drives Debian's Firefox over WebDriver BiDi, a WebSocket on a local TCP port, and
sends several commands at once for one action (a click is about a dozen). Firefox answers
on a socket with Nagle's algorithm on: of two answers written back to back, the second waits
until the first is acknowledged, and Linux delays that acknowledgement by 40 ms when the
receiver has nothing of its own to send. A click took 150 ms in Firefox and 40 in Chromium,
whose pipe has no such wait; through this relay it takes about 35.

`launcher(folder)` writes an executable that Playwright launches in Firefox's place. It
starts Firefox with the same arguments, passes its output through, and when Firefox says
where BiDi listens, says a port of its own instead. Each connection to that port is relayed
to Firefox's, acknowledging what Firefox sends at once (TCP_QUICKACK), so nothing Firefox
writes waits. Bytes pass unchanged but for the Host header of the opening request, which
Firefox checks against its own port.
"""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

LISTENING = re.compile(rb"^(WebDriver BiDi listening on ws://)([^:/\s]+):(\d+)(.*)$", re.DOTALL)
HOST = re.compile(rb"^Host:[^\r\n]*", re.IGNORECASE | re.MULTILINE)
QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux's; elsewhere the relay only relays


def launcher(folder: Path, firefox: str) -> Path:
    """An executable in `folder` that runs `firefox` behind the relay, for executable_path."""
    path = folder / "firefox-behind-relay"
    path.write_text(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(Path(__file__).parent)!r})\n"
                    f"from bidi_relay import main\nmain({firefox!r}, sys.argv[1:])\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def pump(source: socket.socket, target: socket.socket, acknowledge: bool) -> None:
    try:
        while True:
            if acknowledge and QUICKACK is not None:
                source.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)  # it lasts one read
            data = source.recv(1 << 16)
            if not data:
                break
            target.sendall(data)
    except OSError:
        pass
    finally:
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def relay(client: socket.socket, host: str, port: int) -> None:
    firefox = socket.create_connection((host, port))
    for end in (client, firefox):
        end.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    # The opening HTTP request, whole, with Firefox's own address as its Host.
    opening = b""
    while b"\r\n\r\n" not in opening:
        data = client.recv(1 << 16)
        if not data:
            break
        opening += data
    head, separator, rest = opening.partition(b"\r\n\r\n")
    firefox.sendall(HOST.sub(b"Host: %s:%d" % (host.encode(), port), head, count=1) + separator + rest)
    threading.Thread(target=pump, args=(client, firefox, False), daemon=True).start()
    threading.Thread(target=pump, args=(firefox, client, True), daemon=True).start()


def serve(listener: socket.socket, host: str, port: int) -> None:
    while True:
        client, _ = listener.accept()
        threading.Thread(target=relay, args=(client, host, port), daemon=True).start()


def main(firefox: str, arguments: list[str]) -> None:
    browser = subprocess.Popen([firefox, *arguments], stderr=subprocess.PIPE)
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, lambda received, _frame: browser.send_signal(received))
    for line in browser.stderr:
        found = LISTENING.match(line)
        if found:
            listener = socket.create_server(("127.0.0.1", 0))
            threading.Thread(target=serve, args=(listener, found[2].decode(), int(found[3])), daemon=True).start()
            line = b"%s127.0.0.1:%d%s" % (found[1], listener.getsockname()[1], found[4])
        sys.stderr.buffer.write(line)
        sys.stderr.buffer.flush()
    sys.exit(browser.wait())
