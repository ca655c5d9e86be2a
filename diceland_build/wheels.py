"""Pure ``py3-none-any`` wheels written with zipfile, the same bytes for the
same files (fixed zip times, a fixed order)."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

from diceland_build.pysource import strip_cached

__all__ = ["ZIP_TIME", "zip_write", "build_wheel", "package_files"]

ZIP_TIME = (1980, 1, 1, 0, 0, 0)


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


def build_wheel(name: str, version: str, summary: str, files: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """A pure ``py3-none-any`` wheel of ``files`` (archive path → bytes), with
    its dist-info and RECORD, in a fixed order with fixed times."""
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
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in files)
    record += f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for path, data in files:
            zip_write(zf, path, data)
    return f"{name}-{version}-py3-none-any.whl", buf.getvalue()


def package_files(folder: Path, prefix: str, strip: bool = False) -> list[tuple[str, bytes]]:
    """Every file below ``folder`` as ``prefix/relative/path`` (no caches);
    ``strip``: Python sources without comments and docstrings but the
    classes' (pysource.py), for the site."""
    files = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            data = path.read_bytes()
            if strip and path.suffix == ".py":
                data = strip_cached(data.decode("utf-8"), classes=False).encode("utf-8")
            files.append((f"{prefix}/{path.relative_to(folder).as_posix()}", data))
    return files
