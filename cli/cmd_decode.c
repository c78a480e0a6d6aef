/* fecforge decode <family>: a user's frames (a frame file, docs/decode.md: captured from an FPGA or a
 * simulator, or made by `fecforge frames`) through any implementation of the family, bit-exactly: the
 * decisions, work counts and optionally the a-posteriori values, as a frame file that `fecforge
 * compare` checks against the hardware's own decisions. */
#include "cli.h"
#include "cli_family.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/frames.h"
#include "fecforge/input.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char *in, *out;
    int app, threads, encoding;
} decode_opts;

#define O(f) offsetof(decode_opts, f)
static const fg_opt decode_table[] = {
    {"in", 0, FG_OPT_TEXT, O(in), .meta = "FRAMES", .help = "the frame file of channel LLRs ('-': standard input)",
     .flags = FG_OPT_REQUIRED | FG_OPT_PATH_IN},
    {"out", 'o', FG_OPT_TEXT, O(out), .meta = "FILE", .help = "the decisions (a frame file of bits and work counts)",
     .flags = FG_OPT_REQUIRED | FG_CLI_OUT},
    {"app", 0, FG_OPT_FLAG, O(app), .help = "also the a-posteriori values of every frame"},
    {"threads", 0, FG_OPT_INT, O(threads), 1, FG_BER_WORKERS_MAX, .def = "1", .meta = "T",
     .help = "CPU threads (a GPU implementation uses --gpus)"},
    {"jobs", 0, FG_OPT_INT, 0, .alias_of = "threads"},
    {"encoding", 0, FG_OPT_CHOICE, O(encoding), .words = "input|text|binary", .def = "input", .meta = "E",
     .help = "of the output: that of the input, text or binary"},
    {NULL}};
#undef O

/* The input file's header against the instance: usage errors naming what differs. */
static int check_input(const fg_cli_family *c, const char *path, const fg_frames_header *h)
{
    const fg_family_inst *fi = &c->fi;
    const int fixed = c->impl->input == FG_IMPL_QUANT, hard = c->impl->input == FG_IMPL_BITS;
    if (h->content != FG_FRAMES_LLR)
        return fg_cli_usage_error(c->cmd, "--in=%s holds decisions, not what a channel gave", path);
    if (h->channel[0] && strcmp(h->channel, fi->channel->name))
        return fg_cli_usage_error(c->cmd, "--in=%s holds frames of channel %s; the family's is %s", path, h->channel,
                                  fi->channel->name);
    if (h->hard != hard)
        return fg_cli_usage_error(c->cmd, "--in=%s holds %s; the implementation %s takes %s", path,
                                  h->hard ? "received bits" : "LLRs", c->impl->name, hard ? "received bits" : "LLRs");
    if (strcmp(h->family, c->f->name))
        return fg_cli_usage_error(c->cmd, "--in=%s holds frames of family %s, not %s", path, h->family, c->f->name);
    if (strcmp(h->code, fi->code_name))
        return fg_cli_usage_error(c->cmd, "--in=%s holds frames of code %s; the options give %s", path, h->code,
                                  fi->code_name);
    if (h->fixed != fixed)
        return fg_cli_usage_error(c->cmd, "--in=%s holds %s LLRs; the implementation %s takes %s ones%s", path,
                                  h->fixed ? "quantised" : "real", c->impl->name, fixed ? "quantised" : "real",
                                  fixed ? " (drop --fixed, or make the frames with it)" : " (add --fixed)");
    if (fixed && (h->q_width != fi->q_width || h->q_frac != fi->q_frac))
        return fg_cli_usage_error(c->cmd, "--in=%s holds LLRs of %d bits with %d fractional; the options give %d and %d",
                                  path, h->q_width, h->q_frac, fi->q_width, fi->q_frac);
    if (h->variable ? h->length > fi->n_rx_max : h->length != fi->n_rx_max)
        return fg_cli_usage_error(c->cmd, "--in=%s has frames of %s%d values; the code's are %s%d", path,
                                  h->variable ? "at most " : "", h->length, fi->channel->variable_length ? "at most " : "",
                                  fi->n_rx_max);
    if (h->code_digest && fi->code_digest && h->code_digest != fi->code_digest)
        return fg_cli_usage_error(c->cmd, "--in=%s: code digest %016llx differs from %016llx of the options' code %s "
                                          "(another code of the same name)", path, (unsigned long long)h->code_digest,
                                  (unsigned long long)fi->code_digest, fi->code_name);
    return 0;
}

/* The channel point a file's header records (its axis and parameters, by key), for the decoders that need
 * it; 0 when it records none (io.point stays NULL), 1 with pt. */
static int header_point(const fg_family_inst *fi, const fg_frames_header *h, fg_channel_point *pt)
{
    const fg_channel *ch = fi->channel;
    if (!h->n_point || strcmp(h->point_key[0], ch->axis))
        return 0;
    memset(pt, 0, sizeof *pt);
    pt->channel = ch;
    pt->x = h->point[0];
    pt->rate = fi->rate;
    for (int i = 0; i < FG_CHANNEL_PARAMS_MAX && ch->param_keys[i]; i++) {
        int k = 1;
        while (k < h->n_point && strcmp(h->point_key[k], ch->param_keys[i]))
            k++;
        if (k == h->n_point)
            return 0; /* a parameter missing: no point */
        pt->v[i] = h->point[k];
    }
    return 1;
}

/* Every frame of a regular file, read once before anything is written: a bad value anywhere is a usage
 * error while the output is untouched. (Standard input cannot be read twice: its frames are checked as
 * they are decoded.) */
static int validate_all(const char *cmd, const char *path)
{
    if (!fg_in_is_regular(path))
        return 0;
    fg_frames_reader *r = NULL;
    int got = fg_frames_open(path, &r);
    while (!got && (got = fg_frames_read(r, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)) == 1)
        got = 0;
    fg_frames_close(r);
    return got < 0 ? fg_cli_usage_error(cmd, "--in: %s", fg_last_error()) : 0;
}

int fg_cmd_decode(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        FILE *o = argc < 2 ? stderr : stdout;
        fprintf(o, "usage: fecforge decode <family> [--options] --in FRAMES -o OUT\n\n"
                   "A user's frames through any implementation of a family, bit-exactly (docs/decode.md).\n\n"
                   "families:\n");
        fg_cli_family_list(o);
        fprintf(o, "\n'fecforge decode <family> --help' lists the options.\n");
        return argc < 2 ? FG_EXIT_USAGE : FG_EXIT_OK;
    }
    const fg_family *f = fg_cli_family_find("decode", argv[1]);
    if (!f)
        return FG_EXIT_USAGE;
    fg_cli_family c;
    decode_opts v = {0};
    int rc = fg_cli_family_begin(&c, "decode", f);
    char examples[768];
    const char *a = f->example_args ? f->example_args : "";
    snprintf(examples, sizeof examples,
             "fecforge frames %s %s --%s %s --count 100 -o frames.txt\n"
             "fecforge decode %s %s --in frames.txt -o decoded.txt",
             f->name, a, f->channel->axis, f->channel->axis_point, f->name, a);
    c.spec.about = "Decodes every frame of --in (a frame file: docs/decode.md; captured from hardware or made by\n"
                   "'fecforge frames') with the implementation the options choose (--impl, --fixed, --device), and\n"
                   "writes its decisions, work counts and (--app) a-posteriori values as a frame file. The input's\n"
                   "header must match the options (family, code and its digest, arithmetic, length) and every\n"
                   "frame must be valid; otherwise nothing is written (exit 2). A GPU implementation decodes\n"
                   "millions of frames bit-exactly with the C model.";
    c.spec.examples = examples;
    fg_cli_group(&c.spec, "decode", decode_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc - 1, argv + 1)) != 0) {
        fg_cli_family_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    fg_frames_reader *r = NULL;
    fg_frames_writer *w = NULL;
    fg_family_decoder *d = NULL;
    double *llr = NULL, *app = NULL;
    int32_t *llr_q = NULL, *app_q = NULL, *work = NULL;
    uint8_t *bits = NULL, *rxb = NULL, *erased = NULL;
    int *n_rx = NULL;
    int workers = 0;
    if (rc || (rc = fg_cli_family_open(&c, NULL)))
        goto out;
    const fg_family_inst *fi = &c.fi;
    if (v.app && (fi->app_len < 1 || c.impl->no_app)) {
        rc = fg_cli_usage_error(c.cmd, "--app: the %s implementation %s gives no a-posteriori values", f->name,
                                c.impl->name);
        goto out;
    }
    if (fg_frames_open(v.in, &r)) {
        rc = fg_cli_usage_error(c.cmd, "--in: %s", fg_last_error());
        goto out;
    }
    const fg_frames_header *hin = fg_frames_header_of(r);
    if ((rc = check_input(&c, v.in, hin)) || (rc = validate_all(c.cmd, v.in)))
        goto out;
    const int fixed = c.impl->input == FG_IMPL_QUANT, hard = c.impl->input == FG_IMPL_BITS;
    fg_channel_point pt;
    const int has_point = header_point(fi, hin, &pt);
    fg_frames_header h = *hin; /* the family, code and channel of the frames */
    h.content = FG_FRAMES_BITS;
    h.code_digest = fi->code_digest;
    h.hard = hard; /* a decoder of received bits gives integer app values */
    h.variable = 0;
    h.work = 1;
    h.erased = f->erasures;
    h.app = v.app;
    h.length = fi->dec_len;
    h.app_length = v.app ? fi->app_len : 0;
    h.binary = v.encoding == 0 ? hin->binary : v.encoding == 2;
    if ((rc = fg_cli_family_workers(&c, c.impl, v.threads, &workers)))
        goto out;
    if (fg_frames_create(v.out, &h, &w)) {
        rc = fg_cli_usage_error(c.cmd, "-o: %s", fg_last_error());
        goto out;
    }
    if (fg_family_decoder_create(fi, c.impl, fg_cli_family_icfg(&c, c.impl), workers, &d)) {
        rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
        goto out;
    }
    const int batch = fg_family_decoder_batch(d) * 4;
    const size_t rx = (size_t)batch * fi->n_rx_max;
    llr = fixed || hard ? NULL : malloc(sizeof *llr * rx);
    llr_q = fixed ? malloc(sizeof *llr_q * rx) : NULL;
    rxb = hard ? malloc(rx) : NULL;
    bits = malloc((size_t)batch * fi->dec_len);
    work = malloc(sizeof *work * (size_t)batch);
    erased = malloc((size_t)batch);
    n_rx = malloc(sizeof *n_rx * (size_t)batch);
    if (v.app && (fixed || hard))
        app_q = malloc(sizeof *app_q * (size_t)batch * fi->app_len);
    if (v.app && !fixed && !hard)
        app = malloc(sizeof *app * (size_t)batch * fi->app_len);
    if ((!llr && !llr_q && !rxb) || !bits || !work || !erased || !n_rx || (v.app && !app && !app_q)) {
        rc = fg_cli_fail(c.cmd, "out of memory for batches of %d frames", batch);
        goto out;
    }
    const double t0 = fg_cli_now();
    long long done = 0;
    for (int more = 1; more && !rc;) {
        int n = 0;
        while (n < batch) {
            const size_t o = (size_t)n * fi->n_rx_max;
            const int got = fg_frames_read(r, &n_rx[n], llr ? llr + o : NULL, llr_q ? llr_q + o : NULL,
                                           rxb ? rxb + o : NULL, NULL, NULL, NULL, NULL);
            if (got < 0) {
                rc = fg_cli_usage_error(c.cmd, "--in: %s", fg_last_error());
                break;
            }
            if (!got) {
                more = 0;
                break;
            }
            n++;
        }
        if (rc || !n)
            break;
        const fg_decode_io io = {.count = n,
                                 .llr = llr,
                                 .llr_q = llr_q,
                                 .rx = rxb,
                                 .n_rx = n_rx,
                                 .point = has_point ? &pt : NULL,
                                 .bits = bits,
                                 .app = app,
                                 .app_q = app_q,
                                 .work = work,
                                 .erased = erased};
        if (fg_family_decoder_run(d, &io)) {
            rc = fg_cli_fail(c.cmd, "frames from %lld: %s", done, fg_last_error());
            break;
        }
        for (int i = 0; i < n && !rc; i++) {
            const size_t ao = (size_t)i * fi->app_len;
            if (fg_frames_write(w, 0, NULL, NULL, bits + (size_t)i * fi->dec_len, work[i], erased[i],
                                app ? app + ao : NULL, app_q ? app_q + ao : NULL))
                rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
        }
        done += n;
        fg_cli_progress(c.cmd, "frames", (long)done, (long)hin->count);
    }
    fg_cli_progress_done();
    if (!rc) {
        rc = fg_frames_commit(w) ? fg_cli_fail(c.cmd, "%s", fg_last_error()) : FG_EXIT_OK;
        w = NULL;
        const double el = fg_cli_now() - t0;
        if (!rc)
            fprintf(stderr, "fecforge %s: %lld frames decoded by %s in %.2f s (%.0f frames/s)\n", c.cmd, done,
                    c.impl->name, el, el > 0 ? (double)done / el : 0.0);
    }
out:
    fg_frames_abort(w);
    fg_frames_close(r);
    fg_family_decoder_destroy(d);
    free(llr);
    free(llr_q);
    free(rxb);
    free(bits);
    free(work);
    free(erased);
    free(n_rx);
    free(app);
    free(app_q);
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_family_end(&c);
    return rc;
}
