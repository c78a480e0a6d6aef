/* The GPU implementations of the turbo family (fecforge/family.h): gpu-fixed, bit-exact with the fixed-point
 * model, and gpu-float, the float decoder's algorithm in float32, on the CUDA decoder of
 * fecforge_gpu/turbo_gpu.h. A worker is one device and decodes a batch per
 * call; the engine makes the frames on the CPU. Built with and without CUDA (without it, creating a
 * decoder reports FG_ENODEV). */
#include "fecforge_gpu/turbo_gpu.h"

#include "fecforge/error.h"
#include "fecforge/family.h"
#include "gpu_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An int option that takes one of two one-digit values (the kernels are built for these). */
static int parse_digit_of(const char *text, void *field, char a, char b)
{
    if (!text[0] || text[1] || (text[0] != a && text[0] != b))
        return fg_set_error(FG_EINVAL, "expected %c or %c", a, b);
    *(int *)field = text[0] - '0';
    return 0;
}
static int parse_seg(const char *text, void *field) { return parse_digit_of(text, field, '4', '8'); }
static int parse_lanes(const char *text, void *field) { return parse_digit_of(text, field, '1', '2'); }
static void print_int(const void *field, char *buf, size_t n) { snprintf(buf, n, "%d", *(const int *)field); }

#define G(f) offsetof(fg_gpu_turbo_cfg, f)
/* The options of both implementations (one table: a command lists each option once). */
static const fg_opt gpu_opts[] = {
    {"kernel", 0, FG_OPT_CHOICE, G(kernel), .words = "fused|thesis", .meta = "K",
     .help = "fused: one launch per batch, every half-iteration, a thread per sub-block; thesis (float\n"
             "only): the thesis's section 4.8 design, 8 threads per sub-block, a launch per half-iteration"},
    {"ns", 0, FG_OPT_INT, G(streams), 1, FG_GPU_TURBO_STREAMS_MAX, .meta = "S", .help = "CUDA streams NS"},
    {"ncw", 0, FG_OPT_INT, G(ncw), 1, FG_GPU_TURBO_THREADS_MAX, .meta = "C", .def_text = "lanes x 128/P, at least lanes",
     .help = "codewords per thread block NCW (ncw / lanes x P <= 256)"},
    {"nmcw", 0, FG_OPT_INT, G(nmcw), 1, FG_GPU_TURBO_NMCW_MAX, .meta = "M",
     .def_text = "batches of about 2^24/K codewords in whole waves", .help = "thread blocks per stream NMCW"},
    {"lanes", 0, FG_OPT_CUSTOM, G(lanes), .parse = parse_lanes, .print = print_int, .meta = "1|2",
     .help = "codewords per thread: 2 runs two in the 16-bit halves of the metric registers (8-bit\n"
             "storage: channel and extrinsic LLRs of at most 8 bits; ncw even; fixed point only)"},
    {"seg", 0, FG_OPT_CUSTOM, G(seg), .parse = parse_seg, .print = print_int, .meta = "4|8",
     .help = "positions between alpha checkpoints: 4 (fewer registers) or 8 (half the checkpoint\n"
             "traffic; faster for small batches)"},
    {NULL}};
#undef G

static void gpu_cfg_default(void *p) { *(fg_gpu_turbo_cfg *)p = fg_gpu_turbo_cfg_default(); }

/* The decoder's configuration for fi on a device in mode m. */
static int gpu_cfg_for(const fg_family_inst *fi, const void *icfg, int device, fg_gpu_turbo_mode m,
                       fg_turbo_family_view *v, fg_gpu_turbo_cfg *c)
{
    const int rc = fg_turbo_family_view_of(fi, v);
    if (rc)
        return rc;
    *c = *(const fg_gpu_turbo_cfg *)icfg;
    c->device = device;
    c->mode = m;
    c->fx = v->fx;
    c->fl = v->dec;
    return 0;
}

static int gpu_check_mode(const fg_family_inst *fi, const void *icfg, fg_gpu_turbo_mode m)
{
    fg_turbo_family_view v;
    fg_gpu_turbo_cfg c;
    int rc = gpu_cfg_for(fi, icfg, 0, m, &v, &c);
    if (rc)
        return rc;
    if (m == FG_GPU_TURBO_FLOAT && v.dec.alg == FG_TURBO_ALG_LINLOG && c.kernel != FG_GPU_TURBO_THESIS)
        return fg_set_error(FG_EINVAL, "--alg=linlog invalid with --device gpu --kernel fused: it computes maxlog and "
                                       "log (linear-log-MAP's max* is not associative, so its LLRs depend on the order "
                                       "of their maxima; --kernel thesis keeps the C decoder's, docs/gpu-turbo.md)");
    if (m == FG_GPU_TURBO_FIXED && c.kernel == FG_GPU_TURBO_THESIS)
        return fg_set_error(FG_EINVAL, "--kernel=thesis invalid with --fixed: the thesis's design decodes in float");
    if (m == FG_GPU_TURBO_FLOAT && v.dec.window)
        return fg_set_error(FG_EINVAL, "--window=%d invalid with --device gpu: the GPU decoders run whole sub-blocks",
                            v.dec.window);
    if (c.lanes == 2 && m == FG_GPU_TURBO_FLOAT)
        return fg_set_error(FG_EINVAL, "--lanes=2 invalid without --fixed: two lanes are 16-bit integer metrics");
    if (fg_gpu_device_count() <= 0)
        return 0; /* no device to check the batch shape on: the run says so */
    fg_gpu_turbo *d = NULL;
    rc = fg_gpu_turbo_create(v.std, v.K, &c, &d);
    fg_gpu_turbo_destroy(d);
    return rc == FG_EINVAL ? fg_prefix_error(FG_EINVAL, "GPU decoder: ") : 0;
}
static int gpu_check_fixed(const fg_family_inst *fi, const void *icfg)
{
    return gpu_check_mode(fi, icfg, FG_GPU_TURBO_FIXED);
}
static int gpu_check_float(const fg_family_inst *fi, const void *icfg)
{
    return gpu_check_mode(fi, icfg, FG_GPU_TURBO_FLOAT);
}

typedef struct {
    fg_gpu_turbo *dec;
    int batch, K, N;
    int *half;
} gpu_worker;

static void gpu_destroy(void *p)
{
    gpu_worker *w = p;
    if (!w)
        return;
    fg_gpu_turbo_destroy(w->dec);
    free(w->half);
    free(w);
}

static int gpu_create_mode(const fg_family_inst *fi, const void *icfg, int device, fg_gpu_turbo_mode m, void **out)
{
    gpu_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    fg_turbo_family_view v;
    fg_gpu_turbo_cfg c;
    int rc = gpu_cfg_for(fi, icfg, device, m, &v, &c);
    if (!rc)
        rc = fg_gpu_turbo_create(v.std, v.K, &c, &w->dec);
    if (rc)
        return rc;
    w->batch = fg_gpu_turbo_batch(w->dec);
    w->K = v.K;
    w->N = 3 * v.K + FG_TURBO_TAIL;
    if (!(w->half = malloc(sizeof *w->half * (size_t)w->batch)))
        return fg_set_error(FG_ENOMEM, "out of memory for the results of a batch of %d", w->batch);
    return 0;
}

static int gpu_create_fixed(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    return gpu_create_mode(fi, icfg, device, FG_GPU_TURBO_FIXED, out);
}
static int gpu_create_float(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    return gpu_create_mode(fi, icfg, device, FG_GPU_TURBO_FLOAT, out);
}

static int gpu_chunk(void *p) { return ((gpu_worker *)p)->batch; }

/* At most a batch of frames (the engine's contract). */
static int gpu_decode(void *p, const fg_decode_io *io)
{
    gpu_worker *w = p;
    const int rc = io->llr_q ? fg_gpu_turbo_decode(w->dec, io->count, io->llr_q, io->bits, io->app_q, w->half)
                             : fg_gpu_turbo_decode_float(w->dec, io->count, io->llr, io->bits, io->app, w->half);
    for (int i = 0; !rc && io->work && i < io->count; i++)
        io->work[i] = w->half[i];
    return rc;
}

static void gpu_describe(const fg_family_inst *fi, const void *icfg, int gpus, fg_json *j)
{
    (void)fi;
    const fg_gpu_turbo_cfg *c = icfg;
    fg_gpu_json_open(j, c->kernel == FG_GPU_TURBO_THESIS ? "thesis" : "fused");
    fg_json_int(j, "ns", c->streams);
    fg_json_int(j, "ncw", c->ncw);
    fg_json_int(j, "nmcw", c->nmcw);
    fg_json_int(j, "seg", c->seg);
    fg_json_int(j, "lanes", c->lanes);
    fg_json_int(j, "gpus", gpus);
    fg_json_obj_close(j);
}

static int gpu_bench(void *p, double ebn0, int batches, fg_impl_timing *t)
{
    return fg_gpu_turbo_bench(((gpu_worker *)p)->dec, ebn0, batches, t);
}

static const fg_family_impl gpu_fixed = {.name = "gpu-fixed",
                                         .summary = "CUDA decoder, bit-exact with the fixed-point model (docs/gpu-turbo.md)",
                                         .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                         .gpu = 1,
                                         .opts = gpu_opts,
                                         .cfg_size = sizeof(fg_gpu_turbo_cfg),
                                         .cfg_default = gpu_cfg_default,
                                         .check = gpu_check_fixed,
                                         .create = gpu_create_fixed,
                                         .destroy = gpu_destroy,
                                         .chunk = gpu_chunk,
                                         .decode = gpu_decode,
                                         .describe = gpu_describe,
                                         .device_count = fg_gpu_device_count,
                                         .bench = gpu_bench};

int fg_gpu_turbo_add_impls(void)
{
    static fg_family_impl gpu_float;
    gpu_float = gpu_fixed;
    gpu_float.name = "gpu-float";
    gpu_float.summary = "CUDA decoder in float32: the float decoder's algorithm (max-log-MAP, log-MAP)";
    gpu_float.input = FG_IMPL_REAL;
    gpu_float.check = gpu_check_float;
    gpu_float.create = gpu_create_float;
    const int rc = fg_family_add_impl("turbo", &gpu_fixed);
    return rc ? rc : fg_family_add_impl("turbo", &gpu_float);
}
