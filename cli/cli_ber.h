/* Pieces of the BER output shared by `ber <family>` and `ber plot` (cmd_ber.c): per-point JSON and
 * table rows, progress, curves read from earlier JSON results and the FER/BER plot. Keys and labels
 * follow the family's channel axis (fecforge/family.h). */
#ifndef FG_CLI_BER_H
#define FG_CLI_BER_H

#include "cli.h"
#include "fecforge/family.h"

#include <stddef.h>
#include <stdio.h>

enum { FG_CLI_PLOT_WITH_MAX = 16, FG_CLI_LABEL_MAX = 128 };

/* The human table: header and one row per point (the JSON: fg_family_ber_json_point). */
void fg_cli_ber_table_head(const fg_family *f);
void fg_cli_ber_table_row(const fg_family *f, const fg_ber_point *p);

/* Progress of a point on stderr: the axis value, frames, frame errors against min_fe, rates, time left. */
typedef struct {
    const char *cmd;
    const fg_family *family;
    long long min_fe, max_frames;
    double start; /* when the point started (fg_cli_now) */
} fg_cli_ber_progress;
void fg_cli_ber_progress_show(const fg_cli_ber_progress *s, const fg_ber_point *p, int final);

/* A curve of a plot. */
typedef struct {
    char label[FG_CLI_LABEL_MAX];
    int n;
    double *x, *fer, *ber;
} fg_cli_curve;
void fg_cli_curve_free(fg_cli_curve *c);
int fg_cli_curve_alloc(fg_cli_curve *c, int n);
/* A curve from an earlier `ber <family> --json` output (opt: the option that named it, for messages):
 * the first member of each point is its axis value. Usage error (exit 2) if unreadable. code_name
 * (may be NULL) gets the code's name, axis (may be NULL, 32 bytes) the axis key. */
int fg_cli_read_curve(const char *cmd, const char *opt, const char *path, fg_cli_curve *c, char *code_name,
                      size_t code_name_n, char *axis);
/* FER (and BER, unless fer_only) against the axis of channel ch (its gnuplot label and scale; NULL: an
 * axis of that key, linear), one line per curve, into png. */
int fg_cli_ber_plot(const char *cmd, fg_out *png, const char *title, const fg_channel *ch, const char *axis,
                    const fg_cli_curve *cv, int n, int fer_only);
/* cv[0 .. n-1] and the array (NULL accepted). */
void fg_cli_curves_free(fg_cli_curve *cv, int n);

#endif
