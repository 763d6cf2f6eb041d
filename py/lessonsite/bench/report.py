"""Running the bench: the rounds in turn, the machine it ran on, and the report it prints
and writes to bench-results/; `main` is `python build.py bench`."""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..builder import build_site
from ..layout import BuildError, Layout, ROOT, read_pyodide_version, rel
from .memory import IDLE_S, QUICK_IDLE_S
from .network import QUICK_READING_S, READING_S, network_round
from .pages import CHROMIUM, PACKAGES_FIXTURE, SOLUTION, prepare
from .rounds import (
    COLD_PAIRS, QUICK_COLD_PAIRS, STEP_NAMES, bare_round, cold_round, nosw_round, packages_round,
    plain_round, site_round, throttled_round,
)
from .serving import Encoded, serve
from .table import ROWS, served_encodings, table

DESCRIPTION = "Benchmark the lesson page against bare Pyodide in real Chromium."


def machine_info(rounds: int) -> dict[str, Any]:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "memory unknown"
    try:
        kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())[1])
        memory = f"{kb / 1024 / 1024:.1f} GiB RAM"
    except (OSError, TypeError):
        pass
    try:
        browser = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        browser = "Chromium"
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip() or "not a git checkout"
    return {"cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
            "cpu": cpu, "memory": memory, "browser": browser or "Chromium",
            "pyodide": read_pyodide_version(), "python": platform.python_version(),
            "load_start": " ".join(f"{x:.2f}" for x in os.getloadavg()), "load_end": "",
            "commit": commit, "when": time.strftime("%Y-%m-%d %H:%M:%S %z"), "rounds": rounds}


@dataclass
class Report:
    table: str
    samples: dict
    machine: dict
    files: list[Path] = field(default_factory=list)


def run(rounds: int = 5, *, site: Path | None = None, out: Path | None = ROOT / "bench-results",
        reps: int = 3, idle_s: float = IDLE_S, cold_pairs: int = COLD_PAIRS, reading_s: float | None = READING_S,
        pause: bool = True, log: Callable[[str], None] = print) -> Report:
    """Run the benchmark; print nothing but progress through `log`; return the report. `reading_s`
    None leaves out the throttled network rounds (network.py). `pause` False skips the fixed
    pauses (a browser settling before its blank reading, the pause between a first and a
    second visit): `--smoke`, whose figures only prove that every row is produced."""
    from playwright.sync_api import sync_playwright

    samples: dict[str, Any] = {row.key: {"site": [], "bare": []} for row in ROWS}
    samples["detail"] = {}
    machine = machine_info(rounds)
    machine["cold_pairs"] = cold_pairs
    machine["reading_s"] = reading_s
    solution = SOLUTION.read_text(encoding="utf-8")
    encoded = Encoded()
    with tempfile.TemporaryDirectory(prefix="lessonrt-bench-") as tmp:
        workdir = Path(tmp)
        site, bare = prepare(workdir, site, log)
        log("building the lesson with packages (its wheels come from the build's cache, or PyPI)")
        with_packages = build_site(Layout.courses_only(PACKAGES_FIXTURE), workdir / "packages").out
        servers = {"site": serve(site), "plain": serve(site, isolation=False), "bare": serve(bare),
                   "packages": serve(with_packages)}
        try:
            with sync_playwright() as playwright:
                for n in range(rounds):
                    profiles = {k: workdir / f"profile-{n}-{k}" for k in STEP_NAMES}
                    steps = [("bare", lambda: bare_round(playwright, servers["bare"], profiles["bare"], samples,
                                                         idle_s, pause)),
                             ("site", lambda: site_round(playwright, servers["site"], profiles["site"], samples,
                                                         solution, reps, idle_s, pause)),
                             ("plain", lambda: plain_round(playwright, servers["plain"], profiles["plain"],
                                                           samples)),
                             ("slow", lambda: throttled_round(playwright, servers["site"], profiles["slow"], samples,
                                                              pause)),
                             ("packages", lambda: packages_round(playwright, servers["packages"], profiles["packages"],
                                                                 samples, pause)),
                             ("nosw", lambda: nosw_round(playwright, servers["site"], profiles["nosw"], samples,
                                                         idle_s, pause)),
                             ("cold", lambda: cold_round(playwright, servers, profiles["cold"], samples, cold_pairs,
                                                         lesson_first=n % 2 == 1))]
                    if reading_s is not None:
                        steps.append(("network", lambda: network_round(playwright, servers, profiles["network"],
                                                                       samples, reading_s, log, bare_first=n % 2 == 1)))
                    if n % 2:  # alternate who goes first: a machine warming up favours neither
                        steps = steps[1:2] + steps[:1] + steps[2:]
                    for name, step in steps:
                        log(f"round {n + 1}/{rounds}: {STEP_NAMES[name]}")
                        step()
                        shutil.rmtree(profiles[name], ignore_errors=True)
        finally:
            for served in servers.values():
                served.close()
        for who in ("site", "bare"):
            for detail in samples["detail"].get(who, []):
                for encoding in ("gzip", "br", "identity"):
                    total = encoded.total(detail["cold"]["requests"], encoding)
                    if total is not None:
                        samples[f"bytes_first_{encoding}"][who].append(total)
    machine["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    machine["served"] = served_encodings(samples)
    report = Report(table(samples, machine), samples, machine)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        text, data = out / f"bench-{stamp}.txt", out / f"bench-{stamp}.json"
        text.write_text(report.table + "\n", encoding="utf-8")
        data.write_text(json.dumps({"machine": machine, "samples": samples}, indent=1, default=str) + "\n",
                        encoding="utf-8")
        report.files = [text, data]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py bench", description=DESCRIPTION)
    parser.add_argument("--quick", action="store_true", help="one round, tabs idle 2 s before memory is taken, one rerun and one grade")
    parser.add_argument("--smoke", action="store_true",
                        help="--quick with no pause at all: memory is read at once, a second visit follows the "
                             "first as soon as it is kept, no browser settles before its blank reading. Every "
                             "row gets a value, none means anything: it proves the bench works (tests/test_bench.py)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per page (default 5, --quick 1)")
    parser.add_argument("--site", type=Path, help="bench this built site instead of building one")
    parser.add_argument("--network", action=argparse.BooleanOptionalAction, default=None,
                        help="first visits over throttled networks, lesson and bare Pyodide (default: on, off with "
                             "--quick, where --network runs them with a 2 s reading pause)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results",
                        help="folder for the table and the raw samples (default bench-results/)")
    args = parser.parse_args(argv)
    args.quick = args.quick or args.smoke
    rounds = args.rounds or (1 if args.quick else 5)
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    log = lambda message: print(message, file=sys.stderr, flush=True)
    try:
        report = run(rounds, site=args.site, out=args.out, reps=1 if args.quick else 3,
                     idle_s=0.0 if args.smoke else QUICK_IDLE_S if args.quick else IDLE_S, pause=not args.smoke,
                     cold_pairs=QUICK_COLD_PAIRS if args.quick else COLD_PAIRS,
                     reading_s=None if not (args.network if args.network is not None else not args.quick)
                     else QUICK_READING_S if args.quick else READING_S, log=log)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(report.table)
    for path in report.files:
        log(f"wrote {rel(path)}")
    return 0
