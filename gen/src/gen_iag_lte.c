/* fecforge gen iag --std lte: the LTE QPP interleaver address generator as Verilog-2005, the
 * cycle-exact twin of fg_iag_step for std LTE (cmodel/src/iag/iag_lte.c). Structure, timing and
 * every cycle-level choice: docs/rtl-iag-lte.md; the Verilog: rtl/templates/fg_iag_lte.vh. The QPP ROM's contents (f1, f2 and the inverse
 * polynomial of each of the 188 sizes) are computed here by the C library, so the RTL and the model
 * can never disagree on a coefficient. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"

#include <stdio.h>

static int clog2(long n) /* bits to index n things, at least 1 */
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return b ? b : 1;
}

/* The ROM: one section ROM per LTE size (K -> degree, inverse and forward coefficients). */
static int rom_rows(fg_tpl *t)
{
    fg_tpl_int(t, "NSIZES", FG_LTE_NUM_SIZES);
    for (int i = 0; i < FG_LTE_NUM_SIZES; i++) {
        const int K = fg_interleaver_size(FG_STD_LTE, i);
        fg_lte_qpp q;
        fg_lte_inv_poly inv;
        int rc = fg_lte_qpp_params(K, &q);
        if (!rc)
            rc = fg_lte_inverse_poly(K, &inv);
        if (rc)
            return rc;
        if (inv.degree < 1 || inv.degree > FG_LTE_INV_DEG_MAX)
            return fg_set_error(FG_ESTATE, "LTE K=%d: inverse degree %d outside [1, %d]", K, inv.degree,
                                FG_LTE_INV_DEG_MAX);
        for (int k = 1; k <= FG_LTE_INV_DEG_MAX; k++)
            if (inv.h[k] < 0 || inv.h[k] >= K)
                return fg_set_error(FG_ESTATE, "LTE K=%d: inverse coefficient h%d=%d outside [0, K)", K, k,
                                    (int)inv.h[k]);
        const struct { const char *name; long v; } row[] = {{"K", K}, {"DEG", inv.degree}, {"H4", inv.h[4]},
            {"H3", inv.h[3]}, {"H2", inv.h[2]}, {"H1", inv.h[1]}, {"F2", q.f2}, {"F1", q.f1}};
        fg_tpl_begin(t, "ROM");
        for (size_t r = 0; r < sizeof row / sizeof row[0]; r++)
            fg_tpl_int(t, row[r].name, row[r].v);
        fg_tpl_end(t);
    }
    return 0;
}

/* The module (rtl/templates/fg_iag_lte.vh): the lane count and the ROM rows are all it is given. */
int fg_gen_iag_lte_emit(FILE *f, const fg_gen_iag_cfg *c, const char *top)
{
    if (c->std != FG_STD_LTE || c->forward_only)
        return fg_set_error(FG_EINVAL, "LTE IAG emitter: std=%d forward_only=%d not supported", (int)c->std,
                            c->forward_only);
    fg_tpl *t = fg_tpl_new("fg_iag_lte");
    fg_gen_iag_tpl_head(t, c, top);
    fg_tpl_int(t, "P", c->pllr);
    fg_tpl_int(t, "LW", clog2(c->pllr));
    const int rc = rom_rows(t);
    if (rc) {
        fg_tpl_free(t);
        return rc;
    }
    return fg_tpl_write(t, f);
}
