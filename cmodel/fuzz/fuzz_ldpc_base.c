/* libFuzzer target: the base-matrix text parser (fg_ldpc_parse_base_text). A parsed matrix is
 * printed back and must parse to the same matrix; the code built from it must encode. */
#include "fuzz_ldpc_common.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fg_ldpc_base b;
    if (fg_ldpc_parse_base_text((const char *)data, size, &b) < 0) {
        FUZZ_CHECK(b.shift == NULL && strstr(fg_last_error(), "line ") != NULL);
        return 0;
    }
    /* print it back and parse again */
    size_t cap = 64 + (size_t)b.mb * b.nb * 6, n;
    char *text = malloc(cap);
    FUZZ_CHECK(text != NULL);
    n = (size_t)snprintf(text, cap, "Z %d\nrows %d\ncols %d\n", b.z, b.mb, b.nb);
    for (int l = 0; l < b.mb; l++)
        for (int c = 0; c < b.nb; c++)
            n += (size_t)snprintf(text + n, cap - n, "%d%c", b.shift[l * b.nb + c], c == b.nb - 1 ? '\n' : ' ');
    fg_ldpc_base b2;
    FUZZ_CHECK(fg_ldpc_parse_base_text(text, n, &b2) == 0);
    FUZZ_CHECK(b2.z == b.z && b2.mb == b.mb && b2.nb == b.nb &&
               !memcmp(b2.shift, b.shift, sizeof *b.shift * (size_t)b.mb * b.nb));
    fg_ldpc_base_free(&b2);
    free(text);
    fuzz_check_base(&b);
    fg_ldpc_base_free(&b);
    return 0;
}
