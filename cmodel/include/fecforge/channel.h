/* BPSK over AWGN, channel LLRs and their quantisation (docs/arithmetic.md).
 * BPSK maps bit 0 -> +1, bit 1 -> -1; y = x + sigma * n with n standard Gaussian;
 * LLR = log(P(bit=0 | y) / P(bit=1 | y)) = 2 y / sigma^2, positive means 0.
 * Noise of frame f comes from Philox stream f (fecforge/rng.h), Gaussian i of the stream
 * (pair i/2 = block i/2 of sub-stream FG_RNG_SUB_NOISE), so a frame's samples do not depend on
 * which thread computes it, nor on the order of frames, and a shorter frame is a prefix of a
 * longer one. */
#ifndef FECFORGE_CHANNEL_H
#define FECFORGE_CHANNEL_H

#include <stddef.h>
#include <stdint.h>

#include "fecforge/options.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_LLR_WIDTH_MIN = 2, FG_LLR_WIDTH_MAX = 16 };

/* sigma = sqrt(1 / (2 R 10^(EbN0/10))) for unit-energy BPSK symbols carrying R information
 * bits each. ebn0_db finite in [-50, 100], rate in (0, 1]. */
int fg_channel_sigma(double ebn0_db, double rate, double *sigma);

/* x_N[i] = +1 for bits_N[i] = 0, -1 for 1. Every bit must be 0 or 1. */
int fg_channel_bpsk(const uint8_t *bits_N, int N, double *x_N);

/* y_N = BPSK(bits_N) + sigma * noise, noise from (seed, stream). sigma finite, >= 0.
 * y_N must not overlap bits_N. */
int fg_channel_bpsk_awgn(const uint8_t *bits_N, int N, double sigma, uint64_t seed, uint64_t stream,
                         double *y_N);

/* N equiprobable information bits of frame `stream`, from sub-stream FG_RNG_SUB_BITS (so they are
 * independent of that frame's noise): bit i is bit (i % 32) of word i / 32. */
int fg_channel_random_bits(int N, uint64_t seed, uint64_t stream, uint8_t *bits_N);

/* llr_N[i] = 2 y_N[i] / sigma^2. sigma finite, > 0. llr_N may equal y_N. */
int fg_channel_llr(const double *y_N, int N, double sigma, double *llr_N);

/* q_N[i] = fg_fx_quantize(llr_N[i], width, frac): round(llr * 2^frac), halves away from zero,
 * saturated to +-(2^(width-1)-1). width in [2, 16], frac in [0, width-1]; a NaN LLR is an error. */
int fg_llr_quantize(const double *llr_N, int N, int width, int frac, int32_t *q_N);

/* ---- the channel registry (docs/channels.md) ----
 * A channel owns its parameters (options as data, fecforge/options.h), which of them is the sweep axis
 * (its name is the option and the JSON key: "ebn0", "p"), the parameters at a point of the axis, the
 * channel half of a frame (the n sent bits of frame f through the channel, from Philox stream f), the
 * kind of symbols it gives and the received length of each frame. The decoder families name their
 * channel (fecforge/family.h); every verb and file format carries what it gives. */

enum { FG_CHANNEL_PARAMS_MAX = 4, FG_CHANNEL_MAX = 16 };

/* What a channel gives: real LLRs (quantised for the bit-accurate decoders), or received bits. */
typedef enum { FG_RX_LLR = 0, FG_RX_BITS = 1 } fg_rx_kind;

/* A frame's channel half: what the receiver got. The buffers are n_rx_max long (fecforge/family.h
 * allocates them for an instance). */
typedef struct fg_frame {
    uint8_t *ref;   /* dec_len bits: what a correct decoder decides (the family's half) */
    uint8_t *sent;  /* n bits: what was sent (the family's half) */
    double *llr;    /* channel LLRs, log P(0)/P(1) (channels with LLRs: every FG_RX_LLR one, and the BSC) */
    int32_t *llr_q; /* the same quantised (q_width, q_frac), when the instance has a fixed format */
    uint8_t *rx;    /* received bits 0/1 (FG_RX_BITS channels) */
    int n_rx;       /* symbols received */
} fg_frame;

struct fg_channel;
/* A point of a channel: the axis value and the parameters there (channel->param_keys names them). */
typedef struct {
    const struct fg_channel *channel;
    double x;    /* the point on the axis */
    double rate; /* information bits per channel symbol of the code (Eb/N0 needs it) */
    double v[FG_CHANNEL_PARAMS_MAX];
} fg_channel_point;

typedef struct fg_channel {
    const char *name;    /* "bpsk-awgn", also the word of frame files and JSON */
    const char *summary; /* one line */
    /* the sweep axis: an option of the verbs that sweep or take one point */
    const char *axis;        /* "ebn0" */
    const char *axis_label;  /* in tables and messages: "Eb/N0" */
    const char *axis_unit;   /* "dB", or "" */
    const char *axis_plot;   /* gnuplot's label: "E_b/N_0 [dB]" */
    const char *axis_format; /* printf format of a value in tables and messages: "%.3f" */
    double lo, hi;           /* the axis's range */
    unsigned axis_flags;     /* FG_OPT_LO_OPEN / FG_OPT_HI_OPEN */
    const char *axis_point;  /* the default single point (bench, frames, vectors): "2" */
    const char *axis_points; /* the default list of verify --impl: "1,2,3" */
    int axis_log;            /* 1: plotted on a log scale */
    int fer_rises;           /* 1: FER grows with the axis (a probability); 0: falls (Eb/N0) */
    /* the parameters at a point, as JSON keys ("sigma"; "p"; "pi", "pd", "ps"), NULL-ended */
    const char *param_keys[FG_CHANNEL_PARAMS_MAX + 1];
    fg_rx_kind rx;
    int with_llr;        /* FG_RX_BITS: 1 when it also gives each received bit's LLR (llr, llr_q) */
    int variable_length; /* 1: the received length varies from frame to frame */
    /* its options besides the axis, over a struct of cfg_size bytes (NULL, 0: none) */
    const fg_opt *opts;
    size_t cfg_size;
    void (*cfg_default)(void *cfg);
    /* Checks across its options (given tells which were given): FG_EINVAL naming them. May be NULL. */
    int (*check)(const void *cfg, const fg_opts *given);
    /* Most symbols received for n sent (NULL: n). */
    int (*n_rx_max)(const void *cfg, int n);
    /* The parameters at axis value x for a code of the rate: FG_EINVAL naming the option when they leave
     * their range there. */
    int (*point)(const void *cfg, double x, double rate, fg_channel_point *pt);
    /* Frame f's channel half: the n sent bits through the channel at pt, from Philox stream f of seed,
     * into fr (llr, llr_q when q_width > 0, rx, n_rx <= n_rx_max). */
    int (*transmit)(const fg_channel_point *pt, const uint8_t *sent_n, int n, int n_rx_max, uint64_t seed,
                    long long f, int q_width, int q_frac, fg_frame *fr);
} fg_channel;

/* The library's channels: BPSK over AWGN (Eb/N0), the BSC of its hard decisions (Eb/N0; the crossover
 * probability p = Q(sqrt(2 R Eb/N0))), and the binary substitution/insertion/deletion channel (p). */
extern const fg_channel fg_channel_awgn, fg_channel_bsc, fg_channel_bsid;

int fg_channel_count(void);
const fg_channel *fg_channel_at(int i);
const fg_channel *fg_channel_find(const char *name);
/* Add a channel (a program's own). FG_EINVAL for a duplicate name or a channel without name, axis,
 * point or transmit. */
int fg_channel_register(const fg_channel *ch);

/* pt at x for channel ch with options cfg: the axis range checked, then ch->point. */
int fg_channel_point_at(const fg_channel *ch, const void *cfg, double x, double rate, fg_channel_point *pt);
/* The parameter of pt named key (one of its channel's param_keys); NaN if it has none such. */
double fg_channel_param(const fg_channel_point *pt, const char *key);

#ifdef __cplusplus
}
#endif
#endif
