/* The Verilator driver of `fecforge verify` (cli_verilator.c, docs/verify.md): everything that runs
 * Verilator, the vector harness (testbench/vecsim) and the SystemC co-simulation (testbench/systemc). A
 * work directory holds rtl/ (the design: files.f, manifest.json, Verilog), tb/ (the embedded harness
 * sources), obj/tb (the vector harness), obj-trace/tb (the same with FST tracing, built for a
 * mismatch only) and sc-obj/cosim (the co-simulation); every path the builds
 * see is relative to it. */
#ifndef FG_CLI_VERILATOR_H
#define FG_CLI_VERILATOR_H

#include <limits.h>
#include <stddef.h>

#include "cli.h"
#include "fecforge/output.h"
#include "json_read.h"

/* snprintf for the paths derived from the work directory (checked once to leave 512 characters). */
void fg_cli_pathf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The work directory: --work DIR (work_opt; created if missing, emptied if an earlier verify work
 * directory, refused otherwise) or a new one under $TMPDIR (*td), made absolute into work. 0, or an
 * exit code after printing the error. */
int fg_cli_vl_work(const char *work_opt, char *work, size_t n, fg_tmpdir **td);
/* path (an existing directory) made absolute in place; FG_EINVAL with the message set. */
int fg_cli_vl_absolute(char *path, size_t n);
/* The generator's manifest.json of an RTL directory, parsed (design, top and ports present); FG_EINVAL
 * with the message set (not printed). */
int fg_cli_vl_manifest(const char *rtl_dir, vj *doc);
/* A file list (DIR/files.f) is data, never options (docs/verify.md "File lists"): each non-empty line the
 * plain name of a Verilog file of DIR itself ([A-Za-z0-9_][A-Za-z0-9_.-]*, ending in .v, .sv or .vh; no
 * '/', no '-', '+' or '.' first), an existing regular file, not a link. Every argument vector of Verilator
 * and every Yosys script names the files of such a list only. */
enum { FG_CLI_VL_NAME_MAX = 256 };
typedef char fg_cli_vl_name[FG_CLI_VL_NAME_MAX];
typedef struct {
    int n;
    fg_cli_vl_name *names;
} fg_cli_vl_list;
/* DIR/files.f read and every line checked: 0, or FG_EINVAL with "DIR/files.f line N: ..." set. */
int fg_cli_vl_list_read(const char *dir, fg_cli_vl_list *l);
void fg_cli_vl_list_free(fg_cli_vl_list *l);
/* Copy the design of an RTL directory (manifest.json, the files of its checked files.f, and a files.f
 * written from the checked names) into work/rtl; a bad file list is a usage error naming its line. */
int fg_cli_vl_copy_design(const char *src, const char *work);
/* Runs of fewer cycles than this (all vector sets together) compile the Verilated C++ with -O0
 * instead of Verilator's -Os: 3x faster to build and 5x slower per cycle, so building costs more than
 * simulating below about 10^5 cycles whatever the design's size (docs/verify.md "Build time"). */
#define FG_CLI_VL_SHORT_RUN 100000LL
/* The cycles the vector set in dir simulates (its manifest's trace_cycles); FG_CLI_VL_SHORT_RUN, a long
 * run, when it has no such count. */
long long fg_cli_vl_set_cycles(const char *dir);
/* Vector sets per run of the harness. */
#define FG_CLI_VL_BATCH 64
/* Verilate work/rtl with the vector harness into work/obj/tb, or with FST tracing (trace) into
 * work/obj-trace/tb (top: the design's top module); cycles: the run's length (fg_cli_vl_set_cycles
 * summed), which picks the C++ optimisation. */
int fg_cli_vl_harness(const char *work, int jobs, long long cycles, int trace, char *top, size_t top_n);
/* After a mismatch of the untraced harness: build the traced one and run it on the n sets dirs (at most
 * FG_CLI_VL_BATCH; latency: its --latency or NULL) up to the mismatch, which it replays into
 * DIR.mismatch.fst; prints "waveform of the failing run: PATH". 0, or FG_EXIT_FAIL (printed). */
int fg_cli_vl_waveform(const char *work, int jobs, long long cycles, const char *latency, char *const dirs[],
                       int n);
/* Build the SystemC co-simulation of work/rtl into work/sc-obj/cosim. */
int fg_cli_vl_cosim(const char *work, int jobs, long long cycles, char *top, size_t top_n);
/* Run argv in cwd (NULL: here) with stdout and stderr appended to log (NULL: ours): its exit status
 * (128 + signal if killed, -1 if it could not run). */
int fg_cli_vl_run(const char *cwd, char *const argv[], const char *log);
/* The last lines of a log, to stderr. */
void fg_cli_vl_tail(const char *log, int lines);
/* The harness logged a PASS line for the set in dir. */
int fg_cli_vl_passed(const char *log, const char *dir);
/* How a build or a run ended, besides 0 (match) and FG_EXIT_USAGE: a mismatch (the harness or the
 * co-simulation exited 1), a failed build of Verilator or the C++ compiler (fg_cli_vl_harness, fg_cli_vl_cosim
 * and fg_cli_vl_cosim_sets after printing "the Verilator build failed ...; last lines of LOG"), a harness that
 * failed otherwise (a crash, a bad set). Each is exit 1 for the user; only the first is a MISMATCH. Any other
 * non-zero value: a failure before the build, printed. */
enum { FG_CLI_VL_MISMATCH = FG_EXIT_FAIL, FG_CLI_VL_BUILD_FAILED = 3, FG_CLI_VL_RUN_FAILED = 4 };
/* The harness's exit status st: 0, or what it logged (printed) and FG_CLI_VL_MISMATCH or FG_CLI_VL_RUN_FAILED. */
int fg_cli_vl_status(int st, const char *top, const char *log);

/* A vector set of a run and whether it matched. */
typedef struct {
    char dir[PATH_MAX];
    int pass;
} fg_cli_vl_set;
/* The cycles of the n sets together (fg_cli_vl_set_cycles). */
long long fg_cli_vl_sets_cycles(const fg_cli_vl_set *s, int n);
/* --sim systemc: build the co-simulation and run it on the n sets. */
int fg_cli_vl_cosim_sets(const char *work, int jobs, fg_cli_vl_set *res, int n, const char *log);

#endif
