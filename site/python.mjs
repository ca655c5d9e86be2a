/* The Python every page runs (pyscript.toml's `interpreter`): Pyodide,
   restored from a memory snapshot when one is cached, booted normally
   otherwise.  PyScript then unpacks the wheels (pyscript.toml's [files]) and
   runs the page as usual.

   The first visit boots normally and, once the page is ready and idle, makes
   a snapshot from a second, throwaway interpreter in a module worker
   (python-snapshot.mjs; one started with `_makeSnapshot` cannot serve the
   page: its `js` module refuses every call) that has imported the engine and
   the site's Python layer and has never been handed a JavaScript object.  The snapshot goes into Cache Storage under a
   name made of the content hashes of Pyodide, the page's wheels and these two files
   (build.py fills in BUILD: a key and wheels per page's configuration), next to the service worker's cache.  The next
   visit restores it, reseeds `random` (a snapshot freezes it) and hands it to
   PyScript, whose [files] put the wheels' files back (the file system is not
   in the snapshot; the imported modules are).

   `_makeSnapshot`, `_loadSnapshot` and `makeMemorySnapshot` are Pyodide's
   private API: anything unexpected (no snapshot, a corrupt, truncated or
   stale one, a restore that throws, storage refused, an old browser) means a
   normal boot and at most a console warning; a bad snapshot is deleted.
   Turned off by `?snapshot=off` or localStorage `diceland:snapshot` = "off".

   A visit that boots normally compiles the site's modules from source, as
   Python does, unless their bytecode is cached: the same cache keeps it
   (python.bytecode, the files Python wrote under sys.pycache_prefix while
   the page imported them; one cache for every page of the build,
   BYTECODE_CACHE), so a page that cannot restore a snapshot (it
   is off, not made yet, or refused) still skips the compiling.  The wheels
   are unpacked afresh on every visit, so the site's source files are checked
   against their bytecode by size only (BuildSourceLoader below); the cache's
   name holds the build's key, so bytecode of other sources is never read.
   The code `dataclasses` compiles for each class's methods is kept in the
   same entry (KEEP_GENERATED).
   Turned off by `?bytecode=off` or localStorage `diceland:bytecode` = "off".

   <html data-boot> says how Python started ("snapshot" or "normal"),
   <html data-snapshot> what became of this visit's snapshot ("saved";
   "exists"; "busy": another page of the site is making it; "failed";
   "off"), <html data-bytecode> what became of the compiled modules
   ("saved": new ones were kept; "kept": all were read from the cache;
   "busy"; "failed"; "off"). */

import { loadPyodide as bootPyodide, version } from "./pyodide/pyodide.mjs";
import { GUARD, IMPORTS, KEEP_BYTECODE, KEEP_GENERATED, UNPACK } from "./python-code.mjs";

export { version };

/** Every page's wheels and snapshot key, by its configuration (build.py). */
const SETS = __BUILD__;
/** This page's. */
const BUILD = wheelSet(SETS);
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const WHEELS = BUILD.wheels.map((path) => new URL(path, import.meta.url).href);
const PREFIX = "diceland-snapshot-";
const CACHE = PREFIX + BUILD.key;
/** The snapshot caches of this build (one per wheel set): the others go. */
const CACHES = BUILD.caches.map((key) => PREFIX + key);
/** The bytecode of every page's modules: one cache for the build (its key covers every wheel). */
const BYTECODE_PREFIX = "diceland-bytecode-";
const BYTECODE_CACHE = BYTECODE_PREFIX + SETS.bytecode;
const ENTRY = new URL("./python.snapshot", import.meta.url).href;
const BYTECODE = new URL("./python.bytecode", import.meta.url).href;
/** Where Python writes the bytecode of the modules it compiles (sys.pycache_prefix). */
const PYCACHE = "/pycache";
const MAKE_AFTER_MS = 3000;
const root = document.documentElement;
/** Figures for bench/site.py: milliseconds and bytes of this visit's snapshot. */
const figures = globalThis.dicelandSnapshot = {};
/** ... and of its cached bytecode: modules read, modules compiled by this
    visit; dataclasses' texts read (generatedRead) and compiled (generatedCompiled). */
const bytecodeFigures = globalThis.dicelandBytecode = {};

/** This page's wheels and their snapshot's key: the set of `build.sets`
    named by its PyScript configuration (<script type="py" config>; a page
    of one game unpacks only its game's archive with the shared wheels),
    with `caches`, every set's key. */
function wheelSet(build) {
  const script = document.querySelector('script[type="py"][config]');
  const name = script ? new URL(script.getAttribute("config"), document.baseURI).pathname.split("/").pop() : "";
  const set = build.sets[name] || build.sets["pyscript.toml"];
  return { ...set, caches: Object.values(build.sets).map((entry) => entry.key) };
}

function mark(name, value) {
  root.dataset[name] = value;
}

/** ``await work()``, its time in ms kept as ``into[key]``. */
async function timed(into, key, work) {
  const started = performance.now();
  const value = await work();
  into[key] = performance.now() - started;
  return value;
}

function warn(what, err) {
  console.warn(`Python snapshot: ${what}`, err === undefined ? "" : String(err && err.message || err));
}

/** Snapshots (`what` = "snapshot") and cached bytecode ("bytecode") are on
    unless switched off, and the browser has what they need. */
function wanted(what) {
  try {
    if (new URLSearchParams(location.search).get(what) === "off") return false;
  } catch (_) { /* no query */ }
  try {
    if (localStorage.getItem(`diceland:${what}`) === "off") return false;
  } catch (_) { /* storage forbidden: the setting cannot have been made */ }
  return typeof caches !== "undefined" && !!(globalThis.crypto && crypto.subtle);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Say `why` and delete the cache's `entry` (the snapshot, or the bytecode). */
async function forget(why, err, entry = ENTRY) {
  warn(why, err);
  try {
    await (await caches.open(entry === BYTECODE ? BYTECODE_CACHE : CACHE)).delete(entry);
  } catch (_) { /* nothing to delete, or storage refused */ }
}

/** Whether this build's snapshot is in Cache Storage: a look at its headers,
    nothing read; one of another build is deleted here, before Pyodide
    starts (and takes the files boot.js fetched ahead for it). */
async function snapshotThere() {
  const hit = await (await caches.open(CACHE)).match(ENTRY);
  if (!hit) return false;
  if (hit.headers.get("x-snapshot-key") === BUILD.key) return true;
  await forget("the cached snapshot belongs to another build; booting normally");
  return false;
}

/** A snapshot the page will not restore: `why` is said (with its `cause`),
    and the entry deleted when it is stale or damaged (`bad`). */
function refused(why, bad, cause) {
  return Object.assign(new Error(why), { snapshot: { why, bad, cause } });
}

/** This build's snapshot, checked whole (its key, length and SHA-256), read
    by a module worker (python-snapshot-read.mjs, as python-snapshot.mjs
    makes it) so that the page's main thread goes on loading while 30 MB are
    hashed.  Null when there is none; rejects with `refused`. */
async function readSnapshot() {
  let reply;
  let worker = null;
  try {
    worker = new Worker(new URL("./python-snapshot-read.mjs", import.meta.url), { type: "module" });
    reply = await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => resolve(data);
      worker.onmessageerror = () => reject(new Error("the snapshot reader's answer could not be read"));
      worker.onerror = (event) => reject(new Error(event.message || "the snapshot reader failed"));
      worker.postMessage({ cache: CACHE, entry: ENTRY, key: BUILD.key });
    });
  } catch (err) {
    throw refused("cannot read the cache; booting normally", false, err);
  } finally {
    if (worker) worker.terminate();
  }
  if (reply.error) throw refused("cannot read the cache; booting normally", false, reply.error);
  if (reply.problem) throw refused(reply.problem, true);
  return reply.missing ? null : reply.bytes;
}

/** The snapshot's look and reading, started as soon as this module is
    imported (by boot.js on a visit the service worker serves, while
    PyScript is still loading): whether there is one (`figures.lookMs`), then
    its bytes, null, or a refusal (`figures.readMs`). */
const LOOKING = wanted("snapshot") ? timed(figures, "lookMs", snapshotThere) : null;
const READING = LOOKING && LOOKING.then((there) => (there ? timed(figures, "readMs", readSnapshot) : null));
for (const pending of [LOOKING, READING]) if (pending) pending.catch(() => { /* boot() says why */ });

/** The wheels' bytes. */
async function fetchWheels() {
  return Promise.all(WHEELS.map(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
}

/** The files PyScript asks for once Python runs: the wheels and the page's
    own Python (its <script type="py" src>). */
function filesPyScriptFetches() {
  const scripts = Array.from(document.querySelectorAll('script[type="py"][src]'),
                             (script) => new URL(script.getAttribute("src"), document.baseURI).href);
  return [...WHEELS, ...scripts];
}

/** On a visit the service worker does not serve yet (the first one),
    fetch what PyScript will ask for as soon as Pyodide's WebAssembly has
    arrived (boot.js says so: it counts the bytes of the big downloads),
    while the processor compiles and starts it and the network is idle;
    PyScript then finds those files in the browser's HTTP cache.  On a slow
    network this takes their download (0.3 MB) out of the wait: PyScript asks
    for them only once Python runs.  Not sooner: they would share the network
    with the WebAssembly file and delay it. */
function fetchAheadOfPyScript() {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
  const WASM = "pyodide/pyodide.asm.wasm";
  const go = () => {
    for (const url of filesPyScriptFetches()) {
      // read whole, so that the HTTP cache keeps it; a failure is PyScript's to report
      fetch(url).then((response) => response.arrayBuffer()).catch(() => {});
    }
  };
  if (globalThis.dicelandDownloaded && globalThis.dicelandDownloaded.has(WASM)) {
    go();
    return;
  }
  const arrived = (event) => {
    if (event.detail !== WASM) return;
    document.removeEventListener("diceland:downloaded", arrived);
    go();
  };
  document.addEventListener("diceland:downloaded", arrived);
}

async function restore(options, reading) {
  // Pyodide fetches its WebAssembly and imports its own module while the
  // bytes are still being read and checked
  const bytes = reading.then((read) => read || Promise.reject(refused("the cached snapshot went; booting normally", false)));
  bytes.catch(() => { /* (Pyodide awaits it only once its own module is in) boot() says why */ });
  const py = await bootPyodide({ ...options, _loadSnapshot: bytes });
  py.runPython("import random; random.seed()");
  py.runPython("import sys; assert 'diceland_core' in sys.modules and 'diceland_site' in sys.modules");
  return py;
}


function started(py) {
  py.runPython(GUARD);
  globalThis.dicelandPython = {
    modules: () => {
      const names = py.runPython("import sys; sorted(sys.modules)");
      try { return names.toJs(); } finally { names.destroy(); }
    },
  };
  return py;
}

export async function loadPyodide(options = {}) {
  return started(await boot(options));
}

async function boot(options) {
  const settings = { ...options, indexURL: INDEX_URL };
  // Packages PyScript asks Pyodide to load while it starts are not in a
  // snapshot: pyscript.toml has none (its [files] unpack the wheels).
  const useSnapshots = wanted("snapshot") && !options.packages;
  if (useSnapshots) {
    let there = false;
    try {
      there = await LOOKING;
    } catch (err) {
      warn("cannot read the cache; booting normally", err);
    }
    if (there) {
      try {
        const py = await timed(figures, "restoreMs", () => restore(settings, READING));
        figures.bytes = (await READING).length;
        mark("boot", "snapshot");
        return py;
      } catch (err) {
        const why = err && err.snapshot;
        if (!why) await forget("restoring failed; booting normally", err);
        else if (why.bad) await forget(why.why);
        else warn(why.why, why.cause);
      }
    }
  }
  fetchAheadOfPyScript();
  const py = await bootPyodide(settings);
  mark("boot", "normal");
  if (useSnapshots) whenIdle(saveSnapshot);
  else mark("snapshot", "off");
  await useBytecode(py);
  return py;
}

/** `task` once the page is ready (<html data-ready>) and then idle
    (`afterMs` later, at the first idle moment). */
function whenIdle(task, afterMs = MAKE_AFTER_MS) {
  const later = () => setTimeout(() => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => task(), { timeout: 5000 });
    else task();
  }, afterMs);
  if (root.dataset.ready === "true") return later();
  const watcher = new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    watcher.disconnect();
    later();
  });
  watcher.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

/** The snapshot's bytes, made in a module worker (python-snapshot.mjs) so
    that the page's main thread does not stall while a Python boots. */
async function makeSnapshot() {
  const wheels = await fetchWheels();
  const worker = new Worker(new URL("./python-snapshot.mjs", import.meta.url), { type: "module" });
  try {
    const reply = await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => resolve(data);
      worker.onerror = (event) => reject(new Error(event.message || "the snapshot worker failed"));
      worker.postMessage({ indexURL: INDEX_URL, wheels, python: [UNPACK, IMPORTS] },
                         wheels.map((bytes) => bytes.buffer));
    });
    if (reply.error) throw new Error(reply.error);
    return reply.bytes;
  } finally {
    worker.terminate();
  }
}

async function store(bytes) {
  const cache = await caches.open(CACHE);
  await cache.put(ENTRY, new Response(bytes, {
    headers: {
      "content-type": "application/octet-stream",
      "x-snapshot-key": BUILD.key,
      "x-snapshot-length": String(bytes.length),
      "x-snapshot-sha256": await sha256(bytes),
    },
  }));
  for (const name of await caches.keys()) {
    if ((name.startsWith(PREFIX) && !CACHES.includes(name))
        || (name.startsWith(BYTECODE_PREFIX) && name !== BYTECODE_CACHE)) await caches.delete(name);
  }
}

/** Make and keep this build's snapshot, once per browser (several pages
    or embeds at once: the first one does it). */
async function saveSnapshot() {
  const work = async () => {
    if (await (await caches.open(CACHE)).match(ENTRY)) return "exists";
    const bytes = await timed(figures, "makeMs", makeSnapshot);
    figures.bytes = bytes.length;
    await store(bytes);
    return "saved";
  };
  await onePageAtATime(CACHE, "snapshot", work);
}

/** `work()` in one page of the site at a time (another page holding the
    lock `name`: "busy"); its outcome, or "failed", in <html data-WHAT>. */
async function onePageAtATime(name, what, work) {
  try {
    const outcome = navigator.locks
      ? await navigator.locks.request(name, { ifAvailable: true }, (lock) => (lock ? work() : "busy"))
      : await work();
    mark(what, outcome);
  } catch (err) {
    mark(what, "failed");
    warn(`${what} not saved`, err);
  }
}

// -- compiled modules ----------------------------------------------------------


/** Where KEEP_GENERATED keeps its code, in the bytecode's folder. */
const GENERATED = "dataclasses.marshal";

/** The cached bytecode as [path, bytes] pairs; null when there is none.
    Stored as: 4 bytes (big-endian length of the index), the index (JSON:
    [[path, length], ...]), then the files' bytes in that order. */
async function readBytecode() {
  const hit = await (await caches.open(BYTECODE_CACHE)).match(BYTECODE);
  if (!hit) return null;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (hit.headers.get("x-snapshot-key") !== SETS.bytecode
      || hit.headers.get("x-bytecode-sha256") !== await sha256(bytes)) {
    throw new Error("the cached bytecode is damaged");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const indexLength = view.getUint32(0);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + indexLength)));
  let at = 4 + indexLength;
  const files = index.map(([path, length]) => {
    if (typeof path !== "string" || !path.startsWith(PYCACHE + "/") || path.includes("/../")
        || !Number.isInteger(length) || length < 0 || at + length > bytes.length) {
      throw new Error("the cached bytecode is damaged");
    }
    const file = [path, bytes.subarray(at, at + length)];
    at += length;
    return file;
  });
  if (at !== bytes.length) throw new Error("the cached bytecode is damaged");
  return files;
}

/** A module's bytecode (the figures count these; not the dataclasses' file). */
function isModule(path) {
  return path.endsWith(".pyc");
}

/** Files under `dir` in Pyodide's file system: [path, mtime in ms]. */
function listFiles(FS, dir) {
  const out = [];
  const walk = (path) => {
    for (const name of FS.readdir(path)) {
      if (name === "." || name === "..") continue;
      const child = `${path}/${name}`;
      const stat = FS.stat(child);
      if (FS.isDir(stat.mode)) walk(child);
      else out.push([child, stat.mtime.getTime()]);
    }
  };
  if (FS.analyzePath(dir).exists) walk(dir);
  return out;
}

/** Put the cached bytecode where Python looks for it (with time 0, which
    tells them from the files this visit compiles), then turn the loader on,
    and keep what the page compiled once it is ready and idle. */
async function useBytecode(py) {
  if (!wanted("bytecode")) {
    mark("bytecode", "off");
    return;
  }
  let files = null;
  try {
    files = await timed(bytecodeFigures, "readMs", readBytecode);
  } catch (err) {
    await forget("cannot use the cached bytecode; compiling", err, BYTECODE);
  }
  let folder;
  let keepGenerated = () => 0;
  try {
    for (const [path, bytes] of files || []) {
      py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      py.FS.writeFile(path, bytes);
      py.FS.utime(path, 0, 0);
    }
    bytecodeFigures.read = (files || []).filter(([path]) => isModule(path)).length;
    const keep = py.runPython(KEEP_BYTECODE);
    folder = keep(PYCACHE);
    keep.destroy();
    py.FS.mkdirTree(folder);  // Python's import does not make a folder at the root
    const generated = py.runPython(KEEP_GENERATED);
    keepGenerated = generated(`${folder}/${GENERATED}`);
    generated.destroy();
    bytecodeFigures.generatedRead = keepGenerated.read;
  } catch (err) {
    warn("cannot use the cached bytecode; compiling", err);
    mark("bytecode", "failed");
    return;
  }
  whenIdle(() => saveBytecode(py, folder, keepGenerated), 0);
  // and what the player's actions imported since (a share link's code, say)
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveBytecode(py, folder, keepGenerated);
  });
}

/** Keep the bytecode of every module of the site imported so far, when this
    visit compiled any since it was last kept (a file with a time other
    than 0; kept files get time 0). */
async function saveBytecode(py, folder, keepGenerated) {
  const work = async () => {
    bytecodeFigures.generatedCompiled = (bytecodeFigures.generatedCompiled || 0) + keepGenerated();
    const found = listFiles(py.FS, folder);
    const changed = found.filter(([, mtime]) => mtime !== 0);
    bytecodeFigures.compiled = changed.filter(([path]) => isModule(path)).length;
    if (changed.length === 0) return "kept";
    const encoder = new TextEncoder();
    const contents = found.map(([path]) => py.FS.readFile(path));
    const index = encoder.encode(JSON.stringify(found.map(([path], i) => [path, contents[i].length])));
    const total = 4 + index.length + contents.reduce((sum, bytes) => sum + bytes.length, 0);
    const out = new Uint8Array(total);
    new DataView(out.buffer).setUint32(0, index.length);
    out.set(index, 4);
    let at = 4 + index.length;
    for (const bytes of contents) {
      out.set(bytes, at);
      at += bytes.length;
    }
    const cache = await caches.open(BYTECODE_CACHE);
    await cache.put(BYTECODE, new Response(out, {
      headers: {
        "content-type": "application/octet-stream",
        "x-snapshot-key": SETS.bytecode,
        "x-bytecode-sha256": await sha256(out),
      },
    }));
    for (const [path] of found) py.FS.utime(path, 0, 0);
    bytecodeFigures.saved = found.filter(([path]) => isModule(path)).length;
    bytecodeFigures.bytes = out.length;
    return "saved";
  };
  await onePageAtATime(BYTECODE_CACHE, "bytecode", work);
}
