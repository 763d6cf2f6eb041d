// The page's handle on Python: one worker running Pyodide, started on first
// use, plus a warm spare where one pays (see `wanted`): so that stopping
// runaway code never costs a full start-up, and a grade starts at once.
// Messages are the ones named in protocol.js.
//
// Cells run in `current`, one interpreter that lives as long as it works.
// A grade never does: it runs in an interpreter that has run nothing else
// (the warm spare when there is one, else a new one), which is thrown away
// once the grade is over. Nothing a cell or an earlier grade did to Python,
// or to the worker's JavaScript globals, can reach a verdict.
import * as P from "./protocol.js";
import { leaving } from "./leaving.js";
import { t } from "./i18n.js";

/** How long an interrupted run may take to notice before its worker is killed
 * (a loop inside C code, like sum(range(10**12)), never checks the buffer).
 * Python itself notices within milliseconds once it runs: 0–7 ms in Chromium,
 * with the CPU 4× and 6× slower as well, and within 3 ms in Firefox (12 to 36
 * stops each). What takes longer is the worker's thread getting a core back
 * on a busy machine, and from here that looks the same as code stuck in C:
 * with 25 ms, and then with 250 ms, a loaded two-core machine killed code
 * that would have noticed, and its files with it. Killing is what a loop in C gets anyway, a fraction
 * second later: the warm spare takes over, and a new spare starts from
 * the memory snapshot in the background; what a kill loses is the files the
 * cells' code wrote in that interpreter. */
const STOP_GRACE_MS = 1000;
/** How long a run that has noticed may then take to end (its `except` and
 * `finally` blocks, the traceback): an interpreter's first stop took over
 * 25 ms in Firefox, and on a busy machine a cleanup of 80 ms was cut at 200 ms
 * between a print's text and its newline, losing the tail of its output and
 * the files the cells wrote. Code that swallows the interrupt is killed after
 * it, so this is also how long such a stop takes. */
const UNWIND_MS = 1000;

/** Seconds each run of learner code gets inside the grader (its top-level
 * code, then each check): lessonrt.grading's `time_limit`. */
const CHECK_SECONDS = 2;

/** The page's watchdog over a grade, for code Python cannot stop (a loop
 * inside C code, like sum(range(10**12))). The grader reports each check as
 * it is decided, and says twice a second that a long one is still going
 * (ALIVE), always between two runs of the learner's code; no step may go quiet
 * for longer than its own limit plus this slack: the first word comes after
 * the top-level code and a run (2 × CHECK_SECONDS), every later one after one
 * run. The slack covers the grader's own work around the learner's code and a
 * slow, busy machine. A check that runs the learner's function hundreds of
 * times takes several seconds in WebKit, and without ALIVE a right solution
 * there was stopped mid-check, as if it never ended. */
const GRADE_SLACK_MS = 4_000;

/** How long a tab stays hidden before its idle cells' interpreter goes (see
 * releaseCells): a glance at another app costs no restart, and a tab left in
 * the background keeps about what a page without Python keeps. */
const HIDDEN_RELEASE_MS = 5_000;
/** How long the page waits for those files before it keeps the interpreter. */
const FILES_WAIT_MS = 2_000;

/** How long a run or grade waits for the memory snapshot its interpreter has just
 * made to be saved. Learner code holds the worker's thread, and the save needs
 * that thread to go on: a grade begun mid-save stalls it, and the interpreter,
 * discarded after the grade, cuts it short. The next start is then a full one
 * (in WebKit, a minute on a slow machine) and makes a snapshot again. */
const SAVE_WAIT_MS = 15_000;
const JOURNAL_SIZE = 200;

/** What the page says when the interpreter dies under a run: what took it down when
 * the worker could tell (worker.js, crashCause), and that the files the cells wrote,
 * which lived in that interpreter only, went with it. */
function crashed(cause, files) {
  const what = cause === "exit"
    ? t("The Python interpreter stopped: the program ended it with os._exit(). It has been restarted.")
    : cause === "stack"
    ? t("The Python interpreter stopped: the program's calls nested deeper than the browser allows. " +
      "It has been restarted.")
    : cause === "memory"
    ? t("The Python interpreter stopped: it ran out of memory. It has been restarted. " +
      "Run the code again; if it happens again, try with less data.")
    : t("The Python interpreter stopped (perhaps for lack of memory) and has been " +
      "restarted. Run the code again; if it happens again, try with less data.");
  return files ? what + " " + t("The files your cells had written were lost with it.") : what;
}
const NO_WORKER = () =>
  t("This browser cannot start Python here (it has no module workers). " +
  "Try a recent version of Chrome, Firefox or Safari.");

/**
 * @param {object} options
 * @param {string} options.root         site root, relative to the page (meta site-root)
 * @param {string} options.pyodidePath  Pyodide folder, relative to the root (meta pyodide-path)
 * @param {string|URL} options.workerUrl  the worker bundle (dist/assets/worker-<hash>.js)
 * @param {Function} [options.onStarted]  called once, when Python first starts here
 * @param {string} [options.version]  the page's build (meta site-version), which each worker checks
 * @param {Function} [options.onStale]  called when a start finds that the site serves another build
 * @param {Function} [options.onStartProgress]  told how the cells' interpreter's start goes: each
 *   PROGRESS message, then `{stage: "ready"}` or `{stage: "failed"}`, whoever asked for it
 * @returns {{ready: Promise<void>, run: Function, grade: Function, stop: Function, state: string}}
 *   `ready` starts Python if nobody has yet, and resolves once it can run code
 *   (each read after a failed start tries again). `run(code, {name, before,
 *   onOutput, onProgress, onInput, onCell})` and `grade(code, {challenge, onProgress, onCheck, seconds})`
 *   resolve with the worker's result; they reject with a Spanish `Error` when
 *   Python could not start or died. `grade` runs in a fresh interpreter (see
 *   above) with `seconds` per check. `stop(promise)` stops that request, and
 *   `stop()` every one: a stopped run resolves with P.STOPPED, a stopped grade
 *   with the same plus `checks: []`. A grade that goes quiet for longer than
 *   its checks' limits allow (see GRADE_SLACK_MS) has its worker terminated
 *   and resolves like a grader result, with `timedOut: true`, a Spanish
 *   `error`, the checks decided so far and the rest marked as not tested.
 *   A run's input() calls `onInput(reply)` (only where the page is
 *   isolated): `reply(line)` hands over the learner's line, `reply(null)`
 *   ends the input; it returns false once the run no longer waits.
 *   `state` is "idle", "starting", "ready", "running" or "failed" (about
 *   `current`, the interpreter of the cells).
 */
// The memory snapshots workers made before any learner code ran in them, as
// {key, digests}: workers load only one of those (see worker.js). Kept where no
// worker can write. Several digests, because two interpreters starting at once
// may each save one. Without storage, no snapshot is made or loaded.
const SNAPSHOT_KEY = "lessonrt:snapshot";

function trustedSnapshots() {
  try {
    localStorage.getItem("lessonrt:probe"); // throws where storage is disabled
    return { keep: true, trusted: JSON.parse(localStorage.getItem(SNAPSHOT_KEY) ?? "null") };
  } catch {
    return { keep: false, trusted: null };
  }
}

/** Python has started in this browser before and is kept (a trusted snapshot of it is
 * known): a note about the first download would not be true. */
export function pythonKept() {
  return Boolean(trustedSnapshots().trusted?.digests?.length);
}

function trustSnapshot({ key, digest }) {
  try {
    const { trusted } = trustedSnapshots();
    const digests = trusted?.key === key ? [digest, ...trusted.digests.filter((d) => d !== digest)] : [digest];
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ key, digests: digests.slice(0, 4) }));
  } catch {
    // Storage full: the next start is a full one.
  }
}


// The packages the lesson loads, as the build wrote them in the page: the
// meta is there only on a site that serves packages (see protocol.js, INIT).
function lessonPackages(rootUrl) {
  const meta = document.querySelector('meta[name="lesson-packages"]');
  if (!meta) return { lock: null, load: [] };
  const load = (meta.getAttribute("content") ?? "").split(/\s+/).filter(Boolean);
  return { lock: new URL(P.PACKAGES_LOCK_PATH, rootUrl).href, load };
}

/**
 * @param {object} options
 * @param {(work: Promise<unknown>) => void} [options.busyWith]  told of each start of an
 *   interpreter, run and grade: heavy work off the main thread, which the page's own
 *   idle-time work should not compete with (code-box.js, quietUntil)
 */
export function createRuntime({ root, pyodidePath, workerUrl, version = null, onStale, onStarted, onStartProgress,
  busyWith }) {
  const rootUrl = new URL(root, document.baseURI).href.replace(/\/?$/, "/");
  const packages = lessonPackages(rootUrl);
  const pyodideUrl = new URL(pyodidePath, rootUrl).href.replace(/\/?$/, "/");
  const isolated = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";
  let current = null; // the interpreter cells run in
  let spare = null; // a started interpreter that has run nothing: the next
  // `current` after a stop, or the next grade's
  let warmed = false; // some interpreter has started: a spare may start from now on
  // A spare is a whole second Python, so the page keeps one only where it pays.
  // Without isolation, Detener must end the worker: a spare takes over at once,
  // so one is kept from the first start. With isolation, Detener interrupts
  // Python in place, and a spare pays for the next grade only: it is kept from
  // the moment the learner moves into the challenge, grades or stops a run.
  // Otherwise one starts just to make the memory snapshot, and goes once saved.
  let wanted = !isolated;
  let snapshotKnown = false; // an interpreter here started from a saved snapshot, or one was kept
  let makerAsked = false; // a spare was started to make it (once a page: storage may refuse)
  // A second Python only to make the snapshot is the first visit's largest cost in memory
  // (performance.md): a device that says its memory is small (Device Memory under 4 GB,
  // most phones) or that asks to save data is spared it. Its next visit starts in full,
  // as any visit whose snapshot could not be kept.
  const affordsMaker = () => !globalThis.navigator?.connection?.saveData && !(globalThis.navigator?.deviceMemory < 4);
  const spareNeeded = () => wanted || (!snapshotKnown && !makerAsked && affordsMaker());
  // Pyodide's WebAssembly module, compiled once by the first interpreter that
  // started and handed to every later one (see worker.js, compiledModule):
  // taken from a READY message, which a worker sends before any learner code
  // has run in it, and never replaced.
  let compiled = null;
  // The runtime's Python and the challenges' files (see worker.js, sources),
  // taken the same way: each part from the first READY that has it.
  let sources = { cells: null, grading: null };
  // The files the learner's code wrote, taken from a cells' interpreter let go
  // while the tab was hidden: the next one starts with them (see releaseCells).
  let keptFiles = null;
  let releasedHidden = false; // the cells' interpreter went while hidden: it comes back with the tab
  // What each interpreter went through, for tools and for a test that fails to say
  // where a start stood: the last JOURNAL_SIZE entries, as "<seconds since the page
  // loaded> #<interpreter> <what>", on globalThis.lessonrtJournal. Never shown to the learner.
  const journal = [];
  Object.defineProperty(globalThis, "lessonrtJournal", { value: journal, configurable: true });
  let spawned = 0;
  const record = (it, what) => {
    journal.push(`${(performance.now() / 1000).toFixed(1)} #${it.n} ${what}`);
    if (journal.length > JOURNAL_SIZE) journal.shift();
  };
  let active = null; // the request in flight (one at a time)
  let failed = false;
  let nextId = 1;
  const queue = [];

  // `make`: when there is no snapshot to start from, make one (see worker.js).
  // Only the spare does, started while the page is idle: making one costs a
  // second start, which nobody should wait for.
  // `grading`: false for an interpreter started for the cells alone, which
  // then leaves the grader out of a full start (see worker.js).
  function spawn({ make = false, grading = true, files = null } = {}) {
    const it = { ready: null, isReady: false, dead: false, progress: null, n: ++spawned };
    record(it, `spawned (${grading ? "grader" : "cells"}${make ? ", may make the snapshot" : ""})`);
    it.ready = new Promise((resolve, reject) => Object.assign(it, { resolve, reject }));
    it.saveOver = new Promise((resolve) => { it.endSave = resolve; });
    it.ready.catch(() => {}); // a failed spare must not surface as unhandled
    busyWith?.(it.ready);
    try {
      it.worker = new Worker(workerUrl, { type: "module", name: "python" });
    } catch (error) {
      it.dead = true;
      it.reject(Object.assign(new Error(NO_WORKER()), { cause: error }));
      return it;
    }
    const channel = new MessageChannel();
    it.port = channel.port1;
    it.flag = isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    it.box = isolated ? new SharedArrayBuffer(P.InputBox.HEADER + P.InputBox.BYTES) : null;
    it.port.onmessage = (event) => receive(it, event.data);
    // The worker's own channel is never read: learner code can post there.
    it.worker.onerror = (event) => {
      event.preventDefault();
      const detail = event.message || "the worker failed to load";
      // A deploy since this page loaded takes its worker's script away with it.
      siteMoved().then((moved) => {
        if (moved) onStale?.();
        die(it, { message: moved ? t(P.STALE) : startFailure(), detail, stage: moved ? "version" : "start" });
      });
    };
    const init = { type: P.INIT, root: rootUrl, pyodide: pyodideUrl, interrupt: it.flag?.buffer ?? null,
      input: it.box, make, grading, files, snapshots: trustedSnapshots(), packages, sources, version,
      lang: document.documentElement.lang, port: channel.port2 };
    try {
      it.worker.postMessage({ ...init, module: compiled }, [channel.port2]);
    } catch {
      it.worker.postMessage(init, [channel.port2]); // the module could not cross: it compiles its own
    }
    return it;
  }

  function receive(it, message) {
    if (it.dead) return;
    switch (message.type) {
      case P.NOTE:
        record(it, `${message.text} (${message.ms} ms)`);
        break;
      case P.PROGRESS:
        if (message.stage !== it.progress?.stage) record(it, `stage ${message.stage}`);
        it.progress = message;
        if (active?.it === it) active.onProgress?.(message);
        if (it === current) onStartProgress?.(message);
        break;
      case P.READY:
        if (it.isReady) break; // one READY a worker, sent before any learner code ran there
        if (!compiled && message.module instanceof WebAssembly.Module) compiled = message.module;
        sources = { cells: sources.cells ?? message.sources?.cells ?? null,
          grading: sources.grading ?? message.sources?.grading ?? null };
        it.isReady = true;
        it.saving = message.saving === true && !it.saved;
        if (!it.saving) it.endSave();
        it.startup = { ms: message.ms, marks: message.marks, snapshot: message.snapshot };
        record(it, `ready in ${message.ms} ms, snapshot ${message.snapshot}${it.saving ? ", saving it" : ""}`);
        it.checks = message.checks ?? {};
        if (message.snapshot === "loaded") snapshotKnown = true;
        if (it === current) tell(it);
        if (it === current) onStartProgress?.({ stage: "ready" });
        if (!warmed) onStarted?.();
        warmed = true;
        it.resolve();
        if (it === spare) releaseSpareIfIdle();
        if (it === current) {
          keptFiles = null; // now in this interpreter
          warmSpare(); // after the cells' own start, never beside it
        }
        break;
      case P.SNAPSHOT:
        record(it, message.kept ? "snapshot saved" : "snapshot not saved");
        // Only the worker's own code can post on this port, and it took the
        // digest's input before any learner code ran there.
        if (message.kept) {
          trustSnapshot(message);
          snapshotKnown = true;
        }
        it.saved = true;
        it.saving = false;
        it.endSave();
        if (it === spare) releaseSpareIfIdle();
        break;
      case P.FATAL:
        if (message.stage === "version") onStale?.();
        // The worker may no longer read its files after the crash: what its last run said holds.
        die(it, { ...message, message: t(message.message), files: message.files || it.files });
        break;
      case P.OUTPUT:
        if (active?.it === it && active.id === message.id) {
          for (const [stream, text] of message.parts) active.onOutput?.(stream, text);
        }
        break;
      case P.CELL:
        if (active?.it === it && active.id === message.id) active.onCell?.(message.cell);
        break;
      case P.INPUT:
        if (active?.it === it && active.id === message.id && it.box) {
          const reply = answer(active);
          if (active.onInput) active.onInput(reply);
          else reply(null); // nobody to ask: the end of input
        }
        break;
      case P.ALIVE:
        if (active?.it === it && active.id === message.id) active.watch?.(CHECK_SECONDS * 1000 + GRADE_SLACK_MS);
        break;
      case P.CHECK:
        if (active?.it === it && active.id === message.id) {
          record(it, `check ${active.decided.length + 1} decided`);
          active.decided.push(message.check);
          active.watch?.(CHECK_SECONDS * 1000 + GRADE_SLACK_MS);
          active.onCheck?.(message.check);
        }
        break;
      case P.RESULT:
        if (typeof message.files === "boolean") it.files = message.files;
        if (active?.it === it && active.id === message.id) {
          settle(active, message.result?.interrupted ? active.stopped : message.result);
        }
        break;
    }
  }

  // A worker that can't go on: say why, throw it away, put the spare in its place.
  function die(it, { message, detail, stage, cause = null, files = it.files }) {
    if (it.dead) return;
    // A page being left cancels its workers' downloads: that is no failure to report;
    // nor is a build replaced by a deploy (stage "version"), which the page offers to reload.
    if (stage === "version") console.info("Python worker:", detail ?? message);
    else if (!leaving()) console.error("Python worker:", detail ?? message);
    if (!it.isReady && it === current) {
      failed = true;
      onStartProgress?.({ stage: "failed" });
    }
    record(it, `failed at ${stage}: ${detail ?? message}`);
    discard(it);
    if (!it.isReady) {
      it.reject(new Error(message));
    } else if (active?.it === it) {
      settle(active, null, new Error(crashed(cause, files)));
    }
  }

  function discard(it) {
    if (!it.dead) record(it, "let go");
    it.dead = true;
    it.endSave?.();
    it.worker?.terminate();
    it.port?.close();
    if (spare === it) spare = null;
    if (current === it) {
      current = spare;
      spare = null;
      tell(current);
      // Start at once only when recovering a working interpreter: after a
      // failed start, the learner's next click is the retry.
      if (!current && it.isReady) current = spawn({ grading: false, files: keptFiles });
    }
  }

  // For tools and tests: how the cells' interpreter started (see protocol.js, READY).
  function tell(it) {
    if (it?.startup) document.documentElement.dataset.pythonSnapshot = it.startup.snapshot ?? "none";
  }

  function interpreter() {
    if (!current || current.dead) {
      // A spare knows nothing of files kept from a released interpreter.
      current = (keptFiles ? null : takeSpare()) ?? spawn({ grading: false, files: keptFiles });
      tell(current);
      failed = false;
    }
    return current;
  }

  // An interpreter no code has run in yet, for a grade: the spare (ready or
  // still starting, whichever comes first), else a new one.
  function fresh() {
    return takeSpare() ?? spawn();
  }

  function takeSpare() {
    const it = spare;
    spare = null;
    return it && !it.dead ? it : null;
  }

  const requests = new WeakMap(); // promise returned to the caller -> its request

  function request(message, callbacks, stopped, grading) {
    const req = { message, ...callbacks, stopped, grading, decided: [] };
    const promise = new Promise((resolve, reject) => Object.assign(req, { resolve, reject }));
    requests.set(promise, req);
    busyWith?.(promise);
    queue.push(req);
    pump();
    return promise;
  }

  async function pump() {
    if (active || !queue.length) return;
    const req = (active = queue.shift());
    req.it = req.grading ? fresh() : interpreter();
    record(req.it, `${req.message.type} asked${req.it.isReady ? "" : ", waits for the start"}`);
    if (!req.it.isReady && req.it.progress) req.onProgress?.(req.it.progress);
    try {
      await req.it.ready;
    } catch (error) {
      return settle(req, null, error);
    }
    if (req.it.saving) {
      record(req.it, "the request waits for the snapshot's save");
      await Promise.race([req.it.saveOver, new Promise((r) => setTimeout(r, SAVE_WAIT_MS))]);
    }
    if (active !== req) return; // stopped while Python was starting
    if (req.it.dead) return settle(req, null, new Error(crashed(null, req.it.files)));
    req.id = nextId++;
    if (req.it.flag) Atomics.store(req.it.flag, 0, 0); // a late stop must not hit this run
    req.it.port.postMessage({ ...req.message, id: req.id });
    req.onProgress?.({ stage: "running", label: P.STAGES.running });
    if (req.grading) {
      // Re-armed by every check that arrives (see receive).
      req.watch = (ms) => {
        clearTimeout(req.limitTimer);
        req.limitTimer = setTimeout(() => kill(req, req.grading.timedOut(req)), ms);
      };
      req.watch(2 * req.grading.seconds * 1000 + GRADE_SLACK_MS);
    }
  }

  function settle(req, result, error) {
    if (active !== req) return;
    if (req.it) record(req.it, `${req.message.type} ${error ? `failed: ${error.message}` : "over"}`);
    active = null;
    clearTimeout(req.killTimer);
    clearTimeout(req.limitTimer);
    // A grade's interpreter has run learner code: it never serves again.
    if (req.grading && req.it && !req.it.dead) discard(req.it);
    if (req.grading) wanted = true; // a learner who graded once grades again
    if (error) req.reject(error);
    else req.resolve(result);
    warmSpare();
    pump();
    // A run that kept the cells' interpreter busy while the tab was hidden:
    // it may go once it has been idle for as long. (Not after asking for its
    // files: one that kept them stays until the tab is hidden again.)
    if (hidden() && !active && req.message.type !== P.FILES) {
      clearTimeout(hiddenTimer);
      hiddenTimer = setTimeout(releaseCells, HIDDEN_RELEASE_MS);
    }
  }

  // The spare starts only when the page is idle, so it never slows a run, and
  // only once Python has started here (a failed start is retried by a click);
  // and only while the tab is in view, and while it pays (spareNeeded).
  function warmSpare() {
    if (!spare && warmed && !snapshotKnown && !wanted && !affordsMaker()) {
      document.documentElement.dataset.snapshotMaker = "spared"; // for tools and tests: see affordsMaker
    }
    if (spare || !warmed || active || queue.length || hidden() || !spareNeeded()) return;
    if (current && !current.dead && !current.isReady) return; // see READY
    if (!snapshotKnown) makerAsked = true;
    spare = spawn({ make: true }); // the worker makes one only when it finds none
  }

  // A hidden tab keeps nothing it can make again: a phone discards the
  // heaviest background tabs first, and each interpreter is a whole Python.
  // The spare goes at once. One still starting, or still saving the memory
  // snapshot it made (a save cut short leaves a damaged entry), goes once it
  // is done. The cells' interpreter goes too once the tab has stayed hidden
  // for HIDDEN_RELEASE_MS, if it is idle (see releaseCells). Both come back
  // with the tab: the cells' first, the spare once it has started.
  const hidden = () => document.visibilityState === "hidden";
  function releaseSpare() {
    if (spare && spare.isReady && !spare.saving) discard(spare);
  }
  let hiddenTimer = null;
  document.addEventListener("visibilitychange", () => {
    clearTimeout(hiddenTimer);
    if (hidden()) {
      releaseSpare();
      hiddenTimer = setTimeout(releaseCells, HIDDEN_RELEASE_MS);
      return;
    }
    if (releasedHidden && !current && !active && !queue.length) interpreter();
    releasedHidden = false;
    warmSpare();
  });

  // The cells' interpreter holds none of the learner's work but the files
  // their code wrote: every run starts from a fresh __main__ and runs again
  // the cells it builds on (lessonrt.runner.run_cell). So an idle one hands
  // over those files and goes; the next one writes them back before it is
  // ready, and runs give what they gave. One whose files are too many to
  // carry, or that is busy, stays.
  async function releaseCells() {
    const it = current;
    if (!hidden() || !it || it.dead || !it.isReady || it.saving || active || queue.length) return;
    // An idle worker answers at once. One that does not is busy with something
    // a cell left behind (a callback that never returns): it stays, and the
    // request gives way to the learner's next run, as if never asked.
    const asked = request({ type: P.FILES }, {}, null);
    const late = setTimeout(() => settle(requests.get(asked), null), FILES_WAIT_MS);
    let kept;
    try {
      kept = await asked;
    } catch {
      return;
    } finally {
      clearTimeout(late);
    }
    if (!hidden() || current !== it || it.dead || active || queue.length || !Array.isArray(kept?.files)) return;
    keptFiles = kept.files;
    releasedHidden = true;
    current = null; // so that discard() puts nothing in its place
    discard(it);
  }
  // A spare that started only to make the snapshot goes once it is saved.
  function releaseSpareIfIdle() {
    if (hidden() || !spareNeeded()) releaseSpare();
  }

  // Stop one request (a promise run() or grade() returned), or all of them.
  function stop(which) {
    wanted = true; // code that needed stopping may need it again: keep a spare at hand
    const targets = which === undefined ? [...queue, active] : [requests.get(which)];
    for (const req of targets.filter(Boolean)) {
      if (queue.includes(req)) {
        queue.splice(queue.indexOf(req), 1);
        req.resolve(req.stopped);
      } else if (req === active && !req.id) {
        settle(req, req.stopped); // still starting: nothing runs yet
      } else if (req === active && req.it.flag && !req.killTimer) {
        Atomics.store(req.it.flag, 0, P.SIGINT);
        Atomics.notify(new Int32Array(req.it.box, 0, 1), 0); // a run waiting in input() wakes to see it
        req.killTimer = setTimeout(() => {
          if (Atomics.load(req.it.flag, 0) === P.SIGINT) return kill(req, req.stopped);
          req.killTimer = setTimeout(() => kill(req, req.stopped), UNWIND_MS);
        }, STOP_GRACE_MS);
      } else if (req === active) {
        kill(req, req.stopped);
      }
    }
  }

  // What the learner typed, for the run waiting in input() (protocol.js,
  // InputBox): a line, or null for the end of input. Once only, and only while
  // that run still waits.
  function answer(req) {
    const B = P.InputBox;
    const state = new Int32Array(req.it.box, 0, 2);
    let done = false;
    return (line) => {
      if (done || active !== req || req.it.dead || Atomics.load(state, B.STATE) !== B.WAITING) return false;
      done = true;
      if (line === null) {
        Atomics.store(state, B.STATE, B.END);
      } else {
        // Encoded apart, then copied: Chromium's encodeInto refuses shared memory.
        const bytes = new TextEncoder().encode(String(line)).subarray(0, B.BYTES);
        new Uint8Array(req.it.box, B.HEADER).set(bytes);
        Atomics.store(state, B.LENGTH, bytes.byteLength);
        Atomics.store(state, B.STATE, B.LINE);
      }
      Atomics.notify(state, B.STATE);
      return true;
    };
  }

  function kill(req, result) {
    if (active !== req) return;
    record(req.it, `${req.message.type} ended with its interpreter${result?.timedOut ? " (out of time)" : ""}`);
    discard(req.it);
    // A stop that had to end the interpreter took the files the cells wrote with it.
    const lost = result?.interrupted && !req.grading && req.it.files;
    settle(req, lost ? { ...result, error: t("Run stopped. To stop it, Python had to be restarted, " +
      "and the files your cells had written were lost with it.") } : result);
  }

  // What a grade stopped by the watchdog resolves with: the checks decided so
  // far, then the one that was running (when the top-level code is known to
  // be done, i.e. some check came back) and the rest, as not passed.
  function timedOut(req, seconds) {
    const decided = req.decided;
    const known = req.it.checks?.[req.grading.challenge];
    const plan = known?.length ? known : decided.map((c) => [c.id, c.title]);
    const rest = plan.slice(decided.length).map(([id, title], i) => ({
      id, title, passed: false, did: "", expected: "", output: "",
      message: i === 0 && decided.length
        ? t("This test has not finished: your code is still busy after {seconds} s and does not " +
          "answer, so it has been stopped from outside.", { seconds })
        : t("Could not test: the check was stopped for time."),
    }));
    const checks = [...decided, ...rest];
    return {
      checks, total: checks.length, solved: false, timedOut: true,
      passed: checks.filter((c) => c.passed).length,
      error: t("The check has been stopped: your code went past the time limit ({seconds} s " +
        "per test) without answering. Is there a huge computation or a loop that never ends?", { seconds }),
    };
  }

  // Whether the site now serves another build than this page's.
  async function siteMoved() {
    if (!version) return false;
    try {
      const response = await fetch(new URL(P.RUNTIME_PATH + "manifest.json", rootUrl), { cache: "no-cache" });
      const listed = response.ok ? await response.json() : null;
      return Boolean(listed?.version) && listed.version !== version;
    } catch {
      return false; // offline: nothing says the site has moved on
    }
  }

  function startFailure() {
    return navigator.onLine === false
      ? t("There is no connection: it is needed to download Python the first time. Connect and press the button again.")
      : t("Python could not start on this page. Press the button again to retry; if it happens again, reload the page.");
  }

  return {
    get ready() {
      return interpreter().ready;
    },
    get state() {
      if (active?.id) return "running";
      if (current && !current.dead) return current.isReady ? "ready" : "starting";
      return failed ? "failed" : "idle";
    },
    /** How the current interpreter's start-up went, once it is ready:
     * `{ms, marks}` (see protocol.js READY), for measuring. */
    get startup() {
      return current?.startup;
    },
    get isolated() {
      return isolated;
    },
    /** "none", "starting" or "ready": the interpreter a stop would switch to. */
    get spare() {
      return !spare ? "none" : spare.isReady ? "ready" : "starting";
    },
    run(code, { name = "celda1", before = [], onOutput, onProgress, onInput, onCell } = {}) {
      return request({ type: P.RUN, code, name, before }, { onOutput, onProgress, onInput, onCell }, P.STOPPED);
    },
    /** Start the interpreter the next grade will use, if none is starting yet. */
    prepareGrade() {
      wanted = true;
      if (!spare || spare.dead) spare = spawn({ make: !snapshotKnown && !makerAsked });
    },
    grade(code, { challenge, onProgress, onCheck, seconds = CHECK_SECONDS } = {}) {
      const none = { checks: [], passed: 0, total: null, solved: false };
      return request({ type: P.GRADE, code, seconds, challenge }, { onProgress, onCheck },
        { ...none, ...P.STOPPED }, { seconds, challenge, timedOut: (req) => timedOut(req, seconds) });
    },
    stop,
  };
}
