/* fecforge-toy: the fecforge command with a family of this program's own, declared through
 * fecforge/family.h alone (cli/tests/toy_family.sh runs ber, bench, frames, decode, compare and verify on
 * it; not one line of cli/ knows it). The family: a repetition code, each of k bits sent r times over
 * BPSK/AWGN; its decoders add the r LLRs of a bit. Its bit error rate is that of uncoded BPSK,
 * Q(sqrt(2 Eb/N0)), whatever r: the test checks the physics too.
 *
 * Implementations: float (the sum in order), float-tree (pairwise sums: other roundings, statistically
 * equal), fixed (the sum of the quantised LLRs, saturated to the channel width plus the bits the
 * repetitions add; a zero sum is an erasure: the decoder cannot decide and says so) and fixed-serial
 * (the same integer sum in reverse order: bit-exact with fixed). */
#include "cli.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "toy_channels.h"
#include "toy_design.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int k, rep; /* first, as fg_toy_rep_encode reads them */
    int fixed, q_width, q_frac;
} toy_cfg;

#define O(f) offsetof(toy_cfg, f)
static const fg_opt toy_opts[] = {
    {"k", 0, FG_OPT_INT, O(k), 1, 65536, .def = "64", .meta = "K", .help = "information bits per frame"},
    {"rep", 0, FG_OPT_INT, O(rep), 1, 64, .def = "3", .meta = "R", .help = "times each bit is sent"},
    {"fixed", 0, FG_OPT_FLAG, O(fixed), .help = "the bit-accurate decoders: LLRs quantised to --q-width bits"},
    {"q-width", 0, FG_OPT_INT, O(q_width), 2, 16, .def = "6", .meta = "W", .help = "channel LLR bits"},
    {"q-frac", 0, FG_OPT_INT, O(q_frac), 0, 15, .def = "2", .meta = "F", .help = "their fractional bits"},
    {NULL}};
#undef O
static const fg_opt_part toy_parts[] = {{"repetition code", toy_opts, 0}, {NULL, NULL, 0}};

static void toy_cfg_default(void *p) { memset(p, 0, sizeof(toy_cfg)); }

static int toy_open(const void *cfgp, const fg_opts *given, const fg_family_impl *impl, fg_family_inst *fi)
{
    const toy_cfg *c = cfgp;
    if (c->q_frac >= c->q_width)
        return fg_set_error(FG_EINVAL, "%s=%d out of range [0, %d] (below --q-width)", fg_opts_name(given, &c->q_frac),
                            c->q_frac, c->q_width - 1);
    if (c->fixed != (impl->input == FG_IMPL_QUANT))
        return fg_set_error(FG_EINVAL, "--impl=%s is %s: %s", impl->name,
                            impl->input == FG_IMPL_QUANT ? "bit-accurate" : "float",
                            c->fixed ? "drop --fixed" : "add --fixed");
    toy_cfg *s = malloc(sizeof *s);
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory");
    *s = *c;
    fi->state = s;
    fi->k = fi->dec_len = fi->app_len = c->k;
    fi->n = fi->n_rx_max = c->k * c->rep;
    fi->rate = 1.0 / c->rep;
    fi->q_width = c->fixed ? c->q_width : 0;
    fi->q_frac = c->fixed ? c->q_frac : 0;
    snprintf(fi->code_name, sizeof fi->code_name, "rep%d-%d", c->rep, c->k);
    return 0;
}

static void toy_close(fg_family_inst *fi)
{
    free(fi->state);
    fi->state = NULL;
}

static const char *toy_impl_for(const void *cfgp, int gpu)
{
    (void)gpu;
    return ((const toy_cfg *)cfgp)->fixed ? "fixed" : "float";
}

static void toy_describe(const fg_family_inst *fi, const fg_family_impl *impl, fg_json *j)
{
    const toy_cfg *c = fi->state;
    fg_toy_rep_code_json(fi, j);
    fg_json_obj_open(j, "decoder");
    fg_json_str(j, "name", impl->name);
    fg_json_bool(j, "fixed", c->fixed);
    fg_json_obj_close(j);
}

static void toy_label(const fg_family_inst *fi, const fg_family_impl *impl, char *buf, size_t n)
{
    snprintf(buf, n, "%s %s", fi->code_name, impl->name);
}

/* ---- the decoders ---- */

static int toy_create(const fg_family_inst *fi, const void *icfg, int device, void **worker)
{
    (void)icfg, (void)device;
    *worker = fi->state; /* stateless: the configuration is all a decoder needs */
    return 0;
}

static void toy_destroy(void *worker) { (void)worker; }

static double sum_tree(const double *v, int n)
{
    return n == 1 ? v[0] : sum_tree(v, n / 2) + sum_tree(v + n / 2, n - n / 2);
}

static int decode_real(void *worker, const fg_decode_io *io, int tree)
{
    const toy_cfg *c = worker;
    const int n = c->k * c->rep;
    for (int f = 0; f < io->count; f++)
        for (int i = 0; i < c->k; i++) {
            const double *l = io->llr + (size_t)f * n + (size_t)i * c->rep;
            double s = 0;
            if (tree)
                s = sum_tree(l, c->rep);
            else
                for (int r = 0; r < c->rep; r++)
                    s += l[r];
            io->bits[(size_t)f * c->k + i] = s < 0;
            if (io->app)
                io->app[(size_t)f * c->k + i] = s;
            if (io->work && i == 0)
                io->work[f] = c->rep;
            if (io->erased && i == 0)
                io->erased[f] = 0;
        }
    return 0;
}

static int toy_float(void *worker, const fg_decode_io *io) { return decode_real(worker, io, 0); }
static int toy_float_tree(void *worker, const fg_decode_io *io) { return decode_real(worker, io, 1); }

static int decode_quant(void *worker, const fg_decode_io *io, int reverse)
{
    const toy_cfg *c = worker;
    const int n = c->k * c->rep;
    int grow = 0;
    while ((1 << grow) < c->rep)
        grow++;
    const int32_t max = (1 << (c->q_width + grow - 1)) - 1;
    for (int f = 0; f < io->count; f++) {
        int erased = 1;
        for (int i = 0; i < c->k; i++) {
            const int32_t *l = io->llr_q + (size_t)f * n + (size_t)i * c->rep;
            int32_t s = 0;
            for (int r = 0; r < c->rep; r++)
                s += l[reverse ? c->rep - 1 - r : r]; /* no overflow: the width grows with the sum */
            s = s > max ? max : s < -max ? -max : s;
            erased &= s == 0;
            io->bits[(size_t)f * c->k + i] = s < 0;
            if (io->app_q)
                io->app_q[(size_t)f * c->k + i] = s;
        }
        if (io->work)
            io->work[f] = c->rep;
        if (io->erased)
            io->erased[f] = (uint8_t)erased;
    }
    return 0;
}

static int toy_fixed(void *worker, const fg_decode_io *io) { return decode_quant(worker, io, 0); }
static int toy_fixed_serial(void *worker, const fg_decode_io *io) { return decode_quant(worker, io, 1); }

static const fg_family_impl impl_float = {.name = "float", .summary = "the LLRs of a bit added in order",
                                          .input = FG_IMPL_REAL, .create = toy_create, .destroy = toy_destroy,
                                          .decode = toy_float};
static const fg_family_impl impl_float_tree = {.name = "float-tree", .summary = "added as a tree of pairs",
                                               .input = FG_IMPL_REAL, .create = toy_create,
                                               .destroy = toy_destroy, .decode = toy_float_tree};
static const fg_family_impl impl_fixed = {.name = "fixed", .summary = "the quantised LLRs added, saturated",
                                          .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT, .create = toy_create, .destroy = toy_destroy,
                                          .decode = toy_fixed};
static const fg_family_impl impl_fixed_serial = {.name = "fixed-serial", .summary = "the same, in reverse order",
                                                 .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT, .create = toy_create,
                                                 .destroy = toy_destroy, .decode = toy_fixed_serial};
static const fg_family_impl *const toy_impls[] = {&impl_float, &impl_float_tree, &impl_fixed, &impl_fixed_serial,
                                                  NULL};

static const fg_family toy = {
    .name = "toy",
    .summary = "a repetition code over BPSK/AWGN (a test's family: cli/tests/toy_family.c)",
    .about = "Each of --k bits is sent --rep times; the decoders add a bit's LLRs. The bit error rate is that\n"
             "of uncoded BPSK, Q(sqrt(2 Eb/N0)), for any --rep.",
    .examples = "fecforge ber toy --k 64 --rep 3 --ebn0 0:2:4 --max-frames 200",
    .example_args = "--k 64 --rep 3 --fixed",
    .parts = toy_parts,
    .cfg_size = sizeof(toy_cfg),
    .cfg_default = toy_cfg_default,
    .open = toy_open,
    .close = toy_close,
    .impl_for = toy_impl_for,
    .channel = &fg_channel_awgn,
    .encode = fg_toy_rep_encode,
    .describe = toy_describe,
    .label = toy_label,
    .work_name = "avg_llrs_per_bit",
    .work_div = 1.0,
    .erasures = 1,
    .impls = toy_impls,
};

int main(int argc, char **argv)
{
    if (fg_family_register(&toy) || fg_family_register(&fg_toy_bsc) || fg_family_register(&fg_toy_bsid) ||
        fg_toy_design_register()) {
        fprintf(stderr, "fecforge-toy: %s\n", fg_last_error());
        return FG_EXIT_FAIL;
    }
    return fg_cli_main(argc, argv);
}
