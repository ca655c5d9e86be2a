"""Find the standard-library modules the site imports, by running it.

    python -m diceland_build.stdlib_find            # print the list found
    python -m diceland_build.stdlib_find --update   # write diceland_build/stdlib_keep.txt
    python -m diceland_build.stdlib_find --check    # exit 1 when the kept list differs

The site is built with Pyodide's whole standard library and served on
127.0.0.1; Chromium (Playwright, /usr/bin/chromium) opens every page that
starts Python — the three game pages, and the tutorial at a lesson of each
game, whose frame is that game's embed started by its reader — each as a
first visit (one context whose storage, caches, service worker and HTTP
cache are emptied before each page; one page of it holds Pyodide's
WebAssembly compiled, which the renderer gives every page), and reads
``sys.modules`` once it is ready.  One more Python does what the
snapshot maker does (python.mjs: unpack the wheels, import every module of
the engine and the site's layer), imports every standard-library module named by an ``import`` anywhere in the site's and
the engine's sources (the imports inside functions, run on rare paths:
:data:`NOT_IN_PAGES` excepted), and formats an exception and a warning the
way an error report does.  The union, limited to modules of the archive, is
the list (PyScript's and Pyodide's own start-up imports included).
Needs the test packages (Playwright)."""

from __future__ import annotations

import argparse
import json
import ast
import re
import sys
import tempfile
from pathlib import Path

from diceland_build.stdlib import KEEP_FILE, archive_modules, read_keep
from diceland_build.wheels import NOT_FOR_THE_SITE

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic",
        # every page in one renderer: Pyodide's WebAssembly compiled once
        "--process-per-site"]
TIMEOUT_MS = 120_000



def pages() -> tuple[tuple[str, bool], ...]:
    """Every page that starts Python: (path and query, whether Play is
    pressed in its lesson frame).  For each game of games.json: its page
    with a game started and its first lesson in the tutorial, whose frame is
    the embed started by its reader (``embed.html``, Play pressed: the path
    of an embed on a host page and of ``&play=1``; the first game's lessons,
    Diceland's, are named without the game)."""
    games = json.loads((ROOT / "site" / "diceland_site" / "games" / "games.json").read_text(encoding="utf-8"))
    out = []
    for k, entry in enumerate(games):
        game = entry["game"]
        index = ROOT / "site" / "tutorial" / game / "index.json"
        first = json.loads(index.read_text(encoding="utf-8"))[0]["id"]
        out += [(f"{entry['page']}?players=human,expert&seed=3", False),
                (f"tutorial.html?lesson={first if k == 0 else f'{game}/{first}'}", True)]
    return tuple(out)


PAGES = pages()

#: Standard-library imports of the sources that never run in a page, and why.
NOT_IN_PAGES = {
    "multiprocessing": "diceland_core.core.simulate: the command line's parallel simulations",
}
#: Top-level names of imports that are not the standard library's.
OWN = {"diceland_core", "diceland_site", "diceland_web", "js", "pyscript"}
#: Sources scanned for imports (the command line's entry points are not).
SOURCES = ("diceland_core", "site/diceland_site", "site/diceland_web", "site")

#: What the snapshot maker and the rare paths import, run in a bare Pyodide
#: (``_makeSnapshot``, as python-snapshot.mjs boots it): UNPACK and IMPORTS
#: are python.mjs's, STATIC the sources' imports.
BARE = """
UNPACK
IMPORTS
import importlib, sys
for _name in STATIC:
    try:
        importlib.import_module(_name)
    except Exception:  # "from a import b" where b is not a module
        pass
import traceback, warnings
for _error in (lambda: 1 / 0, lambda: undefined_name, lambda: "".no_such_method):
    try:
        _error()
    except Exception as _exc:
        traceback.format_exception(_exc)
with warnings.catch_warnings(record=True):
    warnings.warn("a warning, formatted")
_ = warnings.formatwarning("text", UserWarning, "file.py", 1)
"\\n".join(sorted(sys.modules))
"""

BARE_JS = """async ([code, wheels]) => {
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href,
                                 _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  py.FS.mkdirTree("/tmp/wheels");
  for (const [i, url] of wheels.entries()) {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    py.FS.writeFile(`/tmp/wheels/${i}.whl`, bytes);
  }
  return py.runPython(code);
}"""


def static_imports(root: Path = ROOT) -> set[str]:
    """Every absolute import of the scanned sources (``from a import b``
    gives ``a`` and ``a.b``: b may be a module), but :data:`NOT_IN_PAGES`
    and those of the modules no page imports (:func:`not_in_snapshot`)."""
    names: set[str] = set()
    files = set()
    for folder in SOURCES:
        base = root / folder
        files |= set(base.glob("*.py")) if folder == "site" else set(base.rglob("*.py"))
    skipped = not_in_snapshot()
    for path in sorted(files):
        if path.stem.endswith(tuple(s.lstrip(".") for s in skipped)) and path.stem != "__init__":
            continue  # never imported in a page, nor in the snapshot (python.mjs's IMPORTS)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return {n for n in names if n.split(".")[0] not in NOT_IN_PAGES and n.split(".")[0] not in OWN}


def python_mjs_code(name: str) -> str:
    """The Python of site/python-code.mjs's ``export const NAME = `...`;`` (python.mjs runs it)."""
    text = (ROOT / "site" / "python-code.mjs").read_text(encoding="utf-8")
    start = text.index(f"export const {name} = `") + len(f"export const {name} = `")
    return text[start:text.index("`;", start)]


def not_in_snapshot() -> tuple[str, ...]:
    """The endings of the module names the snapshot does not import: those
    the site's wheels leave out (python.mjs's IMPORTS imports every module
    of the wheels)."""
    return NOT_FOR_THE_SITE


#: Compiles Pyodide's WebAssembly in the keeper page and holds it: with
#: ``--process-per-site`` every page of the site shares its renderer, and V8
#: gives a page the module it holds for the same bytes, so each first visit
#: downloads the file but compiles none of it (what a page imports is the same).
HOLD_WASM = """async () => {
  window.keptWasm = await WebAssembly.compileStreaming(fetch("pyodide/pyodide.asm.wasm"));
}"""


def emptied(context, base: str):
    """A page of ``context`` that empties the storage of ``base``'s origin
    (``first_visit``): its DevTools session.  It holds Pyodide's
    WebAssembly compiled (:data:`HOLD_WASM`)."""
    keeper = context.new_page()
    keeper.goto(base + "manifest.webmanifest")
    keeper.evaluate(HOLD_WASM)
    return context.new_cdp_session(keeper)


def first_visit(session, base: str) -> None:
    """Make the next visit of the site a first one: no storage, caches,
    service worker nor HTTP cache left of the last."""
    session.send("Storage.clearDataForOrigin", {"origin": base.rstrip("/"), "storageTypes": "all"})
    session.send("Network.clearBrowserCache")


def page_modules(context, base: str, path: str, play: bool) -> set[str]:
    """``sys.modules`` of one page of ``context``, once ready."""
    page = context.new_page()
    try:
        page.goto(base + path)
        target = page
        if play:
            target = page.wait_for_selector("#lesson-frame", state="attached", timeout=TIMEOUT_MS).content_frame()
            target.wait_for_selector("#picture-play", state="visible", timeout=TIMEOUT_MS)
            target.click("#picture-play")
            page.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
        target.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
        found = set(target.evaluate("window.dicelandPython.modules()"))
        if play:
            found |= set(page.evaluate("window.dicelandPython.modules()"))
        return found
    finally:
        page.close()


def bare_modules(context, base: str, wheels: list[str]) -> set[str]:
    """What the snapshot maker, the site's layers and the rare paths import."""
    code = BARE.replace("STATIC", repr(sorted(static_imports())))
    for name in ("UNPACK", "IMPORTS"):
        code = code.replace(name, python_mjs_code(name))
    page = context.new_page()
    try:
        page.goto(base + "pyscript.toml")  # a same-origin document with no Content-Security-Policy
        return set(page.evaluate(BARE_JS, [code, [base + w.removeprefix("./") for w in wheels]]).split("\n"))
    finally:
        page.close()


def find_modules(log=print) -> list[str]:
    """The standard-library modules the site imports, found by running it."""
    sys.path.insert(0, str(ROOT))
    from diceland_build.server import serve_in_thread
    from playwright.sync_api import sync_playwright

    import importlib.util
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    with tempfile.TemporaryDirectory() as tmp:
        files = build.build(Path(tmp), quiet=True, full_stdlib=True)
        archive = archive_modules(files["pyodide/" + build.STDLIB])
        # every page's wheels: the shared ones and each game's archive
        wheels = sorted({line.split("=")[0].strip().strip('"') for name in files if re.fullmatch(r"pyscript[a-z-]*\.toml", name)
                         for line in files[name].decode().splitlines() if line.startswith('"./wheels/')})
        httpd, base = serve_in_thread(Path(tmp))
        found: set[str] = set()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    context = browser.new_context()
                    session = emptied(context, base)
                    for path, play in PAGES:
                        first_visit(session, base)
                        modules = page_modules(context, base, path, play)
                        log(f"{path}: {len(modules & archive)} standard-library modules")
                        found |= modules
                    first_visit(session, base)
                    modules = bare_modules(context, base, wheels)
                    log(f"the snapshot maker and rare paths: {len(modules & archive)} standard-library modules")
                    found |= modules
                finally:
                    browser.close()
        finally:
            httpd.shutdown()
            httpd.server_close()
    return sorted(found & archive)


HEADER = """\
# The standard-library modules the site ships (build.py cuts Pyodide's
# python_stdlib.zip down to these): what the pages, the lessons, the embeds,
# the snapshot maker and the rare paths import, found by running them.
# Made by: python -m diceland_build.stdlib_find --update (do not edit by hand;
# tests/browser/test_stdlib.py checks it against a fresh run).
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--update", action="store_true", help=f"write {KEEP_FILE.relative_to(ROOT)}")
    mode.add_argument("--check", action="store_true", help="exit 1 when the kept list is not what a run finds")
    args = parser.parse_args(argv)
    found = find_modules(log=lambda text: print(text, file=sys.stderr))
    if args.update:
        KEEP_FILE.write_text(HEADER + "".join(f"{m}\n" for m in found), encoding="utf-8")
        print(f"wrote {KEEP_FILE.relative_to(ROOT)} ({len(found)} modules)")
    elif args.check:
        kept = read_keep()
        missing, extra = sorted(set(found) - kept), sorted(kept - set(found))
        if missing or extra:
            print(f"not kept but imported: {', '.join(missing) or 'none'}; kept but not imported: "
                  f"{', '.join(extra) or 'none'}")
            return 1
        print(f"{KEEP_FILE.relative_to(ROOT)} is up to date ({len(found)} modules)")
    else:
        print("\n".join(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
