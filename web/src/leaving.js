// Whether the page is going away (a reload, a link followed). The browser then aborts
// what the page was still loading (a Python worker's downloads, a part of the editor),
// and those failures are not reported. Reset when the page is shown again from the
// back-forward cache; a navigation that did not happen (a download link) leaves the
// page here, and after a few seconds failures are reported again.
let leftAt = -Infinity;
addEventListener("beforeunload", () => { leftAt = performance.now(); });
addEventListener("pagehide", () => { leftAt = performance.now(); });
addEventListener("pageshow", () => { leftAt = -Infinity; });

export const leaving = () => performance.now() - leftAt < 5000;
