/* HSPA+/UMTS unified IAG: preprocessing unit and PLLR runtime lanes (thesis 4.6; docs/interleavers.md).
 *
 * Matrix view (TS 25.212 4.2.3.2.3): the output is read column by column (j = 0..C-1) and, inside a
 * column, over the permuted rows i = 0..R-1 (original row T(i)); the cell holds input index
 * T(i)*C + U_T(i)(j), pruned when >= K. Dummies sit in the original rows >= rows_used - 1 =
 * ceil(K/C) - 1: rows >= rows_used are all dummies, and the "partial" row rows_used - 1 (when
 * K mod C != 0) is a dummy in column j iff U_partial(j) >= K mod C. So a column has rows_used or
 * rows_used - 1 cells, told by one bit dm(j), and the valid cells before column j number
 * colstart(j) = j*rows_used - cnt(j), cnt(j) = dm(0) + ... + dm(j-1). Preprocessing stores dm(j)
 * per column and cnt at every 16th column (the pruning RAM); both runtime modes use it.
 *
 * Both modes share one 256 x 8 RAM per lane: v^((p-1)/2) = -1 mod p for the primitive root v, so
 * s(a + h) = p - s(a) and log_v(p - y) = log_v(y) + h (mod p-1), h = (p-1)/2. Half of each table
 * gives the other half: words [0, h) hold s(a) - 1 for a < h (forward), words 128 + u hold log_v(y)
 * for y in [1, h], u = y - [C = p-1] the column value of y (inverse). */
#include "iag_internal.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <pthread.h>
#include <string.h>

enum { RMAX = FG_UMTS_R_MAX, SMAX = 256, LOG_BASE = 128, CMAX = 256, GRP = 16 };

/* ROMs of the preprocessing unit, built once from the standard's definitions. */
static uint8_t q_rom[FG_UMTS_NUM_PRIMES][RMAX]; /* q_i mod (p-1) */
static uint8_t m_rom[FG_UMTS_NUM_PRIMES][RMAX]; /* q_i^-1 mod (p-1) */
static pthread_once_t roms_once = PTHREAD_ONCE_INIT;

static void build_roms(void)
{
    for (int pi = 0; pi < FG_UMTS_NUM_PRIMES; pi++) {
        const int n = fg_umts_primes[pi] - 1;
        int q[RMAX];
        fg_umts_prime_sequence(fg_umts_primes[pi], RMAX, q);
        for (int i = 0; i < RMAX; i++) {
            q_rom[pi][i] = (uint8_t)(q[i] % n);
            int inv = 1;
            while ((inv * (q[i] % n)) % n != 1 % n)
                inv++;
            m_rom[pi][i] = (uint8_t)(inv % n);
        }
    }
}

typedef enum { PH_SEARCH, PH_ROWS, PH_SFILL, PH_CORR, PH_DONE } phase_t;

typedef struct {          /* stage A registers: RAM address (folded) and what later stages need */
    uint8_t v, err, inv, sel_ram, neg;
    int16_t raddr, cval, t, mm, rk; /* forward: T(i); inverse: m and rank of the row */
} stage_a;
typedef struct {          /* stage B registers: forward (T(i), U); inverse (rank, column j') */
    uint8_t v, err, inv;
    int16_t x, y;
} stage_b;

typedef struct {
    int pos;                    /* position register: the x the lane serves next */
    int j, m, dm, dmn, ra;      /* forward: column, rank in column, dm(j), dm(j+dir), RAM address */
    int row, col;               /* inverse: natural x = row*C + col */
    stage_a a;
    stage_b b;
    fg_iag_lane_out o;
} lane_t;

typedef struct {
    int ok;                     /* seed found */
    int j, m, dm, dmn, row, col;
} seed_t;

struct fg_iag_umts {
    /* runtime parameters (registers / register files written by preprocessing) */
    int R, C, p, v, h, pidx, pat, rows_used, partial, cK, exch, r_partial, mp;
    int T[RMAX], rr[RMAX], vrow[RMAX];  /* permuted row i: T(i), r_i; vrow[k]: the k-th used one */
    int mm[RMAX], rk[RMAX];             /* original row: q^-1 mod (p-1), rank among the used rows */
    uint8_t ram[SMAX];                  /* s(a)-1 at a < h; log_v(y) at LOG_BASE + y - [C = p-1], y <= h */
    uint8_t dm[CMAX], cnt16[CMAX / GRP]; /* pruning RAM: dm(j); cnt(j) at j = 0, 16, 32, ... */
    /* preprocessing FSM */
    phase_t ph;
    int ctr, acc, s_cur, n_rank, cs, cnt, prev_dm;
    int pc_v, pc_sel_ram, pc_raddr, pc_neg, pc_cval; /* corr-phase pipeline register */
    seed_t *seed;               /* per lane */
    lane_t *lane;
};

int fg_iag_umts_create(fg_iag *g)
{
    pthread_once(&roms_once, build_roms);
    fg_umts_params u;
    int rc = fg_umts_params_compute(g->K, &u);
    if (rc)
        return rc;
    const int rows_used = (g->K + u.C - 1) / u.C;
    const int nv_min = rows_used - (g->K % u.C != 0);
    for (int l = 0; l < g->lanes; l++) {
        const int d = abs(g->prog[l].stride);
        if (g->prog[l].start >= 0 && nv_min < 2 * d)
            return fg_set_error(FG_EINVAL,
                                "lane %d stride=%d too large for UMTS K=%d: columns hold %d cells, need >= %d",
                                l, g->prog[l].stride, g->K, nv_min, 2 * d);
    }
    fg_iag_umts *s = calloc(1, sizeof *s);
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory for the UMTS IAG");
    s->seed = calloc((size_t)g->lanes, sizeof *s->seed);
    s->lane = calloc((size_t)g->lanes, sizeof *s->lane);
    g->umts = s;
    if (!s->seed || !s->lane)
        return fg_set_error(FG_ENOMEM, "out of memory for %d UMTS IAG lanes", g->lanes);
    fg_iag_umts_reset(g);
    return 0;
}

void fg_iag_umts_reset(fg_iag *g)
{
    fg_iag_umts *s = g->umts;
    seed_t *seed = s->seed;
    lane_t *lane = s->lane;
    memset(seed, 0, sizeof *seed * (size_t)g->lanes);
    memset(lane, 0, sizeof *lane * (size_t)g->lanes);
    memset(s, 0, sizeof *s);
    s->seed = seed;
    s->lane = lane;
    s->ph = PH_SEARCH;
}

/* The RAM address of a forward lookup of s(a), a < p-1, or of an inverse lookup of log(y) by the column
 * value u = y - [C = p-1] (the log half is indexed by u, so that a lane reads at its column). A value
 * whose y is in the upper half is read at its mirror (s(a) = p - s(a-h); log(y) = log(p-y) + h); *neg
 * tells. The log half fits in 128 words: u <= h <= 125 for p <= 251, and p = 257 comes only with
 * C = p-1 (K 5041..5114), where u = y-1 <= 127. */
static int ram_fold(const fg_iag_umts *s, int inv, int a, int *neg)
{
    const int up = inv && s->C != s->p - 1; /* u = y */
    *neg = a >= s->h + up;
    if (inv)
        return LOG_BASE + (*neg ? s->p - 2 + 2 * up - a : a);
    return *neg ? a - s->h : a;
}

/* U_row(j) as the preprocessing's corr phase and the forward lanes compute it: either an s RAM
 * read at the kernel's (j*r) mod (p-1), or a constant for the last columns and the K = R*C exchange. */
static void intra_row_select(const fg_iag_umts *s, int row, int r, int j, int *sel_ram, int *raddr, int *neg,
                             int *cval)
{
    const int p = s->p;
    *sel_ram = 0;
    *raddr = 0;
    *neg = 0;
    *cval = 0;
    if (s->exch && row == s->R - 1 && j == 0)
        *cval = p;                   /* U_{R-1}(0) = p */
    else if (s->exch && row == s->R - 1 && j == p)
        *sel_ram = 1;                /* U_{R-1}(p) = s(0), raddr 0 */
    else if (j <= p - 2) {
        *sel_ram = 1;
        *raddr = ram_fold(s, 0, fg_iag_mulmod(j, r, p - 1), neg);
    } else if (j == p - 1)
        *cval = 0;
    else
        *cval = p;
}

/* U from the RAM word of a forward lookup: s = word + 1, or p - (word + 1) for a mirrored one. */
static int intra_row_value(const fg_iag_umts *s, int sel_ram, int raddr, int neg, int cval)
{
    const int sv = neg ? s->p - 1 - s->ram[raddr] : s->ram[raddr] + 1;
    return sel_ram ? sv - (s->C == s->p - 1) : cval;
}

static void preprocess_step(fg_iag *g)
{
    fg_iag_umts *s = g->umts;
    const int K = g->K;
    switch (s->ph) {
    case PH_SEARCH: { /* one prime per cycle */
        const int pat = fg_umts_row_pattern_index(K);
        const int R = pat == 0 ? 5 : pat == 1 ? 10 : 20, special = K >= 481 && K <= 530;
        const int p = fg_umts_primes[s->ctr];
        if (special ? p == 53 : K <= R * (p + 1)) {
            s->R = R;
            s->pat = pat;
            s->pidx = s->ctr;
            s->p = p;
            s->h = (p - 1) / 2;
            s->v = fg_umts_primitive_roots[s->ctr];
            s->C = special ? p : K <= R * (p - 1) ? p - 1 : K <= R * p ? p : p + 1;
            s->rows_used = (K + s->C - 1) / s->C;
            s->cK = K % s->C;
            s->partial = s->cK ? s->rows_used - 1 : -1;
            s->exch = s->C == p + 1 && K == R * s->C;
            s->ph = PH_ROWS;
            s->ctr = 0;
        } else
            s->ctr++;
        return;
    }
    case PH_ROWS: { /* cycle c: permuted row c (ROM reads at c) and original row c (acc = c*C) */
        const int c = s->ctr, t = fg_umts_row_patterns[s->pat][c];
        const int used = t < s->rows_used;
        s->T[c] = t;
        s->rr[c] = q_rom[s->pidx][c];
        s->mm[t] = m_rom[s->pidx][c];
        s->rk[t] = s->n_rank;
        if (t == s->partial) {
            s->r_partial = q_rom[s->pidx][c];
            s->mp = s->n_rank;
        }
        if (used)
            s->vrow[s->n_rank++] = c;
        for (int l = 0; l < g->lanes; l++) { /* inverse seeds: x0 in original row c */
            const int x0 = g->prog[l].start;
            if (x0 >= s->acc && x0 < s->acc + s->C) {
                s->seed[l].row = c;
                s->seed[l].col = x0 - s->acc;
            }
        }
        s->acc += s->C;
        if (++s->ctr == s->R) {
            s->ph = PH_SFILL;
            s->ctr = 0;
            s->s_cur = 1;
        }
        return;
    }
    case PH_SFILL: /* j = ctr, s_cur = s(j) = v^j: j < h writes s(j)-1, j >= h one log entry */
        if (s->ctr < s->h)
            s->ram[s->ctr] = (uint8_t)(s->s_cur - 1);
        else { /* log(y) = j; for y > h: log(p-y) = j - h */
            int neg;
            const int a = ram_fold(s, 1, s->s_cur - (s->C == s->p - 1), &neg);
            s->ram[a] = (uint8_t)(neg ? s->ctr - s->h : s->ctr);
        }
        s->s_cur = fg_iag_mulmod(s->s_cur, s->v, s->p);
        if (++s->ctr == s->p - 1) {
            s->ph = PH_CORR;
            s->ctr = 0;
        }
        return;
    case PH_CORR: { /* C+1 cycles: kernel + s RAM address for column ctr, RAM data for ctr-1 */
        int nv_sel = 0, nv_raddr = 0, nv_neg = 0, nv_cval = 0;
        if (s->ctr < s->C)
            intra_row_select(s, s->partial, s->r_partial, s->ctr, &nv_sel, &nv_raddr, &nv_neg, &nv_cval);
        if (s->pc_v) {
            const int j = s->ctr - 1;
            const int u = intra_row_value(s, s->pc_sel_ram, s->pc_raddr, s->pc_neg, s->pc_cval);
            const int dm = s->partial >= 0 && u >= s->cK;
            const int nv = s->rows_used - dm;
            s->dm[j] = (uint8_t)dm;
            if (j % GRP == 0)
                s->cnt16[j / GRP] = (uint8_t)s->cnt;
            for (int l = 0; l < g->lanes; l++) { /* forward seeds: x0 in column j */
                seed_t *sd = &s->seed[l];
                const int x0 = g->prog[l].start, dir = g->prog[l].stride > 0 ? 1 : -1;
                if (x0 >= s->cs && x0 < s->cs + nv) {
                    sd->ok = 1;
                    sd->j = j;
                    sd->m = x0 - s->cs;
                    sd->dm = dm;
                    sd->dmn = dir < 0 && j > 0 ? s->prev_dm : 0;
                } else if (sd->ok && dir > 0 && sd->j == j - 1)
                    sd->dmn = dm;
            }
            s->cs += nv;
            s->cnt += dm;
            s->prev_dm = dm;
        }
        s->pc_v = s->ctr < s->C;
        s->pc_sel_ram = nv_sel;
        s->pc_raddr = nv_raddr;
        s->pc_neg = nv_neg;
        s->pc_cval = nv_cval;
        if (++s->ctr == s->C + 1)
            s->ph = PH_DONE;
        return;
    }
    case PH_DONE:
        return;
    }
}

/* Interleaved position of column j, row of rank rk among the used rows: colstart(j) + its rank in
 * the column, with cnt(j) from the pruning RAM word of j's group of 16 columns plus a popcount. */
static int inverse_address(const fg_iag_umts *s, int j, int rk)
{
    int cnt = s->cnt16[j / GRP];
    for (int c = j - j % GRP; c < j; c++)
        cnt += s->dm[c];
    return j * s->rows_used - cnt + rk - (s->dm[j] && rk > s->mp);
}

/* One runtime cycle of a lane. nx starts as a copy of the current registers. */
static void lane_step(const fg_iag *g, fg_iag_umts *s, int l, const fg_iag_lane_in *in, int start)
{
    const lane_t *cur = &s->lane[l];
    lane_t nx = *cur;
    const int p = s->p, C = s->C, K = g->K, d = g->prog[l].stride, dir = d > 0 ? 1 : -1;
    const int used = g->prog[l].start >= 0;

    /* Output registers <- stage B: forward T(i)*C + U; inverse with the pruning RAM word of j'. */
    nx.o.valid = cur->b.v && !cur->b.err;
    nx.o.err = cur->b.v && cur->b.err;
    nx.o.addr = 0;
    if (nx.o.valid)
        nx.o.addr = cur->b.inv ? inverse_address(s, cur->b.y, cur->b.x) : cur->b.x * C + cur->b.y;

    /* Stage B <- stage A. Forward: RAM word -> U. Inverse: RAM word (+h if mirrored) -> kernel -> j'. */
    nx.b.v = cur->a.v;
    nx.b.err = cur->a.err;
    nx.b.inv = cur->a.inv;
    nx.b.x = nx.b.y = 0;
    if (cur->a.v && !cur->a.err) {
        if (cur->a.inv) {
            nx.b.x = cur->a.rk;
            nx.b.y = (int16_t)(cur->a.sel_ram ? fg_iag_mulmod(cur->a.mm, s->ram[cur->a.raddr] + cur->a.neg * s->h, p - 1)
                                              : cur->a.cval);
        } else {
            nx.b.x = cur->a.t;
            nx.b.y = (int16_t)intra_row_value(s, cur->a.sel_ram, cur->a.raddr, cur->a.neg, cur->a.cval);
        }
    }

    /* Stage A <- lane counters and the input. */
    const int valid = in && in->valid;
    const int ok = valid && !start && g->running && used && in->x == cur->pos && cur->pos >= 0 && cur->pos < K &&
                   !(g->forward_only && g->inverse);
    memset(&nx.a, 0, sizeof nx.a);
    nx.a.v = (uint8_t)valid;
    nx.a.err = (uint8_t)(valid && !ok);
    nx.a.inv = (uint8_t)g->inverse;
    if (ok && g->inverse) {
        const int row = cur->row, col = cur->col;
        int sel = 1, neg = 0, cval = 0;
        if (s->exch && row == s->R - 1 && (col == p || col == 1)) {
            sel = 0;
            cval = col == p ? 0 : p;
        } else if (C != p - 1 && (col == 0 || col == p)) {
            sel = 0;
            cval = col == 0 ? p - 1 : p;
        }
        const int raddr = sel ? ram_fold(s, 1, col, &neg) : 0;
        nx.a.sel_ram = (uint8_t)sel;
        nx.a.raddr = (int16_t)raddr;
        nx.a.neg = (uint8_t)neg;
        nx.a.cval = (int16_t)cval;
        nx.a.mm = (int16_t)s->mm[row];
        nx.a.rk = (int16_t)s->rk[row];
    } else if (ok) { /* the column's m-th valid row: skip the partial row in a dm column */
        const int i = s->vrow[cur->m + (cur->dm && cur->m >= s->mp)];
        int sel, raddr, neg, cval;
        intra_row_select(s, s->T[i], s->rr[i], cur->j, &sel, &raddr, &neg, &cval);
        nx.a.sel_ram = (uint8_t)sel;
        nx.a.raddr = (int16_t)raddr;
        nx.a.neg = (uint8_t)neg;
        nx.a.cval = (int16_t)cval;
        nx.a.t = (int16_t)s->T[i];
    }

    /* Lane counters: advance by d on a served input. The forward lane's pruning-RAM port
     * reads dm(j + dir) every cycle at the registered address ra. */
    if (ok) {
        nx.pos = cur->pos + d;
        if (g->inverse) {
            nx.col = cur->col + d;
            if (nx.col >= C) {
                nx.col -= C;
                nx.row++;
            } else if (nx.col < 0) {
                nx.col += C;
                nx.row--;
            }
        } else {
            nx.m = cur->m + d;
            if (nx.m >= s->rows_used - cur->dm) {
                nx.m -= s->rows_used - cur->dm;
                nx.j = cur->j + 1;
                nx.dm = cur->dmn;
            } else if (nx.m < 0) {
                nx.j = cur->j - 1;
                nx.dm = cur->dmn;
                nx.m += s->rows_used - cur->dmn;
            }
        }
    }
    nx.dmn = cur->ra >= 0 && cur->ra < C ? s->dm[cur->ra] : 0;
    nx.ra = nx.j + dir;

    if (start) { /* load the seeds of the selected mode; the pipeline keeps going */
        const seed_t *sd = &s->seed[l];
        nx.pos = used ? g->prog[l].start : -1;
        nx.j = sd->j;
        nx.m = sd->m;
        nx.dm = sd->dm;
        nx.dmn = sd->dmn;
        nx.ra = sd->j + dir;
        nx.row = sd->row;
        nx.col = sd->col;
    }
    s->lane[l] = nx;
}

int fg_iag_umts_step(fg_iag *g, const fg_iag_in *in)
{
    fg_iag_umts *s = g->umts;
    for (int l = 0; l < g->lanes; l++)
        g->out_buf[l] = s->lane[l].o;
    const int start = in && in->start && g->ready;
    for (int l = 0; l < g->lanes; l++) /* before ready, lanes are not running: a valid input is err */
        lane_step(g, s, l, in && in->lane_in ? &in->lane_in[l] : NULL, start);
    if (!g->ready)
        preprocess_step(g);
    return s->ph == PH_DONE;
}

void fg_iag_umts_info(const fg_iag *g, fg_iag_info *info)
{
    const fg_iag_umts *s = g->umts;
    info->R = s->R;
    info->C = s->C;
    info->p = s->p;
    info->v = s->v;
    info->rows_used = s->rows_used;
    info->dummies = s->R * s->C - g->K;
}

void fg_iag_umts_free(fg_iag_umts *s)
{
    if (!s)
        return;
    free(s->seed);
    free(s->lane);
    free(s);
}
