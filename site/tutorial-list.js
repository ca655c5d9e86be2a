/* tutorial.html before Python: the lesson list, the progress and the
   lesson in its frame (whose picture needs no Python either), so that a
   reader starts reading while Python loads.  Every text comes rendered
   (window.DICELAND_TUTORIAL, which build.py writes at the head of this
   file from diceland_site.tutorial_list); this
   script chooses the language and the lesson as tutorial.py does, follows
   the reader's choice of lesson, keeps what the lesson's frame says, and
   stops once tutorial.py has taken over (window.dicelandTutorial). */
"use strict";

(() => {
  const DATA = window.DICELAND_TUTORIAL;
  const root = document.documentElement;
  if (!DATA || root.dataset.ready === "true") return;
  const SHARED = window.DicelandShared;
  const PROGRESS_KEY = "diceland:tutorial";  // diceland_site.teaching.PROGRESS_KEY
  const keys = DATA.lessons.map((l) => l.key);
  const query = SHARED.query() || new URLSearchParams();  // too long: read as none, as tutorial.py does
  const early = { messages: [] };
  window.dicelandTutorialEarly = early;
  const pythonHasIt = () => Boolean(window.dicelandTutorial);

  function storedProgress() {  // diceland_site.teaching.load_progress
    let data = {};
    try { data = JSON.parse(localStorage.getItem(PROGRESS_KEY) || "{}") || {}; } catch (_) { data = {}; }
    const raw = Array.isArray(data.done) ? data.done.filter((d) => typeof d === "string") : [];
    return { done: keys.filter((k) => raw.includes(k)), lang: DATA.languages[data.lang] ? data.lang : null };
  }
  const progress = storedProgress();

  // tutorial.py: ?lang=, else the stored one, else the browser's (a blank ?lang= is none)
  const lang = SHARED.language(DATA.languages, query.get("lang") || progress.lang);
  const texts = DATA.languages[lang];

  function wantedLesson() {  // diceland_site.lessons.tutorial_lesson
    const wanted = query.get("lesson");
    if (!wanted) return null;
    let name = wanted.trim().toLowerCase();
    if (DATA.games.includes(name)) {
      const own = DATA.lessons.find((l) => l.game === name);
      return own ? own.key : null;
    }
    if (name.startsWith(DATA.games[0] + "/")) name = name.slice(DATA.games[0].length + 1);
    return keys.includes(name) ? name : null;
  }
  const wanted = wantedLesson();
  let current = wanted || keys.find((k) => !progress.done.includes(k)) || keys[0];

  function backToGame() {  // diceland_site.lessons.back_to_game
    const base = location.href.split("?")[0].split("#")[0].replace(/[^/]*$/, "");
    const pages = Object.values(DATA.pages);
    let page = null;
    const referrer = document.referrer || "";
    if (referrer.startsWith(base)) {
      const name = referrer.slice(base.length).split("?")[0].split("#")[0];
      page = pages.includes(name) ? name : null;
    }
    if (page === null && wanted) page = DATA.pages[DATA.lessons[keys.indexOf(wanted)].game] || null;
    return `./${page || "index.html"}?lang=${lang}`;
  }

  function translate() {
    root.lang = lang;
    if (texts.words["tutorial.title"]) document.title = texts.words["tutorial.title"];
    for (const node of document.querySelectorAll("[data-i18n]")) {
      const text = texts.words[node.getAttribute("data-i18n")];
      if (text !== undefined) node.textContent = text;
    }
    const select = document.getElementById("lang-select");
    if (select) select.value = lang;
    const back = document.getElementById("link-game");
    if (back) back.setAttribute("href", backToGame());
  }

  function renderList() {  // tutorial.py: TutorialPage.render_list
    const sections = [];
    for (const game of DATA.games) {
      const items = [];
      DATA.lessons.forEach((lesson, i) => {
        if (lesson.game !== game) return;
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.setAttribute("data-lesson", lesson.key);
        button.setAttribute("data-game", game);
        button.textContent = texts.lessons[i].title;
        if (progress.done.includes(lesson.key)) {
          button.className = "done";
          button.setAttribute("aria-label", texts.lessons[i].done);
        }
        button.setAttribute("aria-current", lesson.key === current ? "true" : "false");
        item.append(button);
        items.push(item);
      });
      if (!items.length) continue;
      const section = document.createElement("section");
      section.setAttribute("data-game", game);
      const heading = document.createElement("h3");
      heading.className = "lessons-game";
      heading.id = `lessons-${game}`;
      heading.textContent = texts.games[game];
      section.setAttribute("aria-labelledby", heading.id);
      const list = document.createElement("ol");
      list.className = "lessons";
      list.replaceChildren(...items);
      section.append(heading, list);
      sections.push(section);
    }
    document.getElementById("lessons").replaceChildren(...sections);
    document.getElementById("progress-text").textContent = texts.progress[progress.done.length];
    const bar = document.getElementById("lesson-progress");
    bar.max = keys.length;
    bar.value = progress.done.length;
  }

  function quote(key) {  // diceland_site.query.quote: "/" kept
    return key.split("/").map(encodeURIComponent).join("/");
  }

  function show(key) {
    current = key;
    const lesson = texts.lessons[keys.indexOf(key)];
    const frame = document.getElementById("lesson-frame");
    frame.setAttribute("title", lesson.frame);
    if (frame.getAttribute("src") !== lesson.src) frame.setAttribute("src", lesson.src);
    renderList();
  }

  function start() {
    if (pythonHasIt()) return;
    translate();
    show(current);
    document.getElementById("tutorial").hidden = false;
    // the page can be read: the boot screen becomes a line saying that Python loads
    const boot = document.getElementById("boot");
    if (boot) boot.classList.add("quiet");
    document.getElementById("btn-forget").disabled = true;  // tutorial.py does it
    document.getElementById("lessons").addEventListener("click", (evt) => {
      const button = pythonHasIt() || !evt.target ? null : evt.target.closest("button[data-lesson]");
      if (!button) return;
      show(button.getAttribute("data-lesson"));
      history.replaceState(null, "", `tutorial.html?lesson=${quote(current)}&lang=${lang}`);
      document.getElementById("lesson-frame").closest("section").scrollIntoView();
    });
    const select = document.getElementById("lang-select");
    if (select) {
      select.addEventListener("change", () => {
        if (pythonHasIt() || !DATA.languages[select.value]) return;
        location.href = `tutorial.html?lesson=${quote(current)}&lang=${select.value}`;
      });
    }
    // the frame's height is followed at once (bounded as diceland_site.frame_messages
    // reads it); a solved try waits for tutorial.py, which keeps the progress
    const frame = document.getElementById("lesson-frame");
    window.addEventListener("message", (evt) => {
      if (pythonHasIt() || evt.origin !== location.origin || evt.source !== frame.contentWindow) return;
      const data = evt.data;
      const height = data && data.type === "diceland:height" ? data.height : null;
      if (typeof height === "number" && Number.isFinite(height) && height > 0 && height < 20000) {
        frame.style.height = `${Math.ceil(height) + 4}px`;
      } else {
        early.messages.push(evt);
      }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
