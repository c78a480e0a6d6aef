/* Host side of the GPU Viterbi decoder (fecforge_gpu/viterbi_gpu.h): checks, the tiling as the C decoder runs
 * it, depuncturing into int16 stage-major LLRs, one launch per batch, and the host run of the kernel's code. */
#include "fecforge_gpu/viterbi_gpu.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge_gpu/gpu.h"

#include <cuda_runtime.h>
#include <algorithm>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "gpu_internal.h"
#include "gpu_util.cuh"
#include "viterbi_gpu_kernels.cuh"

struct fg_gpu_viterbi {
    fg_gpu_viterbi_cfg cfg;
    fg_vit_code code;
    vg::params p;
    int batch, sent;
    size_t smem;
    int16_t *d_q, *h_q; /* batch x stages x n (h_q pinned) */
    uint8_t *d_bits, *h_bits;
    int32_t *q_sn;      /* one frame depunctured */
};

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

static void free_all(fg_gpu_viterbi *d)
{
    cudaFree(d->d_q);
    cudaFree(d->d_bits);
    cudaFreeHost(d->h_q);
    cudaFreeHost(d->h_bits);
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
    int rc = make_params(c, k, &g.dec, &p);
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
    const size_t smem = vg::smem_bytes(p);
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
    d->smem = smem;
    d->sent = fg_vit_sent_len(c, g.dec.ending, k);
    d->batch = g.batch ? g.batch : (int)((1 << 24) / k > 1 ? (1 << 24) / k : 1);
    const size_t qn = (size_t)d->batch * p.stages * p.n, bn = (size_t)d->batch * k;
    cudaError_t e = cudaFuncSetAttribute(vg::decode_tiles, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&d->d_q, qn * sizeof(int16_t));
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&d->d_bits, bn);
    if (e == cudaSuccess)
        e = cudaMallocHost((void **)&d->h_q, qn * sizeof(int16_t));
    if (e == cudaSuccess)
        e = cudaMallocHost((void **)&d->h_bits, bn);
    d->q_sn = (int32_t *)malloc(sizeof(int32_t) * (size_t)p.stages * p.n);
    if (e != cudaSuccess || !d->q_sn) {
        fg_gpu_viterbi_destroy(d);
        return e != cudaSuccess ? cuda_fail(e, "the Viterbi decoder's buffers")
                                : fg_set_error(FG_ENOMEM, "out of memory");
    }
    *out = d;
    return 0;
}

/* count frames of rx (sent symbols), each within w_llr bits, depunctured into q (stages x n int16 each). */
static int stage_inputs(const fg_vit_code *c, const fg_vit_dec_cfg *dec, int k, const vg::params &p, int count,
                        const int32_t *rx, int32_t *q_sn, int16_t *q)
{
    const int sent = fg_vit_sent_len(c, dec->ending, k);
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
        int16_t *o = q + (size_t)f * p.stages * p.n;
        for (size_t i = 0; i < (size_t)p.stages * p.n; i++)
            o[i] = (int16_t)q_sn[i];
    }
    return 0;
}

int fg_gpu_viterbi_decode(fg_gpu_viterbi *d, int count, const int32_t *rx, uint8_t *bits)
{
    if (!d || !rx || !bits)
        return fg_set_error(FG_EINVAL, "fg_gpu_viterbi_decode: NULL argument");
    if (count < 1 || count > d->batch)
        return fg_set_error(FG_EINVAL, "count=%d out of range [1, %d] (one batch)", count, d->batch);
    const vg::params &p = d->p;
    int rc = stage_inputs(&d->code, &d->cfg.dec, p.k, p, count, rx, d->q_sn, d->h_q);
    if (rc)
        return rc;
    CU(cudaSetDevice(d->cfg.device));
    CU(cudaMemcpy(d->d_q, d->h_q, (size_t)count * p.stages * p.n * sizeof(int16_t), cudaMemcpyHostToDevice));
    const vg::buffers bf = {d->d_q, d->d_bits};
    const int threads = p.M > 32 ? p.M : 32;
    vg::decode_tiles<<<count * p.tiles, threads, d->smem>>>(p, bf);
    CU(cudaGetLastError());
    CU(cudaMemcpy(d->h_bits, d->d_bits, (size_t)count * p.k, cudaMemcpyDeviceToHost));
    memcpy(bits, d->h_bits, (size_t)count * p.k);
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
        rc = stage_inputs(&d->code, &d->cfg.dec, k, p, distinct, rx.data(), d->q_sn, d->h_q);
    const size_t per = (size_t)p.stages * p.n;
    for (int f = distinct; !rc && f < d->batch; f++)
        memcpy(d->h_q + f * per, d->h_q + (size_t)(f % distinct) * per, per * sizeof(int16_t));
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
    const vg::params &p = d->p;
    const size_t qb = (size_t)d->batch * p.stages * p.n * sizeof(int16_t), bb = (size_t)d->batch * p.k;
    const vg::buffers bf = {d->d_q, d->d_bits};
    const int threads = p.M > 32 ? p.M : 32;
    cudaEvent_t e[4];
    for (int i = 0; i < 4; i++)
        CU(cudaEventCreate(&e[i]));
    std::vector<double> tk, tt;
    for (int r = -2; r < batches && !rc; r++) { /* two warm-up batches */
        cudaEventRecord(e[0]);
        cudaMemcpyAsync(d->d_q, d->h_q, qb, cudaMemcpyHostToDevice);
        cudaEventRecord(e[1]);
        vg::decode_tiles<<<d->batch * p.tiles, threads, d->smem>>>(p, bf);
        cudaEventRecord(e[2]);
        cudaMemcpyAsync(d->h_bits, d->d_bits, bb, cudaMemcpyDeviceToHost);
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
    out->batch = d->batch;
    out->kernel_ms = median(tk);
    out->total_ms = out->latency_ms = median(tt);
    out->coded_mbps_kernel = (double)d->batch * d->sent / (out->kernel_ms * 1e3);
    out->info_mbps_kernel = (double)bb / (out->kernel_ms * 1e3);
    out->coded_mbps_total = (double)d->batch * d->sent / (out->total_ms * 1e3);
    out->info_mbps_total = (double)bb / (out->total_ms * 1e3);
    return 0;
}

int fg_gpu_viterbi_host_decode(const fg_vit_code *c, int k, const fg_vit_dec_cfg *dec, int count, const int32_t *rx,
                               uint8_t *bits)
{
    if (!c || !dec || !rx || !bits || count < 1)
        return fg_set_error(FG_EINVAL, "fg_gpu_viterbi_host_decode: NULL argument or count=%d < 1", count);
    vg::params p;
    int rc = make_params(c, k, dec, &p);
    if (rc)
        return rc;
    int32_t *q_sn = (int32_t *)malloc(sizeof(int32_t) * (size_t)p.stages * p.n);
    int16_t *q = (int16_t *)malloc(sizeof(int16_t) * (size_t)count * p.stages * p.n);
    int32_t *pm2 = (int32_t *)malloc(sizeof(int32_t) * 2 * (size_t)p.M);
    uint32_t *dec_w = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)p.span * p.words);
    int *best = (int *)malloc(sizeof(int) * (size_t)p.marks);
    if (!q_sn || !q || !pm2 || !dec_w || !best)
        rc = fg_set_error(FG_ENOMEM, "out of memory for %d frames of k=%d", count, k);
    if (!rc)
        rc = stage_inputs(c, dec, k, p, count, rx, q_sn, q);
    if (!rc) {
        const vg::buffers bf = {q, bits};
        vg::decode_host(p, bf, count, pm2, dec_w, best);
    }
    free(q_sn);
    free(q);
    free(pm2);
    free(dec_w);
    free(best);
    return rc;
}
