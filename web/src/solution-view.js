// The course's solution beside the learner's code, line by line, with the lines that
// differ marked: <del> for a line only the learner's code has, <ins> for one only the
// course's has. A chunk of its own (with jsdiff), imported the first time a learner
// asks for the solution.
import { diffArrays } from "diff/lib/diff/array.js";

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

// Two lines are the same when they differ only in trailing spaces or in a comment at
// their end (a `#` after a space, with no quote after it: not inside a string).
const bare = (line) => line.replace(/\s+#[^'"]*$/, "").trimEnd();

/**
 * @param {{learner: string, function: string, course: DocumentFragment}} what
 *   `course`: the template's content, the note then one span.code-line per line, highlighted
 * @returns {HTMLElement} a region named «Solución del curso»
 */
export function renderSolution({ learner, function: name, course }) {
  const mine = learnerFunction(learner, name);
  const theirs = [...course.querySelectorAll(".code-line")];
  const parts = diffArrays(mine, theirs.map((span) => span.textContent), {
    comparator: (a, b) => bare(a) === bare(b),
  });

  const region = document.createElement("section");
  region.className = "challenge-solution";
  const title = region.appendChild(document.createElement("h3"));
  title.id = `solution-title-${++serial}`;
  title.tabIndex = -1;
  title.textContent = "Solución del curso";
  region.setAttribute("aria-labelledby", title.id);
  region.append(course.querySelector(".solution-note").cloneNode(true));
  const legend = region.appendChild(document.createElement("p"));
  legend.className = "solution-legend";
  legend.textContent = "Las líneas marcadas son las que cambian: a la izquierda, las que sólo tiene tu código; " +
    "a la derecha, las que sólo tiene el del curso.";

  const sides = region.appendChild(document.createElement("div"));
  sides.className = "solution-sides";
  const column = (caption) => {
    const figure = sides.appendChild(document.createElement("figure"));
    figure.appendChild(document.createElement("figcaption")).textContent = caption;
    return figure.appendChild(document.createElement("pre")).appendChild(document.createElement("code"));
  };
  const left = column(`Tu función ${name}`);
  const right = column("La del curso");
  const line = (into, tag, content) => {
    const el = into.appendChild(document.createElement(tag));
    el.className = "diff-line";
    if (typeof content === "string") el.textContent = content;
    else el.append(...[...content.childNodes].map((node) => node.cloneNode(true)));
  };
  let a = 0;
  let b = 0;
  for (const part of parts) {
    for (let k = 0; k < part.value.length; k++) {
      if (part.removed) line(left, "del", mine[a++]);
      else if (part.added) line(right, "ins", theirs[b++]);
      else {
        line(left, "span", mine[a++]);
        line(right, "span", theirs[b++]);
      }
    }
  }
  return region;
}
