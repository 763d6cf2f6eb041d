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
  defaultKeymap, history, historyKeymap, indentWithTab, deleteCharBackward, deleteCharForward,
  deleteGroupBackward, deleteGroupForward, deleteLineBoundaryBackward, deleteLineBoundaryForward,
  insertNewlineAndIndent, undo, redo,
} from "@codemirror/commands";
import {
  syntaxHighlighting, defaultHighlightStyle, HighlightStyle, indentOnInput, bracketMatching, indentUnit,
} from "@codemirror/language";
import { python } from "@codemirror/lang-python";

// Three of CodeMirror's default colours fall under 4.5:1 on the editor's
// background (#f6f8fa): string escapes and f-strings (#e40), type names (#085)
// and invalid code (#f00). The rest pass; these are darkened.
const DARKER = { "#e40": "#a33000", "#085": "#066a3c", "#f00": "#b00" };
const highlightStyle = HighlightStyle.define(defaultHighlightStyle.specs.map(
  (spec) => (spec.color in DARKER ? { ...spec, color: DARKER[spec.color] } : spec)));

/**
 * @param {object} options
 * @param {Element} options.parent   where the editor goes
 * @param {string} options.doc       the starting code
 * @param {string} options.label     accessible name of the text box, e.g. "Código de la celda 1"
 * @param {{anchor: number, head: number}} [options.selection]  where the caret starts
 * @param {() => void} [options.onRun]  Ctrl/Cmd+Enter
 * @param {(code: string) => void} [options.onChange]  after every edit
 * @returns {{view: EditorView, getCode: () => string, setCode: (code: string) => void, focus: () => void}}
 */
export function createEditor({ parent, doc, label, selection, onRun, onChange }) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      selection: selection && EditorSelection.single(
        Math.min(selection.anchor, doc.length), Math.min(selection.head, doc.length)),
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
        python(),
        indentUnit.of("    "),
        // Above the default keymap, which binds Mod-Enter to "insert blank line".
        Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => (onRun?.(), true) }])),
        // Tab indents, as learners expect in Python; Escape then Tab leaves the editor.
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({
          "aria-label": label, tabindex: "0", spellcheck: "false", autocapitalize: "off", autocorrect: "off",
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange?.(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode(code) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
    },
    focus: () => view.focus(),
  };
}

// What an editing intent that came without a key (a phone's keyboard, dictation)
// does in the editor.
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
