/* Shared checks of the LDPC decoders (float and fixed). */
#ifndef FG_LDPC_DEC_INTERNAL_H
#define FG_LDPC_DEC_INTERNAL_H

#include "fecforge/ldpc_code.h"

/* The code struct is usable by a decoder: sizes consistent, block lists present, columns ascending
 * within a layer, shifts in [0, z). FG_EINVAL naming the problem otherwise. */
int fg_ldpc_dec_check_code(const fg_ldpc_code *code);

/* Testing hook (not in the public header): run the min-sum kernel with 4-lane vectors, or with
 * 8 lanes (AVX2; FG_EINVAL where not available). The results are identical. */
struct fg_ldpc_dec;
int fg_ldpc_dec_use_lanes(struct fg_ldpc_dec *dec, int lanes);

#endif
