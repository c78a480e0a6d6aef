/* The fixed-point primitives of every hardware datapath: one arithmetic specification shared
 * by the C models, the CUDA kernels (FG_HD) and, one primitive each, the Verilog in rtl/lib/.
 * Conventions (docs/arithmetic.md): two's complement; a w-bit signed value saturates
 * symmetrically to [-(2^(w-1)-1), 2^(w-1)-1]; scaling by 0.75 is (3*x) >> 2 with an
 * arithmetic shift (rounds toward -inf); ties in compare-select pick the lower index.
 * Widths w are in [2, 31]. */
#ifndef FECFORGE_FIXED_H
#define FECFORGE_FIXED_H

#include <math.h>
#include <stdint.h>

#if defined(__CUDACC__)
#define FG_HD __host__ __device__
#else
#define FG_HD
#endif

/* Largest magnitude of a w-bit symmetric signed value: 2^(w-1) - 1. */
static inline FG_HD int32_t fg_fx_max(int w) { return (int32_t)((1u << (w - 1)) - 1u); }

/* Clamp x to [-(2^(w-1)-1), 2^(w-1)-1]. */
static inline FG_HD int32_t fg_fx_sat(int64_t x, int w)
{
    const int64_t m = fg_fx_max(w);
    return (int32_t)(x > m ? m : (x < -m ? -m : x));
}

/* fg_fx_sat of a value already in int32 (e.g. the exact sum or difference of two values of at most
 * 30 bits): the same clamp in 32-bit arithmetic, which a GPU does in one instruction pair where the
 * 64-bit form takes several. fg_fx_sat32(x, w) == fg_fx_sat(x, w) for every int32 x. */
static inline FG_HD int32_t fg_fx_sat32(int32_t x, int w)
{
    const int32_t m = fg_fx_max(w);
    return x > m ? m : (x < -m ? -m : x);
}

/* Saturating w-bit add and subtract of w-bit operands. */
static inline FG_HD int32_t fg_fx_add(int32_t a, int32_t b, int w) { return fg_fx_sat((int64_t)a + b, w); }
static inline FG_HD int32_t fg_fx_sub(int32_t a, int32_t b, int w) { return fg_fx_sat((int64_t)a - b, w); }

/* Arithmetic shift right of a 64-bit intermediate: floor division by 2^s, s in [0, 62], written
 * without right-shifting a negative value (implementation-defined in C). */
static inline FG_HD int64_t fg_fx_asr64(int64_t x, int s)
{
    return x >= 0 ? (x >> s) : -((-x + (((int64_t)1 << s) - 1)) >> s);
}

/* Arithmetic shift right: floor(x / 2^s), s in [0, 31]; exact for every int32 x. */
static inline FG_HD int32_t fg_fx_asr(int32_t x, int s) { return (int32_t)fg_fx_asr64(x, s); }

/* Scale by 0.75: (3*x) >> 2, arithmetic shift, with 3*x in a 64-bit intermediate (as wide as
 * the hardware product). |result| <= |x|, so no saturation is needed. */
static inline FG_HD int32_t fg_fx_scale075(int32_t x) { return (int32_t)fg_fx_asr64(3 * (int64_t)x, 2); }

/* The same in 32-bit arithmetic for |x| <= 2^29 (3x fits int32): floor(3x / 4) as ~((~3x) >> 2) for a
 * negative 3x (no right shift of a negative value). fg_fx_scale075_32(x) == fg_fx_scale075(x) there. */
static inline FG_HD int32_t fg_fx_scale075_32(int32_t x)
{
    const int32_t t = 3 * x;
    return t >= 0 ? t >> 2 : ~((~t) >> 2);
}

/* Generic scale by num / 2^shift: (num * x) >> shift, arithmetic shift (rounds toward -inf), with
 * num * x in a 64-bit intermediate. num in [1, 2^shift] and shift in [0, 30] give |result| <= |x|,
 * so no saturation is needed. fg_fx_scale(x, 3, 2) == fg_fx_scale075(x) for every x. */
static inline FG_HD int32_t fg_fx_scale(int32_t x, int32_t num, int shift)
{
    return (int32_t)fg_fx_asr64((int64_t)num * x, shift);
}

/* Scale by num / 2^shift rounded to nearest, halves up: (num * x + 2^(shift-1)) >> shift (no
 * rounding constant when shift = 0), arithmetic shift, 64-bit intermediate. Meant for magnitudes
 * (x >= 0), where halves round away from zero; for x >= 0, num in [1, 2^shift], shift in [0, 30] the
 * result is in [0, x]. fg_fx_scale_rnd(x, 3, 2): 1 -> 1, 2 -> 2, 3 -> 2, 31 -> 23, 63 -> 47. */
static inline FG_HD int32_t fg_fx_scale_rnd(int32_t x, int32_t num, int shift)
{
    const int64_t half = shift > 0 ? (int64_t)1 << (shift - 1) : 0;
    return (int32_t)fg_fx_asr64((int64_t)num * x + half, shift);
}

/* Shift right by s rounding to nearest, halves away from zero (symmetric, no bias):
 * sign(x) * ((|x| + 2^(s-1)) >> s); s = 0 gives x. s in [0, 30], x in the symmetric int32 range.
 * |result| <= ceil(|x| / 2^s). fg_fx_rshift_rnd(x, 1): 1 -> 1, 2 -> 1, 3 -> 2, -3 -> -2, 31 -> 16. */
static inline FG_HD int32_t fg_fx_rshift_rnd(int32_t x, int s)
{
    if (s == 0)
        return x;
    const int64_t a = x < 0 ? -(int64_t)x : (int64_t)x;
    const int32_t m = (int32_t)((a + ((int64_t)1 << (s - 1))) >> s);
    return x < 0 ? -m : m;
}

/* R_old as a layered decoder subtracts it from a w-bit APP value l: 0 when l is saturated
 * (|l| = 2^(w-1)-1) and r has the same sign as l (the saturated APP is taken to hold r in the part
 * that saturation cut off, so a saturated APP is not drained by R_old), r otherwise. */
static inline FG_HD int32_t fg_fx_rold_keep(int32_t l, int32_t r, int w)
{
    return (l == fg_fx_max(w) && r > 0) || (l == -fg_fx_max(w) && r < 0) ? 0 : r;
}

static inline FG_HD int32_t fg_fx_min(int32_t a, int32_t b) { return b < a ? b : a; }
static inline FG_HD int32_t fg_fx_max2(int32_t a, int32_t b) { return b > a ? b : a; }

/* Compare-select: index (0 or 1) of the larger value; a tie picks 0 (the lower index). */
static inline FG_HD int fg_fx_argmax2(int32_t a, int32_t b) { return b > a ? 1 : 0; }

/* Sign-magnitude helpers: sign bit (1 = negative), magnitude, and the value back. */
static inline FG_HD int fg_fx_sign(int32_t x) { return x < 0; }
static inline FG_HD int32_t fg_fx_abs(int32_t x) { return x < 0 ? -x : x; }
static inline FG_HD int32_t fg_fx_from_sm(int sign, int32_t mag) { return sign ? -mag : mag; }

/* Modulo (wrap-around) arithmetic, for state metrics normalised by two's complement overflow
 * (docs/arithmetic.md "Modulo arithmetic"): a w-bit register keeps x mod 2^w, read as a signed value
 * in the full two's complement range [-2^(w-1), 2^(w-1)-1] (no saturation, -2^(w-1) included).
 * Two values whose true difference d satisfies |d| < 2^(w-1) are compared by the sign of their
 * wrapped difference, which is then d itself. w in [2, 31]. */

/* x mod 2^w as a signed w-bit value: the low w bits of x, sign-extended. Any int64 x. */
static inline FG_HD int32_t fg_fx_wrap(int64_t x, int w)
{
    const uint64_t half = (uint64_t)1 << (w - 1), mask = ((uint64_t)1 << w) - 1u;
    return (int32_t)((int64_t)(((uint64_t)x + half) & mask) - (int64_t)half);
}

/* fg_fx_wrap of an int32 in 32-bit arithmetic (w in [2, 31]): fg_fx_wrap32(x, w) == fg_fx_wrap(x, w) for
 * every int32 x, in two or three GPU instructions where the 64-bit form takes several. */
static inline FG_HD int32_t fg_fx_wrap32(int32_t x, int w)
{
    const uint32_t half = 1u << (w - 1), mask = (1u << w) - 1u;
    return (int32_t)(((uint32_t)x + half) & mask) - (int32_t)half;
}

/* Wrapping w-bit add and subtract: the w-bit adder without overflow detection. */
static inline FG_HD int32_t fg_fx_mod_add(int32_t a, int32_t b, int w) { return fg_fx_wrap((int64_t)a + b, w); }
static inline FG_HD int32_t fg_fx_mod_sub(int32_t a, int32_t b, int w) { return fg_fx_wrap((int64_t)a - b, w); }

/* Modulo compare-select: 1 if b is larger than a by modulo difference (wrap(b - a) > 0), else 0
 * (a tie picks 0, the lower index); and the selected value. */
static inline FG_HD int fg_fx_mod_argmax2(int32_t a, int32_t b, int w) { return fg_fx_mod_sub(b, a, w) > 0; }
static inline FG_HD int32_t fg_fx_mod_max2(int32_t a, int32_t b, int w) { return fg_fx_mod_argmax2(a, b, w) ? b : a; }

/* Hard decision under LLR = log(P(0)/P(1)): a negative LLR decides 1, zero decides 0. */
static inline FG_HD int fg_fx_hard(int32_t llr) { return llr < 0; }

/* Quantise a real LLR to w-bit signed Q(w-f).f: round(llr * 2^f) with halves rounded away from
 * zero (C round()), saturated symmetrically to +-(2^(w-1)-1). f in [0, w-1]; NaN gives 0.
 * Scaling by 2^f is exact, so the half-way cases are decided on the exact product. */
static inline FG_HD int32_t fg_fx_quantize(double llr, int w, int f)
{
    const double m = (double)fg_fx_max(w);
    const double v = round(llr * (double)(1u << f));
    if (!(v == v))
        return 0;
    return (int32_t)(v > m ? m : (v < -m ? -m : v));
}

#endif
