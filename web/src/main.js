// Entry point of every page: reads the lesson data and hands each region of the
// page to the module that owns it, with one shared context. Python is not started
// here: the runtime is created the first time a feature asks for ctx.runtime.
import "./csp-styles.js"; // first: before any editor puts its styles on the page
import { createRuntime } from "./runtime.js";
import { createStorage } from "./storage.js";
import { mount as mountCell } from "./cell.js";
import { mount as mountWidget } from "./widget.js";
import { mount as mountQuiz } from "./quiz.js";
import { mount as mountChallenge } from "./challenge.js";

const FEATURES = [
  ["section.widget", mountWidget],
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

function start() {
  const root = document.documentElement;
  root.classList.add("js");
  const data = lessonData();
  if (data) {
    const storage = createStorage(data.course, data.lesson);
    let runtime = null;
    const ctx = {
      data,
      storage,
      get runtime() {
        runtime ??= createRuntime({
          root: meta("site-root") ?? "./",
          pyodidePath: meta("pyodide-path"),
          workerUrl: new URL("./worker.js", import.meta.url),
        });
        return runtime;
      },
    };
    for (const [selector, mount] of FEATURES) {
      for (const element of document.querySelectorAll(selector)) {
        try {
          mount(element, ctx);
        } catch (error) {
          report(error);
        }
      }
    }
    if (!storage.persistent) storageNote(document.querySelector("main"));
  }
  // Tests and tools wait on this instead of guessing when the page is usable.
  root.dataset.lessonReady = "true";
}

start();
