/* Output order of P parallel radix-4 XMAP SISO decoders and the extrinsic-memory bank mappings
 * (thesis 4.2.1, Fig. 4.6; docs/conflicts.md has the picture).
 *
 * K is split into P = PLLR/4 sub-blocks of L = 4*ceil(K/PLLR) positions (the last ones may be
 * short or empty: positions >= K are padding, and their lanes are idle). In each SISO the alpha
 * and beta recursions cross in the middle of the sub-block; from then on, for C0 = L/4 cycles,
 * SISO p emits 4 LLRs per cycle c, on lanes 4p+0 .. 4p+3:
 *     lane 4p+0: offset L/2 + 2c       (alpha unit, forward)
 *     lane 4p+1: offset L/2 + 2c + 1
 *     lane 4p+2: offset L/2 - 1 - 2c   (beta unit, backward)
 *     lane 4p+3: offset L/2 - 2 - 2c
 * Reads of the next half-iteration are in natural order and happen while the recursions run
 * towards the crossing point: in read cycle t lane 4p+r reads offset 2t, 2t+1, L-1-2t, L-2-2t
 * for r = 0..3. */
#ifndef FECFORGE_XMAP_SCHEDULE_H
#define FECFORGE_XMAP_SCHEDULE_H

#include <stdint.h>

#include "fecforge/interleaver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int K;
    int pllr;    /* LLRs written per cycle, 4 per SISO */
    int P;       /* SISO decoders = pllr / 4 */
    int L;       /* sub-block length, a multiple of 4 */
    int cycles;  /* C0 = L / 4 = ceil(K / pllr) output cycles */
} fg_xmap_schedule;

enum { FG_PLLR_MAX = 1024 };

/* K >= 1, pllr a multiple of 4 in [4, FG_PLLR_MAX]. */
int fg_xmap_schedule_init(fg_xmap_schedule *s, int K, int pllr);

/* Natural position of the LLR that lane emits in output cycle c (0 <= c < cycles), or -1 when
 * the lane is idle (padding beyond K). */
static inline int fg_xmap_position(const fg_xmap_schedule *s, int c, int lane)
{
    const int r = lane & 3, half = s->L >> 1;
    const int o = r == 0 ? half + 2 * c : r == 1 ? half + 2 * c + 1 : r == 2 ? half - 1 - 2 * c : half - 2 - 2 * c;
    const int pos = (lane >> 2) * s->L + o;
    return pos < s->K ? pos : -1;
}

/* The lane and cycle that read natural position pos (0 <= pos < K) in the next half-iteration. */
static inline void fg_xmap_read_slot(const fg_xmap_schedule *s, int pos, int *lane, int *cycle)
{
    const int p = pos / s->L, o = pos - p * s->L;
    if (o < (s->L >> 1)) {
        *lane = 4 * p + (o & 1);
        *cycle = o >> 1;
    } else {
        const int b = s->L - 1 - o;
        *lane = 4 * p + 2 + (b & 1);
        *cycle = b >> 1;
    }
}

/* Bank mappings of the M extrinsic memory banks.
 *  xmap:  bank = read lane * (M/PLLR) + read cycle mod (M/PLLR); row = read cycle / (M/PLLR).
 *         Needs M a multiple of PLLR; natural-order reads are conflict-free by construction.
 *  xmap-xor: xmap with the lane pair swapped and the sub-bank rotated by hashes of the read cycle
 *         (see fg_bank_map_locate); also conflict-free for reads, and it breaks the UMTS structure
 *         that makes xmap's write traffic bursty (docs/dbcf.md).
 *  mod:   bank = addr mod M, row = addr / M.
 *  block: bank = addr / ceil(K/M), row = addr mod ceil(K/M). */
typedef enum { FG_MAP_XMAP = 0, FG_MAP_MOD = 1, FG_MAP_BLOCK = 2, FG_MAP_XMAP_XOR = 3 } fg_bank_mapping;
/* The words of an option that names a bank mapping (fecforge/options.h CHOICE, in enum order). */
#define FG_MAPPING_WORDS "xmap|mod|block|xmap-xor"

typedef struct {
    fg_bank_mapping mapping;
    int banks;   /* M */
    int depth;   /* rows per bank */
    int sub;     /* xmap: M / PLLR */
    int block;   /* block: ceil(K/M) */
    fg_xmap_schedule sched;
} fg_bank_map;

int fg_bank_mapping_parse(const char *name, fg_bank_mapping *out);
const char *fg_bank_mapping_name(fg_bank_mapping m);

/* banks in [1, 4096]; xmap needs banks a multiple of pllr. */
int fg_bank_map_init(fg_bank_map *m, fg_bank_mapping mapping, int banks, const fg_xmap_schedule *s);

static inline void fg_bank_map_locate(const fg_bank_map *m, int addr, int *bank, int *row)
{
    switch (m->mapping) {
    case FG_MAP_MOD:
        *bank = addr % m->banks;
        *row = addr / m->banks;
        return;
    case FG_MAP_BLOCK:
        *bank = addr / m->block;
        *row = addr % m->block;
        return;
    case FG_MAP_XMAP_XOR: {
        /* Like xmap, but the low address bits no longer pick the bank alone (UMTS writes of one
         * matrix row share k mod 4): the two LLRs a recursion reads in read cycle t go to its lane
         * pair's banks swapped when parity(t >> 1) = 1, and the sub-bank of read cycle t is rotated
         * by popcount(t / sub). Both are bijections per cycle (lanes) and per group of sub cycles
         * (sub-banks), so natural-order reads stay conflict-free and rows stay unique. */
        int lane, t;
        fg_xmap_read_slot(&m->sched, addr, &lane, &t);
        lane ^= __builtin_parity((unsigned)t >> 1);
        *bank = lane * m->sub + (t + __builtin_popcount((unsigned)(t / m->sub))) % m->sub;
        *row = t / m->sub;
        return;
    }
    default: {
        int lane, t;
        fg_xmap_read_slot(&m->sched, addr, &lane, &t);
        *bank = lane * m->sub + t % m->sub;
        *row = t / m->sub;
        return;
    }
    }
}

/* Half-iteration write directions under balanced scheduling (thesis 4.4): the first decoder
 * writes the LLR of natural position j to address pi^-1(j) (interleave), the second writes the
 * LLR of its position k to address pi(k) (deinterleave); both then read in natural order. */
typedef enum { FG_DIR_INTERLEAVE = 0, FG_DIR_DEINTERLEAVE = 1 } fg_direction;
const char *fg_direction_name(fg_direction d);

/* Write-address table of a direction: addr_K[pos] for pos in [0, K). */
int fg_write_addresses(fg_std std, int K, fg_direction dir, int32_t *addr_K);

#ifdef __cplusplus
}
#endif
#endif
