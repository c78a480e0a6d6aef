/* Port layouts of the IAG and subsystem vector sets, in one place: the vector writers pack the step
 * models' inputs and outputs with them, and the port-level models (vectors_model.c) unpack a
 * stimulus line into model inputs with them. in_v / ex_v / ex_x are a stimulus / expected line. */
#ifndef FG_VECTORS_PORTS_H
#define FG_VECTORS_PORTS_H

#include "fecforge/subsystem.h"

#include <stdint.h>

enum { FG_VECP_POS_BITS = 13 }; /* positions and addresses < 2^13 (K <= 6144) */

/* IAG: stimulus k_i, start_i, inverse_i, then per lane valid, x; expected ready_o, then per lane
 * valid, err, addr (addr don't-care without valid). */
static inline int fg_vecp_iag_n_in(int P) { return 3 + 2 * P; }
static inline int fg_vecp_iag_n_ex(int P) { return 1 + 3 * P; }
void fg_vecp_iag_pack_in(int K, const fg_iag_in *in, int P, int64_t *in_v);
/* lane_in_P: P entries filled from the line; *in gets start, inverse and lane_in_P. */
void fg_vecp_iag_unpack_in(const int64_t *in_v, int P, fg_iag_lane_in *lane_in_P, fg_iag_in *in);
void fg_vecp_iag_pack_out(const fg_iag_out *out, int P, int64_t *ex_v, uint8_t *ex_x);

/* Subsystem: stimulus k_i, start_i, inverse_i, then per lane valid, x, llr (masked); expected
 * ready_o, per lane err, accept_new, accept_head, reject; per bank we, row, data (row and data
 * don't-care without we); per lane FIFO level, per bank buffer level, the LFSR: the registers
 * during the cycle (levels_PM1: P + M + 1 values). */
static inline int fg_vecp_subsys_n_in(int P) { return 3 + 3 * P; }
static inline int fg_vecp_subsys_n_ex(int P, int M) { return 1 + 4 * P + 3 * M + P + M + 1; }
void fg_vecp_subsys_pack_in(int K, int64_t mask, const fg_subsys_in *in, int P, int64_t *in_v);
void fg_vecp_subsys_unpack_in(const int64_t *in_v, int P, fg_subsys_lane_in *lane_in_P, fg_subsys_in *in);
void fg_vecp_subsys_pack_out(const fg_subsys_out *out, int P, int M, int64_t mask, const int64_t *levels_PM1,
                             int64_t *ex_v, uint8_t *ex_x);
/* The registered levels and LFSR of s now (what the next cycle shows), P + M + 1 values. */
void fg_vecp_subsys_levels(const fg_subsys *s, int P, int M, int64_t *levels_PM1);

#endif
