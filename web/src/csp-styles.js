// The page's Content Security Policy allows stylesheets from the site only
// (style-src 'self', no 'unsafe-inline'). CodeMirror builds its styles in
// JavaScript, and style-mod, which puts them on the page, writes them into a
// <style> element when the editor lives in a document (it uses a constructed
// stylesheet only inside shadow roots). The policy blocks that element, and
// the editor would show without its layout.
//
// Constructed stylesheets are not inline markup, so the policy lets them be.
// style-mod keeps one style set per root under a symbol of its own; this
// gives the document the set style-mod makes for a shadow root, so every
// editor's rules go into one constructed sheet adopted by the document.
// A nonce would also do, but a static site can only ship the same nonce to
// everyone, which is no secret.
//
// Adopted sheets come after the document's own in the cascade: the site's
// rules for .cm-* elements must be more specific than CodeMirror's
// (web/style.css scopes them under .cell-editor .cm-editor).
import { StyleModule } from "style-mod";

/** Make CodeMirror's styles go to a constructed sheet adopted by `doc`.
 * Call before the first editor is created. Returns whether it took effect
 * (false in a browser without adoptedStyleSheets, where the <style> element
 * is used and blocked). */
export function adoptEditorStyles(doc = document) {
  if (!("adoptedStyleSheets" in doc) || typeof doc.defaultView?.CSSStyleSheet !== "function") return false;
  // A root with no `head` and with adoptedStyleSheets looks like a shadow root.
  const standIn = { ownerDocument: doc, adoptedStyleSheets: [] };
  StyleModule.mount(standIn, []);
  const key = Object.getOwnPropertySymbols(standIn).find((s) => s.description === "styleSet");
  if (!key) return false;
  doc[key] ??= standIn[key];
  return doc[key] === standIn[key];
}

adoptEditorStyles();
