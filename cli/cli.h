/* Shared helpers of the fecforge command: option values, errors, JSON output, files, plots.
 * Exit codes: 0 ok, 1 runtime failure or verification mismatch, 2 usage error. */
#ifndef FG_CLI_H
#define FG_CLI_H

#include <getopt.h>
#include <stdio.h>

enum { FG_EXIT_OK = 0, FG_EXIT_FAIL = 1, FG_EXIT_USAGE = 2 };

/* One subcommand: name, one-line summary, entry point (argv[0] is the subcommand name). */
typedef struct {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} fg_cli_command;

/* The subcommands, alphabetical, ended by a NULL name (cli_main.c). */
extern const fg_cli_command fg_cli_commands[];

/* The fecforge command on argv (cli_main.c): what main() runs. A program that registers families or
 * implementations of its own (fecforge/family.h) before calling it gets them in every verb. */
int fg_cli_main(int argc, char **argv);

/* Print "fecforge <cmd>: <message>" to stderr; return FG_EXIT_USAGE or FG_EXIT_FAIL. */
int fg_cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int fg_cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* JSON writer (fecforge/json.h). */
#include "fecforge/json.h"

/* ---- outputs (fecforge/output.h: regular files atomically, devices, FIFOs, links and "-" written
 * through, missing parent directories created) ---- */
#include "fecforge/output.h"
/* Open the output file of option --opt (opt without dashes; "o" for -o). Call before any work: on
 * failure a usage error naming the option is printed and NULL returned. */
fg_out *fg_cli_out_open(const char *cmd, const char *opt, const char *path);
/* ok: commit (a failure, e.g. ENOSPC, is printed as a runtime failure); else abort, saying what a
 * written-through output (a device, a FIFO) received already. NULL o is ok. FG_EXIT_OK or FG_EXIT_FAIL. */
int fg_cli_out_close(const char *cmd, fg_out *o, int ok);
/* "PATH received N bytes before the failure", for a written-through output that received any. */
void fg_cli_out_report_partial(const char *cmd, const fg_out *o);
/* The library failure rc of an output directory as an exit code: a refused or unusable directory is a
 * usage error naming --opt (exit 2), anything else a runtime failure (exit 1). Prints the message. */
int fg_cli_outdir_error(const char *cmd, const char *opt, int rc);

/* Every path of a command line, claimed before any output is written (cli_paths.c; fg_cli_parse claims
 * the options declared as paths): an output (file or directory) that is the same file as an input or
 * another output, that lies in an input directory or holds an input or output, is a usage error naming both
 * options ("-o f.txt and --in f.txt name the same file"). Files are identified by device and inode where
 * they exist, else by their canonical path (links and ".." resolved); "-" is standard input or output
 * (one of each at most); /dev/null may repeat; an input that does not exist is not claimed. opt is the
 * option as shown ("-o", "--in", "argument 2"). 0 or FG_EXIT_USAGE after printing the error. */
enum { FG_CLI_PATH_IN, FG_CLI_PATH_OUT, FG_CLI_PATH_OUTDIR };
int fg_cli_claim(const char *cmd, const char *opt, const char *path, int kind);
void fg_cli_claims_reset(void);
/* The end of the command: after a failure, a reader waiting at a FIFO named as an output gets its end of
 * file (the command may have failed before opening it). */
void fg_cli_claims_end(int failed);

/* Copy the rest of in to out: 0, or -1 when a read or write failed. */
int fg_cli_copy(FILE *in, FILE *out);

/* Render a gnuplot script into the PNG output png: gnuplot writes into a private temporary directory
 * (its `set output` is set here: scripts set the terminal only) and the image is copied into png.
 * Every string of user text in a script goes through fg_cli_gp_quote. FG_EXIT_OK or FG_EXIT_FAIL
 * (gnuplot missing or failing, with its messages). */
int fg_cli_gnuplot(const char *cmd, const char *script, fg_out *png);
/* s as a gnuplot single-quoted string: quotes doubled, control characters dropped; text 1 for a title or
 * label drawn by an enhanced-text terminal (its markup characters _ ^ { } @ & ~ \ shown as themselves). */
void fg_cli_gp_quote(FILE *f, const char *s, int text);

/* ---- progress on stderr (off with --quiet): on a terminal a live line with rate and ETA, else
 * plain lines (no control characters) at most every FG_CLI_PROGRESS_PLAIN_S seconds ---- */
enum { FG_CLI_PROGRESS_PLAIN_S = 10 };
extern int fg_cli_quiet;
/* done of total units of what (a call with done 0, or a new what, starts the clock). */
void fg_cli_progress(const char *cmd, const char *what, long done, long total);
/* A free-form progress line: on a terminal it replaces the live line; elsewhere it is printed
 * when force or when FG_CLI_PROGRESS_PLAIN_S have passed since the last plain line. */
void fg_cli_progress_text(int force, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clear the live line (terminal). */
void fg_cli_progress_done(void);
/* A ticker: while one long call runs that reports no progress of its own, a thread prints the text and
 * the seconds since the start (a plain line every FG_CLI_PROGRESS_PLAIN_S seconds off a terminal). NULL
 * if no thread could be started (the work goes on without it); stop (NULL ok) joins and frees it. */
typedef struct fg_cli_ticker fg_cli_ticker;
fg_cli_ticker *fg_cli_ticker_start(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fg_cli_ticker_stop(fg_cli_ticker *k);

/* ---- child processes and signals (cli_proc.c) ----
 * fg_cli_signals_start (main): SIGINT, SIGTERM and SIGHUP are handled by a thread of their own. Outside
 * a cooperative section a signal removes every pending output and temporary directory, stops the
 * children and ends the process with that signal. Inside one (fg_cli_coop_begin .. _end: long runs
 * that keep their results) the first signal stops the children and sets fg_cli_stopped(); the run
 * closes its report and exits 128 + signal; a second signal ends at once as above. */
void fg_cli_signals_start(void);
void fg_cli_coop_begin(void);
void fg_cli_coop_end(void);
int fg_cli_stopped(void); /* the signal that asked the run to stop, or 0 */
/* A child process: argv (PATH searched) in cwd (NULL: here), stdin from /dev/null or input[0..input_n),
 * stdout/stderr into files (NULL: ours; the same path for both: one log), appended or truncated; tick
 * (may be NULL) called about five times a second while it runs. The child leads its own process
 * group, which a signal stops. Returns its exit status, 128 + signal if killed, -1 if it could not run. */
typedef struct {
    const char *cwd, *stdout_path, *stderr_path;
    const char *input;
    size_t input_n;
    int append;
    void (*tick)(void *ctx, double elapsed_s);
    void *tick_ctx;
} fg_cli_proc;
int fg_cli_run(char *const argv[], const fg_cli_proc *p);
/* name (or a path) is an executable on PATH. */
int fg_cli_have_program(const char *name);
/* Monotonic seconds. */
double fg_cli_now(void);

/* Block sizes of an INTS option (fecforge/options.h): every size of the standard for "all", the list, or
 * def when the option was not given; each must be valid for the standard (usage error naming --K).
 * *K_n is malloc'ed. Returns 0 or -1 after printing the error. */
#include "fecforge/options.h"
int fg_cli_k_list(const char *cmd, int std, const fg_opt_ints *v, int def, int **K_n, int *n);

#endif
