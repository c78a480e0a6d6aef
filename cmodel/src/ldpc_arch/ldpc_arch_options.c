/* Option values of the MB-serial decoder's configuration (fecforge/ldpc_arch.h): --mb N1xN2. */
#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"

#include <stdio.h>

int fg_ldpc_arch_parse_mb(const char *text, void *field)
{
    int *mb = field, v[2];
    const char *p = text;
    for (int i = 0; i < 2; i++) {
        long x = 0;
        const char *start = p;
        while (*p >= '0' && *p <= '9' && x <= 100000)
            x = 10 * x + (*p++ - '0');
        if (p == start || x > 100000 || *p != (i ? '\0' : 'x'))
            return fg_set_error(FG_EINVAL, "expected N1xN2 (e.g. 2x2): N1 = --layers, N2 in [1, min(nb, %d)]",
                                FG_LDPC_ARCH_PORTS_MAX);
        v[i] = (int)x;
        p++;
    }
    mb[0] = v[0];
    mb[1] = v[1];
    return 0;
}

void fg_ldpc_arch_print_mb(const void *field, char *buf, size_t n)
{
    const int *mb = field;
    snprintf(buf, n, "%dx%d", mb[0], mb[1]);
}
