// Mounting a page's parts (its widget, each cell's text box, the quiz, the challenge)
// took one task of 160 to 360 ms with the CPU four times slower, as on a mid-range
// phone: the page's longest. Each part now ends its task with nextTask(), so a frame or
// the learner's click can come in between.

/** A promise that settles in a later task. scheduler.yield() lets the page's own next
 * step go before other queued work where the browser has it; elsewhere a zero timer.
 * Both keep order: steps queued earlier resume earlier, which widgets.js and main.js
 * rely on (every widget is mounted before main.js marks the page ready). */
export function nextTask() {
  if (typeof globalThis.scheduler?.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
