// Small DOM helpers shared by the page's modules.

/** `el("p", {className: "x", text: "hola"}, child...)`: an element with its
 * attributes (`text` sets its text, `className` its class) and children (falsy
 * children are skipped). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (name === "className") node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** `plural(3, "turno", "turnos")` is "3 turnos". */
export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Python has started: no note on the page says it is still to be downloaded (the first
 * cell's and the challenge's each said so until their own box had run). */
export function pythonLoaded() {
  for (const note of document.querySelectorAll(".download-note")) note.hidden = true;
}
