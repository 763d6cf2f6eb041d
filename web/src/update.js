// A new build of the site, deployed while this page is open. The page keeps working on
// the build it was loaded with: its service worker stays in charge until the learner
// reloads (sw.js), and serves what the page can still ask for. It says so quietly,
// with a button to reload: Workbox's "offer a page reload" pattern. The learner's code,
// answers and progress are in localStorage (storage.js), so a reload keeps them.
//
// The same notice comes when the page finds that the site serves another build and
// its own is gone (a first visit, which no service worker controls; another tab that
// took the new build): a Python start then says so instead of failing (runtime.js).
import { t } from "./i18n.js";

// A lesson may stay open for days: it asks for a new build now and then, and whenever
// it comes back into view, as the browser itself does only at a navigation.
const CHECK_EVERY_MS = 60 * 60 * 1000;

const NEW_VERSION = () => t("There is a new version of this page.");
const KEPT = () =>
  t("Reloading keeps your code and your answers; if an exercise's starting code " +
  "has changed, “Restore” brings you the new one.");

/**
 * @param {string} root  the site root, absolute, ending in "/"
 * @param {Promise<ServiceWorkerRegistration|undefined>} registered  offline.js's registration
 * @returns {{stale: () => void}}  stale(): this page's build is gone; offer the reload
 */
export function watchUpdates(root, registered) {
  // Present from the start, empty: a live region announces what is added to it. In
  // the page's main landmark, where every piece of the page's content is.
  const region = document.createElement("div");
  region.className = "update-note";
  region.setAttribute("role", "status");
  (document.querySelector("main") ?? document.body).append(region);
  let waiting = null; // the new build's service worker, ready to take over

  function show() {
    if (region.firstChild) return;
    const text = document.createElement("p");
    text.append(NEW_VERSION(), " ", KEPT());
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t("Reload");
    button.addEventListener("click", reload);
    region.append(text, button);
  }

  function reload() {
    const next = waiting?.state === "installed" ? waiting : null;
    if (!next) return location.reload();
    // The reload must wait until the new build is in charge: before that, the old
    // service worker would answer it with the old page.
    next.addEventListener("statechange", () => {
      if (next.state === "activated") location.reload();
    });
    next.postMessage({ type: "skip-waiting" });
  }

  const container = globalThis.isSecureContext ? navigator.serviceWorker : undefined;
  if (!container) return { stale: show };
  const registration = container.controller ? container.getRegistration(root) : registered;
  registration.then((registration) => {
    if (!registration) return;
    const offer = (worker) => {
      waiting = worker;
      show();
    };
    if (registration.waiting && registration.active) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      // The first install is no new version; an install beside an active one is.
      if (!registration.active) return;
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(worker);
      });
    });
    const check = () => registration.update().catch(() => {}); // offline: the next check
    setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
  }, () => {});
  // Another tab let the new build take over: this page's build is served no more.
  // (A page no service worker controlled has not changed builds by being claimed.)
  let controlled = Boolean(container.controller);
  container.addEventListener("controllerchange", () => {
    if (controlled) show();
    controlled = true;
  });
  return { stale: show };
}
