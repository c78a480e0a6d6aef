/* libFuzzer target: the alist parser (fg_ldpc_parse_alist_text). The first byte chooses the
 * circulant size z = 1 + byte (1..256); the rest is the alist text. */
#include "fuzz_ldpc_common.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const int z = 1 + data[0];
    fg_ldpc_base b;
    if (fg_ldpc_parse_alist_text((const char *)data + 1, size - 1, z, &b) < 0) {
        FUZZ_CHECK(b.shift == NULL && fg_last_error()[0]);
        return 0;
    }
    FUZZ_CHECK(b.z == z);
    fuzz_check_base(&b);
    fg_ldpc_base_free(&b);
    return 0;
}
