/* Diceland service worker: precache the whole site, serve it cache-first.
   build.py fills in CACHE_NAME (a hash of every precached file's content),
   SNAPSHOT_CACHE (python.mjs's, named by its snapshot key) and PRECACHE
   (every file of the build, relative to this script). */
"use strict";

const CACHE_NAME = __CACHE_NAME__;
// python.mjs's memory snapshot of this build's interpreter and the bytecode
// of its modules: kept, while those of other builds go with their caches.
const SNAPSHOT_CACHE = __SNAPSHOT_CACHE__;
const PRECACHE = __PRECACHE__;
const RUNTIME_CACHED = /\/pictures\/[^/]+\/[^/]+\.svg$/;
const IMMUTABLE = /^\.\/(pyscript\/|wheels\/|pyodide\/.*\.(wasm|mjs|zip|whl)$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME)
      .then((cache) => cache.addAll(PRECACHE.map((path) =>
        // Pyodide, PyScript and the content-hashed wheels never change under
        // one URL: the copies the page just loaded (HTTP cache) are right, so
        // the first visit does not download the 9 MB of WebAssembly twice.
        // The small site files are checked with the server (a copy the page
        // just loaded comes back "not modified", without its body again).
        IMMUTABLE.test(path) ? path : new Request(path, { cache: "no-cache" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("diceland-") && name !== CACHE_NAME && name !== SNAPSHOT_CACHE)
          .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A page opened with a query (a start link) is still index.html.
  const navigate = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE_NAME).then((cache) =>
      cache.match(request, { ignoreSearch: navigate }).then((hit) => hit || fetch(request).then((response) => {
        // the lessons' pictures are kept once fetched (build.py RUNTIME_CACHED)
        if (response.ok && RUNTIME_CACHED.test(url.pathname)) cache.put(request, response.clone());
        return response;
      })))
  );
});
