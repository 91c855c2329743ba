/* gen_agg_study.c: a deterministic study of aggregate logs for the build
 * benchmark (tests/bench/build.sh). Not part of tpsreport.
 *
 *   gen_agg_study DIR [PROVIDERS SCENARIOS RUNS DURATION_S INTERVAL_S THREADS]
 *
 * Defaults: 3 providers x 3 scenarios x 3 runs of 1200 s with 10-s windows
 * and 4 threads, the shape of the seed article's study: for every run a
 * pgbench 15 summary (run<i>.txt) consistent with its aggregate logs
 * (run<i>.<pid>, .1, .2, .3: 15 fields), an init.txt per scenario, and a
 * tpsreport.ini with labels and prices. */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static uint64_t S_state = 0x9e3779b97f4a7c15ULL;

static double S_uniform(void)
{
	S_state ^= S_state >> 12;
	S_state ^= S_state << 25;
	S_state ^= S_state >> 27;
	return (double)((S_state * 0x2545f4914f6cdd1dULL) >> 11) / 9007199254740992.0;
}

int main(int argc, char **argv)
{
	const char *dir;
	int np = 3, ns = 3, nr = 3, dur = 1200, iv = 10, nt = 4, pid = 5000;
	char path[4096];
	FILE *f;
	if (argc < 2) {
		fprintf(stderr, "usage: gen_agg_study DIR [P S R DURATION INTERVAL THREADS]\n");
		return 2;
	}
	dir = argv[1];
	if (argc >= 8) {
		np = atoi(argv[2]); ns = atoi(argv[3]); nr = atoi(argv[4]);
		dur = atoi(argv[5]); iv = atoi(argv[6]); nt = atoi(argv[7]);
	}
	mkdir(dir, 0755);
	snprintf(path, sizeof path, "%s/tpsreport.ini", dir);
	f = fopen(path, "w");
	if (!f)
		return 1;
	fprintf(f, "[study]\ntitle = Build benchmark: %d providers x %d scenarios x %d runs\ncurrency = EUR\n\n", np, ns, nr);
	for (int p = 0; p < np; p++)
		fprintf(f, "[provider p%d]\nlabel = Provider %d\nprice = %d.50 USD/month\nvcpu = 2\nram_gb = 8\n\n", p, p, 100 + 50 * p);
	fprintf(f, "[fx]\nUSD = 0.92\n");
	fclose(f);
	snprintf(path, sizeof path, "%s/results", dir);
	mkdir(path, 0755);
	for (int p = 0; p < np; p++) {
		snprintf(path, sizeof path, "%s/results/p%d", dir, p);
		mkdir(path, 0755);
		for (int s = 0; s < ns; s++) {
			int scale = (int)pow(10, s + 2);
			snprintf(path, sizeof path, "%s/results/p%d/bench%d", dir, p, scale);
			mkdir(path, 0755);
			snprintf(path, sizeof path, "%s/results/p%d/bench%d/init.txt", dir, p, scale);
			f = fopen(path, "w");
			if (!f)
				return 1;
			fprintf(f, "dropping old tables...\ncreating tables...\ngenerating data (client-side)...\n"
			           "vacuuming...\ncreating primary keys...\n"
			           "done in %.2f s (drop tables 0.00 s, create tables 0.01 s, client-side generate %.2f s, vacuum %.2f s, primary keys %.2f s).\n\n"
			           "real\t%dm%.3fs\nuser\t0m%.3fs\nsys\t0m0.512s\n",
			        scale * 0.16, scale * 0.09, scale * 0.002, scale * 0.068,
			        (int)(scale * 0.16 / 60), fmod(scale * 0.16, 60) + 0.03, scale * 0.02);
			fclose(f);
			for (int r = 1; r <= nr; r++) {
				double base = 4000.0 / (1 + s) * (1 + 0.1 * p) * (0.95 + 0.1 * S_uniform());
				long long total = 0;
				double sumlat = 0;
				long long start = 1796026410LL + 3000 * (r + nr * (s + ns * p));
				pid++;
				for (int t = 0; t < nt; t++) {
					if (t == 0)
						snprintf(path, sizeof path, "%s/results/p%d/bench%d/run%d.%d", dir, p, scale, r, pid);
					else
						snprintf(path, sizeof path, "%s/results/p%d/bench%d/run%d.%d.%d", dir, p, scale, r, pid, t);
					f = fopen(path, "w");
					if (!f)
						return 1;
					for (int w = 0; w < dur / iv; w++) {
						double tps = base / nt * (S_uniform() < 0.03 ? 0.3 : 0.9 + 0.2 * S_uniform());
						long long n = (long long)(tps * iv) + (w == 0 ? -(long long)(tps * iv / 2) : 0);
						double lat = 32.0 / (base / 1000) * 1000 * (0.8 + 0.4 * S_uniform());
						long long sum = (long long)(lat * (double)n);
						unsigned long long sum2 = (unsigned long long)(lat * lat * 1.3 * (double)n);
						fprintf(f, "%lld %lld %lld %llu %lld %lld 0 0 0 0 0 0 0 0 0\n",
						        start + (long long)w * iv, n, sum, sum2,
						        (long long)(lat * 0.2), (long long)(lat * 6));
						total += n;
						sumlat += (double)sum;
					}
					fclose(f);
				}
				snprintf(path, sizeof path, "%s/results/p%d/bench%d/run%d.txt", dir, p, scale, r);
				f = fopen(path, "w");
				if (!f)
					return 1;
				fprintf(f, "pgbench (15.18 (Debian 15.18-0+deb12u1))\n"
				           "transaction type: <builtin: TPC-B (sort of)>\n"
				           "scaling factor: %d\nquery mode: prepared\n"
				           "number of clients: 32\nnumber of threads: %d\n"
				           "maximum number of tries: 1\nduration: %d s\n"
				           "number of transactions actually processed: %lld\n"
				           "number of failed transactions: 0 (0.000%%)\n"
				           "latency average = %.3f ms\n"
				           "initial connection time = 143.238 ms\n"
				           "tps = %f (without initial connection time)\n",
				        scale, nt, dur, total, sumlat / (double)total / 1000,
				        (double)total / dur);
				fclose(f);
			}
		}
	}
	return 0;
}
