/* fecforge frames <family>: the channel frames of a family (frame f of seed S at one point of its
 * channel, exactly the frames `ber` decodes) written as a frame file (fecforge/frames.h, docs/decode.md),
 * with their reference decisions: stimulus for a hardware decoder and the input of `decode`. */
#include "cli.h"
#include "cli_family.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/frames.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_opt_reals x;
    uint64_t seed;
    long long count, first;
    int threads, binary;
    char *out, *ref;
} frames_opts;

#define O(f) offsetof(frames_opts, f)
static fg_opt frames_table[] = {
    {"ebn0", 0, FG_OPT_SWEEP, O(x), -50, 100, 1, .meta = "X", .help = "the channel point of the frames",
     .flags = FG_OPT_REQUIRED},
    {"count", 0, FG_OPT_LLONG, O(count), 1, 1099511627776.0, .meta = "N", .help = "frames",
     .flags = FG_OPT_REQUIRED},
    {"first", 0, FG_OPT_LLONG, O(first), 0, 1099511627776.0, .def = "0", .meta = "F",
     .help = "index of the first frame (frame f of a ber run)"},
    {"seed", 0, FG_OPT_SEED, O(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {"threads", 0, FG_OPT_INT, O(threads), 1, FG_BER_WORKERS_MAX, .def = "1", .meta = "T",
     .help = "CPU threads making frames"},
    {"jobs", 0, FG_OPT_INT, 0, .alias_of = "threads"},
    {"encoding", 0, FG_OPT_CHOICE, O(binary), .words = "text|binary", .def = "text", .meta = "E",
     .help = "text: a frame per line; binary: little-endian records (large runs)"},
    {"out", 'o', FG_OPT_TEXT, O(out), .meta = "FILE", .help = "the frame file (channel LLRs)", .flags = FG_OPT_REQUIRED},
    {"ref", 0, FG_OPT_TEXT, O(ref), .meta = "FILE",
     .help = "also the reference decisions (a bits file: what a correct decoder decides)"},
    {NULL}};
#undef O

/* The header of a frame file of fi: llr (arithmetic of m) or reference bits. */
static fg_frames_header header_of(const fg_family_inst *fi, const fg_family_impl *m, int llr, long long count,
                                  int binary)
{
    fg_frames_header h;
    memset(&h, 0, sizeof h);
    snprintf(h.family, sizeof h.family, "%s", fi->family->name);
    snprintf(h.code, sizeof h.code, "%s", fi->code_name);
    h.fixed = m->input == FG_IMPL_QUANT;
    h.q_width = fi->q_width;
    h.q_frac = fi->q_frac;
    h.content = llr ? FG_FRAMES_LLR : FG_FRAMES_BITS;
    h.length = llr ? fi->n_rx_max : fi->dec_len;
    h.count = count;
    h.binary = binary;
    return h;
}

int fg_cmd_frames(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        FILE *o = argc < 2 ? stderr : stdout;
        fprintf(o, "usage: fecforge frames <family> [--options] --ebn0 X --count N -o FILE\n\n"
                   "The channel frames of a family (frame f of the seed at one point: the frames 'ber' decodes) as a\n"
                   "frame file (docs/decode.md), in the arithmetic of the implementation: stimulus for a hardware\n"
                   "decoder and the input of 'fecforge decode'.\n\nfamilies:\n");
        fg_cli_family_list(o);
        fprintf(o, "\n'fecforge frames <family> --help' lists the options.\n");
        return argc < 2 ? FG_EXIT_USAGE : FG_EXIT_OK;
    }
    const fg_family *f = fg_cli_family_find("frames", argv[1]);
    if (!f)
        return FG_EXIT_USAGE;
    fg_cli_family c;
    frames_opts v = {0};
    int rc = fg_cli_family_begin(&c, "frames", f);
    fg_cli_family_axis(f, &frames_table[0]);
    char examples[512];
    snprintf(examples, sizeof examples, "fecforge frames %s %s --%s %g --count 100 -o frames.txt --ref ref.txt",
             f->name, f->example_args ? f->example_args : "", f->channel->axis, fg_cli_family_example_x(f));
    c.spec.about = "The channel frames of a family as a frame file (docs/decode.md): frame f of --seed at the point\n"
                   "given, f from --first, exactly as 'ber' makes them; channel LLRs quantised to the bit-accurate\n"
                   "arithmetic when the implementation is bit-accurate (--fixed), real numbers otherwise.";
    c.spec.examples = examples;
    fg_cli_group(&c.spec, "frames", frames_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc - 1, argv + 1)) != 0) {
        fg_cli_family_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    fg_frames_writer *w = NULL, *wr = NULL;
    uint8_t *ref = NULL;
    double *llr = NULL;
    int32_t *llr_q = NULL;
    if (rc || (rc = fg_cli_family_open(&c, NULL)))
        goto out;
    const fg_family_inst *fi = &c.fi;
    const int fixed = c.impl->input == FG_IMPL_QUANT;
    fg_frames_header h = header_of(fi, c.impl, 1, v.count, v.binary);
    if (fg_frames_create(v.out, &h, &w)) {
        rc = fg_cli_usage_error(c.cmd, "-o: %s", fg_last_error());
        goto out;
    }
    h = header_of(fi, c.impl, 0, v.count, v.binary);
    if (v.ref && fg_frames_create(v.ref, &h, &wr)) {
        rc = fg_cli_usage_error(c.cmd, "--ref: %s", fg_last_error());
        goto out;
    }
    const int chunk = 4096;
    ref = malloc((size_t)chunk * fi->dec_len);
    llr = malloc(sizeof *llr * (size_t)chunk * fi->n_rx_max);
    llr_q = fixed ? malloc(sizeof *llr_q * (size_t)chunk * fi->n_rx_max) : NULL;
    if (!ref || !llr || (fixed && !llr_q)) {
        rc = fg_cli_fail(c.cmd, "out of memory");
        goto out;
    }
    for (long long done = 0; done < v.count && !rc;) {
        const int n = v.count - done < chunk ? (int)(v.count - done) : chunk;
        if (fg_family_frames(fi, v.seed, v.x.v[0], v.first + done, n, v.threads, ref, llr, llr_q, NULL)) {
            rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
            break;
        }
        for (int i = 0; i < n && !rc; i++) {
            const size_t o = (size_t)i * fi->n_rx_max;
            if (fg_frames_write(w, llr + o, llr_q ? llr_q + o : NULL, NULL, 0, NULL, NULL) ||
                (wr && fg_frames_write(wr, NULL, NULL, ref + (size_t)i * fi->dec_len, 0, NULL, NULL)))
                rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
        }
        done += n;
        fg_cli_progress(c.cmd, "frames", (long)done, (long)v.count);
    }
    fg_cli_progress_done();
    if (!rc) {
        const int r1 = fg_frames_commit(w), r2 = wr ? fg_frames_commit(wr) : 0;
        w = wr = NULL;
        if (r1 || r2)
            rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
    }
out:
    fg_frames_abort(w);
    fg_frames_abort(wr);
    free(ref);
    free(llr);
    free(llr_q);
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_family_end(&c);
    return rc;
}
