// The quiz: graded in the page from ctx.data.quiz (lesson.toml's [[quiz]]), one
// fieldset per question. The server renders the questions; this module adds what
// it lacks (options, the answer field, a check button, the feedback) and keeps the
// learner's answers in ctx.storage so they survive a reload.
//
// Kinds: "single" (one option), "multi" (all or nothing: every correct option and no
// wrong one) and "number" (within a tolerance; text that is not a number gets the
// question's hint, which is neither an error nor a wrong answer).
import { el, plural } from "./dom.js";

const STORAGE_KEY = "quiz";
const DEFAULT_HINT = "Escribe la respuesta con cifras, por ejemplo 7.";
// A number as a learner types it: optional sign, digits, a decimal point or comma.
const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

// A question as lesson.toml gives it, with the defaults the format allows filled in.
export function normalise(raw) {
  return { ...raw, kind: raw.kind || "single", prompt: raw.prompt ?? "", options: raw.options || [] };
}

// Pure grading: the answer as the learner gave it, the verdict and what to say.
// state: "right" | "wrong" (a verdict), "empty" | "hint" (no verdict yet).
export function grade(question, answer) {
  const options = question.options || [];
  if (question.kind === "number") {
    const raw = typeof answer === "string" ? answer.trim() : "";
    if (!raw) return { state: "empty", message: "Escribe un número." };
    if (!NUMBER.test(raw)) return { state: "hint", message: question.hint_not_number || DEFAULT_HINT };
    const value = Number(raw.replace(",", "."));
    const tolerance = Number(question.tolerance || 0);
    const right = Math.abs(value - Number(question.answer)) <= tolerance + 1e-9;
    return { state: right ? "right" : "wrong", value };
  }
  if (question.kind === "multi") {
    const chosen = new Set(Array.isArray(answer) ? answer : []);
    if (!chosen.size) return { state: "empty", message: "Marca al menos una opción." };
    const correct = options.map((o, i) => (o.correct ? i : -1)).filter((i) => i >= 0);
    const missed = correct.filter((i) => !chosen.has(i)).length;
    const wrong = [...chosen].filter((i) => !options[i]?.correct).length;
    return { state: missed || wrong ? "wrong" : "right", chosen: [...chosen].sort((a, b) => a - b), missed, wrong };
  }
  if (!Number.isInteger(answer) || !options[answer]) return { state: "empty", message: "Elige una opción." };
  return { state: options[answer].correct ? "right" : "wrong", chosen: [answer] };
}

function loadAll(storage) {
  const saved = storage?.get?.(STORAGE_KEY);
  return saved && typeof saved === "object" ? saved : {};
}

function widgetLink() {
  const widget = document.querySelector("section.widget");
  if (!widget) return null;
  // Named after the widget's own accessible name: "Traza del bucle" gives
  // "Volver a la traza del bucle".
  const label = widget.getAttribute("aria-label") ?? "";
  if (!widget.id) widget.id = label.toLowerCase().replace(/\s+/g, "-") || "widget";
  const name = label.charAt(0).toLowerCase() + label.slice(1);
  return el("a", { href: `#${widget.id}`, className: "quiz-back", text: `Volver a la ${name}` });
}

// Reuse what the server rendered; create only what is missing. A question lives in
// a holder (the element marked data-question, else the question's fieldset by
// position) that also holds the check button and the feedback.
function enhance(section, question, index) {
  let holder = section.querySelector(`[data-question="${CSS.escape(question.id)}"]`) ||
    section.querySelectorAll("fieldset")[index];
  if (!holder) {
    holder = el("fieldset");
    section.append(holder);
  }
  let fieldset = holder.matches("fieldset") ? holder : holder.querySelector("fieldset");
  if (!fieldset) {
    fieldset = el("fieldset");
    holder.prepend(fieldset);
  }
  if (!fieldset.querySelector("legend")) fieldset.prepend(el("legend", { text: question.prompt }));
  holder.dataset.question = question.id;
  holder.classList.add("quiz-question");

  if (question.note && !fieldset.textContent.includes(question.note)) {
    fieldset.querySelector("legend").after(el("p", { className: "quiz-hint", text: question.note }));
  }

  let inputs;
  if (question.kind === "number") {
    let field = fieldset.querySelector('input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"])');
    if (!field) {
      field = el("input", { name: `quiz-${question.id}` });
      fieldset.append(el("label", { className: "quiz-number" }, "Tu respuesta ", field));
    }
    // A number input would hide what was typed: "trece" and " 13 " must reach us as text.
    field.type = "text";
    field.inputMode = "decimal";
    field.autocomplete = "off";
    if (!field.labels?.length && !field.hasAttribute("aria-label")) field.setAttribute("aria-label", "Tu respuesta");
    inputs = [field];
  } else {
    const type = question.kind === "multi" ? "checkbox" : "radio";
    inputs = [...fieldset.querySelectorAll(`input[type="${type}"]`)];
    if (inputs.length !== question.options.length) {
      fieldset.querySelectorAll(".quiz-options").forEach((n) => n.remove());
      const list = el("ul", { className: "quiz-options" });
      inputs = question.options.map((option, i) => {
        const input = el("input", { type, name: `quiz-${question.id}`, value: String(i) });
        list.append(el("li", {}, el("label", { className: "quiz-option" }, input, " ", el("span", { text: option.text }))));
        return input;
      });
      fieldset.append(list);
    }
    for (const input of inputs) if (!input.name) input.name = `quiz-${question.id}`;
  }

  let check = holder.querySelector('button[type="submit"], button.quiz-check');
  if (!check) {
    check = el("button", { type: "button", className: "quiz-check", text: "Comprobar respuesta" });
    holder.append(el("div", { className: "quiz-actions" }, check));
  }
  // The feedback holds paragraphs and a list, so it must be a <div>, not a <p>.
  let feedback = holder.querySelector('[role="status"]');
  const box = el("div", { className: "quiz-feedback", role: "status" });
  if (!feedback) holder.append(box);
  else if (feedback.tagName !== "DIV") feedback.replaceWith(box);
  feedback = feedback?.tagName === "DIV" ? feedback : box;
  return { holder, inputs, check, feedback };
}

// The server numbers the options in value="i" (their order in lesson.toml); without
// it, the order on the page is the order in the data.
function optionIndex(input, position) {
  const n = Number(input.value);
  return input.hasAttribute("value") && Number.isInteger(n) && n >= 0 ? n : position;
}

function readAnswer(question, inputs) {
  if (question.kind === "number") return inputs[0].value;
  const checked = inputs.filter((input) => input.checked).map((input) => optionIndex(input, inputs.indexOf(input)));
  return question.kind === "multi" ? checked : checked.length ? checked[0] : null;
}

function writeAnswer(question, inputs, answer) {
  if (question.kind === "number") {
    if (typeof answer === "string") inputs[0].value = answer;
    return;
  }
  const chosen = new Set(question.kind === "multi" ? (Array.isArray(answer) ? answer : []) : [answer]);
  inputs.forEach((input, i) => {
    input.checked = chosen.has(optionIndex(input, i));
  });
}

function verdictText(question, result) {
  if (result.state === "right") return "Correcto.";
  if (question.kind === "multi") {
    const parts = [];
    if (result.missed) parts.push(`te ${result.missed === 1 ? "falta" : "faltan"} ${plural(result.missed, "opción correcta", "opciones correctas")} por marcar`);
    if (result.wrong) parts.push(`has marcado ${plural(result.wrong, "opción que no es cierta", "opciones que no son ciertas")}`);
    return `Incorrecto: se corrige todo o nada, y ${parts.join(" y ")}.`;
  }
  if (question.kind === "number") return `Incorrecto: ${String(result.value).replace(".", ",")} no es la respuesta.`;
  return "Incorrecto.";
}

function showFeedback(holder, feedback, question, result) {
  holder.dataset.verdict = result.state;
  if (result.state === "empty" || result.state === "hint") {
    feedback.replaceChildren(el("p", { className: `quiz-${result.state}`, text: result.message }));
    return;
  }
  const parts = [el("p", { className: "quiz-verdict", text: verdictText(question, result) })];
  // The feedback of every option the learner chose says why it is or is not right;
  // missed options are only counted, so a retry is still a question.
  if (result.chosen) {
    const notes = result.chosen.map((i) => question.options[i]).filter((o) => o && o.feedback);
    if (question.kind === "multi" && notes.length) {
      const list = el("ul", { className: "quiz-option-feedback" });
      for (const o of notes) list.append(el("li", {}, el("strong", { text: `«${o.text}» ` }), o.feedback));
      parts.push(list);
    } else if (notes.length) {
      parts.push(el("p", { className: "quiz-option-feedback", text: notes[0].feedback }));
    }
  }
  if (question.explanation) parts.push(el("p", { className: "quiz-explanation", text: question.explanation }));
  if (/widget/i.test(`${question.prompt} ${question.explanation || ""}`)) parts.push(widgetLink());
  feedback.replaceChildren(...parts.filter(Boolean));
}

export function mount(section, ctx) {
  const questions = Array.isArray(ctx?.data?.quiz) ? ctx.data.quiz.map(normalise) : [];
  if (!questions.length) return null;
  const storage = ctx.storage;
  const saved = loadAll(storage);
  const score = el("p", { className: "quiz-score" });
  const results = {};

  const save = () => storage?.set?.(STORAGE_KEY, saved);
  const updateScore = () => {
    const right = questions.filter((q) => results[q.id] === "right").length;
    score.textContent = `Respuestas correctas: ${right} de ${questions.length}.`;
  };

  questions.forEach((question, index) => {
    const { holder, inputs, check, feedback } = enhance(section, question, index);

    const verdict = () => {
      const answer = readAnswer(question, inputs);
      const result = grade(question, answer);
      showFeedback(holder, feedback, question, result);
      results[question.id] = result.state;
      saved[question.id] = { answer, checked: result.state === "right" || result.state === "wrong" };
      save();
      updateScore();
    };

    // A changed answer is a new attempt: the old verdict no longer applies.
    const changed = () => {
      delete holder.dataset.verdict;
      feedback.replaceChildren();
      results[question.id] = null;
      saved[question.id] = { answer: readAnswer(question, inputs), checked: false };
      save();
      updateScore();
    };
    for (const input of inputs) input.addEventListener(question.kind === "number" ? "input" : "change", changed);

    // In a form, submitting (the button, or Enter in the number field) checks the
    // answer; the page never navigates.
    if (holder.matches("form")) {
      holder.addEventListener("submit", (event) => {
        event.preventDefault();
        verdict();
      });
    } else {
      check.addEventListener("click", verdict);
      if (question.kind === "number") {
        inputs[0].addEventListener("keydown", (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            verdict();
          }
        });
      }
    }

    const previous = saved[question.id];
    if (previous && previous.answer !== undefined) {
      writeAnswer(question, inputs, previous.answer);
      if (previous.checked) {
        const result = grade(question, readAnswer(question, inputs));
        // A verdict restored from the last visit is not news: keep it out of the
        // announcements while it is written, then let the region speak again.
        feedback.setAttribute("aria-live", "off");
        showFeedback(holder, feedback, question, result);
        requestAnimationFrame(() => feedback.removeAttribute("aria-live"));
        results[question.id] = result.state;
      }
    }
  });

  // Whatever form wraps the questions must never submit: without an action it would
  // reload the page (Enter in a radio or in the only text field submits implicitly).
  for (const form of section.querySelectorAll("form")) {
    if (!form.dataset.question) form.addEventListener("submit", (event) => event.preventDefault());
  }
  section.append(score);
  updateScore();
  return { grade };
}
