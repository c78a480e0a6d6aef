/* The 8-state recursive systematic convolutional (RSC) constituent code of the UMTS/HSPA+ and LTE
 * turbo codes (TS 25.212 4.2.3.2.1, TS 36.212 5.1.3.2.1; thesis 4.1.1.1, eq. 4.2):
 * G(D) = [1, g1(D)/g0(D)] with g0(D) = 1 + D^2 + D^3 (feedback, 13 octal) and
 * g1(D) = 1 + D + D^3 (parity, 15 octal).
 *
 * State convention, shared by the encoders, the float decoders, the fixed-point XMAP and the
 * cycle-accurate models: the shift register holds (r1, r2, r3) = (a[k-1], a[k-2], a[k-3]) where
 * a[k] = u[k] ^ r2 ^ r3 is the feedback bit entering the register; the state index is
 * s = 4*r1 + 2*r2 + r3, the all-zero register is state 0. The parity bit is
 * z[k] = a[k] ^ r1 ^ r3. Termination (both standards) feeds u = r2 ^ r3, so a = 0 and the register
 * empties in 3 steps.
 *
 * Radix-4 (two trellis steps merged, thesis 4.2.1): from state s with inputs (u0, u1), first u0
 * then u1. These are FG_HD so CUDA kernels can share them. */
#ifndef FECFORGE_RSC_H
#define FECFORGE_RSC_H

#include "fecforge/fixed.h" /* FG_HD */

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_RSC_STATES = 8, FG_RSC_MEMORY = 3 };

/* Feedback bit a entering the register when u is input in state s. */
static inline FG_HD int fg_rsc_feedback(int s, int u) { return (u ^ (s >> 1) ^ s) & 1; }

/* Next state after input u in state s. */
static inline FG_HD int fg_rsc_next(int s, int u) { return (fg_rsc_feedback(s, u) << 2) | (s >> 1); }

/* Parity output z for input u in state s. */
static inline FG_HD int fg_rsc_parity(int s, int u) { return (fg_rsc_feedback(s, u) ^ (s >> 2) ^ s) & 1; }

/* The input that drives the register towards state 0 (trellis termination): a = 0. */
static inline FG_HD int fg_rsc_tail_input(int s) { return ((s >> 1) ^ s) & 1; }

/* Radix-4 step: next state after inputs u0 then u1, and the two parity bits (bit 0: z0, bit 1: z1). */
static inline FG_HD int fg_rsc_next2(int s, int u0, int u1) { return fg_rsc_next(fg_rsc_next(s, u0), u1); }
static inline FG_HD int fg_rsc_parity2(int s, int u0, int u1)
{
    return fg_rsc_parity(s, u0) | (fg_rsc_parity(fg_rsc_next(s, u0), u1) << 1);
}

#ifdef __cplusplus
}
#endif
#endif
