// Placeholder so the page bundles before the challenge module exists; its owner
// replaces this file. The server-rendered challenge region stays as it is.
export function mount(el, ctx) {}
