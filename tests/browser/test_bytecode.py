"""python.mjs keeps the bytecode of the site's modules: a visit that boots
Python normally (no memory snapshot: switched off, not made yet, or
refused) reads the bytecode the visits before it compiled instead of
compiling the sources again.  A damaged, stale or switched-off cache means
compiling, never a broken page.  <html data-bytecode> says what became of
the visit's bytecode; ``window.dicelandBytecode`` counts the modules read
from the cache and the modules this visit compiled (those Python wrote
itself), and the texts of dataclass methods read (``generatedRead``) and
compiled (``generatedCompiled``): their code is kept in the same entry."""

from __future__ import annotations

import pytest

from support import cached_entry, html_data as dataset, wait_html_data

# first visits and the bytecode's cache: each test starts with none
pytestmark = [pytest.mark.browser, pytest.mark.fresh_context]

OFF = "?snapshot=off"
GAME = "&players=human,greedy&boards=A,B&seed=5&speed=0"
WAIT_S = 60

#: Replace the cached bytecode with what `change` makes of it (checksum and
#: build key kept right unless the change is about them).
REWRITE = """async ([change]) => {
""" + cached_entry("/python.bytecode") + """  const headers = Object.fromEntries(hit.headers);
  const view = new DataView(bytes.buffer);
  const indexLength = view.getUint32(0);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + indexLength)));
  const hex = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", b)),
                                      (x) => x.toString(16).padStart(2, "0")).join("");
  let checksum = true;
  if (change === "flipped") { bytes[bytes.length >> 1] ^= 0xff; checksum = false; }
  if (change === "truncated") bytes = bytes.slice(0, bytes.length >> 1);
  if (change === "other_key") { headers["x-snapshot-key"] = "0000000000000000"; checksum = false; }
  if (change === "not_bytecode" || change === "bad_body") {
    // every file the same length, but not Python's bytecode (or, for
    // bad_body, Python's header followed by what does not unmarshal)
    let at = 4 + indexLength;
    for (const [, length] of index) {
      bytes.fill(change === "bad_body" ? 0xff : 7, at + (change === "bad_body" ? 16 : 0), at + length);
      at += length;
    }
  }
  if (change === "generated") {  // only the dataclasses' file: not marshal data
    let at = 4 + indexLength;
    for (const [path, length] of index) {
      if (path.endsWith("/dataclasses.marshal")) bytes.fill(7, at, at + length);
      at += length;
    }
  }
  if (change === "outside") {  // a file aimed at a source of the site, not at /pycache
    index[0][0] = "/lib/python3.14/site-packages/diceland_core/__init__.py";
    const text = new TextEncoder().encode(JSON.stringify(index));
    const out = new Uint8Array(4 + text.length + bytes.length - 4 - indexLength);
    new DataView(out.buffer).setUint32(0, text.length);
    out.set(text, 4);
    out.set(bytes.subarray(4 + indexLength), 4 + text.length);
    bytes = out;
  }
  if (checksum) headers["x-bytecode-sha256"] = await hex(bytes);
  await cache.put(request, new Response(bytes, { headers }));
  return index.length;
}"""


def outcome(page) -> dict:
    """What became of the visit's bytecode, once decided, with its figures."""
    return {"outcome": wait_html_data(page, "bytecode", WAIT_S), **page.evaluate("window.dicelandBytecode")}


def counts(figures: dict) -> dict:
    """The outcome and the modules read and compiled."""
    return {key: figures.get(key) for key in ("outcome", "read", "compiled")}


def first_visit(site, path: str = "diceland.html") -> dict:
    site.open(OFF + GAME, path=path)
    assert dataset(site.page, "boot") == "normal"
    first = outcome(site.page)
    assert first["outcome"] == "saved"
    assert first["read"] == 0 and first["compiled"] > 20 and first["saved"] == first["compiled"]
    assert first["generatedRead"] == 0 and first["generatedCompiled"] > 20
    return first


def test_a_visit_without_snapshot_reads_what_the_last_one_compiled(site, watch):
    first = first_visit(site)
    site.open(OFF)  # a return visit: the game resumes
    assert dataset(site.page, "boot") == "normal"
    again = outcome(site.page)
    assert counts(again) == {"outcome": "kept", "read": first["saved"], "compiled": 0}
    assert again["generatedRead"] == first["generatedCompiled"] and again["generatedCompiled"] == 0
    site.act(site.human_decision(0))  # the game plays on, on the cached bytecode
    assert site.record()["history"]["actions"]


def test_each_page_adds_the_modules_it_compiled(site, watch):
    diceland = first_visit(site)
    site.open(OFF + "&players=human,expert&seed=7", path="wideshut.html")
    wideshut = outcome(site.page)
    assert wideshut["outcome"] == "saved" and wideshut["read"] == diceland["saved"]
    assert 0 < wideshut["compiled"] < diceland["saved"]  # its own game and page; not the shell again
    assert wideshut["saved"] == diceland["saved"] + wideshut["compiled"]
    assert wideshut["generatedRead"] == diceland["generatedCompiled"] and wideshut["generatedCompiled"] > 0
    site.open(OFF, path="diceland.html")
    assert outcome(site.page)["compiled"] == 0
    site.open(OFF, path="wideshut.html")
    again = outcome(site.page)
    assert counts(again) == {"outcome": "kept", "read": wideshut["saved"], "compiled": 0}
    assert again["generatedRead"] == diceland["generatedCompiled"] + wideshut["generatedCompiled"]
    assert again["generatedCompiled"] == 0


#: each way a kept entry can be broken (checksum and build key kept right
#: unless the change is about them)
CHANGES = ("flipped", "truncated", "other_key", "not_bytecode", "bad_body", "outside", "generated")


def test_broken_bytecode_is_compiled_again(site, watch):
    """Each change in turn, on the entry the visits before it kept (one
    first visit for them all: a first visit is a cold start).  The entry
    kept anew is read back by a visit after the first change and the last
    (the same saving as after any visit; each visit here is a normal boot)."""
    saved = first_visit(site)["saved"]
    for change in CHANGES:
        assert site.page.evaluate(REWRITE, [change]) == saved + 1, change  # and the dataclasses' file
        site.open(OFF)
        assert dataset(site.page, "boot") == "normal", change
        assert site.page.evaluate("typeof window.diceland.record") == "function", change
        again = outcome(site.page)
        # every dataclass text compiled anew, none read from the broken entry,
        # and kept anew (the first visit's count may differ: it made the bot,
        # whose modules are imported when first used; this one resumes at the
        # person's turn)
        assert again["outcome"] == "saved" and again["generatedRead"] == 0, (change, again)
        assert again["generatedCompiled"] > 20, (change, again)
        # the modules are compiled again unless only the dataclasses' file was bad
        assert (again["compiled"] == 0) == (change == "generated"), (change, again)
        saved = again["saved"]
        if change not in (CHANGES[0], CHANGES[-1]):
            continue
        site.open(OFF)
        kept = outcome(site.page)
        assert counts(kept) == {"outcome": "kept", "read": saved, "compiled": 0}, (change, kept)
        assert kept["generatedRead"] == again["generatedCompiled"] and kept["generatedCompiled"] == 0, change
    site.act(site.human_decision(0))
    assert site.record()["history"]["actions"]


def test_switched_off_by_link_or_setting(site, watch):
    first_visit(site)
    site.open(OFF + "&bytecode=off")
    assert dataset(site.page, "bytecode") == "off"
    site.page.evaluate("localStorage.setItem('diceland:bytecode', 'off')")
    site.open(OFF)
    assert dataset(site.page, "bytecode") == "off"
    site.page.evaluate("localStorage.removeItem('diceland:bytecode')")
    site.open(OFF)
    assert outcome(site.page)["compiled"] == 0


def test_a_restored_snapshot_needs_no_bytecode(site, watch):
    site.open(GAME.replace("&", "?", 1))
    assert dataset(site.page, "boot") == "normal"
    assert outcome(site.page)["outcome"] == "saved"  # the first visit compiles, and keeps it
    assert wait_html_data(site.page, "snapshot", 180) == "saved"
    site.reload()
    assert dataset(site.page, "boot") == "snapshot"
    assert dataset(site.page, "bytecode") is None


#: The page as a browser shows it when its tab is left or closed.
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_what_the_player_imports_later_is_kept_when_the_page_is_hidden(site, watch):
    first = first_visit(site)
    site.page.click("#btn-share")  # Diceland's share code is imported on the first share
    assert site.page.is_visible("#share")
    site.page.evaluate("delete document.documentElement.dataset.bytecode")
    site.page.evaluate(HIDE)
    hidden = outcome(site.page)
    assert hidden["outcome"] == "saved" and 0 < hidden["compiled"] < 10
    assert hidden["saved"] == first["saved"] + hidden["compiled"]
    site.open(OFF)
    assert outcome(site.page)["read"] == hidden["saved"]
    site.page.evaluate("delete document.documentElement.dataset.bytecode")
    site.page.evaluate(HIDE)  # nothing new since: nothing written
    assert counts(outcome(site.page)) == {"outcome": "kept", "read": hidden["saved"], "compiled": 0}
