/* gen_study.c: a deterministic study of per-transaction logs for the
 * ingest benchmark (tests/bench/ingest.sh). Not part of tpsreport.
 *
 *   gen_study DIR LINES [THREADS]
 *
 * Writes DIR/results/bench/s1/run1.txt (a pgbench 15 summary consistent
 * with the logs) and run1.4242, run1.4242.1, ... : LINES per-transaction
 * lines in all, spread over THREADS thread files (default 4), 8 clients
 * per thread. Latencies are log-normal around 2 ms with a heavy tail (1 in
 * 2,000 transactions 20-100x slower), like a disk-bound TPC-B run. */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint64_t S_state = 0x2545f4914f6cdd1dULL;

static double S_uniform(void)
{
	/* xorshift64*: fast, and the same sequence everywhere */
	S_state ^= S_state >> 12;
	S_state ^= S_state << 25;
	S_state ^= S_state >> 27;
	return (double)((S_state * 0x2545f4914f6cdd1dULL) >> 11) / 9007199254740992.0;
}

static double S_normal(void)
{
	double u1 = S_uniform(), u2 = S_uniform();
	if (u1 < 1e-300)
		u1 = 1e-300;
	return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

int main(int argc, char **argv)
{
	const char *dir;
	long long lines, per_thread, total_lat = 0;
	int threads;
	char path[4096];
	FILE *f;
	long long t0 = 1796026418LL * 1000000;
	if (argc < 3) {
		fprintf(stderr, "usage: gen_study DIR LINES [THREADS]\n");
		return 2;
	}
	dir = argv[1];
	lines = atoll(argv[2]);
	threads = argc > 3 ? atoi(argv[3]) : 4;
	if (lines < threads || threads < 1)
		return 2;
	per_thread = lines / threads;
	snprintf(path, sizeof path, "%s/results", dir);
	mkdir(dir, 0755);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/results/bench", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/results/bench/s1", dir);
	mkdir(path, 0755);
	for (int t = 0; t < threads; t++) {
		static char buf[1 << 20];
		long long tx[8] = { 0 }, now = t0;
		if (t == 0)
			snprintf(path, sizeof path, "%s/results/bench/s1/run1.4242", dir);
		else
			snprintf(path, sizeof path, "%s/results/bench/s1/run1.4242.%d", dir, t);
		f = fopen(path, "w");
		if (!f)
			return 1;
		setvbuf(f, buf, _IOFBF, sizeof buf);
		for (long long i = 0; i < per_thread; i++) {
			int c = (int)(S_uniform() * 8);
			long long lat = (long long)exp(7.6 + 0.5 * S_normal());
			if (S_uniform() < 0.0005)
				lat *= 20 + (long long)(S_uniform() * 80);
			now += 1 + (long long)(S_uniform() * 300);
			total_lat += lat;
			fprintf(f, "%d %lld %lld 0 %lld %lld\n", t * 8 + c, ++tx[c], lat,
			        now / 1000000, now % 1000000);
		}
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/results/bench/s1/run1.txt", dir);
	f = fopen(path, "w");
	if (!f)
		return 1;
	{
		long long n = per_thread * threads;
		double dur = 1200;
		fprintf(f, "pgbench (15.18 (Debian 15.18-0+deb12u1))\n"
		           "transaction type: <builtin: TPC-B (sort of)>\n"
		           "scaling factor: 1000\nquery mode: prepared\n"
		           "number of clients: %d\nnumber of threads: %d\n"
		           "maximum number of tries: 1\nduration: %.0f s\n"
		           "number of transactions actually processed: %lld\n"
		           "number of failed transactions: 0 (0.000%%)\n"
		           "latency average = %.3f ms\n"
		           "initial connection time = 12.345 ms\n"
		           "tps = %f (without initial connection time)\n",
		        threads * 8, threads, dur, n,
		        (double)total_lat / (double)n / 1000.0, (double)n / dur);
	}
	fclose(f);
	return 0;
}
