// Registers the site's service worker (sw.js at the site root; see web/src/sw.js),
// which keeps the site for offline use and makes later page views cross-origin
// isolated on hosts that cannot send the headers.
//
// Where there is no service worker (a private window, an old browser, a page
// opened from file:, a non-secure origin) the page simply works as it is: the
// service worker only ever adds speed, offline use and isolation.

/**
 * @param {string} root  the site root, absolute, ending in "/"
 * @returns {{keepPython: () => void}}  keepPython(): Python has started on this page,
 *   so its files are in the HTTP cache: ask the service worker to keep a copy.
 */
export function startOffline(root) {
  const container = globalThis.isSecureContext ? navigator.serviceWorker : undefined;
  if (!container) return { keepPython() {} };
  const registered = new Promise((resolve) => {
    const register = () =>
      container.register(new URL("sw.js", root), { scope: root }).then(resolve, (error) => {
        // Refused (storage disabled, a blocked origin): nothing the learner must know.
        console.info("Sin modo sin conexión:", String(error?.message ?? error));
      });
    // After the page's own loading, so it never competes with it.
    if (document.readyState === "complete") register();
    else addEventListener("load", register, { once: true });
  });
  return {
    keepPython() {
      registered.then(() => container.ready).then((registration) => {
        registration.active?.postMessage({ type: "keep-pyodide" });
      });
    },
  };
}
