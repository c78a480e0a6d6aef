/* Decoder families (docs/architecture.md "Families", docs/adding-a-family.md). A family (LDPC, turbo,
 * ...) is declared once, as data and a few functions: its code and decoder parameters (options as
 * data, fecforge/options.h), what a frame looks like (information bits, symbols sent and received,
 * decided bits, APP values), its channel and the channel's sweep axis, its work counter, and its
 * implementations (CPU float, CPU bit-accurate, cycle-accurate model, GPU kernels). Every verb of
 * the fecforge command that simulates or decodes (ber, bench, decode, verify --impl A --against B) is
 * a loop over this table, and the BER engine (fecforge/ber.h) runs any implementation of any family.
 *
 * A frame of a family: k information bits from Philox stream f of the seed, encoded into n bits sent (the
 * family's half: encode); its channel (fecforge/channel.h: BPSK/AWGN, the BSC, the insertion/deletion
 * channel, ...) at point x gives n_rx <= n_rx_max symbols: real LLRs (and, for the bit-accurate
 * implementations, the same LLRs quantised to the family's q_width / q_frac format) or received bits
 * (the channel's half, the same for every family on it); a decoder decides dec_len bits
 * (the first k of which are the information bits) and, optionally, app_len a-posteriori values, and
 * reports its work (iterations, half-iterations, node visits) or gives up (an erasure). The frame is
 * an error when any decided bit differs from the reference the family made with the frame. */
#ifndef FECFORGE_FAMILY_H
#define FECFORGE_FAMILY_H

#include <stddef.h>
#include <stdint.h>

#include "fecforge/ber.h"
#include "fecforge/channel.h"
#include "fecforge/json.h"
#include "fecforge/options.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_FAMILY_MAX = 32, FG_FAMILY_IMPLS_MAX = 16, FG_FAMILY_NAME_MAX = 80 };

struct fg_family;

/* A configured code and decoder of a family: the shape of its frames. Filled by the family's open. */
typedef struct fg_family_inst {
    const struct fg_family *family;
    void *state;         /* the family's own (the code, the decoder configurations) */
    int k;               /* information bits of a frame */
    int n;               /* channel symbols sent */
    int n_rx_max;        /* most channel symbols received (the channel's, for n sent: fg_family_open) */
    int dec_len;         /* bits a decoder decides (LDPC: the codeword; turbo: the K information bits) */
    int app_len;         /* a-posteriori values a decoder gives (0: none) */
    double rate;         /* k / n */
    int q_width, q_frac; /* the bit-accurate implementations' channel LLRs: bits, fractional bits */
    char code_name[FG_FAMILY_NAME_MAX]; /* "wifi-648-1/2", "lte-6144" */
    /* Optional: a digest of the code the instance really uses (fg_digest_text over a canonical description:
     * LDPC its base matrix and Z, turbo its standard and K, ...), so that frame files name their code by
     * content and not only by code_name (a user's file of the same name with another matrix); 0: none. */
    uint64_t code_digest;
    /* the channel and its options (fg_family_open: the family's channel, options of the caller's) */
    const fg_channel *channel;
    const void *chan_cfg;
} fg_family_inst;

/* count frames for a decoder: inputs row by row (frame i at i * n_rx_max), outputs likewise. */
typedef struct {
    int count;
    const double *llr;     /* real inputs (FG_IMPL_REAL) */
    const int32_t *llr_q;  /* quantised inputs (FG_IMPL_QUANT) */
    const uint8_t *rx;     /* received bits (FG_IMPL_BITS) */
    const int *n_rx;       /* symbols received per frame; NULL: n_rx_max each */
    const fg_channel_point *point; /* the channel at the frames' point (its parameters); NULL: not known (a
                                      frame file without them): a decoder that needs them fails naming it */
    uint8_t *bits;         /* count * dec_len decided bits */
    double *app;           /* count * app_len, FG_IMPL_REAL implementations; NULL: not wanted */
    int32_t *app_q;        /* count * app_len, the others (quantised or bit inputs); NULL: not wanted */
    int32_t *work;         /* count; NULL: not wanted */
    uint8_t *erased;       /* count (1: the decoder gave up); NULL: not wanted */
    /* count * (fg_family_counters(family) - 1): the family's further work counters (fg_family.counters),
     * frame i's from i * that; NULL: not wanted (or the family has none) */
    int64_t *counters;
} fg_decode_io;

/* What an implementation takes: real LLRs, quantised LLRs, or the received bits of a FG_RX_BITS channel. */
typedef enum { FG_IMPL_REAL = 0, FG_IMPL_QUANT = 1, FG_IMPL_BITS = 2 } fg_impl_input;

/* How verify --impl A --against B compares two implementations: statistically (frame error counts within a
 * band: float decoders whose roundings differ), within a tolerance (equal decisions, work and erasures,
 * a-posteriori values within the tolerance), or exactly (every decision, work count, erasure and
 * a-posteriori value equal: bit-accurate implementations). A pair is compared by the looser of the two. */
typedef enum { FG_COMPARE_STATISTICAL = 0, FG_COMPARE_TOLERANCE = 1, FG_COMPARE_EXACT = 2 } fg_impl_compare;

/* Throughput of full batches (bench). */
typedef struct {
    int batch;           /* frames per batch */
    double kernel_ms;    /* median time of a batch's decoding alone (a GPU's kernels; a CPU: = total_ms) */
    double total_ms;     /* median wall time of a batch with its transfers */
    double latency_ms;   /* median time from a batch's first input to its last output */
    double coded_mbps_kernel, info_mbps_kernel; /* batch * n (k) bits / kernel_ms */
    double coded_mbps_total, info_mbps_total;   /* ... / total_ms */
    long long frames, work, erasures; /* the timed frames, their work and erasures (0 frames: not counted) */
} fg_impl_timing;

/* A sweep an implementation offers over its own options (the GPU's NS x NCW x NMCW of thesis Table 3.3):
 * for each option, its values as the command line writes a list. */
typedef struct {
    const char *name;        /* "table3.3" */
    const char *summary;
    const char *options[4];  /* option names, NULL-ended */
    const char *values[4];   /* their lists ("1,2,4,8,16,32") */
} fg_impl_sweep;

/* An implementation of a family's decoder. */
typedef struct fg_family_impl {
    const char *name;     /* "float", "fixed", "cycle", "gpu-fixed", "gpu-float" */
    const char *summary;
    fg_impl_input input;  /* real or quantised channel LLRs */
    int gpu;              /* 1: runs on a CUDA device (workers are devices) */
    int no_app;           /* 1: gives no a-posteriori values (decode leaves io->app and io->app_q alone) */
    fg_impl_compare compare; /* how it is compared with another implementation (verify --impl) */
    double tolerance;        /* FG_COMPARE_TOLERANCE: the largest a-posteriori difference accepted */
    /* its own options (a GPU's batch shape): a table over a struct of cfg_size bytes, defaults first */
    const fg_opt *opts;
    size_t cfg_size;
    void (*cfg_default)(void *icfg);
    /* Checks the implementation can run fi with icfg: FG_EINVAL naming the option. May be NULL. */
    int (*check)(const fg_family_inst *fi, const void *icfg);
    int (*create)(const fg_family_inst *fi, const void *icfg, int device, void **worker);
    void (*destroy)(void *worker);
    int (*chunk)(void *worker); /* frames it takes per call (NULL: 1) */
    /* io->count is at most chunk(worker): the engine splits larger calls */
    int (*decode)(void *worker, const fg_decode_io *io);
    /* Optional fast path: frames first .. first+count-1 of (seed, pt) made and compared on the device (pt:
     * the channel at the point, e.g. AWGN's sigma in pt->v[0]) into res and ext (the further work counters and
     * symbol errors; zeroed, so what it does not count stays 0). NULL: the engine makes frames on the CPU. */
    int (*ber)(void *worker, uint64_t seed, const fg_channel_point *pt, long long first, int count,
               fg_ber_frame *res, fg_ber_extra *ext);
    /* Optional: what a run of fi on it adds to the JSON of a BER run or bench, after "run" ("device", "gpu",
     * the kernel a configuration chose). */
    void (*describe)(const fg_family_inst *fi, const void *icfg, int devices, fg_json *j);
    int (*device_count)(void); /* GPU implementations: devices present (NULL: CPU) */
    /* Optional: time `batches` full batches of channel LLRs at x on one worker (a GPU: kernel time apart
     * from transfers). NULL: the bench verb times decode calls. */
    int (*bench)(void *worker, double x, int batches, fg_impl_timing *t);
    const fg_impl_sweep *sweep; /* optional */
} fg_family_impl;

/* The implementation name an arithmetic and a device stand for: fixed, float, gpu-fixed or gpu-float (a family's
 * impl_for answers with it). */
const char *fg_family_impl_name(int fixed, int gpu);

/* A part of the family's option tables: opts over the struct at byte offset `offset` of the
 * family's configuration (so shared tables, e.g. fg_ldpc_fixed_options, are declared once). */
typedef struct {
    const char *title;
    const fg_opt *opts;
    size_t offset;
} fg_opt_part;

/* A work counter of a family: counter 0 is its primary one (work_name, work_div: fg_decode_io.work), the
 * others are declared in fg_family.counters (fg_decode_io.counters). BER results give each one's average,
 * largest value and percentiles (fecforge/ber.h fg_ber_stat; docs/ber.md). */
typedef struct {
    const char *name; /* the stem of its statistics' keys ("<name>_max", "<name>_p99"): "backtracks" */
    const char *key;  /* the JSON key of its average: "avg_backtracks" */
    double div;       /* average = sum / (frames div); 0: 1 */
    const char *help; /* one line: what it counts */
} fg_family_counter;

typedef struct fg_family {
    const char *name;    /* "ldpc", also the command word: fecforge ber ldpc */
    const char *summary; /* one line */
    const char *doc;     /* its page: "docs/ldpc.md" */
    const char *about;   /* what a frame is, for the help of the verbs (a paragraph) */
    const char *examples; /* `fecforge ber` command lines, one per line, each runnable as written */
    const char *example_args; /* the options of a small bit-accurate configuration, for the other verbs'
                                 examples ("--code wifi-648-1/2 --fixed") */
    /* code and decoder parameters: parts over a configuration struct of cfg_size bytes */
    const fg_opt_part *parts; /* NULL-title-and-opts-ended */
    size_t cfg_size;
    void (*cfg_default)(void *cfg);
    /* Make an instance for impl (checks across options: FG_EINVAL naming them, given tells which were
     * given). close frees fi->state (NULL: free(fi->state) is all there is to free). */
    int (*open)(const void *cfg, const fg_opts *given, const fg_family_impl *impl, fg_family_inst *fi);
    void (*close)(fg_family_inst *fi);
    /* The implementation a configuration asks for when none is named (its arithmetic, e.g. --fixed),
     * gpu 1 for --device gpu; NULL: "float" / "gpu-float". */
    const char *(*impl_for)(const void *cfg, int gpu);
    const fg_channel *channel; /* its channel (fecforge/channel.h) */
    /* The family's half of frame f of seed: what a correct decoder decides into ref (dec_len bits) and the
     * fi->n bits sent into sent_n (from Philox stream f; the channel adds the rest). */
    int (*encode)(const fg_family_inst *fi, uint64_t seed, long long f, uint8_t *ref, uint8_t *sent_n);
    /* The "code" and "decoder" objects of a JSON document, and a curve's default label. */
    void (*describe)(const fg_family_inst *fi, const fg_family_impl *impl, fg_json *j);
    void (*label)(const fg_family_inst *fi, const fg_family_impl *impl, char *buf, size_t n);
    int erasures;          /* 1: its decoders may give up on a frame (an erasure, counted; decision files carry
                              the flag) */
    const char *work_name; /* the JSON key and table column of the average work ("avg_iter") */
    double work_div;       /* avg_work = work / (frames work_div) */
    const fg_family_impl *const *impls; /* its CPU implementations, NULL-ended */
    const struct fg_family_arch *arch; /* its architecture study, `fecforge arch NAME` (fecforge/arch.h); NULL: none */
    const struct fg_family_arch *codes; /* its code library, `fecforge code NAME` (the same shape); NULL: none */
    /* Its work counters after the primary one, NULL-name-ended (at most FG_BER_COUNTERS_MAX - 1); NULL: none. */
    const fg_family_counter *counters;
    int symbol_bits; /* > 1: q-ary, a symbol is that many consecutive information bits (symbol errors, SER) */
} fg_family;

/* Work counters of f (the primary one and its declared ones), and counter c of them (div > 0): counter 0
 * from work_name and work_div (its name: work_name without a leading "avg_"). */
int fg_family_counters(const fg_family *f);
fg_family_counter fg_family_counter_at(const fg_family *f, int c);

/* ---- the registry: the library's families, and what a program adds ---- */

int fg_family_count(void);
const fg_family *fg_family_at(int i);
const fg_family *fg_family_find(const char *name);
/* Add a family (a program's own; the library's are built in). FG_EINVAL for a duplicate name. */
int fg_family_register(const fg_family *f);
/* Add an implementation to a family (the GPU library adds its kernels). */
int fg_family_add_impl(const char *family, const fg_family_impl *impl);
/* Every implementation of f (built-in, then added), at most max, into out; returns how many. */
int fg_family_impls(const fg_family *f, const fg_family_impl **out, int max);
/* Open f's instance for impl: f->open, then its channel with the channel options chan_cfg (the channel's
 * cfg_default when NULL; kept by pointer): n_rx_max, and the channel's symbols against what impl takes
 * (FG_EINVAL: "--impl=float takes LLRs; channel bsid gives received bits"). */
int fg_family_open(const fg_family *f, const void *cfg, const fg_opts *given, const fg_family_impl *impl,
                   const void *chan_cfg, fg_family_inst *fi);
/* Close an opened instance: f->close, or free(fi->state) when the family has none. */
void fg_family_close(const fg_family *f, fg_family_inst *fi);
const fg_family_impl *fg_family_impl_find(const fg_family *f, const char *name);

/* ---- configuring a family from arguments (the command line's grammar) ---- */

enum { FG_FAMILY_GROUPS_MAX = 8 };

/* The option groups of family f over its configuration cfg (cfg_size bytes), of its channel's options over
 * ccfg (may be NULL), and of implementation impl over icfg (may be NULL), into out (at most max); returns
 * how many. */
int fg_family_groups(const fg_family *f, void *cfg, void *ccfg, const fg_family_impl *impl, void *icfg,
                     fg_opt_group *out, int max);

/* A family configured from arguments and opened: the parsed configuration, the implementation and
 * the instance (for programs and tests; the fecforge command builds the same from its own line). */
typedef struct {
    const fg_family *family;
    const fg_family_impl *impl;
    void *cfg, *icfg, *ccfg; /* the family's, the implementation's and the channel's options */
    fg_opt_group groups[FG_FAMILY_GROUPS_MAX];
    fg_opts opts;
    fg_family_inst inst;
    int opened;
} fg_family_setup;

/* Parse args (at most 256 words separated by blanks, e.g. "--code wifi-648-1/2 --fixed"; no quoting)
 * into f's defaults and open it for implementation impl_name, whose own options args may hold too
 * (NULL: the one the configuration asks for on the CPU, else the family's first). FG_EINVAL with the
 * option's message. fg_family_setup_free in every case. */
int fg_family_setup_text(fg_family_setup *s, const fg_family *f, const char *impl_name, const char *args);
void fg_family_setup_free(fg_family_setup *s);

/* ---- running a family ---- */

/* The settings of a BER run besides the family's own. */
typedef struct {
    uint64_t seed;
    long long min_fe, max_frames;
    int workers;      /* CPU threads, or GPUs (devices 0 .. workers - 1) */
    int (*progress)(void *ctx, const fg_ber_point *so_far); /* non-zero: stop (fecforge/ber.h) */
    void *progress_ctx;
} fg_family_run;

/* One point x of the channel's axis on implementation impl (its options icfg). On failure *out is
 * zeroed and the message names the frames that failed. */
int fg_family_ber_point(const fg_family_inst *fi, const fg_family_impl *impl, const void *icfg,
                        const fg_family_run *run, double x, fg_ber_point *out);
/* The JSON object of a point of f (docs/ber.md): ["type": type,] the axis and the channel's parameters, the
 * counts and rates, every work counter's statistics, stop, elapsed_s, frames_per_s. */
void fg_family_ber_json_point(fg_json *j, const fg_family *f, const fg_ber_point *p, const char *type);
/* The work of a point: the primary counter's average (work_name), every counter's statistics and, for a family
 * whose frames may be erased, the BER and the counters over the decoded frames (part of fg_family_ber_json_point;
 * bench's too). */
void fg_family_json_work(fg_json *j, const fg_family *f, const fg_ber_point *p);
/* Counting frames decoded outside the BER engine (bench): the count settings of fi for fg_ber_tally_create, and
 * the count frames of io (its bits, work, erasures and further counters) against their references ref (count x
 * dec_len) into t, numbered from first. */
void fg_family_tally_cfg(const fg_family_inst *fi, fg_ber_engine *e);
int fg_family_tally_batch(const fg_family_inst *fi, const fg_decode_io *io, const uint8_t *ref, long long first,
                          fg_ber_tally *t);
/* "<axis>_at_fer": the axis value at each FER of fg_ber_fer_targets that two of the points bracket, in the
 * direction of f's channel (fg_channel.fer_rises). */
void fg_family_ber_json_at_fer(fg_json *j, const fg_family *f, const fg_ber_point *p_n, int n);

/* A pool of decoders of one implementation: workers (CPU threads, or GPUs 0 .. workers-1) that split
 * the frames of each call among them, each a chunk (a GPU's batch) at a time. */
typedef struct fg_family_decoder fg_family_decoder;
int fg_family_decoder_create(const fg_family_inst *fi, const fg_family_impl *impl, const void *icfg, int workers,
                             fg_family_decoder **out);
/* Decode io->count frames (io as for fg_family_impl.decode; any count). */
int fg_family_decoder_run(fg_family_decoder *d, const fg_decode_io *io);
/* Frames a call should hold to keep every worker busy (the workers' chunks together, at least 64). */
int fg_family_decoder_batch(const fg_family_decoder *d);
void fg_family_decoder_destroy(fg_family_decoder *d);

/* How frame i of two implementations' outputs a and b of the same frames differs (verify --impl): the first
 * decided bit, work counter (fg_decode_io.work, then .counters) and a-posteriori value (beyond tol) that
 * differ, whether the erasure flags do, and the first of these in words with both values ("bit 3: fixed 0,
 * cycle 1"; "work counter backtracks: ..."; what is empty when nothing differs). */
typedef struct {
    int bit, counter, app; /* -1: none differs (counter 0: the primary one) */
    int erasure;
    double app_max;        /* the largest a-posteriori difference */
    char what[160];
} fg_frame_diff;
void fg_family_frame_diff(const fg_family_inst *fi, const fg_decode_io *a, const fg_decode_io *b, int i, int app_len,
                          double tol, const char *name_a, const char *name_b, fg_frame_diff *d);

/* The channel of fi at point x (its options fi->chan_cfg, the code's rate): FG_EINVAL naming the axis or option. */
int fg_family_point(const fg_family_inst *fi, double x, fg_channel_point *pt);
/* Frame f of (seed, pt) into fr (fg_frame_alloc's buffers): the family's half, then the channel's. */
int fg_family_frame(const fg_family_inst *fi, uint64_t seed, long long f, const fg_channel_point *pt, fg_frame *fr);
/* Make frames first .. first+count-1 of (seed, x) with `threads` threads: their references into
 * ref (count * dec_len); what the channel gives into llr, llr_q (when the family has a fixed format) and rx
 * (received bits), count * n_rx_max each (each may be NULL: not wanted); symbols received into n_rx (may
 * be NULL). */
int fg_family_frames(const fg_family_inst *fi, uint64_t seed, double x, long long first, int count, int threads,
                     uint8_t *ref, double *llr, int32_t *llr_q, uint8_t *rx, int *n_rx);

/* Frames first .. first+count-1 of (seed, x) as a frame file at path (fecforge/frames.h, text or binary):
 * the channel LLRs in the arithmetic of impl (quantised for a bit-accurate one) and, when ref_path is
 * not NULL, the reference decisions as a bits file. Both are written completely or not at all; a message about
 * the reference file starts with "REF_PATH: ".
 * progress (may be NULL) is called after every chunk of frames. */
int fg_family_write_frames(const fg_family_inst *fi, const fg_family_impl *impl, uint64_t seed, double x,
                           long long first, long long count, int threads, int binary, const char *path,
                           const char *ref_path, void (*progress)(void *ctx, long long done, long long total),
                           void *ctx);

/* The header of a frame file of fi (fecforge/frames.h): llr (what the channel gave, in the input of m:
 * float, fixed or hard) or decisions (bits; erased when the family's decoders may give up), the channel and
 * its point pt (NULL: none). */
struct fg_frames_header;
void fg_family_frames_header(const fg_family_inst *fi, const fg_family_impl *m, const fg_channel_point *pt,
                             int llr, long long count, int binary, struct fg_frames_header *h);

/* A 64-bit FNV-1a digest of the text printf makes of fmt (at most 511 characters a call: digest a long
 * description piece by piece), continuing h (FG_DIGEST_INIT to start); never 0 (fg_family_inst.code_digest). */
#define FG_DIGEST_INIT UINT64_C(14695981039346656037)
uint64_t fg_digest_text(uint64_t h, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The buffers of one frame (fg_frame) for fi, and their release. */
int fg_frame_alloc(const fg_family_inst *fi, fg_frame *fr);
void fg_frame_free(fg_frame *fr);

#ifdef __cplusplus
}
#endif
#endif
