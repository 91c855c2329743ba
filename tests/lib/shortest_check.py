"""shortest_check.py FILE: each line "HEXBITS TEXT" (tests/unit/test_shortest.c)
must hold the text of the double with those bits as tpsreport writes it:
the digits of Python's repr (shortest that read back, closest of those),
plain for decimal exponents -7 to 16, else %g's form "d.ddde+XX". Prints
the first few mismatches; exits 1 on any."""
import struct
import sys


def expected(v):
    if v == 0:
        return "0"
    r = repr(abs(v))
    mant, _, exp = r.partition("e")
    e = int(exp) if exp else 0
    ip, _, fp = mant.partition(".")
    if fp == "0":
        fp = ""
    digits = (ip + fp).lstrip("0")
    # value = 0.ip fp x 10^(len(ip)) x 10^e ; first digit's exponent:
    lead = len(ip + fp) - len((ip + fp).lstrip("0"))
    x = len(ip) - 1 - lead + e
    digits = digits.rstrip("0") or "0"
    n = len(digits)
    sign = "-" if v < 0 else ""
    if x < -7 or x >= 17:
        body = digits[0] + ("." + digits[1:] if n > 1 else "")
        return "%s%se%s%02d" % (sign, body, "-" if x < 0 else "+", abs(x))
    if x < 0:
        return sign + "0." + "0" * (-x - 1) + digits
    ipart = (digits + "0" * (x + 1))[: x + 1]
    rest = digits[x + 1:]
    return sign + ipart + ("." + rest if rest else "")


bad = 0
n = 0
with open(sys.argv[1]) as f:
    for line in f:
        h, text = line.split()
        v = struct.unpack(">d", bytes.fromhex(h))[0]
        n += 1
        want = expected(v)
        if text != want or float(text) != v:
            bad += 1
            if bad <= 10:
                print("mismatch: %s (%r): got %s, want %s" % (h, v, text, want))
print("%d doubles checked against repr, %d mismatches" % (n, bad))
sys.exit(1 if bad else 0)
