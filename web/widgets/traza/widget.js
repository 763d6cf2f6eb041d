// The loop's trace, step by step: M as it grows, the files the calls touch, and
// what the model receives at each call. Everything comes from ctx.data, which the
// build computes by running the lesson's own Python (data.py, beside this file), so
// the widget works at once, with no interpreter, and cannot contradict the cells.
//
// The build draws the section with its controls and its first step (widget.html),
// so the page does not move when this script takes over: the controls found (the
// spinbutton, the buttons by their text) are reused, missing ones made, and
// the view is redrawn at every step, the first one included.
import { el } from "lessonrt/dom.js";
import { langOf, t, tn } from "lessonrt/i18n.js";
import { defineWidget } from "lessonrt/widgets.js";

// Every word below is a message of the site's catalogs (web/locale), in the page's
// language; widget.html draws the first step with the same messages.
let instances = 0;

function listPaths(paths) {
  return new Intl.ListFormat(langOf(), { type: "conjunction" }).format(paths);
}

const messageCount = (n) => tn("{n} message", "{n} messages", n);

// Every tool_use of M followed by a tool_result with its id: the invariant the cap
// must keep. Computed, not assumed, so the widget only says it when it is true.
function everyCallAnswered(messages) {
  const asked = [];
  const answered = new Set();
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content) {
      if (b.type === "tool_use") asked.push(b.id);
      if (b.type === "tool_result") answered.add(b.tool_use_id);
    }
  }
  return asked.every((id) => answered.has(id));
}

function findButton(section, label, action) {
  return section.querySelector(`button[data-action="${action}"]`) ||
    [...section.querySelectorAll("button")].find((b) => b.textContent.trim() === label);
}

function controls(section, trace, id) {
  let bar = section.querySelector(".widget-controls");
  if (!bar) {
    bar = el("div", { className: "widget-controls" });
    section.prepend(bar);
  }
  let tope = section.querySelector('input[type="number"]');
  if (!tope) {
    tope = el("input", { type: "number", inputmode: "numeric" });
    bar.append(el("label", { className: "widget-tope" }, el("span", { text: t("Limit") }), tope));
  }
  if (!tope.labels?.length && !tope.hasAttribute("aria-label")) tope.setAttribute("aria-label", t("Limit"));
  const [low, high] = [Math.min(...trace.topes), Math.max(...trace.topes)];
  tope.min = String(low);
  tope.max = String(high);
  tope.step = "1";
  tope.value = String(trace.default_tope);
  // The range, beside the field and in its description: a value outside it is not lost
  // in silence (see the note in mount).
  let range = section.querySelector(".widget-tope-range");
  if (!range) {
    range = el("span", { className: "widget-tope-range", id: `${id}-tope-range` });
    tope.after(" ", range);
  }
  range.textContent = t("from {low} to {high}", { low, high });
  tope.setAttribute("aria-describedby", range.id);

  const button = (label, action) => {
    let b = findButton(section, label, action);
    if (!b) {
      b = el("button", { text: label, "data-action": action });
      bar.append(b);
    }
    b.type = "button";
    return b;
  };
  const back = button(t("Step back"), "back");
  const next = button(t("Step forward"), "forward");
  const reset = button(t("Start over"), "restart");
  const view = button(t("What the model receives"), "model-view");
  view.setAttribute("aria-pressed", "false");
  return { tope, back, next, reset, view };
}

function panel(id, title) {
  const titleId = `${id}-title`;
  const count = el("span", { className: "widget-count" });
  const heading = el("p", { className: "widget-panel-title" },
    el("span", { id: titleId, text: title }), " ", count);
  const list = el("ol", { className: "widget-list", "aria-labelledby": titleId });
  const note = el("p", { className: "widget-note" });
  note.hidden = true;
  const box = el("div", { className: "widget-panel" }, heading, note, list);
  return { box, count, list, note };
}

function tag(text, className) {
  return el("span", { className: `widget-tag ${className}`, text });
}

// A call («t2 → leer(ruta='recetas/gazpacho.txt')») may break after its "(" when the
// line is too long: left to break anywhere, a phone put its ")" alone on a line. The
// template (widget.html) draws step 0 the same way.
function lineItem(line) {
  const span = el("span", { className: "widget-line" });
  const at = line.indexOf("(") + 1;
  if (at > 0) span.append(line.slice(0, at), document.createElement("wbr"), line.slice(at));
  else span.textContent = line;
  return span;
}

function messageItem(index, message, role, isNew) {
  const lines = el("span", { className: "widget-lines" });
  for (const line of message.lines) lines.append(lineItem(line));
  const item = el("li", { className: `widget-message widget-role-${message.role}` },
    el("span", { className: "widget-index", text: String(index) }),
    el("span", { className: "widget-who", text: role ? `${message.role} · ${role}` : message.role }),
    lines);
  if (isNew) {
    item.classList.add("is-new");
    item.append(tag(t("new"), "widget-tag-new"));
  }
  return item;
}

function fileItem(file) {
  const item = el("li", { className: "widget-file" },
    el("code", { className: "widget-path", text: file.path }),
    el("span", { className: "widget-content", text: file.content }));
  if (file.changed) {
    item.classList.add("is-changed");
    item.append(tag(t("changed in this turn"), "widget-tag-changed"));
  }
  return item;
}

export function mount(section, ctx) {
  const trace = ctx?.data;
  if (!trace || !Array.isArray(trace.runs) || !trace.runs.length) {
    section.append(el("p", { className: "widget-missing", text: t("The loop's trace is not available on this page.") }));
    return null;
  }
  const id = `widget-${++instances}`;
  const ui = controls(section, trace, id);
  // One live region holds the step and, at the last step, how the run ended, so
  // the ending is announced with the step that reaches it.
  const line = el("p", { className: "widget-step" });
  const messages = panel(`${id}-m`, t("M, the list of messages"));
  const seen = panel(`${id}-seen`, t("What the model receives"));
  const files = panel(`${id}-env`, t("Environment"));
  const ending = el("p", { className: "widget-end" });
  ending.hidden = true;
  // What became of a cap typed outside the range, read out with the step it restarts.
  const topeNote = el("p", { className: "widget-tope-note" });
  topeNote.hidden = true;
  const status = el("div", { className: "widget-status", role: "status" }, line, ending, topeNote);
  seen.box.hidden = true;
  seen.note.hidden = false;
  // The server's view container may be a live region; the panels must not be one
  // (every step would read out all of M), so only the status line announces.
  let view = section.querySelector(".widget-view");
  if (!view) {
    view = el("div", { className: "widget-view" });
    section.append(view);
  }
  view.removeAttribute("aria-live");
  const panels = el("div", { className: "widget-panels" }, messages.box, seen.box, files.box);
  view.replaceChildren(status, panels);

  const state = { run: null, step: 0, modelView: false };
  const runFor = (tope) => trace.runs.find((r) => r.tope === tope);

  // Which turn added each message of M: shown beside it ("respuesta del turno 2").
  function roles(run, upto) {
    const out = [];
    run.turns.slice(0, upto).forEach((turn) => {
      const start = turn.received.length;
      out[start] = t("answer of turn {turn}", { turn: turn.turn });
      if (turn.observations) out[start + 1] = t("observations of turn {turn}", { turn: turn.turn });
    });
    return out;
  }

  function mOf(run, step) {
    if (step === 0) return trace.inicio;
    const turn = run.turns[step - 1];
    return [...turn.received, turn.response, turn.observations].filter(Boolean);
  }

  function endingText(run) {
    const last = run.turns[run.turns.length - 1];
    const n = run.messages ? run.messages.length : null;
    if (run.end.kind === "fin") {
      // A quote's own full stop gives way to the sentence's: «… cebolla». not «… cebolla.».
      const said = run.end.text.replace(/\.$/, "");
      return t("End: the answer of turn {turn} asks for nothing, so the loop ends and returns its " +
        "text to the user: “{said}”. The model decided it: no line of the harness counts turns. " +
        "M ends with {messages}.", { turn: last.turn, said, messages: messageCount(n) });
    }
    if (run.end.kind === "tope") {
      const changed = run.environment.changed;
      const environment = changed.length
        ? t("The environment has already changed ({paths}) and nothing undoes it.", { paths: listPaths(changed) })
        : t("The environment has not changed.");
      const answered = everyCallAnswered(run.messages)
        ? t("Every call in M has its observation: M ends with {messages}.", { messages: messageCount(n) })
        : t("M ends with {messages}.", { messages: messageCount(n) });
      // Said apart: Babel does not look for a message inside another's arguments.
      const times = tn("{n} time", "{n} times", run.tope);
      return t("Limit: the loop has called the model {times}, the most it may, and the agent has not " +
        "finished. It returns \"tope\" and no text for the user. {environment} {answered} The harness " +
        "has to tell the user that the agent did not finish.",
      { times, environment, answered });
    }
    return t("The loop failed in turn {turn}: {error}", { turn: last ? last.turn : 1, error: run.end.text });
  }

  function statusText(run, step) {
    if (step === 0) {
      return t("Start, limit {tope}: M has {messages}, the system's and the user's. The model has " +
        "not been called yet.", { tope: run.tope, messages: messageCount(trace.inicio.length) });
    }
    const turn = run.turns[step - 1];
    const asks = turn.calls ? tn("asks for {n} call", "asks for {n} calls", turn.calls) : t("asks for nothing");
    let text = t("Turn {turn}, limit {tope}: the model receives {messages} and {asks}. M now has {total}.",
      { turn: turn.turn, tope: run.tope, messages: messageCount(turn.received.length), asks,
        total: messageCount(turn.messages_after) });
    if (turn.environment.changed.length) {
      text += " " + t("Changes {paths}.", { paths: listPaths(turn.environment.changed) });
    }
    return text;
  }

  function render() {
    const { run, step, modelView } = state;
    const last = run.turns.length;
    const m = mOf(run, step);
    const fresh = step === 0 ? m.length : run.turns[step - 1].received.length;
    const who = roles(run, step);

    messages.list.replaceChildren(...m.map((msg, i) => messageItem(i, msg, who[i], i >= fresh)));
    messages.count.textContent = `(${messageCount(m.length)})`;

    if (step === 0) {
      seen.list.replaceChildren();
      seen.count.textContent = "";
      seen.note.textContent = t("The model has not been called yet: press Step forward to see what it " +
        "receives in turn 1.");
    } else {
      const received = run.turns[step - 1].received;
      seen.list.replaceChildren(...received.map((msg, i) => messageItem(i, msg, who[i], false)));
      seen.count.textContent = t("(turn {turn}: {messages})", { turn: step, messages: messageCount(received.length) });
      seen.note.textContent = t("In turn {turn} the model receives only these {messages}, together with the " +
        "list of tools. The environment is not in them: of the files it knows what the observations " +
        "have brought it.", { turn: step, messages: messageCount(received.length) });
    }

    const env = step === 0 ? trace.environment.files : run.turns[step - 1].environment.files;
    files.list.replaceChildren(...env.map(fileItem));
    files.count.textContent = `(${tn("{n} file", "{n} files", env.length)})`;

    // The model's view takes M's place; the environment stays beside it, so a change to
    // the files is seen in either view (the note says the model does not receive it).
    messages.box.hidden = modelView;
    seen.box.hidden = !modelView;
    ui.view.setAttribute("aria-pressed", String(modelView));

    ending.hidden = step !== last;
    ending.className = `widget-end widget-end-${run.end.kind}`;
    // The status is a live region: text written again, unchanged (the view switched, the
    // same step shown), would be read out again.
    const put = (node, text) => node.textContent !== text && (node.textContent = text);
    put(ending, step === last ? endingText(run) : "");

    ui.back.setAttribute("aria-disabled", String(step === 0));
    ui.next.setAttribute("aria-disabled", String(step === last));
    put(line, statusText(run, step));
  }

  // aria-disabled rather than disabled: a disabled button drops keyboard focus,
  // and a learner pressing Avanza to the end would find themselves nowhere.
  function go(step) {
    const clamped = Math.max(0, Math.min(step, state.run.turns.length));
    if (clamped === state.step) return;
    state.step = clamped;
    render();
  }

  function setTope(tope) {
    const run = runFor(tope);
    if (!run || run === state.run) return;
    state.run = run;
    state.step = 0;
    render();
  }

  // On a phone the trace is taller than the screen, and a step's new messages land below
  // it: Avanza brings the first of them up under the buttons (which stay at the top of the
  // screen, widget.css), where it was left out of sight; at the last step, how the run
  // ended, which sits above the messages. Nothing moves if it is in view.
  const bar = section.querySelector(".widget-controls");
  function showNew() {
    const first = !ending.hidden ? status
      : messages.box.hidden ? null : messages.list.querySelector(".is-new");
    if (!first) return;
    const box = first.getBoundingClientRect();
    const top = Math.max(0, bar?.getBoundingClientRect().bottom ?? 0);
    if (box.top >= top && box.bottom <= window.innerHeight) return;
    // At once, not gliding: a learner pressing Avanza again mid-glide would start the next
    // scroll from where the first had got to, and fall short of the news.
    window.scrollBy(0, box.top - top - 8);
  }

  ui.next.addEventListener("click", () => {
    const before = state.step;
    go(state.step + 1);
    if (state.step > before) showNew();
  });
  ui.back.addEventListener("click", () => go(state.step - 1));
  ui.reset.addEventListener("click", () => {
    state.step = 0;
    render();
  });
  ui.view.addEventListener("click", () => {
    state.modelView = !state.modelView;
    render();
  });
  // While typing, only a whole number in range restarts the run. On commit (Enter,
  // leaving the field) a number out of range is brought to the nearest end of it (11
  // to 10, 0 to 1), anything else back to the cap in use, and the note says which.
  const [low, high] = [Number(ui.tope.min), Number(ui.tope.max)];
  const parse = () => {
    const n = Number(ui.tope.value.trim());
    return Number.isInteger(n) && runFor(n) ? n : null;
  };
  const note = (text) => {
    topeNote.textContent = text;
    topeNote.hidden = !text;
  };
  ui.tope.addEventListener("input", () => {
    const n = parse();
    if (n === null) return;
    note("");
    setTope(n);
  });
  ui.tope.addEventListener("change", () => {
    if (parse() !== null) return;
    const typed = ui.tope.value.trim();
    const n = Number(typed);
    if (typed && Number.isFinite(n)) {
      const clamped = Math.min(high, Math.max(low, Math.round(n)));
      const tope = runFor(clamped) ? clamped : state.run.tope;
      note(t("The limit goes from {low} to {high}: {tope} is used instead of {typed}.", { low, high, tope, typed }));
      ui.tope.value = String(tope);
      setTope(tope);
    } else {
      note(t("The limit is a whole number from {low} to {high}: it stays at {tope}.",
        { low, high, tope: state.run.tope }));
      ui.tope.value = String(state.run.tope);
    }
  });

  state.run = runFor(trace.default_tope) || trace.runs[trace.runs.length - 1];
  // The first step takes the place of the one the build drew, in the same words: silent,
  // as a page that loads says nothing. The region is live from the next frame on.
  status.setAttribute("aria-live", "off");
  render();
  requestAnimationFrame(() => status.removeAttribute("aria-live"));
  return { go, setTope, state };
}

defineWidget("traza", mount);
