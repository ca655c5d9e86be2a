/* embed.html before Python: the example's position as a picture, drawn when
   the site was built (pictures/index.json), with its title, caption and
   Previous/Next through the pictures.  Python (PyScript, Pyodide, embed.py)
   is loaded only when the reader presses Play, Try it, clicks the picture or
   presses a key in it; the live board then opens at the step on screen.

   Python starts at once when the page is not in a frame (someone opened the
   link itself), with &play=1, and whenever this script cannot tell what to
   show (an unknown lesson, a broken step, a lesson the build drew no
   pictures of): embed.py then explains or shows it.
   A shared position (?s=DATA) has no picture at build time: the live board's
   first drawing is kept in Cache Storage (PICTURE_CACHE, the last
   PICTURE_LIMIT links) and shown the next time; until then a short note
   stands in. */
"use strict";

(() => {
  const SHARED = window.DicelandShared;
  const root = document.documentElement;
  const section = document.getElementById("embed-picture");
  const img = document.getElementById("picture");
  // a picture that cannot load (offline, never fetched before): the note instead
  img.addEventListener("error", () => {
    img.hidden = true;
    document.getElementById("picture-none").hidden = false;
  });
  const query = SHARED.query();  // null: too long to read, Python says so
  const ALL = window.DICELAND_BOOT_STRINGS || {};
  const LANGS = Object.keys(ALL);
  const PICTURE_CACHE = "diceland:embed-pictures";
  const PICTURE_LIMIT = 30;

  const lang = SHARED.language(LANGS, query && query.get("lang"));  // teaching.page_language
  function t(key, params) {
    const text = (ALL[lang] || {})[key] || (ALL.en || {})[key] || "";
    return text.replace(/\{(\w+)\}/g, (all, name) => (params && name in params ? String(params[name]) : all));
  }
  function pick(value) {  // diceland_site.teaching.text_in
    if (typeof value === "string") return value;
    if (value && typeof value === "object") {
      for (const key of [lang, "en", ...Object.keys(value)]) {
        if (typeof value[key] === "string") return value[key];
      }
    }
    return "";
  }
  // diceland_site.teaching.without_rule_ids: a reader never sees "(D2.4)"
  const RULE_IDS = /\s*\((?:[DCW]\d+(?:\.\d+)*[a-z]?(?:,\s*)?)+\)/g;
  function textIn(value) {
    return pick(value).replace(RULE_IDS, "");
  }
  function number(name) {  // undefined: absent; NaN: not a step number
    const raw = query.get(name);
    if (raw === null) return undefined;
    return /^[0-9]{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  }
  const initialStep = query ? number("step") : undefined;

  // -- starting Python --------------------------------------------------------------
  let started = false;
  let shown = null;  // the step on screen, null before a picture is shown
  let hadFocus = false;  // the reader was in the picture: the live board takes the focus

  function start(intent, byReader) {
    if (started) return;
    started = true;
    window.dicelandEmbedIntent = intent || "";
    // only a board the reader started asks a host's loader to put the others back to pictures
    window.dicelandStartedByReader = Boolean(byReader);
    hadFocus = section.contains(document.activeElement);
    if (shown !== null && query && shown !== number("step")) {
      query.set("step", String(shown));  // the live board opens where the reader is
      history.replaceState(null, "", location.pathname + "?" + query.toString() + location.hash);
    }
    section.setAttribute("aria-busy", "true");
    for (const button of section.querySelectorAll("button")) button.disabled = true;
    document.getElementById("boot").hidden = false;
    const py = document.createElement("script");
    py.type = "py";
    py.src = "./embed.py";
    // its game's wheels (teaching.py's parse_game; a game the site does not
    // have: Diceland's, and Python says so)
    const named = query ? (query.getAll("game").pop() || "diceland").trim().toLowerCase() : "diceland";
    py.setAttribute("config", `./pyscript-${(window.DICELAND_GAME_NAMES || []).includes(named) ? named : "diceland"}.toml`);
    document.body.appendChild(py);
    const core = document.createElement("script");
    core.type = "module";
    core.src = "./pyscript/core.js";
    document.head.appendChild(core);
  }
  window.dicelandStartEmbed = start;

  // When the live board is ready it takes the picture's place (and its focus).
  new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    section.hidden = true;
    delete root.dataset.picture;
    if (!kept) keep().catch(() => {});  // storage refused or full: no picture next time
    const board = document.getElementById("board");
    if (hadFocus && board && !document.getElementById("embed-body").hidden) board.focus();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  // -- the picture --------------------------------------------------------------------
  function render(lesson, texts, seat) {
    const steps = lesson ? lesson.steps || [] : [];
    const last = lesson && typeof lesson.last === "number" ? lesson.last : 0;
    const picture = lesson ? steps[shown] : kept;
    const drawn = picture && (seat === undefined || picture.seat === undefined || picture.seat === seat);
    img.hidden = !drawn;
    if (drawn) {
      img.src = lesson ? "./" + picture.src : picture.src;
      img.alt = picture.name ? t("embed.picture.alt", { name: picture.name, step: shown }) : t("embed.title");
    }
    const none = document.getElementById("picture-none");
    none.hidden = Boolean(drawn);
    none.textContent = t("embed.picture.none");
    // the step, and whose board the picture shows (as the live board's info bar says)
    const whose = drawn && lesson && picture.name ? " · " + picture.name : "";
    document.getElementById("picture-status").textContent = lesson ? t("embed.step", { step: shown, steps: last }) + whose : "";
    let caption = "";
    for (const step of (texts && Array.isArray(texts.steps)) ? texts.steps : []) {
      if (step && step.after === shown) caption = textIn(step.caption);
    }
    document.getElementById("picture-caption").textContent = caption;
    const controls = section.querySelectorAll("#picture-controls button");
    for (const button of controls) {
      const kind = button.dataset.picture;
      button.textContent = t("embed.button." + kind);
      button.hidden = !lesson;
      button.disabled = (kind === "prev" && shown <= 0) || (kind === "next" && shown >= last) ||
        (kind === "try" && shown >= last && !(texts && texts.try && texts.try.step === shown));
    }
  }

  function show(lesson, texts) {
    const seat = number("seat");
    root.lang = lang;
    document.title = t("embed.title");
    const title = texts ? textIn(texts.title) : "";
    document.getElementById("picture-title").textContent = title || t("embed.title");
    const explain = texts ? textIn(texts.explain) : "";
    document.getElementById("picture-explain-box").hidden = !explain;
    document.getElementById("picture-explain-summary").textContent = t("embed.about");
    document.getElementById("picture-explain").textContent = explain;
    document.getElementById("picture-play").textContent = t("embed.picture.play");
    document.getElementById("picture-note").textContent = t("embed.picture.note");
    document.getElementById("picture-controls").setAttribute("aria-label", t("embed.controls") || "");
    const move = (delta) => { shown += delta; render(lesson, texts, seat); };
    section.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-picture]");
      const kind = button ? button.dataset.picture : null;
      if (kind === "prev" || kind === "next") move(kind === "prev" ? -1 : 1);
      else if (kind === "try") start("try", true);
      else if (kind === "play" || event.target.closest("#picture-stage")) start("play", true);
    });
    section.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.key === "Tab" || event.key === "Shift") return;
      // Enter or Space on a button is its click; on the explanation's summary it opens or closes it
      if (event.target.closest("button, summary") && (event.key === "Enter" || event.key === " ")) return;
      start("play", true);
    });
    render(lesson, texts, seat);
    section.hidden = false;
    root.dataset.picture = "true";
  }

  async function fetchJson(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response.json();
  }

  // A lesson is listed under its tutorial key ("overshoot", "clever/extra"),
  // with its folder, and its pictures by language where they hold words.
  async function lessonPicture(name, game) {
    const manifest = await fetchJson("./pictures/index.json");
    const wanted = name.trim().toLowerCase();
    for (const [key, lesson] of Object.entries(manifest.lessons || {})) {
      const id = key.startsWith(game + "/") ? key.slice(game.length + 1) : key;
      const file = String(lesson.file || "").toLowerCase();
      if (lesson.game === game && [id, file, file.replace(/\.json$/, "")].includes(wanted)) {
        const steps = lesson.steps && !Array.isArray(lesson.steps) ? lesson.steps[lang] || lesson.steps.en : lesson.steps;
        const texts = await fetchJson("./" + (lesson.folder || "tutorial/" + game) + "/" + lesson.file);
        return { lesson: { ...lesson, steps }, texts };
      }
    }
    return null;
  }

  // -- the kept picture of a shared position ----------------------------------------
  let kept = null;  // {src: blob URL} of this link's picture, from an earlier visit
  async function keptKey() {  // the initial link's s, step and seat, hashed
    if (!query || !query.has("s") || !("caches" in window) || !window.crypto || !crypto.subtle) return null;
    const text = ["s", "step", "seat"].map((k) => query.get(k) || "").join("\n");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
    const hex = Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
    return new URL("./embed-pictures/" + hex + ".png", location.href).href;
  }
  const keyPromise = keptKey().catch(() => null);

  async function findKept() {
    const key = await keyPromise;
    const hit = key ? await (await caches.open(PICTURE_CACHE)).match(key) : null;
    return hit ? { src: URL.createObjectURL(await hit.blob()) } : null;
  }

  async function keep() {  // the live board of the link's own step, for next time
    const key = await keyPromise;
    const board = document.getElementById("board");
    const state = window.dicelandEmbed ? JSON.parse(window.dicelandEmbed.state()) : null;
    if (!key || !board || !state || state.ok === false || state.mode !== "watch") return;
    if (initialStep !== undefined && state.step !== initialStep) return;
    const blob = await new Promise((resolve) => board.toBlob(resolve, "image/png"));
    if (!blob) return;
    const cache = await caches.open(PICTURE_CACHE);
    await cache.put(key, new Response(blob, { headers: { "Content-Type": "image/png" } }));
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - PICTURE_LIMIT))) await cache.delete(old);
  }

  async function main() {
    const inFrame = window.parent !== window;
    if (!query || query.get("play") === "1") return start("play");
    const rawLang = query.get("lang");
    const step = number("step"), seat = number("seat");
    if ((rawLang !== null && !LANGS.includes(rawLang.trim().toLowerCase())) || Number.isNaN(step) ||
        Number.isNaN(seat) || query.has("scenario") === query.has("s")) return start("play");
    if (query.has("s")) {
      shown = step === undefined ? null : step;
      try { kept = await findKept(); } catch (_) { kept = null; }  // storage refused: the note
      show(null, null);
      return inFrame ? undefined : start("play");
    }
    let found = null;
    const game = (query.get("game") || "diceland").trim().toLowerCase();
    try { found = await lessonPicture(query.get("scenario"), game); } catch (_) { found = null; }
    const lesson = found && found.lesson;
    if (!lesson || !Array.isArray(lesson.steps) || (step !== undefined && step > lesson.last) ||
        (seat !== undefined && seat >= lesson.players)) return start("play");
    shown = step === undefined ? lesson.start : step;
    show(lesson, found.texts);
    if (!inFrame) start("play");
  }

  document.addEventListener("DOMContentLoaded", () => { main(); });
})();
