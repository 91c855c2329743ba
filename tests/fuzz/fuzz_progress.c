/* fuzz_progress.c: -P progress lines. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_progress *lines = NULL;
	size_t n = 0;
	int rc = tr_progress_scan(&lines, &n, (const char *)data, size, "f.progress");
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "f.progress:", 11) == 0);
	if (rc == 0)
		for (size_t i = 0; i < n; i++)
			FUZZ_ASSERT(lines[i].time_s == lines[i].time_s); /* not NaN */
	free(lines);
	return 0;
}
