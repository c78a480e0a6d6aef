/* Benchmark: speed of the cycle-accurate MB-serial LDPC decoder model (one core): simulated cycles
 * per second and frames per second with the datapath (noisy frames, 15 iterations, no early
 * termination), the timing-only mode, and the fixed-point decoder it is bit-exact with.
 * Prints one JSON object. Usage: bench_ldpc_arch [frames] */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int die(const char *what)
{
    fprintf(stderr, "bench_ldpc_arch: %s: %s\n", what, fg_last_error());
    return 1;
}

int main(int argc, char **argv)
{
    const int frames = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 50;
    static const char *codes[] = {"wifi-648-1/2", "wifi-1944-1/2", "wifi-1944-5/6"};
    printf("{\"bench\": \"ldpc_arch\", \"what\": \"MB-serial LDPC model, K=2, MB 2x2, 15 iterations, no ET, "
           "Eb/N0 2 dB\", \"frames\": %d, \"version\": \"%s\", \"git\": \"%s\", \"codes\": [",
           frames, fg_version(), fg_git_hash());
    for (int ci = 0; ci < 3; ci++) {
        fg_ldpc_code *code;
        if (fg_ldpc_code_create(codes[ci], &code))
            return die(codes[ci]);
        fg_ldpc_arch_cfg cfg = fg_ldpc_arch_cfg_default();
        cfg.fx.early_term = 0;
        fg_ldpc_arch *a;
        fg_ldpc_fixed *x;
        if (fg_ldpc_arch_create(code, &cfg, &a) || fg_ldpc_fixed_create(code, &cfg.fx, &x))
            return die("create");
        const int n = code->n;
        uint8_t *u = malloc((size_t)n), *cw = malloc((size_t)n), *bits = malloc((size_t)n);
        double *y = malloc(sizeof(double) * (size_t)n);
        int32_t *q = malloc(sizeof(int32_t) * (size_t)n * (size_t)frames);
        double sigma;
        if (!u || !cw || !bits || !y || !q || fg_channel_sigma(2.0, (double)code->k / n, &sigma))
            return die("setup");
        for (int f = 0; f < frames; f++)
            if (fg_channel_random_bits(code->k, 1, (uint64_t)f, u) || fg_ldpc_encode(code, u, cw) ||
                fg_channel_bpsk_awgn(cw, n, sigma, 1, (uint64_t)f, y) || fg_channel_llr(y, n, sigma, y) ||
                fg_llr_quantize(y, n, 6, 2, q + (size_t)f * n))
                return die("channel");
        fg_ldpc_arch_stats st;
        long cycles = 0;
        double t0 = now();
        for (int f = 0; f < frames; f++) {
            if (fg_ldpc_arch_decode(a, q + (size_t)f * n, bits, NULL, NULL, &st, NULL, NULL))
                return die("decode");
            cycles += st.cycles_total;
        }
        const double t_model = now() - t0;
        t0 = now();
        long tcycles = 0;
        for (int f = 0; f < frames; f++) {
            if (fg_ldpc_arch_timing(a, 15, &st, NULL, NULL))
                return die("timing");
            tcycles += st.cycles_total;
        }
        const double t_timing = now() - t0;
        t0 = now();
        for (int f = 0; f < frames; f++)
            if (fg_ldpc_fixed_decode(x, q + (size_t)f * n, bits, NULL, NULL))
                return die("fixed");
        const double t_fixed = now() - t0;
        printf("%s\n  {\"code\": \"%s\", \"cycles_per_codeword\": %ld, \"model_cycles_per_s\": %.0f, "
               "\"model_frames_per_s\": %.1f, \"timing_cycles_per_s\": %.0f, \"timing_frames_per_s\": %.1f, "
               "\"fixed_decoder_frames_per_s\": %.1f}",
               ci ? "," : "", codes[ci], st.cycles_total, cycles / t_model, frames / t_model, tcycles / t_timing,
               frames / t_timing, frames / t_fixed);
        free(u);
        free(cw);
        free(bits);
        free(y);
        free(q);
        fg_ldpc_fixed_destroy(x);
        fg_ldpc_arch_destroy(a);
        fg_ldpc_code_destroy(code);
    }
    printf("\n]}\n");
    return 0;
}
