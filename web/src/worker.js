// The Python side of the page: Pyodide plus the lesson runtime (py/lessonrt).
// Thin on purpose: lesson logic is Python and crosses as plain objects.
// The messages are the ones named in web/src/protocol.js.
import * as P from "./protocol.js";

let port = null;
let pyodide, runCell, runCellAsync, awaitsAtTopLevel, grade, openUrl, checks = {};
let input_; // a run's way to the learner's lines: see inputReader
let siteLock = null; // the site's pyodide-lock.json, when it serves packages
let used = false; // some request has run here: no grade may follow (see runtime.js)
let compiled = null; // Pyodide's WebAssembly module, as compiled here or handed over (compiledModule)
const performance = { now: globalThis.performance.now.bind(globalThis.performance) }; // learner code can replace js.performance.now
const t0 = performance.now();
const marks = {}; // when each start-up stage began, in ms since the worker started
let snapshot = "none"; // how this start used a memory snapshot: "loaded", "made", "ignored" or "none"
let saving = false; // this start made a snapshot: a SNAPSHOT message tells when its save is over
// A worker that closes itself fires no event the page could see: learner code
// calling js.close() would leave the next run waiting for ever.
self.close = () => {};
// Learner code runs in this worker and can reach its JavaScript globals
// (`import js`). What carries a result to the page is bound now, before any of
// it runs, so replacing MessagePort.prototype.postMessage or Object.fromEntries
// from Python cannot rewrite a verdict on its way out.
const post = Function.prototype.call.bind(MessagePort.prototype.postMessage);
const fromEntries = Object.fromEntries;
const subtleDigest = crypto.subtle.digest.bind(crypto.subtle); // vouches for snapshots: see snapshotStore
const resourceEntries = globalThis.performance.getEntriesByType.bind(globalThis.performance, "resource");
const send = (message) => post(port, message);
// A step of the start, for the page's journal (protocol.js, NOTE); a warning goes to the console too.
const note = (text) => send({ type: P.NOTE, text, ms: Math.round(performance.now() - t0) });
const warn = (text) => {
  console.warn(`Python worker: ${text}`);
  note(text);
};
const siteCaches = takeCaches();

self.addEventListener("message", (event) => {
  if (event.data?.type !== P.INIT || port) return; // one init; later ones are ignored
  port = event.data.port;
  const started = start(event.data);
  port.onmessage = (e) => started.then(() => handle(e.data), () => {});
  started.then((sources) => {
    const ready = { type: P.READY, ms: Math.round(performance.now() - t0), marks, snapshot, saving, checks, sources };
    // Sent before any learner code has run here, so the page may hand this
    // module to the next interpreters (see compiledModule).
    try {
      send({ ...ready, module: compiled.module });
    } catch {
      send(ready); // an engine that cannot pass a module between threads
    }
  }, (error) => fatal(error.stage, error));
});

async function start({ root, pyodide: indexURL, interrupt, make, snapshots: { keep, trusted } = {},
  packages: { lock = null, load: lessonPackages = [] } = {}, module: given = null, grading = true,
  files: learnerFiles = null, input = null, sources: handed = null, version = null, lang = "" }) {
  siteLock = lock;
  const stage = async (name, work) => {
    progress({ stage: name });
    try { return await work(); } catch (error) {
      throw Object.assign(error, { stage: error?.stage === "version" ? "version" : name });
    }
  };
  const base = new URL(P.RUNTIME_PATH, root);
  // The page's build, against the build the site now serves: a page left open across a
  // deploy must not run this worker with another build's Python (runtime.js, STALE).
  const manifest = fetchOk(new URL("manifest.json", base)).then((response) => response.json()).then((listed) => {
    if (version && listed.version && listed.version !== version) {
      throw Object.assign(new Error(`this page is build ${version}, the site serves ${listed.version}`), { stage: "version" });
    }
    return listed;
  });
  const fetchText = async (url) => (await fetchOk(url)).text();
  // The runtime's message catalogs (.mo) are binary: their bytes, not text, go into Python's files.
  const fetchBytes = async (url) => new Uint8Array(await (await fetchOk(url)).arrayBuffer());
  const fetchRuntime = (names) => Promise.all(names.map(async (name) =>
    [name, await (name.endsWith(".mo") ? fetchBytes : fetchText)(new URL(name, base))]));
  // The runtime's modules, and every lesson's challenge (served beside its
  // lesson): all imported before a snapshot is made, so the guard's picture
  // of them is taken before any learner code runs. An interpreter started
  // for the cells alone, on a first visit, needs only the runner's: on a
  // phone's line the grader's and the challenges' bytes would only delay
  // the first output. They are fetched if a snapshot brings the grader.
  // An earlier worker of this page may have handed them over: then none is
  // fetched again. start() resolves with them, and READY hands them to the
  // page for its next workers; each start would otherwise ask the site for
  // some 17 files again (a round trip on a phone's line when the host wants
  // them revalidated).
  const forCells = (name) => !name.startsWith("grading/");
  const cellFiles = handed?.cells ? Promise.resolve(handed.cells)
    : manifest.then(({ files: names }) => fetchRuntime(names.filter(forCells)));
  cellFiles.catch(() => {}); // awaited below, after the interpreter
  let graderFiles = handed?.grading ? Promise.resolve(handed.grading) : null;
  const gradingFiles = () => graderFiles ??= manifest.then(({ files: names, challenges = {} }) => Promise.all([
    fetchRuntime(names.filter((name) => !forCells(name))),
    Promise.all(Object.entries(challenges).map(async ([key, { path, files: parts }]) =>
      [key, await Promise.all(parts.map(async (name) => [name, await fetchText(new URL(path + name, root))]))])),
  ]));
  if (grading || make) gradingFiles().catch(() => {}); // awaited below, after the interpreter
  compiled = compiledModule(given);
  const snapshots = snapshotStore(base, keep);
  // indexURL ends in pyodide/<version>/: the service worker's cache is named by that folder.
  const keptPyodide = keptFiles(P.pyodideCache(new URL(indexURL).pathname.split("/").filter(Boolean).pop()));
  const write = (py, path, text) => {
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, text);
  };
  const runtimeFiles = async (py, { withGrader = true } = {}) => {
    const [runtime, [grader, challenges]] = await Promise.all([cellFiles, withGrader ? gradingFiles() : [[], []]]);
    for (const [name, text] of [...runtime, ...grader]) write(py, "/lessonrt/lessonrt/" + name, text);
    for (const [key, parts] of challenges) {
      for (const [name, text] of parts) write(py, `/lessonrt/desafios/${key}/${name}`, text);
    }
    py.runPython("import sys\nif '/lessonrt' not in sys.path: sys.path.insert(0, '/lessonrt')\n" +
      "import lessonrt.runner");
    if (withGrader) loadGrader(py, challenges);
  };
  const loadGrader = (py, challenges) => {
    py.runPython("import lessonrt.grading");
    const load = py.pyimport("lessonrt.grading.registry").carga;
    try {
      for (const [key] of challenges) load(key, `/lessonrt/desafios/${key}`);
    } finally { load.destroy(); }
  };
  pyodide = await stage("download", async () => {
    const [{ loadPyodide }, { snapshot: key = null, sizes = {}, lock: lockVersion = null, stdlib = null }] =
      await Promise.all([import(indexURL + "pyodide.mjs"),
        manifest.catch((error) => { if (error.stage === "version") throw error; return {}; })]);
    let downloads = watchDownloads(sizes, compiled, keptPyodide);
    const sparse = sparseCopies(() => compiled.heap);
    // The site's lock lists only the wheels it serves, so Pyodide's loader and
    // micropip never look for a package anywhere else.
    const where = lock ? { indexURL, ...siteLockOptions(lock, lockVersion) } : { indexURL };
    // The build's first archive of the standard library: the modules the site's Python
    // imports. A module outside it is fetched with the whole library (wholeLibrary below).
    if (stdlib) where.stdLibURL = indexURL + stdlib;
    wholeLibraryURL = indexURL + "python_stdlib.zip";
    const load = (options) => Promise.race([loadPyodide({ ...where, ...options }), downloads.failed]);
    try {
      const saved = key && await snapshots.find(key);
      note(saved ? "found a saved snapshot" : key && snapshots.usable ? "no saved snapshot" : "no snapshot store");
      if (saved) {
        // Read and checked while Pyodide imports its JavaScript and fetches its
        // module: loadPyodide only waits for the bytes once it needs them.
        const bytes = saved.read(trusted);
        bytes.then((read) => note(`read the snapshot (${read.byteLength} bytes)`), () => {}); // awaited by loadPyodide, which may fail first
        try {
          snapshot = "loaded";
          const loaded = await load({ _loadSnapshot: bytes });
          note("started from the snapshot");
          letGo(await bytes);
          return loaded;
        } catch (error) {
          if (downloads.broken) throw error;
          if (error === REFUSED) {
            // Planted, or saved by an interpreter whose word has not reached the
            // page yet: left for this start's own snapshot to overwrite.
            warn("ignoring a saved memory snapshot that this page did not make");
          } else {
            // Made by another Pyodide build, damaged or cut short: forget it and
            // start as if there were none (the next spare makes a new one).
            warn(`ignoring the saved memory snapshot: ${String(error?.message ?? error).split("\n")[0]}`);
            snapshots.drop();
          }
          snapshot = "ignored";
          // The abandoned start leaves its module download unread: count afresh.
          downloads.stop();
          downloads = watchDownloads(sizes, compiled, keptPyodide);
        }
      }
      if (!make || !key || !snapshots.usable) {
        note("starting in full");
        return await load({});
      }
      // Only a spare, started while the page is idle, makes a snapshot. An
      // interpreter loaded with _makeSnapshot differs from others (its `js`
      // module refuses some globals), so no learner code ever runs in it: the
      // worker goes on from the snapshot it has just made.
      note("starting in full to make a snapshot");
      const maker = await load({ _makeSnapshot: true });
      await runtimeFiles(maker);
      // Now, while Python holds no JavaScript object: the snapshot can only
      // keep pure Python state. It includes the runtime's modules, imported.
      const bytes = maker.makeMemorySnapshot();
      // The digest's input is copied now, before any learner code can run here.
      // The page hears of the snapshot once it is saved.
      saving = true;
      Promise.all([snapshotDigest(bytes), snapshots.save(key, bytes)]).then(
        ([digest, kept]) => send({ type: P.SNAPSHOT, key, digest, kept }),
        () => send({ type: P.SNAPSHOT, key, digest: null, kept: false }));
      if (snapshot !== "ignored") snapshot = "made";
      const loaded = await load({ _loadSnapshot: bytes });
      letGo(bytes); // the save and the digest took copies of their own
      return loaded;
    } finally {
      downloads.stop();
      compiled.restore();
      sparse.restore();
    }
  });
  letGoOwned(pyodide);
  await stage("runtime", async () => {
    // A snapshot holds the grader already imported, so binding it costs
    // nothing. A full start for the cells alone leaves it out: importing the
    // grader and every challenge is a good part of this stage, on the first
    // run of a first visit, and the page never grades in the cells'
    // interpreter (finish() would refuse, as in one that has run code).
    const withGrader = grading || snapshot === "loaded" || snapshot === "made";
    await runtimeFiles(pyodide, { withGrader });
    // The page's language, set after any snapshot was restored: a snapshot holds none.
    const i18n = pyodide.pyimport("lessonrt.i18n");
    try { i18n.set_language(lang || "en"); } finally { i18n.destroy(); }
    // Taken now, before any learner code runs and could replace them.
    const runner = pyodide.pyimport("lessonrt.runner");
    runCell = runner.run_cell;
    runCellAsync = runner.run_cell_async;
    awaitsAtTopLevel = runner.awaits_at_top_level;
    openUrl = runner.browser_open_url(root);
    input_ = inputReader(input, interrupt, runner.input_needs_reload());
    const wait = sleepWaiter(interrupt);
    if (wait) runner.sleep_without_spinning(wait);
    if (learnerFiles) writeLearnerFiles(pyodide, learnerFiles);
    if (withGrader) {
      grade = pyodide.pyimport("lessonrt.grading").grade;
      // Each challenge's checks, {key: [[id, title], ...]}: the page lists them before a grade.
      checks = plain(pyodide.pyimport("lessonrt.grading.registry").titulos());
    }
  });
  // After the snapshot (made before any package loads, which it must be) and
  // before the first cell: a lesson's imports find its packages installed.
  if (lessonPackages.length) {
    await stage("packages", () => loadPackages(lessonPackages, {
      label: `${P.STAGES.packages}: ${lessonPackages.join(", ")}`, names: lessonPackages,
    }));
  }
  // What the interpreter holds now (the standard library's and the runtime's
  // modules, some 20 000 objects) lives as long as it does. Frozen, the cyclic
  // collector stops walking it: a full collection took 20 to 70 ms here, and
  // the collections that every run's allocations set off take their share.
  pyodide.runPython("__import__('gc').freeze()");
  if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
  // The runtime stage wrote the cells' files. The grader's may have been fetched
  // and left unused (a spare that found no way to keep a snapshot): a failure
  // there only means the next worker fetches them itself.
  return { cells: await cellFiles, grading: graderFiles && await graderFiles.catch(() => null) };
}

// Pyodide's whole standard library, for the finder the first archive installs
// (py/lessonsite/stdlib_rest.py), which calls this on a cell's first import of a
// module the first archive lacks: its bytes, or null when they cannot be had (no
// connection, and no copy kept by the service worker). Synchronous, as an import
// is: a worker may block on a request.
const XHR = globalThis.XMLHttpRequest; // learner code can replace js.XMLHttpRequest
let wholeLibraryURL = null;
self.lessonrtStandardLibrary = () => {
  if (!wholeLibraryURL) return null;
  try {
    const request = new XHR();
    request.open("GET", wholeLibraryURL, false);
    request.responseType = "arraybuffer";
    request.send(null);
    return request.status === 200 ? new Uint8Array(request.response) : null;
  } catch {
    return null;
  }
};

// The files learner code wrote (see protocol.js, FILES), read through the
// file system's own functions. Learner code can replace those from Python
// (pyodide_js.FS): whatever they return that is not bytes ends the walk, and
// the page then keeps this interpreter.
function readLearnerFiles(py) {
  const { FS } = py;
  const found = [];
  let bytes = 0;
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = `${dir}/${name}`;
      const { mode } = FS.lstat(path);
      if (FS.isDir(mode)) {
        found.push([path, null]);
        walk(path);
      } else if (FS.isFile(mode)) {
        const data = FS.readFile(path);
        if (!(data instanceof Uint8Array)) throw new TypeError(`${path}: not bytes`);
        bytes += data.byteLength;
        if (bytes > P.FILES_LIMIT) throw new RangeError("too many bytes to carry");
        found.push([path, data]);
      }
    }
  };
  try {
    for (const dir of P.LEARNER_DIRS) {
      if (FS.analyzePath(dir).exists) walk(dir);
    }
    return found;
  } catch {
    return null;
  }
}

function writeLearnerFiles(py, files) {
  for (const [path, data] of files) {
    if (typeof path !== "string" || !P.LEARNER_DIRS.some((dir) => path.startsWith(dir + "/"))) continue;
    if (data === null) py.FS.mkdirTree(path);
    else if (data instanceof Uint8Array) py.FS.writeFile(path, data);
  }
}

// Pyodide keeps the options it was started with for as long as it lives, and
// with them a snapshot's bytes (some 30 MB) that it never reads again once
// they are restored: the buffer is emptied, which frees them at once.
function letGo(bytes) {
  try {
    const { buffer } = bytes;
    if (typeof buffer.transfer === "function") buffer.transfer(0);
    else structuredClone(buffer, { transfer: [buffer] });
  } catch { /* already empty, or not ours to empty */ }
}

// The site's lock, fetched once for every start here (the interpreter that
// makes a snapshot starts twice), under the URL that names its version (the
// build's manifest.json says which): the browser's copy then serves every
// later interpreter of the page, and the service worker keeps that URL.
function siteLockOptions(lock, version) {
  if (!version) return { lockFileURL: lock };
  const url = new URL(`?v=${encodeURIComponent(version)}`, lock);
  const text = fetch(url, { cache: "force-cache" }).then((response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.text();
  });
  text.catch(() => {}); // awaited by loadPyodide, which may fail first
  return { lockFileContents: text, packageBaseUrl: new URL(".", lock).href };
}

// Pyodide's loader takes each wheel from the site's lock and checks its
// sha256 there; it reports a failure to its callback and goes on, so one is
// turned into an error here.
async function loadPackages(names, shown) {
  const failures = [];
  if (shown) progress({ stage: "packages", ...shown });
  await pyodide.loadPackage(names, { messageCallback: () => {}, errorCallback: (text) => failures.push(text) });
  if (failures.length) throw new Error(failures.join("\n"));
}

// Memory snapshots (Pyodide's private makeMemorySnapshot / _loadSnapshot): the
// interpreter's whole memory once Python and the runtime have started, kept in
// Cache Storage so that every later start, in this visit or the next, skips
// Python's own start-up. An entry is named by the build's snapshot key (see
// build.py's copy_runtime), so a new Pyodide or runtime never loads an old one;
// Pyodide also refuses a snapshot of another build, and then it is dropped.
// Learner code runs in workers like this one and can reach Cache Storage, so a
// snapshot is only loaded when its SHA-256 is the one the page keeps (in
// localStorage, which no worker can write) for the snapshot a worker made
// before any learner code ran there: a planted one would grade a challenge.
// Cache Storage may be missing or refuse (a private window): then every start
// is a full one, and nothing else changes.
const SNAPSHOT_CACHE = "lessonrt-snapshot";
const REFUSED = "refused"; // there was one, but not the one the page trusts
// A snapshot is read from the browser's own disk in well under a second. In Firefox an
// entry whose writer was stopped mid-save (the learner went to the next lesson while
// the spare was keeping one) can answer with a body that never ends: past this, it is
// treated as damaged, dropped, and Python starts in full.
const SNAPSHOT_READ_MS = 15_000;

// Cache Storage holds what the service worker serves: the site's pages and files for
// offline use, and Pyodide's. Learner code runs in this worker, so it must not reach
// it: deleting those caches would lose offline use for good, without a word, and
// writing to them would serve its junk in place of a page, online too. The worker
// takes what it needs of Cache Storage before any of it runs, bound to the objects
// themselves (a prototype replaced from Python later changes nothing here), and takes
// `caches` off the global scope. A nested worker would have a `caches` of its own,
// and a worker's service worker container would let it unregister the site's: both
// go as well. Null where Cache Storage is refused (a private window).
function takeCaches() {
  let storage = null;
  try { storage = globalThis.caches ?? null; } catch { /* refused */ }
  // Best effort: a property made unconfigurable (nothing a browser does) cannot go.
  const drop = (scope, name) => {
    try { delete scope[name]; } catch { /* stays */ }
  };
  const gone = ["caches", "Worker", "SharedWorker"];
  for (let scope = globalThis; scope; scope = Object.getPrototypeOf(scope)) {
    for (const name of gone) if (Object.hasOwn(scope, name)) drop(scope, name);
  }
  for (let scope = globalThis.navigator; scope; scope = Object.getPrototypeOf(scope)) {
    if (Object.hasOwn(scope, "serviceWorker")) drop(scope, "serviceWorker");
  }
  if (!storage) return null;
  const bound = (method) => Function.prototype.call.bind(method);
  const [open, has, match] = [CacheStorage.prototype.open, CacheStorage.prototype.has, CacheStorage.prototype.match].map(bound);
  const [cacheMatch, cachePut, cacheKeys, cacheDelete] =
    [Cache.prototype.match, Cache.prototype.put, Cache.prototype.keys, Cache.prototype.delete].map(bound);
  return {
    async open(name) {
      const cache = await open(storage, name);
      return {
        match: (request, options) => cacheMatch(cache, request, options),
        put: (request, response) => cachePut(cache, request, response),
        keys: () => cacheKeys(cache),
        delete: (request) => cacheDelete(cache, request),
      };
    },
    has: (name) => has(storage, name),
    match: (request, options) => match(storage, request, options),
  };
}

function withinTime(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function snapshotStore(base, keep) {
  const url = (key) => new URL(`snapshot/${key}`, base).href;
  let usable = Boolean(keep) && siteCaches !== null;
  // One operation at a time, in order: dropping a bad snapshot must be over
  // before the good one made right after it is saved.
  let queue = Promise.resolve();
  // Opened as the worker starts, while Pyodide's module and the manifest are on
  // their way: on a first visit opening Cache Storage took 20 to 50 ms, which
  // came before loadPyodide. Later operations open it afresh, so that one the
  // service worker has deleted meanwhile is made again rather than written to.
  let opening = usable ? siteCaches.open(SNAPSHOT_CACHE) : null;
  opening?.catch(() => {}); // find() meets a refusal and says the store is unusable
  const open = () => {
    const cache = opening ?? siteCaches.open(SNAPSHOT_CACHE);
    opening = null;
    return cache;
  };
  const then = (work) => (queue = queue.then(async () => work(await open())));
  async function check(key, response, trusted) {
    const length = Number(response.headers.get("x-snapshot-bytes"));
    if (!Number.isSafeInteger(length) || length <= 0) throw new Error("the snapshot has no length");
    const bytes = await withinTime(bodyBytes(response, length), SNAPSHOT_READ_MS, "reading the snapshot");
    // A write cut short (the tab closed mid-save) leaves a shorter body.
    if (bytes.byteLength !== length) {
      throw new Error(`the snapshot was cut short (${bytes.byteLength} bytes)`);
    }
    if (trusted?.key === key && trusted.digests?.includes(await snapshotDigest(bytes))) return bytes;
    throw REFUSED;
  }
  return {
    get usable() { return usable; },
    // The saved snapshot for `key`, if there is one: {read(trusted)}, whose promise
    // gives its bytes, or rejects with REFUSED when its digest is not one the page
    // trusts, or with an Error when it was cut short.
    async find(key) {
      if (!usable) return null;
      try {
        const response = await withinTime(then((cache) => cache.match(url(key))), SNAPSHOT_READ_MS,
          "finding the snapshot");
        return response ? { read: (trusted) => check(key, response, trusted) } : null;
      } catch {
        usable = false; // refused (a private window): start in full, quietly
        return null;
      }
    },
    save(key, bytes) {
      // The body is copied now: the worker goes on to start from these bytes,
      // Pyodide's restore does not leave them as they were, and letGo empties
      // them. A Blob copies at once in every engine; a Response made straight
      // from the bytes does not in WebKit, which then saved an empty body, so
      // that every start there was a full one.
      const parts = [];
      throughPieces(bytes, (piece) => parts.push(new Blob([piece])));
      const body = new Response(new Blob(parts), {
        headers: { "content-type": "application/octet-stream", "x-snapshot-bytes": String(bytes.byteLength) },
      });
      return then(async (cache) => {
        for (const request of await cache.keys()) if (request.url !== url(key)) await cache.delete(request);
        await cache.put(url(key), body);
        return true;
      }).catch((error) => {
        warn(`the memory snapshot was not kept: ${error}`);
        return false;
      });
    },
    drop() {
      then(async (cache) => { for (const request of await cache.keys()) await cache.delete(request); })
        .catch(() => {});
    },
  };
}

async function handle(message) {
  // A cell that names micropip gets it first, from the site's lock; a cell
  // that awaits at its top level runs on the page's event loop.
  const { type, code, before } = message;
  if (type === P.FILES) return send({ type: P.RESULT, id: message.id, result: { files: readLearnerFiles(pyodide) } });
  if (type === P.RUN) {
    const texts = [code, ...(before ?? []).map(([, text]) => text)];
    if (siteLock && texts.some((text) => /\bmicropip\b/.test(text))) {
      try { await loadPackages(["micropip"]); } catch (error) { return fatal("run", error); }
    }
    // Decided by Python's own compiler, not by the word: an `await` inside an
    // `async def` (asyncio.run of a coroutine) runs like any other cell.
    if (texts.some((text) => /\bawait\b/.test(text)) && awaitsAtTopLevel(...texts)) {
      return finish(message, await runAsync(message));
    }
  }
  return finish(message, null);
}

async function runAsync({ id, code, name, before }) {
  const out = output(id);
  used = true;
  const cells = pyodide.toPy(before ?? []);
  try {
    return { result: plain(await runCellAsync.callKwargs(code, { name, before: cells, open_url: openUrl, write: out.write, starting: (cell) => send({ type: P.CELL, id, cell }), ...input_(id, out) })) };
  } catch (error) {
    return { error };
  } finally {
    cells.destroy();
    out.flush();
  }
}

function finish({ type, id, code, name, before, seconds, challenge }, done) {
  if (type !== P.RUN && type !== P.GRADE) return;
  if (done) {
    if (done.error && done.error?.type !== "KeyboardInterrupt") return fatal("run", done.error);
    return send({ type: P.RESULT, id, result: done.error ? P.STOPPED : done.result, files: holdsLearnerFiles(pyodide) });
  }
  const out = output(id);
  const fresh = !used;
  used = true;
  let result, cells;
  try {
    if (type === P.RUN) {
      cells = pyodide.toPy(before ?? []);
      result = plain(runCell.callKwargs(code, { name, before: cells, open_url: openUrl, write: out.write, starting: (cell) => send({ type: P.CELL, id, cell }), ...input_(id, out) }));
    } else if (!fresh || !grade) {
      result = { checks: [], passed: 0, total: 0, solved: false, output: "",
        error: N_("Could not check: the interpreter had already run other code. Press Check again.") };
    } else {
      const onCheck = (check) => send({ type: P.CHECK, id, check: toPlain(check) });
      const onAlive = () => send({ type: P.ALIVE, id });
      const options = { open_url: openUrl, on_check: onCheck, on_alive: onAlive, challenge };
      if (seconds > 0) options.time_limit = seconds;
      result = plain(grade.callKwargs(code, options));
    }
  } catch (error) {
    if (error?.type !== "KeyboardInterrupt") return fatal("run", error); // the page replaces us
    result = P.STOPPED; // a stop that landed outside the learner's code
  } finally {
    cells?.destroy();
    out.flush();
  }
  send({ type: P.RESULT, id, result, files: holdsLearnerFiles(pyodide) });
}

// Python's writes arrive one by one while Python holds the thread (no timers
// fire). Post each at once while they are few, so text printed just before a
// long computation shows; in a burst, post every 50 ms or 16 KB.
function output(id) {
  let parts = [], size = 0, last = 0, burst = 0;
  const flush = () => {
    if (parts.length) send({ type: P.OUTPUT, id, parts });
    parts = []; size = 0; last = performance.now();
  };
  const write = (stream, text) => {
    const tail = parts.at(-1);
    // A picture or a table is one part of its own: joined, two would be one broken JSON text.
    if (stream === P.DISPLAY) parts.push([P.DISPLAY, text]);
    else if (tail?.[0] === stream) tail[1] += text;
    else parts.push([stream === P.STDERR ? P.STDERR : P.STDOUT, text]);
    size += text.length;
    const now = performance.now();
    if (now - last > 100) burst = 0;
    if (++burst < 100 || size > 16384 || now - last > 50) flush();
  };
  return { write, flush };
}

// input() in a cell. The run blocks this thread in Atomics.wait until the
// page hands over the learner's line (protocol.js, InputBox): no message can
// arrive meanwhile. Where the page is not isolated there is no shared memory
// to wait on, and input() says why, and that reloading the page fixes it.
// The grader never reads here: its stdin is empty.
function inputReader(buffer, interrupt, needsReload) {
  if (!buffer || !interrupt) return () => ({ no_input: needsReload });
  const B = P.InputBox;
  const state = new Int32Array(buffer, 0, 2);
  const bytes = new Uint8Array(buffer, B.HEADER);
  const flag = new Int32Array(interrupt);
  const decoder = new TextDecoder();
  return (id, out) => ({
    read: () => {
      out.flush(); // the question shows before the thread blocks
      Atomics.store(state, B.STATE, B.WAITING);
      send({ type: P.INPUT, id });
      try {
        // A stop notifies; the timeout is only a second chance to see it.
        while (Atomics.load(state, B.STATE) === B.WAITING) {
          Atomics.wait(state, B.STATE, B.WAITING, 100);
          // Taken here, and raised by the runner: a KeyboardInterrupt that
          // crosses from JavaScript (pyodide.checkInterrupt) is also printed.
          if (Atomics.compareExchange(flag, 0, P.SIGINT, 0) === P.SIGINT) return false;
        }
        // undefined, not null: Pyodide hands Python None for it (null is jsnull).
        if (Atomics.load(state, B.STATE) === B.END) return undefined;
        // TextDecoder refuses shared memory: slice() copies into an ordinary buffer.
        return decoder.decode(bytes.slice(0, Math.min(Atomics.load(state, B.LENGTH), B.BYTES)));
      } finally {
        Atomics.store(state, B.STATE, B.IDLE);
      }
    },
  });
}

// time.sleep's wait (see lessonrt.runner.sleep_without_spinning): Atomics.wait
// blocks the thread without using it. In slices, so that a stop is seen within
// 50 ms where the page can ask for one (an isolated page's interrupt buffer);
// the flag is left for the interpreter, which raises KeyboardInterrupt as it
// does in any loop. A page that is not isolated has no SharedArrayBuffer, but a
// shared WebAssembly memory gives one to wait on; an engine that refuses both
// keeps Pyodide's own sleep.
const WAIT_SLICE_MS = 50;

function sleepWaiter(interrupt) {
  let cell;
  try {
    cell = new Int32Array(interrupt ? new SharedArrayBuffer(4)
      : new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer, 0, 1);
    Atomics.wait(cell, 0, 1, 0); // throws where this thread may not block
  } catch {
    return null;
  }
  const flag = interrupt ? new Int32Array(interrupt) : null;
  return (ms) => {
    const end = performance.now() + ms;
    for (;;) {
      if (flag && Atomics.load(flag, 0) !== 0) return true;
      const left = end - performance.now();
      if (!(left > 0)) return false;
      Atomics.wait(cell, 0, 0, Math.min(left, WAIT_SLICE_MS));
    }
  };
}

const toPlain = (proxy) => proxy.toJs({ dict_converter: fromEntries, create_pyproxies: false });
const plain = (proxy) => {
  try { return toPlain(proxy); } finally { proxy.destroy(); }
};

// The page translates these where it shows them (protocol.js N_).
const N_ = (message) => message;

function progress(fields) {
  marks[fields.stage] ??= Math.round(performance.now() - t0);
  send({ type: P.PROGRESS, label: P.STAGES[fields.stage], ...fields });
}

function fatal(stage = "start", error) {
  const message = stage === "version"
    ? P.STALE
    : stage === "download"
    ? N_("The Python interpreter could not be downloaded. Check the connection and press the button again.")
    : stage === "packages"
    ? N_("The packages this lesson uses could not be loaded. Check the connection and press the button again.")
    : N_("Python could not be got ready. Press the button again; if it happens again, reload the page.");
  const detail = describe(error);
  // A run that took the interpreter down: what did it, when the error says, and whether
  // the learner's files went with it, for the page's words (runtime.js, crashed).
  const crash = stage === "run" ? { cause: crashCause(detail), files: holdsLearnerFiles(pyodide) } : {};
  send({ type: P.FATAL, stage, message, detail, ...crash });
}

// Emscripten ends the program with an ExitStatus when Python's os._exit asks it to; a
// call chain deeper than the engine's stack is a RangeError (Chromium) or an
// InternalError (Firefox); a WebAssembly memory that cannot grow aborts with "OOM".
function crashCause(detail) {
  if (/ExitStatus|Program terminated with exit|\bexit\(\d+\)/.test(detail)) return "exit";
  if (/Maximum call stack size exceeded|too much recursion|stack overflow/i.test(detail)) return "stack";
  if (/out of memory|\bOOM\b|Cannot enlarge memory|Array buffer allocation failed/i.test(detail)) return "memory";
  return null;
}

// Whether the cells' code has written any file the interpreter holds: those go with it.
function holdsLearnerFiles(py) {
  try {
    const { FS } = py;
    const any = (dir) => FS.readdir(dir).some((name) => {
      if (name === "." || name === "..") return false;
      const path = `${dir}/${name}`;
      return FS.isDir(FS.lstat(path).mode) ? any(path) : true;
    });
    return P.LEARNER_DIRS.some((dir) => FS.analyzePath(dir).exists && any(dir));
  } catch {
    return false; // an interpreter too broken to say
  }
}

// Chromium's stacks start with the error's name and message; Firefox's do not, and
// some (a failed module import) are empty.
function describe(error) {
  const head = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = typeof error?.stack === "string" ? error.stack : "";
  return stack.startsWith(head) ? stack : [head, stack].filter(Boolean).join("\n");
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// Pyodide fetches and compiles its 9.6 MB module in every worker it starts in:
// about 0.45 s of a core in Firefox and 0.15 s in Chromium each time, and each
// worker then holds compiled code of its own. The page hands every new worker
// the module the first one compiled (READY carries it), and loadPyodide is
// given that one: its fetch of the module is answered with an empty stand-in
// (see watchDownloads) and its WebAssembly.instantiateStreaming, the one call
// it makes with it, instantiates the compiled module instead. Without one, the
// module Pyodide compiles is kept, for the page and for a second load in this
// worker (the one that made a snapshot). `restore` puts the engine's function
// back once Pyodide has loaded.
const MODULE_FILE = "pyodide.asm.wasm";

function compiledModule(given) {
  const original = WebAssembly.instantiateStreaming;
  const standIns = new WeakSet();
  const it = {
    module: given instanceof WebAssembly.Module ? given : null,
    standIn() {
      const response = new Response(new Uint8Array(0), { headers: { "content-type": "application/wasm" } });
      standIns.add(response);
      return response;
    },
    restore: () => { WebAssembly.instantiateStreaming = original; },
  };
  // The instance's memory and its Emscripten resize, which also renews the views
  // Pyodide reads the memory through: see sparseCopies, which grows the memory
  // before a snapshot larger than it is copied in.
  const keep = (result, imports) => {
    it.heap = { memory: result.instance.exports.memory, resize: imports?.env?.emscripten_resize_heap };
    return result;
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (standIns.has(response)) {
      return keep({ module: it.module, instance: await WebAssembly.instantiate(it.module, imports) }, imports);
    }
    const result = await original.call(WebAssembly, response, imports);
    if (response.url.endsWith("/" + MODULE_FILE)) it.module ??= result.module;
    return keep(result, imports);
  };
  return it;
}

// Pyodide restores a memory snapshot by copying all of it into the new
// interpreter's memory, and about half of a snapshot is pages of zeros (most
// of them the untouched part of the 10 MB stack). Writing a page makes the
// system give it real memory, which an untouched page of a fresh WebAssembly
// memory does not have. So while Pyodide loads, a large copy into the whole
// of a buffer leaves out each 4 kB page that is zero on both sides: no byte
// comes out different, and those pages stay untouched. `restore` puts the
// engine's function back.
//
// It also makes room: Pyodide gives a restored interpreter the memory its
// module declares (30 MB) and copies the snapshot in without growing it, so a
// snapshot that outgrew that failed with "offset is out of bounds" and every
// start was a full one (pyodide/pyodide#6254). A copy of more bytes than the
// whole memory holds grows it first, through Emscripten's own resize, which
// renews Pyodide's views of it, and then goes into the grown memory.
const SPARSE_MIN = 1 << 20;
const PAGE = 4096;

function sparseCopies(heapOf) {
  const original = Int8Array.prototype.set; // %TypedArray%.prototype.set, inherited
  const own = Object.hasOwn(Int8Array.prototype, "set");
  const zero = (words, from, to) => {
    for (let i = from; i < to; i++) if (words[i] !== 0) return false;
    return true;
  };
  Int8Array.prototype.set = function set(source, offset = 0) {
    const whole = this.byteOffset === 0 && this.byteLength === this.buffer.byteLength;
    // Bytes into bytes only: from any other kind of array, set() converts values.
    const bytes = source instanceof Uint8Array || source instanceof Int8Array;
    if (!whole || !bytes || source.byteLength < SPARSE_MIN || offset !== 0 || source.byteOffset % 4 !== 0) {
      return original.call(this, source, offset);
    }
    let target = this;
    if (source.byteLength > this.byteLength) {
      const heap = heapOf();
      if (!heap?.resize || heap.memory?.buffer !== this.buffer || !heap.resize(source.byteLength)) {
        return original.call(this, source, offset);
      }
      target = new Int8Array(heap.memory.buffer);
    }
    const from = new Uint32Array(source.buffer, source.byteOffset, source.byteLength >> 2);
    const into = new Uint32Array(target.buffer, 0, source.byteLength >> 2);
    const words = PAGE / 4;
    let start = -1; // the first page of a run still to copy
    const flush = (end) => {
      if (start >= 0) original.call(target, new Int8Array(source.buffer, source.byteOffset + start * PAGE,
        Math.min(end * PAGE, source.byteLength) - start * PAGE), start * PAGE);
      start = -1;
    };
    const pages = Math.ceil(source.byteLength / PAGE);
    for (let page = 0; page < pages; page++) {
      const a = page * words, b = Math.min(a + words, from.length);
      const skip = page < pages - 1 && zero(from, a, b) && zero(into, a, b);
      if (skip) flush(page);
      else if (start < 0) start = page;
    }
    flush(pages);
  };
  return {
    restore: () => {
      if (own) Int8Array.prototype.set = original;
      else delete Int8Array.prototype.set;
    },
  };
}

// Pyodide fetches its wasm and standard library itself. Watch those fetches:
// count the bytes as they arrive, so the page can show how much has (out of
// `sizes`, the build's {file name: bytes}), and notice a failed fetch, which
// Pyodide only logs while its loadPyodide() promise waits for ever.
//
// The standard library is counted as it streams through a stream of our own.
// The module is not: it reaches Pyodide's WebAssembly.instantiateStreaming as
// the browser gave it. Fed a stream built in JavaScript, Firefox's streaming
// compile sometimes takes the first chunk and never asks for the next (a page
// opened while the previous page's interpreter was still starting hung at
// "Descargando" for good, about one time in eight); and Chromium keeps the
// compiled code only for a response that still has its URL. The module counts
// as arrived when Resource Timing says so, or at the latest when Pyodide has
// loaded, which it cannot do without it.
const WATCHED = /\.(wasm|zip)$/; // the module and the standard library: the big two

function watchDownloads(sizes = {}, compiled = null, kept = null) {
  const original = globalThis.fetch;
  // Pyodide fetches all of them at every start, but the module when it is handed over.
  const reused = Boolean(compiled?.module);
  let total = Object.entries(sizes).reduce((sum, [name, bytes]) => sum + (reused && name === MODULE_FILE ? 0 : bytes), 0);
  let loaded = 0, open = 0, shown = 0, reject;
  const failed = new Promise((_, no) => { reject = no; });
  const fail = (error) => { watcher.broken = true; reject(error); };
  failed.catch(() => {});
  // The module's bytes are known only once all of it has arrived (below): on a slow
  // network the count would stand still for most of the download, as if it had hung.
  // Until it arrives, its share is estimated from the rate the counted stream came in
  // at, and never past 95 % of its size, so the figure keeps moving and never goes back.
  const pending = new Set(); // {asked, size} of a module still on its way
  let streamed = 0, firstByte = 0, lastByte = 0, ticker = 0;
  const estimate = () => {
    const rate = lastByte > firstByte ? streamed / (lastByte - firstByte) : 0;
    const now = performance.now();
    let sum = 0;
    for (const { asked, size } of pending) sum += Math.min(0.95 * size, rate * (now - asked));
    return Math.floor(sum);
  };
  const report = () => {
    shown = performance.now();
    progress({ stage: "download", loaded: loaded + estimate(), total });
  };
  const tick = () => {
    if (!pending.size) {
      clearInterval(ticker);
      ticker = 0;
    } else if (performance.now() - shown > 250) report();
  };
  const finished = () => {
    report();
    if (--open === 0) progress({ stage: "start" });
  };
  const arrivals = resourceArrivals();
  globalThis.fetch = async (...args) => {
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);
    if (compiled?.module && url.endsWith("/" + MODULE_FILE)) return compiled.standIn();
    const asked = performance.now();
    const copy = WATCHED.test(url) ? await keptCopy(kept, url) : null;
    // From the network, the module is on its way from the moment it is asked for: the
    // download is not over (nor Python starting) until it has arrived.
    const waiting = !copy && /\.wasm$/.test(url)
      ? { asked, size: sizes[new URL(url, location.href).pathname.split("/").pop()] || 0 }
      : null;
    if (waiting) {
      open += 1;
      pending.add(waiting);
      ticker ||= setInterval(tick, 250);
    }
    const response = copy ?? await original(...args).catch((error) => { fail(error); throw error; });
    if (!response.ok) fail(new Error(`${response.url}: HTTP ${response.status}`));
    if (!response.ok || !WATCHED.test(response.url)) return response;
    const known = sizes[new URL(response.url).pathname.split("/").pop()];
    const length = Number(response.headers.get("content-length"));
    if (!known && length && !response.headers.get("content-encoding")) total += length;
    if (waiting) {
      waiting.size ||= length;
      arrivals.wait(response.url, asked).then((bytes) => {
        pending.delete(waiting);
        loaded += known || bytes;
        finished();
      });
      return response;
    }
    open += 1;
    if (response.url.endsWith(".wasm")) {
      // A kept copy is on this machine already: it has arrived. (Nor does
      // Resource Timing list what no request fetched.)
      loaded += known || length;
      finished();
      return response;
    }
    const counted = (bytes) => {
      if (copy) return; // from this machine: says nothing of the network's rate
      const now = performance.now();
      if (!streamed) firstByte = asked;
      streamed += bytes;
      lastByte = now;
    };
    const owned = await ownedBody(response, !copy, (bytes) => {
      counted(bytes);
      loaded += bytes;
      if (performance.now() - shown > 100) report();
    }).catch((error) => { fail(error); throw error; });
    if (owned) {
      finished();
      const { status, statusText, headers } = response;
      const stand = new Response(null, { status, statusText, headers });
      Object.defineProperty(stand, "arrayBuffer", { value: async () => owned });
      return stand;
    }
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(stream) {
        try {
          const { done, value } = await arriving(reader, reader.read());
          if (done) {
            finished();
            return stream.close();
          }
          counted(value.byteLength);
          loaded += value.byteLength;
          if (performance.now() - shown > 100) report();
          stream.enqueue(value);
        } catch (error) { fail(error); stream.error(error); }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  };
  const watcher = {
    failed, broken: false,
    // Called once Pyodide has loaded (or failed to): what it waited for has arrived.
    stop: () => {
      globalThis.fetch = original;
      arrivals.stop();
      pending.clear();
      clearInterval(ticker);
    },
  };
  return watcher;
}

// A body that stops arriving while its connection stays open would leave the
// page at "Descargando" for good (nothing times out a read): a read that brings
// nothing for this long fails the start instead, which the page explains, and
// the learner's next click starts again. Long enough for a phone's network to
// come back from a handover or a tunnel.
const STALL_MS = 30_000;

function arriving(reader, read) {
  let timer;
  const stalled = new Promise((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no bytes for ${STALL_MS / 1000} s`));
      reader.cancel().catch(() => {});
    }, STALL_MS);
  });
  return Promise.race([read, stalled]).finally(() => clearTimeout(timer));
}

// Pyodide reads the standard library's zip (9.7 MB, stored uncompressed) with
// arrayBuffer() and copies it into its file system. Read as the engine hands it
// over, the body is left as one large garbage buffer that an idle worker may keep
// for a long time: so it is copied into a growable buffer only this worker holds,
// which letGoOwned empties once Pyodide's file system holds a copy of its own.
// From the network it comes through one small buffer (a "byob" reader); from
// Cache Storage, in the pieces the engine reads: a byob read of a cached body
// now and then never resolved in a spare interpreter (Chromium 156), leaving
// the page at "Descargando" for good. null where the engine has no such reader
// or buffer; the body is then left unread.
const OWNED_MAX = 64 << 20;
const ownedBodies = [];

async function ownedBody(response, byob, progress) {
  let reader;
  try {
    reader = response.body.getReader(byob ? { mode: "byob" } : undefined);
  } catch {
    return null;
  }
  let buffer;
  try {
    buffer = new ArrayBuffer(0, { maxByteLength: OWNED_MAX });
  } catch { /* below */ }
  if (!buffer?.resizable) {
    reader.releaseLock();
    return null;
  }
  let view = byob ? new Uint8Array(new ArrayBuffer(1 << 20)) : undefined;
  for (;;) {
    const { done, value } = await arriving(reader, reader.read(view));
    if (done) break;
    const at = buffer.byteLength;
    buffer.resize(at + value.byteLength);
    new Uint8Array(buffer, at).set(value);
    progress(value.byteLength);
    if (byob) view = new Uint8Array(value.buffer);
  }
  ownedBodies.push(buffer);
  return buffer;
}

function letGoOwned(py) {
  let kept = [];
  try {
    kept = py.FS.readdir("/lib").filter((name) => name.endsWith(".zip"))
      .map((name) => py.FS.lookupPath(`/lib/${name}`).node.contents?.buffer);
  } catch {
    return; // not the file system this was written for: leave the buffers be
  }
  for (const buffer of ownedBodies.splice(0)) if (!kept.includes(buffer)) letGo(new Uint8Array(buffer));
}

// Pyodide's module and standard library as the service worker keeps them
// (sw.js), read from Cache Storage here rather than through the service
// worker. Served by its fetch handler, the module's 9.6 MB went through the
// service worker's own memory, where they stayed as garbage until it next
// collected: in Chromium, an idle tab 12 s after a run held 15 to 20 MB more.
// A Cache Storage response keeps its URL, so Chromium still finds the compiled
// module it keeps with the entry.
// The standard library's zip comes the same way, for the same reason: through
// the service worker, its 9.7 MB cost the idle tab another 12 to 16 MB. Null where
// there is no copy (a first visit, no service worker) or no Cache Storage
// (Firefox's private windows): then the request goes as before.
async function keptCopy(kept, url) {
  if (!kept || !(await kept.there)) return null;
  try {
    const response = await siteCaches.match(url, { cacheName: kept.cacheName });
    return response?.ok ? response : null;
  } catch {
    return null;
  }
}

// Asked once, as the worker starts: whether there is a copy at all. Looking
// for each file just before its request put 5 to 55 ms of Cache Storage in
// front of the module's download on a first visit, where there is none.
function keptFiles(cacheName) {
  let there = Promise.resolve(false);
  try {
    // Where Cache Storage is refused, there is no siteCaches. And has() and
    // match() with a cacheName, unlike open(), never make an empty cache.
    if (cacheName && siteCaches) there = siteCaches.has(cacheName).catch(() => false);
  } catch { /* refused: there is no copy to find */ }
  return { cacheName, there };
}

// Resource Timing's word that a fetch's body has all arrived: wait(url, since)
// resolves with its decoded size once an entry for `url` that began at or after
// `since` is recorded. stop() reads what was recorded and resolves the rest
// with 0: a browser may record an entry late, or not at all.
function resourceArrivals() {
  const waiting = [];
  const settle = (entries) => {
    for (const entry of entries) {
      const index = waiting.findIndex((w) => w.url === entry.name && entry.startTime >= w.since - 1);
      if (index >= 0) waiting.splice(index, 1)[0].resolve(entry.decodedBodySize || entry.encodedBodySize || 0);
    }
  };
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => settle(list.getEntries()));
    observer.observe({ type: "resource", buffered: true });
  } catch { /* no Resource Timing here */ }
  return {
    wait: (url, since) => new Promise((resolve) => { waiting.push({ url, since, resolve }); }),
    stop: () => {
      if (observer) {
        settle([...observer.takeRecords(), ...resourceEntries()]);
        observer.disconnect();
      }
      for (const { resolve } of waiting.splice(0)) resolve(0);
    },
  };
}

// A buffer handed to a Web API (crypto.subtle.digest, a Blob, a body read by
// response.arrayBuffer()) stays alive as long as the browser's own hold on it,
// whatever the worker does with it afterwards: in Chromium a snapshot's digest
// kept all 31 MB of the snapshot in every interpreter that had loaded it, long
// after letGo. So a snapshot reaches those APIs only in pieces copied into one
// small buffer, which is all they can keep.
const PIECE = 4 << 20;

function throughPieces(bytes, take) {
  const piece = new Uint8Array(Math.min(PIECE, bytes.byteLength));
  for (let at = 0; at < bytes.byteLength; at += PIECE) {
    const part = bytes.subarray(at, at + PIECE);
    piece.set(part);
    take(piece.subarray(0, part.byteLength)); // copies at once (WebCrypto and Blob both do)
  }
}

// The snapshot's digest: SHA-256 of the SHA-256 of each 4 MiB piece in order,
// in hexadecimal. Every piece's digest is asked for before the first await, so
// the bytes may be let go as soon as this returns its promise.
function snapshotDigest(bytes) {
  const parts = [];
  throughPieces(bytes, (piece) => parts.push(subtleDigest("SHA-256", piece)));
  return Promise.all(parts).then(async (digests) => {
    const joined = new Uint8Array(digests.length * 32);
    digests.forEach((digest, i) => joined.set(new Uint8Array(digest), i * 32));
    const digest = new Uint8Array(await subtleDigest("SHA-256", joined));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  });
}

// The whole body of a saved snapshot, in a buffer that only this worker holds,
// so that letGo frees it. Read through one small buffer where the engine can
// (a "byob" reader); where it cannot, the body as the engine hands it over.
async function bodyBytes(response, length) {
  let reader;
  try {
    reader = response.body.getReader({ mode: "byob" });
  } catch {
    return new Uint8Array(await response.arrayBuffer());
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  let view = new Uint8Array(new ArrayBuffer(Math.min(PIECE, Math.max(length, 1))));
  for (;;) {
    const { done, value } = await reader.read(view);
    if (done) break;
    // A longer body than its header says: cut short below, in the same words.
    if (at + value.byteLength > length) return new Uint8Array(at + value.byteLength);
    bytes.set(value, at);
    at += value.byteLength;
    view = new Uint8Array(value.buffer); // the reader hands the buffer back: read into it again
  }
  return at === length ? bytes : bytes.subarray(0, at);
}
