// The code editor shared by the cells and the challenge: CodeMirror 6 with
// Python highlighting and line numbers (tracebacks cite line numbers). This
// module is a chunk of its own: code-box.js imports it when a learner reaches
// for an editor, or when the page is idle.
import "./editor-view.js"; // first: it makes the editor's styles reach the page
import { EditorSelection, EditorState, Prec } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars, runScopeHandlers,
} from "@codemirror/view";
import {
  defaultKeymap, history, historyKeymap, deleteCharBackward, deleteCharForward,
  deleteGroupBackward, deleteGroupForward, deleteLineBoundaryBackward, deleteLineBoundaryForward,
  insertNewlineAndIndent, indentMore, indentLess, undo, redo,
} from "@codemirror/commands";
import {
  syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching, indentUnit,
} from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags as t } from "@lezer/highlight";

// The editor colours its tokens with the custom properties the build's highlighting
// uses (web/style.css, --tok-*), so that the code keeps its colours when the editor
// takes the static code's place, and follows the page's light or dark scheme with
// no theme switch here: style.css redefines the properties, and contrast is checked
// there once for both. Names, operators and punctuation keep the text's colour.
const highlightStyle = HighlightStyle.define([
  { tag: [t.keyword, t.bool, t.escape, t.regexp], color: "var(--tok-keyword)" },
  { tag: [t.string, t.special(t.string), t.deleted], color: "var(--tok-string)" },
  { tag: t.comment, color: "var(--tok-comment)", fontStyle: "italic" },
  { tag: [t.number, t.literal, t.inserted], color: "var(--tok-number)" },
  { tag: [t.definition(t.variableName), t.definition(t.propertyName), t.className, t.meta],
    color: "var(--tok-definition)" },
  { tag: [t.typeName, t.namespace, t.special(t.variableName), t.macroName], color: "var(--tok-builtin)" },
  { tag: t.invalid, color: "var(--bad)" },
  { tag: t.link, textDecoration: "underline" },
  { tag: t.heading, textDecoration: "underline", fontWeight: "bold" },
  { tag: t.emphasis, fontStyle: "italic" },
  { tag: t.strong, fontWeight: "bold" },
]);

// CodeMirror's base theme draws the caret, the selection and the line being edited
// for a light page (a black caret, a light grey selection). These take the page's
// properties instead, so they read in either scheme. The selectors are the base
// theme's own: a theme's rules come after the base theme's, so equal ones win.
const colours = EditorView.theme({
  ".cm-content": { caretColor: "var(--caret)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--caret)" },
  ".cm-selectionBackground": { background: "var(--selection-blurred)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground": { background: "var(--selection)" },
  ".cm-activeLine": { backgroundColor: "var(--active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--active-gutter)" },
  "&.cm-focused .cm-matchingBracket": { backgroundColor: "var(--bracket-match)" },
});

/**
 * The editor's state, without a view: the document, its extensions and its first
 * parse (most of an editor's cost when it mounts), so that it can be made in one
 * task and the view in another.
 * @param {object} options
 * @param {string} options.doc       the starting code
 * @param {string} options.label     accessible name of the text box, e.g. "Código de la celda 1"
 * @param {string} [options.describedBy]  id of the line that tells the keys
 * @param {() => void} [options.onRun]  Ctrl/Cmd+Enter or Shift+Enter
 * @param {(code: string) => void} [options.onChange]  after every edit
 * @returns {EditorState}
 */
export function prepareEditor({ doc, label, describedBy, onRun, onChange }) {
  return EditorState.create({
    doc,
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      syntaxHighlighting(highlightStyle, { fallback: true }),
      colours,
      python(),
      indentUnit.of("    "),
      // Shift+Enter runs too, as in a notebook. Tab is left to the browser, so it moves
      // through the page as in any text box and never changes the code: Enter indents
      // the new line, Ctrl+] and Ctrl+[ (defaultKeymap) indent and dedent. The line
      // under each editor says so (parts/code.html).
      Prec.highest(keymap.of([
        { key: "Mod-Enter", run: () => (onRun?.(), true) },
        { key: "Shift-Enter", run: () => (onRun?.(), true) },
        // Ctrl as the line under the editor says, on a Mac too, where Mod is Cmd.
        { key: "Ctrl-Enter", run: () => (onRun?.(), true) },
        { key: "Ctrl-]", run: indentMore },
        { key: "Ctrl-[", run: indentLess },
      ])),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      EditorView.contentAttributes.of({
        "aria-label": label, tabindex: "0", spellcheck: "false", autocapitalize: "off", autocorrect: "off",
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange?.(update.state.doc.toString());
      }),
    ],
  });
}

/**
 * @param {object} options
 * @param {Element} options.parent   where the editor goes
 * @param {string} options.doc       the starting code
 * @param {string} options.label     accessible name of the text box
 * @param {{anchor: number, head: number}} [options.selection]  where the caret starts
 * @param {string} [options.describedBy]  id of the line that tells the keys
 * @param {() => void} [options.onRun]  Ctrl/Cmd+Enter or Shift+Enter
 * @param {(code: string) => void} [options.onChange]  after every edit
 * @param {EditorState} [options.prepared]  prepareEditor's state for these options, if
 *   its document is `doc`
 * @returns {{view: EditorView, getCode: () => string, setCode: (code: string) => void, focus: () => void}}
 */
export function createEditor({ parent, doc, label, describedBy, selection, onRun, onChange, prepared }) {
  let state = prepared?.doc.toString() === doc ? prepared : prepareEditor({ doc, label, describedBy, onRun, onChange });
  if (selection) {
    state = state.update({ selection: EditorSelection.single(
      Math.min(selection.anchor, doc.length), Math.min(selection.head, doc.length)) }).state;
  }
  const view = new EditorView({ parent, state });
  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode(code) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
    },
    focus: () => view.focus(),
  };
}

const INPUTS = {
  insertLineBreak: insertNewlineAndIndent,
  insertParagraph: insertNewlineAndIndent,
  deleteContentBackward: deleteCharBackward,
  deleteContentForward: deleteCharForward,
  deleteWordBackward: deleteGroupBackward,
  deleteWordForward: deleteGroupForward,
  deleteSoftLineBackward: deleteLineBoundaryBackward,
  deleteSoftLineForward: deleteLineBoundaryForward,
  deleteHardLineBackward: deleteLineBoundaryBackward,
  deleteHardLineForward: deleteLineBoundaryForward,
  historyUndo: undo,
  historyRedo: redo,
};

/** Apply, in order, what the learner typed before the editor existed (code-box.js
 * records it): each key goes through the editor's own key bindings, as if pressed in
 * it, so Enter indents and Ctrl+A selects; a key they do not bind types its character. */
export function replay(view, events) {
  const insert = (text, userEvent) =>
    view.dispatch(view.state.replaceSelection(text), { userEvent, scrollIntoView: true });
  for (const event of events) {
    if (event.type === "key") {
      if (runScopeHandlers(view, new KeyboardEvent("keydown", event), "editor")) continue;
      if (!event.ctrlKey && !event.metaKey && [...event.key].length === 1) insert(event.key, "input.type");
    } else if (event.type === "text") {
      insert(event.text, event.userEvent);
    } else {
      INPUTS[event.inputType]?.(view);
    }
  }
}
