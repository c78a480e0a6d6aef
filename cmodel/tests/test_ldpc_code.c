/* QC-LDPC code library: the compiled-in tables against checksums of the standard files, names and
 * list order, block lists, the encoder (H c = 0 for random messages of every built-in code, single
 * bit flips detected), user codes (block peeling, singular parity parts), base-matrix and alist
 * files (round trips, malformed input with line numbers). */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_code.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* FNV-1a (32 bit) over the shifts as little-endian 16-bit words, and the shape, of every built-in
 * code, computed by cmodel/src/ldpc_code/gen_tables.py --checksums directly from the files of
 * ../shared/standards (scaled per the 802.16e rule: floor(s*Z/96), s mod Z for 2/3A). */
static const struct {
    const char *name;
    int z, mb, nb;
    uint32_t fnv;
} expect[] = {
    {"wifi-648-1/2", 27, 12, 24, 0xc64a0ddfu},
    {"wifi-648-2/3", 27, 8, 24, 0x97e69d8eu},
    {"wifi-648-3/4", 27, 6, 24, 0x0d33fdcau},
    {"wifi-648-5/6", 27, 4, 24, 0x3bed9336u},
    {"wifi-1296-1/2", 54, 12, 24, 0x46b1a075u},
    {"wifi-1296-2/3", 54, 8, 24, 0xa738b8c6u},
    {"wifi-1296-3/4", 54, 6, 24, 0x171629a7u},
    {"wifi-1296-5/6", 54, 4, 24, 0x1e9cbf31u},
    {"wifi-1944-1/2", 81, 12, 24, 0xf60d33d6u},
    {"wifi-1944-2/3", 81, 8, 24, 0x8fbc4149u},
    {"wifi-1944-3/4", 81, 6, 24, 0x840653e6u},
    {"wifi-1944-5/6", 81, 4, 24, 0x139e72dcu},
    {"wimax-576-1/2", 24, 12, 24, 0xb621b652u},
    {"wimax-576-2/3A", 24, 8, 24, 0x450d6c38u},
    {"wimax-576-2/3B", 24, 8, 24, 0x95e67a04u},
    {"wimax-576-3/4A", 24, 6, 24, 0xbd3bea9eu},
    {"wimax-576-3/4B", 24, 6, 24, 0x15089f76u},
    {"wimax-576-5/6", 24, 4, 24, 0x5d98f0dfu},
    {"wimax-672-1/2", 28, 12, 24, 0x7a2f353cu},
    {"wimax-672-2/3A", 28, 8, 24, 0x50a2f560u},
    {"wimax-672-2/3B", 28, 8, 24, 0xaeead086u},
    {"wimax-672-3/4A", 28, 6, 24, 0x5a57f9c3u},
    {"wimax-672-3/4B", 28, 6, 24, 0xbdef8518u},
    {"wimax-672-5/6", 28, 4, 24, 0x381293fbu},
    {"wimax-768-1/2", 32, 12, 24, 0xd94aaecau},
    {"wimax-768-2/3A", 32, 8, 24, 0x8873ac08u},
    {"wimax-768-2/3B", 32, 8, 24, 0xf0a26941u},
    {"wimax-768-3/4A", 32, 6, 24, 0x3b71edc4u},
    {"wimax-768-3/4B", 32, 6, 24, 0xc1dfc2a8u},
    {"wimax-768-5/6", 32, 4, 24, 0xbdc85a19u},
    {"wimax-864-1/2", 36, 12, 24, 0x41a50047u},
    {"wimax-864-2/3A", 36, 8, 24, 0x049e3950u},
    {"wimax-864-2/3B", 36, 8, 24, 0x2d5e9e52u},
    {"wimax-864-3/4A", 36, 6, 24, 0xc788800du},
    {"wimax-864-3/4B", 36, 6, 24, 0x27d7e26eu},
    {"wimax-864-5/6", 36, 4, 24, 0x878f881bu},
    {"wimax-960-1/2", 40, 12, 24, 0x9f6c0d1au},
    {"wimax-960-2/3A", 40, 8, 24, 0x5d477758u},
    {"wimax-960-2/3B", 40, 8, 24, 0x37cfa794u},
    {"wimax-960-3/4A", 40, 6, 24, 0x1e70e040u},
    {"wimax-960-3/4B", 40, 6, 24, 0xc9ed4c5du},
    {"wimax-960-5/6", 40, 4, 24, 0xe44194b0u},
    {"wimax-1056-1/2", 44, 12, 24, 0x96ceab16u},
    {"wimax-1056-2/3A", 44, 8, 24, 0x58850934u},
    {"wimax-1056-2/3B", 44, 8, 24, 0xd648ce84u},
    {"wimax-1056-3/4A", 44, 6, 24, 0xa63e2506u},
    {"wimax-1056-3/4B", 44, 6, 24, 0x65de5dfeu},
    {"wimax-1056-5/6", 44, 4, 24, 0x2e5ddac8u},
    {"wimax-1152-1/2", 48, 12, 24, 0xd4adfd9eu},
    {"wimax-1152-2/3A", 48, 8, 24, 0x47e8e048u},
    {"wimax-1152-2/3B", 48, 8, 24, 0xdc7c9d3du},
    {"wimax-1152-3/4A", 48, 6, 24, 0xabbcb5a8u},
    {"wimax-1152-3/4B", 48, 6, 24, 0xbf67d402u},
    {"wimax-1152-5/6", 48, 4, 24, 0x8bcf55f8u},
    {"wimax-1248-1/2", 52, 12, 24, 0xbc88d14cu},
    {"wimax-1248-2/3A", 52, 8, 24, 0x47e8e048u},
    {"wimax-1248-2/3B", 52, 8, 24, 0xb238400bu},
    {"wimax-1248-3/4A", 52, 6, 24, 0x4ea4f448u},
    {"wimax-1248-3/4B", 52, 6, 24, 0xb8e71fa1u},
    {"wimax-1248-5/6", 52, 4, 24, 0xa7240ae4u},
    {"wimax-1344-1/2", 56, 12, 24, 0x48b0fd5bu},
    {"wimax-1344-2/3A", 56, 8, 24, 0x47e8e048u},
    {"wimax-1344-2/3B", 56, 8, 24, 0x078a7f4du},
    {"wimax-1344-3/4A", 56, 6, 24, 0xa1eb51b2u},
    {"wimax-1344-3/4B", 56, 6, 24, 0xd5a06eb2u},
    {"wimax-1344-5/6", 56, 4, 24, 0x1f9a60e8u},
    {"wimax-1440-1/2", 60, 12, 24, 0x912de83eu},
    {"wimax-1440-2/3A", 60, 8, 24, 0x47e8e048u},
    {"wimax-1440-2/3B", 60, 8, 24, 0x2bbca0a4u},
    {"wimax-1440-3/4A", 60, 6, 24, 0xce1db602u},
    {"wimax-1440-3/4B", 60, 6, 24, 0x06e420bfu},
    {"wimax-1440-5/6", 60, 4, 24, 0x0a82a3bau},
    {"wimax-1536-1/2", 64, 12, 24, 0xf48b3586u},
    {"wimax-1536-2/3A", 64, 8, 24, 0x47e8e048u},
    {"wimax-1536-2/3B", 64, 8, 24, 0xdb91b667u},
    {"wimax-1536-3/4A", 64, 6, 24, 0x0986b5f0u},
    {"wimax-1536-3/4B", 64, 6, 24, 0xbf9e1476u},
    {"wimax-1536-5/6", 64, 4, 24, 0x2f9d22b0u},
    {"wimax-1632-1/2", 68, 12, 24, 0x6a9524bcu},
    {"wimax-1632-2/3A", 68, 8, 24, 0x47e8e048u},
    {"wimax-1632-2/3B", 68, 8, 24, 0x28b4f6c9u},
    {"wimax-1632-3/4A", 68, 6, 24, 0x1949daa5u},
    {"wimax-1632-3/4B", 68, 6, 24, 0x50c41d3du},
    {"wimax-1632-5/6", 68, 4, 24, 0x8e274175u},
    {"wimax-1728-1/2", 72, 12, 24, 0x48e3c634u},
    {"wimax-1728-2/3A", 72, 8, 24, 0x47e8e048u},
    {"wimax-1728-2/3B", 72, 8, 24, 0x540812f9u},
    {"wimax-1728-3/4A", 72, 6, 24, 0x218b47d6u},
    {"wimax-1728-3/4B", 72, 6, 24, 0xe485d5cfu},
    {"wimax-1728-5/6", 72, 4, 24, 0xa8675451u},
    {"wimax-1824-1/2", 76, 12, 24, 0x7c32a170u},
    {"wimax-1824-2/3A", 76, 8, 24, 0x47e8e048u},
    {"wimax-1824-2/3B", 76, 8, 24, 0x8b6a0723u},
    {"wimax-1824-3/4A", 76, 6, 24, 0x99c2e952u},
    {"wimax-1824-3/4B", 76, 6, 24, 0x38a98500u},
    {"wimax-1824-5/6", 76, 4, 24, 0x1320c3a7u},
    {"wimax-1920-1/2", 80, 12, 24, 0x75142e57u},
    {"wimax-1920-2/3A", 80, 8, 24, 0x47e8e048u},
    {"wimax-1920-2/3B", 80, 8, 24, 0x68cd8784u},
    {"wimax-1920-3/4A", 80, 6, 24, 0x6c9dedfcu},
    {"wimax-1920-3/4B", 80, 6, 24, 0x45caae95u},
    {"wimax-1920-5/6", 80, 4, 24, 0x24cb0056u},
    {"wimax-2016-1/2", 84, 12, 24, 0x3b45fb65u},
    {"wimax-2016-2/3A", 84, 8, 24, 0x47e8e048u},
    {"wimax-2016-2/3B", 84, 8, 24, 0x2ec0205cu},
    {"wimax-2016-3/4A", 84, 6, 24, 0x5f95679eu},
    {"wimax-2016-3/4B", 84, 6, 24, 0xf97828fdu},
    {"wimax-2016-5/6", 84, 4, 24, 0x179bc9d7u},
    {"wimax-2112-1/2", 88, 12, 24, 0xa7cf7513u},
    {"wimax-2112-2/3A", 88, 8, 24, 0x47e8e048u},
    {"wimax-2112-2/3B", 88, 8, 24, 0x1d7926e5u},
    {"wimax-2112-3/4A", 88, 6, 24, 0x08d6eba0u},
    {"wimax-2112-3/4B", 88, 6, 24, 0x5f4feeeau},
    {"wimax-2112-5/6", 88, 4, 24, 0xb9a1653eu},
    {"wimax-2208-1/2", 92, 12, 24, 0x83498299u},
    {"wimax-2208-2/3A", 92, 8, 24, 0x47e8e048u},
    {"wimax-2208-2/3B", 92, 8, 24, 0x26905acbu},
    {"wimax-2208-3/4A", 92, 6, 24, 0x7e0ff7f3u},
    {"wimax-2208-3/4B", 92, 6, 24, 0x995fb73cu},
    {"wimax-2208-5/6", 92, 4, 24, 0xa8942514u},
    {"wimax-2304-1/2", 96, 12, 24, 0x70b4f82fu},
    {"wimax-2304-2/3A", 96, 8, 24, 0x47e8e048u},
    {"wimax-2304-2/3B", 96, 8, 24, 0xc4149ce3u},
    {"wimax-2304-3/4A", 96, 6, 24, 0x89c7d9e9u},
    {"wimax-2304-3/4B", 96, 6, 24, 0x4ade3882u},
    {"wimax-2304-5/6", 96, 4, 24, 0x8aa77137u},
};

static uint32_t fnv_shifts(const fg_ldpc_code *c)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < c->mb * c->nb; i++) {
        uint16_t v = (uint16_t)c->shift[i];
        h = (h ^ (v & 0xFF)) * 16777619u;
        h = (h ^ (v >> 8)) * 16777619u;
    }
    return h;
}

static void test_tables(void)
{
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_count(), 126);
    CU_ASSERT_EQUAL_FATAL((int)(sizeof expect / sizeof expect[0]), 126);
    for (int i = 0; i < 126; i++) {
        const char *name = fg_ldpc_code_name(i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(name);
        CU_ASSERT_STRING_EQUAL(name, expect[i].name);
        fg_ldpc_code *c = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(name, &c), 0);
        CU_ASSERT_STRING_EQUAL(c->name, name);
        CU_ASSERT_EQUAL(c->z, expect[i].z);
        CU_ASSERT_EQUAL(c->mb, expect[i].mb);
        CU_ASSERT_EQUAL(c->nb, expect[i].nb);
        CU_ASSERT_EQUAL(c->n, 24 * c->z);
        CU_ASSERT_EQUAL(c->k, (c->nb - c->mb) * c->z);
        CU_ASSERT_EQUAL(c->family, i < 12 ? FG_LDPC_FAMILY_WIFI : FG_LDPC_FAMILY_WIMAX);
        if (fnv_shifts(c) != expect[i].fnv)
            fprintf(stderr, "checksum mismatch for %s\n", name);
        CU_ASSERT_EQUAL(fnv_shifts(c), expect[i].fnv);
        fg_ldpc_code_destroy(c);
    }
    CU_ASSERT_PTR_NULL(fg_ldpc_code_name(-1));
    CU_ASSERT_PTR_NULL(fg_ldpc_code_name(126));
}

/* Spot values typed from the standards (independent of the checksums). */
static void test_spot_values(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-1/2", &c), 0);
    CU_ASSERT_EQUAL(c->shift[1 * 24 + 0], 22); /* row 1: 22 0 -1 -1 17 */
    CU_ASSERT_EQUAL(c->shift[1 * 24 + 4], 17);
    CU_ASSERT_EQUAL(c->shift[0 * 24 + 12], 1);
    CU_ASSERT_EQUAL(c->shift[11 * 24 + 12], 1);
    CU_ASSERT_EQUAL(c->shift[4 * 24 + 12], -1);
    CU_ASSERT_EQUAL(c->shift[6 * 24 + 12], 0);
    CU_ASSERT_EQUAL(c->n_blocks, 88);
    CU_ASSERT_EQUAL(c->max_row_deg, 8);
    fg_ldpc_code_destroy(c);
    /* 802.16e rate 1/2 row 0 column 1 is 94 at Z0 = 96: floor(94 * 24 / 96) = 23 at N = 576 */
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wimax-576-1/2", &c), 0);
    CU_ASSERT_EQUAL(c->z, 24);
    CU_ASSERT_EQUAL(c->shift[1], 23);
    CU_ASSERT_EQUAL(c->shift[2], 73 * 24 / 96);
    fg_ldpc_code_destroy(c);
    /* 2/3A uses s mod Z: row 1 column 4 is 36 -> 36 mod 28 = 8 at N = 672 */
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wimax-672-2/3A", &c), 0);
    CU_ASSERT_EQUAL(c->z, 28);
    CU_ASSERT_EQUAL(c->shift[1 * 24 + 4], 8);
    CU_ASSERT_EQUAL(c->shift[1 * 24 + 7], 34 % 28);
    fg_ldpc_code_destroy(c);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wimax-2304-2/3A", &c), 0);
    CU_ASSERT_EQUAL(c->shift[1 * 24 + 4], 36);
    fg_ldpc_code_destroy(c);
}

static void test_names(void)
{
    const char *bad[] = {"", "wifi", "wifi-648", "wifi-648-1/3", "wifi-600-1/2", "wimax-2304-2/3",
                         "wimax-2400-1/2", "wimax-480-1/2", "WIFI-648-1/2", "wifi-648-1/2 ", " wifi-648-1/2",
                         "wifi-0648-1/2", "wimax-576-2/3a", "wifi-648-1/2x", "wimax-2304-1/2-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fg_ldpc_code *c = (fg_ldpc_code *)1;
        CU_ASSERT_EQUAL(fg_ldpc_code_create(bad[i], &c), FG_EINVAL);
        CU_ASSERT_PTR_NULL(c);
        CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "wifi-<648|1296|1944>-<1/2|2/3|3/4|5/6>"));
        CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "wimax-<576..2304 step 96>-<1/2|2/3A|2/3B|3/4A|3/4B|5/6>"));
    }
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL(fg_ldpc_code_create(NULL, &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_code_create("wifi-648-1/2", NULL), FG_EINVAL);
    /* list order: 802.11n by length then rate, then 802.16e by length then rate */
    CU_ASSERT_STRING_EQUAL(fg_ldpc_code_name(0), "wifi-648-1/2");
    CU_ASSERT_STRING_EQUAL(fg_ldpc_code_name(11), "wifi-1944-5/6");
    CU_ASSERT_STRING_EQUAL(fg_ldpc_code_name(12), "wimax-576-1/2");
    CU_ASSERT_STRING_EQUAL(fg_ldpc_code_name(13), "wimax-576-2/3A");
    CU_ASSERT_STRING_EQUAL(fg_ldpc_code_name(18), "wimax-672-1/2");
    CU_ASSERT_STRING_EQUAL(fg_ldpc_code_name(125), "wimax-2304-5/6");
    fg_ldpc_code_destroy(NULL);
}

/* Block lists: ascending columns per layer, consistent with shift[], degrees. */
static void test_block_lists(void)
{
    for (int i = 0; i < fg_ldpc_code_count(); i++) {
        fg_ldpc_code *c;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(fg_ldpc_code_name(i), &c), 0);
        int nblk = 0, maxd = 0, ok = 1;
        CU_ASSERT_EQUAL(c->row_start[0], 0);
        for (int l = 0; l < c->mb; l++) {
            int b = c->row_start[l];
            for (int col = 0; col < c->nb; col++)
                if (c->shift[l * c->nb + col] >= 0) {
                    ok &= b < c->row_start[l + 1] && c->blk_col[b] == col &&
                          c->blk_shift[b] == c->shift[l * c->nb + col];
                    b++;
                    nblk++;
                }
            ok &= b == c->row_start[l + 1];
            if (c->row_start[l + 1] - c->row_start[l] > maxd)
                maxd = c->row_start[l + 1] - c->row_start[l];
        }
        CU_ASSERT(ok);
        CU_ASSERT_EQUAL(c->n_blocks, nblk);
        CU_ASSERT_EQUAL(c->row_start[c->mb], nblk);
        CU_ASSERT_EQUAL(c->max_row_deg, maxd);
        fg_ldpc_code_destroy(c);
    }
}

/* Encode frames of random bits (Philox stream f), check H c = 0, the systematic part, and that
 * every single bit flip of the first frame gives a non-zero syndrome. */
static void check_encoder(const fg_ldpc_code *c, int frames, int all_flips)
{
    uint8_t *s = malloc((size_t)c->k), *cw = malloc((size_t)c->n);
    CU_ASSERT_FATAL(s && cw);
    for (int f = 0; f < frames; f++) {
        CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(c->k, 2024, (uint64_t)f, s), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_encode(c, s, cw), 0);
        CU_ASSERT_EQUAL(memcmp(s, cw, (size_t)c->k), 0);
        int w = fg_ldpc_syndrome_weight(c, cw);
        if (w != 0)
            fprintf(stderr, "%s: frame %d syndrome weight %d\n", c->name, f, w);
        CU_ASSERT_EQUAL(w, 0);
    }
    int bad = 0;
    for (int j = 0; j < c->n; j += all_flips ? 1 : 7) {
        cw[j] ^= 1;
        bad += fg_ldpc_syndrome_weight(c, cw) <= 0;
        cw[j] ^= 1;
    }
    CU_ASSERT_EQUAL(bad, 0);
    /* in place: codeword_n may be bits_k */
    memcpy(cw, s, (size_t)c->k);
    CU_ASSERT_EQUAL(fg_ldpc_encode(c, cw, cw), 0);
    CU_ASSERT_EQUAL(fg_ldpc_syndrome_weight(c, cw), 0);
    free(s);
    free(cw);
}

static void test_encode_all_builtin(void)
{
    for (int i = 0; i < fg_ldpc_code_count(); i++) {
        fg_ldpc_code *c;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(fg_ldpc_code_name(i), &c), 0);
        check_encoder(c, 4, 1);
        fg_ldpc_code_destroy(c);
    }
}

static void test_encode_zero_and_errors(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-1944-5/6", &c), 0);
    uint8_t s[1620] = {0}, cw[1944];
    CU_ASSERT_EQUAL(fg_ldpc_encode(c, s, cw), 0);
    int nz = 0;
    for (int i = 0; i < c->n; i++)
        nz += cw[i];
    CU_ASSERT_EQUAL(nz, 0);
    s[5] = 2;
    CU_ASSERT_EQUAL(fg_ldpc_encode(c, s, cw), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "bits_k[5]=2"));
    cw[7] = 3;
    CU_ASSERT_EQUAL(fg_ldpc_syndrome_weight(c, cw), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_encode(NULL, s, cw), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_syndrome_weight(NULL, cw), FG_EINVAL);
    fg_ldpc_code_destroy(c);
}

/* The O(edges) encoder path is taken by every built-in code (library-internal query). */
int fg_ldpc_encoder_is_dual_diagonal(const fg_ldpc_code *code);
int fg_ldpc_encoder_gap(const fg_ldpc_code *code);

static void test_builtin_dual_diagonal(void)
{
    for (int i = 0; i < fg_ldpc_code_count(); i++) {
        fg_ldpc_code *c;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(fg_ldpc_code_name(i), &c), 0);
        CU_ASSERT_EQUAL(fg_ldpc_encoder_is_dual_diagonal(c), 1);
        fg_ldpc_code_destroy(c);
    }
}

static int *shifts_of(const fg_ldpc_code *c)
{
    int *s = malloc(sizeof *s * (size_t)c->mb * c->nb);
    for (int i = 0; i < c->mb * c->nb; i++)
        s[i] = c->shift[i];
    return s;
}

static int same_code(const fg_ldpc_code *a, const fg_ldpc_code *b)
{
    if (a->z != b->z || a->mb != b->mb || a->nb != b->nb || a->n != b->n || a->k != b->k ||
        a->n_blocks != b->n_blocks || a->max_row_deg != b->max_row_deg)
        return 0;
    return !memcmp(a->shift, b->shift, sizeof *a->shift * (size_t)a->mb * a->nb);
}

/* A user code whose parity block columns are a permutation of wifi-648-1/2's goes through block
 * peeling (gap 1); its parity is the permuted parity of the dual-diagonal encoder (the solution is
 * unique). */
static void test_peeling_matches_dual(void)
{
    fg_ldpc_code *w, *u;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-1/2", &w), 0);
    const int mb = w->mb, nb = w->nb, kb = nb - mb, z = w->z;
    int *s = shifts_of(w), *p = malloc(sizeof *p * (size_t)mb * nb);
    int perm[12];
    for (int j = 0; j < mb; j++)
        perm[j] = (j * 5 + 3) % mb; /* new parity column j = old parity column perm[j] */
    for (int l = 0; l < mb; l++)
        for (int c = 0; c < nb; c++)
            p[l * nb + c] = c < kb ? s[l * nb + c] : s[l * nb + kb + perm[c - kb]];
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_from_base("perm", z, mb, nb, p, &u), 0);
    CU_ASSERT_EQUAL(fg_ldpc_encoder_is_dual_diagonal(u), 0);
    CU_ASSERT_EQUAL(fg_ldpc_encoder_gap(u), 1);
    CU_ASSERT_EQUAL(u->family, FG_LDPC_FAMILY_USER);
    CU_ASSERT_STRING_EQUAL(u->name, "perm");
    check_encoder(u, 8, 1);
    uint8_t msg[324], cw[648], cu[648];
    int diff = 0;
    for (int f = 0; f < 8; f++) {
        fg_channel_random_bits(324, 7, (uint64_t)f, msg);
        CU_ASSERT_EQUAL(fg_ldpc_encode(w, msg, cw), 0);
        CU_ASSERT_EQUAL(fg_ldpc_encode(u, msg, cu), 0);
        for (int j = 0; j < mb; j++)
            diff += memcmp(cu + (kb + j) * z, cw + (kb + perm[j]) * z, (size_t)z) != 0;
    }
    CU_ASSERT_EQUAL(diff, 0);
    /* a dual-diagonal user code (the same matrix) takes the fast path and gives the same words */
    fg_ldpc_code *d;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_from_base(NULL, z, mb, nb, s, &d), 0);
    CU_ASSERT_STRING_EQUAL(d->name, "user");
    CU_ASSERT_EQUAL(fg_ldpc_encoder_is_dual_diagonal(d), 1);
    CU_ASSERT(same_code(d, w));
    free(s);
    free(p);
    fg_ldpc_code_destroy(w);
    fg_ldpc_code_destroy(u);
    fg_ldpc_code_destroy(d);
}

/* Small user codes: singular and invertible parity parts without the dual-diagonal structure; z = 1. */
static void test_small_user_codes(void)
{
    /* H_p = [[I, P], [P^2, I]] over z = 5: det = 1 + x^3 and gcd(1 + x^3, 1 + x^5) = 1 + x: singular */
    const int a[2 * 4] = {0, 1, 0, 1, 2, 3, 2, 0};
    fg_ldpc_code *c = (fg_ldpc_code *)1;
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("small", 5, 2, 4, a, &c), FG_EINVAL);
    CU_ASSERT_PTR_NULL(c);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "parity part of H is singular"));
    /* H_p = [[I, P], [0, I]] (block upper triangular): invertible, not dual-diagonal */
    const int t[2 * 4] = {0, 1, 0, 1, 2, 3, -1, 0};
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_from_base("tri", 5, 2, 4, t, &c), 0);
    CU_ASSERT_EQUAL(fg_ldpc_encoder_is_dual_diagonal(c), 0);
    CU_ASSERT_EQUAL(fg_ldpc_encoder_gap(c), 0); /* pure back-substitution */
    check_encoder(c, 4, 1);
    fg_ldpc_code_destroy(c);
    /* z = 1: H = [1 1 0; 0 1 1] -> parity part [[1, 0], [1, 1]] */
    const int h[2 * 3] = {0, 0, -1, -1, 0, 0};
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_from_base("tiny", 1, 2, 3, h, &c), 0);
    CU_ASSERT_EQUAL(c->n, 3);
    CU_ASSERT_EQUAL(c->k, 1);
    uint8_t m1 = 1, cw[3];
    CU_ASSERT_EQUAL(fg_ldpc_encode(c, &m1, cw), 0);
    CU_ASSERT(cw[0] == 1 && cw[1] == 1 && cw[2] == 1);
    fg_ldpc_code_destroy(c);
}

static void test_from_base_errors(void)
{
    fg_ldpc_code *c = (fg_ldpc_code *)1;
    /* singular: two equal parity block columns */
    const int sing[2 * 4] = {0, 1, 0, 0, 1, 2, 3, 3};
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("s", 8, 2, 4, sing, &c), FG_EINVAL);
    CU_ASSERT_PTR_NULL(c);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "parity part of H is singular"));
    /* singular: parity part [[I, I], [I, I]] */
    const int sing2[2 * 3] = {0, 0, 0, 1, 0, 0};
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("s2", 4, 2, 3, sing2, &c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "singular"));
    const int ok[2 * 3] = {0, 0, -1, 1, 0, 0};
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 0, 2, 3, ok, &c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "z=0 out of range [1, 1024]"));
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 1025, 2, 3, ok, &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 0, 3, ok, &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 3, 3, ok, &c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "mb < nb"));
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 2, 257, ok, &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 2, 3, NULL, &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 2, 3, ok, NULL), FG_EINVAL);
    const int big[2 * 3] = {0, 4, -1, 1, 0, 0};
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 2, 3, big, &c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "shift 4 at base row 0 column 1"));
    const int neg[2 * 3] = {0, -2, -1, 1, 0, 0};
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 2, 3, neg, &c), FG_EINVAL);
    const int erow[2 * 3] = {-1, -1, -1, 1, 0, 0};
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 2, 3, erow, &c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "base row 0 is empty"));
    const int ecol[2 * 3] = {-1, 0, 0, -1, 0, 1};
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 4, 2, 3, ecol, &c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "base column 0 is empty"));
    char longname[80];
    memset(longname, 'a', sizeof longname - 1);
    longname[79] = '\0';
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base(longname, 4, 2, 3, ok, &c), FG_EINVAL);
    /* a parity part without usable structure: every block of the 6 x 12 base is non-zero, so block
     * peeling leaves 5 of the 6 parity block columns, 5 * 1000 bits > 4096 */
    int *bigm = malloc(sizeof *bigm * 6 * 12);
    for (int i = 0; i < 72; i++)
        bigm[i] = (i * 7 + i * i) % 1000;
    CU_ASSERT_EQUAL(fg_ldpc_code_from_base("x", 1000, 6, 12, bigm, &c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "5 of its 6 block columns remain, a dense 5000-bit system (limit 4096)"));
    free(bigm);
}

/* Block peeling with a gap on a 5G-NR-like structure larger than a dense solve could handle: a
 * 4-row core (staircase columns, then the weight-3 column with shifts 1, 0, 1 at rows 0, 2, 3; in
 * this order the dual-diagonal path does not apply) plus 16 extension rows, each with its own
 * identity parity column: mb = 20, z = 256, m = 5120 > 4096. Gap: one block column. */
static void test_peeling_large(void)
{
    enum { Z = 256, MB = 20, KB = 10, NB = KB + MB };
    int *h = malloc(sizeof *h * MB * NB);
    uint32_t x = 7;
    for (int l = 0; l < MB; l++)
        for (int col = 0; col < NB; col++) {
            x = x * 1103515245u + 12345u;
            int r = (int)((x >> 8) % Z), j = col - KB;
            int v = -1;
            if (j < 0)
                v = (x >> 20) % 2 ? r : -1; /* information part */
            else if (l < 4) {
                /* core: staircase in core columns 0..2 (rows j, j+1), weight-3 column as column 3 */
                if (j < 3)
                    v = (l == j || l == j + 1) ? 0 : -1;
                else if (j == 3)
                    v = l == 0 || l == 3 ? 1 : l == 2 ? 0 : -1;
            } else {
                if (j < 4)
                    v = (x >> 21) % 2 ? r : -1; /* extension rows see the core parity */
                else if (j == l)
                    v = 0; /* their own parity column */
            }
            h[l * NB + col] = v;
        }
    for (int col = 0; col < KB; col++)
        h[col] = 5; /* no empty information column */
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_from_base("nr-like", Z, MB, NB, h, &c), 0);
    CU_ASSERT_EQUAL(fg_ldpc_encoder_is_dual_diagonal(c), 0);
    CU_ASSERT_EQUAL(fg_ldpc_encoder_gap(c), 1);
    check_encoder(c, 3, 0);
    fg_ldpc_code_destroy(c);
    free(h);
}

static char tmpdir[64];
static void remove_tmpdir(void);

static const char *tmp_path(const char *leaf)
{
    static char buf[4][128];
    static int k;
    if (!tmpdir[0]) {
        snprintf(tmpdir, sizeof tmpdir, "/tmp/fg_ldpc_code_XXXXXX");
        if (!mkdtemp(tmpdir)) {
            perror("mkdtemp");
            exit(1);
        }
        atexit(remove_tmpdir);
    }
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, leaf);
    return buf[k];
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static void remove_tmpdir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "cannot remove %s\n", tmpdir);
}

/* write_base / read_base and write_alist / read_alist give the identical code, for every built-in
 * code (alist for a sample: every 5th). */
static void test_round_trips(void)
{
    for (int i = 0; i < fg_ldpc_code_count(); i++) {
        fg_ldpc_code *c, *b = NULL, *a = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(fg_ldpc_code_name(i), &c), 0);
        const char *pb = tmp_path("code.txt"), *pa = tmp_path("code.alist");
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_write_base(c, pb), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_read_base(pb, &b), 0);
        CU_ASSERT(same_code(c, b));
        CU_ASSERT_STRING_EQUAL(b->name, "code");
        CU_ASSERT_EQUAL(b->family, FG_LDPC_FAMILY_USER);
        if (i % 5 == 0 || i < 12) {
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_write_alist(c, pa), 0);
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_read_alist(pa, c->z, "back", &a), 0);
            CU_ASSERT(same_code(c, a));
            CU_ASSERT_STRING_EQUAL(a->name, "back");
            fg_ldpc_code_destroy(a);
            /* a wrong z is rejected (not quasi-cyclic, or not a multiple) */
            CU_ASSERT_EQUAL(fg_ldpc_code_read_alist(pa, c->z * 2, NULL, &a), FG_EINVAL);
            CU_ASSERT_PTR_NULL(a);
        }
        fg_ldpc_code_destroy(c);
        fg_ldpc_code_destroy(b);
    }
    /* a user code (block peeling) round-trips too and keeps encoding */
    const int h[3 * 6] = {0, 1, 2, 0, 1, -1, 3, -1, 0, 2, 0, 1, -1, 2, 1, 1, -1, 0};
    fg_ldpc_code *u, *v;
    int rc = fg_ldpc_code_from_base("u", 7, 3, 6, h, &u);
    if (rc == 0) {
        CU_ASSERT_EQUAL(fg_ldpc_code_write_alist(u, tmp_path("u.alist")), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_read_alist(tmp_path("u.alist"), 7, NULL, &v), 0);
        CU_ASSERT(same_code(u, v));
        CU_ASSERT_STRING_EQUAL(v->name, "u");
        check_encoder(v, 4, 1);
        fg_ldpc_code_destroy(u);
        fg_ldpc_code_destroy(v);
    } else {
        CU_FAIL("user code 'u' rejected");
        fprintf(stderr, "%s\n", fg_last_error());
    }
}

/* The 802.16e file format (Z0 header) reads as the code at Z = 96. */
static void test_read_base_z0(void)
{
    const char *p = tmp_path("r56.txt");
    CU_ASSERT_EQUAL_FATAL(write_text(p, "# 802.16e rate 5/6, Z0 = 96\nZ0 96\nrows 4\ncols 24\n"
                                        " 1 25 55 -1 47  4 -1 91 84  8 86 52 82 33  5  0 36 20  4 77 80  0 -1 -1\n"
                                        "-1  6 -1 36 40 47 12 79 47 -1 41 21 12 71 14 72  0 44 49  0  0  0  0 -1\n"
                                        "51 81 83  4 67 -1 21 -1 31 24 91 61 81  9 86 78 60 88 67 15 -1 -1  0  0\n"
                                        "50 -1 50 15 -1 36 13 10 11 20 53 90 29 92 57 30 84 92 11 66 80 -1 -1  0\n"),
                          0);
    fg_ldpc_code *a, *b;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_read_base(p, &a), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wimax-2304-5/6", &b), 0);
    CU_ASSERT(same_code(a, b));
    fg_ldpc_code_destroy(a);
    fg_ldpc_code_destroy(b);
}

/* Malformed base-matrix files: FG_EINVAL and a message with the line number. */
static void test_base_malformed(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"", "line 1: end of file without the header lines"},
        {"# only a comment\n", "line 1: end of file without the header lines"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1\n", "line 4: end of file after 1 of rows=2"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1\n1 0", "line 5: matrix row 1 has 2 entries, cols=3"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1\n# c", "line 5: end of file after 1 of rows=2"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1\n-1 0 0\n1 1 1\n", "line 6: more than rows=2"},
        {"Z 4\nrows 2\ncols 3\n0 0\n-1 0 0\n", "line 4: matrix row 0 has 2 entries, cols=3"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1 2\n-1 0 0\n", "line 4: matrix row 0 has more than cols=3"},
        {"Z 4\nrows 2\ncols 3\n0 x -1\n-1 0 0\n", "line 4: 'x' (row 0, column 1) is not an integer"},
        {"Z 4\nrows 2\ncols 3\n0 1.5 -1\n-1 0 0\n", "line 4: '1.5'"},
        {"Z 4\nrows 2\ncols 3\n0 4 -1\n-1 0 0\n", "line 4: shift 4 (row 0, column 1) out of range"},
        {"Z 4\nrows 2\ncols 3\n0 -2 -1\n-1 0 0\n", "line 4: shift -2"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1\n-1 99999999999 0\n", "line 5: '99999999999'"},
        {"Z -4\nrows 2\ncols 3\n", "line 1: Z=-4 invalid"},
        {"Z 0\n", "line 1: Z=0 invalid: an integer in [1, 1024]"},
        {"Z 1025\n", "line 1: Z=1025 invalid"},
        {"Z 4\nrows 257\n", "line 2: rows=257 invalid: an integer in [1, 256]"},
        {"Z 4\nrows 2\ncols 100000\n", "line 3: cols=100000 invalid"},
        {"Z 4\nrows -2\n", "line 2: rows=-2 invalid"},
        {"Z 4\nrows 3\ncols 3\n0 0 0\n", "line 4: rows=3 (line 2) must be less than cols=3"},
        {"Z 4\nrows 2\n0 0 -1\n", "line 3: matrix row before the header line 'cols <value>'"},
        {"Z 4\nZ 5\n", "line 2: Z given twice (first on line 1)"},
        {"Z\n", "line 1: Z needs a value"},
        {"Z 4 5\n", "line 1: unexpected '5' after Z 4"},
        {"Q 4\n", "line 1: unknown keyword 'Q'"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1\nN 12\n-1 0 0\n", "line 5: header line 'N' after the matrix rows"},
        {"Z 4\nrows 2\ncols 3\n-1 -1 -1\n-1 0 0\n", "line 4: matrix row 0 is empty"},
        {"Z 4\nrows 2\ncols 3\n-1 0 -1\n-1 0 0\n", "line 5: matrix column 0 is empty"},
        {"N 16\nZ 4\nrows 2\ncols 3\n0 0 -1\n-1 0 0\n", "line 1: N=16 but cols * Z = 3 * 4 = 12"},
        {"K 8\nZ 4\nrows 2\ncols 3\n0 0 -1\n-1 0 0\n", "line 1: K=8 but (cols - rows) * Z = 4"},
        {"Z 4\nrows 2\ncols 3\n0 0 -1\n-1 0\x01 0\n", "line 5: '0?'"},
        {"Z 4\nrows 2\ncols 3\n0 0 0\n0 0 0\n", "parity part of H is singular"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *p = tmp_path("bad.txt");
        CU_ASSERT_EQUAL_FATAL(write_text(p, cases[i].text), 0);
        fg_ldpc_code *c = (fg_ldpc_code *)1;
        CU_ASSERT_EQUAL(fg_ldpc_code_read_base(p, &c), FG_EINVAL);
        CU_ASSERT_PTR_NULL(c);
        if (!strstr(fg_last_error(), cases[i].msg))
            fprintf(stderr, "case %zu: expected '%s' in '%s'\n", i, cases[i].msg, fg_last_error());
        CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), cases[i].msg));
        CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), p)); /* the message names the file */
    }
    /* comments, blank lines, CRLF and tabs are fine */
    const char *p = tmp_path("ok.txt");
    CU_ASSERT_EQUAL_FATAL(write_text(p, "# c\r\n\r\nZ 1 # z\r\nrows 2\ncols\t3\n N 3\nK 1\n0 0 -1 # row 0\n-1 0 0\n\n"), 0);
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL(fg_ldpc_code_read_base(p, &c), 0);
    fg_ldpc_code_destroy(c);
    CU_ASSERT_EQUAL(fg_ldpc_code_read_base(tmp_path("missing.txt"), &c), FG_EIO);
    CU_ASSERT_EQUAL(fg_ldpc_code_read_base(tmpdir, &c), FG_EINVAL); /* a directory: not a regular file */
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "is a directory, not a regular file"));
    CU_ASSERT_EQUAL(fg_ldpc_code_read_base("/dev/zero", &c), FG_EINVAL); /* refused before it is read */
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "/dev/zero is a character device, not a regular file"));
    CU_ASSERT_EQUAL(fg_ldpc_code_write_base(NULL, p), FG_EINVAL);
}

/* Malformed alist files (z = 2 unless noted). The valid file is the code z = 2, base
 * [[0, 1, -1], [-1, 0, 0]]: N = 6, M = 4, rows {1,4} {2,3} {3,5} {4,6}. */
#define ALIST_HEAD "6 4\n2 2\n1 1 2 2 1 1\n2 2 2 2\n"
#define ALIST_COLS "1\n2\n2 3\n1 4\n3\n4\n"
#define ALIST_ROWS "1 4\n2 3\n3 5\n4 6\n"
static void test_alist_malformed(void)
{
    fg_ldpc_code *c;
    const char *p = tmp_path("good.alist");
    CU_ASSERT_EQUAL_FATAL(write_text(p, ALIST_HEAD ALIST_COLS ALIST_ROWS), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_read_alist(p, 2, "g", &c), 0);
    CU_ASSERT(c->z == 2 && c->mb == 2 && c->nb == 3);
    CU_ASSERT(c->shift[0] == 0 && c->shift[1] == 1 && c->shift[2] == -1 && c->shift[3] == -1 && c->shift[4] == 0 &&
              c->shift[5] == 0);
    fg_ldpc_code *w;
    CU_ASSERT_EQUAL(fg_ldpc_code_write_alist(c, tmp_path("w.alist")), 0);
    FILE *f = fopen(tmp_path("w.alist"), "r");
    char buf[256] = {0};
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    CU_ASSERT(got > 0);
    /* the writer pads the lists to the largest degree with zeros */
    CU_ASSERT_STRING_EQUAL(buf, "6 4\n2 2\n1 1 2 2 1 1\n2 2 2 2\n1 0\n2 0\n2 3\n1 4\n3 0\n4 0\n" ALIST_ROWS);
    CU_ASSERT_EQUAL(fg_ldpc_code_read_alist(tmp_path("w.alist"), 2, "g", &w), 0);
    CU_ASSERT(same_code(c, w));
    fg_ldpc_code_destroy(w);
    fg_ldpc_code_destroy(c);
    /* zero padding of the lists up to larger maximum degrees is allowed */
    CU_ASSERT_EQUAL_FATAL(write_text(p, "6 4\n3 3\n1 1 2 2 1 1\n2 2 2 2\n1 0 0\n2 0 0\n2 3 0\n1 4 0\n3 0 0\n4 0 0\n"
                                        "1 4 0\n2 3 0\n3 5 0\n4 6 0\n"),
                          0);
    CU_ASSERT_EQUAL(fg_ldpc_code_read_alist(p, 2, "g", &c), 0);
    fg_ldpc_code_destroy(c);
    static const struct {
        int z;
        const char *text, *msg;
    } cases[] = {
        {2, "", "line 1: end of file, expected N"},
        {2, "6", "end of file, expected M"},
        {2, "6 4\n2 2\n1 1 2 2 1 1\n2 2 2", "line 4: end of file, expected the degree of row 4"},
        {2, ALIST_HEAD ALIST_COLS "1 4\n2 3\n3 5\n4", "line 14: end of file, expected a column index (1-based) of row 4"},
        {2, "x 4\n", "line 1: 'x' is not an integer (N"},
        {2, "-6 4\n", "line 1: N (columns of H) = -6 out of range"},
        {2, "6 -4\n", "M (rows of H) = -4 out of range"},
        {2, ALIST_HEAD ALIST_COLS ALIST_ROWS "7\n", "line 15: unexpected '7' after the row lists"},
        {2, "999999999 4\n", "N (columns of H) = 999999999 out of range [1, 262144]"},
        {2, "262144 131072\n1 1\n", "N/z=131072"},
        {2, "7 4\n", "N=7 is not a multiple of z=2"},
        {2, "6 3\n", "M=3 is not a multiple of z=2"},
        {1, "6 6\n", "M=6 must be less than N=6"},
        {0, "6 4\n", "z=0 out of range"},
        {1025, "6 4\n", "z=1025 out of range"},
        {1000, "200000 100000\n1 1\n", "cannot fit in a file"},
        {2, "6 4\n2 0\n", "line 2: the largest row degree = 0 out of range [1, 6]"},
        {2, "6 4\n2 2\n1 1 0 2 1 1\n2 2 2 2\n", "line 3: the degree of column 3 (0 = empty column is invalid) = 0"},
        {2, "6 4\n2 2\n1 1 2 2 1 1\n2 2 0 2\n", "line 4: the degree of row 3 (0 = empty row is invalid) = 0"},
        {2, "6 4\n2 2\n1 1 2 2 1 1\n2 2 2 3\n", "line 4: the degree of row 4 (0 = empty row is invalid) = 3 out of range [1, 2]"},
        {2, "6 4\n2 2\n1 1 2 2 1 1\n2 2 2 1\n", "line 4: the column degrees sum to 8, the row degrees to 7"},
        {2, ALIST_HEAD "1\n2\n2 3\n1 4\n5\n", "line 9: a row index (1-based) of column 5 = 5 out of range [1, 4]"},
        {2, ALIST_HEAD "1\n2\n2 3\n1 4\n4\n4\n", "line 10: H is not quasi-cyclic with z=2"},
        {2, ALIST_HEAD "1\n2\n2 3\n1 y\n", "line 8: 'y' is not an integer (a row index (1-based) of column 4)"},
        {2, ALIST_HEAD ALIST_COLS "1 4\n2 3\n3 6\n4 5\n", "line 13: row 3 lists column 6 but the column lists do not"},
        {2, ALIST_HEAD ALIST_COLS "1 4\n2 3\n3 5\n4 x\n", "line 14: 'x' is not an integer"},
        {2, ALIST_HEAD ALIST_COLS "1 1\n2 3\n3 5\n4 6\n", "line 11: row 1 lists column 1 twice"},
        {2, "4 2\n2 4\n2 2 2 2\n4 4\n1 2\n1 2\n1 2\n1 2\n1 2 3 4\n1 2 3 4\n", "line 5: column 1 has two ones in block (0, 0)"},
        /* block (0, 0) holds a single one: rows {1,3} {4} {2,5} {1,6} */
        {2, "6 4\n2 2\n2 1 1 1 1 1\n2 1 2 2\n1 4\n3\n1\n2\n3\n4\n1 3\n4\n2 5\n1 6\n",
         "H is not quasi-cyclic with z=2: block (0, 0) (rows 1..2, columns 1..2) has 1 ones"},
        /* a valid alist whose parity part is singular: H = [I I I; I I I] over z = 2 */
        {2, "6 4\n2 3\n2 2 2 2 2 2\n3 3 3 3\n1 3\n2 4\n1 3\n2 4\n1 3\n2 4\n1 3 5\n2 4 6\n1 3 5\n2 4 6\n",
         "parity part of H is singular"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        p = tmp_path("bad.alist");
        CU_ASSERT_EQUAL_FATAL(write_text(p, cases[i].text), 0);
        c = (fg_ldpc_code *)1;
        CU_ASSERT_EQUAL(fg_ldpc_code_read_alist(p, cases[i].z, NULL, &c), FG_EINVAL);
        CU_ASSERT_PTR_NULL(c);
        if (!strstr(fg_last_error(), cases[i].msg))
            fprintf(stderr, "alist case %zu: expected '%s' in '%s'\n", i, cases[i].msg, fg_last_error());
        CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), cases[i].msg));
    }
    CU_ASSERT_EQUAL(fg_ldpc_code_read_alist(tmp_path("missing.alist"), 2, NULL, &c), FG_EIO);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"tables", test_tables},
                                         {"spot_values", test_spot_values},
                                         {"names", test_names},
                                         {"block_lists", test_block_lists},
                                         {"encode_all_builtin", test_encode_all_builtin},
                                         {"encode_zero_and_errors", test_encode_zero_and_errors},
                                         {"builtin_dual_diagonal", test_builtin_dual_diagonal},
                                         {"peeling_matches_dual", test_peeling_matches_dual},
                                         {"small_user_codes", test_small_user_codes},
                                         {"from_base_errors", test_from_base_errors},
                                         {"peeling_large", test_peeling_large},
                                         {NULL, NULL}};
    static const fg_test_case files[] = {{"round_trips", test_round_trips},
                                         {"read_base_z0", test_read_base_z0},
                                         {"base_malformed", test_base_malformed},
                                         {"alist_malformed", test_alist_malformed},
                                         {NULL, NULL}};
    fg_add_suite("ldpc_code", cases);
    fg_add_suite("ldpc_code_files", files);
}
