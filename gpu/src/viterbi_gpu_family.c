/* The GPU implementation of the Viterbi family (fecforge/family.h): gpu-fixed, bit-exact with the fixed-point
 * decoder, on the CUDA decoder of fecforge_gpu/viterbi_gpu.h. A worker is one device and decodes a batch per
 * call; the engine makes the frames on the CPU. Built with and without CUDA (without it, creating a decoder
 * reports FG_ENODEV). */
#include "fecforge_gpu/viterbi_gpu.h"

#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge_gpu/gpu.h"
#include "gpu_internal.h"

#include <stdlib.h>

typedef struct {
    fg_gpu_viterbi *dec;
    int batch;
    long long work;
} gpu_worker;

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
    (void)icfg;
    gpu_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    fg_vit_family_view v;
    int rc = fg_vit_family_view_of(fi, &v);
    if (rc)
        return rc;
    fg_gpu_viterbi_cfg c = fg_gpu_viterbi_cfg_default();
    c.device = device;
    c.dec = v.dec;
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

static void gpu_describe(const void *icfg, int gpus, fg_json *j)
{
    (void)icfg;
    fg_gpu_json_open(j, "unified");
    fg_json_int(j, "gpus", gpus);
    fg_json_obj_close(j);
}

static int gpu_bench(void *p, double ebn0, int batches, fg_impl_timing *t)
{
    return fg_gpu_viterbi_bench(((gpu_worker *)p)->dec, ebn0, batches, t);
}

static const fg_family_impl gpu_fixed = {.name = "gpu-fixed",
                                         .summary = "CUDA decoder (the paper's unified kernel), bit-exact with fixed",
                                         .input = FG_IMPL_QUANT,
                                         .gpu = 1,
                                         .no_app = 1,
                                         .create = gpu_create,
                                         .destroy = gpu_destroy,
                                         .chunk = gpu_chunk,
                                         .decode = gpu_decode,
                                         .describe = gpu_describe,
                                         .device_count = fg_gpu_device_count,
                                         .bench = gpu_bench};

int fg_gpu_viterbi_add_impls(void) { return fg_family_add_impl("viterbi", &gpu_fixed); }
