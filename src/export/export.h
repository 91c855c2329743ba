#ifndef TR_EXPORT_H
#define TR_EXPORT_H

/*
 * export: the results as data: the JSON document (docs/results-json.md, a
 * public interface with a schema version), CSV, and the plain-text tables
 * of `tpsreport summary`. Each function appends to `out`; the caller owns
 * and frees the buffer. Output depends only on the results: the same
 * results give the same bytes.
 */

#include "stats/stats.h"
#include "util/buf.h"

#define TR_RESULTS_SCHEMA 2

int tr_export_json(tr_buf *out, const tr_results *r);
/* The same document with every run's window series (build --windows):
 * runs[].windows.series_origin_s and .series; the rest byte for byte as
 * tr_export_json writes it. */
int tr_export_json_windows(tr_buf *out, const tr_results *r);

/* One row per cell, then (in runs.csv) one per run; RFC 4180 quoting. */
int tr_export_cells_csv(tr_buf *out, const tr_results *r);
int tr_export_runs_csv(tr_buf *out, const tr_results *r);
/* data/windows.csv (build --windows): one row per counted window of every
 * run (the series the timeline draws): its start (epoch seconds for
 * aggregate logs, seconds since the start for -P lines: `source` says
 * which), length, TPS and mean latency. */
int tr_export_windows_csv(tr_buf *out, const tr_results *r);

/* The tables of `tpsreport summary`: runs, cells, comparisons, init. */
int tr_export_text(tr_buf *out, const tr_results *r);

#endif
