/* Two families of the toy program on channels other than AWGN (cli/tests/toy_channels.c). */
#ifndef FG_TOY_CHANNELS_H
#define FG_TOY_CHANNELS_H

#include "fecforge/family.h"

extern const fg_family fg_toy_bsc, fg_toy_bsid;

/* Shared by the toy families, whose configurations (fi->state) start with int k, rep: the encoder (frame f: k
 * bits of Philox stream f, bit i sent rep times at i*rep .. i*rep+rep-1) and the JSON "code" object. */
int fg_toy_rep_encode(const fg_family_inst *fi, uint64_t seed, long long f, uint8_t *ref, uint8_t *sent);
void fg_toy_rep_code_json(const fg_family_inst *fi, fg_json *j);

#endif
