/* fuzz_agglog.c: aggregate logs. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_agglog log;
	int rc;
	memset(&log, 0, sizeof(log));
	rc = tr_agglog_parse(&log, (const char *)data, size, "f.1");
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "f.1:", 4) == 0);
	for (size_t i = 1; rc == 0 && i < log.count; i++)
		FUZZ_ASSERT(log.items[i].start > log.items[i - 1].start);
	tr_agglog_free(&log);
	return 0;
}
