/* fecforge interleaver: dump pi(0..K-1) or its inverse (from the table or from the IAG step model),
 * or print the interleaver's parameters, the LTE inverse polynomial and the IAG's storage. */
#include "cli.h"
#include "cli_opts.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"

#include <stdlib.h>
#include <string.h>

static const char *const CMD = "interleaver";

static void json_int_array(fg_json *j, const char *key, const int *v, int n)
{
    fg_json_arr_open(j, key);
    j->pretty = 0;
    for (int i = 0; i < n; i++)
        fg_json_int(j, NULL, v[i]);
    fg_json_arr_close(j);
    j->pretty = 1;
}

static void json_iag(fg_json *j, const fg_iag_info *info, const fg_iag_memory *m)
{
    fg_json_obj_open(j, "iag");
    fg_json_int(j, "pllr", m->pllr);
    fg_json_int(j, "latency_cycles", info->latency);
    fg_json_int(j, "preprocess_cycles", info->preprocess_cycles);
    fg_json_obj_open(j, "memory");
    fg_json_int(j, "rom_bits", m->rom_bits);
    fg_json_int(j, "ram_bits", m->ram_bits);
    fg_json_int(j, "reg_bits", m->reg_bits);
    fg_json_int(j, "runtime_bits", m->runtime_bits);
    fg_json_int(j, "total_bits", m->total_bits);
    fg_json_arr_open(j, "items");
    fg_iag_memory_json_items(m, j, 1);
    fg_json_arr_close(j);
    fg_json_obj_close(j);
    fg_json_obj_close(j);
}

static int print_json(fg_std std, int K, int pllr)
{
    /* The IAG runs first so that a failure leaves no half-written JSON. */
    int32_t *addr = malloc(sizeof *addr * (size_t)K);
    if (!addr)
        return fg_cli_fail(CMD, "out of memory");
    fg_iag_info info;
    fg_iag_memory mem;
    int rc = fg_iag_addresses(std, K, pllr, 0, addr, &info);
    free(addr);
    if (rc || fg_iag_memory_size(std, pllr, &mem))
        return fg_cli_fail(CMD, "IAG: %s", fg_last_error());

    fg_json j;
    fg_json_begin(&j, stdout);
    fg_json_obj_open(&j, NULL);
    fg_json_provenance(&j, NULL);
    fg_json_str(&j, "std", fg_std_name(std));
    fg_json_int(&j, "K", K);
    if (std == FG_STD_LTE) {
        fg_lte_qpp q;
        if (fg_lte_qpp_params(K, &q))
            return fg_cli_fail(CMD, "%s", fg_last_error());
        fg_json_int(&j, "f1", q.f1);
        fg_json_int(&j, "f2", q.f2);
        fg_json_obj_open(&j, "inverse_poly"); /* pi^-1(y) = h1 y + h2 y^2 + h3 y^3 + h4 y^4 mod K */
        fg_json_int(&j, "degree", info.inv.degree);
        int h[FG_LTE_INV_DEG_MAX];
        for (int k = 0; k < FG_LTE_INV_DEG_MAX; k++)
            h[k] = info.inv.h[k + 1];
        json_int_array(&j, "h", h, FG_LTE_INV_DEG_MAX);
        fg_json_obj_close(&j);
    } else {
        fg_umts_params u;
        if (fg_umts_params_compute(K, &u))
            return fg_cli_fail(CMD, "%s", fg_last_error());
        fg_json_int(&j, "R", u.R);
        fg_json_int(&j, "C", u.C);
        fg_json_int(&j, "p", u.p);
        fg_json_int(&j, "v", u.v);
        json_int_array(&j, "T", u.T, u.R);
        json_int_array(&j, "q", u.q, u.R);
        json_int_array(&j, "r", u.r, u.R);
        json_int_array(&j, "s", u.s, u.p - 1);
    }
    json_iag(&j, &info, &mem);
    fg_json_obj_close(&j);
    fg_json_end(&j);
    return FG_EXIT_OK;
}

typedef struct {
    int std, inverse, dump, iag, pllr, json;
    fg_opt_ints K;
} interleaver_opts;

#define O(f) FG_CLI_OFF(interleaver_opts, f)
static const fg_opt opts[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = FG_STD_WORDS, .def_text = "", .meta = "S",
     .help = "the standard (hspa, hspa+: umts)", .flags = FG_OPT_REQUIRED},
    {"K", 0, FG_OPT_INTS, O(K), 1, FG_K_MAX, 1, .meta = "N",
     .help = "block size: UMTS 40..5114, LTE one of the 188 sizes 40..6144", .flags = FG_OPT_REQUIRED},
    {"inverse", 0, FG_OPT_FLAG, O(inverse), .help = "use the inverse permutation pi^-1 (deinterleaver)"},
    {"dump", 0, FG_OPT_FLAG, O(dump), .help = "print pi(0..K-1) (or the inverse), one decimal per line (the default)"},
    {"iag", 0, FG_OPT_FLAG, O(iag),
     .help = "with --dump: take the addresses from the IAG step model (PLLR lanes in XMAP\n"
             "order) instead of the table; same format, so the two can be diffed"},
    {"pllr", 0, FG_OPT_INT, O(pllr), 4, FG_IAG_LANES_MAX, .meta = "P",
     .help = "IAG lanes, a multiple of 4 (with --iag or --json)"},
    {"json", 0, FG_OPT_FLAG, O(json),
     .help = "print the parameters instead: UMTS R, C, p, v, T, q, r, s; LTE f1, f2 and the\n"
             "inverse polynomial; for both the IAG's storage, latency and preprocessing\n"
             "cycles for --pllr"},
    {NULL}};
#undef O

int fg_cmd_interleaver(int argc, char **argv)
{
    interleaver_opts v = {.pllr = 32};
    fg_cli_spec spec = {
        .cmd = CMD,
        .usage = "--std lte|umts --K N [--inverse] [--iag] [--pllr P] (--dump | --json)",
        .about = "Standard turbo-code internal interleavers (TS 36.212 QPP, TS 25.212 UMTS/HSPA+).\n"
                 "Convention: pi(k) is the index of the input bit placed at interleaved position k.",
        .examples = "fecforge interleaver --std umts --K 40 --dump | head\n"
                    "diff <(fecforge interleaver --std umts --K 5114 --inverse --dump) \\\n"
                    "     <(fecforge interleaver --std umts --K 5114 --inverse --dump --iag --pllr 32)\n"
                    "fecforge interleaver --std lte --K 6144 --json"};
    fg_cli_group(&spec, "options", opts, &v);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    const fg_std std = (fg_std)v.std;
    const int K = v.K.v[0], pllr = v.pllr, inverse = v.inverse, iag = v.iag;
    if (fg_interleaver_check_k(std, K))
        return fg_cli_finish(&spec, fg_cli_usage_error(CMD, "--%s", fg_last_error()));
    if (v.json && v.dump)
        return fg_cli_finish(&spec, fg_cli_usage_error(CMD, "--dump and --json are exclusive"));
    if (iag && v.json)
        return fg_cli_finish(&spec, fg_cli_usage_error(CMD, "--iag goes with --dump (--json always reports the "
                                                            "IAG for --pllr)"));
    if (fg_cli_given(&spec, &v.pllr) && !iag && !v.json)
        return fg_cli_finish(&spec, fg_cli_opt_error(&spec, &v.pllr, "=%d needs --iag or --json", pllr));
    if (fg_iag_check_pllr(pllr))
        return fg_cli_finish(&spec, fg_cli_opt_error(&spec, &v.pllr, ": %s", fg_last_error()));
    if (v.json)
        return fg_cli_finish(&spec, print_json(std, K, pllr));

    int32_t *pi = malloc(sizeof *pi * (size_t)K), *inv = malloc(sizeof *inv * (size_t)K);
    if (!pi || !inv) {
        free(pi);
        free(inv);
        return fg_cli_finish(&spec, fg_cli_fail(CMD, "out of memory"));
    }
    if (iag) { /* the step model, XMAP lane order; addresses indexed by position like the table */
        rc = fg_iag_addresses(std, K, pllr, inverse, pi, NULL);
        if (!rc)
            for (int k = 0; k < K; k++)
                printf("%d\n", pi[k]);
    } else if (!(rc = fg_interleaver_table(std, K, pi))) {
        const int32_t *out = pi;
        if (inverse) {
            fg_permutation_invert(K, pi, inv);
            out = inv;
        }
        for (int k = 0; k < K; k++)
            printf("%d\n", out[k]);
    }
    free(pi);
    free(inv);
    return fg_cli_finish(&spec, rc ? fg_cli_fail(CMD, "%s", fg_last_error()) : FG_EXIT_OK);
}
