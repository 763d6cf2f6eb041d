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
    if (image === "image/svg+xml") describeSvg(img, bundle[image]);
    img.className = "rich-image";
    holder.replaceChildren(img);
  } else if (typeof bundle["text/markdown"] === "string") {
    holder.textContent = bundle["text/markdown"];
  }
}

// A chart library's object often has only the default repr (<pygal.graph.bar.Bar object at
// 0x…>), while its SVG carries the chart's title: that title is the picture's text
// alternative. An SVG sized by its viewBox alone would be drawn 300 × 150 as an image, so it
// gets the viewBox's size, which the style still shrinks to the output's width.
function describeSvg(img, text) {
  const { attributes, title } = svgHead(text);
  if (title) img.alt = title;
  const box = (attributes.viewBox ?? "").trim().split(/[\s,]+/).map(Number);
  if (!("width" in attributes) && !("height" in attributes) && box.length === 4 && box[2] > 0 && box[3] > 0) {
    img.width = box[2];
    img.height = box[3];
  }
}

// Markup: comments, CDATA sections and declarations, or a tag (closing?, name, attributes, self-closing?).
const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[?!][^>]*>|<(\/?)([\w:.-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi;
const NAMED = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** The root <svg>'s attributes and the text of the <title> right under it. Read from the
 * markup, not parsed into a document: either engine applies the page's Content Security
 * Policy to a parsed document's styles, and reports each of a chart's styles as blocked. */
function svgHead(text) {
  const decode = (raw) => raw.replace(ENTITY, (_, hex, dec, name) =>
    name ? NAMED[name.toLowerCase()] : String.fromCodePoint(parseInt(hex ?? dec, hex ? 16 : 10)));
  const attributes = {};
  let depth = 0;
  for (const tag of text.matchAll(MARKUP)) {
    const [, closing, name, rest, empty] = tag;
    if (!name) continue;
    const local = name.slice(name.indexOf(":") + 1);
    if (closing) {
      depth -= 1;
      if (depth <= 0) break;
    } else if (depth === 0) {
      if (local !== "svg") break;
      for (const [, key, double, single] of rest.matchAll(ATTRIBUTE)) attributes[key] = decode(double ?? single);
      if (empty) break;
      depth = 1;
    } else if (depth === 1 && local === "title" && !empty) {
      const start = tag.index + tag[0].length;
      const end = text.indexOf("</", start);
      const title = decode(text.slice(start, end < 0 ? undefined : end).replace(/<[^>]*>/g, "")).trim();
      return { attributes, title };
    } else if (!empty) {
      depth += 1;
    }
  }
  return { attributes, title: "" };
}
