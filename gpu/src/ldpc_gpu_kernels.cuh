/* Device code of the GPU LDPC decoders (fecforge_gpu/ldpc_gpu.h, docs/gpu-ldpc.md): the arithmetic
 * of one check row in both modes, the fused decoder, the thesis's CNP / VNP / ET kernels, and the
 * frame generator and error counter. Included once, by ldpc_gpu.cu. */
#include "fecforge/fixed.h"
#include "fecforge/rng.h"

#include <cuda_fp16.h>

#include <cfloat>
#include <cstdint>

#define FG_LDPC_GPU_RMAX 1e30f /* cap of |R'| and of the channel LLRs (as the CPU float decoder) */

/* The code as the kernels see it (device pointers). blk[b] packs block b of the row lists (layers in
 * order, ascending column within a layer): first bit of its block column (col * z) << 10 | shift. */
struct gcode {
    int n, k, z, mb, nb, nblk;
    const int *row_start; /* mb + 1 */
    const uint32_t *blk;  /* nblk */
    const uint32_t *gen;  /* parity generator: k rows of gw words, parity bit j of row i at bit j % 32
                             of word j / 32 */
    int gw;
};

/* The decoder's arithmetic (fecforge/ldpc_decoder.h). */
struct dparams {
    int K, max_iter, et;
    /* fixed */
    int A, llr_w, in_shift, snum, sshift, srnd, rlate, keep, mcap;
    /* float */
    int alg; /* FG_LDPC_ALG_* (MS, NMS, OMS) */
    float factor, offset;
};

__device__ __forceinline__ int blk_base(uint32_t e) { return (int)(e >> 10); }
__device__ __forceinline__ int blk_shift(uint32_t e) { return (int)(e & 0x3ffu); }

/* Bit of block entry e for row i of its layer. */
__device__ __forceinline__ int blk_bit(uint32_t e, int i, int z)
{
    int k = i + blk_shift(e);
    if (k >= z)
        k -= z;
    return blk_base(e) + k;
}

/* ---------------- fixed-point mode: the C model's arithmetic (ldpc_dec_fixed.c) ---------------- */

/* mag(x) of the C model: scale (floor or nearest), saturated to r_width when r_sat_late. */
__device__ __forceinline__ int32_t fx_mag(const dparams &p, int32_t x, int R)
{
    const int32_t s = p.srnd ? fg_fx_scale_rnd(x, p.snum, p.sshift) : fg_fx_scale(x, p.snum, p.sshift);
    return p.rlate ? fg_fx_sat(s, R) : s;
}

/* The compressed R word of a fixed-mode row: x = scaled min0 | scaled min1 << 10 | pos << 20,
 * y = one sign bit per block. The zero word regenerates R = 0 (the state after load). */
struct fx_word {
    uint32_t meta, signs;
};

__device__ __forceinline__ int32_t fx_regen(uint32_t meta, uint32_t signs, int par, int j)
{
    const int pos = (int)((meta >> 20) & 63u);
    const int32_t m = (int32_t)(j == pos ? (meta >> 10) & 1023u : meta & 1023u);
    return fg_fx_from_sm((int)(((signs >> j) ^ (uint32_t)par) & 1u), m);
}

/* One edge of the C model's sequential min finder (ldpc_dec_fixed.c, row()): R_old through the keep
 * rule, Q = fg_fx_sub(L, R_old) (as fg_fx_sat32 of the exact difference), |Q| capped, min0 / min1 /
 * pos (ties keep the lower index) and the sign bit j. Returns R_old. */
__device__ __forceinline__ int32_t fx_edge_q(const dparams &p, int32_t lv, int32_t r, int j, int32_t &mn0,
                                             int32_t &mn1, int &npos, uint32_t &nsg)
{
    if (p.keep)
        r = fg_fx_rold_keep(lv, r, p.A);
    const int32_t q = fg_fx_sat32(lv - r, p.A);
    const int32_t m = fg_fx_min(fg_fx_abs(q), p.mcap);
    if (m < mn0) {
        mn1 = mn0;
        mn0 = m;
        npos = j;
    } else if (m < mn1) {
        mn1 = m;
    }
    nsg |= (uint32_t)fg_fx_sign(q) << j;
    return r;
}

/* One check row of CPT codewords (the same row i of the same layer; the indices are computed once),
 * fixed mode: Q, min finder, R'; per edge the new L (K == 1: written in place, no other row of the
 * layer touches these bits) or the delta into acc (K > 1: exact integer sums, order immaterial).
 * Codewords with act[u] = 0 (done, or padding) are left untouched. */
template <int DMAX, int CPT>
__device__ __forceinline__ void fx_row(const dparams &p, int R, const uint32_t *blk, int deg, int i, int z,
                                       int16_t *const *L, int32_t *const *acc, fx_word *const *wp, const bool *act)
{
    const int A = p.A;
    int v[DMAX];
#pragma unroll
    for (int j = 0; j < DMAX; j++)
        if (j < deg)
            v[j] = blk_bit(blk[j], i, z);
#pragma unroll
    for (int u = 0; u < CPT; u++) {
        if (!act[u])
            continue;
        const fx_word w = *wp[u];
        const int opar = __popc(w.signs) & 1;
        int32_t mn0 = p.mcap, mn1 = p.mcap;
        int npos = 0;
        uint32_t nsg = 0;
        int32_t lv[DMAX], rold[DMAX];
#pragma unroll
        for (int j = 0; j < DMAX; j++) {
            if (j < deg) {
                lv[j] = L[u][v[j]];
                rold[j] = fx_edge_q(p, lv[j], fx_regen(w.meta, w.signs, opar, j), j, mn0, mn1, npos, nsg);
            }
        }
        const int par = __popc(nsg) & 1;
        const int32_t s0 = fx_mag(p, mn0, R), s1 = fx_mag(p, mn1, R);
#pragma unroll
        for (int j = 0; j < DMAX; j++) {
            if (j < deg) {
                const int32_t rn = fg_fx_from_sm((int)(((nsg >> j) ^ (uint32_t)par) & 1u), j == npos ? s1 : s0);
                if (acc[u])
                    atomicAdd(&acc[u][v[j]], rn - rold[j]);
                else
                    L[u][v[j]] = (int16_t)fg_fx_sat32(lv[j] + (rn - rold[j]), A);
            }
        }
        fx_word o;
        o.meta = (uint32_t)s0 | ((uint32_t)s1 << 10) | ((uint32_t)npos << 20);
        o.signs = nsg;
        *wp[u] = o;
    }
}

/* ---------------- float mode: the CPU float decoder's min-sum rules (ldpc_dec_kernel.h) ---------------- */

struct fl_word {
    float r0, r1;
    uint32_t pospar; /* pos | parity << 8 */
    uint32_t signs;
};

__device__ __forceinline__ float fl_rule(const dparams &p, float x)
{
    if (p.alg == 2) /* FG_LDPC_ALG_NMS */
        x = x * p.factor;
    else if (p.alg == 3) { /* FG_LDPC_ALG_OMS */
        x = x - p.offset;
        x = x > 0.0f ? x : 0.0f;
    }
    return x < FG_LDPC_GPU_RMAX ? x : FG_LDPC_GPU_RMAX;
}

/* R of block j from a row word: magnitude with the sign bit or-ed in, as the CPU decoder forms it. */
__device__ __forceinline__ float fl_regen(const fl_word &w, int j)
{
    const int pos = (int)(w.pospar & 255u);
    const uint32_t sg = ((w.signs >> j) ^ (w.pospar >> 8)) & 1u;
    return __uint_as_float(__float_as_uint(j == pos ? w.r1 : w.r0) | (sg << 31));
}

template <int DMAX, int CPT>
__device__ __forceinline__ void fl_row(const dparams &p, const uint32_t *blk, int deg, int i, int z,
                                       float *const *L, float *const *acc, fl_word *const *wp, const bool *act)
{
    int v[DMAX];
#pragma unroll
    for (int j = 0; j < DMAX; j++)
        if (j < deg)
            v[j] = blk_bit(blk[j], i, z);
#pragma unroll
    for (int u = 0; u < CPT; u++) {
        if (!act[u])
            continue;
        const fl_word w = *wp[u];
        float m0 = FLT_MAX, m1 = FLT_MAX;
        int npos = 0;
        uint32_t nsg = 0;
        float lv[DMAX], rold[DMAX];
#pragma unroll
        for (int j = 0; j < DMAX; j++) {
            if (j < deg) {
                lv[j] = L[u][v[j]];
                rold[j] = fl_regen(w, j);
                const float q = __fsub_rn(lv[j], rold[j]);
                const uint32_t qs = __float_as_uint(q) >> 31;
                const float a = __uint_as_float(__float_as_uint(q) & 0x7fffffffu);
                const bool lt0 = a < m0;
                m1 = lt0 ? m0 : (a < m1 ? a : m1);
                npos = lt0 ? j : npos;
                m0 = lt0 ? a : m0;
                nsg |= qs << j;
            }
        }
        fl_word o;
        o.r0 = fl_rule(p, m0);
        o.r1 = fl_rule(p, m1);
        o.pospar = (uint32_t)npos | ((uint32_t)(__popc(nsg) & 1) << 8);
        o.signs = nsg;
#pragma unroll
        for (int j = 0; j < DMAX; j++) {
            if (j < deg) {
                const float rn = fl_regen(o, j);
                const float d = __fsub_rn(rn, rold[j]);
                if (acc[u])
                    atomicAdd(&acc[u][v[j]], d);
                else
                    L[u][v[j]] = __fadd_rn(lv[j], d);
            }
        }
        *wp[u] = o;
    }
}

/* ---------------- mode traits ---------------- */

template <bool FIXED> struct mode;
template <> struct mode<true> {
    typedef int16_t in_t;  /* channel LLR as loaded */
    typedef int16_t app_t; /* L in shared memory */
    typedef int32_t acc_t;
    typedef fx_word word_t;
    static __device__ __forceinline__ app_t load(const dparams &p, in_t x) { return (app_t)fg_fx_rshift_rnd(x, p.in_shift); }
    static __device__ __forceinline__ int hard(app_t x) { return fg_fx_hard(x); }
    static __device__ __forceinline__ app_t apply(const dparams &p, app_t l, acc_t a)
    {
        return (app_t)fg_fx_sat((int64_t)l + a, p.A);
    }
    template <int DMAX, int CPT>
    static __device__ __forceinline__ void row(const dparams &p, int R, const uint32_t *blk, int deg, int i, int z,
                                               app_t *const *L, acc_t *const *acc, word_t *const *wp, const bool *act)
    {
        fx_row<DMAX, CPT>(p, R, blk, deg, i, z, L, acc, wp, act);
    }
};
template <> struct mode<false> {
    typedef float in_t;
    typedef float app_t;
    typedef float acc_t;
    typedef fl_word word_t;
    static __device__ __forceinline__ app_t load(const dparams &, in_t x) { return x; }
    static __device__ __forceinline__ int hard(app_t x) { return x < 0.0f; }
    static __device__ __forceinline__ app_t apply(const dparams &, app_t l, acc_t a) { return __fadd_rn(l, a); }
    template <int DMAX, int CPT>
    static __device__ __forceinline__ void row(const dparams &p, int, const uint32_t *blk, int deg, int i, int z,
                                               app_t *const *L, acc_t *const *acc, word_t *const *wp, const bool *act)
    {
        fl_row<DMAX, CPT>(p, blk, deg, i, z, L, acc, wp, act);
    }
};

/* ---------------- the fused decoder ----------------
 * Block = ncw codewords; thread (g, i) owns check row i of every layer of codewords g*CPT .. g*CPT +
 * CPT - 1 (CPT codewords per thread share the index arithmetic and give independent work), so a
 * block has ncw / CPT * z threads. Shared memory: the R words (ncw x mb x z), L (ncw x n), acc
 * (ncw x n, K > 1 only), the row lists, per-codeword flags. One launch runs every iteration; with
 * early termination a codeword whose hard decisions satisfy every check after an iteration is frozen
 * (its tag set), and the block stops when all its codewords are. */
template <bool FIXED, int DMAX, int CPT>
__global__ void __launch_bounds__(1024 / CPT) fused_decode(gcode c, dparams p, int R, int ncw, int count,
                                                     const typename mode<FIXED>::in_t *in,
                                                     typename mode<FIXED>::app_t *app_out, uint8_t *bits_out,
                                                     int *iters_out)
{
    typedef mode<FIXED> M;
    typedef typename M::app_t app_t;
    typedef typename M::acc_t acc_t;
    typedef typename M::word_t word_t;
    extern __shared__ __align__(16) unsigned char smem[];
    const int n = c.n, z = c.z, mb = c.mb;
    word_t *W = (word_t *)smem;                                 /* ncw * mb * z */
    app_t *Ls = (app_t *)(W + (size_t)ncw * mb * z);            /* ncw * n */
    acc_t *accs = (acc_t *)(Ls + (size_t)ncw * n + (FIXED ? (ncw * n) & 1 : 0)); /* ncw * n if K > 1 */
    uint32_t *blk = (uint32_t *)(accs + (p.K > 1 ? (size_t)ncw * n : 0));
    int *rs = (int *)(blk + c.nblk);
    int *flags = rs + mb + 1; /* ncw: syndrome bad; ncw: done */
    const int t = threadIdx.x, nt = blockDim.x;
    const int grp = t / z, i = t - grp * z;
    for (int b = t; b < c.nblk; b += nt)
        blk[b] = c.blk[b];
    for (int b = t; b <= mb; b += nt)
        rs[b] = c.row_start[b];
    for (int b = t; b < ncw; b += nt) {
        flags[b] = 0;
        flags[ncw + b] = (long long)blockIdx.x * ncw + b >= count; /* padding codewords count as done */
    }
    for (int x = t; x < ncw * n; x += nt) {
        const int cc = x / n;
        const long long g = (long long)blockIdx.x * ncw + cc;
        Ls[x] = g < count ? M::load(p, in[(size_t)g * n + (x - cc * n)]) : (app_t)0;
        if (p.K > 1)
            accs[x] = (acc_t)0;
    }
    for (int x = t; x < ncw * mb * z; x += nt)
        W[x] = word_t{};
    __syncthreads();
    app_t *L[CPT];
    acc_t *acc[CPT];
    int cw[CPT];
#pragma unroll
    for (int u = 0; u < CPT; u++) {
        cw[u] = grp * CPT + u;
        L[u] = Ls + (size_t)cw[u] * n;
        acc[u] = p.K > 1 ? accs + (size_t)cw[u] * n : nullptr;
    }
    int it = 0;
    for (; it < p.max_iter; it++) {
        bool act[CPT];
#pragma unroll
        for (int u = 0; u < CPT; u++)
            act[u] = !flags[ncw + cw[u]];
        for (int l0 = 0; l0 < mb; l0 += p.K) {
            const int l1 = l0 + p.K < mb ? l0 + p.K : mb;
            for (int l = l0; l < l1; l++) {
                const int b0 = rs[l];
                word_t *wp[CPT];
#pragma unroll
                for (int u = 0; u < CPT; u++)
                    wp[u] = W + ((size_t)cw[u] * mb + l) * z + i;
                M::template row<DMAX, CPT>(p, R, blk + b0, rs[l + 1] - b0, i, z, L, acc, wp, act);
                if (p.K == 1)
                    __syncthreads();
            }
            if (p.K > 1) {
                __syncthreads();
#pragma unroll
                for (int u = 0; u < CPT; u++)
                    if (act[u])
                        for (int v = i; v < n; v += z) {
                            L[u][v] = M::apply(p, L[u][v], acc[u][v]);
                            acc[u][v] = (acc_t)0;
                        }
                __syncthreads();
            }
        }
        if (p.et) {
#pragma unroll
            for (int u = 0; u < CPT; u++) {
                if (!act[u])
                    continue;
                int bad = 0;
                for (int l = 0; l < mb && !bad; l++) {
                    int par = 0;
                    for (int b = rs[l]; b < rs[l + 1]; b++)
                        par ^= M::hard(L[u][blk_bit(blk[b], i, z)]);
                    bad = par;
                }
                if (bad)
                    flags[cw[u]] = 1;
            }
            __syncthreads();
            bool fin[CPT]; /* done after this iteration (padding and earlier ones included) */
            int all = 1;
#pragma unroll
            for (int u = 0; u < CPT; u++) {
                fin[u] = !act[u] || !flags[cw[u]];
                all &= fin[u];
            }
            __syncthreads(); /* every thread has read the syndrome flags before they are cleared */
            if (i == 0)
#pragma unroll
                for (int u = 0; u < CPT; u++) {
                    if (act[u] && fin[u]) {
                        flags[ncw + cw[u]] = 1;
                        if (iters_out)
                            iters_out[(size_t)blockIdx.x * ncw + cw[u]] = it + 1;
                    }
                    flags[cw[u]] = 0;
                }
            if (__syncthreads_and(all))
                break;
        }
    }
#pragma unroll
    for (int u = 0; u < CPT; u++) {
        const long long g = (long long)blockIdx.x * ncw + cw[u];
        if (g >= count)
            continue;
        if (iters_out && i == 0 && !(p.et && flags[ncw + cw[u]]))
            iters_out[g] = p.max_iter;
        for (int v = i; v < n; v += z) {
            const app_t x = L[u][v];
            bits_out[(size_t)g * n + v] = (uint8_t)M::hard(x);
            if (app_out)
                app_out[(size_t)g * n + v] = x;
        }
    }
}

/* ---------------- the packed fused decoder: two codewords per instruction in __half2 ----------------
 * Fixed mode, layered (K = 1), app_width <= 10 and r_width <= 8: every value the datapath forms (L, R,
 * Q = L - R, L + R' - R_old) is an integer of magnitude < 2048, which binary16 represents exactly, so
 * half2 add, subtract, min and max on two codewords at once compute exactly what fecforge/fixed.h
 * computes on each (fg_fx_sub / fg_fx_sat, fg_fx_abs, fg_fx_min, fg_fx_rold_keep, fg_fx_from_sm, the
 * min finder). On Hopper half2 arithmetic issues at about 39 T lane-ops/s against 28.5 T for int32 and
 * 10.7 T for the saturating SIMD intrinsics (../shared/GPU-NOTES.md): the packed form is the fast one.
 *
 * Cheap by construction (docs/gpu-ldpc.md, "The packed decoder"):
 * - R is stored per edge, so R_old is a load, not a regeneration from a compressed word; as 16 bits a
 *   pair (r_width <= 8: a byte R + 128 per lane) to fit twice the codewords in shared memory. A byte c
 *   becomes binary16 1024 + c by placing it under the exponent byte 0x64 (one byte permute), and
 *   subtracting 1152 gives R exactly; storing reverses it. Layout [pair][row i][block], the row stride
 *   twice an odd number so the lanes of a warp hit distinct banks;
 * - the bit address of every edge of row i is precomputed once per launch ([row i][block], u16 byte
 *   offsets), one load and one add per edge instead of a modulo;
 * - signs are the binary16 sign bits. L never holds -0.0 (it starts from +0.0 and x + y rounds an exact
 *   zero to +0.0), so Q = L - R_old is never -0.0 and its sign bit is exactly fg_fx_sign(q); an R of
 *   magnitude 0 may be -0.0, which every later add treats as 0;
 * - the new R needs no min position: an edge whose |Q| equals min0 gets the scaled min1, every other
 *   edge the scaled min0. The edge at the C model's position gets min1; any other edge with |Q| = min0
 *   is a tie, and then min1 = min0, so the values are the C model's;
 * - the scaling fx_mag is a table of (mcap + 1) binary16 values, indexed by the magnitude's mantissa
 *   bits after adding 1024 (m + 1024 has bits 0x6400 | m for m < 1024).
 * Thread (g, i) owns row i of every layer of the codeword pair g; L holds pairs (lane 0: codeword 2g,
 * lane 1: 2g + 1). */
enum { FG_H2_R_ZERO = 0x8080 }; /* the stored pair R = (0, 0) */
__device__ __forceinline__ uint32_t h2u(__half2 x) { return *reinterpret_cast<uint32_t *>(&x); }
__device__ __forceinline__ __half2 u2h(uint32_t x) { return *reinterpret_cast<__half2 *>(&x); }

__device__ __forceinline__ int h2_lane_int(__half2 x, int lane) { return __half2int_rn(lane ? __high2half(x) : __low2half(x)); }

/* The scaled magnitudes fx_mag(m) of both lanes of m (integers in [0, mcap]) from the table. */
__device__ __forceinline__ uint32_t h2_mag(const uint16_t *tab, __half2 m)
{
    const uint32_t x = h2u(__hadd2(m, __float2half2_rn(1024.0f)));
    return (uint32_t)tab[x & 0x3ffu] | ((uint32_t)tab[(x >> 16) & 0x3ffu] << 16);
}

__device__ __forceinline__ __half2 h2_r_load(uint16_t c)
{
    return __hsub2(u2h(__byte_perm((uint32_t)c, 0x64646464u, 0x4140)), __float2half2_rn(1152.0f));
}
__device__ __forceinline__ uint16_t h2_r_code(uint32_t r)
{
    return (uint16_t)__byte_perm(h2u(__hadd2(u2h(r), __float2half2_rn(1152.0f))), 0, 0x20);
}

/* Shared memory of the packed decoder (ldpc_gpu.cu sizes it with the same function). */
struct h2_layout {
    int rstride;              /* u16 R codes per row of a pair: 2 x odd >= nblk (distinct banks per lane) */
    int astride;              /* u16 slot offsets per row: 2 x odd >= mb * dmax (likewise) */
    size_t r_off, l_off, a_off, t_off, rs_off, f_off, total;
};
__host__ __device__ inline h2_layout h2_layout_of(int n, int z, int mb, int nblk, int dmax, int ncw, int mcap)
{
    h2_layout s;
    const size_t np = (size_t)ncw / 2;
    s.rstride = 2 * (((nblk + 1) / 2) | 1);
    s.astride = 2 * (((mb * dmax + 1) / 2) | 1);
    s.r_off = 0;
    s.l_off = s.r_off + ((np * z * s.rstride * 2 + 15) & ~(size_t)15);
    s.a_off = s.l_off + np * (n + 1) * 4; /* n bits and the neutral slot per pair */
    s.t_off = s.a_off + (((size_t)z * s.astride * 2 + 3) & ~(size_t)3);
    s.rs_off = s.t_off + (((size_t)(mcap + 1) * 2 + 3) & ~(size_t)3);
    s.f_off = s.rs_off + (size_t)(mb + 1) * 4;
    s.total = s.f_off + (size_t)2 * ncw * 4;
    return s;
}

/* One row of the pair: MASKED when one codeword of the pair is done (its L stays frozen). Branch-free
 * over the DMAX slots so the compiler overlaps the loads of all edges. Slots j >= deg address the pair's
 * neutral L slot (+amax in both lanes, never written) and read some other edge's R: with the keep rule
 * that slot's |Q| is amax >= mcap and its sign +, whatever R is (R > 0 is dropped by the keep rule,
 * R <= 0 saturates L - R at +amax), so it changes neither the min finder nor the sign parity; without the
 * keep rule the slot is masked by selects. Slots j >= deg store nothing.
 * Most of the work runs on the FMA pipe (binary16 add, multiply, saturate), because the ALU pipe (min,
 * max, compares, logic) is the one that limits: the keep rule and the min-or-min1 choice are products
 * and saturations of 0/1 values, and Q = sat(L - R_old) is never formed: with mcap <= amax,
 * min(|Q|, mcap) = min(|L - R_old|, mcap) and Q has the sign of L - R_old. */
template <int DMAX, bool KEEP, bool MASKED>
__device__ __forceinline__ void h2_row(int deg, const uint16_t *av, unsigned char *Lb, uint16_t *Rr, const uint16_t *tab,
                                       __half2 amax, __half2 mcap, uint32_t live)
{
    const __half2 namax = __hneg2(amax), one = __float2half2_rn(1.0f), amax1 = __hsub2(amax, one);
    __half2 mn0 = mcap, mn1 = mcap;
    uint32_t sg = 0;
    uint32_t off[DMAX];
    __half2 lv[DMAX], d[DMAX], m[DMAX];
#pragma unroll
    for (int j = 0; j < DMAX; j++) {
        off[j] = av[j];
        lv[j] = *reinterpret_cast<const __half2 *>(Lb + off[j]);
        __half2 r = h2_r_load(Rr[j]);
        if (KEEP) { /* fg_fx_rold_keep per lane: r = 0 where |l| = amax and l * r >= 1 */
            /* integer-valued operands: the saturations to [0, 1] are exact 0/1 indicators */
            const __half2 at = __hsub2_sat(__habs2(lv[j]), amax1), same = __hmul2_sat(lv[j], r);
            r = __hfma2(__hneg2(r), __hmul2(at, same), r);
        }
        d[j] = __hsub2(lv[j], r); /* exact: |L - R_old| < 2048, never -0.0 */
        m[j] = __hmin2(__habs2(d[j]), mcap);
        if (KEEP) {
            sg ^= h2u(d[j]);
        } else {
            const bool on = j < deg;
            sg ^= on ? h2u(d[j]) : 0u;
            m[j] = on ? m[j] : mcap;
        }
        mn1 = __hmin2(mn1, __hmax2(m[j], mn0)); /* the sequential min finder, both branches at once */
        mn0 = __hmin2(mn0, m[j]);
    }
    sg &= 0x80008000u; /* the sign parity of each lane */
    const __half2 s0 = u2h(h2_mag(tab, mn0) ^ sg), ds = __hsub2(u2h(h2_mag(tab, mn1) ^ sg), s0);
    const __half2 c = __hadd2(mn0, one);
#pragma unroll
    for (int j = 0; j < DMAX; j++) {
        /* |Q| = min0 (c - m = 1): the scaled min1, else (c - m <= 0, saturated to 0) the scaled min0 */
        const __half2 mag = __hfma2(__hsub2_sat(c, m[j]), ds, s0);
        const uint32_t rn = h2u(mag) ^ (h2u(d[j]) & 0x80008000u);
        const __half2 nl = __hmax2(__hmin2(__hadd2(d[j], u2h(rn)), amax), namax); /* sat(L + (R' - R_old)) */
        if (j < deg) {
            *reinterpret_cast<uint32_t *>(Lb + off[j]) = MASKED ? (h2u(nl) & live) | (h2u(lv[j]) & ~live) : h2u(nl);
            Rr[j] = h2_r_code(rn); /* a done codeword's R is never read again */
        }
    }
}

template <int DMAX, bool KEEP>
__global__ void __launch_bounds__(512) fused_h2_decode(gcode c, dparams p, int R, int ncw, int count,
                                                       const int16_t *in, int16_t *app_out, uint8_t *bits_out,
                                                       int *iters_out)
{
    extern __shared__ __align__(16) unsigned char smem[];
    const int n = c.n, z = c.z, mb = c.mb, np = ncw / 2;
    const h2_layout s = h2_layout_of(n, z, mb, c.nblk, DMAX, ncw, p.mcap);
    uint16_t *Re = (uint16_t *)(smem + s.r_off); /* R codes per edge: [pair][row i][block] */
    __half2 *Ls = (__half2 *)(smem + s.l_off);   /* [pair][bit], bit n: the neutral slot */
    uint16_t *Av = (uint16_t *)(smem + s.a_off); /* byte offset of L of slot j of row i of layer l: [i][l][j],
                                                    row stride astride */
    uint16_t *tab = (uint16_t *)(smem + s.t_off);
    int *rs = (int *)(smem + s.rs_off);
    int *flags = (int *)(smem + s.f_off); /* ncw: syndrome bad; ncw: done */
    const int t = threadIdx.x, nt = blockDim.x;
    const int g = t / z, i = t - g * z;
    const __half2 amax = __float2half2_rn((float)fg_fx_max(p.A)), mcap = __float2half2_rn((float)p.mcap);
    for (int x = t; x < z * mb * DMAX; x += nt) {
        const int ii = x / (mb * DMAX), rem = x - ii * mb * DMAX, l = rem / DMAX, j = rem - l * DMAX;
        const int b = c.row_start[l] + j;
        Av[ii * s.astride + rem] = (uint16_t)(4 * (b < c.row_start[l + 1] ? blk_bit(c.blk[b], ii, z) : n));
    }
    for (int x = t; x <= p.mcap; x += nt)
        tab[x] = __half_as_ushort(__int2half_rn(fx_mag(p, x, R)));
    for (int b = t; b <= mb; b += nt)
        rs[b] = c.row_start[b];
    for (int b = t; b < ncw; b += nt) {
        flags[b] = 0;
        flags[ncw + b] = (long long)blockIdx.x * ncw + b >= count;
    }
    for (int x = t; x < np * (n + 1); x += nt) {
        const int pp = x / (n + 1), vv = x - pp * (n + 1);
        const long long g0 = (long long)blockIdx.x * ncw + 2 * pp;
        if (vv == n) {
            Ls[x] = amax;
            continue;
        }
        const int l0 = g0 < count ? fg_fx_rshift_rnd(in[(size_t)g0 * n + vv], p.in_shift) : 0;
        const int l1 = g0 + 1 < count ? fg_fx_rshift_rnd(in[(size_t)(g0 + 1) * n + vv], p.in_shift) : 0;
        Ls[x] = __halves2half2(__int2half_rn(l0), __int2half_rn(l1));
    }
    for (size_t x = t; x < (size_t)np * z * s.rstride; x += nt)
        Re[x] = FG_H2_R_ZERO;
    __syncthreads();
    unsigned char *Lb = (unsigned char *)(Ls + (size_t)g * (n + 1));
    uint16_t *Rt = Re + ((size_t)g * z + i) * s.rstride;
    const uint16_t *At = Av + (size_t)i * s.astride;
    const int c0 = 2 * g, c1 = 2 * g + 1;
    for (int it = 0; it < p.max_iter; it++) {
        const bool act0 = !flags[ncw + c0], act1 = !flags[ncw + c1];
        for (int l = 0; l < mb; l++) {
            const int b0 = rs[l], deg = rs[l + 1] - b0;
            if (act0 && act1)
                h2_row<DMAX, KEEP, false>(deg, At + l * DMAX, Lb, Rt + b0, tab, amax, mcap, 0xffffffffu);
            else if (act0 || act1)
                h2_row<DMAX, KEEP, true>(deg, At + l * DMAX, Lb, Rt + b0, tab, amax, mcap,
                                         (act0 ? 0x0000ffffu : 0u) | (act1 ? 0xffff0000u : 0u));
            __syncthreads();
        }
        if (p.et) {
            int bad0 = 0, bad1 = 0;
            for (int l = 0; l < mb; l++) {
                uint32_t par = 0;
                for (int j = 0; j < rs[l + 1] - rs[l]; j++)
                    par ^= *reinterpret_cast<const uint32_t *>(Lb + At[l * DMAX + j]);
                bad0 |= (par >> 15) & 1u;
                bad1 |= par >> 31;
            }
            if (bad0 && act0)
                flags[c0] = 1;
            if (bad1 && act1)
                flags[c1] = 1;
            __syncthreads();
            const bool fin0 = !act0 || !flags[c0], fin1 = !act1 || !flags[c1];
            __syncthreads();
            if (i == 0) {
                if (act0 && fin0) {
                    flags[ncw + c0] = 1;
                    if (iters_out)
                        iters_out[(size_t)blockIdx.x * ncw + c0] = it + 1;
                }
                if (act1 && fin1) {
                    flags[ncw + c1] = 1;
                    if (iters_out)
                        iters_out[(size_t)blockIdx.x * ncw + c1] = it + 1;
                }
                flags[c0] = flags[c1] = 0;
            }
            if (__syncthreads_and(fin0 && fin1))
                break;
        }
    }
    const __half2 *L = Ls + (size_t)g * (n + 1);
    for (int u = 0; u < 2; u++) {
        const long long gg = (long long)blockIdx.x * ncw + 2 * g + u;
        if (gg >= count)
            continue;
        if (iters_out && i == 0 && !(p.et && flags[ncw + 2 * g + u]))
            iters_out[gg] = p.max_iter;
        for (int vv = i; vv < n; vv += z) {
            const int x = h2_lane_int(L[vv], u);
            bits_out[(size_t)gg * n + vv] = (uint8_t)fg_fx_hard(x);
            if (app_out)
                app_out[(size_t)gg * n + vv] = (int16_t)x;
        }
    }
}

/* ---------------- the edge-parallel fused decoder (lowest latency) ----------------
 * Like fused_decode (one launch, everything in shared memory, same words and schedule), but a check
 * row is processed by a group of G lanes of one warp (G = 8, 16 or 32 >= the largest row degree),
 * one lane per edge: the two-min search is a butterfly over the group (shuffles), the sign bits one
 * ballot. A layer's critical path is then one edge's work plus log2(G) merge steps instead of a whole
 * row's, which is what a small batch (latency) needs. The block (rows_pp rows at a time, a multiple of
 * 32 / G) walks the ncw * z rows of a layer in passes. */

/* Merge of two partial two-min results: key = min0 << 5 | pos (the lower key is the first minimum,
 * ties to the lower block index, as the sequential min finder keeps them), m1 the second minimum. */
__device__ __forceinline__ void fx_merge(int32_t &key, int32_t &m1, int off)
{
    const int32_t ok = __shfl_xor_sync(0xffffffffu, key, off), om1 = __shfl_xor_sync(0xffffffffu, m1, off);
    const bool mine = key < ok;
    const int32_t hi = mine ? ok : key;
    m1 = fg_fx_min(hi >> 5, mine ? m1 : om1);
    key = mine ? key : ok;
}

__device__ __forceinline__ void fl_merge(float &m0, int &pos, float &m1, int off)
{
    const float o0 = __shfl_xor_sync(0xffffffffu, m0, off), o1 = __shfl_xor_sync(0xffffffffu, m1, off);
    const int op = __shfl_xor_sync(0xffffffffu, pos, off);
    const bool mine = m0 < o0 || (m0 == o0 && pos < op);
    const float hi = mine ? o0 : m0;
    const float lo1 = mine ? m1 : o1;
    m1 = hi < lo1 ? hi : lo1;
    m0 = mine ? m0 : o0;
    pos = mine ? pos : op;
}

/* One edge (lane j of its row's group), fixed mode. */
template <int G>
__device__ __forceinline__ void fx_edge(const dparams &p, int R, uint32_t e, bool act, int j, int i, int z,
                                        int16_t *L, int32_t *acc, fx_word *wp)
{
    const int A = p.A;
    const fx_word w = *wp;
    int v = 0;
    int32_t lv = 0, rold = 0, key = (p.mcap << 5) | 31, m1 = p.mcap;
    bool neg = false;
    if (act) {
        v = blk_bit(e, i, z);
        lv = L[v];
        int32_t r = fx_regen(w.meta, w.signs, __popc(w.signs) & 1, j);
        if (p.keep)
            r = fg_fx_rold_keep(lv, r, A);
        rold = r;
        const int32_t q = fg_fx_sat32(lv - r, A);
        key = fg_fx_min(fg_fx_abs(q), p.mcap) << 5 | j;
        neg = fg_fx_sign(q);
    }
#pragma unroll
    for (int off = G / 2; off >= 1; off >>= 1)
        fx_merge(key, m1, off);
    const int lane = threadIdx.x & 31, base = lane & ~(G - 1);
    const uint32_t nsg = (__ballot_sync(0xffffffffu, neg) >> base) & (G == 32 ? 0xffffffffu : (1u << G) - 1u);
    const int par = __popc(nsg) & 1, pos = key & 31;
    const int32_t s0 = fx_mag(p, key >> 5, R), s1 = fx_mag(p, m1, R);
    if (act) {
        const int32_t rn = fg_fx_from_sm((int)(((nsg >> j) ^ (uint32_t)par) & 1u), j == pos ? s1 : s0);
        if (acc)
            atomicAdd(&acc[v], rn - rold);
        else
            L[v] = (int16_t)fg_fx_sat32(lv + (rn - rold), A);
    }
    __syncwarp();
    if (j == 0 && act) {
        fx_word o;
        o.meta = (uint32_t)s0 | ((uint32_t)s1 << 10) | ((uint32_t)pos << 20);
        o.signs = nsg;
        *wp = o;
    }
}

/* One edge, float mode. */
template <int G>
__device__ __forceinline__ void fl_edge(const dparams &p, int, uint32_t e, bool act, int j, int i, int z, float *L,
                                        float *acc, fl_word *wp)
{
    const fl_word w = *wp;
    int v = 0, pos = 31;
    float lv = 0.0f, rold = 0.0f, m0 = FLT_MAX, m1 = FLT_MAX;
    bool neg = false;
    if (act) {
        v = blk_bit(e, i, z);
        lv = L[v];
        rold = fl_regen(w, j);
        const float q = __fsub_rn(lv, rold);
        m0 = __uint_as_float(__float_as_uint(q) & 0x7fffffffu);
        pos = j;
        neg = (__float_as_uint(q) >> 31) != 0;
    }
#pragma unroll
    for (int off = G / 2; off >= 1; off >>= 1)
        fl_merge(m0, pos, m1, off);
    const int lane = threadIdx.x & 31, base = lane & ~(G - 1);
    const uint32_t nsg = (__ballot_sync(0xffffffffu, neg) >> base) & (G == 32 ? 0xffffffffu : (1u << G) - 1u);
    fl_word o;
    o.r0 = fl_rule(p, m0);
    o.r1 = fl_rule(p, m1);
    o.pospar = (uint32_t)pos | ((uint32_t)(__popc(nsg) & 1) << 8);
    o.signs = nsg;
    if (act) {
        const float d = __fsub_rn(fl_regen(o, j), rold);
        if (acc)
            atomicAdd(&acc[v], d);
        else
            L[v] = __fadd_rn(lv, d);
    }
    __syncwarp();
    if (j == 0 && act)
        *wp = o;
}

template <bool FIXED, int G> struct edge_op;
template <int G> struct edge_op<true, G> {
    static __device__ __forceinline__ void run(const dparams &p, int R, uint32_t e, bool act, int j, int i, int z,
                                               int16_t *L, int32_t *acc, fx_word *wp)
    {
        fx_edge<G>(p, R, e, act, j, i, z, L, acc, wp);
    }
};
template <int G> struct edge_op<false, G> {
    static __device__ __forceinline__ void run(const dparams &p, int R, uint32_t e, bool act, int j, int i, int z,
                                               float *L, float *acc, fl_word *wp)
    {
        fl_edge<G>(p, R, e, act, j, i, z, L, acc, wp);
    }
};

template <bool FIXED, int G>
__global__ void __launch_bounds__(1024) edge_decode(gcode c, dparams p, int R, int ncw, int rows_pp, int count,
                                                    const typename mode<FIXED>::in_t *in,
                                                    typename mode<FIXED>::app_t *app_out, uint8_t *bits_out,
                                                    int *iters_out)
{
    typedef mode<FIXED> M;
    typedef typename M::app_t app_t;
    typedef typename M::acc_t acc_t;
    typedef typename M::word_t word_t;
    extern __shared__ __align__(16) unsigned char smem[];
    const int n = c.n, z = c.z, mb = c.mb, rows = ncw * z;
    word_t *W = (word_t *)smem;
    app_t *Ls = (app_t *)(W + (size_t)ncw * mb * z);
    acc_t *accs = (acc_t *)(Ls + (size_t)ncw * n + (FIXED ? (ncw * n) & 1 : 0));
    uint32_t *blk = (uint32_t *)(accs + (p.K > 1 ? (size_t)ncw * n : 0));
    int *rs = (int *)(blk + c.nblk);
    int *flags = rs + mb + 1; /* ncw: syndrome bad; ncw: done */
    const int t = threadIdx.x, nt = blockDim.x, j = t % G, r0 = t / G;
    for (int b = t; b < c.nblk; b += nt)
        blk[b] = c.blk[b];
    for (int b = t; b <= mb; b += nt)
        rs[b] = c.row_start[b];
    for (int b = t; b < ncw; b += nt) {
        flags[b] = 0;
        flags[ncw + b] = (long long)blockIdx.x * ncw + b >= count;
    }
    for (int x = t; x < ncw * n; x += nt) {
        const int cc = x / n;
        const long long g = (long long)blockIdx.x * ncw + cc;
        Ls[x] = g < count ? M::load(p, in[(size_t)g * n + (x - cc * n)]) : (app_t)0;
        if (p.K > 1)
            accs[x] = (acc_t)0;
    }
    for (int x = t; x < ncw * mb * z; x += nt)
        W[x] = word_t{};
    __syncthreads();
    for (int it = 0; it < p.max_iter; it++) {
        for (int l0 = 0; l0 < mb; l0 += p.K) {
            const int l1 = l0 + p.K < mb ? l0 + p.K : mb;
            for (int l = l0; l < l1; l++) {
                const int b0 = rs[l], deg = rs[l + 1] - b0;
                const uint32_t e = j < deg ? blk[b0 + j] : 0u;
                for (int r = r0; r < ((rows + rows_pp - 1) / rows_pp) * rows_pp; r += rows_pp) {
                    const int cw = r < rows ? r / z : 0, i = r < rows ? r - cw * z : 0;
                    const bool act = r < rows && j < deg && !flags[ncw + cw];
                    edge_op<FIXED, G>::run(p, R, e, act, j, i, z, Ls + (size_t)cw * n,
                                           p.K > 1 ? accs + (size_t)cw * n : nullptr,
                                           W + ((size_t)cw * mb + l) * z + i);
                }
                if (p.K == 1)
                    __syncthreads();
            }
            if (p.K > 1) {
                __syncthreads();
                for (int x = t; x < ncw * n; x += nt)
                    if (!flags[ncw + x / n]) {
                        Ls[x] = M::apply(p, Ls[x], accs[x]);
                        accs[x] = (acc_t)0;
                    }
                __syncthreads();
            }
        }
        if (p.et) {
            for (int x = t; x < ncw * mb * z; x += nt) { /* row x of codeword x / (mb z) */
                const int cw = x / (mb * z), li = x - cw * mb * z, l = li / z, i = li - l * z;
                if (flags[ncw + cw])
                    continue;
                int par = 0;
                for (int b = rs[l]; b < rs[l + 1]; b++)
                    par ^= M::hard(Ls[(size_t)cw * n + blk_bit(blk[b], i, z)]);
                if (par)
                    flags[cw] = 1;
            }
            __syncthreads();
            int all = 1;
            for (int cw = 0; cw < ncw; cw++)
                all &= flags[ncw + cw] || !flags[cw];
            __syncthreads(); /* every thread has read the flags */
            if (t < ncw) {
                if (!flags[ncw + t] && !flags[t]) {
                    flags[ncw + t] = 1;
                    if (iters_out)
                        iters_out[(size_t)blockIdx.x * ncw + t] = it + 1;
                }
                flags[t] = 0;
            }
            __syncthreads();
            if (all)
                break;
        }
    }
    for (int cw = 0; cw < ncw; cw++) {
        const long long g = (long long)blockIdx.x * ncw + cw;
        if (g >= count)
            break;
        if (iters_out && t == 0 && !(p.et && flags[ncw + cw]))
            iters_out[g] = p.max_iter;
        for (int v = t; v < n; v += nt) {
            const app_t x = Ls[(size_t)cw * n + v];
            bits_out[(size_t)g * n + v] = (uint8_t)M::hard(x);
            if (app_out)
                app_out[(size_t)g * n + v] = x;
        }
    }
}

/* ---------------- the thesis decoder (CNP / VNP / ET kernels) ----------------
 * Global layout per codeword: L as nb block columns of zp values (zp = z rounded up to 32), R and the
 * deltas D as nblk blocks of zp values in row order (row i of the block's layer at index i). The
 * compact H is in constant memory, one slot per decoder. */
enum { FG_THESIS_SLOTS = 4 };
struct thesis_h {
    uint16_t row_start[FG_LDPC_BASE_DIM_MAX + 1];
    uint16_t col_start[FG_LDPC_BASE_DIM_MAX + 1];
    uint32_t rowent[1024];   /* row lists: col << 16 | shift */
    uint32_t colent[1024];   /* column lists: block index << 16 | shift */
    uint16_t collayer[1024]; /* layer of each column-list entry */
};
__constant__ thesis_h c_thesis[FG_THESIS_SLOTS];

/* CNP of the layers l0 + blockIdx.x (grid: layers of the macro-layer x NMCW, block: zp x NCW). */
template <bool FIXED>
__global__ void thesis_cnp(int slot, int z, int zp, int nb, int nblk, dparams p, int R, int l0, int count,
                           typename mode<FIXED>::acc_t *Lg, typename mode<FIXED>::acc_t *Rg,
                           typename mode<FIXED>::acc_t *Dg, const int *done)
{
    typedef typename mode<FIXED>::acc_t val_t;
    extern __shared__ __align__(16) unsigned char smem[];
    const thesis_h &H = c_thesis[slot];
    const int l = l0 + blockIdx.x, cwl = threadIdx.y, i = threadIdx.x;
    const long long cw = (long long)blockIdx.y * blockDim.y + cwl;
    const int b0 = H.row_start[l], deg = H.row_start[l + 1] - b0;
    val_t *Ls = (val_t *)smem + (size_t)cwl * deg * zp;
    const bool active = cw < count && !(p.et && done[cw]);
    val_t *L = Lg + (size_t)cw * nb * zp, *Rr = Rg + (size_t)cw * nblk * zp, *D = Dg + (size_t)cw * nblk * zp;
    if (active) /* coalesced: the row's block columns into shared memory */
        for (int j = 0; j < deg; j++)
            Ls[j * zp + i] = L[(H.rowent[b0 + j] >> 16) * zp + i];
    __syncthreads();
    if (!active || i >= z)
        return;
    if (FIXED) {
        int32_t mn0 = p.mcap, mn1 = p.mcap;
        int npos = 0;
        uint32_t nsg = 0;
        for (int j = 0; j < deg; j++) {
            int k = i + (int)(H.rowent[b0 + j] & 0xffffu);
            if (k >= z)
                k -= z;
            const int32_t r = fx_edge_q(p, (int32_t)Ls[j * zp + k], (int32_t)Rr[(size_t)(b0 + j) * zp + i], j, mn0,
                                        mn1, npos, nsg);
            D[(size_t)(b0 + j) * zp + i] = (val_t)r; /* R_old, replaced by the delta below */
        }
        const int par = __popc(nsg) & 1;
        const int32_t s0 = fx_mag(p, mn0, R), s1 = fx_mag(p, mn1, R);
        for (int j = 0; j < deg; j++) {
            const size_t e = (size_t)(b0 + j) * zp + i;
            const int32_t rn = fg_fx_from_sm((int)(((nsg >> j) ^ (uint32_t)par) & 1u), j == npos ? s1 : s0);
            D[e] = (val_t)(rn - (int32_t)D[e]);
            Rr[e] = (val_t)rn;
        }
    } else {
        float m0 = FLT_MAX, m1 = FLT_MAX;
        int npos = 0;
        uint32_t nsg = 0;
        for (int j = 0; j < deg; j++) {
            int k = i + (int)(H.rowent[b0 + j] & 0xffffu);
            if (k >= z)
                k -= z;
            const float r = (float)Rr[(size_t)(b0 + j) * zp + i];
            const float q = __fsub_rn((float)Ls[j * zp + k], r);
            const float a = fabsf(q);
            const bool lt0 = a < m0;
            m1 = lt0 ? m0 : (a < m1 ? a : m1);
            npos = lt0 ? j : npos;
            m0 = lt0 ? a : m0;
            nsg |= (__float_as_uint(q) >> 31) << j;
        }
        fl_word o;
        o.r0 = fl_rule(p, m0);
        o.r1 = fl_rule(p, m1);
        o.pospar = (uint32_t)npos | ((uint32_t)(__popc(nsg) & 1) << 8);
        o.signs = nsg;
        for (int j = 0; j < deg; j++) {
            const size_t e = (size_t)(b0 + j) * zp + i;
            const float rn = fl_regen(o, j);
            D[e] = (val_t)__fsub_rn(rn, (float)Rr[e]);
            Rr[e] = (val_t)rn;
        }
    }
}

/* VNP of block column blockIdx.x for the macro-layer [l0, l1): L += the deltas of its blocks there
 * (grid: nb x NMCW, block: zp x NCW). The deltas pass through shared memory (coalesced reads). */
template <bool FIXED>
__global__ void thesis_vnp(int slot, int z, int zp, int nb, int nblk, dparams p, int l0, int l1, int count,
                           typename mode<FIXED>::acc_t *Lg, const typename mode<FIXED>::acc_t *Dg, const int *done)
{
    typedef typename mode<FIXED>::acc_t val_t;
    extern __shared__ __align__(16) unsigned char smem[];
    const thesis_h &H = c_thesis[slot];
    const int col = blockIdx.x, cwl = threadIdx.y, t = threadIdx.x;
    const long long cw = (long long)blockIdx.y * blockDim.y + cwl;
    const int c0 = H.col_start[col], cdeg = H.col_start[col + 1] - c0;
    val_t *Ds = (val_t *)smem + (size_t)cwl * cdeg * zp;
    const bool active = cw < count && !(p.et && done[cw]);
    const val_t *D = Dg + (size_t)cw * nblk * zp;
    int used = 0;
    if (active)
        for (int j = 0; j < cdeg; j++) {
            const int ly = H.collayer[c0 + j];
            if (ly >= l0 && ly < l1)
                Ds[used * zp + t] = D[(size_t)(H.colent[c0 + j] >> 16) * zp + t];
            used += ly >= l0 && ly < l1;
        }
    __syncthreads();
    if (!active || t >= z || used == 0)
        return;
    val_t *L = Lg + (size_t)cw * nb * zp + (size_t)col * zp + t;
    typename mode<FIXED>::acc_t sum = 0;
    int u = 0;
    for (int j = 0; j < cdeg; j++) {
        const int ly = H.collayer[c0 + j];
        if (ly < l0 || ly >= l1)
            continue;
        int r = t - (int)(H.colent[c0 + j] & 0xffffu); /* row of the block that holds bit t */
        if (r < 0)
            r += z;
        if (FIXED)
            sum += Ds[u * zp + r];
        else
            sum = __fadd_rn(sum, Ds[u * zp + r]);
        u++;
    }
    if (FIXED)
        *L = (val_t)fg_fx_sat((int64_t)*L + (int64_t)sum, p.A);
    else
        *L = __fadd_rn(*L, sum);
}

/* Tag-based early termination after iteration `it` (1-based): grid NMCW, block zp x NCW. */
template <bool FIXED>
__global__ void thesis_et(int slot, int z, int zp, int nb, int mb, int it, int count,
                          const typename mode<FIXED>::acc_t *Lg, int *done, int *iters)
{
    __shared__ int bad[FG_GPU_LDPC_NCW_MAX];
    const thesis_h &H = c_thesis[slot];
    const int cwl = threadIdx.y, i = threadIdx.x;
    const long long cw = (long long)blockIdx.y * blockDim.y + cwl;
    if (i == 0)
        bad[cwl] = 0;
    __syncthreads();
    const bool active = cw < count && !done[cw];
    if (active && i < z) {
        const typename mode<FIXED>::acc_t *L = Lg + (size_t)cw * nb * zp;
        int any = 0;
        for (int l = 0; l < mb && !any; l++) {
            int par = 0;
            for (int b = H.row_start[l]; b < H.row_start[l + 1]; b++) {
                int k = i + (int)(H.rowent[b] & 0xffffu);
                if (k >= z)
                    k -= z;
                par ^= FIXED ? fg_fx_hard((int32_t)L[(H.rowent[b] >> 16) * zp + k]) : (float)L[(H.rowent[b] >> 16) * zp + k] < 0.0f;
            }
            any = par;
        }
        if (any)
            atomicOr(&bad[cwl], 1);
    }
    __syncthreads();
    if (active && i == 0 && !bad[cwl]) {
        done[cw] = 1;
        iters[cw] = it;
    }
}

/* Load channel LLRs (codeword-contiguous, n each) into the padded L and clear R, the tags and the
 * counts (grid: codewords x nb, block: zp). */
template <bool FIXED>
__global__ void thesis_load(int z, int zp, int nb, int nblk, dparams p, int n, const typename mode<FIXED>::in_t *in,
                            typename mode<FIXED>::acc_t *Lg, typename mode<FIXED>::acc_t *Rg, int *done, int *iters)
{
    const int col = blockIdx.y, t = threadIdx.x;
    const long long cw = blockIdx.x;
    Lg[((size_t)cw * nb + col) * zp + t] =
        t < z ? (typename mode<FIXED>::acc_t)mode<FIXED>::load(p, in[(size_t)cw * n + (size_t)col * z + t]) : 0;
    for (int b = col; b < nblk; b += nb)
        Rg[((size_t)cw * nblk + b) * zp + t] = 0;
    if (col == 0 && t == 0) {
        done[cw] = 0;
        iters[cw] = p.max_iter;
    }
}

/* Unpadded hard decisions and APP values out (grid: codewords x nb, block: zp). */
template <bool FIXED>
__global__ void thesis_out(int z, int zp, int nb, int n, const typename mode<FIXED>::acc_t *Lg,
                           typename mode<FIXED>::app_t *app_out, uint8_t *bits_out)
{
    const int col = blockIdx.y, t = threadIdx.x;
    const long long cw = blockIdx.x;
    if (t >= z)
        return;
    const typename mode<FIXED>::acc_t x = Lg[((size_t)cw * nb + col) * zp + t];
    const size_t o = (size_t)cw * n + (size_t)col * z + t;
    bits_out[o] = (uint8_t)(FIXED ? fg_fx_hard((int32_t)x) : (float)x < 0.0f);
    if (app_out)
        app_out[o] = (typename mode<FIXED>::app_t)x;
}

/* ---------------- frames: bits, codeword, channel (the CPU's ldpc_frame of ldpc_family.c, exactly) ----------------
 * One block per frame. cw_out: the codeword (n bytes); in_out: the decoder's input. */
template <bool FIXED>
__global__ void frames_make(gcode c, uint64_t seed, long long first, double sigma, double g, int llr_w, int llr_f,
                            uint8_t *cw_out, typename mode<FIXED>::in_t *in_out)
{
    extern __shared__ __align__(16) unsigned char smem[];
    uint32_t *info = (uint32_t *)smem; /* ceil(k / 32) words */
    const int t = threadIdx.x, nt = blockDim.x, n = c.n, k = c.k;
    const uint64_t f = (uint64_t)(first + blockIdx.x);
    const int kw = (k + 31) >> 5;
    for (int w = t; w < kw; w += nt) {
        uint32_t x = fg_rng_u32_at(seed, f, (FG_RNG_SUB_BITS << 2) + (uint64_t)w);
        if (w == kw - 1 && (k & 31))
            x &= (1u << (k & 31)) - 1u;
        info[w] = x;
    }
    __syncthreads();
    uint8_t *cw = cw_out + (size_t)blockIdx.x * n;
    for (int i = t; i < k; i += nt)
        cw[i] = (uint8_t)((info[i >> 5] >> (i & 31)) & 1u);
    for (int w = t; w < c.gw; w += nt) { /* parity word w: XOR of the generator rows of the 1 bits */
        uint32_t acc = 0;
        for (int iw = 0; iw < kw; iw++) {
            uint32_t bits = info[iw];
            while (bits) {
                const int b = __ffs(bits) - 1;
                bits &= bits - 1;
                acc ^= c.gen[(size_t)(iw * 32 + b) * c.gw + w];
            }
        }
        for (int j = 0; j < 32 && w * 32 + j < n - k; j++)
            cw[k + w * 32 + j] = (uint8_t)((acc >> j) & 1u);
    }
    __syncthreads();
    typename mode<FIXED>::in_t *out = in_out + (size_t)blockIdx.x * n;
    for (int q = t; 2 * q < n; q += nt) {
        double zz[2];
        fg_rng_normal2_at(seed, f, FG_RNG_SUB_NOISE + (uint64_t)q, zz);
        for (int h = 0; h < 2 && 2 * q + h < n; h++) {
            const int i = 2 * q + h;
            const double y = __dadd_rn(cw[i] ? -1.0 : 1.0, __dmul_rn(sigma, zz[h]));
            const double llr = __dmul_rn(g, y);
            if (FIXED)
                out[i] = (typename mode<FIXED>::in_t)fg_fx_quantize(llr, llr_w, llr_f);
            else
                out[i] = (typename mode<FIXED>::in_t)(llr > FG_LDPC_GPU_RMAX ? FG_LDPC_GPU_RMAX
                                                      : (llr < -FG_LDPC_GPU_RMAX ? -FG_LDPC_GPU_RMAX : (float)llr));
        }
    }
}

/* Errors of frame blockIdx.x: information-bit errors and whether any of the n bits is wrong. */
__global__ void frames_count(int n, int k, const uint8_t *cw, const uint8_t *bits, int32_t *bit_errors,
                             uint8_t *frame_error)
{
    __shared__ int be, fe;
    if (threadIdx.x == 0)
        be = fe = 0;
    __syncthreads();
    const size_t o = (size_t)blockIdx.x * n;
    int mybe = 0, myfe = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        const int e = cw[o + i] != bits[o + i];
        mybe += i < k ? e : 0;
        myfe |= e;
    }
    if (mybe)
        atomicAdd(&be, mybe);
    if (myfe)
        atomicOr(&fe, 1);
    __syncthreads();
    if (threadIdx.x == 0) {
        bit_errors[blockIdx.x] = be;
        frame_error[blockIdx.x] = (uint8_t)fe;
    }
}

/* ---------------- transfers ---------------- */

/* Channel LLRs of at most 8 bits travel host -> device as one byte each and are widened here to the
 * decoder's 16-bit input. */
__global__ void widen_llr(const int8_t *in, int16_t *out, size_t count)
{
    for (size_t x = (size_t)blockIdx.x * blockDim.x + threadIdx.x; x < count; x += (size_t)gridDim.x * blockDim.x)
        out[x] = in[x];
}

/* Hard decisions travel device -> host packed, ceil(n / 8) bytes per codeword: bit b of byte j is the
 * decision on codeword bit 8j + b. */
__global__ void pack_bits(const uint8_t *bits, uint8_t *packed, int n, int nbytes, size_t total)
{
    for (size_t x = (size_t)blockIdx.x * blockDim.x + threadIdx.x; x < total; x += (size_t)gridDim.x * blockDim.x) {
        const size_t cw = x / nbytes;
        const int j = (int)(x - cw * nbytes);
        const uint8_t *b = bits + cw * n + 8 * j;
        uint32_t v = 0;
        for (int k = 0; k < 8 && 8 * j + k < n; k++)
            v |= (uint32_t)b[k] << k;
        packed[x] = (uint8_t)v;
    }
}
