/* The BER/FER engine of every decoder family and implementation (docs/architecture.md "Families"):
 * frames in batches, decoded by workers (CPU threads, or one per GPU) that take frame ranges from a
 * shared counter, per-frame results counted in frame order. A point ends at the first frame (in frame
 * order) at which the frame errors reach min_fe, or after max_frames frames; its counts are exactly
 * those of the frames up to there. Frame f draws everything random from Philox stream f of the seed,
 * so every count is a pure function of (family, configuration, seed, point, min_fe, max_frames),
 * whatever the number of workers and however the frames were split among them. */
#ifndef FECFORGE_BER_H
#define FECFORGE_BER_H

#include <stdint.h>

#include "fecforge/channel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* FG_BER_COUNTERS_MAX: work counters of a frame, the primary one (fg_ber_frame.work) included. */
enum { FG_BER_WORKERS_MAX = 256, FG_BER_COUNTERS_MAX = 8, FG_BER_FER_TARGETS = 6 };
#define FG_BER_FRAMES_MAX (1ll << 40)

/* What one frame contributes (what an implementation's own BER path, fg_family_impl.ber, gives). */
typedef struct {
    int32_t bit_errors;  /* information bits decided wrongly */
    int32_t work;        /* the family's primary work counter: iterations, half-iterations, node visits */
    int8_t frame_error;  /* 1: the frame was not decoded correctly (an erasure counts as one) */
    int8_t erasure;      /* 1: the decoder gave up on the frame (counted, not guessed); its bit_errors are k */
} fg_ber_frame;

/* ... and what else the engine counts of it (0 where a worker leaves it). */
typedef struct {
    int32_t symbol_errors;                    /* q-ary families (fg_ber_engine.info_symbols > 0) */
    int64_t counter[FG_BER_COUNTERS_MAX - 1]; /* the family's further work counters (fg_ber_engine.n_extra) */
} fg_ber_extra;

/* A work counter of a frame (the engine's statistics of it): sums, the largest and percentiles, over every
 * frame counted and over the decoded ones (not erased). Percentiles are nearest-rank (the smallest value v
 * with at least ceil(q N) of the N frames at or below v) on a histogram of exact unit bins below
 * FG_BER_HIST_EXACT and bins of relative width 1/FG_BER_HIST_SUB above (each octave [2^e, 2^(e+1)) in
 * FG_BER_HIST_SUB equal bins): the value reported is the largest value of its bin, at most the maximum,
 * so it is exact below FG_BER_HIST_EXACT and at most 1/128 above the true percentile beyond. Counts,
 * not frame order, make the histogram: it does not depend on the workers or the split. */
enum { FG_BER_HIST_EXACT = 1024, FG_BER_HIST_SUB = 128 };
typedef struct {
    long long sum, sum_erased;       /* over every frame counted; over the erased ones */
    long long max, p50, p99;         /* over every frame counted (0 with no frames) */
    long long max_decoded, p50_decoded, p99_decoded; /* over the decoded frames */
    double avg, avg_decoded;         /* sum / (frames div); over the decoded frames */
} fg_ber_stat;

/* Why a point ended. */
typedef enum { FG_BER_STOP_MIN_FE = 0, FG_BER_STOP_MAX_FRAMES = 1, FG_BER_STOP_INTERRUPTED = 2 } fg_ber_stop;

/* The result of one point (or, in a progress callback, of the frames counted so far). */
typedef struct {
    double x;                 /* the point on the channel's axis (Eb/N0 in dB for AWGN) */
    double rate;              /* information bits per channel symbol of the code */
    double param[FG_CHANNEL_PARAMS_MAX]; /* the channel's parameters at x (AWGN: sigma; its param_keys) */
    long long frames;         /* frames counted (0 .. the stopping frame) */
    long long frame_errors;   /* frames not decoded correctly, erasures included */
    long long erasures;       /* frames the decoder gave up on */
    long long bit_errors;     /* information-bit errors */
    long long work;           /* the work counter, summed over the frames */
    long long work_erased;    /* ... over the erased frames */
    double fer, ber, avg_work; /* frame_errors / frames, bit_errors / (frames k), work / (frames work_div) */
    /* the same over the frames decoded (not erased: an erasure counts its k bits as lost in ber) */
    double ber_decoded, avg_work_decoded;
    double seconds;           /* wall-clock time of the point */
    fg_ber_stop stop;
    int counters;             /* work counters: 1 + fg_ber_engine.n_extra */
    fg_ber_stat stat[FG_BER_COUNTERS_MAX]; /* [0]: work above; [c]: fg_ber_extra.counter[c - 1] */
    long long symbol_errors;  /* q-ary families: information symbols wrong (an erasure: all of them) */
    double ser;               /* symbol_errors / (frames info_symbols); 0 for binary families */
} fg_ber_point;

/* The workers of a run: slot s in [0, workers) gets its own worker (its buffers and decoder, on device
 * s for a GPU implementation). run decodes frames first .. first + count - 1 into res_count and
 * extra_count (zeroed). */
typedef struct {
    int workers;                   /* [1, FG_BER_WORKERS_MAX] */
    long long min_fe, max_frames;  /* [1, FG_BER_FRAMES_MAX] */
    int info_bits;                 /* k, for the BER */
    double work_div;               /* avg_work = work / (frames work_div): 1, or 2 for half-iterations */
    int n_extra;                   /* further work counters per frame, [0, FG_BER_COUNTERS_MAX) */
    double extra_div[FG_BER_COUNTERS_MAX - 1]; /* their divisors (0: 1) */
    int info_symbols;              /* q-ary families: information symbols of a frame, for the SER; 0: none */
    void *ctx;
    int (*worker_create)(void *ctx, int slot, void **worker); /* error code + message */
    void (*worker_destroy)(void *worker);                     /* accepts NULL */
    /* Frames a worker takes at a time (GPU: its batch); NULL: 1 (CPU threads pull frame by frame). */
    int (*worker_chunk)(void *worker);
    int (*run)(void *worker, long long first, int count, fg_ber_frame *res_count, fg_ber_extra *extra_count);
    /* After each round, by the calling thread, with the frame-ordered counts so far (x, rate, param
     * filled in by the caller's own struct if it wants them). Returning non-zero stops the run: the
     * point keeps the frames counted so far and ends FG_BER_STOP_INTERRUPTED. May be NULL. */
    int (*progress)(void *progress_ctx, const fg_ber_point *so_far);
    void *progress_ctx;
} fg_ber_engine;

/* Run one point until its stop rule. out->x, rate and param are left as the caller set them in *out
 * (the engine fills the counts, rates, seconds and stop). FG_EINVAL for bad settings, FG_ENOMEM, or
 * a worker's failure with "frame F: <message>". */
int fg_ber_engine_run(const fg_ber_engine *e, fg_ber_point *out);

/* Counting frames in frame order into a point: the counts, the rates and every work counter's statistics. The
 * engine counts with it; a program counts the frames it decoded outside the engine the same way (bench's timed
 * batches). e gives info_bits, work_div, n_extra, extra_div and info_symbols (its other fields are not used and
 * it must outlive the tally). */
typedef struct fg_ber_tally fg_ber_tally;
int fg_ber_tally_create(const fg_ber_engine *e, fg_ber_tally **out);
void fg_ber_tally_destroy(fg_ber_tally *t); /* accepts NULL */
/* Frame r (and x) counted; FG_EINVAL naming frame f for a work counter below 0 (the frame not counted). */
int fg_ber_tally_add(fg_ber_tally *t, const fg_ber_frame *r, const fg_ber_extra *x, long long f);
long long fg_ber_tally_frame_errors(const fg_ber_tally *t);
/* The frames counted so far as a point: its counts, rates and statistics into out (out's x, rate, param, seconds
 * and stop are the caller's and stay). */
void fg_ber_tally_point(const fg_ber_tally *t, fg_ber_point *out);

/* The point on the axis at which a curve (x_n ascending, fer_n) reaches fer_target, interpolated
 * linearly in log10(FER) between the first two consecutive points that bracket it with a frame error on
 * the lower side: fer[i] >= fer_target >= fer[i+1] > 0 where FER falls along the axis (Eb/N0),
 * 0 < fer[i] <= fer_target <= fer[i+1] where it rises (fer_rises: a probability, fg_channel.fer_rises).
 * FG_EINVAL when not bracketed, fer_target outside (0, 1), or x not ascending. */
int fg_ber_x_at_fer(const fg_ber_point *points_n, int n, double fer_target, int fer_rises, double *x);
/* The FERs at which results report the axis value ("<axis>_at_fer"), and their names ("1e-1"). */
extern const double fg_ber_fer_targets[FG_BER_FER_TARGETS];
extern const char *const fg_ber_fer_target_names[FG_BER_FER_TARGETS];

/* Monotonic wall-clock seconds. */
double fg_ber_now(void);

#ifdef __cplusplus
}
#endif
#endif
