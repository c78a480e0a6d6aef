/* Cycle-accurate model of the multi-layer macroblock-serial (MB-serial) QC-LDPC decoder of thesis
 * 3.8 (docs/ldpc-architecture.md has the full cycle definition and a diagram).
 *
 * Structure. The LLR memory holds one word of Z APP values per block column (nb words), with N2
 * read and N2 write ports (the thesis: N2 = 2): N2 one-read one-write SRAM banks that no cycle uses
 * twice (fg_ldpc_arch_sched.word_bank). A macro-layer is K consecutive layers (the last one
 * holds mb mod K when K does not divide mb); a macroblock (MB) is N1 x N2 blocks: the N1 = K layers
 * of the macro-layer times N2 adjacent block columns. This model requires N1 == K (an MB spans the
 * whole macro-layer, so every LLR word is read and written once per macro-layer); other
 * combinations are rejected. MBs whose blocks are all zero are skipped.
 *
 * Per macro-layer, two stages:
 *  stage 1  one MB per cycle, left to right: read the MB's words (read ports), permute, Q = L - R_old
 *           (R_old from the R-Regfile), min finder into the macro-layer's ping-pong register; the
 *           unpermuted words go into the L buffer for stage 2. The result is complete s1_depth
 *           cycles after the last read.
 *  stage 2  one MB per cycle, left to right: R' from the ping-pong register (R'-Gen), R_old from the
 *           R-Regfile (R-Gen), L' = sat(L + sum (R' - R_old)), permuted back and written s2_depth
 *           cycles after issue (write ports); after its last MB the ping-pong word becomes the
 *           macro-layer's R-Regfile entry. The L buffer is an SRAM read one cycle before the issue:
 *           a macro-layer whose first stage-2 MB is its last stage-1 MB starts one cycle later.
 * Stage 1 of macro-layer l+1 runs while stage 2 of l runs (two ping-pong registers). Read-after-
 * write hazards: a stage-1 read of a word that an earlier macro-layer still has to write stalls
 * stage 1 until the write (with `forward`, the word written in the same cycle is bypassed to the
 * read). Early termination: a hard-decision register (N bits, updated with every write) and a
 * syndrome unit give the verdict et_depth cycles after an iteration's last write; stage 1 of the
 * next iteration runs speculatively meanwhile, its stage 2 waits for the verdict.
 *
 * I/O: load writes N2 channel-LLR words per cycle through the write ports (ceil(nb/N2) cycles);
 * unload reads N2 words of information columns per cycle through the read ports and presents their
 * hard decisions one cycle later (ceil((nb-mb)/N2) + 1 cycles). Load, decode and unload do not
 * overlap (one codeword at a time).
 *
 * Arithmetic: exactly fg_ldpc_fixed_* of fecforge/ldpc_decoder.h (same fecforge/fixed.h calls): the
 * hard decisions, final APP values and iteration counts equal fg_ldpc_fixed_decode's for the same
 * code and fg_ldpc_fixed_cfg, with or without a column reordering (col_order). A layer reordering
 * (layer_order) changes the macro-layer grouping and so the arithmetic: it equals fg_ldpc_fixed on
 * the code whose layers are permuted the same way. */
#ifndef FECFORGE_LDPC_ARCH_H
#define FECFORGE_LDPC_ARCH_H

#include <stdint.h>

#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"
#include "fecforge/ports.h"
#include "fecforge/vectors.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_LDPC_ARCH_PORTS_MAX = 16 }; /* largest N2 */

/* MB order inside a macro-layer. LTR: both stages walk the non-empty MBs left to right (the thesis's
 * controller). HAZARD: a static schedule per macro-layer (computed at create, stored in a controller
 * ROM in hardware): stage 1 reads first the MBs sharing no word with the previous macro-layer, then
 * the shared ones; stage 2 writes first the MBs the next macro-layer reads first. The min finder
 * compares (magnitude, block index), so its result does not depend on the order: bit-exact. */
typedef enum { FG_LDPC_ARCH_ORDER_LTR = 0, FG_LDPC_ARCH_ORDER_HAZARD = 1 } fg_ldpc_arch_order;

typedef struct {
    fg_ldpc_fixed_cfg fx; /* K (fx.layers), widths, scaling, max_iter, early_term */
    int mb_rows;          /* N1, must equal fx.layers; default 2 */
    int mb_cols;          /* N2, [1, FG_LDPC_ARCH_PORTS_MAX] and <= nb; default 2 */
    int s1_depth;         /* stage 1: cycles from an MB's read to its min-finder result being usable
                             by stage 2, [1, 16]; default 2 (synchronous RAM read, then permute + Q +
                             min finder into the ping-pong register) */
    int s2_depth;         /* stage 2: cycles from an MB's issue to its write, [0, 16]; default 1
                             (R-Gen/R'-Gen/add/permute registered, written the next cycle) */
    int forward;          /* write-to-read bypass of the LLR memory (write-first), default 1 */
    int et_depth;         /* cycles from an iteration's last write to the syndrome verdict, [1, 16];
                             default 1 */
    int mb_order;         /* FG_LDPC_ARCH_ORDER_*: order of the MBs inside a macro-layer, default LTR */
    int overlap;          /* 1 (default): stage 1 of macro-layer l+1 overlaps stage 2 of l (ping-pong);
                             0: stage 1 of l+1 starts after the last write of l (no hazard can occur;
                             cycles per iteration = 2 * MBs + macro-layers * (s1_depth + s2_depth - 1)) */
    const int *col_order;   /* nb entries: memory word a holds block column col_order[a]; NULL =
                               identity. Must be a permutation. Copied at create. */
    const int *layer_order; /* mb entries: processing position p is layer layer_order[p]; NULL =
                               identity. Copied at create. */
} fg_ldpc_arch_cfg;

/* fx = fg_ldpc_fixed_cfg_default() (K = 2, 6/2 LLR, 6-bit R, 7-bit APP, 0.75, 15 iterations, ET),
 * MB 2 x 2, s1_depth 2, s2_depth 1, forward 1, et_depth 1, LTR MB order, overlap 1, identity orders. */
fg_ldpc_arch_cfg fg_ldpc_arch_cfg_default(void);
/* --mb N1xN2 as an option value (fecforge/options.h CUSTOM) into int[2] {N1, N2} (mb_rows and mb_cols
 * are adjacent); the ranges are fg_ldpc_arch_cfg_check's. And the value back as text. */
int fg_ldpc_arch_parse_mb(const char *text, void *field);
void fg_ldpc_arch_print_mb(const void *field, char *buf, size_t n);

/* Checks cfg against code (ranges, N1 == K, permutations); FG_EINVAL naming the parameter. */
int fg_ldpc_arch_cfg_check(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg);

typedef struct fg_ldpc_arch fg_ldpc_arch;

/* The model keeps a pointer to code, which must outlive it. */
int fg_ldpc_arch_create(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, fg_ldpc_arch **out);
void fg_ldpc_arch_destroy(fg_ldpc_arch *a);

/* Back to idle: all units empty, cycle counter 0 (memory contents are kept until the next load). */
void fg_ldpc_arch_reset(fg_ldpc_arch *a);

/* ---- One clock cycle ---- */

typedef enum {
    FG_LDPC_ARCH_IDLE = 0, FG_LDPC_ARCH_LOAD = 1, FG_LDPC_ARCH_DECODE = 2, FG_LDPC_ARCH_UNLOAD = 3,
    FG_LDPC_ARCH_DONE = 4
} fg_ldpc_arch_phase;

/* Inputs of one cycle. In IDLE or LOAD, llr_valid presents the next N2 channel-LLR words (words
 * loaded so far, in block-column order of the code: llr holds min(N2, words left) * Z values,
 * llr_width bits each). The first valid cycle starts a codeword; after the last word the decoder
 * starts by itself. */
typedef struct {
    int llr_valid;
    const int32_t *llr;
} fg_ldpc_arch_in;

/* Observable ports of one cycle (the trace). Addresses are LLR-memory word addresses. */
typedef struct {
    long cycle;
    int phase;                            /* fg_ldpc_arch_phase during this cycle */
    int iteration;                        /* 1-based iteration of stage 1 (0 outside decode) */
    int s1_ml, s1_mb;                     /* stage 1: macro-layer and MB column read, -1 if idle */
    int s1_stall;                         /* 1 hazard (pending write), 2 ping-pong busy, 0 none */
    int s2_ml, s2_mb;                     /* stage 2: macro-layer and MB column issued, -1 if idle */
    int s2_wait_et;                       /* stage 2 waits for the syndrome verdict */
    int ren[FG_LDPC_ARCH_PORTS_MAX], raddr[FG_LDPC_ARCH_PORTS_MAX];
    int wen[FG_LDPC_ARCH_PORTS_MAX], waddr[FG_LDPC_ARCH_PORTS_MAX];
    int fwd[FG_LDPC_ARCH_PORTS_MAX];      /* read port p took its word from a write of this cycle */
    const int32_t *wdata;                 /* N2 * Z values written (word p at p*Z; APP format), valid for
                                             the ports with wen; model-owned */
    int wml;                              /* macro-layer sequence number of this cycle's writes (-1) */
    int et_valid, et_ok;                  /* syndrome verdict this cycle: valid, all checks satisfied */
    int out_valid;                        /* unload: hard decisions on the output port */
    int out_col[FG_LDPC_ARCH_PORTS_MAX];  /* block column of each output word, -1 unused */
    const uint8_t *out_bits;              /* N2 * Z hard decisions (word p at p*Z); model-owned */
    int iter_done;                        /* this cycle's write was the last of an iteration (the APP
                                             memory now holds that iteration's result) */
    int done;                             /* the codeword is finished (last unload cycle) */
    int iterations;                       /* with done: the iterations the codeword ran */
} fg_ldpc_arch_ports;

/* One clock cycle: every next-state value from the current state and in, then commit. */
int fg_ldpc_arch_step(fg_ldpc_arch *a, const fg_ldpc_arch_in *in, fg_ldpc_arch_ports *out);

/* ---- Whole codewords ---- */

typedef struct {
    int iterations;           /* iterations run */
    long cycles_load;         /* I/O: channel LLRs in */
    long cycles_decode;       /* first stage-1 read to the verdict / last write */
    long cycles_unload;       /* I/O: hard decisions out */
    long cycles_total;        /* cycles_per_codeword: load + decode + unload */
    double cycles_per_iter;   /* steady state: mean distance between the first reads of consecutive
                                 iterations (cycles_decode if one iteration) */
    long iter_start[2];       /* cycle of the first read of iteration 1 and of the last iteration */
    int mbs_per_iter;         /* non-empty MBs per iteration */
    long stall_hazard;        /* stage-1 cycles stalled by a pending write */
    long stall_pingpong;      /* stage-1 cycles stalled by a busy ping-pong register / R-Regfile */
    long stall_et;            /* stage-2 cycles waiting for the syndrome verdict */
    long stall_lbuf;          /* stage-2 cycles waiting for the L buffer: its first MB is the one stage 1 read
                                 last, whose entry the L-buffer SRAM returns one cycle later */
    long forwarded;           /* words taken through the write-to-read bypass */
    long reads, writes;       /* LLR-memory word reads and writes during decode */
} fg_ldpc_arch_stats;

/* Per-cycle observer; may be NULL. */
typedef void (*fg_ldpc_arch_trace_fn)(void *user, const fg_ldpc_arch *a, const fg_ldpc_arch_ports *p);

/* Drive one codeword through load, decode and unload. llr_n: quantised channel LLRs (code order).
 * bits_n: hard decisions of all n bits (from the LLR memory at the end; the unload port carries the
 * k information bits), app_n (may be NULL): final APP values; iterations, stats, trace may be NULL.
 * An llr value outside llr_width bits is FG_EINVAL. */
int fg_ldpc_arch_decode(fg_ldpc_arch *a, const int32_t *llr_n, uint8_t *bits_n, int32_t *app_n, int *iterations,
                        fg_ldpc_arch_stats *stats, fg_ldpc_arch_trace_fn trace, void *user);

/* Cycle counts only (datapath off): iters iterations. With cfg early_term the syndrome unit's
 * timing is modelled (stage 2 waits for each verdict) but its verdict is always "not yet" (the worst
 * case: every iteration runs). The counts of a fixed iteration count do not depend on the data, so
 * this equals fg_ldpc_arch_decode with max_iter = iters on a frame that does not decode earlier.
 * trace (may be NULL) sees every cycle. */
int fg_ldpc_arch_timing(fg_ldpc_arch *a, int iters, fg_ldpc_arch_stats *stats, fg_ldpc_arch_trace_fn trace,
                        void *user);

/* Current APP value of code bit j (code order), for observers. */
int32_t fg_ldpc_arch_app(const fg_ldpc_arch *a, int j);

/* The static schedule (what an RTL controller holds in ROM; read-only views into the model, valid
 * while it lives). Listed MBs are grouped by macro-layer: MBs ml_mb_start[m] .. ml_mb_start[m+1]-1
 * belong to macro-layer m, in left-to-right order (their local index = list index - ml_mb_start[m]). */
typedef struct {
    int n_ml, n_mbc, mbs_per_iter, K, N2;
    const int *ml_mb_start; /* n_ml + 1 */
    const int *mb_mbc;      /* per listed MB: its MB column (words mbc * N2 + p) */
    const int *mb_rd;       /* [mb * N2 + p]: word p is read and written */
    const int *mb_blk;      /* [(mb * K + r) * N2 + p]: block id (fg_ldpc_code lists) of row r, word p, or -1 */
    const int *blk_pidx;    /* block id -> its index inside its layer (min finder position) */
    const int *s1_ord;      /* [ml_mb_start[m] + pos]: local index of the MB stage 1 reads at position pos */
    const int *s2_ord;      /* likewise for stage 2 */
    const int *layer_order; /* mb: processing position -> layer (row r of macro-layer m: position m*K + r) */
    const int *col_order;   /* nb: memory word -> block column */
    const int *inv_col;     /* nb: block column -> memory word */
    const int *s2_late;     /* n_ml: stage 2 issues first the MB stage 1 reads last (it starts a cycle later) */
    const int *word_bank;   /* nb: memory word -> LLR-memory bank (1R1W SRAM; row = word / N2): the words of an
                               MB column and those of N2 consecutive block columns (a load or unload cycle)
                               lie in different banks */
} fg_ldpc_arch_sched;

void fg_ldpc_arch_schedule(const fg_ldpc_arch *a, fg_ldpc_arch_sched *s);

/* Number of macro-layers and of non-empty MBs per iteration. */
int fg_ldpc_arch_macro_layers(const fg_ldpc_arch *a);
int fg_ldpc_arch_mbs_per_iter(const fg_ldpc_arch *a);

/* ---- The trace as port words ----
 * One line per cycle of unsigned words, the same in `fecforge arch ldpc --trace` and the "trace"
 * stream of an LDPC vector set (vectors/FORMAT.md): fg_ldpc_arch_trace_fields() words, field i
 * named by fg_ldpc_arch_trace_field(a, i, &index, &bits) (index -1 for a scalar, else the port),
 * values from fg_ldpc_arch_trace_values (a field of an idle unit is 0, with its *_v flag 0). */
int fg_ldpc_arch_trace_fields(const fg_ldpc_arch *a);
const char *fg_ldpc_arch_trace_field(const fg_ldpc_arch *a, int i, int *index, int *bits);
void fg_ldpc_arch_trace_values(const fg_ldpc_arch *a, const fg_ldpc_arch_ports *p, int64_t *val);

/* ---- The decoder's ports (fecforge/ports.h), declared once ----
 * The generated decoder's module ports in their order, and the vector sets' streams: the stimulus takes
 * llr_valid_i and llr_i, then code_sel_i, max_iter_i and et_en_i; the expected stream the trace's ports (the
 * read, write and unload ports lane by lane: ren_o[p], raddr_o[p], fwd_o[p], ...), then wdata_o, out_bits_o and
 * iterations_o; llr_ready_o is in neither (the model takes a word whenever it may). The model's structs are not
 * port-level (-1 for an idle unit, Z values per word, don't-care values): the tables bind no member and
 * fg_vecp_ldpc_pack_out packs the expected line. The widths are the configuration's: */
typedef struct {
    int N2;                   /* MB columns: words per cycle */
    int lanes;                /* lanes per word (a multi-code decoder's largest Z) */
    int llr_width, app_width; /* bits of a channel LLR and of an APP value */
    int code_w, iter_w;       /* bits of code_sel_i and of an iteration count */
    int seq_w, mbc_w, addr_w; /* bits of a macro-layer sequence number, an MB column, an LLR-memory word address */
} fg_ldpc_arch_port_dims;

enum { FG_LDPC_ARCH_PORT_COUNT = 35 };
/* The table for d into out (FG_LDPC_ARCH_PORT_COUNT ports); returns how many. */
int fg_ldpc_arch_port_table(const fg_ldpc_arch_port_dims *d, fg_port *out);
/* The widths of the model a's vector sets: `lanes` lanes, code_sel_i up to code_index, the rest the model's (those
 * of the trace, fg_ldpc_arch_trace_field). */
void fg_ldpc_arch_port_dims_of(const fg_ldpc_arch *a, int lanes, int code_index, fg_ldpc_arch_port_dims *d);

/* ---- Golden vectors (vectors/FORMAT.md, design "ldpc") ----
 * frames codewords of random information bits (frame f from Philox stream f of seed), BPSK/AWGN
 * at ebn0_db (information-bit Eb/N0), quantised to llr_width/llr_frac, decoded back to back.
 * Streams: llr (memory: frames x n input LLRs), stimulus (cycles: llr_valid_i, llr_i, code_sel_i,
 * max_iter_i, et_en_i), expected (cycles: the port trace, the write data, the unload port's hard
 * decisions, the iteration count at done), iterations (table: frame, iteration, syndrome ok), app
 * and hard (memory: one row of n values per table line, the APP values and hard decisions after
 * that iteration), decoded (memory: frames x n final hard decisions), frames (table: frame,
 * iterations, cycle counts). The word ports carry `lanes` lanes per word (a generated multi-code
 * decoder's largest Z; lanes >= Z are 0 on the inputs and expected 0 on the outputs). */
/* The early termination of a design's vector sets (`vectors ldpc --et`): et_en_i on, off, alternating set by set
 * (on, capped), or capped: off with max_iter_i = min(FG_LDPC_VEC_CAPPED_ITER, --iter). */
#define FG_LDPC_VEC_ET_WORDS "syndrome|none|alternate|capped"
enum {
    FG_LDPC_VEC_ET_SYNDROME = 0,
    FG_LDPC_VEC_ET_NONE = 1,
    FG_LDPC_VEC_ET_ALTERNATE = 2,
    FG_LDPC_VEC_ET_CAPPED = 3,
    FG_LDPC_VEC_CAPPED_ITER = 5
};
typedef struct {
    int frames;      /* [1, 10000] */
    double ebn0_db;  /* [-50, 100] */
    uint64_t seed;
    int lanes;       /* lanes per word on the ports, [Z, FG_LDPC_Z_MAX]; 0 = Z */
    int code_index;  /* value of code_sel_i (the code's index in a generated decoder's set), [0, 1023] */
    fg_vec_options options; /* the set's options: manifest "parameters" (write NULL: none) */
} fg_ldpc_vec_params;

/* frames 4, 2 dB, seed 1, lanes 0, code_index 0. */
fg_ldpc_vec_params fg_ldpc_vec_params_default(void);

typedef struct {
    long cycles;          /* trace lines */
    int iterations_total; /* lines of the iterations table */
    int frame_errors;     /* frames whose decision differs from the transmitted codeword */
} fg_ldpc_arch_vec_result;

int fg_ldpc_arch_write_vectors(const char *dir, const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg,
                               const fg_ldpc_vec_params *vp, fg_ldpc_arch_vec_result *res);
/* Their streams and ports (fecforge/vectors.h fg_vec_layout) for the model a of code under cfg, `lanes`
 * lanes per word and code_sel_i up to code_index; frames and iterations: the banks of the memory streams. */
int fg_ldpc_arch_vec_layout(const fg_ldpc_arch *a, const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, int lanes,
                            int code_index, int frames, int iterations, fg_vec_layout *out);

/* ---- Reordering of the base matrix ----
 * Searches a column order (and, with layers != 0, a layer order) that minimises the measured
 * steady-state cycles per iteration of cfg's schedule (fg_ldpc_arch_timing at 3 iterations), then
 * the non-empty MBs: first-improvement pairwise-swap descent from the order in cfg (identity if
 * NULL), then `restarts` perturbations of the best (4 random swaps, Philox stream of seed) each
 * followed by descent; columns only first, then (layers) columns and layers from that result.
 * Deterministic for a seed. Parity and information columns may mix: the memory address only
 * changes where a bit lives, load and unload map back to code order. Results go to col_order_nb
 * and layer_order_mb (the identity, or cfg's order, for layers when layers == 0). */
typedef struct {
    int layers;        /* also permute layers (changes the arithmetic; see above) */
    uint64_t seed;     /* default 1 */
    int restarts;      /* random restarts, [0, 1000], default 8 */
} fg_ldpc_reorder_cfg;

fg_ldpc_reorder_cfg fg_ldpc_reorder_cfg_default(void);

int fg_ldpc_arch_reorder(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, const fg_ldpc_reorder_cfg *rcfg,
                         int *col_order_nb, int *layer_order_mb);

#ifdef __cplusplus
}
#endif
#endif
