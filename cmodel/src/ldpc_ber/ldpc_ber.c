/* LDPC FER/BER simulation (fecforge/ldpc_ber.h): the frame of the LDPC chain (bits, encoder, channel,
 * decoder, comparison) on the frame-ordered batch engine of core/ber_engine.h, so the stop rule and
 * every count are independent of the thread count. */
#include "fecforge/ldpc_ber.h"

#include "core/ber_engine.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

fg_ldpc_ber_cfg fg_ldpc_ber_cfg_default(void)
{
    fg_ldpc_ber_cfg c;
    memset(&c, 0, sizeof c);
    c.fixed = 0;
    c.dec = fg_ldpc_dec_cfg_default();
    c.fx = fg_ldpc_fixed_cfg_default();
    c.seed = 1;
    c.min_fe = 100;
    c.max_frames = 1000000;
    c.threads = 1;
    return c;
}

typedef struct {
    const fg_ldpc_code *code;
    const fg_ldpc_ber_cfg *cfg;
    double sigma;
} run_ctx;

typedef struct {
    const run_ctx *rc;
    fg_ldpc_dec *dec;
    fg_ldpc_fixed *fx;
    uint8_t *bits_k, *cw_n, *hard_n;
    double *y_n;
    int32_t *q_n;
} worker;

static void worker_free(void *arg)
{
    worker *w = arg;
    if (!w)
        return;
    fg_ldpc_dec_destroy(w->dec);
    fg_ldpc_fixed_destroy(w->fx);
    free(w->bits_k);
    free(w->cw_n);
    free(w->hard_n);
    free(w->y_n);
    free(w->q_n);
    free(w);
}

static int worker_init(void *ctx, void **out)
{
    const run_ctx *r = ctx;
    const fg_ldpc_code *code = r->code;
    const fg_ldpc_ber_cfg *cfg = r->cfg;
    worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "ldpc ber: out of memory for a worker");
    w->rc = r;
    const size_t n = (size_t)code->n;
    w->bits_k = malloc((size_t)code->k);
    w->cw_n = malloc(n);
    w->hard_n = malloc(n);
    w->y_n = malloc(n * sizeof *w->y_n);
    w->q_n = cfg->fixed ? malloc(n * sizeof *w->q_n) : NULL;
    if (!w->bits_k || !w->cw_n || !w->hard_n || !w->y_n || (cfg->fixed && !w->q_n))
        return fg_set_error(FG_ENOMEM, "ldpc ber: out of memory for the frame buffers (n=%d)", code->n);
    return cfg->fixed ? fg_ldpc_fixed_create(code, &cfg->fx, &w->fx) : fg_ldpc_dec_create(code, &cfg->dec, &w->dec);
}

/* Frame f: bits, codeword, channel, decoder, comparison. */
static int simulate_frame(void *arg, long long f, fg_ber_frame *r)
{
    worker *w = arg;
    const fg_ldpc_code *c = w->rc->code;
    const fg_ldpc_ber_cfg *cfg = w->rc->cfg;
    const double sigma = w->rc->sigma;
    const uint64_t stream = (uint64_t)f;
    int it = 0, rc;
    if ((rc = fg_channel_random_bits(c->k, cfg->seed, stream, w->bits_k)) ||
        (rc = fg_ldpc_encode(c, w->bits_k, w->cw_n)) ||
        (rc = fg_channel_bpsk_awgn(w->cw_n, c->n, sigma, cfg->seed, stream, w->y_n)) ||
        (rc = fg_channel_llr(w->y_n, c->n, sigma, w->y_n)))
        return rc;
    if (cfg->fixed) {
        if ((rc = fg_llr_quantize(w->y_n, c->n, cfg->fx.llr_width, cfg->fx.llr_frac, w->q_n)) ||
            (rc = fg_ldpc_fixed_decode(w->fx, w->q_n, w->hard_n, NULL, &it)))
            return rc;
    } else if ((rc = fg_ldpc_dec_decode(w->dec, w->y_n, w->hard_n, NULL, &it)))
        return rc;
    int be = 0, fe = 0;
    for (int i = 0; i < c->k; i++)
        be += w->hard_n[i] != w->cw_n[i];
    fe = be > 0;
    for (int i = c->k; i < c->n && !fe; i++)
        fe = w->hard_n[i] != w->cw_n[i];
    r->bit_errors = be;
    r->iterations = (int16_t)it;
    r->frame_error = (int8_t)fe;
    return 0;
}

/* The point of the counts so far. */
static fg_ldpc_ber_point point_of(const fg_ber_counts *c, double ebn0_db, double rate, double sigma, int k)
{
    fg_ldpc_ber_point p;
    memset(&p, 0, sizeof p);
    p.ebn0_db = ebn0_db;
    p.rate = rate;
    p.sigma = sigma;
    p.frames = c->frames;
    p.frame_errors = c->frame_errors;
    p.bit_errors = c->bit_errors;
    p.iterations = c->iterations;
    p.stop = c->stopped_min_fe ? FG_LDPC_BER_STOP_MIN_FE : FG_LDPC_BER_STOP_MAX_FRAMES;
    fg_ber_rates(c, k, 1.0, &p.fer, &p.ber, &p.avg_iter);
    p.seconds = c->seconds;
    return p;
}

typedef struct {
    const fg_ldpc_ber_cfg *cfg;
    double ebn0_db, rate, sigma;
    int k;
} progress_ctx;

static void on_progress(void *arg, const fg_ber_counts *c)
{
    const progress_ctx *pc = arg;
    const fg_ldpc_ber_point p = point_of(c, pc->ebn0_db, pc->rate, pc->sigma, pc->k);
    pc->cfg->progress(pc->cfg->progress_ctx, &p);
}

static int check_cfg(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *cfg, const fg_ldpc_ber_point *out)
{
    if (!code || !cfg || !out)
        return fg_set_error(FG_EINVAL, "fg_ldpc_ber_run: NULL %s", !code ? "code" : !cfg ? "cfg" : "out");
    if (code->n <= 0 || code->k <= 0 || code->k >= code->n)
        return fg_set_error(FG_EINVAL, "code %s: n=%d, k=%d not a valid code size", code->name, code->n, code->k);
    if (cfg->fixed != 0 && cfg->fixed != 1)
        return fg_set_error(FG_EINVAL, "fixed=%d out of range [0, 1]", cfg->fixed);
    const int rc_run = fg_ber_check_run(cfg->min_fe, cfg->max_frames, cfg->threads, FG_LDPC_BER_FRAMES_MAX,
                                        FG_LDPC_BER_THREADS_MAX);
    if (rc_run)
        return rc_run;
    const int max_iter = cfg->fixed ? cfg->fx.max_iter : cfg->dec.max_iter;
    if (max_iter < 1 || max_iter > 1000) /* iterations are kept in 16 bits per frame */
        return fg_set_error(FG_EINVAL, "max_iter=%d out of range [1, 1000]", max_iter);
    return 0;
}

int fg_ldpc_ber_run(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *cfg, double ebn0_db, fg_ldpc_ber_point *out)
{
    int rc = check_cfg(code, cfg, out);
    if (rc)
        return rc;
    const double rate = (double)code->k / (double)code->n;
    double sigma;
    if ((rc = fg_channel_sigma(ebn0_db, rate, &sigma)))
        return rc;
    run_ctx ctx = {code, cfg, sigma};
    progress_ctx pc = {cfg, ebn0_db, rate, sigma, code->k};
    fg_ber_engine e = {cfg->threads, cfg->min_fe, cfg->max_frames, "ldpc ber", &ctx, worker_init, worker_free,
                       simulate_frame, cfg->progress ? on_progress : NULL, &pc};
    fg_ber_counts c;
    if ((rc = fg_ber_engine_run(&e, &c)))
        return rc;
    *out = point_of(&c, ebn0_db, rate, sigma, code->k);
    return 0;
}

int fg_ldpc_ber_ebn0_at(const fg_ldpc_ber_point *points_n, int n, double fer_target, double *ebn0_db)
{
    return fg_ber_points_ebn0_at("fg_ldpc_ber_ebn0_at", points_n, sizeof *points_n, offsetof(fg_ldpc_ber_point, ebn0_db), offsetof(fg_ldpc_ber_point, fer), n,
                                 fer_target, ebn0_db);
}
