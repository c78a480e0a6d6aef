/* fecforge gen: the RTL generator (gen/, library fecforge_gen). gen dbcf: the DBCF write network;
 * gen iag: the interleaver address generators. */
#include "cli.h"
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
           "  fecforge gen subsystem --std umts --pllr 32 --banks 64 --mapping xmap-xor -o out/subsys\n",
           FG_PLLR_MAX, FG_DBCF_DEPTH_MAX, FG_DBCF_DEPTH_MAX, FG_GEN_WIDTH_MAX, FG_IAG_LANES_MAX, FG_IAG_LANES_MAX);
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
    if (rc == FG_EINVAL || rc == FG_EIO)
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
    if (rc == FG_EINVAL || rc == FG_EIO)
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
    if (rc == FG_EINVAL || rc == FG_EIO)
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
        return fg_cli_usage_error(CMD, "a design is required: dbcf, iag, subsystem (see fecforge gen --help)");
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
    return fg_cli_usage_error(CMD, "design '%s' unknown: valid are dbcf, iag, subsystem", argv[1]);
}
