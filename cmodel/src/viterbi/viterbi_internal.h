/* Shared inside the viterbi module (not installed). */
#ifndef FG_VITERBI_INTERNAL_H
#define FG_VITERBI_INTERNAL_H

#include "fecforge/viterbi.h"

/* FG_EINVAL naming the parameter for a bad code, an ending out of range, or k out of [1, FG_VIT_BITS_MAX]
 * (tail-biting: [K-1, FG_VIT_BITS_MAX]): the frame checks of the encoder, the depuncturer and the BCJR decoder. */
int fg_vit_frame_check(const fg_vit_code *c, fg_vit_ending e, int k);

#endif
