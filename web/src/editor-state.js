// The first part of the editor (see code-box.js): CodeMirror's document model and the
// parser runtime, evaluated in a task of its own. Naming one export of each keeps it.
export { EditorState } from "@codemirror/state";
export { Tree } from "@lezer/common";
export { LRParser } from "@lezer/lr";
export { tags } from "@lezer/highlight";
