#!/usr/bin/env python3
"""Check screenshots of charts, with nothing but the standard library.

  png_check.py size FILE W H           the PNG is W x H pixels (header only)
  png_check.py pair A B W H MAXPCT [COLOR...]
                                       screenshots A and B: each W x H, not
                                       blank (many colours, not all white),
                                       each #rrggbb COLOR present; A and B
                                       differ strongly in at most MAXPCT
                                       percent of pixels
  png_check.py dark FILE               mostly dark (the dark-mode CSS applied)

Prints one line of figures per check; exits 1 when a check fails.
"""

import struct
import sys
import zlib


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, width = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA, not interlaced")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 255
            elif ftype == 2:
                line[x] = (line[x] + b) & 255
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pred) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return width, height, rows


def hexcolor(s):
    s = s.lstrip("#")
    return tuple(int(s[k:k + 2], 16) for k in (0, 2, 4))


def near(p, q, tol):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


def content(path, pixels, colours):
    n_colours = len(set(pixels))
    white = sum(1 for p in pixels if p == (255, 255, 255))
    inked = 100.0 * (len(pixels) - white) / len(pixels)
    ok = n_colours > 50 and inked > 2.0
    print(f"{path}: {n_colours} colours, {inked:.1f}% not white")
    for c in colours:
        rgb = hexcolor(c)
        n = sum(1 for p in pixels if near(p, rgb, 6))
        print(f"  {c}: {n} pixels")
        ok = ok and n >= 20
    return ok


def main(argv):
    what, path = argv[1], argv[2]
    if what == "size":
        data = open(path, "rb").read(24)
        w, h = struct.unpack(">II", data[16:24])
        want = (int(argv[3]), int(argv[4]))
        ok = data[:8] == b"\x89PNG\r\n\x1a\n" and (w, h) == want
        print(f"{path}: {w}x{h}, expected {want[0]}x{want[1]}")
        return 0 if ok else 1
    if what == "pair":
        other, want = argv[3], (int(argv[4]), int(argv[5]))
        maxpct, colours = float(argv[6]), argv[7:]
        w, h, rows = read_png(path)
        w2, h2, rows2 = read_png(other)
        print(f"{path}: {w}x{h}; {other}: {w2}x{h2}; expected {want[0]}x{want[1]}")
        if (w, h) != want or (w2, h2) != want:
            return 1
        ok = content(path, [p for row in rows for p in row], colours)
        ok = content(other, [p for row in rows2 for p in row], colours) and ok
        diff = sum(1 for r1, r2 in zip(rows, rows2) for p, q in zip(r1, r2)
                   if not near(p, q, 96))
        pct = 100.0 * diff / (w * h)
        print(f"  the two differ strongly in {pct:.2f}% of pixels")
        return 0 if ok and pct <= maxpct else 1
    if what == "dark":
        _, _, rows = read_png(path)
        pixels = [p for row in rows for p in row]
        dark = sum(1 for p in pixels if sum(p) < 3 * 64)
        pct = 100.0 * dark / len(pixels)
        print(f"{path}: {pct:.1f}% dark")
        return 0 if pct > 60 else 1
    raise SystemExit(f"unknown check {what}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
