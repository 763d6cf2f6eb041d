// The loop's trace, step by step: M as it grows, the files the calls touch, and
// what the model receives at each call. Everything comes from ctx.data, which the
// build computes by running the lesson's own Python (data.py, beside this file), so
// the widget works at once, with no interpreter, and cannot contradict the cells.
//
// The build draws the section with its controls and its first step (widget.html),
// so the page does not move when this script takes over: the controls found (the
// spinbutton "Tope", the buttons by their text) are reused, missing ones made, and
// the view is redrawn at every step, the first one included.
import { el, plural } from "lessonrt/dom.js";
import { defineWidget } from "lessonrt/widgets.js";

let instances = 0;

function listPaths(paths) {
  if (paths.length <= 1) return paths.join("");
  return `${paths.slice(0, -1).join(", ")} y ${paths[paths.length - 1]}`;
}

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
    bar.append(el("label", { className: "widget-tope" }, el("span", { text: "Tope" }), tope));
  }
  if (!tope.labels?.length && !tope.hasAttribute("aria-label")) tope.setAttribute("aria-label", "Tope");
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
  range.textContent = `de ${low} a ${high}`;
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
  const back = button("Retrocede", "back");
  const next = button("Avanza", "forward");
  const reset = button("Reinicia", "restart");
  const view = button("Lo que ve el modelo", "model-view");
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
    item.append(tag("nuevo", "widget-tag-new"));
  }
  return item;
}

function fileItem(file) {
  const item = el("li", { className: "widget-file" },
    el("code", { className: "widget-path", text: file.path }),
    el("span", { className: "widget-content", text: file.content }));
  if (file.changed) {
    item.classList.add("is-changed");
    item.append(tag("cambiado en este turno", "widget-tag-changed"));
  }
  return item;
}

export function mount(section, ctx) {
  const trace = ctx?.data;
  if (!trace || !Array.isArray(trace.runs) || !trace.runs.length) {
    section.append(el("p", { className: "widget-missing", text: "La traza del bucle no está disponible en esta página." }));
    return null;
  }
  const id = `widget-${++instances}`;
  const ui = controls(section, trace, id);
  // One live region holds the step and, at the last step, how the run ended, so
  // the ending is announced with the step that reaches it.
  const line = el("p", { className: "widget-step" });
  const messages = panel(`${id}-m`, "M, la lista de mensajes");
  const seen = panel(`${id}-seen`, "Lo que recibe el modelo");
  const files = panel(`${id}-env`, "Entorno");
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
    run.turns.slice(0, upto).forEach((t) => {
      const start = t.received.length;
      out[start] = `respuesta del turno ${t.turn}`;
      if (t.observations) out[start + 1] = `observaciones del turno ${t.turn}`;
    });
    return out;
  }

  function mOf(run, step) {
    if (step === 0) return trace.inicio;
    const t = run.turns[step - 1];
    return [...t.received, t.response, t.observations].filter(Boolean);
  }

  function endingText(run) {
    const last = run.turns[run.turns.length - 1];
    const n = run.messages ? run.messages.length : null;
    if (run.end.kind === "fin") {
      // A quote's own full stop gives way to the sentence's: «… cebolla». not «… cebolla.».
      const said = run.end.text.replace(/\.$/, "");
      return `Fin: la respuesta del turno ${last.turn} no pide nada, así que el bucle termina y ` +
        `devuelve su texto al usuario: «${said}». Lo ha decidido el modelo: ninguna línea ` +
        `del harness cuenta turnos. M acaba con ${plural(n, "mensaje", "mensajes")}.`;
    }
    if (run.end.kind === "tope") {
      const changed = run.environment.changed;
      const env = changed.length
        ? `El entorno ya ha cambiado (${listPaths(changed)}) y nada lo deshace.`
        : "El entorno no ha cambiado.";
      const answered = everyCallAnswered(run.messages)
        ? `Cada llamada de M tiene su observación: M acaba con ${plural(n, "mensaje", "mensajes")}.`
        : `M acaba con ${plural(n, "mensaje", "mensajes")}.`;
      return `Tope: el bucle ha llamado al modelo ${plural(run.tope, "vez", "veces")}, el máximo, ` +
        `y el agente no ha terminado. Devuelve tope y ningún texto para el usuario. ${env} ` +
        `${answered} El harness tiene que avisar al usuario de que el agente no terminó.`;
    }
    return `El bucle ha fallado en el turno ${last ? last.turn : 1}: ${run.end.text}`;
  }

  function statusText(run, step) {
    if (step === 0) {
      return `Inicio, tope ${run.tope}: M tiene ${plural(trace.inicio.length, "mensaje", "mensajes")}, ` +
        "el del sistema y el del usuario. Aún no se ha llamado al modelo.";
    }
    const t = run.turns[step - 1];
    const asks = t.calls ? `pide ${plural(t.calls, "llamada", "llamadas")}` : "no pide nada";
    let text = `Turno ${t.turn}, tope ${run.tope}: el modelo recibe ` +
      `${plural(t.received.length, "mensaje", "mensajes")} y ${asks}. ` +
      `M tiene ahora ${plural(t.messages_after, "mensaje", "mensajes")}.`;
    if (t.environment.changed.length) text += ` Cambia ${listPaths(t.environment.changed)}.`;
    return text;
  }

  function render() {
    const { run, step, modelView } = state;
    const last = run.turns.length;
    const m = mOf(run, step);
    const fresh = step === 0 ? m.length : run.turns[step - 1].received.length;
    const who = roles(run, step);

    messages.list.replaceChildren(...m.map((msg, i) => messageItem(i, msg, who[i], i >= fresh)));
    messages.count.textContent = `(${plural(m.length, "mensaje", "mensajes")})`;

    if (step === 0) {
      seen.list.replaceChildren();
      seen.count.textContent = "";
      seen.note.textContent = "Aún no se ha llamado al modelo: pulsa Avanza para ver lo que recibe en el turno 1.";
    } else {
      const received = run.turns[step - 1].received;
      seen.list.replaceChildren(...received.map((msg, i) => messageItem(i, msg, who[i], false)));
      seen.count.textContent = `(turno ${step}: ${plural(received.length, "mensaje", "mensajes")})`;
      seen.note.textContent = `En el turno ${step} el modelo recibe solo estos ` +
        `${plural(received.length, "mensaje", "mensajes")}, junto con la lista de herramientas. ` +
        "El entorno no va en ellos: de los ficheros sabe lo que le han traído las observaciones.";
    }

    const env = step === 0 ? trace.environment.files : run.turns[step - 1].environment.files;
    files.list.replaceChildren(...env.map(fileItem));
    files.count.textContent = `(${plural(env.length, "fichero", "ficheros")})`;

    messages.box.hidden = modelView;
    files.box.hidden = modelView;
    seen.box.hidden = !modelView;
    panels.classList.toggle("is-model-view", modelView);
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

  ui.next.addEventListener("click", () => go(state.step + 1));
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
      note(`El tope va de ${low} a ${high}: en lugar de ${typed} se usa ${tope}.`);
      ui.tope.value = String(tope);
      setTope(tope);
    } else {
      note(`El tope es un número entero de ${low} a ${high}: se mantiene ${state.run.tope}.`);
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
