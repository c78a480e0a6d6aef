/* Vector sets of the streaming Viterbi decoder (design "viterbi", fecforge/vectors.h, docs/rtl-viterbi.md): the
 * viterbi family's frames through the step model fg_vit_hw cycle by cycle, every port of every cycle; each
 * frame's bits checked against the bit-accurate decoder with the matching tiling. */
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/fixed.h"
#include "fecforge/rng.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The decoder's ports (fg_vit_hw_ports) and their element counts in the stimulus and expected lines. */
typedef struct {
    fg_port p[FG_VIT_HW_PORTS];
    int n, n_in, n_ex;
} vit_ports;

static void ports_of(const fg_vit_hw_dims *d, vit_ports *v)
{
    v->n = fg_vit_hw_ports(d, v->p);
    v->n_in = fg_ports_count(v->p, v->n, FG_VEC_IN);
    v->n_ex = fg_ports_count(v->p, v->n, FG_VEC_OUT);
}

/* The port-level model of a set (fg_vecp_model): the decoder of its manifest's parameters. */
static int model_create(const fg_vec_set *set, void *st)
{
    fg_vit_hw **out = st;
    long long K, w_llr, w_pm, L, D;
    const char *gen, *norm, *radix, *tb;
    int rc;
    if ((rc = fg_vec_get_param_int(set, "K", &K)) || (rc = fg_vec_get_param_str(set, "gen", &gen)) ||
        (rc = fg_vec_get_param_int(set, "llr_width", &w_llr)) || (rc = fg_vec_get_param_int(set, "sm_width", &w_pm)) ||
        (rc = fg_vec_get_param_str(set, "norm", &norm)) || (rc = fg_vec_get_param_str(set, "radix", &radix)) ||
        (rc = fg_vec_get_param_str(set, "traceback", &tb)) || (rc = fg_vec_get_param_int(set, "tb_depth", &L)) ||
        (rc = fg_vec_get_param_int(set, "tb_block", &D)))
        return rc;
    if (K < FG_VIT_K_MIN || K > FG_VIT_HW_K_MAX || w_llr < 2 || w_llr > 16 || w_pm < 2 || w_pm > 31 ||
        L < 1 || L > FG_VIT_HW_DEPTH_MAX || D < 1 || D > FG_VIT_HW_BLOCK_MAX)
        return fg_set_error(FG_EINVAL, "%s/manifest.json: K=%lld, llr_width=%lld, sm_width=%lld, tb_depth=%lld or "
                            "tb_block=%lld out of range", fg_vec_dir_path(set), K, w_llr, w_pm, L, D);
    fg_vit_code code = fg_vit_code_default();
    code.K = (int)K;
    if ((rc = fg_vit_parse_gen(gen, &code)))
        return rc;
    fg_vit_dec_cfg fmt = fg_vit_dec_cfg_default();
    fmt.w_llr = (int)w_llr;
    fmt.w_pm = (int)w_pm;
    fmt.norm = strcmp(norm, "subtract") ? FG_VIT_NORM_MODULO : FG_VIT_NORM_SUBTRACT;
    const fg_vit_hw_tb style = strcmp(tb, "exchange") ? FG_VIT_HW_MEMORY : FG_VIT_HW_EXCHANGE;
    const fg_vit_hw_cfg h = fg_vit_hw_cfg_of(&code, &fmt, strcmp(radix, "4") ? 2 : 4, style, (int)L, (int)D);
    if ((rc = fg_vit_hw_create(&h, out)))
        return rc;
    vit_ports vp;
    ports_of(fg_vit_hw_dims_of(*out), &vp);
    const fg_vec_stream *in, *ex;
    if (!(rc = fg_vec_find_stream(set, "stimulus", &in)) && !(rc = fg_vec_find_stream(set, "expected", &ex)) &&
        (in->n_ports != vp.n_in || ex->n_ports != vp.n_ex))
        rc = fg_set_error(FG_EINVAL, "%s: stimulus/expected have %d/%d ports, the viterbi model %d/%d",
                          fg_vec_dir_path(set), in->n_ports, ex->n_ports, vp.n_in, vp.n_ex);
    if (rc) {
        fg_vit_hw_destroy(*out);
        *out = NULL;
    }
    return rc;
}

static void model_step(void *st, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    fg_vit_hw *h = *(fg_vit_hw **)st;
    vit_ports vp;
    ports_of(fg_vit_hw_dims_of(h), &vp);
    fg_vit_hw_in in;
    fg_vit_hw_out o;
    fg_ports_unpack(vp.p, vp.n, FG_VEC_IN, in_v, &in, sizeof in);
    fg_vit_hw_step(h, &in, &o);
    fg_ports_pack(vp.p, vp.n, FG_VEC_OUT, &o, ex_v);
    memset(ex_x, 0, (size_t)vp.n_ex);
}

static void model_destroy(void *st) { fg_vit_hw_destroy(*(fg_vit_hw **)st); }

const fg_vec_model_def fg_vecp_model_viterbi = {"viterbi", sizeof(fg_vit_hw *), model_create, model_step,
                                                model_destroy};

static const char *const ending_words[] = {"terminated", "truncated"};

int fg_vec_viterbi_family_args(const fg_vec_viterbi_params *p, char *buf, size_t n)
{
    fg_vit_hw_dims d;
    int rc = fg_vit_hw_resolve(&p->hw, &d);
    if (rc)
        return rc;
    if ((int)p->ending != FG_VIT_TERMINATED && (int)p->ending != FG_VIT_TRUNCATED)
        return fg_set_error(FG_EINVAL, "ending=%d invalid: terminated or truncated", (int)p->ending);
    const fg_vit_code *c = &p->hw.code;
    char gen[96] = "", punct[160];
    for (int b = 0, at = 0; b < c->n; b++)
        at += snprintf(gen + at, sizeof gen - (size_t)at, "%s%o", b ? "," : "", (unsigned)c->gen[b]);
    fg_vit_print_punct(c, punct, sizeof punct);
    const int w = snprintf(buf, n,
                           "--fixed --K %d --gen %s --punct %s --ending %s --bits %d --llr-width %d --llr-frac %d "
                           "--sm-width %d --norm %s --tile %d --overlap-left 65536 --overlap-right %d",
                           c->K, gen, punct, ending_words[p->ending], p->k, p->hw.w_llr, p->f_llr, d.cfg.w_pm,
                           d.cfg.norm == FG_VIT_NORM_MODULO ? "modulo" : "subtract", d.D, d.L);
    return w < 0 || (size_t)w >= n ? fg_set_error(FG_EINVAL, "viterbi family options: buffer of %zu too small", n) : 0;
}

typedef struct {
    fg_vec_writer *w;
    vit_ports ports;
    int sid, eid;
    int64_t *in_v, *ex_v;
    long cycles;
} writer;

static int cycle(writer *c, fg_vit_hw *h, const fg_vit_hw_in *in, fg_vit_hw_out *o)
{
    fg_ports_pack(c->ports.p, c->ports.n, FG_VEC_IN, in, c->in_v);
    fg_vit_hw_step(h, in, o);
    fg_ports_pack(c->ports.p, c->ports.n, FG_VEC_OUT, o, c->ex_v);
    c->cycles++;
    int rc = fg_vec_write(c->w, c->sid, c->in_v, NULL);
    return rc ? rc : fg_vec_write(c->w, c->eid, c->ex_v, NULL);
}

/* Inputs the decoder must ignore: random symbols and markers, valid only while it is not ready. */
static void garbage(const fg_vit_hw_dims *d, fg_rng *r, int ready, fg_vit_hw_in *in)
{
    const int32_t qmax = fg_fx_max(d->cfg.w_llr);
    memset(in, 0, sizeof *in);
    const uint32_t x = fg_rng_next_u32(r);
    for (int s = 0; s < d->S; s++) {
        in->valid[s] = !ready && ((x >> s) & 1u);
        for (int b = 0; b < d->cfg.code.n; b++) {
            in->sym[s][b] = (int32_t)(fg_rng_next_u32(r) % (uint32_t)(2 * qmax + 1)) - qmax;
            in->era[s][b] = (uint8_t)(fg_rng_next_u32(r) & 1u);
        }
    }
    in->start = (x >> 4) & 1u, in->end = (x >> 5) & 1u, in->term = (x >> 6) & 1u;
}

int fg_vec_viterbi_check(const fg_vec_viterbi_params *p)
{
    fg_vit_hw_dims d;
    int rc = fg_vit_hw_resolve(&p->hw, &d);
    if (rc)
        return rc;
    if (p->frames < 1 || p->frames > 10000)
        return fg_set_error(FG_EINVAL, "frames=%d out of range [1, 10000]", p->frames);
    if (p->k < 1 || p->k > 65536)
        return fg_set_error(FG_EINVAL, "k=%d out of range [1, 65536]", p->k);
    char args[512];
    if ((rc = fg_vec_viterbi_family_args(p, args, sizeof args)))
        return rc;
    fg_family_setup fs;
    rc = fg_family_setup_text(&fs, fg_family_find("viterbi"), "fixed", args);
    fg_family_setup_free(&fs);
    return rc;
}

int fg_vec_make_viterbi(const char *dir, const fg_vec_viterbi_params *p, fg_vec_viterbi_result *res)
{
    fg_vit_hw_dims d;
    int rc = fg_vec_viterbi_check(p);
    if (rc || (rc = fg_vit_hw_resolve(&p->hw, &d)))
        return rc;
    char args[512];
    if ((rc = fg_vec_viterbi_family_args(p, args, sizeof args)))
        return rc;
    const fg_family *fam = fg_family_find("viterbi");
    fg_family_setup fs;
    if ((rc = fg_family_setup_text(&fs, fam, "fixed", args))) {
        fg_family_setup_free(&fs);
        return rc;
    }
    const fg_vit_code *code = &p->hw.code;
    const int k = p->k, n = code->n, T = fg_vit_stages(code, p->ending, k);
    fg_channel_point pt;
    fg_frame fr = {0};
    if ((rc = fg_family_point(&fs.inst, p->ebn0_db, &pt)) || (rc = fg_frame_alloc(&fs.inst, &fr))) {
        fg_family_setup_free(&fs);
        return rc;
    }
    fg_vit_hw *h = NULL;
    fg_vit_dec *dec = NULL;
    const fg_vit_dec_cfg g = fg_vit_hw_dec_cfg(&d, p->ending);
    fg_vec_layout lay = {0};
    writer c = {0};
    ports_of(&d, &c.ports);
    uint8_t *got = malloc((size_t)k), *fixed = malloc((size_t)k);
    int32_t *q = malloc(sizeof *q * (size_t)T * (size_t)n);
    uint8_t *era = malloc((size_t)T * (size_t)n);
    c.in_v = malloc(sizeof *c.in_v * (size_t)c.ports.n_in);
    c.ex_v = malloc(sizeof *c.ex_v * (size_t)c.ports.n_ex);
    fg_vec_viterbi_result r = {0};
    if (!got || !fixed || !q || !era || !c.in_v || !c.ex_v) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for viterbi vectors (k=%d)", k);
        goto done;
    }
    if ((rc = fg_vit_hw_create(&p->hw, &h)) || (rc = fg_vit_dec_create(code, k, &g, &dec)) ||
        (rc = fg_vec_layout_viterbi(&d, p->frames, k, &lay)) || (rc = fg_vec_writer_open(dir, "viterbi", &c.w)))
        goto done;
    {
        fg_vec_set_seed(c.w, p->seed);
        fg_vec_set_options(c.w, p->options);
        if ((rc = fg_vec_derived_str(c.w, "family_args", args)))
            goto done;
    }
    int ids[FG_VEC_LAYOUT_MAX];
    if ((rc = fg_vec_layout_add(c.w, &lay, ids)))
        goto done;
    c.sid = ids[0], c.eid = ids[1];
    for (int t = 0; t < T; t++)
        for (int b = 0; b < n; b++)
            era[(size_t)t * (size_t)n + (size_t)b] = (uint8_t)!fg_vit_sent(code, t, b);
    fg_vit_hw_in in;
    fg_vit_hw_out o;
    for (int f = 0; f < p->frames && !rc; f++) {
        fg_vec_progress(f, p->frames);
        if ((rc = fg_family_frame(&fs.inst, p->seed, f, &pt, &fr)) || (rc = fg_vit_fixed_run(dec, fr.llr_q, fixed)) ||
            (rc = fg_vit_depuncture_q(code, p->ending, k, fr.llr_q, q)))
            break;
        fg_rng gr;
        fg_rng_init(&gr, p->seed, (1ull << 32) + (uint64_t)f);
        const int32_t qmax = fg_fx_max(d.cfg.w_llr);
        for (size_t i = 0; i < (size_t)T * (size_t)n; i++) /* what an erased symbol carries: anything */
            if (era[i])
                q[i] = (int32_t)(fg_rng_next_u32(&gr) % (uint32_t)(2 * qmax + 1)) - qmax;
        fg_vit_hw_feed feed = {q, era, T, p->ending == FG_VIT_TERMINATED, 0};
        long first = -1, got_n = 0, guard = 0;
        for (o.last = 0; !o.last && !rc; guard++) {
            if (guard > 8L * T + 64L * (d.L + d.D + 8)) {
                rc = fg_set_error(FG_ESTATE, "viterbi vectors: frame %d does not end", f);
                break;
            }
            fg_vit_hw_out now;
            fg_vit_hw_peek(h, &now);
            const int bubble = p->bubbles && (fg_rng_next_u32(&gr) & 7u) == 0;
            if (now.ready && feed.pos < T && !bubble)
                fg_vit_hw_feed_next(h, &feed, 1, &in);
            else if (p->bubbles)
                garbage(&d, &gr, now.ready, &in);
            else
                memset(&in, 0, sizeof in);
            if (in.valid[0] && now.ready && first < 0)
                first = c.cycles;
            if ((rc = cycle(&c, h, &in, &o)))
                break;
            for (int s = 0; s < d.S; s++)
                if (o.valid[s]) {
                    if (got_n == k) {
                        rc = fg_set_error(FG_ESTATE, "viterbi vectors: frame %d gives more than k=%d bits", f, k);
                        break;
                    }
                    got[got_n++] = (uint8_t)o.bit[s];
                }
        }
        if (!rc && (got_n != k || memcmp(got, fixed, (size_t)k)))
            rc = fg_set_error(FG_ESTATE, "viterbi vectors: frame %d: the step model's %ld bits differ from "
                              "fg_vit_fixed_run (%s)", f, got_n, args);
        for (int i = 0; i < k && !rc; i++) {
            const int64_t v = got[i];
            r.bit_errors += got[i] != fr.ref[i];
            rc = fg_vec_write(c.w, ids[2], &v, NULL);
        }
        if (!rc && memcmp(got, fr.ref, (size_t)k))
            r.frame_errors++;
        if (f == 0)
            r.cycles_frame0 = c.cycles - first;
    }
    memset(&in, 0, sizeof in);
    for (int i = 0; i < 2 && !rc; i++) /* idle after the last frame */
        rc = cycle(&c, h, &in, &o);
    if (!rc && fg_vit_hw_faults(h))
        rc = fg_set_error(FG_ESTATE, "viterbi vectors: %ld timing faults in the step model", fg_vit_hw_faults(h));
    if (!rc) {
        r.trace_cycles = c.cycles;
        fg_vec_count(c.w, "trace_cycles", r.trace_cycles);
        fg_vec_count(c.w, "frames", p->frames);
        fg_vec_count(c.w, "stages_per_frame", T);
        fg_vec_count(c.w, "cycles_frame0", r.cycles_frame0);
        fg_vec_count(c.w, "bit_errors", r.bit_errors);
        fg_vec_count(c.w, "frame_errors", r.frame_errors);
        rc = fg_vec_writer_commit(c.w);
        c.w = NULL;
        if (!rc && res)
            *res = r;
    }
done:
    fg_vec_writer_abort(c.w);
    fg_vit_hw_destroy(h);
    fg_vit_dec_destroy(dec);
    fg_family_setup_free(&fs);
    fg_vec_layout_free(&lay);
    fg_frame_free(&fr), free(got), free(fixed), free(q), free(era), free(c.in_v), free(c.ex_v);
    return rc;
}
