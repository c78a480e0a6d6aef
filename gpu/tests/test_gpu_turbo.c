/* GPU turbo decoder against the C fixed-point model (label gpu; exits 77 when no CUDA device is present).
 * Every frame's hard decisions, half-iterations run and final a-posteriori LLRs must equal
 * fg_turbo_fixed's: LTE and UMTS sizes (odd K included), P from 1 to 64, NII on and off, both
 * normalisations, wider formats (16-bit storage), every early-termination rule, channel frames at
 * several Eb/N0 and saturated stress frames. The turbo family's gpu-fixed implementation gives the CPU's
 * BER counts. Bad input gets FG_EINVAL. */
#include "turbo_check.h"

#include "fecforge/family.h"
#include "fecforge_gpu/turbo_gpu.h"

/* The batch shape of the GPU decoder under test. */
typedef struct {
    int streams, ncw, lanes; /* lanes 2 where the formats allow it (8-bit storage) */
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
    shape sh = {2, 0, 1}, two = {2, 0, 2};
    run_suite_configs(gpu_decoder, &sh, 8);
    run_suite_configs(gpu_decoder, &two, 4);
}

/* Batch shapes: streams and codewords per block do not change a result; partial last batches. */
static void test_batch_shapes(void)
{
    run_cfg r = run_base(FG_STD_LTE, 2048, 8);
    shape a = {3, 5, 1}, b = {1, 32, 1}, c = {2, 0, 1}, d = {3, 6, 2}, e = {1, 0, 2};
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
    fg_gpu_turbo_destroy(d);
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
        {"bad_input", test_bad_input},
        {"report", test_report},
        {NULL, NULL},
    };
    fg_add_suite("gpu_turbo", cases);
}
