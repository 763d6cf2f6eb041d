// Entry point of every page: reads the lesson data and hands each region of the
// page to the module that owns it, with one shared context. Python is not started
// here: the runtime is created the first time a feature asks for ctx.runtime.
// Widgets are not among the features: each kind is a bundle of its own that mounts
// itself (widgets.js), only on the pages that use it.
import { createRuntime } from "./runtime.js";
import { createStorage } from "./storage.js";
import { startOffline } from "./offline.js";
import { mount as mountCell } from "./cell.js";
import { quietUntil } from "./code-box.js";
import { mount as mountQuiz } from "./quiz.js";
import { mount as mountChallenge } from "./challenge.js";
import { pause } from "./tasks.js";

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
    "Este navegador no deja guardar datos de la página: tu código y tus respuestas " +
    "se perderán al recargarla.";
  main?.prepend(note);
}

// Start Python as soon as the learner moves into a cell or the challenge (a
// click in an editor, Tab onto a button), not at their first Ejecutar: the
// start then overlaps their typing. Not on a connection that asks to save
// data or is slow: there the 5 MB wait for a run the learner asked for.
function startEarly(ctx) {
  const connection = navigator.connection;
  if (connection?.saveData || /2g$/.test(connection?.effectiveType ?? "")) return;
  const early = [
    ["section.cell[data-cell]", () => ctx.runtime.ready.catch(() => {})], // a failed start shows at Ejecutar
    ["section.challenge[data-challenge]", () => ctx.runtime.prepareGrade()],
  ];
  for (const [selector, go] of early) {
    const sections = [...document.querySelectorAll(selector)];
    const once = () => {
      for (const section of sections) section.removeEventListener("focusin", once);
      go();
    };
    for (const section of sections) section.addEventListener("focusin", once);
  }
}

async function start() {
  const root = document.documentElement;
  await pause();
  const data = lessonData();
  if (data) {
    const storage = createStorage(data.course, data.lesson);
    const siteRoot = new URL(meta("site-root") ?? "./", document.baseURI).href;
    const offline = startOffline(siteRoot);
    let runtime = null;
    const ctx = {
      data,
      storage,
      get runtime() {
        if (!runtime) offline.pythonStarting();
        runtime ??= createRuntime({
          root: siteRoot,
          pyodidePath: meta("pyodide-path"),
          workerUrl: new URL(meta("worker-script"), siteRoot),
          onStarted: () => offline.keepPython(),
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
    startEarly(ctx);
  }
  // Tests and tools wait on this instead of guessing when the page is usable.
  root.dataset.lessonReady = "true";
}

start().catch(report);
