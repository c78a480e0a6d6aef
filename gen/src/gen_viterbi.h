/* The streaming Viterbi decoder's generator (gen_viterbi.c) and its design's configuration (design_viterbi.c):
 * docs/rtl-viterbi.md. */
#ifndef FG_GEN_VITERBI_H
#define FG_GEN_VITERBI_H

#include <stddef.h>

#include "fecforge/viterbi.h"
#include "fecforge/viterbi_hw.h"

typedef struct {
    fg_vit_code_arg code; /* --K --gen --punct --ending --bits: the code; the vector sets' frames */
    fg_vit_dec_cfg fx;    /* --llr-width --llr-frac --sm-width --norm */
    fg_vit_hw_arg hw;     /* --radix --traceback --tb-depth --tb-block */
    /* after finish */
    fg_vit_code c;
    fg_vit_hw_dims d;
} fg_gen_viterbi_cfg;

/* The design's parameters as a fg_vit_hw_cfg, resolved into d (FG_EINVAL naming the parameter). */
int fg_gen_viterbi_resolve(fg_gen_viterbi_cfg *c);
/* Top module name: fg_viterbi_k7_g171_133_r2_tb_l36_d36_q5p10 (_re for register exchange, _sub for subtract). */
void fg_gen_viterbi_name(const fg_gen_viterbi_cfg *c, char *buf, size_t n);
/* Write the decoder (a resolved configuration) into dir: Verilog, files.f, manifest.json, testbench. */
int fg_gen_viterbi(const fg_gen_viterbi_cfg *c, const char *dir);

#endif
