/* IAG front end: configuration, dispatch to the standard's step model, XMAP testbench, storage. */
#include "iag_internal.h"
#include "fecforge/error.h"
#include "fecforge/json.h"

#include <stdlib.h>
#include <string.h>

int fg_iag_check_pllr(int pllr)
{
    if (pllr < 4 || pllr > FG_IAG_LANES_MAX || pllr % 4)
        return fg_set_error(FG_EINVAL, "PLLR=%d invalid for the IAG: must be a multiple of 4 in [4, %d]", pllr,
                            FG_IAG_LANES_MAX);
    return 0;
}

int fg_iag_create(const fg_iag_cfg *cfg, fg_iag **out)
{
    *out = NULL;
    int rc = fg_interleaver_check_k(cfg->std, cfg->K);
    if (rc)
        return rc;
    if (cfg->lanes < 1 || cfg->lanes > FG_IAG_LANES_MAX)
        return fg_set_error(FG_EINVAL, "lanes=%d out of range [1, %d]", cfg->lanes, FG_IAG_LANES_MAX);
    if (!cfg->prog_lanes)
        return fg_set_error(FG_EINVAL, "prog_lanes is NULL: one lane program per lane is needed");
    for (int l = 0; l < cfg->lanes; l++) {
        const fg_iag_lane_prog *p = &cfg->prog_lanes[l];
        if (p->start < -1 || p->start >= cfg->K)
            return fg_set_error(FG_EINVAL, "lane %d start=%d out of range [0, %d] (or -1 for unused)", l,
                                (int)p->start, cfg->K - 1);
        if (p->stride == 0 || abs(p->stride) > FG_IAG_STRIDE_MAX)
            return fg_set_error(FG_EINVAL, "lane %d stride=%d invalid: must be -2, -1, 1 or 2", l, (int)p->stride);
    }
    fg_iag *g = calloc(1, sizeof *g);
    if (!g)
        return fg_set_error(FG_ENOMEM, "out of memory for the IAG");
    g->std = cfg->std;
    g->K = cfg->K;
    g->lanes = cfg->lanes;
    g->prog = malloc(sizeof *g->prog * (size_t)cfg->lanes);
    g->out_buf = calloc((size_t)cfg->lanes, sizeof *g->out_buf);
    if (!g->prog || !g->out_buf) {
        fg_iag_destroy(g);
        return fg_set_error(FG_ENOMEM, "out of memory for %d IAG lanes", cfg->lanes);
    }
    memcpy(g->prog, cfg->prog_lanes, sizeof *g->prog * (size_t)cfg->lanes);
    rc = g->std == FG_STD_UMTS ? fg_iag_umts_create(g) : fg_iag_lte_create(g);
    if (rc) {
        fg_iag_destroy(g);
        return rc;
    }
    fg_iag_reset(g);
    *out = g;
    return 0;
}

void fg_iag_reset(fg_iag *g)
{
    g->cycle = 0;
    g->pre_cycles = -1;
    g->ready = g->running = g->inverse = 0;
    memset(g->out_buf, 0, sizeof *g->out_buf * (size_t)g->lanes);
    if (g->std == FG_STD_UMTS)
        fg_iag_umts_reset(g);
    else
        fg_iag_lte_reset(g);
}

void fg_iag_destroy(fg_iag *g)
{
    if (!g)
        return;
    fg_iag_umts_free(g->umts);
    fg_iag_lte_free(g->lte);
    free(g->prog);
    free(g->out_buf);
    free(g);
}

void fg_iag_step(fg_iag *g, const fg_iag_in *in, fg_iag_out *out)
{
    const int ready = g->ready;
    const int start = in && in->start && ready;
    const int preprocessed = g->std == FG_STD_UMTS ? fg_iag_umts_step(g, in) : fg_iag_lte_step(g, in);
    /* commit of the unit's registers */
    if (start) {
        g->running = 1;
        g->inverse = in->inverse ? 1 : 0;
    }
    if (!ready && preprocessed) {
        g->ready = 1;
        g->pre_cycles = g->cycle + 1;
    }
    g->cycle++;
    if (out) {
        out->ready = (uint8_t)ready;
        out->lane_out = g->out_buf;
    }
}

int fg_iag_set_forward_only(fg_iag *g, int on)
{
    if (on && g->std != FG_STD_UMTS)
        return fg_set_error(FG_EINVAL, "forward_only=1 exists for std=umts only");
    g->forward_only = on != 0;
    return 0;
}

void fg_iag_get_info(const fg_iag *g, fg_iag_info *info)
{
    memset(info, 0, sizeof *info);
    info->latency = g->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    info->preprocess_cycles = g->pre_cycles;
    if (g->std == FG_STD_UMTS)
        fg_iag_umts_info(g, info);
    else
        fg_iag_lte_info(g, info);
}

void fg_iag_xmap_program(const fg_xmap_schedule *s, fg_iag_lane_prog *prog_pllr)
{
    for (int l = 0; l < s->pllr; l++) {
        prog_pllr[l].start = -1;
        prog_pllr[l].stride = (l & 3) < 2 ? 2 : -2;
        for (int c = 0; c < s->cycles; c++) {
            const int x = fg_xmap_position(s, c, l);
            if (x >= 0) {
                prog_pllr[l].start = x;
                break;
            }
        }
    }
}

int fg_iag_run_xmap(fg_iag *g, const fg_xmap_schedule *s, int inverse, int32_t *addr_K, long *cycles)
{
    if (s->K != g->K || s->pllr != g->lanes)
        return fg_set_error(FG_EINVAL, "schedule K=%d PLLR=%d does not match the IAG's K=%d lanes=%d", s->K,
                            s->pllr, g->K, g->lanes);
    fg_iag_out out;
    for (long c = 0; !g->ready; c++) {
        if (c > 100000L)
            return fg_set_error(FG_ESTATE, "IAG preprocessing did not finish in %ld cycles", c);
        fg_iag_step(g, NULL, &out);
    }
    const int lat = g->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    const int P = s->pllr;
    fg_iag_lane_in *in = calloc((size_t)P, sizeof *in);
    int32_t *hist = malloc(sizeof *hist * (size_t)P * (size_t)(lat + 1)); /* positions in flight */
    char *seen = calloc((size_t)g->K, 1);
    int rc = 0;
    if (!in || !hist || !seen) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the IAG testbench");
        goto done;
    }
    for (int l = 0; l < P * (lat + 1); l++)
        hist[l] = -1;
    fg_iag_in cin = {1, (uint8_t)(inverse ? 1 : 0), NULL};
    fg_iag_step(g, &cin, &out); /* start cycle */
    cin.start = 0;
    cin.lane_in = in;
    long n = 1;
    for (int c = 0; c < s->cycles + lat; c++, n++) {
        int32_t *now = &hist[(size_t)(c % (lat + 1)) * (size_t)P];
        for (int l = 0; l < P; l++) {
            now[l] = c < s->cycles ? fg_xmap_position(s, c, l) : -1;
            in[l].valid = now[l] >= 0;
            in[l].x = now[l] >= 0 ? now[l] : 0;
        }
        fg_iag_step(g, &cin, &out);
        const int32_t *then = &hist[(size_t)((c + 1) % (lat + 1)) * (size_t)P]; /* input c - lat */
        for (int l = 0; l < P; l++) {
            const int x = c >= lat ? then[l] : -1;
            const fg_iag_lane_out *o = &out.lane_out[l];
            if (o->err || o->valid != (x >= 0)) {
                rc = fg_set_error(FG_EMISMATCH, "IAG %s K=%d lane %d cycle %d: valid=%d err=%d, expected position %d",
                                  inverse ? "inverse" : "forward", g->K, l, c, o->valid, o->err, x);
                goto done;
            }
            if (x < 0)
                continue;
            if (seen[x]++ || o->addr < 0 || o->addr >= g->K) {
                rc = fg_set_error(FG_EMISMATCH, "IAG K=%d position %d: address %d repeated or out of range", g->K,
                                  x, (int)o->addr);
                goto done;
            }
            addr_K[x] = o->addr;
        }
    }
    for (int x = 0; x < g->K; x++)
        if (!seen[x]) {
            rc = fg_set_error(FG_EMISMATCH, "IAG K=%d position %d got no address", g->K, x);
            goto done;
        }
    if (cycles)
        *cycles = n;
done:
    free(in);
    free(hist);
    free(seen);
    return rc;
}

int fg_iag_addresses(fg_std std, int K, int pllr, int inverse, int32_t *addr_K, fg_iag_info *info)
{
    int rc = fg_iag_check_pllr(pllr);
    fg_xmap_schedule s;
    if (!rc)
        rc = fg_xmap_schedule_init(&s, K, pllr);
    if (!rc)
        rc = fg_interleaver_check_k(std, K);
    if (rc)
        return rc;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    fg_iag_xmap_program(&s, prog);
    fg_iag_cfg cfg = {std, K, pllr, prog};
    fg_iag *g;
    rc = fg_iag_create(&cfg, &g);
    if (rc)
        return rc;
    rc = fg_iag_run_xmap(g, &s, inverse, addr_K, NULL);
    if (info)
        fg_iag_get_info(g, info);
    fg_iag_destroy(g);
    return rc;
}

void fg_iag_memory_json_items(const fg_iag_memory *m, fg_json *j, int one_line)
{
    const int layout = j->pretty;
    for (int i = 0; i < m->n; i++) {
        const fg_iag_mem_item *it = &m->item[i];
        fg_json_obj_open(j, NULL);
        if (one_line)
            j->pretty = FG_JSON_LINE;
        fg_json_str(j, "name", it->name);
        fg_json_str(j, "kind", it->kind);
        fg_json_int(j, "entries", it->entries);
        fg_json_int(j, "width", it->width);
        fg_json_int(j, "copies", it->copies);
        fg_json_int(j, "bits", it->bits);
        fg_json_obj_close(j);
        j->pretty = layout;
    }
}

void fg_iag_memory_add(fg_iag_memory *m, const char *name, const char *kind, int entries, int width, int copies)
{
    fg_iag_mem_item *it = &m->item[m->n++];
    it->name = name;
    it->kind = kind;
    it->entries = entries;
    it->width = width;
    it->copies = copies;
    it->bits = (long)entries * width * copies;
    if (!strcmp(kind, "ROM"))
        m->rom_bits += it->bits;
    else if (!strcmp(kind, "RAM"))
        m->ram_bits += it->bits;
    else
        m->reg_bits += it->bits;
}

/* Widths: K < 2^13; UMTS p <= 257, C <= 256 (columns 0..255), R <= 20, roots v <= 19. */
int fg_iag_memory_size(fg_std std, int pllr, fg_iag_memory *out)
{
    int rc = fg_iag_check_pllr(pllr);
    if (rc)
        return rc;
    memset(out, 0, sizeof *out);
    out->pllr = pllr;
    const int R = FG_UMTS_R_MAX;
    if (std == FG_STD_UMTS) {
        fg_iag_memory_add(out, "prime ROM (p 9b, v 5b)", "ROM", FG_UMTS_NUM_PRIMES, 14, 1);
        fg_iag_memory_add(out, "tROM (T(i), 4 patterns x 20)", "ROM", 4 * R, 5, 1);
        fg_iag_memory_add(out, "qROM (q_i mod (p-1), 52 primes x 20)", "ROM", FG_UMTS_NUM_PRIMES * R, 8, 1);
        fg_iag_memory_add(out, "mROM (q_i^-1 mod (p-1), 52 primes x 20)", "ROM", FG_UMTS_NUM_PRIMES * R, 8, 1);
        fg_iag_memory_add(out, "s/log RAM (s(a)-1, a < (p-1)/2; log_v(y), y <= (p-1)/2), one per lane", "RAM", 256, 8,
                          pllr);
        fg_iag_memory_add(out, "pruning RAM {cnt, dm} per 16 columns, one per lane", "RAM", 16, 8 + 16, pllr);
        fg_iag_memory_add(out, "permuted-row file {T, r, vrow}", "REG", R, 5 + 8 + 5, 1);
        fg_iag_memory_add(out, "original-row file {m, rank}", "REG", R, 8 + 5, 1);
        fg_iag_memory_add(out, "scalars {R, C, p, rows_used, K mod C, partial row's rank, exchange}", "REG", 1,
                          5 + 9 + 9 + 5 + 8 + 5 + 1, 1);
        fg_iag_memory_add(out, "lane seeds {j, m, dm, dmn, row, col}", "REG", pllr, 8 + 5 + 1 + 1 + 5 + 8, 1);
    } else if (std == FG_STD_LTE) {
        fg_iag_memory_add(out, "QPP ROM {f1, f2, h1..h4, degree}", "ROM", FG_LTE_NUM_SIZES, 13 * 6 + 3, 1);
        fg_iag_memory_add(out, "lane seeds {forward d0..d2, inverse d0..d4}", "REG", pllr, 13 * (3 + 5), 1);
    } else
        return fg_set_error(FG_EINVAL, "std=%d unknown", (int)std);
    fg_iag_memory_add(out, "lane programs {start, stride}", "REG", pllr, 13 + 2, 1);
    out->total_bits = out->rom_bits + out->ram_bits + out->reg_bits;
    out->runtime_bits = out->ram_bits + out->reg_bits;
    return 0;
}
