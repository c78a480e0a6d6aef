/* Benchmark: float turbo decoder speed in information Mbps (K bits per decoded block per second),
 * LTE K=6144, 6 iterations (12 half-iterations), no early termination, frames at Eb/N0 = 0.8 dB.
 * Max-log-MAP radix 2 (the target configuration) with one thread and with one thread per online CPU
 * (each its own decoder), then radix 4, P = 16 with NII, a window of 32, log-MAP and
 * linear-log-MAP with one thread. "_cputime" figures divide by the thread's CPU time (the speed of
 * an unshared core), the others by wall-clock time. Prints one JSON object.
 * Usage: bench_turbo_dec [seconds per measurement, default 1] */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/turbo.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { FRAMES = 8, K = 6144, HALF_ITERS = 12, THREADS_MAX = 256 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    fg_turbo_dec_cfg cfg;
    const double *llr; /* FRAMES * N */
    double seconds;
    long frames;       /* out */
    double cpu;        /* out: CPU seconds of the thread */
    int rc;            /* out */
} job_t;

static void *run_job(void *arg)
{
    job_t *j = arg;
    const int N = 3 * K + FG_TURBO_TAIL;
    uint8_t bits[K];
    fg_turbo_dec *d = NULL;
    j->rc = 1;
    if (fg_turbo_dec_create(FG_STD_LTE, K, &j->cfg, &d))
        return NULL;
    long f = 0;
    const double t0 = now();
    struct timespec c0, c1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
    do {
        if (fg_turbo_dec_run(d, j->llr + (size_t)(f % FRAMES) * N, bits, NULL, NULL))
            goto out;
        f++;
    } while (now() - t0 < j->seconds);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    j->cpu = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    j->frames = f;
    j->rc = 0;
out:
    fg_turbo_dec_destroy(d);
    return NULL;
}

/* Information Mbps of `threads` threads by wall-clock time; *per_cpu: per thread by CPU time. */
static double measure(const job_t *proto, int threads, double *per_cpu)
{
    job_t jobs[THREADS_MAX];
    pthread_t tid[THREADS_MAX];
    const double t0 = now();
    int started = 0;
    for (; started < threads; started++) {
        jobs[started] = *proto;
        if (pthread_create(&tid[started], NULL, run_job, &jobs[started]))
            break;
    }
    long frames = 0;
    double cpu = 0;
    int rc = started < threads;
    for (int t = 0; t < started; t++) {
        pthread_join(tid[t], NULL);
        frames += jobs[t].frames;
        cpu += jobs[t].cpu;
        rc |= jobs[t].rc;
    }
    const double dt = now() - t0;
    if (per_cpu)
        *per_cpu = rc ? -1 : (double)frames * K / cpu / 1e6;
    return rc ? -1 : (double)frames * K / dt / 1e6;
}

int main(int argc, char **argv)
{
    const double secs = argc > 1 ? atof(argv[1]) : 1.0;
    const int N = 3 * K + FG_TURBO_TAIL;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    const int threads = cpus < 1 ? 1 : cpus > THREADS_MAX ? THREADS_MAX : (int)cpus;
    double *llr = malloc(sizeof(double) * (size_t)N * FRAMES), sigma;
    uint8_t *info = malloc(K), *cw = malloc((size_t)N);
    if (!llr || !info || !cw)
        return 1;
    fg_channel_sigma(0.8, (double)K / N, &sigma);
    for (int f = 0; f < FRAMES; f++) {
        double *y = llr + (size_t)f * N;
        if (fg_channel_random_bits(K, 1, (uint64_t)f, info) || fg_turbo_encode(FG_STD_LTE, K, info, cw) ||
            fg_channel_bpsk_awgn(cw, N, sigma, 1, (uint64_t)f, y) || fg_channel_llr(y, N, sigma, y)) {
            fprintf(stderr, "bench_turbo_dec: %s\n", fg_last_error());
            return 1;
        }
    }
    job_t job = {.cfg = fg_turbo_dec_cfg_default(), .llr = llr, .seconds = secs};
    job.cfg.half_iters = HALF_ITERS;
    double one_cpu;
    const double one = measure(&job, 1, &one_cpu);
    const double all = measure(&job, threads, NULL);
    static const struct {
        const char *what;
        fg_turbo_alg alg;
        int radix, P, window;
    } others[] = {{"maxlog radix4", FG_TURBO_ALG_MAXLOG, 4, 1, 0},
                  {"maxlog P16 nii", FG_TURBO_ALG_MAXLOG, 2, 16, 0},
                  {"maxlog window32", FG_TURBO_ALG_MAXLOG, 2, 1, 32},
                  {"log", FG_TURBO_ALG_LOG, 2, 1, 0},
                  {"linlog", FG_TURBO_ALG_LINLOG, 2, 1, 0}};
    const int n_others = (int)(sizeof others / sizeof others[0]);
    double other[8];
    for (int i = 0; i < n_others; i++) {
        job_t o = job;
        o.cfg.alg = others[i].alg;
        o.cfg.radix = others[i].radix;
        o.cfg.P = others[i].P;
        o.cfg.window = others[i].window;
        o.seconds = secs / 2;
        measure(&o, 1, &other[i]);
    }
    printf("{\"bench\": \"turbo_dec\", \"std\": \"lte\", \"K\": %d, \"half_iters\": %d, \"early_term\": 0, "
           "\"ebn0_db\": 0.8, \"maxlog_info_mbps_1thread\": %.2f, \"maxlog_info_mbps_1thread_cputime\": %.2f, "
           "\"maxlog_info_mbps_all_threads\": %.2f, \"threads\": %d, \"info_mbps_1thread_cputime\": {",
           K, HALF_ITERS, one, one_cpu, all, threads);
    for (int i = 0; i < n_others; i++)
        printf("%s\"%s\": %.2f", i ? ", " : "", others[i].what, other[i]);
    printf("}, \"version\": \"%s\", \"git\": \"%s\"}\n", fg_version(), fg_git_hash());
    free(llr);
    free(info);
    free(cw);
    return 0;
}
