// Help for a learner stuck on the challenge: «Pista» reveals the lesson's hints one per
// press once a Comprobar has failed, and «Ver la solución del curso» shows the course's
// solution beside the learner's code, after a pass or, behind a confirmation, after
// enough failed attempts. What the learner has been shown is kept in storage, so a
// reload (or an offline visit) shows the same. The texts come drawn by the build in
// <template>s; the view that compares the two codes is a chunk of its own, fetched the
// first time a learner asks for it.
import { t, tn } from "./i18n.js";

const HINTS = "hints"; // how many hints were shown
const FAILED = "attempts"; // failed Comprobar of code that compiled, counted until the first pass
const PASSED = "passed"; // the challenge was solved at least once
export const SEEN = "solution-seen"; // the solution was opened before any pass (courses.js reads it)

/**
 * @param {HTMLElement} section  the challenge's section (parts/challenge.html)
 * @param {{data: any, storage: any}} ctx
 * @param {() => string} getCode  the learner's code as it stands in the editor
 * @returns {{graded: (solved: boolean, attempt: boolean) => void}}  to call after each Comprobar
 *   that was graded; `attempt` is false when the code did not compile
 */
export function createHelp(section, ctx, getCode) {
  const $ = (selector) => section.querySelector(selector);
  const { hints: total = 0, solution } = ctx.data.challenge;
  // Above the checks' report, not below it: on a phone one failed check can fill the screen,
  // and Pista must not wait at its end.
  const box = $(".challenge-checks").insertAdjacentElement("beforebegin", document.createElement("div"));
  box.className = "challenge-help";
  const actions = box.appendChild(document.createElement("div"));
  actions.className = "cell-actions";
  const button = (label) => {
    const b = actions.appendChild(document.createElement("button"));
    b.type = "button";
    b.textContent = label;
    return b;
  };
  const hintButton = button(t("Hint"));
  const solutionButton = button(t("See the course's solution"));
  const hintRegion = box.appendChild(document.createElement("section"));
  hintRegion.className = "challenge-hints";
  hintRegion.setAttribute("aria-label", t("Hints"));
  // The hints seen so far fold under one line when the learner checks again, so the new
  // report is not pushed screens down on a phone; Pista opens them again, with the next.
  const seen = hintRegion.appendChild(document.createElement("details"));
  seen.className = "hints-seen";
  const seenSummary = seen.appendChild(document.createElement("summary"));
  const hintList = seen.appendChild(document.createElement("div"));
  hintList.className = "hint-list";
  hintList.setAttribute("aria-live", "polite");
  // Said where it can be read on any screen (a title is a mouse's tooltip only): that the
  // hints are over, and when the course's solution will be offered.
  const hintsOver = hintRegion.appendChild(document.createElement("p"));
  hintsOver.className = "cell-note hints-over";
  const hintTexts = [...$(".challenge-hint-texts").content.children];
  const confirm = $(".solution-confirm");
  let view = null; // the solution's panel, once shown

  // A solve kept from before this help existed counts as a pass too.
  const passed = () => ctx.storage.get(PASSED) === true || ctx.storage.get("challenge")?.solved === true;
  const count = (what) => {
    const n = ctx.storage.get(what, 0);
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  for (let i = 0; i < Math.min(count(HINTS), hintTexts.length); i++) hintList.append(hintTexts[i].cloneNode(true));
  seen.open = hintList.children.length === 0; // seen before the reload: folded
  update();

  hintButton.addEventListener("click", () => {
    const shown = hintList.children.length;
    if (shown >= hintTexts.length) return;
    // Focus stays on the button, so the next press is one key away; the hints' box is a
    // live region, so the new hint is read out as it appears. Paragraphs, not a list:
    // the challenge's one list is its checks.
    seen.open = true;
    hintList.append(hintTexts[shown].cloneNode(true));
    ctx.storage.set(HINTS, shown + 1);
    update();
  });

  solutionButton.addEventListener("click", () => {
    if (passed() || ctx.storage.get(SEEN) === true) return showSolution();
    confirm.returnValue = "";
    confirm.showModal();
  });
  confirm.addEventListener("close", () => {
    if (confirm.returnValue !== "ver") return;
    ctx.storage.set(SEEN, true);
    showSolution();
  });

  function update() {
    const failed = count(FAILED);
    const shown = hintList.children.length;
    hintButton.hidden = total === 0 || (failed === 0 && shown === 0);
    const exhausted = shown >= hintTexts.length;
    hintButton.setAttribute("aria-disabled", String(exhausted));
    hintButton.title = exhausted ? t("You have seen every hint") : "";
    hintRegion.hidden = hintButton.hidden && shown === 0;
    solutionButton.hidden = !solution || !(passed() || failed >= solution.after || ctx.storage.get(SEEN) === true);
    hintsOver.hidden = !exhausted || total === 0;
    seen.hidden = shown === 0;
    seenSummary.textContent = tn("The hint you have seen", "The {n} hints you have seen", shown);
    hintsOver.textContent = !solution || !solutionButton.hidden
      ? t("You have seen every hint.")
      : tn("You have seen every hint. The course's solution is offered after {n} failed check, and you have made {failed}.",
           "You have seen every hint. The course's solution is offered after {n} failed checks, and you have made {failed}.",
           solution.after, { failed });
    box.hidden = hintButton.hidden && solutionButton.hidden && hintRegion.hidden;
  }

  async function showSolution() {
    solutionButton.setAttribute("aria-busy", "true");
    try {
      let renderSolution;
      try {
        ({ renderSolution } = await import("./solution-view.js"));
      } catch {
        // Only a first visit cut off mid-way lacks it: the service worker keeps it after.
        const note = document.createElement("p");
        note.className = "challenge-solution";
        note.textContent = t("The comparison with the course's solution could not be loaded. " +
          "Check the connection and press the button again.");
        if (view) view.replaceWith(note);
        else box.append(note);
        view = note;
        return;
      }
      const fresh = renderSolution({
        learner: getCode(),
        function: solution.function,
        course: $(".challenge-solution-code").content,
      });
      if (view) view.replaceWith(fresh);
      else box.append(fresh);
      view = fresh;
      view.querySelector("h3").focus();
    } finally {
      solutionButton.removeAttribute("aria-busy");
    }
  }

  return {
    /** A new Comprobar: the hints fold, and the solution's panel goes, since its side of the
     * learner's function showed the code of an earlier check (its button brings it back). */
    checking() {
      seen.open = false;
      view?.remove();
      view = null;
    },
    graded(solved, attempt = true) {
      if (solved) ctx.storage.set(PASSED, true);
      else if (attempt && !passed()) ctx.storage.set(FAILED, count(FAILED) + 1);
      update();
    },
  };
}
