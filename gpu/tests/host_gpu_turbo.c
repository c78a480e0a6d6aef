/* The GPU turbo decoder's kernel code, compiled for the host (fg_gpu_turbo_host_decode{,_float}), against the C
 * fixed-point model and the C float decoder on every configuration of turbo_check.h (label unit: no device needed, so every CI
 * run checks the kernel's arithmetic; exits 77 in a build without CUDA, which has no such code). */
#include "turbo_check.h"

#include "fecforge_gpu/turbo_gpu.h"

/* ctx: the checkpoint interval and the lanes (two only where the formats allow: 8-bit storage) */
typedef struct {
    int seg, lanes;
} variant;

static int host_decoder(void *ctx, const run_cfg *r, int count, const int32_t *q, uint8_t *bits, int32_t *app,
                        int *half)
{
    const variant *v = ctx;
    const int lanes = v->lanes == 2 && r->fx.fmt.w_ch <= 8 && r->fx.fmt.w_ext <= 8 ? 2 : 1;
    return fg_gpu_turbo_host_decode(r->std, r->K, &r->fx, v->seg, lanes, count, q, bits, app, half);
}

static void test_configs_seg8(void)
{
    variant v = {8, 1};
    run_suite_configs(host_decoder, &v, 1);
}

static void test_configs_seg4(void)
{
    variant v = {4, 1};
    run_suite_configs(host_decoder, &v, 1);
}

/* Two codewords per thread in 16-bit lanes: the same results; an odd count (a zeroed partner). */
static void test_configs_lanes2(void)
{
    variant v = {4, 2}, v8 = {8, 2};
    run_suite_configs(host_decoder, &v, 1);
    run_cfg r = run_base(FG_STD_UMTS, 997, 8);
    r.fx.et.kind = FG_TURBO_ET_AVG_LLR; /* lanes that stop at different half-iterations */
    r.fx.et.threshold = 60;
    r.fx.half_iters = 16;
    equal_run(&r, 13, 0.6, host_decoder, &v8);
}

/* ctx: the kernel and checkpoint interval */
typedef struct {
    fg_gpu_turbo_kernel kernel;
    int seg;
} float_variant;

static int host_float_decoder(void *ctx, fg_std std, int K, const fg_turbo_dec_cfg *c, int count, const double *llr,
                              uint8_t *bits, double *app, int *half)
{
    const float_variant *v = ctx;
    return fg_gpu_turbo_host_decode_float(std, K, c, v->kernel, v->seg, count, llr, bits, app, half);
}

/* Float mode against the C float decoder: the fused kernel (both checkpoint intervals) up to float rounding;
 * the thesis kernel, which computes every value in the C decoder's order, bit for bit (linear-log-MAP too). */
static void test_float(void)
{
    float_variant v = {FG_GPU_TURBO_FUSED, 4};
    run_float_configs(host_float_decoder, &v, 1, 0, 0);
    v.seg = 8;
    run_float_configs(host_float_decoder, &v, 1, 0, 0);
    v.kernel = FG_GPU_TURBO_THESIS;
    run_float_configs(host_float_decoder, &v, 1, 1, 1);
}

static void test_bad_input(void)
{
    fg_turbo_fixed_cfg fx = fg_turbo_fixed_cfg_default();
    int32_t q[3 * 40 + FG_TURBO_TAIL] = {0};
    uint8_t bits[40];
    fx.P = 11; /* sub-blocks of 4 positions (each needs 8): the model's own error */
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode(FG_STD_LTE, 40, &fx, 8, 1, 1, q, bits, NULL, NULL), FG_EINVAL);
    fx = fg_turbo_fixed_cfg_default();
    q[7] = -16;
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode(FG_STD_LTE, 40, &fx, 8, 1, 1, q, bits, NULL, NULL), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "q_N[7]=-16") != NULL);
    q[7] = 0;
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode(FG_STD_LTE, 40, &fx, 6, 1, 1, q, bits, NULL, NULL), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "seg=6") != NULL);
    fx.fmt = (fg_xmap_fmt){10, 4, 12, 14, 16, FG_XMAP_NORM_MODULO};
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode(FG_STD_LTE, 40, &fx, 4, 2, 1, q, bits, NULL, NULL), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "lanes=2") != NULL);
    fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default();
    double llr[3 * 40 + FG_TURBO_TAIL] = {0};
    c.alg = FG_TURBO_ALG_LINLOG;
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode_float(FG_STD_LTE, 40, &c, FG_GPU_TURBO_FUSED, 4, 1, llr, bits, NULL, NULL),
                    FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "alg=linlog") != NULL);
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode_float(FG_STD_LTE, 40, &c, FG_GPU_TURBO_THESIS, 4, 1, llr, bits, NULL, NULL),
                    0);
    c = fg_turbo_dec_cfg_default();
    c.window = 16;
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode_float(FG_STD_LTE, 40, &c, FG_GPU_TURBO_THESIS, 4, 1, llr, bits, NULL, NULL),
                    FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "window=16") != NULL);
    c = fg_turbo_dec_cfg_default();
    llr[9] = NAN;
    CU_ASSERT_EQUAL(fg_gpu_turbo_host_decode_float(FG_STD_LTE, 40, &c, FG_GPU_TURBO_FUSED, 4, 1, llr, bits, NULL, NULL),
                    FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "llr_N[9]") != NULL);
}

static void test_report(void)
{
    fprintf(stderr, "gpu_turbo_host: %lld frames compared with the C model\n", g_frames);
}

void fg_test_register(void)
{
    fg_turbo_fixed_cfg fx = fg_turbo_fixed_cfg_default();
    int32_t q[3 * 40 + FG_TURBO_TAIL] = {0};
    uint8_t bits[40];
    if (fg_gpu_turbo_host_decode(FG_STD_LTE, 40, &fx, 8, 1, 1, q, bits, NULL, NULL) == FG_ENODEV) {
        fprintf(stderr, "built without CUDA: the kernel's host check skipped\n");
        exit(77);
    }
    static const fg_test_case cases[] = {
        {"configs_seg8", test_configs_seg8},
        {"configs_seg4", test_configs_seg4},
        {"configs_lanes2", test_configs_lanes2},
        {"float", test_float},
        {"bad_input", test_bad_input},
        {"report", test_report},
        {NULL, NULL},
    };
    fg_add_suite("gpu_turbo_host", cases);
}
