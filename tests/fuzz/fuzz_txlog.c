/* fuzz_txlog.c: per-transaction logs, and sniffing.
 *
 * Differential: every input is read with the vector scanner and with the
 * byte scanner (tr_txlog_use_vector), which must give the same return
 * code, the same message and the same figures. The vector loop only reads
 * lines that start some way before the end of the buffer (704 bytes: a
 * segment of its masks and room after it), which most fuzz inputs are
 * not, so each input is also read followed by 40 good lines (over 1 KiB),
 * and between good lines (as many fields as its first line has, so
 * that it is read as part of one log), which puts its lines in that loop.
 * On machines without the vector scanner both readings are the byte one. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

#include <stdbool.h>
#include <stdio.h>

/* a and b hold the same figures, to the last bit */
static bool S_same(const tr_txlog_stats *a, const tr_txlog_stats *b)
{
	tr_hist_slot *va = NULL, *vb = NULL;
	size_t na = 0, nb = 0;
	bool same = a->lines == b->lines && a->transactions == b->transactions &&
	            a->skipped == b->skipped && a->failed == b->failed &&
	            a->serialization == b->serialization &&
	            a->deadlock == b->deadlock && a->retried == b->retried &&
	            a->retries == b->retries &&
	            memcmp(&a->first_s, &b->first_s, sizeof(double)) == 0 &&
	            memcmp(&a->last_s, &b->last_s, sizeof(double)) == 0 &&
	            a->has_lag == b->has_lag && a->has_retries == b->has_retries &&
	            a->lag_us.count == b->lag_us.count &&
	            memcmp(&a->lag_us.min, &b->lag_us.min, sizeof(double)) == 0 &&
	            memcmp(&a->lag_us.max, &b->lag_us.max, sizeof(double)) == 0 &&
	            a->lag_us.sum == b->lag_us.sum &&
	            a->lag_us.sum2 == b->lag_us.sum2 &&
	            a->latency.total == b->latency.total &&
	            tr_hist_min(&a->latency) == tr_hist_min(&b->latency) &&
	            tr_hist_max(&a->latency) == tr_hist_max(&b->latency);
	if (same) {
		FUZZ_ASSERT(tr_hist_values(&va, &na, &a->latency) == 0);
		FUZZ_ASSERT(tr_hist_values(&vb, &nb, &b->latency) == 0);
		same = na == nb && (na == 0 || memcmp(va, vb, na * sizeof(*va)) == 0);
	}
	free(va);
	free(vb);
	return same;
}

/* One buffer, both scanners. */
static void S_both(const char *data, size_t size)
{
	tr_txlog_stats v, b;
	char msg[512];
	int rv, rb;
	tr_txlog_use_vector(true);
	tr_txlog_stats_init(&v);
	tr_error_clear();
	rv = tr_txlog_parse(&v, data, size, "f.1");
	snprintf(msg, sizeof msg, "%s", rv < 0 ? tr_error_last() : "");
	tr_txlog_use_vector(false);
	tr_txlog_stats_init(&b);
	tr_error_clear();
	rb = tr_txlog_parse(&b, data, size, "f.1");
	tr_txlog_use_vector(true);
	FUZZ_ASSERT(rv == rb);
	if (rb < 0)
		FUZZ_ASSERT(strcmp(msg, tr_error_last()) == 0);
	if (rb == TR_EINVALID)
		FUZZ_ASSERT(strncmp(msg, "f.1:", 4) == 0);
	if (rb == 0) {
		FUZZ_ASSERT(b.latency.total == b.transactions);
		FUZZ_ASSERT(b.transactions >= 0 && b.failed >= 0 && b.skipped >= 0);
		FUZZ_ASSERT(S_same(&v, &b));
	}
	tr_txlog_stats_free(&v);
	tr_txlog_stats_free(&b);
}

/* A good line of n fields (6 to 8), with its '\n'. */
static size_t S_good(char *out, int n, int i)
{
	return (size_t)sprintf(out, "%d %d %d 0 1796026418 %d%s%s\n", i % 4,
	                       i + 1, 900 + 7 * i, 1000 * i + i % 7,
	                       n >= 7 ? " 3" : "", n == 8 ? " 0" : "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum { PAD = 40 };                    /* 40 lines of 25-35 bytes */
	const char *in = (const char *)data, *eol;
	size_t o = 0;
	int n, i;
	char *buf;
	(void)tr_log_sniff(in, size);
	S_both(in, size);
	/* the fields of the first line, as the reader counts them */
	eol = size ? memchr(in, '\n', size) : NULL;
	n = 0;
	for (const char *p = in, *e = eol ? eol : in + size; p < e; p++)
		n += *p != ' ' && (p == in || p[-1] == ' ');
	if (n < 6 || n > 8)
		n = 6;
	if (!(buf = malloc(size + 2 * PAD * 40 + 1)))
		return 0;
	/* the input, then good lines */
	memcpy(buf, in, size);
	o = size;
	if (size && in[size - 1] != '\n')
		buf[o++] = '\n';
	for (i = 0; i < PAD; i++)
		o += S_good(buf + o, n, i);
	S_both(buf, o);
	/* good lines, the input, good lines */
	o = 0;
	for (i = 0; i < PAD; i++)
		o += S_good(buf + o, n, i);
	memcpy(buf + o, in, size);
	o += size;
	if (size && in[size - 1] != '\n')
		buf[o++] = '\n';
	for (i = 0; i < PAD; i++)
		o += S_good(buf + o, n, PAD + i);
	S_both(buf, o);
	free(buf);
	return 0;
}
