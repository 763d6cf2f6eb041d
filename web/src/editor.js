// The code editor shared by the cells and the challenge: CodeMirror 6 with
// Python highlighting and line numbers (tracebacks cite line numbers).
import { EditorState, Prec } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
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
 * @param {() => void} [options.onRun]  Ctrl/Cmd+Enter
 * @param {(code: string) => void} [options.onChange]  after every edit
 * @returns {{view: EditorView, getCode: () => string, setCode: (code: string) => void, focus: () => void}}
 */
export function createEditor({ parent, doc, label, onRun, onChange }) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
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
