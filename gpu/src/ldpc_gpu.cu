/* Host side of the GPU LDPC decoders (fecforge_gpu/ldpc_gpu.h, docs/gpu-ldpc.md): configuration
 * checks, device tables, per-stream buffers, depth-first issue, the frame path of BER/verify and the
 * timing of full batches. */
#include "fecforge_gpu/ldpc_gpu.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"

#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu_util.cuh"
#include "ldpc_gpu_kernels.cuh"

/* ---------------- the decoder object ---------------- */

struct stream_buf {
    cudaStream_t s;
    cudaEvent_t ev_in, ev_k0, ev_k1, ev_out; /* before copy-in, kernel start/end, after copy-out */
    /* device */
    void *d_in;      /* codewords x n: int16 (fixed) or float */
    uint8_t *d_bits; /* codewords x n */
    void *d_app;     /* codewords x n: int16 or float */
    int *d_iters;
    uint8_t *d_cw;   /* frames: transmitted codewords */
    int32_t *d_be;
    uint8_t *d_fe;
    void *d_L, *d_R, *d_D; /* thesis: padded APP, R and deltas (int32 or float) */
    int *d_done;
    /* pinned host */
    int8_t *d_in8;     /* fixed mode with llr_width <= 8: the LLRs as they travel */
    uint8_t *d_packed; /* codewords x ceil(n / 8): packed hard decisions as they travel */
    void *h_in, *h_app;
    int8_t *h_in8;
    uint8_t *h_packed, *h_fe;
    int *h_iters;
    int32_t *h_be;
};

struct fg_gpu_ldpc {
    const fg_ldpc_code *code;
    fg_gpu_ldpc_cfg cfg;
    int fixed, in8, dmax, R, zp, slot; /* in8: LLRs travel as bytes (fixed mode, llr_width <= 8) */
    dparams p;
    gcode gc;
    int *d_rs;
    uint32_t *d_blk, *d_gen;
    size_t smem;        /* fused: dynamic shared memory per block */
    int cnp_deg, vnp_deg; /* thesis: largest row / column degree (shared memory of CNP / VNP) */
    int per_stream;     /* ncw * nmcw */
    int group, rows_pp; /* edge decoder: lanes per row (8, 16, 32) and rows per pass of a block */
    int h2;             /* fused decoder on codeword pairs in __half2 (fused_h2_decode) */
    stream_buf *sb;
    int ns;
};

/* Constant-memory slots of the thesis decoder, per device. */
static pthread_mutex_t g_slot_lock = PTHREAD_MUTEX_INITIALIZER;
enum { FG_GPU_DEV_MAX = 64 };
static unsigned g_slot_used[FG_GPU_DEV_MAX];

static size_t in_size(int fixed) { return fixed ? sizeof(int16_t) : sizeof(float); }

/* The row-degree bound the kernels are instantiated for. */
static int dmax_of(const fg_ldpc_code *c)
{
    return c->max_row_deg <= 8 ? 8 : c->max_row_deg <= 16 ? 16 : c->max_row_deg <= 24 ? 24 : 32;
}

/* The packed fused decoder applies: fixed mode, layered, an even ncw, and widths whose values stay exact
 * in binary16 (ldpc_gpu_kernels.cuh). */
static int use_h2(const fg_ldpc_code *code, const fg_gpu_ldpc_cfg *cfg)
{
    return cfg->kernel == FG_GPU_LDPC_FUSED && cfg->fixed && cfg->fx.layers == 1 && cfg->ncw % 2 == 0 &&
           cfg->fx.app_width <= 10 && cfg->fx.r_width <= 8 && 4 * code->n <= 65535 &&
           (cfg->fx.r_sat_late || cfg->fx.r_width <= cfg->fx.app_width); /* mcap <= amax */
}

static size_t h2_smem(const fg_ldpc_code *c, const dparams *p, int ncw)
{
    return h2_layout_of(c->n, c->z, c->mb, c->n_blocks, dmax_of(c), ncw, p->mcap).total;
}

static size_t fused_smem(const fg_ldpc_code *c, int fixed, int K, int ncw)
{
    const size_t cn = (size_t)ncw * (size_t)c->n;
    size_t s = (size_t)ncw * c->mb * c->z * (fixed ? sizeof(fx_word) : sizeof(fl_word));
    s += (cn + (fixed ? (cn & 1) : 0)) * (fixed ? sizeof(int16_t) : sizeof(float));
    s += K > 1 ? cn * 4 : 0;
    s += (size_t)c->n_blocks * 4 + (size_t)(c->mb + 1) * 4 + (size_t)2 * ncw * 4;
    return s;
}

static void free_stream(stream_buf *b)
{
    cudaFree(b->d_in);
    cudaFree(b->d_bits);
    cudaFree(b->d_app);
    cudaFree(b->d_iters);
    cudaFree(b->d_cw);
    cudaFree(b->d_be);
    cudaFree(b->d_fe);
    cudaFree(b->d_L);
    cudaFree(b->d_R);
    cudaFree(b->d_D);
    cudaFree(b->d_done);
    cudaFreeHost(b->h_in);
    cudaFreeHost(b->h_app);
    cudaFree(b->d_in8);
    cudaFree(b->d_packed);
    cudaFreeHost(b->h_in8);
    cudaFreeHost(b->h_packed);
    cudaFreeHost(b->h_fe);
    cudaFreeHost(b->h_iters);
    cudaFreeHost(b->h_be);
    if (b->s) {
        cudaEventDestroy(b->ev_in);
        cudaEventDestroy(b->ev_k0);
        cudaEventDestroy(b->ev_k1);
        cudaEventDestroy(b->ev_out);
        cudaStreamDestroy(b->s);
    }
}

void fg_gpu_ldpc_destroy(fg_gpu_ldpc *d)
{
    if (!d)
        return;
    cudaSetDevice(d->cfg.device);
    if (d->sb)
        for (int s = 0; s < d->ns; s++)
            free_stream(&d->sb[s]);
    free(d->sb);
    cudaFree(d->d_rs);
    cudaFree(d->d_blk);
    cudaFree(d->d_gen);
    if (d->slot >= 0) {
        pthread_mutex_lock(&g_slot_lock);
        g_slot_used[d->cfg.device] &= ~(1u << d->slot);
        pthread_mutex_unlock(&g_slot_lock);
    }
    free(d);
}

/* The configuration: the CPU model's create function checks every arithmetic parameter (its message
 * names the parameter), then the GPU's own limits. */
static int check_cfg(const fg_ldpc_code *code, const fg_gpu_ldpc_cfg *cfg)
{
    if (!code || !cfg)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_create: NULL %s", !code ? "code" : "cfg");
    if (cfg->fixed != 0 && cfg->fixed != 1)
        return fg_set_error(FG_EINVAL, "fixed=%d invalid: 0 (float) or 1 (fixed point)", cfg->fixed);
    if (cfg->kernel != FG_GPU_LDPC_FUSED && cfg->kernel != FG_GPU_LDPC_THESIS && cfg->kernel != FG_GPU_LDPC_EDGE)
        return fg_set_error(FG_EINVAL, "kernel=%d invalid: fused (0), thesis (1) or edge (2)", (int)cfg->kernel);
    int rc;
    if (cfg->fixed) {
        fg_ldpc_fixed *x;
        if ((rc = fg_ldpc_fixed_create(code, &cfg->fx, &x)))
            return rc;
        fg_ldpc_fixed_destroy(x);
        if (cfg->fx.app_width > FG_GPU_LDPC_APP_WIDTH_MAX)
            return fg_set_error(FG_EINVAL, "app_width=%d out of range [%d, %d] on the GPU", cfg->fx.app_width,
                                cfg->fx.llr_width, FG_GPU_LDPC_APP_WIDTH_MAX);
        if (cfg->fx.r_width > FG_GPU_LDPC_R_WIDTH_MAX)
            return fg_set_error(FG_EINVAL, "r_width=%d out of range [2, %d] on the GPU", cfg->fx.r_width,
                                FG_GPU_LDPC_R_WIDTH_MAX);
    } else {
        fg_ldpc_dec *x;
        if ((rc = fg_ldpc_dec_create(code, &cfg->dec, &x)))
            return rc;
        fg_ldpc_dec_destroy(x);
        if (cfg->dec.alg == FG_LDPC_ALG_SPA)
            return fg_set_error(FG_EINVAL, "alg=spa not available on the GPU: ms, nms or oms");
    }
    if (code->max_row_deg > FG_GPU_LDPC_ROW_DEG_MAX)
        return fg_set_error(FG_EINVAL, "code %s: %d blocks in a layer, the GPU decoders take at most %d", code->name,
                            code->max_row_deg, FG_GPU_LDPC_ROW_DEG_MAX);
    if (cfg->streams < 1 || cfg->streams > FG_GPU_LDPC_STREAMS_MAX)
        return fg_set_error(FG_EINVAL, "streams=%d out of range [1, %d]", cfg->streams, FG_GPU_LDPC_STREAMS_MAX);
    if (cfg->ncw < 1 || cfg->ncw > FG_GPU_LDPC_NCW_MAX)
        return fg_set_error(FG_EINVAL, "ncw=%d out of range [1, %d]", cfg->ncw, FG_GPU_LDPC_NCW_MAX);
    if (cfg->nmcw < 1 || cfg->nmcw > FG_GPU_LDPC_NMCW_MAX)
        return fg_set_error(FG_EINVAL, "nmcw=%d out of range [1, %d]", cfg->nmcw, FG_GPU_LDPC_NMCW_MAX);
    const int zp = (code->z + 31) / 32 * 32;
    if (cfg->kernel == FG_GPU_LDPC_FUSED && cfg->ncw * code->z > 1024) /* ncw / cpt * z threads <= 1024 / cpt */
        return fg_set_error(FG_EINVAL, "ncw=%d out of range [1, %d] for the fused decoder with z=%d (ncw * z <= 1024)",
                            cfg->ncw, 1024 / code->z, code->z);
    if (cfg->kernel == FG_GPU_LDPC_THESIS) {
        if (cfg->ncw * zp > 1024)
            return fg_set_error(FG_EINVAL, "ncw=%d out of range [1, %d] for the thesis decoder with z=%d (ncw * zp <= 1024)",
                                cfg->ncw, 1024 / zp, code->z);
        if (code->n_blocks > FG_GPU_LDPC_THESIS_BLOCKS_MAX)
            return fg_set_error(FG_EINVAL, "code %s: %d non-zero blocks, the thesis decoder's constant memory holds %d "
                                "(use the fused decoder)", code->name, code->n_blocks, FG_GPU_LDPC_THESIS_BLOCKS_MAX);
    }
    return 0;
}

/* Parity generator: row i = the parity bits of the codeword of information bit i alone (encoding is
 * linear over GF(2)), packed 32 bits per word. */
static int make_generator(const fg_ldpc_code *c, uint32_t **out, int *gw)
{
    const int k = c->k, m = c->n - c->k, w = (m + 31) / 32;
    uint8_t *u = (uint8_t *)calloc((size_t)k, 1), *cw = (uint8_t *)malloc((size_t)c->n);
    uint32_t *g = (uint32_t *)calloc((size_t)k * w, sizeof(uint32_t));
    if (!u || !cw || !g) {
        free(u);
        free(cw);
        free(g);
        return fg_set_error(FG_ENOMEM, "out of memory for the parity generator of %s (%d x %d bits)", c->name, k, m);
    }
    int rc = 0;
    for (int i = 0; i < k && !rc; i++) {
        u[i] = 1;
        rc = fg_ldpc_encode(c, u, cw);
        u[i] = 0;
        for (int j = 0; j < m && !rc; j++)
            g[(size_t)i * w + j / 32] |= (uint32_t)cw[k + j] << (j % 32);
    }
    free(u);
    free(cw);
    if (rc) {
        free(g);
        return rc;
    }
    *out = g;
    *gw = w;
    return 0;
}

static int alloc_stream(fg_gpu_ldpc *d, stream_buf *b)
{
    const size_t cap = (size_t)d->per_stream, n = (size_t)d->code->n, is = in_size(d->fixed);
    CU(cudaStreamCreateWithFlags(&b->s, cudaStreamNonBlocking));
    CU(cudaEventCreate(&b->ev_in));
    CU(cudaEventCreate(&b->ev_k0));
    CU(cudaEventCreate(&b->ev_k1));
    CU(cudaEventCreate(&b->ev_out));
    CU(cudaMalloc(&b->d_in, cap * n * is));
    CU(cudaMalloc((void **)&b->d_bits, cap * n));
    CU(cudaMalloc(&b->d_app, cap * n * is));
    CU(cudaMalloc((void **)&b->d_iters, cap * sizeof(int)));
    CU(cudaMalloc((void **)&b->d_cw, cap * n));
    CU(cudaMalloc((void **)&b->d_be, cap * sizeof(int32_t)));
    CU(cudaMalloc((void **)&b->d_fe, cap));
    if (d->cfg.kernel == FG_GPU_LDPC_THESIS) {
        const size_t zp = (size_t)d->zp;
        CU(cudaMalloc(&b->d_L, cap * d->code->nb * zp * 4));
        CU(cudaMalloc(&b->d_R, cap * d->code->n_blocks * zp * 4));
        CU(cudaMalloc(&b->d_D, cap * d->code->n_blocks * zp * 4));
        CU(cudaMalloc((void **)&b->d_done, cap * sizeof(int)));
    }
    CU(cudaMallocHost(&b->h_in, cap * n * is));
    CU(cudaMallocHost(&b->h_app, cap * n * is));
    CU(cudaMalloc((void **)&b->d_packed, cap * ((n + 7) / 8)));
    CU(cudaMallocHost((void **)&b->h_packed, cap * ((n + 7) / 8)));
    if (d->in8) {
        CU(cudaMalloc((void **)&b->d_in8, cap * n));
        CU(cudaMallocHost((void **)&b->h_in8, cap * n));
    }
    CU(cudaMallocHost((void **)&b->h_fe, cap));
    CU(cudaMallocHost((void **)&b->h_iters, cap * sizeof(int)));
    CU(cudaMallocHost((void **)&b->h_be, cap * sizeof(int32_t)));
    return 0;
}

/* Codewords per thread of the fused decoder: 2 when ncw is even (index arithmetic shared, twice the
 * independent work per thread), else 1. */
static int fused_cpt(int ncw) { return ncw % 2 == 0 ? 2 : 1; }

template <bool FIXED, int DMAX, int CPT> static int set_fused_smem(size_t smem)
{
    CU(cudaFuncSetAttribute(fused_decode<FIXED, DMAX, CPT>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    return 0;
}

template <bool FIXED, int G> static int set_edge_smem(size_t smem)
{
    CU(cudaFuncSetAttribute(edge_decode<FIXED, G>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    return 0;
}

/* The edge kernel's instantiations: mode x lanes per row. */
#define FG_EDGE_DISPATCH(d, F)                                                                                    \
    switch ((d)->group * 2 + (d)->fixed) {                                                                        \
    case 17: F(true, 8); break;                                                                                   \
    case 33: F(true, 16); break;                                                                                  \
    case 65: F(true, 32); break;                                                                                  \
    case 16: F(false, 8); break;                                                                                  \
    case 32: F(false, 16); break;                                                                                 \
    default: F(false, 32); break;                                                                                 \
    }

/* The fused kernel's instantiations: mode x row-degree bound x codewords per thread. */
#define FG_FUSED_DISPATCH(d, F)                                                                                   \
    switch ((d)->dmax * 4 + (d)->fixed * 2 + (fused_cpt((d)->cfg.ncw) - 1)) {                                     \
    case 8 * 4 + 2: F(true, 8, 1); break;                                                                         \
    case 8 * 4 + 3: F(true, 8, 2); break;                                                                         \
    case 16 * 4 + 2: F(true, 16, 1); break;                                                                       \
    case 16 * 4 + 3: F(true, 16, 2); break;                                                                       \
    case 24 * 4 + 2: F(true, 24, 1); break;                                                                       \
    case 24 * 4 + 3: F(true, 24, 2); break;                                                                       \
    case 32 * 4 + 2: F(true, 32, 1); break;                                                                       \
    case 32 * 4 + 3: F(true, 32, 2); break;                                                                       \
    case 8 * 4 + 0: F(false, 8, 1); break;                                                                        \
    case 8 * 4 + 1: F(false, 8, 2); break;                                                                        \
    case 16 * 4 + 0: F(false, 16, 1); break;                                                                      \
    case 16 * 4 + 1: F(false, 16, 2); break;                                                                      \
    case 24 * 4 + 0: F(false, 24, 1); break;                                                                      \
    case 24 * 4 + 1: F(false, 24, 2); break;                                                                      \
    case 32 * 4 + 0: F(false, 32, 1); break;                                                                      \
    default: F(false, 32, 2); break;                                                                              \
    }

/* The packed kernel's instantiations: row-degree bound x the keep rule. */
#define FG_H2_DISPATCH(d, F)                                                                                      \
    switch ((d)->dmax * 2 + ((d)->p.keep ? 1 : 0)) {                                                             \
    case 8 * 2 + 0: F(8, false); break;                                                                           \
    case 8 * 2 + 1: F(8, true); break;                                                                            \
    case 16 * 2 + 0: F(16, false); break;                                                                         \
    case 16 * 2 + 1: F(16, true); break;                                                                          \
    case 24 * 2 + 0: F(24, false); break;                                                                         \
    case 24 * 2 + 1: F(24, true); break;                                                                          \
    case 32 * 2 + 0: F(32, false); break;                                                                         \
    default: F(32, true); break;                                                                                  \
    }

template <int DMAX, bool KEEP> static int set_h2_smem(size_t smem)
{
    CU(cudaFuncSetAttribute(fused_h2_decode<DMAX, KEEP>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    return 0;
}

static int set_fused_attr(const fg_gpu_ldpc *d)
{
    int rc = 0;
    if (d->h2) {
#define FG_SET_H2(D, K) rc = set_h2_smem<D, K>(d->smem)
        FG_H2_DISPATCH(d, FG_SET_H2)
#undef FG_SET_H2
        return rc;
    }
    if (d->cfg.kernel == FG_GPU_LDPC_EDGE) {
#define FG_SET_EDGE(F, G) rc = set_edge_smem<F, G>(d->smem)
        FG_EDGE_DISPATCH(d, FG_SET_EDGE)
#undef FG_SET_EDGE
        return rc;
    }
#define FG_SET_ATTR(F, D, C) rc = set_fused_smem<F, D, C>(d->smem)
    FG_FUSED_DISPATCH(d, FG_SET_ATTR)
#undef FG_SET_ATTR
    return rc;
}

/* Compact H of the thesis decoder into a free constant-memory slot of the device. */
static int thesis_tables(fg_gpu_ldpc *d)
{
    const fg_ldpc_code *c = d->code;
    pthread_mutex_lock(&g_slot_lock);
    int slot = -1;
    for (int s = 0; s < FG_THESIS_SLOTS && slot < 0; s++)
        if (!(g_slot_used[d->cfg.device] & (1u << s)))
            slot = s;
    if (slot >= 0)
        g_slot_used[d->cfg.device] |= 1u << slot;
    pthread_mutex_unlock(&g_slot_lock);
    if (slot < 0)
        return fg_set_error(FG_ESTATE, "device %d: all %d constant-memory slots of the thesis decoder are in use "
                            "(destroy a thesis decoder first)", d->cfg.device, FG_THESIS_SLOTS);
    d->slot = slot;
    thesis_h *h = (thesis_h *)calloc(1, sizeof *h);
    if (!h)
        return fg_set_error(FG_ENOMEM, "out of memory for the compact H of %s", c->name);
    int maxrow = 0, maxcol = 0, e = 0;
    for (int l = 0; l <= c->mb; l++)
        h->row_start[l] = (uint16_t)c->row_start[l];
    for (int b = 0; b < c->n_blocks; b++)
        h->rowent[b] = (uint32_t)c->blk_col[b] << 16 | (uint32_t)c->blk_shift[b];
    for (int l = 0; l < c->mb; l++)
        maxrow = c->row_start[l + 1] - c->row_start[l] > maxrow ? c->row_start[l + 1] - c->row_start[l] : maxrow;
    for (int col = 0; col < c->nb; col++) {
        h->col_start[col] = (uint16_t)e;
        for (int l = 0; l < c->mb; l++)
            for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++)
                if (c->blk_col[b] == col) {
                    h->colent[e] = (uint32_t)b << 16 | (uint32_t)c->blk_shift[b];
                    h->collayer[e++] = (uint16_t)l;
                }
        maxcol = e - h->col_start[col] > maxcol ? e - h->col_start[col] : maxcol;
    }
    h->col_start[c->nb] = (uint16_t)e;
    cudaError_t ce = cudaMemcpyToSymbol(c_thesis, h, sizeof *h, (size_t)slot * sizeof *h);
    free(h);
    if (ce != cudaSuccess)
        return cuda_fail(ce, "cudaMemcpyToSymbol(compact H)");
    d->cnp_deg = maxrow;
    d->vnp_deg = maxcol;
    return 0;
}

int fg_gpu_ldpc_create(const fg_ldpc_code *code, const fg_gpu_ldpc_cfg *cfg, fg_gpu_ldpc **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_create: out is NULL");
    *out = NULL;
    int rc = check_cfg(code, cfg);
    if (rc)
        return rc;
    const int ndev = fg_gpu_device_count();
    if (ndev == 0)
        return fg_set_error(FG_ENODEV, "no CUDA device present (the CPU decoders still work: drop --device gpu)");
    if (cfg->device < 0 || cfg->device >= ndev || cfg->device >= FG_GPU_DEV_MAX)
        return fg_set_error(FG_EINVAL, "device=%d out of range [0, %d]", cfg->device, ndev - 1);
    CU(cudaSetDevice(cfg->device));
    fg_gpu_ldpc *d = (fg_gpu_ldpc *)calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "out of memory for the GPU decoder");
    d->code = code;
    d->cfg = *cfg;
    d->fixed = cfg->fixed;
    d->in8 = cfg->fixed && cfg->fx.llr_width <= 8;
    d->slot = -1;
    d->zp = (code->z + 31) / 32 * 32;
    d->dmax = dmax_of(code);
    d->per_stream = cfg->ncw * cfg->nmcw;
    d->ns = cfg->streams;
    dparams &p = d->p;
    memset(&p, 0, sizeof p);
    if (d->fixed) {
        const fg_ldpc_fixed_cfg &f = cfg->fx;
        p.K = f.layers;
        p.max_iter = f.max_iter;
        p.et = f.early_term;
        p.A = f.app_width;
        p.llr_w = f.llr_width;
        p.in_shift = f.in_shift;
        p.snum = f.scale_num;
        p.sshift = f.scale_shift;
        p.srnd = f.scale_round;
        p.rlate = f.r_sat_late;
        p.keep = f.app_keep;
        p.mcap = fg_fx_max(f.r_sat_late ? f.app_width : f.r_width);
        d->R = f.r_width;
    } else {
        const fg_ldpc_dec_cfg &f = cfg->dec;
        p.K = f.schedule == FG_LDPC_SCHED_FLOODING ? code->mb : f.schedule == FG_LDPC_SCHED_LAYERED ? 1 : f.layers;
        p.max_iter = f.max_iter;
        p.et = f.early_term;
        p.alg = (int)f.alg;
        p.factor = (float)f.nms_factor;
        p.offset = (float)f.oms_offset;
    }
    cudaDeviceProp pr;
    if ((rc = cudaGetDeviceProperties(&pr, cfg->device) == cudaSuccess ? 0 : fg_set_error(FG_ESTATE, "cudaGetDeviceProperties failed")))
        goto fail;
    if (cfg->kernel == FG_GPU_LDPC_EDGE) {
        d->group = code->max_row_deg <= 8 ? 8 : code->max_row_deg <= 16 ? 16 : 32;
        const int per = 32 / d->group, lim = 1024 / d->group, rows = cfg->ncw * code->z;
        d->rows_pp = (rows < lim ? (rows + per - 1) / per * per : lim);
    }
    d->h2 = use_h2(code, cfg);
    if (cfg->kernel != FG_GPU_LDPC_THESIS) {
        d->smem = d->h2 ? h2_smem(code, &p, cfg->ncw) : fused_smem(code, d->fixed, p.K, cfg->ncw);
        if (d->smem > pr.sharedMemPerBlockOptin) {
            int fit = 0;
            while (fit < cfg->ncw && (d->h2 && (fit + 1) % 2 == 0 ? h2_smem(code, &p, fit + 1)
                                                                  : fused_smem(code, d->fixed, p.K, fit + 1)) <=
                                         pr.sharedMemPerBlockOptin)
                fit++;
            rc = fit ? fg_set_error(FG_EINVAL, "ncw=%d out of range [1, %d] for %s in the fused decoder: %zu bytes of shared "
                                    "memory per block, the device has %zu", cfg->ncw, fit, code->name, d->smem,
                                    (size_t)pr.sharedMemPerBlockOptin)
                     : fg_set_error(FG_EINVAL, "code %s too large for the fused decoder (%zu bytes of shared memory for one "
                                    "codeword, the device has %zu): use the thesis decoder", code->name,
                                    fused_smem(code, d->fixed, p.K, 1), (size_t)pr.sharedMemPerBlockOptin);
            goto fail;
        }
        if ((rc = set_fused_attr(d)))
            goto fail;
    } else if ((rc = thesis_tables(d))) {
        goto fail;
    } else if ((size_t)cfg->ncw * d->cnp_deg * d->zp * 4 > pr.sharedMemPerBlock) {
        rc = fg_set_error(FG_EINVAL, "ncw=%d too large for the thesis CNP of %s: %d blocks x %d lanes x 4 bytes per codeword, "
                          "%zu bytes of shared memory", cfg->ncw, code->name, d->cnp_deg, d->zp, (size_t)pr.sharedMemPerBlock);
        goto fail;
    }
    {
        int *rs = (int *)malloc(sizeof(int) * (size_t)(code->mb + 1));
        uint32_t *blk = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)code->n_blocks), *gen = NULL;
        if (!rs || !blk) {
            free(rs);
            free(blk);
            rc = fg_set_error(FG_ENOMEM, "out of memory for the tables of %s", code->name);
            goto fail;
        }
        for (int l = 0; l <= code->mb; l++)
            rs[l] = code->row_start[l];
        for (int b = 0; b < code->n_blocks; b++)
            blk[b] = (uint32_t)(code->blk_col[b] * code->z) << 10 | (uint32_t)code->blk_shift[b];
        int gw = 0;
        rc = make_generator(code, &gen, &gw);
        cudaError_t ce = cudaSuccess;
        if (!rc) {
            if ((ce = cudaMalloc((void **)&d->d_rs, sizeof(int) * (code->mb + 1))) == cudaSuccess &&
                (ce = cudaMalloc((void **)&d->d_blk, sizeof(uint32_t) * code->n_blocks)) == cudaSuccess &&
                (ce = cudaMalloc((void **)&d->d_gen, sizeof(uint32_t) * (size_t)code->k * gw)) == cudaSuccess &&
                (ce = cudaMemcpy(d->d_rs, rs, sizeof(int) * (code->mb + 1), cudaMemcpyHostToDevice)) == cudaSuccess &&
                (ce = cudaMemcpy(d->d_blk, blk, sizeof(uint32_t) * code->n_blocks, cudaMemcpyHostToDevice)) == cudaSuccess)
                ce = cudaMemcpy(d->d_gen, gen, sizeof(uint32_t) * (size_t)code->k * gw, cudaMemcpyHostToDevice);
            if (ce != cudaSuccess)
                rc = cuda_fail(ce, "device tables");
        }
        free(rs);
        free(blk);
        free(gen);
        if (rc)
            goto fail;
        gcode &g = d->gc;
        g.n = code->n;
        g.k = code->k;
        g.z = code->z;
        g.mb = code->mb;
        g.nb = code->nb;
        g.nblk = code->n_blocks;
        g.row_start = d->d_rs;
        g.blk = d->d_blk;
        g.gen = d->d_gen;
        g.gw = gw;
    }
    d->sb = (stream_buf *)calloc((size_t)d->ns, sizeof(stream_buf));
    if (!d->sb) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for %d streams", d->ns);
        goto fail;
    }
    for (int s = 0; s < d->ns; s++)
        if ((rc = alloc_stream(d, &d->sb[s]))) {
            if (rc == FG_ENOMEM)
                rc = fg_set_error(FG_ENOMEM, "GPU out of memory for a batch of %d codewords of %s (streams=%d x ncw=%d x "
                                  "nmcw=%d): lower --ns, --ncw or --nmcw", d->ns * d->per_stream, code->name, d->ns,
                                  cfg->ncw, cfg->nmcw);
            goto fail;
        }
    *out = d;
    return 0;
fail:
    fg_gpu_ldpc_destroy(d);
    return rc;
}

int fg_gpu_ldpc_batch(const fg_gpu_ldpc *d)
{
    if (!d)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_batch: dec is NULL");
    return d->ns * d->per_stream;
}

/* ---------------- issue ---------------- */

template <bool FIXED, int DMAX, int CPT>
static void launch_fused_t(const fg_gpu_ldpc *d, stream_buf *b, int cs)
{
    typedef mode<FIXED> M;
    const int ncw = d->cfg.ncw, blocks = (cs + ncw - 1) / ncw;
    fused_decode<FIXED, DMAX, CPT><<<blocks, ncw / CPT * d->code->z, d->smem, b->s>>>(
        d->gc, d->p, d->R, ncw, cs, (const typename M::in_t *)b->d_in, (typename M::app_t *)b->d_app, b->d_bits,
        b->d_iters);
}

template <int DMAX, bool KEEP>
static void launch_h2_t(const fg_gpu_ldpc *d, stream_buf *b, int cs)
{
    const int ncw = d->cfg.ncw, blocks = (cs + ncw - 1) / ncw;
    fused_h2_decode<DMAX, KEEP><<<blocks, ncw / 2 * d->code->z, d->smem, b->s>>>(
        d->gc, d->p, d->R, ncw, cs, (const int16_t *)b->d_in, (int16_t *)b->d_app, b->d_bits, b->d_iters);
}

template <bool FIXED, int G>
static void launch_edge_t(const fg_gpu_ldpc *d, stream_buf *b, int cs)
{
    typedef mode<FIXED> M;
    const int ncw = d->cfg.ncw, blocks = (cs + ncw - 1) / ncw;
    edge_decode<FIXED, G><<<blocks, G * d->rows_pp, d->smem, b->s>>>(
        d->gc, d->p, d->R, ncw, d->rows_pp, cs, (const typename M::in_t *)b->d_in, (typename M::app_t *)b->d_app,
        b->d_bits, b->d_iters);
}

template <bool FIXED>
static void launch_thesis_t(const fg_gpu_ldpc *d, stream_buf *b, int cs)
{
    typedef mode<FIXED> M;
    typedef typename M::acc_t V;
    const fg_ldpc_code *c = d->code;
    const int ncw = d->cfg.ncw, zp = d->zp, nm = (cs + ncw - 1) / ncw, K = d->p.K;
    const dim3 blk(zp, ncw);
    thesis_load<FIXED><<<dim3(cs, c->nb), zp, 0, b->s>>>(c->z, zp, c->nb, c->n_blocks, d->p, c->n,
                                                          (const typename M::in_t *)b->d_in, (V *)b->d_L, (V *)b->d_R,
                                                          b->d_done, b->d_iters);
    for (int it = 1; it <= d->p.max_iter; it++) {
        for (int l0 = 0; l0 < c->mb; l0 += K) {
            const int l1 = l0 + K < c->mb ? l0 + K : c->mb;
            thesis_cnp<FIXED><<<dim3(l1 - l0, nm), blk, (size_t)ncw * d->cnp_deg * zp * 4, b->s>>>(
                d->slot, c->z, zp, c->nb, c->n_blocks, d->p, d->R, l0, cs, (V *)b->d_L, (V *)b->d_R, (V *)b->d_D,
                b->d_done);
            thesis_vnp<FIXED><<<dim3(c->nb, nm), blk, (size_t)ncw * d->vnp_deg * zp * 4, b->s>>>(
                d->slot, c->z, zp, c->nb, c->n_blocks, d->p, l0, l1, cs, (V *)b->d_L, (const V *)b->d_D, b->d_done);
        }
        if (d->p.et)
            thesis_et<FIXED><<<dim3(1, nm), blk, 0, b->s>>>(d->slot, c->z, zp, c->nb, c->mb, it, cs,
                                                             (const V *)b->d_L, b->d_done, b->d_iters);
    }
    thesis_out<FIXED><<<dim3(cs, c->nb), zp, 0, b->s>>>(c->z, zp, c->nb, c->n, (const V *)b->d_L,
                                                         (typename M::app_t *)b->d_app, b->d_bits);
}

/* Every decoding kernel of cs codewords (inputs in b->d_in) on b's stream. */
static int launch_decode(const fg_gpu_ldpc *d, stream_buf *b, int cs)
{
    if (d->cfg.kernel == FG_GPU_LDPC_THESIS) {
        if (d->fixed)
            launch_thesis_t<true>(d, b, cs);
        else
            launch_thesis_t<false>(d, b, cs);
    } else if (d->h2) {
#define FG_LAUNCH_H2(D, K) launch_h2_t<D, K>(d, b, cs)
        FG_H2_DISPATCH(d, FG_LAUNCH_H2)
#undef FG_LAUNCH_H2
    } else if (d->cfg.kernel == FG_GPU_LDPC_EDGE) {
#define FG_LAUNCH_EDGE(F, G) launch_edge_t<F, G>(d, b, cs)
        FG_EDGE_DISPATCH(d, FG_LAUNCH_EDGE)
#undef FG_LAUNCH_EDGE
    } else {
#define FG_LAUNCH(F, D, C) launch_fused_t<F, D, C>(d, b, cs)
        FG_FUSED_DISPATCH(d, FG_LAUNCH)
#undef FG_LAUNCH
    }
    CU_LAUNCH("decode kernels");
    return 0;
}

static int chunk_of(const fg_gpu_ldpc *d, int s, int count)
{
    const int left = count - s * d->per_stream;
    return left <= 0 ? 0 : (left < d->per_stream ? left : d->per_stream);
}

static int sync_all(const fg_gpu_ldpc *d)
{
    for (int s = 0; s < d->ns; s++)
        CU(cudaStreamSynchronize(d->sb[s].s));
    return 0;
}

static int check_count(const fg_gpu_ldpc *d, int count)
{
    if (!d)
        return fg_set_error(FG_EINVAL, "GPU decoder is NULL");
    if (count < 1 || count > d->ns * d->per_stream)
        return fg_set_error(FG_EINVAL, "count=%d frames out of range [1, %d] (one batch: streams=%d x ncw=%d x nmcw=%d)",
                            count, d->ns * d->per_stream, d->ns, d->cfg.ncw, d->cfg.nmcw);
    return 0;
}

/* Copy-out of cs codewords' hard decisions, packed on the device (copy_out unpacks them). */
static int enqueue_bits_out(const fg_gpu_ldpc *d, stream_buf *b, int cs)
{
    const int nbytes = (d->code->n + 7) / 8;
    const size_t total = (size_t)cs * nbytes;
    pack_bits<<<(unsigned)((total + 255) / 256 < 4096 ? (total + 255) / 256 : 4096), 256, 0, b->s>>>(
        b->d_bits, b->d_packed, d->code->n, nbytes, total);
    CU_LAUNCH("pack_bits");
    CU(cudaMemcpyAsync(b->h_packed, b->d_packed, total, cudaMemcpyDeviceToHost, b->s));
    return 0;
}

/* Depth first: per stream copy in (bytes when in8, widened on the device), decode, copy out (packed
 * bits, and APP and iterations when wanted). */
static int run_host_batch(fg_gpu_ldpc *d, int count, int want_app, int want_iters)
{
    const size_t n = (size_t)d->code->n, is = in_size(d->fixed);
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        if (!cs)
            break;
        stream_buf *b = &d->sb[s];
        CU(cudaEventRecord(b->ev_in, b->s));
        if (d->in8) {
            CU(cudaMemcpyAsync(b->d_in8, b->h_in8, cs * n, cudaMemcpyHostToDevice, b->s));
            const size_t total = cs * n;
            widen_llr<<<(unsigned)((total + 255) / 256 < 4096 ? (total + 255) / 256 : 4096), 256, 0, b->s>>>(
                b->d_in8, (int16_t *)b->d_in, total);
            CU_LAUNCH("widen_llr");
        } else {
            CU(cudaMemcpyAsync(b->d_in, b->h_in, cs * n * is, cudaMemcpyHostToDevice, b->s));
        }
        CU(cudaEventRecord(b->ev_k0, b->s));
        int rc = launch_decode(d, b, cs);
        if (rc || (rc = enqueue_bits_out(d, b, cs)))
            return rc;
        CU(cudaEventRecord(b->ev_k1, b->s));
        if (want_app)
            CU(cudaMemcpyAsync(b->h_app, b->d_app, cs * n * is, cudaMemcpyDeviceToHost, b->s));
        if (want_iters)
            CU(cudaMemcpyAsync(b->h_iters, b->d_iters, cs * sizeof(int), cudaMemcpyDeviceToHost, b->s));
        CU(cudaEventRecord(b->ev_out, b->s));
    }
    return sync_all(d);
}

static void copy_out(const fg_gpu_ldpc *d, int count, uint8_t *bits, void *app, int app_is_float, int *iters)
{
    const size_t n = (size_t)d->code->n, nbytes = (n + 7) / 8;
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        const stream_buf *b = &d->sb[s];
        const size_t o = (size_t)s * d->per_stream;
        for (size_t c = 0; bits && c < (size_t)cs; c++)
            for (size_t i = 0; i < n; i++)
                bits[(o + c) * n + i] = (uint8_t)((b->h_packed[c * nbytes + i / 8] >> (i % 8)) & 1u);
        if (iters)
            memcpy(iters + o, b->h_iters, cs * sizeof(int));
        if (app && app_is_float)
            memcpy((float *)app + o * n, b->h_app, cs * n * sizeof(float));
        else if (app)
            for (size_t i = 0; i < cs * n; i++)
                ((int32_t *)app)[o * n + i] = ((const int16_t *)b->h_app)[i];
    }
}

int fg_gpu_ldpc_decode_fixed(fg_gpu_ldpc *d, int count, const int32_t *llr_q, uint8_t *bits, int32_t *app,
                             int *iterations)
{
    int rc = check_count(d, count);
    if (rc)
        return rc;
    if (!d->fixed)
        return fg_set_error(FG_ESTATE, "fg_gpu_ldpc_decode_fixed on a float-mode decoder");
    if (!llr_q || !bits)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_decode_fixed: llr_q and bits must not be NULL");
    const size_t n = (size_t)d->code->n;
    const int32_t m = fg_fx_max(d->cfg.fx.llr_width);
    for (size_t i = 0; i < (size_t)count * n; i++)
        if (llr_q[i] < -m || llr_q[i] > m)
            return fg_set_error(FG_EINVAL, "llr_q[%zu]=%d out of range [%d, %d] (llr_width=%d)", i, (int)llr_q[i], (int)-m,
                                (int)m, d->cfg.fx.llr_width);
    CU(cudaSetDevice(d->cfg.device));
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        const int32_t *src = llr_q + (size_t)s * d->per_stream * n;
        for (size_t i = 0; i < cs * n; i++) {
            if (d->in8)
                d->sb[s].h_in8[i] = (int8_t)src[i];
            else
                ((int16_t *)d->sb[s].h_in)[i] = (int16_t)src[i];
        }
    }
    if ((rc = run_host_batch(d, count, app != NULL, 1)))
        return rc;
    copy_out(d, count, bits, app, 0, iterations);
    return 0;
}

int fg_gpu_ldpc_decode_float(fg_gpu_ldpc *d, int count, const float *llr_f, uint8_t *bits, float *app_f,
                             int *iterations)
{
    int rc = check_count(d, count);
    if (rc)
        return rc;
    if (d->fixed)
        return fg_set_error(FG_ESTATE, "fg_gpu_ldpc_decode_float on a fixed-mode decoder");
    if (!llr_f || !bits)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_decode_float: llr_f and bits must not be NULL");
    const size_t n = (size_t)d->code->n;
    for (size_t i = 0; i < (size_t)count * n; i++)
        if (llr_f[i] != llr_f[i])
            return fg_set_error(FG_EINVAL, "llr_f[%zu] is NaN: channel LLRs must be numbers", i);
    CU(cudaSetDevice(d->cfg.device));
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        float *h = (float *)d->sb[s].h_in;
        for (size_t i = 0; i < cs * n; i++) {
            const float x = llr_f[(size_t)s * d->per_stream * n + i];
            h[i] = x > FG_LDPC_GPU_RMAX ? FG_LDPC_GPU_RMAX : (x < -FG_LDPC_GPU_RMAX ? -FG_LDPC_GPU_RMAX : x);
        }
    }
    if ((rc = run_host_batch(d, count, app_f != NULL, 1)))
        return rc;
    copy_out(d, count, bits, app_f, 1, iterations);
    return 0;
}

/* ---------------- frames generated on the GPU ---------------- */

int fg_gpu_ldpc_frames(fg_gpu_ldpc *d, uint64_t seed, long long first, int count, double sigma,
                       const fg_gpu_ldpc_frames_out *out)
{
    int rc = check_count(d, count);
    if (rc)
        return rc;
    if (!out || !out->bit_errors || !out->frame_error || !out->iterations)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_frames: out, bit_errors, frame_error and iterations must not be NULL");
    if (first < 0)
        return fg_set_error(FG_EINVAL, "first=%lld out of range [0, 2^63)", first);
    if (!(sigma > 0.0) || sigma != sigma || sigma > 1e300)
        return fg_set_error(FG_EINVAL, "sigma=%g out of range (0, inf)", sigma);
    if ((out->llr_q || out->app) && !d->fixed)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_frames: llr_q / app are fixed-mode outputs (float mode: llr_f, app_f)");
    if ((out->llr_f || out->app_f) && d->fixed)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_frames: llr_f / app_f are float-mode outputs (fixed mode: llr_q, app)");
    CU(cudaSetDevice(d->cfg.device));
    const fg_ldpc_code *c = d->code;
    const size_t n = (size_t)c->n, is = in_size(d->fixed);
    const double g = 2.0 / (sigma * sigma);
    const int want_in = out->llr_q || out->llr_f, want_app = out->app || out->app_f;
    const size_t info_smem = (size_t)((c->k + 31) / 32) * 4;
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        if (!cs)
            break;
        stream_buf *b = &d->sb[s];
        const long long f0 = first + (long long)s * d->per_stream;
        if (d->fixed)
            frames_make<true><<<cs, 256, info_smem, b->s>>>(d->gc, seed, f0, sigma, g, d->cfg.fx.llr_width,
                                                             d->cfg.fx.llr_frac, b->d_cw, (int16_t *)b->d_in);
        else
            frames_make<false><<<cs, 256, info_smem, b->s>>>(d->gc, seed, f0, sigma, g, 0, 0, b->d_cw, (float *)b->d_in);
        CU_LAUNCH("frames_make");
        if ((rc = launch_decode(d, b, cs)))
            return rc;
        frames_count<<<cs, 256, 0, b->s>>>(c->n, c->k, b->d_cw, b->d_bits, b->d_be, b->d_fe);
        CU_LAUNCH("frames_count");
        CU(cudaMemcpyAsync(b->h_be, b->d_be, cs * sizeof(int32_t), cudaMemcpyDeviceToHost, b->s));
        CU(cudaMemcpyAsync(b->h_fe, b->d_fe, cs, cudaMemcpyDeviceToHost, b->s));
        CU(cudaMemcpyAsync(b->h_iters, b->d_iters, cs * sizeof(int), cudaMemcpyDeviceToHost, b->s));
        if (want_in)
            CU(cudaMemcpyAsync(b->h_in, b->d_in, cs * n * is, cudaMemcpyDeviceToHost, b->s));
        if (out->bits && (rc = enqueue_bits_out(d, b, cs)))
            return rc;
        if (want_app)
            CU(cudaMemcpyAsync(b->h_app, b->d_app, cs * n * is, cudaMemcpyDeviceToHost, b->s));
    }
    if ((rc = sync_all(d)))
        return rc;
    for (int s = 0; s < d->ns; s++) {
        const int cs = chunk_of(d, s, count);
        const stream_buf *b = &d->sb[s];
        const size_t o = (size_t)s * d->per_stream;
        memcpy(out->bit_errors + o, b->h_be, cs * sizeof(int32_t));
        memcpy(out->frame_error + o, b->h_fe, cs);
        memcpy(out->iterations + o, b->h_iters, cs * sizeof(int));
        for (size_t i = 0; want_in && i < cs * n; i++) {
            if (d->fixed)
                out->llr_q[o * n + i] = ((const int16_t *)b->h_in)[i];
            else
                out->llr_f[o * n + i] = ((const float *)b->h_in)[i];
        }
    }
    copy_out(d, count, out->bits, d->fixed ? (void *)out->app : (void *)out->app_f, !d->fixed, NULL);
    return 0;
}

int fg_gpu_ldpc_bench(fg_gpu_ldpc *d, double ebn0_db, int batches, fg_gpu_ldpc_timing *out)
{
    if (!d || !out)
        return fg_set_error(FG_EINVAL, "fg_gpu_ldpc_bench: NULL %s", !d ? "dec" : "out");
    if (batches < 1 || batches > 100000)
        return fg_set_error(FG_EINVAL, "batches=%d out of range [1, 100000]", batches);
    const fg_ldpc_code *c = d->code;
    const int B = d->ns * d->per_stream;
    double sigma;
    int rc = fg_channel_sigma(ebn0_db, (double)c->k / c->n, &sigma);
    if (rc)
        return rc;
    CU(cudaSetDevice(d->cfg.device));
    /* channel LLRs of one batch, made on the GPU (frames 0 .. B-1, seed 1), left in each stream's pinned
     * input buffer */
    int32_t *be = (int32_t *)malloc(sizeof(int32_t) * B);
    uint8_t *fe = (uint8_t *)malloc((size_t)B);
    int *it = (int *)malloc(sizeof(int) * B);
    if (!be || !fe || !it) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the bench of %d batches", batches);
        goto done;
    }
    {
        fg_gpu_ldpc_frames_out fo;
        memset(&fo, 0, sizeof fo);
        fo.bit_errors = be;
        fo.frame_error = fe;
        fo.iterations = it;
        if ((rc = fg_gpu_ldpc_frames(d, 1, 0, B, sigma, &fo)))
            goto done;
        const size_t bytes = (size_t)d->per_stream * c->n * in_size(d->fixed);
        for (int s = 0; s < d->ns; s++) /* the inputs the frame kernel left on the device */
        {
            if (cudaMemcpy(d->sb[s].h_in, d->sb[s].d_in, bytes, cudaMemcpyDeviceToHost) != cudaSuccess) {
                rc = cuda_fail(cudaGetLastError(), "copy of the bench inputs");
                goto done;
            }
            for (size_t i = 0; d->in8 && i < (size_t)d->per_stream * c->n; i++)
                d->sb[s].h_in8[i] = (int8_t)((const int16_t *)d->sb[s].h_in)[i];
        }
    }
    rc = bench_timing(
        d->sb, d->ns, batches, [&](int s) { return launch_decode(d, &d->sb[s], d->per_stream); },
        [&]() { return run_host_batch(d, B, 0, 0); }, &out->kernel_ms, &out->total_ms, &out->latency_ms);
    if (!rc) {
        out->batch = B;
        out->coded_mbps_kernel = (double)B * c->n / (out->kernel_ms * 1e3);
        out->info_mbps_kernel = (double)B * c->k / (out->kernel_ms * 1e3);
        out->coded_mbps_total = (double)B * c->n / (out->total_ms * 1e3);
        out->info_mbps_total = (double)B * c->k / (out->total_ms * 1e3);
    }
done:
    free(be);
    free(fe);
    free(it);
    return rc;
}
