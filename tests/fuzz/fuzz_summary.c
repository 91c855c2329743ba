/* fuzz_summary.c: the end-of-run summary reader. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_summary s;
	int rc = tr_summary_parse(&s, (const char *)data, size, "f.txt");
	/* Errors name the file; a found summary has sane counts. */
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "f.txt:", 6) == 0);
	if (rc == 0 && s.complete)
		FUZZ_ASSERT(s.transaction_type != NULL);
	tr_summary_free(&s);
	return 0;
}
