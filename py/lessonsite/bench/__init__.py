"""Benchmark the lesson page against bare Pyodide in real Chromium.

    python build.py bench [--quick | --smoke] [--[no-]network] [--rounds N] [--site DIR] [--out DIR]

Builds the site into a temporary folder (or uses `--site DIR`, an already built one), writes
a minimal bare-Pyodide page next to Pyodide's own npm files in another, serves both with
lessonsite.server's make_server (the server of `python build.py serve`), and drives Debian's Chromium
through both, several rounds each, interleaved. It prints one table (median and min–max
of the rounds, or of every visit for the first visits' rows below, the ratio against bare
Pyodide and the target with how far it is missed) and writes it, with every raw sample, to
bench-results/ (or `--out DIR`).

The package, one job a module: pages (the pages and the steps of a visit), serving (the
server and its byte counts), rounds (each round's browser and what it records), network (the
throttled first visits), memory (the
browsers' Pss), table (the rows and their targets), report (running it all: `main`).

It is not a test: nothing here asserts a time. tests/test_bench.py only checks that the
smoke mode (below) produces every row.

How each row is measured (all times are taken inside the page, on its own clock):
- first run: from navigation start to cell 1's output containing "4 turnos". The bench
  presses Ejecutar the moment the page marks itself ready (html[data-lesson-ready]).
  Bare Pyodide: from navigation start to loadPyodide() + runPython("1") done (on the
  page's main thread, the way Pyodide's docs start it). First visit: a new browser profile
  (empty HTTP and code caches). Second visit: a new tab in the same profile, once the
  service worker has kept Pyodide's files (it registers after the first visit's Python has
  started, so it is still copying them just after the first run).
- rerun, Comprobar: from the click event to the output / the final "N de M pruebas
  superadas", with the interpreter warm (the page is idle) and, for Comprobar, its spare
  started (the bench has typed the solution into the challenge, which asks for one). A grade
  runs in the spare interpreter and throws it away, so "Comprobar again at once" (right
  after the previous one) also shows what waiting for the next spare costs.
- recovery: Celda 2 runs `print("en marcha")` then the runaway loop; from Detener (in
  Celda 2) to Celda 1's output after pressing its Ejecutar in the same instant.
- bytes: what the server wrote to the socket (headers and body) from navigation until the
  page is idle after its first run (the spare interpreter's requests included).
- longest task: PerformanceObserver("longtask") on the page's main thread, while Python
  starts (from the press of Ejecutar to the output: the target's window) and from
  navigation to the output (the page's own loading included), and from the output until
  Celda 1's editor has mounted (the bench scrolls the cell on screen once the page has
  settled: the editor is loaded in idle time, once Python is neither starting nor running,
  and mounted only on screen). Entries exist only for tasks of 50 ms or more.
- CPU 4× slower: the lesson page's first and second visit again, in a browser of its own,
  with DevTools' Emulation.setCPUThrottlingRate at 4 (a mid-range phone) set on each tab
  before it navigates: its longest task from navigation to the output, and its first
  contentful paint (the text is in the page's HTML, so that paint shows it).
- more first visits: a first visit's time swings by 15 % and more from one load to the next
  on a 2-core machine, more than the targets' margins. So each round also makes COLD_PAIRS
  more first visits of bare Pyodide and of the lesson page, in turn (who goes first
  alternates), each in a browser of its own, and one more first visit of the lesson with
  the CPU 4× slower after each pair. The first visit's first run and the CPU 4× slower first
  visit's rows (longest task, paint, first run) take the median over all of them: the
  table's min–max for those rows is over every visit, not over rounds.

First visits over a throttled network (network.py, web/docs/performance-network.md): the
lesson page and bare Pyodide in turn, each in a new browser whose tab has Chromium's network
emulation (Lighthouse's mobile profile, and 10 Mbps / 40 ms): the first output with
Ejecutar pressed at once, from the click after a reading pause (Celda 1 in view during it, or
scrolled to only at the click), and the bytes before the first output. In every round of a
full run; `--quick` leaves them out unless given `--network` (then with a 2 s pause).

Lesson packages (a lesson that needs none must not pay for them):
- package files fetched by «El bucle»: requests under packages/ (wheels, the site's
  pyodide-lock.json, micropip) on its first and second visit; there must be none.
- the lesson with packages: the bench also builds the tests' fixture course
  tests/fixtures/packages and times its lesson «Fechas con dateutil» as above (first and
  second visit, to the cell's output), in a browser of its own. Its ratio is against bare
  Pyodide's start. "Of which loading its packages": from the worker's "packages" stage to its
  ready message (the worker loads a lesson's packages after the memory snapshot, before the
  first cell), which is the most a memory snapshot per lesson could save; the snapshot's
  size in Cache Storage is what each such snapshot would add to the browser's storage.
- the lesson that draws: the same fixture's course «Dibujos», lesson «Gráficos, imágenes y
  tablas», in the same browser once the lesson above is done (Pyodide cached, the snapshot
  saved): its Celda 1 runs once (Python from the snapshot, pygal and pypng loaded and
  imported), then the bench clicks its Ejecutar again and times, from the click, until the
  run's first picture (pygal's SVG chart, an <img> of a blob:) has decoded (img.decode()).

Memory is measured in the browsers of the lesson page's and bare Pyodide's timed rounds
(above), on the second visit's tab, after its timings are taken:
- the figure: the proportional set size (Pss in /proc/<pid>/smaps_rollup) summed over the
  browser's processes, the browser process and all its descendants (renderers, GPU and
  utility processes, zygotes), in MB (10^6 bytes), minus the same sum taken 2 s after the
  browser was launched, with its one about:blank tab: "MB more than a blank browser".
  Playwright does not tell the browser's pid: the browser is launched with a unique
  `--lessonrt-bench=<id>` switch, and its process is the one whose command line has it and
  no `--type=`.
- no DevTools session is attached while memory is read. Playwright's sessions keep a copy
  of each response body they see (under 10 MB, base64 in the renderer): Pyodide's module and
  standard library come to about 25 MB in the lesson's tab and 16 MB in bare Pyodide's, which
  no learner's browser holds. So the browsers of the memory rounds are started by the bench
  (DetachableBrowser: Playwright's own switches, read from a browser Playwright launches, and
  a DevTools port), driven over a connection (connect_over_cdp), and the connection is
  dropped for the idle wait and the reading of Pss, then made again. The blank figure is
  taken after a first connection (which sizes the window) has been dropped. The page's own
  state (the bench's marks, an overridden visibilityState, a blocked service worker
  registration) stays, as do the windows' sizes, set to Playwright's 1280 × 720 viewport.
- first visit: the first visit's tab, 12 s after its first output (the lesson page's first
  visit has settled first, its memory snapshot saved and Celda 1's editor mounted; should that
  take longer, at once), before the second visit; the service worker is still keeping
  Pyodide's files then, as on a learner's first visit. A line under the table gives, for
  the median round of each page, each process's Pss by kind (browser, renderer, GPU, utility
  processes) with the change from the blank browser, the browser's targets (pages, dedicated
  workers, service workers) and measureUserAgentSpecificMemory()'s JavaScript memory.
- first visit, idle: the same tab again, 30 s after its first output (5 s with --quick),
  once what only a first visit does (the snapshot, the service worker's copies) has had
  time to end. The JavaScript memory is taken at this reading only: it collects garbage in
  every realm of the page, which no learner's browser is made to do at 12 s.
- idle: after the first run (and, on the lesson page, once every interpreter the page keeps
  has started: on this cross-origin isolated page's second visit, the cells' one alone, since
  a spare is kept there only once the learner moves into the challenge), idle 12 s. Bare Pyodide: after runPython("1"), idle 12 s.
- the same, service worker blocked: the other side of the service worker's cost. A browser
  of its own whose pages cannot register a service worker (register() is replaced by the
  bench's init script and rejects) makes the same two visits and idles as long; the
  memory snapshot still comes from Cache Storage, so only what the service worker does
  differs (its own global, and Pyodide's files served from its cache, whose compiled
  WebAssembly Chromium keeps with the cache entry).
- the page alone: another browser opens the lesson, runs nothing, and idles as long: what
  the page costs before any Python.
- hidden tab: the bench first opens a second tab (about:blank), brings it to the front and
  checks whether the lesson's document.visibilityState becomes "hidden". In headless
  Chromium 156 as launched here it does not (each Playwright page has a window of its own;
  minimising that window via DevTools does not hide it either), so in practice the second
  tab is closed again and the page is told it is hidden: document.visibilityState and
  document.hidden are overridden in it and a "visibilitychange" is dispatched. The page
  reacts as to a real switch of tab, but Chromium itself does not treat the tab as
  backgrounded, so the figure is what the page lets go of, not what the browser would
  reclaim. The printed breakdown line says which method was used. Measured 12 s later (the
  page lets its idle cells' interpreter go after 5 s hidden); the tab is shown again (the
  same way), and Celda 1 runs once, untimed, in the interpreter that comes back, before the
  timings that follow. Its ratio is against
  bare Pyodide's visible idle figure. (Were the second tab in front, it would be the blank
  tab a blank browser has, so the figure would still be what the hidden lesson adds.)
- after Comprobar: after the last Comprobar, once the interpreter and its spare have both
  started again, idle 5 s; its ratio is against bare Pyodide's visible idle figure.
- at each of these moments the JSON also keeps each process's Pss, the page's dedicated
  workers (the browser's "worker" targets, read over DevTools once reconnected) and, where the page is cross-origin isolated,
  performance.measureUserAgentSpecificMemory()'s breakdown (the browser runs with
  ForceEagerMeasureMemory, so it answers at once; it collects garbage to do so, which is why
  it is taken after the Pss). One line under the table summarises them.
- `--quick` idles 2 s instead of 12 s (idle, hidden tab and after Comprobar: too short for
  the hidden tab to let its cells' interpreter go), reruns and grades once and makes no
  extra first visits (QUICK_COLD_PAIRS): its one round only proves that every row is produced.
- `--smoke` is `--quick` with no fixed pause (pause=False): memory is read at once instead of
  after an idle, the second visit follows the first as soon as Pyodide's files are kept, a
  browser's blank figure is read as soon as it is up. Every row still gets a value; none of
  them means anything. It is what tests/test_bench.py runs.
"""

from .report import Report, main, run
from .rounds import COLD_PAIRS, QUICK_COLD_PAIRS
from .serving import Served, serve
from .table import ROWS, Row, table

__all__ = ["COLD_PAIRS", "QUICK_COLD_PAIRS", "ROWS", "Report", "Row", "Served", "main", "run", "serve", "table"]
