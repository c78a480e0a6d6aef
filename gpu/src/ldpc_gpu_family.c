/* The GPU implementations of the ldpc family (fecforge/family.h): gpu-fixed (bit-exact with the
 * fixed-point model) and gpu-float, on the CUDA decoders of fecforge_gpu/ldpc_gpu.h. A worker is one
 * device; a BER chunk is one batch, its frames made, decoded and compared on the device. Built with
 * and without CUDA (without it, creating a decoder reports FG_ENODEV). */
#include "fecforge_gpu/ldpc_gpu.h"

#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/ldpc_decoder.h"
#include "gpu_internal.h"

#include <stdlib.h>
#include <string.h>

#define G(f) offsetof(fg_gpu_ldpc_cfg, f)
static const fg_opt gpu_opts[] = {
    {"kernel", 0, FG_OPT_CHOICE, G(kernel), .words = "fused|thesis|edge", .meta = "K",
     .help = "fused: one launch per batch, all iterations (layered fixed point with an even --ncw\n"
             "runs codeword pairs in half2); edge: fused, a thread per edge (lowest latency); thesis: the\n"
             "CNP/VNP kernels of thesis 3.4-3.6"},
    {"ns", 0, FG_OPT_INT, G(streams), 1, FG_GPU_LDPC_STREAMS_MAX, .meta = "S", .help = "CUDA streams NS"},
    {"ncw", 0, FG_OPT_INT, G(ncw), 1, FG_GPU_LDPC_NCW_MAX, .meta = "C",
     .help = "codewords per thread block NCW (fused: ncw * z <= 1024)"},
    {"nmcw", 0, FG_OPT_INT, G(nmcw), 1, FG_GPU_LDPC_NMCW_MAX, .meta = "M", .help = "thread blocks per stream NMCW"},
    {NULL}};
#undef G

static void gpu_cfg_default(void *p) { *(fg_gpu_ldpc_cfg *)p = fg_gpu_ldpc_cfg_default(); }

static const char *kernel_name(fg_gpu_ldpc_kernel k)
{
    return k == FG_GPU_LDPC_THESIS ? "thesis" : k == FG_GPU_LDPC_EDGE ? "edge" : "fused";
}

/* The decoder's configuration for fi on a device. */
static int gpu_cfg_for(const fg_family_inst *fi, const void *icfg, int device, const fg_ldpc_code **code,
                       fg_gpu_ldpc_cfg *c)
{
    fg_ldpc_family_view v;
    const int rc = fg_ldpc_family_view_of(fi, &v);
    if (rc)
        return rc;
    *c = *(const fg_gpu_ldpc_cfg *)icfg;
    c->device = device;
    c->fixed = v.fixed;
    c->fx = v.fx;
    c->dec = v.dec;
    *code = v.code;
    return 0;
}

static int gpu_check(const fg_family_inst *fi, const void *icfg)
{
    const fg_ldpc_code *code;
    fg_gpu_ldpc_cfg c;
    int rc = gpu_cfg_for(fi, icfg, 0, &code, &c);
    if (rc)
        return rc;
    if (!c.fixed && c.dec.alg == FG_LDPC_ALG_SPA)
        return fg_set_error(FG_EINVAL, "--alg=spa invalid with --device gpu: the GPU decoders compute ms, nms:F or "
                                       "oms:B (spa is CPU only)");
    if (fg_gpu_device_count() <= 0)
        return 0; /* no device to check the batch shape on: the run says so */
    fg_gpu_ldpc *d = NULL;
    rc = fg_gpu_ldpc_create(code, &c, &d);
    fg_gpu_ldpc_destroy(d);
    return rc == FG_EINVAL ? fg_prefix_error(FG_EINVAL, "GPU decoder: ") : 0;
}

typedef struct {
    fg_gpu_ldpc *dec;
    int batch, n, k, fixed;
    int32_t *bit_errors;
    uint8_t *frame_error;
    int *iterations;
    float *llr_f, *app_f;
} gpu_worker;

static void gpu_destroy(void *p)
{
    gpu_worker *w = p;
    if (!w)
        return;
    fg_gpu_ldpc_destroy(w->dec);
    free(w->bit_errors);
    free(w->frame_error);
    free(w->iterations);
    free(w->llr_f);
    free(w->app_f);
    free(w);
}

static int gpu_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    gpu_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    const fg_ldpc_code *code;
    fg_gpu_ldpc_cfg c;
    int rc = gpu_cfg_for(fi, icfg, device, &code, &c);
    if (!rc)
        rc = fg_gpu_ldpc_create(code, &c, &w->dec);
    if (rc)
        return rc;
    w->batch = fg_gpu_ldpc_batch(w->dec);
    w->n = code->n;
    w->k = code->k;
    w->fixed = c.fixed;
    const size_t b = (size_t)w->batch;
    w->bit_errors = malloc(sizeof *w->bit_errors * b);
    w->frame_error = malloc(b);
    w->iterations = malloc(sizeof *w->iterations * b);
    if (!w->bit_errors || !w->frame_error || !w->iterations)
        return fg_set_error(FG_ENOMEM, "out of memory for the results of a batch of %d", w->batch);
    return 0;
}

static int gpu_chunk(void *p) { return ((gpu_worker *)p)->batch; }

/* The frames of the channel at pt made on the device: BPSK/AWGN at sigma = pt->v[0] (the family's channel). */
static int gpu_ber(void *p, uint64_t seed, const fg_channel_point *pt, long long first, int count,
                   fg_ber_frame *res, fg_ber_extra *ext)
{
    (void)ext; /* the LDPC family has no further counters */
    gpu_worker *w = p;
    const double sigma = pt->v[0];
    const fg_gpu_ldpc_frames_out out = {w->bit_errors, w->frame_error, w->iterations, NULL, NULL, NULL, NULL, NULL};
    const int rc = fg_gpu_ldpc_frames(w->dec, seed, first, count, sigma, &out);
    if (rc)
        return rc;
    for (int i = 0; i < count; i++)
        res[i] = (fg_ber_frame){w->bit_errors[i], w->iterations[i], (int8_t)w->frame_error[i], 0};
    return 0;
}

/* At most a batch of frames (the engine's contract). */
static int gpu_decode(void *p, const fg_decode_io *io)
{
    gpu_worker *w = p;
    const int n = w->n, cnt = io->count;
    int rc;
    if (w->fixed)
        rc = fg_gpu_ldpc_decode_fixed(w->dec, cnt, io->llr_q, io->bits, io->app_q, w->iterations);
    else {
        if (!w->llr_f && !(w->llr_f = malloc(sizeof *w->llr_f * (size_t)w->batch * n)))
            return fg_set_error(FG_ENOMEM, "out of memory");
        if (io->app && !w->app_f && !(w->app_f = malloc(sizeof *w->app_f * (size_t)w->batch * n)))
            return fg_set_error(FG_ENOMEM, "out of memory");
        for (size_t i = 0; i < (size_t)cnt * n; i++)
            w->llr_f[i] = (float)io->llr[i];
        rc = fg_gpu_ldpc_decode_float(w->dec, cnt, w->llr_f, io->bits, io->app ? w->app_f : NULL, w->iterations);
        for (size_t i = 0; io->app && !rc && i < (size_t)cnt * n; i++)
            io->app[i] = w->app_f[i];
    }
    for (int i = 0; !rc && io->work && i < cnt; i++)
        io->work[i] = w->iterations[i];
    return rc;
}

static void gpu_describe(const fg_family_inst *fi, const void *icfg, int gpus, fg_json *j)
{
    (void)fi;
    const fg_gpu_ldpc_cfg *c = icfg;
    fg_gpu_json_open(j, kernel_name(c->kernel));
    fg_json_int(j, "ns", c->streams);
    fg_json_int(j, "ncw", c->ncw);
    fg_json_int(j, "nmcw", c->nmcw);
    fg_json_int(j, "gpus", gpus);
    fg_json_obj_close(j);
}

static int gpu_bench(void *p, double ebn0, int batches, fg_impl_timing *t)
{
    gpu_worker *w = p;
    fg_gpu_ldpc_timing g;
    const int rc = fg_gpu_ldpc_bench(w->dec, ebn0, batches, &g);
    if (!rc)
        *t = (fg_impl_timing){.batch = g.batch,
                              .kernel_ms = g.kernel_ms,
                              .total_ms = g.total_ms,
                              .latency_ms = g.latency_ms,
                              .coded_mbps_kernel = g.coded_mbps_kernel,
                              .info_mbps_kernel = g.info_mbps_kernel,
                              .coded_mbps_total = g.coded_mbps_total,
                              .info_mbps_total = g.info_mbps_total};
    return rc;
}

/* Thesis Table 3.3's grid (docs/gpu-ldpc.md). */
static const fg_impl_sweep table33 = {"table3.3",
                                      "thesis Table 3.3's NS x NCW x NMCW grid (fused: only ncw * z <= 1024)",
                                      {"ns", "ncw", "nmcw", NULL},
                                      {"1,2,4,8,16,32", "1-5", "1,2,3,4,6,8,10,12,16,20,25,32,40,50,64,80,100,128,150"}};

/* The two differ in arithmetic only: the same kernels, options and hooks. */
#define GPU_IMPL_HOOKS                                                                                          \
    .gpu = 1, .opts = gpu_opts, .cfg_size = sizeof(fg_gpu_ldpc_cfg), .cfg_default = gpu_cfg_default,            \
    .check = gpu_check, .create = gpu_create, .destroy = gpu_destroy, .chunk = gpu_chunk, .decode = gpu_decode, \
    .ber = gpu_ber, .describe = gpu_describe, .device_count = fg_gpu_device_count, .bench = gpu_bench,          \
    .sweep = &table33
static const fg_family_impl gpu_fixed = {.name = "gpu-fixed",
                                         .summary = "CUDA decoders, bit-exact with the fixed-point model (docs/gpu-ldpc.md)",
                                         .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                         GPU_IMPL_HOOKS};
static const fg_family_impl gpu_float = {.name = "gpu-float",
                                         .summary = "CUDA decoders in float32 (min-sum variants)",
                                         .input = FG_IMPL_REAL,
                                         GPU_IMPL_HOOKS};
#undef GPU_IMPL_HOOKS

int fg_gpu_ldpc_add_impls(void)
{
    int rc = fg_family_add_impl("ldpc", &gpu_fixed);
    return rc ? rc : fg_family_add_impl("ldpc", &gpu_float);
}
