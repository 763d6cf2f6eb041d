// The course's solution beside the learner's code, line by line, with the lines that
// differ marked: <del> for a line only the learner's code has, <ins> for one only the
// course's has. Both sides are coloured as the build colours code, and compared as
// Python reads them, token by token. A chunk of its own (with jsdiff and the editor's
// Python parser, which the editor's chunks share), imported the first time a learner
// asks for the solution.
import { diffArrays } from "diff/lib/diff/array.js";
import { pythonLanguage } from "@codemirror/lang-python";
import { highlightTree, tagHighlighter, tags } from "@lezer/highlight";
import { t } from "./i18n.js";

let serial = 0;

/** The learner's function `name` out of their whole file: from its `def` (and decorators)
 * to the next line that starts at column 0 and is not a comment. The whole code when it
 * defines no such function. */
export function learnerFunction(code, name) {
  const lines = code.replace(/\n+$/, "").split("\n");
  const def = new RegExp(`^(async\\s+)?def\\s+${name}\\s*\\(`);
  let start = lines.findIndex((line) => def.test(line));
  if (start < 0) return lines;
  while (start > 0 && lines[start - 1].startsWith("@")) start--;
  let body = start;
  while (lines[body].startsWith("@")) body++;
  let end = lines.findIndex((line, i) => i > body && /^[^\s#)\]}]/.test(line));
  if (end < 0) end = lines.length;
  while (end > body + 1 && /^(\s*|#.*)$/.test(lines[end - 1])) end--;
  return lines.slice(start, end);
}

// The build's classes for the tokens (Pygments' names, lessonsite/highlight.py), for the
// tags the editor colours the same way (editor.js): the learner's side reads like the
// course's.
const highlighter = tagHighlighter([
  { tag: [tags.keyword, tags.bool, tags.escape, tags.regexp], class: "tok-k" },
  { tag: [tags.string, tags.special(tags.string)], class: "tok-s" },
  { tag: tags.comment, class: "tok-c1" },
  { tag: [tags.number, tags.literal], class: "tok-m" },
  { tag: [tags.definition(tags.variableName), tags.definition(tags.propertyName), tags.className, tags.meta], class: "tok-nf" },
  { tag: [tags.typeName, tags.namespace, tags.special(tags.variableName), tags.macroName], class: "tok-nb" },
]);

// Parentheses that change nothing when they hold a whole statement's value or target:
// `return ("tope", None, M)` is `return "tope", None, M`, `a = (1)` is `a = 1`.
const WRAPPERS = new Set(["TupleExpression", "ParenthesizedExpression"]);
const WRAPPED_IN = new Set(["ReturnStatement", "AssignStatement", "ExpressionStatement"]);

/** Lines as Python reads them: one key per line, its indentation and its tokens, without
 * comments, the spaces between tokens and redundant parentheses; a line within a string
 * that spans lines keys on its text. Two lines are the same when their keys are. */
function lineKeys(lines, tree, text) {
  const starts = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  const lineOf = (pos) => {
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const tokens = lines.map(() => []);
  const covered = lines.map(() => false); // within a token that started on an earlier line
  const skip = new Set(); // where the redundant parentheses are
  const take = (from, to) => {
    const token = text.slice(from, to);
    if (!token || skip.has(from)) return;
    tokens[lineOf(from)].push(token);
    for (let i = lineOf(from) + 1; i <= lineOf(to - 1); i++) covered[i] = true;
  };
  tree.iterate({
    enter(node) {
      if (node.name === "Comment") return false;
      if (node.name === "String" || node.name === "FormatString") {
        take(node.from, node.to);
        return false;
      }
      if (WRAPPERS.has(node.name) && WRAPPED_IN.has(node.node.parent?.name) && node.to - node.from > 2) {
        skip.add(node.from);
        skip.add(node.to - 1);
      }
      if (!node.node.firstChild) take(node.from, node.to);
      return undefined;
    },
  });
  return lines.map((line, i) => {
    if (covered[i] && !tokens[i].length) return "\u0000" + line;
    if (!tokens[i].length) return "";
    return line.match(/^\s*/)[0].length + " " + tokens[i].join(" ");
  });
}

/** Each line of `text` as a fragment of highlighted spans (the build's classes). */
function highlightLines(lines, tree, text) {
  const out = lines.map(() => document.createDocumentFragment());
  let line = 0;
  let lineStart = 0;
  let pos = 0;
  const put = (to, classes) => {
    while (pos < to) {
      const lineEnd = lineStart + lines[line].length;
      const end = Math.min(to, lineEnd);
      if (end > pos) {
        const piece = text.slice(pos, end);
        if (classes) {
          const span = out[line].appendChild(document.createElement("span"));
          span.className = classes;
          span.textContent = piece;
        } else out[line].append(piece);
      }
      pos = end;
      if (pos === lineEnd && pos < to) {
        pos += 1; // the line's end
        lineStart = pos;
        line += 1;
      }
    }
  };
  highlightTree(tree, highlighter, (from, to, classes) => {
    put(from, "");
    put(to, classes);
  });
  put(text.length, "");
  return out;
}

/**
 * @param {{learner: string, function: string, course: DocumentFragment}} what
 *   `course`: the template's content, the note then one span.code-line per line, highlighted
 * @returns {HTMLElement} a region named «Solución del curso»
 */
export function renderSolution({ learner, function: name, course }) {
  const mine = learnerFunction(learner, name);
  const theirs = [...course.querySelectorAll(".code-line")];
  const theirText = theirs.map((span) => span.textContent);
  const mineJoined = mine.join("\n");
  const mineTree = pythonLanguage.parser.parse(mineJoined);
  const theirJoined = theirText.join("\n");
  const mineKeys = lineKeys(mine, mineTree, mineJoined);
  const theirKeys = lineKeys(theirText, pythonLanguage.parser.parse(theirJoined), theirJoined);
  const mineShown = highlightLines(mine, mineTree, mineJoined);
  const parts = diffArrays(mineKeys, theirKeys);

  const region = document.createElement("section");
  region.className = "challenge-solution";
  const title = region.appendChild(document.createElement("h3"));
  title.id = `solution-title-${++serial}`;
  title.tabIndex = -1;
  title.textContent = t("The course's solution");
  region.setAttribute("aria-labelledby", title.id);
  region.append(course.querySelector(".solution-note").cloneNode(true));
  const legend = region.appendChild(document.createElement("p"));
  legend.className = "solution-legend";
  const mineCaption = t("Your function {name}", { name });
  const theirCaption = t("The course's");
  // The columns by their headings: side by side on a wide screen, one above the other on a phone.
  legend.textContent = t("The marked lines are the ones that differ: in “{mine}”, those only your code has; " +
    "in “{theirs}”, those only the course's has.", { mine: mineCaption, theirs: theirCaption });

  const sides = region.appendChild(document.createElement("div"));
  sides.className = "solution-sides";
  const column = (caption) => {
    const figure = sides.appendChild(document.createElement("figure"));
    figure.appendChild(document.createElement("figcaption")).textContent = caption;
    return figure.appendChild(document.createElement("pre")).appendChild(document.createElement("code"));
  };
  const left = column(mineCaption);
  const right = column(theirCaption);
  const line = (into, tag, content) => {
    const el = into.appendChild(document.createElement(tag));
    el.className = "diff-line";
    // A wrapped line goes on two columns deeper than its own indentation, as the lesson's
    // code blocks do: on a phone a wrapped row at the left edge read as a broken indentation.
    const text = content.textContent;
    const depth = Math.min(text.length - text.trimStart().length, 24) & ~1;
    const hang = el.appendChild(document.createElement("span"));
    hang.className = `diff-text hang-${depth}`;
    hang.append(...[...content.childNodes].map((node) => node.cloneNode(true)));
  };
  let a = 0;
  let b = 0;
  for (const part of parts) {
    for (let k = 0; k < part.value.length; k++) {
      if (part.removed) line(left, "del", mineShown[a++]);
      else if (part.added) line(right, "ins", theirs[b++]);
      else {
        line(left, "span", mineShown[a++]);
        line(right, "span", theirs[b++]);
      }
    }
  }
  return region;
}
