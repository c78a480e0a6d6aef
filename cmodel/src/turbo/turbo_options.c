/* Options of the turbo decoders (fecforge/turbo.h): the block and its schedule, --et; the fixed-point formats. */
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fg_turbo_parse_et(const char *text, void *field)
{
    fg_turbo_et *et = field;
    double t;
    char *end;
    if (!strcmp(text, "none"))
        et->kind = FG_TURBO_ET_NONE;
    else if (!strcmp(text, "crc") || !strcmp(text, "crc:a") || !strcmp(text, "crc:b")) {
        et->kind = FG_TURBO_ET_CRC;
        et->crc_poly = !strcmp(text, "crc:b") ? FG_CRC24B : FG_CRC24A;
    } else if ((!strncmp(text, "minllr:", 7) || !strncmp(text, "avgllr:", 7)) &&
               (t = strtod(text + 7, &end), end != text + 7 && !*end && isfinite(t) && t >= 0)) {
        et->kind = text[0] == 'm' ? FG_TURBO_ET_MIN_LLR : FG_TURBO_ET_AVG_LLR;
        et->threshold = t;
    } else
        return fg_set_error(FG_EINVAL, "expected none, minllr:T or avgllr:T (T >= 0), crc, crc:a or crc:b");
    return 0;
}

void fg_turbo_print_et(const void *field, char *buf, size_t n)
{
    const fg_turbo_et *e = field;
    if (e->kind == FG_TURBO_ET_MIN_LLR || e->kind == FG_TURBO_ET_AVG_LLR)
        snprintf(buf, n, "%s:%g", e->kind == FG_TURBO_ET_MIN_LLR ? "minllr" : "avgllr", e->threshold);
    else
        snprintf(buf, n, "%s", e->kind == FG_TURBO_ET_CRC ? (e->crc_poly == FG_CRC24B ? "crc:b" : "crc") : "none");
}

#define O(f) offsetof(fg_turbo_block_arg, f)
const fg_opt fg_turbo_block_options[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = FG_STD_WORDS, .meta = "S", .help = "the standard: lte or umts (HSPA+)"},
    {"K", 0, FG_OPT_INT, O(K), FG_LTE_K_MIN, FG_K_MAX, .meta = "N",
     .help = "block size of the standard (LTE: the 188 sizes 40..6144; UMTS: 40..5114)"},
    {"iter", 0, FG_OPT_REAL, O(iter), 0.5, FG_TURBO_HALF_ITERS_MAX / 2, .meta = "I",
     .help = "iterations, a multiple of 0.5 (an odd count of half-iterations ends with SISO 1)"},
    {"parallel", 0, FG_OPT_INT, O(parallel), 1, FG_TURBO_P_MAX, .meta = "P",
     .help = "parallel sub-blocks of ceil(K/P) steps (the last may be shorter)"},
    {"nii", 0, FG_OPT_CHOICE, O(nii), .words = "on|off", .meta = "on|off",
     .help = "next-iteration initialisation of the sub-block boundaries"},
    {"no-nii", 0, FG_OPT_FLAG, 0, .alias_of = "nii=off"},
    {"et", 0, FG_OPT_CUSTOM, O(et), .parse = fg_turbo_parse_et, .print = fg_turbo_print_et, .meta = "E",
     .help = "early termination after every half-iteration: none, minllr:T (min |LLR| >= T),\n"
             "avgllr:T (mean |LLR| >= T; T in LLR units, fixed: LSBs), crc (LTE: the block's last\n"
             "24 bits are its CRC-24A; crc:b for CRC-24B)"},
    {NULL}};
#undef O

int fg_turbo_block_check(const fg_turbo_block_arg *b, int *half_iters)
{
    if (fg_interleaver_check_k((fg_std)b->std, b->K))
        return fg_prefix_error(FG_EINVAL, "--");
    const double h2 = 2 * b->iter;
    if (fabs(h2 - round(h2)) > 1e-9)
        return fg_set_error(FG_EINVAL, "--iter=%g invalid: a multiple of 0.5 in [0.5, %d]", b->iter,
                            FG_TURBO_HALF_ITERS_MAX / 2);
    *half_iters = (int)round(h2);
    return 0;
}

#define F(f) offsetof(fg_xmap_fmt, f)
const fg_opt fg_xmap_fmt_options[] = {
    {"llr-width", 0, FG_OPT_INT, F(w_ch), 2, 16, .def = "5", .meta = "W", .help = "channel LLR bits"},
    {"llr-frac", 0, FG_OPT_INT, F(f_ch), 0, 15, .def = "2", .meta = "F",
     .help = "fractional bits of the channel quantiser (the RTL sees quantised LLRs only)"},
    {"ext-width", 0, FG_OPT_INT, F(w_ext), 2, 16, .def = "6", .meta = "W", .help = "extrinsic (a-priori) LLR bits"},
    {"bm-width", 0, FG_OPT_INT, F(w_bm), 2, 24, .def = "9", .meta = "W", .help = "branch-metric bits"},
    {"sm-width", 0, FG_OPT_INT, F(w_sm), 2, 24, .def = "10", .meta = "W",
     .help = "state-metric bits (also the a-posteriori LLR)"},
    {"norm", 0, FG_OPT_CHOICE, F(norm), .words = "modulo|subtract", .def = "modulo", .meta = "NAME",
     .help = "state-metric normalisation: modulo (wrap-around arithmetic) or subtract"},
    {NULL}};
#undef F
_Static_assert(sizeof(fg_xmap_norm) == sizeof(int), "--norm writes an int into fg_xmap_fmt");
