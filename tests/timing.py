"""Where the suite's time went, printed at the end of every run.

A pytest plugin (registered in tests/conftest.py): the slowest tests, then the time summed
by file and by engine (Chromium, Firefox, WebKit, or CPython for the tests that drive no
browser). Setup and teardown count with the test they belong to, so a fixture that starts
Python is charged to the tests that need it. Every test's time is also written to
durations.json in the output folder (`--output`, test-results/ by default), for comparing runs.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

SLOWEST = 15


def without_group(nodeid: str) -> str:
    """The test's id without the "@group" pytest-xdist's loadgroup appends to it."""
    return nodeid.rpartition("@")[0] if nodeid.endswith(("@chromium", "@firefox", "@webkit")) else nodeid


def engine_of(nodeid: str) -> str:
    nodeid = without_group(nodeid)
    if "tests/webkit/" in nodeid:
        return "webkit"
    params = nodeid.partition("[")[2].rstrip("]")
    for name in ("chromium", "firefox"):
        if name in params.split("-"):
            return name
    return "chromium" if "tests/browser/" in nodeid else "cpython"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    per_test: dict[str, float] = defaultdict(float)
    for reports in terminalreporter.stats.values():
        for report in reports:
            if isinstance(report, pytest.TestReport):
                per_test[without_group(report.nodeid)] += report.duration
    if not per_test:
        return
    per_file: dict[str, list[float]] = defaultdict(list)
    per_engine: dict[str, list[float]] = defaultdict(list)
    for nodeid, seconds in per_test.items():
        per_file[nodeid.split("::")[0]].append(seconds)
        per_engine[engine_of(nodeid)].append(seconds)

    write = terminalreporter.write_line
    terminalreporter.section("where the time went")
    write(f"{SLOWEST} slowest tests (setup + call + teardown):")
    for nodeid, seconds in sorted(per_test.items(), key=lambda kv: -kv[1])[:SLOWEST]:
        write(f"  {seconds:7.1f} s  {nodeid}")
    for title, groups in (("by file", per_file), ("by engine", per_engine)):
        write(f"{title}:")
        width = max(len(name) for name in groups)
        for name, times in sorted(groups.items(), key=lambda kv: -sum(kv[1])):
            write(f"  {name:<{width}}  {len(times):4d} tests  {sum(times):7.1f} s")
    write(f"total of test times: {sum(per_test.values()):.1f} s over {len(per_test)} tests")
    output = Path(terminalreporter.config.getoption("output", "test-results"))
    output.mkdir(parents=True, exist_ok=True)
    (output / "durations.json").write_text(json.dumps(dict(sorted(per_test.items())), indent=0), encoding="utf-8")
