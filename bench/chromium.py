"""What the browser benchmarks and ``docs/make_screenshots.py`` share: the
project's ``build.py`` as a module, Debian's Chromium with the flags of the
browser tests, a built site served on 127.0.0.1, and a page opened until it
is ready (``<html data-ready>``)."""

from __future__ import annotations

import importlib.util
import json
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
#: A cold Python start on a busy two-core machine can take long.
TIMEOUT_MS = 120_000


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_build():
    """``build.py`` (build, render_service_worker, …), with the checkout on
    sys.path for the ``diceland_build`` helpers it imports."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return load_module("build", ROOT / "build.py")


BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  {csp}
  <title>Diceland: bare stack</title>
  <link rel="stylesheet" href="./pyscript/core.css">
  <script src="./boot.js" defer></script>
  <script type="module" src="./pyscript/core.js"></script>
</head>
<body>
  <script type="py" src="./bare.py" config="./pyscript.toml"></script>
</body>
</html>
"""
#: The bench-only page of in-page bot decisions (its Python: bench/page_bot.py).
BOTBENCH_HTML = (BARE_HTML.replace("bare.py", "botbench.py").replace("bare stack", "bot decisions")
                 .replace("./pyscript.toml", "./botbench.toml"))
BARE_PY = """import js
import diceland_core

js.document.documentElement.dataset.ready = "true"
"""


def csp_meta(index_html: str) -> str:
    """The game page's Content-Security-Policy line, for the bare page too."""
    for line in index_html.splitlines():
        if "Content-Security-Policy" in line:
            return line.strip()
    return ""


def build_bench_site(out: Path) -> dict[str, bytes]:
    """The site plus bare.html/bare.py, with a service worker that precaches both."""
    build = load_build()
    files = build.build(out, quiet=True)
    files.pop("sw.js")
    files["bare.html"] = BARE_HTML.format(csp=csp_meta(files["diceland.html"].decode())).encode()
    files["bare.py"] = BARE_PY.encode()
    files["botbench.html"] = BOTBENCH_HTML.format(csp=csp_meta(files["diceland.html"].decode())).encode()
    files["botbench.py"] = (ROOT / "bench" / "page_bot.py").read_bytes()
    # the site's wheels leave the simulator out; the bench page puts it back
    # (and plays every game: the shared wheels and each game's own archive)
    toml = files["pyscript.toml"].decode()
    for name in sorted(n for n in files if n.startswith("pyscript-") and n.endswith(".toml")):
        toml += "".join(f"{line}\n" for line in files[name].decode().splitlines()
                        if line.startswith('"./wheels/') and line not in toml)
    packages = build.site_packages(json.loads(files["pyodide/pyodide-lock.json"]))
    files["botbench-simulate.py"] = (ROOT / "diceland_core" / "core" / "simulate.py").read_bytes()
    extra = {"botbench-simulate.py": "diceland_core/core/simulate.py"}
    files["botbench.toml"] = (toml.rstrip("\n") + "".join(
        f'\n"./{name}" = "{packages}/{path}"' for name, path in extra.items()) + "\n").encode()
    files["sw.js"] = build.render_service_worker(files)
    for name in ("bare.html", "bare.py", "botbench.html", "botbench.py", "botbench.toml", "sw.js", *extra):
        (out / name).write_bytes(files[name])
    return files


@contextmanager
def served_site(folder: Path | None = None, build: bool = True, bench_pages: bool = False) -> Iterator[str]:
    """The site's base URL (ending in ``/``), served until the block ends:
    built into ``folder`` (a temporary one by default; ``build=False`` serves
    ``folder`` as it is)."""
    module = load_build()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) if folder is None else folder
        if build:
            build_bench_site(out) if bench_pages else module.build(out, quiet=True)
        from diceland_build.server import serve_in_thread
        httpd, url = serve_in_thread(out)
        try:
            yield url if url.endswith("/") else url + "/"
        finally:
            httpd.shutdown()
            httpd.server_close()


@contextmanager
def chromium() -> Iterator[object]:
    """A Playwright browser: Debian's Chromium with the tests' flags."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def open_ready(target, url: str, **page_options):
    """A new page of ``target`` (a browser or a context) at ``url``, once ready."""
    page = target.new_page(**page_options)
    page.goto(url)
    wait_ready(page)
    return page


def wait_ready(page) -> None:
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
