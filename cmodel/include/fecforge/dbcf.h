/* Double-buffer contention-free (DBCF) write network, cycle-accurate (thesis 4.5.3, Fig. 4.12).
 *
 * PLLR producer lanes (4 per radix-4 XMAP SISO) each write one word per cycle at most; M memory
 * banks accept one write per cycle each. Between them: a FIFO per lane (depth F), a conflict
 * detector, a buffer router that admits at most S words per bank per cycle in an order given by
 * an LFSR priority, a circular buffer per bank (depth B) with bypass into the bank when it is
 * empty. A new word that is neither admitted nor queued (its FIFO is full) is rejected on the
 * lane's port: with free-running producers (DBCF) it is an overflow, counted and lost; with
 * stalling producers (the thesis's single-buffer baseline) the SISO holds it and stalls.
 *
 * One cycle of fg_dbcf_step (all decisions from the registered state and this cycle's inputs,
 * then every register is updated at once; docs/dbcf.md has the full definition):
 *  1. Candidates. Slot 2l is lane l's FIFO head (if the FIFO is not empty), slot 2l+1 its new
 *     word (if valid). Offer mode DUAL offers both; HEAD offers the new word only when the FIFO
 *     is empty (a plain FIFO: the new word queues behind the head).
 *  2. Priority. The 2*PLLR slots are visited cyclically from start = (lfsr * 2*PLLR) >> 16.
 *  3. Router. Bank b admits visited requests while it has admitted fewer than
 *     min(S, B + 1 - occ_b) this cycle (B + 1: the bank itself takes one word this cycle).
 *  4. Bank write. If its buffer is not empty the bank writes the oldest buffered word, else the
 *     first admitted word (bypass); the other admitted words enter the buffer in admission order.
 *  5. FIFOs. An admitted head is popped; a valid new word that was not admitted is pushed; if
 *     the FIFO is still full the word is rejected.
 *  6. LFSR. 16-bit Galois LFSR, x^16 + x^14 + x^13 + x^11 + 1 (period 65535). */
#ifndef FECFORGE_DBCF_H
#define FECFORGE_DBCF_H

#include <stdint.h>

#include "fecforge/interleaver.h"
#include "fecforge/options.h"
#include "fecforge/ports.h"
#include "fecforge/xmap_schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FG_DBCF_OFFER_DUAL = 0, FG_DBCF_OFFER_HEAD = 1 } fg_dbcf_offer;

enum {
    FG_DBCF_SELECT_ALL = 0,  /* select = 0: no selection limit (the thesis's baseline) */
    FG_DBCF_DEPTH_MAX = 4096, /* largest FIFO / buffer depth accepted */
    FG_DBCF_BANKS_MAX = 4096  /* most banks M */
};

typedef struct {
    int pllr;        /* lanes, [1, FG_PLLR_MAX] */
    int banks;       /* M, [1, 4096] */
    int select;      /* S: words admitted per bank per cycle, [1, 2*pllr], or FG_DBCF_SELECT_ALL */
    int fifo_depth;  /* F per lane, [0, FG_DBCF_DEPTH_MAX]; 0 = no FIFO */
    int buf_depth;   /* B per bank, [0, FG_DBCF_DEPTH_MAX]; 0 = bypass only */
    fg_dbcf_offer offer;
    uint16_t lfsr_seed; /* non-zero initial LFSR state */
    int stall;          /* producers: 0 free-running (rejected word lost, DBCF), 1 stalling */
} fg_dbcf_cfg;

/* pllr 32, banks 32, select 3, fifo 8, buf 12 (thesis Table 4.3 row 2), DUAL, seed 0xACE1. */
fg_dbcf_cfg fg_dbcf_cfg_default(void);
int fg_dbcf_cfg_check(const fg_dbcf_cfg *cfg);

/* The network's fields as options (fecforge/options.h; offsets into fg_dbcf_cfg): --pllr, --banks,
 * --select S|all, --fifo-depth, --buf-depth, --offer dual|head, --lfsr-seed X (decimal or 0x-hex);
 * and --stall (the producers', a property of the traffic, not of the network) on its own. No
 * defaults: a command sets them in its struct before parsing (fg_dbcf_cfg_default; the help shows
 * them). The ranges that depend on other fields (select <= 2*PLLR; PLLR a multiple of 4 where lanes
 * come from radix-4 SISOs) are checked after parsing. */
extern const fg_opt fg_dbcf_options[];
extern const fg_opt fg_dbcf_stall_option[];

/* A word on a lane or bank port. */
typedef struct {
    uint8_t valid;
    int32_t bank;  /* target bank (lane ports only) */
    int32_t row;   /* address inside the bank */
    int32_t data;  /* payload (LLR, or a tag in verification runs) */
} fg_dbcf_word;

/* Outputs of one cycle; arrays owned by the model, valid until the next step. */
typedef struct {
    const fg_dbcf_word *bank_write_M; /* valid = write enable; row, data */
    const uint8_t *accept_new_P;      /* lane's new word admitted by the router */
    const uint8_t *accept_head_P;     /* lane's FIFO head admitted */
    const uint8_t *reject_P;          /* lane's new word neither admitted nor queued (FIFO full) */
} fg_dbcf_out;

typedef struct fg_dbcf fg_dbcf;

int fg_dbcf_create(const fg_dbcf_cfg *cfg, fg_dbcf **out);
void fg_dbcf_reset(fg_dbcf *d);
void fg_dbcf_destroy(fg_dbcf *d);

/* One clock cycle. lane_P holds the PLLR input words (valid = 0 for an idle lane). */
void fg_dbcf_step(fg_dbcf *d, const fg_dbcf_word *lane_P, fg_dbcf_out *out);

/* Registered state, after the last step. */
int fg_dbcf_fifo_level(const fg_dbcf *d, int lane);
int fg_dbcf_buf_level(const fg_dbcf *d, int bank);
uint16_t fg_dbcf_lfsr(const fg_dbcf *d);
int fg_dbcf_empty(const fg_dbcf *d); /* no word in any FIFO or buffer (the RTL's done_o) */
/* Sticky overflow (the RTL's overflow_o register): 1 once a step rejected a word (reject_P, a word
 * lost: FG_EOVERFLOW), until fg_dbcf_reset. */
int fg_dbcf_overflow(const fg_dbcf *d);

/* Next state of the priority LFSR. */
static inline uint16_t fg_dbcf_lfsr_next(uint16_t s)
{
    return (uint16_t)((s >> 1) ^ ((s & 1u) ? 0xB400u : 0u));
}

/* ---- The ports of the network's RTL twin (docs/rtl-dbcf.md "Ports"), declared once ---- */

enum {
    FG_DBCF_PORTS_MAX = 20,
    FG_DBCF_PORTS_XB = 1,      /* the bank SRAMs outside the network: no read port (bank_rd_row_i, bank_rd_data_o) */
    FG_DBCF_PORTS_RESET = 2,   /* rst_ni a data port of the stimulus (the random traffic's reset in flight) */
    FG_DBCF_PORTS_NO_EMPTY = 4 /* without the state port empty_o (the write path's sets) */
};

/* The one width CW of the level ports: holds F, B + 1 and the 2*PLLR slots. */
int fg_dbcf_level_width(const fg_dbcf_cfg *cfg);

/* The port table (fecforge/ports.h) of network cfg with banks of bank_depth rows and data_width data bits, flags
 * FG_DBCF_PORTS_*, into out (FG_DBCF_PORTS_MAX); returns how many. Stream order: the lanes' inputs lane by
 * lane, the bank read rows; accept/reject lane by lane, the bank write ports bank by bank, the FIFO and buffer
 * levels (their own widths, CW bits in the module), the state ports lfsr_o and empty_o, overflow_o, done_o,
 * the bank read data. It binds no struct: the outputs are the model's arrays and getters. */
int fg_dbcf_ports(const fg_dbcf_cfg *cfg, int bank_depth, int data_width, int flags, fg_port *out);

/* ---- A half-iteration through the network (the memory-conflict testbench) ---- */

typedef struct {
    int C0;            /* cycles the SISOs produce (no conflicts: the last write is in cycle C0) */
    int C1;            /* cycles until the last LLR is written into its bank */
    int dC;            /* C1 - C0 */
    int max_fifo;      /* largest lane FIFO occupancy seen */
    int max_buf;       /* largest bank buffer occupancy seen */
    long overflow;     /* words lost to full FIFOs (free-running producers) */
    long stalls;       /* SISO-cycles spent stalled (stalling producers) */
    long written;      /* bank writes */
    long misplaced;    /* addresses not written exactly once with their own word */
} fg_dbcf_result;

/* Per-cycle observer (trace); may be NULL. */
typedef void (*fg_dbcf_observer)(void *user, int cycle, const fg_dbcf *d, const fg_dbcf_word *lane_P,
                                 const fg_dbcf_out *out);

/* Drive one half-iteration: XMAP lanes (schedule of map) write position j to address addr_K[j],
 * located by map; the word's data is the position j (a unique tag), so every bank cell can be
 * checked. Free-running SISOs emit step c in cycle c. A stalling SISO offers the words of its
 * current step until all are taken (admitted or queued) and only then moves to its next step. */
int fg_dbcf_half_iteration(const fg_dbcf_cfg *cfg, const fg_bank_map *map, const int32_t *addr_K,
                           fg_dbcf_observer obs, void *user, fg_dbcf_result *res);

/* Convenience: standard interleaver, K, direction, mapping. */
int fg_dbcf_run(const fg_dbcf_cfg *cfg, fg_std std, int K, fg_direction dir, fg_bank_mapping mapping,
                fg_dbcf_result *res);

/* Storage of a configuration in bits: FIFO words carry bank + row + data, buffer words row + data. */
long fg_dbcf_buffer_bits(const fg_dbcf_cfg *cfg, int bank_depth, int data_bits);

#ifdef __cplusplus
}
#endif

/* ---- Studies: worst case over a set of block sizes, and the design-space sweep ---- */

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_DIRS_INTERLEAVE = 1, FG_DIRS_DEINTERLEAVE = 2, FG_DIRS_BOTH = 3 };

/* Worst case of each result field over the K set, per direction and for both together
 * (overflow, stalls, written and misplaced are sums; the others maxima). */
typedef struct {
    fg_dbcf_result dir[2];   /* [FG_DIR_INTERLEAVE], [FG_DIR_DEINTERLEAVE] */
    fg_dbcf_result all;
    int worst_K[2];          /* K with the largest dC per direction */
    int worst_K_all;
    int sizes_run;           /* block sizes simulated (fewer when stopped early) */
    int bank_depth;          /* largest bank depth over the set */
} fg_dbcf_worst;

/* Progress callback: done of total block sizes; may be NULL. */
typedef void (*fg_progress_fn)(void *user, long done, long total);

/* Simulate every K of K_n for the directions in dirs (FG_DIRS_*). With stop_on_loss, stop at the
 * first K that overflows or misplaces a word (used by the sweep to reject a configuration). */
int fg_dbcf_worst_case(const fg_dbcf_cfg *cfg, fg_std std, const int *K_n, int n, int dirs,
                       fg_bank_mapping mapping, int stop_on_loss, fg_progress_fn progress, void *user,
                       fg_dbcf_worst *out);

/* Design-space exploration: every combination of the listed banks, select, FIFO and buffer
 * depths (other fields from base); a point is feasible when nothing overflowed or was misplaced
 * for any K of the set in the chosen directions. */
typedef struct {
    fg_dbcf_cfg cfg;
    int feasible;
    int dC;            /* worst over the K set and directions */
    int max_fifo, max_buf;
    long bits;         /* fg_dbcf_buffer_bits at the largest bank depth */
    int pareto;        /* 1 if on the front of (bits, dC) among feasible points with the same M and S */
} fg_dbcf_point;

typedef struct {
    const int *banks; int n_banks;
    const int *select; int n_select;
    const int *fifo; int n_fifo;
    const int *buf; int n_buf;
    int data_bits;     /* LLR width for the bit count (thesis: 6) */
    int threads;       /* worker threads, 0 = one per online CPU; results do not depend on it */
} fg_dbcf_grid;

/* points must hold n_banks*n_select*n_fifo*n_buf entries; *n_points receives that count. */
int fg_dbcf_sweep(const fg_dbcf_cfg *base, const fg_dbcf_grid *grid, fg_std std, const int *K_n, int n,
                  int dirs, fg_bank_mapping mapping, fg_progress_fn progress, void *user,
                  fg_dbcf_point *points, int *n_points);

#ifdef __cplusplus
}
#endif
#endif
