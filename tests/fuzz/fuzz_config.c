/* fuzz_config.c: tpsreport.ini and prices. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_config c;
	tr_provider *p = NULL;
	tr_scenario *s = NULL;
	size_t np = 0, ns = 0;
	int rc = tr_config_parse(&c, &p, &np, &s, &ns, (const char *)data, size,
	                         "tpsreport.ini");
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "tpsreport.ini:", 14) == 0);
	if (rc != 0)
		FUZZ_ASSERT(p == NULL && s == NULL && np == 0 && ns == 0);
	for (size_t i = 0; i < np; i++) {
		FUZZ_ASSERT(p[i].id && p[i].id[0]);
		tr_provider_free(&p[i]);
	}
	free(p);
	for (size_t i = 0; i < ns; i++)
		tr_scenario_free(&s[i]);
	free(s);
	tr_config_free(&c);
	return 0;
}
