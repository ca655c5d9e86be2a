/* embed.html: tell the parent frame this page's height, and (to a parent on
   this same site only) that a lesson's try was solved.  Nothing is ever read
   from the parent. */
"use strict";

(() => {
  const inFrame = window.parent !== window;
  const root = document.documentElement;
  let last = -1;

  function postHeight() {
    if (!inFrame || root.dataset.ready !== "true" || !document.body) return;
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

  window.addEventListener("resize", postHeight);
  new MutationObserver(postHeight).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  document.addEventListener("DOMContentLoaded", () => {
    if ("ResizeObserver" in window) new ResizeObserver(postHeight).observe(document.body);
  });
})();
