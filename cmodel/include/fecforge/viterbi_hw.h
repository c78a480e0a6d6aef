/* The streaming Viterbi decoder hardware (docs/rtl-viterbi.md): its cycle-accurate step model, the twin of the
 * RTL of `fecforge gen viterbi` (gen/src/gen_viterbi.c).
 *
 * One trellis stage per cycle (radix 2: 2^(K-1) add-compare-select units) or two (radix 4: the 4-way compare
 * of a state is the two levels of two radix-2 stages, the intermediate survivors shared by the two successors,
 * so radix 4 decides exactly what radix 2 does), integer branch metrics of n soft symbols with an erasure flag
 * each (an erased symbol contributes 0: the depunctured LLR 0), w_pm-bit path metrics with modulo or subtract
 * normalisation (fecforge/fixed.h), a best-state compare tree, and either
 *  - a traceback memory: one decision bit per state and stage in a circular memory of `rows` rows, in R
 *    single-port-read SRAM banks (consecutive stages in consecutive banks); every D stages (first at stage
 *    L + D of a frame) a block traceback from the best state walks L + D stages at R stages per cycle (one
 *    row of each bank, read a cycle ahead) and decides the oldest D, or
 *  - register exchange: per state a survivor register of L + D bits (D = stages per cycle); every cycle the
 *    best state's oldest D bits are decided.
 * Both decide stage i from the best state L stages after its block: exactly fg_vit_fixed_run with the tiling
 * f = D, v2 = L, v1 >= the frame's stages, f0 = 0 (fg_vit_hw_dec_cfg). A frame starts in state 0 (the first
 * K-1 compare-selects forced to the predecessor x = 0) and ends terminated (the last traceback from state 0,
 * the K-1 tail bits not output) or truncated (from the best state). After a frame's last stage the decoder
 * deasserts ready until the frame's last bit has left (no two frames in flight).
 *
 * Ports (every output a function of the registers alone): in_ready, per stage slot s < S a valid bit, n soft
 * symbols (two's complement, w_llr bits) and n erasure flags; start (slot 0 is a frame's first stage), end (the
 * last valid slot is its last stage) and term (with end: terminated); out: per slot a valid and a bit (in
 * stage order, slot 0 first), last (the frame's last bit is on the port), and the best state of the metrics
 * registered now (a debug port). */
#ifndef FECFORGE_VITERBI_HW_H
#define FECFORGE_VITERBI_HW_H

#include <stdint.h>

#include "fecforge/ports.h"
#include "fecforge/viterbi.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_VIT_HW_K_MAX = 9,        /* 256 states: the largest fully parallel ACS array generated */
    FG_VIT_HW_DEPTH_MAX = 512,  /* L */
    FG_VIT_HW_BLOCK_MAX = 512,  /* D */
    FG_VIT_HW_STAGE_BITS = 21   /* the stage counter: frames of up to FG_VIT_BITS_MAX + K - 1 stages */
};

typedef enum { FG_VIT_HW_MEMORY = 0, FG_VIT_HW_EXCHANGE = 1 } fg_vit_hw_tb;

typedef struct {
    fg_vit_code code;  /* K in [3, 9], n, generators (the puncturing is the inputs' erasure flags) */
    int w_llr;         /* soft symbol bits, [2, 16] */
    int w_pm;          /* path metric bits, [fg_vit_pm_min_width, 31]; 0: that minimum */
    fg_vit_norm norm;
    int radix;         /* 2 or 4 (S = 1 or 2 stages per cycle) */
    fg_vit_hw_tb tb;
    int depth;         /* L, [K-1, 512], a multiple of S; 0: 6 (K-1) */
    int block;         /* D: memory [S, 512], a multiple of S; exchange: S; 0: memory L, exchange S */
} fg_vit_hw_cfg;

/* K 7 (171, 133), 5-bit symbols, minimum path metric width, modulo, radix 2, traceback memory, defaults. */
fg_vit_hw_cfg fg_vit_hw_cfg_default(void);
/* The hardware of code c with the formats of fmt (w_llr, w_pm, norm), radix 2 or 4, traceback style, L and D. */
fg_vit_hw_cfg fg_vit_hw_cfg_of(const fg_vit_code *c, const fg_vit_dec_cfg *fmt, int radix, fg_vit_hw_tb tb, int depth,
                               int block);

/* The hardware's own options (`fecforge gen viterbi`, `fecforge arch viterbi`): --radix 2|4, --traceback
 * memory|exchange, --tb-depth L, --tb-block D (0: the defaults), over fg_vit_hw_arg; fg_vit_hw_cfg_of takes
 * them as 2 << radix, tb, depth, block. */
typedef struct {
    int radix; /* 0: radix 2, 1: radix 4 */
    int tb;    /* fg_vit_hw_tb */
    int depth, block;
} fg_vit_hw_arg;
extern const fg_opt fg_vit_hw_options[];

/* The resolved configuration and what follows from it. */
typedef struct {
    fg_vit_hw_cfg cfg; /* depth, block and w_pm resolved */
    int M;             /* states */
    int S;             /* stages per cycle */
    int L, D;
    int R;             /* memory: traceback stages per cycle, ceil((L + D) / (D / S)); exchange: 0 */
    int rb;            /* memory: rows of each of the R banks, ceil((L + 2D + 1) / R); exchange: 0 */
    int rows;          /* memory: decision rows, R x rb (at least L + 2D + 1); exchange: 0 */
    int w_bm;          /* branch metric bits: n (2^(w_llr-1) - 1) and its negation fit */
    int w_em;          /* the output counter's bits: 0 .. L + D */
} fg_vit_hw_dims;

/* Check and resolve: FG_EINVAL naming the parameter and its range ("depth=7 out of range [6, 512] ..."). */
int fg_vit_hw_resolve(const fg_vit_hw_cfg *cfg, fg_vit_hw_dims *out);
/* fg_vit_hw_resolve of fg_vit_hw_cfg_of(c, fmt, hw's radix, traceback, depth and block): the field a check
 * refuses is recorded (fecforge/error.h) as the one of K (the field the code's K came from), fmt or hw it was
 * copied from, so the options declared for those fields name the message. */
int fg_vit_hw_resolve_arg(const fg_vit_code *c, const int *K, const fg_vit_dec_cfg *fmt, const fg_vit_hw_arg *hw,
                          fg_vit_hw_dims *out);

/* The fixed decoder the hardware equals for a frame ending e: f = D, v1 = 65536, v2 = L, f0 = 0, its formats. */
fg_vit_dec_cfg fg_vit_hw_dec_cfg(const fg_vit_hw_dims *d, fg_vit_ending e);

typedef struct {
    int valid[2];                   /* slot s carries a stage (slot 1 only with slot 0; radix 2: slot 0 only) */
    int start, end, term;           /* start: slot 0 is a frame's first stage; end: its last valid slot is the
                                       frame's last stage; term: with end, the frame is terminated */
    int32_t sym[2][FG_VIT_N_MAX];   /* soft symbols, within +-(2^(w_llr-1) - 1) */
    uint8_t era[2][FG_VIT_N_MAX];   /* 1: erased (punctured), the symbol is ignored */
} fg_vit_hw_in;

typedef struct {
    int ready;       /* inputs are accepted this cycle */
    int valid[2];    /* slot s carries a decided bit */
    int bit[2];
    int last;        /* the frame's last bit is on the port */
    int best;        /* best state of the registered metrics (lowest-numbered maximum over the reachable) */
} fg_vit_hw_out;

/* The decoder's ports, declared once (fecforge/ports.h): clk_i, rst_ni, the inputs bound to fg_vit_hw_in and
 * the outputs to fg_vit_hw_out; the generated top, its manifest and testbench and the vector sets render
 * them. FG_VIT_HW_PORTS entries into out; returns their number. */
enum { FG_VIT_HW_PORTS = 13 };
int fg_vit_hw_ports(const fg_vit_hw_dims *d, fg_port *out);

typedef struct fg_vit_hw fg_vit_hw;

int fg_vit_hw_create(const fg_vit_hw_cfg *cfg, fg_vit_hw **out);
void fg_vit_hw_destroy(fg_vit_hw *h);
const fg_vit_hw_dims *fg_vit_hw_dims_of(const fg_vit_hw *h);
/* Back to the reset state. */
void fg_vit_hw_reset(fg_vit_hw *h);
/* The outputs of the current cycle (they depend on the registers only). */
void fg_vit_hw_peek(const fg_vit_hw *h, fg_vit_hw_out *out);
/* One clock: out = the outputs of this cycle (as fg_vit_hw_peek), then every register takes its next value
 * from the registers and in. */
void fg_vit_hw_step(fg_vit_hw *h, const fg_vit_hw_in *in, fg_vit_hw_out *out);
/* Timing faults the model saw (a block traceback or an output load while the previous one was busy): 0 by
 * construction; tests assert it. */
long fg_vit_hw_faults(const fg_vit_hw *h);

/* A frame fed to the decoder: stages x n symbols (stage-major), their erasure flags, terminated or not. */
typedef struct {
    const int32_t *q_sn;
    const uint8_t *era_sn;
    int stages, term;
    int pos; /* stages fed so far */
} fg_vit_hw_feed;
/* This cycle's input from the feed when the decoder is ready (S stages or the frame's rest; nothing when the
 * feed is done or not ready), advancing it. */
void fg_vit_hw_feed_next(const fg_vit_hw *h, fg_vit_hw_feed *f, int ready, fg_vit_hw_in *in);

/* Decode one frame from the current state: its stages fed at full rate, then cycles until its last bit;
 * bits_k gets the decided bits (k = stages, less K-1 when terminated). *cycles (may be NULL) gets the cycles
 * from the first input to the cycle of the last bit, inclusive. FG_ESTATE if the frame gives another number
 * of bits or does not end within a bound. */
int fg_vit_hw_decode(fg_vit_hw *h, const int32_t *q_sn, const uint8_t *era_sn, int stages, int term, uint8_t *bits_k,
                     long *cycles);

#ifdef __cplusplus
}
#endif
#endif
