/* Benchmark: speed of the bit-accurate fixed-point turbo decoder (fecforge/turbo_fixed.h) in
 * information Mbps (K bits per decoded block per second) on one thread: LTE K=6144, P=16 radix-4
 * XMAP sub-blocks with NII, 11 half-iterations (5.5 iterations), no early termination, default
 * formats, frames at Eb/N0 = 0.8 dB. "_cputime" divides by the thread's CPU time (the speed of an
 * unshared core). Also the bit errors of the frames decoded, as a sanity check. Prints one JSON object.
 * Usage: bench_turbo_fixed [seconds, default 2] */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { FRAMES = 8, K = 6144, P = 16, HALF_ITERS = 11 };

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    const double secs = argc > 1 ? atof(argv[1]) : 2.0;
    const int N = 3 * K + FG_TURBO_TAIL;
    const double ebn0 = 0.8;
    double *y = malloc(sizeof(double) * (size_t)N), sigma;
    int32_t *q = malloc(sizeof(int32_t) * (size_t)N * FRAMES);
    uint8_t *info = malloc((size_t)K * FRAMES), *cw = malloc((size_t)N), *bits = malloc(K);
    fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
    cfg.P = P;
    cfg.half_iters = HALF_ITERS;
    fg_turbo_fixed *d = NULL;
    if (!y || !q || !info || !cw || !bits || fg_channel_sigma(ebn0, (double)K / N, &sigma) ||
        fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &d))
        goto fail;
    for (int f = 0; f < FRAMES; f++)
        if (fg_channel_random_bits(K, 1, (uint64_t)f, info + (size_t)f * K) ||
            fg_turbo_encode(FG_STD_LTE, K, info + (size_t)f * K, cw) ||
            fg_channel_bpsk_awgn(cw, N, sigma, 1, (uint64_t)f, y) || fg_channel_llr(y, N, sigma, y) ||
            fg_llr_quantize(y, N, cfg.fmt.w_ch, cfg.fmt.f_ch, q + (size_t)f * N))
            goto fail;
    long frames = 0, errors = 0;
    const double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
    do {
        const int f = (int)(frames % FRAMES);
        if (fg_turbo_fixed_decode(d, q + (size_t)f * N, bits, NULL))
            goto fail;
        if (frames < FRAMES)
            for (int k = 0; k < K; k++)
                errors += bits[k] != info[(size_t)f * K + k];
        frames++;
    } while (clock_s(CLOCK_MONOTONIC) - t0 < secs);
    const double dt = clock_s(CLOCK_MONOTONIC) - t0, dc = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
    printf("{\"bench\": \"turbo_fixed\", \"std\": \"lte\", \"K\": %d, \"P\": %d, \"nii\": 1, \"half_iters\": %d, "
           "\"early_term\": 0, \"ebn0_db\": %.1f, \"fmt\": {\"w_ch\": %d, \"f_ch\": %d, \"w_ext\": %d, \"w_bm\": %d, "
           "\"w_sm\": %d, \"norm\": \"modulo\"}, \"frames\": %ld, \"bit_errors_first_%d_frames\": %ld, "
           "\"mbps_1thread\": %.3f, \"mbps_1thread_cputime\": %.3f, \"version\": \"%s\", \"git\": \"%s\"}\n",
           K, P, HALF_ITERS, ebn0, cfg.fmt.w_ch, cfg.fmt.f_ch, cfg.fmt.w_ext, cfg.fmt.w_bm, cfg.fmt.w_sm, frames,
           FRAMES, errors, (double)frames * K / dt / 1e6, (double)frames * K / dc / 1e6, fg_version(), fg_git_hash());
    fg_turbo_fixed_destroy(d);
    free(y);
    free(q);
    free(info);
    free(cw);
    free(bits);
    return 0;
fail:
    fprintf(stderr, "bench_turbo_fixed: %s\n", fg_last_error());
    return 1;
}
