/* Quasi-cyclic LDPC codes: the IEEE 802.11n and 802.16e code library, user codes from base-matrix
 * and alist files, the systematic encoder and the syndrome check (docs/ldpc-codes.md).
 *
 * A QC code is an mb x nb base matrix of Z x Z blocks: shift -1 is the zero block, shift s in
 * [0, Z) the identity cyclically shifted right by s (block row r has its 1 in column (r + s) mod Z),
 * as in ../shared/standards. Bit j of block column c is codeword bit c*Z + j; check i of block row
 * (layer) l is parity check l*Z + i. Codewords are systematic: bits [0, k) are the information bits,
 * bits [k, n) the parity bits, k = (nb - mb) * Z.
 *
 * Names: "wifi-<648|1296|1944>-<1/2|2/3|3/4|5/6>" (802.11n, 12 codes) and
 * "wimax-<576..2304 step 96>-<1/2|2/3A|2/3B|3/4A|3/4B|5/6>" (802.16e, 19 x 6 codes, shifts scaled
 * from Z0 = 96 as the standard says: floor(s * Z / 96) for all rates but 2/3A, s mod Z for 2/3A). */
#ifndef FECFORGE_LDPC_CODE_H
#define FECFORGE_LDPC_CODE_H

#include <stdint.h>
#include <stdio.h>

#include "fecforge/options.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FG_LDPC_FAMILY_WIFI = 0, FG_LDPC_FAMILY_WIMAX = 1, FG_LDPC_FAMILY_USER = 2 } fg_ldpc_family;

enum { FG_LDPC_NAME_MAX = 64, FG_LDPC_Z_MAX = 1024, FG_LDPC_BASE_DIM_MAX = 256 };

struct fg_ldpc_encoder; /* private: precomputed data of the systematic encoder */

/* Read-only after creation. The block lists give the non-zero blocks of each block row in
 * ascending column order: blocks row_start[l] .. row_start[l+1]-1 belong to layer l. */
typedef struct fg_ldpc_code {
    char name[FG_LDPC_NAME_MAX];
    fg_ldpc_family family;
    int n, k, z;      /* code length, information bits, lifting factor */
    int mb, nb;       /* base matrix rows (layers) and columns; n = nb * z, k = (nb - mb) * z */
    int16_t *shift;   /* mb * nb, row-major, -1 or [0, z) (already scaled to this z) */
    int n_blocks;     /* number of non-zero blocks (edges = n_blocks * z) */
    int *row_start;   /* mb + 1 offsets into blk_col / blk_shift */
    int *blk_col;     /* n_blocks block columns */
    int *blk_shift;   /* n_blocks shifts */
    int max_row_deg;  /* largest number of non-zero blocks of a layer */
    struct fg_ldpc_encoder *enc;
} fg_ldpc_code;

/* Built-in codes: fg_ldpc_code_count() names, fg_ldpc_code_name(i) for i in [0, count) (802.11n
 * first, then 802.16e by length and rate), NULL out of range. */
int fg_ldpc_code_count(void);
const char *fg_ldpc_code_name(int i);

/* A built-in code by name. Unknown names are FG_EINVAL with a message listing the valid forms. */
int fg_ldpc_code_create(const char *name, fg_ldpc_code **out);

/* A user code from a base matrix (mb * nb shifts, row-major, -1 or [0, z)). Checks the shapes and
 * shifts and that the parity part admits the systematic encoder (FG_EINVAL naming the problem
 * otherwise: a shift out of range, an empty row or column, a singular parity part). */
int fg_ldpc_code_from_base(const char *name, int z, int mb, int nb, const int *shift_mb_nb,
                           fg_ldpc_code **out);

/* Base-matrix text files in the format of ../shared/standards (docs/ldpc-codes.md): '#' comments,
 * header lines "Z <z>", "rows <mb>", "cols <nb>" (optional "N", "K" checked when present), then mb
 * rows of nb integers. Malformed files are FG_EINVAL with the line number; unreadable ones FG_EIO. */
int fg_ldpc_code_read_base(const char *path, fg_ldpc_code **out);
int fg_ldpc_code_write_base(const fg_ldpc_code *code, const char *path);
/* The same text into an open stream (the write functions: fecforge/output.h around these). */
int fg_ldpc_code_print_base(const fg_ldpc_code *code, FILE *f);

/* alist (MacKay) export of the expanded H, and import of an alist H that is quasi-cyclic with
 * block size z (FG_EINVAL if it is not, naming the first offending block). */
int fg_ldpc_code_write_alist(const fg_ldpc_code *code, const char *path);
int fg_ldpc_code_print_alist(const fg_ldpc_code *code, FILE *f);
int fg_ldpc_code_read_alist(const char *path, int z, const char *name, fg_ldpc_code **out);

/* Open the code named by arg (the --code option of every command): an existing file (FILE.alist needs
 * alist_z > 0, the circulant size, given by --z; any other file is a base matrix), else a built-in
 * name. alist_z <= 0 means "not given"; it is refused with anything but an alist file. FG_EINVAL with
 * a message that starts with arg ("x.txt: no such file, and ...", "h.alist: an alist file needs
 * --z ...") and the reading functions' messages for malformed files. */
int fg_ldpc_code_open(const char *arg, int alist_z, fg_ldpc_code **out);

/* The --code NAME|FILE and --z Z options of every command that takes one code (options as data,
 * fecforge/options.h), over fg_ldpc_code_arg; fg_ldpc_code_open(a.code, a.z, ...) opens it. */
typedef struct {
    char *code; /* NULL: not given */
    int z;      /* 0: not given */
} fg_ldpc_code_arg;
extern const fg_opt fg_ldpc_code_options[];

void fg_ldpc_code_destroy(fg_ldpc_code *code);

/* Systematic encoding: codeword_n[0..k) = bits_k, parity after; bits are 0 or 1. */
int fg_ldpc_encode(const fg_ldpc_code *code, const uint8_t *bits_k, uint8_t *codeword_n);

/* Number of unsatisfied parity checks of a hard-decision word (0: a codeword); < 0 on error. */
int fg_ldpc_syndrome_weight(const fg_ldpc_code *code, const uint8_t *bits_n);

#ifdef __cplusplus
}
#endif
#endif
