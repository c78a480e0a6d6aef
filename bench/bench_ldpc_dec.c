/* Benchmark: QC-LDPC decoder speed in coded Mbps (code bits decoded per second) on wifi-1944-1/2,
 * 10 iterations, no early termination, frames at Eb/N0 = 2 dB. The float layered NMS decoder with one
 * thread and with two threads (each its own decoder), the other float schedules / rules with one
 * thread, and the fixed-point model (K = 2, thesis widths). Prints one JSON object. "_cputime"
 * figures divide by the thread's CPU time (the speed of an unshared core), the others by wall-clock
 * time.
 * Usage: bench_ldpc_dec [seconds per measurement, default 1] [code name, default wifi-1944-1/2] */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { FRAMES = 32, ITER = 10 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    const fg_ldpc_code *code;
    fg_ldpc_dec_cfg cfg;
    const double *llr;      /* FRAMES * n */
    const int32_t *qllr;    /* FRAMES * n (fixed model) or NULL */
    fg_ldpc_fixed_cfg fcfg;
    double seconds;
    long frames;            /* out */
    double cpu;             /* out: CPU seconds of the thread */
    int rc;                 /* out */
} job_t;

static void *run_job(void *arg)
{
    job_t *j = arg;
    const int n = j->code->n;
    uint8_t *bits = malloc((size_t)n);
    fg_ldpc_dec *d = NULL;
    fg_ldpc_fixed *fx = NULL;
    j->rc = 1;
    if (!bits)
        return NULL;
    if (j->qllr ? fg_ldpc_fixed_create(j->code, &j->fcfg, &fx) : fg_ldpc_dec_create(j->code, &j->cfg, &d)) {
        free(bits);
        return NULL;
    }
    long f = 0;
    const double t0 = now();
    struct timespec c0, c1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
    do {
        for (int r = 0; r < 4; r++, f++) {
            const int i = (int)(f % FRAMES);
            if (fx ? fg_ldpc_fixed_decode(fx, j->qllr + (size_t)i * n, bits, NULL, NULL)
                   : fg_ldpc_dec_decode(d, j->llr + (size_t)i * n, bits, NULL, NULL))
                goto out;
        }
    } while (now() - t0 < j->seconds);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    j->cpu = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    j->frames = f;
    j->rc = 0;
out:
    fg_ldpc_dec_destroy(d);
    fg_ldpc_fixed_destroy(fx);
    free(bits);
    return NULL;
}

/* Coded Mbps of `threads` threads running job `proto` for its seconds, by wall-clock time (all
 * threads together) and by CPU time (per thread: what one core does when it is not shared). */
static double measure(const job_t *proto, int threads, double *per_cpu)
{
    job_t jobs[2];
    pthread_t tid[2];
    const double t0 = now();
    for (int t = 0; t < threads; t++) {
        jobs[t] = *proto;
        if (pthread_create(&tid[t], NULL, run_job, &jobs[t]))
            return -1;
    }
    long frames = 0;
    double cpu = 0;
    int rc = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(tid[t], NULL);
        frames += jobs[t].frames;
        cpu += jobs[t].cpu;
        rc |= jobs[t].rc;
    }
    const double dt = now() - t0;
    if (per_cpu)
        *per_cpu = rc ? -1 : (double)frames * proto->code->n / cpu / 1e6;
    return rc ? -1 : (double)frames * proto->code->n / dt / 1e6;
}

int main(int argc, char **argv)
{
    const double secs = argc > 1 ? atof(argv[1]) : 1.0;
    const char *name = argc > 2 ? argv[2] : "wifi-1944-1/2";
    fg_ldpc_code *code;
    if (fg_ldpc_code_create(name, &code)) {
        fprintf(stderr, "bench_ldpc_dec: %s\n", fg_last_error());
        return 1;
    }
    const int n = code->n, k = code->k;
    double *llr = malloc(sizeof(double) * (size_t)n * FRAMES);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)n * FRAMES);
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n);
    if (!llr || !q || !info || !cw)
        return 1;
    fg_ldpc_fixed_cfg fcfg = fg_ldpc_fixed_cfg_default();
    fcfg.max_iter = ITER;
    fcfg.early_term = 0;
    double sigma;
    fg_channel_sigma(2.0, (double)k / n, &sigma);
    for (int f = 0; f < FRAMES; f++) {
        double *y = llr + (size_t)f * n;
        if (fg_channel_random_bits(k, 1, (uint64_t)f, info) || fg_ldpc_encode(code, info, cw) ||
            fg_channel_bpsk_awgn(cw, n, sigma, 1, (uint64_t)f, y) || fg_channel_llr(y, n, sigma, y) ||
            fg_llr_quantize(y, n, fcfg.llr_width, fcfg.llr_frac, q + (size_t)f * n)) {
            fprintf(stderr, "bench_ldpc_dec: %s\n", fg_last_error());
            return 1;
        }
    }
    job_t job = {.code = code, .cfg = fg_ldpc_dec_cfg_default(), .llr = llr, .seconds = secs};
    job.cfg.max_iter = ITER;
    job.cfg.early_term = 0;
    double layered1_cpu, fixed1_cpu;
    const double layered1 = measure(&job, 1, &layered1_cpu);
    const double layered2 = measure(&job, 2, NULL);
    static const struct {
        const char *what;
        fg_ldpc_schedule s;
        int K;
        fg_ldpc_alg a;
    } others[] = {{"multilayer K=2 nms", FG_LDPC_SCHED_MULTILAYER, 2, FG_LDPC_ALG_NMS},
                  {"flooding nms", FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_NMS},
                  {"layered oms", FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_OMS},
                  {"layered spa", FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_SPA},
                  {"flooding spa", FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_SPA}};
    const int n_others = (int)(sizeof others / sizeof others[0]);
    double other_mbps[8];
    for (int i = 0; i < n_others; i++) {
        job_t o = job;
        o.cfg.schedule = others[i].s;
        o.cfg.layers = others[i].K;
        o.cfg.alg = others[i].a;
        o.seconds = secs / 2;
        measure(&o, 1, &other_mbps[i]);
    }
    job_t fj = job;
    fj.qllr = q;
    fj.fcfg = fcfg;
    const double fixed1 = measure(&fj, 1, &fixed1_cpu);
    printf("{\"bench\": \"ldpc_dec\", \"code\": \"%s\", \"n\": %d, \"iterations\": %d, \"early_term\": 0, "
           "\"ebn0_db\": 2.0, \"layered_nms_coded_mbps_1thread\": %.2f, \"layered_nms_coded_mbps_1thread_cputime\": %.2f, "
           "\"layered_nms_coded_mbps_2threads\": %.2f, ",
           code->name, n, ITER, layered1, layered1_cpu, layered2);
    printf("\"float_1thread_coded_mbps_cputime\": {");
    for (int i = 0; i < n_others; i++)
        printf("%s\"%s\": %.2f", i ? ", " : "", others[i].what, other_mbps[i]);
    printf("}, \"fixed_k2_coded_mbps_1thread\": %.3f, \"fixed_k2_coded_mbps_1thread_cputime\": %.3f, \"online_cpus\": %ld, "
           "\"version\": \"%s\", \"git\": \"%s\"}\n",
           fixed1, fixed1_cpu, sysconf(_SC_NPROCESSORS_ONLN), fg_version(), fg_git_hash());
    fg_ldpc_code_destroy(code);
    free(llr);
    free(q);
    free(info);
    free(cw);
    return 0;
}
