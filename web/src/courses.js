// The front page and each course's page: a lesson whose challenge the learner has
// solved on this browser says so, and so does one whose course solution they opened
// before solving it. Both are what the lesson's page keeps (challenge.js,
// challenge-help.js) in the learner's storage; no storage, no note.
import { createStorage } from "./storage.js";

const SEEN = "solution-seen"; // challenge-help.js's key; not imported, to keep this bundle small

for (const item of document.querySelectorAll("li[data-lesson]")) {
  const note = item.querySelector(".lesson-solved");
  const seen = item.querySelector(".lesson-solution-seen");
  const [course, lesson] = item.dataset.lesson.split("/");
  const storage = createStorage(course, lesson);
  if (note && storage.get("challenge")?.solved === true) note.hidden = false;
  if (seen && storage.get(SEEN) === true) seen.hidden = false;
}
