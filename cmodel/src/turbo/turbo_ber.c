/* Turbo FER/BER simulation (fecforge/turbo_ber.h): the frame of the turbo chain (bits, encoder,
 * channel, float or fixed decoder, comparison) on the frame-ordered batch engine of
 * core/ber_engine.h. */
#include "fecforge/turbo_ber.h"

#include "core/ber_engine.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

fg_turbo_ber_cfg fg_turbo_ber_cfg_default(void)
{
    fg_turbo_ber_cfg c;
    memset(&c, 0, sizeof c);
    c.fixed = 0;
    c.dec = fg_turbo_dec_cfg_default();
    c.fx = fg_turbo_fixed_cfg_default();
    c.seed = 1;
    c.min_fe = 100;
    c.max_frames = 1000000;
    c.threads = 1;
    return c;
}

typedef struct {
    fg_std std;
    int K;
    const fg_turbo_ber_cfg *cfg;
    double sigma;
} run_ctx;

typedef struct {
    const run_ctx *rc;
    fg_turbo_dec *dec;
    fg_turbo_fixed *fx;
    uint8_t *bits_K, *cw_N, *hard_K;
    double *y_N;
} worker;

static void worker_free(void *arg)
{
    worker *w = arg;
    if (!w)
        return;
    fg_turbo_dec_destroy(w->dec);
    fg_turbo_fixed_destroy(w->fx);
    free(w->bits_K);
    free(w->cw_N);
    free(w->hard_K);
    free(w->y_N);
    free(w);
}

static int worker_init(void *ctx, void **out)
{
    const run_ctx *r = ctx;
    worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "turbo ber: out of memory for a worker");
    w->rc = r;
    const size_t K = (size_t)r->K, N = 3 * K + FG_TURBO_TAIL;
    w->bits_K = malloc(K);
    w->cw_N = malloc(N);
    w->hard_K = malloc(K);
    w->y_N = malloc(N * sizeof *w->y_N);
    if (!w->bits_K || !w->cw_N || !w->hard_K || !w->y_N)
        return fg_set_error(FG_ENOMEM, "turbo ber: out of memory for the frame buffers (K=%d)", r->K);
    return r->cfg->fixed ? fg_turbo_fixed_create(r->std, r->K, &r->cfg->fx, &w->fx)
                         : fg_turbo_dec_create(r->std, r->K, &r->cfg->dec, &w->dec);
}

static int simulate_frame(void *arg, long long f, fg_ber_frame *r)
{
    worker *w = arg;
    const run_ctx *c = w->rc;
    const int K = c->K, N = 3 * K + FG_TURBO_TAIL;
    const uint64_t seed = c->cfg->seed, stream = (uint64_t)f;
    fg_turbo_result res;
    int rc;
    if ((rc = fg_channel_random_bits(K, seed, stream, w->bits_K)) ||
        (rc = fg_turbo_encode(c->std, K, w->bits_K, w->cw_N)) ||
        (rc = fg_channel_bpsk_awgn(w->cw_N, N, c->sigma, seed, stream, w->y_N)) ||
        (rc = fg_channel_llr(w->y_N, N, c->sigma, w->y_N)))
        return rc;
    rc = c->cfg->fixed ? fg_turbo_fixed_decode_llr(w->fx, w->y_N, w->hard_K, &res)
                       : fg_turbo_dec_run(w->dec, w->y_N, w->hard_K, NULL, &res);
    if (rc)
        return rc;
    int be = 0;
    for (int k = 0; k < K; k++)
        be += w->hard_K[k] != w->bits_K[k];
    r->bit_errors = be;
    r->iterations = (int16_t)res.half_iters;
    r->frame_error = (int8_t)(be > 0);
    return 0;
}

static fg_turbo_ber_point point_of(const fg_ber_counts *c, double ebn0_db, double rate, double sigma, int K)
{
    fg_turbo_ber_point p;
    memset(&p, 0, sizeof p);
    p.ebn0_db = ebn0_db;
    p.rate = rate;
    p.sigma = sigma;
    p.frames = c->frames;
    p.frame_errors = c->frame_errors;
    p.bit_errors = c->bit_errors;
    p.iterations = c->iterations;
    p.stop = c->stopped_min_fe ? FG_TURBO_BER_STOP_MIN_FE : FG_TURBO_BER_STOP_MAX_FRAMES;
    fg_ber_rates(c, K, 2.0, &p.fer, &p.ber, &p.avg_iter);
    p.seconds = c->seconds;
    return p;
}

typedef struct {
    const fg_turbo_ber_cfg *cfg;
    double ebn0_db, rate, sigma;
    int K;
} progress_ctx;

static void on_progress(void *arg, const fg_ber_counts *c)
{
    const progress_ctx *pc = arg;
    const fg_turbo_ber_point p = point_of(c, pc->ebn0_db, pc->rate, pc->sigma, pc->K);
    pc->cfg->progress(pc->cfg->progress_ctx, &p);
}

static int check_cfg(fg_std std, int K, const fg_turbo_ber_cfg *cfg, const fg_turbo_ber_point *out)
{
    if (!cfg || !out)
        return fg_set_error(FG_EINVAL, "fg_turbo_ber_run: NULL %s", !cfg ? "cfg" : "out");
    int rc = fg_interleaver_check_k(std, K);
    if (rc)
        return rc;
    if (cfg->fixed != 0 && cfg->fixed != 1)
        return fg_set_error(FG_EINVAL, "fixed=%d out of range [0, 1]", cfg->fixed);
    if (cfg->fixed && cfg->fx.observer)
        return fg_set_error(FG_EINVAL, "fx.observer must be NULL in a BER run (frames are decoded by several threads)");
    if ((rc = fg_ber_check_run(cfg->min_fe, cfg->max_frames, cfg->threads, FG_TURBO_BER_FRAMES_MAX,
                               FG_TURBO_BER_THREADS_MAX)))
        return rc;
    const int half = cfg->fixed ? cfg->fx.half_iters : cfg->dec.half_iters;
    if (half < 1 || half > FG_TURBO_HALF_ITERS_MAX) /* kept in 16 bits per frame */
        return fg_set_error(FG_EINVAL, "half_iters=%d out of range [1, %d]", half, FG_TURBO_HALF_ITERS_MAX);
    return 0;
}

int fg_turbo_ber_run(fg_std std, int K, const fg_turbo_ber_cfg *cfg, double ebn0_db, fg_turbo_ber_point *out)
{
    int rc = check_cfg(std, K, cfg, out);
    if (rc)
        return rc;
    const double rate = (double)K / (double)(3 * K + FG_TURBO_TAIL);
    double sigma;
    if ((rc = fg_channel_sigma(ebn0_db, rate, &sigma)))
        return rc;
    run_ctx ctx = {std, K, cfg, sigma};
    progress_ctx pc = {cfg, ebn0_db, rate, sigma, K};
    fg_ber_engine e = {cfg->threads, cfg->min_fe, cfg->max_frames, "turbo ber", &ctx, worker_init, worker_free,
                       simulate_frame, cfg->progress ? on_progress : NULL, &pc};
    fg_ber_counts c;
    if ((rc = fg_ber_engine_run(&e, &c)))
        return rc;
    *out = point_of(&c, ebn0_db, rate, sigma, K);
    return 0;
}

int fg_turbo_ber_ebn0_at(const fg_turbo_ber_point *points_n, int n, double fer_target, double *ebn0_db)
{
    return fg_ber_points_ebn0_at("fg_turbo_ber_ebn0_at", points_n, sizeof *points_n, offsetof(fg_turbo_ber_point, ebn0_db), offsetof(fg_turbo_ber_point, fer), n,
                                 fer_target, ebn0_db);
}
