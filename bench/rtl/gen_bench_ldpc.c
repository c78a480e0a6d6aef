/* gen_bench_ldpc: writes the LDPC decoder of bench_rtl_ldpc (bench_ldpc_design.h) with fg_gen_ldpc
 * into DIR, and its top module as a Verilator option into DIR.vc ("--top-module NAME"; the build's
 * Verilator command reads it with -f).
 * Usage: gen_bench_ldpc DIR CODES [reorder]   CODES: "all" or a comma-separated list of 802.11n codes. */
#include "bench_ldpc_design.h"
#include "fecforge_gen/gen.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4 || (argc == 4 && strcmp(argv[3], "reorder") != 0)) {
        fprintf(stderr, "usage: gen_bench_ldpc DIR CODES [reorder]\n");
        return 2;
    }
    fg_bench_ldpc_design d;
    int rc = fg_bench_ldpc_design_make(argv[2], argc == 4, &d);
    if (rc) {
        fprintf(stderr, "gen_bench_ldpc: %s\n", fg_last_error());
        return 1;
    }
    fg_gen_ldpc_cfg g = fg_gen_ldpc_cfg_default();
    g.arch = d.arch;
    g.codes = (const fg_ldpc_code *const *)d.codes;
    g.n_codes = d.n_codes;
    g.col_order = (const int *const *)d.col_order;
    char top[128], path[4096];
    fg_gen_ldpc_name(&g, top, sizeof top);
    rc = fg_gen_ldpc(&g, argv[1]);
    if (!rc) {
        snprintf(path, sizeof path, "%s.vc", argv[1]);
        FILE *f = fopen(path, "w");
        if (!f || fprintf(f, "--top-module %s\n", top) < 0)
            rc = fg_set_error(FG_EIO, "cannot write %s", path);
        if (f && fclose(f))
            rc = fg_set_error(FG_EIO, "cannot write %s", path);
    }
    fg_bench_ldpc_design_free(&d);
    if (rc) {
        fprintf(stderr, "gen_bench_ldpc: %s\n", fg_last_error());
        return 1;
    }
    return 0;
}
