/* QC-LDPC codes: the built-in 802.11n / 802.16e list, names, user codes from base matrices, the
 * derived block lists and the syndrome check (fecforge/ldpc_code.h). */
#include "ldpc_internal.h"

#include "fecforge/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FG_LDPC_NAME_FORMS                                                                               \
    "valid names are wifi-<648|1296|1944>-<1/2|2/3|3/4|5/6> and "                                       \
    "wimax-<576..2304 step 96>-<1/2|2/3A|2/3B|3/4A|3/4B|5/6>"

int fg_ldpc_code_count(void) { return FG_LDPC_BUILTIN_COUNT; }

/* Table and length of built-in code i (i in range). */
static const fg_ldpc_table *builtin(int i, int *n)
{
    if (i < FG_LDPC_WIFI_TABLES) {
        *n = fg_ldpc_wifi_tables[i].n;
        return &fg_ldpc_wifi_tables[i];
    }
    i -= FG_LDPC_WIFI_TABLES;
    *n = FG_LDPC_WIMAX_N_MIN + (i / FG_LDPC_WIMAX_TABLES) * FG_LDPC_WIMAX_N_STEP;
    return &fg_ldpc_wimax_tables[i % FG_LDPC_WIMAX_TABLES];
}

const char *fg_ldpc_code_name(int i)
{
    return i < 0 || i >= FG_LDPC_BUILTIN_COUNT ? NULL : fg_ldpc_builtin_names[i];
}

/* Index of a built-in name, or -1. */
static int builtin_index(const char *name)
{
    for (int i = 0; i < FG_LDPC_BUILTIN_COUNT; i++)
        if (!strcmp(name, fg_ldpc_code_name(i)))
            return i;
    return -1;
}

void fg_ldpc_code_destroy(fg_ldpc_code *code)
{
    if (!code)
        return;
    fg_ldpc_encoder_free(code->enc);
    free(code->shift);
    free(code->row_start);
    free(code->blk_col);
    free(code->blk_shift);
    free(code);
}

/* Shape and shift checks common to every way of making a code. */
static int check_base(int z, int mb, int nb, const int *shift)
{
    if (z < 1 || z > FG_LDPC_Z_MAX)
        return fg_set_error(FG_EINVAL, "z=%d out of range [1, %d]", z, FG_LDPC_Z_MAX);
    if (mb < 1 || mb > FG_LDPC_BASE_DIM_MAX)
        return fg_set_error(FG_EINVAL, "mb=%d (base rows) out of range [1, %d]", mb, FG_LDPC_BASE_DIM_MAX);
    if (nb < 2 || nb > FG_LDPC_BASE_DIM_MAX)
        return fg_set_error(FG_EINVAL, "nb=%d (base columns) out of range [2, %d]", nb, FG_LDPC_BASE_DIM_MAX);
    if (mb >= nb)
        return fg_set_error(FG_EINVAL, "mb=%d base rows for nb=%d columns: need mb < nb (k = (nb - mb) * z > 0)",
                            mb, nb);
    if (!shift)
        return fg_set_error(FG_EINVAL, "shift matrix is NULL");
    for (int l = 0; l < mb; l++)
        for (int c = 0; c < nb; c++) {
            int s = shift[l * nb + c];
            if (s < -1 || s >= z)
                return fg_set_error(FG_EINVAL, "shift %d at base row %d column %d out of range: -1 or [0, %d) for z=%d",
                                    s, l, c, z, z);
        }
    for (int l = 0; l < mb; l++) {
        int d = 0;
        for (int c = 0; c < nb; c++)
            d += shift[l * nb + c] >= 0;
        if (!d)
            return fg_set_error(FG_EINVAL, "base row %d is empty (all -1): every check row needs a non-zero block", l);
    }
    for (int c = 0; c < nb; c++) {
        int d = 0;
        for (int l = 0; l < mb; l++)
            d += shift[l * nb + c] >= 0;
        if (!d)
            return fg_set_error(FG_EINVAL, "base column %d is empty (all -1): its bits would be unprotected", c);
    }
    return 0;
}

static int make_code(const char *name, fg_ldpc_family family, int z, int mb, int nb, const int *shift,
                     fg_ldpc_code **out)
{
    int rc;
    if (!out)
        return fg_set_error(FG_EINVAL, "out is NULL");
    *out = NULL;
    if (!name)
        name = "user";
    if (strlen(name) >= FG_LDPC_NAME_MAX)
        return fg_set_error(FG_EINVAL, "code name of %zu characters too long (at most %d)", strlen(name),
                            FG_LDPC_NAME_MAX - 1);
    if ((rc = check_base(z, mb, nb, shift)) < 0)
        return rc;
    fg_ldpc_code *c = calloc(1, sizeof *c);
    if (!c)
        return fg_set_error(FG_ENOMEM, "out of memory for an LDPC code");
    snprintf(c->name, sizeof c->name, "%s", name);
    c->family = family;
    c->z = z;
    c->mb = mb;
    c->nb = nb;
    c->n = nb * z;
    c->k = (nb - mb) * z;
    int nblk = 0;
    for (int i = 0; i < mb * nb; i++)
        nblk += shift[i] >= 0;
    c->n_blocks = nblk;
    c->shift = malloc(sizeof *c->shift * (size_t)mb * nb);
    c->row_start = malloc(sizeof *c->row_start * (size_t)(mb + 1));
    c->blk_col = malloc(sizeof *c->blk_col * (size_t)nblk);
    c->blk_shift = malloc(sizeof *c->blk_shift * (size_t)nblk);
    if (!c->shift || !c->row_start || !c->blk_col || !c->blk_shift) {
        fg_ldpc_code_destroy(c);
        return fg_set_error(FG_ENOMEM, "out of memory for an LDPC code (%d blocks)", nblk);
    }
    int b = 0;
    for (int l = 0; l < mb; l++) {
        c->row_start[l] = b;
        for (int col = 0; col < nb; col++) {
            int s = shift[l * nb + col];
            c->shift[l * nb + col] = (int16_t)s;
            if (s >= 0) {
                c->blk_col[b] = col;
                c->blk_shift[b] = s;
                b++;
            }
        }
        if (b - c->row_start[l] > c->max_row_deg)
            c->max_row_deg = b - c->row_start[l];
    }
    c->row_start[mb] = b;
    if ((rc = fg_ldpc_encoder_init(c)) < 0) {
        fg_ldpc_code_destroy(c);
        return rc;
    }
    *out = c;
    return 0;
}

int fg_ldpc_code_from_base(const char *name, int z, int mb, int nb, const int *shift_mb_nb, fg_ldpc_code **out)
{
    return make_code(name, FG_LDPC_FAMILY_USER, z, mb, nb, shift_mb_nb, out);
}

int fg_ldpc_code_create(const char *name, fg_ldpc_code **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out is NULL");
    *out = NULL;
    if (!name)
        return fg_set_error(FG_EINVAL, "code name is NULL: " FG_LDPC_NAME_FORMS);
    int i = builtin_index(name);
    if (i < 0)
        return fg_set_error(FG_EINVAL, "unknown LDPC code '%.80s': " FG_LDPC_NAME_FORMS, name);
    int n;
    const fg_ldpc_table *t = builtin(i, &n);
    int z = n / 24, m = t->mb * t->nb;
    int shift[24 * 12];
    for (int j = 0; j < m; j++) {
        int s = t->shift[j];
        if (s < 0 || z == t->z)
            shift[j] = s;
        else
            shift[j] = t->mod_scaling ? s % z : s * z / t->z;
    }
    return make_code(name, i < FG_LDPC_WIFI_TABLES ? FG_LDPC_FAMILY_WIFI : FG_LDPC_FAMILY_WIMAX, z, t->mb, t->nb,
                     shift, out);
}

int fg_ldpc_syndrome_weight(const fg_ldpc_code *code, const uint8_t *bits_n)
{
    if (!code || !bits_n)
        return fg_set_error(FG_EINVAL, "code or bits_n is NULL");
    if (code->z < 1 || code->z > FG_LDPC_Z_MAX)
        return fg_set_error(FG_EINVAL, "z=%d out of range [1, %d]", code->z, FG_LDPC_Z_MAX);
    const int z = code->z;
    for (int i = 0; i < code->n; i++)
        if (bits_n[i] > 1)
            return fg_set_error(FG_EINVAL, "bits_n[%d]=%d is not a bit (0 or 1)", i, bits_n[i]);
    uint8_t acc[FG_LDPC_Z_MAX];
    int w = 0;
    for (int l = 0; l < code->mb; l++) {
        memset(acc, 0, (size_t)z);
        for (int b = code->row_start[l]; b < code->row_start[l + 1]; b++) {
            const uint8_t *v = bits_n + (size_t)code->blk_col[b] * z;
            int s = code->blk_shift[b];
            /* check r of the layer sees bit (r + s) mod z of the block column */
            for (int r = 0; r < z - s; r++)
                acc[r] ^= v[r + s];
            for (int r = z - s; r < z; r++)
                acc[r] ^= v[r + s - z];
        }
        for (int r = 0; r < z; r++)
            w += acc[r];
    }
    return w;
}
