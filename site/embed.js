/* embed.html: tell the parent frame this page's height (as soon as the
   picture or the live board is shown), and (to a parent on this same site
   only) that a lesson's try was solved.  Nothing is ever read from the
   parent. */
"use strict";

(() => {
  const inFrame = window.parent !== window;
  const root = document.documentElement;
  let last = -1;

  function postHeight() {
    if (!inFrame || !document.body) return;
    if (root.dataset.ready !== "true" && root.dataset.picture !== "true") return;
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: "diceland:height", height }, "*");
  }

  window.dicelandPostHeight = postHeight;
  window.dicelandSolved = (lesson) => {
    if (!inFrame || typeof lesson !== "string") return false;
    const origin = window.location.origin;
    const ancestors = window.location.ancestorOrigins;
    if (ancestors && ancestors.length && ancestors[0] !== origin) return false;
    window.parent.postMessage({ type: "diceland:solved", lesson }, origin);
    return true;
  };

  // The live board the reader started is on (Python ready): a host page
  // running embed-loader.js keeps one live board at a time.  A frame that
  // started by itself (a link the pictures cannot show) does not ask.
  new MutationObserver(() => {
    if (inFrame && root.dataset.ready === "true" && window.dicelandStartedByReader) {
      window.parent.postMessage({ type: "diceland:live" }, "*");
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  window.addEventListener("resize", postHeight);
  new MutationObserver(postHeight).observe(root, { attributes: true, attributeFilter: ["data-ready", "data-picture"] });
  document.addEventListener("DOMContentLoaded", () => {
    if ("ResizeObserver" in window) new ResizeObserver(postHeight).observe(document.body);
  });
})();
