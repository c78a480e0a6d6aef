/* The GPU turbo decoder of Wang's thesis, section 4.8 ("GPU Implementation of Parallel Turbo Decoding";
 * docs/gpu-turbo.md "The thesis's kernel"), in float32, following the C float reference
 * decoder (cmodel/src/turbo/turbo_dec.c: radix 2, no sliding window, P sub-blocks with next-iteration
 * initialisation, max-log / log-MAP / linear-log-MAP, extrinsic scaling, early termination) up to float rounding.
 *
 * The thesis's design, as built here:
 *   - A thread block of 128 threads is 16 groups of 8; a group decodes one sub-block of one codeword and thread s
 *     of a group owns trellis state s. Group gs = blockIdx.x * 16 + group is sub-block gs % P of codeword gs / P,
 *     so a launch has ceil(count P / 16) blocks of 128 threads.
 *   - One launch per half-iteration h (even: SISO 1 on the natural order, odd: SISO 2 on the interleaved order);
 *     the thread blocks synchronise by ending the kernel.
 *   - Forward traversal (4.8.2): one stage of alpha in shared memory; per stage thread s forms alpha_{k+1}(s)
 *     from its two predecessors and spills it to device memory (4.8.1: the thesis's way to keep shared memory
 *     small).
 *   - Backward traversal (4.8.3): one stage of beta in shared memory; per stage thread s reads alpha_k(s) back,
 *     forms Lambda0(s) and Lambda1(s) (alpha + gamma + beta along its u = 0 and u = 1 branches), keeps them in
 *     shared memory for 8 stages, and forms beta_k(s). Every 8 stages thread i computes the LLR of stage i of
 *     those 8 as max* over the states of Lambda0 minus that of Lambda1, each thread visiting the states in its
 *     own permuted order so that the 8 threads read 8 different banks (Algorithm 10; the permutation is i ^ j
 *     instead of (i + j) & 7, see below).
 *   - Early termination (4.8.4): a stopped codeword is tagged and later launches skip it; every rule of
 *     fg_turbo_et (the thesis has min and average LLR), on the shared sums of turbo_gpu_et.cuh.
 *   - Interleaver (4.8.5): LTE on the fly by eq. 4.19, pi(x) = ((f1 + f2 x mod K) x) mod K; UMTS by a table.
 *   - max* (4.8.6): max-log, log-MAP, and the linear log-MAP of the C model (tg::max_star).
 *
 * Arithmetic. The branch metric is turbo_dec.c's, gamma(s, u) = (1-2u) A + (1-2z) B with A = (sys + apr) / 2,
 * B = par / 2, z = fg_rsc_parity(s, u); alpha and beta are normalised to state 0 at every stage, every thread
 * computing state 0's value itself (no extra barrier). The sums are formed in the C model's order
 * ((alpha + gamma) + beta, beta + gamma) and the LLR's max* is the C model's pairwise tree over the states,
 * ((0, 1), (2, 3)), ((4, 5), (6, 7)), so the host rounds exactly like turbo_dec.c (gpu_turbo_host finds the
 * APPs equal bit for bit with all three max*). On the device log-MAP's correction uses the
 * hardware's exp and log (tg::max_star), so log-MAP follows the C model up to about 1e-6 there (max-log and
 * linear log-MAP, with --fmad=false, bit for bit).
 *
 * Deviations from the thesis, and choices it leaves open:
 *   - Extrinsic exchange. The thesis has "sequential reads, random writes": SISO 1 would write its extrinsic of
 *     natural position j to SISO 2's a-priori at inv(j), which needs the inverse interleaver; eq. 4.19 gives only
 *     pi (the inverse of an LTE QPP is a permutation polynomial of its own, not known from f1 and f2), and the
 *     tables hold only pi. So both a-priori arrays are in natural order: SISO 1 reads ext[j] and writes
 *     ext[K + j] (sequential), SISO 2 at its step k reads ext[K + pi(k)] and writes ext[pi(k)] (random reads
 *     and writes at the address it needs anyway for the systematic LLR llr[pi(k)]).
 *   - The thesis's Tables 4.6 and 4.7 (predecessors, successors and parities) contradict the LTE trellis in
 *     their parity columns; every trellis constant here comes from fecforge/rsc.h. Algorithm 9 adds beta_k where
 *     beta_{k+1} is meant, and Algorithm 10 writes lambda1 - lambda0 inside its loop: here the LLR is
 *     max*(u = 0) - max*(u = 1) (positive: bit 0, as in the C model), written once per stage.
 *   - Algorithm 10's read order. At step j thread i reads state i ^ j, not (i + j) & 7: for every j both are
 *     permutations of the 8 states over the 8 threads (8 banks), but Algorithm 10 also folds the values into a
 *     chain in that order, and the linear log-MAP max* is not associative: a chain differs from the C model's
 *     pairwise tree by more than rounding (measured with the chain: APPs off by up to 16 relative, decisions
 *     differing in up to every frame of a configuration).
 *     With i ^ j, the pairwise tree over j is the C model's tree over the states, in registers with constant
 *     indices (log-MAP's max* is associative up to rounding, max-log's exactly).
 *   - Shared memory: alpha and beta each get two stage buffers (the stage read and the one written; one barrier
 *     per stage instead of two), and a group's region is padded to 152 floats so that the 4 groups of a warp
 *     lie 8 banks apart: with 32 banks (the thesis counts 16) the permuted reads of Algorithm 10 are then
 *     conflict-free across the whole warp, not only within a group. 16 x 152 floats = 9728 bytes per block
 *     (the thesis: 8 KB, reusing the Lambda memory for alpha and beta).
 *   - The early-termination sums go into the codeword's slot with one atomic per thread (the thesis adds the 8
 *     threads' sums of a group); the CRC rule xors the CRC-24 remainders of the positions decided 1.
 *   - Every group runs the block's L stages in lock step (barriers must be reached by all threads); a shorter last
 *     sub-block, an idle group and a stopped codeword skip the work of the stages they do not have. A block whose
 *     groups all idle returns at once (a block-wide decision, so no thread misses a barrier).
 *
 * The kernels' bodies are stage functions, called by each thread between barriers on the device and, on the
 * host (decode_host), for every thread of a block in turn, phase after phase: no thread reads in a phase what
 * another writes in it, so that order is a valid schedule of the device's. The header defines non-template
 * kernels (start, et_update): include it in one .cu of a program. */
#ifndef FECFORGE_GPU_TURBO_THESIS_CUH
#define FECFORGE_GPU_TURBO_THESIS_CUH

#include "fecforge/rsc.h"
#include "fecforge/turbo.h"

#include "turbo_gpu_et.cuh"
#include "turbo_gpu_kernels.cuh"

#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace tgt {

struct params {
    int K, P, L;           /* sub-block length; n_sub = ceil(K/L) sub-blocks, none empty */
    int H, nii, alg;       /* half-iterations; NII on/off; fg_turbo_alg */
    float ext_scale;
    int et_kind;           /* fg_turbo_et_kind */
    double et_threshold;
    int qpp, f1, f2;       /* qpp: LTE, pi by eq. 4.19 on the fly; else tables.pi */
    int want_app;          /* write app */
};
struct tables {
    const uint16_t *pi;  /* K: c'[k] = c[pi[k]] (unused with qpp) */
    const uint32_t *crc; /* K: CRC-24 remainder of a one at natural position j, or NULL */
};
struct buffers {
    const float *llr;      /* count x N (N = 3K + 12), fecforge/turbo.h natural layout, already clipped */
    float *ext;            /* count x 2K: [0, K) SISO 1's a-priori, [K, 2K) SISO 2's, both in natural order
                            * (see "Extrinsic exchange" above) */
    float *alpha;          /* count x P x L x 8: the alpha spill */
    float *stakes;         /* count x 64 P: [buffer 2][SISO 2][alpha/beta 2][state 8][sub-block P] */
    tg::et_slot *et;       /* count; unused (may be NULL) when et_kind is FG_TURBO_ET_NONE */
    int32_t *half;         /* count */
    uint8_t *bits;         /* count x K */
    float *app;            /* count x K (want_app) */
};

/* Per codeword: the alpha spill, and the stakes. */
__host__ __device__ inline size_t alpha_len(const params &p) { return (size_t)p.P * p.L * 8; }
__host__ __device__ inline size_t stake_len(const params &p) { return 64 * (size_t)p.P; }

enum { GROUPS = 16, THREADS = 8 * GROUPS, BATCH = 8 /* stages of Lambda kept before their LLRs */ };

namespace detail {

#define TGT_HD __host__ __device__ __forceinline__
/* The trellis loops unroll completely on the device (constant state indices); the host's optimiser chooses. */
#ifdef __CUDA_ARCH__
#define TGT_UNROLL _Pragma("unroll")
#else
#define TGT_UNROLL
#endif
/* turbo_dec.c's NEG_BIG: an impossible state, finite so that differences stay defined */
#define TGT_NEG_BIG (-1.0e30f)

template <int ALG> TGT_HD float mstar(float a, float b) { return tg::max_star<ALG>(a, b); }

/* gamma(s, u) = (1-2u) A + (1-2z) B: the values +-A +-B of turbo_dec.c, bit for bit (negation is exact). */
TGT_HD float gamma(int u, int z, float A, float B) { return (u ? -A : A) + (z ? -B : B); }

/* The two branches into state t and out of state s, from rsc.h, each pair in increasing order of the other
 * state (turbo_dec.c's operand order, which matters only for the sign of a zero). */
struct branches {
    int st[2], u[2], z[2]; /* the other state (previous or next), input, parity of the branch */
};
TGT_HD branches into(int t)
{
    branches b;
    TGT_UNROLL
    for (int i = 0; i < 2; i++) {
        tg::pred(t, i, b.st[i], b.u[i]);
        b.z[i] = fg_rsc_parity(b.st[i], b.u[i]);
    }
    return b;
}
TGT_HD branches out_of(int s)
{
    const int lo = fg_rsc_next(s, 0) < fg_rsc_next(s, 1) ? 0 : 1;
    branches b;
    TGT_UNROLL
    for (int i = 0; i < 2; i++) {
        const int u = i ? 1 - lo : lo;
        b.st[i] = fg_rsc_next(s, u);
        b.u[i] = u;
        b.z[i] = fg_rsc_parity(s, u);
    }
    return b;
}

/* alpha_{k+1}(t) before normalisation, from alpha_k (8 values). */
template <int ALG> TGT_HD float alpha_raw(const branches &in, const float *a, float A, float B)
{
    return mstar<ALG>(a[in.st[0]] + gamma(in.u[0], in.z[0], A, B), a[in.st[1]] + gamma(in.u[1], in.z[1], A, B));
}
/* beta_k(s) before normalisation, from beta_{k+1}. */
template <int ALG> TGT_HD float beta_raw(const branches &out, const float *b, float A, float B)
{
    return mstar<ALG>(b[out.st[0]] + gamma(out.u[0], out.z[0], A, B), b[out.st[1]] + gamma(out.u[1], out.z[1], A, B));
}

/* beta at K of state s from the three termination steps (a-priori 0) ending in state 0: turbo_dec.c's
 * tail_beta(), the same operations (so the same rounding). */
template <int ALG> TGT_HD float tail_beta(const float *tail_6, int s)
{
    float b[8];
    TGT_UNROLL
    for (int q = 0; q < 8; q++)
        b[q] = q ? TGT_NEG_BIG : 0.0f;
    TGT_UNROLL
    for (int t = FG_RSC_MEMORY - 1; t >= 0; t--) {
        const float A = 0.5f * tail_6[2 * t], B = 0.5f * tail_6[2 * t + 1];
        float o[8];
        TGT_UNROLL
        for (int q = 0; q < 8; q++)
            o[q] = beta_raw<ALG>(out_of(q), b, A, B);
        TGT_UNROLL
        for (int q = 0; q < 8; q++)
            b[q] = o[q] - o[0];
    }
    float r = 0.0f;
    TGT_UNROLL
    for (int q = 0; q < 8; q++) /* a select, not an indexed load: the array stays in registers */
        r = q == s ? b[q] : r;
    return r;
}

/* A group's shared memory. 152 floats: the groups of a warp start 0, 24, 16 and 8 banks apart (mod 32), so
 * that the permuted Lambda reads of Algorithm 10 hit 32 different banks across the warp (thread i of the group
 * starting c chunks of 8 banks in reads bank 8 ((c + i) mod 4) + (i ^ j): over the warp each chunk is read by
 * one i of each residue mod 4 and its i + 4, so by all 8 values of i ^ j). */
struct group_smem {
    float m[2][8];           /* alpha (forward) or beta (backward) of a stage: [stage parity][state] */
    float lam[2][BATCH][8];  /* Lambda[u][stage mod 8][state] */
    float pad[8];
};
struct block_smem {
    group_smem g[GROUPS];
};

/* What a thread keeps between the phases of a launch (registers on the device). */
struct thread_state {
    int g, s, sb, si;     /* group in the block, state, sub-block, SISO */
    int b0, n;            /* first position and positions of the sub-block; n = 0: idle this launch */
    int out;              /* write the decisions (and early-termination keys) in this run */
    size_t cw;
    branches in, out_b;   /* the branches into and out of state s */
    float m;              /* the thread's own metric: alpha_{k+1}(s) after forward stage k, beta_k(s) after
                           * backward stage k */
    const float *llr;
    float *ext, *spill;
    int mn;               /* early-termination keys of the thread's LLRs (turbo_gpu_et.cuh) */
    unsigned long long sum;
    unsigned crc;
};

TGT_HD size_t frame_len(const params &p) { return 3 * (size_t)p.K + FG_TURBO_TAIL; }

/* pi(k): eq. 4.19 (no intermediate beyond 2K^2 < 2^32), or the table. */
TGT_HD int interleave(const params &p, const tables &t, int k)
{
    if (p.qpp) {
        const unsigned K = (unsigned)p.K, x = (unsigned)k;
        return (int)((((unsigned)p.f1 + (unsigned)p.f2 * x % K) * x) % K);
    }
    return t.pi[k];
}

/* The inputs of a SISO's position k: natural position j (the address of every read and write but the parity's),
 * sys and apr (for the extrinsic), and A = (sys + apr) / 2, B = par / 2 as in turbo_dec.c. */
struct input {
    int j;
    float sys, la, A, B;
};
TGT_HD input load_input(const params &p, const tables &t, const thread_state &ts, int k)
{
    input in;
    in.j = ts.si ? interleave(p, t, k) : k;
    in.sys = ts.llr[in.j];
    in.la = ts.ext[(ts.si ? p.K : 0) + in.j];
    in.A = 0.5f * (in.sys + in.la);
    in.B = 0.5f * ts.llr[(ts.si ? 2 : 1) * p.K + k];
    return in;
}

/* stakes[buffer][SISO][alpha 0 / beta 1][state][sub-block] of codeword cw */
TGT_HD float &stake(const params &p, const buffers &b, size_t cw, int buf, int si, int ab, int s, int sb)
{
    return b.stakes[cw * stake_len(p) + ((((size_t)buf * 2 + si) * 2 + ab) * 8 + s) * p.P + sb];
}

/* Phase 0: the thread's sub-block, whether its codeword runs, and alpha at the sub-block's start. */
TGT_HD void begin(const params &p, const buffers &b, int count, int h, int block, int tid, thread_state &ts,
                  block_smem &sm)
{
    ts.g = tid >> 3;
    ts.s = tid & 7;
    const size_t gs = (size_t)block * GROUPS + ts.g;
    ts.cw = gs / p.P;
    ts.sb = (int)(gs % p.P);
    ts.si = h & 1;
    ts.b0 = ts.sb * p.L;
    ts.n = 0;
    if (ts.cw >= (size_t)count || ts.b0 >= p.K || (p.et_kind != FG_TURBO_ET_NONE && b.et[ts.cw].stop))
        return;
    ts.n = p.K - ts.b0 < p.L ? p.K - ts.b0 : p.L;
    ts.out = p.et_kind != FG_TURBO_ET_NONE || h == p.H - 1;
    ts.in = into(ts.s);
    ts.out_b = out_of(ts.s);
    ts.llr = b.llr + ts.cw * frame_len(p);
    ts.ext = b.ext + ts.cw * 2 * (size_t)p.K;
    ts.spill = b.alpha + ts.cw * alpha_len(p) + (size_t)ts.sb * p.L * 8;
    ts.mn = INT_MAX;
    ts.sum = 0;
    ts.crc = 0;
    if (ts.sb == 0 && ts.s == 0)
        b.half[ts.cw] = h + 1;
    /* the stakes of this SISO's previous run: buffer (run + 1) & 1, run = h >> 1 (the first run reads
     * start()'s zeros, turbo_dec.c's uniform start) */
    const int rb = ((h >> 1) + 1) & 1;
    float a;
    if (ts.sb == 0)
        a = ts.s ? TGT_NEG_BIG : 0.0f; /* both encoders start in state 0 */
    else
        a = p.nii ? stake(p, b, ts.cw, rb, ts.si, 0, ts.s, ts.sb - 1) : 0.0f;
    ts.m = a;
    sm.g[ts.g].m[0][ts.s] = a;
    ts.spill[ts.s] = a;
}

/* Forward stage k (Algorithm 8): alpha_{k+1}(s), normalised, into shared memory and (but the last, which only
 * the stake needs) the spill. Reads the stage buffer k & 1, writes the other. */
template <int ALG> TGT_HD void forward(const params &p, const tables &t, thread_state &ts, block_smem &sm, int k)
{
    if (k >= ts.n)
        return;
    group_smem &gm = sm.g[ts.g];
    const input in = load_input(p, t, ts, ts.b0 + k);
    const float *a = gm.m[k & 1];
    const float v = alpha_raw<ALG>(ts.in, a, in.A, in.B) - alpha_raw<ALG>(into(0), a, in.A, in.B);
    ts.m = v;
    gm.m[(k + 1) & 1][ts.s] = v;
    if (k + 1 < ts.n)
        ts.spill[(size_t)(k + 1) * 8 + ts.s] = v;
}

/* Between the traversals: alpha at the sub-block's end into the stakes, and beta at its end (the tail's after
 * the last sub-block, else the neighbour's stake) into the stage buffer n & 1. */
template <int ALG> TGT_HD void backward_begin(const params &p, const buffers &b, int h, thread_state &ts, block_smem &sm)
{
    if (!ts.n)
        return;
    const int wb = (h >> 1) & 1, rb = 1 - wb;
    if (p.nii)
        stake(p, b, ts.cw, wb, ts.si, 0, ts.s, ts.sb) = ts.m;
    float v;
    if (ts.b0 + ts.n == p.K)
        v = tail_beta<ALG>(ts.llr + 3 * (size_t)p.K + 6 * ts.si, ts.s);
    else
        v = p.nii ? stake(p, b, ts.cw, rb, ts.si, 1, ts.s, ts.sb + 1) : 0.0f;
    ts.m = v;
    sm.g[ts.g].m[ts.n & 1][ts.s] = v;
}

/* Backward stage k (Algorithm 9): Lambda0(s) and Lambda1(s) of stage k into slot k & 7, and beta_k(s),
 * normalised, into the stage buffer k & 1 (beta_{k+1} is in the other). */
template <int ALG> TGT_HD void backward(const params &p, const tables &t, thread_state &ts, block_smem &sm, int k)
{
    if (k >= ts.n)
        return;
    group_smem &gm = sm.g[ts.g];
    const input in = load_input(p, t, ts, ts.b0 + k);
    const float *bn = gm.m[(k + 1) & 1];
    const float al = ts.spill[(size_t)k * 8 + ts.s];
    const branches &o = ts.out_b;
    TGT_UNROLL
    for (int i = 0; i < 2; i++)
        gm.lam[o.u[i]][k & (BATCH - 1)][ts.s] = (al + gamma(o.u[i], o.z[i], in.A, in.B)) + bn[o.st[i]];
    const float v = beta_raw<ALG>(o, bn, in.A, in.B) - beta_raw<ALG>(out_of(0), bn, in.A, in.B);
    ts.m = v;
    gm.m[k & 1][ts.s] = v;
}

/* After backward stage k = 0 mod 8 (Algorithm 10): thread i's LLR of stage k + i, its extrinsic into the other
 * SISO's a-priori and, in an output run, the decision, the APP and the early-termination keys. */
template <int ALG>
TGT_HD void llrs(const params &p, const tables &t, const buffers &b, thread_state &ts, const block_smem &sm, int k)
{
    const int i = ts.s;
    if (k + i >= ts.n)
        return;
    const group_smem &gm = sm.g[ts.g];
    float l[2][8]; /* l[u][j]: Lambda_u of state i ^ j */
    TGT_UNROLL
    for (int j = 0; j < 8; j++) {
        l[0][j] = gm.lam[0][i][i ^ j];
        l[1][j] = gm.lam[1][i][i ^ j];
    }
    /* j and j ^ 1, j ^ 2, j ^ 4 are states x and x ^ 1, x ^ 2, x ^ 4: the C model's tree */
    float v[2];
    TGT_UNROLL
    for (int u = 0; u < 2; u++)
        v[u] = mstar<ALG>(mstar<ALG>(mstar<ALG>(l[u][0], l[u][1]), mstar<ALG>(l[u][2], l[u][3])),
                          mstar<ALG>(mstar<ALG>(l[u][4], l[u][5]), mstar<ALG>(l[u][6], l[u][7])));
    const float app = v[0] - v[1];
    const input in = load_input(p, t, ts, ts.b0 + k + i);
    ts.ext[(ts.si ? 0 : p.K) + in.j] = p.ext_scale * (app - in.sys - in.la);
    if (!ts.out)
        return;
    const size_t at = ts.cw * p.K + in.j;
    const int hard = app < 0.0f;
    b.bits[at] = (uint8_t)hard;
    if (p.want_app)
        b.app[at] = app;
    if (p.et_kind != FG_TURBO_ET_NONE) {
        const float mag = fabsf(app);
        const int key = tg::et_min_key(mag);
        ts.mn = key < ts.mn ? key : ts.mn;
        ts.sum += tg::et_sum_key(mag);
        if (hard && t.crc)
            ts.crc ^= t.crc[in.j];
    }
}

/* The end of a run: beta at the sub-block's start into the stakes, and the thread's early-termination keys
 * into its codeword's slot. */
TGT_HD void end(const params &p, const buffers &b, int h, const thread_state &ts)
{
    if (!ts.n)
        return;
    if (p.nii)
        stake(p, b, ts.cw, (h >> 1) & 1, ts.si, 1, ts.s, ts.sb) = ts.m;
    if (!ts.out || p.et_kind == FG_TURBO_ET_NONE)
        return;
    tg::et_slot *e = &b.et[ts.cw];
#ifdef __CUDA_ARCH__
    atomicMin(&e->mn, ts.mn);
    atomicAdd(&e->sum, ts.sum);
    atomicXor(&e->crc, ts.crc);
#else
    e->mn = ts.mn < e->mn ? ts.mn : e->mn;
    e->sum += ts.sum;
    e->crc ^= ts.crc;
#endif
}

/* Element x of start(): per codeword 2K extrinsics, 64 P stakes, then its counter and early-termination slot. */
TGT_HD size_t start_len(const params &p) { return 2 * (size_t)p.K + stake_len(p) + 1; }
TGT_HD void start1(const params &p, const buffers &b, size_t x)
{
    const size_t per = start_len(p), cw = x / per, e = x - cw * per;
    if (e < 2 * (size_t)p.K)
        b.ext[cw * 2 * p.K + e] = 0.0f;
    else if (e < 2 * (size_t)p.K + stake_len(p))
        b.stakes[cw * stake_len(p) + (e - 2 * (size_t)p.K)] = 0.0f;
    else {
        b.half[cw] = 0;
        if (b.et) {
            tg::et_clear(b.et[cw]);
            b.et[cw].stop = 0;
        }
    }
}

/* Codeword cw after a half-iteration with early termination: the rule on the slot of a codeword that ran, then
 * the slot cleared for the next half-iteration. */
TGT_HD void et_update1(const params &p, const buffers &b, int cw)
{
    tg::et_slot &e = b.et[cw];
    if (!e.stop)
        e.stop = tg::et_stops<true>(p.et_kind, p.et_threshold, p.K, e);
    tg::et_clear(e);
}

/* map_half on the host: every block, each phase for all its threads in turn. */
template <int ALG> void map_half_host(const params &p, const tables &t, const buffers &b, int count, int h)
{
    thread_state ts[THREADS];
    block_smem sm;
    const int blocks = (int)(((size_t)count * p.P + GROUPS - 1) / GROUPS);
    for (int blk = 0; blk < blocks; blk++) {
        int any = 0;
        for (int x = 0; x < THREADS; x++) {
            begin(p, b, count, h, blk, x, ts[x], sm);
            any |= ts[x].n > 0;
        }
        if (!any)
            continue;
        for (int k = 0; k < p.L; k++)
            for (int x = 0; x < THREADS; x++)
                forward<ALG>(p, t, ts[x], sm, k);
        for (int x = 0; x < THREADS; x++)
            backward_begin<ALG>(p, b, h, ts[x], sm);
        for (int k = p.L - 1; k >= 0; k--) {
            for (int x = 0; x < THREADS; x++)
                backward<ALG>(p, t, ts[x], sm, k);
            if (k % BATCH == 0)
                for (int x = 0; x < THREADS; x++)
                    llrs<ALG>(p, t, b, ts[x], sm, k);
        }
        for (int x = 0; x < THREADS; x++)
            end(p, b, h, ts[x]);
    }
}

#undef TGT_HD
#undef TGT_UNROLL
#undef TGT_NEG_BIG
} // namespace detail

/* Zero the extrinsics, stakes, counters and early-termination slots of count codewords; any launch shape (a
 * grid-stride loop). */
__global__ void start(params p, buffers b, int count)
{
    const size_t total = (size_t)count * detail::start_len(p);
    for (size_t x = (size_t)blockIdx.x * blockDim.x + threadIdx.x; x < total; x += (size_t)gridDim.x * blockDim.x)
        detail::start1(p, b, x);
}

/* Half-iteration h of count codewords: ceil(count P / 16) blocks of 128 threads. */
template <int ALG> __global__ void __launch_bounds__(128) map_half(params p, tables t, buffers b, int count, int h)
{
    __shared__ detail::block_smem sm;
    detail::thread_state ts;
    detail::begin(p, b, count, h, blockIdx.x, threadIdx.x, ts, sm);
    if (!__syncthreads_or(ts.n > 0)) /* every group idle: the whole block leaves */
        return;
    for (int k = 0; k < p.L; k++) {
        detail::forward<ALG>(p, t, ts, sm, k);
        __syncthreads();
    }
    detail::backward_begin<ALG>(p, b, h, ts, sm);
    __syncthreads();
    for (int k = p.L - 1; k >= 0; k--) {
        detail::backward<ALG>(p, t, ts, sm, k);
        __syncthreads();
        if (k % BATCH == 0) {
            detail::llrs<ALG>(p, t, b, ts, sm, k);
            __syncthreads(); /* before the next stage overwrites the Lambda slots */
        }
    }
    detail::end(p, b, h, ts);
}

/* After a half-iteration with early termination on: one thread per codeword, any launch shape. */
__global__ void et_update(params p, buffers b, int count)
{
    for (int cw = blockIdx.x * blockDim.x + threadIdx.x; cw < count; cw += gridDim.x * blockDim.x)
        detail::et_update1(p, b, cw);
}

/* The decode of count codewords on the host: start, every half-iteration, et_update (as a device caller would
 * launch them). */
inline void decode_host(const params &p, const tables &t, const buffers &b, int count)
{
    const size_t total = (size_t)count * detail::start_len(p);
    for (size_t x = 0; x < total; x++)
        detail::start1(p, b, x);
    for (int h = 0; h < p.H; h++) {
        switch (p.alg) {
        case FG_TURBO_ALG_LOG: detail::map_half_host<FG_TURBO_ALG_LOG>(p, t, b, count, h); break;
        case FG_TURBO_ALG_LINLOG: detail::map_half_host<FG_TURBO_ALG_LINLOG>(p, t, b, count, h); break;
        default: detail::map_half_host<FG_TURBO_ALG_MAXLOG>(p, t, b, count, h); break;
        }
        if (p.et_kind != FG_TURBO_ET_NONE)
            for (int cw = 0; cw < count; cw++)
                detail::et_update1(p, b, cw);
    }
}

} // namespace tgt

#endif
