/* The interleaver write path of a parallel turbo decoder (docs/rtl-subsystem.md): PLLR XMAP lanes
 * emit (x, LLR) per cycle; the on-the-fly address generator (fg_iag_step, latency L) turns x into
 * a = pi(x) (forward) or pi^-1(x) (inverse); the LLR travels beside x through an L-stage delay; the
 * bank mapper locates a in the M extrinsic banks, (bank, row) = fg_bank_map_locate(a), in the
 * IAG's output cycle (combinational, no extra stage); the DBCF network (fg_dbcf_step) writes it.
 *
 * One cycle of fg_subsys_step: the IAG's output registers of this cycle, the delayed LLRs and the
 * mapper give the DBCF's lane words; the DBCF computes its outputs; then every register (IAG, delay
 * line, DBCF) takes its next value. A lane whose IAG output is err (or not valid) sends nothing to
 * the DBCF. The bank memories are written at the end of the cycle from the DBCF's write ports. */
#ifndef FECFORGE_SUBSYSTEM_H
#define FECFORGE_SUBSYSTEM_H

#include <stdint.h>

#include "fecforge/dbcf.h"
#include "fecforge/iag.h"
#include "fecforge/xmap_schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    fg_std std;
    int K;                              /* a block size of std */
    int pllr;                           /* lanes: a multiple of 4 in [4, FG_IAG_LANES_MAX] */
    const fg_iag_lane_prog *prog_lanes; /* pllr entries (fg_iag_xmap_program); NULL = the XMAP program */
    fg_dbcf_cfg dbcf;                   /* dbcf.pllr must equal pllr; dbcf.stall must be 0 */
    fg_bank_mapping mapping;            /* bank mapping of the M = dbcf.banks banks */
} fg_subsys_cfg;

/* UMTS K 5114, pllr 32, XMAP program, fg_dbcf_cfg_default() with banks 64, select 3, FIFO 4,
 * buffer 7 (the checked-in DBCF reference), mapping xmap-xor. */
fg_subsys_cfg fg_subsys_cfg_default(void);

typedef struct {
    uint8_t valid;
    int32_t x;   /* natural position */
    int32_t llr; /* payload */
} fg_subsys_lane_in;

typedef struct {
    uint8_t start;                    /* as fg_iag_in.start */
    uint8_t inverse;                  /* as fg_iag_in.inverse */
    const fg_subsys_lane_in *lane_in; /* pllr entries, NULL = all idle */
} fg_subsys_in;

/* Outputs of one cycle; arrays owned by the model, valid until the next step. */
typedef struct {
    uint8_t ready;                   /* IAG preprocessing done */
    const uint8_t *lane_err_P;       /* IAG lane err of this cycle */
    const fg_iag_lane_out *iag_P;    /* the IAG's lane outputs (valid, err, addr) */
    const fg_dbcf_word *word_P;      /* the DBCF's lane inputs: valid, bank, row, data (delayed LLR) */
    fg_dbcf_out dbcf;                /* accept/reject per lane, write port per bank */
} fg_subsys_out;

typedef struct fg_subsys fg_subsys;

int fg_subsys_create(const fg_subsys_cfg *cfg, fg_subsys **out);
void fg_subsys_reset(fg_subsys *s); /* IAG preprocessing restarts, delay line 0, DBCF empty, banks unwritten */
void fg_subsys_destroy(fg_subsys *s);
void fg_subsys_step(fg_subsys *s, const fg_subsys_in *in, fg_subsys_out *out);

int fg_subsys_latency(const fg_subsys *s);             /* IAG latency L: UMTS 3, LTE 1 */
const fg_bank_map *fg_subsys_map(const fg_subsys *s);  /* the bank mapping (M, depth) */
const fg_dbcf *fg_subsys_dbcf(const fg_subsys *s);     /* registered DBCF state (levels, LFSR) */
const fg_iag *fg_subsys_iag(const fg_subsys *s);
/* Bank memory, M * depth cells at bank * depth + row; written_n[cell] counts the writes. */
const int32_t *fg_subsys_bank_mem(const fg_subsys *s, const uint32_t **written_n);

/* ---- Testbench: one half-iteration in XMAP order ---- */

typedef struct {
    long start_cycle;  /* the cycle with start = 1 (= preprocessing cycles) */
    int latency;       /* L */
    int C0;            /* input cycles: ceil(K / pllr) */
    int C1;            /* cycles from the first input cycle to the last bank write, inclusive */
    int dC;            /* C1 - C0 - L: cycles lost to bank conflicts */
    long trace_cycles; /* cycles stepped from reset: until the inputs are done, the IAG drained and the DBCF empty */
    int max_fifo, max_buf;
    long errs;         /* IAG err outputs */
    long rejected;     /* words the DBCF lost (FIFO full) */
    long written;      /* bank writes */
    long misplaced;    /* positions x whose LLR is not exactly once at map(pi^{+-1}(x)) with its own value */
} fg_subsys_result;

/* Per-cycle observer (may be NULL): the inputs and outputs of cycle `cycle` (from reset), and the
 * model after the cycle's clock edge. */
typedef void (*fg_subsys_observer)(void *user, long cycle, const fg_subsys *s, const fg_subsys_in *in,
                                   const fg_subsys_out *out);

/* Reset s, preprocess, one start cycle in mode `inverse`, C0 input cycles: lane l carries position
 * fg_xmap_position(c, l) with LLR = that position masked to data_width bits (data_width in [1, 31]),
 * then idle until the IAG has delivered everything and the DBCF is empty. Checks every bank cell:
 * the LLR of x exactly once at map(pi^-1(x)) (inverse) or map(pi(x)) (forward) with its value, no
 * other writes. The counts are in res (misplaced > 0 is a result, not an error); FG_ESTATE if the
 * run does not finish. s must use the XMAP lane program (prog_lanes NULL). */
int fg_subsys_half_iteration(fg_subsys *s, int inverse, int data_width, fg_subsys_observer obs, void *user,
                             fg_subsys_result *res);

/* Convenience: create, run, destroy. */
int fg_subsys_run(const fg_subsys_cfg *cfg, int inverse, int data_width, fg_subsys_result *res);

/* The port table of the write path's RTL twin (docs/rtl-subsystem.md; fecforge/ports.h) for network cfg, banks
 * of bank_depth rows and data_width-bit LLRs, into out (FG_SUBSYS_PORTS_MAX); returns how many. The DBCF's rows
 * are fg_dbcf_ports's (its clock, reset, bank read rows and every output; lane_err_o in the lane group of its
 * accepts); the lane programs lane_start_i, lane_stride_i are table ports (the sets' lane_prog). */
enum { FG_SUBSYS_PORTS_MAX = 28 };
int fg_subsys_ports(const fg_dbcf_cfg *cfg, int bank_depth, int data_width, fg_port *out);

#ifdef __cplusplus
}
#endif
#endif
