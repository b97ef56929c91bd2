#!/usr/bin/env python3
"""Draws dot-catcher.png, the game's 32x32 console icon, with the standard
library only (zlib + struct): a red dot on the game's cream board, with a
frame. Supersampled 4x4 per pixel for smooth edges.

    python3 make_icon.py [OUTPUT]   # default: dot-catcher.png beside this script
"""
import os
import struct
import sys
import zlib

SIDE = 32
SUB = 4  # samples per pixel along each axis

BOARD = (245, 242, 232)
INK = (45, 52, 54)
DOT = (214, 48, 49)


def color_at(x, y):
    """The colour at a point of the icon (0..32), or None for transparent."""
    # Board: a square with rounded corners, framed with ink.
    inset, corner = 1.0, 6.0
    cx = min(max(x, inset + corner), SIDE - inset - corner)
    cy = min(max(y, inset + corner), SIDE - inset - corner)
    d_board = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
    if d_board > corner:
        return None
    # The dot, slightly right of the centre, with an ink outline.
    d_dot = ((x - 18.5) ** 2 + (y - 18.5) ** 2) ** 0.5
    if d_dot <= 7.5:
        return DOT
    if d_dot <= 9.0:
        return INK
    # Three small caught dots in the top-left corner.
    for i in range(3):
        if ((x - (7.0 + 5.0 * i)) ** 2 + (y - 6.0) ** 2) ** 0.5 <= 1.8:
            return DOT
    if d_board > corner - 1.5:
        return INK
    return BOARD


def pixel(px, py):
    r = g = b = a = 0
    for sy in range(SUB):
        for sx in range(SUB):
            c = color_at(px + (sx + 0.5) / SUB, py + (sy + 0.5) / SUB)
            if c is not None:
                r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
    if a == 0:
        return (0, 0, 0, 0)
    return (r // a, g // a, b // a, 255 * a // (SUB * SUB))


def png(width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "dot-catcher.png")
    rows = [[pixel(x, y) for x in range(SIDE)] for y in range(SIDE)]
    with open(out, "wb") as f:
        f.write(png(SIDE, SIDE, rows))
    print("wrote", out)
