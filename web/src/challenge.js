// The challenge: the learner writes the challenge's function in an editor that keeps their
// code, presses Comprobar, and reads each check as the grader decides it. The
// verdict comes only from the grader's reply over the runtime's private
// channel; nothing the learner's code prints reaches this list.
import { announce } from "./announce.js";
import { createOutput, showRun } from "./cell.js";
import { createCodeBox } from "./code-box.js";
import { createHelp } from "./challenge-help.js";
import { pythonLoaded } from "./dom.js";
import { createRestore } from "./restore.js";
import { WORTH_CODE, WORTH_TRACE, keepCode } from "./storage.js";
import { stageLabel } from "./protocol.js";
import { t, tn } from "./i18n.js";

const CODE = "code:desafio";
const VERDICT = "challenge"; // {solved, passed, total} of the last Comprobar
const PASSED_CODE = "code:passed"; // the code of the last Comprobar that solved it: kept whatever comes after

/** @param {HTMLElement} section  <section class="challenge" aria-label="Desafío" data-challenge> */
export function mount(section, ctx) {
  const original = ctx.data.challenge.code;
  const $ = (selector) => section.querySelector(selector);
  const checkButton = $('[data-action="check"]');
  const tryButton = $('[data-action="try"]');
  const stopButton = $('[data-action="stop"]');
  const resetButton = $('[data-action="reset"]');
  const summary = $(".challenge-summary");
  const list = $(".challenge-checks");
  const downloadNote = $(".download-note"); // «unos 15 MB»: true only until Python has started
  downloadNote.hidden = Boolean(ctx.pythonKept);
  const banner = section.insertBefore(document.createElement("p"), summary);
  banner.className = "challenge-solved";
  banner.hidden = true;
  // Once solved, the code that passed can always come back, whatever the editor holds now.
  const recover = section.insertBefore(document.createElement("p"), summary);
  recover.className = "challenge-recover";
  recover.append(t("You already passed this challenge in this browser."), " ");
  const recoverButton = recover.appendChild(document.createElement("button"));
  recoverButton.type = "button";
  recoverButton.textContent = t("Recover the code that passed");
  recover.hidden = true;
  // A report speaks of the code it graded: once the learner changes that code, its ✓ and ✗
  // would seem to speak of the code on screen (a solved challenge's green marks under code
  // a slip of the keyboard had broken).
  const stale = document.createElement("p");
  summary.before(stale); // read before the count it qualifies
  stale.className = "challenge-stale";
  stale.textContent = t("This report is about an earlier version of your code: press Check to grade the one you have now.");
  stale.hidden = true;
  let graded = null; // the code the report on show graded
  const markStale = (code) => {
    stale.hidden = !list.childElementCount || typeof graded !== "string" || code === graded;
  };
  let checking = false;
  let trying = null; // the promise of a Probar in progress
  const say = (text) => {
    if (summary.textContent !== text) summary.textContent = text;
  };
  // Probar speaks on its own line, above what it printed: the last Comprobar's summary
  // and its failing case stay in view while the learner tries a fix by hand.
  const tryStatus = $(".challenge-try-status");
  const sayTry = (text) => {
    if (tryStatus.textContent !== text) tryStatus.textContent = text;
  };

  let restore = null; // Restaurar and Deshacer, once the box exists
  const saved = ctx.storage.get(CODE);
  const save = keepCode(ctx.storage, CODE, original);
  const editor = createCodeBox({
    pre: $(".cell-code"),
    original,
    doc: typeof saved === "string" ? saved : original,
    label: t("Challenge code"),
    onRun: check,
    onChange: (code) => {
      save(code);
      restore?.edited(code);
      offerRecover(code);
      markStale(code);
    },
  });
  restore = createRestore({ resetButton, editor, storage: ctx.storage, what: CODE, original, save,
    say, restored: forgetReport });

  const help = createHelp(section, ctx, () => editor.getCode());

  // The last grade's report comes back with the page: a learner who reloads in the middle
  // of fixing a failed check still has what it said.
  const last = ctx.storage.get(VERDICT);
  if (last?.total) {
    say(summaryText(last.passed, last.total));
    showSolved(last.solved);
    renderReport(list, typeof last.error === "string" ? last.error : "", Array.isArray(last.checks) ? last.checks : []);
    graded = typeof last.code === "string" ? last.code : null;
    markStale(editor.getCode());
  }

  checkButton.addEventListener("click", check);
  // After Restaurar (restore.js), the passing code is offered again if it differs.
  resetButton.addEventListener("click", () => offerRecover(editor.getCode()));
  recoverButton.addEventListener("click", () => {
    const passed = ctx.storage.get(PASSED_CODE);
    if (typeof passed !== "string") return;
    editor.setCode(passed);
    save(passed);
    say(t("The code that passed is back."));
    // The button goes away with the difference it offered to undo.
    offerRecover(passed);
    checkButton.focus();
  });
  offerRecover(editor.getCode());

  // The last grade's report spoke of the code Restaurar has just put away: its ✓ and ✗
  // beside the starting code would say the starting code passed. It goes (a solve stays
  // counted: the course page and the offer of the passing code keep it).
  function forgetReport() {
    list.replaceChildren();
    markStale(editor.getCode());
    ctx.storage.remove?.(VERDICT);
    showSolved(false);
  }

  function offerRecover(code) {
    const passed = ctx.storage.get(PASSED_CODE);
    // Nor while Deshacer, beside Restaurar, brings back that very code: one way back is enough.
    recover.hidden = typeof passed !== "string" || passed === code || restore?.undoable() === passed;
    // «Your code meets the whole contract» speaks of the code in the editor: once that is
    // another (Restaurar, an edit), the line that offers the passing code back says instead
    // that the challenge was passed.
    banner.hidden = !section.hasAttribute("data-solved") || !recover.hidden;
  }

  async function check() {
    if (checking || trying) return;
    checking = true;
    await editor.settled();
    editor.markError(null);
    help.checking();
    checkButton.setAttribute("aria-disabled", "true");
    section.toggleAttribute("data-running", true);
    list.textContent = "";
    // What an earlier Probar printed is not part of this grade's report.
    output?.clear();
    sayTry("");
    // The banner speaks of the code being checked: a grade whose interpreter dies must
    // not leave an earlier solve on show beside its error.
    showSolved(false);
    // Every grade gets an interpreter of its own; a warm one answers at once.
    // Requests take turns, though: a cell still running goes first.
    say(ctx.runtime.state === "running"
      ? t("Waiting for the code that is running to finish…")
      : t("Getting Python ready…"));
    const code = editor.getCode();
    graded = code;
    markStale(code);
    const before = ctx.storage.get(VERDICT);
    const streamed = new Map();
    try {
      const result = await ctx.runtime.grade(code, {
        challenge: `${ctx.data.course}/${ctx.data.lesson}`,
        onProgress: (p) => say(p.stage === "running" ? t("Checking…") : `${stageLabel(p, t)}…`),
        onCheck: (c) => list.append(renderCheck(c, streamed)),
      });
      // A grade stopped by the page's watchdog (result.timedOut) reads like any
      // other: its error first, then the checks decided and the ones not reached.
      pythonLoaded(); // a grade came back
      list.textContent = "";
      renderReport(list, result.error, result.checks);
      // A grade that ends as the last one did would look as if nothing had happened:
      // it says so, which also tells the learner that their change did not change it.
      const same = !result.solved && sameReport(before, result); // a solve is news of its own
      say(summaryLine(result, same));
      ctx.storage.set(VERDICT, { solved: result.solved, passed: result.passed, total: result.total,
        checks: result.checks, error: result.error || undefined, code }, WORTH_TRACE);
      markStale(editor.getCode());
      if (result.solved) ctx.storage.set(PASSED_CODE, code, WORTH_CODE);
      offerRecover(editor.getCode());
      showSolved(result.solved);
      // A grade asked for from the editor (Ctrl+Enter) may end below the screen's edge:
      // what it says is brought into view, as little as it takes.
      (banner.hidden ? summary : banner).scrollIntoView({ block: "nearest" });
      const { line, timedOut } = cited(result);
      editor.markError(line, { timedOut });
      announce(verdict(result, banner.textContent, line, same));
      // Code that never ran (it did not compile) is no attempt.
      help.graded(Boolean(result.solved), result.attempt !== false);
    } catch (error) {
      say(t(error.message));
      announce(t(error.message));
    } finally {
      checking = false;
      checkButton.setAttribute("aria-disabled", "false");
      section.toggleAttribute("data-running", false);
    }
  }

  // Probar: the learner's code runs as a cell's does, their own prints and calls
  // included, and nothing is graded or counted.
  const output = tryButton && createOutput($(".challenge-output"));
  tryButton?.addEventListener("click", tryCode);
  stopButton?.addEventListener("click", () => trying && ctx.runtime.stop(trying));
  async function tryCode() {
    if (checking || trying) return;
    checking = true; // held until the run has started: Comprobar waits its turn
    try {
      await editor.settled();
    } finally {
      checking = false;
    }
    output.clear();
    editor.markError(null);
    sayTry(ctx.runtime.state === "ready" ? t("Trying your code…") : t("Getting Python ready…"));
    const focused = document.activeElement;
    trying = ctx.runtime.run(editor.getCode(), { name: "desafio", onOutput: output.write,
      onProgress: (p) => sayTry(p.stage === "running" ? t("Trying your code…") : `${stageLabel(p, t)}…`) });
    section.toggleAttribute("data-running", true);
    for (const b of [tryButton, checkButton]) b.setAttribute("aria-disabled", "true");
    stopButton.hidden = false;
    if (focused === tryButton) stopButton.focus();
    try {
      const result = await trying;
      pythonLoaded();
      output.flush();
      // The name its traceback gives the code (lessonrt.runner names it alike).
      const file = "<" + t("challenge") + ">";
      // A try that printed nothing looks like one that did not run: a learner whose
      // print(...) went inside the function, after its return, saw no sign of it.
      showRun(result, { output, say: sayTry, editor, file,
        finished: output.lines() ? t("Try finished: it does not count as an attempt.")
          : t("Try finished, and nothing was printed: to see what your function returns, write " +
            "print(...) with a call to it, outside the function. It does not count as an attempt."),
        failed: t("The try ended with an error: it is in the output.") });
    } catch (error) {
      sayTry(t(error.message));
      announce(t(error.message));
    } finally {
      trying = null;
      const wasStop = document.activeElement === stopButton;
      stopButton.hidden = true;
      section.toggleAttribute("data-running", false);
      for (const b of [tryButton, checkButton]) b.setAttribute("aria-disabled", "false");
      if (wasStop) tryButton.focus();
    }
  }

  function showSolved(solved) {
    // Read at each solve: storage that fills up mid-visit stops keeping work.
    banner.textContent = !solved ? ""
      : ctx.storage.persistent
        ? t("Challenge solved: your code does everything the challenge asks. Your code is kept in this browser.")
        : t("Challenge solved: your code does everything the challenge asks. This browser does not let it be kept: " +
          "to keep it, copy it before you close the page.");
    section.toggleAttribute("data-solved", Boolean(solved));
    offerRecover(editor.getCode());
  }
}

/** Whether a grade reports what the kept report (the last grade's) did, check by check. */
function sameReport(before, result) {
  if (!before?.total || !Array.isArray(before.checks)) return false;
  const seen = (r) => JSON.stringify([r.passed, r.total, r.error || "",
    r.checks.map((c) => [c.id, c.passed, c.message, c.did, c.expected])]);
  return seen(before) === seen(result);
}

function summaryText(passed, total) {
  return tn("{passed} of {n} check passed", "{passed} of {n} checks passed", total, { passed });
}

/** The summary of a grade, saying so when it reports what the last one did. */
function summaryLine(result, same) {
  const summary = summaryText(result.passed, result.total);
  return same ? t("{summary}: the same as the last check.", { summary }) : summary;
}

/** The line of the learner's code a grade points at: its syntax error's, or where their
 * code raised (or ran out of time) in the first failed check that says (the first may
 * only show a value that differs, and the next the exception behind it); never a line of
 * the course's code. Of a traceback's lines («línea 30, en el código principal: …», then
 * «línea 12, en bucle: …»), the last, where it raised: the first is the learner's own test
 * call at the end of the file, which a learner had marked instead. `{line, timedOut}`, line
 * null when none is cited. */
function cited(result) {
  const sources = [{ did: result.error, timed_out: result.timed_out }, ...result.checks.filter((c) => !c.passed)];
  for (const c of sources) {
    const text = [c.did, c.message].filter(Boolean).join("\n")
      .replace(/\[(?:en el código del curso|in the course's code)[^\]]*\]/g, "");
    const frames = [...text.matchAll(/^\s+(?:línea|line) (\d+), /gm)];
    const match = frames.length ? frames[frames.length - 1] : /\b(?:línea|line) (\d+)/.exec(text);
    if (match) return { line: Number(match[1]), timedOut: Boolean(c.timed_out) };
  }
  return { line: null, timedOut: false };
}

/** What a listener hears of a grade: the banner of a solve (with its advice to copy the
 * code where the browser keeps nothing), or the count and the first check that failed. */
function verdict(result, solvedText, line, same = false) {
  if (result.solved) return solvedText;
  const parts = [same ? summaryLine(result, same) : `${summaryLine(result, same)}.`];
  const failed = result.checks.find((c) => !c.passed);
  if (result.error) parts.push(result.error.split("\n")[0]);
  else if (failed) parts.push(t("Fails: {title}.", { title: failed.title }));
  if (line) parts.push(t("It points at line {line} of your code.", { line }));
  return parts.join(" ");
}

/** A grade's report in `list`: its error first, then its checks (each fold said once per report). */
function renderReport(list, error, checks) {
  if (error) list.append(errorItem(t(error)));
  const rules = new Map();
  for (const c of checks) list.append(renderCheck(c, rules));
}

function errorItem(message) {
  const li = document.createElement("li");
  li.className = "check check-error";
  const pre = li.appendChild(document.createElement("pre"));
  pre.textContent = message;
  return li;
}

// Where a long run of code may break on a phone's narrow row: after an arrow, an opening
// bracket, a comma, an equals sign or a path's slash with no space after it. With only `overflow-wrap:
// anywhere`, «t1→listar(carpeta='recetas/')]» was cut mid-word.
const BREAK_AFTER = /(?<=[→←([{,=/])(?=\S)/;

function appendBreakable(parent, text) {
  text.split(BREAK_AFTER).forEach((piece, k) => {
    if (k) parent.append(document.createElement("wbr"));
    parent.append(piece);
  });
}

/** `text` appended to `parent`, each short quoted value with a space in it ('t1 ', "a b",
 * read left to right as Python writes them) kept on one row: on a phone 't1 ' broke after
 * its space, and the space that made the value wrong went out of sight at the row's end.
 * Copied, the text is the same. */
function appendValues(parent, text) {
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const quote = text[i];
    if (quote !== "'" && quote !== '"') {
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < text.length && text[end] !== quote && text[end] !== "\n") end += text[end] === "\\" ? 2 : 1;
    if (text[end] !== quote) {
      i += 1;
      continue;
    }
    const value = text.slice(i, end + 1);
    if (value.length <= 26 && value.includes(" ")) {
      appendBreakable(parent, text.slice(from, i));
      const kept = parent.appendChild(document.createElement("span"));
      kept.className = "value";
      kept.textContent = value;
      from = end + 1;
    }
    i = end + 1;
  }
  appendBreakable(parent, text.slice(from));
}

/** One check: its mark and title, and for a failure its hint first, then its case
 * (said once), then what the learner's code did beside what the contract does, with
 * where the two part marked. A failure that breaks the statement's rule an earlier check
 * of the report broke, or raises what an earlier one raised, at the same line (`rules`:
 * cause → that check's title), says so in one line and folds the rest: on a phone the
 * same hint and rule twice made the report two screens longer. */
function renderCheck(c, rules = new Map()) {
  const li = document.createElement("li");
  li.className = c.passed ? "check check-passed" : "check check-failed";
  // A heading, so a screen reader can go from check to check; the mark is drawn, and
  // said in words in the heading's name.
  const head = li.appendChild(document.createElement("h3"));
  head.className = "check-title";
  const mark = head.appendChild(document.createElement("span"));
  mark.className = "check-mark";
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = c.passed ? "✓" : "✗";
  head.append(" " + c.title);
  const verdict = c.passed ? t("passed") : t("not passed");
  head.setAttribute("aria-label", `${c.title}: ${verdict}`);
  if (c.passed) return li;
  const cause = c.rule ? `rule:${c.rule}` : c.raised ? `raised:${c.raised}` : null;
  const first = cause ? rules.get(cause) : undefined;
  if (cause && first === undefined) rules.set(cause, c.title);
  let body = li;
  if (first !== undefined) {
    const same = li.appendChild(document.createElement("p"));
    same.className = "check-hint";
    same.textContent = c.rule
      ? t("It breaks the same rule as “{title}”, above: fix that first.", { title: first })
      : t("Your code raises the same error as in “{title}”, above: fix that first.", { title: first });
    body = li.appendChild(document.createElement("details"));
    body.className = "check-case";
    body.appendChild(document.createElement("summary")).textContent = t("The case where it fails");
  } else if (c.hint) {
    const hint = li.appendChild(document.createElement("p"));
    hint.className = "check-hint";
    hint.appendChild(document.createElement("strong")).textContent = t("Where to look:");
    hint.append(" " + c.hint);
  }
  const message = body.appendChild(document.createElement("pre"));
  message.className = "check-message";
  // The case is told in words around the call that failed, which is Python: set as code.
  const text = c.case || c.message;
  const at = c.case_code ? text.indexOf(c.case_code) : -1;
  if (at < 0) appendValues(message, text);
  else {
    const lines = c.case_code.split("\n");
    const code = document.createElement("code");
    if (lines.length === 1) appendValues(code, c.case_code);
    else {
      // A case over several lines is a block, each line a block of its own whose wrapped
      // part hangs under its indentation (web/style.css .hang-N), as the lessons' code
      // blocks do: on a phone it went on from column 0. The blocks' edges are its breaks.
      code.className = "case-code";
      for (const line of lines) {
        const row = code.appendChild(document.createElement("span"));
        const depth = Math.min(line.length - line.trimStart().length, 24) & ~1;
        row.className = `code-line hang-${depth}`;
        appendValues(row, line);
      }
    }
    const block = lines.length > 1;
    appendValues(message, block ? text.slice(0, at).replace(/\n$/, "") : text.slice(0, at));
    message.append(code);
    appendValues(message, block ? text.slice(at + c.case_code.length).replace(/^\n/, "") : text.slice(at + c.case_code.length));
  }
  // What the learner's code did beside what the contract does: text the
  // challenge writes, under labels it names.
  if (c.did || c.expected) {
    const compare = body.appendChild(document.createElement("div"));
    compare.className = "check-compare";
    const [didLabel, expectedLabel] = c.labels ?? [];
    const marked = markDifference(c.did ?? "", c.expected ?? "");
    const folds = [];
    // One side's part may be empty (what the other adds): both sides fold alike.
    const parted = Boolean(marked[0][1] || marked[1][1]);
    for (const [label, parts] of [[didLabel, marked[0]], [expectedLabel, marked[1]]]) {
      if (!parts.join("")) continue;
      const side = compare.appendChild(document.createElement("div"));
      side.appendChild(document.createElement("p")).textContent = label;
      const pre = side.appendChild(document.createElement("pre"));
      const [before, differs, after] = parts;
      const [head, near] = parted ? foldStart(before) : ["", before];
      const [close, tail] = parted ? foldEnd(after) : [after, ""];
      if (head) folds.push([pre.appendChild(sameButton()), head]);
      appendValues(pre, near);
      if (differs) appendValues(pre.appendChild(document.createElement("mark")), differs);
      appendValues(pre, close);
      if (tail) folds.push([pre.appendChild(sameButton()), tail]);
    }
    // Either side's button opens what the two share, on both sides at once.
    for (const [button] of folds) {
      button.addEventListener("click", () => {
        for (const [other, text] of folds) {
          const span = document.createElement("span");
          appendValues(span, text);
          other.replaceWith(span);
          // The keyboard stays where it was, on the text the button gave way to.
          if (other === button) {
            span.tabIndex = -1;
            span.focus({ preventScroll: true });
          }
        }
      });
    }
  }
  if (c.output) {
    const out = body.appendChild(document.createElement("details"));
    out.appendChild(document.createElement("summary")).textContent = t("What your code printed");
    out.appendChild(document.createElement("pre")).textContent = c.output;
  }
  return li;
}

// What the two sides share around the place they part is folded past this many characters:
// a conversation of a dozen messages is the same on both sides but for its last one, and on
// a phone it filled three screens before the difference.
const SHARED_SHOWN = 80;
const FOLD_OVER = 200;

/** The shared start `text` as [folded, shown]: its last SHARED_SHOWN characters or so,
 * from the start of an item (after ", "), stay in view before the difference. */
function foldStart(text) {
  if (text.length <= FOLD_OVER) return ["", text];
  const from = text.length - SHARED_SHOWN;
  // At the start of an item of a list or a tuple, else after any comma.
  const bracket = text.slice(from - 60).search(/, [([{]/);
  const comma = text.indexOf(", ", from);
  let cut = from;
  if (bracket >= 0 && from - 60 + bracket < text.length - 20) cut = from - 60 + bracket + 2;
  else if (comma >= 0 && comma < text.length - 20) cut = comma + 2;
  return [text.slice(0, cut), text.slice(cut)];
}

/** The shared end `text` as [shown, folded]: its first SHARED_SHOWN characters or so stay. */
function foldEnd(text) {
  if (text.length <= FOLD_OVER) return [text, ""];
  let cut = SHARED_SHOWN;
  const item = text.lastIndexOf(", ", cut);
  if (item > 20) cut = item + 2;
  return [text.slice(0, cut), text.slice(cut)];
}

function sameButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "same-part";
  button.textContent = t("… the same on both sides …");
  return button;
}

/** Each text as [before, differs, after]: what lies between the two texts' common
 * start and common end is where they part. Texts with nothing in common at either
 * end are left unmarked: marking them whole would point at nothing. */
function markDifference(a, b) {
  if (!a || !b || a === b) return [[a, "", ""], [b, "", ""]];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  // Whole words and numbers: 12 against 13 marks the numbers, not their last digits.
  const word = (ch) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
  while (start > 0 && word(a[start - 1]) && (word(a[start]) || word(b[start]))) start--;
  while (end > 0 && word(a[a.length - end]) && (word(a[a.length - end - 1]) || word(b[b.length - end - 1]))) end--;
  if (!start && !end) return [[a, "", ""], [b, "", ""]];
  const split = (s) => [s.slice(0, start), s.slice(start, s.length - end), s.slice(s.length - end)];
  return [split(a), split(b)];
}
