/* fuzz_pgbjson.c: PostgresBench result files. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_pgb_result r;
	int rc = tr_pgb_parse(&r, (const char *)data, size, "r.json");
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "r.json", 6) == 0);
	if (rc == 0) {
		FUZZ_ASSERT(r.system != NULL && r.clients > 0 && r.threads > 0);
		for (size_t i = 0; i < r.nruns; i++)
			FUZZ_ASSERT(r.runs[i].tps >= 0 && r.runs[i].transactions >= 0);
		for (size_t i = 0; i < r.nfacts; i++)
			FUZZ_ASSERT(r.facts[i].name && r.facts[i].value);
	}
	tr_pgb_result_free(&r);
	return 0;
}
