"""oracle_vs_r.py: tests/lib/oracle.py, the tests' independent oracle,
against R on small cases (issue 28): every value R gives here must be the
oracle's to 1e-9.

R computes, in one Rscript call:
- the exact two-sided Mann-Whitney p: wilcox.test(a, b, exact=TRUE) where
  there are no ties; with ties (which wilcox.test cannot do exactly)
  every split of the pooled mid-ranks enumerated with combn, by the
  definition of docs/metrics.md (checked against wilcox.test on the cases
  without ties too);
- the normal approximation: wilcox.test(a, b, exact=FALSE, correct=TRUE);
- the exact signed-rank test on pairs: V and p of wilcox.test(y, x,
  paired=TRUE, exact=TRUE) without ties or zero differences; with them,
  every sign pattern of the mid-ranks enumerated (zeros dropped);
- p.adjust(p, method="holm");
- quantile(v, q, type=7) (oracle.quantile_linear) and quantile(v, q,
  type=1) (oracle.nearest_rank: the smallest value with at least q N at or
  below it).
Cases: 1 to 8 values a side, with and without ties, from a fixed seed.

Then the check shows it can fail: each of a few plausible wrong versions
of the oracle's functions (scipy's exact Mann-Whitney, which ignores ties;
no continuity correction; scipy's wilcoxon, whose exact p ignores ties and
whose statistic is min(V+, V-); Bonferroni for Holm; a quantile without
interpolation; a nearest rank rounded down) must differ from R somewhere.

Usage: oracle_vs_r.py TMPDIR (Debian's /usr/bin/python3, python3-scipy).
"""
import itertools
import math
import os
import random
import subprocess
import sys

import numpy as np
from scipy import stats

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import oracle  # noqa: E402

TOL = 1e-9
rng = random.Random(28)


def distinct(n):
    """n values, no two equal (halves, so R and Python read them exactly)."""
    return [v / 2 for v in rng.sample(range(1, 200), n)]


def tied(n, pool):
    return [float(rng.choice(pool)) for _ in range(n)]


def mw_cases():
    """(a, b, ties) for 1..8 values a side."""
    out = []
    for na in range(1, 9):
        for nb in sorted({1, 3, na, 8}):
            v = distinct(na + nb)
            out.append((v[:na], v[na:], False))
            while na + nb > 2:    # (two values tied are all equal: no test)
                a, b = tied(na, [1, 2, 3, 4, 5]), tied(nb, [2, 3, 4, 6])
                if len(set(a + b)) < na + nb and len(set(a + b)) > 1:
                    out.append((a, b, True))
                    break
    return out


def paired_cases():
    """(pairs, ties) for 1..8 pairs: differences distinct and non-zero,
    or with tied and zero differences."""
    out = []
    for n in range(1, 9):
        for _ in range(2):
            x = distinct(n)
            d = [v * rng.choice([-1, 1]) for v in distinct(n)]
            out.append(([(a, a + e) for a, e in zip(x, d)], False))
        if n >= 2:
            for _ in range(2):
                x = distinct(n)
                d = [float(rng.choice([-2, -1, 0, 1, 1, 2, 3])) for _ in range(n)]
                if all(e == 0 for e in d):
                    d[0] = 1.0
                out.append(([(a, a + e) for a, e in zip(x, d)], True))
    return out


def holm_cases():
    out = []
    for n in range(1, 9):
        for _ in range(3):
            p = [round(rng.random() ** 3, 4) for _ in range(n)]
            if n >= 3:
                p[1] = p[2]          # a tie among the p values
            out.append(p)
    out.append([0.01, 0.02, 0.03, 0.04, 0.05])
    out.append([0.5, 0.9, 1.0, 0.04])
    return out


def quantile_cases():
    return [sorted(tied(n, range(1, 9)) if k else distinct(n))
            for n in range(1, 9) for k in (0, 1)]


PPMS = [10000, 50000, 250000, 500000, 750000, 900000, 950000, 990000, 1000000]
QS = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1]


def rvec(v):
    return "c(" + ", ".join(repr(float(x)) for x in v) + ")"


R_HEAD = r"""
out <- function(id, x) cat(id, sprintf("%.17g", x), "\n")
mw_enum <- function(a, b) {
  r <- rank(c(a, b)); u <- sum(r[seq_along(a)])
  s <- combn(length(r), length(a), function(i) sum(r[i]))
  e <- 1e-9 * max(1, abs(u))
  min(1, 2 * min(mean(s <= u + e), mean(s >= u - e)))
}
sr_enum <- function(d) {
  d <- d[d != 0]; r <- rank(abs(d)); v <- sum(r[d > 0])
  g <- as.matrix(expand.grid(rep(list(c(0, 1)), length(r))))
  s <- as.vector(g %*% r); e <- 1e-9 * max(1, v)
  c(v, min(1, 2 * min(mean(s <= v + e), mean(s >= v - e))))
}
"""


def r_script(mw, paired, holms, quants):
    lines = [R_HEAD]
    for i, (a, b, ties) in enumerate(mw):
        A, B = rvec(a), rvec(b)
        lines.append(f'out("mw_enum.{i}", mw_enum({A}, {B}))')
        if not ties:
            lines.append(f'out("mw_exact.{i}", wilcox.test({A}, {B}, exact=TRUE)$p.value)')
        lines.append(f'out("mw_normal.{i}", suppressWarnings(wilcox.test({A}, {B}, '
                     f'exact=FALSE, correct=TRUE)$p.value))')
    for i, (pairs, ties) in enumerate(paired):
        X, Y = rvec([p[0] for p in pairs]), rvec([p[1] for p in pairs])
        lines.append(f'r <- sr_enum({Y} - {X}); out("sr_enum_v.{i}", r[1]); '
                     f'out("sr_enum_p.{i}", r[2])')
        if not ties:
            lines.append(f'w <- wilcox.test({Y}, {X}, paired=TRUE, exact=TRUE); '
                         f'out("sr_v.{i}", w$statistic); out("sr_p.{i}", w$p.value)')
    for i, p in enumerate(holms):
        lines.append(f'h <- p.adjust({rvec(p)}, method="holm"); '
                     f'for (k in seq_along(h)) out(paste0("holm.{i}.", k - 1), h[k])')
    for i, v in enumerate(quants):
        V = rvec(v)
        lines.append(f'q7 <- quantile({V}, {rvec(QS)}, type=7, names=FALSE); '
                     f'for (k in seq_along(q7)) out(paste0("q7.{i}.", k - 1), q7[k])')
        lines.append(f'q1 <- quantile({V}, {rvec([p / 1e6 for p in PPMS])}, type=1, names=FALSE); '
                     f'for (k in seq_along(q1)) out(paste0("q1.{i}.", k - 1), q1[k])')
    return "\n".join(lines) + "\n"


def compare(r, got, what):
    """Mismatches of the oracle's values `got` {id: value} with R's."""
    bad = []
    for k, v in got.items():
        if k not in r:
            bad.append(f"{what}: R gave no {k}")
        elif not (abs(v - r[k]) <= TOL * max(1.0, abs(r[k]))):
            bad.append(f"{what}: {k}: oracle {v!r}, R {r[k]!r}")
    return bad


def oracle_values(fn, cases):
    """The oracle's values under the ids of r_script, for one function
    name, its functions taken from `fn` (the module, or a mutant)."""
    mw, paired, holms, quants = cases
    got = {}
    if fn == "mw_p":
        for i, (a, b, ties) in enumerate(mw):
            p = F["mw_p"](a, b)
            got[f"mw_enum.{i}"] = p
            if not ties:
                got[f"mw_exact.{i}"] = p
    elif fn == "mw_p_normal":
        for i, (a, b, _) in enumerate(mw):
            got[f"mw_normal.{i}"] = F["mw_p_normal"](a, b)
    elif fn == "signed_rank":
        for i, (pairs, ties) in enumerate(paired):
            v, p = F["signed_rank"](pairs)
            got[f"sr_enum_v.{i}"], got[f"sr_enum_p.{i}"] = v, p
            if not ties:
                got[f"sr_v.{i}"], got[f"sr_p.{i}"] = v, p
    elif fn == "holm":
        for i, p in enumerate(holms):
            for k, h in enumerate(F["holm"](p)):
                got[f"holm.{i}.{k}"] = h
    elif fn == "quantile_linear":
        for i, v in enumerate(quants):
            for k, q in enumerate(QS):
                got[f"q7.{i}.{k}"] = F["quantile_linear"](v, q)
    elif fn == "nearest_rank":
        for i, v in enumerate(quants):
            for k, ppm in enumerate(PPMS):
                got[f"q1.{i}.{k}"] = F["nearest_rank"](v, ppm)
    return got


FUNCTIONS = ["mw_p", "mw_p_normal", "signed_rank", "holm", "quantile_linear",
             "nearest_rank"]
F = {name: getattr(oracle, name) for name in FUNCTIONS}


def _scipy_wilcoxon(pairs):
    d = [y - x for x, y in pairs if y != x]
    if len(d) == 1:
        return float(stats.rankdata(np.abs(d))[0] if d[0] > 0 else 0), 1.0
    r = stats.wilcoxon(d, method="exact")
    return float(r.statistic), float(r.pvalue)


MUTANTS = {
    "mw_p": lambda a, b: float(stats.mannwhitneyu(a, b, method="exact").pvalue),
    "mw_p_normal": lambda a, b: float(stats.mannwhitneyu(
        a, b, method="asymptotic", use_continuity=False).pvalue),
    "signed_rank": _scipy_wilcoxon,
    "holm": lambda ps: [min(1.0, len(ps) * p) for p in ps],
    "quantile_linear": lambda v, q: float(np.quantile(v, q, method="lower")),
    "nearest_rank": lambda v, ppm: v[max(1, ppm * len(v) // 1000000) - 1],
}


def main():
    tmp = sys.argv[1]
    cases = (mw_cases(), paired_cases(), holm_cases(), quantile_cases())
    path = os.path.join(tmp, "oracle_vs_r.R")
    with open(path, "w") as f:
        f.write(r_script(*cases))
    try:
        run = subprocess.run(["Rscript", "--vanilla", path], capture_output=True,
                             text=True, timeout=600)
    except FileNotFoundError:
        print("FAIL Rscript not found: install r-base-core (this test cannot "
              "run without R, and does not skip)")
        return 1
    except subprocess.TimeoutExpired:
        print("FAIL Rscript hung")
        return 1
    if run.returncode != 0:
        print("FAIL Rscript:", run.stderr.strip()[-2000:])
        return 1
    r = {}
    for line in run.stdout.splitlines():
        k, v = line.split()
        r[k] = float(v)
    bad = []
    # R's enumeration agrees with R's own exact tests where both exist
    for k in r:
        pre, i = k.split(".", 1)
        if pre == "mw_exact":
            bad += compare(r, {f"mw_exact.{i}": r[f"mw_enum.{i}"]}, "R's enumeration")
        if pre in ("sr_v", "sr_p"):
            bad += compare(r, {k: r[k.replace("sr_", "sr_enum_")]}, "R's enumeration")
    counts = {}
    for fn in FUNCTIONS:
        got = oracle_values(fn, cases)
        counts[fn] = len(got)
        bad += compare(r, got, f"oracle.{fn}")
    # the check can fail: every wrong version differs from R somewhere
    for fn, mutant in MUTANTS.items():
        F[fn] = mutant
        if not compare(r, oracle_values(fn, cases), fn):
            bad.append(f"a wrong {fn} (the test's mutant) agrees with R: "
                       f"the cases cannot tell it")
        F[fn] = getattr(oracle, fn)
    for b in bad:
        print("FAIL", b)
    if not bad:
        print("oracle_vs_r: " + ", ".join(f"{fn} {n} values" for fn, n in counts.items())
              + f" equal R's to {TOL}; {len(MUTANTS)} wrong versions caught")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
