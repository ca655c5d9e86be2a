/* Boot screen: a progress bar while Python starts, then the service worker.
   No game logic here: the page's Python (diceland_web's shell) sets
   <html data-ready="true"> when the game is
   interactive; this file only watches for it. */
"use strict";

(() => {
  const root = document.documentElement;
  const bar = document.getElementById("boot-progress");
  const label = document.getElementById("boot-label");
  const panel = document.getElementById("boot");
  let shown = 0;

  // The boot texts come from the locale files (keys boot.*): build.py writes
  // them into boot-strings.js.  The language (shared.js): ?lang=, else the one
  // the player chose (saved settings, the tutorial's), else the browser's.
  const ALL = window.DICELAND_BOOT_STRINGS || {};
  const SHARED = window.DicelandShared;
  const QUERY = SHARED && SHARED.query();
  const LANG = SHARED ? SHARED.language(ALL, QUERY && QUERY.get("lang"),
    [SHARED.storedLanguage("diceland:settings"), SHARED.storedLanguage("diceland:tutorial")]) : "en";
  const STRINGS = ALL[LANG] || {};
  function t(key, detail, game) {
    const text = STRINGS[key] || (ALL.en || {})[key] || "";
    return text.replace("{detail}", detail || "").replace("{game}", game || "");
  }
  if (bar) bar.setAttribute("aria-label", t("boot.progress"));

  function progress(value, text, detail) {
    if (value < shown || (panel && panel.classList.contains("failed"))) return;  // a failure stays said
    shown = value;
    if (bar) { bar.value = value; bar.setAttribute("aria-valuenow", String(value)); }
    if (label && text && !stalled.size) label.textContent = t(text, detail);  // a stop stays said
  }

  // The bar moves with the bytes of the big downloads (Pyodide, its standard
  // library, the wheels: their sizes are in boot-strings.js, written by the
  // build) as they arrive, counted on the response streams of the page's
  // fetches; from 4 to 90, the label says how many MB of how many (downloaded,
  // or loaded from the service worker's copy), then that Python starts.  A file
  // that is not fetched (pyodide.asm.mjs is imported) counts when it is done.
  const DOWNLOADS = window.DICELAND_DOWNLOADS || {};
  const BASE = new URL(".", location.href).href;
  const received = {};
  const TOTAL = Object.values(DOWNLOADS).reduce((sum, [, gz]) => sum + gz, 0);
  // the path of `url` on this site when `table` names it, else null
  function pathIn(table, url) {
    try {
      const href = new URL(String(url), location.href).href.split(/[?#]/)[0];
      const path = href.startsWith(BASE) ? href.slice(BASE.length) : "";
      return Object.prototype.hasOwnProperty.call(table, path) ? path : null;
    } catch (_) { return null; }
  }
  // "4.7" or "4,7": by the language's decimal mark, not Intl (whose first
  // formatter costs 15-60 ms of the main thread while Python starts)
  function megabytes(n) {
    return (n / 1e6).toFixed(1).replace(".", t("boot.decimal_mark") || ".");
  }
  // "Downloading" on a first visit; "Loading" when the service worker serves
  // the visit, whose bytes come from the device's own copy
  const COUNTING = navigator.serviceWorker && navigator.serviceWorker.controller ? "boot.read" : "boot.received";
  // the downloads complete so far (python.mjs fetches the wheels ahead once
  // Pyodide's WebAssembly is in: it looks here, then waits for the event)
  const downloaded = window.dicelandDownloaded = new Set();
  function counted(path, bytes) {
    // never back: a file can be counted twice (fetched ahead, then read)
    received[path] = Math.max(received[path] || 0, Math.min(bytes, DOWNLOADS[path][0]));
    if (received[path] === DOWNLOADS[path][0] && !downloaded.has(path)) {
      downloaded.add(path);
      document.dispatchEvent(new CustomEvent("diceland:downloaded", { detail: path }));
    }
    // what arrived, in the transfer's (gzip) bytes: each file's share of its size
    let got = 0;
    for (const [name, [raw, gz]] of Object.entries(DOWNLOADS)) got += ((received[name] || 0) / raw) * gz;
    // every byte in: Python starts (compiles, unpacks, installs the game)
    const all = Object.keys(DOWNLOADS).every((name) => received[name] === DOWNLOADS[name][0]);
    progress(4 + Math.floor((got / TOTAL) * 86), all ? "boot.python_start" : COUNTING,
             `${megabytes(got)} / ${megabytes(TOTAL)}`);
  }
  // The runtime files (Pyodide's WebAssembly and standard library, the
  // wheels, the page's Python) are checked before Python gets them: their
  // size and SHA-256 are in boot-strings.js (DICELAND_FILES, written by the
  // build).  A wrong answer (cut, scrambled, another page) is fetched again
  // bypassing the HTTP cache and the service worker's copy; a download that
  // breaks or stops is started again, when the browser is back online or a
  // few seconds later, and a download with no bytes for STALL_MS says so.
  const FILES = window.DICELAND_FILES || {};
  const STALL_MS = 5000;
  const RETRY_MS = [1000, 2000, 4000, 8000];
  const GIVE_UP = 3;  // wrong answers in a row: the site itself is broken
  const REPAIRING = "diceland:repairing";
  const HASHING = !!(globalThis.crypto && crypto.subtle);
  let repairing = false;
  try { repairing = sessionStorage.getItem(REPAIRING) === "1"; } catch (_) { /* no storage */ }
  async function sha256(bytes) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  // the downloads (one object each) that have had no bytes for STALL_MS,
  // or failed with the network: the label says so
  const stalled = new Set();
  function stall(download, stopped) {
    if (stopped) stalled.add(download); else stalled.delete(download);
    if (!label || (panel && panel.classList.contains("failed"))) return;
    if (stalled.size) label.textContent = t("boot.stalled");
    else if (label.textContent === t("boot.stalled")) label.textContent = t("boot.loading");
  }
  let backOnline = null;  // resolves at the next "online" event
  function online() {
    if (!backOnline) {
      backOnline = new Promise((resolve) => window.addEventListener("online", resolve, { once: true }))
        .then(() => { backOnline = null; });
    }
    return backOnline;
  }
  // One answer's bytes, counted as they arrive, with an unread copy of the
  // answer (`kept`: what Pyodide gets once the bytes have passed, a response
  // of this URL, whose WebAssembly the browser compiles once and caches), or
  // the answer itself when it is not a 200 (a missing file is said as such,
  // not fetched again).  Aborted (rejects) when a download stops (STALL_MS).
  async function readAnswer(fetchBytes, path, init, download) {
    const abort = new AbortController();
    let timer = 0;
    let last = Date.now();
    let read = false;  // every byte in: nothing aborts the answer any more
    const stop = () => read || abort.abort();
    // back online: a download with no bytes this last second starts again
    online().then(() => Date.now() - last > 1000 && stop());
    const quiet = (got) => {
      clearTimeout(timer);
      if (got) { stall(download, false); last = Date.now(); }
      // no bytes for a while: say so; start again when the browser is back
      // online, or after STALL_MS more (a network that never says it was off)
      timer = setTimeout(() => {
        stall(download, true);
        online().then(stop);
        timer = setTimeout(stop, 3 * STALL_MS);
      }, STALL_MS);
    };
    quiet(false);
    try {
      const response = await fetchBytes.call(window, BASE + path, { ...init, signal: abort.signal });
      stall(download, false);
      if (!response.ok || !response.body) return { response };
      const kept = response.clone();
      const reader = response.body.getReader();
      const chunks = [];
      let length = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        quiet(true);
        chunks.push(value);
        length += value.byteLength;
        if (DOWNLOADS[path]) counted(path, Math.min(length, FILES[path][0] - 1));
      }
      const bytes = new Uint8Array(length);
      let at = 0;
      for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.byteLength; }
      read = true;
      return { bytes, kept };
    } finally {
      clearTimeout(timer);  // (a download that failed stays said until it goes on)
    }
  }
  // `path`'s checked bytes as a Response, after as many tries as it takes;
  // rejects after GIVE_UP wrong answers in a row.
  async function fetchChecked(fetchBytes, path, init) {
    const [size, hash] = FILES[path];
    let reload = repairing;
    let wrong = 0;
    const download = {};
    for (let attempt = 0; ; attempt += 1) {
      let answer = null;
      try {
        answer = await readAnswer(fetchBytes, path, reload ? { ...init, cache: "reload" } : init, download);
      } catch (err) {
        // the network failed: said when the browser is offline or it fails
        // again; tried again when it is back, or a little later
        if (attempt > 0 || navigator.onLine === false) stall(download, true);
        // (past the HTTP cache: another fetch of the file may hold its entry, stalled)
        reload = true;
        await Promise.race([online(), new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, 3)]))]);
        continue;
      }
      if (answer.response) return answer.response;
      // (a page over plain http, a phone on the local network, has no
      // crypto.subtle: the size alone is checked there)
      if (answer.bytes.length === size && (!HASHING || await sha256(answer.bytes) === hash)) {
        if (DOWNLOADS[path]) counted(path, size);
        return answer.kept;
      }
      answer.kept.body.cancel().catch(() => { /* gone already */ });
      wrong += 1;
      reload = true;  // not the copy the browser (or the service worker) keeps
      console.warn(`${path}: a damaged answer; fetching it again`);
      if (wrong >= GIVE_UP) {
        const message = `${path}: ${GIVE_UP} damaged answers in a row`;
        failed(message);  // Pyodide itself may say nothing of a failed fetch
        throw new Error(message);
      }
    }
  }

  // Pyodide's files boot.js fetched ahead (fetchPythonAhead): path → the
  // response, handed to the first fetch of that file, once
  const ahead = {};
  let fetchAhead = null;
  if (typeof window.fetch === "function" && typeof ReadableStream === "function" && Object.keys(FILES).length) {
    const fetchBytes = window.fetch;
    fetchAhead = (path) => {
      ahead[path] = fetchChecked(fetchBytes, path, {});
      ahead[path].catch(() => { /* the fetch that takes it gets the error */ });
    };
    window.fetch = function (input, init) {
      const path = pathIn(FILES, input && input.url ? input.url : input);
      if (!path || (input && input.url) || (init && (init.integrity || (init.method && init.method !== "GET")))) {
        return fetchBytes.apply(this, arguments);
      }
      if (ahead[path]) {
        const held = ahead[path];
        delete ahead[path];
        return held;
      }
      const { credentials, cache } = init || {};
      return fetchChecked(fetchBytes, path, { credentials, cache });
    };
  }

  if ("PerformanceObserver" in window) {
    try {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const path = TOTAL > 0 ? pathIn(DOWNLOADS, entry.name) : null;
          // (a file boot.js checks counts once it has passed)
          if (path && !(fetchAhead && FILES[path] && !path.endsWith(".mjs"))) counted(path, DOWNLOADS[path][0]);
        }
      });
      observer.observe({ type: "resource", buffered: true });
    } catch (_) { /* old browsers: the bar just jumps at the end */ }
  }
  progress(4, "boot.loading");
  showLastFrame();
  fetchPythonAhead();

  // A page that starts Python asks for Pyodide's big files now, rather
  // than once PyScript's and Pyodide's own scripts have loaded one another
  // (a chain of round trips: about 1.5 s on a slow mobile network before the
  // 3.5 MB of WebAssembly start to come; on a phone's second visit, served
  // by the service worker, the WebAssembly read and checked while those
  // scripts still load).  Its WebAssembly and standard library are fetched
  // here and handed to Pyodide's own fetch of them (above).  A visit no
  // service worker serves (the first one) preloads Pyodide's .mjs (Pyodide
  // import()s it); the wheels follow once the WebAssembly is in
  // (python.mjs).  A visit the service worker serves imports python.mjs
  // now: it starts reading and checking Python's snapshot from Cache
  // Storage when it is imported (in a worker), and PyScript's own import of
  // it finds it loaded.  A page whose Python waits for the reader (an
  // embedded lesson) has no Python script yet, and fetches nothing.
  function fetchPythonAhead() {
    if (!document.querySelector('script[type="py"]')) return;
    const served = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
    if (served) import("./python.mjs").catch(() => { /* PyScript's import says it */ });
    const paths = Object.keys(DOWNLOADS).filter((path) => path.startsWith("pyodide/"));
    // the longest download first
    paths.sort((a, b) => DOWNLOADS[b][1] - DOWNLOADS[a][1]);
    for (const path of paths) {
      if (path.endsWith(".mjs")) {
        if (served) continue;
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = "./" + path;
        document.head.appendChild(link);
      } else if (fetchAhead) {
        fetchAhead(path);
      }
    }
  }

  // The picture of the board the page keeps with a save: something to look
  // at while Python starts.  The save is the one the page will resume (as
  // Shell.start picks it): the current one if it is of this page's game
  // (data-last-frame names it), else this game's latest unfinished save.
  // Anything but a data: image is ignored.
  function readSave(key) {
    const save = JSON.parse(localStorage.getItem(key) || "{}");
    return save && typeof save === "object" ? save : {};
  }
  function gameOf(save) {
    const summary = save.summary && typeof save.summary === "object" ? save.summary : {};
    return typeof summary.game === "string" ? summary.game : "diceland";
  }
  function lastFrame(game) {
    const settings = JSON.parse(localStorage.getItem("diceland:settings") || "{}");
    const asked = QUERY && QUERY.get("save");  // a query too long to read names none
    const id = asked || (settings && typeof settings.current === "string" ? settings.current : null);
    let save = id ? readSave("diceland:save:" + id) : {};
    if (gameOf(save) !== game || !save.record) {
      save = {};
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (!key || !key.startsWith("diceland:save:")) continue;
        let other = {};
        try { other = readSave(key); } catch (_) { continue; }
        const summary = other.summary && typeof other.summary === "object" ? other.summary : {};
        if (gameOf(other) !== game || summary.over || !other.record) continue;
        if ((Number(other.saved_at) || 0) > (Number(save.saved_at) || 0)) save = other;
      }
    }
    const frame = save.last_frame;
    return typeof frame === "string" && frame.startsWith("data:image/") && frame.length <= 200000 ? frame : null;
  }

  // While Python loads, the boot screen shows the game: the last picture of
  // the game the page will resume, else a new game's sheet (drawn by the
  // build: pictures/start/<game>-<language>.svg).
  function showLastFrame() {
    if (!panel || !panel.hasAttribute("data-last-frame")) return;
    // a start link or a shared position shows another game
    if (/[?&](players|boards|board|seed|names|position)=/.test(location.search) || /^#position=/.test(location.hash)) return;
    const game = panel.getAttribute("data-last-frame") || "diceland";
    let frame = null;
    try { frame = lastFrame(game); } catch (_) { return; }  // no storage, or a broken save: the page's Python says so
    const img = document.createElement("img");
    img.id = frame ? "boot-frame" : "boot-start";
    img.className = "boot-frame";
    img.alt = "";
    img.decoding = "async";
    img.src = frame || `./pictures/start/${encodeURIComponent(game)}-${LANG}.svg`;
    img.addEventListener("error", () => { img.remove(); panel.classList.remove("with-frame"); });
    panel.classList.add("with-frame");
    panel.insertBefore(img, bar || null);
  }
  document.addEventListener("py:ready", () => progress(92, "boot.game"));

  // The service worker keeps the site (Python included) for offline play and
  // later visits.  A page that runs no Python (the home page) starts it once
  // the page is idle, so that the runtime is on its way while the reader
  // chooses a game, unless the browser asks to save data: then the game's
  // page starts it.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    if (location.protocol !== "https:" && location.hostname !== "127.0.0.1" && location.hostname !== "localhost") return;
    const register = () => navigator.serviceWorker.register("./sw.js").catch((err) => {
      console.warn("service worker not registered:", err);
    });
    if (document.querySelector('script[type="py"]')) { register(); return; }
    if (navigator.connection && navigator.connection.saveData) return;
    if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: 3000 });
    else setTimeout(register, 1000);
  }

  // A newer version of the site, put online while this page is open: its
  // service worker installs complete and waits (a page never mixes two
  // versions), and the page offers to reload into it (the game is saved as
  // it goes, and the reload resumes it); Reload tells the waiting worker to
  // take over first.  A worker taken by another tab takes this page over:
  // offered too.  A page shown again asks whether there is a newer one.
  const TAKE = "diceland:take";
  function installed(worker) {
    return new Promise((resolve) => {
      const seen = () => {
        if (worker.state === "installing") return;
        worker.removeEventListener("statechange", seen);
        resolve(worker.state === "installed" ? worker : null);
      };
      worker.addEventListener("statechange", seen);
      seen();
    });
  }
  async function reloadNewest() {
    const workers = navigator.serviceWorker;
    try {
      const found = workers && await workers.getRegistration();
      if (found) {
        await found.update().catch(() => { /* offline: the version kept */ });
        const next = found.installing ? await installed(found.installing) : found.waiting;
        if (next) {
          const taken = new Promise((resolve) => workers.addEventListener("controllerchange", resolve, { once: true }));
          next.postMessage({ type: TAKE });
          await Promise.race([taken, new Promise((resolve) => setTimeout(resolve, 10000))]);
        }
      }
    } finally {
      location.reload();
    }
  }
  window.dicelandReloadNewest = reloadNewest;
  // A button of the boot's own messages, its words in the page's language.
  function bootButton(id, key, onClick) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = id;
    button.textContent = t(key);
    button.addEventListener("click", onClick);
    return button;
  }
  function offer() {
    if (document.getElementById("new-version")) return;
    const box = document.createElement("div");
    box.id = "new-version";
    box.className = "new-version";
    box.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = t("boot.new_version");
    const button = bootButton("new-version-reload", "boot.reload", () => { button.disabled = true; reloadNewest(); });
    box.append(text, button);
    document.body.append(box);
  }
  function offerNewVersion() {
    const workers = navigator.serviceWorker;
    if (!workers) return;
    let served = !!workers.controller;  // the first install is this version
    workers.addEventListener("controllerchange", () => {
      if (served) offer();
      served = true;
    });
    const watch = (found) => {
      if (!found) return;
      const waiting = (worker) => worker && installed(worker).then((done) => done && workers.controller && offer());
      waiting(found.waiting || found.installing);
      found.addEventListener("updatefound", () => waiting(found.installing));
    };
    workers.ready.then(watch);  // (once this version's worker is active)
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      workers.getRegistration().then((found) => found && found.update()).catch(() => { /* offline */ });
    });
  }

  let pyErrors = null;  // the watch for PyScript's error boxes, until ready
  function ready() {
    if (pyErrors) pyErrors.disconnect();
    try { sessionStorage.removeItem(REPAIRING); } catch (_) { /* no storage */ }
    progress(100, "");
    if (panel) panel.hidden = true;
    registerServiceWorker();
    offerNewVersion();
    // the service worker that served this page checks the site's copy now
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "diceland:started" });
  }

  if (root.dataset.ready === "true") {
    ready();
  } else {
    const watcher = new MutationObserver(() => {
      if (root.dataset.ready === "true") { watcher.disconnect(); ready(); }
    });
    watcher.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }

  // If Python never starts, say so instead of leaving a bar that never fills:
  // in plain words, naming the game (and a module the site's Python lacks),
  // the error itself behind "details", and a button to try again.
  let startAgain = null;  // the reload at the "online" event, once
  let wentOffline = navigator.onLine === false;  // the network was lost during this visit
  window.addEventListener("offline", () => { wentOffline = true; });
  const NETWORK = /Failed to fetch|NetworkError|network|net::|Importing a module script failed|error loading dynamically imported module/i;
  function failed(text) {
    if (root.dataset.ready === "true" || !label) return;
    const missing = /No module named '([^']+)'/.exec(text);
    const title = panel && panel.querySelector(".boot-title");
    const game = (title && title.textContent.trim()) || document.title;
    // (a start that failed with the network gone, a part of PyScript not
    // loaded: said as a stopped download, and started again once back online)
    // (or online again by the time the failure is told: a network this
    // visit lost, a part it failed to fetch; started again now, once)
    const lost = !missing && !DAMAGED.test(text) && wentOffline && NETWORK.test(text);
    const offline = !missing && !DAMAGED.test(text) && (navigator.onLine === false || lost);
    if (offline && !startAgain) {
      startAgain = () => location.reload();
      if (navigator.onLine === false) window.addEventListener("online", startAgain, { once: true });
      else startAgain();
    }
    label.textContent = missing ? t("boot.missing", missing[1], game)
      : offline ? t("boot.stalled") : t(DAMAGED.test(text) ? "boot.damaged" : "boot.failed_plain", "", game);
    if (panel) {
      panel.classList.add("failed");
      panel.hidden = false;
      if (!document.getElementById("boot-retry")) {
        const retry = bootButton("boot-retry", "boot.retry", () => location.reload());
        const fix = bootButton("boot-repair", "boot.repair", () => { fix.disabled = true; repair(); });
        panel.append(retry, fix);
      }
      let box = document.getElementById("boot-details");
      if (!box) {
        box = document.createElement("details");
        box.id = "boot-details";
        box.className = "boot-details";
        const summary = document.createElement("summary");
        summary.textContent = t("boot.details");
        const pre = document.createElement("pre");
        pre.style.cssText = "white-space: pre-wrap; max-height: 40vh; overflow: auto; text-align: left; font-size: 0.8rem";
        box.append(summary, pre);
        panel.append(box);
      }
      box.querySelector("pre").textContent = text;
    }
  }
  // A failed compile or unpack: a file arrived (or is kept) damaged.
  const DAMAGED = /CompileError|SyntaxError|extends past end|BadZipFile|unpack|damaged|Unexpected end/i;

  // Repair: the site's caches (the service worker's, the snapshot's; never
  // the saved games, in localStorage) and its service worker go, the
  // modules the page imports are fetched anew into the browser's HTTP cache
  // (the page cannot check them), and the page reloads, fetching the files
  // it checks anew too (sessionStorage REPAIRING, until it is ready).
  async function repair() {
    try { sessionStorage.setItem(REPAIRING, "1"); } catch (_) { /* no storage: the checks still apply */ }
    try {
      if (window.caches) {
        for (const name of await caches.keys()) if (name.startsWith("diceland-")) await caches.delete(name);
      }
      if (navigator.serviceWorker) {
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      }
      const modules = Object.keys(FILES).filter((path) => path.endsWith(".mjs"));
      await Promise.all(modules.map((path) => fetch(BASE + path, { cache: "reload" })
        .then((response) => response.arrayBuffer()).catch(() => null)));
    } finally {
      location.reload();
    }
  }

  window.addEventListener("error", (event) => failed(event.message || String(event.error || "")));
  // a script of the page that did not load (PyScript's, or a module it
  // imports: nothing else would tell) fires its error at the element
  window.addEventListener("error", (event) => {
    const element = event.target;
    if (element && element.tagName === "SCRIPT") failed(`Failed to fetch ${element.src || "a script"}`);
  }, true);
  // a file PyScript could not fetch (a wheel of the site's Python) rejects a
  // promise no one waits on: the start has failed all the same
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    failed(String((reason && (reason.stack || reason.message)) || reason || ""));
  });
  // PyScript shows a Python error that stops the page's script as a
  // .py-error box of its own (a raw traceback): it goes behind "details".
  if (root.dataset.ready !== "true") {
    pyErrors = new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeType !== 1 || !node.classList.contains("py-error")) continue;
          node.style.display = "none";
          failed(node.textContent || "");
        }
      }
    });
    pyErrors.observe(document.documentElement, { childList: true, subtree: true });
  }
})();
