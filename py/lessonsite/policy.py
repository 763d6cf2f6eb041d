"""What the site asks of browsers and hosts: the Content Security Policy, the cross-origin
isolation headers, the content types, and which files never change.
"""

from __future__ import annotations

import re


MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
"""Content types `serve` sends. Pyodide needs application/wasm for streaming compilation and
browsers refuse module scripts that are not served as JavaScript."""


ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""Headers that make the page cross-origin isolated, so SharedArrayBuffer (used to interrupt
running Python) is available. `serve --no-isolation` leaves them out, like a plain static host."""


CONTENT_SECURITY_POLICY = {
    "default-src": "'none'",
    # Module scripts from the site only. 'wasm-unsafe-eval' lets the worker compile
    # Pyodide's WebAssembly; it does not allow eval() or new Function().
    "script-src": "'self' 'wasm-unsafe-eval'",
    "style-src": "'self'",
    # blob: for the pictures a cell draws (web/src/rich.js): bytes the page made itself,
    # shown as images, which never run script.
    "img-src": "'self' blob:",
    "font-src": "'self'",
    # Pyodide's files, the runtime's Python and open_url("/courses/...").
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "base-uri": "'none'",
    "form-action": "'none'",
}
"""The pages' Content Security Policy: nothing inline, nothing evaluated, nothing from another
origin. Every page carries it in a <meta http-equiv>, so it holds on any static host; `serve`
also sends it as a header, which is what governs the worker (a worker takes its policy from
its own script's response, never from the page's <meta>). frame-ancestors, report-uri and
sandbox are left out because a <meta> policy ignores them."""


def content_security_policy() -> str:
    """CONTENT_SECURITY_POLICY as one header value / <meta> content."""
    return "; ".join(f"{name} {value}" for name, value in CONTENT_SECURITY_POLICY.items())


HASHED_ASSET = re.compile(r"assets/[\w.-]+-[A-Z0-9]{8}\.(js|css)(\.map)?$")
"""A bundle whose name carries a hash of its content (see bundle_assets)."""


NEVER_CHANGES = re.compile(r"pyodide/.+|packages/[^/]+\.whl$|" + HASHED_ASSET.pattern)
"""Files a host may let browsers keep for ever (`serve` sends them as immutable): Pyodide under
its versioned folder, the bundles whose names carry a hash, and the lessons' wheels, whose
names carry their version and whose content the build checks against the course's lock. A
page's every interpreter (a spare, a grade's) then takes a wheel from the browser's cache
instead of asking the site again. Everything else may change with the next build."""


def never_changes(url: str) -> bool:
    """Whether a site-relative path ("packages/six-1.17.0-py2.py3-none-any.whl") is NEVER_CHANGES."""
    return bool(NEVER_CHANGES.match(url))
