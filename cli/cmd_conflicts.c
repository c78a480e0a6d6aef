/* fecforge conflicts: cycle-accurate memory-conflict statistics of PLLR parallel LLR writes
 * into M banks (thesis 4.5.1-4.5.2, Figs. 4.10 and 4.11): MCR and n-way conflict histograms. */
#include "cli.h"
#include "fecforge/dbcf.h"
#include "cli_opts.h"
#include "commands.h"
#include "fecforge/conflicts.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

static const char *const CMD = "conflicts";
enum { PLLR_LIST_MAX = 64 };

/* What the plot and the summary keep of each run. */
typedef struct {
    int K, pllr, max_n;
    double mcr;
} summary;

/* n-way percentages of one run, (a) and (b), for the bar chart of a single K. */
typedef double pct_ab[2][FG_PLLR_MAX + 1];

static void json_hist(fg_json *j, const char *key, const long *h, int max_n, int pct)
{
    const long total = fg_conflicts_total(h);
    char name[16];
    fg_json_obj_open(j, key);
    for (int n = 2; n <= max_n; n++) {
        snprintf(name, sizeof name, "%d", n);
        if (pct)
            fg_json_num(j, name, total ? 100.0 * (double)h[n] / (double)total : 0.0);
        else
            fg_json_int(j, name, h[n]);
    }
    fg_json_obj_close(j);
}

static void json_stats(fg_json *j, const fg_conflicts_stats *s)
{
    fg_json_int(j, "cycles", s->cycles);
    fg_json_int(j, "conflict_cycles", s->conflict_cycles);
    fg_json_num(j, "mcr", s->mcr);
    fg_json_int(j, "accesses", s->accesses);
    fg_json_num(j, "mean_accesses", s->mean_accesses);
    fg_json_num(j, "mean_busy", s->mean_busy);
    fg_json_int(j, "max_n", s->max_n);
    fg_json_int(j, "nway_total", fg_conflicts_total(s->nway));
    json_hist(j, "nway", s->nway, s->max_n, 0);
    json_hist(j, "nway_pct", s->nway, s->max_n, 1);
    json_hist(j, "nway_max", s->nway_max, s->max_n, 0);
    json_hist(j, "nway_max_pct", s->nway_max, s->max_n, 1);
}

static void json_result(fg_json *j, const fg_conflicts_result *r)
{
    fg_json_str(j, "std", fg_std_name(r->cfg.std));
    fg_json_int(j, "K", r->cfg.K);
    fg_json_int(j, "pllr", r->cfg.pllr);
    fg_json_int(j, "P", r->cfg.pllr / 4);
    fg_json_int(j, "banks", r->cfg.banks);
    fg_json_str(j, "mapping", fg_bank_mapping_name(r->cfg.mapping));
    fg_json_int(j, "C0", r->C0);
    fg_json_num(j, "max_bank_load", r->max_bank_load);
    json_stats(j, &r->both);
    fg_json_obj_open(j, "directions");
    for (int d = 0; d < 2; d++) {
        fg_json_obj_open(j, fg_direction_name((fg_direction)d));
        json_stats(j, &r->dir[d]);
        fg_json_obj_close(j);
    }
    fg_json_obj_close(j);
    fg_json_obj_open(j, "reads");
    json_stats(j, &r->reads);
    fg_json_obj_close(j);
}

static void print_detail(const fg_conflicts_result *r)
{
    const fg_conflicts_cfg *c = &r->cfg;
    printf("Memory conflicts %s K=%d: PLLR=%d (%d radix-4 XMAPs), M=%d banks, mapping %s\n", fg_std_name(c->std),
           c->K, c->pllr, c->pllr / 4, c->banks, fg_bank_mapping_name(c->mapping));
    printf("C0 = %d cycles per half-iteration; fullest bank: %.3f accesses per cycle of C0\n\n", r->C0,
           r->max_bank_load);
    printf("%-16s %7s %9s %7s %6s %14s %14s\n", "", "cycles", "conflict", "MCR", "max n", "acc/bank/cycle",
           "acc/busy bank");
    const fg_conflicts_stats *rows[4] = {&r->dir[0], &r->dir[1], &r->both, &r->reads};
    const char *names[4] = {"interleave", "deinterleave", "both", "reads (natural)"};
    for (int i = 0; i < 4; i++)
        printf("%-16s %7ld %9ld %7.4f %6d %14.4f %14.4f\n", names[i], rows[i]->cycles, rows[i]->conflict_cycles,
               rows[i]->mcr, rows[i]->max_n, rows[i]->mean_accesses, rows[i]->mean_busy);
    const fg_conflicts_stats *b = &r->both;
    const long ta = fg_conflicts_total(b->nway), tb = fg_conflicts_total(b->nway_max);
    printf("\nn-way conflicts, both directions: (a) per bank and cycle, (b) largest n per conflict cycle\n");
    printf("%6s %10s %8s %10s %8s\n", "n", "(a) count", "(a) %", "(b) count", "(b) %");
    for (int n = 2; n <= b->max_n; n++)
        printf("%6d %10ld %8.2f %10ld %8.2f\n", n, b->nway[n], ta ? 100.0 * (double)b->nway[n] / (double)ta : 0.0,
               b->nway_max[n], tb ? 100.0 * (double)b->nway_max[n] / (double)tb : 0.0);
    printf("%6s %10ld %8.2f %10ld %8.2f\n", "total", ta, ta ? 100.0 : 0.0, tb, tb ? 100.0 : 0.0);
    printf("2..4-way share: (a) %.2f%%, (b) %.2f%%  [interleave %.2f%% / %.2f%%, deinterleave %.2f%% / %.2f%%]\n",
           fg_conflicts_share(b->nway, 2, 4), fg_conflicts_share(b->nway_max, 2, 4),
           fg_conflicts_share(r->dir[0].nway, 2, 4), fg_conflicts_share(r->dir[0].nway_max, 2, 4),
           fg_conflicts_share(r->dir[1].nway, 2, 4), fg_conflicts_share(r->dir[1].nway_max, 2, 4));
}

static void csv_header(FILE *f, int nmax)
{
    fprintf(f, "std,K,pllr,banks,mapping,C0,cycles,conflict_cycles,mcr,mcr_interleave,mcr_deinterleave,max_n,"
               "mean_accesses,mean_busy,share_2_4_a,share_2_4_b");
    for (int n = 2; n <= nmax; n++)
        fprintf(f, ",nway_%d", n);
    for (int n = 2; n <= nmax; n++)
        fprintf(f, ",nway_max_%d", n);
    fputc('\n', f);
}

static void csv_row(FILE *f, const fg_conflicts_result *r, int nmax)
{
    const fg_conflicts_stats *b = &r->both;
    fprintf(f, "%s,%d,%d,%d,%s,%d,%ld,%ld,%.6f,%.6f,%.6f,%d,%.6f,%.6f,%.4f,%.4f", fg_std_name(r->cfg.std), r->cfg.K,
            r->cfg.pllr, r->cfg.banks, fg_bank_mapping_name(r->cfg.mapping), r->C0, b->cycles, b->conflict_cycles,
            b->mcr, r->dir[0].mcr, r->dir[1].mcr, b->max_n, b->mean_accesses, b->mean_busy,
            fg_conflicts_share(b->nway, 2, 4), fg_conflicts_share(b->nway_max, 2, 4));
    for (int n = 2; n <= nmax; n++)
        fprintf(f, ",%ld", b->nway[n]);
    for (int n = 2; n <= nmax; n++)
        fprintf(f, ",%ld", b->nway_max[n]);
    fputc('\n', f);
}

/* gnuplot script with inline data: one K -> clustered bars per n; several K -> MCR lines. */
static int plot(fg_out *png, const summary *s, const pct_ab *pct, int n, int nK, int nP, const char *title)
{
    char *script = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&script, &len);
    if (!f)
        return fg_cli_fail(CMD, "out of memory for the plot script");
    fprintf(f, "set terminal pngcairo size 900,560 font ',11'\nset title ");
    fg_cli_gp_quote(f, title, 1);
    fprintf(f, "\nset grid ytics\nset key outside right top\n");
    if (nK == 1) {
        int nmax = 2;
        for (int i = 0; i < n; i++)
            nmax = s[i].max_n > nmax ? s[i].max_n : nmax;
        fprintf(f, "$d << EOD\n");
        for (int m = 2; m <= nmax; m++) {
            fprintf(f, "%d", m);
            for (int i = 0; i < n; i++)
                fprintf(f, " %.4f %.4f", pct[i][0][m], pct[i][1][m]);
            fputc('\n', f);
        }
        fprintf(f, "EOD\nset style data histograms\nset style histogram clustered gap 1\n"
                   "set style fill solid 0.85 border -1\nset boxwidth 0.9\nset yrange [0:*]\n"
                   "set xlabel 'n (LLRs to one bank in one cycle)'\nset ylabel 'share of all conflicts [%%]'\nplot ");
        for (int i = 0; i < n; i++)
            fprintf(f, "%s$d using %d:xtic(1) title 'PLLR=%d (a) per bank', $d using %d title 'PLLR=%d (b) per cycle'",
                    i ? ", " : "", 2 + 2 * i, s[i].pllr, 3 + 2 * i, s[i].pllr);
        fputc('\n', f);
    } else {
        /* summaries are ordered K-major: s[k * nP + p] */
        fprintf(f, "$d << EOD\n");
        for (int k = 0; k < nK; k++) {
            fprintf(f, "%d", s[k * nP].K);
            for (int p = 0; p < nP; p++)
                fprintf(f, " %.5f", s[k * nP + p].mcr);
            fputc('\n', f);
        }
        fprintf(f, "EOD\nset xlabel 'block size K'\nset ylabel 'MCR (both half-iterations)'\n"
                   "set yrange [0:1.05]\nset autoscale xfix\nset key outside right center\nplot ");
        for (int p = 0; p < nP; p++)
            fprintf(f, "%s$d using 1:%d with %s title 'PLLR=%d'", p ? ", " : "", 2 + p,
                    nK > 400 ? "lines lw 1.5" : "linespoints pt 7 ps 0.6", s[p].pllr);
        fputc('\n', f);
    }
    fclose(f);
    int rc = fg_cli_gnuplot(CMD, script, png);
    free(script);
    return rc;
}

typedef struct {
    int std, banks, mapping, json;
    fg_opt_ints K, pllr;
    char *csv, *plot;
} conflicts_opts;

#define O(f) FG_CLI_OFF(conflicts_opts, f)
static const fg_opt opts[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = FG_STD_WORDS, .def = "umts", .meta = "S", .help = "the standard"},
    {"K", 0, FG_OPT_INTS, O(K), 1, FG_K_MAX, FG_K_MAX, .words = "all", .meta = "LIST",
     .help = "block sizes (40,5114, 4000-4100, 40-5114:50, all: every size of the standard;\n"
             "default 5114 for UMTS, 6144 for LTE)"},
    {"pllr", 0, FG_OPT_INTS, O(pllr), 4, FG_PLLR_MAX, PLLR_LIST_MAX, .def = "32", .meta = "LIST",
     .help = "LLRs written per cycle, multiples of 4; a list (4,8,16,32,64) runs each"},
    {"banks", 0, FG_OPT_INT, O(banks), 1, FG_DBCF_BANKS_MAX, .meta = "M", .help = "memory banks (default PLLR)"},
    {"mapping", 0, FG_OPT_CHOICE, O(mapping), .words = FG_MAPPING_WORDS, .def = "xmap", .meta = "NAME",
     .help = "bank of an address: xmap (the lane that reads it; needs M a multiple of PLLR),\n"
             "xmap-xor, mod (a mod M), block (a / ceil(K/M))"},
    {"json", 0, FG_OPT_FLAG, O(json),
     .help = "JSON on stdout: one object for one (K, PLLR), else an object with\n\"results\": [one object per (K, PLLR)]"},
    {"csv", 0, FG_OPT_TEXT, O(csv), .meta = "FILE", .help = "one row per (K, PLLR)", .flags = FG_CLI_OUTPUT},
    {"plot", 0, FG_OPT_TEXT, O(plot), .meta = "FILE.png",
     .help = "one K: bar chart of the n-way percentages (a) and (b) per PLLR;\nseveral K: MCR against K, one line per PLLR",
     .flags = FG_CLI_OUTPUT},
    {NULL}};
#undef O

int fg_cmd_conflicts(int argc, char **argv)
{
    conflicts_opts v = {0};
    fg_cli_spec spec = {
        .cmd = CMD,
        .about = "Memory-conflict study of P = PLLR/4 parallel radix-4 XMAP decoders writing PLLR extrinsic LLRs\n"
                 "per cycle into M banks under balanced scheduling (thesis 4.4-4.5.2). Simulates the interleave\n"
                 "half-iteration (LLR j -> address pi^-1(j)) and the deinterleave one (k -> pi(k)) cycle by cycle\n"
                 "and reports, per direction and for both together: C0 (cycles), conflict cycles (some bank gets\n"
                 ">= 2 LLRs), MCR = conflict cycles / cycles, and two n-way histograms:\n"
                 "  (a) nway:     every bank that gets n >= 2 LLRs in a cycle counts one n-way conflict;\n"
                 "  (b) nway_max: every conflict cycle counts once, under the largest n of that cycle.\n"
                 "Percentages are count_n / sum of counts. The natural-order reads of the next half-iteration\n"
                 "are reported too (conflict-free under the xmap mappings). See docs/conflicts.md.",
        .examples = "fecforge conflicts --std umts --K 5114 --pllr 32\n"
                    "fecforge conflicts --K 5114 --pllr 16,32 --plot fig411.png\n"
                    "fecforge conflicts --K all --pllr 4,8,16,32,64 --csv mcr.csv --plot fig410.png"};
    fg_cli_group(&spec, "options", opts, &v);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    const fg_std std = (fg_std)v.std;
    const fg_bank_mapping mapping = (fg_bank_mapping)v.mapping;
    const int banks = v.banks, json = v.json, nP = v.pllr.n;
    const int *pllr = v.pllr.v;
    for (int p = 0; p < nP; p++) {
        if (pllr[p] % 4)
            return fg_cli_finish(&spec, fg_cli_opt_error(&spec, &v.pllr, "=%d invalid: a multiple of 4 in [4, %d] (4 LLRs "
                                                                       "per radix-4 XMAP)", pllr[p], FG_PLLR_MAX));
        fg_conflicts_cfg t = {std, std == FG_STD_LTE ? 6144 : 5114, pllr[p], banks, mapping};
        if (fg_conflicts_cfg_check(&t))
            return fg_cli_finish(&spec, fg_cli_usage_error(CMD, "--%s", fg_last_error()));
    }
    int *K, nK;
    if (fg_cli_k_list(CMD, std, &v.K, std == FG_STD_LTE ? 6144 : 5114, &K, &nK))
        return fg_cli_finish(&spec, FG_EXIT_USAGE);

    const long runs = (long)nK * nP;
    int nmax = 0;
    for (int p = 0; p < nP; p++)
        nmax = pllr[p] > nmax ? pllr[p] : nmax;
    summary *sum = malloc(sizeof *sum * (size_t)runs);
    pct_ab *pct = nK == 1 ? calloc((size_t)nP, sizeof *pct) : NULL;
    fg_conflicts *ctx = NULL;
    fg_conflicts_result *r = malloc(sizeof *r);
    if (!sum || !r || (nK == 1 && !pct) || fg_conflicts_create(&ctx)) {
        rc = fg_cli_fail(CMD, "out of memory");
        goto out;
    }
    fg_out *ocsv = fg_cli_out(&spec, &v.csv), *fplot = fg_cli_out(&spec, &v.plot);
    FILE *fcsv = ocsv ? fg_out_stream(ocsv) : NULL;
    if (fcsv)
        csv_header(fcsv, nmax);

    fg_json j;
    fg_json_begin(&j, stdout);
    if (json) {
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, NULL);
        if (runs > 1) {
            fg_json_str(&j, "std", fg_std_name(std));
            fg_json_str(&j, "mapping", fg_bank_mapping_name(mapping));
            fg_json_int(&j, "runs", runs);
            fg_json_arr_open(&j, "results");
        }
    } else if (runs > 1) {
        char mtext[16] = "PLLR";
        if (banks)
            snprintf(mtext, sizeof mtext, "%d", banks);
        printf("Memory conflicts %s, mapping %s, M = %s; MCR over both half-iterations unless named\n",
               fg_std_name(std), fg_bank_mapping_name(mapping), mtext);
        printf("%6s %5s %5s %5s %8s %9s %9s %8s %6s %10s %10s\n", "K", "PLLR", "M", "C0", "conflict", "MCR_int",
               "MCR_deint", "MCR", "max_n", "2-4way(a)%", "2-4way(b)%");
    }
    for (int k = 0; k < nK; k++) {
        for (int p = 0; p < nP; p++) {
            fg_conflicts_cfg cfg = {std, K[k], pllr[p], banks, mapping};
            if (fg_conflicts_run_ctx(ctx, &cfg, r)) {
                rc = fg_cli_fail(CMD, "%s", fg_last_error());
                goto out;
            }
            summary *s = &sum[k * nP + p];
            s->K = K[k];
            s->pllr = pllr[p];
            s->mcr = r->both.mcr;
            s->max_n = r->both.max_n;
            for (int n = 2; pct && n <= pllr[p]; n++) {
                pct[p][0][n] = fg_conflicts_share(r->both.nway, n, n);
                pct[p][1][n] = fg_conflicts_share(r->both.nway_max, n, n);
            }
            if (fcsv)
                csv_row(fcsv, r, nmax);
            if (json) {
                if (runs > 1) {
                    fg_json_obj_open(&j, NULL);
                    j.pretty = 0;
                }
                json_result(&j, r);
                if (runs > 1) {
                    fg_json_obj_close(&j);
                    j.pretty = 1;
                }
            } else if (runs == 1)
                print_detail(r);
            else
                printf("%6d %5d %5d %5d %8ld %9.4f %9.4f %8.4f %6d %10.2f %10.2f\n", K[k], pllr[p], r->cfg.banks,
                       r->C0, r->both.conflict_cycles, r->dir[0].mcr, r->dir[1].mcr, r->both.mcr, r->both.max_n,
                       fg_conflicts_share(r->both.nway, 2, 4), fg_conflicts_share(r->both.nway_max, 2, 4));
        }
        if (nK > 20)
            fg_cli_progress(CMD, "block sizes", k + 1, nK);
    }
    fg_cli_progress_done();
    if (json) {
        if (runs > 1)
            fg_json_arr_close(&j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else if (runs > 1 && nK > 1) {
        printf("\n%5s %10s %10s %10s  (MCR over the %d block sizes)\n", "PLLR", "mean", "min", "max", nK);
        for (int p = 0; p < nP; p++) {
            double mean = 0, lo = 2, hi = -1;
            for (int k = 0; k < nK; k++) {
                const double m = sum[k * nP + p].mcr;
                mean += m / nK;
                lo = m < lo ? m : lo;
                hi = m > hi ? m : hi;
            }
            printf("%5d %10.4f %10.4f %10.4f\n", pllr[p], mean, lo, hi);
        }
    }
    if (fplot) {
        char title[256], mtext[16] = "PLLR";
        if (banks)
            snprintf(mtext, sizeof mtext, "%d", banks);
        if (nK == 1)
            snprintf(title, sizeof title, "n-way conflicts, %s K=%d, M=%s, mapping %s, both half-iterations",
                     fg_std_name(std), K[0], mtext, fg_bank_mapping_name(mapping));
        else
            snprintf(title, sizeof title, "Memory conflict ratio, %s, M=%s, mapping %s", fg_std_name(std), mtext,
                     fg_bank_mapping_name(mapping));
        if (plot(fplot, sum, pct, (int)runs, nK, nP, title))
            rc = FG_EXIT_FAIL;
    }
out:
    fg_conflicts_destroy(ctx);
    free(r);
    free(pct);
    free(sum);
    free(K);
    return fg_cli_finish(&spec, rc);
}
