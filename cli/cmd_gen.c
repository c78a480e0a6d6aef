/* fecforge gen: the RTL generator (gen/, library fecforge_gen). gen dbcf: the DBCF write network. */
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
           "  fecforge gen dbcf --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7 --width 6 -o out/dbcf\n",
           FG_PLLR_MAX, FG_DBCF_DEPTH_MAX, FG_DBCF_DEPTH_MAX, FG_GEN_WIDTH_MAX);
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
    int json = 0, depth_set = 0, c, seen = 0;
    /* Required options, one bit each; --select all = FG_DBCF_SELECT_ALL. Ranges are checked by
     * fg_gen_dbcf_check, whose message names the parameter and its valid range. */
    optind = 1;
    while ((c = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
        int bad = 0;
        switch (c) {
        case O_PLLR: bad = fg_cli_int(CMD, "pllr", optarg, -1000000, 1000000, &cfg->pllr); seen |= 1; break;
        case O_BANKS: bad = fg_cli_int(CMD, "banks", optarg, -1000000, 1000000, &cfg->banks); seen |= 2; break;
        case O_SEL:
            if (!strcmp(optarg, "all"))
                cfg->select = FG_DBCF_SELECT_ALL;
            else if (fg_cli_int(CMD, "select", optarg, -1000000, 1000000, &cfg->select))
                return FG_EXIT_USAGE;
            else if (cfg->select < 1) /* 0 would mean all to the library: say so explicitly */
                return fg_cli_usage_error(CMD, "--select=%s out of range [1, 2*PLLR] (or all)", optarg);
            seen |= 4;
            break;
        case O_FIFO: bad = fg_cli_int(CMD, "fifo-depth", optarg, -1000000, 1000000, &cfg->fifo_depth); seen |= 8; break;
        case O_BUF: bad = fg_cli_int(CMD, "buf-depth", optarg, -1000000, 1000000, &cfg->buf_depth); seen |= 16; break;
        case O_WIDTH: bad = fg_cli_int(CMD, "width", optarg, -1000000, 1000000, &g.width); seen |= 32; break;
        case O_DEPTH:
            bad = fg_cli_int(CMD, "bank-depth", optarg, -100000000, 100000000, &g.bank_depth);
            depth_set = 1;
            break;
        case O_OFFER:
            if (!strcmp(optarg, "dual"))
                cfg->offer = FG_DBCF_OFFER_DUAL;
            else if (!strcmp(optarg, "head"))
                cfg->offer = FG_DBCF_OFFER_HEAD;
            else
                return fg_cli_usage_error(CMD, "--offer=%s unknown: valid are dual, head", optarg);
            break;
        case O_SEED: {
            char *end;
            long v = strtol(optarg, &end, 0);
            if (*end || v < 1 || v > 0xFFFF)
                return fg_cli_usage_error(CMD, "--lfsr-seed=%s invalid: expected a value in [1, 0xffff]", optarg);
            cfg->lfsr_seed = (uint16_t)v;
            break;
        }
        case O_JSON: json = 1; break;
        case 'o': dir = optarg; break;
        case 'h': help(); return FG_EXIT_OK;
        default: return FG_EXIT_USAGE;
        }
        if (bad)
            return FG_EXIT_USAGE;
    }
    static const char *const required[] = {"--pllr", "--banks", "--select", "--fifo-depth", "--buf-depth", "--width"};
    for (int i = 0; i < 6; i++)
        if (!(seen & (1 << i)))
            return fg_cli_usage_error(CMD, "dbcf: %s is required (see fecforge gen --help)", required[i]);
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!dir)
        return fg_cli_usage_error(CMD, "dbcf: -o DIR is required");
    if (cfg->pllr >= 1 && cfg->pllr <= FG_PLLR_MAX && cfg->banks >= 1 && !depth_set)
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

int fg_cmd_gen(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_usage_error(CMD, "a design is required: dbcf (see fecforge gen --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "dbcf"))
        return gen_dbcf(argc - 1, argv + 1);
    return fg_cli_usage_error(CMD, "design '%s' unknown: valid are dbcf", argv[1]);
}
