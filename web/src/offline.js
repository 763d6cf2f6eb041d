// Registers the site's service worker (sw.js at the site root; see web/src/sw.js),
// which keeps the site for offline use and makes later page views cross-origin
// isolated on hosts that cannot send the headers.
//
// Once registered, on a page a service worker serves, it is asked to check its copy of
// the site and repair it (sw.js, checkPrecache): Cache Storage is shared with every
// script of the origin. When part of it cannot be put back, the page says so.
//
// Where there is no service worker (a private window, an old browser, a page
// opened from file:, a non-secure origin) the page simply works as it is: the
// service worker only ever adds speed, offline use and isolation.
import { t } from "./i18n.js";

// How long after the page has loaded the registration waits, so that a press of
// Ejecutar right after load finds no install under way (the install fetches the whole
// site); and how long a Python start under way may then hold it back: a start that
// fails, or crawls on a slow line, must not cost the learner the offline copy.
const AFTER_LOAD_MS = 2_000;
const HOLD_MS = 20_000;
// How long after Python has started the service worker is asked to fetch the whole
// standard library (see keepPython).
const WHOLE_AFTER_MS = 3_000;

const NOT_KEPT = () =>
  t("Part of this course is no longer kept in this browser, so some of it will not work " +
    "without a connection. Open this page again when you are online to keep it whole.");

/** Ask the service worker in charge of this page to check its copy of the site; say so
 * when some of it could not be put back. */
function checkKept(container) {
  const worker = container.controller;
  if (!worker) return; // a first visit: the copy is being made now
  const channel = new MessageChannel();
  channel.port1.onmessage = ({ data }) => {
    channel.port1.close();
    if (!(data?.lost > 0)) return;
    const note = document.createElement("p");
    note.className = "storage-note offline-note";
    note.setAttribute("role", "status");
    note.textContent = NOT_KEPT();
    (document.querySelector("main") ?? document.body).prepend(note);
  };
  worker.postMessage({ type: "check-precache" }, [channel.port2]);
}

/** Whether the reader's connection asks to save data, or is 2G: there nothing big is
 * downloaded before the learner asks for it. */
export function savesData() {
  const connection = navigator.connection;
  return Boolean(connection?.saveData || /2g$/.test(connection?.effectiveType ?? ""));
}

/**
 * @param {string} root  the site root, absolute, ending in "/"
 * @returns {{pythonStarting: () => void, keepPython: () => void,
 *   registered: Promise<ServiceWorkerRegistration|undefined>}}
 *   pythonStarting(): Python is being started on this page: register only once it
 *   has started (or HOLD_MS later). keepPython(): Python has started on this page,
 *   so its files are in the HTTP cache: ask the service worker to keep a copy.
 */
export function startOffline(root) {
  const container = globalThis.isSecureContext ? navigator.serviceWorker : undefined;
  if (!container) return { pythonStarting() {}, keepPython() {}, registered: Promise.resolve(undefined) };
  let hold = null;
  let release = () => {};
  const registered = new Promise((resolve) => {
    const register = () =>
      container.register(new URL("sw.js", root), { scope: root }).then((registration) => {
        resolve(registration);
        checkKept(container);
      }, (error) => {
        // Refused (storage disabled, a blocked origin): nothing the learner must know.
        console.info("Sin modo sin conexión:", String(error?.message ?? error));
      });
    // After the page's own loading, so it never competes with it; and after Python's
    // first start when one is under way: on a first visit, installing the service
    // worker fetches the whole site, which slowed a start that had begun by about
    // 0.4 s on two cores.
    const afterLoad = () => setTimeout(() => (hold ? hold.then(register) : register()), AFTER_LOAD_MS);
    if (document.readyState === "complete") afterLoad();
    else addEventListener("load", afterLoad, { once: true });
  });
  return {
    registered,
    pythonStarting() {
      hold ??= new Promise((resolve) => {
        release = resolve;
        setTimeout(resolve, HOLD_MS);
      });
    },
    keepPython() {
      release();
      registered.then(() => container.ready).then((registration) => {
        // Pyodide's files at once: they come from the HTTP cache, not the network.
        registration.active?.postMessage({ type: "keep-pyodide", whole: false });
        // The whole standard library comes over the network (sw.js, keepWholeLibrary):
        // a little later, so that it does not share a slow line with the course files
        // of the run that Python was started for. Not at all on a connection that asks
        // to save data: there it waits for an import that needs it.
        if (savesData()) return;
        setTimeout(() => registration.active?.postMessage({ type: "keep-pyodide", whole: true }), WHOLE_AFTER_MS);
      });
    },
  };
}
