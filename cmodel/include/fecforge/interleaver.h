/* Turbo-code internal interleavers, bit-exact to the standards, as tables.
 * Convention: pi(k) is the index of the input bit placed at interleaved position k
 * (LTE: c'_k = c_pi(k), TS 36.212 5.1.3.2.3; UMTS: TS 25.212 4.2.3.2.3). */
#ifndef FECFORGE_INTERLEAVER_H
#define FECFORGE_INTERLEAVER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FG_STD_UMTS = 0, FG_STD_LTE = 1 } fg_std;
/* The words of an option that names a standard (fecforge/options.h CHOICE, in enum order). */
#define FG_STD_WORDS "umts|lte|hspa=umts|hspa+=umts"

/* "umts" (also "hspa", "hspa+") or "lte". FG_EINVAL with a message otherwise. */
int fg_std_parse(const char *name, fg_std *out);
const char *fg_std_name(fg_std std);

enum { FG_UMTS_K_MIN = 40, FG_UMTS_K_MAX = 5114, FG_LTE_K_MIN = 40, FG_LTE_K_MAX = 6144,
       FG_LTE_NUM_SIZES = 188, FG_K_MAX = 6144 };

/* 0 if K is a block size of the standard, else FG_EINVAL naming K and the valid set. */
int fg_interleaver_check_k(fg_std std, int K);

/* Number of block sizes of the standard (UMTS 5075, LTE 188). */
int fg_interleaver_num_sizes(fg_std std);
/* The i-th block size in increasing order, i in [0, num_sizes). */
int fg_interleaver_size(fg_std std, int i);

/* pi(0..K-1) into pi_K. */
int fg_interleaver_table(fg_std std, int K, int32_t *pi_K);

/* inv_K[pi_K[k]] = k. */
void fg_permutation_invert(int K, const int32_t *pi_K, int32_t *inv_K);

/* LTE QPP: pi(i) = (f1*i + f2*i^2) mod K. */
typedef struct { int K, f1, f2; } fg_lte_qpp;
int fg_lte_qpp_params(int K, fg_lte_qpp *out);

/* UMTS/HSPA+ parameters, TS 25.212 4.2.3.2.3.1-2. */
enum { FG_UMTS_R_MAX = 20, FG_UMTS_P_MAX = 257 };
typedef struct {
    int K;
    int R, C;       /* rows, columns of the rectangular matrix */
    int p, v;       /* prime and its primitive root */
    int T[FG_UMTS_R_MAX];   /* inter-row permutation pattern */
    int q[FG_UMTS_R_MAX];   /* minimum primes, q[0] = 1 */
    int r[FG_UMTS_R_MAX];   /* permuted primes, r[T[i]] = q[i] */
    int s[FG_UMTS_P_MAX];   /* base sequence s(0..p-2) */
} fg_umts_params;
int fg_umts_params_compute(int K, fg_umts_params *out);

/* The minimum prime integers of TS 25.212: q_0 = 1, q_i the least prime > max(q_{i-1}, 6) with
 * gcd(q_i, p-1) = 1, for i < n (n <= FG_UMTS_R_MAX). */
void fg_umts_prime_sequence(int p, int n, int *q_n);

/* The prime table of TS 25.212 Table 2 (52 primes 7..257) with primitive roots. */
enum { FG_UMTS_NUM_PRIMES = 52 };
extern const uint16_t fg_umts_primes[FG_UMTS_NUM_PRIMES];
extern const uint8_t fg_umts_primitive_roots[FG_UMTS_NUM_PRIMES];
/* Inter-row patterns of Table 3: index 0 R=5, 1 R=10, 2 R=20 (special K), 3 R=20 (other). */
extern const uint8_t fg_umts_row_patterns[4][FG_UMTS_R_MAX];
/* Which pattern of fg_umts_row_patterns a K uses (0..3), or -1 if K is out of range. */
int fg_umts_row_pattern_index(int K);

#ifdef __cplusplus
}
#endif
#endif
