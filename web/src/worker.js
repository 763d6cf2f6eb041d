// The Python side of the page: Pyodide plus the lesson runtime (py/lessonrt).
// Thin on purpose: all lesson logic is Python and crosses as plain objects.
// The message contract is web/src/protocol.js.
import * as P from "./protocol.js";

let port = null;
let pyodide, runCell, grade, openUrl;

self.addEventListener("message", (event) => {
  if (event.data?.type !== P.INIT || port) return; // one init; learner code can't re-init
  port = event.data.port;
  const started = start(event.data);
  port.onmessage = (e) => started.then(() => handle(e.data), () => {});
  started.then(
    (ms) => port.postMessage({ type: P.READY, ms }),
    (error) => fatal(error.stage ?? "start", error),
  );
});

async function start({ root, pyodide: indexURL, interrupt }) {
  const t0 = performance.now();
  const stage = async (name, work) => {
    progress({ stage: name });
    try { return await work(); } catch (error) { throw Object.assign(error, { stage: name }); }
  };
  pyodide = await stage("download", async () => {
    const { loadPyodide } = await import(/* @vite-ignore */ indexURL + "pyodide.mjs");
    const uncount = countDownloads();
    try {
      return await loadPyodide({ indexURL, stdout: console.log, stderr: console.warn });
    } finally { uncount(); }
  });
  if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
  await stage("runtime", async () => {
    const base = new URL(P.RUNTIME_PATH, root);
    const manifest = await (await fetchOk(new URL("manifest.json", base))).json();
    const files = Array.isArray(manifest) ? manifest : manifest.files;
    const texts = await Promise.all(files.map(async (f) => (await fetchOk(new URL(f, base))).text()));
    pyodide.FS.mkdirTree("/lessonrt/lessonrt");
    files.forEach((f, i) => pyodide.FS.writeFile("/lessonrt/lessonrt/" + f, texts[i]));
    pyodide.runPython("import sys; sys.path.insert(0, '/lessonrt')");
    const runner = pyodide.pyimport("lessonrt.runner");
    // Taken now, before any learner code runs and could replace them.
    runCell = runner.run_cell;
    openUrl = runner.browser_open_url(root);
    grade = pyodide.pyimport("lessonrt.grader").grade;
  });
  return Math.round(performance.now() - t0);
}

function handle({ type, id, code, name, before }) {
  const out = output(id);
  let result, args;
  try {
    if (type === P.RUN) {
      args = pyodide.toPy(before ?? []);
      result = plain(runCell.callKwargs(code, { name, before: args, open_url: openUrl, write: out.write }));
    } else if (type === P.GRADE) {
      result = plain(grade.callKwargs(code, { open_url: openUrl }));
    } else return;
  } catch (error) {
    out.flush();
    if (error?.type === "KeyboardInterrupt") result = P.STOPPED;
    else return fatal("run", error); // the interpreter itself failed: the page replaces us
  } finally { args?.destroy(); }
  out.flush();
  port.postMessage({ type: P.RESULT, id, result });
}

// Python's writes arrive one by one, while Python holds the thread (so no
// timers). Post each at once while they are few, so text printed just before a
// long computation is seen; once they come in a burst, post every 50 ms.
function output(id) {
  let parts = [], size = 0, last = 0, burst = 0;
  const flush = () => {
    if (parts.length) port.postMessage({ type: P.OUTPUT, id, parts });
    parts = []; size = 0; last = performance.now();
  };
  const write = (stream, text) => {
    const tail = parts[parts.length - 1];
    if (tail?.[0] === stream) tail[1] += text;
    else parts.push([stream === P.STDERR ? P.STDERR : P.STDOUT, text]);
    size += text.length;
    const now = performance.now();
    if (now - last > 100) burst = 0;
    if (++burst < 100 || size > 16384 || now - last > 50) flush();
  };
  return { write, flush };
}

function plain(proxy) {
  try { return proxy.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false }); }
  finally { proxy.destroy(); }
}

function progress(fields) {
  port.postMessage({ type: P.PROGRESS, label: P.STAGES[fields.stage], ...fields });
}

function fatal(stage, error) {
  const offline = stage === "download" || error instanceof TypeError;
  const message = stage === "run"
    ? "El intérprete de Python se ha detenido por un error interno (quizá falta de memoria)."
    : offline ? "No se pudo descargar el intérprete de Python. Comprueba la conexión y vuelve a intentarlo."
    : "No se pudo preparar Python para esta lección.";
  port.postMessage({ type: P.FATAL, stage, message, detail: String(error?.stack ?? error) });
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// Pyodide fetches its wasm and stdlib itself; count their bytes as they stream
// through, so the page can show real download progress.
function countDownloads() {
  const original = globalThis.fetch;
  let loaded = 0, total = 0, open = 0, lastPost = 0, wasm = false;
  const report = (force) => {
    const now = performance.now();
    if (force || now - lastPost > 100) { lastPost = now; progress({ stage: "download", loaded, total }); }
  };
  globalThis.fetch = async (...args) => {
    const response = await original(...args);
    if (!response.body || !response.ok) return response;
    const length = Number(response.headers.get("content-length"));
    if (length && !response.headers.get("content-encoding")) total += length;
    open += 1;
    wasm ||= response.url.endsWith(".wasm");
    const counter = new TransformStream({
      transform(chunk, control) { loaded += chunk.byteLength; report(false); control.enqueue(chunk); },
      flush() { report(true); if (--open === 0 && wasm) progress({ stage: "start" }); },
    });
    const { status, statusText, headers } = response;
    return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
  };
  return () => { globalThis.fetch = original; };
}
