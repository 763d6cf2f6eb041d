// Entry point of every page: reads the lesson data and hands each region of the
// page to the module that owns it, with one shared context. Python is not started
// here: the runtime is created the first time a feature asks for ctx.runtime.
// Widgets are not among the features: each kind is a bundle of its own that mounts
// itself (widgets.js), only on the pages that use it.
import { createRuntime, pythonKept } from "./runtime.js";
import { WORTH_TRACE, createStorage } from "./storage.js";
import { savesData, startOffline } from "./offline.js";
import { watchUpdates } from "./update.js";
import { mount as mountCell } from "./cell.js";
import { quietUntil } from "./code-box.js";
import { mount as mountQuiz } from "./quiz.js";
import { mount as mountChallenge } from "./challenge.js";
import { pause } from "./tasks.js";
import { t } from "./i18n.js";

const FEATURES = [
  ["section.cell[data-cell]", mountCell],
  ["section.quiz", mountQuiz],
  ["section.challenge[data-challenge]", mountChallenge],
];

function meta(name) {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? null;
}

function lessonData() {
  const block = document.getElementById("lesson-data");
  return block ? JSON.parse(block.textContent) : null;
}

// A failing feature must not take the others down, yet must not fail silently:
// reportError surfaces it like any uncaught error (console, error listeners, tests).
function report(error) {
  if (typeof globalThis.reportError === "function") globalThis.reportError(error);
  else setTimeout(() => { throw error; });
}

function storageNote(main) {
  const note = document.createElement("p");
  note.className = "storage-note";
  note.setAttribute("role", "note");
  note.textContent =
    t("This browser does not let the page keep data: your code and your answers " +
    "will be lost when you reload it.");
  main?.prepend(note);
}

// Storage that fills up during the visit: say so while a change is not kept, and take
// the words back once every change is kept again (the storage retries at each save).
function fullStorageNote(main, storage) {
  let note = null; // made at the first write that fails: a page whose storage works has none
  storage.onKept((kept) => {
    if (!note && kept) return;
    if (!note) {
      note = document.createElement("p");
      note.className = "storage-note";
      note.setAttribute("role", "status");
      main?.prepend(note);
    }
    note.hidden = kept;
    note.textContent = kept ? "" :
      t("This browser has run out of room to keep your work: your last change will be lost " +
        "if you reload the page. Every save tries again.");
  });
}

// Start Python when the learner heads for it, not at their first Ejecutar: the
// download then overlaps their reading. That is when a cell or the challenge
// comes into view (or focus moves into one, a click in an editor or Tab onto a
// button, for whoever gets there without scrolling). Never before the page has
// painted its text, nor in a tab that is not shown (no frames run there). Not
// on a connection that asks to save data or is 2G: there the 5 MB wait for a
// run the learner asked for.
const HEADED_FOR = ["section.cell[data-cell]", "section.challenge[data-challenge]"];

function startEarly(ctx) {
  if (savesData()) return;
  const start = () => ctx.runtime.ready.catch(() => {}); // a failed start shows at Ejecutar
  const early = [
    [HEADED_FOR[0], start],
    [HEADED_FOR[1], () => ctx.runtime.prepareGrade()],
  ];
  for (const [selector, go] of early) {
    const sections = [...document.querySelectorAll(selector)];
    const once = () => {
      for (const section of sections) section.removeEventListener("focusin", once);
      go();
    };
    for (const section of sections) section.addEventListener("focusin", once);
  }
  const sections = document.querySelectorAll(HEADED_FOR.join(", "));
  if (!sections.length || typeof IntersectionObserver !== "function") return;
  afterPaint(() => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    });
    for (const section of sections) observer.observe(section);
  });
}

// A frame's callbacks run before it paints; a task queued from one runs after.
function afterPaint(then) {
  requestAnimationFrame(() => setTimeout(then));
}

// The cells' interpreter's first start, as it goes (see runtime.js,
// onStartProgress): cells show it while the learner has run nothing yet.
function startWatch() {
  const listeners = [];
  let done = false;
  return {
    listen: (listener) => listeners.push(listener),
    tell(progress) {
      if (done) return; // later starts (after a crash, a hidden tab) belong to a run
      done = progress.stage === "ready";
      for (const listener of listeners) listener(progress);
    },
  };
}

async function start() {
  const root = document.documentElement;
  await pause();
  const data = lessonData();
  if (data) {
    const storage = createStorage(data.course, data.lesson);
    // For the course's page: the learner has opened this lesson (courses.js).
    const now = new Date().toISOString();
    storage.set("visited", { first: storage.get("visited")?.first ?? now, last: now }, WORTH_TRACE);
    const siteRoot = new URL(meta("site-root") ?? "./", document.baseURI).href;
    const offline = startOffline(siteRoot);
    const updates = watchUpdates(siteRoot, offline.registered);
    let runtime = null;
    const starting = startWatch();
    const ctx = {
      data,
      storage,
      onPythonStart: starting.listen,
      pythonKept: pythonKept(),
      get runtime() {
        if (!runtime) offline.pythonStarting();
        runtime ??= createRuntime({
          root: siteRoot,
          pyodidePath: meta("pyodide-path"),
          workerUrl: new URL(meta("worker-script"), siteRoot),
          version: meta("site-version"),
          onStale: updates.stale,
          onStarted: () => offline.keepPython(),
          onStartProgress: starting.tell,
          busyWith: quietUntil,
        });
        return runtime;
      },
    };
    for (const [selector, mount] of FEATURES) {
      for (const element of document.querySelectorAll(selector)) {
        await pause();
        try {
          mount(element, ctx);
        } catch (error) {
          report(error);
        }
      }
    }
    if (!storage.persistent) storageNote(document.querySelector("main"));
    else fullStorageNote(document.querySelector("main"), storage);
    startEarly(ctx);
  }
  // Tests and tools wait on this instead of guessing when the page is usable.
  root.dataset.lessonReady = "true";
}

start().catch(report);
