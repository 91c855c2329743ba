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
  png_check.py batch FILE              each line of FILE one of the checks
                                       above, its words separated by tabs
                                       (one Python for many screenshots);
                                       fails when any of them fails

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


try:  # Debian's python3-pil decodes in C; the pure-Python reader is the fallback
    from PIL import Image, ImageChops
except ImportError:
    Image = None


def pixels_of(path):
    """(width, height, {rgb: count}) of a PNG."""
    if Image:
        img = Image.open(path).convert("RGB")
        # at most one colour a pixel; a bound far above that (1 << 24) makes
        # Pillow allocate and clear a table that size, twenty times slower
        counts = {rgb: n for n, rgb in img.getcolors(maxcolors=img.width * img.height)}
        return img.width, img.height, counts
    w, h, rows = read_png(path)
    counts = {}
    for row in rows:
        for p in row:
            counts[p] = counts.get(p, 0) + 1
    return w, h, counts


def strong_difference(a, b, tol):
    """Pixels where some channel differs by more than tol."""
    if Image:
        diff = ImageChops.difference(Image.open(a).convert("RGB"), Image.open(b).convert("RGB"))
        return sum(n for n, rgb in diff.getcolors(maxcolors=diff.width * diff.height) if max(rgb) > tol)
    _, _, r1 = read_png(a)
    _, _, r2 = read_png(b)
    return sum(1 for x, y in zip(r1, r2) for p, q in zip(x, y) if not near(p, q, tol))


def hexcolor(s):
    s = s.lstrip("#")
    return tuple(int(s[k:k + 2], 16) for k in (0, 2, 4))


def near(p, q, tol):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


def content(path, counts, colours):
    n_colours = len(counts)
    total = sum(counts.values())
    white = counts.get((255, 255, 255), 0)
    inked = 100.0 * (total - white) / total
    ok = n_colours > 50 and inked > 2.0
    print(f"{path}: {n_colours} colours, {inked:.1f}% not white")
    for c in colours:
        rgb = hexcolor(c)
        n = sum(k for p, k in counts.items() if near(p, rgb, 6))
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
        w, h, counts = pixels_of(path)
        w2, h2, counts2 = pixels_of(other)
        print(f"{path}: {w}x{h}; {other}: {w2}x{h2}; expected {want[0]}x{want[1]}")
        if (w, h) != want or (w2, h2) != want:
            return 1
        ok = content(path, counts, colours)
        ok = content(other, counts2, colours) and ok
        diff = strong_difference(path, other, 96)
        pct = 100.0 * diff / (w * h)
        print(f"  the two differ strongly in {pct:.2f}% of pixels")
        return 0 if ok and pct <= maxpct else 1
    if what == "dark":
        _, _, counts = pixels_of(path)
        dark = sum(n for p, n in counts.items() if sum(p) < 3 * 64)
        pct = 100.0 * dark / sum(counts.values())
        print(f"{path}: {pct:.1f}% dark")
        return 0 if pct > 60 else 1
    if what == "batch":
        return batch(path)
    raise SystemExit(f"unknown check {what}")


def batch(path):
    failed = 0
    lines = [l for l in open(path, encoding="utf-8").read().split("\n") if l]
    for line in lines:
        args = line.split("\t")
        try:
            rc = main([sys.argv[0]] + args)
        except Exception as e:  # a missing or broken screenshot fails its check
            print(f"{' '.join(args[:2])}: {e}")
            rc = 1
        if rc:
            print("FAIL: " + " ".join(args))
            failed += 1
    print(f"{len(lines)} check(s), {failed} failed")
    return 1 if failed or not lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
