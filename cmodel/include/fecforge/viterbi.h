/* Convolutional codes and Viterbi decoders (docs/viterbi.md): rate-1/n feed-forward codes of constraint
 * length K with puncturing, their encoder, distance spectrum and union bound, and the decoders: the float
 * maximum-likelihood Viterbi decoder (the reference), the bit-accurate fixed-point decoder (the golden model
 * of the RTL and the GPU), and the tiled decoder of Mohammadidoost and Hashemi with serial or parallel
 * traceback.
 *
 * Conventions.
 * - Generators are written in octal; the octal number read as a K-bit word has its most significant bit
 *   (bit K-1) tapping the current input and bit 0 the input K-1 stages back: 171 = 1111001 taps in_t,
 *   in_t-1, in_t-2, in_t-3 and in_t-6. Output b of a stage is the parity of (register & gen[b]), the outputs
 *   in the order the generators are given (DVB-S: 171 then 133; IEEE 802.11: 133 then 171).
 * - The state is the previous K-1 inputs, the newest in the most significant bit: the register of a stage
 *   is r = (u << (K-1)) | s, the next state r >> 1. So the two predecessors of state j are
 *   ((j << 1) | x) mod 2^(K-1), x = 0, 1, and the input of every branch into j is j's top bit.
 * - BPSK maps 0 to +1 and an LLR is log P(0)/P(1) (docs/arithmetic.md); a branch metric is the correlation
 *   sum_b (output_b ? -llr_b : +llr_b) (the paper's eq. 2) and the decoders maximise the path metric.
 * - Ties: in compare-select the branch from the lower predecessor (x = 0) wins; the best state of a stage
 *   is the lowest-numbered of the maxima.
 * - Stream endings: TERMINATED appends K-1 zeros (the encoder ends in state 0, which the decoders know);
 *   TRUNCATED stops after the k information stages (the end state is unknown); TAILBITING starts the encoder
 *   in the state of its last K-1 inputs, so it starts and ends in the same state (no tail, rate exactly k/n
 *   before puncturing).
 * - Puncturing: a period of p stages and per output b a mask of p bits (1: sent). Stage t sends, in order
 *   of b, the outputs with keep[b][t mod p] = 1. The tail stages of a terminated stream are punctured the
 *   same way (the stage index runs on). The decoders put LLR 0 (no information) where an output was
 *   not sent. */
#ifndef FECFORGE_VITERBI_H
#define FECFORGE_VITERBI_H

#include <stddef.h>
#include <stdint.h>

#include "fecforge/options.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_VIT_K_MIN = 3,
    FG_VIT_K_MAX = 15,
    FG_VIT_N_MIN = 2,       /* generators: rate 1/n before puncturing */
    FG_VIT_N_MAX = 8,
    FG_VIT_PERIOD_MAX = 16, /* puncturing period in stages */
    FG_VIT_BITS_MAX = 1 << 20 /* information bits of a frame */
};

typedef enum { FG_VIT_TERMINATED = 0, FG_VIT_TRUNCATED = 1, FG_VIT_TAILBITING = 2 } fg_vit_ending;

typedef struct {
    int K;                      /* constraint length, [3, 15] */
    int n;                      /* generators, [2, 8] */
    uint32_t gen[FG_VIT_N_MAX]; /* gen[b], a K-bit word (octal on the command line) */
    int period;                 /* puncturing period p, [1, 16] (1 with every output kept: none) */
    uint8_t keep[FG_VIT_N_MAX][FG_VIT_PERIOD_MAX]; /* keep[b][t mod p]: output b of stage t is sent */
} fg_vit_code;

/* K = 7, generators 171 and 133 (in that order), no puncturing. */
fg_vit_code fg_vit_code_default(void);

/* FG_EINVAL naming the parameter and its range: K, n, a generator wider than K bits or zero, no generator
 * tapping the current input or the oldest one (the constraint length would be less than K), a catastrophic
 * code (the generators share a polynomial factor: finitely many channel errors could cause infinitely many
 * decoding errors), a puncturing period out of range, a period with no output sent. */
int fg_vit_code_check(const fg_vit_code *c);

/* Parse "171,133" (octal, 2 to 8 generators; K from the given K, not from the digits) into c->gen and c->n,
 * and reset the puncturing to none (parse a pattern after the generators). FG_EINVAL names the bad
 * generator. */
int fg_vit_parse_gen(const char *text, fg_vit_code *c);

/* A punctured code can be catastrophic although its generators are not (a cycle of nonzero states that sends
 * only zeros), or lose every distance: FG_EINVAL naming --punct then (viterbi_spectrum.c's trellis search).
 * fg_vit_parse_punct calls it. */
int fg_vit_punct_check(const fg_vit_code *c);

/* Parse a puncturing pattern into c->period and c->keep: "none"; a standard's pattern by name (docs/viterbi.md
 * "Puncturing"): dvbs-2/3, dvbs-3/4, dvbs-5/6, dvbs-7/8 (EN 300 421, over X = 171 and Y = 133, so the code must
 * be K 7 with --gen 171,133), wifi-2/3, wifi-3/4 (IEEE 802.11, over A = 133 and B = 171: --gen 133,171); or one
 * mask per generator, "10,11" (equal lengths of 1 to 16 digits 0/1). c->K, c->n and c->gen must be set. */
int fg_vit_parse_punct(const char *text, fg_vit_code *c);
/* The pattern back as text ("none", or the masks "10,11"). */
void fg_vit_print_punct(const fg_vit_code *c, char *buf, size_t size);

/* ---- the trellis ---- */

static inline int fg_vit_states(const fg_vit_code *c) { return 1 << (c->K - 1); }
static inline int fg_vit_next(const fg_vit_code *c, int s, int u) { return (s >> 1) | (u << (c->K - 2)); }
/* The outputs of the branch from state s with input u: bit b = output b. */
static inline uint32_t fg_vit_out(const fg_vit_code *c, int s, int u)
{
    const uint32_t r = ((uint32_t)u << (c->K - 1)) | (uint32_t)s;
    uint32_t o = 0;
    for (int b = 0; b < c->n; b++) {
        uint32_t x = r & c->gen[b];
        x ^= x >> 16;
        x ^= x >> 8;
        x ^= x >> 4;
        x ^= x >> 2;
        x ^= x >> 1;
        o |= (x & 1u) << b;
    }
    return o;
}
/* Whether output b of stage t is sent. */
static inline int fg_vit_sent(const fg_vit_code *c, int t, int b) { return c->keep[b][t % c->period]; }

/* Trellis stages of a frame of k information bits: k + K - 1 terminated, else k. */
int fg_vit_stages(const fg_vit_code *c, fg_vit_ending e, int k);
/* Symbols sent for a frame of k bits (after puncturing). */
int fg_vit_sent_len(const fg_vit_code *c, fg_vit_ending e, int k);

/* ---- encoding ---- */

/* out (fg_vit_sent_len symbols, 0/1) = the punctured codeword of bits_k; FG_EINVAL for k out of
 * [1, FG_VIT_BITS_MAX] (tail-biting: k >= K - 1) or a bad code. */
int fg_vit_encode(const fg_vit_code *c, fg_vit_ending e, int k, const uint8_t *bits_k, uint8_t *out);

/* The received symbols (fg_vit_sent_len of them) into the full trellis: llr_sn (stages x n, stage-major),
 * 0 where an output was not sent. The same for quantised values. */
int fg_vit_depuncture(const fg_vit_code *c, fg_vit_ending e, int k, const double *rx, double *llr_sn);
int fg_vit_depuncture_q(const fg_vit_code *c, fg_vit_ending e, int k, const int32_t *rx, int32_t *q_sn);

/* ---- distance spectrum and union bound (viterbi_spectrum.c) ---- */

enum { FG_VIT_SPECTRUM_MAX = 64 };
typedef struct {
    int dfree;                        /* free distance */
    int terms;                        /* weights dfree .. dfree + terms - 1 below */
    double a[FG_VIT_SPECTRUM_MAX];    /* a[i]: error events of weight dfree + i starting at a given stage
                                         (punctured codes: averaged over the p starting phases) */
    double c[FG_VIT_SPECTRUM_MAX];    /* c[i]: their information-bit errors, summed (punctured codes: averaged
                                         over the phases, i.e. per information bit) */
} fg_vit_spectrum;

/* The first `terms` (1 .. FG_VIT_SPECTRUM_MAX) terms of the spectrum of c (punctured: over the trellis of
 * (state, stage mod p)). Error events leave the zero path and return to it for the first time. */
int fg_vit_spectrum_of(const fg_vit_code *c, int terms, fg_vit_spectrum *out);

/* The soft-decision union bound on the bit error rate of maximum-likelihood decoding over BPSK/AWGN at
 * ebn0_db, from the spectrum's terms: sum_d c_d Q(sqrt(2 d R Eb/N0)), where R = p / (the ones of the masks over
 * the period p), the rate after puncturing (one information bit per stage). At low Eb/N0 it needs many terms to
 * converge (K = 7, rate 1/2 at 3 dB: 5.1e-4 with weights 10 to 18, 7.5e-4 with 20 terms). */
double fg_vit_union_bound(const fg_vit_code *c, const fg_vit_spectrum *s, double ebn0_db);

/* ---- decoders (viterbi_dec.c) ---- */

typedef enum { FG_VIT_NORM_MODULO = 0, FG_VIT_NORM_SUBTRACT = 1 } fg_vit_norm;

typedef struct {
    fg_vit_ending ending;  /* default TERMINATED */
    /* Tiling (the paper's frames; f = 0: none, one Viterbi pass over the whole stream, maximum likelihood).
     * Tile i decodes stages [i f, (i + 1) f) and runs the stages [i f - v1, (i + 1) f + v2) clipped to the
     * stream, starting with equal metrics (the first tile: from the known start state, when there is one);
     * its traceback starts at the tile's best end state (the known end state when the tile reaches the end of
     * a terminated stream). */
    int f, v1, v2;         /* f in [0, 2^20]; v1, v2 in [0, 2^16] */
    int f0;                /* parallel traceback: subframes of f0 stages (f0 in [1, f]), each traced back from the
                              best state of the stage v2 after its end (recorded in the forward pass); 0: one
                              traceback per tile */
    /* the fixed-point decoder (fg_vit_fixed_*): */
    int w_llr, f_llr;      /* channel LLRs: w_llr bits [2, 16], f_llr fractional bits [0, w_llr - 1]; default
                              5, 1 */
    int w_pm;              /* path metrics: bits [fg_vit_pm_min_width, 31]; default 0: that minimum */
    fg_vit_norm norm;      /* default MODULO: two's-complement wrap, compared by the wrapped difference;
                              SUBTRACT: every stage, the best metric of the stage being extended is subtracted
                              from the new metrics (saturating), so they stay at most n x qmax */
} fg_vit_dec_cfg;

fg_vit_dec_cfg fg_vit_dec_cfg_default(void);

/* The narrowest path metric width for the code and channel width: 1 + ceil(log2(spread + 1)) bits, where
 * spread = K x 2 x n x (2^(w_llr-1) - 1) bounds the difference of any two values a stage compares (two states'
 * metrics differ by at most K - 1 stages' worth of branch-metric range, 2 n qmax each, since any state reaches
 * any other in K - 1 stages; a candidate adds one more). MODULO: every compared difference then lies inside
 * the half range, so the wrapped comparison is the exact one; SUBTRACT: every metric and candidate, relative
 * to the previous stage's best, fits without saturating. */
int fg_vit_pm_min_width(const fg_vit_code *c, int w_llr);

typedef struct fg_vit_dec fg_vit_dec;

/* A decoder of frames of k information bits; FG_EINVAL naming the parameter and its range (tiling with a
 * tail-biting stream is refused: its tiles would need the wrap-around). */
int fg_vit_dec_create(const fg_vit_code *c, int k, const fg_vit_dec_cfg *cfg, fg_vit_dec **out);
void fg_vit_dec_destroy(fg_vit_dec *d);

/* Float: rx = the received LLRs (fg_vit_sent_len of them, finite: else FG_EINVAL naming the index);
 * bits_k the decisions. A tail-biting stream is decoded by maximum likelihood over every start state (the
 * best of 2^(K-1) terminated decodes: exact, 2^(K-1) times the work). */
int fg_vit_dec_run(fg_vit_dec *d, const double *rx, uint8_t *bits_k);

/* Fixed point: rx quantised (fg_llr_quantize with w_llr, f_llr; each within +-(2^(w_llr-1) - 1), else
 * FG_EINVAL naming the index); integer branch metrics, w_pm-bit path metrics normalised by cfg->norm, the
 * tie rule above. The known start state is forced (the first K-1 stages take the one predecessor reachable
 * from it: a -infinity start that no finite penalty could give at the minimum width). Equal to the float
 * decoder run on the same integer values, frame by frame, ties included (the same tie rule). */
int fg_vit_fixed_run(fg_vit_dec *d, const int32_t *rx, uint8_t *bits_k);

/* ---- options (viterbi_options.c): declared once for every command that takes them ---- */

/* The code and frame: --K, --gen, --punct, --ending, --bits. */
typedef struct {
    int K;
    char *gen, *punct; /* as given; fg_vit_code_of parses them */
    int ending;        /* fg_vit_ending */
    int bits;          /* information bits per frame */
} fg_vit_code_arg;
extern const fg_opt fg_vit_code_options[];
/* The code of an argument (FG_EINVAL naming --gen or --punct). */
int fg_vit_code_of(const fg_vit_code_arg *a, fg_vit_code *c);

/* The tiling: --tile (f), --overlap-left (v1), --overlap-right (v2), --subframe (f0), over fg_vit_dec_cfg. */
extern const fg_opt fg_vit_tile_options[];
/* The fixed-point formats: --llr-width, --llr-frac, --sm-width (the path metrics), --norm, over fg_vit_dec_cfg. */
extern const fg_opt fg_vit_fixed_options[];

/* ---- the viterbi family's instance (fecforge/family.h), for implementations outside the library ---- */

struct fg_family_inst;
typedef struct {
    fg_vit_code code;
    fg_vit_dec_cfg dec; /* the ending is dec.ending */
    int k;              /* information bits per frame */
    int fixed;          /* the implementation's arithmetic: bit-accurate */
    long long work;     /* trellis stages a frame's decode runs */
} fg_vit_family_view;
/* FG_EINVAL if fi is not an instance of the viterbi family. */
int fg_vit_family_view_of(const struct fg_family_inst *fi, fg_vit_family_view *v);

/* ---- soft output: the BCJR decoder (viterbi_bcjr.c; docs/viterbi.md "Soft output (BCJR)") ----
 *
 * The forward-backward (BCJR) algorithm over the trellis above: the a-posteriori LLR of each information bit,
 * log P(u_t = 0 | rx) / P(u_t = 1 | rx), for concatenated and iterative use. The branch metric of a branch with
 * input u and outputs o_b at stage t is
 *     gamma_t = ((u ? -La_t : +La_t) + sum_b (o_b ? -L_tb : +L_tb)) / 2,
 * half the Viterbi correlation (plus half the a-priori LLR La_t): for any memoryless binary-input channel with
 * LLR L, P(y | c) = sqrt(P(y | 0) P(y | 1)) exp((c ? -L : +L) / 2), whose first factor does not depend on c, so
 * exp(gamma) is the branch's likelihood up to a factor common to every path and log-MAP gives the true posterior
 * LLR. Stream endings as above: start in state 0 (terminated, truncated), end in state 0 (terminated) or in any
 * state with equal weight (truncated); tail-biting is exact: the posterior sums over the 2^(K-1) start (= end)
 * states (max-log: the best over them), 2^(K-1) times the work. Unsent outputs have LLR 0 (fg_vit_depuncture).
 * Metrics are double, normalised every stage (the best state's metric subtracted). */

typedef enum {
    FG_VIT_BCJR_MAXLOG = 0, /* max-log-MAP: max* = max; the APP is best path with u_t = 0 minus best with 1 */
    FG_VIT_BCJR_LOG = 1     /* log-MAP: max*(a, b) = max(a, b) + log(1 + exp(-|a - b|)), the exact posterior */
} fg_vit_bcjr_alg;

typedef struct {
    fg_vit_ending ending; /* default TERMINATED */
    fg_vit_bcjr_alg alg;  /* default FG_VIT_BCJR_LOG */
    int checkpoint;       /* forward metrics kept every `checkpoint` stages and recomputed per segment in the
                             backward pass: memory (checkpoint + stages / checkpoint) x 2^(K-1) doubles. 0 (the
                             default): every stage when stages x 2^(K-1) x 8 bytes fit FG_VIT_BCJR_FULL_BYTES, else
                             ceil(sqrt(stages)). [0, FG_VIT_BITS_MAX + FG_VIT_K_MAX] */
} fg_vit_bcjr_cfg;

enum { FG_VIT_BCJR_FULL_BYTES = 64 << 20 };

fg_vit_bcjr_cfg fg_vit_bcjr_cfg_default(void);

typedef struct fg_vit_bcjr fg_vit_bcjr;

/* A soft-output decoder of frames of k information bits: FG_EINVAL naming the parameter and its range (the code,
 * k in [1, FG_VIT_BITS_MAX], tail-biting k >= K-1, ending, alg, checkpoint); FG_ENOMEM naming the bytes it
 * needed. */
int fg_vit_bcjr_create(const fg_vit_code *c, int k, const fg_vit_bcjr_cfg *cfg, fg_vit_bcjr **out);
void fg_vit_bcjr_destroy(fg_vit_bcjr *d);

/* rx: the received LLRs (fg_vit_sent_len of them, finite: else FG_EINVAL naming the index). apriori_k: a-priori
 * LLRs of the information bits (finite), or NULL for none (0). Outputs, either (not both) may be NULL: app_k the
 * a-posteriori LLRs (they include the a-priori: the extrinsic value is app_k - apriori_k), bits_k the hard
 * decisions, 1 where app_k < 0 and 0 otherwise (an LLR of exactly 0 decides 0). app_k may be apriori_k (the
 * a-priori values are read before any APP is written). */
int fg_vit_bcjr_run(fg_vit_bcjr *d, const double *rx, const double *apriori_k, double *app_k, uint8_t *bits_k);

/* The BCJR decoder's implementation options (the family's `--impl bcjr`): --alg maxlog|log (the turbo family's
 * spelling), over fg_vit_bcjr_cfg. */
extern const fg_opt fg_vit_bcjr_options[];

#ifdef __cplusplus
}
#endif
#endif
