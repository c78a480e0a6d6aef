/* The min-sum layer kernel of ldpc_dec_float.c, included there once per vector width: KVL lanes
 * per vector, KVU vectors per step (independent dependency chains). Defines layer_minsum_<KVL>.
 * See ldpc_dec_float.c for the data layout. */
#define KCAT_(a, b) a##b
#define KCAT(a, b) KCAT_(a, b)
#define KN(name) KCAT(name, KVL)
#define KF KCAT(kf, KVL)
#define KI KCAT(ki, KVL)
#define KU KCAT(ku, KVL)
#define KSEL_F(m, a, b) ((KF)VSEL_I((m), (KI)(a), (KI)(b)))
typedef float KF __attribute__((vector_size(4 * KVL)));
typedef int32_t KI __attribute__((vector_size(4 * KVL)));
typedef uint32_t KU __attribute__((vector_size(4 * KVL)));

/* *m = f(*m) of the min-sum rules, capped at FG_LDPC_RMAX; *m >= 0. */
static inline void KN(ms_rule_)(const fg_ldpc_dec *d, KF *m)
{
    KF x = *m;
    if (d->cfg.alg == FG_LDPC_ALG_NMS) {
        x = x * (float)d->cfg.nms_factor;
    } else if (d->cfg.alg == FG_LDPC_ALG_OMS) {
        const KF zero = BCAST(KF, 0.0f);
        x = x - (float)d->cfg.oms_offset;
        x = KSEL_F(x > zero, x, zero);
    }
    const KF cap = BCAST(KF, FG_LDPC_RMAX);
    *m = KSEL_F(x < cap, x, cap);
}

/* One min-sum layer: reads L, updates the layer's R-Regfile and writes D of its blocks; with
 * direct (K = 1), writes L + D into L instead (the same sums apply_d would form). */
static void KN(layer_minsum_)(fg_ldpc_dec *d, int l, int flood, int direct)
{
    const fg_ldpc_code *c = d->code;
    const int z = d->z, zp = d->zp, nv = zp / KVL, b0 = c->row_start[l], deg = c->row_start[l + 1] - b0;
    KF *r0 = (KF *)(d->r0 + (size_t)l * zp), *r1 = (KF *)(d->r1 + (size_t)l * zp);
    KI *pos = (KI *)(d->pos + (size_t)l * zp);
    KU *par = (KU *)(d->par + (size_t)l * zp);
    KU *sg = (KU *)(d->sg + (size_t)l * d->sw * zp);
    const KU absmask = BCAST(KU, 0x7fffffffu);
    for (int b = 0; b < deg; b++)
        rot_in(d->L + (size_t)c->blk_col[b0 + b] * z, z, c->blk_shift[b0 + b], d->lrot + (size_t)b * zp);
    for (int v = 0; v < nv; v += KVU) {
        /* pass 1: R_old from the regfile, Q, the min finder; the new state of KVU vectors (independent
         * dependency chains) is built in registers */
        KF m0[KVU], m1[KVU], o0[KVU], o1[KVU];
        KI p[KVU], opos[KVU];
        KU q_par[KVU], osg[KVU], opar[KVU], nsg_w[KVU];
        KU nsg[FG_LDPC_BASE_DIM_MAX / 32][KVU];
        _Pragma("GCC unroll 4") for (int u = 0; u < KVU; u++) {
            m0[u] = m1[u] = BCAST(KF, FLT_MAX);
            p[u] = BCAST(KI, 0);
            q_par[u] = nsg_w[u] = BCAST(KU, 0);
            osg[u] = sg[v + u];
            o0[u] = r0[v + u];
            o1[u] = r1[v + u];
            opos[u] = pos[v + u];
            opar[u] = par[v + u];
        }
        KI bb = BCAST(KI, 0);
        const KF *lp = (const KF *)d->lrot + v;
        KF *rp = (KF *)d->rold + v;
        for (int b = 0; b < deg; b++, lp += nv, rp += nv, bb += 1) {
            const uint32_t sh = (uint32_t)(b & 31);
            _Pragma("GCC unroll 4") for (int u = 0; u < KVU; u++) {
                if (sh == 0 && b)
                    osg[u] = sg[(size_t)(b >> 5) * nv + v + u];
                const KU osign = ((osg[u] >> sh) ^ opar[u]) << 31;
                const KF rold = (KF)((KU)KSEL_F(opos[u] == bb, o1[u], o0[u]) | osign);
                rp[u] = rold;
                const KF q = lp[u] - rold;
                const KU qs = (KU)q >> 31;
                const KF a = (KF)((KU)q & absmask);
                const KI lt0 = a < m0[u];
                m1[u] = KSEL_F(lt0, m0[u], KSEL_F(a < m1[u], a, m1[u]));
                p[u] = VSEL_I(lt0, bb, p[u]);
                m0[u] = KSEL_F(lt0, a, m0[u]);
                q_par[u] ^= qs;
                nsg_w[u] |= qs << sh;
                if (sh == 31 || b == deg - 1) {
                    nsg[b >> 5][u] = nsg_w[u];
                    nsg_w[u] = BCAST(KU, 0);
                }
            }
        }
        _Pragma("GCC unroll 4") for (int u = 0; u < KVU; u++) {
            for (int w = 0; w < (deg + 31) >> 5; w++)
                sg[(size_t)w * nv + v + u] = nsg[w][u];
            KN(ms_rule_)(d, &m0[u]);
            KN(ms_rule_)(d, &m1[u]);
            r0[v + u] = m0[u];
            r1[v + u] = m1[u];
            pos[v + u] = p[u];
            par[v + u] = q_par[u];
        }
        /* pass 2: R' from the new state, D = R' - R_old (flooding: R') */
        KF *lw = (KF *)d->lrot + v;
        const KF *ro = (const KF *)d->rold + v;
        KF *dp = (KF *)(d->D + (size_t)b0 * zp) + v;
        bb = BCAST(KI, 0);
        for (int b = 0; b < deg; b++, lw += nv, ro += nv, dp += nv, bb += 1) {
            const uint32_t sh = (uint32_t)(b & 31);
            _Pragma("GCC unroll 4") for (int u = 0; u < KVU; u++) {
                const KU nsign = ((nsg[b >> 5][u] >> sh) ^ q_par[u]) << 31;
                const KF rnew = (KF)((KU)KSEL_F(p[u] == bb, m1[u], m0[u]) | nsign);
                if (direct)
                    lw[u] += rnew - ro[u];
                else
                    dp[u] = flood ? rnew : rnew - ro[u];
            }
        }
    }
    if (direct)
        for (int b = 0; b < deg; b++)
            rot_out(d->L + (size_t)c->blk_col[b0 + b] * z, z, c->blk_shift[b0 + b], d->lrot + (size_t)b * zp);
}

#undef KCAT_
#undef KCAT
#undef KN
#undef KF
#undef KI
#undef KU
#undef KSEL_F
