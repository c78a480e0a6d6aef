/* Shared by the LDPC parser fuzz targets: build the code from a parsed base matrix (when small
 * enough to stay fast), encode a message and require H c = 0; abort on any broken invariant. */
#ifndef FG_FUZZ_LDPC_COMMON_H
#define FG_FUZZ_LDPC_COMMON_H

#include "ldpc_code/ldpc_internal.h"

#include "fecforge/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond)                                                                                   \
    do {                                                                                                   \
        if (!(cond)) {                                                                                     \
            fprintf(stderr, "fuzz invariant failed: %s (%s:%d) %s\n", #cond, __FILE__, __LINE__, fg_last_error()); \
            abort();                                                                                       \
        }                                                                                                  \
    } while (0)

static void fuzz_check_base(const fg_ldpc_base *b)
{
    FUZZ_CHECK(b->z >= 1 && b->z <= FG_LDPC_Z_MAX && b->mb >= 1 && b->mb < b->nb && b->nb <= FG_LDPC_BASE_DIM_MAX);
    for (int i = 0; i < b->mb * b->nb; i++)
        FUZZ_CHECK(b->shift[i] >= -1 && b->shift[i] < b->z);
    if (b->mb * b->z > 2048 || b->nb * b->z > 65536)
        return; /* a large gap system's set-up would make the fuzzer slow */
    fg_ldpc_code *c = NULL;
    if (fg_ldpc_code_from_base("fuzz", b->z, b->mb, b->nb, b->shift, &c) < 0) {
        FUZZ_CHECK(c == NULL && fg_last_error()[0]);
        return;
    }
    uint8_t *cw = malloc((size_t)c->n);
    FUZZ_CHECK(cw != NULL);
    uint32_t x = 12345;
    for (int i = 0; i < c->k; i++) {
        x = x * 1103515245u + 12345u;
        cw[i] = (uint8_t)(x >> 31);
    }
    FUZZ_CHECK(fg_ldpc_encode(c, cw, cw) == 0);
    FUZZ_CHECK(fg_ldpc_syndrome_weight(c, cw) == 0);
    cw[c->n - 1] ^= 1;
    FUZZ_CHECK(fg_ldpc_syndrome_weight(c, cw) > 0);
    free(cw);
    fg_ldpc_code_destroy(c);
}

#endif
