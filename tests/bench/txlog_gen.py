#!/usr/bin/env python3
"""Write a realistic pgbench per-transaction log (one thread file) to stdout.

    txlog_gen.py LINES [CLIENTS] [--rate] [--retries] [--seed N]

Lines look like pgbench 15's: "client_id transaction_no latency script_no
epoch_s epoch_us" plus, with --rate, the lag and, with --retries, the
retries. Latencies are log-normal around 1.5 ms with a tail to ~1 s; about
1 in 2000 transactions failed (with --retries). Only for benchmarks.
"""
import random, sys

def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    lines = int(args[0]) if args else 2000000
    clients = int(args[1]) if len(args) > 1 else 16
    rate = '--rate' in sys.argv
    retries = '--retries' in sys.argv
    seed = 1
    if '--seed' in sys.argv:
        seed = int(sys.argv[sys.argv.index('--seed') + 1])
    rnd = random.Random(seed)
    t = 1796026418 * 1000000 + 965027
    cnt = [0] * clients
    out = []
    w = sys.stdout.write
    for i in range(lines):
        c = rnd.randrange(clients)
        cnt[c] += 1
        lat = int(rnd.lognormvariate(7.3, 0.6))
        if rnd.random() < 0.0005:
            lat *= 100
        t += rnd.randrange(1, 120)
        kind = str(lat)
        r = 0
        if retries and rnd.random() < 0.05:
            r = rnd.randrange(1, 3)
        if retries and rnd.random() < 0.0005:
            kind = 'serialization'
            r = 2
        s = '%d %d %s 0 %d %d' % (c, cnt[c], kind, t // 1000000, t % 1000000)
        if rate:
            s += ' %d' % int(rnd.expovariate(1 / 300.0))
        if retries:
            s += ' %d' % r
        out.append(s)
        if len(out) == 10000:
            w('\n'.join(out) + '\n')
            out = []
    if out:
        w('\n'.join(out) + '\n')

main()
