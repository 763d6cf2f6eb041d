// The third part of the editor (see code-box.js): the language support and Python's
// parser, whose tables are built when it is evaluated, in a task of its own.
export { syntaxHighlighting } from "@codemirror/language";
export { python } from "@codemirror/lang-python";
