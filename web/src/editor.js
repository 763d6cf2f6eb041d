// The code editor shared by the cells and the challenge: CodeMirror 6 with
// Python highlighting and line numbers (tracebacks cite line numbers). This
// module is a chunk of its own: code-box.js imports it when a learner reaches
// for an editor, or when the page is idle.
import "./editor-view.js"; // first: it makes the editor's styles reach the page
import { EditorSelection, EditorState, Prec, StateEffect, StateField } from "@codemirror/state";
import {
  EditorView, Decoration, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars, runScopeHandlers,
} from "@codemirror/view";
import { gotoLine } from "@codemirror/search";
import {
  defaultKeymap, history, historyKeymap, deleteCharBackward, deleteCharForward,
  deleteGroupBackward, deleteGroupForward, deleteLineBoundaryBackward, deleteLineBoundaryForward,
  insertNewlineAndIndent, indentMore, indentLess, undo, redo,
} from "@codemirror/commands";
import {
  syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching, indentUnit,
} from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags } from "@lezer/highlight";
import { t } from "./i18n.js";

// The editor colours its tokens with the custom properties the build's highlighting
// uses (web/style.css, --tok-*), so that the code keeps its colours when the editor
// takes the static code's place, and follows the page's light or dark scheme with
// no theme switch here: style.css redefines the properties, and contrast is checked
// there once for both. Names, operators and punctuation keep the text's colour.
const highlightStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.bool, tags.escape, tags.regexp], color: "var(--tok-keyword)" },
  { tag: [tags.string, tags.special(tags.string), tags.deleted], color: "var(--tok-string)" },
  { tag: tags.comment, color: "var(--tok-comment)", fontStyle: "italic" },
  { tag: [tags.number, tags.literal, tags.inserted], color: "var(--tok-number)" },
  { tag: [tags.definition(tags.variableName), tags.definition(tags.propertyName), tags.className, tags.meta],
    color: "var(--tok-definition)" },
  { tag: [tags.typeName, tags.namespace, tags.special(tags.variableName), tags.macroName], color: "var(--tok-builtin)" },
  { tag: tags.invalid, color: "var(--bad)" },
  { tag: tags.link, textDecoration: "underline" },
  { tag: tags.heading, textDecoration: "underline", fontWeight: "bold" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strong, fontWeight: "bold" },
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
  ".cm-error-line": { backgroundColor: "var(--error-line)", boxShadow: "inset 3px 0 var(--bad)" },
  // The go-to-line box, in the page's colours in either scheme.
  ".cm-panels": { backgroundColor: "var(--surface)", color: "var(--text)" },
  ".cm-panels.cm-panels-bottom": { borderTop: "1px solid var(--border-strong)" },
  ".cm-textfield, .cm-button": { color: "var(--text)", backgroundColor: "var(--bg)", backgroundImage: "none",
    borderColor: "var(--border-strong)", fontSize: "inherit" },
  ".cm-dialog-close": { color: "var(--text)" },
});

// The words CodeMirror's own parts show or say: the go-to-line box (Ctrl+G), what it
// announces when a selection is deleted.
const phrases = () => ({ "Go to line": t("Go to line"), "go": t("go"), "close": t("close"),
  "Selection deleted": t("Selection deleted"), "Control character": t("Control character") });

// The line a traceback or a failed check cites, marked until the code changes.
const markLine = StateEffect.define();
const errorLine = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects) {
      if (!effect.is(markLine)) continue;
      const n = effect.value;
      if (!n || n > tr.state.doc.lines) return Decoration.none;
      return Decoration.set([Decoration.line({ class: "cm-error-line" }).range(tr.state.doc.line(n).from)]);
    }
    return tr.docChanged ? Decoration.none : marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Where the caret is, in words: what a sighted reader gets from the gutter. */
function position(state) {
  const head = state.selection.main.head;
  const line = state.doc.lineAt(head);
  return t("Line {line} of {lines}, column {column}.",
    { line: line.number, lines: state.doc.lines, column: head - line.from + 1 });
}

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
 * @param {(text: string) => void} [options.say]  tells a screen reader where the caret is
 * @returns {EditorState}
 */
export function prepareEditor({ doc, label, describedBy, onRun, onChange, say }) {
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
      errorLine,
      EditorState.phrases.of(phrases()),
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
        // The gutter's numbers and the caret's place, for whoever cannot see them: a
        // traceback cites a line, Ctrl+G goes to it and Ctrl+Mayús+L says where one is.
        { key: "Ctrl-g", run: gotoLine, preventDefault: true },
        { key: "Ctrl-Shift-l", run: (view) => (say?.(position(view.state)), true), preventDefault: true },
      ])),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      EditorView.contentAttributes.of({
        "aria-label": label, tabindex: "0", spellcheck: "false", autocapitalize: "off", autocorrect: "off",
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange?.(update.state.doc.toString());
      }),
      backToFirstColumn,
    ],
  });
}

// A caret that would show with the code at its first column brings the code back there.
// The editor scrolls sideways to follow a long line as it is typed, and stayed so on the
// lines after it: on a phone every line's start, its indentation, hid under the gutter.
const backToFirstColumn = EditorView.updateListener.of((update) => {
  if (!update.selectionSet || update.view.scrollDOM.scrollLeft === 0) return;
  update.view.requestMeasure({
    read(view) {
      const caret = view.coordsAtPos(view.state.selection.main.head);
      if (!caret) return false;
      const x = caret.left - view.contentDOM.getBoundingClientRect().left;
      const gutter = view.dom.querySelector(".cm-gutters")?.getBoundingClientRect().width ?? 0;
      return x + 2 * view.defaultCharacterWidth <= view.scrollDOM.clientWidth - gutter;
    },
    write(fits, view) {
      if (fits) view.scrollDOM.scrollLeft = 0;
    },
  });
});

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
 * @returns {{view: EditorView, getCode: () => string, setCode: (code: string) => void, focus: () => void,
 *   markError: (line: number | null) => void}}
 */
export function createEditor({ parent, doc, label, describedBy, selection, onRun, onChange, say, prepared }) {
  let state = prepared?.doc.toString() === doc ? prepared
    : prepareEditor({ doc, label, describedBy, onRun, onChange, say });
  if (selection) {
    state = state.update({ selection: EditorSelection.single(
      Math.min(selection.anchor, doc.length), Math.min(selection.head, doc.length)) }).state;
  }
  const view = new EditorView({ parent, state });
  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode(code) {
      // Code put in the box's place starts at its first column, as new code would.
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code }, selection: { anchor: 0 } });
      view.scrollDOM.scrollLeft = 0;
    },
    focus: () => view.focus(),
    /** Mark `line` (1-based) as the one an error cites; null takes the mark away. A mark
     * brings the code back to its first column: on a phone, a box left scrolled to the end
     * of a long line hid every line's indentation, which is often what the error is about. */
    markError(line) {
      view.dispatch({ effects: markLine.of(line) });
      if (line !== null) view.scrollDOM.scrollLeft = 0;
    },
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
