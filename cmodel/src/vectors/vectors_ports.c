/* Port layouts of the IAG and subsystem vector sets (vectors_ports.h). */
#include "vectors_ports.h"

#include <string.h>

void fg_vecp_iag_pack_in(int K, const fg_iag_in *in, int P, int64_t *in_v)
{
    in_v[0] = K;
    in_v[1] = in ? in->start : 0;
    in_v[2] = in ? in->inverse : 0;
    for (int l = 0; l < P; l++) {
        const fg_iag_lane_in *li = in && in->lane_in ? &in->lane_in[l] : NULL;
        in_v[3 + 2 * l] = li ? li->valid : 0;
        in_v[4 + 2 * l] = li && li->valid ? li->x : 0;
    }
}

void fg_vecp_iag_unpack_in(const int64_t *in_v, int P, fg_iag_lane_in *lane_in_P, fg_iag_in *in)
{
    in->start = (uint8_t)(in_v[1] & 1);
    in->inverse = (uint8_t)(in_v[2] & 1);
    for (int l = 0; l < P; l++) {
        lane_in_P[l].valid = (uint8_t)(in_v[3 + 2 * l] & 1);
        lane_in_P[l].x = (int32_t)in_v[4 + 2 * l];
    }
    in->lane_in = lane_in_P;
}

void fg_vecp_iag_pack_out(const fg_iag_out *out, int P, int64_t *ex_v, uint8_t *ex_x)
{
    ex_v[0] = out->ready;
    ex_x[0] = 0;
    for (int l = 0; l < P; l++) {
        const fg_iag_lane_out *o = &out->lane_out[l];
        ex_v[1 + 3 * l] = o->valid;
        ex_v[2 + 3 * l] = o->err;
        ex_v[3 + 3 * l] = o->valid ? o->addr : 0;
        ex_x[1 + 3 * l] = ex_x[2 + 3 * l] = 0;
        ex_x[3 + 3 * l] = !o->valid; /* an address only with valid */
    }
}

void fg_vecp_subsys_pack_in(int K, int64_t mask, const fg_subsys_in *in, int P, int64_t *in_v)
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
}

void fg_vecp_subsys_unpack_in(const int64_t *in_v, int P, fg_subsys_lane_in *lane_in_P, fg_subsys_in *in)
{
    in->start = (uint8_t)(in_v[1] & 1);
    in->inverse = (uint8_t)(in_v[2] & 1);
    for (int l = 0; l < P; l++) {
        lane_in_P[l].valid = (uint8_t)(in_v[3 + 3 * l] & 1);
        lane_in_P[l].x = (int32_t)in_v[4 + 3 * l];
        lane_in_P[l].llr = (int32_t)in_v[5 + 3 * l];
    }
    in->lane_in = lane_in_P;
}

void fg_vecp_subsys_pack_out(const fg_subsys_out *out, int P, int M, int64_t mask, const int64_t *levels_PM1,
                             int64_t *ex_v, uint8_t *ex_x)
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
    memcpy(&ex_v[n], levels_PM1, sizeof *levels_PM1 * (size_t)(P + M + 1));
}

void fg_vecp_subsys_levels(const fg_subsys *s, int P, int M, int64_t *levels_PM1)
{
    const fg_dbcf *d = fg_subsys_dbcf(s);
    for (int l = 0; l < P; l++)
        levels_PM1[l] = fg_dbcf_fifo_level(d, l);
    for (int b = 0; b < M; b++)
        levels_PM1[P + b] = fg_dbcf_buf_level(d, b);
    levels_PM1[P + M] = fg_dbcf_lfsr(d);
}
