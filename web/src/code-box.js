// The code of a cell or of the challenge: first the code the build drew (pre.cell-code),
// then the editor. The editor (CodeMirror, editor.js) is a chunk of its own, loaded
// when a learner reaches for the code (a click, focus, a key) or when the page is idle,
// and then mounted one box per task, so no single task of the page carries it whole.
//
// Until it mounts, the static code is the text box: it has the editor's role and name,
// takes focus, keeps the caret where it was clicked, and records every keystroke, paste
// or drop (without letting the browser change its markup), which the editor then
// replays in order. It is laid out like the editor (web/style.css, .code-static), so the
// swap moves nothing on the page.

import { announce } from "./announce.js";
import { t } from "./i18n.js";
import { leaving } from "./leaving.js";

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Fn", "OS"]);
// Where the browser has no idle callbacks (WebKit), a pause long enough for a click or
// a key waiting behind it to go first.
const IDLE_FALLBACK_MS = 100;

// The editor comes in four parts, each evaluated in a task of its own: as one chunk,
// evaluating it held the main thread for about 90 ms on a first visit, 300 ms with the
// CPU four times slower.
const PARTS = [() => import("./editor-state.js"), () => import("./editor-view.js"),
  () => import("./editor-language.js"), () => import("./editor.js")];
let part = 0;
let stepping = null;
let editorModule = null;
let loading = null;

/** Evaluate the editor's next part; the last one is the editor itself. A part that
 * failed to load (the connection dropped) is asked for again next time. */
function nextPart() {
  stepping ??= PARTS[part]().then((module) => {
    part += 1;
    stepping = null;
    if (part === PARTS.length) editorModule = module;
  }, (error) => {
    stepping = null;
    throw error;
  });
  return stepping;
}

function loadEditor() {
  loading ??= (async () => {
    while (!editorModule) await nextPart();
    return editorModule;
  })().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}


const waiting = []; // boxes not mounted yet, in page order
let idleQueued = false;
// Python starting in a worker, a run, a grade: work that keeps the machine's cores busy
// while the page's main thread looks idle. The idle-time loading waits for it, so that
// neither slows the other (on a first visit, evaluating the editor beside Python's start
// made both slower); a box the learner reaches for does not wait.
let busy = 0;

// Code scrolled sideways slides under the line numbers, which stay put: a shadow at their
// edge says the lines go on to the left (the right edge has its own, in the style sheet).
// Scroll events do not bubble; one listener in the capture phase sees every code box's.
document.addEventListener("scroll", ({ target }) => {
  if (target instanceof Element && target.matches(".cm-scroller, .code-static")) {
    target.classList.toggle("scrolled-sideways", target.scrollLeft > 0);
  }
}, { capture: true, passive: true });

/** Hold the idle-time loading of the editors until `work` settles. */
export function quietUntil(work) {
  busy += 1;
  Promise.resolve(work).catch(() => {}).finally(() => {
    busy -= 1;
    mountWhenIdle();
  });
}

function whenIdle(fn) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(fn);
  else setTimeout(fn, IDLE_FALLBACK_MS);
}

// One step per idle period while nothing else on the page is busy (quietUntil): fetch
// and evaluate the editor's next part, then mount one waiting box, then the next.
function mountWhenIdle() {
  if (idleQueued || busy || !waiting.length || (editorModule && !waiting.some((box) => box.inView))) return;
  idleQueued = true;
  whenIdle(() => {
    idleQueued = false;
    if (busy) return; // quietUntil calls again when the work is over
    if (!editorModule) {
      nextPart().then(mountWhenIdle, report);
      return;
    }
    // A box's state (its first parse) in one idle period and its view in the next:
    // together they made one task of 50 to 70 ms on a 2-core machine.
    const box = waiting.find((b) => b.inView && !b.busy());
    if (box && !box.prepared()) box.prepare();
    else box?.mount();
    if (waiting.some((box) => box.inView)) mountWhenIdle();
  });
}

// An editor mounted out of sight cannot measure its lines (CodeMirror skips measuring
// while it is not in view), so it guesses the height of the lines it has not drawn, and
// corrects it when it comes into view, pushing down what follows. Boxes are mounted in
// idle time only once they are on screen, where the editor measures at once.
const sight = typeof IntersectionObserver === "function"
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const box = waiting.find((b) => b.frame === entry.target);
      if (box) box.inView = entry.isIntersecting;
    }
    mountWhenIdle();
  })
  : null;

function report(error) {
  if (leaving()) return;
  if (typeof globalThis.reportError === "function") globalThis.reportError(error);
  else setTimeout(() => { throw error; });
}

const numbers = (text) => Array.from({ length: text.split("\n").length }, (_, i) => i + 1).join("\n");

/**
 * @param {object} options
 * @param {HTMLElement} options.pre    the build's <pre class="cell-code">, inside div.cell-editor
 * @param {string} options.original    the code the build drew in it
 * @param {string} options.doc         the code to show (the learner's saved code, or the original)
 * @param {string} options.label       accessible name of the text box
 * @param {() => void} [options.onRun]  Ctrl/Cmd+Enter or Shift+Enter
 * @param {(code: string) => void} [options.onChange]  after every edit in the editor
 * @returns {{getCode: () => string, setCode: (code: string) => void, mounted: () => boolean,
 *   settled: () => Promise<void>, markError: (line: number | null, how?: {timedOut?: boolean}) => void}}
 */
export function createCodeBox({ pre, original, doc, label, onRun, onChange: changed }) {
  const frame = pre.parentElement;
  const code = pre.querySelector("code") ?? pre;
  const built = [...code.childNodes]; // the build's markup, highlighted, for Restaurar
  let text = doc;
  let editor = null;
  let reached = false; // the learner reached for it: mount as soon as the chunk is here
  let pressing = false; // between pointerdown and pointerup: the caret is not placed yet
  let prepared = null; // the editor's state made ahead in idle time (editor.js, prepareEditor)
  const typed = [];
  const keys = pre.getAttribute("aria-describedby"); // the keys' line
  // The line an error cites, in words, under the code and part of its description: the
  // editor's mark on that line is for the eyes.
  const errorNote = document.createElement("p");
  errorNote.className = "code-error-note";
  errorNote.id = `${keys ?? label.replace(/\W+/g, "-")}-error`;
  errorNote.hidden = true;
  frame.after(errorNote);
  const describedBy = [keys, errorNote.id].filter(Boolean).join(" ");
  pre.setAttribute("aria-describedby", describedBy);
  let errorLine = null;
  const note = (line, { timedOut: late = false } = {}) => {
    errorLine = line;
    errorNote.hidden = line === null;
    if (line === null) {
      errorNote.replaceChildren();
      return;
    }
    // The key is the keyboard's: a phone hides it, as it hides the box's line of keys.
    const keysNote = document.createElement("span");
    keysNote.className = "code-keys-note";
    keysNote.textContent = t("Ctrl+G: go to a line.");
    errorNote.replaceChildren(late ? t("Time ran out on line {line}.", { line }) : t("Error on line {line}.", { line }),
      " ", keysNote);
  };
  // An edit takes the mark away (the editor drops its decoration on any change itself).
  const onChange = (next) => {
    if (errorLine !== null) note(null);
    changed?.(next);
  };
  function markError(line, how) {
    note(line, how);
    editor?.markError(line);
  }

  // The build drew the frame, the gutter and the original code
  // (web/templates/parts/code.html): only the learner's saved code is drawn here.
  const gutter = frame.querySelector(".code-gutter");
  if (doc !== original) show(doc);
  for (const [name, value] of Object.entries({
    role: "textbox", "aria-multiline": "true", "aria-label": label, tabindex: "0",
    contenteditable: "true", spellcheck: "false", autocapitalize: "off", autocorrect: "off",
  })) pre.setAttribute(name, value);

  function show(shown) {
    if (shown === original) code.replaceChildren(...built);
    else code.textContent = shown;
    gutter.textContent = numbers(shown);
  }

  function mount() {
    if (editor || !editorModule) return;
    const focused = document.activeElement === pre;
    const selection = caret();
    const scrolled = frame.scrollLeft;
    const holder = document.createElement("div");
    holder.className = "cell-cm";
    editor = editorModule.createEditor({ parent: holder, doc: text, label, describedBy, selection, onRun, onChange,
      say: announce, prepared });
    if (errorLine !== null) editor.markError(errorLine);
    prepared = null;
    frame.classList.remove("code-static");
    frame.replaceChildren(holder);
    editor.view.scrollDOM.scrollLeft = scrolled; // the code stays where the learner saw it
    waiting.splice(waiting.indexOf(box), 1);
    document.removeEventListener("selectionchange", follow);
    sight?.unobserve(frame);
    if (focused) editor.focus();
    if (typed.length) editorModule.replay(editor.view, typed.splice(0));
  }

  function reach() {
    reached = true;
    if (editorModule) {
      if (!pressing) mount();
    } else {
      loadEditor().then(() => reached && !pressing && mount(), report);
    }
  }

  // The selection in the static code, as offsets into `text`. The build drew `text`
  // (or show() wrote it), so the characters before the caret are the code's.
  function caret() {
    const selection = getSelection();
    if (!selection?.rangeCount || !pre.contains(selection.anchorNode)) return undefined;
    const offset = (node, at) => {
      const range = document.createRange();
      range.setStart(code, 0);
      range.setEnd(node, at);
      return Math.min(range.toString().length, text.length);
    };
    return { anchor: offset(selection.anchorNode, selection.anchorOffset),
             head: offset(selection.focusNode, selection.focusOffset) };
  }

  // Select `anchor`–`head` (offsets into `text`) in the static code.
  function place({ anchor, head }) {
    const point = (offset) => {
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      let node, last = null;
      while ((node = walker.nextNode())) {
        if (offset <= node.length) return [node, offset];
        offset -= node.length;
        last = node;
      }
      return last ? [last, last.length] : [code, 0];
    };
    getSelection()?.setBaseAndExtent(...point(anchor), ...point(head));
  }

  function record(event) {
    typed.push(event);
    reach();
  }

  pre.addEventListener("pointerdown", () => {
    pressing = true;
    const release = () => {
      removeEventListener("pointerup", release, true);
      removeEventListener("pointercancel", release, true);
      pressing = false;
      if (reached && editorModule) mount();
    };
    addEventListener("pointerup", release, true);
    addEventListener("pointercancel", release, true);
    reach();
  });
  pre.addEventListener("focus", reach);
  pre.addEventListener("keydown", (event) => {
    const { key } = event;
    // Composed text, a phone keyboard's keys and dead keys arrive as beforeinput.
    if (event.isComposing || key === "Process" || key === "Unidentified" || key === "Dead" || MODIFIERS.has(key)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && /^[cvx]$/i.test(key)) return; // the clipboard's own events follow
    // As in the editor: Tab and Shift+Tab leave the box.
    if (key === "Tab" && !mod && !event.altKey) return;
    event.preventDefault();
    const { code: physical, ctrlKey, metaKey, altKey, shiftKey } = event;
    record({ type: "key", key, code: physical, ctrlKey, metaKey, altKey, shiftKey });
  });
  pre.addEventListener("beforeinput", (event) => {
    const { inputType } = event;
    // A composition cannot be cancelled while it goes on: its text counts once, at its end.
    if (/Composition/.test(inputType)) return;
    event.preventDefault();
    if (/^insert(Text|ReplacementText|FromPaste|FromDrop|FromYank)$/.test(inputType)) {
      const inserted = event.data ?? event.dataTransfer?.getData("text/plain") ?? "";
      record({ type: "text", text: inserted, userEvent: inputType === "insertFromPaste" ? "input.paste"
        : inputType === "insertFromDrop" ? "input.drop" : "input.type" });
    } else {
      record({ type: "input", inputType });
    }
  });
  // Text that reached the document without a cancelable beforeinput (an automation
  // tool's insertion, say): the code is put back as the build drew it, the caret where
  // the text went in, and the text is kept with the rest.
  let lastCaret;
  const follow = () => {
    const at = caret();
    if (at) lastCaret = at;
  };
  document.addEventListener("selectionchange", follow);
  pre.addEventListener("input", (event) => {
    if (event.isComposing || /Composition/.test(event.inputType ?? "")) return;
    show(text);
    if (lastCaret) place(lastCaret);
    if (event.data) record({ type: "text", text: event.data, userEvent: "input.type" });
  });
  pre.addEventListener("compositionend", (event) => {
    if (event.data) record({ type: "text", text: event.data, userEvent: "input.type" });
  });
  pre.addEventListener("paste", (event) => {
    event.preventDefault();
    record({ type: "text", text: event.clipboardData?.getData("text/plain") ?? "", userEvent: "input.paste" });
  });
  pre.addEventListener("cut", (event) => {
    event.clipboardData?.setData("text/plain", String(getSelection()));
    event.preventDefault();
    record({ type: "text", text: "", userEvent: "delete.cut" });
  });

  const box = {
    frame, mount, busy: () => pressing, inView: !sight,
    prepared: () => prepared?.doc.toString() === text,
    prepare() { prepared = editorModule.prepareEditor({ doc: text, label, describedBy, onRun, onChange, say: announce }); },
  };
  waiting.push(box);
  sight?.observe(frame);
  mountWhenIdle();

  return {
    getCode: () => (editor ? editor.getCode() : text),
    markError,
    setCode(next) {
      if (editor) return editor.setCode(next);
      if (errorLine !== null) note(null);
      text = next;
      typed.length = 0; // keys meant for the code it replaces
      show(next);
      frame.scrollLeft = 0;
    },
    mounted: () => Boolean(editor),
    /** Resolves once what was typed before the editor mounted is in the code (at once
     * when nothing was): a run must not miss the keys pressed just before it. */
    settled: () => (editor || !typed.length ? Promise.resolve()
      : loadEditor().then(mount, () => {})),
  };
}
