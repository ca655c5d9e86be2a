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
    if (label && text) label.textContent = t(text, detail);
  }

  // The bar moves with the bytes of the big downloads (Pyodide, its standard
  // library, the wheels: their sizes are in boot-strings.js, written by the
  // build) as they arrive, counted on the response streams of the page's
  // fetches; from 4 to 90, the label says how many MB of how many, then that
  // Python starts.  A file
  // that is not fetched (pyodide.asm.mjs is imported) counts when it is done.
  const DOWNLOADS = window.DICELAND_DOWNLOADS || {};
  const BASE = new URL(".", location.href).href;
  const received = {};
  const TOTAL = Object.values(DOWNLOADS).reduce((sum, [, gz]) => sum + gz, 0);
  function downloadOf(url) {
    try {
      const href = new URL(String(url), location.href).href.split(/[?#]/)[0];
      const path = href.startsWith(BASE) ? href.slice(BASE.length) : "";
      return Object.prototype.hasOwnProperty.call(DOWNLOADS, path) ? path : null;
    } catch (_) { return null; }
  }
  function megabytes(n) {
    return (n / 1e6).toLocaleString(LANG, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
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
    progress(4 + Math.floor((got / TOTAL) * 86), all ? "boot.python_start" : "boot.received",
             `${megabytes(got)} / ${megabytes(TOTAL)}`);
  }
  // Pyodide's files boot.js fetched ahead (fetchPythonAhead): path → the
  // response, handed to the first fetch of that file, once
  const ahead = {};
  let fetchAhead = null;
  if (TOTAL > 0 && typeof window.fetch === "function" && typeof ReadableStream === "function") {
    const fetchBytes = window.fetch;
    // `response` with its body counted as it passes: read as it arrives
    // when `eager` (the download never waits for someone to ask for it:
    // the chunks wait in the stream's queue), else as its reader asks.
    const countedResponse = (path, response, eager) => {
      if (!response.ok || !response.body) return response;
      const reader = response.body.getReader();
      let bytes = 0;
      const step = (controller) => reader.read().then(({ done, value }) => {
        if (done) { controller.close(); return false; }
        bytes += value.byteLength;
        counted(path, bytes);
        controller.enqueue(value);
        return true;
      });
      const source = eager ? {
        start(controller) {
          const pump = () => step(controller).then((more) => more && pump(), (err) => controller.error(err));
          pump();
        },
      } : { pull: step };
      source.cancel = (reason) => reader.cancel(reason);
      return new Response(new ReadableStream(source),
        { status: response.status, statusText: response.statusText, headers: response.headers });
    };
    fetchAhead = (path) => {
      ahead[path] = fetchBytes.call(window, BASE + path).then((response) => countedResponse(path, response, true));
      ahead[path].catch(() => { /* the fetch that takes it gets the error */ });
    };
    window.fetch = function (input, init) {
      const path = downloadOf(input && input.url ? input.url : input);
      if (path && ahead[path] && !(input && input.url) && !(init && (init.integrity || init.method))) {
        const held = ahead[path];
        delete ahead[path];
        return held;
      }
      const pending = fetchBytes.apply(this, arguments);
      if (!path) return pending;
      return pending.then((response) => countedResponse(path, response, false));
    };
  }

  if ("PerformanceObserver" in window) {
    try {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const path = TOTAL > 0 ? downloadOf(entry.name) : null;
          if (path) counted(path, DOWNLOADS[path][0]);
        }
      });
      observer.observe({ type: "resource", buffered: true });
    } catch (_) { /* old browsers: the bar just jumps at the end */ }
  }
  progress(4, "boot.loading");
  showLastFrame();
  fetchPythonAhead();

  // A visit no service worker serves (the first one) of a page that starts
  // Python asks for Pyodide's big files now, rather than once PyScript's
  // and Pyodide's own scripts have loaded one another (a chain of round
  // trips: about 1.5 s on a slow mobile network before the 3.5 MB of
  // WebAssembly start to come).  Its WebAssembly and standard library are
  // fetched here and handed to Pyodide's own fetch of them (above); its
  // .mjs is a module preload (Pyodide import()s it).  The wheels follow
  // once the WebAssembly is in (python.mjs).  A page whose Python waits
  // for the reader (an embedded lesson) has no Python script yet, and
  // fetches nothing.
  function fetchPythonAhead() {
    if (!document.querySelector('script[type="py"]')) return;
    if ("serviceWorker" in navigator && navigator.serviceWorker.controller) return;
    const paths = Object.keys(DOWNLOADS).filter((path) => path.startsWith("pyodide/"));
    // the longest download first
    paths.sort((a, b) => DOWNLOADS[b][1] - DOWNLOADS[a][1]);
    for (const path of paths) {
      if (path.endsWith(".mjs")) {
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

  let pyErrors = null;  // the watch for PyScript's error boxes, until ready
  function ready() {
    if (pyErrors) pyErrors.disconnect();
    progress(100, "");
    if (panel) panel.hidden = true;
    registerServiceWorker();
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
  function failed(text) {
    if (root.dataset.ready === "true" || !label) return;
    const missing = /No module named '([^']+)'/.exec(text);
    const title = panel && panel.querySelector(".boot-title");
    const game = (title && title.textContent.trim()) || document.title;
    label.textContent = missing ? t("boot.missing", missing[1], game) : t("boot.failed_plain", "", game);
    if (panel) {
      panel.classList.add("failed");
      panel.hidden = false;
      if (!document.getElementById("boot-retry")) {
        const retry = document.createElement("button");
        retry.type = "button";
        retry.id = "boot-retry";
        retry.textContent = t("boot.retry");
        retry.addEventListener("click", () => location.reload());
        panel.append(retry);
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
  window.addEventListener("error", (event) => failed(event.message || String(event.error || "")));
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
