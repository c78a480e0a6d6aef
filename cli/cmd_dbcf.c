/* fecforge dbcf: cycle-accurate DBCF write network, worst case over block sizes, and the
 * design-space sweep (Pareto front of buffer bits against extra cycles dC). */
#include "cli.h"
#include "commands.h"
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "dbcf";
enum { LIST_MAX = 256 };

static void help(void)
{
    printf(
        "usage: fecforge dbcf [--std umts|lte] [--K N|LIST|all] [--pllr P] [--banks M] [--mapping NAME]\n"
        "                     [--select S|all] [--fifo-depth F] [--buf-depth B] [--offer dual|head]\n"
        "                     [--stall] [--lfsr-seed X] [--direction both|interleave|deinterleave]\n"
        "                     [--json] [--trace FILE]\n"
        "       fecforge dbcf --sweep [--banks LIST] [--select LIST] [--fifo-depth LIST] [--buf-depth LIST]\n"
        "                     [--data-bits W] [--all-points] [--plot FILE.png] [--json] ...\n\n"
        "Cycle-accurate model of the double-buffer contention-free (DBCF) write network between PLLR\n"
        "XMAP output lanes and M extrinsic memory banks (thesis 4.5.3). One half-iteration per\n"
        "direction; reports C0, C1, dC = C1 - C0, FIFO/buffer occupancy, overflow, and checks that\n"
        "every LLR landed exactly once at its address. Exit 1 if anything overflowed or was misplaced.\n\n"
        "  --std S          umts (default) or lte\n"
        "  --K N|LIST|all   block size(s): default 5114 (UMTS) or 6144 (LTE); a list like 40,5114,\n"
        "                   4000-4100 or 40-5114:50 (every 50th); or all. Several sizes report\n"
        "                   the worst case\n"
        "  --pllr P         LLRs per cycle, a multiple of 4 in [4, 1024] (default 32)\n"
        "  --banks M        memory banks (default PLLR; sweep default PLLR,2*PLLR)\n"
        "  --mapping NAME   bank mapping: xmap (default; conflict-free reads), mod, block\n"
        "  --select S|all   words admitted per bank per cycle, [1, 2*PLLR] or all (default 3)\n"
        "  --fifo-depth F   lane FIFO depth, [0, 4096] (default 8)\n"
        "  --buf-depth B    bank circular-buffer depth, [0, 4096] (default 12)\n"
        "  --offer MODE     dual (default): a lane offers its FIFO head and its new word in the same\n"
        "                   cycle; head: a plain FIFO, the new word queues behind the head\n"
        "  --stall          stalling SISOs instead of free-running ones: a rejected word is held and its\n"
        "                   SISO stalls (the thesis's single-buffer baseline; nothing is lost)\n"
        "  --lfsr-seed X    non-zero 16-bit seed of the priority LFSR (default 0xACE1)\n"
        "  --direction D    both (default), interleave (LLR j -> pi^-1(j)), deinterleave (k -> pi(k))\n"
        "  --trace FILE     per-cycle port trace (one K, one direction); format in docs/dbcf.md\n"
        "  --json           one JSON object on stdout\n"
        "  --sweep          design-space exploration over banks x select x fifo-depth x buf-depth\n"
        "                   (LIST: N, N,M,... or N-M; defaults select 1-4, fifo 0-16, buf 0-32); prints\n"
        "                   the Pareto front (per M and S) of buffer bits against worst dC over\n"
        "                   the K set and directions, among configurations that lose nothing\n"
        "  --data-bits W    LLR width for the bit count (default 6, the thesis's extrinsic width)\n"
        "  --all-points     sweep: list every configuration, not only the front\n"
        "  --plot FILE.png  sweep: scatter of bits against dC with the front\n"
        "  -h, --help       this text\n\n"
        "examples:\n"
        "  fecforge dbcf --K 5114 --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7\n"
        "  fecforge dbcf --K all --pllr 32 --json\n"
        "  fecforge dbcf --sweep --pllr 32 --K 5114 --plot out/dbcf-sweep.png\n");
}

typedef struct {
    FILE *f;
    int pllr, banks;
} trace_ctx;

/* One line per cycle: cycle, then per lane "valid bank row data", then per lane
 * "accept_new accept_head reject fifo_level", then per bank "we row data buf_level"; hex words. */
static void trace_line(void *user, int cycle, const fg_dbcf *d, const fg_dbcf_word *lane, const fg_dbcf_out *out)
{
    trace_ctx *t = user;
    fprintf(t->f, "%x", cycle);
    for (int l = 0; l < t->pllr; l++)
        fprintf(t->f, " %x %x %x %x", lane[l].valid, lane[l].valid ? lane[l].bank : 0,
                lane[l].valid ? lane[l].row : 0, lane[l].valid ? lane[l].data : 0);
    for (int l = 0; l < t->pllr; l++)
        fprintf(t->f, " %x %x %x %x", out->accept_new_P[l], out->accept_head_P[l], out->reject_P[l],
                fg_dbcf_fifo_level(d, l));
    for (int b = 0; b < t->banks; b++) {
        const fg_dbcf_word *w = &out->bank_write_M[b];
        fprintf(t->f, " %x %x %x %x", w->valid, w->valid ? w->row : 0, w->valid ? w->data : 0,
                fg_dbcf_buf_level(d, b));
    }
    fputc('\n', t->f);
}

static void progress(void *user, long done, long total) { fg_cli_progress(CMD, (const char *)user, done, total); }

static void json_result(fg_json *j, const char *key, const fg_dbcf_result *r, int worst_K)
{
    fg_json_obj_open(j, key);
    if (worst_K >= 0)
        fg_json_int(j, "K", worst_K);
    fg_json_int(j, "C0", r->C0);
    fg_json_int(j, "C1", r->C1);
    fg_json_int(j, "dC", r->dC);
    fg_json_int(j, "max_fifo", r->max_fifo);
    fg_json_int(j, "max_buf", r->max_buf);
    fg_json_int(j, "overflow", r->overflow);
    fg_json_int(j, "stalls", r->stalls);
    fg_json_int(j, "written", r->written);
    fg_json_int(j, "misplaced", r->misplaced);
    fg_json_obj_close(j);
}

static void json_cfg(fg_json *j, const fg_dbcf_cfg *c)
{
    fg_json_int(j, "pllr", c->pllr);
    fg_json_int(j, "banks", c->banks);
    if (c->select == FG_DBCF_SELECT_ALL)
        fg_json_str(j, "select", "all");
    else
        fg_json_int(j, "select", c->select);
    fg_json_int(j, "fifo_depth", c->fifo_depth);
    fg_json_int(j, "buf_depth", c->buf_depth);
}

static void json_header(fg_json *j, fg_std std, const int *K, int nK, const fg_dbcf_cfg *c, fg_bank_mapping m,
                        int dirs)
{
    fg_json_provenance(j, c->lfsr_seed);
    fg_json_str(j, "std", fg_std_name(std));
    if (nK == 1)
        fg_json_int(j, "K", K[0]);
    else
        fg_json_int(j, "K_count", nK);
    fg_json_str(j, "mapping", fg_bank_mapping_name(m));
    fg_json_str(j, "offer", c->offer == FG_DBCF_OFFER_DUAL ? "dual" : "head");
    fg_json_bool(j, "stall", c->stall);
    fg_json_str(j, "directions_run", dirs == FG_DIRS_BOTH ? "both" : fg_direction_name((fg_direction)(dirs - 1)));
}

static const char *select_text(int s, char *buf, size_t n)
{
    if (s == FG_DBCF_SELECT_ALL)
        return "all";
    snprintf(buf, n, "%d", s);
    return buf;
}

static int run_single(const fg_dbcf_cfg *cfg, fg_std std, const int *K, int nK, int dirs, fg_bank_mapping m,
                      int json)
{
    fg_dbcf_worst w;
    int rc = fg_dbcf_worst_case(cfg, std, K, nK, dirs, m, 0, nK > 20 ? progress : NULL, "block sizes", &w);
    fg_cli_progress_done();
    if (rc)
        return fg_cli_fail(CMD, "%s", fg_last_error());
    const int lost = w.all.overflow > 0 || w.all.misplaced > 0;
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        json_header(&j, std, K, nK, cfg, m, dirs);
        json_cfg(&j, cfg);
        fg_json_int(&j, "C0", w.all.C0);
        fg_json_int(&j, "C1", w.all.C1);
        fg_json_int(&j, "dC", w.all.dC);
        fg_json_int(&j, "max_fifo", w.all.max_fifo);
        fg_json_int(&j, "max_buf", w.all.max_buf);
        fg_json_int(&j, "overflow", w.all.overflow);
        fg_json_int(&j, "stalls", w.all.stalls);
        fg_json_int(&j, "written", w.all.written);
        fg_json_int(&j, "misplaced", w.all.misplaced);
        fg_json_int(&j, "worst_K", w.worst_K_all);
        fg_json_obj_open(&j, "directions");
        for (int d = 0; d < 2; d++)
            if (dirs & (1 << d))
                json_result(&j, fg_direction_name((fg_direction)d), &w.dir[d], w.worst_K[d]);
        fg_json_obj_close(&j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        char sb[16];
        printf("DBCF %s, %s%d, PLLR=%d, M=%d (%s), S=%s, F=%d, B=%d, offer %s%s\n", fg_std_name(std),
               nK == 1 ? "K=" : "block sizes: ", nK == 1 ? K[0] : nK, cfg->pllr, cfg->banks,
               fg_bank_mapping_name(m), select_text(cfg->select, sb, sizeof sb), cfg->fifo_depth,
               cfg->buf_depth, cfg->offer == FG_DBCF_OFFER_DUAL ? "dual" : "head",
               cfg->stall ? ", stalling SISOs" : "");
        printf("%-13s %6s %6s %6s %6s %8s %8s %8s %8s %8s\n", "direction", "K", "C0", "C1", "dC", "max_fifo",
               "max_buf", "overflow", "stalls", "misplaced");
        for (int d = 0; d < 3; d++) {
            if (d < 2 && !(dirs & (1 << d)))
                continue;
            const fg_dbcf_result *r = d < 2 ? &w.dir[d] : &w.all;
            printf("%-13s %6d %6d %6d %6d %8d %8d %8ld %8ld %8ld\n",
                   d < 2 ? fg_direction_name((fg_direction)d) : "worst", d < 2 ? w.worst_K[d] : w.worst_K_all,
                   r->C0, r->C1, r->dC, r->max_fifo, r->max_buf, r->overflow, r->stalls, r->misplaced);
        }
        if (nK > 1)
            printf("(K column: the block size with the largest dC; other columns are maxima or sums over %d sizes)\n",
                   nK);
    }
    if (lost)
        fprintf(stderr, "fecforge dbcf: %ld words overflowed, %ld misplaced\n", w.all.overflow, w.all.misplaced);
    return lost ? FG_EXIT_FAIL : FG_EXIT_OK;
}

static int run_trace(const fg_dbcf_cfg *cfg, fg_std std, int K, int dirs, fg_bank_mapping m, const char *path)
{
    if (dirs == FG_DIRS_BOTH)
        return fg_cli_usage_error(CMD, "--trace needs --direction interleave or deinterleave");
    fg_xmap_schedule s;
    fg_bank_map map;
    if (fg_xmap_schedule_init(&s, K, cfg->pllr) || fg_bank_map_init(&map, m, cfg->banks, &s))
        return fg_cli_usage_error(CMD, "%s", fg_last_error());
    int32_t *addr = malloc(sizeof *addr * (size_t)K);
    if (!addr)
        return fg_cli_fail(CMD, "out of memory");
    fg_out *o = fg_cli_out_open(CMD, "trace", path);
    if (!o) {
        free(addr);
        return FG_EXIT_USAGE;
    }
    FILE *f = fg_out_stream(o);
    trace_ctx t = {f, cfg->pllr, cfg->banks};
    fprintf(f, "# fecforge %s (git %s) dbcf trace: std=%s K=%d direction=%s pllr=%d banks=%d mapping=%s select=%d "
               "fifo_depth=%d buf_depth=%d offer=%s stall=%d lfsr_seed=0x%x\n"
               "# per cycle (hex): cycle; per lane: valid bank row data; per lane: accept_new accept_head reject "
               "fifo_level; per bank: we row data buf_level\n",
            fg_version(), fg_git_hash(), fg_std_name(std), K, fg_direction_name((fg_direction)(dirs - 1)), cfg->pllr,
            cfg->banks, fg_bank_mapping_name(m), cfg->select, cfg->fifo_depth, cfg->buf_depth,
            cfg->offer == FG_DBCF_OFFER_DUAL ? "dual" : "head", cfg->stall, cfg->lfsr_seed);
    fg_dbcf_result r;
    int rc = fg_write_addresses(std, K, (fg_direction)(dirs - 1), addr);
    if (!rc)
        rc = fg_dbcf_half_iteration(cfg, &map, addr, trace_line, &t, &r);
    free(addr);
    if (rc) {
        fg_cli_out_close(CMD, o, 0);
        return fg_cli_fail(CMD, "%s", fg_last_error());
    }
    if (fg_cli_out_close(CMD, o, 1))
        return FG_EXIT_FAIL;
    fprintf(stderr, "fecforge dbcf: wrote %d cycles to %s (C0=%d C1=%d dC=%d overflow=%ld misplaced=%ld)\n", r.C1,
            path, r.C0, r.C1, r.dC, r.overflow, r.misplaced);
    return r.overflow || r.misplaced ? FG_EXIT_FAIL : FG_EXIT_OK;
}

static int cmp_points(const void *a, const void *b)
{
    const fg_dbcf_point *x = a, *y = b;
    if (x->cfg.banks != y->cfg.banks)
        return x->cfg.banks - y->cfg.banks;
    if (x->cfg.select != y->cfg.select)
        return x->cfg.select - y->cfg.select;
    if (x->bits != y->bits)
        return x->bits < y->bits ? -1 : 1;
    return x->dC - y->dC;
}

/* Points sorted by banks, select, bits: one gnuplot data block per (M, S). */
static int plot_sweep(const fg_dbcf_point *pts, int n, fg_out *png)
{
    char *script = NULL, *plots = NULL;
    size_t len = 0, plen = 0;
    FILE *f = open_memstream(&script, &len), *p = open_memstream(&plots, &plen);
    if (!f || !p) {
        if (f)
            fclose(f);
        if (p)
            fclose(p);
        free(script);
        free(plots);
        return fg_cli_fail(CMD, "out of memory for the plot script");
    }
    static const char *colors[] = {"#3366cc", "#cc3333", "#339933", "#aa7700", "#8833aa", "#444444",
                                   "#00aaaa", "#ff66cc"};
    int block = 0, last_banks = -1, last_sel = -1;
    char sb[16];
    for (int i = 0; i < n; i++) {
        if (!pts[i].feasible)
            continue;
        if (pts[i].cfg.banks != last_banks || pts[i].cfg.select != last_sel) {
            if (block == 64)
                break;
            if (last_banks >= 0)
                fputs("EOD\n", f);
            fprintf(f, "$b%d << EOD\n", block);
            const char *col = colors[block % 8];
            fprintf(p,
                    "%s$b%d using 1:2 with points pt 7 ps 0.4 lc rgb '%s' notitle, "
                    "$b%d using ($3==1?$1:1/0):2 with linespoints pt 7 ps 1.4 lw 2 lc rgb '%s' "
                    "title 'M=%d S=%s front'",
                    block ? ", " : "", block, col, block, col, pts[i].cfg.banks,
                    select_text(pts[i].cfg.select, sb, sizeof sb));
            last_banks = pts[i].cfg.banks;
            last_sel = pts[i].cfg.select;
            block++;
        }
        fprintf(f, "%ld %d %d\n", pts[i].bits, pts[i].dC, pts[i].pareto);
    }
    if (block)
        fputs("EOD\n", f);
    fclose(p);
    fprintf(f,
            "set terminal pngcairo size 900,600\n"
            "set title 'DBCF design space: buffer bits vs extra cycles (configurations without loss)'\n"
            "set xlabel 'FIFO + circular-buffer bits'\nset ylabel 'worst dC = C1 - C0 [cycles]'\n"
            "set grid\nset key top right\nset yrange [0:*]\nplot %s\n",
            plots);
    fclose(f);
    free(plots);
    int rc = block ? fg_cli_gnuplot(CMD, script, png)
                   : fg_cli_fail(CMD, "no configuration of the sweep is free of loss: nothing to plot");
    free(script);
    return rc ? FG_EXIT_FAIL : FG_EXIT_OK;
}

static int run_sweep(const fg_dbcf_cfg *base, const fg_dbcf_grid *g, fg_std std, const int *K, int nK, int dirs,
                     fg_bank_mapping m, int json, int all_points, const char *plot)
{
    const long total = (long)g->n_banks * g->n_select * g->n_fifo * g->n_buf;
    if (total > 200000)
        return fg_cli_usage_error(CMD, "sweep of %ld configurations is too large (limit 200000)", total);
    fg_out *png = NULL; /* opened before the sweep: a bad --plot path costs no work */
    if (plot && !(png = fg_cli_out_open(CMD, "plot", plot)))
        return FG_EXIT_USAGE;
    fg_dbcf_point *pts = malloc(sizeof *pts * (size_t)total);
    if (!pts) {
        fg_cli_out_close(CMD, png, 0);
        return fg_cli_fail(CMD, "out of memory");
    }
    int n;
    int rc = fg_dbcf_sweep(base, g, std, K, nK, dirs, m, progress, "sweep configurations", pts, &n);
    fg_cli_progress_done();
    if (rc) {
        free(pts);
        fg_cli_out_close(CMD, png, 0);
        return fg_cli_fail(CMD, "%s", fg_last_error());
    }
    qsort(pts, (size_t)n, sizeof *pts, cmp_points);
    int feasible = 0, front = 0;
    for (int i = 0; i < n; i++) {
        feasible += pts[i].feasible;
        front += pts[i].pareto;
    }
    char sb[16];
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        json_header(&j, std, K, nK, base, m, dirs);
        fg_json_int(&j, "pllr", base->pllr);
        fg_json_int(&j, "data_bits", g->data_bits);
        fg_json_int(&j, "configurations", n);
        fg_json_int(&j, "feasible", feasible);
        fg_json_arr_open(&j, all_points ? "points" : "pareto");
        for (int i = 0; i < n; i++) {
            if (!all_points && !pts[i].pareto)
                continue;
            fg_json_obj_open(&j, NULL);
            j.pretty = 0;
            json_cfg(&j, &pts[i].cfg);
            fg_json_bool(&j, "feasible", pts[i].feasible);
            fg_json_bool(&j, "pareto", pts[i].pareto);
            fg_json_int(&j, "bits", pts[i].bits);
            fg_json_int(&j, "dC", pts[i].dC);
            fg_json_int(&j, "max_fifo", pts[i].max_fifo);
            fg_json_int(&j, "max_buf", pts[i].max_buf);
            fg_json_obj_close(&j);
            j.pretty = 1;
        }
        fg_json_arr_close(&j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("DBCF sweep %s, %s%d, PLLR=%d, mapping %s, offer %s: %d configurations, %d lose nothing, "
               "%d on the Pareto front\n",
               fg_std_name(std), nK == 1 ? "K=" : "block sizes: ", nK == 1 ? K[0] : nK, base->pllr,
               fg_bank_mapping_name(m), base->offer == FG_DBCF_OFFER_DUAL ? "dual" : "head", n, feasible, front);
        printf("%6s %6s %6s %6s %8s %6s %8s %8s %s\n", "M", "S", "F", "B", "bits", "dC", "max_fifo", "max_buf",
               all_points ? "front" : "");
        for (int i = 0; i < n; i++) {
            if (!all_points && !pts[i].pareto)
                continue;
            const fg_dbcf_point *p = &pts[i];
            char dc[16];
            snprintf(dc, sizeof dc, p->feasible ? "%d" : "loss", p->dC);
            printf("%6d %6s %6d %6d %8ld %6s %8d %8d %s\n", p->cfg.banks, select_text(p->cfg.select, sb, sizeof sb),
                   p->cfg.fifo_depth, p->cfg.buf_depth, p->bits, dc, p->max_fifo, p->max_buf, p->pareto ? "*" : "");
        }
        for (int b = 0; b < g->n_banks; b++) {
            int any = 0;
            for (int i = 0; i < n; i++)
                any |= pts[i].feasible && pts[i].cfg.banks == g->banks[b];
            if (!any)
                printf("M=%d: every configuration of the grid overflows; try deeper --fifo-depth/--buf-depth\n",
                       g->banks[b]);
        }
    }
    rc = FG_EXIT_OK;
    if (png) {
        rc = plot_sweep(pts, n, png);
        if (fg_cli_out_close(CMD, png, rc == FG_EXIT_OK))
            rc = FG_EXIT_FAIL;
    }
    free(pts);
    return rc;
}

int fg_cmd_dbcf(int argc, char **argv)
{
    enum { O_STD = 256, O_K, O_PLLR, O_BANKS, O_MAP, O_SEL, O_FIFO, O_BUF, O_OFFER, O_STALL, O_SEED, O_DIR,
           O_JSON, O_TRACE, O_SWEEP, O_BITS, O_ALL, O_PLOT };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},          {"K", required_argument, NULL, O_K},
        {"pllr", required_argument, NULL, O_PLLR},        {"banks", required_argument, NULL, O_BANKS},
        {"mapping", required_argument, NULL, O_MAP},      {"select", required_argument, NULL, O_SEL},
        {"fifo-depth", required_argument, NULL, O_FIFO},  {"buf-depth", required_argument, NULL, O_BUF},
        {"offer", required_argument, NULL, O_OFFER},      {"stall", no_argument, NULL, O_STALL},
        {"lfsr-seed", required_argument, NULL, O_SEED},   {"direction", required_argument, NULL, O_DIR},
        {"json", no_argument, NULL, O_JSON},              {"trace", required_argument, NULL, O_TRACE},
        {"sweep", no_argument, NULL, O_SWEEP},            {"data-bits", required_argument, NULL, O_BITS},
        {"all-points", no_argument, NULL, O_ALL},         {"plot", required_argument, NULL, O_PLOT},
        {"help", no_argument, NULL, 'h'},                 {NULL, 0, NULL, 0}};
    const char *std_name = "umts", *K_text = NULL, *map_name = "xmap", *banks_text = NULL, *sel_text = "3",
               *fifo_text = "8", *buf_text = "12", *trace = NULL, *plot = NULL;
    fg_dbcf_cfg cfg = fg_dbcf_cfg_default();
    int json = 0, sweep = 0, all_points = 0, dirs = FG_DIRS_BOTH, data_bits = 6, c;
    int fifo_set = 0, buf_set = 0, sel_set = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_STD: std_name = optarg; break;
        case O_K: K_text = optarg; break;
        case O_PLLR:
            if (fg_cli_int(CMD, "pllr", optarg, 4, FG_PLLR_MAX, &cfg.pllr))
                return FG_EXIT_USAGE;
            if (cfg.pllr % 4)
                return fg_cli_usage_error(CMD, "--pllr=%d invalid: must be a multiple of 4 (4 LLRs per radix-4 XMAP)",
                                          cfg.pllr);
            break;
        case O_BANKS: banks_text = optarg; break;
        case O_MAP: map_name = optarg; break;
        case O_SEL: sel_text = optarg; sel_set = 1; break;
        case O_FIFO: fifo_text = optarg; fifo_set = 1; break;
        case O_BUF: buf_text = optarg; buf_set = 1; break;
        case O_OFFER:
            if (!strcmp(optarg, "dual"))
                cfg.offer = FG_DBCF_OFFER_DUAL;
            else if (!strcmp(optarg, "head"))
                cfg.offer = FG_DBCF_OFFER_HEAD;
            else
                return fg_cli_usage_error(CMD, "--offer=%s unknown: valid are dual, head", optarg);
            break;
        case O_STALL: cfg.stall = 1; break;
        case O_SEED: {
            char *end;
            long v = strtol(optarg, &end, 0);
            if (*end || v < 1 || v > 0xFFFF)
                return fg_cli_usage_error(CMD, "--lfsr-seed=%s invalid: expected a value in [1, 0xffff]", optarg);
            cfg.lfsr_seed = (uint16_t)v;
            break;
        }
        case O_DIR:
            if (!strcmp(optarg, "both"))
                dirs = FG_DIRS_BOTH;
            else if (!strcmp(optarg, "interleave"))
                dirs = FG_DIRS_INTERLEAVE;
            else if (!strcmp(optarg, "deinterleave"))
                dirs = FG_DIRS_DEINTERLEAVE;
            else
                return fg_cli_usage_error(CMD, "--direction=%s unknown: valid are both, interleave, deinterleave",
                                          optarg);
            break;
        case O_JSON: json = 1; break;
        case O_TRACE: trace = optarg; break;
        case O_SWEEP: sweep = 1; break;
        case O_BITS:
            if (fg_cli_int(CMD, "data-bits", optarg, 1, 32, &data_bits))
                return FG_EXIT_USAGE;
            break;
        case O_ALL: all_points = 1; break;
        case O_PLOT: plot = optarg; break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    fg_std std;
    fg_bank_mapping mapping;
    if (fg_std_parse(std_name, &std) || fg_bank_mapping_parse(map_name, &mapping))
        return fg_cli_usage_error(CMD, "--%s", fg_last_error());
    if (plot && !sweep)
        return fg_cli_usage_error(CMD, "--plot is for --sweep");
    if (trace && sweep)
        return fg_cli_usage_error(CMD, "--trace and --sweep are exclusive");

    /* List-valued options: single values unless sweeping. */
    static int banks[LIST_MAX], sel[LIST_MAX], fifo[LIST_MAX], buf[LIST_MAX];
    int nb = 0, ns = 0, nf = 0, nbuf = 0;
    if (banks_text) {
        if (fg_cli_int_list(CMD, "banks", banks_text, 1, 4096, banks, LIST_MAX, &nb))
            return FG_EXIT_USAGE;
    } else {
        banks[nb++] = cfg.pllr;
        if (sweep)
            banks[nb++] = 2 * cfg.pllr;
    }
    if (!strcmp(sel_text, "all") && !(sweep && !sel_set))
        sel[ns++] = FG_DBCF_SELECT_ALL;
    else if (sweep && !sel_set) {
        for (int v = 1; v <= 4; v++)
            sel[ns++] = v;
    } else if (fg_cli_int_list(CMD, "select", sel_text, 1, 2 * cfg.pllr, sel, LIST_MAX, &ns))
        return FG_EXIT_USAGE;
    if (fg_cli_int_list(CMD, "fifo-depth", sweep && !fifo_set ? "0-16" : fifo_text, 0, FG_DBCF_DEPTH_MAX, fifo,
                        LIST_MAX, &nf) ||
        fg_cli_int_list(CMD, "buf-depth", sweep && !buf_set ? "0-32" : buf_text, 0, FG_DBCF_DEPTH_MAX, buf, LIST_MAX,
                        &nbuf))
        return FG_EXIT_USAGE;
    if (!sweep && (nb > 1 || ns > 1 || nf > 1 || nbuf > 1))
        return fg_cli_usage_error(CMD, "lists of --banks/--select/--fifo-depth/--buf-depth need --sweep");
    for (int i = 0; i < nb; i++)
        if (mapping == FG_MAP_XMAP && banks[i] % cfg.pllr)
            return fg_cli_usage_error(CMD, "--banks=%d invalid for mapping xmap: must be a multiple of PLLR=%d",
                                      banks[i], cfg.pllr);
    cfg.banks = banks[0];
    cfg.select = sel[0];
    cfg.fifo_depth = fifo[0];
    cfg.buf_depth = buf[0];
    if (fg_dbcf_cfg_check(&cfg))
        return fg_cli_usage_error(CMD, "%s", fg_last_error());

    int *K, nK;
    if (fg_cli_k_set(CMD, std, K_text ? K_text : std == FG_STD_LTE ? "6144" : "5114", &K, &nK))
        return FG_EXIT_USAGE;
    int rc;
    if (trace)
        rc = nK == 1 ? run_trace(&cfg, std, K[0], dirs, mapping, trace)
                     : fg_cli_usage_error(CMD, "--trace needs a single --K");
    else if (sweep) {
        fg_dbcf_grid g = {banks, nb, sel, ns, fifo, nf, buf, nbuf, data_bits, 0};
        rc = run_sweep(&cfg, &g, std, K, nK, dirs, mapping, json, all_points, plot);
    } else
        rc = run_single(&cfg, std, K, nK, dirs, mapping, json);
    free(K);
    return rc;
}
