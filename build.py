#!/usr/bin/env python3
"""Build the static Diceland site (its three games, the tutorial and the
embeddable board) into ``dist/`` (and optionally serve it).

    python build.py                      # build dist/
    python build.py --out DIR            # build somewhere else
    python build.py serve [--port 8000]  # build, then serve on 127.0.0.1
    python build.py serve --lan          # ... on every network: a phone on the same Wi-Fi opens it
    python build.py icons                # redraw site/icons/*.png

What ends up in ``dist/``::

    index.html, home.js   the home page: the list of games (games.js)
    <game>.html, <game>.py
                         one page per game (diceland, clever, wideshut), and
    embed.html, embed.py, tutorial.html, tutorial.py
                         (with the markup of site/partials/ written in at their
                         ``<!-- include: NAME -->`` lines)
    *.css, *.js, python*.mjs, manifest.webmanifest, icons/, favicon.ico
    boot-strings.js, tutorial-list.js
                         the boot texts and the tutorial's list, written here
    pyscript.toml        names the interpreter and the shared wheels, unpacked at start-up
    pyscript-<game>.toml  ... and the game's own archive (its page, an embed of it)
    sw.js                service worker; precache list + cache name from content
    pyodide/             Pyodide's core files and a pyodide-lock.json with no packages
    pyscript/            @pyscript/core's dist/ (no source maps, editor or terminal; one patch)
    wheels/<hash>/       diceland_core, diceland_site and diceland_web, built here
                         with zipfile, and each game's own archive of their files
                         (diceland_game_<game>: diceland_build/split.py)
    pictures/            every step of every lesson as SVG, pictures/index.json, and
                         each game's new sheet (pictures/start/, the boot screen's)

The build needs only the standard library and the pinned npm packages (``npm
ci`` fetches them once): no pip, so it runs on a system Python that refuses
``pip install`` (PEP 668).  The page needs no micropip either: PyScript's
``[files]`` unpacks the wheels straight into site-packages.

Every URL is relative, so the site works under any sub-path.  The same
sources give the same bytes (tests/test_build.py checks it): wheels are built
with fixed zip times and every generated file is written in a
fixed order.  Nothing is fetched from a CDN at run time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from diceland_build.icons import favicon_ico, icon_png
from diceland_build.lessons import (lesson_pictures, opening_pictures, opening_pictures_by_language, read_lessons,
                                    tutorial_script)
from diceland_build.pyscript_files import not_fetched
from diceland_build.report import download_sizes, page_table, size_table
from diceland_build.server import LAN_HOST, make_server, site_urls
from diceland_build.stdlib import read_keep, trim_stdlib
from diceland_build.verified import MARK_NAME, build_mark, mark_pages, runtime_files, runtime_files_script
from diceland_build.split import (DEFAULT_GAME, EMBED_PAGE, GAME_ARCHIVE, archive_game, config_name, first_visit,
                                  groups, page_groups)
from diceland_build.wheels import build_review_bundle, build_wheel, left_out_of_the_site, package_files

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"
DIST = ROOT / "dist"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Shipped cut down to the modules the site imports (diceland_build/stdlib.py).
STDLIB = "python_stdlib.zip"

#: Files under site/ that are not copied as they are.
SITE_SKIP = {"sw.js", "python.mjs"}  # rendered with the precache list / the wheels and snapshot key
SITE_SKIP_DIRS = {"diceland_site", "diceland_web", "__pycache__",  # shipped as wheels
                  "partials"}  # written into the pages by their include lines
#: A line of a page replaced by ``site/partials/NAME`` (markup that several
#: pages share), with ``key="value"`` parameters filling its ``{{key}}`` slots.
INCLUDE = re.compile(r'^[ \t]*<!-- include: ([A-Za-z0-9_.-]+)((?: [a-z_]+="[^"]*")*) -->[ \t]*$', re.M)
INCLUDE_PARAM = re.compile(r'([a-z_]+)="([^"]*)"')
SLOT = re.compile(r"\{\{([a-z_]+)\}\}")
LOOSE_SLOT = re.compile(r"\{\{[^{}]*\}\}")  # any slot, well written or not (none is left after expansion)




class BuildError(Exception):
    """Something the build needs is missing or wrong; the message says what."""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- inputs -----------------------------------------------------------------

def _package_version(path: Path) -> str | None:
    try:
        return json.loads((path / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def ensure_node_modules() -> None:
    """node_modules with the pinned Pyodide and PyScript (``npm ci`` if not)."""
    wanted = {NODE_MODULES / "pyodide": PYODIDE_VERSION,
              NODE_MODULES / "@pyscript" / "core": PYSCRIPT_VERSION}
    if all(_package_version(p) == v for p, v in wanted.items()):
        return
    log("node_modules is missing or out of date: running npm ci")
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed; it is needed once to fetch Pyodide and PyScript (npm ci)")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    for path, version in wanted.items():
        found = _package_version(path)
        if found != version:
            raise BuildError(f"{path.relative_to(ROOT)} is version {found}, expected {version} "
                             "(check package.json and package-lock.json)")


def core_version() -> str:
    text = (ROOT / "diceland_core" / "version.py").read_text()
    for line in text.splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise BuildError("diceland_core/version.py has no __version__")


CORE_SUMMARY = "Roll & write dice games: pure-Python rules engines, bots and tools"


def core_files(strip: bool = False) -> list[tuple[str, bytes]]:
    """The diceland_core wheel's files: the package and the shipped boards (as
    ``diceland_core/boards``, where :func:`boards_dir` looks first); ``strip``:
    the site's, its sources without comments and most docstrings."""
    files = package_files(ROOT / "diceland_core", "diceland_core", strip)
    boards = package_files(ROOT / "boards", "diceland_core/boards")
    return files + ([board_as_json(name, data) for name, data in boards] if strip else boards)


def build_core_wheel(strip: bool = False) -> tuple[str, bytes]:
    """The diceland_core wheel (:func:`core_files`)."""
    return build_wheel("diceland_core", core_version(), CORE_SUMMARY, core_files(strip), record=not strip)


def board_as_json(name: str, data: bytes) -> tuple[str, bytes]:
    """A board file of the site's wheel as JSON (the same table): a page
    reads it with ``json``, which Python has loaded already, instead of
    compiling and importing ``tomllib``."""
    if not name.endswith(".toml"):
        return name, data
    try:
        table = tomllib.loads(data.decode("utf-8"))
        text = json.dumps(table, ensure_ascii=False, separators=(",", ":"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, TypeError, ValueError) as exc:
        raise BuildError(f"{name}: cannot ship this board as JSON: {exc}") from None
    return name[: -len(".toml")] + ".json", text.encode("utf-8")


#: The site's own pure-Python wheels: the tested layer (no browser imports)
#: and the few modules that touch the DOM (the shell, one page per game).
SITE_PACKAGES = {
    "diceland_site": "The browser skin of the games: view models, i18n, storage and controllers",
    "diceland_web": "The pages' DOM code: helpers, the shell, one page per game",
}


def site_wheels(games: tuple[str, ...]) -> tuple[list[tuple[str, bytes]], dict[str, tuple[str, bytes]]]:
    """The pages' archives: the shared wheels (diceland_core, diceland_site
    and diceland_web, stripped, without any one game's files) and each game's
    own archive of those files (:mod:`diceland_build.split`)."""
    version = core_version()
    packages = {"diceland_core": (CORE_SUMMARY, core_files(True))}
    packages.update({name: (summary, package_files(SITE / name, name, True))
                     for name, summary in SITE_PACKAGES.items() if any((SITE / name).glob("*.py"))})
    shared, own = [], {game: [] for game in games}
    for name, (summary, files) in packages.items():
        rest = []
        for path, data in files:
            game = archive_game(path, games)
            (own[game] if game else rest).append((path, data))
        shared.append(build_wheel(name, version, summary, rest, record=False))
    archives = {game: build_wheel(GAME_ARCHIVE.format(game), version, f"The {game} game of the site's pages: "
                                  "its engine, its plug-in and its page", files, record=False)
                for game, files in own.items() if files}
    return shared, archives


def game_pages() -> dict[str, str | None]:
    """Each page that runs Python, with its game (None: no one game's)."""
    games = json.loads((SITE / "diceland_site" / "games" / "games.json").read_text(encoding="utf-8"))
    return {**{entry["page"]: entry["game"] for entry in games}, "tutorial.html": None, "embed.html": None}


def game_names() -> tuple[str, ...]:
    return tuple(game for game in game_pages().values() if game)


def languages() -> list[str]:
    """The site's languages (its locale files)."""
    return sorted(path.stem for path in (SITE / "diceland_site" / "locales").glob("*.json"))


# -- icons --------------------------------------------------------------------

def write_icons() -> None:
    icons = SITE / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(icon_png(size))
        log(f"wrote site/icons/icon-{size}.png")


# -- the build ------------------------------------------------------------------

def rewrite_lock(lock: dict) -> bytes:
    """pyodide-lock.json with no packages: the site loads none of Pyodide's
    (its own wheels are unpacked by PyScript's ``[files]``)."""
    out = {k: v for k, v in lock.items() if k != "packages"}
    out["packages"] = {}
    return (json.dumps(out, indent=1, sort_keys=True) + "\n").encode()


def site_packages(lock: dict) -> str:
    """Where Pyodide's Python looks for installed packages."""
    major, minor = str(lock["info"]["python"]).split(".")[:2]
    return f"/lib/python{major}.{minor}/site-packages"


#: @pyscript/core chunks that only serve <script type="py-editor"> (CodeMirror)
#: and the ``terminal`` attribute (xterm.js): no page uses them, and shipping
#: them would put 230 KB (gzip) more into every first visit's precache.
#: tests/test_csp.py checks that no page asks for either.
PYSCRIPT_UNUSED = ("codemirror", "xterm")

#: The one change made to @pyscript/core: its Hook class (polyscript's
#: ``worker/hook.js``) read every worker hook eagerly, and reading one compiles
#: it with ``Function(...)`` even when no worker is ever started.  That is
#: string evaluation, which a Content-Security-Policy without 'unsafe-eval'
#: refuses, and PyScript then never starts.  The patch makes those properties
#: lazy getters: the same values, compiled only when a worker asks for them.
PYSCRIPT_PATCHES = (
    (b"for(const e of ns.slice(1))this[e]=r?.[e];",
     b"for(const e of ns.slice(1))Object.defineProperty(this,e,{get:()=>r?.[e],set(v){"
     b"Object.defineProperty(this,e,{value:v,writable:!0,enumerable:!0,configurable:!0})},"
     b"enumerable:!0,configurable:!0});"),
)


def patch_pyscript(out_files: dict[str, bytes]) -> None:
    """Apply :data:`PYSCRIPT_PATCHES`; each must match exactly once in the
    copied PyScript files, or the build stops (a new PyScript needs a look)."""
    for old, new in PYSCRIPT_PATCHES:
        hits = [rel for rel, data in out_files.items()
                if rel.startswith("pyscript/") and rel.endswith(".js") and old in data]
        count = sum(out_files[rel].count(old) for rel in hits)
        if count != 1:
            raise BuildError(f"PyScript patch for a strict Content-Security-Policy matched {count} times "
                             f"(expected once): {old.decode()!r}; check build.py's PYSCRIPT_PATCHES "
                             f"against @pyscript/core {PYSCRIPT_VERSION}")
        out_files[hits[0]] = out_files[hits[0]].replace(old, new)


def pyscript_toml(wheel_urls: list[str], target: str) -> bytes:
    """The interpreter from this site (python.mjs, which boots Pyodide or
    restores its snapshot), and each wheel unpacked into ``target`` (a
    destination ending in ``/*`` makes PyScript unpack the archive)."""
    lines = [
        "# Written by build.py: the interpreter and wheels are served from this site.",
        'name = "Diceland"',
        f'interpreter = "./{PYTHON_MODULE}"',
        "",
        "[files]",
        *(f"{json.dumps(u)} = {json.dumps(target + '/*')}" for u in wheel_urls),
        "",
    ]
    return "\n".join(lines).encode()


# -- the interpreter module and its memory snapshot ------------------------------

#: The module PyScript's ``interpreter`` setting names (site/python.mjs with
#: the wheels and the snapshot key filled in).
PYTHON_MODULE = "python.mjs"
#: Prefix of the Cache Storage name that holds python.mjs's memory snapshot
#: and the bytecode of the modules it compiled.
SNAPSHOT_CACHE_PREFIX = "diceland-snapshot-"
#: ... and of the one that holds the bytecode of every page's modules.
BYTECODE_CACHE_PREFIX = "diceland-bytecode-"
#: The sources that decide what a snapshot holds: python.mjs and the Python
#: it runs (what is imported) and the worker that makes it.
SNAPSHOT_SOURCES = (PYTHON_MODULE, "python-code.mjs", "python-snapshot.mjs")


def snapshot_key(out_files: dict[str, bytes], wheel_urls: list[str]) -> str:
    """What a memory snapshot of the interpreter depends on: Pyodide's files,
    the wheels (their content-hashed URLs) and the :data:`SNAPSHOT_SOURCES`.  A snapshot is only restored under the
    same key, so any new Pyodide, engine or site layer makes a new one."""
    digest = hashlib.sha256()
    for rel in sorted(r for r in out_files if r.startswith("pyodide/")):
        digest.update(rel.encode() + b"\0" + sha256_hex(out_files[rel]).encode() + b"\n")
    for url in wheel_urls:
        digest.update(url.encode() + b"\n")
    for name in SNAPSHOT_SOURCES:
        digest.update((SITE / name).read_bytes())
    return digest.hexdigest()[:16]


def render_python_module(out_files: dict[str, bytes], sets: dict[str, list[str]]) -> bytes:
    """site/python.mjs with ``__BUILD__`` = {"sets": {configuration: {"key":
    snapshot key, "wheels": URLs}}, "bytecode": key}: each page's wheels
    (named by its PyScript configuration) and the key of their snapshot, and
    the key of the compiled modules every page shares (of every wheel)."""
    template = (SITE / PYTHON_MODULE).read_text()
    if template.count("__BUILD__") != 1:
        raise BuildError(f"site/{PYTHON_MODULE} must name __BUILD__ exactly once")
    every = sorted({url for urls in sets.values() for url in urls})
    build = {"sets": {name: {"key": snapshot_key(out_files, urls), "wheels": urls} for name, urls in sets.items()},
             "bytecode": snapshot_key(out_files, every)}  # the compiled modules: every page's, one cache
    return template.replace("__BUILD__", json.dumps(build, sort_keys=True)).encode()


def snapshot_cache_names(python_module: bytes) -> list[str]:
    """The Cache Storage names python.mjs keeps its snapshots under, one per
    wheel set (each page's configuration), and its bytecode's."""
    line = next(l for l in python_module.decode().splitlines() if l.startswith("const SETS = "))
    build = json.loads(line.removeprefix("const SETS = ").rstrip(";"))
    return sorted({SNAPSHOT_CACHE_PREFIX + entry["key"] for entry in build["sets"].values()}
                  | {BYTECODE_CACHE_PREFIX + build["bytecode"]})


def collect_pyscript(out_files: dict[str, bytes]) -> None:
    """PyScript's files the pages use, without their source maps."""
    pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in sorted(pyscript_dist.rglob("*")):
        if path.is_file() and path.suffix != ".map" and not path.name.startswith(PYSCRIPT_UNUSED):
            data = path.read_bytes()
            if path.suffix == ".js":
                # drop the sourceMappingURL comment: the maps are not shipped
                lines = data.split(b"\n")
                data = b"\n".join(l for l in lines if not l.startswith(b"//# sourceMappingURL="))
            out_files["pyscript/" + path.relative_to(pyscript_dist).as_posix()] = data
    patch_pyscript(out_files)


def collect(out_files: dict[str, bytes], full_stdlib: bool = False) -> list[str]:
    """Gather every output file (relative path → bytes); returns wheel URLs.
    ``full_stdlib``: Pyodide's whole standard library (to find what is used)."""
    ensure_node_modules()
    pyodide_dir = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        out_files[f"pyodide/{name}"] = (pyodide_dir / name).read_bytes()
    if not full_stdlib:
        try:
            out_files[f"pyodide/{STDLIB}"] = trim_stdlib(out_files[f"pyodide/{STDLIB}"], read_keep(), left_out_of_the_site(
                {"diceland_core": ROOT / "diceland_core", **{n: SITE / n for n in SITE_PACKAGES}}))
        except (OSError, ValueError) as exc:
            raise BuildError(f"the standard library archive: {exc}") from None
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    out_files["pyodide/pyodide-lock.json"] = rewrite_lock(lock)

    collect_pyscript(out_files)

    shared, archives = site_wheels(game_names())

    def place(wheel: tuple[str, bytes]) -> str:
        rel = f"wheels/{sha256_hex(wheel[1])[:16]}/{wheel[0]}"
        out_files[rel] = wheel[1]
        return "./" + rel

    urls = [place(wheel) for wheel in shared]
    own = {game: place(wheel) for game, wheel in archives.items()}
    sets = {config_name(None): urls, **{config_name(game): urls + [url] for game, url in own.items()}}
    for name, wheel_urls in sets.items():
        out_files[name] = pyscript_toml(wheel_urls, site_packages(lock))
    out_files[PYTHON_MODULE] = render_python_module(out_files, sets)
    urls += own.values()
    # the review's bundle: not unpacked at start, fetched when a review is opened
    name, data = build_review_bundle({"diceland_core": ROOT / "diceland_core", **{n: SITE / n for n in SITE_PACKAGES}})
    out_files[f"review/{sha256_hex(data)[:16]}/{name}"] = data

    for path in sorted(SITE.rglob("*")):
        rel = path.relative_to(SITE)
        if path.is_dir() or rel.parts[0] in SITE_SKIP_DIRS or "__pycache__" in rel.parts:
            continue
        if rel.as_posix() in SITE_SKIP or path.suffix == ".pyc":
            continue
        data = path.read_bytes()
        out_files[rel.as_posix()] = expand_includes(data, SITE / "partials", rel.as_posix()) \
            if path.suffix == ".html" else data
    out_files.update(lesson_outputs())
    # and what boot.js counts and checks
    # (and the games with their own wheels: an embed picks its game's configuration)
    out_files["boot-strings.js"] = (boot_strings() + download_sizes(out_files) + runtime_files_script(out_files)
                                    + f"window.DICELAND_GAME_NAMES = {json.dumps(sorted(own))};\n".encode())
    out_files["games.js"] = games_script()
    out_files["favicon.ico"] = favicon_ico()
    return urls


def lesson_outputs() -> dict[str, bytes]:
    """The lessons' pictures and the tutorial's list (:mod:`diceland_build.lessons`)."""
    try:
        games = read_lessons(ROOT)
        return {**lesson_pictures(games), "tutorial-list.js": tutorial_script(games, ROOT)}
    except ValueError as exc:
        raise BuildError(f"site/tutorial: {exc}") from None


def expand_includes(page: bytes, folder: Path, name: str = "page") -> bytes:
    """``page`` with each ``<!-- include: NAME key="value" … -->`` line
    replaced by the file ``folder/NAME``, its ``{{key}}`` slots filled with
    the line's values (a partial may include others, to a depth of
    :data:`INCLUDE_DEPTH`).  A missing partial, a slot the line leaves empty,
    a value no slot takes or includes nested too deep (a loop) is a
    :class:`BuildError` naming the page and the partial."""
    text = _expand(page.decode("utf-8"), folder, name, 0)
    for line in text.splitlines():
        if "<!-- include:" in line or LOOSE_SLOT.search(line):
            raise BuildError(f"{name}: cannot read {line.strip()[:120]!r} (an include line is "
                             '<!-- include: NAME key="value" --> on a line of its own; a slot is {{key}})')
    return text.encode("utf-8")


#: How deep partials may include partials.
INCLUDE_DEPTH = 4


def _expand(text: str, folder: Path, name: str, depth: int) -> str:
    def partial(match: re.Match) -> str:
        path = folder / match.group(1)
        if not path.is_file():
            raise BuildError(f"{name}: included {match.group(1)} is not in {folder}")
        if depth >= INCLUDE_DEPTH:
            raise BuildError(f"{name}: include {match.group(1)} is nested more than {INCLUDE_DEPTH} deep")
        values = dict(INCLUDE_PARAM.findall(match.group(2)))
        body = path.read_text(encoding="utf-8").rstrip("\n")
        slots = set(SLOT.findall(body))
        if slots != set(values):
            missing, unused = sorted(slots - set(values)), sorted(set(values) - slots)
            raise BuildError(f"{name}: include {match.group(1)}"
                             + (f" leaves {', '.join(missing)} unfilled" if missing else "")
                             + (f" gives {', '.join(unused)}, which it has no place for" if unused else ""))
        return _expand(SLOT.sub(lambda slot: values[slot.group(1)], body), folder, name, depth + 1)

    return INCLUDE.sub(partial, text)


#: Locale keys the pages' scripts need before Python runs: the boot screen
#: (boot.js) and an embed's picture of its position (embed.js).
SCRIPT_STRINGS = ("boot.", "embed.picture.", "embed.button.", "embed.step", "embed.title", "embed.about", "embed.controls")


def boot_strings() -> bytes:
    """``boot-strings.js``: the :data:`SCRIPT_STRINGS` texts of the locale
    files, for boot.js and embed.js, which run before Python (and so i18n.py)."""
    table = {}
    for path in sorted((SITE / "diceland_site" / "locales").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        table[path.stem] = {k: v for k, v in sorted(data.items()) if k.startswith(SCRIPT_STRINGS)}
    text = json.dumps(table, ensure_ascii=False, sort_keys=True)
    return ("/* Made by build.py from site/diceland_site/locales/*.json. */\n"
            f"window.DICELAND_BOOT_STRINGS = {text};\n").encode("utf-8")


def games_script() -> bytes:
    """``games.js``: the games of ``site/diceland_site/games/games.json`` and the
    ``games.*``/``home.*`` texts (and the language menu's) of the locale
    files, for the home page (index.html), which lists the games without
    starting Python."""
    games = json.loads((SITE / "diceland_site" / "games" / "games.json").read_text(encoding="utf-8"))
    strings = {}
    for path in sorted((SITE / "diceland_site" / "locales").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        strings[path.stem] = {k: v for k, v in sorted(data.items())
                              if k.startswith(("games.", "home.", "menu.language"))}
    text = json.dumps({"games": games, "strings": strings}, ensure_ascii=False, sort_keys=True)
    return ("/* Made by build.py from site/diceland_site/games/games.json and the locale files. */\n"
            f"window.DICELAND_GAMES = {text};\n").encode("utf-8")


#: Files the service worker keeps when first fetched instead of precaching:
#: the lessons' pictures (pictures/*/*.svg, 545 KB gzip) serve embeds on other
#: pages, not a first visit, and an embed without its picture starts its live
#: board instead; only the one each lesson opens on in the tutorial is
#: precached; and the review's bundle (review/<hash>/diceland_review.zip),
#: fetched when a review is first opened.  sw.js has the same pattern.
RUNTIME_CACHED = re.compile(r"pictures/[^/]+/[^/]+\.svg|review/[^/]+/[^/]+\.zip")


def precached(out_files: dict[str, bytes]) -> list[str]:
    """The service worker's precache list: what a first visit downloads."""
    try:
        skip = not_fetched(out_files)
    except ValueError as exc:
        raise BuildError(str(exc)) from None
    opening = opening_pictures(out_files)  # but for the pictures the tutorial's lessons open on
    return ["./"] + sorted(p for p in out_files if (p in opening or not RUNTIME_CACHED.fullmatch(p)) and p not in skip)


def precache_groups(out_files: dict[str, bytes]) -> tuple[list[str], dict[str, list[str]]]:
    """What the service worker precaches for every page (a first visit of
    the home page), and the groups of the rest of :func:`precached`, each
    kept once a page that uses it is opened (:mod:`diceland_build.split`)."""
    every = precached(out_files)
    grouped = groups(every, opening_pictures_by_language(out_files), game_names())
    inside = {rel for paths in grouped.values() for rel in paths}
    return [rel for rel in every if rel not in inside], grouped


def first_visits(out_files: dict[str, bytes]) -> dict[str, list[str]]:
    """What a first visit of each page downloads (the service worker's
    precache and the page's groups): the home page, each page that runs
    Python, the tutorial in each language, an embed of each game's lessons."""
    shared, grouped = precache_groups(out_files)
    pages = page_groups(game_pages(), game_names())
    visits = {"index.html": shared}
    for page in game_pages():
        if page == EMBED_PAGE:
            visits.update({f"{page}?game={game}": first_visit(page, shared, grouped, pages, game=game)
                           for game in game_names()})
        elif page == "tutorial.html":
            visits.update({f"{page}?lang={lang}": first_visit(page, shared, grouped, pages, lang=lang)
                           for lang in languages()})
        else:
            visits[page] = first_visit(page, shared, grouped, pages)
    return visits


def render_service_worker(out_files: dict[str, bytes], mark: str = "") -> bytes:
    """site/sw.js with its cache names, precache list, the runtime files'
    sizes and hashes and the pages' ``mark`` (:mod:`diceland_build.verified`)."""
    template = (SITE / "sw.js").read_text()
    precache, grouped = precache_groups(out_files)
    dotted = {name: ["./" + rel for rel in paths] for name, paths in grouped.items()}
    digest = hashlib.sha256()
    for name in sorted(out_files):
        digest.update(name.encode() + b"\0" + sha256_hex(out_files[name]).encode() + b"\n")
    cache_name = "diceland-" + digest.hexdigest()[:16]
    snapshots = snapshot_cache_names(out_files[PYTHON_MODULE]) if PYTHON_MODULE in out_files else []
    text = (template.replace("__CACHE_NAME__", json.dumps(cache_name))
                    .replace("__SNAPSHOT_CACHES__", json.dumps(snapshots))
                    .replace("__GROUPS__", json.dumps(dotted, indent=1))
                    .replace("__PAGE_GROUPS__", json.dumps({"./" + page: names for page, names
                                                            in page_groups(game_pages(), game_names()).items()}))
                    .replace("__DEFAULT_GAME__", json.dumps(DEFAULT_GAME))
                    .replace("__LANGUAGES__", json.dumps(languages()))
                    .replace("__FILES__", json.dumps({"./" + p: v for p, v in runtime_files(out_files).items()},
                                                     separators=(",", ":")))
                    .replace("__MARK__", json.dumps(f'<meta name="{MARK_NAME}" content="{mark}">'))
                    .replace("__PRECACHE__", json.dumps(["./" + p if p != "./" else p for p in precache], indent=1)))
    return text.encode()


def build(out: Path = DIST, quiet: bool = False, full_stdlib: bool = False) -> dict[str, bytes]:
    """Build the site into ``out`` (replaced completely); returns the files."""
    files: dict[str, bytes] = {}
    collect(files, full_stdlib)
    if not (SITE / "sw.js").exists():
        raise BuildError("site/sw.js is missing")
    mark = build_mark(files)
    try:
        mark_pages(files, mark)
    except ValueError as exc:
        raise BuildError(str(exc)) from None
    files["sw.js"] = render_service_worker(files, mark)
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for rel in sorted(files):
        target = tmp / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(files[rel])
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    if not quiet:
        print(f"built {out} ({len(files)} files)")
        print(size_table(files, [p for p in precached(files) if p in files]))
        print(page_table(files, first_visits(files)))
    return files


def serving_text(out: Path, host: str, port: int) -> str:
    """What ``serve`` prints: the links to open (with ``--lan``, one per
    address of this machine, and why the site is not kept offline there)."""
    urls = site_urls(host, port)
    if host != LAN_HOST:
        return f"serving {out} at {urls[0]}  (Ctrl+C stops)"
    lines = [f"serving {out} on every network of this machine (Ctrl+C stops); open on this computer:",
             f"  {urls[0]}", "or on a phone or tablet on the same network:"]
    lines += [f"  {url}" for url in urls[1:]] or ["  (no network address found: is this machine on a network?)"]
    lines.append("Over the network the games play but are not kept for offline play "
                 "(browsers install the service worker only from https or 127.0.0.1).")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build (and serve) the Diceland site.")
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "icons"])
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (default: dist/)")
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default: 8000)")
    parser.add_argument("--verbose", action="store_true", help="log every request when serving")
    parser.add_argument("--lan", action="store_true",
                        help="serve on every network of this machine (a phone on the same network can play), "
                             "not only on 127.0.0.1")
    args = parser.parse_args(argv)
    try:
        if args.command == "icons":
            write_icons()
            return 0
        build(args.out.resolve())
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        host = LAN_HOST if args.lan else "127.0.0.1"
        server = make_server(args.out.resolve(), args.port, host, verbose=args.verbose)
        print(serving_text(args.out, host, server.server_address[1]), flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
