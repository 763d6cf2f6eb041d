// The page side of a widget kind. Each kind (web/widgets/<kind>/) is a bundle of its
// own that only the pages using it load, so it cannot be one of main.js's features:
// its script calls defineWidget with its mount function instead. The pages list the
// widgets' scripts before main.js, and module scripts run in document order, so every
// widget is mounted before main.js marks the page ready (when pause() ends a task, the
// steps queued first resume first: tasks.js).

import { pause } from "./tasks.js";

function lessonData() {
  const block = document.getElementById("lesson-data");
  return block ? JSON.parse(block.textContent) : null;
}

// As in main.js: a failing widget must not fail silently, nor take the page down.
function report(error) {
  if (typeof globalThis.reportError === "function") globalThis.reportError(error);
  else setTimeout(() => { throw error; });
}

/** Mount `kind` on every element of the page that carries data-widget="<kind>" (its
 * skeleton, web/widgets/<kind>/widget.html). `mount(element, ctx)` gets in ctx.data
 * what the kind's build-time hook (data.py) computed for this lesson, null without one,
 * and in ctx.lesson the whole lesson data. */
export async function defineWidget(kind, mount) {
  await pause();
  const sections = document.querySelectorAll(`[data-widget="${CSS.escape(kind)}"]`);
  if (!sections.length) return;
  const lesson = lessonData();
  for (const section of sections) {
    try {
      mount(section, { data: lesson?.widget ?? null, lesson });
    } catch (error) {
      report(error);
    }
  }
}
