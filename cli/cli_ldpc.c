/* --code NAME|FILE of the LDPC subcommands (cli_ldpc.h). */
#include "cli_ldpc.h"

#include "cli.h"
#include "fecforge/error.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

int fg_cli_ldpc_fixed_option(const char *cmd, const char *name, const char *arg, fg_ldpc_fixed_cfg *fx, int *given)
{
    static const struct {
        const char *name;
        int lo, hi;
        size_t off;
    } opts[] = {{"llr-width", 2, 16, offsetof(fg_ldpc_fixed_cfg, llr_width)},
                {"llr-frac", 0, 15, offsetof(fg_ldpc_fixed_cfg, llr_frac)},
                {"r-width", 2, 16, offsetof(fg_ldpc_fixed_cfg, r_width)},
                {"app-width", 2, 24, offsetof(fg_ldpc_fixed_cfg, app_width)},
                {"in-shift", 0, 15, offsetof(fg_ldpc_fixed_cfg, in_shift)},
                {"scale-round", 0, 1, offsetof(fg_ldpc_fixed_cfg, scale_round)},
                {"r-sat-late", 0, 1, offsetof(fg_ldpc_fixed_cfg, r_sat_late)},
                {"app-keep", 0, 1, offsetof(fg_ldpc_fixed_cfg, app_keep)}};
    for (size_t i = 0; i < sizeof opts / sizeof *opts; i++)
        if (!strcmp(name, opts[i].name)) {
            if (fg_cli_int(cmd, name, arg, opts[i].lo, opts[i].hi, (int *)((char *)fx + opts[i].off)))
                return -1;
            if (given)
                *given = 1;
            return 1;
        }
    return 0;
}

int fg_cli_ldpc_mb(const char *cmd, const char *text, int *n1, int *n2)
{
    char tail;
    if (sscanf(text, "%dx%d%c", n1, n2, &tail) != 2) {
        fg_cli_usage_error(cmd, "--mb=%s invalid: expected N1xN2, e.g. 2x2", text);
        return -1;
    }
    return 0;
}
