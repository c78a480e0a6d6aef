/* GPU Viterbi decoder against the C fixed-point decoder (label gpu; exits 77 when no CUDA device is present):
 * every decided bit of every frame equal over the configurations of viterbi_check.h (20 times the host check's
 * frames, batches split over calls; the unified kernel on all, the fast kernel on its own), and the family's
 * gpu-fixed BER counts equal to fixed's for both kernels. */
#include "viterbi_check.h"

#include "fecforge/family.h"
#include "fecforge_gpu/gpu.h"
#include "fecforge_gpu/viterbi_gpu.h"

typedef struct {
    int per_call, kernel;
} gpu_ctx;

static int gpu_decoder(void *ctx, const fg_vit_code *c, int k, const fg_vit_dec_cfg *d, int count, const int32_t *rx,
                       uint8_t *bits)
{
    const int per_call = ((const gpu_ctx *)ctx)->per_call, n = fg_vit_sent_len(c, d->ending, k);
    fg_gpu_viterbi_cfg g = fg_gpu_viterbi_cfg_default();
    g.kernel = ((const gpu_ctx *)ctx)->kernel;
    g.dec = *d;
    g.batch = per_call;
    fg_gpu_viterbi *dec = NULL;
    int rc = fg_gpu_viterbi_create(c, k, &g, &dec);
    for (int at = 0; !rc && at < count; at += per_call)
        rc = fg_gpu_viterbi_decode(dec, count - at < per_call ? count - at : per_call, rx + (size_t)at * n,
                                   bits + (size_t)at * k);
    fg_gpu_viterbi_destroy(dec);
    return rc;
}

static void test_configs(void)
{
    gpu_ctx x = {1000, FG_GPU_VIT_UNIFIED};
    vit_configs(gpu_decoder, &x, 20);
    x.per_call = 7; /* partial batches */
    vit_configs(gpu_decoder, &x, 2);
}

static void test_fast_configs(void)
{
    gpu_ctx x = {1000, FG_GPU_VIT_FAST};
    vit_fast_configs(gpu_decoder, &x, 20);
    x.per_call = 65; /* partial batches: a block of 64 frames and one more */
    vit_fast_configs(gpu_decoder, &x, 22);
}

/* The family: gpu-fixed's BER counts and work equal the CPU fixed implementation's. */
static void test_ber_equals_cpu(void)
{
    CU_ASSERT_FATAL(fg_gpu_register() == 0);
    const fg_family *f = fg_family_find("viterbi");
    CU_ASSERT_FATAL(f != NULL);
    fg_ber_point p[3];
    static const char *const impl[3] = {"fixed", "gpu-fixed", "gpu-fixed"};
    static const char *const args[3] = {
        "--fixed --bits 4096 --tile 256 --overlap-left 20 --overlap-right 30 --subframe 32",
        "--fixed --bits 4096 --tile 256 --overlap-left 20 --overlap-right 30 --subframe 32 --kernel unified",
        "--fixed --bits 4096 --tile 256 --overlap-left 20 --overlap-right 30 --subframe 32 --kernel fast"};
    for (int side = 0; side < 3; side++) {
        fg_family_setup s;
        const int rc = fg_family_setup_text(&s, f, impl[side], args[side]);
        if (rc)
            fprintf(stderr, "%s\n", fg_last_error());
        CU_ASSERT_FATAL(rc == 0);
        fg_family_run run = {3, 1000000, 400, 1, NULL, NULL};
        CU_ASSERT_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 3.0, &p[side]) == 0);
        fg_family_setup_free(&s);
    }
    CU_ASSERT(p[0].bit_errors > 0);
    for (int side = 1; side < 3; side++) {
        CU_ASSERT_EQUAL(p[0].frames, p[side].frames);
        CU_ASSERT_EQUAL(p[0].frame_errors, p[side].frame_errors);
        CU_ASSERT_EQUAL(p[0].bit_errors, p[side].bit_errors);
        CU_ASSERT_EQUAL(p[0].work, p[side].work);
    }
}

static void test_bad_input(void)
{
    fg_vit_code c = fg_vit_code_default();
    fg_gpu_viterbi_cfg g = fg_gpu_viterbi_cfg_default();
    fg_gpu_viterbi *d = NULL;
    g.batch = 2;
    CU_ASSERT_FATAL(fg_gpu_viterbi_create(&c, 40, &g, &d) == 0);
    int32_t rx[3 * 2 * 46] = {0};
    uint8_t bits[3 * 40];
    CU_ASSERT_EQUAL(fg_gpu_viterbi_decode(d, 3, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "count=3") != NULL);
    rx[92 + 5] = -16;
    CU_ASSERT_EQUAL(fg_gpu_viterbi_decode(d, 2, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "frame 1") != NULL);
    fg_gpu_viterbi_destroy(d);
    g.dec.f = 0;
    CU_ASSERT_EQUAL(fg_gpu_viterbi_create(&c, 1 << 20, &g, &d), FG_EINVAL); /* survivors beyond shared memory */
    CU_ASSERT(strstr(fg_last_error(), "--tile") != NULL);
}

static void test_report(void) { fprintf(stderr, "gpu_viterbi: %lld bits compared with the C model\n", g_vit_bits); }

void fg_test_register(void)
{
    if (fg_gpu_device_count() == 0) {
        fprintf(stderr, "no CUDA device: GPU tests skipped\n");
        exit(77);
    }
    static const fg_test_case cases[] = {
        {"configs", test_configs},
        {"fast_configs", test_fast_configs},
        {"ber_equals_cpu", test_ber_equals_cpu},
        {"bad_input", test_bad_input},
        {"report", test_report},
        {NULL, NULL},
    };
    fg_add_suite("gpu_viterbi", cases);
}
