/* The generated LDPC decoder's options (gen ldpc, area ldpc, verify ldpc): one parser that fills an
 * fg_gen_ldpc_cfg and owns the codes and column orders it points to. */
#ifndef FG_CLI_LDPC_DESIGN_H
#define FG_CLI_LDPC_DESIGN_H

#include <stddef.h>

#include "cli_ldpc.h"
#include "fecforge_gen/gen.h"

typedef struct {
    fg_gen_ldpc_cfg gen;    /* codes, n_codes, col_order point into the fields below once finished */
    char *codes_text;       /* --codes as given (malloc'ed copy), NULL if not given */
    fg_ldpc_code **codes;   /* n_codes opened codes (gen.codes) */
    int **col_order;        /* n_codes column orders (--reorder) or NULL (gen.col_order) */
    int reorder;            /* --reorder */
    int mb_given;           /* --mb was given (else Kx2) */
    char mb_text[32];
    char scale_text[32];    /* --scale as given ("" = default 0.75) */
} fg_cli_ldpc_design;

/* Defaults: no codes, fg_gen_ldpc_cfg_default() (K 2, MB 2x2, 6/2 LLR, R 6, APP 7, 0.75, 15 iterations). */
void fg_cli_ldpc_design_init(fg_cli_ldpc_design *d);

/* Long option `name` (--codes, --layers, --mb, --max-iter, --mb-order, --reorder, --scale and the
 * fixed-point options of cli_ldpc.h) into d. Returns 1 when parsed, 0 when name is none of these,
 * -1 after printing a usage error. */
int fg_cli_ldpc_design_option(const char *cmd, const char *name, const char *arg, fg_cli_ldpc_design *d);

/* After parsing: opens the codes, sets MB = Kx2 without --mb, checks the configuration
 * (fg_gen_ldpc_check), and with --reorder searches each code's column order. Returns 0, or an exit
 * code after printing the error (FG_EXIT_USAGE for bad parameters). */
int fg_cli_ldpc_design_finish(const char *cmd, fg_cli_ldpc_design *d);

/* Releases everything d owns (codes, orders, texts); d can be initialised again. */
void fg_cli_ldpc_design_free(fg_cli_ldpc_design *d);

/* The design options that reproduce d (after finish), e.g. "--codes wifi --layers 2 --mb 2x2 ...",
 * into buf. */
void fg_cli_ldpc_design_args(const fg_cli_ldpc_design *d, char *buf, size_t n);

/* The long options of the design, to splice into a getopt_long table: has_arg values as getopt's. */
#define FG_CLI_LDPC_DESIGN_OPTIONS(base)                                                                          \
    {"codes", 1, NULL, (base) + 0}, {"layers", 1, NULL, (base) + 1}, {"mb", 1, NULL, (base) + 2},                 \
        {"max-iter", 1, NULL, (base) + 3}, {"mb-order", 1, NULL, (base) + 4}, {"reorder", 0, NULL, (base) + 5},   \
        {"scale", 1, NULL, (base) + 6}, {"llr-width", 1, NULL, (base) + 7}, {"llr-frac", 1, NULL, (base) + 8},    \
        {"r-width", 1, NULL, (base) + 9}, {"app-width", 1, NULL, (base) + 10}, {"in-shift", 1, NULL, (base) + 11}, \
        {"scale-round", 1, NULL, (base) + 12}, {"r-sat-late", 1, NULL, (base) + 13},                              \
        {"app-keep", 1, NULL, (base) + 14}
enum { FG_CLI_LDPC_DESIGN_NOPTS = 15 };

/* Help text of those options. */
#define FG_CLI_LDPC_DESIGN_HELP                                                                                 \
    "  --codes LIST      comma-separated codes of one family: built-in names (fecforge code ldpc --list),\n"      \
    "                    wifi (the 12 802.11n codes), wimax (the 114 802.16e codes), or base-matrix files\n"     \
    "                    (docs/ldpc-codes.md); code_sel_i selects them in this order (required)\n"              \
    "  --layers K        layers per macro-layer, [1, smallest mb of the set] (default 2)\n"                      \
    "  --mb N1xN2        macroblock, N1 = K, N2 = read/write ports [1, 16] (default Kx2)\n"                    \
    "  --max-iter N      largest value of the max_iter_i input, [1, 255] (default 15)\n"                         \
    "  --mb-order O      ltr (default: MBs left to right) or hazard (static hazard-avoiding order)\n"          \
    "  --reorder         per code, the column order that minimises the cycles per iteration\n"                 \
    "                    (fecforge arch ldpc --reorder, columns only; in the ROM)\n"                          \
    "  --scale X         min-sum scaling num/2^shift, shift <= 8, e.g. 0.75 (default), 0.5, 0.875, 1, 3/4\n"  \
    FG_CLI_LDPC_FIXED_HELP

#endif
