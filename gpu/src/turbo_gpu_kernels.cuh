/* Kernels of the GPU turbo decoder (fecforge_gpu/turbo_gpu.h, docs/gpu-turbo.md).
 *
 * Exact arithmetic: the state metrics are plain int32 sums and maxima of the radix-2 trellis, never
 * saturated or wrapped. The C model's radix-4 max-log recursions are equal to them up to a constant per
 * step (modulo: also up to multiples of 2^w_sm), because its format check rules out every saturation
 * and keeps every compared spread inside the half range; a radix-4 step is two radix-2 steps in exact
 * max-plus arithmetic, and an LLR is the difference of two maxima, in which the constants cancel. The
 * metrics are renormalised (state 0 subtracted) at every checkpoint and segment, so they stay small. */
#ifndef FECFORGE_GPU_TURBO_KERNELS_CUH
#define FECFORGE_GPU_TURBO_KERNELS_CUH

#include "fecforge/rsc.h"
#include "fecforge/turbo_fixed.h"

#include <climits>
#include <cstdint>

namespace tg {

#define TG_HD __host__ __device__ __forceinline__
/* The trellis loops unroll completely on the device; the host compiles the same code (fg_gpu_turbo_host_decode) and
 * unrolls what its optimiser chooses. */
#ifdef __CUDA_ARCH__
#define TG_UNROLL _Pragma("unroll")
#else
#define TG_UNROLL
#endif

struct params {
    int K, P, L, LP, n_sub; /* LP = L x P: the positions of a codeword in the thread order (>= K) */
    int H, nii;             /* half-iterations, next-iteration initialisation */
    fg_xmap_fmt fmt;
    int32_t d1;             /* fg_xmap_delta1: the block-start penalty */
    int et_kind;            /* fg_turbo_et_kind */
    double et_threshold;
    int ncw, seg, nck;      /* codewords per block; positions per alpha checkpoint, checkpoints per thread */
    int ext_shared;         /* the extrinsic arrays in shared memory (else in ext_g) */
    int want_app;           /* write the APPs of the output run (a launch's choice) */
};

/* Tables of one (K, P), in the thread order: position a = i P + p is offset i of sub-block p. */
struct tables {
    const uint16_t *a1; /* LP: where SISO 1's a-priori of a lies in SISO 2's extrinsics (inv) */
    const uint16_t *a2; /* LP: where SISO 2's a-priori of a lies in SISO 1's extrinsics (pi) */
    const uint16_t *n2; /* LP: natural position of SISO 2's position a (pi) */
    const uint16_t *pi; /* K: the interleaver, natural order */
    const uint32_t *crc; /* K: CRC-24 remainder of a one at natural position j (early termination crc) */
};

/* Per codeword: channel = [S1 | P1 | S2 | P2] (LP each, thread order; S2 = the systematic LLRs of the
 * interleaved order) and the two tails (6 each). */
__host__ __device__ inline size_t chan_len(const params &p) { return 4 * (size_t)p.LP + 12; }
/* Per codeword: stakes [buffer 2][SISO 2][alpha/beta 2][state 8][sub-block P]. */
__host__ __device__ inline size_t stake_len(const params &p) { return 64 * (size_t)p.P; }
/* Per codeword: alpha checkpoints [checkpoint nck][state 8][sub-block P] of ck_of<T> values (16-bit ones two to
 * a word: [nck][word 4][P]). */
__host__ __device__ inline size_t ckpt_len(const params &p) { return (size_t)p.nck * 8 * p.P; }

/* The alpha checkpoints' type: 16 bits with 8-bit storage (w_ch, w_ext <= 8, so D1 <= 381 and a renormalised
 * alpha, within its spread of 3 D1, fits easily), else 32. */
template <typename T> struct ck_of {
    typedef int32_t type;
};
template <> struct ck_of<int8_t> {
    typedef int16_t type;
};

/* A checkpoint (8 renormalised alphas) of a thread's column ck (position i at i P): 32-bit values one per
 * word; 16-bit values two per word (states 2k and 2k + 1 in word k), so a checkpoint is 4 stores and loads.
 * A load keeps the raw words (ck_raw) and unpacks them only where they are used, so a prefetch does not wait
 * for its data. */
template <typename C> struct ck_raw;
template <> struct ck_raw<int32_t> {
    int32_t w[8];
    TG_HD void load(const int32_t *ck, unsigned P, int c)
    {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            w[s] = ck[(unsigned)(c * 8 + s) * P];
    }
    TG_HD void unpack(int32_t a[8]) const
    {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            a[s] = w[s];
    }
    static TG_HD void store(int32_t *ck, unsigned P, int c, const int32_t a[8])
    {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            ck[(unsigned)(c * 8 + s) * P] = a[s];
    }
};
template <> struct ck_raw<int16_t> {
    uint32_t w[4];
    TG_HD void load(const int16_t *ck, unsigned P, int c)
    {
        TG_UNROLL
        for (int k = 0; k < 4; k++)
            w[k] = reinterpret_cast<const uint32_t *>(ck)[(unsigned)(c * 4 + k) * P];
    }
    TG_HD void unpack(int32_t a[8]) const
    {
        TG_UNROLL
        for (int k = 0; k < 4; k++) {
            a[2 * k] = (int16_t)(w[k] & 0xffffu);
            a[2 * k + 1] = (int16_t)(w[k] >> 16);
        }
    }
    static TG_HD void store(int16_t *ck, unsigned P, int c, const int32_t a[8])
    {
        TG_UNROLL
        for (int k = 0; k < 4; k++)
            reinterpret_cast<uint32_t *>(ck)[(unsigned)(c * 4 + k) * P] =
                ((uint32_t)a[2 * k] & 0xffffu) | ((uint32_t)a[2 * k + 1] << 16);
    }
};

template <typename T> struct buffers {
    const T *q;       /* count x N: the channel LLRs, natural layout */
    T *chan;          /* count x chan_len */
    T *ext_g;         /* count x 2 LP when !ext_shared */
    typename ck_of<T>::type *ckpt; /* count x ckpt_len */
    int32_t *stakes;  /* count x stake_len */
    uint8_t *bits;    /* count x K */
    int32_t *app;     /* count x K (want_app) */
    int32_t *half;    /* count */
};

TG_HD int32_t mx(int32_t a, int32_t b) { return a > b ? a : b; }

/* max(a + b, c): one VIADDMNMX on Hopper. */
TG_HD int32_t add_max(int32_t a, int32_t b, int32_t c)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    return __viaddmax_s32(a, b, c);
#else
    return mx(a + b, c);
#endif
}

/* Branch metric of input u with parity z: [u = 0] x + [z = 0] y, x = sys + apr, y = par. */
TG_HD int32_t branch(int u, int z, int32_t x, int32_t y, int32_t xy)
{
    return u == 0 ? (z == 0 ? xy : x) : (z == 0 ? y : 0);
}

/* The i-th (0 or 1) branch (s, u) into state t, in the order of s: compile-time constants once the
 * loops over t and i unroll. */
TG_HD void pred(int t, int i, int &s_out, int &u_out)
{
    int k = 0;
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        TG_UNROLL
        for (int u = 0; u < 2; u++)
            if (fg_rsc_next(s, u) == t) {
                if (k == i) {
                    s_out = s;
                    u_out = u;
                }
                k++;
            }
}

/* alpha at i + 1 into out from alpha at i in in (out and in distinct: no copy). */
TG_HD void alpha_next(const int32_t in[8], int32_t out[8], int32_t x, int32_t y)
{
    const int32_t xy = x + y;
    TG_UNROLL
    for (int t = 0; t < 8; t++) {
        int s0 = 0, u0 = 0, s1 = 0, u1 = 0;
        pred(t, 0, s0, u0);
        pred(t, 1, s1, u1);
        out[t] = add_max(in[s0], branch(u0, fg_rsc_parity(s0, u0), x, y, xy),
                         in[s1] + branch(u1, fg_rsc_parity(s1, u1), x, y, xy));
    }
}

/* alpha at i + 1 from alpha at i in place: per state one add and one add-max. */
TG_HD void alpha_step(int32_t a[8], int32_t x, int32_t y)
{
    int32_t o[8];
    alpha_next(a, o, x, y);
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        a[s] = o[s];
}

/* beta at i from beta at i + 1. */
TG_HD void beta_step(int32_t b[8], int32_t x, int32_t y)
{
    const int32_t xy = x + y;
    int32_t o[8];
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        o[s] = add_max(b[fg_rsc_next(s, 0)], branch(0, fg_rsc_parity(s, 0), x, y, xy),
                       b[fg_rsc_next(s, 1)] + branch(1, fg_rsc_parity(s, 1), x, y, xy));
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        b[s] = o[s];
}

/* The two maxima of position i's LLR from alpha at i and beta at i + 1: m0 over the branches with
 * u = 0, m1 over u = 1, each alpha + branch metric + beta. The branches with parity 0 get y once, after
 * the maximum of their alpha + beta. */
TG_HD void llr_maxima(const int32_t a[8], const int32_t b[8], int32_t x, int32_t y, int32_t &m0, int32_t &m1)
{
    int32_t mu[2];
    TG_UNROLL
    for (int u = 0; u < 2; u++) {
        int32_t with_y = 0, without = 0; /* max of alpha + beta over the branches with parity 0 / 1 */
        int ny = 0, nn = 0;
        TG_UNROLL
        for (int s = 0; s < 8; s++) {
            const int32_t bt = b[fg_rsc_next(s, u)];
            if (fg_rsc_parity(s, u) == 0) {
                with_y = ny++ ? add_max(a[s], bt, with_y) : a[s] + bt;
            } else {
                without = nn++ ? add_max(a[s], bt, without) : a[s] + bt;
            }
        }
        mu[u] = add_max(with_y, y, without);
    }
    m0 = mu[0] + x;
    m1 = mu[1];
}

TG_HD void renormalize(int32_t m[8])
{
    const int32_t m0 = m[0];
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        m[s] -= m0;
}

/* beta at K from the tail (fg_xmap_beta_tail, exact). */
template <typename T> TG_HD void tail_beta(const T *tail, int32_t b[8])
{
    TG_UNROLL
    for (int s0 = 0; s0 < 8; s0++) {
        int32_t sum = 0;
        int s = s0;
        TG_UNROLL
        for (int t = 0; t < 3; t++) {
            const int u = fg_rsc_tail_input(s);
            if (u == 0)
                sum += tail[2 * t];
            if (fg_rsc_parity(s, u) == 0)
                sum += tail[2 * t + 1];
            s = fg_rsc_next(s, u);
        }
        b[s0] = sum;
    }
}

/* Per codeword of a thread block: the early-termination sums of the running half-iteration. */
struct et_slot {
    unsigned long long sum;
    int mn;
    unsigned crc;
    int stop;
};

/* The channel LLRs and a-priori addresses of one segment, loaded ahead; finish gathers the a-priori
 * values from the extrinsics: xs = sys + apr, ys = par. The pointers are the thread's (its sub-block's
 * column of the thread order), so position i is at i P. */
template <typename T, int SEG> struct raw_inputs {
    int32_t sv[SEG], pv[SEG];
    unsigned av[SEG];
    TG_HD void load(const T *sys, const T *par, const uint16_t *A, unsigned P, int i0, int n)
    {
        TG_UNROLL
        for (int j = 0; j < SEG; j++)
            if (i0 + j < n) {
                const unsigned at = (unsigned)(i0 + j) * P;
                sv[j] = sys[at];
                pv[j] = par[at];
                av[j] = A[at];
            } else {
                sv[j] = pv[j] = 0; /* past the sub-block: never used */
                av[j] = 0;
            }
    }
    TG_HD void finish(const T *ein, int i0, int n, int32_t xs[SEG], int32_t ys[SEG]) const
    {
        TG_UNROLL
        for (int j = 0; j < SEG; j++)
            if (i0 + j < n) {
                xs[j] = sv[j] + (int32_t)ein[av[j]];
                ys[j] = pv[j];
            }
    }
};

/* Bytes of the et slots at the start of a block's shared memory (the extrinsics follow, 16-aligned). */
__host__ __device__ inline size_t et_bytes(int ncw) { return (ncw * sizeof(et_slot) + 15) / 16 * 16; }

/* One SISO run (half-iteration h) of sub-block sb (n > 0 positions) of one codeword. OUT: the run whose
 * decisions (and APPs, early-termination sums) are kept. */
template <typename T, int SEG, bool OUT>
__host__ __device__ __forceinline__ void siso(const params &p, const tables &tb, const buffers<T> &bf, const T *ch,
                                              T *ext, int32_t *stk, typename ck_of<T>::type *ck, size_t cw, int sb,
                                              int n, int h,
                                              et_slot *et)
{
    const int si = h & 1;
    const unsigned P = (unsigned)p.P;
    /* the thread's column of every array in the thread order */
    const T *sys = ch + (si ? 2 : 0) * p.LP + sb, *par = ch + (si ? 3 : 1) * p.LP + sb;
    const T *tail = ch + 4 * p.LP + 6 * si;
    const T *ein = ext + (si ? 0 : p.LP);
    T *eout = ext + (si ? p.LP : 0) + sb;
    const uint16_t *A = (si ? tb.a2 : tb.a1) + sb;
    /* the thread's column: 32-bit values at sb, 16-bit pairs at word sb */
    typename ck_of<T>::type *ckp = ck + sb * (sizeof(typename ck_of<T>::type) == 2 ? 2 : 1);
    /* the stakes this SISO saved in its previous run (buffer rb) and those it saves now (wb) */
    const int run = h >> 1, rb = (run + 1) & 1, wb = run & 1;
#define STAKE(buf, ab, s, q) stk[((((buf) * 2 + si) * 2 + (ab)) * 8 + (s)) * P + (q)]
    int32_t a[8], b[8];
    if (sb == 0) {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            a[s] = s ? -p.d1 : 0;
    } else {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            a[s] = p.nii ? STAKE(rb, 0, s, sb - 1) : 0;
    }
    if (sb == p.n_sub - 1)
        tail_beta(tail, b);
    else {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            b[s] = p.nii ? STAKE(rb, 1, s, sb + 1) : 0;
    }

    /* forward, a segment at a time: a checkpoint at the start of each. The next segment's loads leave
     * before this one's arithmetic (their latency hides behind it); the a-priori gather from the
     * extrinsics follows when they have arrived. */
    raw_inputs<T, SEG> raw;
    raw.load(sys, par, A, P, 0, n);
    for (int i0 = 0; i0 < n; i0 += SEG) {
        int32_t xs[SEG], ys[SEG];
        raw.finish(ein, i0, n, xs, ys);
        if (i0 + SEG < n)
            raw.load(sys, par, A, P, i0 + SEG, n);
        renormalize(a);
        ck_raw<typename ck_of<T>::type>::store(ckp, P, i0 / SEG, a);
        TG_UNROLL
        for (int j = 0; j < SEG; j++)
            if (i0 + j < n)
                alpha_step(a, xs[j], ys[j]);
    }
    if (sb < p.n_sub - 1) { /* alpha at the sub-block's end (n = L, even) */
        renormalize(a);
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            STAKE(wb, 0, s, sb) = a[s];
    }

    /* backward, a segment at a time: its alphas again from the checkpoint, then beta and the LLRs; the
     * previous segment's checkpoint and inputs load meanwhile */
    int32_t mn = INT_MAX;
    unsigned long long sum = 0;
    unsigned crc = 0;
    ck_raw<typename ck_of<T>::type> ckv;
    int c = (n - 1) / SEG;
    raw.load(sys, par, A, P, c * SEG, n);
    ckv.load(ckp, P, c);
    for (; c >= 0; c--) {
        const int i0 = c * SEG;
        int32_t aa[SEG][8], xs[SEG], ys[SEG]; /* aa[j]: alpha at position i0 + j */
        raw.finish(ein, i0, n, xs, ys);
        ckv.unpack(aa[0]);
        if (c > 0) {
            raw.load(sys, par, A, P, i0 - SEG, n);
            ckv.load(ckp, P, c - 1);
        }
        TG_UNROLL
        for (int j = 0; j + 1 < SEG; j++)
            if (i0 + j + 1 < n)
                alpha_next(aa[j], aa[j + 1], xs[j], ys[j]);
        TG_UNROLL
        for (int j = SEG - 1; j >= 0; j--) {
            const int i = i0 + j;
            if (i < n) {
                int32_t m0, m1, app, e;
                llr_maxima(aa[j], b, xs[j], ys[j], m0, m1);
                /* sys + apr is exact in w_bm bits (the format check), so x stands for both */
                fg_xmap_finish_llr(&p.fmt, m0, m1, xs[j], 0, &app, &e);
                eout[(unsigned)i * P] = (T)e;
                if (OUT) {
                    const int j_nat = si ? tb.n2[(unsigned)i * P + sb] : sb * p.L + i;
                    const int hard = fg_fx_hard(app);
                    bf.bits[cw * p.K + j_nat] = (uint8_t)hard;
                    if (p.want_app)
                        bf.app[cw * p.K + j_nat] = app;
                    if (p.et_kind) {
                        const int32_t m = fg_fx_abs(app);
                        mn = m < mn ? m : mn;
                        sum += (unsigned long long)m;
                        if (hard && tb.crc)
                            crc ^= tb.crc[j_nat];
                    }
                }
                beta_step(b, xs[j], ys[j]);
            }
        }
        renormalize(b);
    }
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        STAKE(wb, 1, s, sb) = b[s];
#undef STAKE
    if (OUT && p.et_kind) {
#ifdef __CUDA_ARCH__
        atomicMin(&et->mn, mn);
        atomicAdd(&et->sum, sum);
        atomicXor(&et->crc, crc);
#else
        et->mn = mn < et->mn ? mn : et->mn;
        et->sum += sum;
        et->crc ^= crc;
#endif
    }
}

/* The pointers of thread (cw, sb) into a batch's buffers (SH: ext_sh, the block's shared extrinsics of this
 * codeword; else device memory). */
template <typename T> struct thread_view {
    T *ext;
    int32_t *stk;
    typename ck_of<T>::type *ck;
    const T *ch;
    int n; /* positions of the sub-block, 0 past the last */
};

template <typename T, bool SH>
__host__ __device__ __forceinline__ thread_view<T> view_of(const params &p, const buffers<T> &bf, size_t cw, int sb,
                                                           T *ext_sh)
{
    thread_view<T> v;
    v.ext = SH ? ext_sh : bf.ext_g + cw * 2 * p.LP; /* SH: a shared-memory pointer the compiler can see */
    v.stk = bf.stakes + cw * stake_len(p);
    v.ck = bf.ckpt + cw * ckpt_len(p);
    v.ch = bf.chan + cw * chan_len(p);
    v.n = sb < p.n_sub ? (p.L < p.K - sb * p.L ? p.L : p.K - sb * p.L) : 0;
    return v;
}

/* Before the first half-iteration: thread sb's share of its codeword's extrinsics (0: the first a-priori)
 * and its stakes (0: the model's first run). */
template <typename T> __host__ __device__ inline void thread_start(const params &p, const thread_view<T> &v, int sb)
{
    for (int i = sb; i < 2 * p.LP; i += p.P)
        v.ext[i] = 0;
    for (int i = 0; i < 64; i++)
        v.stk[i * p.P + sb] = 0;
}

__host__ __device__ inline void et_clear(et_slot &e)
{
    e.mn = INT_MAX;
    e.sum = 0;
    e.crc = 0;
}

/* After a half-iteration: the model's early-termination rule on the codeword's sums. */
__host__ __device__ inline int et_stops(const params &p, const et_slot &e)
{
    if (p.et_kind == FG_TURBO_ET_MIN_LLR)
        return (double)e.mn >= p.et_threshold;
    if (p.et_kind == FG_TURBO_ET_AVG_LLR)
        return (double)e.sum >= p.et_threshold * p.K;
    if (p.et_kind == FG_TURBO_ET_CRC)
        return e.crc == 0;
    return 0;
}

/* Every half-iteration of ncw codewords per thread block (blockDim = ncw x P); SH: the extrinsics in shared
 * memory (p.ext_shared), else in ext_g. */
template <typename T, int SEG, bool SH>
__global__ void __launch_bounds__(FG_GPU_TURBO_THREADS_MAX) decode_fused(params p, tables tb, buffers<T> bf, int count)
{
    extern __shared__ __align__(16) unsigned char smem[];
    et_slot *et = reinterpret_cast<et_slot *>(smem);
    const int tid = threadIdx.x, cl = tid / p.P, sb = tid % p.P;
    const size_t cw = (size_t)blockIdx.x * p.ncw + cl;
    const bool valid = cw < (size_t)count;
    const size_t cwv = valid ? cw : 0; /* an idle thread's pointers stay in range */
    T *ext_sh = SH ? reinterpret_cast<T *>(smem + et_bytes(p.ncw)) + (size_t)cl * 2 * p.LP : nullptr;
    const thread_view<T> v = view_of<T, SH>(p, bf, cwv, sb, ext_sh);
    if (valid)
        thread_start(p, v, sb);
    if (tid < p.ncw)
        et[tid].stop = 0;
    int stopped = !valid, ran = 0;
    __syncthreads();
    for (int h = 0; h < p.H; h++) {
        if (tid < p.ncw)
            et_clear(et[tid]);
        __syncthreads();
        const bool out = p.et_kind != FG_TURBO_ET_NONE || h == p.H - 1;
        if (!stopped) {
            ran++;
            if (v.n > 0 && out)
                siso<T, SEG, true>(p, tb, bf, v.ch, v.ext, v.stk, v.ck, cwv, sb, v.n, h, &et[cl]);
            else if (v.n > 0)
                siso<T, SEG, false>(p, tb, bf, v.ch, v.ext, v.stk, v.ck, cwv, sb, v.n, h, &et[cl]);
        }
        __syncthreads();
        if (p.et_kind != FG_TURBO_ET_NONE) {
            if (tid < p.ncw && !et[tid].stop)
                et[tid].stop = et_stops(p, et[tid]);
            __syncthreads();
            stopped = stopped || et[cl].stop;
        }
        if (__syncthreads_and(stopped))
            break;
    }
    if (valid && sb == 0)
        bf.half[cw] = ran;
}

/* The same on the host, thread after thread (a valid order: no thread reads what another writes in the
 * same half-iteration), for checks on machines without a device. */
template <typename T, int SEG> void decode_host(const params &p, const tables &tb, const buffers<T> &bf, int count)
{
    for (size_t cw = 0; cw < (size_t)count; cw++) {
        for (int sb = 0; sb < p.P; sb++)
            thread_start(p, view_of<T, false>(p, bf, cw, sb, (T *)nullptr), sb);
        int ran = 0;
        for (int h = 0; h < p.H; h++) {
            et_slot e;
            et_clear(e);
            const bool out = p.et_kind != FG_TURBO_ET_NONE || h == p.H - 1;
            ran++;
            for (int sb = 0; sb < p.P; sb++) {
                const thread_view<T> v = view_of<T, false>(p, bf, cw, sb, (T *)nullptr);
                if (v.n > 0 && out)
                    siso<T, SEG, true>(p, tb, bf, v.ch, v.ext, v.stk, v.ck, cw, sb, v.n, h, &e);
                else if (v.n > 0)
                    siso<T, SEG, false>(p, tb, bf, v.ch, v.ext, v.stk, v.ck, cw, sb, v.n, h, &e);
            }
            if (p.et_kind != FG_TURBO_ET_NONE && et_stops(p, e))
                break;
        }
        bf.half[cw] = ran;
    }
}

/* Element g of the rearrangement of a batch's channel LLRs into the thread order (chan_len per codeword):
 * codeword g / (LP + 12), position g % (LP + 12) (the last 12: the tails). */
template <typename T> __host__ __device__ inline void rearrange1(const params &p, const tables &tb, const T *q, T *chan, size_t g)
{
    const size_t per = (size_t)p.LP + 12, N = 3 * (size_t)p.K + 12;
    {
        const size_t cw = g / per;
        const int a = (int)(g - cw * per);
        const T *in = q + cw * N;
        T *o = chan + cw * chan_len(p);
        if (a < p.LP) {
            const int i = a / p.P, sb = a - i * p.P, j = sb * p.L + i;
            const bool v = j < p.K;
            o[a] = v ? in[j] : (T)0;                      /* S1 */
            o[p.LP + a] = v ? in[p.K + j] : (T)0;         /* P1 */
            o[2 * p.LP + a] = v ? in[tb.pi[j]] : (T)0;    /* S2: the systematic LLR of interleaved j */
            o[3 * p.LP + a] = v ? in[2 * p.K + j] : (T)0; /* P2 */
        } else
            o[4 * p.LP + (a - p.LP)] = in[3 * p.K + (a - p.LP)]; /* the tails */
    }
}

template <typename T> __global__ void rearrange(params p, tables tb, const T *q, T *chan, int count)
{
    const size_t total = (size_t)count * (p.LP + 12);
    for (size_t g = (size_t)blockIdx.x * blockDim.x + threadIdx.x; g < total; g += (size_t)gridDim.x * blockDim.x)
        rearrange1(p, tb, q, chan, g);
}

} // namespace tg

#endif
