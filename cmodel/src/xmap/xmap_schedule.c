#include "fecforge/xmap_schedule.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"

#include <stdlib.h>
#include <strings.h>

int fg_xmap_schedule_init(fg_xmap_schedule *s, int K, int pllr)
{
    if (pllr < 4 || pllr > FG_PLLR_MAX || pllr % 4)
        return fg_set_error(FG_EINVAL, "PLLR=%d invalid: must be a multiple of 4 in [4, %d]", pllr,
                            FG_PLLR_MAX);
    if (K < 1 || K > FG_K_MAX)
        return fg_set_error(FG_EINVAL, "K=%d out of range [1, %d]", K, FG_K_MAX);
    s->K = K;
    s->pllr = pllr;
    s->P = pllr / 4;
    s->cycles = (K + pllr - 1) / pllr;
    s->L = 4 * s->cycles;
    return 0;
}

int fg_bank_mapping_parse(const char *name, fg_bank_mapping *out)
{
    static const char *names[] = {"xmap", "mod", "block", "xmap-xor"};
    for (int i = 0; i < 4; i++)
        if (name && !strcasecmp(name, names[i])) {
            *out = (fg_bank_mapping)i;
            return 0;
        }
    return fg_set_error(FG_EINVAL, "mapping=%s unknown: valid are xmap, xmap-xor, mod, block", name ? name : "(null)");
}

const char *fg_bank_mapping_name(fg_bank_mapping m)
{
    return m == FG_MAP_MOD ? "mod" : m == FG_MAP_BLOCK ? "block" : m == FG_MAP_XMAP_XOR ? "xmap-xor" : "xmap";
}

int fg_bank_map_init(fg_bank_map *m, fg_bank_mapping mapping, int banks, const fg_xmap_schedule *s)
{
    if (banks < 1 || banks > 4096)
        return fg_set_error(FG_EINVAL, "banks=%d out of range [1, 4096]", banks);
    m->mapping = mapping;
    m->banks = banks;
    m->sched = *s;
    m->sub = 1;
    m->block = 1;
    switch (mapping) {
    case FG_MAP_XMAP:
    case FG_MAP_XMAP_XOR:
        if (banks % s->pllr)
            return fg_set_error(FG_EINVAL,
                                "banks=%d invalid for mapping %s: must be a multiple of PLLR=%d", banks,
                                fg_bank_mapping_name(mapping), s->pllr);
        m->sub = banks / s->pllr;
        m->depth = (s->cycles + m->sub - 1) / m->sub;
        return 0;
    case FG_MAP_MOD:
        m->depth = (s->K + banks - 1) / banks;
        return 0;
    case FG_MAP_BLOCK:
        m->block = (s->K + banks - 1) / banks;
        m->depth = m->block;
        return 0;
    }
    return fg_set_error(FG_EINVAL, "mapping=%d unknown", (int)mapping);
}

const char *fg_direction_name(fg_direction d) { return d == FG_DIR_DEINTERLEAVE ? "deinterleave" : "interleave"; }

int fg_write_addresses(fg_std std, int K, fg_direction dir, int32_t *addr_K)
{
    if (dir == FG_DIR_DEINTERLEAVE)
        return fg_interleaver_table(std, K, addr_K);
    int32_t *pi = malloc(sizeof *pi * (size_t)K);
    if (!pi)
        return fg_set_error(FG_ENOMEM, "out of memory for K=%d", K);
    int rc = fg_interleaver_table(std, K, pi);
    if (!rc)
        fg_permutation_invert(K, pi, addr_K);
    free(pi);
    return rc;
}
