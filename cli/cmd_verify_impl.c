/* fecforge verify <family> --impl A --against B: two implementations of a family's decoder on the same
 * frames (the family's frame f of the seed at each point), frame by frame: decisions, work counts and,
 * where both give them, a-posteriori values. Bit-accurate pairs (fixed, cycle, gpu-fixed) must agree
 * exactly; float pairs agree statistically (docs/decode.md "verify"). A loop over the family table. */
#include "cli.h"
#include "cli_family.h"
#include "commands.h"
#include "fecforge/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *against;
    fg_opt_reals x;
    long long frames;
    uint64_t seed;
    int threads, json;
} verify_opts;

#define O(f) offsetof(verify_opts, f)
static fg_opt verify_table[] = {
    {"against", 0, FG_OPT_TEXT, O(against), .meta = "NAME", .def_text = "fixed for a bit-accurate --impl, else float",
     .help = "the implementation to compare with"},
    {"ebn0", 0, FG_OPT_SWEEP, O(x), -50, 100, 64, .def = "1,2,3", .meta = "LIST", .help = "the channel points"},
    {"frames", 0, FG_OPT_LLONG, O(frames), 1, 1099511627776.0, .def = "1000", .meta = "N", .help = "frames per point"},
    {"seed", 0, FG_OPT_SEED, O(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {"threads", 0, FG_OPT_INT, O(threads), 1, FG_BER_WORKERS_MAX, .def = "1", .meta = "T",
     .help = "CPU threads (frames and CPU decoders)"},
    {"jobs", 0, FG_OPT_INT, 0, .alias_of = "threads"},
    {"json", 0, FG_OPT_FLAG, O(json), .help = "one JSON object on stdout"},
    {NULL}};
#undef O

/* The decisions, work and app of count frames by one implementation. */
typedef struct {
    fg_family_decoder *d;
    uint8_t *bits, *erased;
    int32_t *work, *app_q;
    double *app;
    int64_t *counters; /* the family's further work counters (NULL: it has none) */
} side;

static void side_free(side *s)
{
    fg_family_decoder_destroy(s->d);
    free(s->bits);
    free(s->erased);
    free(s->work);
    free(s->app_q);
    free(s->app);
    free(s->counters);
}

/* app_len: values per frame compared (0: not both implementations give them) */
static int side_alloc(side *s, const fg_family_inst *fi, int quant, int app_len, int n)
{
    s->bits = malloc((size_t)n * fi->dec_len);
    s->erased = malloc((size_t)n);
    s->work = malloc(sizeof *s->work * (size_t)n);
    const size_t nx = (size_t)fg_family_counters(fi->family) - 1;
    s->counters = nx ? malloc(sizeof *s->counters * (size_t)n * nx) : NULL;
    if (app_len && quant)
        s->app_q = malloc(sizeof *s->app_q * (size_t)n * app_len);
    if (app_len && !quant)
        s->app = malloc(sizeof *s->app * (size_t)n * app_len);
    return s->bits && s->erased && s->work && (!nx || s->counters) && (!app_len || s->app_q || s->app) ? 0 : -1;
}

typedef struct {
    double x;
    long long frames, fe_a, fe_b, diff_bits_frames, diff_work, diff_app;
    double app_max;
    int mismatch;                 /* bit-accurate: first mismatch found */
    long long mm_frame;
    char mm_what[160];
} point_result;

int fg_cli_verify_family_option(const fg_family *f, const char *word)
{
    fg_cli_family c;
    verify_opts v = {0};
    const fg_opt *o = NULL;
    if (!fg_cli_family_begin(&c, "verify", f)) {
        fg_cli_channel_axis(f->channel, &verify_table[1]);
        fg_cli_group(&c.spec, "verify", verify_table, &v);
        o = fg_opts_find(&(fg_opts){.groups = c.spec.groups, .n_groups = c.spec.n_groups}, word);
    }
    fg_cli_family_end(&c);
    int choice = o == &verify_table[0]; /* --against */
    for (const fg_opt *d = fg_cli_device_group; o && d->name; d++)
        choice |= o == d;
    return o ? 1 + choice : 0;
}

int fg_cli_verify_family(const fg_family *f, int argc, char **argv)
{
    fg_cli_family c;
    verify_opts v = {0};
    int rc = fg_cli_family_begin(&c, "verify", f);
    fg_cli_channel_axis(f->channel, &verify_table[1]);
    char examples[512] = "";
    const char *a = f->example_args ? f->example_args : "";
    /* two CPU implementations of one arithmetic (the cycle model against the bit-accurate one, if any) */
    const fg_family_impl *all[FG_FAMILY_IMPLS_MAX], *p0 = NULL, *p1 = NULL;
    const int n_impl = fg_family_impls(f, all, FG_FAMILY_IMPLS_MAX);
    for (int i = n_impl - 1; i >= 0 && !p1; i--)
        for (int k = 0; k < i && !p1 && !all[i]->gpu; k++)
            if (!all[k]->gpu && all[k]->input == all[i]->input)
                p0 = all[i], p1 = all[k];
    int n_ex = 0;
    if (p1)
        n_ex = snprintf(examples, sizeof examples, "fecforge verify %s %s --impl %s --against %s --frames 20", f->name,
                        a, p0->name, p1->name);
    if (fg_cli_family_has_gpu(f) && n_ex >= 0 && (size_t)n_ex < sizeof examples)
        snprintf(examples + n_ex, sizeof examples - (size_t)n_ex, "%sfecforge verify %s %s --device gpu --frames 100000",
                 n_ex ? "\n" : "", f->name, a);
    c.spec.about = "Two implementations of the decoder on the same frames (frame f of --seed at each point, as 'ber'\n"
                   "makes them), frame by frame. Bit-accurate pairs (fixed, cycle, gpu-fixed) must give equal\n"
                   "decisions, work counts and a-posteriori values: the first difference is printed and the\n"
                   "command exits 1. Float pairs are compared for information (frames whose decisions differ, the\n"
                   "largest APP difference); they fail only when their frame errors differ by more than\n"
                   "5 sqrt(N p (1-p)) + 2 frames.";
    c.spec.examples = examples[0] ? examples : NULL;
    c.spec.exits = "0 equal (float: within the band), 1 mismatch or runtime failure, 2 usage error, 128+N "
                   "interrupted by signal N";
    fg_cli_group(&c.spec, "verify", verify_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc, argv)) != 0) {
        fg_cli_family_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    side A = {0}, B = {0};
    uint8_t *ref = NULL, *rx = NULL;
    double *llr = NULL;
    int32_t *llr_q = NULL;
    int *n_rx = NULL;
    point_result *res = NULL;
    if (rc)
        goto out;
    /* the default partner: the C model of the same arithmetic */
    const char *against = v.against;
    if (!against) {
        const char *name = c.dev.impl ? c.dev.impl : fg_cli_family_impl_for(&c);
        const fg_family_impl *m = fg_family_impl_find(f, name);
        against = m && m->input == FG_IMPL_QUANT ? "fixed" : "float";
        if (m && (!strcmp(m->name, against) || !fg_family_impl_find(f, against))) {
            /* the C model of that arithmetic is m itself, or has no such name: the family's next CPU
             * implementation of m's input (the cycle model of a bit-accurate decoder) */
            against = NULL;
            for (int i = 0; i < c.n_impls && !against; i++)
                if (c.impls[i] != m && !c.impls[i]->gpu && c.impls[i]->input == m->input &&
                    (m->input != FG_IMPL_QUANT || strcmp(m->name, "fixed") || !strcmp(c.impls[i]->name, "cycle") ||
                     !fg_family_impl_find(f, "cycle")))
                    against = c.impls[i]->name;
            if (!against) {
                rc = fg_cli_usage_error(c.cmd, "--against: name the implementation to compare %s with", m->name);
                goto out;
            }
        }
    }
    if ((rc = fg_cli_family_open(&c, against)))
        goto out;
    const fg_family_inst *fi = &c.fi;
    /* what the pair takes (both the same: fg_cli_family_open), and how the two are compared: the looser */
    const int quant = c.impl->input == FG_IMPL_QUANT, hard = c.impl->input == FG_IMPL_BITS, int_app = quant || hard;
    const fg_impl_compare cmp = c.impl->compare < c.against->compare ? c.impl->compare : c.against->compare;
    const double tol = c.impl->tolerance > c.against->tolerance ? c.impl->tolerance : c.against->tolerance;
    const int exact = cmp == FG_COMPARE_EXACT, close = cmp != FG_COMPARE_STATISTICAL;
    static const char *const cmp_word[] = {"statistical", "tolerance", "exact"};
    const int app_len = c.impl->no_app || c.against->no_app ? 0 : fi->app_len;
    if (c.impl == c.against) {
        rc = fg_cli_usage_error(c.cmd, "--against=%s is --impl itself: name another implementation", against);
        goto out;
    }
    int wa = 0, wb = 0;
    if ((rc = fg_cli_family_workers(&c, c.impl, v.threads, &wa)) ||
        (rc = fg_cli_family_workers(&c, c.against, v.threads, &wb)))
        goto out;
    if (fg_family_decoder_create(fi, c.impl, fg_cli_family_icfg(&c, c.impl), wa, &A.d) ||
        fg_family_decoder_create(fi, c.against, fg_cli_family_icfg(&c, c.against), wb, &B.d)) {
        rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
        goto out;
    }
    int batch = fg_family_decoder_batch(A.d) > fg_family_decoder_batch(B.d) ? fg_family_decoder_batch(A.d)
                                                                             : fg_family_decoder_batch(B.d);
    batch *= 2;
    const size_t nr = (size_t)batch * fi->n_rx_max;
    ref = malloc((size_t)batch * fi->dec_len);
    llr = !quant && !hard ? malloc(sizeof *llr * nr) : NULL;
    llr_q = quant ? malloc(sizeof *llr_q * nr) : NULL;
    rx = hard ? malloc(nr) : NULL;
    n_rx = malloc(sizeof *n_rx * (size_t)batch);
    res = calloc((size_t)v.x.n, sizeof *res);
    fg_channel_point pt;
    if (!ref || !(llr || llr_q || rx) || !n_rx || !res || side_alloc(&A, fi, int_app, app_len, batch) ||
        side_alloc(&B, fi, int_app, app_len, batch)) {
        rc = fg_cli_fail(c.cmd, "out of memory");
        goto out;
    }
    fg_cli_coop_begin();
    int failed = 0, n_points = 0;
    const double t0 = fg_cli_now();
    for (int p = 0; p < v.x.n && !rc && !fg_cli_stopped(); p++) {
        point_result *r = &res[p];
        r->x = v.x.v[p];
        n_points++;
        if (fg_family_point(fi, r->x, &pt)) {
            rc = fg_cli_usage_error(c.cmd, "%s", fg_last_error());
            break;
        }
        for (long long first = 0; first < v.frames && !rc && !fg_cli_stopped();) {
            const int n = v.frames - first < batch ? (int)(v.frames - first) : batch;
            fg_decode_io ia = {.count = n,
                               .llr = llr,
                               .llr_q = llr_q,
                               .rx = rx,
                               .n_rx = n_rx,
                               .point = &pt,
                               .bits = A.bits,
                               .app = A.app,
                               .app_q = A.app_q,
                               .work = A.work,
                               .erased = A.erased,
                               .counters = A.counters},
                         ib = ia;
            ib.bits = B.bits, ib.app = B.app, ib.app_q = B.app_q, ib.work = B.work, ib.erased = B.erased;
            ib.counters = B.counters;
            if (fg_family_frames(fi, v.seed, r->x, first, n, v.threads, ref, llr, llr_q, rx, n_rx) ||
                fg_family_decoder_run(A.d, &ia) || fg_family_decoder_run(B.d, &ib)) {
                rc = fg_cli_fail(c.cmd, "%s %g: frames from %lld: %s", f->channel->axis_label, r->x, first,
                                 fg_last_error());
                break;
            }
            for (int i = 0; i < n; i++) {
                const uint8_t *rf = ref + (size_t)i * fi->dec_len;
                r->fe_a += A.erased[i] || memcmp(A.bits + (size_t)i * fi->dec_len, rf, (size_t)fi->dec_len) != 0;
                r->fe_b += B.erased[i] || memcmp(B.bits + (size_t)i * fi->dec_len, rf, (size_t)fi->dec_len) != 0;
                fg_frame_diff d; /* every decision, work counter, erasure flag and APP value */
                fg_family_frame_diff(fi, &ia, &ib, i, app_len, exact ? 0.0 : tol, c.impl->name, c.against->name, &d);
                r->app_max = d.app_max > r->app_max ? d.app_max : r->app_max;
                r->diff_bits_frames += d.bit >= 0;
                r->diff_work += d.counter >= 0;
                r->diff_app += d.app >= 0;
                if (close && !r->mismatch && d.what[0]) {
                    r->mismatch = 1;
                    r->mm_frame = first + i;
                    snprintf(r->mm_what, sizeof r->mm_what, "%s", d.what);
                }
            }
            first += n;
            r->frames = first;
            fg_cli_progress_text(0, "fecforge %s: %s %g: %lld/%lld frames, %.0f frames/s", c.cmd, f->channel->axis_label,
                                 r->x, first, v.frames, first / (fg_cli_now() - t0 + 1e-9));
            if (close && r->mismatch)
                break; /* the first difference is the finding */
        }
        fg_cli_progress_done();
        if (close)
            failed |= r->mismatch || r->diff_bits_frames || r->diff_work || (exact && r->diff_app);
        else {
            const double q = r->frames ? (double)r->fe_b / (double)r->frames : 0;
            failed |= fabs((double)(r->fe_a - r->fe_b)) > 5 * sqrt((double)r->frames * q * (1 - q)) + 2;
        }
        if (close && r->mismatch)
            break;
    }
    fg_cli_coop_end();
    const double elapsed = fg_cli_now() - t0;
    const int stopped = fg_cli_stopped();
    if (!rc) {
        long long total = 0;
        for (int p = 0; p < n_points; p++)
            total += res[p].frames;
        if (v.json) {
            fg_json j;
            fg_json_begin(&j, stdout);
            fg_json_obj_open(&j, NULL);
            fg_json_provenance(&j, &v.seed);
            fg_json_str(&j, "command", c.cmd);
            fg_cli_json_parameters(&c.spec, &j);
            f->describe(fi, c.impl, &j);
            fg_json_str(&j, "impl", c.impl->name);
            fg_json_str(&j, "against", c.against->name);
            fg_json_str(&j, "comparison", cmp_word[cmp]);
            if (cmp == FG_COMPARE_TOLERANCE)
                fg_json_num(&j, "tolerance", tol);
            fg_json_arr_open(&j, "points");
            for (int p = 0; p < n_points; p++) {
                const point_result *r = &res[p];
                fg_json_obj_open(&j, NULL);
                j.pretty = 0;
                fg_json_num(&j, f->channel->axis, r->x);
                fg_json_int(&j, "frames", r->frames);
                fg_json_int(&j, "frame_errors_impl", r->fe_a);
                fg_json_int(&j, "frame_errors_against", r->fe_b);
                fg_json_int(&j, "frames_decisions_differ", r->diff_bits_frames);
                fg_json_int(&j, "frames_work_differs", r->diff_work);
                if (app_len) {
                    fg_json_int(&j, "frames_app_differs", r->diff_app);
                    fg_json_num(&j, "app_max_difference", r->app_max);
                }
                if (r->mismatch) {
                    fg_json_int(&j, "first_mismatch_frame", r->mm_frame);
                    fg_json_str(&j, "first_mismatch", r->mm_what);
                }
                fg_json_obj_close(&j);
                j.pretty = 1;
            }
            fg_json_arr_close(&j);
            fg_json_int(&j, "frames", total);
            fg_json_num(&j, "elapsed_s", elapsed);
            fg_json_bool(&j, "match", !failed && !stopped);
            if (stopped)
                fg_json_int(&j, "interrupted_by_signal", stopped);
            fg_json_obj_close(&j);
            fg_json_end(&j);
        } else {
            printf("%s %s: %s against %s on the same frames (%s%s)\n", f->name, fi->code_name, c.impl->name,
                   c.against->name, exact ? "bit-accurate: every value must be equal"
                                    : close ? "equal decisions, a-posteriori values within the tolerance"
                                            : "float: statistical",
                   app_len ? "" : "; no a-posteriori values to compare");
            printf("%8s %10s %10s %10s %12s %10s %10s %12s\n", f->channel->axis_label, "frames", "FE impl", "FE against",
                   "bits differ", "work diff", "app diff", "max |app|");
            for (int p = 0; p < n_points; p++) {
                const point_result *r = &res[p];
                char x[32];
                snprintf(x, sizeof x, f->channel->axis_format, r->x);
                printf("%8s %10lld %10lld %10lld %12lld %10lld", x, r->frames, r->fe_a, r->fe_b,
                       r->diff_bits_frames, r->diff_work);
                if (app_len)
                    printf(" %10lld %12g\n", r->diff_app, r->app_max);
                else
                    printf(" %10s %12s\n", "-", "-");
                if (r->mismatch)
                    printf("  first mismatch: frame %lld, %s\n", r->mm_frame, r->mm_what);
            }
            printf("%lld frames in %.1f s: %s\n", total, elapsed,
                   stopped ? "interrupted" : failed ? "MISMATCH" : exact ? "equal" : close ? "within the tolerance"
                                                                                   : "within the band");
        }
        rc = stopped ? 128 + stopped : failed ? FG_EXIT_FAIL : FG_EXIT_OK;
    }
out:
    side_free(&A);
    side_free(&B);
    free(ref);
    free(llr);
    free(llr_q);
    free(rx);
    free(n_rx);
    free(res);
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_family_end(&c);
    return rc;
}
