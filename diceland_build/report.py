"""The size table build.py prints: files, raw and gzip bytes by group, and
what a first visit downloads."""

from __future__ import annotations

import gzip
import hashlib
import json

from diceland_build.split import GAME_ARCHIVE

__all__ = ["DOWNLOADS", "download_sizes", "first_visit_bytes", "group_of", "gzip_size", "page_table", "size_table"]


_GZIPPED: dict[bytes, int] = {}


def gzip_size(data: bytes) -> int:
    """The size of ``data`` gzipped as a static host sends it (level 6);
    computed once per content (the wasm is gzipped for two tables)."""
    key = hashlib.sha256(data).digest()
    if key not in _GZIPPED:
        _GZIPPED[key] = len(gzip.compress(data, compresslevel=6, mtime=0))
    return _GZIPPED[key]


def group_of(rel: str) -> str:
    top = rel.split("/", 1)[0]
    return top if top in ("pyodide", "pyscript", "wheels") else "site"


def size_table(out_files: dict[str, bytes], first: list[str]) -> str:
    """The build's size table by group, raw and gzip, and the first visit's
    (``first``: the files the service worker precaches)."""
    groups: dict[str, list[int]] = {g: [0, 0, 0] for g in ("pyodide", "pyscript", "wheels", "site")}
    for rel, data in out_files.items():
        g = groups[group_of(rel)]
        g[0] += 1
        g[1] += len(data)
        g[2] += gzip_size(data)
    total = [sum(g[i] for g in groups.values()) for i in range(3)]

    def kb(n: int) -> str:
        return f"{n / 1024:,.1f} KiB"

    first_visit = [len(first), sum(len(out_files[p]) for p in first),
                   sum(gzip_size(out_files[p]) for p in first)]
    lines = [f"{'group':<10}{'files':>6}{'raw':>16}{'gzip':>16}", "-" * 48]
    for name, (count, raw, gz) in list(groups.items()) + [("total", total), ("precached", first_visit)]:
        if name == "total":
            lines.append("-" * 48)
        lines.append(f"{name:<10}{count:>6}{kb(raw):>16}{kb(gz):>16}")
    lines.append(f"the whole precache (every page's groups): {first_visit[2] / 1e6:.2f} MB gzip")
    return "\n".join(lines)


def first_visit_bytes(out_files: dict[str, bytes], paths: list[str]) -> int:
    """The gzip bytes of a first visit that downloads ``paths`` (``./``:
    the home page, index.html)."""
    return sum(gzip_size(out_files["index.html" if p == "./" else p]) for p in paths)


def page_table(out_files: dict[str, bytes], visits: dict[str, list[str]]) -> str:
    """Each page's first visit (``visits``: page → what it downloads), gzip."""
    lines = [f"{'first visit of':<28}{'files':>6}{'gzip':>12}"]
    for page, paths in visits.items():
        lines.append(f"{page:<28}{len(paths):>6}{first_visit_bytes(out_files, paths) / 1e6:>9.2f} MB")
    return "\n".join(lines)


#: The big downloads of a first visit, whose bytes boot.js counts as they arrive.
DOWNLOADS = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.mjs")


def download_sizes(out_files: dict[str, bytes]) -> bytes:
    """A line of JavaScript for boot.js: ``window.DICELAND_DOWNLOADS`` =
    {path: [bytes, gzip bytes]} of :data:`DOWNLOADS` and the wheels every
    page unpacks (not a game's own archive: a page fetches one or none)."""
    own = "/" + GAME_ARCHIVE.format("")
    names = [n for n in DOWNLOADS if n in out_files] + sorted(
        n for n in out_files if n.endswith(".whl") and own not in n)
    sizes = {n: [len(out_files[n]), gzip_size(out_files[n])] for n in names}
    return f"window.DICELAND_DOWNLOADS = {json.dumps(sizes, sort_keys=True)};\n".encode()
