"""The table: its rows, each with its target, and how a round's samples become the
printed text (medians, ranges, ratios against bare Pyodide, verdicts)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Callable

from .memory import first_visit_breakdown, memory_breakdown
from .network import NETWORKS, Network


@dataclass
class Row:
    key: str
    label: str
    unit: str  # "ms", "B", "MB" or "n" (a count)
    target: str  # human text
    limit: Callable[[dict], float | None]  # the allowed value, from the medians
    bare: bool = False  # show bare Pyodide's value and the ratio
    worst: bool = False  # the target holds for every round: judge the largest sample, not the median
    against: str | None = None  # the row whose bare Pyodide figure this one is compared with (default: its own)
    network: bool = False  # measured by the throttled network rounds (network.py), which may not run


def network_rows(network: Network) -> list[Row]:
    """The rows of one throttled network (see network.py); targets on the mobile one only."""
    key, mobile = f"net_{network.key}", network.key == "mobile"
    return [
        Row(f"{key}_once", f"First visit, {network.label}: first output, Ejecutar at once", "ms",
            "≤ 0.75 × bare" if mobile else "–",
            (lambda s: 0.75 * _med(s, f"{key}_once", "bare")) if mobile else (lambda s: None),
            bare=True, network=True),
        Row(f"{key}_read", f"  {network.short}: after a reading pause, Celda 1 in view: click → output", "ms",
            "≤ 1 s" if mobile else "–", (lambda s: 1000) if mobile else (lambda s: None), bare=True, network=True),
        Row(f"{key}_jump", f"  {network.short}: after a reading pause above Celda 1, scrolled to it: click → output",
            "ms", "–", lambda s: None, bare=True, network=True),
        Row(f"{key}_bytes", f"  {network.short}: bytes on the wire before the first output (at once)", "B",
            "≤ 0.7 × bare" if mobile else "–",
            (lambda s: 0.7 * _med(s, f"{key}_bytes", "bare")) if mobile else (lambda s: None),
            bare=True, network=True),
    ]


def _med(samples: dict, key: str, who: str = "site") -> float | None:
    values = samples.get(key, {}).get(who) or []
    return statistics.median(values) if values else None


ROWS = [
    Row("cold", "First run, first visit (cold cache)", "ms", "≤ 1.0 × bare cold start",
        lambda s: 1.0 * _med(s, "cold", "bare"), bare=True),
    Row("warm", "First run, second visit (warm cache)", "ms", "≤ 0.30 × bare warm start",
        lambda s: 0.30 * _med(s, "warm", "bare"), bare=True),
    Row("rerun", "Rerun of Celda 1, interpreter warm", "ms", "≤ 50 ms, every round", lambda s: 50, worst=True),
    Row("check", "Comprobar (accepted solution), warm", "ms", "≤ 300 ms", lambda s: 300),
    Row("check_again", "  Comprobar again at once (spare still starting)", "ms", "≤ 300 ms", lambda s: 300),
    Row("recover_iso_py", "Detener → output, while True: pass, isolated", "ms", "≤ 100 ms", lambda s: 100),
    Row("recover_iso_c", "Detener → output, sum(range(10**12)), isolated", "ms", "≤ 100 ms", lambda s: 100),
    Row("recover_plain_py", "Detener → output, while True: pass, not isolated", "ms",
        "≤ 0.3 × bare warm start", lambda s: 0.3 * _med(s, "warm", "bare")),
    Row("recover_plain_c", "Detener → output, sum(range(10**12)), not isolated", "ms",
        "≤ 0.3 × bare warm start", lambda s: 0.3 * _med(s, "warm", "bare")),
    Row("bytes_first", "Bytes on the wire, first visit (as served)", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first", "bare"), bare=True),
    Row("bytes_first_gzip", "  same, host gzips on the fly (-6)", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first_gzip", "bare"), bare=True),
    Row("bytes_first_br", "  same, host brotlis on the fly (-5)", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first_br", "bare"), bare=True),
    Row("bytes_first_identity", "  same, host sends no compression", "B", "≤ 0.85 × bare",
        lambda s: 0.85 * _med(s, "bytes_first_identity", "bare"), bare=True),
    Row("bytes_second", "Bytes on the wire, second visit", "B", "≤ 50 kB", lambda s: 50_000, bare=True),
    Row("longtask_start_cold", "Longest main-thread task while Python starts (cold)", "ms", "≤ 50 ms", lambda s: 50),
    Row("longtask_start_warm", "Longest main-thread task while Python starts (warm)", "ms", "≤ 50 ms", lambda s: 50),
    Row("longtask_cold", "Longest main-thread task, navigation → first output (cold)", "ms", "≤ 50 ms", lambda s: 50, bare=True),
    Row("longtask_warm", "Longest main-thread task, navigation → first output (warm)", "ms", "≤ 50 ms", lambda s: 50, bare=True),
    Row("longtask_editor_cold", "Longest main-thread task, first output → Celda 1's editor (cold)", "ms",
        "≤ 50 ms", lambda s: 50),
    Row("longtask_editor_warm", "Longest main-thread task, first output → Celda 1's editor (warm)", "ms",
        "≤ 50 ms", lambda s: 50),
    Row("slow_longtask_cold", "  navigation → first output, CPU 4× slower (cold)", "ms", "≤ 200 ms", lambda s: 200),
    Row("slow_longtask_warm", "  navigation → first output, CPU 4× slower (warm)", "ms", "≤ 200 ms", lambda s: 200),
    Row("slow_longtask_editor_cold", "  first output → Celda 1's editor, CPU 4× slower (cold)", "ms", "≤ 200 ms",
        lambda s: 200),
    Row("slow_longtask_editor_warm", "  first output → Celda 1's editor, CPU 4× slower (warm)", "ms", "≤ 200 ms",
        lambda s: 200),
    Row("slow_paint_cold", "First contentful paint, CPU 4× slower (cold)", "ms", "text at first paint", lambda s: None),
    Row("slow_paint_warm", "First contentful paint, CPU 4× slower (warm)", "ms", "text at first paint", lambda s: None),
    Row("slow_first_cold", "First run, CPU 4× slower (cold)", "ms", "–", lambda s: None),
    Row("slow_first_warm", "First run, CPU 4× slower (warm)", "ms", "–", lambda s: None),
    Row("bucle_package_files", "Package files fetched by «El bucle» (both visits)", "n", "none",
        lambda s: 0),
    Row("pkg_cold", "Lesson with packages (python-dateutil, six): first run, first visit", "ms", "–",
        lambda s: None, bare=True, against="cold"),
    Row("pkg_warm", "  same, second visit", "ms", "–", lambda s: None, bare=True, against="warm"),
    Row("pkg_load_cold", "  of which loading its packages, first visit", "ms", "–", lambda s: None),
    Row("pkg_load_warm", "  of which loading its packages, second visit", "ms", "–", lambda s: None),
    Row("picture_warm", "Lesson that draws (pygal, pypng): Ejecutar → first picture, interpreter warm", "ms",
        "–", lambda s: None),
    Row("snapshot_bytes", "Memory snapshot kept in Cache Storage", "B", "–", lambda s: None),
    Row("mem_first", "Memory, first visit, 12 s after the first output", "MB", "≤ 1.5 × bare",
        lambda s: 1.5 * _med(s, "mem_first", "bare"), bare=True),
    Row("mem_first_idle", "  the same, 30 s after the first output (idle)", "MB", "≤ 1.2 × bare",
        lambda s: 1.2 * _med(s, "mem_first_idle", "bare"), bare=True),
    Row("mem_idle", "Memory, idle after the first run (visible tab)", "MB", "≤ 1.5 × bare",
        lambda s: 1.5 * _med(s, "mem_idle", "bare"), bare=True),
    Row("mem_nosw", "  same, service worker blocked", "MB", "–", lambda s: None, bare=True, against="mem_idle"),
    Row("mem_page", "  the page alone, before any Python", "MB", "–", lambda s: None, bare=True, against="mem_idle"),
    Row("mem_hidden", "Memory, idle, hidden tab", "MB", "≤ 1.1 × bare",
        lambda s: 1.1 * _med(s, "mem_idle", "bare"), bare=True, against="mem_idle"),
    Row("mem_check", "Memory after Comprobar", "MB", "–", lambda s: None, bare=True, against="mem_idle"),
    *(row for network in NETWORKS for row in network_rows(network)),
]
"""Every row of the table, in order. `tests/test_bench.py` checks that each is printed."""


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "–"
    if unit == "MB":
        return f"{value:.0f} MB" if abs(value) >= 100 else f"{value:.1f} MB"
    if unit == "n":
        return f"{value:.0f}"
    if unit == "B":
        return f"{value / 1e6:.2f} MB" if value >= 1e6 else f"{value / 1e3:.1f} kB"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def cell(values: list[float], unit: str) -> str:
    if not values:
        return "–"
    text = fmt(statistics.median(values), unit)
    if len(values) > 1:
        text += f" ({fmt(min(values), unit)}–{fmt(max(values), unit)})"
    return text


def verdict(row: Row, samples: dict) -> str:
    values = samples.get(row.key, {}).get("site") or []
    if row.network and not values:
        return "not run (--network)"
    site = max(values, default=None) if row.worst else _med(samples, row.key)
    try:
        limit = row.limit(samples)
    except TypeError:  # a median the limit needs is missing
        limit = None
    if site is None or limit is None:
        return "–"
    if "longtask" in row.key and site < 50:
        return "met (no task ≥ 50 ms)" if site == 0 else "met"
    if site <= limit:
        return "met"
    over = site - limit
    return f"missed by {fmt(over, row.unit)} (+{100 * over / limit:.0f}%)"


def table(samples: dict, machine: dict) -> str:
    lines = [
        f"Lesson page against bare Pyodide {machine['pyodide']} in {machine['browser']} (headless), "
        f"{machine['rounds']} round(s)",
        f"Machine: {machine['cpus']} CPUs ({machine['cpu']}), {machine['memory']}; load average "
        f"{machine['load_start']} at the start, {machine['load_end']} at the end",
        f"Code: {machine['commit']}; {machine['when']}",
        f"Served by lessonsite.server with {machine.get('served', 'unknown encodings')}.",
        "Cells: median (min–max over rounds; the first visit's first run and the CPU 4× slower first "
        f"visit's rows: over every such visit, {1 + machine.get('cold_pairs', 0)} a round); "
        "ratio = lesson median / bare median.",
        "Memory: Pss summed over the browser's processes, MB more than a blank browser; the hidden tab "
        "and after-Comprobar rows are compared with bare Pyodide's visible idle.",
    ]
    if machine.get("reading_s") is not None:
        lines.append(f"Networks: Chromium's network emulation, a new browser a visit; reading pause "
                     f"{machine['reading_s']:.0f} s from navigation start (bare Pyodide after it: how long it "
                     "was still starting, 0 if ready).")
    lines.append("")
    header = ["measurement", "lesson page", "bare Pyodide", "ratio", "target", "verdict"]
    body = []
    for row in ROWS:
        site = samples.get(row.key, {}).get("site", [])
        bare = samples.get(row.against or row.key, {}).get("bare", []) if row.bare else []
        ratio = "–"
        if row.bare and site and bare and statistics.median(bare):
            ratio = f"{statistics.median(site) / statistics.median(bare):.2f}"
        body.append([row.label, cell(site, row.unit), cell(bare, row.unit) if row.bare else "", ratio,
                     row.target, verdict(row, samples)])
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    render = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
    lines += [render(header), render(["-" * w for w in widths]), *map(render, body)]
    memory = memory_breakdown(samples)
    if memory:
        lines += ["", memory]
    first = first_visit_breakdown(samples)
    if first:
        lines += ["", first]
    breakdown = start_breakdown(samples)
    if breakdown:
        lines += ["", "Where the lesson page's first run goes (median ms from navigation start):", *breakdown]
    return "\n".join(lines)


def start_breakdown(samples: dict) -> list[str]:
    """Median of: page ready (Ejecutar pressed), worker started, worker ready, output."""
    lines = []
    for visit_name in ("cold", "warm"):
        rounds = [d[visit_name] for d in samples["detail"].get("site", [])]
        rows = []
        for r in rounds:
            workers = r["workers"]
            if not workers or r["ready"] is None:
                continue
            w = workers[0]
            rows.append((r["ready"], w.get("spawned"), w.get("at"), r["first"], w.get("marks") or {}, w.get("snapshot")))
        if not rows:
            continue
        med = lambda i: statistics.median(x[i] for x in rows if x[i] is not None)
        stages = {}
        for x in rows:
            for stage, ms in x[4].items():
                stages.setdefault(stage, []).append(ms)
        stage_text = ", ".join(f"{k} at +{statistics.median(v):.0f}" for k, v in stages.items())
        snapshots = sorted({x[5] for x in rows if x[5]})
        if snapshots:
            stage_text += f"; memory snapshot: {', '.join(snapshots)}"
        lines.append(f"  {visit_name}: page ready {med(0):.0f}, worker created {med(1):.0f}, "
                     f"Python ready {med(2):.0f}, output {med(3):.0f}"
                     + (f" (worker stages, ms after its start: {stage_text})" if stage_text else ""))
        for label, name in (("its longest frame", "longest_frame"),
                            ("its longest frame while Python starts", "longest_starting_frame")):
            frame = max((r.get(name) for r in rounds if r.get(name)), key=lambda f: f["duration"], default=None)
            if frame:
                lines.append(describe_frame(label, frame))
    return lines


def describe_frame(label: str, frame: dict) -> str:
    """One long animation frame: when, how long, and the scripts that ran in it."""
    scripts = sorted(frame["scripts"], key=lambda x: -x["duration"])[:3]
    what = "; ".join(f"{x['duration']:.0f} ms {x['invoker']}"
                     f"{' (forced layout ' + format(x['layout'], '.0f') + ' ms)' if x['layout'] else ''}"
                     for x in scripts) or "no script: style and layout"
    return (f"    {label}: {frame['duration']:.0f} ms at {frame['start']:.0f}, "
            f"layout {frame['layout']:.0f} ms; scripts: {what}")


def served_encodings(samples: dict) -> str:
    """How the big files went out on the lesson page's first visits, e.g. "br: 14 files"."""
    counts: dict[str, int] = {}
    for detail in samples["detail"].get("site", []):
        for r in detail["cold"]["requests"]:
            if r["status"] == 200:
                counts[r["encoding"] or "identity"] = counts.get(r["encoding"] or "identity", 0) + 1
    return ", ".join(f"{k} for {v} responses" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])) \
        or "no response"
