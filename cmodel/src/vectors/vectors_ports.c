/* Port layouts of the IAG and subsystem vector sets (vectors_ports.h). */
#include "vectors_ports.h"

#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

int fg_vecp_banks_init(fg_vecp_banks *b, int M, int depth, int64_t mask)
{
    const size_t cells = (size_t)M * (size_t)depth;
    *b = (fg_vecp_banks){.M = M, .depth = depth, .mask = mask};
    b->mem = calloc(cells ? cells : 1, sizeof *b->mem);
    b->written = calloc(cells ? cells : 1, 1);
    b->rd_M = calloc((size_t)M, sizeof *b->rd_M);
    b->rd_x_M = malloc((size_t)M);
    if (!b->mem || !b->written || !b->rd_M || !b->rd_x_M) {
        fg_vecp_banks_free(b);
        return fg_set_error(FG_ENOMEM, "out of memory for %d bank images of %d rows", M, depth);
    }
    memset(b->rd_x_M, 1, (size_t)M); /* the read register has no value after reset */
    return 0;
}

void fg_vecp_banks_free(fg_vecp_banks *b)
{
    free(b->mem);
    free(b->written);
    free(b->rd_M);
    free(b->rd_x_M);
    b->mem = b->rd_M = NULL;
    b->written = b->rd_x_M = NULL;
}

void fg_vecp_banks_step(fg_vecp_banks *b, const int64_t *rows_M, const fg_dbcf_word *bank_write_M, int64_t *rd_v_M,
                        uint8_t *rd_x_M)
{
    for (int k = 0; k < b->M; k++) {
        rd_v_M[k] = b->rd_x_M[k] ? 0 : b->rd_M[k];
        rd_x_M[k] = b->rd_x_M[k];
        const int64_t row = rows_M ? rows_M[k] : 0;
        const size_t cell = (size_t)k * (size_t)b->depth + (size_t)row;
        const int ok = row >= 0 && row < b->depth && b->written[cell];
        b->rd_M[k] = ok ? b->mem[cell] : 0; /* read first: the old word */
        b->rd_x_M[k] = (uint8_t)!ok;
    }
    for (int k = 0; bank_write_M && k < b->M; k++) {
        const fg_dbcf_word *w = &bank_write_M[k];
        if (!w->valid || w->row < 0 || w->row >= b->depth)
            continue;
        const size_t cell = (size_t)k * (size_t)b->depth + (size_t)w->row;
        b->mem[cell] = w->data & b->mask;
        b->written[cell] = 1;
    }
}

void fg_vecp_subsys_pack_in(int K, int64_t mask, const fg_subsys_in *in, const int64_t *rows_M, int P, int M,
                            int64_t *in_v)
{
    int n = 0;
    in_v[n++] = K;
    in_v[n++] = in->start;
    in_v[n++] = in->inverse;
    for (int l = 0; l < P; l++) {
        const fg_subsys_lane_in *li = in->lane_in ? &in->lane_in[l] : NULL;
        const int v = li && li->valid;
        in_v[n++] = v;
        in_v[n++] = v ? li->x : 0;
        in_v[n++] = v ? (li->llr & mask) : 0;
    }
    for (int b = 0; b < M; b++)
        in_v[n++] = rows_M ? rows_M[b] : 0;
}

void fg_vecp_subsys_unpack_in(const int64_t *in_v, int P, fg_subsys_lane_in *lane_in_P, fg_subsys_in *in,
                              const int64_t **rows_M)
{
    in->start = (uint8_t)(in_v[1] & 1);
    in->inverse = (uint8_t)(in_v[2] & 1);
    for (int l = 0; l < P; l++) {
        lane_in_P[l].valid = (uint8_t)(in_v[3 + 3 * l] & 1);
        lane_in_P[l].x = (int32_t)in_v[4 + 3 * l];
        lane_in_P[l].llr = (int32_t)in_v[5 + 3 * l];
    }
    in->lane_in = lane_in_P;
    *rows_M = &in_v[3 + 3 * P];
}

void fg_vecp_subsys_pack_out(const fg_subsys_out *out, int P, int M, int64_t mask, const int64_t *regs,
                             const int64_t *rd_v_M, const uint8_t *rd_x_M, int64_t *ex_v, uint8_t *ex_x)
{
    int n = 0;
    memset(ex_x, 0, (size_t)fg_vecp_subsys_n_ex(P, M));
    ex_v[n++] = out->ready;
    for (int l = 0; l < P; l++) {
        ex_v[n++] = out->lane_err_P[l];
        ex_v[n++] = out->dbcf.accept_new_P[l];
        ex_v[n++] = out->dbcf.accept_head_P[l];
        ex_v[n++] = out->dbcf.reject_P[l];
    }
    for (int b = 0; b < M; b++) {
        const fg_dbcf_word *wd = &out->dbcf.bank_write_M[b];
        ex_v[n++] = wd->valid;
        ex_x[n] = ex_x[n + 1] = !wd->valid; /* row and data: no value without a write */
        ex_v[n++] = wd->valid ? wd->row : 0;
        ex_v[n++] = wd->valid ? (wd->data & mask) : 0;
    }
    const int nr = fg_vecp_subsys_n_regs(P, M);
    memcpy(&ex_v[n], regs, sizeof *regs * (size_t)nr);
    n += nr;
    memcpy(&ex_v[n], rd_v_M, sizeof *rd_v_M * (size_t)M);
    memcpy(&ex_x[n], rd_x_M, (size_t)M);
}

void fg_vecp_subsys_levels(const fg_subsys *s, int P, int M, int64_t *regs)
{
    const fg_dbcf *d = fg_subsys_dbcf(s);
    for (int l = 0; l < P; l++)
        regs[l] = fg_dbcf_fifo_level(d, l);
    for (int b = 0; b < M; b++)
        regs[P + b] = fg_dbcf_buf_level(d, b);
    regs[P + M] = fg_dbcf_lfsr(d);
    regs[P + M + 1] = fg_dbcf_overflow(d);
    regs[P + M + 2] = fg_dbcf_empty(d);
}

void fg_vecp_ldpc_pack_out(const fg_ldpc_arch *a, const fg_ldpc_arch_ports *p, int N2, int z, int lanes, int64_t *ex,
                           uint8_t *ex_x)
{
    const int n_tr = fg_ldpc_arch_trace_fields(a), NL = N2 * lanes, n_ex = n_tr + 2 * NL + 1;
    fg_ldpc_arch_trace_values(a, p, ex);
    memset(ex_x, 0, (size_t)n_ex);
    for (int q = 0; q < N2; q++) {
        const int won = p->wen[q] && p->wdata, on = p->out_valid && p->out_col[q] >= 0;
        for (int j = 0; j < lanes; j++) {
            const int kw = n_tr + q * lanes + j, ko = kw + NL;
            ex[kw] = won && j < z ? p->wdata[q * z + j] : 0;
            ex_x[kw] = (uint8_t)!won;
            ex[ko] = on && j < z ? p->out_bits[q * z + j] : 0;
            ex_x[ko] = (uint8_t)!on;
        }
    }
    ex[n_ex - 1] = p->done ? p->iterations : 0;
    ex_x[n_ex - 1] = (uint8_t)!p->done;
}
