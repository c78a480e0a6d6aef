/* Kernels of the GPU Viterbi decoder (fecforge_gpu/viterbi_gpu.h, docs/viterbi.md "GPU decoder"): the paper's
 * unified kernel (Mohammadidoost and Hashemi, Algorithm 3): a thread block decodes one tile, one thread per
 * trellis state, the path metrics of a stage in shared memory, the survivors (one decision bit per state and
 * stage, a warp's 32 states in one word by __ballot_sync) in shared memory, the forward pass and the tracebacks
 * (one thread per subframe: the parallel traceback) in the same launch.
 *
 * Exactness. The C fixed decoder (fg_vit_fixed_run) compares w_pm-bit metrics modulo 2^w_pm (or after
 * subtracting a stage's best, saturating); fg_vit_pm_min_width makes every compared difference lie inside the
 * half range and no saturation fire, so both compare as exact integers do. The kernel keeps exact int32 metrics
 * and subtracts the previous stage's metric of state 0 every stage (a common shift: no comparison changes), so
 * they stay within the spread; with the C decoder's tie rule (x = 1 only when c1 > c0), its forced start (the
 * first K-1 stages of a tile that starts the stream take x = 0, every metric starting at 0), its best state
 * (the lowest-numbered maximum, after a forced start among the reachable states only) and its traceback rules,
 * it decides every bit as the C decoder does. The same code runs on the host (decode_host), thread after thread
 * between the barriers, for the checks of machines without a device. */
#ifndef FECFORGE_GPU_VITERBI_KERNELS_CUH
#define FECFORGE_GPU_VITERBI_KERNELS_CUH

#include "fecforge/viterbi.h"

#include <cstddef>
#include <cstdint>

namespace vg {

enum { K_MAX = 11, STATES_MAX = 1 << (K_MAX - 1) };

struct params {
    int K, n, M;            /* constraint length, outputs, states 2^(K-1) */
    uint32_t gen[FG_VIT_N_MAX];
    int k, stages, term;    /* information bits, trellis stages, terminated stream */
    int F, V1, V2, F0;      /* the tiling as run (no tiling: F = F0 = stages, V = 0) */
    int tiles, words;       /* tiles per frame (those that start below k); decision words per stage */
    int marks, span;        /* trace boundaries (subframes) and run stages of a tile, at most */
};

/* The stage-major LLRs of frame f: stages x n int16 (depunctured: 0 where nothing was sent). */
struct buffers {
    const int16_t *q;
    uint8_t *bits; /* count x k */
};

__host__ __device__ inline int vit_out(const params &p, int s, int u)
{
    const uint32_t r = ((uint32_t)u << (p.K - 1)) | (uint32_t)s;
    int o = 0;
    for (int b = 0; b < p.n; b++) {
#ifdef __CUDA_ARCH__
        o |= (__popc(r & p.gen[b]) & 1) << b;
#else
        o |= (__builtin_popcount(r & p.gen[b]) & 1) << b;
#endif
    }
    return o;
}

/* The tile's ranges: decoded stages [lo, hi), run stages [a, b), subframes and their trace boundaries. */
struct tile {
    int lo, hi, a, b, ns;
};
__host__ __device__ inline tile tile_of(const params &p, int i)
{
    tile t;
    t.lo = i * p.F;
    t.hi = t.lo + p.F < p.stages ? t.lo + p.F : p.stages;
    t.a = t.lo - p.V1 > 0 ? t.lo - p.V1 : 0;
    t.b = (long long)t.lo + p.F + p.V2 < p.stages ? t.lo + p.F + p.V2 : p.stages;
    t.ns = (t.hi - t.lo + p.F0 - 1) / p.F0;
    return t;
}
/* Trace boundary of subframe j (a stage count): F0 + V2 after its start, within the run. */
__host__ __device__ inline int mark_of(const params &p, const tile &t, int j)
{
    const long long e = (long long)t.lo + (long long)j * p.F0 + p.F0 + p.V2;
    return e < t.b ? (int)e : t.b;
}

/* The outputs of the two branches into state j (from the predecessors x = 0 and 1): constant for a thread. */
__host__ __device__ inline void branch_outputs(const params &p, int j, int o[2])
{
    const int u = j >> (p.K - 2), s0 = (j << 1) & (p.M - 1);
    o[0] = vit_out(p, s0, u);
    o[1] = vit_out(p, s0 | 1, u);
}

/* Thread j's compare-select at stage t (metrics P of the previous boundary, with state 0's subtracted; o its
 * branches' outputs): its new metric and decision. forced: the first K-1 stages after the stream's known start
 * (x = 0). */
__host__ __device__ inline void acs(const params &p, const int16_t *q, const int32_t *P, int j, const int o_x[2],
                                    int forced, int32_t *m_out, int *x_out)
{
    const int s0 = (j << 1) & (p.M - 1), s1 = s0 | 1;
    int32_t c[2];
    for (int x = 0; x < 2; x++) {
        const int o = o_x[x];
        int32_t bm = 0;
        for (int b = 0; b < p.n; b++)
            bm += (o >> b & 1) ? -q[b] : q[b];
        c[x] = P[x ? s1 : s0] - P[0] + bm;
    }
    const int x = forced ? 0 : c[1] > c[0];
    *m_out = c[x];
    *x_out = x;
}

/* Whether state j may be the best after `depth` stages of a run from the known start 0: after fewer than K-1
 * stages only the states reachable from it (the low K-1-depth bits zero). */
__host__ __device__ inline int eligible(const params &p, int j, int known_start, int depth)
{
    return !known_start || depth >= p.K - 1 || (j & ((1 << (p.K - 1 - depth)) - 1)) == 0;
}

/* The traceback of subframe j of tile t from boundary e's state s: stages [sl, sh) below k into bits. dec:
 * decisions of stages a .. b-1, `words` per stage. */
__host__ __device__ inline void trace(const params &p, const tile &t, const uint32_t *dec, int j, int s, uint8_t *bits)
{
    const int sl = t.lo + j * p.F0, sh = sl + p.F0 < t.hi ? sl + p.F0 : t.hi, e = mark_of(p, t, j);
    for (int st = e - 1; st >= sl; st--) {
        if (st < sh && st < p.k)
            bits[st] = (uint8_t)(s >> (p.K - 2));
        const int x = dec[(st - t.a) * p.words + (s >> 5)] >> (s & 31) & 1;
        s = ((s << 1) | x) & (p.M - 1);
    }
}

#ifdef __CUDACC__
/* The best state among the eligible ones (the lowest-numbered maximum) of the block, into *best (shared). */
__device__ inline void block_best(const params &p, int32_t m, int ok, int *best, int64_t *red)
{
    const int j = threadIdx.x, lane = j & 31, warp = j >> 5;
    /* key: the metric, then the lower state: m 2^32 + (M - 1 - j) */
    int64_t key = ok && j < p.M ? (int64_t)m * 4294967296LL + (int64_t)(p.M - 1 - j) : INT64_MIN;
    for (int o = 16; o > 0; o >>= 1) {
        const int64_t v = __shfl_down_sync(0xffffffffu, key, o);
        key = v > key ? v : key;
    }
    if (lane == 0)
        red[warp] = key;
    __syncthreads();
    if (j == 0) {
        int64_t b = red[0];
        for (int w = 1; w < (int)(blockDim.x >> 5); w++)
            b = red[w] > b ? red[w] : b;
        *best = p.M - 1 - (int)(b & 0xffffffffLL);
    }
    __syncthreads();
}

/* Shared memory of a block: two metric rows, the reduction slots, the best states of the trace boundaries, the
 * decisions of the run. */
__host__ __device__ inline size_t smem_bytes(const params &p)
{
    return (2 * (size_t)p.M + 2) * 4 + 32 * 8 + ((size_t)p.marks + 1) / 2 * 8 + (size_t)p.span * p.words * 4;
}

/* One tile per block: blockIdx.x = frame x tiles + tile. blockDim = max(M, 32). */
__global__ void decode_tiles(params p, buffers bf)
{
    extern __shared__ __align__(16) unsigned char smem[];
    int32_t *pm = reinterpret_cast<int32_t *>(smem);                       /* 2 x M */
    int64_t *red = reinterpret_cast<int64_t *>(smem + (2 * (size_t)p.M + 2) * 4); /* 32 (8-aligned: M >= 2) */
    int *best = reinterpret_cast<int *>(red + 32);                         /* marks */
    uint32_t *dec = reinterpret_cast<uint32_t *>(best + ((p.marks + 1) / 2) * 2); /* span x words */
    const int frame = blockIdx.x / p.tiles, ti = blockIdx.x % p.tiles, j = threadIdx.x;
    const tile t = tile_of(p, ti);
    const int16_t *q = bf.q + (size_t)frame * p.stages * p.n;
    const int known = t.a == 0;
    int o[2] = {0, 0};
    if (j < p.M) {
        pm[j] = 0;
        branch_outputs(p, j, o);
    }
    __syncthreads();
    int cur = 0, mi = 0;
    for (int st = t.a; st < t.b; st++) {
        int32_t m = 0;
        int x = 0;
        if (j < p.M)
            acs(p, q + (size_t)st * p.n, pm + cur * p.M, j, o, known && st - t.a < p.K - 1, &m, &x);
        const unsigned word = __ballot_sync(0xffffffffu, x && j < p.M);
        if ((j & 31) == 0 && (j >> 5) < p.words)
            dec[(st - t.a) * p.words + (j >> 5)] = p.M < 32 ? word & ((1u << p.M) - 1u) : word;
        __syncthreads(); /* every thread has read row cur */
        if (j < p.M)
            pm[(cur ^ 1) * p.M + j] = m;
        cur ^= 1;
        while (mi < t.ns && mark_of(p, t, mi) == st + 1) {
            block_best(p, m, eligible(p, j, known, st + 1 - t.a), &best[mi], red);
            mi++;
        }
        __syncthreads();
    }
    for (int s = j; s < t.ns; s += blockDim.x) {
        const int e = mark_of(p, t, s);
        trace(p, t, dec, s, p.term && e == p.stages ? 0 : best[s], bf.bits + (size_t)frame * p.k);
    }
}
#endif

/* The kernel on the host: every tile of count frames, the threads of a stage in turn (each reads the row of the
 * previous boundary, then all write the next). */
inline void decode_host(const params &p, const buffers &bf, int count, int32_t *pm2, uint32_t *dec, int *best)
{
    for (int frame = 0; frame < count; frame++)
        for (int ti = 0; ti < p.tiles; ti++) {
            const tile t = tile_of(p, ti);
            const int16_t *q = bf.q + (size_t)frame * p.stages * p.n;
            const int known = t.a == 0;
            for (int j = 0; j < p.M; j++)
                pm2[j] = 0;
            int cur = 0, mi = 0;
            for (int st = t.a; st < t.b; st++) {
                uint32_t *row = dec + (size_t)(st - t.a) * p.words;
                for (int w = 0; w < p.words; w++)
                    row[w] = 0;
                for (int j = 0; j < p.M; j++) {
                    int32_t m;
                    int x, o[2];
                    branch_outputs(p, j, o);
                    acs(p, q + (size_t)st * p.n, pm2 + cur * p.M, j, o, known && st - t.a < p.K - 1, &m, &x);
                    pm2[(cur ^ 1) * p.M + j] = m;
                    row[j >> 5] |= (uint32_t)x << (j & 31);
                }
                cur ^= 1;
                while (mi < t.ns && mark_of(p, t, mi) == st + 1) {
                    int b = -1;
                    for (int j = 0; j < p.M; j++)
                        if (eligible(p, j, known, st + 1 - t.a) && (b < 0 || pm2[cur * p.M + j] > pm2[cur * p.M + b]))
                            b = j;
                    best[mi++] = b;
                }
            }
            for (int s = 0; s < t.ns; s++) {
                const int e = mark_of(p, t, s);
                trace(p, t, dec, s, p.term && e == p.stages ? 0 : best[s], bf.bits + (size_t)frame * p.k);
            }
        }
}

} // namespace vg

#endif
