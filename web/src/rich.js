// Rich output of a cell: what Python's display protocol gives (lessonrt.runner: a picture, a
// table, Markdown), drawn in the cell's output. A chunk of its own, fetched the first time
// a cell shows one, so lessons that never draw pay nothing for it.
//
// Learner code writes this HTML and SVG, so none of it may run script on the lesson's
// origin or reach its storage: HTML goes through DOMPurify (scripts, event handlers,
// forms and frames removed) before it is put in the page, and SVG, PNG and JPEG are shown
// as images (an <img> never runs the script an SVG holds), from blob: URLs the page's
// Content Security Policy allows for images only. The policy also keeps any style the
// HTML brings from applying (no inline styles), so a table cannot restyle the page.
import DOMPurify from "dompurify";

const IMAGES = ["image/svg+xml", "image/png", "image/jpeg"];
const PURIFY = {
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "frame", "object", "embed"],
  FORBID_ATTR: ["style", "id", "name"],
};

/** Draw `bundle` ({mime: data}) into `holder`, which shows its text/plain until then. */
export function render(holder, bundle) {
  const label = bundle["text/plain"] ?? "";
  const image = IMAGES.find((mime) => typeof bundle[mime] === "string");
  if (typeof bundle["text/html"] === "string") {
    const html = document.createElement("div");
    html.className = "rich-html";
    html.append(DOMPurify.sanitize(bundle["text/html"], { ...PURIFY, RETURN_DOM_FRAGMENT: true }));
    for (const link of html.querySelectorAll("a[href]")) {
      link.target = "_blank";
      link.rel = "noopener noreferrer";
    }
    holder.replaceChildren(html);
  } else if (image) {
    const bytes = image === "image/svg+xml" ? new TextEncoder().encode(bundle[image])
      : Uint8Array.from(atob(bundle[image]), (c) => c.charCodeAt(0));
    const img = document.createElement("img");
    img.src = URL.createObjectURL(new Blob([bytes], { type: image }));
    img.alt = label;
    img.className = "rich-image";
    holder.replaceChildren(img);
  } else if (typeof bundle["text/markdown"] === "string") {
    holder.textContent = bundle["text/markdown"];
  }
}
