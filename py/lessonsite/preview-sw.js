// What `python build.py serve --watch` answers for sw.js instead of the site's service
// worker: it takes over from one a production serve left on this origin, empties its caches
// and handles no fetch, so every page and file comes from the server, as the author last
// saved it. The built site's sw.js is left as it is.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))).then(() => self.clients.claim()),
  );
});
