#ifndef TR_UTIL_H
#define TR_UTIL_H

/*
 * util: the small things every module needs: errors, allocation, growable
 * buffers, files, locale-independent numbers, JSON writing, diagnostics.
 *
 * Conventions for the whole code base (libgit2's, see docs/hacking.md):
 * - functions that can fail return 0 on success or a negative TR_E* code;
 *   the message is set once, where the failure is found, with tr_error_set()
 *   or tr_error_set_at(), and read by main.c with tr_error_last();
 * - outputs come first and are named `out`; on failure *out is left NULL
 *   (or zeroed) and nothing leaks;
 * - each declaration says who frees what.
 * Library code never prints and never exits.
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- return codes ---------------------------------------------------- */

enum {
	TR_OK = 0,
	TR_ERROR = -1,   /* generic failure; the message says what */
	TR_ENOMEM = -2,  /* allocation failed */
	TR_ENOTFOUND = -3,
	TR_EINVALID = -4 /* the input is malformed */
};

#if defined(__GNUC__)
#define TR_PRINTF(fmt_idx, arg_idx) \
	__attribute__((format(printf, fmt_idx, arg_idx)))
#else
#define TR_PRINTF(fmt_idx, arg_idx)
#endif

#define TR_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- errors ---------------------------------------------------------- */

/* Set this thread's error message from a printf format. Returns TR_ERROR so
 * that callers can write `return tr_error_set(...)`. */
int tr_error_set(const char *fmt, ...) TR_PRINTF(1, 2);

/* The same, with the message prefixed "path:line: " (line 0: "path: ").
 * Returns TR_EINVALID. */
int tr_error_set_at(const char *path, long line, const char *fmt, ...)
	TR_PRINTF(3, 4);
int tr_error_vset_at(const char *path, long line, const char *fmt,
                     va_list ap) TR_PRINTF(3, 0);

/* Set the message from errno: "path: strerror(errno)". Returns TR_ERROR. */
int tr_error_set_errno(const char *path);

/* The last message set on this thread, or "" (never NULL). Owned by util. */
const char *tr_error_last(void);
void tr_error_clear(void);

/* ---- allocation ------------------------------------------------------ */

/* These set the error message and return NULL when memory runs out. */
void *tr_malloc(size_t size);
void *tr_calloc(size_t n, size_t size);
void *tr_realloc(void *ptr, size_t size);
char *tr_strdup(const char *s);                /* NULL in, NULL out */
char *tr_strndup(const char *s, size_t n);
char *tr_sprintf(const char *fmt, ...) TR_PRINTF(1, 2); /* caller frees */

/* Make room for `need` elements of `elem` bytes in *ptr, whose capacity is
 * *cap elements; grows geometrically. Returns 0 or TR_ENOMEM. */
int tr_grow(void *ptr, size_t *cap, size_t need, size_t elem);

/* ---- buffers --------------------------------------------------------- */

/* A growable byte string, NUL-terminated as soon as it has any memory
 * (ptr is NULL before). Initialise with TR_BUF_INIT; free with
 * tr_buf_free(). */
typedef struct tr_buf {
	char *ptr;
	size_t size;
	size_t asize;
} tr_buf;

#define TR_BUF_INIT { NULL, 0, 0 }

int tr_buf_grow(tr_buf *buf, size_t extra);
int tr_buf_put(tr_buf *buf, const void *data, size_t len);
int tr_buf_puts(tr_buf *buf, const char *s);
int tr_buf_putc(tr_buf *buf, char c);
int tr_buf_printf(tr_buf *buf, const char *fmt, ...) TR_PRINTF(2, 3);
int tr_buf_vprintf(tr_buf *buf, const char *fmt, va_list ap) TR_PRINTF(2, 0);
void tr_buf_clear(tr_buf *buf);                 /* size = 0, keeps memory */
void tr_buf_free(tr_buf *buf);
/* The contents, "" when empty; valid until the next change. */
const char *tr_buf_cstr(const tr_buf *buf);
/* Hand the string over to the caller (who frees it); buf is reset. */
char *tr_buf_detach(tr_buf *buf);

/* ---- files ----------------------------------------------------------- */

/* Read a whole file into out (cleared first). Fails with "path: reason".
 * Only regular files are read (opened with O_NONBLOCK, so a FIFO cannot
 * hang the reader), and none larger than TR_FILE_READ_MAX. */
#define TR_FILE_READ_MAX (256 << 20)
int tr_file_read(tr_buf *out, const char *path);
/* The same, naming the file `name` in messages (e.g. its path relative to
 * the study). */
int tr_file_read_named(tr_buf *out, const char *path, const char *name);

/* true when the path a is b or lies inside it (both already real). */
bool tr_path_within(const char *a, const char *b);
/* Whether path's real path (symbolic links resolved) lies inside root's:
 * 1 inside, 0 outside (then *real is the real path, for the message; the
 * caller frees it), or a negative code when either cannot be resolved. */
int tr_path_inside(const char *path, const char *root, char **real);

/* Join two path parts with one '/'. Caller frees. */
char *tr_path_join(const char *a, const char *b);

/* Write data to path atomically: a temporary file in the same folder,
 * fsync, rename. Returns 0 or TR_ERROR. */
int tr_file_write_atomic(const char *path, const void *data, size_t len);

/* ---- numbers --------------------------------------------------------- */

/*
 * tpsreport never calls setlocale(), and these never consult the locale:
 * "1234.5" is read and written the same under any LC_NUMERIC.
 */

/* Parse a decimal number such as "-12.345", "1e-3", "NaN", "Infinity",
 * "inf", "-nan" (pgbench prints all of these) from [s, end). On success
 * *out is set and *next points past it. Returns 0 or TR_EINVALID. */
int tr_parse_double(double *out, const char *s, const char *end,
                    const char **next);

/* Parse an optionally signed decimal integer from [s, end) into *out.
 * Fails on no digits or overflow. */
int tr_parse_int64(int64_t *out, const char *s, const char *end,
                   const char **next);
int tr_parse_uint64(uint64_t *out, const char *s, const char *end,
                    const char **next);

/* Append v with exactly `decimals` decimals, rounded from its exact binary
 * value, an exact tie to even, as glibc's printf does (2.5 -> "2", 1.005 ->
 * "1.00" because 1.005 is 1.00499... in binary). Never "-0.00".
 * NaN/inf print "NaN"/"inf". */
int tr_fmt_fixed(tr_buf *out, double v, int decimals);

/* The same, with `sep` between groups of three integer digits
 * (e.g. ",": 12,345.6; NULL or "" for none). */
int tr_fmt_grouped(tr_buf *out, double v, int decimals, const char *sep);

/* The shortest decimal text that reads back as exactly v (for JSON), in
 * positional form ("10", "0.00015") unless the exponent is below -7 or
 * 17 and beyond ("1e+21"). */
int tr_fmt_shortest(tr_buf *out, double v);

/* A value with as many significant digits as is useful to a reader:
 * 3 significant digits, at least 0 and at most `max_decimals` decimals,
 * grouped with `sep`. 3967.67 -> "3,968", 8.065 -> "8.07", 0.0451 -> "0.0451". */
int tr_fmt_readable(tr_buf *out, double v, int max_decimals, const char *sep);

/* ---- JSON writing ---------------------------------------------------- */

/*
 * A streaming JSON writer with two-space indentation, keys in the order
 * written (callers write them in a fixed order, so output is deterministic).
 * Numbers use tr_fmt_shortest; NaN and infinities are written as null.
 */
typedef struct tr_json {
	tr_buf *out;
	int depth;
	bool need_comma[64];
	bool after_key;
	int rc; /* first failure, reported by tr_json_finish */
} tr_json;

void tr_json_init(tr_json *j, tr_buf *out);
void tr_json_object_begin(tr_json *j);
void tr_json_object_end(tr_json *j);
void tr_json_array_begin(tr_json *j);
void tr_json_array_end(tr_json *j);
void tr_json_key(tr_json *j, const char *key);
void tr_json_string(tr_json *j, const char *s);  /* NULL writes null */
void tr_json_number(tr_json *j, double v);
void tr_json_int(tr_json *j, int64_t v);
void tr_json_bool(tr_json *j, bool v);
void tr_json_null(tr_json *j);
/* Finish: a final newline. Returns 0, or TR_ENOMEM if any write failed. */
int tr_json_finish(tr_json *j);

/* Append s as a JSON string literal (with quotes) to out. Invalid UTF-8
 * bytes are replaced by U+FFFD so the output is always valid JSON. */
int tr_json_escape(tr_buf *out, const char *s);

/* ---- diagnostics ----------------------------------------------------- */

/*
 * Warnings and findings that do not stop the job: a run left out, a log
 * that could not be read. Each names a file (relative to the study) and a
 * line (0 when the whole file is meant).
 */
typedef enum tr_severity {
	TR_SEV_NOTE = 0,
	TR_SEV_WARNING = 1
} tr_severity;

typedef struct tr_diag {
	tr_severity severity;
	char *code;     /* a stable identifier, e.g. "run-aborted" */
	char *path;     /* relative to the study, or NULL */
	long line;
	char *message;
} tr_diag;

typedef struct tr_diags {
	tr_diag *items;
	size_t count;
	size_t cap;
} tr_diags;

/* Append a diagnostic (strings are copied). Returns 0 or TR_ENOMEM. */
int tr_diags_add(tr_diags *d, tr_severity sev, const char *code,
                 const char *path, long line, const char *fmt, ...)
	TR_PRINTF(6, 7);
/* Sort by path, line, code, message: stable output whatever the order of
 * discovery (threads may find problems in any order). */
void tr_diags_sort(tr_diags *d);
/* Move all of src's items to the end of dst; src is left empty. */
int tr_diags_move(tr_diags *dst, tr_diags *src);
void tr_diags_free(tr_diags *d);
/* "path:line: message" (or without line/path), appended to out, with
 * control characters and invalid bytes as \xNN (tr_text_escape). */
int tr_diag_format(tr_buf *out, const tr_diag *diag);

/* ---- strings --------------------------------------------------------- */

bool tr_str_starts_with(const char *s, const char *prefix);
bool tr_str_ends_with(const char *s, const char *suffix);
/* Byte-wise comparison suitable for qsort of `const char *` elements. */
int tr_strcmp_ptr(const void *a, const void *b);
/* true if s is valid UTF-8 (no overlongs, no surrogates). */
bool tr_utf8_valid(const char *s, size_t len);
/* true when s holds only printable UTF-8 (no control characters, no C1
 * controls, no invalid bytes). */
bool tr_text_is_safe(const char *s, size_t len);
/* Append s with every control character and invalid byte as \xNN (ESC
 * is "\x1B", 0xFF is "\xFF"); printable UTF-8 is kept as is. */
int tr_text_escape(tr_buf *out, const char *s, size_t len);

/* ---- digest ---------------------------------------------------------- */

/* SHA-256, for the digest of a study's inputs shown in reports. */
typedef struct tr_sha256 {
	uint32_t state[8];
	uint64_t length;
	unsigned char block[64];
	size_t used;
} tr_sha256;

void tr_sha256_init(tr_sha256 *ctx);
void tr_sha256_update(tr_sha256 *ctx, const void *data, size_t len);
/* Writes 65 bytes: 64 lowercase hex digits and a NUL. */
void tr_sha256_hex(tr_sha256 *ctx, char out[65]);

/* ---- natural order --------------------------------------------------- */

/* Compare so that digit runs compare as numbers: "run2" < "run10",
 * "bench100" < "bench1000". Ties fall back to byte order. */
int tr_natcmp(const char *a, const char *b);

/* ---- worker threads -------------------------------------------------- */

/*
 * How many threads tr_pool_run will use for njobs jobs when asked for
 * `threads` (0: one per online CPU): at least 1, at most njobs.
 */
int tr_pool_threads(int threads, size_t njobs);

/*
 * Run job(ctx, i, worker) for i in [0, njobs) on tr_pool_threads(threads,
 * njobs) threads, the calling one included (worker 0), each job taken by
 * whichever thread is free. `worker` (0 .. threads-1) lets a job use
 * per-thread scratch space the caller prepared. Jobs must write only to
 * their own slot of ctx; results are then merged by the caller in index
 * order, so output never depends on scheduling. Returns 0, or TR_ERROR if
 * threads could not be started (the jobs then run on fewer threads).
 */
int tr_pool_run(int threads, size_t njobs,
                void (*job)(void *ctx, size_t i, int worker), void *ctx);
/* Online CPUs (at least 1). */
int tr_cpu_count(void);

/* ---- fast content hash ----------------------------------------------- */

/*
 * A 64-bit non-cryptographic hash of bytes, ~10 GB/s, for fingerprinting
 * large log files in the inputs digest without a second slow pass (the
 * digest itself is SHA-256 over the list of inputs; see docs/metrics.md).
 * Streaming: init, update any number of times, final. The value depends
 * only on the bytes (not on how they were split into updates, nor on the
 * machine's byte order).
 */
typedef struct tr_hash64 {
	uint64_t lane[4];
	uint64_t length;
	unsigned char tail[32];
	size_t used;
} tr_hash64;

void tr_hash64_init(tr_hash64 *h);
void tr_hash64_update(tr_hash64 *h, const void *data, size_t len);
uint64_t tr_hash64_final(const tr_hash64 *h);

/* ---- JSON reading -------------------------------------------------- */

/*
 * A JSON reader (RFC 8259) that builds a tree, for the files tpsreport
 * writes itself and reads back (init.json). Input is never trusted: nesting
 * deeper than TR_JSONVAL_MAX_DEPTH, invalid UTF-8, raw control characters
 * in strings, "\u0000", unpaired surrogates, numbers outside the JSON
 * grammar or beyond the range of a double, and text after the value are
 * errors, reported as "path:line: message". A UTF-8 byte order mark at the
 * start is skipped. Every value records the line it starts on, so callers
 * can report "path:line: ..." about its meaning too.
 */
#define TR_JSONVAL_MAX_DEPTH 64

typedef enum tr_jsonval_type {
	TR_JSONVAL_NULL = 0,
	TR_JSONVAL_BOOL,
	TR_JSONVAL_NUMBER,
	TR_JSONVAL_STRING,
	TR_JSONVAL_ARRAY,
	TR_JSONVAL_OBJECT
} tr_jsonval_type;

typedef struct tr_jsonval tr_jsonval;
struct tr_jsonval {
	tr_jsonval_type type;
	long line;            /* 1-based line where the value starts */
	bool boolean;         /* BOOL */
	double number;        /* NUMBER */
	char *text;           /* STRING: decoded, NUL-terminated UTF-8;
	                         NUMBER: the number as written; else NULL */
	size_t len;           /* strlen(text) */
	tr_jsonval *items;    /* ARRAY: elements; OBJECT: member values */
	char **keys;          /* OBJECT: member names, parallel to items */
	size_t count;         /* ARRAY, OBJECT: number of items */
};

/* Parse a whole document. *out is a new tree the caller frees with
 * tr_jsonval_free(); on failure *out is NULL and the message says
 * "path:line: ...". TR_EINVALID for bad input, TR_ENOMEM. */
int tr_jsonval_parse(tr_jsonval **out, const char *text, size_t len,
                     const char *path);
/* Free a tree from tr_jsonval_parse (NULL is fine). */
void tr_jsonval_free(tr_jsonval *v);
/* The member named key of an object, or NULL (also when v is NULL or not
 * an object). With duplicate names, the last one wins. Owned by the tree. */
const tr_jsonval *tr_jsonval_get(const tr_jsonval *v, const char *key);
/* "null", "boolean", "number", "string", "array", "object". */
const char *tr_jsonval_type_name(tr_jsonval_type type);
/* A NUMBER written as an integer (no fraction, no exponent) that fits:
 * 0, else TR_EINVALID without a message. */
int tr_jsonval_int64(int64_t *out, const tr_jsonval *v);

#endif
