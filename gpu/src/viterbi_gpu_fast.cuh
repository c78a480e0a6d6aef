/* The fast kernel of the GPU Viterbi decoder (fecforge_gpu/viterbi_gpu.h, docs/viterbi.md "The fast kernel"): a
 * thread per tile, the whole trellis of a tile in the thread's registers, for rate-1/2 codes of K 3 to 7 built in
 * (the kernel is compiled per code, so the branch outputs are constants). Bit-exact with the C fixed decoder
 * fg_vit_fixed_run for the same tiling.
 *
 * Metrics. Two states per 32-bit register, 16 bits each, in "H form": a half holds 0x8000 + m, m in (0, 0x8000).
 * Every stage adds the branch metrics bm[o] = sum_b (o_b ? -q_b : +q_b) + 2Q >= 0 (Q the largest |q|; a common
 * offset, no comparison changes), so a candidate is w = m + bm, kept below 0x8000 by subtracting state 0's metric
 * (minus BIAS) once per cycle of K-2 stages; differences are those of the C decoder, at most `spread`
 * (fg_vit_pm_min_width), so every half stays in range and 32-bit adds of packed words are exact per half.
 * For the two candidates of a register pair (x = 0: W1 in H form, x = 1: W2 without H):
 *     W1H = A + pk0,  W2 = B + pk1 - 0x80008000,  new = max16x2(W2 + 0x8000, W1H)  (one DPX instruction),
 *     D = W1H - W2 = 0x8000 + w1 - w2 per half, so bit 15 of a half is (w1 >= w2), i.e. NOT the decision
 *     x = (w2 > w1): the C decoder's tie rule (the lower predecessor on equality).
 * The first K-1 stages of a tile that starts the stream (known state 0) force x = 0 as the C decoder does: W2 gets
 * -BIG, more than any difference, so w1 > w2 strictly and new = w1 exactly.
 *
 * Layouts. Layout L_j pairs state p (bit j = 0) with p + 2^j in register remove_bit(p, j). A stage whose input is
 * in L_{j+1} writes L_j with no data movement: the x = 0 predecessors of p and p + 2^j are 2p and 2p + 2^(j+1)
 * (mod 2^(K-1)), one register A of L_{j+1}, the x = 1 ones B = A's neighbour, and (A, B) feed two output
 * registers (the successors with u = 0 and u = 1). So K-2 stages go L_{K-2} -> ... -> L_0, then one byte
 * permutation per register re-pairs L_0 into L_{K-2} (a cycle).
 *
 * Decisions. Stage tau's decision bits (NOT x) are gathered per register into a word of 16 stages (bit i and 16 + i
 * for stage 16 c + i: each stage shifts the word right and adds D's bits 15 and 31; a word flushed after s < 16
 * stages is shifted into place), written to a ring of NS such words per register in shared memory
 * ([slot][register][thread], no bank conflicts). Subframes of f0 stages (the paper's parallel traceback, f0 a
 * multiple of 32) are traced back as soon as the forward pass reaches their trace boundary, from the best state
 * there (the lowest-numbered maximum, as the C decoder) or from state 0 at the end of a terminated stream; the
 * ring holds the f0 + v2 stages a traceback reads. Decided bits are written as 32-bit words (bit t of word t / 32),
 * whole words per subframe.
 *
 * The same code runs on the host (stride 1) for the checks of machines without a device. */
#ifndef FECFORGE_GPU_VITERBI_FAST_CUH
#define FECFORGE_GPU_VITERBI_FAST_CUH

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "viterbi_gpu_fast.h"

/* Loops over registers are unrolled on the device (constant indices keep the arrays in registers). */
#ifdef __CUDA_ARCH__
#define VGF_UNROLL _Pragma("unroll")
#else
#define VGF_UNROLL
#endif

namespace vgf {

enum { STAGE_WORDS = 12, THREADS = 64 };

typedef vgf_params params;

/* max(a + b, c) per signed 16-bit half (Hopper's DPX VIADDMNMX; the unsigned form is not a native instruction).
 * The kernel's halves never overflow, so the signed order of H-form values is their unsigned order. */
__host__ __device__ __forceinline__ uint32_t addmax_s16x2(uint32_t a, uint32_t b, uint32_t c)
{
#ifdef __CUDA_ARCH__
    return __viaddmax_s16x2(a, b, c);
#else
    uint32_t r = 0;
    for (int h = 0; h < 32; h += 16) {
        const int16_t x = (int16_t)(uint16_t)((a >> h) + (b >> h)), y = (int16_t)(uint16_t)(c >> h);
        r |= (uint32_t)(uint16_t)(x > y ? x : y) << h;
    }
    return r;
#endif
}

/* (acc >> 1) + x in one instruction (ptxas emits the multiply-add as a LEA.HI; measured in the SASS). */
__host__ __device__ __forceinline__ uint32_t shr1_add(uint32_t acc, uint32_t x)
{
#ifdef __CUDA_ARCH__
    uint32_t r;
    asm("mad.hi.u32 %0, %1, 0x80000000, %2;" : "=r"(r) : "r"(acc), "r"(x));
    return r;
#else
    return (acc >> 1) + x;
#endif
}

__host__ __device__ __forceinline__ uint32_t perm(uint32_t x, uint32_t y, uint32_t s)
{
#ifdef __CUDA_ARCH__
    return __byte_perm(x, y, s);
#else
    const uint64_t v = (uint64_t)y << 32 | x;
    uint32_t r = 0;
    for (int i = 0; i < 4; i++)
        r |= (uint32_t)(v >> (8 * ((s >> (4 * i)) & 7)) & 0xffu) << (8 * i);
    return r;
#endif
}

__host__ __device__ constexpr int parity(uint32_t v) { return v ? (int)(v & 1u) ^ parity(v >> 1) : 0; }
__host__ __device__ constexpr int remove_bit(int s, int j) { return (s >> (j + 1)) << j | (s & ((1 << j) - 1)); }
__host__ __device__ constexpr int insert_bit(int r, int j, int h)
{
    return (r >> j) << (j + 1) | h << j | (r & ((1 << j) - 1));
}

template <int K_, uint32_t G0, uint32_t G1> struct code {
    static constexpr int K = K_, M = 1 << (K - 1), R = M / 2, P = K - 2;
    /* The outputs (bit b: output b) of the branch into state s from its predecessor x: the encoder's register
     * is (s << 1) | x (viterbi.h). */
    __host__ __device__ static constexpr int out(int s, int x)
    {
        return parity(((uint32_t)s << 1 | (uint32_t)x) & G0) | parity(((uint32_t)s << 1 | (uint32_t)x) & G1) << 1;
    }
};

/* One tile's state in a thread. */
template <class C> struct tile_run {
    uint32_t m[C::R], acc[C::R];
    const params *p;
    const int8_t *llr;     /* the frame's row */
    uint32_t *out;         /* the frame's words */
    uint32_t *ring, *stg;  /* this thread's first word of each; consecutive words `stride` apart */
    uint32_t pre[STAGE_WORDS]; /* the next window, fetched a window ahead */
    int stride;
    int lo, hi, a, run, ns_sub, js, mark, tau, slot, off, pre_off;
};

/* The window of 16 stages from `stage`: 48 aligned bytes of the row (rows are padded for it) into t.pre. */
template <class C> __host__ __device__ __forceinline__ void fetch(tile_run<C> &t, int stage)
{
    const int o = stage * 2, base = o & ~15;
    t.pre_off = o - base;
#ifdef __CUDA_ARCH__
    const uint4 *src = reinterpret_cast<const uint4 *>(t.llr + base);
VGF_UNROLL
    for (int i = 0; i < 3; i++) {
        const uint4 v = __ldg(src + i);
        t.pre[4 * i + 0] = v.x;
        t.pre[4 * i + 1] = v.y;
        t.pre[4 * i + 2] = v.z;
        t.pre[4 * i + 3] = v.w;
    }
#else
    memcpy(t.pre, t.llr + base, sizeof t.pre);
#endif
}

/* The fetched window into the staging words the stages read. */
template <class C> __host__ __device__ __forceinline__ void commit(tile_run<C> &t)
{
VGF_UNROLL
    for (int i = 0; i < STAGE_WORDS; i++)
        t.stg[i * t.stride] = t.pre[i];
    t.off = t.pre_off;
}

/* The decision words into the current ring slot; after s < 16 stages of it (s = 0: all 16). */
template <class C> __host__ __device__ __forceinline__ void flush(tile_run<C> &t, int s)
{
    const int shift = s ? 16 - s : 0;
VGF_UNROLL
    for (int r = 0; r < C::R; r++)
        t.ring[(t.slot * C::R + r) * t.stride] = t.acc[r] >> shift;
}

/* The best state of the metrics in layout J: the lowest-numbered maximum. */
template <class C, int J> __host__ __device__ __forceinline__ int best_state(const uint32_t (&m)[C::R])
{
    uint32_t bv = 0;
    int bs = 0;
VGF_UNROLL
    for (int s = 0; s < C::M; s++) {
        const uint32_t v = m[remove_bit(s, J)] >> (16 * ((s >> J) & 1)) & 0xffffu;
        if (v > bv) {
            bv = v;
            bs = s;
        }
    }
    return bs;
}

/* The steps back from stage `tau` (relative to the run's start a) down to `stop`, from state s, whose decisions are
 * in ring slot `slot`. OUT: the stages' bits are decided, gathered a word at a time (the newest in bit 0) and each
 * word written when its lowest stage is passed; else the steps only walk the overlap. One loop, the layout of
 * each stage computed (unrolled by layout, the code outgrows the instruction cache). */
template <class C, bool OUT>
__host__ __device__ __forceinline__ int tb_walk(const uint32_t *ring, int stride, int ns, int &slot, int tau, int stop,
                                                int s, int a, int k, uint32_t *out)
{
    int j = C::K - 3 - tau % C::P;
    uint32_t w = 0;
    for (; tau >= stop; tau--) {
        if (OUT)
            w = w << 1 | (uint32_t)(s >> (C::K - 2));
        const int low = (1 << j) - 1;
        const int r = (s >> 1 & ~low) | (s & low), at = (s >> j & 1) << 4 | (tau & 15);
        const uint32_t dw = ring[(slot * C::R + r) * stride];
        s = (s << 1 | (int)(~dw >> at & 1u)) & (C::M - 1); /* the word holds NOT x */
        if ((tau & 15) == 0)
            slot = slot ? slot - 1 : ns - 1;
        j = j == C::K - 3 ? 0 : j + 1; /* going back, the layout index rises */
        if (OUT) {
            const int t = a + tau;
            if ((t & 31) == 0 && t < k) { /* bits past k (a terminated stream's tail) are cleared */
                out[t >> 5] = t + 32 > k ? w & ((1u << (k - t)) - 1u) : w;
                w = 0;
            }
        }
    }
    return s;
}

/* The traceback of a subframe [sl, sh) (stages relative to the run's start a) from state s at boundary e, whose
 * last stage's decisions are in ring slot `slot`: through the overlap [sh, e), then the subframe's stages, its
 * decided bits into the frame's words (whole words: sl is a multiple of 32 stages from the stream's start). */
template <class C>
__host__ __device__ __noinline__ void trace(int k, int ns, const uint32_t *ring, int stride, int slot, int e, int sl,
                                            int sh, int a, int s, uint32_t *out)
{
    s = tb_walk<C, false>(ring, stride, ns, slot, e - 1, sh, s, a, k, out);
    tb_walk<C, true>(ring, stride, ns, slot, sh - 1, sl, s, a, k, out);
}

/* Trace boundary of subframe js, relative to the run's start. */
template <class C> __host__ __device__ __forceinline__ int mark_of(const tile_run<C> &t, int js)
{
    const long long e = (long long)t.lo + (long long)js * t.p->F0 + t.p->F0 + t.p->V2;
    const int end = t.a + t.run;
    return (e < end ? (int)e : end) - t.a;
}

/* One stage whose output layout is J, then the events after it: a full ring slot, trace boundaries. */
template <class C, int J> __host__ __device__ __forceinline__ void step(tile_run<C> &t)
{
    const params &p = *t.p;
    const int i = t.tau & 15, q = t.off + 2 * i;
    const uint32_t v = t.stg[(q >> 2) * t.stride] >> (8 * (q & 3));
    const int l0 = (int)(int8_t)(v & 0xffu), l1 = (int)(int8_t)(v >> 8 & 0xffu);
    const int sum = l0 + l1, dif = l0 - l1, q2 = 2 * p.q;
    const uint32_t bm[4] = {(uint32_t)(q2 + sum), (uint32_t)(q2 - dif), (uint32_t)(q2 + dif), (uint32_t)(q2 - sum)};
    uint32_t pk[16];
VGF_UNROLL
    for (int o = 0; o < 16; o++)
        pk[o] = bm[o & 3] + (bm[o >> 2] << 16);
    const uint32_t neg = 0u - 0x80008000u - (t.a == 0 && t.tau < C::K - 1 ? p.big * 0x10001u : 0u);
    uint32_t nm[C::R];
VGF_UNROLL
    for (int r = 0; r < C::R; r++) {
        const int pp = insert_bit(r, J, 0), qq = pp | 1 << J, a0 = (2 * pp) & (C::M - 1);
        const uint32_t A = t.m[remove_bit(a0, J + 1)], B = t.m[remove_bit(a0 | 1, J + 1)];
        const uint32_t w1h = A + pk[C::out(pp, 0) | C::out(qq, 0) << 2];
        const uint32_t w2 = B + pk[C::out(pp, 1) | C::out(qq, 1) << 2] + neg;
        const uint32_t d = w1h - w2;
        nm[r] = addmax_s16x2(w2, 0x80008000u, w1h);
        t.acc[r] = shr1_add(t.acc[r], d & 0x80008000u);
    }
VGF_UNROLL
    for (int r = 0; r < C::R; r++)
        t.m[r] = nm[r];
    t.tau++;
    if ((t.tau & 15) == 0) {
        flush(t, 0);
VGF_UNROLL
        for (int r = 0; r < C::R; r++)
            t.acc[r] = 0;
        t.slot = t.slot + 1 == p.ns ? 0 : t.slot + 1;
        if (t.tau < t.run) {
            commit(t);
            if (t.tau + 16 < t.run)
                fetch(t, t.a + t.tau + 16);
        }
    }
    /* An if around a loop: as a loop condition alone, the compiler hoists the best-state search out of it and
     * runs it every stage. */
    if (t.js < t.ns_sub && t.tau == t.mark) {
        if (t.tau & 15)
            flush(t, t.tau & 15);
        const int slot = (t.tau & 15) ? t.slot : (t.slot ? t.slot - 1 : p.ns - 1);
        const int s0 = p.term && t.a + t.tau == p.stages ? 0 : best_state<C, J>(t.m);
        do { /* the subframes traced from this boundary (several at the end of the run) */
            const int sl = t.lo + t.js * p.F0 - t.a, sh0 = sl + p.F0, sh = sh0 < t.hi - t.a ? sh0 : t.hi - t.a;
            trace<C>(p.k, p.ns, t.ring, t.stride, slot, t.tau, sl, sh, t.a, s0, t.out);
            t.js++;
            t.mark = mark_of(t, t.js);
        } while (t.js < t.ns_sub && t.tau == t.mark);
    }
}

/* The stages of a cycle from its I-th on; true when the run ended. */
template <class C, int I> __host__ __device__ __forceinline__ bool cycle(tile_run<C> &t)
{
    step<C, C::K - 3 - I>(t);
    if (t.tau == t.run)
        return true;
    if constexpr (I + 1 < C::P)
        return cycle<C, I + 1>(t);
    else
        return false;
}

/* L_0 to L_{K-2}, then state 0's metric (minus BIAS) off every metric. */
template <class C> __host__ __device__ __forceinline__ void repair(tile_run<C> &t)
{
    uint32_t nm[C::R];
VGF_UNROLL
    for (int r = 0; r < C::R; r++) {
        const int pp = r, qq = r | 1 << (C::K - 2);
        nm[r] = perm(t.m[pp >> 1], t.m[qq >> 1], (pp & 1) ? 0x7632u : 0x5410u);
    }
    const uint32_t s = ((nm[0] & 0xffffu) - 0x8000u - t.p->bias) * 0x10001u;
VGF_UNROLL
    for (int r = 0; r < C::R; r++)
        t.m[r] = nm[r] - s;
}

/* Tile `tile` of a frame. ring and stg: this thread's first words (stride apart). */
template <class C>
__host__ __device__ inline void decode_tile(const params &p, const int8_t *llr, uint32_t *out, uint32_t *ring,
                                            uint32_t *stg, int stride, int tile)
{
    tile_run<C> t;
    t.p = &p;
    t.llr = llr;
    t.out = out;
    t.ring = ring;
    t.stg = stg;
    t.stride = stride;
    t.lo = tile * p.F;
    t.hi = t.lo + p.F < p.stages ? t.lo + p.F : p.stages;
    t.a = t.lo - p.V1 > 0 ? t.lo - p.V1 : 0;
    const long long b = (long long)t.lo + p.F + p.V2;
    t.run = (b < p.stages ? (int)b : p.stages) - t.a;
    t.ns_sub = (t.hi - t.lo + p.F0 - 1) / p.F0;
    t.js = 0;
    t.tau = 0;
    t.slot = 0;
    t.mark = mark_of(t, 0);
VGF_UNROLL
    for (int r = 0; r < C::R; r++) {
        t.m[r] = (0x8000u + p.bias) * 0x10001u;
        t.acc[r] = 0;
    }
    fetch(t, t.a);
    commit(t);
    if (16 < t.run)
        fetch(t, t.a + 16);
    while (!cycle<C, 0>(t))
        repair(t);
}

#ifdef __CUDACC__
/* Blocks of THREADS frames x one tile (blockIdx.y): the threads of a warp run the same tile of different frames,
 * so their events (ring slots, trace boundaries, the stream's ends) coincide. */
template <class C> __global__ void __launch_bounds__(THREADS) decode_fast(params p, const int8_t *llr, uint32_t *out,
                                                                          int count)
{
    extern __shared__ uint32_t sm[];
    const int lane = threadIdx.x, frame = blockIdx.x * THREADS + lane;
    if (frame >= count)
        return;
    decode_tile<C>(p, llr + (size_t)frame * p.row, out + (size_t)frame * p.words, sm + lane,
                   sm + (size_t)p.ns * C::R * THREADS + lane, THREADS, blockIdx.y);
}
#endif

/* Shared memory of a block: the ring and the staging words of THREADS threads. */
inline size_t smem_bytes(int states, int ns) { return (size_t)THREADS * ((size_t)ns * states / 2 + STAGE_WORDS) * 4; }

} // namespace vgf

#endif
