/* fecforge_gen: RTL generator. Parameters in; Verilog-2005 (one module per file), files.f and
 * manifest.json out. Output goes to a temporary directory beside the target that is renamed at
 * the end, so a failure never leaves a half-written directory. */
#ifndef FECFORGE_GEN_H
#define FECFORGE_GEN_H

#include <stddef.h>
#include <stdio.h>

#include "fecforge/dbcf.h"
#include "fecforge/iag.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/vectors.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_GEN_WIDTH_MAX = 32, FG_GEN_BANK_DEPTH_MAX = 1 << 24 };

/* The DBCF write network (docs/rtl-dbcf.md). dbcf.stall is a producer property: ignored. */
typedef struct {
    fg_dbcf_cfg dbcf;  /* pllr, banks, select (0 = all = 2*pllr), fifo_depth, buf_depth, offer, lfsr_seed */
    int width;         /* data (LLR) bits W, [1, FG_GEN_WIDTH_MAX] */
    int bank_depth;    /* rows per bank D, [1, FG_GEN_BANK_DEPTH_MAX]; sets the row port width */
    int external_banks; /* 1: no bank SRAMs and no read port; the owner of the banks takes the bank writes
                         * (the turbo decoder, whose LTE side writes the same banks directly). Name "_xb" */
} fg_gen_dbcf_cfg;

/* pllr, banks, select, fifo, buf, offer, seed from fg_dbcf_cfg_default(); width 8; bank depth
 * fg_gen_dbcf_default_bank_depth(). */
fg_gen_dbcf_cfg fg_gen_dbcf_cfg_default(void);

/* Rows per bank the largest standard block (LTE K = 6144, UMTS K <= 5114) needs under every bank
 * mapping the model knows that accepts (pllr, banks); ceil(6144 / banks) when none does. */
int fg_gen_dbcf_default_bank_depth(int pllr, int banks);

int fg_gen_dbcf_check(const fg_gen_dbcf_cfg *c);

/* Top module name, e.g. fg_dbcf_p32_m64_s3_f4_b7 (+ "_head" for the head-only offer). */
void fg_gen_dbcf_name(const fg_gen_dbcf_cfg *c, char *buf, size_t n);

/* Derived port widths. */
typedef struct {
    int slots;  /* 2*pllr request slots */
    int select; /* effective S */
    int bank_w, row_w, data_w;
    int count_w; /* FIFO / buffer levels, limits, ranks */
    int slot_w;  /* start slot */
} fg_gen_dbcf_dims;
void fg_gen_dbcf_dims_of(const fg_gen_dbcf_cfg *c, fg_gen_dbcf_dims *d);

/* Generate into directory dir (created; replaced if it holds an earlier generator output). */
int fg_gen_dbcf(const fg_gen_dbcf_cfg *c, const char *dir);

/* ---- Interleaver address generators (docs/rtl-iag-lte.md, docs/rtl-iag-umts.md) ----
 * The RTL twin of fg_iag_step (fecforge/iag.h) for one standard and PLLR lanes; K and the lane
 * programs are inputs (k_i, lane_start_i, lane_stride_i), held constant from reset on. */
typedef struct {
    fg_std std;       /* FG_STD_LTE or FG_STD_UMTS */
    int pllr;         /* lanes: a multiple of 4 in [4, FG_IAG_LANES_MAX] (fg_iag_check_pllr) */
    int forward_only; /* interleave-only variant (area comparisons); not available for LTE */
} fg_gen_iag_cfg;

/* std LTE, pllr 64 (the thesis's QPP IAG), forward_only 0. */
fg_gen_iag_cfg fg_gen_iag_cfg_default(void);
int fg_gen_iag_check(const fg_gen_iag_cfg *c);
/* Top module name: fg_iag_lte_p64, fg_iag_umts_p32, + "_fwd" for forward_only. */
void fg_gen_iag_name(const fg_gen_iag_cfg *c, char *buf, size_t n);
/* Generate into directory dir (created; replaced if it holds an earlier generator output). */
int fg_gen_iag(const fg_gen_iag_cfg *c, const char *dir);

/* ---- The interleaver write-path subsystem (docs/rtl-subsystem.md) ----
 * IAG (fg_gen_iag) + per-lane LLR delay (the IAG latency) + per-lane bank mapper + DBCF
 * (fg_gen_dbcf) under one top, the RTL twin of fg_subsys_step (fecforge/subsystem.h). */
typedef struct {
    fg_gen_dbcf_cfg dbcf;    /* the DBCF part: dbcf.pllr = the IAG's lanes; width = LLR bits; bank_depth */
    fg_std std;              /* FG_STD_UMTS or FG_STD_LTE: the IAG */
    fg_bank_mapping mapping; /* xmap, xmap-xor (pllr and banks / pllr powers of 2) or mod (banks a power of 2) */
} fg_gen_subsys_cfg;

/* std UMTS, pllr 32, banks 64, select 3, FIFO 4, buffer 7, dual offer, seed 0xACE1, width 8,
 * mapping xmap-xor, bank depth fg_gen_subsys_bank_depth(). */
fg_gen_subsys_cfg fg_gen_subsys_cfg_default(void);
/* Rows per bank the largest block of std needs under the mapping (0 if the mapping does not accept
 * pllr and banks). */
int fg_gen_subsys_bank_depth(fg_std std, int pllr, int banks, fg_bank_mapping mapping);
int fg_gen_subsys_check(const fg_gen_subsys_cfg *c);
/* Top module name, e.g. fg_subsys_umts_p32_m64_s3_f4_b7_xmapxor ("_head" before the mapping for
 * the head-only offer). */
void fg_gen_subsys_name(const fg_gen_subsys_cfg *c, char *buf, size_t n);
/* Generate into directory dir (created; replaced if it holds an earlier generator output). */
int fg_gen_subsys(const fg_gen_subsys_cfg *c, const char *dir);

/* ---- Multi-layer MB-serial QC-LDPC decoder (docs/rtl-ldpc.md) ----
 * The RTL twin of fg_ldpc_arch_step (fecforge/ldpc_arch.h) for a set of codes of one family, chosen
 * at run time (code_sel_i); the base matrices and the schedules are in ROM, the datapath is Zmax
 * lanes wide. The arch configuration is shared by all codes: fx (K = fx.layers, widths, scaling;
 * fx.max_iter is the largest value of the max_iter_i input; fx.early_term is ignored: et_en_i),
 * mb_rows = K, mb_cols = N2, mb_order. The pipeline is the model's default: s1_depth 2, s2_depth 1,
 * et_depth 1, forward 1, overlap 1 (anything else is refused). */
enum { FG_GEN_LDPC_CODES_MAX = 128, FG_GEN_LDPC_ZMAX = 384, FG_GEN_LDPC_ITER_MAX = 255 };

typedef struct {
    const fg_ldpc_code *const *codes; /* n_codes codes of one family */
    int n_codes;                      /* [1, FG_GEN_LDPC_CODES_MAX] */
    const int *const *col_order;      /* NULL, or per code NULL / a memory-word order (arch.col_order) */
    const int *const *layer_order;    /* NULL, or per code NULL / a layer order (arch.layer_order) */
    fg_ldpc_arch_cfg arch;            /* col_order / layer_order here are ignored */
} fg_gen_ldpc_cfg;

/* No codes; arch = fg_ldpc_arch_cfg_default() (K 2, MB 2x2, 6/2 LLR, R 6, APP 7, 0.75, 15 iterations). */
fg_gen_ldpc_cfg fg_gen_ldpc_cfg_default(void);
/* Ranges, one family, every code accepted by fg_ldpc_arch_cfg_check, Z <= FG_GEN_LDPC_ZMAX,
 * r_width <= app_width, the default pipeline; FG_EINVAL naming the parameter. */
int fg_gen_ldpc_check(const fg_gen_ldpc_cfg *c);
/* Top module name: fg_ldpc_<family>_c<codes>_z<Zmax>_k<K>_mb<N1>x<N2> (+ _hz for the hazard MB order). */
void fg_gen_ldpc_name(const fg_gen_ldpc_cfg *c, char *buf, size_t n);

/* Derived sizes and port widths. */
typedef struct {
    int zmax, nb_max, mb_max, n_ml_max, n_mbc_max, mbs_max; /* largest Z, columns, layers, macro-layers, MB columns, MBs of a macro-layer */
    int dc_max, dv_max;   /* largest layer (row) and column degree in blocks */
    int code_w;           /* code_sel_i bits */
    int iter_w;           /* max_iter_i, iteration_o, iterations_o bits */
    int seq_w;            /* s1_ml_o, s2_ml_o, wml_o bits */
    int addr_w;           /* raddr_o, waddr_o, out_col_o bits per port */
    int mbc_w;            /* s1_mb_o, s2_mb_o bits */
} fg_gen_ldpc_dims;
int fg_gen_ldpc_dims_of(const fg_gen_ldpc_cfg *c, fg_gen_ldpc_dims *d);
/* The generator is the design's (fg_design_find("ldpc"), fecforge_gen/design.h): its manifest records the
 * design's options. */

/* ---- Parallel radix-4 XMAP turbo decoder (docs/rtl-turbo.md) ----
 * The RTL twin of fg_turbo_arch (data FIXED, path FIT: a design of one standard) cycle by cycle: P SISOs
 * and their memories (rtl/lib fg_turbo_core), the standard's IAG of 4P lanes (fg_gen_iag), a K table
 * (per block size of the design, the sub-block length fg_turbo_arch_resolve picks) and the static inputs
 * registered; std UMTS adds the DBCF (fg_gen_dbcf, external banks) on the write path. Both standards
 * (thesis Fig. 4.15; the step model's path SHARED): LTE on up to P SISOs, HSPA+ on SISOs 0..P/2-1 through
 * a DBCF of 2P lanes, which also takes the LTE sizes the model sends through it; the standard of a block
 * is a run-time input too. K, the half-iterations and the tails are run-time inputs. */
enum { FG_GEN_TURBO_BOTH = 2 }; /* fg_gen_turbo_cfg.std: both standards */
typedef struct {
    int std;          /* FG_STD_LTE, FG_STD_UMTS (HSPA+) or FG_GEN_TURBO_BOTH */
    int P;            /* SISOs, [2, 16] (the IAG serves at most 64 lanes); both: even, >= 4 */
    int k_max;        /* the largest block size served: the K table holds the sizes of std up to it */
    fg_xmap_fmt fmt;  /* channel, extrinsic, branch and state-metric bits, normalisation; f_ch only sets the
                       * vector sets' quantiser */
    int siso_latency; /* Lmap, [4, FG_TURBO_ARCH_LATENCY_MAX] */
    int nii;          /* next-iteration initialisation of the sub-block stakes */
    fg_dbcf_cfg dbcf; /* HSPA+ and both: the DBCF's select, FIFO and buffer depths, offer, LFSR seed (its lanes
                       * and banks follow from P; stall is ignored) */
    fg_bank_mapping mapping; /* HSPA+ and both: xmap or xmap-xor */
} fg_gen_turbo_cfg;

/* The DBCF of a UMTS design: fg_turbo_arch_cfg_default()'s, 4P lanes and banks, words {hard, LLR}, the
 * banks outside (the core's memories). */
fg_gen_dbcf_cfg fg_gen_turbo_dbcf_cfg(const fg_gen_turbo_cfg *c, int lmax);
/* The SISOs of the HSPA+ side and of the DBCF: P (UMTS), P/2 (both), 0 (LTE). */
int fg_gen_turbo_umts_P(const fg_gen_turbo_cfg *c);
/* LTE, P 16, k_max 6144, the default formats (fg_xmap_fmt_default), Lmap 6, NII; the DBCF and mapping of
 * fg_turbo_arch_cfg_default() (S 3, F 16, B 24, dual offer; xmap-xor). */
fg_gen_turbo_cfg fg_gen_turbo_cfg_default(void);
/* FG_EINVAL naming the parameter and its range. */
int fg_gen_turbo_check(const fg_gen_turbo_cfg *c);
/* Top module name: fg_turbo_lte_p16_k6144, + _c<ch>e<ext>b<bm>s<sm> for other formats, _sub for subtractive
 * normalisation, _nonii, _lat<Lmap> for a latency other than 6. */
void fg_gen_turbo_name(const fg_gen_turbo_cfg *c, char *buf, size_t n);
/* The step model's configuration of block K of standard std with half_iters half-iterations on this design
 * (path FIT; both: SHARED with umts_P = P/2). */
fg_turbo_arch_cfg fg_gen_turbo_arch_cfg(const fg_gen_turbo_cfg *c, fg_std std, int K, int half_iters);
/* The K table: per size of the design (its standard's, ascending; both: LTE's, then UMTS's; at most
 * FG_GEN_TURBO_SIZES_MAX) K, the SISOs P' it runs on, its sub-block length L, whether it writes through the
 * DBCF and the rows per logical bank it fills; returns the number of sizes, or a negative FG_E* code. *lmax
 * (may be NULL) gets the largest L. */
enum { FG_GEN_TURBO_SIZES_MAX = 5280 }; /* both: 188 + 5075 */
typedef struct {
    fg_std std;
    int K, P, L, dbcf, rows;
} fg_gen_turbo_size;
int fg_gen_turbo_sizes(const fg_gen_turbo_cfg *c, fg_gen_turbo_size *out, int *lmax);
/* Generate into directory dir (created; replaced if it holds an earlier generator output). */
int fg_gen_turbo(const fg_gen_turbo_cfg *c, const char *dir);

/* ---- Self-checking Verilog testbench (docs/testbench.md) ----
 * Every generator writes tb_<top>.v beside the design (in manifest.json's "files", not in files.f): it
 * replays a vector set of the design (`fecforge vectors`, the directory as +vectors=DIR) with $readmemh,
 * drives the inputs and compares every output of every cycle and the memory images as the harness of
 * `fecforge verify` does, and stops at the first mismatch (cycle, port[index], expected, actual).
 * Verilog-2005: Icarus and the commercial simulators. It comes from the RTL ports and the layout of the
 * design's vector sets (fecforge/vectors.h fg_vec_layout, the vector writer's own), bound by the
 * harness's rules; FG_EMISMATCH naming the port if they do not fit (on error, f holds an incomplete text). */
typedef struct {
    const char *name;
    int out;          /* 1: an output */
    int width;        /* bits; 0: a scalar (1 bit) */
    const char *what; /* one line for the port list */
} fg_gen_port;
int fg_gen_testbench(FILE *f, const char *top, const fg_gen_port *ports, int n_ports, const fg_vec_layout *lay,
                     const char *params);

#ifdef __cplusplus
}
#endif
#endif
