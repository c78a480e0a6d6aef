/* DBCF testbench: XMAP lanes write one half-iteration through the network into bank memories. */
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <stdlib.h>

static int ceil_log2(int n)
{
    int b = 0;
    while ((1 << b) < n)
        b++;
    return b;
}

long fg_dbcf_buffer_bits(const fg_dbcf_cfg *cfg, int bank_depth, int data_bits)
{
    const long row_bits = ceil_log2(bank_depth), bank_bits = ceil_log2(cfg->banks);
    return (long)cfg->pllr * cfg->fifo_depth * (bank_bits + row_bits + data_bits) +
           (long)cfg->banks * cfg->buf_depth * (row_bits + data_bits);
}

int fg_dbcf_half_iteration(const fg_dbcf_cfg *cfg, const fg_bank_map *map, const int32_t *addr_K,
                           fg_dbcf_observer obs, void *user, fg_dbcf_result *res)
{
    const fg_xmap_schedule *s = &map->sched;
    const int K = s->K, P = s->pllr, M = map->banks;
    if (cfg->pllr != P)
        return fg_set_error(FG_EINVAL, "pllr=%d differs from the schedule's PLLR=%d", cfg->pllr, P);
    if (cfg->banks != M)
        return fg_set_error(FG_EINVAL, "banks=%d differs from the bank map's M=%d", cfg->banks, M);
    fg_dbcf *d;
    int rc = fg_dbcf_create(cfg, &d);
    if (rc)
        return rc;
    const size_t cells = (size_t)M * (size_t)map->depth;
    int32_t *mem = malloc(cells * sizeof *mem);   /* tag written into each cell, -1 = never */
    uint8_t *writes = calloc(cells, 1);           /* writes per cell, saturating at 255 */
    fg_dbcf_word *lane = calloc((size_t)P, sizeof *lane);
    int *step = calloc((size_t)s->P, sizeof *step);
    uint8_t *pending = calloc((size_t)P, 1); /* lane still owes the word of its SISO's step */
    if (!mem || !writes || !lane || !step || !pending) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for K=%d, banks=%d", K, M);
        goto done;
    }
    for (size_t i = 0; i < cells; i++)
        mem[i] = -1;

    *res = (fg_dbcf_result){.C0 = s->cycles};
    /* Each SISO's current output step; free-running SISOs advance every cycle. */
    for (int p = 0; p < s->P; p++)
        step[p] = 0;
    for (int l = 0; l < P; l++)
        pending[l] = fg_xmap_position(s, 0, l) >= 0;
    /* Every cycle moves at least one word (the bank of the oldest one writes), so this bounds it. */
    const long limit = 2L * s->cycles + 2L * K + 2;
    fg_dbcf_out out;
    for (long c = 0;; c++) {
        int producing = 0;
        for (int p = 0; p < s->P; p++)
            producing |= step[p] < s->cycles;
        if (!producing && fg_dbcf_empty(d))
            break;
        if (c > limit) {
            rc = fg_set_error(FG_ESTATE, "DBCF did not drain after %ld cycles (K=%d)", c, K);
            goto done;
        }
        for (int l = 0; l < P; l++) {
            const int st = step[l >> 2];
            const int pos = st < s->cycles && pending[l] ? fg_xmap_position(s, st, l) : -1;
            lane[l].valid = pos >= 0;
            if (pos >= 0) {
                fg_bank_map_locate(map, addr_K[pos], &lane[l].bank, &lane[l].row);
                lane[l].data = pos;
            }
        }
        fg_dbcf_step(d, lane, &out);
        if (obs)
            obs(user, (int)c, d, lane, &out);
        for (int p = 0; p < s->P; p++) {
            int held = 0;
            for (int l = 4 * p; l < 4 * p + 4; l++) {
                if (!out.reject_P[l])
                    pending[l] = 0;
                else if (cfg->stall)
                    held = 1;
                else {
                    pending[l] = 0;
                    res->overflow++;
                }
            }
            if (step[p] >= s->cycles)
                continue;
            if (held) {
                res->stalls++;
                continue;
            }
            step[p]++;
            for (int l = 4 * p; l < 4 * p + 4; l++)
                pending[l] = step[p] < s->cycles && fg_xmap_position(s, step[p], l) >= 0;
        }
        for (int b = 0; b < M; b++) {
            const fg_dbcf_word *w = &out.bank_write_M[b];
            if (w->valid) {
                const size_t cell = (size_t)b * (size_t)map->depth + (size_t)w->row;
                mem[cell] = w->data;
                if (writes[cell] < 255)
                    writes[cell]++;
                res->written++;
                res->C1 = (int)c + 1;
            }
            const int occ = fg_dbcf_buf_level(d, b);
            if (occ > res->max_buf)
                res->max_buf = occ;
        }
        for (int l = 0; l < P; l++) {
            const int occ = fg_dbcf_fifo_level(d, l);
            if (occ > res->max_fifo)
                res->max_fifo = occ;
        }
    }
    res->dC = res->C1 - res->C0;
    /* Every position j must sit, alone, in the cell of address addr_K[j]. */
    for (int j = 0; j < K; j++) {
        int b, r;
        fg_bank_map_locate(map, addr_K[j], &b, &r);
        const size_t cell = (size_t)b * (size_t)map->depth + (size_t)r;
        if (writes[cell] != 1 || mem[cell] != j)
            res->misplaced++;
    }
done:
    fg_dbcf_destroy(d);
    free(mem);
    free(writes);
    free(lane);
    free(step);
    free(pending);
    return rc;
}

int fg_dbcf_run(const fg_dbcf_cfg *cfg, fg_std std, int K, fg_direction dir, fg_bank_mapping mapping,
                fg_dbcf_result *res)
{
    fg_xmap_schedule s;
    fg_bank_map map;
    int rc = fg_interleaver_check_k(std, K);
    if (!rc)
        rc = fg_xmap_schedule_init(&s, K, cfg->pllr);
    if (!rc)
        rc = fg_bank_map_init(&map, mapping, cfg->banks, &s);
    if (rc)
        return rc;
    int32_t *addr = malloc(sizeof *addr * (size_t)K);
    if (!addr)
        return fg_set_error(FG_ENOMEM, "out of memory for K=%d", K);
    rc = fg_write_addresses(std, K, dir, addr);
    if (!rc)
        rc = fg_dbcf_half_iteration(cfg, &map, addr, NULL, NULL, res);
    free(addr);
    return rc;
}
