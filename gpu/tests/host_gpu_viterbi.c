/* The GPU Viterbi decoder's kernel code, compiled for the host (fg_gpu_viterbi_host_decode), against the C
 * fixed-point decoder on the configurations of viterbi_check.h (label unit: no device needed; exits 77 in a
 * build without CUDA, which has no such code). */
#include "viterbi_check.h"

#include "fecforge_gpu/viterbi_gpu.h"

static int host_decoder(void *ctx, const fg_vit_code *c, int k, const fg_vit_dec_cfg *d, int count, const int32_t *rx,
                        uint8_t *bits)
{
    (void)ctx;
    return fg_gpu_viterbi_host_decode(c, k, d, count, rx, bits);
}

static void test_configs(void) { vit_configs(host_decoder, NULL, 1); }

static void test_bad_input(void)
{
    fg_vit_code c = fg_vit_code_default();
    fg_vit_dec_cfg d = fg_vit_dec_cfg_default();
    int32_t rx[2 * (40 + 6)] = {0};
    uint8_t bits[40];
    c.K = 13;
    CU_ASSERT_FATAL(fg_vit_parse_gen("10533,16471", &c) == 0);
    CU_ASSERT_EQUAL(fg_gpu_viterbi_host_decode(&c, 40, &d, 1, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "K=13") != NULL);
    c = fg_vit_code_default();
    d.ending = FG_VIT_TAILBITING;
    CU_ASSERT_EQUAL(fg_gpu_viterbi_host_decode(&c, 40, &d, 1, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "tailbiting") != NULL);
    d = fg_vit_dec_cfg_default();
    rx[3] = 16; /* 5-bit LLRs: at most 15 */
    CU_ASSERT_EQUAL(fg_gpu_viterbi_host_decode(&c, 40, &d, 1, rx, bits), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "rx[3]=16") != NULL);
}

static void test_report(void) { fprintf(stderr, "gpu_viterbi_host: %lld bits compared with the C model\n", g_vit_bits); }

void fg_test_register(void)
{
    fg_vit_code c = fg_vit_code_default();
    fg_vit_dec_cfg d = fg_vit_dec_cfg_default();
    int32_t rx[2 * (40 + 6)] = {0};
    uint8_t bits[40];
    if (fg_gpu_viterbi_host_decode(&c, 40, &d, 1, rx, bits) == FG_ENODEV) {
        fprintf(stderr, "built without CUDA: the kernel's host check skipped\n");
        exit(77);
    }
    static const fg_test_case cases[] = {
        {"configs", test_configs},
        {"bad_input", test_bad_input},
        {"report", test_report},
        {NULL, NULL},
    };
    fg_add_suite("gpu_viterbi_host", cases);
}
