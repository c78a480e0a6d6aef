/* Pieces shared by the BER commands (cmd_ber.c: ber ldpc, ber plot; cmd_ber_turbo.c: ber turbo):
 * option values, the Eb/N0 list, per-point JSON and table rows, curves from earlier JSON results and
 * the FER/BER plot. */
#ifndef FG_CLI_BER_H
#define FG_CLI_BER_H

#include "cli.h"

#include <stddef.h>
#include <stdio.h>

enum { FG_CLI_EBN0_MAX = 1000, FG_CLI_PLOT_WITH_MAX = 16, FG_CLI_LABEL_MAX = 128, FG_CLI_FER_TARGETS = 6 };
/* The FERs at which the JSON reports the interpolated Eb/N0 ("ebn0_at_fer"), and their keys. */
extern const double fg_cli_fer_targets[FG_CLI_FER_TARGETS];
extern const char *const fg_cli_fer_target_names[FG_CLI_FER_TARGETS];

/* A finite double (the whole text). 0 or -1. */
int fg_cli_parse_double(const char *text, double *v);
/* --ebn0: comma-separated items, each a value or A:STEP:B, strictly ascending overall, in [-50, 100],
 * at most FG_CLI_EBN0_MAX points into out. Usage error naming --ebn0 (returns -1) otherwise. */
int fg_cli_ber_ebn0(const char *cmd, const char *text, double *out, int *n);
/* A long long option in [lo, hi]; usage error naming --opt (returns -1) otherwise. */
int fg_cli_ll(const char *cmd, const char *opt, const char *text, long long lo, long long hi, long long *out);

/* One simulated point as the commands print it. */
typedef struct {
    double ebn0_db, sigma, fer, ber, avg_iter, seconds;
    long long frames, frame_errors, bit_errors;
    int stop_min_fe; /* 1: ended at --min-fe, 0: at --max-frames */
} fg_cli_ber_pt;
/* The "points" entry of one point: ebn0, sigma, frames, frame_errors, bit_errors, fer, ber, avg_iter,
 * stop, elapsed_s, frames_per_s. */
void fg_cli_ber_json_point(fg_json *j, const fg_cli_ber_pt *p);
/* The human table: header and one row per point. */
void fg_cli_ber_table_head(void);
void fg_cli_ber_table_row(const fg_cli_ber_pt *p);

/* Progress of a run on stderr (fg_cli_progress_text): Eb/N0, frames, frame errors against min_fe, rates and
 * an estimate of the time left. Set start = fg_cli_now() when a point starts. */
typedef struct {
    const char *cmd;
    long long min_fe, max_frames;
    double start; /* when the point started */
} fg_cli_ber_progress;
/* A line for p (final: the point's last, always printed). */
void fg_cli_ber_progress_show(fg_cli_ber_progress *s, const fg_cli_ber_pt *p, int final);

/* The Eb/N0 at each of fg_cli_fer_targets (have[t] = 0 where the curve does not reach it). */
typedef struct {
    double ebn0[FG_CLI_FER_TARGETS];
    int have[FG_CLI_FER_TARGETS];
} fg_cli_fer_at;
/* The opening of the JSON object of a run: provenance, "command", "label". */
void fg_cli_ber_json_head(fg_json *j, long long seed, const char *command, const char *label);
/* "channel", "seed", "min_fe", "max_frames". */
void fg_cli_ber_json_channel(fg_json *j, long long seed, long long min_fe, long long max_frames);
/* The results: "ebn0_asked" (the n_asked points asked for), "points" (p_n), "ebn0_at_fer" and "run". */
void fg_cli_ber_json_results(fg_json *j, const double *ebn0_asked, int n_asked, const fg_cli_ber_pt *p_n, int n,
                             const fg_cli_fer_at *at, int threads, double elapsed);
/* The text after the table: "Eb/N0 at FER ..." (where reached) and the total time. */
void fg_cli_ber_summary(const fg_cli_fer_at *at, double elapsed);

/* A curve of a plot. */
typedef struct {
    char label[FG_CLI_LABEL_MAX];
    int n;
    double *ebn0, *fer, *ber;
} fg_cli_curve;
void fg_cli_curve_free(fg_cli_curve *c);
int fg_cli_curve_alloc(fg_cli_curve *c, int n);
/* A curve from an earlier `ber ldpc|turbo --json` output (opt: the option that named it, for
 * messages). Usage error (exit 2) if unreadable. code_name (may be NULL) gets the code's name. */
int fg_cli_read_curve(const char *cmd, const char *opt, const char *path, fg_cli_curve *c, char *code_name,
                      size_t code_name_n);
/* FER (and BER, unless fer_only) against Eb/N0, one line per curve, into path (gnuplot). */
int fg_cli_ber_plot(const char *cmd, fg_out *png, const char *title, const fg_cli_curve *cv, int n, int fer_only);
/* The curves of --plot-with (paths_n) in a new array *cv of n + 1, the last left for the run's own curve.
 * Exit code; on failure *cv is NULL. */
int fg_cli_ber_plot_with(const char *cmd, const char *const *paths_n, int n, fg_cli_curve **cv);
/* cv[0 .. n-1] and the array (NULL accepted). */
void fg_cli_curves_free(fg_cli_curve *cv, int n);
/* The plot of a run: the n_with curves of fg_cli_ber_plot_with, then p_n (named label) in cv[n_with],
 * into png (fg_cli_out_open), closed here. FG_EXIT_OK or FG_EXIT_FAIL. */
int fg_cli_ber_plot_run(const char *cmd, fg_out *png, const char *title, const char *label, fg_cli_curve *cv,
                        int n_with, const fg_cli_ber_pt *p_n, int n);

/* fecforge ber turbo (cmd_ber_turbo.c; argv[0] = "turbo"). */
int fg_cli_ber_turbo(int argc, char **argv);

#endif
