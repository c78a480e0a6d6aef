/* LDPC code arguments of the fecforge command (code ldpc, ber ldpc, arch ldpc). */
#ifndef FG_CLI_LDPC_H
#define FG_CLI_LDPC_H

#include "fecforge/ldpc_code.h"

/* Help text for --code and --z, for the subcommands' --help. */
#define FG_CLI_LDPC_CODE_HELP                                                                              \
    "  --code NAME|FILE    a built-in code (fecforge code ldpc --list):\n"                                   \
    "                      wifi-<648|1296|1944>-<1/2|2/3|3/4|5/6>,\n"                                        \
    "                      wimax-<576..2304 step 96>-<1/2|2/3A|2/3B|3/4A|3/4B|5/6>;\n"                       \
    "                      or a base-matrix file (docs/ldpc-codes.md), or FILE.alist with --z\n"            \
    "  --z Z               circulant size of an alist file's quasi-cyclic H, [1, 1024]\n"

/* Open the code named by arg: a built-in name, FILE.alist (needs alist_z > 0, the circulant size),
 * or any other existing file as a base matrix. alist_z <= 0 means "not given"; it is refused with a
 * file that is not an alist. Returns 0 and *out (fg_ldpc_code_destroy it), or prints
 * "fecforge: --code ...: <why>" to stderr and returns FG_EXIT_USAGE (*out NULL). */
int fg_cli_ldpc_code_open(const char *arg, int alist_z, fg_ldpc_code **out);

#endif
