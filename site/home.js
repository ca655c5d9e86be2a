/* The home page: the list of games (games.js, written by build.py from
   site/diceland_site/games/games.json) in the reader's language.  An old start
   link (index.html?players=…&boards=…) opens a Diceland game at once. */
"use strict";

(() => {
  const START_KEYS = ["players", "boards", "board", "seed", "names", "save"];
  const query = new URLSearchParams(location.search);
  const DATA = window.DICELAND_GAMES || { games: [], strings: {} };
  // index.html?game=clever&… opens that game's page (games.json) with the other parameters.
  const named = DATA.games.find((game) => game.game === query.get("game"));
  if (named) {
    query.delete("game");
    const rest = query.toString();
    location.replace(named.page + (rest ? "?" + rest : "") + location.hash);
    return;
  }
  if (START_KEYS.some((key) => query.has(key))) {
    location.replace("diceland.html" + location.search + location.hash);
    return;
  }

  const SHARED = window.DicelandShared;

  function show() {
    // ?lang=, else the player's choice (saved settings), else the browser's
    const lang = SHARED.language(DATA.strings, query.get("lang"), [SHARED.storedLanguage("diceland:settings")]);
    const table = DATA.strings[lang] || {};
    const t = (key, params) => {
      let text = table[key] || (DATA.strings.en || {})[key] || key;
      for (const [name, value] of Object.entries(params || {})) text = text.split("{" + name + "}").join(value);
      return text;
    };
    const keep = ["lang", "speed"].filter((k) => query.has(k)).map((k) => k + "=" + encodeURIComponent(query.get(k)));
    const tail = keep.length ? "?" + keep.join("&") : "";
    document.documentElement.lang = lang;
    document.title = t("home.title");
    document.getElementById("home-title").textContent = t("home.title");
    document.getElementById("home-intro").textContent = t("home.intro");
    const tutorial = document.getElementById("home-tutorial");
    tutorial.textContent = t("home.tutorial");
    tutorial.href = "./tutorial.html?lang=" + lang;
    const select = document.getElementById("lang-select");
    if (select) {
      select.value = lang;
      select.setAttribute("aria-label", t("home.language"));
      for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
      for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
      select.onchange = () => {
        const params = new URLSearchParams(location.search);
        params.set("lang", select.value);
        location.search = "?" + params.toString();
      };
    }
    const list = document.getElementById("games");
    list.textContent = "";
    for (const game of DATA.games) {
      const item = document.createElement("li");
      item.className = "game-card";
      item.dataset.game = game.game;
      const title = document.createElement("h2");
      title.textContent = t(game.title);
      const blurb = document.createElement("p");
      blurb.textContent = t(game.blurb);
      const link = document.createElement("a");
      link.className = "play-link primary";
      link.href = "./" + game.page + tail;
      link.textContent = t("home.play", { title: t(game.title) });
      const learn = document.createElement("a");
      learn.className = "learn-link";
      learn.href = "./tutorial.html?lesson=" + encodeURIComponent(game.game) + "&lang=" + lang;
      learn.textContent = t("home.learn", { title: t(game.title) });
      item.append(title, blurb, link, " ", learn, daily(game, t, tail));
      list.appendChild(item);
    }
    yourTurns(t, tail);
    document.documentElement.dataset.ready = "true";
  }

  // Today's daily game of `game` (the device's own calendar day), and
  // whether its counted attempt is over (the daily stats, "diceland:daily").
  function daily(game, t, tail) {
    const now = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    const today = now.getFullYear() + "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate());
    let entry = null;
    try {
      const stats = JSON.parse(localStorage.getItem("diceland:daily") || "{}");
      const days = stats && stats[game.game];
      entry = days && typeof days === "object" ? days[today] : null;
    } catch (e) { /* unreadable settings: not played */ }
    const para = document.createElement("p");
    para.className = "daily-line";
    const link = document.createElement("a");
    const played = entry && typeof entry.score === "number";
    link.className = "daily-link" + (played ? " played" : "");
    link.href = "./" + game.page + (tail ? tail + "&" : "?") + "daily";
    link.textContent = played ? t("home.daily_played", { score: String(entry.score) }) : t("home.daily");
    para.appendChild(link);
    return para;
  }

  // The games with friends saved here where this device has a decision to
  // make (the save's summary says so), each a link that opens it.
  function yourTurns(t, tail) {
    const box = document.getElementById("your-turn");
    const found = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (!key || !key.startsWith("diceland:save:")) continue;
        const text = localStorage.getItem(key);
        // only a game with friends is parsed (a whole record can be long)
        if (!text || text.length > 2000000 || !text.includes('"yours":true')) continue;
        let env;
        try { env = JSON.parse(text); } catch (e) { continue; }
        const s = env && env.summary;
        if (!s || s.over || !s.friends || s.friends.yours !== true || !Array.isArray(s.players)) continue;
        const game = DATA.games.find((g) => g.game === (s.game || "diceland"));
        if (!game) continue;
        const names = s.players.filter((p, i) => i !== s.friends.me).map((p) => String(p && p.name)).join(", ");
        found.push({ at: Number(env.saved_at) || 0, id: key.slice("diceland:save:".length), game, names });
      }
    } catch (e) { /* storage blocked: nothing to list */ }
    box.hidden = found.length === 0;
    const list = box.querySelector("ul");
    list.textContent = "";
    box.querySelector("h2").textContent = t("home.your_turns");
    found.sort((a, b) => b.at - a.at);
    for (const f of found) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "./" + f.game.page + (tail ? tail + "&" : "?") + "save=" + encodeURIComponent(f.id);
      link.textContent = t("home.your_turn", { game: t(f.game.title), names: f.names });
      item.appendChild(link);
      list.appendChild(item);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
