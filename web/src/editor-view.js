// The second part of the editor (see code-box.js): CodeMirror's view, the largest part,
// evaluated in a task of its own, with the styles it needs under the page's policy.
import "./csp-styles.js"; // first: before the editor puts its styles on the page
export { EditorView } from "@codemirror/view";
