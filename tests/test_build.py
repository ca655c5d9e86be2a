"""build.py: two builds of the same sources give identical bytes, and the
output has the shape the page and the service worker rely on."""

from __future__ import annotations

import gzip
import hashlib
import struct
import json
import re
from pathlib import Path

import pytest

from support import load_build, require_site_tools

ROOT = Path(__file__).resolve().parents[1]

require_site_tools()


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    build = load_build()
    base = tmp_path_factory.mktemp("builds")
    first = build.build(base / "one", quiet=True)
    second = build.build(base / "two", quiet=True)
    return build, base / "one", base / "two", first, second


def _tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_two_builds_are_identical(builds):
    _, one, two, first, second = builds
    assert _tree(one) == _tree(two)
    assert first.keys() == second.keys()


def test_output_shape(builds):
    build, one, _, files, _ = builds
    for name in ("index.html", "home.js", "games.js", "diceland.html", "diceland.py", "sw.js", "pyscript.toml", "manifest.webmanifest",
                 "icons/icon-192.png", "icons/icon-512.png", "pyscript/core.js",
                 "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                 "pyodide/pyodide-lock.json"):
        assert (one / name).is_file(), name
    assert not [n for n in files if n.endswith(".map")], "source maps are not shipped"
    wheels = sorted(n for n in files if n.startswith("wheels/"))
    assert any("/diceland_core-" in n for n in wheels)
    tomls = [(one / name).read_text() for name in ("pyscript.toml", "pyscript-diceland.toml",
                                                    "pyscript-clever.toml", "pyscript-wideshut.toml")]
    for toml in tomls:
        assert 'interpreter = "./python.mjs"' in toml
        assert "packages" not in toml.replace("site-packages", "")
    for wheel in wheels:
        folder = wheel.split("/")[1]
        assert folder == hashlib.sha256(files[wheel]).hexdigest()[:16]  # content-hashed URL
        # unpacked by PyScript's [files] straight into site-packages: no micropip
        assert any(f'"./{wheel}" = "/lib/python3.14/site-packages/*"' in toml for toml in tomls)


def test_favicon_is_an_ico_holding_the_icon(builds):
    """Browsers ask for /favicon.ico on documents without an icon link; a
    missing one is a 404 in the console of such a page."""
    _, one, _, _, _ = builds
    data = (one / "favicon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 1)
    size, offset = struct.unpack("<II", data[14:22])
    assert offset == 22 and size == len(data) - 22
    assert data[22:30] == b"\x89PNG\r\n\x1a\n"


def test_the_site_ships_no_pyodide_package_and_no_micropip(builds):
    _, one, _, files, _ = builds
    lock = json.loads((one / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.14")
    assert not [n for n in files if "micropip" in n]


def test_service_worker_precaches_everything_but_the_lesson_pictures_and_the_review(builds):
    from diceland_build.pyscript_files import NOT_FETCHED
    _, one, _, files, _ = builds
    text = (one / "sw.js").read_text()
    assert "__PRECACHE__" not in text and "__CACHE_NAME__" not in text
    for name in files:
        if name in NOT_FETCHED:  # PyScript's chunks no page asks for: shipped, not precached
            assert (one / name).is_file() and json.dumps("./" + name) not in text, name
        elif name.startswith("review/"):  # fetched when a review is opened
            assert json.dumps("./" + name) not in text.split("const PRECACHE")[1].split(";")[0], name
        elif name != "sw.js" and not (name.startswith("pictures/") and name.endswith(".svg")):
            assert json.dumps("./" + name) in text, name


def test_the_site_ships_the_trimmed_standard_library_and_stripped_wheels(builds):
    import io
    import zipfile

    from diceland_build.stdlib import GUARD_MODULE, module_of, read_keep
    _, one, _, _, _ = builds
    with zipfile.ZipFile(one / "pyodide" / "python_stdlib.zip") as zf:
        names = zf.namelist()
        assert {module_of(n) for n in names if n.endswith(".py")} == read_keep() | {GUARD_MODULE}
        shipped = zf.read("json/__init__.py").decode()
    pyodide_stdlib = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(pyodide_stdlib) as zf:
        original = zf.read("json/__init__.py").decode()
    assert shipped.count("\n") == original.count("\n") and len(shipped) < len(original) / 2
    assert (one / "pyodide" / "python_stdlib.zip").stat().st_size < pyodide_stdlib.stat().st_size / 3
    wheel = next((one / "wheels").glob("*/diceland_core-*.whl"))
    with zipfile.ZipFile(io.BytesIO(wheel.read_bytes())) as zf:
        shipped = zf.read("diceland_core/core/lazy.py").decode()
    source = (ROOT / "diceland_core" / "core" / "lazy.py").read_text()
    assert shipped.count("\n") == source.count("\n") and len(shipped) < len(source)
    assert "A game's rarely used parts" not in shipped


def test_no_absolute_or_offsite_urls_in_the_page(builds):
    _, one, _, _, _ = builds
    for page in ("index.html", "diceland.html"):
        html = (one / page).read_text()
        assert "http://" not in html and "https://" not in html
        assert 'src="/' not in html and 'href="/' not in html
        assert "<script>" not in html  # no inline scripts (a CSP forbids them)


def test_every_games_lessons_are_shipped_and_precached(builds):
    """tutorial.html and embed.html?game=… read tutorial/<game>/index.json and
    its lesson files: all of them work offline (each game's in its groups,
    which the service worker keeps with the tutorial and the game's embed)."""
    _, one, _, files, _ = builds
    text = (one / "sw.js").read_text()
    for game in ("diceland", "clever", "wideshut"):
        index = json.loads((one / "tutorial" / game / "index.json").read_text())
        assert index
        for name in [f"tutorial/{game}/index.json"] + [f"tutorial/{game}/{e['file']}" for e in index]:
            assert name in files and json.dumps("./" + name) in text, name
    for module in ("diceland_site/lessons.py", "diceland_site/games/clever/lesson.py", "diceland_site/games/wideshut/lesson.py",
                   "diceland_site/lesson_session.py", "diceland_web/lesson_embed.py"):
        game = module.split("/")[-2] if "/games/" in module else None
        package = f"diceland_game_{game}" if game else module.split("/")[0]
        wheel = next(n for n in files if n.startswith("wheels/") and f"/{package}-" in n)
        assert module.encode() in files[wheel], module


def test_pages_share_their_dialogs_through_includes(builds):
    """The markup several pages share is written once (site/partials/) and
    each page gets it, once, in place of its include line."""
    _, one, _, files, _ = builds
    assert not [n for n in files if n.startswith("partials/")], "partials are written into pages, not shipped"
    for page in ("diceland.html", "clever.html", "wideshut.html"):
        html = (one / page).read_text(encoding="utf-8")
        assert "<!-- include:" not in html, page
        for element_id in ("handoff", "saves", "share", "toasts", "announcer", "lang-select", "btn-export",
                           "new-game"):
            assert html.count(f'id="{element_id}"') == 1, (page, element_id)
        source = (ROOT / "site" / page).read_text(encoding="utf-8")
        assert 'id="saves"' not in source, f"{page} writes the saved-games dialog again"


def test_an_include_is_expanded_and_a_missing_one_named(tmp_path):
    build = load_build()
    (tmp_path / "box.html").write_text("  <p>shared</p>\n  <p>twice</p>\n", encoding="utf-8")
    page = b"<body>\n  <!-- include: box.html -->\n<p>own</p>\n</body>\n"
    assert build.expand_includes(page, tmp_path) == b"<body>\n  <p>shared</p>\n  <p>twice</p>\n<p>own</p>\n</body>\n"
    assert build.expand_includes(b"<p>no include: here</p>", tmp_path) == b"<p>no include: here</p>"
    with pytest.raises(build.BuildError, match=r"x\.html: included gone\.html"):
        build.expand_includes(b"<!-- include: gone.html -->\n", tmp_path, "x.html")


def test_an_include_fills_its_slots_and_names_a_slot_left_empty(tmp_path):
    build = load_build()
    (tmp_path / "head.html").write_text('  <title>{{title}}</title>\n  <meta content="{{title}}, {{about}}">\n',
                                        encoding="utf-8")
    page = '<!-- include: head.html title="Dice Wide Shut" about="a dice game" -->\n'.encode()
    assert build.expand_includes(page, tmp_path) == (
        b'  <title>Dice Wide Shut</title>\n  <meta content="Dice Wide Shut, a dice game">\n')
    with pytest.raises(build.BuildError, match=r"y\.html: include head\.html leaves about unfilled"):
        build.expand_includes(b'<!-- include: head.html title="x" -->', tmp_path, "y.html")
    with pytest.raises(build.BuildError, match=r"gives colour, which it has no place for"):
        build.expand_includes(b'<!-- include: head.html title="x" about="y" colour="z" -->', tmp_path, "y.html")
    (tmp_path / "menu.html").write_text('<nav>\n<!-- include: head.html title="{{name}}" about="menu" -->\n</nav>\n',
                                        encoding="utf-8")
    assert build.expand_includes(b'<!-- include: menu.html name="Diceland" -->', tmp_path) == (
        b'<nav>\n  <title>Diceland</title>\n  <meta content="Diceland, menu">\n</nav>')
    for broken in ("<!-- include: head.html title='x' about='y' -->", '<!-- include: head.html  title="x" -->',
                   "<p>{{Title}}</p>", '<p>{{ title }}</p>'):
        with pytest.raises(build.BuildError, match=r"w\.html: cannot read"):
            build.expand_includes(broken.encode(), tmp_path, "w.html")
    (tmp_path / "loop.html").write_text("<!-- include: loop.html -->\n", encoding="utf-8")
    with pytest.raises(build.BuildError, match=r"z\.html: include loop\.html is nested more than"):
        build.expand_includes(b"<!-- include: loop.html -->", tmp_path, "z.html")


def test_the_review_is_a_bundle_fetched_when_opened(builds):
    """The review (the engine's, its words, Dice Wide Shut's learned network,
    the review screen) is one content-hashed archive: in no wheel a page
    unpacks at start, not precached, but among the runtime files boot.js
    and the service worker check by size and SHA-256; its traces in a first
    visit (its line among the runtime files, the site's loader) stay small."""
    import io
    import zipfile

    _, one, _, files, _ = builds
    [bundle] = [n for n in files if n.startswith("review/")]
    folder, name = bundle.split("/")[1:]
    assert name == "diceland_review.zip" and folder == hashlib.sha256(files[bundle]).hexdigest()[:16]
    with zipfile.ZipFile(io.BytesIO(files[bundle])) as zf:
        inside = set(zf.namelist())
        assert zf.testzip() is None
    assert {"diceland_core/core/review.py", "diceland_core/core/review_messages.json",
            "diceland_core/games/clever/review.py", "diceland_core/games/wideshut/review.py",
            "diceland_core/games/diceland/review.py",
            "diceland_site/review/screen.py",
            "diceland_site/review/locales/es.json", "diceland_site/review/marks.py",
            "diceland_site/games/clever/review.py", "diceland_site/games/wideshut/review.py",
            "diceland_site/games/diceland/review.py", "diceland_web/review/view.py",
            "diceland_web/review/opener.py", "diceland_web/review/review.css"} <= inside
    assert "diceland_core/core/review_cli.py" not in inside
    # each game's network is its page's expert: it comes with that game's archive, not with the review
    assert not {f"diceland_core/games/{g}/bots/{g}_network.json" for g in ("diceland", "wideshut")} & inside
    at_start = set()
    for wheel in (n for n in files if n.endswith(".whl")):
        with zipfile.ZipFile(io.BytesIO(files[wheel])) as zf:
            at_start |= set(zf.namelist())
    assert not inside & at_start and "diceland_web/review_open.py" in at_start
    assert bundle not in (one / "pyscript.toml").read_text()
    size, digest = len(files[bundle]), hashlib.sha256(files[bundle]).hexdigest()
    line = f'"{bundle}":[{size},"{digest}"]'
    assert line in files["boot-strings.js"].decode() and f'"./{bundle}":[{size},"{digest}"]' in files["sw.js"].decode()
    assert "DICELAND_DOWNLOADS" in files["boot-strings.js"].decode() and bundle not in \
        files["boot-strings.js"].decode().split("window.DICELAND_DOWNLOADS")[1].split(";")[0]
    # what a first visit pays for the review: its line among the runtime files and the loader, gzip
    with zipfile.ZipFile(io.BytesIO(files[next(n for n in files if "/diceland_web-" in n)])) as zf:
        loader = zf.getinfo("diceland_web/review_open.py").compress_size
    first_visit = len(gzip.compress(line.encode())) + loader
    print(f"the review in a first visit: {first_visit} bytes gzip (loader {loader}); "
          f"the bundle: {len(files[bundle])} bytes, fetched when a review opens")
    assert first_visit < 900


def test_lesson_pictures_are_kept_when_fetched_not_precached(builds):
    """A first visit downloads the precache only (the 7 MB budget of the
    site bench); the lessons' pictures serve embeds and are kept by the
    service worker when first fetched, but for the one each lesson of the
    tutorial opens on, in every language: the tutorial shows every lesson
    offline."""
    _, one, _, files, _ = builds
    text = (one / "sw.js").read_text()
    svgs = [n for n in files if n.startswith("pictures/") and n.endswith(".svg")]
    assert svgs and "pictures/index.json" in files
    assert json.dumps("./pictures/index.json") in text
    manifest = json.loads(files["pictures/index.json"])["lessons"]
    tutorial = json.loads(files["tutorial-list.js"].split(b"window.DICELAND_TUTORIAL = ", 1)[1].split(b";\n", 1)[0])
    opening = set()
    for lang, words in tutorial["languages"].items():
        for entry, texts in zip(tutorial["lessons"], words["lessons"]):
            step = int(re.search(r"[?&]step=(\d+)", texts["src"]).group(1)) if "step=" in texts["src"] else \
                manifest[entry["key"]]["start"]
            steps = manifest[entry["key"]]["steps"]
            opening.add((steps[lang] if isinstance(steps, dict) else steps)[step]["src"])
    assert len(opening) > 20
    assert {n for n in svgs if json.dumps("./" + n) in text} == opening
    assert "RUNTIME_CACHED.test(url.pathname)" in text and "cache.put(request" in text
    build = load_build()
    assert all(build.RUNTIME_CACHED.fullmatch(n) for n in svgs)
    assert sum(len(gzip.compress(files[n])) for n in build.precached(files) if n in files) < 7e6


def test_the_tutorial_list_is_written_for_its_script_in_every_language(builds):
    """tutorial-list.js carries, for each language, a rendered text of
    every lesson, the progress line for every count and every word the
    page's ``data-i18n`` elements need, so the list script formats nothing."""
    _, one, _, _, _ = builds
    text = (one / "tutorial-list.js").read_text(encoding="utf-8")
    prefix = "window.DICELAND_TUTORIAL = "
    line = text.split("\n")[1]
    assert line.startswith(prefix) and text.endswith((ROOT / "site" / "tutorial-list.js").read_text(encoding="utf-8"))
    data = json.loads(line[len(prefix):].rstrip(";"))
    keys = [lesson["key"] for lesson in data["lessons"]]
    assert len(keys) == len(set(keys)) == sum(
        len(json.loads(p.read_text(encoding="utf-8"))) for p in (ROOT / "site" / "tutorial").glob("*/index.json"))
    page = (one / "tutorial.html").read_text(encoding="utf-8")
    needed = set(re.findall(r'data-i18n="([^"]+)"', page))
    assert needed and '<script src="./tutorial-list.js" defer></script>' in page
    for lang, texts in data["languages"].items():
        assert needed <= set(texts["words"]), lang
        assert len(texts["lessons"]) == len(keys) and len(texts["progress"]) == len(keys) + 1
        for lesson, entry in zip(texts["lessons"], data["lessons"]):
            assert f"lang={lang}" in lesson["src"] and lesson["title"].split(". ", 1)[1] in lesson["frame"]
            assert "{" not in lesson["done"] + lesson["frame"] + lesson["title"], lesson
        assert all(str(len(keys)) in line and "{" not in line for line in texts["progress"])
    assert data["languages"]["it"]["words"]["tutorial.title"] != data["languages"]["en"]["words"]["tutorial.title"]
