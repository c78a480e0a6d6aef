/* fecforge gen: the RTL generator (gen/, library fecforge_gen). gen dbcf: the DBCF write network;
 * gen iag: the interleaver address generators; gen ldpc: the multi-layer MB-serial LDPC decoder. */
#include "cli.h"
#include "cli_ldpc_design.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge_gen/gen.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "gen";

static void help(void)
{
    printf("usage: fecforge gen dbcf --pllr P --banks M --select S|all --fifo-depth F --buf-depth B --width W\n"
           "                         [--bank-depth D] [--offer dual|head] [--lfsr-seed X] [--json] -o DIR\n\n"
           "Generate synthesizable Verilog-2005 for a design: one module per file, files.f (file list)\n"
           "and manifest.json (version, git hash, parameters, ports, latency). DIR is written\n"
           "completely or not at all; an existing DIR is replaced only if it is an earlier output.\n\n"
           "dbcf: the DBCF write network between PLLR lanes and M banks, cycle-exact with the step model\n"
           "of `fecforge dbcf` (docs/rtl-dbcf.md).\n"
           "  --pllr P         lanes, [1, %d]\n"
           "  --banks M        banks, [1, 4096]\n"
           "  --select S|all   words admitted per bank per cycle, [1, 2*PLLR] (all = 2*PLLR)\n"
           "  --fifo-depth F   lane FIFO depth, [0, %d] (0: no FIFO)\n"
           "  --buf-depth B    bank circular-buffer depth, [0, %d] (0: bypass only)\n"
           "  --width W        data (LLR) bits, [1, %d]\n"
           "  --bank-depth D   rows per bank, sets the row width (default: the deepest bank a UMTS/LTE\n"
           "                   block needs with this PLLR and M)\n"
           "  --offer MODE     dual (default) or head, as in `fecforge dbcf`\n"
           "  --lfsr-seed X    non-zero 16-bit seed of the priority LFSR (default 0xACE1)\n"
           "  -o DIR           output directory\n"
           "  --json           one JSON object on stdout (top module, directory, files)\n\n"
           "example:\n"
           "  fecforge gen dbcf --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7 --width 6 -o out/dbcf\n\n"
           "usage: fecforge gen iag --std lte|umts --pllr P [--forward-only] [--json] -o DIR\n\n"
           "iag: the interleaver address generator of the standard (K and the lane programs are ports),\n"
           "cycle-exact with the step model of `fecforge interleaver --iag` (docs/rtl-iag-lte.md).\n"
           "  --std S          lte or umts\n"
           "  --pllr P         lanes, a multiple of 4 in [4, %d]\n"
           "  --forward-only   interleave-only variant (umts only; lte shares one engine for both modes)\n"
           "  -o DIR           output directory\n"
           "  --json           one JSON object on stdout (top module, directory, latency)\n\n"
           "example:\n"
           "  fecforge gen iag --std lte --pllr 64 -o out/iag\n\n"
           "usage: fecforge gen subsystem [--std umts|lte] [--pllr P] [--banks M] [--mapping xmap|xmap-xor|mod]\n"
           "                              [--select S|all] [--fifo-depth F] [--buf-depth B] [--width W]\n"
           "                              [--bank-depth D] [--offer dual|head] [--lfsr-seed X] [--json] -o DIR\n\n"
           "subsystem: the interleaver write path, IAG -> LLR delay -> bank mapper -> DBCF, cycle-exact with\n"
           "the step model fg_subsys_step and `fecforge vectors subsystem` (docs/rtl-subsystem.md). Holds the\n"
           "IAG and DBCF modules of `gen iag` / `gen dbcf` unchanged. Defaults: umts, PLLR 32, M 64,\n"
           "xmap-xor, S 3, F 4, B 7, W 8, dual, seed 0xACE1, D = rows the largest block needs.\n"
           "  --std S          umts or lte (the IAG)\n"
           "  --pllr P         lanes, a multiple of 4 in [4, %d]; a power of 2 for xmap and xmap-xor\n"
           "  --banks M        banks: PLLR times a power of 2 for xmap and xmap-xor, a power of 2 for mod\n"
           "  --mapping NAME   bank mapping xmap, xmap-xor (default) or mod\n"
           "  --bank-depth D   rows per bank, at least what the largest block of the standard needs\n"
           "  other options as for dbcf\n\n"
           "example:\n"
           "  fecforge gen subsystem --std umts --pllr 32 --banks 64 --mapping xmap-xor -o out/subsys\n\n",
           FG_PLLR_MAX, FG_DBCF_DEPTH_MAX, FG_DBCF_DEPTH_MAX, FG_GEN_WIDTH_MAX, FG_IAG_LANES_MAX, FG_IAG_LANES_MAX);
    printf("usage: fecforge gen ldpc --codes LIST [--layers K] [--mb N1xN2] [--max-iter N] [--mb-order ltr|hazard]\n"
           "                         [--reorder] [--scale X] [fixed-point options] [--json] -o DIR\n\n"
           "ldpc: the multi-layer MB-serial QC-LDPC decoder (thesis 3.8, docs/rtl-ldpc.md), cycle-exact with\n"
           "the step model of `fecforge arch ldpc` and bit-exact with `fecforge ber ldpc --fixed`, for a set of\n"
           "codes of one family chosen at run time (code_sel_i = the code's position in LIST); base matrices\n"
           "and schedules in ROM, Zmax = the largest Z of the set. The iteration limit (max_iter_i) and early\n"
           "termination (et_en_i) are inputs. manifest.json lists every code with its index and cycles.\n"
           FG_CLI_LDPC_DESIGN_HELP
           "  -o DIR           output directory\n"
           "  --json           one JSON object on stdout (top module, directory, codes)\n\n"
           "examples:\n"
           "  fecforge gen ldpc --codes wifi --layers 2 --mb 2x2 -o out/ldpc-wifi\n"
           "  fecforge gen ldpc --codes wifi-648-1/2,wifi-1944-5/6 --layers 3 --scale 0.875 -o out/ldpc\n");
}

static int gen_ldpc(int argc, char **argv)
{
    enum { O_JSON = 256, O_DESIGN };
    static const struct option opts[] = {FG_CLI_LDPC_DESIGN_OPTIONS(O_DESIGN),
                                         {"json", no_argument, NULL, O_JSON},
                                         {"out", required_argument, NULL, 'o'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    fg_cli_ldpc_design d;
    fg_cli_ldpc_design_init(&d);
    const char *dir = NULL;
    int json = 0, c, idx = -1, rc = 0;
    optind = 1;
    while (!rc && (c = getopt_long(argc, argv, "ho:", opts, &idx)) != -1) {
        const char *name = idx >= 0 ? opts[idx].name : "";
        idx = -1;
        if (c == 'h') {
            help();
            fg_cli_ldpc_design_free(&d);
            return FG_EXIT_OK;
        }
        if (c == 'o')
            dir = optarg;
        else if (c == O_JSON)
            json = 1;
        else if (c < O_DESIGN || c >= O_DESIGN + FG_CLI_LDPC_DESIGN_NOPTS ||
                 fg_cli_ldpc_design_option(CMD, name, optarg, &d) <= 0)
            rc = FG_EXIT_USAGE; /* printed by getopt or the parser */
    }
    if (!rc && optind < argc)
        rc = fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!rc && !dir)
        rc = fg_cli_usage_error(CMD, "ldpc: -o DIR is required");
    if (!rc)
        rc = fg_cli_ldpc_design_finish(CMD, &d);
    if (!rc) {
        const int g = fg_gen_ldpc(&d.gen, dir);
        if (g == FG_EINVAL)
            rc = fg_cli_usage_error(CMD, "ldpc: %s", fg_last_error());
        else if (g)
            rc = fg_cli_fail(CMD, "ldpc: %s", fg_last_error());
    }
    if (!rc) {
        char name[128];
        fg_gen_ldpc_name(&d.gen, name, sizeof name);
        fg_gen_ldpc_dims dims;
        if (fg_gen_ldpc_dims_of(&d.gen, &dims))
            memset(&dims, 0, sizeof dims);
        if (json) {
            fg_json j;
            fg_json_begin(&j, stdout);
            fg_json_obj_open(&j, NULL);
            fg_json_provenance(&j, -1);
            fg_json_str(&j, "design", "ldpc");
            fg_json_str(&j, "top", name);
            fg_json_str(&j, "dir", dir);
            fg_json_int(&j, "zmax", dims.zmax);
            fg_json_arr_open(&j, "codes");
            for (int i = 0; i < d.gen.n_codes; i++)
                fg_json_str(&j, NULL, d.gen.codes[i]->name);
            fg_json_arr_close(&j);
            fg_json_obj_close(&j);
            fg_json_end(&j);
        } else {
            printf("fecforge gen ldpc: wrote %s (top %s, %d code%s, Zmax %d): files.f, manifest.json\n", dir, name,
                   d.gen.n_codes, d.gen.n_codes > 1 ? "s" : "", dims.zmax);
        }
    }
    fg_cli_ldpc_design_free(&d);
    return rc;
}

static int gen_dbcf(int argc, char **argv)
{
    enum { O_PLLR = 256, O_BANKS, O_SEL, O_FIFO, O_BUF, O_WIDTH, O_DEPTH, O_OFFER, O_SEED, O_JSON };
    static const struct option opts[] = {
        {"pllr", required_argument, NULL, O_PLLR},       {"banks", required_argument, NULL, O_BANKS},
        {"select", required_argument, NULL, O_SEL},      {"fifo-depth", required_argument, NULL, O_FIFO},
        {"buf-depth", required_argument, NULL, O_BUF},   {"width", required_argument, NULL, O_WIDTH},
        {"bank-depth", required_argument, NULL, O_DEPTH}, {"offer", required_argument, NULL, O_OFFER},
        {"lfsr-seed", required_argument, NULL, O_SEED},  {"json", no_argument, NULL, O_JSON},
        {"out", required_argument, NULL, 'o'},           {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    fg_gen_dbcf_cfg g = fg_gen_dbcf_cfg_default();
    fg_dbcf_cfg *cfg = &g.dbcf;
    const char *dir = NULL;
    int json = 0, seen = 0;
    /* Required options, one bit each; --select all = FG_DBCF_SELECT_ALL. Ranges are checked by
     * fg_gen_dbcf_check, whose message names the parameter and its valid range. */
    int r = fg_cli_design_parse(CMD, FG_CLI_DESIGN_DBCF, &g, argc, argv, opts, &seen, &json, &dir, NULL, help);
    if (r)
        return r == 1 ? FG_EXIT_OK : FG_EXIT_USAGE;
    if (fg_cli_dbcf_design_required(CMD, "dbcf", seen))
        return FG_EXIT_USAGE;
    if (!dir)
        return fg_cli_usage_error(CMD, "dbcf: -o DIR is required");
    if (cfg->pllr >= 1 && cfg->pllr <= FG_PLLR_MAX && cfg->banks >= 1 && !(seen & FG_CLI_OPT_DEPTH))
        g.bank_depth = fg_gen_dbcf_default_bank_depth(cfg->pllr, cfg->banks);
    int rc = fg_gen_dbcf(&g, dir);
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(CMD, "dbcf: %s", fg_last_error());
    if (rc)
        return fg_cli_fail(CMD, "dbcf: %s", fg_last_error());
    char name[96];
    fg_gen_dbcf_name(&g, name, sizeof name);
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, -1);
        fg_json_str(&j, "design", "dbcf");
        fg_json_str(&j, "top", name);
        fg_json_str(&j, "dir", dir);
        fg_json_int(&j, "bank_depth", g.bank_depth);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("fecforge gen dbcf: wrote %s (top %s, bank depth %d): files.f, manifest.json\n", dir, name, g.bank_depth);
    }
    return FG_EXIT_OK;
}

static int gen_iag(int argc, char **argv)
{
    enum { O_STD = 256, O_PLLR, O_FWD, O_JSON };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},    {"pllr", required_argument, NULL, O_PLLR},
        {"forward-only", no_argument, NULL, O_FWD}, {"json", no_argument, NULL, O_JSON},
        {"out", required_argument, NULL, 'o'},      {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    fg_gen_iag_cfg g = fg_gen_iag_cfg_default();
    const char *dir = NULL;
    int json = 0, seen = 0;
    int r = fg_cli_design_parse(CMD, FG_CLI_DESIGN_IAG, &g, argc, argv, opts, &seen, &json, &dir, NULL, help);
    if (r)
        return r == 1 ? FG_EXIT_OK : FG_EXIT_USAGE;
    if (fg_cli_iag_design_required(CMD, seen))
        return FG_EXIT_USAGE;
    if (!dir)
        return fg_cli_usage_error(CMD, "iag: -o DIR is required");
    int rc = fg_gen_iag(&g, dir);
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(CMD, "iag: %s", fg_last_error());
    if (rc)
        return fg_cli_fail(CMD, "iag: %s", fg_last_error());
    char name[96];
    fg_gen_iag_name(&g, name, sizeof name);
    const int lat = g.std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, -1);
        fg_json_str(&j, "design", "iag");
        fg_json_str(&j, "std", fg_std_name(g.std));
        fg_json_int(&j, "pllr", g.pllr);
        fg_json_str(&j, "top", name);
        fg_json_str(&j, "dir", dir);
        fg_json_int(&j, "latency_cycles", lat);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("fecforge gen iag: wrote %s (top %s, latency %d): files.f, manifest.json\n", dir, name, lat);
    }
    return FG_EXIT_OK;
}

static int gen_subsys(int argc, char **argv)
{
    enum { O_STD = 256, O_PLLR, O_BANKS, O_MAP, O_SEL, O_FIFO, O_BUF, O_WIDTH, O_DEPTH, O_OFFER, O_SEED, O_JSON };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},          {"pllr", required_argument, NULL, O_PLLR},
        {"banks", required_argument, NULL, O_BANKS},      {"mapping", required_argument, NULL, O_MAP},
        {"select", required_argument, NULL, O_SEL},       {"fifo-depth", required_argument, NULL, O_FIFO},
        {"buf-depth", required_argument, NULL, O_BUF},    {"width", required_argument, NULL, O_WIDTH},
        {"bank-depth", required_argument, NULL, O_DEPTH}, {"offer", required_argument, NULL, O_OFFER},
        {"lfsr-seed", required_argument, NULL, O_SEED},   {"json", no_argument, NULL, O_JSON},
        {"out", required_argument, NULL, 'o'},            {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    fg_gen_subsys_cfg g = fg_gen_subsys_cfg_default();
    const char *dir = NULL;
    int json = 0, seen = 0;
    int r = fg_cli_design_parse(CMD, FG_CLI_DESIGN_SUBSYS, &g, argc, argv, opts, &seen, &json, &dir, NULL, help);
    if (r)
        return r == 1 ? FG_EXIT_OK : FG_EXIT_USAGE;
    if (!dir)
        return fg_cli_usage_error(CMD, "subsystem: -o DIR is required");
    fg_cli_subsys_design_finish(&g, seen);
    int rc = fg_gen_subsys(&g, dir);
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(CMD, "subsystem: %s", fg_last_error());
    if (rc)
        return fg_cli_fail(CMD, "subsystem: %s", fg_last_error());
    char name[128];
    fg_gen_subsys_name(&g, name, sizeof name);
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, -1);
        fg_json_str(&j, "design", "subsystem");
        fg_json_str(&j, "std", fg_std_name(g.std));
        fg_json_str(&j, "mapping", fg_bank_mapping_name(g.mapping));
        fg_json_str(&j, "top", name);
        fg_json_str(&j, "dir", dir);
        fg_json_int(&j, "bank_depth", g.dbcf.bank_depth);
        fg_json_int(&j, "latency_cycles", 0);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("fecforge gen subsystem: wrote %s (top %s, bank depth %d): files.f, manifest.json\n", dir, name,
               g.dbcf.bank_depth);
    }
    return FG_EXIT_OK;
}

int fg_cmd_gen(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_usage_error(CMD, "a design is required: dbcf, iag, subsystem, ldpc (see fecforge gen --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "dbcf"))
        return gen_dbcf(argc - 1, argv + 1);
    if (!strcmp(argv[1], "iag"))
        return gen_iag(argc - 1, argv + 1);
    if (!strcmp(argv[1], "subsystem"))
        return gen_subsys(argc - 1, argv + 1);
    if (!strcmp(argv[1], "ldpc"))
        return gen_ldpc(argc - 1, argv + 1);
    return fg_cli_usage_error(CMD, "design '%s' unknown: valid are dbcf, iag, subsystem, ldpc", argv[1]);
}
