/* The fixed-point LDPC model's arithmetic as options (fecforge/options.h), declared once for every
 * command that takes them (ber ldpc --fixed, arch ldpc, vectors ldpc, gen ldpc). Ranges across fields
 * (llr-frac and in-shift below llr-width, app-width at least llr-width) are fg_ldpc_*_cfg_check's. */
#include "fecforge/error.h"
#include "fecforge/ldpc_decoder.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define O(f) offsetof(fg_ldpc_fixed_cfg, f)
const fg_opt fg_ldpc_fixed_options[] = {
    {"llr-width", 0, FG_OPT_INT, O(llr_width), 2, 16, .meta = "W", .help = "channel LLR bits"},
    {"llr-frac", 0, FG_OPT_INT, O(llr_frac), 0, 15, .meta = "F",
     .help = "fractional bits of the channel LLRs, at most llr-width - 1"},
    {"r-width", 0, FG_OPT_INT, O(r_width), 2, 16, .meta = "W", .help = "R (check-to-variable message) bits"},
    {"app-width", 0, FG_OPT_INT, O(app_width), 2, 24, .meta = "W", .help = "APP bits, at least llr-width"},
    {"in-shift", 0, FG_OPT_INT, O(in_shift), 0, 15, .meta = "N",
     .help = "APP and R LSB = 2^N channel LSBs, N at most llr-width - 1"},
    {"scale-round", 0, FG_OPT_INT, O(scale_round), 0, 1, .meta = "B",
     .help = "1: the 0.75 scaling rounds to nearest, 0: floors"},
    {"r-sat-late", 0, FG_OPT_INT, O(r_sat_late), 0, 1, .meta = "B",
     .help = "1: R saturated after scaling, 0: |Q| before the min finder"},
    {"app-keep", 0, FG_OPT_INT, O(app_keep), 0, 1, .meta = "B",
     .help = "1: a saturated APP keeps an R_old of its own sign; in-shift, scale-round,\n"
             "r-sat-late and app-keep all 0: the plain reading of the thesis (docs/ldpc.md)"},
    {NULL}};
#undef O

/* --scale X: X = num / 2^shift exactly, shift <= 8, num in [1, 2^shift]; also "num/den". */
int fg_ldpc_fixed_parse_scale(const char *text, void *field)
{
    int *ns = field; /* scale_num, scale_shift */
    double x;
    char *end;
    const char *slash = strchr(text, '/');
    if (slash) {
        const long num = strtol(text, &end, 10), den = end == slash ? strtol(slash + 1, &end, 10) : 0;
        x = den > 0 && !*end && slash[1] ? (double)num / (double)den : NAN;
    } else {
        x = strtod(text, &end);
        if (end == text || *end)
            x = NAN;
    }
    if (!(x > 0 && x <= 1))
        return fg_set_error(FG_EINVAL, "expected a value in (0, 1], num/2^shift with shift <= 8 (e.g. 0.75, 0.5, "
                                       "0.875, 1, 3/4)");
    for (int shift = 0; shift <= 8; shift++) {
        const double num = x * (double)(1 << shift);
        if (num == floor(num)) {
            ns[0] = (int)num;
            ns[1] = shift;
            return 0;
        }
    }
    return fg_set_error(FG_EINVAL, "not num/2^shift with shift <= 8 (the nearest is %d/256)", (int)lround(x * 256));
}

void fg_ldpc_fixed_print_scale(const void *field, char *buf, size_t n)
{
    const int *ns = field;
    snprintf(buf, n, "%d/%d", ns[0], 1 << ns[1]);
}
