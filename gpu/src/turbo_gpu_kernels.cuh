/* Kernels of the GPU turbo decoder (fecforge_gpu/turbo_gpu.h, docs/gpu-turbo.md).
 *
 * One kernel body for both modes, through a policy L of the metric arithmetic: fixed point (lanes1, lanes2)
 * and float (flt<ALG>: max-log-MAP and log-MAP in float32).
 *
 * Fixed point, exact arithmetic: the state metrics are plain int32 sums and maxima of the radix-2 trellis, never
 * saturated or wrapped. The C model's radix-4 max-log recursions are equal to them up to a constant per
 * step (modulo: also up to multiples of 2^w_sm), because its format check rules out every saturation
 * and keeps every compared spread inside the half range; a radix-4 step is two radix-2 steps in exact
 * max-plus arithmetic, and an LLR is the difference of two maxima, in which the constants cancel. The
 * metrics are renormalised (state 0 subtracted) at every checkpoint and segment, so they stay small: within
 * 22 D1 + 127 for 8-bit storage, which lets two codewords share a register in 16-bit lanes (lanes2). */
#ifndef FECFORGE_GPU_TURBO_KERNELS_CUH
#define FECFORGE_GPU_TURBO_KERNELS_CUH

#include "fecforge/rsc.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"

#include "turbo_gpu_et.cuh"

#include <climits>
#include <cmath>
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
    fg_xmap_fmt fmt;        /* fixed point */
    int32_t d1;             /* fixed point: fg_xmap_delta1, the block-start penalty */
    int alg;                /* float: fg_turbo_alg */
    float ext_scale;        /* float: the extrinsic scaling */
    int et_kind;            /* fg_turbo_et_kind */
    double et_threshold;
    int ncw, seg, nck;      /* codewords per block; positions per alpha checkpoint, checkpoints per thread */
    int lanes;              /* codewords per thread: 1 (lanes1) or 2 (lanes2, 8-bit storage) */
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

/* The values of storage type T: int32 for the fixed-point storage types, float for float. */
template <typename T> struct val_of {
    typedef int32_t type;
};
template <> struct val_of<float> {
    typedef float type;
};

/* The alpha checkpoints' type: float for float; 16 bits with 8-bit storage (w_ch, w_ext <= 8, so D1 <= 381 and a renormalised
 * alpha, within its spread of 3 D1, fits easily), else 32. */
template <typename T> struct ck_of {
    typedef int32_t type;
};
template <> struct ck_of<int8_t> {
    typedef int16_t type;
};
template <> struct ck_of<float> {
    typedef float type;
};

/* A checkpoint (8 renormalised alphas) of a thread's column ck (position i at i P): 32-bit values one per
 * word; 16-bit values two per word (states 2k and 2k + 1 in word k), so a checkpoint is 4 stores and loads.
 * A load keeps the raw words (ck_raw) and unpacks them only where they are used, so a prefetch does not wait
 * for its data. */
template <typename C> struct ck_raw { /* one value per word: int32 metrics, or lanes2's packed pairs */
    C w[8];
    TG_HD void load(const C *ck, unsigned P, int c)
    {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            w[s] = ck[(unsigned)(c * 8 + s) * P];
    }
    TG_HD void unpack(C a[8]) const
    {
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            a[s] = w[s];
    }
    static TG_HD void store(C *ck, unsigned P, int c, const C a[8])
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
    typename val_of<T>::type *stakes; /* count x stake_len */
    uint8_t *bits;    /* count x K */
    typename val_of<T>::type *app;    /* count x K (want_app) */
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

/* The end of an LLR in fixed point: the model's own fg_xmap_finish_llr (a0 = the maximum of input 0 with x,
 * a1 = that of input 1, x = sys + apr), its hard decision and |APP|. */
struct fixed_end {
    typedef int32_t V;
    enum { FLT = 0 };
    static TG_HD V block_start(const params &p) { return -p.d1; }
    static TG_HD void finish(const params &p, V a0, V a1, V x, V &app, V &e)
    {
        /* sys + apr is exact in w_bm bits (the format check), so x stands for both */
        fg_xmap_finish_llr(&p.fmt, a0, a1, x, 0, &app, &e);
    }
    static TG_HD int hard(V app) { return fg_fx_hard(app); }
    static TG_HD V mag(V app) { return fg_fx_abs(app); }
};

/* The lanes of a thread: the metrics of one codeword in int32 (lanes1), or of two in the 16-bit halves of a
 * word (lanes2: one __viaddmax_s16x2 does an add-max of both; for 8-bit storage, whose metrics stay far
 * inside 16 bits, docs/gpu-turbo.md). M is the metric register; make packs the lanes' values, get
 * unpacks lane l. */
struct lanes1 : fixed_end {
    enum { N = 1 };
    typedef int32_t M;
    static TG_HD M make(const int32_t *v) { return v[0]; }
    static TG_HD int32_t get(M m, int l) { return (void)l, m; }
    static TG_HD M add(M a, M b) { return a + b; }
    static TG_HD M add_max(M a, M b, M c) { return tg::add_max(a, b, c); }
    static TG_HD M neg(M a) { return -a; }
};
struct lanes2 : fixed_end {
    enum { N = 2 };
    typedef uint32_t M;
    static TG_HD M make(const int32_t *v) { return ((uint32_t)v[0] & 0xffffu) | ((uint32_t)v[1] << 16); }
    static TG_HD int32_t get(M m, int l) { return (int16_t)(l ? m >> 16 : m & 0xffffu); }
    static TG_HD M add_max(M a, M b, M c) { return __viaddmax_s16x2(a, b, c); }
    static TG_HD M add(M a, M b) { return __viaddmax_s16x2(a, b, 0x80008000u); } /* max with -32768: the sum */
    static TG_HD M neg(M a) { return add(~a, 0x00010001u); }
};

/* max*(a, b) of the float algorithms (fecforge/turbo.h fg_turbo_alg) as the C float decoder computes it (on the
 * device, log-MAP's correction by the fast exp and log): the correction term of log-MAP is skipped beyond
 * |a - b| = 80 (below 2e-35). Shared with the thesis kernel; the fused kernel takes max-log and log-MAP only
 * (flt). */
template <int ALG> TG_HD float max_star(float a, float b)
{
    const float m = a > b ? a : b;
    if (ALG == FG_TURBO_ALG_MAXLOG)
        return m;
    const float d = fabsf(a - b);
    if (ALG == FG_TURBO_ALG_LOG) {
#ifdef __CUDA_ARCH__
        /* the hardware's ex2 and lg2 (MUFU): about 2e-7 from log1pf(expf()), 5x fewer instructions */
        return d < 80.0f ? m + __logf(1.0f + __expf(-d)) : m;
#else
        return d < 80.0f ? m + log1pf(expf(-d)) : m;
#endif
    }
    const float c = (float)FG_TURBO_LINLOG_A * ((float)FG_TURBO_LINLOG_T - d);
    return m + (c > 0.0f ? c : 0.0f);
}

/* Float metrics (one codeword per thread) with the max* of ALG: the C float decoder's algorithm
 * (fg_turbo_dec_run), whose branch metrics +-A +-B differ from the kernel's [u = 0] x + [z = 0] y by the
 * constant A + B per step, which cancels in every difference; the block starts at -1e30 (its "impossible
 * state") and the extrinsic is ext_scale (APP - sys - apr). */
template <int ALG> struct flt {
    /* not linear-log-MAP: its max* is not associative, so its LLRs would depend on the order of the maxima,
     * which differs between this kernel (llr_maxima) and the C decoder */
    static_assert(ALG == FG_TURBO_ALG_MAXLOG || ALG == FG_TURBO_ALG_LOG, "max-log-MAP or log-MAP");
    enum { N = 1, FLT = 1 };
    typedef float M;
    typedef float V;
    static TG_HD M make(const float *v) { return v[0]; }
    static TG_HD float get(M m, int l) { return (void)l, m; }
    static TG_HD M add(M a, M b) { return a + b; }
    static TG_HD M add_max(M a, M b, M c) { return max_star<ALG>(a + b, c); }
    static TG_HD M neg(M a) { return -a; }
    static TG_HD V block_start(const params &p) { return (void)p, -1.0e30f; }
    static TG_HD void finish(const params &p, V a0, V a1, V x, V &app, V &e)
    {
        app = a0 - a1;
        e = p.ext_scale * (app - x);
    }
    static TG_HD int hard(V app) { return app < 0.0f; }
    static TG_HD V mag(V app) { return fabsf(app); }
};

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

/* v + the branch metric of input u with parity z, [u = 0] x + [z = 0] y (x = sys + apr, y = par, xy = x + y);
 * the branch with u = 1 and z = 1 adds nothing, so no instruction. */
template <typename L>
TG_HD typename L::M plus_branch(typename L::M v, int u, int z, typename L::M x, typename L::M y, typename L::M xy)
{
    if (u == 1 && z == 1)
        return v;
    return L::add(v, u == 0 ? (z == 0 ? xy : x) : y);
}

/* max(v + branch, w) in one add-max. */
template <typename L>
TG_HD typename L::M max_branch(typename L::M v, int u, int z, typename L::M x, typename L::M y, typename L::M xy,
                               typename L::M w)
{
    const typename L::M zero = 0;
    return L::add_max(v, u == 1 && z == 1 ? zero : u == 0 ? (z == 0 ? xy : x) : y, w);
}

/* alpha at i + 1 into out from alpha at i in in (distinct arrays: no copy): per state an add and an add-max. */
template <typename L>
TG_HD void alpha_next(const typename L::M in[8], typename L::M out[8], typename L::M x, typename L::M y)
{
    const typename L::M xy = L::add(x, y);
    TG_UNROLL
    for (int t = 0; t < 8; t++) {
        int s0 = 0, u0 = 0, s1 = 0, u1 = 0;
        pred(t, 0, s0, u0);
        pred(t, 1, s1, u1);
        out[t] = max_branch<L>(in[s0], u0, fg_rsc_parity(s0, u0), x, y, xy,
                               plus_branch<L>(in[s1], u1, fg_rsc_parity(s1, u1), x, y, xy));
    }
}

/* alpha at i + 1 from alpha at i in place. */
template <typename L> TG_HD void alpha_step(typename L::M a[8], typename L::M x, typename L::M y)
{
    typename L::M o[8];
    alpha_next<L>(a, o, x, y);
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        a[s] = o[s];
}

/* beta at i from beta at i + 1. */
template <typename L> TG_HD void beta_step(typename L::M b[8], typename L::M x, typename L::M y)
{
    const typename L::M xy = L::add(x, y);
    typename L::M o[8];
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        o[s] = max_branch<L>(b[fg_rsc_next(s, 0)], 0, fg_rsc_parity(s, 0), x, y, xy,
                             plus_branch<L>(b[fg_rsc_next(s, 1)], 1, fg_rsc_parity(s, 1), x, y, xy));
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        b[s] = o[s];
}

/* The two maxima of position i's LLR from alpha at i and beta at i + 1, without x: mu[u] = max over the
 * branches with input u of alpha + beta + [z = 0] y (the branches with parity 0 get y once, after the
 * maximum of their alpha + beta). The maxima of the LLR are mu[0] + x and mu[1]. */
template <typename L>
TG_HD void llr_maxima(const typename L::M a[8], const typename L::M b[8], typename L::M y, typename L::M mu[2])
{
    TG_UNROLL
    for (int u = 0; u < 2; u++) {
        typename L::M with_y = 0, without = 0; /* max of alpha + beta over the branches with parity 0 / 1 */
        int ny = 0, nn = 0;
        TG_UNROLL
        for (int s = 0; s < 8; s++) {
            const typename L::M bt = b[fg_rsc_next(s, u)];
            if (fg_rsc_parity(s, u) == 0)
                with_y = ny++ ? L::add_max(a[s], bt, with_y) : L::add(a[s], bt);
            else
                without = nn++ ? L::add_max(a[s], bt, without) : L::add(a[s], bt);
        }
        mu[u] = L::add_max(with_y, y, without);
    }
}

/* State 0's metric subtracted from every state's. */
template <typename L> TG_HD void renormalize(typename L::M m[8])
{
    const typename L::M n0 = L::neg(m[0]);
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        m[s] = L::add(m[s], n0);
}

/* beta at K from the tail (fg_xmap_beta_tail, exact; in float the C decoder's up to a constant: the tail path
 * from each state is unique, so its max* over paths is that path's sum). */
template <typename T, typename V> TG_HD void tail_beta(const T *tail, V b[8])
{
    TG_UNROLL
    for (int s0 = 0; s0 < 8; s0++) {
        V sum = 0;
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

/* The channel LLRs and a-priori addresses of one segment of each lane's codeword (the same positions: one
 * address table), loaded ahead and kept as loaded; finish gathers the a-priori values from the extrinsics
 * when the segment is used: xl[l][j] = sys + apr of lane l, xs and ys the lanes packed. The pointers are
 * the thread's column of the thread order, so position i is at i P. */
template <typename T, int SEG, typename L> struct raw_inputs {
    typedef typename L::V V;
    V sv[L::N][SEG], pv[L::N][SEG];
    unsigned av[SEG];
    TG_HD void load(const T *const *sys, const T *const *par, const uint16_t *A, unsigned P, int i0, int n)
    {
        TG_UNROLL
        for (int j = 0; j < SEG; j++) {
            const bool in = i0 + j < n; /* past the sub-block: never used */
            const unsigned at = (unsigned)(i0 + j) * P;
            av[j] = in ? A[at] : 0;
            TG_UNROLL
            for (int l = 0; l < L::N; l++) {
                sv[l][j] = in ? sys[l][at] : 0;
                pv[l][j] = in ? par[l][at] : 0;
            }
        }
    }
    TG_HD void finish(const T *const *ein, int i0, int n, V xl[L::N][SEG], typename L::M xs[SEG],
                      typename L::M ys[SEG]) const
    {
        TG_UNROLL
        for (int j = 0; j < SEG; j++)
            if (i0 + j < n) {
                TG_UNROLL
                for (int l = 0; l < L::N; l++)
                    xl[l][j] = sv[l][j] + (V)ein[l][av[j]];
                V x[L::N], y[L::N];
                TG_UNROLL
                for (int l = 0; l < L::N; l++) {
                    x[l] = xl[l][j];
                    y[l] = pv[l][j];
                }
                xs[j] = L::make(x);
                ys[j] = L::make(y);
            }
    }
};

/* Bytes of the et slots at the start of a block's shared memory (the extrinsics follow, 16-aligned). */
__host__ __device__ inline size_t et_bytes(int ncw) { return (ncw * sizeof(et_slot) + 15) / 16 * 16; }

/* The checkpoint storage of lanes L with storage type T: one lane's as ck_of<T>; two lanes' packed words. */
template <typename T, typename L> struct ck_type {
    typedef typename ck_of<T>::type type;
};
template <typename T> struct ck_type<T, lanes2> {
    typedef uint32_t type;
};

/* What a thread needs of each of its lanes' codewords. */
template <typename T> struct lane_view {
    const T *ch; /* channel, thread order */
    T *ext;      /* both SISOs' extrinsics */
    typename val_of<T>::type *stk;
    size_t cw;
    et_slot *et;
};

/* One SISO run (half-iteration h) of sub-block sb (n > 0 positions) of each lane's codeword; ck the lanes'
 * checkpoints (the first lane's region). OUT: the run whose decisions (and APPs, early-termination sums)
 * are kept, for the lanes in out_mask. */
template <typename T, int SEG, bool OUT, typename L>
__host__ __device__ __forceinline__ void siso(const params &p, const tables &tb, const buffers<T> &bf,
                                              const lane_view<T> *lv, typename ck_type<T, L>::type *ck, int sb,
                                              int n, int h, unsigned out_mask)
{
    typedef typename L::M M;
    typedef typename L::V V;
    typedef typename ck_type<T, L>::type C;
    enum { NL = L::N };
    const int si = h & 1;
    const unsigned P = (unsigned)p.P;
    /* the thread's column of every array in the thread order */
    const T *sys[NL], *par[NL], *ein[NL];
    T *eout[NL];
    TG_UNROLL
    for (int l = 0; l < NL; l++) {
        sys[l] = lv[l].ch + (si ? 2 : 0) * p.LP + sb;
        par[l] = lv[l].ch + (si ? 3 : 1) * p.LP + sb;
        ein[l] = lv[l].ext + (si ? 0 : p.LP);
        eout[l] = lv[l].ext + (si ? p.LP : 0) + sb;
    }
    const uint16_t *A = (si ? tb.a2 : tb.a1) + sb;
    /* the thread's column: one value at sb, or 16-bit pairs at word sb */
    C *ckp = ck + sb * (sizeof(C) == 2 ? 2 : 1);
    /* the stakes this SISO saved in its previous run (buffer rb) and those it saves now (wb) */
    const int run = h >> 1, rb = (run + 1) & 1, wb = run & 1;
#define STAKE(l, buf, ab, s, q) lv[l].stk[((((buf) * 2 + si) * 2 + (ab)) * 8 + (s)) * P + (q)]
    M a[8], b[8];
    {
        V v[NL], bl[NL][8];
        TG_UNROLL
        for (int s = 0; s < 8; s++) {
            TG_UNROLL
            for (int l = 0; l < NL; l++)
                v[l] = sb == 0 ? (s ? L::block_start(p) : 0) : p.nii ? STAKE(l, rb, 0, s, sb - 1) : 0;
            a[s] = L::make(v);
        }
        TG_UNROLL
        for (int l = 0; l < NL; l++) {
            if (sb == p.n_sub - 1)
                tail_beta(lv[l].ch + 4 * p.LP + 6 * si, bl[l]);
            else {
                TG_UNROLL
                for (int s = 0; s < 8; s++)
                    bl[l][s] = p.nii ? STAKE(l, rb, 1, s, sb + 1) : 0;
            }
        }
        TG_UNROLL
        for (int s = 0; s < 8; s++) {
            TG_UNROLL
            for (int l = 0; l < NL; l++)
                v[l] = bl[l][s];
            b[s] = L::make(v);
        }
    }

    /* forward, a segment at a time: a checkpoint at the start of each. The next segment's loads leave
     * before this one's arithmetic (their latency hides behind it). */
    raw_inputs<T, SEG, L> raw;
    raw.load(sys, par, A, P, 0, n);
    for (int i0 = 0; i0 < n; i0 += SEG) {
        V xl[NL][SEG];
        M xs[SEG], ys[SEG];
        raw.finish(ein, i0, n, xl, xs, ys);
        if (i0 + SEG < n)
            raw.load(sys, par, A, P, i0 + SEG, n);
        renormalize<L>(a);
        ck_raw<C>::store(ckp, P, i0 / SEG, a);
        TG_UNROLL
        for (int j = 0; j < SEG; j++)
            if (i0 + j < n)
                alpha_step<L>(a, xs[j], ys[j]);
    }
    if (sb < p.n_sub - 1) { /* alpha at the sub-block's end (n = L, even) */
        renormalize<L>(a);
        TG_UNROLL
        for (int s = 0; s < 8; s++)
            TG_UNROLL
            for (int l = 0; l < NL; l++)
                STAKE(l, wb, 0, s, sb) = L::get(a[s], l);
    }

    /* backward, a segment at a time: its alphas again from the checkpoint, then beta and the LLRs; the
     * previous segment's checkpoint and inputs load meanwhile */
    int mn[NL];
    unsigned long long sum[NL];
    unsigned crc[NL];
    TG_UNROLL
    for (int l = 0; l < NL; l++) {
        mn[l] = INT_MAX;
        sum[l] = 0;
        crc[l] = 0;
    }
    ck_raw<C> ckv;
    int c = (n - 1) / SEG;
    raw.load(sys, par, A, P, c * SEG, n);
    ckv.load(ckp, P, c);
    for (; c >= 0; c--) {
        const int i0 = c * SEG;
        M aa[SEG][8], xs[SEG], ys[SEG]; /* aa[j]: alpha at position i0 + j */
        V xl[NL][SEG];
        raw.finish(ein, i0, n, xl, xs, ys);
        ckv.unpack(aa[0]);
        if (c > 0) {
            raw.load(sys, par, A, P, i0 - SEG, n);
            ckv.load(ckp, P, c - 1);
        }
        TG_UNROLL
        for (int j = 0; j + 1 < SEG; j++)
            if (i0 + j + 1 < n)
                alpha_next<L>(aa[j], aa[j + 1], xs[j], ys[j]);
        TG_UNROLL
        for (int j = SEG - 1; j >= 0; j--) {
            const int i = i0 + j;
            if (i < n) {
                M mu[2];
                llr_maxima<L>(aa[j], b, ys[j], mu);
                TG_UNROLL
                for (int l = 0; l < NL; l++) {
                    V app, e;
                    L::finish(p, L::get(mu[0], l) + xl[l][j], L::get(mu[1], l), xl[l][j], app, e);
                    eout[l][(unsigned)i * P] = (T)e;
                    if (OUT && (out_mask >> l & 1u)) {
                        const int j_nat = si ? tb.n2[(unsigned)i * P + sb] : sb * p.L + i;
                        const int hard = L::hard(app);
                        bf.bits[lv[l].cw * p.K + j_nat] = (uint8_t)hard;
                        if (p.want_app)
                            bf.app[lv[l].cw * p.K + j_nat] = app;
                        if (p.et_kind) {
                            const int m = et_min_key(L::mag(app));
                            mn[l] = m < mn[l] ? m : mn[l];
                            sum[l] += et_sum_key(L::mag(app));
                            if (hard && tb.crc)
                                crc[l] ^= tb.crc[j_nat];
                        }
                    }
                }
                beta_step<L>(b, xs[j], ys[j]);
            }
        }
        renormalize<L>(b);
    }
    TG_UNROLL
    for (int s = 0; s < 8; s++)
        TG_UNROLL
        for (int l = 0; l < NL; l++)
            STAKE(l, wb, 1, s, sb) = L::get(b[s], l);
#undef STAKE
    TG_UNROLL
    for (int l = 0; l < NL; l++)
        if (OUT && p.et_kind && (out_mask >> l & 1u)) {
            et_slot *et = lv[l].et;
#ifdef __CUDA_ARCH__
            atomicMin(&et->mn, mn[l]);
            atomicAdd(&et->sum, sum[l]);
            atomicXor(&et->crc, crc[l]);
#else
            et->mn = mn[l] < et->mn ? mn[l] : et->mn;
            et->sum += sum[l];
            et->crc ^= crc[l];
#endif
        }
}

/* Positions of sub-block sb, 0 past the last. */
__host__ __device__ inline int sub_len(const params &p, int sb)
{
    return sb < p.n_sub ? (p.L < p.K - sb * p.L ? p.L : p.K - sb * p.L) : 0;
}

/* Lane l's view of codeword cw (SH: ext_sh, its shared extrinsics; else device memory). */
template <typename T, bool SH>
__host__ __device__ __forceinline__ lane_view<T> view_of(const params &p, const buffers<T> &bf, size_t cw, T *ext_sh,
                                                         et_slot *et)
{
    lane_view<T> v;
    v.ext = SH ? ext_sh : bf.ext_g + cw * 2 * p.LP; /* SH: a shared-memory pointer the compiler can see */
    v.stk = bf.stakes + cw * stake_len(p);
    v.ch = bf.chan + cw * chan_len(p);
    v.cw = cw;
    v.et = et;
    return v;
}

/* Before the first half-iteration: thread sb's share of a codeword's extrinsics (0: the first a-priori) and
 * its stakes (0: the model's first run). */
template <typename T> __host__ __device__ inline void thread_start(const params &p, const lane_view<T> &v, int sb)
{
    for (int i = sb; i < 2 * p.LP; i += p.P)
        v.ext[i] = 0;
    for (int i = 0; i < 64; i++)
        v.stk[i * p.P + sb] = 0;
}

/* One half-iteration of a thread's lanes: the SISO for the lanes still running (run_mask), their outputs
 * in the output run. */
template <typename T, int SEG, typename L>
__host__ __device__ __forceinline__ void half_iteration(const params &p, const tables &tb, const buffers<T> &bf,
                                                        const lane_view<T> *lv, typename ck_type<T, L>::type *ck,
                                                        int sb, int n, int h, unsigned run_mask)
{
    const bool out = p.et_kind != FG_TURBO_ET_NONE || h == p.H - 1;
    if (n > 0 && out)
        siso<T, SEG, true, L>(p, tb, bf, lv, ck, sb, n, h, run_mask);
    else if (n > 0)
        siso<T, SEG, false, L>(p, tb, bf, lv, ck, sb, n, h, run_mask);
}

/* Every half-iteration of ncw codewords per thread block: blockDim = ncw / L::N x P (a thread runs sub-block
 * sb of L::N codewords; count and ncw are multiples of L::N). SH: the extrinsics in shared memory. */
template <typename T, int SEG, bool SH, typename L>
__global__ void __launch_bounds__(FG_GPU_TURBO_THREADS_MAX) decode_fused(params p, tables tb, buffers<T> bf, int count)
{
    enum { NL = L::N };
    extern __shared__ __align__(16) unsigned char smem[];
    et_slot *et = reinterpret_cast<et_slot *>(smem);
    const int tid = threadIdx.x, g = tid / p.P, sb = tid % p.P;
    const size_t cw0 = (size_t)blockIdx.x * p.ncw + (size_t)g * NL;
    const bool valid = cw0 < (size_t)count;
    const size_t cwv = valid ? cw0 : 0; /* an idle thread's pointers stay in range */
    lane_view<T> lv[NL];
    TG_UNROLL
    for (int l = 0; l < NL; l++) {
        const int cl = g * NL + l;
        T *ext_sh = SH ? reinterpret_cast<T *>(smem + et_bytes(p.ncw)) + (size_t)cl * 2 * p.LP : nullptr;
        lv[l] = view_of<T, SH>(p, bf, cwv + l, ext_sh, &et[cl]);
        if (valid)
            thread_start(p, lv[l], sb);
    }
    typename ck_type<T, L>::type *ck =
        reinterpret_cast<typename ck_type<T, L>::type *>(bf.ckpt) + cwv * ckpt_len(p) * sizeof(typename ck_of<T>::type) /
                                                                        sizeof(typename ck_type<T, L>::type);
    const int n = sub_len(p, sb);
    if (tid < p.ncw)
        et[tid].stop = 0;
    unsigned running = valid ? (1u << NL) - 1u : 0u; /* the lanes not stopped */
    int ran[NL] = {0};
    __syncthreads();
    for (int h = 0; h < p.H; h++) {
        if (tid < p.ncw)
            et_clear(et[tid]);
        __syncthreads();
        if (running) {
            TG_UNROLL
            for (int l = 0; l < NL; l++)
                ran[l] += running >> l & 1u;
            half_iteration<T, SEG, L>(p, tb, bf, lv, ck, sb, n, h, running);
        }
        __syncthreads();
        if (p.et_kind != FG_TURBO_ET_NONE) {
            if (tid < p.ncw && !et[tid].stop)
                et[tid].stop = et_stops<L::FLT>(p.et_kind, p.et_threshold, p.K, et[tid]);
            __syncthreads();
            TG_UNROLL
            for (int l = 0; l < NL; l++)
                if (et[g * NL + l].stop)
                    running &= ~(1u << l);
        }
        if (__syncthreads_and(running == 0))
            break;
    }
    TG_UNROLL
    for (int l = 0; l < NL; l++)
        if (valid && sb == 0)
            bf.half[cw0 + l] = ran[l];
}

/* The same on the host, thread after thread (a valid order: no thread reads what another writes in the
 * same half-iteration), for checks on machines without a device. count is a multiple of L::N. */
template <typename T, int SEG, typename L> void decode_host(const params &p, const tables &tb, const buffers<T> &bf, int count)
{
    enum { NL = L::N };
    for (size_t cw0 = 0; cw0 < (size_t)count; cw0 += NL) {
        et_slot e[NL];
        lane_view<T> lv[NL];
        for (int l = 0; l < NL; l++) {
            lv[l] = view_of<T, false>(p, bf, cw0 + l, (T *)nullptr, &e[l]);
            for (int sb = 0; sb < p.P; sb++)
                thread_start(p, lv[l], sb);
        }
        typename ck_type<T, L>::type *ck =
            reinterpret_cast<typename ck_type<T, L>::type *>(bf.ckpt) +
            cw0 * ckpt_len(p) * sizeof(typename ck_of<T>::type) / sizeof(typename ck_type<T, L>::type);
        unsigned running = (1u << NL) - 1u;
        int ran[NL] = {0};
        for (int h = 0; h < p.H && running; h++) {
            for (int l = 0; l < NL; l++) {
                et_clear(e[l]);
                ran[l] += running >> l & 1u;
            }
            for (int sb = 0; sb < p.P; sb++)
                half_iteration<T, SEG, L>(p, tb, bf, lv, ck, sb, sub_len(p, sb), h, running);
            for (int l = 0; l < NL && p.et_kind != FG_TURBO_ET_NONE; l++)
                if (et_stops<L::FLT>(p.et_kind, p.et_threshold, p.K, e[l]))
                    running &= ~(1u << l);
        }
        for (int l = 0; l < NL; l++)
            bf.half[cw0 + l] = ran[l];
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
