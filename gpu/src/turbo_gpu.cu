/* Host side of the GPU turbo decoder (fecforge_gpu/turbo_gpu.h, docs/gpu-turbo.md): configuration checks,
 * the tables of a (K, P), per-stream buffers, depth-first issue and the timing of full batches. */
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

struct tstream {
    cudaStream_t s;
    cudaEvent_t ev_in, ev_k1, ev_out; /* before copy-in, after the decode kernel, after copy-out */
    void *d_q, *d_chan, *d_ext;       /* int8 or int16 */
    void *d_ckpt; /* int16 or int32 (tg::ck_of) */
    int32_t *d_stakes, *d_app, *d_half;
    uint8_t *d_bits;
    void *h_q; /* pinned */
    uint8_t *h_bits;
    int32_t *h_app, *h_half;
};

struct fg_gpu_turbo {
    fg_gpu_turbo_cfg cfg;
    fg_std std;
    int K, N, in8, ns, per_stream;
    tg::params p;
    uint16_t *d_a1, *d_a2, *d_n2, *d_pi;
    uint32_t *d_crc;
    size_t smem;
    tstream *sb;
};

/* 8-bit storage of the channel and extrinsic LLRs (and 16-bit checkpoints, tg::ck_of) when both fit. */
static int storage8(const fg_xmap_fmt *f) { return f->w_ch <= 8 && f->w_ext <= 8; }

static size_t elem(const fg_gpu_turbo *d) { return d->in8 ? 1 : 2; }

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
    if (nl == 2 && !storage8(&c->fx.fmt))
        return fg_set_error(FG_EINVAL, "lanes=2 needs 8-bit storage: w_ch=%d and w_ext=%d must be at most 8",
                            c->fx.fmt.w_ch, c->fx.fmt.w_ext);
    if (c->kernel != FG_GPU_TURBO_FUSED)
        return fg_set_error(FG_EINVAL, "kernel=%d out of range [0, 0] (fused)", (int)c->kernel);
    if (c->streams < 1 || c->streams > FG_GPU_TURBO_STREAMS_MAX)
        return fg_set_error(FG_EINVAL, "streams=%d out of range [1, %d]", c->streams, FG_GPU_TURBO_STREAMS_MAX);
    const int ncw_max = FG_GPU_TURBO_THREADS_MAX / P * nl;
    *ncw = c->ncw ? c->ncw : nl * (128 / P > 1 ? 128 / P : 1);
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

/* The parameters of (K, fx), seg and lanes (the batch shape and the extrinsics' place are the caller's). */
static int make_params(fg_std std, int K, const fg_turbo_fixed_cfg *fx, int seg, int lanes, tg::params *p)
{
    /* the C model's checks are the decoder's */
    fg_turbo_fixed *model = NULL;
    int rc = fg_turbo_fixed_create(std, K, fx, &model);
    fg_turbo_fixed_destroy(model);
    fg_xmap_schedule sch;
    if (rc || (rc = fg_xmap_schedule_init(&sch, K, 4 * fx->P)))
        return rc;
    if (seg != 4 && seg != 8)
        return fg_set_error(FG_EINVAL, "seg=%d invalid: 4 or 8 positions between alpha checkpoints", seg);
    memset(p, 0, sizeof *p);
    p->K = K;
    p->P = fx->P;
    p->L = sch.L;
    p->LP = sch.L * fx->P;
    p->n_sub = (K + sch.L - 1) / sch.L;
    p->H = fx->half_iters;
    p->nii = fx->nii;
    p->fmt = fx->fmt;
    p->d1 = fg_xmap_delta1(&fx->fmt);
    p->et_kind = (int)fx->et.kind;
    p->et_threshold = fx->et.threshold;
    p->seg = seg;
    p->lanes = lanes;
    p->nck = (sch.L + seg - 1) / seg;
    return 0;
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
    int rc = host_tables_make(d->std, d->p, &d->cfg.fx.et, &t);
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
    CU(cudaMalloc(&b->d_chan, B * tg::chan_len(p) * e));
    if (!p.ext_shared)
        CU(cudaMalloc(&b->d_ext, B * 2 * p.LP * e));
    CU(cudaMalloc(&b->d_ckpt, B * tg::ckpt_len(p) * (d->in8 ? sizeof(int16_t) : sizeof(int32_t))));
    CU(cudaMalloc((void **)&b->d_stakes, B * tg::stake_len(p) * sizeof(int32_t)));
    CU(cudaMalloc((void **)&b->d_app, B * K * sizeof(int32_t)));
    CU(cudaMalloc((void **)&b->d_half, B * sizeof(int32_t)));
    CU(cudaMalloc((void **)&b->d_bits, B * K));
    CU(cudaMallocHost(&b->h_q, B * d->N * e));
    CU(cudaMallocHost((void **)&b->h_bits, B * K));
    CU(cudaMallocHost((void **)&b->h_app, B * K * sizeof(int32_t)));
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
    if constexpr (std::is_same<T, int8_t>::value) /* two lanes: 8-bit storage only */
        if (d->p.lanes == 2)
            return fused_kernel_l<T, tg::lanes2>(d->p);
    return fused_kernel_l<T, tg::lanes1>(d->p);
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
    int rc = make_params(std, K, &c.fx, c.seg, c.lanes, &prm);
    if (rc || (rc = check_shape(&c, c.fx.P, &ncw, &nmcw)))
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
    d->in8 = storage8(&c.fx.fmt);
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
    {
        int per_sm = 0;
        cudaError_t e = d->in8 ? set_smem<int8_t>(d) : set_smem<int16_t>(d);
        if (e == cudaSuccess)
            e = d->in8 ? blocks_per_sm<int8_t>(d, &per_sm) : blocks_per_sm<int16_t>(d, &per_sm);
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
    tg::buffers<T> bf = {(const T *)b->d_q, (T *)b->d_chan, (T *)b->d_ext, (typename tg::ck_of<T>::type *)b->d_ckpt,
                         b->d_stakes,
                         b->d_bits,         b->d_app,       b->d_half};
    const size_t work = (size_t)cs * (p.LP + 12);
    const int rblocks = (int)((work + 255) / 256 < 65535 ? (work + 255) / 256 : 65535);
    tg::rearrange<T><<<rblocks, 256, 0, b->s>>>(p, tb, bf.q, bf.chan, cs);
    const int blocks = (cs + p.ncw - 1) / p.ncw;
    fused_kernel<T>(d)<<<blocks, p.ncw / p.lanes * p.P, d->smem, b->s>>>(p, tb, bf, cs);
}

/* Rearrange and decode the cs codewords already in stream b's device input (want_app: their APPs too). */
static int launch_decode(const fg_gpu_turbo *d, tstream *b, int cs, int want_app)
{
    if (d->in8)
        launch_t<int8_t>(d, b, cs, want_app);
    else
        launch_t<int16_t>(d, b, cs, want_app);
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
            CU(cudaMemcpyAsync(b->h_app, b->d_app, (size_t)cs * K * sizeof(int32_t), cudaMemcpyDeviceToHost, b->s));
        if (want_half)
            CU(cudaMemcpyAsync(b->h_half, b->d_half, (size_t)cs * sizeof(int32_t), cudaMemcpyDeviceToHost, b->s));
        CU(cudaEventRecord(b->ev_out, b->s));
    }
    return rc ? rc : sync_all(d);
}

int fg_gpu_turbo_decode(fg_gpu_turbo *d, int count, const int32_t *q, uint8_t *bits, int32_t *app, int *half_iters)
{
    if (!d || !q || !bits)
        return fg_set_error(FG_EINVAL, "fg_gpu_turbo_decode: NULL argument");
    const int B = fg_gpu_turbo_batch(d);
    if (count < 1 || count > B)
        return fg_set_error(FG_EINVAL, "count=%d out of range [1, %d] (one batch)", count, B);
    const int N = d->N, K = d->K;
    const int32_t m = fg_fx_max(d->cfg.fx.fmt.w_ch);
    for (int f = 0; f < count; f++)
        for (int i = 0; i < N; i++) {
            const int32_t v = q[(size_t)f * N + i];
            if (v < -m || v > m)
                return fg_set_error(FG_EINVAL, "q_N[%d]=%d of frame %d out of range [%d, %d] (w_ch=%d bits)", i, (int)v,
                                    f, -m, m, d->cfg.fx.fmt.w_ch);
        }
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        const int32_t *src = q + (size_t)s * d->per_stream * N;
        for (size_t i = 0; i < (size_t)cs * N; i++) {
            if (d->in8)
                ((int8_t *)d->sb[s].h_q)[i] = (int8_t)src[i];
            else
                ((int16_t *)d->sb[s].h_q)[i] = (int16_t)src[i];
        }
        if (cs % d->p.lanes) /* the partner of an odd chunk's last codeword (per_stream is a multiple of lanes) */
            memset((char *)d->sb[s].h_q + (size_t)cs * N * elem(d), 0, (size_t)N * elem(d));
    }
    int rc = run_batch(d, count, app != NULL, 1);
    if (rc)
        return rc;
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        const size_t at = (size_t)s * d->per_stream;
        memcpy(bits + at * K, d->sb[s].h_bits, (size_t)cs * K);
        if (app)
            memcpy(app + at * K, d->sb[s].h_app, (size_t)cs * K * sizeof(int32_t));
        for (int i = 0; half_iters && i < cs; i++)
            half_iters[at + i] = d->sb[s].h_half[i];
    }
    return 0;
}

/* Frames of the turbo family (seed 1, frame f) at sigma, quantised, into the pinned inputs: `distinct`
 * frames made on the host, repeated over the batch. */
static int bench_inputs(fg_gpu_turbo *d, double sigma, int distinct)
{
    const int K = d->K, N = d->N, B = fg_gpu_turbo_batch(d);
    uint8_t *bits = (uint8_t *)malloc((size_t)K), *cw = (uint8_t *)malloc((size_t)N);
    double *llr = (double *)malloc(sizeof(double) * N);
    int32_t *q = (int32_t *)malloc(sizeof(int32_t) * (size_t)distinct * N);
    int rc = !bits || !cw || !llr || !q ? fg_set_error(FG_ENOMEM, "out of memory for the bench frames") : 0;
    for (int f = 0; !rc && f < distinct; f++) {
        if (!(rc = fg_channel_random_bits(K, 1, (uint64_t)f, bits)) && !(rc = fg_turbo_encode(d->std, K, bits, cw)) &&
            !(rc = fg_channel_bpsk_awgn(cw, N, sigma, 1, (uint64_t)f, llr)) && !(rc = fg_channel_llr(llr, N, sigma, llr)))
            rc = fg_llr_quantize(llr, N, d->cfg.fx.fmt.w_ch, d->cfg.fx.fmt.f_ch, q + (size_t)f * N);
    }
    for (int g = 0; !rc && g < B; g++) {
        const int s = g / d->per_stream, i = g % d->per_stream;
        const int32_t *src = q + (size_t)(g % distinct) * N;
        for (int j = 0; j < N; j++) {
            if (d->in8)
                ((int8_t *)d->sb[s].h_q)[(size_t)i * N + j] = (int8_t)src[j];
            else
                ((int16_t *)d->sb[s].h_q)[(size_t)i * N + j] = (int16_t)src[j];
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

/* decode_host of p's checkpoint interval and lanes (two lanes: 8-bit storage only). */
template <typename T> static void host_decode_l(const tg::params &p, const tg::tables &tb, const tg::buffers<T> &bf, int n)
{
    if constexpr (std::is_same<T, int8_t>::value)
        if (p.lanes == 2) {
            if (p.seg == 4)
                tg::decode_host<T, 4, tg::lanes2>(p, tb, bf, n);
            else
                tg::decode_host<T, 8, tg::lanes2>(p, tb, bf, n);
            return;
        }
    if (p.seg == 4)
        tg::decode_host<T, 4, tg::lanes1>(p, tb, bf, n);
    else
        tg::decode_host<T, 8, tg::lanes1>(p, tb, bf, n);
}

/* fg_gpu_turbo_host_decode with storage type T (as the device's: 8 bits when the formats allow). */
template <typename T>
static int host_decode_t(const tg::params &p, const host_tables &t, int count, const int32_t *q, uint8_t *bits,
                         int32_t *app, int *half_iters)
{
    typedef typename tg::ck_of<T>::type C;
    /* two lanes decode codewords in pairs: an odd count gets a zeroed partner */
    const size_t n = (size_t)(count + p.lanes - 1) / p.lanes * p.lanes, N = 3 * (size_t)p.K + FG_TURBO_TAIL;
    const size_t K = (size_t)p.K;
    T *qt = (T *)malloc(sizeof(T) * n * N), *chan = (T *)malloc(sizeof(T) * n * tg::chan_len(p));
    T *ext = (T *)malloc(sizeof(T) * n * 2 * p.LP);
    C *ck = (C *)malloc(sizeof(C) * n * tg::ckpt_len(p));
    int32_t *stakes = (int32_t *)malloc(sizeof(int32_t) * n * tg::stake_len(p));
    int32_t *app_all = (int32_t *)malloc(sizeof(int32_t) * n * K), *half = (int32_t *)malloc(sizeof(int32_t) * n);
    uint8_t *hard = (uint8_t *)malloc(n * K);
    int rc = 0;
    if (!qt || !chan || !ext || !ck || !stakes || !app_all || !half || !hard)
        rc = fg_set_error(FG_ENOMEM, "out of memory for %d codewords of K=%d", count, p.K);
    if (!rc) {
        for (size_t i = 0; i < n * N; i++)
            qt[i] = i < (size_t)count * N ? (T)q[i] : 0;
        const tg::buffers<T> bf = {qt, chan, ext, ck, stakes, hard, app_all, half};
        const tg::tables tb = {t.a1, t.a2, t.n2, t.pi, t.crc};
        for (size_t g = 0; g < n * (p.LP + 12); g++)
            tg::rearrange1(p, tb, bf.q, bf.chan, g);
        host_decode_l<T>(p, tb, bf, (int)n);
        memcpy(bits, hard, (size_t)count * K);
        if (app)
            memcpy(app, app_all, sizeof(int32_t) * (size_t)count * K);
        for (int i = 0; half_iters && i < count; i++)
            half_iters[i] = half[i];
    }
    free(qt);
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
    host_tables t;
    if (rc || (rc = host_tables_make(std, p, &fx->et, &t)))
        return rc;
    p.want_app = app != NULL;
    const size_t N = 3 * (size_t)K + FG_TURBO_TAIL;
    const int32_t m = fg_fx_max(fx->fmt.w_ch);
    for (size_t i = 0; !rc && i < (size_t)count * N; i++)
        if (q[i] < -m || q[i] > m)
            rc = fg_set_error(FG_EINVAL, "q_N[%d]=%d of frame %d out of range [%d, %d] (w_ch=%d bits)", (int)(i % N),
                              (int)q[i], (int)(i / N), -m, m, fx->fmt.w_ch);
    if (!rc)
        rc = storage8(&fx->fmt) ? host_decode_t<int8_t>(p, t, count, q, bits, app, half_iters)
                                : host_decode_t<int16_t>(p, t, count, q, bits, app, half_iters);
    host_tables_free(&t);
    return rc;
}
