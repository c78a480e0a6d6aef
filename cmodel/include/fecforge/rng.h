/* Philox4x32-10, the counter-based generator of Salmon, Moraes, Dror and Shaw, "Parallel random
 * numbers: as easy as 1, 2, 3" (SC'11). A value is a pure function of (seed, stream, counter):
 *
 *   key     = { seed lo, seed hi }
 *   counter = { block lo, block hi, stream lo, stream hi }
 *
 * so any thread (CPU, GPU, another process) computes the same numbers for the same
 * (seed, stream, index) without sharing state. Frame f of a simulation uses stream f.
 * Each block gives four 32-bit words; word index i of a stream lies in block i / 4 at position i % 4.
 * Everything is static inline FG_HD so the CUDA kernels use this very code.
 * Conventions: docs/arithmetic.md. */
#ifndef FECFORGE_RNG_H
#define FECFORGE_RNG_H

#include "fecforge/fixed.h" /* FG_HD */

#include <math.h>
#include <stdint.h>

#define FG_PHILOX_M0 0xD2511F53u /* round multipliers */
#define FG_PHILOX_M1 0xCD9E8D57u
#define FG_PHILOX_W0 0x9E3779B9u /* Weyl key increments (golden ratio, sqrt(3) - 1) */
#define FG_PHILOX_W1 0xBB67AE85u

/* Sub-streams of one stream, by block offset, so that different uses inside one frame never
 * share numbers: the channel noise starts at block 0, random information bits at block 2^32. */
#define FG_RNG_SUB_NOISE 0ull
#define FG_RNG_SUB_BITS (1ull << 32)

/* The raw Philox4x32-10 bijection: out = philox(ctr, key). out may alias ctr. */
static inline FG_HD void fg_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4])
{
    uint32_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3];
    uint32_t k0 = key[0], k1 = key[1];
    for (int r = 0; r < 10; r++) {
        if (r > 0) { /* key schedule: bump before every round but the first */
            k0 += FG_PHILOX_W0;
            k1 += FG_PHILOX_W1;
        }
        const uint64_t p0 = (uint64_t)FG_PHILOX_M0 * c0;
        const uint64_t p1 = (uint64_t)FG_PHILOX_M1 * c2;
        const uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0;
        const uint32_t n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
        c1 = (uint32_t)p1;
        c3 = (uint32_t)p0;
        c0 = n0;
        c2 = n2;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
}

/* Block `block` (four words) of stream `stream` under `seed`. */
static inline FG_HD void fg_rng_block(uint64_t seed, uint64_t stream, uint64_t block, uint32_t out[4])
{
    const uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    const uint32_t ctr[4] = {(uint32_t)block, (uint32_t)(block >> 32), (uint32_t)stream,
                             (uint32_t)(stream >> 32)};
    fg_philox4x32_10(ctr, key, out);
}

/* Word `index` of stream `stream`, stateless: word index % 4 of block index / 4 (so this reaches
 * blocks below 2^62; fg_rng_block reaches all 2^64). */
static inline FG_HD uint32_t fg_rng_u32_at(uint64_t seed, uint64_t stream, uint64_t index)
{
    uint32_t b[4];
    fg_rng_block(seed, stream, index >> 2, b);
    return b[index & 3u];
}

/* 64 random bits -> double in the open interval (0, 1): k = the top 53 bits, u = k * 2^-53,
 * and k = 0 gives 2^-54 instead of 0 (probability 2^-53). Every value is exact; u < 1 always. */
static inline FG_HD double fg_rng_u64_to_open01(uint64_t x)
{
    const uint64_t k = x >> 11;
    return k ? (double)k * (1.0 / 9007199254740992.0) : 1.0 / 18014398509481984.0; /* 2^-53, 2^-54 */
}

/* Box-Muller: two uniforms in (0, 1) -> two independent standard Gaussians. */
static inline FG_HD void fg_rng_box_muller(double u1, double u2, double *z0, double *z1)
{
    const double r = sqrt(-2.0 * log(u1));
    const double t = 6.283185307179586476925286766559 * u2;
    *z0 = r * cos(t);
    *z1 = r * sin(t);
}

/* Gaussian pair j of a stream, stateless: u1 from words 0,1 and u2 from words 2,3 of block
 * `block` (first word = high half). Equals what fg_rng_normal yields from a stream positioned
 * at that block. */
static inline FG_HD void fg_rng_normal2_at(uint64_t seed, uint64_t stream, uint64_t block, double z[2])
{
    uint32_t b[4];
    fg_rng_block(seed, stream, block, b);
    fg_rng_box_muller(fg_rng_u64_to_open01(((uint64_t)b[0] << 32) | b[1]),
                      fg_rng_u64_to_open01(((uint64_t)b[2] << 32) | b[3]), &z[0], &z[1]);
}

/* A sequential reader of one stream: words in index order, buffered one block at a time. */
typedef struct {
    uint64_t seed, stream;
    uint64_t block;   /* next block to generate */
    uint32_t buf[4];  /* current block */
    int pos;          /* next word of buf; 4 = empty */
    int has_spare;    /* the second Gaussian of the last Box-Muller pair is pending */
    double spare;
} fg_rng;

/* Position the reader at block `block` (word 4*block) of (seed, stream). */
static inline FG_HD void fg_rng_init_at(fg_rng *r, uint64_t seed, uint64_t stream, uint64_t block)
{
    r->seed = seed;
    r->stream = stream;
    r->block = block;
    r->pos = 4;
    r->has_spare = 0;
    r->spare = 0.0;
    r->buf[0] = r->buf[1] = r->buf[2] = r->buf[3] = 0;
}

static inline FG_HD void fg_rng_init(fg_rng *r, uint64_t seed, uint64_t stream)
{
    fg_rng_init_at(r, seed, stream, 0);
}

/* Next word: word i of the stream on the i-th call (counted from the start block). */
static inline FG_HD uint32_t fg_rng_next_u32(fg_rng *r)
{
    if (r->pos == 4) {
        fg_rng_block(r->seed, r->stream, r->block++, r->buf);
        r->pos = 0;
    }
    return r->buf[r->pos++];
}

/* Uniform in (0, 1) from the next two words (the first is the high half). */
static inline FG_HD double fg_rng_uniform(fg_rng *r)
{
    const uint64_t hi = fg_rng_next_u32(r);
    return fg_rng_u64_to_open01((hi << 32) | fg_rng_next_u32(r));
}

/* Standard Gaussian. Draws u1, u2 (four words) for a pair, returns the cosine branch and
 * keeps the sine branch for the next call. */
static inline FG_HD double fg_rng_normal(fg_rng *r)
{
    if (r->has_spare) {
        r->has_spare = 0;
        return r->spare;
    }
    const double u1 = fg_rng_uniform(r);
    const double u2 = fg_rng_uniform(r);
    double z0, z1;
    fg_rng_box_muller(u1, u2, &z0, &z1);
    r->spare = z1;
    r->has_spare = 1;
    return z0;
}

#endif
