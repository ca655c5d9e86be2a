"""The site's trimmed standard library in Chromium: the kept list is what a
fresh run of every page, lesson, embed and the snapshot maker imports, and a
module missing at run time is named on the boot panel in plain words, the
error behind "details"."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from diceland_build.stdlib import read_keep, trim_stdlib

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
READY = 60_000


def test_the_kept_list_is_what_a_fresh_run_imports():
    # in a process of its own: this session's browser already runs an event loop
    run = subprocess.run([sys.executable, "-c", "import json, sys; from diceland_build.stdlib_find import find_modules; "
                          "print(json.dumps(find_modules(log=lambda text: None)))"],
                         cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stderr[-2000:]
    found = set(json.loads(run.stdout.strip().splitlines()[-1]))
    kept = read_keep()
    assert found == kept, (f"imported but not kept: {sorted(found - kept)}; kept but not imported: "
                           f"{sorted(kept - found)} (python -m diceland_build.stdlib_find --update)")


def test_a_missing_module_is_named_on_the_boot_panel(site_dir, serve, page, watch, tmp_path):
    """In the reader's language (Spanish here; the boot panel's words in
    each language: test_boot_text.py)."""
    lang, words = "es", "una parte de Python que necesita (hashlib)"
    broken = tmp_path / "site"
    shutil.copytree(site_dir, broken)
    full = PYODIDE_STDLIB.read_bytes()
    keep = {m for m in read_keep() if m.split(".")[0] != "hashlib"}
    old = (site_dir / "pyodide" / "python_stdlib.zip").read_bytes()
    new = trim_stdlib(full, keep)
    (broken / "pyodide" / "python_stdlib.zip").write_bytes(new)
    # the build's list of runtime files names the new archive: it is this
    # site's own (not a damaged download), only without hashlib
    for name in ("boot-strings.js", "sw.js"):
        listed = (broken / name).read_text(encoding="utf-8")
        entry = f'[{len(old)},"{hashlib.sha256(old).hexdigest()}"]'
        assert entry in listed, name
        (broken / name).write_text(listed.replace(entry, f'[{len(new)},"{hashlib.sha256(new).hexdigest()}"]'),
                                   encoding="utf-8")
    watch.allow("No module named 'hashlib'")
    page.goto(serve(broken).url + f"diceland.html?lang={lang}")
    page.wait_for_selector("#boot.failed", state="visible", timeout=READY)
    label = page.text_content("#boot-label")
    assert words in label
    assert "ModuleNotFoundError" not in label and "Traceback" not in label
    details = page.text_content("#boot-details pre")
    assert "No module named 'hashlib': this site's Python leaves out" in details
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.is_hidden(".py-error")
