/* index.html?game=clever&… opens the Ganz schön clever page with the same
   parameters (the rest of index.html is the Diceland page). */
"use strict";

(() => {
  const query = new URLSearchParams(location.search);
  if (query.get("game") !== "clever") return;
  query.delete("game");
  const tail = query.toString();
  location.replace("clever.html" + (tail ? "?" + tail : ""));
})();
