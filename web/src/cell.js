// A code cell: the build renders the code in a <pre>, which becomes an editor when
// the learner reaches for it (code-box.js). The cell keeps the learner's edits, runs
// them in the shared runtime and shows what they print as they print it.
import { announce, errorLine, runSummary } from "./announce.js";
import { createCodeBox } from "./code-box.js";
import { DISPLAY, InputBox, STOPPED, stageLabel } from "./protocol.js";
import { createRestore } from "./restore.js";
import { keepCode } from "./storage.js";
import { t } from "./i18n.js";
import { pythonLoaded } from "./dom.js";

// The cells mounted on this page, by key, so a cell can hand the runtime the
// current code of the earlier cells it builds on.
const cells = new Map();

/** @param {HTMLElement} section  <section class="cell" data-cell="celda1" aria-labelledby="celda1-name"> */
export function mount(section, ctx) {
  const key = section.dataset.cell;
  const info = ctx.data.cells[key];
  const original = info.code;
  const what = `code:${key}`;
  const $ = (selector) => section.querySelector(selector);
  const runButton = $('[data-action="run"]');
  const stopButton = $('[data-action="stop"]');
  const resetButton = $('[data-action="reset"]');
  const status = $(".cell-status");
  const downloadNote = $(".download-note"); // «unos 15 MB», the first cell's: true only until Python has started
  if (downloadNote) downloadNote.hidden = Boolean(ctx.pythonKept);
  const output = createOutput($(".cell-output"));
  let running = null; // the promise of the run in progress
  let asking = null; // the field of a run waiting in input(): see ask
  const file = cellFile(key); // how its tracebacks name it

  let restore = null; // Restaurar and Deshacer, once the box exists
  const saved = read(ctx.storage, what);
  const save = keepCode(ctx.storage, what, original);
  const editor = createCodeBox({
    pre: $(".cell-code"),
    original,
    doc: typeof saved === "string" ? saved : original,
    label: t("Code in {cell}", { cell: (info.name ?? key).toLowerCase() }),
    onRun: run,
    onChange: (code) => {
      save(code);
      restore?.edited(code);
    },
  });
  // What the restored code has not printed goes with the code that printed it: an old
  // error would point at a line that says something else now.
  const restored = () => {
    if (running) return;
    output.clear();
    editor.markError(null);
  };
  restore = createRestore({ resetButton, editor, storage: ctx.storage, what, original, save, say, restored });
  cells.set(key, editor.getCode);

  runButton.addEventListener("click", run);
  stopButton.addEventListener("click", () => {
    if (!running) return;
    say(t("Stopping…"));
    announce(t("Stopping…"));
    ctx.runtime.stop(running);
  });

  // Python starting before this cell ran (the page starts it when a cell comes
  // into view): the status line shows the download in its reserved space, in
  // words short enough for one line on a 320 px phone. It is not read out: the
  // learner did not ask for it (announce.js).
  ctx.onPythonStart?.((progress) => {
    const starting = progress.stage !== "ready" && progress.stage !== "failed";
    if (starting && !running) status.setAttribute("aria-busy", "true");
    else status.removeAttribute("aria-busy");
    if (running || settling) return;
    say(!starting ? (progress.stage === "ready" ? t("Python is ready.") : "") : describeStart(progress));
  });

  let settling = false;
  async function run() {
    if (running || settling) return;
    settling = true;
    try {
      await editor.settled();
    } finally {
      settling = false;
    }
    output.clear();
    editor.markError(null);
    say(ctx.runtime.state === "ready" ? t("Running…") : t("Getting Python ready…"));
    // The cells above run first, their output hidden: while one of them runs, the status
    // line names it, so that an earlier cell that never ends is not taken for this one.
    let earlier = null;
    const quiet = stillRunning(status, say, () => earlier);
    try {
      setRunning(ctx.runtime.run(editor.getCode(), {
        name: key,
        before: earlierCells(ctx.data, key),
        onOutput: output.write,
        onProgress: (p) => say(describeProgress(p)),
        onInput: ask,
        onCell: (cell) => {
          earlier = cell === key ? null : cellName(cell);
          quiet.say(earlier ? t("Running {cell} first: the cells above this one run before it…", { cell: earlier })
            : t("Running…"));
        },
      }));
      let result = await running;
      pythonLoaded();
      output.flush();
      // Only the plain stop: one that had to restart Python (and lose files) says so itself.
      if (result.interrupted && earlier && result.error === STOPPED.error) {
        result = { ...result, error: t("Stopped while {cell} ran: the cells above this one run before it. " +
          "Does {cell} have a loop that never ends?", { cell: earlier }) };
      }
      showRun(result, { output, say, editor, file, finished: t("Run finished."),
        failed: t("The run ended with an error: it is in the output.") });
    } catch (error) {
      say(t(error.message));
      announce(t(error.message));
    } finally {
      quiet();
      asking?.dismiss();
      output.flush();
      setRunning(null);
    }
  }

  // The run waits in input(): a field at the end of the output, after the
  // question, as in a terminal. Enter hands the line over and leaves it in
  // the output; Ctrl+D on an empty field ends the input (EOFError).
  function ask(reply) {
    output.flush();
    const field = document.createElement("input");
    Object.assign(field, { type: "text", className: "cell-input", maxLength: InputBox.CHARS,
      autocomplete: "off", spellcheck: false });
    // Named by its question, as a form names a field by its label.
    const question = output.lastLine().trim();
    field.setAttribute("aria-label", question ? t("Input: {question}", { question }) : t("Input"));
    field.setAttribute("autocapitalize", "off");
    field.setAttribute("enterkeyhint", "send");
    const give = (line) => {
      dismiss(output.element);
      if (reply(line) && line !== null) output.write("stdin", line + "\n");
      say(t("Running…"));
    };
    field.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.isComposing) {
        event.preventDefault();
        give(field.value);
      } else if (event.ctrlKey && event.key.toLowerCase() === "d") {
        event.preventDefault(); // not the browser's bookmark
        if (!field.value) give(null);
      }
    });
    // The field goes once answered, and the keyboard stays in the output,
    // where the next question's field takes it (on Detener, a stray Enter
    // would stop the run); or the run ends unanswered, and it goes to Ejecutar.
    const dismiss = (next = runButton) => {
      const focused = document.activeElement === field;
      field.remove();
      asking = null;
      if (focused) next.focus();
    };
    asking = { dismiss: () => dismiss() };
    output.element.append(field);
    // Where the learner is working with this cell, or nowhere yet; never
    // away from another part of the page.
    if (document.activeElement === document.body || section.contains(document.activeElement)) field.focus();
    say(t("The cell is waiting for what you type: type it in Input and press Enter."));
    if (document.activeElement !== field) announce(t("The cell is waiting for what you type in Input."));
  }

  function setRunning(promise) {
    running = promise;
    const on = Boolean(promise);
    // Read before Detener hides: a hidden button has lost the keyboard.
    const focused = document.activeElement;
    section.toggleAttribute("data-running", on);
    status.removeAttribute("aria-busy");
    runButton.setAttribute("aria-disabled", String(on));
    stopButton.hidden = !on;
    // Keep the keyboard where it was useful: the button that just vanished
    // hands focus to the one that took its place, so the next Enter runs or stops.
    if (on && focused === runButton) stopButton.focus();
    if (!on && focused === stopButton) runButton.focus();
  }

  function say(text) {
    if (status.textContent !== text) status.textContent = text;
  }
}

/** The cells this one builds on, as [key, current code], in page order. A cell
 * may list them in `uses`; otherwise every earlier cell counts. */
function earlierCells(data, key) {
  const keys = Object.keys(data.cells);
  const uses = data.cells[key].uses ?? keys.slice(0, keys.indexOf(key));
  return uses.map((k) => [k, cells.get(k)?.() ?? data.cells[k].code]);
}

/** A run that says nothing for long (a deep recursion took 40 s) must not look hung:
 * from 5 s on, while the status line still says «Ejecutando…», it counts the seconds and
 * says that Detener ends the run. Returns what stops the count. */
function stillRunning(status, say, earlier = () => null) {
  const began = performance.now();
  let shown = t("Running…");
  const timer = setInterval(() => {
    const seconds = Math.floor((performance.now() - began) / 1000);
    if (seconds < 5 || status.textContent !== shown) return; // input(), Deteniendo…: theirs
    const cell = earlier();
    shown = cell ? t("{cell} is still running, before this one ({seconds} s). “Stop” ends it.", { cell, seconds })
      : t("Still running ({seconds} s). “Stop” ends it.", { seconds });
    say(shown);
  }, 1000);
  const stop = () => clearInterval(timer);
  // What the run says of itself (the cell that runs now) is the line the count takes over.
  stop.say = (text) => {
    shown = text;
    say(text);
  };
  return stop;
}

/** How a run ended, in the status line, the output and what a listener hears: for a cell,
 * and for the challenge's Probar. `finished` and `failed` are the status line's words. */
export function showRun(result, { output, say, editor, file, finished, failed }) {
  if (result.interrupted) {
    output.align?.();
    say(t(result.error));
    announce(t(result.error));
  } else if (result.ok) {
    output.align?.();
    output.fromTheTop?.();
    say(finished);
    announce(runSummary({ lines: output.lines() }));
  } else {
    output.write("error", (output.endsMidLine() ? "\n" : "") + result.error + "\n");
    // What the error means in the learner's words, apart from Python's own (lessonrt.explain).
    if (result.explanation) output.write("explain", result.explanation + "\n");
    output.flush();
    output.align?.();
    say(failed);
    const line = errorLine(result.error, file);
    editor.markError(line);
    announce(runSummary({ error: result.error, line, explanation: result.explanation }));
  }
}

/** `celda1` -> `<Celda 1>` (`<Cell 1>` in English), as lessonrt.runner.cell_filename names a
 * cell in a traceback. */
function cellFile(key) {
  return `<${cellName(key)}>`;
}

/** `celda1` -> `Celda 1` (`Cell 1` in English). */
function cellName(key) {
  const number = /^(?:celda|cell)[ _-]?(\d+)$/i.exec(key)?.[1];
  return number ? t("Cell {n}", { n: number }) : key;
}

function describeStart({ stage, loaded, total }) {
  if (stage !== "download") return t("Starting Python…");
  return total && loaded <= total
    ? t("Downloading Python… {percent}\u00a0%", { percent: Math.floor((100 * loaded) / total) })
    : t("Downloading Python…");
}

// The download reads the same whether Python started on its own or for a run.
function describeProgress(progress) {
  if (progress.stage === "download") return describeStart(progress);
  return `${stageLabel(progress, t)}…`;
}

// Output is text, never HTML. Chunks arrive as fast as the worker posts them;
// they are put on the page once per frame, in blocks of a few thousand
// characters that start at a line start, so appending lays out the last block
// only, not everything printed so far.
const BLOCK_CHARS = 4096;
const MAX_SPANS = 1000; // past this, a program alternating stdout and stderr loses the colours

const ALIGN_LINES = 500; // past this, lines wrap as they come, without hanging indents
// Up to this many lines, a run's output is shown whole once it has ended, as a notebook
// shows it: in a box of its own height, a phone hid half of a 40-line output, and the text
// below the cell spoke of what was out of sight. Longer, it keeps its scrolling box.
const WHOLE_LINES = 100;

/** Where a printed line's wrapped part should start: under its last column (the text after
 * its last run of two or more spaces, or its own indentation), or at the line's start. */
export function hangingIndent(line) {
  const column = /^(.*) {2,}(?=\S)/.exec(line);
  return column ? column[0].length : 0;
}

export function createOutput(pre) {
  pre.tabIndex = 0; // it scrolls: the keyboard must be able to reach it
  let pending = [], frame = 0;
  let block, span, size, spans, lineStart;
  // What the program printed, counted for the summary a screen reader hears at the end,
  // and its last line, which names the field of an input() that asks there.
  let printed = 0, midLine = false, last = "";
  // Each aligned row's hang, for the box's width now: a column past half the box would be
  // left a sliver, so its wrapped part goes on from the middle, still deeper than the
  // rows' own starts.
  let resized = null;
  const hang = () => {
    const rows = pre.querySelectorAll(".output-line[data-hang]");
    if (!rows.length) return;
    const probe = pre.appendChild(document.createElement("span"));
    probe.textContent = "0".repeat(10);
    const columns = (pre.clientWidth * 10) / (probe.getBoundingClientRect().width || Infinity);
    probe.remove();
    for (const row of rows) {
      const at = Math.min(Number(row.dataset.hang), Math.floor(columns / 2));
      row.style.paddingInlineStart = at ? `${at}ch` : "";
      row.style.textIndent = at ? `-${at}ch` : "";
    }
  };
  const clear = () => {
    printed = 0;
    midLine = false;
    last = "";
    pending = [];
    block = span = null;
    size = spans = 0;
    lineStart = true;
    pre.textContent = "";
    pre.classList.remove("output-whole");
  };
  const put = (stream, text) => {
    while (text) {
      if (!block || (size >= BLOCK_CHARS && lineStart)) {
        block = pre.appendChild(document.createElement("span"));
        block.style.display = "block";
        span = null;
        size = 0;
      }
      if (!span || (span.stream !== stream && spans < MAX_SPANS)) {
        const el = block.appendChild(document.createElement("span"));
        // "stdout", "stderr", "stdin" (what was typed), "error" (the traceback) or "explain" (what it means)
        el.className = stream;
        span = { stream, node: el.appendChild(document.createTextNode("")) };
        spans += 1;
      }
      let piece = text;
      if (size + text.length > BLOCK_CHARS) {
        const newline = text.indexOf("\n", Math.max(0, BLOCK_CHARS - size - 1));
        if (newline >= 0) piece = text.slice(0, newline + 1);
      }
      span.node.appendData(piece);
      size += piece.length;
      lineStart = piece.endsWith("\n");
      text = text.slice(piece.length);
    }
  };
  // A picture or a table: its text first, in a block of its own, drawn once the rich
  // output's chunk is here (rich.js); text printed after it goes below it.
  const showRich = (json) => {
    const bundle = JSON.parse(json);
    const holder = pre.appendChild(document.createElement("div"));
    holder.className = "rich-output";
    holder.textContent = bundle["text/plain"] ?? "";
    block = span = null;
    lineStart = true;
    import("./rich.js").then(({ render }) => render(holder, bundle), () => {});
  };
  const flush = () => {
    cancelAnimationFrame(frame);
    frame = 0;
    if (!pending.length) return;
    // Follow the output while the reader is at its end; leave them be if they scrolled up.
    const following = pre.scrollHeight - pre.scrollTop - pre.clientHeight < 8;
    // Join what goes to the same span first: appendData copies the whole node.
    let stream = null, texts = [];
    for (const [to, text] of pending) {
      if (to === DISPLAY) {
        if (texts.length) put(stream, texts.join(""));
        stream = null;
        texts = [];
        showRich(text);
        continue;
      }
      if (to !== stream && spans < MAX_SPANS && texts.length) {
        put(stream, texts.join(""));
        texts = [];
      }
      if (to !== stream && spans < MAX_SPANS) stream = to;
      stream ??= to;
      texts.push(text);
    }
    if (texts.length) put(stream, texts.join(""));
    pending = [];
    if (following) pre.scrollTop = pre.scrollHeight;
  };
  clear();
  return {
    element: pre,
    write(stream, text) {
      if (stream === "stdout" || stream === "stderr") {
        const breaks = text.split("\n").length - 1;
        printed += breaks;
        last = breaks ? text.slice(text.lastIndexOf("\n") + 1) : (midLine ? last : "") + text;
        midLine = !text.endsWith("\n") && text !== "" ? true : breaks ? false : midLine;
        last = last.slice(-200);
      } else if (stream === "stdin" && midLine) {
        printed += 1; // the question's line, ended by the answer typed on it
        midLine = false;
        last = "";
      }
      pending.push([stream, text]);
      frame ||= requestAnimationFrame(flush);
    },
    flush,
    clear,
    // A run that ended well is read from its first line: the box followed the output to
    // its end while it came, and a learner who did not scroll it finds it at the top.
    // (An error stays in view at the end, where it is.)
    fromTheTop() {
      flush();
      if (pre.scrollHeight - pre.scrollTop - pre.clientHeight < 8) pre.scrollTop = 0;
    },
    // Once a run has ended its lines are whole: each becomes a block whose wrapped part
    // hangs under its own text column, so a narrow screen keeps a table's columns
    // («0 sistema    Trabajas…» goes on under «Trabajas», a traceback's «    x = 1» under
    // «x»). The text is unchanged (copying and screen readers get what was printed); a long
    // output keeps plain wrapping, laid out in blocks as it came.
    align() {
      flush();
      pre.classList.toggle("output-whole", printed + (midLine ? 1 : 0) <= WHOLE_LINES);
      if (printed > ALIGN_LINES) return;
      const following = pre.scrollHeight - pre.scrollTop - pre.clientHeight < 8;
      let group = [];
      const rebuild = () => {
        if (!group.length) return;
        const lines = [[]];
        for (const block of group) {
          for (const piece of block.children) {
            const parts = piece.textContent.split("\n");
            parts.forEach((part, i) => {
              if (i) lines[lines.length - 1].push([piece.className, "\n"]);
              if (i) lines.push([]);
              if (part) lines[lines.length - 1].push([piece.className, part]);
            });
          }
        }
        if (!lines[lines.length - 1].length) lines.pop();
        const made = document.createDocumentFragment();
        for (const line of lines) {
          const row = made.appendChild(document.createElement("span"));
          row.className = "output-line";
          for (const [stream, text] of line) {
            const last = row.lastElementChild;
            if (last?.className === stream) last.append(text);
            else row.appendChild(document.createElement("span")).append(text);
            row.lastElementChild.className = stream;
          }
          const depth = hangingIndent(line.map(([, text]) => text).join(""));
          if (depth) row.dataset.hang = String(depth);
        }
        group[0].before(made);
        for (const block of group) block.remove();
        group = [];
      };
      for (const child of [...pre.children]) {
        if (child.classList.contains("rich-output")) rebuild();
        else group.push(child);
      }
      rebuild();
      block = span = null;
      lineStart = true;
      hang();
      // The box's width changes with the screen (a phone turned, a window resized): the
      // hangs follow it.
      if (!resized && typeof ResizeObserver === "function") {
        // Only a new width: the hangs change the box's height, which must not call them
        // again.
        let width = pre.clientWidth;
        resized = new ResizeObserver(() => {
          if (pre.clientWidth === width) return;
          width = pre.clientWidth;
          hang();
        });
        resized.observe(pre);
      }
      if (following) pre.scrollTop = pre.scrollHeight;
    },
    lines: () => printed + (midLine ? 1 : 0),
    lastLine: () => (midLine ? last : ""),
    endsMidLine() {
      flush();
      return !lineStart;
    },
  };
}

function read(storage, what) {
  try {
    return storage?.get?.(what);
  } catch {
    return undefined;
  }
}
