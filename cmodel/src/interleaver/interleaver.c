/* Table interleavers: LTE QPP (TS 36.212 5.1.3.2.3) and UMTS/HSPA+ (TS 25.212 4.2.3.2.3). */
#include "fecforge/interleaver.h"
#include "fecforge/error.h"
#include "interleaver_tables.h"

#include <string.h>
#include <strings.h>

int fg_std_parse(const char *name, fg_std *out)
{
    if (name && (!strcasecmp(name, "umts") || !strcasecmp(name, "hspa") || !strcasecmp(name, "hspa+"))) {
        *out = FG_STD_UMTS;
        return 0;
    }
    if (name && !strcasecmp(name, "lte")) {
        *out = FG_STD_LTE;
        return 0;
    }
    return fg_set_error(FG_EINVAL, "std=%s unknown: valid are umts (hspa, hspa+) and lte",
                        name ? name : "(null)");
}

const char *fg_std_name(fg_std std) { return std == FG_STD_LTE ? "lte" : "umts"; }

static int lte_index(int K)
{
    int lo = 0, hi = FG_LTE_NUM_SIZES - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (fg_lte_qpp_table[mid][0] == K)
            return mid;
        if (fg_lte_qpp_table[mid][0] < K)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int fg_interleaver_check_k(fg_std std, int K)
{
    if (std == FG_STD_LTE) {
        if (lte_index(K) < 0)
            return fg_set_error(FG_EINVAL,
                "K=%d is not an LTE block size: valid are the 188 sizes of TS 36.212 Table 5.1.3-3 "
                "(40..512 step 8, 528..1024 step 16, 1056..2048 step 32, 2112..6144 step 64)", K);
        return 0;
    }
    if (std == FG_STD_UMTS) {
        if (K < FG_UMTS_K_MIN || K > FG_UMTS_K_MAX)
            return fg_set_error(FG_EINVAL, "K=%d out of range [%d, %d] for UMTS", K, FG_UMTS_K_MIN,
                                FG_UMTS_K_MAX);
        return 0;
    }
    return fg_set_error(FG_EINVAL, "std=%d unknown", (int)std);
}

int fg_interleaver_num_sizes(fg_std std)
{
    return std == FG_STD_LTE ? FG_LTE_NUM_SIZES : FG_UMTS_K_MAX - FG_UMTS_K_MIN + 1;
}

int fg_interleaver_size(fg_std std, int i)
{
    if (i < 0 || i >= fg_interleaver_num_sizes(std))
        return -1;
    return std == FG_STD_LTE ? fg_lte_qpp_table[i][0] : FG_UMTS_K_MIN + i;
}

int fg_lte_qpp_params(int K, fg_lte_qpp *out)
{
    int i = lte_index(K);
    if (i < 0)
        return fg_interleaver_check_k(FG_STD_LTE, K);
    out->K = K;
    out->f1 = fg_lte_qpp_table[i][1];
    out->f2 = fg_lte_qpp_table[i][2];
    return 0;
}

int fg_umts_row_pattern_index(int K)
{
    if (K < FG_UMTS_K_MIN || K > FG_UMTS_K_MAX)
        return -1;
    if (K <= 159)
        return 0;
    if (K <= 200 || (K >= 481 && K <= 530))
        return 1;
    if ((K >= 2281 && K <= 2480) || (K >= 3161 && K <= 3210))
        return 2;
    return 3;
}

static int gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int is_prime(int n)
{
    if (n < 2)
        return 0;
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

void fg_umts_prime_sequence(int p, int n, int *q_n)
{
    q_n[0] = 1;
    for (int i = 1; i < n; i++) {
        int q = q_n[i - 1] + 1; /* least prime > q[i-1], > 6, coprime to p-1 */
        if (q < 7)
            q = 7;
        while (!is_prime(q) || gcd(q, p - 1) != 1)
            q++;
        q_n[i] = q;
    }
}

int fg_umts_params_compute(int K, fg_umts_params *out)
{
    int rc = fg_interleaver_check_k(FG_STD_UMTS, K);
    if (rc)
        return rc;
    memset(out, 0, sizeof *out);
    out->K = K;
    int pat = fg_umts_row_pattern_index(K);
    out->R = pat == 0 ? 5 : pat == 1 ? 10 : 20;
    const int R = out->R;
    int pi = 0;
    if (K >= 481 && K <= 530) {
        while (fg_umts_primes[pi] != 53)
            pi++;
        out->p = 53;
        out->C = 53;
    } else {
        while (K > R * (fg_umts_primes[pi] + 1))
            pi++;
        const int p = fg_umts_primes[pi];
        out->p = p;
        out->C = K <= R * (p - 1) ? p - 1 : K <= R * p ? p : p + 1;
    }
    out->v = fg_umts_primitive_roots[pi];
    for (int i = 0; i < R; i++)
        out->T[i] = fg_umts_row_patterns[pat][i];
    out->s[0] = 1;
    for (int j = 1; j <= out->p - 2; j++)
        out->s[j] = (out->v * out->s[j - 1]) % out->p;
    fg_umts_prime_sequence(out->p, R, out->q);
    for (int i = 0; i < R; i++)
        out->r[out->T[i]] = out->q[i];
    return 0;
}

/* Column index U_i(j) of the bit read at column j of original row i (TS 25.212 4.2.3.2.3.2). */
static int umts_intra_row(const fg_umts_params *u, int i, int j)
{
    const int p = u->p, C = u->C;
    if (C == p - 1)
        return u->s[(j * u->r[i]) % (p - 1)] - 1;
    if (j == p - 1)
        return 0;
    if (j == p) /* C == p + 1 */
        return (u->K == u->R * C && i == u->R - 1) ? u->s[0] : p;
    if (j == 0 && C == p + 1 && u->K == u->R * C && i == u->R - 1)
        return p; /* U_{R-1}(p) and U_{R-1}(0) exchanged when K = R*C */
    return u->s[(j * u->r[i]) % (p - 1)];
}

static int umts_table(int K, int32_t *pi_K)
{
    fg_umts_params u;
    int rc = fg_umts_params_compute(K, &u);
    if (rc)
        return rc;
    int k = 0;
    for (int j = 0; j < u.C; j++)
        for (int i = 0; i < u.R; i++) {
            const int row = u.T[i];
            const int idx = row * u.C + umts_intra_row(&u, row, j);
            if (idx < K)
                pi_K[k++] = idx;
        }
    return k == K ? 0 : fg_set_error(FG_ESTATE, "UMTS interleaver K=%d produced %d indices", K, k);
}

static int lte_table(int K, int32_t *pi_K)
{
    fg_lte_qpp q;
    int rc = fg_lte_qpp_params(K, &q);
    if (rc)
        return rc;
    /* Recursive form: pi(i+1) = pi(i) + g(i), g(i+1) = g(i) + 2*f2 (mod K). */
    int64_t p = 0, g = (q.f1 + q.f2) % K;
    for (int i = 0; i < K; i++) {
        pi_K[i] = (int32_t)p;
        p = (p + g) % K;
        g = (g + 2 * q.f2) % K;
    }
    return 0;
}

int fg_interleaver_table(fg_std std, int K, int32_t *pi_K)
{
    return std == FG_STD_LTE ? lte_table(K, pi_K) : umts_table(K, pi_K);
}

void fg_permutation_invert(int K, const int32_t *pi_K, int32_t *inv_K)
{
    for (int k = 0; k < K; k++)
        inv_K[pi_K[k]] = k;
}
