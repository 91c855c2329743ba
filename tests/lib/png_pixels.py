#!/usr/bin/env python3
"""Decode PNGs with Python's zlib and struct alone and compare their pixels.

  png_pixels.py LIST    each line of LIST "PNG RGB W H": the PNG's chunks are
                        sound (every CRC, an IHDR of W x H 8-bit RGB, one zlib
                        stream in the IDATs that inflates to exactly H rows,
                        its Adler-32 checked, nothing after it, IEND last) and
                        its pixels, un-filtered by png_check.read_png (all five
                        filter types), are the bytes of the file RGB (r, g, b
                        a pixel, row after row)

Prints a line per PNG; exits 1 when any of them fails.
"""

import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png_check import read_png  # noqa: E402


def sound(path, w, h):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "no PNG signature"
    pos, kinds, idat = 8, [], b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body), f"bad CRC of {kind}"
        kinds.append(kind)
        if kind == b"IHDR":
            assert struct.unpack(">IIBBBBB", body) == (w, h, 8, 2, 0, 0, 0), "IHDR"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert pos == len(data) and kinds[0] == b"IHDR" and kinds[-1] == b"IEND", "chunks"
    d = zlib.decompressobj()
    raw = d.decompress(idat)  # zlib checks the Adler-32 at the end
    assert d.eof and not d.unused_data, "the zlib stream does not end the IDAT"
    assert len(raw) == h * (3 * w + 1), f"{len(raw)} bytes inflated"
    return len(data)


def main(listing):
    failed = 0
    for line in open(listing, encoding="utf-8").read().split("\n"):
        if not line:
            continue
        png, rgb, w, h = line.split()
        w, h = int(w), int(h)
        try:
            size = sound(png, w, h)
            rw, rh, rows = read_png(png)
            want = open(rgb, "rb").read()
            got = b"".join(bytes(c for p in row for c in p) for row in rows)
            bad = [i // 3 for i in range(len(want)) if i >= len(got) or got[i] != want[i]]
            ok = (rw, rh) == (w, h) and len(got) == len(want) and not bad
            what = "pixels equal" if ok else f"{len(bad)} bytes differ, first at pixel {bad[:1]}"
            print(f"{os.path.basename(png)}: {w}x{h}, {size} bytes, {what}")
        except Exception as e:  # noqa: BLE001 - whatever is wrong fails this PNG
            print(f"{os.path.basename(png)}: {e}")
            ok = False
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
