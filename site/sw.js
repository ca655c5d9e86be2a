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
// A page asks whether the site is kept for offline play; the answer is
// {type: OFFLINE_ANSWER, ready, have, total} (diceland_web/offline.py).
const OFFLINE_ASK = "diceland:offline?";
const OFFLINE_ANSWER = "diceland:offline";

// Pyodide, PyScript and the content-hashed wheels never change under one
// URL: the copies the page just loaded (HTTP cache) are right, so the first
// visit does not download the 9 MB of WebAssembly twice. The small site
// files are checked with the server (a copy the page just loaded comes back
// "not modified", without its body again).
function precacheRequest(path) {
  return IMMUTABLE.test(path) ? path : new Request(path, { cache: "no-cache" });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME)
      .then((cache) => cache.addAll(PRECACHE.map(precacheRequest)))
      .then(() => self.skipWaiting())
  );
});

// The precache made whole again: a browser's "clear cached files" deletes
// the caches and leaves this worker registered, so its cache comes back
// empty at the next fetch. The missing files are fetched again (one refill
// at a time); resolves to how many of PRECACHE the cache holds.
let refilling = null;
function refill() {
  if (!refilling) {
    refilling = caches.open(CACHE_NAME)
      .then((cache) => Promise.all(PRECACHE.map((path) => cache.match(path).then((hit) =>
        hit || cache.add(precacheRequest(path)).then(() => true, () => false)))))
      .then((kept) => kept.filter(Boolean).length)
      .finally(() => { refilling = null; });
  }
  return refilling;
}

// How many files the cache holds now, without fetching any.
function counted() {
  return caches.open(CACHE_NAME)
    .then((cache) => Promise.all(PRECACHE.map((path) => cache.match(path))))
    .then((hits) => hits.filter(Boolean).length);
}

function tellPages(have) {
  const answer = { type: OFFLINE_ANSWER, ready: have === PRECACHE.length, have, total: PRECACHE.length };
  return self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((pages) => pages.forEach((page) => page.postMessage(answer)));
}

// A page's question: the count at once (a page learns that files are being
// fetched), then, once missing files are fetched again, the new count.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== OFFLINE_ASK) return;
  event.waitUntil(counted().then((have) => tellPages(have)
    .then(() => (have === PRECACHE.length ? null : refill().then(tellPages)))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("diceland-") && name !== CACHE_NAME && name !== SNAPSHOT_CACHE)
          .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
      .then(() => refill())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A page opened with a query (a start link) is still index.html.
  const navigate = request.mode === "navigate";
  // each page opened checks that the whole site is still kept (and refills it)
  if (navigate) event.waitUntil(refill());
  event.respondWith(
    caches.open(CACHE_NAME).then((cache) =>
      cache.match(request, { ignoreSearch: navigate }).then((hit) => hit || fetch(request).then((response) => {
        // the lessons' pictures are kept once fetched (build.py RUNTIME_CACHED)
        if (response.ok && RUNTIME_CACHED.test(url.pathname)) cache.put(request, response.clone());
        return response;
      })))
  );
});
