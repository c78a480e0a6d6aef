/* Options of the generated designs (DBCF network, IAG, write-path subsystem), shared by gen, area and verify. */
#include "cli.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

int fg_cli_dbcf_design_option(const char *cmd, const char *name, const char *arg, fg_gen_dbcf_cfg *g, int *seen)
{
    /* Values are parsed wide; the ranges are checked by fg_gen_dbcf_check (and the callers'
     * design checks), whose messages name the parameter and its valid range. */
    static const struct {
        const char *name;
        int bit;
    } known[] = {{"pllr", FG_CLI_OPT_PLLR},         {"banks", FG_CLI_OPT_BANKS},   {"select", FG_CLI_OPT_SELECT},
                 {"fifo-depth", FG_CLI_OPT_FIFO},   {"buf-depth", FG_CLI_OPT_BUF}, {"width", FG_CLI_OPT_WIDTH},
                 {"bank-depth", FG_CLI_OPT_DEPTH},  {"offer", FG_CLI_OPT_OFFER},   {"lfsr-seed", FG_CLI_OPT_SEED}};
    int bit = 0;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (!strcmp(name, known[i].name))
            bit = known[i].bit;
    if (!bit)
        return 0;
    fg_dbcf_cfg *c = &g->dbcf;
    int bad = 0;
    switch (bit) {
    case FG_CLI_OPT_PLLR: bad = fg_cli_int(cmd, name, arg, -1000000, 1000000, &c->pllr); break;
    case FG_CLI_OPT_BANKS: bad = fg_cli_int(cmd, name, arg, -1000000, 1000000, &c->banks); break;
    case FG_CLI_OPT_SELECT:
        if (!strcmp(arg, "all"))
            c->select = FG_DBCF_SELECT_ALL;
        else if ((bad = fg_cli_int(cmd, name, arg, -1000000, 1000000, &c->select)) == 0 && c->select < 1) {
            fg_cli_usage_error(cmd, "--select=%s out of range [1, 2*PLLR] (or all)", arg); /* 0 means all to the library */
            bad = -1;
        }
        break;
    case FG_CLI_OPT_FIFO: bad = fg_cli_int(cmd, name, arg, -1000000, 1000000, &c->fifo_depth); break;
    case FG_CLI_OPT_BUF: bad = fg_cli_int(cmd, name, arg, -1000000, 1000000, &c->buf_depth); break;
    case FG_CLI_OPT_WIDTH: bad = fg_cli_int(cmd, name, arg, -1000000, 1000000, &g->width); break;
    case FG_CLI_OPT_DEPTH: bad = fg_cli_int(cmd, name, arg, -100000000, 100000000, &g->bank_depth); break;
    case FG_CLI_OPT_OFFER:
        if (!strcmp(arg, "dual") || !strcmp(arg, "head"))
            c->offer = arg[0] == 'd' ? FG_DBCF_OFFER_DUAL : FG_DBCF_OFFER_HEAD;
        else {
            fg_cli_usage_error(cmd, "--offer=%s unknown: valid are dual, head", arg);
            bad = -1;
        }
        break;
    default: { /* FG_CLI_OPT_SEED */
        char *end;
        const long v = strtol(arg, &end, 0);
        if (!*arg || *end || v < 1 || v > 0xFFFF) {
            fg_cli_usage_error(cmd, "--lfsr-seed=%s invalid: expected a value in [1, 0xffff]", arg);
            bad = -1;
        } else
            c->lfsr_seed = (uint16_t)v;
    }
    }
    if (bad)
        return -1;
    if (seen)
        *seen |= bit;
    return 1;
}

int fg_cli_dbcf_design_required(const char *cmd, const char *what, int seen)
{
    static const char *const required[] = {"--pllr", "--banks", "--select", "--fifo-depth", "--buf-depth", "--width"};
    for (int i = 0; i < 6; i++)
        if (!(seen & (1 << i)))
            return fg_cli_usage_error(cmd, "%s: %s is required (see fecforge %s --help)", what, required[i], cmd);
    return 0;
}

int fg_cli_iag_design_option(const char *cmd, const char *name, const char *arg, fg_gen_iag_cfg *g, int *seen)
{
    int bit;
    if (!strcmp(name, "std")) {
        fg_std s;
        if (fg_std_parse(arg, &s) || (s != FG_STD_LTE && s != FG_STD_UMTS))
            return fg_cli_usage_error(cmd, "iag: --std=%s unknown: valid are lte, umts", arg), -1;
        g->std = s;
        bit = FG_CLI_OPT_STD;
    } else if (!strcmp(name, "pllr")) {
        if (fg_cli_int(cmd, name, arg, -1000000, 1000000, &g->pllr))
            return -1;
        bit = FG_CLI_OPT_PLLR;
    } else if (!strcmp(name, "forward-only")) {
        g->forward_only = 1;
        bit = FG_CLI_OPT_FWD;
    } else
        return 0;
    if (seen)
        *seen |= bit;
    return 1;
}

int fg_cli_iag_design_required(const char *cmd, int seen)
{
    if (!(seen & FG_CLI_OPT_STD))
        return fg_cli_usage_error(cmd, "iag: --std is required: lte or umts (see fecforge %s --help)", cmd);
    if (!(seen & FG_CLI_OPT_PLLR))
        return fg_cli_usage_error(cmd, "iag: --pllr is required: a multiple of 4 in [4, %d]", FG_IAG_LANES_MAX);
    return 0;
}

int fg_cli_subsys_design_option(const char *cmd, const char *name, const char *arg, fg_gen_subsys_cfg *g, int *seen)
{
    if (!strcmp(name, "std")) {
        if (fg_std_parse(arg, &g->std))
            return fg_cli_usage_error(cmd, "subsystem: --std=%s unknown: valid are umts, lte", arg), -1;
        if (seen)
            *seen |= FG_CLI_OPT_STD;
        return 1;
    }
    if (!strcmp(name, "mapping")) {
        if (fg_bank_mapping_parse(arg, &g->mapping))
            return fg_cli_usage_error(cmd, "subsystem: --%s", fg_last_error()), -1;
        return 1;
    }
    return fg_cli_dbcf_design_option(cmd, name, arg, &g->dbcf, seen);
}

void fg_cli_subsys_design_finish(fg_gen_subsys_cfg *g, int seen)
{
    if (!(seen & FG_CLI_OPT_DEPTH)) {
        const int need = fg_gen_subsys_bank_depth(g->std, g->dbcf.dbcf.pllr, g->dbcf.dbcf.banks, g->mapping);
        if (need > 0)
            g->dbcf.bank_depth = need;
    }
}

int fg_cli_design_parse(const char *cmd, fg_cli_design design, void *cfg, int argc, char **argv,
                        const struct option *opts, int *seen, int *json, const char **out, const char **keep,
                        void (*help)(void))
{
    int c, idx = -1;
    optind = 1;
    while ((c = getopt_long(argc, argv, out ? "ho:" : "h", opts, &idx)) != -1) {
        const char *name = idx >= 0 ? opts[idx].name : "";
        idx = -1;
        if (c == 'h') {
            help();
            return 1;
        }
        if (c == 'o' && out)
            *out = optarg;
        else if (!strcmp(name, "json"))
            *json = 1;
        else if (!strcmp(name, "keep") && keep)
            *keep = optarg;
        else {
            const int r = !*name ? 0
                          : design == FG_CLI_DESIGN_DBCF ? fg_cli_dbcf_design_option(cmd, name, optarg, cfg, seen)
                          : design == FG_CLI_DESIGN_IAG  ? fg_cli_iag_design_option(cmd, name, optarg, cfg, seen)
                                                         : fg_cli_subsys_design_option(cmd, name, optarg, cfg, seen);
            if (r <= 0)
                return 2; /* r < 0: printed; r == 0: getopt printed the unknown option */
        }
    }
    if (optind < argc) {
        fg_cli_usage_error(cmd, "unexpected argument '%s'", argv[optind]);
        return 2;
    }
    return 0;
}
