/* fecforge dbcf: cycle-accurate DBCF write network, worst case over block sizes, and the
 * design-space sweep (Pareto front of buffer bits against extra cycles dC). */
#include "cli.h"
#include "cli_opts.h"
#include "commands.h"
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

static const char *const CMD = "dbcf";

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
    const uint64_t seed = c->lfsr_seed;
    fg_json_provenance(j, &seed);
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

static int run_trace(const fg_dbcf_cfg *cfg, fg_std std, int K, int dirs, fg_bank_mapping m, fg_out *o)
{
    fg_xmap_schedule s;
    fg_bank_map map;
    if (fg_xmap_schedule_init(&s, K, cfg->pllr) || fg_bank_map_init(&map, m, cfg->banks, &s))
        return fg_cli_usage_error(CMD, "%s", fg_last_error());
    int32_t *addr = malloc(sizeof *addr * (size_t)K);
    if (!addr)
        return fg_cli_fail(CMD, "out of memory");
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
    if (rc)
        return fg_cli_fail(CMD, "%s", fg_last_error());
    fprintf(stderr, "fecforge dbcf: wrote %d cycles to %s (C0=%d C1=%d dC=%d overflow=%ld misplaced=%ld)\n", r.C1,
            fg_out_path(o), r.C0, r.C1, r.dC, r.overflow, r.misplaced);
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

/* png: the --plot output (opened before any work), or NULL. */
static int run_sweep(const fg_dbcf_cfg *base, const fg_dbcf_grid *g, fg_std std, const int *K, int nK, int dirs,
                     fg_bank_mapping m, int json, int all_points, fg_out *png)
{
    const long total = (long)g->n_banks * g->n_select * g->n_fifo * g->n_buf;
    fg_dbcf_point *pts = malloc(sizeof *pts * (size_t)total);
    if (!pts)
        return fg_cli_fail(CMD, "out of memory");
    int n;
    int rc = fg_dbcf_sweep(base, g, std, K, nK, dirs, m, progress, "sweep configurations", pts, &n);
    fg_cli_progress_done();
    if (rc) {
        free(pts);
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
    rc = png ? plot_sweep(pts, n, png) : FG_EXIT_OK;
    free(pts);
    return rc;
}

/* The network's options: fg_dbcf_options, with --banks, --select, --fifo-depth and --buf-depth as lists
 * (INTS) for --sweep. */
typedef struct {
    fg_dbcf_cfg cfg;
    fg_opt_ints banks, select, fifo, buf;
} net_opts;

static const struct {
    const char *name;
    size_t offset;
    const char *words, *def_text;
    const char *param; /* how fg_dbcf_cfg_check's messages start */
} LISTS[] = {{"banks", offsetof(net_opts, banks), NULL, "PLLR; --sweep: PLLR,2*PLLR", "banks="},
             {"select", offsetof(net_opts, select), "all", "3; --sweep: 1-4", "select="},
             {"fifo-depth", offsetof(net_opts, fifo), NULL, "8; --sweep: 0-16", "fifo_depth="},
             {"buf-depth", offsetof(net_opts, buf), NULL, "12; --sweep: 0-32", "buf_depth="}};
enum { N_LISTS = sizeof LISTS / sizeof *LISTS, NET_OPTS_MAX = 16 };

/* fg_dbcf_options over net_opts: the same names, ranges and help; the four lists as INTS. */
static void net_table(fg_opt *t)
{
    int k = 0;
    for (const fg_opt *o = fg_dbcf_options; o->name && k < NET_OPTS_MAX - 1; o++, k++) {
        t[k] = *o;
        t[k].offset += offsetof(net_opts, cfg);
        for (int i = 0; i < N_LISTS; i++)
            if (!strcmp(o->name, LISTS[i].name)) {
                t[k].type = FG_OPT_INTS;
                t[k].offset = LISTS[i].offset;
                t[k].words = LISTS[i].words;
                t[k].def_text = LISTS[i].def_text;
            }
    }
    t[k] = (fg_opt){NULL};
}

typedef struct {
    int std, mapping, direction, json, sweep, width, all_points;
    fg_opt_ints K;
    char *trace, *plot;
} dbcf_opts;

#define O(f) FG_CLI_OFF(dbcf_opts, f)
static const fg_opt opts[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = FG_STD_WORDS, .def = "umts", .meta = "S", .help = "the standard"},
    {"K", 0, FG_OPT_INTS, O(K), 1, FG_K_MAX, .words = "all", .meta = "LIST",
     .def_text = "5114 for UMTS, 6144 for LTE",
     .help = "block sizes: 40,5114, 4000-4100, 40-5114:50 (every 50th), all: every size\n"
             "of the standard; several sizes report the worst case"},
    {"mapping", 0, FG_OPT_CHOICE, O(mapping), .words = FG_MAPPING_WORDS, .def = "xmap", .meta = "NAME",
     .help = "bank mapping: xmap (conflict-free reads; M a multiple of PLLR), xmap-xor,\n"
             "mod (a mod M), block (a / ceil(K/M))"},
    {"direction", 0, FG_OPT_CHOICE, O(direction), .words = "both|interleave|deinterleave", .def = "both", .meta = "D",
     .help = "interleave (LLR j -> pi^-1(j)), deinterleave (k -> pi(k)) or both"},
    {"trace", 0, FG_OPT_TEXT, O(trace), .meta = "FILE",
     .help = "per-cycle port trace (one K, one direction); format in docs/dbcf.md", .flags = FG_CLI_OUTPUT},
    {"json", 0, FG_OPT_FLAG, O(json), .help = "one JSON object on stdout"},
    {NULL}};

static const fg_opt sweep_opts[] = {
    {"sweep", 0, FG_OPT_FLAG, O(sweep),
     .help = "design-space exploration over banks x select x fifo-depth x buf-depth\n"
             "(the lists); prints the Pareto front (per M and S) of buffer bits against\n"
             "worst dC over the K set and directions, among configurations that lose nothing"},
    {"width", 0, FG_OPT_INT, O(width), 1, 32, .meta = "W",
     .help = "data (LLR) width for the bit count (the thesis's extrinsic width)"},
    {"data-bits", 0, FG_OPT_INT, 0, .alias_of = "width"},
    {"all-points", 0, FG_OPT_FLAG, O(all_points), .help = "list every configuration, not only the front"},
    {"plot", 0, FG_OPT_TEXT, O(plot), .meta = "FILE.png", .help = "scatter of bits against dC with the front",
     .flags = FG_CLI_OUTPUT},
    {NULL}};
#undef O

/* "4,8,..." of a parsed list, for messages. */
static const char *list_text(const fg_opt_ints *l, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < l->n && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%d", i ? "," : "", l->v[i]);
    if (at >= n && n > 4)
        strcpy(buf + n - 4, "...");
    return buf;
}

/* "--data-bits" when the user wrote that old spelling of --width, for messages. */
static const char *width_spelled(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (!strncmp(argv[i], "--data-bits", 11) && (!argv[i][11] || argv[i][11] == '='))
            return "--data-bits";
    return "--width";
}

/* A list option's values: the list given ("all": FG_DBCF_SELECT_ALL), else def[0..n_def). */
static int *list_values(const fg_opt_ints *l, const int *def, int n_def, int *n)
{
    const int count = l->n == FG_OPT_ALL ? 1 : l->n > 0 ? l->n : n_def;
    int *v = malloc(sizeof *v * (size_t)count);
    for (int i = 0; v && i < count; i++)
        v[i] = l->n == FG_OPT_ALL ? FG_DBCF_SELECT_ALL : l->n > 0 ? l->v[i] : def[i];
    *n = count;
    return v;
}

/* lo, lo + 1, ..., hi into a; their count. */
static int span(int *a, int lo, int hi)
{
    for (int x = lo; x <= hi; x++)
        a[x - lo] = x;
    return hi - lo + 1;
}

/* Field i of the lists (banks, select, fifo-depth, buf-depth) of c. */
static int *list_field(fg_dbcf_cfg *c, int i)
{
    return i == 0 ? &c->banks : i == 1 ? &c->select : i == 2 ? &c->fifo_depth : &c->buf_depth;
}

int fg_cmd_dbcf(int argc, char **argv)
{
    dbcf_opts v = {.width = 6};
    net_opts net = {.cfg = fg_dbcf_cfg_default()};
    fg_opt net_tbl[NET_OPTS_MAX];
    net_table(net_tbl);
    fg_cli_spec spec = {
        .cmd = CMD,
        .usage = "[--std umts|lte] [--K N|LIST|all] [--pllr P] [--banks M] [--mapping NAME]\n"
                 "                     [--select S|all] [--fifo-depth F] [--buf-depth B] [--offer dual|head]\n"
                 "                     [--stall] [--lfsr-seed X] [--direction both|interleave|deinterleave]\n"
                 "                     [--json] [--trace FILE]\n"
                 "       fecforge dbcf --sweep [--banks LIST] [--select LIST] [--fifo-depth LIST] [--buf-depth LIST]\n"
                 "                     [--width W] [--all-points] [--plot FILE.png] [--json] ...",
        .about = "Cycle-accurate model of the double-buffer contention-free (DBCF) write network between PLLR\n"
                 "XMAP output lanes and M extrinsic memory banks (thesis 4.5.3). One half-iteration per\n"
                 "direction; reports C0, C1, dC = C1 - C0, FIFO/buffer occupancy, overflow, and checks that\n"
                 "every LLR landed exactly once at its address. Exit 1 if anything overflowed or was misplaced.",
        .notes = "--banks, --select, --fifo-depth and --buf-depth take one value, or with --sweep a list:\n"
                 "N, N,M,..., N-M or N-M:STEP. PLLR is a multiple of 4 (4 LLRs per radix-4 XMAP).",
        .examples = "fecforge dbcf --K 5114 --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7\n"
                    "fecforge dbcf --K all --pllr 32 --banks 64 --json\n"
                    "fecforge dbcf --sweep --pllr 32 --K 5114 --plot out/dbcf-sweep.png"};
    fg_cli_group(&spec, "options", opts, &v);
    fg_cli_group(&spec, "DBCF network", net_tbl, &net);
    fg_cli_group(&spec, NULL, fg_dbcf_stall_option, &net.cfg);
    fg_cli_group(&spec, "design-space sweep", sweep_opts, &v);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    const fg_std std = (fg_std)v.std;
    const fg_bank_mapping mapping = (fg_bank_mapping)v.mapping;
    const int dirs = v.direction == 0 ? FG_DIRS_BOTH : v.direction; /* interleave 1, deinterleave 2 */
    const int sweep = v.sweep;
    fg_dbcf_cfg cfg = net.cfg;
    fg_out *trace = fg_cli_out(&spec, &v.trace), *png = fg_cli_out(&spec, &v.plot);
    if (cfg.pllr % 4)
        return fg_cli_finish(&spec, fg_cli_opt_error(&spec, &net.cfg.pllr, "=%d invalid: a multiple of 4 in [4, %d] "
                                                     "(4 LLRs per radix-4 XMAP)", cfg.pllr, FG_PLLR_MAX));
    if (!sweep) {
        const char *only_sweep = fg_cli_given(&spec, &v.width)        ? width_spelled(argc, argv)
                                 : fg_cli_given(&spec, &v.all_points) ? "--all-points"
                                 : png                                ? "--plot"
                                                                      : NULL;
        if (only_sweep)
            return fg_cli_finish(&spec, fg_cli_usage_error(CMD, "%s is for --sweep", only_sweep));
    } else if (trace)
        return fg_cli_finish(&spec, fg_cli_opt_error(&spec, &v.trace, " and --sweep are exclusive"));

    /* The lists: one value each without --sweep; the sweep's defaults otherwise. */
    const fg_opt_ints *lists[N_LISTS] = {&net.banks, &net.select, &net.fifo, &net.buf};
    char text[64];
    for (int i = 0; i < N_LISTS && !sweep; i++)
        if (lists[i]->n > 1)
            return fg_cli_finish(&spec, fg_cli_opt_error(&spec, lists[i], " takes one value without --sweep (got %s)",
                                                         list_text(lists[i], text, sizeof text)));
    int def[N_LISTS][33] = {{cfg.pllr, 2 * cfg.pllr}, {cfg.select}, {cfg.fifo_depth}, {cfg.buf_depth}};
    int n_def[N_LISTS] = {1, 1, 1, 1};
    if (sweep) {
        n_def[0] = 2;
        n_def[1] = span(def[1], 1, 4);
        n_def[2] = span(def[2], 0, 16);
        n_def[3] = span(def[3], 0, 32);
    }
    int *vals[N_LISTS] = {NULL}, n[N_LISTS];
    int *K = NULL, nK = 0;
    for (int i = 0; i < N_LISTS; i++)
        if (!(vals[i] = list_values(lists[i], def[i], n_def[i], &n[i])))
            rc = fg_cli_fail(CMD, "out of memory");
    /* Every value of every list through the library's check, the others at their first value. */
    for (int i = 0; i < N_LISTS && !rc; i++)
        *list_field(&cfg, i) = vals[i][0];
    for (int i = 0; i < N_LISTS && !rc; i++)
        for (int k = 0; k < n[i] && !rc; k++) {
            fg_dbcf_cfg c = cfg;
            *list_field(&c, i) = vals[i][k];
            if (i == 0 && mapping == FG_MAP_XMAP && c.banks % c.pllr)
                rc = fg_cli_opt_error(&spec, lists[0], "=%d invalid for mapping xmap: must be a multiple of PLLR=%d",
                                      c.banks, c.pllr);
            else if (fg_dbcf_cfg_check(&c)) { /* "select=9 out of range [1, 8] (2*PLLR) ...": its option */
                const char *msg = fg_last_error();
                int at = i;
                for (int l = 0; l < N_LISTS; l++)
                    if (!strncmp(msg, LISTS[l].param, strlen(LISTS[l].param)))
                        at = l;
                rc = fg_cli_opt_error(&spec, lists[at], ": %s", msg);
            }
        }
    if (rc)
        goto out;
    const long total = (long)n[0] * n[1] * n[2] * n[3];
    if (total > 200000) {
        rc = fg_cli_usage_error(CMD, "--sweep of %ld configurations (--banks x --select x --fifo-depth x --buf-depth) "
                                     "is too large (limit 200000)", total);
        goto out;
    }
    if (fg_cli_k_list(CMD, std, &v.K, std == FG_STD_LTE ? 6144 : 5114, &K, &nK)) {
        rc = FG_EXIT_USAGE;
        goto out;
    }
    if (trace) {
        if (dirs == FG_DIRS_BOTH)
            rc = fg_cli_opt_error(&spec, &v.trace, " needs --direction interleave or deinterleave");
        else if (nK != 1)
            rc = fg_cli_opt_error(&spec, &v.trace, " needs a single --K (got %d sizes)", nK);
        else
            rc = run_trace(&cfg, std, K[0], dirs, mapping, trace);
    } else if (sweep) {
        fg_dbcf_grid g = {vals[0], n[0], vals[1], n[1], vals[2], n[2], vals[3], n[3], v.width, 0};
        rc = run_sweep(&cfg, &g, std, K, nK, dirs, mapping, v.json, v.all_points, png);
    } else
        rc = run_single(&cfg, std, K, nK, dirs, mapping, v.json);
out:
    free(K);
    for (int i = 0; i < N_LISTS; i++)
        free(vals[i]);
    return fg_cli_finish(&spec, rc);
}
