/* Systematic encoder (docs/ldpc-codes.md, "Encoder").
 *
 * H = [H_s | H_p] with H_p the last mb block columns. Encoding solves H_p p = H_s s.
 *  - Dual-diagonal parity part (802.11n, 802.16e and codes built like them): block column kb has
 *    exactly three blocks, at rows 0, x and mb-1 with 0 < x < mb-1 and equal shifts a at rows 0 and
 *    mb-1, b at row x; block column kb+j (j >= 1) has shift 0 at rows j-1 and j and nothing else.
 *    Summing all block rows cancels the staircase and the two a-blocks: P^b p_0 = sum_l lambda_l, then
 *    p_{j+1} = p_j + lambda_j + C_j p_0 down the staircase. O(edges), no set-up.
 *  - Any other parity part: block-level peeling with a gap (Richardson-Urbanke style). At creation a
 *    greedy pass picks "gap" block columns G: with p_G assumed known, every other parity block
 *    column is solved from a block row in which it is the only unknown (a circulant, so
 *    p_c = P^-s (row sum)); the g = |G| block rows left over give a dense (g z) x (g z) system
 *    phi p_G = residual. phi is computed from the peeling itself (64 unit vectors at a time) and
 *    inverted once; H_p is singular exactly when phi is. Encoding: peel with p_G = 0, residual,
 *    p_G = phi^-1 residual, peel again: O(edges + (g z)^2 / 64). g z <= FG_LDPC_GAP_BITS_MAX. */
#include "ldpc_internal.h"

#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

struct fg_ldpc_encoder {
    int dual;         /* 1: dual-diagonal path */
    int x, a, b;      /* dual: middle row of block column kb and the shifts (a at rows 0 and mb-1, b at x) */
    int steps;        /* peeling: steps (mb - g), each solving block column step_col from block row step_row */
    int *step_row, *step_col, *step_blk; /* step_blk: index of the solved block in blk_col / blk_shift */
    int g;            /* gap block columns */
    int *gap_col;     /* g block columns of H (kb..nb-1) */
    int *left_row;    /* g left-over block rows */
    int gz, words;    /* g*z, 64-bit words per row of phi^-1 */
    uint64_t *phi_inv;
};

void fg_ldpc_encoder_free(struct fg_ldpc_encoder *enc)
{
    if (!enc)
        return;
    free(enc->step_row);
    free(enc->step_col);
    free(enc->step_blk);
    free(enc->gap_col);
    free(enc->left_row);
    free(enc->phi_inv);
    free(enc);
}

int fg_ldpc_encoder_is_dual_diagonal(const fg_ldpc_code *code) { return code && code->enc && code->enc->dual; }

int fg_ldpc_encoder_gap(const fg_ldpc_code *code) { return code && code->enc && !code->enc->dual ? code->enc->g : -1; }

/* Is the parity part dual-diagonal? Fills x, a, b. */
static int detect_dual(const fg_ldpc_code *c, struct fg_ldpc_encoder *e)
{
    const int mb = c->mb, nb = c->nb, kb = nb - mb;
    if (mb < 3)
        return 0;
    int x = -1;
    for (int l = 1; l < mb - 1; l++)
        if (c->shift[l * nb + kb] >= 0) {
            if (x >= 0)
                return 0;
            x = l;
        }
    if (x < 0 || c->shift[kb] < 0 || c->shift[kb] != c->shift[(mb - 1) * nb + kb])
        return 0;
    for (int j = 1; j < mb; j++)
        for (int l = 0; l < mb; l++) {
            int s = c->shift[l * nb + kb + j];
            if (l == j - 1 || l == j) {
                if (s != 0)
                    return 0;
            } else if (s >= 0) {
                return 0;
            }
        }
    e->x = x;
    e->a = c->shift[kb];
    e->b = c->shift[x * nb + kb];
    return 1;
}

/* Greedy peeling order and gap columns at block level. */
static int plan_peeling(const fg_ldpc_code *c, struct fg_ldpc_encoder *e)
{
    const int mb = c->mb, nb = c->nb, kb = nb - mb;
    int *unknown = calloc((size_t)mb, sizeof *unknown); /* unknown parity blocks per row */
    char *used = calloc((size_t)mb, 1), *known = calloc((size_t)mb, 1);
    e->step_row = malloc(sizeof *e->step_row * (size_t)mb);
    e->step_col = malloc(sizeof *e->step_col * (size_t)mb);
    e->step_blk = malloc(sizeof *e->step_blk * (size_t)mb);
    e->gap_col = malloc(sizeof *e->gap_col * (size_t)mb);
    e->left_row = malloc(sizeof *e->left_row * (size_t)mb);
    if (!unknown || !used || !known || !e->step_row || !e->step_col || !e->step_blk || !e->gap_col || !e->left_row) {
        free(unknown);
        free(used);
        free(known);
        return fg_set_error(FG_ENOMEM, "out of memory for the encoder");
    }
    for (int l = 0; l < mb; l++)
        for (int j = 0; j < mb; j++)
            unknown[l] += c->shift[l * nb + kb + j] >= 0;
    int solved = 0;
    while (solved < mb) {
        int row = -1;
        for (int l = 0; l < mb && row < 0; l++)
            if (!used[l] && unknown[l] == 1)
                row = l;
        int col;
        if (row >= 0) {
            col = -1;
            for (int j = 0; j < mb; j++)
                if (!known[j] && c->shift[row * nb + kb + j] >= 0)
                    col = j;
            int b = c->row_start[row];
            while (c->blk_col[b] != kb + col)
                b++;
            e->step_row[e->steps] = row;
            e->step_col[e->steps] = kb + col;
            e->step_blk[e->steps] = b;
            e->steps++;
            used[row] = 1;
        } else {
            /* stuck: assume the unknown column that most unused rows contain */
            int best = -1;
            col = -1;
            for (int j = 0; j < mb; j++) {
                if (known[j])
                    continue;
                int d = 0;
                for (int l = 0; l < mb; l++)
                    d += !used[l] && c->shift[l * nb + kb + j] >= 0;
                if (d > best) {
                    best = d;
                    col = j;
                }
            }
            e->gap_col[e->g++] = kb + col;
        }
        known[col] = 1;
        solved++;
        for (int l = 0; l < mb; l++)
            if (c->shift[l * nb + kb + col] >= 0)
                unknown[l]--;
    }
    int left = 0;
    for (int l = 0; l < mb; l++)
        if (!used[l])
            e->left_row[left++] = l;
    free(unknown);
    free(used);
    free(known);
    return 0;
}

/* acc = sum over the blocks of layer l, except block skip (index, -1 for none), of P^s x_col, x the
 * codeword (info and parity bits). */
static void row_sum8(const fg_ldpc_code *c, int l, int skip, const uint8_t *x, uint8_t *acc)
{
    const int z = c->z;
    memset(acc, 0, (size_t)z);
    for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++) {
        if (b == skip)
            continue;
        const uint8_t *v = x + (size_t)c->blk_col[b] * z;
        int s = c->blk_shift[b];
        for (int r = 0; r < z - s; r++)
            acc[r] ^= v[r + s];
        for (int r = z - s; r < z; r++)
            acc[r] ^= v[r + s - z];
    }
}

/* The same over 64 lanes, parity blocks only: x holds (nb - kb) * z words indexed from block column kb. */
static void row_sum64(const fg_ldpc_code *c, int l, int skip, const uint64_t *x, uint64_t *acc)
{
    const int z = c->z, kb = c->nb - c->mb;
    memset(acc, 0, sizeof *acc * (size_t)z);
    for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++) {
        if (b == skip || c->blk_col[b] < kb)
            continue;
        const uint64_t *v = x + (size_t)(c->blk_col[b] - kb) * z;
        int s = c->blk_shift[b];
        for (int r = 0; r < z - s; r++)
            acc[r] ^= v[r + s];
        for (int r = z - s; r < z; r++)
            acc[r] ^= v[r + s - z];
    }
}

/* Gauss-Jordan inverse of the n x n bit matrix L (w words per row, destroyed). Returns the inverse,
 * or NULL with *bad the first column without a pivot (-1 when out of memory). */
static uint64_t *invert_bits(uint64_t *L, int n, int w, int *bad)
{
    uint64_t *R = calloc((size_t)n * w, sizeof *R);
    *bad = -1;
    if (!R)
        return NULL;
    for (int r = 0; r < n; r++)
        R[(size_t)r * w + r / 64] |= 1ull << (r % 64);
    for (int j = 0; j < n; j++) {
        const int jw = j / 64;
        const uint64_t bit = 1ull << (j % 64);
        int p = j;
        while (p < n && !(L[(size_t)p * w + jw] & bit))
            p++;
        if (p == n) {
            free(R);
            *bad = j;
            return NULL;
        }
        if (p != j)
            for (int t = 0; t < w; t++) {
                uint64_t u = L[(size_t)p * w + t];
                L[(size_t)p * w + t] = L[(size_t)j * w + t];
                L[(size_t)j * w + t] = u;
                u = R[(size_t)p * w + t];
                R[(size_t)p * w + t] = R[(size_t)j * w + t];
                R[(size_t)j * w + t] = u;
            }
        const uint64_t *Lj = L + (size_t)j * w, *Rj = R + (size_t)j * w;
        for (int r = 0; r < n; r++) {
            if (r == j || !(L[(size_t)r * w + jw] & bit))
                continue;
            uint64_t *Lr = L + (size_t)r * w, *Rr = R + (size_t)r * w;
            for (int t = jw; t < w; t++)
                Lr[t] ^= Lj[t];
            for (int t = 0; t < w; t++)
                Rr[t] ^= Rj[t];
        }
    }
    return R;
}

/* phi: column i = residual of the left-over rows after peeling with p_G = e_i (lambda = 0). */
static int gap_init(const fg_ldpc_code *c, struct fg_ldpc_encoder *e)
{
    const int z = c->z, kb = c->nb - c->mb, m = c->mb * z;
    const int n = e->g * z, w = (n + 63) / 64;
    if (n > FG_LDPC_GAP_BITS_MAX)
        return fg_set_error(FG_EINVAL,
                            "parity part of H (%d x %d bits) has too little structure for the encoder: after "
                            "block peeling %d of its %d block columns remain, a dense %d-bit system (limit %d)",
                            m, m, e->g, c->mb, n, FG_LDPC_GAP_BITS_MAX);
    uint64_t *x = malloc(sizeof *x * (size_t)m), *acc = malloc(sizeof *acc * (size_t)z);
    uint64_t *phi = calloc((size_t)n * w, sizeof *phi);
    if (!x || !acc || !phi) {
        free(x);
        free(acc);
        free(phi);
        return fg_set_error(FG_ENOMEM, "out of memory for the encoder (%d-bit gap system)", n);
    }
    for (int t = 0; t < w; t++) {
        memset(x, 0, sizeof *x * (size_t)m);
        for (int lane = 0; lane < 64 && t * 64 + lane < n; lane++) {
            int i = t * 64 + lane; /* bit i % z of gap column i / z */
            x[(size_t)(e->gap_col[i / z] - kb) * z + i % z] |= 1ull << lane;
        }
        for (int s = 0; s < e->steps; s++) {
            const int sh = c->blk_shift[e->step_blk[s]];
            uint64_t *p = x + (size_t)(e->step_col[s] - kb) * z;
            row_sum64(c, e->step_row[s], e->step_blk[s], x, acc);
            for (int j = 0; j < z; j++) /* P^sh p = acc: acc[r] = p[(r + sh) mod z] */
                p[j] = acc[(j - sh + z) % z];
        }
        for (int q = 0; q < e->g; q++) {
            row_sum64(c, e->left_row[q], -1, x, acc);
            for (int r = 0; r < z; r++)
                phi[(size_t)(q * z + r) * w + t] = acc[r];
        }
    }
    free(x);
    free(acc);
    int bad;
    e->phi_inv = invert_bits(phi, n, w, &bad);
    free(phi);
    if (!e->phi_inv) {
        if (bad < 0)
            return fg_set_error(FG_ENOMEM, "out of memory for the encoder (%d-bit gap system)", n);
        return fg_set_error(FG_EINVAL,
                            "parity part of H is singular: the parity checks leave parity bit %d of block column %d "
                            "undetermined (rank deficient), so the systematic encoder cannot solve H_p p = H_s s",
                            bad % z, e->gap_col[bad / z]);
    }
    e->gz = n;
    e->words = w;
    return 0;
}

int fg_ldpc_encoder_init(fg_ldpc_code *code)
{
    struct fg_ldpc_encoder *e = calloc(1, sizeof *e);
    if (!e)
        return fg_set_error(FG_ENOMEM, "out of memory for the encoder");
    int rc = 0;
    if (detect_dual(code, e))
        e->dual = 1;
    else if ((rc = plan_peeling(code, e)) == 0 && e->g > 0)
        rc = gap_init(code, e);
    if (rc < 0) {
        fg_ldpc_encoder_free(e);
        return rc;
    }
    code->enc = e;
    return 0;
}

/* lambda_l = H_s s for every layer l, into par[l*z .. (l+1)*z). */
static void info_syndrome(const fg_ldpc_code *c, const uint8_t *s, uint8_t *par)
{
    const int z = c->z, kb = c->nb - c->mb;
    for (int l = 0; l < c->mb; l++) {
        uint8_t *acc = par + (size_t)l * z;
        memset(acc, 0, (size_t)z);
        for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++) {
            if (c->blk_col[b] >= kb)
                break; /* ascending columns: the rest is parity */
            const uint8_t *v = s + (size_t)c->blk_col[b] * z;
            int sh = c->blk_shift[b];
            for (int r = 0; r < z - sh; r++)
                acc[r] ^= v[r + sh];
            for (int r = z - sh; r < z; r++)
                acc[r] ^= v[r + sh - z];
        }
    }
}

static void encode_dual(const fg_ldpc_code *code, uint8_t *par)
{
    const struct fg_ldpc_encoder *e = code->enc;
    const int z = code->z, mb = code->mb;
    uint8_t t[FG_LDPC_Z_MAX], p0[FG_LDPC_Z_MAX], acc[FG_LDPC_Z_MAX];
    if (z < 1 || z > FG_LDPC_Z_MAX) /* checked by the caller; tells the compiler the bound */
        return;
    memset(t, 0, (size_t)z);
    for (int l = 0; l < mb; l++)
        for (int r = 0; r < z; r++)
            t[r] ^= par[l * z + r];
    /* t = P^b p0: t[r] = p0[(r + b) mod z] */
    for (int j = 0; j < z; j++)
        p0[j] = t[(j - e->b + z) % z];
    memset(acc, 0, (size_t)z);
    for (int l = 0; l < mb - 1; l++) {
        int s = l == 0 ? e->a : l == e->x ? e->b : -1;
        uint8_t *blk = par + (size_t)l * z;
        for (int r = 0; r < z; r++) {
            uint8_t lam = blk[r];
            if (s >= 0)
                lam ^= p0[(r + s) % z];
            blk[r] = l == 0 ? p0[r] : acc[r];
            acc[r] ^= lam;
        }
    }
    memcpy(par + (size_t)(mb - 1) * z, acc, (size_t)z);
}

static void peel(const fg_ldpc_code *code, uint8_t *cw)
{
    const struct fg_ldpc_encoder *e = code->enc;
    const int z = code->z;
    uint8_t acc[FG_LDPC_Z_MAX];
    for (int s = 0; s < e->steps; s++) {
        const int sh = code->blk_shift[e->step_blk[s]];
        uint8_t *p = cw + (size_t)e->step_col[s] * z;
        row_sum8(code, e->step_row[s], e->step_blk[s], cw, acc);
        for (int j = 0; j < z; j++)
            p[j] = acc[(j - sh + z) % z];
    }
}

static void encode_peel(const fg_ldpc_code *code, uint8_t *cw)
{
    const struct fg_ldpc_encoder *e = code->enc;
    const int z = code->z;
    memset(cw + code->k, 0, (size_t)(code->n - code->k));
    peel(code, cw);
    if (!e->g)
        return;
    uint64_t res[FG_LDPC_GAP_BITS_MAX / 64];
    uint8_t acc[FG_LDPC_Z_MAX];
    memset(res, 0, sizeof res);
    for (int q = 0; q < e->g; q++) {
        row_sum8(code, e->left_row[q], -1, cw, acc);
        for (int r = 0; r < z; r++)
            res[(q * z + r) / 64] |= (uint64_t)acc[r] << ((q * z + r) % 64);
    }
    for (int i = 0; i < e->gz; i++) {
        const uint64_t *row = e->phi_inv + (size_t)i * e->words;
        uint64_t x = 0;
        for (int t = 0; t < e->words; t++)
            x ^= row[t] & res[t];
        cw[(size_t)e->gap_col[i / z] * z + i % z] = (uint8_t)__builtin_parityll(x);
    }
    peel(code, cw);
}

int fg_ldpc_encode(const fg_ldpc_code *code, const uint8_t *bits_k, uint8_t *codeword_n)
{
    if (!code || !bits_k || !codeword_n)
        return fg_set_error(FG_EINVAL, "code, bits_k or codeword_n is NULL");
    if (!code->enc)
        return fg_set_error(FG_ESTATE, "code '%s' has no encoder", code->name);
    if (code->z < 1 || code->z > FG_LDPC_Z_MAX)
        return fg_set_error(FG_EINVAL, "z=%d out of range [1, %d]", code->z, FG_LDPC_Z_MAX);
    const int k = code->k;
    for (int i = 0; i < k; i++)
        if (bits_k[i] > 1)
            return fg_set_error(FG_EINVAL, "bits_k[%d]=%d is not a bit (0 or 1)", i, bits_k[i]);
    if (codeword_n != bits_k)
        memmove(codeword_n, bits_k, (size_t)k);
    if (code->enc->dual) {
        info_syndrome(code, codeword_n, codeword_n + k);
        encode_dual(code, codeword_n + k);
    } else {
        encode_peel(code, codeword_n);
    }
    return 0;
}
