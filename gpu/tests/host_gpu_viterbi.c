/* The GPU Viterbi decoder's kernels' code, compiled for the host (fg_gpu_viterbi_host_decode), against the C
 * fixed-point decoder on the configurations of viterbi_check.h: the unified kernel on every one, the fast kernel on
 * its own (label unit: no device needed; exits 77 in a build without CUDA, which has no such code). */
#include "viterbi_check.h"

#include "fecforge_gpu/viterbi_gpu.h"

/* ctx: the kernel (fg_gpu_vit_kernel) */
static int host_decoder(void *ctx, const fg_vit_code *c, int k, const fg_vit_dec_cfg *d, int count, const int32_t *rx,
                        uint8_t *bits)
{
    fg_gpu_viterbi_cfg g = fg_gpu_viterbi_cfg_default();
    g.kernel = *(const int *)ctx;
    g.dec = *d;
    return fg_gpu_viterbi_host_decode(c, k, &g, count, rx, bits);
}

static void test_configs(void)
{
    int kernel = FG_GPU_VIT_UNIFIED;
    vit_configs(host_decoder, &kernel, 1);
}

static void test_fast_configs(void)
{
    int kernel = FG_GPU_VIT_FAST;
    vit_fast_configs(host_decoder, &kernel, 1);
}

static void test_bad_input(void)
{
    fg_vit_code c = fg_vit_code_default();
    fg_gpu_viterbi_cfg g = fg_gpu_viterbi_cfg_default();
    fg_vit_dec_cfg *d = &g.dec;
    int32_t rx[2 * (40 + 6)] = {0};
    uint8_t bits[40];
    c.K = 13;
    CU_ASSERT_FATAL(fg_vit_parse_gen("10533,16471", &c) == 0);
    CU_ASSERT_EQUAL(fg_gpu_viterbi_host_decode(&c, 40, &g, 1, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "K=13") != NULL);
    c = fg_vit_code_default();
    d->ending = FG_VIT_TAILBITING;
    CU_ASSERT_EQUAL(fg_gpu_viterbi_host_decode(&c, 40, &g, 1, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "tailbiting") != NULL);
    *d = fg_vit_dec_cfg_default();
    rx[3] = 16; /* 5-bit LLRs: at most 15 */
    CU_ASSERT_EQUAL(fg_gpu_viterbi_host_decode(&c, 40, &g, 1, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "rx[3]=16") != NULL);
    rx[3] = 0;
    /* the fast kernel asked for where it does not apply: the option named */
    static const struct {
        const char *gen;
        int f, v2, f0, w_llr;
        const char *named;
    } no_fast[] = {{"171,133", 0, 0, 0, 5, "--tile=0"},     {"171,133", 48, 20, 0, 5, "--tile"},
                   {"171,133", 64, 20, 48, 5, "--subframe"}, {"171,133", 512, 20, 0, 5, "--overlap-right"},
                   {"171,133", 64, 20, 0, 9, "--llr-width"}, {"171,165", 64, 20, 0, 5, "--gen"}};
    g.kernel = FG_GPU_VIT_FAST;
    for (size_t i = 0; i < sizeof no_fast / sizeof *no_fast; i++) {
        CU_ASSERT_FATAL(fg_vit_parse_gen(no_fast[i].gen, &c) == 0);
        d->f = no_fast[i].f, d->v1 = 0, d->v2 = no_fast[i].v2, d->f0 = no_fast[i].f0, d->w_llr = no_fast[i].w_llr;
        CU_ASSERT_EQUAL(fg_gpu_viterbi_host_decode(&c, 40, &g, 1, rx, bits), FG_EINVAL);
        CU_ASSERT(strstr(fg_last_error(), no_fast[i].named) != NULL);
        CU_ASSERT(strstr(fg_last_error(), "--kernel=fast") != NULL);
    }
}

static void test_report(void) { fprintf(stderr, "gpu_viterbi_host: %lld bits compared with the C model\n", g_vit_bits); }

void fg_test_register(void)
{
    fg_vit_code c = fg_vit_code_default();
    fg_gpu_viterbi_cfg g = fg_gpu_viterbi_cfg_default();
    int32_t rx[2 * (40 + 6)] = {0};
    uint8_t bits[40];
    if (fg_gpu_viterbi_host_decode(&c, 40, &g, 1, rx, bits) == FG_ENODEV) {
        fprintf(stderr, "built without CUDA: the kernel's host check skipped\n");
        exit(77);
    }
    static const fg_test_case cases[] = {
        {"configs", test_configs},
        {"fast_configs", test_fast_configs},
        {"bad_input", test_bad_input},
        {"report", test_report},
        {NULL, NULL},
    };
    fg_add_suite("gpu_viterbi_host", cases);
}
