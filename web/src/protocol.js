// Every message between the page (runtime.js) and the worker (worker.js).
//
// The page starts the worker and sends it one `init` on the worker's own
// channel, transferring a MessagePort. Everything after that travels over that
// private port, in both directions. The page never listens to the worker's
// default channel, so learner code doing `import js; js.postMessage(...)`
// cannot forge a reply.
//
// Requests (`run`, `grade`, `files`) carry an `id` chosen by the page; every
// message about a request (`output`, `input`, `check`, `result`) carries the same `id`.
// Start-up messages (`progress`, `ready`, `fatal`) belong to the worker, not a
// request.
//
// A `grade` goes only to a worker that has run no request before, and that
// worker is terminated once the grade is over: the verdict is computed in an
// interpreter the learner's earlier code never touched. The worker refuses a
// `grade` after any other request. The page also times a grade from outside,
// check by check (runtime.js), because a loop inside C code never yields to
// the grader's own time limit.

/** Message types, page -> worker. */
export const INIT = "init";
export const RUN = "run";
export const GRADE = "grade";
/** `{type, id}`: the files the learner's code wrote (see FilesResult), asked
 * of an idle cells' interpreter that the page is about to let go. */
export const FILES = "files";

/** Message types, worker -> page. */
export const PROGRESS = "progress";
export const READY = "ready";
/** `{type, key, digest, kept}`: the save of the memory snapshot this start
 * made is over. When `kept`, it is saved, with its SHA-256 `digest`, for the
 * page to trust at the next start (see worker.js, snapshotStore). Until this
 * comes, the page does not end the worker: a save cut short leaves a damaged
 * entry behind. */
// Marks a message for the page's catalog (web/docs/languages.md) where it is written: this
// module is shared with the workers, which have no page to read the catalog from, so the
// page translates these messages where it shows them (i18n.js t()).
const N_ = (message) => message;

export const SNAPSHOT = "snapshot";
export const FATAL = "fatal";
/** `{type, text}`: a step of the start worth knowing when one goes wrong (where the
 * memory snapshot came from, why one was ignored), in English, for the page's journal
 * (runtime.js, journal) and the console. Never shown to the learner. */
export const NOTE = "note";
/** What a start says when the page's build is no longer the one the site serves (a
 * deploy while the page was open): a FATAL of stage "version", or a worker script
 * that is gone (runtime.js). The page then offers to reload (update.js). */
export const STALE = N_("This page is from an earlier version of the course: reload it to go on. " +
  "Your code and your answers are kept.");
export const OUTPUT = "output";
/** `{type, id, cell}`: a run with earlier cells begins `cell` (an earlier one, then its own). */
export const CELL = "cell";
export const CHECK = "check";
/** `{type, id}`: the grade's current check is still being decided (lessonrt.grading's
 * on_alive, at most twice a second): the page's watchdog gives the wait after it one
 * check's time (runtime.js, GRADE_SLACK_MS). */
export const ALIVE = "alive";
export const RESULT = "result";
/** `{type, id}`: the run is waiting for a line of input (see InputBox). */
export const INPUT = "input";

/** The streams a part of an `output` message belongs to: text, and rich output (a
 * picture, a table: a JSON object {mime type: data}, from lessonrt.runner's display). */
export const STDOUT = "stdout";
export const STDERR = "stderr";
export const DISPLAY = "display";

/**
 * @typedef {object} InitMessage  page -> worker, on the worker's default channel.
 * @property {"init"} type
 * @property {string} root        absolute URL of the site root, ending in "/";
 *                                open_url("/courses/...") resolves against it
 * @property {string} pyodide     absolute URL of the Pyodide folder, ending in "/"
 *                                (the runtime's Python is read from
 *                                root + "runtime/lessonrt/", see RUNTIME_PATH)
 * @property {SharedArrayBuffer|null} interrupt  an Int32Array(1)'s buffer when
 *                                the page is cross-origin isolated: the page
 *                                stores SIGINT in it to stop the running code
 * @property {SharedArrayBuffer|null} [input]  an InputBox's buffer when the
 *                                page is cross-origin isolated: how a run's
 *                                input() gets the learner's lines (see INPUT);
 *                                null where it is not, and input() then says
 *                                that reloading the page lets it wait
 * @property {boolean} make       with no snapshot to start from, make one first,
 *                                then start from it (the idle spare only)
 * @property {boolean} [grading] false for an interpreter started for the cells
 *                                alone: a full start then leaves the grader and
 *                                the challenges out, and a grade there is refused
 *                                like one after a run (default true)
 * @property {{keep: boolean, trusted: {key: string, digests: string[]}|null}} snapshots
 *                                the memory snapshots the page vouches for (see
 *                                worker.js): the worker loads a saved snapshot only
 *                                if its SHA-256 is one of these; `keep` is false
 *                                where the page cannot keep them (no storage)
 * @property {{lock: string|null, load: string[]}} packages  the lesson's
 *                                packages: `lock`, the absolute URL of the site's
 *                                pyodide-lock.json (null on a site that serves no
 *                                package); `load`, the names the worker loads after
 *                                the interpreter has started and before it is
 *                                ready (their dependencies come with them)
 * @property {Array<[string, Uint8Array|null]>|null} [files]  files (bytes) and
 *                                folders (null) to write before the worker is
 *                                ready: what a cells' interpreter the page let go
 *                                had been given by the learner's code (FILES)
 * @property {MessagePort} port   the private channel for everything else
 * @property {WebAssembly.Module|null} [module]  Pyodide's module, compiled by
 *                                an earlier worker of this page (its READY): the
 *                                worker instantiates it instead of fetching and
 *                                compiling its own; absent where an engine cannot
 *                                pass a module between threads
 * @property {Sources} [sources]  the files an earlier worker of this page fetched
 *                                (its READY): the worker fetches only the parts
 *                                that are null
 *
 * @typedef {object} RunMessage  page -> worker: run one cell.
 * @property {"run"} type
 * @property {number} id
 * @property {string} code        the cell's source
 * @property {string} name        the cell's key, e.g. "celda1"
 *                                (tracebacks then say File "<Celda 1>")
 * @property {Array<[string, string]>} before  [name, code] of earlier cells
 *                                this one builds on; run first, output hidden
 *
 * @typedef {object} GradeMessage  page -> worker: grade the challenge, in a
 *   worker that has run nothing yet (see above).
 * @property {"grade"} type
 * @property {number} id
 * @property {string} code        the learner's whole solution
 * @property {string} challenge   which challenge: "<course>/<lesson>"
 * @property {number} seconds     time limit of each run of learner code
 *                                (lessonrt.grading's `time_limit`); the page's
 *                                watchdog is derived from the same number
 *
 * @typedef {object} ProgressMessage  worker -> page, during start-up.
 * @property {"progress"} type
 * @property {string} stage       one of STAGES' keys
 * @property {string} label       Spanish text for the status line
 * @property {number} [loaded]    bytes received so far (stage "download")
 * @property {number} [total]     bytes expected, when the server said so
 * @property {string[]} [names]   the packages being loaded (stage "packages")
 *
 * @typedef {object} ReadyMessage  worker -> page: start-up finished.
 * @property {"ready"} type
 * @property {number} ms          milliseconds from the worker's first line to ready
 * @property {Object<string, number>} marks  when each stage began (ms, same clock)
 * @property {string} snapshot    how the start used the memory snapshot kept in
 *                                Cache Storage: "loaded" (started from it), "made"
 *                                (made one, saved it and started from it), "ignored"
 *                                (one was there but did not fit: it was left
 *                                for the next spare to replace)
 *                                or "none" (a full start: no snapshot to start from)
 * @property {boolean} saving     this start made a snapshot whose save may still
 *                                be going on: a SNAPSHOT message follows
 * @property {Object<string, Array<[string, string]>>} checks  for each challenge
 *                                of the site ("<course>/<lesson>"), [id, title] of
 *                                its checks in order: the page lists the ones a
 *                                grade stopped from outside never reached
 *                                (empty when the start left the grader out)
 * @property {WebAssembly.Module|null} [module]  the Pyodide module this worker
 *                                instantiated, for the page to hand to the next
 *                                ones (INIT): sent before any learner code ran here
 * @property {Sources|null} [sources]  the runtime's and the challenges' files this
 *                                worker fetched or was given, for the page to hand
 *                                to the next ones (INIT), the same way
 *
 * @typedef {object} Sources  the Python files a worker writes before it is ready,
 *   as texts: each part null until some worker of the page has fetched it.
 * @property {Array<[string, string]>|null} cells  [name, text] of the runtime's
 *                                modules that cells need (all but grading/)
 * @property {[Array<[string, string]>, Array<[string, Array<[string, string]>]>]|null} grading
 *                                the grader's modules, and for each challenge
 *                                ("<course>/<lesson>") [name, text] of its files
 *
 * @typedef {object} FatalMessage  worker -> page: this worker cannot go on
 *   (start-up failed, or the interpreter broke). The page replaces it.
 * @property {"fatal"} type
 * @property {string} stage       where it failed (a STAGES key, or "run")
 * @property {string} message     Spanish, for the learner
 * @property {string} detail      the technical error, for the console
 *
 * @typedef {object} OutputMessage  worker -> page: text the code printed.
 *   One message carries every write since the previous one, so a program that
 *   prints a million lines (or alternates stdout and stderr) sends a few
 *   messages per second, not one per write.
 * @property {"output"} type
 * @property {number} id
 * @property {Array<["stdout"|"stderr"|"display", string]>} parts  in the order printed;
 *                                consecutive writes to one text stream are joined; each
 *                                "display" part is one JSON mime bundle
 *
 * @typedef {object} CheckMessage  worker -> page, during `grade`: one check
 *   decided, before the others (lessonrt.grading's on_check).
 * @property {"check"} type
 * @property {number} id
 * @property {object} check       the check's dict as a plain object
 *                                ({id, title, passed, message, did, expected,
 *                                labels, output}: `did` and `expected` are
 *                                text the challenge writes, shown under `labels`)
 *
 * @typedef {object} ResultMessage  worker -> page: the request is over.
 * @property {"result"} type
 * @property {number} id
 * @property {RunResult|object} result  for `run`, a RunResult; for `grade`,
 *                                the grader's dict as a plain object
 *
 * @typedef {object} FilesResult  the `result` of a `files` request.
 * @property {Array<[string, Uint8Array|null]>|null} files  every folder (null)
 *                                and file (its bytes) under LEARNER_DIRS, parents
 *                                first; null when they come to more than
 *                                FILES_LIMIT bytes (the page then keeps the worker)
 *
 * @typedef {object} RunResult
 * @property {boolean} ok
 * @property {string|null} error  the learner's traceback, or a Spanish message
 * @property {boolean} interrupted  stopped by the learner
 * @property {boolean} [crashed]  the interpreter died (set by the page)
 */

/** What a progress message says, in the page's language: its stage's label, and the
 * names of the packages being loaded. `t` is i18n.js's. */
export function stageLabel({ stage, label, names }, t) {
  if (!(stage in STAGES)) return label ? t(label) : "";
  return Array.isArray(names) && names.length ? `${t(STAGES[stage])}: ${names.join(", ")}` : t(STAGES[stage]);
}

/** Start-up stages, in order, with what the learner reads meanwhile. The
 * last, "running", is the page's own: the request has been handed to Python. */
export const STAGES = Object.freeze({
  download: N_("Downloading Python"),
  start: N_("Starting Python"),
  runtime: N_("Loading the lesson's environment"),
  packages: N_("Loading the lesson's packages"),
  running: N_("Running"),
});

/** Where the runtime's Python lives, relative to the site root: manifest.json
 * there is `{"files": ["__init__.py", "runner.py", ...]}`. */
export const RUNTIME_PATH = "runtime/lessonrt/";

/** The Cache Storage cache where the service worker keeps Pyodide's files of
 * `version` (the name of its folder under pyodide/). The Python worker reads
 * the module there itself: see worker.js, keptCopy. */
export const pyodideCache = (version) => `lessonrt-pyodide-${version}`;

/** The site's pyodide-lock.json, relative to the site root, on a site whose
 * lessons load packages (the build writes it with the wheels beside it). */
export const PACKAGES_LOCK_PATH = "packages/pyodide-lock.json";

/** Where learner code writes its files: the working directory Pyodide gives
 * Python, and /tmp. Nothing else in the worker's file system is theirs. */
export const LEARNER_DIRS = Object.freeze(["/home/pyodide", "/tmp"]);

/** The most bytes of files a released cells' interpreter hands over (FILES). */
export const FILES_LIMIT = 16 * 1024 * 1024;

/**
 * The line a run waiting in input() gets, through a SharedArrayBuffer the page
 * makes per interpreter (InitMessage `input`): the worker, blocked in
 * Atomics.wait on `state`, cannot read messages. It sets WAITING and posts
 * INPUT; the page writes the line's UTF-8 bytes after the header, their count
 * in `length`, sets LINE (or END for Ctrl-D) and notifies. A stop notifies
 * too, after storing SIGINT in the interrupt buffer: the worker wakes and
 * Python raises KeyboardInterrupt.
 */
export const InputBox = Object.freeze({
  STATE: 0, LENGTH: 1, // Int32 slots of the header
  HEADER: 8, // bytes
  BYTES: 64 * 1024, // of the line; the page's field takes at most CHARS characters
  CHARS: 16 * 1024, // so that a line of them fits in BYTES (4 bytes each at most)
  IDLE: 0, WAITING: 1, LINE: 2, END: 3, // values of STATE
});

/** Value stored in the interrupt buffer to raise KeyboardInterrupt (SIGINT). */
export const SIGINT = 2;

/** What a stopped run resolves with, whether Python or the page stopped it. */
export const STOPPED = Object.freeze({ ok: false, error: N_("Run stopped."), interrupted: true });
