"""A page fetches only its own game's code and data: the wheels each page
unpacks hold no other game's files (each game's network in its own
game's archive, on its pages only), and what a first visit of each page downloads (the service
worker's precache and the groups it keeps for that page, read from the
built sw.js) is at most 4.8 MB gzip, as a static host sends it."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest

from support import load_build, require_site_tools

require_site_tools()

#: The first-visit budget of every page (gzip bytes).
BUDGET = 4.8e6
GAMES = ("diceland", "clever", "wideshut")
LANGS = ("en", "es", "it")
PY_SCRIPT = re.compile(r'<script type="py" src="\./([a-z_]+\.py)" config="\./([^"]+)"></script>')


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    build = load_build()
    return build, build.build(tmp_path_factory.mktemp("site") / "dist", quiet=True)


def config_wheels(files: dict[str, bytes], config: str) -> list[str]:
    return re.findall(r'^"\./(wheels/[^"]+\.whl)" = ', files[config].decode(), re.M)


def pages(files: dict[str, bytes]) -> dict[str, tuple[str | None, str, list[str]]]:
    """Each way a page starts Python: (its game, its configuration, its own
    files besides the configuration): the pages with a Python script, and an
    embed of each game's lessons (embed-picture.js picks its configuration)."""
    found = {}
    for name in sorted(n for n in files if n.endswith(".html")):
        script = PY_SCRIPT.search(files[name].decode())
        if script:
            game = name.removesuffix(".html")
            found[name] = (game if game in GAMES else None, script.group(2), [name, script.group(1)])
    for game in GAMES:  # embed-picture.js names its game's configuration (a build without one: the shared)
        config = f"pyscript-{game}.toml" if f"pyscript-{game}.toml" in files else "pyscript.toml"
        assert f"`./pyscript-${{" in files["embed-picture.js"].decode() or config == "pyscript.toml"
        found[f"embed.html?game={game}"] = (game, config, ["embed.html", "embed.py", f"tutorial/{game}/index.json"])
    assert {"diceland.html", "clever.html", "wideshut.html", "tutorial.html"} <= found.keys()
    return found


def archive_games(data: bytes) -> set[str]:
    """The games an archive holds files of (its engine's, its site's, its page's)."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
    games = {m.group(1) for n in names if (m := re.match(r"diceland_(?:core|site)/games/([a-z_]+)/", n))}
    games |= {m.group(1) for n in names if (m := re.match(r"diceland_web/pages/([a-z]+)[._]", n))}
    return games


def test_a_pages_wheels_hold_no_other_games_files(built):
    build, files = built
    checked = build.runtime_files(files)
    for page, (game, config, _) in pages(files).items():
        wheels = config_wheels(files, config)
        assert wheels, page
        held = set().union(*(archive_games(files[w]) for w in wheels))
        assert held <= {game}, f"{page} unpacks files of {sorted(held - {game})}"
        for owner in GAMES:  # each expert's network: its own game's pages only
            network = [w for w in wheels if f"{owner}/bots/{owner}_network.json".encode() in files[w]]
            assert bool(network) == (game == owner), (page, owner)
            assert all(archive_games(files[w]) == {owner} for w in network), (page, network)
        for wheel in wheels:  # content-hashed and checked by size and SHA-256 before use
            assert checked[wheel][0] == len(files[wheel]), wheel


def sw_constant(sw: str, name: str, default=None):
    match = re.search(rf"^const {name} = (.*?);$", sw, re.M | re.S)
    return json.loads(match.group(1)) if match else default


def first_visit(sw: str, page: str) -> list[str]:
    """What sw.js keeps for a first visit of ``page`` (its address): the
    precache and the page's groups, "{game}" and "{lang}" filled in as
    sw.js's pageGroups does."""
    precache = sw_constant(sw, "PRECACHE")
    grouped = sw_constant(sw, "GROUPS", {})
    names = sw_constant(sw, "PAGE_GROUPS", {}).get("./" + page.split("?")[0], [])
    query = dict(part.split("=", 1) for part in page.partition("?")[2].split("&") if "=" in part)
    names = [n.replace("{game}", query.get("game", "diceland")).replace("{lang}", query.get("lang", "en"))
             for n in names]
    kept = precache + [f for n in names for f in grouped.get(n, [])]
    return ["sw.js"] + [p.removeprefix("./") or "index.html" for p in kept]


def test_every_pages_first_visit_is_at_most_4_8_mb(built):
    build, files = built
    sw = files["sw.js"].decode()
    from diceland_build.report import gzip_size
    visits = {page: (game, config, own) for page, (game, config, own) in pages(files).items()}
    visits.update({f"tutorial.html?lang={lang}": visits["tutorial.html"] for lang in LANGS})
    visits["index.html"] = (None, None, ["index.html", "home.js", "games.js"])
    sizes = {}
    for page, (game, config, own) in visits.items():
        kept = first_visit(sw, page)
        # all the page itself fetches is kept: it works offline after this visit
        needed = own + ([config, "python.mjs", *config_wheels(files, config)] if config else []) + [
            n for n in files if n.startswith("pyodide/") and n.endswith((".wasm", ".zip", ".mjs"))]
        assert set(needed) <= set(kept), (page, sorted(set(needed) - set(kept)))
        sizes[page] = sum(gzip_size(files[p]) for p in set(kept))
    print("first visit, gzip bytes: " + ", ".join(f"{p} {n:,}" for p, n in sorted(sizes.items())))
    assert max(sizes.values()) <= BUDGET, {p: f"{n / 1e6:.3f} MB" for p, n in sizes.items()}
    # the build's report (its size table) counts the same files
    report = build.first_visits(files)
    for page in ("index.html", "clever.html", "tutorial.html?lang=es", "embed.html?game=wideshut"):
        assert {p.removeprefix("./") or "index.html" for p in report[page]} == set(first_visit(sw, page)), page
