// The front page and each course's page: a lesson whose challenge the learner has
// solved on this browser says so. The verdict is the one the lesson's page keeps
// (challenge.js) in the learner's storage; no storage, no note.
import { createStorage } from "./storage.js";

for (const item of document.querySelectorAll("li[data-lesson]")) {
  const note = item.querySelector(".lesson-solved");
  const [course, lesson] = item.dataset.lesson.split("/");
  if (note && createStorage(course, lesson).get("challenge")?.solved === true) note.hidden = false;
}
