/* The Viterbi family's options (fecforge/viterbi.h), declared once for every command that takes them. The
 * fixed-point formats use the turbo family's spellings for the same concepts (--llr-width, --llr-frac,
 * --sm-width for the state (path) metrics, --norm). */
#include "fecforge/viterbi.h"

#include "fecforge/error.h"
#include "fecforge/viterbi_hw.h"

#include <stddef.h>

#define A(f) offsetof(fg_vit_code_arg, f)
const fg_opt fg_vit_code_options[] = {
    {"K", 0, FG_OPT_INT, A(K), FG_VIT_K_MIN, FG_VIT_K_MAX, .def = "7", .meta = "K", .help = "constraint length"},
    {"gen", 0, FG_OPT_TEXT, A(gen), .def = "171,133", .meta = "G,G[,...]",
     .help = "generators in octal, 2 to 8, in output order; the most significant of the K bits taps the\n"
             "current input (DVB-S: 171,133; IEEE 802.11: 133,171)"},
    {"punct", 0, FG_OPT_TEXT, A(punct), .def = "none", .meta = "P",
     .help = "puncturing: none, dvbs-2/3, dvbs-3/4, dvbs-5/6, dvbs-7/8 (--gen 171,133), wifi-2/3,\n"
             "wifi-3/4 (--gen 133,171), or one mask per generator (\"101,110\": 1 = sent)"},
    {"ending", 0, FG_OPT_CHOICE, A(ending), .words = "terminated|truncated|tailbiting", .def = "terminated",
     .meta = "E", .help = "stream ending: K-1 zero tail bits, none (end state unknown), or tail-biting"},
    {"bits", 0, FG_OPT_INT, A(bits), 1, FG_VIT_BITS_MAX, .def = "4096", .meta = "N",
     .help = "information bits per frame"},
    {NULL}};
#undef A

int fg_vit_code_of(const fg_vit_code_arg *a, fg_vit_code *c)
{
    *c = fg_vit_code_default();
    c->K = a->K;
    int rc = fg_vit_parse_gen(a->gen ? a->gen : "171,133", c);
    if (rc || (rc = fg_vit_code_check(c)))
        return fg_prefix_error(rc, "--");
    if ((rc = fg_vit_parse_punct(a->punct ? a->punct : "none", c)))
        return fg_prefix_error(rc, "--");
    return 0;
}

#define D(f) offsetof(fg_vit_dec_cfg, f)
const fg_opt fg_vit_tile_options[] = {
    {"tile", 0, FG_OPT_INT, D(f), 0, FG_VIT_BITS_MAX, .def = "0", .meta = "F",
     .help = "stages each tile decodes (the paper's f); 0: no tiling, one maximum-likelihood pass"},
    {"overlap-left", 0, FG_OPT_INT, D(v1), 0, 1 << 16, .def = "0", .meta = "V1",
     .help = "stages a tile runs before its own (v1: warm-up of the path metrics)"},
    {"overlap-right", 0, FG_OPT_INT, D(v2), 0, 1 << 16, .def = "0", .meta = "V2",
     .help = "stages a tile runs after its own (v2: the traceback's convergence)"},
    {"subframe", 0, FG_OPT_INT, D(f0), 0, FG_VIT_BITS_MAX, .def = "0", .meta = "F0",
     .help = "parallel traceback: subframes of F0 stages, each traced back from the best state V2\n"
             "stages after its end (a tile's last subframe holds the F mod F0 stages left when F0\n"
             "does not divide F); 0: one traceback per tile"},
    {NULL}};

const fg_opt fg_vit_fixed_options[] = {
    {"llr-width", 0, FG_OPT_INT, D(w_llr), 2, 16, .def = "5", .meta = "W", .help = "channel LLR bits"},
    {"llr-frac", 0, FG_OPT_INT, D(f_llr), 0, 15, .def = "1", .meta = "F",
     .help = "fractional bits of the channel quantiser"},
    {"sm-width", 0, FG_OPT_INT, D(w_pm), 0, 31, .def = "0", .meta = "W",
     .help = "path (state) metric bits; 0: the narrowest that is exact for the code and --llr-width"},
    {"norm", 0, FG_OPT_CHOICE, D(norm), .words = "modulo|subtract", .def = "modulo", .meta = "NAME",
     .help = "path-metric normalisation: modulo (wrap-around arithmetic) or subtract (the best metric)"},
    {NULL}};
#undef D
_Static_assert(sizeof(fg_vit_norm) == sizeof(int), "--norm writes an int into fg_vit_dec_cfg");

/* The BCJR decoder's options: the turbo family's --alg and its words for the same algorithms. */
const fg_opt fg_vit_bcjr_options[] = {
    {"alg", 0, FG_OPT_CHOICE, offsetof(fg_vit_bcjr_cfg, alg), .words = "maxlog|log", .def = "log", .meta = "A",
     .help = "max-log-MAP or log-MAP (exact max*: the true a-posteriori LLRs)"},
    {NULL}};
_Static_assert(sizeof(fg_vit_bcjr_alg) == sizeof(int), "--alg writes an int into fg_vit_bcjr_cfg");
_Static_assert(FG_VIT_BCJR_MAXLOG == 0 && FG_VIT_BCJR_LOG == 1, "--alg's words are in the enum's order");

/* The streaming decoder's own options (fecforge/viterbi_hw.h), for gen viterbi and arch viterbi. */
#define H(f) offsetof(fg_vit_hw_arg, f)
const fg_opt fg_vit_hw_options[] = {
    {"radix", 0, FG_OPT_CHOICE, H(radix), .words = "2|4", .def = "2", .meta = "R",
     .help = "trellis stages per cycle: 1 (radix 2) or 2 (radix 4: the two compare levels of two radix-2\n"
             "stages, the same decided bits)"},
    {"traceback", 0, FG_OPT_CHOICE, H(tb), .words = "memory|exchange", .def = "memory", .meta = "T",
     .help = "survivors: a traceback memory (a block traceback every --tb-block stages) or register\n"
             "exchange (a survivor register per state)"},
    {"tb-depth", 0, FG_OPT_INT, H(depth), 0, FG_VIT_HW_DEPTH_MAX, .def = "0", .def_text = "6(K-1)", .meta = "L",
     .help = "traceback depth: a stage is decided from the best state L stages after its block\n"
             "(at least K-1; radix 4: even); the fixed decoder's --overlap-right"},
    {"tb-block", 0, FG_OPT_INT, H(block), 0, FG_VIT_HW_BLOCK_MAX, .def = "0",
     .def_text = "memory: L; exchange: the stages per cycle", .meta = "D",
     .help = "stages a block traceback decides (radix 4: even); the fixed decoder's --tile"},
    {NULL}};
#undef H
_Static_assert(sizeof(fg_vit_hw_tb) == sizeof(int), "--traceback writes an int into fg_vit_hw_arg");
