/* embed-loader.js: Diceland examples on any web page, from any site.

     <script src="https://DICELAND-SITE/embed-loader.js" defer></script>
     <div data-diceland-lesson="overshoot" data-step="2" data-lang="es"></div>
     <div data-diceland-s="DATA" data-title="My position"></div>

   Each element becomes a frame of embed.html: a picture of the position at
   once, Python only when the reader starts that example.  The loader sizes
   each frame from its height messages ({type: "diceland:height"}), and keeps
   one live board on the page: when the reader starts an example, one that
   was started before goes back to its picture, so the page runs one Python
   however many examples it shows.  Attributes: data-diceland-lesson (a
   tutorial lesson; data-diceland-game="clever" or "wideshut" for another
   game's lesson) or data-diceland-s (a shared position), data-step,
   data-seat, data-lang, data-title (the frame's accessible name). */
"use strict";

(() => {
  const script = document.currentScript;
  const base = new URL(".", script && script.src ? script.src : location.href);
  const PARAMS = [["dicelandGame", "game"], ["dicelandLesson", "scenario"], ["dicelandS", "s"], ["step", "step"],
    ["seat", "seat"], ["lang", "lang"]];

  function frameUrl(node) {
    const query = new URLSearchParams();
    for (const [attr, key] of PARAMS) {
      if (node.dataset[attr] !== undefined) query.set(key, node.dataset[attr]);
    }
    return new URL("embed.html?" + query.toString(), base).href;
  }

  function mount(node) {
    if (node.querySelector("iframe.diceland-embed")) return;
    const frame = document.createElement("iframe");
    frame.className = "diceland-embed";
    frame.src = frame.dataset.src = frameUrl(node);
    frame.title = node.dataset.title || "Diceland";
    frame.style.cssText = "display:block;width:100%;min-width:300px;height:420px;border:0";
    node.replaceChildren(frame);
  }

  function frameOf(source) {
    for (const frame of document.querySelectorAll("iframe.diceland-embed")) {
      if (frame.contentWindow === source) return frame;
    }
    return null;
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== base.origin) return;
    const data = event.data;
    const frame = data && typeof data === "object" ? frameOf(event.source) : null;
    if (!frame) return;
    if (data.type === "diceland:height" && Number.isFinite(data.height) && data.height > 0 && data.height < 20000) {
      frame.style.height = Math.ceil(data.height) + "px";
    } else if (data.type === "diceland:live") {
      for (const other of document.querySelectorAll("iframe.diceland-embed[data-live]")) {
        if (other === frame) continue;
        delete other.dataset.live;
        other.src = other.dataset.src;  // back to its picture
      }
      frame.dataset.live = "true";
    }
  });

  function mountAll() {
    for (const node of document.querySelectorAll("[data-diceland-lesson], [data-diceland-s]")) mount(node);
  }
  window.dicelandMountEmbeds = mountAll;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
