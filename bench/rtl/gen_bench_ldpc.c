/* gen_bench_ldpc: writes the LDPC decoder of bench_rtl_ldpc (bench_ldpc_design.h) through the design "ldpc"
 * into DIR, and its top module as a Verilator option into DIR.vc ("--top-module NAME"; the build's
 * Verilator command reads it with -f).
 * Usage: gen_bench_ldpc DIR CODES [reorder]   CODES: "all" or a comma-separated list of 802.11n codes. */
#include "fecforge/error.h"
#include "fecforge_gen/design.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4 || (argc == 4 && strcmp(argv[3], "reorder") != 0)) {
        fprintf(stderr, "usage: gen_bench_ldpc DIR CODES [reorder]\n");
        return 2;
    }
    /* the design of the command line `fecforge gen ldpc --codes CODES [--reorder]` (its defaults are the thesis
       configuration of bench_ldpc_design.h; "all" the twelve 802.11n codes, --reorder its column orders) */
    char args[4096];
    snprintf(args, sizeof args, "--codes %s%s", strcmp(argv[2], "all") ? argv[2] : "wifi", argc == 4 ? " --reorder" : "");
    fg_design_setup s;
    int rc = fg_design_setup_text(&s, fg_design_find("ldpc"), 0, args);
    char top[128], path[4096];
    if (!rc) {
        s.design->top(s.cfg, top, sizeof top);
        rc = s.design->generate(s.cfg, argv[1]);
    }
    if (!rc) {
        snprintf(path, sizeof path, "%s.vc", argv[1]);
        FILE *f = fopen(path, "w");
        if (!f || fprintf(f, "--top-module %s\n", top) < 0)
            rc = fg_set_error(FG_EIO, "cannot write %s", path);
        if (f && fclose(f))
            rc = fg_set_error(FG_EIO, "cannot write %s", path);
    }
    fg_design_setup_free(&s);
    if (rc) {
        fprintf(stderr, "gen_bench_ldpc: %s\n", fg_last_error());
        return 1;
    }
    return 0;
}
