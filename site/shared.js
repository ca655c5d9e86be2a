/* What the scripts that run before Python share (boot.js, home.js,
   tutorial-list.js, embed-picture.js): the page's language, chosen as
   diceland_site.i18n.choose_language does, and the query string read with
   Python's size limit.  A classic script, loaded before them in the same
   way (synchronous before home.js, deferred before the deferred ones), so
   that each finds window.DicelandShared when it runs. */
"use strict";

(() => {
  // diceland_site.safejson.MAX_QUERY_CHARS: a longer query is refused unread
  const MAX_QUERY_CHARS = 62000;

  // diceland_site.i18n._primary: "es-ES", " ES", "es_ES" -> "es"
  function primary(tag) {
    return typeof tag === "string" ? tag.trim().toLowerCase().replace(/_/g, "-").split("-")[0] : "";
  }

  // The page's language, as the page's Python chooses it: `asked` (a ?lang=
  // value) when it is one of `available` (an array, or an object keyed by
  // language); else the first of `saved` (stored choices, in the page's
  // order) whose primary subtag is (i18n.choose_language), else the first of
  // the browser's languages that is, else English.  Anything that is not a
  // string counts as not given.
  function language(available, asked, saved = []) {
    const has = Array.isArray(available)
      ? (lang) => available.includes(lang)
      : (lang) => Boolean(available) && Object.prototype.hasOwnProperty.call(available, lang);
    const wanted = typeof asked === "string" ? asked.trim().toLowerCase() : "";
    if (wanted && has(wanted)) return wanted;
    let browser = [];
    try { browser = Array.from(navigator.languages || [navigator.language]); } catch (_) { /* none */ }
    for (const tag of [...saved, ...browser]) {
      const lang = primary(tag);
      if (lang && has(lang)) return lang;
    }
    return "en";
  }

  // The page's query, or null when it is longer than Python reads.
  function query() {
    return location.search.length > MAX_QUERY_CHARS + 1 ? null : new URLSearchParams(location.search);
  }

  // A stored object's "lang" (the settings, the tutorial's progress), or
  // null when storage is forbidden or holds something else.
  function storedLanguage(key) {
    try {
      const saved = JSON.parse(localStorage.getItem(key) || "{}");
      return saved && typeof saved.lang === "string" ? saved.lang : null;
    } catch (_) {
      return null;
    }
  }

  window.DicelandShared = Object.freeze({ MAX_QUERY_CHARS, primary, language, query, storedLanguage });
})();
