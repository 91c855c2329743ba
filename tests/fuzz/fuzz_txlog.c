/* fuzz_txlog.c: per-transaction logs, and sniffing. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_txlog_stats s;
	int rc;
	(void)tr_log_sniff((const char *)data, size);
	tr_txlog_stats_init(&s);
	rc = tr_txlog_parse(&s, (const char *)data, size, "f.1");
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "f.1:", 4) == 0);
	if (rc == 0) {
		FUZZ_ASSERT(s.latency.total == s.transactions);
		FUZZ_ASSERT(s.transactions >= 0 && s.failed >= 0 && s.skipped >= 0);
	}
	tr_txlog_stats_free(&s);
	return 0;
}
