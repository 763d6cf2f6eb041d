// The front page and each course's page: what the learner did in each lesson on this
// browser (opened it, the quiz's tally, the challenge solved, the course solution opened
// before solving it), all read from what the lesson's page keeps (main.js, quiz.js,
// challenge.js, challenge-help.js) in the learner's storage; no storage, no note. A
// course's page also lets the learner download all of it as JSON, or forget it.
import { courseRecords, createStorage } from "./storage.js";
import { t, translator } from "./i18n.js";

// The lesson page's keys; not imported, to keep this bundle small.
const SEEN = "solution-seen"; // challenge-help.js
const PASSED = "passed"; // challenge-help.js: solved at least once, whatever came after
const VISITED = "visited"; // main.js
const SCORE = "quiz-score"; // quiz.js

// Opened once: opening storage writes a probe, which other tabs hear as a change.
const lessons = [...document.querySelectorAll("li[data-lesson]")].map((item) => {
  const [course, lesson] = item.dataset.lesson.split("/");
  return { item, storage: createStorage(course, lesson) };
});

function show() {
  for (const { item, storage } of lessons) {
    const note = item.querySelector(".lesson-solved");
    const seen = item.querySelector(".lesson-solution-seen");
    // A later failed Comprobar does not undo a solve: "challenge" is only the last verdict.
    const solved = storage.get(PASSED) === true || storage.get("challenge")?.solved === true;
    if (note) note.hidden = !solved;
    if (seen) seen.hidden = storage.get(SEEN) !== true;

    let line = item.querySelector(".lesson-progress");
    if (!line) {
      line = document.createElement("p");
      line.className = "lesson-progress";
      item.querySelector(".lesson-summary")?.before(line) ?? item.append(line);
    }
    const { t, tn } = translator(item);
    const parts = [storage.get(VISITED) ? t("Visited") : t("Not visited")];
    const score = storage.get(SCORE);
    if (Number.isInteger(score?.total) && score.total > 0) {
      parts.push(tn("quiz: {right} of {n} answer right", "quiz: {right} of {n} answers right", score.total, { right: score.right }));
    }
    if (note && !solved && storage.get(VISITED)) parts.push(t("challenge not solved"));
    line.textContent = t("{parts}.", { parts: parts.join(t(", ")) });
    line.hidden = !storage.persistent;
  }
}

function progressControls(section) {
  const course = section.dataset.course;
  const records = courseRecords(course);
  const status = section.querySelector(".progress-status");
  const confirm = section.querySelector(".progress-confirm");
  // A link to the progress itself, as data: it is written afresh at each click, before the
  // browser follows it, so it holds what is kept at that moment.
  const link = section.querySelector('[data-action="export"]');
  const write = () => {
    const data = { course, exported: new Date().toISOString(), lessons: records.read() };
    link.href = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(data, null, 2))}`;
  };
  link.addEventListener("click", () => {
    write();
    status.textContent = t("Your progress has been downloaded: {file}.", { file: link.download });
  });
  write();
  section.querySelector('[data-action="clear"]').addEventListener("click", () => confirm.showModal());
  confirm.addEventListener("close", () => {
    if (confirm.returnValue !== "borrar") return;
    records.clear();
    show();
    write();
    status.textContent = t("Your progress in this course has been cleared.");
  });
  section.hidden = !lessons[0]?.storage.persistent;
}

show();
const section = document.querySelector("section.progress[data-course]");
if (section) progressControls(section);
// Another tab's lesson may change what is kept while this page is open.
addEventListener("storage", (event) => {
  if (event.key === null || lessons.some(({ storage }) => event.key.startsWith(storage.key("")))) {
    show();
  }
});
