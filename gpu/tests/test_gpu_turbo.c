/* GPU turbo decoder against the C fixed-point model and, in float mode, the C float decoder (label gpu; exits
 * 77 when no CUDA device is present).
 * Every frame's hard decisions, half-iterations run and final a-posteriori LLRs must equal
 * fg_turbo_fixed's: LTE and UMTS sizes (odd K included), P from 1 to 64, NII on and off, both
 * normalisations, wider formats (16-bit storage), every early-termination rule, channel frames at
 * several Eb/N0 and saturated stress frames. The turbo family's gpu-fixed implementation gives the CPU's
 * BER counts. Float mode: the C float decoder's half-iterations and, up to float rounding, its decisions and
 * APPs (turbo_check.h float_close), and gpu-float's frame errors within a binomial band of float's. Bad input
 * gets FG_EINVAL. */
#include "turbo_check.h"

#include "fecforge/family.h"
#include "fecforge_gpu/turbo_gpu.h"

/* The batch shape of the GPU decoder under test (and, in float mode, its kernel). */
typedef struct {
    int streams, ncw, lanes; /* lanes 2 where the formats allow it (8-bit storage) */
    fg_gpu_turbo_kernel kernel;
} shape;

static int gpu_decoder(void *ctx, const run_cfg *r, int count, const int32_t *q, uint8_t *bits, int32_t *app, int *half)
{
    const shape *sh = ctx;
    fg_gpu_turbo_cfg g = fg_gpu_turbo_cfg_default();
    g.fx = r->fx;
    g.streams = sh->streams;
    g.ncw = sh->ncw;
    g.lanes = sh->lanes == 2 && r->fx.fmt.w_ch <= 8 && r->fx.fmt.w_ext <= 8 ? 2 : 1;
    const int per = sh->streams * (sh->ncw ? sh->ncw : g.lanes);
    g.nmcw = (count + per - 1) / per;
    fg_gpu_turbo *d = NULL;
    int rc = fg_gpu_turbo_create(r->std, r->K, &g, &d);
    if (!rc)
        rc = fg_gpu_turbo_decode(d, count, q, bits, app, half);
    fg_gpu_turbo_destroy(d);
    return rc;
}

/* Every configuration of turbo_check.h, 8 times the host check's frames. */
static void test_configs(void)
{
    shape sh = {2, 0, 1, FG_GPU_TURBO_FUSED}, two = {2, 0, 2, FG_GPU_TURBO_FUSED};
    run_suite_configs(gpu_decoder, &sh, 8);
    run_suite_configs(gpu_decoder, &two, 4);
}

static int gpu_float_decoder(void *ctx, fg_std std, int K, const fg_turbo_dec_cfg *c, int count, const double *llr,
                             uint8_t *bits, double *app, int *half)
{
    const shape *sh = ctx;
    fg_gpu_turbo_cfg g = fg_gpu_turbo_cfg_default();
    g.mode = FG_GPU_TURBO_FLOAT;
    g.kernel = sh->kernel;
    g.fl = *c;
    g.streams = sh->streams;
    g.ncw = sh->ncw;
    const int per = sh->streams * (sh->ncw ? sh->ncw : 1);
    g.nmcw = (count + per - 1) / per;
    fg_gpu_turbo *d = NULL;
    int rc = fg_gpu_turbo_create(std, K, &g, &d);
    if (!rc)
        rc = fg_gpu_turbo_decode_float(d, count, llr, bits, app, half);
    fg_gpu_turbo_destroy(d);
    return rc;
}

/* Float mode: the configurations of turbo_check.h, 4 times the host check's frames, two batch shapes; the
 * thesis kernel with linear-log-MAP too (the device's expf and log1pf are a few ulp from the host's, so
 * log-MAP is compared up to rounding on both kernels). */
static void test_float_configs(void)
{
    shape a = {2, 0, 1, FG_GPU_TURBO_FUSED}, b = {3, 1, 1, FG_GPU_TURBO_FUSED};
    run_float_configs(gpu_float_decoder, &a, 4, 0, 0);
    run_float_configs(gpu_float_decoder, &b, 1, 0, 0);
    shape t = {2, 0, 1, FG_GPU_TURBO_THESIS}, u = {3, 5, 1, FG_GPU_TURBO_THESIS};
    run_float_configs(gpu_float_decoder, &t, 4, 0, 1);
    run_float_configs(gpu_float_decoder, &u, 1, 0, 1);
}

/* Batch shapes: streams and codewords per block do not change a result; partial last batches. */
static void test_batch_shapes(void)
{
    run_cfg r = run_base(FG_STD_LTE, 2048, 8);
    shape a = {3, 5, 1, FG_GPU_TURBO_FUSED}, b = {1, 32, 1, FG_GPU_TURBO_FUSED}, c = {2, 0, 1, FG_GPU_TURBO_FUSED},
          d = {3, 6, 2, FG_GPU_TURBO_FUSED}, e = {1, 0, 2, FG_GPU_TURBO_FUSED};
    equal_run(&r, 77, 0.6, gpu_decoder, &a);
    equal_run(&r, 33, 0.6, gpu_decoder, &b);
    equal_run(&r, 77, 0.6, gpu_decoder, &d); /* two lanes, odd chunks */
    equal_run(&r, 31, 0.6, gpu_decoder, &e);
    r = run_base(FG_STD_UMTS, 777, 1);
    equal_run(&r, 300, 0.6, gpu_decoder, &c);
}

/* The family: gpu-fixed's BER counts and work equal the CPU fixed implementation's. */
static void test_ber_equals_cpu(void)
{
    CU_ASSERT_FATAL(fg_gpu_register() == 0);
    const fg_family *f = fg_family_find("turbo");
    CU_ASSERT_FATAL(f != NULL);
    fg_ber_point pc, pg;
    for (int side = 0; side < 2; side++) {
        fg_family_setup s;
        const int rc = fg_family_setup_text(&s, f, side ? "gpu-fixed" : "fixed",
                                            "--std lte --K 1024 --fixed --parallel 16 --iter 4 --et crc");
        if (rc)
            fprintf(stderr, "%s\n", fg_last_error());
        CU_ASSERT_FATAL(rc == 0);
        fg_family_run run = {3, 20, 400, 1, NULL, NULL};
        CU_ASSERT_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 0.8, side ? &pg : &pc) == 0);
        fg_family_setup_free(&s);
    }
    CU_ASSERT(pc.frames > 0);
    CU_ASSERT_EQUAL(pc.frames, pg.frames);
    CU_ASSERT_EQUAL(pc.frame_errors, pg.frame_errors);
    CU_ASSERT_EQUAL(pc.bit_errors, pg.bit_errors);
    CU_ASSERT_EQUAL(pc.work, pg.work);
}

/* The family: gpu-float's frame errors within 5 sigma + 2 of float's on the same frames (the band of verify), for
 * the GPU options opts. */
static void ber_float_band(const fg_family *f, const char *opts)
{
    fg_ber_point p[2];
    for (int side = 0; side < 2; side++) {
        char args[200];
        snprintf(args, sizeof args, "--std lte --K 1024 --parallel 16 --iter 4 --alg log --scale 1%s", side ? opts : "");
        fg_family_setup s;
        const int rc = fg_family_setup_text(&s, f, side ? "gpu-float" : "float", args);
        if (rc)
            fprintf(stderr, "%s\n", fg_last_error());
        CU_ASSERT_FATAL(rc == 0);
        fg_family_run run = {3, 1000000, 600, 1, NULL, NULL};
        CU_ASSERT_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 0.6, &p[side]) == 0);
        fg_family_setup_free(&s);
    }
    const double n = (double)p[0].frames, q = p[0].frame_errors / n;
    CU_ASSERT(p[0].frame_errors > 20 && p[0].frame_errors < 580); /* a point where the band means something */
    CU_ASSERT_EQUAL(p[0].frames, p[1].frames);
    CU_ASSERT(fabs((double)p[0].frame_errors - (double)p[1].frame_errors) <= 5 * sqrt(n * q * (1 - q)) + 2);
    CU_ASSERT_EQUAL(p[0].work, p[1].work);
}

/* Both kernels. */
static void test_ber_float_band(void)
{
    CU_ASSERT_FATAL(fg_gpu_register() == 0);
    const fg_family *f = fg_family_find("turbo");
    CU_ASSERT_FATAL(f != NULL);
    ber_float_band(f, "");
    ber_float_band(f, " --kernel thesis");
}

static void test_bad_input(void)
{
    fg_gpu_turbo_cfg g = fg_gpu_turbo_cfg_default();
    fg_gpu_turbo *d = NULL;
    g.fx.P = 300;
    CU_ASSERT_EQUAL(fg_gpu_turbo_create(FG_STD_LTE, 6144, &g, &d), FG_EINVAL);
    g = fg_gpu_turbo_cfg_default();
    g.fx.P = 64;
    g.ncw = 5; /* 320 threads */
    CU_ASSERT_EQUAL(fg_gpu_turbo_create(FG_STD_LTE, 6144, &g, &d), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "ncw=5") != NULL);
    CU_ASSERT_EQUAL(fg_gpu_turbo_create(FG_STD_LTE, 6143, NULL, &d), FG_EINVAL);
    g = fg_gpu_turbo_cfg_default();
    g.streams = 0;
    CU_ASSERT_EQUAL(fg_gpu_turbo_create(FG_STD_LTE, 40, &g, &d), FG_EINVAL);
    g = fg_gpu_turbo_cfg_default();
    g.nmcw = 1;
    g.streams = 1;
    CU_ASSERT_FATAL(fg_gpu_turbo_create(FG_STD_LTE, 40, &g, &d) == 0);
    const int B = fg_gpu_turbo_batch(d), N = 3 * 40 + FG_TURBO_TAIL;
    int32_t *q = calloc((size_t)(B + 1) * N, sizeof *q);
    uint8_t *bits = malloc((size_t)(B + 1) * 40);
    CU_ASSERT_FATAL(q && bits);
    CU_ASSERT_EQUAL(fg_gpu_turbo_decode(d, B + 1, q, bits, NULL, NULL), FG_EINVAL);
    q[5] = 16; /* 5-bit LLRs: at most 15 */
    CU_ASSERT_EQUAL(fg_gpu_turbo_decode(d, 1, q, bits, NULL, NULL), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "q_N[5]=16") != NULL);
    q[5] = 15;
    CU_ASSERT_EQUAL(fg_gpu_turbo_decode(d, 1, q, bits, NULL, NULL), 0);
    double *llr = calloc((size_t)N, sizeof *llr);
    CU_ASSERT_FATAL(llr != NULL);
    CU_ASSERT_EQUAL(fg_gpu_turbo_decode_float(d, 1, llr, bits, NULL, NULL), FG_EINVAL); /* a fixed-mode decoder */
    CU_ASSERT(strstr(fg_last_error(), "fixed mode") != NULL);
    fg_gpu_turbo_destroy(d);
    g = fg_gpu_turbo_cfg_default();
    g.mode = FG_GPU_TURBO_FLOAT;
    g.fl.alg = FG_TURBO_ALG_LINLOG;
    CU_ASSERT_EQUAL(fg_gpu_turbo_create(FG_STD_LTE, 40, &g, &d), FG_EINVAL);
    g.fl.alg = FG_TURBO_ALG_LOG;
    g.lanes = 2;
    CU_ASSERT_EQUAL(fg_gpu_turbo_create(FG_STD_LTE, 40, &g, &d), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "lanes=2") != NULL);
    g.lanes = 1;
    g.nmcw = 1;
    g.streams = 1;
    g.mode = FG_GPU_TURBO_FIXED;
    g.kernel = FG_GPU_TURBO_THESIS;
    CU_ASSERT_EQUAL(fg_gpu_turbo_create(FG_STD_LTE, 40, &g, &d), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "kernel=thesis") != NULL);
    g.mode = FG_GPU_TURBO_FLOAT;
    g.kernel = FG_GPU_TURBO_FUSED;
    CU_ASSERT_FATAL(fg_gpu_turbo_create(FG_STD_LTE, 40, &g, &d) == 0);
    llr[3] = INFINITY;
    CU_ASSERT_EQUAL(fg_gpu_turbo_decode_float(d, 1, llr, bits, NULL, NULL), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "llr_N[3]") != NULL);
    CU_ASSERT_EQUAL(fg_gpu_turbo_decode(d, 1, q, bits, NULL, NULL), FG_EINVAL); /* a float-mode decoder */
    fg_gpu_turbo_destroy(d);
    free(llr);
    free(q);
    free(bits);
}

static void test_report(void) { fprintf(stderr, "gpu_turbo: %lld frames compared with the C model\n", g_frames); }

void fg_test_register(void)
{
    if (fg_gpu_device_count() == 0) {
        fprintf(stderr, "no CUDA device: GPU tests skipped\n");
        exit(77);
    }
    static const fg_test_case cases[] = {
        {"configs", test_configs},
        {"batch_shapes", test_batch_shapes},
        {"ber_equals_cpu", test_ber_equals_cpu},
        {"float_configs", test_float_configs},
        {"ber_float_band", test_ber_float_band},
        {"bad_input", test_bad_input},
        {"report", test_report},
        {NULL, NULL},
    };
    fg_add_suite("gpu_turbo", cases);
}
