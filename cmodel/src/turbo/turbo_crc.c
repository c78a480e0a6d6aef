/* CRC-24A / CRC-24B of TS 36.212 5.1.1 over bit arrays (fecforge/turbo.h): a byte-wise table for
 * whole bytes of 8 bits, bit by bit for the rest. */
#include "fecforge/turbo.h"

#include "fecforge/error.h"

#include <pthread.h>

static const uint32_t POLY[2] = {0x864CFBu, 0x800063u}; /* D^23..D^0 coefficients; D^24 implicit */

/* table[p][b]: the register after shifting byte b (first bit = MSB) into a zero register. */
static uint32_t table[2][256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static uint32_t shift_bit(uint32_t reg, int bit, uint32_t poly)
{
    const uint32_t fb = ((reg >> 23) & 1u) ^ (uint32_t)bit;
    reg = (reg << 1) & 0xFFFFFFu;
    return fb ? reg ^ poly : reg;
}

static void make_tables(void)
{
    for (int p = 0; p < 2; p++)
        for (int b = 0; b < 256; b++) {
            uint32_t r = 0;
            for (int i = 7; i >= 0; i--)
                r = shift_bit(r, (b >> i) & 1, POLY[p]);
            table[p][b] = r;
        }
}

int fg_crc24(fg_crc24_poly poly, const uint8_t *bits_n, int n, uint32_t *crc)
{
    if (poly != FG_CRC24A && poly != FG_CRC24B)
        return fg_set_error(FG_EINVAL, "crc_poly=%d out of range [0, 1] (CRC24A, CRC24B)", (int)poly);
    if (n < 0 || (n > 0 && !bits_n) || !crc)
        return fg_set_error(FG_EINVAL, "fg_crc24: n=%d < 0 or NULL buffer", n);
    pthread_once(&table_once, make_tables);
    uint32_t r = 0;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        unsigned byte = 0;
        for (int j = 0; j < 8; j++)
            byte = (byte << 1) | (bits_n[i + j] & 1u);
        /* the 8 bits xor into the top of the register; the table gives their remainder */
        r = ((r << 8) & 0xFFFFFFu) ^ table[poly][((r >> 16) ^ byte) & 0xFFu];
    }
    for (; i < n; i++)
        r = shift_bit(r, bits_n[i] & 1, POLY[poly]);
    *crc = r;
    return 0;
}

int fg_crc24_attach(fg_crc24_poly poly, const uint8_t *bits_A, int A, uint8_t *out_B)
{
    uint32_t c;
    int rc = fg_crc24(poly, bits_A, A, &c);
    if (rc)
        return rc;
    if (!out_B)
        return fg_set_error(FG_EINVAL, "fg_crc24_attach: NULL out_B");
    for (int i = 0; i < A; i++)
        out_B[i] = bits_A[i];
    for (int i = 0; i < 24; i++)
        out_B[A + i] = (uint8_t)((c >> (23 - i)) & 1u);
    return 0;
}

int fg_crc24_check(fg_crc24_poly poly, const uint8_t *bits_B, int B)
{
    if (B < 24)
        return fg_set_error(FG_EINVAL, "B=%d out of range [24, ...): the block must hold the 24 CRC bits", B);
    uint32_t c;
    int rc = fg_crc24(poly, bits_B, B, &c);
    return rc ? rc : c == 0; /* the remainder of data and its parity is 0 */
}
