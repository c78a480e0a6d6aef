/* fecforge interleaver: dump pi(0..K-1) or its inverse, or print the interleaver's parameters. */
#include "cli.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "interleaver";

static void help(void)
{
    printf("usage: fecforge interleaver --std lte|umts --K N [--inverse] (--dump | --json)\n\n"
           "Standard turbo-code internal interleavers (TS 36.212 QPP, TS 25.212 UMTS/HSPA+).\n"
           "Convention: pi(k) is the index of the input bit placed at interleaved position k.\n\n"
           "  --std S      lte or umts (also hspa, hspa+)\n"
           "  --K N        block size: UMTS 40..5114, LTE one of the 188 sizes 40..6144\n"
           "  --inverse    use the inverse permutation pi^-1 (deinterleaver)\n"
           "  --dump       print pi(0..K-1) (or the inverse), one decimal per line (default)\n"
           "  --json       print the parameters instead: UMTS R, C, p, v, T, q, r, s;\n"
           "               LTE f1, f2\n"
           "  -h, --help   this text\n\n"
           "example: fecforge interleaver --std umts --K 40 --dump | head\n");
}

static void json_int_array(fg_json *j, const char *key, const int *v, int n)
{
    fg_json_arr_open(j, key);
    j->pretty = 0;
    for (int i = 0; i < n; i++)
        fg_json_int(j, NULL, v[i]);
    fg_json_arr_close(j);
    j->pretty = 1;
}

static int print_json(fg_std std, int K)
{
    fg_json j;
    fg_json_begin(&j, stdout);
    fg_json_obj_open(&j, NULL);
    fg_json_provenance(&j, -1);
    fg_json_str(&j, "std", fg_std_name(std));
    fg_json_int(&j, "K", K);
    if (std == FG_STD_LTE) {
        fg_lte_qpp q;
        if (fg_lte_qpp_params(K, &q))
            return fg_cli_fail(CMD, "%s", fg_last_error());
        fg_json_int(&j, "f1", q.f1);
        fg_json_int(&j, "f2", q.f2);
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
    fg_json_obj_close(&j);
    fg_json_end(&j);
    return FG_EXIT_OK;
}

int fg_cmd_interleaver(int argc, char **argv)
{
    static const struct option opts[] = {{"std", required_argument, NULL, 's'}, {"K", required_argument, NULL, 'K'},
                                         {"inverse", no_argument, NULL, 'i'},   {"dump", no_argument, NULL, 'd'},
                                         {"json", no_argument, NULL, 'j'},      {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *std_name = NULL;
    int K = -1, inverse = 0, json = 0, dump = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 's': std_name = optarg; break;
        case 'K':
            if (fg_cli_int(CMD, "K", optarg, 1, FG_K_MAX, &K))
                return FG_EXIT_USAGE;
            break;
        case 'i': inverse = 1; break;
        case 'd': dump = 1; break;
        case 'j': json = 1; break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!std_name)
        return fg_cli_usage_error(CMD, "--std is required (lte or umts)");
    fg_std std;
    if (fg_std_parse(std_name, &std))
        return fg_cli_usage_error(CMD, "--%s", fg_last_error());
    if (K < 0)
        return fg_cli_usage_error(CMD, "--K is required");
    if (fg_interleaver_check_k(std, K))
        return fg_cli_usage_error(CMD, "--%s", fg_last_error());
    if (json && dump)
        return fg_cli_usage_error(CMD, "--dump and --json are exclusive");
    if (json)
        return print_json(std, K);

    int32_t *pi = malloc(sizeof *pi * (size_t)K), *inv = malloc(sizeof *inv * (size_t)K);
    if (!pi || !inv) {
        free(pi);
        free(inv);
        return fg_cli_fail(CMD, "out of memory");
    }
    int rc = fg_interleaver_table(std, K, pi);
    if (!rc) {
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
    return rc ? fg_cli_fail(CMD, "%s", fg_last_error()) : FG_EXIT_OK;
}
