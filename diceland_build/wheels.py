"""Pure ``py3-none-any`` wheels written with zipfile, the same bytes for the
same files (fixed zip times, a fixed order)."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

from diceland_build.pysource import strip_cached

__all__ = ["NOT_FOR_THE_SITE", "REVIEW_BUNDLE", "ZIP_TIME", "build_review_bundle", "build_wheel", "for_the_review",
           "for_the_site", "left_out_of_the_site", "module_of", "package_files", "zip_write"]

ZIP_TIME = (1980, 1, 1, 0, 0, 0)

#: The endings of the modules no page runs, left out of the site's wheels:
#: the command line (its entry point, its commands, the review's report),
#: the terminals, the board generator, the SVG drawings the build makes,
#: the review of a game's decisions and the search bots that reuse its
#: rollouts (no page shows a review or offers a search bot yet), and the
#: simulator (bench/chromium.py adds it to its bench-only page).  Most import
#: argparse or xml, which the site's standard library leaves out; the guard
#: (stdlib_guard.py) names them when something imports one.
NOT_FOR_THE_SITE = (".__main__", ".cli", "_cli", ".commands", ".terminal", ".generate", ".render",
                    "pictures", ".svg", ".review", ".search", ".simulate")
#: Files of the packages that are no code the pages read: the rulings
#: (documents) and the review's words.  The learned networks are their
#: pages' experts: each goes into its game's own archive (split.py), which
#: no other page fetches.
_NOT_FOR_THE_SITE_FILES = (".md", "/review_messages.json")
#: The review's bundle (:func:`build_review_bundle`): fetched by a page only
#: when a review is opened, then kept by the service worker.  It holds the
#: engine's review (``.review`` modules and their words) and the review
#: screen of the pages (the packages' ``review/`` folders).  The networks
#: that value the review's positions come with their games' pages.
REVIEW_BUNDLE = "diceland_review.zip"
_REVIEW_FILES = ("/review_messages.json",)


def zip_write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    """One entry, the same bytes on every build: a fixed time and mode,
    compressed (a folder entry, a name ending in ``/``, stored)."""
    folder = name.endswith("/")
    info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    info.compress_type = zipfile.ZIP_STORED if folder else zipfile.ZIP_DEFLATED
    info.external_attr = (0o40755 << 16 | 0x10) if folder else 0o644 << 16
    info.create_system = 3
    zf.writestr(info, data, compresslevel=9)


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_wheel(name: str, version: str, summary: str, files: list[tuple[str, bytes]],
                record: bool = True) -> tuple[str, bytes]:
    """A pure ``py3-none-any`` wheel of ``files`` (archive path → bytes), with
    its dist-info and RECORD, in a fixed order with fixed times.  Without
    ``record``, the archive the site's pages unpack (nothing installs it):
    RECORD's hashes, which do not compress, would be 9 kB of every first
    visit."""
    files = sorted(files)
    dist_info = f"{name}-{version}.dist-info"
    files.append((f"{dist_info}/METADATA", (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\n"
        f"Version: {version}\n"
        f"Summary: {summary}\n"
        "Requires-Python: >=3.11\n"
    ).encode()))
    files.append((f"{dist_info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: diceland-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()))
    files.append((f"{dist_info}/top_level.txt", f"{name}\n".encode()))
    if record:
        listing = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in files)
        listing += f"{dist_info}/RECORD,,\n"
        files.append((f"{dist_info}/RECORD", listing.encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for path, data in files:
            zip_write(zf, path, data)
    return f"{name}-{version}-py3-none-any.whl", buf.getvalue()


def module_of(entry: str) -> str | None:
    """The module an archive entry holds (``email/mime/text.py`` →
    ``email.mime.text``, ``json/__init__.py`` → ``json``); None for a folder
    or a data file."""
    if not entry.endswith(".py"):
        return None
    parts = entry[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or None


def for_the_site(archive_path: str) -> bool:
    """Whether a package file goes into the site's wheels (see
    :data:`NOT_FOR_THE_SITE`)."""
    if "/review/" in archive_path:
        return False
    module = module_of(archive_path)
    if module is not None:
        return not module.endswith(NOT_FOR_THE_SITE)
    return not archive_path.endswith(_NOT_FOR_THE_SITE_FILES)


def for_the_review(archive_path: str) -> bool:
    """Whether a package file goes into the review's bundle: the modules
    named ``review`` and what the ``review/`` folders hold and the review's
    words (the review CLI's report stays out: ``review_cli``)."""
    module = module_of(archive_path)
    return ("/review/" in archive_path or (module or "").endswith(".review")
            or archive_path.endswith(_REVIEW_FILES))


def build_review_bundle(packages: dict[str, Path]) -> tuple[str, bytes]:
    """The review's bundle: the :func:`for_the_review` files of ``packages``
    (name → folder), Python without comments and docstrings (as the site's
    wheels), a zip the page unpacks into site-packages; the same bytes for
    the same files."""
    files = []
    for name, folder in sorted(packages.items()):
        for path in sorted(folder.rglob("*")):
            archive_path = f"{name}/{path.relative_to(folder).as_posix()}"
            if not path.is_file() or "__pycache__" in path.parts or not for_the_review(archive_path):
                continue
            data = path.read_bytes()
            if path.suffix == ".py":
                data = strip_cached(data.decode("utf-8"), classes=False).encode("utf-8")
            elif path.suffix == ".pyc":
                continue
            files.append((archive_path, data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for archive_path, data in files:
            zip_write(zf, archive_path, data)
    return REVIEW_BUNDLE, buf.getvalue()


def left_out_of_the_site(packages: dict[str, Path]) -> list[str]:
    """The modules of ``packages`` (name → folder) the site's wheels leave
    out (:func:`for_the_site`), for the guard's message."""
    names = []
    for name, folder in packages.items():
        for path in folder.rglob("*.py"):
            archive_path = f"{name}/{path.relative_to(folder).as_posix()}"
            if "__pycache__" not in path.parts and not for_the_site(archive_path):
                names.append(module_of(archive_path))
    return sorted(names)


def package_files(folder: Path, prefix: str, strip: bool = False) -> list[tuple[str, bytes]]:
    """Every file below ``folder`` as ``prefix/relative/path`` (no caches);
    ``strip``: the site's, without the files of :func:`for_the_site` and
    with Python sources without comments and docstrings but the classes'
    (pysource.py)."""
    files = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            name = f"{prefix}/{path.relative_to(folder).as_posix()}"
            if strip and not for_the_site(name):
                continue
            data = path.read_bytes()
            if strip and path.suffix == ".py":
                data = strip_cached(data.decode("utf-8"), classes=False).encode("utf-8")
            files.append((name, data))
    return files
