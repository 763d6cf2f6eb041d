"""The benchmark runs (one round in Chromium with no pauses, `--smoke`, the throttled networks
left out, no timing asserted), and the build's precompressed copies and re-packed standard library are what
`serve` sends."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from lessonsite import bench
from lessonsite.compress import brotli_module, precompress, repack_stdlib
from lessonsite.layout import ROOT, read_pyodide_version
from lessonsite.server import make_server



@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.timeout(900)  # a minute or two on an idle machine
def test_smoke_bench_prints_a_table_with_every_row(built_site: Path, tmp_path: Path):
    # --smoke is --quick without its pauses: the rows are what is tested, not their figures.
    proc = subprocess.run([sys.executable, str(ROOT / "build.py"), "bench", "--smoke", "--site",
                           str(built_site), "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=840)
    assert proc.returncode == 0, proc.stderr[-4000:]
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("Lesson page against bare Pyodide")
    assert any(line.startswith("Machine: ") and "load average" in line for line in lines)
    # Without the brotli package the bench cannot compute what an on-the-fly brotli would send.
    unmeasured = {"bytes_first_br"} if brotli_module() is None else set()
    # The throttled networks' rows wait on megabytes at phone speed: minutes, for the bench
    # itself (`--network`), not for the suite; test_the_network_rows_say_they_were_not_run.
    unmeasured |= {row.key for row in bench.ROWS if row.network}
    for row in bench.ROWS:
        printed = [line for line in lines if line.startswith(row.label)]
        assert len(printed) == 1, f"no row {row.label!r} in:\n{proc.stdout}"
        if row.key not in unmeasured:
            assert printed[0][len(row.label):].split()[0] != "–", f"row {row.label!r} has no value"
    saved = json.loads(next(tmp_path.glob("bench-*.json")).read_text())
    for row in bench.ROWS:
        assert len(saved["samples"][row.key]["site"]) >= (0 if row.key in unmeasured else 1), row.key
    # The first visit's rows also take the round's extra first visits (none in quick mode:
    # test_the_extra_first_visits_take_turns_each_in_a_browser_of_its_own), and the table
    # says over how many visits.
    visits = 1 + bench.QUICK_COLD_PAIRS
    assert len(saved["samples"]["cold"]["site"]) == len(saved["samples"]["cold"]["bare"]) == visits
    assert len(saved["samples"]["slow_longtask_cold"]["site"]) == visits
    assert any(f"over every such visit, {visits} a round" in line for line in lines), proc.stdout
    assert (next(tmp_path.glob("bench-*.txt")).read_text()).strip() == proc.stdout.strip()


def test_the_extra_first_visits_take_turns_each_in_a_browser_of_its_own(monkeypatch, tmp_path: Path):
    """The cold round's order and what it records, with stand-ins for the browser and the
    visit: who goes first alternates from pair to pair, a CPU 4x slower visit follows each
    pair, and each visit has a new profile of its own."""
    from lessonsite.bench import rounds

    launched, visited = [], []

    class Context:
        pages: list = []

        def new_page(self):
            return "tab"

        def close(self):
            pass

    def visit(page, url, served, site):
        visited.append((page, url))
        n = len(visited)
        return {"first": n, "longest": 10 * n, "paint": 100 * n}

    monkeypatch.setattr(rounds, "launch", lambda playwright, profile, config: launched.append(profile) or Context())
    monkeypatch.setattr(rounds, "throttled", lambda context, page: "slow tab")
    monkeypatch.setattr(rounds, "visit", visit)
    servers = {who: bench.Served(url=f"http://{who}/", tally=None, server=None) for who in ("site", "bare")}
    samples = {row.key: {"site": [], "bare": []} for row in bench.ROWS}
    rounds.cold_round(None, servers, tmp_path, samples, pairs=2, lesson_first=False)

    assert [p.relative_to(tmp_path).as_posix() for p in launched] == ["bare-0", "site-0", "slow-0",
                                                                     "site-1", "bare-1", "slow-1"]
    lesson = "http://site/" + rounds.LESSON
    assert visited == [("tab", "http://bare/"), ("tab", lesson), ("slow tab", lesson),
                       ("tab", lesson), ("tab", "http://bare/"), ("slow tab", lesson)]
    assert samples["cold"] == {"site": [2, 4], "bare": [1, 5]}
    assert samples["slow_first_cold"]["site"] == [3, 6]
    assert samples["slow_longtask_cold"]["site"] == [30, 60]
    assert samples["slow_paint_cold"]["site"] == [300, 600]


def test_the_network_rows_say_they_were_not_run(tmp_path: Path):
    samples = {row.key: {"site": [], "bare": []} for row in bench.ROWS}
    samples["detail"] = {}
    machine = {"pyodide": "0", "browser": "Chromium", "rounds": 1, "cpus": 2, "cpu": "cpu", "memory": "memory",
               "load_start": "0", "load_end": "0", "commit": "c", "when": "now", "reading_s": None}
    text = bench.table(samples, machine)
    for row in bench.ROWS:
        line = next(line for line in text.splitlines() if line.startswith(row.label))
        assert line.endswith("not run (--network)") == row.network, line
    assert "Networks: " not in text


def serve(directory: Path):
    server = make_server(directory, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


def test_serve_sends_the_precompressed_copy_the_request_accepts(tmp_path: Path):
    text = ("print('hola')\n" * 500).encode()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "index.html").write_bytes(b"<!doctype html><p>" + text)
    (tmp_path / "app.js").write_bytes(text)
    (tmp_path / "tiny.js").write_bytes(b"1")  # compressing it would make it bigger
    written = precompress(tmp_path)
    has_brotli = brotli_module() is not None
    assert sorted(p.name for p in written) == sorted(
        ["app.js.gz", "index.html.gz"] + (["app.js.br", "index.html.br"] if has_brotli else []))
    server, base = serve(tmp_path)
    try:
        status, headers, body = fetch(base + "app.js", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert status == 200 and headers["Vary"] == "Accept-Encoding"
        assert headers["Content-Type"] == "text/javascript; charset=utf-8"
        if has_brotli:
            assert headers["Content-Encoding"] == "br"
            assert brotli_module().decompress(body) == text
        else:
            assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == text
        assert int(headers["Content-Length"]) == len(body)

        status, headers, body = fetch(base + "sub/", **{"Accept-Encoding": "br;q=0, gzip"})
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"].startswith("text/html")
        assert gzip.decompress(body).endswith(text)

        status, headers, body = fetch(base + "app.js")
        assert status == 200 and "Content-Encoding" not in headers and body == text
        assert headers["Vary"] == "Accept-Encoding"

        status, headers, body = fetch(base + "tiny.js", **{"Accept-Encoding": "gzip"})
        assert body == b"1" and "Content-Encoding" not in headers and "Vary" not in headers

        status, headers, _ = fetch(base + "app.js", **{"Accept-Encoding": "gzip"})
        status, _, body = fetch(base + "app.js", **{"Accept-Encoding": "gzip",
                                                    "If-Modified-Since": headers["Last-Modified"]})
        assert status == 304 and body == b""
    finally:
        server.shutdown()
        server.server_close()


def test_brotli_and_gzip_output_is_cached_by_content(tmp_path: Path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    (site / "a.css").write_text("body { color: red }\n" * 100)
    precompress(site, cache=cache)
    cached = sorted(p.name for p in cache.iterdir())
    assert len(cached) == (2 if brotli_module() else 1)
    (site / "a.css.gz").unlink()
    precompress(site, cache=cache)
    assert gzip.decompress((site / "a.css.gz").read_bytes()) == (site / "a.css").read_bytes()
    assert sorted(p.name for p in cache.iterdir()) == cached


def test_the_standard_library_is_repacked_with_stored_members(tmp_path: Path):
    path = tmp_path / "python_stdlib.zip"
    members = {"asyncio/": b"", "asyncio/__init__.py": b"import sys\n" * 200, "this.py": b"s = 'x'\n" * 300}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2025, 1, 2, 3, 4, 6)), data,
                             compress_type=zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED)
    repack_stdlib(path)
    first = path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        assert [i.filename for i in archive.infolist()] == list(members)
        assert all(i.compress_type == zipfile.ZIP_STORED for i in archive.infolist())
        assert all(i.date_time == (2025, 1, 2, 3, 4, 6) for i in archive.infolist())
        assert {name: archive.read(name) for name in members} == members
    repack_stdlib(path)
    assert path.read_bytes() == first  # already stored: left alone


def test_the_built_site_ships_precompressed_pyodide(built_site: Path):
    folder = built_site / "pyodide" / read_pyodide_version()
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"):
        assert (folder / f"{name}.gz").is_file(), name
        assert (folder / f"{name}.br").is_file() == (brotli_module() is not None), name
    with zipfile.ZipFile(folder / "python_stdlib.zip") as archive:
        assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}
    assert not list(built_site.rglob("*.map.gz"))
