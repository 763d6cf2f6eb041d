"""Compressed copies of the site's files (.gz and, with the `brotli` package, .br), made once
at build time so that `serve` and static hosts can send them as they are.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .layout import write_cached


PRECOMPRESSED_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".py", ".svg", ".txt",
                                    ".wasm", ".zip"})
"""Files build_site stores compressed copies of, next to them (name.gz and, when the `brotli`
package is installed, name.br), for `serve` and for static hosts that send precompressed
files. Source maps are left out: only developer tools fetch them."""


ENCODINGS = {"br": ".br", "gzip": ".gz"}
"""Content-Encoding -> suffix of the precompressed copy, in order of preference."""


def brotli_module():
    """The `brotli` package when it is installed (pip install brotli), else None: building
    works without it and then writes .gz copies only."""
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        return None
    return brotli


def repack_stdlib(path: Path) -> None:
    """Rewrite Pyodide's python_stdlib.zip in place with stored (uncompressed) members.

    Pyodide ships each member deflated on its own, so HTTP compression cannot shrink the file
    (2.5 MB). Stored, the 9.7 MB of Python source compresses as one text: about 1.6 MB with
    brotli, 2.2 MB with gzip. Pyodide mounts the zip either way. The output depends only on
    the input (same names, order, dates and attributes), so its compressed copies are cached.
    """
    source = zipfile.ZipFile(path)
    with source:
        if all(info.compress_type == zipfile.ZIP_STORED for info in source.infolist()):
            return
        temporary = path.with_name(path.name + ".tmp")
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED) as target:
            for info in source.infolist():
                member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                member.external_attr, member.create_system = info.external_attr, info.create_system
                target.writestr(member, source.read(info), compress_type=zipfile.ZIP_STORED)
    os.replace(temporary, path)


def _compress(data: bytes, encoding: str, cache: Path | None) -> bytes:
    """`data` compressed at the highest level, cached by content hash in `cache`: brotli -11
    takes about a minute for Pyodide's 9.6 MB of wasm, and every build would pay it."""
    settings = {"gzip": "-9", "br": "-q11w24"}[encoding]  # part of the key: change both together
    key = cache / f"{hashlib.sha256(data).hexdigest()}{settings}{ENCODINGS[encoding]}" if cache else None
    if key is not None and key.is_file():
        return key.read_bytes()
    if encoding == "gzip":
        compressed = gzip.compress(data, compresslevel=9, mtime=0)
    else:
        compressed = brotli_module().compress(data, quality=11, lgwin=24)
    if key is not None:
        write_cached(key, compressed)
    return compressed


def precompress(out: Path, cache: Path | None = None) -> list[Path]:
    """Write name.gz (and name.br when brotli is installed) next to every file of `out` whose
    suffix is in PRECOMPRESSED_SUFFIXES, when the copy is smaller. `cache` keeps brotli
    output between builds. Returns the copies written."""
    encodings = [e for e in ENCODINGS if e != "br" or brotli_module() is not None]
    files = sorted((p for p in out.rglob("*") if p.is_file() and p.suffix in PRECOMPRESSED_SUFFIXES),
                   key=lambda p: (-p.stat().st_size, p))
    jobs = [(path, encoding) for path in files for encoding in encodings]
    # A first build brotlis Pyodide's wasm and standard library at -11, about a minute each:
    # one file per core, largest first. zlib and brotli let go of the GIL while they compress.
    data = {path: path.read_bytes() for path in files}
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = list(pool.map(lambda job: _compress(data[job[0]], job[1], cache), jobs))
    written = []
    for (path, encoding), compressed in zip(jobs, results):
        if len(compressed) < len(data[path]):
            copy = path.with_name(path.name + ENCODINGS[encoding])
            copy.write_bytes(compressed)
            written.append(copy)
    return written


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 excludes one)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        quality = re.search(r"q\s*=\s*([0-9.]+)", params)
        if name.strip() and not (quality and float(quality[1] or 0) == 0):
            accepted.add(name.strip().lower())
    return accepted
