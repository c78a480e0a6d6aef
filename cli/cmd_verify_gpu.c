/* fecforge verify ldpc --device gpu: the GPU LDPC decoders (gpu/, fecforge_gpu/ldpc_gpu.h) against the
 * C model on identical frames (docs/gpu-ldpc-cli.md). The GPU generates frame f of (seed, Eb/N0) itself
 * (fg_gpu_ldpc_frames); the CPU regenerates it as fg_ldpc_ber_run does (random bits, encoder, BPSK +
 * AWGN, LLRs, quantisation) and decodes it with fg_ldpc_fixed (fixed mode: everything must be equal)
 * or fg_ldpc_dec (--float: differences are counted; only the frame errors must agree within a
 * binomial band). */
#include "cli.h"
#include "cli_ldpc.h"
#include "commands.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const CMD = "verify ldpc --device gpu";

enum { EBN0_MAX = 64, THREADS_MAX = 256 };

static void help(void)
{
    fg_ldpc_fixed_cfg f = fg_ldpc_fixed_cfg_default();
    printf("usage: fecforge verify ldpc --device gpu [--code NAME|LIST|wifi|wimax|all] [--frames N]\n"
           "                            [--ebn0 X[,Y..]] [--kernel fused|edge|thesis] [--float]\n"
           "                            [--decoder layered|multilayer:K|flooding] [--iter N] [--no-et]\n"
           "                            [fixed-point options] [--seed S] [--ns S --ncw C --nmcw M]\n"
           "                            [--threads T] [--json]\n\n"
           "The GPU LDPC decoders (docs/gpu-ldpc.md) against the C model on identical frames\n"
           "(docs/gpu-ldpc-cli.md). The GPU generates frame f of (seed, Eb/N0) itself; the CPU\n"
           "regenerates it exactly as 'fecforge ber ldpc' does (Philox stream f: information bits,\n"
           "systematic codeword, BPSK + AWGN, LLR 2y/sigma^2, quantised in fixed mode) and decodes it\n"
           "with the C model, T threads splitting each GPU batch.\n\n"
           "Fixed mode (default): the GPU's quantised channel LLRs must equal the CPU's ('channel\n"
           "mismatch'), then the hard decisions, the iteration count and every final APP value must\n"
           "equal fg_ldpc_fixed_decode's. The first mismatch (code, Eb/N0, frame, bit, both values)\n"
           "is printed and the command exits 1.\n"
           "Float mode (--float): the float decoders (float32 on the GPU, double on the CPU) are\n"
           "compared for information: frames whose hard decisions differ, frames whose iteration\n"
           "counts differ, the largest |APP difference|. It exits 1 only when, at some point, the\n"
           "GPU's frame errors differ from the CPU's by more than 5 sqrt(N p (1-p)) + 2 frames\n"
           "(N frames, p = CPU frame errors / N).\n\n"
           "  --code C          a built-in code (fecforge code ldpc --list) or base-matrix file, a\n"
           "                    comma-separated list of them, wifi (every 802.11n code), wimax (every\n"
           "                    802.16e code) or all (every built-in code); default wifi-648-1/2\n"
           "  --frames N        frames per code and Eb/N0 point, [1, 2^40] (default 1000)\n"
           "  --ebn0 LIST       comma-separated Eb/N0 values in dB, [-50, 100] (default 1,2,3)\n"
           FG_CLI_GPU_HELP
           "  --float           float mode (min-sum scaled by 0.75) instead of the fixed-point model\n"
           "  --decoder D       layered, multilayer:K (K in [1, mb] for every code; default\n"
           "                    multilayer:%d) or flooding (fixed mode: K = mb, every layer from the\n"
           "                    same APP values)\n"
           "  --iter N          maximum iterations, [1, 1000] (default 15)\n"
           "  --no-et           no early termination\n"
           FG_CLI_LDPC_FIXED_HELP
           "  --seed S          Philox seed, [0, 2^63-1] (default 1)\n"
           "  --threads T       CPU threads, [1, %d] (default: the online CPUs)\n"
           "  --json            one JSON object on stdout\n"
           "  -h, --help        this text\n\n"
           "Progress on stderr when stderr is a terminal or FG_PROGRESS=1.\n"
           "Exit: 0 all equal (float: within the band), 1 mismatch or GPU failure (e.g. no CUDA\n"
           "device), 2 usage error.\n\n"
           "examples:\n"
           "  fecforge verify ldpc --device gpu --code wifi-648-1/2 --frames 100000 --ebn0 1,2,3\n"
           "  fecforge verify ldpc --device gpu --code all --kernel thesis --frames 1000 --json\n",
           f.layers, THREADS_MAX);
}

static int parse_double(const char *text, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(text, &end);
    return end == text || *end || errno || !isfinite(*v) ? -1 : 0;
}

static int parse_ebn0_list(const char *text, double *out, int *n)
{
    char buf[1024];
    *n = 0;
    if (snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
        return fg_cli_usage_error(CMD, "--ebn0 too long (at most %d characters)", (int)sizeof buf - 1);
    char *save = NULL;
    for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
        double v;
        if (parse_double(it, &v))
            return fg_cli_usage_error(CMD, "--ebn0=%s invalid: '%s' is not a number", text, it);
        if (v < -50 || v > 100)
            return fg_cli_usage_error(CMD, "--ebn0=%s: %g dB out of range [-50, 100]", text, v);
        if (*n >= EBN0_MAX)
            return fg_cli_usage_error(CMD, "--ebn0=%s has more than %d points", text, EBN0_MAX);
        out[(*n)++] = v;
    }
    if (*n == 0)
        return fg_cli_usage_error(CMD, "--ebn0=%s is empty: expected X[,Y..]", text);
    return 0;
}

/* --code: names, files, wifi, wimax, all; the codes opened into *codes (*n of them). */
static int open_codes(const char *text, fg_ldpc_code ***codes, int *n)
{
    *codes = NULL;
    *n = 0;
    const int nb = fg_ldpc_code_count();
    char *buf = strdup(text);
    int cap = nb + 64, rc = 0;
    fg_ldpc_code **v = calloc((size_t)cap, sizeof *v);
    if (!buf || !v) {
        free(buf);
        free(v);
        return fg_cli_fail(CMD, "out of memory");
    }
    char *save = NULL;
    for (char *it = strtok_r(buf, ",", &save); it && !rc; it = strtok_r(NULL, ",", &save)) {
        const char *prefix = !strcmp(it, "all") ? "" : !strcmp(it, "wifi") ? "wifi-" : !strcmp(it, "wimax") ? "wimax-"
                                                                                                              : NULL;
        for (int i = 0; i < (prefix ? nb : 1) && !rc; i++) {
            const char *name = prefix ? fg_ldpc_code_name(i) : it;
            if (prefix && strncmp(name, prefix, strlen(prefix)))
                continue;
            if (*n >= cap) {
                fg_ldpc_code **w = realloc(v, sizeof *v * (size_t)(cap *= 2));
                if (!w) {
                    rc = fg_cli_fail(CMD, "out of memory");
                    break;
                }
                v = w;
            }
            if (fg_cli_ldpc_code_open(name, 0, &v[*n]))
                rc = FG_EXIT_USAGE;
            else
                (*n)++;
        }
    }
    free(buf);
    if (!rc && *n == 0)
        rc = fg_cli_usage_error(CMD, "--code=%s names no code", text);
    *codes = v;
    return rc;
}

/* ---- the CPU side: T threads, each its own decoder, share a GPU batch ---- */

typedef struct {
    long long frame; /* < 0: none */
    int bit;
    char what[32];
    double cpu, gpu;
} mismatch;

typedef struct {
    /* set once per code */
    const fg_ldpc_code *code;
    int fixed;
    fg_ldpc_fixed *fx;
    fg_ldpc_dec *dec;
    uint8_t *bits_k, *cw_n, *hard_n;
    double *y_n, *app_d;
    int32_t *q_n, *app_q;
    int llr_width, llr_frac;
    /* per batch */
    uint64_t seed;
    double sigma;
    long long first;
    int lo, hi;
    const fg_gpu_ldpc_frames_out *g;
    /* results of the batch */
    int err;
    char msg[256];
    long long fe, be, iters, gfe, gbe, giters, mism;
    long long hard_diff, iter_diff;
    double max_app_diff, max_llr_diff;
    mismatch first_mm;
} worker;

static void note(worker *w, long long f, int bit, const char *what, double cpu, double gpu)
{
    if (w->first_mm.frame >= 0)
        return;
    w->first_mm.frame = f;
    w->first_mm.bit = bit;
    snprintf(w->first_mm.what, sizeof w->first_mm.what, "%s", what);
    w->first_mm.cpu = cpu;
    w->first_mm.gpu = gpu;
}

static int cpu_frame(worker *w, int i)
{
    const fg_ldpc_code *c = w->code;
    const long long f = w->first + i;
    const uint64_t stream = (uint64_t)f;
    const int n = c->n;
    const fg_gpu_ldpc_frames_out *g = w->g;
    const size_t o = (size_t)i * (size_t)n;
    int it = 0, rc;
    if ((rc = fg_channel_random_bits(c->k, w->seed, stream, w->bits_k)) || (rc = fg_ldpc_encode(c, w->bits_k, w->cw_n)) ||
        (rc = fg_channel_bpsk_awgn(w->cw_n, n, w->sigma, w->seed, stream, w->y_n)) ||
        (rc = fg_channel_llr(w->y_n, n, w->sigma, w->y_n)))
        return rc;
    if (w->fixed) {
        if ((rc = fg_llr_quantize(w->y_n, n, w->llr_width, w->llr_frac, w->q_n)) ||
            (rc = fg_ldpc_fixed_decode(w->fx, w->q_n, w->hard_n, w->app_q, &it)))
            return rc;
    } else if ((rc = fg_ldpc_dec_decode(w->dec, w->y_n, w->hard_n, w->app_d, &it)))
        return rc;
    /* the CPU's counts, as fg_ldpc_ber_run counts them */
    int be = 0, fe = 0;
    for (int b = 0; b < c->k; b++)
        be += w->hard_n[b] != w->cw_n[b];
    fe = be > 0;
    for (int b = c->k; b < n && !fe; b++)
        fe = w->hard_n[b] != w->cw_n[b];
    w->fe += fe;
    w->be += be;
    w->iters += it;
    w->gfe += g->frame_error[i] != 0;
    w->gbe += g->bit_errors[i];
    w->giters += g->iterations[i];
    if (w->fixed) {
        /* first difference of this frame, in the order channel, hard decisions, iterations, APP, counts */
        int bad = 0;
        for (int b = 0; b < n && !bad; b++)
            if (g->llr_q[o + b] != w->q_n[b]) {
                note(w, f, b, "channel LLR", w->q_n[b], g->llr_q[o + b]);
                bad = 1;
            }
        for (int b = 0; b < n && !bad; b++)
            if (g->bits[o + b] != w->hard_n[b]) {
                note(w, f, b, "hard decision", w->hard_n[b], g->bits[o + b]);
                bad = 1;
            }
        if (!bad && g->iterations[i] != it) {
            note(w, f, -1, "iterations", it, g->iterations[i]);
            bad = 1;
        }
        for (int b = 0; b < n && !bad; b++)
            if (g->app[o + b] != w->app_q[b]) {
                note(w, f, b, "APP", w->app_q[b], g->app[o + b]);
                bad = 1;
            }
        if (!bad && (g->frame_error[i] != 0) != fe) {
            note(w, f, -1, "frame error", fe, g->frame_error[i] != 0);
            bad = 1;
        }
        if (!bad && g->bit_errors[i] != be) {
            note(w, f, -1, "bit errors", be, g->bit_errors[i]);
            bad = 1;
        }
        w->mism += bad;
    } else {
        int hd = 0;
        for (int b = 0; b < n; b++) {
            hd |= g->bits[o + b] != w->hard_n[b];
            const double d = fabs((double)g->app_f[o + b] - w->app_d[b]);
            if (d > w->max_app_diff || isnan(d))
                w->max_app_diff = isnan(d) ? INFINITY : d;
            const double dl = fabs((double)g->llr_f[o + b] - w->y_n[b]);
            if (dl > w->max_llr_diff)
                w->max_llr_diff = dl;
        }
        w->hard_diff += hd;
        w->iter_diff += g->iterations[i] != it;
    }
    return 0;
}

static void *worker_run(void *arg)
{
    worker *w = arg;
    for (int i = w->lo; i < w->hi; i++) {
        int rc = cpu_frame(w, i);
        if (rc) {
            w->err = rc;
            snprintf(w->msg, sizeof w->msg, "frame %lld: %s", w->first + i, fg_last_error());
            break;
        }
    }
    return NULL;
}

/* ---- one code ---- */

typedef struct {
    double ebn0, sigma, seconds;
    long long frames, fe, be, iters, gfe, gbe, giters, mism, hard_diff, iter_diff;
    double max_app_diff, max_llr_diff, band; /* float mode */
    int ok;
} point;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void workers_free(worker *w, int T)
{
    for (int t = 0; t < T; t++) {
        fg_ldpc_fixed_destroy(w[t].fx);
        fg_ldpc_dec_destroy(w[t].dec);
        free(w[t].bits_k);
        free(w[t].cw_n);
        free(w[t].hard_n);
        free(w[t].y_n);
        free(w[t].app_d);
        free(w[t].q_n);
        free(w[t].app_q);
    }
}

/* T workers with their own decoders; returns 0, FG_EXIT_USAGE (bad decoder configuration) or FG_EXIT_FAIL. */
static int workers_init(worker *w, int T, const fg_ldpc_code *c, const fg_gpu_ldpc_cfg *g)
{
    memset(w, 0, sizeof *w * (size_t)T);
    const size_t n = (size_t)c->n;
    for (int t = 0; t < T; t++) {
        w[t].code = c;
        w[t].fixed = g->fixed;
        w[t].llr_width = g->fx.llr_width;
        w[t].llr_frac = g->fx.llr_frac;
        int e = g->fixed ? fg_ldpc_fixed_create(c, &g->fx, &w[t].fx) : fg_ldpc_dec_create(c, &g->dec, &w[t].dec);
        if (e)
            return e == FG_EINVAL ? fg_cli_usage_error(CMD, "C model decoder for %s: %s", c->name, fg_last_error())
                                  : fg_cli_fail(CMD, "C model decoder for %s: %s", c->name, fg_last_error());
        w[t].bits_k = malloc((size_t)c->k);
        w[t].cw_n = malloc(n);
        w[t].hard_n = malloc(n);
        w[t].y_n = malloc(n * sizeof(double));
        w[t].app_d = malloc(n * sizeof(double));
        w[t].q_n = malloc(n * sizeof(int32_t));
        w[t].app_q = malloc(n * sizeof(int32_t));
        if (!w[t].bits_k || !w[t].cw_n || !w[t].hard_n || !w[t].y_n || !w[t].app_d || !w[t].q_n || !w[t].app_q)
            return fg_cli_fail(CMD, "out of memory");
    }
    return 0;
}

typedef struct {
    fg_gpu_ldpc_frames_out o;
    int batch;
} gbuf;

static void gbuf_free(gbuf *b)
{
    free(b->o.bit_errors);
    free(b->o.frame_error);
    free(b->o.iterations);
    free(b->o.llr_q);
    free(b->o.llr_f);
    free(b->o.bits);
    free(b->o.app);
    free(b->o.app_f);
    memset(b, 0, sizeof *b);
}

static int gbuf_alloc(gbuf *b, int batch, int n, int fixed)
{
    memset(b, 0, sizeof *b);
    const size_t B = (size_t)batch, N = B * (size_t)n;
    b->batch = batch;
    b->o.bit_errors = malloc(B * sizeof(int32_t));
    b->o.frame_error = malloc(B);
    b->o.iterations = malloc(B * sizeof(int));
    b->o.bits = malloc(N);
    if (fixed) {
        b->o.llr_q = malloc(N * sizeof(int32_t));
        b->o.app = malloc(N * sizeof(int32_t));
    } else {
        b->o.llr_f = malloc(N * sizeof(float));
        b->o.app_f = malloc(N * sizeof(float));
    }
    if (!b->o.bit_errors || !b->o.frame_error || !b->o.iterations || !b->o.bits ||
        (fixed ? !b->o.llr_q || !b->o.app : !b->o.llr_f || !b->o.app_f)) {
        gbuf_free(b);
        return -1;
    }
    return 0;
}

typedef struct {
    const char *code;
    double ebn0;
    mismatch m;
} first_mismatch;

/* Frames [0, frames) of one Eb/N0 point. Returns 0 (compared; *p filled, mismatches counted, the run
 * stops after the first batch with one, *fm set) or FG_EXIT_FAIL after printing the error. */
static int run_point(fg_gpu_ldpc *gd, worker *w, int T, gbuf *b, uint64_t seed, long long frames, double ebn0,
                     point *p, first_mismatch *fm)
{
    const fg_ldpc_code *c = w[0].code;
    memset(p, 0, sizeof *p);
    p->ebn0 = ebn0;
    if (fg_channel_sigma(ebn0, (double)c->k / (double)c->n, &p->sigma))
        return fg_cli_fail(CMD, "%s Eb/N0 %g dB: %s", c->name, ebn0, fg_last_error());
    const double t0 = now_s();
    double last = 0.0;
    pthread_t tid[THREADS_MAX];
    for (long long first = 0; first < frames;) {
        const int cnt = (int)(frames - first < b->batch ? frames - first : b->batch);
        if (fg_gpu_ldpc_frames(gd, seed, first, cnt, p->sigma, &b->o)) {
            fg_cli_progress_done();
            return fg_cli_fail(CMD, "GPU, %s Eb/N0 %g dB, frames %lld..%lld: %s", c->name, ebn0, first,
                               first + cnt - 1, fg_last_error());
        }
        const int Tn = T < cnt ? T : cnt;
        int started = 0;
        for (int t = 0; t < Tn; t++) {
            worker *x = &w[t];
            x->seed = seed;
            x->sigma = p->sigma;
            x->first = first;
            x->lo = (int)((long long)cnt * t / Tn);
            x->hi = (int)((long long)cnt * (t + 1) / Tn);
            x->g = &b->o;
            x->err = 0;
            x->fe = x->be = x->iters = x->gfe = x->gbe = x->giters = x->mism = x->hard_diff = x->iter_diff = 0;
            x->max_app_diff = x->max_llr_diff = 0.0;
            x->first_mm.frame = -1;
        }
        for (int t = 1; t < Tn; t++) {
            if (pthread_create(&tid[t], NULL, worker_run, &w[t]))
                break;
            started = t;
        }
        for (int t = started + 1; t < Tn; t++) /* threads that could not be started: run them here */
            worker_run(&w[t]);
        worker_run(&w[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        for (int t = 0; t < Tn; t++) {
            const worker *x = &w[t];
            if (x->err) {
                fg_cli_progress_done();
                return fg_cli_fail(CMD, "C model, %s Eb/N0 %g dB, %s", c->name, ebn0, x->msg);
            }
            p->fe += x->fe;
            p->be += x->be;
            p->iters += x->iters;
            p->gfe += x->gfe;
            p->gbe += x->gbe;
            p->giters += x->giters;
            p->mism += x->mism;
            p->hard_diff += x->hard_diff;
            p->iter_diff += x->iter_diff;
            if (x->max_app_diff > p->max_app_diff)
                p->max_app_diff = x->max_app_diff;
            if (x->max_llr_diff > p->max_llr_diff)
                p->max_llr_diff = x->max_llr_diff;
            if (x->first_mm.frame >= 0 && fm->m.frame < 0) { /* workers hold ascending frame ranges */
                fm->code = c->name;
                fm->ebn0 = ebn0;
                fm->m = x->first_mm;
            }
        }
        first += cnt;
        p->frames = first;
        const double now = now_s();
        if (now - last >= 0.25 || first == frames) {
            last = now;
            fg_cli_progress_text(first == frames, "fecforge verify ldpc --device gpu: %s Eb/N0 %g dB: %lld/%lld frames, %.0f frames/s",
                                 c->name, ebn0, (long long)first, (long long)frames, (double)first / (now - t0 > 0 ? now - t0 : 1e-9));
        }
        if (p->mism)
            break;
    }
    fg_cli_progress_done();
    p->seconds = now_s() - t0;
    if (w[0].fixed)
        p->ok = p->mism == 0;
    else {
        const double N = (double)p->frames, q = N > 0 ? (double)p->fe / N : 0.0;
        p->band = 5.0 * sqrt(N * q * (1.0 - q)) + 2.0;
        p->ok = fabs((double)(p->gfe - p->fe)) <= p->band;
    }
    return 0;
}

static const char *sched_text(const fg_gpu_ldpc_cfg *g, int mb, char *buf, size_t len)
{
    const int K = g->fixed ? g->fx.layers
                           : g->dec.schedule == FG_LDPC_SCHED_FLOODING ? mb
                             : g->dec.schedule == FG_LDPC_SCHED_LAYERED ? 1
                                                                        : g->dec.layers;
    if (!g->fixed && g->dec.schedule == FG_LDPC_SCHED_FLOODING)
        snprintf(buf, len, "flooding");
    else if (K == 1)
        snprintf(buf, len, "layered");
    else
        snprintf(buf, len, "multilayer:%d", K);
    return buf;
}

int fg_cli_verify_ldpc_gpu(int argc, char **argv)
{
    enum {
        O_CODE = 256, O_FRAMES, O_EBN0, O_FLOAT, O_DEC, O_ITER, O_NOET, O_SEED, O_THREADS, O_JSON, O_GPU, O_FX
    };
    static const struct option opts[] = {
        {"code", required_argument, NULL, O_CODE},       {"frames", required_argument, NULL, O_FRAMES},
        {"ebn0", required_argument, NULL, O_EBN0},       {"float", no_argument, NULL, O_FLOAT},
        {"decoder", required_argument, NULL, O_DEC},     {"iter", required_argument, NULL, O_ITER},
        {"no-et", no_argument, NULL, O_NOET},            {"seed", required_argument, NULL, O_SEED},
        {"threads", required_argument, NULL, O_THREADS}, {"json", no_argument, NULL, O_JSON},
        {"kernel", required_argument, NULL, O_GPU},      {"ns", required_argument, NULL, O_GPU},
        {"ncw", required_argument, NULL, O_GPU},         {"nmcw", required_argument, NULL, O_GPU},
        {"llr-width", required_argument, NULL, O_FX},    {"llr-frac", required_argument, NULL, O_FX},
        {"r-width", required_argument, NULL, O_FX},      {"app-width", required_argument, NULL, O_FX},
        {"in-shift", required_argument, NULL, O_FX},     {"scale-round", required_argument, NULL, O_FX},
        {"r-sat-late", required_argument, NULL, O_FX},   {"app-keep", required_argument, NULL, O_FX},
        {"help", no_argument, NULL, 'h'},                {NULL, 0, NULL, 0}};
    const char *code_text = "wifi-648-1/2", *ebn0_text = "1,2,3", *dec_text = NULL;
    long onl = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = onl < 1 ? 1 : onl > THREADS_MAX ? THREADS_MAX : (int)onl;
    int iter = 15, no_et = 0, fl = 0, json = 0, fx_given = 0, c, idx = -1;
    long long frames = 1000, seed = 1;
    fg_gpu_ldpc_cfg g = fg_gpu_ldpc_cfg_default();
    fg_ldpc_fixed_cfg fxo = fg_ldpc_fixed_cfg_default();
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
        const char *name = idx >= 0 ? opts[idx].name : "";
        idx = -1;
        switch (c) {
        case O_CODE: code_text = optarg; break;
        case O_FRAMES:
        case O_SEED: {
            char *end;
            errno = 0;
            const long long v = strtoll(optarg, &end, 10), hi = c == O_FRAMES ? (1LL << 40) : 9223372036854775807LL;
            if (!*optarg || *end || errno || v < (c == O_FRAMES ? 1 : 0) || v > hi)
                return fg_cli_usage_error(CMD, "--%s=%s invalid: expected an integer in [%d, %lld]", name, optarg,
                                          c == O_FRAMES ? 1 : 0, hi);
            *(c == O_FRAMES ? &frames : &seed) = v;
            break;
        }
        case O_EBN0: ebn0_text = optarg; break;
        case O_FLOAT: fl = 1; break;
        case O_DEC: dec_text = optarg; break;
        case O_ITER:
            if (fg_cli_int(CMD, "iter", optarg, 1, 1000, &iter))
                return FG_EXIT_USAGE;
            break;
        case O_NOET: no_et = 1; break;
        case O_THREADS:
            if (fg_cli_int(CMD, "threads", optarg, 1, THREADS_MAX, &threads))
                return FG_EXIT_USAGE;
            break;
        case O_JSON: json = 1; break;
        case O_GPU:
            if (fg_cli_gpu_option(CMD, name, optarg, &g, NULL, NULL) < 0)
                return FG_EXIT_USAGE;
            break;
        case O_FX:
            if (fg_cli_ldpc_fixed_option(CMD, name, optarg, &fxo, &fx_given) < 0)
                return FG_EXIT_USAGE;
            break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option (see fecforge verify ldpc --device gpu --help)");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (fl && fx_given)
        return fg_cli_usage_error(CMD, "--llr-width, --llr-frac, --r-width, --app-width, --in-shift, --scale-round, "
                                       "--r-sat-late and --app-keep apply to the fixed mode, not to --float");
    /* --decoder: K per code (flooding: mb); 0 = flooding */
    int K = fg_ldpc_fixed_cfg_default().layers, flooding = 0;
    if (dec_text) {
        if (!strcmp(dec_text, "layered"))
            K = 1;
        else if (!strcmp(dec_text, "flooding"))
            flooding = 1;
        else if (!strncmp(dec_text, "multilayer:", 11)) {
            if (fg_cli_int(CMD, "decoder multilayer:K", dec_text + 11, 1, FG_LDPC_BASE_DIM_MAX, &K))
                return FG_EXIT_USAGE;
        } else
            return fg_cli_usage_error(CMD, "--decoder=%s invalid: expected layered, multilayer:K or flooding", dec_text);
    }
    g.fixed = !fl;
    if (fg_cli_ldpc_fixed_finish(CMD, &fxo, &g.fx))
        return FG_EXIT_USAGE;
    g.fx.max_iter = iter;
    g.fx.early_term = !no_et;
    g.dec.alg = FG_LDPC_ALG_NMS;
    g.dec.nms_factor = 0.75;
    g.dec.max_iter = iter;
    g.dec.early_term = !no_et;
    double ebn0[EBN0_MAX];
    int n_ebn0 = 0;
    if (parse_ebn0_list(ebn0_text, ebn0, &n_ebn0))
        return FG_EXIT_USAGE;

    fg_ldpc_code **codes = NULL;
    int n_codes = 0, rc = open_codes(code_text, &codes, &n_codes);
    worker *w = calloc((size_t)threads, sizeof *w);
    point *pts = calloc((size_t)(n_codes ? n_codes : 1) * (size_t)n_ebn0, sizeof *pts);
    int *batch = calloc((size_t)(n_codes ? n_codes : 1), sizeof *batch);
    fg_gpu_ldpc_cfg *gc = calloc((size_t)(n_codes ? n_codes : 1), sizeof *gc);
    char desc[256] = "";
    first_mismatch fm = {NULL, 0.0, {-1, 0, "", 0.0, 0.0}};
    int done_codes = 0;
    gbuf b = {0};
    fg_gpu_ldpc *gd = NULL;
    if (rc)
        goto out;
    if (!w || !pts || !batch || !gc) {
        rc = fg_cli_fail(CMD, "out of memory");
        goto out;
    }
    for (int i = 0; i < n_codes; i++) {
        const fg_ldpc_code *cd = codes[i];
        if (!flooding && K > cd->mb) {
            rc = fg_cli_usage_error(CMD, "--decoder=%s: K=%d out of range [1, %d] for %s (mb = %d layers)",
                                    dec_text ? dec_text : "", K, cd->mb, cd->name, cd->mb);
            goto out;
        }
        gc[i] = g;
        gc[i].fx.layers = flooding ? cd->mb : K;
        gc[i].dec.schedule = flooding ? FG_LDPC_SCHED_FLOODING : K == 1 ? FG_LDPC_SCHED_LAYERED : FG_LDPC_SCHED_MULTILAYER;
        gc[i].dec.layers = K;
    }
    if ((rc = fg_cli_gpu_require(CMD)) != 0)
        goto out;
    if (fg_gpu_device_describe(g.device, desc, (int)sizeof desc)) {
        rc = fg_cli_fail(CMD, "GPU %d: %s", g.device, fg_last_error());
        goto out;
    }
    /* every configuration first, so that a bad one is reported before anything runs */
    for (int i = 0; i < n_codes; i++) {
        fg_gpu_ldpc *t = NULL;
        int e = fg_gpu_ldpc_create(codes[i], &gc[i], &t);
        if (!e && (batch[i] = fg_gpu_ldpc_batch(t)) < 1)
            e = batch[i] < 0 ? batch[i] : FG_EINVAL;
        fg_gpu_ldpc_destroy(t);
        if (e) {
            rc = e == FG_EINVAL ? fg_cli_usage_error(CMD, "GPU decoder for %s: %s", codes[i]->name, fg_last_error())
                                : fg_cli_fail(CMD, "GPU decoder for %s: %s", codes[i]->name, fg_last_error());
            goto out;
        }
        if ((rc = workers_init(w, 1, codes[i], &gc[i])) != 0) {
            workers_free(w, 1);
            goto out;
        }
        workers_free(w, 1);
    }
    if (!json) {
        char sb[40];
        printf("GPU LDPC decoders against the C model: %s, kernel %s, %s mode, %s, %d iterations max, early "
               "termination %s\n",
               desc, fg_cli_gpu_kernel_name(g.kernel), fl ? "float" : "fixed",
               flooding ? "flooding" : sched_text(&gc[0], codes[0]->mb, sb, sizeof sb), iter, no_et ? "off" : "on");
        printf("%lld frames per point, seed %lld, NS %d NCW %d NMCW %d, %d CPU thread%s\n\n", frames, seed, g.streams,
               g.ncw, g.nmcw, threads, threads > 1 ? "s" : "");
        if (fl)
            printf("%-20s %7s %10s %9s %9s %8s %9s %9s %10s %8s %s\n", "code", "Eb/N0", "frames", "fe_cpu", "fe_gpu",
                   "avg_iter", "hard_diff", "iter_diff", "max_app_d", "time_s", "result");
        else
            printf("%-20s %7s %10s %9s %9s %8s %10s %8s %s\n", "code", "Eb/N0", "frames", "fe_cpu", "fe_gpu",
                   "avg_iter", "mismatch", "time_s", "result");
        fflush(stdout);
    }
    const double t0 = now_s();
    for (int i = 0; i < n_codes && fm.m.frame < 0; i++) {
        const fg_ldpc_code *cd = codes[i];
        const int T = threads < batch[i] ? threads : batch[i];
        if ((rc = workers_init(w, T, cd, &gc[i])) != 0) {
            workers_free(w, T);
            goto out;
        }
        int e = fg_gpu_ldpc_create(cd, &gc[i], &gd);
        if (e || gbuf_alloc(&b, batch[i], cd->n, !fl)) {
            rc = e ? fg_cli_fail(CMD, "GPU decoder for %s: %s", cd->name, fg_last_error())
                   : fg_cli_fail(CMD, "out of memory for a batch of %d frames of %s", batch[i], cd->name);
            workers_free(w, T);
            goto out;
        }
        for (int j = 0; j < n_ebn0 && fm.m.frame < 0; j++) {
            point *p = &pts[(size_t)i * (size_t)n_ebn0 + (size_t)j];
            if ((rc = run_point(gd, w, T, &b, (uint64_t)seed, frames, ebn0[j], p, &fm)) != 0)
                break;
            if (!json) {
                const double fr = p->frames > 0 ? (double)p->frames : 1.0;
                if (fl)
                    printf("%-20s %7.3f %10lld %9lld %9lld %8.3f %9lld %9lld %10.3g %8.2f %s\n", cd->name, p->ebn0,
                           p->frames, p->fe, p->gfe, (double)p->iters / fr, p->hard_diff, p->iter_diff,
                           p->max_app_diff, p->seconds, p->ok ? "ok" : "FER OUT OF BAND");
                else
                    printf("%-20s %7.3f %10lld %9lld %9lld %8.3f %10lld %8.2f %s\n", cd->name, p->ebn0, p->frames,
                           p->fe, p->gfe, (double)p->iters / fr, p->mism, p->seconds, p->ok ? "equal" : "MISMATCH");
                fflush(stdout);
            }
        }
        fg_gpu_ldpc_destroy(gd);
        gd = NULL;
        gbuf_free(&b);
        workers_free(w, T);
        if (rc)
            goto out;
        done_codes = i + 1;
    }
    const double elapsed = now_s() - t0;
    /* totals and verdict */
    long long tf = 0, tfe = 0, tgfe = 0, tm = 0, tit = 0, thd = 0, tid = 0;
    int all_ok = 1;
    const int n_shown = done_codes;
    for (int i = 0; i < n_shown; i++)
        for (int j = 0; j < n_ebn0; j++) {
            const point *p = &pts[(size_t)i * (size_t)n_ebn0 + (size_t)j];
            if (!p->frames)
                continue;
            tf += p->frames;
            tfe += p->fe;
            tgfe += p->gfe;
            tm += p->mism;
            tit += p->iters;
            thd += p->hard_diff;
            tid += p->iter_diff;
            all_ok &= p->ok;
        }
    if (fm.m.frame >= 0) {
        all_ok = 0;
        if (fm.m.bit >= 0)
            fprintf(stderr,
                    "fecforge %s: MISMATCH %s, Eb/N0 %g dB, frame %lld, bit %d: %s C model %.0f, GPU %.0f%s\n", CMD,
                    fm.code, fm.ebn0, fm.m.frame, fm.m.bit, fm.m.what, fm.m.cpu, fm.m.gpu,
                    !strcmp(fm.m.what, "channel LLR") ? " (channel mismatch)" : "");
        else
            fprintf(stderr, "fecforge %s: MISMATCH %s, Eb/N0 %g dB, frame %lld: %s C model %.0f, GPU %.0f\n", CMD,
                    fm.code, fm.ebn0, fm.m.frame, fm.m.what, fm.m.cpu, fm.m.gpu);
    }
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, seed);
        fg_json_str(&j, "command", "verify ldpc --device gpu");
        fg_json_obj_open(&j, "device");
        fg_json_int(&j, "index", g.device);
        fg_json_str(&j, "description", desc);
        fg_json_obj_close(&j);
        fg_json_str(&j, "kernel", fg_cli_gpu_kernel_name(g.kernel));
        fg_json_str(&j, "mode", fl ? "float" : "fixed");
        fg_json_obj_open(&j, "decoder");
        fg_json_str(&j, "schedule", flooding ? "flooding" : K == 1 ? "layered" : "multilayer");
        if (!flooding)
            fg_json_int(&j, "layers", K);
        fg_json_str(&j, "alg", "nms");
        fg_json_num(&j, "nms_factor", 0.75);
        fg_json_int(&j, "max_iter", iter);
        fg_json_bool(&j, "early_term", !no_et);
        if (!fl) {
            fg_json_int(&j, "llr_width", g.fx.llr_width);
            fg_json_int(&j, "llr_frac", g.fx.llr_frac);
            fg_json_int(&j, "r_width", g.fx.r_width);
            fg_json_int(&j, "app_width", g.fx.app_width);
            fg_json_int(&j, "in_shift", g.fx.in_shift);
            fg_json_bool(&j, "scale_round", g.fx.scale_round);
            fg_json_bool(&j, "r_sat_late", g.fx.r_sat_late);
            fg_json_bool(&j, "app_keep", g.fx.app_keep);
        }
        fg_json_obj_close(&j);
        fg_json_int(&j, "seed", seed);
        fg_json_int(&j, "frames_per_point", frames);
        fg_json_int(&j, "ns", g.streams);
        fg_json_int(&j, "ncw", g.ncw);
        fg_json_int(&j, "nmcw", g.nmcw);
        fg_json_int(&j, "threads", threads);
        fg_json_arr_open(&j, "codes");
        for (int i = 0; i < n_shown; i++) {
            fg_json_obj_open(&j, NULL);
            fg_json_str(&j, "name", codes[i]->name);
            fg_json_int(&j, "n", codes[i]->n);
            fg_json_int(&j, "k", codes[i]->k);
            fg_json_int(&j, "z", codes[i]->z);
            fg_json_int(&j, "layers", gc[i].fx.layers);
            fg_json_int(&j, "batch", batch[i]);
            fg_json_arr_open(&j, "points");
            for (int jj = 0; jj < n_ebn0; jj++) {
                const point *p = &pts[(size_t)i * (size_t)n_ebn0 + (size_t)jj];
                if (!p->frames)
                    continue;
                fg_json_obj_open(&j, NULL);
                fg_json_num(&j, "ebn0", p->ebn0);
                fg_json_num(&j, "sigma", p->sigma);
                fg_json_int(&j, "frames", p->frames);
                fg_json_int(&j, "frame_errors", p->fe);
                fg_json_int(&j, "gpu_frame_errors", p->gfe);
                fg_json_int(&j, "bit_errors", p->be);
                fg_json_int(&j, "gpu_bit_errors", p->gbe);
                fg_json_int(&j, "iterations", p->iters);
                fg_json_int(&j, "gpu_iterations", p->giters);
                if (fl) {
                    fg_json_int(&j, "hard_diff_frames", p->hard_diff);
                    fg_json_int(&j, "iter_diff_frames", p->iter_diff);
                    fg_json_num(&j, "max_app_diff", isfinite(p->max_app_diff) ? p->max_app_diff : -1.0);
                    fg_json_num(&j, "max_llr_diff", p->max_llr_diff);
                    fg_json_num(&j, "fe_band", p->band);
                } else
                    fg_json_int(&j, "mismatches", p->mism);
                fg_json_bool(&j, "ok", p->ok);
                fg_json_num(&j, "seconds", p->seconds);
                fg_json_obj_close(&j);
            }
            fg_json_arr_close(&j);
            fg_json_obj_close(&j);
        }
        fg_json_arr_close(&j);
        fg_json_obj_open(&j, "totals");
        fg_json_int(&j, "frames", tf);
        fg_json_int(&j, "frame_errors", tfe);
        fg_json_int(&j, "gpu_frame_errors", tgfe);
        fg_json_int(&j, "iterations", tit);
        if (fl) {
            fg_json_int(&j, "hard_diff_frames", thd);
            fg_json_int(&j, "iter_diff_frames", tid);
        } else
            fg_json_int(&j, "mismatches", tm);
        fg_json_num(&j, "seconds", elapsed);
        fg_json_obj_close(&j);
        if (fm.m.frame >= 0) {
            fg_json_obj_open(&j, "first_mismatch");
            fg_json_str(&j, "code", fm.code);
            fg_json_num(&j, "ebn0", fm.ebn0);
            fg_json_int(&j, "frame", fm.m.frame);
            fg_json_int(&j, "bit", fm.m.bit);
            fg_json_str(&j, "what", fm.m.what);
            fg_json_num(&j, "cmodel", fm.m.cpu);
            fg_json_num(&j, "gpu", fm.m.gpu);
            fg_json_obj_close(&j);
        }
        fg_json_str(&j, "result", all_ok ? "match" : "mismatch");
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else
        printf("\n%s: %lld frames, %s (%.1f s)\n", all_ok ? "PASS" : "FAIL", tf,
               all_ok ? (fl ? "frame errors within the band" : "GPU equal to the C model")
                      : (fl ? "frame errors out of the band" : "mismatch"),
               elapsed);
    rc = all_ok ? FG_EXIT_OK : FG_EXIT_FAIL;
out:
    fg_gpu_ldpc_destroy(gd);
    gbuf_free(&b);
    for (int i = 0; i < n_codes; i++)
        fg_ldpc_code_destroy(codes[i]);
    free(codes);
    free(w);
    free(pts);
    free(batch);
    free(gc);
    return rc;
}
