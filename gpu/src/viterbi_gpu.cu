/* Host side of the GPU Viterbi decoder (fecforge_gpu/viterbi_gpu.h): checks, the tiling as the C decoder runs
 * it, depuncturing into stage-major LLRs (int16 for the unified kernel, int8 rows for the fast one), one launch per
 * batch, and the host runs of the kernels' code. */
#include "fecforge_gpu/viterbi_gpu.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge_gpu/gpu.h"

#include <cuda_runtime.h>
#include <algorithm>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "gpu_internal.h"
#include "gpu_util.cuh"
#include "viterbi_gpu_fast.cuh"
#include "viterbi_gpu_kernels.cuh"

struct fg_gpu_viterbi {
    fg_gpu_viterbi_cfg cfg;
    fg_vit_code code;
    vg::params p;
    int fast, code_id; /* the fast kernel, for its built-in code code_id */
    vgf_params fp;
    int batch, sent;
    size_t smem, in_bytes, out_bytes; /* shared memory of a block; a frame's input and output bytes */
    unsigned char *d_in, *h_in;       /* batch x in_bytes (h_in pinned) */
    unsigned char *d_out, *h_out;     /* batch x out_bytes */
    int32_t *q_sn;                    /* one frame depunctured */
};

/* ---- the fast kernel's codes and launches ---- */

/* fn(vgf::code<...>{}) for the built-in code `id` (vgf_code_id: a valid id). */
template <class Fn> static auto with_code(int id, Fn fn)
{
    int i = 0;
#define X(K_, G0, G1)                                                                                                 \
    if (id == i++)                                                                                                    \
        return fn(vgf::code<K_, G0, G1>{});
    VGF_CODES(X)
#undef X
    return fn(vgf::code<7, 0171, 0133>{}); /* not reached */
}

static cudaError_t fast_prepare(int id, size_t smem)
{
    return with_code(id, [&](auto c) {
        return cudaFuncSetAttribute(vgf::decode_fast<decltype(c)>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)smem);
    });
}

static void fast_launch(int id, const vgf_params &p, const int8_t *in, uint32_t *out, int count, size_t smem)
{
    const dim3 grid((unsigned)((count + vgf::THREADS - 1) / vgf::THREADS), (unsigned)p.tiles);
    with_code(id, [&](auto c) { vgf::decode_fast<decltype(c)><<<grid, vgf::THREADS, smem>>>(p, in, out, count); });
}

/* Every tile of count frames on the host, one thread after another. */
static void fast_host(int id, const vgf_params &p, const int8_t *in, uint32_t *out, int count)
{
    with_code(id, [&](auto c) {
        using C = decltype(c);
        std::vector<uint32_t> ring((size_t)p.ns * C::R), stg(vgf::STAGE_WORDS);
        for (int f = 0; f < count; f++)
            for (int t = 0; t < p.tiles; t++)
                vgf::decode_tile<C>(p, in + (size_t)f * p.row, out + (size_t)f * p.words, ring.data(), stg.data(), 1,
                                    t);
    });
}

/* The parameters of (c, k, dec): the C decoder's checks, then the GPU's own limits. */
static int make_params(const fg_vit_code *c, int k, const fg_vit_dec_cfg *dec, vg::params *p)
{
    fg_vit_dec *probe = NULL;
    int rc = fg_vit_dec_create(c, k, dec, &probe);
    fg_vit_dec_destroy(probe);
    if (rc)
        return rc;
    if (c->K > vg::K_MAX)
        return fg_set_error(FG_EINVAL, "K=%d out of range [%d, %d] on the GPU (a thread per state, %d at most)", c->K,
                            FG_VIT_K_MIN, vg::K_MAX, vg::STATES_MAX);
    if (dec->ending == FG_VIT_TAILBITING)
        return fg_set_error(FG_EINVAL, "ending=tailbiting: the GPU decodes terminated or truncated streams (the C "
                                       "decoder is the tail-biting reference)");
    memset(p, 0, sizeof *p);
    p->K = c->K;
    p->n = c->n;
    p->M = 1 << (c->K - 1);
    for (int b = 0; b < c->n; b++)
        p->gen[b] = c->gen[b];
    p->k = k;
    p->stages = fg_vit_stages(c, dec->ending, k);
    p->term = dec->ending == FG_VIT_TERMINATED;
    p->F = dec->f ? dec->f : p->stages;
    p->V1 = dec->f ? dec->v1 : 0;
    p->V2 = dec->f ? dec->v2 : 0;
    p->F0 = dec->f0 ? dec->f0 : p->F;
    p->tiles = (k + p->F - 1) / p->F;
    p->words = (p->M + 31) / 32;
    p->marks = (p->F + p->F0 - 1) / p->F0;
    const long long span = (long long)p->F + p->V1 + p->V2;
    p->span = (int)(span < p->stages ? span : p->stages);
    /* exact int32 metrics: within the spread plus a stage's branch metrics (fg_vit_pm_min_width) */
    return 0;
}

/* The kernel cfg asks for, and its parameters: the unified kernel's (p, always made: they carry the C decoder's
 * checks), and the fast kernel's (*fast = 1, its code id and fp) where cfg->kernel allows it and it applies.
 * FG_EINVAL naming the option when --kernel fast cannot run the configuration. */
static int choose_kernel(const fg_vit_code *c, int k, const fg_gpu_viterbi_cfg *g, vg::params *p, int *fast, int *id,
                         vgf_params *fp)
{
    if (g->kernel < FG_GPU_VIT_AUTO || g->kernel > FG_GPU_VIT_FAST)
        return fg_set_error(FG_EINVAL, "kernel=%d out of range [0, 2] (auto, unified, fast)", g->kernel);
    int rc = make_params(c, k, &g->dec, p);
    if (rc)
        return rc;
    const char *why = vgf_params_of(c, k, &g->dec, fp);
    if (g->kernel == FG_GPU_VIT_FAST && why)
        return fg_set_error(FG_EINVAL, "--kernel=fast: %s (--kernel unified decodes it)", why);
    *fast = !why && g->kernel != FG_GPU_VIT_UNIFIED;
    *id = *fast ? vgf_code_id(c) : -1;
    return 0;
}

/* count frames of rx (sent symbols), each within w_llr bits, depunctured into rows of q (`row` values apart):
 * stages x n values each. */
template <class T>
static int stage_inputs(const fg_vit_code *c, const fg_vit_dec_cfg *dec, int k, int count, const int32_t *rx,
                        int32_t *q_sn, T *q, size_t row)
{
    const int sent = fg_vit_sent_len(c, dec->ending, k), len = fg_vit_stages(c, dec->ending, k) * c->n;
    const int32_t m = fg_fx_max(dec->w_llr);
    for (int f = 0; f < count; f++) {
        const int32_t *r = rx + (size_t)f * sent;
        for (int i = 0; i < sent; i++)
            if (r[i] < -m || r[i] > m)
                return fg_set_error(FG_EINVAL, "rx[%d]=%d of frame %d out of range [%d, %d] (w_llr=%d bits)", i,
                                    (int)r[i], f, -m, m, dec->w_llr);
        const int rc = fg_vit_depuncture_q(c, dec->ending, k, r, q_sn);
        if (rc)
            return rc;
        T *o = q + (size_t)f * row;
        for (int i = 0; i < len; i++)
            o[i] = (T)q_sn[i];
    }
    return 0;
}

static int stage_batch(fg_gpu_viterbi *d, int count, const int32_t *rx)
{
    if (d->fast)
        return stage_inputs(&d->code, &d->cfg.dec, d->p.k, count, rx, d->q_sn, (int8_t *)d->h_in, d->in_bytes);
    return stage_inputs(&d->code, &d->cfg.dec, d->p.k, count, rx, d->q_sn, (int16_t *)d->h_in,
                        d->in_bytes / sizeof(int16_t));
}

/* The decided bits of count frames of the kernel's output (packed words of the fast kernel, bytes otherwise). */
static void unpack_bits(int fast, int k, int words, const unsigned char *in, int count, uint8_t *bits)
{
    if (!fast) {
        memcpy(bits, in, (size_t)count * k);
        return;
    }
    const uint32_t *w = (const uint32_t *)in;
    for (int f = 0; f < count; f++)
        for (int j = 0; j < k; j++)
            bits[(size_t)f * k + j] = (uint8_t)(w[(size_t)f * words + (j >> 5)] >> (j & 31) & 1u);
}

static void launch(const fg_gpu_viterbi *d, int count)
{
    if (d->fast) {
        fast_launch(d->code_id, d->fp, (const int8_t *)d->d_in, (uint32_t *)d->d_out, count, d->smem);
        return;
    }
    const vg::buffers bf = {(const int16_t *)d->d_in, d->d_out};
    vg::decode_tiles<<<count * d->p.tiles, d->p.M > 32 ? d->p.M : 32, d->smem>>>(d->p, bf);
}

static void free_all(fg_gpu_viterbi *d)
{
    cudaFree(d->d_in);
    cudaFree(d->d_out);
    cudaFreeHost(d->h_in);
    cudaFreeHost(d->h_out);
    free(d->q_sn);
}

void fg_gpu_viterbi_destroy(fg_gpu_viterbi *d)
{
    if (!d)
        return;
    cudaSetDevice(d->cfg.device);
    free_all(d);
    free(d);
}

int fg_gpu_viterbi_batch(const fg_gpu_viterbi *d) { return d ? d->batch : 0; }

int fg_gpu_viterbi_create(const fg_vit_code *c, int k, const fg_gpu_viterbi_cfg *cfg, fg_gpu_viterbi **out)
{
    if (!c || !out)
        return fg_set_error(FG_EINVAL, "fg_gpu_viterbi_create: NULL %s", !c ? "code" : "out");
    *out = NULL;
    const fg_gpu_viterbi_cfg g = cfg ? *cfg : fg_gpu_viterbi_cfg_default();
    vg::params p;
    vgf_params fp;
    int fast = 0, id = -1;
    int rc = choose_kernel(c, k, &g, &p, &fast, &id, &fp);
    if (rc)
        return rc;
    if (g.batch < 0 || g.batch > (1 << 20))
        return fg_set_error(FG_EINVAL, "batch=%d out of range [1, %d] (0: the default)", g.batch, 1 << 20);
    const int ndev = fg_gpu_device_count();
    if (ndev == 0)
        return fg_set_error(FG_ENODEV, "no CUDA device present");
    if (g.device < 0 || g.device >= ndev)
        return fg_set_error(FG_EINVAL, "device=%d out of range [0, %d]", g.device, ndev - 1);
    cudaDeviceProp pr;
    if (cudaSetDevice(g.device) != cudaSuccess || cudaGetDeviceProperties(&pr, g.device) != cudaSuccess)
        return cuda_fail(cudaGetLastError(), "cudaSetDevice");
    const size_t smem = fast ? vgf::smem_bytes(p.M, fp.ns) : vg::smem_bytes(p);
    if (smem > pr.sharedMemPerBlockOptin)
        return fg_set_error(FG_EINVAL, "f=%d: a tile of %d stages keeps %zu bytes of survivors and metrics, more than a "
                                       "block's %zu bytes of shared memory: tile the stream (--tile)",
                            g.dec.f, p.span, smem, (size_t)pr.sharedMemPerBlockOptin);
    fg_gpu_viterbi *d = (fg_gpu_viterbi *)calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "out of memory");
    d->cfg = g;
    d->code = *c;
    d->p = p;
    d->fast = fast;
    d->code_id = id;
    d->fp = fp;
    d->smem = smem;
    d->sent = fg_vit_sent_len(c, g.dec.ending, k);
    /* about 2^24 decoded bits a batch (the fast kernel: 2^26, a thread per tile needs more frames to fill the GPU) */
    const int per = (fast ? 1 << 26 : 1 << 24) / k;
    d->batch = g.batch ? g.batch : (per > 1 ? per : 1);
    d->in_bytes = fast ? (size_t)fp.row : (size_t)p.stages * p.n * sizeof(int16_t);
    d->out_bytes = fast ? (size_t)fp.words * 4 : (size_t)k;
    const size_t in_n = (size_t)d->batch * d->in_bytes, out_n = (size_t)d->batch * d->out_bytes;
    cudaError_t e = fast ? fast_prepare(id, smem)
                         : cudaFuncSetAttribute(vg::decode_tiles, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                (int)smem);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&d->d_in, in_n);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&d->d_out, out_n);
    if (e == cudaSuccess)
        e = cudaMallocHost((void **)&d->h_in, in_n);
    if (e == cudaSuccess)
        e = cudaMallocHost((void **)&d->h_out, out_n);
    d->q_sn = (int32_t *)malloc(sizeof(int32_t) * (size_t)p.stages * p.n);
    if (e != cudaSuccess || !d->q_sn) {
        fg_gpu_viterbi_destroy(d);
        return e != cudaSuccess ? cuda_fail(e, "the Viterbi decoder's buffers")
                                : fg_set_error(FG_ENOMEM, "out of memory");
    }
    memset(d->h_in, 0, in_n); /* the fast kernel's row padding */
    *out = d;
    return 0;
}

int fg_gpu_viterbi_decode(fg_gpu_viterbi *d, int count, const int32_t *rx, uint8_t *bits)
{
    if (!d || !rx || !bits)
        return fg_set_error(FG_EINVAL, "fg_gpu_viterbi_decode: NULL argument");
    if (count < 1 || count > d->batch)
        return fg_set_error(FG_EINVAL, "count=%d out of range [1, %d] (one batch)", count, d->batch);
    int rc = stage_batch(d, count, rx);
    if (rc)
        return rc;
    CU(cudaSetDevice(d->cfg.device));
    CU(cudaMemcpy(d->d_in, d->h_in, (size_t)count * d->in_bytes, cudaMemcpyHostToDevice));
    launch(d, count);
    CU(cudaGetLastError());
    CU(cudaMemcpy(d->h_out, d->d_out, (size_t)count * d->out_bytes, cudaMemcpyDeviceToHost));
    unpack_bits(d->fast, d->p.k, d->fp.words, d->h_out, count, bits);
    return 0;
}

/* The batch's frames of the family (seed 1, frame f; at most 64 distinct, repeated) at ebn0, quantised and staged
 * into the pinned inputs. */
static int bench_inputs(fg_gpu_viterbi *d, double ebn0_db)
{
    const vg::params &p = d->p;
    const int k = p.k, n = d->sent, distinct = d->batch < 64 ? d->batch : 64;
    double sigma;
    int rc = fg_channel_sigma(ebn0_db, (double)k / n, &sigma);
    std::vector<uint8_t> u((size_t)k), cw((size_t)n);
    std::vector<double> llr((size_t)n);
    std::vector<int32_t> rx((size_t)distinct * n);
    for (int f = 0; !rc && f < distinct; f++)
        if (!(rc = fg_channel_random_bits(k, 1, (uint64_t)f, u.data())) &&
            !(rc = fg_vit_encode(&d->code, d->cfg.dec.ending, k, u.data(), cw.data())) &&
            !(rc = fg_channel_bpsk_awgn(cw.data(), n, sigma, 1, (uint64_t)f, llr.data())) &&
            !(rc = fg_channel_llr(llr.data(), n, sigma, llr.data())))
            rc = fg_llr_quantize(llr.data(), n, d->cfg.dec.w_llr, d->cfg.dec.f_llr, rx.data() + (size_t)f * n);
    if (!rc)
        rc = stage_batch(d, distinct, rx.data());
    for (int f = distinct; !rc && f < d->batch; f++)
        memcpy(d->h_in + f * d->in_bytes, d->h_in + (size_t)(f % distinct) * d->in_bytes, d->in_bytes);
    return rc;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int fg_gpu_viterbi_bench(fg_gpu_viterbi *d, double ebn0_db, int batches, fg_impl_timing *out)
{
    if (!d || !out)
        return fg_set_error(FG_EINVAL, "fg_gpu_viterbi_bench: NULL %s", !d ? "dec" : "out");
    if (batches < 1 || batches > 100000)
        return fg_set_error(FG_EINVAL, "batches=%d out of range [1, 100000]", batches);
    int rc = bench_inputs(d, ebn0_db);
    if (rc)
        return rc;
    const size_t qb = (size_t)d->batch * d->in_bytes, bb = (size_t)d->batch * d->out_bytes;
    cudaEvent_t e[4];
    for (int i = 0; i < 4; i++)
        CU(cudaEventCreate(&e[i]));
    std::vector<double> tk, tt;
    for (int r = -2; r < batches && !rc; r++) { /* two warm-up batches */
        cudaEventRecord(e[0]);
        cudaMemcpyAsync(d->d_in, d->h_in, qb, cudaMemcpyHostToDevice);
        cudaEventRecord(e[1]);
        launch(d, d->batch);
        cudaEventRecord(e[2]);
        cudaMemcpyAsync(d->h_out, d->d_out, bb, cudaMemcpyDeviceToHost);
        cudaEventRecord(e[3]);
        const cudaError_t ce = cudaEventSynchronize(e[3]);
        if (ce != cudaSuccess || cudaGetLastError() != cudaSuccess) {
            rc = cuda_fail(ce != cudaSuccess ? ce : cudaGetLastError(), "the Viterbi bench");
            break;
        }
        float k_ms = 0, t_ms = 0;
        cudaEventElapsedTime(&k_ms, e[1], e[2]);
        cudaEventElapsedTime(&t_ms, e[0], e[3]);
        if (r >= 0) {
            tk.push_back(k_ms);
            tt.push_back(t_ms);
        }
    }
    for (int i = 0; i < 4; i++)
        cudaEventDestroy(e[i]);
    if (rc)
        return rc;
    const double info = (double)d->batch * d->p.k;
    out->batch = d->batch;
    out->kernel_ms = median(tk);
    out->total_ms = out->latency_ms = median(tt);
    out->coded_mbps_kernel = (double)d->batch * d->sent / (out->kernel_ms * 1e3);
    out->info_mbps_kernel = info / (out->kernel_ms * 1e3);
    out->coded_mbps_total = (double)d->batch * d->sent / (out->total_ms * 1e3);
    out->info_mbps_total = info / (out->total_ms * 1e3);
    return 0;
}

/* The kernel's code on the host: fg_gpu_viterbi_host_decode once the kernel is chosen. */
static int host_decode(const fg_vit_code *c, int k, const fg_vit_dec_cfg *dec, const vg::params &p, int fast, int id,
                       const vgf_params &fp, int count, const int32_t *rx, uint8_t *bits)
{
    int rc;
    std::vector<int32_t> q_sn((size_t)p.stages * p.n);
    if (fast) {
        std::vector<int8_t> q((size_t)count * fp.row);
        std::vector<uint32_t> w((size_t)count * fp.words);
        rc = stage_inputs(c, dec, k, count, rx, q_sn.data(), q.data(), (size_t)fp.row);
        if (!rc) {
            fast_host(id, fp, q.data(), w.data(), count);
            unpack_bits(1, k, fp.words, (const unsigned char *)w.data(), count, bits);
        }
        return rc;
    }
    std::vector<int16_t> q((size_t)count * p.stages * p.n);
    std::vector<int32_t> pm2(2 * (size_t)p.M);
    std::vector<uint32_t> dec_w((size_t)p.span * p.words);
    std::vector<int> best((size_t)p.marks);
    rc = stage_inputs(c, dec, k, count, rx, q_sn.data(), q.data(), (size_t)p.stages * p.n);
    if (!rc) {
        const vg::buffers bf = {q.data(), bits};
        vg::decode_host(p, bf, count, pm2.data(), dec_w.data(), best.data());
    }
    return rc;
}

int fg_gpu_viterbi_host_decode(const fg_vit_code *c, int k, const fg_gpu_viterbi_cfg *cfg, int count,
                               const int32_t *rx, uint8_t *bits)
{
    if (!c || !cfg || !rx || !bits || count < 1)
        return fg_set_error(FG_EINVAL, "fg_gpu_viterbi_host_decode: NULL argument or count=%d < 1", count);
    const fg_vit_dec_cfg *dec = &cfg->dec;
    vg::params p;
    vgf_params fp;
    int fast = 0, id = -1;
    int rc = choose_kernel(c, k, cfg, &p, &fast, &id, &fp);
    if (rc)
        return rc;
    try { /* the vectors' bad_alloc must not cross the C API */
        return host_decode(c, k, dec, p, fast, id, fp, count, rx, bits);
    } catch (...) {
        return fg_set_error(FG_ENOMEM, "out of memory for %d frames of k=%d", count, k);
    }
}
