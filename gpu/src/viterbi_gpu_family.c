/* The GPU implementation of the Viterbi family (fecforge/family.h): gpu-fixed, bit-exact with the fixed-point
 * decoder, on the CUDA decoder of fecforge_gpu/viterbi_gpu.h (--kernel auto, fast or unified). A worker is one
 * device and decodes a batch per call; the engine makes the frames on the CPU. Built with and without CUDA
 * (without it, creating a decoder reports FG_ENODEV). */
#include "fecforge_gpu/viterbi_gpu.h"

#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge_gpu/gpu.h"
#include "gpu_internal.h"

#include <stddef.h>
#include <stdlib.h>

typedef struct {
    fg_gpu_viterbi *dec;
    int batch;
    long long work;
} gpu_worker;

#define G(f) offsetof(fg_gpu_viterbi_cfg, f)
static const fg_opt gpu_opts[] = {
    {"kernel", 0, FG_OPT_CHOICE, G(kernel), .words = "auto|unified|fast", .meta = "K",
     .help = "fast: a thread per tile, the trellis in registers (rate-1/2 K 7 (171,133) or (133,171), K 5\n"
             "(23,35), K 3 (7,5); tiles and subframes of multiples of 32 stages; LLRs of at most 8 bits);\n"
             "unified: the paper's kernel, a thread per state (K 3 to 11); auto: fast where it applies"},
    {"launch-frames", 0, FG_OPT_INT, G(batch), 1, 1 << 20, .meta = "N",
     .def_text = "about 2^26 decoded bits (fast), 2^24 (unified)", .help = "frames per kernel launch"},
    {NULL}};
#undef G

static void gpu_cfg_default(void *p) { *(fg_gpu_viterbi_cfg *)p = fg_gpu_viterbi_cfg_default(); }

/* The decoder's configuration of fi on a device. */
static int gpu_cfg_for(const fg_family_inst *fi, const void *icfg, int device, fg_vit_family_view *v,
                       fg_gpu_viterbi_cfg *c)
{
    const int rc = fg_vit_family_view_of(fi, v);
    if (rc)
        return rc;
    *c = *(const fg_gpu_viterbi_cfg *)icfg;
    c->device = device;
    c->dec = v->dec;
    return 0;
}

/* The checks the decoder makes, without a device. */
static int gpu_check(const fg_family_inst *fi, const void *icfg)
{
    fg_vit_family_view v;
    fg_gpu_viterbi_cfg c;
    int rc = gpu_cfg_for(fi, icfg, 0, &v, &c);
    if (rc)
        return rc;
    const char *why = fg_gpu_viterbi_fast_refusal(&v.code, v.k, &v.dec);
    if (c.kernel == FG_GPU_VIT_FAST && why)
        return fg_set_error(FG_EINVAL, "--kernel=fast: %s (--kernel unified decodes it)", why);
    return 0;
}

static void gpu_destroy(void *p)
{
    gpu_worker *w = p;
    if (!w)
        return;
    fg_gpu_viterbi_destroy(w->dec);
    free(w);
}

static int gpu_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    gpu_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    fg_vit_family_view v;
    fg_gpu_viterbi_cfg c;
    int rc = gpu_cfg_for(fi, icfg, device, &v, &c);
    if (rc)
        return rc;
    if ((rc = fg_gpu_viterbi_create(&v.code, v.k, &c, &w->dec)))
        return rc;
    w->batch = fg_gpu_viterbi_batch(w->dec);
    w->work = v.work;
    return 0;
}

static int gpu_chunk(void *p) { return ((gpu_worker *)p)->batch; }

/* At most a batch of frames (the engine's contract). */
static int gpu_decode(void *p, const fg_decode_io *io)
{
    gpu_worker *w = p;
    const int rc = fg_gpu_viterbi_decode(w->dec, io->count, io->llr_q, io->bits);
    for (int i = 0; !rc && io->work && i < io->count; i++)
        io->work[i] = (int32_t)(w->work < INT32_MAX ? w->work : INT32_MAX);
    return rc;
}

/* The kernel auto chooses is named, with the batch. */
static void gpu_describe(const fg_family_inst *fi, const void *icfg, int gpus, fg_json *j)
{
    const fg_gpu_viterbi_cfg *c = icfg;
    fg_vit_family_view v;
    const int fast = c->kernel == FG_GPU_VIT_FAST ||
                     (c->kernel == FG_GPU_VIT_AUTO && !fg_vit_family_view_of(fi, &v) &&
                      !fg_gpu_viterbi_fast_refusal(&v.code, v.k, &v.dec));
    fg_gpu_json_open(j, fast ? "fast" : "unified");
    if (c->batch)
        fg_json_int(j, "launch_frames", c->batch);
    fg_json_int(j, "gpus", gpus);
    fg_json_obj_close(j);
}

static int gpu_bench(void *p, double ebn0, int batches, fg_impl_timing *t)
{
    return fg_gpu_viterbi_bench(((gpu_worker *)p)->dec, ebn0, batches, t);
}

static const fg_family_impl gpu_fixed = {.name = "gpu-fixed",
                                         .summary = "CUDA decoder (fast kernel or the paper's), bit-exact with fixed",
                                         .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                         .gpu = 1,
                                         .no_app = 1,
                                         .opts = gpu_opts,
                                         .cfg_size = sizeof(fg_gpu_viterbi_cfg),
                                         .cfg_default = gpu_cfg_default,
                                         .check = gpu_check,
                                         .create = gpu_create,
                                         .destroy = gpu_destroy,
                                         .chunk = gpu_chunk,
                                         .decode = gpu_decode,
                                         .describe = gpu_describe,
                                         .device_count = fg_gpu_device_count,
                                         .bench = gpu_bench};

int fg_gpu_viterbi_add_impls(void) { return fg_family_add_impl("viterbi", &gpu_fixed); }
