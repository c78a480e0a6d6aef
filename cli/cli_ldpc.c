/* --code NAME|FILE of the LDPC subcommands (cli_ldpc.h). */
#include "cli_ldpc.h"

#include "cli.h"
#include "fecforge/error.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

int fg_cli_ldpc_code_open(const char *arg, int alist_z, fg_ldpc_code **out)
{
    if (out)
        *out = NULL;
    if (!arg || !out) {
        fprintf(stderr, "fecforge: --code is required\n");
        return FG_EXIT_USAGE;
    }
    const int alist = ends_with(arg, ".alist");
    struct stat st;
    if (stat(arg, &st) != 0) {
        if (alist) {
            fprintf(stderr, "fecforge: --code %s: no such file\n", arg);
            return FG_EXIT_USAGE;
        }
        /* a name: the library's message lists the valid forms */
        if (fg_ldpc_code_create(arg, out) == 0) {
            if (alist_z > 0) {
                fg_ldpc_code_destroy(*out);
                *out = NULL;
                fprintf(stderr, "fecforge: --z=%d applies to FILE.alist only, not to the built-in code %s\n", alist_z,
                        arg);
                return FG_EXIT_USAGE;
            }
            return 0;
        }
        fprintf(stderr, "fecforge: --code %s: %s; or a base-matrix file or FILE.alist with --z (no file of that name)\n",
                arg, fg_last_error());
        return FG_EXIT_USAGE;
    }
    if (S_ISDIR(st.st_mode)) {
        fprintf(stderr, "fecforge: --code %s: is a directory\n", arg);
        return FG_EXIT_USAGE;
    }
    int rc;
    if (alist) {
        if (alist_z <= 0) {
            fprintf(stderr, "fecforge: --code %s: an alist file needs --z Z (the circulant size of its quasi-cyclic H)\n",
                    arg);
            return FG_EXIT_USAGE;
        }
        rc = fg_ldpc_code_read_alist(arg, alist_z, NULL, out);
    } else {
        if (alist_z > 0) {
            fprintf(stderr, "fecforge: --z=%d applies to FILE.alist only; %s is read as a base-matrix file\n", alist_z,
                    arg);
            return FG_EXIT_USAGE;
        }
        rc = fg_ldpc_code_read_base(arg, out);
    }
    if (rc < 0) {
        fprintf(stderr, "fecforge: --code %s\n", fg_last_error()); /* the message starts with the path */
        return FG_EXIT_USAGE;
    }
    return 0;
}

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
