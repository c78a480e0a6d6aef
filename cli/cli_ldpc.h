/* LDPC code arguments of the fecforge command (code ldpc, ber ldpc, arch ldpc). */
#ifndef FG_CLI_LDPC_H
#define FG_CLI_LDPC_H

#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"

/* The fixed-point model's options (ber ldpc --fixed, arch ldpc, vectors ldpc), by long option name:
 * --llr-width, --llr-frac, --r-width, --app-width, --in-shift, --scale-round 0|1, --r-sat-late 0|1,
 * --app-keep 0|1 into fx, and *given |= 1 (may be NULL). Returns 1 when parsed, 0 when name is none
 * of these, -1 after printing a usage error. Ranges across fields are the library's checks. */
int fg_cli_ldpc_fixed_option(const char *cmd, const char *name, const char *arg, fg_ldpc_fixed_cfg *fx, int *given);

/* Help text for those options. */
#define FG_CLI_LDPC_FIXED_HELP                                                                             \
    "  --llr-width W       channel LLR bits [2, 16] (default 6); --llr-frac F fractional bits (default 2)\n" \
    "  --r-width W         R bits [2, 16] (default 6); --app-width W APP bits [llr-width, 24] (default 7)\n" \
    "  --in-shift N        APP and R LSB = 2^N channel LSBs (default 1)\n"                                  \
    "  --scale-round B     1: the 0.75 scaling rounds to nearest, 0: floors (default 1)\n"                  \
    "  --r-sat-late B      1: R saturated after scaling, 0: |Q| before the min finder (default 1)\n"        \
    "  --app-keep B        1: a saturated APP keeps an R_old of its own sign (default 1)\n"                 \
    "                      (all four 0: the plain reading of the thesis, docs/ldpc.md)\n"

/* --mb N1xN2 into *n1, *n2; a usage error (returns -1) if text is not of that form. */
int fg_cli_ldpc_mb(const char *cmd, const char *text, int *n1, int *n2);

#endif
