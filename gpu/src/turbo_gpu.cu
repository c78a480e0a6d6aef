/* Host side of the GPU turbo decoder (fecforge_gpu/turbo_gpu.h, docs/gpu-turbo.md): configuration checks,
 * the tables of a (K, P), per-stream buffers, depth-first issue and the timing of full batches, for the
 * fused kernel (turbo_gpu_kernels.cuh) and the thesis's (turbo_gpu_thesis.cuh). */
#include "fecforge_gpu/turbo_gpu.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/xmap_schedule.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <type_traits>

#include "gpu_util.cuh"
#include "turbo_gpu_kernels.cuh"
#include "turbo_gpu_thesis.cuh"

struct tstream {
    cudaStream_t s;
    cudaEvent_t ev_in, ev_k1, ev_out; /* before copy-in, after the decode kernel, after copy-out */
    void *d_q, *d_chan, *d_ext;       /* the storage type: int8, int16 or float */
    void *d_ckpt;                     /* fused: tg::ck_of the storage type; thesis: the alpha spill (float) */
    tg::et_slot *d_et;                /* thesis with early termination: a slot per codeword */
    void *d_stakes, *d_app;           /* tg::val_of the storage type: int32 or float */
    int32_t *d_half;
    uint8_t *d_bits;
    void *h_q; /* pinned */
    uint8_t *h_bits;
    void *h_app;
    int32_t *h_half;
};

struct fg_gpu_turbo {
    fg_gpu_turbo_cfg cfg;
    fg_std std;
    int K, N, ns, per_stream;
    int flt, in8; /* float mode; else 8-bit storage (or 16) */
    int thesis;   /* the thesis's kernel (float mode) */
    tg::params p;
    uint16_t *d_a1, *d_a2, *d_n2, *d_pi;
    uint32_t *d_crc;
    size_t smem;
    tstream *sb;
};

/* 8-bit storage of the channel and extrinsic LLRs (and 16-bit checkpoints, tg::ck_of) when both fit. */
static int storage8(const fg_xmap_fmt *f) { return f->w_ch <= 8 && f->w_ext <= 8; }

/* Bytes of a stored LLR. */
static size_t elem(const fg_gpu_turbo *d) { return d->flt ? 4 : d->in8 ? 1 : 2; }

/* f(T()) for d's storage type T. */
template <typename F> static auto with_storage(const fg_gpu_turbo *d, F f)
{
    if (d->flt)
        return f(float());
    return d->in8 ? f(int8_t()) : f(int16_t());
}

static void free_stream(tstream *b)
{
    if (b->s)
        cudaStreamDestroy(b->s);
    if (b->ev_in)
        cudaEventDestroy(b->ev_in);
    if (b->ev_k1)
        cudaEventDestroy(b->ev_k1);
    if (b->ev_out)
        cudaEventDestroy(b->ev_out);
    cudaFree(b->d_q);
    cudaFree(b->d_chan);
    cudaFree(b->d_ext);
    cudaFree(b->d_ckpt);
    cudaFree(b->d_et);
    cudaFree(b->d_stakes);
    cudaFree(b->d_app);
    cudaFree(b->d_half);
    cudaFree(b->d_bits);
    cudaFreeHost(b->h_q);
    cudaFreeHost(b->h_bits);
    cudaFreeHost(b->h_app);
    cudaFreeHost(b->h_half);
    memset(b, 0, sizeof *b);
}

void fg_gpu_turbo_destroy(fg_gpu_turbo *d)
{
    if (!d)
        return;
    cudaSetDevice(d->cfg.device);
    for (int s = 0; d->sb && s < d->ns; s++)
        free_stream(&d->sb[s]);
    free(d->sb);
    cudaFree(d->d_a1);
    cudaFree(d->d_a2);
    cudaFree(d->d_n2);
    cudaFree(d->d_pi);
    cudaFree(d->d_crc);
    free(d);
}

int fg_gpu_turbo_batch(const fg_gpu_turbo *d) { return d ? d->ns * d->per_stream : 0; }

/* The batch shape: NCW, NMCW (resolved defaults), FG_EINVAL naming the option. */
static int check_shape(const fg_gpu_turbo_cfg *c, int P, int *ncw, int *nmcw)
{
    const int nl = c->lanes;
    if (nl != 1 && nl != 2)
        return fg_set_error(FG_EINVAL, "lanes=%d invalid: 1 or 2 codewords per thread", nl);
    if (nl == 2 && c->mode == FG_GPU_TURBO_FLOAT)
        return fg_set_error(FG_EINVAL, "lanes=2 is for fixed mode (16-bit lanes of integer metrics), not float");
    if (nl == 2 && !storage8(&c->fx.fmt))
        return fg_set_error(FG_EINVAL, "lanes=2 needs 8-bit storage: w_ch=%d and w_ext=%d must be at most 8",
                            c->fx.fmt.w_ch, c->fx.fmt.w_ext);
    if (c->kernel != FG_GPU_TURBO_FUSED && c->kernel != FG_GPU_TURBO_THESIS)
        return fg_set_error(FG_EINVAL, "kernel=%d out of range [0, 1] (fused, thesis)", (int)c->kernel);
    const int thesis = c->kernel == FG_GPU_TURBO_THESIS;
    if (thesis && c->mode != FG_GPU_TURBO_FLOAT)
        return fg_set_error(FG_EINVAL, "kernel=thesis decodes in float (the thesis's design): fixed mode runs fused");
    if (c->streams < 1 || c->streams > FG_GPU_TURBO_STREAMS_MAX)
        return fg_set_error(FG_EINVAL, "streams=%d out of range [1, %d]", c->streams, FG_GPU_TURBO_STREAMS_MAX);
    const int ncw_max = thesis ? FG_GPU_TURBO_THREADS_MAX : FG_GPU_TURBO_THREADS_MAX / P * nl;
    *ncw = c->ncw ? c->ncw : thesis ? tgt::GROUPS : nl * (128 / P > 1 ? 128 / P : 1);
    if (thesis && (*ncw < 1 || *ncw > ncw_max))
        return fg_set_error(FG_EINVAL, "ncw=%d out of range [1, %d] (codewords per unit of a stream's batch)", c->ncw,
                            ncw_max);
    if (*ncw < 1 || *ncw > ncw_max || *ncw % nl)
        return fg_set_error(FG_EINVAL,
                            "ncw=%d out of range [1, %d]%s (ncw / lanes x P <= %d threads per block at P=%d, lanes=%d)",
                            c->ncw, ncw_max, nl == 2 ? " and even" : "", FG_GPU_TURBO_THREADS_MAX, P, nl);
    if (c->nmcw < 0 || c->nmcw > FG_GPU_TURBO_NMCW_MAX)
        return fg_set_error(FG_EINVAL, "nmcw=%d out of range [1, %d]", c->nmcw, FG_GPU_TURBO_NMCW_MAX);
    *nmcw = c->nmcw; /* 0: default_nmcw, once the kernel's occupancy is known */
    return 0;
}

/* The default NMCW: batches of about 2^24 / K codewords (at least 256), rounded up to whole waves of thread
 * blocks over the device (wave = blocks per SM x SMs; the streams run concurrently and share it), so no
 * partial last wave leaves SMs idle. */
static int default_nmcw(const fg_gpu_turbo *d, int wave)
{
    int target = (1 << 24) / d->K;
    target = target < 256 ? 256 : target;
    const long long blocks = (target + d->p.ncw - 1) / d->p.ncw;
    const long long waves = (blocks + wave - 1) / wave;
    const long long nmcw = (waves * wave + d->ns - 1) / d->ns;
    return (int)(nmcw > (long long)FG_GPU_TURBO_NMCW_MAX ? (long long)FG_GPU_TURBO_NMCW_MAX : nmcw);
}

/* Thread-order address of position k of a SISO's order. */
static int taddr(const tg::params &p, int k) { return (k % p.L) * p.P + k / p.L; }

/* The parameters common to both modes: sub-blocks of L positions, the schedule and seg. */
static int base_params(int K, int P, int L, int H, int nii, const fg_turbo_et *et, int seg, int lanes,
                       tg::params *p)
{
    if (seg != 4 && seg != 8)
        return fg_set_error(FG_EINVAL, "seg=%d invalid: 4 or 8 positions between alpha checkpoints", seg);
    memset(p, 0, sizeof *p);
    p->K = K;
    p->P = P;
    p->L = L;
    p->LP = L * P;
    p->n_sub = (K + L - 1) / L;
    p->H = H;
    p->nii = nii;
    p->et_kind = (int)et->kind;
    p->et_threshold = et->threshold;
    p->seg = seg;
    p->lanes = lanes;
    p->nck = (L + seg - 1) / seg;
    return 0;
}

/* Fixed mode: the parameters of (K, fx), seg and lanes (the batch shape and the extrinsics' place are the
 * caller's). The C model's checks are the decoder's. */
static int make_params(fg_std std, int K, const fg_turbo_fixed_cfg *fx, int seg, int lanes, tg::params *p)
{
    fg_turbo_fixed *model = NULL;
    int rc = fg_turbo_fixed_create(std, K, fx, &model);
    fg_turbo_fixed_destroy(model);
    fg_xmap_schedule sch;
    if (rc || (rc = fg_xmap_schedule_init(&sch, K, 4 * fx->P)) ||
        (rc = base_params(K, fx->P, sch.L, fx->half_iters, fx->nii, &fx->et, seg, lanes, p)))
        return rc;
    p->fmt = fx->fmt;
    p->d1 = fg_xmap_delta1(&fx->fmt);
    return 0;
}

/* Float mode: the parameters of (K, fl) and seg; the C float decoder's checks and no sliding window. Its
 * sub-blocks: L = ceil(K/P), rounded up to even for the radix-4 partition. */
static int make_params_float(fg_std std, int K, const fg_turbo_dec_cfg *fl, int seg, tg::params *p)
{
    fg_turbo_dec *model = NULL;
    int rc = fg_turbo_dec_create(std, K, fl, &model);
    fg_turbo_dec_destroy(model);
    if (rc)
        return rc;
    if (fl->window != 0)
        return fg_set_error(FG_EINVAL, "window=%d: the GPU decoders run whole sub-blocks (window 0 only)", fl->window);
    int L = (K + fl->P - 1) / fl->P;
    L += fl->radix == 4 ? (L & 1) : 0;
    if ((rc = base_params(K, fl->P, L, fl->half_iters, fl->nii, &fl->et, seg, 1, p)))
        return rc;
    p->alg = (int)fl->alg;
    p->ext_scale = (float)fl->ext_scale;
    return 0;
}

/* Linear-log-MAP on the fused kernel: its max* is not associative, so its LLRs depend on the order of their
 * maxima, and the fused kernel's (llr_maxima) is not the C decoder's; the thesis kernel keeps that order. */
static int check_alg(const fg_turbo_dec_cfg *fl, fg_gpu_turbo_kernel kernel)
{
    if (fl->alg == FG_TURBO_ALG_LINLOG && kernel != FG_GPU_TURBO_THESIS)
        return fg_set_error(FG_EINVAL, "alg=linlog runs on kernel=thesis only: the fused kernel computes maxlog and log "
                                       "(linear-log-MAP's max* is not associative, and the fused kernel's order of "
                                       "the LLR's maxima is not the C decoder's)");
    return 0;
}

/* The parameters of a decoder's configuration, by its mode. */
static int params_of(fg_std std, int K, const fg_gpu_turbo_cfg *c, tg::params *p)
{
    if (c->mode == FG_GPU_TURBO_FLOAT) {
        const int rc = check_alg(&c->fl, c->kernel);
        return rc ? rc : make_params_float(std, K, &c->fl, c->seg, p);
    }
    if (c->mode != FG_GPU_TURBO_FIXED)
        return fg_set_error(FG_EINVAL, "mode=%d out of range [0, 1] (fixed, float)", (int)c->mode);
    return make_params(std, K, &c->fx, c->seg, c->lanes, p);
}

/* The thesis kernel's parameters from the float mode's (std LTE: the interleaver by eq. 4.19). */
static int thesis_params(fg_std std, const tg::params &p, int want_app, tgt::params *t)
{
    memset(t, 0, sizeof *t);
    t->K = p.K;
    t->P = p.P;
    t->L = p.L;
    t->H = p.H;
    t->nii = p.nii;
    t->alg = p.alg;
    t->ext_scale = p.ext_scale;
    t->et_kind = p.et_kind;
    t->et_threshold = p.et_threshold;
    t->want_app = want_app;
    t->qpp = std == FG_STD_LTE;
    if (t->qpp) {
        fg_lte_qpp q;
        const int rc = fg_lte_qpp_params(p.K, &q);
        if (rc)
            return rc;
        t->f1 = q.f1;
        t->f2 = q.f2;
    }
    return 0;
}

/* The early-termination rule of a configuration. */
static const fg_turbo_et *et_of(const fg_gpu_turbo_cfg *c)
{
    return c->mode == FG_GPU_TURBO_FLOAT ? &c->fl.et : &c->fx.et;
}

/* The tables of (std, K, P) on the host; crc only for early termination by CRC. */
typedef struct {
    uint16_t *a1, *a2, *n2, *pi;
    uint32_t *crc;
} host_tables;

static void host_tables_free(host_tables *t)
{
    free(t->a1);
    free(t->a2);
    free(t->n2);
    free(t->pi);
    free(t->crc);
    memset(t, 0, sizeof *t);
}

static int host_tables_make(fg_std std, const tg::params &p, const fg_turbo_et *et, host_tables *t)
{
    const int K = p.K, LP = p.LP;
    memset(t, 0, sizeof *t);
    int32_t *pi = (int32_t *)malloc(sizeof(int32_t) * K), *inv = (int32_t *)malloc(sizeof(int32_t) * K);
    uint8_t *one = (uint8_t *)calloc((size_t)K, 1);
    t->a1 = (uint16_t *)calloc((size_t)LP, 2);
    t->a2 = (uint16_t *)calloc((size_t)LP, 2);
    t->n2 = (uint16_t *)calloc((size_t)LP, 2);
    t->pi = (uint16_t *)malloc(2 * (size_t)K);
    const int want_crc = et->kind == FG_TURBO_ET_CRC;
    if (want_crc)
        t->crc = (uint32_t *)malloc(sizeof(uint32_t) * K);
    int rc = 0;
    if (!pi || !inv || !one || !t->a1 || !t->a2 || !t->n2 || !t->pi || (want_crc && !t->crc))
        rc = fg_set_error(FG_ENOMEM, "out of memory for the tables of K=%d", K);
    if (!rc)
        rc = fg_interleaver_table(std, K, pi);
    if (!rc) {
        fg_permutation_invert(K, pi, inv);
        for (int k = 0; k < K; k++) {
            t->a1[taddr(p, k)] = (uint16_t)taddr(p, inv[k]); /* SISO 1 position k (natural) reads interleaved inv[k] */
            t->a2[taddr(p, k)] = (uint16_t)taddr(p, pi[k]);  /* SISO 2 position k (interleaved) reads natural pi[k] */
            t->n2[taddr(p, k)] = (uint16_t)pi[k];
            t->pi[k] = (uint16_t)pi[k];
        }
    }
    /* CRC-24 is linear with a zero start: the remainder of a block is the xor of its ones' remainders */
    for (int j = 0; !rc && want_crc && j < K; j++) {
        one[0] = 1;
        rc = fg_crc24(et->crc_poly, one, K - j, &t->crc[j]);
    }
    free(pi);
    free(inv);
    free(one);
    if (rc)
        host_tables_free(t);
    return rc;
}

/* The tables on the device. */
static int make_tables(fg_gpu_turbo *d)
{
    host_tables t;
    int rc = host_tables_make(d->std, d->p, et_of(&d->cfg), &t);
    if (rc)
        return rc;
    const size_t LP = (size_t)d->p.LP, K = (size_t)d->K;
#define UP(dst, src, bytes)                                                                                    \
    do {                                                                                                       \
        cudaError_t e_ = cudaMalloc((void **)&(dst), (bytes));                                                 \
        if (e_ == cudaSuccess)                                                                                 \
            e_ = cudaMemcpy((dst), (src), (bytes), cudaMemcpyHostToDevice);                                    \
        if (e_ != cudaSuccess && !rc)                                                                          \
            rc = cuda_fail(e_, "upload of the turbo tables");                                                  \
    } while (0)
    UP(d->d_a1, t.a1, 2 * LP);
    UP(d->d_a2, t.a2, 2 * LP);
    UP(d->d_n2, t.n2, 2 * LP);
    UP(d->d_pi, t.pi, 2 * K);
    if (t.crc)
        UP(d->d_crc, t.crc, sizeof(uint32_t) * K);
#undef UP
    host_tables_free(&t);
    return rc;
}

static int alloc_stream(fg_gpu_turbo *d, tstream *b)
{
    const size_t B = (size_t)d->per_stream, K = (size_t)d->K, e = elem(d);
    const tg::params &p = d->p;
    CU(cudaStreamCreateWithFlags(&b->s, cudaStreamNonBlocking));
    CU(cudaEventCreate(&b->ev_in));
    CU(cudaEventCreate(&b->ev_k1));
    CU(cudaEventCreate(&b->ev_out));
    CU(cudaMalloc(&b->d_q, B * d->N * e));
    if (d->thesis) { /* the channel as it comes, extrinsics, the alpha spill and the early-termination slots */
        CU(cudaMalloc(&b->d_ext, B * 2 * K * sizeof(float)));
        CU(cudaMalloc(&b->d_ckpt, B * (size_t)p.LP * 8 * sizeof(float))); /* tgt::alpha_len */
        if (p.et_kind != FG_TURBO_ET_NONE)
            CU(cudaMalloc((void **)&b->d_et, B * sizeof(tg::et_slot)));
    } else {
        CU(cudaMalloc(&b->d_chan, B * tg::chan_len(p) * e));
        if (!p.ext_shared)
            CU(cudaMalloc(&b->d_ext, B * 2 * p.LP * e));
        /* checkpoints: 16-bit with 8-bit storage, else 32-bit (int32 or float) */
        CU(cudaMalloc(&b->d_ckpt, B * tg::ckpt_len(p) * (!d->flt && d->in8 ? 2 : 4)));
    }
    /* stakes and APPs: 32-bit (int32 or float) */
    CU(cudaMalloc(&b->d_stakes, B * tg::stake_len(p) * 4));
    CU(cudaMalloc(&b->d_app, B * K * 4));
    CU(cudaMalloc((void **)&b->d_half, B * sizeof(int32_t)));
    CU(cudaMalloc((void **)&b->d_bits, B * K));
    CU(cudaMallocHost(&b->h_q, B * d->N * e));
    CU(cudaMallocHost((void **)&b->h_bits, B * K));
    CU(cudaMallocHost(&b->h_app, B * K * 4));
    CU(cudaMallocHost((void **)&b->h_half, B * sizeof(int32_t)));
    return 0;
}

/* The decode kernel of d's storage type T, lanes, checkpoint interval and extrinsics' place. */
template <typename T> using fused_t = void (*)(tg::params, tg::tables, tg::buffers<T>, int);
template <typename T, typename L> static fused_t<T> fused_kernel_l(const tg::params &p)
{
    if (p.seg == 4)
        return p.ext_shared ? tg::decode_fused<T, 4, true, L> : tg::decode_fused<T, 4, false, L>;
    return p.ext_shared ? tg::decode_fused<T, 8, true, L> : tg::decode_fused<T, 8, false, L>;
}
template <typename T> static fused_t<T> fused_kernel(const fg_gpu_turbo *d)
{
    if constexpr (std::is_same<T, float>::value) {
        if (d->p.alg == FG_TURBO_ALG_LOG)
            return fused_kernel_l<T, tg::flt<FG_TURBO_ALG_LOG>>(d->p);
        return fused_kernel_l<T, tg::flt<FG_TURBO_ALG_MAXLOG>>(d->p);
    } else {
        if constexpr (std::is_same<T, int8_t>::value) /* two lanes: 8-bit storage only */
            if (d->p.lanes == 2)
                return fused_kernel_l<T, tg::lanes2>(d->p);
        return fused_kernel_l<T, tg::lanes1>(d->p);
    }
}

template <typename T> static cudaError_t set_smem(const fg_gpu_turbo *d)
{
    return cudaFuncSetAttribute(fused_kernel<T>(d), cudaFuncAttributeMaxDynamicSharedMemorySize, (int)d->smem);
}

template <typename T> static cudaError_t blocks_per_sm(const fg_gpu_turbo *d, int *n)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, fused_kernel<T>(d), d->p.ncw / d->p.lanes * d->p.P, d->smem);
}

int fg_gpu_turbo_create(fg_std std, int K, const fg_gpu_turbo_cfg *cfg, fg_gpu_turbo **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "fg_gpu_turbo_create: out is NULL");
    *out = NULL;
    const fg_gpu_turbo_cfg c = cfg ? *cfg : fg_gpu_turbo_cfg_default();
    int ncw = 0, nmcw = 0;
    tg::params prm;
    int rc = params_of(std, K, &c, &prm);
    if (rc || (rc = check_shape(&c, prm.P, &ncw, &nmcw)))
        return rc;
    prm.ncw = ncw;
    const int ndev = fg_gpu_device_count();
    if (ndev == 0)
        return fg_set_error(FG_ENODEV, "no CUDA device present");
    if (c.device < 0 || c.device >= ndev)
        return fg_set_error(FG_EINVAL, "device=%d out of range [0, %d]", c.device, ndev - 1);

    fg_gpu_turbo *d = (fg_gpu_turbo *)calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "out of memory");
    d->cfg = c;
    d->std = std;
    d->K = K;
    d->N = 3 * K + FG_TURBO_TAIL;
    d->flt = c.mode == FG_GPU_TURBO_FLOAT;
    d->in8 = !d->flt && storage8(&c.fx.fmt);
    d->thesis = c.kernel == FG_GPU_TURBO_THESIS;
    d->ns = c.streams;
    d->cfg.ncw = ncw;
    d->p = prm;
    tg::params &p = d->p;
    cudaDeviceProp pr;
    if (cudaSetDevice(c.device) != cudaSuccess || cudaGetDeviceProperties(&pr, c.device) != cudaSuccess) {
        fg_gpu_turbo_destroy(d);
        return cuda_fail(cudaGetLastError(), "cudaSetDevice");
    }
    /* the extrinsics in shared memory when two blocks fit in an SM's */
    const size_t ext_bytes = (size_t)ncw * 2 * p.LP * elem(d), et = tg::et_bytes(ncw);
    p.ext_shared = 2 * (et + ext_bytes) <= pr.sharedMemPerMultiprocessor - 2048 &&
                   et + ext_bytes <= pr.sharedMemPerBlockOptin;
    d->smem = et + (p.ext_shared ? ext_bytes : 0);
    if ((rc = make_tables(d))) {
        fg_gpu_turbo_destroy(d);
        return rc;
    }
    if (d->thesis) { /* batches of at least 2^24 / K codewords: thousands of blocks, no wave rounding */
        const int target = (1 << 24) / K > 256 ? (1 << 24) / K : 256;
        if (!nmcw)
            nmcw = (target + ncw - 1) / ncw;
        d->per_stream = ncw * nmcw;
        d->cfg.nmcw = nmcw;
    } else {
        int per_sm = 0;
        cudaError_t e = with_storage(d, [&](auto z) {
            cudaError_t r = set_smem<decltype(z)>(d);
            return r == cudaSuccess ? blocks_per_sm<decltype(z)>(d, &per_sm) : r;
        });
        if (e != cudaSuccess) {
            fg_gpu_turbo_destroy(d);
            return cuda_fail(e, "the decode kernel's attributes");
        }
        if (!nmcw)
            nmcw = default_nmcw(d, (per_sm > 0 ? per_sm : 1) * pr.multiProcessorCount);
        d->per_stream = ncw * nmcw;
        d->cfg.nmcw = nmcw;
    }
    d->sb = (tstream *)calloc((size_t)d->ns, sizeof *d->sb);
    if (!d->sb) {
        fg_gpu_turbo_destroy(d);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    for (int s = 0; s < d->ns; s++)
        if ((rc = alloc_stream(d, &d->sb[s]))) {
            fg_gpu_turbo_destroy(d);
            return rc;
        }
    *out = d;
    return 0;
}

/* Codewords of stream s in a batch of count. */
static int chunk_of(const fg_gpu_turbo *d, int s, int count)
{
    const int c = count - s * d->per_stream;
    return c < 0 ? 0 : c > d->per_stream ? d->per_stream : c;
}

template <typename T> static void launch_t(const fg_gpu_turbo *d, tstream *b, int cs, int want_app)
{
    tg::params p = d->p;
    p.want_app = want_app;
    tg::tables tb = {d->d_a1, d->d_a2, d->d_n2, d->d_pi, d->d_crc};
    typedef typename tg::val_of<T>::type V;
    tg::buffers<T> bf = {(const T *)b->d_q, (T *)b->d_chan, (T *)b->d_ext, (typename tg::ck_of<T>::type *)b->d_ckpt,
                         (V *)b->d_stakes,  b->d_bits,      (V *)b->d_app, b->d_half};
    const size_t work = (size_t)cs * (p.LP + 12);
    const int rblocks = (int)((work + 255) / 256 < 65535 ? (work + 255) / 256 : 65535);
    tg::rearrange<T><<<rblocks, 256, 0, b->s>>>(p, tb, bf.q, bf.chan, cs);
    const int blocks = (cs + p.ncw - 1) / p.ncw;
    fused_kernel<T>(d)<<<blocks, p.ncw / p.lanes * p.P, d->smem, b->s>>>(p, tb, bf, cs);
}

/* The thesis's kernel: a launch per half-iteration (and the early-termination rule after each). */
static int launch_thesis(const fg_gpu_turbo *d, tstream *b, int cs, int want_app)
{
    tgt::params t;
    int rc = thesis_params(d->std, d->p, want_app, &t);
    if (rc)
        return rc;
    const tgt::tables tb = {d->d_pi, d->d_crc};
    const tgt::buffers bf = {(const float *)b->d_q, (float *)b->d_ext, (float *)b->d_ckpt, (float *)b->d_stakes,
                             b->d_et, b->d_half, b->d_bits, (float *)b->d_app};
    const int blocks = (int)(((size_t)cs * t.P + tgt::GROUPS - 1) / tgt::GROUPS), small = (cs + 255) / 256;
    tgt::start<<<1024, 256, 0, b->s>>>(t, bf, cs);
    for (int h = 0; h < t.H; h++) {
        if (t.alg == FG_TURBO_ALG_LOG)
            tgt::map_half<FG_TURBO_ALG_LOG><<<blocks, tgt::THREADS, 0, b->s>>>(t, tb, bf, cs, h);
        else if (t.alg == FG_TURBO_ALG_LINLOG)
            tgt::map_half<FG_TURBO_ALG_LINLOG><<<blocks, tgt::THREADS, 0, b->s>>>(t, tb, bf, cs, h);
        else
            tgt::map_half<FG_TURBO_ALG_MAXLOG><<<blocks, tgt::THREADS, 0, b->s>>>(t, tb, bf, cs, h);
        if (t.et_kind != FG_TURBO_ET_NONE)
            tgt::et_update<<<small, 256, 0, b->s>>>(t, bf, cs);
    }
    return 0;
}

/* Rearrange and decode the cs codewords already in stream b's device input (want_app: their APPs too). */
static int launch_decode(const fg_gpu_turbo *d, tstream *b, int cs, int want_app)
{
    if (d->thesis) {
        const int rc = launch_thesis(d, b, cs, want_app);
        if (rc)
            return rc;
        CU(cudaGetLastError());
        return 0;
    }
    with_storage(d, [&](auto z) {
        launch_t<decltype(z)>(d, b, cs, want_app);
        return 0;
    });
    CU(cudaGetLastError());
    return 0;
}

static int sync_all(const fg_gpu_turbo *d)
{
    for (int s = 0; s < d->ns; s++)
        CU(cudaStreamSynchronize(d->sb[s].s));
    return 0;
}

/* The pinned inputs of a batch of count codewords, depth first through the streams: copy in, decode, copy
 * out the decisions (and the APPs and half-iterations when asked). */
static int run_batch(fg_gpu_turbo *d, int count, int want_app, int want_half)
{
    CU(cudaSetDevice(d->cfg.device));
    const size_t e = elem(d), K = (size_t)d->K;
    int rc = 0;
    for (int s = 0; s < d->ns && !rc; s++) {
        tstream *b = &d->sb[s];
        const int cs = chunk_of(d, s, count);
        if (!cs)
            break;
        /* two lanes decode codewords in pairs: an odd chunk's partner is the zeroed slot after it */
        const int cl = (cs + d->p.lanes - 1) / d->p.lanes * d->p.lanes;
        CU(cudaEventRecord(b->ev_in, b->s));
        CU(cudaMemcpyAsync(b->d_q, b->h_q, (size_t)cl * d->N * e, cudaMemcpyHostToDevice, b->s));
        if ((rc = launch_decode(d, b, cl, want_app)))
            break;
        CU(cudaEventRecord(b->ev_k1, b->s));
        CU(cudaMemcpyAsync(b->h_bits, b->d_bits, (size_t)cs * K, cudaMemcpyDeviceToHost, b->s));
        if (want_app)
            CU(cudaMemcpyAsync(b->h_app, b->d_app, (size_t)cs * K * 4, cudaMemcpyDeviceToHost, b->s));
        if (want_half)
            CU(cudaMemcpyAsync(b->h_half, b->d_half, (size_t)cs * sizeof(int32_t), cudaMemcpyDeviceToHost, b->s));
        CU(cudaEventRecord(b->ev_out, b->s));
    }
    return rc ? rc : sync_all(d);
}

/* A batch of count codewords (checked by the caller): put(dst, f0, n) stores codewords f0 .. f0 + n - 1 of the
 * input into a stream's pinned buffer in the storage type; the decisions and half-iterations out, and with
 * want_app get_app(src, f0, n) takes the APPs of those codewords from a stream's pinned results. */
template <typename Put, typename GetApp>
static int decode_batch(fg_gpu_turbo *d, int count, Put put, uint8_t *bits, int want_app, GetApp get_app,
                        int *half_iters)
{
    const int B = fg_gpu_turbo_batch(d);
    if (count < 1 || count > B)
        return fg_set_error(FG_EINVAL, "count=%d out of range [1, %d] (one batch)", count, B);
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        put(d->sb[s].h_q, (size_t)s * d->per_stream, cs);
        if (cs % d->p.lanes) /* the partner of an odd chunk's last codeword (per_stream is a multiple of lanes) */
            memset((char *)d->sb[s].h_q + (size_t)cs * d->N * elem(d), 0, (size_t)d->N * elem(d));
    }
    int rc = run_batch(d, count, want_app, 1);
    if (rc)
        return rc;
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        const size_t at = (size_t)s * d->per_stream;
        memcpy(bits + at * d->K, d->sb[s].h_bits, (size_t)cs * d->K);
        if (want_app)
            get_app(d->sb[s].h_app, at, cs);
        for (int i = 0; half_iters && i < cs; i++)
            half_iters[at + i] = d->sb[s].h_half[i];
    }
    return 0;
}

/* FG_EINVAL unless d decodes in mode m. */
static int check_mode(const fg_gpu_turbo *d, fg_gpu_turbo_mode m, const char *fn)
{
    if ((d->flt != 0) != (m == FG_GPU_TURBO_FLOAT))
        return fg_set_error(FG_EINVAL, "%s: the decoder was created for %s mode", fn, d->flt ? "float" : "fixed");
    return 0;
}

/* q_N of count codewords within w_ch bits, else FG_EINVAL naming the value. */
static int check_q(const int32_t *q, int count, int N, int w_ch)
{
    const int32_t m = fg_fx_max(w_ch);
    for (size_t i = 0; i < (size_t)count * N; i++)
        if (q[i] < -m || q[i] > m)
            return fg_set_error(FG_EINVAL, "q_N[%d]=%d of frame %d out of range [%d, %d] (w_ch=%d bits)", (int)(i % N),
                                (int)q[i], (int)(i / N), -m, m, w_ch);
    return 0;
}

/* llr_N of count codewords finite, else FG_EINVAL naming the value. */
static int check_llr(const double *llr, int count, int N)
{
    for (size_t i = 0; i < (size_t)count * N; i++)
        if (!isfinite(llr[i]))
            return fg_set_error(FG_EINVAL, "llr_N[%d]=%g of frame %d is not finite", (int)(i % N), llr[i], (int)(i / N));
    return 0;
}

/* The float decoders' input value (the C float decoder's clip). */
static float clip_llr(double x)
{
    return (float)(x > FG_TURBO_LLR_CLIP ? FG_TURBO_LLR_CLIP : x < -FG_TURBO_LLR_CLIP ? -FG_TURBO_LLR_CLIP : x);
}

int fg_gpu_turbo_decode(fg_gpu_turbo *d, int count, const int32_t *q, uint8_t *bits, int32_t *app, int *half_iters)
{
    if (!d || !q || !bits)
        return fg_set_error(FG_EINVAL, "fg_gpu_turbo_decode: NULL argument");
    const size_t N = (size_t)d->N, K = (size_t)d->K;
    int rc = check_mode(d, FG_GPU_TURBO_FIXED, "fg_gpu_turbo_decode");
    if (rc || (count >= 1 && count <= fg_gpu_turbo_batch(d) && (rc = check_q(q, count, d->N, d->cfg.fx.fmt.w_ch))))
        return rc;
    return decode_batch(
        d, count,
        [&](void *dst, size_t f0, int n) {
            const int32_t *src = q + f0 * N;
            for (size_t i = 0; i < (size_t)n * N; i++) {
                if (d->in8)
                    ((int8_t *)dst)[i] = (int8_t)src[i];
                else
                    ((int16_t *)dst)[i] = (int16_t)src[i];
            }
        },
        bits, app != NULL, [&](const void *src, size_t f0, int n) { memcpy(app + f0 * K, src, (size_t)n * K * 4); },
        half_iters);
}

int fg_gpu_turbo_decode_float(fg_gpu_turbo *d, int count, const double *llr, uint8_t *bits, double *app,
                              int *half_iters)
{
    if (!d || !llr || !bits)
        return fg_set_error(FG_EINVAL, "fg_gpu_turbo_decode_float: NULL argument");
    const size_t N = (size_t)d->N, K = (size_t)d->K;
    int rc = check_mode(d, FG_GPU_TURBO_FLOAT, "fg_gpu_turbo_decode_float");
    if (rc || (count >= 1 && count <= fg_gpu_turbo_batch(d) && (rc = check_llr(llr, count, d->N))))
        return rc;
    return decode_batch(
        d, count,
        [&](void *dst, size_t f0, int n) {
            for (size_t i = 0; i < (size_t)n * N; i++)
                ((float *)dst)[i] = clip_llr(llr[f0 * N + i]);
        },
        bits, app != NULL,
        [&](const void *src, size_t f0, int n) {
            for (size_t i = 0; i < (size_t)n * K; i++)
                app[f0 * K + i] = ((const float *)src)[i];
        },
        half_iters);
}

/* Frames of the turbo family (seed 1, frame f) at sigma, quantised, into the pinned inputs: `distinct`
 * frames made on the host, repeated over the batch. */
static int bench_inputs(fg_gpu_turbo *d, double sigma, int distinct)
{
    const int K = d->K, N = d->N, B = fg_gpu_turbo_batch(d);
    uint8_t *bits = (uint8_t *)malloc((size_t)K), *cw = (uint8_t *)malloc((size_t)N);
    double *llr = (double *)malloc(sizeof(double) * (size_t)distinct * N);
    int32_t *q = (int32_t *)malloc(sizeof(int32_t) * (size_t)distinct * N);
    int rc = !bits || !cw || !llr || !q ? fg_set_error(FG_ENOMEM, "out of memory for the bench frames") : 0;
    for (int f = 0; !rc && f < distinct; f++) {
        double *l = llr + (size_t)f * N;
        if (!(rc = fg_channel_random_bits(K, 1, (uint64_t)f, bits)) && !(rc = fg_turbo_encode(d->std, K, bits, cw)) &&
            !(rc = fg_channel_bpsk_awgn(cw, N, sigma, 1, (uint64_t)f, l)) && !(rc = fg_channel_llr(l, N, sigma, l)) &&
            !d->flt)
            rc = fg_llr_quantize(l, N, d->cfg.fx.fmt.w_ch, d->cfg.fx.fmt.f_ch, q + (size_t)f * N);
    }
    for (int g = 0; !rc && g < B; g++) {
        const int s = g / d->per_stream, i = g % d->per_stream;
        const size_t f = (size_t)(g % distinct) * N, at = (size_t)i * N;
        for (int j = 0; j < N; j++) {
            if (d->flt)
                ((float *)d->sb[s].h_q)[at + j] = clip_llr(llr[f + j]);
            else if (d->in8)
                ((int8_t *)d->sb[s].h_q)[at + j] = (int8_t)q[f + j];
            else
                ((int16_t *)d->sb[s].h_q)[at + j] = (int16_t)q[f + j];
        }
    }
    free(bits);
    free(cw);
    free(llr);
    free(q);
    return rc;
}

int fg_gpu_turbo_bench(fg_gpu_turbo *d, double ebn0_db, int batches, fg_impl_timing *out)
{
    if (!d || !out)
        return fg_set_error(FG_EINVAL, "fg_gpu_turbo_bench: NULL %s", !d ? "dec" : "out");
    if (batches < 1 || batches > 100000)
        return fg_set_error(FG_EINVAL, "batches=%d out of range [1, 100000]", batches);
    const int B = fg_gpu_turbo_batch(d), K = d->K, N = d->N;
    double sigma;
    int rc = fg_channel_sigma(ebn0_db, (double)K / N, &sigma);
    if (rc || (rc = bench_inputs(d, sigma, B < 256 ? B : 256)))
        return rc;
    rc = bench_timing(
        d->sb, d->ns, batches, [&](int s) { return launch_decode(d, &d->sb[s], chunk_of(d, s, B), 0); },
        [&]() { return run_batch(d, B, 0, 0); }, &out->kernel_ms, &out->total_ms, &out->latency_ms);
    if (!rc) {
        out->batch = B;
        out->coded_mbps_kernel = (double)B * N / (out->kernel_ms * 1e3);
        out->info_mbps_kernel = (double)B * K / (out->kernel_ms * 1e3);
        out->coded_mbps_total = (double)B * N / (out->total_ms * 1e3);
        out->info_mbps_total = (double)B * K / (out->total_ms * 1e3);
    }
    return rc;
}

/* decode_host of p's checkpoint interval and lanes (two lanes: 8-bit storage only), or of its float algorithm. */
template <typename T> static void host_decode_l(const tg::params &p, const tg::tables &tb, const tg::buffers<T> &bf, int n)
{
    auto run = [&](auto pol) {
        typedef decltype(pol) L;
        if (p.seg == 4)
            tg::decode_host<T, 4, L>(p, tb, bf, n);
        else
            tg::decode_host<T, 8, L>(p, tb, bf, n);
    };
    if constexpr (std::is_same<T, float>::value) {
        if (p.alg == FG_TURBO_ALG_LOG)
            run(tg::flt<FG_TURBO_ALG_LOG>());
        else
            run(tg::flt<FG_TURBO_ALG_MAXLOG>());
    } else {
        if constexpr (std::is_same<T, int8_t>::value)
            if (p.lanes == 2) {
                run(tg::lanes2());
                return;
            }
        run(tg::lanes1());
    }
}

/* The host decode of count codewords qt (count x N, the storage type T; with two lanes room for an odd
 * count's zeroed partner) into bits, app (count x K values, may be NULL) and half_iters. */
template <typename T>
static int host_decode_t(const tg::params &p, const host_tables &t, int count, T *qt, uint8_t *bits,
                         typename tg::val_of<T>::type *app, int *half_iters)
{
    typedef typename tg::ck_of<T>::type C;
    typedef typename tg::val_of<T>::type V;
    /* two lanes decode codewords in pairs: an odd count gets a zeroed partner */
    const size_t n = (size_t)(count + p.lanes - 1) / p.lanes * p.lanes, N = 3 * (size_t)p.K + FG_TURBO_TAIL;
    const size_t K = (size_t)p.K;
    T *chan = (T *)malloc(sizeof(T) * n * tg::chan_len(p));
    T *ext = (T *)malloc(sizeof(T) * n * 2 * p.LP);
    C *ck = (C *)malloc(sizeof(C) * n * tg::ckpt_len(p));
    V *stakes = (V *)malloc(sizeof(V) * n * tg::stake_len(p));
    V *app_all = (V *)malloc(sizeof(V) * n * K);
    int32_t *half = (int32_t *)malloc(sizeof(int32_t) * n);
    uint8_t *hard = (uint8_t *)malloc(n * K);
    int rc = 0;
    if (!chan || !ext || !ck || !stakes || !app_all || !half || !hard)
        rc = fg_set_error(FG_ENOMEM, "out of memory for %d codewords of K=%d", count, p.K);
    if (!rc) {
        memset(qt + (size_t)count * N, 0, sizeof(T) * (n - (size_t)count) * N);
        const tg::buffers<T> bf = {qt, chan, ext, ck, stakes, hard, app_all, half};
        const tg::tables tb = {t.a1, t.a2, t.n2, t.pi, t.crc};
        for (size_t g = 0; g < n * (p.LP + 12); g++)
            tg::rearrange1(p, tb, bf.q, bf.chan, g);
        host_decode_l<T>(p, tb, bf, (int)n);
        memcpy(bits, hard, (size_t)count * K);
        if (app)
            memcpy(app, app_all, sizeof(V) * (size_t)count * K);
        for (int i = 0; half_iters && i < count; i++)
            half_iters[i] = half[i];
    }
    free(chan);
    free(ext);
    free(ck);
    free(stakes);
    free(app_all);
    free(half);
    free(hard);
    return rc;
}

int fg_gpu_turbo_host_decode(fg_std std, int K, const fg_turbo_fixed_cfg *fx, int seg, int lanes, int count,
                             const int32_t *q, uint8_t *bits, int32_t *app, int *half_iters)
{
    if (!fx || !q || !bits || count < 1)
        return fg_set_error(FG_EINVAL, "fg_gpu_turbo_host_decode: NULL argument or count=%d < 1", count);
    tg::params p;
    int rc = make_params(std, K, fx, seg, lanes, &p);
    if (!rc && lanes != 1 && !(lanes == 2 && storage8(&fx->fmt)))
        rc = fg_set_error(FG_EINVAL, "lanes=%d invalid: 1, or 2 with 8-bit storage (w_ch=%d, w_ext=%d)", lanes,
                          fx->fmt.w_ch, fx->fmt.w_ext);
    const size_t N = 3 * (size_t)K + FG_TURBO_TAIL, n = (size_t)count + 1; /* room for a partner */
    host_tables t;
    if (rc || (rc = check_q(q, count, (int)N, fx->fmt.w_ch)) || (rc = host_tables_make(std, p, &fx->et, &t)))
        return rc;
    p.want_app = app != NULL;
    auto run = [&](auto z) {
        typedef decltype(z) T;
        T *qt = (T *)malloc(sizeof(T) * n * N);
        if (!qt)
            return fg_set_error(FG_ENOMEM, "out of memory for %d codewords of K=%d", count, K);
        for (size_t i = 0; i < (size_t)count * N; i++)
            qt[i] = (T)q[i];
        const int r = host_decode_t<T>(p, t, count, qt, bits, app, half_iters);
        free(qt);
        return r;
    };
    rc = storage8(&fx->fmt) ? run(int8_t()) : run(int16_t());
    host_tables_free(&t);
    return rc;
}

/* The thesis kernel on the host (tgt::decode_host) for count codewords qt (floats, count x N). */
static int host_decode_thesis(fg_std std, const tg::params &p, const host_tables &ht, int count, const float *qt,
                              uint8_t *bits, float *app, int *half_iters)
{
    tgt::params t;
    int rc = thesis_params(std, p, app != NULL, &t);
    if (rc)
        return rc;
    const size_t n = (size_t)count, K = (size_t)p.K;
    float *ext = (float *)malloc(sizeof(float) * n * 2 * K), *spill = (float *)malloc(sizeof(float) * n * tgt::alpha_len(t));
    float *stakes = (float *)malloc(sizeof(float) * n * tgt::stake_len(t));
    float *app_all = (float *)malloc(sizeof(float) * n * K);
    tg::et_slot *et = (tg::et_slot *)malloc(sizeof(tg::et_slot) * n);
    int32_t *half = (int32_t *)malloc(sizeof(int32_t) * n);
    if (!ext || !spill || !stakes || !app_all || !et || !half)
        rc = fg_set_error(FG_ENOMEM, "out of memory for %d codewords of K=%d", count, p.K);
    if (!rc) {
        const tgt::tables tb = {ht.pi, ht.crc};
        const tgt::buffers bf = {qt, ext, spill, stakes, et, half, bits, app_all};
        tgt::decode_host(t, tb, bf, count);
        if (app)
            memcpy(app, app_all, sizeof(float) * n * K);
        for (int i = 0; half_iters && i < count; i++)
            half_iters[i] = half[i];
    }
    free(ext);
    free(spill);
    free(stakes);
    free(app_all);
    free(et);
    free(half);
    return rc;
}

int fg_gpu_turbo_host_decode_float(fg_std std, int K, const fg_turbo_dec_cfg *fl, fg_gpu_turbo_kernel kernel, int seg,
                                   int count, const double *llr, uint8_t *bits, double *app, int *half_iters)
{
    if (!fl || !llr || !bits || count < 1)
        return fg_set_error(FG_EINVAL, "fg_gpu_turbo_host_decode_float: NULL argument or count=%d < 1", count);
    if (kernel != FG_GPU_TURBO_FUSED && kernel != FG_GPU_TURBO_THESIS)
        return fg_set_error(FG_EINVAL, "kernel=%d out of range [0, 1] (fused, thesis)", (int)kernel);
    tg::params p;
    const size_t N = 3 * (size_t)K + FG_TURBO_TAIL, Kz = (size_t)K;
    host_tables t;
    int rc = check_alg(fl, kernel);
    if (rc || (rc = make_params_float(std, K, fl, seg, &p)) || (rc = check_llr(llr, count, (int)N)) ||
        (rc = host_tables_make(std, p, &fl->et, &t)))
        return rc;
    p.want_app = app != NULL;
    float *qt = (float *)malloc(sizeof(float) * (size_t)count * N);
    float *app_f = app ? (float *)malloc(sizeof(float) * (size_t)count * Kz) : NULL;
    if (!qt || (app && !app_f))
        rc = fg_set_error(FG_ENOMEM, "out of memory for %d codewords of K=%d", count, K);
    for (size_t i = 0; !rc && i < (size_t)count * N; i++)
        qt[i] = clip_llr(llr[i]);
    if (!rc)
        rc = kernel == FG_GPU_TURBO_THESIS ? host_decode_thesis(std, p, t, count, qt, bits, app_f, half_iters)
                                           : host_decode_t<float>(p, t, count, qt, bits, app_f, half_iters);
    for (size_t i = 0; !rc && app && i < (size_t)count * Kz; i++)
        app[i] = app_f[i];
    free(qt);
    free(app_f);
    host_tables_free(&t);
    return rc;
}
