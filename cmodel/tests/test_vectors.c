/* Golden vectors: write, read back and replay through the step models; corrupt files; the
 * atomic output directory. */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/json.h"
#include "fecforge/vectors.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- helpers ---- */

static char root[64];

static void rm_tree(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        unlink(path);
        return;
    }
    struct dirent *e;
    char p[1024];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", path, e->d_name);
            rm_tree(p);
        }
    closedir(d);
    rmdir(path);
}

static const char *tmp_path(const char *name)
{
    static char p[4][256];
    static int k;
    k = (k + 1) % 4;
    if (!root[0]) {
        strcpy(root, "/tmp/fg-test-vectors-XXXXXX");
        if (!mkdtemp(root))
            abort();
    }
    snprintf(p[k], sizeof p[k], "%s/%s", root, name);
    return p[k];
}

static int exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

/* Entries of the temporary root whose names start with prefix. */
static int count_entries(const char *prefix)
{
    DIR *d = opendir(root);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += !strncmp(e->d_name, prefix, strlen(prefix));
    if (d)
        closedir(d);
    return n;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

static void spit(const char *path, const char *s)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs(s, f);
        fclose(f);
    }
}

/* Replace the first occurrence of from by to in the file. Returns 0 if found. */
static int patch(const char *path, const char *from, const char *to)
{
    char *s = slurp(path);
    char *at = s ? strstr(s, from) : NULL;
    if (!at) {
        free(s);
        return -1;
    }
    char *t = malloc(strlen(s) + strlen(to) + 1);
    memcpy(t, s, (size_t)(at - s));
    strcpy(t + (at - s), to);
    strcat(t, at + strlen(from));
    spit(path, t);
    free(s);
    free(t);
    return 0;
}

/* Replace line n (1-based) of a file by text. */
static void patch_line(const char *path, int n, const char *text)
{
    char *s = slurp(path);
    if (!s)
        return;
    char *b = s;
    for (int i = 1; i < n && b; i++)
        b = strchr(b, '\n') ? strchr(b, '\n') + 1 : NULL;
    if (!b)
        return free(s);
    char *e = strchr(b, '\n');
    char *t = malloc(strlen(s) + strlen(text) + 2);
    memcpy(t, s, (size_t)(b - s));
    strcpy(t + (b - s), text);
    strcat(t, e ? e : "");
    spit(path, t);
    free(s);
    free(t);
}

static void copy_set(const char *from, const char *to)
{
    rm_tree(to);
    mkdir(to, 0755);
    static const char *const files[] = {"manifest.json", "stimulus.hex", "expected.hex", "banks.hex", "lane_prog.hex"};
    char a[512], b[512];
    for (int i = 0; i < 5; i++) {
        snprintf(a, sizeof a, "%s/%s", from, files[i]);
        snprintf(b, sizeof b, "%s/%s", to, files[i]);
        char *s = slurp(a);
        if (s)
            spit(b, s);
        free(s);
    }
}

static long long param(const fg_vec_set *s, const char *key)
{
    long long v = -1;
    CU_ASSERT_EQUAL(fg_vec_get_param_int(s, key, &v), 0);
    return v;
}

/* The options of a set as its design writes them (manifest "parameters", gen/src/design_*.c): what the readers
 * take. dbcf: the network's and --stall (NULL: --pllr and --forward-only instead, the IAG's); bank_depth 0:
 * none (the set derives its rows). */
typedef struct {
    const fg_dbcf_cfg *dbcf;
    fg_std std;
    int K, pllr, forward_only, width, bank_depth;
    fg_bank_mapping mapping;
} test_opts;

static void test_options(const void *arg, fg_json *j)
{
    const test_opts *o = arg;
    fg_opt_group g[] = {{NULL, fg_dbcf_options, (void *)o->dbcf}, {NULL, fg_dbcf_stall_option, (void *)o->dbcf}};
    const fg_opts opts = {.groups = g, .n_groups = 2};
    if (o->dbcf)
        fg_opts_write_json(&opts, j);
    else {
        fg_json_int(j, "pllr", o->pllr);
        fg_json_bool(j, "forward_only", o->forward_only);
    }
    fg_json_str(j, "std", fg_std_name(o->std));
    fg_json_arr_open(j, "K");
    fg_json_int(j, NULL, o->K);
    fg_json_arr_close(j);
    fg_json_str(j, "mapping", fg_bank_mapping_name(o->mapping));
    fg_json_int(j, "width", o->width);
    if (o->bank_depth)
        fg_json_int(j, "bank_depth", o->bank_depth);
}
#define TEST_OPTIONS(o) ((fg_vec_options){test_options, &(o)})

static long long count(const fg_vec_set *s, const char *key)
{
    long long v = -1;
    CU_ASSERT_EQUAL(fg_vec_get_count(s, key, &v), 0);
    return v;
}

typedef struct {
    const fg_vec_stream *st;
    fg_vec_cursor *c;
    int64_t *v;
    uint8_t *x;
} stream_rd;

static int rd_open(const fg_vec_set *s, const char *name, stream_rd *r)
{
    memset(r, 0, sizeof *r);
    if (fg_vec_find_stream(s, name, &r->st) || fg_vec_cursor_open(s, r->st, &r->c))
        return -1;
    r->v = calloc((size_t)r->st->n_ports, sizeof *r->v);
    r->x = calloc((size_t)r->st->n_ports, 1);
    return 0;
}

static void rd_close(stream_rd *r)
{
    fg_vec_cursor_close(r->c);
    free(r->v);
    free(r->x);
}

/* ---- DBCF: replay the stimulus through a fresh step model, compare every expected word ---- */

/* Registers during a cycle: read before the step. */
typedef struct {
    int fifo[64], buf[64], lfsr, empty, overflow;
    int64_t rd[64]; /* bank read registers (bank_rd_data_o), rdx: no value */
    uint8_t rdx[64];
} dbcf_regs;

static void dbcf_regs_get(const fg_dbcf *d, int P, int M, dbcf_regs *r)
{
    for (int l = 0; l < P && l < 64; l++)
        r->fifo[l] = fg_dbcf_fifo_level(d, l);
    for (int b = 0; b < M && b < 64; b++)
        r->buf[b] = fg_dbcf_buf_level(d, b);
    r->lfsr = fg_dbcf_lfsr(d);
    r->empty = fg_dbcf_empty(d);
    r->overflow = fg_dbcf_overflow(d);
}

/* Value of expected port p: outputs of the step, registers as before it. */
static int64_t dbcf_actual(const fg_vec_port *p, const dbcf_regs *d, const fg_dbcf_out *o, int64_t mask)
{
    const int i = p->index;
    if (!strcmp(p->name, "accept_new_o")) return o->accept_new_P[i];
    if (!strcmp(p->name, "accept_head_o")) return o->accept_head_P[i];
    if (!strcmp(p->name, "reject_o")) return o->reject_P[i];
    if (!strcmp(p->name, "bank_we_o")) return o->bank_write_M[i].valid;
    if (!strcmp(p->name, "bank_row_o")) return o->bank_write_M[i].row;
    if (!strcmp(p->name, "bank_data_o")) return o->bank_write_M[i].data & mask;
    if (!strcmp(p->name, "fifo_level_o")) return d->fifo[i];
    if (!strcmp(p->name, "buf_level_o")) return d->buf[i];
    if (!strcmp(p->name, "lfsr_o")) return d->lfsr;
    if (!strcmp(p->name, "empty_o")) return d->empty;
    if (!strcmp(p->name, "done_o")) return d->empty;
    if (!strcmp(p->name, "overflow_o")) return d->overflow;
    if (!strcmp(p->name, "bank_rd_data_o")) return d->rdx[i] ? -1 : d->rd[i];
    return -12345;
}

/* Returns the number of differing words (-1 if the set cannot be read). */
static long replay_dbcf(const char *dir, long *lines)
{
    fg_vec_set *s;
    if (fg_vec_open(dir, &s))
        return -1;
    CU_ASSERT_STRING_EQUAL(fg_vec_design(s), "dbcf");
    fg_dbcf_cfg cfg = fg_dbcf_cfg_default();
    const fg_opt_group g[] = {{NULL, fg_dbcf_options, &cfg}, {NULL, fg_dbcf_stall_option, &cfg}};
    CU_ASSERT_EQUAL(fg_vec_read_options(s, g, 2), 0);
    long long depth = 0;
    CU_ASSERT_EQUAL(fg_vec_get_derived_int(s, "bank_depth", &depth), 0);
    const int P = cfg.pllr, M = cfg.banks;
    CU_ASSERT_FATAL(P <= 64 && M <= 64);
    const int64_t mask = (INT64_C(1) << param(s, "width")) - 1;
    fg_dbcf *d;
    stream_rd in, ex, bk;
    long bad = 0;
    if (fg_dbcf_create(&cfg, &d) || rd_open(s, "stimulus", &in) || rd_open(s, "expected", &ex) ||
        rd_open(s, "banks", &bk)) {
        fg_vec_close(s);
        return -1;
    }
    fg_dbcf_word *lane = calloc((size_t)P, sizeof *lane);
    int64_t *mem = calloc((size_t)M * (size_t)depth, sizeof *mem);
    uint8_t *wr = calloc((size_t)M * (size_t)depth, 1);
    int iv[4];
    const char *names[4] = {"lane_valid_i", "lane_bank_i", "lane_row_i", "lane_data_i"};
    *lines = 0;
    int r;
    int64_t rd[64] = {0};
    uint8_t rdx[64];
    memset(rdx, 1, sizeof rdx); /* the SRAM read register has no value after reset */
    long readback_words = 0;
    while ((r = fg_vec_cursor_next(in.c, in.v, NULL)) == 1) {
        for (int l = 0; l < P; l++) {
            for (int k = 0; k < 4; k++)
                iv[k] = fg_vec_find_port(in.st, names[k], l);
            lane[l] = (fg_dbcf_word){(uint8_t)in.v[iv[0]], (int32_t)in.v[iv[1]], (int32_t)in.v[iv[2]],
                                     (int32_t)in.v[iv[3]]};
        }
        fg_dbcf_out o;
        dbcf_regs regs;
        dbcf_regs_get(d, P, M, &regs);
        memcpy(regs.rd, rd, sizeof rd);
        memcpy(regs.rdx, rdx, sizeof rdx);
        fg_dbcf_step(d, lane, &o);
        if (fg_vec_cursor_next(ex.c, ex.v, ex.x) != 1) {
            bad++;
            break;
        }
        for (int k = 0; k < ex.st->n_ports; k++) {
            const fg_vec_port *pt = &ex.st->ports[k];
            if (!strcmp(pt->name, "bank_rd_data_o")) { /* x exactly where the read has no value */
                bad += ex.x[k] != regs.rdx[pt->index];
                readback_words += !ex.x[k];
            }
            if (!ex.x[k] && ex.v[k] != dbcf_actual(pt, &regs, &o, mask))
                bad++;
        }
        /* The clock edge: each bank reads bank_rd_row_i (old contents), then writes. */
        for (int b = 0; b < M; b++) {
            const int64_t row = in.v[fg_vec_find_port(in.st, "bank_rd_row_i", b)];
            const int ok = row >= 0 && row < depth && wr[(size_t)b * depth + row];
            rd[b] = ok ? mem[(size_t)b * depth + row] : 0;
            rdx[b] = (uint8_t)!ok;
        }
        for (int b = 0; b < M; b++)
            if (o.bank_write_M[b].valid) {
                mem[(size_t)b * depth + o.bank_write_M[b].row] = o.bank_write_M[b].data & mask;
                wr[(size_t)b * depth + o.bank_write_M[b].row] = 1;
            }
        ++*lines;
    }
    CU_ASSERT_EQUAL(r, 0);
    CU_ASSERT_EQUAL(fg_vec_cursor_next(ex.c, ex.v, ex.x), 0); /* as many expected lines */
    CU_ASSERT_EQUAL(*lines, count(s, "trace_cycles"));
    CU_ASSERT_EQUAL(*lines, count(s, "drain_cycles") + count(s, "readback_cycles"));
    CU_ASSERT_EQUAL(count(s, "readback_cycles"), depth + 1);
    CU_ASSERT(fg_dbcf_empty(d));
    /* The read-back phase shows every written cell once (plus row 0 read during the trace). */
    long n_written = 0;
    for (long cell = 0; cell < (long)M * depth; cell++)
        n_written += wr[cell];
    CU_ASSERT(readback_words >= n_written);
    CU_ASSERT_EQUAL(count(s, "written"), n_written);
    for (long cell = 0; cell < (long)M * depth; cell++) {
        if (fg_vec_cursor_next(bk.c, bk.v, bk.x) != 1) {
            bad++;
            break;
        }
        if (bk.x[0] != !wr[cell] || (!bk.x[0] && bk.v[0] != mem[cell]))
            bad++;
    }
    CU_ASSERT_EQUAL(fg_vec_cursor_next(bk.c, bk.v, bk.x), 0);
    rd_close(&in);
    rd_close(&ex);
    rd_close(&bk);
    free(lane);
    free(mem);
    free(wr);
    fg_dbcf_destroy(d);
    fg_vec_close(s);
    return bad;
}

static void dbcf_case(fg_std std, int K, fg_direction dir, fg_bank_mapping m, int pllr, int banks, int sel, int fifo,
                      int buf, fg_dbcf_offer offer, int stall, int data_width)
{
    const char *dir_path = tmp_path("dbcf");
    fg_vec_dbcf_params p = {.cfg = fg_dbcf_cfg_default(), .std = std, .K = K, .dir = dir, .mapping = m,
                            .data_width = data_width};
    p.cfg.pllr = pllr;
    p.cfg.banks = banks;
    p.cfg.select = sel;
    p.cfg.fifo_depth = fifo;
    p.cfg.buf_depth = buf;
    p.cfg.offer = offer;
    p.cfg.stall = stall;
    const test_opts o = {&p.cfg, std, K, 0, 0, data_width ? data_width : fg_vec_width_for(K), 0, m};
    p.options = TEST_OPTIONS(o);
    fg_dbcf_result r, direct;
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_dbcf(dir_path, &p, &r), 0);
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_run(&p.cfg, std, K, dir, m, &direct), 0);
    /* Counts in the manifest = a direct run of the model. */
    fg_vec_set *s;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(dir_path, &s), 0);
    CU_ASSERT_EQUAL(count(s, "C0"), direct.C0);
    CU_ASSERT_EQUAL(count(s, "C1"), direct.C1);
    CU_ASSERT_EQUAL(count(s, "dC"), direct.dC);
    CU_ASSERT_EQUAL(count(s, "overflow"), direct.overflow);
    CU_ASSERT_EQUAL(count(s, "stalls"), direct.stalls);
    CU_ASSERT_EQUAL(param(s, "K"), K);
    fg_vec_close(s);
    long lines = 0;
    CU_ASSERT_EQUAL(replay_dbcf(dir_path, &lines), 0);
    CU_ASSERT(lines >= direct.C1 && lines > 0);
    rm_tree(dir_path);
}

static void test_dbcf_roundtrip(void)
{
    dbcf_case(FG_STD_UMTS, 200, FG_DIR_DEINTERLEAVE, FG_MAP_XMAP, 8, 16, 3, 8, 12, FG_DBCF_OFFER_DUAL, 0, 0);
    dbcf_case(FG_STD_LTE, 1024, FG_DIR_INTERLEAVE, FG_MAP_XMAP_XOR, 16, 16, 2, 2, 3, FG_DBCF_OFFER_DUAL, 0, 0);
    /* Lossy, head-only FIFOs, narrow data (tags truncated to 5 bits). */
    dbcf_case(FG_STD_UMTS, 777, FG_DIR_INTERLEAVE, FG_MAP_MOD, 8, 8, 1, 1, 1, FG_DBCF_OFFER_HEAD, 0, 5);
    /* Stalling producers (closed loop): the recorded stimulus still replays exactly. */
    dbcf_case(FG_STD_UMTS, 333, FG_DIR_DEINTERLEAVE, FG_MAP_XMAP, 8, 8, 1, 0, 2, FG_DBCF_OFFER_DUAL, 1, 0);
}

/* The bank image holds each LLR's tag at the cell of its address: an independent check of the
 * memory layout (address = bank*depth + row) against the bank map. */
static void test_dbcf_bank_image(void)
{
    const char *dir = tmp_path("img");
    fg_vec_dbcf_params p = {.cfg = fg_dbcf_cfg_default(), .std = FG_STD_UMTS, .K = 200, .dir = FG_DIR_DEINTERLEAVE,
                            .mapping = FG_MAP_XMAP};
    p.cfg.pllr = 8;
    p.cfg.banks = 16;
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_dbcf(dir, &p, NULL), 0);
    fg_xmap_schedule sc;
    fg_bank_map map;
    int32_t addr[200];
    CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&sc, 200, 8), 0);
    CU_ASSERT_EQUAL_FATAL(fg_bank_map_init(&map, FG_MAP_XMAP, 16, &sc), 0);
    CU_ASSERT_EQUAL_FATAL(fg_write_addresses(FG_STD_UMTS, 200, FG_DIR_DEINTERLEAVE, addr), 0);
    fg_vec_set *s;
    stream_rd bk;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(dir, &s), 0);
    CU_ASSERT_EQUAL_FATAL(rd_open(s, "banks", &bk), 0);
    CU_ASSERT_EQUAL(bk.st->banks, 16);
    CU_ASSERT_EQUAL(bk.st->depth, map.depth);
    const long cells = 16L * map.depth;
    int64_t *img = calloc((size_t)cells, sizeof *img);
    uint8_t *x = calloc((size_t)cells, 1);
    for (long c = 0; c < cells; c++) {
        CU_ASSERT_EQUAL(fg_vec_cursor_next(bk.c, bk.v, bk.x), 1);
        img[c] = bk.v[0];
        x[c] = bk.x[0];
    }
    int bad = 0, written = 0;
    for (int j = 0; j < 200; j++) {
        int b, r;
        fg_bank_map_locate(&map, addr[j], &b, &r);
        bad += x[b * map.depth + r] || img[b * map.depth + r] != j;
    }
    for (long c = 0; c < cells; c++)
        written += !x[c];
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(written, 200);
    free(img);
    free(x);
    rd_close(&bk);
    fg_vec_close(s);
    rm_tree(dir);
}

/* ---- IAG: replay from reset with the lane programs of the set; addresses = the table ---- */

static void iag_case(fg_std std, int K, int pllr, int inverse)
{
    const char *dir = tmp_path("iag");
    long total = 0;
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_iag(dir, std, K, pllr, inverse, (fg_vec_options){0}, &total), 0);
    fg_vec_set *s;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(dir, &s), 0);
    CU_ASSERT_STRING_EQUAL(fg_vec_design(s), "iag");
    stream_rd pr, in, ex;
    CU_ASSERT_EQUAL_FATAL(rd_open(s, "lane_prog", &pr), 0);
    CU_ASSERT_EQUAL_FATAL(rd_open(s, "stimulus", &in), 0);
    CU_ASSERT_EQUAL_FATAL(rd_open(s, "expected", &ex), 0);
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    for (int l = 0; l < pllr; l++) {
        CU_ASSERT_EQUAL(fg_vec_cursor_next(pr.c, pr.v, NULL), 1);
        prog[l] = (fg_iag_lane_prog){(int32_t)pr.v[0], (int32_t)pr.v[1]}; /* signed: sign-extended */
    }
    CU_ASSERT_EQUAL(fg_vec_cursor_next(pr.c, pr.v, NULL), 0);
    fg_xmap_schedule sc;
    fg_iag_lane_prog want[FG_IAG_LANES_MAX];
    fg_xmap_schedule_init(&sc, K, pllr);
    fg_iag_xmap_program(&sc, want);
    for (int l = 0; l < pllr; l++)
        CU_ASSERT(prog[l].start == want[l].start && prog[l].stride == want[l].stride);
    const fg_iag_cfg cfg = {std, K, pllr, prog};
    fg_iag *g;
    CU_ASSERT_EQUAL_FATAL(fg_iag_create(&cfg, &g), 0);
    const int lat = (int)count(s, "latency");
    int32_t *pi = malloc(sizeof *pi * (size_t)K), *ref = malloc(sizeof *ref * (size_t)K);
    fg_interleaver_table(std, K, pi);
    if (inverse)
        fg_permutation_invert(K, pi, ref);
    else
        memcpy(ref, pi, sizeof *ref * (size_t)K);
    fg_iag_lane_in lin[FG_IAG_LANES_MAX];
    int32_t hist[8][FG_IAG_LANES_MAX]; /* inputs of the last cycles, for the address check */
    long t = 0, bad = 0, addrs = 0, bad_addr = 0;
    const int i_start = fg_vec_find_port(in.st, "start_i", -1), i_inv = fg_vec_find_port(in.st, "inverse_i", -1);
    CU_ASSERT(i_start >= 0 && i_inv >= 0);
    CU_ASSERT_EQUAL(fg_vec_find_port(in.st, "nope_i", -1), FG_EINVAL);
    while (fg_vec_cursor_next(in.c, in.v, NULL) == 1) {
        CU_ASSERT_EQUAL(in.v[fg_vec_find_port(in.st, "k_i", -1)], K);
        for (int l = 0; l < pllr; l++) {
            lin[l].valid = (uint8_t)in.v[fg_vec_find_port(in.st, "lane_valid_i", l)];
            lin[l].x = (int32_t)in.v[fg_vec_find_port(in.st, "lane_x_i", l)];
            hist[t % 8][l] = lin[l].valid ? lin[l].x : -1;
        }
        fg_iag_in ci = {(uint8_t)in.v[i_start], (uint8_t)in.v[i_inv], lin};
        fg_iag_out o;
        fg_iag_step(g, &ci, &o);
        if (fg_vec_cursor_next(ex.c, ex.v, ex.x) != 1) {
            bad++;
            break;
        }
        bad += ex.v[0] != o.ready;
        for (int l = 0; l < pllr; l++) {
            const fg_iag_lane_out *lo = &o.lane_out[l];
            bad += ex.v[1 + 3 * l] != lo->valid || ex.v[2 + 3 * l] != lo->err || ex.x[3 + 3 * l] != !lo->valid;
            if (!lo->valid)
                continue;
            bad += ex.v[3 + 3 * l] != lo->addr;
            const int x = t >= lat ? hist[(t - lat) % 8][l] : -1;
            addrs++;
            bad_addr += x < 0 || ex.v[3 + 3 * l] != ref[x];
        }
        t++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(bad_addr, 0);
    CU_ASSERT_EQUAL(addrs, K);
    CU_ASSERT_EQUAL(t, total);
    CU_ASSERT_EQUAL(t, count(s, "preprocess_cycles") + 1 + count(s, "C0") + lat);
    CU_ASSERT_EQUAL(fg_vec_cursor_next(ex.c, ex.v, ex.x), 0);
    free(pi);
    free(ref);
    fg_iag_destroy(g);
    rd_close(&pr);
    rd_close(&in);
    rd_close(&ex);
    fg_vec_close(s);
    rm_tree(dir);
}

static void test_iag_roundtrip(void)
{
    iag_case(FG_STD_LTE, 40, 8, 0);
    iag_case(FG_STD_LTE, 40, 8, 1);
    iag_case(FG_STD_LTE, 4992, 64, 1);
    iag_case(FG_STD_UMTS, 40, 4, 0);
    iag_case(FG_STD_UMTS, 5114, 32, 1);
}

/* ---- corrupt sets: each gives its own error naming file, line and port ---- */

static const char *good_set(void)
{
    const char *dir = tmp_path("good");
    if (!exists(dir)) {
        fg_vec_dbcf_params p = {.cfg = fg_dbcf_cfg_default(), .std = FG_STD_UMTS, .K = 200,
                                .dir = FG_DIR_DEINTERLEAVE, .mapping = FG_MAP_XMAP};
        p.cfg.pllr = 8;
        p.cfg.banks = 16;
        const test_opts o = {&p.cfg, FG_STD_UMTS, 200, 0, 0, fg_vec_width_for(200), 0, FG_MAP_XMAP};
        p.options = TEST_OPTIONS(o);
        CU_ASSERT_EQUAL(fg_vec_make_dbcf(dir, &p, NULL), 0);
    }
    return dir;
}

/* Read every stream; the first error's code, message in fg_last_error(). */
static int read_all(const char *dir)
{
    fg_vec_set *s = NULL;
    int rc = fg_vec_open(dir, &s);
    for (int i = 0; !rc && i < fg_vec_num_streams(s); i++) {
        stream_rd r;
        memset(&r, 0, sizeof r);
        r.st = fg_vec_stream_at(s, i);
        rc = fg_vec_cursor_open(s, r.st, &r.c);
        r.v = calloc((size_t)r.st->n_ports, sizeof *r.v);
        int k = 0;
        while (!rc && (k = fg_vec_cursor_next(r.c, r.v, NULL)) == 1)
            ;
        if (!rc && k < 0)
            rc = k;
        rd_close(&r);
    }
    fg_vec_close(s);
    return rc;
}

static int msg_has(const char *what)
{
    if (strstr(fg_last_error(), what))
        return 1;
    fprintf(stderr, "\n  message '%s' lacks '%s'\n", fg_last_error(), what);
    return 0;
}

static void corrupt_case(const char *file, int line, const char *text, const char *from, int want_rc,
                         const char *msg1, const char *msg2)
{
    const char *bad = tmp_path("bad");
    copy_set(good_set(), bad);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", bad, file);
    if (line > 0)
        patch_line(path, line, text);
    else if (from) {
        CU_ASSERT_EQUAL(patch(path, from, text), 0);
    } else
        unlink(path);
    CU_ASSERT_EQUAL(read_all(bad), want_rc);
    CU_ASSERT(msg_has(msg1));
    if (msg2)
        CU_ASSERT(msg_has(msg2));
    rm_tree(bad);
}

static void test_corrupt(void)
{
    CU_ASSERT_EQUAL_FATAL(read_all(good_set()), 0);
    /* Stimulus line 3: 4*PLLR + M = 48 words; drop to 2. */
    corrupt_case("stimulus.hex", 3, "1 0", NULL, FG_EINVAL, "stimulus.hex line 3: 2 words, expected 48",
                 "lane_row_i[0]");
    corrupt_case("stimulus.hex", 2, "1 0 1 32 1 e 7 33 1 0 4 31 1 2 6 30 1 f 1 96 1 f 6 97 1 1 1 95 1 0 6 94 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 7",
                 NULL, FG_EINVAL, "line 2: 49 words, expected 48", NULL);
    /* Non-hex in lane_bank_i[0] (second word). */
    corrupt_case("stimulus.hex", 1, "1 g 1 32 1 e 7 33 1 0 4 31 1 2 6 30 1 f 1 96 1 f 6 97 1 1 1 95 1 0 6 94 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", NULL,
                 FG_EINVAL, "stimulus.hex line 1, port lane_bank_i[0]: 'g' is not hex", NULL);
    /* lane_valid_i[0] is one bit wide. */
    corrupt_case("stimulus.hex", 1, "2 d 1 32 1 e 7 33 1 0 4 31 1 2 6 30 1 f 1 96 1 f 6 97 1 1 1 95 1 0 6 94 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", NULL,
                 FG_EINVAL, "stimulus.hex line 1, port lane_valid_i[0]: value 2 wider than the port's 1 bits", NULL);
    /* x on an in port. */
    corrupt_case("stimulus.hex", 1, "x d 1 32 1 e 7 33 1 0 4 31 1 2 6 30 1 f 1 96 1 f 6 97 1 1 1 95 1 0 6 94 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", NULL,
                 FG_EINVAL, "port lane_valid_i[0]: x (no value) on an in port", NULL);
    /* Mixed x and digits. */
    corrupt_case("banks.hex", 5, "3x", NULL, FG_EINVAL, "banks.hex line 5, port bank_data: '3x' mixes x", NULL);
    /* Too few lines for the manifest (27 lines of the half-iteration, 14 of the bank read-back). */
    corrupt_case("manifest.json", 0, "\"lines\": 42,", "\"lines\": 41,", FG_EINVAL,
                 "stimulus.hex: 41 lines, the manifest declares 42", NULL);
    corrupt_case("manifest.json", 0, "\"lines\": 40,", "\"lines\": 41,", FG_EINVAL,
                 "stimulus.hex line 41: more lines than the manifest declares (40)", NULL);
    /* Format version, malformed JSON, a bad port width, a missing stream file. */
    corrupt_case("manifest.json", 0, "\"format\": 3,", "\"format\": 2,", FG_EINVAL,
                 "format 3, this reader reads format 2", NULL);
    corrupt_case("manifest.json", 0, "\"format\": 1,", "\"format\": 2,", FG_EINVAL,
                 "format 1, this reader reads format 2 (a set of an older fecforge: write it again with `fecforge vectors",
                 NULL);
    corrupt_case("manifest.json", 0, "\"design\" \"dbcf\",", "\"design\": \"dbcf\",", FG_EINVAL, "not valid JSON",
                 "line 3: expected ':'");
    corrupt_case("manifest.json", 0, "\"width\": 65", "\"width\": 1", FG_EINVAL, "\"width\" out of range", NULL);
    /* A design name is letters, digits, _ and - (not first), as the writer's. */
    corrupt_case("manifest.json", 0, "\"design\": \"-dbcf\",", "\"design\": \"dbcf\",", FG_EINVAL,
                 "design '-dbcf' invalid", NULL);
    corrupt_case("manifest.json", 0, "\"design\": \"db.cf\",", "\"design\": \"dbcf\",", FG_EINVAL,
                 "design 'db.cf' invalid", NULL);
    corrupt_case("expected.hex", 0, NULL, NULL, FG_EIO, "expected.hex: no such file", "stream expected");
    corrupt_case("manifest.json", 0, NULL, NULL, FG_EIO, "manifest.json", NULL);
    /* bounded: a stream line past 72 bytes per port + FG_VEC_LINE_SLACK; a manifest or stream that is no
     * regular file (a link to /dev/zero) is refused before it is read */
    static char longline[200000];
    memset(longline, '0', sizeof longline - 1);
    corrupt_case("stimulus.hex", 1, longline, NULL, FG_EINVAL, "stimulus.hex line 1: longer than", NULL);
    const char *const links[] = {"manifest.json", "stimulus.hex"};
    for (int i = 0; i < 2; i++) {
        const char *bad = tmp_path("bad");
        copy_set(good_set(), bad);
        char lp[512];
        snprintf(lp, sizeof lp, "%s/%s", bad, links[i]);
        unlink(lp);
        CU_ASSERT_EQUAL(symlink("/dev/zero", lp), 0);
        CU_ASSERT_EQUAL(read_all(bad), FG_EINVAL);
        CU_ASSERT(msg_has("is a character device, not a regular file"));
        CU_ASSERT(msg_has(links[i]));
        rm_tree(bad);
    }

    /* A well-formed set with one wrong expected word (accept_new_o[0] of cycle 0), and one wrong
     * bank cell: the replay finds exactly those. */
    const char *mut = tmp_path("mut");
    copy_set(good_set(), mut);
    char path[512];
    snprintf(path, sizeof path, "%s/expected.hex", mut);
    char *t = slurp(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    t[0] = t[0] == '1' ? '0' : '1';
    spit(path, t);
    free(t);
    long lines;
    CU_ASSERT_EQUAL(replay_dbcf(mut, &lines), 1);
    snprintf(path, sizeof path, "%s/banks.hex", mut);
    t = slurp(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    t[1] = t[1] == '0' ? '1' : '0';
    spit(path, t);
    free(t);
    CU_ASSERT_EQUAL(replay_dbcf(mut, &lines), 2);
    rm_tree(mut);

    /* A stream the testbench needs but the set lacks. */
    fg_vec_set *s;
    const fg_vec_stream *st;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(good_set(), &s), 0);
    CU_ASSERT_EQUAL(fg_vec_find_stream(s, "final_llrs", &st), FG_EINVAL);
    CU_ASSERT(msg_has("stream 'final_llrs' missing from"));
    long long v;
    CU_ASSERT_EQUAL(fg_vec_get_param_int(s, "nope", &v), FG_EINVAL);
    CU_ASSERT(msg_has("\"parameters\".\"nope\" missing"));
    CU_ASSERT_EQUAL(fg_vec_get_param_int(s, "std", &v), FG_EINVAL); /* a string */
    fg_vec_close(s);
}

/* ---- writer: values, widths and the atomic directory ---- */

/* ---- port-level models: stepping the stimulus reproduces the expected stream line by line ---- */

/* Lines of the set in dir that the model reproduces exactly (values and don't-cares); -1 on error. */
static long model_replay(const char *dir)
{
    fg_vec_set *s = NULL;
    fg_vec_model *m = NULL;
    const fg_vec_stream *in, *ex;
    fg_vec_cursor *ci = NULL, *ce = NULL;
    long ok = -1;
    if (fg_vec_open(dir, &s) || fg_vec_model_create(s, &m) || fg_vec_find_stream(s, "stimulus", &in) ||
        fg_vec_find_stream(s, "expected", &ex) || fg_vec_cursor_open(s, in, &ci) || fg_vec_cursor_open(s, ex, &ce))
        goto done;
    int64_t *iv = calloc((size_t)in->n_ports, sizeof *iv), *ev = calloc((size_t)ex->n_ports, sizeof *ev),
            *mv = calloc((size_t)ex->n_ports, sizeof *mv);
    uint8_t *ex_x = calloc((size_t)ex->n_ports, 1), *mx = calloc((size_t)ex->n_ports, 1);
    ok = 0;
    while (fg_vec_cursor_next(ci, iv, NULL) == 1 && fg_vec_cursor_next(ce, ev, ex_x) == 1) {
        fg_vec_model_step(m, iv, mv, mx);
        int same = 1;
        for (int k = 0; k < ex->n_ports; k++)
            same &= mx[k] == ex_x[k] && (ex_x[k] || mv[k] == ev[k]);
        if (!same)
            break;
        ok++;
    }
    free(iv);
    free(ev);
    free(mv);
    free(ex_x);
    free(mx);
done:
    fg_vec_cursor_close(ci);
    fg_vec_cursor_close(ce);
    fg_vec_model_destroy(m);
    fg_vec_close(s);
    return ok;
}

static void model_case(const char *dir)
{
    fg_vec_set *s = NULL;
    long long lines = -1;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(dir, &s), 0);
    CU_ASSERT_EQUAL(fg_vec_get_count(s, "trace_cycles", &lines), 0);
    fg_vec_close(s);
    CU_ASSERT(lines > 0);
    CU_ASSERT_EQUAL(model_replay(dir), lines);
}

/* The read-back phase of a dbcf or subsystem set, against its banks image: stimulus line
 * drain_cycles + r drives row r on every bank, expected line drain_cycles + 1 + r shows the image's
 * row r (x exactly where the image has x). Returns the number of differing words, -1 on error. */
static long readback_vs_image(const char *dir)
{
    fg_vec_set *s;
    if (fg_vec_open(dir, &s))
        return -1;
    stream_rd in, ex, bk;
    if (rd_open(s, "stimulus", &in) || rd_open(s, "expected", &ex) || rd_open(s, "banks", &bk)) {
        fg_vec_close(s);
        return -1;
    }
    const int M = bk.st->banks, D = bk.st->depth;
    const long drain = count(s, "drain_cycles");
    CU_ASSERT_EQUAL(count(s, "readback_cycles"), D + 1);
    CU_ASSERT_EQUAL(count(s, "trace_cycles"), drain + D + 1);
    int64_t *img = calloc((size_t)M * (size_t)D, sizeof *img);
    uint8_t *ix = calloc((size_t)M * (size_t)D, 1);
    long bad = 0, values = 0;
    for (long c = 0; c < (long)M * D && fg_vec_cursor_next(bk.c, bk.v, bk.x) == 1; c++) {
        img[c] = bk.v[0];
        ix[c] = bk.x[0];
    }
    for (long n = 0; fg_vec_cursor_next(in.c, in.v, NULL) == 1 && fg_vec_cursor_next(ex.c, ex.v, ex.x) == 1; n++)
        for (int b = 0; b < M; b++) {
            const long r_in = n - drain, r_out = n - drain - 1;
            if (r_in >= 0 && r_in < D && in.v[fg_vec_find_port(in.st, "bank_rd_row_i", b)] != r_in)
                bad++;
            if (r_out < 0 || r_out >= D)
                continue;
            const int k = fg_vec_find_port(ex.st, "bank_rd_data_o", b);
            const size_t cell = (size_t)b * (size_t)D + (size_t)r_out;
            if (ex.x[k] != ix[cell] || (!ix[cell] && ex.v[k] != img[cell]))
                bad++;
            values += !ix[cell];
        }
    CU_ASSERT(values > 0); /* the image has written cells, all seen on the read port */
    free(img);
    free(ix);
    rd_close(&in);
    rd_close(&ex);
    rd_close(&bk);
    fg_vec_close(s);
    return bad;
}

static void test_port_models(void)
{
    const test_opts lte = {NULL, FG_STD_LTE, 248, 8, .width = 0}, umts = {NULL, FG_STD_UMTS, 1000, 16, .width = 0};
    CU_ASSERT_EQUAL(fg_vec_make_iag(tmp_path("pm-lte"), FG_STD_LTE, 248, 8, 1, TEST_OPTIONS(lte), NULL), 0);
    model_case(tmp_path("pm-lte"));
    CU_ASSERT_EQUAL(fg_vec_make_iag(tmp_path("pm-umts"), FG_STD_UMTS, 1000, 16, 0, TEST_OPTIONS(umts), NULL), 0);
    model_case(tmp_path("pm-umts"));
    fg_vec_subsys_params p = {.cfg = fg_dbcf_cfg_default(), .std = FG_STD_UMTS, .K = 700, .inverse = 1,
                              .mapping = FG_MAP_XMAP_XOR};
    const test_opts sub = {&p.cfg, FG_STD_UMTS, 700, 0, 0, fg_vec_width_for(700), 0, FG_MAP_XMAP_XOR};
    p.options = TEST_OPTIONS(sub);
    p.cfg.pllr = 8;
    p.cfg.banks = 16;
    p.cfg.select = 2;
    p.cfg.fifo_depth = 2; /* small buffers: conflicts, rejects and full FIFOs happen */
    p.cfg.buf_depth = 2;
    CU_ASSERT_EQUAL(fg_vec_make_subsys(tmp_path("pm-sub"), &p), 0);
    model_case(tmp_path("pm-sub"));
    CU_ASSERT_EQUAL(readback_vs_image(tmp_path("pm-sub")), 0);
    CU_ASSERT_EQUAL(readback_vs_image(good_set()), 0);
    /* A changed expected word is noticed: the replay stops before the end. */
    char path[512];
    snprintf(path, sizeof path, "%s/expected.hex", tmp_path("pm-umts"));
    char *text = slurp(path), *line = text;
    for (int i = 1; i < 60 && line; i++)
        line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(line);
    line[0] = line[0] == '0' ? '1' : '0'; /* ready_o of cycle 59 */
    spit(path, text);
    free(text);
    fg_vec_set *s = NULL;
    long long lines = 0;
    fg_vec_open(tmp_path("pm-umts"), &s);
    fg_vec_get_count(s, "trace_cycles", &lines);
    fg_vec_close(s);
    CU_ASSERT(model_replay(tmp_path("pm-umts")) < lines);
    /* The DBCF's sets through its model: a half-iteration with its read-back, and random traffic with a
     * reset in cycle 1500; without that reset the model departs from the set in the next cycle. */
    CU_ASSERT_EQUAL(fg_vec_open(good_set(), &s), 0);
    fg_vec_get_count(s, "trace_cycles", &lines);
    fg_vec_close(s);
    CU_ASSERT_EQUAL(model_replay(good_set()), lines);
    const char *rnd = tmp_path("pm-dbcf-random");
    fg_vec_dbcf_random_params rp = {.cfg = fg_dbcf_cfg_default(), .bank_depth = 40, .data_width = 12, .cycles = 3000,
                                    .seed = 5};
    rp.cfg.pllr = 8;
    rp.cfg.banks = 8;
    rp.cfg.select = 2;
    rp.cfg.fifo_depth = 2;
    rp.cfg.buf_depth = 3;
    const test_opts ro = {&rp.cfg, FG_STD_UMTS, 40, 0, 0, 12, 40, FG_MAP_XMAP};
    rp.options = TEST_OPTIONS(ro);
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_dbcf_random(rnd, &rp), 0);
    CU_ASSERT_EQUAL(model_replay(rnd), 3000);
    snprintf(path, sizeof path, "%s/stimulus.hex", rnd);
    text = slurp(path);
    line = text;
    for (int i = 1; i < 1501 && line; i++)
        line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(line);
    char *end = strchr(line, '\n');
    CU_ASSERT_FATAL(end && end[-1] == '0' && end[-2] == ' '); /* rst_ni, the last port, low in cycle 1500 */
    end[-1] = '1';
    spit(path, text);
    free(text);
    CU_ASSERT_EQUAL(model_replay(rnd), 1501);
    /* No model for a design without one. */
    fg_vec_writer *w = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_open(tmp_path("pm-none"), "unit", &w), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_commit(w), 0);
    fg_vec_model *m = (fg_vec_model *)1;
    CU_ASSERT_EQUAL(fg_vec_open(tmp_path("pm-none"), &s), 0);
    CU_ASSERT_EQUAL(fg_vec_model_create(s, &m), FG_EINVAL);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT(msg_has("no port-level model"));
    fg_vec_close(s);
}

/* Traffic sets: every line from the port-level model (resets in the stimulus that change K and the lane
 * programs; the never-ready LTE k_i; the forward-only hardware's refused inverse starts), the counts. */
static void test_iag_traffic(void)
{
    const int lte[] = {40, 168}, umts[] = {40, 41, 530};
    const test_opts ol = {NULL, FG_STD_LTE, 40, 8, .width = 0}, ou = {NULL, FG_STD_UMTS, 40, 8, 1, .width = 0};
    fg_vec_iag_params p = {FG_STD_LTE, 8, 0, FG_VEC_IAG_STRESS, lte, 2, 7, TEST_OPTIONS(ol)};
    long total = 0;
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_iag_traffic(tmp_path("tr-lte"), &p, &total), 0);
    model_case(tmp_path("tr-lte"));
    fg_vec_set *s = NULL;
    const fg_vec_stream *in;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(tmp_path("tr-lte"), &s), 0);
    CU_ASSERT_EQUAL(count(s, "trace_cycles"), total);
    CU_ASSERT_EQUAL(count(s, "sizes"), 2);
    CU_ASSERT_EQUAL(count(s, "resets"), 2 * 4 + 1); /* per K: halves, edges, two random parts; K=41 */
    CU_ASSERT(count(s, "errors") > 2000 / 4 && count(s, "starts") > 6 * 2);
    CU_ASSERT_EQUAL(fg_vec_find_stream(s, "stimulus", &in), 0);
    CU_ASSERT_EQUAL(fg_vec_find_port(in, "rst_ni", -1), 3 + 2 * 8); /* after k_i, start, inverse, the lanes */
    CU_ASSERT(fg_vec_find_port(in, "lane_stride_i", 7) > 0);
    fg_vec_close(s);
    p = (fg_vec_iag_params){FG_STD_UMTS, 8, 1, FG_VEC_IAG_SWEEP, umts, 3, 7, TEST_OPTIONS(ou)};
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_iag_traffic(tmp_path("tr-fwd"), &p, NULL), 0);
    model_case(tmp_path("tr-fwd"));
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(tmp_path("tr-fwd"), &s), 0);
    CU_ASSERT_EQUAL(count(s, "resets"), 3);
    fg_vec_close(s);
    /* refused: forward-only LTE, an unknown traffic, a K of the other standard, no K */
    p.std = FG_STD_LTE;
    CU_ASSERT_EQUAL(fg_vec_make_iag_traffic(tmp_path("tr-x"), &p, NULL), FG_EINVAL);
    p = (fg_vec_iag_params){FG_STD_UMTS, 8, 0, (fg_vec_iag_traffic)3, umts, 3, 7, {0}};
    CU_ASSERT_EQUAL(fg_vec_make_iag_traffic(tmp_path("tr-x"), &p, NULL), FG_EINVAL);
    p = (fg_vec_iag_params){FG_STD_LTE, 8, 0, FG_VEC_IAG_SWEEP, umts, 3, 7, {0}};
    CU_ASSERT_EQUAL(fg_vec_make_iag_traffic(tmp_path("tr-x"), &p, NULL), FG_EINVAL);
    p.n = 0;
    CU_ASSERT_EQUAL(fg_vec_make_iag_traffic(tmp_path("tr-x"), &p, NULL), FG_EINVAL);
}

static void test_writer_values(void)
{
    const char *dir = tmp_path("vals");
    fg_vec_writer *w;
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_open(dir, "unit", &w), 0);
    const fg_vec_port ports[4] = {fg_vec_port_make("a_i", -1, FG_VEC_IN, 1, 0),
                                  fg_vec_port_make("s_i", 2, FG_VEC_IN, 5, 1),
                                  fg_vec_port_make("w_o", -1, FG_VEC_OUT, 64, 0),
                                  fg_vec_port_make("n_o", -1, FG_VEC_OUT, 64, 1)};
    const fg_vec_stream_def def = {"t", FG_VEC_CYCLES, NULL, ports, 4, 0, 0};
    int id;
    CU_ASSERT_EQUAL_FATAL(fg_vec_stream_add(w, &def, &id), 0);
    const int64_t rows[3][4] = {{1, -16, INT64_MAX, INT64_MIN}, {0, 15, 0, -1}, {1, -1, 0x123456789abcdefLL, 5}};
    for (int r = 0; r < 3; r++)
        CU_ASSERT_EQUAL(fg_vec_write(w, id, rows[r], NULL), 0);
    /* Out of range: signed 5 bits is [-16, 15]; unsigned 1 bit [0, 1]. */
    const int64_t over[2][4] = {{0, 16, 0, 0}, {2, 0, 0, 0}};
    CU_ASSERT_EQUAL(fg_vec_write(w, id, over[0], NULL), FG_EINVAL);
    CU_ASSERT(msg_has("value 16 does not fit port s_i[2] (signed 5 bits)"));
    CU_ASSERT_EQUAL(fg_vec_write(w, id, over[1], NULL), FG_EINVAL);
    const uint8_t x_in[4] = {1, 0, 0, 0};
    CU_ASSERT_EQUAL(fg_vec_write(w, id, rows[0], x_in), FG_EINVAL);
    CU_ASSERT(msg_has("in port a_i cannot be x"));
    const uint8_t x_out[4] = {0, 0, 1, 0};
    CU_ASSERT_EQUAL(fg_vec_write(w, id, rows[1], x_out), 0);
    CU_ASSERT_EQUAL(fg_vec_derived_int(w, "bad key", 1), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vec_writer_commit(w), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/t.hex", dir);
    char *text = slurp(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_STRING_EQUAL(text, "1 10 7fffffffffffffff 8000000000000000\n"
                                 "0 0f 0000000000000000 ffffffffffffffff\n"
                                 "1 1f 0123456789abcdef 0000000000000005\n"
                                 "0 0f xxxxxxxxxxxxxxxx ffffffffffffffff\n");
    free(text);
    fg_vec_set *s;
    stream_rd r;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(dir, &s), 0);
    CU_ASSERT_EQUAL_FATAL(rd_open(s, "t", &r), 0);
    for (int k = 0; k < 3; k++) {
        CU_ASSERT_EQUAL(fg_vec_cursor_next(r.c, r.v, r.x), 1);
        CU_ASSERT(memcmp(r.v, rows[k], sizeof rows[k]) == 0); /* sign extension of s_i and n_o */
        CU_ASSERT_EQUAL(fg_vec_cursor_line(r.c), k + 1);
    }
    CU_ASSERT_EQUAL(fg_vec_cursor_next(r.c, r.v, r.x), 1);
    CU_ASSERT(r.x[2] == 1 && r.x[0] == 0 && r.v[1] == 15);
    CU_ASSERT_EQUAL(fg_vec_cursor_next(r.c, r.v, r.x), 0);
    CU_ASSERT_EQUAL(r.st->ports[1].index, 2);
    CU_ASSERT(r.st->ports[1].is_signed && r.st->ports[1].width == 5 && r.st->ports[2].dir == FG_VEC_OUT);
    rd_close(&r);
    CU_ASSERT_EQUAL(fg_vec_cursor_open(s, fg_vec_stream_at(s, 0), &r.c), 0);
    fg_vec_cursor_close(r.c);
    fg_vec_close(s);
    rm_tree(dir);
    CU_ASSERT_EQUAL(fg_vec_width_for(1), 1);
    CU_ASSERT_EQUAL(fg_vec_width_for(2), 1);
    CU_ASSERT_EQUAL(fg_vec_width_for(3), 2);
    CU_ASSERT_EQUAL(fg_vec_width_for(5114), 13);
    CU_ASSERT_EQUAL(fg_vec_width_for(8192), 13);
    CU_ASSERT_EQUAL(fg_vec_width_for(8193), 14);
}

static void test_atomic_dir(void)
{
    const char *dir = tmp_path("atomic");
    const fg_vec_port mp = fg_vec_port_make("m", -1, FG_VEC_OUT, 8, 0);
    const fg_vec_stream_def mem = {"mem", FG_VEC_MEMORY, NULL, &mp, 1, 2, 3};
    const int64_t v = 7;
    int id;
    /* Abort half-way: no DIR, no temporary left. */
    fg_vec_writer *w;
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_open(dir, "unit", &w), 0);
    CU_ASSERT_EQUAL(count_entries("atomic.tmp-"), 1);
    CU_ASSERT_EQUAL_FATAL(fg_vec_stream_add(w, &mem, &id), 0);
    CU_ASSERT_EQUAL(fg_vec_write(w, id, &v, NULL), 0);
    fg_vec_writer_abort(w);
    CU_ASSERT(!exists(dir));
    CU_ASSERT_EQUAL(count_entries("atomic"), 0);
    /* A failure found at commit (memory image with 1 of 6 lines): the same. */
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_open(dir, "unit", &w), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vec_stream_add(w, &mem, &id), 0);
    CU_ASSERT_EQUAL(fg_vec_write(w, id, &v, NULL), 0);
    CU_ASSERT_EQUAL(fg_vec_writer_commit(w), FG_EINVAL);
    CU_ASSERT(msg_has("memory stream mem has 1 lines, banks*depth = 6"));
    CU_ASSERT_EQUAL(count_entries("atomic"), 0);
    /* A complete set; then a failing rewrite leaves it intact; a good rewrite replaces it. */
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_open(dir, "unit", &w), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vec_stream_add(w, &mem, &id), 0);
    for (int i = 0; i < 6; i++)
        fg_vec_write(w, id, &v, NULL);
    fg_vec_derived_int(w, "gen", 1);
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_commit(w), 0);
    fg_vec_set *s;
    long long gen = 0;
    CU_ASSERT_EQUAL(fg_vec_writer_open(dir, "unit", &w), 0);
    fg_vec_writer_abort(w);
    CU_ASSERT_EQUAL(fg_vec_open(dir, &s), 0);
    fg_vec_close(s);
    CU_ASSERT_EQUAL(fg_vec_writer_open(dir, "unit", &w), 0);
    fg_vec_stream_add(w, &mem, &id);
    CU_ASSERT_EQUAL(fg_vec_writer_commit(w), FG_EINVAL);
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(dir, &s), 0);
    CU_ASSERT(fg_vec_get_derived_int(s, "gen", &gen) == 0 && gen == 1);
    fg_vec_close(s);
    CU_ASSERT_EQUAL(fg_vec_writer_open(dir, "unit", &w), 0);
    fg_vec_stream_add(w, &mem, &id);
    for (int i = 0; i < 6; i++)
        fg_vec_write(w, id, &v, NULL);
    fg_vec_derived_int(w, "gen", 2);
    CU_ASSERT_EQUAL(fg_vec_writer_commit(w), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(dir, &s), 0);
    CU_ASSERT(fg_vec_get_derived_int(s, "gen", &gen) == 0 && gen == 2);
    fg_vec_close(s);
    CU_ASSERT_EQUAL(count_entries("atomic"), 1); /* no .tmp- or .old- left */
    /* Refused: a design name outside the format's (letters, digits, _ and - not first), nothing created. */
    char named[512];
    snprintf(named, sizeof named, "%s/named", root); /* not tmp_path: its buffers still hold dir */
    CU_ASSERT_EQUAL(fg_vec_writer_open(named, "-unit", &w), FG_EINVAL);
    CU_ASSERT(msg_has("design name '-unit' invalid"));
    CU_ASSERT(!exists(named));
    /* Refused: a file, a directory that fecforge did not write (even one that holds a manifest.json),
     * a directory with a file fecforge did not write added, a path under a file. */
    const char *file = tmp_path("plain");
    spit(file, "x\n");
    CU_ASSERT_EQUAL(fg_vec_writer_open(file, "unit", &w), FG_EINVAL);
    CU_ASSERT(msg_has("exists and is not a directory"));
    const char *other = tmp_path("other");
    mkdir(other, 0755);
    char p[512], q[512];
    snprintf(p, sizeof p, "%s/notes.txt", other);
    spit(p, "mine\n");
    snprintf(q, sizeof q, "%s/manifest.json", other);
    spit(q, "{\"format\": 1}\n");
    CU_ASSERT_EQUAL(fg_vec_writer_open(other, "unit", &w), FG_EINVAL);
    CU_ASSERT(msg_has("did not write"));
    CU_ASSERT(exists(p) && exists(q));
    snprintf(p, sizeof p, "%s/mine.txt", dir);
    spit(p, "mine\n");
    CU_ASSERT_EQUAL(fg_vec_writer_open(dir, "unit", &w), FG_EINVAL);
    CU_ASSERT(msg_has("mine.txt"));
    CU_ASSERT(exists(p));
    unlink(p);
    snprintf(p, sizeof p, "%s/sub", file);
    CU_ASSERT_EQUAL(fg_vec_writer_open(p, "unit", &w), FG_EINVAL);
    CU_ASSERT(msg_has("not a directory"));
    /* Missing parents are created, and removed again when the set is abandoned. */
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_open(tmp_path("no/such/dir"), "unit", &w), 0);
    CU_ASSERT(exists(tmp_path("no/such")));
    fg_vec_writer_abort(w);
    CU_ASSERT(!exists(tmp_path("no")));
    /* The model writers leave nothing for bad parameters. */
    fg_vec_dbcf_params bad = {.cfg = fg_dbcf_cfg_default(), .std = FG_STD_UMTS, .K = 39};
    CU_ASSERT_EQUAL(fg_vec_make_dbcf(tmp_path("m"), &bad, NULL), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vec_make_iag(tmp_path("m"), FG_STD_LTE, 40, 6, 0, (fg_vec_options){0}, NULL), FG_EINVAL);
    CU_ASSERT_EQUAL(count_entries("m"), 0);
    rm_tree(dir);
    rm_tree(file);
    rm_tree(other);
}

/* ---- the registry of port-level models: a program's own, the names taken, the listing, a served model ---- */

/* A design "unit-inc" of one stimulus port a and one expected port a_o = a + step of the set's parameter step. */
typedef struct {
    int step;
} inc_model;

static int inc_create(const fg_vec_set *set, void *st)
{
    long long v;
    const int rc = fg_vec_get_param_int(set, "step", &v);
    ((inc_model *)st)->step = (int)v;
    return rc;
}

static void inc_step(void *st, const int64_t *in, int64_t *out, uint8_t *dc)
{
    out[0] = in[0] + ((inc_model *)st)->step;
    dc[0] = 0;
}

static void inc_destroy(void *st) { (void)st; }

static const fg_vec_model_def inc_def = {"unit-inc", sizeof(inc_model), inc_create, inc_step, inc_destroy};

static void inc_options(const void *arg, fg_json *j)
{
    (void)arg;
    fg_json_int(j, "step", 3);
}

/* A set of design `design` whose expected line is stimulus + step (off by one in line `wrong`, -1: none). */
static void inc_set(const char *dir, const char *design, int wrong)
{
    fg_vec_writer *w;
    const fg_vec_port pi = fg_vec_port_make("a", -1, FG_VEC_IN, 8, 0), po = fg_vec_port_make("a_o", -1, FG_VEC_OUT, 9, 0);
    const fg_vec_stream_def si = {"stimulus", FG_VEC_CYCLES, NULL, &pi, 1, 0, 0}, so = {"expected", FG_VEC_CYCLES, NULL, &po, 1, 0, 0};
    int id[2];
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_open(dir, design, &w), 0);
    fg_vec_set_options(w, (fg_vec_options){inc_options, NULL});
    CU_ASSERT_EQUAL(fg_vec_stream_add(w, &si, &id[0]), 0);
    CU_ASSERT_EQUAL(fg_vec_stream_add(w, &so, &id[1]), 0);
    for (int64_t c = 0; c < 20; c++) {
        const int64_t a = (c * 37) & 255, e = a + 3 + (c == wrong);
        CU_ASSERT_EQUAL(fg_vec_write(w, id[0], &a, NULL), 0);
        CU_ASSERT_EQUAL(fg_vec_write(w, id[1], &e, NULL), 0);
    }
    CU_ASSERT_EQUAL(fg_vec_count(w, "trace_cycles", 20), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vec_writer_commit(w), 0);
}

/* Lines of the set the model served in this process reproduces (model_replay through the socket). */
static long served_replay(const char *dir)
{
    fg_vec_model_server *srv = NULL;
    fg_vec_set *s = NULL;
    fg_vec_model *m = NULL;
    int fd = -1;
    long ok = -1;
    CU_ASSERT_EQUAL_FATAL(fg_vec_model_serve(&srv, &fd), 0);
    if (!fg_vec_open(dir, &s) && !fg_vec_model_connect(s, dup(fd), &m)) { /* the model closes its descriptor */
        int64_t a, want, got;
        uint8_t x, gx = 1;
        stream_rd in, ex;
        CU_ASSERT_EQUAL_FATAL(rd_open(s, "stimulus", &in), 0);
        CU_ASSERT_EQUAL_FATAL(rd_open(s, "expected", &ex), 0);
        for (ok = 0; fg_vec_cursor_next(in.c, &a, NULL) == 1 && fg_vec_cursor_next(ex.c, &want, &x) == 1; ok++)
            if (fg_vec_model_step(m, &a, &got, &gx) || gx != x || got != want)
                break;
        rd_close(&in);
        rd_close(&ex);
    }
    fg_vec_model_destroy(m);
    fg_vec_close(s);
    fg_vec_model_serve_end(srv);
    return ok;
}

static void test_model_registry(void)
{
    inc_set(tmp_path("reg-inc"), "unit-inc", -1);
    inc_set(tmp_path("reg-inc-bad"), "unit-inc", 7);
    fg_vec_set *s = NULL;
    fg_vec_model *m = (fg_vec_model *)1;
    /* before it is registered: the error lists the models there are */
    CU_ASSERT_PTR_NULL(fg_vec_model_find("unit-inc"));
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(tmp_path("reg-inc"), &s), 0);
    CU_ASSERT_EQUAL(fg_vec_model_create(s, &m), FG_EINVAL);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT(msg_has("design 'unit-inc' has no port-level model (dbcf, iag, subsystem, ldpc, turbo, viterbi)"));
    fg_vec_close(s);
    CU_ASSERT_EQUAL(served_replay(tmp_path("reg-inc")), -1); /* the server's error, through the socket */
    CU_ASSERT(msg_has("design 'unit-inc' has no port-level model"));
    /* registered: found, listed, and it reproduces its set (locally and served); a changed word is noticed */
    CU_ASSERT_EQUAL(fg_vec_model_register(&inc_def), 0);
    CU_ASSERT_PTR_EQUAL(fg_vec_model_find("unit-inc"), &inc_def);
    CU_ASSERT_PTR_NOT_NULL(fg_vec_model_find("ldpc"));
    CU_ASSERT_EQUAL(model_replay(tmp_path("reg-inc")), 20);
    CU_ASSERT_EQUAL(model_replay(tmp_path("reg-inc-bad")), 7);
    CU_ASSERT_EQUAL(served_replay(tmp_path("reg-inc")), 20);
    CU_ASSERT_EQUAL(served_replay(tmp_path("reg-inc-bad")), 7);
    CU_ASSERT_EQUAL(fg_vec_model_create(NULL, &m), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vec_open(tmp_path("pm-none"), &s), 0);
    CU_ASSERT_EQUAL(fg_vec_model_create(s, &m), FG_EINVAL);
    CU_ASSERT(msg_has("design 'unit' has no port-level model (dbcf, iag, subsystem, ldpc, turbo, viterbi, unit-inc)"));
    fg_vec_close(s);
    /* names taken, incomplete models, the bound */
    CU_ASSERT_EQUAL(fg_vec_model_register(&inc_def), FG_EINVAL);
    CU_ASSERT(msg_has("design unit-inc already has a port-level model"));
    fg_vec_model_def dbcf = inc_def, bad = inc_def;
    static fg_vec_model_def more[8]; /* registered: they outlive the test */
    dbcf.design = "dbcf";
    CU_ASSERT_EQUAL(fg_vec_model_register(&dbcf), FG_EINVAL);
    CU_ASSERT(msg_has("design dbcf already has a port-level model"));
    bad.design = "unit-bad";
    bad.step = NULL;
    CU_ASSERT_EQUAL(fg_vec_model_register(&bad), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vec_model_register(NULL), FG_EINVAL);
    static char names[8][32]; /* room for any int: -Wformat-truncation */
    int added = 0;
    for (int i = 0; i < 8; i++) {
        snprintf(names[i], sizeof names[i], "unit-%d", i);
        more[i] = inc_def;
        more[i].design = names[i];
        added += fg_vec_model_register(&more[i]) == 0;
    }
    CU_ASSERT_EQUAL(added, 7); /* unit-inc and 7 more: 8 */
    CU_ASSERT(msg_has("more than 8 added port-level models"));
}

static void cleanup(void)
{
    rm_tree(root);
}

static void test_cleanup(void)
{
    cleanup();
    CU_ASSERT(!exists(root));
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"dbcf_roundtrip", test_dbcf_roundtrip},
                                         {"dbcf_bank_image", test_dbcf_bank_image},
                                         {"iag_roundtrip", test_iag_roundtrip},
                                         {"port_models", test_port_models},
                                         {"iag_traffic", test_iag_traffic},
                                         {"corrupt_files", test_corrupt},
                                         {"writer_values", test_writer_values},
                                         {"atomic_dir", test_atomic_dir},
                                         {"model_registry", test_model_registry},
                                         {"cleanup", test_cleanup},
                                         {NULL, NULL}};
    fg_add_suite("vectors", cases);
}
