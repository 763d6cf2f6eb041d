// The quiz: graded in the page from ctx.data.quiz (lesson.toml's [[quiz]]), one
// fieldset per question. The server renders the questions; this module adds what
// it lacks (options, the answer field, a check button, the feedback) and keeps the
// learner's answers in ctx.storage so they survive a reload.
//
// Kinds: "single" (one option), "multi" (all or nothing: every correct option and no
// wrong one) and "number" (within a tolerance; text that is not a number gets the
// question's hint, which is neither an error nor a wrong answer).
//
// A wrong answer gets a nudge (the chosen option's, else the question's), never the
// answer: the explanation comes with a right answer, or when the learner asks for it
// with «Ver la respuesta», offered once they have missed.
//
// Each question is kept on its own, `quiz:<id>` = {rev, answer, checked, missed, revealed},
// choices by option id (the build's, from the option's text), so a reorder of the options
// keeps an answer and a changed question (another `rev`) drops it. Another tab's answers
// arrive through the storage event. `quiz-score` is the tally the course's page shows.
import { el, plural } from "./dom.js";
import { decimal, t, tn } from "./i18n.js";

const SAVED = (id) => `quiz:${id}`;
const SCORE = "quiz-score";
const LEGACY = "quiz"; // answers by option position, all in one value: unsafe after a reorder
const DEFAULT_NUDGE = () => t("Read the question again, and the part of the lesson about it.");
const DEFAULT_HINT = () => t("Write the answer in figures, for example 7.");
// A number as a learner types it: optional sign, digits, a decimal point or comma.
const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

// A question as lesson.toml gives it, with the defaults the format allows filled in.
export function normalise(raw) {
  return { ...raw, kind: raw.kind || "single", prompt: raw.prompt ?? "", options: raw.options || [] };
}

// An author's field as the build rendered it (inline Markdown, escaped by the build:
// render.quiz_for_page), else its text.
function authored(item, field) {
  const html = item?.html?.[field];
  if (typeof html !== "string") return document.createTextNode(item?.[field] ?? "");
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

// An option as a sentence of the page quotes it: its text without Markdown.
// An option said inside the sentence's own quotation marks: its quotes go one level down
// («a “b”» becomes “a ‘b’”, as Spanish and English nest them) and its final full stop gives
// way to the sentence's own.
const quoted = (option) => (option.plain ?? option.text)
  .replace(/“/g, "‘").replace(/”/g, "’").replace(/«/g, "“").replace(/»/g, "”")
  .replace(/\.$/, "");

// An option that is one piece of code (`"Fizz"`) is set as code where a sentence names it,
// without the sentence's quotation marks: “"Fizz"” would quote it twice. The sentence is
// translated with a mark in the option's place, and the code goes where the mark is.
const CODE_ONLY = /^`([^`]+)`$/;
const MARK = "\u0000";
const optionValue = (option) => (CODE_ONLY.test(option.text ?? "") ? MARK : quoted(option));

function naming(sentence, option) {
  if (!sentence.includes(MARK)) return [sentence];
  const [before, after] = sentence.split(/[“«‘"]?\u0000[”»’"]?/);
  return [before, el("code", { text: option.text.match(CODE_ONLY)[1] }), after].filter((part) => part !== "");
}

// Pure grading: the answer as the learner gave it, the verdict and what to say.
// state: "right" | "wrong" (a verdict), "empty" | "hint" (no verdict yet).
export function grade(question, answer) {
  const options = question.options || [];
  if (question.kind === "number") {
    // A full stop after the figures ends a sentence, as in «5.»: it is no decimal point.
    const raw = typeof answer === "string" ? answer.trim().replace(/(\d)\.$/, "$1") : "";
    if (!raw) return { state: "empty", message: t("Write a number.") };
    if (!NUMBER.test(raw)) return { state: "hint", message: question.hint_not_number || DEFAULT_HINT() };
    const value = Number(raw.replace(",", "."));
    const tolerance = Number(question.tolerance || 0);
    const right = Math.abs(value - Number(question.answer)) <= tolerance + 1e-9;
    return { state: right ? "right" : "wrong", value };
  }
  const byId = new Map(options.map((o) => [o.id, o]));
  if (question.kind === "multi") {
    const chosen = new Set((Array.isArray(answer) ? answer : []).filter((id) => byId.has(id)));
    if (!chosen.size) return { state: "empty", message: t("Mark at least one option.") };
    const missed = options.filter((o) => o.correct && !chosen.has(o.id)).length;
    const wrong = [...chosen].filter((id) => !byId.get(id).correct).length;
    // In the options' order on the page, whatever order they were ticked in.
    return { state: missed || wrong ? "wrong" : "right", chosen: options.filter((o) => chosen.has(o.id)), missed, wrong };
  }
  const option = byId.get(answer);
  if (!option) return { state: "empty", message: t("Choose an option.") };
  return { state: option.correct ? "right" : "wrong", chosen: [option] };
}

// What a learner kept for a question, if it still fits it: a question whose revision
// changed (another prompt, other options, another answer) starts afresh.
function loadSaved(storage, question) {
  const saved = storage?.get?.(SAVED(question.id));
  if (!saved || typeof saved !== "object" || saved.rev !== question.rev) return null;
  return saved;
}

function widgetLink() {
  const widget = document.querySelector("section.widget");
  if (!widget) return null;
  // Named after the widget's own accessible name: "Traza del bucle" gives
  // "Volver a la traza del bucle".
  const label = widget.getAttribute("aria-label") ?? "";
  if (!widget.id) widget.id = label.toLowerCase().replace(/\s+/g, "-") || "widget";
  const name = label.charAt(0).toLowerCase() + label.slice(1);
  return el("a", { href: `#${widget.id}`, className: "quiz-back", text: t("Back to the {widget}", { widget: name }) });
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
      fieldset.append(el("label", { className: "quiz-number" }, t("Your answer"), " ", field));
    }
    // A number input would hide what was typed: "trece" and " 13 " must reach us as text.
    field.type = "text";
    field.inputMode = "decimal";
    field.autocomplete = "off";
    if (!field.labels?.length && !field.hasAttribute("aria-label")) field.setAttribute("aria-label", t("Your answer"));
    inputs = [field];
  } else {
    const type = question.kind === "multi" ? "checkbox" : "radio";
    inputs = [...fieldset.querySelectorAll(`input[type="${type}"]`)];
    if (inputs.length !== question.options.length) {
      fieldset.querySelectorAll(".quiz-options").forEach((n) => n.remove());
      const list = el("ul", { className: "quiz-options" });
      inputs = question.options.map((option) => {
        const input = el("input", { type, name: `quiz-${question.id}`, value: option.id });
        list.append(el("li", {}, el("label", { className: "quiz-option" }, input, " ", el("span", { text: option.text }))));
        return input;
      });
      fieldset.append(list);
    }
    for (const input of inputs) if (!input.name) input.name = `quiz-${question.id}`;
  }

  let check = holder.querySelector('button[type="submit"], button.quiz-check');
  if (!check) {
    check = el("button", { type: "button", className: "quiz-check", text: t("Check answer") });
    holder.append(el("div", { className: "quiz-actions" }, check));
  }
  // Offered once the learner has missed: the answer is theirs to ask for, never given
  // with a wrong verdict.
  const reveal = el("button", { type: "button", className: "quiz-reveal", text: t("See the answer") });
  reveal.hidden = true;
  check.after(" ", reveal);
  // The feedback holds paragraphs and a list, so it must be a <div>, not a <p>.
  let feedback = holder.querySelector('[role="status"]');
  const box = el("div", { className: "quiz-feedback", role: "status" });
  if (!feedback) holder.append(box);
  else if (feedback.tagName !== "DIV") feedback.replaceWith(box);
  feedback = feedback?.tagName === "DIV" ? feedback : box;
  // The answer, once asked for: apart from the verdict, which a new attempt clears.
  const answer = el("div", { className: "quiz-answer", tabIndex: -1 });
  answer.hidden = true;
  feedback.after(answer);
  return { holder, inputs, check, reveal, feedback, answer };
}

// Options carry their id in value (the build's, or the data's when this module drew them).
function readAnswer(question, inputs) {
  if (question.kind === "number") return inputs[0].value;
  const checked = inputs.filter((input) => input.checked).map((input) => input.value);
  return question.kind === "multi" ? checked : checked.length ? checked[0] : null;
}

function writeAnswer(question, inputs, answer) {
  if (question.kind === "number") {
    inputs[0].value = typeof answer === "string" ? answer : "";
    return;
  }
  const chosen = new Set(question.kind === "multi" ? (Array.isArray(answer) ? answer : []) : [answer]);
  for (const input of inputs) input.checked = chosen.has(input.value);
}

function verdictText(question, result) {
  if (result.state === "right") return t("Right.");
  if (question.kind === "multi") {
    const parts = [];
    if (result.missed) parts.push(tn("you have {n} right option left to mark", "you have {n} right options left to mark", result.missed));
    if (result.wrong) parts.push(tn("you marked {n} option that is not true", "you marked {n} options that are not true", result.wrong));
    // Babel drops a message with spaces around it (" and "): two parts join in a message.
    const joined = parts.length === 2 ? t("{first} and {second}", { first: parts[0], second: parts[1] }) : parts[0];
    return t("Wrong: it is all or nothing, and {parts}.", { parts: joined });
  }
  if (question.kind === "number") return t("Wrong: {value} is not the answer.", { value: decimal(String(result.value)) });
  return t("Wrong.");
}

// Each option's note, as a paragraph, or a list naming the options when there are several.
function optionNotes(options, field, className) {
  const notes = options.filter((o) => o[field]);
  if (!notes.length) return null;
  if (notes.length === 1 && options.length === 1) return el("p", { className }, authored(notes[0], field));
  const list = el("ul", { className });
  for (const o of notes) list.append(el("li", {}, el("strong", {}, ...naming(t("“{option}”", { option: optionValue(o) }), o)), " ", authored(o, field)));
  return list;
}

// `revealed`: the answer is shown already, with its explanation: a right answer then says
// only that it is right, not the same paragraphs a second time.
function showFeedback(holder, feedback, question, result, revealed = false) {
  holder.dataset.verdict = result.state;
  if (result.state === "empty" || result.state === "hint") {
    const own = result.state === "hint" && question.hint_not_number;
    feedback.replaceChildren(own
      ? el("p", { className: "quiz-hint" }, authored(question, "hint_not_number"))
      : el("p", { className: `quiz-${result.state}`, text: result.message }));
    return;
  }
  const parts = [el("p", { className: "quiz-verdict", text: verdictText(question, result) })];
  let said = question.prompt;
  if (result.state === "right" && !revealed) {
    // Why the chosen options are right, then the whole explanation.
    parts.push(optionNotes(result.chosen ?? [], "feedback", "quiz-option-feedback"));
    if (question.explanation) parts.push(el("p", { className: "quiz-explanation" }, authored(question, "explanation")));
  } else if (result.state !== "right") {
    // Where to look: the nudges of the wrong options chosen, else the question's. Missed
    // options are only counted, so a retry is still a question.
    const nudged = optionNotes((result.chosen ?? []).filter((o) => !o.correct), "nudge", "quiz-nudge");
    parts.push(nudged ?? (question.nudge
      ? el("p", { className: "quiz-nudge" }, authored(question, "nudge"))
      : el("p", { className: "quiz-nudge", text: DEFAULT_NUDGE() })));
  }
  said += ` ${parts.filter(Boolean).slice(1).map((p) => p.textContent).join(" ")}`;
  if (/widget/i.test(said)) parts.push(widgetLink());
  feedback.replaceChildren(...parts.filter(Boolean));
}

// chosen: the options the learner has marked, whose feedback now says why they are wrong.
function showAnswer(box, question, chosen = []) {
  const right = question.options.filter((o) => o.correct);
  const parts = [];
  if (question.kind === "number") {
    const value = decimal(String(question.answer));
    const text = Number(question.tolerance) > 0
      ? t("The answer is {value} (with a margin of ±{margin}).", { value, margin: decimal(String(question.tolerance)) })
      : t("The answer is {value}.", { value });
    parts.push(el("p", { className: "quiz-verdict", text }));
  } else if (right.length === 1) {
    parts.push(el("p", { className: "quiz-verdict" }, ...naming(t("The answer is “{option}”.", { option: optionValue(right[0]) }), right[0])));
    if (right[0].feedback) parts.push(el("p", { className: "quiz-option-feedback" }, authored(right[0], "feedback")));
  } else {
    parts.push(el("p", { className: "quiz-verdict", text: t("The right options are:") }));
    const list = el("ul", { className: "quiz-option-feedback" });
    for (const o of right) list.append(el("li", {}, el("strong", {}, ...naming(t("“{option}”", { option: optionValue(o) }), o)), o.feedback ? " " : "", o.feedback ? authored(o, "feedback") : ""));
    parts.push(list);
  }
  if (question.explanation) parts.push(el("p", { className: "quiz-explanation" }, authored(question, "explanation")));
  const wrong = question.options.filter((o) => !o.correct && o.feedback && chosen.includes(o.id));
  if (wrong.length) {
    const list = el("ul", { className: "quiz-option-feedback" });
    for (const o of wrong) list.append(el("li", {}, el("strong", {}, ...naming(t("Your answer, “{option}”:", { option: optionValue(o) }), o)), " ", authored(o, "feedback")));
    parts.push(list);
  }
  box.replaceChildren(...parts);
  box.hidden = false;
}

export function mount(section, ctx) {
  const questions = Array.isArray(ctx?.data?.quiz) ? ctx.data.quiz.map(normalise) : [];
  if (!questions.length) return null;
  const storage = ctx.storage;
  storage?.remove?.(LEGACY);
  const score = el("p", { className: "quiz-score" });
  const results = {};
  const revealed = {}; // id -> the learner has seen the answer
  const shown = {}; // id -> apply(saved): shows what another tab saved

  // A question answered right after its answer was shown is not counted as right: the
  // tally would otherwise reward pressing «See the answer». One right after a wrong try
  // counts, and the tally says how many were right at the first try: trying again is how a
  // quiz teaches, and the learner still sees what they knew. Nothing is shown (or kept for
  // the course page) until a first answer has been checked: «0 of 5» before any attempt
  // reads as a failure.
  const missed = {}; // id -> a wrong answer was checked before
  const updateScore = () => {
    const checked = questions.filter((q) => results[q.id] === "right" || results[q.id] === "wrong");
    const shownFirst = checked.filter((q) => results[q.id] === "right" && revealed[q.id]).length;
    const right = checked.filter((q) => results[q.id] === "right").length - shownFirst;
    const first = checked.filter((q) => results[q.id] === "right" && !revealed[q.id] && !missed[q.id]).length;
    score.hidden = !checked.length;
    if (!checked.length) {
      score.textContent = "";
      return;
    }
    const total = questions.length;
    // Out of the questions answered so far, and how many are left: «0 of 5» after a first
    // wrong answer read as a failed quiz.
    const answered = checked.length;
    const tally = first < right
      ? t("{right} of {total}, {first} of them at the first try", { right, total: answered, first })
      : t("{right} of {total}", { right, total: answered });
    const said = shownFirst
      ? tn("Right answers: {tally}, and {n} after seeing the answer.",
           "Right answers: {tally}, and {n} after seeing their answers.", shownFirst, { tally })
      : t("Right answers: {tally}.", { tally });
    const left = total - answered;
    score.textContent = left
      ? said + " " + tn("{n} question left to answer.", "{n} questions left to answer.", left)
      : said;
    storage?.set?.(SCORE, { right, total });
  };

  questions.forEach((question, index) => {
    const { holder, inputs, check, reveal, feedback, answer } = enhance(section, question, index);
    const restored = loadSaved(storage, question);
    if (!restored && storage?.get?.(SAVED(question.id)) != null) storage.remove(SAVED(question.id));
    let kept = restored ?? { rev: question.rev };

    const save = (changes) => {
      kept = { ...kept, ...changes, rev: question.rev };
      storage?.set?.(SAVED(question.id), kept);
    };
    const clearVerdict = () => {
      delete holder.dataset.verdict;
      feedback.replaceChildren();
      results[question.id] = null;
    };
    const offerAnswer = () => {
      // Nothing to reveal once the learner's own answer is right.
      reveal.hidden = !kept.missed || Boolean(kept.revealed) || results[question.id] === "right";
    };

    const verdict = () => {
      const given = readAnswer(question, inputs);
      const result = grade(question, given);
      showFeedback(holder, feedback, question, result, Boolean(kept.revealed));
      // The answer shown says why the learner's own choice was wrong: the choice now.
      if (kept.revealed) showAnswer(answer, question, [given].flat());
      // On a phone the verdict can land below the screen's edge: bring it into view.
      feedback.scrollIntoView({ block: "nearest" });
      results[question.id] = result.state;
      const checked = result.state === "right" || result.state === "wrong";
      save({ answer: given, checked, missed: Boolean(kept.missed || result.state === "wrong") });
      missed[question.id] = kept.missed;
      offerAnswer();
      updateScore();
    };

    // A changed answer is a new attempt: the old verdict no longer applies.
    const changed = () => {
      clearVerdict();
      save({ answer: readAnswer(question, inputs), checked: false });
      updateScore();
    };
    for (const input of inputs) input.addEventListener(question.kind === "number" ? "input" : "change", changed);

    reveal.addEventListener("click", () => {
      save({ revealed: true });
      revealed[question.id] = true;
      showAnswer(answer, question, [readAnswer(question, inputs)].flat());
      offerAnswer();
      // The button that had focus is gone: focus goes to what it showed.
      answer.focus();
    });

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

    // What was kept, on this visit's first look or from another tab: not news, so kept
    // out of the announcements while it is written, then the region speaks again.
    const apply = (saved) => {
      kept = saved && saved.rev === question.rev ? saved : { rev: question.rev };
      writeAnswer(question, inputs, kept.answer);
      clearVerdict();
      if (kept.checked) {
        const result = grade(question, readAnswer(question, inputs));
        feedback.setAttribute("aria-live", "off");
        showFeedback(holder, feedback, question, result, Boolean(kept.revealed));
        requestAnimationFrame(() => feedback.removeAttribute("aria-live"));
        results[question.id] = result.state;
      }
      revealed[question.id] = Boolean(kept.revealed);
      missed[question.id] = Boolean(kept.missed);
      if (kept.revealed) showAnswer(answer, question, [kept.answer].flat());
      else answer.hidden = true;
      offerAnswer();
    };
    shown[question.id] = apply;
    if (restored) apply(restored);
  });

  storage?.onChange?.((what, value) => {
    const question = questions.find((q) => SAVED(q.id) === what);
    if (!question) return;
    shown[question.id](value);
    updateScore();
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
