/* The configuration a multi-standard turbo decoder runs per block size (path SHARED,
 * fecforge/turbo_arch.h; docs/turbo-architecture.md "The 63 sizes in hardware"). */
#include "fecforge/error.h"
#include "fecforge/turbo_arch.h"

/* Decode cycles of one candidate configuration, or -1 when it loses or misplaces a word. */
static int decode_cycles(const fg_turbo_arch_cfg *c, long *cycles)
{
    fg_turbo_arch *a;
    fg_turbo_arch_result r;
    int rc = fg_turbo_arch_create(c, &a);
    if (rc)
        return rc;
    rc = fg_turbo_arch_run(a, NULL, NULL, &r);
    fg_turbo_arch_destroy(a);
    if (!rc)
        *cycles = r.overflow || r.misplaced || r.read_errors || r.write_conflicts ? -1 : r.cycles_decode;
    return rc;
}

int fg_turbo_arch_umts_P(const fg_turbo_arch_cfg *cfg)
{
    if (cfg->path == FG_TURBO_ARCH_PATH_FIT)
        return cfg->P;
    return cfg->umts_P ? cfg->umts_P : cfg->P / 2 > 0 ? cfg->P / 2 : 1;
}

int fg_turbo_arch_resolve(const fg_turbo_arch_cfg *cfg, fg_turbo_arch_cfg *run)
{
    int rc = fg_turbo_arch_cfg_check(cfg);
    if (rc)
        return rc;
    *run = *cfg;
    const int fit = cfg->path == FG_TURBO_ARCH_PATH_FIT;
    if (cfg->path != FG_TURBO_ARCH_PATH_SHARED && !fit)
        return 0;
    run->umts_P = 0;
    run->banks = 0;
    run->dbcf_lanes = 0;
    run->path = FG_TURBO_ARCH_PATH_DBCF;
    const int umts_P = fg_turbo_arch_umts_P(cfg);
    if (cfg->std == FG_STD_UMTS) {
        /* A block too short for the umts_P SISOs (a non-empty sub-block needs >= 8 positions) runs on
         * umts_P / 2^j of them, with the design's DBCF lanes and banks: the xmap mappings then have
         * umts_P / P' sub-banks per lane. */
        int p = umts_P;
        while (!fg_turbo_arch_p_fits(cfg->K, p) && p % 2 == 0)
            p /= 2;
        if (!fg_turbo_arch_p_fits(cfg->K, p))
            return fg_set_error(FG_EINVAL, "K=%d too short for the design's %d HSPA+ SISOs or %d of them (every "
                                "non-empty sub-block needs at least 8 positions)", cfg->K, umts_P, p);
        run->P = p;
        run->banks = 4 * umts_P;
        run->dbcf_lanes = 4 * umts_P;
        return 0;
    }
    long conflicts = 1;
    if (fg_turbo_arch_p_fits(cfg->K, cfg->P) && (rc = fg_turbo_arch_lte_conflicts(cfg->K, cfg->P, &conflicts)))
        return rc;
    run->path = FG_TURBO_ARCH_PATH_DIRECT;
    if (!conflicts)
        return 0;
    /* (a) direct on the largest conflict-free P' < P that fits K, (b) (path shared) umts_P through the DBCF;
     * the candidates run in TAG mode (the cycle count does not depend on the data). */
    fg_turbo_arch_cfg direct = *run, shared = *run;
    direct.data = shared.data = FG_TURBO_ARCH_DATA_TAG;
    direct.P = 0;
    for (int p = cfg->P - 1; p >= 1 && !direct.P; p--) {
        if (!fg_turbo_arch_p_fits(cfg->K, p))
            continue;
        if ((rc = fg_turbo_arch_lte_conflicts(cfg->K, p, &conflicts)))
            return rc;
        if (!conflicts)
            direct.P = p;
    }
    shared.P = umts_P;
    shared.path = FG_TURBO_ARCH_PATH_DBCF;
    long c_direct = -1, c_shared = -1;
    if (fit) {
        if (!direct.P)
            return fg_set_error(FG_EINVAL, "K=%d: no way to run it on the LTE design of P=%d: the qpp mapping "
                                "conflicts at every P' that fits", cfg->K, cfg->P);
        run->P = direct.P;
        return 0;
    }
    if (direct.P && (rc = decode_cycles(&direct, &c_direct)))
        return rc;
    if (fg_turbo_arch_p_fits(cfg->K, umts_P) && (rc = decode_cycles(&shared, &c_shared)))
        return rc;
    if (c_direct < 0 && c_shared < 0)
        return fg_set_error(FG_EINVAL, "K=%d: no way to run it on the shared design (P=%d, umts_P=%d): the qpp "
                            "mapping conflicts at every P' that fits and %d SISOs through the DBCF %s",
                            cfg->K, cfg->P, fg_turbo_arch_umts_P(cfg), umts_P,
                            fg_turbo_arch_p_fits(cfg->K, umts_P) ? "lose words" : "do not fit K");
    const int use_direct = c_direct >= 0 && (c_shared < 0 || c_direct <= c_shared);
    run->P = use_direct ? direct.P : umts_P;
    run->path = use_direct ? FG_TURBO_ARCH_PATH_DIRECT : FG_TURBO_ARCH_PATH_DBCF;
    return 0;
}
