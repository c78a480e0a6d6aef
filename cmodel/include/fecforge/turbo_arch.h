/* Cycle-accurate step model of the multi-standard (HSPA+/LTE) parallel turbo decoder of thesis Fig. 4.15
 * (sections 4.2, 4.4, 4.6, 4.7; docs/turbo-architecture.md has the picture and the cycle budget).
 *
 * P radix-4 XMAP SISOs decode the sub-blocks [pL, pL+L) of xmap_schedule.h (L = 4*ceil(K/(4P)),
 * PLLR = 4P lanes). One half-iteration, counted from its first cycle tau = 0:
 *   tau in [0, C0)                 read cycles (C0 = L/4): lane 4p+r reads the a-priori LLR and the
 *                                  channel LLRs of sub-block offset 2t, 2t+1, L-1-2t, L-2-2t (t = tau)
 *                                  in natural order (balanced scheduling, thesis 4.4); the alpha and
 *                                  beta units run from both ends towards the middle;
 *   tau = C0 + Lmap + c, c < C0    after the crossing, SISO p emits 4 extrinsic LLRs per cycle in the
 *                                  order of fg_xmap_position (Lmap: the SISO pipeline latency);
 *   + Liag                         the on-the-fly IAG (fg_iag_step; UMTS 3, LTE 1) turns the position x
 *                                  into the write address pi^-1(x) (first decoder, interleave) or pi(x)
 *                                  (second decoder, deinterleave); the bank mapper locates it;
 *   write path                     HSPA+: the DBCF network (fg_dbcf_step) writes the banks; LTE: a
 *                                  direct write into banks of the contention-free "qpp" mapping
 *                                  (bank = 4*(a / L) + a mod 4, row = (a mod L) / 4), or the DBCF for
 *                                  the sizes where that mapping has write conflicts (path AUTO).
 * The half-iteration ends in the cycle of its last bank write; the next one starts in the following
 * cycle (its first reads need the whole previous half-iteration). Hence
 *   cycles per half-iteration = 2*C0 + Lmap + Liag + dC   (dC: cycles the DBCF needs beyond that).
 * Before the first half-iteration the IAG preprocesses K (reported apart: it is paid when K changes).
 *
 * fg_turbo_arch_step computes every next register value from the current registers and the
 * input, then commits (the IAG and DBCF sub-models are stepped inside the cycle the same way).
 *
 * Data. FIXED: the SISOs compute the extrinsic LLRs with the per-step datapath of
 * fecforge/turbo_fixed.h (fg_xmap_gamma4, _alpha4, _beta4, _ext4, the radix-2 step for odd K, the
 * tail beta), in the cycles the hardware does (recursion steps in the cycle after their read, the
 * output steps after the crossing), with next-iteration initialisation of the sub-block stakes;
 * the channel LLRs come from fg_turbo_arch_load. TAG: every extrinsic word carries its natural
 * position (the address side checked end to end: each read returns the position the previous
 * half-iteration wrote there). */
#ifndef FECFORGE_TURBO_ARCH_H
#define FECFORGE_TURBO_ARCH_H

#include <stdint.h>

#include "fecforge/dbcf.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"
#include "fecforge/ports.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge/xmap_schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_TURBO_ARCH_P_MAX = FG_IAG_LANES_MAX / 4, /* 64 SISOs: the IAG's lane limit */
    FG_TURBO_ARCH_LATENCY_MAX = 64,
    FG_TURBO_ARCH_LATENCY_DEFAULT = 6, /* docs/turbo-architecture.md: the stage budget behind it */
    FG_TURBO_ARCH_HALF_MAX = 200       /* 100 iterations */
};

/* The write path of the extrinsic LLRs. AUTO: HSPA+ through the DBCF; LTE direct when the qpp
 * mapping is contention-free for (K, P) (fg_turbo_arch_lte_conflicts), else through the DBCF.
 * DIRECT: straight into the banks (UMTS is rejected: its mappings are not contention-free);
 * a bank receiving several words in one cycle is counted as a conflict (the model still writes
 * them all, hardware could not). DBCF: always through the DBCF. SHARED: the multi-standard design
 * of thesis Fig. 4.15, LTE on P SISOs with direct writes and HSPA+ on umts_P SISOs through a DBCF
 * of 4*umts_P lanes; each block runs the configuration fg_turbo_arch_resolve picks (the model's
 * geometry reports it). FIT: a design of one standard and P SISOs (`fecforge gen turbo --std lte|umts`):
 * each block on as many of them as run it without losing a word (fg_turbo_arch_resolve). */
typedef enum {
    FG_TURBO_ARCH_PATH_AUTO = 0,
    FG_TURBO_ARCH_PATH_DIRECT = 1,
    FG_TURBO_ARCH_PATH_DBCF = 2,
    FG_TURBO_ARCH_PATH_SHARED = 3,
    FG_TURBO_ARCH_PATH_FIT = 4
} fg_turbo_arch_path;

typedef enum { FG_TURBO_ARCH_DATA_TAG = 0, FG_TURBO_ARCH_DATA_FIXED = 1 } fg_turbo_arch_data;

typedef struct {
    fg_std std;
    int K;                     /* a block size of std */
    int P;                     /* SISOs, [1, FG_TURBO_ARCH_P_MAX], fitting K (fg_turbo_arch_p_fits); path SHARED:
                                * the design's LTE SISOs, path FIT: its SISOs (a block too short for them runs on fewer) */
    int half_iters;            /* [1, FG_TURBO_ARCH_HALF_MAX]; 11 = 5.5 iterations */
    int siso_latency;          /* Lmap, [1, FG_TURBO_ARCH_LATENCY_MAX] */
    fg_turbo_arch_path path;
    int umts_P;                /* path SHARED: the design's HSPA+ SISOs, [1, P]; 0 = max(1, P/2) (the thesis: 8 of 16) */
    int banks;                 /* extrinsic banks M; 0 = 4P (thesis 4.7). LTE: must be 4P. UMTS: a multiple of 4P.
                                * Paths SHARED and FIT: 0 (set per block) */
    fg_bank_mapping umts_mapping; /* HSPA+ bank mapping: xmap or xmap-xor (natural-order reads conflict-free) */
    fg_dbcf_cfg dbcf;          /* select, FIFO and buffer depths, offer, LFSR seed; pllr and banks are set by the model */
    int dbcf_lanes;            /* DBCF lanes: 0 = 4P; more (a multiple of 4 in [4P, FG_IAG_LANES_MAX]) leaves the lanes
                                * past 4P idle: a shared design's HSPA+ block on fewer SISOs than its DBCF serves
                                * (set by fg_turbo_arch_resolve) */
    fg_turbo_arch_data data;
    fg_xmap_fmt fmt;           /* FIXED: the datapath formats (fg_xmap_fmt_default) */
    int nii;                   /* FIXED: next-iteration initialisation of the stakes (default 1) */
} fg_turbo_arch_cfg;

/* P fits K as for the fixed-point decoder: with L = 4*ceil(K/(4P)), every non-empty sub-block is at
 * least 8 positions long (empty SISOs are idle). */
int fg_turbo_arch_p_fits(int K, int P);

/* LTE, K 6144, P 16, 11 half-iterations, Lmap 6, AUTO, banks 0, xmap-xor, DBCF S 3, F 16, B 24
 * (thesis Table 4.3 row 2 has F 8, B 12: it loses words at a few sizes), TAG data, default
 * formats, NII on. */
fg_turbo_arch_cfg fg_turbo_arch_cfg_default(void);
/* 0, or FG_EINVAL naming the field, its value and the valid range. */
int fg_turbo_arch_cfg_check(const fg_turbo_arch_cfg *cfg);

/* The configuration the hardware runs for cfg->K. Paths other than SHARED and FIT: *run = *cfg. SHARED
 * (docs/turbo-architecture.md "The 63 sizes in hardware"):
 *   UMTS: umts_P SISOs through the DBCF; a block too short for them runs on the largest P' = umts_P / 2^j
 *   that fits it, with the design's DBCF (4 umts_P lanes, the lanes past 4P' idle) and banks (M = 4 umts_P,
 *   umts_P / P' sub-banks per lane);
 *   LTE: P SISOs direct when they fit K and the qpp mapping is conflict-free for (K, P); else the faster, in decode
 *   cycles of this step model (TAG data, cfg's iterations, latency and DBCF), of (a) direct on the
 *   largest P' < P that fits K with a conflict-free qpp mapping and (b) umts_P SISOs through the
 *   HSPA+ DBCF; a run that loses or misplaces a word is not a candidate; a tie goes to (a).
 * FIT: UMTS as SHARED's HSPA+ side with umts_P = P; LTE direct on the largest P' <= P that fits K with a
 * conflict-free qpp mapping (P' = 1 always is).
 * Hardware holds the LTE choice as a table over K computed by this function. FG_EINVAL when no
 * candidate fits K. */
int fg_turbo_arch_resolve(const fg_turbo_arch_cfg *cfg, fg_turbo_arch_cfg *run);
/* Path SHARED: the design's HSPA+ SISOs, cfg->umts_P or, when 0, max(1, P/2). */
int fg_turbo_arch_umts_P(const fg_turbo_arch_cfg *cfg);

/* Parse "5.5" style iteration counts: iterations >= 0.5 in steps of 0.5 -> half-iterations. */
int fg_turbo_arch_parse_iter(const char *text, int *half_iters);

typedef enum { FG_TURBO_ARCH_IDLE = 0, FG_TURBO_ARCH_PREP = 1, FG_TURBO_ARCH_HALF = 2, FG_TURBO_ARCH_DONE = 3 } fg_turbo_arch_state;

/* Observable ports of one cycle (arrays owned by the model, valid until the next step). Lane
 * arrays have PLLR entries, bank arrays M. */
typedef struct {
    long cycle;                 /* cycles since fg_turbo_arch_reset */
    fg_turbo_arch_state state;  /* registered state during this cycle */
    int half;                   /* half-iteration (HALF state) */
    int tau;                    /* cycle inside the half-iteration */
    const uint8_t *rd_valid_L;  /* extrinsic/channel read issued by the lane */
    const int32_t *rd_pos_L;    /* natural position read */
    const int32_t *rd_bank_L;   /* extrinsic bank and row of that position */
    const int32_t *rd_row_L;
    const int32_t *rd_sys_L;    /* FIXED data (NULL otherwise): the words the lane read, valid with rd_valid_L: */
    const int32_t *rd_par_L;    /*   systematic and parity channel LLRs of this half-iteration's decoder (w_ch */
    const int32_t *rd_apr_L;    /*   bits) and the a-priori (extrinsic) LLR (w_ext bits): the SISO's inputs */
    const uint8_t *out_valid_L; /* SISO output port: extrinsic LLR of position out_x */
    const int32_t *out_x_L;
    const int32_t *out_llr_L;
    const fg_iag_lane_out *iag_L;   /* the IAG's outputs (valid, err, addr) */
    const fg_dbcf_word *word_L;     /* write-path lane words: bank, row, data (DBCF inputs; as many as the DBCF's lanes) */
    const fg_dbcf_word *wr_M;       /* bank write ports (valid, row, data) */
    int half_end;               /* 1 in the last cycle of a half-iteration: after it, the banks hold its writes */
} fg_turbo_arch_ports;

typedef struct fg_turbo_arch fg_turbo_arch;

int fg_turbo_arch_create(const fg_turbo_arch_cfg *cfg, fg_turbo_arch **out);
void fg_turbo_arch_destroy(fg_turbo_arch *a);
/* Back to IDLE: IAG preprocessing restarts, DBCF and delay lines empty, memories cleared. */
void fg_turbo_arch_reset(fg_turbo_arch *a);
/* One clock cycle. start = 1 in IDLE begins a block (preprocessing, then the half-iterations). */
void fg_turbo_arch_step(fg_turbo_arch *a, int start, fg_turbo_arch_ports *ports);
fg_turbo_arch_state fg_turbo_arch_get_state(const fg_turbo_arch *a);

/* Geometry chosen by create. */
typedef struct {
    int K, P, pllr, L, C0;
    int active;          /* SISOs with at least one position: ceil(K / L) */
    int banks, depth;    /* extrinsic memory: M banks of depth rows */
    int siso_latency, iag_latency;
    int dbcf_used;       /* the write path goes through the DBCF */
    const char *mapping; /* "qpp", "xmap", "xmap-xor" */
} fg_turbo_arch_geometry;
void fg_turbo_arch_get_geometry(const fg_turbo_arch *a, fg_turbo_arch_geometry *g);

/* Extrinsic memory in address order: ext_K[a] = the word at map(a) (0 if never written). */
void fg_turbo_arch_extrinsic(const fg_turbo_arch *a, int32_t *ext_K);
/* The extrinsic bank and row of address addr (0 <= addr < K) under the block's mapping (geometry.mapping). */
void fg_turbo_arch_bank_of(const fg_turbo_arch *a, int addr, int *bank, int *row);

/* FIXED: load the channel LLRs of the next block, q_N in the natural layout of fecforge/turbo.h
 * (N = 3K + 12), each within +-(2^(w_ch-1) - 1) (FG_EINVAL naming the index otherwise). The
 * channel memory of SISO p holds, per position of its sub-block, (x, z) for the first decoder and
 * (x', z') = (x[pi(k)], z'[k]) for the second, and the two tails. Call before fg_turbo_arch_run. */
int fg_turbo_arch_load(fg_turbo_arch *a, const int32_t *q_N);

/* FIXED: the stakes saved by the last half-iteration of SISO `siso` (0 first, 1 second decoder):
 * alpha at the end and beta at the start of each sub-block, P x 8 each. */
void fg_turbo_arch_stakes(const fg_turbo_arch *a, int siso, int32_t *alpha_P8, int32_t *beta_P8);

/* FIXED: hard decisions of the last half-iteration in natural bit order (the output memory, written
 * with the extrinsic: bit j of the first decoder at j, position k of the second at pi(k)). */
void fg_turbo_arch_hard(const fg_turbo_arch *a, uint8_t *bits_K);

/* ---- Running a block ---- */

typedef struct {
    fg_turbo_arch_geometry geo;
    int half_iters;
    long preprocess_cycles;     /* IAG preprocessing (start cycle to ready) */
    long cycles_decode;         /* sum of the half-iterations' cycles */
    long cycles_total;          /* preprocess + decode */
    long cycles_half[2];        /* largest half-iteration per direction (interleave, deinterleave); 0 if not run */
    double cycles_per_halfiter; /* cycles_decode / half_iters */
    double cycles_per_iter;     /* 2 * cycles_per_halfiter */
    int dC_max;                 /* largest cycles beyond 2*C0 + Lmap + Liag in one half-iteration */
    long dC_total;
    long read_conflicts;        /* (bank, cycle) pairs with >= 2 extrinsic reads: 0 by construction */
    long write_conflicts;       /* direct path: (bank, cycle) pairs with >= 2 writes */
    long write_conflict_cycles; /* direct path: cycles with at least one */
    long overflow;              /* DBCF: words lost (FIFO full) */
    int max_fifo, max_buf;
    long iag_errs;              /* IAG err outputs (0 when the schedule and program agree) */
    long misplaced;             /* per half-iteration: addresses not written exactly once with their position's word */
    long read_errors;           /* TAG mode: reads that did not return the previous half-iteration's word */
} fg_turbo_arch_result;

typedef void (*fg_turbo_arch_observer)(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *ports);

/* Reset, start, step until DONE; obs (may be NULL) sees every cycle. FG_ESTATE if it does not finish. */
int fg_turbo_arch_run(fg_turbo_arch *a, fg_turbo_arch_observer obs, void *user, fg_turbo_arch_result *res);
/* The counts of the block so far (what fg_turbo_arch_run returns at DONE), for a model driven by fg_turbo_arch_step. */
void fg_turbo_arch_get_result(const fg_turbo_arch *a, fg_turbo_arch_result *res);

/* Eq. 4.24 of the thesis: K * fclk / (2 * Niter * (K/(2P) + Lmap + Linterleaver)) in bit/s,
 * with 2*Niter = half_iters. */
double fg_turbo_arch_eq424(int K, int P, int half_iters, int siso_latency, int iag_latency, double fclk);

/* ---- the generated decoder's top (`fecforge gen turbo`, docs/rtl-turbo.md; the turbo vector sets) ----
 * The port widths of a design with sub-blocks up to lmax (fg_vec_turbo_arch_dims_of, fecforge/vectors.h): nl = 4P
 * lanes and (logical) banks, aw position bits, bw bank bits, rw row bits (qmax = lmax / 4 rows per logical bank),
 * tw bits of the half-iteration's cycle counter; both: the design of both standards (the input umts_i); dbcf:
 * HSPA+ blocks write through a DBCF (std umts and both). */
typedef struct {
    int nl, aw, bw, rw, tw, qmax, both, dbcf;
} fg_vec_turbo_arch_dims;

/* The top's inputs and outputs of one cycle, as the port table binds them (fg_turbo_arch_rtl_ports): per lane l
 * its reads, SISO output, IAG output and write word, per (logical) bank b its write port. */
enum { FG_TURBO_RTL_TAIL = 12, FG_TURBO_RTL_LANES_MAX = 4 * FG_TURBO_ARCH_P_MAX, FG_TURBO_RTL_PORTS = 38 };
typedef struct {
    int k, umts, half_iters, tail[FG_TURBO_RTL_TAIL], ld_valid, ld_pos, ld_data[4], start, hard_rd_pos;
} fg_turbo_rtl_in;
typedef struct {
    int rd_valid, rd_pos, rd_bank, rd_row, rd_sys, rd_par, rd_apr, out_valid, out_x, out_llr, iag_valid, iag_err,
        iag_addr, word_valid, word_bank, word_row, word_data;
} fg_turbo_rtl_lane;
typedef struct {
    int we, row, data;
} fg_turbo_rtl_bank;
typedef struct {
    int k_ok, hard_rd_data, state, half, tau, half_end, done;
    fg_turbo_rtl_lane lane[FG_TURBO_RTL_LANES_MAX];
    fg_turbo_rtl_bank bank[FG_TURBO_RTL_LANES_MAX];
} fg_turbo_rtl_out;

/* The top's ports (fecforge/ports.h), the one declaration of its interface: the Verilog port list, the manifest,
 * the vector sets' stimulus and expected streams and their packing. The lanes' ports are one lane group, the
 * banks' another. In the streams' order (umts_i, of a design of both standards, at the end of the stimulus,
 * hard_rd_data_o at the end of the expected stream), rtl_order the module's (umts_i after k_i, hard_rd_data_o after
 * k_ok_o). At most FG_TURBO_RTL_PORTS entries into out; returns their number. */
int fg_turbo_arch_rtl_ports(const fg_vec_turbo_arch_dims *d, const fg_xmap_fmt *f, fg_port *out);

/* LTE write conflicts of the qpp mapping for (K, P), both directions, from the address tables
 * (the same count as the step model's direct path): (bank, cycle) pairs with >= 2 writes. */
int fg_turbo_arch_lte_conflicts(int K, int P, long *conflicts);

#ifdef __cplusplus
}
#endif
#endif
