/* pq.c: libpq, loaded when the probe first needs it.
 *
 * libpq brings some 25 shared libraries with it (TLS, Kerberos, LDAP,
 * SASL, ...). Mapping and relocating them cost every start of tpsreport
 * 7.7 ms (measured: an empty program linked with tpsreport's libraries
 * starts in 14.0 ms, 6.3 ms without libpq), a fifth of what `summary`
 * takes for two million log lines, while only probe, run and settle
 * ever connect. So tpsreport is not linked with libpq: the functions of it
 * that the probe calls are defined here, and each forwards to libpq's own,
 * found with dlopen/dlsym the first time one is needed.
 *
 * The library tried first is the one the build found, then libpq.so.5
 * wherever the dynamic linker finds it; TPSREPORT_LIBPQ names another
 * (a newer libpq, say). The first calls of a connection (PQconninfoParse,
 * PQconnectdbParams) come after tr_pq_load, which says what is missing
 * when libpq cannot be loaded; every other call needs a connection or a
 * result from them. */

#include "probe_internal.h"
#include "util/dl.h"


/* The functions the probe uses: result type (V: none), name, parameters,
 * and the arguments they are passed on as. */
#define S_PQ_FUNCTIONS(X, V)                                                  \
	X(int, PQcancel, (PGcancel *c, char *buf, int n), (c, buf, n))           \
	V(PQclear, (PGresult *r), (r))                                     \
	X(char *, PQcmdTuples, (PGresult *r), (r))                               \
	X(PGconn *, PQconnectdbParams,                                           \
	  (const char *const *k, const char *const *v, int e), (k, v, e))        \
	X(PQconninfoOption *, PQconninfo, (PGconn *c), (c))                      \
	V(PQconninfoFree, (PQconninfoOption *o), (o))                      \
	X(PQconninfoOption *, PQconninfoParse, (const char *s, char **err),      \
	  (s, err))                                                              \
	X(char *, PQdb, (const PGconn *c), (c))                                  \
	X(char *, PQerrorMessage, (const PGconn *c), (c))                        \
	X(PGresult *, PQexec, (PGconn *c, const char *q), (c, q))                \
	V(PQfinish, (PGconn *c), (c))                                      \
	V(PQfreeCancel, (PGcancel *c), (c))                                \
	V(PQfreemem, (void *p), (p))                                       \
	X(PGcancel *, PQgetCancel, (PGconn *c), (c))                             \
	X(PGresult *, PQgetResult, (PGconn *c), (c))                             \
	X(int, PQgetisnull, (const PGresult *r, int t, int f), (r, t, f))        \
	X(char *, PQgetvalue, (const PGresult *r, int t, int f), (r, t, f))      \
	X(char *, PQhost, (const PGconn *c), (c))                                \
	X(int, PQntuples, (const PGresult *r), (r))                              \
	X(const char *, PQparameterStatus, (const PGconn *c, const char *n),     \
	  (c, n))                                                                \
	X(char *, PQpass, (const PGconn *c), (c))                                \
	X(char *, PQport, (const PGconn *c), (c))                                \
	X(int, PQputCopyData, (PGconn *c, const char *b, int n), (c, b, n))      \
	X(int, PQputCopyEnd, (PGconn *c, const char *m), (c, m))                 \
	X(int, PQputline, (PGconn *c, const char *s), (c, s))                    \
	X(char *, PQresultErrorField, (const PGresult *r, int f), (r, f))        \
	X(char *, PQresultErrorMessage, (const PGresult *r), (r))                \
	X(ExecStatusType, PQresultStatus, (const PGresult *r), (r))              \
	X(int, PQserverVersion, (const PGconn *c), (c))                          \
	X(PQnoticeReceiver, PQsetNoticeReceiver,                                 \
	  (PGconn *c, PQnoticeReceiver f, void *a), (c, f, a))                   \
	X(ConnStatusType, PQstatus, (const PGconn *c), (c))                      \
	X(PGTransactionStatusType, PQtransactionStatus, (const PGconn *c), (c))  \
	X(char *, PQuser, (const PGconn *c), (c))

/* Where the build found libpq, then its soname. */
static const char *const S_names[] = {
#ifdef TR_LIBPQ_PATH
	TR_LIBPQ_PATH,
#endif
	"libpq.so.5", "libpq.5.dylib", "libpq.so"
};

TR_DL_LIBRARY(S_lib, S_fn, S_PQ_FUNCTIONS, S_names,
              "libpq (PostgreSQL's client library)",
              "install it (Debian: apt-get install libpq5)",
              "TPSREPORT_LIBPQ");

int tr_pq_load(void)
{
	return tr_dl_load(&S_lib);
}

S_PQ_FUNCTIONS(TR_DL_FORWARD, TR_DL_VFORWARD)
