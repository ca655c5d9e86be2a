/* Diceland service worker: precache the whole site, serve it cache-first.
   build.py fills in CACHE_NAME (a hash of every precached file's content),
   SNAPSHOT_CACHES (python.mjs's, named by their snapshot keys), PRECACHE
   (every page's files, relative to this script) and GROUPS (the files only
   some pages use: each game's, the tutorial's pictures), with the pages that
   use them (PAGE_GROUPS, DEFAULT_GAME, LANGUAGES; diceland_build/split.py). */
"use strict";

const CACHE_NAME = __CACHE_NAME__;
// python.mjs's memory snapshots of this build's interpreter (one per page's
// wheels) and the bytecode of its modules: kept, while those of other builds
// go with their caches.
const SNAPSHOT_CACHES = __SNAPSHOT_CACHES__;
const PRECACHE = __PRECACHE__;
// A group is kept once a page that uses it is opened (PAGE_GROUPS: a game's
// page its game's archive; the tutorial the lessons and their pictures in its
// language, "{lang}", and in every language once this worker serves it; an
// embed opened at the top its game's, "{game}": its game=, else
// DEFAULT_GAME), or once a page asks for a game's archive (an embed in a
// frame whose reader started its live board), and from then on with the
// precache (a mark in the cache says so: KEPT + its name).
const GROUPS = __GROUPS__;
const PAGE_GROUPS = __PAGE_GROUPS__;
const DEFAULT_GAME = __DEFAULT_GAME__;
const LANGUAGES = __LANGUAGES__;
const KEPT = "./.kept-group/";
// The runtime files' sizes and SHA-256 ({path: [bytes, hash]}) and the mark
// of this build's pages (build.py, diceland_build/verified.py): a file that
// fails its check, or a page without the mark (a Wi-Fi login page, an error
// page, a redirect), is never kept.
const FILES = __FILES__;
const MARK = __MARK__;
const RUNTIME_CACHED = /\/pictures\/[^/]+\/[^/]+\.svg$/;
// The review's bundle (build.py): fetched when a review is first opened,
// kept once it passes its check (a runtime file), for a review offline.
const REVIEW_BUNDLE = /\/review\/[^/]+\/[^/]+\.zip$/;
// The worker checks that the site is kept once a page it opened has
// started (boot.js says STARTED when the page is ready), and not sooner than
// CHECK_AFTER_MS after the page was opened; a page that never says so (its
// start failed) is checked after START_LIMIT_MS.
const CHECK_AFTER_MS = 5000;
const START_LIMIT_MS = 60000;
const STARTED = "diceland:started";
const IMMUTABLE = /^\.\/(pyscript\/|wheels\/|pyodide\/.*\.(wasm|mjs|zip|whl)$)/;
// A page asks whether the site is kept for offline play; the answer is
// {type: OFFLINE_ANSWER, ready, have, total} (diceland_web/offline.py).
const OFFLINE_ASK = "diceland:offline?";
const OFFLINE_ANSWER = "diceland:offline";
// A page asks a newer version, installed and waiting, to take over (boot.js).
const TAKE = "diceland:take";

// Pyodide, PyScript and the content-hashed wheels never change under one
// URL: the copies the page just loaded (HTTP cache) are right, so the first
// visit does not download the 9 MB of WebAssembly twice. The small site
// files are checked with the server (a copy the page just loaded comes back
// "not modified", without its body again).
function precacheRequest(path) {
  return IMMUTABLE.test(path) ? path : new Request(path, { cache: "no-cache" });
}

function isPage(path) {
  return path === "./" || path.endsWith(".html");
}

// The path of `url` relative to this script ("./clever.html").
function pathOf(url) {
  return "." + url.pathname.slice(new URL(self.registration.scope).pathname.length - 1);
}

// The page's language as its Python chooses it, but for a choice stored in
// the page's storage: its lang=, else the browser's, else English.
function languageOf(params) {
  const asked = (params.get("lang") || "").trim().toLowerCase();
  if (LANGUAGES.includes(asked)) return asked;
  const browser = Array.from(self.navigator.languages || [self.navigator.language || ""]);
  const found = browser.map((tag) => String(tag).split("-")[0].toLowerCase()).find((tag) => LANGUAGES.includes(tag));
  return found || "en";
}

// The groups the page at `href` uses (`nested`: shown in a frame, where an
// embed shows pictures until its reader starts it; `served`: opened through
// this worker, not a first visit: then all of them).
function pageGroups(href, nested, served = false) {
  // a page of the site opened again (not in a frame): every group, so that
  // from the second visit on every game plays offline, while a first visit
  // fetches only what its page uses
  if (served && !nested) return Object.keys(GROUPS);
  const url = new URL(href);
  const game = (url.searchParams.getAll("game").pop() || DEFAULT_GAME).trim().toLowerCase();
  const langs = served ? LANGUAGES : [languageOf(url.searchParams)];
  return (PAGE_GROUPS[pathOf(url)] || [])
    .filter((name) => !(nested && name.includes("{game}")))
    .flatMap((name) => langs.map((lang) => name.replace("{game}", game).replace("{lang}", lang)))
    .filter((name, i, all) => Object.prototype.hasOwnProperty.call(GROUPS, name) && all.indexOf(name) === i);
}

// The game whose archive `path` is, or null.
function archiveOf(path) {
  return Object.keys(GROUPS).find((name) => path.endsWith(".whl") && GROUPS[name].includes(path)) || null;
}

// The paths `cache` holds, read in one call (a lookup per file, about 150
// of them, would hold up the page's own requests while it starts).
async function held(cache) {
  return new Set((await cache.keys()).map((request) => pathOf(new URL(request.url))));
}

// The files to keep: the precache and the groups of the pages open (and of
// `also`), and of every group kept before (each marked kept); `have`: the
// paths the cache holds.
async function wanted(cache, have, also = []) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const names = new Set(also);
  for (const page of pages) pageGroups(page.url, page.frameType === "nested").forEach((name) => names.add(name));
  // (by this version or the one before: a new version keeps what it kept)
  const before = (await caches.keys())
    .filter((name) => name.startsWith("diceland-") && name !== CACHE_NAME && !SNAPSHOT_CACHES.includes(name));
  const marks = [have, ...await Promise.all(before.map((name) => caches.open(name).then(held)))];
  for (const name of Object.keys(GROUPS)) if (marks.some((paths) => paths.has(KEPT + name))) names.add(name);
  await Promise.all([...names].filter((name) => !have.has(KEPT + name))
    .map((name) => cache.put(KEPT + name, new Response(""))));
  return PRECACHE.concat(...[...names].map((name) => GROUPS[name]));
}

// What the page at `href` needs kept to work offline: the precache and its groups.
function neededBy(href) {
  return PRECACHE.concat(...pageGroups(href, false).map((name) => GROUPS[name]));
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// `response` if it is this build's `path`, else null.
async function checked(path, response) {
  if (!response.ok || response.redirected || response.type !== "basic") return null;
  // (a page answered for one of the site's other files is a Wi-Fi login page)
  if (!FILES[path] && !isPage(path)) return /^text\/html/i.test(response.headers.get("content-type") || "") ? null : response;
  const bytes = await response.clone().arrayBuffer();
  if (FILES[path]) {
    const [size, hash] = FILES[path];
    return bytes.byteLength === size && await sha256(bytes) === hash ? response : null;
  }
  return new TextDecoder().decode(bytes).includes(MARK) ? response : null;
}

// `response` with its whole body read: a download that breaks then fails
// here, before it is put in a cache (a put whose body breaks loses the copy
// it was to replace).
async function whole(response) {
  const { status, statusText, headers } = response;
  return new Response(await response.arrayBuffer(), { status, statusText, headers });
}

// Fetch `path` and keep it if it passes its check; a copy that fails is
// fetched once more bypassing the HTTP cache.  Resolves to whether it is kept.
const fetching = new Set();  // the paths keep() is fetching now
async function keep(cache, path) {
  fetching.add(path);
  try {
    return await fetchAndKeep(cache, path);
  } finally {
    fetching.delete(path);
  }
}
async function fetchAndKeep(cache, path) {
  for (const request of [precacheRequest(path), new Request(path, { cache: "reload" })]) {
    try {
      const response = await checked(path, await fetch(request));
      if (response) {
        await cache.put(path, await whole(response));
        return true;
      }
    } catch (_) { /* the network failed: the install or the refill fails, and is tried again */ }
  }
  return false;
}

// A version is taken complete or not at all: a file (other than a page)
// that cannot be had right fails the install, which the next page opened
// starts again (its boot.js registers this worker), while the version before
// stays.  A page that cannot be had right (a Wi-Fi login page answered for
// it) is fetched when it is opened, and kept then if it is this build's.
// Installed, a newer version waits until no page of the one before is open,
// or until a page asks it to take over (TAKE: the player chose Reload), so
// that no page mixes two versions' files.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME)
      .then((cache) => held(cache).then((have) => wanted(cache, have)).then((files) =>
        Promise.all(files.map((path) => keep(cache, path).then((kept) => kept || isPage(path))))))
      .then((kept) => {
        if (!kept.every(Boolean)) throw new Error("some files could not be had right: not installed");
      })
  );
});

// The precache made whole again: a browser's "clear cached files" deletes
// the caches and leaves this worker registered, so its cache comes back
// empty at the next fetch. The missing files of wanted() (and of the groups
// `also`) are fetched again (one refill at a time, another waits for it).
let refilling = null;
function refill(also = []) {
  const run = () => caches.open(CACHE_NAME).then(async (cache) => {
    const have = await held(cache);
    const files = await wanted(cache, have, also);
    // (a file missing then may have been kept since, by the page's own fetch)
    return Promise.all(files.map((path) => have.has(path)
      || cache.match(path).then((hit) => !!hit || keep(cache, path))));
  });
  const next = (refilling || Promise.resolve()).then(run);
  const settled = refilling = next.catch(() => {});
  settled.then(() => { if (refilling === settled) refilling = null; });
  return next;
}

// How many of `files` the cache holds now, without fetching any.
function counted(files) {
  return caches.open(CACHE_NAME).then(held).then((have) => files.filter((path) => have.has(path)).length);
}

function tell(page, have, total) {
  page.postMessage({ type: OFFLINE_ANSWER, ready: have === total, have, total });
}

// The pages opened whose start is awaited: their client id → what goes on.
const starting = new Map();
// Once the page that navigation `event` opens has started (or START_LIMIT_MS).
function started(event) {
  const id = event.resultingClientId;
  const said = new Promise((resolve) => {
    if (id) starting.set(id, resolve);
    setTimeout(resolve, START_LIMIT_MS);
  }).then(() => starting.delete(id));
  return Promise.all([said, new Promise((resolve) => setTimeout(resolve, CHECK_AFTER_MS))]);
}

// A page's question, about the files it needs: the count at once (a page
// learns that files are being fetched), then, once missing files are fetched
// again, the new count.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === STARTED) {
    const go = event.source && starting.get(event.source.id);
    if (go) go();
    return;
  }
  if (event.data && event.data.type === TAKE) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (!event.data || event.data.type !== OFFLINE_ASK || !event.source) return;
  const page = event.source;
  const needed = neededBy(page.url);
  event.waitUntil(counted(needed).then((have) => {
    tell(page, have, needed.length);
    return have === needed.length ? null : refill(pageGroups(page.url, false))
      .then(() => counted(needed)).then((now) => tell(page, now, needed.length));
  }));
});

// The review's bundle as fetched: kept if it is this build's.
async function keepBundle(cache, path, response) {
  const good = await checked(path, response);
  if (good) await cache.put(path, good);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("diceland-") && name !== CACHE_NAME && !SNAPSHOT_CACHES.includes(name))
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
  // each page opened checks that the whole site is still kept, its groups
  // too (and refills it), once it has started: a check while it starts
  // holds up its own requests (its first picture came 50 ms later) and, on
  // a phone's second visit, brought the other games' files (0.57-0.68 MB)
  // while the page started
  if (navigate) {
    const groups = pageGroups(request.url, request.destination === "iframe", true);
    event.waitUntil(started(event).then(() => refill(groups)));
  }
  // a page that found a file damaged asks for it again, bypassing caches:
  // from the network, and kept in place of the old copy if it passes its
  // check (offline: the copy kept)
  const path = pathOf(url);
  if (request.cache === "reload" && FILES[path]) {
    event.respondWith(fetch(request).then((response) => {
      event.waitUntil(checked(path, response.clone()).then((good) =>
        good && caches.open(CACHE_NAME).then((cache) => cache.put(path, good))));
      return response;
    }, (err) => caches.match(path, { cacheName: CACHE_NAME }).then((hit) => hit || Promise.reject(err))));
    return;
  }
  // a page not kept: from the network, past the HTTP cache (which may hold
  // what a Wi-Fi login page answered for it), and kept if it is this build's
  if (navigate) {
    event.respondWith(caches.open(CACHE_NAME).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(new Request(request, { cache: "reload" }))
        .then((response) => {
          if (PRECACHE.includes(path)) {
            event.waitUntil(checked(path, response.clone()).then((good) => good && cache.put(path, good)));
          }
          return response;
        }))));
    return;
  }
  event.respondWith(
    caches.open(CACHE_NAME).then((cache) =>
      cache.match(request).then((hit) => hit || fetch(request).then((response) => {
        // the lessons' pictures are kept once fetched (build.py RUNTIME_CACHED)
        if (response.ok && RUNTIME_CACHED.test(url.pathname) && !fetching.has(path)) {
          event.waitUntil(whole(response.clone()).then((copy) => cache.put(request, copy)).catch(() => {}));
        }
        if (REVIEW_BUNDLE.test(url.pathname)) event.waitUntil(keepBundle(cache, path, response.clone()));
        // a game's archive not kept yet: the whole group is, from now on
        const group = archiveOf(path);
        if (group) event.waitUntil(refill([group]));
        return response;
      })))
  );
});
