"""What the page and the service worker check before they use or keep a
file: each runtime file's size and SHA-256 (:func:`runtime_files`), and the
mark of this build in every page (:func:`mark_pages`), which a Wi-Fi login
page, an error page or another build's page does not have."""

from __future__ import annotations

import hashlib
import json
import re

__all__ = ["MARK_NAME", "build_mark", "mark_pages", "runtime_files", "runtime_files_script"]

#: The runtime files: Pyodide (its modules, WebAssembly and standard
#: library), the wheels, the interpreter modules, each page's Python and the
#: review's bundle.
RUNTIME = re.compile(r"pyodide/[^/]+\.(mjs|wasm|zip)|wheels/[^/]+/[^/]+\.whl|python[a-z-]*\.mjs|[a-z_]+\.py"
                     r"|review/[^/]+/[^/]+\.zip")
#: <meta name=MARK_NAME content=build mark> in every page.
MARK_NAME = "diceland-build"
HEAD = re.compile(rb"<head>\n")


def runtime_files(out_files: dict[str, bytes]) -> dict[str, list]:
    """{path: [bytes, sha256 hex]} of the :data:`RUNTIME` files."""
    return {rel: [len(data), hashlib.sha256(data).hexdigest()]
            for rel, data in sorted(out_files.items()) if RUNTIME.fullmatch(rel)}


def runtime_files_script(out_files: dict[str, bytes]) -> bytes:
    """The line of boot-strings.js that names them (boot.js checks them)."""
    return f"window.DICELAND_FILES = {json.dumps(runtime_files(out_files), separators=(',', ':'))};\n".encode()


def build_mark(out_files: dict[str, bytes]) -> str:
    """A name of this build: a hash of every file (before the pages are marked)."""
    digest = hashlib.sha256()
    for rel in sorted(out_files):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(out_files[rel]).digest())
    return digest.hexdigest()[:16]


def mark_pages(out_files: dict[str, bytes], mark: str) -> None:
    """Write ``<meta name="diceland-build" content=mark>`` into every page,
    first in its <head>; a page without one is a build error (ValueError)."""
    meta = f'<head>\n  <meta name="{MARK_NAME}" content="{mark}">\n'.encode()
    for rel in [r for r in out_files if r.endswith(".html")]:
        page, found = HEAD.subn(meta, out_files[rel], count=1)
        if not found:
            raise ValueError(f"{rel} has no <head> line to put the build's mark in")
        out_files[rel] = page
