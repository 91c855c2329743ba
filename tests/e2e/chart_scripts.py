#!/usr/bin/python3
"""Check that chart labels in Japanese and Arabic are drawn as their glyphs in
a PNG, not as boxes, by comparing the pixels where the SVG says the label
is with the same string drawn independently.

  chart_scripts.py SVG PNG EXPECT LABEL [LABEL...]

EXPECT is "glyphs" (each label must match its reference drawing) or
"boxes" (each label must have ink, and must not match: the run without a
CJK font). The reference font of a LABEL is the one fontconfig puts first
for "DejaVu Sans" among those that have all its characters (fc-match -s,
fc-list :charset=...), which is how Pango picks a fallback.

The reference drawing is Pillow's: FreeType's own rasteriser, and libraqm
for Arabic shaping (joining, right to left), placed on the baseline of the
SVG's <text> element (same layout, same coordinates, PNG at the scale its
width says). Neither Pango nor cairo draws it. The match is the best
normalised cross-correlation of the two ink images within a few pixels
of the expected place (anti-aliasing and sub-pixel positions differ
between the two renderers, so it is never 1). A box with a hex code in it
(Pango's glyph for a character no font has), or cairo's empty .notdef
box, correlates far less.
"""

import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
from PIL import Image, ImageDraw, ImageFont, features

GLYPHS_MIN = 0.80   # real glyphs: 0.95 to 1.00 on Debian 12
BOXES_MAX = 0.60    # boxes against the glyphs: 0.11 to 0.12; Arabic drawn
                    # unshaped left to right (cairo's toy API): 0.24
SHIFT = 6           # px of the PNG searched around the expected place
NS = "{http://www.w3.org/2000/svg}"


def fail(msg):
    print("FAIL: " + msg)
    return 1


def font_for(text):
    """The file of the first font for DejaVu Sans that has every character
    of text, or None."""
    chars = " ".join(f"{ord(c):x}" for c in set(text) if not c.isspace())
    order = subprocess.run(["fc-match", "-s", "-f", "%{file}\n", "DejaVu Sans:lang=en"],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    have = set(subprocess.run(["fc-list", f":charset={chars}", "file"],
                              capture_output=True, text=True, check=True)
               .stdout.replace(":", "").split())
    return next((f for f in order if f in have), None)


def label_element(svg, text):
    """(x, y, font size, anchor, x of the next <text> to its right on the
    same baseline or None) of the first <text> holding exactly text."""
    texts = [("".join(el.itertext()), float(el.get("x")), float(el.get("y")),
              float(el.get("font-size")), el.get("text-anchor", "start"))
             for el in ET.parse(svg).getroot().iter(NS + "text")]
    for t, x, y, size, anchor in texts:
        if t == text:
            right = [x2 for _, x2, y2, _, _ in texts if y2 == y and x2 > x]
            return x, y, size, anchor, min(right) if right else None
    return None


def reference(text, fontfile, px):
    """Ink image (float, 0..1) of text at px pixels, the baseline's (x, y)
    in it (the text's start on the left), and the text's advance."""
    font = ImageFont.truetype(fontfile, size=round(px),
                              layout_engine=ImageFont.Layout.RAQM)
    # no direction given: libraqm takes the text's own (Unicode's bidi rules)
    left, top, right, bottom = font.getbbox(text, anchor="ls")
    pad = 2
    w, h = right - left + 2 * pad, bottom - top + 2 * pad
    img = Image.new("L", (w, h), 0)
    ImageDraw.Draw(img).text((pad - left, pad - top), text, font=font, fill=255,
                             anchor="ls")
    advance = font.getlength(text)
    return np.asarray(img, dtype=float) / 255.0, (pad - left, pad - top), advance


def ncc(a, b):
    a = a - a.mean()
    b = b - b.mean()
    d = np.sqrt((a * a).sum() * (b * b).sum())
    return float((a * b).sum() / d) if d > 0 else 0.0


def best_match(ink, ref, origin, at):
    """Best correlation of ref placed with its origin within SHIFT px of
    at (x, y) in ink, and the ink found in the box at the expected place."""
    rh, rw = ref.shape
    best = -1.0
    for dy in range(-SHIFT, SHIFT + 1):
        for dx in range(-SHIFT, SHIFT + 1):
            x0 = int(round(at[0] - origin[0])) + dx
            y0 = int(round(at[1] - origin[1])) + dy
            if x0 < 0 or y0 < 0 or y0 + rh > ink.shape[0] or x0 + rw > ink.shape[1]:
                continue
            best = max(best, ncc(ink[y0:y0 + rh, x0:x0 + rw], ref))
    x0 = max(0, int(round(at[0] - origin[0])))
    y0 = max(0, int(round(at[1] - origin[1])))
    box_ink = float(ink[y0:y0 + rh, x0:x0 + rw].sum())
    return best, box_ink


def main(argv):
    if len(argv) < 5 or argv[3] not in ("glyphs", "boxes"):
        print(__doc__)
        return 2
    svg, png, expect = argv[1], argv[2], argv[3]
    if not features.check("raqm"):
        return fail("Pillow has no libraqm (python3-pil depends on libraqm0): "
                    "no shaped reference for Arabic")
    root = ET.parse(svg).getroot()
    img = Image.open(png).convert("L")
    scale = img.width / float(root.get("width"))
    ink = 1.0 - np.asarray(img, dtype=float) / 255.0
    fails = 0
    for text in argv[4:]:
        fontfile = font_for(text)
        if fontfile is None:
            fails += fail(f"no installed font has all of {text!r} "
                          "(scripts/install-deps.sh --test: fonts-droid-fallback)")
            continue
        where = label_element(svg, text)
        if where is None:
            fails += fail(f"{svg}: no <text> holding {text!r} (cut or missing)")
            continue
        x, y, size, anchor, next_x = where
        ref, origin, advance = reference(text, fontfile, size * scale)
        x0 = x * scale - {"start": 0, "middle": advance / 2, "end": advance}[anchor]
        corr, box_ink = best_match(ink, ref, origin, (x0, y * scale))
        # as much ink as the reference has, within a factor of 3: not empty
        want_ink = float(ref.sum())
        print(f"{text}: correlation {corr:.3f}, ink {box_ink:.0f} "
              f"(reference {want_ink:.0f}), expect {expect}")
        if box_ink < want_ink / 3:
            fails += fail(f"{text!r}: the label's box in {png} is (nearly) empty")
        # the layout made room for the glyphs: the next label on the line
        # (a legend's) starts after this one's real advance ends
        end = x0 / scale + advance / scale
        if expect == "glyphs" and anchor == "start" and next_x is not None and end > next_x + 0.5:
            fails += fail(f"{text!r} ends at x={end:.1f} in its glyphs, over the "
                          f"next label at x={next_x:.1f}: measured too narrow")
        if expect == "glyphs" and corr < GLYPHS_MIN:
            fails += fail(f"{text!r}: drawn unlike its glyphs in {fontfile} "
                          f"(correlation {corr:.3f} < {GLYPHS_MIN})")
        if expect == "boxes" and corr > BOXES_MAX:
            fails += fail(f"{text!r}: drawn like its glyphs although no font "
                          f"should have them (correlation {corr:.3f})")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
