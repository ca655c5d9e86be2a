"""Which of @pyscript/core's files a first visit downloads.

PyScript loads its chunks on demand; the pages fetch only some of them
(core, its error and deprecation helpers, the stubs of py-editor, py-game and
py-terminal, the TOML reader of pyscript.toml).  The others serve MicroPython,
workers, the editor and the terminals, which no page uses: they are shipped
(a page that ever asks for one still gets it) but not precached.  Named for
@pyscript/core 0.7.31 (build.py's PYSCRIPT_VERSION): a new PyScript needs a
look, and the build stops when a name is gone."""

from __future__ import annotations

__all__ = ["NOT_FETCHED", "not_fetched"]

NOT_FETCHED = frozenset({
    "pyscript/zip-T1gzVEcZ.js",            # files unpacked without Pyodide (MicroPython)
    "pyscript/index-CSo4Vcso.js",          # the editor's (imports CodeMirror, not shipped)
    "pyscript/mpy-Dvj-3zXq.js",            # MicroPython's terminal (xterm.js, not shipped)
    "pyscript/py-Dl-y4L1b.js",             # Pyodide's terminal (xterm.js, not shipped)
    "pyscript/pyodide_graph-CX6fRcVL.js",  # the worker's object graph
    "pyscript/toml-Blg7Izee.js",           # the editor's and py-game's TOML parser
    "pyscript/service-worker.js",          # workers' synchronous calls
    "pyscript/storage.js",                 # pyscript.storage
})


def not_fetched(out_files: dict[str, bytes]) -> frozenset[str]:
    """:data:`NOT_FETCHED`, each checked to be among ``out_files``."""
    gone = sorted(NOT_FETCHED - out_files.keys())
    if gone:
        raise ValueError(f"@pyscript/core has no {', '.join(gone)}: check diceland_build/pyscript_files.py")
    return NOT_FETCHED
