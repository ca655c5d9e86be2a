"""PyScript entry point (placeholder until the game page is wired)."""
import js
import diceland_core

js.document.getElementById("status").textContent = f"diceland_core {diceland_core.__version__}"
js.document.getElementById("app").hidden = False
js.document.documentElement.dataset.ready = "true"
