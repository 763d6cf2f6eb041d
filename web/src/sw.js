// The site's service worker (built to dist/sw.js, scope: the site root). Two jobs:
//
// 1. Offline. Installing it precaches the site (pages, assets, the runtime's and the
//    courses' Python) under the revisions the build computed, so a second visit is
//    served from here, offline included. Pyodide's files live under a versioned folder
//    that never changes, so they are cached as they pass through and served cache-first.
//    The first visit's page is not controlled yet, so when its Python has started it
//    asks this worker to copy them from the browser's HTTP cache (`only-if-cached`: no
//    byte goes over the wire). The one file fetched for the cache alone is the whole
//    standard library: the page starts from the build's first archive of it, and the
//    rest must be at hand offline (keepWholeLibrary).
// 2. Cross-origin isolation on hosts that cannot send COOP/COEP headers: the pages and
//    the Python worker's script this worker serves carry them, so from the second page
//    view on the page can stop a runaway program in milliseconds (SharedArrayBuffer)
//    instead of restarting Python.
//
// Injected by build.py (esbuild --define): LESSONRT_PRECACHE, the [{url, revision,
// integrity}] list with URLs relative to this script, and LESSONRT_PYODIDE, the Pyodide folder
// ("pyodide/<version>/") and its files, and LESSONRT_PACKAGES, the lessons' wheels
// ("packages/<file>.whl"), kept like Pyodide's files: once a lesson has loaded them.
import { cacheNames, clientsClaim } from "workbox-core";
import { addPlugins, cleanupOutdatedCaches, getCacheKeyForURL, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { pyodideCache } from "./protocol.js";

/* global LESSONRT_PRECACHE, LESSONRT_PYODIDE, LESSONRT_PACKAGES */
const PYODIDE_CACHE = pyodideCache(LESSONRT_PYODIDE.version);
// A wheel's name carries its version and the build checks its hash against the
// course's lock, so a URL here never changes content: cache-first, like Pyodide.
const PACKAGES_CACHE = "lessonrt-packages";
const wheels = new Set(LESSONRT_PACKAGES.map((path) => new URL(path, self.location.href).href));
const pyodideBase = new URL(LESSONRT_PYODIDE.path, self.location.href).href;

const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

// Only what starts a global needs the headers: the page, and the Python worker's
// script, which a page with COEP may start only if its script has COEP too. Every
// other file is same-origin, which require-corp lets through as it is. They are
// returned untouched on purpose: a response rebuilt here has no URL, and Chromium
// keeps compiled WebAssembly only for responses that come from a cache with theirs,
// so re-wrapping Pyodide's 9.6 MB module would cost a full compile on every visit.
const STARTS_A_GLOBAL = new Set(["document", "iframe", "frame", "worker", "sharedworker"]);

const isolate = {
  async handlerWillRespond({ request, response }) {
    if (!response || response.type === "opaque" || response.type === "error") return response;
    if (!STARTS_A_GLOBAL.has(request.destination)) return response;
    if (Object.entries(ISOLATION).every(([name, value]) => response.headers.get(name) === value)) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
    const { status, statusText } = response;
    return new Response(status === 204 || status === 304 ? null : response.body, { status, statusText, headers });
  },
};

// A page that goes away (a reload mid-start) cancels its worker's requests, and with
// them the signal of the request this worker fetches on its behalf. Firefox then
// fails the whole interception, and says so in the console of the page going away.
// Fetched without that signal, a file still arrives (in the HTTP cache, where
// keepPyodide() finds it), which is what the next page load wants anyway.
const outliveTheClient = {
  async requestWillFetch({ request }) {
    return request.mode === "navigate" ? request : new Request(request, { signal: null });
  },
};

// Workbox fetches a file whose URL carries no hash with `cache: "reload"`, past the
// HTTP cache, for fear of a stale copy there. On a first visit that downloads again
// what the page has just fetched: the page itself, the runtime's Python, the course
// files. Revalidating is as safe (the server answers 304 only for the copy it would
// send) and costs a few hundred bytes.
const revalidate = {
  async requestWillFetch({ request }) {
    return request.cache === "reload" ? new Request(request, { cache: "no-cache" }) : request;
  },
};

// Pyodide's cache has one writer, keepPyodide() below. A cache-first fetch that also
// wrote there could put the same URL while keepPyodide does, and Firefox then fails
// the response on its way to the worker that asked for it.
const leaveToKeepPyodide = {
  async cacheWillUpdate() {
    return null;
  },
};

// The precache is this build's files, and only those. Cache Storage is shared with every
// script of the origin, so a copy may have been damaged or deleted since it was kept.
// Each entry carries its SRI `integrity`: Workbox then fetches a missing one with it
// and puts it back (PrecacheStrategy's repair), and a fetch of other bytes (the next
// build's file under the same URL) fails instead of being kept as this build's.
const integrityOf = new Map();
function integrityFor(cacheKey) {
  if (!integrityOf.size) {
    for (const { url, integrity } of LESSONRT_PRECACHE) {
      integrityOf.set(getCacheKeyForURL(new URL(url, self.location.href).href), integrity);
    }
  }
  return integrityOf.get(cacheKey);
}

async function matches(response, integrity) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return integrity === "sha256-" + btoa(String.fromCharCode(...new Uint8Array(digest)));
}

// A page is checked each time it is served from the precache, as its bytes are few: a
// page whose copy is not the build's is dropped and fetched again (PrecacheStrategy's
// repair), so damaged bytes are never shown, online or off.
const verifyPages = {
  async cachedResponseWillBeUsed({ cacheName, request, cachedResponse }) {
    if (!cachedResponse || !/(\/|\.html)(\?|$)/.test(request.url)) return cachedResponse;
    const integrity = integrityFor(request.url);
    if (!integrity || await matches(cachedResponse, integrity)) return cachedResponse;
    await (await caches.open(cacheName)).delete(request);
    return null;
  },
};

// Asked by each page a service worker controls, once it has loaded (offline.js): every
// file of the precache is there and is this build's; what is not is fetched again with
// its integrity. Answers how many files it could not put back (offline, or the site
// now serves another build): the page then says that part of the course will not work
// offline.
async function checkPrecache() {
  const cache = await caches.open(cacheNames.precache);
  const kept = new Set((await cache.keys()).map((request) => request.url));
  let lost = 0;
  for (const { url, integrity } of LESSONRT_PRECACHE) {
    const absolute = new URL(url, self.location.href).href;
    const key = getCacheKeyForURL(absolute);
    if (kept.has(key)) {
      const copy = await cache.match(key);
      if (copy && await matches(copy, integrity)) continue;
    }
    try {
      const response = await fetch(absolute, { integrity, cache: "no-cache", mode: "same-origin" });
      if (response.ok) {
        await cache.put(key, response);
        continue;
      }
    } catch {
      // No connection, or not this build's bytes: counted below.
    }
    lost += 1;
  }
  return lost;
}

// A new build waits while a page of the old one is open: that page asks for its own
// worker, modules, runtime Python and course files, which are in the old precache and
// nowhere else once the host has deployed a fresh folder, and the old service worker
// serves them until it goes. The page offers a reload meanwhile (update.js), which
// asks this worker to take over ("skip-waiting"); with no page of the old build left
// open, the browser makes it take over by itself. The old precache is dropped then.
cleanupOutdatedCaches();
// A first visit's page, which no service worker controlled when it loaded, is taken in
// charge once this build is kept: across a deploy, its next interpreters still get its
// own build's worker and Python from here, rather than the next build's from the host.
// (A page of an older build is never claimed this way: it has a service worker already,
// and the new one takes over only through a reload.)
clientsClaim();
addPlugins([isolate, outliveTheClient, revalidate, verifyPages]);
precacheAndRoute(LESSONRT_PRECACHE);

registerRoute(
  ({ url }) => url.href.startsWith(pyodideBase),
  // Nothing here starts a global, so `isolate` has nothing to do on this route.
  new CacheFirst({ cacheName: PYODIDE_CACHE, plugins: [outliveTheClient, leaveToKeepPyodide] }),
);

registerRoute(
  ({ url }) => wheels.has(url.href),
  new CacheFirst({ cacheName: PACKAGES_CACHE, plugins: [outliveTheClient, leaveToKeepPyodide] }),
);

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Pyodide folders of older versions.
    for (const name of await caches.keys()) {
      if (name.startsWith("lessonrt-pyodide-") && name !== PYODIDE_CACHE) await caches.delete(name);
    }
    // First archives of the standard library that older builds made (their names carry
    // a hash, in a folder that is otherwise the same from one build to the next).
    const served = new Set([...LESSONRT_PYODIDE.files, LESSONRT_PYODIDE.whole].map((name) => pyodideBase + name));
    const pyodideKept = await caches.open(PYODIDE_CACHE);
    for (const request of await pyodideKept.keys()) if (!served.has(request.url)) await pyodideKept.delete(request);
    // Wheels this build no longer serves.
    const kept = await caches.open(PACKAGES_CACHE);
    for (const request of await kept.keys()) if (!wheels.has(request.url)) await kept.delete(request);
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  if (event.data?.type === "keep-pyodide") event.waitUntil(keepPyodide(event.data.whole === true));
  if (event.data?.type === "check-precache" && event.ports[0]) {
    const reply = event.ports[0];
    event.waitUntil(checkPrecache().then((lost) => reply.postMessage({ lost }), () => reply.postMessage({ lost: -1 })));
  }
});

// Copy Pyodide's files into this worker's cache from the HTTP cache, where the
// page's own download left them. A file that is not there is left for later:
// this never makes a request that goes over the network.
// The lesson's wheels were loaded before Python was ready, so they are there too;
// the wheels of lessons not visited are not, and are left for their own visit.
// Then the whole standard library, which a first visit downloads only if a cell
// imports a module the build's first archive lacks: fetched now, in the background,
// so that every module of the library can be imported offline from then on (unless
// the page says its connection asks to save data).
async function keepPyodide(whole) {
  await keepFromHttpCache(PYODIDE_CACHE, LESSONRT_PYODIDE.files.map((name) => pyodideBase + name));
  await keepFromHttpCache(PACKAGES_CACHE, [...wheels]);
  if (whole) await keepWholeLibrary();
}

async function keepWholeLibrary() {
  const url = pyodideBase + LESSONRT_PYODIDE.whole;
  const cache = await caches.open(PYODIDE_CACHE);
  if (await cache.match(url)) return;
  try {
    const response = await fetch(url, { mode: "same-origin" });
    if (response.ok) await cache.put(url, response);
  } catch {
    // No connection: the next visit that has Python started tries again.
  }
}

async function keepFromHttpCache(cacheName, urls) {
  const cache = await caches.open(cacheName);
  for (const url of urls) {
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
      if (response.ok) await cache.put(url, response);
    } catch {
      // Not in the HTTP cache (or evicted): the next visit caches it as it passes.
    }
  }
}
