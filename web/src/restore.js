// Restaurar, undoable: it puts back the code the lesson gave and keeps the learner's in
// storage, so «Deshacer», beside it, brings that code back, after a reload too. The
// status line says so. (In an editor that was open, Ctrl+Z undoes it too, as any edit;
// the static code that stands in for an editor not yet mounted keeps no history.)
//
// A saved code that grew from another starting code (a new build of the course changed
// the box's) is kept as it is, and a note under the box says so: Restaurar shows the
// new starting code, and Deshacer brings the learner's back.
import { t } from "./i18n.js";
import { codeStamp, startedFrom } from "./storage.js";

const UNDO_SAID = () => t("Code restored. To get yours back, press Undo.");

/**
 * @param {object} options
 * @param {HTMLButtonElement} options.resetButton  Restaurar; Deshacer goes right after it
 * @param {{getCode: () => string, setCode: (code: string) => void}} options.editor
 * @param {{get: Function, set: Function, remove: Function}} options.storage
 * @param {string} options.what      the storage key of the box's code, e.g. "code:celda1"
 * @param {string} options.original  the code the lesson gave
 * @param {(code: string) => void} options.save  keeps the box's code
 * @param {(text: string) => void} options.say   the box's status line
 * @param {() => void} [options.restored]  after the lesson's code is back (not after Undo)
 * @returns {{edited: (code: string) => void, undoable: () => string | null}}  `edited` to call
 *   after every edit of the code
 */
export function createRestore({ resetButton, editor, storage, what, original, save, say, restored }) {
  const key = `before-reset:${what}`;
  const undo = document.createElement("button");
  undo.type = "button";
  undo.textContent = t("Undo");
  undo.dataset.action = "undo-reset";
  resetButton.after(undo);

  const kept = () => {
    const code = storage?.get?.(key);
    return typeof code === "string" ? code : null;
  };
  // Offered while the restored code stands as it was restored; the first edit after it
  // makes the learner's new code the one to keep, and the old one goes.
  const update = () => {
    undo.hidden = kept() === null || editor.getCode() !== original;
  };
  update();

  const atLoad = editor.getCode();
  const stamp = storage?.get?.(startedFrom(what));
  let changed = null;
  if (typeof stamp === "string" && stamp !== codeStamp(original) && atLoad !== original) {
    changed = document.createElement("p");
    changed.className = "storage-note";
    changed.setAttribute("role", "note");
    changed.textContent = t("The starting code of this exercise has changed since you edited it. " +
      "Your code is kept: “Restore” shows the new starting code, and “Undo” brings yours back.");
    resetButton.parentElement.after(changed);
  }
  const seen = () => {
    changed?.remove();
    changed = null;
  };

  resetButton.addEventListener("click", () => {
    seen();
    const mine = editor.getCode();
    if (mine === original) {
      say(t("The code is already the original: there is nothing to restore."));
      return;
    }
    storage?.set?.(key, mine);
    editor.setCode(original);
    save(original);
    update();
    restored?.();
    say(UNDO_SAID());
  });

  undo.addEventListener("click", () => {
    const mine = kept();
    if (mine === null) return;
    storage?.remove?.(key);
    editor.setCode(mine);
    save(mine);
    update();
    // The button just went: the keyboard stays beside it, on Restaurar.
    resetButton.focus();
    say(t("You have your code back."));
  });

  return {
    /** The code Deshacer would bring back now, or null when it is not offered. */
    undoable: () => (undo.hidden ? null : kept()),
    edited(code) {
      if (code !== atLoad) seen();
      if (code === original || kept() === null) return;
      storage?.remove?.(key);
      update();
    },
  };
}
