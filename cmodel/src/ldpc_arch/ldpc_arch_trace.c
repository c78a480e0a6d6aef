/* MB-serial LDPC decoder model: the per-cycle trace as a flat list of port words. */
#include "ldpc_arch_internal.h"

#include <stddef.h>

static int bits_for(long n) /* width of 0..n-1, at least 1 */
{
    int b = 1;
    while ((1L << b) < n)
        b++;
    return b;
}

/* Scalars before, per-port groups in the middle, scalars after. */
static const char *const HEAD[] = {"phase", "iteration", "s1_v", "s1_ml", "s1_mb", "s1_stall",
                                   "s2_v", "s2_ml", "s2_mb", "s2_wait_et"};
static const char *const PORT_R[] = {"ren", "raddr", "fwd"};
static const char *const PORT_W[] = {"wen", "waddr"};
static const char *const MID[] = {"wml_v", "wml", "iter_done", "et_valid", "et_ok", "out_valid"};
static const char *const PORT_O[] = {"out_v", "out_col"};
enum { N_HEAD = 10, N_R = 3, N_W = 2, N_MID = 6, N_O = 2 };

int fg_ldpc_arch_trace_fields(const fg_ldpc_arch *a) { return N_HEAD + a->N2 * (N_R + N_W + N_O) + N_MID + 1; }

const char *fg_ldpc_arch_trace_field(const fg_ldpc_arch *a, int i, int *index, int *bits)
{
    const int N2 = a->N2;
    const int seq_bits = bits_for((long)a->cfg.fx.max_iter * a->n_ml);
    const int addr_bits = bits_for(a->code->nb);
    int idx = -1, b = 1;
    const char *name = NULL;
    if (i < 0 || i >= fg_ldpc_arch_trace_fields(a))
        return NULL;
    if (i < N_HEAD) {
        name = HEAD[i];
        static const int w[N_HEAD] = {3, 0, 1, -1, -2, 2, 1, -1, -2, 1};
        b = w[i] > 0 ? w[i] : (w[i] == 0 ? bits_for(a->cfg.fx.max_iter + 1) : (w[i] == -1 ? seq_bits
                                                                                          : bits_for(a->n_mbc)));
    } else if ((i -= N_HEAD) < N2 * N_R) {
        idx = i / N_R;
        name = PORT_R[i % N_R];
        b = i % N_R == 1 ? addr_bits : 1;
    } else if ((i -= N2 * N_R) < N2 * N_W) {
        idx = i / N_W;
        name = PORT_W[i % N_W];
        b = i % N_W == 1 ? addr_bits : 1;
    } else if ((i -= N2 * N_W) < N_MID) {
        name = MID[i];
        b = i == 1 ? seq_bits : 1;
    } else if ((i -= N_MID) < N2 * N_O) {
        idx = i / N_O;
        name = PORT_O[i % N_O];
        b = i % N_O == 1 ? addr_bits : 1;
    } else {
        name = "done";
    }
    if (index)
        *index = idx;
    if (bits)
        *bits = b;
    return name;
}

void fg_ldpc_arch_trace_values(const fg_ldpc_arch *a, const fg_ldpc_arch_ports *p, int64_t *v)
{
    const int N2 = a->N2;
    int k = 0;
    v[k++] = p->phase;
    v[k++] = p->iteration;
    v[k++] = p->s1_ml >= 0;
    v[k++] = p->s1_ml >= 0 ? p->s1_ml : 0;
    v[k++] = p->s1_mb >= 0 ? p->s1_mb : 0;
    v[k++] = p->s1_stall;
    v[k++] = p->s2_ml >= 0;
    v[k++] = p->s2_ml >= 0 ? p->s2_ml : 0;
    v[k++] = p->s2_mb >= 0 ? p->s2_mb : 0;
    v[k++] = p->s2_wait_et;
    for (int q = 0; q < N2; q++) {
        v[k++] = p->ren[q];
        v[k++] = p->ren[q] ? p->raddr[q] : 0;
        v[k++] = p->fwd[q];
    }
    for (int q = 0; q < N2; q++) {
        v[k++] = p->wen[q];
        v[k++] = p->wen[q] ? p->waddr[q] : 0;
    }
    v[k++] = p->wml >= 0;
    v[k++] = p->wml >= 0 ? p->wml : 0;
    v[k++] = p->iter_done;
    v[k++] = p->et_valid;
    v[k++] = p->et_ok;
    v[k++] = p->out_valid;
    for (int q = 0; q < N2; q++) {
        const int on = p->out_valid && p->out_col[q] >= 0;
        v[k++] = on;
        v[k++] = on ? p->out_col[q] : 0;
    }
    v[k++] = p->done;
}
