/* gen_grid.c: a deterministic grid study of many providers for the scaling
 * benchmark (tests/bench/grid.sh) and the grid chart test
 * (tests/e2e/grid_charts.sh). Not part of tpsreport.
 *
 *   gen_grid DIR PROVIDERS SCENARIOS RUNS [WINDOWS]
 *
 * Providers carry labels shaped like real managed PostgreSQL offers
 * ("Crunchy Bridge hobby-4 (4 vCPU, 16 GB)"), all distinct, with a price
 * each; each scenario is a scale (select-only and TPC-B alternate). Each
 * run is a pgbench 15 summary (run<i>.txt) and, when WINDOWS > 0, one
 * aggregate log of WINDOWS 10-s windows consistent with it. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static uint64_t S_state = 0x853c49e6748fea9bULL;

static double S_uniform(void)
{
	S_state ^= S_state >> 12;
	S_state ^= S_state << 25;
	S_state ^= S_state >> 27;
	return (double)((S_state * 0x2545f4914f6cdd1dULL) >> 11) / 9007199254740992.0;
}

static const char *const S_vendors[] = {
	"AWS RDS", "Aurora", "Google Cloud SQL", "AlloyDB", "Azure Flexible Server",
	"DigitalOcean", "Render", "Supabase", "Neon", "Aiven", "Crunchy Bridge",
	"ServersCamp", "Scaleway", "OVHcloud", "Hetzner", "Timescale", "Tembo",
	"Heroku", "Railway", "Linode", "Vultr", "UpCloud", "Exoscale", "IONOS",
	"Yandex Cloud", "Alibaba ApsaraDB", "Tencent Cloud", "Oracle OCI", "IBM Cloud",
	"StackGres on EKS",
};
static const char *const S_plans[] = {
	"small (2 vCPU, 4 GB)", "standard (2 vCPU, 8 GB)", "general-4 (4 vCPU, 16 GB)",
	"memory-4 (4 vCPU, 32 GB)", "compute-8 (8 vCPU, 16 GB)", "general-8 (8 vCPU, 32 GB)",
	"memory-16 (16 vCPU, 128 GB)",
};

static FILE *S_open(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	return f;
}

static void S_ini(const char *dir, int np, int ns)
{
	char path[4096];
	FILE *f;
	size_t nv = sizeof(S_vendors) / sizeof(*S_vendors), npl = sizeof(S_plans) / sizeof(*S_plans);
	snprintf(path, sizeof path, "%s/tpsreport.ini", dir);
	f = S_open(path);
	fprintf(f, "[study]\ntitle = Managed PostgreSQL grid: %d offers x %d scenarios\ncurrency = USD\nbaseline = p000\n\n",
	        np, ns);
	for (int p = 0; p < np; p++) {
		/* vendor and plan walk at different strides, so labels stay distinct */
		size_t v = (size_t)p % nv, pl = ((size_t)p / nv + (size_t)p) % npl;
		fprintf(f, "[provider p%03d]\nlabel = %s %s%s\nprice = %d.%02d USD/month\nvcpu = 2\nram_gb = 8\n\n",
		        p, S_vendors[v], S_plans[pl], (size_t)p >= nv * npl ? " (2nd region)" : "",
		        40 + (p * 37) % 900, (p * 13) % 100);
	}
	for (int s = 0; s < ns; s++)
		fprintf(f, "[scenario s%02d]\nlabel = %s, scale %d\n\n", s,
		        s % 2 ? "TPC-B" : "select-only", 10 * (1 + s));
	fclose(f);
}

static void S_run(const char *cell, int p, int s, int r, int windows, int pid)
{
	char path[4200];
	FILE *f;
	double base = (s % 2 ? 1500.0 : 9000.0) * (0.4 + (double)((p * 7919) % 97) / 60) *
	              (0.96 + 0.08 * S_uniform());
	long long total = 0, start = 1796026410LL + 700LL * (r + 100 * s);
	double sumlat = 0;
	int dur = windows > 0 ? windows * 10 : 60;
	if (windows > 0) {
		snprintf(path, sizeof path, "%s/run%d.%d", cell, r, pid);
		f = S_open(path);
		for (int w = 0; w < windows; w++) {
			double tps = base * (S_uniform() < 0.03 ? 0.4 : 0.92 + 0.16 * S_uniform());
			long long n = (long long)(tps * 10);
			double lat = 16.0 / (tps / 1000) * 1000;
			long long sum = (long long)(lat * (double)n);
			fprintf(f, "%lld %lld %lld %llu %lld %lld 0 0 0 0 0 0 0 0 0\n", start + 10LL * w, n,
			        sum, (unsigned long long)(lat * lat * 1.2 * (double)n),
			        (long long)(lat * 0.3), (long long)(lat * 5));
			total += n;
			sumlat += (double)sum;
		}
		fclose(f);
	} else {
		total = (long long)(base * dur);
		sumlat = 16.0 / (base / 1000) * 1000 * (double)total;
	}
	snprintf(path, sizeof path, "%s/run%d.txt", cell, r);
	f = S_open(path);
	fprintf(f, "pgbench (15.18 (Debian 15.18-0+deb12u1))\n"
	           "transaction type: <builtin: %s>\nscaling factor: %d\nquery mode: prepared\n"
	           "number of clients: 16\nnumber of threads: 1\nmaximum number of tries: 1\n"
	           "duration: %d s\nnumber of transactions actually processed: %lld\n"
	           "number of failed transactions: 0 (0.000%%)\nlatency average = %.3f ms\n"
	           "initial connection time = 31.402 ms\ntps = %f (without initial connection time)\n",
	        s % 2 ? "TPC-B (sort of)" : "select only", 10 * (1 + s), dur, total,
	        sumlat / (double)total / 1000, (double)total / dur);
	fclose(f);
}

/* pgbench -i's output under time(1), as a study keeps it in init.txt */
static void S_init(const char *cell, int scale, double speed)
{
	char path[4200];
	FILE *f;
	double gen = scale * 0.09 * speed, vac = scale * 0.002 * speed, pk = scale * 0.068 * speed;
	snprintf(path, sizeof path, "%s/init.txt", cell);
	f = S_open(path);
	fprintf(f, "dropping old tables...\ncreating tables...\ngenerating data (client-side)...\n"
	           "vacuuming...\ncreating primary keys...\n"
	           "done in %.2f s (drop tables 0.00 s, create tables 0.01 s, client-side generate %.2f s, "
	           "vacuum %.2f s, primary keys %.2f s).\n",
	        gen + vac + pk + 0.01, gen, vac, pk);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[4096];
	int np, ns, nr, windows = 0, pid = 3000;
	if (argc < 5) {
		fprintf(stderr, "usage: gen_grid DIR PROVIDERS SCENARIOS RUNS [WINDOWS]\n");
		return 2;
	}
	np = atoi(argv[2]);
	ns = atoi(argv[3]);
	nr = atoi(argv[4]);
	if (argc > 5)
		windows = atoi(argv[5]);
	mkdir(argv[1], 0755);
	S_ini(argv[1], np, ns);
	snprintf(path, sizeof path, "%s/results", argv[1]);
	mkdir(path, 0755);
	for (int p = 0; p < np; p++) {
		snprintf(path, sizeof path, "%s/results/p%03d", argv[1], p);
		mkdir(path, 0755);
		for (int s = 0; s < ns; s++) {
			snprintf(path, sizeof path, "%s/results/p%03d/s%02d", argv[1], p, s);
			mkdir(path, 0755);
			S_init(path, 10 * (1 + s), 0.5 + (double)((p * 31) % 17) / 10);
			for (int r = 1; r <= nr; r++)
				S_run(path, p, s, r, windows, ++pid);
		}
	}
	return 0;
}
