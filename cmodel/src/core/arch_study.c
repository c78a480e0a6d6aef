/* What every architecture study shares (fecforge/arch.h). */
#include "fecforge/arch.h"

#include "fecforge/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int fg_arch_parse_fclk(const char *text, double *hz)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    /* a decimal number (strtod also takes hexadecimal, inf and nan), and no exponent with a multiplier:
     * "1e3k" is a typing error, not 1 MHz */
    const size_t num = (size_t)(end - text);
    const int has_exp = memchr(text, 'e', num) || memchr(text, 'E', num);
    if (strspn(text, "0123456789.eE+-") < num || (has_exp && *end && strcmp(end, "Hz")))
        end = (char *)text;
    else if (*end && !strcmp(end, "Hz"))
        end += 2;
    if (end != text && *end) {
        if (!strcmp(end, "k") || !strcmp(end, "K") || !strcmp(end, "kHz"))
            v *= 1e3;
        else if (!strcmp(end, "M") || !strcmp(end, "MHz"))
            v *= 1e6;
        else if (!strcmp(end, "G") || !strcmp(end, "GHz"))
            v *= 1e9;
        else
            end = (char *)text;
    }
    if (end == text || errno || !(v >= 1e3 && v <= 1e12))
        return fg_set_error(FG_EINVAL, "--fclk=%s invalid: expected a frequency in [1e3, 1e12] Hz, a decimal number "
                            "with an exponent or a suffix k, M, G (815e6, 815M, 815MHz)", text);
    *hz = v;
    return 0;
}

void fg_arch_json_open(const fg_arch_io *io, const uint64_t *seed)
{
    fg_json_obj_open(io->json, NULL);
    fg_json_provenance(io->json, seed);
    if (io->json_head)
        io->json_head(io->json_head_ctx, io->json);
}
