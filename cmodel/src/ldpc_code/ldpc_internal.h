/* Private parts of the QC-LDPC code module: the compiled-in standard tables, the encoder set-up and
 * the text parsers working on memory buffers (shared with the fuzz targets in cmodel/fuzz). */
#ifndef FG_LDPC_INTERNAL_H
#define FG_LDPC_INTERNAL_H

#include "fecforge/ldpc_code.h"

#include <stddef.h>
#include <stdint.h>

/* One standard base matrix as printed in the standard. For 802.11n the shifts are those of the
 * code (z = n / 24); for 802.16e they are defined for Z0 = 96 and scaled per length: floor(s*Z/96),
 * or s mod Z when mod_scaling is set (rate 2/3A). */
typedef struct {
    const char *family; /* "wifi" or "wimax" */
    int n;              /* code length the table is printed for */
    const char *rate;   /* "1/2", "2/3A", ... */
    int z, mb, nb;
    int mod_scaling;
    const int16_t *shift; /* mb * nb */
} fg_ldpc_table;

enum {
    FG_LDPC_WIFI_TABLES = 12,
    FG_LDPC_WIMAX_TABLES = 6,
    FG_LDPC_WIMAX_N_MIN = 576,
    FG_LDPC_WIMAX_N_MAX = 2304,
    FG_LDPC_WIMAX_N_STEP = 96,
    FG_LDPC_WIMAX_LENGTHS = 19,
    FG_LDPC_BUILTIN_COUNT = FG_LDPC_WIFI_TABLES + FG_LDPC_WIMAX_TABLES * FG_LDPC_WIMAX_LENGTHS,
    /* parity parts without the dual-diagonal structure: block peeling leaves a dense system of
     * g*z bits (g gap block columns), at most this many (memory (g z)^2 / 8 bytes) */
    FG_LDPC_GAP_BITS_MAX = 4096,
    /* largest text file the readers accept */
    FG_LDPC_FILE_MAX = 64 << 20
};

extern const fg_ldpc_table fg_ldpc_wifi_tables[FG_LDPC_WIFI_TABLES];
extern const fg_ldpc_table fg_ldpc_wimax_tables[FG_LDPC_WIMAX_TABLES];
/* "wifi-648-1/2", ...: 802.11n by length and rate, then 802.16e by length and rate. */
extern const char *const fg_ldpc_builtin_names[FG_LDPC_BUILTIN_COUNT];

/* Encoder: built by fg_ldpc_code_from_base (after the block lists), freed by destroy. */
int fg_ldpc_encoder_init(fg_ldpc_code *code);
void fg_ldpc_encoder_free(struct fg_ldpc_encoder *enc);
/* 1 if the code uses the O(edges) dual-diagonal encoder, 0 for block peeling. */
int fg_ldpc_encoder_is_dual_diagonal(const fg_ldpc_code *code);
/* Block peeling: the number of gap block columns (0: pure back-substitution); -1 for dual-diagonal. */
int fg_ldpc_encoder_gap(const fg_ldpc_code *code);

/* A parsed base matrix (shift malloc'ed, mb * nb, -1 or [0, z)). */
typedef struct {
    int z, mb, nb;
    int *shift;
} fg_ldpc_base;

void fg_ldpc_base_free(fg_ldpc_base *b);

/* Parse the base-matrix text format / an alist H with block size z from a buffer of len bytes (no
 * terminating NUL needed). FG_EINVAL with the line number on malformed input; b->shift is NULL then. */
int fg_ldpc_parse_base_text(const char *text, size_t len, fg_ldpc_base *b);
int fg_ldpc_parse_alist_text(const char *text, size_t len, int z, fg_ldpc_base *b);

#endif
