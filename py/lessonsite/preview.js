// The live preview of `python build.py serve --watch`: the dev server adds this module to
// every page it sends while watching (never to the built site). It follows the server's
// event stream: a later good build reloads the page; a failed one lays its error over the
// page, with the file and line to fix, until a good build reloads it. For authors: English.

// While a whole build runs (a minute and more when it grades a corpus), a note says which
// step it is at; the page stays the last good build's until the new one is whole.

const events = new EventSource(new URL("events", import.meta.url));
let first = null;
let overlay = null;
let note = null;

events.addEventListener("state", (event) => {
  const state = JSON.parse(event.data);
  if (first === null) first = state.version;
  if (state.building) {
    building(state.building);
    return;
  }
  note?.remove();
  note = null;
  if (state.ok && state.version !== first) {
    events.close();
    location.reload();
    return;
  }
  if (state.ok) overlay?.remove();
  else show(state);
});

function building(step) {
  if (!note) {
    note = document.createElement("p");
    note.setAttribute("role", "status");
    note.setAttribute("aria-label", "Rebuilding");
    Object.assign(note.style, {
      position: "fixed", right: "1rem", bottom: "1rem", zIndex: "2147483647", maxWidth: "min(36rem, 90vw)",
      margin: "0", padding: "0.5rem 0.75rem", borderRadius: "4px", font: "14px/1.4 system-ui, sans-serif",
      background: "#2b2b33", color: "#fff", border: "1px solid #6b6b78",
    });
    document.body.append(note);
  }
  note.textContent = `Rebuilding: ${step}`;
}

function show(state) {
  overlay?.remove();
  overlay = document.createElement("div");
  overlay.setAttribute("role", "alertdialog");
  overlay.setAttribute("aria-labelledby", "lessonrt-build-error");
  // Styles through the CSSOM: the pages' policy allows no inline style attribute.
  Object.assign(overlay.style, {
    position: "fixed", inset: "0", zIndex: "2147483647", overflow: "auto", padding: "2rem",
    background: "rgba(20, 20, 24, 0.94)", color: "#fff", font: "15px/1.5 system-ui, sans-serif",
  });
  const heading = document.createElement("h2");
  heading.id = "lessonrt-build-error";
  heading.textContent = "Build error";
  // Every colour set here, in both schemes: the page's own h2 and pre rules would otherwise
  // put its light code background under this white text.
  Object.assign(heading.style, { color: "#fff", background: "none", margin: "0 0 0.5rem" });
  const where = document.createElement("p");
  where.textContent = state.file ? `${state.file}${state.line ? `, line ${state.line}` : ""}` : "";
  Object.assign(where.style, { fontWeight: "bold", color: "#ffb3b3" });
  const message = document.createElement("pre");
  message.textContent = state.message;
  Object.assign(message.style, {
    whiteSpace: "pre-wrap", font: "14px/1.45 ui-monospace, monospace", color: "#f4f4f6",
    background: "#2b2b33", border: "1px solid #6b6b78", borderRadius: "4px", padding: "0.75rem 1rem",
  });
  const note = document.createElement("p");
  note.textContent = "Fix it and save: the page comes back as soon as the site builds again.";
  note.style.color = "#fff";
  overlay.append(heading, where, message, note);
  document.body.append(overlay);
}
