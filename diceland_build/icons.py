"""The app icon: six coloured hexagons around a white one, drawn as PNG (and
as ``favicon.ico``) with pure arithmetic, so always the same bytes."""

from __future__ import annotations

import struct
import zlib

__all__ = ["icon_png", "favicon_ico"]

ICON_COLOURS = ((0xD6, 0x3A, 0x2F), (0xF2, 0xC1, 0x2E), (0x3C, 0x9D, 0x4B),
                (0x2F, 0x6F, 0xC4), (0xF0, 0x84, 0x1F), (0x8A, 0x8F, 0x96))


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def icon_png(size: int) -> bytes:
    """The app icon: six coloured hexagons around a white one on dark green,
    drawn with 4×4 supersampling (pure arithmetic, so always the same bytes)."""
    import math
    bg = (0x1F, 0x3A, 0x2E)
    r_hex = size * 0.16
    centre = size / 2
    hexes = [((centre, centre), (0xF7, 0xF4, 0xEA))]
    dist = r_hex * math.sqrt(3) * 1.06
    for k, colour in enumerate(ICON_COLOURS):
        ang = math.radians(60 * k - 90 + 30)
        hexes.append(((centre + dist * math.cos(ang), centre + dist * math.sin(ang)), colour))
    inner = r_hex * 0.94

    half_width = inner * math.sqrt(3) / 2

    def inside(px: float, py: float, cx: float, cy: float) -> bool:
        dx, dy = abs(px - cx), abs(py - cy)  # pointy-top hexagon, circumradius inner
        return dx <= half_width and dy <= inner - dx / math.sqrt(3)

    rows = []
    ss = 4
    offs = [(i + 0.5) / ss for i in range(ss)]
    for y in range(size):
        row = bytearray()
        for x in range(size):
            acc = [0, 0, 0]
            near = [h for h in hexes if abs(h[0][0] - x) <= r_hex + 1 and abs(h[0][1] - y) <= r_hex + 1]
            for oy in offs:
                for ox in offs:
                    px, py = x + ox, y + oy
                    colour = bg
                    for (cx, cy), col in near:
                        if inside(px, py, cx, cy):
                            colour = col
                            break
                    acc[0] += colour[0]
                    acc[1] += colour[1]
                    acc[2] += colour[2]
            row += bytes(v // (ss * ss) for v in acc)
        rows.append(bytes(row))
    return _png(size, size, rows)


def favicon_ico(size: int = 32) -> bytes:
    """``favicon.ico``: the app icon as one PNG inside an ICO container.
    Browsers ask for ``/favicon.ico`` on documents without an icon link (a
    JSON file opened as a page, for one): the site answers instead of a 404."""
    png = icon_png(size)
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png
