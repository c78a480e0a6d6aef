/* DBCF write network: step model (see fecforge/dbcf.h for the cycle definition). */
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t bank, row, data;
} word_t;

/* A ring of fixed capacity; storage is external. */
typedef struct {
    word_t *slot;
    int cap, head, count;
} ring_t;

static inline void ring_push(ring_t *r, word_t w)
{
    int i = r->head + r->count;
    if (i >= r->cap)
        i -= r->cap;
    r->slot[i] = w;
    r->count++;
}

static inline word_t ring_pop(ring_t *r)
{
    word_t w = r->slot[r->head];
    if (++r->head == r->cap)
        r->head = 0;
    r->count--;
    return w;
}

struct fg_dbcf {
    fg_dbcf_cfg cfg;
    int select;        /* effective S */
    ring_t *fifo_P;
    ring_t *buf_M;
    word_t *storage;
    uint16_t lfsr;
    /* outputs and per-cycle scratch */
    fg_dbcf_word *bank_write_M;
    uint8_t *accept_new_P, *accept_head_P, *reject_P;
    int *admitted_M;    /* words admitted to each bank this cycle */
    int *limit_M;       /* admission limit of each bank this cycle */
    int *touched;       /* banks with requests this cycle */
    int *first_M;       /* admit-list index of the first word admitted to bank b this cycle, or -1 */
    word_t *admit_list; /* admitted words in admission order, with bank */
    int busy_banks;     /* banks whose buffer is not empty */
    int fifo_words;
    int overflow;       /* sticky: a word was rejected since the reset (the RTL's overflow_o register) */
};

fg_dbcf_cfg fg_dbcf_cfg_default(void)
{
    fg_dbcf_cfg c = {.pllr = 32, .banks = 32, .select = 3, .fifo_depth = 8, .buf_depth = 12,
                     .offer = FG_DBCF_OFFER_DUAL, .lfsr_seed = 0xACE1, .stall = 0};
    return c;
}

int fg_dbcf_cfg_check(const fg_dbcf_cfg *c)
{
    if (c->pllr < 1 || c->pllr > FG_PLLR_MAX)
        return fg_set_error_at(FG_EINVAL, &c->pllr, "pllr=%d out of range [1, %d]", c->pllr, FG_PLLR_MAX);
    if (c->banks < 1 || c->banks > FG_DBCF_BANKS_MAX)
        return fg_set_error_at(FG_EINVAL, &c->banks, "banks=%d out of range [1, %d]", c->banks, FG_DBCF_BANKS_MAX);
    if (c->select != FG_DBCF_SELECT_ALL && (c->select < 1 || c->select > 2 * c->pllr))
        return fg_set_error_at(FG_EINVAL, &c->select, "select=%d out of range [1, %d] (2*PLLR) or all (0)", c->select,
                               2 * c->pllr);
    if (c->fifo_depth < 0 || c->fifo_depth > FG_DBCF_DEPTH_MAX)
        return fg_set_error_at(FG_EINVAL, &c->fifo_depth,
                               "fifo_depth=%d out of range [0, %d]", c->fifo_depth, FG_DBCF_DEPTH_MAX);
    if (c->buf_depth < 0 || c->buf_depth > FG_DBCF_DEPTH_MAX)
        return fg_set_error_at(FG_EINVAL, &c->buf_depth,
                               "buf_depth=%d out of range [0, %d]", c->buf_depth, FG_DBCF_DEPTH_MAX);
    if (c->offer != FG_DBCF_OFFER_DUAL && c->offer != FG_DBCF_OFFER_HEAD)
        return fg_set_error_at(FG_EINVAL, &c->offer,
                               "offer=%d unknown: valid are dual (0) and head (1)", (int)c->offer);
    if (c->stall != 0 && c->stall != 1)
        return fg_set_error_at(FG_EINVAL, &c->stall, "stall=%d invalid: 0 (free-running) or 1 (stalling)", c->stall);
    if (c->lfsr_seed == 0)
        return fg_set_error_at(FG_EINVAL, &c->lfsr_seed, "lfsr_seed=0 invalid: an LFSR state must be non-zero");
    return 0;
}

int fg_dbcf_create(const fg_dbcf_cfg *cfg, fg_dbcf **out)
{
    int rc = fg_dbcf_cfg_check(cfg);
    if (rc)
        return rc;
    const int P = cfg->pllr, M = cfg->banks;
    fg_dbcf *d = calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "out of memory for the DBCF model");
    d->cfg = *cfg;
    d->select = cfg->select == FG_DBCF_SELECT_ALL ? 2 * P : cfg->select;
    d->fifo_P = calloc((size_t)P, sizeof *d->fifo_P);
    d->buf_M = calloc((size_t)M, sizeof *d->buf_M);
    d->storage = calloc((size_t)P * (size_t)cfg->fifo_depth + (size_t)M * (size_t)cfg->buf_depth + 1,
                        sizeof *d->storage);
    d->bank_write_M = calloc((size_t)M, sizeof *d->bank_write_M);
    d->accept_new_P = calloc((size_t)P, 1);
    d->accept_head_P = calloc((size_t)P, 1);
    d->reject_P = calloc((size_t)P, 1);
    d->admitted_M = calloc((size_t)M, sizeof(int));
    d->limit_M = calloc((size_t)M, sizeof(int));
    d->first_M = malloc((size_t)M * sizeof(int));
    d->touched = calloc((size_t)M, sizeof(int));
    d->admit_list = calloc((size_t)(2 * P), sizeof(word_t));
    if (!d->fifo_P || !d->buf_M || !d->storage || !d->bank_write_M || !d->accept_new_P || !d->accept_head_P ||
        !d->reject_P || !d->admitted_M || !d->limit_M || !d->first_M || !d->touched || !d->admit_list) {
        fg_dbcf_destroy(d);
        return fg_set_error(FG_ENOMEM, "out of memory for the DBCF model (pllr=%d, banks=%d)", P, M);
    }
    word_t *s = d->storage;
    for (int l = 0; l < P; l++, s += cfg->fifo_depth)
        d->fifo_P[l] = (ring_t){.slot = s, .cap = cfg->fifo_depth};
    for (int b = 0; b < M; b++, s += cfg->buf_depth)
        d->buf_M[b] = (ring_t){.slot = s, .cap = cfg->buf_depth};
    fg_dbcf_reset(d);
    *out = d;
    return 0;
}

void fg_dbcf_reset(fg_dbcf *d)
{
    for (int l = 0; l < d->cfg.pllr; l++)
        d->fifo_P[l].head = d->fifo_P[l].count = 0;
    for (int b = 0; b < d->cfg.banks; b++) {
        d->buf_M[b].head = d->buf_M[b].count = 0;
        d->first_M[b] = -1;
    }
    d->lfsr = d->cfg.lfsr_seed;
    d->busy_banks = 0;
    d->fifo_words = 0;
    d->overflow = 0;
}

void fg_dbcf_destroy(fg_dbcf *d)
{
    if (!d)
        return;
    free(d->fifo_P);
    free(d->buf_M);
    free(d->storage);
    free(d->bank_write_M);
    free(d->accept_new_P);
    free(d->accept_head_P);
    free(d->reject_P);
    free(d->admitted_M);
    free(d->limit_M);
    free(d->first_M);
    free(d->touched);
    free(d->admit_list);
    free(d);
}

int fg_dbcf_fifo_level(const fg_dbcf *d, int lane) { return d->fifo_P[lane].count; }
int fg_dbcf_buf_level(const fg_dbcf *d, int bank) { return d->buf_M[bank].count; }
uint16_t fg_dbcf_lfsr(const fg_dbcf *d) { return d->lfsr; }
int fg_dbcf_empty(const fg_dbcf *d) { return d->busy_banks == 0 && d->fifo_words == 0; }
int fg_dbcf_overflow(const fg_dbcf *d) { return d->overflow; }

void fg_dbcf_step(fg_dbcf *d, const fg_dbcf_word *lane_P, fg_dbcf_out *out)
{
    const int P = d->cfg.pllr, M = d->cfg.banks, B = d->cfg.buf_depth;
    const int slots = 2 * P;
    const int dual = d->cfg.offer == FG_DBCF_OFFER_DUAL;
    int ntouched = 0, nadmit = 0;

    memset(d->accept_new_P, 0, (size_t)P);
    memset(d->accept_head_P, 0, (size_t)P);
    memset(d->reject_P, 0, (size_t)P);

    /* 2-3: visit the slots in LFSR priority order; each bank admits up to its limit. */
    int slot = (int)(((uint32_t)d->lfsr * (uint32_t)slots) >> 16);
    for (int n = 0; n < slots; n++, slot = slot + 1 == slots ? 0 : slot + 1) {
        const int l = slot >> 1;
        const ring_t *f = &d->fifo_P[l];
        word_t w;
        if (slot & 1) {
            if (!lane_P[l].valid || (!dual && f->count > 0))
                continue;
            w = (word_t){lane_P[l].bank, lane_P[l].row, lane_P[l].data};
        } else {
            if (f->count == 0)
                continue;
            w = f->slot[f->head];
        }
        const int b = w.bank;
        if (d->first_M[b] == -1) { /* first request to b this cycle: set its limit */
            const int room = B + 1 - d->buf_M[b].count;
            d->limit_M[b] = room < d->select ? room : d->select;
            d->admitted_M[b] = 0;
            d->touched[ntouched++] = b;
            d->first_M[b] = nadmit;
        }
        if (d->admitted_M[b] >= d->limit_M[b])
            continue;
        d->admitted_M[b]++;
        d->admit_list[nadmit++] = w;
        if (slot & 1)
            d->accept_new_P[l] = 1;
        else
            d->accept_head_P[l] = 1;
    }

    /* 4: bank writes. Banks with a non-empty buffer write their oldest word; untouched empty
     * banks write nothing; a touched empty bank bypasses its first admitted word. */
    for (int b = 0; b < M; b++)
        d->bank_write_M[b].valid = 0;
    if (d->busy_banks)
        for (int b = 0; b < M; b++) {
            ring_t *r = &d->buf_M[b];
            if (r->count) {
                word_t w = ring_pop(r);
                d->bank_write_M[b] = (fg_dbcf_word){1, b, w.row, w.data};
                if (r->count == 0)
                    d->busy_banks--;
            }
        }
    for (int i = 0; i < nadmit; i++) {
        const word_t w = d->admit_list[i];
        const int b = w.bank;
        if (!d->bank_write_M[b].valid && d->first_M[b] == i && d->buf_M[b].count == 0) {
            d->bank_write_M[b] = (fg_dbcf_word){1, b, w.row, w.data};
            continue;
        }
        if (d->buf_M[b].count == 0)
            d->busy_banks++;
        ring_push(&d->buf_M[b], w);
    }
    for (int i = 0; i < ntouched; i++)
        d->first_M[d->touched[i]] = -1;

    /* 5: FIFOs. */
    for (int l = 0; l < P; l++) {
        ring_t *f = &d->fifo_P[l];
        if (d->accept_head_P[l]) {
            ring_pop(f);
            d->fifo_words--;
        }
        if (lane_P[l].valid && !d->accept_new_P[l]) {
            if (f->count < f->cap) {
                ring_push(f, (word_t){lane_P[l].bank, lane_P[l].row, lane_P[l].data});
                d->fifo_words++;
            } else {
                d->reject_P[l] = 1;
                d->overflow = 1;
            }
        }
    }

    /* 6: priority LFSR. */
    d->lfsr = fg_dbcf_lfsr_next(d->lfsr);

    out->bank_write_M = d->bank_write_M;
    out->accept_new_P = d->accept_new_P;
    out->accept_head_P = d->accept_head_P;
    out->reject_P = d->reject_P;
}
