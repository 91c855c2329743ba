"""txlog_exact.py: exact latency percentiles from pgbench's raw
per-transaction logs, written here from the format (SPEC.md section 4),
for the checks that compare tpsreport's figures with them
(percentiles_exact.py, diff_expect.py). Imported, not run.

Latencies are the whole microseconds of the third field of successful
transactions (skipped and failed lines carry a word there). Ranks are
computed in integers, q in parts per million, so that "q*N is whole" is
decided exactly (0.95 * 100 is 95.00000000000001 in floating point)."""

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
    """The latencies (us) of the successful transactions of the files,
    sorted."""
    v = []
    for f in files:
        for line in open(f):
            x = line.split()[2]
            if x.isdigit():
                v.append(int(x))
    return sorted(v)


def nearest_rank(v, ppm):
    """The smallest latency with at least ceil(q*N) values at or below it
    (SQL's percentile_disc); v sorted, q = ppm / 10^6."""
    return v[max(1, -(-ppm * len(v) // 1000000)) - 1]


def postgresbench(v, ppm):
    """PostgresBench's rule: the first value whose cumulative count
    exceeds floor(q*N)."""
    return v[min(ppm * len(v) // 1000000, len(v) - 1)]


def rule(name):
    """The function of a `[study] percentile` setting (default nearest-rank)."""
    return postgresbench if name == "postgresbench" else nearest_rank
