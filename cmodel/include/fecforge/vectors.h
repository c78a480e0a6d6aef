/* Golden vectors (vectors/FORMAT.md): a directory with manifest.json and one hex text file per
 * stream. The writer is an output directory of kind "vectors" (fecforge/output.h): built in
 * DIR.tmp-XXXXXX and renamed to DIR on commit, so a failure never leaves a half-written DIR. The reader loads the manifest's port layout and
 * iterates the lines of a stream, with errors that name the file, line and port.
 * Usable from C++ (RTL testbenches). */
#ifndef FECFORGE_VECTORS_H
#define FECFORGE_VECTORS_H

#include <stdint.h>

#include "fecforge/dbcf.h"
#include "fecforge/options.h"
#include "fecforge/iag.h"
#include "fecforge/options.h"
#include "fecforge/ports.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge/viterbi_hw.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_VEC_FORMAT = 2,       /* the format version this library writes and reads (2: "parameters" are options) */
    FG_VEC_WIDTH_MAX = 64,   /* widest port */
    FG_VEC_NAME_MAX = 48,    /* port, stream, parameter names (with the terminating NUL) */
    FG_VEC_MANIFEST_MAX = 16 << 20, /* bytes of a manifest.json the reader reads */
    FG_VEC_LINE_SLACK = 4096 /* a stream line: at most 72 bytes per port + this (leading zeros, '\r') */
};

/* in: stimulus, driven by the testbench. out: an output port, compared every cycle. state: an
 * internal register's value during the cycle (e.g. the DBCF LFSR), compared where the RTL exposes
 * it as a debug output. All values are those of the cycle, before its clock edge. */
typedef enum { FG_VEC_IN = 0, FG_VEC_OUT = 1, FG_VEC_STATE = 2 } fg_vec_dir;

/* cycles: line n = cycle n, a bundle of port words. table: line n = entry n (e.g. a lane's
 * program), a bundle. memory: a $readmemh image, one word per line, address = bank*depth + row. */
typedef enum { FG_VEC_CYCLES = 0, FG_VEC_TABLE = 1, FG_VEC_MEMORY = 2 } fg_vec_kind;

typedef struct {
    char name[FG_VEC_NAME_MAX]; /* RTL port name, e.g. "lane_row_i" */
    int index;                  /* element of a per-lane/per-bank port, -1 for a scalar */
    fg_vec_dir dir;
    int width;                  /* [1, FG_VEC_WIDTH_MAX] bits */
    int is_signed;              /* two's complement at width */
} fg_vec_port;

/* "name" or "name[index]" into buf; returns buf. */
const char *fg_vec_port_label(const fg_vec_port *p, char *buf, int buf_n);

/* Port constructor: fg_vec_port_make("lane_row_i", 3, FG_VEC_IN, 7, 0). */
fg_vec_port fg_vec_port_make(const char *name, int index, fg_vec_dir dir, int width, int is_signed);

/* Smallest width that holds 0..n-1 (at least 1): the width of an address into n entries. */
int fg_vec_width_for(long n);

/* ---- Writer ---- */

typedef struct fg_vec_writer fg_vec_writer;

/* Progress of the long writers (the frames of an ldpc or viterbi set): one hook per process (the fecforge
 * command sets it; NULL, the default: none), called by fg_vec_progress(done, total) before each step of
 * a set (a writer's own measure: frames, or two steps a frame); never from two threads at once. */
typedef void (*fg_vec_progress_fn)(void *ctx, long done, long total);
void fg_vec_set_progress(fg_vec_progress_fn fn, void *ctx);
void fg_vec_progress(long done, long total);

/* Start a set for directory dir of design `design` ("dbcf", "iag", ...). dir must not exist, be
 * empty, or be an earlier vector set of fecforge (its .fecforge-output marker lists every entry),
 * which commit replaces; missing parents are created. FG_EINVAL (message names the path and why) if
 * dir is a file, another directory, the current directory or a parent of it; FG_EIO if it cannot be
 * created. */
int fg_vec_writer_open(const char *dir, const char *design, fg_vec_writer **out);

/* Provenance seed (tool.seed, any 64-bit value); without a call the manifest writes null. */
void fg_vec_set_seed(fg_vec_writer *w, uint64_t seed);
/* The options of a set (manifest "parameters", vectors/FORMAT.md): written into the JSON object open in j
 * (fecforge/json.h) by the layer that declares them (the design's, fecforge_gen/design.h
 * fg_design_set_options: fg_opts_write_json of the design's and the run's options with the set's own values),
 * so that the manifest reads back as --config. write NULL: none. */
struct fg_json;
typedef struct {
    void (*write)(const void *arg, struct fg_json *j);
    const void *arg;
} fg_vec_options;
void fg_vec_set_options(fg_vec_writer *w, fg_vec_options o);
/* What the writer derived from the options (manifest "derived": the interleaver's constants, sub-block lengths,
 * ...) and expected counts (manifest "cycles"), in call order. */
int fg_vec_derived_int(fg_vec_writer *w, const char *key, long long v);
int fg_vec_derived_str(fg_vec_writer *w, const char *key, const char *v);
int fg_vec_count(fg_vec_writer *w, const char *key, long long v);

/* Add a stream (file <name>.hex). memory streams take exactly one port and banks * depth lines.
 * doc: one line of description for the manifest (may be NULL). *id gets the stream's handle. */
typedef struct {
    const char *name;
    fg_vec_kind kind;
    const char *doc;
    const fg_vec_port *ports;
    int n_ports;
    int banks, depth; /* memory only */
} fg_vec_stream_def;
int fg_vec_stream_add(fg_vec_writer *w, const fg_vec_stream_def *def, int *id);

/* Append one line: val_n[i] for port i; dontcare_n (may be NULL) marks words written as x (no
 * expected value; not allowed on in ports). FG_EINVAL if a value does not fit its port. */
int fg_vec_write(fg_vec_writer *w, int id, const int64_t *val_n, const uint8_t *dontcare_n);

/* The streams of a model's vector sets and their ports, without their lines (FORMAT.md "Sets of the
 * models"): declared once per design (fg_vec_layout_dbcf, ..., fg_ldpc_arch_vec_layout) and used by
 * its vector writer and by the generator of the design's Verilog testbench (fecforge_gen/gen.h), so
 * that the two cannot disagree. Streams in file order; their ports point into `port`. */
enum { FG_VEC_LAYOUT_MAX = 8 };
typedef struct {
    int n;
    fg_vec_stream_def stream[FG_VEC_LAYOUT_MAX];
    fg_vec_port *port; /* every stream's ports, one allocation */
} fg_vec_layout;
void fg_vec_layout_free(fg_vec_layout *l);
/* Building one: room for n_ports ports in all (0 or FG_ENOMEM), then streams, each followed by its ports
 * (the element ports of a port table's data ports of one direction: fg_vec_layout_ports). */
int fg_vec_layout_begin(fg_vec_layout *l, int n_ports);
void fg_vec_layout_stream(fg_vec_layout *l, const char *name, fg_vec_kind kind, const char *doc, int banks, int depth);
void fg_vec_layout_port(fg_vec_layout *l, const char *name, int index, fg_vec_dir dir, int width, int is_signed);
void fg_vec_layout_ports(fg_vec_layout *l, const fg_port *ports, int n, fg_vec_dir dir);
/* fg_vec_stream_add for every stream of l, in order; id_n (n = l->n) gets their handles. */
int fg_vec_layout_add(fg_vec_writer *w, const fg_vec_layout *l, int *id_n);

/* Write manifest.json, close every stream and rename DIR.tmp-XXXXXX to DIR (replacing an earlier
 * set). FG_EINVAL if a memory stream has a line count other than banks * depth. On any failure
 * the temporary directory is removed and DIR is untouched. w is freed in every case. */
int fg_vec_writer_commit(fg_vec_writer *w);
/* Discard everything written; DIR is untouched. w may be NULL. */
void fg_vec_writer_abort(fg_vec_writer *w);

/* ---- Reader ---- */

typedef struct {
    char name[FG_VEC_NAME_MAX];
    char file[FG_VEC_NAME_MAX + 8];
    fg_vec_kind kind;
    int n_ports;
    fg_vec_port *ports;
    long lines; /* as the manifest declares it; checked against the file while reading */
    int banks, depth;
} fg_vec_stream;

typedef struct fg_vec_set fg_vec_set;

/* Load DIR/manifest.json: FG_EIO if missing or unreadable, FG_EINVAL for a format version other
 * than FG_VEC_FORMAT (an older set: the message names the command that writes it again), malformed JSON or a
 * bad port list (message names file and what is wrong). */
int fg_vec_open(const char *dir, fg_vec_set **out);
void fg_vec_close(fg_vec_set *s);

const char *fg_vec_design(const fg_vec_set *s);
const char *fg_vec_dir_path(const fg_vec_set *s);
/* manifest "parameters" / "derived" / "cycles" lookups: FG_EINVAL naming the key if absent or of another type.
 * A parameter may be a list of one value (a list option naming the set's own: "K": [40]); an integer
 * parameter may be a flag (true 1, false 0). */
int fg_vec_get_param_int(const fg_vec_set *s, const char *key, long long *v);
int fg_vec_get_param_str(const fg_vec_set *s, const char *key, const char **v);
int fg_vec_get_derived_int(const fg_vec_set *s, const char *key, long long *v);
int fg_vec_get_derived_str(const fg_vec_set *s, const char *key, const char **v);
int fg_vec_get_count(const fg_vec_set *s, const char *key, long long *v);
/* The set's "parameters" read into the options of groups (fecforge/options.h: each value parsed by its option's
 * own grammar, as --config does; "select": "all", "lfsr_seed": "0xace1", "mb": "2x2"): every option of the groups
 * must be there (FG_EINVAL naming the manifest and the key or the value); keys of other options are left alone.
 * Groups of numbers, flags, choices and CUSTOM values only (no lists but of one value, no texts). */
int fg_vec_read_options(const fg_vec_set *s, const fg_opt_group *groups, int n);
/* The same parameters as option text appended to args (" --lanes=3 --et"), for a parser that finishes a whole
 * configuration (fg_design_setup_text): 0, FG_EINVAL as above or when args (size bytes) cannot hold them. The
 * groups' base is not used. */
int fg_vec_options_args(const fg_vec_set *s, const fg_opt_group *groups, int n, char *args, size_t size);

int fg_vec_num_streams(const fg_vec_set *s);
const fg_vec_stream *fg_vec_stream_at(const fg_vec_set *s, int i);
/* FG_EINVAL "stream 'x' missing from DIR/manifest.json" if absent. */
int fg_vec_find_stream(const fg_vec_set *s, const char *name, const fg_vec_stream **out);
/* Position of port name[index] in the stream's line, or FG_EINVAL naming it. */
int fg_vec_find_port(const fg_vec_stream *st, const char *name, int index);

/* Iterate a stream's lines. fg_vec_cursor_next returns 1 with a line in val_n (signed ports
 * sign-extended) and dontcare_n (may be NULL; 1 where the file has x), 0 at the end, or FG_EINVAL
 * / FG_EIO naming file, line and port: wrong number of words, a word that is not hex, a value
 * wider than its port, x on an in port, or a line count other than the manifest's. */
typedef struct fg_vec_cursor fg_vec_cursor;
int fg_vec_cursor_open(const fg_vec_set *s, const fg_vec_stream *st, fg_vec_cursor **out);
int fg_vec_cursor_next(fg_vec_cursor *c, int64_t *val_n, uint8_t *dontcare_n);
long fg_vec_cursor_line(const fg_vec_cursor *c); /* 1-based line of the last line returned */
void fg_vec_cursor_close(fg_vec_cursor *c);

/* ---- Vector sets of the models (the sets `fecforge vectors` writes; FORMAT.md lists their streams) ---- */

typedef struct {
    fg_dbcf_cfg cfg;
    fg_std std;
    int K;
    fg_direction dir;
    fg_bank_mapping mapping;
    int data_width; /* bits of lane_data_i / bank_data_o; 0: enough for the tags 0..K-1 */
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_vec_dbcf_params;

/* One DBCF half-iteration (fg_dbcf_half_iteration): streams stimulus, expected (cycles) and banks
 * (memory), counts C0, C1, dC and the result fields. res (may be NULL) gets the run's result. A
 * configuration that loses words still gives a valid set (the loss is in the manifest). */
int fg_vec_make_dbcf(const char *dir, const fg_vec_dbcf_params *p, fg_dbcf_result *res);
/* Its layout for cfg's lanes and banks (levels: fifo_depth, buf_depth), banks of depth rows (the row
 * width) and data_width bits. */
int fg_vec_layout_dbcf(const fg_dbcf_cfg *cfg, int depth, int data_width, fg_vec_layout *out);

/* Random traffic through the DBCF (the traffic of the retired testbench/dbcf harness): `cycles` cycles of
 * Philox stream 0 of `seed`, in phases of 250 cycles of a random load (full load every 1000 cycles), a
 * third of them with every lane aimed at one or two hot banks (overload: full FIFOs and buffers,
 * rejected words), random words on idle lanes, the bank read port walking the rows, and the synchronous
 * reset (rst_ni, a stimulus port of these sets) in cycle cycles / 2 with words in flight. Streams
 * stimulus and expected; counts in vectors/FORMAT.md ("coverage" 1: the corners were reached). */
enum { FG_VEC_DBCF_CYCLES_MAX = 1000000 };
typedef struct {
    fg_dbcf_cfg cfg;
    int bank_depth; /* rows per bank, [1, 2^20] (the design's) */
    int data_width; /* [1, 32] */
    long cycles;    /* [2, FG_VEC_DBCF_CYCLES_MAX] */
    uint64_t seed;
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_vec_dbcf_random_params;
int fg_vec_make_dbcf_random(const char *dir, const fg_vec_dbcf_random_params *p);
/* Its layout: fg_vec_layout_dbcf's stimulus with rst_ni last, its expected, no banks stream. */
int fg_vec_layout_dbcf_random(const fg_dbcf_cfg *cfg, int depth, int data_width, fg_vec_layout *out);

/* One IAG half-iteration in XMAP lane order from reset (preprocessing, start, C0 input cycles, the
 * latency): streams lane_prog (table), stimulus, expected (cycles). *total_cycles (may be NULL)
 * gets the number of lines of the cycle streams. */
int fg_vec_make_iag(const char *dir, fg_std std, int K, int pllr, int inverse, fg_vec_options options,
                    long *total_cycles);
/* Its layout for pllr lanes (the same for both standards). */
int fg_vec_layout_iag(int pllr, fg_vec_layout *out);

/* IAG traffic (vectors/FORMAT.md "iag"): every block size of K_n in one set, each from a reset in the
 * stimulus (rst_ni low for a cycle; k_i and the lane programs lane_start_i / lane_stride_i are stimulus
 * ports, changed only in such a cycle), so that one RTL build runs them all. FG_VEC_IAG_SWEEP: per K,
 * lane programs rotating over XMAP, +-1 from spread starts with the last lane unused and +-2 from
 * random starts (XMAP where the model refuses those); inputs and an ignored start while preprocessing,
 * a whole half-iteration in each mode back to back, then one in each mode with bubbles, wrong x and
 * inputs past the lanes' ends. FG_VEC_IAG_STRESS: per K, six XMAP half-iterations back to back
 * (inverse, forward, ..., the last two with per-lane bubbles), lanes of strides +-1, +-2 that run past
 * the block's ends in both modes, random programs with random traffic (starts in random modes, wrong
 * x, unused lanes) and a reset with work in flight to the next K of the list; LTE then a k_i that is
 * no LTE size (the RTL never gets ready and answers err). forward_only: the interleave-only UMTS
 * hardware (fg_iag_set_forward_only; its inverse starts are refused). Random numbers: Philox of seed. */
typedef enum { FG_VEC_IAG_SWEEP = 1, FG_VEC_IAG_STRESS = 2 } fg_vec_iag_traffic;
typedef struct {
    fg_std std;
    int pllr, forward_only;
    fg_vec_iag_traffic traffic;
    const int *K_n;
    int n;
    uint64_t seed;
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_vec_iag_params;
int fg_vec_make_iag_traffic(const char *dir, const fg_vec_iag_params *p, long *total_cycles);
int fg_vec_layout_iag_traffic(int pllr, fg_vec_layout *out);

/* One half-iteration of the interleaver write-path subsystem (fecforge/subsystem.h,
 * fg_subsys_half_iteration) from reset: streams lane_prog (table), stimulus, expected (cycles) and
 * banks (memory); counts as in vectors/FORMAT.md. The LLR of position x is x masked to data_width
 * bits (0: enough for 0..K-1; [1, 31]). A configuration that loses words still gives a valid set.
 * The cycle streams end with the bank read-back (bank_rd_row_i / bank_rd_data_o, FORMAT.md "Bank
 * read port"), as do those of fg_vec_make_dbcf. */
typedef struct {
    fg_dbcf_cfg cfg;          /* pllr = lanes (a multiple of 4), banks, select, FIFO, buffer, offer, seed; stall 0 */
    fg_std std;
    int K;
    int inverse;              /* 0 forward x -> pi(x), 1 inverse x -> pi^-1(x) */
    fg_bank_mapping mapping;  /* xmap, xmap-xor, mod (block: model only) */
    int data_width;
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_vec_subsys_params;
int fg_vec_make_subsys(const char *dir, const fg_vec_subsys_params *p);
/* Its layout (as fg_vec_layout_dbcf). */
int fg_vec_layout_subsys(const fg_dbcf_cfg *cfg, int depth, int data_width, fg_vec_layout *out);

/* ---- Turbo decoder sets (docs/turbo-fixed.md "Vectors"; fecforge/turbo_fixed.h) ----
 * Frames: information bits of Philox stream f of seed, fg_turbo_encode, BPSK/AWGN at ebn0_db
 * (information-bit Eb/N0, rate K / (3K + 12)), quantised with cfg.fmt (w_ch, f_ch). */
typedef struct {
    fg_std std;
    int K;
    fg_turbo_fixed_cfg cfg; /* fmt, P, nii, half_iters, et (the observer is not used) */
    int frames;             /* turbo-fixed: frames decoded, [1, 1000]; xmap: frame 0 only */
    double ebn0_db;
    uint64_t seed;
    int sub;                /* xmap: the sub-block recorded, [0, n_sub) */
    int half_iter;          /* xmap: the half-iteration recorded, [0, half_iters); -1 = the last */
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_vec_turbo_params;

/* std LTE, K 1024, default cfg with P 16, 1 frame, 1.0 dB, seed 1, sub 0, half_iter -1. */
fg_vec_turbo_params fg_vec_turbo_params_default(void);

/* design "turbo-fixed": whole decodes (streams llr, ext, app, stakes, half_iters, decoded, frames).
 * *bit_errors (may be NULL) gets the decoded bits that differ from the transmitted ones. */
int fg_vec_make_turbo(const char *dir, const fg_vec_turbo_params *p, long *bit_errors);

/* design "xmap": one SISO run on one sub-block of frame 0 (streams bounds_in, inputs, gamma,
 * alpha, beta, llr_out, bounds_out), re-run through fg_xmap_siso and checked against the decoder
 * (FG_EMISMATCH if they differ). */
int fg_vec_make_xmap(const char *dir, const fg_vec_turbo_params *p);

/* design "turbo": the decoder RTL of `fecforge gen turbo` (docs/rtl-turbo.md) on one block, the step model
 * fg_turbo_arch (data FIXED; path FIT for a decoder of one standard, SHARED for both) at the generated top's
 * ports (fg_turbo_arch_rtl_ports, fecforge/turbo_arch.h). The dimensions of a design (std, P, siso_latency, path)
 * with sub-blocks up to lmax (fg_vec_turbo_arch_dims). */
void fg_vec_turbo_arch_dims_of(const fg_turbo_arch_cfg *design, int lmax, fg_vec_turbo_arch_dims *d);

typedef struct {
    fg_turbo_arch_cfg cfg; /* the design (std, P, path FIT or SHARED (both standards), data FIXED, siso_latency,
                            * fmt, nii) and the first block (std, K, half_iters) */
    int k_max;             /* the design's largest block size (its K table) */
    int lmax;              /* the design's largest sub-block length: lmax / 4 rows per bank */
    double ebn0_db;        /* the frame: BPSK over AWGN (rate K / (3K + 12)), quantised with cfg.fmt */
    int stress;            /* 1: every channel LLR +-max with random signs instead */
    uint64_t seed;         /* Philox seed: block b's bits and noise from stream 2b, its stress signs from 2b + 1 */
    int blocks;            /* blocks decoded back to back without reset, [1, FG_VEC_TURBO_BLOCKS_MAX] (0: 1) */
    const int *K_blocks;   /* blocks > 1: their sizes, K_blocks[0] = cfg.K */
    const fg_std *std_blocks; /* path SHARED, blocks > 1: their standards, std_blocks[0] = cfg.std; NULL: cfg.std */
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_vec_turbo_arch_params;
enum { FG_VEC_TURBO_BLOCKS_MAX = 16 };
/* LTE, P 16, K 6144, 11 half-iterations, path FIT, FIXED, default formats, k_max 6144, lmax 384, 1 dB, seed 1. */
fg_vec_turbo_arch_params fg_vec_turbo_arch_params_default(void);

typedef struct {
    fg_turbo_arch_result arch; /* the block's cycle counts */
    long bit_errors;           /* decisions at done that differ from the information bits */
    long trace_cycles;         /* lines of the cycle streams */
} fg_vec_turbo_arch_result;
/* The set (streams stimulus, expected, ext, llr, decoded; vectors/FORMAT.md "turbo"), per block: one cycle
 * of the static inputs, K cycles of the load port, start_i, the block until done, then the unload port
 * (K + 1 cycles); the next block follows without reset. Counts and res: the first block's cycles, the
 * bit errors of all. res may be NULL. */
int fg_vec_make_turbo_arch(const char *dir, const fg_vec_turbo_arch_params *p, fg_vec_turbo_arch_result *res);
/* The streams and ports of such a set of `blocks` blocks of at most K_max bits for a design of dimensions d
 * and formats f. */
int fg_vec_layout_turbo_arch(const fg_vec_turbo_arch_dims *d, const fg_xmap_fmt *f, int blocks, int K_max,
                             fg_vec_layout *l);

/* ---- Viterbi decoder sets (design "viterbi", docs/rtl-viterbi.md; fecforge/viterbi_hw.h) ----
 * Frames f = 0 .. frames-1 of the viterbi family's bit-accurate implementation (`fecforge ber viterbi --fixed`
 * with the options of fg_vec_viterbi_family_args: the same bits, noise and quantised LLRs), fed to the step
 * model back to back from reset; the erased (punctured) symbols carry random values the decoder must ignore.
 * With bubbles, idle cycles interrupt the stages and inputs arrive while the decoder is not ready (to be
 * ignored), drawn from Philox stream 2^32 + f of the seed. */
typedef struct {
    fg_vit_hw_cfg hw;     /* the decoder; hw.code carries the frames' puncturing */
    fg_vit_ending ending; /* terminated or truncated */
    int k;                /* information bits per frame, [1, 65536] */
    int frames;           /* [1, 10000] */
    int f_llr;            /* fractional bits of the channel quantiser */
    double ebn0_db;
    uint64_t seed;
    int bubbles;
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_vec_viterbi_params;
typedef struct {
    long trace_cycles;  /* lines of the cycle streams */
    long bit_errors;    /* decided bits that differ from the sent ones */
    long frame_errors;
    long cycles_frame0; /* frame 0: its first input to its last bit, inclusive */
} fg_vec_viterbi_result;
/* Streams stimulus, expected (cycles) and decoded (memory: the frames' bits, frames x k). Each frame's bits are checked
 * against fg_vit_fixed_run with the matching tiling (FG_ESTATE naming the frame if they differ). res may be
 * NULL. */
/* The checks of fg_vec_make_viterbi, without writing anything (the hardware, frames, k, and the family's
 * bit-accurate decoder with p's formats: f_llr at most w_llr - 1): 0 or FG_EINVAL naming the parameter. */
int fg_vec_viterbi_check(const fg_vec_viterbi_params *p);
int fg_vec_make_viterbi(const char *dir, const fg_vec_viterbi_params *p, fg_vec_viterbi_result *res);
/* Its layout for a decoder of dimensions d and `frames` frames of k bits. */
int fg_vec_layout_viterbi(const fg_vit_hw_dims *d, int frames, int k, fg_vec_layout *l);
/* The options of the viterbi family's bit-accurate decoder that makes the set's frames and decodes them as the
 * hardware does (--fixed, the code, the formats, --tile D --overlap-left 65536 --overlap-right L); FG_EINVAL
 * when n is too small. */
int fg_vec_viterbi_family_args(const fg_vec_viterbi_params *p, char *buf, size_t n);

/* ---- Port-level step models (the SystemC co-simulation, docs/cosim.md) ---- */

/* A design's C step model seen at the ports of its vector sets: what the co-simulation steps in lock step with
 * the RTL. One declaration per design, in a registry by design name: the built-in designs' (dbcf, iag,
 * subsystem, ldpc, turbo, viterbi: each in its vector file, listed once in vectors_model.c) and a program's own
 * (fg_vec_model_register; a design names it in fg_design.vec_model, and a fecforge_gen/block.h design gets one
 * from its block: FG_BLOCK_VEC_MODEL). */
typedef struct fg_vec_model_def {
    const char *design; /* the design its sets name (fg_vec_design) */
    size_t size;        /* bytes of state, allocated zeroed for create */
    /* the state from the set's manifest and streams, in the reset state: 0, or FG_EINVAL naming what does not fit
     * (a missing parameter, stream layouts other than the design's writer writes) */
    int (*create)(const fg_vec_set *set, void *st);
    /* one clock: fg_vec_model_step */
    void (*step)(void *st, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n);
    void (*destroy)(void *st); /* what the state holds, also after a create that failed part way */
} fg_vec_model_def;

/* A program's own model (at most 8), before any set is opened; m lives as long as the program. FG_EINVAL for a
 * design name taken (built-in or registered) or a model without design, create, step or destroy. */
int fg_vec_model_register(const fg_vec_model_def *m);
/* The model of a design's sets, or NULL. */
const fg_vec_model_def *fg_vec_model_find(const char *design);

/* The set's stimulus and expected streams have n_in and n_ex ports: 0, or FG_EINVAL naming the set and both. */
int fg_vec_model_check_layout(const fg_vec_set *set, int n_in, int n_ex);

/* A step model over structs that a port table binds (fecforge/ports.h; a fecforge_gen/block.h block's): its
 * table for a configuration (at most FG_PORTS_MAX into out; returns how many), its input and output structs,
 * one clock per step. */
typedef struct {
    int (*ports)(const void *cfg, fg_port *out);
    size_t in_size, out_size;
    int (*create)(const void *cfg, void **model);
    void (*step)(void *model, const void *in, void *out);
    void (*destroy)(void *model);
} fg_vec_ported;
/* Its table for cfg into p (FG_PORTS_MAX), checked (fg_ports_check): 0 or FG_EINVAL. */
int fg_vec_ported_ports(const fg_vec_ported *m, const void *cfg, fg_port *p, int *n);
/* Its vector sets' streams: "stimulus" (the inputs of each cycle) and "expected" (the outputs) of table p. */
int fg_vec_ported_layout(const fg_port *p, int n, fg_vec_layout *l);
/* One running for a configuration, in its reset state (0, or FG_EINVAL for a table fg_ports_check refuses,
 * FG_ENOMEM, create's error; fg_vec_ported_close in every case): each cycle's inputs go into the struct `in`,
 * then fg_vec_ported_clock packs the outputs into ex_v (an expected line) and zeroes `in` for the next cycle.
 * in_v, ex_v: room for one stimulus and one expected line. fg_vec_ported_step is the same clock on a stimulus
 * line (unpacked into `in`; no don't-care): a port-level model's step. */
typedef struct {
    const fg_vec_ported *m;
    fg_port p[FG_PORTS_MAX];
    int np, n_in, n_ex;
    void *model, *in, *out;
    int64_t *in_v, *ex_v;
} fg_vec_ported_run;
int fg_vec_ported_open(fg_vec_ported_run *r, const fg_vec_ported *m, const void *cfg);
void fg_vec_ported_clock(fg_vec_ported_run *r, int64_t *ex_v);
void fg_vec_ported_step(fg_vec_ported_run *r, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n);
void fg_vec_ported_close(fg_vec_ported_run *r);

/* The registered model of the set's design, created (FG_EINVAL naming the set's design and listing the
 * registered ones when there is none, or create's error). */
typedef struct fg_vec_model fg_vec_model;
int fg_vec_model_create(const fg_vec_set *set, fg_vec_model **out);

/* One clock: in_n are the stimulus stream's port values of the cycle (its port order); out_n and
 * dontcare_n get the expected stream's line for that cycle, as the set's writer computes it
 * (subsystem: bank_rd_data_o from a model of the bank SRAMs, read latency 1, built from the bank
 * writes; a don't-care where the cell read was not written). 0, or FG_EIO for a served model whose
 * server did not answer. */
int fg_vec_model_step(fg_vec_model *m, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n);

void fg_vec_model_destroy(fg_vec_model *m);

/* A model served to another process: the co-simulation of a program's own design is a program of its own
 * (built by `verify`), whose libfecforge has the built-in models only. fg_vec_model_serve starts a thread that
 * answers on one end of a socket pair; *peer_fd, the other end, is inherited by the child process, which
 * names its set there (fg_vec_model_connect) and steps the model of the serving process's registry. End the
 * server after the child has exited (or never connected): fg_vec_model_serve_end closes both ends and joins
 * the thread. 0, or FG_EIO / FG_ENOMEM. */
typedef struct fg_vec_model_server fg_vec_model_server;
int fg_vec_model_serve(fg_vec_model_server **out, int *peer_fd);
void fg_vec_model_serve_end(fg_vec_model_server *s);
/* The model of set served on fd (fg_vec_model_serve's peer end; destroy closes it): 0, FG_EIO when nothing
 * answers, or the server's error (its message: a design its registry has no model for). */
int fg_vec_model_connect(const fg_vec_set *set, int fd, fg_vec_model **out);

#ifdef __cplusplus
}
#endif
#endif
