#!/usr/bin/env bash
# Which charts `build` writes as PNG (issue 31): none by default and with
# --no-png (no file of OUT shows a PNG: the pages inline the SVGs and
# report.md points at them), every chart's wide rendition with --png (never
# a phone's *.narrow.svg), the last of the two flags winning. The file sets
# are compared as lists; with --png the other files are the default build's
# but for index.html's download line. Each PNG is then read here with
# Python's zlib and struct alone: signature, chunk CRCs, 8-bit RGB, twice
# the width and height its SVG declares, every row there; and every filled
# rectangle of its SVG (bars, swatches; the colour from the SVG's own style
# sheet, light mode) painted with that exact colour over at least half of
# its area at 2x, and each provider's line colour in at least 20 pixels.
# A --png build run twice gives the same bytes.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

files() { (cd "$1" && find . -type f ! -name .tpsreport | sort); }

"$bin" build "$sample" -o "$work/plain" >/dev/null 2>"$work/err" || { cat "$work/err"; fail "build"; }
"$bin" build "$sample" -o "$work/nopng" --no-png >/dev/null 2>&1 || fail "build --no-png"
"$bin" build "$sample" -o "$work/png" --png >/dev/null 2>&1 || fail "build --png"
"$bin" build "$sample" -o "$work/png2" --png >/dev/null 2>&1 || fail "build --png (again)"
"$bin" build "$sample" -o "$work/last" --png --no-png >/dev/null 2>&1 || fail "build --png --no-png"

! files "$work/plain" | grep -q '\.png$' || fail "build without --png wrote a PNG"
grep -q 'charts/[^"]*\.png' "$work/plain/index.html" "$work/plain/report.md" &&
  fail "build without --png links to a PNG"
diff -r "$work/plain" "$work/nopng" >/dev/null || fail "--no-png is not the default"
diff -r "$work/plain" "$work/last" >/dev/null || fail "--png --no-png: the last flag does not win"
diff -r "$work/png" "$work/png2" >/dev/null || fail "two --png builds differ"

# --png: the default's files plus charts/NAME.png for each NAME.svg that is
# not a phone's rendition, and nothing else.
files "$work/plain" >"$work/plain.list"
{ cat "$work/plain.list"
  grep '^\./charts/.*\.svg$' "$work/plain.list" | grep -v '\.narrow\.svg$' | sed 's/\.svg$/.png/'
} | sort >"$work/want.list"
files "$work/png" >"$work/png.list"
diff "$work/want.list" "$work/png.list" >"$work/list.diff" ||
  fail "--png file set: $(head -5 "$work/list.diff")"
[ "$(grep -c '\.png$' "$work/png.list")" -ge 5 ] || fail "--png wrote fewer than 5 PNGs"
for f in $(grep -v -e '\.png$' -e '^\./index\.html$' "$work/plain.list"); do
  cmp -s "$work/plain/$f" "$work/png/$f" || fail "--png changed $f"
done
# the download line: a PNG beside each chart it offers as SVG
n=0
for p in $(grep '\.png$' "$work/png.list"); do
  if grep -q "href=\"${p#./}\"" "$work/png/index.html"; then n=$((n + 1))
  elif grep -q "href=\"$(sed 's/\.png$/.svg/' <<<"${p#./}")\"" "$work/png/index.html"; then
    fail "index.html offers the SVG of $p, not the PNG"
  fi
done
[ "$n" -gt 0 ] || fail "index.html offers no PNG"

python3 - "$work/png/charts" <<'PY' || fail "PNG content"
import glob, os, re, struct, sys, zlib

def chunks(data, path):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: no PNG signature"
    pos = 8
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc, = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert zlib.crc32(kind + body) == crc, f"{path}: bad CRC in {kind}"
        yield kind, body
        pos += 12 + n

# Row filters 0 (none) and 2 (up) byte-wise modulo 256 without a Python
# loop: the two rows as big integers, carries kept inside each byte.
def add_bytes(a, b, low, high):
    x, y = int.from_bytes(a, "big"), int.from_bytes(b, "big")
    return (((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(len(a), "big")

def pixels(path):
    """(width, height, the RGB bytes of every row, top to bottom)."""
    data = open(path, "rb").read()
    idat, hdr = b"", None
    for kind, body in chunks(data, path):
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    w, h, depth, ctype, comp, filt, lace = hdr
    assert (depth, ctype, comp, filt, lace) == (8, 2, 0, 0, 0), f"{path}: not 8-bit RGB"
    raw = zlib.decompress(idat)
    stride = 3 * w
    assert len(raw) == h * (stride + 1), f"{path}: {len(raw)} bytes of rows, not {h} rows"
    low = int.from_bytes(b"\x7f" * stride, "big")
    high = int.from_bytes(b"\x80" * stride, "big")
    rows, prev = [], bytes(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        assert f in (0, 2), f"{path}: row filter {f} (this reader knows 0 and 2)"
        prev = line if f == 0 else add_bytes(line, prev, low, high)
        rows.append(prev)
    return w, h, b"".join(rows)

def count(img, rgb):
    """Pixels of exactly that colour (matches at a pixel's first byte)."""
    return sum(1 for m in re.finditer(b"(?=" + re.escape(rgb) + b")", img) if m.start() % 3 == 0)

bad = 0
for png in sorted(glob.glob(os.path.join(sys.argv[1], "*.png"))):
    svg = open(png[:-4] + ".svg", encoding="utf-8").read()
    sw, sh = (float(v) for v in re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups())
    w, h, img = pixels(png)
    name = os.path.basename(png)
    if (w, h) != (round(2 * sw), round(2 * sh)):
        print(f"FAIL: {name}: {w}x{h}, its SVG is {sw:g}x{sh:g}"); bad = 1; continue
    light = svg[svg.index("<style>"):svg.index("</style>")].split("@media")[0]
    fill = dict(re.findall(r"\.([\w-]+)\{fill:#([0-9a-f]{6})", light))
    want = {}
    for cls, ww, hh in re.findall(r'<rect[^>]* class="([^"]*)"[^>]* width="([\d.]+)" height="([\d.]+)"', svg):
        colours = [fill[c] for c in cls.split() if c in fill]
        if colours and "bg" not in cls.split():
            area = max(0, 2 * float(ww) - 2) * max(0, 2 * float(hh) - 2)
            want[colours[-1]] = want.get(colours[-1], 0) + area
    # lines of a provider's colour (timelines, percentiles): 20 pixels
    for cls in re.findall(r'<(?:line|polyline)[^>]* class="([^"]*)"', svg):
        for c in cls.split():
            if re.fullmatch(r"p\d+", c) and c in fill:
                want.setdefault(fill[c], 40)
    got = {c: count(img, bytes.fromhex(c)) for c in want}
    short = [f"#{c}: {got[c]} of {want[c]:.0f}" for c in want if got[c] < want[c] / 2]
    print(f"{name}: {w}x{h}, {len(want)} fills checked")
    if short or not want:
        print(f"FAIL: {name}: fills missing: {short}"); bad = 1
sys.exit(bad)
PY
finish
