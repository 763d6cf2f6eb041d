// Mounting a page's parts (its widget, each cell's text box, the quiz, the challenge)
// took one task of 160 to 360 ms with the CPU four times slower, as on a mid-range
// phone: the page's longest. The parts now call pause() before each, which ends the
// task once it has run SLICE_MS, so a frame or the learner's click can come in between.
// Each pause lets the browser draw a frame first, which on a first visit is the rest of
// the lesson's layout: at full speed the parts fit in one or two slices, so the page is
// not ready later than it has to be.
const SLICE_MS = 40;
// main.js and each widget kind are bundles of their own, each with its own copy of this
// module: the slice's start is kept where all of them see it.
const SLICE = Symbol.for("lessonrt.sliceStart");

/** A promise that settles in a later task. scheduler.yield() lets the page's own next
 * step go before other queued work where the browser has it; elsewhere a zero timer.
 * Both keep order: steps queued earlier resume earlier, which widgets.js and main.js
 * rely on (every widget is mounted before main.js marks the page ready). */
function nextTask() {
  if (typeof globalThis.scheduler?.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves at once while this slice of work is short, else in a later task. */
export async function pause() {
  const now = performance.now();
  globalThis[SLICE] ??= now;
  if (now - globalThis[SLICE] < SLICE_MS) return;
  await nextTask();
  globalThis[SLICE] = performance.now();
}
