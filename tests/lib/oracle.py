"""oracle.py: the statistics every Python checker expects, computed here
from their definitions with scipy and numpy, never ported from
tpsreport's C code (issue 28). Imported, not run: a checker adds this
folder to sys.path and `import oracle`. Needs Debian's python3-scipy
(run the checkers with /usr/bin/python3).

- mw_p: the exact two-sided Mann-Whitney p over mid-ranks: scipy's
  `mannwhitneyu(method="exact")` without ties, and with ties scipy's
  `permutation_test` enumerating every split of the pooled values (the
  exact permutation distribution docs/metrics.md defines);
- mw_p_normal: R's `wilcox.test(exact=FALSE, correct=TRUE)`, which
  scipy's `mannwhitneyu(method="asymptotic", use_continuity=True)` is;
- signed_rank: Wilcoxon's V and exact two-sided p on paired values
  (zeros dropped, mid-ranks): `permutation_test` over all 2^n sign
  assignments;
- holm: Holm's step-down adjustment (R's p.adjust(method="holm"));
- quantile_linear (numpy's default, R type 7), nearest_rank and
  postgresbench (the two per-transaction rules, in integers);
- stability, agg_windows, progress_windows: a run's windows from the raw
  files (SPEC.md) and the figures of docs/metrics.md "Stability".

tests/e2e/oracle_vs_r.sh checks this module against R itself."""
import math
import re

import numpy as np
from scipy import stats

# ---- Mann-Whitney ---------------------------------------------------------


def _rank_sum_first(n_first):
    """The statistic for permutation_test: the mid-rank sum of the first
    sample within the pooled values, vectorised over the last axis."""
    def statistic(x, y, axis=-1):
        pooled = np.concatenate([x, y], axis=axis)
        ranks = stats.rankdata(pooled, axis=axis)
        return np.take(ranks, range(n_first), axis=axis).sum(axis=axis)
    return statistic


def mw_u(a, b):
    """U of a: the pairs (x in a, y in b) with x > y, ties one half."""
    return float(stats.mannwhitneyu(a, b, method="asymptotic").statistic)


def mw_p(a, b):
    """Exact two-sided p of the Mann-Whitney test of a against b:
    min(1, 2 min(P(U' <= U), P(U' >= U))) over every split of a + b."""
    a, b = [float(x) for x in a], [float(x) for x in b]
    if len(set(a + b)) == len(a) + len(b):
        return float(stats.mannwhitneyu(a, b, alternative="two-sided",
                                        method="exact").pvalue)
    if min(len(a), len(b)) < 2:   # permutation_test wants 2 a side
        return _mw_p_enumerated(a, b)
    res = stats.permutation_test((a, b), _rank_sum_first(len(a)),
                                 permutation_type="independent",
                                 vectorized=True, n_resamples=np.inf,
                                 batch=20000, alternative="two-sided")
    return float(min(1.0, res.pvalue))


def mw_p_as_documented(a, b):
    """(p, exact) as docs/metrics.md says tpsreport picks: exact up to
    2,500 pairs without ties or 2,000,000 arrangements with ties, else the
    normal approximation."""
    ties = len(set(a) | set(b)) < len(a) + len(b)
    if (not ties and len(a) * len(b) <= 2500) or \
            (ties and math.comb(len(a) + len(b), len(a)) <= 2000000):
        return mw_p(a, b), True
    return mw_p_normal(a, b), False


def _mw_p_enumerated(a, b):
    """The same distribution, every choice of len(a) of the pooled
    mid-ranks listed (for a side of one value)."""
    import itertools
    ranks = stats.rankdata(a + b)
    u = ranks[:len(a)].sum()
    sums = np.array([ranks[list(c)].sum()
                     for c in itertools.combinations(range(len(ranks)), len(a))])
    eps = 1e-9 * max(1.0, abs(u))
    return float(min(1.0, 2 * min(np.mean(sums <= u + eps), np.mean(sums >= u - eps))))


def mw_p_normal(a, b):
    """The normal approximation with tie and continuity corrections (R's
    wilcox.test(a, b, exact=FALSE, correct=TRUE))."""
    return float(stats.mannwhitneyu(a, b, alternative="two-sided",
                                    method="asymptotic",
                                    use_continuity=True).pvalue)


# ---- Wilcoxon signed-rank --------------------------------------------------


def signed_rank(pairs):
    """(V, p) of the exact two-sided signed-rank test of pairs (x, y),
    d = y - x, zeros dropped; (None, None) when every d is 0."""
    d = np.array([y - x for x, y in pairs if y != x], dtype=float)
    if d.size == 0:
        return None, None
    r = stats.rankdata(np.abs(d))
    v = float(r[d > 0].sum())
    if d.size == 1:   # two sign patterns, each as extreme: p = 1
        return v, 1.0

    def statistic(sign, axis=-1):
        # permutation_test(samples) flips the sign of each pair
        return np.where(sign > 0, r, 0).sum(axis=axis)
    res = stats.permutation_test((np.sign(d),), statistic,
                                 permutation_type="samples",
                                 vectorized=True, n_resamples=np.inf,
                                 alternative="two-sided")
    return v, float(min(1.0, res.pvalue))


# ---- Holm ------------------------------------------------------------------


def holm(ps):
    """Holm's step-down adjusted p values, in the order given: the k-th
    smallest p times (m - k + 1), made monotone, at most 1."""
    p = np.asarray(ps, dtype=float)
    if p.size == 0:
        return []
    order = np.argsort(p, kind="stable")
    m = p.size
    adj = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * p[order]))
    out = np.empty(m)
    out[order] = adj
    return [float(x) for x in out]


# ---- quantiles -------------------------------------------------------------


def quantile_linear(v, q):
    """Linear interpolation between closest ranks, position (n - 1) q
    (numpy's default, R's type 7)."""
    return float(np.quantile(np.asarray(v, dtype=float), q))


def nearest_rank(v, ppm):
    """The smallest value with at least ceil(q N) values at or below it
    (SQL's percentile_disc); v sorted, q = ppm / 10^6 in integers so that
    "q N is whole" is decided exactly."""
    return v[max(1, -(-ppm * len(v) // 1000000)) - 1]


def postgresbench(v, ppm):
    """PostgresBench's awk rule: the first value whose cumulative count
    exceeds floor(q N)."""
    return v[min(ppm * len(v) // 1000000, len(v) - 1)]


def percentile_rule(name):
    """The function of a `[study] percentile` setting (default nearest-rank)."""
    return postgresbench if name == "postgresbench" else nearest_rank


# ---- per-transaction logs (SPEC.md section 4) ------------------------------

WORDS = {"skipped", "failed", "serialization", "deadlock", "other"}


def is_txlog(path):
    """Whether the file's first line reads as a per-transaction log line
    (6 to 8 fields; an aggregate line starts with an epoch second)."""
    try:
        first = open(path, errors="replace").readline().split()
    except OSError:
        return False
    if not 6 <= len(first) <= 8 or not all(f.isdigit() for f in first[:2] + first[3:]):
        return False
    if not (first[2].isdigit() or first[2] in WORDS):
        return False
    return int(first[0]) < 100000000 and int(first[5]) < 1000000


def latencies(files):
    """The latencies (us) of the successful transactions, sorted: the
    third field when it is a number (skipped and failed lines carry a word)."""
    v = []
    for f in files:
        for line in open(f):
            x = line.split()[2]
            if x.isdigit():
                v.append(int(x))
    return sorted(v)


# ---- windows and stability (docs/metrics.md) -------------------------------


def stability(tps, lat):
    """The window figures of a run: CoV (population sd / mean x 100), min
    dip, p95 of window latencies (linear), mean, min, max; None under 2."""
    if len(tps) < 2:
        return None
    t = np.asarray(tps, dtype=float)
    mean = float(t.mean())
    return {"count": len(tps), "tps_mean": mean,
            "tps_cov_pct": float(t.std(ddof=0)) / mean * 100,
            "tps_min": float(t.min()), "tps_min_pct": (float(t.min()) - mean) / mean * 100,
            "tps_max": float(t.max()),
            "latency_p95_ms": quantile_linear(lat, 0.95) if lat else None}


def agg_windows(files):
    """Window TPS and window mean latency (ms) of one run's aggregate logs
    (one file per thread): intervals matched by start, only starts every
    file has, the first left out; successful transactions only (a 10-14 log
    of 11 fields counts skipped ones in num_transactions: subtracted); a
    window without transactions has TPS 0 and no latency."""
    per = []
    for f in files:
        rows = [list(map(int, l.split())) for l in open(f) if l.strip()]
        per.append({r[0]: r for r in rows})
    starts = sorted(set().union(*per))
    steps = [b - a for d in per for a, b in zip(sorted(d), sorted(d)[1:]) if b > a]
    interval = min(steps) if steps else 1
    common = [s for s in starts if all(s in d for d in per)][1:]
    tps, lat = [], []
    for s in common:
        tx = sum(d[s][1] - (d[s][10] if len(d[s]) == 11 else 0) for d in per)
        tps.append(tx / interval)
        if tx:
            lat.append(sum(d[s][2] for d in per) / tx / 1000)
    return tps, lat


PROGRESS = re.compile(r"^progress: ([0-9.]+) s, ([0-9.]+) tps, lat ([0-9.]+) ms")


def progress_windows(text):
    """Window TPS and latency from -P lines: each line covers the time since
    the previous one, so the first is left out; latency only where TPS > 0."""
    lines = [PROGRESS.match(l) for l in text.replace("\r", "\n").split("\n")]
    pts = [(float(m[1]), float(m[2]), float(m[3])) for m in lines if m]
    tps, lat = [], []
    for (t0, _, _), (t1, tp, la) in zip(pts, pts[1:]):
        if t1 > t0:
            tps.append(tp)
            if tp > 0:
                lat.append(la)
    return tps, lat


def agg_latency_stats(files):
    """A run's exact latency mean and population stddev (ms) over all the
    intervals of its aggregate logs (the first included): from the sums of
    latency and of its square (fields 3 and 4), as pgbench's SimpleStats."""
    n = s1 = s2 = 0
    for f in files:
        for l in open(f):
            r = l.split()
            if not r:
                continue
            n += int(r[1]) - (int(r[10]) if len(r) == 11 else 0)
            s1 += int(r[2])
            s2 += int(r[3])
    if n == 0:
        return None, None
    # the variance exactly, in integers: (n S2 - S1^2) / n^2
    return s1 / n / 1000, math.sqrt((n * s2 - s1 * s1) / (n * n)) / 1000
