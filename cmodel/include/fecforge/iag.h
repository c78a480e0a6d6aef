/* On-the-fly interleaver address generators (IAG), bit- and cycle-accurate (thesis 4.6, Fig. 4.14).
 *
 * Two modes: forward x -> pi(x) and inverse x -> pi^-1(x), with pi as in interleaver.h (pi(k) is
 * the index of the input bit at interleaved position k). In a turbo decoder with balanced
 * scheduling the first half-iteration writes the LLR of natural position j to pi^-1(j) (inverse
 * mode) and the second writes the LLR of its position k to pi(k) (forward mode).
 *
 * Each lane is programmed with a first position and a stride d (+-1 or +-2; XMAP lanes use +-2,
 * see fg_iag_xmap_program) and walks that arithmetic progression: every valid lane input advances
 * the lane by d. The input position x is compared with the lane's position register; a mismatch
 * (or a valid input when the lane cannot serve it) gives err instead of an address.
 *
 * One clock cycle of fg_iag_step: the outputs are the output registers of this cycle; every next
 * register value is computed from the current registers and this cycle's inputs, then all are
 * committed. After fg_iag_create / fg_iag_reset the unit preprocesses (out.ready = 0, one unit
 * of work per cycle, docs/interleavers.md); then a cycle with in.start = 1 loads the lane seeds
 * of the selected mode, and from the next cycle on a valid (x) on a lane gives (valid, address)
 * on the same lane fg_iag_latency() cycles later (UMTS 3, LTE 1).
 *
 * HSPA+/UMTS: preprocessing finds R, C, p, v, fills the base sequence s and its inverse (RAMs,
 * one entry per cycle with the (a*b) mod c kernel), the row tables (from the q/m/T ROMs) and a
 * per-column pruning table; runtime uses U_i(j) = s((j*r_i) mod (p-1)) (forward) and
 * U_i^-1(j') = (s^-1(j') * m_i) mod (p-1) (inverse).
 * LTE QPP: both modes are difference engines over the lane's progression (forward degree 2,
 * inverse the degree of the inverse polynomial): adders and compare-subtract at run time only. */
#ifndef FECFORGE_IAG_H
#define FECFORGE_IAG_H

#include <stdint.h>

#include "fecforge/interleaver.h"
#include "fecforge/ports.h"
#include "fecforge/xmap_schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_IAG_LANES_MAX = 256,  /* lanes (PLLR) of one IAG */
    FG_IAG_LATENCY_UMTS = 3, /* input cycle -> output cycle */
    FG_IAG_LATENCY_LTE = 1,
    FG_IAG_STRIDE_MAX = 2,   /* |stride| in [1, 2] */
    FG_LTE_INV_DEG_MAX = 4   /* degrees searched for the inverse QPP polynomial */
};

/* The shared kernel (a*b) mod c: HSPA+ runtime a, b < 2^9, c <= 257; LTE preprocessing a, b < 2^13. */
static inline int fg_iag_mulmod(int a, int b, int c) { return (int)(((unsigned)a * (unsigned)b) % (unsigned)c); }

/* ---- LTE inverse QPP polynomial ---- */

/* g(y) = h[1] y + h[2] y^2 + h[3] y^3 + h[4] y^4 mod K with g(pi(x)) = x for every x, of the least
 * degree (h[degree] != 0, higher h zero). Found exactly: Hermite normal form of the lattice of the
 * K equations over Z_K, then back-substitution (docs/interleavers.md). h[0] = 0. */
typedef struct {
    int K, degree;
    int32_t h[FG_LTE_INV_DEG_MAX + 1];
} fg_lte_inv_poly;

/* FG_EINVAL for a K that is not an LTE size; FG_ESTATE if no inverse of degree <= 4 exists (the
 * message says so) or the solution fails the exhaustive check. */
int fg_lte_inverse_poly(int K, fg_lte_inv_poly *out);

/* ---- The IAG step model ---- */

/* A lane's program: the first position it serves (-1: lane unused) and its stride. */
typedef struct {
    int32_t start;
    int32_t stride;
} fg_iag_lane_prog;

typedef struct {
    fg_std std;
    int K;                             /* a block size of the standard */
    int lanes;                         /* [1, FG_IAG_LANES_MAX] */
    const fg_iag_lane_prog *prog_lanes; /* one per lane; copied at create */
} fg_iag_cfg;

typedef struct {
    uint8_t valid;
    int32_t x;
} fg_iag_lane_in;

typedef struct {
    uint8_t start;                 /* load the lane seeds for mode `inverse`; lanes must be idle */
    uint8_t inverse;               /* 0 forward pi(x), 1 inverse pi^-1(x); sampled with start */
    const fg_iag_lane_in *lane_in; /* `lanes` entries, NULL = all idle */
} fg_iag_in;

typedef struct {
    uint8_t valid; /* an address for an input of latency cycles ago */
    uint8_t err;   /* that input was not served: wrong x, lane unused, not started or past its end */
    int32_t addr;
} fg_iag_lane_out;

typedef struct {
    uint8_t ready;                   /* preprocessing done */
    const fg_iag_lane_out *lane_out; /* owned by the model, valid until the next step */
} fg_iag_out;

typedef struct fg_iag fg_iag;

/* FG_EINVAL for a bad K, lane count, start outside [0, K) or stride not in {-2, -1, 1, 2}. */
int fg_iag_create(const fg_iag_cfg *cfg, fg_iag **out);
void fg_iag_reset(fg_iag *g);    /* restart preprocessing */
void fg_iag_destroy(fg_iag *g);
void fg_iag_step(fg_iag *g, const fg_iag_in *in, fg_iag_out *out);
/* The interleave-only UMTS hardware (`gen iag --forward-only`, which has no inverse path): after an
 * inverse start every valid input is err. Kept over fg_iag_reset; FG_EINVAL for LTE. */
int fg_iag_set_forward_only(fg_iag *g, int on);

/* ---- The RTL's ports (gen iag, docs/rtl-interleaver.md), declared once ----
 * The module's inputs and outputs of one cycle as structs that fg_iag_ports binds (fecforge/ports.h): the
 * stimulus and expected lines of its vector sets pack from them. lane and lane_out are what fg_iag_in.lane_in
 * points to and fg_iag_out.lane_out holds; rst_n and prog are inputs that only the traffic sets drive cycle
 * by cycle, streamed after the others; the XMAP sets give the programs as a table stream and start from
 * reset. */
enum {
    FG_IAG_POS_BITS = 13, /* k_i, positions and addresses: K <= 6144 < 2^13 */
    FG_IAG_PORTS = 13     /* entries of fg_iag_ports */
};

typedef struct {
    int32_t k;
    uint8_t start, inverse;
    fg_iag_lane_in lane[FG_IAG_LANES_MAX];
    uint8_t rst_n;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
} fg_iag_port_in;

typedef struct {
    uint8_t ready;
    fg_iag_lane_out lane[FG_IAG_LANES_MAX];
} fg_iag_port_out;

/* The module's ports for pllr lanes (FG_IAG_PORTS entries into out; returns how many), in the order of the vector
 * sets' stimulus and expected streams (the module's: rtl_order). traffic 1: those of the traffic sets
 * (fg_vec_make_iag_traffic, which stream every port but the clock: the reset and the lane programs after the
 * other inputs); 0: those of the XMAP sets (fg_vec_make_iag), which stream neither (the reset of role reset, the
 * lane programs unstreamed: their lane_prog table). */
int fg_iag_ports(int pllr, int traffic, fg_port *out);

/* What preprocessing produced, for reports and tests. */
typedef struct {
    int latency;
    long preprocess_cycles; /* cycles from reset until ready (-1 while not ready) */
    /* UMTS */
    int R, C, p, v;
    int rows_used;          /* ceil(K/C): rows that are not all dummies */
    int dummies;            /* R*C - K */
    /* LTE */
    int f1, f2;
    fg_lte_inv_poly inv;
} fg_iag_info;
void fg_iag_get_info(const fg_iag *g, fg_iag_info *info);

/* Lane program of an XMAP schedule: lane l serves fg_xmap_position(s, c, l) for the cycles c in
 * which that is a position (stride +2 for lanes 4p+0/1, -2 for 4p+2/3). prog_pllr: s->pllr entries. */
void fg_iag_xmap_program(const fg_xmap_schedule *s, fg_iag_lane_prog *prog_pllr);

/* Testbench: preprocess g if needed, then one half-iteration in mode `inverse` driven by the XMAP
 * schedule s (g must be programmed by fg_iag_xmap_program(s)): addr_K[x] = the address produced for
 * position x. Checks that every output comes exactly latency cycles after its input, without err,
 * and that each position gets one address (FG_EMISMATCH otherwise). *cycles (may be NULL) gets the
 * cycles of the half-iteration: the start cycle, C0 input cycles and the latency. */
int fg_iag_run_xmap(fg_iag *g, const fg_xmap_schedule *s, int inverse, int32_t *addr_K, long *cycles);

/* Convenience: create, preprocess and run one mode for (std, K, pllr). pllr: a multiple of 4 in
 * [4, FG_IAG_LANES_MAX]. info may be NULL. */
int fg_iag_addresses(fg_std std, int K, int pllr, int inverse, int32_t *addr_K, fg_iag_info *info);

/* 0 if pllr is a multiple of 4 in [4, FG_IAG_LANES_MAX], else FG_EINVAL with a message. */
int fg_iag_check_pllr(int pllr);

/* ---- Storage of an IAG supporting every K of the standard with pllr lanes ---- */

enum { FG_IAG_MEM_ITEMS_MAX = 16 };
typedef struct {
    const char *name;
    const char *kind;   /* "ROM", "RAM" or "REG" */
    int entries, width, copies;
    long bits;          /* entries * width * copies */
} fg_iag_mem_item;

typedef struct {
    int pllr, n;
    fg_iag_mem_item item[FG_IAG_MEM_ITEMS_MAX];
    long rom_bits, ram_bits, reg_bits, total_bits;
    long runtime_bits;  /* RAM + REG read at run time (the thesis's "runtime parameter storage") */
} fg_iag_memory;

int fg_iag_memory_size(fg_std std, int pllr, fg_iag_memory *out);
/* Append an item (entries x width x copies bits of kind "ROM", "RAM" or "REG") and add its bits to
 * the kind's total: how fg_iag_memory_size and the RTL generator build their lists. */
void fg_iag_memory_add(fg_iag_memory *m, const char *name, const char *kind, int entries, int width, int copies);
/* The items of m as the members of a JSON array open in j (fecforge/json.h): name, kind, entries, width, copies,
 * bits (`interleaver --json` and the IAG manifest); one_line: each item on a line of its own. */
struct fg_json;
void fg_iag_memory_json_items(const fg_iag_memory *m, struct fg_json *j, int one_line);

#ifdef __cplusplus
}
#endif
#endif
