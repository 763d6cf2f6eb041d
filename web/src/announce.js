// What a screen reader says of the page's work, in one place. The status lines under the
// cells and the challenge show every step («Descargando Python… 40 %», «Python está
// listo.») but are not read out: a listener hears a step only when it needs them, here,
// once: a run's end with how much it printed, an error's one line, a question waiting in
// input(), a verdict. The region is the page's, out of sight, polite and read whole.

import { t, tn } from "./i18n.js";

let region = null;
let pending = 0;

function regionOnPage() {
  if (region?.isConnected) return region;
  region = document.createElement("div");
  region.className = "announcer";
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  document.body.append(region);
  return region;
}

/** Say `text` once. The same words said again (a second run that printed as much) are
 * read again too: the region is emptied first and filled a moment later, as screen
 * readers only speak a change. */
export function announce(text) {
  const box = regionOnPage();
  clearTimeout(pending);
  if (box.textContent === text) {
    box.textContent = "";
    pending = setTimeout(() => (box.textContent = text), 100);
  } else {
    box.textContent = text;
  }
}

/** How a run ended, in a few words: how many lines it printed, or the last line of its
 * traceback (the error's kind and message), the line of the code it cites and what the
 * error means (lessonrt.explain), when the runtime knows. */
export function runSummary({ lines, error, line, explanation }) {
  if (error) {
    const last = exceptionLine(error);
    const said = line ? t("Error on line {line}: {error}", { line, error: last }) : t("Error: {error}", { error: last });
    return explanation ? `${said} ${explanation}` : said;
  }
  return lines === 0 ? t("Finished, no output.")
    : tn("Finished: {n} line of output.", "Finished: {n} lines of output.", lines);
}

/** The line of a traceback that names the exception: the first unindented line after its
 * last frame, not the last line of a message that runs over several. */
function exceptionLine(traceback) {
  const lines = traceback.trimEnd().split("\n");
  let frame = -1;
  lines.forEach((text, i) => {
    if (/^\s+File "/.test(text)) frame = i;
  });
  const after = lines.slice(frame + 1).find((text) => text && !/^\s/.test(text));
  return (after ?? lines[lines.length - 1]).trim();
}

/** The line of `file` a traceback ends in (its innermost frame in that file), or null. */
export function errorLine(traceback, file = null) {
  let found = null;
  for (const m of traceback.matchAll(/File "([^"]*)", line (\d+)/g)) {
    if (file === null || m[1] === file) found = Number(m[2]);
  }
  return found;
}
