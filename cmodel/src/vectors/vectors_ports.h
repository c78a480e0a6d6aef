/* Port layouts of the IAG and subsystem vector sets, in one place: the vector writers pack the step
 * models' inputs and outputs with them, and the port-level models (vectors_model.c) unpack a
 * stimulus line into model inputs with them. in_v / ex_v / ex_x are a stimulus / expected line. */
#ifndef FG_VECTORS_PORTS_H
#define FG_VECTORS_PORTS_H

#include "fecforge/subsystem.h"

#include <stddef.h>
#include <stdint.h>

enum { FG_VECP_POS_BITS = 13 }; /* positions and addresses < 2^13 (K <= 6144) */

/* The bank read port of the DBCF and subsystem sets (fg_sram_1r1w, read latency 1): a shadow of
 * the M bank memories (depth rows, data masked) built from the bank write ports, and the read
 * register. Rows are driven on bank_rd_row_i; bank_rd_data_o during cycle n is the row driven in
 * cycle n-1 as the memory was before that cycle's writes; no value (x) in cycle 0 and for a cell
 * not written by then. */
typedef struct {
    int M, depth;
    int64_t mask;
    int64_t *mem;    /* M * depth cells, bank * depth + row */
    uint8_t *written;
    int64_t *rd_M;   /* read register: bank_rd_data_o of the next cycle */
    uint8_t *rd_x_M; /* 1: no value */
} fg_vecp_banks;
int fg_vecp_banks_init(fg_vecp_banks *b, int M, int depth, int64_t mask); /* 0 or FG_ENOMEM */
void fg_vecp_banks_free(fg_vecp_banks *b);
/* One cycle: rd_v_M / rd_x_M get bank_rd_data_o during the cycle; then the clock edge: the read of
 * rows_M (old contents), then the writes of bank_write_M (valid = write enable). */
void fg_vecp_banks_step(fg_vecp_banks *b, const int64_t *rows_M, const fg_dbcf_word *bank_write_M, int64_t *rd_v_M,
                        uint8_t *rd_x_M);

/* Subsystem: stimulus k_i, start_i, inverse_i, then per lane valid, x, llr (masked), then per bank
 * bank_rd_row_i; expected ready_o, per lane err, accept_new, accept_head, reject; per bank we, row,
 * data (row and data don't-care without we); the registers during the cycle (regs: per lane FIFO
 * level, per bank buffer level, the LFSR, overflow_o, done_o: fg_vecp_subsys_n_regs values); per bank
 * bank_rd_data_o (fg_vecp_banks). */
static inline int fg_vecp_subsys_n_in(int P, int M) { return 3 + 3 * P + M; }
static inline int fg_vecp_subsys_n_regs(int P, int M) { return P + M + 3; }
static inline int fg_vecp_subsys_n_ex(int P, int M) { return 1 + 4 * P + 3 * M + fg_vecp_subsys_n_regs(P, M) + M; }
/* rows_M: the bank read rows (NULL: all 0). */
void fg_vecp_subsys_pack_in(int K, int64_t mask, const fg_subsys_in *in, const int64_t *rows_M, int P, int M,
                            int64_t *in_v);
/* *rows_M points into in_v. */
void fg_vecp_subsys_unpack_in(const int64_t *in_v, int P, fg_subsys_lane_in *lane_in_P, fg_subsys_in *in,
                              const int64_t **rows_M);
/* regs: fg_vecp_subsys_n_regs values; rd_v_M / rd_x_M: bank_rd_data_o (fg_vecp_banks_step). */
void fg_vecp_subsys_pack_out(const fg_subsys_out *out, int P, int M, int64_t mask, const int64_t *regs,
                             const int64_t *rd_v_M, const uint8_t *rd_x_M, int64_t *ex_v, uint8_t *ex_x);
/* The registered levels, LFSR, overflow and done (fg_dbcf_empty) of s now: what the next cycle shows. */
void fg_vecp_subsys_levels(const fg_subsys *s, int P, int M, int64_t *regs);

/* LDPC sets (vectors_ldpc.c, the ldpc port-level model): the expected line of one cycle of the
 * step model a: its trace fields, wdata_o and out_bits_o (N2 words of `lanes` lanes; lanes >= Z 0)
 * and iterations_o (don't care except at done). */
#include "fecforge/ldpc_arch.h"
static inline int fg_vecp_ldpc_n_ex(const fg_ldpc_arch *a, int N2, int lanes)
{
    return fg_ldpc_arch_trace_fields(a) + 2 * N2 * lanes + 1;
}
void fg_vecp_ldpc_pack_out(const fg_ldpc_arch *a, const fg_ldpc_arch_ports *p, int N2, int z, int lanes, int64_t *ex,
                           uint8_t *ex_x);
/* The stimulus line: llr_valid_i, llr_i (N2 x lanes), code_sel_i, max_iter_i, et_en_i. */
static inline int fg_vecp_ldpc_n_in(int N2, int lanes) { return 4 + N2 * lanes; }

/* Turbo decoder RTL sets (vectors_turbo_arch.c): the port-level model of design "turbo" on the stimulus
 * stream (k_i, half_iters_i, tail_i x 12, ld_valid_i, ld_pos_i, ld_data_i x 4, start_i, hard_rd_pos_i);
 * each step gives the expected line of that cycle. The design's step model fg_turbo_arch starts idle; a
 * start with a valid registered K (re)creates it for that K and half-iteration count and loads the words
 * the load port delivered (x' is the model's own x[pi(k)]). One block per set: a start after done gives a
 * fresh model (the RTL shows done in that cycle, the model idle). */
#include "fecforge/turbo_arch.h"
typedef struct fg_vecp_turbo fg_vecp_turbo;
/* design: the design and a block size of it (the idle block until a start names one). */
int fg_vecp_turbo_create(const fg_turbo_arch_cfg *design, int k_max, int lmax, fg_vecp_turbo **out);
void fg_vecp_turbo_destroy(fg_vecp_turbo *t);
int fg_vecp_turbo_n_in(const fg_vec_turbo_arch_dims *d);
int fg_vecp_turbo_n_ex(const fg_vec_turbo_arch_dims *d);
/* One cycle; 0, or the error of a block the model cannot run (the line then shows an idle design). */
int fg_vecp_turbo_step(fg_vecp_turbo *t, const int64_t *in, int64_t *ex, uint8_t *ex_x);
const fg_turbo_arch *fg_vecp_turbo_arch(const fg_vecp_turbo *t);
/* A turbo frame (vectors_turbo.c): K random information bits of Philox stream `stream` of seed, encoded
 * (cw, N = 3K + 12), BPSK over AWGN at ebn0_db (information-bit Eb/N0, rate K/N) from the same stream (y),
 * quantised with fmt's w_ch and f_ch into q. */
int fg_vecp_turbo_frame(fg_std std, int K, const fg_xmap_fmt *fmt, double ebn0_db, uint64_t seed, uint64_t stream,
                        uint8_t *info, uint8_t *cw, double *y, int32_t *q);

/* ---- port-level models (fg_vec_model_def, vectors.h) ----
 * The built-in designs' models, each defined at the end of its design's vector file and listed once in
 * vectors_model.c's registry. */
extern const fg_vec_model_def fg_vecp_model_dbcf, fg_vecp_model_iag, fg_vecp_model_subsys, fg_vecp_model_ldpc,
    fg_vecp_model_turbo, fg_vecp_model_viterbi;
/* What the models read from a set: manifest parameter key as an int in [lo, hi]; the lane_prog table (P lines
 * of start, stride); that stimulus and expected have n_in and n_ex ports (the layout this library writes); the
 * DBCF's options of a set with a DBCF (fg_dbcf_options: --pllr and --banks when lanes, then --select, ...,
 * --lfsr-seed) and --mapping (mapping NULL: not read); the rows per bank of a set (derived "bank_depth", which
 * a set whose block needs fewer rows than the design's records, else the option's). 0 or FG_EINVAL naming the
 * set and what does not fit. */
int fg_vecp_param_int(const fg_vec_set *set, const char *key, int lo, int hi, int *v);
int fg_vecp_read_prog(const fg_vec_set *set, int P, fg_iag_lane_prog *prog_P);
int fg_vecp_check_layout(const fg_vec_set *set, int n_in, int n_ex);
int fg_vecp_read_dbcf(const fg_vec_set *set, fg_dbcf_cfg *d, int lanes, fg_bank_mapping *mapping);
int fg_vecp_bank_depth(const fg_vec_set *set, int *depth);

/* Viterbi decoder sets (vectors_viterbi.c): the stimulus and expected lines are the decoder's ports
 * (fg_vit_hw_ports). */
#include "fecforge/viterbi_hw.h"

#endif
